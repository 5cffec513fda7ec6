// Triangle meshes and their queries: building (statuses, closedness, the
// tree), triangle pairs against GJK, shapes whose answers are known by
// construction (linked rings, a U-bracket and its pin, a box in a torus),
// and seeded random poses of a real mesh against a brute force over every
// triangle pair plus the winding-number test.
#include "fixtures.hpp"
#include "sepax/gjk.hpp"
#include "sepax/mesh.hpp"
#include "sepax/shapes.hpp"

#include <catch2/catch.hpp>

#include "pairs.hpp"
#include "test_util.hpp"

#include <array>
#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <numbers>
#include <sstream>
#include <string>
#include <vector>

using namespace sepax;
using namespace sepax::test;
using mesh::Interference;

namespace {

using Tri = std::array<index_t, 3>;

/// Vertices and triangles, before building.
using test::Soup;

TriangleMesh build(const Soup& s) {
  MeshResult r = TriangleMesh::from_triangles(s.vertices, s.triangles);
  REQUIRE(r.ok());
  return std::move(r.mesh);
}

/// Box [centre - half, centre + half], 12 outward triangles.
Soup box_soup(const vec3& half, const vec3& centre = vec3(0)) {
  Soup s;
  for (int k = 0; k < 8; ++k)
    s.vertices.push_back(centre + vec3((k & 1) ? half.x : -half.x, (k & 2) ? half.y : -half.y,
                                       (k & 4) ? half.z : -half.z));
  // Each face as a quad counter-clockwise from outside.
  const int quads[6][4] = {{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4},
                           {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}};
  for (const auto& q : quads) {
    s.triangles.push_back({q[0], q[1], q[2]});
    s.triangles.push_back({q[0], q[2], q[3]});
  }
  return s;
}

/// The tube radius at which to put a torus mesh's vertices so that the mesh
/// lies inside the smooth torus of tube radius r. A point x of a triangle is
/// the same barycentric mix of its corners p_i as y is of the corners'
/// nearest points c_i on the centre circle, so |x - y| <= rv; and y, in the
/// hull of three points of the circle within an angle du, lies within the
/// sagitta R (1 - cos(du / 2)) of the circle. So dist(x, circle) <= rv +
/// that sagitta.
real inscribed_tube(real R, real r, int nu) {
  return r - R * (1 - std::cos(std::numbers::pi_v<real> / real(nu)));
}

/// A U-bracket, closed: the U polygon [0,4]x[0,3] minus the notch [1,3]x[1,3]
/// (open at y = 3), extruded from z = 0 to z = 1.
Soup u_bracket() {
  const vec3 outline[8] = {{0, 0, 0}, {4, 0, 0}, {4, 3, 0}, {3, 3, 0},
                           {3, 1, 0}, {1, 1, 0}, {1, 3, 0}, {0, 3, 0}};
  Soup s;
  for (const vec3& p : outline) s.vertices.push_back(p);                  // bottom 0..7
  for (const vec3& p : outline) s.vertices.push_back(p + vec3(0, 0, 1));  // top 8..15
  const Tri cap[6] = {{0, 5, 6}, {0, 6, 7}, {0, 1, 4}, {0, 4, 5}, {1, 2, 3}, {1, 3, 4}};
  for (const Tri& t : cap) {
    s.triangles.push_back({t[0] + 8, t[1] + 8, t[2] + 8});  // top, normal +z
    s.triangles.push_back({t[0], t[2], t[1]});              // bottom, normal -z
  }
  for (index_t i = 0; i < 8; ++i) {  // walls: outward is right of each outline edge
    const index_t j = (i + 1) % 8;
    s.triangles.push_back({i, j, j + 8});
    s.triangles.push_back({i, j + 8, i + 8});
  }
  return s;
}

/// A tiny OFF reader (polygons fanned into triangles) for the test meshes.
Soup read_off(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in.good());
  std::string word;
  in >> word;
  REQUIRE(word == "OFF");
  std::size_t nv = 0, nf = 0, ne = 0;
  in >> nv >> nf >> ne;
  Soup s;
  for (std::size_t i = 0; i < nv; ++i) {
    double x = 0, y = 0, z = 0;
    in >> x >> y >> z;
    s.vertices.push_back(to_real(glm::dvec3(x, y, z)));
  }
  for (std::size_t f = 0; f < nf; ++f) {
    int n = 0;
    in >> n;
    std::vector<index_t> poly(static_cast<std::size_t>(n));
    for (auto& v : poly) in >> v;
    for (int k = 1; k + 1 < n; ++k) s.triangles.push_back({poly[0], poly[k], poly[k + 1]});
  }
  REQUIRE(in.good());
  return s;
}

/// Relative accuracy of analytic answers in this precision.
const real exact = is_double ? real(1e-12) : real(1e-5);

}  // namespace

// --- Building ----------------------------------------------------------------

TEST_CASE("bad input gets a status, never a crash", "[mesh]") {
  const std::vector<vec3> v = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  const std::vector<Tri> t = {{0, 1, 2}};
  CHECK(TriangleMesh::from_triangles(std::span<const vec3>{}, t).status == MeshStatus::empty_input);
  CHECK(TriangleMesh::from_triangles(v, {}).status == MeshStatus::empty_input);
  const std::vector<Tri> out = {{0, 1, 3}};
  const MeshResult r = TriangleMesh::from_triangles(v, out);
  CHECK(r.status == MeshStatus::index_out_of_range);
  CHECK_FALSE(r.message.empty());
  const std::vector<Tri> negative = {{0, -1, 2}};
  CHECK(TriangleMesh::from_triangles(v, negative).status == MeshStatus::index_out_of_range);
  auto nan = v;
  nan[1].y = std::numeric_limits<real>::quiet_NaN();
  CHECK(TriangleMesh::from_triangles(nan, t).status == MeshStatus::non_finite);
  auto inf = v;
  inf[2].z = std::numeric_limits<real>::infinity();
  CHECK(TriangleMesh::from_triangles(inf, t).status == MeshStatus::non_finite);
  const std::vector<vec3> line = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}};
  const std::vector<Tri> degenerate = {{0, 1, 2}, {0, 0, 1}, {2, 2, 2}};
  const MeshResult d = TriangleMesh::from_triangles(line, degenerate);
  CHECK(d.status == MeshStatus::all_degenerate);
  CHECK(d.mesh.empty());
  CHECK(std::string(to_string(MeshStatus::all_degenerate)) == "all_degenerate");
}

