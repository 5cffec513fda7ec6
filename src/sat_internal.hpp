// Pieces shared by the SAT sources (sat.cpp, sat_naive.cpp, obb.cpp, cache.cpp);
// not installed.
#pragma once

#include "sepax/sat.hpp"

#include <limits>

namespace sepax::sat::detail {

inline constexpr real infinity = std::numeric_limits<real>::infinity();

/// Both hulls, each one's pose in the other's frame, and the pair's scales.
struct PairFrames {
  const Hull& a;
  const Hull& b;
  const Pose& pose_a;
  const Pose& pose_b;
  Pose b_in_a;  ///< maps B's local frame to A's
  Pose a_in_b;  ///< maps A's local frame to B's
  real size;    ///< larger extent of the two hulls
  real touch;   ///< absolute touching tolerance (tol::touching of the magnitude)
};

/// Frames and scales of a pair.
[[nodiscard]] PairFrames make_frames(const Hull& a, const Pose& pose_a, const Hull& b,
                                     const Pose& pose_b);

/// Gap along axis u (A's frame, pointing from A to B): the smallest
/// coordinate of B along u minus the largest of A. Support searches start
/// from the hints and leave the support vertices in them.
[[nodiscard]] real gap_along(const PairFrames& p, const vec3& u, index_t& hint_a, index_t& hint_b,
                             Counters& counters);

/// The unit axis (A's frame, A to B) of a feature, or a zero vector when the
/// feature no longer defines one (edges became parallel).
[[nodiscard]] vec3 feature_axis(const PairFrames& p, const Feature& feature);

/// The edge of `hull` (a box) along its box axis `k` that is furthest along
/// `u` (in the hull's local frame); obb.cpp.
[[nodiscard]] index_t box_edge(const Hull& hull, int k, const vec3& u);

/// Box-box 15-axis test (obb.cpp); both hulls must be boxes.
[[nodiscard]] Result box_box(const PairFrames& p, bool stop_at_separation);

/// World-frame result from a separation, an axis in A's frame and a feature.
[[nodiscard]] Result make_result(const PairFrames& p, real separation, const vec3& axis_in_a,
                                 const Feature& feature, const Counters& counters);

}  // namespace sepax::sat::detail
