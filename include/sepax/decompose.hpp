// sepax_decompose: approximate convex decomposition of a triangle mesh, so
// that a concave shape can be queried as a set of convex hulls (each part
// against each part, every query of sepax working on hulls).
//
// The decomposition is HACD, hierarchical approximate convex decomposition
// (K. Mamou and F. Ghorbel, "A simple and efficient approach for 3D mesh
// approximate convex decomposition", ICIP 2009; Game Programming Gems 8,
// ch. 2.8), as Debian packages it in libbullet-extras-dev (libHACD). HACD
// starts from one cluster per triangle on the dual graph of the mesh and
// merges neighbouring clusters, cheapest first (concavity plus a compactness
// term), while the merged cluster's concavity stays under a bound. Each part
// is the convex hull of one cluster.
//
// The result is APPROXIMATE by nature: the parts' hulls bulge beyond the mesh
// where a part spans a concave region (up to about the concavity bound), and
// they overlap each other. DecomposeResult measures how much (`excess`,
// `shortfall`, the volumes) so that callers can judge the parts.
//
// A separate library (`sepax_decompose_dep`), built only when libHACD is
// found, so that the core never needs Bullet.
//
// Thread safety: libHACD keeps process-wide state (the globals
// `gCancelRequest` and `HACD::iteration`, and a progress callback that is a
// bare function pointer). decompose() therefore holds one process-wide lock
// while HACD runs: calls from several threads are safe but run one at a time,
// and nothing else in the process may call libHACD at the same time.
#pragma once

#include "sepax/export.hpp"
#include "sepax/hull.hpp"
#include "sepax/types.hpp"

#include <array>
#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace sepax {

/// What decompose() made of its input (or `ok`).
enum class DecomposeStatus {
  ok,
  empty_input,   ///< no vertices
  no_triangles,  ///< vertices but no triangles
  bad_index,     ///< a triangle refers to a vertex that does not exist (negative or too large)
  non_finite,    ///< a vertex coordinate is NaN or infinite
  /// Every triangle is degenerate (two corners at the same position or all
  /// three on a line), or all vertices coincide: nothing to decompose.
  degenerate,
  library_error,  ///< libHACD reported failure
  /// A part's points gave no hull (Hull::from_points failed); the message
  /// names the part and the hull's status.
  hull_error,
};

/// Short name of a status ("ok", "bad_index", ...). Never null.
[[nodiscard]] SEPAX_API const char* to_string(DecomposeStatus status);

/// Tuning of the decomposition. Lengths are fractions of the diagonal of the
/// mesh's axis-aligned bounds (so the defaults suit any scale).
struct DecomposeOptions {
  /// HACD's concavity bound: clusters stop merging when the merged cluster's
  /// concavity (how far its surface lies below its hull, measured along the
  /// surface normals) would exceed this fraction of the diagonal. Smaller
  /// gives more, tighter parts. HACD's own examples use 100 on its 2000-unit
  /// normalized scale, i.e. 0.05. The default is small enough that a ring's
  /// parts do not bridge its hole.
  double concavity = 0.01;
  /// At most this many parts (0: no limit). When the concavity bound leaves
  /// more, HACD runs a second time without the bound and stops merging at
  /// exactly max_parts parts (the cheapest merges first), so that run's
  /// parts may exceed the concavity bound: see DecomposeResult::excess.
  /// HACD never merges across pieces of the mesh that connect_distance
  /// leaves unlinked, so a mesh of more such pieces gives more parts.
  std::size_t max_parts = 32;
  /// At least this many parts: merging also stops there (HACD's
  /// SetNClusters). 1 lets a convex mesh stay one part.
  std::size_t min_parts = 1;
  /// Largest number of vertices of a part's hull (0: no limit). With a limit
  /// HACD builds each part's hull greedily (ICHull::Process with a budget:
  /// from a first tetrahedron, each step adds the point that adds the most
  /// volume), so some of the part's mesh vertices may lie outside it: see
  /// DecomposeResult::shortfall. Without it a part is the exact convex hull
  /// of its triangles' vertices, in the input's coordinates. The merging
  /// itself does not depend on it. Values 1 to 3 are taken as 4 (a
  /// tetrahedron).
  std::size_t max_hull_vertices = 0;
  /// Weight of the compactness term (perimeter^2 / (4 pi area) of a merged
  /// cluster) in HACD's merge cost: favours round parts. HACD's alpha;
  /// 0.1 is HACD's default. (HACD's volume weight, beta, is not offered: in
  /// the libHACD of Bullet 3.24 it multiplies a term that is always 0.)
  double compactness_weight = 0.1;
  /// Connected components of the mesh closer than this fraction of the
  /// diagonal are linked in HACD's graph, so they may merge into one part;
  /// negative: components never merge (each gives its own parts). HACD's
  /// default is 30 units of 2000, 0.015.
  double connect_distance = 0.015;
  /// Also let HACD measure concavity at triangle centres, not only at
  /// vertices (HACD's AddFacesPoints). Needed on coarse meshes: without it
  /// HACD sees no concavity in the 28-triangle U-bracket of the tests and
  /// returns its hull as one part (excess 0.5 on a 3 x 2 x 1 bracket); with
  /// it, three exact parts.
  bool face_points = true;
  /// Samples per edge of each hull triangle when measuring `excess`: a grid
  /// of (n+1)(n+2)/2 points per triangle (1: the corners only).
  int error_samples = 4;
};

