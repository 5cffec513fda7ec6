// Contact manifolds of a hull against a triangle mesh (contact_mesh.hpp):
// against brute force (every triangle a flat hull of its own, decided by
// contact::collide), and the behaviour an engine needs at a mesh's inner
// edges: a flat floor gives only the floor's normal however it is
// triangulated, a ridge keeps its edge's normal, a valley gives one region
// per face with the depth exact along each.
#include "pairs.hpp"
#include "sepax/contact_mesh.hpp"
#include "sepax/shapes.hpp"
#include "test_util.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

using namespace sepax;
using namespace sepax::test;

namespace {

/// Length tolerance, relative to the scene's size.
constexpr double rel = is_double ? 1e-9 : 2e-4;
/// Tolerance on a unit normal's components.
constexpr double normal_tol = is_double ? 1e-9 : 2e-5;

struct Soup {
  std::vector<vec3> vertices;
  std::vector<std::array<index_t, 3>> triangles;
  index_t add(const vec3& v) {
    vertices.push_back(v);
    return index_t(vertices.size() - 1);
  }
};

TriangleMesh build(const Soup& s) {
  MeshResult r = TriangleMesh::from_triangles(std::span<const vec3>(s.vertices), s.triangles);
  REQUIRE(r.ok());
  return std::move(r.mesh);
}

/// An n x n grid floor in z = 0 over [-h, h]^2, each square split along a
/// diagonal; with `jitter`, the inner vertices move in the plane (a random
/// triangulation of the same floor, every inner edge still flat); with
/// `bump`, up and down too (folds of about that many radians: flat edges,
/// but no longer one plane).
TriangleMesh floor_mesh(int n, real h, double jitter, std::uint64_t seed, double bump = 0) {
  pairs::Rng rng(seed);
  Soup s;
  const real step = 2 * h / real(n);
  for (int j = 0; j <= n; ++j)
    for (int i = 0; i <= n; ++i) {
      const bool rim = i == 0 || j == 0 || i == n || j == n;
      const real dx = rim ? 0 : real(rng.uniform(-jitter, jitter)) * step;
      const real dy = rim ? 0 : real(rng.uniform(-jitter, jitter)) * step;
      const real dz = rim ? 0 : real(rng.uniform(-bump, bump)) * step;
      s.add(vec3(-h + real(i) * step + dx, -h + real(j) * step + dy, dz));
    }
  const auto at = [n](int i, int j) { return index_t(j * (n + 1) + i); };
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      if ((i + j) % 2 == 0) {
        s.triangles.push_back({at(i, j), at(i + 1, j), at(i + 1, j + 1)});
        s.triangles.push_back({at(i, j), at(i + 1, j + 1), at(i, j + 1)});
      } else {
        s.triangles.push_back({at(i, j), at(i + 1, j), at(i, j + 1)});
        s.triangles.push_back({at(i + 1, j), at(i + 1, j + 1), at(i, j + 1)});
      }
    }
  return build(s);
}

/// A soup of `count` separate random triangles within 2.3 of the origin
/// (every edge a rim), and each triangle as a flat hull of its own.
TriangleMesh random_soup(pairs::Rng& rng, int count, std::vector<Hull>& alone) {
  Soup s;
  for (int k = 0; k < count; ++k) {
    const glm::dvec3 c = rng.unit() * rng.uniform(0, 1.5);
    std::array<index_t, 3> t;
    std::vector<vec3> corners;
    for (int j = 0; j < 3; ++j) {
      corners.push_back(to_real(c + rng.unit() * rng.uniform(0.3, 0.8)));
      t[j] = s.add(corners.back());
    }
    s.triangles.push_back(t);
    alone.push_back(Hull::from_points(corners).hull);
  }
  return build(s);
}

/// Signed distance of p (world) outside hull h at pose: the largest plane
/// distance (<= 0 inside).
double outside(const Hull& h, const Pose& pose, const vec3& p) {
  const glm::dvec3 q = glm::dvec3(pose.apply_inverse(p));
  double d = -1e300;
  for (const Plane& pl : h.planes())
    d = std::max(d, glm::dot(glm::dvec3(pl.normal), q) - double(pl.offset));
  return d * double(pose.scale);
}

