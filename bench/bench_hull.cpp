// Hull::from_points against a bare qh_new_qhull call on the same points with
// the same options ("qhull": default premerging, merged coplanar facets), on
// random sphere points (every point a vertex) and random points in a ball
// (few vertices), n = 100 to 100000. tools/bench_report.py gives, per cloud,
// the ratio sepax / bare Qhull: the cost of sepax's input checks, centring,
// facet reading, half-edge assembly and derived data.
#include "sepax/hull.hpp"
#include "sepax/shapes.hpp"

extern "C" {
#include <libqhull_r/qhull_ra.h>
}

#include <benchmark/benchmark.h>

#include <array>
#include <cstdio>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace {

using sepax::real;
using sepax::vec3;

/// Sizes of the clouds.
constexpr int sizes[] = {100, 1000, 10000, 100000};

/// n points uniformly random in the unit ball (rejection sampling), seeded.
std::vector<vec3> random_ball_points(int n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  auto unit = [&rng] { return double(rng() >> 11) * 0x1.0p-53 * 2 - 1; };
  std::vector<vec3> out;
  while (int(out.size()) < n) {
    const glm::dvec3 p(unit(), unit(), unit());
    if (glm::dot(p, p) <= 1) out.push_back(vec3(p));
  }
  return out;
}

std::vector<vec3> cloud(const std::string& shape, int n) {
  return shape == "sphere" ? sepax::shapes::random_sphere_points(n, 1, 42)
                           : random_ball_points(n, 42);
}

void bm_sepax(benchmark::State& state, const std::vector<vec3>& points) {
  std::size_t faces = 0;
  for (auto _ : state) {
    const sepax::HullResult r = sepax::Hull::from_points(points);
    faces = r.hull.face_count();
    benchmark::DoNotOptimize(faces);
  }
  state.counters["faces"] = double(faces);
}

/// The bare Qhull call: the same options sepax passes, the points already in
/// Qhull's coordinate array, nothing read back.
void bm_qhull(benchmark::State& state, const std::vector<vec3>& points) {
  std::vector<coordT> coords;
  for (const vec3& p : points) coords.insert(coords.end(), {p.x, p.y, p.z});
  int facets = 0;
  for (auto _ : state) {
    qhT qh_storage;
    qhT* qh = &qh_storage;
    qh_zero(qh, stderr);
    char options[] = "qhull";
    const int code =
        qh_new_qhull(qh, 3, int(points.size()), coords.data(), False, options, nullptr, stderr);
    facets = code == 0 ? qh->num_facets : -1;
    benchmark::DoNotOptimize(facets);
    qh_freeqhull(qh, !qh_ALL);
    int cur_long = 0, tot_long = 0;
    qh_memfreeshort(qh, &cur_long, &tot_long);
  }
  state.counters["facets"] = double(facets);
}

// A mesh's per-triangle step: 64 triangles in turn written into one hull
// (Hull::assign_triangle), against Qhull's hull of the same corners.
std::vector<std::array<vec3, 3>> triangles() {
  const std::vector<vec3> p = random_ball_points(3 * 64, 7);
  std::vector<std::array<vec3, 3>> out;
  for (std::size_t i = 0; i + 2 < p.size(); i += 3) out.push_back({p[i], p[i + 1], p[i + 2]});
  return out;
}

void bm_triangle_assign(benchmark::State& state) {
  const auto corners = triangles();
  sepax::Hull h;
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& t = corners[i++ % corners.size()];
    benchmark::DoNotOptimize(h.assign_triangle(t[0], t[1], t[2]));
  }
}

void bm_triangle_qhull(benchmark::State& state) {
  const auto corners = triangles();
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& t = corners[i++ % corners.size()];
    const sepax::HullResult r = sepax::Hull::from_points(std::span<const vec3>(t));
    benchmark::DoNotOptimize(r.hull.face_count());
  }
}

}  // namespace

int main(int argc, char** argv) {
  // The clouds outlive the benchmarks that capture them by reference.
  std::map<std::pair<std::string, int>, std::vector<vec3>> clouds;
  for (const char* shape : {"sphere", "ball"}) {
    for (int n : sizes) {
      const std::vector<vec3>& points = clouds[{shape, n}] = cloud(shape, n);
      const std::string tail = std::string(shape) + "/" + std::to_string(n);
      benchmark::RegisterBenchmark(("hull/sepax/" + tail).c_str(), bm_sepax, std::cref(points))
          ->Unit(benchmark::kMicrosecond);
      benchmark::RegisterBenchmark(("hull/qhull/" + tail).c_str(), bm_qhull, std::cref(points))
          ->Unit(benchmark::kMicrosecond);
    }
  }
  benchmark::RegisterBenchmark("triangle/assign", bm_triangle_assign)->Unit(benchmark::kNanosecond);
  benchmark::RegisterBenchmark("triangle/from_points", bm_triangle_qhull)
      ->Unit(benchmark::kNanosecond);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
