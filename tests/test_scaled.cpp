// Scaled poses: a hull at a pose with a uniform scale must answer every
// query exactly as the hull rebuilt from its scaled vertices at the same
// pose without a scale, in world lengths. Seeded pairs of every category,
// under three kinds of scaling: the whole pair scaled (its category kept),
// B resized in place, and both scaled independently over four decades.
#include "pairs.hpp"
#include "sepax/contact.hpp"
#include "sepax/crosscheck.hpp"
#include "sepax/epa.hpp"
#include "sepax/gjk.hpp"
#include "sepax/mesh.hpp"
#include "sepax/sat.hpp"
#include "sepax/sat_round.hpp"
#include "test_util.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

using namespace sepax;
using namespace sepax::test;

namespace {

/// Length tolerance relative to the pair's world magnitude.
constexpr double rel = is_double ? 1e-9 : 2e-4;
/// EPA's depth is exact to its own tolerance: looser.
constexpr double rel_epa = is_double ? 1e-7 : 1e-3;

/// A hull with its scaled instance and the reference: the hull rebuilt from
/// its vertices times the scale, at the same pose with scale 1.
struct Scaled {
  const Hull* hull = nullptr;
  Pose pose;  // with the scale
  Hull rebuilt;
  Pose rebuilt_pose;  // scale 1
};

Scaled scaled(const Hull& h, const Pose& pose, real s, real translation_factor) {
  Scaled out;
  out.hull = &h;
  out.pose = pose;
  out.pose.translation *= translation_factor;
  out.pose.scale = s;
  std::vector<vec3> points;
  for (const vec3& v : h.vertices()) points.push_back(v * s);
  HullResult r = Hull::from_points(points);
  REQUIRE(r.ok());
  out.rebuilt = std::move(r.hull);
  out.rebuilt_pose = out.pose;
  out.rebuilt_pose.scale = 1;
  return out;
}

enum class Mode { whole_pair, resize_b, independent };

struct Case {
  pairs::Pair pair;
  Scaled a, b;
  double magnitude = 0;  // world: largest translation plus the larger size
  std::string name;
};

Case make_case(pairs::Category category, std::uint64_t seed, Mode mode) {
  Case c;
  c.pair = pairs::make_pair(category, seed);
  pairs::Rng rng(seed * 7919 + 13);
  real sa = 1, sb = 1, shift = 1;
  switch (mode) {
    case Mode::whole_pair:
      sa = sb = shift = real(std::pow(10.0, rng.uniform(-2, 2)));
      break;
    case Mode::resize_b:
      sb = real(rng.uniform(0.5, 2));
      break;
    case Mode::independent:
      sa = real(std::pow(10.0, rng.uniform(-2, 2)));
      sb = real(std::pow(10.0, rng.uniform(-2, 2)));
      shift = std::max(sa, sb);
      break;
  }
  c.a = scaled(c.pair.a, c.pair.pose_a, sa, shift);
  c.b = scaled(c.pair.b, c.pair.pose_b, sb, shift);
  const double size = std::max(double(c.a.rebuilt.extent()), double(c.b.rebuilt.extent()));
  const vec3 t = glm::max(glm::abs(c.a.pose.translation), glm::abs(c.b.pose.translation));
  c.magnitude = double(std::max(t.x, std::max(t.y, t.z))) + size;
  c.name = c.pair.name() + " mode " + std::to_string(int(mode)) + " scales " +
           std::to_string(double(sa)) + ", " + std::to_string(double(sb));
  return c;
}

/// Every category, a few seeds each, under the three modes.
template <class Check>
void for_cases(int seeds, const Check& check) {
  for (const pairs::Category category : pairs::all_categories()) {
    const int n = category == pairs::Category::large_hulls ? 1 : seeds;
    for (int s = 0; s < n; ++s)
      for (const Mode mode : {Mode::whole_pair, Mode::resize_b, Mode::independent}) {
        const Case c = make_case(category, std::uint64_t(1000 + s), mode);
        INFO(c.name);
        check(c);
      }
  }
}

/// Gap of the rebuilt pair along the world axis u (A to B), by brute force.
double gap_along(const Case& c, const vec3& u) {
  double top = -1e300, bottom = 1e300;
  for (const vec3& v : c.a.rebuilt.vertices())
    top = std::max(top, double(glm::dot(u, c.a.rebuilt_pose.apply(v))));
  for (const vec3& v : c.b.rebuilt.vertices())
    bottom = std::min(bottom, double(glm::dot(u, c.b.rebuilt_pose.apply(v))));
  return bottom - top;
}

/// Distance of a world point outside the rebuilt hull (largest plane
/// distance; <= 0 inside).
double outside(const Hull& h, const Pose& pose, const vec3& p) {
  const vec3 q = pose.apply_inverse(p);
  double d = -1e300;
  for (const Plane& pl : h.planes()) d = std::max(d, double(pl.distance(q)));
  return d;
}

}  // namespace

