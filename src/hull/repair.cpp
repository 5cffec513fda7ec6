// Repairs of Qhull's faces and the convexity check behind the exact-hull
// fallback (hull/repair.hpp).
#include "hull/repair.hpp"

#include "hull/builder.hpp"

#include <algorithm>
#include <cmath>

namespace sepax::detail {

namespace {

// True when a vertex of a face next to face f lies outside f's plane by more
// than `tolerance` (the edge between them is reflex). Those vertices are
// f's own corners and, for each edge of f, the corners of the face across it
// other than the edge's ends (the loop from its twin's next's next round to
// the twin): each corner of f is tested once, not once per face at it.
bool reflex_around(const Hull& h, index_t f, real tolerance) {
  const auto he = h.half_edges();
  const auto v = h.vertices();
  const Plane plane = h.planes()[f];
  const auto above = [&](index_t e) {
    return plane.distance(v[he[std::size_t(e)].origin]) > tolerance;
  };
  const index_t first = h.faces()[f].edge;
  index_t e = first;
  do {
    if (above(e)) return true;
    const index_t twin = e ^ 1;
    for (index_t g = he[he[std::size_t(twin)].next].next; g != twin; g = he[g].next)
      if (above(g)) return true;
    e = he[e].next;
  } while (e != first);
  return false;
}

// Splits a convex loop (counter-clockwise seen from outside) into the
// triangles of its points' convex hull seen from outside: for the first
// edge (a, b), gift wrapping finds the vertex c that leaves every other one
// below the plane of (a, b, c); the triangle cuts the loop into itself and
// the two loops on its other sides, which are split the same way. Points
// are the centred coordinates.
void split_loop(const std::vector<index_t>& loop, const std::vector<glm::dvec3>& points,
                std::vector<std::vector<index_t>>& out) {
  std::vector<std::vector<index_t>> pending{loop};
  while (!pending.empty()) {
    std::vector<index_t> p = std::move(pending.back());
    pending.pop_back();
    if (p.size() == 3) {
      out.push_back(std::move(p));
      continue;
    }
    const glm::dvec3 a = points[p[0]], b = points[p[1]];
    std::size_t c = 2;
    for (std::size_t d = 3; d < p.size(); ++d) {
      // d is outside: wrap further; or c lies on the line through a and b
      // (a corner in the middle of a straight side), which makes no
      // triangle: a zero normal, which would give the face no plane.
      const glm::dvec3 n = glm::cross(b - a, points[p[c]] - a);
      if (glm::dot(n, points[p[d]] - a) > 0 || n == glm::dvec3(0)) c = d;
    }
    out.push_back({p[0], p[1], p[c]});
    if (c > 2) pending.emplace_back(p.begin() + 1, p.begin() + std::ptrdiff_t(c) + 1);
    if (c + 1 < p.size()) {
      std::vector<index_t> rest(p.begin() + std::ptrdiff_t(c), p.end());
      rest.push_back(p[0]);
      pending.push_back(std::move(rest));
    }
  }
}

// Merges each triangle whose corners lie within `tolerance` of one line (a
// face of no area) and that is broken (its plane, in `h`, cuts the hull by
// more than `plane_tolerance`, or is NaN) into the face across its longest edge,
// which then runs through the middle corner; `points` are the centred
// coordinates. Returns true when it merged any. Qhull's hyperplane of a
// facet passes within its round-off of the facet's vertices: for three
// vertices that close to a line it may turn about the line, and Qhull
// judges convexity by it, while the plane through the vertices themselves
// can cut the hull, or not exist (three corners exactly on one line: a NaN
// normal). Those are the broken ones; a needle's slivers are triangles of
// no area too, but with planes that hold, and they are left alone: the
// merged polygons' planes, fitted anew, would cut the hull more often.
bool merge_degenerate_triangles(std::vector<std::vector<index_t>>& loops,
                                const std::vector<glm::dvec3>& points, double tolerance,
                                const Hull& h, real plane_tolerance) {
  bool merged = false;
  for (std::size_t f = 0; f < loops.size(); ++f) {
    if (loops[f].size() != 3) continue;
    std::size_t k = 0;  // the longest edge runs from corner k to corner k + 1
    for (std::size_t j = 1; j < 3; ++j)
      if (glm::distance(points[loops[f][j]], points[loops[f][(j + 1) % 3]]) >
          glm::distance(points[loops[f][k]], points[loops[f][(k + 1) % 3]]))
        k = j;
    const index_t a = loops[f][k], b = loops[f][(k + 1) % 3], m = loops[f][(k + 2) % 3];
    const glm::dvec3 ab = points[b] - points[a];
    if (glm::length(glm::cross(ab, points[m] - points[a])) > tolerance * glm::length(ab)) continue;
    const vec3& n = h.planes()[f].normal;
    if (std::isfinite(glm::dot(n, n)) && !reflex_around(h, index_t(f), plane_tolerance)) continue;
    for (std::size_t g = 0; g < loops.size(); ++g) {  // the face with the edge from b to a
      std::vector<index_t>& loop = loops[g];
      const auto at = std::find(loop.begin(), loop.end(), b);
      if (g == f || at == loop.end() ||
          loop[std::size_t(at - loop.begin() + 1) % loop.size()] != a ||
          std::find(loop.begin(), loop.end(), m) != loop.end())
        continue;
      loop.insert(at + 1, m);
      loops[f].clear();
      merged = true;
      break;
    }
  }
  std::erase_if(loops, [](const std::vector<index_t>& loop) { return loop.empty(); });
  return merged;
}

/// Most passes of reflex-edge flips (flip_reflex_triangles): one or two
/// suffice; the cap only stops a cycle of round-off decisions.
constexpr int max_flip_passes = 8;

// Flips the edge shared by two triangles of `h` (faces in the order of
// `loops`) when it is reflex: the far corner of one lies more than
// `tolerance` outside the other's plane. The four corners are then a
// tetrahedron with that corner above the first triangle, and the triangles
// around it, the ones with the other diagonal, are its faces seen from
// outside. Qhull decides convexity with its own hyperplanes, which for a
// sliver turn by far more than round-off, so the plane through a sliver's
// own corners can leave a neighbour's corner outside. A triangle of three
// corners on one line has no plane (its normal is NaN): its longest edge is
// flipped. Returns true when it flipped any.
bool flip_reflex_triangles(const Hull& h, std::vector<std::vector<index_t>>& loops,
                           real tolerance) {
  const auto he = h.half_edges();
  const auto v = h.vertices();
  std::vector<char> touched(loops.size(), 0);
  bool flipped = false;
  for (std::size_t f = 0; f < loops.size(); ++f) {
    if (loops[f].size() != 3 || touched[f]) continue;
    const Plane& plane = h.planes()[f];
    const bool no_plane = !std::isfinite(glm::dot(plane.normal, plane.normal));
    index_t e = h.faces()[f].edge, longest = e;
    for (int k = 0; k < 3; ++k, e = he[e].next)
      if (glm::distance(v[he[e].origin], v[he[he[e].next].origin]) >
          glm::distance(v[he[longest].origin], v[he[he[longest].next].origin]))
        longest = e;
    for (int k = 0; k < 3; ++k, e = he[e].next) {
      if (no_plane && e != longest) continue;
      const index_t t = he[e].twin;  // from b to a in the other triangle, g
      const std::size_t g = std::size_t(he[t].face);
      if (loops[g].size() != 3 || touched[g]) continue;
      const index_t a = he[e].origin, b = he[t].origin;
      const index_t c = he[he[he[e].next].next].origin, d = he[he[he[t].next].next].origin;
      if (!no_plane && !(plane.distance(v[d]) > tolerance)) continue;
      const auto around_c = h.neighbors(c);
      if (std::find(around_c.begin(), around_c.end(), d) != around_c.end()) continue;
      loops[f] = {b, c, d};
      loops[g] = {c, a, d};
      touched[f] = touched[g] = 1;
      flipped = true;
      break;
    }
  }
  return flipped;
}

// True when polygon face f is reflex in its own plane: a corner lies more
// than `tolerance` inside the line through its two neighbours. No plane
// test sees this, but the corner is then a dent in the hull's side, a local
// maximum of the vertex graph for directions across it, where hill climbing
// would stop short of the support.
bool reflex_within(const Hull& h, index_t f, real tolerance) {
  const Face& face = h.faces()[f];
  if (face.count <= 3) return false;
  const auto v = h.vertices();
  const auto he = h.half_edges();
  const vec3& n = h.planes()[f].normal;
  index_t e = face.edge;
  for (index_t k = 0; k < face.count; ++k, e = he[e].next) {
    const vec3& a = v[he[e].origin];
    const vec3& b = v[he[he[e].next].origin];
    const vec3& c = v[he[he[he[e].next].next].origin];
    // Counter-clockwise about n, a corner turns left: b lies right of a->c.
    const real length = glm::distance(a, c);
    if (glm::dot(glm::cross(c - a, b - a), n) > tolerance * length) return true;
  }
  return false;
}

}  // namespace

std::string repair_faces(Hull& h, std::vector<std::vector<index_t>>& loops,
                         const std::vector<glm::dvec3>& centred, double merge_tolerance) {
  const real tolerance = tol::coplanar * h.magnitude();
  // A rebuild keeps the vertices (the same points in the same order), so
  // they are copied only when a repair happens.
  const auto rebuild = [&] {
    const auto v = h.vertices();
    h = HullBuilder::from_loops(std::vector<vec3>(v.begin(), v.end()), loops, false);
    return !h.empty();
  };
  if (merge_degenerate_triangles(loops, centred, merge_tolerance, h, tolerance) && !rebuild())
    return "merged faces do not close (internal error)";
  std::vector<char> reflex(loops.size(), 0);
  bool split = false;
  for (std::size_t f = 0; f < loops.size(); ++f) {
    reflex[f] = loops[f].size() > 3 && reflex_around(h, index_t(f), tolerance);
    split = split || reflex[f];
  }
  if (split) {
    std::vector<std::vector<index_t>> fixed;
    for (std::size_t f = 0; f < loops.size(); ++f) {
      if (reflex[f])
        split_loop(loops[f], centred, fixed);
      else
        fixed.push_back(std::move(loops[f]));
    }
    loops = std::move(fixed);
    if (!rebuild()) return "split faces do not close (internal error)";
  }
  for (int pass = 0; pass < max_flip_passes && flip_reflex_triangles(h, loops, tolerance); ++pass)
    if (!rebuild()) return "flipped faces do not close (internal error)";
  return {};
}

bool planes_hold(const Hull& h, real tolerance) {
  for (std::size_t f = 0; f < h.face_count(); ++f) {
    const vec3& n = h.planes()[f].normal;
    if (!std::isfinite(glm::dot(n, n)) || reflex_around(h, index_t(f), tolerance)) return false;
  }
  return true;
}

bool corners_or_slivers_cut(const Hull& h, real tolerance, real sliver) {
  const auto v = h.vertices();
  const auto he = h.half_edges();
  for (std::size_t f = 0; f < h.face_count(); ++f) {
    if (h.faces()[f].count != 3) {
      if (reflex_within(h, index_t(f), tolerance)) return true;
      continue;
    }
    const index_t e = h.faces()[f].edge;
    const vec3 a = v[he[e].origin], b = v[he[he[e].next].origin],
               c = v[he[he[he[e].next].next].origin];
    if (!is_sliver(a, b, c, sliver)) continue;
    const Plane& plane = h.planes()[f];
    for (const vec3& p : v)
      if (plane.distance(p) > tolerance) return true;
  }
  return false;
}

bool cuts_itself(const Hull& h, real tolerance, real sliver) {
  for (std::size_t f = 0; f < h.face_count(); ++f)
    if (reflex_around(h, index_t(f), tolerance)) return true;
  return corners_or_slivers_cut(h, tolerance, sliver);
}

}  // namespace sepax::detail
