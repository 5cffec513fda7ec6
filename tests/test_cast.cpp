// Rays (cast.hpp): hand cases on a box, a flat polygon, spheres and
// capsules; the walk against the scan; seeded random rays against the entry
// of the ray into the brute-force hull (Qhull in double, every facet).
#include "sepax/cast.hpp"
#include "sepax/crosscheck.hpp"
#include "sepax/gjk_cast.hpp"
#include "sepax/mesh.hpp"
#include "sepax/sat.hpp"
#include "sepax/shapes.hpp"

#include <catch2/catch.hpp>

#include "fixtures.hpp"
#include "pairs.hpp"
#include "reference.hpp"
#include "test_util.hpp"

#include <cmath>
#include <cstdio>
#include <limits>
#include <vector>

using namespace sepax;
using namespace sepax::test;

namespace {

/// Absolute tolerance of the hand cases (unit-sized shapes).
const double hand = is_double ? 1e-12 : 2e-6;
/// Relative tolerance against the reference (of the path's length and the
/// shape's size, whichever is larger).
const double rel = is_double ? 1e-9 : 3e-5;

Ray ray(const vec3& origin, const vec3& translation, real max_fraction = 1) {
  return Ray{origin, translation, max_fraction};
}

void check_unit(const vec3& n) {
  CHECK(finite(n));
  CHECK(std::abs(double(glm::length(n)) - 1) < 1e-5);
}

}  // namespace

TEST_CASE("a ray against a box: faces, edges, vertices, misses, starts inside", "[cast]") {
  const Hull box = shapes::box(vec3(1));
  CastResult r = ray_cast(box, Pose{}, ray(vec3(-3, real(0.2), real(0.1)), vec3(4, 0, 0)));
  REQUIRE(r.status == CastStatus::hit);
  CHECK(r.fraction == Approx(0.5).margin(hand));
  CHECK(r.normal.x == Approx(-1));
  CHECK(r.point.x == Approx(-1).margin(hand));
  CHECK(r.feature.type == FeatureType::face);
  CHECK(box.planes()[r.feature.index].normal.x == Approx(-1));

  // Beside it, stopping short of it, leading away from it.
  CHECK(ray_cast(box, Pose{}, ray(vec3(-3, real(1.5), 0), vec3(4, 0, 0))).status ==
        CastStatus::missed);
  CHECK(ray_cast(box, Pose{}, ray(vec3(-3, 0, 0), vec3(1, 0, 0))).status == CastStatus::missed);
  CHECK(ray_cast(box, Pose{}, ray(vec3(-3, 0, 0), vec3(4, 0, 0), real(0.49))).status ==
        CastStatus::missed);
  CHECK(ray_cast(box, Pose{}, ray(vec3(-3, 0, 0), vec3(-4, 0, 0))).status == CastStatus::missed);

  // Through a vertex, and grazing an edge: closed sets, so they hit.
  r = ray_cast(box, Pose{}, ray(vec3(-3, -3, -3), vec3(4, 4, 4)));
  REQUIRE(r.status == CastStatus::hit);
  CHECK(r.fraction == Approx(0.5).margin(hand));
  r = ray_cast(box, Pose{}, ray(vec3(-3, 1, 1), vec3(4, 0, 0)));
  REQUIRE(r.status == CastStatus::hit);
  CHECK(r.fraction == Approx(0.5).margin(hand));
  CHECK(ray_cast(box, Pose{}, ray(vec3(-3, 1, real(1.0001)), vec3(4, 0, 0))).status ==
        CastStatus::missed);

  // From inside, and from the surface: overlapping, the way out.
  r = ray_cast(box, Pose{}, ray(vec3(real(0.6), real(0.1), 0), vec3(-4, 0, 0)));
  CHECK(r.status == CastStatus::overlapping);
  CHECK(r.fraction == 0);
  CHECK(r.normal.x == Approx(1));
  r = ray_cast(box, Pose{}, ray(vec3(-1, 0, 0), vec3(-4, 0, 0)));
  CHECK(r.status == CastStatus::overlapping);
  CHECK(r.normal.x == Approx(-1));

  // No motion: the static answer.
  CHECK(ray_cast(box, Pose{}, ray(vec3(real(0.5), 0, 0), vec3(0))).status ==
        CastStatus::overlapping);
  CHECK(ray_cast(box, Pose{}, ray(vec3(2, 0, 0), vec3(0))).status == CastStatus::missed);
}

TEST_CASE("a ray against a posed, scaled hull is the ray against its world copy", "[cast]") {
  const Hull box = shapes::box(vec3(1, 2, 3));
  Pose pose = at_deg(vec3(10, -5, 2), vec3(30, 45, 60));
  pose.scale = 2.5;
  // A ray aimed at the box's centre from 20 away enters where the pose puts
  // the face it meets; the point lies on that face's world plane.
  const vec3 dir = glm::normalize(vec3(1, real(0.3), real(-0.2)));
  const Ray r0 = ray(pose.translation - dir * real(20), dir * real(40));
  const CastResult r = ray_cast(box, pose, r0);
  REQUIRE(r.status == CastStatus::hit);
  const Plane& face = box.planes()[r.feature.index];
  const vec3 local = pose.apply_inverse(r.point);
  CHECK(double(face.distance(local)) == Approx(0).margin(1e3 * hand));
  CHECK(double(glm::dot(r.normal, pose.rotate(face.normal))) == Approx(1));
  CHECK(double(glm::dot(r.normal, dir)) < 0);
}

