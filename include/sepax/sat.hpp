// sepax: the separating-axis test between two convex hulls.
//
// A query tests the face normals of both hulls and the cross products of
// edge pairs that form a face of the Minkowski difference (their arcs cross
// on the Gauss map; Gregorius, "The Separating Axis Test between Convex
// Polyhedra", GDC 2013). Those axes are exactly the face normals of the
// Minkowski difference B - A, so the best of them gives the exact signed
// distance of the origin to its boundary when the hulls overlap: the
// penetration depth and the minimum translation vector, containment
// included. When the hulls are apart it gives a lower bound of their
// distance (exact when the closest features are a face and a vertex or two
// crossing edges); GJK (gjk.hpp) gives the exact distance.
//
// Most faces and edges are never looked at: whole patches of a hull's Gauss
// map (Hull::patches) are skipped when one bound shows no axis in them can
// beat the best found so far, and single edges on the exact maximum of such
// a bound over their arc.
//
// Both hulls boxes: the 15-axis test of oriented boxes (Gottschalk et al.,
// "OBBTree", 1996; Ericson, Real-Time Collision Detection 4.4.1) runs
// instead, with the same result. An optional Cache makes coherent frames of
// a separated pair O(1), an optional Resting those of a resting pair cheap;
// sat_pair_cache.hpp keeps the caches of many pairs.
//
// Queries never allocate, never throw and are safe to run concurrently on
// the same hulls (hulls are read-only; a Cache belongs to one pair). They
// keep at most about 6 KB on the stack (a bound per patch of a hull's Gauss
// map, Hull::patches, at most Hull::max_patches of them).
#pragma once

#include "sepax/cast.hpp"
#include "sepax/hull.hpp"

#include <cstdint>
#include <limits>

namespace sepax::sat {

/// Which axis decided a query.
enum class FeatureKind : std::uint8_t {
  none,    ///< no query ran (cold cache)
  face_a,  ///< normal of face `a` of A
  face_b,  ///< normal of face `b` of B (negated: the axis points from A to B)
  edges,   ///< cross product of edge `a` of A and edge `b` of B
  /// In-plane outward normal of edge `a` of a flat A (flat polygons only)
  edge_normal_a,
  /// In-plane outward normal of edge `b` of a flat B, negated
  edge_normal_b,
};

/// Short name of a feature kind ("face_a", "edges", ...). Never null.
[[nodiscard]] SEPAX_API const char* to_string(FeatureKind kind);

/// The deciding axis's origin: a face or edge index on A and/or B (-1 when
/// unused).
struct Feature {
  FeatureKind kind = FeatureKind::none;
  index_t a = -1;  ///< face or edge of A
  index_t b = -1;  ///< face or edge of B

