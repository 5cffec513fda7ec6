// Repairs of the faces Qhull builds, where its round-off leaves a face whose
// plane cuts the hull, and the check that sends the build to the exact hull
// when they cannot (hull/build.cpp). Not installed.
#pragma once

#include "sepax/hull.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace sepax::detail {

/// Repairs, in order, the faces of `h` (built from `loops`, vertices in the
/// same order as `centred`, the points in the build's centred units) whose
/// planes cut the hull by more than tol::coplanar of its magnitude:
/// 1. a triangle of no area (its corners within `merge_tolerance`, in the
///    centred units, of one line) whose plane cuts the hull or is NaN goes
///    into the face across its longest edge;
/// 2. a merged face with a reflex edge is split into the triangles of its
///    points' hull (Qhull merges facets within its round-off of one plane,
///    and next to a cluster of nearly coincident points such a face is a
///    sliver whose plane tilts by far more than round-off at its far end);
/// 3. reflex edges between triangles are flipped.
/// `h` and `loops` are replaced by the repaired ones. Returns "" on
/// success, else a message (the repaired loops did not close).
[[nodiscard]] std::string repair_faces(Hull& h, std::vector<std::vector<index_t>>& loops,
                                       const std::vector<glm::dvec3>& centred,
                                       double merge_tolerance);

/// Relative margin on the squares by which is_sliver decides without square
/// roots: well beyond the few roundings between the squares and the test on
/// the roots (about 10 eps), in float as in double.
inline constexpr real sliver_margin = real(1e-4);

/// True when triangle a, b, c is narrower than `sliver` times its longest
/// edge: |(b - a) x (c - a)| < sliver * longest^2, longest the largest of the
/// edges' lengths, evaluated in that order. Where the squares of the two
/// sides leave no doubt (their ratio beyond sliver_margin, and no underflow)
/// no root is taken; the answer is the same, as roots round monotonically.
/// Inline so that its test can compare it with the plain evaluation.
[[nodiscard]] inline bool is_sliver(const vec3& a, const vec3& b, const vec3& c, real sliver) {
  const vec3 ab = b - a, bc = c - b, ca = a - c;
  const real longest2 = std::max({glm::dot(ab, ab), glm::dot(bc, bc), glm::dot(ca, ca)});
  const vec3 n = glm::cross(ab, c - a);
  const real n2 = glm::dot(n, n);
  const real bound = sliver * longest2;
  const real clear = bound * bound * (real(1) + sliver_margin);
  if (clear >= std::numeric_limits<real>::min() && n2 > clear) return false;
  const real longest = std::sqrt(longest2);
  return !(std::sqrt(n2) >= sliver * longest * longest);
}

/// True when every face has a plane and no vertex of a face next to it
/// lies outside that plane by more than `tolerance`. repair_faces then
/// changes nothing: each of its repairs starts from a face without a plane
/// or with such a vertex outside it.
[[nodiscard]] bool planes_hold(const Hull& h, real tolerance);

/// True when some vertex lies outside a face's plane, or a polygon face is
/// reflex in its own plane, by more than `tolerance`: the hull is not convex
/// there. Every face is checked against the vertices of the faces next to
/// it, and a sliver triangle (narrower than `sliver` times its longest edge)
/// against every vertex: its plane turns about its long side by Qhull's
/// round-off over its width, which moves far vertices across it, not only
/// neighbours.
[[nodiscard]] bool cuts_itself(const Hull& h, real tolerance, real sliver);

/// cuts_itself less the check against the faces next to each face, for a
/// hull whose planes hold (planes_hold): a polygon reflex in its own plane,
/// or a vertex outside a sliver's plane.
[[nodiscard]] bool corners_or_slivers_cut(const Hull& h, real tolerance, real sliver);

}  // namespace sepax::detail
