// An engine's use of sepax, pulled in as a Meson subproject: build hulls
// once, then query pairs every frame. Built and run by the test suite.
#include <sepax/sepax.hpp>

#include <cstdio>
#include <vector>

int main() {
  using namespace sepax;
  // A hull from points (Qhull underneath); bad input gets a status, not a crash.
  const std::vector<vec3> points = shapes::sphere_points(200, 1);
  const HullResult built = Hull::from_points(points);
  if (!built.ok()) {
    std::printf("hull failed: %s\n", built.message.c_str());
    return 1;
  }
  const Hull& ball = built.hull;
  const Hull crate = shapes::box(vec3(real(0.5)));
  std::printf("hull: %zu vertices, %zu faces, %zu edges\n", ball.vertex_count(), ball.face_count(),
              ball.edge_count());

  // SAT: separation (negative = depth), unit axis from A to B, deciding feature.
  const Pose at_origin{};
  const Pose overlapping = pose_from_euler_deg(vec3(real(1.2), 0, 0), vec3(0, 0, 30));
  const sat::Result r = sat::query(ball, at_origin, crate, overlapping);
  std::printf("sat: intersecting %d, separation %.6f, axis (%.3f, %.3f, %.3f), feature %s\n",
              r.intersecting, double(r.separation), double(r.axis.x), double(r.axis.y),
              double(r.axis.z), sat::to_string(r.feature.kind));

  // GJK: exact distance and witness points of a separated pair.
  const Pose apart{mat3(1), vec3(3, 0, 0)};
  const gjk::Result d = gjk::distance(ball, at_origin, crate, apart);
  std::printf("gjk: distance %.6f, witness on A (%.3f, %.3f, %.3f)\n", double(d.distance),
              double(d.point_a.x), double(d.point_a.y), double(d.point_a.z));

  // Coherent frames: a per-pair cache makes a separated pair O(1).
  sat::PairCache caches;
  int hits = 0;
  for (int frame = 0; frame < 100; ++frame) {
    const Pose moving{mat3(1), vec3(real(3) - real(0.01) * real(frame), 0, 0)};
    hits += caches.query(1, ball, at_origin, 2, crate, moving).counters.cache_hit;
  }
  std::printf("cache: %d of 100 frames answered by the cached axis\n", hits);

  // SAT and GJK/EPA on the same pair, and whether they agree.
  const CrossCheck c = crosscheck(ball, at_origin, crate, overlapping);
  std::printf("crosscheck: agree %d (depths differ by %.2g)\n", c.agree,
              double(c.separation_difference));
  // A crate resting on the ground: the manifold a solver takes, 4 corners
  // with ids that persist from frame to frame.
  const Hull ground = shapes::box(vec3(5, 5, real(0.5)));
  const Pose resting{mat3(1), vec3(0, 0, real(0.99))};  // 0.01 into the ground
  contact::Cache pair;
  const contact::Manifold m =
      contact::collide(ground, at_origin, crate, resting, real(0.02), &pair);
  std::printf("contact: %d points, normal (%.0f, %.0f, %.0f), separation %.3f\n", m.count,
              double(m.normal.x), double(m.normal.y), double(m.normal.z),
              double(m.points[0].separation));
  // The ball resting on the ground, rolling slowly: after two frames the
  // cache answers from the axes near the contact normal, still exactly.
  sat::Cache rest;
  sat::Resting state;  // opt-in: a pair that rests keeps one
  int resting_hits = 0;
  for (int frame = 0; frame < 60; ++frame) {
    const Pose rolling = pose_from_euler_deg(vec3(real(0.001) * real(frame), 0, real(0.49)),
                                             vec3(0, real(0.05) * real(frame), 0));
    resting_hits += sat::query(ground, at_origin, ball, rolling, &rest, &state).counters.cache_hit;
  }
  std::printf("resting: %d of 60 frames answered from the resting state\n", resting_hits);

  // Casts: the crate shot 10 along x at the ball, exactly; a ray dropped
  // onto the ball; the crate turning as it moves (time of impact).
  const Pose launch{mat3(1), vec3(-5, 0, 0)};
  const CastResult cast = sat::shape_cast(ball, at_origin, crate, launch, vec3(10, 0, 0));
  std::printf("cast: %s at %.4f of the path, normal (%.0f, %.0f, %.0f)\n", to_string(cast.status),
              double(cast.fraction), double(cast.normal.x) + 0.0, double(cast.normal.y) + 0.0,
              double(cast.normal.z) + 0.0);  // + 0.0 prints a negative zero as 0
  const CastResult ray = ray_cast(ball, at_origin, Ray{vec3(0, 0, 5), vec3(0, 0, -10), 1});
  std::printf("ray: %s at %.4f, point z %.4f\n", to_string(ray.status), double(ray.fraction),
              double(ray.point.z));
  const Sweep spin{launch, pose_from_euler_deg(vec3(5, 0, 0), vec3(0, 0, 90))};
  const CastResult toi = gjk::time_of_impact(ball, Sweep{at_origin, at_origin}, crate, spin);
  std::printf("time of impact: %s at %.4f\n", to_string(toi.status), double(toi.fraction));
  return r.intersecting && !(d.distance <= 0) && hits > 50 && c.agree && m.count == 4 &&
                 resting_hits > 40 && cast.status == CastStatus::hit && ray.hit() && toi.hit()
             ? 0
             : 1;
}
