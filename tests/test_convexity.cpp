// convexity(): meshes whose distance from their hull is known by
// construction (a cube, a dented cube, a creased roof, an L-shaped plate, a
// cloud with an inner point), closedness and orientation, far from the
// origin, and random convex meshes that must pass.
#include "sepax/convexity.hpp"
#include "sepax/shapes.hpp"
#include "test_util.hpp"

#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <vector>

using namespace sepax;
using namespace sepax::test;

namespace {

using Triangle = std::array<index_t, 3>;

struct Mesh {
  std::vector<vec3> vertices;
  std::vector<Triangle> triangles;
};

/// The cube [-1, 1]^3 as 12 outward triangles; without its top face (z = 1)
/// when `open`.
Mesh cube(bool open = false) {
  Mesh m;
  for (int i = 0; i < 8; ++i)
    m.vertices.emplace_back(i & 1 ? 1 : -1, i & 2 ? 1 : -1, i & 4 ? 1 : -1);
  // Each face as a quad, counter-clockwise seen from outside.
  const int quads[6][4] = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4},
                           {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
  for (const auto& q : quads) {
    if (open && q[0] == 4) continue;  // the top face
    m.triangles.push_back({q[0], q[1], q[2]});
    m.triangles.push_back({q[0], q[2], q[3]});
  }
  return m;
}

/// The cube with its top face replaced by four triangles meeting at (0, 0,
/// 1 - h): a pyramid-shaped dent of depth h.
Mesh dented_cube(real h) {
  Mesh m = cube(true);
  m.vertices.emplace_back(0, 0, 1 - h);
  const index_t top[4] = {4, 5, 7, 6}, centre = 8;
  for (int k = 0; k < 4; ++k) m.triangles.push_back({top[k], top[(k + 1) % 4], centre});
  return m;
}

Hull hull_of(const Mesh& m) {
  HullResult r = Hull::from_points(m.vertices);
  REQUIRE(r.ok());
  return std::move(r.hull);
}

/// The hull's faces as a fan-triangulated mesh on its own vertices.
Mesh mesh_of(const Hull& h) {
  Mesh m{{h.vertices().begin(), h.vertices().end()}, {}};
  for (const Face& f : h.faces()) {
    std::vector<index_t> loop;
    index_t e = f.edge;
    for (index_t k = 0; k < f.count; ++k, e = h.half_edges()[e].next)
      loop.push_back(h.half_edges()[e].origin);
    for (std::size_t k = 1; k + 1 < loop.size(); ++k)
      m.triangles.push_back({loop[0], loop[k], loop[k + 1]});
  }
  return m;
}

Convexity measure(const Mesh& m) {
  return convexity(hull_of(m), m.vertices, m.triangles);
}

}  // namespace

TEST_CASE("a cube is convex, closed, and its own hull", "[convexity]") {
  const Convexity c = measure(cube());
  CHECK(c.convex);
  CHECK(c.closed);
  CHECK(c.max_depth <= c.tolerance);
  REQUIRE(c.hull_ratio);
  CHECK(*c.hull_ratio == Approx(1).epsilon(1e-5));
}

TEST_CASE("a dented cube: the dent's depth, its vertex and faces, the volume ratio",
          "[convexity]") {
  const real h = real(0.6);
  const Convexity c = measure(dented_cube(h));
  CHECK_FALSE(c.convex);
  CHECK(c.closed);
  CHECK(c.max_depth == Approx(h).epsilon(1e-5));
  CHECK(c.deepest_point.z == Approx(1 - h).epsilon(1e-5));
  CHECK(c.inner_vertices == 1);
  CHECK(c.inner_triangles == 4);
  REQUIRE(c.hull_ratio);
  CHECK(*c.hull_ratio == Approx(8 / (8 - 4 * h / 3)).epsilon(1e-5));
}

TEST_CASE("a creased roof: every vertex on the hull, the valley's faces inside", "[convexity]") {
  // The cube's top corners (1,1) and (-1,-1) raised by s: the hull's roof has
  // its ridge along that diagonal, and this mesh folds along the other one.
  const real s = real(0.5);
  Mesh m = cube(true);
  m.vertices[7].z += s;
  m.vertices[4].z += s;
  m.triangles.push_back({4, 5, 6});
  m.triangles.push_back({5, 7, 6});
  const Convexity c = measure(m);
  CHECK_FALSE(c.convex);
  CHECK(c.inner_vertices == 0);
  CHECK(c.inner_triangles == 2);
  CHECK(c.closed);
  REQUIRE(c.hull_ratio);
  CHECK(*c.hull_ratio > 1);
  // With the fold along the ridge instead, the same corners make a convex mesh.
  m.triangles.resize(m.triangles.size() - 2);
  m.triangles.push_back({4, 5, 7});
  m.triangles.push_back({4, 7, 6});
  const Convexity ridge = measure(m);
  CHECK(ridge.convex);
  CHECK(ridge.closed);
}

