// bench_cast: casts, sepax's beside Bullet's and FCL's, through the adapter
// interface (peers/adapter.hpp; sepax: peers/sepax_casts.cpp, Bullet:
// peers/bullet_casts.cpp, FCL: peers/fcl_casts.cpp). Rows are
// "<section>/<kind>/<situation>/<algorithm>", 16 casts a row, for every
// algorithm that answers the section's question:
//  - ray (a ray against hull A at a random pose): hulls of 8 (a box; a
//    random hull) to 4096 vertices and the test meshes' hulls; *hit* (from
//    1.5 to 3 radii away, aimed within 0.3 radii of the centroid), *miss*
//    (the line passes 1.05 to 2 radii from the centroid), *inside* (from
//    within 0.25 radii of the centroid);
//  - ray_mesh (a ray against the test meshes' triangles, either side, the
//    mesh at a random pose): *hit* and *miss* as for hulls, about the
//    centre of the mesh's bounds and the radius of its farthest vertex,
//    *through* (from within 0.25 radii of the centre, 1 to 3 radii long,
//    hitting the surface on its way out);
//  - linear (B moves along a line, A still): pairs.hpp's hulls of 8 to 4096
//    vertices and the meshes; *hit* (B's centroid aimed within 0.3 of A's
//    radius of A's centroid), *miss* (the line passes 1.05 to 1.6 times the
//    sum of the radii from A's centroid), *graze* (B slides along the
//    tangent plane of a touching pose: hit and miss both right);
//  - toi (both move and turn: sepax::Sweep's path): box, hull32 and hull128
//    pairs (A turns up to 30 degrees in place), *wall* (a hull of 16
//    vertices, radius 0.3, crossing a 1 cm wall 4 m square at 8 m a cast)
//    and *plank* (a 2 m plank, 10 cm thick, past a 32-vertex hull); *hit*
//    and *miss* with B turning 10 to 45 degrees (within Bullet's 45-degree
//    cap), *spin* turning 90 to 170 degrees, aimed near A (hits and
//    misses).
//
// Each cast comes with sepax's exact answer, computed once and untimed:
// ray_cast_scan for rays, mesh_ray_scan (every triangle, in double) for
// rays against meshes, sat::shape_cast for linear casts, and for sweeps
// dense sampling with sat::query (256 intervals, each split until SAT's
// separation at its start, a lower bound of the distance, exceeds twice
// what any point can move across it, so that no contact hides between
// samples), then bisection to 1e-10 of the path. Rows on FCL's screw path
// (*_screw) are checked against the same sampling along that path.
//
// Before a row is timed its algorithm answers every cast once and is
// checked: wrong when it misses a hit or hits a miss, or when its fraction
// is off by more than `fraction_tolerance` of the path
// (`mesh_fraction_tolerance` against meshes). A graze, or a sweep that
// passes within 1e-3 of the size, may hit or miss (its first contact is
// ill-conditioned: the path is nearly tangent), but a hit must come no
// later than the reference's and with the pair within that band. Wrong
// answers are a finding: the row is timed anyway. Counters: wrong, checked,
// max_error (the largest fraction error where both hit), hit_rate (the
// reference's), iterations (where the algorithm says), vertices, triangles
// (meshes).
#include "pairs.hpp"
#include "peers/rows.hpp"
#include "sepax/cast.hpp"
#include "sepax/sat.hpp"
#include "sepax/shapes.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <functional>
#include <map>
#include <numbers>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

using namespace sepax;
using bench::Cast;
using bench::CastReference;
using bench::PairCase;
using bench::Rng;
using peers::Algorithm;
using peers::Answer;

