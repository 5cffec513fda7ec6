// Seeded pairs by category (see pairs.hpp).
//
// Every maker draws shapes and poses from one Rng and places B with exact
// geometry: most bisect on B's translation along a random direction until the
// reference (a Difference built once, queried for each translation) gives
// the target separation; the face-face, edge-edge, near-parallel and
// tiny-feature makers construct the contact from the hulls' faces, edges and
// support points. Each maker checks its result with the reference and the
// pair is redrawn (from the same generator, so still deterministic) when it
// misses its category.
#include "pairs.hpp"

#include "reference.hpp"
#include "sepax/shapes.hpp"

#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
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

// --- Hard categories (issue 29) ---------------------------------------------

/// Log-uniform in [lo, hi) (both > 0).
double log_uniform(Rng& rng, double lo, double hi) {
  return std::exp(rng.uniform(std::log(lo), std::log(hi)));
}

/// A random point within distance 1 of the origin, the direction drawn
/// before the length (one draw per statement, so that the order does not
/// depend on the compiler).
dvec3 random_offset(Rng& rng) {
  const dvec3 u = rng.unit();
  return u * rng.uniform(0, 1);
}

/// A local point of a posed hull in the world frame, in double.
dvec3 to_world(const Pose& pose, const dvec3& x) {
  return glm::dmat3(pose.rotation) * x + dvec3(pose.translation);
}

/// Diagonal of the world bounding box of a posed hull (the reference's size
/// of it), from the rotation alone: the translation does not change it.
double posed_diagonal(const Hull& h, const Pose& pose) {
  dvec3 lo(std::numeric_limits<double>::infinity()), hi(-lo);
  for (const vec3& v : h.vertices()) {
    const dvec3 w = glm::dmat3(pose.rotation) * dvec3(v);
    lo = glm::min(lo, w), hi = glm::max(hi, w);
  }
  return glm::length(hi - lo);
}

/// The reference's size of a pair: the larger posed diagonal.
double pair_size(const Pair& p) {
  return std::max(posed_diagonal(p.a, p.pose_a), posed_diagonal(p.b, p.pose_b));
}

/// Relative to the extent: vertices this close to the farthest along a
/// direction share the support (a face's, up to the round-off of its plane).
constexpr double support_tie = 1e-6;

/// The vertex of `h` farthest along `d` (local frame).
dvec3 support_vertex(const Hull& h, const dvec3& d) {
  dvec3 best(h.vertices()[0]);
  for (const vec3& v : h.vertices())
    if (glm::dot(dvec3(v), d) > glm::dot(best, d)) best = dvec3(v);
  return best;
}

/// The mean of the vertices of `h` that share its support along `d`: the
/// vertex, or a point inside the edge or face there, so that moving it
/// inward along -d moves it inside the hull.
dvec3 support_center(const Hull& h, const dvec3& d) {
  const double top = glm::dot(support_vertex(h, d), d);
  dvec3 sum(0);
  int count = 0;
  for (const vec3& v : h.vertices())
    if (glm::dot(dvec3(v), d) >= top - support_tie * double(h.extent())) sum += dvec3(v), ++count;
  return sum / double(count);
}

/// A box or a wedge/prism, as make_edge_edge draws them, each draw in its
/// own statement so that the order does not depend on the compiler.
Hull ridged_shape(Rng& rng) {
  const bool box = rng.uniform(0, 1) < 0.5;
  const real x = real(rng.uniform(0.4, 1.2)), y = real(rng.uniform(0.4, 1.2));
  if (box) return shapes::box(vec3(x, y, real(rng.uniform(0.4, 1.2))));
  return shapes::cylinder(x, y, rng.integer(3, 6));
}

