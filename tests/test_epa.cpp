// EPA penetration depth and the combined signed query: analytic cases,
// named regressions (touching, flat, identical, contained...), and seeded
// random pairs against the brute-force Minkowski-difference reference.
#include "sepax/epa.hpp"
#include "sepax/sat.hpp"
#include "sepax/shapes.hpp"
#include "sepax/support.hpp"

#include <catch2/catch.hpp>

#include "pairs.hpp"
#include "reference.hpp"
#include "test_util.hpp"

#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <utility>

using namespace sepax;
using namespace sepax::convex;
using namespace sepax::test;

namespace {

const real exact = is_double ? real(1e-10) : real(1e-4);
/// Absolute slack for answers that are 0 in exact arithmetic, for sizes ~1.
const real zero = is_double ? real(1e-12) : real(1e-5);

void check_sane(const epa::Result& r) {
  CHECK(std::isfinite(r.separation));
  CHECK(finite(r.point_a));
  CHECK(finite(r.point_b));
  CHECK(finite(r.axis));
  CHECK(std::abs(glm::length(r.axis) - 1) < 100 * tol::eps);
  CHECK(r.epa_iterations <= epa::max_iterations + 12);
}

}  // namespace

TEST_CASE("overlapping boxes: depth, axis, witnesses", "[epa]") {
  const Hull box = shapes::box(vec3(1));
  const auto r = epa::query(box, Pose{}, box, at(1.5, 0.2, 0.1));
  check_sane(r);
  CHECK(r.intersecting);
  CHECK(r.epa_status == epa::Status::converged);
  CHECK(r.depth() == Approx(0.5).epsilon(exact));
  CHECK(r.axis.x == Approx(1).epsilon(exact));
  CHECK(r.point_a.x == Approx(1).epsilon(exact));
  CHECK(r.point_b.x == Approx(0.5).epsilon(exact));
  CHECK(glm::length(r.point_b - r.point_a + r.depth() * r.axis) < zero);
  // Mirrored.
  const auto m = epa::query(box, at(1.5, 0.2, 0.1), box, Pose{});
  CHECK(m.depth() == Approx(0.5).epsilon(exact));
  CHECK(m.axis.x == Approx(-1).epsilon(exact));
  // Box adapters, rotated about the overlap axis.
  const auto b = epa::query(posed(Box{vec3(1)}, Pose{}),
                            posed(Box{vec3(1)}, at_deg(vec3(0.2, -1.7, 0), vec3(0, 30, 0))));
  CHECK(b.depth() == Approx(0.3).epsilon(exact));
  CHECK(b.axis.y == Approx(-1).epsilon(exact));
  // Signed query: positive apart, negative overlapping.
  CHECK(epa::query(box, Pose{}, box, at(2.5, 0, 0)).separation == Approx(0.5).epsilon(exact));
  CHECK(epa::query(box, Pose{}, box, at(1.5, 0, 0)).separation == Approx(-0.5).epsilon(exact));
}

TEST_CASE("rounded shapes: sphere, capsule", "[epa]") {
  const Box box{vec3(1)};
  auto r = epa::query(box, sphere(vec3(0.8, 0, 0), real(0.5)));  // core inside the box
  check_sane(r);
  CHECK(r.depth() == Approx(0.7).epsilon(exact));
  CHECK(r.axis.x == Approx(1).epsilon(exact));
  CHECK(r.point_b.x == Approx(0.3).epsilon(exact));         // sphere's deepest point
  r = epa::query(box, sphere(vec3(1.3, 0, 0), real(0.5)));  // core outside, sphere in
  CHECK(r.depth() == Approx(0.2).epsilon(exact));
  CHECK(r.axis.x == Approx(1).epsilon(exact));
  r = epa::query(sphere(vec3(0), real(1.5)), sphere(vec3(2, 0, 0), real(1.5)));
  CHECK(r.depth() == Approx(1).epsilon(exact));
  CHECK(r.axis.x == Approx(1).epsilon(exact));
  r = epa::query(sphere(vec3(1), 1), sphere(vec3(1), 2));  // concentric
  check_sane(r);
  CHECK(r.depth() == Approx(3).epsilon(exact));
  r = epa::query(box, capsule(vec3(-0.5, 0, 0.6), vec3(0.5, 0, 0.6), real(0.25)));
  check_sane(r);
  CHECK(r.depth() == Approx(0.65).epsilon(exact));
  CHECK(r.axis.z == Approx(1).epsilon(exact));
  // Crossing capsules whose axes intersect: D of the cores is flat, the depth
  // is the sum of the radii along the common normal.
  r = epa::query(capsule(vec3(-1, 0, 0), vec3(1, 0, 0), real(0.2)),
                 capsule(vec3(0, -1, 0), vec3(0, 1, 0), real(0.3)));
  check_sane(r);
  CHECK(r.depth() == Approx(0.5).epsilon(exact));
  CHECK(std::abs(r.axis.z) == Approx(1).epsilon(exact));
}

