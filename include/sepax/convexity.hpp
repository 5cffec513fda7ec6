// sepax: is a mesh convex, or only its hull? Every query of sepax's core is
// about convex hulls. When a mesh (or a point cloud) is not convex, a query
// on its hull answers for a bigger shape: two parts whose hulls overlap may
// not touch at all. convexity() measures how far a mesh is from its hull, so
// that a caller (the sepax tool first) can say which shape was tested.
#pragma once

#include "sepax/export.hpp"
#include "sepax/hull.hpp"
#include "sepax/types.hpp"

#include <array>
#include <optional>
#include <span>

namespace sepax {

/// How a mesh relates to its convex hull (convexity()).
struct Convexity {
  /// True when the mesh is its hull: every vertex and every triangle centre
  /// lies on the hull's boundary within `tolerance` (for a point cloud:
  /// every point is a corner of the hull or on one of its faces). A flat
  /// mesh (its hull a two-sided polygon) is convex when its triangles cover
  /// the hull's polygon (their area is the polygon's, within `tolerance`
  /// times the extent), or, with no triangles, when no point lies inside
  /// the polygon's outline.
  bool convex = true;
  /// Distance below the hull's boundary that still counts as on it:
  /// tol::convex_shape * extent, and never below the round-off of the
  /// coordinates (tol::coplanar * magnitude).
  real tolerance = 0;
  /// Deepest vertex or triangle centre below the hull's boundary (>= 0):
  /// the largest distance by which the hull overstates the mesh, measured at
  /// those points. For a flat hull, the depth of the vertices inside its
  /// polygon's outline (a fan's centre has depth, yet the fan is convex).
  real max_depth = 0;
  /// Where that depth is reached (mesh frame); the hull's centroid when
  /// nothing lies inside.
  vec3 deepest_point{real(0)};
  index_t inner_vertices = 0;  ///< vertices deeper than `tolerance` (of the sample)
  index_t inner_triangles =
      0;  ///< triangles whose centre is deeper than `tolerance` (of the sample)
  /// 1 when every vertex and triangle centre was measured; k when only
  /// every k-th was (a hull of more than 20,000 vertices: each depth is
  /// then a walk over a big hull, so at most about 10,000 points are
  /// measured). The counts and depths are then the sample's.
  std::size_t sample_step = 1;
  /// True when the triangles form a closed, consistently oriented surface:
  /// every edge is used by exactly two triangles, once in each direction.
  /// An open or non-manifold mesh has no inside; it is a surface only.
  bool closed = false;
  /// How much bigger the hull is than the mesh (>= 1 up to round-off): the
  /// hull's volume over the volume a closed mesh encloses, or for a flat
  /// mesh the polygon's area over the triangles' area. 1 for a convex mesh;
  /// 2 means the hull is twice the shape. Empty for an open 3D mesh, a
  /// point cloud, or a mesh that encloses no volume.
  std::optional<real> hull_ratio;
};

/// Measures how far the mesh (`vertices`, and `triangles` as indices into
/// them) is from `hull`, which must be the convex hull of those vertices
/// (Hull::from_points on them; a hull of other points gives meaningless
/// depths). A point cloud passes no triangles. Triangles with an index
/// outside `vertices` are skipped, and a mesh with one is not `closed`.
/// A point's depth is 0 for a hull vertex, else the distance to the face
/// nearest the previous point when that is within tolerance, else EPA's
/// penetration depth of the point (exact for a polytope): about a second
/// for a mesh of 500,000 vertices. Never throws; allocates a hash set of
/// the hull's vertices and the sorted edges for `closed`.
[[nodiscard]] SEPAX_API Convexity convexity(const Hull& hull, std::span<const vec3> vertices,
                                            std::span<const std::array<index_t, 3>> triangles);

}  // namespace sepax
