// sepax: triangle meshes (not convex) and exact interference queries between
// them and against convex hulls.
//
// A TriangleMesh is built once from vertices and triangles
// (TriangleMesh::from_triangles) and is immutable afterwards. It owns a
// binary AABB tree over its triangles and knows whether it is closed (every
// edge shared by exactly two triangles with opposite orientations): a closed
// mesh bounds a solid, an open or non-manifold one is only a surface.
//
// The queries answer about the meshes themselves, not their hulls:
// - surfaces: some triangle of A touches some triangle of B (or, against a
//   hull, the solid hull). Triangle pairs are decided by the separating-axis
//   test over their 2 normals, 9 edge cross products and 6 in-plane edge
//   normals (Ericson, Real-Time Collision Detection 5.2.1 and 4.4; Möller,
//   "A Fast Triangle-Triangle Intersection Test", JGT 1997), within the
//   touching band tol::touching of the pair's magnitude; a triangle against
//   a hull by GJK (gjk.hpp) on the convex::Triangle adapter.
// - containment: when no surfaces touch, a closed mesh may still contain the
//   other shape. One vertex of each connected part of the other shape is
//   tested (mesh::contains): a ray's signed crossings counted over the
//   tree, and where a ray grazes an edge, the generalized winding number
//   (Jacobson, Kavan and Sorkine-Hornung, "Robust Inside-Outside
//   Segmentation using Generalized Winding Numbers", SIGGRAPH 2013; each
//   triangle's signed solid angle by van Oosterom and Strackee, IEEE Trans.
//   Biomed. Eng. 1983).
// - distance: when apart, the exact distance and closest points, by
//   best-first branch and bound over both trees (box gaps along either
//   tree's axes as the lower bound), with exact triangle-triangle closest
//   points (segment-segment and vertex-triangle, Ericson 5.1.9 and 5.1.5).
//
// Frames: each shape lives in its local frame; queries take world poses and
// work in A's local frame, transforming B's tree nodes and triangles into
// it as they are visited (never the whole mesh). Results are in the world
// frame.
//
// Cost: queries never allocate (a fixed traversal stack and queue on the
// call stack, about 6 KB), never throw, and give the same answer for the same input. The
// containment test runs only when the surfaces do not touch, once per
// connected part, and only for points in the solid's bounds. A built mesh is
// read-only and may be shared between threads.
#pragma once

#include "sepax/cast.hpp"
#include "sepax/convex.hpp"
#include "sepax/hull.hpp"

#include <array>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <vector>

namespace sepax {

/// Why building a mesh failed (or `ok`).
enum class MeshStatus {
  ok,
  empty_input,         ///< no vertices or no triangles
  index_out_of_range,  ///< a triangle names a vertex < 0 or >= the vertex count
  /// A coordinate of a vertex is NaN or infinite, or beyond the fourth root
  /// of real's range (as for Hull::from_points).
  non_finite,
  all_degenerate,  ///< every triangle has zero area (within tolerance)
};

/// Short name of a status ("ok", "empty_input", ...). Never null.
[[nodiscard]] SEPAX_API const char* to_string(MeshStatus status);

/// What kind of edge two triangles of a mesh share (TriangleMesh::edge_kind),
/// from the fold between them: contacts on a flat or concave edge take the
/// face's normal (a body sliding across it meets no ridge), on a convex or
/// open one the edge's.
enum class EdgeKind : std::uint8_t {
  boundary,  ///< one triangle only: the mesh's rim
  /// Two triangles, the second leaving the first's plane downwards (away
  /// from the first's normal) by more than tol::mesh_flat_edge: a ridge.
  /// Also two triangles wound the same way along it (a flipped triangle):
  /// nothing is assumed about which side is out.
  convex,
  /// Two triangles within tol::mesh_flat_edge of one plane, on either side
  /// of the edge (coplanar, or folded by less than about 5 degrees).
  flat,
  /// Two triangles, the second rising above the first's plane (towards its
  /// normal) by more than tol::mesh_flat_edge: a valley.
  concave,
  /// Three or more triangles: treated as a rim.
  non_manifold,
};

/// Short name ("boundary", "convex", "flat", "concave", "non_manifold").
/// Never null.
[[nodiscard]] SEPAX_API const char* to_string(EdgeKind kind);

/// One edge of a mesh: the kept triangles on it (TriangleMesh::edge).
struct MeshEdge {
  /// The two triangles sharing the edge (kept-triangle indices), the lower
  /// first; triangle[1] is -1 on a boundary, and a non-manifold edge lists
  /// two of its triangles.
  index_t triangle[2] = {-1, -1};
  EdgeKind kind = EdgeKind::boundary;
};

/// One node of a mesh's AABB tree (TriangleMesh::nodes). Node 0 is the
/// root. An inner node's children are the next node (index + 1) and node
/// `start`; a leaf holds the triangles [start, start + count) of
/// TriangleMesh::triangles().
struct MeshNode {
  Bounds bounds;      ///< box around the node's triangles, mesh's local frame
  index_t start = 0;  ///< leaf: first triangle; inner node: second child
  index_t count = 0;  ///< leaf: number of triangles (>= 1); inner node: 0
  /// True for a leaf (it holds triangles; an inner node holds two children).
  [[nodiscard]] bool leaf() const { return count > 0; }
};

struct MeshResult;

/// A triangle mesh in its local frame, with an AABB tree over its
/// triangles. Need not be convex, closed or connected.
class SEPAX_API TriangleMesh {
 public:
  /// Most triangles in one leaf of the tree.
  static constexpr int leaf_size = 4;

