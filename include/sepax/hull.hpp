// sepax: convex hulls with polygonal faces and half-edge adjacency.
//
// Build a Hull from points with Hull::from_points (Qhull underneath), or
// take one from the factories in shapes.hpp; query it with a Pose (sat.hpp,
// gjk.hpp, epa.hpp). A Hull is immutable once built and lives in its own
// local frame.
//
// What a hull holds: its vertices (only the corners, in their input
// coordinates), polygonal faces (coplanar facets merged: a box has 6 faces
// and 12 edges) with outward planes, half-edges (twin, next, face), vertex
// adjacency, and data derived once for the queries: a centroid, bounds, and
// the Gauss map (gauss_map.hpp).
//
// Thread safety: building is reentrant (Qhull's qhull_r, no global state), so
// hulls may be built on several threads at once. A built Hull is read-only
// and may be shared between threads freely.
#pragma once

#include "sepax/gauss_map.hpp"
#include "sepax/tolerances.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace sepax {

/// Why building a hull failed (or `ok`).
enum class HullStatus {
  ok,
  empty_input,  ///< no points at all
  /// A coordinate is NaN or infinite, or beyond the fourth root of real's
  /// range (2^252 in double, 2^28 in float), where queries would overflow.
  non_finite,
  too_few_points,  ///< fewer than three points
  /// All points are (within tolerance) the same point, or their spread is
  /// so small its fourth power underflows.
  coincident,
  collinear,    ///< all points lie (within tolerance) on one line
  qhull_error,  ///< Qhull failed; the message carries its text
  /// A vertex buffer that cannot be read (the strided from_points): a null
  /// pointer with points to read, a stride shorter than one point, or a
  /// buffer larger than the address space.
  bad_buffer,
};

/// Short name of a status ("ok", "empty_input", ...).
[[nodiscard]] SEPAX_API const char* to_string(HullStatus status);

/// A plane { x : dot(normal, x) = offset }, `normal` unit length and pointing
/// out of the hull.
struct Plane {
  vec3 normal{real(0)};
  real offset = 0;
  /// Signed distance of p to the plane: positive outside the hull.
  [[nodiscard]] real distance(const vec3& p) const { return glm::dot(normal, p) - offset; }
};

/// One directed side of an edge. Half-edges come in twin pairs stored next to
/// each other: the twin of half-edge e is e ^ 1, and edge i of the hull is the
/// pair (2i, 2i + 1).
struct HalfEdge {
  index_t origin = -1;  ///< vertex the half-edge starts at
  index_t twin = -1;    ///< opposite half-edge (always this index ^ 1)
  index_t next = -1;    ///< next half-edge counter-clockwise around `face`
  index_t face = -1;    ///< face on the left, seen from outside
};

/// A polygonal face: a loop of `count` half-edges starting at `edge`,
/// counter-clockwise seen from outside.
struct Face {
  index_t edge = -1;
  index_t count = 0;
};

/// Which kind of feature of a hull a point lies on.
enum class FeatureType : std::uint8_t { vertex = 0, edge = 1, face = 2 };

/// One feature of a hull: its type and its index (a vertex, an edge as in
/// Hull::edge_start, or a face). Contact points name the features of A and
/// B they lie on with two of these (contact::make_id); what decided an
/// axis is a sat::Feature.
struct FeatureRef {
  FeatureType type = FeatureType::face;
  index_t index = -1;
  friend bool operator==(const FeatureRef&, const FeatureRef&) = default;
};

/// An edge seen from one of its ends, v (Hull::neighbor_edges).
struct NeighborEdge {
  vec3 step{real(0)};   ///< vertices()[vertex] - vertices()[v], exactly as that rounds
  index_t vertex = -1;  ///< the other end
};

/// Axis-aligned bounds in the hull's local frame.
struct Bounds {
  vec3 min{real(0)};
  vec3 max{real(0)};
};

struct HullResult;

