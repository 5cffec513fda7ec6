// Spheres and capsules against hulls by SAT (sat_round.hpp): hand cases
// with known answers, then seeded random poses against GJK/EPA with the
// radius (epa::query on convex::sphere / convex::capsule and a posed hull)
// and against the brute-force Minkowski difference of the core's ends and
// the hull (reference.hpp), and the manifolds' points checked on both
// surfaces.
#include "sepax/contact.hpp"
#include "sepax/epa.hpp"
#include "sepax/sat_round.hpp"
#include "sepax/shapes.hpp"
#include "sepax/support.hpp"

#include <catch2/catch.hpp>

#include "pairs.hpp"
#include "reference.hpp"
#include "test_util.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

using namespace sepax;
using namespace sepax::test;
using sat::FeatureKind;

namespace {

/// Absolute tolerance of the hand cases (unit-sized shapes).
const double hand = is_double ? 1e-12 : 2e-6;
/// Round-off allowance per unit of magnitude (coordinates plus size), for
/// the comparison with GJK/EPA.
const double round_off = 256 * double(tol::eps);
/// Accuracy against the Minkowski-difference reference: relative to the
/// size (SAT's depth, as test_sat.cpp holds it), and per unit of magnitude.
const double rel = is_double ? 1e-9 : 3e-5;
const double mag_rel = 64 * double(tol::eps);

using dvec3 = glm::dvec3;

dvec3 dv(const vec3& v) {
  return dvec3(v);
}

double angle(const dvec3& u, const dvec3& v) {
  return std::atan2(glm::length(glm::cross(u, v)), glm::dot(u, v));
}

void check_sane(const sat::Result& r) {
  CHECK(std::isfinite(r.separation));
  CHECK(finite(r.axis));
  CHECK(std::abs(glm::length(dv(r.axis)) - 1) < 1e3 * double(tol::eps));
}

/// The face of `hull` whose outward normal is n (exactly, up to round-off).
index_t face_with_normal(const Hull& hull, const vec3& n) {
  for (std::size_t f = 0; f < hull.face_count(); ++f)
    if (glm::dot(hull.planes()[f].normal, n) > real(0.999)) return index_t(f);
  return -1;
}

/// Distance of p (hull's frame) to the hull's surface: |largest face-plane
/// distance|, and for a flat polygon the rim's too (0 on the polygon).
double surface_gap(const Hull& hull, const dvec3& p) {
  double top = -1e300;
  for (const Plane& pl : hull.planes()) top = std::max(top, glm::dot(dv(pl.normal), p) - pl.offset);
  if (!hull.is_flat()) return std::abs(top);
  double rim = -1e300;
  for (std::size_t e = 0; e < hull.edge_count(); ++e)
    rim = std::max(rim, glm::dot(dv(hull.edge_arcs()[e].middle), p - dv(hull.edge_start(e))));
  return std::max(std::abs(top), rim);
}

/// Distance of p to the segment a-b (Ericson 5.1.2, in double).
double segment_distance(const dvec3& p, const dvec3& a, const dvec3& b) {
  const dvec3 ab = b - a;
  const double l2 = glm::dot(ab, ab);
  const double t = l2 > 0 ? std::clamp(glm::dot(p - a, ab) / l2, 0.0, 1.0) : 0.0;
  return glm::length(p - (a + t * ab));
}

/// What a manifold must satisfy whatever the shapes: point_a on the round
/// surface, point_b on the hull's, separation = dot(point_b - point_a,
/// normal), the deepest point at the query's separation, points within the
/// margin, count 0 exactly when the pair is beyond it. Returns the worst
/// error over `tolerance` (length unit).
struct ManifoldCheck {
  dvec3 p0, p1;  ///< the core, world frame (p0 == p1 for a sphere)
  double radius;
  const Hull& hull;
  const Pose& pose;
  double margin;
  double tolerance;
};
double check_manifold(const contact::Manifold& m, const ManifoldCheck& c) {
  CHECK(m.count >= 0);
  CHECK(m.count <= 2);
  CHECK(finite(m.normal));
  if (m.separation > c.margin) {
    CHECK(m.count == 0);
    return 0;
  }
  REQUIRE(m.count >= 1);
  double worst = 0, deepest = 1e300;
  for (int k = 0; k < m.count; ++k) {
    const contact::Point& p = m.points[k];
    CHECK(finite(p.point_a));
    CHECK(finite(p.point_b));
    const double on_a = std::abs(segment_distance(dv(p.point_a), c.p0, c.p1) - c.radius);
    const double on_b = surface_gap(c.hull, dv(c.pose.apply_inverse(p.point_b)));
    const double dot = glm::dot(dv(p.point_b) - dv(p.point_a), dv(m.normal));
    const double errors[] = {on_a, on_b, std::abs(dot - double(p.separation)),
                             std::max(0.0, double(p.separation) - c.margin)};
    for (int i = 0; i < 4; ++i) {
      INFO("point " << k << " of " << m.count << ", check " << i << " (on A, on B, dot, margin); "
                    << "feature " << sat::to_string(m.feature.kind) << " separation "
                    << m.separation << " id A " << int(contact::feature_a(p.id).type) << " B "
                    << int(contact::feature_b(p.id).type));
      CHECK(errors[i] <= c.tolerance);
      worst = std::max(worst, errors[i] / c.tolerance);
    }
    deepest = std::min(deepest, double(p.separation));
  }
  CHECK(std::abs(deepest - double(m.separation)) <= c.tolerance);
  CHECK(double(m.points[0].separation) == deepest);
  return std::max(worst, std::abs(deepest - double(m.separation)) / c.tolerance);
}

ManifoldCheck sphere_check(const convex::Sphere& s, const Hull& h, const Pose& pose, double margin,
                           double tolerance) {
  return {dv(s.core.p), dv(s.core.p), double(s.radius), h, pose, margin, tolerance};
}

ManifoldCheck capsule_check(const convex::Capsule& s, const Hull& h, const Pose& pose,
                            double margin, double tolerance) {
  return {dv(s.core.p0), dv(s.core.p1), double(s.radius), h, pose, margin, tolerance};
}

}  // namespace