TEST_CASE("float and double vertices are both accepted", "[mesh]") {
  const Soup box = box_soup(vec3(1));
  const std::vector<glm::vec3> f(box.vertices.begin(), box.vertices.end());
  const std::vector<glm::dvec3> d(box.vertices.begin(), box.vertices.end());
  CHECK(TriangleMesh::from_triangles(f, box.triangles).ok());
  CHECK(TriangleMesh::from_triangles(d, box.triangles).ok());
  std::vector<glm::dvec3> huge = d;
  huge[0].x = 1e300;  // beyond float's range, and beyond reach of double's queries
  CHECK(TriangleMesh::from_triangles(huge, box.triangles).status == MeshStatus::non_finite);
}

TEST_CASE("degenerate triangles are skipped and counted", "[mesh]") {
  Soup s = box_soup(vec3(1));
  s.triangles.push_back({0, 0, 1});                               // repeated index
  s.vertices.push_back(vec3(0, -1, -1));                          // the middle of edge 0-1
  s.triangles.push_back({0, 1, index_t(s.vertices.size() - 1)});  // collinear corners
  const TriangleMesh m = build(s);
  CHECK(m.triangle_count() == 12);
  CHECK(m.skipped_triangles() == 2);
  CHECK(m.is_closed());  // the skipped ones add no edges
}

TEST_CASE("closed meshes are told from open and non-manifold ones", "[mesh]") {
  CHECK(build(box_soup(vec3(1))).is_closed());
  CHECK(build(u_bracket()).is_closed());
  CHECK(build(test::torus(1, real(0.3), 16, 8)).is_closed());
  Soup open = box_soup(vec3(1));
  open.triangles.pop_back();
  CHECK_FALSE(build(open).is_closed());
  Soup flipped = box_soup(vec3(1));
  std::swap(flipped.triangles[0][1], flipped.triangles[0][2]);  // inconsistent orientation
  CHECK_FALSE(build(flipped).is_closed());
  Soup doubled = box_soup(vec3(1));
  doubled.triangles.push_back(doubled.triangles[0]);  // an edge used three times
  CHECK_FALSE(build(doubled).is_closed());
  // STL-style: every triangle with its own corners, welded by position.
  const Soup box = box_soup(vec3(1));
  Soup loose;
  for (const Tri& t : box.triangles) {
    const auto n = static_cast<index_t>(loose.vertices.size());
    for (index_t v : t) loose.vertices.push_back(box.vertices[static_cast<std::size_t>(v)]);
    loose.triangles.push_back({n, n + 1, n + 2});
  }
  const TriangleMesh welded = build(loose);
  CHECK(welded.is_closed());
  CHECK(welded.part_seeds().size() == 1);
}

TEST_CASE("connected parts each get a seed", "[mesh]") {
  Soup two = box_soup(vec3(1));
  const Soup other = box_soup(vec3(1), vec3(5, 0, 0));
  for (const Tri& t : other.triangles) two.triangles.push_back({t[0] + 8, t[1] + 8, t[2] + 8});
  two.vertices.insert(two.vertices.end(), other.vertices.begin(), other.vertices.end());
  const TriangleMesh m = build(two);
  CHECK(m.part_seeds().size() == 2);
  CHECK(m.is_closed());
}

namespace {

/// The tree's invariants: every triangle in exactly one leaf, every node's
/// box around its triangles, depth within the median split's bound.
void check_tree(const TriangleMesh& m) {
  const auto nodes = m.nodes();
  std::vector<int> seen(m.triangle_count(), 0);
  std::vector<std::pair<index_t, int>> todo{{0, 1}};
  int depth = 0;
  while (!todo.empty()) {
    const auto [n, d] = todo.back();
    todo.pop_back();
    depth = std::max(depth, d);
    const MeshNode& node = nodes[static_cast<std::size_t>(n)];
    if (!node.leaf()) {
      todo.push_back({n + 1, d + 1});
      todo.push_back({node.start, d + 1});
      continue;
    }
    CHECK(node.count <= TriangleMesh::leaf_size);
    for (index_t k = node.start; k < node.start + node.count; ++k) {
      ++seen[static_cast<std::size_t>(k)];
      for (const vec3& p : m.triangle(k).p) {
        const bool in = glm::all(glm::lessThanEqual(node.bounds.min, p)) &&
                        glm::all(glm::lessThanEqual(p, node.bounds.max));
        if (!in) FAIL_CHECK("a corner outside its leaf's box");
      }
    }
  }
  for (int s : seen)
    if (s != 1) FAIL_CHECK("a triangle in " << s << " leaves");
  const double leaves = std::ceil(double(m.triangle_count()) / TriangleMesh::leaf_size);
  CHECK(depth <= int(std::ceil(std::log2(leaves))) + 2);
}

}  // namespace

TEST_CASE("the tree holds every triangle once, boxed, and stays shallow", "[mesh]") {
  check_tree(build(u_bracket()));
  check_tree(build(test::torus(1, real(0.3), 37, 11)));
  check_tree(build(read_off(SEPAX_TEST_DATA "/cow.off")));
}

TEST_CASE("a million triangles build without deep recursion", "[mesh][large]") {
  const TriangleMesh m = build(test::torus(10, 3, 1024, 512));
  CHECK(m.triangle_count() == 1024 * 512 * 2);
  CHECK(m.is_closed());
  check_tree(m);
}

// --- Point in solid -------------------------------------------------------------

