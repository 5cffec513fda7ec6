// sepax: the signed separation of two convex shapes by GJK, then EPA.
//
// The Expanding Polytope Algorithm (van den Bergen, "Proximity Queries and
// Penetration Depth Computation on 3D Game Objects", GDC 2001), with the
// polytope kept as a triangle mesh with face adjacency and a heap of its
// faces by distance (as Jolt's EPAConvexHullBuilder keeps it).
//
// Outline: GJK (gjk.hpp) runs first. Apart: its distance is the answer.
// Overlapping: its terminal simplex, which encloses the origin, is grown
// into a tetrahedron inside D = B - A; then, repeatedly, the polytope face
// nearest the origin is taken and D's support point along its normal
// found. When that point lies on the face's plane (within tol::epa_gap), the
// face lies on D's boundary: its distance is the penetration depth and its
// normal the minimum translation direction. Otherwise the point is added:
// the faces it sees are removed and their horizon joined to it. Every
// support value along a face normal bounds the depth from above; the
// smallest is kept for early stops.
//
// Shapes, frames and rounded shapes as in gjk.hpp (EPA runs on the cores;
// the radii are added afterwards). Sign conventions as everywhere in sepax:
// `axis` is a unit vector from A to B; `separation` > 0 apart (exactly the
// distance), < 0 overlapping (-separation = depth).
//
// Storage: a polytope of fixed capacity, max_vertices on the stack, or as
// many as the caller's Workspace was made for (allocated once, when it is
// made): no heap allocation per query. Never throws, never returns NaN for
// finite input, always terminates; when a cap or round-off stops the
// expansion early, the answer is the best upper bound found, whose axis
// still separates the shapes when B moves by the depth along it.
#pragma once

#include "sepax/detail/epa_polytope.hpp"  // the polytope a Workspace holds
#include "sepax/gjk.hpp"

#include <memory>

namespace sepax::epa {

/// How the EPA part of a query ended, and what its depth can be trusted to.
/// Every status but separated brackets the depth: the true depth lies in
/// [depth() - depth_error, depth()], and an answer whose depth_error is
/// small is right to that, whatever the status.
enum class Status : std::uint8_t {
  /// The depth is within tol::epa_gap of itself plus tol::epa_roundoff of
  /// the support points' magnitude (also: touching, flat D).
  converged,
  separated,  ///< GJK found the shapes apart: EPA did not run; the distance is exact
  /// Stopped at the expansion cap: the depth is an upper bound, within
  /// depth_error of the true one.
  max_iterations,
  /// Stopped with the polytope full (Workspace too small): an upper bound,
  /// within depth_error.
  capacity,
  /// Stopped by round-off (a sliver face, a broken horizon), usually close
  /// to convergence: an upper bound, within depth_error.
  degenerate,
};

/// Short name ("converged", "separated", ...).
[[nodiscard]] SEPAX_API const char* to_string(Status status);

/// Answer of epa::query: the signed separation of any pair.
struct Result {
  /// True when overlapping or touching (within tol::gjk_touch).
  bool intersecting = false;
  /// Signed distance (length unit of the input): > 0 apart, exactly the
  /// distance; <= 0 overlapping or touching, -separation = penetration depth.
  real separation = 0;
  /// Unit, world (caller's) frame, from A to B. Apart: direction from
  /// point_a to point_b. Overlapping: moving B by -separation * axis
  /// separates the shapes (minimum translation direction).
  vec3 axis{real(0), real(0), real(1)};
  /// World frame. Apart: closest point of A. Overlapping: the point of A
  /// deepest inside B (on A's surface).
  vec3 point_a{real(0)};
  /// World frame. Apart: closest point of B. Overlapping: the point of B
  /// deepest inside A. Always point_b - point_a = separation * axis (up to
  /// round-off; approximately when epa_status is not converged).
  vec3 point_b{real(0)};
  int gjk_iterations = 0;                           ///< GJK support evaluations
  int epa_iterations = 0;                           ///< EPA support evaluations (0 when apart)
  gjk::Status gjk_status = gjk::Status::converged;  ///< how GJK ended
  Status epa_status = Status::separated;            ///< how EPA ended
  /// Length unit, >= 0: how far the true depth may lie below depth() (the
  /// gap between EPA's lower bound, its polytope's nearest face, and its
  /// upper bound, the best support value). Within the tolerance of
  /// `converged` for a converged answer; 0 when apart.
  real depth_error = 0;