TEST_CASE("sphere over a face, near an edge, near a corner", "[round]") {
  const Hull box = shapes::box(vec3(1));
  // Over the top face: 0.25 apart straight down.
  const convex::Sphere over = convex::sphere(vec3(0.3, -0.2, 1.5), real(0.25));
  sat::Result r = sat::query(over, Pose{}, box, Pose{});
  check_sane(r);
  CHECK_FALSE(r.intersecting);
  CHECK(r.separation == Approx(0.25).margin(hand));
  CHECK(glm::length(dv(r.axis) - dvec3(0, 0, -1)) < hand);
  CHECK(r.feature == sat::Feature{FeatureKind::face_b, -1, face_with_normal(box, vec3(0, 0, 1))});
  contact::Manifold m = contact::collide(over, Pose{}, box, Pose{});
  CHECK(m.count == 0);  // margin 0
  m = contact::collide(over, Pose{}, box, Pose{}, real(1));
  REQUIRE(m.count == 1);
  CHECK(glm::length(dv(m.points[0].point_a) - dvec3(0.3, -0.2, 1.25)) < hand);
  CHECK(glm::length(dv(m.points[0].point_b) - dvec3(0.3, -0.2, 1)) < hand);
  CHECK(m.points[0].separation == Approx(0.25).margin(hand));
  CHECK(contact::feature_a(m.points[0].id) == FeatureRef{FeatureType::face, 0});
  CHECK(contact::feature_b(m.points[0].id) ==
        FeatureRef{FeatureType::face, face_with_normal(box, vec3(0, 0, 1))});

  // Off the edge x = z = 1: the closest point is on the edge, 0.5 away; the
  // radius 0.6 overlaps by 0.1 although the centre is outside.
  const convex::Sphere edge = convex::sphere(vec3(1.3, 0.2, 1.4), real(0.6));
  r = sat::query(edge, Pose{}, box, Pose{});
  check_sane(r);
  CHECK(r.intersecting);
  CHECK(r.separation == Approx(-0.1).margin(hand));
  CHECK(glm::length(dv(r.axis) - dvec3(-0.6, 0, -0.8)) < hand);
  CHECK(r.feature.kind == FeatureKind::edges);
  CHECK(r.feature.a == -1);
  m = contact::collide(edge, Pose{}, box, Pose{});
  REQUIRE(m.count == 1);
  CHECK(glm::length(dv(m.points[0].point_b) - dvec3(1, 0.2, 1)) < hand);
  CHECK(m.points[0].separation == Approx(-0.1).margin(hand));
  CHECK(contact::feature_b(m.points[0].id) == FeatureRef{FeatureType::edge, r.feature.b});

  // Off the corner (1, 1, 1) by (0.2, 0.3, 0.6), 0.7 away.
  const convex::Sphere corner = convex::sphere(vec3(1.2, 1.3, 1.6), real(0.5));
  r = sat::query(corner, Pose{}, box, Pose{});
  check_sane(r);
  CHECK(r.separation == Approx(0.2).margin(hand));
  CHECK(glm::length(dv(r.axis) + dvec3(0.2, 0.3, 0.6) / 0.7) < hand);
  CHECK(r.feature.kind == FeatureKind::edges);
  m = contact::collide(corner, Pose{}, box, Pose{}, real(0.5));
  REQUIRE(m.count == 1);
  CHECK(glm::length(dv(m.points[0].point_b) - dvec3(1, 1, 1)) < hand);
  CHECK(contact::feature_b(m.points[0].id).type == FeatureType::vertex);
  CHECK(box.vertices()[contact::feature_b(m.points[0].id).index] == vec3(1, 1, 1));

  // The same three at a rotated, moved pose of the box: the same numbers.
  const Pose pose = at_deg(vec3(3, -2, 7), vec3(20, -35, 50));
  for (const convex::Sphere& s : {over, edge, corner}) {
    const convex::Sphere moved = convex::sphere(pose.apply(s.core.p), s.radius);
    const sat::Result a = sat::query(s, Pose{}, box, Pose{}),
                      b = sat::query(moved, Pose{}, box, pose);
    CHECK(b.separation == Approx(a.separation).margin(10 * hand));
    CHECK(glm::length(dv(b.axis) - dv(pose.rotate(a.axis))) < 10 * hand);
    CHECK(b.feature == a.feature);
  }
}

