// SAT timings: the naive projection version, every edge pair, the Gauss-map
// pruned general path, the full query (box-box test on boxes), the full query
// with a cache on coherent motion, and the boolean intersect, on boxes and
// random hulls of 16 to 4096 vertices, each separated, touching and
// overlapping (pairs.hpp: 16 pairs a row; the cached rows walk the moving
// pairs). Rows are named "SAT/<method>/<situation>/<vertices>".
//
// Every row first runs its method on all of its poses and compares with
// sat::query_general (decision, and depth on overlapping pairs); the count of
// disagreements is a counter, and a row with any is skipped with an error
// instead of being timed. The rows' work counters (axes, support calls, arc
// tests per query; cache hit rate) come from the same pass.
// tools/bench_report.py turns the JSON output into tables and goal ratios.
#include "pairs.hpp"
#include "sat_reference.hpp"
#include "sepax/sat.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <map>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

using namespace sepax;
using bench::Situation;
using bench::Visit;

namespace {

constexpr int sizes[] = {8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096};
constexpr Situation situations[] = {Situation::separated, Situation::touching,
                                    Situation::overlapping};
/// A row is not timed when one query takes longer than this (seconds).
constexpr double budget_seconds = 0.05;
/// Depth agreement with query_general, relative to the pair's size.
constexpr double depth_rel_tol = 1e-9;

enum class Method { naive, all_edges, pruned, query, cached, intersect };
constexpr Method methods[] = {Method::naive, Method::all_edges, Method::pruned,
                              Method::query, Method::cached,    Method::intersect};
constexpr const char* method_names[] = {"naive", "all_edges", "pruned",
                                        "query", "cached",    "intersect"};

/// What a row times: two hulls of n vertices (boxes at 8), or a flat
/// polygon of 3 to 8 corners against a hull of n vertices (a box at 8).
struct Shapes {
  int n = 0;
  bool flat = false;
};

/// The pairs' kind (bench/pairs.hpp) of a row.
std::string kind_of(Shapes k) {
  if (k.flat) return "poly" + std::to_string(k.n);
  return k.n == 8 ? "box" : "hull" + std::to_string(k.n);
}

/// The poses of a row in the order they are timed (kept for the whole run).
const std::vector<Visit>& poses_of(Shapes k, Situation s, bool moving) {
  static std::map<std::tuple<std::string, Situation, bool>, std::vector<Visit>> cache;
  auto& slot = cache[{kind_of(k), s, moving}];
  if (slot.empty()) slot = bench::visits(bench::workload(kind_of(k), s, moving));
  return slot;
}

/// Calls f with the query of an uncached method: a callable of (A, pose A,
/// B, pose B) that returns a sat::Result, or a bool for intersect.
template <class F>
void with_query(Method m, F&& f) {
  switch (m) {
    case Method::naive:
      return f([](const auto&... pair) { return ref::sat_naive(pair...); });
    case Method::all_edges:
      return f([](const auto&... pair) { return ref::sat_all_edges(pair...); });
    case Method::pruned:
      return f([](const auto&... pair) { return sat::query_general(pair...); });
    case Method::query:
    case Method::cached:
      return f([](const auto&... pair) { return sat::query(pair...); });
    case Method::intersect:
      return f([](const auto&... pair) { return sat::intersect(pair...); });
  }
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

  void add_work(const sat::Counters& k) {
    axes += k.axes_tested, supports += k.support_calls, arcs += k.arc_tests;
  }
  void average_work(double queries) { axes /= queries, supports /= queries, arcs /= queries; }
};

/// True when a query's answer gives the same decision as the reference, and
/// (overlapping pairs) the same depth within depth_rel_tol of the size.
/// Records the depth difference and prints the first disagreement of a row.
bool agrees(const Visit& v, bool intersecting, const sat::Result* r, Situation s, Check& check,
            const std::string& row) {
  bool ok = intersecting == v.ref->intersecting;
  if (r && s == Situation::overlapping && intersecting && v.ref->intersecting) {
    const double diff = std::abs(double(r->separation) - v.ref->separation) / v.size;
    check.max_depth_diff = std::max(check.max_depth_diff, diff);
    ok = ok && diff <= depth_rel_tol;
  }
  if (!ok && check.disagreements == 0) {
    std::fprintf(stderr,
                 "%s: pair %d frame %d disagrees: intersecting %d vs %d, separation %.17g vs "
                 "query_general %.17g (size %.17g)\n",
                 row.c_str(), v.pair, v.frame, int(intersecting), int(v.ref->intersecting),
                 r ? double(r->separation) : 0.0, v.ref->separation, v.size);
  }
  return ok;
}

/// Sizes at which a method+situation went over the time budget (the next
/// sizes are not even tried).
std::map<std::string, int>& over_budget() {
  static std::map<std::string, int> m;
  return m;
}

/// The check pass of an uncached row (once per row): time one query against
/// the budget, then compare every pose with the reference.
Check check_row(Method m, Shapes k, Situation s, const std::string& row) {
  Check c;
  c.done = true;
  const std::string family =
      std::string(method_names[int(m)]) + "/" + bench::name_of(s) + (k.flat ? "/flat" : "");
  if (auto it = over_budget().find(family); it != over_budget().end()) {
    c.skip = "not run: already over the " + std::to_string(int(budget_seconds * 1000)) +
             " ms budget at " + std::to_string(it->second) + " vertices";
    return c;
  }
  const std::vector<Visit>& poses = poses_of(k, s, false);
  with_query(m, [&](auto query) {
    const std::clock_t t0 = std::clock();  // CPU time: the machine may be busy
    benchmark::DoNotOptimize(query(*poses[0].a, poses[0].pose_a, *poses[0].b, poses[0].pose_b));
    const double seconds = double(std::clock() - t0) / CLOCKS_PER_SEC;
    if (seconds > budget_seconds) {
      over_budget()[family] = k.n;
      c.skip = "over budget: " + std::to_string(int(seconds * 1000)) + " ms per query";
      return;
    }
    for (const Visit& v : poses) {
      const auto r = query(*v.a, v.pose_a, *v.b, v.pose_b);
      if constexpr (std::is_same_v<std::decay_t<decltype(r)>, bool>) {
        if (!agrees(v, r, nullptr, s, c, row)) ++c.disagreements;
        c.has_work = false;
      } else {
        if (!agrees(v, r.intersecting, &r, s, c, row)) ++c.disagreements;
        c.add_work(r.counters);
      }
    }
    c.average_work(double(poses.size()));
  });
  return c;
}

/// What a cached row keeps per pair: the axis cache and the resting state.
struct PairState {
  sat::Cache cache;
  sat::Resting resting;
};

/// The check pass of a cached row: walk the whole path twice with the row's
/// caches (the first walk warms them), comparing every step with its
/// reference; counters from the second walk. Leaves the caches warm.
Check check_cached(Shapes k, Situation s, const std::string& row, std::vector<PairState>& caches) {
  Check c;
  c.done = true;
  const std::vector<Visit>& path = poses_of(k, s, true);
  caches.assign(bench::workload(kind_of(k), s, true).pairs.size(), PairState{});
  int hits = 0;
  for (int walk = 0; walk < 2; ++walk) {
    for (const Visit& v : path) {
      PairState& state = caches[std::size_t(v.pair)];
      const sat::Result r =
          sat::query(*v.a, v.pose_a, *v.b, v.pose_b, &state.cache, &state.resting);
      if (!agrees(v, r.intersecting, &r, s, c, row)) ++c.disagreements;
      if (walk == 0) continue;
      c.add_work(r.counters);
      hits += r.counters.cache_hit ? 1 : 0;
    }
  }
  c.average_work(double(path.size()));
  c.hit_rate = hits / double(path.size());
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

/// Registered name of a row, e.g. "SAT/pruned/touching/128", or
/// "SAT/pruned/touching/poly128" for a flat polygon against 128 vertices.
std::string row_name(Method m, Situation s, Shapes k) {
  return std::string("SAT/") + method_names[int(m)] + "/" + bench::name_of(s) + "/" +
         (k.flat ? "poly" : "") + std::to_string(k.n);
}

void bench_uncached(benchmark::State& state, Method m, Shapes k, Situation s) {
  const std::string row = row_name(m, s, k);
  static std::map<std::string, Check> checks;
  Check& c = checks[row];
  if (!c.done) c = check_row(m, k, s, row);
  if (skipped(state, c)) return;
  const std::vector<Visit>& poses = poses_of(k, s, false);
  with_query(m, [&](auto query) {
    std::size_t i = 0;
    for (auto _ : state) {
      const Visit& v = poses[i];
      benchmark::DoNotOptimize(query(*v.a, v.pose_a, *v.b, v.pose_b));
      if (++i == poses.size()) i = 0;
    }
  });
  report(state, c);
}

/// sat::query with one Cache per pair, walking the coherent path. The hit
/// rate counter is the one of the timed iterations.
void bench_cached(benchmark::State& state, Shapes k, Situation s) {
  const std::string row = row_name(Method::cached, s, k);
  static std::map<std::string, std::pair<Check, std::vector<PairState>>> rows;
  auto& [c, caches] = rows[row];
  if (!c.done) c = check_cached(k, s, row, caches);
  if (skipped(state, c)) return;
  const std::vector<Visit>& path = poses_of(k, s, true);
  std::size_t i = 0;
  std::int64_t hits = 0;
  for (auto _ : state) {
    const Visit& v = path[i];
    PairState& state = caches[std::size_t(v.pair)];
    const sat::Result r = sat::query(*v.a, v.pose_a, *v.b, v.pose_b, &state.cache, &state.resting);
    hits += r.counters.cache_hit ? 1 : 0;
    benchmark::DoNotOptimize(r);
    if (++i == path.size()) i = 0;
  }
  report(state, c);
  state.counters["hit_rate"] = double(hits) / double(std::max<std::int64_t>(1, state.iterations()));
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  // Hull pairs with every method; flat polygons against hulls without the
  // slow references (their cost is the hull pairs' story).
  for (const bool flat : {false, true})
    for (Method m : methods)
      for (Situation s : situations)
        for (int n : sizes) {
          if (flat && (m == Method::naive || m == Method::all_edges)) continue;
          const Shapes k{n, flat};
          auto* b = m == Method::cached
                        ? benchmark::RegisterBenchmark(
                              row_name(m, s, k).c_str(),
                              [k, s](benchmark::State& st) { bench_cached(st, k, s); })
                        : benchmark::RegisterBenchmark(
                              row_name(m, s, k).c_str(),
                              [m, k, s](benchmark::State& st) { bench_uncached(st, m, k, s); });
          b->Unit(benchmark::kNanosecond);
        }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