namespace {

constexpr int casts_per_row = 16;
/// A fraction is wrong when it is off by more than this (of the path):
/// Bullet's casts stop within 1e-3 (length) of contact, 1e-4 of a path of
/// 10 sizes.
constexpr double fraction_tolerance = 1e-4;
/// The same for rays against meshes, where both libraries cross a
/// triangle's plane in double (within 5e-16 of the path on these rays); in
/// a float build, fraction_tolerance.
constexpr double mesh_fraction_tolerance = std::is_same_v<real, double> ? 1e-9 : fraction_tolerance;
/// A sweep that misses by less than this (relative to the size) may hit.
constexpr double graze_band = 1e-3;
/// Sweep references: intervals sampled, then bisection down to this.
constexpr int sweep_intervals = 256;
constexpr double sweep_resolution = 1e-10;
/// A row is skipped when one query takes longer than this (seconds).
constexpr double budget_seconds = 0.25;
constexpr real degree = std::numbers::pi_v<real> / 180;

std::uint64_t seed_of(const std::string& s) {
  std::uint64_t h = 1469598103934665603ULL;  // FNV-1a
  for (const char c : s) h = (h ^ std::uint64_t(static_cast<unsigned char>(c))) * 1099511628211ULL;
  return h;
}

/// The farthest vertex from p (local frame).
real radius_about(const Hull& h, const vec3& p) {
  real r = 0;
  for (const vec3& v : h.vertices()) r = std::max(r, glm::length(v - p));
  return r;
}

/// A unit vector perpendicular to u.
vec3 perpendicular(const vec3& u, Rng& rng) {
  for (;;) {
    const vec3 w = glm::cross(u, rng.direction());
    if (glm::length(w) > real(0.1)) return glm::normalize(w);
  }
}

CastReference from_cast(const CastResult& r) {
  CastReference ref;
  ref.hit = r.hit();
  ref.fraction = r.hit() ? double(r.fraction) : 1.0;
  ref.normal = r.normal;
  return ref;
}

/// B's pose with its centroid at `centre`.
Pose with_centroid(const Hull& b, const quat& q, const vec3& centre) {
  return pose_from_quat(centre - glm::mat3_cast(q) * b.centroid(), q);
}

/// The kinds with test meshes found (pairs.hpp).
std::vector<std::string> mesh_kinds() {
  std::vector<std::string> out;
  for (const std::string& k : bench::kinds())
    if (bench::is_mesh_kind(k)) out.push_back(k);
  return out;
}

// ---------------------------------------------------------------------------
// Rays

/// A ray from 1.5 to 3 radii r away from c, aimed within 0.3 r of it, 1.2
/// to 2.5 times as long as to its aim.
Ray ray_at(const vec3& c, real r, Rng& rng) {
  const vec3 from = c + rng.direction() * r * rng.uniform(real(1.5), 3);
  const vec3 to = c + rng.direction() * r * rng.uniform(0, real(0.3));
  return Ray{from, (to - from) * rng.uniform(real(1.2), real(2.5))};
}

/// A ray whose line passes 1.05 to 2 radii r from c.
Ray ray_beside(const vec3& c, real r, Rng& rng) {
  const vec3 w = rng.direction(), e = perpendicular(w, rng);
  const vec3 foot = c + w * r * rng.uniform(real(1.05), 2);
  const real before = r * rng.uniform(real(1.5), 3), after = r * rng.uniform(0, 2);
  return Ray{foot - e * before, e * (before + after)};
}

/// A ray from within 0.25 radii r of c, 1 to 3 r long.
Ray ray_from_inside(const vec3& c, real r, Rng& rng) {
  return Ray{c + rng.direction() * r * rng.uniform(0, real(0.25)),
             rng.direction() * r * rng.uniform(1, 3)};
}

/// A ray situation: how the ray is aimed about a shape's centre, and which
/// of the reference's answers the situation keeps.
struct RayAim {
  Ray (*aim)(const vec3& c, real r, Rng& rng);
  bool (*keep)(const CastReference& ref);
};

/// The situations' aims: *hit* from outside and *through* from inside, each
/// kept when it hits after its start; *miss*; *inside* (hulls), kept when
/// it starts in the solid.
RayAim aim_of(const std::string& situation) {
  if (situation == "hit" || situation == "through")
    return {situation == "hit" ? ray_at : ray_from_inside,
            [](const CastReference& ref) { return ref.hit && ref.fraction > 0; }};
  if (situation == "miss") return {ray_beside, [](const CastReference& ref) { return !ref.hit; }};
  return {ray_from_inside, [](const CastReference& ref) { return ref.hit && ref.fraction == 0; }};
}

/// Makes p's one cast: A at a random pose, the ray aimed about `centre`
/// (A's local frame; radius r) until `reference(pose, ray)` is an answer
/// the situation keeps. False when none is found.
template <class Reference>
bool aim_ray(PairCase& p, const vec3& centre, real r, const RayAim& how, Rng& rng,
             Reference reference) {
  for (int tries = 0; tries < 1000; ++tries) {
    p.pose_a = rng.pose();
    Cast c;
    c.ray = how.aim(p.pose_a.apply(centre), r, rng);
    c.ref = reference(p.pose_a, c.ray);
    if (!how.keep(c.ref)) continue;
    c.screw = c.ref;
    c.end_a = p.pose_a;
    p.pose_b = {p.pose_a};  // unused: a ray case has no B
    p.refs = {bench::Reference{}};
    p.casts = {c};
    return true;
  }
  return false;
}

PairCase ray_of(const std::string& situation, const Hull& a, Rng& rng) {
  PairCase p;
  p.a = &a;
  p.size = double(a.extent());
  const auto scan = [&](const Pose& pose, const Ray& ray) {
    return from_cast(ray_cast_scan(a, pose, ray));
  };
  if (!aim_ray(p, a.centroid(), radius_about(a, a.centroid()), aim_of(situation), rng, scan))
    std::fprintf(stderr, "bench_cast: no ray found for a hull of %zu vertices\n", a.vertex_count());
  return p;
}

/// The ray kinds: a box, random hulls of 8 to 4096 vertices (sizes to fit
/// the time's growth against bench_support's), the meshes.
std::vector<std::string> ray_kinds() {
  std::vector<std::string> out = {"box"};
  for (const int n : {8, 32, 128, 512, 2048, 4096}) out.push_back("hull" + std::to_string(n));
  for (const std::string& m : mesh_kinds()) out.push_back(m);
  return out;
}

bench::Workload rays(const std::string& kind, const std::string& situation) {
  bench::Workload w;
  const bench::Sides hulls = bench::sides(kind);
  Rng rng(seed_of("ray/" + kind + "/" + situation));
  for (int k = 0; k < casts_per_row; ++k) {
    const Hull& a = hulls.a[std::size_t(k) % hulls.a.size()];
    w.pairs.push_back(ray_of(situation, a, rng));
    w.vertices = std::max(w.vertices, int(a.vertex_count()));
  }
  return w;
}

// ---------------------------------------------------------------------------
// Rays against triangle meshes

/// The nearest triangle a ray meets: every triangle tested in double in the
/// mesh's frame, either side, no slack (Möller and Trumbore, "Fast, Minimum
/// Storage Ray/Triangle Intersection", JGT 1997).
CastReference mesh_ray_scan(const bench::Mesh& m, const Pose& pose, const Ray& ray) {
  using glm::dvec3;
  const glm::dmat3 turn(pose.rotation), back = glm::transpose(turn);
  const dvec3 o = back * (dvec3(ray.origin) - dvec3(pose.translation)) / double(pose.scale);
  const dvec3 d = back * dvec3(ray.translation) / double(pose.scale);
  CastReference ref;
  ref.fraction = double(ray.max_fraction);
  for (const auto& t : m.triangles) {
    const dvec3 v0(m.points[std::size_t(t[0])]);
    const dvec3 e1 = dvec3(m.points[std::size_t(t[1])]) - v0;
    const dvec3 e2 = dvec3(m.points[std::size_t(t[2])]) - v0;
    const dvec3 p = glm::cross(d, e2), s = o - v0, q = glm::cross(s, e1);
    const double det = glm::dot(e1, p);
    if (det == 0) continue;  // parallel to the plane, or a degenerate triangle
    const double u = glm::dot(s, p) / det, v = glm::dot(d, q) / det, f = glm::dot(e2, q) / det;
    if (u < 0 || v < 0 || u + v > 1 || f < 0 || f > ref.fraction) continue;
    const dvec3 n = glm::normalize(glm::cross(e1, e2));
    ref.hit = true;
    ref.fraction = f;
    ref.normal = vec3(turn * (glm::dot(n, d) > 0 ? -n : n));
  }
  if (!ref.hit) ref.fraction = 1;
  return ref;
}

PairCase mesh_ray_of(const std::string& situation, const bench::Mesh& m, Rng& rng) {
  PairCase p;
  p.mesh = &m;
  p.size = double(m.surface.extent());
  const Bounds& box = m.surface.bounds();
  const vec3 centre = (box.min + box.max) * real(0.5);
  real r = 0;
  for (const vec3& v : m.points) r = std::max(r, glm::length(v - centre));
  const auto scan = [&](const Pose& pose, const Ray& ray) { return mesh_ray_scan(m, pose, ray); };
  if (!aim_ray(p, centre, r, aim_of(situation), rng, scan))
    std::fprintf(stderr, "bench_cast: no %s ray found for a mesh\n", situation.c_str());
  return p;
}

bench::Workload mesh_rays(const std::string& kind, const std::string& situation) {
  bench::Workload w;
  const bench::Mesh* m = bench::mesh_of(kind);
  if (m == nullptr) return w;
  Rng rng(seed_of("ray_mesh/" + kind + "/" + situation));
  for (int k = 0; k < casts_per_row; ++k) w.pairs.push_back(mesh_ray_of(situation, *m, rng));
  w.vertices = int(m->points.size());
  return w;
}

// ---------------------------------------------------------------------------
// Linear casts

/// A linear case: A at pose_a, B from `start` moved by `d`.
PairCase linear_case(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& start,
                     const vec3& d) {
  PairCase p;
  p.a = &a;
  p.b = &b;
  p.pose_a = pose_a;
  p.size = double(std::max(a.extent(), b.extent()));
  p.pose_b = {start};
  p.refs = {bench::Reference{}};
  Cast c;
  c.end_a = pose_a;
  c.end_b = start;
  c.end_b.translation += d;
  c.ref = from_cast(sat::shape_cast(a, pose_a, b, start, d));
  c.screw = c.ref;
  p.casts = {c};
  return p;
}

/// Distance s along u from A's centroid where B's centroid puts the pair in
/// touch (SAT's separation 0 to round-off): regula falsi with the Illinois
/// step on the convex, piecewise linear separation (pairs.cpp's way).
double touching_at(const Hull& a, const Pose& pa, const Hull& b, const quat& q, const vec3& ca,
                   const vec3& u, double far) {
  const auto f = [&](double s) {
    return double(sat::query(a, pa, b, with_centroid(b, q, ca + u * real(s))).separation);
  };
  const double band = 4 * double(tol::eps) * double(std::max(a.extent(), b.extent()));
  double lo = 0, hi = far, f_lo = f(lo), f_hi = f(hi);
  int side = 0;
  for (int i = 0; i < 200 && f_lo < 0 && f_hi > 0; ++i) {
    double mid = (lo * f_hi - hi * f_lo) / (f_hi - f_lo);
    if (!(mid > lo && mid < hi)) mid = 0.5 * (lo + hi);
    const double fm = f(mid);
    if (std::abs(fm) <= band) return mid;
    if (fm < 0) {
      lo = mid, f_lo = fm;
      if (side < 0) f_hi *= 0.5;
      side = -1;
    } else {
      hi = mid, f_hi = fm;
      if (side > 0) f_lo *= 0.5;
      side = 1;
    }
  }
  return std::abs(f_lo) < std::abs(f_hi) ? lo : hi;
}

PairCase linear_of(const std::string& situation, const Hull& a, const Hull& b, Rng& rng) {
  const real ra = radius_about(a, a.centroid()), rb = radius_about(b, b.centroid());
  for (int tries = 0; tries < 1000; ++tries) {
    const Pose pa = rng.pose();
    const quat q = rng.rotation();
    const vec3 ca = pa.apply(a.centroid()), u = rng.direction();
    if (situation == "graze") {
      const double s = touching_at(a, pa, b, q, ca, u, 1.01 * double(ra + rb));
      const Pose touch = with_centroid(b, q, ca + u * real(s));
      const vec3 n = sat::query(a, pa, b, touch).axis;
      const vec3 e = perpendicular(n, rng);
      const real length = (ra + rb) * rng.uniform(real(2.5), 4);
      Pose start = touch;
      start.translation -= e * (length / 2);
      PairCase p = linear_case(a, pa, b, start, e * length);
      p.casts[0].ref.graze = p.casts[0].screw.graze = true;
      return p;
    }
    const vec3 from = ca + u * (ra + rb) * rng.uniform(real(1.2), real(2.5));
    const Pose start = with_centroid(b, q, from);
    if (situation == "hit") {
      const vec3 to = ca + rng.direction() * ra * rng.uniform(0, real(0.3));
      PairCase p = linear_case(a, pa, b, start, (to - from) * rng.uniform(real(1.2), 2));
      if (p.casts[0].ref.hit && p.casts[0].ref.fraction > 0) return p;
      continue;
    }
    // miss: the centroid's line passes 1.05 to 1.6 times the radii's sum by
    const vec3 w = rng.direction(), e = perpendicular(w, rng);
    const vec3 foot = ca + w * (ra + rb) * rng.uniform(real(1.05), real(1.6));
    const real before = (ra + rb) * rng.uniform(real(1.2), real(2.5));
    const real after = (ra + rb) * rng.uniform(0, 2);
    return linear_case(a, pa, b, with_centroid(b, q, foot - e * before), e * (before + after));
  }
  std::fprintf(stderr, "bench_cast: no %s cast found\n", situation.c_str());
  return {};
}

std::vector<std::string> linear_kinds() {
  std::vector<std::string> out = {"box"};
  for (const int n : {32, 128, 512, 2048, 4096}) out.push_back("hull" + std::to_string(n));
  for (const std::string& m : mesh_kinds()) out.push_back(m);
  return out;
}

bench::Workload linears(const std::string& kind, const std::string& situation) {
  bench::Workload w;
  const bench::Sides hulls = bench::sides(kind);
  Rng rng(seed_of("linear/" + kind + "/" + situation));
  for (int k = 0; k < casts_per_row; ++k) {
    const std::size_t na = hulls.a.size();
    const Hull& a = hulls.a[std::size_t(k) % na];
    const Hull& b = hulls.b[(std::size_t(k) / na) % hulls.b.size()];
    w.pairs.push_back(linear_of(situation, a, b, rng));
    w.vertices = std::max({w.vertices, int(a.vertex_count()), int(b.vertex_count())});
  }
  return w;
}

// ---------------------------------------------------------------------------
// Sweeps: the reference by certified sampling

/// Both poses at t in [0, 1].
using Path = std::function<std::pair<Pose, Pose>(double)>;

/// A screw motion between two poses, as FCL's ScrewMotion defines it: a turn
/// by t * angle about the line through `point` along `axis` and a slide of
/// t * slide along it. Without a turn, the straight line.
struct Screw {
  Pose from;
  vec3 axis{1, 0, 0}, point{0};
  real angle = 0, slide = 0;

