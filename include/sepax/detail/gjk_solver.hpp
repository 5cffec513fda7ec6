// GJK's simplex, its loop and the instantiation helpers: the implementation
// of the templates declared in gjk.hpp (include that header, not this one).
// Not a stable API: EPA and sepax's own tests use these pieces.
#pragma once

#include "sepax/gjk.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>

namespace sepax::gjk::detail {

/// One point of the simplex: a point of A, a point of B, their difference
/// w = b - a (a point of D = B - A), and their vertex indices (-1 when the
/// shape is not an IndexedSupportMap).
struct SimplexVertex {
  vec3 a{real(0)};  ///< point of A, working frame
  vec3 b{real(0)};  ///< point of B, working frame
  vec3 w{real(0)};  ///< b - a
  index_t ia = -1;  ///< index of `a` in A, or -1
  index_t ib = -1;  ///< index of `b` in B, or -1
};

/// GJK's simplex: 1 to 4 points of D and the barycentric weights of the
/// closest point v = sum(lambda[i] * v[i].w) (weights >= 0, summing to 1).
struct Simplex {
  SimplexVertex v[4];             ///< the points, v[0 .. count)
  real lambda[4] = {0, 0, 0, 0};  ///< weights of the closest point
  int count = 0;                  ///< 0 to 4
};

/// Signed-volumes sub-algorithm (Montanari et al. 2017): replaces `s` by its
/// smallest face that contains the point closest to the origin, sets the
/// weights, and returns that point (exactly 0 when the origin is inside a
/// full tetrahedron). `s.count` must be 1 to 4.
[[nodiscard]] SEPAX_API vec3 closest_point(Simplex& s);

/// Largest absolute coordinate of the vertex's a and b: the magnitude that
/// round-off in its difference is proportional to.
[[nodiscard]] inline real magnitude(const SimplexVertex& p) {
  const vec3 m = glm::max(glm::abs(p.a), glm::abs(p.b));
  return std::max(m.x, std::max(m.y, m.z));
}

/// Support point of shape s along d, and its index when s is indexed.
template <SupportMap S>
inline void support_of(const S& s, const vec3& d, index_t hint, vec3& p, index_t& i) {
  if constexpr (convex::IndexedSupportMap<S>) {
    i = s.support_vertex(d, hint);
    p = s.vertex(i);
  } else {
    i = -1;
    p = s.support(d);
  }
}

/// Point of D = B - A furthest along d: B's support along d minus A's along -d.
template <SupportMap A, SupportMap B>
[[nodiscard]] SimplexVertex support_pair(const A& a, const B& b, const vec3& d, index_t hint_a,
                                         index_t hint_b) {
  SimplexVertex p;
  support_of(a, -d, hint_a, p.a, p.ia);
  support_of(b, d, hint_b, p.b, p.ib);
  p.w = p.b - p.a;
  return p;
}

/// A point inside (or near the middle of) shape s, for the first search
/// direction: the centroid of a hull, the centre of a box, etc.; 0 for
/// support maps sepax does not know.
template <class S>
[[nodiscard]] vec3 center_of(const S& s) {
  if constexpr (std::is_same_v<S, convex::HullShape>) {
    return s.hull->centroid();
  } else if constexpr (std::is_same_v<S, convex::Point>) {
    return s.p;
  } else if constexpr (std::is_same_v<S, convex::Segment>) {
    return (s.p0 + s.p1) * real(0.5);
  } else if constexpr (std::is_same_v<S, convex::Triangle>) {
    return (s.p[0] + s.p[1] + s.p[2]) * (real(1) / real(3));
  } else if constexpr (convex::is_posed<S>) {
    return s.pose.apply(center_of(s.shape));
  } else {
    return vec3(real(0));  // Box: its centre; unknown shapes: no guess
  }
}

/// What solve() found, in the working frame, before the radii and the
/// world frame are applied (finish()).
struct SolveResult {
  vec3 v{real(0)};                                 ///< closest point of D (= point_b - point_a)
  vec3 last_direction{real(0), real(0), real(1)};  ///< last nonzero v, for an axis when v = 0
  real scale = 0;                                  ///< magnitude of the visited support points
  int iterations = 0;                              ///< support evaluations
  Status status = Status::converged;               ///< how it ended
  bool intersecting = false;                       ///< |v| within the touching band
};

/// Fills `s` from the cache's indices (both shapes indexed) and returns its
/// closest point; leaves `s` empty when the cache is cold or unusable.
template <SupportMap A, SupportMap B>
vec3 warm_start(const A& a, const B& b, const Cache* cache, Simplex& s) {
  s.count = 0;
  if constexpr (convex::IndexedSupportMap<A> && convex::IndexedSupportMap<B>) {
    if (cache == nullptr || cache->count < 1 || cache->count > 4) return vec3(real(0));
    for (int k = 0; k < cache->count; ++k) {
      const index_t ia = cache->index_a[k], ib = cache->index_b[k];
      if (ia < 0 || ia >= a.vertex_count() || ib < 0 || ib >= b.vertex_count()) {
        s.count = 0;
        return vec3(real(0));
      }
      SimplexVertex& p = s.v[s.count++];
      p.a = a.vertex(ia), p.b = b.vertex(ib), p.w = p.b - p.a, p.ia = ia, p.ib = ib;
    }
    return closest_point(s);
  } else {
    (void)a, (void)b, (void)cache;
    return vec3(real(0));
  }
}

/// True when p repeats a point of the simplex (same indices, or the same w
/// for non-indexed shapes).
[[nodiscard]] SEPAX_API bool repeats(const Simplex& s, const SimplexVertex& p);

/// Sorts the simplex by vertex indices and recomputes its closest point, so
/// that the answer depends on the terminal vertex set only (warm and cold
/// starts then agree to the bit; solve() keeps its own answer instead when
/// the sorted one is farther from the origin by more than the touching
/// band). Returns the closest point.
[[nodiscard]] SEPAX_API vec3 canonicalize(Simplex& s);

/// Stores the terminal simplex and direction in the cache.
SEPAX_API void store(const Simplex& s, const vec3& v, Cache* cache);

/// True when the origin, within round-off of the triangle `s` (count 3,
/// its closest point having weights s.lambda), lies in the tetrahedron of the
/// triangle and D's support point beyond the triangle's plane on the
/// origin's side. The loop can stop without progress on a triangle inside
/// D whose plane passes within round-off of the origin: v is then mostly
/// round-off, and its length alone may fall just outside the touching band
/// of a pair that overlaps. With the origin at height t
/// above the triangle's point of weights lambda, and the support point q at
/// height h whose projection has weights mu, the origin's weights in the
/// tetrahedron are lambda - (t / h) mu and t / h: all >= 0 means inside.
template <SupportMap A, SupportMap B>
bool inside_over_triangle(const A& a, const B& b, const Simplex& s) {
  const vec3& w0 = s.v[0].w;
  const vec3& w1 = s.v[1].w;
  const vec3& w2 = s.v[2].w;
  vec3 n = glm::cross(w1 - w0, w2 - w0);
  const real nn = glm::dot(n, n);
  if (!(nn > 0)) return false;
  const real side = glm::dot(n, w0);  // the origin is on the side of -side * n
  if (side > 0) n = -n;
  const SimplexVertex q = support_pair(a, b, n, s.v[0].ia, s.v[0].ib);
  const real len = std::sqrt(nn);
  const real h = glm::dot(n, q.w - w0) / len;  // q's height on the origin's side
  const real t = std::abs(side) / len;         // the origin's height
  if (!(h > 0) || t > h) return false;
  const vec3 foot = q.w - n * (glm::dot(n, q.w - w0) / nn);  // q projected on the plane
  const vec3* w[3] = {&w0, &w1, &w2};
  for (int i = 0; i < 3; ++i) {
    const vec3& wj = *w[(i + 1) % 3];
    const vec3& wk = *w[(i + 2) % 3];
    const real mu = glm::dot(glm::cross(wj - foot, wk - foot), n) / nn * (side > 0 ? -1 : 1);
    if (s.lambda[i] * h < t * mu) return false;
  }
  return true;
}

/// The GJK loop in the frame the shapes are given in. `guess` is a point of
/// D or 0 (first search direction when the cache has none); with
/// `early_exit` it stops as soon as a separating plane proves the shapes
/// apart (boolean query). Leaves the terminal simplex in `s`.
///
/// Outline: start from the cached simplex or from the support point along
/// -guess; repeat: w = support of D along -v; stop when dot(v, w) proves
/// separation (early exit), when the duality gap |v|^2 - dot(v, w) is within
/// tolerance, when w repeats a simplex point (status degenerate when the gap
/// is then beyond the touching band), or when the signed-volumes step
/// stops shrinking |v|; otherwise add w and reduce the simplex to the face
/// nearest the origin. |v| within the touching band (or the origin inside a
/// tetrahedron) means intersecting.
template <SupportMap A, SupportMap B>
SolveResult solve(const A& a, const B& b, const vec3& guess, bool early_exit, Cache* cache,
                  Simplex& s) {
  SolveResult r;
  vec3 v = warm_start(a, b, cache, s);
  if (s.count == 0) {
    vec3 d = cache != nullptr ? cache->direction : vec3(real(0));
    if (!(glm::dot(d, d) > 0)) d = guess;
    if (!(glm::dot(d, d) > 0)) d = vec3(real(1), real(0), real(0));
    s.v[0] = support_pair(a, b, -d, -1, -1);
    s.lambda[0] = 1, s.count = 1, v = s.v[0].w, r.iterations = 1;
  }
  for (int k = 0; k < s.count; ++k) r.scale = std::max(r.scale, magnitude(s.v[k]));
  for (;;) {
    const real vv = glm::dot(v, v);
    const real touch = tol::gjk_touch * r.scale;
    if (vv <= touch * touch) break;
    r.last_direction = v;
    if (r.iterations >= max_iterations) {
      r.status = Status::max_iterations;
      break;
    }
    ++r.iterations;
    const SimplexVertex& last = s.v[s.count - 1];
    const SimplexVertex p = support_pair(a, b, -v, last.ia, last.ib);
    r.scale = std::max(r.scale, magnitude(p));
    const real vw = glm::dot(v, p.w), len = std::sqrt(vv);
    if (early_exit && vw > tol::gjk_touch * r.scale * len) break;  // separating plane
    if (vv - vw <= tol::gjk_gap * vv + tol::gjk_roundoff * r.scale * len) break;
    if (repeats(s, p)) {
      // A repeated point ends the search: in exact arithmetic v is then the
      // closest point. Rounded, v may be off its simplex's true closest
      // point, so the answer is trusted (converged) only while the bounds
      // dot(v, w) / |v| <= distance <= |v| lie within the touching band.
      if (vv - vw > tol::gjk_touch * r.scale * len) r.status = Status::degenerate;
      break;
    }
    const Simplex before = s;
    s.v[s.count++] = p;
    const vec3 next = closest_point(s);
    if (!(glm::dot(next, next) < vv)) {  // round-off: no more progress
      s = before;
      r.status = Status::degenerate;
      break;
    }
    v = next;
  }
  const real touch = tol::gjk_touch * r.scale;
  // The loop's verdict stands whatever the canonical order below rounds
  // to: re-solving the same simplex may move v across the band's edge.
  const bool inside = glm::dot(v, v) > touch * touch && r.status == Status::degenerate &&
                      s.count == 3 && inside_over_triangle(a, b, s);
  if (inside) r.status = Status::converged;  // the origin is inside D: intersecting
  const bool touching = inside || glm::dot(v, v) <= touch * touch;
  if constexpr (convex::IndexedSupportMap<A> && convex::IndexedSupportMap<B>) {
    // The canonical order's answer, unless its round-off makes it worse by
    // more than the touching band (signed volumes of a tetrahedron far
    // larger than the origin's distance to it can misplace the origin):
    // such a simplex keeps the loop's answer.
    Simplex sorted = s;
    const vec3 canonical = canonicalize(sorted);
    const real worse = std::sqrt(glm::dot(canonical, canonical)) - std::sqrt(glm::dot(v, v));
    if (!(worse > touch)) s = sorted, v = canonical;
  }
  r.v = inside ? vec3(real(0)) : v;
  r.intersecting = touching || glm::dot(v, v) <= touch * touch;
  store(s, v, cache);
  return r;
}

/// Turns a run on the cores into a Result: subtracts the radii of A
/// and B (world lengths; moving each witness point along the axis onto the
/// rounded surface), maps points, axis and distance to the world with
/// `to_world` (null: the working frame is the world frame).
[[nodiscard]] SEPAX_API Result finish(const SolveResult& r, const Simplex& s, real radius_a,
                                      real radius_b, const Pose* to_world);

/// Calls f(core_a, core_b, guess, to_world) on the shapes' cores in the
/// working frame: A's local frame when both cores are Posed (to_world is then
/// A's pose; lengths there are world lengths / its scale), else the caller's
/// frame (to_world null).
template <SupportMap A, SupportMap B, class F>
decltype(auto) in_working_frame(const A& a, const B& b, F&& f) {
  const auto& ca = convex::core_of(a);
  const auto& cb = convex::core_of(b);
  using CA = std::remove_cvref_t<decltype(ca)>;
  using CB = std::remove_cvref_t<decltype(cb)>;
  if constexpr (convex::is_posed<CA> && convex::is_posed<CB>) {
    using LB = convex::Posed<decltype(cb.shape)>;
    const LB lb{cb.shape, relative_pose(ca.pose, cb.pose)};
    const vec3 guess = center_of(lb) - center_of(ca.shape);
    return f(ca.shape, lb, guess, &ca.pose);
  } else {
    const vec3 guess = center_of(cb) - center_of(ca);
    return f(ca, cb, guess, static_cast<const Pose*>(nullptr));
  }
}

extern template SEPAX_API SolveResult solve(const convex::HullShape&,
                                            const convex::Posed<convex::HullShape>&, const vec3&,
                                            bool, Cache*, Simplex&);
extern template SEPAX_API SolveResult solve(const convex::Box&, const convex::Posed<convex::Box>&,
                                            const vec3&, bool, Cache*, Simplex&);
extern template SEPAX_API SolveResult solve(const convex::HullShape&,
                                            const convex::Posed<convex::Box>&, const vec3&, bool,
                                            Cache*, Simplex&);
extern template SEPAX_API SolveResult solve(const convex::Box&,
                                            const convex::Posed<convex::HullShape>&, const vec3&,
                                            bool, Cache*, Simplex&);

}  // namespace sepax::gjk::detail

