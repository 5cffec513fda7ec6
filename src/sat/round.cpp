// SAT of spheres and capsules against a hull (sat_round.hpp): the core, a
// segment (a point for a sphere), against the hull in the hull's frame, then
// the radius subtracted.
//
// The axes follow the seeds' curved shapes ("SAT (Separating Axis
// Theorem)", section 6: a circle against a polygon takes the polygon's
// normals and the axis from its closest vertex to the centre) and
// Gregorius's Minkowski faces (GDC 2013, as sat/query.cpp): the hull's face
// normals, and the segment crossed with every hull edge whose Gauss-map arc
// crosses the segment's (the great circle normal to it). When an axis
// separates the core from the hull, the closest points give the exact
// distance; they come from Ericson's closest-point routines (Real-Time
// Collision Detection, 5.1.2 point-segment, 5.1.9 segment-segment), written
// here for sepax.
#include "sat/round_internal.hpp"

#include "core/closest_point.hpp"
#include "sepax/support.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sepax::sat {

namespace detail {

namespace {

// Liang-Barsky's form of Sutherland-Hodgman clipping, for one segment: each
// side plane, moved out by `slack`, cuts the parameter interval from below
// or above.
Clipped clip_with(const Hull& hull, index_t f, const vec3& p0, const vec3& d, real slack) {
  Clipped c;
  const auto half_edges = hull.half_edges();
  const auto vertices = hull.vertices();
  const vec3& n = hull.planes()[f].normal;
  index_t h = hull.faces()[f].edge;
  for (index_t k = 0; k < hull.faces()[f].count && !c.empty; ++k) {
    const index_t next = half_edges[h].next;
    const vec3& a = vertices[half_edges[h].origin];
    const vec3 side = glm::cross(vertices[half_edges[next].origin] - a, n);  // points out
    // Signed distance to the side plane at t: above + t along, <= 0 inside.
    const real above = glm::dot(side, p0 - a) - slack * glm::length(side);
    const real along = glm::dot(side, d);
    if (along == 0) {
      c.empty = above > 0;
    } else if (along > 0) {
      const real t = -above / along;
      if (t < c.t[1]) c.t[1] = t, c.cut[1] = h;
    } else {
      const real t = -above / along;
      if (t > c.t[0]) c.t[0] = t, c.cut[0] = h;
    }
    c.empty = c.empty || c.t[0] > c.t[1];
    h = next;
  }
  return c;
}

}  // namespace

// At the side planes themselves; moved out by the slack only when round-off
// would leave nothing (a segment along the face's rim).
Clipped clip_to_face(const Hull& hull, index_t f, const vec3& p0, const vec3& d, real slack) {
  const Clipped c = clip_with(hull, f, p0, d, real(0));
  return c.empty ? clip_with(hull, f, p0, d, slack) : c;
}

namespace {

using sepax::detail::clamp01;
using sepax::detail::closest_on_segment;
using sepax::detail::closest_on_segments;
using sepax::detail::SegmentParams;

constexpr real infinity = std::numeric_limits<real>::infinity();

// True when p projects into face f: inside the side plane through each of
// its edges (the plane of the edge and the face normal). No slack: a point
// that round-off puts outside is on the face's rim, whose edges give the
// same distance; any slack would let the face's plane distance stand for a
// larger one.
bool projects_into_face(const Hull& hull, index_t f, const vec3& p) {
  const auto half_edges = hull.half_edges();
  const auto vertices = hull.vertices();
  const vec3& n = hull.planes()[f].normal;
  index_t h = hull.faces()[f].edge;
  for (index_t k = 0; k < hull.faces()[f].count; ++k) {
    const index_t next = half_edges[h].next;
    const vec3& a = vertices[half_edges[h].origin];
    const vec3 side = glm::cross(vertices[half_edges[next].origin] - a, n);  // points out
    if (glm::dot(side, p - a) > 0) return false;
    h = next;
  }
  return true;
}

// The core, a segment p0 + t d (d = 0 for a sphere), in the hull's frame.
struct Core {
  vec3 p0;
  vec3 p1;
  vec3 d;
  bool segment;  // d != 0
  [[nodiscard]] vec3 at(real t) const { return p0 + t * d; }
};

// One candidate axis. `w` is unit and points from the hull towards the core;
// `gap` is the core's lowest point along w minus the hull's highest (the
// axis A -> B is -w). `end` is the core's end nearest the hull along w
// (faces and rims); `index` the hull's face, edge or vertex.
struct Axis {
  real gap = -infinity;
  vec3 w{real(0)};
  Feature feature;
  int end = 0;
  index_t index = -1;
};

// The face axes: each face's gap is its plane's distance to the nearer end
// of the core. Also the face each end is furthest outside of (nearest[k],
// distance[k]), where a closest point on a face must lie.
struct Faces {
  Axis best;
  index_t nearest[2] = {-1, -1};
  real distance[2] = {-infinity, -infinity};
};
Faces face_axes(const Hull& hull, const Core& core, Counters& counters) {
  Faces out;
  const auto planes = hull.planes();
  for (index_t f = 0; f < static_cast<index_t>(planes.size()); ++f) {
    const real d0 = planes[f].distance(core.p0), d1 = planes[f].distance(core.p1);
    if (d0 > out.distance[0]) out.distance[0] = d0, out.nearest[0] = f;
    if (d1 > out.distance[1]) out.distance[1] = d1, out.nearest[1] = f;
    const real gap = std::min(d0, d1);
    if (gap > out.best.gap)
      out.best = {gap, planes[f].normal, {FeatureKind::face_b, -1, f}, d1 < d0 ? 1 : 0, f};
  }
  counters.axes_tested += static_cast<int>(planes.size());
  return out;
}

// The edge axes of a segment: cross(d, e) for each hull edge e whose arc
// crosses the great circle normal to d (its two faces' normals on either
// side of it): then the edge is the hull's support along the crossing
// direction, the one of +-cross(d, e) on the arc (dot with the arc's middle
// >= 0), and the gap along it is that of any point of the segment over any
// point of the edge. Parallel pairs are skipped: faces cover them.
Axis edge_axes(const Hull& hull, const Core& core, index_t segment_edge, Counters& counters) {
  Axis best;
  const auto half_edges = hull.half_edges();
  const auto planes = hull.planes();
  const auto arcs = hull.edge_arcs();
  const real length = glm::length(core.d);
  for (index_t e = 0; e < static_cast<index_t>(arcs.size()); ++e) {
    ++counters.arc_tests;
    const real s1 = glm::dot(planes[half_edges[2 * e].face].normal, core.d);
    const real s2 = glm::dot(planes[half_edges[2 * e + 1].face].normal, core.d);
    if ((s1 > 0 && s2 > 0) || (s1 < 0 && s2 < 0)) continue;
    vec3 w = glm::cross(core.d, arcs[e].direction);
    const real sine = glm::length(w);
    if (!(sine > tol::parallel * length)) continue;
    w /= glm::dot(w, arcs[e].middle) < 0 ? -sine : sine;
    ++counters.axes_tested;
    const real gap = glm::dot(w, core.p0 - hull.vertices()[half_edges[2 * e].origin]);
    if (gap > best.gap) best = {gap, w, {FeatureKind::edges, segment_edge, e}, 0, e};
  }
  return best;
}

// A flat hull's extra axes, for a core in its plane: its edges' in-plane
// outward normals (the arcs' middles) and the segment's in-plane normal
// (with two support searches). Every one is a valid axis elsewhere too.
Axis rim_axes(const Hull& hull, const Core& core, index_t segment_edge, Counters& counters) {
  Axis best;
  const auto arcs = hull.edge_arcs();
  for (index_t e = 0; e < static_cast<index_t>(arcs.size()); ++e) {
    const vec3& m = arcs[e].middle;
    const vec3& a = hull.vertices()[hull.half_edges()[2 * e].origin];
    const real g0 = glm::dot(m, core.p0 - a), g1 = glm::dot(m, core.p1 - a);
    if (std::min(g0, g1) > best.gap)
      best = {std::min(g0, g1), m, {FeatureKind::edge_normal_b, -1, e}, g1 < g0 ? 1 : 0, e};
  }
  counters.axes_tested += static_cast<int>(arcs.size());
  vec3 w = glm::cross(hull.planes()[0].normal, core.d);
  const real length = glm::length(w);
  if (!core.segment || !(length > tol::parallel * glm::length(core.d))) return best;
  w /= length;
  const index_t hi = support_index(hull, w), lo = support_index(hull, -w);
  counters.support_calls += 2;
  ++counters.axes_tested;
  const real along = glm::dot(w, core.p0);
  const real above = along - glm::dot(w, hull.vertices()[hi]);
  const real below = glm::dot(w, hull.vertices()[lo]) - along;
  const Feature feature{FeatureKind::edge_normal_a, segment_edge, -1};
  if (std::max(above, below) > best.gap)
    best = above >= below ? Axis{above, w, feature, 0, hi} : Axis{below, -w, feature, 0, lo};
  return best;
}

// A point of edge e at parameter t: the edge there, or the vertex at an end.
FeatureRef edge_feature(const Hull& hull, index_t e, real t) {
  const auto half_edges = hull.half_edges();
  if (!(t > 0)) return {FeatureType::vertex, half_edges[2 * e].origin};
  if (!(t < 1)) return {FeatureType::vertex, half_edges[2 * e + 1].origin};
  return {FeatureType::edge, e};
}

// The closest points of the core and hull edge e (Ericson 5.1.9) as a witness.
void edge_witness(const Hull& hull, const Core& core, index_t e, RoundAnswer& out) {
  const vec3 a = hull.edge_start(e);
  const vec3 ab = hull.edge_end(e) - a;
  const SegmentParams p = closest_on_segments(core.p0, core.d, a, ab);
  out.t = p.s;
  out.on_hull = a + p.t * ab;
  out.hull_feature = edge_feature(hull, e, p.t);
}

// The witness of an axis: a core point and a hull point whose gap along
// the axis is the axis's gap (the core's end and its foot on a face plane;
// the closest points of the segment and an edge; an end and its nearest
// point of a rim edge; the segment's point nearest a hull vertex).
void axis_witness(const Hull& hull, const Core& core, const Axis& axis, RoundAnswer& out) {
  switch (axis.feature.kind) {
    case FeatureKind::face_b: {
      out.t = real(axis.end);
      out.hull_feature = {FeatureType::face, axis.index};
      const Plane& plane = hull.planes()[axis.index];
      const vec3 x = core.at(out.t);
      if (core.segment && !projects_into_face(hull, axis.index, x)) {
        // The segment (nearly) parallel to the face: its part over the face.
        const Clipped c = clip_to_face(hull, axis.index, core.p0, core.d, out.slack);
        if (!c.empty) {
          const real d0 = plane.distance(core.at(c.t[0])), d1 = plane.distance(core.at(c.t[1]));
          out.t = d1 < d0 ? c.t[1] : c.t[0];
        }
      }
      const vec3 y = core.at(out.t);
      out.on_hull = y - plane.distance(y) * plane.normal;
      return;
    }
    case FeatureKind::edge_normal_b: {
      const vec3 x = axis.end == 0 ? core.p0 : core.p1;
      const vec3 a = hull.edge_start(axis.index);
      const vec3 ab = hull.edge_end(axis.index) - a;
      const real t = closest_on_segment(x, a, ab);
      out.t = real(axis.end);
      out.on_hull = a + t * ab;
      out.hull_feature = edge_feature(hull, axis.index, t);
      return;
    }
    case FeatureKind::edge_normal_a: {
      out.on_hull = hull.vertices()[axis.index];
      out.t = closest_on_segment(out.on_hull, core.p0, core.d);
      out.hull_feature = {FeatureType::vertex, axis.index};
      return;
    }
    default:  // edges
      edge_witness(hull, core, axis.index, out);
  }
}

// The closest points of a core the hull does not touch. They lie on a face
// (then an end of the core projects into it: the face that end is furthest
// outside of, Faces::nearest), or on an edge or a vertex (then they are the
// closest points of the segment and some edge next to a face that part of
// the segment is in front of; edges with both faces behind both ends are
// skipped). Faces win ties, so that a parallel segment over a face names
// the face. The distance is infinite when round-off left no candidate.
struct Closest {
  real distance = infinity;
  index_t edge = -1;  // the edge the witness lies on (or ends at); -1 for a face
};
Closest closest_points(const Hull& hull, const Core& core, const Faces& faces, RoundAnswer& out) {
  Closest closest;
  real best2 = infinity;
  for (int k = 0; k < (core.segment ? 2 : 1); ++k) {
    const real d = faces.distance[k];
    const vec3 x = k == 0 ? core.p0 : core.p1;
    if (d > 0 && d * d < best2 && projects_into_face(hull, faces.nearest[k], x)) {
      best2 = d * d;
      closest.distance = d;
      out.t = real(k);
      out.on_hull = x - d * hull.planes()[faces.nearest[k]].normal;
      out.hull_feature = {FeatureType::face, faces.nearest[k]};
    }
  }
  const auto half_edges = hull.half_edges();
  const auto planes = hull.planes();
  RoundAnswer edge;
  for (index_t e = 0; e < static_cast<index_t>(hull.edge_count()); ++e) {
    const Plane& f1 = planes[half_edges[2 * e].face];
    const Plane& f2 = planes[half_edges[2 * e + 1].face];
    const real front = std::max(std::max(f1.distance(core.p0), f1.distance(core.p1)),
                                std::max(f2.distance(core.p0), f2.distance(core.p1)));
    if (front < 0) continue;
    edge_witness(hull, core, e, edge);
    const vec3 v = edge.on_hull - core.at(edge.t);
    const real d2 = glm::dot(v, v);
    if (d2 < best2) {
      best2 = d2;
      closest = {std::sqrt(d2), e};
      out.t = edge.t;
      out.on_hull = edge.on_hull;
      out.hull_feature = edge.hull_feature;
    }
  }
  return closest;
}

// The core does not touch the hull (`top`, the axis with the largest gap,
// separates them): the exact distance from the closest points, unless the
// top axis's own witness already realises its gap (an end projecting into
// the face; the segment and the edge meeting inside both). The axis is the
// direction between the closest points (the top axis in the touching band,
// where that direction is round-off), or the best face's normal when its
// gap is within tol::face_preference of the distance (relative to it).
real apart(const Hull& hull, const Core& core, const Faces& faces, const Axis& top,
           index_t segment_edge, RoundAnswer& out) {
  axis_witness(hull, core, top, out);
  out.axis = -top.w;
  out.feature = top.feature;
  real distance = top.gap;
  const bool face_inside = top.feature.kind == FeatureKind::face_b && out.t == real(top.end) &&
                           projects_into_face(hull, top.index, out.on_hull);
  const bool edge_inside = top.feature.kind == FeatureKind::edges && out.t > 0 && out.t < 1 &&
                           out.hull_feature.type == FeatureType::edge;
  if (!face_inside && !edge_inside) {
    RoundAnswer closest_pair = out;
    const Closest closest = closest_points(hull, core, faces, closest_pair);
    if (closest.distance < infinity) {  // else round-off left none: keep top's witness
      distance = closest.distance;
      out.t = closest_pair.t;
      out.on_hull = closest_pair.on_hull;
      out.hull_feature = closest_pair.hull_feature;
      if (out.hull_feature.type == FeatureType::face) {
        out.axis = -hull.planes()[out.hull_feature.index].normal;
        out.feature = {FeatureKind::face_b, -1, out.hull_feature.index};
      } else if (distance > out.touch) {
        out.axis = (out.on_hull - core.at(out.t)) / distance;
        out.feature = {FeatureKind::edges, segment_edge, closest.edge};
      }
    }
  }
  if (out.feature.kind != FeatureKind::face_b &&
      faces.best.gap >= distance - tol::face_preference * distance) {
    out.axis = -faces.best.w;
    out.feature = faces.best.feature;
  }
  return distance;
}

}  // namespace

// Outline: the face axes, then (a segment) the edge axes and (a flat hull)
// the rim axes, each kind replacing the best only when better by
// tol::face_preference of the size, as sat/query.cpp does. The largest gap is
// the core's exact signed distance when it is <= 0; above, apart() finds
// the exact distance. The radius comes off last.
//
// The touching band is relative to the hull's magnitude and the core's
// local coordinates, as sat/query.cpp's is to the pair's; the manifold's slack
// against a face's side planes also to the world coordinates, at whose size
// the change of frame rounds.
RoundAnswer round_query(const Hull& hull, const Pose& pose, const vec3& p0_world,
                        const vec3& p1_world, real radius, index_t segment_edge) {
  RoundAnswer out;
  out.p0 = pose.apply_inverse(p0_world);
  out.p1 = pose.apply_inverse(p1_world);
  const vec3 p0 = out.p0, p1 = out.p1;
  const Core core{p0, p1, p1 - p0, p1 != p0};
  const real world = std::max(std::max(glm::length(p0_world), glm::length(p1_world)),
                              glm::length(pose.translation));
  const real magnitude = hull.magnitude() + std::max(glm::length(p0), glm::length(p1));
  out.touch = tol::touching * (magnitude + std::abs(radius));
  out.slack = tol::coplanar * (magnitude + world);
  const real bias = tol::face_preference * std::max(hull.extent(), glm::length(core.d));
  const Faces faces = face_axes(hull, core, out.counters);
  Axis best = faces.best, top = faces.best;
  const auto consider = [&](const Axis& axis) {
    if (axis.gap > best.gap + bias) best = axis;
    if (axis.gap > top.gap) top = axis;
  };
  if (core.segment) consider(edge_axes(hull, core, segment_edge, out.counters));
  if (hull.is_flat()) consider(rim_axes(hull, core, segment_edge, out.counters));
  // Apart by any axis (the preference may not hide a gap): the exact
  // distance. Else the preferred axis: its gap is within the bias of the
  // depth, and moving B along it by that much separates the pair.
  real core_separation = best.gap;
  if (top.gap > 0) {
    core_separation = apart(hull, core, faces, top, segment_edge, out);
  } else {
    axis_witness(hull, core, best, out);
    out.axis = -best.w;
    out.feature = best.feature;
  }
  out.separation = core_separation - radius;
  return out;
}

}  // namespace detail