TEST_CASE("a ray against a flat polygon: through it, beside it, along its plane", "[cast]") {
  const Hull square = shapes::polygon(1, 4);  // corners on the unit circle, z = 0
  CastResult r = ray_cast(square, Pose{}, ray(vec3(real(0.1), real(0.2), 2), vec3(0, 0, -4)));
  REQUIRE(r.status == CastStatus::hit);
  CHECK(r.fraction == Approx(0.5).margin(hand));
  CHECK(r.normal.z == Approx(1));  // faces where the ray comes from
  r = ray_cast(square, Pose{}, ray(vec3(real(0.1), real(0.2), -2), vec3(0, 0, 4)));
  REQUIRE(r.status == CastStatus::hit);
  CHECK(r.normal.z == Approx(-1));
  CHECK(ray_cast(square, Pose{}, ray(vec3(real(0.9), real(0.9), 2), vec3(0, 0, -4))).status ==
        CastStatus::missed);
  // In its plane, towards it: it meets the rim.
  r = ray_cast(square, Pose{}, ray(vec3(-3, 0, 0), vec3(4, 0, 0)));
  REQUIRE(r.status == CastStatus::hit);
  CHECK(r.fraction == Approx(0.5).margin(hand));
  CHECK(r.feature.type == FeatureType::edge);
  CHECK(double(r.normal.z) == Approx(0).margin(hand));
  CHECK(r.normal.x < 0);
}

TEST_CASE("rays against spheres and capsules", "[cast]") {
  const convex::Sphere s = convex::sphere(vec3(1, 0, 0), real(0.5));
  CastResult r = ray_cast(s, Pose{}, ray(vec3(-2, 0, 0), vec3(4, 0, 0)));
  REQUIRE(r.status == CastStatus::hit);
  CHECK(r.fraction == Approx(0.625).margin(hand));
  CHECK(r.normal.x == Approx(-1));
  CHECK(ray_cast(s, Pose{}, ray(vec3(-2, real(0.6), 0), vec3(4, 0, 0))).status ==
        CastStatus::missed);
  r = ray_cast(s, Pose{}, ray(vec3(real(1.2), 0, 0), vec3(4, 0, 0)));
  CHECK(r.status == CastStatus::overlapping);
  CHECK(r.normal.x == Approx(1));
  // Posed and scaled: radius 0.5 * 2 about (3, 0, 0).
  Pose pose = at_deg(vec3(2, 0, 0), vec3(0, 0, 90));
  pose.scale = 2;
  r = ray_cast(convex::sphere(vec3(0), real(0.5)), pose, ray(vec3(-2, 0, 0), vec3(4, 0, 0)));
  REQUIRE(r.status == CastStatus::hit);
  CHECK(r.fraction == Approx(0.75).margin(hand));

  const convex::Capsule c = convex::capsule(vec3(0, -1, 0), vec3(0, 1, 0), real(0.25));
  r = ray_cast(c, Pose{}, ray(vec3(-2, real(0.3), 0), vec3(4, 0, 0)));  // the cylinder
  REQUIRE(r.status == CastStatus::hit);
  CHECK(r.fraction == Approx(1.75 / 4).margin(hand));
  CHECK(r.feature == FeatureRef{FeatureType::edge, 0});
  r = ray_cast(c, Pose{}, ray(vec3(0, 3, 0), vec3(0, -4, 0)));  // the upper cap, head on
  REQUIRE(r.status == CastStatus::hit);
  CHECK(r.fraction == Approx(1.75 / 4).margin(hand));
  CHECK(r.feature == FeatureRef{FeatureType::vertex, 1});
  CHECK(r.normal.y == Approx(1));
  r = ray_cast(c, Pose{}, ray(vec3(real(0.1), 0, 0), vec3(0, 0, 1)));
  CHECK(r.status == CastStatus::overlapping);
  CHECK(r.normal.x == Approx(1));
  CHECK(ray_cast(c, Pose{}, ray(vec3(-2, real(1.3), 0), vec3(4, 0, 0))).status ==
        CastStatus::missed);
}

TEST_CASE("rays and bad input: a status, never NaN", "[cast]") {
  const Hull box = shapes::box(vec3(1));
  const real nan = std::numeric_limits<real>::quiet_NaN();
  CHECK(ray_cast(box, Pose{}, ray(vec3(nan, 0, 0), vec3(1, 0, 0))).status == CastStatus::bad_input);
  CHECK(ray_cast(box, Pose{}, ray(vec3(0), vec3(1, 0, 0), -1)).status == CastStatus::bad_input);
  CHECK(ray_cast(Hull{}, Pose{}, ray(vec3(0), vec3(1, 0, 0))).status == CastStatus::bad_input);
  Pose bad;
  bad.translation.x = nan;
  CHECK(ray_cast(box, bad, ray(vec3(0), vec3(1, 0, 0))).status == CastStatus::bad_input);
  CHECK(ray_cast(convex::sphere(vec3(0), nan), Pose{}, ray(vec3(0), vec3(1, 0, 0))).status ==
        CastStatus::bad_input);
  // A path of 1e8 sizes: a small fraction, still exact.
  const CastResult far = ray_cast(box, Pose{}, ray(vec3(-3, 0, 0), vec3(real(1e8), 0, 0)));
  REQUIRE(far.status == CastStatus::hit);
  CHECK(double(far.fraction) == Approx(2e-8).epsilon(1e-6));
}

TEST_CASE("the walk finds the scan's entry face on large hulls, visiting few faces",
          "[cast][random]") {
  pairs::Rng rng(404);
  int hits = 0, misses = 0, inside = 0;
  long walked = 0, faces = 0;
  for (int s = 0; s < 60; ++s) {
    const int n = 32 << (s % 8);  // 32 to 4096 vertices
    const Hull hull = shapes::random_hull(n, 1, std::uint64_t(500 + s));
    for (int k = 0; k < 40; ++k) {
      const vec3 from = to_real(rng.unit() * rng.uniform(0.5, 4));
      const vec3 to = to_real(rng.unit() * rng.uniform(0, 1.3));
      const Ray r = ray(from, (to - from) * real(rng.uniform(0.5, 2)));
      const CastResult walk = ray_cast(hull, Pose{}, r);
      const CastResult scan = ray_cast_scan(hull, Pose{}, r);
      INFO("n " << n << " ray " << k);
      REQUIRE(walk.status == scan.status);
      if (walk.status == CastStatus::hit) {
        ++hits;
        CHECK(double(walk.fraction) == Approx(double(scan.fraction)).margin(rel));
        walked += walk.iterations;
        faces += long(hull.face_count());
      }
      misses += walk.status == CastStatus::missed;
      inside += walk.status == CastStatus::overlapping;
    }
  }
  std::printf("ray walk: %d hits, %d misses, %d inside; %.1f%% of the faces visited per hit\n",
              hits, misses, inside, 100.0 * double(walked) / double(std::max(faces, 1L)));
  CHECK(hits > 500);
  CHECK(misses > 300);
  CHECK(inside > 100);
  CHECK(walked * 10 < faces);
}

