// Hull::from_points from engines' vertex data: float and double points in
// either precision build, and interleaved (strided) vertex buffers.
#include "same_hull.hpp"
#include "sepax/hull.hpp"

#include <catch2/catch.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

using namespace sepax;

namespace {

/// A vertex as engines interleave them: position, normal, texture
/// coordinates (32 bytes).
struct FloatVertex {
  float position[3];
  float normal[3];
  float uv[2];
};

/// A double vertex whose position is not at its start (48 bytes).
struct DoubleVertex {
  double uv[2];
  double position[3];
  float weight;
};

/// n random points with float coordinates (so that float and double copies
/// hold the same numbers): a ball of radius 2 around (1, -3, 0.5).
std::vector<glm::vec3> float_cloud(int n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> u(-2, 2);
  std::vector<glm::vec3> p;
  while (int(p.size()) < n) {
    const glm::vec3 q(u(rng), u(rng), u(rng));
    if (glm::dot(q, q) <= 4) p.push_back(q + glm::vec3(1, -3, 0.5f));
  }
  return p;
}

void require_same(const HullResult& a, const HullResult& b) {
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  INFO("first difference: " << test::hull_difference(a.hull, b.hull));
  CHECK(test::hull_difference(a.hull, b.hull).empty());
}

}  // namespace

TEST_CASE("float, double and strided copies of a cloud give the same hull", "[hull][input]") {
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    const std::vector<glm::vec3> floats = float_cloud(300, seed);
    const std::vector<glm::dvec3> doubles(floats.begin(), floats.end());  // exact
    std::vector<FloatVertex> interleaved(floats.size());
    std::vector<DoubleVertex> interleaved_d(floats.size());
    // Packed at an odd stride: coordinates at unaligned addresses.
    constexpr std::size_t odd_stride = 13;
    std::vector<unsigned char> packed(floats.size() * odd_stride + 1);
    for (std::size_t i = 0; i < floats.size(); ++i) {
      interleaved[i] = FloatVertex{{floats[i].x, floats[i].y, floats[i].z}, {0, 0, 1}, {0.5f, 1}};
      interleaved_d[i] = DoubleVertex{{0.25, 0.75}, {doubles[i].x, doubles[i].y, doubles[i].z}, 1};
      std::memcpy(packed.data() + 1 + i * odd_stride, &floats[i].x, 3 * sizeof(float));
    }

    const HullResult from_float = Hull::from_points(floats);
    const HullResult from_double = Hull::from_points(doubles);
    const HullResult from_real = Hull::from_points(std::vector<vec3>(floats.begin(), floats.end()));
    const HullResult strided =
        Hull::from_points(interleaved[0].position, interleaved.size(), sizeof(FloatVertex));
    const HullResult strided_d =
        Hull::from_points(interleaved_d[0].position, interleaved_d.size(), sizeof(DoubleVertex));
    const HullResult tight = Hull::from_points(&floats[0].x, floats.size());
    const HullResult tight_d = Hull::from_points(&doubles[0].x, doubles.size());
    float first_x;
    std::memcpy(&first_x, packed.data() + 1, sizeof first_x);
    CHECK(first_x == floats[0].x);
    const HullResult unaligned = Hull::from_points(
        reinterpret_cast<const float*>(packed.data() + 1), floats.size(), odd_stride);

    require_same(from_real, from_float);
    require_same(from_real, from_double);
    require_same(from_real, strided);
    require_same(from_real, strided_d);
    require_same(from_real, tight);
    require_same(from_real, tight_d);
    require_same(from_real, unaligned);
    CHECK(from_real.hull.vertex_count() > 20);
  }
}

