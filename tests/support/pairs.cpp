// Seeded pairs by category (see pairs.hpp).
//
// Every maker draws shapes and poses from one Rng and places B with exact
// geometry: most bisect on B's translation along a random direction until the
// reference (a Difference built once, queried for each translation) gives
// the target separation; the face-face and edge-edge makers construct the
// contact from the hulls' faces and edges. Each maker checks its result with
// the reference and the pair is redrawn (from the same generator, so still
// deterministic) when it misses its category.
#include "pairs.hpp"

#include "reference.hpp"
#include "sepax/shapes.hpp"

#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

namespace sepax::pairs {
namespace {

using glm::dmat3;
using glm::dquat;
using glm::dvec3;

constexpr double two_pi = 2 * std::numbers::pi;

/// Attempts per pair before giving up and returning the last draw (the tests
/// then report it): each maker hits its category far more often than not.
constexpr int max_attempts = 64;

/// Bisection steps on B's translation: enough to go from the bracket's width
/// (about the pair's size) to below one ulp of the translation.
constexpr int bisection_steps = 80;

/// Relative to the pair's size: near-touching pairs aim at this separation,
/// ten times inside the category's 1e-6 band.
constexpr double near_touch_target = 1e-7;

std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

std::uint64_t rotl(std::uint64_t x, int k) {
  return (x << k) | (x >> (64 - k));
}

quat to_real(const dquat& q) {
  return quat(real(q.w), real(q.x), real(q.y), real(q.z));
}

Pose make_pose(const dquat& q, const dvec3& t) {
  return pose_from_quat(vec3(t), to_real(q));
}

dquat from_matrix(const dmat3& m) {
  return glm::normalize(glm::quat_cast(m));
}

/// Hull of `points` scaled per axis; falls back to `h` if that fails.
Hull stretched(const Hull& h, const dvec3& s) {
  std::vector<vec3> p;
  for (const vec3& v : h.vertices()) p.push_back(vec3(dvec3(v) * s));
  HullResult r = Hull::from_points(p);
  return r.ok() ? std::move(r.hull) : h;
}

/// A solid hull of 4 to 64 vertices, about `scale` in radius: boxes,
/// regular polyhedra, cylinders, cones and random hulls, some stretched.
Hull random_shape(Rng& rng, double scale) {
  const auto len = [&] { return real(scale * rng.uniform(0.4, 1.2)); };
  Hull h;
  switch (rng.integer(0, 6)) {
    case 0:
      return shapes::box(vec3(len(), len(), len()));
    case 1:
      h = shapes::tetrahedron(len());
      break;
    case 2:
      h = shapes::octahedron(len());
      break;
    case 3:
      h = shapes::icosahedron(len());
      break;
    case 4:
      return shapes::cylinder(len(), len(), rng.integer(3, 32));
    case 5:
      return shapes::cone(len(), len(), rng.integer(3, 63));
    default:
      h = shapes::random_hull(rng.integer(4, 64), len(), rng.next());
      break;
  }
  if (rng.uniform(0, 1) < 0.5) return h;
  return stretched(h, dvec3(rng.uniform(0.4, 1.2), rng.uniform(0.4, 1.2), rng.uniform(0.4, 1.2)));
}

/// A flat convex polygon in z = 0 of about `scale` in radius: a regular
/// polygon or the hull of random points in a disc.
Hull random_polygon(Rng& rng, double scale) {
  if (rng.uniform(0, 1) < 0.5)
    return shapes::polygon(real(scale * rng.uniform(0.5, 1.2)), rng.integer(3, 16));
  for (;;) {
    std::vector<vec3> p;
    const int n = rng.integer(3, 20);
    for (int i = 0; i < n; ++i) {
      const double a = two_pi * rng.uniform(0, 1), r = scale * std::sqrt(rng.uniform(0.05, 1));
      p.push_back(vec3(real(r * std::cos(a)), real(r * std::sin(a)), real(0)));
    }
    HullResult h = Hull::from_points(p);
    if (h.ok()) return std::move(h.hull);
  }
}

dvec3 world_centroid(const Hull& h, const Pose& p) {
  return dvec3(p.apply(h.centroid()));
}

/// Rotation about a unit axis by an angle (radians).
dquat axis_angle(const dvec3& axis, double angle) {
  return glm::angleAxis(angle, axis);
}

/// Places B (rotation q_b) along direction d so that the reference gives
/// `target` separation. B starts with its centroid on A's (where the pair
/// overlaps), and moves out along d; separation is convex along the line, so
/// bisection finds the one crossing. `side` > 0 keeps a result at or above
/// the target, < 0 at or below, 0 the nearer. A target deeper than the
/// overlap at the start is unreachable: with `clamp` it is raised to 90% of
/// that overlap, otherwise the answer has ok = false.
ref::Answer place_along(Pair& p, const dquat& q_b, const dvec3& d, double target_rel, int side,
                        bool clamp = false) {
  p.pose_b = make_pose(q_b, dvec3(0));
  const dvec3 base = world_centroid(p.a, p.pose_a) - dvec3(p.pose_b.apply(p.b.centroid()));
  p.pose_b.translation = vec3(base);
  const dvec3 t0(p.pose_b.translation);
  const ref::Difference diff =
      ref::Difference::build(ref::world_points(p.a, p.pose_a), ref::world_points(p.b, p.pose_b));
  if (!diff.ok()) return diff.query();
  double target = target_rel * diff.size();
  auto at = [&](double t) { return vec3(base + d * t); };
  auto eval = [&](double t) { return diff.query(dvec3(at(t)) - t0); };
  double lo = 0, hi = diff.size();
  const double start = eval(lo).separation;
  if (clamp && start < 0) target = std::max(target, 0.9 * start);
  if (start > target) return ref::Answer{};
  for (int i = 0; i < 60 && eval(hi).separation <= target; ++i) hi *= 2;
  for (int i = 0; i < bisection_steps; ++i) {
    const double mid = (lo + hi) / 2;
    (eval(mid).separation <= target ? lo : hi) = mid;
  }
  const ref::Answer a_lo = eval(lo), a_hi = eval(hi);
  const bool use_hi = side > 0 || (side == 0 && std::abs(a_hi.separation - target) <
                                                    std::abs(a_lo.separation - target));
  p.pose_b.translation = at(use_hi ? hi : lo);
  return use_hi ? a_hi : a_lo;
}

bool in_band(const ref::Answer& r, double lo_rel, double hi_rel) {
  return r.ok && r.separation >= lo_rel * r.size && r.separation <= hi_rel * r.size;
}

/// Random shapes (scale `scale`), A at a random pose near `center`, B
/// placed along a random direction at a target separation drawn from
/// [lo_rel, hi_rel] of the size; accepted when the reference agrees.
bool make_placed(Pair& p, Rng& rng, double scale, const dvec3& center, double lo_rel, double hi_rel,
                 bool clamp = false) {
  p.a = random_shape(rng, scale);
  p.b = random_shape(rng, scale);
  p.pose_a = make_pose(rng.rotation(), center + rng.unit() * (scale * rng.uniform(0, 1)));
  const double margin = 0.05 * (hi_rel - lo_rel);  // stay off the band's edges
  const double target = rng.uniform(lo_rel + margin, hi_rel - margin);
  const ref::Answer r = place_along(p, rng.rotation(), rng.unit(), target, 0, clamp);
  return in_band(r, lo_rel, hi_rel);
}

bool make_near_touching(Pair& p, Rng& rng) {
  p.a = random_shape(rng, 1);
  p.b = random_shape(rng, 1);
  p.pose_a = make_pose(rng.rotation(), rng.unit() * rng.uniform(0, 1));
  const int side = p.seed % 2 == 0 ? 1 : -1;  // alternate gap and overlap
  const ref::Answer r = place_along(p, rng.rotation(), rng.unit(), side * near_touch_target, side);
  return in_band(r, -1e-6, 1e-6);
}

/// True when every point lies inside the posed hull by more than `margin`.
bool inside_all(const Hull& h, const Pose& pose, const std::vector<dvec3>& points, double margin) {
  const dmat3 r(pose.rotation);
  for (const Plane& pl : h.planes()) {
    const dvec3 n = r * dvec3(pl.normal);
    const double offset = double(pl.offset) + glm::dot(n, dvec3(pose.translation));
    for (const dvec3& x : points)
      if (glm::dot(n, x) - offset > -margin) return false;
  }
  return true;
}

/// A copy of `h` scaled by k about its centroid.
Hull scaled(const Hull& h, double k) {
  std::vector<vec3> p;
  for (const vec3& v : h.vertices()) p.push_back(vec3((dvec3(v) - dvec3(h.centroid())) * k));
  HullResult r = Hull::from_points(p);
  return r.ok() ? std::move(r.hull) : Hull{};
}

/// Radius of the ball around the centroid that fits inside the hull.
double inradius(const Hull& h) {
  double r = std::numeric_limits<double>::infinity();
  for (const Plane& pl : h.planes()) r = std::min(r, -double(pl.distance(h.centroid())));
  return r;
}

/// Largest distance of a vertex from the centroid.
double outradius(const Hull& h) {
  double r = 0;
  for (const vec3& v : h.vertices()) r = std::max(r, glm::distance(dvec3(v), dvec3(h.centroid())));
  return r;
}

/// A small hull strictly inside a larger one, anywhere in its inscribed
/// ball; odd seeds put A inside B.
bool make_contained(Pair& p, Rng& rng) {
  const Hull outer = random_shape(rng, 1);
  const Hull shape = random_shape(rng, 1);
  const double room = inradius(outer);
  const Hull inner = scaled(shape, rng.uniform(0.2, 0.6) * room / outradius(shape));
  if (inner.empty() || !(room > 0)) return false;
  const Pose po = make_pose(rng.rotation(), rng.unit() * rng.uniform(0, 1));
  const double slack = room - outradius(inner);  // the inner may move this far
  const dvec3 c = world_centroid(outer, po) + rng.unit() * (slack * rng.uniform(0, 0.8));
  Pose pi = make_pose(rng.rotation(), dvec3(0));
  pi.translation = vec3(c - dvec3(pi.rotate(inner.centroid())));
  const bool swap = p.seed % 2 == 1;
  p.a = swap ? inner : outer;
  p.b = swap ? outer : inner;
  p.pose_a = swap ? pi : po;
  p.pose_b = swap ? po : pi;
  const ref::Answer r = ref::minkowski(p.a, p.pose_a, p.b, p.pose_b);
  return r.ok && r.intersecting && r.depth > 0 &&
         inside_all(outer, po, ref::world_points(inner, pi), 1e-3 * r.size);
}

/// Rotation taking unit vector `from` onto unit vector `to` (a half turn
/// about a perpendicular axis when they are opposite).
dquat rotation_between(const dvec3& from, const dvec3& to) {
  const dvec3 axis = glm::cross(from, to);
  const double s = glm::length(axis), c = glm::dot(from, to);
  if (s > 1e-12) return axis_angle(axis / s, std::atan2(s, c));
  if (c > 0) return dquat(1, 0, 0, 0);
  const dvec3 any = std::abs(from.x) < 0.6 ? dvec3(1, 0, 0) : dvec3(0, 1, 0);
  return axis_angle(glm::normalize(glm::cross(from, any)), std::numbers::pi);
}

/// Centroid of a face's vertices and the distance from it to the nearest
/// edge line (the radius of a disc inside the face).
std::pair<dvec3, double> face_disc(const Hull& h, std::size_t f) {
  std::vector<dvec3> loop;
  index_t e = h.faces()[f].edge;
  for (index_t k = 0; k < h.faces()[f].count; ++k, e = h.half_edges()[e].next)
    loop.push_back(dvec3(h.vertices()[h.half_edges()[e].origin]));
  dvec3 c(0);
  for (const dvec3& v : loop) c += v / double(loop.size());
  double r = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < loop.size(); ++i) {
    const dvec3 u = glm::normalize(loop[(i + 1) % loop.size()] - loop[i]);
    r = std::min(r, glm::length(glm::cross(c - loop[i], u)));
  }
  return {c, r};
}

/// Hulls with large flat faces: boxes, prisms, pyramids, polyhedra.
Hull faceted_shape(Rng& rng) {
  const auto len = [&] { return real(rng.uniform(0.4, 1.2)); };
  switch (rng.integer(0, 4)) {
    case 0:
      return shapes::box(vec3(len(), len(), len()));
    case 1:
      return shapes::cylinder(len(), len(), rng.integer(3, 12));
    case 2:
      return shapes::cone(len(), len(), rng.integer(3, 12));
    case 3:
      return shapes::octahedron(len());
    default:
      return random_shape(rng, 1);
  }
}

/// A face of B turned exactly against a face of A, the faces overlapping in
/// projection, at a gap (even seeds) or overlap (odd) of 0.2% to 4%.
bool make_face_face(Pair& p, Rng& rng) {
  p.a = faceted_shape(rng);
  p.b = faceted_shape(rng);
  const dquat qa = rng.rotation();
  p.pose_a = make_pose(qa, rng.unit() * rng.uniform(0, 1));
  const std::size_t fa = std::size_t(rng.integer(0, int(p.a.face_count()) - 1));
  const std::size_t fb = std::size_t(rng.integer(0, int(p.b.face_count()) - 1));
  const dvec3 na(p.a.planes()[fa].normal), nb(p.b.planes()[fb].normal);
  const dquat qb = qa * axis_angle(na, rng.uniform(0, two_pi)) * rotation_between(nb, -na);
  p.pose_b = make_pose(qb, dvec3(0));
  const auto [ca, ra] = face_disc(p.a, fa);
  const auto [cb, rb] = face_disc(p.b, fb);
  const dvec3 n = glm::normalize(glm::dmat3(p.pose_a.rotation) * na);
  dvec3 side = rng.unit();
  side = glm::normalize(side - n * glm::dot(side, n));
  const double lateral = 0.3 * std::min(ra, rb) * rng.uniform(0, 1);
  const double size = std::max(p.a.extent(), p.b.extent());
  const double gap = (p.seed % 2 == 0 ? 1 : -1) * rng.uniform(0.002, 0.04) * size;
  const dvec3 target = dvec3(p.pose_a.apply(vec3(ca))) + side * lateral + n * gap;
  p.pose_b.translation = vec3(target - glm::dmat3(p.pose_b.rotation) * cb);
  const ref::Answer r = ref::minkowski(p.a, p.pose_a, p.b, p.pose_b);
  return r.ok && std::abs(r.separation) <= 0.05 * r.size;
}

/// An edge of a box, wedge or prism and a direction strictly between its two
/// face normals: turned to +z, the edge is the hull's unique top feature.
struct Ridge {
  dvec3 dir, mid, up;
  double length;
};

Ridge random_ridge(const Hull& h, Rng& rng) {
  for (;;) {
    const std::size_t i = std::size_t(rng.integer(0, int(h.edge_count()) - 1));
    const dvec3 n1(h.planes()[h.half_edges()[2 * i].face].normal);
    const dvec3 n2(h.planes()[h.half_edges()[2 * i + 1].face].normal);
    if (glm::dot(n1, n2) < -0.9 || glm::dot(n1, n2) > 0.95) continue;  // too sharp or flat
    const double s = rng.uniform(0.3, 0.7);
    const dvec3 up = glm::normalize(n1 * (1 - s) + n2 * s);
    const dvec3 p0(h.edge_start(i)), p1(h.edge_end(i));
    dvec3 dir = p1 - p0;
    dir = glm::normalize(dir - up * glm::dot(dir, up));
    return {dir, (p0 + p1) / 2.0, up, glm::distance(p0, p1)};
  }
}

/// The rotation taking the ridge's direction to (cos psi, sin psi, 0) and
/// its up direction to (0, 0, z_sign).
dquat turn_ridge(const Ridge& r, double psi, double z_sign) {
  const dmat3 local(r.dir, glm::cross(r.up, r.dir), r.up);
  const dvec3 h1(std::cos(psi), std::sin(psi), 0), h3(0, 0, z_sign);
  const dmat3 world(h1, glm::cross(h3, h1), h3);
  return from_matrix(world * glm::transpose(local));
}

/// Two boxes or wedges with crossed ridges: A's top edge under B's bottom
/// edge at 35 to 145 degrees, a gap (even seeds) or overlap (odd) of 0.2% to
/// 4% between them, then a common random rigid motion.
bool make_edge_edge(Pair& p, Rng& rng) {
  const auto ridged = [&] {
    const auto len = [&] { return real(rng.uniform(0.4, 1.2)); };
    if (rng.uniform(0, 1) < 0.5) return shapes::box(vec3(len(), len(), len()));
    return shapes::cylinder(len(), len(), rng.integer(3, 6));  // wedge or prism
  };
  p.a = ridged();
  p.b = ridged();
  const Ridge ra = random_ridge(p.a, rng), rb = random_ridge(p.b, rng);
  const double psi = rng.uniform(0, two_pi);
  const dquat qa = turn_ridge(ra, psi, 1);
  const dquat qb = turn_ridge(rb, psi + glm::radians(rng.uniform(35, 145)), -1);
  const double size = std::max(p.a.extent(), p.b.extent());
  const double gap = (p.seed % 2 == 0 ? 1 : -1) * rng.uniform(0.002, 0.04) * size;
  const dvec3 cross_a =
      glm::mat3_cast(qa) * (ra.mid + ra.dir * (ra.length * rng.uniform(-0.3, 0.3)));
  const dvec3 cross_b =
      glm::mat3_cast(qb) * (rb.mid + rb.dir * (rb.length * rng.uniform(-0.3, 0.3)));
  const dvec3 tb = cross_a + dvec3(0, 0, gap) - cross_b;
  const dquat q = rng.rotation();
  const dvec3 c = rng.unit() * rng.uniform(0, 1);
  p.pose_a = make_pose(q * qa, c);
  p.pose_b = make_pose(q * qb, glm::mat3_cast(q) * tb + c);
  const ref::Answer r = ref::minkowski(p.a, p.pose_a, p.b, p.pose_b);
  return r.ok && std::abs(r.separation) <= 0.05 * r.size;
}

/// Two boxes; a third of them with B's rotation equal to A's up to quarter
/// turns (parallel edges), all outcomes from 20% overlap to 30% gap.
bool make_box_box(Pair& p, Rng& rng) {
  const auto box = [&] {
    return shapes::box(vec3(real(rng.uniform(0.2, 1.5)), real(rng.uniform(0.2, 1.5)),
                            real(rng.uniform(0.2, 1.5))));
  };
  p.a = box();
  p.b = box();
  const dquat qa = rng.rotation();
  p.pose_a = make_pose(qa, rng.unit() * rng.uniform(0, 1));
  dquat qb = rng.rotation();
  if (p.seed % 3 == 0) {
    const std::array<dvec3, 3> axes{dvec3(1, 0, 0), dvec3(0, 1, 0), dvec3(0, 0, 1)};
    qb = qa *
         axis_angle(axes[std::size_t(rng.integer(0, 2))], rng.integer(0, 3) * std::numbers::pi / 2);
  }
  return place_along(p, qb, rng.unit(), rng.uniform(-0.2, 0.3), 0, true).ok;
}

/// Flat polygons: against a solid (either side), against another polygon in
/// a random plane, or coplanar with it (overlapping or apart in the plane).
bool make_flat(Pair& p, Rng& rng) {
  const int variant = int(p.seed % 4);
  p.a = variant == 1 ? random_shape(rng, 1) : random_polygon(rng, 1);
  p.b = variant == 0 ? random_shape(rng, 1) : random_polygon(rng, 1);
  const dquat qa = rng.rotation();
  p.pose_a = make_pose(qa, rng.unit() * rng.uniform(0, 1));
  if (variant < 3)
    return place_along(p, rng.rotation(), rng.unit(), rng.uniform(-0.05, 0.3), 0, true).ok;
  const dquat qb = qa * axis_angle(dvec3(0, 0, 1), rng.uniform(0, two_pi));
  p.pose_b = make_pose(qb, dvec3(0));
  const double a = rng.uniform(0, two_pi);
  const double reach = (outradius(p.a) + outradius(p.b)) * rng.uniform(0.2, 1.3);
  const dvec3 in_plane = dvec3(std::cos(a), std::sin(a), 0) * reach + dvec3(p.a.centroid());
  const dvec3 tb =
      dvec3(p.pose_a.apply(vec3(in_plane))) - glm::dmat3(p.pose_b.rotation) * dvec3(p.b.centroid());
  p.pose_b.translation = vec3(tb);
  return ref::minkowski(p.a, p.pose_a, p.b, p.pose_b).ok;
}

/// Random hulls of 500 to 2000 vertices, the product of the two counts kept
/// under a million so that the reference stays under a second.
bool make_large(Pair& p, Rng& rng) {
  constexpr int max_product = 1'000'000;
  const int n = rng.integer(500, 2000);
  const int m = rng.integer(500, std::max(500, std::min(2000, max_product / n)));
  p.a = shapes::random_hull(n, real(rng.uniform(0.5, 1.5)), rng.next());
  p.b = shapes::random_hull(m, real(rng.uniform(0.5, 1.5)), rng.next());
  if (rng.uniform(0, 1) < 0.5) std::swap(p.a, p.b);
  p.pose_a = make_pose(rng.rotation(), rng.unit() * rng.uniform(0, 1));
  return place_along(p, rng.rotation(), rng.unit(), rng.uniform(-0.1, 0.3), 0, true).ok;
}

/// A flat polygon against a random hull of 32 to 512 vertices, the two in
/// either order. Seeds 4k + 3 turn a face of B against a face of A (a
/// polygon's face is its plane), moved apart or into A along that face's
/// normal; the others place B along a random direction.
bool make_flat_vs_hull(Pair& p, Rng& rng) {
  Hull polygon = random_polygon(rng, rng.uniform(0.3, 1.5));
  Hull hull = shapes::random_hull(rng.integer(32, 512), real(rng.uniform(0.5, 1.5)), rng.next());
  const bool polygon_is_a = p.seed % 2 == 0;
  p.a = std::move(polygon_is_a ? polygon : hull);
  p.b = std::move(polygon_is_a ? hull : polygon);
  const dquat qa = rng.rotation();
  p.pose_a = make_pose(qa, rng.unit() * rng.uniform(0, 1));
  if (p.seed % 4 != 3)
    return place_along(p, rng.rotation(), rng.unit(), rng.uniform(-0.3, 0.3), 0, true).ok;
  const std::size_t fa = std::size_t(rng.integer(0, int(p.a.face_count()) - 1));
  const std::size_t fb = std::size_t(rng.integer(0, int(p.b.face_count()) - 1));
  const dvec3 na(p.a.planes()[fa].normal), nb(p.b.planes()[fb].normal);
  const dquat qb = qa * axis_angle(na, rng.uniform(0, two_pi)) * rotation_between(nb, -na);
  const dvec3 out = glm::dmat3(p.pose_a.rotation) * na;
  return place_along(p, qb, out, rng.uniform(-0.05, 0.05), 0, true).ok;
}

/// One attempt at a pair of category c.
bool make_one(Category c, Pair& p, Rng& rng) {
  const dvec3 near = rng.unit() * rng.uniform(0, 1);
  switch (c) {
    case Category::separated:
      return make_placed(p, rng, 1, near, 0.01, 1.0);
    case Category::near_touching:
      return make_near_touching(p, rng);
    case Category::shallow:
      return make_placed(p, rng, 1, near, -0.05, -0.001);
    case Category::deep:
      return make_placed(p, rng, 1, near, -0.5, -0.1, true);
    case Category::contained:
      return make_contained(p, rng);
    case Category::face_face_parallel:
      return make_face_face(p, rng);
    case Category::edge_edge_crossing:
      return make_edge_edge(p, rng);
    case Category::box_box:
      return make_box_box(p, rng);
    case Category::flat_polygon:
      return make_flat(p, rng);
    case Category::far_from_origin: {
      // Shapes of size about 4: float's translation step at 1e5 (0.008) is
      // then well inside the bands.
      const dvec3 far = rng.unit() * rng.uniform(1e4, 1e5);
      return p.seed % 2 == 0 ? make_placed(p, rng, 2, far, 0.01, 1.0)
                             : make_placed(p, rng, 2, far, -0.05, -0.001);
    }
    case Category::tiny_scale:
      return make_placed(p, rng, 1e-3, near * 1e-3, -0.3, 0.5, true);
    case Category::huge_scale:
      return make_placed(p, rng, 1e4, near * 1e4, -0.3, 0.5, true);
    case Category::large_hulls:
      return make_large(p, rng);
    case Category::flat_vs_hull:
      return make_flat_vs_hull(p, rng);
  }
  return false;
}

}  // namespace

