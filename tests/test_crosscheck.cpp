// Cross-check: SAT and GJK/EPA agree on seeded pairs of every category, and
// a deliberately wrong pairing is reported as a disagreement.
#include "pairs.hpp"
#include "sepax/crosscheck.hpp"
#include "sepax/shapes.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <map>

using namespace sepax;

TEST_CASE("SAT and GJK/EPA agree on every category", "[crosscheck]") {
  const int per_category = std::numeric_limits<real>::digits > 24 ? 150 : 80;
  std::map<std::string, int> agreed, total;
  for (pairs::Category category : pairs::all_categories()) {
    const int count = category == pairs::Category::large_hulls ? 6 : per_category;
    for (int s = 0; s < count; ++s) {
      const pairs::Pair pair = pairs::make_pair(category, std::uint64_t(5000 + s));
      const CrossCheck c = crosscheck(pair.a, pair.pose_a, pair.b, pair.pose_b);
      INFO(pair.name() << ": " << c.reason << " sat " << c.sat.separation << " gjk "
                       << c.epa.separation << " epa " << epa::to_string(c.epa.epa_status)
                       << " angle " << c.axis_angle << " gap along gjk axis "
                       << c.sat_gap_along_epa_axis);
      CHECK(c.agree);
      CHECK(std::isfinite(double(c.epa.separation)));
      ++total[pairs::to_string(category)];
      agreed[pairs::to_string(category)] += c.agree;
    }
  }
  for (const auto& [name, n] : total)
    std::printf("crosscheck %-20s %d/%d agree\n", name.c_str(), agreed[name], n);
}

TEST_CASE("the cross-check reports its tolerances and the differences", "[crosscheck]") {
  const Hull box = shapes::box(vec3(1));
  const Pose pb{mat3(1), vec3(real(1.5), 0, 0)};
  const CrossCheck c = crosscheck(box, Pose{}, box, pb);
  CHECK(c.agree);
  CHECK(c.same_verdict);
  CHECK(c.sat.separation == Approx(-0.5).margin(1e-6));
  CHECK(c.epa.separation == Approx(-0.5).margin(1e-4));
  CHECK(c.separation_difference < c.value_tolerance);
  CHECK(c.value_tolerance > 0);
  CHECK(c.angle_tolerance > 0);
  CHECK(std::string(c.reason).empty());

  // Wrong answers fed in are caught: a flipped verdict, a wrong depth, an
  // axis that is not a minimum translation direction, a separation beyond
  // GJK's distance.
  sat::Result flipped = c.sat;
  flipped.intersecting = false;
  flipped.separation = real(0.5);
  CHECK_FALSE(compare(flipped, c.epa, box, Pose{}, box, pb).agree);
  sat::Result shallow = c.sat;
  shallow.separation = real(-0.4);
  CHECK_FALSE(compare(shallow, c.epa, box, Pose{}, box, pb).agree);
  epa::Result tilted = c.epa;
  tilted.axis = vec3(0, 1, 0);
  const CrossCheck wrong_axis = compare(c.sat, tilted, box, Pose{}, box, pb);
  CHECK_FALSE(wrong_axis.agree);
  CHECK(std::string(wrong_axis.reason).find("axes") != std::string::npos);
  const Pose apart{mat3(1),
                   vec3(3, real(2.5), 0)};  // closest features: two edges, distance ~ 1.118
  const CrossCheck far = crosscheck(box, Pose{}, box, apart);
  CHECK(far.agree);
  sat::Result too_far = far.sat;
  too_far.separation = far.epa.separation * 2;
  CHECK_FALSE(compare(too_far, far.epa, box, Pose{}, box, apart).agree);

  const CrossCheck empty = crosscheck(Hull{}, Pose{}, box, pb);
  CHECK_FALSE(empty.agree);
  CHECK(std::string(empty.reason) == "empty hull");
}
