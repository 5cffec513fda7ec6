// bench_contact: contact manifolds (contact::collide) against the exact
// MTV query they start from (sat::query), Bullet's polyhedral clipping and
// ODE's dCollide, on the same pairs and poses. Rows are
// "contact/<pair>/<algorithm>":
//  - sepax.cold: collide without a cache; sepax.warm: with the pair's
//    contact::Cache, the pair at the same pose every query; sepax.warm_moving:
//    the same along a small path (below);
//  - sepax.sat_query: sat::query alone, no cache; sepax.sat_query_cached:
//    with the pair's sat::Cache, same pose every query;
//  - bullet.clip (peers/bullet_clip.hpp), ode.collide (peers/ode.hpp: box
//    geoms on box pairs, convex geoms otherwise), ode.convex (convex geoms
//    on box pairs too).
//
// Pairs (8 or 16 a row, A at a random pose): *_resting, B's largest face
// on A's largest face, turned about the normal at random and sunk 1% of the
// size into it (box_resting) or 0.5% (random hulls of 8 to 512 vertices);
// box_edges, two boxes whose edges cross at 45 to 135 degrees, 1% deep;
// *_separated, bench/pairs.hpp's separated pairs (10% of the size apart).
// The margin is 2% of the size (Box2D's speculative distance, 4 linear
// slops on a 1 m body), so separated pairs are beyond it. The moving path
// (warm_moving) slides B along the contact 0.05% of the size and turns it
// 0.25 degrees about the normal a frame, 32 frames forth and back (separated
// pairs: pairs.hpp's path).
//
// Before a row is timed, its algorithm answers every pose of the row and is
// checked against sat::query_general's exact answer at that pose: a
// touching pair must get points (an intersecting answer for a SAT query), a
// normal within 1 degree of SAT's axis and a deepest separation within 1e-3
// of the size of SAT's; a separated pair must get none. Wrong answers are a
// finding, not a failure: the row is timed anyway, its "wrong" counter
// says how many, and the first one is printed. Counters: points (contact
// points a query, raw: Bullet's before its manifold reduces them), wrong,
// checked, normal_dev_deg and depth_diff (largest deviations, depth
// relative to the size), face_rate (sepax: share of queries decided by a
// face axis), hit_rate (cached SAT), vertices.
#include "pairs.hpp"
#include "sepax/contact.hpp"
#include "sepax/shapes.hpp"
#if SEPAX_BENCH_HAVE_BULLET
#include "peers/bullet_clip.hpp"
#endif
#if SEPAX_BENCH_HAVE_ODE
#include "peers/ode.hpp"
#endif
#ifndef SEPAX_BENCH_HAVE_BULLET
#define SEPAX_BENCH_HAVE_BULLET 0
#endif
#ifndef SEPAX_BENCH_HAVE_ODE
#define SEPAX_BENCH_HAVE_ODE 0
#endif

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <map>
#include <memory>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

using namespace sepax;
using bench::PairCase;
using bench::Situation;
using bench::Workload;

