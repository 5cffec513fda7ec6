// convexity(): how deep a mesh's vertices and triangle centres lie inside its
// convex hull, whether the mesh is closed, and the hull-to-mesh volume ratio.
#include "sepax/convexity.hpp"

#include "sepax/volume.hpp"

#include "hull/planes.hpp"
#include "sepax/convex.hpp"
#include "sepax/epa.hpp"
#include "sepax/support.hpp"
#include "sepax/tolerances.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <unordered_set>
#include <utility>
#include <vector>

namespace sepax {

namespace {

using Triangle = std::array<index_t, 3>;

/// A triangle whose indices all name vertices, and three different ones.
bool usable(const Triangle& t, std::size_t vertex_count) {
  for (const index_t i : t)
    if (i < 0 || static_cast<std::size_t>(i) >= vertex_count) return false;
  return t[0] != t[1] && t[1] != t[2] && t[0] != t[2];
}

/// How deep points lie inside a solid hull. A hull vertex is on the
/// boundary (the build keeps input coordinates, so most mesh vertices of a
/// convex part are found by value); any other point's depth, the distance to
/// the nearest face plane, is the penetration depth of the point into the
/// hull, which EPA finds by expanding towards that face from GJK's simplex
/// (exact for polytopes: it stops when the support point is already a
/// vertex). Never a scan over the faces: that is O(faces) a point, so
/// quadratic in the mesh's size for a hull with many faces.
class SolidDepth {
 public:
  explicit SolidDepth(const Hull& hull) : hull_(hull) {
    vertices_.reserve(hull.vertex_count());
    for (const vec3& v : hull.vertices()) vertices_.insert(key(v));
  }

  /// Depth of p, or at most `enough` when p lies within that of the face
  /// nearest the previous point (mesh points come in runs along the
  /// surface, so that face is often p's too; a point that shallow does not
  /// count as inner).
  real operator()(const vec3& p, real enough) {
    if (vertices_.count(key(p)) != 0) return 0;
    if (hint_ >= 0) {
      const real near = -hull_.planes()[hint_].distance(p);
      if (near <= enough) return std::max(near, real(0));
    }
    const epa::Result r = epa::query(convex::Point{p}, convex::HullShape{&hull_});
    hint_ = face_along(r.axis);
    return r.depth();
  }

 private:
  struct Key {
    std::uint64_t bits[3];
    friend bool operator==(const Key& a, const Key& b) {
      return std::memcmp(a.bits, b.bits, sizeof a.bits) == 0;
    }
  };
  struct Hash {
    std::size_t operator()(const Key& k) const {
      return std::size_t(k.bits[0] * 0x9E3779B97F4A7C15ull ^ k.bits[1] * 0xC2B2AE3D27D4EB4Full ^
                         k.bits[2]);
    }
  };
  static Key key(const vec3& v) {
    Key k{};
    for (int i = 0; i < 3; ++i) {
      const double x = double(v[i]) + 0.0;  // -0 and +0 alike
      std::memcpy(&k.bits[i], &x, sizeof x);
    }
    return k;
  }

  /// The face whose outward normal is nearest -axis (EPA's axis points from
  /// the point out of the hull, into the face): one of the faces around
  /// the support vertex along it.
  index_t face_along(const vec3& axis) const {
    const vec3 out = -axis;
    const index_t v = support_index(hull_, out, -1);
    index_t best = -1;
    real best_dot = -2;
    const index_t first = hull_.vertex_edge(v);
    index_t e = first;
    do {  // the faces around v: each outgoing half-edge's face
      const index_t f = hull_.half_edges()[e].face;
      const real d = glm::dot(hull_.planes()[f].normal, out);
      if (d > best_dot) best_dot = d, best = f;
      e = hull_.half_edges()[e ^ 1].next;
    } while (e != first && e >= 0);
    return best;
  }