/// Two boxes or wedges whose ridges cross (in projection) at 1e-6 to 1e-2
/// radians from parallel, log-uniform; seeds 4k + 2, 4k + 3 turn B's ridge
/// anti-parallel. A's ridge is its top, B's its bottom, a gap (even seeds)
/// or overlap (odd) of 1e-6 to 3e-2 of the size (log-uniform) between them
/// at the crossing, then a common random rigid motion. Apart, the distance
/// is the gap, met only at the crossing; overlapping, the edge axis competes
/// with the face normals beside the ridges.
bool make_near_parallel(Pair& p, Rng& rng) {
  p.a = ridged_shape(rng);
  p.b = ridged_shape(rng);
  const Ridge ra = random_ridge(p.a, rng), rb = random_ridge(p.b, rng);
  const double psi = rng.uniform(0, two_pi);
  const double sign = rng.uniform(0, 1) < 0.5 ? 1 : -1;
  const double angle = sign * log_uniform(rng, 1e-6, 1e-2);
  const double turn = p.seed / 2 % 2 == 0 ? 0 : std::numbers::pi;
  const dquat q = rng.rotation();
  p.pose_a = make_pose(q * turn_ridge(ra, psi, 1), random_offset(rng));
  p.pose_b = make_pose(q * turn_ridge(rb, psi + turn + angle, -1), dvec3(0));
  const double size = pair_size(p);
  const double gap = (p.seed % 2 == 0 ? 1 : -1) * log_uniform(rng, 1e-6, 3e-2) * size;
  const dvec3 cross_a = ra.mid + ra.dir * (ra.length * rng.uniform(-0.3, 0.3));
  const dvec3 cross_b = rb.mid + rb.dir * (rb.length * rng.uniform(-0.3, 0.3));
  // From the rounded poses, so that float's rotations do not move the gap.
  const dvec3 up = glm::normalize(glm::dmat3(p.pose_a.rotation) * ra.up);
  const dvec3 target = to_world(p.pose_a, cross_a) + up * gap;
  p.pose_b.translation = vec3(target - glm::dmat3(p.pose_b.rotation) * cross_b);
  const ref::Answer r = ref::minkowski(p.a, p.pose_a, p.b, p.pose_b);
  return r.ok && std::abs(r.separation) <= 3e-2 * r.size;
}

/// A hull with a feature much smaller than itself, and that feature's
/// normal cone: every positive combination of `cone` (local frame) has its
/// support on the feature. `face` is the normal of one of the feature's
/// small faces.
struct TinyFeature {
  Hull hull;
  std::array<dvec3, 3> cone;
  dvec3 face;
};

/// A box with one corner cut off (a tiny triangle face, three short edges),
/// one edge chamfered (a sliver face) or one edge rounded by 2 to 24 sliver
/// faces (short edges, as a many-sided cylinder has). The feature is t of
/// the box's diagonal, t log-uniform in [1e-4, 1e-2]; no edge is shorter
/// than 3e-5 of it (three times the radius within which float's
/// Hull::from_points merges points).
TinyFeature tiny_feature(Rng& rng) {
  const double hx = rng.uniform(0.4, 1.2), hy = rng.uniform(0.4, 1.2), hz = rng.uniform(0.4, 1.2);
  const dvec3 h(hx, hy, hz);
  const double feature = 2 * glm::length(h) * log_uniform(rng, 1e-4, 1e-2);
  const int variant = rng.integer(0, 2);
  const auto axis_sign = [&] { return rng.uniform(0, 1) < 0.5 ? 1.0 : -1.0; };
  const double sx = axis_sign(), sy = axis_sign(), sz = axis_sign();
  const dvec3 s(sx, sy, sz);  // the corner (variant 0) or edge end (1, 2) cut
  // Variants 1 and 2 cut the edge along z at (sx hx, sy hy).
  std::vector<dvec3> points;
  for (int k = 0; k < 8; ++k) {
    const dvec3 c(k & 1 ? hx : -hx, k & 2 ? hy : -hy, k & 4 ? hz : -hz);
    const bool on_edge = c.x * sx > 0 && c.y * sy > 0;
    if (on_edge && (variant > 0 || c.z * sz > 0)) continue;
    points.push_back(c);
  }
  const dvec3 corner = h * s;
  const double leg_x = feature * rng.uniform(0.5, 1), leg_y = feature * rng.uniform(0.5, 1);
  const dvec3 legs(leg_x, leg_y, feature * rng.uniform(0.5, 1));
  dvec3 face = glm::normalize(s / legs);  // the corner cut's plane
  if (variant == 0) {
    for (int i = 0; i < 3; ++i) {
      dvec3 x = corner;
      x[i] -= s[i] * legs[i];
      points.push_back(x);
    }
  } else {
    const double rho = legs.x;
    const double arc = std::numbers::pi / 2;
    const int m =
        variant == 1 ? 1 : std::clamp(int(rho * arc / (5e-5 * 2 * glm::length(h))), 2, 24);
    const dvec3 center = corner - s * rho;
    for (int l = 0; l <= m; ++l) {
      const double th = arc * l / m;
      const dvec3 x(center.x + sx * rho * std::cos(th), center.y + sy * rho * std::sin(th), 0);
      points.push_back(dvec3(x.x, x.y, hz));
      points.push_back(dvec3(x.x, x.y, -hz));
    }
    const double mid = arc * (m / 2 + 0.5) / m;  // a sliver in the middle of the arc
    face = dvec3(sx * std::cos(mid), sy * std::sin(mid), 0);
  }
  std::vector<vec3> rounded;
  for (const dvec3& x : points) rounded.push_back(vec3(x));
  HullResult r = Hull::from_points(rounded);
  return {std::move(r.hull), {dvec3(sx, 0, 0), dvec3(0, sy, 0), dvec3(0, 0, sz)}, face};
}

