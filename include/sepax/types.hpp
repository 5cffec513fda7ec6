// sepax: scalar type, vectors, poses and tolerances shared by every module.
#pragma once

#include "sepax/config.hpp"
#include "sepax/export.hpp"

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include <cstdint>
#include <limits>

namespace sepax {

/// Scalar type of every coordinate: `double` by default, `float` when sepax
/// is configured with `-Dprecision=float`.
#if SEPAX_USE_FLOAT
using real = float;
#else
using real = double;
#endif

using vec3 = glm::vec<3, real, glm::defaultp>;
using mat3 = glm::mat<3, 3, real, glm::defaultp>;
using quat = glm::qua<real, glm::defaultp>;

/// A rigid transform: world = rotation * local + translation.
/// `rotation` must be orthonormal with determinant +1 (see `pose_from_*`).
struct Pose {
  mat3 rotation{real(1)};
  vec3 translation{real(0)};

  /// Local point to world frame.
  [[nodiscard]] vec3 apply(const vec3& p) const { return rotation * p + translation; }
  /// Local direction to world frame (no translation).
  [[nodiscard]] vec3 rotate(const vec3& d) const { return rotation * d; }
  /// World point to local frame.
  [[nodiscard]] vec3 apply_inverse(const vec3& p) const {
    return glm::transpose(rotation) * (p - translation);
  }
  /// World direction to local frame.
  [[nodiscard]] vec3 rotate_inverse(const vec3& d) const { return glm::transpose(rotation) * d; }
};

/// The pose that maps B's local frame into A's local frame: inverse(a) * b.
[[nodiscard]] SEPAX_API Pose relative_pose(const Pose& a, const Pose& b);

/// Pose from a translation and a quaternion, normalized here: any finite
/// quaternion of any magnitude gives an orthonormal rotation; a zero or
/// non-finite one gives the identity rotation.
[[nodiscard]] SEPAX_API Pose pose_from_quat(const vec3& translation, const quat& rotation);

/// Pose from a translation and intrinsic Euler angles in degrees, applied
/// X then Y then Z (rotation = Rz * Ry * Rx).
[[nodiscard]] SEPAX_API Pose pose_from_euler_deg(const vec3& translation, const vec3& degrees);

/// Tolerances. Each one says its unit and what it is relative to: nothing in
/// sepax compares against a bare absolute constant.
namespace tol {

/// Machine epsilon of `real`.
inline constexpr real eps = std::numeric_limits<real>::epsilon();

/// Relative: a point is "on" a plane when its distance is within
/// `coplanar * size`, where size is the magnitude of the coordinates involved
/// (largest absolute coordinate plus extent). Round-off of a dot product of
/// such coordinates grows like a few eps times that size; 64 eps leaves room
/// for the sums Qhull and the plane fits make.
inline constexpr real coplanar = real(64) * eps;

/// Relative: input points count as coplanar (the hull is a flat polygon) when
/// they lie within `flat * extent` of one plane. Looser than `coplanar`:
/// a scanned planar part is flat to about 1e-6 of its size in float data.
inline constexpr real flat = std::numeric_limits<real>::digits > 24 ? real(1e-9) : real(1e-5);

/// Relative: points count as coincident or collinear when they lie within
/// `degenerate * extent` of one point or one line.
inline constexpr real degenerate = flat;

/// Angular, radians (sine of the angle): two edge directions are parallel
/// when the sine of the angle between them is below this. Independent of
/// edge length and of the scale of the hulls.
inline constexpr real parallel = std::numeric_limits<real>::digits > 24 ? real(1e-9) : real(1e-5);

/// Relative to the pair's size (the larger hull extent): SAT keeps a face
/// axis unless an edge axis (or B's face, against A's) separates more by
/// this much, so the normal does not flip between two nearly equal
/// candidates from one frame to the next. Small enough to keep the depth
/// exact to 1e-9 of the size in double.
inline constexpr real face_preference = std::numeric_limits<real>::digits > 24 ? real(1e-10)
                                                                               : real(1e-5);

/// Relative to the pair's magnitude (both hulls' magnitude plus the
/// distance between their frames): a separation within `touching *
/// magnitude` of zero counts as touching, hence intersecting (hulls are
/// closed sets). Round-off of the support and plane computations is a few
/// eps of that magnitude; this leaves a margin of 16x over `coplanar`.
inline constexpr real touching = real(16) * coplanar;

}  // namespace tol

}  // namespace sepax