TEST_CASE("sphere centre inside the hull and on its surface", "[round]") {
  const Hull box = shapes::box(vec3(1));
  // Inside, nearest the +x face: pushed out through it, the whole way.
  const convex::Sphere in = convex::sphere(vec3(0.5, 0.1, 0), real(0.3));
  sat::Result r = sat::query(in, Pose{}, box, Pose{});
  check_sane(r);
  CHECK(r.intersecting);
  CHECK(r.separation == Approx(-0.8).margin(hand));
  CHECK(glm::length(dv(r.axis) - dvec3(-1, 0, 0)) < hand);
  CHECK(r.feature == sat::Feature{FeatureKind::face_b, -1, face_with_normal(box, vec3(1, 0, 0))});
  contact::Manifold m = contact::collide(in, Pose{}, box, Pose{});
  REQUIRE(m.count == 1);
  CHECK(m.points[0].separation == Approx(-0.8).margin(hand));
  CHECK(glm::length(dv(m.points[0].point_b) - dvec3(1, 0.1, 0)) < hand);
  CHECK(glm::length(dv(m.points[0].point_a) - dvec3(0.2, 0.1, 0)) < hand);

  // Centre on a face, on an edge, on a corner: depth r along a face normal.
  for (const vec3& c : {vec3(0.2, 0.3, 1), vec3(1, 0.2, 1), vec3(1, 1, 1), vec3(-1, -1, -1)}) {
    const convex::Sphere s = convex::sphere(c, real(0.5));
    r = sat::query(s, Pose{}, box, Pose{});
    check_sane(r);
    CHECK(r.intersecting);
    CHECK(r.separation == Approx(-0.5).margin(hand));
    CHECK(r.feature.kind == FeatureKind::face_b);
    CHECK(glm::length(dv(r.axis) + dv(box.planes()[r.feature.b].normal)) < hand);
    m = contact::collide(s, Pose{}, box, Pose{});
    REQUIRE(m.count == 1);
    CHECK(glm::length(dv(m.points[0].point_b) - dv(c)) < hand);
    CHECK(m.points[0].separation == Approx(-0.5).margin(hand));
  }
  // A radius of zero on the surface: touching, separation 0.
  r = sat::query(convex::sphere(vec3(0.2, 0.3, 1), real(0)), Pose{}, box, Pose{});
  CHECK(r.intersecting);
  CHECK(std::abs(r.separation) <= hand);
}

TEST_CASE("sphere against a flat polygon: in its plane, inside and outside the rim", "[round]") {
  const Hull square = shapes::polygon(real(std::sqrt(2.0)), 4);
  REQUIRE(square.is_flat());
  // Above the middle: the face's normal.
  sat::Result r = sat::query(convex::sphere(vec3(0.1, 0, 0.7), real(0.2)), Pose{}, square, Pose{});
  check_sane(r);
  CHECK(r.separation == Approx(0.5).margin(hand));
  CHECK(glm::length(dv(r.axis) - dvec3(0, 0, -1)) < hand);
  // In the plane, on the polygon: depth r, along the normal (either side).
  r = sat::query(convex::sphere(vec3(0.1, 0.2, 0), real(0.2)), Pose{}, square, Pose{});
  check_sane(r);
  CHECK(r.separation == Approx(-0.2).margin(hand));
  CHECK(std::abs(r.axis.z) == Approx(1).margin(hand));
  // In the plane, outside the rim: the distance to the rim, in the plane.
  const vec3 corner = square.vertices()[support_brute(square, vec3(1, 0.1, 0))];
  const vec3 out = corner * real(1.5);
  r = sat::query(convex::sphere(out, real(0.1)), Pose{}, square, Pose{});
  check_sane(r);
  CHECK(r.separation == Approx(0.5 * glm::length(dv(corner)) - 0.1).margin(hand));
  CHECK(std::abs(r.axis.z) < hand);
  const contact::Manifold m =
      contact::collide(convex::sphere(out, real(0.1)), Pose{}, square, Pose{}, 10);
  REQUIRE(m.count == 1);
  CHECK(contact::feature_b(m.points[0].id).type == FeatureType::vertex);
}