/// Distance from p (world) to triangle t of the mesh at pose.
double to_triangle(const TriangleMesh& mesh, const Pose& pose, index_t input, const vec3& p) {
  for (index_t t = 0; t < index_t(mesh.triangles().size()); ++t) {
    if (mesh.input_index(t) != input) continue;
    const convex::Triangle c = mesh.triangle(t);
    const Hull h = Hull::from_points(std::vector<vec3>{c.p[0], c.p[1], c.p[2]}).hull;
    return std::abs(outside(h, pose, p));
  }
  return 1e300;
}

/// A pose of `body` above the plane z = 0, rotated by `tilt_deg` about a
/// random horizontal axis and a random turn about z, its lowest point
/// `depth` below the plane at (x, y).
Pose resting_pose(const Hull& body, pairs::Rng& rng, real x, real y, double tilt_deg, real depth) {
  const vec3 deg(real(rng.uniform(-tilt_deg, tilt_deg)), real(rng.uniform(-tilt_deg, tilt_deg)),
                 real(rng.uniform(0, 360)));
  Pose p = at_deg(vec3(x, y, 0), deg);
  real lowest = 1e30f;
  for (const vec3& v : body.vertices()) lowest = std::min(lowest, p.apply(v).z);
  p.translation.z = -lowest - depth;
  return p;
}

/// Every point of every region: on the body and on its triangle, its
/// separation the gap along the region's normal, within the margin; the
/// region's separation its deepest point's.
void check_points(const contact::MeshManifold& mm, const Hull& body, const Pose& pa,
                  const TriangleMesh& mesh, const Pose& pb, real margin, double tol) {
  for (int r = 0; r < mm.count; ++r) {
    const contact::Manifold& m = mm.regions[r];
    REQUIRE(m.count > 0);
    CHECK(std::abs(glm::length(glm::dvec3(m.normal)) - 1) <= normal_tol);
    real deepest_point = m.points[0].separation;
    for (int i = 1; i < m.count; ++i)
      deepest_point = std::min(deepest_point, m.points[i].separation);
    CHECK(m.separation == deepest_point);
    for (int i = 0; i < m.count; ++i) {
      const contact::Point& q = m.points[i];
      CHECK(std::abs(outside(body, pa, q.point_a)) <= tol);
      CHECK(to_triangle(mesh, pb, mm.triangle[r][i], q.point_b) <= tol);
      CHECK(std::abs(double(q.separation) -
                     glm::dot(glm::dvec3(q.point_b - q.point_a), glm::dvec3(m.normal))) <= tol);
      CHECK(q.separation <= margin + tol);
    }
  }
}

double deepest(const contact::MeshManifold& mm) {
  double d = 1e300;
  for (int r = 0; r < mm.count; ++r)
    for (int i = 0; i < mm.regions[r].count; ++i)
      d = std::min(d, double(mm.regions[r].points[i].separation));
  return d;
}

}  // namespace

TEST_CASE("a soup of separate triangles gives what each triangle gives alone", "[contact][mesh]") {
  // Every edge of a soup is a rim: every answer is admitted, and the mesh
  // manifold's points are those of the triangles decided one at a time.
  pairs::Rng rng(11);
  contact::MeshScratch scratch;
  int touching = 0;
  for (int round = 0; round < 60; ++round) {
    std::vector<Hull> alone;
    const TriangleMesh mesh = random_soup(rng, 12, alone);
    const Hull body = shapes::random_hull(rng.integer(4, 40), real(0.6), rng.next());
    const Pose pb = at_deg(to_real(rng.unit() * 5.0), to_real(rng.unit() * 90.0));
    const glm::dquat turn = rng.rotation();
    const Pose body_pose =
        pose_from_quat(pb.apply(to_real(rng.unit() * rng.uniform(0, 1.5))),
                       quat(real(turn.w), real(turn.x), real(turn.y), real(turn.z)));
    const real margin = real(rng.uniform(0, 0.05));
    const contact::MeshManifold mm = contact::collide(body, body_pose, mesh, pb, scratch, margin);
    double expected = 1e300;
    int with_points = 0;
    for (const Hull& t : alone) {
      const contact::Manifold m = contact::collide(body, body_pose, t, pb, margin);
      for (int i = 0; i < m.count; ++i)
        expected = std::min(expected, double(m.points[i].separation));
      with_points += m.count > 0;
    }
    INFO("round " << round);
    CHECK((mm.count > 0) == (with_points > 0));
    check_points(mm, body, body_pose, mesh, pb, margin, rel * 10);
    if (mm.count == 0) continue;
    ++touching;
    // A region re-measures a member's points along its deepest member's
    // normal: never shallower than the deepest triangle alone.
    CHECK(deepest(mm) <= expected + rel * 10);
  }
  CHECK(touching > 20);
}

