// sepax: contact manifolds for a physics engine's solver.
//
// Outline (Box2D v3's b2ClipPolygons, Box3D's hull manifold; Gregorius,
// "Robust Contact Creation for Physics Simulations", GDC 2015): SAT
// (sat.hpp) finds the deciding axis and feature. Pairs farther apart than
// the margin stop there, at about the cost of sat::intersect, with no
// points. A face axis makes that face the reference face; the other hull's
// face most anti-parallel to the normal is the incident face, clipped
// against the reference face's side planes (Sutherland-Hodgman); the
// clipped points within the margin of the reference plane are the contacts,
// reduced to at most 4 (the deepest, then the ones that span the largest
// area; among points as deep, or spanning as much, within round-off, the
// one whose features come first, so that a face resting flat on a face
// keeps the same 4 points frame to frame and in either order of the
// hulls). Two boxes take the same steps in their own frames, by closed
// forms (ODE's dBoxBox). An edge-pair axis gives one point: the closest points of the two
// edges; unless a face of either hull near the normal separates the pair
// within tol::manifold_face of it (faces nearly parallel, as in a stack),
// whose face contact is taken instead (Box2D v3 and Box3D prefer faces
// alike) where its points reach SAT's depth. The deepest point of
// overlapping hulls' manifold is never shallower than SAT's exact depth
// (beyond round-off): a solver that resolves it separates the hulls.
//
// Each point names the features of A and of B whose intersection made it
// (a vertex of one against a face of the other, or two crossing edges), so
// that an engine can match points from frame to frame and warm-start its
// impulses: the id stays the same while the same features touch.
//
// Frames and signs as everywhere in sepax: world frame; the normal is a unit
// vector from A to B; a point's separation is negative when the hulls
// overlap there. Never allocates, never throws; NaN-free for finite input.
// The clipping keeps about 20 KB on the stack; a face of more than 64
// corners is thinned to every k-th corner first, counted from its deepest
// (a convex subset of it that holds its deepest corner).
#pragma once

#include "sepax/sat.hpp"
#include "sepax/sat_round.hpp"

#include <cstdint>

