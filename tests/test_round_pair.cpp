// Two round bodies (contact.hpp: sphere-sphere, sphere-capsule,
// capsule-sphere, capsule-capsule): hand cases with known answers, the
// degenerate ones (coincident centres, crossing and collinear axes, zero
// lengths and radii), then seeded random pairs against a brute-force
// reference in double: the cores' distance by a golden-section search over
// A's parameter of the point-segment distance (convex in it), less the
// radii; every point checked on both surfaces, its separation along the
// normal, the order, the count and the ids.
#include "sepax/contact.hpp"

#include <catch2/catch.hpp>

#include "pairs.hpp"
#include "test_util.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

using namespace sepax;
using namespace sepax::test;

namespace {

using dvec3 = glm::dvec3;

/// Absolute tolerance of the hand cases (unit-sized shapes).
const double hand = is_double ? 1e-12 : 2e-6;
/// Accuracy against the reference: relative to the pair's size, and per
/// unit of magnitude (coordinates plus size), as test_round.cpp holds the
/// sphere and capsule against a hull.
const double rel = is_double ? 1e-9 : 3e-5;
const double mag_rel = 64 * double(tol::eps);

dvec3 dv(const vec3& v) {
  return dvec3(v);
}

/// A round body's core in the world, in double: p0 + t d, and its radius.
struct WorldCore {
  dvec3 p0{0.0};
  dvec3 d{0.0};
  double radius = 0;
  bool sphere = false;
};

dvec3 world(const Pose& pose, const vec3& p) {
  return glm::dmat3(pose.rotation) * (dv(p) * double(pose.scale)) + dv(pose.translation);
}

WorldCore world_core(const convex::Sphere& s, const Pose& pose) {
  return {world(pose, s.core.p), dvec3(0.0), double(s.radius) * double(pose.scale), true};
}

WorldCore world_core(const convex::Capsule& c, const Pose& pose) {
  const dvec3 p0 = world(pose, c.core.p0);
  return {p0, world(pose, c.core.p1) - p0, double(c.radius) * double(pose.scale), false};
}

/// Parameter of the point of a segment nearest p (Ericson 5.1.2), in double.
double nearest_t(const dvec3& p, const WorldCore& c) {
  const double l2 = glm::dot(c.d, c.d);
  return l2 > 0 ? std::clamp(glm::dot(p - c.p0, c.d) / l2, 0.0, 1.0) : 0.0;
}

/// Distance of p to the core.
double core_distance(const dvec3& p, const WorldCore& c) {
  return glm::length(p - (c.p0 + nearest_t(p, c) * c.d));
}

/// The reference: the cores' distance, min over s of the distance of
/// A(s) to B's core, convex in s, by golden-section search.
double reference_distance(const WorldCore& a, const WorldCore& b) {
  const auto f = [&](double s) { return core_distance(a.p0 + s * a.d, b); };
  if (glm::dot(a.d, a.d) == 0) return f(0);
  const double g = (std::sqrt(5.0) - 1) / 2;
  double lo = 0, hi = 1;
  for (int i = 0; i < 200; ++i) {
    const double x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
    (f(x1) <= f(x2) ? hi : lo) = f(x1) <= f(x2) ? x2 : x1;
  }
  return std::min({f(lo), f(hi), f(0), f(1)});
}

/// The separation of the cores along unit n: how far B's core lies beyond
/// A's (the cores' distance when n is their closest points' direction).
double along(const WorldCore& a, const WorldCore& b, const dvec3& n) {
  const double a_top = std::max(glm::dot(a.p0, n), glm::dot(a.p0 + a.d, n));
  const double b_low = std::min(glm::dot(b.p0, n), glm::dot(b.p0 + b.d, n));
  return b_low - a_top;
}

/// The sine of the angle between two capsules' axes (0 for a sphere).
double sine(const WorldCore& a, const WorldCore& b) {
  const double la = glm::length(a.d), lb = glm::length(b.d);
  return la > 0 && lb > 0 ? glm::length(glm::cross(a.d, b.d)) / (la * lb) : 0.0;
}

struct Tally {
  int cases = 0, apart = 0, overlapping = 0, cores_meet = 0, contained = 0, two_points = 0;
  int speculative = 0, empty = 0, ends = 0, sides = 0, mirrored = 0;
  double worst = 0;
};

/// Checks one manifold against the reference; returns the worst error
/// divided by its tolerance.
double check_manifold(const contact::Manifold& m, const WorldCore& a, const WorldCore& b,
                      double margin, double magnitude, Tally& t) {
  const double size = std::max(glm::length(a.d) + 2 * a.radius, glm::length(b.d) + 2 * b.radius);
  // Relative to the size and the magnitude, and never 0 (two points at the
  // origin have neither).
  const double tolerance =
      rel * size + mag_rel * magnitude + std::numeric_limits<double>::denorm_min();
  const double distance = reference_distance(a, b);
  const double exact = distance - a.radius - b.radius;
  INFO("exact " << exact << " got " << m.separation << " tolerance " << tolerance << " count "
                << m.count);
  ++t.cases;
  ++(exact > 0 ? t.apart : t.overlapping);
  if (distance <= tolerance) ++t.cores_meet;
  double worst = std::abs(double(m.separation) - exact) / tolerance;
  CHECK(std::abs(double(m.separation) - exact) <= tolerance);
  REQUIRE(finite(m.normal));
  CHECK(std::abs(glm::length(dv(m.normal)) - 1) <= 1e3 * double(tol::eps));
  // The normal: the cores' separation along it is their distance (the
  // closest points' direction; where they meet, a direction that takes
  // nothing from the depth). Its error grows as the round-off of the
  // closest points over their distance.
  const dvec3 n = glm::normalize(dv(m.normal));
  const double direction =
      size > 0 ? tolerance * (1 + size / std::max(distance, 1e-3 * size)) : tolerance;
  CHECK(std::abs(along(a, b, n) - distance) <= direction);
  worst = std::max(worst, std::abs(along(a, b, n) - distance) / direction);
  // The count: none beyond the margin, some within it; 2 only for capsules
  // within tol::capsule_parallel of parallel.
  if (exact > margin + tolerance) CHECK(m.count == 0);
  if (exact < margin - tolerance) CHECK(m.count >= 1);
  CHECK(m.count <= 2);
  if (m.count == 2) {
    ++t.two_points;
    CHECK(!a.sphere);
    CHECK(!b.sphere);
    CHECK(sine(a, b) <= double(tol::capsule_parallel) * (1 + 1e-3));
  }
  if (m.count == 0) ++t.empty;
  for (int k = 0; k < m.count; ++k) {
    const contact::Point& p = m.points[k];
    INFO("point " << k << " separation " << p.separation);
    REQUIRE(finite(p.point_a));
    REQUIRE(finite(p.point_b));
    const double on_a = std::abs(core_distance(dv(p.point_a), a) - a.radius);
    const double on_b = std::abs(core_distance(dv(p.point_b), b) - b.radius);
    CHECK(on_a <= tolerance);
    CHECK(on_b <= tolerance);
    worst = std::max({worst, on_a / tolerance, on_b / tolerance});
    const double gap = glm::dot(dv(p.point_b) - dv(p.point_a), n);
    CHECK(std::abs(double(p.separation) - gap) <= tolerance);
    CHECK(double(p.separation) >= exact - tolerance);  // none deeper than the pair
    CHECK(double(p.separation) <= double(margin) + tolerance);
    if (k == 0) CHECK(std::abs(double(p.separation) - double(m.separation)) <= tolerance);
    if (k > 0) CHECK(p.separation >= m.points[k - 1].separation);
    if (k == 0 && p.separation > 0) ++t.speculative;
    // Ids: a sphere's round surface; a capsule's end vertex where the
    // point's foot on the core is that end, its side edge 0 otherwise.
    const auto check_id = [&](FeatureRef f, const WorldCore& c, const dvec3& q) {
      if (c.sphere) {
        CHECK(f.type == FeatureType::face);
        CHECK(f.index == 0);
        return;
      }
      const double foot = nearest_t(q, c) * glm::length(c.d);
      if (f.type == FeatureType::vertex) {
        CHECK((f.index == 0 || f.index == 1));
        CHECK(std::abs(foot - (f.index == 0 ? 0.0 : glm::length(c.d))) <= tolerance);
        ++t.ends;
      } else {
        CHECK(f.type == FeatureType::edge);
        CHECK(f.index == 0);
        ++t.sides;
      }
    };
    check_id(contact::feature_a(p.id), a, dv(p.point_a));
    check_id(contact::feature_b(p.id), b, dv(p.point_b));
  }
  CHECK(m.feature.kind == sat::FeatureKind::edges);
  CHECK(m.feature.a == (a.sphere ? -1 : 0));
  CHECK(m.feature.b == (b.sphere ? -1 : 0));
  t.worst = std::max(t.worst, worst);
  return worst;
}

/// Every overload on one pair of bodies, and the pair swapped: where the
/// cores are apart (a unique direction) and each way gives one point, the
/// mirrored manifold.
template <class A, class B>
contact::Manifold check_pair(const A& a, const Pose& pa, const B& b, const Pose& pb, double margin,
                             Tally& t) {
  const contact::Manifold m = contact::collide(a, pa, b, pb, real(margin));
  const WorldCore ca = world_core(a, pa), cb = world_core(b, pb);
  const double magnitude =
      std::max(glm::length(dv(pa.translation)), glm::length(dv(pb.translation))) +
      std::max(glm::length(ca.p0 - dv(pa.translation)), glm::length(cb.p0 - dv(pb.translation))) +
      std::max(glm::length(ca.d), glm::length(cb.d)) + ca.radius + cb.radius;
  check_manifold(m, ca, cb, margin, magnitude, t);
  const contact::Manifold w = contact::collide(b, pb, a, pa, real(margin));
  const double size =
      std::max(glm::length(ca.d) + 2 * ca.radius, glm::length(cb.d) + 2 * cb.radius);
  const double tolerance = rel * size + mag_rel * magnitude;
  const double distance = reference_distance(ca, cb);
  if (m.count == 1 && w.count == 1 && distance > 1e-3 * size &&
      (ca.sphere || cb.sphere || sine(ca, cb) > double(tol::capsule_parallel))) {
    INFO("mirrored: separations " << m.separation << " " << w.separation);
    ++t.mirrored;
    CHECK(std::abs(double(m.separation) - double(w.separation)) <= tolerance);
    CHECK(glm::length(dv(m.normal) + dv(w.normal)) * distance <= 4 * tolerance);
    CHECK(glm::length(dv(m.points[0].point_a) - dv(w.points[0].point_b)) <= 4 * tolerance);
    CHECK(m.points[0].id == contact::mirrored(w).points[0].id);
  }
  return m;
}

convex::Capsule capsule(const dvec3& p0, const dvec3& p1, double r) {
  return convex::capsule(to_real(p0), to_real(p1), real(r));
}

convex::Sphere sphere(const dvec3& c, double r) {
  return convex::sphere(to_real(c), real(r));
}

Pose pose_at(const dvec3& t) {
  return Pose{mat3(real(1)), to_real(t)};
}

bool near(const vec3& v, const dvec3& want, double tolerance = hand) {
  return glm::length(dv(v) - want) <= tolerance;
}

}  // namespace

