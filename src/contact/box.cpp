// The manifold of two boxes (Hull::is_box): the general hull path's rules
// (manifold.cpp), worked out on the boxes' own frames, as ODE's dBoxBox
// does.
//
// The pair is put once in A's box frame (BoxPair): B's axes as the columns
// of R, B's centre t, both half extents in A's lengths. In it every face
// separation is a closed form (the centre's distance less both radii, as
// in sat/box.cpp), the incident face is the column of R most anti-parallel
// to the reference normal, and face areas are products of half extents.
// The reference and incident faces are chosen by the general path's rules
// (prefer_face, reference_is_a): the same faces wherever no choice is
// decided within round-off. The incident quad is clipped against the
// reference face's four sides (Sutherland-Hodgman, as Box2D v3's
// b2ClipPolygons and ODE's intersectRectQuad do) in the reference face's
// own coordinates, where each side plane is one coordinate against a half
// extent, in fixed arrays: a quad clipped by four planes holds at most 19
// corners. Each corner keeps the features it lies on (BoxFrame's vertex,
// edge and face tables), which make the ids.
#include "contact/internal.hpp"

#include <cmath>
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

/// A face of a box: its axis (0-2) and side (+1 or -1).
struct BoxFace {
  int axis;
  real sign;
};

/// Face f of box h as its axis and side.
BoxFace box_face(const Hull& h, index_t f) {
  const BoxFrame& box = h.box();
  for (int k = 0; k < 6; ++k)
    if (box.face[k] == f) return {k / 2, k % 2 == 0 ? real(1) : real(-1)};
  return {0, 1};  // not reached: f is one of the six
}

index_t face_index(const Hull& h, const BoxFace& f) {
  return h.box().face[2 * f.axis + (f.sign > 0 ? 0 : 1)];
}

/// The column of `R` (one box's axes in the other's frame) with the
/// largest |component| along `axis` of that frame; the first on a tie.
int most_along(const mat3& R, int axis) {
  int best = 0;
  for (int j = 1; j < 3; ++j)
    if (std::abs(R[j][axis]) > std::abs(R[best][axis])) best = j;
  return best;
}

/// The largest |component| of u; the first on a tie.
int largest(const vec3& u) {
  int best = 0;
  for (int k = 1; k < 3; ++k)
    if (std::abs(u[k]) > std::abs(u[best])) best = k;
  return best;
}

real sign_of(real x) {
  return x < 0 ? real(-1) : real(1);
}

/// The face contact seen from the reference box: the incident box in the
/// reference box's frame (columns of R its axes, t its centre), both half
/// extents in A's lengths, and the map of that frame to the world.
struct BoxView {
  mat3 R;
  vec3 t;
  vec3 h_ref;
  vec3 h_inc;
  mat3 to_world;  ///< columns: the reference box's axes, world, times A's scale
  vec3 origin;    ///< the reference box's centre, world
};

BoxView view_from(const BoxPair& q, bool ref_a, const Hull& a, const Pose& pa, const Hull& b,
                  const Pose& pb) {
  BoxView v;
  if (ref_a) {
    v.R = q.R, v.t = q.t, v.h_ref = q.ha, v.h_inc = q.hb;
    v.to_world = pa.rotation * a.box().axes * pa.scale;
    v.origin = pa.apply(a.box().center);
  } else {
    v.R = glm::transpose(q.R), v.t = -(v.R * q.t), v.h_ref = q.hb, v.h_inc = q.ha;
    // B's lengths are A's times k = pb.scale / pa.scale.
    v.to_world = pb.rotation * b.box().axes * pa.scale;
    v.origin = pb.apply(b.box().center);
  }
  return v;
}

/// A corner of the polygon being clipped, in the reference face's
/// coordinates (x, y across the face along its box axes i + 1 and i + 2,
/// z along its normal's axis i), with the features of the incident and of
/// the reference box it lies on, and what the segment to the next corner
/// runs along: the reference side `out_side` (0-3, below), or else the
/// incident edge `out_edge`.
struct BoxCorner {
  real x, y, z;
  FeatureRef incident;
  FeatureRef reference;
  index_t out_edge;
  int out_side;
};