// Story: stacked cubes face to face, boxes corner to corner and a vertex on a
// face: the origin lies on D's boundary, GJK ends on a simplex through it,
// and EPA must grow that into a tetrahedron and answer depth 0 with a finite
// unit axis (the face normal where there is one).
TEST_CASE("regression: touching contacts give depth 0", "[epa][regression]") {
  const Hull cube = shapes::box(vec3(0.5));
  for (real angle : {real(0), real(30), real(45)}) {
    const auto r = epa::query(cube, Pose{}, cube, at_deg(vec3(0.1, -0.2, 1), vec3(0, 0, angle)));
    check_sane(r);
    CHECK(r.intersecting);
    CHECK(r.depth() <= zero);
    CHECK(r.axis.z == Approx(1).epsilon(1e-6));
  }
  const Hull box = shapes::box(vec3(1));
  const auto v = epa::query(box, Pose{}, box, at(2, 2, 2));
  check_sane(v);
  CHECK(v.intersecting);
  CHECK(v.depth() <= zero);
  // A tetrahedron standing on a vertex on the box's top face.
  const Hull tet = shapes::tetrahedron(1);
  const vec3 low = tet.vertices()[support_brute(tet, vec3(0, 0, -1))];
  const auto t = epa::query(box, Pose{}, tet, at(0.2, 0.1, 1 - low.z));
  check_sane(t);
  CHECK(t.depth() <= zero);
}

// Story: a 5 m box against a 0.2 m box overlapping by 5 cm: the small box's
// face must be found although it is a tiny part of D.
TEST_CASE("regression: 5 m box against a 0.2 m box", "[epa][regression]") {
  const Hull big = shapes::box(vec3(2.5));
  const Hull small = shapes::box(vec3(0.1));
  const auto r = epa::query(big, Pose{}, small, at(2.55, 0.7, -1.2));
  check_sane(r);
  CHECK(r.depth() == Approx(0.05).epsilon(exact));
  CHECK(r.axis.x == Approx(1).epsilon(exact));
  const auto m = epa::query(small, at(2.55, 0.7, -1.2), big, Pose{});
  CHECK(m.depth() == Approx(0.05).epsilon(exact));
  CHECK(m.axis.x == Approx(-1).epsilon(exact));
}

TEST_CASE("regression: overlapping hulls near 1e5 from the origin", "[epa][regression]") {
  const Hull a = shapes::icosahedron(1);
  const Hull b = shapes::box(vec3(0.5));
  const vec3 far(1e5, -1e5, 1e5);
  const auto r =
      epa::query(a, at_deg(far, vec3(10, 20, 30)), b, at(far.x + 1.2, far.y + 0.2, far.z));
  const auto n = epa::query(a, at_deg(vec3(0), vec3(10, 20, 30)), b, at(1.2, 0.2, 0));
  check_sane(r);
  CHECK(r.depth() == Approx(n.depth()).epsilon(is_double ? 1e-9 : 0.3));
  CHECK(glm::length(r.axis - n.axis) < (is_double ? 1e-9 : 1e-1));
}

