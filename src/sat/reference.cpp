// The reference queries of sepax/testing.hpp: the seeds' SAT (project both
// hulls on every candidate axis and compare the intervals; no support
// mapping, no pruning), every edge pair without the Gauss map, and the
// general path without the box-box test or a cache. What the fast paths are
// checked and measured against.
#include "sat/internal.hpp"
#include "sepax/testing.hpp"

#include <algorithm>
#include <cmath>

namespace sepax::sat {

using detail::infinity;

namespace {

struct Interval {
  real min = infinity;
  real max = -infinity;
};

// Projection of the hull's vertices on u; `scale` and `shift` carry it into
// the other frame (its lengths and offset).
Interval project(const Hull& hull, const vec3& u, real scale, real shift) {
  Interval r;
  for (const vec3& v : hull.vertices()) {
    const real x = glm::dot(u, v) * scale + shift;
    r.min = std::min(r.min, x);
    r.max = std::max(r.max, x);
  }
  return r;
}

struct NaiveBest {
  real separation = -infinity;
  Feature feature;
  vec3 axis{real(0)};
};

// Gap of the projections on u (A's frame) in the better orientation: the
// larger of "B beyond A along u" and "B beyond A along -u". When the
// intervals overlap it is minus the smaller push-out distance (the seeds'
// containment correction), so one interval inside the other is handled.
void offer(const detail::PairFrames& p, const vec3& u, const Feature& feature, real margin,
           NaiveBest& best, Counters& counters) {
  ++counters.axes_tested;
  const Interval a = project(p.a, u, 1, 0);
  const Interval b =
      project(p.b, p.b_in_a.rotate_inverse(u), p.b_in_a.scale, glm::dot(u, p.b_in_a.translation));
  const real forward = b.min - a.max;
  const real backward = a.min - b.max;
  const real separation = std::max(forward, backward);
  if (separation > best.separation + margin)
    best = NaiveBest{separation, feature, forward >= backward ? u : -u};
}

}  // namespace

Result naive_query(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b) {
  if (a.empty() || b.empty() || !scale_ok(pose_a) || !scale_ok(pose_b)) return Result{};
  const detail::PairFrames p = detail::make_frames(a, pose_a, b, pose_b);
  const real bias = tol::face_preference * p.size;
  Counters counters;
  NaiveBest best;
  for (index_t f = 0; f < index_t(a.face_count()); ++f)
    offer(p, a.planes()[f].normal, {FeatureKind::face_a, f, -1}, 0, best, counters);
  for (index_t f = 0; f < index_t(b.face_count()); ++f)
    offer(p, p.b_in_a.rotate(b.planes()[f].normal), {FeatureKind::face_b, -1, f}, bias, best,
          counters);
  for (index_t i = 0; i < index_t(a.edge_count()); ++i) {
    for (index_t j = 0; j < index_t(b.edge_count()); ++j) {
      const vec3 q =
          glm::cross(a.edge_arcs()[i].direction, p.b_in_a.rotate(b.edge_arcs()[j].direction));
      const real len = glm::length(q);
      if (len < tol::parallel) continue;
      offer(p, q / len, {FeatureKind::edges, i, j}, bias, best, counters);
    }
  }
  // Flat polygons: the in-plane edge normals (see sat.cpp, flat_rim_query).
  if (a.is_flat() && b.is_flat()) {
    for (index_t i = 0; i < index_t(a.edge_count()); ++i)
      offer(p, a.edge_arcs()[i].middle, {FeatureKind::edge_normal_a, i, -1}, bias, best, counters);
    for (index_t j = 0; j < index_t(b.edge_count()); ++j)
      offer(p, p.b_in_a.rotate(b.edge_arcs()[j].middle), {FeatureKind::edge_normal_b, -1, j}, bias,
            best, counters);
  }
  return detail::make_result(p, best.separation, best.axis, best.feature, counters);
}

Result query_general(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b) {
  if (a.empty() || b.empty() || !scale_ok(pose_a) || !scale_ok(pose_b)) return Result{};
  return detail::general(detail::make_frames(a, pose_a, b, pose_b), infinity);
}

Result all_edges_query(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b) {
  if (a.empty() || b.empty() || !scale_ok(pose_a) || !scale_ok(pose_b)) return Result{};
  return detail::general(detail::make_frames(a, pose_a, b, pose_b), infinity,
                         detail::EdgeMethod::all_pairs);
}

// Each axis is evaluated in both orientations with support points: the
// edge-line formula holds only for crossing arcs.
detail::Best detail::all_pairs_edge_query(const PairFrames& p, Counters& counters) {
  Best best;
  index_t hint_a = -1, hint_b = -1;
  for (index_t i = 0; i < index_t(p.a.edge_count()); ++i) {
    const vec3 ea = p.a.edge_arcs()[i].direction;
    for (index_t j = 0; j < index_t(p.b.edge_count()); ++j) {
      const vec3 q = glm::cross(ea, p.b_in_a.rotate(p.b.edge_arcs()[j].direction));
      const real len = glm::length(q);
      if (len < tol::parallel) continue;
      for (const vec3 u : {q / len, -q / len}) {
        const real separation = gap_along(p, u, hint_a, hint_b, counters);
        if (separation > best.separation) best = Best{separation, i, j, u};
      }
    }
  }
  return best;
}

}  // namespace sepax::sat
