// Broadphase for `sepax scene`: which pairs of hulls may touch, from their
// axis-aligned bounding boxes, by sweep and prune.
#pragma once

#include "sepax/hull.hpp"

#include <span>
#include <utility>
#include <vector>

namespace sepax::cli {

/// An axis-aligned box, world frame.
struct Aabb {
  vec3 min{real(0)};
  vec3 max{real(0)};
};

/// World bounds of a posed hull (exact: the box of its transformed vertices).
[[nodiscard]] Aabb world_bounds(const Hull& hull, const Pose& pose);

/// What sweep_and_prune found.
struct Broadphase {
  /// Sweep axis: 0 = x, 1 = y, 2 = z (the one along which the box centers
  /// spread most).
  int axis = 0;
  /// Candidate pairs (i, j), i < j, indices into the input boxes, sorted.
  std::vector<std::pair<int, int>> pairs;
};

/// Every pair of boxes that overlap or touch (closed boxes; a gap up to
/// `broadphase_margin` times the diagonal of all boxes still counts, so a
/// round-off gap between touching hulls still makes a candidate). Sorts the
/// boxes by their lower end along the axis of largest spread of the centers
/// and sweeps: O(n log n + k) for k pairs overlapping along that axis.
[[nodiscard]] Broadphase sweep_and_prune(std::span<const Aabb> boxes);

/// The same pairs by testing every pair: O(n^2), for checking.
[[nodiscard]] std::vector<std::pair<int, int>> all_overlapping_pairs(std::span<const Aabb> boxes);

}  // namespace sepax::cli