// Story: 1000+ vertex hulls, deep overlap: EPA needs many faces near the
// answer and must stay within its fixed capacity, agreeing with the brute
// support path and with the reference.
TEST_CASE("regression: hulls with 1000+ vertices", "[epa][regression]") {
  const Hull a = shapes::random_hull(1500, 1, 11);
  const Hull b = shapes::random_hull(1000, real(0.7), 12);
  for (real x : {real(1.6), real(1.0), real(0.3)}) {
    const Pose pa = at_deg(vec3(0), vec3(5, 10, 15));
    const Pose pb = at_deg(vec3(x, 0.3, -0.2), vec3(40, 50, 60));
    const auto r = epa::query(a, pa, b, pb);
    const auto p = epa::query(posed(PlainHull{&a}, pa), posed(PlainHull{&b}, pb));
    const ref::Answer ref = ref::minkowski(a, pa, b, pb);
    check_sane(r);
    REQUIRE(ref.ok);
    CHECK(r.intersecting);
    CHECK(r.epa_status == epa::Status::converged);
    CHECK(r.depth() == Approx(p.depth()).epsilon(is_double ? 1e-9 : 1e-3));
    CHECK(r.depth() == Approx(ref.depth).epsilon(is_double ? 1e-9 : 1e-3));
    CHECK(glm::length(glm::dvec3(r.axis) - ref.axis) < (is_double ? 1e-6 : 1e-2));
  }
}

TEST_CASE("regression: identical hulls at the same pose, one inside the other",
          "[epa][regression]") {
  const Hull box = shapes::box(vec3(1, 2, 3));
  const Pose p = at_deg(vec3(1, 2, 3), vec3(30, 60, 90));
  auto r = epa::query(box, p, box, p);
  check_sane(r);
  CHECK(r.depth() == Approx(2).epsilon(exact));  // twice the smallest half extent
  CHECK(std::abs(glm::dot(r.axis, p.rotate(vec3(1, 0, 0)))) == Approx(1).epsilon(exact));
  const Hull h = shapes::random_hull(60, 1, 5);
  r = epa::query(h, p, h, p);
  check_sane(r);
  CHECK(r.depth() == Approx(ref::minkowski(h, p, h, p).depth).epsilon(is_double ? 1e-9 : 1e-4));
  // B (half 1) inside A (half 3), off centre by 0.5 along x: out along +x.
  const Hull outer = shapes::box(vec3(3));
  const Hull inner = shapes::box(vec3(1));
  r = epa::query(outer, Pose{}, inner, at(0.5, 0, 0));
  check_sane(r);
  CHECK(r.depth() == Approx(3.5).epsilon(exact));
  CHECK(r.axis.x == Approx(1).epsilon(exact));
  r = epa::query(inner, at(0.5, 0, 0), outer, Pose{});
  CHECK(r.depth() == Approx(3.5).epsilon(exact));
  CHECK(r.axis.x == Approx(-1).epsilon(exact));
}

// Story: flat polygons are two-sided hulls; two coplanar overlapping ones
// make a flat D that EPA cannot grow into a tetrahedron. Depth is 0 along
// the plane's normal, not NaN and not a loop.
TEST_CASE("regression: flat polygons", "[epa][regression]") {
  const Hull poly = shapes::polygon(1, 6);
  auto r = epa::query(poly, Pose{}, poly, at(0.5, 0.2, 0));
  check_sane(r);
  CHECK(r.intersecting);
  CHECK(r.depth() <= zero);
  CHECK(std::abs(r.axis.z) == Approx(1).epsilon(exact));
  r = epa::query(poly, Pose{}, poly, Pose{});  // identical flat polygons
  check_sane(r);
  CHECK(r.depth() <= zero);
  // A box (z from -0.2 to 0.4) through a polygon: pushed up by 0.2.
  r = epa::query(poly, Pose{}, shapes::box(vec3(0.3)), at(0.1, 0, 0.1));
  check_sane(r);
  CHECK(r.depth() == Approx(0.2).epsilon(exact));
  CHECK(r.axis.z == Approx(1).epsilon(exact));
  // Perpendicular polygons crossing.
  r = epa::query(poly, Pose{}, poly, at_deg(vec3(0.9, 0, 0), vec3(90, 0, 0)));
  check_sane(r);
  CHECK(r.intersecting);
}