namespace {

// The answer is in the hull's local lengths; the result in the world's.
Result to_result(const detail::RoundAnswer& answer, const Pose& pose) {
  Result r;
  r.separation = answer.separation * pose.scale;
  r.intersecting = answer.separation <= answer.touch;
  r.axis = pose.rotate(answer.axis);
  r.feature = answer.feature;
  r.counters = answer.counters;
  return r;
}

}  // namespace

// The shape's core and radius go to the world frame (pose_a), then into
// the hull's frame and lengths (round_query, pose_b).
Result query(const convex::Sphere& a, const Pose& pose_a, const Hull& b, const Pose& pose_b) {
  if (b.empty() || !scale_ok(pose_a) || !scale_ok(pose_b)) return Result{};  // programmer error
  const vec3 c = pose_a.apply(a.core.p);
  const real radius = a.radius * pose_a.scale / pose_b.scale;  // in the hull's local lengths
  return to_result(detail::round_query(b, pose_b, c, c, radius, -1), pose_b);
}

Result query(const convex::Capsule& a, const Pose& pose_a, const Hull& b, const Pose& pose_b) {
  if (b.empty() || !scale_ok(pose_a) || !scale_ok(pose_b)) return Result{};
  const real radius = a.radius * pose_a.scale / pose_b.scale;
  return to_result(
      detail::round_query(b, pose_b, pose_a.apply(a.core.p0), pose_a.apply(a.core.p1), radius, 0),
      pose_b);
}

}  // namespace sepax::sat
