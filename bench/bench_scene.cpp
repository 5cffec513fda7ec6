// bench_scene: the whole narrow phase of a recorded scene (scene.hpp; the
// file format is "sepax-scene 1"), frame by frame, through sepax and the
// peers found at build time (peers/scene_<peer>.cpp): for every broadphase
// pair of a frame, the library's contact points.
//
// The scene: $SEPAX_SCENE, else the small scene bench/make_test_scene.py
// writes into the build directory at build time (SEPAX_SCENE_DEFAULT). A
// missing or malformed file makes every row SkipWithError. With
// $SEPAX_SCENE_STRIDE=k only every k-th frame is kept (frames 0, k, 2k...):
// a bounded sample for a narrow phase too slow to replay whole
// (tools/bench.sh times bullet.clip so); rows and context say the stride.
//
// sepax answers each pair with the contact::collide overload its kinds
// take: hull against hull (boxes are hulls), a sphere or capsule against a
// hull (the round body as A: swapped when it is B; the points are world
// points, so no mirroring is needed for them), any body against a mesh
// (contact_mesh.hpp, one MeshScratch), and two round bodies
// (sphere-sphere, sphere-capsule, capsule-sphere, capsule-capsule: the
// closest points of the cores, two points for capsules lying along each
// other). Two modes:
// sepax.cold (no caches) and sepax.cached (per pair a contact::Cache and a
// sat::Resting, or a contact::MeshCache, carried from frame to frame).
//
// Rows "scene/<library>/all" (every frame) and "scene/<library>/resting"
// (the second half of the frames, after the first half is replayed untimed
// so that per-pair state is what it would be). Counters: us_per_frame
// (wall clock) and cpu_us_per_frame (process CPU time: steadier on a shared
// machine), pairs and points per frame, unsupported (pairs per frame the
// library has no collider for: not timed), and from one checked replay (not
// timed):
// checked_pairs, wrong_pairs, missed_pairs (pairs of frames; see check()),
// and frame_stride.
//
// After the rows, for each library whose rows ran (every library unless
// --benchmark_filter leaves some out): with $SEPAX_SCENE_FRAMES_CSV set,
// each replays the recording 5 times and the CSV gets per frame the median
// of its times (us). With $SEPAX_SCENE_KINDS set, a table follows on
// stdout: per library the mean time of one pair for each pair of body kinds
// (where the frame's time goes); $SEPAX_SCENE_KINDS_CSV=path writes the
// same means as CSV, for the whole recording and its resting half, with
// the pairs' counts (library,half,kinds,pairs,us_per_pair).
#include "scene.hpp"

#include "sepax/contact.hpp"
#include "sepax/contact_mesh.hpp"
#include "sepax/convex.hpp"
#include "sepax/sat_round.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <vector>

#ifndef SEPAX_SCENE_DEFAULT
#define SEPAX_SCENE_DEFAULT ""
#endif

using namespace sepax;
using scene::Body;
using scene::Contact;
using scene::Kind;
using scene::Pair;

namespace {

using Clock = std::chrono::steady_clock;

/// Checks: a deepest separation or a point's distance from the surfaces is
/// wrong beyond 1% of the smaller body's size, at most this (length unit:
/// 1 mm for a scene of bodies about 1 m across).
constexpr double check_tol_abs = 1e-3;
constexpr double check_tol_rel = 0.01;
/// Replays a frame of the per-frame CSV takes its median over.
constexpr int csv_repetitions = 5;

// ---------------------------------------------------------------------------
// Round bodies against each other

/// The contact of two round bodies (spheres and capsules) through the
/// contact::collide overload of their kinds.
contact::Manifold round_pair(const Body& a, const Pose& pa, const Body& b, const Pose& pb,
                             real margin) {
  const auto sphere = [](const Body& x) { return convex::sphere(vec3(0), x.radius); };
  const auto capsule = [](const Body& x) {
    return convex::capsule(vec3(0, 0, -x.half_height), vec3(0, 0, x.half_height), x.radius);
  };
  if (a.kind == Kind::sphere)
    return b.kind == Kind::sphere ? contact::collide(sphere(a), pa, sphere(b), pb, margin)
                                  : contact::collide(sphere(a), pa, capsule(b), pb, margin);
  return b.kind == Kind::sphere ? contact::collide(capsule(a), pa, sphere(b), pb, margin)
                                : contact::collide(capsule(a), pa, capsule(b), pb, margin);
}

// ---------------------------------------------------------------------------
// sepax's narrow phase

int emit(const contact::Manifold& m, std::vector<Contact>* out) {
  if (out != nullptr)
    for (int i = 0; i < m.count; ++i) out->push_back({m.points[i].point_b, m.points[i].separation});
  return m.count;
}

int emit(const contact::MeshManifold& m, std::vector<Contact>* out) {
  int n = 0;
  for (int r = 0; r < m.count; ++r) n += emit(m.regions[r], out);
  return n;
}

class Sepax final : public scene::Narrowphase {
 public:
  Sepax(const scene::Scene& s, bool cached) : scene_(s), cached_(cached) {
    for (const Body& b : s.bodies) {
      spheres_.push_back(convex::sphere(vec3(0), b.radius));
      capsules_.push_back(
          convex::capsule(vec3(0, 0, -b.half_height), vec3(0, 0, b.half_height), b.radius));
    }
    reset();
  }

