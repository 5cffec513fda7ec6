// sepax: support mapping of hulls, and the SupportMap concept that GJK and
// EPA are written against.
//
// The support point of a convex set S along direction d is a point of S that
// maximises dot(d, x). For a hull it is always a vertex.
#pragma once

#include "sepax/hull.hpp"

#include <concepts>

namespace sepax {

/// Anything with a support function: `s.support(d)` returns a point of the
/// set furthest along d (d need not be unit length; it is never zero).
template <class S>
concept SupportMap = requires(const S& s, const vec3& d) {
  { s.support(d) } -> std::convertible_to<vec3>;
};

/// Hulls with at most this many vertices use the brute-force scan; larger ones
/// hill-climb over vertex adjacency. The crossover, where a cold climb from
/// the seed table starts to beat the scan, is measured by bench_support
/// (docs/benchmarks.md).
inline constexpr std::size_t support_climb_threshold = 32;

/// Index of the support vertex by scanning every vertex. Ties go to the
/// lowest index.
[[nodiscard]] SEPAX_API index_t support_brute(const Hull& hull, const vec3& d);

/// Index of the support vertex by hill climbing from `start` over vertex
/// adjacency: move to any neighbour with a larger dot product until none
/// is. Exact on a convex hull (the dot product has no local maximum but the
/// global one on the vertex graph). `start` < 0 starts at the hull's seed
/// for d (Hull::support_seed: a table of supports of 96 directions).
[[nodiscard]] SEPAX_API index_t support_climb(const Hull& hull, const vec3& d, index_t start = -1);

/// Where a climb along d best starts: `hint` (a previous answer, or -1), or
/// the seed table's vertex for d (Hull::support_seed) where that lies
/// further along d. A hint from a direction far from d (GJK's first
/// iterations, the arcs of consecutive edges of a small shape) would climb
/// across the hull; the seed is never more than a cell of the table away.
/// Either start gives the same support vertex up to ties.
[[nodiscard]] inline index_t climb_start(const Hull& hull, const vec3& d, index_t hint) {
  if (hint < 0 || hull.vertex_count() <= support_climb_threshold) return hint;
  const index_t seed = hull.support_seed(d);
  const auto v = hull.vertices();
  return glm::dot(d, v[seed]) > glm::dot(d, v[hint]) ? seed : hint;
}

/// Index of the support vertex, choosing the scan or the climb by size.
/// `hint` (a previous answer, or -1) seeds the climb.
[[nodiscard]] inline index_t support_index(const Hull& hull, const vec3& d, index_t hint = -1) {
  return hull.vertex_count() <= support_climb_threshold ? support_brute(hull, d)
                                                        : support_climb(hull, d, hint);
}

/// Support point of the hull in its local frame.
[[nodiscard]] inline vec3 support_point(const Hull& hull, const vec3& d) {
  return hull.vertices()[support_index(hull, d)];
}

}  // namespace sepax