const std::vector<Category>& all_categories() {
  static const std::vector<Category> all{Category::separated,
                                         Category::near_touching,
                                         Category::shallow,
                                         Category::deep,
                                         Category::contained,
                                         Category::face_face_parallel,
                                         Category::edge_edge_crossing,
                                         Category::box_box,
                                         Category::flat_polygon,
                                         Category::far_from_origin,
                                         Category::tiny_scale,
                                         Category::huge_scale,
                                         Category::large_hulls,
                                         Category::flat_vs_hull};
  return all;
}

const char* to_string(Category c) {
  switch (c) {
    case Category::separated:
      return "separated";
    case Category::near_touching:
      return "near_touching";
    case Category::shallow:
      return "shallow";
    case Category::deep:
      return "deep";
    case Category::contained:
      return "contained";
    case Category::face_face_parallel:
      return "face_face_parallel";
    case Category::edge_edge_crossing:
      return "edge_edge_crossing";
    case Category::box_box:
      return "box_box";
    case Category::flat_polygon:
      return "flat_polygon";
    case Category::far_from_origin:
      return "far_from_origin";
    case Category::tiny_scale:
      return "tiny_scale";
    case Category::huge_scale:
      return "huge_scale";
    case Category::large_hulls:
      return "large_hulls";
    case Category::flat_vs_hull:
      return "flat_vs_hull";
  }
  return "unknown";
}