/// Progress: `fraction` grows from 0 to 1 over one decompose() call;
/// `stage` is a short description ("HACD: merging clusters", ...). Called on
/// the calling thread with decompose()'s lock held: it must not call
/// decompose() itself. There is no cancelling: libHACD reads its cancel flag
/// (the global gCancelRequest) only before merging starts.
using DecomposeProgress = std::function<void(double fraction, const char* stage)>;

/// One convex part of the mesh.
struct ConvexPart {
  /// The points the hull is built from, in the mesh's frame: the vertices of
  /// the part's triangles (max_hull_vertices 0), or HACD's simplified hull
  /// vertices, which went through HACD's normalization and back (relative
  /// round-off about 1e-15).
  std::vector<vec3> points;
  /// Hull::from_points(points).
  Hull hull;
  /// Indices (into the input `triangles`) of the mesh triangles HACD put in
  /// this part. Degenerate triangles dropped before HACD are in no part.
  std::vector<index_t> triangles;
  /// This part's share of DecomposeResult::excess (same measure).
  real excess = 0;
  /// This part's share of DecomposeResult::shortfall (same measure).
  real shortfall = 0;
};

/// Outcome of decompose(): a status, a message for people and, when ok, the
/// parts and how far they stray from the mesh.
struct DecomposeResult {
  DecomposeStatus status = DecomposeStatus::empty_input;
  /// One line: the problem (e.g. "triangle 7 refers to vertex 12 of 10"),
  /// or on success a summary ("5 parts, error 0.0123 (0.41% of the
  /// diagonal)"; dropped degenerate triangles are counted there).
  std::string message;
  /// The parts; empty unless ok().
  std::vector<ConvexPart> parts;
  /// How far the parts' hulls reach beyond the mesh: the largest distance,
  /// over the vertices of every part's hull and error_samples points on each
  /// of its faces, to the mesh. For a closed mesh a point inside the mesh
  /// (generalized winding number >= 1/2, Jacobson et al. 2013) counts 0, so
  /// this is the distance to the solid; for an open mesh it is the distance
  /// to the surface. Brute force over all triangles: O(samples * triangles).
  real excess = 0;
  /// How much of the mesh the hulls miss: the largest distance from a vertex
  /// of a part's triangles to that part's hull (0 when every part is the
  /// full hull of its triangles, max_hull_vertices 0).
  real shortfall = 0;
  /// max(excess, shortfall): every point of every part is within `error` of
  /// the mesh and every mesh vertex within `error` of a part. Same units as
  /// the input.
  real error = 0;
  /// Length of the diagonal of the mesh's axis-aligned bounds.
  real diagonal = 0;
  /// True when every edge of the (welded, non-degenerate) mesh is shared by
  /// exactly two triangles: only then do the volumes below mean anything.
  bool closed = false;
  /// Volume enclosed by the mesh (divergence theorem; positive when the
  /// triangles wind counter-clockwise seen from outside). 0 when not closed.
  real mesh_volume = 0;
  /// Sum of the parts' hull volumes. The parts overlap, so this is at least
  /// the volume of their union; hull_volume / mesh_volume - 1 bounds the
  /// volume the hulls add to the mesh.
  real hull_volume = 0;

  /// True when status == DecomposeStatus::ok.
  [[nodiscard]] bool ok() const { return status == DecomposeStatus::ok; }
};

/// Splits the triangle mesh (`vertices`, `triangles` indexing them, any
/// winding) into convex parts with HACD, builds each part's Hull, and
/// measures the decomposition's error (DecomposeResult). Vertices at exactly
/// the same position are merged first (HACD links triangles through shared
/// vertex indices, so a triangle soup such as STL's would give one part per
/// triangle); degenerate triangles are dropped and counted in the message;
/// vertices no triangle uses are ignored.
///
/// Never throws for bad input: empty input, an out-of-range index, a
/// non-finite coordinate or an all-degenerate mesh gives a status and a
/// message. Cost, measured with the default options on one core of a
/// shared machine: HACD takes 3-4 s on the 5500-triangle elephant and cow,
/// 15 s on a 4600-triangle mushroom and 19 s on the 13000-triangle fandisk
/// (each merge rebuilds the hulls of the merged cluster's neighbours, so the
/// time depends on the shape, not only on T, the triangle count); the error
/// measure adds O(samples * T), 1-2 s for 5500 triangles (see
/// DecomposeOptions::error_samples).
/// `progress`, if set, is called as the work advances. See the file comment
/// on thread safety.
[[nodiscard]] SEPAX_API DecomposeResult decompose(std::span<const vec3> vertices,
                                                  std::span<const std::array<index_t, 3>> triangles,
                                                  const DecomposeOptions& options = {},
                                                  const DecomposeProgress& progress = {});

}  // namespace sepax
