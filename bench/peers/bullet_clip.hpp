// bench_contact: Bullet's polyhedral contact pipeline, as btConvexConvexAlgorithm
// runs it with m_enableSatConvex: btPolyhedralContactClipping::findSeparatingAxis
// (every face normal and every pair of unique edge directions, each projected
// over all vertices; an edge-edge axis adds the edges' closest points) and, on
// overlap, clipHullAgainstHull (B's face most aligned with the axis clipped
// against A's face most anti-parallel to it, points kept within the margin).
// Bullet's headers stay in bullet_clip.cpp.
#pragma once

#include "sepax/contact.hpp"

#include <memory>
#include <span>

namespace peers::bullet_clip {

/// One pair as Bullet's btConvexPolyhedron (from btConvexHullShape's
/// initializePolyhedralFeatures, coplanar faces merged, margin 0) and
/// btTransforms for A and every pose of B; built untimed.
class Pair {
 public:
  Pair(const sepax::Hull& a, const sepax::Pose& pose_a, const sepax::Hull& b,
       std::span<const sepax::Pose> poses_b, double margin);
  ~Pair();
  Pair(const Pair&) = delete;
  Pair& operator=(const Pair&) = delete;

  /// Bullet's contact points for B at poses_b[frame]. Returns how many the
  /// clipping gave (Bullet keeps them all; its persistent manifold reduces
  /// them to 4 later); `out` gets the normal (world, A to B), the first 4
  /// points and, in `separation`, the deepest point's separation.
  int collide(int frame, sepax::contact::Manifold& out);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace peers::bullet_clip