  Screw(const Pose& a, const Pose& b) : from(a) {
    const quat d = glm::quat_cast(b.rotation * glm::transpose(a.rotation));
    const vec3 o = b.translation - a.translation;
    const real s = glm::length(vec3(d.x, d.y, d.z));
    angle = 2 * std::atan2(s, std::abs(d.w));
    if (angle < real(1e-10)) {
      angle = 0;
      slide = glm::length(o);
      if (slide > 0) axis = o / slide;
      point = a.translation;
      return;
    }
    axis = vec3(d.x, d.y, d.z) / s * (d.w < 0 ? real(-1) : real(1));
    point = (a.translation + b.translation + glm::cross(axis, o) / std::tan(angle / 2)) / real(2);
    slide = glm::dot(o, axis);
  }

  [[nodiscard]] Pose at(double t) const {
    const mat3 turn = glm::mat3_cast(glm::angleAxis(angle * real(t), axis));
    Pose p = from;
    p.rotation = turn * from.rotation;
    p.translation = point + axis * (slide * real(t)) + turn * (from.translation - point);
    return p;
  }
  /// How fast a point within `reach` of the frame's origin moves at most.
  [[nodiscard]] real speed(real reach) const {
    return std::abs(slide) + angle * (reach + glm::length(from.translation - point));
  }
};

/// Certified sampling of one path: the first t in contact (SAT's decision),
/// and the smallest lower bound of the distance met on the way.
class Sampler {
 public:
  Sampler(const Hull& a, const Hull& b, Path path, double speed)
      : a_(a), b_(b), path_(std::move(path)), speed_(speed) {}

