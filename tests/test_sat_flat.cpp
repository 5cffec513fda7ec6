// SAT between two flat polygons of a few corners (triangles, quads, up to
// 16 corners: the pairs sat/flat.cpp measures on their corners), against the
// Minkowski-difference reference and the every-axis SAT: crossing at random
// orientations, coplanar, touching, apart, far from the origin, tiny and
// huge. Polygons of 17 corners take the general query and are held to the
// same answers.
#include "pairs.hpp"
#include "reference.hpp"
#include "sat_reference.hpp"
#include "sepax/sat.hpp"
#include "test_util.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <string>
#include <vector>

using namespace sepax;
using glm::dvec3;
using test::is_double;

namespace {

constexpr double rel = is_double ? 1e-9 : 3e-5;
constexpr double mag_rel = 64 * std::numeric_limits<real>::epsilon();

/// A convex polygon of `corners` corners at random angles on an ellipse of
/// radii `scale` times 0.3 to 1, in the z = 0 plane; the first of its
/// corners is kept off the others so that the hull has them all.
Hull random_polygon(pairs::Rng& rng, int corners, double scale) {
  const double rx = rng.uniform(0.3, 1), ry = rng.uniform(0.3, 1);
  const double step = 2 * M_PI / corners;
  std::vector<vec3> points;
  for (int i = 0; i < corners; ++i) {
    const double angle = step * (i + rng.uniform(0.1, 0.9));
    points.push_back(vec3(dvec3(rx * std::cos(angle), ry * std::sin(angle), 0) * scale));
  }
  HullResult h = Hull::from_points(points);
  REQUIRE(h.ok());
  REQUIRE(h.hull.is_flat());
  REQUIRE(int(h.hull.vertex_count()) == corners);
  return std::move(h.hull);
}

Pose make_pose(const glm::dquat& q, const dvec3& t) {
  return pose_from_quat(vec3(t), quat(glm::normalize(q)));
}

const char* const placements[] = {"crossing", "coplanar", "touching", "apart",
                                  "far",      "tiny",     "huge"};

}  // namespace

TEST_CASE("two polygons of a few corners answer as the Minkowski reference and every axis",
          "[sat][flat][random]") {
  pairs::Rng rng(3);
  std::map<std::string, int> seen;
  const int count = is_double ? 2100 : 1050;
  for (int s = 0; s < count; ++s) {
    const std::string placement = placements[s % 7];
    const int shape = (s / 7) % 5;  // triangles, quads, a triangle and a quad, any, 17 corners
    const int na = shape == 0 || shape == 2 ? 3
                   : shape == 1             ? 4
                   : shape == 3             ? rng.integer(3, 16)
                                            : 17;
    const int nb = shape == 0                 ? 3
                   : shape == 1 || shape == 2 ? 4
                   : shape == 3               ? rng.integer(3, 16)
                                              : 17;
    const double scale = placement == "tiny" ? 1e-3 : placement == "huge" ? 1e3 : 1;
    const Hull a = random_polygon(rng, na, scale * rng.uniform(0.5, 1.5));
    const Hull b = random_polygon(rng, nb, scale * rng.uniform(0.5, 1.5));
    const dvec3 origin = placement == "far" ? rng.unit() * 1e4 : rng.unit() * scale;
    const glm::dquat qa = rng.rotation();
    const Pose pose_a = make_pose(qa, origin);
    Pose pose_b;
    if (placement == "coplanar") {
      // B in A's plane, turned about its normal, its centre 0.1 to 1.3 of
      // the two outer radii away.
      const glm::dquat qb = qa * glm::angleAxis(rng.uniform(0, 2 * M_PI), dvec3(0, 0, 1));
      const double angle = rng.uniform(0, 2 * M_PI);
      const double reach = (a.extent() + b.extent()) / 2 * rng.uniform(0.1, 1.3);
      pose_b = make_pose(qb, origin + qa * (dvec3(std::cos(angle), std::sin(angle), 0) * reach));
    } else {
      const double offset = placement == "apart" ? rng.uniform(0.5, 2) : rng.uniform(0, 0.4);
      pose_b = make_pose(rng.rotation(), origin + rng.unit() * offset * scale);
    }
    ref::Answer want = ref::minkowski(a, pose_a, b, pose_b);
    REQUIRE(want.ok);
    if (placement == "touching" && !want.flat) {
      // Moved along the reference's axis until the pair just touches.
      pose_b.translation -= vec3(want.axis * want.separation);
      want = ref::minkowski(a, pose_a, b, pose_b);
      REQUIRE(want.ok);
    }
    const sat::Result got = sat::query(a, pose_a, b, pose_b);
    const sat::Result mirror = sat::query(b, pose_b, a, pose_a);
    const sat::Result every = ref::sat_naive(a, pose_a, b, pose_b);
    const double magnitude =
        want.size + glm::length(dvec3(pose_a.translation)) + glm::length(dvec3(pose_b.translation));
    const double tolerance =
        rel * want.size + mag_rel * magnitude +
        test::conditioning_slack(pairs::Category::near_parallel_edges, a, pose_a, b, pose_b);
    INFO(placement << " " << na << " and " << nb << " corners, pair " << s << ": reference "
                   << want.separation << " got " << got.separation << " mirror "
                   << mirror.separation << " every axis " << every.separation << " feature "
                   << sat::to_string(got.feature.kind) << " tolerance " << tolerance);
    CHECK(std::isfinite(double(got.separation)));
    CHECK(double(mirror.separation) == Approx(double(got.separation)).margin(tolerance));
    if (want.separation < -tolerance) {  // overlapping: the exact depth, and its axis frees B
      CHECK(got.intersecting);
      CHECK(double(got.separation) == Approx(want.separation).margin(tolerance));
      CHECK(double(every.separation) == Approx(want.separation).margin(tolerance));
      Pose freed = pose_b;
      freed.translation -= got.axis * (got.separation - real(4 * tolerance));
      CHECK(ref::minkowski(a, pose_a, b, freed).separation > 0);
      seen[placement + " overlapping"]++;
    } else if (want.separation > tolerance) {  // apart: a positive lower bound of the distance
      CHECK_FALSE(got.intersecting);
      CHECK(got.separation > 0);
      CHECK(double(got.separation) <= want.separation + tolerance);
      CHECK(double(every.separation) >= double(got.separation) - tolerance);
      seen[placement + " apart"]++;
    } else {  // touching: within the band on either side
      CHECK(std::abs(double(got.separation)) <=
            tolerance + double(sat::touching_band(a, pose_a, b, pose_b)));
      seen[placement + " touching"]++;
    }
  }
  for (const auto& [what, n] : seen) INFO(what << ": " << n);
  CHECK(seen["crossing overlapping"] > 100);
  CHECK(seen["coplanar overlapping"] + seen["coplanar touching"] > 50);
  CHECK(seen["coplanar apart"] > 50);
  CHECK(seen["touching touching"] > 100);
  CHECK(seen["apart apart"] > 100);
  CHECK(seen["far overlapping"] > 50);
  CHECK(seen["tiny overlapping"] + seen["huge overlapping"] > 100);
}