TEST_CASE("capsule lying on a face, crossing an edge, standing in a face", "[round]") {
  const Hull box = shapes::box(vec3(1));
  const index_t top = face_with_normal(box, vec3(0, 0, 1));
  // Lying on the top face, 0.05 deep: 2 points, the capsule's two ends.
  const convex::Capsule lying =
      convex::capsule(vec3(-0.5, 0, 1.2), vec3(0.5, 0.1, 1.2), real(0.25));
  sat::Result r = sat::query(lying, Pose{}, box, Pose{});
  check_sane(r);
  CHECK(r.separation == Approx(-0.05).margin(hand));
  CHECK(glm::length(dv(r.axis) - dvec3(0, 0, -1)) < hand);
  CHECK(r.feature == sat::Feature{FeatureKind::face_b, -1, top});
  contact::Manifold m = contact::collide(lying, Pose{}, box, Pose{});
  REQUIRE(m.count == 2);
  for (int k = 0; k < 2; ++k) {
    CHECK(m.points[k].separation == Approx(-0.05).margin(hand));
    CHECK(m.points[k].point_b.z == Approx(1).margin(hand));
    CHECK(contact::feature_b(m.points[k].id) == FeatureRef{FeatureType::face, top});
  }
  CHECK(contact::feature_a(m.points[0].id).type == FeatureType::vertex);
  CHECK(contact::feature_a(m.points[0].id) != contact::feature_a(m.points[1].id));
  // Moved a little (next frame): the same features touch, the same ids.
  const vec3 step(0.01, -0.02, 0.003);
  const contact::Manifold next =
      contact::collide(convex::capsule(lying.core.p0 + step, lying.core.p1 + step, lying.radius),
                       Pose{}, box, Pose{});
  REQUIRE(next.count == 2);
  for (int k = 0; k < 2; ++k)
    CHECK((next.points[k].id == m.points[0].id || next.points[k].id == m.points[1].id));

  // Longer than the face: clipped at its sides x = +-1; ids name the body
  // (edge 0) and the box edges whose side planes clipped.
  const convex::Capsule long_one =
      convex::capsule(vec3(-3, 0.2, 1.1), vec3(3, 0.2, 1.1), real(0.2));
  m = contact::collide(long_one, Pose{}, box, Pose{});
  REQUIRE(m.count == 2);
  CHECK(m.separation == Approx(-0.1).margin(hand));
  CHECK(std::abs(m.points[0].point_b.x) == Approx(1).margin(hand));
  CHECK(std::abs(m.points[1].point_b.x) == Approx(1).margin(hand));
  CHECK(m.points[0].point_b.x * m.points[1].point_b.x < 0);
  for (int k = 0; k < 2; ++k) {
    CHECK(contact::feature_a(m.points[k].id) == FeatureRef{FeatureType::edge, 0});
    CHECK(contact::feature_b(m.points[k].id).type == FeatureType::edge);
  }

  // Over the edge x = z = 1 (along y), across it in the plane y = 0: the
  // segment's line x + z = 2.2 passes 0.1 sqrt 2 from the edge.
  const convex::Capsule over_edge =
      convex::capsule(vec3(0.5, 0, 1.7), vec3(1.7, 0, 0.5), real(0.25));
  r = sat::query(over_edge, Pose{}, box, Pose{});
  check_sane(r);
  CHECK(r.separation == Approx(0.1 * std::sqrt(2.0) - 0.25).margin(hand));
  CHECK(glm::length(dv(r.axis) + dvec3(1, 0, 1) / std::sqrt(2.0)) < hand);
  CHECK(r.feature.kind == FeatureKind::edges);
  CHECK(r.feature.a == 0);
  m = contact::collide(over_edge, Pose{}, box, Pose{});
  REQUIRE(m.count == 1);
  CHECK(glm::length(dv(m.points[0].point_b) - dvec3(1, 0, 1)) < hand);
  CHECK(contact::feature_a(m.points[0].id) == FeatureRef{FeatureType::edge, 0});
  CHECK(contact::feature_b(m.points[0].id) == FeatureRef{FeatureType::edge, r.feature.b});
  // The core itself across the edge (x + z = 1.9): the depth is the core's
  // along the cross product, 0.1 / sqrt 2, plus the radius.
  const convex::Capsule across = convex::capsule(vec3(0.5, 0, 1.4), vec3(1.4, 0, 0.5), real(0.1));
  r = sat::query(across, Pose{}, box, Pose{});
  check_sane(r);
  CHECK(r.separation == Approx(-0.1 / std::sqrt(2.0) - 0.1).margin(hand));
  CHECK(glm::length(dv(r.axis) + dvec3(1, 0, 1) / std::sqrt(2.0)) < hand);
  CHECK(r.feature.kind == FeatureKind::edges);
  m = contact::collide(across, Pose{}, box, Pose{});
  REQUIRE(m.count == 1);
  CHECK(m.points[0].separation == Approx(r.separation).margin(hand));

  // Standing in the top face: 1 point at the lower end; the upper end is
  // 1.4 above, a second (speculative) point only with a margin that wide.
  const convex::Capsule standing =
      convex::capsule(vec3(0.2, 0.1, 0.9), vec3(0.2, 0.1, 2.5), real(0.2));
  r = sat::query(standing, Pose{}, box, Pose{});
  CHECK(r.separation == Approx(-0.3).margin(hand));
  CHECK(r.feature == sat::Feature{FeatureKind::face_b, -1, top});
  m = contact::collide(standing, Pose{}, box, Pose{});
  REQUIRE(m.count == 1);
  CHECK(m.points[0].separation == Approx(-0.3).margin(hand));
  CHECK(contact::feature_a(m.points[0].id) == FeatureRef{FeatureType::vertex, 0});
  m = contact::collide(standing, Pose{}, box, Pose{}, real(2));
  REQUIRE(m.count == 2);
  CHECK(m.points[0].separation == Approx(-0.3).margin(hand));
  CHECK(m.points[1].separation == Approx(1.3).margin(hand));
}

