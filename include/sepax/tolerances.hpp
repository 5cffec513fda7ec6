// sepax: every tolerance of the library, in one place.
//
// Nothing in sepax compares against a bare absolute constant: each tolerance
// below is relative to a size of the input (or an angle), and says which.
// Two sizes recur:
// - extent: the diagonal of a hull's bounding box (Hull::extent), for
//   questions of shape ("are these points on one line?");
// - magnitude: the largest absolute coordinate plus the extent
//   (Hull::magnitude; for a pair, both hulls' plus the distance between
//   their frames), for round-off, which grows with the coordinates.
//
// They derive from two bases:
// - `eps`, the machine epsilon of `real`: round-off allowances are small
//   multiples of it times a magnitude;
// - `by_precision(double value, float value)`: accuracies and shape
//   thresholds chosen per precision (float keeps about 7 digits, double 16).
#pragma once

#include "sepax/types.hpp"

#include <limits>

namespace sepax::tol {

/// Machine epsilon of `real` (2.2e-16 double, 1.2e-7 float).
inline constexpr real eps = std::numeric_limits<real>::epsilon();

/// `for_double` in a double build, `for_float` in a float build.
[[nodiscard]] constexpr real by_precision(double for_double, double for_float) {
  return real(std::numeric_limits<real>::digits > 24 ? for_double : for_float);
}

// --- Round-off: multiples of eps, times a magnitude -------------------------

/// Relative to the magnitude: a point is "on" a plane when its distance is
/// within `coplanar * magnitude`. Round-off of a dot product of such
/// coordinates grows like a few eps times the magnitude; 64 eps leaves room
/// for the sums Qhull and the plane fits make.
inline constexpr real coplanar = real(64) * eps;

/// Relative to the pair's magnitude: a SAT separation within `touching *
/// magnitude` of zero counts as touching, hence intersecting (hulls are
/// closed sets). It is the round-off of the separation, bounded (Higham's
/// gamma_n = n eps per n-term sum, |v|, |t| the largest vertex and
/// translation):
/// - B's vertices reach A's frame through the relative pose: its rotation
///   entries round by 3 eps, its translation by 4 eps of |t|, and R v + t by
///   3 eps more, so a vertex moves by at most about 9 eps of |v| + |t|;
/// - a support value dot(n, p) rounds by 3 eps of |p|, and the unit normal's
///   length by 1 eps more;
/// - a face plane's offset the same, 4 eps of A's coordinates;
/// - their difference by 1 eps of the result.
/// That is at most about 18 eps of |v| + |t|, while the pair's magnitude
/// (both hulls' magnitudes, each its largest coordinate plus its extent, and
/// the distance between their frames) is at least |v| + |t| plus both
/// extents; worst cases of sums of rounding errors are rarely reached (the
/// stress suite's worst SAT error is about 2 eps of the magnitude). So 16
/// eps of the magnitude holds the round-off, and keeps the band within 1e-5
/// of the size for float pairs near the origin (the engine's situation:
/// magnitude about 3 to 5 sizes), 5e-15 of the magnitude in double.
inline constexpr real touching = real(16) * eps;

/// Relative to a mesh's magnitude (or a body and mesh pair's): a patch of a
/// TriangleMesh lies in one plane (contact_mesh.hpp answers a hull on it as
/// on that plane) when every corner lies within this of the first
/// triangle's plane, and two contact points a body gets from two triangles
/// are one place when they lie within this of each other. A plane's normal
/// comes from one triangle's edges, known to about eps times the mesh's
/// magnitude over the triangle's size, and moves a point across the patch
/// by that times its distance: much more than one dot product's round-off
/// on a large floor of small triangles, hence 64 times `coplanar`.
inline constexpr real mesh_coplanar = real(1024) * eps;

/// Relative to the magnitude of GJK's support points (their largest
/// absolute coordinate in its working frame, A's): shapes closer than
/// `gjk_touch * magnitude` are touching, which counts as intersecting. It
/// is the round-off of GJK's distance, bounded (|p| the magnitude):
/// - B's vertices reach A's frame as for tol::touching, about 9 eps of |p|,
///   and a support point of the difference rounds by 1 eps more;
/// - the distance from the origin to the hull of a simplex moves by at most
///   as much as its points do (it is 1-Lipschitz in them), and the simplex
///   solve runs in double (gjk.cpp), so a sliver simplex adds nothing at
///   float's scale; forming v from its weights rounds by 4 eps of |p|;
/// - GJK stops on a support point that does not lower dot(v, w), whose
///   rounding is 3 eps of |p| times |v|.
/// That is about 17 eps of |p|. GJK's worst measured error on 40,000 pairs
/// per precision (the stress suite, both situations) is about 2 eps of the
/// magnitude; 64 eps leaves room for EPA's polytope, which shares the band,
/// and is 7.6e-6 of the magnitude in float, within the engine situation's
/// 1e-5 of the size for pairs within a size of A's origin.
inline constexpr real gjk_touch = real(64) * eps;

/// Relative to the same magnitude (unit: length once multiplied): one dot
/// product of support points rounds by a few eps of it, so GJK also stops
/// when its duality gap is below `gjk_roundoff * magnitude`.
inline constexpr real gjk_roundoff = real(4) * eps;

/// Relative to the magnitude of EPA's support points: the absolute floor of
/// EPA's stopping test, for the same reason as gjk_roundoff.
inline constexpr real epa_roundoff = real(4) * eps;

/// Sine of the smallest angle a new EPA face may have between its two edges
/// at its first vertex: a thinner sliver's normal is mostly round-off, so EPA
/// stops there (status degenerate) with its best answer.
inline constexpr real epa_sliver = real(16) * eps;

// --- Shape: relative to the extent, or angles --------------------------------

/// Relative to the extent: input points count as coplanar (the hull is a
/// flat polygon) when they lie within `flat * extent` of one plane. Looser
/// than round-off: a scanned planar part is flat to about 1e-6 of its size
/// in float data.
inline constexpr real flat = by_precision(1e-9, 1e-5);

/// Relative to the extent: points count as coincident or collinear when they
/// lie within `degenerate * extent` of one point or one line; it is also the
/// radius within which Hull::from_points merges input points.
inline constexpr real degenerate = flat;

/// Angular (sine of the angle, dimensionless): two edge directions are
/// parallel when the sine of the angle between them is below this. The
/// cross product of parallel edges has no direction, so SAT skips such pairs
/// (a face axis covers them). Independent of edge length and hull scale.
inline constexpr real parallel = by_precision(1e-9, 1e-5);

/// Relative to the pair's size (the larger extent): SAT keeps a face axis
/// unless an edge axis (or B's face, against A's) separates more by this
/// much, so that the normal does not flip between two nearly equal
/// candidates from one frame to the next. It is also how much deeper than
/// the exact depth SAT's may be, so it is kept small: 1e-10 of the size in
/// double; in float 4e-6 (34 eps) of the size, above the separations'
/// measured round-off near the origin (a few eps of the magnitude, 3 to 5
/// sizes there) and well within float's depth goal of 1e-5 of the size.
inline constexpr real face_preference = by_precision(1e-10, 4e-6);

/// Angular (sine of the fold, dimensionless): an edge two triangles of a
/// TriangleMesh share is flat when the second triangle leaves the first's
/// plane by less than this sine (about 5 degrees) on the far side of the
/// edge. Contacts there take the face's normal, not the edge's: a box sliding
/// across a floor triangulated flat, or curved gently, meets no ridge
/// between its triangles. Jolt's active edges and Box3D's mesh edge flags
/// draw the line at 5 degrees too; a sharper fold is a ridge or a valley.
inline constexpr real mesh_flat_edge = real(0.0871557427476582);  // sin 5 deg

/// Angular (sine, dimensionless): the contacts of two triangles with a body
/// share one region of a mesh manifold (contact_mesh.hpp) when their normals
/// lie within this sine (about 0.06 degrees). A region's normal is its
/// deepest member's, so this bounds the turn of that normal when another
/// member becomes the deepest: triangles of one plane (to round-off in
/// either precision, and to floors bumped by 1e-4 rad) share a region,
/// while the faces of a crease, however gentle, each keep theirs, so that a
/// body resting across a crease is held along both faces' normals and does
/// not rock between them.
inline constexpr real mesh_region = real(1e-3);

/// Relative to the smaller hull's extent (world lengths: a crate on a large
/// terrain hull gets the crate's band): a contact manifold takes a face of either hull as its
/// reference face when that face's axis separates the pair within this much of SAT's edge-pair
/// axis. Two boxes face on face tilted by 1e-3 rad already have an edge pair as their exact axis,
/// whose manifold is one point; a solver stacking them needs the face's four (Box2D v3 and Box3D
/// keep a face within a fraction of their linear slop, an absolute length). The points then lie at
/// most this much deeper than SAT's depth, and for overlapping hulls never shallower: a face whose
/// clipped points do not reach SAT's depth (its deepest corner lies beyond the face's rim) gives
/// way to the edge pair.
inline constexpr real manifold_face = by_precision(5e-3, 5e-3);

/// Angular (sine of the angle between their axes, dimensionless): two
/// capsules whose axes lie within this sine of parallel (about 2.9 degrees)
/// and overlap along their length touch along a stretch, and their contact
/// manifold holds 2 points, at its ends (contact.hpp): a capsule lying on
/// another is held along its length instead of balancing on one point.
/// Much looser than `parallel` (round-off): a capsule resting on another
/// under a solver tilts by a degree or so from frame to frame, and its
/// points should not come and go with that. The example world (examples/)
/// used this value before the library had the query.
inline constexpr real capsule_parallel = real(0.05);

/// Relative to the shorter capsule's core length: parallel capsules whose
/// stretch of overlap is shorter than this (nearly end to end) get 1 point,
/// as 2 points that close hold nothing that one does not.
inline constexpr real capsule_stretch = real(1e-3);

/// Relative to a hull's extent: a mesh is convex (its hull is the shape
/// itself) when none of its vertices and triangle centres lies deeper inside
/// the hull than `convex_shape * extent` (sepax::convexity). Mesh files keep
/// 6 to 9 significant digits, so a convex part's vertices stray from its
/// hull's planes by about 1e-7 of its size; a dent of 1e-6 of the size (a
/// micrometre on a metre) is still reported in double. Float coordinates
/// round at 6e-8 of their magnitude, hence the looser float value.
inline constexpr real convex_shape = by_precision(1e-6, 1e-4);

// --- Convergence: relative accuracies of iterative queries -------------------

/// Relative, dimensionless: GJK stops when its duality gap (the upper bound
/// |v| minus the lower bound dot(v, w) / |v| on the distance) is at most
/// `gjk_gap * |v|`. Polytopes usually end earlier, exactly, when a support
/// point repeats; the bound matters for curved support maps.
inline constexpr real gjk_gap = by_precision(1e-12, 1e-6);

/// Relative, dimensionless: EPA stops when the support point along the
/// nearest face's normal is at most `epa_gap * depth` beyond that face.
/// Polytopes usually end earlier, exactly, when the support point is
/// already a vertex of the polytope.
inline constexpr real epa_gap = by_precision(1e-12, 1e-6);

/// Relative to the smaller hull's extent: the default tolerance of a time
/// of impact (gjk::time_of_impact), which stops once the distance is within
/// this above its target. Conservative advancement closes the gap by a
/// fraction each step, so a tighter tolerance costs steps, a few per digit.
inline constexpr real toi = by_precision(1e-6, 1e-4);

// --- Agreement of two algorithms (crosscheck) --------------------------------
//
// What the cross-check accepts as agreement is kept apart from what decides
// a verdict (tol::touching, tol::gjk_touch: round-off only). SAT and GJK/EPA
// compute the same value by different arithmetic and stop by different
// rules, so their values may differ by more than either one's round-off;
// the agreement band is that difference's bound, in two parts:
// agreement * size + agreement_roundoff * magnitude (the pair's size and
// magnitude as for tol::face_preference and tol::touching). Within the band
// the two may give different verdicts and still agree; beyond it they
// disagree, and the cross-check says so.

/// Relative to the pair's size: the part of the agreement band that does
/// not grow with the coordinates. SAT's depth may lie tol::face_preference
/// of the size deeper than exact; EPA stops within tol::epa_gap of its
/// depth; together at most 5e-6 of the size in float, 1e-10 in double
/// (measured: SAT against EPA differ by at most 6e-6 of the size on float
/// pairs at unit size). Float takes 1e-5, its depth goal; double keeps 1e-6.
inline constexpr real agreement = by_precision(1e-6, 1e-5);

/// Relative to the pair's magnitude: the part of the agreement band that
/// grows with the coordinates. SAT's values round by at most tol::touching
/// (16 eps), GJK/EPA's support points and simplex by tol::gjk_touch (64
/// eps); an edge pair's axis, for edges sin(a) from parallel, moves SAT's
/// value by about eps / sin(a) of the lever besides, which 256 eps covers
/// down to sin(a) near 1/64 (measured: up to about 100 eps of the
/// magnitude on float pairs of nearly parallel edges and tiny features).
inline constexpr real agreement_roundoff = real(256) * eps;

// The largest angle between SAT's and EPA's axes counted as the same
// direction is the band over the size (CrossCheck::angle_tolerance): tilting
// an axis by that angle moves the gap along it by at most the band when the
// supporting points lie within the size of each other, so an axis within it
// is as deep as SAT's within the band.

// --- Meshes (mesh.hpp) ---------------------------------------------------------

/// Dimensionless (a barycentric coordinate, or the sine of an angle): the
/// point-in-solid test counts a ray's crossings of a closed mesh and trusts
/// the count only when every crossing is at least this far inside its
/// triangle (each barycentric coordinate) and the ray meets each triangle's
/// plane at a sine above it. Otherwise the ray may graze an edge or a
/// vertex, where round-off can count a crossing twice or never, and the
/// test sums the exact winding number instead. Generous: a doubt only costs
/// time.
inline constexpr real ray_margin = by_precision(1e-7, 1e-3);

// --- Resting contacts (sat::Resting) -----------------------------------------

/// The tuning of sat::Resting, the state that answers a resting pair from
/// the axes near its last normal. None of these changes an answer (the
/// state certifies the full query's answer or is not used); they trade the
/// cost of a build against the frames it answers.
namespace resting {

/// Radians: the widest cap about the contact normal whose axes a resting
/// state tests again each frame; halved (down to a 32nd) until its lists
/// fit and its rim bound certifies. Wider caps answer more frames of a
/// sliding pair but list more axes, which every resting frame pays for.
inline constexpr real cap_angle = real(0.15);

/// Radians: the widest turn of B (relative to A) a state allows before it
/// is dropped; the lists hold B's axes within the cap plus this turn.
/// Halved (down to a 16th) after the cap when the lists do not fit.
inline constexpr real max_turn = real(0.05);

/// Relative to the pair's size (the larger extent): how far B may move
/// (the bound's margin) before the state is dropped, at most. Axes outside
/// the cap that stay further below the contact than this are bounded, not
/// searched, when the state is built.
inline constexpr real motion_room = real(0.02);

/// Faces of each hull a state lists (those whose normals lie in the cap):
/// the cost of a resting frame is about one support search per listed face.
inline constexpr int max_faces = 16;

/// Edges of each hull a state lists (those whose Gauss-map arcs pass
/// through the cap): a resting frame tests the crossing pairs among them.
inline constexpr int max_edges = 32;

/// Frames between two builds, at most: a pair whose state cannot be built
/// waits 1, 2, 4, ... frames up to this before it tries again.
inline constexpr int max_wait = 64;

/// Frames a state must answer to pay for its build (about one query): a
/// state that answers fewer before it is dropped backs off.
inline constexpr int min_answers = 3;

}  // namespace resting

}  // namespace sepax::tol
