// cap_vertices(): at most N vertices, all of them the original hull's, and
// every original vertex within the reported deviation of the capped hull
// (checked by GJK from the point, independently of the cap's own measure).
#include "sepax/convex.hpp"
#include "sepax/gjk.hpp"
#include "sepax/hull_cap.hpp"
#include "sepax/shapes.hpp"
#include "test_util.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace sepax;
using namespace sepax::test;

namespace {

/// Largest distance from a vertex of `original` to `capped`.
real farthest_outside(const Hull& original, const Hull& capped) {
  real worst = 0;
  for (const vec3& p : original.vertices())
    worst = std::max(worst, gjk::distance(convex::HullShape{&capped}, convex::Point{p}).distance);
  return worst;
}

/// p is one of h's vertices (to round-off: a flat hull's corners are put on
/// its plane).
bool is_vertex_of(const Hull& h, const vec3& p) {
  return std::any_of(h.vertices().begin(), h.vertices().end(), [&](const vec3& q) {
    return glm::length(q - p) <= real(64) * tol::eps * h.magnitude();
  });
}

void check_cap(const Hull& original, std::size_t cap) {
  const CappedHull c = cap_vertices(original, cap);
  REQUIRE(c.built.ok());
  const Hull& h = c.built.hull;
  CHECK(h.vertex_count() <= cap);
  CHECK(c.dropped == original.vertex_count() - h.vertex_count());
  for (const vec3& p : h.vertices()) CHECK(is_vertex_of(original, p));
  const real slack = real(is_double ? 1e-9 : 1e-4) * original.extent();
  CHECK(farthest_outside(original, h) <= c.deviation + slack);
  CHECK(validate(h).ok);
  if (original.vertex_count() <= cap) {
    CHECK(c.deviation == 0);
    CHECK(h.vertex_count() == original.vertex_count());
  }
}

}  // namespace

TEST_CASE("capped random hulls keep at most N of their vertices, within the deviation",
          "[hull][cap]") {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const real r = real(std::pow(10.0, double(seed % 5) - 2));
    const Hull h = shapes::random_hull(600, r, seed);
    INFO("seed " << seed << ", radius " << r);
    real previous = std::numeric_limits<real>::max();
    for (const std::size_t cap : {4u, 8u, 32u, 64u, 255u, 600u, 1000u}) {
      INFO("cap " << cap);
      check_cap(h, cap);
      const real d = cap_vertices(h, cap).deviation;
      // More vertices never leave more out (the greedy choice is not
      // nested, so allow a little).
      CHECK(d <= previous * real(1.5) + real(1e-12));
      previous = d;
    }
    // 255 of 600 points on a sphere: the capped hull is close to the sphere.
    CHECK(cap_vertices(h, 255).deviation < real(0.1) * r);
  }
}

TEST_CASE("capping a box, a cylinder and a flat polygon", "[hull][cap]") {
  check_cap(shapes::box(vec3(1, 2, 3)), 8);
  check_cap(shapes::cylinder(1, 2, 64), 16);
  check_cap(shapes::polygon(1, 50), 3);
  check_cap(shapes::polygon(1, 50), 10);
  const CappedHull square = cap_vertices(shapes::polygon(1, 40), 4);
  REQUIRE(square.built.ok());
  CHECK(square.built.hull.is_flat());
  CHECK(square.built.hull.vertex_count() <= 4);
  // Far from the origin.
  std::vector<vec3> far = shapes::random_sphere_points(400, 1, 9);
  for (vec3& p : far) p += vec3(is_double ? 1e6 : 1e3, 0, 0);
  const HullResult built = Hull::from_points(far);
  REQUIRE(built.ok());
  check_cap(built.hull, 32);
}

TEST_CASE("a cap below what a hull needs is an error, not a crash", "[hull][cap]") {
  const CappedHull c = cap_vertices(shapes::box(vec3(1)), 3);
  CHECK(c.built.status == HullStatus::too_few_points);
  CHECK_FALSE(c.built.message.empty());
  CHECK(cap_vertices(shapes::polygon(1, 8), 2).built.status == HullStatus::too_few_points);
  CHECK(cap_vertices(Hull(), 10).built.status == HullStatus::too_few_points);
}
