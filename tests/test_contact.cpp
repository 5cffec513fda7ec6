// Contact manifolds: hand cases with known points, then seeded random pairs
// of every category: every point on both surfaces, separations that are the
// gaps along the normal, never deeper than SAT's depth, the face contact's
// points inside both faces, mirrored answers for (A, B) and (B, A), ids that
// persist under small motions and change with the touching features.
#include "pairs.hpp"
#include "sepax/contact.hpp"
#include "sepax/gjk.hpp"
#include "sepax/shapes.hpp"
#include "test_util.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <set>
#include <vector>

using namespace sepax;
using namespace sepax::test;

namespace {

/// Length tolerance of the random checks, relative to the pair's magnitude.
constexpr double rel = is_double ? 1e-9 : 2e-4;

/// Signed distance of world point p outside hull h at pose (largest plane
/// distance; <= 0 inside), and for a flat polygon its in-plane distance
/// outside the polygon too.
double outside(const Hull& h, const Pose& pose, const vec3& p) {
  const glm::dvec3 q = glm::dvec3(pose.apply_inverse(p));
  double d = -1e300;
  for (const Plane& pl : h.planes())
    d = std::max(d, glm::dot(glm::dvec3(pl.normal), q) - double(pl.offset));
  return d;
}

/// Whether p (world) is on h's surface: inside, and on one face's plane.
bool on_surface(const Hull& h, const Pose& pose, const vec3& p, double tol) {
  return std::abs(outside(h, pose, p)) <= tol;
}

double magnitude_of(const pairs::Pair& p) {
  return double(p.a.magnitude() + p.b.magnitude()) + glm::length(glm::dvec3(p.pose_a.translation)) +
         glm::length(glm::dvec3(p.pose_b.translation));
}

const contact::Point* find_id(const contact::Manifold& m, contact::Id id) {
  for (int i = 0; i < m.count; ++i)
    if (m.points[i].id == id) return &m.points[i];
  return nullptr;
}

}  // namespace

TEST_CASE("a box resting on a box: four corners, the depth, distinct ids", "[contact]") {
  const Hull ground = shapes::box(vec3(2, 2, 1));
  const Hull crate = shapes::box(vec3(real(0.5)));
  const Pose resting = at(real(0.3), real(-0.2), real(1.49));  // 0.01 deep
  const contact::Manifold m = contact::collide(ground, Pose{}, crate, resting);
  REQUIRE(m.count == 4);
  CHECK(m.normal.z == Approx(1).margin(1e-12));
  std::set<contact::Id> ids;
  for (int i = 0; i < m.count; ++i) {
    const contact::Point& p = m.points[i];
    CHECK(p.separation == Approx(-0.01).margin(1e-9));
    CHECK(p.point_a.z == Approx(1).margin(1e-9));
    CHECK(p.point_b.z == Approx(0.99).margin(1e-9));
    CHECK(std::abs(p.point_b.x - real(0.3)) == Approx(0.5).margin(1e-9));
    ids.insert(p.id);
    // Each corner of the crate against the ground's top face.
    CHECK(contact::feature_a(p.id).type == FeatureType::face);
    CHECK(contact::feature_b(p.id).type == FeatureType::vertex);
  }
  CHECK(ids.size() == 4);
  // Turned 45 degrees over the edge of a smaller top: an octagon, reduced to
  // 4 points of the 8, spanning most of it.
  const Hull top = shapes::box(vec3(real(0.45), real(0.45), 1));
  const contact::Manifold t =
      contact::collide(top, Pose{}, crate, at_deg(vec3(0, 0, real(1.49)), vec3(0, 0, 45)));
  REQUIRE(t.count == 4);
  for (int i = 0; i < t.count; ++i) CHECK(t.points[i].separation == Approx(-0.01).margin(1e-9));
}

