// Stress suite (issue #7): random pairs of every category, at scales from
// 1e-3 to 1e4 and offsets up to 1e5, each against the brute-force
// Minkowski-difference reference, through every query type. Exits 1 when any
// decision outside the band is wrong or any error exceeds its bound, and
// prints the worst case of every metric with what reproduces it.
//
// Usage: stress [--pairs N] [--threads T] [--large-every K] [--situation S]
//               [--case CATEGORY/SEED[/engine]]
//   --pairs        pairs (each checked by every query type); default
//                  $SEPAX_STRESS_PAIRS, else 1300 (the CI run)
//   --situation    world (scaled 1e-3 to 1e4, offset up to 1e5, the world
//                  bounds), engine (re-centred on A at a size about 1, the
//                  goals of issue 29) or both (default: each pair twice)
//   --threads      worker threads; default $SEPAX_STRESS_THREADS, else all cores
//   --large-every  one large_hulls pair per K pairs (default 2000: making
//                  it and its reference cost ~1 s); the other categories
//                  share the rest. Each large pair is checked at 10 positions
//                  of B (one reference, see checks.cpp)
//   --case         run one case verbosely, e.g. --case deep/1234 (add
//                  /engine for its engine situation)
//
// Schedule: pair i is large_hulls/(i / K) when i % K == 0 (so every run has
// one); otherwise, with j = i - i / K - 1 and C the other categories (13),
// category j % C of them with seed j / C. Then the known cases (cases
// earlier runs failed).
// Workers take pairs from a shared counter, and every tally is merged in an
// order-independent way, so results do not depend on the thread count.
#include "checks.hpp"
#include "test_util.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

using namespace sepax;
using namespace sepax::stress;
using pairs::Category;

namespace {

/// Pairs of the default run (CI): about 100 per category and one large
/// pair, a few seconds per precision on two cores.
constexpr std::uint64_t default_pairs = 1300;
/// One large_hulls pair per this many pairs by default.
constexpr std::uint64_t default_large_every = 2000;
/// Seconds between progress lines on stderr.
constexpr double progress_seconds = 5;

struct Options {
  std::uint64_t pairs = default_pairs;
  unsigned threads = 0;
  std::uint64_t large_every = default_large_every;
  std::string single;  // CATEGORY/SEED[/engine]
  bool world = true;   // check each pair in the world situation
  bool engine = true;  // and in the engine's
};

std::uint64_t env_or(const char* name, std::uint64_t fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::strtoull(v, nullptr, 10) : fallback;
}

[[noreturn]] void usage(const char* why) {
  std::fprintf(stderr,
               "stress: %s\nusage: stress [--pairs N] [--threads T] [--large-every K] "
               "[--situation world|engine|both] [--case CATEGORY/SEED[/engine]]\n",
               why);
  std::exit(2);
}

Options parse(int argc, char** argv) {
  Options o;
  o.pairs = env_or("SEPAX_STRESS_PAIRS", default_pairs);
  o.threads = unsigned(env_or("SEPAX_STRESS_THREADS", 0));
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i + 1 >= argc) usage(("missing value after " + arg).c_str());
    const char* value = argv[++i];
    if (arg == "--pairs")
      o.pairs = std::strtoull(value, nullptr, 10);
    else if (arg == "--threads")
      o.threads = unsigned(std::strtoul(value, nullptr, 10));
    else if (arg == "--large-every")
      o.large_every = std::max<std::uint64_t>(1, std::strtoull(value, nullptr, 10));
    else if (arg == "--case")
      o.single = value;
    else if (arg == "--situation") {
      const std::string v = value;
      if (v != "world" && v != "engine" && v != "both") usage("--situation: world, engine or both");
      o.world = v != "engine";
      o.engine = v != "world";
    } else
      usage(("unknown option " + arg).c_str());
  }
  if (o.threads == 0) o.threads = std::max(1u, std::thread::hardware_concurrency());
  return o;
}

