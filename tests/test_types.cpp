// Poses and basic types (types.hpp): named regressions of pose_from_quat.
#include "sepax/tolerances.hpp"
#include "sepax/types.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using namespace sepax;

// Broke (fuzz_pair): components near 1e-161 had subnormal squares and gave a
// rotation 0.7% off orthonormal, and components of 1e200 gave the identity.
TEST_CASE("a quaternion of tiny or huge components gives its direction's rotation",
          "[regression][types][pose]") {
  const real tiny = std::numeric_limits<real>::min() * real(1e5);  // squares underflow
  const real huge = std::numeric_limits<real>::max() / real(4);    // squares overflow
  const quat unit_q = glm::normalize(quat(real(0.3), real(-0.5), real(0.7), real(0.1)));
  const mat3 expected = pose_from_quat(vec3(0), unit_q).rotation;
  for (const real scale : {tiny, huge, -tiny, -huge}) {
    CAPTURE(scale);
    const quat q(unit_q.w * scale, unit_q.x * scale, unit_q.y * scale, unit_q.z * scale);
    const mat3 r = pose_from_quat(vec3(0), q).rotation;
    const mat3 e = glm::transpose(r) * r - mat3(real(1));
    for (int c = 0; c < 3; ++c)
      for (int k = 0; k < 3; ++k) {
        CHECK(std::abs(e[c][k]) <= 16 * tol::eps);
        CHECK(std::abs(r[c][k] - expected[c][k]) <= 16 * tol::eps);
      }
  }
}