TEST_CASE("a polygon parallel to a large hull's flat faces tests each hull edge once per edge",
          "[sat][flat]") {
  // A drum of 2 x 96 corners: its top and bottom faces are Gauss-map
  // vertices where the polygon's half-circle arcs (its normal to the
  // opposite one) begin and end, so that a walk across the drum's Gauss map
  // gives up and the polygon's edges are tested another way. The arc grid
  // lists an edge in every cell its arc passes through; a half circle's
  // cells are most of the grid and would list each edge many times over.
  std::vector<vec3> drum;
  for (int i = 0; i < 96; ++i)
    for (const double z : {-0.5, 0.5}) {
      const double angle = 2 * M_PI * (i + 0.25) / 96;
      drum.push_back(vec3(dvec3(std::cos(angle), std::sin(angle), z)));
    }
  HullResult h = Hull::from_points(drum);
  REQUIRE(h.ok());
  const Hull& a = h.hull;
  REQUIRE(a.arc_grid_size() > 0);
  pairs::Rng rng(29);
  int given_up = 0;
  for (int s = 0; s < 120; ++s) {
    const int corners = 3 + s % 6;
    const Hull b = random_polygon(rng, corners, rng.uniform(0.2, 0.8));
    // Level with the drum's faces: inside, in the top face's plane, just
    // above it; flipped or not, turned about z, off the axis.
    const double heights[] = {rng.uniform(-0.45, 0.45), 0.5, 0.5 + 1e-3};
    const double flip = s % 2 == 0 ? 0 : M_PI;
    const glm::dquat q = glm::angleAxis(rng.uniform(0, 2 * M_PI), dvec3(0, 0, 1)) *
                         glm::angleAxis(flip, dvec3(1, 0, 0));
    const Pose pose_a;
    const Pose pose_b =
        make_pose(q, dvec3(rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5), heights[(s / 6) % 3]));
    for (const bool b_first : {false, true}) {
      const sat::Result got = b_first ? sat::mirrored(sat::query(b, pose_b, a, pose_a))
                                      : sat::query(a, pose_a, b, pose_b);
      const sat::Result every = ref::sat_naive(a, pose_a, b, pose_b);
      INFO("pair " << s << (b_first ? " (polygon first)" : "") << ": got " << got.separation
                   << " every axis " << every.separation << ", " << got.counters.arc_tests
                   << " arc tests, " << got.counters.walks_given_up << " walks given up");
      // The drum is 2 across, its magnitude about 3 (the tolerances above).
      CHECK(double(got.separation) ==
            Approx(double(every.separation)).margin(2 * rel + 4 * mag_rel));
      // The walks' own tests, and at most every drum edge once per polygon
      // edge where they gave up.
      CHECK(got.counters.arc_tests <= 2 * corners * int(a.edge_count()));
      given_up += got.counters.walks_given_up;
    }
  }
  CHECK(given_up > 0);  // the case this test is about
}