/// A's tiny feature (tiny_feature) turned toward B: B's vertex (or, one
/// time in two, a point inside a face of B turned against n) placed on the
/// line along n from the middle of A's support along n, at a gap (even
/// seeds) or overlap (odd) log-uniform from 1e-6 to 1e-1 of the size. n is
/// a random direction of the feature's normal cone, or one time in three
/// the normal of the feature's small face. A lies below the plane through
/// its support and B above the plane `gap` beyond it, so a gap is the
/// distance; an overlap is at most that deep, and more than zero since B's
/// point is then inside A.
bool make_tiny_features(Pair& p, Rng& rng) {
  TinyFeature f = tiny_feature(rng);
  if (f.hull.empty()) return false;
  p.a = std::move(f.hull);
  p.b = random_shape(rng, 1);
  dvec3 n(0);
  if (rng.integer(0, 2) == 0) {
    double best = -2;  // the hull's face nearest the designed one
    for (const Plane& pl : p.a.planes())
      if (glm::dot(dvec3(pl.normal), f.face) > best)
        best = glm::dot(dvec3(pl.normal), f.face), n = glm::normalize(dvec3(pl.normal));
  } else {
    for (const dvec3& c : f.cone) n += c * rng.uniform(0.05, 1);
    n = glm::normalize(n);
  }
  const dquat qa = rng.rotation();
  p.pose_a = make_pose(qa, random_offset(rng));
  const bool face_to_face = rng.uniform(0, 1) < 0.5;
  dvec3 at_b(0);  // B's local point put on the line
  if (face_to_face) {
    const std::size_t fb = std::size_t(rng.integer(0, int(p.b.face_count()) - 1));
    const dvec3 nb(p.b.planes()[fb].normal);
    p.pose_b =
        make_pose(qa * axis_angle(n, rng.uniform(0, two_pi)) * rotation_between(nb, -n), dvec3(0));
    const auto [cb, rb] = face_disc(p.b, fb);
    const dvec3 nb_world = glm::dmat3(p.pose_b.rotation) * nb;
    dvec3 side = rng.unit();
    side = glm::normalize(side - nb_world * glm::dot(side, nb_world));
    at_b =
        cb + glm::transpose(glm::dmat3(p.pose_b.rotation)) * side * (0.3 * rb * rng.uniform(0, 1));
  } else {
    p.pose_b = make_pose(rng.rotation(), dvec3(0));
  }
  const dvec3 nw = glm::normalize(glm::dmat3(p.pose_a.rotation) * n);
  if (!face_to_face)
    at_b = support_vertex(p.b, -(glm::transpose(glm::dmat3(p.pose_b.rotation)) * nw));
  const double gap = (p.seed % 2 == 0 ? 1 : -1) * log_uniform(rng, 1e-6, 1e-1) * pair_size(p);
  const dvec3 target = to_world(p.pose_a, support_center(p.a, n)) + nw * gap;
  p.pose_b.translation = vec3(target - glm::dmat3(p.pose_b.rotation) * at_b);
  const ref::Answer r = ref::minkowski(p.a, p.pose_a, p.b, p.pose_b);
  return r.ok && std::abs(r.separation) <= 0.1 * r.size;
}