  void reset() override { state_.assign(std::size_t(scene_.slots), State{}); }

  int collide(const Pair& p, std::vector<Contact>* out) override {
    const Body& a = scene_.bodies[std::size_t(p.a)];
    const Body& b = scene_.bodies[std::size_t(p.b)];
    State& st = state_[std::size_t(p.slot)];
    if (a.is_hull() && b.is_hull())
      return emit(cached_ ? contact::collide(a.hull, p.pose_a, b.hull, p.pose_b, p.margin,
                                             &st.cache, &st.resting)
                          : contact::collide(a.hull, p.pose_a, b.hull, p.pose_b, p.margin),
                  out);
    if (a.kind == Kind::mesh && b.kind == Kind::mesh) return -1;
    if (a.kind == Kind::mesh) return on_mesh(p.b, p.pose_b, a.mesh, p.pose_a, p.margin, st, out);
    if (b.kind == Kind::mesh) return on_mesh(p.a, p.pose_a, b.mesh, p.pose_b, p.margin, st, out);
    if (a.is_round() && b.is_hull())
      return emit(round_hull(p.a, p.pose_a, b, p.pose_b, p.margin), out);
    if (b.is_round() && a.is_hull())
      return emit(round_hull(p.b, p.pose_b, a, p.pose_a, p.margin), out);
    return emit(round_pair(a, p.pose_a, b, p.pose_b, p.margin), out);
  }

 private:
  struct State {
    contact::Cache cache;
    sat::Resting resting;
    contact::MeshCache mesh;
  };

  contact::Manifold round_hull(int round, const Pose& pr, const Body& h, const Pose& ph,
                               real margin) const {
    const Body& r = scene_.bodies[std::size_t(round)];
    return r.kind == Kind::sphere
               ? contact::collide(spheres_[std::size_t(round)], pr, h.hull, ph, margin)
               : contact::collide(capsules_[std::size_t(round)], pr, h.hull, ph, margin);
  }

  int on_mesh(int body, const Pose& pb, const TriangleMesh& mesh, const Pose& pm, real margin,
              State& st, std::vector<Contact>* out) {
    const Body& b = scene_.bodies[std::size_t(body)];
    contact::MeshCache* cache = cached_ ? &st.mesh : nullptr;
    switch (b.kind) {
      case Kind::sphere:
        return emit(
            contact::collide(spheres_[std::size_t(body)], pb, mesh, pm, scratch_, margin, cache),
            out);
      case Kind::capsule:
        return emit(
            contact::collide(capsules_[std::size_t(body)], pb, mesh, pm, scratch_, margin, cache),
            out);
      default:
        return emit(contact::collide(b.hull, pb, mesh, pm, scratch_, margin, cache), out);
    }
  }