TEST_CASE("round pairs: spheres and capsules side by side", "[round_pair]") {
  Tally t;
  SECTION("two spheres overlapping by 0.1 along x") {
    const auto m = check_pair(sphere({0, 0, 0}, 0.5), pose_at({1, 2, 3}), sphere({0, 0, 0}, 0.5),
                              pose_at({1.9, 2, 3}), 0, t);
    REQUIRE(m.count == 1);
    CHECK(near(m.normal, {1, 0, 0}));
    CHECK(std::abs(double(m.separation) + 0.1) <= hand);
    CHECK(near(m.points[0].point_a, {1.5, 2, 3}));
    CHECK(near(m.points[0].point_b, {1.4, 2, 3}));
    CHECK(m.points[0].id == contact::make_id({FeatureType::face, 0}, {FeatureType::face, 0}));
  }
  SECTION("a sphere over a capsule's side and beyond its end") {
    const auto side = check_pair(sphere({0, 0, 0}, 0.25), pose_at({0.3, 0, 0.7}),
                                 capsule({-1, 0, 0}, {1, 0, 0}, 0.5), Pose{}, 0, t);
    REQUIRE(side.count == 1);
    CHECK(near(side.normal, {0, 0, -1}));
    CHECK(std::abs(double(side.separation) + 0.05) <= hand);
    CHECK(near(side.points[0].point_b, {0.3, 0, 0.5}));
    CHECK(side.points[0].id == contact::make_id({FeatureType::face, 0}, {FeatureType::edge, 0}));
    const auto end = check_pair(sphere({0, 0, 0}, 0.25), pose_at({1.7, 0, 0}),
                                capsule({-1, 0, 0}, {1, 0, 0}, 0.5), Pose{}, 0, t);
    REQUIRE(end.count == 1);
    CHECK(near(end.normal, {-1, 0, 0}));
    CHECK(std::abs(double(end.separation) + 0.05) <= hand);
    CHECK(end.points[0].id == contact::make_id({FeatureType::face, 0}, {FeatureType::vertex, 1}));
  }
  SECTION("capsule-sphere is the mirrored sphere-capsule") {
    const convex::Sphere s = sphere({0.1, 0, 0}, 0.25);
    const convex::Capsule c = capsule({-1, 0, 0}, {1, 0, 0}, 0.5);
    const Pose ps = at_deg(vec3(real(0.3), real(0.2), real(0.6)), vec3(10, 20, 30));
    const Pose pc = at_deg(vec3(real(0), real(0.1), real(0)), vec3(5, -15, 40));
    const auto sc = contact::collide(s, ps, c, pc, real(0.1));
    const auto cs = check_pair(c, pc, s, ps, 0.1, t);
    const auto back = contact::mirrored(sc);
    REQUIRE(cs.count == back.count);
    CHECK(cs.normal == back.normal);
    CHECK(cs.separation == back.separation);
    CHECK(cs.points[0].point_a == back.points[0].point_a);
    CHECK(cs.points[0].id == back.points[0].id);
    CHECK(cs.feature == back.feature);
  }
  SECTION("parallel capsules lying along each other: the ends of the stretch") {
    const auto m = check_pair(capsule({-1, 0, 0}, {1, 0, 0}, 0.5), Pose{},
                              capsule({0, 0, 0}, {3, 0, 0}, 0.5), pose_at({0, 0, 0.9}), 0, t);
    REQUIRE(m.count == 2);
    CHECK(near(m.normal, {0, 0, 1}));
    CHECK(std::abs(double(m.separation) + 0.1) <= hand);
    for (int k = 0; k < 2; ++k) CHECK(std::abs(double(m.points[k].separation) + 0.1) <= hand);
    // A's core from 0.5 (B's end vertex 0 over A's side) to 1 (A's vertex 1
    // under B's side).
    const bool first_mid = std::abs(double(m.points[0].point_a.x)) < 0.5;
    const contact::Point& mid = m.points[first_mid ? 0 : 1];
    const contact::Point& end = m.points[first_mid ? 1 : 0];
    CHECK(near(mid.point_a, {0, 0, 0.5}));
    CHECK(near(mid.point_b, {0, 0, 0.4}));
    CHECK(mid.id == contact::make_id({FeatureType::edge, 0}, {FeatureType::vertex, 0}));
    CHECK(near(end.point_a, {1, 0, 0.5}));
    CHECK(near(end.point_b, {1, 0, 0.4}));
    CHECK(end.id == contact::make_id({FeatureType::vertex, 1}, {FeatureType::edge, 0}));
  }
  SECTION("tilted past tol::capsule_parallel, crossing, or end to end: 1 point") {
    const double tilt = 2 * double(tol::capsule_parallel);
    const auto tilted =
        check_pair(capsule({-1, 0, 0}, {1, 0, 0}, 0.5), Pose{},
                   capsule({-1, -tilt, 0}, {1, tilt, 0}, 0.5), pose_at({0, 0, 0.9}), 0, t);
    CHECK(tilted.count == 1);
    const auto crossing =
        check_pair(capsule({-1, 0, 0}, {1, 0, 0}, 0.5), Pose{}, capsule({0, -1, 0}, {0, 1, 0}, 0.5),
                   pose_at({0, 0, 0.9}), 0, t);
    REQUIRE(crossing.count == 1);
    CHECK(crossing.points[0].id ==
          contact::make_id({FeatureType::edge, 0}, {FeatureType::edge, 0}));
    const auto end_to_end =
        check_pair(capsule({-1, 0, 0}, {1, 0, 0}, 0.5), Pose{}, capsule({1, 0, 0}, {3, 0, 0}, 0.5),
                   pose_at({0, 0, 0.9}), 0, t);
    CHECK(end_to_end.count == 1);
  }
  SECTION("a speculative point within the margin, none beyond it") {
    const auto within = check_pair(sphere({0, 0, 0}, 0.5), Pose{}, sphere({0, 0, 0}, 0.5),
                                   pose_at({0, 0, 1.05}), 0.1, t);
    REQUIRE(within.count == 1);
    CHECK(std::abs(double(within.points[0].separation) - 0.05) <= hand);
    const auto beyond = check_pair(sphere({0, 0, 0}, 0.5), Pose{}, sphere({0, 0, 0}, 0.5),
                                   pose_at({0, 0, 1.2}), 0.1, t);
    CHECK(beyond.count == 0);
    CHECK(std::abs(double(beyond.separation) - 0.2) <= hand);
    CHECK(near(beyond.normal, {0, 0, 1}));
    // Parallel capsules: the end farther than the margin is dropped.
    const auto one_end = check_pair(capsule({-1, 0, 0}, {1, 0, 0}, 0.5), Pose{},
                                    capsule({-1, 0, 1.02}, {1, 0, 1.08}, 0.5), Pose{}, 0.05, t);
    CHECK(one_end.count == 1);
    CHECK(contact::feature_a(one_end.points[0].id) == FeatureRef{FeatureType::vertex, 0});
  }
}