TEST_CASE("contains agrees with the rounded winding number", "[mesh]") {
  const TriangleMesh cow = build(read_off(SEPAX_TEST_DATA "/cow.off"));
  const TriangleMesh bracket = build(u_bracket());
  const TriangleMesh torus = build(test::torus(1, real(0.3), 24, 12));
  pairs::Rng rng(5);
  int inside = 0, outside = 0;
  for (const TriangleMesh* m : {&cow, &bracket, &torus}) {
    const glm::dvec3 lo(m->bounds().min), hi(m->bounds().max);
    for (int n = 0; n < 2000; ++n) {
      const glm::dvec3 c = (lo + hi) * 0.5, h = (hi - lo) * 0.6;
      const vec3 p =
          to_real(glm::dvec3(rng.uniform(c.x - h.x, c.x + h.x), rng.uniform(c.y - h.y, c.y + h.y),
                             rng.uniform(c.z - h.z, c.z + h.z)));
      const real w = mesh::winding_number(*m, p);
      if (std::abs(w - std::round(w)) > real(0.01)) continue;  // on the surface
      const bool want = std::abs(w) >= real(0.5);
      CHECK(mesh::contains(*m, p) == want);
      inside += want;
      outside += !want;
    }
  }
  CHECK(inside > 1000);
  CHECK(outside > 1000);
  // Rays along the bracket's axis-aligned faces and edges: points level with
  // its corners (grazing for axis-aligned rays; sepax's rays are skewed).
  CHECK(mesh::contains(bracket, vec3(0.5, 1, 0.5)));
  CHECK(mesh::contains(bracket, vec3(2, 0.5, 0.5)));
  CHECK_FALSE(mesh::contains(bracket, vec3(2, 2, 0.5)));  // in the notch
  CHECK_FALSE(mesh::contains(bracket, vec3(1, 1, 2)));
  // Inside-out: still inside; open: never.
  Soup flipped = u_bracket();
  for (Tri& t : flipped.triangles) std::swap(t[1], t[2]);
  CHECK(mesh::contains(build(flipped), vec3(0.5, 1, 0.5)));
  Soup open = u_bracket();
  open.triangles.pop_back();
  CHECK_FALSE(mesh::contains(build(open), vec3(0.5, 1, 0.5)));
}

// --- Triangle pairs against GJK -----------------------------------------------

namespace {

convex::Triangle random_triangle(pairs::Rng& rng, const vec3& offset) {
  convex::Triangle t;
  for (vec3& p : t.p)
    p = offset + to_real(glm::dvec3(rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1)));
  return t;
}

real magnitude_of(const convex::Triangle& a, const convex::Triangle& b) {
  real m = 0;
  for (const convex::Triangle* t : {&a, &b})
    for (const vec3& p : t->p) m = std::max({m, std::abs(p.x), std::abs(p.y), std::abs(p.z)});
  return m + 4;  // plus the triangles' size (corners within [-1, 1]^3 of their offsets)
}

/// Distance from p to triangle t, by GJK (a point against the triangle).
real gjk_distance(const vec3& p, const convex::Triangle& t) {
  return gjk::distance(convex::Point{p}, t).distance;
}

}  // namespace

TEST_CASE("triangle pairs agree with GJK: verdict, distance, closest points", "[mesh]") {
  pairs::Rng rng(17);
  int touching = 0, apart = 0, coplanar = 0;
  for (int n = 0; n < 20000; ++n) {
    const int kind = n % 4;
    const glm::dvec3 dir = rng.unit() * std::pow(10.0, rng.uniform(-6, 0.5));
    convex::Triangle a = random_triangle(rng, vec3(0));
    convex::Triangle b = random_triangle(rng, to_real(dir));
    if (kind == 2)  // a translated copy: every edge parallel to one of the other's
      for (int k = 0; k < 3; ++k) b.p[k] = a.p[k] + to_real(dir);
    if (kind == 3) {  // coplanar: both in z = 0
      for (vec3& p : a.p) p.z = 0;
      for (vec3& p : b.p) p.z = 0;
      ++coplanar;
    }
    const real m = magnitude_of(a, b);
    const real band = tol::touching * m;
    const mesh::TrianglePair t = mesh::triangle_pair(a, b, band);
    const gjk::Result g = gjk::distance(a, b);
    INFO("pair " << n << " gjk " << g.distance << " ours " << t.distance);
    if (g.distance > 4 * band) {
      CHECK_FALSE(t.intersecting);
      CHECK(std::abs(t.distance - g.distance) <= (is_double ? 1e-10 : 1e-4) * m);
      CHECK(std::abs(glm::length(t.point_b - t.point_a) - t.distance) <= 8 * tol::eps * m);
      CHECK(gjk_distance(t.point_a, a) <= 16 * tol::gjk_touch * m);
      CHECK(gjk_distance(t.point_b, b) <= 16 * tol::gjk_touch * m);
      ++apart;
    } else if (g.distance < band / 4) {
      CHECK(t.intersecting);
      ++touching;
    }
    // The same pair moved to touch along GJK's closest points.
    if (!g.intersecting && kind != 3) {
      convex::Triangle moved = b;
      for (vec3& p : moved.p) p -= g.point_b - g.point_a;
      CHECK(mesh::triangle_pair(a, moved, band).intersecting);
    }
  }
  CHECK(touching > 1000);
  CHECK(apart > 1000);
  CHECK(coplanar > 1000);
}

// --- Shapes whose answers are known by construction -----------------------------

namespace {

constexpr real ring_R = 1, ring_r = real(0.3);
constexpr int ring_nu = 48, ring_nv = 16;

TriangleMesh ring() {
  return build(test::torus(ring_R, inscribed_tube(ring_R, ring_r, ring_nu), ring_nu, ring_nv));
}

/// Both poses moved by one rigid motion: no answer may change.
std::pair<Pose, Pose> moved(const Pose& a, const Pose& b, const vec3& t, const vec3& deg) {
  const Pose w = at_deg(t, deg);
  auto compose = [&](const Pose& p) {
    return Pose{w.rotation * p.rotation, w.rotation * p.translation + w.translation};
  };
  return {compose(a), compose(b)};
}

void check_apart(const mesh::Result& r) {
  CHECK_FALSE(r.intersecting);
  CHECK(r.how == Interference::none);
  CHECK(r.triangle_a >= 0);
  CHECK(std::abs(glm::length(r.point_b - r.point_a) - r.distance) <= 1e-3 * (r.distance + 1));
}

}  // namespace

