// sepax_decompose: the input is checked and welded here, libHACD decomposes
// it, and the parts' error is measured by brute force against the mesh.
#include "sepax/decompose.hpp"
#include "core/closest_point.hpp"
#include "core/names.hpp"
#include "sepax/volume.hpp"

#include <bullet/HACD/hacdHACD.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <map>
#include <mutex>
#include <numbers>
#include <tuple>
#include <utility>

namespace sepax {
namespace {

using dvec3 = glm::dvec3;

namespace dtol {
/// A triangle is dropped as degenerate when twice its area is at most this
/// fraction of the squared diagonal (relative, unitless): collinear corners
/// within double round-off give HACD a zero normal and Qhull no plane.
constexpr double degenerate_area = 1e-12;
/// A sample closer than this fraction of the diagonal to the mesh surface is
/// on it (relative): the winding number is not needed there.
constexpr double on_surface = 1e-9;
/// HACD normalizes the mesh so that its bounds' diagonal is 2 * scale units
/// (HACD::NormalizeData, scale 1000 by default): lengths given as fractions
/// of the diagonal are multiplied by this.
constexpr double hacd_diagonal = 2000.0;
/// Fewest vertices of a budgeted part hull: ICHull::Process fails below 3,
/// and 4 is the smallest solid.
constexpr std::size_t min_hull_vertices = 4;
/// A point is inside a closed mesh when the magnitude of its generalized
/// winding number is at least this (Jacobson et al. 2013: 1 inside, 0
/// outside, 1/2 on the surface).
constexpr double inside_winding = 0.5;
}  // namespace dtol

/// Where each phase ends in the progress reported (fractions of the call):
/// HACD takes most of the time (measured on 5000-triangle meshes), the part
/// hulls little, the error measure the rest.
namespace phase {
constexpr double hacd_end = 0.8;
constexpr double hulls_end = 0.85;
}  // namespace phase

/// The mesh HACD sees: welded positions (double, as HACD's Real), only the
/// vertices some triangle uses, non-degenerate triangles, and for each of
/// them its index in the caller's triangles.
struct Mesh {
  std::vector<dvec3> points;
  std::vector<std::array<long, 3>> triangles;
  std::vector<index_t> source;
  double diagonal = 0;
  std::size_t dropped = 0;
};

DecomposeResult failure(DecomposeStatus status, std::string message) {
  DecomposeResult r;
  r.status = status;
  r.message = std::move(message);
  return r;
}

// Empty input, indices out of range and non-finite coordinates, in that order.
bool check_input(std::span<const vec3> vertices, std::span<const std::array<index_t, 3>> triangles,
                 DecomposeResult& out) {
  if (vertices.empty()) {
    out = failure(DecomposeStatus::empty_input, "no vertices");
    return false;
  }
  if (triangles.empty()) {
    out = failure(DecomposeStatus::no_triangles, "no triangles");
    return false;
  }
  const auto n = static_cast<long long>(vertices.size());
  for (std::size_t t = 0; t < triangles.size(); ++t) {
    for (const index_t i : triangles[t]) {
      if (i < 0 || i >= n) {
        out = failure(DecomposeStatus::bad_index, "triangle " + std::to_string(t) +
                                                      " refers to vertex " + std::to_string(i) +
                                                      " of " + std::to_string(n));
        return false;
      }
    }
  }
  for (std::size_t v = 0; v < vertices.size(); ++v) {
    const vec3& p = vertices[v];
    if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) {
      out = failure(DecomposeStatus::non_finite,
                    "vertex " + std::to_string(v) + " has a non-finite coordinate");
      return false;
    }
  }
  return true;
}

// Welds vertices at exactly the same position (HACD finds neighbouring
// triangles through shared indices), keeps the used ones, drops degenerate
// triangles.
Mesh weld(std::span<const vec3> vertices, std::span<const std::array<index_t, 3>> triangles) {
  Mesh mesh;
  dvec3 lo(std::numeric_limits<double>::max());
  dvec3 hi(-std::numeric_limits<double>::max());
  for (const auto& tri : triangles) {
    for (const index_t i : tri) {
      lo = glm::min(lo, dvec3(vertices[i]));
      hi = glm::max(hi, dvec3(vertices[i]));
    }
  }
  mesh.diagonal = glm::length(hi - lo);
  std::map<std::tuple<double, double, double>, long> index_of;
  auto welded = [&](index_t i) {
    const dvec3 p(vertices[i]);
    const auto [it, added] =
        index_of.try_emplace({p.x, p.y, p.z}, static_cast<long>(mesh.points.size()));
    if (added) mesh.points.push_back(p);
    return it->second;
  };
  const double min_area = dtol::degenerate_area * mesh.diagonal * mesh.diagonal;
  for (std::size_t t = 0; t < triangles.size(); ++t) {
    const dvec3 a(vertices[triangles[t][0]]);
    const dvec3 b(vertices[triangles[t][1]]);
    const dvec3 c(vertices[triangles[t][2]]);
    if (!(glm::length(glm::cross(b - a, c - a)) > min_area)) {
      ++mesh.dropped;
      continue;
    }
    mesh.triangles.push_back(
        {welded(triangles[t][0]), welded(triangles[t][1]), welded(triangles[t][2])});
    mesh.source.push_back(static_cast<index_t>(t));
  }
  return mesh;
}

// --- libHACD: one run at a time (process-wide state), progress forwarded ----

std::mutex hacd_mutex;
const DecomposeProgress* hacd_progress = nullptr;  // guarded by hacd_mutex
double hacd_begin = 0;                             // fraction at the run's start
double hacd_span = 0;                              // fraction the run covers
double hacd_last = 0;                              // last fraction reported

void report(double fraction, const char* stage) {
  hacd_last = std::max(hacd_last, fraction);
  if (hacd_progress != nullptr && *hacd_progress) (*hacd_progress)(hacd_last, stage);
}

// HACD's CallBackFunction. Its messages name the phase; the per-triangle
// calls of InitializeDualGraph pass (triangle, triangle count), and
// Simplify's "P % V = ..." lines pass P, the percentage of clusters merged.
// Phases within a run (as measured on 5000-triangle meshes): dual graph
// 0-5%, priority queue 5-10% (no calls inside), merging 10-90%, final hulls
// 90-100%.
bool hacd_callback(const char* msg, double a, double b, std::size_t /*n*/) {
  auto at = [](double f) { return hacd_begin + (hacd_span * f); };
  if (std::strncmp(msg, "+ InitializeDualGraph", 21) == 0) {
    if (b > 0) report(at(0.05 * a / b), "HACD: dual graph");
  } else if (std::strncmp(msg, "+ Initializing Priority Queue", 29) == 0) {
    report(at(0.05), "HACD: merge costs");
  } else if (std::strncmp(msg, "+ Simplification", 16) == 0) {
    report(at(0.1), "HACD: merging clusters");
  } else if (std::strstr(msg, "% V =") != nullptr) {
    report(at(0.1 + (0.8 * std::clamp(a, 0.0, 100.0) / 100.0)), "HACD: merging clusters");
  } else if (std::strncmp(msg, "+ Computing final convex-hulls", 30) == 0) {
    report(at(0.9), "HACD: part hulls");
  }
  return true;
}

/// What one HACD run gives: for each mesh triangle its part, and with a
/// vertex budget each part's hull points.
struct HacdParts {
  std::size_t count = 0;
  std::vector<long> partition;
  std::vector<std::vector<dvec3>> hull_points;  // empty without a budget
};

// One HACD::Compute on a copy of the mesh (HACD normalizes the points in
// place). Caller holds hacd_mutex.
bool run_hacd(const Mesh& mesh, const DecomposeOptions& options, double concavity,
              std::size_t min_parts, HacdParts& out) {
  std::vector<HACD::Vec3<HACD::Real>> points;
  points.reserve(mesh.points.size());
  for (const dvec3& p : mesh.points) points.emplace_back(p.x, p.y, p.z);
  std::vector<HACD::Vec3<long>> triangles;
  triangles.reserve(mesh.triangles.size());
  for (const auto& t : mesh.triangles) triangles.emplace_back(t[0], t[1], t[2]);

  HACD::HACD hacd;
  hacd.SetPoints(points.data());
  hacd.SetNPoints(points.size());
  hacd.SetTriangles(triangles.data());
  hacd.SetNTriangles(triangles.size());
  hacd.SetCompacityWeight(options.compactness_weight);
  hacd.SetVolumeWeight(0.0);
  hacd.SetNClusters(std::max<std::size_t>(min_parts, 1));
  hacd.SetNVerticesPerCH(options.max_hull_vertices == 0
                             ? 0
                             : std::max(options.max_hull_vertices, dtol::min_hull_vertices));
  hacd.SetConcavity(concavity);
  hacd.SetConnectDist(
      options.connect_distance < 0 ? -1.0 : options.connect_distance * dtol::hacd_diagonal);
  hacd.SetAddFacesPoints(options.face_points);
  hacd.SetAddExtraDistPoints(false);
  hacd.SetAddNeighboursDistPoints(false);
  hacd.SetCallBack(&hacd_callback);
  const bool full = options.max_hull_vertices == 0;
  if (!hacd.Compute(full, false)) return false;

  out.count = hacd.GetNClusters();
  out.partition.assign(hacd.GetPartition(), hacd.GetPartition() + triangles.size());
  out.hull_points.clear();
  if (!full) {
    out.hull_points.resize(out.count);
    for (std::size_t p = 0; p < out.count; ++p) {
      std::vector<HACD::Vec3<HACD::Real>> pts(hacd.GetNPointsCH(p));
      std::vector<HACD::Vec3<long>> tris(hacd.GetNTrianglesCH(p));
      if (!hacd.GetCH(p, pts.data(), tris.data())) return false;
      for (const auto& q : pts) out.hull_points[p].emplace_back(q.X(), q.Y(), q.Z());
    }
  }
  return true;
}

// The concavity-bounded run, then, when it leaves more than max_parts parts,
// an unbounded run that stops at max_parts.
bool decompose_with_hacd(const Mesh& mesh, const DecomposeOptions& options,
                         const DecomposeProgress& progress, HacdParts& out) {
  const std::lock_guard lock(hacd_mutex);
  hacd_progress = &progress;
  hacd_begin = 0;
  hacd_span = phase::hacd_end;
  hacd_last = 0;
  const double concavity = std::max(options.concavity, 0.0) * dtol::hacd_diagonal;
  bool ok = run_hacd(mesh, options, concavity, options.min_parts, out);
  if (ok && options.max_parts > 0 && out.count > options.max_parts) {
    hacd_begin = hacd_last = phase::hacd_end / 2;  // the second run: the second half
    hacd_span = phase::hacd_end / 2;
    report(hacd_begin, "HACD: again, stopping at max_parts");
    ok = run_hacd(mesh, options, std::numeric_limits<double>::max(),
                  std::max(options.max_parts, options.min_parts), out);
  }
  report(phase::hacd_end, "building part hulls");
  hacd_progress = nullptr;
  return ok;
}

// --- Error measures -----------------------------------------------------------

/// The welded mesh with per-triangle bounds, for the brute-force queries.
struct Surface {
  const Mesh* mesh = nullptr;
  std::vector<std::array<dvec3, 3>> corners;
  std::vector<std::pair<dvec3, dvec3>> bounds;
  bool closed = false;
  double volume = 0;  // signed
};

Surface make_surface(const Mesh& mesh) {
  Surface s;
  s.mesh = &mesh;
  std::map<std::pair<long, long>, int> edge_uses;
  for (const auto& t : mesh.triangles) {
    const std::array<dvec3, 3> c{mesh.points[t[0]], mesh.points[t[1]], mesh.points[t[2]]};
    s.corners.push_back(c);
    s.bounds.emplace_back(glm::min(c[0], glm::min(c[1], c[2])),
                          glm::max(c[0], glm::max(c[1], c[2])));
    s.volume += glm::dot(c[0], glm::cross(c[1], c[2])) / 6.0;
    for (int e = 0; e < 3; ++e) ++edge_uses[std::minmax(t[e], t[(e + 1) % 3])];
  }
  s.closed = std::all_of(edge_uses.begin(), edge_uses.end(),
                         [](const auto& use) { return use.second == 2; });
  return s;
}

// Distance from p to the surface, skipping triangles whose bounds are
// farther than the best so far.
double surface_distance(const Surface& s, const dvec3& p) {
  double best2 = std::numeric_limits<double>::infinity();
  for (std::size_t t = 0; t < s.corners.size(); ++t) {
    const dvec3 gap = glm::max(s.bounds[t].first - p, glm::max(p - s.bounds[t].second, dvec3(0)));
    if (glm::dot(gap, gap) >= best2) continue;
    const dvec3 q =
        detail::closest_on_triangle(p, s.corners[t][0], s.corners[t][1], s.corners[t][2]);
    best2 = std::min(best2, glm::dot(p - q, p - q));
  }
  return std::sqrt(best2);
}

// Generalized winding number of the closed surface around p (Jacobson,
// Kavan and Sorkine-Hornung 2013): the triangles' solid angles, each by Van
// Oosterom and Strackee's formula, over 4 pi. About +-1 inside, 0 outside.
double winding_number(const Surface& s, const dvec3& p) {
  double total = 0;
  for (const auto& c : s.corners) {
    const dvec3 a = c[0] - p, b = c[1] - p, d = c[2] - p;
    const double la = glm::length(a), lb = glm::length(b), ld = glm::length(d);
    const double num = glm::dot(a, glm::cross(b, d));
    const double den =
        (la * lb * ld) + (glm::dot(a, b) * ld) + (glm::dot(b, d) * la) + (glm::dot(d, a) * lb);
    total += 2.0 * std::atan2(num, den);
  }
  return total / (4.0 * std::numbers::pi);
}

// How far p lies from the mesh, from the solid (0 where the winding number
// says inside), when that exceeds `floor`; otherwise some value <= floor
// (the winding number, O(T) with a atan2 per triangle, is only needed when
// p could raise the maximum).
double distance_to_mesh(const Surface& s, const dvec3& p, double floor) {
  const double d = surface_distance(s, p);
  if (d <= floor || d <= dtol::on_surface * s.mesh->diagonal) return d;
  return std::abs(winding_number(s, p)) >= dtol::inside_winding ? 0.0 : d;
}

// The corners of each face of a hull, counter-clockwise seen from outside.
template <class F>
void for_each_face_triangle(const Hull& hull, F&& f) {
  const auto v = hull.vertices();
  const auto he = hull.half_edges();
  for (const Face& face : hull.faces()) {
    const dvec3 a(v[he[static_cast<std::size_t>(face.edge)].origin]);
    index_t e = he[face.edge].next;
    for (index_t k = 1; k + 1 < face.count; ++k) {
      const index_t next = he[e].next;
      f(a, dvec3(v[he[static_cast<std::size_t>(e)].origin]),
        dvec3(v[he[static_cast<std::size_t>(next)].origin]));
      e = next;
    }
  }
}

// Largest distance to the mesh over the hull's vertices and a grid of
// samples inside each face triangle (barycentric (i, j, k) / n, corners
// excluded: they are vertices).
double hull_excess(const Hull& hull, const Surface& s, int samples) {
  double worst = 0;
  for (const vec3& p : hull.vertices())
    worst = std::max(worst, distance_to_mesh(s, dvec3(p), worst));
  const int n = std::max(samples, 1);
  for_each_face_triangle(hull, [&](const dvec3& a, const dvec3& b, const dvec3& c) {
    for (int i = 0; i <= n; ++i) {
      for (int j = 0; i + j <= n; ++j) {
        if (i == n || j == n || i + j == 0) continue;
        const dvec3 p = ((a * double(i)) + (b * double(j)) + (c * double(n - i - j))) / double(n);
        worst = std::max(worst, distance_to_mesh(s, p, worst));
      }
    }
  });
  return worst;
}

// Largest distance from a mesh vertex of the part to the part's hull: 0
// inside its planes, else to the nearest face triangle.
double hull_shortfall(const Hull& hull, const std::vector<dvec3>& points) {
  double worst = 0;
  for (const dvec3& p : points) {
    double outside = 0;
    for (const Plane& pl : hull.planes()) {
      outside = std::max(outside, glm::dot(dvec3(pl.normal), p) - double(pl.offset));
    }
    if (outside <= 0) continue;
    double best2 = std::numeric_limits<double>::infinity();
    for_each_face_triangle(hull, [&](const dvec3& a, const dvec3& b, const dvec3& c) {
      const dvec3 q = detail::closest_on_triangle(p, a, b, c);
      best2 = std::min(best2, glm::dot(p - q, p - q));
    });
    worst = std::max(worst, std::sqrt(best2));
  }
  return worst;
}

// --- Parts ----------------------------------------------------------------------

// Each HACD cluster: its triangles, its points (the welded vertices of its
// triangles, or HACD's budgeted hull), its Hull.
bool build_parts(const Mesh& mesh, const HacdParts& hacd, DecomposeResult& out) {
  std::vector<std::vector<long>> members(hacd.count);
  for (std::size_t t = 0; t < hacd.partition.size(); ++t) {
    members[hacd.partition[t]].push_back(static_cast<long>(t));
  }
  for (std::size_t p = 0; p < hacd.count; ++p) {
    if (members[p].empty()) continue;
    ConvexPart part;
    if (hacd.hull_points.empty()) {
      std::vector<long> used;
      for (const long t : members[p]) {
        for (const long i : mesh.triangles[t]) used.push_back(i);
      }
      std::sort(used.begin(), used.end());
      used.erase(std::unique(used.begin(), used.end()), used.end());
      for (const long i : used) part.points.emplace_back(mesh.points[i]);
    } else {
      for (const dvec3& q : hacd.hull_points[p]) part.points.emplace_back(q);
    }
    for (const long t : members[p]) part.triangles.push_back(mesh.source[t]);
    HullResult built = Hull::from_points(part.points);
    if (!built.ok()) {
      out =
          failure(DecomposeStatus::hull_error, "part " + std::to_string(out.parts.size()) + ": " +
                                                   to_string(built.status) + ": " + built.message);
      return false;
    }
    part.hull = std::move(built.hull);
    out.parts.push_back(std::move(part));
  }
  return true;
}

// Fills excess, shortfall, error and the volumes of a decomposition.
void measure(const Mesh& mesh, const DecomposeOptions& options, const DecomposeProgress& progress,
             DecomposeResult& out) {
  const Surface surface = make_surface(mesh);
  std::map<index_t, std::size_t> position_of;
  for (std::size_t t = 0; t < mesh.source.size(); ++t) position_of[mesh.source[t]] = t;
  double excess = 0, shortfall = 0, volume = 0;
  for (std::size_t p = 0; p < out.parts.size(); ++p) {
    ConvexPart& part = out.parts[p];
    std::vector<dvec3> vertices;
    for (const index_t t : part.triangles) {
      for (const long i : mesh.triangles[position_of[t]]) {
        vertices.push_back(mesh.points[i]);
      }
    }
    const double e = hull_excess(part.hull, surface, options.error_samples);
    const double s = hull_shortfall(part.hull, vertices);
    part.excess = static_cast<real>(e);
    part.shortfall = static_cast<real>(s);
    excess = std::max(excess, e);
    shortfall = std::max(shortfall, s);
    volume += double(sepax::volume(part.hull));
    if (progress) {
      const double done = double(p + 1) / double(out.parts.size());
      progress(phase::hulls_end + ((1 - phase::hulls_end) * done), "measuring the error");
    }
  }
  out.excess = static_cast<real>(excess);
  out.shortfall = static_cast<real>(shortfall);
  out.error = std::max(out.excess, out.shortfall);
  out.diagonal = static_cast<real>(mesh.diagonal);
  out.closed = surface.closed;
  out.mesh_volume = surface.closed ? static_cast<real>(surface.volume) : real(0);
  out.hull_volume = static_cast<real>(volume);
}

std::string summary(const DecomposeResult& r, std::size_t dropped) {
  char line[160];
  std::snprintf(line, sizeof line, "%zu part%s, error %.6g (%.3g%% of the diagonal)",
                r.parts.size(), r.parts.size() == 1 ? "" : "s", double(r.error),
                100.0 * double(r.error) / double(r.diagonal));
  std::string s = line;
  if (dropped > 0) s += ", " + std::to_string(dropped) + " degenerate triangles dropped";
  return s;
}

}  // namespace