TEST_CASE("crossed edges give one point; a margin gives speculative points", "[contact]") {
  const Hull a = shapes::box(vec3(1, real(0.2), real(0.2)));
  const Hull b = shapes::box(vec3(1, real(0.2), real(0.2)));
  // Apart by 0.05: nothing with no margin, speculative points within 0.1.
  const Pose apart = at(0, 0, real(0.45));
  CHECK(contact::collide(a, Pose{}, b, apart).count == 0);
  const contact::Manifold s = contact::collide(a, Pose{}, b, apart, real(0.1));
  REQUIRE(s.count == 4);
  for (int i = 0; i < s.count; ++i) CHECK(s.points[i].separation == Approx(0.05).margin(1e-9));
  CHECK(contact::collide(a, Pose{}, b, at(0, 0, real(0.55)), real(0.1)).count == 0);
  // Two long thin boxes crossed at right angles, one tipped 45 degrees onto
  // its edge: the edge-pair axis, one point between the two edges.
  const Hull bar = shapes::box(vec3(2, real(0.1), real(0.1)));
  const Pose edge_down = at_deg(vec3(0, 0, real(0.2)), vec3(45, 0, 90));
  const Pose edge_up = at_deg(vec3(0, 0, 0), vec3(45, 0, 0));
  const contact::Manifold x = contact::collide(bar, edge_up, bar, edge_down);
  REQUIRE(x.count == 1);
  CHECK(x.feature.kind == sat::FeatureKind::edges);
  CHECK(contact::feature_a(x.points[0].id).type == FeatureType::edge);
  CHECK(contact::feature_b(x.points[0].id).type == FeatureType::edge);
  CHECK(x.points[0].separation == Approx(x.separation).margin(1e-9));
}

TEST_CASE(
    "a pair apart within the margin past the deciding face's rim gets its closest points "
    "(fuzz_contact)",
    "[contact][regression]") {
  // A small hull just past a corner region of a larger one: SAT's best axis
  // is A's face 5 (separation 0.555), but B lies beyond that face's rim and
  // the hulls are 0.621 apart; clipping left nothing within the margin 0.73.
  const std::vector<vec3> pa = {{-1.2952553320939566, -0.37275714418581712, -1.7127071367109465},
                                {-0.82811816507175906, 2.6668003468164958, -0.9759078926300373},
                                {1.6541232983250753, 0.089103223897226635, -1.4163109578864714},
                                {-1.8261196460309019, 0.8727647877609841, 1.6289777971551662},
                                {-0.49900074047957155, -0.89701777952775585, 1.3024428448926018}};
  const std::vector<vec3> pb = {{1.2014808016650607, -0.39193863460827555, 0.1753933917899162},
                                {1.1917591343128571, -0.38844751534593658, 0.16573413352702548},
                                {1.1977946639647481, -0.38334140314376713, 0.17185785788398344},
                                {1.1944108108110725, -0.39206204175767378, 0.18246445960178165},
                                {1.1883752811591815, -0.39716815395984328, 0.17634073524482372},
                                {1.1907246731107597, -0.38346481029316537, 0.17892892569584892}};
  const HullResult a = Hull::from_points(pa), b = Hull::from_points(pb);
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  const real distance = gjk::distance(a.hull, Pose{}, b.hull, Pose{}).distance;
  CHECK(distance == Approx(0.62113045929431066).epsilon(1e-5));
  for (const bool mirror : {false, true}) {
    const contact::Manifold m = mirror
                                    ? contact::collide(b.hull, Pose{}, a.hull, Pose{}, real(0.73))
                                    : contact::collide(a.hull, Pose{}, b.hull, Pose{}, real(0.73));
    REQUIRE(m.count >= 1);
    for (int i = 0; i < m.count; ++i) {
      const contact::Point& q = m.points[i];
      CHECK(q.separation == Approx(distance).epsilon(1e-6));
      CHECK(glm::dot(q.point_b - q.point_a, m.normal) == Approx(q.separation).epsilon(1e-6));
    }
  }
  // Beyond the distance, no point.
  CHECK(contact::collide(a.hull, Pose{}, b.hull, Pose{}, real(0.6)).count == 0);
}

