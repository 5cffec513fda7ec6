// support_brute against support_climb on random hulls of 8 to 4096 vertices
// (every vertex on a sphere, the worst case for the scan and a fair one for
// the climb), along random unit directions. Three ways to call the climb:
//   cold     - from vertex 0 every time;
//   warm     - from the previous answer, directions independent and random;
//   coherent - from the previous answer, each direction a few degrees from
//              the last one, as in GJK iterations or frame-to-frame queries.
// After the run a table gives the time per query and the ratio climb / scan
// per size; support_climb_threshold in support.hpp is the largest size at
// which the scan still beats the warm climb.
//
//   ninja -C build bench/bench_support && build/bench/bench_support --benchmark_repetitions=3
#include "sepax/shapes.hpp"
#include "sepax/support.hpp"

#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdio>
#include <map>
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

/// Console output as usual, plus each benchmark's time per query (the median
/// when repeated) kept for the table.
class TableReporter : public benchmark::ConsoleReporter {
 public:
  /// Colours only on a terminal, so that redirected output stays plain text.
  TableReporter() : ConsoleReporter(isatty(fileno(stdout)) ? OO_Defaults : OO_Tabular) {}

  std::map<std::string, double> nanoseconds;  ///< by benchmark name

  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.error_occurred) continue;
      const bool aggregate = run.run_type == Run::RT_Aggregate;
      const std::string name = run.run_name.str();
      if (aggregate ? run.aggregate_name == "median" : !nanoseconds.count(name)) {
        nanoseconds[name] = run.GetAdjustedRealTime();
      }
    }
    ConsoleReporter::ReportRuns(runs);
  }
};

std::string name_of(Method m, int n) {
  return std::string("support/") + method_names[int(m)] + "/" + std::to_string(n);
}

void print_table(const TableReporter& r) {
  std::printf("\nns per support query (median of repetitions if any); ratio = climb / brute\n");
  std::printf("%6s %8s %8s %8s %8s %7s %7s %7s\n", "n", "brute", "cold", "warm", "coher.", "cold/b",
              "warm/b", "coh./b");
  for (int n : sizes) {
    double t[4] = {};
    bool complete = true;
    for (int m = 0; m < 4; ++m) {
      const auto it = r.nanoseconds.find(name_of(Method(m), n));
      complete = complete && it != r.nanoseconds.end();
      if (it != r.nanoseconds.end()) t[m] = it->second;
    }
    if (!complete) continue;
    std::printf("%6d %8.2f %8.2f %8.2f %8.2f %7.2f %7.2f %7.2f\n", n, t[0], t[1], t[2], t[3],
                t[1] / t[0], t[2] / t[0], t[3] / t[0]);
  }
  std::printf("support_climb_threshold is %zu\n", sepax::support_climb_threshold);
}

}  // namespace

int main(int argc, char** argv) {
  for (int n : sizes) {
    for (Method m : {Method::brute, Method::cold, Method::warm, Method::coherent}) {
      benchmark::RegisterBenchmark(name_of(m, n).c_str(), bm_support, m, n);
    }
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  TableReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  print_table(reporter);
  benchmark::Shutdown();
  return 0;
}
