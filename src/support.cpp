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
// A neighbour is judged by its gain along the edge, dot(n - best, d), rather
// than by comparing two dot products: their round-off is relative to the
// coordinates, the gain's to the edge, so at a nearly flat vertex a gain
// below the coordinates' ulp still counts instead of stopping the walk on a
// false tie short of the support. A gain counts only above its own
// round-off, 4 eps sum |e_i d_i| (the edge e = n - best is exact to an ulp
// per coordinate, the dot product adds three roundings): every step then
// truly gains, so the walk never circles, and on a plateau of vertices tied
// within round-off (a face perpendicular to d) it stays put instead of
// wandering across the face. It takes the largest gain (steepest ascent).
// The cap of one step per vertex is a backstop only.
index_t support_climb(const Hull& hull, const vec3& d, index_t start) {
  const auto v = hull.vertices();
  index_t best = start >= 0 && start < index_t(v.size()) ? start : 0;
  for (std::size_t steps = 0; steps < v.size(); ++steps) {
    index_t next = -1;
    real largest = 0;
    for (index_t n : hull.neighbors(best)) {
      const vec3 e = v[n] - v[best];
      const real gain = glm::dot(e, d);
      if (gain <= largest) continue;
      const real roundoff = real(4) * tol::eps * glm::dot(glm::abs(e), glm::abs(d));
      if (gain > roundoff) largest = gain, next = n;
    }
    if (next < 0) break;
    best = next;
  }
  return best;
}

}  // namespace sepax