TEST_CASE("capsule against a flat polygon, in its plane and across it", "[round]") {
  const Hull square = Hull::from_points(std::vector<vec3>{vec3(-1, -1, 0), vec3(1, -1, 0),
                                                          vec3(1, 1, 0), vec3(-1, 1, 0)})
                          .hull;
  REQUIRE(square.is_flat());
  // In the plane, past the corner (1, 1): only the segment's own in-plane
  // normal separates them; 0.4 / sqrt 2 apart.
  const convex::Capsule past = convex::capsule(vec3(2.4, 0, 0), vec3(0, 2.4, 0), real(0.1));
  sat::Result r = sat::query(past, Pose{}, square, Pose{});
  check_sane(r);
  CHECK(r.separation == Approx(0.4 / std::sqrt(2.0) - 0.1).margin(hand));
  CHECK(glm::length(dv(r.axis) + dvec3(1, 1, 0) / std::sqrt(2.0)) < hand);
  contact::Manifold m = contact::collide(past, Pose{}, square, Pose{}, 1);
  REQUIRE(m.count == 1);
  CHECK(glm::length(dv(m.points[0].point_b) - dvec3(1, 1, 0)) < hand);
  CHECK(contact::feature_b(m.points[0].id).type == FeatureType::vertex);
  // In the plane across the polygon: touching its whole width, depth r
  // along the normal.
  const convex::Capsule across = convex::capsule(vec3(-3, 0.5, 0), vec3(3, 0.5, 0), real(0.1));
  r = sat::query(across, Pose{}, square, Pose{});
  check_sane(r);
  CHECK(r.separation == Approx(-0.1).margin(hand));
  CHECK(std::abs(r.axis.z) == Approx(1).margin(hand));
  m = contact::collide(across, Pose{}, square, Pose{});
  REQUIRE(m.count == 2);
  CHECK(std::abs(m.points[0].point_b.x) == Approx(1).margin(hand));
  // Through it, standing: the depth is the shorter way out along the normal.
  const convex::Capsule through =
      convex::capsule(vec3(0.2, 0.3, -0.3), vec3(0.2, 0.3, 1), real(0.1));
  r = sat::query(through, Pose{}, square, Pose{});
  CHECK(r.separation == Approx(-0.4).margin(hand));
  CHECK(glm::length(dv(r.axis) - dvec3(0, 0, -1)) < hand);
  // Through it near the rim: out sideways across the edge x = 1 is shorter.
  const convex::Capsule rim =
      convex::capsule(vec3(0.95, 0.3, -0.5), vec3(0.95, 0.3, 0.5), real(0.1));
  r = sat::query(rim, Pose{}, square, Pose{});
  CHECK(r.separation == Approx(-0.15).margin(hand));
  CHECK(glm::length(dv(r.axis) - dvec3(-1, 0, 0)) < hand);
}

TEST_CASE("degenerate poses stay finite", "[round]") {
  const Hull box = shapes::box(vec3(1));
  const Hull square = shapes::polygon(1, 4);
  const vec3 corner(1, 1, 1);
  for (const Hull* h : {&box, &square}) {
    const auto on_face = [&](int k) {  // the k-th corner of face 0
      index_t e = h->faces()[0].edge;
      for (int i = 0; i < k; ++i) e = h->half_edges()[e].next;
      return h->vertices()[h->half_edges()[e].origin];
    };
    const vec3 v = on_face(0), w = on_face(1), x = on_face(2);
    // Each touches or enters the hull.
    const convex::Capsule capsules[] = {
        convex::capsule(v, w, 0),                                      // along an edge
        convex::capsule(v, v, 0),                                      // a vertex, no radius
        convex::capsule(h->centroid(), h->centroid(), real(0.5)),      // the centre
        convex::capsule(-corner, corner, real(0.1)),                   // through the middle
        convex::capsule(v, v + (w - v) * real(1e-30), real(0.1)),      // 1e-30 long
        convex::capsule((v + w) * real(0.5), (w + x) * real(0.5), 0),  // on a face
    };
    for (const convex::Capsule& k : capsules) {
      for (const Pose& pose : {Pose{}, at_deg(vec3(1e5, -1e5, 3), vec3(0, 0, 90))}) {
        const convex::Capsule moved =
            convex::capsule(pose.apply(k.core.p0), pose.apply(k.core.p1), k.radius);
        const sat::Result r = sat::query(moved, Pose{}, *h, pose);
        INFO("hull flat " << h->is_flat() << " capsule " << (&k - capsules) << " at "
                          << pose.translation.x << ": separation " << r.separation);
        check_sane(r);
        // Touching or overlapping, up to the change of frame's round-off.
        CHECK(r.separation <= round_off * double(glm::length(pose.translation)) + hand);
        const contact::Manifold m = contact::collide(moved, Pose{}, *h, pose, real(1));
        CHECK(m.count >= 1);
        for (int i = 0; i < m.count; ++i) {
          CHECK(finite(m.points[i].point_a));
          CHECK(finite(m.points[i].point_b));
          CHECK(std::isfinite(m.points[i].separation));
        }
        check_sane(sat::query(convex::sphere(moved.core.p0, k.radius), Pose{}, *h, pose));
        CHECK(contact::collide(convex::sphere(moved.core.p1, k.radius), Pose{}, *h, pose).count <=
              1);
      }
    }
  }
}

TEST_CASE("a capsule of zero length is a sphere", "[round]") {
  const Hull ico = shapes::icosahedron(1);
  const Pose pose = at_deg(vec3(1, 2, 3), vec3(10, 20, 30));
  pairs::Rng rng(7);
  for (int i = 0; i < 200; ++i) {
    const vec3 c = pose.translation + to_real(rng.unit() * rng.uniform(0, 2));
    const real radius = real(rng.uniform(0, 0.5));
    const sat::Result s = sat::query(convex::sphere(c, radius), Pose{}, ico, pose);
    const sat::Result k = sat::query(convex::capsule(c, c, radius), Pose{}, ico, pose);
    check_sane(k);
    CHECK(k.separation == s.separation);
    CHECK(k.axis == s.axis);
    const contact::Manifold m =
        contact::collide(convex::capsule(c, c, radius), Pose{}, ico, pose, 1);
    CHECK(m.count == contact::collide(convex::sphere(c, radius), Pose{}, ico, pose, 1).count);
  }
}

