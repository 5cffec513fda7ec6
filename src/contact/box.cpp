// The manifold of two boxes (Hull::is_box): the same manifold as the
// general hull path of manifold.cpp, at less cost.
//
// The reference face comes from the 15-axis test (sat/box.cpp), as in ODE's
// dBoxBox, and is kept or swapped for the incident face by the general
// path's own reference_is_a() (manifold.cpp): which face is preferred
// within tol::face_preference is decided by separations measured with one
// arithmetic, so both paths round alike and choose alike. The incident face
// is the other box's face most anti-parallel to the reference face, found
// among its six planes instead of around a support vertex; the incident
// quad is clipped against the reference face's four side planes
// (Sutherland-Hodgman, as Box2D v3's b2ClipPolygons and ODE's
// intersectRectQuad do) in fixed arrays, a quad clipped by four planes
// holding at most 19 corners. The points and ids are made with the general
// path's arithmetic in the reference box's frame, so that both give the
// same points to the last bit: the reduction to 4 points, whose ties (a
// face resting flat on a face) are decided by round-off, then keeps the
// same ones.
#include "contact/internal.hpp"

#include <cstdint>
#include <utility>

namespace sepax::contact::detail {

namespace {

/// Most corners of a quad clipped by four planes: a plane adds a corner per
/// crossing and removes one per corner beyond it, so at most half as many
/// again (round-off can make more than two crossings): 4, 6, 9, 13, 19.
constexpr int max_box_clip = 20;
/// Most corners made while clipping: the quad's 4 and, per side, at most
/// one per corner of the polygon it clips.
constexpr int max_box_pool = 4 + 4 * max_box_clip;

/// A corner of the polygon being clipped, in the reference box's frame,
/// with the features of the incident and of the reference box it lies on,
/// and what the segment to the next corner runs along: the reference side
/// `out_side` (0-3, its plane), or else the incident edge `out_edge`.
struct BoxCorner {
  vec3 p;
  FeatureRef incident;
  FeatureRef reference;
  index_t out_edge;
  int out_side;
};

/// The reference face's four side planes (reference box's frame) in its
/// loop order: plane i is dot(s[i], p) = offset[i], s[i] outward (not
/// unit), along edge[i]; corner[i] the vertex where sides i - 1 and i meet.
struct BoxSides {
  vec3 s[4];
  real offset[4];
  index_t edge[4];
  index_t corner[4];
};

/// The side planes of face f of box h, whose plane normal is `normal`.
BoxSides box_sides(const Hull& h, index_t f, const vec3& normal) {
  const auto he = h.half_edges();
  const auto v = h.vertices();
  BoxSides sides;
  index_t e = h.faces()[f].edge;
  for (int i = 0; i < 4; ++i, e = he[e].next) {
    const vec3 a = v[he[e].origin], b = v[he[he[e].next].origin];
    sides.s[i] = glm::cross(b - a, normal);
    sides.offset[i] = glm::dot(sides.s[i], a);
    sides.edge[i] = e / 2;
    sides.corner[i] = he[e].origin;
  }
  return sides;
}

/// The vertex where reference side j (clipped before side i) meets side i,
/// or -1 for opposite sides.
index_t side_corner(const BoxSides& sides, int j, int i) {
  if (j == (i + 3) % 4) return sides.corner[i];
  if (j == (i + 1) % 4) return sides.corner[j];
  return -1;
}

/// Clips the polygon `poly` (count indices into `pool`) against side i
/// into `out`, adding the crossing corners to the pool (`used` of them),
/// and sets count to its size; false, writing nothing, when no corner lies
/// beyond the side. Corners on a side plane count as inside.
bool clip_side(const BoxSides& sides, int i, index_t ref_face, index_t inc_face, BoxCorner* pool,
               int& used, const std::uint8_t* poly, int& count, std::uint8_t* out) {
  real distance[max_box_clip];
  bool all_in = true;
  for (int k = 0; k < count; ++k) {
    distance[k] = glm::dot(sides.s[i], pool[poly[k]].p) - sides.offset[i];
    all_in = all_in && distance[k] <= 0;
  }
  if (all_in) return false;
  int n = 0;
  for (int k = 0; k < count && n + 2 <= max_box_clip; ++k) {
    const int l = k + 1 == count ? 0 : k + 1;
    const BoxCorner& p = pool[poly[k]];
    const BoxCorner& q = pool[poly[l]];
    const real dp = distance[k], dq = distance[l];
    const bool p_in = dp <= 0, q_in = dq <= 0;
    if (p_in != q_in) {
      BoxCorner& x = pool[used];
      x.p = p.p + (q.p - p.p) * (dp / (dp - dq));
      if (p.out_side >= 0) {  // along a side plane: the reference corner there
        const index_t corner = side_corner(sides, p.out_side, i);
        x.incident = {FeatureType::face, inc_face};
        x.reference = corner >= 0 ? FeatureRef{FeatureType::vertex, corner}
                                  : FeatureRef{FeatureType::face, ref_face};
      } else {
        x.incident = {FeatureType::edge, p.out_edge};
        x.reference = {FeatureType::edge, sides.edge[i]};
      }
      x.out_side = p_in ? i : p.out_side;  // the exit runs along the plane
      x.out_edge = p_in ? index_t(-1) : p.out_edge;
      out[n++] = std::uint8_t(used++);
      if (!p_in) out[n++] = poly[l];
    } else if (q_in) {
      out[n++] = poly[l];
    }
  }
  count = n;
  return true;
}

}  // namespace

index_t box_incident_face(const Hull& h, const vec3& n) {
  const BoxFrame& box = h.box();
  index_t best = -1;
  real lowest = 0;
  bool tie = false;
  for (const index_t f : box.face) {
    const real d = glm::dot(h.planes()[f].normal, n);
    if (best < 0 || d < lowest) {
      best = f, lowest = d, tie = false;
    } else if (d == lowest) {
      tie = true;
    }
  }
  // Two faces exactly as anti-parallel: the general rule's walk order
  // decides, so that both paths pick the same one.
  return tie ? incident_face(h, n) : best;
}

void box_face_contact(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b,
                      const sat::Result& r, real limit, Manifold& m) {
  index_t fi = -1;
  const bool ref_a = reference_is_a(a, pose_a, b, pose_b, r, true, m.feature, fi);
  const Hull& ref = ref_a ? a : b;
  const Hull& inc = ref_a ? b : a;
  const Pose& ref_pose = ref_a ? pose_a : pose_b;
  const Pose inc_in_ref = ref_a ? relative_pose(pose_a, pose_b) : relative_pose(pose_b, pose_a);
  const index_t rf = ref_a ? m.feature.a : m.feature.b;
  const Plane& plane = ref.planes()[rf];
  m.normal = ref_a ? pose_a.rotate(plane.normal) : -pose_b.rotate(plane.normal);

  // The incident quad in the reference box's frame, from its face loop;
  // the polygon is a list of indices into the corners made so far.
  Scratch<BoxCorner, max_box_pool> pool_room;
  BoxCorner* const pool = pool_room.data();
  std::uint8_t poly_room[max_box_clip], scratch_room[max_box_clip];
  std::uint8_t* poly = poly_room;
  std::uint8_t* scratch = scratch_room;
  const auto he = inc.half_edges();
  index_t e = inc.faces()[fi].edge;
  int count = 0;
  for (; count < 4; ++count, e = he[e].next) {
    BoxCorner& c = pool[count];
    c.p = inc_in_ref.apply(inc.vertices()[he[e].origin]);
    c.incident = {FeatureType::vertex, he[e].origin};
    c.reference = {FeatureType::face, rf};
    c.out_edge = e / 2;
    c.out_side = -1;
    poly[count] = std::uint8_t(count);
  }
  int used = count;
  const BoxSides sides = box_sides(ref, rf, plane.normal);
  for (int i = 0; i < 4 && count > 0; ++i)
    if (clip_side(sides, i, rf, fi, pool, used, poly, count, scratch)) std::swap(poly, scratch);

  // Each point's B side first, which the reduction reads; A's side only
  // for the points it keeps.
  Scratch<Point, max_box_clip> all_room;
  Point* const all = all_room.data();
  int from[max_box_clip];    // the corner each point came from
  real depth[max_box_clip];  // its distance to the plane, reference's lengths
  int kept = 0;
  for (int k = 0; k < count; ++k) {
    const BoxCorner& c = pool[poly[k]];
    const real local = glm::dot(plane.normal, c.p) - plane.offset;
    const real separation = local * ref_pose.scale;
    if (!(separation <= limit)) continue;
    Point& p = all[kept];
    p.separation = separation;
    p.point_b = ref_a ? ref_pose.apply(c.p) : ref_pose.apply(c.p - plane.normal * local);
    p.id = ref_a ? make_id(c.reference, c.incident) : make_id(c.incident, c.reference);
    from[kept] = poly[k], depth[kept] = local;
    ++kept;
  }
  int keep[max_points];
  m.count = pick(all, kept, m.normal, keep);
  for (int i = 0; i < m.count; ++i) {
    const int j = keep[i];
    const vec3& p = pool[from[j]].p;
    m.points[i] = all[j];
    m.points[i].point_a = ref_a ? ref_pose.apply(p - plane.normal * depth[j]) : ref_pose.apply(p);
  }
}

}  // namespace sepax::contact::detail
