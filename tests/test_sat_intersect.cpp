// SAT's boolean query (sat::intersect): it may prove an overlap by a point
// inside both hulls instead of measuring every axis. On seeded random pairs
// of every category, and on hulls placed inside, across and just outside
// one another at every scale and far from the origin, its verdict is the
// full query's, in both argument orders, with and without a cache.
#include "pairs.hpp"
#include "sepax/sat.hpp"
#include "sepax/shapes.hpp"
#include "test_util.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <limits>

using namespace sepax;

namespace {

/// Checks intersect() against query() for the pair and its mirror (each
/// order against its own: within the touching band the two orders may
/// round to different verdicts), cold and through a cache used twice (the
/// second call starts from what the first left). Returns the verdict.
bool check_verdict(const Hull& a, const Pose& pa, const Hull& b, const Pose& pb) {
  const bool want = sat::query(a, pa, b, pb).intersecting;
  CHECK(sat::intersect(a, pa, b, pb) == want);
  CHECK(sat::intersect(b, pb, a, pa) == sat::query(b, pb, a, pa).intersecting);
  sat::Cache cache{};
  CHECK(sat::intersect(a, pa, b, pb, &cache) == want);
  CHECK(sat::intersect(a, pa, b, pb, &cache) == want);
  CHECK(sat::query(a, pa, b, pb, &cache).intersecting == want);
  return want;
}

Pose turned(pairs::Rng& rng, const glm::dvec3& at, double scale) {
  const glm::dquat q = rng.rotation();
  return Pose{mat3(glm::mat3_cast(q)), vec3(at), real(scale)};
}

}  // namespace

TEST_CASE("the boolean query's verdict is the full query's on every category", "[sat][intersect]") {
  int overlapping = 0, apart = 0;
  for (const pairs::Category category : pairs::all_categories()) {
    const int count = category == pairs::Category::large_hulls ? 10 : 120;
    for (std::uint64_t seed = 0; seed < std::uint64_t(count); ++seed) {
      const pairs::Pair p = pairs::make_pair(category, seed);
      INFO(p.name());
      (check_verdict(p.a, p.pose_a, p.b, p.pose_b) ? overlapping : apart) += 1;
    }
  }
  CHECK(overlapping > 500);
  CHECK(apart > 500);
}

TEST_CASE("hulls inside, across and just outside one another at every scale and place",
          "[sat][intersect]") {
  pairs::Rng rng(20261207);
  int inside = 0, across = 0, outside = 0;
  for (int k = 0; k < 600; ++k) {
    const double size = std::pow(10.0, rng.uniform(-3, 4));
    const double far = k % 3 == 0 ? 0 : std::pow(10.0, rng.uniform(0, 5)) * (k % 3 == 1 ? size : 1);
    const glm::dvec3 origin = rng.unit() * far;
    const Hull a = shapes::random_hull(k % 10 == 0 ? rng.integer(1000, 3000) : rng.integer(4, 200),
                                       1, rng.next());
    const Hull b = rng.integer(0, 3) == 0
                       ? shapes::box(vec3(real(rng.uniform(0.1, 1)), real(rng.uniform(0.1, 1)),
                                          real(rng.uniform(0.1, 1))))
                       : shapes::random_hull(rng.integer(4, 200), 1, rng.next());
    const Pose pa = turned(rng, origin, size);
    // B at a fraction of A's size, at a point along a random direction from
    // A's centre to beyond its surface: inside, across its boundary, apart.
    const double small = rng.uniform(0.05, 0.5);
    const glm::dvec3 u = rng.unit();
    const vec3 local_u(u);
    const double reach = double(glm::dot(support_point(a, local_u), local_u));
    const double t = rng.uniform(0, 1.6);
    const glm::dvec3 centre(pa.apply(vec3(u * (t * reach))));
    const Pose pb = turned(rng, centre, size * small);
    INFO("pair " << k << " size " << size << " far " << far << " t " << t);
    const bool hit = check_verdict(a, pa, b, pb);
    const bool contained = sat::query(a, pa, b, pb).separation < -real(0.9 * small * size);
    (contained ? inside : hit ? across : outside) += 1;
  }
  CHECK(inside > 100);
  CHECK(across > 50);
  CHECK(outside > 50);
}

TEST_CASE("a small hull just inside or outside a large one's surface", "[sat][intersect]") {
  // B, 1e-3 of A's size, centred on a random ray from A's centroid at the
  // ray's exit through A's face planes, moved in or out along the ray by
  // about B's size: B's centroid and the midpoint lie next to A's surface,
  // where A's patch bounds cannot skip the faces facing them.
  pairs::Rng rng(1207);
  int in = 0, out = 0;
  for (int k = 0; k < 150; ++k) {
    const int n = k % 5 == 0 ? rng.integer(1000, 3000) : rng.integer(8, 300);
    const Hull a = shapes::random_hull(n, 1, rng.next());
    const Hull b = shapes::random_hull(rng.integer(4, 40), real(1e-3), rng.next());
    const vec3 u(rng.unit());
    real exit = std::numeric_limits<real>::infinity();
    for (const Plane& plane : a.planes()) {
      const real along = glm::dot(plane.normal, u);
      if (along > 0)
        exit = std::min(exit, (plane.offset - glm::dot(plane.normal, a.centroid())) / along);
    }
    const real shift = real(rng.uniform(-4e-3, 4e-3));
    const double size = std::pow(10.0, rng.uniform(-3, 4));
    const Pose pa = turned(rng, rng.unit() * rng.uniform(0, 1e3 * size), size);
    const Pose pb = turned(rng, glm::dvec3(pa.apply(a.centroid() + u * (exit + shift))), size);
    INFO("pair " << k << " vertices " << n << " shift " << shift);
    (check_verdict(a, pa, b, pb) ? in : out) += 1;
  }
  CHECK(in > 30);
  CHECK(out > 30);
}

TEST_CASE("a point in a polygon's plane beyond its rim or beside a thin slab proves nothing",
          "[sat][intersect]") {
  // A box centred in a triangle's plane, off its rim: apart, though the
  // centre is on both of the triangle's face planes.
  const Hull triangle =
      Hull::from_points(std::vector<vec3>{vec3(0, 0, 0), vec3(1, 0, 0), vec3(0, 1, 0)}).hull;
  REQUIRE(triangle.is_flat());
  const Hull cube = shapes::box(vec3(real(0.1)));
  for (const real x : {real(1.2), real(-0.2), real(0.7), real(0.2)}) {
    const Pose pb = test::at(x, x, 0);
    INFO("cube at " << x);
    CHECK(check_verdict(triangle, Pose{}, cube, pb) == (x > 0 && x < real(0.6)));
  }
  // A thin slab just above a box's top face, by a gap far below its
  // thickness (yet 50 touching bands), and as far into it: its centre is
  // half the thickness from the face.
  const real thickness = test::is_double ? real(1e-6) : real(0.05);
  const Hull slab = shapes::box(vec3(1, 1, thickness / 2));
  REQUIRE_FALSE(slab.is_flat());
  const Hull block = shapes::box(vec3(1));
  const real band = sat::touching_band(block, Pose{}, slab, test::at(0, 0, 1));
  for (const real gap : {50 * band, -50 * band}) {
    REQUIRE(std::abs(gap) < thickness / 20);
    const Pose above = test::at(real(0.3), 0, 1 + thickness / 2 + gap);
    INFO("gap " << gap);
    CHECK(check_verdict(block, Pose{}, slab, above) == (gap < 0));
  }
}
