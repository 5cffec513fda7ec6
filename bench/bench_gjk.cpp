// GJK and EPA timings: distance, boolean intersection and penetration on
// random hulls of growing size, boxes through the Box adapter, rounded
// shapes, and warm starts on coherent motion. Each benchmark cycles through
// its own fixed set of seeded pairs (no dependency on the test support), so
// the numbers are comparable from run to run.
#include "sepax/epa.hpp"
#include "sepax/shapes.hpp"

#include <benchmark/benchmark.h>

#include <cmath>
#include <random>
#include <vector>

using namespace sepax;

namespace {

constexpr int pair_count = 256;

/// Poses of B around A at centre distance `reach` (times a random factor
/// from 0.9 to 1.1), random orientations, from a fixed seed.
std::vector<Pose> poses(real reach, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  std::vector<Pose> out;
  for (int i = 0; i < pair_count; ++i) {
    vec3 dir(real(u(rng)), real(u(rng)), real(u(rng)));
    if (glm::length(dir) < real(0.1)) dir = vec3(1, 0, 0);
    dir = glm::normalize(dir) * reach * real(1 + 0.1 * u(rng));
    out.push_back(
        pose_from_euler_deg(dir, vec3(real(180 * u(rng)), real(180 * u(rng)), real(180 * u(rng)))));
  }
  return out;
}

/// Hull pair of `n` vertices each (random points on unit spheres).
struct HullPair {
  Hull a, b;
  explicit HullPair(int n)
      : a(shapes::random_hull(n, 1, 1234 + std::uint64_t(n))),
        b(shapes::random_hull(n, 1, 4321 + std::uint64_t(n))) {}
};

// Separated (centres 2.5 apart) or overlapping (centres 1.5 apart) pairs.
void BM_gjk_distance(benchmark::State& state) {
  const HullPair h(int(state.range(0)));
  const std::vector<Pose> pb = poses(real(2.5), 7);
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(gjk::distance(h.a, Pose{}, h.b, pb[i]));
    i = (i + 1) % pb.size();
  }
}
BENCHMARK(BM_gjk_distance)->Arg(8)->Arg(32)->Arg(256)->Arg(1024);

void BM_gjk_intersect(benchmark::State& state) {
  const HullPair h(int(state.range(0)));
  const std::vector<Pose> pb = poses(real(2), 8);  // about half of them overlap
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(gjk::intersect(h.a, Pose{}, h.b, pb[i]));
    i = (i + 1) % pb.size();
  }
}
BENCHMARK(BM_gjk_intersect)->Arg(8)->Arg(32)->Arg(256)->Arg(1024);

void BM_epa_query(benchmark::State& state) {
  const HullPair h(int(state.range(0)));
  const std::vector<Pose> pb = poses(real(1.5), 9);
  epa::Workspace ws;
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(epa::query(h.a, Pose{}, h.b, pb[i], nullptr, &ws));
    i = (i + 1) % pb.size();
  }
}
BENCHMARK(BM_epa_query)->Arg(8)->Arg(32)->Arg(256)->Arg(1024);

// Boxes through the Box adapter (no hull at all) against hull boxes.
void BM_gjk_distance_box_adapter(benchmark::State& state) {
  const convex::Box box{vec3(real(0.5), real(0.7), real(0.9))};
  const std::vector<Pose> pb = poses(real(2.5), 10);
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(gjk::distance(convex::posed(box, Pose{}), convex::posed(box, pb[i])));
    i = (i + 1) % pb.size();
  }
}
BENCHMARK(BM_gjk_distance_box_adapter);

void BM_gjk_distance_box_hull(benchmark::State& state) {
  const Hull box = shapes::box(vec3(real(0.5), real(0.7), real(0.9)));
  const std::vector<Pose> pb = poses(real(2.5), 10);
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(gjk::distance(box, Pose{}, box, pb[i]));
    i = (i + 1) % pb.size();
  }
}
BENCHMARK(BM_gjk_distance_box_hull);

// Rounded shapes: GJK on the cores (point / segment) plus the radius.
void BM_gjk_capsule_box(benchmark::State& state) {
  const convex::Box box{vec3(real(0.5), real(0.7), real(0.9))};
  const std::vector<Pose> pb = poses(real(2), 11);
  const convex::Capsule cap = convex::capsule(vec3(0, 0, -1), vec3(0, 0, 1), real(0.3));
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(epa::query(convex::posed(box, Pose{}), convex::posed(cap, pb[i])));
    i = (i + 1) % pb.size();
  }
}
BENCHMARK(BM_gjk_capsule_box);

// Coherent motion: B creeps along a circle; cold queries against warm ones
// that keep a gjk::Cache from frame to frame.
void coherent(benchmark::State& state, bool warm) {
  const HullPair h(int(state.range(0)));
  std::vector<Pose> frames;
  for (int i = 0; i < pair_count; ++i) {
    const real t = real(i) * real(0.005);
    frames.push_back(pose_from_euler_deg(vec3(real(2.5) * std::cos(t), real(2.5) * std::sin(t), 0),
                                         vec3(real(10) * t, real(20) * t, real(30) * t)));
  }
  gjk::Cache cache{};
  std::size_t i = 0;
  long iterations = 0;
  for (auto _ : state) {
    const auto r = gjk::distance(h.a, Pose{}, h.b, frames[i], warm ? &cache : nullptr);
    iterations += r.iterations;
    benchmark::DoNotOptimize(r);
    i = (i + 1) % frames.size();
  }
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
