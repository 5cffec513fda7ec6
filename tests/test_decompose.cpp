// sepax_decompose: a U-bracket splits into convex parts that stay inside the
// mesh's hull and cover the mesh within the reported error; a box stays one
// part; every bad input gets its status; options (max_parts, hull vertex
// budget), progress, welding of a triangle soup, several threads at once,
// and a real mesh (tests/data/cow.off).
#include "sepax/decompose.hpp"
#include "sepax/hull.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <limits>
#include <random>
#include <string>
#include <thread>
#include <vector>

using namespace sepax;

namespace {

using Triangles = std::vector<std::array<index_t, 3>>;

struct TestMesh {
  std::vector<vec3> vertices;
  Triangles triangles;
};

// A U-bracket: the profile (x, z) A(0,0) B(3,0) C(3,2) D(2,2) E(2,1) F(1,1)
// G(1,2) H(0,2), a 3 x 2 box with a 1 x 1 notch from the top, extruded along
// y over [0, 1]. Volume 5. Triangles wind counter-clockwise seen from
// outside.
TestMesh u_bracket() {
  const real profile[8][2] = {{0, 0}, {3, 0}, {3, 2}, {2, 2}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};
  TestMesh m;
  for (int y = 0; y < 2; ++y) {
    for (const auto& p : profile) m.vertices.emplace_back(p[0], real(y), p[1]);
  }
  // The U cut into six triangles without new vertices: ABE, BCD, BDE, AEF,
  // AFG, AGH.
  const index_t cap[6][3] = {{0, 1, 4}, {1, 2, 3}, {1, 3, 4}, {0, 4, 5}, {0, 5, 6}, {0, 6, 7}};
  for (const auto& t : cap) {
    m.triangles.push_back({t[0], t[1], t[2]});              // y = 0, normal -y
    m.triangles.push_back({t[0] + 8, t[2] + 8, t[1] + 8});  // y = 1, normal +y
  }
  for (index_t i = 0; i < 8; ++i) {
    const index_t j = (i + 1) % 8;
    m.triangles.push_back({i, j + 8, j});
    m.triangles.push_back({i, i + 8, j + 8});
  }
  return m;
}

// The box [0, 2] x [0, 1] x [0, 1], 12 triangles.
TestMesh box_mesh() {
  TestMesh m;
  for (int i = 0; i < 8; ++i)
    m.vertices.emplace_back(real(2 * (i & 1)), real((i >> 1) & 1), real(i >> 2));
  const index_t quads[6][4] = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4},
                               {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
  for (const auto& q : quads) {
    m.triangles.push_back({q[0], q[1], q[2]});
    m.triangles.push_back({q[0], q[2], q[3]});
  }
  return m;
}

// Each triangle with its own three vertices, as STL stores them.
TestMesh soup(const TestMesh& m) {
  TestMesh s;
  for (const auto& t : m.triangles) {
    const auto n = static_cast<index_t>(s.vertices.size());
    for (const index_t i : t) s.vertices.push_back(m.vertices[static_cast<std::size_t>(i)]);
    s.triangles.push_back({n, n + 1, n + 2});
  }
  return s;
}

// A tiny OFF reader (sepax_io may not be built): vertices, then polygons
// fanned into triangles.
TestMesh read_off(const std::string& path) {
  std::ifstream in(path);
  std::string header;
  std::size_t nv = 0, nf = 0, ne = 0;
  in >> header >> nv >> nf >> ne;
  TestMesh m;
  for (std::size_t i = 0; i < nv; ++i) {
    double x = 0, y = 0, z = 0;
    in >> x >> y >> z;
    m.vertices.emplace_back(static_cast<real>(x), static_cast<real>(y), static_cast<real>(z));
  }
  for (std::size_t f = 0; f < nf; ++f) {
    int k = 0;
    in >> k;
    std::vector<index_t> ids(static_cast<std::size_t>(std::max(k, 0)));
    for (index_t& i : ids) in >> i;
    for (std::size_t j = 1; j + 1 < ids.size(); ++j)
      m.triangles.push_back({ids[0], ids[j], ids[j + 1]});
  }
  return m;
}

DecomposeResult run(const TestMesh& m, const DecomposeOptions& options = {}) {
  return decompose(m.vertices, m.triangles, options);
}

// Round-off allowance for "within the error": relative to the size.
real slack(const DecomposeResult& r) {
  return real(64) * std::numeric_limits<real>::epsilon() * r.diagonal;
}

// Largest distance of p outside the hull's face planes (<= 0 inside).
real outside(const Hull& hull, const vec3& p) {
  real worst = -std::numeric_limits<real>::max();
  for (const Plane& pl : hull.planes()) worst = std::max(worst, pl.distance(p));
  return worst;
}

// The properties every decomposition must have: parts whose hulls are
// valid, inside the mesh's hull and covering the mesh's vertices within the
// error; every non-degenerate triangle in exactly one part.
void check_parts(const TestMesh& m, const DecomposeResult& r) {
  REQUIRE(r.ok());
  REQUIRE(std::isfinite(r.error));
  CHECK(r.error >= 0);
  CHECK(r.error == std::max(r.excess, r.shortfall));
  const Hull mesh_hull = Hull::from_points(m.vertices).hull;
  std::vector<int> owner_count(m.triangles.size(), 0);
  for (const ConvexPart& part : r.parts) {
    CHECK(validate(part.hull, part.points).ok);
    CHECK(part.excess <= r.excess);
    CHECK(part.shortfall <= r.shortfall);
    for (const vec3& v : part.hull.vertices()) CHECK(outside(mesh_hull, v) <= r.error + slack(r));
    for (const index_t t : part.triangles) ++owner_count[static_cast<std::size_t>(t)];
  }
  for (const int c : owner_count) CHECK(c <= 1);
  for (std::size_t t = 0; t < m.triangles.size(); ++t) {
    if (owner_count[t] == 0) continue;  // dropped as degenerate
    for (const index_t i : m.triangles[t]) {
      const vec3& v = m.vertices[static_cast<std::size_t>(i)];
      real best = std::numeric_limits<real>::max();
      for (const ConvexPart& part : r.parts) best = std::min(best, outside(part.hull, v));
      CHECK(best <= r.error + slack(r));
    }
  }
}

}  // namespace