/// The reference face's four sides, in loop order +x, +y, -x, -y: side s
/// keeps sign[s] * (x or y) <= half[s]; edge[s] its box edge, corner[s]
/// the vertex where sides s - 1 and s meet.
struct BoxSides {
  real half[4];
  index_t edge[4];
  index_t corner[4];
};

real side_distance(const BoxSides& sides, int s, const BoxCorner& c) {
  switch (s) {
    case 0:
      return c.x - sides.half[0];
    case 1:
      return c.y - sides.half[1];
    case 2:
      return -c.x - sides.half[2];
    default:
      return -c.y - sides.half[3];
  }
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
    distance[k] = side_distance(sides, i, pool[poly[k]]);
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
      const real f = dp / (dp - dq);
      x.x = p.x + (q.x - p.x) * f, x.y = p.y + (q.y - p.y) * f, x.z = p.z + (q.z - p.z) * f;
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

/// Corner bits (BoxFrame::corner) of the point on the sides s[k] of axis k.
int corner_bits(real s0, real s1, real s2) {
  return (s0 > 0 ? 1 : 0) | (s1 > 0 ? 2 : 0) | (s2 > 0 ? 4 : 0);
}

/// Edge of box h along axis k on the side s1 of axis k + 1 and s2 of k + 2.
index_t box_edge_at(const Hull& h, int k, real s1, real s2) {
  return h.box().edge[k][(s1 > 0 ? 1 : 0) + (s2 > 0 ? 2 : 0)];
}

/// The vertex of box h on the side s of axis k, s1 of k + 1, s2 of k + 2.
index_t box_corner_at(const Hull& h, int k, real s, real s1, real s2) {
  real side[3];
  side[k] = s, side[(k + 1) % 3] = s1, side[(k + 2) % 3] = s2;
  return h.box().corner[corner_bits(side[0], side[1], side[2])];
}

/// The separation (A's lengths) along face `f` of A (a_face) or of B.
real face_gap(const BoxPair& q, bool a_face, const BoxFace& f) {
  if (a_face) {
    const int i = f.axis;
    const real rb = q.hb[0] * std::abs(q.R[0][i]) + q.hb[1] * std::abs(q.R[1][i]) +
                    q.hb[2] * std::abs(q.R[2][i]);
    return f.sign * q.t[i] - q.ha[i] - rb;
  }
  const vec3& u = q.R[f.axis];
  const real ra = q.ha.x * std::abs(u.x) + q.ha.y * std::abs(u.y) + q.ha.z * std::abs(u.z);
  return -f.sign * glm::dot(u, q.t) - q.hb[f.axis] - ra;
}

/// The other box's face most anti-parallel to reference face f (of A when
/// `a_face`).
BoxFace incident_of(const BoxPair& q, bool a_face, const BoxFace& f) {
  if (a_face) {
    const int j = most_along(q.R, f.axis);
    return {j, -sign_of(f.sign * q.R[j][f.axis])};
  }
  const vec3& u = q.R[f.axis];
  const int i = largest(u);
  return {i, -sign_of(f.sign * u[i])};
}

}  // namespace

BoxPair box_pair(const Hull& a, const Pose& pa, const Hull& b, const Pose& pb) {
  const BoxFrame& A = a.box();
  const BoxFrame& B = b.box();
  const Pose b_in_a = relative_pose(pa, pb);
  BoxPair q;
  if (A.aligned && B.aligned) {
    q.R = b_in_a.rotation, q.t = b_in_a.translation;
  } else {
    const mat3 to_a_box = glm::transpose(A.axes);
    q.R = to_a_box * b_in_a.rotation * B.axes;
    q.t = to_a_box * (b_in_a.apply(B.center) - A.center);
  }
  q.ha = A.half;
  q.hb = B.half * b_in_a.scale;
  return q;
}

real box_face_separation(const BoxPair& q, const Hull& a, const Pose& pa, const Hull& b,
                         bool a_face, index_t f) {
  return face_gap(q, a_face, box_face(a_face ? a : b, f)) * pa.scale;
}

