// support_brute against support_climb on random hulls of 8 to 4096 vertices
// (every vertex on a sphere, the worst case for the scan and a fair one for
// the climb), along random unit directions. Three ways to call the climb:
//   cold     - from vertex 0 every time;
//   warm     - from the previous answer, directions independent and random;
//   coherent - from the previous answer, each direction a few degrees from
//              the last one, as in GJK iterations or frame-to-frame queries.
// tools/bench_report.py tabulates the time per query and the ratio climb /
// scan per size; support_climb_threshold in support.hpp (in the JSON
// context) is the largest size at which the scan still beats the warm climb.
#include "sepax/shapes.hpp"
#include "sepax/support.hpp"

#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

namespace {

using sepax::index_t;
using sepax::real;
using sepax::vec3;

constexpr int sizes[] = {8, 16, 24, 32, 48, 64, 128, 256, 1024, 4096};

/// Directions per sequence: a power of two, so that the loop wraps with a mask.
constexpr std::size_t direction_count = 1024;

/// Angle between consecutive directions of the coherent sequence (radians):
/// about 3 degrees, a GJK step late in its iterations or one frame of motion.
constexpr double coherent_step = 0.05;

double uniform(std::mt19937_64& rng) {
  return double(rng() >> 11) * 0x1.0p-53 * 2 - 1;
}

glm::dvec3 random_unit(std::mt19937_64& rng) {
  while (true) {
    const glm::dvec3 p(uniform(rng), uniform(rng), uniform(rng));
    const double len = glm::length(p);
    if (len > 0.1 && len <= 1) return p / len;
  }
}

std::vector<vec3> random_directions(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<vec3> out;
  for (std::size_t i = 0; i < direction_count; ++i) out.push_back(vec3(random_unit(rng)));
  return out;
}

/// A random walk on the sphere of directions, `coherent_step` per move.
std::vector<vec3> coherent_directions(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  glm::dvec3 d = random_unit(rng);
  std::vector<vec3> out;
  for (std::size_t i = 0; i < direction_count; ++i) {
    const glm::dvec3 side = glm::normalize(glm::cross(d, random_unit(rng)));
    d = glm::normalize(d + coherent_step * side);
    out.push_back(vec3(d));
  }
  return out;
}

enum class Method { brute, cold, warm, coherent };
constexpr const char* method_names[] = {"brute", "climb_cold", "climb_warm", "climb_coherent"};

void bm_support(benchmark::State& state, Method method, int n) {
  const sepax::Hull hull = sepax::shapes::random_hull(n, 1, 1000 + std::uint64_t(n));
  const std::vector<vec3> dirs =
      method == Method::coherent ? coherent_directions(7) : random_directions(7);
  std::size_t i = 0;
  index_t last = 0;
  for (auto _ : state) {
    const vec3& d = dirs[i++ & (direction_count - 1)];
    switch (method) {
      case Method::brute:
        last = sepax::support_brute(hull, d);
        break;
      case Method::cold:
        last = sepax::support_climb(hull, d);
        break;
      case Method::warm:
      case Method::coherent:
        last = sepax::support_climb(hull, d, last);
        break;
    }
    benchmark::DoNotOptimize(last);
  }
  state.SetItemsProcessed(state.iterations());
}

std::string name_of(Method m, int n) {
  return std::string("support/") + method_names[int(m)] + "/" + std::to_string(n);
}

}  // namespace

int main(int argc, char** argv) {
  for (int n : sizes) {
    for (Method m : {Method::brute, Method::cold, Method::warm, Method::coherent}) {
      benchmark::RegisterBenchmark(name_of(m, n).c_str(), bm_support, m, n);
    }
  }
  benchmark::AddCustomContext("support_climb_threshold",
                              std::to_string(sepax::support_climb_threshold));
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