namespace sepax::gjk {

template <SupportMap A, SupportMap B>
Result distance(const A& a, const B& b, Cache* cache) {
  const real ra = convex::radius_of(a), rb = convex::radius_of(b);
  return detail::in_working_frame(
      a, b, [&](const auto& ca, const auto& cb, const vec3& guess, const Pose* to_world) {
        detail::Simplex s;
        const detail::SolveResult r = detail::solve(ca, cb, guess, false, cache, s);
        return detail::finish(r, s, ra, rb, to_world);
      });
}

template <SupportMap A, SupportMap B>
bool intersect(const A& a, const B& b, Cache* cache) {
  const real world_radius = convex::radius_of(a) + convex::radius_of(b);
  return detail::in_working_frame(
      a, b, [&](const auto& ca, const auto& cb, const vec3& guess, const Pose* to_world) {
        detail::Simplex s;
        const real radius = to_world ? world_radius / to_world->scale : world_radius;
        const bool rounded = radius > 0;
        const detail::SolveResult r = detail::solve(ca, cb, guess, !rounded, cache, s);
        if (!rounded || r.intersecting) return r.intersecting;
        return std::sqrt(glm::dot(r.v, r.v)) - radius <= tol::gjk_touch * (r.scale + radius);
      });
}

}  // namespace sepax::gjk
