// validate(): the expensive self-check of a built hull, for tests and the
// tool.
#include "sepax/hull.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

namespace sepax {

namespace {

// Largest signed distance of p outside the hull's planes; for a flat polygon
// also its distance outside the polygon within the plane, since its two
// face planes alone bound a slab, not a polygon. Outside the polygon that
// is the distance to the nearest edge as a segment: the planes through the
// edges (perpendicular to the polygon) see a point beyond a needle's tip
// only by the tip's angle, 6e-8 for a point 10 past a tip 4e-8 wide and 27
// long.
real outside_distance(const Hull& h, const vec3& p) {
  real d = -std::numeric_limits<real>::max();
  for (const Plane& pl : h.planes()) d = std::max(d, pl.distance(p));
  if (h.is_flat()) {
    const vec3 n = h.planes()[0].normal;
    const vec3 q = p - n * h.planes()[0].distance(p);  // p projected onto the polygon's plane
    real side = -std::numeric_limits<real>::max(), nearest = std::numeric_limits<real>::max();
    const Face& front = h.faces()[0];
    index_t e = front.edge;
    for (index_t k = 0; k < front.count; ++k, e = h.half_edges()[e].next) {
      const vec3 a = h.vertices()[h.half_edges()[e].origin];
      const vec3 b = h.vertices()[h.half_edges()[h.half_edges()[e].next].origin];
      side = std::max(side, glm::dot(glm::normalize(glm::cross(b - a, n)), q - a));
      const real len2 = glm::dot(b - a, b - a);
      const real t = len2 > 0 ? std::clamp(glm::dot(q - a, b - a) / len2, real(0), real(1)) : 0;
      nearest = std::min(nearest, glm::length(q - a - (b - a) * t));
    }
    d = std::max(d, side > 0 ? std::max(side, nearest) : side);
  }
  return d;
}

void check_topology(const Hull& h, HullReport& r) {
  const auto& he = h.half_edges();
  for (index_t e = 0; e < index_t(he.size()); ++e) {
    const HalfEdge& x = he[e];
    if (x.twin != (e ^ 1) || he[x.twin].twin != e || x.next < 0 ||
        he[x.twin].origin != he[x.next].origin || he[x.next].face != x.face) {
      r.problems.push_back("half-edge " + std::to_string(e) + ": twin/next/face inconsistent");
      return;
    }
  }
  for (std::size_t f = 0; f < h.face_count(); ++f) {
    index_t e = h.faces()[f].edge;
    for (index_t k = 0; k < h.faces()[f].count; ++k) e = he[e].next;
    if (e != h.faces()[f].edge)
      r.problems.push_back("face " + std::to_string(f) + ": loop does not close");
  }
}

// Unit plane normals and finite derived numbers: a NaN would otherwise pass
// the distance checks vacuously. Unit within tol::coplanar (relative).
void check_numbers(const Hull& h, HullReport& r) {
  for (std::size_t f = 0; f < h.face_count(); ++f) {
    const Plane& p = h.planes()[f];
    if (!(std::abs(glm::length(p.normal) - real(1)) <= tol::coplanar) || !std::isfinite(p.offset)) {
      r.problems.push_back("face " + std::to_string(f) +
                           ": plane normal not unit or offset not finite");
      return;
    }
  }
  const vec3 c = h.centroid();
  if (!std::isfinite(c.x) || !std::isfinite(c.y) || !std::isfinite(c.z) ||
      !std::isfinite(h.extent()) || !std::isfinite(h.magnitude()))
    r.problems.push_back("centroid, extent or magnitude not finite");
}

std::string fmt(const char* what, real value, real bound) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%s %.3g exceeds tolerance %.3g", what, double(value),
                double(bound));
  return buf;
}

}  // namespace

HullReport validate(const Hull& h, std::span<const vec3> input_points) {
  HullReport r;
  if (h.empty()) {
    r.ok = false;
    r.problems.push_back("hull is empty");
    return r;
  }
  r.euler = int(h.vertex_count()) - int(h.edge_count()) + int(h.face_count());
  if (r.euler != 2)
    r.problems.push_back("Euler characteristic V - E + F = " + std::to_string(r.euler) +
                         ", expected 2");
  check_topology(h, r);
  check_numbers(h, r);

  // A flat polygon is planar to round-off, but the points it was built from
  // may lie up to tol::flat of its extent off its plane.
  r.tolerance = tol::coplanar * h.magnitude() + (h.is_flat() ? tol::flat * h.extent() : real(0));
  for (std::size_t f = 0; f < h.face_count(); ++f) {
    index_t e = h.faces()[f].edge;
    for (index_t k = 0; k < h.faces()[f].count; ++k, e = h.half_edges()[e].next) {
      const real d = std::abs(h.planes()[f].distance(h.vertices()[h.half_edges()[e].origin]));
      r.max_nonplanarity = std::max(r.max_nonplanarity, d);
    }
  }
  for (const vec3& v : h.vertices())
    r.max_nonconvexity = std::max(r.max_nonconvexity, outside_distance(h, v));
  for (const vec3& p : input_points)
    r.max_outside = std::max(r.max_outside, outside_distance(h, p));

  if (!(r.max_nonplanarity <= r.tolerance))
    r.problems.push_back(fmt("face non-planarity", r.max_nonplanarity, r.tolerance));
  if (!(r.max_nonconvexity <= r.tolerance))
    r.problems.push_back(fmt("vertex outside a face plane by", r.max_nonconvexity, r.tolerance));
  // Hull::from_points counts input points as one when they lie within
  // tol::degenerate of the extent of each other, or within tol::coplanar of
  // the magnitude, the round-off of their coordinates, where that is larger
  // (far from the origin): it keeps one of them, which lies within
  // `tolerance` of the hull, so the others may lie that radius farther out.
  const real outside_tolerance =
      r.tolerance + std::max(tol::degenerate * h.extent(), tol::coplanar * h.magnitude());
  if (!(r.max_outside <= outside_tolerance))
    r.problems.push_back(fmt("input point outside the hull by", r.max_outside, outside_tolerance));
  r.ok = r.problems.empty();
  return r;
}

}  // namespace sepax