const char* to_string(DecomposeStatus status) {
  static constexpr const char* names[] = {
      "ok",         "empty_input", "no_triangles",  "bad_index",
      "non_finite", "degenerate",  "library_error", "hull_error"};
  return sepax::detail::name_of(status, names);
}

DecomposeResult decompose(std::span<const vec3> vertices,
                          std::span<const std::array<index_t, 3>> triangles,
                          const DecomposeOptions& options, const DecomposeProgress& progress) {
  DecomposeResult out;
  if (!check_input(vertices, triangles, out)) return out;
  const Mesh mesh = weld(vertices, triangles);
  if (mesh.triangles.empty() || !(mesh.diagonal > 0)) {
    return failure(DecomposeStatus::degenerate,
                   "all " + std::to_string(triangles.size()) + " triangles are degenerate");
  }
  HacdParts hacd;
  if (!decompose_with_hacd(mesh, options, progress, hacd)) {
    return failure(DecomposeStatus::library_error, "HACD::Compute failed");
  }
  if (!build_parts(mesh, hacd, out)) return out;
  if (progress) progress(phase::hulls_end, "measuring the error");
  measure(mesh, options, progress, out);
  out.status = DecomposeStatus::ok;
  out.message = summary(out, mesh.dropped);
  return out;
}

}  // namespace sepax