index_t box_face_along(const BoxPair& q, const Hull& a, const Pose& pa, const Hull& b, bool a_face,
                       const vec3& n) {
  const vec3 u = glm::transpose(a.box().axes) * pa.rotate_inverse(n);  // A's box frame
  if (a_face) {
    const int i = largest(u);
    return face_index(a, {i, sign_of(u[i])});
  }
  const vec3 along = glm::transpose(q.R) * u;  // B's box frame
  const int j = largest(along);
  return face_index(b, {j, sign_of(along[j])});
}

void box_face_contact(const Hull& a, const Pose& pa, const Hull& b, const Pose& pb,
                      const BoxPair& q, const sat::Result& r, real limit, real tie, Manifold& m) {
  // The reference face, by reference_is_a()'s rules: SAT's face, unless the
  // other box's incident face separates within tol::face_preference of it;
  // then the larger face, then the lexicographically larger world normal.
  const bool sat_a = r.feature.kind == sat::FeatureKind::face_a;
  const Hull& sat_ref = sat_a ? a : b;
  const Hull& sat_inc = sat_a ? b : a;
  const BoxFace f_sat = box_face(sat_ref, sat_a ? r.feature.a : r.feature.b);
  const BoxFace f_inc = incident_of(q, sat_a, f_sat);
  const real s_inc = face_gap(q, !sat_a, f_inc) * pa.scale;
  const real band = tol::face_preference * std::max(a.extent() * pa.scale, b.extent() * pb.scale);
  bool keep = !(s_inc > r.separation - band);
  if (!keep) {
    const vec3& h_ref = sat_a ? q.ha : q.hb;
    const vec3& h_inc = sat_a ? q.hb : q.ha;
    const real area_ref = h_ref[(f_sat.axis + 1) % 3] * h_ref[(f_sat.axis + 2) % 3];
    const real area_inc = h_inc[(f_inc.axis + 1) % 3] * h_inc[(f_inc.axis + 2) % 3];
    if (std::abs(area_ref - area_inc) > face_area_tie * std::max(area_ref, area_inc)) {
      keep = area_ref > area_inc;
    } else {
      const Pose& ref_pose = sat_a ? pa : pb;
      const Pose& inc_pose = sat_a ? pb : pa;
      const vec3 n_ref = ref_pose.rotate(sat_ref.planes()[face_index(sat_ref, f_sat)].normal);
      const vec3 n_inc = inc_pose.rotate(sat_inc.planes()[face_index(sat_inc, f_inc)].normal);
      keep = n_inc.x != n_ref.x   ? n_ref.x > n_inc.x
             : n_inc.y != n_ref.y ? n_ref.y > n_inc.y
                                  : n_ref.z >= n_inc.z;
    }
  }
  const bool ref_a = keep ? sat_a : !sat_a;
  const Hull& ref = ref_a ? a : b;
  const Hull& inc = ref_a ? b : a;
  const BoxFace fr = keep ? f_sat : f_inc;  // reference face
  const BoxFace fi = keep ? f_inc : f_sat;  // incident face
  const index_t rf = face_index(ref, fr), inc_face = face_index(inc, fi);
  m.feature = ref_a ? sat::Feature{sat::FeatureKind::face_a, rf, -1}
                    : sat::Feature{sat::FeatureKind::face_b, -1, rf};
  m.normal = ref_a ? pa.rotate(a.planes()[rf].normal) : -pb.rotate(b.planes()[rf].normal);

  // The incident quad in the reference face's coordinates: axis i is the
  // normal's, i1 and i2 = x and y across the face; loop (+, +), (-, +),
  // (-, -), (+, -) in the incident face's axes j1, j2.
  const BoxView v = view_from(q, ref_a, a, pa, b, pb);
  const int i = fr.axis, i1 = (i + 1) % 3, i2 = (i + 2) % 3;
  const int j = fi.axis, j1 = (j + 1) % 3, j2 = (j + 2) % 3;
  const vec3 centre = v.t + v.R[j] * (fi.sign * v.h_inc[j]);
  const vec3 u1 = v.R[j1] * v.h_inc[j1], u2 = v.R[j2] * v.h_inc[j2];
  constexpr real s1[4] = {1, -1, -1, 1}, s2[4] = {1, 1, -1, -1};
  Scratch<BoxCorner, max_box_pool> pool_room;
  BoxCorner* const pool = pool_room.data();
  std::uint8_t poly_room[max_box_clip], scratch_room[max_box_clip];
  std::uint8_t* poly = poly_room;
  std::uint8_t* scratch = scratch_room;
  for (int k = 0; k < 4; ++k) {
    BoxCorner& c = pool[k];
    const vec3 p = centre + u1 * s1[k] + u2 * s2[k];
    c.x = p[i1], c.y = p[i2], c.z = p[i];
    c.incident = {FeatureType::vertex, box_corner_at(inc, j, fi.sign, s1[k], s2[k])};
    c.reference = {FeatureType::face, rf};
    // Corners 0-1 and 2-3 differ along j1 (the edge along j1 at j2's side),
    // 1-2 and 3-0 along j2 (at j1's side).
    c.out_edge =
        k % 2 == 0 ? box_edge_at(inc, j1, s2[k], fi.sign) : box_edge_at(inc, j2, fi.sign, s1[k]);
    c.out_side = -1;
    poly[k] = std::uint8_t(k);
  }
  int count = 4, used = 4;
  BoxSides sides;
  sides.half[0] = sides.half[2] = v.h_ref[i1];
  sides.half[1] = sides.half[3] = v.h_ref[i2];
  constexpr real sx[4] = {1, 1, -1, -1}, sy[4] = {-1, 1, 1, -1};  // corner s: sides s - 1, s
  for (int s = 0; s < 4; ++s) {
    const real side = s < 2 ? real(1) : real(-1);
    sides.edge[s] = s % 2 == 0 ? box_edge_at(ref, i2, fr.sign, side)   // x = ±: along i2
                               : box_edge_at(ref, i1, side, fr.sign);  // y = ±: along i1
    sides.corner[s] = box_corner_at(ref, i, fr.sign, sx[s], sy[s]);
  }
  for (int s = 0; s < 4 && count > 0; ++s)
    if (clip_side(sides, s, rf, inc_face, pool, used, poly, count, scratch))
      std::swap(poly, scratch);

  // The points within the limit, reduced to max_points in the face's plane.
  const real face = fr.sign * v.h_ref[i];
  real x[max_box_clip], y[max_box_clip], separation[max_box_clip];
  Id keys[max_box_clip];  // the features, reference's first: the same in (A, B) and (B, A)
  int from[max_box_clip];
  int kept = 0;
  for (int k = 0; k < count; ++k) {
    const BoxCorner& c = pool[poly[k]];
    const real s = (fr.sign * c.z - v.h_ref[i]) * pa.scale;
    if (!(s <= limit)) continue;
    x[kept] = c.x * pa.scale, y[kept] = c.y * pa.scale;  // world lengths, as s
    separation[kept] = s, from[kept] = poly[k];
    keys[kept] = make_id(c.reference, c.incident);
    ++kept;
  }
  int keep_index[max_points];
  m.count = pick_plane(x, y, separation, keys, tie, kept, keep_index);
  const vec3 wx = v.to_world[i1], wy = v.to_world[i2], wz = v.to_world[i];
  for (int k = 0; k < m.count; ++k) {
    const BoxCorner& c = pool[from[keep_index[k]]];
    const vec3 across = v.origin + wx * c.x + wy * c.y;
    const vec3 on_inc = across + wz * c.z, on_ref = across + wz * face;
    Point& p = m.points[k];
    p.separation = separation[keep_index[k]];
    p.point_a = ref_a ? on_ref : on_inc;
    p.point_b = ref_a ? on_inc : on_ref;
    p.id = ref_a ? make_id(c.reference, c.incident) : make_id(c.incident, c.reference);
  }
}

}  // namespace sepax::contact::detail
