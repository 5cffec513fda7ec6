// Contact manifolds between hulls (contact.hpp).
//
// SAT decides the axis and the feature; this file turns them into points:
// a face axis by clipping the other hull's incident face against the
// reference face's side planes (Sutherland-Hodgman, as Box2D v3's
// b2ClipPolygons and Box3D do), an edge-pair axis by the closest points of
// the two edges (Ericson, Real-Time Collision Detection 5.1.9), a flat
// polygon's rim axis by the overlap of the two edges along it. Every point
// carries the features of A and of B it lies on, tracked through the
// clipping, which become its id.
#include "sepax/contact.hpp"

#include "contact/internal.hpp"

#include "core/closest_point.hpp"

#include "sepax/epa.hpp"
#include "sepax/gjk.hpp"
#include "sepax/support.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <new>
#include <type_traits>

namespace sepax::contact {

namespace detail {

namespace {

/// Twice the signed area of the triangle of points a, b, c of the plane.
real area2(const real* x, const real* y, int a, int b, int c) {
  return (x[b] - x[a]) * (y[c] - y[a]) - (y[b] - y[a]) * (x[c] - x[a]);
}

}  // namespace

int pick_plane(const real* x, const real* y, const real* separation, const Id* keys, real tie,
               int count, int keep[max_points]) {
  if (count <= max_points) {
    for (int i = 0; i < count; ++i) keep[i] = i;
    return count;
  }
  count = std::min(count, max_pick);
  // Each step takes the point of largest value[i], the earliest on a tie;
  // with tie > 0, of those within `band` of the largest, the least key, so
  // that the choice does not depend on the points' order or round-off.
  // -1 when no value exceeds `floor` by more than the band.
  real value[max_pick];
  const auto best_of = [&](real band, real floor) {
    int best = -1;
    real most = floor;
    for (int i = 0; i < count; ++i)
      if (value[i] > most) most = value[i], best = i;
    if (best < 0 || !(tie > 0)) return best;
    if (!(most > floor + band)) return -1;
    for (int i = 0; i < count; ++i)
      if (keys[i] < keys[best] && value[i] >= most - band) best = i;
    return best;
  };
  int chosen[4];
  for (int i = 0; i < count; ++i) value[i] = -separation[i];
  chosen[0] = best_of(tie, -std::numeric_limits<real>::infinity());
  real span2 = 0;  // the largest squared distance from the deepest point
  for (int i = 0; i < count; ++i) {
    const real dx = x[i] - x[chosen[0]], dy = y[i] - y[chosen[0]];
    value[i] = dx * dx + dy * dy, span2 = std::max(span2, value[i]);
  }
  // Round-off of a coordinate (tie) moves a squared distance by about
  // 2 tie span, an area by about 2 tie span for each of its sides.
  const real span = std::sqrt(span2);
  chosen[1] = best_of(2 * tie * span + tie * tie, real(-1));
  for (int i = 0; i < count; ++i) value[i] = std::abs(area2(x, y, chosen[0], chosen[1], i));
  chosen[2] = best_of(4 * tie * span, real(-1));
  const real sign = area2(x, y, chosen[0], chosen[1], chosen[2]) < 0 ? real(-1) : real(1);
  for (int i = 0; i < count; ++i)  // area added beyond each edge of the triangle
    value[i] = std::max({-sign * area2(x, y, chosen[0], chosen[1], i),
                         -sign * area2(x, y, chosen[1], chosen[2], i),
                         -sign * area2(x, y, chosen[2], chosen[0], i)});
  chosen[3] = best_of(6 * tie * span, real(0));
  std::sort(chosen, chosen + 4);
  int kept = 0;
  for (int k = 0; k < 4; ++k)
    if (chosen[k] >= 0 && (k == 0 || chosen[k] != chosen[k - 1])) keep[kept++] = chosen[k];
  return kept;
}

void plane_basis(const vec3& n, vec3& t, vec3& u) {
  // Duff et al., "Building an Orthonormal Basis, Revisited", JCGT 2017.
  const real sign_z = n.z < 0 ? real(-1) : real(1);
  const real q = real(-1) / (sign_z + n.z);
  const real b = n.x * n.y * q;
  t = vec3(1 + sign_z * n.x * n.x * q, sign_z * b, -sign_z * n.x);
  u = vec3(b, sign_z + n.y * n.y * q, -n.y);
}

int pick(const Point* all, int count, const vec3& n, real tie, int keep[max_points]) {
  if (count <= max_points) return pick_plane(nullptr, nullptr, nullptr, nullptr, 0, count, keep);
  count = std::min(count, max_pick);
  vec3 t, u;
  plane_basis(n, t, u);
  real x[max_pick], y[max_pick], separation[max_pick];
  Id ids[max_pick];
  for (int i = 0; i < count; ++i) {
    const vec3 d = all[i].point_b - all[0].point_b;
    x[i] = glm::dot(d, t), y[i] = glm::dot(d, u);
    separation[i] = all[i].separation, ids[i] = all[i].id;
  }
  return pick_plane(x, y, separation, ids, tie, count, keep);
}

real face_separation(const Hull& h, const Pose& ph, index_t f, const Hull& other, const Pose& po) {
  const Plane& plane = h.planes()[f];
  const vec3 normal = ph.rotate(plane.normal);
  const index_t v = support_index(other, po.rotate_inverse(-normal));
  return plane.distance(ph.apply_inverse(po.apply(other.vertices()[v]))) * ph.scale;
}

}  // namespace detail

namespace {

/// Most corners the clipped polygon may have. A face with more corners is
/// thinned to every k-th corner before clipping (a convex subset: the
/// contact area shrinks by at most the thinned-out slivers).
constexpr int max_clip = detail::max_pick;

/// What the segment from a clip vertex to the next one lies on.
struct Carrier {
  bool on_reference = false;  ///< a reference side plane, else an incident edge
  index_t edge = -1;          ///< the edge index (of the reference or incident hull)
};

/// A vertex of the polygon being clipped, in the reference hull's frame,
/// with the features of the incident and of the reference hull it lies on.
struct ClipVertex {
  vec3 p{real(0)};
  FeatureRef incident;
  FeatureRef reference;
  Carrier out;  ///< the segment to the next vertex
};

/// The reference face, in its hull's frame.
struct ReferenceFace {
  const Hull* hull = nullptr;
  index_t face = -1;
  vec3 normal{real(0)};
  real offset = 0;
};

/// The reference and incident hulls: which of A and B each is, and the
/// incident hull's pose in the reference hull's frame.
struct Roles {
  const Hull* reference = nullptr;
  const Hull* incident = nullptr;
  const Pose* reference_pose = nullptr;
  Pose incident_in_reference;
  bool reference_is_a = true;
};

/// The vertex where edges e0 and e1 of face f meet (as consecutive loop
/// edges), or -1.
index_t shared_corner(const Hull& h, index_t f, index_t e0, index_t e1) {
  const auto he = h.half_edges();
  index_t e = h.faces()[f].edge;
  for (index_t k = 0; k < h.faces()[f].count; ++k, e = he[e].next) {
    const index_t n = he[e].next;
    if ((e / 2 == e0 && n / 2 == e1) || (e / 2 == e1 && n / 2 == e0)) return he[n].origin;
  }
  return -1;
}

/// The incident face: of the faces around the deepest vertex of `h` along
/// -n (its support vertex; local frame, n unit), the one most anti-parallel
/// to n. Holding the deepest vertex, its clipped polygon keeps the point
/// whose depth SAT's face axis measured whenever that point lies over the
/// reference face; the face most anti-parallel over the whole hull need not
/// hold it (a hull resting on two nearly coplanar faces).
index_t incident_face(const Hull& h, const vec3& n) {
  const auto he = h.half_edges();
  const index_t v = support_index(h, -n);
  index_t best = he[h.vertex_edge(v)].face;
  const index_t first = h.vertex_edge(v);
  index_t e = first;
  do {
    const index_t f = he[e].face;
    if (glm::dot(h.planes()[f].normal, n) < glm::dot(h.planes()[best].normal, n)) best = f;
    e = he[e ^ 1].next;
  } while (e != first);
  return best;
}

/// Area of face f (Newell's sum about its first vertex), for the tie-break
/// between two reference faces.
real face_area(const Hull& h, index_t f) {
  const auto he = h.half_edges();
  const auto v = h.vertices();
  const index_t first = h.faces()[f].edge;
  const vec3 o = v[he[first].origin];
  vec3 sum(real(0));
  index_t e = he[first].next;
  for (index_t k = 2; k < h.faces()[f].count; ++k, e = he[e].next)
    sum += glm::cross(v[he[e].origin] - o, v[he[he[e].next].origin] - o);
  return glm::length(sum);
}

/// Clips `poly` (count vertices) against the side planes of the reference
/// face, each side writing into the other buffer (`scratch`, room for
/// max_clip vertices); returns the buffer that holds the result and sets
/// `count` to its size.
ClipVertex* clip_to_face(const ReferenceFace& ref, ClipVertex* poly, int& count,
                         ClipVertex* scratch, index_t incident_face_index) {
  const Hull& h = *ref.hull;
  const auto he = h.half_edges();
  const auto v = h.vertices();
  index_t e = h.faces()[ref.face].edge;
  for (index_t side = 0; side < h.faces()[ref.face].count && count > 0; ++side, e = he[e].next) {
    const vec3 a = v[he[e].origin], b = v[he[he[e].next].origin];
    // Outward in the face's plane; its length scales both sides' distances
    // alike, so the in/out tests and the crossing points do not need it unit.
    const vec3 s = glm::cross(b - a, ref.normal);
    if (!(glm::dot(s, s) > 0)) continue;
    const real offset = glm::dot(s, a);
    const index_t edge = e / 2;
    real distance[max_clip];  // each vertex's, once
    bool all_in = true;
    for (int i = 0; i < count; ++i) {
      distance[i] = glm::dot(s, poly[i].p) - offset;
      all_in = all_in && distance[i] <= 0;
    }
    if (all_in) continue;  // nothing beyond this side: the polygon stays
    int n = 0;
    for (int i = 0; i < count && n + 2 <= max_clip; ++i) {
      const int j = i + 1 == count ? 0 : i + 1;
      const ClipVertex& p = poly[i];
      const ClipVertex& q = poly[j];
      const real dp = distance[i], dq = distance[j];
      const bool p_in = dp <= 0, q_in = dq <= 0;
      if (p_in != q_in) {
        ClipVertex x;
        x.p = p.p + (q.p - p.p) * (dp / (dp - dq));
        if (p.out.on_reference) {  // along a side plane: the reference corner
          const index_t corner = shared_corner(h, ref.face, p.out.edge, edge);
          x.incident = {FeatureType::face, incident_face_index};
          x.reference = corner >= 0 ? FeatureRef{FeatureType::vertex, corner}
                                    : FeatureRef{FeatureType::face, ref.face};
        } else {
          x.incident = {FeatureType::edge, p.out.edge};
          x.reference = {FeatureType::edge, edge};
        }
        x.out = p_in ? Carrier{true, edge} : p.out;  // exit runs along the plane
        if (!p_in) {
          scratch[n++] = x;
          scratch[n++] = q;
        } else {
          scratch[n++] = x;
        }
      } else if (q_in) {
        scratch[n++] = q;
      }
    }
    std::swap(poly, scratch);
    count = n;
  }
  return poly;
}

/// The points of a face contact: incident face `fi` clipped to the
/// reference face, kept within `limit` of its plane, reduced by pick()
/// with `tie`.
void face_contact(const Roles& r, const ReferenceFace& ref, index_t fi, real limit, real tie,
                  Manifold& m) {
  const Hull& inc = *r.incident;
  const auto he = inc.half_edges();
  const Face& face = inc.faces()[fi];
  // A huge face is thinned to every stride-th corner, counted from its
  // deepest corner (the incident hull's support vertex into the reference
  // face, which incident_face() put on this face): the thinned polygon
  // keeps the point whose depth SAT measured.
  const int stride = (face.count + max_clip / 2 - 1) / (max_clip / 2);
  index_t start = face.edge;
  if (stride > 1) {
    const index_t v = support_index(inc, r.incident_in_reference.rotate_inverse(-ref.normal));
    index_t e = face.edge;
    for (index_t k = 0; k < face.count; ++k, e = he[e].next)
      if (he[e].origin == v) start = e;
  }
  detail::Scratch<ClipVertex, max_clip> poly_room, scratch_room;
  ClipVertex* const poly = poly_room.data();
  ClipVertex* const scratch = scratch_room.data();
  int count = 0;
  index_t e = start;
  for (index_t k = 0; k < face.count; ++k, e = he[e].next) {
    if (k % stride != 0) continue;
    ClipVertex c;
    c.p = r.incident_in_reference.apply(inc.vertices()[he[e].origin]);
    c.incident = {FeatureType::vertex, he[e].origin};
    c.reference = {FeatureType::face, ref.face};
    c.out = {false, stride == 1 ? e / 2 : index_t(-1)};
    poly[count++] = c;
  }
  const ClipVertex* const clipped = clip_to_face(ref, poly, count, scratch, fi);
  // The points within the limit, placed in the reference face's plane (in
  // its hull's frame, world lengths) for pick_plane(); world points only
  // for those it keeps.
  const real scale = r.reference_pose->scale;
  vec3 t, u;
  detail::plane_basis(ref.normal, t, u);
  real x[max_clip], y[max_clip], separation[max_clip], depth[max_clip];
  Id keys[max_clip];  // the features, reference's first: the same in (A, B) and (B, A)
  int from[max_clip];
  int kept = 0;
  for (int i = 0; i < count; ++i) {
    const real local = glm::dot(ref.normal, clipped[i].p) - ref.offset;  // reference's lengths
    if (!(local * scale <= limit)) continue;
    x[kept] = glm::dot(clipped[i].p, t) * scale, y[kept] = glm::dot(clipped[i].p, u) * scale;
    separation[kept] = local * scale, depth[kept] = local, from[kept] = i;
    keys[kept] = make_id(clipped[i].reference, clipped[i].incident);
    ++kept;
  }
  int keep[max_points];
  m.count = detail::pick_plane(x, y, separation, keys, tie, kept, keep);
  for (int k = 0; k < m.count; ++k) {
    const int j = keep[k];
    const vec3& p = clipped[from[j]].p;
    const vec3 on_reference = r.reference_pose->apply(p - ref.normal * depth[j]);
    const vec3 on_incident = r.reference_pose->apply(p);
    Point& q = m.points[k];
    q.separation = separation[j];
    q.point_a = r.reference_is_a ? on_reference : on_incident;
    q.point_b = r.reference_is_a ? on_incident : on_reference;
    q.id = r.reference_is_a ? make_id(clipped[from[j]].reference, clipped[from[j]].incident)
                            : make_id(clipped[from[j]].incident, clipped[from[j]].reference);
  }
}

/// The point of an edge-pair contact: the closest points of the two edges.
void edge_contact(const Hull& a, const Pose& pa, const Hull& b, const Pose& pb,
                  const sat::Feature& f, real limit, Manifold& m) {
  const vec3 a0 = pa.apply(a.edge_start(f.a)), a1 = pa.apply(a.edge_end(f.a));
  const vec3 b0 = pb.apply(b.edge_start(f.b)), b1 = pb.apply(b.edge_end(f.b));
  const sepax::detail::SegmentParams st =
      sepax::detail::closest_on_segments(a0, a1 - a0, b0, b1 - b0);
  Point p;
  p.point_a = a0 + (a1 - a0) * st.s;
  p.point_b = b0 + (b1 - b0) * st.t;
  p.separation = glm::dot(p.point_b - p.point_a, m.normal);
  p.id = make_id({FeatureType::edge, f.a}, {FeatureType::edge, f.b});
  if (p.separation <= limit) m.points[m.count++] = p;
}

/// A flat polygon's rim axis (edge_normal_a: the in-plane outward normal of
/// edge f.a of flat A; edge_normal_b mirrored): the other hull's edge most
/// nearly perpendicular to the axis at its support vertex, clipped to the
/// rim edge's extent, up to 2 points.
void rim_contact(const Hull& rim, const Pose& rim_pose, index_t rim_edge, const Hull& other,
                 const Pose& other_pose, bool rim_is_a, real limit, Manifold& m) {
  const vec3 axis = rim_is_a ? m.normal : -m.normal;  // out of the rim hull
  const vec3 r0 = rim_pose.apply(rim.edge_start(rim_edge));
  const vec3 r1 = rim_pose.apply(rim.edge_end(rim_edge));
  const vec3 local = other_pose.rotate_inverse(-axis);
  const index_t v = support_index(other, local);
  const auto he = other.half_edges();
  index_t best = -1;
  real flattest = std::numeric_limits<real>::infinity();
  const index_t first = other.vertex_edge(v);
  index_t e = first;
  do {
    const vec3 d = other.vertices()[he[e ^ 1].origin] - other.vertices()[v];
    const real along = std::abs(glm::dot(d, local)) / glm::length(d);  // d != 0: distinct vertices
    if (along < flattest) flattest = along, best = e;
    e = he[e ^ 1].next;
  } while (e != first);
  const vec3 o0 = other_pose.apply(other.vertices()[v]);
  const vec3 o1 = other_pose.apply(other.vertices()[he[best ^ 1].origin]);
  const vec3 dir = r1 - r0;
  const real len2 = glm::dot(dir, dir);
  Point pts[2];
  int n = 0;
  const vec3 ends[2] = {o0, o1};
  const FeatureRef ends_id[2] = {{FeatureType::vertex, v},
                                 {FeatureType::vertex, he[best ^ 1].origin}};
  for (int k = 0; k < 2; ++k) {
    // Each end of the other edge, clamped to the rim edge's extent.
    const real t = len2 > 0 ? std::clamp(glm::dot(ends[k] - r0, dir) / len2, real(0), real(1)) : 0;
    const vec3 on_rim = r0 + dir * t;
    const real u = glm::dot(on_rim - o0, o1 - o0) / glm::dot(o1 - o0, o1 - o0);
    const vec3 on_other = o0 + (o1 - o0) * std::clamp(u, real(0), real(1));
    Point p;
    p.point_a = rim_is_a ? on_rim : on_other;
    p.point_b = rim_is_a ? on_other : on_rim;
    p.separation = glm::dot(p.point_b - p.point_a, m.normal);
    const FeatureRef rim_id{FeatureType::edge, rim_edge};
    const FeatureRef other_id =
        (t > 0 && t < 1) ? ends_id[k] : FeatureRef{FeatureType::edge, best / 2};
    p.id = rim_is_a ? make_id(rim_id, other_id) : make_id(other_id, rim_id);
    if (p.separation <= limit && (n == 0 || p.id != pts[0].id)) pts[n++] = p;
  }
  std::copy(pts, pts + n, m.points);
  m.count = n;
}

/// SAT's answer, or, when it is an edge pair and a face of either hull
/// near the normal separates the pair within tol::manifold_face of it, that
/// face's axis: the face of A around its support vertex most along the
/// normal, or B's most against it (the better of the two; A's on a tie).
/// The face of last frame's manifold (`last`) keeps its place within twice
/// the band. `boxes`: the pair when both hulls are boxes, whose faces and
/// separations box.cpp finds in closed form.
sat::Result prefer_face(const Hull& a, const Pose& pa, const Hull& b, const Pose& pb,
                        const sat::Result& r, const sat::Feature& last,
                        const detail::BoxPair* boxes) {
  if (r.feature.kind != sat::FeatureKind::edges) return r;
  const real band = tol::manifold_face * std::min(a.extent() * pa.scale, b.extent() * pb.scale);
  // The separation along face f of A (a_face) or of B.
  const auto gap = [&](bool a_face, index_t f) {
    if (boxes) return detail::box_face_separation(*boxes, a, pa, b, a_face, f);
    return a_face ? detail::face_separation(a, pa, f, b, pb)
                  : detail::face_separation(b, pb, f, a, pa);
  };
  index_t fa = boxes ? detail::box_face_along(*boxes, a, pa, b, true, r.axis)
                     : incident_face(a, pa.rotate_inverse(-r.axis));
  index_t fb = boxes ? detail::box_face_along(*boxes, a, pa, b, false, -r.axis)
                     : incident_face(b, pb.rotate_inverse(r.axis));
  real sa = gap(true, fa), sb = gap(false, fb);
  real reach = band;
  const real none = -std::numeric_limits<real>::infinity();
  if (last.kind == sat::FeatureKind::face_a && last.a >= 0 && last.a < index_t(a.face_count())) {
    const real held = gap(true, last.a);
    if (held >= r.separation - 2 * band) fa = last.a, sa = held, sb = none, reach = 2 * band;
  } else if (last.kind == sat::FeatureKind::face_b && last.b >= 0 &&
             last.b < index_t(b.face_count())) {
    const real held = gap(false, last.b);
    if (held >= r.separation - 2 * band) fb = last.b, sb = held, sa = none, reach = 2 * band;
  }
  if (!(std::max(sa, sb) >= r.separation - reach)) return r;
  sat::Result out = r;
  if (sa >= sb) {
    out.separation = sa;
    out.axis = pa.rotate(a.planes()[fa].normal);
    out.feature = {sat::FeatureKind::face_a, fa, -1};
  } else {
    out.separation = sb;
    out.axis = -pb.rotate(b.planes()[fb].normal);
    out.feature = {sat::FeatureKind::face_b, -1, fb};
  }
  return out;
}

/// The vertex of `h` (at `pose`) nearest the world point p.
index_t nearest_vertex(const Hull& h, const Pose& pose, const vec3& p) {
  const vec3 local = pose.apply_inverse(p);
  index_t best = 0;
  for (std::size_t i = 1; i < h.vertex_count(); ++i)
    if (glm::length(h.vertices()[i] - local) < glm::length(h.vertices()[best] - local))
      best = index_t(i);
  return best;
}

/// A pair within the margin whose SAT feature left no point after clipping:
/// apart, the nearest features lie beyond the reference face's rim (a corner
/// or an edge nearest another corner, where SAT's best axis only bounds the
/// distance); touching, the contact is a segment on the face's rim that
/// round-off clipped away. One point at GJK's closest points (EPA's witness
/// points when touching or overlapping), the normal along them, as Box2D v3
/// does for polygons whose closest features are vertices. Its id names the
/// hulls' vertices nearest those points. Nothing when the witness points
/// do not bear out their separation to EPA's accuracy (tol::agreement of
/// the smaller hull's size, or `roundoff`, absolute, where that is larger):
/// EPA on shapes of very different sizes can stop with points that do not.
void witness_contact(const Hull& a, const Pose& pa, const Hull& b, const Pose& pb, real limit,
                     real roundoff, Manifold& m) {
  const epa::Result d = epa::query(a, pa, b, pb);
  if (!(d.separation <= limit)) return;
  const real gap = glm::dot(d.point_b - d.point_a, d.axis);
  const real accuracy =
      std::max(roundoff, tol::agreement * std::min(a.extent() * pa.scale, b.extent() * pb.scale));
  if (!(std::abs(gap - d.separation) <= accuracy)) return;
  m.normal = d.axis;
  m.separation = d.separation;
  Point& q = m.points[0];
  q.point_a = d.point_a;
  q.point_b = d.point_b;
  q.separation = d.separation;
  q.id = make_id({FeatureType::vertex, nearest_vertex(a, pa, d.point_a)},
                 {FeatureType::vertex, nearest_vertex(b, pb, d.point_b)});
  m.count = 1;
}

/// The separation of a manifold's deepest point (count > 0).
real deepest(const Manifold& m) {
  real d = m.points[0].separation;
  for (int i = 1; i < m.count; ++i) d = std::min(d, m.points[i].separation);
  return d;
}

/// The points of the manifold of `r`'s feature (see collide()), each
/// within `limit` of the normal's plane; depths within `tie` are as deep
/// to pick(). `boxes`: the pair when both hulls are boxes, whose face
/// contact box.cpp makes.
void feature_points(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b,
                    const sat::Result& r, real limit, real tie, const detail::BoxPair* boxes,
                    Manifold& m) {
  m.normal = r.axis;
  m.separation = r.separation;
  m.feature = r.feature;
  m.count = 0;
  switch (r.feature.kind) {
    case sat::FeatureKind::face_a:
    case sat::FeatureKind::face_b: {
      if (boxes) {
        detail::box_face_contact(a, pose_a, b, pose_b, *boxes, r, limit, tie, m);
        break;
      }
      index_t incident = -1;
      const bool ref_a = detail::reference_is_a(a, pose_a, b, pose_b, r, m.feature, incident);
      Roles roles;
      roles.reference_is_a = ref_a;
      roles.reference = ref_a ? &a : &b;
      roles.incident = ref_a ? &b : &a;
      roles.reference_pose = ref_a ? &pose_a : &pose_b;
      roles.incident_in_reference =
          ref_a ? relative_pose(pose_a, pose_b) : relative_pose(pose_b, pose_a);
      ReferenceFace ref;
      ref.hull = roles.reference;
      ref.face = ref_a ? m.feature.a : m.feature.b;
      ref.normal = ref.hull->planes()[ref.face].normal;
      ref.offset = ref.hull->planes()[ref.face].offset;
      m.normal = ref_a ? pose_a.rotate(ref.normal) : -pose_b.rotate(ref.normal);
      face_contact(roles, ref, incident, limit, tie, m);
      break;
    }
    case sat::FeatureKind::edges:
      edge_contact(a, pose_a, b, pose_b, r.feature, limit, m);
      break;
    case sat::FeatureKind::edge_normal_a:
      rim_contact(a, pose_a, r.feature.a, b, pose_b, true, limit, m);
      break;
    case sat::FeatureKind::edge_normal_b:
      rim_contact(b, pose_b, r.feature.b, a, pose_a, false, limit, m);
      break;
    case sat::FeatureKind::none:
      break;
  }
}

}  // namespace

namespace detail {

index_t incident_face(const Hull& h, const vec3& n) {
  return contact::incident_face(h, n);
}

bool reference_is_a(const Hull& a, const Pose& pa, const Hull& b, const Pose& pb,
                    const sat::Result& r, sat::Feature& feature, index_t& incident) {
  const bool sat_a = r.feature.kind == sat::FeatureKind::face_a;
  const Hull& ref = sat_a ? a : b;
  const Hull& inc = sat_a ? b : a;
  const Pose& ref_pose = sat_a ? pa : pb;
  const Pose& inc_pose = sat_a ? pb : pa;
  const index_t rf = sat_a ? r.feature.a : r.feature.b;
  const vec3 n_ref = ref_pose.rotate(ref.planes()[rf].normal);
  const vec3 n_local = inc_pose.rotate_inverse(n_ref);
  const index_t fi = contact::incident_face(inc, n_local);
  const vec3 n_inc = inc_pose.rotate(inc.planes()[fi].normal);
  // The incident face's own separation: ref's deepest point under its plane.
  const vec3 local = ref_pose.rotate_inverse(-n_inc);
  const vec3 deepest = ref_pose.apply(ref.vertices()[support_index(ref, local)]);
  const real s_inc = inc.planes()[fi].distance(inc_pose.apply_inverse(deepest)) * inc_pose.scale;
  const real band = tol::face_preference * std::max(a.extent() * pa.scale, b.extent() * pb.scale);
  bool keep = !(s_inc > r.separation - band);
  if (!keep) {
    const real area_ref = contact::face_area(ref, rf) * ref_pose.scale * ref_pose.scale;
    const real area_inc = contact::face_area(inc, fi) * inc_pose.scale * inc_pose.scale;
    const real scale = std::max(area_ref, area_inc);
    if (std::abs(area_ref - area_inc) > face_area_tie * scale) {
      keep = area_ref > area_inc;
    } else {
      keep = n_inc.x != n_ref.x   ? n_ref.x > n_inc.x
             : n_inc.y != n_ref.y ? n_ref.y > n_inc.y
                                  : n_ref.z >= n_inc.z;
    }
  }
  const bool ref_is_a = keep ? sat_a : !sat_a;
  incident = keep ? fi : rf;  // the face the reference face was measured against
  feature = r.feature;
  if (!keep) {
    feature.kind = ref_is_a ? sat::FeatureKind::face_a : sat::FeatureKind::face_b;
    feature.a = ref_is_a ? fi : -1;
    feature.b = ref_is_a ? -1 : fi;
  }
  return ref_is_a;
}

void face_b_contact(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b, index_t f,
                    real limit, Manifold& m) {
  Roles roles;
  roles.reference_is_a = false;
  roles.reference = &b;
  roles.incident = &a;
  roles.reference_pose = &pose_b;
  roles.incident_in_reference = relative_pose(pose_b, pose_a);
  ReferenceFace ref;
  ref.hull = &b;
  ref.face = f;
  ref.normal = b.planes()[f].normal;
  ref.offset = b.planes()[f].offset;
  m.normal = -pose_b.rotate(ref.normal);
  m.separation = face_separation(b, pose_b, f, a, pose_a);
  m.feature = {sat::FeatureKind::face_b, -1, f};
  m.count = 0;
  const index_t incident = incident_face(a, pose_a.rotate_inverse(-m.normal));
  face_contact(roles, ref, incident, limit, 0, m);
}

}  // namespace detail

namespace {

/// collide(); `box_path`: two boxes take box.cpp's path.
Manifold collide_hulls(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b,
                       real margin, Cache* cache, sat::Resting* resting, bool box_path) {
  Manifold m;
  if (a.empty() || b.empty() || !scale_ok(pose_a) || !scale_ok(pose_b)) return m;
  margin = std::max(margin, real(0));
  const Pose b_in_a = cache ? relative_pose(pose_a, pose_b) : Pose{};
  if (cache && detail::still_apart(a, pose_a, b, b_in_a, margin, *cache, m)) return m;
  const sat::Result exact =
      sat::query(a, pose_a, b, pose_b, cache ? &cache->sat : nullptr, resting, margin);
  m.normal = exact.axis;
  m.separation = exact.separation;
  m.feature = exact.feature;
  if (cache) cache->apart.gap = 0;
  if (!exact.intersecting && exact.separation > margin) {
    if (cache) {
      cache->feature = m.feature;
      detail::hold_apart(b, pose_a, b_in_a, exact, cache->apart);
    }
    return m;
  }
  // Points within the margin, or as deep as SAT's answer (or the preferred
  // face's) plus round-off for a pair SAT calls touching.
  const real magnitude = a.magnitude() * pose_a.scale + b.magnitude() * pose_b.scale +
                         glm::length(pose_b.translation - pose_a.translation);
  const real roundoff = tol::touching * magnitude;
  detail::BoxPair pair;
  const detail::BoxPair* boxes = nullptr;
  if (box_path && a.is_box() && b.is_box())
    pair = detail::box_pair(a, pose_a, b, pose_b), boxes = &pair;
  const sat::Result r =
      prefer_face(a, pose_a, b, pose_b, exact, cache ? cache->feature : sat::Feature{}, boxes);
  feature_points(a, pose_a, b, pose_b, r, std::max(margin, r.separation) + roundoff, roundoff,
                 boxes, m);
  // A preferred face stands in for SAT's edge pair of overlapping hulls
  // only where its points reach SAT's depth: where clipping to the face cut
  // the deepest corner away (it lies beyond the face's rim), or left no
  // point at all (the faces do not overlap), SAT's edge pair after all. A
  // manifold is never shallower than the contact. (Apart within the margin,
  // SAT's separation only bounds the gap from below: the face's points
  // stay, as a stack's speculative contacts want.)
  const bool shallower =
      m.count > 0 && exact.separation < 0 && deepest(m) > exact.separation + roundoff;
  if (!(r.feature == exact.feature) && (m.count == 0 || shallower))
    feature_points(a, pose_a, b, pose_b, exact, std::max(margin, exact.separation) + roundoff,
                   roundoff, boxes, m);
  if (m.count == 0)
    witness_contact(a, pose_a, b, pose_b, std::max(margin, exact.separation) + roundoff, roundoff,
                    m);
  if (cache) cache->feature = m.feature;
  return m;
}

}  // namespace

Manifold collide(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b, real margin,
                 Cache* cache) {
  return collide_hulls(a, pose_a, b, pose_b, margin, cache, nullptr, true);
}

Manifold collide(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b, real margin,
                 Cache* cache, sat::Resting* resting) {
  return collide_hulls(a, pose_a, b, pose_b, margin, cache, resting, true);
}

Manifold detail::collide_general(const Hull& a, const Pose& pose_a, const Hull& b,
                                 const Pose& pose_b, real margin, Cache* cache) {
  return collide_hulls(a, pose_a, b, pose_b, margin, cache, nullptr, false);
}

Manifold mirrored(const Manifold& m) {
  Manifold out = m;
  out.normal = -m.normal;
  out.feature = sat::mirrored(m.feature);
  for (int i = 0; i < m.count; ++i) {
    out.points[i].point_a = m.points[i].point_b;
    out.points[i].point_b = m.points[i].point_a;
    out.points[i].id = make_id(feature_b(m.points[i].id), feature_a(m.points[i].id));
  }
  return out;
}

}  // namespace sepax::contact
