// Input checks every query makes before it trusts its numbers. Internal to
// the library.
#pragma once

#include "sepax/tolerances.hpp"

#include <cmath>

namespace sepax::detail {

/// All three coordinates finite.
[[nodiscard]] inline bool finite(const vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

/// A pose a query can use: finite, its rotation orthonormal with
/// determinant +1 to within round-off (1000 eps: poses composed a few times
/// stay well inside), its scale usable (scale_ok).
[[nodiscard]] inline bool pose_ok(const Pose& p) {
  const real slack = real(1000) * tol::eps;
  for (int i = 0; i < 3; ++i) {
    if (!finite(p.rotation[i])) return false;
    for (int j = 0; j < 3; ++j)
      if (std::abs(glm::dot(p.rotation[i], p.rotation[j]) - (i == j ? 1 : 0)) > slack) return false;
  }
  return glm::determinant(p.rotation) > 0 && finite(p.translation) && scale_ok(p);
}

}  // namespace sepax::detail