TEST_CASE("random rays against the brute-force hull: hits, grazes, near misses, starts inside",
          "[cast][random]") {
  // Every category of pair the tests know, hull A only: the ray is a moving
  // point, so the reference is the entry of its path into A's Qhull hull.
  int hit = 0, missed = 0, overlapping = 0, near_miss = 0, graze = 0;
  pairs::Rng rng(77);
  for (pairs::Category category : pairs::all_categories()) {
    const int count = category == pairs::Category::large_hulls ? 4 : 60;
    for (int s = 0; s < count; ++s) {
      const pairs::Pair pair = pairs::make_pair(category, std::uint64_t(900 + s));
      if (pair.a.is_flat()) continue;  // flat hulls: the hand cases above
      const std::vector<ref::dvec3> a = ref::world_points(pair.a, pair.pose_a);
      const double size = pair.a.extent() * pair.pose_a.scale;
      const glm::dvec3 centre = glm::dvec3(pair.pose_a.apply(pair.a.centroid()));
      for (int k = 0; k < 12; ++k) {
        const glm::dvec3 from = centre + rng.unit() * size * rng.uniform(0.2, 3);
        glm::dvec3 aim = centre + rng.unit() * size * rng.uniform(0, 0.8);
        const glm::dvec3 d = (aim - from) * rng.uniform(0.3, 3);
        const Ray r = ray(to_real(from), to_real(d));
        const glm::dvec3 origin(r.origin), dir(r.translation);
        const ref::Difference diff = ref::Difference::build(a, {origin});
        const ref::Difference::Entry want = diff.entry(dir);
        if (!want.ok) continue;
        const CastResult got = ray_cast(pair.a, pair.pose_a, r);
        const double length = glm::length(dir);
        const double magnitude = size + glm::length(origin) + length;
        const double band = rel * magnitude / std::max(length, 1e-300);  // in fractions
        INFO(pair.name() << " ray " << k << " want enter " << want.enter << " leave " << want.leave
                         << " got " << to_string(got.status) << " " << got.fraction);
        check_unit(got.normal);
        const bool clear_hit = want.meets && want.enter > band && want.enter < 1 - band &&
                               want.leave - want.enter > band;
        const bool clear_miss = !want.meets || want.enter > 1 + band || want.leave < -band ||
                                (want.meets && want.leave - want.enter < -band);
        const bool clear_inside = want.meets && want.enter < -band && want.leave > band;
        if (clear_hit) {
          CHECK(got.status == CastStatus::hit);
          CHECK(double(got.fraction) == Approx(want.enter).margin(band));
          ++hit;
          if (want.leave - want.enter < 1e-3) ++graze;
        } else if (clear_inside) {
          CHECK(got.status == CastStatus::overlapping);
          ++overlapping;
        } else if (clear_miss) {
          CHECK(got.status == CastStatus::missed);
          ++missed;
        }
      }
      // A near miss by 1e-7 of the size: beside the hull, parallel to a face.
      const Plane& plane = pair.a.planes()[0];
      const vec3 n = pair.pose_a.rotate(plane.normal);
      const vec3 on =
          pair.pose_a.apply(pair.a.vertices()[pair.a.half_edges()[pair.a.faces()[0].edge].origin]);
      const vec3 along = glm::normalize(glm::cross(n, vec3(real(0.3), real(0.5), real(0.7))));
      const real lift = real(is_double ? 1e-7 : 1e-3) * real(size);
      const Ray beside = ray(on + n * lift - along * real(3 * size), along * real(6 * size));
      if (ray_cast(pair.a, pair.pose_a, beside).status == CastStatus::missed) ++near_miss;
    }
  }
  std::printf("rays: %d hits (%d grazing), %d missed, %d inside, %d near misses missed\n", hit,
              graze, missed, overlapping, near_miss);
  CHECK(hit > 1000);
  CHECK(missed > 300);
  CHECK(overlapping > 100);
  CHECK(near_miss > 100);
}

