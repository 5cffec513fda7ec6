// Thousands of seeded random clouds of five shapes, at scales 1e-3 to 1e4 and
// offsets up to 1e5 from the origin: every hull must validate and contain
// every input point.
#include "sepax/hull.hpp"

#include <catch2/catch.hpp>

#include <random>

using namespace sepax;

namespace {

enum class Shape { sphere, box, needle, slab, cylinder };
constexpr Shape all_shapes[] = {Shape::sphere, Shape::box, Shape::needle, Shape::slab,
                                Shape::cylinder};

double uniform(std::mt19937_64& rng) {
  return double(rng() >> 11) * 0x1.0p-53;
}

// A point of the unit-size shape (before scaling and offset).
glm::dvec3 sample(Shape s, std::mt19937_64& rng) {
  const glm::dvec3 u(2 * uniform(rng) - 1, 2 * uniform(rng) - 1, 2 * uniform(rng) - 1);
  switch (s) {
    case Shape::sphere:
      return glm::length(u) > 1e-3 ? glm::normalize(u) : glm::dvec3(1, 0, 0);
    case Shape::box:
      return u;
    case Shape::needle:
      return u * glm::dvec3(1, 1e-3, 1e-3);
    case Shape::slab:
      return u * glm::dvec3(1, 1, 1e-3);
    case Shape::cylinder: {
      const double a = 2 * 3.141592653589793 * uniform(rng);
      return {std::cos(a), std::sin(a), u.z};
    }
  }
  return u;
}

// Offsets a precision can represent: float keeps about 7 digits, and the
// needles and slabs are 1e-3 of their size thick, so in float a shape of size
// s is kept within 10 s of the origin (double: anywhere up to 1e5).
constexpr double max_offset_ratio = std::numeric_limits<real>::digits > 24 ? 1e8 : 10;

}  // namespace

TEST_CASE("random clouds give valid hulls", "[hull][random]") {
  const double scales[] = {1e-3, 1e-1, 1, 10, 1e4};
  const double offsets[] = {0, 1, 1e3, 1e5};
  int built = 0, flat = 0;
  std::size_t max_vertices = 0;
  for (Shape shape : all_shapes)
    for (double scale : scales)
      for (double offset : offsets) {
        if (offset > max_offset_ratio * scale) continue;
        for (int k = 0; k < 50; ++k) {
          const std::uint64_t seed = 1000003u * std::uint64_t(built + 1) + std::uint64_t(k);
          std::mt19937_64 rng(seed);
          const int n = 4 + int(rng() % 200);
          const glm::dvec3 shift =
              offset * glm::normalize(glm::dvec3(uniform(rng) + 0.1, uniform(rng) - 0.5, 1));
          std::vector<vec3> points;
          for (int i = 0; i < n; ++i) points.push_back(vec3(shift + scale * sample(shape, rng)));
          const HullResult r = Hull::from_points(points);
          INFO("shape " << int(shape) << " scale " << scale << " offset " << offset << " n " << n
                        << " seed " << seed << ": " << r.message);
          REQUIRE(r.ok());
          const HullReport rep = validate(r.hull, points);
          std::string problems;
          for (const std::string& p : rep.problems) problems += p + "; ";
          INFO(problems);
          REQUIRE(rep.ok);
          ++built;
          flat += r.hull.is_flat();
          max_vertices = std::max(max_vertices, r.hull.vertex_count());
        }
      }
  CHECK(built >= (std::numeric_limits<real>::digits > 24 ? 3000 : 1500));
  CHECK(max_vertices >= 150);
  CHECK(flat == 0);  // slabs and needles are thin, not flat
}
