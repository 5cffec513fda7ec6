// The brute-force Minkowski-difference reference (tests/support): exact hand
// cases with known answers, then seeded random pairs checked by moving B
// along the answer and by a feature-by-feature brute-force distance.
#include "pairs.hpp"
#include "reference.hpp"
#include "sepax/shapes.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using namespace sepax;
using glm::dvec3;

namespace {

/// Relative to the pair's size: the hand cases are exact in double, and
/// exact to float round-off of the hull vertices and rotations otherwise.
constexpr double exact = std::numeric_limits<real>::digits > 24 ? 1e-12 : 1e-6;

/// Relative to the pair's size: how far B is moved past (or short of) the
/// reported depth or distance in the random checks.
constexpr double nudge = 1e-6;

std::vector<dvec3> cube(const dvec3& center, double half) {
  std::vector<dvec3> p;
  for (int i = 0; i < 8; ++i)
    p.push_back(center + dvec3(i & 1 ? half : -half, i & 2 ? half : -half, i & 4 ? half : -half));
  return p;
}

std::vector<dvec3> square(const dvec3& center, double half) {
  return {center + dvec3(-half, -half, 0), center + dvec3(half, -half, 0),
          center + dvec3(half, half, 0), center + dvec3(-half, half, 0)};
}

std::vector<dvec3> shifted(std::vector<dvec3> p, const dvec3& by) {
  for (dvec3& q : p) q += by;
  return p;
}

bool near(const dvec3& a, const dvec3& b, double eps) {
  return glm::distance(a, b) <= eps;
}

/// `r` is an answer, flat or not as `flat` says, with B apart from A by
/// `distance` along `axis` (both exact to 1e-12).
void check_apart(const ref::Answer& r, bool flat, double distance, const dvec3& axis) {
  REQUIRE(r.ok);
  CHECK(r.flat == flat);
  CHECK_FALSE(r.intersecting);
  CHECK(r.distance == Approx(distance).epsilon(1e-12));
  CHECK(near(r.axis, axis, 1e-12));
}

}  // namespace

TEST_CASE("unit cubes apart along x", "[reference]") {
  for (double gap : {1e-6, 0.125, 3.0}) {
    const ref::Answer r = ref::minkowski(cube({0, 0, 0}, 0.5), cube({1 + gap, 0, 0}, 0.5));
    REQUIRE(r.ok);
    CHECK_FALSE(r.intersecting);
    CHECK(r.distance == Approx(gap).margin(1e-15));
    CHECK(r.separation == Approx(gap).margin(1e-15));
    CHECK(r.depth == 0);
    CHECK(near(r.axis, {1, 0, 0}, 1e-12));
    CHECK(r.size == Approx(std::sqrt(3.0)));
  }
}

TEST_CASE("unit cubes overlapping by 0.3 along x", "[reference]") {
  const ref::Answer r = ref::minkowski(cube({0, 0, 0}, 0.5), cube({0.7, 0.1, -0.2}, 0.5));
  REQUIRE(r.ok);
  CHECK(r.intersecting);
  CHECK(r.depth == Approx(0.3).epsilon(1e-12));
  CHECK(r.separation == Approx(-0.3).epsilon(1e-12));
  CHECK(r.distance == 0);
  CHECK(near(r.axis, {1, 0, 0}, 1e-12));
  // Next best: push B out along +z (0.8 = 1 - 0.2): 0.5 deeper.
  CHECK(r.axis_gap == Approx(0.5).epsilon(1e-9));
  // Mirrored: A against B gives the opposite axis, same depth.
  const ref::Answer m = ref::minkowski(cube({0.7, 0.1, -0.2}, 0.5), cube({0, 0, 0}, 0.5));
  CHECK(m.depth == Approx(0.3).epsilon(1e-12));
  CHECK(near(m.axis, {-1, 0, 0}, 1e-12));
}

TEST_CASE("small cube inside a big one, off centre", "[reference]") {
  // B spans x in [0.95, 1.45] inside A's [-2, 2]: it leaves through +x after
  // 2 - 0.95 = 1.05; through +y it would need 1.95, through -z 2.15.
  const ref::Answer r = ref::minkowski(cube({0, 0, 0}, 2), cube({1.2, 0.3, -0.1}, 0.25));
  REQUIRE(r.ok);
  CHECK(r.intersecting);
  CHECK(r.depth == Approx(1.05).epsilon(1e-12));
  CHECK(near(r.axis, {1, 0, 0}, 1e-12));
  CHECK(r.axis_gap == Approx(0.9).epsilon(1e-9));
}

