// Stress suite (issue #7): one case = one seeded pair moved to a random scale
// and offset, its brute-force reference computed once, and every query type
// checked against it. The tallies keep counts, failures and the worst case
// of each metric so that any of them can be reproduced from its category and
// seed (`stress --case CATEGORY/SEED`).
#pragma once

#include "pairs.hpp"
#include "reference.hpp"
#include "sepax/epa.hpp"
#include "sepax/sat_pair_cache.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace sepax::stress {

/// Which pair a case is, and how it was moved: everything needed to rebuild
/// it. `index` orders cases (the schedule's position), so that merged
/// results do not depend on how threads shared the work.
struct CaseId {
  pairs::Category category = pairs::Category::separated;
  std::uint64_t seed = 0;
  std::uint64_t index = 0;
  double scale = 1;   ///< extra scale of the whole pair (hulls and poses)
  double offset = 0;  ///< length of the common translation added to both poses
  /// Position of B: 0 = the pair's own pose; large_hulls pairs are also
  /// checked at random translations of B, 1, 2, ...
  int position = 0;
  /// The engine's situation (issue 29): the pair re-centred on A and scaled
  /// by a power of two to a size about 1, checked against the goals of
  /// docs/stress.md ("Situations") instead of the world bounds.
  bool engine = false;
};

/// One line for people: "deep/123 scale 4.2e+02 offset 3.1e+04".
[[nodiscard]] std::string describe(const CaseId& id);

/// A generated pair after its scale and offset.
struct Case {
  CaseId id;
  pairs::Pair pair;
  /// False when rebuilding a scaled hull failed (never expected; counted).
  bool ok = true;
};

/// The pair of `category` for `seed` (pairs::make_pair), scaled by a factor
/// log-uniform in [1e-3, 1e4] and translated by a common offset of up to 1e5,
/// where that makes sense (see stress.md and the comments in checks.cpp).
/// Deterministic: the scale and offset come from their own generator seeded
/// by category and seed. With `engine`, the pair is instead re-centred on A
/// (A's pose at the origin, B's relative to it) and scaled by the power of
/// two that brings its size nearest 1: exact in either precision, so the
/// hulls are make_pair's own, only moved.
[[nodiscard]] Case make_case(pairs::Category category, std::uint64_t seed, std::uint64_t index,
                             bool engine = false);

/// The metrics, grouped by query type (see metric_info for names).
enum class Metric : int {
  sane,                  ///< every answer finite, every axis unit
  sat_decision,          ///< sat::query (and the mirrored query) verdict
  sat_depth,             ///< sat::query depth error, overlapping
  sat_distance,          ///< sat::query separation beyond the distance, apart
  sat_axis,              ///< sat::query axis angle where the MTV is unique
  sat_mirror,            ///< |separation(A, B) - separation(B, A)|
  intersect_decision,    ///< sat::intersect verdict
  box_decision,          ///< two boxes: sat::query's 15-axis path, verdict
  box_depth,             ///< two boxes: depth error
  box_distance,          ///< two boxes: separation beyond the distance
  box_general,           ///< two boxes: 15-axis path against the general path
  cache_decision,        ///< sat::query and sat::intersect through a Cache, verdict
  cache_equal,           ///< cache miss: identical to the uncached query
  cache_hit_bound,       ///< cache hit: 0 < separation <= distance + tolerance
  cache_resting,         ///< resting-state answer: |separation - uncached| <= tolerance
  pair_cache_decision,   ///< PairCache (ids in reverse order), verdict
  pair_cache_equal,      ///< PairCache miss: identical to the mirrored uncached query
  pair_cache_hit_bound,  ///< PairCache hit: 0 < separation <= distance + tolerance
  pair_cache_resting,    ///< PairCache resting-state answer, against the mirrored query
  gjk_decision,          ///< gjk::distance verdict
  gjk_distance,          ///< gjk::distance error, apart
  gjk_intersect,         ///< gjk::intersect verdict
  epa_decision,          ///< epa::query verdict
  epa_depth,             ///< epa::query depth error, EPA converged
  epa_upper_bound,       ///< EPA not converged: depth below the true depth by
  epa_axis,              ///< EPA converged: axis angle where the MTV is unique
  epa_mtv,               ///< B moved by depth along the axis: depth left
  epa_witness,           ///< |point_b - point_a - separation * axis|
  crosscheck_agree,      ///< crosscheck() agrees
  verdict_decision,      ///< crosscheck()'s verdict (SAT, and GJK where SAT's bound is in band)
  /// Informational, never failing: a verdict "intersecting" that only the
  /// library's documented touching band allows (the reference separation is
  /// above the tests' band but within tol::touching, resp. tol::gjk_touch,
  /// of the pair's magnitude).
  sat_touching_band,
  gjk_touching_band,
  count
};