TEST_CASE(
    "a touching pair whose contact round-off clips away gets EPA's witness point at 4500 from "
    "the origin (fuzz_contact regression_contact_touching_witness)",
    "[contact][regression]") {
  // A tetrahedron touching a hull of 11 vertices, both about 20 across at
  // 4500 from the origin, corners off the grid by up to 6e-8. With the
  // tetrahedron as A, SAT's face axis overlaps by 1.4e-9 and clipping
  // against that face's rim leaves nothing; EPA's witness points agree with
  // its separation to 4.8e-9, which the witness contact refused for being
  // more than the touching band's 2.1e-9.
  const std::vector<vec3> big = {{-4499.9999999649999, -4490.000000045, -4509.9999999949996},
                                 {-4509.9999999989996, -4510, -4510.0000000609998},
                                 {-4510, -4500, -4510},
                                 {-4500.0000000560003, -4489.9999999510001, -4490.0000000560003},
                                 {-4510, -4490, -4489.9999999969996},
                                 {-4500.0000000609998, -4500.000000045, -4500.0000000010004},
                                 {-4510.000000045, -4510, -4509.9999999989996},
                                 {-4510.000000045, -4500.000000045, -4500.000000045},
                                 {-4510, -4490, -4500},
                                 {-4500.000000045, -4500.000000045, -4500.000000045},
                                 {-4510.0000000010004, -4510.0000000010004, -4510.0000000010004}};
  const std::vector<vec3> tetra = {{-4509.999999998, -4509.9999999989996, -4510},
                                   {-4500.000000045, -4500.000000045, -4500.0000000010004},
                                   {-4500, -4509.9999999920001, -4510},
                                   {-4500, -4510, -4490}};
  const HullResult a = Hull::from_points(tetra), b = Hull::from_points(big);
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  Pose pose = pose_from_euler_deg(vec3(-450, -450, -450), vec3(0));
  pose.rotation = mat3(vec3(0, 0, -1), vec3(0, -1, 0), vec3(-1, 0, 0));
  const real margin = real(4.8632812666432992);
  for (const bool mirror : {false, true}) {
    const contact::Manifold m = mirror ? contact::collide(b.hull, pose, a.hull, pose, margin)
                                       : contact::collide(a.hull, pose, b.hull, pose, margin);
    INFO("mirror " << mirror);
    REQUIRE(m.count >= 1);
    // Touching to the data's own round-off (SAT's depth, 1.4e-9 with the
    // tetrahedron as A, 4.6e-10 in the other order, where the tetrahedron's
    // face within tol::manifold_face stands in): every point within the
    // deeper of the two plus the touching band of these coordinates.
    const double depth =
        std::max(std::abs(double(sat::query(a.hull, pose, b.hull, pose).separation)),
                 std::abs(double(sat::query(b.hull, pose, a.hull, pose).separation)));
    const double band = depth + double(tol::touching) * (2 * 4510.0 + 2 * 20.0);
    for (int i = 0; i < m.count; ++i) CHECK(std::abs(double(m.points[i].separation)) <= band);
  }
}

TEST_CASE("a quad touching a cube along its edge gets a point in both orders (fuzz_contact)",
          "[contact][regression]") {
  // The quad leans 45 degrees away from the cube's edge it lies on. With the
  // quad as A, its face decides; the cube's faces on both sides of the edge
  // are equally anti-parallel, and clipping either against the quad left
  // only the shared edge, which round-off removed.
  const std::vector<vec3> cube = {{-0.49999999999900002, -0.5, -0.50000000000099998},
                                  {0.50000000000099998, -0.5, -0.50000000000099998},
                                  {0.5, -0.49999999999900002, 0.5},
                                  {-0.5, -0.49999999999900002, 0.5},
                                  {-0.5, 0.50000000000099998, 0.5},
                                  {-0.49999999999900002, 0.5, -0.50000000000099998},
                                  {0.5, 0.50000000000099998, 0.5},
                                  {0.50000000000099998, 0.5, -0.50000000000099998}};
  const std::vector<vec3> quad = {{0.49999999998674993, -0.50000000000100009, -0.49999999998574995},
                                  {1.5000000000132501, -0.5, 0.49999999998674999},
                                  {1.5000000000387499, 0.49999999999799999, 0.50000000001124989},
                                  {0.49999999998774991, 0.5, -0.49999999998575001}};
  const HullResult a = Hull::from_points(cube), b = Hull::from_points(quad);
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  const real tol = is_double ? real(1e-9) : real(1e-4);
  for (const bool mirror : {false, true}) {
    INFO("quad first: " << mirror);
    const contact::Manifold m = mirror
                                    ? contact::collide(b.hull, Pose{}, a.hull, Pose{}, real(0.25))
                                    : contact::collide(a.hull, Pose{}, b.hull, Pose{}, real(0.25));
    REQUIRE(m.count >= 1);
    for (int i = 0; i < m.count; ++i) CHECK(std::abs(m.points[i].separation) <= tol);
  }
}