  friend bool operator==(const Feature&, const Feature&) = default;
};

/// The feature of B against A seen as A against B: the roles of A and B
/// swapped (face_a and face_b, edge_normal_a and edge_normal_b, the indices).
[[nodiscard]] SEPAX_API Feature mirrored(const Feature& f);

/// Work done by a query, for benchmarks and the tool.
struct Counters {
  int axes_tested = 0;    ///< axes whose separation was evaluated
  int support_calls = 0;  ///< support-point searches
  int arc_tests = 0;      ///< edge pairs whose Gauss-map arcs were tested
  /// Edges whose Gauss-map walk met a degenerate spot (an arc through a
  /// Gauss-map vertex) and were tested against every candidate edge instead.
  int walks_given_up = 0;
  bool cache_hit = false;  ///< true when the cached axis (or Resting) decided the query
};

/// Result of a SAT query.
struct Result {
  /// True when the hulls overlap or touch: separation <= the touching
  /// band (touching_band(): tol::touching of the pair's magnitude).
  bool intersecting = false;
  /// Signed: > 0 the hulls are at least this far apart; <= 0 they overlap
  /// and -separation is the penetration depth (B moved by -separation *
  /// axis just touches A).
  real separation = 0;
  /// Unit, world frame, pointing from A to B: the separating axis, or the
  /// minimum translation direction for B.
  vec3 axis{real(0), real(0), real(1)};
  /// The face or edge pair that gave `axis`.
  Feature feature;
  /// Work done.
  Counters counters;
};

/// Result of the query of B against A, seen as A against B: axis negated,
/// the roles of the features swapped.
[[nodiscard]] SEPAX_API Result mirrored(const Result& r);

/// Per-pair state for coherent frames, what a pair that stays apart needs
/// (Box3D's b3SATCache is the model). Zero-initialize (`Cache{}`) for a cold
/// start; pass the same Cache with the same pair (same A, same B) every
/// frame. A pair that was separated re-tests its last axis first and, if it
/// still separates, returns at once: O(1) whatever the hull sizes (supports
/// are found by hill climbing from the cached vertices). 32 bytes in double
/// (24 in float).
struct Cache {
  Feature feature;         ///< last deciding feature; kind none = cold
  real separation = 0;     ///< its separation then, in A's local lengths (world / A's scale)
  index_t support_a = -1;  ///< last support vertex of A on that axis
  index_t support_b = -1;  ///< last support vertex of B on that axis
};

/// What an overlapping pair that rests (or moves slowly) keeps between
/// frames so that the next query is exact without the full search: the
/// axes near the last contact normal n (a cap about it, in A's frame) are
/// the only ones tested again, and every axis outside the cap is bounded by
/// what it was when the state was built plus how far B has moved relative
/// to A since (src/sat/resting.cpp has the proof). Opt-in: an engine keeps
/// one for each pair it expects to rest (about 0.55 KB) and passes it with
/// the pair's Cache; a default-constructed one is empty.
///
/// Built by a full query of a resting contact (face or edge pair, the two
/// hulls' features at n overlapping) once the same feature has decided two
/// frames running; valid while B's rotation relative to A stays within the
/// turn limit of the built one and the bound still leaves the cap's best
/// axis ahead. A build costs a fraction of a query on top of the frame's
/// full one: a pair whose state cannot be built, or that answered fewer than
/// tol::resting::min_answers frames before it was dropped (a pair sliding
/// faster than the bound allows), waits 1, 2, 4, ... up to
/// tol::resting::max_wait frames before the next build, and so costs about
/// what an uncached query does. The tuning is in tolerances.hpp
/// (tol::resting).
namespace detail {
struct RestingState;  // src/sat/resting.cpp builds and reads a Resting
}  // namespace detail

class Resting {
 public:
  /// True while the state answers the pair's queries.
  [[nodiscard]] bool valid() const { return valid_; }
  /// Frames the last failed build made the pair wait (0: none since a
  /// success); at most tol::resting::max_wait.
  [[nodiscard]] std::int32_t backoff() const { return backoff_; }

 private:
  friend struct detail::RestingState;

