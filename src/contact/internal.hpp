// The pieces of the hull manifold (manifold.cpp) that the mesh manifold
// (mesh.cpp) builds on. Contact module only.
#pragma once

#include "sepax/contact.hpp"

#include <new>
#include <type_traits>

namespace sepax::contact::detail {

/// Room for N objects of T left uninitialized: its user writes each
/// entry before it reads it, and zeroing all N (T's default member
/// initializers) would cost more than the clipping of a small face. T is an
/// aggregate, an implicit-lifetime type: the bytes hold its objects.
template <class T, int N>
class Scratch {
 public:
  static_assert(std::is_trivially_copyable_v<T> && std::is_aggregate_v<T>);
  T* data() { return std::launder(reinterpret_cast<T*>(bytes_)); }

 private:
  alignas(T) unsigned char bytes_[sizeof(T) * N];
};

/// Most points pick() chooses from: the clipped polygon's room.
inline constexpr int max_pick = 128;

/// Which of `count` points to keep, at most max_points (Box2D's and
/// Box3D's rule): the deepest (least `separation`), the one farthest from
/// it, the one spanning the largest triangle with them, and the one adding
/// the most area to that triangle, measured in the contact plane, where
/// point k is at (x[k], y[k]). With tie > 0, values within round-off
/// (`tie`, a length, and the areas and squared distances it moves) are
/// equal, and the point of least key (keys[k]: its features, named alike
/// whichever hull is A) is taken: a face resting flat on a face keeps the
/// same points whatever the round-off and the order of the hulls, and a
/// 4th point must add more area than round-off. Without, ties go to the
/// earlier point. Writes the indices to `keep`, ascending, and
/// returns how many; all of them when count <= max_points. Reads at most
/// max_pick points.
int pick_plane(const real* x, const real* y, const real* separation, const Id* keys, real tie,
               int count, int keep[max_points]);

/// An orthonormal basis (t, u) of the plane normal to unit n.
void plane_basis(const vec3& n, vec3& t, vec3& u);

/// pick_plane() of `all` (count of them, normal n), placed in the plane
/// normal to n by their points on B.
int pick(const Point* all, int count, const vec3& n, real tie, int keep[max_points]);

/// The separation along face f of `h` (world lengths): how far the support
/// point of `other` against the face's normal lies beyond its plane.
real face_separation(const Hull& h, const Pose& ph, index_t f, const Hull& other, const Pose& po);

/// The incident face of hull h for a reference face whose normal is n
/// (h's local frame): of the faces around h's deepest vertex along -n, the
/// one most anti-parallel to n.
index_t incident_face(const Hull& h, const vec3& n);

/// The face contact with face f of B as the reference face, whatever SAT
/// would pick: A's incident face clipped to f's side planes, the points
/// within `limit` of f's plane. Sets m's normal (-f's normal, from A to B),
/// separation (face_separation) and feature (face_b).
void face_b_contact(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b, index_t f,
                    real limit, Manifold& m);

/// The face contact of a rounded segment (a sphere when `sphere`; world
/// ends p0, p1 and radius) with face f of B as the reference face: the
/// segment clipped to f's side planes, each remaining end's point within
/// `limit` of the face, deepest first (ids as collide() of a sphere or
/// capsule against a hull). Sets m's normal (-f's normal), separation (the
/// core's nearest end's distance to f's plane less the radius) and feature.
void round_face_b_contact(const vec3& p0, const vec3& p1, real radius, bool sphere, const Hull& b,
                          const Pose& pose_b, index_t f, real limit, Manifold& m);

/// Whether A's face is the reference face of the face contact of SAT's face
/// axis `r` (face_a or face_b), which face (written to `feature`) and the
/// other hull's incident face. SAT keeps A's face unless B's separates more
/// by tol::face_preference of the size, which would make (A, B) and (B, A)
/// pick different reference faces where the two tie. So the other hull's
/// incident face is measured too, and within that band the larger face wins
/// (the more stable clipping), then the one whose world normal is
/// lexicographically larger: the same choice in either order.
bool reference_is_a(const Hull& a, const Pose& pa, const Hull& b, const Pose& pb,
                    const sat::Result& r, sat::Feature& feature, index_t& incident);

/// Relative (dimensionless): two reference faces whose areas differ by less
/// than this share of the larger tie on area, and the lexicographic order
/// of their world normals decides (manifold.cpp's reference_is_a). Far above
/// round-off of an area, far below any difference that matters to clipping.
inline constexpr real face_area_tie = real(1e-6);

/// The general path of collide() for any two hulls, boxes included: the
/// same SAT query, but two boxes are clipped as any two hulls, not by
/// box.cpp. Exported for tests/test_box_manifold.cpp, which checks the box
/// manifold against it (the same features and ids, points within
/// round-off), and for
/// bench_contact, which times them side by side (sepax.cold_general); not
/// part of the public API.
[[nodiscard]] SEPAX_API Manifold collide_general(const Hull& a, const Pose& pose_a, const Hull& b,
                                                 const Pose& pose_b, real margin = 0,
                                                 Cache* cache = nullptr);

// Two boxes (Hull::is_box), box.cpp: the general path's rules on the
// boxes' own frames.

/// Two boxes in A's box frame: B's axes the columns of R, B's centre t,
/// the half extents of both in A's lengths (world lengths over A's scale).
struct BoxPair {
  mat3 R;
  vec3 t;
  vec3 ha;
  vec3 hb;
};

/// The pair of boxes a, b at poses pa, pb.
BoxPair box_pair(const Hull& a, const Pose& pa, const Hull& b, const Pose& pb);

/// face_separation() of face f of A (`a_face`) or of B, in world lengths,
/// by the boxes' closed form: the centres' distance along the face's normal
/// less both radii.
real box_face_separation(const BoxPair& q, const Hull& a, const Pose& pa, const Hull& b,
                         bool a_face, index_t f);

/// The face of A (`a_face`) or of B whose normal is most along the world
/// direction n: incident_face() of a box for the normal -n.
index_t box_face_along(const BoxPair& q, const Hull& a, const Pose& pa, const Hull& b, bool a_face,
                       const vec3& n);

/// The face contact of two boxes for SAT's face axis `r` (face_a or
/// face_b), by the general path's rules: the reference face chosen as
/// reference_is_a() chooses it, the incident face clipped to its sides, the
/// points within `limit` of its plane, reduced to max_points. Sets m's
/// normal, feature and points; `tie` is pick_plane()'s.
void box_face_contact(const Hull& a, const Pose& pa, const Hull& b, const Pose& pb,
                      const BoxPair& q, const sat::Result& r, real limit, real tie, Manifold& m);

/// A pair held in `cache.apart` (apart.cpp) still beyond `margin` (world
/// lengths): true, with m set to count 0, the held axis and feature and
/// the proven gap; false, m untouched, when the bound does not prove it.
/// `b_in_a`: relative_pose(pose_a, pose_b).
bool still_apart(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& b_in_a, real margin,
                 const Cache& cache, Manifold& m);

/// Holds SAT's answer `r` (apart, world frame) with B's placement now.
void hold_apart(const Hull& b, const Pose& pose_a, const Pose& b_in_a, const sat::Result& r,
                Apart& held);

}  // namespace sepax::contact::detail
