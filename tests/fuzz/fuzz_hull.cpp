// libFuzzer target: arbitrary bytes read as points (fuzz_input.hpp), then
// Hull::from_points.
//
// Invariants (hull.hpp's contract):
// - every result is either a clear error (a status that fits the input and a
//   message) or a hull that passes validate() with every input point inside;
// - non-finite input is rejected as non_finite, never built, and so is
//   input beyond the fourth root of real's range (its fourth powers would
//   overflow);
// - a built hull's derived data is finite and unit where it says so, its
//   vertices are input points (solids) or within the flat tolerance of the
//   input's plane (flat polygons), a box's frame describes its vertices, and
//   hill-climbing support agrees with the brute-force scan.
#include "fuzz_input.hpp"
#include "sepax/crosscheck.hpp"
#include "sepax/hull.hpp"
#include "sepax/support.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

using namespace sepax;

namespace {

/// Clouds larger than this add cost, not coverage.
constexpr std::size_t max_points = 1024;

/// How far from 1 the length of a vector documented as unit may be: the
/// round-off of one normalization, with room for the sums that precede it.
constexpr real unit_tolerance = 64 * tol::eps;

bool is_unit(const vec3& v) {
  return std::abs(glm::length(v) - real(1)) <= unit_tolerance;
}

void check_error(const HullResult& r, const std::vector<vec3>& points) {
  SEPAX_FUZZ_CHECK(!r.message.empty(), "status %s without a message", to_string(r.status));
  SEPAX_FUZZ_CHECK(r.hull.empty(), "status %s with a hull", to_string(r.status));
  if (points.empty()) {
    SEPAX_FUZZ_CHECK(r.status == HullStatus::empty_input, "no points: %s", r.message.c_str());
  } else if (!fuzz::all_finite(points)) {
    SEPAX_FUZZ_CHECK(r.status == HullStatus::non_finite, "non-finite points: %s",
                     r.message.c_str());
  } else if (points.size() < 3) {
    SEPAX_FUZZ_CHECK(r.status == HullStatus::too_few_points, "%zu points: %s", points.size(),
                     r.message.c_str());
  } else if (fuzz::beyond_range(points)) {
    // Refused: queries take fourth powers of lengths (hull/build.cpp).
    SEPAX_FUZZ_CHECK(
        r.status == HullStatus::non_finite && r.message.find("overflow") != std::string::npos,
        "coordinates beyond the range: %s", r.message.c_str());
  } else {
    SEPAX_FUZZ_CHECK(r.status == HullStatus::coincident || r.status == HullStatus::collinear ||
                         r.status == HullStatus::qhull_error,
                     "%zu finite points: %s", points.size(), r.message.c_str());
  }
}

void check_derived(const Hull& h, real tolerance) {
  SEPAX_FUZZ_CHECK(std::isfinite(h.extent()) && h.extent() > 0, "extent %g", double(h.extent()));
  SEPAX_FUZZ_CHECK(std::isfinite(h.magnitude()), "magnitude %g", double(h.magnitude()));
  SEPAX_FUZZ_CHECK(fuzz::finite(h.centroid()), "centroid not finite");
  for (const Plane& p : h.planes())
    SEPAX_FUZZ_CHECK(is_unit(p.normal) && std::isfinite(p.offset), "plane normal length %.17g",
                     double(glm::length(p.normal)));
  for (const vec3& d : edge_directions(h))
    SEPAX_FUZZ_CHECK(is_unit(d), "edge direction length %.17g", double(glm::length(d)));
  for (const EdgeArc& arc : h.edge_arcs()) {
    SEPAX_FUZZ_CHECK(is_unit(arc.direction) && is_unit(arc.middle), "arc not unit");
    SEPAX_FUZZ_CHECK(arc.cos_half >= -unit_tolerance && arc.cos_half <= 1 + unit_tolerance,
                     "arc cos_half %.17g", double(arc.cos_half));
    SEPAX_FUZZ_CHECK(
        arc.sin_half >= 0 && std::abs(arc.cos_half * arc.cos_half + arc.sin_half * arc.sin_half -
                                      1) <= unit_tolerance,
        "arc sin_half %.17g, cos_half %.17g", double(arc.sin_half), double(arc.cos_half));
  }
  // The centroid lies inside (on the plane, for a flat polygon).
  real outside = -std::numeric_limits<real>::infinity();
  for (const Plane& p : h.planes()) outside = std::max(outside, p.distance(h.centroid()));
  SEPAX_FUZZ_CHECK(outside <= tolerance, "centroid outside by %g (tolerance %g)", double(outside),
                   double(tolerance));
}

// A hull's vertices are input points ("in their input coordinates"); a flat
// polygon's are projected onto the mid-plane of the input, which moves them
// by at most the flat tolerance (validate()'s tolerance covers it).
void check_vertices(const Hull& h, const std::vector<vec3>& points, real tolerance) {
  if (h.is_flat()) {
    SEPAX_FUZZ_CHECK(h.face_count() == 2, "flat hull with %zu faces", h.face_count());
    for (const vec3& v : h.vertices())
      SEPAX_FUZZ_CHECK(std::abs(h.planes()[0].distance(v)) <= tolerance,
                       "flat vertex off its plane by %g", double(h.planes()[0].distance(v)));
    return;
  }
  SEPAX_FUZZ_CHECK(h.vertex_count() >= 4 && h.face_count() >= 4, "solid with %zu vertices",
                   h.vertex_count());
  auto less = [](const vec3& p, const vec3& q) {
    return p.x < q.x || (p.x == q.x && (p.y < q.y || (p.y == q.y && p.z < q.z)));
  };
  std::vector<vec3> sorted = points;
  std::sort(sorted.begin(), sorted.end(), less);
  for (const vec3& v : h.vertices())
    SEPAX_FUZZ_CHECK(std::binary_search(sorted.begin(), sorted.end(), v, less),
                     "vertex (%g, %g, %g) is not an input point", double(v.x), double(v.y),
                     double(v.z));
}

void check_box(const Hull& h, real tolerance) {
  if (!h.is_box()) return;
  const BoxFrame& box = h.box();
  SEPAX_FUZZ_CHECK(h.vertex_count() == 8 && h.face_count() == 6, "box with %zu vertices",
                   h.vertex_count());
  for (int k = 0; k < 3; ++k) {
    SEPAX_FUZZ_CHECK(is_unit(box.axes[k]) && box.half[k] > 0, "box axis %d", k);
    SEPAX_FUZZ_CHECK(std::abs(glm::dot(box.axes[k], box.axes[(k + 1) % 3])) <= unit_tolerance,
                     "box axes %d, %d not orthogonal", k, (k + 1) % 3);
  }
  for (const vec3& v : h.vertices()) {
    const vec3 local = glm::transpose(box.axes) * (v - box.center);
    for (int k = 0; k < 3; ++k)
      SEPAX_FUZZ_CHECK(std::abs(std::abs(local[k]) - box.half[k]) <= tolerance,
                       "box vertex %g from its face %d", double(std::abs(local[k]) - box.half[k]),
                       k);
  }
}

// Hill climbing is exact on an exactly convex hull. validate() accepts
// round-off non-convexity (its tolerance), and at a corner split into
// vertices far closer together than the hull's size, a reflex of that
// round-off over a tiny edge can make a vertex a true local maximum of the
// stored data along a direction nearly normal to a face: the climb then stops
// short by about that direction's tilt times the face's size (2e-9 of the
// size was seen, a corner split 2e-9 apart). Queries are judged to the
// agreement band (tol::agreement of the size), so that band is added to
// `tolerance` as the bound on the shortfall here.
void check_support(const Hull& h, real tolerance) {
  tolerance += tol::agreement * h.extent();
  const auto v = h.vertices();
  const std::size_t starts[] = {0, v.size() / 2, v.size() - 1};
  for (const Plane& p : h.planes())
    for (const vec3& d : {p.normal, -p.normal}) {
      const real best = glm::dot(v[support_brute(h, d)], d);
      for (std::size_t s : starts) {
        const real climbed = glm::dot(v[support_climb(h, d, index_t(s))], d);
        SEPAX_FUZZ_CHECK(climbed >= best - tolerance, "climb from %zu short by %g", s,
                         double(best - climbed));
      }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Input in(data, size);
  const std::vector<vec3> points = fuzz::decode_cloud(in, max_points).points;
  const HullResult r = Hull::from_points(points);
  if (!r.ok()) {
    check_error(r, points);
    return 0;
  }
  SEPAX_FUZZ_CHECK(r.message.empty() && fuzz::all_finite(points) && points.size() >= 3,
                   "built from %zu points", points.size());
  const HullReport report = validate(r.hull, points);
  std::string problems;
  for (const std::string& p : report.problems) problems += p + "; ";
  SEPAX_FUZZ_CHECK(report.ok, "%zu points, %zu vertices, %s: %s", points.size(),
                   r.hull.vertex_count(), r.hull.is_flat() ? "flat" : "solid", problems.c_str());
  check_derived(r.hull, report.tolerance);
  check_vertices(r.hull, points, report.tolerance);
  check_box(r.hull, report.tolerance);
  check_support(r.hull, report.tolerance);
  return 0;
}