/// How a metric's worst case is ranked.
enum class Kind {
  decision,  ///< value |reference separation|, bound the band edge; worst = nearest the band
  error,     ///< value an error, bound its limit; worst = largest value / bound
};

struct MetricInfo {
  const char* query;  ///< query type, e.g. "sat::query"
  const char* name;   ///< metric, e.g. "depth error"
  Kind kind;
};

[[nodiscard]] const MetricInfo& metric_info(Metric m);

/// A case that failed a metric: what was measured and the bound it broke.
struct Failure {
  CaseId id;
  double value = 0;
  double bound = 0;
  std::string detail;
};

/// Counts and extremes of one metric.
struct Tally {
  std::uint64_t checked = 0;
  std::uint64_t failed = 0;
  /// Worst case (largest ratio; ties to the lowest index), when `ranked`.
  bool ranked = false;
  double ratio = 0;
  double value = 0;
  double bound = 0;
  CaseId worst;
  /// The failures with the lowest indices (at most max_failures_kept).
  std::vector<Failure> failures;
};

/// Failures kept per metric for the report.
inline constexpr std::size_t max_failures_kept = 8;

/// What each category's cases turned out to be, and what they cost.
struct CategoryTally {
  std::uint64_t cases = 0;
  std::uint64_t positions = 0;  ///< positions of B checked (cases, or more for large hulls)
  std::uint64_t rebuild_failed = 0;
  std::uint64_t reference_failed = 0;
  std::uint64_t intersecting = 0;  ///< outside SAT's band, reference overlapping
  std::uint64_t separated = 0;     ///< outside SAT's band, reference apart
  std::uint64_t in_band = 0;       ///< inside SAT's band (either verdict right)
  std::uint64_t boxes = 0;         ///< both hulls boxes (15-axis path)
  std::uint64_t cache_hits = 0;    ///< sat::Cache hits, of the separating axis
  std::uint64_t resting_hits = 0;  ///< sat::Cache answers from the resting state
  std::uint64_t epa_not_converged = 0;
  std::uint64_t gjk_not_converged = 0;  ///< gjk::distance apart, status not converged
  /// Decisions that only the library's documented touching band (types.hpp,
  /// gjk.hpp) allows: the reference separation is above the tests' band but
  /// within tol::touching (SAT) or tol::gjk_touch (GJK/EPA) of the pair's
  /// magnitude, and the query said "intersecting".
  std::uint64_t touching_band_sat = 0;
  std::uint64_t touching_band_gjk = 0;
  double min_scale = 0, max_scale = 0, max_offset = 0;
  double seconds = 0;  ///< thread time spent on the category
  /// Decisions of SAT, GJK and EPA that contradict the reference outside
  /// their band (the failures of the decision metrics in this category).
  std::uint64_t wrong_decisions = 0;
  /// Worst errors relative to the pair's size, where the metric was checked:
  /// SAT's depth (overlapping), SAT's separation beyond the distance (apart),
  /// GJK's distance, EPA's depth (converged).
  double sat_depth = 0, sat_excess = 0, gjk_distance = 0, epa_depth = 0;
};

/// Everything one thread (or the whole run) found.
struct Stats {
  std::array<Tally, std::size_t(Metric::count)> metrics;
  /// One tally per category in the world situation, then one per category
  /// in the engine's (tally_of).
  std::vector<CategoryTally> categories =
      std::vector<CategoryTally>(2 * pairs::all_categories().size());
  [[nodiscard]] CategoryTally& tally_of(const CaseId& id) {
    return categories[std::size_t(id.category) + (id.engine ? pairs::all_categories().size() : 0)];
  }
  std::vector<CaseId> reference_failures;  ///< lowest indices, at most max_failures_kept
  /// Print every check as it is made (the --case mode).
  bool verbose = false;

  /// Records one check. For Kind::error the ratio value / bound ranks the
  /// worst case (bound <= 0: pass/fail only, not ranked); for
  /// Kind::decision bound / value does (the hardest pair decided).
  void check(Metric m, bool ok, double value, double bound, const CaseId& id,
             const std::string& detail = {});
  /// Adds another thread's results (order-independent).
  void merge(const Stats& other);
  /// Total failures over all metrics.
  [[nodiscard]] std::uint64_t failures() const;
};

/// Per-thread scratch, reused across cases: EPA's default polytope (the
/// size epa::workspace_vertices asks for on hulls of up to 64 vertices) and
/// a PairCache.
struct Scratch {
  epa::Workspace workspace;
  sat::PairCache pair_cache;
};

/// Builds the reference for the case and runs every check on it.
void check_case(const Case& c, Stats& stats, Scratch& scratch);

}  // namespace sepax::stress
