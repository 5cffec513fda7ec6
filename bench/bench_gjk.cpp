// GJK and EPA timings on the shared pairs (pairs.hpp), random hulls of 8 to
// 1024 vertices: gjk::distance on separated pairs, gjk::intersect on
// separated and overlapping pairs taken in turn (half of them overlap),
// epa::query on overlapping pairs; the box pairs through the Box adapter
// against the same boxes as hulls; a box against a capsule inside B's box;
// and on the moving separated pairs, cold gjk::distance against one
// warm-started from a gjk::Cache per pair.
#include "pairs.hpp"
#include "sepax/epa.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

using namespace sepax;
using bench::Situation;
using bench::Visit;

namespace {

/// The poses of random hulls of state.range(0) vertices in a situation.
std::vector<Visit> poses(const benchmark::State& state, Situation s) {
  return bench::visits(bench::workload("hull" + std::to_string(state.range(0)), s));
}

/// Separated and overlapping poses of a kind, taken in turn.
std::vector<Visit> mixed(const std::string& kind) {
  const std::vector<Visit> apart = bench::visits(bench::workload(kind, Situation::separated));
  const std::vector<Visit> overlap = bench::visits(bench::workload(kind, Situation::overlapping));
  std::vector<Visit> out;
  for (std::size_t i = 0; i < std::min(apart.size(), overlap.size()); ++i) {
    out.push_back(apart[i]);
    out.push_back(overlap[i]);
  }
  return out;
}

/// Calls query(input) on each input in turn, one a timed iteration.
template <class Input, class Query>
void cycle(benchmark::State& state, const std::vector<Input>& inputs, Query query) {
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(query(inputs[i]));
    if (++i == inputs.size()) i = 0;
  }
}

void BM_gjk_distance(benchmark::State& state) {
  cycle(state, poses(state, Situation::separated),
        [](const Visit& v) { return gjk::distance(*v.a, v.pose_a, *v.b, v.pose_b); });
}
BENCHMARK(BM_gjk_distance)->Arg(8)->Arg(32)->Arg(256)->Arg(1024);

void BM_gjk_intersect(benchmark::State& state) {
  cycle(state, mixed("hull" + std::to_string(state.range(0))),
        [](const Visit& v) { return gjk::intersect(*v.a, v.pose_a, *v.b, v.pose_b); });
}
BENCHMARK(BM_gjk_intersect)->Arg(8)->Arg(32)->Arg(256)->Arg(1024);

void BM_epa_query(benchmark::State& state) {
  epa::Workspace ws;
  cycle(state, poses(state, Situation::overlapping),
        [&ws](const Visit& v) { return epa::query(*v.a, v.pose_a, *v.b, v.pose_b, nullptr, &ws); });
}
BENCHMARK(BM_epa_query)->Arg(8)->Arg(32)->Arg(256)->Arg(1024);

// Boxes through the Box adapter (no hull at all) against the same boxes as
// hulls; a box is centred on its frame's origin, its bounds' max corner is
// its half extents.
convex::Box box_of(const Hull& h) {
  return convex::Box{h.bounds().max};
}

void BM_gjk_distance_box_adapter(benchmark::State& state) {
  std::vector<std::pair<convex::Posed<convex::Box>, convex::Posed<convex::Box>>> boxes;
  for (const Visit& v : bench::visits(bench::workload("box", Situation::separated)))
    boxes.emplace_back(convex::posed(box_of(*v.a), v.pose_a),
                       convex::posed(box_of(*v.b), v.pose_b));
  cycle(state, boxes, [](const auto& p) { return gjk::distance(p.first, p.second); });
}
BENCHMARK(BM_gjk_distance_box_adapter);

void BM_gjk_distance_box_hull(benchmark::State& state) {
  cycle(state, bench::visits(bench::workload("box", Situation::separated)),
        [](const Visit& v) { return gjk::distance(*v.a, v.pose_a, *v.b, v.pose_b); });
}
BENCHMARK(BM_gjk_distance_box_hull);

// Rounded shapes: GJK on the cores (point / segment) plus the radius. B is a
// capsule inside B's box (along its z axis, radius its smaller other half
// extent), at the box pairs' separated and overlapping poses.
void BM_gjk_capsule_box(benchmark::State& state) {
  std::vector<std::pair<convex::Posed<convex::Box>, convex::Posed<convex::Capsule>>> pairs;
  for (const Visit& v : mixed("box")) {
    const vec3 h = v.b->bounds().max;
    const convex::Capsule cap =
        convex::capsule(vec3(0, 0, -h.z), vec3(0, 0, h.z), std::min(h.x, h.y));
    pairs.emplace_back(convex::posed(box_of(*v.a), v.pose_a), convex::posed(cap, v.pose_b));
  }
  cycle(state, pairs, [](const auto& p) { return epa::query(p.first, p.second); });
}
BENCHMARK(BM_gjk_capsule_box);

// Coherent motion: cold queries against warm ones that keep a gjk::Cache per
// pair from frame to frame.
void coherent(benchmark::State& state, bool warm) {
  const bench::Workload& w =
      bench::workload("hull" + std::to_string(state.range(0)), Situation::separated, true);
  const std::vector<Visit> path = bench::visits(w);
  std::vector<gjk::Cache> caches(w.pairs.size());
  long iterations = 0;
  cycle(state, path, [&](const Visit& v) {
    const gjk::Result r = gjk::distance(*v.a, v.pose_a, *v.b, v.pose_b,
                                        warm ? &caches[std::size_t(v.pair)] : nullptr);
    iterations += r.iterations;
    return r;
  });
  state.counters["gjk_iterations"] =
      benchmark::Counter(double(iterations), benchmark::Counter::kAvgIterations);
}
void BM_gjk_coherent_cold(benchmark::State& state) {
  coherent(state, false);
}
void BM_gjk_coherent_warm(benchmark::State& state) {
  coherent(state, true);
}
BENCHMARK(BM_gjk_coherent_cold)->Arg(32)->Arg(1024);
BENCHMARK(BM_gjk_coherent_warm)->Arg(32)->Arg(1024);

}  // namespace

BENCHMARK_MAIN();