namespace {

/// The region normals of the per-triangle road without the mesh's edges:
/// each triangle near the body decided alone by contact::collide. True
/// when one of them leans from `up` (a ghost normal).
bool alone_leans(const Hull& body, const Pose& pa, const TriangleMesh& mesh, const Pose& pb,
                 const vec3& up) {
  Hull t;
  for (index_t k = 0; k < index_t(mesh.triangles().size()); ++k) {
    const convex::Triangle c = mesh.triangle(k);
    REQUIRE(t.assign_triangle(c.p[0], c.p[1], c.p[2]));
    const contact::Manifold m = contact::collide(body, pa, t, pb, 0);
    if (m.count > 0 && glm::dot(m.normal, -up) < real(1) - real(1e-3)) return true;
  }
  return false;
}

void quad(Soup& s, const vec3& a, const vec3& b, const vec3& c, const vec3& d) {
  const index_t ia = s.add(a), ib = s.add(b), ic = s.add(c), id = s.add(d);
  s.triangles.push_back({ia, ib, ic});
  s.triangles.push_back({ia, ic, id});
}

}  // namespace

TEST_CASE("a body sliding on a triangulated floor meets only the floor's normal",
          "[contact][mesh]") {
  // The ghost-bump case: a box or hull over the inner edges of a flat floor,
  // tilted up to 20 degrees, sunk up to 5% of its size, at 300 poses on a
  // grid floor and on a random triangulation of it, the floor itself placed
  // at a random pose. One region, the floor's normal exactly, the depth of
  // the body's lowest point exactly.
  // With bumps of 1e-4 rad (more on the jittered floor's thin triangles)
  // the triangles are not one plane: each is decided on its own; faces
  // within tol::mesh_region share a region, the others get their own, and
  // every region's normal is one of the faces', within the bumps.
  const double jitter = GENERATE(0.0, 0.35);
  const double bump = GENERATE(0.0, 1e-4);
  const int body_kind = GENERATE(0, 1);
  INFO("jitter " << jitter << ", bump " << bump << ", body " << body_kind);
  const TriangleMesh floor = floor_mesh(8, 4, jitter, 7, bump);
  // The steepest face's tilt bounds how far a region's normal leans.
  double steepest = 0;
  for (index_t t = 0; t < index_t(floor.triangle_count()); ++t) {
    const convex::Triangle c = floor.triangle(t);
    const glm::dvec3 n =
        glm::normalize(glm::cross(glm::dvec3(c.p[1] - c.p[0]), glm::dvec3(c.p[2] - c.p[0])));
    steepest = std::max(steepest, glm::length(n - glm::dvec3(0, 0, 1)));
  }
  const double lean = bump > 0 ? steepest + normal_tol : normal_tol;
  const double off = bump > 0 ? 1e-3 : rel * 20;
  const Hull body =
      body_kind == 0 ? shapes::box(vec3(0.5f, 0.3f, 0.2f)) : shapes::random_hull(32, real(0.5), 21);
  pairs::Rng rng(3 + std::uint64_t(body_kind));
  contact::MeshScratch scratch;
  int leaning_alone = 0;
  for (int k = 0; k < 300; ++k) {
    const real depth = real(rng.uniform(1e-4, 0.05));
    const Pose local = resting_pose(body, rng, real(rng.uniform(-2.5, 2.5)),
                                    real(rng.uniform(-2.5, 2.5)), 20, depth);
    const Pose world = at_deg(to_real(rng.unit() * 10.0), to_real(rng.unit() * 180.0));
    const Pose pa = relative_pose(world.inverse(), local);
    const vec3 up = world.rotate(vec3(0, 0, 1));
    const contact::MeshManifold mm = contact::collide(body, pa, floor, world, scratch);
    INFO("pose " << k);
    if (bump == 0) REQUIRE(mm.count == 1);
    REQUIRE(mm.count >= 1);
    for (int r = 0; r < mm.count; ++r)
      CHECK(glm::length(glm::dvec3(mm.regions[r].normal) + glm::dvec3(up)) <= lean);
    CHECK(std::abs(deepest(mm) + double(depth)) <= off);
    check_points(mm, body, pa, floor, world, 0, rel * 20);
    leaning_alone += alone_leans(body, pa, floor, world, up);
  }
  // The same poses decided one triangle at a time do lean: the test meets
  // the edges it is about.
  INFO("leaning normals without the mesh's edges: " << leaning_alone << " of 300");
  CHECK(leaning_alone > 0);
}