TEST_CASE("a U-bracket splits into convex parts within the error", "[decompose]") {
  const TestMesh m = u_bracket();
  const DecomposeResult r = run(m);
  INFO(r.message);
  check_parts(m, r);
  CHECK(r.parts.size() >= 2);
  CHECK(r.error <= real(0.01) * r.diagonal);
  CHECK(r.closed);
  CHECK(r.mesh_volume == Approx(5).epsilon(1e-5));
  // The parts overlap at most a little: their volumes add up to about 5.
  CHECK(r.hull_volume >= r.mesh_volume * real(1 - 1e-5));
  CHECK(r.hull_volume <= r.mesh_volume * real(1.2));
  std::size_t owned = 0;
  for (const ConvexPart& part : r.parts) owned += part.triangles.size();
  CHECK(owned == m.triangles.size());
}

// Without HACD's face points the bracket stays one part, its hull: the error
// measure must see the notch it bridges (every point of the hull is within
// 0.5 of the solid, the notch's centre line exactly 0.5).
TEST_CASE("the error measure sees a part that bridges the notch", "[decompose]") {
  const TestMesh m = u_bracket();
  DecomposeOptions o;
  o.face_points = false;
  const DecomposeResult r = run(m, o);
  INFO(r.message);
  check_parts(m, r);
  CHECK(r.parts.size() == 1);
  CHECK(r.excess > real(0.25));
  CHECK(r.excess <= real(0.5) + slack(r));
  CHECK(r.hull_volume == Approx(6).epsilon(1e-5));
}

