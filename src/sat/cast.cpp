// The exact linear cast of two hulls (sat::shape_cast): advance along the
// path to where SAT's best axis closes, until SAT says the pair touches.
//
// Why it is exact and ends. The pair meets at t when t * translation lies
// in the Minkowski difference K of the hulls, whose facet normals are SAT's
// candidate axes u; along u the gap is g_t(u) = g_0(u) + t dot(u,
// translation), and the first contact is the largest over closing axes of
// the t where g_t(u) reaches the target (the path's entry into K's facet
// planes). SAT's best axis u_k at t_k separates by g > target, so no
// contact comes before t_k + (g - target) / closing rate: the next t. There
// g_t(u_k) = target, and it only falls after, so u_k never leads again
// while the pair is apart: the steps are at most the candidate axes. The
// axis of the last step is the facet the path enters through: the hit's
// normal, where axes that only touch without closing (a face landing flat
// beside an edge pair) tie with it.
#include "sepax/sat.hpp"

#include "core/checks.hpp"
#include "core/closest_point.hpp"
#include "sepax/support.hpp"

#include <cmath>

namespace sepax::sat {

namespace {

/// Most SAT queries a cast makes before it gives up (max_iterations).
constexpr int max_steps = 64;

using sepax::detail::finite;
using sepax::detail::pose_ok;

/// A point where the pair touches, from SAT's deciding feature and axis u
/// (world, A to B): the other hull's support point on a face, the closest
/// points of an edge pair; and A's feature there.
vec3 contact_point(const Hull& a, const Pose& pa, const Hull& b, const Pose& pb, const Result& r,
                   FeatureRef& feature_a) {
  const vec3& u = r.axis;
  const auto on_b = [&] { return pb.apply(support_point(b, pb.rotate_inverse(-u))); };
  const auto a_vertex = [&] {
    const index_t v = support_index(a, pa.rotate_inverse(u));
    feature_a = {FeatureType::vertex, v};
    return pa.apply(a.vertices()[v]);
  };
  switch (r.feature.kind) {
    case FeatureKind::face_a:
      feature_a = {FeatureType::face, r.feature.a};
      return on_b();
    case FeatureKind::edge_normal_a:
      feature_a = {FeatureType::edge, r.feature.a};
      return on_b();
    case FeatureKind::edges: {
      feature_a = {FeatureType::edge, r.feature.a};
      const vec3 a0 = pa.apply(a.edge_start(r.feature.a)), a1 = pa.apply(a.edge_end(r.feature.a));
      const vec3 b0 = pb.apply(b.edge_start(r.feature.b)), b1 = pb.apply(b.edge_end(r.feature.b));
      const sepax::detail::SegmentParams st =
          sepax::detail::closest_on_segments(a0, a1 - a0, b0, b1 - b0);
      return ((a0 + (a1 - a0) * st.s) + (b0 + (b1 - b0) * st.t)) * real(0.5);
    }
    case FeatureKind::face_b:
    case FeatureKind::edge_normal_b:
    case FeatureKind::none:
      break;
  }
  return a_vertex();
}

CastResult answer(CastStatus status, real t, const Hull& a, const Pose& pa, const Hull& b,
                  const Pose& pb, const Result& r, int steps) {
  CastResult out;
  out.status = status;
  out.fraction = t;
  out.normal = r.axis;
  out.point = contact_point(a, pa, b, pb, r, out.feature);
  out.iterations = steps;
  return out;
}

}  // namespace

CastResult shape_cast(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b,
                      const vec3& translation, real max_fraction, real target) {
  CastResult out;
  if (a.empty() || b.empty() || !pose_ok(pose_a) || !pose_ok(pose_b) || !finite(translation) ||
      !(max_fraction >= 0) || !std::isfinite(max_fraction) || !(target >= 0) ||
      !std::isfinite(target)) {
    out.status = CastStatus::bad_input;
    return out;
  }
  Pose at = pose_b;
  real t = 0;
  Result entry;  // the last step's axis; none before the first step
  for (int step = 1; step <= max_steps; ++step) {
    at.translation = pose_b.translation + t * translation;
    const Result r = query(a, pose_a, b, at);
    // In contact at the start: SAT's touching band. Later, a gap within the
    // round-off of its dot products (tol::coplanar of the pair's magnitude)
    // is the target reached: a wider band would stop short of the contact.
    if (r.intersecting && t == 0)
      return answer(CastStatus::overlapping, 0, a, pose_a, b, at, r, step);
    const real roundoff = tol::coplanar * (a.magnitude() * pose_a.scale + b.magnitude() * at.scale +
                                           glm::length(at.translation - pose_a.translation));
    if (r.separation <= target + roundoff)
      return answer(CastStatus::hit, t, a, pose_a, b, at, t > 0 ? entry : r, step);
    out.iterations = step;
    const real closing = -glm::dot(r.axis, translation);
    if (!(closing > 0)) return out;  // this axis opens or stays: apart for good (missed)
    const real next = t + (r.separation - target) / closing;
    if (!(next <= max_fraction)) return out;
    if (!(next > t)) return answer(CastStatus::hit, t, a, pose_a, b, at, r, step);
    t = next;
    entry = r;
  }
  out.status = CastStatus::max_iterations;
  out.fraction = t;
  return out;
}

}  // namespace sepax::sat