TEST_CASE("sat::shape_cast: faces, crossing edges, misses, starts overlapping", "[cast][sat]") {
  const Hull box = shapes::box(vec3(1));
  // Face on face: B's +x face reaches A's -x face at B.x = -2.
  CastResult r = sat::shape_cast(box, Pose{}, box, at(-5, real(0.3), 0), vec3(10, 0, 0));
  REQUIRE(r.status == CastStatus::hit);
  CHECK(r.fraction == Approx(0.3).margin(hand));
  CHECK(r.normal.x == Approx(-1));
  CHECK(r.point.x == Approx(-1).margin(hand));
  // Stopping short, passing beside, leading away.
  CHECK(sat::shape_cast(box, Pose{}, box, at(-5, 0, 0), vec3(10, 0, 0), real(0.29)).status ==
        CastStatus::missed);
  CHECK(sat::shape_cast(box, Pose{}, box, at(-5, real(2.1), 0), vec3(10, 0, 0)).status ==
        CastStatus::missed);
  CHECK(sat::shape_cast(box, Pose{}, box, at(-5, 0, 0), vec3(-10, 0, 0)).status ==
        CastStatus::missed);
  // Grazing: sliding along A's top face plane, touching it.
  r = sat::shape_cast(box, Pose{}, box, at(-5, 2, 0), vec3(10, 0, 0));
  REQUIRE(r.status == CastStatus::hit);
  CHECK(r.fraction == Approx(0.3).margin(hand));
  // Crossed edges: A turned 45 degrees about z, B about y, B moving -x.
  r = sat::shape_cast(box, at_deg(vec3(0), vec3(0, 0, 45)), box,
                      at_deg(vec3(6, 0, 0), vec3(0, 45, 0)), vec3(-6, 0, 0));
  REQUIRE(r.status == CastStatus::hit);
  CHECK(double(r.fraction) == Approx((6 - 2 * std::sqrt(2.0)) / 6).margin(hand));
  CHECK(r.normal.x == Approx(1));
  CHECK(r.feature.type == FeatureType::edge);
  // Two triangles in one plane, B sliding in it onto A: the plane's normal
  // touches all along the path; the normal is the in-plane axis the path
  // enters through, not the plane's normal it ties at contact.
  const std::vector<vec3> tri_a{vec3(0, 0, 0), vec3(1, 0, 0), vec3(0, 1, 0)};
  const std::vector<vec3> tri_b{vec3(2, 0, 0), vec3(3, 0, 0), vec3(2, 1, 0)};
  const Hull flat_a = Hull::from_points(tri_a).hull, flat_b = Hull::from_points(tri_b).hull;
  r = sat::shape_cast(flat_a, Pose{}, flat_b, Pose{}, vec3(-4, 0, 0));
  REQUIRE(r.status == CastStatus::hit);
  CHECK(r.fraction == Approx(0.25).margin(hand));
  CHECK(r.normal.z == Approx(0).margin(hand));
  CHECK(r.normal.x > real(0.7));
  // Starting overlapping or touching: fraction 0 and the way out.
  r = sat::shape_cast(box, Pose{}, box, at(real(1.5), 0, 0), vec3(10, 0, 0));
  CHECK(r.status == CastStatus::overlapping);
  CHECK(r.fraction == 0);
  CHECK(r.normal.x == Approx(1));
  CHECK(sat::shape_cast(box, Pose{}, box, at(2, 0, 0), vec3(-1, 0, 0)).status ==
        CastStatus::overlapping);
  // A target separation: stop 0.25 short.
  r = sat::shape_cast(box, Pose{}, box, at(-5, 0, 0), vec3(10, 0, 0), 1, real(0.25));
  REQUIRE(r.status == CastStatus::hit);
  CHECK(r.fraction == Approx(0.275).margin(hand));
  // No motion: the static answer.
  CHECK(sat::shape_cast(box, Pose{}, box, at(3, 0, 0), vec3(0)).status == CastStatus::missed);
  // A path of 1000 sizes.
  r = sat::shape_cast(box, Pose{}, box, at(-2000, 0, 0), vec3(4000, 0, 0));
  REQUIRE(r.status == CastStatus::hit);
  CHECK(double(r.fraction) == Approx(0.4995).margin(hand * 1e3));
  // Bad input.
  CHECK(sat::shape_cast(box, Pose{}, box, at(-5, 0, 0),
                        vec3(std::numeric_limits<real>::quiet_NaN(), 0, 0))
            .status == CastStatus::bad_input);
  CHECK(sat::shape_cast(Hull{}, Pose{}, box, at(-5, 0, 0), vec3(1, 0, 0)).status ==
        CastStatus::bad_input);
}

TEST_CASE("sat::shape_cast against the path's entry into the brute-force Minkowski difference",
          "[cast][sat][random]") {
  int hit = 0, missed = 0, overlapping = 0, graze = 0, near_miss = 0, steps = 0, casts = 0;
  int by_kind[3] = {0, 0, 0};  // face_a/edge_normal_a, face_b/edge_normal_b (vertex of A), edges
  pairs::Rng rng(31);
  for (pairs::Category category : pairs::all_categories()) {
    const int count = category == pairs::Category::large_hulls ? 4 : 50;
    for (int s = 0; s < count; ++s) {
      const pairs::Pair pair = pairs::make_pair(category, std::uint64_t(1200 + s));
      const double size =
          std::max(pair.a.extent() * pair.pose_a.scale, pair.b.extent() * pair.pose_b.scale);
      const std::vector<ref::dvec3> a = ref::world_points(pair.a, pair.pose_a);
      for (int k = 0; k < 6; ++k) {
        // B backed off along a random direction, then cast back past A.
        const glm::dvec3 back = rng.unit() * size * rng.uniform(0.1, 3);
        const glm::dvec3 aim = rng.unit() * size * rng.uniform(0, 0.7);
        Pose start = pair.pose_b;
        start.translation += to_real(back);
        const glm::dvec3 d = (aim - back) * rng.uniform(0.5, 2.5);
        const vec3 dr = to_real(d);
        const ref::Difference diff = ref::Difference::build(a, ref::world_points(pair.b, start));
        const ref::Difference::Entry want = diff.entry(glm::dvec3(dr));
        if (!want.ok) continue;
        const CastResult got = sat::shape_cast(pair.a, pair.pose_a, pair.b, start, dr);
        ++casts;
        steps += got.iterations;
        const double length = glm::length(glm::dvec3(dr));
        const double magnitude = size + glm::length(glm::dvec3(start.translation)) +
                                 glm::length(glm::dvec3(pair.pose_a.translation)) + length;
        const double band = (rel * magnitude + (is_double ? 1e-9 : 1e-4) * size) / length;
        INFO(pair.name() << " cast " << k << " want enter " << want.enter << " leave " << want.leave
                         << " got " << to_string(got.status) << " " << got.fraction << " after "
                         << got.iterations);
        check_unit(got.normal);
        CHECK(got.status != CastStatus::max_iterations);
        const bool clear_hit = want.meets && want.enter > band && want.enter < 1 - band;
        const bool clear_miss = !want.meets || want.enter > 1 + band || want.leave < -band ||
                                want.leave - want.enter < -band;
        const bool clear_inside = want.meets && want.enter < -band && want.leave > band;
        if (clear_hit) {
          CHECK(got.status == CastStatus::hit);
          CHECK(double(got.fraction) == Approx(want.enter).margin(band));
          if (want.leave - want.enter > band)
            CHECK(glm::dot(glm::dvec3(got.normal), want.normal) > 0.99);
          ++hit;
          if (want.leave - want.enter < 1e-3) ++graze;
          ++by_kind[got.feature.type == FeatureType::face     ? 0
                    : got.feature.type == FeatureType::vertex ? 1
                                                              : 2];
        } else if (clear_inside) {
          CHECK(got.status == CastStatus::overlapping);
          ++overlapping;
        } else if (clear_miss) {
          CHECK(got.status == CastStatus::missed);
          ++missed;
        }
      }
      // A near miss: B slides past A 1e-7 of the size beyond SAT's axis.
      const sat::Result r = sat::query(pair.a, pair.pose_a, pair.b, pair.pose_b);
      if (!r.intersecting && r.separation < (is_double ? 1e-3 : 3e-2) * size) {
        Pose start = pair.pose_b;
        start.translation += r.axis * real((is_double ? 1e-7 : 1e-3) * size);
        const vec3 across =
            glm::normalize(glm::cross(r.axis, vec3(real(0.3), real(0.5), real(0.7))));
        start.translation -= across * real(3 * size);
        // The axis's gap stays above 0 all along the path: it must miss.
        CHECK(sat::shape_cast(pair.a, pair.pose_a, pair.b, start, across * real(6 * size)).status ==
              CastStatus::missed);
        ++near_miss;
      }
    }
  }
  std::printf(
      "shape casts: %d hits (%d grazing; %d on a face of A, %d on a vertex of A, %d edge "
      "pairs), %d missed, %d overlapping, %d near misses; %.2f SAT queries a cast\n",
      hit, graze, by_kind[0], by_kind[1], by_kind[2], missed, overlapping, near_miss,
      double(steps) / std::max(casts, 1));
  CHECK(hit > 1000);
  CHECK(missed > 300);
  CHECK(overlapping > 50);
  CHECK(by_kind[0] > 100);
  CHECK(by_kind[1] > 100);
  CHECK(by_kind[2] > 50);
  CHECK(near_miss > 20);
}