TEST_CASE("a sphere or capsule at a pose is its world-frame self", "[round]") {
  // Posed like a hull: the core in A's local frame, moved by pose_a, the
  // radius scaled by it. The answer is that of the world-frame shape, bit
  // for bit (the same world coordinates go in).
  const Hull hull = shapes::random_hull(40, 1, 17);
  const Pose pose_b = at_deg(vec3(real(0.3), real(-0.2), real(0.1)), vec3(10, 40, -20));
  pairs::Rng rng(21);
  int overlapping = 0, apart = 0;
  for (int i = 0; i < 200; ++i) {
    Pose pose_a = pose_from_quat(to_real(rng.unit() * rng.uniform(0, 2)), quat(rng.rotation()));
    pose_a.scale = real(rng.uniform(0.25, 4));
    const vec3 p0 = to_real(rng.unit() * rng.uniform(0, 0.5));
    const vec3 p1 = p0 + to_real(rng.unit() * rng.uniform(0, 0.3));
    const real radius = real(rng.uniform(0.05, 0.3));
    const convex::Sphere local_s = convex::sphere(p0, radius);
    const convex::Capsule local_c = convex::capsule(p0, p1, radius);
    const real world_radius = radius * pose_a.scale;
    const convex::Sphere world_s = convex::sphere(pose_a.apply(p0), world_radius);
    const convex::Capsule world_c =
        convex::capsule(pose_a.apply(p0), pose_a.apply(p1), world_radius);
    const sat::Result rs = sat::query(local_s, pose_a, hull, pose_b);
    const sat::Result ws = sat::query(world_s, Pose{}, hull, pose_b);
    CHECK(rs.separation == ws.separation);
    CHECK(rs.axis == ws.axis);
    CHECK(rs.feature == ws.feature);
    const sat::Result rc = sat::query(local_c, pose_a, hull, pose_b);
    const sat::Result wc = sat::query(world_c, Pose{}, hull, pose_b);
    CHECK(rc.separation == wc.separation);
    CHECK(rc.feature == wc.feature);
    (rc.intersecting ? overlapping : apart)++;
    const contact::Manifold mc = contact::collide(local_c, pose_a, hull, pose_b, real(0.5));
    const contact::Manifold mw = contact::collide(world_c, Pose{}, hull, pose_b, real(0.5));
    REQUIRE(mc.count == mw.count);
    for (int k = 0; k < mc.count; ++k) {
      CHECK(mc.points[k].point_a == mw.points[k].point_a);
      CHECK(mc.points[k].id == mw.points[k].id);
    }
    CHECK(contact::collide(local_s, pose_a, hull, pose_b, real(0.5)).count ==
          contact::collide(world_s, Pose{}, hull, pose_b, real(0.5)).count);
  }
  CHECK(overlapping > 20);
  CHECK(apart > 20);
}

TEST_CASE("margin: apart beyond it no points, within it speculative ones", "[round]") {
  const Hull box = shapes::box(vec3(1));
  const convex::Sphere s = convex::sphere(vec3(0, 0, 1.5), real(0.2));  // 0.3 apart
  CHECK(contact::collide(s, Pose{}, box, Pose{}, real(0.2)).count == 0);
  contact::Manifold m = contact::collide(s, Pose{}, box, Pose{}, real(0.5));
  REQUIRE(m.count == 1);
  CHECK(m.points[0].separation == Approx(0.3).margin(hand));
  CHECK(m.separation == Approx(0.3).margin(hand));
  const convex::Capsule c = convex::capsule(vec3(-0.5, 0, 1.5), vec3(0.5, 0, 1.6), real(0.2));
  CHECK(contact::collide(c, Pose{}, box, Pose{}, real(0.2)).count == 0);
  m = contact::collide(c, Pose{}, box, Pose{}, real(0.35));  // the lower end only
  REQUIRE(m.count == 1);
  CHECK(m.points[0].separation == Approx(0.3).margin(hand));
  m = contact::collide(c, Pose{}, box, Pose{}, real(0.5));
  REQUIRE(m.count == 2);
  // The upper end's lowest surface point is on the rim of its cap, not
  // under its centre: the segment rises 0.1 over 1.
  CHECK(m.points[1].separation == Approx(0.6 - 0.2 / std::sqrt(1.01)).margin(hand));
}