/// Cases that failed earlier runs, checked after the scheduled pairs in every
/// run (the CI run included), with what broke.
struct Known {
  Category category;
  std::uint64_t seed;
};
constexpr Known known_cases[] = {
    // EPA's witness walk stopped in a fan of coplanar triangles: point_b -
    // point_a off by up to 70% of the depth (fixed in src/gjk/epa.cpp).
    {Category::shallow, 23962},
    {Category::tiny_scale, 9208},
    {Category::deep, 45587},
    {Category::flat_polygon, 47329},
    {Category::tiny_scale, 47636},
    {Category::tiny_scale, 51704},
    {Category::flat_polygon, 63202},
    {Category::deep, 77071},
    // The reference built in world coordinates lost 5e-12 at offset 9.1e4,
    // more than the MTV band of this 1.6e-3 pair (reference now in A's frame).
    {Category::tiny_scale, 4245},
    // Float million-pair run: GJK stopped touching (origin 7.05e-6 from its
    // triangle), the canonical re-solve gave 7.15e-6, just outside the band,
    // and a pair contained 0.66 deep came out apart (fixed in gjk.hpp).
    {Category::contained, 10607},
    // Same run: EPA's witness walk located each visited face's own
    // projection, so the witnesses matched a neighbour's normal (4e-4 rad
    // off), not the reported one: 3.3e-7 of a 7.5e-4 depth (fixed in
    // src/gjk/epa.cpp).
    {Category::tiny_scale, 43334},
    // Float million-pair run of 2026-11-24: B against A took the axis of two
    // edges 1.5e-4 rad from parallel, 1.2e-3 rad off in float, and the gap
    // between their lines along it put the depth 0.0034 short of 0.439
    // (bound 0.0015). Such axes are now measured by supports (src/sat/query.cpp).
    {Category::face_face_parallel, 61503},
};
constexpr std::uint64_t known_count = std::size(known_cases);

/// The category and seed of pair i (see the schedule above); pairs from
/// `pairs` on are the known cases.
std::pair<Category, std::uint64_t> slot(std::uint64_t i, std::uint64_t pairs,
                                        std::uint64_t large_every) {
  if (i >= pairs) return {known_cases[i - pairs].category, known_cases[i - pairs].seed};
  if (i % large_every == 0) return {Category::large_hulls, i / large_every};
  static const std::vector<Category> others = [] {
    std::vector<Category> c = pairs::all_categories();
    c.erase(std::remove(c.begin(), c.end(), Category::large_hulls), c.end());
    return c;
  }();
  const std::uint64_t j = i - i / large_every - 1;
  return {others[j % others.size()], j / others.size()};
}

std::string duration(double seconds) {
  char s[32];
  const long t = long(seconds + 0.5);
  if (t >= 3600)
    std::snprintf(s, sizeof s, "%ldh%02ldm", t / 3600, t / 60 % 60);
  else
    std::snprintf(s, sizeof s, "%ldm%02lds", t / 60, t % 60);
  return s;
}

int run_single(const std::string& spec) {
  const std::size_t slash = spec.find('/');
  if (slash == std::string::npos) usage("--case wants CATEGORY/SEED");
  const std::string name = spec.substr(0, slash);
  for (Category c : pairs::all_categories()) {
    if (name != pairs::to_string(c)) continue;
    const std::uint64_t seed = std::strtoull(spec.c_str() + slash + 1, nullptr, 10);
    const bool engine = spec.ends_with("/engine");
    const Case k = make_case(c, seed, 0, engine);
    const pairs::Pair& p = k.pair;
    std::printf("case %s: A %zu vertices%s, B %zu vertices%s\n", describe(k.id).c_str(),
                p.a.vertex_count(), p.a.is_box() ? " (box)" : "", p.b.vertex_count(),
                p.b.is_box() ? " (box)" : "");
    const ref::Answer r = ref::minkowski(p.a, p.pose_a, p.b, p.pose_b);
    std::printf("reference: ok %d separation %.17g size %.6g axis gap %.6g flat %d\n", r.ok,
                r.separation, r.size, r.axis_gap, r.flat);
    Stats stats;
    stats.verbose = true;
    auto scratch = std::make_unique<Scratch>();
    check_case(k, stats, *scratch);
    std::printf("%s\n", stats.failures() ? "FAIL" : "ok");
    return stats.failures() ? 1 : 0;
  }
  usage(("unknown category " + name).c_str());
}

