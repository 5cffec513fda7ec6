// Workload generation for bench_peers; see workloads.hpp.
#include "workloads.hpp"
#include "bench_rng.hpp"

#include "sepax/gjk.hpp"
#include "sepax/shapes.hpp"
#if SEPAX_BENCH_HAVE_IO
#include "sepax/io.hpp"
#include "sepax/testing.hpp"
#endif

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <utility>

namespace bench {
namespace {

using sepax::quat;

constexpr int random_sizes[] = {32, 128, 512, 2048, 4096};
const char* const mesh_files[] = {"bunny.obj", "teapot.obj", "cow.off", "fandisk.off", "pig.stl"};
constexpr int hulls_per_side = 4;  // random kinds: pair k is A[k % 4] with B[k / 4]
constexpr int random_pairs = 16;   // pairs per row for boxes and random hulls
constexpr int mesh_pairs = 8;      // pairs per row for mesh hulls (A and B the same mesh)
constexpr int motion_frames = 32;  // frames of a coherent path
constexpr double gap = 0.1;        // separated: gap, relative to the size
constexpr double shallow = 0.01;   // shallow overlap: depth, relative to the size
constexpr double contained_scale = 0.25;
/// Placement accuracy, relative to the size: touching pairs are placed to
/// this, the others to 1e-6.
constexpr double touching_band = 1e-9;
constexpr double placement_band = 1e-6;

using sepax::bench::Rng;

/// The hulls of one kind: A side, B side, and B shrunk for containment.
struct KindHulls {
  std::vector<Hull> a, b, small_b;
  int pairs = random_pairs;
};

std::uint64_t seed_of(const std::string& s) {
  std::uint64_t h = 1469598103934665603ULL;  // FNV-1a
  for (const char c : s) h = (h ^ std::uint64_t(static_cast<unsigned char>(c))) * 1099511628211ULL;
  return h;
}

#if SEPAX_BENCH_HAVE_IO  // mesh workloads only
/// Points centred on their bounds' centre and scaled into the unit ball.
std::vector<vec3> normalized(std::vector<vec3> p, real radius) {
  vec3 lo(std::numeric_limits<real>::max()), hi(-std::numeric_limits<real>::max());
  for (const vec3& q : p) lo = glm::min(lo, q), hi = glm::max(hi, q);
  const vec3 c = (lo + hi) * real(0.5);
  real r = 0;
  for (const vec3& q : p) r = std::max(r, glm::length(q - c));
  for (vec3& q : p) q = (q - c) * (radius / r);
  return p;
}

Hull hull_of(const std::vector<vec3>& points) {
  sepax::HullResult r = Hull::from_points(points);
  if (!r.ok()) std::fprintf(stderr, "bench_peers: hull failed: %s\n", r.message.c_str());
  return std::move(r.hull);
}

std::string data_path(const std::string& file) {
  return std::string(SEPAX_BENCH_DATA_DIR) + "/" + file;
}

bool mesh_points(const std::string& file, std::vector<vec3>& out) {
  const sepax::io::LoadResult r = sepax::io::load_points(data_path(file));
  if (!r.ok()) return false;
  out = sepax::io::merged_points(r);
  return out.size() >= 4;
}
#endif

KindHulls build_kind(const std::string& kind) {
  KindHulls k;
  if (kind == "box") {
    for (int i = 0; i < 2 * hulls_per_side; ++i) {
      Rng rng(seed_of(kind) + std::uint64_t(i));
      const vec3 half(rng.uniform(real(0.4), 1), rng.uniform(real(0.4), 1),
                      rng.uniform(real(0.4), 1));
      if (i < hulls_per_side) {
        k.a.push_back(sepax::shapes::box(half));
      } else {
        k.b.push_back(sepax::shapes::box(half));
        k.small_b.push_back(sepax::shapes::box(half * real(contained_scale)));
      }
    }
    return k;
  }
  if (kind.rfind("hull", 0) == 0) {
    const int n = std::stoi(kind.substr(4));
    for (int i = 0; i < hulls_per_side; ++i) {
      const std::uint64_t seed = 7919 * std::uint64_t(n) + 2 * std::uint64_t(i);
      k.a.push_back(sepax::shapes::random_hull(n, 1, seed));
      k.b.push_back(sepax::shapes::random_hull(n, 1, seed + 1));
      k.small_b.push_back(sepax::shapes::random_hull(n, real(contained_scale), seed + 1));
    }
    return k;
  }
#if SEPAX_BENCH_HAVE_IO
  std::vector<vec3> points;
  for (const char* file : mesh_files) {
    if (kind + std::string(file).substr(std::string(file).find('.')) != file) continue;
    if (!mesh_points(file, points)) break;
    k.a.push_back(hull_of(normalized(points, 1)));
    k.b.push_back(hull_of(normalized(points, 1)));
    k.small_b.push_back(hull_of(normalized(points, real(contained_scale))));
    k.pairs = mesh_pairs;
  }
#endif
  return k;
}

const KindHulls& hulls(const std::string& kind) {
  static std::map<std::string, std::unique_ptr<KindHulls>> cache;
  auto& slot = cache[kind];
  if (!slot) slot = std::make_unique<KindHulls>(build_kind(kind));
  return *slot;
}

/// What a pair's situations share: A's pose, B's orientation, the direction
/// from A's centroid to B's, and the path of the motion workload.
struct Geometry {
  const Hull* a;
  const Hull* b;
  Pose pose_a;
  quat rotation_b;
  vec3 direction;
  vec3 tangent;
  vec3 spin_axis;
  double size;
};

Geometry geometry_of(const std::string& kind, int k, bool small) {
  const KindHulls& h = hulls(kind);
  Rng rng(seed_of(kind) * 31 + std::uint64_t(k));
  const std::size_t ia = std::size_t(k % int(h.a.size()));
  const std::size_t ib = std::size_t((k / int(h.a.size())) % int(h.b.size()));
  Geometry g{};
  g.a = &h.a[ia];
  g.b = small ? &h.small_b[ib] : &h.b[ib];
  g.pose_a = sepax::pose_from_quat(vec3(rng.uniform(-2, 2), rng.uniform(-2, 2), rng.uniform(-2, 2)),
                                   rng.rotation());
  g.rotation_b = rng.rotation();
  g.direction = rng.direction();
  g.tangent = glm::normalize(glm::cross(g.direction, rng.direction()));
  g.spin_axis = rng.direction();
  g.size = double(std::max(h.a[ia].extent(), h.b[ib].extent()));
  return g;
}

/// B's pose with its centroid at distance t from A's centroid along the
/// direction, after `frame` steps of the motion path.
Pose pose_b_at(const Geometry& g, double t, int frame) {
  const real step = real(0.002 * g.size);
  const real turn = real(0.25 * 3.14159265358979 / 180);
  const quat q = glm::angleAxis(turn * real(frame), g.spin_axis) * g.rotation_b;
  const Pose rot = sepax::pose_from_quat(vec3(0), q);
  const vec3 ca = g.pose_a.apply(g.a->centroid());
  const vec3 where = ca + g.direction * real(t) + g.tangent * (step * real(frame));
  return sepax::pose_from_quat(where - rot.rotate(g.b->centroid()), q);
}

double separation_at(const Geometry& g, double t) {
  return double(sepax::sat::query_general(*g.a, g.pose_a, *g.b, pose_b_at(g, t, 0)).separation);
}

/// t where the separation reaches `target` (> separation at t = 0). The
/// separation is convex in t, so {t >= 0 : s(t) < target} is an interval
/// from 0 and bisection finds its end.
double place(const Geometry& g, double target, double band) {
  double lo = 0, hi = g.size;
  while (separation_at(g, hi) <= target) hi *= 2;
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    const double s = separation_at(g, mid);
    if (std::abs(s - target) <= band * g.size) return mid;
    (s < target ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

std::unique_ptr<Workload> build(const std::string& kind, Situation situation) {
  auto w = std::make_unique<Workload>();
  w->kind = kind;
  w->situation = situation;
  const KindHulls& h = hulls(kind);
  if (h.a.empty()) return w;
  for (int k = 0; k < h.pairs; ++k) {
    const bool small = situation == Situation::contained;
    const Geometry g = geometry_of(kind, k, small);
    PairCase p;
    p.a = g.a;
    p.b = g.b;
    p.pose_a = g.pose_a;
    p.size = g.size;
    w->vertices = std::max({w->vertices, int(g.a->vertex_count()), int(g.b->vertex_count())});
    double t = 0;
    switch (situation) {
      case Situation::separated:
      case Situation::motion:
        t = place(g, gap * g.size, placement_band);
        break;
      case Situation::touching:
        t = place(g, 0, touching_band);
        break;
      case Situation::shallow:
        t = place(g, -shallow * g.size, placement_band);
        break;
      case Situation::deep:
        t = place(g, 0.5 * separation_at(g, 0), placement_band);
        break;
      case Situation::contained:
        t = 0;
        break;
    }
    const int frames = situation == Situation::motion ? motion_frames : 1;
    for (int f = 0; f < frames; ++f) {
      p.pose_b.push_back(pose_b_at(g, t, f));
      p.refs.push_back(reference(*p.a, p.pose_a, *p.b, p.pose_b.back()));
    }
    w->pairs.push_back(std::move(p));
  }
  return w;
}

}  // namespace

const char* name_of(Situation s) {
  switch (s) {
    case Situation::separated:
      return "separated";
    case Situation::touching:
      return "touching";
    case Situation::shallow:
      return "shallow";
    case Situation::deep:
      return "deep";
    case Situation::contained:
      return "contained";
    case Situation::motion:
      return "motion";
  }
  return "?";
}

std::vector<std::string> kinds() {
  std::vector<std::string> out = {"box"};
  for (const int n : random_sizes) out.push_back("hull" + std::to_string(n));
#if SEPAX_BENCH_HAVE_IO
  for (const char* file : mesh_files) {
    const std::string f(file);
    const std::string kind = f.substr(0, f.find('.'));
    if (!hulls(kind).a.empty()) out.push_back(kind);
  }
#endif
  return out;
}

int vertices_of(const std::string& kind) {
  int n = 0;
  const KindHulls& h = hulls(kind);
  for (const auto* side : {&h.a, &h.b})
    for (const Hull& x : *side) n = std::max(n, int(x.vertex_count()));
  return n;
}

const Workload& workload(const std::string& kind, Situation situation) {
  static std::map<std::pair<std::string, Situation>, std::unique_ptr<Workload>> cache;
  auto& slot = cache[{kind, situation}];
  if (!slot) slot = build(kind, situation);
  return *slot;
}

Reference reference(const Hull& a, const Pose& pa, const Hull& b, const Pose& pb) {
  const sepax::sat::Result s = sepax::sat::query_general(a, pa, b, pb);
  Reference r;
  r.intersecting = s.intersecting;
  r.separation = double(s.separation);
  r.distance = s.intersecting ? 0.0 : double(sepax::gjk::distance(a, pa, b, pb).distance);
  return r;
}

bool load_hull(const std::string& path, Hull& out, std::string& message) {
#if SEPAX_BENCH_HAVE_IO
  const sepax::io::LoadResult r = sepax::io::load_points(path);
  if (!r.ok()) {
    message = r.message;
    return false;
  }
  sepax::HullResult h = Hull::from_points(sepax::io::merged_points(r));
  if (!h.ok()) {
    message = path + ": " + h.message;
    return false;
  }
  out = std::move(h.hull);
  return true;
#else
  (void)out;
  message = path + ": bench_peers was built without sepax_io (-Dio=enabled)";
  return false;
#endif
}

}  // namespace bench