TEST_CASE("rotated cubes with crossed edges", "[reference]") {
  // A: unit cube turned 45 degrees about x, its top edge along x at
  // z = sqrt(2)/2. B: turned 45 degrees about y then 30 about z, its bottom
  // edge along (cos 30, sin 30, 0). The edges cross above the origin, so the
  // gap along z is exactly tz - sqrt(2).
  const Hull box = shapes::box(vec3(real(0.5)));
  const Pose pa = pose_from_euler_deg(vec3(0), vec3(45, 0, 0));
  for (double gap : {0.25, 1e-3, -0.05}) {
    const double tz = std::sqrt(2.0) + gap;
    const Pose pb = pose_from_euler_deg(vec3(0, 0, real(tz)), vec3(0, 45, 30));
    const ref::Answer r = ref::minkowski(box, pa, box, pb);
    REQUIRE(r.ok);
    CHECK(r.intersecting == (gap < 0));
    CHECK(r.separation == Approx(gap).margin(exact));
    CHECK(near(r.axis, {0, 0, 1}, 1e3 * exact));
  }
}

TEST_CASE("cubes touching face to face", "[reference]") {
  const ref::Answer r = ref::minkowski(cube({0, 0, 0}, 0.5), cube({1, 0.25, 0.5}, 0.5));
  REQUIRE(r.ok);
  CHECK(r.intersecting);
  CHECK(r.distance == 0);
  CHECK(std::abs(r.separation) <= 1e-15);
  CHECK(r.depth <= 1e-15);
  CHECK(near(r.axis, {1, 0, 0}, 1e-12));
}

TEST_CASE("far from the origin keeps 1e-9 relative accuracy", "[reference]") {
  const dvec3 far(1e5, -7e4, 3e4);
  const ref::Answer apart = ref::minkowski(cube(far, 0.5), cube(far + dvec3(0, 1.125, 0), 0.5));
  REQUIRE(apart.ok);
  CHECK_FALSE(apart.intersecting);
  CHECK(std::abs(apart.distance - 0.125) <= 1e-9 * apart.size);
  CHECK(near(apart.axis, {0, 1, 0}, 1e-9));
  const ref::Answer deep = ref::minkowski(cube(far, 0.5), cube(far + dvec3(0, 0, -0.7), 0.5));
  REQUIRE(deep.ok);
  CHECK(deep.intersecting);
  CHECK(std::abs(deep.depth - 0.3) <= 1e-9 * deep.size);
  CHECK(near(deep.axis, {0, 0, -1}, 1e-9));
  // The same through hulls and poses (exact in float too: the offsets and
  // the gap are multiples of float's step at 1e5).
  const Hull box = shapes::box(vec3(real(0.5)));
  const ref::Answer posed = ref::minkowski(box, Pose{mat3(1), vec3(far)}, box,
                                           Pose{mat3(1), vec3(far + dvec3(0, 1.125, 0))});
  CHECK(std::abs(posed.distance - 0.125) <= 1e-9 * posed.size);
}

TEST_CASE("coplanar flat polygons", "[reference][flat]") {
  const ref::Answer overlap = ref::minkowski(square({0, 0, 0}, 0.5), square({0.6, 0.2, 0}, 0.5));
  REQUIRE(overlap.ok);
  CHECK(overlap.flat);
  CHECK(overlap.intersecting);
  CHECK(overlap.depth == 0);
  CHECK(std::abs(glm::dot(overlap.axis, dvec3(0, 0, 1))) == Approx(1));

  check_apart(ref::minkowski(square({0, 0, 0}, 0.5), square({1.2, 0.2, 0}, 0.5)), true, 0.2,
              {1, 0, 0});
  // Parallel planes: D is flat but off the origin.
  check_apart(ref::minkowski(square({0, 0, 0}, 0.5), square({0.3, 0.2, 0.3}, 0.5)), true, 0.3,
              {0, 0, 1});
  const ref::Answer corner = ref::minkowski(square({0, 0, 0}, 0.5), square({1.3, 1.4, 0.2}, 0.5));
  CHECK(corner.distance == Approx(std::sqrt(0.09 + 0.16 + 0.04)).epsilon(1e-12));
}

TEST_CASE("flat polygon above and through a box", "[reference][flat]") {
  check_apart(ref::minkowski(cube({0, 0, 0}, 0.5), square({0.1, 0, 0.7}, 0.3)), false, 0.2,
              {0, 0, 1});
  // The square slices the box at z = 0.4: lifting it by 0.1 frees it.
  const ref::Answer through = ref::minkowski(cube({0, 0, 0}, 0.5), square({0.1, 0, 0.4}, 0.3));
  REQUIRE(through.ok);
  CHECK(through.intersecting);
  CHECK(through.depth == Approx(0.1).epsilon(1e-12));
  CHECK(near(through.axis, {0, 0, 1}, 1e-12));
}