TEST_CASE("workspace reuse and caches give the same answers", "[epa]") {
  const Hull a = shapes::cylinder(1, 0.5, 24);
  const Hull b = shapes::cone(0.7, 1, 17);
  epa::Workspace ws;
  gjk::Cache cache{};
  for (int i = 0; i < 60; ++i) {
    const Pose pa = at_deg(vec3(0), vec3(7 * i, 3 * i, 11 * i));
    const Pose pb =
        at_deg(vec3(real(0.5) + real(0.02) * real(i), 0.1, 0.2), vec3(13 * i, 17 * i, 5 * i));
    const auto plain = epa::query(a, pa, b, pb);
    const auto reused = epa::query(a, pa, b, pb, &cache, &ws);
    CHECK(plain.intersecting == reused.intersecting);
    CHECK(plain.separation ==
          Approx(reused.separation).epsilon(is_double ? 1e-12 : 1e-5).margin(zero));
    const auto mirrored = epa::query(b, pb, a, pa);
    CHECK(mirrored.separation ==
          Approx(plain.separation).epsilon(is_double ? 1e-9 : 1e-4).margin(zero));
  }
}

TEST_CASE("a workspace sized for the hulls lets deep large pairs converge", "[epa]") {
  // A quarter-size hull of 2048 random vertices inside another: the default
  // 128-vertex polytope runs out of room, the sized workspace does not, and
  // its depth is SAT's exact one.
  const Hull a = shapes::random_hull(2048, 1, 1);
  const Hull b = shapes::random_hull(2048, real(0.25), 2);
  const int vertices = epa::workspace_vertices(a, b);
  CHECK(vertices == int(a.vertex_count() + b.vertex_count()));
  CHECK(epa::workspace_vertices(shapes::box(vec3(1)), shapes::box(vec3(1))) == epa::max_vertices);
  epa::Workspace sized(vertices);
  CHECK(sized.vertex_capacity() == vertices);
  CHECK(epa::Workspace(1).vertex_capacity() == 4);
  int stopped_default = 0;
  for (int k = 0; k < 10; ++k) {
    const Pose pb =
        at_deg(vec3(real(0.01) * real(k), real(0.003) * real(k), 0), vec3(17 * k, 29 * k, 7 * k));
    const auto plain = epa::query(a, Pose{}, b, pb);
    const auto big = epa::query(a, Pose{}, b, pb, nullptr, &sized);
    stopped_default += plain.epa_status != epa::Status::converged;
    CHECK(big.epa_status == epa::Status::converged);
    const auto exact = sat::query(a, Pose{}, b, pb);
    CHECK(big.separation == Approx(exact.separation).epsilon(is_double ? 1e-9 : 1e-4));
    // A stopped EPA still answers an upper bound of the depth.
    CHECK(-plain.separation >= -exact.separation * (1 - (is_double ? 1e-9 : 1e-4)));
  }
  CHECK(stopped_default > 0);
}

// ---------------------------------------------------------------------------
// The polytope's heap of live faces

TEST_CASE("face heap: top is the first face of a scan, ties to the smaller index", "[epa]") {
  constexpr int n = 64;
  epa::detail::Face faces[n] = {};
  epa::detail::HeapEntry slots[n];
  epa::detail::FaceHeap heap(slots, faces);
  bool in[n] = {};
  pairs::Rng rng(7);
  // Keys from a few values, so that many are equal and the index decides.
  const auto key = [&] { return real(rng.integer(0, 7)) * real(0.25); };
  const auto scan = [&] {
    int best = -1;
    for (int f = 0; f < n; ++f)
      if (in[f] && (best < 0 || faces[f].d < faces[best].d)) best = f;
    return best;
  };
  int pushes = 0, removes = 0, fixes = 0;
  for (int step = 0; step < 4000; ++step) {
    const int f = rng.integer(0, n - 1);
    if (!in[f]) {
      faces[f].d = key();
      heap.push(f), in[f] = true, ++pushes;
    } else if (rng.integer(0, 1) == 0) {
      heap.remove(f), in[f] = false, ++removes;
      CHECK(faces[f].heap == -1);
    } else {
      faces[f].d = key();
      heap.fix(f), ++fixes;
    }
    REQUIRE(heap.valid());
    int count = 0;
    for (const bool x : in) count += x ? 1 : 0;
    REQUIRE(heap.size() == count);
    if (count > 0) REQUIRE(heap.top() == scan());
  }
  CHECK(pushes > 1000);
  CHECK(removes > 500);
  CHECK(fixes > 500);
  heap.clear();
  CHECK(heap.size() == 0);
}