TEST_CASE("linked rings: a chain link's clearance, and an overlap", "[mesh]") {
  const TriangleMesh a = ring(), b = ring();
  REQUIRE(a.is_closed());
  // B in the xz plane through A's hole: the centre circles stay R apart, so
  // the smooth tori (and the meshes inside them) are R - 2 r = 0.4 apart.
  const Pose link = at_deg(vec3(ring_R, 0, 0), vec3(90, 0, 0));
  for (int k = 0; k < 4; ++k) {
    const auto [pa, pb] = moved(Pose{}, link, vec3(k * 10, -k * 3, k), vec3(k * 33, k * 21, k * 7));
    const mesh::Result r = mesh::query(a, pa, b, pb);
    check_apart(r);
    CHECK(r.distance >= ring_R - 2 * ring_r - 1e-4);
    CHECK(r.distance <= ring_R - 2 * ring_r + real(0.04));  // the mesh tube is >= 0.29 thick
    CHECK_FALSE(mesh::intersect(a, pa, b, pb));
    // Overlap: B's centre moved to A's centre, so the centre circles cross
    // at (+-R, 0, 0), inside both solids.
    const auto [qa, qb] = moved(Pose{}, at_deg(vec3(0), vec3(90, 0, 0)), vec3(k), vec3(k * 40));
    const mesh::Result o = mesh::query(a, qa, b, qb);
    CHECK(o.intersecting);
    CHECK(o.how == Interference::surfaces);
    CHECK(o.distance == 0);
    CHECK(mesh::intersect(a, qa, b, qb).how == Interference::surfaces);
  }
}

TEST_CASE("U-bracket and pin: 0.5 clear, touching, overlapping", "[mesh]") {
  const TriangleMesh bracket = build(u_bracket());
  REQUIRE(bracket.is_closed());
  const vec3 half(0.5, 1, 0.5);
  const TriangleMesh pin = build(box_soup(half));
  const Hull pin_hull = shapes::box(half);
  // The notch is x in [1, 3], y from 1 up: the pin at x = 2, its bottom at
  // y = 1.5, is 0.5 from both walls and the bottom.
  const vec3 clear(2, 2.5, 0.5);
  for (int k = 0; k < 3; ++k) {
    const vec3 wt = vec3(k * 7, k * -2, k * 5), wdeg = vec3(k * 31, k * 17, k * 11);
    const real e = k == 0 ? exact : (is_double ? real(1e-9) : real(1e-4));
    {
      const auto [pa, pb] = moved(Pose{}, at(clear.x, clear.y, clear.z), wt, wdeg);
      const mesh::Result r = mesh::query(bracket, pa, pin, pb);
      check_apart(r);
      CHECK(r.distance == Approx(0.5).epsilon(e));
      const mesh::Result h = mesh::query(bracket, pa, pin_hull, pb);
      check_apart(h);
      CHECK(h.distance == Approx(0.5).epsilon(is_double ? 1e-9 : 1e-4));
      CHECK(h.triangle_b == -1);
      const mesh::Result m = mesh::query(pin_hull, pb, bracket, pa);  // mirrored
      CHECK(m.distance == Approx(h.distance));
      CHECK(m.triangle_a == -1);
      CHECK(m.triangle_b == h.triangle_a);
      CHECK_FALSE(mesh::intersect(bracket, pa, pin, pb));
      CHECK_FALSE(mesh::intersect(bracket, pa, pin_hull, pb));
    }
    for (const vec3& c : {clear - vec3(0.5, 0, 0), clear + vec3(0.5, 0, 0), clear - vec3(0, 0.5, 0),
                          clear - vec3(0.75, 0, 0), clear - vec3(0, 0.9, 0.3)}) {
      INFO("pin at " << c.x << " " << c.y << " " << c.z << " world " << k);
      const auto [pa, pb] = moved(Pose{}, at(c.x, c.y, c.z), wt, wdeg);
      const mesh::Result r = mesh::query(bracket, pa, pin, pb);
      CHECK(r.intersecting);
      CHECK(r.how == Interference::surfaces);
      CHECK(mesh::intersect(bracket, pa, pin, pb).how == Interference::surfaces);
      CHECK(mesh::query(bracket, pa, pin_hull, pb).how == Interference::surfaces);
      CHECK(mesh::intersect(pin_hull, pb, bracket, pa).how == Interference::surfaces);
    }
  }
}

TEST_CASE("a box in a torus's tube is inside; one in its hole is apart", "[mesh]") {
  const TriangleMesh torus = ring();
  const vec3 small(0.05);
  const TriangleMesh box = build(box_soup(small));
  const Hull box_hull = shapes::box(small);
  const Pose in_tube = at_deg(vec3(ring_R, 0, 0), vec3(10, 20, 30));
  const mesh::Result r = mesh::query(torus, Pose{}, box, in_tube);
  CHECK(r.intersecting);
  CHECK(r.how == Interference::b_inside_a);
  CHECK(mesh::query(box, in_tube, torus, Pose{}).how == Interference::a_inside_b);
  CHECK(mesh::intersect(torus, Pose{}, box, in_tube).how == Interference::b_inside_a);
  CHECK(mesh::query(torus, Pose{}, box_hull, in_tube).how == Interference::b_inside_a);
  CHECK(mesh::query(box_hull, in_tube, torus, Pose{}).how == Interference::a_inside_b);
  CHECK(mesh::intersect(torus, Pose{}, box_hull, in_tube).how == Interference::b_inside_a);
  // The torus inside a big box hull: every vertex inside it.
  const Hull big = shapes::box(vec3(3));
  CHECK(mesh::query(torus, Pose{}, big, Pose{}).how == Interference::a_inside_b);
  CHECK(mesh::intersect(big, Pose{}, torus, Pose{}).how == Interference::b_inside_a);
  // In the hole: the box (within 0.2 sqrt 2 of the axis) and the solid torus
  // (at least R - r = 0.7 from it) are apart; the mesh's inner corner on the
  // x axis is at 1 - 0.298, 0.5 from the box's face.
  const vec3 hole_half(0.2);
  const TriangleMesh hole_box = build(box_soup(hole_half));
  const Pose in_hole = at(0, 0, 0);
  const mesh::Result h = mesh::query(torus, Pose{}, hole_box, in_hole);
  check_apart(h);
  CHECK(h.distance >= real(0.7 - 0.2 * std::sqrt(2.0)));
  CHECK(h.distance <= real(0.51));
  CHECK_FALSE(mesh::intersect(torus, Pose{}, hole_box, in_hole));
  const mesh::Result hh = mesh::query(torus, Pose{}, shapes::box(hole_half), in_hole);
  check_apart(hh);
  CHECK(hh.distance == Approx(h.distance).epsilon(is_double ? 1e-9 : 1e-4));
}