/// A convex polytope in its local frame. A flat point set gives a two-sided
/// polygon: two faces with opposite normals sharing every edge.
class SEPAX_API Hull {
 public:
  /// Builds the convex hull of `points` with Qhull. Coplanar facets are
  /// merged into polygons; only hull vertices are kept, in their input
  /// coordinates. A point within tol::degenerate of the extent of an
  /// earlier one counts as that point. Where Qhull's round-off leaves a face
  /// whose plane cuts the hull (next to sliver triangles, from points just
  /// beyond that radius of each other), the hull is rebuilt with exact
  /// orientation tests instead (only exactly coplanar facets merged); that
  /// fallback takes O(points * faces).
  /// Coordinates must lie within the fourth root of real's range (about 1e75
  /// in double, 2.7e8 in float; status non_finite otherwise), as queries take
  /// fourth powers of lengths. Never throws for bad input: the result
  /// carries a status and a message instead.
  ///
  /// Float and double points are both accepted, whatever `real` is: points
  /// of the other precision are converted to `real` first, and the hull's
  /// vertices are the converted points. Float to double is exact; double to
  /// float rounds to nearest, so in a float build a double cloud gives the
  /// hull of its rounded points (a finite double beyond float's range is
  /// status non_finite). One of these two overloads takes `vec3`.
  [[nodiscard]] static HullResult from_points(std::span<const glm::vec3> points);
  [[nodiscard]] static HullResult from_points(std::span<const glm::dvec3> points);

  /// The hull of `count` points of an interleaved vertex buffer, as engines
  /// keep them: point i is the three floats x, y, z at byte offset
  /// i * stride_bytes from `xyz` (a position inside a vertex of normals, uv
  /// and so on; the stride is in bytes and need not be a multiple of 4).
  /// Converted to `real` and built as above. A null `xyz` with count > 0, a
  /// stride below one point (12 bytes), or count * stride beyond the address
  /// space is status bad_buffer; count 0 is empty_input. The caller
  /// guarantees that the count points lie in readable memory.
  [[nodiscard]] static HullResult from_points(const float* xyz, std::size_t count,
                                              std::size_t stride_bytes = 3 * sizeof(float));
  /// The same for a buffer of doubles: the stride must be at least 24 bytes.
  [[nodiscard]] static HullResult from_points(const double* xyz, std::size_t count,
                                              std::size_t stride_bytes = 3 * sizeof(double));

  /// Makes this hull the two-sided triangle p0 p1 p2, without Qhull: three
  /// vertices in this order, face 0 counter-clockwise seen from its normal
  /// (the corners' winding), face 1 the back, edge k from corner k to
  /// corner k + 1 (mod 3). The first call on a hull builds it; later calls
  /// rewrite it in place and allocate nothing, so one hull can stand for
  /// every triangle of a mesh in turn. Equal, array for array, to a hull
  /// built afresh from the same corners. Returns false, and leaves the hull
  /// empty, when the corners are not finite or span no triangle (coincident
  /// or collinear within round-off). Not thread-safe on the same hull.
  bool assign_triangle(const vec3& p0, const vec3& p1, const vec3& p2);

  /// An empty hull (no vertices); only useful as a placeholder.
  Hull() = default;

  // --- Topology -------------------------------------------------------------

  [[nodiscard]] std::span<const vec3> vertices() const { return vertices_; }
  [[nodiscard]] std::span<const HalfEdge> half_edges() const { return half_edges_; }
  [[nodiscard]] std::span<const Face> faces() const { return faces_; }
  /// Outward plane of each face (same indexing as faces()).
  [[nodiscard]] std::span<const Plane> planes() const { return planes_; }

  [[nodiscard]] std::size_t vertex_count() const { return vertices_.size(); }
  [[nodiscard]] std::size_t face_count() const { return faces_.size(); }
  /// Number of (undirected) edges: half_edges().size() / 2.
  [[nodiscard]] std::size_t edge_count() const { return half_edges_.size() / 2; }
  /// Start and end vertex of edge i (0 <= i < edge_count()).
  [[nodiscard]] vec3 edge_start(index_t i) const { return vertices_[half_edges_[2 * i].origin]; }
  [[nodiscard]] vec3 edge_end(index_t i) const { return vertices_[half_edges_[2 * i + 1].origin]; }

