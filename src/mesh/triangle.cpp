// Exact queries on single triangles: the separating-axis verdict and the
// closest points of a triangle pair.
#include "core/closest_point.hpp"
#include "sepax/mesh.hpp"

#include <algorithm>
#include <cmath>

namespace sepax::mesh {

namespace {

struct Closest {
  real distance2 = std::numeric_limits<real>::infinity();
  vec3 a{real(0)};
  vec3 b{real(0)};
};

void keep_nearer(Closest& best, const vec3& a, const vec3& b) {
  const vec3 d = b - a;
  const real d2 = glm::dot(d, d);
  if (d2 < best.distance2) best = Closest{d2, a, b};
}

// Closest points of segments p1-q1 and p2-q2.
void segment_segment(const vec3& p1, const vec3& q1, const vec3& p2, const vec3& q2,
                     Closest& best) {
  const vec3 d1 = q1 - p1, d2 = q2 - p2;
  const sepax::detail::SegmentParams st = sepax::detail::closest_on_segments(p1, d1, p2, d2);
  keep_nearer(best, p1 + d1 * st.s, p2 + d2 * st.t);
}

// Closest points of two disjoint triangles: when they do not intersect, the
// closest pair is on two edges or is a vertex and the other triangle
// (Ericson 5.2.1, the case list for triangle-triangle distance).
Closest closest_features(const convex::Triangle& a, const convex::Triangle& b) {
  Closest best;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      segment_segment(a.p[i], a.p[(i + 1) % 3], b.p[j], b.p[(j + 1) % 3], best);
  for (int i = 0; i < 3; ++i) {
    keep_nearer(best, a.p[i], detail::closest_on_triangle(a.p[i], b.p[0], b.p[1], b.p[2]));
    keep_nearer(best, detail::closest_on_triangle(b.p[i], a.p[0], a.p[1], a.p[2]), b.p[i]);
  }
  return best;
}

// Gap between the triangles along axis d (any length): the distance
// between their projections on d over |d|, negative when they overlap.
// -infinity for an axis too short to have a direction.
real gap_along(const vec3& d, real min_length2, const convex::Triangle& a,
               const convex::Triangle& b) {
  const real len2 = glm::dot(d, d);
  if (!(len2 > min_length2)) return -std::numeric_limits<real>::infinity();
  const real a0 = glm::dot(d, a.p[0]), a1 = glm::dot(d, a.p[1]), a2 = glm::dot(d, a.p[2]);
  const real b0 = glm::dot(d, b.p[0]), b1 = glm::dot(d, b.p[1]), b2 = glm::dot(d, b.p[2]);
  const real gap = std::max(std::min({b0, b1, b2}) - std::max({a0, a1, a2}),
                            std::min({a0, a1, a2}) - std::max({b0, b1, b2}));
  return gap / std::sqrt(len2);
}

// Largest gap over the separating axes of two triangles (Möller 1997;
// Ericson 4.4 and 5.2.1): the 2 normals, the 9 edge cross products, and the
// 6 in-plane edge normals that decide coplanar pairs. A cross product of
// edges parallel within tol::parallel has no direction and is skipped; the
// other axes cover that case. Returns as soon as a gap exceeds `stop`.
real largest_gap(const convex::Triangle& a, const convex::Triangle& b, real stop) {
  const vec3 ea[3] = {a.p[1] - a.p[0], a.p[2] - a.p[1], a.p[0] - a.p[2]};
  const vec3 eb[3] = {b.p[1] - b.p[0], b.p[2] - b.p[1], b.p[0] - b.p[2]};
  const vec3 na = glm::cross(ea[0], -ea[2]), nb = glm::cross(eb[0], -eb[2]);
  real best = std::max(gap_along(na, 0, a, b), gap_along(nb, 0, a, b));
  if (best > stop) return best;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      const real floor =
          tol::parallel * tol::parallel * glm::dot(ea[i], ea[i]) * glm::dot(eb[j], eb[j]);
      best = std::max(best, gap_along(glm::cross(ea[i], eb[j]), floor, a, b));
      if (best > stop) return best;
    }
  for (int i = 0; i < 3; ++i) {
    best = std::max(best, gap_along(glm::cross(na, ea[i]), 0, a, b));
    best = std::max(best, gap_along(glm::cross(nb, eb[i]), 0, a, b));
    if (best > stop) return best;
  }
  return best;
}

}  // namespace

TrianglePair triangle_pair(const convex::Triangle& a, const convex::Triangle& b, real band,
                           real max_distance) {
  TrianglePair r;
  const real gap = largest_gap(a, b, std::max(band, max_distance));
  if (gap > band && gap >= max_distance) {
    r.distance = gap;  // a lower bound; the caller has a nearer pair already
    return r;
  }
  const Closest c = closest_features(a, b);
  r.point_a = c.a;
  r.point_b = c.b;
  r.intersecting = !(gap > band);
  // Apart: the closest features give the distance, and no axis can show
  // more than that; max() keeps it from rounding below the gap.
  r.distance = r.intersecting ? real(0) : std::max(std::sqrt(c.distance2), gap);
  return r;
}

}  // namespace sepax::mesh