TEST_CASE("polytope stays consistent while it expands inside a hull", "[epa]") {
  // EPA's loop by hand on D = a random hull around the origin (A a point at
  // the origin): after every addition the adjacency is consistent, the heap
  // (once the faces are many) holds exactly the live faces in order, and
  // closest() is the first live face of smallest d in a scan of every slot
  // (a Workspace's slots start zeroed: not alive); the nearest face ends on
  // D's boundary, at the distance of D's nearest face plane.
  for (const int n : {12, 200}) {
    const Hull h = shapes::random_hull(n, 1, std::uint64_t(n));
    const auto support = [&](const vec3& d) {
      gjk::detail::SimplexVertex p;
      p.ib = support_brute(h, d);
      p.b = p.w = h.vertices()[std::size_t(p.ib)];
      return p;
    };
    epa::Workspace ws(4 * n);
    epa::detail::Polytope& poly = ws.polytope();
    const auto scan = [&] {
      int best = -1;
      for (int f = 0; f < epa::detail::face_capacity(ws.vertex_capacity()); ++f)
        if (poly.face(f).alive && (best < 0 || poly.face(f).d < poly.face(best).d)) best = f;
      return best;
    };
    const gjk::detail::SimplexVertex t[4] = {support(vec3(1, 1, 1)), support(vec3(1, -1, -1)),
                                             support(vec3(-1, 1, -1)), support(vec3(-1, -1, 1))};
    REQUIRE(poly.start(t));
    REQUIRE(poly.valid());
    int added = 0;
    for (;;) {
      const int f = poly.closest();
      const epa::detail::Face& face = poly.face(f);
      const gjk::detail::SimplexVertex p = support(face.n);
      if (glm::dot(face.n, p.w) - face.d <= 100 * tol::eps) break;
      REQUIRE(poly.add(p, f) == epa::detail::Polytope::Add::ok);
      ++added;
      REQUIRE(poly.valid());
      REQUIRE(poly.closest() == scan());
    }
    real nearest = std::numeric_limits<real>::infinity();
    for (const Plane& plane : h.planes()) nearest = std::min(nearest, plane.offset);
    CHECK(poly.face(poly.closest()).d == Approx(nearest).epsilon(is_double ? 1e-9 : 1e-4));
    CHECK(added >= (n > 100 ? 50 : 1));  // the loop ran, on the large hull for long
  }
}

// ---------------------------------------------------------------------------
// Seeded random pairs against the brute-force Minkowski difference

namespace {

/// Decision band around touching, relative to the size (see test_gjk.cpp).
const double band = is_double ? 1e-9 : 1e-5;
/// Depth: error allowed relative to the depth, plus a floor of 64 eps of the
/// coordinates' magnitude for depths near 0.
const double depth_rel = is_double ? 1e-6 : 1e-3;
const double depth_floor = 64 * double(tol::eps);
/// Axis: radians, where the reference says the axis is unique by at least
/// `unique_gap` of the size (second-best facet that much deeper).
const double axis_angle = is_double ? 1e-6 : 1e-2;
const double unique_gap = is_double ? 1e-7 : 1e-3;

struct EpaStats {
  int queries = 0, separated = 0, intersecting = 0, in_band = 0, flat = 0, axis_checked = 0;
  int wrong_decision = 0, bad_depth = 0, bad_axis = 0, not_separating = 0, bad_witness = 0;
  int status[5] = {0, 0, 0, 0, 0};
  double worst_depth = 0, worst_angle = 0, worst_depth_size = 0, worst_witness = 0;
  std::string worst_depth_name, worst_angle_name;
  long iterations = 0;
};

}  // namespace