namespace {

constexpr real pi = std::numbers::pi_v<real>;
/// Pairs of a resting or crossing row (separated rows: pairs.hpp's 16).
constexpr int pairs_per_row = 8;
/// Depth of a resting pair, relative to the size: boxes, random hulls.
/// Random hulls' faces are small, so a deep one would cut their neighbours.
constexpr double box_depth = 0.01;
constexpr double hull_depth = 0.005;
/// Depth of crossing edges, relative to the size.
constexpr double edge_depth = 0.01;
/// Speculative margin, relative to the size: Box2D's b2_speculativeDistance
/// (4 linear slops of 0.005 m) on a body of 1 m.
constexpr double margin_rel = 0.02;
/// The moving path of resting and crossing pairs: slide a frame (relative
/// to the size; small, so that B stays on A's face), turn a frame, frames.
constexpr double path_step = 0.0005;
constexpr real path_turn = real(0.25) * pi / 180;
constexpr int path_frames = 32;
/// Checks: normal against SAT's axis (degrees), deepest separation against
/// SAT's (relative to the size).
constexpr double normal_tol_deg = 1;
constexpr double depth_tol = 1e-3;
/// A row is skipped when one query takes longer than this (seconds).
constexpr double budget_seconds = 0.25;
/// Bullet's findSeparatingAxis is O(E_A E_B (V_A + V_B)): seconds a query
/// beyond this many vertices.
constexpr int bullet_max_vertices = 128;

// ---------------------------------------------------------------------------
// Pairs

using bench::Rng;

/// The hulls of the rows' pairs, kept for the whole run.
std::deque<Hull>& store() {
  static std::deque<Hull> hulls;
  return hulls;
}

/// A box of random half extents 0.4 to 1, or a random hull of n vertices of
/// radius 1.
const Hull& make_hull(int n, std::uint64_t seed) {
  if (n == 0) {
    Rng rng(seed);
    const vec3 half(rng.uniform(real(0.4), 1), rng.uniform(real(0.4), 1),
                    rng.uniform(real(0.4), 1));
    return store().emplace_back(shapes::box(half));
  }
  return store().emplace_back(shapes::random_hull(n, 1, seed));
}

/// The face of largest area, its centroid (the mean of its corners).
std::pair<index_t, vec3> largest_face(const Hull& h) {
  const auto edges = h.half_edges();
  const auto verts = h.vertices();
  index_t best = 0;
  real best_area = -1;
  vec3 best_centre(0);
  for (index_t f = 0; f < index_t(h.face_count()); ++f) {
    const Face& face = h.faces()[std::size_t(f)];
    index_t e = face.edge;
    const vec3 first = verts[std::size_t(edges[std::size_t(e)].origin)];
    vec3 twice_area(0), sum(0);
    for (index_t k = 0; k < face.count; ++k, e = edges[std::size_t(e)].next) {
      const vec3 p = verts[std::size_t(edges[std::size_t(e)].origin)];
      const vec3 q = verts[std::size_t(edges[std::size_t(edges[std::size_t(e)].next)].origin)];
      twice_area += glm::cross(p - first, q - first);
      sum += p;
    }
    const real area = glm::length(twice_area);
    if (area > best_area) best = f, best_area = area, best_centre = sum / real(face.count);
  }
  return {best, best_centre};
}

/// The rotation taking unit u to unit v.
quat rotation_between(const vec3& u, const vec3& v) {
  const real c = glm::dot(u, v);
  if (c < real(-0.999999)) {  // opposite: half a turn about any perpendicular
    const vec3 other = std::abs(u.x) < real(0.9) ? vec3(1, 0, 0) : vec3(0, 1, 0);
    return glm::angleAxis(pi, glm::normalize(glm::cross(u, other)));
  }
  const vec3 w = glm::cross(u, v);
  return glm::normalize(quat(1 + c, w.x, w.y, w.z));
}

/// B's largest face on A's largest face, `depth` (relative) into it.
PairCase resting_pair(int n, int k, double depth) {
  const std::uint64_t seed = 1000003 * std::uint64_t(n + 1) + 2 * std::uint64_t(k);
  PairCase p;
  p.a = &make_hull(n, seed);
  p.b = &make_hull(n, seed + 1);
  p.size = double(std::max(p.a->extent(), p.b->extent()));
  Rng rng(seed * 7 + 5);
  p.pose_a = rng.pose();
  const auto [face_a, centre_a] = largest_face(*p.a);
  const auto [face_b, centre_b] = largest_face(*p.b);
  const vec3 normal = p.pose_a.rotate(p.a->planes()[std::size_t(face_a)].normal);
  const vec3 slide = glm::normalize(glm::cross(normal, rng.direction()));
  const quat lay = rotation_between(p.b->planes()[std::size_t(face_b)].normal, -normal);
  const real yaw = rng.uniform(0, 2 * pi);
  const vec3 contact = p.pose_a.apply(centre_a) - normal * real(depth * p.size);
  for (int f = 0; f < path_frames; ++f) {
    const quat q = glm::angleAxis(yaw + path_turn * real(f), normal) * lay;
    const vec3 where = contact + slide * real(path_step * p.size * f);
    p.pose_b.push_back(pose_from_quat(where - glm::mat3_cast(q) * centre_b, q));
  }
  return p;
}

/// Two boxes whose edges cross: A's edge along its x at (+y, +z), B's along
/// its x at (-y, -z), met along the diagonal of A's edge's normal cone.
PairCase crossing_pair(int k) {
  const std::uint64_t seed = 7777 + 2 * std::uint64_t(k);
  PairCase p;
  p.a = &make_hull(0, seed);
  p.b = &make_hull(0, seed + 1);
  p.size = double(std::max(p.a->extent(), p.b->extent()));
  Rng rng(seed * 7 + 5);
  p.pose_a = rng.pose();
  const vec3 ha = p.a->box().half, hb = p.b->box().half;
  const vec3 edge_a = p.pose_a.rotate(vec3(1, 0, 0));
  const vec3 normal = p.pose_a.rotate(glm::normalize(vec3(0, 1, 1)));
  const vec3 mid_a = p.pose_a.apply(vec3(0, ha.y, ha.z));
  const vec3 mid_b(0, -hb.y, -hb.z);
  // B's frame: its edge direction x, its edge's outward diagonal m, x cross m.
  const vec3 m = glm::normalize(vec3(0, -1, -1));
  const mat3 local(vec3(1, 0, 0), m, glm::cross(vec3(1, 0, 0), m));
  const real angle = rng.uniform(pi / 4, 3 * pi / 4);
  for (int f = 0; f < path_frames; ++f) {
    const real t = angle + path_turn * real(f);
    const vec3 edge_b = std::cos(t) * edge_a + std::sin(t) * glm::cross(normal, edge_a);
    const mat3 world(edge_b, -normal, glm::cross(edge_b, -normal));
    Pose pb;
    pb.rotation = world * glm::transpose(local);
    const vec3 where =
        mid_a - normal * real(edge_depth * p.size) + edge_a * real(path_step * p.size * f);
    pb.translation = where - pb.rotation * mid_b;
    p.pose_b.push_back(pb);
  }
  return p;
}

/// The pairs of a row, with SAT's exact answer at every pose.
struct PairSet {
  std::string name;
  bool touching = true;  ///< every pose overlaps (false: apart beyond the margin)
  bool boxes = false;    ///< both hulls of every pair are boxes
  int vertices = 0;      ///< of the largest hull
  std::vector<PairCase> pairs;
  std::vector<std::vector<sat::Result>> exact;  ///< [pair][frame]: sat::query_general
};

PairSet finish(std::string name, bool touching, std::vector<PairCase> pairs) {
  PairSet s;
  s.name = std::move(name);
  s.touching = touching;
  s.boxes = true;
  for (const PairCase& p : pairs) {
    s.boxes = s.boxes && p.a->is_box() && p.b->is_box();
    s.vertices = std::max({s.vertices, int(p.a->vertex_count()), int(p.b->vertex_count())});
    auto& exact = s.exact.emplace_back();
    for (const Pose& pb : p.pose_b) exact.push_back(sat::query_general(*p.a, p.pose_a, *p.b, pb));
  }
  s.pairs = std::move(pairs);
  return s;
}

/// A row's pairs by name, built on first use and kept.
const PairSet& pair_set(const std::string& name) {
  static std::map<std::string, PairSet> sets;
  if (auto it = sets.find(name); it != sets.end()) return it->second;
  std::vector<PairCase> pairs;
  bool touching = true;
  const std::string kind = name.substr(0, name.find('_'));
  const int n = kind == "box" ? 0 : std::stoi(kind.substr(4));
  if (name.ends_with("_resting")) {
    for (int k = 0; k < pairs_per_row; ++k)
      pairs.push_back(resting_pair(n, k, n == 0 ? box_depth : hull_depth));
  } else if (name.ends_with("_edges")) {
    for (int k = 0; k < pairs_per_row; ++k) pairs.push_back(crossing_pair(k));
  } else {
    touching = false;
    pairs = bench::workload(kind, Situation::separated, true).pairs;
  }
  return sets.emplace(name, finish(name, touching, std::move(pairs))).first->second;
}

const char* const set_names[] = {
    "box_resting", "hull8_resting", "hull32_resting",   "hull128_resting",   "hull512_resting",
    "box_edges",   "box_separated", "hull32_separated", "hull128_separated", "hull512_separated"};

/// The (pair, frame) visits of a row: every pair at frame 0, or each pair
/// walking its path forth and back, the pairs taking turns.
std::vector<std::pair<int, int>> visits_of(const PairSet& s, bool moving) {
  std::vector<std::pair<int, int>> out;
  const int frames = moving ? int(s.pairs[0].pose_b.size()) : 1;
  const int steps = frames > 1 ? 2 * frames - 2 : 1;
  for (int step = 0; step < steps; ++step)
    for (int k = 0; k < int(s.pairs.size()); ++k)
      out.emplace_back(k, step < frames ? step : 2 * frames - 2 - step);
  return out;
}

// ---------------------------------------------------------------------------
// Algorithms

/// What the warm rows keep per pair: the caches and the resting state.
struct ContactState {
  contact::Cache cache;
  sat::Resting resting;
};
struct SatState {
  sat::Cache cache;
  sat::Resting resting;
};

enum class Algo {
  cold,
  warm,
  warm_moving,
  sat_query,
  sat_query_cached,
  bullet_clip,
  ode_collide,
  ode_convex
};
const char* const algo_names[] = {
    "sepax.cold",  "sepax.warm",  "sepax.warm_moving", "sepax.sat_query", "sepax.sat_query_cached",
    "bullet.clip", "ode.collide", "ode.convex"};

/// One answer, as the checks read it.
struct Outcome {
  bool touching = false;  ///< points given (a SAT query: intersecting)
  int points = -1;        ///< contact points (-1: a SAT query)
  vec3 normal{0};         ///< world, A to B
  double deepest = 0;     ///< the deepest point's separation (SAT: its separation)
  int face = -1;          ///< sepax: 1 when a face axis decided
  int cache_hit = -1;     ///< cached SAT: 1 on a hit
};

bool is_face(sat::FeatureKind k) {
  return k == sat::FeatureKind::face_a || k == sat::FeatureKind::face_b;
}

Outcome outcome_of(const contact::Manifold& m) {
  Outcome o{m.count > 0, m.count, m.normal, double(m.separation), is_face(m.feature.kind) ? 1 : 0,
            -1};
  for (int i = 0; i < m.count; ++i)
    o.deepest = i == 0 ? double(m.points[0].separation)
                       : std::min(o.deepest, double(m.points[i].separation));
  return o;
}

Outcome outcome_of(const sat::Result& r) {
  return {r.intersecting,
          -1,
          r.axis,
          double(r.separation),
          is_face(r.feature.kind) ? 1 : 0,
          r.counters.cache_hit ? 1 : 0};
}

#if SEPAX_BENCH_HAVE_BULLET || SEPAX_BENCH_HAVE_ODE
/// A peer's answer: its raw point count and the manifold it filled.
struct PeerAnswer {
  int points = 0;
  contact::Manifold m;
};

Outcome outcome_of(const PeerAnswer& a) {
  return {a.points > 0, a.points, a.m.normal, double(a.m.separation), -1, -1};
}

/// A peer's prepared pairs (each with collide(frame, manifold)) as a query.
template <class PeerPair>
auto peer_query(std::vector<std::shared_ptr<PeerPair>> prepared) {
  return [prepared = std::move(prepared)](int k, int f) {
    PeerAnswer a;
    a.points = prepared[std::size_t(k)]->collide(f, a.m);
    return a;
  };
}
#endif

/// A row's query: run() is timed, answer() is the same query checked.
class Runner {
 public:
  virtual ~Runner() = default;
  virtual void run(int pair, int frame) = 0;
  virtual Outcome answer(int pair, int frame) = 0;
};

template <class Query>
class QueryRunner final : public Runner {
 public:
  explicit QueryRunner(Query q) : query_(std::move(q)) {}
  void run(int pair, int frame) override { benchmark::DoNotOptimize(query_(pair, frame)); }
  Outcome answer(int pair, int frame) override { return outcome_of(query_(pair, frame)); }