TEST_CASE("gjk::shape_cast and gjk::ray_cast agree with the exact casts", "[cast][gjk][random]") {
  // The GJK road against SAT's exact cast on random pairs of every category,
  // and GJK's ray against the hull's clipping.
  int hits = 0, agree_miss = 0, overlaps = 0, rays = 0;
  long support_points = 0;
  pairs::Rng rng(53);
  for (pairs::Category category : pairs::all_categories()) {
    const int count = category == pairs::Category::large_hulls ? 3 : 30;
    for (int s = 0; s < count; ++s) {
      const pairs::Pair pair = pairs::make_pair(category, std::uint64_t(1500 + s));
      const double size =
          std::max(pair.a.extent() * pair.pose_a.scale, pair.b.extent() * pair.pose_b.scale);
      for (int k = 0; k < 4; ++k) {
        Pose start = pair.pose_b;
        start.translation += to_real(rng.unit() * size * rng.uniform(0.1, 2));
        const vec3 d = to_real((rng.unit() * size * rng.uniform(0, 0.6) -
                                glm::dvec3(start.translation - pair.pose_b.translation)) *
                               rng.uniform(0.5, 2));
        const CastResult exact = sat::shape_cast(pair.a, pair.pose_a, pair.b, start, d);
        const CastResult road = gjk::shape_cast(pair.a, pair.pose_a, pair.b, start, d);
        support_points += road.iterations;
        const double length = glm::length(glm::dvec3(d));
        const double magnitude = size + glm::length(glm::dvec3(start.translation)) +
                                 glm::length(glm::dvec3(pair.pose_a.translation)) + length;
        const double band = (rel * magnitude + (is_double ? 1e-9 : 1e-4) * size) / length;
        INFO(pair.name() << " cast " << k << " exact " << to_string(exact.status) << " "
                         << exact.fraction << " gjk " << to_string(road.status) << " "
                         << road.fraction);
        CHECK(road.status != CastStatus::max_iterations);
        check_unit(road.normal);
        if (exact.status == CastStatus::hit && exact.fraction > band && exact.fraction < 1 - band) {
          CHECK(road.status == CastStatus::hit);
          CHECK(double(road.fraction) == Approx(double(exact.fraction)).margin(band));
          CHECK(double(road.fraction) <= double(exact.fraction) + band);  // never past it
          ++hits;
        } else if (exact.status == CastStatus::overlapping) {
          // Within the touching bands the two may call it a hit at 0.
          if (road.status != CastStatus::hit) CHECK(road.status == CastStatus::overlapping);
          ++overlaps;
        } else if (exact.status == CastStatus::missed) {
          // A graze within round-off may go either way.
          if (road.status == CastStatus::hit) {
            const sat::Result at_hit = sat::query(
                pair.a, pair.pose_a, pair.b,
                Pose{start.rotation, start.translation + road.fraction * d, start.scale});
            CHECK(double(at_hit.separation) <= rel * magnitude);
          } else {
            CHECK(road.status == CastStatus::missed);
            ++agree_miss;
          }
        }
      }
      // A ray from outside A towards its centroid.
      const vec3 from = to_real(glm::dvec3(pair.pose_a.apply(pair.a.centroid())) +
                                rng.unit() * size * rng.uniform(1, 3));
      const Ray r = ray(from, (pair.pose_a.apply(pair.a.centroid()) - from) * real(2));
      const CastResult clip = ray_cast(pair.a, pair.pose_a, r);
      const CastResult walk = gjk::ray_cast(convex::posed(pair.a, pair.pose_a), r);
      REQUIRE(clip.status == walk.status);
      if (clip.status == CastStatus::hit) {
        const double band =
            rel * (size + glm::length(glm::dvec3(from))) / glm::length(glm::dvec3(r.translation));
        CHECK(double(walk.fraction) == Approx(double(clip.fraction)).margin(band));
        ++rays;
      }
    }
  }
  std::printf(
      "gjk casts: %d hits, %d misses, %d overlapping agree with sat::shape_cast; %d rays "
      "with ray_cast; %.1f support points a cast\n",
      hits, agree_miss, overlaps, rays,
      double(support_points) / double(std::max(hits + agree_miss + overlaps, 1)));
  CHECK(hits > 300);
  CHECK(agree_miss > 100);
  CHECK(overlaps > 20);
  CHECK(rays > 300);
}

