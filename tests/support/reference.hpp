// Brute-force reference for pair queries: the Minkowski difference.
//
// D = B - A = { b - a : a in A, b in B } is the hull of all pairwise
// differences of the two hulls' world-frame vertices, built with Qhull in
// double whatever sepax's precision. The origin inside D means the hulls
// intersect. When it is outside, its distance to D is the distance between
// the hulls, and the closest point of D points from A to B. When it is
// inside, the penetration depth is the smallest distance from the origin to a
// facet plane of D, and that facet's outward normal is the minimum
// translation direction: moving B by depth * normal separates the pair.
//
// Slow (O(n m log nm)) and simple on purpose: every query module is checked
// against it.
#pragma once

#include "sepax/hull.hpp"

#include <glm/glm.hpp>

#include <string>
#include <vector>

namespace sepax::ref {

using dvec3 = glm::dvec3;

/// What the Minkowski difference says about a pair.
struct Answer {
  bool ok = false;            ///< false when D could not be built (see `message`)
  std::string message;        ///< why not ok
  bool intersecting = false;  ///< origin inside or on D (distance <= 0)
  double distance = 0;        ///< >= 0: origin to D; 0 when intersecting
  double depth = 0;           ///< >= 0: penetration depth; 0 when separated
  /// distance when separated, -depth when intersecting (the library's sign).
  double separation = 0;
  /// Unit, world frame, from A to B: separated, the direction from A's
  /// closest point to B's; intersecting, the minimum translation direction
  /// (push B along it by `depth`).
  dvec3 axis{0, 0, 1};
  /// Intersecting only: how much deeper the second-best facet direction is,
  /// i.e. (second smallest facet distance whose normal differs from `axis`
  /// by more than 1e-6 rad) - depth. Small means the MTV axis is not unique.
  double axis_gap = 0;
  /// Size of the pair: the largest extent (bounding-box diagonal) of A or B.
  double size = 0;
  /// True when D is flat (both hulls flat and coplanar): then depth is 0 and
  /// `intersecting` means the origin lies in D's polygon.
  bool flat = false;
};

/// Reference answer for two point sets already in the world frame (use the
/// hulls' vertices moved by their poses).
[[nodiscard]] Answer minkowski(const std::vector<dvec3>& a_world, const std::vector<dvec3>& b_world);

/// Reference answer for two hulls at poses (vertices moved to the world frame
/// in double).
[[nodiscard]] Answer minkowski(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b);

/// The hull's vertices moved by the pose, in double.
[[nodiscard]] std::vector<dvec3> world_points(const Hull& hull, const Pose& pose);

}  // namespace sepax::ref