TEST_CASE("a ridge keeps its edge's normal", "[contact][mesh]") {
  // A roof, 30 degrees each side of a ridge along x; a box tilted by less
  // than that touches the ridge with its bottom face: the normal is the
  // face's, inside the ridge's arc, not snapped to a roof face.
  Soup s;
  const real drop = real(2) * std::tan(real(0.5235987755982988));
  quad(s, vec3(-2, -2, -drop), vec3(2, -2, -drop), vec3(2, 0, 0), vec3(-2, 0, 0));
  quad(s, vec3(-2, 0, 0), vec3(2, 0, 0), vec3(2, 2, -drop), vec3(-2, 2, -drop));
  const TriangleMesh roof = build(s);
  int ridges = 0;
  for (index_t t = 0; t < index_t(roof.triangles().size()); ++t)
    for (int k = 0; k < 3; ++k) ridges += roof.edge_kind(t, k) == EdgeKind::convex;
  REQUIRE(ridges == 2);  // the ridge, seen from its two triangles
  const Hull box = shapes::box(vec3(0.5f));
  contact::MeshScratch scratch;
  for (const double tilt : {-20.0, -10.0, 0.0, 5.0, 25.0}) {
    INFO("tilt " << tilt);
    const real depth = real(0.01);
    const Pose turn = at_deg(vec3(0), vec3(real(tilt), 0, 0));
    const vec3 n = turn.rotate(vec3(0, 0, -1));  // the bottom face's normal
    const Pose pa = at_deg(-n * (real(0.5) - depth), vec3(real(tilt), 0, 0));
    const contact::MeshManifold mm = contact::collide(box, pa, roof, Pose{}, scratch);
    REQUIRE(mm.count == 1);
    CHECK(glm::length(glm::dvec3(mm.regions[0].normal) - glm::dvec3(n)) <= normal_tol);
    CHECK(std::abs(deepest(mm) + double(depth)) <= rel * 10);
    check_points(mm, box, pa, roof, Pose{}, 0, rel * 10);
  }
}

