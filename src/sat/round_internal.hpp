// The query behind sat/round.cpp (SAT of spheres and capsules against a
// hull) and contact/round.cpp (their manifolds): a rounded segment against a
// hull, in the hull's local frame, with the witness points the manifold is
// built from. Not installed.
#pragma once

#include "sepax/sat_round.hpp"

#include <cstdint>

namespace sepax::sat::detail {

/// A rounded segment (a sphere when both ends coincide) against a hull,
/// everything in the hull's local frame.
struct RoundAnswer {
  /// Signed distance of the rounded shape to the hull: the core's exact
  /// signed distance minus the radius.
  real separation = 0;
  vec3 p0{real(0)};  ///< the core's ends in the hull's frame
  vec3 p1{real(0)};
  /// Unit, from the rounded shape (A) to the hull (B).
  vec3 axis{real(0), real(0), real(1)};
  /// The axis's origin (face_b, edges, edge_normal_a, edge_normal_b).
  Feature feature;
  /// The witness pair: the core's point p0 + t (p1 - p0) and the hull's
  /// point `on_hull`, on its surface. Apart: the closest points. Overlapping:
  /// a pair whose gap along the deciding axis is the core's depth.
  real t = 0;
  vec3 on_hull{real(0)};
  FeatureRef hull_feature;  ///< the feature of the hull under on_hull
  /// Absolute touching tolerance: tol::touching of the pair's magnitude (the
  /// hull's, the core's coordinates in its frame, the radius).
  real touch = 0;
  /// Round-off allowance of a point against a face's side plane (length:
  /// tol::coplanar of the pair's magnitude and the world coordinates).
  real slack = 0;
  Counters counters;
};

/// The segment p0 + t d, t in [0, 1], clipped to the side planes of face f
/// of a hull (the planes through the face's edges along its normal; moved
/// out by `slack` when round-off would leave nothing): the parameters of the ends that remain, each
/// with the half-edge whose side plane cut it (-1 when it is an end of the segment); `empty` when
/// nothing remains. (sat/round.cpp)
struct Clipped {
  real t[2] = {real(0), real(1)};
  index_t cut[2] = {-1, -1};
  bool empty = false;
};
[[nodiscard]] Clipped clip_to_face(const Hull& hull, index_t f, const vec3& p0, const vec3& d,
                                   real slack);

/// The query of a rounded segment p0-p1 (world frame) of radius `radius`
/// (in the hull's local lengths: world / pose.scale) against a non-empty
/// hull at `pose`, answered in the hull's frame and lengths.
/// `segment_edge` is what sat::Feature::a says for an axis from the
/// segment: -1 for a sphere, 0 for a capsule. (sat/round.cpp)
[[nodiscard]] RoundAnswer round_query(const Hull& hull, const Pose& pose, const vec3& p0,
                                      const vec3& p1, real radius, index_t segment_edge);

}  // namespace sepax::sat::detail