namespace {

/// The hulls of the random test: random hulls of 4 to 64 vertices, boxes,
/// flat polygons of 3 to 12 random corners, and random hulls of 300 and of
/// 2000 vertices, at a scale.
Hull random_shape(pairs::Rng& rng, int kind, double scale) {
  switch (kind) {
    case 0:
      return shapes::random_hull(rng.integer(4, 64), real(scale), rng.next());
    case 1:
      return shapes::box(
          to_real(scale * dvec3(rng.uniform(0.05, 1), rng.uniform(0.05, 1), rng.uniform(0.05, 1))));
    case 2: {
      std::vector<vec3> points;
      const int n = rng.integer(3, 12);
      for (int i = 0; i < n; ++i)
        points.push_back(to_real(scale * dvec3(rng.uniform(-1, 1), rng.uniform(-1, 1), 0)));
      HullResult built = Hull::from_points(points);
      if (built.ok()) return std::move(built.hull);
      return shapes::polygon(real(scale), n);
    }
    case 3:
      return shapes::random_hull(300, real(scale), rng.next());
    default:
      return shapes::random_hull(2000, real(scale), rng.next());
  }
}

/// A point near the hull's surface (world frame): along a random direction
/// from the centroid, the hull's reach there times a factor from 0 (the
/// centroid) to 2.
dvec3 near_surface(pairs::Rng& rng, const Hull& hull, const Pose& pose) {
  const dvec3 u = rng.unit();
  const dvec3 c = dv(hull.centroid());
  const double reach = glm::dot(u, dv(hull.vertices()[support_brute(hull, to_real(u))]) - c);
  const double factor = rng.integer(0, 9) == 0 ? rng.uniform(0, 1) : rng.uniform(0.8, 2);
  return dv(pose.apply(to_real(c + u * reach * factor)));
}

struct Tally {
  int cases = 0, apart = 0, overlapping = 0, core_inside = 0, compared = 0, skipped = 0, axes = 0;
  int referenced = 0;
  int face = 0, edge = 0, vertex = 0, two_points = 0, speculative = 0, empty = 0;
  double worst_separation = 0, worst_separation_abs = 0, worst_angle = 0, worst_mtv = 0,
         worst_manifold = 0, worst_reference = 0;
};

/// One random case against GJK/EPA: verdicts outside the band, separations
/// within EPA's accuracy, axes where the direction is unique (the core
/// apart: the closest points' direction), and an overlapping answer's
/// translation: B moved by it just touches. Then the manifold.
template <class Shape>
void check_case(const Shape& shape, const ManifoldCheck& mc, const Hull& hull, const Pose& pose,
                double size, double magnitude, Tally& t) {
  const sat::Result r = sat::query(shape, Pose{}, hull, pose);
  check_sane(r);
  const epa::Result e = epa::query(shape, convex::posed(hull, pose));
  const double tolerance = double(tol::agreement) * size + round_off * magnitude;
  ++t.cases;
  const double radius = mc.radius;
  ++(r.separation > 0 ? t.apart : t.overlapping);
  if (r.separation + radius <= 0) ++t.core_inside;
  const bool converged =
      e.gjk_status == gjk::Status::converged &&
      (e.epa_status == epa::Status::converged || e.epa_status == epa::Status::separated);
  if (!converged) {
    ++t.skipped;
  } else {
    ++t.compared;
    const double diff = std::abs(double(r.separation) - double(e.separation));
    INFO("sat " << r.separation << " epa " << e.separation << " tolerance " << tolerance
                << " feature " << sat::to_string(r.feature.kind) << " " << r.feature.b);
    CHECK(diff <= tolerance);
    t.worst_separation = std::max(t.worst_separation, diff / tolerance);
    t.worst_separation_abs = std::max(t.worst_separation_abs, diff);
    if (std::abs(double(e.separation)) > tolerance) CHECK(r.intersecting == e.intersecting);
    const double core = double(r.separation) + radius;  // the core's signed distance
    if (core > tolerance) {  // apart: the closest points' direction, unique
      const double a = angle(dv(r.axis), dv(e.axis));
      // GJK stops once its distance is within tol::gjk_gap of itself, which
      // bounds its direction only to about the square root of that. The
      // allowance is a stated one, not derived: 1e-4 rad in double, 1e-2 in
      // float (a capsule 0.0035 from a hull came out 1.8e-3 rad off in
      // float), plus points known to `tolerance`, `core` apart: tolerance /
      // core rad.
      const double allowed = double(tol::by_precision(1e-4, 1e-2)) + tolerance / core;
      CHECK(a <= allowed);
      t.worst_angle = std::max(t.worst_angle, a / allowed);
      ++t.axes;
    }
  }
  // The exact answer: the Minkowski difference of the core's ends and the
  // hull's vertices, in double (for a sphere against a polygon D is flat,
  // exact to its thickness: the polygon's, round-off of the world frame).
  std::vector<dvec3> ends{mc.p0};
  if (mc.p1 != mc.p0) ends.push_back(mc.p1);
  const ref::Answer want = ref::minkowski(ends, ref::world_points(hull, pose));
  if (want.ok) {
    ++t.referenced;
    const double exact = want.separation - radius;
    const double allowed = rel * size + mag_rel * magnitude;
    INFO("reference " << exact << " sat " << r.separation);
    CHECK(std::abs(double(r.separation) - exact) <= allowed);
    t.worst_reference =
        std::max(t.worst_reference, std::abs(double(r.separation) - exact) / allowed);
    // The touching band, as the query takes it (sat/round.cpp).
    const double local = std::max(glm::length(dv(pose.apply_inverse(to_real(mc.p0)))),
                                  glm::length(dv(pose.apply_inverse(to_real(mc.p1)))));
    const double band = double(tol::touching) * (double(hull.magnitude()) + local + radius);
    if (std::abs(exact) > std::max(allowed, band)) CHECK(r.intersecting == (exact <= 0));
  }
  if (r.separation + radius < -tolerance) {
    // Overlapping cores: B moved by the answer touches (the axis is an MTV).
    Pose moved = pose;
    moved.translation = to_real(dv(pose.translation) - double(r.separation) * dv(r.axis));
    const epa::Result after = epa::query(shape, convex::posed(hull, moved));
    const double off = std::abs(double(after.separation));
    CHECK(off <= tolerance);
    t.worst_mtv = std::max(t.worst_mtv, off / tolerance);
  }
  // The manifold.
  const contact::Manifold m = contact::collide(shape, Pose{}, hull, pose, real(mc.margin));
  CHECK(m.separation == r.separation);
  CHECK(m.normal == r.axis);
  ManifoldCheck c = mc;
  c.tolerance = tolerance;
  t.worst_manifold = std::max(t.worst_manifold, check_manifold(m, c));
  if (m.count == 0) ++t.empty;
  if (m.count == 2) ++t.two_points;
  if (m.count > 0 && m.points[0].separation > 0) ++t.speculative;
  if (m.count > 0) {
    const FeatureType type = contact::feature_b(m.points[0].id).type;
    (type == FeatureType::face ? t.face : type == FeatureType::edge ? t.edge : t.vertex) += 1;
  }
}

void report(const char* what, const Tally& t) {
  std::printf(
      "round %-8s %d cases (%d apart, %d overlapping, %d cores inside), %d against EPA, %d "
      "skipped (EPA not converged); hull features %d face %d edge %d vertex; %d two-point, %d "
      "speculative, %d empty manifolds; %d axes compared; worst of tolerance: separation %.3g "
      "(%.3g absolute), axis %.3g, MTV %.3g, manifold %.3g; against the Minkowski reference "
      "(%d cases) %.3g\n",
      what, t.cases, t.apart, t.overlapping, t.core_inside, t.compared, t.skipped, t.face, t.edge,
      t.vertex, t.two_points, t.speculative, t.empty, t.axes, t.worst_separation,
      t.worst_separation_abs, t.worst_angle, t.worst_mtv, t.worst_manifold, t.referenced,
      t.worst_reference);
}

}  // namespace

