// Brute-force Minkowski-difference reference (see reference.hpp).
//
// Outline of Difference::build:
//   1. every difference b_j - a_i in double, exact duplicates removed;
//   2. centred on their mean, so that pairs far from the origin keep their
//      digits (Qhull's planes are then accurate relative to D's own extent,
//      not to the offset);
//   3. D flat (all differences within a thin slab: two flat polygons in
//      parallel planes) -> a 2D hull in the plane (monotone chain);
//      otherwise Qhull ("Qt": triangulated facets, one plane each).
// A query shifts the origin instead of D and reads the facet planes (inside:
// depth) or the facet triangles (outside: exact distance).
#include "reference.hpp"

extern "C" {
#include <libqhull_r/qhull_ra.h>
}

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

namespace sepax::ref {
namespace {

using dvec2 = glm::dvec2;

constexpr double inf = std::numeric_limits<double>::infinity();

/// Relative to the largest world coordinate plus the pair's size, in units of
/// double epsilon: distances below this are round-off of the differences and
/// of the plane offsets, so the origin counts as on D (touching).
constexpr double roundoff_eps = 64;

/// Relative to D's extent: thinner than this, D is treated as flat. Matches
/// the library's own notion of a flat hull in its precision (float hulls are
/// planar only to about 1e-7 of their size), and never below 1e-9.
constexpr double flat_relative = std::max(1e-9, double(tol::flat));

/// Relative to D's extent: when Qhull fails (precision error on a very thin
/// D), a D thinner than this is still handled as flat.
constexpr double flat_fallback = 1e-6;

/// Radians: facet normals closer than this to the MTV axis count as the same
/// direction for Answer::axis_gap.
constexpr double same_axis_angle = 1e-6;

double diagonal(const std::vector<dvec3>& p) {
  dvec3 lo(inf), hi(-inf);
  for (const dvec3& q : p) lo = glm::min(lo, q), hi = glm::max(hi, q);
  return glm::length(hi - lo);
}

double max_abs(const std::vector<dvec3>& p) {
  double m = 0;
  for (const dvec3& q : p) m = std::max({m, std::abs(q.x), std::abs(q.y), std::abs(q.z)});
  return m;
}

bool finite(const std::vector<dvec3>& p) {
  return std::all_of(p.begin(), p.end(), [](const dvec3& q) {
    return std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z);
  });
}

std::vector<dvec3> unique_differences(const std::vector<dvec3>& a, const std::vector<dvec3>& b) {
  std::vector<dvec3> d;
  d.reserve(a.size() * b.size());
  for (const dvec3& q : b)
    for (const dvec3& p : a) d.push_back(q - p);
  auto less = [](const dvec3& p, const dvec3& q) {
    return p.x < q.x || (p.x == q.x && (p.y < q.y || (p.y == q.y && p.z < q.z)));
  };
  std::sort(d.begin(), d.end(), less);
  d.erase(std::unique(d.begin(), d.end()), d.end());
  return d;
}

// The point of segment a-b closest to p, in 3D or in a plane (dvec3, dvec2).
template <class V>
V closest_on_segment(const V& p, const V& a, const V& b) {
  const V e = b - a;
  const double len2 = glm::dot(e, e);
  if (!(len2 > 0)) return a;
  return a + e * std::clamp(glm::dot(p - a, e) / len2, 0.0, 1.0);
}

// The projection onto the plane when it falls inside the triangle, otherwise
// the closest point of the three sides (also the answer for a degenerate,
// zero-area triangle, which Qhull's triangulation may produce).
dvec3 closest_on_triangle(const dvec3& p, const dvec3& a, const dvec3& b, const dvec3& c) {
  const dvec3 n = glm::cross(b - a, c - a);
  const double n2 = glm::dot(n, n);
  if (n2 > 0 && glm::dot(glm::cross(b - a, p - a), n) >= 0 &&
      glm::dot(glm::cross(c - b, p - b), n) >= 0 && glm::dot(glm::cross(a - c, p - c), n) >= 0)
    return p - n * (glm::dot(p - a, n) / n2);
  dvec3 best = closest_on_segment(p, a, b);
  for (const dvec3& q : {closest_on_segment(p, b, c), closest_on_segment(p, c, a)})
    if (glm::distance(q, p) < glm::distance(best, p)) best = q;
  return best;
}

double cross2(const dvec2& a, const dvec2& b) {
  return a.x * b.y - a.y * b.x;
}

// Convex hull of 2D points, counter-clockwise, collinear points dropped
// (Andrew's monotone chain, exact orientation signs).
std::vector<dvec2> convex_polygon(std::vector<dvec2> p) {
  std::sort(p.begin(), p.end(),
            [](const dvec2& a, const dvec2& b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  p.erase(std::unique(p.begin(), p.end()), p.end());
  if (p.size() < 3) return p;
  std::vector<dvec2> h(2 * p.size());
  std::size_t k = 0;
  auto keep_left = [&](const dvec2& q, std::size_t floor) {
    while (k >= floor && cross2(h[k - 1] - h[k - 2], q - h[k - 2]) <= 0) --k;
    h[k++] = q;
  };
  for (const dvec2& q : p) keep_left(q, 2);
  const std::size_t lower = k + 1;
  for (std::size_t i = p.size() - 1; i-- > 0;) keep_left(p[i], lower);
  h.resize(k - 1);
  return h;
}

// Sign chosen so that the largest component is positive: a reproducible axis
// when only the line is determined (coplanar flat polygons).
dvec3 canonical(dvec3 n) {
  const dvec3 m = glm::abs(n);
  const double big = m.x >= m.y && m.x >= m.z ? n.x : (m.y >= m.z ? n.y : n.z);
  return big < 0 ? -n : n;
}

// Three well-spread points of the cloud: the one farthest from the centre,
// the one farthest from it, and the one farthest from their line.
struct Spread {
  std::size_t i0 = 0, i1 = 0, i2 = 0;
  double length = 0, width = 0;
};

Spread spread(const std::vector<dvec3>& p) {
  auto farthest = [&](auto&& metric, double& value) {
    std::size_t best = 0;
    value = -1;
    for (std::size_t i = 0; i < p.size(); ++i)
      if (const double m = metric(p[i]); m > value) value = m, best = i;
    return best;
  };
  Spread s;
  double unused = 0;
  s.i0 = farthest([](const dvec3& q) { return glm::dot(q, q); }, unused);
  s.i1 = farthest([&](const dvec3& q) { return glm::distance(q, p[s.i0]); }, s.length);
  if (!(s.length > 0)) return s;
  const dvec3 u = (p[s.i1] - p[s.i0]) / s.length;
  s.i2 = farthest([&](const dvec3& q) { return glm::length(glm::cross(q - p[s.i0], u)); }, s.width);
  return s;
}

}  // namespace

std::vector<dvec3> world_points(const Hull& hull, const Pose& pose) {
  const glm::dmat3 r(pose.rotation);
  const dvec3 t(pose.translation);
  std::vector<dvec3> w;
  w.reserve(hull.vertex_count());
  const double scale = double(pose.scale);
  for (const vec3& v : hull.vertices()) w.push_back(r * (dvec3(v) * scale) + t);
  return w;
}

Difference Difference::build(const std::vector<dvec3>& a, const std::vector<dvec3>& b) {
  Difference d;
  if (a.empty() || b.empty()) return d.message_ = "empty point set", d;
  if (!finite(a) || !finite(b)) return d.message_ = "non-finite coordinate", d;
  d.size_ = std::max(diagonal(a), diagonal(b));
  const double magnitude = std::max(max_abs(a), max_abs(b)) + d.size_;
  d.touch_ = roundoff_eps * std::numeric_limits<double>::epsilon() * magnitude;

  std::vector<dvec3> p = unique_differences(a, b);
  dvec3 sum(0);
  for (const dvec3& q : p) sum += q;
  d.center_ = sum / double(p.size());
  for (dvec3& q : p) q -= d.center_;

  const Spread s = spread(p);
  if (s.length <= d.touch_) return d.message_ = "D is a single point", d;
  if (s.width <= d.touch_) return d.message_ = "D is a segment (both inputs collinear)", d;
  const dvec3 n = glm::normalize(glm::cross(p[s.i1] - p[s.i0], p[s.i2] - p[s.i0]));
  double lo = inf, hi = -inf;
  for (const dvec3& q : p) lo = std::min(lo, glm::dot(n, q)), hi = std::max(hi, glm::dot(n, q));
  const double extent = diagonal(p);
  if (hi - lo <= flat_relative * extent + d.touch_) {
    d.ok_ = d.init_flat(p, n);
    if (!d.ok_) d.message_ = "flat D has no area";
    return d;
  }
  const std::string error = d.init_solid(p);
  d.ok_ = error.empty();
  if (!d.ok_ && hi - lo <= flat_fallback * extent) d.ok_ = d.init_flat(p, n);
  if (!d.ok_) d.message_ = "Qhull: " + error;
  return d;
}

std::string Difference::init_solid(const std::vector<dvec3>& p) {
  std::vector<coordT> coords(3 * p.size());
  for (std::size_t i = 0; i < p.size(); ++i)
    for (int k = 0; k < 3; ++k) coords[3 * i + std::size_t(k)] = p[i][k];
  char* text = nullptr;
  std::size_t text_size = 0;
  FILE* err = open_memstream(&text, &text_size);
  qhT storage;
  qhT* qh = &storage;
  qh_zero(qh, err);
  char options[] = "qhull Qt";
  const int code = qh_new_qhull(qh, 3, int(p.size()), coords.data(), False, options, nullptr, err);
  if (code == 0) {
    facetT* facet;
    FORALLfacets {
      const Facet plane{dvec3(facet->normal[0], facet->normal[1], facet->normal[2]),
                        -facet->offset};
      setT* ordered = qh_facet3vertex(qh, facet);
      std::vector<std::size_t> loop;
      vertexT *vertex, **vertexp;
      FOREACHvertex_(ordered) loop.push_back(std::size_t(qh_pointid(qh, vertex->point)));
      qh_settempfree(qh, &ordered);
      for (std::size_t k = 1; k + 1 < loop.size(); ++k) {  // fan; Qt gives triangles
        facets_.push_back(plane);
        triangles_.insert(triangles_.end(), {p[loop[0]], p[loop[k]], p[loop[k + 1]]});
      }
    }
  }
  qh_freeqhull(qh, !qh_ALL);
  int cur_long = 0, tot_long = 0;
  qh_memfreeshort(qh, &cur_long, &tot_long);
  if (err) std::fclose(err);
  std::string message;
  if (code != 0) {
    message = text && *text ? text : "failed with code " + std::to_string(code);
    if (const std::size_t cut = message.find('\n'); cut != std::string::npos) message.resize(cut);
  } else if (facets_.empty()) {
    message = "no facets";
  }
  std::free(text);
  return message;
}

bool Difference::init_flat(const std::vector<dvec3>& p, const dvec3& n) {
  flat_ = true;
  facets_.clear();
  triangles_.clear();
  normal_ = n;
  const dvec3 seed = std::abs(n.x) < 0.6 ? dvec3(1, 0, 0) : dvec3(0, 1, 0);
  u_ = glm::normalize(glm::cross(n, seed));
  v_ = glm::cross(n, u_);
  double lo = inf, hi = -inf;
  std::vector<dvec2> q;
  q.reserve(p.size());
  for (const dvec3& x : p) {
    lo = std::min(lo, glm::dot(n, x)), hi = std::max(hi, glm::dot(n, x));
    q.push_back({glm::dot(u_, x), glm::dot(v_, x)});
  }
  plane_offset_ = (lo + hi) / 2;
  half_thickness_ = (hi - lo) / 2;
  polygon_ = convex_polygon(std::move(q));
  return polygon_.size() >= 3;
}

Answer Difference::base_answer() const {
  Answer r;
  r.ok = ok_;
  r.message = message_;
  r.size = size_;
  r.flat = flat_;
  return r;
}

Answer Difference::query(const dvec3& shift) const {
  if (!ok_) return base_answer();
  // B moved by `shift` moves D by it: test the origin moved by -shift
  // against D, in D's centred coordinates.
  const dvec3 origin = -shift - center_;
  return flat_ ? flat_query(origin) : solid_query(origin);
}

// The origin is in D + t d when -t d is in D: per facet, n . (-t d) - offset
// <= 0 in centred coordinates (the point -t d - center).
Difference::Entry Difference::entry(const dvec3& d) const {
  Entry e;
  if (!ok_ || flat_) return e;
  e.ok = true;
  double enter = -inf, leave = inf;
  for (const Facet& f : facets_) {
    const double at0 = glm::dot(f.normal, -center_) - f.offset;
    const double rate = -glm::dot(f.normal, d);
    if (rate == 0) {
      if (at0 > 0) return e;
      continue;
    }
    const double t = -at0 / rate;
    if (rate < 0 && t > enter) enter = t, e.normal = -f.normal;
    if (rate > 0 && t < leave) leave = t;
  }
  e.meets = enter <= leave;
  e.enter = enter;
  e.leave = leave;
  return e;
}

Answer Difference::solid_query(const dvec3& o) const {
  Answer r = base_answer();
  std::vector<double> dist(facets_.size());
  std::size_t top = 0;
  for (std::size_t i = 0; i < facets_.size(); ++i) {
    dist[i] = glm::dot(facets_[i].normal, o) - facets_[i].offset;
    if (dist[i] > dist[top]) top = i;
  }
  if (dist[top] <= 0) {  // inside: the nearest facet plane gives depth and axis
    const dvec3 n = facets_[top].normal;
    r.intersecting = true;
    r.depth = -dist[top];
    r.separation = dist[top];
    r.axis = -n;  // B moving along -n carries D's facet past the origin
    double second = inf;
    for (std::size_t i = 0; i < facets_.size(); ++i) {
      const dvec3& m = facets_[i].normal;
      if (glm::dot(m, n) < 0 || glm::length(glm::cross(m, n)) > same_axis_angle)
        second = std::min(second, -dist[i]);
    }
    r.axis_gap = second - r.depth;
    return r;
  }
  // Outside: the closest point lies on a facet whose plane the origin is in
  // front of, and no closer than that plane.
  double best = inf;
  dvec3 closest = o;
  for (std::size_t i = 0; i < facets_.size(); ++i) {
    if (dist[i] <= -touch_ || dist[i] >= best) continue;
    const dvec3 q =
        closest_on_triangle(o, triangles_[3 * i], triangles_[3 * i + 1], triangles_[3 * i + 2]);
    if (const double d = glm::distance(q, o); d < best) best = d, closest = q;
  }
  r.axis = best > 0 ? (closest - o) / best : -facets_[top].normal;
  if (best <= touch_) {  // within round-off of D: touching counts as intersecting
    r.intersecting = true;
    return r;
  }
  r.distance = best;
  r.separation = best;
  return r;
}

Answer Difference::flat_query(const dvec3& o) const {
  Answer r = base_answer();
  const dvec2 o2(glm::dot(u_, o), glm::dot(v_, o));
  bool inside = true;
  for (std::size_t i = 0; i < polygon_.size() && inside; ++i) {
    const dvec2& a = polygon_[i];
    inside = cross2(polygon_[(i + 1) % polygon_.size()] - a, o2 - a) >= 0;
  }
  dvec2 q2 = o2;
  if (!inside) {
    q2 = polygon_[0];
    for (std::size_t i = 0; i < polygon_.size(); ++i) {
      const dvec2 c = closest_on_segment(o2, polygon_[i], polygon_[(i + 1) % polygon_.size()]);
      if (glm::distance(c, o2) < glm::distance(q2, o2)) q2 = c;
    }
  }
  // D is a slab of thickness 2 * half_thickness_ around its mid-plane.
  const double h = glm::dot(normal_, o) - plane_offset_;
  const double off_slab = std::max(0.0, std::abs(h) - half_thickness_);
  const dvec3 p = u_ * (q2.x - o2.x) + v_ * (q2.y - o2.y) - normal_ * std::copysign(off_slab, h);
  const double d = glm::length(p);
  if (d <= touch_) {  // the origin lies in D's polygon: coplanar overlap
    r.intersecting = true;
    r.axis = canonical(normal_);  // pushing either way along the normal frees it
    return r;
  }
  r.distance = d;
  r.separation = d;
  r.axis = p / d;
  return r;
}

Answer minkowski(const std::vector<dvec3>& a_world, const std::vector<dvec3>& b_world) {
  return Difference::build(a_world, b_world).query();
}

Answer minkowski(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b) {
  return minkowski(world_points(a, pose_a), world_points(b, pose_b));
}

}  // namespace sepax::ref