TEST_CASE("a hull vertex budget below 4 is taken as 4", "[decompose]") {
  DecomposeOptions o;
  o.max_hull_vertices = 2;
  const DecomposeResult r = run(u_bracket(), o);
  INFO(r.message);
  REQUIRE(r.ok());
  for (const ConvexPart& part : r.parts) CHECK(part.hull.vertex_count() <= 4);
}

TEST_CASE("a convex box stays one part", "[decompose]") {
  const TestMesh m = box_mesh();
  const DecomposeResult r = run(m);
  INFO(r.message);
  check_parts(m, r);
  REQUIRE(r.parts.size() == 1);
  CHECK(r.parts[0].hull.is_box());
  CHECK(r.error == 0);
  CHECK(r.mesh_volume == Approx(2).epsilon(1e-5));
  CHECK(r.hull_volume == Approx(2).epsilon(1e-5));
}

TEST_CASE("a triangle soup is welded first", "[decompose]") {
  const TestMesh welded = u_bracket();
  const TestMesh s = soup(welded);
  const DecomposeResult a = run(welded);
  const DecomposeResult b = run(s);
  INFO(b.message);
  check_parts(s, b);
  CHECK(b.closed);
  CHECK(b.parts.size() == a.parts.size());
}

TEST_CASE("bad input gets a status and a message", "[decompose][input]") {
  const TestMesh good = u_bracket();
  const std::vector<vec3> none;
  const Triangles no_triangles;

  CHECK(decompose(none, good.triangles).status == DecomposeStatus::empty_input);
  CHECK(decompose(good.vertices, no_triangles).status == DecomposeStatus::no_triangles);

  TestMesh bad = good;
  bad.triangles[7][1] = 16;  // one past the last vertex
  DecomposeResult r = run(bad);
  CHECK(r.status == DecomposeStatus::bad_index);
  CHECK(r.message == "triangle 7 refers to vertex 16 of 16");
  bad.triangles[7][1] = -1;
  CHECK(run(bad).status == DecomposeStatus::bad_index);

  bad = good;
  bad.vertices[3].y = std::numeric_limits<real>::quiet_NaN();
  CHECK(run(bad).status == DecomposeStatus::non_finite);
  bad.vertices[3].y = std::numeric_limits<real>::infinity();
  CHECK(run(bad).status == DecomposeStatus::non_finite);

  // Repeated corners, collinear corners, all corners at one point.
  const std::vector<vec3> line = {vec3(0), vec3(1, 0, 0), vec3(2, 0, 0)};
  const Triangles flat = {{0, 0, 1}, {0, 1, 2}, {2, 2, 2}};
  r = decompose(line, flat);
  CHECK(r.status == DecomposeStatus::degenerate);
  CHECK(r.parts.empty());
  for (const DecomposeStatus s :
       {DecomposeStatus::ok, DecomposeStatus::empty_input, DecomposeStatus::no_triangles,
        DecomposeStatus::bad_index, DecomposeStatus::non_finite, DecomposeStatus::degenerate,
        DecomposeStatus::library_error, DecomposeStatus::hull_error}) {
    CHECK(std::string(to_string(s)) != "unknown");
  }
}

TEST_CASE("degenerate triangles are dropped and counted", "[decompose][input]") {
  TestMesh m = u_bracket();
  m.triangles.push_back({0, 0, 1});
  m.triangles.push_back({0, 1, 1});
  const DecomposeResult r = run(m);
  INFO(r.message);
  check_parts(m, r);
  CHECK(r.message.find("2 degenerate triangles dropped") != std::string::npos);
}

TEST_CASE("a single triangle gives one flat part", "[decompose][input]") {
  const std::vector<vec3> v = {vec3(0), vec3(1, 0, 0), vec3(0, 1, 0)};
  const Triangles t = {{0, 1, 2}};
  const DecomposeResult r = decompose(v, t);
  INFO(r.message);
  REQUIRE(r.ok());
  REQUIRE(r.parts.size() == 1);
  CHECK(r.parts[0].hull.is_flat());
  CHECK_FALSE(r.closed);
  CHECK(r.error == 0);
}

