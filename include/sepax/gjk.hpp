// sepax: GJK distance and intersection between convex shapes.
//
// Gilbert-Johnson-Keerthi as described by van den Bergen ("A Fast and Robust
// GJK Implementation for Collision Detection of Convex Objects", JGT 1999),
// with the signed-volumes sub-algorithm of Montanari, Petrinic and Barbieri
// ("Improving the GJK algorithm for faster and more reliable distance queries
// between convex objects", ACM TOG 36(3), 2017) in place of Johnson's.
//
// Outline: GJK walks the Minkowski difference D = B - A = { b - a } towards
// the origin. It keeps a simplex of up to 4 points of D and v, the point of
// the simplex closest to the origin; each step adds D's support point along
// -v and shrinks the simplex to the face nearest the origin. It stops when
// the support point cannot bring v closer (the duality gap), when the
// origin is enclosed (intersecting), or at an iteration cap. At the end v =
// b* - a*: its length is the distance and it points from A to B.
//
// Shapes: anything with a support function (the SupportMap concept,
// support.hpp); convex.hpp adapts hulls, boxes, points and segments, moves
// them with a pose and rounds them by a radius. Rounded shapes (spheres,
// capsules) are queried on their core and the radii subtracted afterwards:
// exact, and GJK stays on polytopes.
//
// Frames: the answer is in the frame the shapes are given in (the world
// frame for world-posed shapes). When both shapes are posed, GJK works in
// A's local frame, where the coordinates are small (Box2D does the same "to
// reduce round-off"), and maps the answer back.
//
// Cost: no heap allocation, a fixed-size simplex on the stack. Never throws,
// never returns NaN for finite input, always terminates.
#pragma once

#include "sepax/convex.hpp"
#include "sepax/tolerances.hpp"

#include <cstdint>

namespace sepax::gjk {

/// Iteration cap (support-point evaluations) of one GJK query. Polytopes of a
/// few thousand vertices converge in well under 30.
inline constexpr int max_iterations = 64;

/// How a GJK query ended.
enum class Status : std::uint8_t {
  converged,       ///< duality gap within tolerance, or origin enclosed / touching
  max_iterations,  ///< hit `max_iterations`; the answer is the best found (an upper bound)
  degenerate,      ///< round-off stopped progress; the answer is the best found
};

/// Short name ("converged", "max_iterations", "degenerate").
[[nodiscard]] SEPAX_API const char* to_string(Status status);

/// Answer of gjk::distance.
struct Result {
  /// True when the shapes overlap or touch (distance within the band
  /// tol::gjk_touch relative to the shapes' magnitude).
  bool intersecting = false;
  /// Euclidean distance between the shapes, >= 0 (length unit of the
  /// input). 0 when they overlap; may be a tiny positive number within the
  /// touching band when `intersecting` is true.
  real distance = 0;
  /// Unit vector from A to B, world (caller's) frame: the direction of
  /// point_b - point_a. When intersecting it is the last search direction
  /// (unit, but not a contact normal: use epa::query).
  vec3 axis{real(0), real(0), real(1)};
  /// Closest point on A (on A's surface, rounded shapes included), world
  /// (caller's) frame. When intersecting: a point of A close to B, not a
  /// contact point (use epa::query).
  vec3 point_a{real(0)};
  /// Closest point on B, same frame. point_b - point_a = distance * axis.
  vec3 point_b{real(0)};
  int iterations = 0;                 ///< support-point evaluations made
  Status status = Status::converged;  ///< how the query ended
};

/// Warm-start state for one pair, kept by the caller between queries of the
/// same pair (Box2D's b2SimplexCache). Zero-initialized (`Cache{}`) means
/// cold. A cache from another pair is harmless: it only costs iterations.
struct Cache {
  /// Vertices of the last terminal simplex (0 = cold, at most 4). Only set
  /// when both shapes are IndexedSupportMap (hulls, boxes, points, segments).
  std::int32_t count = 0;
  index_t index_a[4] = {-1, -1, -1, -1};  ///< vertex indices in A of the simplex points
  index_t index_b[4] = {-1, -1, -1, -1};  ///< vertex indices in B of the simplex points
  /// Last closest point of B - A, in GJK's working frame (A's local frame
  /// for two posed shapes, else the caller's frame): seeds the first search
  /// direction when the indices are unusable. Zero = none.
  vec3 direction{real(0)};
};

/// Distance between two hulls at world poses, with the closest points and
/// the axis, in the world frame (works in A's local frame). `cache` (may be
/// null) warm-starts from the last query of the same pair and is updated.
/// An empty hull (default-constructed, or a failed build's) is a programmer
/// error: the default result, with status degenerate, and no support is
/// read.
[[nodiscard]] SEPAX_API Result distance(const Hull& a, const Pose& pose_a, const Hull& b,
                                        const Pose& pose_b, Cache* cache = nullptr);

/// True when two hulls at world poses overlap or touch (within
/// tol::gjk_touch). Stops as soon as a separating plane is found or the
/// origin is enclosed, so it is cheaper than distance(). False for an empty
/// hull. `cache` as for distance().
[[nodiscard]] SEPAX_API bool intersect(const Hull& a, const Pose& pose_a, const Hull& b,
                                       const Pose& pose_b, Cache* cache = nullptr);

/// distance() for any two convex shapes (any SupportMap: see convex.hpp),
/// answered in the shapes' frame.
template <SupportMap A, SupportMap B>
[[nodiscard]] Result distance(const A& a, const B& b, Cache* cache = nullptr);

/// intersect() for any two convex shapes (any SupportMap).
template <SupportMap A, SupportMap B>
[[nodiscard]] bool intersect(const A& a, const B& b, Cache* cache = nullptr);

}  // namespace sepax::gjk

#include "sepax/detail/gjk_solver.hpp"  // the templates above