TEST_CASE("random pairs: points on both surfaces, gaps along the normal, mirrored",
          "[contact][random]") {
  int points = 0, face_contacts = 0, edge_contacts = 0, full_depth = 0, face_pairs = 0;
  int mirrored_same = 0, compared = 0;
  for (const pairs::Category c : pairs::all_categories()) {
    if (c == pairs::Category::large_hulls) continue;
    for (std::uint64_t seed = 0; seed < 120; ++seed) {
      const pairs::Pair p = pairs::make_pair(c, seed);
      const double size = double(std::max(p.a.extent(), p.b.extent()));
      const double tol = rel * magnitude_of(p) + rel * size;
      const real margin = real(0.02 * size);
      const contact::Manifold m = contact::collide(p.a, p.pose_a, p.b, p.pose_b, margin);
      const sat::Result r = sat::query(p.a, p.pose_a, p.b, p.pose_b);
      INFO(p.name() << " feature " << sat::to_string(m.feature.kind) << " count " << m.count
                    << " separation " << r.separation);
      REQUIRE(m.count <= contact::max_points);
      CHECK(std::abs(glm::length(glm::dvec3(m.normal)) - 1) < 1e-6);
      if (r.separation > margin + tol) CHECK(m.count == 0);
      if (r.intersecting) CHECK(m.count > 0);
      double deepest = 1e300;
      for (int i = 0; i < m.count; ++i) {
        const contact::Point& q = m.points[i];
        ++points;
        CHECK(finite(q.point_a));
        CHECK(finite(q.point_b));
        CHECK(on_surface(p.a, p.pose_a, q.point_a, tol));
        CHECK(on_surface(p.b, p.pose_b, q.point_b, tol));
        CHECK(std::abs(double(q.separation) -
                       glm::dot(glm::dvec3(q.point_b - q.point_a), glm::dvec3(m.normal))) <= tol);
        CHECK(q.separation <= margin + tol);
        deepest = std::min(deepest, double(q.separation));
      }
      if (m.count == 0) continue;
      // Never deeper than SAT's exact depth (than the face's when the
      // manifold preferred a face to SAT's edge pair, tol::manifold_face);
      // as deep where the contact is a face's (the support point inside the
      // reference face).
      const bool preferred =
          r.feature.kind == sat::FeatureKind::edges && m.feature.kind != sat::FeatureKind::edges;
      const double smaller = double(std::min(p.a.extent(), p.b.extent()));
      CHECK(deepest >= double(r.separation) - tol - (preferred ? tol::manifold_face * smaller : 0));
      if (preferred)
        CHECK(double(m.separation) >= double(r.separation) - tol::manifold_face * smaller);
      const bool face =
          m.feature.kind == sat::FeatureKind::face_a || m.feature.kind == sat::FeatureKind::face_b;
      face_contacts += face ? 1 : 0;
      edge_contacts += m.feature.kind == sat::FeatureKind::edges ? 1 : 0;
      if (face && c == pairs::Category::face_face_parallel) {
        ++face_pairs;
        full_depth += std::abs(deepest - double(r.separation)) <= tol ? 1 : 0;
      }
      // (B, A) is the mirror of (A, B): same points, ids with roles swapped.
      const contact::Manifold back = contact::collide(p.b, p.pose_b, p.a, p.pose_a, margin);
      const contact::Manifold mirror = contact::mirrored(back);
      ++compared;
      bool same = mirror.count == m.count &&
                  glm::length(glm::dvec3(mirror.normal - m.normal)) <= 1e-6 + 1e3 * rel;
      for (int i = 0; same && i < m.count; ++i) {
        const contact::Point* q = find_id(mirror, m.points[i].id);
        same = q && glm::length(glm::dvec3(q->point_a - m.points[i].point_a)) <= 10 * tol &&
               glm::length(glm::dvec3(q->point_b - m.points[i].point_b)) <= 10 * tol;
      }
      mirrored_same += same ? 1 : 0;
    }
  }
  INFO("points " << points << ", face contacts " << face_contacts << ", edge contacts "
                 << edge_contacts << ", mirrored " << mirrored_same << " of " << compared);
  CHECK(face_contacts > 200);
  CHECK(edge_contacts > 20);
  CHECK(full_depth >= 0.95 * face_pairs);
  CHECK(mirrored_same >= 0.97 * compared);
}

