// sepax: the scalar type, vectors and poses every module shares.
// Tolerances are in tolerances.hpp; sepax.hpp includes every core header.
#pragma once

#if __cplusplus < 202002L && !(defined(_MSVC_LANG) && _MSVC_LANG >= 202002L)
#error "sepax needs C++20 (-std=c++20): its headers use concepts and std::span"
// Compilers go on after #error; a missing include stops them here, before
// the rest of the headers add a cascade of errors.
#include "sepax needs C++20"
#endif

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

/// Index type of vertices, half-edges and faces.
using index_t = std::int32_t;

/// A rigid transform with a uniform scale:
/// world = rotation * (scale * local) + translation.
/// `rotation` must be orthonormal with determinant +1 (see `pose_from_*`);
/// `scale` must be finite and > 0. A scale lets one hull serve instances of
/// many sizes: every query and manifold answers as for the hull rebuilt from
/// its scaled vertices, in world lengths.
struct Pose {
  mat3 rotation{real(1)};
  vec3 translation{real(0)};
  real scale = 1;

  /// Local point to world frame.
  [[nodiscard]] vec3 apply(const vec3& p) const { return rotation * (p * scale) + translation; }
  /// Local direction to world frame (no translation, no scale).
  [[nodiscard]] vec3 rotate(const vec3& d) const { return rotation * d; }
  /// World point to local frame.
  [[nodiscard]] vec3 apply_inverse(const vec3& p) const {
    return glm::transpose(rotation) * (p - translation) / scale;
  }
  /// World direction to local frame (no translation, no scale).
  [[nodiscard]] vec3 rotate_inverse(const vec3& d) const { return glm::transpose(rotation) * d; }
  /// The pose that undoes this one: inverse().apply(apply(p)) == p.
  [[nodiscard]] Pose inverse() const {
    const mat3 back = glm::transpose(rotation);
    return Pose{back, -(back * translation) / scale, real(1) / scale};
  }
};

/// Whether a pose's scale is usable (finite and > 0). Queries given a pose
/// that is not answer as for an empty hull (a programmer error): a default
/// result, never NaN.
[[nodiscard]] inline bool scale_ok(const Pose& p) {
  return p.scale > real(0) && p.scale <= std::numeric_limits<real>::max();
}

/// The pose that maps B's local frame into A's local frame: inverse(a) * b.
/// Its scale is b.scale / a.scale: lengths in A's local frame are a.scale
/// times shorter than in the world.
[[nodiscard]] SEPAX_API Pose relative_pose(const Pose& a, const Pose& b);

/// Pose from a translation and a quaternion, normalized here: any finite
/// quaternion of any magnitude gives an orthonormal rotation; a zero or
/// non-finite one gives the identity rotation.
[[nodiscard]] SEPAX_API Pose pose_from_quat(const vec3& translation, const quat& rotation);

/// Pose from a translation and intrinsic Euler angles in degrees, applied
/// X then Y then Z (rotation = Rz * Ry * Rx).
[[nodiscard]] SEPAX_API Pose pose_from_euler_deg(const vec3& translation, const vec3& degrees);

}  // namespace sepax
