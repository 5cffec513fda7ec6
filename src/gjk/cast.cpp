// Casts by GJK (gjk_cast.hpp): the hull overload of the linear cast, and
// the time of impact by conservative advancement on GJK's distance.
#include "sepax/gjk_cast.hpp"

#include "core/checks.hpp"

#include <algorithm>
#include <cmath>

namespace sepax::gjk {

namespace {

using sepax::detail::pose_ok;

/// The farthest a vertex of the hull lies from its frame's origin, world
/// lengths: how far a turn of the frame by one radian moves any point of it.
real reach(const Hull& hull, real scale) {
  real r = 0;
  for (const vec3& v : hull.vertices()) r = std::max(r, glm::dot(v, v));
  return std::sqrt(r) * scale;
}

CastResult with_status(CastStatus status, real t, int steps) {
  CastResult out;
  out.status = status;
  out.fraction = t;
  out.iterations = steps;
  return out;
}

}  // namespace

CastResult shape_cast(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b,
                      const vec3& translation, real max_fraction, real target) {
  if (a.empty() || b.empty() || !pose_ok(pose_a) || !pose_ok(pose_b))
    return with_status(CastStatus::bad_input, 0, 0);
  return shape_cast(convex::posed(a, pose_a), convex::posed(b, pose_b), translation, max_fraction,
                    target);
}

// Conservative advancement (Mirtich 1996). Over the rest of the sweep, a
// point of B approaches A along the fixed direction n no faster than
// mu = max(0, -(B's translation - A's) . n) + A's turn * A's reach + B's turn
// * B's reach; the gap along n is at least the distance at t less mu times
// the time since, and the gap along any axis bounds the distance from
// below. So no contact comes before t + (distance - target) / mu.
CastResult time_of_impact(const Hull& a, const Sweep& sweep_a, const Hull& b, const Sweep& sweep_b,
                          real target, real tolerance) {
  const bool sweeps_ok = pose_ok(sweep_a.start) && pose_ok(sweep_a.end) && pose_ok(sweep_b.start) &&
                         pose_ok(sweep_b.end) && sweep_a.start.scale == sweep_a.end.scale &&
                         sweep_b.start.scale == sweep_b.end.scale;
  if (a.empty() || b.empty() || !sweeps_ok || !(target >= 0) || !std::isfinite(target) ||
      !std::isfinite(tolerance))
    return with_status(CastStatus::bad_input, 0, 0);
  const real size = std::min(a.extent() * sweep_a.start.scale, b.extent() * sweep_b.start.scale);
  if (!(tolerance > 0)) tolerance = tol::toi * size;
  const vec3 moved = (sweep_b.end.translation - sweep_b.start.translation) -
                     (sweep_a.end.translation - sweep_a.start.translation);
  const real turning = sweep_a.angle() * reach(a, sweep_a.start.scale) +
                       sweep_b.angle() * reach(b, sweep_b.start.scale);
  Cache cache;
  real t = 0;
  vec3 last_axis{real(0), real(0), real(1)};  // set by every step that is apart
  for (int step = 1; step <= max_toi_iterations; ++step) {
    const Pose pa = sweep_a.at(t), pb = sweep_b.at(t);
    const Result g = distance(a, pa, b, pb, &cache);
    if (g.intersecting && t == 0) {
      CastResult out = with_status(CastStatus::overlapping, 0, step);
      const epa::Result e = epa::query(a, pa, b, pb);
      out.normal = e.axis;
      out.point = e.point_a;
      return out;
    }
    if (g.intersecting || g.distance <= target + tolerance) {
      // Within GJK's touching band its axis is only a search direction: the
      // last step's closest direction stands for the normal then.
      CastResult out = with_status(CastStatus::hit, t, step);
      out.normal = g.intersecting ? last_axis : g.axis;
      out.point = g.point_a;
      return out;
    }
    last_axis = g.axis;
    const real mu = std::max(real(0), -glm::dot(moved, g.axis)) + turning;
    if (!(mu > 0)) return with_status(CastStatus::missed, 0, step);
    const real next = t + (g.distance - target) / mu;
    if (!(next <= 1)) return with_status(CastStatus::missed, 0, step);
    t = next;
  }
  return with_status(CastStatus::max_iterations, t, max_toi_iterations);
}

}  // namespace sepax::gjk
