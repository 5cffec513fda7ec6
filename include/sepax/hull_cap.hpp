// sepax: a hull capped to a number of vertices, as engines cap their hulls.
//
// The capped hull is measured against the original by GJK's exact distance
// (gjk.hpp), so this sits above both the hull and GJK (docs/architecture.md:
// module analysis).
#pragma once

#include "sepax/hull.hpp"

#include <cstddef>

namespace sepax {

/// A hull capped to a number of vertices (cap_vertices).
struct CappedHull {
  HullResult built;  ///< status, message, and the capped hull
  /// Largest distance by which a point of the original hull (hence any
  /// point it was built from) lies outside the capped hull: 0 when no
  /// vertex was dropped. For a flat hull, measured within its plane.
  real deviation = 0;
  std::size_t dropped = 0;  ///< vertices of the original hull left out
};

/// Caps `hull` at `max_vertices` vertices, as engines cap their hulls
/// (PhysX and Unity at 255): the result is the hull of a subset of `hull`'s
/// vertices, so it lies inside `hull`, and every point of `hull` lies within
/// `deviation` of it. The subset grows greedily from a large simplex; each
/// round adds, for the faces with vertices outside, the farthest of them
/// (Quickhull's choice, Barber, Dobkin & Huhdanpaa 1996), at most a third
/// of the remaining budget per round, farthest first. A hull with at most
/// `max_vertices` vertices comes back unchanged (deviation 0). Fewer than 4
/// (3 for a flat hull) is status too_few_points with a message. Costs a few
/// Qhull builds of at most `max_vertices` points and O(rounds * V * F)
/// distance tests; never throws.
[[nodiscard]] SEPAX_API CappedHull cap_vertices(const Hull& hull, std::size_t max_vertices);

}  // namespace sepax
