// Contact manifolds of spheres and capsules against a hull (sat_round.hpp),
// from the SAT query of sat/round.cpp. A sphere touches at one point. A
// capsule on a face axis is the incident edge of Box2D's b2ClipPolygons
// (the capsule there is a two-vertex polygon with a radius): its segment is
// clipped to the reference face's side planes and each end kept within the
// margin; on an edge axis the witness pair is the one point.
#include "sepax/contact.hpp"

#include "contact/internal.hpp"

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

}  // namespace sepax::contact
