// SAT's max_separation early-out: on seeded random pairs of every category,
// a query with a margin answers exactly as the full query whenever the
// hulls are within the margin (GJK's distance), and otherwise returns either
// that answer or an axis that separates by more than the margin (checked
// with support points), never more than the distance.
#include "pairs.hpp"
#include "sepax/gjk.hpp"
#include "sepax/sat.hpp"
#include "sepax/shapes.hpp"
#include "sepax/support.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace sepax;

namespace {

// The pair's gap along the world axis u: B's lowest point minus A's highest.
real gap_along(const pairs::Pair& p, const vec3& u) {
  const vec3 top_a = p.pose_a.apply(support_point(p.a, p.pose_a.rotate_inverse(u)));
  const vec3 bottom_b = p.pose_b.apply(support_point(p.b, p.pose_b.rotate_inverse(-u)));
  return glm::dot(u, bottom_b - top_a);
}

}  // namespace

TEST_CASE("a margin ends the query at an axis separating by more, else changes nothing",
          "[sat][margin]") {
  int stopped = 0, unchanged = 0;
  for (const pairs::Category category : pairs::all_categories()) {
    if (category == pairs::Category::large_hulls) continue;
    for (std::uint64_t seed = 0; seed < 150; ++seed) {
      const pairs::Pair p = pairs::make_pair(category, seed);
      const sat::Result full = sat::query(p.a, p.pose_a, p.b, p.pose_b);
      const gjk::Result d = gjk::distance(p.a, p.pose_a, p.b, p.pose_b);
      const real size = std::max(p.a.extent(), p.b.extent());
      // Round-off of gaps taken from world-frame supports (this test's).
      const real magnitude = p.a.magnitude() + p.b.magnitude() + glm::length(p.pose_a.translation) +
                             glm::length(p.pose_b.translation);
      const real roundoff = 64 * tol::eps * magnitude;
      for (const real fraction : {real(0), real(0.01), real(0.1), real(1)}) {
        const real margin = fraction * size;
        const sat::Result r = sat::query(p.a, p.pose_a, p.b, p.pose_b, nullptr, margin);
        INFO(p.name() << " margin " << margin << " full " << full.separation << " got "
                      << r.separation << " distance " << d.distance);
        const bool same = r.separation == full.separation && r.axis == full.axis &&
                          r.feature == full.feature && r.intersecting == full.intersecting;
        if (d.intersecting || d.distance < margin - roundoff) {
          ++unchanged;
          CHECK(same);
        } else if (!same) {
          ++stopped;
          CHECK_FALSE(r.intersecting);
          CHECK(r.separation > margin);
          CHECK(r.separation <= d.distance + roundoff);
          // The axis really separates by the reported gap.
          CHECK(gap_along(p, r.axis) >= r.separation - roundoff);
        }
      }
    }
  }
  CHECK(stopped > 500);
  CHECK(unchanged > 500);
}

TEST_CASE("a margin below the touching band is the band; boxes stop early too", "[sat][margin]") {
  const Hull box = shapes::box(vec3(1));
  const Pose apart{mat3(1), vec3(5, 0, 0)};
  const sat::Result full = sat::query(box, Pose{}, box, apart);
  const sat::Result r = sat::query(box, Pose{}, box, apart, nullptr, real(-1));
  CHECK(r.separation == full.separation);  // the first face axis is the best one
  CHECK(r.counters.axes_tested < full.counters.axes_tested);
  const Pose touching{mat3(1), vec3(2, 0, 0)};
  CHECK(sat::query(box, Pose{}, box, touching, nullptr, real(-1)).intersecting);
}