TEST_CASE("a valley gives one region per face, each exact", "[contact][mesh]") {
  // A floor and two walls meeting in a corner (every crease a valley); a
  // box pushed into the floor and one or two walls gets a region per face,
  // its normal the face's and its depth the box's along it.
  Soup s;
  quad(s, vec3(0, 0, 0), vec3(3, 0, 0), vec3(3, 3, 0), vec3(0, 3, 0));  // floor, up
  quad(s, vec3(0, 0, 0), vec3(0, 3, 0), vec3(0, 3, 3), vec3(0, 0, 3));  // wall x = 0
  quad(s, vec3(3, 0, 0), vec3(0, 0, 0), vec3(0, 0, 3), vec3(3, 0, 3));  // wall y = 0
  const TriangleMesh corner = build(s);
  int valleys = 0;
  for (index_t t = 0; t < index_t(corner.triangles().size()); ++t)
    for (int k = 0; k < 3; ++k) valleys += corner.edge_kind(t, k) == EdgeKind::concave;
  REQUIRE(valleys == 6);  // three creases, each seen from two triangles
  const Hull box = shapes::box(vec3(0.5f));
  contact::MeshScratch scratch;
  const vec3 pushes[] = {{0.05f, 1.5f, 0.02f}, {1.5f, 0.03f, 0.04f}, {0.05f, 0.03f, 0.02f}};
  for (const vec3& push : pushes) {
    // push.x and push.y below 1 press into a wall; push.z into the floor.
    const Pose pa = at(real(0.5) - (push.x < 1 ? push.x : -push.x),
                       real(0.5) - (push.y < 1 ? push.y : -push.y), real(0.5) - push.z);
    const contact::MeshManifold mm = contact::collide(box, pa, corner, Pose{}, scratch);
    const int walls = int(push.x < 1) + int(push.y < 1);
    INFO("push " << push.x << " " << push.y << " " << push.z);
    REQUIRE(mm.count == 1 + walls);
    check_points(mm, box, pa, corner, Pose{}, 0, rel * 10);
    for (int r = 0; r < mm.count; ++r) {
      const vec3 n = mm.regions[r].normal;
      const int axis = std::abs(n.x) > real(0.5) ? 0 : std::abs(n.y) > real(0.5) ? 1 : 2;
      vec3 face(0);
      face[axis] = -1;
      CHECK(glm::length(glm::dvec3(n - face)) <= normal_tol);
      double d = 1e300;
      for (int i = 0; i < mm.regions[r].count; ++i)
        d = std::min(d, double(mm.regions[r].points[i].separation));
      CHECK(std::abs(d + double(push[axis])) <= rel * 10);
    }
  }
}

TEST_CASE("a mesh cache gives the cold answers", "[contact][mesh][cache]") {
  // A box sliding and turning across a random triangulation, 400 steps:
  // with the cache (triangles kept while the box stays in their box, SAT
  // axes per triangle) the regions, normals and depths are the cold ones.
  const TriangleMesh floor = floor_mesh(10, 5, 0.35, 9, 1e-4);  // each triangle decided
  const Hull box = shapes::box(vec3(0.6f, 0.4f, 0.3f));
  contact::MeshScratch scratch;
  contact::MeshCache cache;
  int kept = 0;
  for (int k = 0; k < 400; ++k) {
    const real s = real(k) / 400;
    const Pose pa = at_deg(vec3(-4 + 8 * s, real(1.5) * std::sin(6 * s), real(0.29)),
                           vec3(real(3) * std::sin(20 * s), 0, 90 * s));
    const bool held = cache.mesh == &floor && cache.complete;
    const contact::MeshManifold warm = contact::collide(box, pa, floor, Pose{}, scratch, 0, &cache);
    const contact::MeshManifold cold = contact::collide(box, pa, floor, Pose{}, scratch, 0);
    INFO("step " << k);
    REQUIRE(warm.count == cold.count);
    kept += held && cache.complete;
    for (int r = 0; r < cold.count; ++r) {
      CHECK(glm::length(glm::dvec3(warm.regions[r].normal - cold.regions[r].normal)) <= normal_tol);
      CHECK(warm.regions[r].count == cold.regions[r].count);
    }
    CHECK(std::abs(deepest(warm) - deepest(cold)) <= rel * 10);
  }
  CHECK(kept > 200);  // most steps did not walk the tree
}