TEST_CASE("Pose::inverse and relative_pose carry the scale", "[scaled]") {
  pairs::Rng rng(5);
  for (int i = 0; i < 100; ++i) {
    const glm::dquat q = rng.rotation();
    Pose a = pose_from_quat(vec3(rng.unit() * 10.0), quat(q));
    a.scale = real(std::pow(10.0, rng.uniform(-3, 3)));
    Pose b = pose_from_quat(vec3(rng.unit() * 3.0), quat(rng.rotation()));
    b.scale = real(std::pow(10.0, rng.uniform(-3, 3)));
    const vec3 p(rng.unit() * 2.0);
    const vec3 world = a.apply(p);
    const double size = double(glm::length(world)) + double(glm::length(a.translation));
    CHECK(double(glm::length(a.inverse().apply(world) - p)) <=
          rel * 10 * (1 + double(glm::length(p))));
    CHECK(double(glm::length(a.apply_inverse(world) - p)) <=
          rel * 10 * (1 + double(glm::length(p))));
    // relative_pose(a, b) maps B's frame into A's: a ∘ rel == b.
    const Pose r = relative_pose(a, b);
    CHECK(double(r.scale) == Approx(double(b.scale / a.scale)).epsilon(rel));
    CHECK(double(glm::length(a.apply(r.apply(p)) - b.apply(p))) <=
          rel * 10 * (size + double(glm::length(b.apply(p)))));
  }
}

TEST_CASE("Scaled poses: SAT answers as for the scaled rebuilt hulls", "[scaled]") {
  int checked = 0, overlapping = 0, apart = 0;
  for_cases(12, [&](const Case& c) {
    const double tol = rel * c.magnitude;
    const sat::Result s = sat::query(*c.a.hull, c.a.pose, *c.b.hull, c.b.pose);
    const sat::Result r = sat::query(c.a.rebuilt, c.a.rebuilt_pose, c.b.rebuilt, c.b.rebuilt_pose);
    CHECK(std::abs(double(s.separation) - double(r.separation)) <= tol);
    // The axis is exact: the rebuilt pair's gap along it is the separation
    // (a lower bound of it when apart: SAT's best axis).
    CHECK(std::abs(gap_along(c, s.axis) - double(s.separation)) <= tol);
    if (std::abs(double(r.separation)) > tol) {
      CHECK(s.intersecting == r.intersecting);
      CHECK(sat::intersect(*c.a.hull, c.a.pose, *c.b.hull, c.b.pose) == r.intersecting);
      (r.intersecting ? overlapping : apart)++;
    }
    // A cache over a short path keeps the verdict, and a cached gap is a
    // real gap.
    sat::Cache cache;
    sat::Resting resting;
    for (int k = 0; k < 4; ++k) {
      Pose pb = c.b.pose;
      pb.translation += vec3(real(k) * real(1e-3) * real(c.magnitude));
      Pose rb = pb;
      rb.scale = 1;
      const sat::Result cached = sat::query(*c.a.hull, c.a.pose, *c.b.hull, pb, &cache, &resting);
      const sat::Result fresh = sat::query(c.a.rebuilt, c.a.rebuilt_pose, c.b.rebuilt, rb);
      if (std::abs(double(fresh.separation)) > tol)
        CHECK(cached.intersecting == fresh.intersecting);
      CHECK(double(cached.separation) <= double(fresh.separation) + tol);
    }
    ++checked;
  });
  CHECK(overlapping > 100);
  CHECK(apart > 100);
  CHECK(checked > 450);
}

TEST_CASE("Scaled poses: GJK, EPA and the cross-check as for the rebuilt hulls", "[scaled]") {
  int agreed = 0;
  for_cases(4, [&](const Case& c) {
    const double tol = rel * c.magnitude;
    const gjk::Result g = gjk::distance(*c.a.hull, c.a.pose, *c.b.hull, c.b.pose);
    const gjk::Result gr =
        gjk::distance(c.a.rebuilt, c.a.rebuilt_pose, c.b.rebuilt, c.b.rebuilt_pose);
    CHECK(std::abs(double(g.distance) - double(gr.distance)) <= tol * 10);
    if (!g.intersecting) {
      CHECK(double(glm::length(g.point_b - g.point_a)) ==
            Approx(double(g.distance)).margin(tol * 10));
      CHECK(outside(c.a.rebuilt, c.a.rebuilt_pose, g.point_a) <= tol * 10);
      CHECK(outside(c.b.rebuilt, c.b.rebuilt_pose, g.point_b) <= tol * 10);
    }
    const epa::Result e = epa::query(*c.a.hull, c.a.pose, *c.b.hull, c.b.pose);
    const epa::Result er = epa::query(c.a.rebuilt, c.a.rebuilt_pose, c.b.rebuilt, c.b.rebuilt_pose);
    CHECK(std::abs(double(e.separation) - double(er.separation)) <= rel_epa * c.magnitude);
    const CrossCheck x = crosscheck(*c.a.hull, c.a.pose, *c.b.hull, c.b.pose);
    INFO(x.reason);
    CHECK(x.agree);
    agreed += x.agree;
  });
  CHECK(agreed > 150);
}

