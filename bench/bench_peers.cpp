// bench_peers: sepax's SAT, GJK and EPA against libccd, Bullet and FCL on the
// same pairs (pairs.hpp), one Google Benchmark row per (hull kind,
// situation, algorithm): "peers/<kind>/<situation>/<algorithm>", for every
// registered algorithm that gives no manifold (bench_contact times those).
// Besides the static situations, three coherent ones, where a per-pair cache
// is kept from frame to frame: "motion" (the moving separated pairs),
// "sliding" (the moving shallow pairs: B slides and turns along the path at
// depth 1% of the size) and "resting" (the static shallow pairs, each pose
// queried again every frame: a pile at rest). A row's label names the
// questions its algorithm answers (adapter.hpp), and the JSON context the
// peers' versions.
//
// Before a row is timed, its algorithm answers every pose of the row once, in
// the order they are timed, and is checked against sepax's exact answer
// (sat::query_general for the decision and the depth, gjk::distance for the
// distance). A decision is wrong when it differs outside the touching band
// (touching rows check nothing); a depth or a distance is wrong when it is
// off by more than 1e-3 of the reference value and by more than the
// touching band. The count is the row's
// "wrong" counter: a peer being inexact is a finding, not a failure, so the
// row is timed anyway. The same pass averages the work counters the algorithm
// reports (-1: not reported): axes tested, Gauss-map arc tests, support
// calls, GJK/EPA iterations, cache hit rate. On a coherent row the pass also
// warms the per-pair caches, which the timed loop keeps: it goes on with the
// same cycle of visits, whose path runs forth and back without a jump.
//
// The quadratic reference versions (algorithms with a vertex limit) are
// skipped with an error instead of timed when one query takes longer than
// `budget_seconds`, so that a full run stays within minutes.
//
// `bench_peers --pair FILE_A FILE_B [--pose-b x,y,z/rx,ry,rz]` times every
// algorithm on one pair of mesh files instead (A at the identity, B at the
// pose: translation, then Euler angles in degrees, X then Y then Z), as rows
// "peers/pair/<situation>/<algorithm>" of the same form, counters and JSON
// (--benchmark_out) as the main run's.
#include "peers/rows.hpp"

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <set>
#include <string>
#include <vector>

using bench::Situation;
using peers::Algorithm;
using peers::Answer;

namespace {

/// Relative error allowed on a depth or a distance, against the reference.
constexpr double value_tolerance = 1e-3;
/// A row is skipped when one query takes longer than this (seconds).
constexpr double budget_seconds = 0.02;

/// How a row's pairs are posed: once each, along the moving path, or at
/// their static pose every frame of a path.
enum class Poses { still, path, at_rest };

/// The situations a row is timed in; `algorithms` null: every algorithm
/// that needs no coherent frames.
struct RowSituation {
  const char* name;
  Situation situation;
  Poses poses;
  const std::set<std::string>* algorithms;
};

/// Coherent separated frames: the cache and warm-start rows, their cold
/// counterparts, and the peers' fastest boolean and distance queries (so
/// that warm rows have something to be compared with).
const std::set<std::string> motion_algorithms = {
    "sepax.sat_query",          "sepax.sat_cached",        "sepax.sat_intersect",
    "sepax.gjk_distance",       "sepax.gjk_distance_warm", "sepax.gjk_intersect",
    "ccd.gjk_intersect",        "ccd.mpr_intersect",       "bullet.gjk_distance",
    "bullet.gjk_distance_warm", "fcl.distance_libccd",     "fcl.distance_indep"};

/// Coherent overlapping frames: SAT with its cache (the resting state) and
/// without, and the penetration queries it is compared with (issue #15's
/// goal is against libccd's MPR).
const std::set<std::string> contact_algorithms = {"sepax.sat_cached", "sepax.sat_query",
                                                  "sepax.epa",        "ccd.mpr_penetration",
                                                  "bullet.epa",       "fcl.contact_libccd"};

const RowSituation row_situations[] = {
    {"separated", Situation::separated, Poses::still, nullptr},
    {"touching", Situation::touching, Poses::still, nullptr},
    {"shallow", Situation::shallow, Poses::still, nullptr},
    {"deep", Situation::deep, Poses::still, nullptr},
    {"contained", Situation::contained, Poses::still, nullptr},
    {"motion", Situation::separated, Poses::path, &motion_algorithms},
    {"sliding", Situation::shallow, Poses::path, &contact_algorithms},
    {"resting", Situation::shallow, Poses::at_rest, &contact_algorithms},
};

const bench::Workload& workload_of(const std::string& kind, const RowSituation& r) {
  if (r.poses == Poses::at_rest) return bench::at_rest(kind, r.situation);
  return bench::workload(kind, r.situation, r.poses == Poses::path);
}

/// True when the answer disagrees with the reference (see the file comment).
/// A value within sepax's touching band of the pair's size is never wrong: a
/// pair touching within the band (two coplanar polygons overlap at depth 0)
/// has a reference separation of either sign.
bool wrong(const Answer& a, const bench::Reference& ref, Situation s, double size) {
  if (s == Situation::touching) return false;
  if (a.intersecting != ref.intersecting) return true;
  const double band = double(sepax::tol::touching) * size;
  const auto off = [&](double got, double want) {
    return std::abs(got - want) > std::max(value_tolerance * std::abs(want), band);
  };
  if (ref.intersecting && !std::isnan(a.depth)) return off(a.depth, -ref.separation);
  if (!ref.intersecting && !std::isnan(a.distance)) return off(a.distance, ref.distance);
  return false;
}

/// What a row's check pass found: wrong answers and the averages of the
/// work counters the algorithm reports.
struct Checks {
  int wrong_answers = 0, checked = 0;
  double sum[5] = {0, 0, 0, 0, 0};
  int count[5] = {0, 0, 0, 0, 0};

