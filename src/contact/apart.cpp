// A pair last found beyond the margin, answered from its Apart record
// (contact.hpp) while B's motion relative to A cannot have closed the gap.
//
// In A's frame B's point v sits at x(v) = P v + t, P its rotation times its
// scale. With c B's bounds' centre and d = v - c (|d| at most the bounds'
// half diagonal h), the change since the record is
//   x'(v) - x(v) = (x'(c) - x(c)) + (P' - P) d,
// whose component along the axis u is at least
//   dot(u, x'(c) - x(c)) - |(P' - P)^T u| h.
// A does not move in its own frame, so the gap along u (B's lowest point
// minus A's highest) has changed by at least that much. The same bound as
// the resting state's (src/sat/resting.cpp), for one axis, with the turn
// measured along it instead of by its largest angle.
#include "contact/internal.hpp"
#include "sat/internal.hpp"

#include <algorithm>

namespace sepax::contact::detail {

namespace {

/// B's placement in A's frame: rotation times scale, and its bounds' centre.
struct Placement {
  mat3 p;
  vec3 centre;
};

Placement placement_of(const Pose& b_in_a, const Hull& b) {
  const vec3 centre = (b.bounds().min + b.bounds().max) * real(0.5);
  return {b_in_a.rotation * b_in_a.scale, b_in_a.apply(centre)};
}

}  // namespace

bool still_apart(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& b_in_a, real margin,
                 const Cache& cache, Manifold& m) {
  const Apart& held = cache.apart;
  if (!(held.gap > 0)) return false;
  const Placement now = placement_of(b_in_a, b);
  const mat3 turn = now.p - held.placement;
  // |(P' - P)^T u|: each column of P' - P is how one of B's axes moved.
  const vec3 turned(glm::dot(turn[0], held.axis), glm::dot(turn[1], held.axis),
                    glm::dot(turn[2], held.axis));
  // Twice SAT's touching band in A's lengths (bound_slack, the band
  // make_frames gives): the rounding of SAT's gap then; the bound's own
  // arithmetic now (B's placement twice, a few products of the magnitude)
  // rounds by less.
  const real half_diagonal = glm::length(b.bounds().max - b.bounds().min) * real(0.5);
  const real bound = held.gap + glm::dot(held.axis, now.centre - held.centre) -
                     glm::length(turned) * half_diagonal -
                     2 * sat::detail::bound_slack(a, b, b_in_a);
  if (!(bound * pose_a.scale > margin)) return false;
  m.normal = pose_a.rotate(held.axis);
  m.separation = bound * pose_a.scale;
  m.feature = cache.feature;
  m.count = 0;
  return true;
}

void hold_apart(const Hull& b, const Pose& pose_a, const Pose& b_in_a, const sat::Result& r,
                Apart& held) {
  const Placement then = placement_of(b_in_a, b);
  held.placement = then.p;
  held.centre = then.centre;
  held.axis = pose_a.rotate_inverse(r.axis);
  held.gap = std::max(r.separation / pose_a.scale, real(0));
}

}  // namespace sepax::contact::detail
