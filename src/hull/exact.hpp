// The convex hull of a point set with exact orientation tests: the fallback
// of Hull::from_points where Qhull's floating-point decisions leave a face
// whose plane cuts the hull (hull/build.cpp). Not installed.
#pragma once

#include "sepax/hull.hpp"

#include <array>
#include <cstddef>
#include <span>
#include <vector>

namespace sepax::detail {

/// Sign of the orientation of p against the plane through a, b, c: +1 when
/// p lies above it (on the side of cross(b - a, c - a)), -1 below, 0 on it.
/// Exact for any finite coordinates whose products of three do not
/// underflow or overflow: a
/// floating-point filter decides when its error bound allows, otherwise an
/// exact sum of the determinant's terms (Shewchuk, "Adaptive Precision
/// Floating-Point Arithmetic and Fast Robust Geometric Predicates", 1997).
int orientation(const glm::dvec3& a, const glm::dvec3& b, const glm::dvec3& c, const glm::dvec3& p);

/// Triangles (indices into `points`, counter-clockwise seen from outside) of
/// the convex hull of `points`, built incrementally (beneath-beyond) from
/// the tetrahedron `start`, whose four points must not be coplanar. A point
/// enters the hull when it lies strictly above a face; points on a face's
/// plane do not, so every corner is an extreme point. O(n * faces): a
/// fallback for clouds where Qhull's round-off decided wrongly, not the
/// main path. Empty should the surface fail to close, which exact signs
/// rule out (a product below the smallest normal double, of coordinates
/// 1e-100 apart on a hull of size 1, would break exactness).
std::vector<std::array<index_t, 3>> exact_hull(std::span<const glm::dvec3> points,
                                               std::array<std::size_t, 4> start);

/// The faces of the hull `triangles` (from exact_hull) as polygons: exactly
/// coplanar neighbours are merged into one loop, counter-clockwise seen from
/// outside, and points that are not corners (inside a face, or inside an
/// edge, where fewer than three faces meet) are left out. exact_hull keeps
/// such points when they entered the hull before the points that cover them.
std::vector<std::vector<index_t>> exact_faces(std::span<const glm::dvec3> points,
                                              std::span<const std::array<index_t, 3>> triangles);

}  // namespace sepax::detail
