// Volumes and overlap volumes (volume.hpp): the exact intersection of two
// hulls by clipping their edges, and a sampled estimate where a closed mesh
// makes the shared solid non-convex.
#include "sepax/volume.hpp"

#include "sepax/gjk.hpp"

#include "core/names.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

namespace sepax {

namespace {

using glm::dvec3;

/// Volume of a closed surface from its oriented triangles (the divergence
/// theorem, Gauss): signed tetrahedra from `origin`, a point near the
/// surface so that the sum does not lose digits far from the origin.
template <class Triangles>
double enclosed(const Triangles& for_each_triangle, const dvec3& origin) {
  double six_volume = 0;
  for_each_triangle([&](const dvec3& a, const dvec3& b, const dvec3& c) {
    six_volume += glm::dot(a - origin, glm::cross(b - origin, c - origin));
  });
  return six_volume / 6.0;
}

/// A hull at its pose in double, relative to `origin`: its vertices and its
/// outward planes (unit normal, offset).
struct PlacedHull {
  std::vector<dvec3> vertices;
  std::vector<std::pair<dvec3, double>> planes;
  dvec3 lo{0}, hi{0};  ///< box around the vertices
};

PlacedHull place(const Hull& hull, const Pose& pose, const dvec3& origin) {
  const glm::dmat3 rotation(pose.rotation);
  const dvec3 shift = dvec3(pose.translation) - origin;
  const double scale = pose.scale;
  PlacedHull out;
  out.vertices.reserve(hull.vertices().size());
  for (const vec3& v : hull.vertices())
    out.vertices.push_back(rotation * (dvec3(v) * scale) + shift);
  out.lo = out.hi = out.vertices.front();
  for (const dvec3& v : out.vertices) {
    out.lo = glm::min(out.lo, v);
    out.hi = glm::max(out.hi, v);
  }
  out.planes.reserve(hull.planes().size());
  // x on the plane n.x = d (local) maps to y = R s x + shift, so that
  // (R n).y = s d + (R n).shift.
  for (const Plane& p : hull.planes()) {
    const dvec3 n = rotation * dvec3(p.normal);
    out.planes.emplace_back(n, scale * double(p.offset) + glm::dot(n, shift));
  }
  return out;
}

/// World box of a hull at a pose (double): the box of its placed corners.
std::pair<dvec3, dvec3> world_box(const Hull& hull, const Pose& pose) {
  const glm::dmat3 rotation(pose.rotation);
  dvec3 lo(std::numeric_limits<double>::infinity()), hi(-lo);
  for (const vec3& v : hull.vertices()) {
    const dvec3 w = rotation * (dvec3(v) * double(pose.scale)) + dvec3(pose.translation);
    lo = glm::min(lo, w);
    hi = glm::max(hi, w);
  }
  return {lo, hi};
}

/// World box of a mesh at a pose: its local bounds' eight corners placed.
std::pair<dvec3, dvec3> world_box(const TriangleMesh& mesh, const Pose& pose) {
  const glm::dmat3 rotation(pose.rotation);
  const Bounds& b = mesh.bounds();
  dvec3 lo(std::numeric_limits<double>::infinity()), hi(-lo);
  for (int corner = 0; corner < 8; ++corner) {
    const dvec3 local((corner & 1) ? b.max.x : b.min.x, (corner & 2) ? b.max.y : b.min.y,
                      (corner & 4) ? b.max.z : b.min.z);
    const dvec3 w = rotation * (local * double(pose.scale)) + dvec3(pose.translation);
    lo = glm::min(lo, w);
    hi = glm::max(hi, w);
  }
  return {lo, hi};
}

/// Clips the segment p-q to the hull (Cyrus-Beck: the segment's parameter
/// range inside every plane) and appends the ends of what is left.
void clip_segment(const dvec3& p, const dvec3& q, const PlacedHull& hull, std::vector<dvec3>& out) {
  double t0 = 0, t1 = 1;
  for (const auto& [n, d] : hull.planes) {
    const double dp = glm::dot(n, p) - d;
    const double dq = glm::dot(n, q) - d;
    if (dp > 0 && dq > 0) return;
    if (dp > 0) {
      t0 = std::max(t0, dp / (dp - dq));  // enters the plane's inside
    } else if (dq > 0) {
      t1 = std::min(t1, dp / (dp - dq));  // leaves it
    }
    if (t0 > t1) return;
  }
  out.push_back(p + t0 * (q - p));
  out.push_back(p + t1 * (q - p));
}

/// Appends the ends of `from`'s edges clipped to `to`, skipping edges whose
/// box misses the box [lo, hi] both hulls share.
void clip_edges(const Hull& hull, const PlacedHull& from, const PlacedHull& to, const dvec3& lo,
                const dvec3& hi, std::vector<dvec3>& out) {
  const auto half_edges = hull.half_edges();
  for (std::size_t e = 0; e + 1 < half_edges.size(); e += 2) {
    const dvec3& p = from.vertices[std::size_t(half_edges[e].origin)];
    const dvec3& q = from.vertices[std::size_t(half_edges[e + 1].origin)];
    if (glm::any(glm::lessThan(glm::max(p, q), lo)) ||
        glm::any(glm::greaterThan(glm::min(p, q), hi)))
      continue;
    clip_segment(p, q, to, out);
  }
}

/// Hulls with more faces than this are tested for holding a point by GJK
/// (support points by hill climbing) rather than by scanning their planes.
constexpr std::size_t plane_scan_limit = 64;

/// True when world point p lies inside the posed hull (on its boundary, or
/// within GJK's touching band of it for a big hull, counts as inside); a
/// flat hull has no inside. `cache` warm-starts GJK from the last sample's
/// simplex (samples come in neighbouring cells).
bool inside(const Hull& hull, const Pose& pose, const dvec3& p, gjk::Cache& cache) {
  if (hull.is_flat()) return false;
  const vec3 local = pose.apply_inverse(vec3(p));
  if (hull.face_count() > plane_scan_limit)
    return gjk::intersect(convex::posed(hull, Pose{}), convex::Point{local}, &cache);
  return std::all_of(hull.planes().begin(), hull.planes().end(), [&](const Plane& plane) {
    return glm::dot(plane.normal, local) <= plane.offset;
  });
}

/// True when world point p lies inside the solid the posed closed mesh
/// bounds (mesh::contains).
bool inside(const TriangleMesh& mesh, const Pose& pose, const dvec3& p, gjk::Cache& /*cache*/) {
  return mesh::contains(mesh, pose.apply_inverse(vec3(p)));
}

/// Whether a shape encloses a solid: a hull always (a flat one of volume
/// 0), a mesh when it is closed.
bool encloses(const Hull& hull) {
  return !hull.empty();
}
bool encloses(const TriangleMesh& mesh) {
  return !mesh.empty() && mesh.is_closed();
}

/// Plane tests beyond which two hulls' exact overlap (clipping every edge
/// in the shared box against every plane of the other hull, about a second)
/// gives way to the sampled estimate: two hulls of some 10^4 faces each,
/// overlapping widely.
constexpr double exact_work_limit = 4e8;

/// Edges of a placed hull whose box meets [lo, hi].
std::size_t edges_in(const Hull& hull, const PlacedHull& placed, const dvec3& lo, const dvec3& hi) {
  std::size_t n = 0;
  const auto half_edges = hull.half_edges();
  for (std::size_t e = 0; e + 1 < half_edges.size(); e += 2) {
    const dvec3& p = placed.vertices[std::size_t(half_edges[e].origin)];
    const dvec3& q = placed.vertices[std::size_t(half_edges[e + 1].origin)];
    n += !(glm::any(glm::lessThan(glm::max(p, q), lo)) ||
           glm::any(glm::greaterThan(glm::min(p, q), hi)));
  }
  return n;
}

/// splitmix64 (Steele, Lea and Flood): a small, fast generator whose
/// stream is fixed by its seed.
struct SplitMix64 {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  /// Uniform in [0, 1).
  double uniform() { return double(next() >> 11) * 0x1.0p-53; }
};

/// Cells per axis for about `samples` cells over a box of `extent`: cells as
/// near cubes as the budget allows, at least one per axis (a thin axis gets
/// one and leaves its share to the others).
std::array<std::size_t, 3> grid(const dvec3& extent, std::size_t samples) {
  std::array<int, 3> axes{0, 1, 2};
  std::sort(axes.begin(), axes.end(), [&](int i, int j) { return extent[i] < extent[j]; });
  std::array<std::size_t, 3> cells{1, 1, 1};
  double budget = double(samples);
  for (int k = 0; k < 3; ++k) {
    double product = 1;  // of the extents of this axis and the longer ones
    for (int m = k; m < 3; ++m) product *= extent[axes[m]];
    const double per_length = std::pow(budget / product, 1.0 / double(3 - k));
    const double n = std::clamp(std::round(extent[axes[k]] * per_length), 1.0, budget);
    cells[axes[k]] = std::size_t(n);
    budget = std::max(1.0, budget / n);
  }
  return cells;
}

/// Estimates the volume of { p in [lo, hi] : inside_a(p) and inside_b(p) }
/// with one uniform sample in each cell of a grid over the box (stratified
/// sampling), and bounds its error by the three-sigma Wilson interval of
/// the fraction of samples inside both.
template <class InsideA, class InsideB>
OverlapVolume estimate(const dvec3& lo, const dvec3& hi, const InsideA& inside_a,
                       const InsideB& inside_b, std::size_t samples, std::uint64_t seed) {
  OverlapVolume out;
  const dvec3 extent = hi - lo;
  const double box = extent.x * extent.y * extent.z;
  if (!(box > 0)) return out;  // shared box flat or empty: exactly nothing inside both
  out.method = VolumeMethod::estimate;
  const auto cells = grid(extent, std::max<std::size_t>(samples, 1));
  const dvec3 cell = extent / dvec3(double(cells[0]), double(cells[1]), double(cells[2]));
  SplitMix64 random{seed};
  std::size_t hits = 0;
  for (std::size_t i = 0; i < cells[0]; ++i) {
    for (std::size_t j = 0; j < cells[1]; ++j) {
      for (std::size_t k = 0; k < cells[2]; ++k) {
        const dvec3 p =
            lo + cell * dvec3(double(i) + random.uniform(), double(j) + random.uniform(),
                              double(k) + random.uniform());
        if (inside_a(p) && inside_b(p)) ++hits;
      }
    }
  }
  const double n = double(cells[0]) * double(cells[1]) * double(cells[2]);
  const double fraction = double(hits) / n;
  // Wilson's score interval for a binomial proportion, z = 3.
  const double z2 = 9.0;
  const double centre = (fraction + z2 / (2 * n)) / (1 + z2 / n);
  const double half =
      3.0 / (1 + z2 / n) * std::sqrt(fraction * (1 - fraction) / n + z2 / (4 * n * n));
  out.volume = real(fraction * box);
  out.error =
      real(std::max(std::abs(centre + half - fraction), std::abs(centre - half - fraction)) * box);
  out.samples = std::size_t(n);
  return out;
}

double cube(double s) {
  return s * s * s;
}

/// The shared box of two world boxes (lo > hi on some axis when they miss).
std::pair<dvec3, dvec3> shared(const std::pair<dvec3, dvec3>& a, const std::pair<dvec3, dvec3>& b) {
  return {glm::max(a.first, b.first), glm::min(a.second, b.second)};
}

/// The exact answers where the surfaces do not cross (apart, or one solid
/// inside the other); false when they cross and sampling must decide.
bool without_crossing(mesh::Interference how, OverlapVolume& out) {
  switch (how) {
    case mesh::Interference::none:
      out.volume = 0;
      return true;
    case mesh::Interference::a_inside_b:
      out.volume = out.volume_a;
      return true;
    case mesh::Interference::b_inside_a:
      out.volume = out.volume_b;
      return true;
    case mesh::Interference::surfaces:
      return false;
  }
  return false;
}

/// How two shapes interfere: mesh::intersect where a mesh is involved; for
/// two hulls only whether they meet (GJK): sampling answers the rest.
template <class A, class B>
mesh::Interference interference(const A& a, const Pose& pose_a, const B& b, const Pose& pose_b) {
  return mesh::intersect(a, pose_a, b, pose_b).how;
}
mesh::Interference interference(const Hull& a, const Pose& pose_a, const Hull& b,
                                const Pose& pose_b) {
  return gjk::intersect(a, pose_a, b, pose_b) ? mesh::Interference::surfaces
                                              : mesh::Interference::none;
}

/// Overlap volume where a closed mesh is involved, or two hulls too big to
/// clip: exact where the surfaces do not cross (mesh::intersect), else
/// estimated over the shared box.
template <class A, class B>
OverlapVolume sampled(const A& a, const Pose& pose_a, const B& b, const Pose& pose_b,
                      std::size_t samples, std::uint64_t seed) {
  OverlapVolume out;
  if (!encloses(a) || !encloses(b) || !scale_ok(pose_a) || !scale_ok(pose_b)) {
    out.method = VolumeMethod::none;
    return out;
  }
  out.volume_a = real(double(volume(a)) * cube(pose_a.scale));
  out.volume_b = real(double(volume(b)) * cube(pose_b.scale));
  if (without_crossing(interference(a, pose_a, b, pose_b), out)) return out;
  const auto [lo, hi] = shared(world_box(a, pose_a), world_box(b, pose_b));
  gjk::Cache cache_a, cache_b;
  const auto in_a = [&](const dvec3& p) { return inside(a, pose_a, p, cache_a); };
  const auto in_b = [&](const dvec3& p) { return inside(b, pose_b, p, cache_b); };
  OverlapVolume e = estimate(lo, hi, in_a, in_b, samples, seed);
  e.volume_a = out.volume_a;
  e.volume_b = out.volume_b;
  return e;
}

}  // namespace

real volume(const Hull& hull) {
  if (hull.empty() || hull.is_flat()) return 0;
  const auto vertices = hull.vertices();
  const auto half_edges = hull.half_edges();
  const auto triangles = [&](const auto& emit) {
    // Each face as a fan from its first corner.
    for (const Face& face : hull.faces()) {
      const HalfEdge* he = &half_edges[std::size_t(face.edge)];
      const dvec3 first(vertices[std::size_t(he->origin)]);
      he = &half_edges[std::size_t(he->next)];
      for (index_t k = 1; k + 1 < face.count; ++k) {
        const dvec3 b(vertices[std::size_t(he->origin)]);
        he = &half_edges[std::size_t(he->next)];
        emit(first, b, dvec3(vertices[std::size_t(he->origin)]));
      }
    }
  };
  return real(enclosed(triangles, dvec3(hull.centroid())));
}

real volume(const TriangleMesh& mesh) {
  if (mesh.empty() || !mesh.is_closed()) return 0;
  const auto vertices = mesh.vertices();
  const auto triangles = [&](const auto& emit) {
    for (const auto& t : mesh.triangles())
      emit(dvec3(vertices[std::size_t(t[0])]), dvec3(vertices[std::size_t(t[1])]),
           dvec3(vertices[std::size_t(t[2])]));
  };
  const Bounds& b = mesh.bounds();
  return real(std::abs(enclosed(triangles, (dvec3(b.min) + dvec3(b.max)) * 0.5)));
}

const char* to_string(VolumeMethod method) {
  static constexpr const char* names[] = {"exact", "estimate", "none"};
  return detail::name_of(method, names);
}

OverlapVolume overlap_volume(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b) {
  OverlapVolume out;
  if (a.empty() || b.empty() || !scale_ok(pose_a) || !scale_ok(pose_b)) {
    out.method = VolumeMethod::none;
    return out;
  }
  out.volume_a = real(double(volume(a)) * cube(pose_a.scale));
  out.volume_b = real(double(volume(b)) * cube(pose_b.scale));
  if (a.is_flat() || b.is_flat()) return out;  // a polygon encloses nothing
  const auto [lo, hi] = shared(world_box(a, pose_a), world_box(b, pose_b));
  if (glm::any(glm::greaterThan(lo, hi))) return out;
  // Work relative to the shared box's centre: the corners' round-off is then
  // relative to the overlap's size, not to the distance from the origin.
  const dvec3 origin = (lo + hi) * 0.5;
  const PlacedHull pa = place(a, pose_a, origin);
  const PlacedHull pb = place(b, pose_b, origin);
  // The placed corners' own box, so that an edge on its boundary is kept.
  const dvec3 shared_lo = glm::max(pa.lo, pb.lo), shared_hi = glm::min(pa.hi, pb.hi);
  const double work = double(edges_in(a, pa, shared_lo, shared_hi)) * double(b.face_count()) +
                      double(edges_in(b, pb, shared_lo, shared_hi)) * double(a.face_count());
  if (work > exact_work_limit) return sampled(a, pose_a, b, pose_b, overlap_samples, 1);
  std::vector<dvec3> corners;
  clip_edges(a, pa, pb, shared_lo, shared_hi, corners);
  clip_edges(b, pb, pa, shared_lo, shared_hi, corners);
  if (corners.size() < 4) return out;
  const HullResult shared_hull = Hull::from_points(std::span<const dvec3>(corners));
  // Corners on a plane, a line or a point: the hulls touch without sharing
  // a solid. Any other failure leaves the volume unknown.
  if (!shared_hull.ok()) {
    const HullStatus s = shared_hull.status;
    if (s != HullStatus::coincident && s != HullStatus::collinear) out.method = VolumeMethod::none;
    return out;
  }
  out.volume = std::min({volume(shared_hull.hull), out.volume_a, out.volume_b});
  return out;
}

OverlapVolume overlap_volume(const TriangleMesh& a, const Pose& pose_a, const TriangleMesh& b,
                             const Pose& pose_b, std::size_t samples, std::uint64_t seed) {
  return sampled(a, pose_a, b, pose_b, samples, seed);
}

OverlapVolume overlap_volume(const TriangleMesh& a, const Pose& pose_a, const Hull& b,
                             const Pose& pose_b, std::size_t samples, std::uint64_t seed) {
  return sampled(a, pose_a, b, pose_b, samples, seed);
}

OverlapVolume overlap_volume(const Hull& a, const Pose& pose_a, const TriangleMesh& b,
                             const Pose& pose_b, std::size_t samples, std::uint64_t seed) {
  return sampled(a, pose_a, b, pose_b, samples, seed);
}

}  // namespace sepax