// Each pair in both situations (situation.hpp). `band` is within the engine
// situation's decision goal in both precisions; there the depth is also held
// to the goal's engine_value of the size.
TEST_CASE("random pairs: EPA depth and axis against the reference", "[epa][random]") {
  EpaStats total;
  for (const pairs::Situation situation : pairs::all_situations)
    for (const pairs::Category c : pairs::all_categories()) {
      EpaStats s;
      epa::Workspace ws;
      const bool engine = situation == pairs::Situation::engine;
      for_each_shifted_query(c, situation, 29, [&](const ShiftedQuery& sq) {
        const pairs::Pair& p = sq.pair;
        const Pose& pb = sq.pose_b;
        const glm::dvec3& shift = sq.shift;
        const ref::Answer& r = sq.answer;
        if (!r.ok) return;
        ++s.queries;
        const auto q = epa::query(p.a, p.pose_a, p.b, pb, nullptr, &ws);
        const std::string name = sq.name();
        REQUIRE((std::isfinite(q.separation) && finite(q.axis) && finite(q.point_a) &&
                 finite(q.point_b)));
        if (std::abs(r.separation) <= band * r.size) {
          ++s.in_band;
          if (r.flat && r.intersecting) {  // coplanar overlap: touching, depth 0
            ++s.flat;
            CHECK(q.intersecting);
            CHECK(-q.separation <= band * r.size);
          }
          return;
        }
        ++(r.intersecting ? s.intersecting : s.separated);
        if (q.intersecting != r.intersecting) {
          ++s.wrong_decision;
          UNSCOPED_INFO("wrong decision " << name << ": ref " << r.separation << ", sepax "
                                          << q.separation);
          return;
        }
        if (!r.intersecting) return;
        ++s.status[int(q.epa_status)];
        s.iterations += q.epa_iterations;
        const double depth = -double(q.separation);
        const double err = std::abs(depth - r.depth);
        if (err / r.depth > s.worst_depth) s.worst_depth = err / r.depth, s.worst_depth_name = name;
        s.worst_depth_size = std::max(s.worst_depth_size, err / r.size);
        // Witnesses: point_b - point_a = -depth * axis, where EPA converged
        // (epa.hpp: a degenerate stop promises a depth bound, not a closest
        // pair), to 64 eps of the magnitude plus the hard categories'
        // conditioning.
        const double witness = double(glm::length(q.point_b - q.point_a - q.separation * q.axis));
        const bool trusted = q.epa_status == epa::Status::converged;
        if (trusted) s.worst_witness = std::max(s.worst_witness, witness / magnitude(p, r.size));
        if (trusted &&
            witness > 64 * double(tol::eps) * magnitude(p, r.size) + conditioning_slack(p, pb)) {
          ++s.bad_witness;
          UNSCOPED_INFO("witness " << name << ": " << witness);
        }
        const double allowed = depth_rel * r.depth + depth_floor * magnitude(p, r.size);
        const double goal = pairs::engine_value * r.size + conditioning_slack(p, pb);
        if (err > (engine ? std::min(allowed, goal) : allowed)) {
          ++s.bad_depth;
          UNSCOPED_INFO("depth " << name << ": ref " << r.depth << ", epa " << depth << " status "
                                 << epa::to_string(q.epa_status));
        }
        // The answer must separate: B moved by (depth + band) along the axis.
        const ref::Answer moved =
            sq.difference.query(shift + glm::dvec3(q.axis) * (depth + 2 * band * r.size));
        if (moved.intersecting && std::abs(moved.separation) > band * r.size) {
          ++s.not_separating;
          UNSCOPED_INFO("MTV does not separate " << name);
        }
        if (!r.flat && r.axis_gap > unique_gap * r.size) {
          ++s.axis_checked;
          const double angle =
              std::asin(std::min(1.0, glm::length(glm::cross(glm::dvec3(q.axis), r.axis))));
          const double signed_angle = glm::dot(glm::dvec3(q.axis), r.axis) < 0 ? 4 : angle;
          if (signed_angle > s.worst_angle) s.worst_angle = signed_angle, s.worst_angle_name = name;
          if (signed_angle > axis_angle) {
            ++s.bad_axis;
            UNSCOPED_INFO("axis " << name << ": angle " << signed_angle << " rad");
          }
        }
      });
      std::printf(
          "epa %-6s %-19s queries %5d: separated %5d, intersecting %5d (flat D checked %d), in "
          "band %4d; "
          "wrong decisions %d, bad depths %d, bad axes %d of %d, MTV not separating %d; "
          "status conv/max/cap/degen %d/%d/%d/%d; mean EPA iterations %.1f; "
          "worst depth error %.2g relative (%s), %.2g of size; worst axis %.2g rad (%s); "
          "worst witness mismatch %.2g of magnitude\n",
          pairs::to_string(situation), pairs::to_string(c), s.queries, s.separated, s.intersecting,
          s.flat, s.in_band, s.wrong_decision, s.bad_depth, s.bad_axis, s.axis_checked,
          s.not_separating, s.status[0], s.status[2], s.status[3], s.status[4],
          double(s.iterations) / std::max(1, s.intersecting), s.worst_depth,
          s.worst_depth_name.c_str(), s.worst_depth_size, s.worst_angle, s.worst_angle_name.c_str(),
          s.worst_witness);
      CHECK(s.bad_witness == 0);
      CHECK(s.wrong_decision == 0);
      CHECK(s.bad_depth == 0);
      CHECK(s.bad_axis == 0);
      CHECK(s.not_separating == 0);
      total.intersecting += s.intersecting, total.axis_checked += s.axis_checked;
      total.separated += s.separated;
    }
  CHECK(total.intersecting > 1000);  // not vacuous
  CHECK(total.axis_checked > 1000);
  CHECK(total.separated > 1000);
}