TEST_CASE("gjk::shape_cast of spheres and capsules: the first t at their distance",
          "[cast][gjk][random]") {
  // The distance along a straight path is convex in t, so the cast is right
  // when the distance at its fraction is the target and the shapes were
  // farther apart just before.
  const Hull hull = shapes::random_hull(48, 1, 8);
  const Pose pose_a = at_deg(vec3(real(0.2), real(-0.1), real(0.3)), vec3(10, 20, 30));
  pairs::Rng rng(61);
  int hits = 0;
  for (int k = 0; k < 300; ++k) {
    const vec3 c = to_real(rng.unit() * rng.uniform(2, 4));
    const real radius = real(rng.uniform(0.05, 0.5));
    const vec3 d =
        to_real((rng.unit() * rng.uniform(0, 0.8) - glm::dvec3(c)) * rng.uniform(0.5, 2));
    const convex::Capsule cap =
        convex::capsule(c, c + to_real(rng.unit() * rng.uniform(0, 0.6)), radius);
    const auto a = convex::posed(hull, pose_a);
    const CastResult r =
        k % 2 ? gjk::shape_cast(a, cap, d) : gjk::shape_cast(a, convex::sphere(c, radius), d);
    REQUIRE(r.status != CastStatus::max_iterations);
    if (r.status != CastStatus::hit) continue;
    ++hits;
    const auto moved = [&](real t) {
      convex::Capsule m = cap;
      m.core.p0 += t * d, m.core.p1 = (k % 2 ? cap.core.p1 : cap.core.p0) + t * d;
      return m;
    };
    const double at = double(gjk::distance(a, moved(r.fraction)).distance);
    const double before = double(gjk::distance(a, moved(r.fraction * real(0.999))).distance);
    CHECK(at == Approx(0).margin(is_double ? 1e-9 : 1e-4));
    CHECK(before > 0);
  }
  CHECK(hits > 50);
}

TEST_CASE("time of impact: never past the first contact, thin walls and fast spins",
          "[cast][gjk][random]") {
  // Random sweeps against dense sampling: no contact at any sampled t
  // before the reported one (the exact static query), contact within the
  // tolerance at it; and a missed sweep has no contact at any sample.
  pairs::Rng rng(71);
  int hits = 0, missed = 0, spins = 0;
  long steps = 0;
  for (int k = 0; k < 120; ++k) {
    const bool wall = k % 2 == 0;
    const Hull a =
        wall ? shapes::box(vec3(real(0.005), 2, 2)) : shapes::random_hull(24, 1, 900 + k);
    const Hull b = k % 3 == 0 ? shapes::box(vec3(real(1), real(0.05), real(0.05)))  // a plank
                              : shapes::random_hull(16, real(0.3), 700 + k);
    const Sweep sa{Pose{}, Pose{}};
    Sweep sb;
    sb.start = pose_from_quat(to_real(glm::dvec3(-4, rng.uniform(-1, 1), rng.uniform(-1, 1))),
                              quat(rng.rotation()));
    // A third of the sweeps pass above A, most of which miss it.
    const double lift = k % 3 == 2 ? 3.5 : 0;
    sb.end = pose_from_quat(to_real(glm::dvec3(4, lift + rng.uniform(-1, 1), rng.uniform(-1, 1))),
                            quat(rng.rotation()));
    sb.start.translation.y += real(lift);
    if (k % 4 == 1) {  // a fast spin: most of a turn, about a random axis
      const quat turn = glm::angleAxis(real(rng.uniform(2, 3.1)), vec3(to_real(rng.unit())));
      sb.end.rotation = glm::mat3_cast(turn) * sb.start.rotation;
      ++spins;
    }
    const CastResult r = gjk::time_of_impact(a, sa, b, sb);
    INFO("sweep " << k << " " << to_string(r.status) << " at " << r.fraction);
    REQUIRE(r.status != CastStatus::bad_input);
    steps += r.iterations;
    const real end = r.status == CastStatus::missed ? real(1) : r.fraction;
    for (int i = 0; i < 400; ++i) {
      const real t = end * real(i) / real(400);
      CHECK_FALSE(sat::intersect(a, sa.at(t), b, sb.at(t)));
    }
    if (r.status == CastStatus::hit) {
      ++hits;
      const double size = std::min(a.extent(), b.extent());
      const double gap = gjk::distance(a, sa.at(r.fraction), b, sb.at(r.fraction)).distance;
      CHECK(gap <= double(tol::toi) * size * 1.01 + 1e-12);
    } else {
      CHECK(r.status == CastStatus::missed);
      ++missed;
    }
  }
  std::printf("time of impact: %d hits, %d missed (%d fast spins), %.1f steps a sweep\n", hits,
              missed, spins, double(steps) / 120);
  CHECK(hits > 30);
  CHECK(missed > 5);
}

