// The internal checks of src/hull/repair.hpp that have a shortcut, against
// their plain evaluation. Internal code: the header's inline functions.
#include "hull/repair.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <random>

using namespace sepax;

namespace {

// The sliver test as Hull::from_points made it before the shortcut: the
// roots of the edges' and the cross product's squared lengths.
bool plain_sliver(const vec3& a, const vec3& b, const vec3& c, real sliver) {
  const real longest = std::max({glm::distance(a, b), glm::distance(b, c), glm::distance(c, a)});
  return !(glm::length(glm::cross(b - a, c - a)) >= sliver * longest * longest);
}

}  // namespace

TEST_CASE("is_sliver agrees with the plain test, also within round-off of the threshold",
          "[hull_repair]") {
  constexpr real sliver = real(1e-3);
  std::mt19937_64 rng(15);
  std::uniform_real_distribution<double> unit(-1, 1);
  const auto random_vec = [&] { return glm::dvec3(unit(rng), unit(rng), unit(rng)); };
  int slivers = 0, others = 0, near_threshold = 0;
  for (int i = 0; i < 200000; ++i) {
    const double scale = std::ldexp(1.0, int(rng() % 121) - 60);
    const glm::dvec3 a = random_vec(), b = a + random_vec();
    // c at a width off the line through a and b that is, relative to
    // sliver * |ab|, anything from far below to far above it, and for a
    // third of the cases within a few eps of it.
    const glm::dvec3 ab = b - a;
    glm::dvec3 side = glm::cross(ab, random_vec());
    side /= glm::length(side);
    const double along = unit(rng) * 0.5 + 0.5;
    double width = sliver * glm::dot(ab, ab) / glm::length(ab);
    if (i % 3 == 0) {
      width *= 1 + unit(rng) * 64 * std::numeric_limits<real>::epsilon();
      ++near_threshold;
    } else {
      width *= std::ldexp(1.0, int(rng() % 41) - 20);
    }
    const glm::dvec3 c = a + ab * along + side * width;
    const vec3 pa(a * scale), pb(b * scale), pc(c * scale);
    const bool fast = detail::is_sliver(pa, pb, pc, sliver);
    REQUIRE(fast == plain_sliver(pa, pb, pc, sliver));
    (fast ? slivers : others)++;
  }
  CHECK(slivers > 50000);
  CHECK(others > 50000);
  CHECK(near_threshold > 50000);
}