TEST_CASE("ids persist under small motions and change with the touching features",
          "[contact][ids]") {
  const Hull ground = shapes::box(vec3(2, 2, 1));
  const Hull crate = shapes::box(vec3(real(0.5)));
  contact::Cache cache;
  const contact::Manifold first =
      contact::collide(ground, Pose{}, crate, at(0, 0, real(1.49)), 0, &cache);
  REQUIRE(first.count == 4);
  for (int k = 1; k <= 20; ++k) {  // sliding and settling by small steps
    const Pose moved = at_deg(vec3(real(0.002) * real(k), 0, real(1.49) - real(1e-4) * real(k)),
                              vec3(0, 0, real(0.05) * real(k)));
    const contact::Manifold m = contact::collide(ground, Pose{}, crate, moved, 0, &cache);
    REQUIRE(m.count == 4);
    for (int i = 0; i < m.count; ++i) CHECK(find_id(first, m.points[i].id) != nullptr);
  }
  // Tipped onto an edge: the crate's bottom face no longer lies flat, two
  // of its corners touch, and the ids say which.
  const contact::Manifold tipped =
      contact::collide(ground, Pose{}, crate, at_deg(vec3(0, 0, real(1.67)), vec3(30, 0, 0)));
  REQUIRE(tipped.count == 2);
  for (int i = 0; i < tipped.count; ++i) {
    CHECK(contact::feature_b(tipped.points[i].id).type == FeatureType::vertex);
    CHECK(find_id(first, tipped.points[i].id) != nullptr);  // two of the four corners
  }
  // Flat polygons on either side: a square tile lying on the crate's top.
  const Hull tile = shapes::polygon(real(0.3), 4);
  const contact::Manifold on_top =
      contact::collide(crate, Pose{}, tile, at(0, 0, real(0.499)), real(0.01));
  CHECK(on_top.count == 4);
  const contact::Manifold below =
      contact::collide(tile, at(0, 0, real(0.499)), crate, Pose{}, real(0.01));
  CHECK(below.count == 4);
}

namespace {

/// 2D cross product.
double cross2(const glm::dvec2& a, const glm::dvec2& b) {
  return a.x * b.y - a.y * b.x;
}

/// Face f of h at pose, projected on the plane of (origin, u, v): its
/// corners in 2D, counter-clockwise when `flip` is false.
std::vector<glm::dvec2> project_face(const Hull& h, const Pose& pose, index_t f,
                                     const glm::dvec3& origin, const glm::dvec3& u,
                                     const glm::dvec3& v) {
  std::vector<glm::dvec2> out;
  index_t e = h.faces()[f].edge;
  for (index_t k = 0; k < h.faces()[f].count; ++k, e = h.half_edges()[e].next) {
    const glm::dvec3 p = glm::dvec3(pose.apply(h.vertices()[h.half_edges()[e].origin])) - origin;
    out.push_back({glm::dot(p, u), glm::dot(p, v)});
  }
  double area = 0;
  for (std::size_t i = 0; i < out.size(); ++i) area += cross2(out[i], out[(i + 1) % out.size()]);
  if (area < 0) std::reverse(out.begin(), out.end());
  return out;
}

bool inside2(const std::vector<glm::dvec2>& poly, const glm::dvec2& p, double tol) {
  for (std::size_t i = 0; i < poly.size(); ++i) {
    const glm::dvec2 a = poly[i], b = poly[(i + 1) % poly.size()];
    const double len = glm::length(b - a);
    if (len > 0 && cross2(b - a, p - a) / len < -tol) return false;
  }
  return true;
}

/// Corners of the intersection of two convex polygons, by brute force: the
/// corners of each inside the other and the crossings of their edges.
std::vector<glm::dvec2> intersection_corners(const std::vector<glm::dvec2>& r,
                                             const std::vector<glm::dvec2>& s, double tol) {
  std::vector<glm::dvec2> out;
  for (const auto& p : r)
    if (inside2(s, p, tol)) out.push_back(p);
  for (const auto& p : s)
    if (inside2(r, p, tol)) out.push_back(p);
  for (std::size_t i = 0; i < r.size(); ++i)
    for (std::size_t j = 0; j < s.size(); ++j) {
      const glm::dvec2 a = r[i], b = r[(i + 1) % r.size()], c = s[j], d = s[(j + 1) % s.size()];
      const double den = cross2(b - a, d - c);
      if (std::abs(den) < 1e-300) continue;
      const double t = cross2(c - a, d - c) / den, w = cross2(c - a, b - a) / den;
      if (t >= 0 && t <= 1 && w >= 0 && w <= 1) out.push_back(a + (b - a) * t);
    }
  return out;
}

}  // namespace

