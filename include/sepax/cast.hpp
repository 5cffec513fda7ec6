// sepax: casts, what every module's ray and shape casts share, and rays
// against a hull, a sphere and a capsule.
//
// A cast moves something along a straight path and asks where it first
// touches a shape: a ray is a moving point (origin + t * translation), a
// shape cast moves a whole shape (sat_cast.hpp: two hulls, exact; gjk.hpp's
// gjk::shape_cast: any two support maps), and a time of impact also turns
// it (gjk.hpp's gjk::time_of_impact). Every cast answers with a CastResult.
//
// Rays against a hull: the ray enters the solid where it crosses the last
// of the face planes it crosses inwards, before the first it crosses
// outwards (Cyrus and Beck 1978; Box3D's b3RayCastHull clips the same way).
// Small hulls scan their faces; larger ones walk from the face most turned
// to the ray across the edges the ray point lies beyond, each step a face
// the ray crosses later, so that a large hull costs about a support search
// and a short walk, not a scan. Exact to round-off: the fraction is that of
// the entry face's plane.
//
// Frames and signs as everywhere in sepax: results in the world frame; the
// normal is a unit vector from the shape hit (A) towards what moves (the
// ray's point, or B), so for a ray it is the outward normal of the surface
// it hits. Never allocates, never throws, never returns NaN for finite
// input; a few hundred bytes of stack.
#pragma once

#include "sepax/convex.hpp"
#include "sepax/hull.hpp"

#include <cstdint>

namespace sepax {

/// A straight path: origin + t * translation for t in [0, max_fraction].
/// World frame. A zero translation asks about the origin alone (the static
/// answer: overlapping or missed).
struct Ray {
  vec3 origin{real(0)};
  vec3 translation{real(0)};
  real max_fraction = 1;  ///< >= 0; a cast looks no further along the path
};

/// A rigid motion over t in [0, 1] from `start` to `end`: the translation
/// moves linearly, the rotation turns by slerp (the shorter way, at a
/// constant rate about a fixed axis), the scale stays (start's; a sweep
/// whose scales differ is bad input to a time of impact).
struct Sweep {
  Pose start;
  Pose end;
  /// The pose at t.
  [[nodiscard]] SEPAX_API Pose at(real t) const;
  /// The angle (radians, in [0, pi]) the rotation turns through from start
  /// to end: a point at distance r from the frame's origin moves at most
  /// angle() * r by turning, over the whole sweep.
  [[nodiscard]] SEPAX_API real angle() const;
};

/// How a cast ended. What each status guarantees:
enum class CastStatus : std::uint8_t {
  /// First contact at `fraction` in (0, max_fraction]: no contact before it.
  /// Exact to round-off for polytopes (rays against hulls, sat::shape_cast),
  /// within the query's stated tolerance for the iterative casts.
  hit,
  /// No contact for any t in [0, max_fraction] (the path passes by, stops
  /// short, or leads away).
  missed,
  /// In contact at t = 0 (the ray starts inside or on the shape; the shapes
  /// start overlapping or touching): fraction 0, the normal the minimum
  /// translation direction (the way out for what moves).
  overlapping,
  /// An iterative cast ran out of iterations: no contact for t in
  /// [0, fraction] (it never steps past a first contact), but the first
  /// contact is not located; `normal` and `point` are the last estimates.
  max_iterations,
  /// Bad input (a non-finite number, a non-finite pose, an empty shape, a
  /// negative max_fraction): nothing was computed.
  bad_input,
};

/// Short name ("hit", "missed", "overlapping", "max_iterations",
/// "bad_input"). Never null.
[[nodiscard]] SEPAX_API const char* to_string(CastStatus status);

/// The answer of a cast.
struct CastResult {
  CastStatus status = CastStatus::missed;
  /// Fraction of the path at first contact: the moving thing then sits at
  /// start + fraction * translation. 0 when overlapping; for max_iterations
  /// the fraction reached without contact; 0 when missed.
  real fraction = 0;
  /// World frame: the point of contact (on the surface of the shape hit).
  vec3 point{real(0)};
  /// Unit, world frame, from the shape hit towards what moves: the outward
  /// surface normal where a ray hits; for two shapes, the axis from A to B.
  vec3 normal{real(0), real(0), real(1)};
  /// The feature of the hull hit (a ray's entry face; the face a point
  /// inside is nearest to) when the query knows it; index -1 otherwise.
  FeatureRef feature;
  /// Triangle hit, for casts against a TriangleMesh (from_triangles'
  /// numbering); -1 otherwise.
  index_t triangle = -1;
  /// Work done: faces visited, support points, or iterations, by query.
  int iterations = 0;

  /// True for hit and overlapping: the path meets the shape.
  [[nodiscard]] bool hit() const {
    return status == CastStatus::hit || status == CastStatus::overlapping;
  }
};

/// Hulls with at most this many faces scan them; larger ones walk.
inline constexpr std::size_t ray_walk_threshold = 24;

/// A ray against a hull at a pose (a solid; a flat hull is a two-sided
/// polygon). The entry face's plane gives the fraction and the normal;
/// `feature` is that face. A ray that starts inside the hull or on its
/// surface is `overlapping` (fraction 0, normal and feature of the face
/// nearest the origin). A ray along a flat polygon's plane meets it where
/// it crosses the polygon's rim (normal in the plane, feature the rim's
/// edge).
[[nodiscard]] SEPAX_API CastResult ray_cast(const Hull& hull, const Pose& pose, const Ray& ray);

/// The same by scanning every face: ray_cast's reference (and its path for
/// small hulls).
[[nodiscard]] SEPAX_API CastResult ray_cast_scan(const Hull& hull, const Pose& pose,
                                                 const Ray& ray);

/// A ray against a sphere at a pose (centre and radius in its local frame,
/// the radius scaled by the pose). Exact to round-off; `overlapping` when
/// the origin is inside or on it (normal from the centre to the origin).
[[nodiscard]] SEPAX_API CastResult ray_cast(const convex::Sphere& sphere, const Pose& pose,
                                            const Ray& ray);

/// A ray against a capsule at a pose: the nearest of its two end spheres
/// and its cylinder between them. Exact to round-off; `overlapping` when
/// the origin is inside or on it (normal from the segment's nearest point
/// to the origin). `feature`: vertex 0 or 1 (an end's cap) or edge 0 (the
/// cylinder), as contact::collide names a capsule's features.
[[nodiscard]] SEPAX_API CastResult ray_cast(const convex::Capsule& capsule, const Pose& pose,
                                            const Ray& ray);

}  // namespace sepax
