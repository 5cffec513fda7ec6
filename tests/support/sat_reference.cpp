// The reference SAT queries of sat_reference.hpp, written from the public
// API: relative poses, support by scanning, the touching band of sat.hpp.
#include "sat_reference.hpp"

#include "sepax/support.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sepax::ref {

namespace {

constexpr real infinity = std::numeric_limits<real>::infinity();

/// Both hulls with B in A's frame, as sat::query measures a pair.
struct Frames {
  const Hull& a;
  const Hull& b;
  const Pose& pose_a;
  Pose b_in_a;
  real size;   ///< larger extent, A's lengths
  real touch;  ///< touching band, A's lengths (tol::touching of the magnitude)
};

Frames frames(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b) {
  const Pose b_in_a = relative_pose(pose_a, pose_b);
  const real k = b_in_a.scale;
  const real magnitude = a.magnitude() + b.magnitude() * k + glm::length(b_in_a.translation);
  return {a, b, pose_a, b_in_a, std::max(a.extent(), b.extent() * k), tol::touching * magnitude};
}

sat::Result result(const Frames& p, real separation, const vec3& axis_in_a,
                   const sat::Feature& feature, const sat::Counters& counters) {
  sat::Result r;
  r.separation = separation * p.pose_a.scale;
  r.intersecting = separation <= p.touch;
  r.axis = p.pose_a.rotate(axis_in_a);
  r.feature = feature;
  r.counters = counters;
  return r;
}

struct Interval {
  real min = infinity;
  real max = -infinity;
};

/// Projection of the hull's vertices on u; `scale` and `shift` carry it into
/// A's frame (B's lengths and offset).
Interval project(const Hull& hull, const vec3& u, real scale, real shift) {
  Interval r;
  for (const vec3& v : hull.vertices()) {
    const real x = glm::dot(u, v) * scale + shift;
    r.min = std::min(r.min, x);
    r.max = std::max(r.max, x);
  }
  return r;
}

/// The best axis so far: its separation, feature and direction (A to B).
struct Best {
  real separation = -infinity;
  sat::Feature feature;
  vec3 axis{real(0)};
};

/// The gap of the projections on u (A's frame) in the better orientation:
/// the larger of "B beyond A along u" and "B beyond A along -u"; when the
/// intervals overlap it is minus the smaller push-out distance.
void offer_projected(const Frames& p, const vec3& u, const sat::Feature& feature, real margin,
                     Best& best, sat::Counters& counters) {
  ++counters.axes_tested;
  const Interval a = project(p.a, u, 1, 0);
  const Interval b =
      project(p.b, p.b_in_a.rotate_inverse(u), p.b_in_a.scale, glm::dot(u, p.b_in_a.translation));
  const real forward = b.min - a.max, backward = a.min - b.max;
  const real separation = std::max(forward, backward);
  if (separation > best.separation + margin)
    best = Best{separation, feature, forward >= backward ? u : -u};
}

/// The gap along u (A's frame) from support points: B's lowest point along
/// u less A's highest.
real gap_along(const Frames& p, const vec3& u, sat::Counters& counters) {
  counters.support_calls += 2;
  ++counters.axes_tested;
  const vec3 on_a = p.a.vertices()[support_brute(p.a, u)];
  const vec3 on_b = p.b_in_a.apply(p.b.vertices()[support_brute(p.b, p.b_in_a.rotate_inverse(-u))]);
  return glm::dot(u, on_b - on_a);
}

/// The cross product of edge i of A and edge j of B (A's frame), unit, or
/// zero for parallel edges.
vec3 edge_axis(const Frames& p, index_t i, index_t j) {
  const vec3 q =
      glm::cross(p.a.edge_arcs()[i].direction, p.b_in_a.rotate(p.b.edge_arcs()[j].direction));
  const real len = glm::length(q);
  return len < tol::parallel ? vec3(0) : q / len;
}

bool usable(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b) {
  return !a.empty() && !b.empty() && scale_ok(pose_a) && scale_ok(pose_b);
}

}  // namespace

