// SAT timings: the naive projection version, every edge pair, the Gauss-map
// pruned general path, the full query (box-box test on boxes), the full query
// with a cache on coherent motion, and the boolean intersect, on boxes and
// random hulls of 16 to 4096 vertices, each in three situations (separated,
// touching, overlapping).
//
// Every row first runs its method on all of its pairs and compares with
// sat::query_general (decision, and depth on overlapping pairs); the count of
// disagreements is a counter, and a row with any is skipped with an error
// instead of being timed. The rows' work counters (axes, support calls, arc
// tests per query; cache hit rate) come from the same pass.
//
// After the run, main prints the median times as tables and the ratios of
// the SAT goals (docs/benchmarks.md, section SAT), all from this one run.
#include "bench_rng.hpp"
#include "sepax/sat.hpp"
#include "sepax/shapes.hpp"
#include "sepax/testing.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <map>
#include <memory>
#include <string>
#include <vector>

using namespace sepax;

namespace {

// ---------------------------------------------------------------------------
// Configuration

constexpr std::array<int, 10> sizes = {8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096};
constexpr int pair_count = 16;   // pairs per row, cycled through
constexpr int hull_kinds = 4;    // distinct hulls per side and size (pair k: A[k%4], B[k/4])
constexpr int path_frames = 16;  // frames of a coherent path (walked forth and back)
/// A row is not timed when one query takes longer than this (seconds).
constexpr double budget_seconds = 0.05;
/// Depth agreement with query_general, relative to the pair's size.
constexpr double depth_rel_tol = 1e-9;

enum class Situation { separated, touching, overlapping };
constexpr std::array<Situation, 3> situations = {Situation::separated, Situation::touching,
                                                 Situation::overlapping};
const char* name_of(Situation s) {
  switch (s) {
    case Situation::separated:
      return "separated";
    case Situation::touching:
      return "touching";
    case Situation::overlapping:
      return "overlapping";
  }
  return "?";
}
/// Target query_general separation of a situation, relative to the size.
double target_of(Situation s) {
  return s == Situation::separated ? 0.1 : (s == Situation::touching ? 0.0 : -0.1);
}

enum class Method { naive, all_edges, pruned, query, cached, intersect };
constexpr std::array<Method, 6> methods = {Method::naive, Method::all_edges, Method::pruned,
                                           Method::query, Method::cached,    Method::intersect};
const char* name_of(Method m) {
  switch (m) {
    case Method::naive:
      return "naive";
    case Method::all_edges:
      return "all_edges";
    case Method::pruned:
      return "pruned";
    case Method::query:
      return "query";
    case Method::cached:
      return "cached";
    case Method::intersect:
      return "intersect";
  }
  return "?";
}

// ---------------------------------------------------------------------------
// Pairs

using sepax::bench::Rng;

/// The hulls of one size: boxes of random half extents for 8, random hulls
/// (every point a vertex) otherwise. Built once, kept for the whole run.
struct HullSet {
  std::vector<Hull> a, b;
};

const HullSet& hulls_of(int n) {
  static std::map<int, std::unique_ptr<HullSet>> cache;
  auto& slot = cache[n];
  if (slot) return *slot;
  slot = std::make_unique<HullSet>();
  for (int i = 0; i < hull_kinds; ++i) {
    for (int side = 0; side < 2; ++side) {
      const std::uint64_t seed = 7919 * std::uint64_t(n) + 2 * std::uint64_t(i) + side;
      Hull h;
      if (n == 8) {
        Rng rng(seed);
        h = shapes::box(
            vec3(rng.uniform(real(0.4), 1), rng.uniform(real(0.4), 1), rng.uniform(real(0.4), 1)));
      } else {
        h = shapes::random_hull(n, 1, seed);
      }
      (side == 0 ? slot->a : slot->b).push_back(std::move(h));
    }
  }
  return *slot;
}

/// One posed pair and query_general's answer for it (the reference).
struct Pair {
  const Hull* a = nullptr;
  const Hull* b = nullptr;
  Pose pose_a;
  Pose pose_b;
  real size = 0;  ///< larger extent of the two hulls
  sat::Result reference;
};

/// What a pair's situations share: the hulls, both orientations, A's
/// position, the direction B is moved along and the motion of the path.
struct Geometry {
  const Hull* a;
  const Hull* b;
  Pose pose_a;
  quat rotation_b;
  vec3 direction;  ///< B is placed at pose_a.translation + t * direction
  vec3 tangent;    ///< path: B slides along this (perpendicular to direction)
  vec3 spin_axis;  ///< path: and turns about this
  real size;
};

Geometry geometry_of(int n, int k) {
  const HullSet& hs = hulls_of(n);
  Rng rng(1000003 * std::uint64_t(n) + std::uint64_t(k));
  Geometry g{};
  g.a = &hs.a[std::size_t(k % hull_kinds)];
  g.b = &hs.b[std::size_t((k / hull_kinds) % hull_kinds)];
  const vec3 offset(rng.uniform(-2, 2), rng.uniform(-2, 2), rng.uniform(-2, 2));
  g.pose_a = pose_from_quat(offset, rng.rotation());
  g.rotation_b = rng.rotation();
  g.direction = rng.direction();
  g.tangent = glm::normalize(glm::cross(g.direction, rng.direction()));
  g.spin_axis = rng.direction();
  g.size = std::max(g.a->extent(), g.b->extent());
  return g;
}

/// B's pose at frame `frame` of the path, at distance t along the direction.
Pose pose_b_at(const Geometry& g, int frame, real t) {
  const real step = real(0.002) * g.size;                       // slide per frame
  const real turn = real(0.25) * real(3.14159265358979) / 180;  // radians per frame
  const quat spin = glm::angleAxis(turn * real(frame), g.spin_axis);
  const vec3 where = g.pose_a.translation + g.tangent * (step * real(frame)) + g.direction * t;
  return pose_from_quat(where, spin * g.rotation_b);
}

/// Places B along its direction (distance t from A's origin) so that
/// query_general's separation hits the situation's target: within 1e-6 of
/// the size for separated and overlapping pairs, to round-off (4 eps of the
/// size) for touching ones. The separation is convex and piecewise linear in
/// t (a maximum over the Minkowski difference's face planes, whose normals do
/// not depend on t), so a bracket [lo, hi] with s(lo) < target < s(hi) holds
/// exactly one crossing; regula falsi with the Illinois step finds it in a
/// few queries (bisection would take ~50 for touching pairs, too slow for
/// 4096-vertex paths). `guess` seeds the bracket (the previous frame's t).
Pair place(const Geometry& g, int frame, Situation situation, real guess) {
  const real target = real(target_of(situation)) * g.size;
  const real close =
      situation == Situation::touching ? real(4) * tol::eps * g.size : real(1e-6) * g.size;
  auto at = [&](real t) {
    Pair p{g.a, g.b, g.pose_a, pose_b_at(g, frame, t), g.size, {}};
    p.reference = sat::query_general(*p.a, p.pose_a, *p.b, p.pose_b);
    return p;
  };
  real width = guess > 0 ? real(0.05) * g.size : g.size;
  real lo = std::max(real(0), guess - width), hi = guess + width;
  Pair lo_pair = at(lo), hi_pair = at(hi);
  while (lo > 0 && lo_pair.reference.separation >= target)
    lo = std::max(real(0), lo - width), lo_pair = at(lo);
  while (hi_pair.reference.separation <= target) hi += width, width *= 2, hi_pair = at(hi);
  real f_lo = lo_pair.reference.separation - target, f_hi = hi_pair.reference.separation - target;
  int last_side = 0;
  for (int i = 0; i < 200; ++i) {
    real mid = (lo * f_hi - hi * f_lo) / (f_hi - f_lo);
    if (!(mid > lo && mid < hi)) mid = real(0.5) * (lo + hi);
    if (!(mid > lo && mid < hi)) break;  // bracket at round-off
    Pair m = at(mid);
    const real f = m.reference.separation - target;
    if (std::abs(f) <= close) return m;
    if (f < 0) {
      lo = mid, f_lo = f, lo_pair = std::move(m);
      if (last_side < 0) f_hi *= real(0.5);  // Illinois: the far end stuck twice
      last_side = -1;
    } else {
      hi = mid, f_hi = f, hi_pair = std::move(m);
      if (last_side > 0) f_lo *= real(0.5);
      last_side = 1;
    }
  }
  return std::abs(lo_pair.reference.separation - target) <
                 std::abs(hi_pair.reference.separation - target)
             ? lo_pair
             : hi_pair;
}

/// t of a placed pair (B's distance along the geometry's direction).
real t_of(const Geometry& g, const Pair& p) {
  return glm::dot(p.pose_b.translation - g.pose_a.translation,
                  g.direction);  // tangent is perpendicular
}

/// The row's pairs of one size and situation, the same for every method.
const std::vector<Pair>& pairs_of(int n, Situation s) {
  static std::map<std::pair<int, Situation>, std::vector<Pair>> cache;
  auto& slot = cache[{n, s}];
  if (!slot.empty()) return slot;
  for (int k = 0; k < pair_count; ++k) slot.push_back(place(geometry_of(n, k), 0, s, 0));
  return slot;
}

/// One step of a coherent path: which pair, and B's pose there.
struct PathStep {
  int pair;
  Pair posed;
};

/// Coherent motion for the cached rows: each pair's B slides and turns in
/// small steps (0.2% of the size, 0.25 degrees per frame) and is re-placed
/// along its direction every frame so that it stays in its situation. The
/// pairs take turns (one frame each), and the frames run forth and back so
/// that the cycle has no jump.
const std::vector<PathStep>& path_of(int n, Situation s) {
  static std::map<std::pair<int, Situation>, std::vector<PathStep>> cache;
  auto& slot = cache[{n, s}];
  if (!slot.empty()) return slot;
  std::vector<std::vector<Pair>> frames(pair_count);
  for (int k = 0; k < pair_count; ++k) {
    const Geometry g = geometry_of(n, k);
    frames[std::size_t(k)].push_back(pairs_of(n, s)[std::size_t(k)]);
    for (int f = 1; f < path_frames; ++f) {
      frames[std::size_t(k)].push_back(place(g, f, s, t_of(g, frames[std::size_t(k)].back())));
    }
  }
  for (int step = 0; step < 2 * path_frames - 2; ++step) {
    const int f = step < path_frames ? step : 2 * path_frames - 2 - step;
    for (int k = 0; k < pair_count; ++k)
      slot.push_back({k, frames[std::size_t(k)][std::size_t(f)]});
  }
  return slot;
}

// ---------------------------------------------------------------------------
// Checks against query_general

/// What a row's check pass found, kept so that repetitions do not redo it.
struct Check {
  bool done = false;
  std::string skip;  ///< non-empty: the row is not timed, and why
  int disagreements = 0;
  double max_depth_diff = 0;                ///< largest depth difference / size (overlapping)
  double axes = 0, supports = 0, arcs = 0;  ///< per query
  double hit_rate = -1;                     ///< cached rows
  bool has_work = true;                     ///< false for intersect: a bool carries no counters
};

/// True when `r` gives the same decision as the reference, and (overlapping
/// pairs) the same depth within depth_rel_tol of the size. Records the depth
/// difference and prints the first disagreement of a row.
bool agrees(const Pair& p, bool intersecting, const sat::Result* r, Situation s, Check& check,
            const std::string& row, int index) {
  bool ok = intersecting == p.reference.intersecting;
  if (r && s == Situation::overlapping && intersecting && p.reference.intersecting) {
    const double diff = std::abs(double(r->separation - p.reference.separation)) / double(p.size);
    check.max_depth_diff = std::max(check.max_depth_diff, diff);
    ok = ok && diff <= depth_rel_tol;
  }
  if (!ok && check.disagreements == 0) {
    std::fprintf(stderr,
                 "%s: pair %d disagrees: intersecting %d vs %d, separation %.17g vs "
                 "query_general %.17g (size %.17g, feature %s vs %s)\n",
                 row.c_str(), index, int(intersecting), int(p.reference.intersecting),
                 r ? double(r->separation) : 0.0, double(p.reference.separation), double(p.size),
                 r ? sat::to_string(r->feature.kind) : "-",
                 sat::to_string(p.reference.feature.kind));
  }
  return ok;
}

/// Runs an uncached method once on a pair.
sat::Result run_method(Method m, const Pair& p, bool& intersecting) {
  sat::Result r;
  switch (m) {
    case Method::naive:
      r = sat::naive_query(*p.a, p.pose_a, *p.b, p.pose_b);
      break;
    case Method::all_edges:
      r = sat::all_edges_query(*p.a, p.pose_a, *p.b, p.pose_b);
      break;
    case Method::pruned:
      r = sat::query_general(*p.a, p.pose_a, *p.b, p.pose_b);
      break;
    case Method::query:
    case Method::cached:
      r = sat::query(*p.a, p.pose_a, *p.b, p.pose_b);
      break;
    case Method::intersect:
      intersecting = sat::intersect(*p.a, p.pose_a, *p.b, p.pose_b);
      return r;
  }
  intersecting = r.intersecting;
  return r;
}

/// Sizes of a method+situation over the time budget so far (the next sizes
/// are not even tried).
std::map<std::string, int>& over_budget() {
  static std::map<std::string, int> m;
  return m;
}

/// The check pass of an uncached row (once per row): time one query against
/// the budget, then compare every pair with the reference.
Check check_row(Method m, int n, Situation s, const std::string& row) {
  Check c;
  c.done = true;
  const std::string family = std::string(name_of(m)) + "/" + name_of(s);
  if (auto it = over_budget().find(family); it != over_budget().end()) {
    c.skip = "not run: already over the " + std::to_string(int(budget_seconds * 1000)) +
             " ms budget at " + std::to_string(it->second) + " vertices";
    return c;
  }
  const auto& pairs = pairs_of(n, s);
  bool intersecting = false;
  const std::clock_t t0 = std::clock();  // CPU time: the machine may be busy
  (void)run_method(m, pairs[0], intersecting);
  const double seconds = double(std::clock() - t0) / CLOCKS_PER_SEC;
  if (seconds > budget_seconds) {
    over_budget()[family] = n;
    char buf[128];
    std::snprintf(buf, sizeof buf, "over budget: %.0f ms per query", seconds * 1000);
    c.skip = buf;
    return c;
  }
  for (int k = 0; k < pair_count; ++k) {
    const sat::Result r = run_method(m, pairs[std::size_t(k)], intersecting);
    if (!agrees(pairs[std::size_t(k)], intersecting, m == Method::intersect ? nullptr : &r, s, c,
                row, k))
      ++c.disagreements;
    c.axes += r.counters.axes_tested;
    c.supports += r.counters.support_calls;
    c.arcs += r.counters.arc_tests;
  }
  c.axes /= pair_count, c.supports /= pair_count, c.arcs /= pair_count;
  c.has_work = m != Method::intersect;
  return c;
}

/// The check pass of a cached row: walk the whole path twice with the row's
/// caches (the first walk warms them), comparing every step with its
/// reference; counters from the second walk. Leaves the caches warm.
Check check_cached(int n, Situation s, const std::string& row, std::vector<sat::Cache>& caches) {
  Check c;
  c.done = true;
  const auto& path = path_of(n, s);
  caches.assign(pair_count, sat::Cache{});
  int hits = 0;
  for (int walk = 0; walk < 2; ++walk) {
    for (std::size_t i = 0; i < path.size(); ++i) {
      const Pair& p = path[i].posed;
      const sat::Result r =
          sat::query(*p.a, p.pose_a, *p.b, p.pose_b, &caches[std::size_t(path[i].pair)]);
      if (!agrees(p, r.intersecting, &r, s, c, row, path[i].pair)) ++c.disagreements;
      if (walk == 0) continue;
      c.axes += r.counters.axes_tested;
      c.supports += r.counters.support_calls;
      c.arcs += r.counters.arc_tests;
      hits += r.counters.cache_hit ? 1 : 0;
    }
  }
  const double count = double(path.size());
  c.axes /= count, c.supports /= count, c.arcs /= count;
  c.hit_rate = hits / count;
  return c;
}

void report(benchmark::State& state, const Check& c) {
  if (c.has_work) {
    state.counters["axes"] = c.axes;
    state.counters["supports"] = c.supports;
    state.counters["arc_tests"] = c.arcs;
  }
  state.counters["disagree"] = c.disagreements;
  if (c.max_depth_diff > 0) state.counters["depth_diff"] = c.max_depth_diff;
  if (c.hit_rate >= 0) state.counters["hit_rate"] = c.hit_rate;
}

/// Skips the row (with a reason) when its check failed or it is too slow.
bool skipped(benchmark::State& state, const Check& c) {
  if (!c.skip.empty()) {
    state.SkipWithError(c.skip.c_str());
    return true;
  }
  if (c.disagreements > 0) {
    report(state, c);
    state.SkipWithError(
        (std::to_string(c.disagreements) + " disagreements with query_general").c_str());
    return true;
  }
  return false;
}

// ---------------------------------------------------------------------------
// Timed loops

/// Registered name of a row, e.g. "SAT/pruned/touching/128".
std::string row_name(Method m, Situation s, int n) {
  return std::string("SAT/") + name_of(m) + "/" + name_of(s) + "/" + std::to_string(n);
}

/// Cycles through the pairs calling `f` on each.
template <class F>
void cycle(benchmark::State& state, const std::vector<Pair>& pairs, F f) {
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(f(pairs[i]));
    if (++i == pairs.size()) i = 0;
  }
}

