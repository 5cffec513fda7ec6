// The plain hill climb that support_climb must match vertex for vertex: the
// same steepest ascent, plateau search and polygon-face look, with the exact
// round-off test on every neighbour and every step, positions gathered
// through vertices(), and the face look at every stop (hull/support.cpp as of
// commit b3a0c3b). support_climb judges most gains by a bound instead and
// skips the face look where no polygon face is; this is the general path
// those fast paths are checked against (header-only).
#pragma once

#include "sepax/support.hpp"

#include <algorithm>
#include <cmath>

namespace sepax::test {

namespace detail {

inline real climb_roundoff(const vec3& e, const vec3& d) {
  return real(4) * tol::eps * glm::dot(glm::abs(e), glm::abs(d));
}

inline index_t climb_ascend(const Hull& hull, const vec3& d, index_t best, real band, bool& tied) {
  const auto v = hull.vertices();
  for (std::size_t steps = 0; steps < v.size(); ++steps) {
    index_t next = -1;
    real largest = 0;
    tied = false;
    for (index_t n : hull.neighbors(best)) {
      const vec3 e = v[n] - v[best];
      const real gain = glm::dot(e, d), roundoff = climb_roundoff(e, d);
      if (gain > roundoff) {
        if (gain > largest) largest = gain, next = n;
      } else if (gain >= -(roundoff + band)) {
        tied = true;
      }
    }
    if (next < 0) break;
    best = next;
  }
  return best;
}

inline index_t climb_faces(const Hull& hull, const vec3& d, index_t best) {
  const auto v = hull.vertices();
  const auto he = hull.half_edges();
  const index_t first = hull.vertex_edge(best);
  index_t h = first;
  do {
    const Face& face = hull.faces()[he[h].face];
    if (face.count > 3) {
      index_t e = he[h].next;
      for (index_t k = 1; k < face.count; ++k, e = he[e].next) {
        const vec3 step = v[he[e].origin] - v[best];
        if (glm::dot(step, d) > climb_roundoff(step, d)) return he[e].origin;
      }
    }
    h = he[h ^ 1].next;
  } while (h != first);
  return -1;
}

}  // namespace detail

/// support_climb without its fast paths (see the file comment).
inline index_t climb_reference(const Hull& hull, const vec3& d, index_t start = -1) {
  constexpr int plateau_cap = 64;
  const auto v = hull.vertices();
  const real band = tol::degenerate * hull.extent() * glm::length(d);
  bool tied = false;
  index_t best = detail::climb_ascend(
      hull, d, start >= 0 && start < index_t(v.size()) ? start : hull.support_seed(d), band, tied);
  for (std::size_t restarts = 0; restarts < v.size(); ++restarts) {
    index_t better = -1;
    if (tied) {
      index_t plateau[plateau_cap];
      int count = 1;
      plateau[0] = best;
      for (int i = 0; i < count && better < 0; ++i) {
        for (index_t n : hull.neighbors(plateau[i])) {
          const vec3 e = v[n] - v[best];
          const real gain = glm::dot(e, d), roundoff = detail::climb_roundoff(e, d);
          if (gain > roundoff) {
            better = n;
            break;
          }
          if (gain < -(roundoff + band) ||
              std::find(plateau, plateau + count, n) != plateau + count)
            continue;
          if (count == plateau_cap) return support_brute(hull, d);
          plateau[count++] = n;
        }
      }
    }
    if (better < 0) better = detail::climb_faces(hull, d, best);
    if (better < 0) return best;
    best = detail::climb_ascend(hull, d, better, band, tied);
  }
  return best;
}

}  // namespace sepax::test
