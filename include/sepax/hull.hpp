// sepax: convex hulls with polygonal faces and half-edge adjacency.
//
// A Hull is immutable once built and lives in its own local frame; queries
// take it together with a Pose. Build one from points with
// Hull::from_points (Qhull underneath), or from the factories in shapes.hpp.
//
// Thread safety: building is reentrant (Qhull's qhull_r, no global state), so
// hulls may be built on several threads at once. A built Hull is read-only
// and may be shared between threads freely.
#pragma once

#include "sepax/types.hpp"

#include <cmath>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace sepax {

/// Index type of vertices, half-edges and faces.
using index_t = std::int32_t;

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

/// An edge seen from one of its ends, v (Hull::neighbor_edges).
struct NeighborEdge {
  vec3 step{real(0)};   ///< vertices()[vertex] - vertices()[v], exactly as that rounds
  index_t vertex = -1;  ///< the other end
};

/// A polygonal face: a loop of `count` half-edges starting at `edge`,
/// counter-clockwise seen from outside.
struct Face {
  index_t edge = -1;
  index_t count = 0;
};

/// The Gauss-map arc of an edge: the unit directions along which the edge
/// is the hull's support feature. It runs from the normal of the face left of
/// half-edge 2i to the normal of the face left of half-edge 2i + 1, turning
/// about the edge. A flat polygon's edges have half-circle arcs (from n
/// through the edge's in-plane outward normal to -n).
struct EdgeArc {
  /// Unit edge direction, from edge_start to edge_end; for a flat polygon
  /// its projection into the polygon's plane (the arc, a half circle about
  /// it, then ends exactly at the two face normals).
  vec3 direction{real(0)};
  vec3 middle{real(0)};  ///< unit direction halfway along the arc
  /// Cosine of half the arc's angle (0 for a half circle): a direction u on
  /// the arc's great circle lies on the arc exactly when dot(u, middle) >=
  /// cos_half.
  real cos_half = 0;
  /// Sine of half the arc's angle (1 for a half circle). With cos_half it
  /// gives the arc's tangent: u on the great circle lies on the arc when
  /// |dot(u, cross(direction, middle))| * cos_half <= dot(u, middle) *
  /// sin_half, a test that stays exact to round-off for arcs far shorter
  /// than cos_half can resolve (below about 1e-8 rad in double).
  real sin_half = 0;
};

/// The largest dot(u, w) over the directions u of an arc. On the arc,
/// u = middle cos t + v sin t for |t| <= half, v = direction x middle; with
/// a = dot(middle, w) and b = |dot(v, w)|, the dot product a cos t + b sin t
/// (t's sign taken towards w) peaks at tan t = b / a: inside the arc when
/// a > 0 and b cos_half <= a sin_half (tangents compared, exact for short
/// arcs), with the value |(a, b)|; otherwise at the arc's end nearer w.
[[nodiscard]] inline real arc_max_dot(const EdgeArc& arc, const vec3& w) {
  const real a = glm::dot(arc.middle, w);
  const real b = std::abs(glm::dot(glm::cross(arc.direction, arc.middle), w));
  if (a > 0 && b * arc.cos_half <= a * arc.sin_half) return std::sqrt(a * a + b * b);
  return a * arc.cos_half + b * arc.sin_half;
}

/// The chord from an arc's middle to its ends, 2 sin(half / 2): every
/// direction of the arc lies within it of the middle. Written with sin_half,
/// so that it is exact for short arcs too (from cos_half alone, 1 - cos_half
/// of an arc of 1e-7 rad is known to 1% only).
[[nodiscard]] inline real arc_chord(const EdgeArc& arc) {
  return arc.sin_half * std::sqrt(real(2) / (real(1) + arc.cos_half));
}

/// A patch of the Gauss map: faces whose normals lie in one cell of a cube
/// map, with the edges of their even half-edges (edge i belongs to the patch
/// of the face left of half-edge 2i). Everything a SAT query needs to skip
/// the whole patch at once: the axes the patch contributes (its face normals,
/// and the directions on its edges' arcs) lie within `face_radius`
/// (`arc_radius`) of `center`, and the hull reaches at least `face_reach`
/// (`arc_reach`) beyond its centroid along each of them. So for any point x
/// the separation of x from the hull along any such axis u,
/// dot(u, x) - h(u), is at most dot(center, x - c) + radius |x - c| - reach,
/// c the centroid.
struct NormalPatch {
  vec3 center{real(0)};  ///< unit
  real face_radius = 0;  ///< largest |n - center| over the face normals n
  real arc_radius = 0;   ///< largest |u - center| over the arcs' directions u
  real face_reach = 0;   ///< smallest offset - dot(n, centroid) over the faces
  real arc_reach = 0;    ///< smallest dot(u, p - centroid), u on an arc, p on its edge
  index_t first = 0;     ///< the patch's faces: face_order()[first .. first + count)
  index_t count = 0;
};

