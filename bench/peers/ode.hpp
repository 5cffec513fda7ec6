// bench_contact: ODE's dCollide (double precision, dDOUBLE) between two
// geoms without a space: dCreateConvex geoms (planes, points and polygons
// from the sepax hull's faces), or dCreateBox geoms when both hulls are
// boxes (dBoxBox). ODE's headers stay in ode.cpp.
#pragma once

#include "sepax/contact.hpp"

#include <memory>
#include <span>

namespace peers::ode {

/// Which ODE geoms a pair becomes.
enum class Geoms {
  convex,  ///< dCreateConvex for both hulls
  boxes,   ///< dCreateBox for both (both hulls must be boxes, Hull::is_box)
};

/// One pair as two ODE geoms, B at poses_b[0]; built untimed. The first
/// Pair initializes ODE (dInitODE2).
class Pair {
 public:
  Pair(const sepax::Hull& a, const sepax::Pose& pose_a, const sepax::Hull& b,
       std::span<const sepax::Pose> poses_b, Geoms geoms);
  ~Pair();
  Pair(const Pair&) = delete;
  Pair& operator=(const Pair&) = delete;

  /// dCollide for B at poses_b[frame] (B's geom is moved when the frame
  /// changes), at most 4 contacts. Returns their count; `out` gets the
  /// normal (world, A to B), the points (on B's side, point_a pushed back
  /// by the depth) and, in `separation`, the deepest one's (-depth).
  int collide(int frame, sepax::contact::Manifold& out);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace peers::ode