  /// Penetration depth, >= 0: -separation when overlapping, else 0.
  [[nodiscard]] real depth() const { return separation < 0 ? -separation : real(0); }
};

/// Vertex capacity of the polytope of a query without a Workspace, and of a
/// default Workspace. Deep pairs of hulls with many vertices may need more:
/// see Workspace.
inline constexpr int max_vertices = 128;

/// Expansion cap (support evaluations) of one EPA run on a polytope of
/// `vertices` vertices: every evaluation may add a vertex to the starting 4.
[[nodiscard]] constexpr int iteration_cap(int vertices) {
  return vertices - 4;
}
/// Expansion cap of the default polytope.
inline constexpr int max_iterations = iteration_cap(max_vertices);

/// Reusable EPA storage, allocated once when made: pass one to keep the
/// polytope off the stack, or to give EPA more room than max_vertices.
/// About 340 bytes per vertex in double (220 in float). Deep overlaps of
/// hulls with hundreds of vertices or more can need several hundred
/// polytope vertices to converge (status capacity or max_iterations
/// otherwise: the depth is then an upper bound). Not shared between threads
/// at once.
class SEPAX_API Workspace {
 public:
  /// Room for `vertices` polytope vertices (at least 4; smaller is raised
  /// to 4) and iteration_cap(vertices) expansion steps.
  explicit Workspace(int vertices = max_vertices);

  /// Most polytope vertices.
  [[nodiscard]] int vertex_capacity() const { return polytope_.vertex_capacity(); }
  /// The polytope (for the templates and sepax's tests; not a stable API).
  [[nodiscard]] detail::Polytope& polytope() { return polytope_; }

 private:
  std::unique_ptr<detail::Vertex[]> vertex_;
  std::unique_ptr<detail::Face[]> face_;
  std::unique_ptr<int[]> free_;
  std::unique_ptr<int[]> visible_;
  std::unique_ptr<detail::HorizonEdge[]> horizon_;
  std::unique_ptr<detail::HeapEntry[]> heap_;
  detail::Polytope polytope_;  // works in the arrays above
};

/// A Workspace size for EPA on hulls a and b that let every deep pair
/// measured converge: the two vertex counts added, at least max_vertices
/// (two random hulls of 4096 vertices, one shrunk to a quarter inside the
/// other, need up to about 1100 polytope vertices).
[[nodiscard]] SEPAX_API int workspace_vertices(const Hull& a, const Hull& b);

/// Signed separation of two hulls at world poses: GJK, then EPA when they
/// overlap. Works in A's local frame; answers in the world frame. `cache`
/// warm-starts GJK (see gjk::Cache); `workspace` may be null. An empty hull
/// (default-constructed, or a failed build's) is a programmer error: the
/// default result, with both statuses degenerate, and no support is read.
[[nodiscard]] SEPAX_API Result query(const Hull& a, const Pose& pose_a, const Hull& b,
                                     const Pose& pose_b, gjk::Cache* cache = nullptr,
                                     Workspace* workspace = nullptr);

/// query() for any two convex shapes (any SupportMap, see convex.hpp),
/// answered in the shapes' frame.
template <SupportMap A, SupportMap B>
[[nodiscard]] Result query(const A& a, const B& b, gjk::Cache* cache = nullptr,
                           Workspace* workspace = nullptr);

}  // namespace sepax::epa

#include "sepax/detail/epa_expand.hpp"  // the template above