void bench_uncached(benchmark::State& state, Method m, int n, Situation s) {
  const std::string row = row_name(m, s, n);
  static std::map<std::string, Check> checks;
  Check& c = checks[row];
  if (!c.done) c = check_row(m, n, s, row);
  if (skipped(state, c)) return;
  const auto& pairs = pairs_of(n, s);
  switch (m) {
    case Method::naive:
      cycle(state, pairs,
            [](const Pair& p) { return sat::naive_query(*p.a, p.pose_a, *p.b, p.pose_b); });
      break;
    case Method::all_edges:
      cycle(state, pairs,
            [](const Pair& p) { return sat::all_edges_query(*p.a, p.pose_a, *p.b, p.pose_b); });
      break;
    case Method::pruned:
      cycle(state, pairs,
            [](const Pair& p) { return sat::query_general(*p.a, p.pose_a, *p.b, p.pose_b); });
      break;
    case Method::query:
    case Method::cached:
      cycle(state, pairs, [](const Pair& p) { return sat::query(*p.a, p.pose_a, *p.b, p.pose_b); });
      break;
    case Method::intersect:
      cycle(state, pairs,
            [](const Pair& p) { return sat::intersect(*p.a, p.pose_a, *p.b, p.pose_b); });
      break;
  }
  report(state, c);
}

