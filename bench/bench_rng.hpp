// A small deterministic generator for the benchmarks' workloads: the same
// numbers on every platform and in both precisions of the seeds' mapping.
#pragma once

#include "sepax/types.hpp"

#include <cmath>
#include <cstdint>

namespace sepax::bench {

/// splitmix64 with a 53-bit mapping to [0, 1).
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  /// Uniform in [lo, hi).
  real uniform(real lo, real hi) { return lo + (hi - lo) * real(double(next() >> 11) * 0x1.0p-53); }
  /// Unit vector, uniform on the sphere (rejection from the cube).
  vec3 direction() {
    for (;;) {
      const vec3 v(uniform(-1, 1), uniform(-1, 1), uniform(-1, 1));
      const real len2 = glm::dot(v, v);
      if (len2 > real(0.01) && len2 <= 1) return v / std::sqrt(len2);
    }
  }
  /// Uniform random rotation (unit quaternion by rejection from the 4-cube).
  quat rotation() {
    for (;;) {
      const quat q(uniform(-1, 1), uniform(-1, 1), uniform(-1, 1), uniform(-1, 1));
      const real len2 = glm::dot(q, q);
      if (len2 > real(0.01) && len2 <= 1) return glm::normalize(q);
    }
  }

 private:
  std::uint64_t state_;
};

}  // namespace sepax::bench