unsigned long long ull(std::uint64_t x) {
  return static_cast<unsigned long long>(x);
}

const char* situation_name(bool engine) {
  return engine ? "engine" : "world";
}

void print_categories(const Stats& s) {
  const std::size_t n = pairs::all_categories().size();
  std::printf(
      "\n| situation | category | pairs | positions | overlapping | apart | in band | boxes | "
      "cache hits | resting | GJK/EPA not converged | touching band SAT/GJK | scale | max offset | "
      "ms/pair |\n"
      "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|\n");
  for (bool engine : {false, true})
    for (Category c : pairs::all_categories()) {
      const CategoryTally& t = s.categories[std::size_t(c) + (engine ? n : 0)];
      if (t.cases == 0) continue;
      std::printf(
          "| %s | %s | %llu | %llu | %llu | %llu | %llu | %llu | %llu | %llu | %llu/%llu | "
          "%llu/%llu | %.3g-%.3g | %.3g | %.2f |\n",
          situation_name(engine), pairs::to_string(c), ull(t.cases), ull(t.positions),
          ull(t.intersecting), ull(t.separated), ull(t.in_band), ull(t.boxes), ull(t.cache_hits),
          ull(t.resting_hits), ull(t.gjk_not_converged), ull(t.epa_not_converged),
          ull(t.touching_band_sat), ull(t.touching_band_gjk), t.min_scale, t.max_scale,
          t.max_offset, 1e3 * t.seconds / double(t.cases));
      if (t.rebuild_failed + t.reference_failed > 0)
        std::printf("%s %s: %llu rebuilds failed, %llu references failed\n", situation_name(engine),
                    pairs::to_string(c), ull(t.rebuild_failed), ull(t.reference_failed));
    }
  for (const CaseId& id : s.reference_failures)
    std::printf("reference failed: %s (stress --case %s/%llu%s)\n", describe(id).c_str(),
                pairs::to_string(id.category), ull(id.seed), id.engine ? "/engine" : "");
}

/// The worst error of each kind per category and situation, relative to the
/// pair's size (README's Guarantees quote these), and the wrong decisions.
void print_worst(const Stats& s) {
  const std::size_t n = pairs::all_categories().size();
  std::printf(
      "\n| situation | category | wrong decisions | SAT depth | SAT separation - distance | "
      "GJK distance | EPA depth (converged) |\n|---|---|---:|---:|---:|---:|---:|\n");
  for (bool engine : {false, true})
    for (Category c : pairs::all_categories()) {
      const CategoryTally& t = s.categories[std::size_t(c) + (engine ? n : 0)];
      if (t.cases == 0) continue;
      std::printf("| %s | %s | %llu | %.2g | %.2g | %.2g | %.2g |\n", situation_name(engine),
                  pairs::to_string(c), ull(t.wrong_decisions), t.sat_depth, t.sat_excess,
                  t.gjk_distance, t.epa_depth);
    }
  std::printf(
      "\n(errors relative to the pair's size; SAT's separation of an apart pair is a lower "
      "bound of the distance, so only its excess over the distance counts)\n");
}

void print_metrics(const Stats& s) {
  std::printf(
      "\n| query | metric | checked | failed | worst value | bound | ratio | worst case |\n"
      "|---|---|---:|---:|---:|---:|---:|---|\n");
  for (int m = 0; m < int(Metric::count); ++m) {
    const Tally& t = s.metrics[std::size_t(m)];
    const MetricInfo& info = metric_info(Metric(m));
    std::printf("| %s | %s | %llu | %llu | ", info.query, info.name, ull(t.checked), ull(t.failed));
    if (!t.ranked)
      std::printf("- | - | - | - |\n");
    else
      std::printf("%.3g | %.3g | %.3g | %s |\n", t.value, t.bound, t.ratio,
                  describe(t.worst).c_str());
  }
  std::printf(
      "\n(decision rows: value = |reference separation| of the pair nearest the band that "
      "was checked, bound = the band edge; error rows: ratio = value / bound)\n");
  for (int m = 0; m < int(Metric::count); ++m) {
    const Tally& t = s.metrics[std::size_t(m)];
    for (const Failure& f : t.failures)
      std::printf(
          "FAIL %s %s: %s: value %.6g bound %.6g: %s\n  reproduce: stress --case %s/%llu%s\n",
          metric_info(Metric(m)).query, metric_info(Metric(m)).name, describe(f.id).c_str(),
          f.value, f.bound, f.detail.c_str(), pairs::to_string(f.id.category), ull(f.id.seed),
          f.id.engine ? "/engine" : "");
  }
}