  /// Builds a mesh from `vertices` and `triangles` (three vertex indices
  /// each; the order of the corners gives the orientation, counter-clockwise
  /// seen from outside for a closed mesh). Copies both.
  ///
  /// Degenerate triangles are skipped and counted (skipped_triangles()): a
  /// repeated index, or corners within tol::degenerate of the mesh's extent
  /// of one line. Vertices no triangle uses are kept but ignored.
  /// The tree is built top-down by median split on the longest axis of the
  /// triangles' centroids: O(n log n), depth O(log n), no recursion.
  ///
  /// Never throws for bad input: an empty span, an index out of range, a
  /// non-finite coordinate or no triangle left gives a status and a
  /// message instead.
  ///
  /// Float and double vertices are both accepted, whatever `real` is (one
  /// of the two overloads takes `vec3`): they are converted to `real` first,
  /// as Hull::from_points does (a double beyond float's range is then
  /// non_finite).
  [[nodiscard]] static MeshResult from_triangles(std::span<const glm::vec3> vertices,
                                                 std::span<const std::array<index_t, 3>> triangles);
  [[nodiscard]] static MeshResult from_triangles(std::span<const glm::dvec3> vertices,
                                                 std::span<const std::array<index_t, 3>> triangles);

  /// An empty mesh (no triangles); only useful as a placeholder.
  TriangleMesh() = default;

  /// The vertices as given, local frame.
  [[nodiscard]] std::span<const vec3> vertices() const { return vertices_; }
  /// The kept (non-degenerate) triangles, in the tree's leaf order.
  [[nodiscard]] std::span<const std::array<index_t, 3>> triangles() const { return triangles_; }
  /// Index in from_triangles' input of kept triangle i: the numbering that
  /// query results report.
  [[nodiscard]] index_t input_index(index_t i) const { return input_index_[i]; }
  /// Corners of kept triangle i, local frame.
  [[nodiscard]] convex::Triangle triangle(index_t i) const {
    const auto& t = triangles_[i];
    return convex::Triangle{{vertices_[t[0]], vertices_[t[1]], vertices_[t[2]]}};
  }
  /// Number of kept triangles.
  [[nodiscard]] std::size_t triangle_count() const { return triangles_.size(); }
  /// The AABB tree (node 0 is the root; see MeshNode). Empty for an empty mesh.
  [[nodiscard]] std::span<const MeshNode> nodes() const { return nodes_; }
  /// One vertex index per connected part (triangles sharing a vertex
  /// position are connected): where the containment test looks.
  [[nodiscard]] std::span<const index_t> part_seeds() const { return part_seeds_; }

