// The benchmarks' pairs; see pairs.hpp.
#include "pairs.hpp"

#include "sepax/gjk.hpp"
#include "sepax/sat.hpp"
#include "sepax/shapes.hpp"
#include "sepax/tolerances.hpp"
#if SEPAX_BENCH_HAVE_IO
#include "sepax/io.hpp"
#endif

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <map>
#include <memory>
#include <tuple>
#include <utility>

namespace bench {
namespace {

using sepax::quat;

constexpr int random_sizes[] = {32, 128, 512, 2048, 4096};
/// Hull sizes a flat polygon ("polyN" kinds) is posed against.
constexpr int polygon_sizes[] = {8, 32, 128, 512, 2048, 4096};
/// Two flat polygons ("flatN" kinds): triangles, quads, 3 to 8 corners.
constexpr int flat_corners[] = {3, 4, 8};
const char* const mesh_files[] = {"bunny.obj", "teapot.obj", "cow.off", "fandisk.off", "pig.stl"};
constexpr int hulls_per_side = 4;  // pair k is A[k % 4] with B[k / 4]
constexpr int random_pairs = 16;   // pairs of a box or random-hull kind
constexpr int mesh_pairs = 8;      // pairs of a mesh kind (A and B the same mesh)
constexpr int path_frames = 32;    // frames of a moving pair
constexpr double contained_scale = 0.25;
/// Path of a moving pair, per frame: slide (relative to the size), turn.
constexpr double path_step = 0.002;
constexpr double path_turn = 0.25 * 3.14159265358979 / 180;
/// Placement accuracy, relative to the size: touching pairs to round-off,
/// the others to 1e-6.
constexpr double touching_band = 4 * double(sepax::tol::eps);
constexpr double placement_band = 1e-6;

std::uint64_t seed_of(const std::string& s) {
  std::uint64_t h = 1469598103934665603ULL;  // FNV-1a
  for (const char c : s) h = (h ^ std::uint64_t(static_cast<unsigned char>(c))) * 1099511628211ULL;
  return h;
}

/// The hulls of one kind: A side, B side, and B shrunk for containment.
struct KindHulls {
  std::vector<Hull> a, b, small_b;
  int pairs = random_pairs;
};

#if SEPAX_BENCH_HAVE_IO  // mesh kinds only
/// Points centred on their bounds' centre and scaled into a ball.
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
  if (!r.ok()) std::fprintf(stderr, "bench: hull failed: %s\n", r.message.c_str());
  return std::move(r.hull);
}

/// The file of a mesh kind ("bunny": <data>/bunny.obj), or empty.
std::string mesh_path(const std::string& kind) {
  for (const std::string file : mesh_files)
    if (file.substr(0, file.find('.')) == kind)
      return std::string(SEPAX_BENCH_DATA_DIR) + "/" + file;
  return {};
}

void add_mesh(const std::string& kind, KindHulls& k) {
  const std::string path = mesh_path(kind);
  if (path.empty()) return;
  const sepax::io::LoadResult r = sepax::io::load(path);
  if (!r.ok()) return;
  const std::vector<vec3> points = sepax::io::merged_points(r);
  if (points.size() < 4) return;
  k.a.push_back(hull_of(normalized(points, 1)));
  k.b.push_back(hull_of(normalized(points, 1)));
  k.small_b.push_back(hull_of(normalized(points, real(contained_scale))));
  k.pairs = mesh_pairs;
}
#endif

/// A mesh kind's surface, scaled as its hulls (the same points); null when
/// it does not load or builds no mesh.
std::unique_ptr<Mesh> build_mesh(const std::string& kind) {
#if SEPAX_BENCH_HAVE_IO
  const std::string path = mesh_path(kind);
  if (path.empty()) return nullptr;
  const sepax::io::LoadResult r = sepax::io::load(path);
  if (!r.ok()) return nullptr;
  sepax::io::Part part = sepax::io::merged_mesh(r);
  auto m = std::make_unique<Mesh>();
  m->points = normalized(std::move(part.points), 1);
  m->triangles = std::move(part.triangles);
  sepax::MeshResult built = sepax::TriangleMesh::from_triangles(m->points, m->triangles);
  if (!built.ok()) {
    std::fprintf(stderr, "bench: %s: %s\n", path.c_str(), built.message.c_str());
    return nullptr;
  }
  m->surface = std::move(built.mesh);
  return m;
#else
  (void)kind;
  return nullptr;
#endif
}

/// A flat convex polygon of `fixed` corners (0: 3 to 8) at random angles on
/// an ellipse (radii 0.3 to 1) in the z = 0 plane: a two-sided hull.
Hull random_polygon(Rng& rng, real scale, int fixed = 0) {
  const int corners = fixed > 0 ? fixed : 3 + int(rng.next() % 6);
  const real rx = rng.uniform(real(0.3), 1), ry = rng.uniform(real(0.3), 1);
  std::vector<vec3> points;
  const real step = real(2 * 3.14159265358979) / real(corners);
  for (int i = 0; i < corners; ++i) {
    const real angle = step * (real(i) + rng.uniform(real(0.1), real(0.9)));
    points.push_back(vec3(rx * std::cos(angle), ry * std::sin(angle), 0) * scale);
  }
  sepax::HullResult r = Hull::from_points(points);
  if (!r.ok()) std::fprintf(stderr, "bench: polygon failed: %s\n", r.message.c_str());
  return std::move(r.hull);
}

/// Hull i of side `side` of a box or random kind of n vertices has seed
/// 7919 n + 2 i + side. A "polyN" kind: A a random hull of N vertices (8:
/// a box), B a flat polygon from seed 7919 N + 2 i + 1.
KindHulls build_kind(const std::string& kind) {
  KindHulls k;
  if (kind.rfind("flat", 0) == 0 || kind == "coplanar") {
    // Two polygons: "flatN" of N corners (8: 3 to 8), "coplanar" of 3 to 8
    // posed in one plane (geometry_of); hull i of side `side` has seed
    // 7919 N + 2 i + side, plus 1 << 20 for "coplanar".
    const int n = kind == "coplanar" ? 8 : std::stoi(kind.substr(4));
    const int corners = n == 8 ? 0 : n;
    for (int i = 0; i < hulls_per_side; ++i) {
      const std::uint64_t seed =
          7919 * std::uint64_t(n) + 2 * std::uint64_t(i) + (kind == "coplanar" ? 1 << 20 : 0);
      Rng ra(seed), rb(seed + 1), same(seed + 1);
      k.a.push_back(random_polygon(ra, 1, corners));
      k.b.push_back(random_polygon(rb, 1, corners));
      k.small_b.push_back(random_polygon(same, real(contained_scale), corners));
    }
    return k;
  }
  if (kind.rfind("poly", 0) == 0) {
    const int n = std::stoi(kind.substr(4));
    for (int i = 0; i < hulls_per_side; ++i) {
      const std::uint64_t seed = 7919 * std::uint64_t(n) + 2 * std::uint64_t(i);
      if (n == 8) {
        Rng rng(seed);
        k.a.push_back(sepax::shapes::box(
            vec3(rng.uniform(real(0.4), 1), rng.uniform(real(0.4), 1), rng.uniform(real(0.4), 1))));
      } else {
        k.a.push_back(sepax::shapes::random_hull(n, 1, seed));
      }
      Rng rng(seed + 1), same(seed + 1);
      k.b.push_back(random_polygon(rng, 1));
      k.small_b.push_back(random_polygon(same, real(contained_scale)));
    }
    return k;
  }
  const bool box = kind == "box";
  if (box || kind.rfind("hull", 0) == 0) {
    const int n = box ? 8 : std::stoi(kind.substr(4));
    for (int i = 0; i < hulls_per_side; ++i) {
      const std::uint64_t seed = 7919 * std::uint64_t(n) + 2 * std::uint64_t(i);
      if (box) {
        for (std::uint64_t side = 0; side < 2; ++side) {
          Rng rng(seed + side);
          const vec3 half(rng.uniform(real(0.4), 1), rng.uniform(real(0.4), 1),
                          rng.uniform(real(0.4), 1));
          (side == 0 ? k.a : k.b).push_back(sepax::shapes::box(half));
          if (side == 1) k.small_b.push_back(sepax::shapes::box(half * real(contained_scale)));
        }
      } else {
        k.a.push_back(sepax::shapes::random_hull(n, 1, seed));
        k.b.push_back(sepax::shapes::random_hull(n, 1, seed + 1));
        k.small_b.push_back(sepax::shapes::random_hull(n, real(contained_scale), seed + 1));
      }
    }
    return k;
  }
#if SEPAX_BENCH_HAVE_IO
  add_mesh(kind, k);
#endif
  return k;
}

const KindHulls& hulls(const std::string& kind) {
  static std::map<std::string, std::unique_ptr<KindHulls>> cache;
  auto& slot = cache[kind];
  if (!slot) slot = std::make_unique<KindHulls>(build_kind(kind));
  return *slot;
}

/// What a pair's situations share: the hulls, A's pose, B's orientation,
/// the direction from A's centroid to B's, and the path of a moving pair.
struct Geometry {
  const Hull* a;
  const Hull* b;
  Pose pose_a;
  quat rotation_b;
  vec3 direction;
  vec3 tangent;    ///< path: B slides along this (perpendicular to direction)
  vec3 spin_axis;  ///< path: and turns about this
  double size;
};

Geometry geometry_of(const std::string& kind, int k, bool contained) {
  const KindHulls& h = hulls(kind);
  Rng rng(seed_of(kind) * 31 + std::uint64_t(k));
  const std::size_t ia = std::size_t(k % int(h.a.size()));
  const std::size_t ib = std::size_t((k / int(h.a.size())) % int(h.b.size()));
  Geometry g{};
  g.a = &h.a[ia];
  g.b = contained ? &h.small_b[ib] : &h.b[ib];
  g.pose_a = sepax::pose_from_quat(vec3(rng.uniform(-2, 2), rng.uniform(-2, 2), rng.uniform(-2, 2)),
                                   rng.rotation());
  g.rotation_b = rng.rotation();
  g.direction = rng.direction();
  g.tangent = glm::normalize(glm::cross(g.direction, rng.direction()));
  g.spin_axis = rng.direction();
  g.size = double(std::max(g.a->extent(), g.b->extent()));
  if (kind == "coplanar") {
    // B in A's plane (both polygons lie in their z = 0 planes), turned about
    // its normal, moved and spun within it.
    const vec3 normal = g.pose_a.rotate(vec3(0, 0, 1));
    const real turn = real(rng.uniform(0, 2 * 3.14159265358979));
    g.rotation_b = glm::quat_cast(g.pose_a.rotation) * glm::angleAxis(turn, vec3(0, 0, 1));
    g.direction = glm::normalize(g.direction - normal * glm::dot(g.direction, normal));
    g.tangent = glm::cross(normal, g.direction);
    g.spin_axis = normal;
  }
  return g;
}

/// B's pose with its centroid at distance t from A's centroid along the
/// direction, after `frame` steps of the path.
Pose pose_b_at(const Geometry& g, double t, int frame) {
  const quat q = glm::angleAxis(real(path_turn * frame), g.spin_axis) * g.rotation_b;
  const Pose turn = sepax::pose_from_quat(vec3(0), q);
  const vec3 ca = g.pose_a.apply(g.a->centroid());
  const vec3 where =
      ca + g.direction * real(t) + g.tangent * real(path_step * g.size * double(frame));
  return sepax::pose_from_quat(where - turn.rotate(g.b->centroid()), q);
}

double separation_at(const Geometry& g, double t, int frame) {
  return double(sepax::sat::query_general(*g.a, g.pose_a, *g.b, pose_b_at(g, t, frame)).separation);
}

/// t >= 0 where the separation is `target` within `band` (absolute), the
/// bracket starting around `guess` (the previous frame's t, or 0). The
/// separation is convex and piecewise linear in t (a maximum over the
/// Minkowski difference's face planes, whose normals do not depend on t), so
/// a bracket with s(lo) < target < s(hi) holds one crossing; regula falsi
/// with the Illinois step finds it in a few queries where bisection would
/// take about 50 for touching pairs.
double place(const Geometry& g, int frame, double target, double band, double guess) {
  const auto f = [&](double t) { return separation_at(g, t, frame) - target; };
  double width = guess > 0 ? 0.05 * g.size : g.size;
  double lo = std::max(0.0, guess - width), hi = guess + width;
  double f_lo = f(lo), f_hi = f(hi);
  while (lo > 0 && f_lo >= 0) lo = std::max(0.0, lo - width), f_lo = f(lo);
  while (f_hi <= 0) hi += width, width *= 2, f_hi = f(hi);
  if (f_lo >= 0) return lo;  // the target lies below the separation at the centroids
  double best = std::abs(f_lo) < std::abs(f_hi) ? lo : hi;
  double best_f = std::min(std::abs(f_lo), std::abs(f_hi));
  int last_side = 0;
  for (int i = 0; i < 200 && best_f > band; ++i) {
    double mid = (lo * f_hi - hi * f_lo) / (f_hi - f_lo);
    if (!(mid > lo && mid < hi)) mid = 0.5 * (lo + hi);
    if (!(mid > lo && mid < hi)) break;  // bracket at round-off
    const double fm = f(mid);
    if (std::abs(fm) < best_f) best = mid, best_f = std::abs(fm);
    if (fm < 0) {
      lo = mid, f_lo = fm;
      if (last_side < 0) f_hi *= 0.5;  // Illinois: the far end kept twice
      last_side = -1;
    } else {
      hi = mid, f_hi = fm;
      if (last_side > 0) f_lo *= 0.5;
      last_side = 1;
    }
  }
  return best;
}

/// t of B in a situation at one frame (`guess`: the previous frame's t).
double t_for(const Geometry& g, Situation s, int frame, double guess) {
  const double size = g.size;
  switch (s) {
    case Situation::separated:
      return place(g, frame, 0.1 * size, placement_band * size, guess);
    case Situation::touching:
      return place(g, frame, 0, touching_band * size, guess);
    case Situation::shallow:
      return place(g, frame, -0.01 * size, placement_band * size, guess);
    case Situation::overlapping:
      return place(g, frame, -0.1 * size, placement_band * size, guess);
    case Situation::deep:
      return place(g, frame, 0.5 * separation_at(g, 0, frame), placement_band * size, guess);
    case Situation::contained:
      return 0;
  }
  return 0;
}

std::unique_ptr<Workload> build(const std::string& kind, Situation situation, bool moving) {
  auto w = std::make_unique<Workload>();
  w->kind = kind;
  w->situation = situation;
  w->moving = moving;
  const KindHulls& h = hulls(kind);
  if (h.a.empty()) return w;
  for (int k = 0; k < h.pairs; ++k) {
    const Geometry g = geometry_of(kind, k, situation == Situation::contained);
    PairCase p;
    p.a = g.a;
    p.b = g.b;
    p.pose_a = g.pose_a;
    p.size = g.size;
    w->vertices = std::max({w->vertices, int(g.a->vertex_count()), int(g.b->vertex_count())});
    double t = 0;
    for (int f = 0; f < (moving ? path_frames : 1); ++f) {
      t = t_for(g, situation, f, t);
      p.pose_b.push_back(pose_b_at(g, t, f));
      p.refs.push_back(reference(*p.a, p.pose_a, *p.b, p.pose_b.back()));
    }
    w->pairs.push_back(std::move(p));
  }
  return w;
}

}  // namespace

