#include "sepax/types.hpp"

#include <algorithm>
#include <cmath>

namespace sepax {

Pose relative_pose(const Pose& a, const Pose& b) {
  const mat3 at = glm::transpose(a.rotation);
  return Pose{at * b.rotation, at * (b.translation - a.translation) / a.scale, b.scale / a.scale};
}

// The quaternion is first divided by its largest component, so that its
// length is computed between 1 and 2: tiny components would otherwise
// square to subnormals (a length that has lost its digits, a rotation that
// is not orthonormal) and huge ones to infinity.
Pose pose_from_quat(const vec3& translation, const quat& rotation) {
  const real largest = std::max(std::max(std::abs(rotation.w), std::abs(rotation.x)),
                                std::max(std::abs(rotation.y), std::abs(rotation.z)));
  if (!(largest > real(0)) || !std::isfinite(largest)) return Pose{mat3(real(1)), translation};
  const quat scaled = rotation / largest;
  return Pose{glm::mat3_cast(scaled / glm::length(scaled)), translation};
}

Pose pose_from_euler_deg(const vec3& translation, const vec3& degrees) {
  const vec3 r = glm::radians(degrees);
  const real cx = std::cos(r.x), sx = std::sin(r.x);
  const real cy = std::cos(r.y), sy = std::sin(r.y);
  const real cz = std::cos(r.z), sz = std::sin(r.z);
  const mat3 rx(1, 0, 0, 0, cx, sx, 0, -sx, cx);  // glm is column-major
  const mat3 ry(cy, 0, -sy, 0, 1, 0, sy, 0, cy);
  const mat3 rz(cz, sz, 0, -sz, cz, 0, 0, 0, 1);
  return Pose{rz * ry * rx, translation};
}

}  // namespace sepax
