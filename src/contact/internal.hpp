// The pieces of the hull manifold (manifold.cpp) that the mesh manifold
// (mesh.cpp) builds on. Contact module only.
#pragma once

#include "sepax/contact.hpp"

namespace sepax::contact::detail {

/// Which of `all` (count of them, normal n) to keep, at most max_points
/// (Box2D's and Box3D's rule): the deepest, the one farthest from it, the
/// one spanning the largest triangle with them, and the one adding the most
/// area to that triangle. Writes their indices to `keep`, ascending, and
/// returns how many; all of them when count <= max_points. Ties go to the
/// earlier point.
int pick(const Point* all, int count, const vec3& n, int keep[max_points]);

/// Keeps the points pick() chooses of `all` in m, in their order.
void reduce(Manifold& m, const Point* all, int count);

/// The separation along face f of `h` (world lengths): how far the support
/// point of `other` against the face's normal lies beyond its plane.
real face_separation(const Hull& h, const Pose& ph, index_t f, const Hull& other, const Pose& po);

/// The face contact with face f of B as the reference face, whatever SAT
/// would pick: A's incident face clipped to f's side planes, the points
/// within `limit` of f's plane. Sets m's normal (-f's normal, from A to B),
/// separation (face_separation) and feature (face_b).
void face_b_contact(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b, index_t f,
                    real limit, Manifold& m);

}  // namespace sepax::contact::detail