/// Outcomes of big_vs_small: seeds 8k + 2j and 8k + 2j + 1 aim at j.
enum class BigSmall { gap, touching, shallow, contained };

/// A hull 1e2 to 1e3 times smaller than the other (log-uniform ratio of
/// extents; odd seeds make it A), placed along a random direction: apart by
/// 1e-4 to 1e-1 of the size, within 1e-6 of it, in by 1e-2 to 0.5 of the
/// small one's size, or inside by 1.5 to 4 times that (then contained).
bool make_big_small(Pair& p, Rng& rng) {
  const double ratio = log_uniform(rng, 1e2, 1e3);
  Hull big = random_shape(rng, 1);
  const Hull shape = random_shape(rng, 1);
  Hull small = scaled(shape, double(big.extent()) / (ratio * double(shape.extent())));
  if (small.empty()) return false;
  const bool small_is_a = p.seed % 2 == 1;
  p.a = small_is_a ? small : big;
  p.b = small_is_a ? big : small;
  const dquat qa = rng.rotation();
  p.pose_a = make_pose(qa, random_offset(rng));
  const dquat qb = rng.rotation();
  p.pose_b = make_pose(qb, dvec3(0));
  const double size = pair_size(p);
  const double small_size =
      small_is_a ? posed_diagonal(p.a, p.pose_a) : posed_diagonal(p.b, p.pose_b);
  const Pose& pose_big = small_is_a ? p.pose_b : p.pose_a;
  const Pose& pose_small = small_is_a ? p.pose_a : p.pose_b;
  const auto small_inside = [&](double margin) {
    return inside_all(big, pose_big, ref::world_points(small, pose_small), margin);
  };
  const dvec3 d = rng.unit();
  ref::Answer r;
  switch (BigSmall(p.seed / 2 % 4)) {
    case BigSmall::gap:
      r = place_along(p, qb, d, log_uniform(rng, 1e-4, 1e-1), 0);
      return in_band(r, 0.9e-4, 0.11);
    case BigSmall::touching: {
      const int side = p.seed / 8 % 2 == 0 ? 1 : -1;
      return in_band(place_along(p, qb, d, side * near_touch_target, side), -1e-6, 1e-6);
    }
    case BigSmall::shallow:
      r = place_along(p, qb, d, -log_uniform(rng, 1e-2, 0.5) * small_size / size, 0);
      return r.ok && r.intersecting && r.depth <= 0.51 * small_size && !small_inside(0);
    case BigSmall::contained:
      r = place_along(p, qb, d, -rng.uniform(1.5, 4) * small_size / size, 0);
      return r.ok && small_inside(0.1 * small_size);
  }
  return false;
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
    case Category::near_parallel_edges:
      return make_near_parallel(p, rng);
    case Category::tiny_features:
      return make_tiny_features(p, rng);
    case Category::big_vs_small:
      return make_big_small(p, rng);
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
                                         Category::flat_vs_hull,
                                         Category::near_parallel_edges,
                                         Category::tiny_features,
                                         Category::big_vs_small};
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
    case Category::near_parallel_edges:
      return "near_parallel_edges";
    case Category::tiny_features:
      return "tiny_features";
    case Category::big_vs_small:
      return "big_vs_small";
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