  /// Neighbours of vertex v (the other ends of its edges), for hill climbing.
  [[nodiscard]] std::span<const index_t> neighbors(index_t v) const {
    return {adjacency_.data() + adjacency_start_[v],
            adjacency_.data() + adjacency_start_[static_cast<std::size_t>(v) + 1]};
  }
  /// The edges from vertex v to its neighbours (same order as neighbors(v)),
  /// side by side: hill climbing reads them in a row instead of gathering
  /// the neighbours' positions.
  [[nodiscard]] std::span<const NeighborEdge> neighbor_edges(index_t v) const {
    return {neighbor_edges_.data() + adjacency_start_[v],
            neighbor_edges_.data() + adjacency_start_[static_cast<std::size_t>(v) + 1]};
  }
  /// One half-edge leaving vertex v.
  [[nodiscard]] index_t vertex_edge(index_t v) const { return vertex_edge_[v]; }
  /// True when vertex v is a corner of a polygon face (more than three
  /// corners) that is not convex by a clear margin at every corner (some
  /// corner lies within 2 tol::coplanar of the magnitude of the line through
  /// its neighbours: nearly straight, or reflex within what the build
  /// allows). There the vertex graph alone can stop short of the support, so
  /// hill climbing stopping at v also looks across those faces.
  [[nodiscard]] bool climb_across_faces(index_t v) const { return across_faces_[v] != 0; }

  // --- Geometry -------------------------------------------------------------

  /// Centroid of the solid (area centroid for a flat polygon).
  [[nodiscard]] const vec3& centroid() const { return centroid_; }
  [[nodiscard]] const Bounds& bounds() const { return bounds_; }
  /// Length of the bounds' diagonal: the size that relative tolerances use.
  [[nodiscard]] real extent() const { return extent_; }
  /// Largest absolute coordinate plus extent: the magnitude that round-off
  /// in this hull's local frame is proportional to.
  [[nodiscard]] real magnitude() const { return magnitude_; }
  /// True for a two-sided flat polygon.
  [[nodiscard]] bool is_flat() const { return flat_; }
  /// True when the hull has no vertices (default-constructed).
  [[nodiscard]] bool empty() const { return vertices_.empty(); }

  // --- What the queries read: Gauss map, box frame, support seeds ------------

  /// Gauss-map arc of each edge (same indexing as edges), for SAT's
  /// edge-pair pruning.
  [[nodiscard]] std::span<const EdgeArc> edge_arcs() const { return edge_arcs_; }

  /// Most patches a hull has (cube-map cells: 6 * 9^2).
  static constexpr int max_patches = 6 * 9 * 9;
  /// The faces (and edges) grouped by the direction of their normals into
  /// the cells of a cube map (0.3 F^(1/3) cells per side for F faces, so
  /// about 6 patches for 32 vertices, 24 for 128, 150 for 2048; at most
  /// max_patches): SAT skips whole patches whose bound cannot beat its best
  /// axis.
  [[nodiscard]] std::span<const NormalPatch> patches() const { return patches_; }
  /// Every face once, grouped by patch (patches()), each patch's faces in a
  /// depth-first order over face adjacency: consecutive faces are mostly
  /// neighbours, so a support search along each normal in turn can start
  /// from the previous answer (SAT's face query).
  [[nodiscard]] std::span<const index_t> face_order() const { return face_order_; }

  /// Spatial index of the edge arcs on the unit sphere (a uniform grid over
  /// [-1, 1]^3, arc_grid_cell), built for hulls with many edges; empty
  /// otherwise. Cell c holds the edges arc_cell_edges()[arc_cell_start()[c]
  /// .. arc_cell_start()[c + 1]).
  [[nodiscard]] int arc_grid_size() const { return arc_grid_size_; }
  [[nodiscard]] std::span<const index_t> arc_cell_start() const { return arc_cell_start_; }
  [[nodiscard]] std::span<const index_t> arc_cell_edges() const { return arc_cell_edges_; }

  /// True when the hull is a box (see BoxFrame); SAT then uses the 15-axis
  /// test.
  [[nodiscard]] bool is_box() const { return box_.face[0] >= 0; }
  /// The box description; meaningful only when is_box().
  [[nodiscard]] const BoxFrame& box() const { return box_; }

  /// Directions per cube-face side of the support seed table.
  static constexpr int seed_grid = 4;
  /// Where a support search without a hint starts: the support vertex of
  /// the nearest of 6 * seed_grid^2 directions (the cell centres of a cube
  /// map), kept in a table built with the hull. Hill climbing from it takes
  /// a few steps instead of walking across the hull from vertex 0. Returns
  /// 0 for a zero or non-finite direction, and for a hull of at most 3
  /// vertices (it keeps no table: every vertex is a step from vertex 0).
  [[nodiscard]] index_t support_seed(const vec3& d) const;

 private:
  friend struct HullBuilder;  // builds and derives hulls (src/hull/builder.hpp)

