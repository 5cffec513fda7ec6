// Rays against a hull (Cyrus-Beck clipping by its face planes, scanned or
// walked), a sphere and a capsule (closed form), and sweeps. See cast.hpp.
#include "sepax/cast.hpp"

#include "core/checks.hpp"
#include "core/closest_point.hpp"
#include "core/names.hpp"
#include "sepax/support.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sepax {

const char* to_string(CastStatus status) {
  static constexpr const char* names[] = {"hit", "missed", "overlapping", "max_iterations",
                                          "bad_input"};
  return sepax::detail::name_of(status, names);
}

namespace {

constexpr real infinity = std::numeric_limits<real>::infinity();

using sepax::detail::finite;
using sepax::detail::pose_ok;

bool usable(const Pose& pose, const Ray& ray) {
  return pose_ok(pose) && finite(ray.origin) && finite(ray.translation) && ray.max_fraction >= 0 &&
         std::isfinite(ray.max_fraction);
}

CastResult status_only(CastStatus status) {
  CastResult r;
  r.status = status;
  return r;
}

/// The ray in the hull's local frame: o + t d has the same t as the world
/// ray (a pose maps lines to lines, preserving the parameter).
struct LocalRay {
  vec3 o;
  vec3 d;
};

LocalRay local_ray(const Pose& pose, const Ray& ray) {
  return {pose.apply_inverse(ray.origin), pose.rotate_inverse(ray.translation) / pose.scale};
}

/// Where the line o + t d is inside the solid: t in [enter, leave], entered
/// through face `enter_face` (-1: inside from t = -infinity). `meets` false
/// when no t is inside.
struct Span {
  bool meets = true;
  real enter = -infinity;
  real leave = infinity;
  index_t enter_face = -1;
  int visited = 0;
};

/// Every face plane once: the last plane crossed inwards and the first
/// crossed outwards.
Span clip_all(const Hull& hull, const LocalRay& r) {
  Span s;
  const auto planes = hull.planes();
  for (index_t f = 0; f < index_t(planes.size()); ++f) {
    const real denom = glm::dot(planes[f].normal, r.d);
    const real dist = planes[f].distance(r.o);  // > 0 outside
    if (denom == 0) {
      if (dist > 0) s.meets = false;
      continue;
    }
    const real t = -dist / denom;
    if (denom < 0 && t > s.enter) {
      s.enter = t;
      s.enter_face = f;
    } else if (denom > 0 && t < s.leave) {
      s.leave = t;
    }
  }
  s.visited = int(planes.size());
  if (!(s.enter <= s.leave)) s.meets = false;
  return s;
}

/// The face around vertex v whose normal is most against d (n . d
/// smallest), and that value.
index_t face_against(const Hull& hull, index_t v, const vec3& d, real& along) {
  const auto he = hull.half_edges();
  const auto planes = hull.planes();
  const index_t first = hull.vertex_edge(v);
  index_t best = he[first].face, e = first;
  along = infinity;
  do {
    const real a = glm::dot(planes[he[e].face].normal, d);
    if (a < along) along = a, best = he[e].face;
    e = he[e ^ 1].next;  // the next half-edge leaving v
  } while (e != first);
  return best;
}

/// The entry of the line o + t d into the solid by walking: from a face
/// the line crosses inwards, the point q where it crosses that face's plane
/// lies beyond some edge of the face, hence outside the face across that
/// edge; the line crosses that face's plane later (it must, to reach the
/// solid), so each step raises t, and the walk ends on the face that holds
/// q: the entry. A face across whose plane the line never comes back means
/// it misses. Falls back to clip_all where round-off stalls the walk.
/// Only the entry is valid: `leave` is left at infinity.
Span walk(const Hull& hull, const LocalRay& r) {
  const auto planes = hull.planes();
  const auto he = hull.half_edges();
  const auto verts = hull.vertices();
  real along = 0;
  index_t f = face_against(hull, support_index(hull, -r.d), r.d, along);
  if (!(along < 0)) return clip_all(hull, r);
  Span s;
  real t = -planes[f].distance(r.o) / along;
  for (int step = 0; step < int(hull.face_count()); ++step) {
    ++s.visited;
    const vec3 q = r.o + t * r.d;
    const vec3& n = planes[f].normal;
    // The edge q lies furthest beyond (in the face's plane, per unit length).
    index_t beyond = -1;
    real most = 0;
    index_t e = hull.faces()[f].edge;
    for (index_t k = 0; k < hull.faces()[f].count; ++k, e = he[e].next) {
      const vec3& a = verts[he[e].origin];
      const vec3 edge = verts[he[he[e].next].origin] - a;
      const real out = glm::dot(glm::cross(edge, n), q - a);
      if (out <= 0) continue;
      const real per_length = out / glm::length(edge);
      if (per_length > most) most = per_length, beyond = e;
    }
    if (beyond < 0) {  // q is on face f: the entry
      s.enter = t;
      s.enter_face = f;
      return s;
    }
    const index_t g = he[beyond ^ 1].face;
    const real denom = glm::dot(planes[g].normal, r.d);
    if (!(denom < 0)) {  // outside g for good: the line misses the solid
      s.meets = false;
      return s;
    }
    const real t_g = -planes[g].distance(r.o) / denom;
    if (!(t_g > t)) break;  // round-off: no progress
    f = g;
    t = t_g;
  }
  Span full = clip_all(hull, r);
  full.visited += s.visited;
  return full;
}

/// True when the segment o + t d, t in [0, limit], misses the hull's
/// bounds grown by the round-off of its coordinates (slabs, Kay and Kajiya
/// 1986): a ray that passes beside the hull costs six divisions.
bool misses_box(const Hull& hull, const LocalRay& r, real limit) {
  const real grow = tol::coplanar * (hull.magnitude() + glm::length(r.o));
  real enter = 0, leave = limit;
  for (int k = 0; k < 3; ++k) {
    const real lo = hull.bounds().min[k] - grow, hi = hull.bounds().max[k] + grow;
    if (r.d[k] == 0) {
      if (r.o[k] < lo || r.o[k] > hi) return true;
      continue;
    }
    real t0 = (lo - r.o[k]) / r.d[k], t1 = (hi - r.o[k]) / r.d[k];
    if (t0 > t1) std::swap(t0, t1);
    enter = std::max(enter, t0);
    leave = std::min(leave, t1);
  }
  return enter > leave;
}

/// The face whose plane the point p (hull's frame) is nearest inside of,
/// or least outside of: the way out for a point in the solid.
index_t nearest_face(const Hull& hull, const vec3& p) {
  const auto planes = hull.planes();
  index_t best = 0;
  real top = -infinity;
  for (index_t f = 0; f < index_t(planes.size()); ++f) {
    const real dist = planes[f].distance(p);
    if (dist > top) top = dist, best = f;
  }
  return best;
}

CastResult overlapping_at(const Hull& hull, const Pose& pose, const Ray& ray, const vec3& o_local,
                          int visited) {
  CastResult r;
  r.status = CastStatus::overlapping;
  const index_t f = nearest_face(hull, o_local);
  r.feature = {FeatureType::face, f};
  r.normal = pose.rotate(hull.planes()[f].normal);
  r.point = ray.origin;
  r.iterations = visited + int(hull.face_count());
  return r;
}

CastResult hit_at(const Pose& pose, const Ray& ray, real t, const vec3& local_normal,
                  FeatureRef feature, int visited) {
  CastResult r;
  r.status = CastStatus::hit;
  r.fraction = t;
  r.point = ray.origin + t * ray.translation;
  r.normal = pose.rotate(local_normal);
  r.feature = feature;
  r.iterations = visited;
  return r;
}

/// A two-sided polygon: the ray crosses its plane inside its rim, or runs
/// in its plane across the rim.
CastResult ray_flat(const Hull& hull, const Pose& pose, const Ray& ray, const LocalRay& r) {
  const Plane& plane = hull.planes()[0];
  const auto he = hull.half_edges();
  const auto verts = hull.vertices();
  const Face& face = hull.faces()[0];
  const real dist = plane.distance(r.o), denom = glm::dot(plane.normal, r.d);
  if (denom != 0) {
    const real t = -dist / denom;
    if (!(t >= 0) || t > ray.max_fraction) return status_only(CastStatus::missed);
    const vec3 q = r.o + t * r.d;
    index_t e = face.edge;
    for (index_t k = 0; k < face.count; ++k, e = he[e].next) {
      const vec3& a = verts[he[e].origin];
      const vec3 out = glm::cross(verts[he[he[e].next].origin] - a, plane.normal);
      if (glm::dot(out, q - a) > 0) return status_only(CastStatus::missed);
    }
    // The side the ray comes from: face 0's normal faces it when denom < 0.
    const bool front = denom < 0;
    CastResult hit = hit_at(pose, ray, t, front ? plane.normal : -plane.normal,
                            {FeatureType::face, front ? 0 : 1}, face.count);
    if (t == 0) hit.status = CastStatus::overlapping;
    return hit;
  }
  if (dist != 0) return status_only(CastStatus::missed);
  // In the polygon's plane: clip by the rim's side planes.
  real enter = -infinity, leave = infinity;
  index_t enter_edge = -1;
  vec3 enter_normal{real(0)};
  index_t e = face.edge;
  for (index_t k = 0; k < face.count; ++k, e = he[e].next) {
    const vec3& a = verts[he[e].origin];
    const vec3 out = glm::cross(verts[he[he[e].next].origin] - a, plane.normal);
    const real side = glm::dot(out, r.o - a), rate = glm::dot(out, r.d);
    if (rate == 0) {
      if (side > 0) return status_only(CastStatus::missed);
      continue;
    }
    const real t = -side / rate;
    if (rate < 0 && t > enter) enter = t, enter_edge = e / 2, enter_normal = out;
    if (rate > 0 && t < leave) leave = t;
  }
  if (!(enter <= leave) || leave < 0 || enter > ray.max_fraction)
    return status_only(CastStatus::missed);
  if (enter <= 0) return overlapping_at(hull, pose, ray, r.o, face.count);
  return hit_at(pose, ray, enter, glm::normalize(enter_normal), {FeatureType::edge, enter_edge},
                face.count);
}

CastResult ray_solid(const Hull& hull, const Pose& pose, const Ray& ray, bool scan) {
  const LocalRay r = local_ray(pose, ray);
  if (hull.is_flat()) return ray_flat(hull, pose, ray, r);
  const bool moving = glm::dot(r.d, r.d) > 0;
  if (!scan && moving && misses_box(hull, r, ray.max_fraction))
    return status_only(CastStatus::missed);
  const Span s = scan || !moving ? clip_all(hull, r) : walk(hull, r);
  if (!s.meets || s.enter > ray.max_fraction) {
    CastResult miss = status_only(CastStatus::missed);
    miss.iterations = s.visited;
    return miss;
  }
  if (s.enter > 0)
    return hit_at(pose, ray, s.enter, hull.planes()[s.enter_face].normal,
                  {FeatureType::face, s.enter_face}, s.visited);
  // Entered at or before the origin: inside or on the surface when it
  // leaves at or after it, else the solid lies behind.
  real leave = s.leave;
  if (!scan && moving) leave = clip_all(hull, r).leave;
  if (leave < 0) return status_only(CastStatus::missed);
  return overlapping_at(hull, pose, ray, r.o, s.visited);
}

/// First t >= 0 at which o + t d meets the sphere of centre c and radius
/// rad, for an origin outside it (|o - c| > rad); infinity when never.
/// The smaller root of |m + t d|^2 = rad^2 in the form that does not
/// cancel (Ericson 5.3.2 takes the other).
real sphere_entry(const vec3& o, const vec3& d, const vec3& c, real rad) {
  const vec3 m = o - c;
  const real a = glm::dot(d, d), b = glm::dot(m, d), k = glm::dot(m, m) - rad * rad;
  if (!(a > 0) || !(b < 0)) return infinity;
  const real disc = b * b - a * k;
  if (disc < 0) return infinity;
  return k / (std::sqrt(disc) - b);
}

/// Unit vector along v, or (0, 0, 1) for a zero v.
vec3 unit_or_z(const vec3& v) {
  const real len = glm::length(v);
  return len > 0 ? v / len : vec3(real(0), real(0), real(1));
}

}  // namespace

