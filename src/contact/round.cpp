// Contact manifolds of spheres and capsules against a hull (sat_round.hpp),
// from the SAT query of sat/round.cpp. A sphere touches at one point. A
// capsule on a face axis is the incident edge of Box2D's b2ClipPolygons
// (the capsule there is a two-vertex polygon with a radius): its segment is
// clipped to the reference face's side planes and each end kept within the
// margin; on an edge axis the witness pair is the one point.
//
// Two round bodies: the closest points of their cores (Ericson, Real-Time
// Collision Detection 5.1.9, core/closest_point.hpp) in A's local frame,
// the radii taken off; capsules lying along each other get the two ends of
// their overlap, as Box2D v3's capsule pair gives two points along parallel
// segments.
#include "sepax/contact.hpp"

#include "contact/internal.hpp"

#include "core/closest_point.hpp"
#include "sat/round_internal.hpp"

#include <algorithm>
#include <utility>

namespace sepax::contact {

namespace {

using sat::detail::Clipped;
using sat::detail::RoundAnswer;

// A capsule's feature under its core's point at parameter t: the ends are
// vertices 0 and 1, the body between them edge 0.
FeatureRef capsule_ref(real t) {
  if (!(t > 0)) return {FeatureType::vertex, 0};
  if (!(t < 1)) return {FeatureType::vertex, 1};
  return {FeatureType::edge, 0};
}

// The sphere's round surface.
constexpr FeatureRef sphere_ref{FeatureType::face, 0};

// The point of a capsule's surface over the core's point x = p0 + t d that
// is furthest along n: on an end's cap when n points away from the rest of
// the segment (x + radius n), else on the circle around x normal to d (n's
// part normal to d, scaled to the radius). A sphere is all cap.
vec3 surface_point(const vec3& x, real t, const vec3& d, const vec3& n, real radius) {
  const real along = glm::dot(n, d);
  if ((!(t > 0) && !(along > 0)) || (!(t < 1) && !(along < 0))) return x + radius * n;
  const vec3 across = n - d * (along / glm::dot(d, d));
  const real length = glm::length(across);
  return length > 0 ? x + across * (radius / length) : x + radius * n;
}

// A point from the core's point x = p0 + t d and a hull point q (hull's
// frame), the axis n (unit, A to B) and the radius (hull's lengths).
Point make_point(const Pose& pose, const vec3& x, real t, const vec3& d, const vec3& q,
                 const vec3& n, real radius, Id id) {
  Point p;
  const vec3 on_a = surface_point(x, t, d, n, radius);
  p.point_a = pose.apply(on_a);
  p.point_b = pose.apply(q);
  p.separation = glm::dot(q - on_a, n) * pose.scale;
  p.id = id;
  return p;
}

// The manifold's normal, separation and feature, no points yet.
Manifold from_answer(const RoundAnswer& answer, const Pose& pose) {
  Manifold m;
  m.normal = pose.rotate(answer.axis);
  m.separation = answer.separation * pose.scale;
  m.feature = answer.feature;
  return m;
}

// The capsule's points on a face axis: the ends of its segment clipped to
// the face, within the margin (world), deepest first; the witness pair instead when
// clipping leaves none or cuts the deepest part away (a face kept by the
// preference over an edge that is really closest).
void face_points(const Hull& hull, const Pose& pose, const vec3& p0, const vec3& d, real radius,
                 const RoundAnswer& answer, real margin, const Point& witness, Manifold& m) {
  const index_t f = answer.feature.b;
  const Plane& plane = hull.planes()[f];
  const Clipped c = sat::detail::clip_to_face(hull, f, p0, d, answer.slack);
  const bool one = glm::length(d) * (c.t[1] - c.t[0]) <= answer.touch;  // both ends the same
  for (int k = 0; k < (c.empty ? 0 : one ? 1 : 2); ++k) {
    const vec3 x = p0 + c.t[k] * d;
    const vec3 q = x - plane.distance(x) * plane.normal;
    const Id id = c.cut[k] >= 0 ? make_id({FeatureType::edge, 0}, {FeatureType::edge, c.cut[k] / 2})
                                : make_id(capsule_ref(c.t[k]), {FeatureType::face, f});
    const Point p = make_point(pose, x, c.t[k], d, q, answer.axis, radius, id);
    if (p.separation <= margin) m.points[m.count++] = p;
  }
  if (m.count == 2 && m.points[1].separation < m.points[0].separation)
    std::swap(m.points[0], m.points[1]);
  if (m.count == 0 || m.points[0].separation > witness.separation + answer.touch * pose.scale) {
    if (m.count > 0) m.points[1] = m.points[0];
    m.points[0] = witness;
    m.count = m.count > 0 ? 2 : 1;
  }
}

// ---------------------------------------------------------------------------
// Two round bodies

// A sphere's or capsule's core, p0 + t d for t in [0, 1] (d zero for a
// sphere), and its radius; `sphere` picks the ids.
struct Core {
  vec3 p0{real(0)};
  vec3 d{real(0)};
  real radius = 0;
  bool sphere = false;
};

FeatureRef core_ref(const Core& c, real t) {
  return c.sphere ? sphere_ref : capsule_ref(t);
}

// The point pair over A's core point at s and B's at t (A's local frame),
// taken to the surfaces along n (A to B), in the world.
Point pair_point(const Pose& pose_a, const Core& a, real s, const Core& b, real t, const vec3& n) {
  const vec3 on_a = surface_point(a.p0 + s * a.d, s, a.d, n, a.radius);
  const vec3 on_b = surface_point(b.p0 + t * b.d, t, b.d, -n, b.radius);
  Point p;
  p.point_a = pose_a.apply(on_a);
  p.point_b = pose_a.apply(on_b);
  p.separation = glm::dot(on_b - on_a, n) * pose_a.scale;
  p.id = make_id(core_ref(a, s), core_ref(b, t));
  return p;
}

// The unit direction normal to unit axis u nearest `up`, or nearest
// `side` when u is within tol::parallel of up.
vec3 across(const vec3& u, const vec3& up, const vec3& side) {
  const vec3 v = up - glm::dot(up, u) * u;
  const real length = glm::length(v);
  if (length > tol::parallel) return v / length;
  const vec3 w = side - glm::dot(side, u) * u;
  return w / glm::length(w);
}

// The normal of cores whose closest points are x (A) and x + gap (B), at
// parameters st (A's local frame; coordinates up to `magnitude`): see
// contact.hpp. A core point inside its segment makes gap normal to that
// axis in exact arithmetic, so the axis's part (round-off) is taken out of
// it; two such points make it the axes' common perpendicular, their cross
// product, which is taken instead where round-off tilts it less (its
// direction is good to about eps over the sine of the axes' angle, gap's to
// eps times the magnitude over its length). A gap within round-off gives no
// direction: the cross product of the axes, else the direction normal to a
// capsule's axis nearest up (world +z in A's frame), else up; each turned
// toward gap.
vec3 pair_normal(const Core& a, const Core& b, sepax::detail::SegmentParams st, const vec3& gap,
                 real magnitude, const vec3& up, const vec3& side) {
  const real aa = glm::dot(a.d, a.d), bb = glm::dot(b.d, b.d);
  const bool inside_a = aa > 0 && st.s > 0 && st.s < 1;
  const bool inside_b = bb > 0 && st.t > 0 && st.t < 1;
  vec3 g = gap;
  if (inside_a)
    g -= a.d * (glm::dot(g, a.d) / aa);
  else if (inside_b)
    g -= b.d * (glm::dot(g, b.d) / bb);
  const real length = glm::length(g);
  const bool none = !(length > tol::coplanar * magnitude);
  const vec3 c = glm::cross(a.d, b.d);
  const real sine_ab = glm::length(c);  // times both lengths
  const bool crossing = aa > 0 && bb > 0 && sine_ab > tol::parallel * std::sqrt(aa * bb);
  vec3 n = up;
  if (crossing &&
      (none || (inside_a && inside_b && sine_ab * magnitude >= length * std::sqrt(aa * bb))))
    n = c / sine_ab;
  else if (!none)
    return g / length;
  else if (aa > 0)
    n = across(a.d / std::sqrt(aa), up, side);
  else if (bb > 0)
    n = across(b.d / std::sqrt(bb), up, side);
  return glm::dot(gap, n) < 0 ? -n : n;
}

// The stretch [lo, hi] of A's parameter over which parallel capsules lie
// along each other (B's ends projected on A's axis, clamped), when they are
// within tol::capsule_parallel of parallel and it is long enough; else
// empty (lo > hi).
std::pair<real, real> parallel_stretch(const Core& a, const Core& b) {
  const real aa = glm::dot(a.d, a.d), la = std::sqrt(aa), lb = glm::length(b.d);
  if (!(la > 0) || !(lb > 0) || a.sphere || b.sphere) return {real(1), real(0)};
  if (glm::length(glm::cross(a.d, b.d)) > tol::capsule_parallel * la * lb)
    return {real(1), real(0)};
  const real u0 = glm::dot(b.p0 - a.p0, a.d) / aa, u1 = glm::dot(b.p0 + b.d - a.p0, a.d) / aa;
  const real lo = std::max(real(0), std::min(u0, u1)), hi = std::min(real(1), std::max(u0, u1));
  if (!((hi - lo) * la > tol::capsule_stretch * std::min(la, lb))) return {real(1), real(0)};
  return {lo, hi};
}

// The points of parallel capsules: the stretch's ends, within the margin,
// deepest first; the closest pair `witness` stands in for the nearer end
// should both miss its depth by more than round-off (`band`).
void stretch_points(const Pose& pose_a, const Core& a, const Core& b, real lo, real hi,
                    const vec3& n, real s, real margin, const Point& witness, real band,
                    Manifold& m) {
  for (const real end : {lo, hi}) {
    const real t = sepax::detail::closest_on_segment(a.p0 + end * a.d, b.p0, b.d);
    const Point p = pair_point(pose_a, a, end, b, t, n);
    if (p.separation <= margin) m.points[m.count++] = p;
  }
  if (m.count == 2 && m.points[1].separation < m.points[0].separation)
    std::swap(m.points[0], m.points[1]);
  if (m.count > 0 && m.points[0].separation <= witness.separation + band) return;
  // The end farther from the closest pair stays (the stretch's other end).
  const real far_end = std::abs(lo - s) > std::abs(hi - s) ? lo : hi;
  const Point other = pair_point(
      pose_a, a, far_end, b, sepax::detail::closest_on_segment(a.p0 + far_end * a.d, b.p0, b.d), n);
  m.points[0] = witness;
  m.count = 1;
  if (other.separation <= margin) m.points[m.count++] = other;
}

// The manifold of round bodies a (at pose_a) and b (at pose_b), each core
// in its local frame: the work in A's local frame, B through relative_pose.
Manifold round_pair(const Core& a, const Pose& pose_a, Core b, const Pose& pose_b, real margin) {
  if (!scale_ok(pose_a) || !scale_ok(pose_b)) return Manifold{};  // programmer error
  const Pose rel = relative_pose(pose_a, pose_b);
  b = Core{rel.apply(b.p0), rel.rotate(b.d) * rel.scale, b.radius * rel.scale, b.sphere};
  const sepax::detail::SegmentParams st = sepax::detail::closest_on_segments(a.p0, a.d, b.p0, b.d);
  const vec3 x = a.p0 + st.s * a.d, y = b.p0 + st.t * b.d, gap = y - x;
  const real distance = glm::length(gap);
  // Round-off of the cores' coordinates here, and of the poses' translations.
  const real world = std::max(glm::length(pose_a.translation), glm::length(pose_b.translation));
  const real magnitude = std::max(std::max(glm::length(a.p0), glm::length(a.p0 + a.d)),
                                  std::max(glm::length(b.p0), glm::length(b.p0 + b.d))) +
                         world / pose_a.scale;
  const vec3 up = pose_a.rotate_inverse(vec3(real(0), real(0), real(1)));
  const vec3 side = pose_a.rotate_inverse(vec3(real(1), real(0), real(0)));
  const vec3 n = pair_normal(a, b, st, gap, magnitude, up, side);
  Manifold m;
  m.normal = pose_a.rotate(n);
  m.separation = (distance - a.radius - b.radius) * pose_a.scale;
  m.feature = {sat::FeatureKind::edges, a.sphere ? index_t(-1) : index_t(0),
               b.sphere ? index_t(-1) : index_t(0)};
  if (m.separation > margin) return m;
  const Point witness = pair_point(pose_a, a, st.s, b, st.t, n);
  const auto [lo, hi] = parallel_stretch(a, b);
  if (lo <= hi) {
    const real band = tol::touching * (magnitude + a.radius + b.radius) * pose_a.scale;
    stretch_points(pose_a, a, b, lo, hi, n, st.s, margin, witness, band, m);
  } else {
    m.points[0] = witness;
    m.count = 1;
  }
  return m;
}

Core sphere_core(const convex::Sphere& s) {
  return {s.core.p, vec3(real(0)), s.radius, true};
}

Core capsule_core(const convex::Capsule& c) {
  return {c.core.p0, c.core.p1 - c.core.p0, c.radius, false};
}

}  // namespace

namespace detail {

void round_face_b_contact(const vec3& p0_world, const vec3& p1_world, real radius_world,
                          bool sphere, const Hull& b, const Pose& pose_b, index_t f, real limit,
                          Manifold& m) {
  const vec3 p0 = pose_b.apply_inverse(p0_world), p1 = pose_b.apply_inverse(p1_world);
  const real radius = radius_world / pose_b.scale;
  const Plane& plane = b.planes()[f];
  const vec3 axis = -plane.normal;  // from the rounded shape to the face
  m = Manifold{};
  m.normal = pose_b.rotate(axis);
  m.separation = std::min(plane.distance(p0), plane.distance(p1)) * pose_b.scale - radius_world;
  m.feature = {sat::FeatureKind::face_b, -1, f};
  const vec3 d = p1 - p0;
  const sat::detail::Clipped c = sat::detail::clip_to_face(b, f, p0, d, real(0));
  const int ends = c.empty ? 0 : (sphere || !(c.t[1] > c.t[0])) ? 1 : 2;
  for (int k = 0; k < ends; ++k) {
    const vec3 x = p0 + c.t[k] * d;
    const vec3 q = x - plane.distance(x) * plane.normal;
    const Id id = sphere ? make_id(sphere_ref, {FeatureType::face, f})
                  : c.cut[k] >= 0
                      ? make_id({FeatureType::edge, 0}, {FeatureType::edge, c.cut[k] / 2})
                      : make_id(capsule_ref(c.t[k]), {FeatureType::face, f});
    const Point p = make_point(pose_b, x, c.t[k], d, q, axis, radius, id);
    if (p.separation <= limit) m.points[m.count++] = p;
  }
  if (m.count == 2 && m.points[1].separation < m.points[0].separation)
    std::swap(m.points[0], m.points[1]);
}

}  // namespace detail

Manifold collide(const convex::Sphere& a, const Pose& pose_a, const Hull& b, const Pose& pose_b,
                 real margin) {
  if (b.empty() || !scale_ok(pose_a) || !scale_ok(pose_b)) return Manifold{};  // programmer error
  const vec3 c_world = pose_a.apply(a.core.p);
  const real radius = a.radius * pose_a.scale / pose_b.scale;  // in the hull's local lengths
  const RoundAnswer answer = sat::detail::round_query(b, pose_b, c_world, c_world, radius, -1);
  const vec3& c = answer.p0;
  Manifold m = from_answer(answer, pose_b);
  if (m.separation > margin) return m;
  m.points[0] = make_point(pose_b, c, 0, vec3(0), answer.on_hull, answer.axis, radius,
                           make_id(sphere_ref, answer.hull_feature));
  m.count = 1;
  return m;
}

Manifold collide(const convex::Capsule& a, const Pose& pose_a, const Hull& b, const Pose& pose_b,
                 real margin) {
  if (b.empty() || !scale_ok(pose_a) || !scale_ok(pose_b)) return Manifold{};
  const real radius = a.radius * pose_a.scale / pose_b.scale;
  const RoundAnswer answer = sat::detail::round_query(b, pose_b, pose_a.apply(a.core.p0),
                                                      pose_a.apply(a.core.p1), radius, 0);
  const vec3 &p0 = answer.p0, &p1 = answer.p1;
  Manifold m = from_answer(answer, pose_b);
  if (m.separation > margin) return m;
  const vec3 d = p1 - p0;
  const Point witness =
      make_point(pose_b, p0 + answer.t * d, answer.t, d, answer.on_hull, answer.axis, radius,
                 make_id(capsule_ref(answer.t), answer.hull_feature));
  if (answer.feature.kind == sat::FeatureKind::face_b) {
    face_points(b, pose_b, p0, d, radius, answer, margin, witness, m);
  } else {
    m.points[0] = witness;
    m.count = 1;
  }
  return m;
}

Manifold collide(const convex::Sphere& a, const Pose& pose_a, const convex::Sphere& b,
                 const Pose& pose_b, real margin) {
  return round_pair(sphere_core(a), pose_a, sphere_core(b), pose_b, margin);
}

Manifold collide(const convex::Sphere& a, const Pose& pose_a, const convex::Capsule& b,
                 const Pose& pose_b, real margin) {
  return round_pair(sphere_core(a), pose_a, capsule_core(b), pose_b, margin);
}

Manifold collide(const convex::Capsule& a, const Pose& pose_a, const convex::Sphere& b,
                 const Pose& pose_b, real margin) {
  return mirrored(collide(b, pose_b, a, pose_a, margin));
}

Manifold collide(const convex::Capsule& a, const Pose& pose_a, const convex::Capsule& b,
                 const Pose& pose_b, real margin) {
  return round_pair(capsule_core(a), pose_a, capsule_core(b), pose_b, margin);
}

}  // namespace sepax::contact