TEST_CASE("face contacts: the points are corners of the two faces' intersection",
          "[contact][random]") {
  int checked = 0, all_kept = 0;
  for (const pairs::Category c : {pairs::Category::face_face_parallel, pairs::Category::box_box,
                                  pairs::Category::shallow, pairs::Category::flat_polygon}) {
    for (std::uint64_t seed = 0; seed < 150; ++seed) {
      const pairs::Pair p = pairs::make_pair(c, seed);
      const double size = double(std::max(p.a.extent(), p.b.extent()));
      const double tol = 10 * (rel * magnitude_of(p) + rel * size);
      const contact::Manifold m = contact::collide(p.a, p.pose_a, p.b, p.pose_b, real(0.05 * size));
      const bool ref_a = m.feature.kind == sat::FeatureKind::face_a;
      if (m.count == 0 || !(ref_a || m.feature.kind == sat::FeatureKind::face_b)) continue;
      INFO(p.name());
      const Hull& ref = ref_a ? p.a : p.b;
      const Pose& ref_pose = ref_a ? p.pose_a : p.pose_b;
      const index_t rf = ref_a ? m.feature.a : m.feature.b;
      // The incident face: the one every point's incident feature lies on,
      // around the incident hull's deepest vertex (contact.hpp).
      const FeatureRef inc0 =
          ref_a ? contact::feature_b(m.points[0].id) : contact::feature_a(m.points[0].id);
      const Hull& inc = ref_a ? p.b : p.a;
      const Pose& inc_pose = ref_a ? p.pose_b : p.pose_a;
      const glm::dvec3 into_ref = glm::dvec3(m.normal) * (ref_a ? 1.0 : -1.0);
      index_t deepest_vertex = 0;
      for (index_t k = 1; k < index_t(inc.vertex_count()); ++k)
        if (glm::dot(glm::dvec3(inc_pose.apply(inc.vertices()[k])), into_ref) <
            glm::dot(glm::dvec3(inc_pose.apply(inc.vertices()[deepest_vertex])), into_ref))
          deepest_vertex = k;
      index_t fi = -1;
      if (inc0.type == FeatureType::face) fi = inc0.index;
      if (inc0.type == FeatureType::vertex) {  // the face around it most anti-parallel
        double best = 2;
        for (index_t f = 0; f < index_t(inc.face_count()); ++f) {
          index_t e = inc.faces()[f].edge;
          bool has = false, deepest = false;
          for (index_t k = 0; k < inc.faces()[f].count; ++k, e = inc.half_edges()[e].next) {
            has = has || inc.half_edges()[e].origin == inc0.index;
            deepest = deepest || inc.half_edges()[e].origin == deepest_vertex;
          }
          has = has && deepest;
          const double d =
              glm::dot(glm::dvec3(inc_pose.rotate(inc.planes()[f].normal)), glm::dvec3(m.normal)) *
              (ref_a ? 1 : -1);
          if (has && d < best) best = d, fi = f;
        }
      }
      if (fi < 0) continue;
      const glm::dvec3 n = glm::dvec3(ref_pose.rotate(ref.planes()[rf].normal));
      const glm::dvec3 u = glm::normalize(
          glm::cross(n, std::abs(n.x) < 0.6 ? glm::dvec3(1, 0, 0) : glm::dvec3(0, 1, 0)));
      const glm::dvec3 v = glm::cross(n, u);
      const glm::dvec3 origin = glm::dvec3(ref_pose.translation);
      const auto corners = intersection_corners(project_face(ref, ref_pose, rf, origin, u, v),
                                                project_face(inc, inc_pose, fi, origin, u, v), tol);
      // Faces that do not overlap: a speculative pair past the face's rim,
      // whose one point is the closest points' (tested above).
      if (corners.empty()) continue;
      ++checked;
      for (int i = 0; i < m.count; ++i) {
        const glm::dvec3 q = glm::dvec3(ref_a ? m.points[i].point_a : m.points[i].point_b) - origin;
        const glm::dvec2 q2(glm::dot(q, u), glm::dot(q, v));
        double nearest = 1e300;
        for (const auto& k : corners) nearest = std::min(nearest, glm::length(k - q2));
        CHECK(nearest <= tol);
      }
      // Distinct corners; all of them kept when there are at most 4 and all
      // lie within the margin (the faces parallel).
      std::vector<glm::dvec2> distinct;
      for (const auto& k : corners) {
        bool seen = false;
        for (const auto& d : distinct) seen = seen || glm::length(d - k) <= tol;
        if (!seen) distinct.push_back(k);
      }
      if (c == pairs::Category::face_face_parallel && distinct.size() <= 4 &&
          int(distinct.size()) == m.count)
        ++all_kept;
    }
  }
  INFO("checked " << checked << ", all corners kept " << all_kept);
  CHECK(checked > 100);
  CHECK(all_kept > 20);
}