TEST_CASE("Scaled poses: manifolds as for the rebuilt hulls", "[scaled]") {
  int with_points = 0;
  for_cases(4, [&](const Case& c) {
    const double tol = rel * c.magnitude * 10;
    const real margin = real(0.02 * c.magnitude);
    const contact::Manifold m = contact::collide(*c.a.hull, c.a.pose, *c.b.hull, c.b.pose, margin);
    const contact::Manifold r =
        contact::collide(c.a.rebuilt, c.a.rebuilt_pose, c.b.rebuilt, c.b.rebuilt_pose, margin);
    CHECK(m.count == r.count);
    // Beyond the margin the query may stop at any axis that shows it.
    if (double(r.separation) <= double(margin) - tol)
      CHECK(std::abs(double(m.separation) - double(r.separation)) <= tol);
    else
      CHECK(double(m.separation) > double(margin) - tol);
    double deepest = 1e300, deepest_r = 1e300;
    for (int i = 0; i < r.count; ++i)
      deepest_r = std::min(deepest_r, double(r.points[i].separation));
    for (int i = 0; i < m.count; ++i) {
      const contact::Point& p = m.points[i];
      deepest = std::min(deepest, double(p.separation));
      CHECK(double(p.separation) <= double(margin) + tol);
      CHECK(double(glm::dot(p.point_b - p.point_a, m.normal)) ==
            Approx(double(p.separation)).margin(tol));
      CHECK(outside(c.a.rebuilt, c.a.rebuilt_pose, p.point_a) <= tol);
      CHECK(outside(c.b.rebuilt, c.b.rebuilt_pose, p.point_b) <= tol);
    }
    if (m.count > 0 && r.count > 0) CHECK(std::abs(deepest - deepest_r) <= tol);
    with_points += m.count > 0;
  });
  CHECK(with_points > 80);
}

TEST_CASE("Scaled poses: spheres and capsules against a scaled hull", "[scaled]") {
  pairs::Rng rng(77);
  for (int i = 0; i < 300; ++i) {
    const pairs::Pair p = pairs::make_pair(pairs::Category::shallow, std::uint64_t(i));
    const real s = real(std::pow(10.0, rng.uniform(-2, 2)));
    const Scaled b = scaled(p.b, p.pose_b, s, s);
    const double size = double(b.rebuilt.extent());
    const double magnitude = size + double(glm::length(b.pose.translation));
    const vec3 centre =
        b.pose.apply(p.b.centroid()) + vec3(rng.unit() * size * rng.uniform(0, 1.2));
    const real radius = real(size * rng.uniform(0.01, 0.3));
    const convex::Sphere sphere = convex::sphere(centre, radius);
    const vec3 d(rng.unit() * size * 0.4);
    const convex::Capsule capsule = convex::capsule(centre - d, centre + d, radius);
    INFO("seed " << i << " scale " << double(s));
    const double tol = rel * magnitude * 10;
    const sat::Result qs = sat::query(sphere, Pose{}, *b.hull, b.pose);
    const sat::Result rs = sat::query(sphere, Pose{}, b.rebuilt, b.rebuilt_pose);
    CHECK(std::abs(double(qs.separation) - double(rs.separation)) <= tol);
    const sat::Result qc = sat::query(capsule, Pose{}, *b.hull, b.pose);
    const sat::Result rc = sat::query(capsule, Pose{}, b.rebuilt, b.rebuilt_pose);
    CHECK(std::abs(double(qc.separation) - double(rc.separation)) <= tol);
    const real margin = real(0.05 * size);
    const contact::Manifold ms = contact::collide(sphere, Pose{}, *b.hull, b.pose, margin);
    const contact::Manifold mr =
        contact::collide(sphere, Pose{}, b.rebuilt, b.rebuilt_pose, margin);
    REQUIRE(ms.count == mr.count);
    for (int k = 0; k < ms.count; ++k)
      CHECK(std::abs(double(ms.points[k].separation) - double(mr.points[k].separation)) <= tol);
    const contact::Manifold mc = contact::collide(capsule, Pose{}, *b.hull, b.pose, margin);
    const contact::Manifold mcr =
        contact::collide(capsule, Pose{}, b.rebuilt, b.rebuilt_pose, margin);
    REQUIRE(mc.count == mcr.count);
    for (int k = 0; k < mc.count; ++k)
      CHECK(std::abs(double(mc.points[k].separation) - double(mcr.points[k].separation)) <= tol);
    // GJK on posed rounded shapes: the radius scales with the pose.
    const gjk::Result g = gjk::distance(
        convex::posed(convex::rounded(convex::HullShape{b.hull}, radius / s), b.pose),
        convex::posed(convex::sphere(vec3(0), radius), pose_from_quat(centre, quat(1, 0, 0, 0))));
    const gjk::Result gr =
        gjk::distance(convex::rounded(convex::posed(b.rebuilt, b.rebuilt_pose), radius),
                      convex::sphere(centre, radius));
    CHECK(std::abs(double(g.distance) - double(gr.distance)) <= tol * 10);
  }
}