// --- Random poses of a real mesh against the brute force --------------------------

namespace {

/// The brute-force answer: every triangle pair by triangle_pair in A's
/// frame, then the winding number of vertex 0 of each mesh in the other.
struct Brute {
  Interference how = Interference::none;
  real distance = std::numeric_limits<real>::infinity();
};

real pair_band(real magnitude_a, real magnitude_b, const Pose& rel) {
  return tol::touching * (magnitude_a + magnitude_b + glm::length(rel.translation));
}

bool inside_by_winding(const TriangleMesh& solid, const vec3& p) {
  return solid.is_closed() && std::abs(mesh::winding_number(solid, p)) >= real(0.5);
}

Brute brute(const TriangleMesh& a, const Pose& pa, const TriangleMesh& b, const Pose& pb) {
  const Pose rel = relative_pose(pa, pb);
  const real band = pair_band(a.magnitude(), b.magnitude(), rel);
  std::vector<convex::Triangle> tb;
  for (std::size_t j = 0; j < b.triangle_count(); ++j) {
    const convex::Triangle t = b.triangle(j);
    tb.push_back({{rel.apply(t.p[0]), rel.apply(t.p[1]), rel.apply(t.p[2])}});
  }
  Brute r;
  for (std::size_t i = 0; i < a.triangle_count(); ++i)
    for (const convex::Triangle& t : tb) {
      const mesh::TrianglePair p = mesh::triangle_pair(a.triangle(i), t, band, r.distance);
      if (p.intersecting) return Brute{Interference::surfaces, 0};
      r.distance = std::min(r.distance, p.distance);
    }
  if (inside_by_winding(b, rel.apply_inverse(a.vertices()[0])))
    return Brute{Interference::a_inside_b, 0};
  if (inside_by_winding(a, rel.apply(b.vertices()[0]))) return Brute{Interference::b_inside_a, 0};
  return r;
}

/// Every triangle against the hull by GJK, then containment both ways.
Brute brute(const TriangleMesh& a, const Pose& pa, const Hull& b, const Pose& pb) {
  const Pose rel = relative_pose(pa, pb);
  const convex::Posed<convex::HullShape> hull{convex::HullShape{&b}, rel};
  Brute r;
  bool touching = false;
  for (std::size_t i = 0; i < a.triangle_count(); ++i) {
    const gjk::Result g = gjk::distance(a.triangle(i), hull);
    touching = touching || g.intersecting;
    r.distance = std::min(r.distance, g.distance);
  }
  if (touching) {
    const real band = pair_band(a.magnitude(), b.magnitude(), rel);
    bool all_inside = true;
    for (const auto& t : a.triangles())
      for (index_t v : t) {
        const vec3 p = rel.apply_inverse(a.vertices()[static_cast<std::size_t>(v)]);
        for (const Plane& plane : b.planes()) all_inside = all_inside && plane.distance(p) < -band;
      }
    return Brute{all_inside ? Interference::a_inside_b : Interference::surfaces, 0};
  }
  if (inside_by_winding(a, rel.apply(b.vertices()[0]))) return Brute{Interference::b_inside_a, 0};
  return r;
}

Interference mirror(Interference how) {
  return how == Interference::a_inside_b   ? Interference::b_inside_a
         : how == Interference::b_inside_a ? Interference::a_inside_b
                                           : how;
}

/// Counts of each outcome, so that the test cannot pass vacuously.
struct Tally {
  int surfaces = 0, a_inside_b = 0, b_inside_a = 0, apart = 0, touching = 0;
  void add(Interference how) {
    surfaces += how == Interference::surfaces;
    a_inside_b += how == Interference::a_inside_b;
    b_inside_a += how == Interference::b_inside_a;
    apart += how == Interference::none;
  }
  void check_all_seen() const {
    CHECK(surfaces > 0);
    CHECK(a_inside_b > 0);
    CHECK(b_inside_a > 0);
    CHECK(apart > 0);
    CHECK(touching > 0);
  }
};

/// A random pose in (1.3 times) the box.
Pose random_pose(pairs::Rng& rng, const Bounds& box) {
  const glm::dvec3 lo(box.min), hi(box.max);
  const glm::dvec3 c = (lo + hi) * 0.5, h = (hi - lo) * 0.65;
  const glm::dvec3 t(rng.uniform(c.x - h.x, c.x + h.x), rng.uniform(c.y - h.y, c.y + h.y),
                     rng.uniform(c.z - h.z, c.z + h.z));
  return at_deg(to_real(t),
                to_real(glm::dvec3(rng.uniform(0, 360), rng.uniform(0, 360), rng.uniform(0, 360))));
}

/// A random pose in (1.3 times) the mesh's bounds; for odd n, one whose
/// origin is inside the (closed) mesh, by rejection.
Pose random_pose(pairs::Rng& rng, const TriangleMesh& m, int n) {
  for (int attempt = 0; attempt < 100; ++attempt) {
    const Pose p = random_pose(rng, m.bounds());
    if (n % 2 == 0 || inside_by_winding(m, p.translation)) return p;
  }
  return Pose{};
}

/// Checks the query (and its mirror, and intersect) against the brute force.
template <class B>
void check_against_brute(const TriangleMesh& a, const Pose& pa, const B& b, const Pose& pb,
                         Tally& tally) {
  const Brute want = brute(a, pa, b, pb);
  const mesh::Result got = mesh::query(a, pa, b, pb);
  CHECK(got.how == want.how);
  CHECK(got.intersecting == (want.how != Interference::none));
  CHECK(mesh::intersect(a, pa, b, pb).how == want.how);
  const mesh::Result mirrored = mesh::query(b, pb, a, pa);
  CHECK(mirrored.how == mirror(want.how));
  tally.add(want.how);
  if (want.how != Interference::none) return;
  const real scale = a.extent() + glm::length(pb.translation - pa.translation) + 1;
  CHECK(std::abs(got.distance - want.distance) <= (is_double ? 1e-10 : 2e-4) * scale);
  CHECK(std::abs(mirrored.distance - got.distance) <= (is_double ? 1e-10 : 2e-4) * scale);
  CHECK(std::abs(glm::length(got.point_b - got.point_a) - got.distance) <=
        (is_double ? 1e-10 : 2e-4) * scale);
}

}  // namespace