TEST_CASE("time of impact: a box at 200 m/s stops at a 1 cm wall", "[cast][gjk]") {
  const Hull wall = shapes::box(vec3(real(0.005), 1, 1));
  const Hull bullet = shapes::box(vec3(real(0.05)));
  const Sweep still{Pose{}, Pose{}};
  const Sweep frame{at(-2, 0, 0), at(real(-2 + 200.0 / 60), 0, 0)};  // one 60 Hz step
  const CastResult r = gjk::time_of_impact(wall, still, bullet, frame);
  REQUIRE(r.status == CastStatus::hit);
  const double x = -2 + 200.0 / 60 * double(r.fraction);  // the bullet's centre at impact
  CHECK(x == Approx(-0.055).margin(1e-5));
  CHECK(r.normal.x == Approx(-1));
  // The same with linear motion only: the exact cast agrees.
  const CastResult lin = sat::shape_cast(wall, Pose{}, bullet, frame.start,
                                         frame.end.translation - frame.start.translation);
  REQUIRE(lin.status == CastStatus::hit);
  CHECK(double(r.fraction) <= double(lin.fraction));
  CHECK(double(r.fraction) == Approx(double(lin.fraction)).margin(1e-5));
}

namespace {

/// The nearest triangle a ray meets, by scanning every one in double
/// (Möller and Trumbore 1997, barycentric bounds with no slack).
double brute_ray(const TriangleMesh& m, const glm::dvec3& o, const glm::dvec3& d, double limit) {
  double best = std::numeric_limits<double>::infinity();
  for (index_t i = 0; i < index_t(m.triangle_count()); ++i) {
    const convex::Triangle t = m.triangle(i);
    const glm::dvec3 p0(t.p[0]), e1 = glm::dvec3(t.p[1]) - p0, e2 = glm::dvec3(t.p[2]) - p0;
    const glm::dvec3 h = glm::cross(d, e2);
    const double det = glm::dot(e1, h);
    if (det == 0) continue;
    const glm::dvec3 s = o - p0;
    const double u = glm::dot(s, h) / det;
    const glm::dvec3 q = glm::cross(s, e1);
    const double v = glm::dot(d, q) / det, w = glm::dot(e2, q) / det;
    if (u < 0 || v < 0 || u + v > 1 || w < 0 || w > limit) continue;
    best = std::min(best, w);
  }
  return best;
}

}  // namespace

TEST_CASE("rays against meshes: the nearest triangle, shared edges, back faces",
          "[cast][mesh][random]") {
  // A flat grid of 2 x 2 triangles a square: rays straight down through
  // every shared edge and corner meet it.
  std::vector<vec3> grid;
  std::vector<std::array<index_t, 3>> tris;
  const int n = 8;
  for (int j = 0; j <= n; ++j)
    for (int i = 0; i <= n; ++i) grid.emplace_back(real(i), real(j), 0);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      const index_t a = index_t(j * (n + 1) + i), b = a + 1, c = a + n + 1, d = c + 1;
      tris.push_back({a, b, d});
      tris.push_back({a, d, c});
    }
  const TriangleMesh floor = TriangleMesh::from_triangles(std::span<const vec3>(grid), tris).mesh;
  int through = 0;
  for (int j = 0; j <= 2 * n; ++j)
    for (int i = 0; i <= 2 * n; ++i) {
      const Ray down = ray(vec3(real(0.5) * real(i), real(0.5) * real(j), 1), vec3(0, 0, -2));
      const CastResult r = mesh::ray_cast(floor, Pose{}, down);
      INFO("x " << 0.5 * i << " y " << 0.5 * j);
      REQUIRE(r.status == CastStatus::hit);
      CHECK(r.fraction == Approx(0.5).margin(hand));
      CHECK(r.normal.z == Approx(1));
      CHECK(r.feature.index == 0);
      ++through;
    }
  // From below: the back face, or nothing when back faces are culled.
  const Ray up = ray(vec3(real(2.3), real(3.7), -1), vec3(0, 0, 2));
  CastResult r = mesh::ray_cast(floor, Pose{}, up);
  REQUIRE(r.status == CastStatus::hit);
  CHECK(r.feature.index == 1);
  CHECK(r.normal.z == Approx(-1));
  CHECK(mesh::ray_cast(floor, Pose{}, up, true).status == CastStatus::missed);

  // Random rays against a torus and against hulls' surfaces: the scan's
  // nearest triangle, and the hull's own ray cast from outside.
  const test::Soup soup = test::torus(1, real(0.3), 48, 24);
  const TriangleMesh torus =
      TriangleMesh::from_triangles(std::span<const vec3>(soup.vertices), soup.triangles).mesh;
  pairs::Rng rng(91);
  int hits = 0, misses = 0, same_as_hull = 0;
  for (int k = 0; k < 2000; ++k) {
    const glm::dvec3 from = rng.unit() * rng.uniform(1.5, 3);
    const glm::dvec3 to = rng.unit() * rng.uniform(0, 1.3);
    const Ray rr = ray(to_real(from), to_real((to - from) * 1.5));
    const CastResult got = mesh::ray_cast(torus, Pose{}, rr);
    const double want = brute_ray(torus, glm::dvec3(rr.origin), glm::dvec3(rr.translation), 1);
    INFO("ray " << k << " want " << want << " got " << got.fraction);
    if (std::isinf(want)) {
      CHECK(got.status == CastStatus::missed);
      ++misses;
    } else {
      REQUIRE(got.status == CastStatus::hit);
      CHECK(double(got.fraction) == Approx(want).margin(rel));
      ++hits;
    }
  }
  for (int s = 0; s < 30; ++s) {
    const Hull h = shapes::random_hull(16 + 20 * s, 1, std::uint64_t(40 + s));
    const TriangleMesh m = surface_of(h);
    const Pose pose = at_deg(vec3(real(s), -3, 2), vec3(s * 7, s * 11, s * 13));
    for (int k = 0; k < 20; ++k) {
      const vec3 from = pose.translation + to_real(rng.unit() * 3.0);
      const Ray rr = ray(from, (pose.translation + to_real(rng.unit() * 0.8) - from) * real(2));
      const CastResult a = mesh::ray_cast(m, pose, rr), b = ray_cast(h, pose, rr);
      REQUIRE(a.hit() == b.hit());
      if (a.hit()) {
        CHECK(double(a.fraction) == Approx(double(b.fraction)).margin(rel * 10));
        ++same_as_hull;
      }
    }
  }
  std::printf(
      "mesh rays: %d grid rays through edges and corners, %d torus hits, %d misses, %d "
      "hull surfaces as the hulls\n",
      through, hits, misses, same_as_hull);
  CHECK(hits > 500);
  CHECK(misses > 300);
  CHECK(same_as_hull > 300);
}