TEST_CASE("random spheres and capsules against GJK/EPA and the Minkowski reference",
          "[round][random]") {
  Tally spheres, capsules;
  for (std::uint64_t seed = 0; seed < 2000; ++seed) {
    pairs::Rng rng(seed * 7919 + 17);
    const double scale = std::pow(10.0, rng.uniform(-3, 4));
    const int kind = seed % 100 == 99 ? 4 : seed % 16 == 15 ? 3 : int(seed % 3);
    const Hull hull = random_shape(rng, kind, scale);
    REQUIRE_FALSE(hull.empty());
    const double offset = rng.integer(0, 2) == 0 ? 0.0 : std::pow(10.0, rng.uniform(0, 5));
    const Pose pose =
        pose_from_quat(to_real(rng.unit() * offset), quat(glm::dquat(rng.rotation())));
    const double magnitude = offset + 4 * scale;
    for (int i = 0; i < 3; ++i) {
      INFO("seed " << seed << " case " << i << " hull kind " << kind << " scale " << scale
                   << " offset " << offset);
      const double radius = scale * std::pow(10.0, rng.uniform(-2, 0));
      const double margin = rng.integer(0, 1) == 0 ? 0.0 : scale * rng.uniform(0, 0.5);
      const dvec3 c = near_surface(rng, hull, pose);
      const convex::Sphere s = convex::sphere(to_real(c), real(radius));
      const double size = std::max(double(hull.extent()), 2 * radius);
      check_case(s, sphere_check(s, hull, pose, margin, 0), hull, pose, size, magnitude, spheres);

      // A capsule from a point near the surface: a random direction, or
      // along a face (lying on it), or of zero length.
      const int how = rng.integer(0, 9);
      dvec3 d = rng.unit();
      if (how <= 2) {
        const Plane& face = hull.planes()[std::size_t(rng.integer(0, int(hull.face_count()) - 1))];
        const dvec3 n = dv(pose.rotate(face.normal));
        d = glm::normalize(d - glm::dot(d, n) * n);
      }
      const double length = how == 9 ? 0.0 : scale * rng.uniform(0, 2);
      const dvec3 p1 = c + d * length;
      const convex::Capsule k = convex::capsule(to_real(c), to_real(p1), real(radius));
      const double capsule_size = std::max(double(hull.extent()), length + 2 * radius);
      check_case(k, capsule_check(k, hull, pose, margin, 0), hull, pose, capsule_size, magnitude,
                 capsules);
    }
  }
  report("spheres", spheres);
  report("capsules", capsules);
  for (const Tally* t : {&spheres, &capsules}) {
    CHECK(t->apart > 100);
    CHECK(t->overlapping > 100);
    CHECK(t->core_inside > 50);
    CHECK(t->face > 100);
    CHECK(t->edge > 20);
    CHECK(t->vertex > 20);
    CHECK(t->speculative > 20);
    CHECK(t->empty > 100);
    CHECK(t->compared > t->cases * 9 / 10);
    CHECK(t->axes > 500);
    CHECK(t->referenced > t->cases * 9 / 10);
  }
  CHECK(capsules.two_points > 100);
}
