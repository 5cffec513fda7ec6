// Tallies of the stress suite: names of the metrics, recording a check,
// merging threads' results (see checks.hpp).
#include "checks.hpp"

#include <algorithm>
#include <cstdio>

namespace sepax::stress {
namespace {

constexpr MetricInfo infos[] = {
    {"all queries", "finite answers, unit axes", Kind::error},
    {"sat::query", "decision (and mirrored)", Kind::decision},
    {"sat::query", "depth error", Kind::error},
    {"sat::query", "separation - distance", Kind::error},
    {"sat::query", "axis angle (rad)", Kind::error},
    {"sat::query", "mirror difference", Kind::error},
    {"sat::intersect", "decision", Kind::decision},
    {"sat box-box", "decision", Kind::decision},
    {"sat box-box", "depth error", Kind::error},
    {"sat box-box", "separation - distance", Kind::error},
    {"sat box-box", "vs general path", Kind::error},
    {"sat::Cache", "decision (query, intersect)", Kind::decision},
    {"sat::Cache", "miss: equals uncached", Kind::error},
    {"sat::Cache", "hit: separation - distance", Kind::error},
    {"sat::Cache", "resting: separation - uncached", Kind::error},
    {"sat::PairCache", "decision (query, intersect)", Kind::decision},
    {"sat::PairCache", "miss: equals uncached", Kind::error},
    {"sat::PairCache", "hit: separation - distance", Kind::error},
    {"sat::PairCache", "resting: separation - uncached", Kind::error},
    {"gjk::distance", "decision", Kind::decision},
    {"gjk::distance", "distance error (not converged: below)", Kind::error},
    {"gjk::intersect", "decision", Kind::decision},
    {"epa::query", "decision", Kind::decision},
    {"epa::query", "depth error (converged)", Kind::error},
    {"epa::query", "depth below true (not converged)", Kind::error},
    {"epa::query", "axis angle (rad, converged)", Kind::error},
    {"epa::query", "depth left after MTV", Kind::error},
    {"epa::query", "witness mismatch", Kind::error},
    {"crosscheck", "agree", Kind::error},
    {"crosscheck", "verdict", Kind::decision},
    {"sat::query", "info: intersecting in touching band", Kind::error},
    {"gjk::distance", "info: intersecting in touching band", Kind::error},
};
static_assert(std::size(infos) == std::size_t(Metric::count));

/// Ranking of a check: larger is worse.
double ratio_of(Kind kind, double value, double bound) {
  if (kind == Kind::decision) return value > 0 ? bound / value : 1e300;
  return value / bound;
}

/// Whether a check is ranked at all: errors without a bound are pass/fail.
bool ranked(Kind kind, double bound) {
  return kind == Kind::decision || bound > 0;
}

/// True when (ratio, index) ranks worse than the tally's current worst.
bool worse(const Tally& t, double ratio, std::uint64_t index) {
  if (!t.ranked) return true;
  return ratio > t.ratio || (ratio == t.ratio && index < t.worst.index);
}

void keep_lowest(std::vector<Failure>& list) {
  std::sort(list.begin(), list.end(),
            [](const Failure& u, const Failure& v) { return u.id.index < v.id.index; });
  if (list.size() > max_failures_kept) list.resize(max_failures_kept);
}

}  // namespace

const MetricInfo& metric_info(Metric m) {
  return infos[std::size_t(m)];
}

void Stats::check(Metric m, bool ok, double value, double bound, const CaseId& id,
                  const std::string& detail) {
  Tally& t = metrics[std::size_t(m)];
  const MetricInfo& info = metric_info(m);
  ++t.checked;
  const double ratio = ratio_of(info.kind, value, bound);
  if (ok && ranked(info.kind, bound) && worse(t, ratio, id.index))
    t.ranked = true, t.ratio = ratio, t.value = value, t.bound = bound, t.worst = id;
  if (!ok) {
    ++t.failed;
    t.failures.push_back({id, value, bound, detail});
    keep_lowest(t.failures);
  }
  if (verbose)
    std::printf("  %-4s %-15s %-34s value %.6g bound %.6g  %s\n", ok ? "ok" : "FAIL", info.query,
                info.name, value, bound, detail.c_str());
}

void Stats::merge(const Stats& o) {
  for (std::size_t i = 0; i < metrics.size(); ++i) {
    Tally& t = metrics[i];
    const Tally& u = o.metrics[i];
    t.checked += u.checked;
    t.failed += u.failed;
    if (u.ranked && worse(t, u.ratio, u.worst.index))
      t.ranked = true, t.ratio = u.ratio, t.value = u.value, t.bound = u.bound, t.worst = u.worst;
    t.failures.insert(t.failures.end(), u.failures.begin(), u.failures.end());
    keep_lowest(t.failures);
  }
  for (std::size_t c = 0; c < categories.size(); ++c) {
    CategoryTally& t = categories[c];
    const CategoryTally& u = o.categories[c];
    if (u.cases == 0) continue;
    t.min_scale = t.cases == 0 ? u.min_scale : std::min(t.min_scale, u.min_scale);
    t.cases += u.cases;
    t.positions += u.positions;
    t.rebuild_failed += u.rebuild_failed;
    t.reference_failed += u.reference_failed;
    t.intersecting += u.intersecting;
    t.separated += u.separated;
    t.in_band += u.in_band;
    t.boxes += u.boxes;
    t.cache_hits += u.cache_hits;
    t.resting_hits += u.resting_hits;
    t.epa_not_converged += u.epa_not_converged;
    t.gjk_not_converged += u.gjk_not_converged;
    t.touching_band_sat += u.touching_band_sat;
    t.touching_band_gjk += u.touching_band_gjk;
    t.max_scale = std::max(t.max_scale, u.max_scale);
    t.max_offset = std::max(t.max_offset, u.max_offset);
    t.seconds += u.seconds;
    t.wrong_decisions += u.wrong_decisions;
    t.sat_depth = std::max(t.sat_depth, u.sat_depth);
    t.sat_excess = std::max(t.sat_excess, u.sat_excess);
    t.gjk_distance = std::max(t.gjk_distance, u.gjk_distance);
    t.epa_depth = std::max(t.epa_depth, u.epa_depth);
  }
  reference_failures.insert(reference_failures.end(), o.reference_failures.begin(),
                            o.reference_failures.end());
  std::sort(reference_failures.begin(), reference_failures.end(),
            [](const CaseId& u, const CaseId& v) { return u.index < v.index; });
  if (reference_failures.size() > max_failures_kept) reference_failures.resize(max_failures_kept);
}

std::uint64_t Stats::failures() const {
  std::uint64_t n = 0;
  for (const Tally& t : metrics) n += t.failed;
  return n;
}

}  // namespace sepax::stress