  const scene::Scene& scene_;
  bool cached_;
  std::vector<convex::Sphere> spheres_;
  std::vector<convex::Capsule> capsules_;
  std::vector<State> state_;
  contact::MeshScratch scratch_;
};

const scene::Registration sepax_cold({"sepax.cold", "contact::collide, no caches", "",
                                      [](const scene::Scene& s) {
                                        return std::make_unique<Sepax>(s, false);
                                      }});
const scene::Registration sepax_cached(
    {"sepax.cached", "contact::collide with Cache+Resting / MeshCache per pair", "",
     [](const scene::Scene& s) { return std::make_unique<Sepax>(s, true); }});

// ---------------------------------------------------------------------------
// The scene

struct Loaded {
  scene::Scene scene;
  std::string path, error;
  int stride = 1;  ///< every stride-th frame of the file kept
  bool ok = false;
};

/// A positive integer from the environment, else 1.
int env_stride() {
  const char* env = std::getenv("SEPAX_SCENE_STRIDE");
  const int k = env != nullptr ? std::atoi(env) : 1;
  return std::max(k, 1);
}

const Loaded& loaded() {
  static const Loaded l = [] {
    Loaded out;
    const char* env = std::getenv("SEPAX_SCENE");
    out.path = env != nullptr && *env != 0 ? env : SEPAX_SCENE_DEFAULT;
    if (out.path.empty())
      out.error = "no scene: set SEPAX_SCENE to a sepax-scene file";
    else
      out.ok = scene::read(out.path, out.scene, out.error);
    out.stride = env_stride();
    if (out.ok && out.stride > 1) {
      std::vector<scene::Frame> kept;
      for (std::size_t f = 0; f < out.scene.frames.size(); f += std::size_t(out.stride))
        kept.push_back(std::move(out.scene.frames[f]));
      out.scene.frames = std::move(kept);
    }
    return out;
  }();
  return l;
}

/// What one replay of some frames did.
struct Tally {
  double pairs = 0, points = 0, unsupported = 0;
};

void replay(scene::Narrowphase& np, const scene::Frame& frame, Tally& tally) {
  for (const Pair& p : frame.pairs) {
    const int n = np.collide(p, nullptr);
    tally.pairs += 1;
    if (n < 0)
      tally.unsupported += 1;
    else
      tally.points += n;
  }
}

// ---------------------------------------------------------------------------
// Checks against sepax's exact answer

/// sepax's exact deepest separation of a pair (infinity: apart beyond the
/// margin, where only mesh pairs leave it unknown) and the pair's tolerance.
struct Reference {
  double separation = std::numeric_limits<double>::infinity();
  double tol = check_tol_abs;
};

Reference reference(const scene::Scene& s, const Pair& p, contact::MeshScratch& scratch) {
  const Body& a = s.bodies[std::size_t(p.a)];
  const Body& b = s.bodies[std::size_t(p.b)];
  Reference r;
  const double smaller = a.kind == Kind::mesh   ? b.size
                         : b.kind == Kind::mesh ? a.size
                                                : std::min(a.size, b.size);
  r.tol = std::min(check_tol_abs, check_tol_rel * smaller);
  const auto sphere = [](const Body& x) { return convex::sphere(vec3(0), x.radius); };
  const auto capsule = [](const Body& x) {
    return convex::capsule(vec3(0, 0, -x.half_height), vec3(0, 0, x.half_height), x.radius);
  };
  const auto round_hull = [&](const Body& x, const Pose& px, const Body& h, const Pose& ph) {
    return x.kind == Kind::sphere ? sat::query(sphere(x), px, h.hull, ph).separation
                                  : sat::query(capsule(x), px, h.hull, ph).separation;
  };
  if (a.is_hull() && b.is_hull()) {
    r.separation = sat::query(a.hull, p.pose_a, b.hull, p.pose_b).separation;
  } else if (a.kind == Kind::mesh || b.kind == Kind::mesh) {
    const bool a_mesh = a.kind == Kind::mesh;
    const Body& body = a_mesh ? b : a;
    const Pose& pb = a_mesh ? p.pose_b : p.pose_a;
    const TriangleMesh& mesh = a_mesh ? a.mesh : b.mesh;
    const Pose& pm = a_mesh ? p.pose_a : p.pose_b;
    contact::MeshManifold m;
    if (body.kind == Kind::sphere)
      m = contact::collide(sphere(body), pb, mesh, pm, scratch, p.margin);
    else if (body.kind == Kind::capsule)
      m = contact::collide(capsule(body), pb, mesh, pm, scratch, p.margin);
    else
      m = contact::collide(body.hull, pb, mesh, pm, scratch, p.margin);
    // The deepest point: a region's own `separation` can be deeper than
    // every point it holds (seen: -0.0235 against -0.0023 for a box on the
    // test terrain, whose corner is 0.0023 below the surface).
    for (int k = 0; k < m.count; ++k)
      for (int i = 0; i < m.regions[k].count; ++i)
        r.separation = std::min(r.separation, double(m.regions[k].points[i].separation));
  } else if (a.is_round() && b.is_hull()) {
    r.separation = round_hull(a, p.pose_a, b, p.pose_b);
  } else if (b.is_round() && a.is_hull()) {
    r.separation = round_hull(b, p.pose_b, a, p.pose_a);
  } else {
    r.separation = round_pair(a, p.pose_a, b, p.pose_b, p.margin).separation;
  }
  return r;
}

/// The references of every pair of every frame, computed once.
const std::vector<std::vector<Reference>>& references(const scene::Scene& s) {
  static const std::vector<std::vector<Reference>> refs = [&] {
    std::vector<std::vector<Reference>> out;
    contact::MeshScratch scratch;
    for (const scene::Frame& f : s.frames) {
      auto& row = out.emplace_back();
      for (const Pair& p : f.pairs) row.push_back(reference(s, p, scratch));
    }
    return out;
  }();
  return refs;
}

struct Checks {
  int checked = 0, wrong = 0, missed = 0, unsupported = 0;
};

/// One replay of the whole recording in order, every pair's contacts
/// checked against sepax's exact answer: wrong when the deepest point's
/// depth (0 when apart) is off the exact one by more than the pair's
/// tolerance, or when a point is farther than the tolerance plus half the
/// depth from the nearer body surface (a point of the overlap is within
/// half the depth of it); missed when sepax finds the pair overlapping by more
/// than the tolerance and the library gives no point. Prints the first
/// wrong answer.
Checks check(const scene::Library& lib, const scene::Scene& s) {
  const auto& refs = references(s);
  const std::unique_ptr<scene::Narrowphase> np = lib.make(s);
  Checks c;
  std::vector<Contact> points;
  for (std::size_t f = 0; f < s.frames.size(); ++f)
    for (std::size_t i = 0; i < s.frames[f].pairs.size(); ++i) {
      const Pair& p = s.frames[f].pairs[i];
      const Reference& ref = refs[f][i];
      points.clear();
      const int n = np->collide(p, &points);
      if (n < 0) {
        ++c.unsupported;
        continue;
      }
      ++c.checked;
      if (points.empty()) {
        c.missed += ref.separation < -ref.tol ? 1 : 0;
        continue;
      }
      // A point inside the overlap lies within half the depth of the nearer
      // surface: `far` is how much farther than that a point is.
      const double half_depth = std::isinf(ref.separation) ? 0 : std::max(0.0, -ref.separation) / 2;
      double deepest = std::numeric_limits<double>::infinity(), far = 0;
      for (const Contact& k : points) {
        deepest = std::min(deepest, double(k.separation));
        const double da = scene::surface_distance(s.bodies[std::size_t(p.a)], p.pose_a, k.point);
        const double db = scene::surface_distance(s.bodies[std::size_t(p.b)], p.pose_b, k.point);
        far = std::max(far, std::min(da, db) - half_depth);
      }
      // Depths, not separations: apart, SAT's separation is a lower bound of
      // the distance that a speculative point's separation may exceed.
      const bool depth_off =
          std::abs(std::max(0.0, -deepest) - std::max(0.0, -ref.separation)) > ref.tol;
      if (!depth_off && far <= ref.tol) continue;
      if (c.wrong++ == 0)
        std::fprintf(
            stderr,
            "%s: frame %zu pair (%d, %d): deepest %.6g against sepax's exact %.6g, a point "
            "%.3g beyond half the depth from the surfaces (tolerance %.3g)\n",
            lib.name.c_str(), f, p.a, p.b, deepest, ref.separation, far, ref.tol);
    }
  return c;
}

const Checks& checks_of(const scene::Library& lib, const scene::Scene& s) {
  static std::map<std::string, Checks> done;
  if (auto it = done.find(lib.name); it != done.end()) return it->second;
  return done.emplace(lib.name, check(lib, s)).first->second;
}

// ---------------------------------------------------------------------------
// Rows

/// The names of the libraries whose rows ran: the CSV and the kinds table
/// cover these.
std::set<std::string>& ran() {
  static std::set<std::string> names;
  return names;
}

std::vector<const scene::Library*> libraries_that_ran() {
  std::vector<const scene::Library*> out;
  for (const scene::Library& lib : scene::libraries())
    if (ran().count(lib.name) != 0) out.push_back(&lib);
  return out;
}

void run_row(benchmark::State& state, const scene::Library& lib, bool resting_half) {
  const Loaded& l = loaded();
  if (!l.ok) {
    state.SkipWithError(l.error.c_str());
    return;
  }
  const scene::Scene& s = l.scene;
  ran().insert(lib.name);
  const std::size_t first = resting_half ? s.frames.size() / 2 : 0;
  const std::unique_ptr<scene::Narrowphase> np = lib.make(s);
  Tally warm;
  for (std::size_t f = 0; f < first; ++f) replay(*np, s.frames[f], warm);
  Tally tally;
  double seconds = 0, cpu_seconds = 0, frames = 0;
  for (auto _ : state) {
    const auto t0 = Clock::now();
    const std::clock_t c0 = std::clock();
    for (std::size_t f = first; f < s.frames.size(); ++f) replay(*np, s.frames[f], tally);
    cpu_seconds += double(std::clock() - c0) / CLOCKS_PER_SEC;
    seconds += std::chrono::duration<double>(Clock::now() - t0).count();
    frames += double(s.frames.size() - first);
  }
  benchmark::DoNotOptimize(tally);
  const Checks& c = checks_of(lib, s);
  frames = std::max(frames, 1.0);
  state.counters["us_per_frame"] = 1e6 * seconds / frames;
  state.counters["cpu_us_per_frame"] = 1e6 * cpu_seconds / frames;
  state.counters["pairs"] = tally.pairs / frames;
  state.counters["points"] = tally.points / frames;
  state.counters["unsupported"] = tally.unsupported / frames;
  state.counters["checked_pairs"] = c.checked;
  state.counters["wrong_pairs"] = c.wrong;
  state.counters["missed_pairs"] = c.missed;
  state.counters["frame_stride"] = l.stride;
  const std::string note = np->note();
  state.SetLabel(note.empty() ? lib.label : lib.label + "; " + note);
}

/// The per-frame CSV: frame (the file's), then per library that ran the median over
/// csv_repetitions replays of the recording of that frame's time (us).
void write_frames_csv(const std::string& path) {
  const Loaded& l = loaded();
  if (!l.ok) return;
  const scene::Scene& s = l.scene;
  const std::vector<const scene::Library*> libs = libraries_that_ran();
  std::vector<std::vector<double>> medians;
  for (const scene::Library* lib : libs) {
    const std::unique_ptr<scene::Narrowphase> np = lib->make(s);
    std::vector<std::vector<double>> times(s.frames.size());
    for (int rep = 0; rep < csv_repetitions; ++rep) {
      np->reset();
      Tally tally;
      for (std::size_t f = 0; f < s.frames.size(); ++f) {
        const auto t0 = Clock::now();
        replay(*np, s.frames[f], tally);
        times[f].push_back(1e6 * std::chrono::duration<double>(Clock::now() - t0).count());
      }
      benchmark::DoNotOptimize(tally);
    }
    auto& m = medians.emplace_back();
    for (auto& t : times) {
      std::nth_element(t.begin(), t.begin() + csv_repetitions / 2, t.end());
      m.push_back(t[csv_repetitions / 2]);
    }
  }
  std::ofstream out(path);
  out << "frame";
  for (const scene::Library* lib : libs) out << ',' << lib->name;
  out << '\n';
  for (std::size_t f = 0; f < s.frames.size(); ++f) {
    out << f * std::size_t(l.stride);
    for (const auto& m : medians) out << ',' << m[f];
    out << '\n';
  }
  if (!out) std::fprintf(stderr, "bench_scene: cannot write %s\n", path.c_str());
}

const char* kind_name(Kind k) {
  constexpr const char* names[] = {"box", "sphere", "capsule", "hull", "mesh"};
  return names[int(k)];
}

/// The time of one library's pairs of one pair of body kinds, over
/// csv_repetitions replays of the recording (or of its resting half).
struct KindTime {
  double us = 0;  ///< summed over the replays
  int pairs = 0;  ///< timed pairs in the replays
};

/// Per library that ran: per half ("all", "resting"), per kinds ("a-b"),
/// its pairs' time. Each pair is timed alone, so a few tens of ns of clock
/// reads are in each.
using KindTable = std::map<std::string, std::map<std::string, std::map<std::string, KindTime>>>;

std::string kinds_of(const scene::Scene& s, const Pair& p) {
  return std::string(kind_name(s.bodies[std::size_t(p.a)].kind)) + "-" +
         kind_name(s.bodies[std::size_t(p.b)].kind);
}

KindTable measure_kinds(const scene::Scene& s) {
  KindTable table;
  const std::size_t half = s.frames.size() / 2;
  const auto add = [](KindTime& k, double us) { k.us += us, k.pairs += 1; };
  for (const scene::Library* lib : libraries_that_ran()) {
    const std::unique_ptr<scene::Narrowphase> np = lib->make(s);
    auto& by_half = table[lib->name];
    by_half["all"];  // present even when the library answers no pair
    for (int rep = 0; rep < csv_repetitions; ++rep) {
      np->reset();
      for (std::size_t f = 0; f < s.frames.size(); ++f)
        for (const Pair& p : s.frames[f].pairs) {
          const auto t0 = Clock::now();
          const int n = np->collide(p, nullptr);
          const double us = 1e6 * std::chrono::duration<double>(Clock::now() - t0).count();
          if (n < 0) continue;
          const std::string kinds = kinds_of(s, p);
          add(by_half["all"][kinds], us);
          if (f >= half) add(by_half["resting"][kinds], us);
        }
    }
  }
  return table;
}

/// The per-kind table on stdout: the mean time (us) of one pair of each
/// pair of body kinds over the whole recording, a row a library.
void print_kind_table(const scene::Scene& s, const KindTable& table) {
  std::printf("\nmean us per pair, by kinds (a-b)\n%-16s", "library");
  std::set<std::string> kinds;
  for (const scene::Frame& f : s.frames)
    for (const Pair& p : f.pairs) kinds.insert(kinds_of(s, p));
  for (const std::string& name : kinds) std::printf(" %14s", name.c_str());
  std::printf("\n");
  for (const scene::Library* lib : libraries_that_ran()) {
    std::printf("%-16s", lib->name.c_str());
    const std::map<std::string, KindTime>& all = table.at(lib->name).at("all");
    for (const std::string& name : kinds) {
      const auto it = all.find(name);
      if (it == all.end())
        std::printf(" %14s", "-");
      else
        std::printf(" %14.2f", it->second.us / it->second.pairs);
    }
    std::printf("\n");
  }
}

/// The same means as CSV: library,half,kinds,pairs,us_per_pair (pairs: the
/// timed pairs of one replay of the half).
void write_kinds_csv(const std::string& path, const KindTable& table) {
  std::ofstream out(path);
  out << "library,half,kinds,pairs,us_per_pair\n";
  for (const auto& [lib, by_half] : table)
    for (const auto& [half, by_kinds] : by_half)
      for (const auto& [kinds, k] : by_kinds)
        out << lib << ',' << half << ',' << kinds << ',' << k.pairs / csv_repetitions << ','
            << k.us / k.pairs << '\n';
  if (!out) std::fprintf(stderr, "bench_scene: cannot write %s\n", path.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  const Loaded& l = loaded();
  benchmark::AddCustomContext("scene", l.path);
  if (l.ok) {
    benchmark::AddCustomContext("scene_bodies", std::to_string(l.scene.bodies.size()));
    benchmark::AddCustomContext("scene_frames", std::to_string(l.scene.frames.size()));
    benchmark::AddCustomContext("scene_stride", std::to_string(l.stride));
  } else {
    std::fprintf(stderr, "bench_scene: %s\n", l.error.c_str());
  }
  for (const scene::Library& lib : scene::libraries()) {
    if (!lib.version.empty()) benchmark::AddCustomContext(lib.name + "_version", lib.version);
    for (const bool resting : {false, true}) {
      const std::string name = "scene/" + lib.name + (resting ? "/resting" : "/all");
      benchmark::RegisterBenchmark(name.c_str(), run_row, std::cref(lib), resting)
          ->Unit(benchmark::kMicrosecond);
    }
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  if (const char* csv = std::getenv("SEPAX_SCENE_FRAMES_CSV"); csv != nullptr && *csv != 0)
    write_frames_csv(csv);
  const char* kinds = std::getenv("SEPAX_SCENE_KINDS");
  const char* kinds_csv = std::getenv("SEPAX_SCENE_KINDS_CSV");
  const bool print = kinds != nullptr && *kinds != 0;
  const bool write = kinds_csv != nullptr && *kinds_csv != 0;
  if (l.ok && (print || write)) {
    const KindTable table = measure_kinds(l.scene);
    if (print) print_kind_table(l.scene, table);
    if (write) write_kinds_csv(kinds_csv, table);
  }
  return 0;
}