 private:
  Query query_;
};

template <class Query>
std::unique_ptr<Runner> runner(Query q) {
  return std::make_unique<QueryRunner<Query>>(std::move(q));
}

real margin_of(const PairCase& p) {
  return real(margin_rel * p.size);
}

/// The runner of an algorithm on a set (its caches and peer shapes inside).
std::unique_ptr<Runner> make_runner(Algo algo, const PairSet& s) {
  const std::vector<PairCase>* pairs = &s.pairs;
  switch (algo) {
    case Algo::cold:
      return runner([pairs](int k, int f) {
        const PairCase& p = (*pairs)[std::size_t(k)];
        return contact::collide(*p.a, p.pose_a, *p.b, p.pose_b[std::size_t(f)], margin_of(p));
      });
    case Algo::warm:
    case Algo::warm_moving:
      return runner(
          [pairs, caches = std::vector<ContactState>(pairs->size())](int k, int f) mutable {
            const PairCase& p = (*pairs)[std::size_t(k)];
            ContactState& state = caches[std::size_t(k)];
            return contact::collide(*p.a, p.pose_a, *p.b, p.pose_b[std::size_t(f)], margin_of(p),
                                    &state.cache, &state.resting);
          });
    case Algo::sat_query:
      return runner([pairs](int k, int f) {
        const PairCase& p = (*pairs)[std::size_t(k)];
        return sat::query(*p.a, p.pose_a, *p.b, p.pose_b[std::size_t(f)]);
      });
    case Algo::sat_query_cached:
      return runner([pairs, caches = std::vector<SatState>(pairs->size())](int k, int f) mutable {
        const PairCase& p = (*pairs)[std::size_t(k)];
        SatState& state = caches[std::size_t(k)];
        return sat::query(*p.a, p.pose_a, *p.b, p.pose_b[std::size_t(f)], &state.cache,
                          &state.resting);
      });
    case Algo::bullet_clip: {
#if SEPAX_BENCH_HAVE_BULLET
      std::vector<std::shared_ptr<peers::bullet_clip::Pair>> prepared;
      for (const PairCase& p : *pairs)
        prepared.push_back(std::make_shared<peers::bullet_clip::Pair>(*p.a, p.pose_a, *p.b,
                                                                      p.pose_b, margin_of(p)));
      return runner(peer_query(std::move(prepared)));
#else
      return nullptr;
#endif
    }
    case Algo::ode_collide:
    case Algo::ode_convex: {
#if SEPAX_BENCH_HAVE_ODE
      const auto geoms = algo == Algo::ode_collide && s.boxes ? peers::ode::Geoms::boxes
                                                              : peers::ode::Geoms::convex;
      std::vector<std::shared_ptr<peers::ode::Pair>> prepared;
      for (const PairCase& p : *pairs)
        prepared.push_back(
            std::make_shared<peers::ode::Pair>(*p.a, p.pose_a, *p.b, p.pose_b, geoms));
      return runner(peer_query(std::move(prepared)));
#else
      return nullptr;
#endif
    }
  }
  return nullptr;
}

// ---------------------------------------------------------------------------
// Checks and timing

/// What a row's check pass found.
struct Tally {
  int checked = 0, wrong = 0;
  double points = 0;  ///< summed (queries that report points)
  int point_queries = 0;
  double normal_dev_deg = 0, depth_diff = 0;
  int faces = 0, face_queries = 0;
  int hits = 0, hit_queries = 0;
};

/// Checks one answer against SAT's exact one (see the file comment);
/// prints the row's first wrong answer.
void check(const Outcome& o, const PairSet& s, int k, int f, Tally& t, const std::string& row) {
  const PairCase& p = s.pairs[std::size_t(k)];
  const sat::Result& exact = s.exact[std::size_t(k)][std::size_t(f)];
  ++t.checked;
  if (o.points >= 0) t.points += o.points, ++t.point_queries;
  if (o.face >= 0) t.faces += o.face, ++t.face_queries;
  if (o.cache_hit >= 0) t.hits += o.cache_hit, ++t.hit_queries;
  bool ok = o.touching == s.touching;
  double dev = 0, diff = 0;
  if (s.touching && o.touching) {
    const double c = std::clamp(double(glm::dot(o.normal, exact.axis)), -1.0, 1.0);
    dev = std::acos(c) * 180 / std::numbers::pi;
    diff = std::abs(o.deepest - double(exact.separation)) / p.size;
    t.normal_dev_deg = std::max(t.normal_dev_deg, dev);
    t.depth_diff = std::max(t.depth_diff, diff);
    ok = dev <= normal_tol_deg && diff <= depth_tol;
  }
  if (ok) return;
  if (t.wrong++ == 0)
    std::fprintf(stderr,
                 "%s: pair %d frame %d: %s, %d points, normal %.3g deg off SAT's axis, deepest "
                 "%.9g against SAT's separation %.9g (size %.3g)\n",
                 row.c_str(), k, f, o.touching ? "touching" : "apart", o.points, dev, o.deepest,
                 double(exact.separation), p.size);
}

struct Row {
  std::string key;
  std::unique_ptr<Runner> runner;
  std::vector<std::pair<int, int>> visits;
  Tally tally;
  std::string skip;  ///< reason not to time the row, or empty
};

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

/// Builds the row's runner and checks it on every visit (a cached row
/// walks its visits three times, the first two to warm its caches).
void prepare(Row& row, Algo algo, const PairSet& s) {
  if (algo == Algo::bullet_clip && s.vertices > bullet_max_vertices) {
    row.skip = "not run: findSeparatingAxis is O(E_A E_B (V_A + V_B)), beyond " +
               std::to_string(bullet_max_vertices) + " vertices seconds a query";
    return;
  }
  row.runner = make_runner(algo, s);
  row.visits = visits_of(s, algo == Algo::warm_moving);
  const bool cached =
      algo == Algo::warm || algo == Algo::warm_moving || algo == Algo::sat_query_cached;
  // A resting state is built on the second cold query of the same
  // feature: the third walk is the warm one that the tally reports.
  const int walks = cached ? 3 : 1;
  for (int walk = 0; walk < walks; ++walk) {
    if (walk == walks - 1) row.tally = Tally{};
    for (const auto& [k, f] : row.visits) {
      const auto t0 = std::chrono::steady_clock::now();
      const Outcome o = row.runner->answer(k, f);
      if (seconds_since(t0) > budget_seconds) {
        row.skip = "over budget: one query took more than " +
                   std::to_string(int(budget_seconds * 1000)) + " ms";
        return;
      }
      check(o, s, k, f, row.tally, row.key);
    }
  }
}

void report(benchmark::State& state, const Tally& t, const PairSet& s) {
  if (t.point_queries > 0) state.counters["points"] = t.points / t.point_queries;
  state.counters["wrong"] = t.wrong;
  state.counters["checked"] = t.checked;
  if (s.touching) {
    state.counters["normal_dev_deg"] = t.normal_dev_deg;
    state.counters["depth_diff"] = t.depth_diff;
  }
  if (t.face_queries > 0) state.counters["face_rate"] = double(t.faces) / t.face_queries;
  if (t.hit_queries > 0) state.counters["hit_rate"] = double(t.hits) / t.hit_queries;
  state.counters["vertices"] = s.vertices;
}

void run_row(benchmark::State& state, const std::string& key, const std::string& set, Algo algo) {
  static Row row;
  const PairSet& s = pair_set(set);
  if (row.key != key) {
    row = Row{};
    row.key = key;
    prepare(row, algo, s);
  }
  if (!row.skip.empty()) {
    state.SkipWithError(row.skip.c_str());
    return;
  }
  std::size_t i = 0;
  const std::size_t n = row.visits.size();
  for (auto _ : state) {
    row.runner->run(row.visits[i].first, row.visits[i].second);
    if (++i == n) i = 0;
  }
  report(state, row.tally, s);
}

bool available(Algo algo, const std::string& set) {
  switch (algo) {
    case Algo::bullet_clip:
      return SEPAX_BENCH_HAVE_BULLET != 0;
    case Algo::ode_collide:
      return SEPAX_BENCH_HAVE_ODE != 0;
    case Algo::ode_convex:
      return SEPAX_BENCH_HAVE_ODE != 0 && set.starts_with("box");
    default:
      return true;
  }
}

void add_versions() {
  benchmark::AddCustomContext("margin_rel", std::to_string(margin_rel));
#if SEPAX_BENCH_HAVE_BULLET
  benchmark::AddCustomContext("bullet", SEPAX_BENCH_BULLET_VERSION);
#endif
#if SEPAX_BENCH_HAVE_ODE
  benchmark::AddCustomContext("ode", SEPAX_BENCH_ODE_VERSION);
#endif
}

}  // namespace

int main(int argc, char** argv) {
  for (const char* set : set_names)
    for (int a = 0; a < int(std::size(algo_names)); ++a) {
      const Algo algo = Algo(a);
      if (!available(algo, set)) continue;
      const std::string key = std::string("contact/") + set + "/" + algo_names[a];
      benchmark::RegisterBenchmark(key.c_str(), [key, name = std::string(set),
                                                 algo](benchmark::State& st) {
        run_row(st, key, name, algo);
      })->Unit(benchmark::kNanosecond);
    }
  add_versions();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