TEST_CASE("random poses of the cow against a torus: query equals the brute force", "[mesh]") {
  const TriangleMesh cow = build(read_off(SEPAX_TEST_DATA "/cow.off"));
  REQUIRE(cow.is_closed());
  const TriangleMesh torus = build(test::torus(real(0.04), real(0.012), 10, 5));
  pairs::Rng rng(2024);
  Tally tally;
  for (int n = 0; n < 40; ++n) {
    INFO("pose " << n);
    const Pose pa = at_deg(vec3(0.25, -1, 2), vec3(10, 20, 30));
    const Pose local = random_pose(rng, cow, n);
    const Pose pb{pa.rotation * local.rotation, pa.apply(local.translation)};
    check_against_brute(cow, pa, torus, pb, tally);
    check_against_brute(torus, pb, cow, pa, tally);
    // Apart: B moved along the closest points until it touches.
    const mesh::Result r = mesh::query(cow, pa, torus, pb);
    if (r.intersecting) continue;
    const Pose touch{pb.rotation, pb.translation - (r.point_b - r.point_a)};
    const mesh::Result t = mesh::query(cow, pa, torus, touch);
    CHECK(t.how == Interference::surfaces);
    CHECK(brute(cow, pa, torus, touch).how == Interference::surfaces);
    tally.touching += t.how == Interference::surfaces;
  }
  INFO("surfaces " << tally.surfaces << " a_inside_b " << tally.a_inside_b << " b_inside_a "
                   << tally.b_inside_a << " apart " << tally.apart << " touching "
                   << tally.touching);
  tally.check_all_seen();
}

TEST_CASE("random poses of the cow against a hull: query equals the brute force", "[mesh]") {
  const TriangleMesh cow = build(read_off(SEPAX_TEST_DATA "/cow.off"));
  const Hull hull = shapes::random_hull(24, real(0.05), 7);
  pairs::Rng rng(99);
  Tally tally;
  for (int n = 0; n < 60; ++n) {
    INFO("pose " << n);
    const Pose pa = at_deg(vec3(-3, 0.5, 1), vec3(40, 0, -15));
    const Pose local = random_pose(rng, cow, n);
    const Pose pb{pa.rotation * local.rotation, pa.apply(local.translation)};
    check_against_brute(cow, pa, hull, pb, tally);
    const mesh::Result r = mesh::query(cow, pa, hull, pb);
    if (r.intersecting) continue;
    const Pose touch{pb.rotation, pb.translation - (r.point_b - r.point_a)};
    const mesh::Result t = mesh::query(cow, pa, hull, touch);
    CHECK(t.how == Interference::surfaces);
    tally.touching += t.how == Interference::surfaces;
  }
  // The cow inside a large hull: a_inside_b.
  const Hull big = shapes::box(vec3(2));
  check_against_brute(cow, Pose{}, big, at(0.1, 0, 0), tally);
  INFO("surfaces " << tally.surfaces << " a_inside_b " << tally.a_inside_b << " b_inside_a "
                   << tally.b_inside_a << " apart " << tally.apart << " touching "
                   << tally.touching);
  tally.check_all_seen();
}

TEST_CASE("linked rings: the distance equals the brute force", "[mesh]") {
  // Many node pairs stay in reach (every opposite pair of tube sections is
  // nearly closest), so the best-first queue overflows into depth-first
  // searches: the answer must not change.
  const TriangleMesh a = ring();
  Tally tally;
  for (const vec3& deg : {vec3(90, 0, 0), vec3(75, 15, 0)}) {
    const Pose pb = at_deg(vec3(ring_R, real(0.05), 0), deg);
    check_against_brute(a, Pose{}, a, pb, tally);
  }
  CHECK(tally.apart == 2);  // both poses apart
}

// --- Edges ----------------------------------------------------------------------