TEST_CASE("a mesh manifold of nothing is empty", "[contact][mesh]") {
  contact::MeshScratch scratch;
  const TriangleMesh floor = floor_mesh(2, 1, 0, 1);
  CHECK(contact::collide(Hull{}, Pose{}, floor, Pose{}, scratch).count == 0);
  CHECK(contact::collide(shapes::box(vec3(1)), Pose{}, TriangleMesh{}, Pose{}, scratch).count == 0);
  Pose bad;
  bad.scale = 0;
  CHECK(contact::collide(shapes::box(vec3(1)), Pose{}, floor, bad, scratch).count == 0);
  // Far above the floor: nothing, and only the triangles near were tested.
  const contact::MeshManifold far =
      contact::collide(shapes::box(vec3(0.1f)), at(0, 0, 5), floor, Pose{}, scratch, 0);
  CHECK(far.count == 0);
  CHECK(far.triangles_tested == 0);
}

namespace {

/// Distance of world point p outside a capsule (a sphere when p0 == p1).
double outside_round(const vec3& p0, const vec3& p1, real r, const vec3& p) {
  const glm::dvec3 a(p0), d = glm::dvec3(p1) - a, q(p);
  const double len2 = glm::dot(d, d);
  const double t = len2 > 0 ? std::clamp(glm::dot(q - a, d) / len2, 0.0, 1.0) : 0.0;
  return glm::length(q - (a + d * t)) - double(r);
}

}  // namespace

TEST_CASE("a sphere and a capsule on a triangulated floor meet only the floor's normal",
          "[contact][mesh][round]") {
  // Rolling and sliding across the inner edges of a grid floor and of a
  // random triangulation, at 300 poses each, the floor at a random pose:
  // one region, the floor's normal, the exact depth, points on both.
  const double jitter = GENERATE(0.0, 0.35);
  const bool sphere = GENERATE(true, false);
  INFO("jitter " << jitter << (sphere ? ", sphere" : ", capsule"));
  const TriangleMesh floor = floor_mesh(8, 4, jitter, 5);
  pairs::Rng rng(sphere ? 31 : 32);
  contact::MeshScratch scratch;
  contact::MeshCache cache;
  for (int k = 0; k < 300; ++k) {
    const real r = real(rng.uniform(0.1, 0.6));
    const real depth = real(rng.uniform(1e-4, 0.05)) * r;
    const Pose world = at_deg(to_real(rng.unit() * 10.0), to_real(rng.unit() * 180.0));
    // The core in the floor's frame: a point, or a segment tilted up to 10
    // degrees, its lowest end `depth` into the floor.
    const vec3 c(real(rng.uniform(-2.5, 2.5)), real(rng.uniform(-2.5, 2.5)), 0);
    const real half = sphere ? 0 : real(rng.uniform(0.2, 1.0));
    const double tilt = rng.uniform(0, 10) * 3.141592653589793 / 180, turn = rng.uniform(0, 6.3);
    const vec3 along = half * vec3(real(std::cos(tilt) * std::cos(turn)),
                                   real(std::cos(tilt) * std::sin(turn)), real(std::sin(tilt)));
    vec3 q0 = c - along, q1 = c + along;
    const real lift = r - depth - std::min(q0.z, q1.z);
    q0.z += lift, q1.z += lift;
    const vec3 w0 = world.apply(q0), w1 = world.apply(q1);
    const vec3 up = world.rotate(vec3(0, 0, 1));
    const contact::MeshManifold mm =
        sphere ? contact::collide(convex::sphere(w0, r), Pose{}, floor, world, scratch, 0, &cache)
               : contact::collide(convex::capsule(w0, w1, r), Pose{}, floor, world, scratch, 0,
                                  &cache);
    INFO("pose " << k);
    REQUIRE(mm.count == 1);
    const contact::Manifold& m = mm.regions[0];
    CHECK(glm::length(glm::dvec3(m.normal) + glm::dvec3(up)) <= normal_tol);
    CHECK(std::abs(deepest(mm) + double(depth)) <= rel * 20);
    // A sphere touches at one point; a capsule at both ends when both are
    // in the floor (and where its segment crosses inner edges: at most 4).
    if (sphere)
      CHECK(m.count == 1);
    else
      CHECK((m.count >= 1 && m.count <= contact::max_points));
    double spread = 0;
    for (int i = 0; i < m.count; ++i)
      for (int j = 0; j < i; ++j)
        spread =
            std::max(spread, glm::length(glm::dvec3(m.points[i].point_b - m.points[j].point_b)));
    if (!sphere && std::abs(q0.z - q1.z) < depth)
      CHECK(spread >= glm::length(glm::dvec3(w1 - w0)) * 0.98);
    for (int i = 0; i < m.count; ++i) {
      const contact::Point& p = m.points[i];
      CHECK(std::abs(outside_round(w0, w1, r, p.point_a)) <= rel * 20);
      CHECK(to_triangle(floor, world, mm.triangle[0][i], p.point_b) <= rel * 20);
    }
  }
}

