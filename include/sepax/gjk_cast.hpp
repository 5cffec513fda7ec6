// sepax: casts by GJK, the road beside SAT's exact one: rays and linear
// shape casts against any convex shape, and the time of impact of two
// hulls that turn as they move.
//
// Linear casts (van den Bergen, "Ray Casting against General Convex
// Objects with Application to Continuous Collision Detection", 2004; Box2D's
// b2ShapeCast): B moving by t * translation meets A when the point -t *
// translation enters D = B - A. GJK walks D towards the origin; whenever its
// support point along the search direction v gives a plane that separates
// the origin from D grown by the radii (and the target), t advances to where
// that plane reaches the origin (no contact before it) and the simplex
// starts anew. It ends when D at t is within a tolerance of the origin
// (hit), when such a plane opens for good or t passes max_fraction
// (missed), or at an iteration cap. Rounded shapes (spheres, capsules) are
// cast on their cores with the radii as the target. Accuracy: the distance
// at the reported fraction is within tol::gjk_touch of the support points'
// magnitude of the target, so the fraction is within that over the closing
// speed of the exact one; polytopes also have sat::shape_cast, exact.
//
// Time of impact (conservative advancement, Mirtich 1996): each step takes
// GJK's exact distance and closest direction n at t and advances t by the
// distance less the target, over a bound of how fast any point of B can
// approach A along n during the motion (the relative translation along n,
// plus each body's turn times its farthest vertex from its origin). No
// contact comes before the next t, so the cast never steps past a first
// contact, thin walls and fast spins included. It ends within `tolerance`
// of the target (hit), when t passes 1 (missed), or at the iteration cap
// (max_iterations: [0, fraction] is free of contact).
//
// Frames and signs as everywhere in sepax: world frame, the normal from A
// to B. Never allocates, never throws, never returns NaN for finite input;
// about 1 KB of stack (GJK's simplex).
#pragma once

#include "sepax/cast.hpp"
#include "sepax/epa.hpp"
#include "sepax/gjk.hpp"

namespace sepax::gjk {

/// Support points a linear cast evaluates at most (status max_iterations).
inline constexpr int max_cast_iterations = 128;

/// The first contact of shape B moving by `translation` (B's frame: the
/// frame the shapes are given in) with A, for any two convex shapes (any
/// SupportMap; posed hulls work in A's local frame). `target` (length, >=
/// 0): stop at this distance (Euclidean: the shapes' cores are cast with
/// their radii plus the target). Answers hit (fraction, normal A to B, the
/// contact point on A), missed, overlapping (in contact at t = 0; the
/// normal EPA's minimum translation direction), max_iterations. `feature`
/// is left unset (-1).
template <SupportMap A, SupportMap B>
[[nodiscard]] CastResult shape_cast(const A& a, const B& b, const vec3& translation,
                                    real max_fraction = 1, real target = 0);

/// A ray against any convex shape (given in the ray's frame): the ray's
/// point cast against it. As ray_cast of cast.hpp (the surface's outward
/// normal; overlapping when the origin is inside or on it), to GJK's
/// accuracy; `feature` unset.
template <SupportMap S>
[[nodiscard]] CastResult ray_cast(const S& shape, const Ray& ray);

/// shape_cast() of two hulls at world poses, B moving by `translation`.
[[nodiscard]] SEPAX_API CastResult shape_cast(const Hull& a, const Pose& pose_a, const Hull& b,
                                              const Pose& pose_b, const vec3& translation,
                                              real max_fraction = 1, real target = 0);

/// Steps a time of impact takes at most (status max_iterations).
inline constexpr int max_toi_iterations = 256;

/// The first contact of two hulls each moving along its Sweep (pose at t in
/// [0, 1]: translation linear, rotation by slerp, scale fixed), by
/// conservative advancement on GJK's distance. `target` (length, >= 0):
/// report the first t at which the distance is within `tolerance` above the
/// target; `tolerance` <= 0 takes tol::toi of the smaller hull's size. A
/// sweep whose start and end scales differ, or whose poses are not finite,
/// is bad_input. Never reports a t past the first contact.
[[nodiscard]] SEPAX_API CastResult time_of_impact(const Hull& a, const Sweep& sweep_a,
                                                  const Hull& b, const Sweep& sweep_b,
                                                  real target = 0, real tolerance = 0);

}  // namespace sepax::gjk

#include "sepax/detail/gjk_cast.hpp"  // the templates above
