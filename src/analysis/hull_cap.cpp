// cap_vertices(): the hull of a greedy subset of a hull's vertices, at most
// a given number, and how far the dropped part reaches outside it.
#include "sepax/hull_cap.hpp"

#include "hull/planes.hpp"
#include "sepax/convex.hpp"
#include "sepax/gjk.hpp"
#include "sepax/tolerances.hpp"

#include <algorithm>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace sepax {

namespace {

/// Index of the vertex farthest along d (first of equals).
std::size_t farthest_along(std::span<const vec3> v, const vec3& d) {
  std::size_t best = 0;
  for (std::size_t i = 1; i < v.size(); ++i)
    if (glm::dot(v[i], d) > glm::dot(v[best], d)) best = i;
  return best;
}

/// Index of the vertex farthest from the first `k` chosen ones' affine
/// hull: a point (k = 1), a line (2) or a plane (3).
std::size_t farthest_from(std::span<const vec3> v, const std::vector<std::size_t>& chosen) {
  const vec3 a = v[chosen[0]];
  const auto distance = [&](const vec3& p) {
    if (chosen.size() == 1) return glm::length(p - a);
    const vec3 u = v[chosen[1]] - a;
    if (chosen.size() == 2) return glm::length(glm::cross(p - a, u));
    return std::abs(glm::dot(p - a, glm::cross(u, v[chosen[2]] - a)));
  };
  std::size_t best = chosen[0];
  for (std::size_t i = 0; i < v.size(); ++i)
    if (distance(v[i]) > distance(v[best])) best = i;
  return best;
}

/// A large first simplex: the lowest vertex along x, then each next the one
/// farthest from the span of those before (3 for a flat hull, else 4).
std::vector<std::size_t> first_simplex(const Hull& hull) {
  const std::span<const vec3> v = hull.vertices();
  std::vector<std::size_t> chosen{farthest_along(v, vec3(-1, 0, 0))};
  const std::size_t size = hull.is_flat() ? 3 : 4;
  while (chosen.size() < size) chosen.push_back(farthest_from(v, chosen));
  return chosen;
}

struct Outside {
  real distance = 0;
  std::size_t vertex = 0;
};

/// For each face (bounding plane) of `inner`, the farthest of the candidate
/// vertices outside it by more than `tolerance`, farthest first. Candidates
/// within that are dropped from `candidates`: `inner` only grows, so they
/// never matter again.
std::vector<Outside> farthest_per_face(std::span<const vec3> v, const Hull& inner, real tolerance,
                                       std::vector<std::size_t>& candidates) {
  const std::vector<Plane> planes = detail::bounding_planes(inner);
  std::vector<Outside> best(planes.size());
  std::size_t kept = 0;
  for (const std::size_t i : candidates) {
    std::size_t face = 0;
    real d = -std::numeric_limits<real>::max();
    for (std::size_t f = 0; f < planes.size(); ++f) {
      const real df = planes[f].distance(v[i]);
      if (df > d) d = df, face = f;
    }
    if (d <= tolerance) continue;
    candidates[kept++] = i;
    if (d > best[face].distance) best[face] = {d, i};
  }
  candidates.resize(kept);
  std::vector<Outside> found;
  for (const Outside& o : best)
    if (o.distance > 0) found.push_back(o);
  std::sort(found.begin(), found.end(),
            [](const Outside& a, const Outside& b) { return a.distance > b.distance; });
  return found;
}

/// Largest Euclidean distance of a vertex of `v` outside `inner` (GJK from
/// the point; plane distances only bound it from below near edges).
real deviation_of(std::span<const vec3> v, const Hull& inner) {
  const std::vector<Plane> planes = detail::bounding_planes(inner);
  const convex::HullShape shape{&inner};
  real deviation = 0;
  for (const vec3& p : v) {
    if (detail::plane_distance(planes, p) <= 0) continue;
    deviation = std::max(deviation, gjk::distance(shape, convex::Point{p}).distance);
  }
  return deviation;
}

HullResult hull_of(std::span<const vec3> v, const std::vector<std::size_t>& chosen) {
  std::vector<vec3> points;
  for (const std::size_t i : chosen) points.push_back(v[i]);
  return Hull::from_points(points);
}

}  // namespace

CappedHull cap_vertices(const Hull& hull, std::size_t max_vertices) {
  CappedHull out;
  const std::size_t least = hull.is_flat() ? 3 : 4;
  if (hull.empty() || max_vertices < least) {
    out.built.status = HullStatus::too_few_points;
    out.built.message = hull.empty()
                            ? "cannot cap an empty hull"
                            : "a vertex cap of " + std::to_string(max_vertices) + " is below the " +
                                  std::to_string(least) + " vertices this hull needs";
    return out;
  }
  if (hull.vertex_count() <= max_vertices) {
    out.built.hull = hull;
    return out;
  }
  const std::span<const vec3> v = hull.vertices();
  // Points within the build's own merge radius of the capped hull are on it.
  const real tolerance =
      std::max(tol::degenerate * hull.extent(), tol::coplanar * hull.magnitude());
  std::vector<std::size_t> chosen = first_simplex(hull);
  std::vector<std::size_t> candidates(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) candidates[i] = i;
  // Each round adds at least one vertex to the capped hull, so the budget
  // bounds the rounds; the limit only guards against a build that drops a
  // point it was given.
  for (std::size_t round = 0; round <= max_vertices; ++round) {
    out.built = hull_of(v, chosen);
    if (!out.built.ok()) return out;
    const std::vector<Outside> outside =
        farthest_per_face(v, out.built.hull, tolerance, candidates);
    // The budget counts the capped hull's vertices: a chosen point that
    // falls inside (the build merges it) costs nothing.
    const std::size_t budget = max_vertices - out.built.hull.vertex_count();
    if (outside.empty() || budget == 0) break;
    const std::size_t add = std::min(outside.size(), std::max<std::size_t>(1, budget / 3));
    for (std::size_t k = 0; k < add; ++k) chosen.push_back(outside[k].vertex);
  }
  out.deviation = deviation_of(v, out.built.hull);
  out.dropped = v.size() - out.built.hull.vertex_count();
  return out;
}

}  // namespace sepax
