// pile: random convex hulls dropped onto a ground box at 60 Hz, or, with
// --terrain, hulls and boxes onto a bumpy triangulated terrain
// (terrain_world). Prints the largest speeds once per simulated second, the
// time the pile comes to rest (every body slower than the thresholds below
// for half a second), and writes a side view.
//
//   pile [--bodies 30] [--seconds S] [--seed N] [--terrain] [--svg pile.svg]
//
// Each line also gives the number of contact points solved that step and
// how many of them were warm-started from the step before.
#include "solver.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

// At rest: every body slower than these (length unit and radians per
// second) for half a second on end.
constexpr double rest_linear_speed = 0.05;
constexpr double rest_angular_speed = 0.1;
constexpr double rest_duration = 0.5;

int usage() {
  std::fprintf(stderr,
               "usage: pile [--bodies 30] [--seconds S] [--seed N] [--terrain] [--svg pile.svg]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  int count = 30;
  double seconds = 20;
  unsigned long long seed = 1;
  const char* svg = "pile.svg";
  bool terrain = false;
  for (int i = 1; i < argc; ++i) {
    const bool has_value = i + 1 < argc;
    if (std::strcmp(argv[i], "--bodies") == 0 && has_value) {
      count = std::atoi(argv[++i]);
    } else if (std::strcmp(argv[i], "--seconds") == 0 && has_value) {
      seconds = std::atof(argv[++i]);
    } else if (std::strcmp(argv[i], "--seed") == 0 && has_value) {
      seed = std::strtoull(argv[++i], nullptr, 10);
    } else if (std::strcmp(argv[i], "--terrain") == 0) {
      terrain = true;
    } else if (std::strcmp(argv[i], "--svg") == 0 && has_value) {
      svg = argv[++i];
    } else {
      return usage();
    }
  }
  if (!(seconds > 0) || count < 1) return usage();

  examples::World world =
      terrain ? examples::terrain_world(count, seed) : examples::pile_world(count, seed);
  const int steps_per_second =
      static_cast<int>(std::lround(1 / double(world.settings().time_step)));
  const int steps = static_cast<int>(std::lround(seconds * steps_per_second));
  const int rest_steps = static_cast<int>(std::lround(rest_duration * steps_per_second));
  int rest_step = -1, calm = 0;  // calm: steps on end below the thresholds
  for (int step = 1; step <= steps && rest_step < 0; ++step) {
    world.step();
    const auto [linear, angular] = world.max_speeds();
    const bool slow = double(linear) < rest_linear_speed && double(angular) < rest_angular_speed;
    calm = slow ? calm + 1 : 0;
    if (calm == rest_steps) rest_step = step - rest_steps + 1;
    if (step % steps_per_second == 0 || rest_step > 0) {
      std::printf("t = %5.2f s  max speed %.3f  max spin %.3f  points %d (%d warm)\n",
                  step / double(steps_per_second), double(linear), double(angular),
                  world.stats().points, world.stats().warm_started);
    }
  }
  double lowest = 1e300;
  for (const examples::Body& body : world.bodies()) {
    if (!body.is_static()) lowest = std::min(lowest, double(examples::lowest_z(body)));
  }
  const bool finite = world.finite();
  if (rest_step > 0) {
    std::printf("at rest from %.2f s", rest_step / double(steps_per_second));
  } else {
    std::printf("NOT at rest after %.2f s", seconds);
  }
  std::printf(": lowest point z = %.4f, deepest penetration %.4f%s\n", lowest,
              double(world.deepest_penetration()), finite ? "" : ", non-finite state");
  if (svg != nullptr && !examples::write_svg(svg, world.bodies())) {
    std::fprintf(stderr, "pile: cannot write %s\n", svg);
    return 1;
  }
  return rest_step > 0 && finite ? 0 : 1;
}