namespace {

// Two triangles on the edge (0,0,0)-(1,0,0): the first in the xy plane on
// the +y side (normal +z), the second on the -y side turned up (towards +z,
// a valley) by `degrees`, or down for negative degrees (a ridge).
TriangleMesh hinge(double degrees) {
  const double r = degrees * std::numbers::pi / 180;
  Soup s;
  s.vertices = {vec3(0), vec3(1, 0, 0), vec3(real(0.3), 1, 0),
                vec3(real(0.6), real(-std::cos(r)), real(std::sin(r)))};
  s.triangles = {{0, 1, 2}, {1, 0, 3}};
  return build(s);
}

// The kind of the edge two triangles share, found without the library's
// road: the signed angle between their normals about the first's
// traversal of the edge (ridges turn one way, valleys the other).
struct Truth {
  EdgeKind kind;
  real margin;  // how far the angle's sine lies from tol::mesh_flat_edge
};

Truth brute_kind(const TriangleMesh& m, index_t t, int k, index_t u, int j) {
  const auto at = [&m](index_t tri, int c) {
    return m.vertices()[m.triangles()[tri][(c + 3) % 3]];
  };
  const vec3 a = at(t, k), b = at(t, k + 1);
  const vec3 n1 = glm::normalize(glm::cross(at(t, k + 1) - a, at(t, k + 2) - a));
  const vec3 n2 = glm::normalize(glm::cross(at(u, j + 1) - at(u, j), at(u, j + 2) - at(u, j)));
  if (at(u, j) == a) return {EdgeKind::convex, 1};  // wound the same way
  const real sine = glm::dot(glm::cross(n1, n2), glm::normalize(b - a));
  const real cosine = glm::dot(n1, n2);
  const real margin = std::abs(std::abs(sine) - tol::mesh_flat_edge);
  if (cosine > 0 && std::abs(sine) <= tol::mesh_flat_edge) return {EdgeKind::flat, margin};
  if (cosine <= 0 && std::abs(sine) <= tol::mesh_flat_edge) return {EdgeKind::convex, margin};
  return {sine > 0 ? EdgeKind::convex : EdgeKind::concave, margin};
}

// Every edge of every kept triangle against a search by positions: the
// triangles holding both ends, the neighbour, the kind, and the edge ids.
void check_edges(const TriangleMesh& m) {
  const auto tris = m.triangles();
  const auto at = [&](index_t t, int c) { return m.vertices()[tris[t][c % 3]]; };
  std::map<std::pair<std::array<real, 3>, std::array<real, 3>>,
           std::vector<std::pair<index_t, int>>>
      sides;
  const auto key = [](const vec3& p, const vec3& q) {
    std::array<real, 3> x{p.x, p.y, p.z}, y{q.x, q.y, q.z};
    return x < y ? std::make_pair(x, y) : std::make_pair(y, x);
  };
  for (index_t t = 0; t < index_t(m.triangle_count()); ++t)
    for (int k = 0; k < 3; ++k) sides[key(at(t, k), at(t, k + 1))].emplace_back(t, k);
  REQUIRE(m.edge_count() == sides.size());
  std::size_t unsure = 0;
  for (const auto& [ends, list] : sides) {
    const auto [t, k] = list[0];
    const index_t id = m.edge_id(t, k);
    for (const auto& [u, j] : list) REQUIRE(m.edge_id(u, j) == id);
    const MeshEdge& e = m.edge(id);
    REQUIRE(e.triangle[0] == t);  // the lowest triangle first
    if (list.size() == 1) {
      REQUIRE(e.kind == EdgeKind::boundary);
      REQUIRE(m.neighbor(t, k) == -1);
      continue;
    }
    if (list.size() > 2) {
      REQUIRE(e.kind == EdgeKind::non_manifold);
      continue;
    }
    const auto [u, j] = list[1];
    REQUIRE(m.neighbor(t, k) == u);
    REQUIRE(m.neighbor(u, j) == t);
    const Truth truth = brute_kind(m, t, k, u, j);
    if (truth.margin < real(1e-4)) {
      ++unsure;  // within round-off of the threshold: either answer
      continue;
    }
    INFO("edge " << id << ": triangles " << t << ", " << u);
    REQUIRE(e.kind == truth.kind);
  }
  CHECK(unsure * 100 <= sides.size());
}

std::size_t count_kind(const TriangleMesh& m, EdgeKind kind) {
  std::size_t n = 0;
  for (index_t e = 0; e < index_t(m.edge_count()); ++e) n += m.edge(e).kind == kind;
  return n;
}

}  // namespace

TEST_CASE("a fold is flat within 5 degrees, else a ridge or a valley", "[mesh][edges]") {
  const std::pair<double, EdgeKind> folds[] = {
      {0, EdgeKind::flat},      {3, EdgeKind::flat},      {-4.9, EdgeKind::flat},
      {5.5, EdgeKind::concave}, {-5.5, EdgeKind::convex}, {30, EdgeKind::concave},
      {-30, EdgeKind::convex},  {120, EdgeKind::concave}, {-120, EdgeKind::convex},
      {178, EdgeKind::convex},  {-178, EdgeKind::convex},  // knife edges
  };
  for (const auto& [degrees, kind] : folds) {
    INFO(degrees << " degrees");
    const TriangleMesh m = hinge(degrees);
    REQUIRE(m.edge_count() == 5);
    const index_t t = m.input_index(0) == 0 ? 0 : 1;  // the first input triangle
    const int k = 0;                                  // its corner 0 -> 1: the hinge
    REQUIRE(m.edge_kind(t, k) == kind);
    REQUIRE(m.neighbor(t, k) == 1 - t);
    REQUIRE(m.edge_kind(t, 1) == EdgeKind::boundary);
    check_edges(m);
  }
}

TEST_CASE("a flat floor has flat edges inside and boundary edges on its rim", "[mesh][edges]") {
  Soup s;
  const int n = 12;
  pairs::Rng rng(3);
  for (int i = 0; i <= n; ++i)
    for (int j = 0; j <= n; ++j) {
      const bool rim = i == 0 || j == 0 || i == n || j == n;
      const real jitter = rim ? 0 : real(rng.uniform(-0.15, 0.15));
      s.vertices.emplace_back(real(i) + jitter, real(j) - jitter, real(0));
    }
  const auto id = [&](int i, int j) { return index_t(i * (n + 1) + j); };
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      if ((i + j) % 2 == 0) {
        s.triangles.push_back({id(i, j), id(i + 1, j), id(i + 1, j + 1)});
        s.triangles.push_back({id(i, j), id(i + 1, j + 1), id(i, j + 1)});
      } else {
        s.triangles.push_back({id(i, j), id(i + 1, j), id(i, j + 1)});
        s.triangles.push_back({id(i + 1, j), id(i + 1, j + 1), id(i, j + 1)});
      }
    }
  const TriangleMesh m = build(s);
  const std::size_t rim = 4 * n, inside = std::size_t(n) * (n - 1) * 2 + std::size_t(n) * n;
  CHECK(count_kind(m, EdgeKind::boundary) == rim);
  CHECK(count_kind(m, EdgeKind::flat) == inside);
  check_edges(m);
}