sat::Result sat_naive(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b) {
  using sat::FeatureKind;
  if (!usable(a, pose_a, b, pose_b)) return sat::Result{};
  const Frames p = frames(a, pose_a, b, pose_b);
  const real bias = tol::face_preference * p.size;
  sat::Counters counters;
  Best best;
  for (index_t f = 0; f < index_t(a.face_count()); ++f)
    offer_projected(p, a.planes()[f].normal, {FeatureKind::face_a, f, -1}, 0, best, counters);
  for (index_t f = 0; f < index_t(b.face_count()); ++f)
    offer_projected(p, p.b_in_a.rotate(b.planes()[f].normal), {FeatureKind::face_b, -1, f}, bias,
                    best, counters);
  for (index_t i = 0; i < index_t(a.edge_count()); ++i)
    for (index_t j = 0; j < index_t(b.edge_count()); ++j) {
      const vec3 u = edge_axis(p, i, j);
      if (glm::dot(u, u) > 0)
        offer_projected(p, u, {FeatureKind::edges, i, j}, bias, best, counters);
    }
  if (a.is_flat() && b.is_flat()) {  // the in-plane edge normals of two polygons
    for (index_t i = 0; i < index_t(a.edge_count()); ++i)
      offer_projected(p, a.edge_arcs()[i].middle, {FeatureKind::edge_normal_a, i, -1}, bias, best,
                      counters);
    for (index_t j = 0; j < index_t(b.edge_count()); ++j)
      offer_projected(p, p.b_in_a.rotate(b.edge_arcs()[j].middle),
                      {FeatureKind::edge_normal_b, -1, j}, bias, best, counters);
  }
  return result(p, best.separation, best.axis, best.feature, counters);
}

sat::Result sat_all_edges(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b) {
  using sat::FeatureKind;
  if (!usable(a, pose_a, b, pose_b)) return sat::Result{};
  const Frames p = frames(a, pose_a, b, pose_b);
  const real bias = tol::face_preference * p.size;
  sat::Counters counters;
  // Each kind keeps its best; a later kind replaces the best so far only
  // when it separates more by the bias (A's face, B's face, edges, rims).
  const auto best_of = [&](auto&& axes) {
    Best best;
    axes([&](const vec3& u, const sat::Feature& f) {
      const real gap = gap_along(p, u, counters);
      if (gap > best.separation) best = Best{gap, f, u};
    });
    return best;
  };
  const Best faces_a = best_of([&](auto&& offer) {
    for (index_t f = 0; f < index_t(a.face_count()); ++f)
      offer(a.planes()[f].normal, {FeatureKind::face_a, f, -1});
  });
  const Best faces_b = best_of([&](auto&& offer) {
    for (index_t f = 0; f < index_t(b.face_count()); ++f)
      offer(-p.b_in_a.rotate(b.planes()[f].normal), {FeatureKind::face_b, -1, f});
  });
  const Best edges = best_of([&](auto&& offer) {
    for (index_t i = 0; i < index_t(a.edge_count()); ++i)
      for (index_t j = 0; j < index_t(b.edge_count()); ++j) {
        const vec3 u = edge_axis(p, i, j);
        if (glm::dot(u, u) == 0) continue;
        offer(u, {FeatureKind::edges, i, j});
        offer(-u, {FeatureKind::edges, i, j});
      }
  });
  Best best = faces_a;
  for (const Best& next : {faces_b, edges})
    if (next.separation > best.separation + bias) best = next;
  if (a.is_flat() && b.is_flat()) {
    const Best rims = best_of([&](auto&& offer) {
      for (index_t i = 0; i < index_t(a.edge_count()); ++i) {
        const vec3 m = a.edge_arcs()[i].middle;
        offer(m, {FeatureKind::edge_normal_a, i, -1});
        offer(-m, {FeatureKind::edge_normal_a, i, -1});
      }
      for (index_t j = 0; j < index_t(b.edge_count()); ++j) {
        const vec3 m = p.b_in_a.rotate(b.edge_arcs()[j].middle);
        offer(m, {FeatureKind::edge_normal_b, -1, j});
        offer(-m, {FeatureKind::edge_normal_b, -1, j});
      }
    });
    if (rims.separation > best.separation + bias) best = rims;
  }
  return result(p, best.separation, best.axis, best.feature, counters);
}

}  // namespace sepax::ref
