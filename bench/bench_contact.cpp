// bench_contact: contact manifolds (contact::collide) against the exact
// MTV query they start from (sat::query), Bullet's polyhedral clipping and
// ODE's dCollide, on the same pairs and poses, every algorithm through the
// adapter interface (peers/adapter.hpp). Rows are
// "contact/<pair set>/<algorithm>", for the algorithms that answer
// `contact` (sepax.cold and sepax.warm, peers/sepax_algos.cpp, and on box
// pairs sepax.cold_general, the general hull path; bullet.clip,
// peers/bullet.cpp; ode.collide and ode.convex, peers/ode.cpp) and the SAT
// queries they start from (sepax.sat_query, and sepax.sat_cached with the
// pair's sat::Cache and sat::Resting). Each pair is queried at one pose, again and again; a
// stateful manifold query is also timed along a small path (below), as
// "<algorithm>_moving".
//
// Pairs (8 or 16 a row, A at a random pose): *_resting, B's largest face
// on A's largest face, turned about the normal at random and sunk 1% of the
// size into it (box_resting) or 0.5% (random hulls of 8 to 512 vertices);
// box_edges, two boxes whose edges cross at 45 to 135 degrees, 1% deep;
// *_separated, bench/pairs.hpp's separated pairs (10% of the size apart).
// The margin is 2% of the size (peers::contact_margin_rel), so separated
// pairs are beyond it. The moving path slides B along the contact 0.05% of
// the size and turns it 0.25 degrees about the normal a frame, 32 frames
// forth and back (separated pairs: pairs.hpp's path).
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
// face axis), hit_rate (SAT), vertices.
#include "pairs.hpp"
#include "peers/rows.hpp"
#include "sepax/shapes.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <map>
#include <numbers>
#include <set>
#include <string>
#include <utility>
#include <vector>

using namespace sepax;
using bench::PairCase;
using bench::Situation;
using peers::Algorithm;
using peers::Answer;

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
/// A stateful row walks its visits this often before the checked walk: a
/// resting state is built on the second cold query of the same feature.
constexpr int warm_walks = 2;

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

enum class Layout { resting, edges, separated };

/// A row's pairs: n the vertices of each random hull (0: boxes).
struct PairSet {
  const char* name;
  int n;
  Layout layout;
};

const PairSet pair_sets[] = {
    {"box_resting", 0, Layout::resting},           {"hull8_resting", 8, Layout::resting},
    {"hull32_resting", 32, Layout::resting},       {"hull128_resting", 128, Layout::resting},
    {"hull512_resting", 512, Layout::resting},     {"box_edges", 0, Layout::edges},
    {"box_separated", 0, Layout::separated},       {"hull32_separated", 32, Layout::separated},
    {"hull128_separated", 128, Layout::separated}, {"hull512_separated", 512, Layout::separated}};

/// The set's pairs along their paths, each pose with sepax's exact answer.
bench::Workload path_workload(const PairSet& s) {
  const std::string kind = s.n == 0 ? "box" : "hull" + std::to_string(s.n);
  if (s.layout == Layout::separated) return bench::workload(kind, Situation::separated, true);
  bench::Workload w;
  w.kind = s.name;
  w.situation = Situation::shallow;
  w.moving = true;
  for (int k = 0; k < pairs_per_row; ++k) {
    PairCase p = s.layout == Layout::edges
                     ? crossing_pair(k)
                     : resting_pair(s.n, k, s.n == 0 ? box_depth : hull_depth);
    for (const Pose& pb : p.pose_b) p.refs.push_back(bench::reference(*p.a, p.pose_a, *p.b, pb));
    w.vertices = std::max({w.vertices, int(p.a->vertex_count()), int(p.b->vertex_count())});
    w.pairs.push_back(std::move(p));
  }
  return w;
}

/// The same pairs, each at its first pose.
bench::Workload still_workload(bench::Workload w) {
  w.moving = false;
  for (PairCase& p : w.pairs) {
    p.pose_b.resize(1);
    p.refs.resize(1);
  }
  return w;
}

/// A row's workload, built on first use and kept.
const bench::Workload& workload_of(const PairSet& s, bool moving) {
  static std::map<std::pair<std::string, bool>, bench::Workload> made;
  const auto key = std::make_pair(std::string(s.name), moving);
  if (auto it = made.find(key); it != made.end()) return it->second;
  bench::Workload w = path_workload(s);
  return made.emplace(key, moving ? std::move(w) : still_workload(std::move(w))).first->second;
}