const char* name_of(Situation s) {
  constexpr const char* names[] = {"separated",   "touching", "shallow",
                                   "overlapping", "deep",     "contained"};
  return names[int(s)];
}

std::vector<std::string> kinds() {
  std::vector<std::string> out = {"box"};
  for (const int n : random_sizes) out.push_back("hull" + std::to_string(n));
  for (const int n : polygon_sizes) out.push_back("poly" + std::to_string(n));
  for (const int n : flat_corners) out.push_back("flat" + std::to_string(n));
  out.push_back("coplanar");
  for (const std::string file : mesh_files) {
    const std::string kind = file.substr(0, file.find('.'));
    if (!hulls(kind).a.empty()) out.push_back(kind);
  }
  return out;
}

bool is_mesh_kind(const std::string& kind) {
  for (const std::string file : mesh_files)
    if (file.substr(0, file.find('.')) == kind) return true;
  return false;
}

int vertices_of(const std::string& kind) {
  int n = 0;
  const KindHulls& h = hulls(kind);
  for (const auto* side : {&h.a, &h.b})
    for (const Hull& x : *side) n = std::max(n, int(x.vertex_count()));
  return n;
}

Sides sides(const std::string& kind) {
  const KindHulls& h = hulls(kind);
  return {h.a, h.b};
}