TEST_CASE("a cloud with an inner point; an open cube; an inside-out cube", "[convexity]") {
  Mesh cloud = cube();
  cloud.triangles.clear();
  cloud.vertices.emplace_back(0, 0, real(0.25));
  const Convexity c = measure(cloud);
  CHECK_FALSE(c.convex);
  CHECK(c.inner_vertices == 1);
  CHECK(c.max_depth == Approx(0.75).epsilon(1e-5));
  CHECK_FALSE(c.closed);
  CHECK_FALSE(c.hull_ratio);

  const Convexity open = measure(cube(true));
  CHECK(open.convex);
  CHECK_FALSE(open.closed);
  CHECK_FALSE(open.hull_ratio);

  Mesh inside_out = cube();
  for (Triangle& t : inside_out.triangles) std::swap(t[1], t[2]);
  const Convexity flipped = measure(inside_out);
  CHECK(flipped.closed);
  REQUIRE(flipped.hull_ratio);
  CHECK(*flipped.hull_ratio == Approx(1).epsilon(1e-5));

  // One triangle reversed: the orientation is inconsistent, so not closed.
  Mesh mixed = cube();
  std::swap(mixed.triangles[3][1], mixed.triangles[3][2]);
  CHECK_FALSE(measure(mixed).closed);
}

TEST_CASE("bad triangle indices are skipped and make the mesh open", "[convexity]") {
  Mesh m = cube();
  m.triangles.push_back({0, 1, 99});
  m.triangles.push_back({-1, 1, 2});
  m.triangles.push_back({3, 3, 3});
  const Convexity c = measure(m);
  CHECK(c.convex);
  CHECK_FALSE(c.closed);
  CHECK_FALSE(c.hull_ratio);
  CHECK(std::isfinite(double(c.max_depth)));
}

TEST_CASE("an L-shaped plate: depth measured within its plane", "[convexity]") {
  Mesh m;
  m.vertices = {{0, 0, 0}, {2, 0, 0}, {2, 1, 0}, {1, 1, 0}, {1, 2, 0}, {0, 2, 0}};
  m.triangles = {{0, 1, 2}, {0, 2, 3}, {0, 3, 4}, {0, 4, 5}};
  const Convexity c = measure(m);
  CHECK_FALSE(c.convex);
  CHECK(c.inner_vertices == 1);
  CHECK(c.max_depth == Approx(std::sqrt(0.5)).epsilon(1e-5));
  CHECK_FALSE(c.closed);
  REQUIRE(c.hull_ratio);
  CHECK(*c.hull_ratio == Approx(3.5 / 3).epsilon(1e-5));

  Mesh square;
  square.vertices = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
  square.triangles = {{0, 1, 2}, {0, 2, 3}};
  CHECK(measure(square).convex);
  // A fan around an inner vertex covers the square: convex, though that
  // vertex lies inside the outline.
  square.vertices.emplace_back(real(0.5), real(0.25), 0);
  square.triangles = {{0, 1, 4}, {1, 2, 4}, {2, 3, 4}, {3, 0, 4}};
  const Convexity fan = measure(square);
  CHECK(fan.convex);
  CHECK(fan.max_depth == Approx(0.25).epsilon(1e-5));
  // Without one of its triangles it does not.
  square.triangles.pop_back();
  CHECK_FALSE(measure(square).convex);
}

TEST_CASE("far from the origin the tolerance follows the coordinates' round-off", "[convexity]") {
  const real far = is_double ? real(1e5) : real(1e3);
  for (const real h : {real(0), real(0.5)}) {
    Mesh m = h > 0 ? dented_cube(h) : cube();
    for (vec3& p : m.vertices) p += vec3(far, -far, far);
    const Convexity c = measure(m);
    CHECK(c.convex == (h == 0));
    CHECK(c.closed);
    CHECK(c.max_depth == Approx(h).margin(c.tolerance));
  }
}

TEST_CASE("random convex meshes pass; their clouds with inner points do not", "[convexity]") {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const int n = 4 + static_cast<int>(seed * 7 % 300);
    const real r = real(std::pow(10.0, double(seed % 7) - 3));
    const Mesh m = mesh_of(shapes::random_hull(n, r, seed));
    const Convexity c = measure(m);
    INFO("seed " << seed << ", " << n << " points, radius " << r);
    CHECK(c.convex);
    CHECK(c.closed);
    REQUIRE(c.hull_ratio);
    CHECK(*c.hull_ratio == Approx(1).epsilon(is_double ? 1e-9 : 1e-4));

    Mesh cloud{m.vertices, {}};
    cloud.vertices.push_back(vec3(r / 2, 0, 0));
    cloud.vertices.push_back(vec3(0, -r / 3, r / 4));
    const Convexity inner = measure(cloud);
    CHECK_FALSE(inner.convex);
    CHECK(inner.inner_vertices == 2);
  }
}
