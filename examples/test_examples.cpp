// The examples' rigid-body world: its mass properties against the analytic
// box, a five-box stack that must stand, and a pile of random hulls that
// must come to rest on the ground.
#include "solver.hpp"

#include <sepax/shapes.hpp>

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <type_traits>

using namespace examples;

namespace {

// Relative tolerance of the mass properties: sums of a few dozen products.
constexpr double mass_tolerance = std::is_same_v<real, float> ? 1e-5 : 1e-12;

// What "stands" and "at rest" mean (length unit 1 = one box).
constexpr double box_size = 2 * double(stack_half);
constexpr double max_drift = 0.01 * box_size;
constexpr double max_penetration = 0.01 * box_size;
constexpr double rest_linear_speed = 0.05;  // length unit per second
constexpr double rest_angular_speed = 0.1;  // radians per second
constexpr int rest_steps = 30;              // half a second on end
// Below the ground's top by more than this, a body has gone through it.
constexpr double fell_through = 0.02;

}  // namespace

TEST_CASE("mass properties: a box hull has the analytic volume and inertia", "[examples]") {
  const vec3 half(real(0.5), real(0.25), real(1.5));
  const MassProperties props = mass_properties(sepax::shapes::box(half));
  CHECK(double(props.volume) == Approx(8 * 0.5 * 0.25 * 1.5).epsilon(mass_tolerance));
  CHECK(double(glm::length(props.centroid)) == Approx(0).margin(mass_tolerance));
  const mat3 expected = box_inertia(half);
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) {
      CHECK(double(props.inertia[c][r]) ==
            Approx(double(expected[c][r])).margin(mass_tolerance * double(expected[0][0])));
    }
  }
}

TEST_CASE("mass properties: a body's frame sits at its centre of mass", "[examples]") {
  const std::vector<vec3> points = sepax::shapes::random_sphere_points(20, real(0.7), 7);
  std::vector<vec3> moved = points;
  for (vec3& p : moved) p += vec3(real(3), real(-1), real(2));
  Body body;
  REQUIRE(make_body(moved, real(1), body));
  const MassProperties props = mass_properties(*body.hull);
  CHECK(double(glm::length(props.centroid)) == Approx(0).margin(100 * mass_tolerance));
  // The centroid moved with the points: the body sits where they are.
  Body at_origin;
  REQUIRE(make_body(points, real(1), at_origin));
  const vec3 shift = body.position - at_origin.position;
  CHECK(double(glm::length(shift - vec3(real(3), real(-1), real(2)))) ==
        Approx(0).margin(100 * mass_tolerance));
  CHECK(body.inv_mass > real(0));
}

TEST_CASE("a stack of five unit boxes stands for 10 s at 60 Hz", "[examples]") {
  World world = stack_world(5);
  const vec3 start = world.bodies()[5].position;
  bool finite = true;
  for (int step = 0; step < 600; ++step) {
    world.step();
    finite = finite && world.finite();
  }
  REQUIRE(finite);
  const vec3 d = world.bodies()[5].position - start;
  const double drift = std::hypot(double(d.x), double(d.y));
  const double penetration = double(world.deepest_penetration());
  INFO("top box drift " << drift << ", deepest penetration " << penetration);
  CHECK(drift < max_drift);
  CHECK(penetration < max_penetration);
  // Resting contacts keep their ids: every point warm-starts.
  CHECK(world.stats().points == 5 * sepax::contact::max_points);
  CHECK(world.stats().warm_started == world.stats().points);
}

TEST_CASE("thirty random hulls dropped on the ground come to rest", "[examples]") {
  const auto seed = static_cast<std::uint64_t>(GENERATE(range(1, 9)));
  INFO("seed " << seed);
  World world = pile_world(30, seed);
  REQUIRE(world.bodies().size() == 31);
  constexpr int max_steps = 20 * 60;
  int calm = 0, step = 0;
  bool finite = true;
  for (; step < max_steps && calm < rest_steps; ++step) {
    world.step();
    finite = finite && world.finite();
    const auto [linear, angular] = world.max_speeds();
    calm =
        double(linear) < rest_linear_speed && double(angular) < rest_angular_speed ? calm + 1 : 0;
  }
  REQUIRE(finite);
  INFO("steps run " << step);
  CHECK(calm == rest_steps);
  double lowest = 0;
  for (const Body& body : world.bodies()) {
    if (!body.is_static()) lowest = std::min(lowest, double(lowest_z(body)));
  }
  INFO("lowest point " << lowest);
  CHECK(lowest > -fell_through);
}