TEST_CASE("round pairs: cores that meet take the documented fallback normal", "[round_pair]") {
  Tally t;
  const Pose turned = at_deg(vec3(real(5), real(-2), real(1)), vec3(30, 40, 50));
  SECTION("coincident sphere centres: world +z, the depth the sum of the radii") {
    const auto m = check_pair(sphere({0, 0, 0}, 0.5), turned, sphere({0, 0, 0}, 0.25),
                              Pose{turned.rotation, turned.translation, real(2)}, 0, t);
    REQUIRE(m.count == 1);
    CHECK(near(m.normal, {0, 0, 1}, 1e3 * double(tol::eps)));
    CHECK(std::abs(double(m.separation) + 1.0) <= hand);
  }
  SECTION("crossing axes: their cross product") {
    const auto m = check_pair(capsule({-1, 0, 0}, {1, 0, 0}, 0.25), Pose{},
                              capsule({0, 0, -1}, {0, 0, 1}, 0.25), Pose{}, 0, t);
    REQUIRE(m.count == 1);
    CHECK(near(m.normal, {0, -1, 0}));  // x cross z
    CHECK(std::abs(double(m.separation) + 0.5) <= hand);
    CHECK(m.points[0].id == contact::make_id({FeatureType::edge, 0}, {FeatureType::edge, 0}));
  }
  SECTION("collinear capsules: normal to the axis, nearest world +z, or +x") {
    const auto flat = check_pair(capsule({-1, 0, 0}, {1, 0, 0}, 0.25), turned,
                                 capsule({0, 0, 0}, {2, 0, 0}, 0.25), turned, 0, t);
    REQUIRE(flat.count == 2);
    const dvec3 axis = glm::normalize(dv(turned.rotate(vec3(1, 0, 0))));
    const dvec3 want = glm::normalize(dvec3(0, 0, 1) - axis.z * axis);
    CHECK(near(flat.normal, want, 1e3 * double(tol::eps)));
    const auto upright = check_pair(capsule({0, 0, -1}, {0, 0, 1}, 0.25), Pose{},
                                    capsule({0, 0, 0}, {0, 0, 3}, 0.25), Pose{}, 0, t);
    CHECK(near(upright.normal, {1, 0, 0}));
  }
  SECTION("a sphere centred on a capsule's axis") {
    const auto m = check_pair(sphere({0, 0, 0}, 0.5), Pose{}, capsule({-1, 0, 0}, {1, 0, 0}, 0.5),
                              pose_at({0.5, 0, 0}), 0, t);
    REQUIRE(m.count == 1);
    CHECK(near(m.normal, {0, 0, 1}));
    CHECK(std::abs(double(m.separation) + 1.0) <= hand);
  }
  SECTION("zero lengths and zero radii") {
    const auto points =
        check_pair(sphere({0, 0, 0}, 0), Pose{}, sphere({0, 0, 0}, 0), Pose{}, 0, t);
    REQUIRE(points.count == 1);
    CHECK(points.separation == 0);
    const auto stub = check_pair(capsule({0, 0, 0}, {0, 0, 0}, 0.5), Pose{},
                                 capsule({-1, 0, 0}, {1, 0, 0}, 0.5), pose_at({0, 0.3, 0.8}), 0, t);
    REQUIRE(stub.count == 1);
    CHECK(contact::feature_a(stub.points[0].id) == FeatureRef{FeatureType::vertex, 0});
    const auto segments =
        check_pair(capsule({-1, 0, 0}, {1, 0, 0}, 0), Pose{}, capsule({0, -1, 0}, {0, 1, 0}, 0),
                   pose_at({0, 0, 0.5}), 0.6, t);
    REQUIRE(segments.count == 1);
    CHECK(std::abs(double(segments.separation) - 0.5) <= hand);
  }
  SECTION("huge, tiny and far from the origin stay finite and exact") {
    for (const double scale : {1e-4, 1.0, 1e4}) {
      for (const double far : {0.0, 1e6}) {
        INFO("scale " << scale << " far " << far);
        const Pose pa{turned.rotation, to_real(dvec3(far, -far, far)), real(scale)};
        Pose pb = pa;
        check_pair(sphere({0, 0, 0}, 0.5), pa, sphere({0, 0, 0}, 0.5), pb, 0, t);
        check_pair(capsule({-1, 0, 0}, {1, 0, 0}, 0.5), pa, capsule({0, -1, 0}, {0, 1, 0}, 0.5), pb,
                   0, t);
        pb.translation = to_real(dv(pa.translation) + dvec3(0, 0, 0.9 * scale));
        check_pair(capsule({-1, 0, 0}, {1, 0, 0}, 0.5), pa, capsule({-1, 0, 0}, {1, 0, 0}, 0.5), pb,
                   0, t);
      }
    }
  }
}