const Mesh* mesh_of(const std::string& kind) {
  static std::map<std::string, std::unique_ptr<Mesh>> cache;
  const auto [it, fresh] = cache.try_emplace(kind);
  if (fresh) it->second = build_mesh(kind);
  return it->second.get();
}

const Workload& workload(const std::string& kind, Situation situation, bool moving) {
  static std::map<std::tuple<std::string, Situation, bool>, std::unique_ptr<Workload>> cache;
  auto& slot = cache[{kind, situation, moving}];
  if (!slot) slot = build(kind, situation, moving);
  return *slot;
}

const Workload& at_rest(const std::string& kind, Situation situation) {
  static std::map<std::tuple<std::string, Situation>, std::unique_ptr<Workload>> cache;
  auto& slot = cache[{kind, situation}];
  if (!slot) {
    slot = std::make_unique<Workload>(workload(kind, situation, false));
    for (PairCase& p : slot->pairs) {
      const Pose pose = p.pose_b[0];  // assign's value may not refer into the vector
      const Reference ref = p.refs[0];
      p.pose_b.assign(path_frames, pose);
      p.refs.assign(path_frames, ref);
    }
  }
  return *slot;
}

std::vector<Visit> visits(const Workload& w) {
  std::vector<Visit> out;
  if (w.pairs.empty()) return out;
  const int frames = int(w.pairs[0].pose_b.size());
  const int steps = frames > 1 ? 2 * frames - 2 : 1;
  for (int step = 0; step < steps; ++step) {
    const int f = step < frames ? step : 2 * frames - 2 - step;
    for (int k = 0; k < int(w.pairs.size()); ++k) {
      const PairCase& p = w.pairs[std::size_t(k)];
      const Cast* cast = p.casts.empty() ? nullptr : &p.casts[std::size_t(f)];
      out.push_back({k, f, p.a, p.b, p.pose_a, p.pose_b[std::size_t(f)], p.size,
                     &p.refs[std::size_t(f)], cast});
    }
  }
  return out;
}

Reference reference(const Hull& a, const Pose& pa, const Hull& b, const Pose& pb) {
  const sepax::sat::Result s = sepax::sat::query_general(a, pa, b, pb);
  Reference r;
  r.intersecting = s.intersecting;
  r.separation = double(s.separation);
  r.axis = s.axis;
  r.distance = s.intersecting ? 0.0 : double(sepax::gjk::distance(a, pa, b, pb).distance);
  return r;
}

bool load_hull(const std::string& path, Hull& out, std::string& message) {
#if SEPAX_BENCH_HAVE_IO
  const sepax::io::LoadResult r = sepax::io::load(path);
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