  bool valid_ = false;
  real turn_limit_ = 0;                  // radians B may turn from rotation_ (the lists' margin)
  std::int32_t answers_ = 0;             // frames answered since built
  std::int32_t wait_ = 0;                // frames left before the next build is tried
  std::int32_t backoff_ = 0;             // the wait the last failed build set
  mat3 rotation_{real(1)};               // B's rotation in A's frame when built
  vec3 centroid_{real(0)};               // B's centroid in A's frame when built
  real scale_ = 1;                       // B's scale in A's frame when built
  real outside_ = 0;                     // bound of every axis outside the cap, A's lengths
  real reach_ = 0;                       // B's farthest vertex from its centroid, B's lengths
  std::int32_t face_count_[2] = {0, 0};  // A's, B's
  std::int32_t edge_count_[2] = {0, 0};
  index_t faces_[2][tol::resting::max_faces];
  index_t edges_[2][tol::resting::max_edges];
};

/// Full query: separation, axis, deciding feature. Uses the box-box test
/// when both hulls are boxes. With a cache, a pair that stays separated
/// costs O(1); the returned separation is then the gap along the cached
/// axis (still a lower bound of the distance).
///
/// `max_separation` (length unit, default infinity): pairs farther apart
/// than this are not worth an answer (an engine's speculative margin, a
/// broadphase's tolerance), so the query may stop at the first axis that
/// separates the hulls by more than it, about the cost of intersect(). The
/// result is then apart with separation > max_separation along an axis
/// that separates, but not necessarily SAT's best axis (any axis's gap is
/// a lower bound of the distance, so it may exceed the best candidate's).
/// Whenever the hulls are within max_separation of each other (by their
/// distance; overlapping and touching pairs included), the result is the
/// same as without it. Values below the touching band count as the band.
[[nodiscard]] SEPAX_API Result query(const Hull& a, const Pose& pose_a, const Hull& b,
                                     const Pose& pose_b, Cache* cache = nullptr,
                                     real max_separation = std::numeric_limits<real>::infinity());

/// query() of a pair that may rest: as above, and while the pair overlaps
/// in a resting contact, answered from `resting` (see Resting) when that
/// certifies the full query's answer. `resting` is used only with a cache;
/// null, the query is query() above.
[[nodiscard]] SEPAX_API Result query(const Hull& a, const Pose& pose_a, const Hull& b,
                                     const Pose& pose_b, Cache* cache, Resting* resting,
                                     real max_separation = std::numeric_limits<real>::infinity());

/// The general path of query() for any two hulls, boxes included: no
/// box-box test, no cache. What query() runs for pairs that are not both
/// boxes; for timing the box test against it and for checking it.
[[nodiscard]] SEPAX_API Result query_general(const Hull& a, const Pose& pose_a, const Hull& b,
                                             const Pose& pose_b);

/// The touching band of the pair, a length: a separation within it of zero
/// is touching (Result::intersecting), as it lies within the round-off of
/// SAT's arithmetic. tol::touching of the pair's magnitude: both hulls'
/// Hull::magnitude (B's at its scale relative to A) plus the distance
/// between their frames, in world lengths. 0 for an empty hull or a pose
/// whose scale is not usable.
[[nodiscard]] SEPAX_API real touching_band(const Hull& a, const Pose& pose_a, const Hull& b,
                                           const Pose& pose_b);

/// Boolean query: true when the hulls intersect (or touch); the verdict of
/// query(). Tries the line between the centroids first; then, unless both
/// are boxes, a point inside both hulls (B's centroid, A's, the midpoint
/// between them, each hull's vertex furthest towards the other along that
/// line), which proves an overlap in at most one pass over the face planes
/// a point, and for a point deep inside in about one bound a Gauss-map
/// patch (Hull::patches): a hull inside the other, most deep overlaps and
/// many shallow ones cost that, not a full query. Else it stops at the
/// first separating axis. `cache` as for query(); a pair proved
/// overlapping this way leaves it cold (no axis).
[[nodiscard]] SEPAX_API bool intersect(const Hull& a, const Pose& pose_a, const Hull& b,
                                       const Pose& pose_b, Cache* cache = nullptr);

/// intersect() of a pair that may rest, as query() with a Resting.
[[nodiscard]] SEPAX_API bool intersect(const Hull& a, const Pose& pose_a, const Hull& b,
                                       const Pose& pose_b, Cache* cache, Resting* resting);

/// The first contact of B moving by `translation` (world frame, B's start
/// at pose_b) with A at pose_a, exactly: the pair meets when the path
/// t * translation enters the Minkowski difference of the two hulls, whose
/// facets are SAT's candidate axes (face normals, and the edge pairs whose
/// Gauss-map arcs cross). Each step takes SAT's best axis at the current t,
/// whose gap closes at the rate it meets the translation, and moves to
/// where that gap reaches `target` (no contact before it); the cast ends
/// where SAT's separation is `target` (hit) or an axis opens for good
/// (missed). An axis that has closed never leads again, so the steps are
/// finite: at most the number of candidate axes, a few in practice.
///
/// `target` (length, >= 0): stop where SAT's separation of the pair is
/// this, an engine's speculative margin: the shapes are then at least that
/// far apart (SAT's separation is a lower bound of their distance, exact
/// when the closest features are a face and a vertex or two crossing
/// edges). `max_fraction` bounds the path as for a Ray. To move A as well,
/// pass B's translation less A's: the answer is then in the frame moving
/// with A (add fraction * A's translation to `point`).
///
/// Answers: hit (fraction, the axis from A to B at contact as `normal`:
/// the facet the path enters through, which closes along the path, where
/// other axes only touch; a point of contact, `feature` A's face, edge or
/// vertex there), missed,
/// overlapping (SAT says the pair overlaps or touches at t = 0: fraction
/// 0 and SAT's minimum translation direction), bad_input. `iterations`
/// counts SAT queries. Exact to round-off: the fraction is the entry of
/// the path into the Minkowski difference's facet planes to SAT's accuracy
/// (tol::touching of the pair's magnitude, and in float the face
/// preference), for any length of path. Never allocates, never throws;
/// the stack of one SAT query (about 6 KB).
[[nodiscard]] SEPAX_API CastResult shape_cast(const Hull& a, const Pose& pose_a, const Hull& b,
                                              const Pose& pose_b, const vec3& translation,
                                              real max_fraction = 1, real target = 0);

}  // namespace sepax::sat
