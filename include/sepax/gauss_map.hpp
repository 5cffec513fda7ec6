// sepax: the Gauss-map data a Hull derives for the separating-axis test.
//
// The Gauss map of a convex polytope puts each face at its unit normal on
// the sphere, each edge on the great-circle arc between its two faces'
// normals, each vertex on the region those arcs enclose. Two edges of A and
// B span a face of the Minkowski difference exactly when the arc of A's
// edge crosses the negated arc of B's (Gregorius, "The Separating Axis Test
// between Convex Polyhedra", GDC 2013), which is how SAT prunes edge pairs.
// Hull::edge_arcs, Hull::patches and Hull::box hold this data; hull.hpp is
// the header to include.
#pragma once

#include "sepax/types.hpp"

#include <cmath>

namespace sepax {

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
  /// |dot(u, tangent)| * cos_half <= dot(u, middle) * sin_half, a test that stays exact to
  /// round-off for arcs far shorter than cos_half can resolve (below about 1e-8 rad in double).
  real sin_half = 0;
  /// cross(direction, middle): unit, the arc's direction of travel at its
  /// middle (the arc runs from middle * cos_half - tangent * sin_half to
  /// middle * cos_half + tangent * sin_half).
  vec3 tangent{real(0)};
};

/// The largest dot(u, w) over the directions u of an arc. On the arc,
/// u = middle cos t + tangent sin t for |t| <= half; with a = dot(middle, w)
/// and b = |dot(tangent, w)|, the dot product a cos t + b sin t
/// (t's sign taken towards w) peaks at tan t = b / a: inside the arc when
/// a > 0 and b cos_half <= a sin_half (tangents compared, exact for short
/// arcs), with the value |(a, b)|; otherwise at the arc's end nearer w.
[[nodiscard]] inline real arc_max_dot(const EdgeArc& arc, const vec3& w) {
  const real a = glm::dot(arc.middle, w);
  const real b = std::abs(glm::dot(arc.tangent, w));
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
  /// Vertex index of the corner on the positive side of axis k wherever
  /// bit k of the index is set: corner[1] is at (+, -, -).
  index_t corner[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
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

}  // namespace sepax
