// Checks that many hull regressions share: the hull builds, validate()
// passes with every input point inside, and hill climbing finds the support;
// and how far a point lies outside a hull (header-only, Catch2 assertions).
#pragma once

#include "climb_reference.hpp"
#include "sepax/hull.hpp"
#include "sepax/support.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <limits>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace sepax::test {

/// True when hill climbing from every vertex finds the brute-force support
/// value along every face normal, its opposite and 64 random directions, up
/// to the round-off of one dot product of the hull's coordinates (tied
/// vertices may differ by that), and the very vertex of the plain climb
/// (climb_reference.hpp), which judges every gain exactly where
/// support_climb judges most by a bound.
inline bool climbing_finds_support(const Hull& h) {
  const auto v = h.vertices();
  const real roundoff = 4 * tol::eps * h.magnitude();
  std::vector<vec3> dirs;
  for (const Plane& p : h.planes()) {
    dirs.push_back(p.normal);
    dirs.push_back(-p.normal);
  }
  std::mt19937_64 rng(11);
  std::normal_distribution<double> normal;
  for (int i = 0; i < 64; ++i)
    dirs.push_back(glm::normalize(vec3(real(normal(rng)), real(normal(rng)), real(normal(rng)))));
  for (const vec3& d : dirs)
    for (index_t start = 0; start < index_t(v.size()); ++start) {
      const index_t got = support_climb(h, d, start);
      if (got != climb_reference(h, d, start) ||
          glm::dot(v[got], d) < glm::dot(v[support_brute(h, d)], d) - roundoff)
        return false;
    }
  return true;
}

/// The hull of `points`, which must build.
inline Hull built_hull(const std::vector<vec3>& points) {
  HullResult r = Hull::from_points(points);
  REQUIRE(r.ok());
  return std::move(r.hull);
}

/// A hull built from points and validate()'s report on it against them.
struct CheckedHull {
  Hull hull;
  HullReport report;
};

/// Builds the hull of `points` and checks that it builds and that
/// validate() passes with every point inside. Returns both for further
/// checks.
inline CheckedHull check_valid_hull(const std::vector<vec3>& points) {
  CheckedHull c{built_hull(points), {}};
  c.report = validate(c.hull, points);
  INFO((c.report.problems.empty() ? std::string() : c.report.problems[0]));
  CHECK(c.report.ok);
  return c;
}

/// check_valid_hull, and hill climbing on the hull finds the support.
inline CheckedHull check_built_hull(const std::vector<vec3>& points) {
  CheckedHull c = check_valid_hull(points);
  CHECK(climbing_finds_support(c.hull));
  return c;
}

/// How far `local` (in the hull's frame) lies outside the hull's face
/// planes: the largest signed plane distance, negative inside.
inline real outside_distance(const Hull& h, const vec3& local) {
  real d = -std::numeric_limits<real>::infinity();
  for (const Plane& p : h.planes()) d = std::max(d, p.distance(local));
  return d;
}

}  // namespace sepax::test
