// Closest points of segments and triangles (Ericson, Real-Time Collision
// Detection 5.1), written once for every module: the edge contact of two
// hulls, the capsule queries, the triangle pairs of meshes, the
// decomposition's error measure. Internal to the library.
#pragma once

#include "sepax/tolerances.hpp"

#include <glm/glm.hpp>

namespace sepax::detail {

/// x clamped to [0, 1]; NaN gives 0.
[[nodiscard]] inline real clamp01(real x) {
  return !(x > 0) ? real(0) : x < 1 ? x : real(1);
}

/// The parameter t in [0, 1] of the point a + t ab of a segment nearest p
/// (Ericson 5.1.2); 0 for a segment of zero length.
[[nodiscard]] inline real closest_on_segment(const vec3& p, const vec3& a, const vec3& ab) {
  const real length2 = glm::dot(ab, ab);
  return length2 > 0 ? clamp01(glm::dot(p - a, ab) / length2) : real(0);
}

/// Parameters of the closest points p1 + s d1 and p2 + t d2 of two segments.
struct SegmentParams {
  real s = 0;
  real t = 0;
};

/// The closest points of segments p1 + s d1 and p2 + t d2, s and t in
/// [0, 1] (Ericson 5.1.9): the lines' closest points, s clamped, t for that
/// s, clamped, then s again for the clamped t. A segment of zero length is
/// a point. Segments within tol::parallel of parallel (the sine of their
/// angle) take s = 0 first, as any s has the same distance where parallel
/// segments overlap; the clamping then ends on a closest pair. Never NaN
/// for finite input.
[[nodiscard]] inline SegmentParams closest_on_segments(const vec3& p1, const vec3& d1,
                                                       const vec3& p2, const vec3& d2) {
  const vec3 r = p1 - p2;
  const real a = glm::dot(d1, d1), e = glm::dot(d2, d2), f = glm::dot(d2, r);
  if (!(a > 0)) return {real(0), e > 0 ? clamp01(f / e) : real(0)};
  const real c = glm::dot(d1, r);
  if (!(e > 0)) return {clamp01(-c / a), real(0)};
  const real b = glm::dot(d1, d2), denom = a * e - b * b;  // a e sin^2 of their angle
  SegmentParams p;
  if (denom > tol::parallel * tol::parallel * a * e) p.s = clamp01((b * f - c * e) / denom);
  p.t = (b * p.s + f) / e;
  if (!(p.t > 0)) {
    p.t = 0;
    p.s = clamp01(-c / a);
  } else if (p.t > 1) {
    p.t = 1;
    p.s = clamp01((b - c) / a);
  }
  return p;
}

/// Point of triangle abc closest to p (Ericson, Real-Time Collision
/// Detection 5.1.5): p's Voronoi region (a corner, an edge or the face) from
/// barycentric sign tests, then the projection onto it. A zero-area
/// triangle gets a corner or an edge point from the tests, or `a`.
template <class V>
V closest_on_triangle(const V& p, const V& a, const V& b, const V& c) {
  using T = typename V::value_type;
  const V ab = b - a, ac = c - a, ap = p - a;
  const T d1 = glm::dot(ab, ap), d2 = glm::dot(ac, ap);
  if (d1 <= 0 && d2 <= 0) return a;
  const V bp = p - b;
  const T d3 = glm::dot(ab, bp), d4 = glm::dot(ac, bp);
  if (d3 >= 0 && d4 <= d3) return b;
  const T vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) return a + ab * (d1 / (d1 - d3));
  const V cp = p - c;
  const T d5 = glm::dot(ab, cp), d6 = glm::dot(ac, cp);
  if (d6 >= 0 && d5 <= d6) return c;
  const T vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) return a + ac * (d2 / (d2 - d6));
  const T va = d3 * d6 - d5 * d4;
  if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0)
    return b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6)));
  const T denom = va + vb + vc;
  if (!(denom > 0)) return a;
  return a + ab * (vb / denom) + ac * (vc / denom);
}

}  // namespace sepax::detail