Pose Sweep::at(real t) const {
  if (t == 0) return start;
  if (t == 1) return Pose{end.rotation, end.translation, start.scale};
  const quat q0 = glm::quat_cast(start.rotation), q1 = glm::quat_cast(end.rotation);
  Pose p;
  p.rotation = glm::mat3_cast(glm::slerp(q0, q1, t));
  p.translation = start.translation + t * (end.translation - start.translation);
  p.scale = start.scale;
  return p;
}

// The angle of q0^-1 q1 the shorter way: 2 atan2(|vector part|, |scalar|).
real Sweep::angle() const {
  const quat q0 = glm::quat_cast(start.rotation), q1 = glm::quat_cast(end.rotation);
  const quat d = glm::conjugate(q0) * q1;
  const real s = std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
  return 2 * std::atan2(s, std::abs(d.w));
}

CastResult ray_cast(const Hull& hull, const Pose& pose, const Ray& ray) {
  if (hull.empty() || !usable(pose, ray)) return status_only(CastStatus::bad_input);
  return ray_solid(hull, pose, ray, hull.face_count() <= ray_walk_threshold);
}

CastResult ray_cast_scan(const Hull& hull, const Pose& pose, const Ray& ray) {
  if (hull.empty() || !usable(pose, ray)) return status_only(CastStatus::bad_input);
  return ray_solid(hull, pose, ray, true);
}

