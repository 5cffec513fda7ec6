// Hull::from_points for points of the other precision and for interleaved
// vertex buffers: each converts its points to `real` and builds with the
// `real` overload (hull/build.cpp).
#include "sepax/hull.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

namespace sepax {

namespace {

using other_real = std::conditional_t<std::is_same_v<real, double>, float, double>;
using other_vec3 = glm::vec<3, other_real, glm::defaultp>;

HullResult fail(HullStatus s, std::string message) {
  return HullResult{s, std::move(message), Hull{}};
}

const char* scalar_name(float) {
  return "float";
}
const char* scalar_name(double) {
  return "double";
}

// Appends p converted to `real`. Casting a finite double beyond float's
// range is undefined (C++20 [conv.double]), so such a point is refused
// instead: the message names it. Non-finite coordinates pass through (a NaN
// or an infinity is one in either precision), for from_points to refuse.
template <class T>
bool append_point(const T (&p)[3], std::size_t i, std::vector<vec3>& out, std::string& error) {
  for (const T c : p) {
    if (std::isfinite(c) && std::abs(c) > T(std::numeric_limits<real>::max())) {
      char number[32];
      std::snprintf(number, sizeof number, "%.3g", double(c));
      error = "point " + std::to_string(i) + " has a coordinate (" + number + ") beyond " +
              scalar_name(real(0)) + "'s range";
      return false;
    }
  }
  out.push_back(vec3(real(p[0]), real(p[1]), real(p[2])));
  return true;
}

template <class T>
HullResult from_strided(const T* xyz, std::size_t count, std::size_t stride) {
  constexpr std::size_t point_bytes = 3 * sizeof(T);
  if (count == 0) return fail(HullStatus::empty_input, "no points given");
  if (xyz == nullptr)
    return fail(HullStatus::bad_buffer,
                "null vertex pointer for " + std::to_string(count) + " points");
  if (stride < point_bytes)
    return fail(HullStatus::bad_buffer,
                "stride of " + std::to_string(stride) + " bytes is shorter than one point (" +
                    std::to_string(point_bytes) + " bytes: 3 " + scalar_name(T(0)) + "s)");
  if (count - 1 > (std::numeric_limits<std::uintptr_t>::max() - point_bytes) / stride)
    return fail(HullStatus::bad_buffer, std::to_string(count) + " points of stride " +
                                            std::to_string(stride) +
                                            " bytes exceed the address space");
  // Read bytewise: a stride need not keep the coordinates aligned.
  const auto* bytes = reinterpret_cast<const unsigned char*>(xyz);
  std::vector<vec3> points;
  points.reserve(count);
  std::string error;
  for (std::size_t i = 0; i < count; ++i) {
    T p[3];
    std::memcpy(p, bytes + i * stride, sizeof p);
    if (!append_point(p, i, points, error)) return fail(HullStatus::non_finite, error);
  }
  return Hull::from_points(std::span<const vec3>(points));
}

}  // namespace

HullResult Hull::from_points(std::span<const other_vec3> points) {
  std::vector<vec3> converted;
  converted.reserve(points.size());
  std::string error;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const other_real p[3] = {points[i].x, points[i].y, points[i].z};
    if (!append_point(p, i, converted, error)) return fail(HullStatus::non_finite, error);
  }
  return from_points(std::span<const vec3>(converted));
}

HullResult Hull::from_points(const float* xyz, std::size_t count, std::size_t stride_bytes) {
  return from_strided(xyz, count, stride_bytes);
}

HullResult Hull::from_points(const double* xyz, std::size_t count, std::size_t stride_bytes) {
  return from_strided(xyz, count, stride_bytes);
}

}  // namespace sepax
