// bench_mesh_contact: a body's manifold against a triangulated floor
// (contact::collide with a TriangleMesh, contact_mesh.hpp), cold and with
// its MeshCache, beside the same body resting on a box ground (the hull
// pair's manifold with contact::Cache and sat::Resting): what a body on a
// mesh floor costs an engine per frame, against a body on one box.
//
// Rows "mesh_contact/<body>/<ground>/<road>": body box (1 x 0.6 x 0.4) or
// hull32 (a random 32-vertex hull, 1 across); ground grid (a 16 x 16 floor
// of 1 x 1 squares, each two triangles), random (the same floor with its
// inner vertices moved up to 35% of a square in the plane), bumpy (random,
// and up or down by up to 0.005: no longer one plane, each triangle
// decided) or box (one 16 x 16 x 1 box); road cold (no cache) or cached. The body slides across
// the ground along a path of 128 frames, forth and back (0.02 of its size
// a frame, turning 0.5 degrees about the vertical, tilted 2 degrees, sunk
// 1% of its size). Counters: triangles (decided per query), points.
#include "sepax/contact.hpp"
#include "sepax/contact_mesh.hpp"
#include "sepax/shapes.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <random>
#include <string>
#include <vector>

using namespace sepax;

namespace {

constexpr int frames = 128;

TriangleMesh floor_mesh(double jitter, double bump = 0) {
  constexpr int n = 16;
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(-jitter, jitter), h(-bump, bump);
  std::vector<vec3> v;
  std::vector<std::array<index_t, 3>> t;
  for (int j = 0; j <= n; ++j)
    for (int i = 0; i <= n; ++i) {
      const bool rim = i == 0 || j == 0 || i == n || j == n;
      v.emplace_back(real(i - n / 2) + (rim ? 0 : real(u(rng))),
                     real(j - n / 2) + (rim ? 0 : real(u(rng))), rim ? real(0) : real(h(rng)));
    }
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      const index_t a = j * (n + 1) + i;
      t.push_back({a, a + 1, a + n + 2});
      t.push_back({a, a + n + 2, a + n + 1});
    }
  return TriangleMesh::from_triangles(std::span<const vec3>(v), t).mesh;
}

const Hull& body(int kind) {
  static const Hull box = shapes::box(vec3(0.5, 0.3, 0.2));
  static const Hull hull = shapes::random_hull(32, real(0.5), 21);
  return kind == 0 ? box : hull;
}

/// The path's poses: each frame's body pose with its lowest point 1% of
/// its size below z = 0.
std::vector<Pose> path(const Hull& b) {
  std::vector<Pose> poses;
  for (int k = 0; k < 2 * frames; ++k) {
    const int f = k < frames ? k : 2 * frames - 1 - k;
    Pose p =
        pose_from_euler_deg(vec3(real(-2 + 0.02 * f), real(0.3), 0), vec3(2, 1, real(0.5 * f)));
    real lowest = 1e30f;
    for (const vec3& v : b.vertices()) lowest = std::min(lowest, p.apply(v).z);
    p.translation.z = -lowest - real(0.01) * b.extent();
    poses.push_back(p);
  }
  return poses;
}

void on_mesh(benchmark::State& state, int kind, double jitter, double bump, bool cached) {
  const TriangleMesh ground = floor_mesh(jitter, bump);
  const Hull& b = body(kind);
  const std::vector<Pose> poses = path(b);
  contact::MeshScratch scratch;
  contact::MeshCache cache;
  std::size_t i = 0;
  double triangles = 0, points = 0, queries = 0;
  for (auto _ : state) {
    const contact::MeshManifold m = contact::collide(b, poses[i], ground, Pose{}, scratch,
                                                     real(0.02), cached ? &cache : nullptr);
    benchmark::DoNotOptimize(m);
    triangles += m.triangles_tested;
    for (int r = 0; r < m.count; ++r) points += m.regions[r].count;
    queries += 1;
    if (++i == poses.size()) i = 0;
  }
  state.counters["triangles"] = triangles / std::max(queries, 1.0);
  state.counters["points"] = points / std::max(queries, 1.0);
}

void on_box(benchmark::State& state, int kind, bool cached) {
  const Hull ground = shapes::box(vec3(8, 8, 0.5));
  const Pose ground_pose{mat3(1), vec3(0, 0, -0.5)};
  const Hull& b = body(kind);
  const std::vector<Pose> poses = path(b);
  contact::Cache cache;
  sat::Resting resting;
  std::size_t i = 0;
  double points = 0, queries = 0;
  for (auto _ : state) {
    const contact::Manifold m =
        cached ? contact::collide(b, poses[i], ground, ground_pose, real(0.02), &cache, &resting)
               : contact::collide(b, poses[i], ground, ground_pose, real(0.02));
    benchmark::DoNotOptimize(m);
    points += m.count;
    queries += 1;
    if (++i == poses.size()) i = 0;
  }
  state.counters["triangles"] = 0;
  state.counters["points"] = points / std::max(queries, 1.0);
}

}  // namespace

int main(int argc, char** argv) {
  const char* bodies[] = {"box", "hull32"};
  for (int kind = 0; kind < 2; ++kind) {
    const std::string name = std::string("mesh_contact/") + bodies[kind];
    for (const bool cached : {false, true}) {
      const char* road = cached ? "cached" : "cold";
      benchmark::RegisterBenchmark((name + "/grid/" + road).c_str(), on_mesh, kind, 0.0, 0.0,
                                   cached);
      benchmark::RegisterBenchmark((name + "/random/" + road).c_str(), on_mesh, kind, 0.35, 0.0,
                                   cached);
      benchmark::RegisterBenchmark((name + "/bumpy/" + road).c_str(), on_mesh, kind, 0.35, 0.005,
                                   cached);
      benchmark::RegisterBenchmark((name + "/box/" + road).c_str(), on_box, kind, cached);
    }
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  return 0;
}