  void add(const Answer& a, const bench::Visit& v, const bench::Workload& w, const std::string&) {
    wrong_answers += wrong(a, *v.ref, w.situation, v.size) ? 1 : 0;
    ++checked;
    const int work[5] = {a.axes, a.support_calls, a.iterations, a.cache_hit, a.arc_tests};
    for (int k = 0; k < 5; ++k)
      if (work[k] >= 0) sum[k] += work[k], ++count[k];
  }
  [[nodiscard]] double mean(int k) const { return count[k] > 0 ? sum[k] / count[k] : -1; }

  void report(benchmark::State& state, const bench::Workload& w) const {
    state.counters["axes"] = mean(0);
    state.counters["support_calls"] = mean(1);
    state.counters["solver_iterations"] = mean(2);
    state.counters["cache_hit_rate"] = mean(3);
    state.counters["arc_tests"] = mean(4);
    state.counters["wrong"] = wrong_answers;
    state.counters["checked"] = checked;
    state.counters["vertices"] = w.vertices;
  }
};

void run_row(benchmark::State& state, const std::string& key, const bench::Workload* w,
             const Algorithm* algo) {
  const peers::RowOptions options{1, algo->max_vertices > 0 ? budget_seconds : 0};
  peers::run_row<Checks>(state, key, *w, *algo, options);
}

/// The algorithms bench_peers times: every one that gives no manifold and
/// casts nothing.
bool timed_here(const Algorithm& algo) {
  return (algo.answers & (peers::contact | peers::casts)) == 0;
}

/// Registers the rows; workloads are generated when a row first runs.
void register_rows(const std::vector<Algorithm>& algos) {
  for (const std::string& kind : bench::kinds()) {
    const int vertices = bench::vertices_of(kind);
    for (const RowSituation& r : row_situations) {
      for (const Algorithm& algo : algos) {
        if (!timed_here(algo)) continue;
        if (r.algorithms ? r.algorithms->count(algo.name) == 0 : algo.stateful) continue;
        if (algo.max_vertices > 0 && vertices > algo.max_vertices) continue;
        const std::string key = "peers/" + kind + "/" + r.name + "/" + algo.name;
        benchmark::RegisterBenchmark(key.c_str(), [key, kind, &r, &algo](benchmark::State& st) {
          run_row(st, key, &workload_of(kind, r), &algo);
        })->Unit(benchmark::kNanosecond);
      }
    }
  }
}

// ---------------------------------------------------------------------------
// --pair mode

bool parse_pose(const char* text, sepax::Pose& out) {
  double t[3], r[3];
  if (std::sscanf(text, "%lf,%lf,%lf/%lf,%lf,%lf", &t[0], &t[1], &t[2], &r[0], &r[1], &r[2]) != 6)
    return false;
  out = sepax::pose_from_euler_deg(
      sepax::vec3(sepax::real(t[0]), sepax::real(t[1]), sepax::real(t[2])),
      sepax::vec3(sepax::real(r[0]), sepax::real(r[1]), sepax::real(r[2])));
  return true;
}

/// The one-pair workload of --pair: A at the identity, B at the pose; its
/// situation is the reference's (separated or shallow), which only the
/// touching rows' checks read.
bench::Workload& pair_workload() {
  static bench::Workload w;
  return w;
}

/// Loads the pair and registers one row per algorithm,
/// "peers/pair/<situation>/<algorithm>", timed and checked as the main rows
/// are. False (and a message on stderr) when a file cannot be loaded.
bool register_pair(const std::vector<Algorithm>& algos, const char* file_a, const char* file_b,
                   const sepax::Pose& pose_b) {
  static bench::Hull a, b;
  std::string message;
  if (!bench::load_hull(file_a, a, message) || !bench::load_hull(file_b, b, message)) {
    std::fprintf(stderr, "bench_peers: %s\n", message.c_str());
    return false;
  }
  bench::Workload& w = pair_workload();
  bench::PairCase pair;
  pair.a = &a;
  pair.b = &b;
  pair.pose_b = {pose_b};
  pair.refs = {bench::reference(a, pair.pose_a, b, pose_b)};
  pair.size = double(std::max(a.extent(), b.extent()));
  const bench::Reference ref = pair.refs[0];
  w.kind = "pair";
  w.situation = ref.intersecting ? Situation::shallow : Situation::separated;
  w.vertices = int(std::max(a.vertex_count(), b.vertex_count()));
  w.pairs.push_back(std::move(pair));
  benchmark::AddCustomContext("pair", std::string(file_a) + " vs " + file_b);
  std::printf("A: %s (%zu vertices)  B: %s (%zu vertices); reference: %s, separation %.9g\n",
              file_a, a.vertex_count(), file_b, b.vertex_count(),
              ref.intersecting ? "intersecting" : "apart", ref.separation);
  for (const Algorithm& algo : algos) {
    if (!timed_here(algo) || algo.stateful) continue;
    if (algo.max_vertices > 0 && w.vertices > algo.max_vertices) continue;
    const std::string key =
        std::string("peers/pair/") + bench::name_of(w.situation) + "/" + algo.name;
    benchmark::RegisterBenchmark(key.c_str(), [key, &algo](benchmark::State& st) {
      run_row(st, key, &pair_workload(), &algo);
    })->Unit(benchmark::kNanosecond);
  }
  return true;
}

/// Removes argv[i .. i + n) (argv[argc] stays the null pointer).
void drop_arguments(int& argc, char** argv, int i, int n) {
  for (int j = i; j + n <= argc; ++j) argv[j] = argv[j + n];
  argc -= n;
}

/// Handles --pair FILE_A FILE_B [--pose-b POSE]: registers the pair's rows
/// and removes those arguments, leaving Google Benchmark's. Returns 0 when
/// there is no --pair, 1 when the rows are registered, -1 on a usage error.
int take_pair_arguments(int& argc, char** argv, const std::vector<Algorithm>& algos) {
  sepax::Pose pose_b;
  for (int j = 1; j < argc; ++j) {
    if (std::strcmp(argv[j], "--pose-b") != 0) continue;
    if (j + 1 >= argc || !parse_pose(argv[j + 1], pose_b)) {
      std::fprintf(stderr, "bench_peers: --pose-b wants x,y,z/rx,ry,rz (degrees)\n");
      return -1;
    }
    drop_arguments(argc, argv, j, 2);
    break;
  }
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--pair") != 0) continue;
    if (i + 2 >= argc) {
      std::fprintf(stderr,
                   "usage: bench_peers --pair FILE_A FILE_B [--pose-b x,y,z/rx,ry,rz] "
                   "[Google Benchmark options]\n");
      return -1;
    }
    if (!register_pair(algos, argv[i + 1], argv[i + 2], pose_b)) return -1;
    drop_arguments(argc, argv, i, 3);
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  static const std::vector<Algorithm> algos = peers::all_algorithms();
  const int pair = take_pair_arguments(argc, argv, algos);
  if (pair < 0) return 2;
  if (pair == 0) register_rows(algos);
  return peers::run_benchmarks(argc, argv);
}