TEST_CASE("a hull resting on two nearly coplanar faces keeps its deepest vertex (examples' pile)",
          "[contact][regression]") {
  // The face most anti-parallel to the ground holds vertex 2 (1.3e-3 deep);
  // vertex 6, 5.4e-2 deep and the depth SAT measured, is on another face.
  const std::vector<vec3> points = {
      {-0.21102786668651399, -0.099428942556175445, 0.044958586068059872},
      {-0.083891906906423314, 0.40429793294455724, 0.030999743883469058},
      {-0.083334541319771444, 0.1254671948900225, -0.22379642847516981},
      {-0.17770332800972288, -0.20060736495256359, -0.13040758412218495},
      {0.15166048164717988, -0.41398474710672961, -0.046000747157438772},
      {0.20363497258229338, 0.094689223911849932, 0.13086225247737032},
      {-0.01506393243593581, 0.37187862852502768, -0.1647660911994783},
      {0.12286807221051799, -0.2757369198491178, 0.12634886488090555},
      {0.031175928968940281, -0.17030832631041207, 0.17054688100765419},
      {0.018819390286193102, 0.20934981969416672, 0.16423201394440395},
      {0.16845898449947666, -0.39246794329689222, 0.00051518502025330731},
      {0.10990639243863425, -0.051850926352474458, 0.17554124422435252},
      {0.087814667958274306, -0.064858417561160203, 0.17933712782980152}};
  const HullResult built = Hull::from_points(points);
  REQUIRE(built.ok());
  const Hull ground = shapes::box(vec3(10, 10, real(0.5)));
  const Pose at_ground = pose_from_quat(vec3(0, 0, real(-0.5)), quat(1, 0, 0, 0));
  const Pose at_hull = pose_from_quat(
      vec3(real(0.5138835402560108), real(0.55721624275535886), real(0.25901213795119399)),
      quat(real(0.89633878544900292), real(-0.1997518739255264), real(-0.11435216963374936),
           real(0.37894531513544411)));
  for (const bool ground_first : {true, false}) {
    const contact::Manifold m =
        ground_first ? contact::collide(ground, at_ground, built.hull, at_hull, real(0.02))
                     : contact::collide(built.hull, at_hull, ground, at_ground, real(0.02));
    INFO("ground first " << ground_first);
    REQUIRE(m.count > 0);
    real deepest = m.points[0].separation;
    for (int i = 1; i < m.count; ++i) deepest = std::min(deepest, m.points[i].separation);
    CHECK(double(m.separation) == Approx(-0.054499).margin(1e-5));
    CHECK(double(deepest) == Approx(double(m.separation)).margin(1e-5));
  }
}

TEST_CASE("boxes face on face tilted by 1e-3 rad get the face's four points (examples' stack)",
          "[contact][regression]") {
  // SAT's exact axis is an edge pair, 1.2e-6 ahead of A's top face: one
  // point alone would let a stack topple.
  const Hull box = shapes::box(vec3(real(0.5)));
  const Pose pa = pose_from_quat(
      vec3(real(-0.001066881100799584), real(-0.00011235261311618084), real(3.4945045957994947)),
      quat(real(0.99999964306713907), real(-0.00080796002235706307), real(-0.00022633600078054148),
           real(-9.9187758883905854e-05)));
  const Pose pb = pose_from_quat(
      vec3(real(-0.00049183501676263125), real(-0.00018411556936012615), real(4.491590160476691)),
      quat(real(0.99999880167361288), real(0.00033237746877934175), real(0.0015099631917185107),
           real(-7.8662037114793986e-05)));
  const sat::Result exact = sat::query(box, pa, box, pb);
  INFO("SAT " << sat::to_string(exact.feature.kind) << " " << exact.separation);
  for (const real margin : {real(0), real(0.02)}) {
    const contact::Manifold m = contact::collide(box, pa, box, pb, margin);
    CHECK(m.count == 4);
    CHECK(
        (m.feature.kind == sat::FeatureKind::face_a || m.feature.kind == sat::FeatureKind::face_b));
    CHECK(double(m.separation) <= double(exact.separation));
    CHECK(double(m.separation) >= double(exact.separation) - 1e-5);
  }
}

