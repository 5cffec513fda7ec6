// bench_python_loop: the C++ side of bench/bench_python.py. The same
// queries the batch calls run (sat::query, gjk::distance, epa::query,
// contact::collide, cold), on the same hulls and poses, in a plain loop into
// a preallocated vector of results: what a C++ caller would write. Prints
// the best time per query over `reps` runs of the loop, and writes each
// query's answers so that the script can check the batch call gave the very
// same ones.
//
// Usage: bench_python_loop POSES RESULTS REPS MARGIN HULL_A HULL_B
//   POSES    K pairs of poses (A, B), each 13 float64: rotation row-major
//            (9), translation (3), scale; the numbers of sepax.Poses, so
//            exactly the poses the batch call reads
//   RESULTS  written: per query (sat, gjk, epa, contact) K reals (the
//            separation, or gjk's distance) then K x 3 (the axis, or the
//            contact normal), in sepax::real
//   HULL_*   "box:H" (a cube of half extent H) or "random:N:SEED" (N points
//            on the unit sphere, shapes::random_hull)
// Output lines: "<query> <wall ns per query> <cpu ns per query>", each the
// best of the reps; cpu: this thread's CPU time, which a loaded machine
// disturbs less than the wall clock.
#include "sepax/sepax.hpp"
#include "sepax/shapes.hpp"

#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

namespace {

using namespace sepax;

[[noreturn]] void fail(const std::string& why) {
  std::fprintf(stderr, "bench_python_loop: %s\n", why.c_str());
  std::exit(2);
}

Hull make_hull(const std::string& spec) {
  const auto colon = spec.find(':');
  const std::string kind = spec.substr(0, colon);
  const std::string rest = colon == std::string::npos ? "" : spec.substr(colon + 1);
  if (kind == "box") return shapes::box(vec3(real(std::stod(rest))));
  if (kind == "random") {
    const auto second = rest.find(':');
    return shapes::random_hull(std::stoi(rest.substr(0, second)), real(1),
                               std::stoull(rest.substr(second + 1)));
  }
  fail("unknown hull " + spec);
}

Pose read_pose(const double* d) {
  Pose p;
  for (int row = 0; row < 3; ++row)
    for (int col = 0; col < 3; ++col) p.rotation[col][row] = real(d[3 * row + col]);
  p.translation = vec3(real(d[9]), real(d[10]), real(d[11]));
  p.scale = real(d[12]);
  return p;
}

std::vector<Pose> read_poses(const char* path) {
  std::ifstream in(path, std::ios::binary);
  std::vector<double> numbers;
  double d;
  while (in.read(reinterpret_cast<char*>(&d), sizeof d)) numbers.push_back(d);
  if (numbers.size() % 26 != 0) fail(std::string(path) + ": not K x 2 x 13 float64");
  std::vector<Pose> poses(numbers.size() / 13);
  for (std::size_t i = 0; i < poses.size(); ++i) poses[i] = read_pose(&numbers[13 * i]);
  return poses;
}

struct Pairs {
  Hull a, b;
  std::vector<Pose> pose_a, pose_b;
};

double thread_cpu_ns() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) * 1e9 + double(t.tv_nsec);
}

struct Time {
  double wall = std::numeric_limits<double>::infinity();
  double cpu = std::numeric_limits<double>::infinity();
};

// The best times per query of `reps` loops of query(i) into results[i].
template <class R, class Query>
Time best(std::vector<R>& results, int reps, const Query& query) {
  using clock = std::chrono::steady_clock;
  Time t;
  for (int rep = 0; rep < reps; ++rep) {
    const double cpu = thread_cpu_ns();
    const auto start = clock::now();
    for (std::size_t i = 0; i < results.size(); ++i) results[i] = query(i);
    const std::chrono::duration<double, std::nano> wall = clock::now() - start;
    t.wall = std::min(t.wall, wall.count());
    t.cpu = std::min(t.cpu, thread_cpu_ns() - cpu);
  }
  const double n = results.empty() ? 1.0 : double(results.size());
  return {t.wall / n, t.cpu / n};
}

void print(const char* query, Time t) {
  std::printf("%s %.6g %.6g\n", query, t.wall, t.cpu);
}

// Each result's value and vector into `out`, as the script reads them.
template <class R, class Value, class Vector>
void write(std::ofstream& out, const std::vector<R>& results, const Value& value,
           const Vector& vector) {
  for (const R& r : results) {
    const real v = value(r);
    out.write(reinterpret_cast<const char*>(&v), sizeof v);
  }
  for (const R& r : results) {
    const vec3 v = vector(r);
    out.write(reinterpret_cast<const char*>(&v[0]), 3 * sizeof(real));
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 7) fail("usage: bench_python_loop POSES RESULTS REPS MARGIN HULL_A HULL_B");
  const std::vector<Pose> poses = read_poses(argv[1]);
  Pairs p{make_hull(argv[5]), make_hull(argv[6]), {}, {}};
  for (std::size_t i = 0; i < poses.size(); i += 2) {
    p.pose_a.push_back(poses[i]);
    p.pose_b.push_back(poses[i + 1]);
  }
  const int reps = std::max(1, std::atoi(argv[3]));
  const real margin = real(std::atof(argv[4]));
  const std::size_t k = p.pose_a.size();

  std::vector<sat::Result> sat_r(k);
  std::vector<gjk::Result> gjk_r(k);
  std::vector<epa::Result> epa_r(k);
  std::vector<contact::Manifold> contact_r(k);
  print("sat", best(sat_r, reps,
                    [&](std::size_t i) { return sat::query(p.a, p.pose_a[i], p.b, p.pose_b[i]); }));
  print("gjk", best(gjk_r, reps, [&](std::size_t i) {
          return gjk::distance(p.a, p.pose_a[i], p.b, p.pose_b[i]);
        }));
  print("epa", best(epa_r, reps,
                    [&](std::size_t i) { return epa::query(p.a, p.pose_a[i], p.b, p.pose_b[i]); }));
  print("contact", best(contact_r, reps, [&](std::size_t i) {
          return contact::collide(p.a, p.pose_a[i], p.b, p.pose_b[i], margin);
        }));

  std::ofstream out(argv[2], std::ios::binary);
  write(
      out, sat_r, [](const sat::Result& r) { return r.separation; },
      [](const sat::Result& r) { return r.axis; });
  write(
      out, gjk_r, [](const gjk::Result& r) { return r.distance; },
      [](const gjk::Result& r) { return r.axis; });
  write(
      out, epa_r, [](const epa::Result& r) { return r.separation; },
      [](const epa::Result& r) { return r.axis; });
  write(
      out, contact_r, [](const contact::Manifold& m) { return m.separation; },
      [](const contact::Manifold& m) { return m.normal; });
  if (!out) fail(std::string("cannot write ") + argv[2]);
  return 0;
}