namespace {

/// A random round body: a sphere or a capsule of random length (zero now
/// and then), radius (zero now and then) and local placement.
struct Body {
  convex::Sphere sphere;
  convex::Capsule capsule;
  bool is_sphere = false;
};

Body random_body(pairs::Rng& rng, double scale) {
  Body b;
  const double radius = rng.integer(0, 19) == 0 ? 0.0 : scale * std::pow(10.0, rng.uniform(-2, 0));
  const dvec3 c = rng.unit() * scale * rng.uniform(0, 0.5);
  b.is_sphere = rng.integer(0, 2) == 0;
  b.sphere = sphere(c, radius);
  const double length =
      rng.integer(0, 19) == 0 ? 0.0 : scale * std::pow(10.0, rng.uniform(-2, 0.5));
  const dvec3 d = rng.unit() * (length / 2);
  b.capsule = capsule(c - d, c + d, radius);
  return b;
}

template <class A>
void check_against(const A& a, const Pose& pa, const Body& b, const Pose& pb, double margin,
                   Tally& t) {
  if (b.is_sphere)
    check_pair(a, pa, b.sphere, pb, margin, t);
  else
    check_pair(a, pa, b.capsule, pb, margin, t);
}

void check_bodies(const Body& a, const Pose& pa, const Body& b, const Pose& pb, double margin,
                  Tally& t) {
  if (a.is_sphere)
    check_against(a.sphere, pa, b, pb, margin, t);
  else
    check_against(a.capsule, pa, b, pb, margin, t);
}

/// A world rotation, uniform.
mat3 random_rotation(pairs::Rng& rng) {
  return mat3(glm::mat3_cast(quat(glm::dquat(rng.rotation()))));
}

}  // namespace