/// A hull that is a box (8 vertices, 6 rectangular faces
/// with mutually orthogonal normals), described for the 15-axis test.
struct BoxFrame {
  vec3 center{real(0)};  ///< local frame
  mat3 axes{real(1)};    ///< columns: unit face normals of faces face[0], face[2], face[4]
  vec3 half{real(0)};    ///< half extents along the axes
  /// Face index of the face with normal +axes[k] (face[2k]) and -axes[k]
  /// (face[2k + 1]).
  index_t face[6] = {-1, -1, -1, -1, -1, -1};
  /// Edge index of the edge along axis k on the sides s1 of axis k + 1 and
  /// s2 of axis k + 2 (mod 3): edge[k][(s1 > 0) + 2 (s2 > 0)].
  index_t edge[3][4] = {{-1, -1, -1, -1}, {-1, -1, -1, -1}, {-1, -1, -1, -1}};
  /// True when the box frame is the hull's frame (axes the identity, centre
  /// 0, as shapes::box makes them): the 15-axis test then skips the change
  /// of frame.
  bool aligned = false;
};

/// Cell of coordinate x (in [-1, 1], clamped; NaN gives cell 0) on an arc
/// grid of g cells per axis (Hull::arc_grid_size()).
[[nodiscard]] inline int arc_grid_cell(real x, int g) {
  const real c = (x + real(1)) * real(0.5) * real(g);
  return !(c > 0) ? 0 : (c >= real(g - 1) ? g - 1 : static_cast<int>(c));
}

/// Axis-aligned bounds in the hull's local frame.
struct Bounds {
  vec3 min{real(0)};
  vec3 max{real(0)};
};

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
};

/// Short name of a status ("ok", "empty_input", ...).
[[nodiscard]] SEPAX_API const char* to_string(HullStatus status);

struct HullResult;

/// A convex polytope: vertices, polygonal faces with outward planes,
/// half-edges, vertex adjacency, and derived data (centroid, bounds, unique
/// edge directions). A flat point set gives a two-sided polygon: two faces
/// with opposite normals sharing every edge.
class SEPAX_API Hull {
 public:
  /// Builds the convex hull of `points` with Qhull. Coplanar facets are
  /// merged into polygons (a box has 6 faces and 12 edges); only hull
  /// vertices are kept, in their input coordinates. A point within
  /// tol::degenerate of the extent of an earlier one counts as that point.
  /// Where Qhull's round-off leaves a face whose plane cuts the hull (next
  /// to sliver triangles, from points just beyond that radius of each
  /// other), the hull is rebuilt with exact orientation tests instead
  /// (only exactly coplanar facets merged); that fallback takes
  /// O(points * faces).
  /// Coordinates must lie within the fourth root of real's range (about 1e75
  /// in double, 2.7e8 in float; status non_finite otherwise), as queries take
  /// fourth powers of lengths. Never throws for bad input: the result
  /// carries a status and a message instead.
  [[nodiscard]] static HullResult from_points(std::span<const vec3> points);

  /// An empty hull (no vertices); only useful as a placeholder.
  Hull() = default;

  [[nodiscard]] std::span<const vec3> vertices() const { return vertices_; }
  [[nodiscard]] std::span<const HalfEdge> half_edges() const { return half_edges_; }
  [[nodiscard]] std::span<const Face> faces() const { return faces_; }
  /// Outward plane of each face (same indexing as faces()).
  [[nodiscard]] std::span<const Plane> planes() const { return planes_; }

  [[nodiscard]] std::size_t vertex_count() const { return vertices_.size(); }
  [[nodiscard]] std::size_t face_count() const { return faces_.size(); }
  /// Number of (undirected) edges: half_edges().size() / 2.
  [[nodiscard]] std::size_t edge_count() const { return half_edges_.size() / 2; }

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
  /// True when vertex v is a corner of a face of more than three vertices
  /// (hill climbing then also looks across those faces).
  [[nodiscard]] bool on_polygon(index_t v) const { return on_polygon_[v] != 0; }
  /// One half-edge leaving vertex v.
  [[nodiscard]] index_t vertex_edge(index_t v) const { return vertex_edge_[v]; }

  /// Unit directions of the edges, one per set of parallel edges (sign
  /// chosen canonically). A box has 3, a tetrahedron 6.
  [[nodiscard]] std::span<const vec3> edge_directions() const { return edge_directions_; }

  /// Gauss-map arc of each edge (same indexing as edges), for SAT's
  /// edge-pair pruning.
  [[nodiscard]] std::span<const EdgeArc> edge_arcs() const { return edge_arcs_; }

  /// Directions per cube-face side of the support seed table.
  static constexpr int seed_grid = 4;