  /// True when every edge is shared by exactly two triangles that traverse
  /// it in opposite directions (vertices at the same position count as one):
  /// the mesh bounds a solid, and its inside counts in the queries.
  [[nodiscard]] bool is_closed() const { return closed_; }
  /// Number of input triangles skipped as degenerate.
  [[nodiscard]] std::size_t skipped_triangles() const { return skipped_; }
  /// Bounds of the kept triangles, local frame (the root node's bounds).
  [[nodiscard]] const Bounds& bounds() const { return bounds_; }
  /// Length of the bounds' diagonal.
  [[nodiscard]] real extent() const { return extent_; }
  /// Largest absolute used coordinate plus the extent: round-off in this
  /// mesh's frame is proportional to it.
  [[nodiscard]] real magnitude() const { return magnitude_; }
  /// True when the mesh has no triangles (default-constructed).
  [[nodiscard]] bool empty() const { return triangles_.empty(); }

  // --- Edges ------------------------------------------------------------------
  //
  // Edge k of kept triangle t runs from its corner k to corner k + 1 (mod 3).
  // Vertices at one position are one vertex here (an STL file's repeated
  // corners share their edges). About 30 bytes per triangle.

  /// Number of distinct edges.
  [[nodiscard]] std::size_t edge_count() const { return edges_.size(); }
  /// Edge e's triangles and kind; e in [0, edge_count()).
  [[nodiscard]] const MeshEdge& edge(index_t e) const { return edges_[e]; }
  /// The edge id of edge k (0, 1, 2) of kept triangle t.
  [[nodiscard]] index_t edge_id(index_t t, int k) const { return triangle_edges_[t][k]; }
  /// The kind of edge k of kept triangle t.
  [[nodiscard]] EdgeKind edge_kind(index_t t, int k) const { return edges_[edge_id(t, k)].kind; }
  /// The vertex at vertex v's position with the lowest index: one id for
  /// every copy of a corner (an STL file repeats them), so that contact ids
  /// name the mesh's vertex, not the triangle's copy of it.
  [[nodiscard]] index_t vertex_id(index_t v) const { return weld_[v]; }
  /// The kept triangle across edge k of kept triangle t; -1 on a boundary
  /// (and, on a non-manifold edge, one of the others).
  [[nodiscard]] index_t neighbor(index_t t, int k) const {
    const MeshEdge& e = edges_[edge_id(t, k)];
    return e.triangle[0] == t ? e.triangle[1] : e.triangle[0];
  }

 private:
  friend struct MeshBuilder;  // src/mesh/mesh.cpp and src/mesh/bvh.cpp

