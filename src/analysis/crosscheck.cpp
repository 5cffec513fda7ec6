// SAT against GJK/EPA on one pair (see crosscheck.hpp for what "agree"
// means and why).
#include "sepax/crosscheck.hpp"

#include "sepax/support.hpp"

#include <algorithm>
#include <cmath>

namespace sepax {

namespace {

// Gap of the pair along the world axis u (from A to B): the smallest
// coordinate of B along u minus the largest of A, from support points.
real gap_along(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b,
               const vec3& u) {
  const vec3 top_a = pose_a.apply(support_point(a, pose_a.rotate_inverse(u)));
  const vec3 bottom_b = pose_b.apply(support_point(b, pose_b.rotate_inverse(-u)));
  return glm::dot(u, bottom_b - top_a);
}

// The pair's size: the larger hull's extent at its pose's scale.
real pair_size(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b) {
  return std::max(a.extent() * pose_a.scale, b.extent() * pose_b.scale);
}

// The agreement band (tolerances.hpp) of a pair of this size whose SAT
// touching band is `touch`: that band is tol::touching of the pair's
// magnitude, which gives the magnitude.
real agreement_band(real size, real touch) {
  return tol::agreement * size + tol::agreement_roundoff * (touch / tol::touching);
}

real angle_between(const vec3& u, const vec3& v) {
  return std::atan2(glm::length(glm::cross(u, v)), glm::dot(u, v));
}

// The verdict (crosscheck.hpp) from SAT's separation and band and GJK's
// decision, already in c.
CrossCheck::Verdict verdict_of(const CrossCheck& c) {
  const real s = c.sat.separation;
  if (s > c.touch || (s > 0 && !c.epa.intersecting)) return CrossCheck::Verdict::separated;
  if (s < -c.touch) return CrossCheck::Verdict::intersecting;
  return CrossCheck::Verdict::touching;
}

// Fills c.agree and c.reason from the numbers already in c.
void judge(CrossCheck& c) {
  const real s = c.sat.separation, g = c.epa.separation;
  const bool in_band = std::abs(s) <= c.band || std::abs(g) <= c.band;
  if (!c.same_verdict && !in_band) {
    c.reason = "SAT and GJK give different verdicts";
    return;
  }
  if (in_band) {
    c.agree = true;  // within the agreement band: either verdict, and tiny values on both sides
    return;
  }
  if (c.sat.intersecting) {
    // EPA stopped early is still exact enough when its bounds are that close.
    const bool epa_exact =
        c.epa.epa_status == epa::Status::converged || c.epa.depth_error <= c.value_tolerance;
    if (epa_exact && c.separation_difference > c.value_tolerance) {
      c.reason = "SAT and EPA depths differ";
      return;
    }
    if (!epa_exact && -s > -g + c.value_tolerance) {
      c.reason = "SAT depth exceeds EPA's upper bound";
      return;
    }
    const bool same_axis = c.axis_angle <= c.angle_tolerance;
    const bool equally_deep = std::abs(c.sat_gap_along_epa_axis - s) <= c.value_tolerance;
    if (epa_exact && !same_axis && !equally_deep) {
      c.reason = "SAT and EPA axes are different directions of different depth";
      return;
    }
  } else if (!(s > 0) || s > g + c.value_tolerance) {
    c.reason = "SAT separation is not within (0, GJK distance]";
    return;
  }
  c.agree = true;
}

}  // namespace

CrossCheck crosscheck(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b,
                      epa::Workspace* workspace) {
  if (a.empty() || b.empty() || !scale_ok(pose_a) || !scale_ok(pose_b)) {
    CrossCheck c;
    c.reason = "empty hull";
    return c;
  }
  return compare(sat::query(a, pose_a, b, pose_b),
                 epa::query(a, pose_a, b, pose_b, nullptr, workspace), a, pose_a, b, pose_b);
}

CrossCheck compare(const sat::Result& sat, const epa::Result& gjk_epa, const Hull& a,
                   const Pose& pose_a, const Hull& b, const Pose& pose_b) {
  CrossCheck c;
  if (a.empty() || b.empty() || !scale_ok(pose_a) || !scale_ok(pose_b)) {
    c.reason = "empty hull";
    return c;
  }
  c.sat = sat;
  c.epa = gjk_epa;
  c.size = pair_size(a, pose_a, b, pose_b);
  c.touch = sat::touching_band(a, pose_a, b, pose_b);
  c.value_tolerance = agreement_band(c.size, c.touch);
  c.band = c.value_tolerance;
  c.angle_tolerance = c.size > 0 ? c.value_tolerance / c.size : real(0);  // tolerances.hpp
  c.same_verdict = c.sat.intersecting == c.epa.intersecting;
  c.separation_difference = std::abs(c.sat.separation - c.epa.separation);
  c.axis_angle = angle_between(c.sat.axis, c.epa.axis);
  c.sat_gap_along_epa_axis = gap_along(a, pose_a, b, pose_b, c.epa.axis);
  c.verdict = verdict_of(c);
  judge(c);
  return c;
}

}  // namespace sepax