TEST_CASE("a cube's surface: ridges on its edges, flat across its faces", "[mesh][edges]") {
  const TriangleMesh cube = surface_of(shapes::box(vec3(1, 2, 3)));
  REQUIRE(cube.edge_count() == 18);
  CHECK(count_kind(cube, EdgeKind::convex) == 12);
  CHECK(count_kind(cube, EdgeKind::flat) == 6);
  check_edges(cube);
  // Its inside-out copy (every triangle reversed): the ridges are valleys.
  Soup flipped;
  flipped.vertices.assign(cube.vertices().begin(), cube.vertices().end());
  for (const auto& t : cube.triangles()) flipped.triangles.push_back({t[0], t[2], t[1]});
  const TriangleMesh inside = build(flipped);
  CHECK(count_kind(inside, EdgeKind::concave) == 12);
  CHECK(count_kind(inside, EdgeKind::flat) == 6);
}

TEST_CASE("repeated corners share edges; odd windings and fans are told", "[mesh][edges]") {
  // An STL-style soup: every triangle its own three vertices.
  const TriangleMesh indexed = surface_of(shapes::box(vec3(1)));
  Soup soup;
  for (const auto& t : indexed.triangles()) {
    const auto base = index_t(soup.vertices.size());
    for (int k = 0; k < 3; ++k) soup.vertices.push_back(indexed.vertices()[t[k]]);
    soup.triangles.push_back({base, base + 1, base + 2});
  }
  const TriangleMesh welded = build(soup);
  CHECK(welded.edge_count() == 18);
  CHECK(count_kind(welded, EdgeKind::convex) == 12);
  check_edges(welded);

  // One triangle of the hinge flipped: same direction along the edge.
  Soup odd;
  odd.vertices = {vec3(0), vec3(1, 0, 0), vec3(real(0.3), 1, 0), vec3(real(0.6), -1, 0)};
  odd.triangles = {{0, 1, 2}, {0, 1, 3}};
  const TriangleMesh m = build(odd);
  CHECK(count_kind(m, EdgeKind::convex) == 1);

  // Three triangles on one edge.
  Soup fan = odd;
  fan.triangles[1] = {1, 0, 3};
  fan.vertices.emplace_back(real(0.5), real(0), real(1));
  fan.triangles.push_back({1, 0, 4});
  const TriangleMesh f = build(fan);
  CHECK(count_kind(f, EdgeKind::non_manifold) == 1);
  check_edges(f);
}

TEST_CASE("edges of real and generated meshes match a search by positions", "[mesh][edges]") {
  for (const char* name : {"/cow.off", "/fandisk.off"}) {
    INFO(name);
    const TriangleMesh m = build(read_off(std::string(SEPAX_TEST_DATA) + name));
    check_edges(m);
    CHECK(count_kind(m, EdgeKind::convex) > 0);
    CHECK(count_kind(m, EdgeKind::concave) > 0);
  }
  const TriangleMesh torus = build(test::torus(3, 1, 40, 24));
  check_edges(torus);
  CHECK(count_kind(torus, EdgeKind::boundary) == 0);
  CHECK(count_kind(torus, EdgeKind::concave) > 0);  // the inner, saddle-shaped side
  for (std::uint64_t seed = 0; seed < 20; ++seed)
    check_edges(surface_of(shapes::random_hull(40, 1, seed)));
}

TEST_CASE("overlapping finds the triangles a box touches, as a scan does", "[mesh][overlapping]") {
  const TriangleMesh cow = build(read_off(SEPAX_TEST_DATA "/cow.off"));
  const TriangleMesh torus = build(test::torus(3, 1, 64, 32));
  pairs::Rng rng(19);
  std::vector<index_t> found(4096);
  int nonempty = 0;
  for (const TriangleMesh* m : {&cow, &torus}) {
    const Bounds all = m->bounds();
    const vec3 size = all.max - all.min;
    for (int i = 0; i < 300; ++i) {
      const vec3 c = all.min + size * vec3(rng.uniform(-0.1, 1.1), rng.uniform(-0.1, 1.1),
                                           rng.uniform(-0.1, 1.1));
      const vec3 h = size * real(rng.uniform(0.001, 0.3));
      const Bounds box{c - h, c + h};
      std::vector<index_t> scan;
      for (index_t t = 0; t < index_t(m->triangle_count()); ++t) {
        const convex::Triangle tri = m->triangle(t);
        const vec3 lo = glm::min(tri.p[0], glm::min(tri.p[1], tri.p[2]));
        const vec3 hi = glm::max(tri.p[0], glm::max(tri.p[1], tri.p[2]));
        if (glm::all(glm::lessThanEqual(lo, box.max)) && glm::all(glm::lessThanEqual(box.min, hi)))
          scan.push_back(t);
      }
      bool overflow = true;
      const std::size_t n = mesh::overlapping(*m, box, found, &overflow);
      REQUIRE_FALSE(overflow);
      REQUIRE(std::vector<index_t>(found.begin(), found.begin() + long(n)) == scan);
      nonempty += n > 0;
      if (scan.size() > 3) {  // a short span: the first ones, and overflow
        std::array<index_t, 3> few{};
        REQUIRE(mesh::overlapping(*m, box, few, &overflow) == 3);
        REQUIRE(overflow);
        REQUIRE(std::equal(few.begin(), few.end(), scan.begin()));
      }
    }
  }
  CHECK(nonempty > 300);
  std::array<index_t, 4> none{};
  CHECK(mesh::overlapping(TriangleMesh{}, Bounds{vec3(0), vec3(1)}, none) == 0);
}