  std::vector<vec3> vertices_;
  std::vector<std::array<index_t, 3>> triangles_;
  std::vector<index_t> input_index_;
  std::vector<MeshNode> nodes_;
  std::vector<index_t> part_seeds_;
  std::vector<std::array<index_t, 3>> triangle_edges_;
  std::vector<MeshEdge> edges_;
  std::vector<index_t> weld_;
  Bounds bounds_;
  real extent_ = 0;
  real magnitude_ = 0;
  std::size_t skipped_ = 0;
  bool closed_ = false;
};

/// Outcome of TriangleMesh::from_triangles: a status, a one-line message for
/// people (empty when ok), and the mesh (empty unless ok).
struct MeshResult {
  MeshStatus status = MeshStatus::ok;
  std::string message;
  TriangleMesh mesh;
  [[nodiscard]] bool ok() const { return status == MeshStatus::ok; }
};

namespace mesh {

/// How two shapes interfere.
enum class Interference : std::uint8_t {
  none,        ///< apart: no point in common
  surfaces,    ///< a triangle of A touches or crosses a triangle of B (or hull B)
  a_inside_b,  ///< surfaces apart, but A lies inside the solid B (closed mesh or hull)
  b_inside_a,  ///< surfaces apart, but B lies inside the solid A (closed mesh or hull)
};

/// Short name ("none", "surfaces", "a_inside_b", "b_inside_a"). Never null.
[[nodiscard]] SEPAX_API const char* to_string(Interference how);

/// Answer of mesh::query.
struct Result {
  /// True when the shapes have a point in common: the surfaces touch (within
  /// tol::touching of the pair's magnitude: the sum of both shapes'
  /// magnitudes and the distance between their frames; against a hull,
  /// GJK's tol::gjk_touch), or one solid contains the other.
  bool intersecting = false;
  /// Which way they interfere; none when apart.
  Interference how = Interference::none;
  /// Distance between the shapes when apart (> 0, length unit of the
  /// input); 0 when intersecting.
  real distance = 0;
  /// World frame. Apart: the closest point on A. Surfaces: a point of
  /// triangle_a nearest triangle_b's features (a witness, not a contact
  /// point). Containment: the vertex of the contained shape that was tested.
  vec3 point_a{real(0)};
  /// World frame. Apart: the closest point on B (point_b - point_a has
  /// length `distance`). Otherwise as point_a, on B.
  vec3 point_b{real(0)};
  /// Triangle of A (from_triangles' input numbering) holding point_a; -1
  /// for a hull and for containment.
  index_t triangle_a = -1;
  /// Triangle of B holding point_b; -1 for a hull and for containment.
  index_t triangle_b = -1;
  /// Triangle pairs (or triangle-hull pairs) tested exactly: the work done.
  int pairs_tested = 0;
};

/// Answer of mesh::intersect: the verdict and, for surfaces, the first
/// touching pair found. Converts to bool (true = intersecting).
struct Hit {
  Interference how = Interference::none;  ///< none when apart
  index_t triangle_a = -1;                ///< surfaces: a touching triangle of A (input numbering)
  index_t triangle_b = -1;                ///< surfaces: a touching triangle of B; -1 for a hull
  /// True when the shapes intersect (how is not none).
  explicit operator bool() const { return how != Interference::none; }
};

/// Mesh against mesh: interference and, when apart, the exact distance.
/// Stops at the first touching triangle pair. Empty meshes: apart, distance
/// 0 (programmer error).
[[nodiscard]] SEPAX_API Result query(const TriangleMesh& a, const Pose& pose_a,
                                     const TriangleMesh& b, const Pose& pose_b);

/// Mesh against mesh: only the verdict. Stops at the first touching pair
/// (no distance), so it is cheaper than query() on apart pairs.
[[nodiscard]] SEPAX_API Hit intersect(const TriangleMesh& a, const Pose& pose_a,
                                      const TriangleMesh& b, const Pose& pose_b);

/// Mesh against a convex hull (a solid). Interference surfaces means a triangle
/// meets the hull; a_inside_b that every vertex of the mesh is inside the
/// hull; b_inside_a that the closed mesh contains the hull.
/// triangle_b is always -1.
[[nodiscard]] SEPAX_API Result query(const TriangleMesh& a, const Pose& pose_a, const Hull& b,
                                     const Pose& pose_b);
/// Mesh against a hull: only the verdict.
[[nodiscard]] SEPAX_API Hit intersect(const TriangleMesh& a, const Pose& pose_a, const Hull& b,
                                      const Pose& pose_b);

/// Hull against mesh: the mirror of query(mesh, hull), with A and B swapped
/// in the answer (triangle_a is -1, a_inside_b means the hull is inside).
[[nodiscard]] SEPAX_API Result query(const Hull& a, const Pose& pose_a, const TriangleMesh& b,
                                     const Pose& pose_b);
/// Hull against mesh: only the verdict.
[[nodiscard]] SEPAX_API Hit intersect(const Hull& a, const Pose& pose_a, const TriangleMesh& b,
                                      const Pose& pose_b);

/// Answer of triangle_pair.
struct TrianglePair {
  /// True when the triangles have a point in common within `band` (touching
  /// counts, as everywhere in sepax).
  bool intersecting = false;
  /// Distance between the triangles when not intersecting; 0 when they are.
  real distance = 0;
  /// Closest point on triangle a (apart), or a witness near b
  /// (intersecting), caller's frame.
  vec3 point_a{real(0)};
  /// Closest point on triangle b, or a witness near a; same frame.
  vec3 point_b{real(0)};
};

/// Two triangles in one frame: intersecting (no axis among the 2 normals, the 9
/// edge cross products and the 6 in-plane edge normals separates them by
/// more than `band`, a length), else the exact distance and closest points
/// (the nearest of the 9 edge pairs and 6 vertex-triangle pairs). Pass
/// `max_distance` to skip the closest points of a pair that an axis already
/// shows to be farther than that (distance is then that axis's gap, a lower
/// bound, and the points are not set). Both triangles should have nonzero
/// area, as a TriangleMesh's have: a degenerate one lacks some axes, so the
/// verdict may say intersecting for a segment or point that is not.
[[nodiscard]] SEPAX_API TrianglePair
triangle_pair(const convex::Triangle& a, const convex::Triangle& b, real band,
              real max_distance = std::numeric_limits<real>::infinity());

/// The kept triangles (TriangleMesh::triangles() indices) whose bounds
/// overlap or touch `box` (the mesh's local frame), in ascending order,
/// found through the tree: the triangles near a body, for a caller that
/// decides them itself. Writes at most out.size() of them and returns how
/// many it wrote; `*overflow` (when given) tells whether more overlap.
/// Triangles below `first` are passed over: after an overflow, call again
/// with `first` one past the last index written for the rest.
/// Never allocates; a stack of 128 node indices.
[[nodiscard]] SEPAX_API std::size_t overlapping(const TriangleMesh& mesh, const Bounds& box,
                                                std::span<index_t> out, bool* overflow = nullptr,
                                                index_t first = 0);

/// True when p (the mesh's local frame) is inside the solid that a closed
/// mesh bounds; always false for an open mesh. Counts the signed crossings
/// of a ray from p over the tree (O(log n) typically); when a ray grazes an
/// edge or a vertex (tol::ray_margin) it tries another, and after three it
/// rounds winding_number(). An inside-out mesh (clockwise triangles) counts
/// its inside too. Points within round-off of the surface may go either way.
[[nodiscard]] SEPAX_API bool contains(const TriangleMesh& mesh, const vec3& p);

/// Generalized winding number of the mesh around point p (local frame): the
/// sum of the triangles' signed solid angles over 4 pi. For a closed mesh
/// with outward (counter-clockwise) triangles it is 1 inside, 0 outside (an
/// integer away from the surface; k for a point inside k nested shells),
/// and -1 inside an inside-out mesh. O(triangles); for a closed mesh, 0 at
/// once outside its bounds.
[[nodiscard]] SEPAX_API real winding_number(const TriangleMesh& mesh, const vec3& p);

// --- Casts ---------------------------------------------------------------------
//
// A mesh is a surface to a cast (as engines' meshes are): what moves meets
// the first triangle on its path, from either side; a cast that starts
// inside a closed mesh meets it where it leaves. mesh::query is where a
// closed mesh is a solid.
// Casts never allocate and never throw; they keep a traversal stack of
// 128 entries (about 2 KB) and, for shape casts, GJK's simplex (about
// 1 KB).

/// A ray against a mesh at a pose: the nearest triangle it meets, through
/// the tree (nearer child first, boxes beyond the nearest hit skipped).
/// `triangle` is its input index; `feature` is face 0 when the ray meets
/// the triangle's winding side (counter-clockwise seen from the ray),
/// face 1 from behind; the normal faces where the ray comes from. Back
/// faces are skipped with `cull_back_faces`. A ray that starts on a
/// triangle is overlapping. Exact to round-off: the fraction is the
/// triangle's plane's, and a point within round-off of an edge counts as
/// on it, so that rays through shared edges never slip between triangles.
[[nodiscard]] SEPAX_API CastResult ray_cast(const TriangleMesh& mesh, const Pose& pose,
                                            const Ray& ray, bool cull_back_faces = false);

/// Hull B moving by `translation` (world) against mesh A: the first
/// triangle it meets, each triangle its swept box reaches cast by GJK
/// (gjk::shape_cast: accurate to GJK's tolerance, not exact). `target`,
/// `max_fraction` and the answers as gjk::shape_cast; `triangle` is A's
/// triangle met. overlapping when B touches a triangle at t = 0.
[[nodiscard]] SEPAX_API CastResult shape_cast(const TriangleMesh& a, const Pose& pose_a,
                                              const Hull& b, const Pose& pose_b,
                                              const vec3& translation, real max_fraction = 1,
                                              real target = 0);

/// Mesh B moving by `translation` against mesh A: the first pair of
/// triangles to meet (B's leaves swept through A's tree, each pair cast by
/// GJK), as the hull overload.
[[nodiscard]] SEPAX_API CastResult shape_cast(const TriangleMesh& a, const Pose& pose_a,
                                              const TriangleMesh& b, const Pose& pose_b,
                                              const vec3& translation, real max_fraction = 1,
                                              real target = 0);

}  // namespace mesh

}  // namespace sepax