TEST_CASE("points of the other precision are converted to real", "[hull][input]") {
  // Doubles that float cannot hold: 1 + 2^-30 rounds to 1 in float.
  const double off = std::ldexp(1.0, -30);
  std::vector<glm::dvec3> doubles;
  for (int i = 0; i < 8; ++i)
    doubles.push_back(glm::dvec3(i & 1 ? 1 + off : -1, i & 2 ? 2 : -2 - off, i & 4 ? 3 : -3));
  const HullResult r = Hull::from_points(doubles);
  REQUIRE(r.ok());
  CHECK(r.hull.vertex_count() == 8);
  for (const vec3& v : r.hull.vertices()) {
    // Each vertex is an input point as `real` holds it: exact in double,
    // rounded to nearest in float.
    bool found = false;
    for (const glm::dvec3& d : doubles)
      found = found || (v.x == real(d.x) && v.y == real(d.y) && v.z == real(d.z));
    CHECK(found);
  }
  if constexpr (std::is_same_v<real, float>) {
    std::vector<glm::vec3> rounded(doubles.begin(), doubles.end());
    require_same(r, Hull::from_points(rounded));
    CHECK(r.hull.bounds().max.x == 1.0f);
  } else {
    CHECK(r.hull.bounds().max.x == 1 + off);
  }
}

TEST_CASE("a std::vector of either glm vector type is accepted in either build", "[hull][input]") {
  const std::vector<glm::vec3> f = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  const std::vector<glm::dvec3> d = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  require_same(Hull::from_points(f), Hull::from_points(d));
  CHECK(Hull::from_points(f).hull.face_count() == 4);
}

TEST_CASE("bad vertex buffers get a status and a message", "[hull][input]") {
  const float floats[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
  const double doubles[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0};

  HullResult r = Hull::from_points(static_cast<const float*>(nullptr), 5, 12);
  CHECK(r.status == HullStatus::bad_buffer);
  CHECK(r.message == "null vertex pointer for 5 points");
  CHECK(r.hull.empty());

  r = Hull::from_points(floats, 3, 8);
  CHECK(r.status == HullStatus::bad_buffer);
  CHECK(r.message == "stride of 8 bytes is shorter than one point (12 bytes: 3 floats)");
  r = Hull::from_points(floats, 3, 0);
  CHECK(r.status == HullStatus::bad_buffer);
  r = Hull::from_points(doubles, 3, 16);
  CHECK(r.status == HullStatus::bad_buffer);
  CHECK(r.message == "stride of 16 bytes is shorter than one point (24 bytes: 3 doubles)");

  // A count whose buffer cannot exist: refused before anything is read.
  r = Hull::from_points(floats, std::numeric_limits<std::size_t>::max() / 8, 12);
  CHECK(r.status == HullStatus::bad_buffer);
  CHECK(r.message.find("exceed the address space") != std::string::npos);

  // No points: empty_input, with or without a pointer.
  CHECK(Hull::from_points(static_cast<const double*>(nullptr), 0, 24).status ==
        HullStatus::empty_input);
  CHECK(Hull::from_points(floats, 0).status == HullStatus::empty_input);
  CHECK(Hull::from_points(std::span<const glm::dvec3>()).status == HullStatus::empty_input);

  // Good buffers of bad points get from_points' statuses.
  CHECK(Hull::from_points(floats, 2).status == HullStatus::too_few_points);
  const float nan_point[9] = {0, 0, 0, 1, 0, 0, 0, std::numeric_limits<float>::quiet_NaN(), 0};
  r = Hull::from_points(nan_point, 3);
  CHECK(r.status == HullStatus::non_finite);
  CHECK(r.message == "point 2 has a non-finite coordinate");
  CHECK(to_string(HullStatus::bad_buffer) == std::string("bad_buffer"));
}

TEST_CASE("a double beyond float's range is refused in a float build", "[hull][input]") {
  const double big = 1e39;  // finite in double, beyond float's 3.4e38
  const double p[12] = {0, 0, 0, big, 0, 0, 0, big, 0, 0, 0, big};
  const HullResult r = Hull::from_points(p, 4);
  if constexpr (std::is_same_v<real, float>) {
    CHECK(r.status == HullStatus::non_finite);
    CHECK(r.message == "point 1 has a coordinate (1e+39) beyond float's range");
  } else {
    CHECK(r.ok());  // within double's bound, the fourth root of its range (7e75)
  }
}