Stats run(const Options& o) {
  // Task t checks pair t / situations in situation t % situations.
  const std::uint64_t situations = std::uint64_t(o.world) + std::uint64_t(o.engine);
  const std::uint64_t total = (o.pairs + known_count) * situations;
  std::atomic<std::uint64_t> next{0}, done{0};
  std::vector<Stats> stats(o.threads);
  std::vector<std::thread> workers;
  for (unsigned t = 0; t < o.threads; ++t)
    workers.emplace_back([&, t] {
      auto scratch = std::make_unique<Scratch>();
      for (std::uint64_t task; (task = next.fetch_add(1)) < total; done.fetch_add(1)) {
        const std::uint64_t i = task / situations;
        const bool engine = !o.world || task % situations == 1;
        const auto [category, seed] = slot(i, o.pairs, o.large_every);
        check_case(make_case(category, seed, task, engine), stats[t], *scratch);
      }
    });
  const auto start = std::chrono::steady_clock::now();
  auto last = start;
  while (done.load() < total) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    const auto now = std::chrono::steady_clock::now();
    if (std::chrono::duration<double>(now - last).count() < progress_seconds) continue;
    last = now;
    const double elapsed = std::chrono::duration<double>(now - start).count();
    const std::uint64_t n = done.load();
    const double rate = double(n) / elapsed;
    std::fprintf(stderr, "stress: %llu/%llu cases (%.1f%%), %.1f cases/s, elapsed %s, ETA %s\n",
                 ull(n), ull(total), 100.0 * double(n) / double(total), rate,
                 duration(elapsed).c_str(),
                 rate > 0 ? duration(double(total - n) / rate).c_str() : "?");
  }
  for (std::thread& w : workers) w.join();
  Stats merged;
  for (const Stats& s : stats) merged.merge(s);
  return merged;
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse(argc, argv);
  if (!o.single.empty()) return run_single(o.single);
  const std::uint64_t large = (o.pairs + o.large_every - 1) / o.large_every;
  std::printf(
      "stress: %s precision, %llu pairs (%llu large_hulls: one per %llu, as making it "
      "and its reference cost ~1 s; each checked at 10 positions of B), then %llu known "
      "cases; situations: %s; %u threads\n",
      test::is_double ? "double" : "float", ull(o.pairs), ull(large), ull(o.large_every),
      ull(known_count),
      o.world && o.engine ? "world and engine (each pair in both)" : situation_name(o.engine),
      o.threads);
  std::fflush(stdout);
  const auto start = std::chrono::steady_clock::now();
  const Stats s = run(o);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  print_categories(s);
  print_worst(s);
  print_metrics(s);
  std::uint64_t overlapping = 0, apart = 0;
  for (const CategoryTally& t : s.categories) overlapping += t.intersecting, apart += t.separated;
  const bool vacuous = overlapping == 0 || apart == 0;
  const std::uint64_t failures = s.failures();
  std::printf(
      "\nstress: %s: %llu pairs and %llu known cases in %s (%.1f pairs/s), %llu failed "
      "checks%s\n",
      failures || vacuous ? "FAIL" : "PASS", ull(o.pairs), ull(known_count),
      duration(seconds).c_str(), double(o.pairs + known_count) / seconds, ull(failures),
      vacuous ? ", and no overlapping or no apart pairs outside the band" : "");
  return failures || vacuous ? 1 : 0;
}
