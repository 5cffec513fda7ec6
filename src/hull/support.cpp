#include "sepax/support.hpp"

#include <algorithm>
#include <cmath>

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
// ulp per coordinate, the dot product adds three roundings. (std::abs, not
// glm::abs: glm's compiles to a branch on each sign.)
real gain_roundoff(const vec3& e, const vec3& d) {
  const vec3 ae(std::abs(e.x), std::abs(e.y), std::abs(e.z));
  const vec3 ad(std::abs(d.x), std::abs(d.y), std::abs(d.z));
  return real(4) * tol::eps * glm::dot(ae, ad);
}

// What a climb along d needs besides the hull.
struct Climb {
  vec3 d;
  real band;  // the merge radius times |d|: a neighbour worse by less is tied
  real wide;  // gains of larger magnitude need no exact test (make_climb)
};

// A gain of magnitude above `wide` is, on any edge of the hull, either above
// its own round-off (a step) or below minus that round-off and the band
// (not tied), so only gains within `wide` of zero get the exact test. Each
// coordinate of an edge is at most the bounds' span there (rounding is
// monotone), so gain_roundoff(span, d) bounds every edge's round-off; it is
// doubled to stay above it however either is rounded. A d with a NaN or an
// infinity makes `wide` NaN or infinite: every gain is then NaN (dropped by
// both tests) or sent to the exact test.
Climb make_climb(const Hull& hull, const vec3& d) {
  Climb c;
  c.d = d;
  // Vertices closer than the merge radius (tol::degenerate of the extent)
  // are one corner split by round-off: the edges between them point any
  // way, and the stored hull may be reflex across them by far more than a
  // dot product's round-off, a dent where the climb would stop short. A
  // neighbour worse by less than that radius (times |d|) counts as tied, so
  // its plateau is searched.
  c.band = tol::degenerate * hull.extent() * glm::length(d);
  c.wide = real(2) * gain_roundoff(hull.bounds().max - hull.bounds().min, d) + c.band;
  return c;
}

enum class Gain { step, tied, worse };

// The exact test of a gain within `wide` of zero. Out of line: inlined, it
// takes registers from the loop that calls it.
[[gnu::noinline]] Gain exact_gain(const vec3& e, real gain, const Climb& c) {
  const real roundoff = gain_roundoff(e, c.d);
  if (gain > roundoff) return Gain::step;
  return gain >= -(roundoff + c.band) ? Gain::tied : Gain::worse;
}

// Steepest ascent from `best`: each step takes the largest gain above its
// own round-off. Capped at one step per vertex (a backstop only: every step
// truly gains, so the walk never circles). `tied`: the last vertex has a
// neighbour worse by no more than round-off plus the band (the merge
// radius, see support_climb), whose plateau the caller then searches.
// Gains outside `wide` are taken or dropped by one comparison with the
// largest so far (a negative one never wins), without a branch on their
// sign, which a random direction makes unpredictable.
index_t ascend(const Hull& hull, const Climb& c, index_t best, bool& tied) {
  const std::size_t cap = hull.vertex_count();
  bool near = false;
  for (std::size_t steps = 0; steps < cap; ++steps) {
    const NeighborEdge* next = nullptr;
    real largest = 0;
    near = false;
    for (const NeighborEdge& n : hull.neighbor_edges(best)) {
      const real gain = glm::dot(n.step, c.d);
      if (std::abs(gain) <= c.wide) {
        switch (exact_gain(n.step, gain, c)) {
          case Gain::step:
            if (gain > largest) largest = gain, next = &n;
            break;
          case Gain::tied:
            near = true;
            break;
          case Gain::worse:
            break;
        }
        continue;
      }
      if (gain > largest) largest = gain, next = &n;
    }
    if (next == nullptr) break;
    best = next->vertex;
  }
  tied = near;
  return best;
}

// A vertex of a polygon face around `best` (not a neighbour: a triangle's
// vertices are) that beats it by more than round-off, or -1. Qhull merges
// nearly coplanar facets into polygons, and where a corner is split into two
// vertices the merged polygon can be reflex in its plane by their distance:
// the vertex on the reflex side keeps only edges of the polygon's plane and
// is a local maximum of the vertex graph for directions along that plane.
// Its face-mates across the polygon are not so fooled.
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

// The climb's stop is not final when it is tied with a neighbour or a
// corner of a polygon face (see support_climb): the plateau and the faces
// are searched for a better vertex, and the climb resumes from it, until
// neither has one. Out of line: most climbs never come here.
[[gnu::noinline]] index_t settle(const Hull& hull, const Climb& c, index_t best, bool tied) {
  constexpr int plateau_cap = 64;
  const auto v = hull.vertices();
  const vec3& d = c.d;
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
          if (gain < -(roundoff + c.band) ||
              std::find(plateau, plateau + count, n) != plateau + count)
            continue;
          if (count == plateau_cap) return support_brute(hull, d);  // a large plateau
          plateau[count++] = n;
        }
      }
    }
    if (better < 0 && hull.climb_across_faces(best)) better = better_on_faces(hull, d, best);
    if (better < 0) return best;
    best = ascend(hull, c, better, tied);
  }
  return best;
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
// face around the stop (better_on_faces) where a face there is not clearly
// convex at every corner (Hull::climb_across_faces).
index_t support_climb(const Hull& hull, const vec3& d, index_t start) {
  const Climb c = make_climb(hull, d);
  bool tied = false;
  const index_t best = ascend(
      hull, c, start >= 0 && start < index_t(hull.vertex_count()) ? start : hull.support_seed(d),
      tied);
  if (!tied && !hull.climb_across_faces(best)) return best;
  return settle(hull, c, best, tied);
}

}  // namespace sepax