  CastReference run() {
    CastReference ref;
    sat::Result r = query(0);
    if (r.intersecting) return {true, 0, r.axis, false};
    for (int k = 0; k < sweep_intervals; ++k) {
      const double lo = double(k) / sweep_intervals, hi = double(k + 1) / sweep_intervals;
      const sat::Result next = query(hi);
      const double t = first_in(lo, hi, double(r.separation));
      if (t >= 0) return {true, t, query(t).axis, false};
      r = next;
    }
    ref.graze = clearance_ < graze_band * double(std::max(a_.extent(), b_.extent()));
    return ref;
  }

 private:
  sat::Result query(double t) const {
    const auto [pa, pb] = path_(t);
    return sat::query(a_, pa, b_, pb);
  }

  /// The first t in (lo, hi] in contact, or -1; `s_lo` SAT's separation at
  /// lo (> 0). An interval is free when s_lo exceeds twice what any point
  /// can move across it (the lower bound left is at least s_lo / 2).
  double first_in(double lo, double hi, double s_lo) {
    const double move = speed_ * (hi - lo);
    if (s_lo > 2 * move) {
      clearance_ = std::min(clearance_, s_lo - move);
      return -1;
    }
    if (hi - lo <= sweep_resolution) {
      if (query(hi).intersecting) return hi;
      clearance_ = 0;
      return -1;
    }
    const double mid = 0.5 * (lo + hi);
    const sat::Result m = query(mid);
    const double t = first_in(lo, mid, s_lo);
    if (t >= 0) return t;
    if (m.intersecting) return mid;
    return first_in(mid, hi, double(m.separation));
  }

