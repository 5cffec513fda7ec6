// sepax: spheres and capsules against a hull, by the separating-axis test
// (their contact manifolds are in contact.hpp).
//
// The seeds' circles ("SAT (Separating Axis Theorem)", section "Curved
// shapes"): a curved shape has infinitely many candidate axes, so besides
// the polygon's normals the test takes the axis from the polygon's closest
// vertex to the circle's centre. In 3D the closest feature of a hull can be
// a face, an edge or a vertex, and a capsule is a segment with a radius.
// A sphere is the rounded point c, a capsule the rounded segment p0-p1
// (convex.hpp: Sphere = Rounded<Point>, Capsule = Rounded<Segment>); both
// are answered by one algorithm on the core (a point is a segment of zero
// length), in the hull's local frame, and the radius subtracted at the end:
//
// 1. Axes: the hull's face normals (the core's gap to a face plane is the
//    smaller one of its two ends), the cross products of the segment with
//    every hull edge whose Gauss-map arc crosses the great circle normal to
//    the segment (a face of the Minkowski difference, as in sat.hpp), and
//    for a flat hull its in-plane edge normals and the segment's in-plane
//    normal. These include every face normal of the Minkowski difference of
//    hull and core, so the best of them is the exact signed distance when
//    the core touches or enters the hull: its depth and the minimum
//    translation direction, containment included (the seeds' containment
//    correction is built in).
// 2. When an axis separates them, the exact distance: the closest points of
//    the core and the hull, which lie on a face (the face plane's gap, when
//    the end's projection falls inside that face), an edge or a vertex (the
//    segment's closest points to every hull edge next to a face the core is
//    in front of; Ericson, Real-Time Collision Detection, 5.1.2 and 5.1.9).
//    The axis is the direction between them: the seeds' "axis to the
//    closest vertex", for edges and faces too.
// 3. The radius is subtracted: separation = core's signed distance - r.
//
// Accuracy: exact up to round-off, overlapping and apart (checked against
// the brute-force Minkowski difference within 1e-9 of the size in double,
// 3e-5 in float, plus 64 eps of the coordinates' magnitude). Touching
// counts as intersecting within tol::touching of the hull's magnitude.
//
// Cost: O(F + E) per query: every face plane once, every edge at most twice
// (a capsule's edge axes, then the closest points when the best axis's own
// witness is not the closest pair; a sphere needs the edges only when its
// centre is off the face it is furthest outside of), no support search but
// two for a capsule against a flat hull. That is tens of microseconds on a
// hull of 4096 vertices, where GJK/EPA (epa.hpp) takes a few: a walk over
// the hull's Voronoi regions would make it local. Never allocates, never
// throws, never returns NaN for finite input (a capsule of zero length is a
// sphere; a centre on the surface gives depth r along that face's normal).
//
// Frames and signs as everywhere in sepax: the sphere or capsule (A) is
// given in its local frame at a world pose (its radius scaled by the pose's
// scale, as a hull's vertices), the hull (B) likewise; answers are in the
// world frame; the axis is a unit vector from A to B; separation > 0 apart
// by exactly that much, < 0 overlapping with -separation the penetration
// depth (moving B by -separation * axis makes them touch).
#pragma once

#include "sepax/convex.hpp"
#include "sepax/sat.hpp"

namespace sepax::sat {

/// The signed distance of a sphere at pose_a to a hull at pose_b: exact
/// (apart: the distance between them; overlapping: minus the depth, the
/// centre's distance to the hull's surface plus the radius). `axis`: unit,
/// world frame, from the sphere to the hull. `feature`: face_b (a face of
/// the hull: its normal, negated, is the axis), or edges with a = -1 and b
/// the hull edge the closest point lies on (inside the edge, or at one of
/// its ends, a vertex: contact::collide's ids tell which). A face is kept
/// when the closest-point direction is within tol::face_preference of its
/// normal (relative to the distance).
[[nodiscard]] SEPAX_API Result query(const convex::Sphere& a, const Pose& pose_a, const Hull& b,
                                     const Pose& pose_b);

/// The signed distance of a capsule at pose_a to a hull at pose_b:
/// exact, as for the sphere. `feature`: face_b (a face's normal), edges
/// with a = 0 (the capsule's segment, edge 0) and b a hull edge (their
/// closest points, or the cross product of the two when the segment enters
/// the hull across that edge), or, against a flat hull lying in the
/// capsule's plane, edge_normal_b (b a rim edge) or edge_normal_a (a = 0:
/// the segment's in-plane normal). Overlapping, an edge axis replaces a
/// face axis only when it is better by tol::face_preference of the size.
[[nodiscard]] SEPAX_API Result query(const convex::Capsule& a, const Pose& pose_a, const Hull& b,
                                     const Pose& pose_b);

}  // namespace sepax::sat
