// Point in a closed mesh: counting a ray's signed crossings over the AABB
// tree, with the generalized winding number as the exact fallback when a
// ray grazes an edge or a vertex.
#include "sepax/mesh.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <optional>

namespace sepax::mesh {

// Signed solid angle of triangle abc seen from p (van Oosterom and
// Strackee 1983): tan(omega / 2) = [a b c] / (|a||b||c| + (a.b)|c| +
// (a.c)|b| + (b.c)|a|) with a, b, c relative to p; atan2 keeps the quadrant.
// Summed over a closed mesh and divided by 4 pi it is the generalized
// winding number (Jacobson, Kavan and Sorkine-Hornung 2013).
real winding_number(const TriangleMesh& mesh, const vec3& p) {
  if (mesh.empty()) return 0;
  const Bounds& box = mesh.bounds();
  const bool outside_box =
      glm::any(glm::lessThan(p, box.min)) || glm::any(glm::greaterThan(p, box.max));
  if (mesh.is_closed() && outside_box) return 0;
  real sum = 0;
  for (std::size_t t = 0; t < mesh.triangle_count(); ++t) {
    const convex::Triangle tri = mesh.triangle(t);
    const vec3 a = tri.p[0] - p, b = tri.p[1] - p, c = tri.p[2] - p;
    const real la = glm::length(a), lb = glm::length(b), lc = glm::length(c);
    const real num = glm::dot(a, glm::cross(b, c));
    const real den = la * lb * lc + glm::dot(a, b) * lc + glm::dot(a, c) * lb + glm::dot(b, c) * la;
    sum += real(2) * std::atan2(num, den);
  }
  return sum / (real(4) * std::numbers::pi_v<real>);
}

namespace {

/// Ray directions (normalized where used) with no zero component and no
/// simple ratio between components, so rays rarely run along the
/// axis-aligned edges and faces that CAD meshes are full of.
constexpr std::array<std::array<double, 3>, 3> ray_directions = {{
    {0.5773502691896258, 0.6354858713928741, -0.5127293467516722},
    {-0.7071067811865476, 0.4225771273642583, 0.5669696034587208},
    {0.2672612419124244, -0.8017837257372732, 0.5345224838248488},
}};

bool ray_hits_box(const vec3& p, const vec3& inv_d, const Bounds& b, real slack) {
  const vec3 t0 = (b.min - vec3(slack) - p) * inv_d;
  const vec3 t1 = (b.max + vec3(slack) - p) * inv_d;
  const vec3 lo = glm::min(t0, t1), hi = glm::max(t0, t1);
  const real enter = std::max({lo.x, lo.y, lo.z, real(0)});
  const real leave = std::min({hi.x, hi.y, hi.z});
  return enter <= leave;
}

/// Signed crossing of the ray p + t d (t >= 0) with triangle t (Möller and
/// Trumbore, "Fast, Minimum Storage Ray/Triangle Intersection", JGT 1997):
/// +1 leaving the solid (d along the outward normal), -1 entering, 0 no
/// crossing, nullopt when the ray grazes an edge or a vertex or runs nearly
/// along the triangle's plane (tol::ray_margin).
std::optional<int> crossing(const vec3& p, const vec3& d, const convex::Triangle& tri) {
  const vec3 e1 = tri.p[1] - tri.p[0], e2 = tri.p[2] - tri.p[0];
  const vec3 pv = glm::cross(d, e2);
  const real det = glm::dot(e1, pv);
  if (!(std::abs(det) > tol::ray_margin * glm::length(e1) * glm::length(e2))) return std::nullopt;
  const vec3 s = p - tri.p[0];
  const real u = glm::dot(s, pv) / det;
  const vec3 q = glm::cross(s, e1);
  const real v = glm::dot(d, q) / det;
  const real t = glm::dot(e2, q) / det;
  if (t < 0) return 0;
  const real nearest = std::min({u, v, real(1) - u - v});
  if (nearest < -tol::ray_margin) return 0;
  if (nearest <= tol::ray_margin) return std::nullopt;
  return det < 0 ? 1 : -1;  // det = -dot(d, normal)
}

/// Sum of the signed crossings of the ray from p along d: the winding
/// number when no crossing is in doubt, else nullopt.
std::optional<int> ray_winding(const TriangleMesh& m, const vec3& p, const vec3& d) {
  const vec3 inv_d = real(1) / d;
  const real slack = tol::coplanar * m.magnitude();
  const auto nodes = m.nodes();
  std::array<index_t, 96> stack;  // a median-split tree is at most ~32 deep
  int top = 0;
  stack[top++] = 0;
  int winding = 0;
  while (top > 0) {
    const MeshNode& node = nodes[stack[static_cast<std::size_t>(--top)]];
    if (!ray_hits_box(p, inv_d, node.bounds, slack)) continue;
    if (!node.leaf()) {
      const auto self = static_cast<index_t>(&node - nodes.data());
      stack[top++] = node.start;
      stack[top++] = self + 1;
      continue;
    }
    for (index_t k = node.start; k < node.start + node.count; ++k) {
      const std::optional<int> c = crossing(p, d, m.triangle(k));
      if (!c) return std::nullopt;
      winding += *c;
    }
  }
  return winding;
}

}  // namespace

// Three rays in turn; if each grazes some edge, the exact winding number
// (O(triangles)). A closed mesh's solid lies in its bounds.
bool contains(const TriangleMesh& mesh, const vec3& p) {
  if (!mesh.is_closed()) return false;
  const Bounds& box = mesh.bounds();
  if (glm::any(glm::lessThan(p, box.min)) || glm::any(glm::greaterThan(p, box.max))) return false;
  for (const auto& d : ray_directions) {
    const std::optional<int> w =
        ray_winding(mesh, p, glm::normalize(vec3(real(d[0]), real(d[1]), real(d[2]))));
    if (w) return *w != 0;
  }
  return std::abs(winding_number(mesh, p)) >= real(0.5);
}

}  // namespace sepax::mesh
