// Building a TriangleMesh: input checks, degenerate triangles, and the
// topology the queries read (closed or not, connected parts). The tree is
// built in mesh/bvh.cpp.
#include "core/names.hpp"
#include "mesh/builder.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

namespace sepax {

const char* to_string(MeshStatus status) {
  static constexpr const char* names[] = {"ok", "empty_input", "index_out_of_range", "non_finite",
                                          "all_degenerate"};
  return sepax::detail::name_of(status, names);
}

const char* to_string(EdgeKind kind) {
  static constexpr const char* names[] = {"boundary", "convex", "flat", "concave", "non_manifold"};
  return sepax::detail::name_of(kind, names);
}

namespace {

MeshResult fail(MeshStatus status, std::string message) {
  MeshResult r;
  r.status = status;
  r.message = std::move(message);
  return r;
}

// Same limit as Hull::from_points (hull/builder.hpp): queries take fourth
// powers of lengths, so coordinates stay below the fourth root of real's
// range with a margin of 2^-4.
real max_coordinate() {
  return real(std::ldexp(1.0, std::numeric_limits<real>::max_exponent / 4 - 4));
}

bool usable(const vec3& p) {
  const real limit = max_coordinate();
  for (int k = 0; k < 3; ++k)
    if (!(std::abs(p[k]) <= limit)) return false;  // NaN fails too
  return true;
}

// The first problem of the input, or ok: indices in range, every
// coordinate finite and within reach (unused vertices too: the topology
// sorts them all).
MeshResult check_input(std::span<const vec3> vertices,
                       std::span<const std::array<index_t, 3>> triangles) {
  if (vertices.empty() || triangles.empty())
    return fail(MeshStatus::empty_input, "the mesh has no vertices or no triangles");
  const auto n = static_cast<std::int64_t>(vertices.size());
  for (std::size_t t = 0; t < triangles.size(); ++t)
    for (index_t v : triangles[t])
      if (v < 0 || v >= n)
        return fail(MeshStatus::index_out_of_range, "triangle " + std::to_string(t) +
                                                        " names vertex " + std::to_string(v) +
                                                        " of " + std::to_string(n));
  for (std::size_t v = 0; v < vertices.size(); ++v)
    if (!usable(vertices[v]))
      return fail(MeshStatus::non_finite, "vertex " + std::to_string(v) +
                                              " is not finite or beyond " +
                                              std::to_string(max_coordinate()));
  return {};
}

void set_bounds(TriangleMesh& m, std::span<const std::array<index_t, 3>> triangles, Bounds& bounds,
                real& extent, real& magnitude) {
  bounds.min = vec3(std::numeric_limits<real>::max());
  bounds.max = -bounds.min;
  for (const auto& t : triangles)
    for (index_t v : t) {
      const vec3& p = m.vertices()[v];
      bounds.min = glm::min(bounds.min, p);
      bounds.max = glm::max(bounds.max, p);
    }
  extent = glm::length(bounds.max - bounds.min);
  const vec3 far = glm::max(glm::abs(bounds.min), glm::abs(bounds.max));
  magnitude = std::max(far.x, std::max(far.y, far.z)) + extent;
}

// Smallest index of a vertex at the same position as each vertex: vertices
// that coincide exactly are one vertex for the topology (STL files repeat
// every corner).
std::vector<index_t> weld_exact(std::span<const vec3> vertices) {
  std::vector<index_t> order(vertices.size());
  std::iota(order.begin(), order.end(), index_t(0));
  auto key = [&](index_t i) {
    const vec3& p = vertices[i];
    return std::make_tuple(p.x, p.y, p.z, i);
  };
  std::sort(order.begin(), order.end(), [&](index_t x, index_t y) { return key(x) < key(y); });
  std::vector<index_t> weld(vertices.size());
  for (std::size_t k = 0; k < order.size(); ++k) {
    const bool same = k > 0 && vertices[order[k]] == vertices[order[k - 1]];
    weld[order[k]] = same ? weld[order[k - 1]] : order[k];
  }
  return weld;
}

// Closed (Ericson 12.3's manifold condition, oriented): every undirected
// edge appears exactly twice, once in each direction.
bool edges_closed(std::span<const std::array<index_t, 3>> triangles,
                  const std::vector<index_t>& weld) {
  struct Edge {
    index_t lo, hi;
    bool forward;
  };
  std::vector<Edge> edges;
  edges.reserve(3 * triangles.size());
  for (const auto& t : triangles)
    for (int k = 0; k < 3; ++k) {
      const index_t u = weld[t[k]];
      const index_t v = weld[t[(k + 1) % 3]];
      edges.push_back({std::min(u, v), std::max(u, v), u < v});
    }
  std::sort(edges.begin(), edges.end(), [](const Edge& x, const Edge& y) {
    return std::tie(x.lo, x.hi, x.forward) < std::tie(y.lo, y.hi, y.forward);
  });
  if (edges.size() % 2 != 0) return false;
  for (std::size_t k = 0; k < edges.size(); k += 2) {
    const Edge& e = edges[k];
    const Edge& f = edges[k + 1];
    const bool pair = e.lo == f.lo && e.hi == f.hi && !e.forward && f.forward;
    const bool third = k + 2 < edges.size() && edges[k + 2].lo == e.lo && edges[k + 2].hi == e.hi;
    if (!pair || third) return false;
  }
  return true;
}

// Root of i in a union-find forest with path halving.
index_t find_root(std::vector<index_t>& parent, index_t i) {
  while (parent[i] != i) {
    auto& p = parent[i];
    p = parent[p];
    i = p;
  }
  return i;
}

// One vertex per connected part: union-find over the triangles' welded
// corners, the smallest vertex index of each part as its seed.
std::vector<index_t> part_seeds(std::span<const std::array<index_t, 3>> triangles,
                                const std::vector<index_t>& weld) {
  std::vector<index_t> parent(weld.size());
  std::iota(parent.begin(), parent.end(), index_t(0));
  for (const auto& t : triangles) {
    const index_t r0 = find_root(parent, weld[t[0]]);
    for (int k = 1; k < 3; ++k) {
      const index_t rk = find_root(parent, weld[t[k]]);
      if (rk != r0) parent[std::max(rk, r0)] = std::min(rk, r0);
    }
  }
  std::vector<index_t> seeds;
  std::vector<bool> seen(weld.size(), false);
  for (const auto& t : triangles) {
    const index_t r = find_root(parent, weld[t[0]]);
    if (!seen[r]) {
      seen[r] = true;
      seeds.push_back(t[0]);
    }
  }
  return seeds;
}

}  // namespace

// A triangle is degenerate when a corner repeats or when its height over
// its longest edge (twice the area over that edge) is within tol::degenerate
// of the mesh's extent: its corners lie on one line within the tolerance
// that Hull::from_points uses for collinear points.
void MeshBuilder::keep_triangles(TriangleMesh& m,
                                 std::span<const std::array<index_t, 3>> triangles) {
  const real limit = tol::degenerate * m.extent_;
  for (std::size_t t = 0; t < triangles.size(); ++t) {
    const auto& tri = triangles[t];
    const bool repeated = tri[0] == tri[1] || tri[1] == tri[2] || tri[0] == tri[2];
    bool flat = repeated;
    if (!repeated) {
      const convex::Triangle c =
          convex::Triangle{{m.vertices_[tri[0]], m.vertices_[tri[1]], m.vertices_[tri[2]]}};
      const real area2 = glm::length(glm::cross(c.p[1] - c.p[0], c.p[2] - c.p[0]));
      const real longest = std::max({glm::length(c.p[1] - c.p[0]), glm::length(c.p[2] - c.p[1]),
                                     glm::length(c.p[0] - c.p[2])});
      flat = !(area2 > limit * longest);
    }
    if (flat) {
      ++m.skipped_;
      continue;
    }
    m.triangles_.push_back(tri);
    m.input_index_.push_back(static_cast<index_t>(t));
  }
}

void MeshBuilder::derive_topology(TriangleMesh& m, const std::vector<index_t>& weld) {
  m.closed_ = edges_closed(m.triangles_, weld);
  m.part_seeds_ = part_seeds(m.triangles_, weld);
}

namespace {

// One side of an edge: edge `corner` of kept triangle `triangle`, between
// welded vertices lo < hi, traversed from lo to hi when `forward`.
struct Side {
  index_t lo, hi, triangle;
  int corner;
  bool forward;
};

// The fold between the triangles of sides s and t, which traverse their
// edge in opposite directions. With n the unit normal of s's triangle and p
// the corner of t's triangle off the edge, the height of p over s's plane
// over p's distance from the edge's line is the sine of the angle t's
// triangle leaves that plane: above it (towards n) a valley, below it a
// ridge, within tol::mesh_flat_edge flat, unless t's triangle folds back
// over s's (their normals more than 90 degrees apart): a knife edge, taken
// as a ridge.
EdgeKind fold(const TriangleMesh& m, const Side& s, const Side& t) {
  const auto corner = [&m](const Side& side, int k) {
    return m.vertices()[m.triangles()[side.triangle][(side.corner + k) % 3]];
  };
  const vec3 a = corner(s, 0), b = corner(s, 1), c = corner(s, 2), p = corner(t, 2);
  const vec3 n = glm::normalize(glm::cross(b - a, c - a));
  const vec3 n_other = glm::normalize(glm::cross(corner(t, 1) - corner(t, 0), p - corner(t, 0)));
  const vec3 along = glm::normalize(b - a);
  const vec3 w = p - a;
  const real height = glm::dot(n, w);
  const real reach = glm::length(glm::cross(along, w));
  if (std::abs(height) <= tol::mesh_flat_edge * reach)
    return glm::dot(n, n_other) > 0 ? EdgeKind::flat : EdgeKind::convex;
  return height > 0 ? EdgeKind::concave : EdgeKind::convex;
}

}  // namespace

void MeshBuilder::derive_edges(TriangleMesh& m, const std::vector<index_t>& weld) {
  const std::size_t count = m.triangles_.size();
  std::vector<Side> sides;
  sides.reserve(3 * count);
  for (std::size_t t = 0; t < count; ++t)
    for (int k = 0; k < 3; ++k) {
      const index_t u = weld[m.triangles_[t][k]];
      const index_t v = weld[m.triangles_[t][(k + 1) % 3]];
      sides.push_back({std::min(u, v), std::max(u, v), index_t(t), k, u < v});
    }
  std::sort(sides.begin(), sides.end(), [](const Side& x, const Side& y) {
    return std::tie(x.lo, x.hi, x.triangle, x.corner) < std::tie(y.lo, y.hi, y.triangle, y.corner);
  });
  m.triangle_edges_.assign(count, {-1, -1, -1});
  m.edges_.clear();
  for (std::size_t i = 0; i < sides.size();) {
    std::size_t j = i + 1;
    while (j < sides.size() && sides[j].lo == sides[i].lo && sides[j].hi == sides[i].hi) ++j;
    const auto id = index_t(m.edges_.size());
    for (std::size_t k = i; k < j; ++k) m.triangle_edges_[sides[k].triangle][sides[k].corner] = id;
    MeshEdge edge;
    edge.triangle[0] = sides[i].triangle;
    if (j - i >= 2) edge.triangle[1] = sides[i + 1].triangle;
    if (j - i == 1)
      edge.kind = EdgeKind::boundary;
    else if (j - i > 2)
      edge.kind = EdgeKind::non_manifold;
    else if (sides[i].forward == sides[i + 1].forward)
      edge.kind = EdgeKind::convex;  // wound the same way: no inside known
    else
      edge.kind = fold(m, sides[i], sides[i + 1]);
    m.edges_.push_back(edge);
    i = j;
  }
}

MeshResult MeshBuilder::build(std::span<const vec3> vertices,
                              std::span<const std::array<index_t, 3>> triangles) {
  MeshResult r = check_input(vertices, triangles);
  if (!r.ok()) return r;
  TriangleMesh& m = r.mesh;
  m.vertices_.assign(vertices.begin(), vertices.end());
  set_bounds(m, triangles, m.bounds_, m.extent_, m.magnitude_);
  keep_triangles(m, triangles);
  if (m.triangles_.empty())
    return fail(MeshStatus::all_degenerate, "all " + std::to_string(triangles.size()) +
                                                " triangles have zero area (within tolerance)");
  const std::vector<index_t> weld = weld_exact(m.vertices_);
  derive_topology(m, weld);
  build_tree(m);
  derive_edges(m, weld);
  m.weld_ = weld;
  return r;
}

namespace {

// Vertices of the other precision, rounded to `real` (to nearest; a double
// beyond float's range becomes infinite and is refused as non_finite).
template <class V>
MeshResult build_converted(std::span<const V> vertices,
                           std::span<const std::array<index_t, 3>> triangles) {
  if constexpr (std::is_same_v<V, vec3>) {
    return MeshBuilder::build(vertices, triangles);
  } else {
    const std::vector<vec3> converted(vertices.begin(), vertices.end());
    return MeshBuilder::build(converted, triangles);
  }
}

}  // namespace

MeshResult TriangleMesh::from_triangles(std::span<const glm::vec3> vertices,
                                        std::span<const std::array<index_t, 3>> triangles) {
  return build_converted(vertices, triangles);
}

MeshResult TriangleMesh::from_triangles(std::span<const glm::dvec3> vertices,
                                        std::span<const std::array<index_t, 3>> triangles) {
  return build_converted(vertices, triangles);
}

}  // namespace sepax