/// sat::query with one Cache per pair, walking the coherent path. The hit
/// rate counter is the one of the timed iterations.
void bench_cached(benchmark::State& state, int n, Situation s) {
  const std::string row = row_name(Method::cached, s, n);
  static std::map<std::string, std::pair<Check, std::vector<sat::Cache>>> rows;
  auto& [c, caches] = rows[row];
  if (!c.done) c = check_cached(n, s, row, caches);
  if (skipped(state, c)) return;
  const auto& path = path_of(n, s);
  std::size_t i = 0;
  std::int64_t hits = 0;
  for (auto _ : state) {
    const Pair& p = path[i].posed;
    const sat::Result r =
        sat::query(*p.a, p.pose_a, *p.b, p.pose_b, &caches[std::size_t(path[i].pair)]);
    hits += r.counters.cache_hit ? 1 : 0;
    benchmark::DoNotOptimize(r);
    if (++i == path.size()) i = 0;
  }
  report(state, c);
  state.counters["hit_rate"] = double(hits) / double(std::max<std::int64_t>(1, state.iterations()));
}

// ---------------------------------------------------------------------------
// Collecting the results and the goals

/// Console output as usual, and every run's CPU time (ns) kept by row name.
class Collector : public benchmark::ConsoleReporter {
 public:
  struct Row {
    std::vector<double> ns;        ///< each repetition
    double median = std::nan("");  ///< the "median" aggregate, when reported alone
    std::string error;
  };
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& run : runs) {
      Row& row = rows_[run.run_name.function_name];
      if (run.error_occurred)
        row.error = run.error_message;
      else if (run.run_type == Run::RT_Iteration)
        row.ns.push_back(run.GetAdjustedCPUTime());  // every row is registered in ns
      else if (run.aggregate_name == "median")
        row.median = run.GetAdjustedCPUTime();
    }
  }
  /// Median CPU ns per query of a row; NaN when it was not timed.
  double median(Method m, Situation s, int n) const {
    const auto it = rows_.find(row_name(m, s, n));
    if (it == rows_.end()) return std::nan("");
    if (!std::isnan(it->second.median)) return it->second.median;
    if (it->second.ns.empty()) return std::nan("");
    std::vector<double> v = it->second.ns;
    std::sort(v.begin(), v.end());
    const std::size_t h = v.size() / 2;
    return v.size() % 2 ? v[h] : 0.5 * (v[h - 1] + v[h]);
  }

 private:
  std::map<std::string, Row> rows_;
};

