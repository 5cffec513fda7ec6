// The linear casts of gjk_cast.hpp (include that header, not this one).
// Not a stable API.
#pragma once

#include "sepax/gjk_cast.hpp"

#include <cmath>

namespace sepax::gjk::detail {

/// What cast_cores found, in the working frame.
struct CastRun {
  CastStatus status = CastStatus::missed;
  real t = 0;                              ///< fraction reached
  vec3 normal{real(0), real(0), real(1)};  ///< unit, A to B
  vec3 point_a{real(0)};                   ///< core A's witness at t
  int iterations = 0;                      ///< support points evaluated
};

/// The linear cast of the cores a and b (working frame) with B moving by d:
/// the first t in [0, max_fraction] at which their distance is `radius`.
template <SupportMap A, SupportMap B>
CastRun cast_cores(const A& a, const B& b, const vec3& guess, const vec3& d, real max_fraction,
                   real radius) {
  CastRun run;
  const vec3 first = glm::dot(guess, guess) > 0 ? guess : vec3(real(1), real(0), real(0));
  Simplex s;
  s.v[0] = support_pair(a, b, -first, -1, -1);
  s.lambda[0] = 1, s.count = 1;
  vec3 v = s.v[0].w;
  real scale = magnitude(s.v[0]);
  real t = 0;
  bool advanced = false;
  for (;;) {
    const real len = std::sqrt(glm::dot(v, v));
    const real band = tol::gjk_touch * (scale + radius);
    if (len - radius <= band) break;  // in contact at t
    if (run.iterations >= max_cast_iterations) {
      run.status = CastStatus::max_iterations;
      break;
    }
    ++run.iterations;
    const SimplexVertex& last = s.v[s.count - 1];
    SimplexVertex p = support_pair(a, b, -v, last.ia, last.ib);
    p.b += t * d, p.w = p.b - p.a;  // B where it is at t
    scale = std::max(scale, magnitude(p));
    const real vw = glm::dot(v, p.w);
    if (vw - radius * len > band * len) {
      // A plane separates the origin from D grown by the radius: no contact
      // before that plane reaches the origin.
      const real vd = glm::dot(v, d);
      if (!(vd < 0))
        return CastRun{CastStatus::missed, 0, {real(0), real(0), real(1)}, {}, run.iterations};
      const real next = t + (vw - radius * len) / -vd;
      if (!(next <= max_fraction))
        return CastRun{CastStatus::missed, 0, {real(0), real(0), real(1)}, {}, run.iterations};
      p.b += (next - t) * d, p.w = p.b - p.a;
      t = next, run.normal = v, advanced = true;
      s.count = 0;  // the old points were D's at the old t
    } else if (repeats(s, p)) {
      break;  // no new support point: GJK has converged at t
    }
    const Simplex before = s;
    s.v[s.count++] = p;
    const vec3 next_v = closest_point(s);
    if (before.count > 0 && !(glm::dot(next_v, next_v) < glm::dot(v, v))) {
      s = before;  // round-off: no more progress at t
      break;
    }
    v = next_v;
  }
  if (run.status == CastStatus::max_iterations) {
    run.t = t;
    return run;
  }
  run.status = advanced ? CastStatus::hit : CastStatus::overlapping;
  run.t = t;
  const vec3 n = advanced ? run.normal : v;
  const real n_len = std::sqrt(glm::dot(n, n));
  run.normal = n_len > 0 ? n / n_len : vec3(real(0), real(0), real(1));
  for (int k = 0; k < s.count; ++k) run.point_a += s.lambda[k] * s.v[k].a;
  return run;
}

}  // namespace sepax::gjk::detail

namespace sepax::gjk {

template <SupportMap A, SupportMap B>
CastResult shape_cast(const A& a, const B& b, const vec3& translation, real max_fraction,
                      real target) {
  CastResult out;
  const real ra = convex::radius_of(a), rb = convex::radius_of(b);
  if (!(max_fraction >= 0) || !std::isfinite(max_fraction) || !(target >= 0) ||
      !std::isfinite(target) || !std::isfinite(glm::dot(translation, translation))) {
    out.status = CastStatus::bad_input;
    return out;
  }
  const detail::CastRun run = detail::in_working_frame(
      a, b, [&](const auto& ca, const auto& cb, const vec3& guess, const Pose* to_world) {
        const real unit = to_world ? to_world->scale : real(1);
        const vec3 d = to_world ? to_world->rotate_inverse(translation) / unit : translation;
        detail::CastRun r =
            detail::cast_cores(ca, cb, guess, d, max_fraction, (ra + rb + target) / unit);
        r.point_a += r.normal * (ra / unit);  // onto A's rounded surface
        if (to_world) r.point_a = to_world->apply(r.point_a), r.normal = to_world->rotate(r.normal);
        return r;
      });
  out.status = run.status;
  out.fraction = run.status == CastStatus::missed ? real(0) : run.t;
  out.normal = run.normal;
  out.point = run.point_a;
  out.iterations = run.iterations;
  if (run.status == CastStatus::overlapping) {  // the way out: EPA's minimum translation
    const epa::Result e = epa::query(a, b);
    out.normal = e.axis;
    out.point = e.point_a;
  }
  return out;
}

template <SupportMap S>
CastResult ray_cast(const S& shape, const Ray& ray) {
  CastResult out = shape_cast(shape, convex::Point{ray.origin}, ray.translation, ray.max_fraction);
  if (out.status == CastStatus::hit) out.point = ray.origin + out.fraction * ray.translation;
  return out;
}

}  // namespace sepax::gjk
