// Point clouds and meshes that more than one test or benchmark uses,
// written out once (header-only).
#pragma once

#include "sepax/hull.hpp"
#include "sepax/mesh.hpp"
#include "sepax/types.hpp"

#include <array>
#include <cmath>
#include <numbers>
#include <vector>

namespace sepax::test {

/// Nineteen points of a hull about 0.01 across on a 0.001 grid near the
/// origin, some repeated: hull A of the SAT regressions on Gauss-map arcs of
/// 1e-7 rad, against jittered grid hulls 760 away.
inline std::vector<vec3> grid_hull_points() {
  return {
      {-0.0054999999999999997, -0.0054999999999999997, -0.0075000000000000006},
      {-0.0065000000000000006, -0.0065000000000000006, -0.0075000000000000006},
      {-0.0035000000000000001, -0.0035000000000000001, -0.0045000000000000005},
      {-0.0015, 0.0015, -0.0075000000000000006},
      {-0.0054999999999999997, -0.0065000000000000006, -0.0075000000000000006},
      {-0.0045000000000000005, -0.0054999999999999997, -0.0055000000000000005},
      {-0.0035000000000000001, -0.0035000000000000001, -0.0045000000000000005},
      {-0.0035000000000000001, -0.0035000000000000001, -0.0045000000000000005},
      {-0.0035000000000000001, -0.0015, -0.0075000000000000006},
      {-0.0015, -0.0065000000000000006, -0.0075000000000000006},
      {0.0015, -0.0035000000000000001, -0.0045000000000000005},
      {-0.0035000000000000001, -0.0065000000000000006, -0.0075000000000000006},
      {-0.0065000000000000006, 0.00050000000000000001, -0.0045000000000000005},
      {-0.0065000000000000006, -0.0035000000000000001, -0.0075000000000000006},
      {-0.0065000000000000006, -0.0065000000000000006, -0.0075000000000000006},
      {0.0025000000000000001, -0.0065000000000000006, -0.0064999999999999997},
      {-0.0065000000000000006, -0.0065000000000000006, -0.0075000000000000006},
      {-0.0035000000000000001, -0.0065000000000000006, -0.0075000000000000006},
      {0.0015, 0.0015, -0.0045000000000000005},
  };
}

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

/// A hull's surface as a closed mesh: each face a fan from its first
/// corner, counter-clockwise seen from outside.
inline TriangleMesh surface_of(const Hull& hull) {
  std::vector<std::array<index_t, 3>> tris;
  const auto he = hull.half_edges();
  for (const Face& f : hull.faces()) {
    const index_t first = he[f.edge].origin;
    index_t e = he[f.edge].next;
    for (index_t k = 1; k + 1 < f.count; ++k, e = he[e].next)
      tris.push_back({first, he[e].origin, he[he[e].next].origin});
  }
  const std::vector<vec3> verts(hull.vertices().begin(), hull.vertices().end());
  return TriangleMesh::from_triangles(std::span<const vec3>(verts), tris).mesh;
}

}  // namespace sepax::test