// ---------------------------------------------------------------------------
// Checks and timing

/// What a row's check pass found (see the file comment).
struct Checks {
  int checked = 0, wrong = 0;
  double points = 0;  ///< summed (queries that report points)
  int point_queries = 0;
  double normal_dev_deg = 0, depth_diff = 0;
  int faces = 0, face_queries = 0;
  int hits = 0, hit_queries = 0;

  static bool touching(const bench::Workload& w) { return w.situation != Situation::separated; }

  /// Checks one answer against SAT's exact one; prints the row's first
  /// wrong answer.
  void add(const Answer& a, const bench::Visit& v, const bench::Workload& w,
           const std::string& row) {
    ++checked;
    if (a.points >= 0) points += a.points, ++point_queries;
    if (a.face >= 0) faces += a.face, ++face_queries;
    if (a.cache_hit >= 0) hits += a.cache_hit, ++hit_queries;
    bool ok = a.intersecting == touching(w);
    double dev = 0, diff = 0;
    if (touching(w) && a.intersecting) {
      const double c = std::clamp(double(glm::dot(a.normal, v.ref->axis)), -1.0, 1.0);
      dev = std::acos(c) * 180 / std::numbers::pi;
      diff = std::abs(-a.depth - v.ref->separation) / v.size;
      normal_dev_deg = std::max(normal_dev_deg, dev);
      depth_diff = std::max(depth_diff, diff);
      ok = dev <= normal_tol_deg && diff <= depth_tol;
    }
    if (ok) return;
    if (wrong++ == 0)
      std::fprintf(stderr,
                   "%s: pair %d frame %d: %s, %d points, normal %.3g deg off SAT's axis, deepest "
                   "%.9g against SAT's separation %.9g (size %.3g)\n",
                   row.c_str(), v.pair, v.frame, a.intersecting ? "touching" : "apart", a.points,
                   dev, -a.depth, v.ref->separation, v.size);
  }

  void report(benchmark::State& state, const bench::Workload& w) const {
    if (point_queries > 0) state.counters["points"] = points / point_queries;
    state.counters["wrong"] = wrong;
    state.counters["checked"] = checked;
    if (touching(w)) {
      state.counters["normal_dev_deg"] = normal_dev_deg;
      state.counters["depth_diff"] = depth_diff;
    }
    if (face_queries > 0) state.counters["face_rate"] = double(faces) / face_queries;
    if (hit_queries > 0) state.counters["hit_rate"] = double(hits) / hit_queries;
    state.counters["vertices"] = w.vertices;
  }
};

/// The SAT queries the manifolds start from, timed beside them.
const std::set<std::string> sat_algorithms = {"sepax.sat_query", "sepax.sat_cached"};

void add_row(const PairSet& s, const Algorithm& algo, bool moving) {
  const std::string key =
      std::string("contact/") + s.name + "/" + algo.name + (moving ? "_moving" : "");
  const peers::RowOptions options{algo.stateful ? warm_walks + 1 : 1, budget_seconds};
  benchmark::RegisterBenchmark(key.c_str(), [key, &s, &algo, moving,
                                             options](benchmark::State& st) {
    peers::run_row<Checks>(st, key, workload_of(s, moving), algo, options);
  })->Unit(benchmark::kNanosecond);
}

/// Registers the rows; workloads are built when a row first runs.
void register_rows(const std::vector<Algorithm>& algos) {
  for (const PairSet& s : pair_sets) {
    const int vertices = s.n == 0 ? 8 : s.n;
    for (const Algorithm& algo : algos) {
      const bool manifold = (algo.answers & peers::contact) != 0;
      if (!manifold && sat_algorithms.count(algo.name) == 0) continue;
      if ((algo.boxes_only && s.n != 0) || (algo.max_vertices > 0 && vertices > algo.max_vertices))
        continue;
      add_row(s, algo, false);
      if (manifold && algo.stateful) add_row(s, algo, true);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  static const std::vector<Algorithm> algos = peers::all_algorithms();
  register_rows(algos);
  benchmark::AddCustomContext("margin_rel", std::to_string(peers::contact_margin_rel));
  return peers::run_benchmarks(argc, argv);
}
