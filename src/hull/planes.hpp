// The half-spaces whose intersection is a hull's solid, for "how far is p
// outside (or inside) this hull" by one loop over planes. Internal to the
// library (analysis/convexity.cpp, analysis/hull_cap.cpp).
#pragma once

#include "sepax/hull.hpp"

#include <algorithm>
#include <limits>
#include <vector>

namespace sepax::detail {

/// A hull's face planes; for a flat hull, the planes through its outline's
/// edges perpendicular to the polygon instead (every point of the polygon's
/// plane is on a two-sided polygon's surface, so in and out are measured
/// within the plane).
inline std::vector<Plane> bounding_planes(const Hull& hull) {
  if (!hull.is_flat()) return {hull.planes().begin(), hull.planes().end()};
  std::vector<Plane> planes;
  const vec3 n = hull.planes()[0].normal;
  const Face& face = hull.faces()[0];
  index_t e = face.edge;
  for (index_t k = 0; k < face.count; ++k) {
    const HalfEdge& he = hull.half_edges()[e];
    const vec3 a = hull.vertices()[he.origin];
    const vec3 b = hull.vertices()[hull.half_edges()[he.next].origin];
    const vec3 out = glm::normalize(glm::cross(b - a, n));  // the polygon is on the left of a -> b
    planes.push_back({out, glm::dot(out, a)});
    e = he.next;
  }
  return planes;
}

/// Largest signed distance of p to the planes: > 0 outside the region they
/// bound (a lower bound of the Euclidean distance to it), <= 0 inside, where
/// minus it is the distance to the boundary.
inline real plane_distance(const std::vector<Plane>& planes, const vec3& p) {
  real d = -std::numeric_limits<real>::max();
  for (const Plane& plane : planes) d = std::max(d, plane.distance(p));
  return d;
}

}  // namespace sepax::detail
