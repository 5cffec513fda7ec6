// convexity(): how deep a mesh's vertices and triangle centres lie inside its
// convex hull, whether the mesh is closed, and the hull-to-mesh volume ratio.
#include "sepax/convexity.hpp"

#include "hull_planes.hpp"
#include "sepax/tolerances.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

namespace sepax {

namespace {

using Triangle = std::array<index_t, 3>;

/// A triangle whose indices all name vertices, and three different ones.
bool usable(const Triangle& t, std::size_t vertex_count) {
  for (const index_t i : t)
    if (i < 0 || static_cast<std::size_t>(i) >= vertex_count) return false;
  return t[0] != t[1] && t[1] != t[2] && t[0] != t[2];
}

/// Every edge used once in each direction (degenerate triangles ignored), and
/// a triangle with a bad index makes the mesh open.
bool is_closed(std::span<const Triangle> triangles, std::size_t vertex_count) {
  std::vector<std::pair<index_t, index_t>> edges;
  edges.reserve(3 * triangles.size());
  for (const Triangle& t : triangles) {
    for (const index_t i : t)
      if (i < 0 || static_cast<std::size_t>(i) >= vertex_count) return false;
    if (!usable(t, vertex_count)) continue;
    for (int k = 0; k < 3; ++k) edges.emplace_back(t[k], t[(k + 1) % 3]);
  }
  if (edges.empty()) return false;
  std::sort(edges.begin(), edges.end());
  if (std::adjacent_find(edges.begin(), edges.end()) != edges.end()) return false;
  return std::all_of(edges.begin(), edges.end(), [&](const auto& e) {
    return std::binary_search(edges.begin(), edges.end(), std::pair{e.second, e.first});
  });
}

/// Volume of the hull: tetrahedra from its centroid to each face's fan.
real hull_volume(const Hull& hull) {
  if (hull.is_flat()) return 0;
  const vec3 c = hull.centroid();
  real volume = 0;
  for (const Face& face : hull.faces()) {
    const HalfEdge* he = &hull.half_edges()[face.edge];
    const vec3 first = hull.vertices()[he->origin] - c;
    he = &hull.half_edges()[he->next];
    for (index_t k = 1; k + 1 < face.count; ++k) {
      const vec3 b = hull.vertices()[he->origin] - c;
      he = &hull.half_edges()[he->next];
      const vec3 d = hull.vertices()[he->origin] - c;
      volume += glm::dot(first, glm::cross(b, d));
    }
  }
  return volume / real(6);
}

/// Volume a closed mesh encloses (by the divergence theorem, Gauss: signed
/// tetrahedra from a point near the mesh, so that the sum does not lose
/// digits far from the origin), taken positive whatever the orientation.
real mesh_volume(std::span<const vec3> vertices, std::span<const Triangle> triangles,
                 const vec3& origin) {
  real volume = 0;
  for (const Triangle& t : triangles) {
    if (!usable(t, vertices.size())) continue;
    const vec3 a = vertices[t[0]] - origin;
    volume += glm::dot(a, glm::cross(vertices[t[1]] - origin, vertices[t[2]] - origin));
  }
  return std::abs(volume) / real(6);
}

/// Area of the hull's polygon, for a flat hull (face 0's fan).
real polygon_area(const Hull& hull) {
  const Face& face = hull.faces()[0];
  const HalfEdge* he = &hull.half_edges()[face.edge];
  const vec3 first = hull.vertices()[he->origin];
  vec3 twice{real(0)};
  for (index_t k = 0; k < face.count; ++k) {
    const vec3 b = hull.vertices()[he->origin] - first;
    he = &hull.half_edges()[he->next];
    twice += glm::cross(b, hull.vertices()[he->origin] - first);
  }
  return glm::length(twice) / real(2);
}

/// Total area of the usable triangles.
real mesh_area(std::span<const vec3> vertices, std::span<const Triangle> triangles) {
  real area = 0;
  for (const Triangle& t : triangles)
    if (usable(t, vertices.size()))
      area +=
          glm::length(glm::cross(vertices[t[1]] - vertices[t[0]], vertices[t[2]] - vertices[t[0]]));
  return area / real(2);
}

}  // namespace

Convexity convexity(const Hull& hull, std::span<const vec3> vertices,
                    std::span<const Triangle> triangles) {
  Convexity out;
  if (hull.empty()) return out;
  out.tolerance = std::max(tol::convex_shape * hull.extent(), tol::coplanar * hull.magnitude());
  out.deepest_point = hull.centroid();
  const std::vector<Plane> planes = detail::bounding_planes(hull);
  const auto visit = [&](const vec3& p, index_t& inner) {
    const real depth = std::max(-detail::plane_distance(planes, p), real(0));
    if (depth > out.tolerance) ++inner;
    if (depth > out.max_depth) {
      out.max_depth = depth;
      out.deepest_point = p;
    }
  };
  for (const vec3& p : vertices) visit(p, out.inner_vertices);
  out.closed = is_closed(triangles, vertices.size());
  if (hull.is_flat() && !triangles.empty()) {
    // Every triangle of a flat mesh lies on the two-sided polygon; the mesh
    // is the polygon when its triangles cover it.
    const real area = mesh_area(vertices, triangles), polygon = polygon_area(hull);
    out.convex = polygon <= area + out.tolerance * hull.extent();
    if (area > 0) out.hull_ratio = polygon / area;
    return out;
  }
  for (const Triangle& t : triangles)
    if (usable(t, vertices.size()))
      visit((vertices[t[0]] + vertices[t[1]] + vertices[t[2]]) / real(3), out.inner_triangles);
  out.convex = out.inner_vertices == 0 && out.inner_triangles == 0;
  if (out.closed) {
    const real solid = mesh_volume(vertices, triangles, hull.centroid());
    const real hull_solid = hull_volume(hull);
    // A closed mesh of zero volume (two triangles back to back) has no ratio.
    if (solid > tol::coplanar * hull.extent() * hull_solid) out.hull_ratio = hull_solid / solid;
  }
  return out;
}

}  // namespace sepax