std::string Pair::name() const {
  return std::string(to_string(category)) + "/" + std::to_string(seed);
}

Pair make_pair(Category category, std::uint64_t seed) {
  // One stream per (category, seed); splitmix64 in Rng decorrelates them.
  Rng rng(seed * 0x9e3779b97f4a7c15ull + std::uint64_t(category) + 1);
  Pair p;
  p.category = category;
  p.seed = seed;
  for (int attempt = 0; attempt < max_attempts; ++attempt)
    if (make_one(category, p, rng)) break;
  return p;
}

// ---------------------------------------------------------------------------
// Rng

Rng::Rng(std::uint64_t seed) {
  for (std::uint64_t& s : state_) s = splitmix64(seed);
}

std::uint64_t Rng::next() {
  const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
  const std::uint64_t t = state_[1] << 17;
  state_[2] ^= state_[0];
  state_[3] ^= state_[1];
  state_[1] ^= state_[2];
  state_[0] ^= state_[3];
  state_[2] ^= t;
  state_[3] = rotl(state_[3], 45);
  return result;
}

double Rng::uniform(double lo, double hi) {
  const double u = double(next() >> 11) * 0x1.0p-53;  // [0, 1), 53 bits
  if (!(hi > lo)) return lo;
  return std::min(lo + (hi - lo) * u, std::nextafter(hi, lo));
}

int Rng::integer(int lo, int hi) {
  const std::uint64_t range = std::uint64_t(std::int64_t(hi) - lo) + 1;
  return int(std::int64_t(lo) + std::int64_t(((next() >> 32) * range) >> 32));
}

glm::dvec3 Rng::unit() {
  const double z = uniform(-1, 1), a = uniform(0, two_pi);
  const double r = std::sqrt(std::max(0.0, 1 - z * z));
  return {r * std::cos(a), r * std::sin(a), z};
}

glm::dquat Rng::rotation() {
  // Shoemake, "Uniform random rotations" (Graphics Gems III).
  const double u1 = uniform(0, 1), a = two_pi * uniform(0, 1), b = two_pi * uniform(0, 1);
  const double s = std::sqrt(1 - u1), t = std::sqrt(u1);
  return glm::dquat(t * std::cos(b), s * std::sin(a), s * std::cos(a), t * std::sin(b));
}

}  // namespace sepax::pairs
