// EPA's loop over any support maps, and the pieces around it: lifting GJK's
// simplex into a tetrahedron, the answer for a flat Minkowski difference,
// result assembly. The implementation of the template declared in epa.hpp
// (include that header, not this one); not a stable API.
#pragma once

#include "sepax/epa.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sepax::epa::detail {

using gjk::detail::Simplex;
using gjk::detail::SimplexVertex;

/// What expand() found on the cores, in the working frame, before the radii
/// and the world frame are applied (finish()).
struct ExpandResult {
  real depth = 0;                           ///< >= 0 (core depth): an upper bound
  real lower = 0;                           ///< a lower bound of the core depth
  vec3 normal{real(0), real(0), real(-1)};  ///< outward normal of D's face (axis = -normal)
  vec3 pa{real(0)};                         ///< witness on A's core
  vec3 pb{real(0)};                         ///< witness on B's core
  int iterations = 0;                       ///< support evaluations
  Status status = Status::converged;        ///< how it ended
};

/// Search directions that can lift a simplex of 1, 2 or 3 points into a
/// higher dimension (axes; perpendiculars of the segment; the triangle's two
/// normals). Returns how many were written to dirs.
SEPAX_API int lift_directions(const Simplex& s, vec3 (&dirs)[6]);

/// Distance of w from the affine hull of the simplex's points (count 1..3).
[[nodiscard]] SEPAX_API real lift_height(const Simplex& s, const vec3& w);

/// Replaces a too-flat tetrahedron by its face (or edge) nearest the origin.
SEPAX_API void drop_to_face(Simplex& s);

/// The answer when D has no volume (a polygon, segment or point through
/// the origin): depth 0 along the polygon's normal or any perpendicular.
[[nodiscard]] SEPAX_API ExpandResult flat_answer(const Simplex& grown, const Simplex& gjk_simplex,
                                                 const vec3& guess);

/// Grows GJK's terminal simplex (origin in it, 1 to 4 points) into a full
/// tetrahedron with support points of D. Returns the count reached: 4, or
/// less when D is flat or degenerate.
template <SupportMap A, SupportMap B>
int grow(const A& a, const B& b, Simplex& s, real& scale, int& iterations) {
  while (s.count < 4) {
    vec3 dirs[6];
    const int n = lift_directions(s, dirs);
    real best_h = tol::gjk_touch * scale;
    SimplexVertex best;
    bool found = false;
    for (int k = 0; k < n; ++k) {
      const SimplexVertex p = gjk::detail::support_pair(a, b, dirs[k], -1, -1);
      ++iterations;
      scale = std::max(scale, gjk::detail::magnitude(p));
      const real h = lift_height(s, p.w);
      if (h > best_h) best_h = h, best = p, found = true;
    }
    if (!found) return s.count;
    s.v[s.count++] = best;
  }
  return 4;
}

/// The EPA loop on the cores, in the working frame, from GJK's terminal
/// simplex `s` (origin inside or within the touching band).
///
/// Outline: grow s to a tetrahedron (or answer depth 0 when D is flat);
/// repeat: take the face nearest the origin, the support point p of D along
/// its normal; stop when p is within tolerance of the face's plane (the face
/// lies on D's boundary: its distance is the depth); otherwise add p (remove
/// the faces it sees, join the horizon to it). Every support value along a
/// face normal is an upper bound on the depth; the smallest is kept for
/// early stops.
template <SupportMap A, SupportMap B>
ExpandResult expand(const A& a, const B& b, const Simplex& s, real scale, const vec3& guess,
                    Polytope& poly) {
  ExpandResult r;
  Simplex t = s;
  bool started = false;
  for (int attempt = 0; attempt < 2 && !started; ++attempt) {
    if (grow(a, b, t, scale, r.iterations) < 4) return flat_answer(t, s, guess);
    started = poly.start(t.v);
    if (!started) drop_to_face(t);
  }
  if (!started) return flat_answer(t, s, guess);
  real best = std::numeric_limits<real>::infinity();
  for (;;) {
    const int f = poly.closest();
    const Face& face = poly.face(f);
    // The polytope lies in D, so its nearest face bounds the depth below.
    r.lower = std::max(face.d, real(0));
    if (r.iterations >= iteration_cap(poly.vertex_capacity())) {
      r.status = Status::max_iterations;
      break;
    }
    ++r.iterations;
    // No hint: successive faces lie anywhere on the polytope, and a hull's
    // own start (its table of seed directions) is nearer the answer than
    // the previous support.
    const SimplexVertex p = gjk::detail::support_pair(a, b, face.n, -1, -1);
    scale = std::max(scale, gjk::detail::magnitude(p));
    const real upper = glm::dot(face.n, p.w);
    if (upper < best) {
      best = upper, r.normal = face.n;
      poly.witness(f, r.pa, r.pb);
    }
    if (upper - face.d <= tol::epa_gap * std::max(face.d, real(0)) + tol::epa_roundoff * scale) {
      r.depth = r.lower, r.normal = face.n;
      poly.witness(f, r.pa, r.pb);
      return r;
    }
    const Polytope::Add added = poly.add(p, f);
    if (added != Polytope::Add::ok) {
      r.status = added == Polytope::Add::full ? Status::capacity : Status::degenerate;
      break;
    }
  }
  r.depth = std::max(best, r.lower);
  return r;
}

/// Assembles the combined answer from GJK's run and, when intersecting, EPA's:
/// adds the radii, moves the witnesses onto the rounded surfaces, maps to
/// the world with `to_world` (null: working frame = world frame).
[[nodiscard]] SEPAX_API Result finish(const gjk::detail::SolveResult& g, const Simplex& s,
                                      const ExpandResult* e, real radius_a, real radius_b,
                                      const Pose* to_world);

extern template SEPAX_API ExpandResult expand(const convex::HullShape&,
                                              const convex::Posed<convex::HullShape>&,
                                              const Simplex&, real, const vec3&, Polytope&);
extern template SEPAX_API ExpandResult expand(const convex::Box&, const convex::Posed<convex::Box>&,
                                              const Simplex&, real, const vec3&, Polytope&);

}  // namespace sepax::epa::detail

namespace sepax::epa {

template <SupportMap A, SupportMap B>
Result query(const A& a, const B& b, gjk::Cache* cache, Workspace* workspace) {
  const real ra = convex::radius_of(a), rb = convex::radius_of(b);
  return gjk::detail::in_working_frame(
      a, b, [&](const auto& ca, const auto& cb, const vec3& guess, const Pose* to_world) {
        detail::Simplex s;
        const gjk::detail::SolveResult g = gjk::detail::solve(ca, cb, guess, false, cache, s);
        if (!g.intersecting) return detail::finish(g, s, nullptr, ra, rb, to_world);
        if (workspace != nullptr) {
          const detail::ExpandResult e =
              detail::expand(ca, cb, s, g.scale, guess, workspace->polytope());
          return detail::finish(g, s, &e, ra, rb, to_world);
        }
        detail::InlineStorage<max_vertices> storage;
        detail::Polytope poly(storage.view());
        const detail::ExpandResult e = detail::expand(ca, cb, s, g.scale, guess, poly);
        return detail::finish(g, s, &e, ra, rb, to_world);
      });
}

}  // namespace sepax::epa