TEST_CASE("hulls and meshes cast against meshes: the hulls' own casts", "[cast][mesh][random]") {
  // A convex hull's surface as a mesh meets a moving hull (or that hull's
  // surface) where the hulls meet: sat::shape_cast, exact.
  pairs::Rng rng(97);
  int hits = 0, misses = 0;
  for (int s = 0; s < 40; ++s) {
    const Hull a = shapes::random_hull(12 + 6 * (s % 7), 1, std::uint64_t(60 + s));
    const Hull b = s % 3 == 0 ? shapes::box(vec3(real(0.3), real(0.2), real(0.4)))
                              : shapes::random_hull(10 + s % 9, real(0.5), std::uint64_t(80 + s));
    const TriangleMesh ma = surface_of(a), mb = surface_of(b);
    const Pose pa = at_deg(vec3(1, 2, 3), vec3(s, 2 * s, 3 * s));
    for (int k = 0; k < 6; ++k) {
      const Pose start = pose_from_quat(pa.translation + to_real(rng.unit() * rng.uniform(2, 3)),
                                        quat(rng.rotation()));
      const double spread = k % 2 ? 1.2 : 3.5;  // half of them aimed wide
      const vec3 d =
          (pa.translation + to_real(rng.unit() * rng.uniform(0, spread)) - start.translation) *
          real(rng.uniform(0.8, 2));
      const CastResult exact = sat::shape_cast(a, pa, b, start, d);
      const CastResult hull_mesh = mesh::shape_cast(ma, pa, b, start, d);
      const CastResult mesh_mesh = mesh::shape_cast(ma, pa, mb, start, d);
      INFO("pair " << s << " cast " << k << " exact " << to_string(exact.status) << " "
                   << exact.fraction << " hull " << to_string(hull_mesh.status) << " "
                   << hull_mesh.fraction << " mesh " << to_string(mesh_mesh.status) << " "
                   << mesh_mesh.fraction);
      const double band = rel * 100;
      if (exact.status == CastStatus::hit && exact.fraction > band && exact.fraction < 1 - band) {
        REQUIRE(hull_mesh.status == CastStatus::hit);
        REQUIRE(mesh_mesh.status == CastStatus::hit);
        CHECK(double(hull_mesh.fraction) == Approx(double(exact.fraction)).margin(band));
        CHECK(double(mesh_mesh.fraction) == Approx(double(exact.fraction)).margin(band));
        CHECK(hull_mesh.triangle >= 0);
        ++hits;
      } else if (exact.status == CastStatus::missed) {
        CHECK(hull_mesh.status == CastStatus::missed);
        CHECK(mesh_mesh.status == CastStatus::missed);
        ++misses;
      }
    }
  }
  std::printf("mesh casts: %d hits, %d misses as the hulls' casts\n", hits, misses);
  CHECK(hits > 80);
  CHECK(misses > 20);
}

TEST_CASE("crosscheck_cast: the two roads agree on random casts; wrong answers disagree",
          "[cast][crosscheck][random]") {
  pairs::Rng rng(113);
  int agree = 0, casts = 0;
  for (pairs::Category category : pairs::all_categories()) {
    const int count = category == pairs::Category::large_hulls ? 2 : 20;
    for (int s = 0; s < count; ++s) {
      const pairs::Pair pair = pairs::make_pair(category, std::uint64_t(1700 + s));
      const double size =
          std::max(pair.a.extent() * pair.pose_a.scale, pair.b.extent() * pair.pose_b.scale);
      Pose start = pair.pose_b;
      start.translation += to_real(rng.unit() * size * rng.uniform(0.5, 2));
      const vec3 d = (pair.pose_a.translation - start.translation) * real(rng.uniform(0.5, 2));
      const CastCheck c = crosscheck_cast(pair.a, pair.pose_a, pair.b, start, d);
      INFO(pair.name() << ": " << c.reason << " sat " << to_string(c.sat.status) << " "
                       << c.sat.fraction << " gjk " << to_string(c.gjk.status) << " "
                       << c.gjk.fraction);
      CHECK(c.agree);
      agree += c.agree;
      ++casts;
    }
  }
  CHECK(agree > 200);
  // Made-up wrong answers: a path that enters deep is not a graze, so a
  // miss against its hit disagrees; so does a fraction 1% off.
  const Hull box = shapes::box(vec3(1));
  const Pose start = at(-5, 0, 0);
  const vec3 d(10, 0, 0);
  const CastCheck c = crosscheck_cast(box, Pose{}, box, start, d);
  REQUIRE(c.agree);
  REQUIRE(c.sat.status == CastStatus::hit);
  CastResult wrong = c.gjk;
  wrong.status = CastStatus::missed;
  CHECK_FALSE(compare_casts(c.sat, wrong, box, Pose{}, box, start, d).agree);
  wrong = c.gjk;
  wrong.fraction += real(0.01);
  CHECK_FALSE(compare_casts(c.sat, wrong, box, Pose{}, box, start, d).agree);
  // A graze (B slides along A's top face): either verdict is right.
  const Pose above = at(-5, 2, 0);
  const CastCheck graze = crosscheck_cast(box, Pose{}, box, above, d);
  CHECK(graze.agree);
  wrong = graze.sat;
  wrong.status = CastStatus::missed;
  CHECK(compare_casts(graze.sat, wrong, box, Pose{}, box, above, d).agree);
  std::printf("crosscheck_cast: %d of %d casts agree\n", agree, casts);
}