  /// Where a support search without a hint starts: the support vertex of
  /// the nearest of 6 * seed_grid^2 directions (the cell centres of a cube
  /// map), kept in a table built with the hull. Hill climbing from it takes
  /// a few steps instead of walking across the hull from vertex 0. Returns
  /// 0 for a zero or non-finite direction.
  [[nodiscard]] index_t support_seed(const vec3& d) const {
    const vec3 a(std::abs(d.x), std::abs(d.y), std::abs(d.z));  // glm::abs branches on signs
    const int axis = a.x >= a.y ? (a.x >= a.z ? 0 : 2) : (a.y >= a.z ? 1 : 2);
    const real major = axis == 0 ? a.x : axis == 1 ? a.y : a.z;
    // (A sum that overflows, or any NaN, fails the finite test: vertex 0.)
    if (support_seeds_.empty() || !(major > 0) || !std::isfinite(d.x + d.y + d.z)) return 0;
    // The other two components over the major one, in [-1, 1], to cells.
    const real to_cell = real(seed_grid) * real(0.5) / major;
    auto cell = [&](real c) {
      const int i = static_cast<int>((c * to_cell) + real(seed_grid) * real(0.5));
      return i < 0 ? 0 : i >= seed_grid ? seed_grid - 1 : i;
    };
    const real u = axis == 0 ? d.y : axis == 1 ? d.z : d.x;
    const real v = axis == 0 ? d.z : axis == 1 ? d.x : d.y;
    const real m = axis == 0 ? d.x : axis == 1 ? d.y : d.z;
    const int face = 2 * axis + (m < 0 ? 1 : 0);
    return support_seeds_[static_cast<std::size_t>((face * seed_grid + cell(u)) * seed_grid +
                                                   cell(v))];
  }

  /// Every face once, grouped by patch (patches()), each patch's faces in a
  /// depth-first order over face adjacency: consecutive faces are mostly
  /// neighbours, so a support search along each normal in turn can start
  /// from the previous answer (SAT's face query).
  [[nodiscard]] std::span<const index_t> face_order() const { return face_order_; }

  /// Most patches a hull has (cube-map cells: 6 * 9^2).
  static constexpr int max_patches = 6 * 9 * 9;
  /// The faces (and edges) grouped by the direction of their normals into
  /// the cells of a cube map (0.3 F^(1/3) cells per side for F faces, so
  /// about 6 patches for 32 vertices, 24 for 128, 150 for 2048; at most
  /// max_patches): SAT skips whole patches whose bound cannot beat its best
  /// axis.
  [[nodiscard]] std::span<const NormalPatch> patches() const { return patches_; }

  /// True when the hull is a box (see BoxFrame); SAT then uses the 15-axis
  /// test.
  [[nodiscard]] bool is_box() const { return box_.face[0] >= 0; }
  /// The box description; meaningful only when is_box().
  [[nodiscard]] const BoxFrame& box() const { return box_; }

  /// Spatial index of the edge arcs on the unit sphere (a uniform grid over
  /// [-1, 1]^3), built for hulls with many edges; empty otherwise. Cell c
  /// holds the edges arc_cell_edges()[arc_cell_start()[c] ..
  /// arc_cell_start()[c + 1]).
  [[nodiscard]] int arc_grid_size() const { return arc_grid_size_; }
  [[nodiscard]] std::span<const index_t> arc_cell_start() const { return arc_cell_start_; }
  [[nodiscard]] std::span<const index_t> arc_cell_edges() const { return arc_cell_edges_; }

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

  /// Start and end vertex of edge i (0 <= i < edge_count()).
  [[nodiscard]] vec3 edge_start(std::size_t i) const {
    return vertices_[half_edges_[2 * i].origin];
  }
  [[nodiscard]] vec3 edge_end(std::size_t i) const {
    return vertices_[half_edges_[2 * i + 1].origin];
  }

  /// Builds a hull from polygon loops that are already known to be convex,
  /// counter-clockwise seen from outside, and to close into a manifold (or, if
  /// `flat`, two loops with opposite orientation). Used by Hull::from_points and
  /// the factories; returns an empty hull when the loops are not manifold.
  [[nodiscard]] static Hull from_loops(std::vector<vec3> vertices,
                                       const std::vector<std::vector<index_t>>& loops, bool flat);

 private:
  std::vector<vec3> vertices_;
  std::vector<HalfEdge> half_edges_;
  std::vector<Face> faces_;
  std::vector<Plane> planes_;
  std::vector<index_t> vertex_edge_;
  std::vector<index_t> adjacency_start_;
  std::vector<index_t> adjacency_;
  std::vector<NeighborEdge> neighbor_edges_;  // see neighbor_edges()
  std::vector<std::uint8_t> on_polygon_;      // see on_polygon()
  std::vector<vec3> edge_directions_;
  std::vector<EdgeArc> edge_arcs_;
  std::vector<index_t> face_order_;
  std::vector<NormalPatch> patches_;
  std::vector<index_t> support_seeds_;  // see support_seed()
  BoxFrame box_;
  int arc_grid_size_ = 0;
  std::vector<index_t> arc_cell_start_;
  std::vector<index_t> arc_cell_edges_;
  vec3 centroid_{real(0)};
  Bounds bounds_;
  real extent_ = 0;     // cached: queries read it on every call
  real magnitude_ = 0;  // cached
  bool flat_ = false;

  void derive();          // planes, adjacency, directions, centroid, bounds
  void derive_gauss();    // edge arcs, arc grid, box frame (hull_gauss.cpp)
  void derive_patches();  // patches, face order by patch; after derive_gauss (hull_gauss.cpp)
  void derive_seeds();    // support seed table (support.cpp)
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

}  // namespace sepax