  const Hull& a_;
  const Hull& b_;
  Path path_;
  double speed_;
  double clearance_ = 1e300;
};

CastReference sweep_reference(const Hull& a, const Sweep& sa, const Hull& b, const Sweep& sb) {
  const real ra = radius_about(a, vec3(0)), rb = radius_about(b, vec3(0));
  const double speed =
      double(glm::length(sa.end.translation - sa.start.translation) + sa.angle() * ra +
             glm::length(sb.end.translation - sb.start.translation) + sb.angle() * rb);
  return Sampler(
             a, b, [&](double t) { return std::make_pair(sa.at(real(t)), sb.at(real(t))); }, speed)
      .run();
}

CastReference screw_reference(const Hull& a, const Sweep& sa, const Hull& b, const Sweep& sb) {
  const Screw wa(sa.start, sa.end), wb(sb.start, sb.end);
  const double speed =
      double(wa.speed(radius_about(a, vec3(0))) + wb.speed(radius_about(b, vec3(0))));
  return Sampler(
             a, b, [&](double t) { return std::make_pair(wa.at(t), wb.at(t)); }, speed)
      .run();
}

// ---------------------------------------------------------------------------
// Sweeps: the cases

/// Hulls bench_cast makes itself (walls, planks, small hulls), kept for
/// the run.
const Hull& keep(Hull h) {
  static std::deque<Hull> store;
  return store.emplace_back(std::move(h));
}

const Hull& wall() {
  static const Hull& w = keep(shapes::box(vec3(real(0.005), 2, 2)));
  return w;
}

const Hull& plank() {
  static const Hull& p = keep(shapes::box(vec3(1, real(0.05), real(0.05))));
  return p;
}

PairCase sweep_case(const Hull& a, const Sweep& sa, const Hull& b, const Sweep& sb) {
  PairCase p;
  p.a = &a;
  p.b = &b;
  p.pose_a = sa.start;
  p.size = double(std::max(a.extent(), b.extent()));
  p.pose_b = {sb.start};
  p.refs = {bench::Reference{}};
  Cast c;
  c.end_a = sa.end;
  c.end_b = sb.end;
  c.ref = sweep_reference(a, sa, b, sb);
  c.screw = screw_reference(a, sa, b, sb);
  p.casts = {c};
  return p;
}

/// B's turn over a cast: 10 to 45 degrees, or 90 to 170 for a spin.
quat turn(const std::string& situation, Rng& rng) {
  const bool spin = situation == "spin";
  const real angle = spin ? rng.uniform(90, 170) : rng.uniform(10, 45);
  return glm::angleAxis(angle * degree, rng.direction());
}

/// A sweep past or through A at pose_a (reach ra about its origin), whose
/// own turn is `turn_a`; B of reach rb. Hits aim B's origin within 0.3 of
/// ra of A's origin, spins within 1.1 of the reaches' sum (hits and
/// misses), misses pass 1.05 to 1.5 times that sum by.
std::pair<Sweep, Sweep> sweeps_about(const std::string& situation, const Pose& pose_a,
                                     const quat& turn_a, real ra, real rb, Rng& rng) {
  const Sweep sa{pose_a,
                 pose_from_quat(pose_a.translation, turn_a * glm::quat_cast(pose_a.rotation))};
  const vec3 oa = pose_a.translation;
  const quat q0 = rng.rotation(), q1 = turn(situation, rng) * q0;
  vec3 from, to;
  if (situation == "miss") {
    const vec3 w = rng.direction(), e = perpendicular(w, rng);
    const vec3 foot = oa + w * (ra + rb) * rng.uniform(real(1.05), real(1.5));
    from = foot - e * (ra + rb) * rng.uniform(real(1.2), 2);
    to = foot + e * (ra + rb) * rng.uniform(0, 2);
  } else {
    from = oa + rng.direction() * (ra + rb) * rng.uniform(real(1.2), 2);
    const real reach = situation == "spin" ? (ra + rb) * real(1.1) : ra * real(0.3);
    const vec3 aim = oa + rng.direction() * reach * rng.uniform(0, 1);
    to = aim + (aim - from) * rng.uniform(real(0.2), real(0.8));
  }
  return {sa, Sweep{pose_from_quat(from, q0), pose_from_quat(to, q1)}};
}

/// A wall case: B crosses the wall (A, at a random pose) along its normal,
/// 4 m each side, within 1 m of its middle, or 2.4 to 3.4 m off it (a miss).
std::pair<Sweep, Sweep> wall_sweeps(const std::string& situation, Rng& rng) {
  const Pose pa = rng.pose();
  const vec3 x = pa.rotate(vec3(1, 0, 0)), y = pa.rotate(vec3(0, 1, 0));
  const vec3 z = pa.rotate(vec3(0, 0, 1));
  const real lo = situation == "miss" ? real(2.4) : -1, hi = situation == "miss" ? real(3.4) : 1;
  const vec3 from = pa.translation - x * real(4) + y * rng.uniform(lo, hi) + z * rng.uniform(-1, 1);
  const vec3 to = pa.translation + x * real(4) + y * rng.uniform(lo, hi) + z * rng.uniform(-1, 1);
  const quat q0 = rng.rotation(), q1 = turn(situation, rng) * q0;
  return {Sweep{pa, pa}, Sweep{pose_from_quat(from, q0), pose_from_quat(to, q1)}};
}

bool wanted(const std::string& situation, const CastReference& ref) {
  if (situation == "hit") return ref.hit && ref.fraction > 0;
  if (situation == "miss") return !ref.hit;
  return ref.fraction > 0;  // spin: hits and misses, not in contact at the start
}

PairCase sweep_of(const std::string& kind, const std::string& situation, int k, Rng& rng) {
  const bool walls = kind == "wall", planks = kind == "plank";
  const bench::Sides hulls = bench::sides(walls || planks ? "hull32" : kind);
  const Hull& a = walls ? wall() : hulls.a[std::size_t(k) % hulls.a.size()];
  const Hull& b = walls    ? keep(shapes::random_hull(16, real(0.3), 500 + std::uint64_t(k)))
                  : planks ? plank()
                           : hulls.b[std::size_t(k) % hulls.b.size()];
  const real ra = radius_about(a, vec3(0)), rb = radius_about(b, vec3(0));
  for (int tries = 0; tries < 1000; ++tries) {
    const quat turn_a = walls || planks
                            ? quat(1, 0, 0, 0)
                            : glm::angleAxis(rng.uniform(0, 30) * degree, rng.direction());
    const auto [sa, sb] = walls ? wall_sweeps(situation, rng)
                                : sweeps_about(situation, rng.pose(), turn_a, ra, rb, rng);
    PairCase p = sweep_case(a, sa, b, sb);
    if (wanted(situation, p.casts[0].ref)) return p;
  }
  std::fprintf(stderr, "bench_cast: no %s sweep found for %s\n", situation.c_str(), kind.c_str());
  return {};
}

bench::Workload sweeps(const std::string& kind, const std::string& situation) {
  bench::Workload w;
  Rng rng(seed_of("toi/" + kind + "/" + situation));
  for (int k = 0; k < casts_per_row; ++k) {
    w.pairs.push_back(sweep_of(kind, situation, k, rng));
    const PairCase& p = w.pairs.back();
    if (p.a)
      w.vertices = std::max({w.vertices, int(p.a->vertex_count()), int(p.b->vertex_count())});
  }
  return w;
}

// ---------------------------------------------------------------------------
// Rows

struct Section {
  const char* name;
  unsigned question;
  std::vector<std::string> kinds;
  std::vector<std::string> situations;
  bench::Workload (*build)(const std::string& kind, const std::string& situation);
};

const std::vector<Section>& sections() {
  static const std::vector<Section> all = {
      {"ray", peers::ray, ray_kinds(), {"hit", "miss", "inside"}, rays},
      {"ray_mesh", peers::mesh_ray, mesh_kinds(), {"hit", "miss", "through"}, mesh_rays},
      {"linear", peers::cast, linear_kinds(), {"hit", "miss", "graze"}, linears},
      {"toi",
       peers::toi,
       {"box", "hull32", "hull128", "wall", "plank"},
       {"hit", "miss", "spin"},
       sweeps},
  };
  return all;
}

/// A row's workload, built on first use and kept.
const bench::Workload& workload_of(const Section& s, const std::string& kind,
                                   const std::string& situation) {
  static std::map<std::tuple<std::string, std::string, std::string>, bench::Workload> made;
  const auto key = std::make_tuple(std::string(s.name), kind, situation);
  if (auto it = made.find(key); it != made.end()) return it->second;
  bench::Workload w = s.build(kind, situation);
  w.kind = kind;
  return made.emplace(key, std::move(w)).first->second;
}

/// What a row's check pass found (see the file comment).
struct Checks {
  int checked = 0, wrong = 0, hits = 0;
  double max_error = -1;
  long iterations = 0;
  int iteration_queries = 0;