TEST_CASE("Scaled poses: mesh queries as for the scaled rebuilt meshes", "[scaled]") {
  // Each hull as a triangle mesh (its faces fanned), scaled or rebuilt.
  const auto mesh_of = [](const Hull& h, real s) {
    std::vector<vec3> vertices;
    for (const vec3& v : h.vertices()) vertices.push_back(v * s);
    std::vector<std::array<index_t, 3>> triangles;
    const auto he = h.half_edges();
    for (const Face& f : h.faces()) {
      const index_t first = he[f.edge].origin;
      index_t e = he[f.edge].next;
      for (index_t k = 2; k < f.count; ++k, e = he[e].next)
        triangles.push_back({first, he[e].origin, he[he[e].next].origin});
    }
    MeshResult r = TriangleMesh::from_triangles(vertices, triangles);
    REQUIRE(r.ok());
    return std::move(r.mesh);
  };
  int checked = 0;
  for_cases(4, [&](const Case& c) {
    if (c.pair.a.is_flat() || c.pair.b.is_flat()) return;  // meshes need closed solids here
    const TriangleMesh ma = mesh_of(*c.a.hull, 1), mb = mesh_of(*c.b.hull, 1);
    const TriangleMesh ra = mesh_of(*c.a.hull, c.a.pose.scale),
                       rb = mesh_of(*c.b.hull, c.b.pose.scale);
    const double tol = rel * c.magnitude * 10;
    const mesh::Result q = mesh::query(ma, c.a.pose, mb, c.b.pose);
    const mesh::Result r = mesh::query(ra, c.a.rebuilt_pose, rb, c.b.rebuilt_pose);
    CHECK(std::abs(double(q.distance) - double(r.distance)) <= tol);
    if (double(r.distance) > tol || r.how != mesh::Interference::surfaces) CHECK(q.how == r.how);
    const mesh::Result qh = mesh::query(ma, c.a.pose, *c.b.hull, c.b.pose);
    const mesh::Result rh = mesh::query(ra, c.a.rebuilt_pose, c.b.rebuilt, c.b.rebuilt_pose);
    CHECK(std::abs(double(qh.distance) - double(rh.distance)) <= tol);
    ++checked;
  });
  CHECK(checked > 100);
}

TEST_CASE("Scaled poses: a scale that is not finite and > 0 gets a default answer", "[scaled]") {
  const pairs::Pair p = pairs::make_pair(pairs::Category::shallow, 3);
  for (const real bad : {real(0), real(-1), std::numeric_limits<real>::quiet_NaN(),
                         std::numeric_limits<real>::infinity()}) {
    Pose pose = p.pose_b;
    pose.scale = bad;
    INFO(double(bad));
    CHECK_FALSE(scale_ok(pose));
    const sat::Result s = sat::query(p.a, p.pose_a, p.b, pose);
    CHECK((!s.intersecting && s.separation == 0));
    CHECK_FALSE(sat::intersect(p.a, p.pose_a, p.b, pose));
    CHECK(gjk::distance(p.a, p.pose_a, p.b, pose).status == gjk::Status::degenerate);
    CHECK(epa::query(pose.scale > 0 ? p.a : p.b, pose, p.a, p.pose_a).epa_status ==
          epa::Status::degenerate);
    CHECK(contact::collide(p.a, p.pose_a, p.b, pose, real(1)).count == 0);
    CHECK(contact::collide(convex::sphere(vec3(0), 1), Pose{}, p.b, pose, real(1)).count == 0);
    CHECK(std::isfinite(
        double(sat::query(convex::sphere(vec3(0), 1), Pose{}, p.b, pose).separation)));
  }
}
