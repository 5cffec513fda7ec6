// sepax: reference queries for sepax's own tests and benchmarks (not
// installed, not part of the API): the slow versions that every fast path
// is checked and timed against.
#pragma once

#include "sepax/sat.hpp"

#include <array>
#include <cmath>
#include <numbers>
#include <vector>

namespace sepax::sat {

/// The general path of query() without the box-box specialization and
/// without a cache (for tests and benchmarks).
[[nodiscard]] SEPAX_API Result query_general(const Hull& a, const Pose& pose_a, const Hull& b,
                                             const Pose& pose_b);

/// naive_query: the seeds' version: project both hulls' vertices on every
/// face normal and every non-parallel edge-pair cross product and compare
/// the intervals; the overlap on an axis is the smaller of the two push-out
/// distances (the containment correction), so the minimum over all axes is
/// the exact depth. O((F_A + F_B + E_A E_B) (V_A + V_B)).
[[nodiscard]] SEPAX_API Result naive_query(const Hull& a, const Pose& pose_a, const Hull& b,
                                           const Pose& pose_b);

/// all_edges_query: face queries as in query(), then every non-parallel edge
/// pair (no Gauss-map pruning), each axis oriented away from A and evaluated
/// with support points. O(F_A V_B + F_B V_A + E_A E_B (V_A + V_B)).
[[nodiscard]] SEPAX_API Result all_edges_query(const Hull& a, const Pose& pose_a, const Hull& b,
                                               const Pose& pose_b);

}  // namespace sepax::sat

namespace sepax::testing {

/// Vertices and triangles (three indices each) of a generated mesh.
struct Soup {
  std::vector<vec3> vertices;
  std::vector<std::array<index_t, 3>> triangles;
};

/// Torus around the z axis: centre circle of radius R, vertices on the tube
/// of radius r (nu steps around z, nv around the tube), 2 nu nv outward
/// triangles; a closed mesh. For the mesh tests and bench_mesh.
inline Soup torus(real R, real r, int nu, int nv) {
  Soup s;
  const real two_pi = 2 * std::numbers::pi_v<real>;
  for (int i = 0; i < nu; ++i)
    for (int j = 0; j < nv; ++j) {
      const real u = two_pi * real(i) / real(nu), v = two_pi * real(j) / real(nv);
      const real rho = R + r * std::cos(v);
      s.vertices.emplace_back(rho * std::cos(u), rho * std::sin(u), r * std::sin(v));
    }
  const auto id = [&](int i, int j) { return index_t((i % nu) * nv + (j % nv)); };
  for (int i = 0; i < nu; ++i)
    for (int j = 0; j < nv; ++j) {
      s.triangles.push_back({id(i, j), id(i + 1, j), id(i + 1, j + 1)});
      s.triangles.push_back({id(i, j), id(i + 1, j + 1), id(i, j + 1)});
    }
  return s;
}

}  // namespace sepax::testing