std::string cell(double ns) {
  if (std::isnan(ns)) return "—";
  char buf[32];
  if (ns < 1e3)
    std::snprintf(buf, sizeof buf, "%.1f", ns);
  else
    std::snprintf(buf, sizeof buf, "%.0f", ns);
  return buf;
}

/// Least-squares slope of log(ns) against log(n) over the timed sizes in
/// [from, to].
double slope(const Collector& r, Method m, Situation s, int from, int to) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  int k = 0;
  for (int n : sizes) {
    const double ns = r.median(m, s, n);
    if (n < from || n > to || std::isnan(ns)) continue;
    const double x = std::log(double(n)), y = std::log(ns);
    sx += x, sy += y, sxx += x * x, sxy += x * y, ++k;
  }
  if (k < 2) return std::nan("");
  return (k * sxy - sx * sy) / (k * sxx - sx * sx);
}

void print_tables(const Collector& r) {
  std::printf("\n## Median CPU ns per query\n");
  for (Situation s : situations) {
    std::printf("\n%s\n\n| method |", name_of(s));
    for (int n : sizes) std::printf(" %d |", n);
    std::printf("\n|---|");
    for (std::size_t i = 0; i < sizes.size(); ++i) std::printf("---:|");
    std::printf("\n");
    for (Method m : methods) {
      std::printf("| %s |", name_of(m));
      for (int n : sizes) std::printf(" %s |", cell(r.median(m, s, n)).c_str());
      std::printf("\n");
    }
  }
}