  std::vector<vec3> vertices_;
  std::vector<HalfEdge> half_edges_;
  std::vector<Face> faces_;
  std::vector<Plane> planes_;
  std::vector<index_t> vertex_edge_;
  std::vector<index_t> adjacency_start_;
  std::vector<index_t> adjacency_;
  std::vector<NeighborEdge> neighbor_edges_;
  std::vector<std::uint8_t> across_faces_;
  std::vector<EdgeArc> edge_arcs_;
  std::vector<index_t> face_order_;
  std::vector<NormalPatch> patches_;
  std::vector<index_t> support_seeds_;
  BoxFrame box_;
  int arc_grid_size_ = 0;
  std::vector<index_t> arc_cell_start_;
  std::vector<index_t> arc_cell_edges_;
  vec3 centroid_{real(0)};
  Bounds bounds_;
  real extent_ = 0;     // cached: queries read it on every call
  real magnitude_ = 0;  // cached
  bool flat_ = false;
};

/// Outcome of Hull::from_points: a status, a one-line message for people
/// (empty when ok), and the hull (empty unless ok).
struct HullResult {
  HullStatus status = HullStatus::ok;
  std::string message;
  Hull hull;
  [[nodiscard]] bool ok() const { return status == HullStatus::ok; }
};

/// What validate() found. Distances are absolute, in the hull's units;
/// `tolerance` is the bound they were held to.
struct HullReport {
  bool ok = true;
  int euler = 0;              ///< V - E + F, must be 2
  real max_nonplanarity = 0;  ///< largest distance of a face vertex from its plane
  real max_nonconvexity = 0;  ///< largest distance of a vertex outside any face plane
  /// Largest distance of an input point outside the hull: outside its face
  /// planes, and for a flat polygon also, within its plane, from its edges
  /// (as segments, so a point beyond a sharp corner counts in full).
  real max_outside = 0;
  /// Bound on the non-planarity and non-convexity above; input points are held
  /// to it plus the radius within which Hull::from_points counts points as
  /// one (it keeps one of them): tol::degenerate of the extent or
  /// tol::coplanar of the magnitude, whichever is larger.
  real tolerance = 0;
  std::vector<std::string> problems;  ///< one line per failed check
};

/// Checks a hull (and optionally that every input point lies inside it):
/// Euler characteristic, face planarity, convexity, twin/next/face
/// consistency. Expensive (O(V * F + N * F)): for tests and the tool, not for
/// per-frame use.
[[nodiscard]] SEPAX_API HullReport validate(const Hull& hull,
                                            std::span<const vec3> input_points = {});

/// Unit directions of the hull's edges, one per set of parallel edges
/// (sines of their angles within tol::parallel; sign chosen canonically,
/// largest component positive). A box has 3, a tetrahedron 6. Computed on
/// each call, O(E): no query needs them.
[[nodiscard]] SEPAX_API std::vector<vec3> edge_directions(const Hull& hull);

// --- Inline definitions -------------------------------------------------------

// The direction's major axis and sign pick the cube face; the other two
// components over the major one, in [-1, 1], pick the cell. std::abs, not
// glm::abs, which compiles to a branch on each sign.
inline index_t Hull::support_seed(const vec3& d) const {
  const vec3 a(std::abs(d.x), std::abs(d.y), std::abs(d.z));
  const int axis = a.x >= a.y ? (a.x >= a.z ? 0 : 2) : (a.y >= a.z ? 1 : 2);
  const real major = axis == 0 ? a.x : axis == 1 ? a.y : a.z;
  // (A sum that overflows, or any NaN, fails the finite test: vertex 0.)
  if (support_seeds_.empty() || !(major > 0) || !std::isfinite(d.x + d.y + d.z)) return 0;
  const real to_cell = real(seed_grid) * real(0.5) / major;
  auto cell = [&](real c) {
    const int i = static_cast<int>((c * to_cell) + real(seed_grid) * real(0.5));
    return i < 0 ? 0 : i >= seed_grid ? seed_grid - 1 : i;
  };
  const real u = axis == 0 ? d.y : axis == 1 ? d.z : d.x;
  const real v = axis == 0 ? d.z : axis == 1 ? d.x : d.y;
  const real m = axis == 0 ? d.x : axis == 1 ? d.y : d.z;
  const int face = 2 * axis + (m < 0 ? 1 : 0);
  return support_seeds_[(face * seed_grid + cell(u)) * seed_grid + cell(v)];
}

}  // namespace sepax
