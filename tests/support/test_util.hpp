// Small helpers shared by the query tests (header-only).
#pragma once

#include "pairs.hpp"
#include "reference.hpp"
#include "sepax/support.hpp"
#include "sepax/tolerances.hpp"
#include "situation.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace sepax::test {

/// True in the default build, false with -Dprecision=float.
inline constexpr bool is_double = std::numeric_limits<real>::digits > 24;

/// Pose with a translation only.
inline Pose at(real x, real y, real z) {
  return Pose{mat3(real(1)), vec3(x, y, z)};
}
/// Pose from a translation and Euler angles in degrees.
inline Pose at_deg(const vec3& t, const vec3& deg) {
  return pose_from_euler_deg(t, deg);
}

/// Rounds to `real`. Through a volatile: GCC 12's SLP vectorizer at -O2 was
/// seen to drop the double -> float -> double round trip of two packed
/// components (cvtpd2ps / cvtps2pd), hiding float's rounding from the test.
inline vec3 to_real(const glm::dvec3& d) {
  volatile real r[3] = {static_cast<real>(d.x), static_cast<real>(d.y), static_cast<real>(d.z)};
  return vec3(r[0], r[1], r[2]);
}

/// All three coordinates finite.
inline bool finite(const vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

/// A hull seen only through its support function (brute force): no vertex
/// indices, so GJK and EPA take their generic paths.
struct PlainHull {
  const Hull* hull = nullptr;
  [[nodiscard]] vec3 support(const vec3& d) const {
    return hull->vertices()[support_brute(*hull, d)];
  }
};

/// Pairs per category and extra translations of B per pair: each pair's D is
/// built once and queried at the pair's pose plus `shifts` random
/// translations of B, log-uniform from 1e-9 to 0.3 of the pair's size (the
/// reference answers those without a rebuild). Large hulls cost ~1 s each to
/// make, so they get few pairs and many translations.
struct Plan {
  int pairs;
  int shifts;
};
inline Plan plan_for(pairs::Category c) {
  return c == pairs::Category::large_hulls ? Plan{6, 300} : Plan{500, 4};
}

/// The smallest sine between an edge of A and an edge of B, in the world,
/// among pairs not parallel to tol::parallel: the worst-conditioned edge-pair
/// axis of the pair. 1 when there is none.
inline double smallest_edge_sine(const Hull& a, const Pose& pose_a, const Hull& b,
                                 const Pose& pose_b) {
  const auto directions = [](const Hull& h, const Pose& pose) {
    std::vector<glm::dvec3> out;
    const glm::dmat3 rotation(pose.rotation);
    for (index_t i = 0; i < index_t(h.edge_count()); ++i)
      out.push_back(
          glm::normalize(rotation * (glm::dvec3(h.edge_end(i)) - glm::dvec3(h.edge_start(i)))));
    return out;
  };
  double smallest = 1;
  for (const glm::dvec3& u : directions(a, pose_a))
    for (const glm::dvec3& v : directions(b, pose_b)) {
      const double sine = glm::length(glm::cross(u, v));
      if (sine >= double(tol::parallel)) smallest = std::min(smallest, sine);
    }
  return smallest;
}

/// The round-off, a length, that the hard categories' answers carry beyond
/// the usual floors (README, Guarantees): an edge-pair axis of edges sin(a)
/// from parallel is known to eps / sin(a) rad (near_parallel_edges), and a
/// Minkowski simplex or face spanned by features l long to eps size / l
/// (tiny_features, and big_vs_small, where the small hull's edges are that
/// short against the pair's size); either times the pair's lever (both
/// extents plus the distance between the frames). 0 for the other
/// categories.
inline double conditioning_slack(pairs::Category category, const Hull& a, const Pose& pose_a,
                                 const Hull& b, const Pose& pose_b) {
  const double eps = double(tol::eps);
  const double lever = double(a.extent()) + double(b.extent()) +
                       glm::length(glm::dvec3(pose_b.translation) - glm::dvec3(pose_a.translation));
  if (category == pairs::Category::near_parallel_edges)
    return 4 * eps * lever / smallest_edge_sine(a, pose_a, b, pose_b);
  if (category == pairs::Category::tiny_features || category == pairs::Category::big_vs_small) {
    double shortest = std::numeric_limits<double>::infinity();
    for (const Hull* h : {&a, &b})
      for (index_t i = 0; i < index_t(h->edge_count()); ++i)
        shortest = std::min(shortest, double(glm::distance(h->edge_start(i), h->edge_end(i))));
    const double size = std::max(double(a.extent()), double(b.extent()));
    return 4 * eps * lever * size / shortest;
  }
  return 0;
}

/// conditioning_slack of a generated pair with B at `pose_b`.
inline double conditioning_slack(const pairs::Pair& p, const Pose& pose_b) {
  return conditioning_slack(p.category, p.a, p.pose_a, p.b, pose_b);
}

/// Largest absolute pose coordinate plus the size: what round-off of the
/// pair's coordinates is proportional to.
inline double magnitude(const pairs::Pair& p, double size) {
  const vec3 m = glm::max(glm::abs(p.pose_a.translation), glm::abs(p.pose_b.translation));
  return double(std::max(m.x, std::max(m.y, m.z))) + size;
}

/// B's pose moved by the k-th random translation of a Plan (none for k = 0),
/// rounded to `real`, and the shift that was really applied: the reference
/// must get that one (float loses ~1e-3 of it near 1e5).
struct Shifted {
  Pose pose_b;
  glm::dvec3 shift;
};
inline Shifted shifted(const pairs::Pair& p, double size, pairs::Rng& rng, int k) {
  const glm::dvec3 wanted =
      k == 0 ? glm::dvec3(0) : rng.unit() * size * std::pow(10.0, rng.uniform(-9, -0.5));
  Shifted s{p.pose_b, glm::dvec3(0)};
  s.pose_b.translation = to_real(glm::dvec3(p.pose_b.translation) + wanted);
  s.shift = glm::dvec3(s.pose_b.translation) - glm::dvec3(p.pose_b.translation);
  return s;
}

/// One query of a Plan: a pair, B at one of its shifted poses, and the
/// reference's answer there.
struct ShiftedQuery {
  const pairs::Pair& pair;
  const ref::Difference& difference;  ///< D of the pair at its own poses
  Pose pose_b;                        ///< B's pose, shifted
  glm::dvec3 shift;                   ///< the shift really applied (see Shifted)
  ref::Answer answer;                 ///< the reference's answer at `shift`
  int k;                              ///< which shift: 0 is the pair's own pose
  [[nodiscard]] std::string name() const { return pair.name() + " shift " + std::to_string(k); }
};

/// Calls `visit(const ShiftedQuery&)` for every pair of category `c` in
/// `situation` and every shift of plan_for(c), in order. The shifts of seed
/// s come from pairs::Rng(s * 7919 + salt): a query test picks its own salt.
/// A pair whose hulls cannot be rebuilt in the engine's situation is
/// skipped (its tests' counts show it).
template <class Visit>
void for_each_shifted_query(pairs::Category c, pairs::Situation situation, std::uint64_t salt,
                            Visit&& visit) {
  const Plan plan = plan_for(c);
  for (int seed = 0; seed < plan.pairs; ++seed) {
    pairs::Pair p = pairs::make_pair(c, std::uint64_t(seed));
    if (situation == pairs::Situation::engine && pairs::to_engine_situation(p) == 0) continue;
    const ref::Difference d =
        ref::Difference::build(ref::world_points(p.a, p.pose_a), ref::world_points(p.b, p.pose_b));
    pairs::Rng rng(std::uint64_t(seed) * 7919 + salt);
    for (int k = 0; k <= plan.shifts; ++k) {
      const Shifted s = shifted(p, d.size(), rng, k);
      visit(ShiftedQuery{p, d, s.pose_b, s.shift, d.query(s.shift), k});
    }
  }
}

}  // namespace sepax::test
