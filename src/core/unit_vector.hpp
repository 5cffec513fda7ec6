// Normalization that keeps its digits at any scale (gjk/gjk.cpp, gjk/epa.cpp); not
// installed.
#pragma once

#include "sepax/types.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sepax::detail {

/// Unit vector along v, or `fallback` when v is zero or not finite. v is
/// divided by its largest component first: a vector shorter than about
/// 1e-154 (GJK's closest point when the shapes touch to within that) would
/// square into the subnormal numbers and lose its length's digits, and one
/// beyond 1e154 would overflow.
inline vec3 unit_or(const vec3& v, const vec3& fallback) {
  const real largest = std::max({std::abs(v.x), std::abs(v.y), std::abs(v.z)});
  if (!(largest > 0 && largest <= std::numeric_limits<real>::max())) return fallback;
  const vec3 w = v / largest;
  return w / std::sqrt(glm::dot(w, w));
}

}  // namespace sepax::detail