namespace sepax {

// Where one road hits and the other misses, the path may graze: SAT a
// little further along then finds the pair no deeper than the tolerance.
CastCheck crosscheck_cast(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b,
                          const vec3& translation, real max_fraction) {
  return compare_casts(sat::shape_cast(a, pose_a, b, pose_b, translation, max_fraction),
                       gjk::shape_cast(a, pose_a, b, pose_b, translation, max_fraction), a, pose_a,
                       b, pose_b, translation, max_fraction);
}

CastCheck compare_casts(const CastResult& sat, const CastResult& gjk, const Hull& a,
                        const Pose& pose_a, const Hull& b, const Pose& pose_b,
                        const vec3& translation, real max_fraction) {
  CastCheck c;
  c.sat = sat;
  c.gjk = gjk;
  if (a.empty() || b.empty() || !scale_ok(pose_a) || !scale_ok(pose_b)) {
    c.reason = "empty hull";
    return c;
  }
  if (c.sat.status == CastStatus::bad_input || c.gjk.status == CastStatus::bad_input) {
    c.reason = "bad input";
    return c;
  }
  // The agreement band over the path (the larger of its start's and end's),
  // plus how finely a world pose places B along it: SAT's cast steps
  // through world poses, whose translation rounds by eps / 2 of its
  // magnitude, as does the step t * translation added to it.
  Pose end = pose_b;
  end.translation += max_fraction * translation;
  const real placement =
      tol::eps * (glm::length(pose_b.translation) + max_fraction * glm::length(translation));
  // The size does not change along the path; the magnitude does.
  const real size = pair_size(a, pose_a, b, pose_b);
  const real touch =
      std::max(sat::touching_band(a, pose_a, b, pose_b), sat::touching_band(a, pose_a, b, end));
  const real band = agreement_band(size, touch) + placement;
  const real length = glm::length(translation);
  c.tolerance = length > 0 ? band / length : real(0);
  if (c.sat.hit() && c.gjk.hit()) {
    c.fraction_difference = std::abs(c.sat.fraction - c.gjk.fraction);
    const bool overlapping = c.sat.status == CastStatus::overlapping;
    if (overlapping != (c.gjk.status == CastStatus::overlapping) &&
        std::max(c.sat.fraction, c.gjk.fraction) > c.tolerance) {
      c.reason = "one road starts overlapping, the other hits later";
      return c;
    }
    if (c.fraction_difference > c.tolerance) {
      c.reason = "the roads' fractions differ";
      return c;
    }
  } else if (c.sat.hit() != c.gjk.hit()) {
    const CastResult& hit = c.sat.hit() ? c.sat : c.gjk;
    Pose after = pose_b;
    after.translation += std::min(hit.fraction + 4 * c.tolerance, max_fraction) * translation;
    const bool graze = sat::query(a, pose_a, b, after).separation >= -band;
    const bool at_end = hit.fraction >= max_fraction - c.tolerance;
    if (!graze && !at_end) {
      c.reason = c.sat.hit() ? "SAT hits, GJK misses" : "GJK hits, SAT misses";
      return c;
    }
  } else if (c.sat.status == CastStatus::max_iterations ||
             c.gjk.status == CastStatus::max_iterations) {
    c.reason = "a road ran out of iterations";
    return c;
  }
  c.agree = true;
  return c;
}

}  // namespace sepax