TEST_CASE("degenerate input is reported, not crashed on", "[reference]") {
  CHECK_FALSE(ref::minkowski({}, cube({0, 0, 0}, 1)).ok);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  CHECK_FALSE(ref::minkowski({dvec3(nan, 0, 0)}, cube({0, 0, 0}, 1)).ok);
  const ref::Answer point = ref::minkowski({dvec3(0)}, {dvec3(1, 0, 0)});
  CHECK_FALSE(point.ok);
  CHECK_FALSE(point.message.empty());
  CHECK_FALSE(ref::minkowski({dvec3(0), dvec3(1, 0, 0)}, {dvec3(3, 0, 0)}).ok);
  // A single point against a cube is a translated cube: fine.
  const ref::Answer one = ref::minkowski({dvec3(0, 0, 2)}, cube({0, 0, 0}, 1));
  REQUIRE(one.ok);
  CHECK(one.distance == Approx(1));
}

// ---------------------------------------------------------------------------
// Seeded random pairs

namespace {

using Features = std::vector<std::vector<dvec3>>;  // face loops, world frame

Features world_faces(const Hull& h, const Pose& pose) {
  const std::vector<dvec3> w = ref::world_points(h, pose);
  Features faces;
  for (const Face& f : h.faces()) {
    std::vector<dvec3> loop;
    index_t e = f.edge;
    for (index_t k = 0; k < f.count; ++k, e = h.half_edges()[e].next)
      loop.push_back(w[std::size_t(h.half_edges()[e].origin)]);
    faces.push_back(std::move(loop));
  }
  return faces;
}

double point_segment(const dvec3& p, const dvec3& a, const dvec3& b) {
  const dvec3 e = b - a;
  const double t =
      glm::dot(e, e) > 0 ? std::clamp(glm::dot(p - a, e) / glm::dot(e, e), 0.0, 1.0) : 0;
  return glm::distance(p, a + e * t);
}

// Minimum of |a + s u - b - t v| over the unit square: the interior
// stationary point when it lies inside, else the best of the four sides.
double segment_segment(const dvec3& a0, const dvec3& a1, const dvec3& b0, const dvec3& b1) {
  const dvec3 u = a1 - a0, v = b1 - b0, w = a0 - b0;
  const double uu = glm::dot(u, u), uv = glm::dot(u, v), vv = glm::dot(v, v);
  const double det = uu * vv - uv * uv;
  if (det > 1e-12 * uu * vv) {
    const double s = (uv * glm::dot(v, w) - vv * glm::dot(u, w)) / det;
    const double t = (uu * glm::dot(v, w) - uv * glm::dot(u, w)) / det;
    if (s >= 0 && s <= 1 && t >= 0 && t <= 1) return glm::length(w + u * s - v * t);
  }
  return std::min({point_segment(a0, b0, b1), point_segment(a1, b0, b1), point_segment(b0, a0, a1),
                   point_segment(b1, a0, a1)});
}

// Point to convex polygon: the projection when inside (same side of every
// edge), else the nearest edge.
double point_polygon(const dvec3& p, const std::vector<dvec3>& loop) {
  dvec3 n(0);
  for (std::size_t i = 1; i + 1 < loop.size(); ++i)
    n += glm::cross(loop[i] - loop[0], loop[i + 1] - loop[0]);
  bool inside = glm::length(n) > 0;
  for (std::size_t i = 0; i < loop.size() && inside; ++i)
    inside = glm::dot(glm::cross(loop[(i + 1) % loop.size()] - loop[i], p - loop[i]), n) >= 0;
  if (inside) return std::abs(glm::dot(p - loop[0], glm::normalize(n)));
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < loop.size(); ++i)
    best = std::min(best, point_segment(p, loop[i], loop[(i + 1) % loop.size()]));
  return best;
}

// Distance between two separated convex polytopes: the minimum over
// vertex-face, face-vertex and edge-edge feature pairs.
double brute_distance(const Features& fa, const Features& fb) {
  double best = std::numeric_limits<double>::infinity();
  for (const auto& [points, faces] : {std::pair{&fa, &fb}, std::pair{&fb, &fa}})
    for (const auto& loop : *points)
      for (const dvec3& p : loop)
        for (const auto& face : *faces) best = std::min(best, point_polygon(p, face));
  for (const auto& la : fa)
    for (std::size_t i = 0; i < la.size(); ++i)
      for (const auto& lb : fb)
        for (std::size_t j = 0; j < lb.size(); ++j)
          best = std::min(best, segment_segment(la[i], la[(i + 1) % la.size()], lb[j],
                                                lb[(j + 1) % lb.size()]));
  return best;
}

