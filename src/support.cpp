#include "sepax/support.hpp"

#include <algorithm>

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

namespace {

// Round-off of the gain dot(e, d) along edge e = n - best: e is exact to an
// ulp per coordinate, the dot product adds three roundings.
real gain_roundoff(const vec3& e, const vec3& d) {
  return real(4) * tol::eps * glm::dot(glm::abs(e), glm::abs(d));
}

// Steepest ascent from `best`: each step takes the largest gain above its
// own round-off. Capped at one step per vertex (a backstop only: every step
// truly gains, so the walk never circles). `tied`: the last vertex has a
// neighbour worse by no more than round-off plus `band` (the merge radius,
// see support_climb), whose plateau the caller then searches.
index_t ascend(const Hull& hull, const vec3& d, index_t best, real band, bool& tied) {
  const auto v = hull.vertices();
  for (std::size_t steps = 0; steps < v.size(); ++steps) {
    index_t next = -1;
    real largest = 0;
    tied = false;
    for (index_t n : hull.neighbors(best)) {
      const vec3 e = v[n] - v[best];
      const real gain = glm::dot(e, d), roundoff = gain_roundoff(e, d);
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

// A vertex of a polygon face around `best` (not a neighbour: a triangle's
// vertices are) that beats it by more than round-off, or -1. Qhull merges
// nearly coplanar facets into polygons, and where a corner is split into two
// vertices 1e-9 apart the merged polygon can be reflex in its plane by that
// much: the vertex on the reflex side keeps only edges of the polygon's
// plane, is a local maximum of the vertex graph for directions along that
// plane, and the climb stopped there 0.013 short on a hull 0.035 across
// (fuzz_hull). Its face-mates across the polygon are not so fooled.
index_t better_on_faces(const Hull& hull, const vec3& d, index_t best) {
  const auto v = hull.vertices();
  const auto he = hull.half_edges();
  const index_t first = hull.vertex_edge(best);
  index_t h = first;
  do {  // the half-edges leaving best, each on one face around it
    const Face& face = hull.faces()[he[h].face];
    if (face.count > 3) {
      index_t e = he[h].next;
      for (index_t k = 1; k < face.count; ++k, e = he[e].next) {
        const vec3 step = v[he[e].origin] - v[best];
        if (glm::dot(step, d) > gain_roundoff(step, d)) return he[e].origin;
      }
    }
    h = he[h ^ 1].next;
  } while (h != first);
  return -1;
}

}  // namespace

// Hill climbing (the simplex method's pivoting on the vertex graph): on a
// polytope a vertex that is not a maximiser always has a neighbour that is
// strictly better, so stopping when none is gives the support vertex.
// A neighbour is judged by its gain along the edge, dot(n - best, d), rather
// than by comparing two dot products: their round-off is relative to the
// coordinates, the gain's to the edge, so at a nearly flat vertex a gain
// below the coordinates' ulp still counts instead of stopping the walk on a
// false tie short of the support. A gain counts only above its own
// round-off, so the walk never wanders across a face perpendicular to d.
// Where the climb stops next to neighbours tied with it within round-off
// (a plateau: a face perpendicular to d, or near-twin vertices), a built
// hull need not be exactly convex, and a better vertex may lie beyond the
// plateau: the plateau is searched breadth-first (up to `plateau_cap`
// vertices, else every vertex is scanned) and the climb resumes from any
// vertex that beats the stop; so it does from a better vertex of a polygon
// face around the stop (better_on_faces).
index_t support_climb(const Hull& hull, const vec3& d, index_t start) {
  constexpr int plateau_cap = 64;
  const auto v = hull.vertices();
  // Vertices closer than the merge radius (tol::degenerate of the extent)
  // are one corner split by round-off: the edges between them point any
  // way, and the stored hull may be reflex across them by far more than a
  // dot product's round-off (fuzz_hull: a corner split 2e-9 apart stopped
  // the climb a whole hull size short). A neighbour worse by less than
  // that radius (times |d|) counts as tied, so its plateau is searched.
  const real band = tol::degenerate * hull.extent() * glm::length(d);
  bool tied = false;
  index_t best = ascend(
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
          const real gain = glm::dot(e, d), roundoff = gain_roundoff(e, d);
          if (gain > roundoff) {
            better = n;
            break;
          }
          if (gain < -(roundoff + band) ||
              std::find(plateau, plateau + count, n) != plateau + count)
            continue;
          if (count == plateau_cap) return support_brute(hull, d);  // a large plateau
          plateau[count++] = n;
        }
      }
    }
    if (better < 0) better = better_on_faces(hull, d, best);
    if (better < 0) return best;
    best = ascend(hull, d, better, band, tied);
  }
  return best;
}

// The seed table: the support vertex of each cell centre of a cube map,
// found by climbing from the previous cell's answer (neighbouring cells'
// supports are close), so building it costs a few climbs' steps per cell.
void Hull::derive_seeds() {
  support_seeds_.clear();
  if (vertices_.empty()) return;
  constexpr int g = seed_grid;
  support_seeds_.resize(std::size_t(6 * g * g));
  index_t previous = 0;
  for (int face = 0; face < 6; ++face) {
    const int axis = face / 2;
    const real sign = face % 2 == 0 ? real(1) : real(-1);
    for (int i = 0; i < g; ++i)
      for (int j = 0; j < g; ++j) {
        vec3 d(0);
        d[axis] = sign;
        d[(axis + 1) % 3] = (real(i) + real(0.5)) * real(2) / real(g) - real(1);
        d[(axis + 2) % 3] = (real(j) + real(0.5)) * real(2) / real(g) - real(1);
        previous = support_climb(*this, d, previous);
        support_seeds_[std::size_t((face * g + i) * g + j)] = previous;
      }
  }
}

}  // namespace sepax
