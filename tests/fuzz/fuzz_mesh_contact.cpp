// libFuzzer target: contact manifolds of a body against a triangle mesh
// (contact_mesh.hpp) built from arbitrary bytes (fuzz_input.hpp).
//
// Input layout: margin byte, body byte (0-127 A's hull, 128-191 a sphere,
// 192-255 a capsule around A's cloud), then fuzz_pair's layout: pose A,
// pose B, point count of A, cloud A, cloud B. B's points, taken three at a
// time as a strip (0 1 2, 1 2 3, ...), are the mesh's triangles: shared
// edges folded every way (flat, ridge, valley, back onto itself), repeated
// and degenerate corners.
//
// Invariants:
// - no crash, no sanitizer report, nothing non-finite, 0 to
//   max_mesh_regions regions of 1 to max_points points;
// - each region's normal is a unit vector; each point's separation is the
//   gap along it and within the margin; point_a lies on the body and
//   point_b on the triangle it names;
// - a cached query (twice, the cache filled by the first) has regions
//   exactly when the cold one does.
#include "fuzz_input.hpp"
#include "sepax/contact_mesh.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

using namespace sepax;

namespace {

constexpr std::size_t max_points = 48;
constexpr real unit_tolerance = 64 * tol::eps;

/// Distance of a world point from a segment's rounded surface (a sphere's
/// when p0 == p1), signed: < 0 inside.
real outside_round(const vec3& p0, const vec3& p1, real radius, const vec3& p) {
  const vec3 d = p1 - p0;
  const real len2 = glm::dot(d, d);
  const real t = len2 > 0 ? std::clamp(glm::dot(p - p0, d) / len2, real(0), real(1)) : real(0);
  return glm::length(p - (p0 + d * t)) - radius;
}

/// Distance of a world point from the mesh's triangle of input index t.
real off_triangle(const TriangleMesh& mesh, const Pose& pose, index_t input, const vec3& world) {
  for (index_t k = 0; k < index_t(mesh.triangle_count()); ++k) {
    if (mesh.input_index(k) != input) continue;
    const convex::Triangle c = mesh.triangle(k);
    const vec3 local = pose.apply_inverse(world);
    const vec3 n = glm::normalize(glm::cross(c.p[1] - c.p[0], c.p[2] - c.p[0]));
    real d = std::abs(glm::dot(n, local - c.p[0]));
    for (int i = 0; i < 3; ++i) {  // beyond an edge's side plane
      const vec3 side = glm::normalize(glm::cross(c.p[(i + 1) % 3] - c.p[i], n));
      d = std::max(d, glm::dot(side, local - c.p[i]));
    }
    return d * pose.scale;
  }
  return std::numeric_limits<real>::infinity();
}

struct Body {
  int kind = 0;  // 0 hull, 1 sphere, 2 capsule
  const Hull* hull = nullptr;
  convex::Sphere sphere;
  convex::Capsule capsule;
};

contact::MeshManifold collide(const Body& body, const Pose& pa, const TriangleMesh& mesh,
                              const Pose& pb, contact::MeshScratch& scratch, real margin,
                              contact::MeshCache* cache) {
  switch (body.kind) {
    case 1:
      return contact::collide(body.sphere, pa, mesh, pb, scratch, margin, cache);
    case 2:
      return contact::collide(body.capsule, pa, mesh, pb, scratch, margin, cache);
    default:
      return contact::collide(*body.hull, pa, mesh, pb, scratch, margin, cache);
  }
}

void check(const char* road, const Body& body, const Pose& pa, const TriangleMesh& mesh,
           const Pose& pb, real margin, real band, const contact::MeshManifold& m) {
  SEPAX_FUZZ_CHECK(m.count >= 0 && m.count <= contact::max_mesh_regions, "%s: %d regions", road,
                   m.count);
  for (int r = 0; r < m.count; ++r) {
    const contact::Manifold& g = m.regions[r];
    SEPAX_FUZZ_CHECK(g.count >= 1 && g.count <= contact::max_points, "%s: region %d has %d points",
                     road, r, g.count);
    SEPAX_FUZZ_CHECK(
        fuzz::finite(g.normal) && std::abs(glm::length(g.normal) - 1) <= unit_tolerance,
        "%s: region %d normal not unit", road, r);
    for (int i = 0; i < g.count; ++i) {
      const contact::Point& q = g.points[i];
      SEPAX_FUZZ_CHECK(
          fuzz::finite(q.point_a) && fuzz::finite(q.point_b) && std::isfinite(q.separation),
          "%s: region %d point %d not finite", road, r, i);
      const real gap = glm::dot(q.point_b - q.point_a, g.normal);
      SEPAX_FUZZ_CHECK(std::abs(gap - q.separation) <= band,
                       "%s: region %d point %d separation %.17g, gap %.17g", road, r, i,
                       double(q.separation), double(gap));
      SEPAX_FUZZ_CHECK(q.separation <= margin + band, "%s: point at %.17g beyond margin %g", road,
                       double(q.separation), double(margin));
      const real on_a =
          body.kind == 0
              ? fuzz::outside(*body.hull, pa, q.point_a)
              : std::abs(body.kind == 1 ? outside_round(pa.apply(body.sphere.core.p),
                                                        pa.apply(body.sphere.core.p),
                                                        body.sphere.radius * pa.scale, q.point_a)
                                        : outside_round(pa.apply(body.capsule.core.p0),
                                                        pa.apply(body.capsule.core.p1),
                                                        body.capsule.radius * pa.scale, q.point_a));
      SEPAX_FUZZ_CHECK(on_a <= band, "%s: point off the body by %g", road, double(on_a));
      const real on_b = off_triangle(mesh, pb, m.triangle[r][i], q.point_b);
      SEPAX_FUZZ_CHECK(on_b <= band, "%s: point off its triangle %d by %g", road,
                       int(m.triangle[r][i]), double(on_b));
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Input in(data, size);
  const int margin_byte = in.byte();
  const int body_byte = in.byte();
  const fuzz::PoseBytes pose_a = fuzz::read_pose(in), pose_b = fuzz::read_pose(in);
  const std::size_t count_a = 1 + in.byte() % max_points;
  const fuzz::Cloud cloud_a = fuzz::decode_cloud(in, count_a);
  const fuzz::Cloud cloud_b = fuzz::decode_cloud(in, max_points);
  const double unit = std::max(cloud_a.cell, cloud_b.cell);
  const Pose pa = fuzz::make_pose(pose_a, unit), pb = fuzz::make_pose(pose_b, unit);
  if (!fuzz::finite_pose(pa) || !fuzz::finite_pose(pb) || cloud_b.points.size() < 3) return 0;
  const HullResult a = Hull::from_points(cloud_a.points);
  if (!a.ok()) return 0;
  std::vector<std::array<index_t, 3>> strip;
  for (std::size_t i = 0; i + 2 < cloud_b.points.size(); ++i)
    strip.push_back({index_t(i), index_t(i + 1), index_t(i + 2)});
  const MeshResult built =
      TriangleMesh::from_triangles(std::span<const vec3>(cloud_b.points), strip);
  if (!built.ok()) return 0;
  const TriangleMesh& mesh = built.mesh;

  Body body;
  body.kind = body_byte < 128 ? 0 : body_byte < 192 ? 1 : 2;
  body.hull = &a.hull;
  const Bounds box = a.hull.bounds();
  const real radius = real(0.25) * a.hull.extent();
  body.sphere = convex::sphere(a.hull.centroid(), radius);
  body.capsule = convex::capsule(box.min, box.max, radius);

  const real extent = std::max(a.hull.extent(), mesh.extent());
  const real margin = margin_byte < 128 ? real(0) : real(margin_byte - 128) / 512 * extent;
  const real magnitude = (a.hull.magnitude() + radius) * pa.scale + mesh.magnitude() * pb.scale +
                         glm::length(pa.translation) + glm::length(pb.translation);
  if (fuzz::beyond_query_range(magnitude)) return 0;
  const real band =
      tol::agreement * extent * std::max(pa.scale, pb.scale) + tol::agreement_roundoff * magnitude;

  contact::MeshScratch scratch;
  const contact::MeshManifold cold = collide(body, pa, mesh, pb, scratch, margin, nullptr);
  check("cold", body, pa, mesh, pb, margin, band, cold);
  contact::MeshCache cache;
  for (int call = 0; call < 2; ++call) {
    const contact::MeshManifold warm = collide(body, pa, mesh, pb, scratch, margin, &cache);
    check("cached", body, pa, mesh, pb, margin, band, warm);
    SEPAX_FUZZ_CHECK((warm.count > 0) == (cold.count > 0), "%d regions cold, %d cached (call %d)",
                     cold.count, warm.count, call);
  }
  return 0;
}