TEST_CASE("round pairs: random pairs against the brute-force reference", "[round_pair][random]") {
  Tally t;
  int parallel_cases = 0, crossing_cases = 0, contained_cases = 0;
  for (std::uint64_t seed = 0; seed < 6000; ++seed) {
    pairs::Rng rng(seed * 104729 + 11);
    const int scale_kind = int(seed % 4);
    const double scale = scale_kind == 0   ? 1e-4
                         : scale_kind == 1 ? 1e4
                                           : std::pow(10.0, rng.uniform(-1, 1));
    const double far = seed % 5 == 4 ? 1e6 : 0.0;
    const dvec3 origin = rng.unit() * far;
    const double margin = rng.integer(0, 2) == 0 ? scale * rng.uniform(0, 0.3) : 0.0;
    INFO("seed " << seed << " scale " << scale << " far " << far << " margin " << margin);
    Body a = random_body(rng, scale), b = random_body(rng, scale);
    Pose pa{random_rotation(rng), to_real(origin), real(1)};
    Pose pb{random_rotation(rng), to_real(origin + rng.unit() * scale * rng.uniform(0, 2)),
            real(1)};
    if (rng.integer(0, 3) == 0) pb.scale = real(std::pow(10.0, rng.uniform(-0.5, 0.5)));
    const int category = int((seed / 4) % 5);
    if (category == 1) {
      // Parallel or nearly (up to 3 tol::capsule_parallel) capsules side by
      // side, overlapping along their length.
      ++parallel_cases;
      a.is_sphere = b.is_sphere = false;
      if (a.capsule.core.p1 == a.capsule.core.p0) a.capsule.core.p1 += vec3(real(scale), 0, 0);
      const double tilt = rng.integer(0, 3) == 0 ? 0.0 : std::pow(10.0, rng.uniform(-9, -1));
      const dvec3 u = dv(pa.rotate(glm::normalize(a.capsule.core.p1 - a.capsule.core.p0)));
      dvec3 w = glm::normalize(glm::cross(u, rng.unit()));
      const dvec3 axis_b = glm::normalize(u + tilt * glm::normalize(glm::cross(u, w)));
      const double la = glm::length(dv(a.capsule.core.p1 - a.capsule.core.p0)) * double(pa.scale);
      const double lb = la * rng.uniform(0.3, 2);
      const double reach =
          double(a.capsule.radius) * double(pa.scale) + double(b.capsule.radius) * double(pb.scale);
      const dvec3 mid_a = world(pa, (a.capsule.core.p0 + a.capsule.core.p1) * real(0.5));
      const dvec3 mid_b = mid_a + u * la * rng.uniform(-1, 1) + w * reach * rng.uniform(0.8, 1.2);
      b.capsule = capsule(dvec3(0.0) - axis_b * (lb / 2 / double(pb.scale)),
                          axis_b * (lb / 2 / double(pb.scale)), double(b.capsule.radius));
      pb.rotation = mat3(real(1));
      pb.translation = to_real(mid_b);
    } else if (category == 2) {
      // Capsules whose axes cross (to round-off), or a sphere on an axis.
      ++crossing_cases;
      a.is_sphere = false;
      const dvec3 on_a = world(pa, a.capsule.core.p0 + (a.capsule.core.p1 - a.capsule.core.p0) *
                                                           real(rng.uniform(0, 1)));
      const dvec3 local = b.is_sphere
                              ? dv(b.sphere.core.p)
                              : dv(b.capsule.core.p0) +
                                    dv(b.capsule.core.p1 - b.capsule.core.p0) * rng.uniform(0, 1);
      pb.translation = to_real(on_a - glm::dmat3(pb.rotation) * (local * double(pb.scale)));
    } else if (category == 3) {
      // One body inside the other: B's core point near A's core, B smaller.
      ++contained_cases;
      const dvec3 on_a =
          a.is_sphere ? world(pa, a.sphere.core.p)
                      : world(pa, a.capsule.core.p0 + (a.capsule.core.p1 - a.capsule.core.p0) *
                                                          real(rng.uniform(0, 1)));
      const double ra = double(a.sphere.radius) * double(pa.scale);
      b.is_sphere = true;
      b.sphere = sphere(dvec3(0.0), ra * rng.uniform(0, 0.5) / double(pb.scale));
      pb.translation = to_real(on_a + rng.unit() * ra * rng.uniform(0, 0.4));
      if (ra > 0) ++t.contained;
    } else if (category == 4) {
      // Touching: B moved along the reference's direction by minus the
      // separation (the direction from the library's normal, which the
      // check of that case holds to the reference).
      Tally scratch;
      const contact::Manifold first =
          a.is_sphere ? (b.is_sphere ? contact::collide(a.sphere, pa, b.sphere, pb)
                                     : contact::collide(a.sphere, pa, b.capsule, pb))
                      : (b.is_sphere ? contact::collide(a.capsule, pa, b.sphere, pb)
                                     : contact::collide(a.capsule, pa, b.capsule, pb));
      pb.translation = to_real(dv(pb.translation) - double(first.separation) * dv(first.normal));
    }
    check_bodies(a, pa, b, pb, margin, t);
  }
  std::printf(
      "round_pair %d cases (%d apart, %d overlapping, %d with cores meeting, %d contained, %d "
      "parallel, %d crossing); %d two-point, %d speculative, %d empty; ids %d ends %d sides; "
      "%d mirrored; worst of tolerance %.3g\n",
      t.cases, t.apart, t.overlapping, t.cores_meet, t.contained, parallel_cases, crossing_cases,
      t.two_points, t.speculative, t.empty, t.ends, t.sides, t.mirrored, t.worst);
  CHECK(t.apart > 1000);
  CHECK(t.overlapping > 1000);
  CHECK(t.cores_meet > 200);
  CHECK(t.contained > 300);
  CHECK(t.two_points > 300);
  CHECK(t.speculative > 100);
  CHECK(t.empty > 300);
  CHECK(t.ends > 1000);
  CHECK(t.sides > 1000);
  CHECK(t.mirrored > 1000);
}