  static bool ends_with(const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
  }

  /// SAT's separation of the pair at fraction t of its path.
  static double separation_at(const bench::Visit& v, double t, bool screw) {
    const Sweep sa{v.pose_a, v.cast->end_a}, sb{v.pose_b, v.cast->end_b};
    const Pose pa = screw ? Screw(sa.start, sa.end).at(t) : sa.at(real(t));
    const Pose pb = screw ? Screw(sb.start, sb.end).at(t) : sb.at(real(t));
    return double(sat::query(*v.a, pa, *v.b, pb).separation);
  }

  /// A graze may hit or miss; a hit no later than the reference's first
  /// contact, with the pair within the band of touching.
  static bool graze_ok(const Answer& a, const CastReference& ref, const bench::Visit& v,
                       bool screw) {
    if (!a.intersecting) return true;
    if (ref.hit && a.fraction > ref.fraction + fraction_tolerance) return false;
    return separation_at(v, a.fraction, screw) <= graze_band * v.size;
  }

  void add(const Answer& a, const bench::Visit& v, const bench::Workload& w,
           const std::string& row) {
    const bool screw = ends_with(row, "_screw");
    const CastReference& ref = screw ? v.cast->screw : v.cast->ref;
    ++checked;
    hits += ref.hit ? 1 : 0;
    if (a.iterations >= 0) iterations += a.iterations, ++iteration_queries;
    const bool both = a.intersecting && ref.hit;
    const double error = both ? std::abs(a.fraction - ref.fraction) : 0;
    if (both) max_error = std::max(max_error, error);
    const bool mesh = w.pairs[std::size_t(v.pair)].mesh != nullptr;
    const double tolerance = mesh ? mesh_fraction_tolerance : fraction_tolerance;
    const bool ok =
        ref.graze ? graze_ok(a, ref, v, screw) : a.intersecting == ref.hit && error <= tolerance;
    if (ok) return;
    if (wrong++ == 0)
      std::fprintf(stderr, "%s: cast %d: %s at %.9g, the reference %s at %.9g\n", row.c_str(),
                   v.pair, a.intersecting ? "hit" : "missed", a.fraction,
                   ref.hit ? "hits" : "misses", ref.fraction);
  }

