// The slow SAT queries every fast path is checked and timed against, from
// sepax's public API only (tests, benchmarks; not part of the library).
#pragma once

#include "sepax/sat.hpp"

namespace sepax::ref {

/// The seeds' SAT: project both hulls' vertices on every face normal and
/// every non-parallel edge-pair cross product (and, for two flat polygons,
/// their in-plane edge normals) and compare the intervals; the overlap on
/// an axis is the smaller of the two push-out distances (the containment
/// correction), so the minimum over all axes is the exact depth.
/// O((F_A + F_B + E_A E_B) (V_A + V_B)).
[[nodiscard]] sat::Result sat_naive(const Hull& a, const Pose& pose_a, const Hull& b,
                                    const Pose& pose_b);

/// Every face normal of both hulls and every non-parallel edge pair (no
/// Gauss-map pruning), each axis in both orientations, evaluated with
/// support points found by scanning; the same preference as sat::query
/// (A's face, then B's face, then an edge pair, each replacing the best only
/// when it separates more by tol::face_preference of the size).
/// O(F_A V_B + F_B V_A + E_A E_B (V_A + V_B)).
[[nodiscard]] sat::Result sat_all_edges(const Hull& a, const Pose& pose_a, const Hull& b,
                                        const Pose& pose_b);

}  // namespace sepax::ref
