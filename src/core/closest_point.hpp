// The point of a triangle closest to a point, for any glm vector type (the
// mesh queries in `real`, sepax_decompose's error measure in double).
// Internal to the library (mesh_triangle.cpp, decompose.cpp).
#pragma once

#include <glm/glm.hpp>

namespace sepax::detail {

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