CastResult ray_cast(const convex::Sphere& sphere, const Pose& pose, const Ray& ray) {
  if (!usable(pose, ray) || !finite(sphere.core.p) || !(sphere.radius >= 0))
    return status_only(CastStatus::bad_input);
  const vec3 c = pose.apply(sphere.core.p);
  const real rad = sphere.radius * pose.scale;
  const vec3 m = ray.origin - c;
  CastResult r;
  if (glm::dot(m, m) <= rad * rad) {
    r.status = CastStatus::overlapping;
    r.normal = unit_or_z(m);
    r.point = c + r.normal * rad;
    r.feature = {FeatureType::face, 0};
    return r;
  }
  const real t = sphere_entry(ray.origin, ray.translation, c, rad);
  if (!(t <= ray.max_fraction)) return status_only(CastStatus::missed);
  r.status = CastStatus::hit;
  r.fraction = t;
  r.point = ray.origin + t * ray.translation;
  r.normal = unit_or_z(r.point - c);
  r.feature = {FeatureType::face, 0};
  return r;
}

CastResult ray_cast(const convex::Capsule& capsule, const Pose& pose, const Ray& ray) {
  if (!usable(pose, ray) || !finite(capsule.core.p0) || !finite(capsule.core.p1) ||
      !(capsule.radius >= 0))
    return status_only(CastStatus::bad_input);
  const vec3 p0 = pose.apply(capsule.core.p0), p1 = pose.apply(capsule.core.p1);
  const real rad = capsule.radius * pose.scale;
  const vec3 o = ray.origin, d = ray.translation, axis = p1 - p0;
  CastResult r;
  const vec3 nearest = p0 + axis * sepax::detail::closest_on_segment(o, p0, axis);
  if (glm::dot(o - nearest, o - nearest) <= rad * rad) {
    r.status = CastStatus::overlapping;
    r.normal = unit_or_z(o - nearest);
    r.point = nearest + r.normal * rad;
    r.feature = {FeatureType::edge, 0};
    return r;
  }
  // The end spheres, then the cylinder between them.
  real best = sphere_entry(o, d, p0, rad);
  FeatureRef feature{FeatureType::vertex, 0};
  const real t1 = sphere_entry(o, d, p1, rad);
  if (t1 < best) best = t1, feature = {FeatureType::vertex, 1};
  const real ee = glm::dot(axis, axis);
  if (ee > 0) {
    const vec3 m = o - p0;
    const vec3 m_across = m - axis * (glm::dot(m, axis) / ee);
    const vec3 d_across = d - axis * (glm::dot(d, axis) / ee);
    const real a = glm::dot(d_across, d_across), b = glm::dot(m_across, d_across);
    const real k = glm::dot(m_across, m_across) - rad * rad;
    const real disc = b * b - a * k;
    if (a > 0 && k > 0 && b < 0 && disc >= 0) {
      const real t = k / (std::sqrt(disc) - b);
      const real s = glm::dot(m + t * d, axis) / ee;
      if (s >= 0 && s <= 1 && t < best) best = t, feature = {FeatureType::edge, 0};
    }
  }
  if (!(best <= ray.max_fraction)) return status_only(CastStatus::missed);
  r.status = CastStatus::hit;
  r.fraction = best;
  r.point = o + best * d;
  const vec3 on_axis = p0 + axis * sepax::detail::closest_on_segment(r.point, p0, axis);
  r.normal = unit_or_z(r.point - on_axis);
  r.feature = feature;
  return r;
}

}  // namespace sepax