const pairs::Category small_categories[] = {pairs::Category::separated,
                                            pairs::Category::near_touching,
                                            pairs::Category::shallow,
                                            pairs::Category::deep,
                                            pairs::Category::contained,
                                            pairs::Category::face_face_parallel,
                                            pairs::Category::edge_edge_crossing,
                                            pairs::Category::box_box,
                                            pairs::Category::flat_polygon,
                                            pairs::Category::far_from_origin,
                                            pairs::Category::tiny_scale,
                                            pairs::Category::huge_scale};

constexpr int seeds_per_category = 100;

/// Calls visit(pair, a, b, answer) for the first seeds_per_category pairs of
/// every small category: A's and B's points in world coordinates and the
/// reference's answer for them, which must be ok.
template <class Visit>
void for_each_small_pair(Visit&& visit) {
  for (pairs::Category c : small_categories)
    for (std::uint64_t seed = 0; seed < seeds_per_category; ++seed) {
      const pairs::Pair p = pairs::make_pair(c, seed);
      const std::vector<dvec3> a = ref::world_points(p.a, p.pose_a);
      const std::vector<dvec3> b = ref::world_points(p.b, p.pose_b);
      const ref::Answer r = ref::minkowski(a, b);
      INFO(p.name());
      REQUIRE(r.ok);
      visit(p, a, b, r);
    }
}

}  // namespace

TEST_CASE("moving B by the depth along the axis frees the pair", "[reference][random]") {
  int checked = 0;
  for_each_small_pair([&](const pairs::Pair&, const std::vector<dvec3>& a,
                          const std::vector<dvec3>& b, const ref::Answer& r) {
    if (!r.intersecting || r.flat || r.depth <= nudge * r.size) return;
    const ref::Answer out = ref::minkowski(a, shifted(b, r.axis * (r.depth + nudge * r.size)));
    const ref::Answer in = ref::minkowski(a, shifted(b, r.axis * (r.depth - nudge * r.size)));
    CHECK_FALSE(out.intersecting);
    CHECK(out.distance == Approx(nudge * r.size).epsilon(1e-3));
    CHECK(in.intersecting);
    CHECK(in.depth == Approx(nudge * r.size).epsilon(1e-3));
    ++checked;
  });
  std::printf("depth checks: %d pairs\n", checked);
  CHECK(checked > 100);
}

TEST_CASE("distance equals the brute-force feature distance", "[reference][random]") {
  int checked = 0;
  for_each_small_pair([&](const pairs::Pair& p, const std::vector<dvec3>& a,
                          const std::vector<dvec3>& b, const ref::Answer& r) {
    if (r.intersecting) return;
    const double brute = brute_distance(world_faces(p.a, p.pose_a), world_faces(p.b, p.pose_b));
    // A flat D (coplanar polygons) is taken as a slab as thick as its
    // points' spread, which is up to tol::flat of its size in float.
    const double eps = (r.flat ? std::max(1e-9, double(tol::flat)) : 1e-9) * r.size;
    CHECK(std::abs(r.distance - brute) <= eps);
    const ref::Answer touch = ref::minkowski(a, shifted(b, -r.distance * r.axis));
    CHECK(touch.intersecting);
    CHECK(std::abs(touch.separation) <= eps);
    ++checked;
  });
  std::printf("distance checks: %d pairs\n", checked);
  CHECK(checked > 100);
}

TEST_CASE("shifted queries match a rebuild, and swapping A and B mirrors", "[reference][random]") {
  int checked = 0;
  for (pairs::Category c : small_categories)
    for (std::uint64_t seed = 0; seed < 10; ++seed) {
      const pairs::Pair p = pairs::make_pair(c, seed);
      const std::vector<dvec3> a = ref::world_points(p.a, p.pose_a);
      const std::vector<dvec3> b = ref::world_points(p.b, p.pose_b);
      const ref::Difference d = ref::Difference::build(a, b);
      INFO(p.name());
      REQUIRE(d.ok());
      const dvec3 shift = glm::normalize(dvec3(1, -2, 3)) * (0.01 * d.size());
      const ref::Answer moved = d.query(shift), rebuilt = ref::minkowski(a, shifted(b, shift));
      CHECK(moved.intersecting == rebuilt.intersecting);
      CHECK(std::abs(moved.separation - rebuilt.separation) <= 1e-9 * d.size());
      const ref::Answer r = d.query(), m = ref::minkowski(b, a);
      CHECK(r.intersecting == m.intersecting);
      CHECK(std::abs(r.separation - m.separation) <= 1e-9 * d.size());
      if (!r.intersecting || (!r.flat && r.axis_gap > 1e-6 * r.size))
        CHECK(near(r.axis, -m.axis, 1e-6));
      ++checked;
    }
  CHECK(checked == 10 * int(std::size(small_categories)));
}