TEST_CASE("empty hulls are refused without reading a support", "[epa][gjk][sat][errors]") {
  // A default-constructed hull, or the hull of a failed build, is a
  // programmer error; every query returns its default answer, GJK and EPA
  // with status degenerate, instead of reading vertex 0 of nothing.
  const Hull empty;
  const Hull box = shapes::box(vec3(1));
  const Pose at{mat3(real(1)), vec3(0)};
  for (const auto& [a, b] : {std::pair<const Hull*, const Hull*>{&empty, &box}, {&box, &empty}}) {
    const gjk::Result d = gjk::distance(*a, at, *b, at);
    CHECK(d.status == gjk::Status::degenerate);
    CHECK_FALSE(gjk::intersect(*a, at, *b, at));
    const epa::Result q = epa::query(*a, at, *b, at);
    CHECK(q.gjk_status == gjk::Status::degenerate);
    CHECK(q.epa_status == epa::Status::degenerate);
    CHECK_FALSE(sat::query(*a, at, *b, at).intersecting);
  }
}

TEST_CASE("an EPA stopped early brackets the depth: depth_error", "[epa][random]") {
  // A polytope too small to converge on deep pairs of large hulls: the
  // status says so, and the true depth lies in [depth - depth_error, depth].
  int early = 0;
  for (int s = 0; s < 20; ++s) {
    const Hull a = shapes::random_hull(400, 1, std::uint64_t(700 + s));
    const Hull b = shapes::random_hull(300, real(0.7), std::uint64_t(800 + s));
    const Pose pb = at_deg(vec3(real(0.3 + 0.02 * s), real(0.1), 0), vec3(s * 9, s * 5, s * 3));
    epa::Workspace small(8 + s);
    const epa::Result r = epa::query(a, Pose{}, b, pb, nullptr, &small);
    const ref::Answer want = ref::minkowski(a, Pose{}, b, pb);
    REQUIRE(want.ok);
    REQUIRE(r.intersecting);
    INFO("seed " << s << " status " << epa::to_string(r.epa_status) << " depth " << r.depth()
                 << " error " << r.depth_error << " want " << want.depth);
    CHECK(r.depth_error >= 0);
    const double slack = (is_double ? 1e-9 : 1e-4) * want.size;
    CHECK(want.depth <= double(r.depth()) + slack);
    CHECK(want.depth >= double(r.depth() - r.depth_error) - slack);
    early += r.epa_status != epa::Status::converged;
  }
  CHECK(early > 10);
}
