// Hull::assign_triangle: one hull rewritten triangle after triangle equals,
// array for array, a hull built afresh for each; it answers the queries as
// Qhull's hull of the same three points does; degenerate corners leave it
// empty.
#include <catch2/catch.hpp>

#include "sepax/contact.hpp"
#include "sepax/hull.hpp"
#include "sepax/sat.hpp"
#include "sepax/shapes.hpp"
#include "support/pairs.hpp"
#include "support/same_hull.hpp"

#include <array>
#include <string>

using namespace sepax;

namespace {

// Triangles of many shapes: plain, needles, nearly right, tiny and huge,
// far from the origin.
std::array<vec3, 3> random_triangle(pairs::Rng& rng) {
  const double size = std::pow(10.0, rng.uniform(-3, 4));
  const glm::dvec3 at = rng.unit() * (rng.integer(0, 3) == 0 ? 1e4 : 1.0) * rng.uniform(0, 10);
  std::array<vec3, 3> p;
  for (vec3& q : p) q = vec3(at + rng.unit() * size * rng.uniform(0.05, 1));
  if (rng.integer(0, 4) == 0)
    p[2] = p[0] + (p[1] - p[0]) * real(0.5) + vec3(rng.unit()) * real(size * 1e-3);
  return p;
}

Hull fresh(const std::array<vec3, 3>& p) {
  Hull h;
  REQUIRE(h.assign_triangle(p[0], p[1], p[2]));
  return h;
}

}  // namespace

TEST_CASE("a triangle rewritten in place equals one built afresh", "[hull][triangle]") {
  pairs::Rng rng(41);
  Hull reused;
  int degenerate = 0;
  for (int i = 0; i < 2000; ++i) {
    const std::array<vec3, 3> p = random_triangle(rng);
    INFO("triangle " << i);
    // A needle far from the origin may round to a line (in float): then
    // both say so.
    const bool spans = reused.assign_triangle(p[0], p[1], p[2]);
    Hull built;
    REQUIRE(built.assign_triangle(p[0], p[1], p[2]) == spans);
    if (!spans) {
      REQUIRE(reused.empty());
      ++degenerate;
      continue;
    }
    REQUIRE(test::hull_difference(reused, built).empty());
    REQUIRE(reused.is_flat());
    REQUIRE(reused.vertex_count() == 3);
    REQUIRE(reused.face_count() == 2);
    REQUIRE(reused.edge_count() == 3);
    // The corners in their order, face 0 facing along their winding.
    for (int k = 0; k < 3; ++k) REQUIRE(reused.vertices()[k] == p[k]);
    const vec3 n = glm::cross(p[1] - p[0], p[2] - p[0]);
    REQUIRE(glm::dot(reused.planes()[0].normal, n) > 0);
    REQUIRE(glm::dot(reused.planes()[1].normal, n) < 0);
  }
  CHECK(degenerate < 40);
}

TEST_CASE("a triangle hull answers as Qhull's hull of its corners", "[hull][triangle]") {
  pairs::Rng rng(43);
  Hull scratch;
  int apart = 0, overlapping = 0;
  for (int i = 0; i < 3000; ++i) {
    const Hull body = shapes::random_hull(rng.integer(4, 40), real(rng.uniform(0.2, 2)), 100 + i);
    std::array<vec3, 3> p;
    for (vec3& q : p) q = vec3(rng.unit() * rng.uniform(0.5, 2.5));
    const HullResult qhull = Hull::from_points(std::span<const vec3>(p));
    REQUIRE(qhull.ok());
    REQUIRE(scratch.assign_triangle(p[0], p[1], p[2]));
    const Pose pose_a = pose_from_quat(vec3(rng.unit() * rng.uniform(0, 2)), quat(rng.rotation()));
    const Pose pose_b = pose_from_quat(vec3(rng.unit()), quat(rng.rotation()));
    const sat::Result mine = sat::query(body, pose_a, scratch, pose_b);
    const sat::Result theirs = sat::query(body, pose_a, qhull.hull, pose_b);
    INFO("pair " << i << ": " << mine.separation << " vs " << theirs.separation);
    const real size = body.magnitude() + scratch.magnitude() + real(4);
    REQUIRE(std::abs(mine.separation - theirs.separation) <= real(64) * tol::eps * size);
    REQUIRE(mine.intersecting == theirs.intersecting);
    (mine.intersecting ? overlapping : apart) += 1;
    const contact::Manifold m = contact::collide(body, pose_a, scratch, pose_b, real(0.1));
    const contact::Manifold q = contact::collide(body, pose_a, qhull.hull, pose_b, real(0.1));
    REQUIRE((m.count > 0) == (q.count > 0));
    if (m.count > 0) REQUIRE(std::abs(m.separation - q.separation) <= real(64) * tol::eps * size);
  }
  CHECK(apart > 300);
  CHECK(overlapping > 300);
}

TEST_CASE("corners that span no triangle leave the hull empty", "[hull][triangle]") {
  Hull h;
  REQUIRE(h.assign_triangle(vec3(0), vec3(1, 0, 0), vec3(0, 1, 0)));
  const real nan = std::numeric_limits<real>::quiet_NaN();
  const real inf = std::numeric_limits<real>::infinity();
  const std::array<std::array<vec3, 3>, 5> bad = {{
      {vec3(0), vec3(0), vec3(1, 0, 0)},          // coincident
      {vec3(0), vec3(1, 0, 0), vec3(2, 0, 0)},    // collinear
      {vec3(0), vec3(1, 0, 0), vec3(nan, 0, 0)},  // not finite
      {vec3(0), vec3(inf, 0, 0), vec3(0, 1, 0)},  // not finite
      {vec3(5), vec3(5), vec3(5)},                // one point
  }};
  for (const auto& p : bad) {
    REQUIRE_FALSE(h.assign_triangle(p[0], p[1], p[2]));
    REQUIRE(h.empty());
    // And the next good triangle builds again.
    REQUIRE(h.assign_triangle(vec3(0), vec3(1, 0, 0), vec3(0, 1, 0)));
    REQUIRE(test::hull_difference(h, fresh({vec3(0), vec3(1, 0, 0), vec3(0, 1, 0)})).empty());
  }
}
