#include "sepax/support.hpp"

namespace sepax {

index_t support_brute(const Hull& hull, const vec3& d) {
  const auto v = hull.vertices();
  index_t best = 0;
  real best_dot = glm::dot(v[0], d);
  for (index_t i = 1; i < index_t(v.size()); ++i) {
    const real x = glm::dot(v[i], d);
    if (x > best_dot) best_dot = x, best = i;
  }
  return best;
}

// Hill climbing (the simplex method's pivoting on the vertex graph): on a
// polytope a vertex that is not a maximiser always has a neighbour that is
// strictly better, so stopping when none is gives the support vertex.
index_t support_climb(const Hull& hull, const vec3& d, index_t start) {
  const auto v = hull.vertices();
  index_t best = start >= 0 && start < index_t(v.size()) ? start : 0;
  real best_dot = glm::dot(v[best], d);
  for (bool moved = true; moved;) {
    moved = false;
    for (index_t n : hull.neighbors(best)) {
      const real x = glm::dot(v[n], d);
      if (x > best_dot) {
        best_dot = x, best = n, moved = true;
        break;
      }
    }
  }
  return best;
}

}  // namespace sepax