TEST_CASE("a sphere in a valley touches each face along its normal", "[contact][mesh][round]") {
  Soup s;
  quad(s, vec3(0, 0, 0), vec3(3, 0, 0), vec3(3, 3, 0), vec3(0, 3, 0));  // floor
  quad(s, vec3(0, 0, 0), vec3(0, 3, 0), vec3(0, 3, 3), vec3(0, 0, 3));  // wall x = 0
  const TriangleMesh valley = build(s);
  contact::MeshScratch scratch;
  const real r = real(0.5);
  const contact::MeshManifold mm =
      contact::collide(convex::sphere(vec3(r - real(0.03), 1.5f, r - real(0.01)), r), Pose{},
                       valley, Pose{}, scratch);
  REQUIRE(mm.count == 2);
  CHECK(glm::length(glm::dvec3(mm.regions[0].normal) - glm::dvec3(-1, 0, 0)) <= normal_tol);
  CHECK(std::abs(double(mm.regions[0].points[0].separation) + 0.03) <= rel * 10);
  CHECK(glm::length(glm::dvec3(mm.regions[1].normal) - glm::dvec3(0, 0, -1)) <= normal_tol);
  CHECK(std::abs(double(mm.regions[1].points[0].separation) + 0.01) <= rel * 10);
}

TEST_CASE("spheres and capsules against a soup give what each triangle gives alone",
          "[contact][mesh][round]") {
  pairs::Rng rng(12);
  contact::MeshScratch scratch;
  int touching = 0;
  for (int round = 0; round < 200; ++round) {
    std::vector<Hull> alone;
    const TriangleMesh mesh = random_soup(rng, 10, alone);
    const vec3 p0 = to_real(rng.unit() * rng.uniform(0, 1.5));
    const vec3 p1 = round % 2 ? p0 : p0 + to_real(rng.unit() * 0.8);
    const real r = real(rng.uniform(0.1, 0.5));
    const real margin = real(rng.uniform(0, 0.05));
    const Pose pb = at_deg(vec3(1, 2, 3), to_real(rng.unit() * 90.0));
    const contact::MeshManifold mm =
        round % 2 ? contact::collide(convex::sphere(p0, r), pb, mesh, pb, scratch, margin)
                  : contact::collide(convex::capsule(p0, p1, r), pb, mesh, pb, scratch, margin);
    double expected = 1e300;
    int with_points = 0;
    for (const Hull& t : alone) {
      const contact::Manifold m =
          round % 2 ? contact::collide(convex::sphere(p0, r), pb, t, pb, margin)
                    : contact::collide(convex::capsule(p0, p1, r), pb, t, pb, margin);
      for (int i = 0; i < m.count; ++i)
        expected = std::min(expected, double(m.points[i].separation));
      with_points += m.count > 0;
    }
    INFO("round " << round);
    CHECK((mm.count > 0) == (with_points > 0));
    for (int g = 0; g < mm.count; ++g)
      for (int i = 0; i < mm.regions[g].count; ++i) {
        const contact::Point& q = mm.regions[g].points[i];
        CHECK(std::abs(outside_round(pb.apply(p0), pb.apply(p1), r, q.point_a)) <= rel * 10);
        CHECK(to_triangle(mesh, pb, mm.triangle[g][i], q.point_b) <= rel * 10);
      }
    if (mm.count == 0) continue;
    ++touching;
    CHECK(deepest(mm) <= expected + rel * 10);
  }
  CHECK(touching > 50);
}