void print_goals(const Collector& r) {
  std::printf("\n## Goals (ratios of medians from this run)\n\n");
  const auto yes = [](bool met) { return met ? "met" : "NOT met"; };
  for (Situation s : situations) {
    const double v = r.median(Method::naive, s, 128) / r.median(Method::pruned, s, 128);
    std::printf("- naive / pruned at 128, %s: %.1fx (goal >= 20x: %s)\n", name_of(s), v,
                yes(v >= 20));
  }
  {
    const double c8 = r.median(Method::cached, Situation::separated, 8);
    const double c4k = r.median(Method::cached, Situation::separated, 4096);
    const double v = c4k / c8;
    std::printf(
        "- cached separated, 4096 / 8: %.2f (%.1f ns vs %.1f ns; goal the same, within "
        "+-25%%: %s)\n",
        v, c4k, c8, yes(v >= 0.8 && v <= 1.25));
  }
  for (Situation s : situations) {
    const double v = r.median(Method::query, s, 8);
    std::printf("- box-box query, %s: %.1f ns (goal < 50 ns: %s)\n", name_of(s), v, yes(v < 50));
  }
  for (Situation s : situations) {
    std::printf(
        "- pruned growth exponent, %s: %.2f over 8..4096, %.2f over 16..4096, %.2f over "
        "256..4096\n",
        name_of(s), slope(r, Method::pruned, s, 8, 4096), slope(r, Method::pruned, s, 16, 4096),
        slope(r, Method::pruned, s, 256, 4096));
  }
  for (Situation s : situations) {
    const double v = r.median(Method::pruned, s, 8) / r.median(Method::query, s, 8);
    std::printf("- boxes, general path / box-box, %s: %.1fx\n", name_of(s), v);
  }
  for (Situation s : situations) {
    const double v = r.median(Method::query, s, 8) / r.median(Method::intersect, s, 8);
    std::printf("- boxes, query / intersect, %s: %.2fx\n", name_of(s), v);
  }
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  for (Method m : methods)
    for (Situation s : situations)
      for (int n : sizes) {
        auto* b = m == Method::cached
                      ? benchmark::RegisterBenchmark(
                            row_name(m, s, n).c_str(),
                            [n, s](benchmark::State& st) { bench_cached(st, n, s); })
                      : benchmark::RegisterBenchmark(
                            row_name(m, s, n).c_str(),
                            [m, n, s](benchmark::State& st) { bench_uncached(st, m, n, s); });
        b->Unit(benchmark::kNanosecond);
      }
  Collector collector;
  benchmark::RunSpecifiedBenchmarks(&collector);
  benchmark::Shutdown();
  print_tables(collector);
  print_goals(collector);
  return 0;
}
