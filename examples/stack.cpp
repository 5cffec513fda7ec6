// stack: five unit boxes on a ground box, simulated at 60 Hz. Prints, once
// per simulated second, how far the top box has drifted sideways and how
// deep the deepest contact is, then whether the stack stands: drift and
// penetration below 1% of the box size, every number finite.
//
//   stack [--seconds S] [--boxes N] [--svg out.svg]
//
// Each line also gives the number of contact points solved that step.
#include "solver.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

// What "stands" means, relative to the box size (2 * stack_half).
constexpr double max_drift_fraction = 0.01;
constexpr double max_penetration_fraction = 0.01;

int usage() {
  std::fprintf(stderr, "usage: stack [--seconds S] [--boxes N] [--svg out.svg]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  double seconds = 10;
  int boxes = 5;
  const char* svg = nullptr;
  for (int i = 1; i < argc; ++i) {
    const bool has_value = i + 1 < argc;
    if (std::strcmp(argv[i], "--seconds") == 0 && has_value) {
      seconds = std::atof(argv[++i]);
    } else if (std::strcmp(argv[i], "--boxes") == 0 && has_value) {
      boxes = std::atoi(argv[++i]);
    } else if (std::strcmp(argv[i], "--svg") == 0 && has_value) {
      svg = argv[++i];
    } else {
      return usage();
    }
  }
  if (!(seconds > 0) || boxes < 1) return usage();

  examples::World world = examples::stack_world(boxes);
  const int top = boxes;
  const examples::vec3 start = world.bodies()[top].position;
  const double size = 2 * double(examples::stack_half);
  const int steps_per_second =
      static_cast<int>(std::lround(1 / double(world.settings().time_step)));
  const int steps = static_cast<int>(std::lround(seconds * steps_per_second));
  double drift = 0, penetration = 0;
  for (int step = 1; step <= steps; ++step) {
    world.step();
    if (step % steps_per_second != 0 && step != steps) continue;
    const examples::vec3 d = world.bodies()[top].position - start;
    drift = std::hypot(double(d.x), double(d.y));
    penetration = double(world.deepest_penetration());
    std::printf("t = %5.2f s  top box drift %.2e  deepest penetration %.2e  points %d\n",
                step / double(steps_per_second), drift, penetration, world.stats().points);
  }
  const bool finite = world.finite();
  const bool stands =
      finite && drift < max_drift_fraction * size && penetration < max_penetration_fraction * size;
  std::printf("%s: top box drift %.2f%% of its size, deepest penetration %.2f%%%s\n",
              stands ? "stands" : "FAILS", 100 * drift / size, 100 * penetration / size,
              finite ? "" : ", non-finite state");
  if (svg != nullptr && !examples::write_svg(svg, world.bodies())) {
    std::fprintf(stderr, "stack: cannot write %s\n", svg);
    return 1;
  }
  return stands ? 0 : 1;
}