  const Hull& hull_;
  std::unordered_set<Key, Hash> vertices_;
  index_t hint_ = -1;
};

/// Every edge used once in each direction (degenerate triangles ignored), and
/// a triangle with a bad index makes the mesh open.
bool is_closed(std::span<const Triangle> triangles, std::size_t vertex_count) {
  std::vector<std::pair<index_t, index_t>> edges;
  edges.reserve(3 * triangles.size());
  for (const Triangle& t : triangles) {
    for (const index_t i : t)
      if (i < 0 || static_cast<std::size_t>(i) >= vertex_count) return false;
    if (!usable(t, vertex_count)) continue;
    for (int k = 0; k < 3; ++k) edges.emplace_back(t[k], t[(k + 1) % 3]);
  }
  if (edges.empty()) return false;
  std::sort(edges.begin(), edges.end());
  if (std::adjacent_find(edges.begin(), edges.end()) != edges.end()) return false;
  return std::all_of(edges.begin(), edges.end(), [&](const auto& e) {
    return std::binary_search(edges.begin(), edges.end(), std::pair{e.second, e.first});
  });
}

/// Volume a closed mesh encloses (by the divergence theorem, Gauss: signed
/// tetrahedra from a point near the mesh, so that the sum does not lose
/// digits far from the origin), taken positive whatever the orientation.
real mesh_volume(std::span<const vec3> vertices, std::span<const Triangle> triangles,
                 const vec3& origin) {
  real volume = 0;
  for (const Triangle& t : triangles) {
    if (!usable(t, vertices.size())) continue;
    const vec3 a = vertices[t[0]] - origin;
    volume += glm::dot(a, glm::cross(vertices[t[1]] - origin, vertices[t[2]] - origin));
  }
  return std::abs(volume) / real(6);
}

/// Area of the hull's polygon, for a flat hull (face 0's fan).
real polygon_area(const Hull& hull) {
  const Face& face = hull.faces()[0];
  const HalfEdge* he = &hull.half_edges()[face.edge];
  const vec3 first = hull.vertices()[he->origin];
  vec3 twice{real(0)};
  for (index_t k = 0; k < face.count; ++k) {
    const vec3 b = hull.vertices()[he->origin] - first;
    he = &hull.half_edges()[he->next];
    twice += glm::cross(b, hull.vertices()[he->origin] - first);
  }
  return glm::length(twice) / real(2);
}

/// Total area of the usable triangles.
real mesh_area(std::span<const vec3> vertices, std::span<const Triangle> triangles) {
  real area = 0;
  for (const Triangle& t : triangles)
    if (usable(t, vertices.size()))
      area +=
          glm::length(glm::cross(vertices[t[1]] - vertices[t[0]], vertices[t[2]] - vertices[t[0]]));
  return area / real(2);
}

/// Hulls of more vertices are measured on a sample (Convexity::sample_step).
constexpr std::size_t big_hull = 20'000;
constexpr std::size_t sample_points = 10'000;

}  // namespace

Convexity convexity(const Hull& hull, std::span<const vec3> vertices,
                    std::span<const Triangle> triangles) {
  Convexity out;
  if (hull.empty()) return out;
  out.tolerance = std::max(tol::convex_shape * hull.extent(), tol::coplanar * hull.magnitude());
  out.deepest_point = hull.centroid();
  // A flat hull's depth is within its plane, from its outline's few edges;
  // a solid's by SolidDepth.
  const std::vector<Plane> planes =
      hull.is_flat() ? detail::bounding_planes(hull) : std::vector<Plane>{};
  SolidDepth solid_depth(hull);
  const auto visit = [&](const vec3& p, index_t& inner) {
    const real enough = out.tolerance;
    const real depth = hull.is_flat() ? std::max(-detail::plane_distance(planes, p), real(0))
                                      : solid_depth(p, enough);
    if (depth > out.tolerance) ++inner;
    if (depth > out.max_depth) {
      out.max_depth = depth;
      out.deepest_point = p;
    }
  };
  // Above big_hull vertices each depth is a walk over a big hull: measure
  // every k-th point, at most sample_points of them.
  if (!hull.is_flat() && hull.vertex_count() > big_hull)
    out.sample_step =
        std::max<std::size_t>(1, (vertices.size() + triangles.size()) / sample_points);
  for (std::size_t i = 0; i < vertices.size(); i += out.sample_step)
    visit(vertices[i], out.inner_vertices);
  out.closed = is_closed(triangles, vertices.size());
  if (hull.is_flat() && !triangles.empty()) {
    // Every triangle of a flat mesh lies on the two-sided polygon; the mesh
    // is the polygon when its triangles cover it.
    const real area = mesh_area(vertices, triangles), polygon = polygon_area(hull);
    out.convex = polygon <= area + out.tolerance * hull.extent();
    if (area > 0) out.hull_ratio = polygon / area;
    return out;
  }
  for (std::size_t i = 0; i < triangles.size(); i += out.sample_step)
    if (const Triangle& t = triangles[i]; usable(t, vertices.size()))
      visit((vertices[t[0]] + vertices[t[1]] + vertices[t[2]]) / real(3), out.inner_triangles);
  out.convex = out.inner_vertices == 0 && out.inner_triangles == 0;
  if (out.closed) {
    const real solid = mesh_volume(vertices, triangles, hull.centroid());
    const real hull_solid = volume(hull);
    // A closed mesh of zero volume (two triangles back to back) has no ratio.
    if (solid > tol::coplanar * hull.extent() * hull_solid) out.hull_ratio = hull_solid / solid;
  }
  return out;
}

}  // namespace sepax
