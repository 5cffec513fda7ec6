// sepax: reference queries for sepax's own tests and benchmarks (not
// installed, not part of the API): the slow versions that every fast path
// is checked and timed against.
#pragma once

#include "sepax/sat.hpp"

namespace sepax::sat {

/// The general path of query() without the box-box specialization and
/// without a cache (for tests and benchmarks).
[[nodiscard]] SEPAX_API Result query_general(const Hull& a, const Pose& pose_a, const Hull& b,
                                             const Pose& pose_b);

/// naive_query: the seeds' version: project both hulls' vertices on every
/// face normal and every non-parallel edge-pair cross product and compare
/// the intervals; the overlap on an axis is the smaller of the two push-out
/// distances (the containment correction), so the minimum over all axes is
/// the exact depth. O((F_A + F_B + E_A E_B) (V_A + V_B)).
[[nodiscard]] SEPAX_API Result naive_query(const Hull& a, const Pose& pose_a, const Hull& b,
                                           const Pose& pose_b);

/// all_edges_query: face queries as in query(), then every non-parallel edge
/// pair (no Gauss-map pruning), each axis oriented away from A and evaluated
/// with support points. O(F_A V_B + F_B V_A + E_A E_B (V_A + V_B)).
[[nodiscard]] SEPAX_API Result all_edges_query(const Hull& a, const Pose& pose_a, const Hull& b,
                                               const Pose& pose_b);

}  // namespace sepax::sat