namespace sepax::contact {

/// The id of a contact point: the features of A and of B that made it,
/// packed into 64 bits (make_id). Equal ids from one frame to the next mean
/// the same features touch there.
using Id = std::uint64_t;

/// Packs the features of A and of B into an id: type in the top 2 bits of
/// each half, index in the low 30 (hulls have fewer than 2^30 features).
[[nodiscard]] constexpr Id make_id(FeatureRef a, FeatureRef b) {
  const auto half = [](FeatureRef f) {
    return (std::uint64_t(f.type) << 30) | (std::uint64_t(std::uint32_t(f.index)) & 0x3FFFFFFFu);
  };
  return (half(a) << 32) | half(b);
}
/// The feature of A named by an id.
[[nodiscard]] constexpr FeatureRef feature_a(Id id) {
  return {FeatureType((id >> 62) & 3u), index_t((id >> 32) & 0x3FFFFFFFu)};
}
/// The feature of B named by an id.
[[nodiscard]] constexpr FeatureRef feature_b(Id id) {
  return {FeatureType((id >> 30) & 3u), index_t(id & 0x3FFFFFFFu)};
}

/// One contact point.
struct Point {
  vec3 point_a{real(0)};  ///< world frame, on A's surface
  vec3 point_b{real(0)};  ///< world frame, on B's surface
  /// dot(point_b - point_a, normal), length unit: < 0 penetration, > 0 a gap
  /// (a speculative point within the margin).
  real separation = 0;
  Id id = 0;  ///< the features of A and B that made the point (make_id)
};

/// Most points a manifold holds.
inline constexpr int max_points = 4;

/// The contact between two hulls.
struct Manifold {
  /// Unit, world frame, from A to B: the direction B is pushed to separate.
  vec3 normal{real(0), real(0), real(1)};
  /// The points, points[0 .. count); count is 0 when the hulls are farther
  /// apart than the margin.
  Point points[max_points];
  int count = 0;
  /// SAT's separation along the normal (the deepest point's separation
  /// when the axis is a face's; see sat::Result); the preferred face's when
  /// it stood in for SAT's edge pair (at most tol::manifold_face of the
  /// smaller hull's size deeper, never shallower: a face whose clipped
  /// points do not reach SAT's depth does not stand in); GJK/EPA's for the
  /// one point of a pair that clipping left without one (see collide()).
  real separation = 0;
  /// The deciding feature: the reference face (face_a, face_b) or the
  /// edge pair (edges) the points came from; SAT's, or the face preferred
  /// to its edge pair.
  sat::Feature feature;
};

/// What proves a pair still beyond the margin without looking at its
/// vertices: the gap SAT last measured along its separating axis, and where
/// B was in A's frame then. Box2D v3 and Box3D skip the narrow phase of a
/// pair that has barely moved ("contact recycling", a tolerance); here the
/// skip is a proof. Each point of B has moved along the axis by at least
/// the move of B's bounds' centre minus |M^T axis| times the bounds' half
/// diagonal, M the change of B's rotation times its scale; the gap then,
/// less that and twice the round-off (tol::touching of the pair's
/// magnitude: SAT's gap then, the bound now), is a lower bound of the gap
/// along the same axis now.
struct Apart {
  mat3 placement{real(0)};  ///< B's rotation times its scale, in A's frame
  vec3 centre{real(0)};     ///< B's bounds' centre, in A's frame
  vec3 axis{real(0)};       ///< the separating axis, unit, A's frame, from A to B
  real gap = 0;             ///< the gap along it, A's lengths; 0: nothing held
};

/// Per-pair state kept between frames; zero-initialize for a cold start
/// (`Cache{}`) and pass the same one with the same pair every frame. 176
/// bytes in double (100 in float). A pair that rests also wants a
/// sat::Resting (see collide()).
struct Cache {
  sat::Cache sat;  ///< SAT's axis cache: a pair that stays apart costs O(1)
  /// The last manifold's feature: a face that stood in for SAT's edge pair
  /// keeps doing so within twice tol::manifold_face, so that a rocking pair
  /// does not flip between the face's points and the edge pair's one.
  sat::Feature feature;
  /// A pair last found beyond the margin: while B's motion since cannot
  /// have closed the gap to the margin, collide() answers from this alone.
  Apart apart;
};

/// The contact manifold of two hulls at world poses. Points are generated
/// while the hulls are within `margin` (length unit, >= 0) of each other,
/// with their separations (positive ones are speculative); pairs farther
/// apart get count 0. `cache` (may be null) carries SAT's axis from frame
/// to frame; a pair it last found beyond the margin is answered without a
/// query while B's motion relative to A since cannot have brought it
/// within (Apart): count 0, the held feature and axis, and for
/// `separation` that proven lower bound of the gap. Flat polygons are
/// welcome on either side; two boxes take the 15-axis test. A pair within
/// the margin that clipping leaves without a point (apart with its nearest
/// features beyond the deciding face's rim, corner to corner say; or
/// touching along that rim) gets one point at GJK's closest points (EPA's
/// witness points when touching), the normal along them and `separation`
/// their signed distance.
[[nodiscard]] SEPAX_API Manifold collide(const Hull& a, const Pose& pose_a, const Hull& b,
                                         const Pose& pose_b, real margin = 0,
                                         Cache* cache = nullptr);

/// collide() of a pair that may rest: SAT's query takes `resting` with the
/// cache (sat::query's overload), so a pair at rest is answered from the
/// axes near its normal. The same manifold as collide() above. `resting` is
/// used only with a cache.
[[nodiscard]] SEPAX_API Manifold collide(const Hull& a, const Pose& pose_a, const Hull& b,
                                         const Pose& pose_b, real margin, Cache* cache,
                                         sat::Resting* resting);

/// The manifold of B against A seen as A against B: normal negated, the
/// roles of A and B swapped in every point and id.
[[nodiscard]] SEPAX_API Manifold mirrored(const Manifold& m);

/// The contact of a sphere at pose_a (A) and a hull at pose_b (B): one
/// point, the sphere's point nearest the hull (apart) or deepest inside it
/// (overlapping), and the hull's point it meets, with the query's
/// separation and normal (sat::query of sat_round.hpp). Pairs farther apart
/// than `margin` (length unit, >= 0) get count 0. Ids: the sphere's round
/// surface, FeatureRef{face, 0}, against the hull's face, edge or vertex.
[[nodiscard]] SEPAX_API Manifold collide(const convex::Sphere& a, const Pose& pose_a, const Hull& b,
                                         const Pose& pose_b, real margin = 0);

/// The contact of a capsule at pose_a (A) and a hull at pose_b (B): up to
/// 2 points. On a face axis the segment is clipped to the side planes of
/// that face (Sutherland-Hodgman, as Box2D's b2ClipPolygons clips the
/// incident edge): each end of the clipped segment within `margin` of the
/// face gives a point, so a capsule lying on a face gets 2 and one standing
/// on it 1. On an edge axis: 1 point, the closest (or deepest) pair. The
/// deepest point comes first and has the query's separation. Ids: the
/// capsule's ends are vertices 0 and 1, its body edge 0 (a clipped end),
/// against the hull's face, the edge whose side plane clipped, or the
/// closest edge or vertex.
[[nodiscard]] SEPAX_API Manifold collide(const convex::Capsule& a, const Pose& pose_a,
                                         const Hull& b, const Pose& pose_b, real margin = 0);

// Two round bodies (spheres and capsules), each in its local frame at a
// world pose, its radius scaled by the pose's scale. Their cores (a centre,
// a segment) are closest at one pair of points (Ericson, Real-Time
// Collision Detection 5.1.9); the normal is the unit direction from A's
// point to B's and the pair's separation their distance less both radii:
// exact, apart and overlapping (two cores that meet are at distance 0, and
// -separation = the sum of the radii is then the depth). The work is done
// in A's local frame (B through relative_pose), so bodies far from the
// origin lose only the round-off of their poses' translations.
//
// Points: the closest pair gives one, its point_a the point of A's surface
// over A's core point furthest along the normal (the core point plus the
// radius times the normal, or on a capsule's side the part of the normal
// across its axis scaled to the radius), point_b likewise on B's surface
// against the normal; separation dot(point_b - point_a, normal). Two
// capsules within tol::capsule_parallel of parallel whose axes overlap
// along their length (by more than tol::capsule_stretch of the shorter one)
// get 2 points instead: the ends of that stretch measured along A's axis,
// each A's core point there and B's core point closest to it, taken to the
// surfaces as above. Points farther apart than `margin` (length unit, >= 0)
// are dropped; the deepest comes first and has the pair's separation
// (within round-off); a pair farther apart than the margin gets count 0
// (normal and separation still set).
//
// Ids: a sphere's round surface is FeatureRef{face, 0}; a capsule's core
// ends (parameter 0 and 1) are vertices 0 and 1, the side between them
// edge 0 (as against a hull). A capsule of zero length is a sphere in
// shape, with its ids (vertex 0). `feature`: kind edges, a = 0 for a
// capsule A (its edge 0) or -1 for a sphere, b likewise for B.
//
// The normal is computed so that round-off of the closest points does not
// tilt it: where one lies inside its segment the direction is made normal
// to that axis, and where both do it is the axes' cross product (their
// common perpendicular, which it equals) unless the axes are so near
// parallel that round-off tilts the cross product more. Cores that meet
// (closest points within tol::coplanar of the pair's magnitude, where
// their direction is round-off) take the cross product of the two axes
// (capsules crossing: the depth's direction); for parallel axes or a
// sphere, the direction normal to the capsule's axis (A's, else B's)
// nearest world +z (world +x's part for an axis within tol::parallel of
// z); world +z for two spheres. Each is turned to point from A's core to
// B's where they are apart along it at all. Never NaN for finite input;
// zero radii (points, segments) are fine. Swapping A and B gives the
// mirrored() manifold to round-off, except where a fallback normal is
// fixed (world +z) and, for parallel capsules, the stretch's ends
// (measured along the other axis).
//
// Cost: O(1), a few closest-point evaluations; never allocates.

/// Sphere A against sphere B: 1 point (see above).
[[nodiscard]] SEPAX_API Manifold collide(const convex::Sphere& a, const Pose& pose_a,
                                         const convex::Sphere& b, const Pose& pose_b,
                                         real margin = 0);
/// Sphere A against capsule B: 1 point (see above).
[[nodiscard]] SEPAX_API Manifold collide(const convex::Sphere& a, const Pose& pose_a,
                                         const convex::Capsule& b, const Pose& pose_b,
                                         real margin = 0);
/// Capsule A against sphere B: 1 point; exactly
/// mirrored(collide(b, pose_b, a, pose_a, margin)), worked in the sphere's
/// frame (its fallback normal too).
[[nodiscard]] SEPAX_API Manifold collide(const convex::Capsule& a, const Pose& pose_a,
                                         const convex::Sphere& b, const Pose& pose_b,
                                         real margin = 0);
/// Capsule A against capsule B: 1 point, or 2 for capsules lying along
/// each other (see above).
[[nodiscard]] SEPAX_API Manifold collide(const convex::Capsule& a, const Pose& pose_a,
                                         const convex::Capsule& b, const Pose& pose_b,
                                         real margin = 0);

}  // namespace sepax::contact
