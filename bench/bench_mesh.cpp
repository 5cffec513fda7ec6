// Mesh timings: mesh::query and mesh::intersect on two tori of 10,000
// triangles each, posed as linked chain links (separated, the trees
// interleaved through each other's hole; pose_b lists the situations), side
// by side and with crossing surfaces (overlapping); with FCL, fcl::distance and fcl::collide on
// FCL's BVHModel<OBBRSS> of the same triangles and poses (peers/fcl_mesh.cpp). Rows are named
// "<library>/<call>/<situation>". Each row's counter `distance` is its answer (FCL's distance is
// not meaningful when overlapping).
#include "fixtures.hpp"
#include "sepax/mesh.hpp"

#include <benchmark/benchmark.h>

#if SEPAX_BENCH_HAVE_FCL
#include "peers/fcl_mesh.hpp"
#endif

#include <array>
#include <cmath>
#include <numbers>
#include <vector>

using namespace sepax;

namespace {

using test::Soup;

const Soup& soup() {
  static const Soup s = test::torus(1, real(0.3), 100, 50);
  return s;
}

const TriangleMesh& ring() {
  static const TriangleMesh m =
      TriangleMesh::from_triangles(soup().vertices, soup().triangles).mesh;
  return m;
}

/// A's pose, and B's for each situation: linked as a chain link, centre
/// circles a constant R apart (every pair of opposite tube sections is a
/// near-closest pair: the worst case of branch and bound); linked at a
/// tilt (a generic closest pair); side by side, 0.1 apart; crossing.
const Pose pose_a = pose_from_euler_deg(vec3(0.1, 0.2, 0.3), vec3(5, 10, 15));
constexpr int situations = 4;
const char* situation_name(int s) {
  constexpr const char* names[situations] = {"linked_symmetric", "linked_tilted", "apart",
                                             "overlapping"};
  return names[s];
}
Pose pose_b(int situation) {
  const Pose local[situations] = {pose_from_euler_deg(vec3(1, 0, 0), vec3(90, 0, 0)),
                                  pose_from_euler_deg(vec3(1.05, 0.1, 0.05), vec3(75, 15, 0)),
                                  pose_from_euler_deg(vec3(2.7, 0, 0), vec3(0, 0, 0)),
                                  pose_from_euler_deg(vec3(0.2, 0, 0), vec3(90, 0, 0))};
  const Pose& l = local[situation];
  return Pose{pose_a.rotation * l.rotation, pose_a.apply(l.translation)};
}

/// Times query(B's pose of the situation); returns its answer.
template <class Query>
auto time_query(benchmark::State& state, int situation, Query query) {
  const Pose pb = pose_b(situation);
  decltype(query(pb)) answer{};
  for (auto _ : state) {
    answer = query(pb);
    benchmark::DoNotOptimize(answer);
  }
  return answer;
}

void sepax_query(benchmark::State& state, int situation) {
  const mesh::Result r = time_query(
      state, situation, [](const Pose& pb) { return mesh::query(ring(), pose_a, ring(), pb); });
  state.counters["distance"] = double(r.distance);
  state.counters["pairs"] = r.pairs_tested;
}

void sepax_intersect(benchmark::State& state, int situation) {
  const mesh::Hit h = time_query(
      state, situation, [](const Pose& pb) { return mesh::intersect(ring(), pose_a, ring(), pb); });
  state.counters["intersecting"] = h ? 1 : 0;
}

#if SEPAX_BENCH_HAVE_FCL
const peers::fcl_mesh::Model& fcl_ring() {
  static const auto m = peers::fcl_mesh::make(soup().vertices, soup().triangles);
  return *m;
}

/// FCL's answers checked against sepax's exact one (counter `wrong`, 1 or
/// 0): the verdict, and the distance when apart to 1e-3 of it.
void fcl_distance(benchmark::State& state, int situation) {
  const double d = time_query(state, situation, [](const Pose& pb) {
    return peers::fcl_mesh::distance(fcl_ring(), pose_a, fcl_ring(), pb);
  });
  const Pose pb = pose_b(situation);
  const mesh::Result exact = mesh::query(ring(), pose_a, ring(), pb);
  const bool wrong = exact.intersecting
                         ? d > 0
                         : std::abs(d - double(exact.distance)) > 1e-3 * double(exact.distance);
  state.counters["distance"] = d;
  state.counters["wrong"] = wrong ? 1 : 0;
}

void fcl_collide(benchmark::State& state, int situation) {
  const bool c = time_query(state, situation, [](const Pose& pb) {
    return peers::fcl_mesh::collide(fcl_ring(), pose_a, fcl_ring(), pb);
  });
  const Pose pb = pose_b(situation);
  state.counters["intersecting"] = c ? 1 : 0;
  state.counters["wrong"] = c != bool(mesh::intersect(ring(), pose_a, ring(), pb)) ? 1 : 0;
}
#endif

void register_rows() {
  for (int s = 0; s < situations; ++s) {
    const std::string name = situation_name(s);
    benchmark::RegisterBenchmark(("sepax/query/" + name).c_str(), sepax_query, s)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("sepax/intersect/" + name).c_str(), sepax_intersect, s)
        ->Unit(benchmark::kMicrosecond);
#if SEPAX_BENCH_HAVE_FCL
    benchmark::RegisterBenchmark(("fcl/distance/" + name).c_str(), fcl_distance, s)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("fcl/collide/" + name).c_str(), fcl_collide, s)
        ->Unit(benchmark::kMicrosecond);
#endif
  }
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  register_rows();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