  void report(benchmark::State& state, const bench::Workload& w) const {
    state.counters["wrong"] = wrong;
    state.counters["checked"] = checked;
    state.counters["hit_rate"] = checked > 0 ? double(hits) / checked : 0;
    if (max_error >= 0) state.counters["max_error"] = max_error;
    if (iteration_queries > 0)
      state.counters["iterations"] = double(iterations) / iteration_queries;
    state.counters["vertices"] = w.vertices;
    if (!w.pairs.empty() && w.pairs[0].mesh)
      state.counters["triangles"] = double(w.pairs[0].mesh->triangles.size());
  }
};

void add_row(const Section& s, const std::string& kind, const std::string& situation,
             const Algorithm& algo) {
  const std::string key = std::string(s.name) + "/" + kind + "/" + situation + "/" + algo.name;
  benchmark::RegisterBenchmark(key.c_str(), [key, &s, kind, situation,
                                             &algo](benchmark::State& st) {
    const peers::RowOptions options{1, budget_seconds};
    peers::run_row<Checks>(st, key, workload_of(s, kind, situation), algo, options);
  })->Unit(benchmark::kNanosecond);
}

/// x as printf's %g, for the JSON context.
std::string text_of(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", x);
  return text;
}

void register_rows(const std::vector<Algorithm>& algos) {
  for (const Section& s : sections())
    for (const std::string& kind : s.kinds)
      for (const std::string& situation : s.situations)
        for (const Algorithm& algo : algos)
          if (algo.answers & s.question) add_row(s, kind, situation, algo);
}

}  // namespace

int main(int argc, char** argv) {
  static const std::vector<Algorithm> algos = peers::all_algorithms();
  register_rows(algos);
  benchmark::AddCustomContext("fraction_tolerance", text_of(fraction_tolerance));
  benchmark::AddCustomContext("mesh_fraction_tolerance", text_of(mesh_fraction_tolerance));
  return peers::run_benchmarks(argc, argv);
}