namespace {

/// The deepest separation among a manifold's points (+inf without points).
double deepest_of(const contact::Manifold& m) {
  double deepest = std::numeric_limits<double>::infinity();
  for (int i = 0; i < m.count; ++i) deepest = std::min(deepest, double(m.points[i].separation));
  return deepest;
}

/// A capsule's hull: two hemispheres of `n` points each (radius r) at z = +-h.
Hull capsule_hull(int n, real r, real h) {
  std::vector<vec3> points;
  for (const vec3& p : shapes::sphere_points(2 * n, r))
    points.push_back(p + vec3(0, 0, p.z >= 0 ? h : -h));
  HullResult built = Hull::from_points(std::span<const vec3>(points));
  REQUIRE(built.ok());
  return std::move(built.hull);
}

}  // namespace

TEST_CASE("a manifold is never shallower than SAT's exact depth, in every category",
          "[contact][random]") {
  int overlapping = 0;
  for (const pairs::Category c : pairs::all_categories()) {
    const std::uint64_t seeds = c == pairs::Category::large_hulls ? 40 : 160;
    for (std::uint64_t seed = 0; seed < seeds; ++seed) {
      const pairs::Pair p = pairs::make_pair(c, seed);
      const sat::Result r = sat::query(p.a, p.pose_a, p.b, p.pose_b);
      // Overlapping hulls (contact.hpp's promise): a pair touching from the
      // apart side (0 < separation within the band) has only a lower bound.
      if (!r.intersecting || r.separation > 0) continue;
      ++overlapping;
      const double size = double(std::max(p.a.extent(), p.b.extent()));
      const double tol = 10 * (rel * magnitude_of(p) + rel * size);
      const contact::Manifold m = contact::collide(p.a, p.pose_a, p.b, p.pose_b, 0);
      INFO(p.name() << " feature " << sat::to_string(m.feature.kind) << " count " << m.count
                    << " SAT " << r.separation << " (" << sat::to_string(r.feature.kind)
                    << ") deepest " << deepest_of(m));
      CHECK(deepest_of(m) <= double(r.separation) + tol);
    }
  }
  CHECK(overlapping > 300);
}

/// Small random hulls (triangles and tetrahedra, 0.05 to 0.45 across) each
/// posed at random with its centre within 0.1 of the support point of
/// `big` along a random direction: every overlapping pair's manifold,
/// both ways round, reaches SAT's depth.
void check_pokes(const Hull& big, std::uint64_t seed, int cases) {
  pairs::Rng rng(seed);
  int tested = 0, edges = 0;
  for (int k = 0; k < cases; ++k) {
    std::vector<vec3> corners;
    const double size = rng.uniform(0.05, 0.45);
    for (int i = 0; i < 3 + k % 2; ++i) corners.push_back(to_real(rng.unit() * size));
    HullResult small = Hull::from_points(std::span<const vec3>(corners));
    if (!small.ok()) continue;
    const glm::dvec3 dir = rng.unit();
    const vec3 support = big.vertices()[support_index(big, to_real(dir))];
    const Pose pose = pose_from_quat(to_real(glm::dvec3(support) + dir * rng.uniform(-0.1, 0.1)),
                                     quat(rng.rotation()));
    const sat::Result r = sat::query(big, Pose{}, small.hull, pose);
    if (!r.intersecting) continue;
    ++tested;
    edges += r.feature.kind == sat::FeatureKind::edges ? 1 : 0;
    const double tol = 10 * rel * 2;
    for (const bool swap : {false, true}) {
      const contact::Manifold m = swap ? contact::collide(small.hull, pose, big, Pose{}, 0)
                                       : contact::collide(big, Pose{}, small.hull, pose, 0);
      INFO("case " << k << (swap ? " swapped" : "") << " SAT " << r.separation << " ("
                   << sat::to_string(r.feature.kind) << ") manifold "
                   << sat::to_string(m.feature.kind) << " deepest " << deepest_of(m));
      CHECK(deepest_of(m) <= double(r.separation) + tol);
    }
  }
  CHECK(tested > cases / 4);
  CHECK(edges > tested / 10);
}

TEST_CASE("small hulls poking into a capsule of 1400 vertices keep SAT's depth",
          "[contact][regression]") {
  // The capsule's faces are small: a face may stand in for SAT's edge pair
  // only where clipping to it keeps the small hull's deepest corner.
  check_pokes(capsule_hull(700, real(0.5), real(0.6)), 5, 3000);
}

TEST_CASE("small hulls poking into a cylinder of 925 sides keep SAT's depth",
          "[contact][regression]") {
  // A cap of 925 corners is thinned to every 15th corner, counted from the
  // deepest, which the thinned cap must keep.
  check_pokes(shapes::cylinder(1, 2, 925), 9, 3000);
}
