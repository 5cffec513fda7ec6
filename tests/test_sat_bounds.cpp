// The inline bounds of src/sat/internal.hpp that SAT's pruning rests on,
// against the quantities they bound, evaluated directly. Internal code: the
// header's inline functions.
#include "sat/internal.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <random>

using namespace sepax;
using sepax::sat::detail::cap_max_dot;

TEST_CASE("cap_max_dot bounds dot(u, w) over the cone and is tight to chord - sin(rho)",
          "[sat_bounds]") {
  // Cones of every width, from a point to more than the sphere (chord > 2),
  // and w of lengths 1e-3 to 1e3 in every direction. Each cone is sampled
  // inside and on its rim (u = center turned by at most rho about a random
  // axis); no sample may beat the bound, and the best sample comes within
  // (chord - sin(rho)) |w| of it, what standing in chord for sin(rho) adds.
  std::mt19937_64 rng(28);
  std::uniform_real_distribution<double> unit(-1, 1), zero_one(0, 1);
  const auto random_unit = [&] {
    for (;;) {
      const glm::dvec3 v(unit(rng), unit(rng), unit(rng));
      if (glm::dot(v, v) > 1e-4 && glm::dot(v, v) <= 1) return glm::normalize(v);
    }
  };
  const double eps = std::numeric_limits<real>::epsilon();
  int inside = 0, outside = 0;
  for (int i = 0; i < 2000; ++i) {
    const glm::dvec3 center = random_unit();
    const double chord = i % 10 == 0 ? 0.0 : i % 10 == 1 ? 2.2 : 2.1 * zero_one(rng);
    const double rho = chord >= 2 ? M_PI : 2 * std::asin(chord / 2);
    const glm::dvec3 w = random_unit() * std::pow(10.0, 6 * zero_one(rng) - 3);
    const double bound = double(cap_max_dot(vec3(center), real(chord), vec3(w)));
    const double length = glm::length(w);
    // The exact maximum, |w| cos(max(0, angle - rho)).
    const double angle = std::acos(std::clamp(glm::dot(center, w) / length, -1.0, 1.0));
    const double exact = length * std::cos(std::max(0.0, angle - rho));
    (angle <= rho ? inside : outside)++;
    double best = -INFINITY;
    for (int k = 0; k < 200; ++k) {
      const glm::dvec3 axis = glm::normalize(glm::cross(center, random_unit()));
      const double turn = k % 4 == 0 ? rho : rho * zero_one(rng);
      const glm::dvec3 u = center * std::cos(turn) + glm::cross(axis, center) * std::sin(turn);
      best = std::max(best, glm::dot(u, w));
    }
    INFO("cone " << i << " chord " << chord << " |w| " << length << " angle " << angle);
    const double roundoff = 16 * eps * length;
    CHECK(best <= bound + roundoff);
    CHECK(exact <= bound + roundoff);
    CHECK(bound <= exact + (chord - std::sin(rho)) * length + roundoff);
  }
  CHECK(inside > 100);
  CHECK(outside > 100);
}
