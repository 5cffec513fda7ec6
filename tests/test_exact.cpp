// The exact orientation test and the exact hull (src/hull_exact.cpp), the
// fallback of Hull::from_points where Qhull's round-off decides wrongly.
// Internal code: compiled into this test, not exported by the library.
#include "hull_exact.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <utility>

using namespace sepax;
using detail::orientation;

namespace {

__extension__ using Int = __int128;  // GCC's and Clang's 128-bit integer

Int sign_of(Int x) {
  return (x > 0) - (x < 0);
}

// Integer points: their orientation is exact in 128-bit integers.
glm::dvec3 integer_point(std::mt19937_64& rng, std::int64_t range) {
  std::uniform_int_distribution<std::int64_t> d(-range, range);
  return {double(d(rng)), double(d(rng)), double(d(rng))};
}

Int cross_z(const glm::dvec3& u, const glm::dvec3& v) {
  return Int(std::int64_t(u.x)) * Int(std::int64_t(v.y)) -
         Int(std::int64_t(u.y)) * Int(std::int64_t(v.x));
}

// The plain double evaluation, to show the cases below defeat it.
double naive_orientation(const glm::dvec3& a, const glm::dvec3& b, const glm::dvec3& c,
                         const glm::dvec3& p) {
  return glm::dot(p - a, glm::cross(b - a, c - a));
}

}  // namespace

TEST_CASE("exact orientation: coplanar points far out, and one ulp off the plane", "[exact]") {
  // Corners with coordinates near 2^40 (so their differences round-trip,
  // but the products of three lose digits), and p an integer combination of
  // the triangle's edges: exactly on its plane.
  std::mt19937_64 rng(11);
  const glm::dvec3 offset(std::ldexp(1.0, 40), -std::ldexp(1.0, 40), std::ldexp(1.0, 39));
  int naive_wrong = 0;
  for (int i = 0; i < 2000; ++i) {
    const glm::dvec3 a = offset + integer_point(rng, 1 << 24);
    const glm::dvec3 u = integer_point(rng, 1 << 24), v = integer_point(rng, 1 << 24);
    const glm::dvec3 b = a + u, c = a + v;
    std::uniform_int_distribution<int> k(-3, 3);
    const glm::dvec3 p = a + u * double(k(rng)) + v * double(k(rng));
    INFO("case " << i);
    REQUIRE(orientation(a, b, c, p) == 0);
    if (naive_orientation(a, b, c, p) != 0) ++naive_wrong;
    // One ulp up or down in z moves p to the side of cross(u, v).z's sign.
    const int up = int(sign_of(cross_z(u, v)));
    CHECK(orientation(a, b, c, {p.x, p.y, std::nextafter(p.z, 1e300)}) == up);
    CHECK(orientation(a, b, c, {p.x, p.y, std::nextafter(p.z, -1e300)}) == -up);
  }
  // The cases are hard: plain double arithmetic misses most of them.
  CHECK(naive_wrong > 500);
}

TEST_CASE("exact orientation: antisymmetric and agrees with integers", "[exact]") {
  std::mt19937_64 rng(12);
  for (int i = 0; i < 5000; ++i) {
    const glm::dvec3 a = integer_point(rng, 1000), b = integer_point(rng, 1000),
                     c = integer_point(rng, 1000), p = integer_point(rng, 1000);
    const glm::dvec3 u = b - a, v = c - a, w = p - a;
    auto n = [](double x) { return Int(std::int64_t(x)); };
    const Int det = n(w.x) * (n(u.y) * n(v.z) - n(u.z) * n(v.y)) +
                    n(w.y) * (n(u.z) * n(v.x) - n(u.x) * n(v.z)) +
                    n(w.z) * (n(u.x) * n(v.y) - n(u.y) * n(v.x));
    const int s = orientation(a, b, c, p);
    REQUIRE(s == int(sign_of(det)));
    REQUIRE(orientation(b, a, c, p) == -s);
    REQUIRE(orientation(b, c, a, p) == s);
  }
}

namespace {

// Checks `faces` close into a sphere (each directed edge once, its reverse
// once, V - E + F = 2) with every point on or below every face.
void check_hull(const std::vector<glm::dvec3>& points,
                const std::vector<std::array<index_t, 3>>& faces) {
  REQUIRE(faces.size() >= 4);
  std::map<std::pair<index_t, index_t>, int> edges;
  std::set<index_t> corners;
  for (const auto& t : faces) {
    REQUIRE((t[0] != t[1] && t[1] != t[2] && t[2] != t[0]));
    for (int k = 0; k < 3; ++k) {
      ++edges[{t[std::size_t(k)], t[std::size_t((k + 1) % 3)]}];
      corners.insert(t[std::size_t(k)]);
    }
  }
  for (const auto& [e, count] : edges) {
    REQUIRE(count == 1);
    REQUIRE(edges.count({e.second, e.first}) == 1);
  }
  CHECK(int(corners.size()) - int(edges.size() / 2) + int(faces.size()) == 2);
  for (const auto& t : faces)
    for (const glm::dvec3& p : points)
      REQUIRE(orientation(points[std::size_t(t[0])], points[std::size_t(t[1])],
                          points[std::size_t(t[2])], p) <= 0);
}

}  // namespace

TEST_CASE("exact hull: random clouds close and hold every point", "[exact]") {
  std::mt19937_64 rng(13);
  std::normal_distribution<double> g;
  for (int cloud = 0; cloud < 20; ++cloud) {
    std::vector<glm::dvec3> points;
    for (int i = 0; i < 200; ++i) points.push_back(glm::dvec3(g(rng), g(rng), g(rng)) + 1e5);
    // Four points of the cloud that are not coplanar.
    const std::array<std::size_t, 4> start{0, 1, 2, 3};
    REQUIRE(orientation(points[0], points[1], points[2], points[3]) != 0);
    INFO("cloud " << cloud);
    check_hull(points, detail::exact_hull(points, start));
  }
}

TEST_CASE("exact faces: a grid's points on faces and edges are not corners", "[exact]") {
  // A 5 x 5 x 5 grid: 98 points on the cube's surface, all but 8 of them on
  // a face's plane or an edge's line. The hull keeps those that entered it
  // before the points that cover them; the merged faces drop them.
  std::vector<glm::dvec3> points;
  for (int x = 0; x < 5; ++x)
    for (int y = 0; y < 5; ++y)
      for (int z = 0; z < 5; ++z) points.push_back(glm::dvec3(x, y, z) * 0.1 + 1000.0);
  auto at = [](int x, int y, int z) { return std::size_t(25 * x + 5 * y + z); };
  const auto triangles =
      detail::exact_hull(points, {at(0, 0, 0), at(4, 0, 0), at(0, 4, 0), at(0, 0, 4)});
  check_hull(points, triangles);
  const auto faces = detail::exact_faces(points, triangles);
  REQUIRE(faces.size() == 6);
  std::set<index_t> corners;
  for (const auto& loop : faces) {
    CHECK(loop.size() == 4);
    corners.insert(loop.begin(), loop.end());
  }
  CHECK(corners.size() == 8);
  for (index_t i : corners) {
    const glm::dvec3 q = points[std::size_t(i)];
    CHECK(((q.x == 1000.0 || q.x == points[at(4, 0, 0)].x) &&
           (q.y == 1000.0 || q.y == points[at(0, 4, 0)].y) &&
           (q.z == 1000.0 || q.z == points[at(0, 0, 4)].z)));
  }
}