TEST_CASE("progress grows from 0 to 1", "[decompose][progress]") {
  const TestMesh m = u_bracket();
  std::vector<double> seen;
  const DecomposeResult r =
      decompose(m.vertices, m.triangles, {}, [&](double f, const char* stage) {
        CHECK(stage != nullptr);
        seen.push_back(f);
      });
  REQUIRE(r.ok());
  REQUIRE(seen.size() >= 3);
  CHECK(std::is_sorted(seen.begin(), seen.end()));
  CHECK(seen.front() >= 0);
  CHECK(seen.back() == 1.0);
}

TEST_CASE("a real mesh gives parts without error", "[decompose][real]") {
  const TestMesh cow = read_off(std::string(SEPAX_TEST_DATA) + "/cow.off");
  REQUIRE(cow.triangles.size() == 5804);
  DecomposeResult r = run(cow);
  INFO(r.message);
  check_parts(cow, r);
  CHECK(r.parts.size() >= 4);
  CHECK(r.closed);
  CHECK(r.mesh_volume > 0);
  CHECK(r.hull_volume >= r.mesh_volume * real(1 - 1e-4));
  // The concavity bound is 3% of the diagonal; HACD measures it along the
  // normals, the excess in every direction, so allow twice that.
  CHECK(r.error <= real(0.06) * r.diagonal);
  CHECK(r.shortfall == 0);

  SECTION("max_parts caps the count") {
    DecomposeOptions o;
    o.max_parts = 4;
    r = run(cow, o);
    INFO(r.message);
    check_parts(cow, r);
    CHECK(r.parts.size() <= 4);
  }
  SECTION("a vertex budget bounds each hull and reports the shortfall") {
    DecomposeOptions o;
    o.max_hull_vertices = 16;
    r = run(cow, o);
    INFO(r.message);
    check_parts(cow, r);
    for (const ConvexPart& part : r.parts) CHECK(part.hull.vertex_count() <= 16);
    CHECK(r.shortfall > 0);
  }
}

// Seeded random triangle soups (any winding, shared and repeated vertices,
// non-manifold edges, a third of them flat): HACD must not crash, and every
// result is ok with a finite error or a degenerate status.
TEST_CASE("random triangle soups give parts or a status", "[decompose][random]") {
  int ok = 0;
  for (std::uint32_t seed = 0; seed < 100; ++seed) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> vertex_count(3, 30), triangle_count(1, 60);
    std::uniform_real_distribution<double> coord(-1, 1);
    const int n = vertex_count(rng);
    const int t = triangle_count(rng);
    TestMesh m;
    for (int i = 0; i < n; ++i) {
      const double y = seed % 3 == 0 ? 0.0 : coord(rng);
      m.vertices.emplace_back(static_cast<real>(coord(rng)), static_cast<real>(y),
                              static_cast<real>(coord(rng)));
    }
    std::uniform_int_distribution<index_t> index(0, n - 1);
    for (int i = 0; i < t; ++i) m.triangles.push_back({index(rng), index(rng), index(rng)});
    DecomposeOptions o;
    o.max_hull_vertices = seed % 2 == 0 ? 0 : 8;
    const DecomposeResult r = run(m, o);
    INFO("seed " << seed << ": " << r.message);
    REQUIRE((r.ok() || r.status == DecomposeStatus::degenerate));
    if (!r.ok()) continue;
    ++ok;
    CHECK(std::isfinite(r.error));
    CHECK_FALSE(r.parts.empty());
  }
  CHECK(ok >= 50);  // most soups have a non-degenerate triangle
}

TEST_CASE("several threads decompose at once", "[decompose][threads]") {
  const TestMesh m = u_bracket();
  const TestMesh box = box_mesh();
  DecomposeResult a, b;
  std::thread ta([&] { a = run(m); });
  std::thread tb([&] { b = run(box); });
  ta.join();
  tb.join();
  CHECK(a.ok());
  CHECK(b.ok());
  CHECK(a.parts.size() == run(m).parts.size());
  CHECK(b.parts.size() == 1);
}
