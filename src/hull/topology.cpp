// Hull topology: half-edges from polygon loops, and the derived data every
// query reads (bounds, planes, adjacency, centroid); the hull's distinct
// edge directions on demand. The Gauss map is derived in hull/gauss.cpp,
// the box frame in hull/box_frame.cpp.
#include "hull/builder.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <unordered_map>
#include <utility>

namespace sepax {

namespace {

// Edge ids by their two vertices: each edge is listed once at its lower
// vertex, with its higher vertex and its id, all lists in one array (no
// allocation per vertex or edge). A list has room for every loop side whose
// lower end is its vertex; an edge takes one entry, so the lists are at most
// half full on loops that close into a manifold. Faces that share a vertex
// come close together in the loops, so the lists they look up are close too
// (a hash table of edges would be looked up at random).
class EdgeIds {
 public:
  // False when a loop names a vertex beyond `vertex_count`.
  bool reset(const Loops& loops, std::size_t vertex_count) {
    start_.assign(vertex_count + 1, 0);
    for (std::size_t f = 0; f < loops.size(); ++f) {
      const std::span<const index_t> loop = loops[f];
      if (loop.empty()) continue;
      for (index_t a = loop.back(); const index_t b : loop) {
        if (std::size_t(b) >= vertex_count) return false;  // a negative b too
        ++start_[std::size_t(std::min(a, b)) + 1];
        a = b;
      }
    }
    for (std::size_t v = 0; v < vertex_count; ++v) start_[v + 1] += start_[v];
    end_.assign(start_.begin(), start_.end() - 1);
    entries_.resize(std::size_t(start_[vertex_count]));
    count_ = 0;
    return true;
  }

  // The id of the edge between a and b; a new edge gets the next id (ids
  // count 0, 1, 2, ... in order of first appearance).
  index_t id(index_t a, index_t b) {
    const auto low = std::size_t(std::min(a, b));
    const index_t high = std::max(a, b);
    for (index_t k = start_[low]; k < end_[low]; ++k)
      if (entries_[k].high == high) return entries_[k].id;
    entries_[end_[low]++] = Entry{high, count_};
    return count_++;
  }
  [[nodiscard]] index_t count() const { return count_; }

 private:
  struct Entry {
    index_t high, id;
  };
  std::vector<index_t> start_;  // vertex v's list: entries_[start_[v] .. end_[v])
  std::vector<index_t> end_;
  std::vector<Entry> entries_;
  index_t count_ = 0;
};

}  // namespace

Hull HullBuilder::from_loops(std::vector<vec3> vertices, const Loops& loops, bool flat) {
  // Edge i owns half-edges 2i and 2i + 1; the one whose origin is the lower
  // vertex index is 2i. A directed pair seen twice, or an edge seen from
  // one side only, means the loops do not close into a manifold.
  Hull h;
  const std::size_t total = loops.vertices.size();
  EdgeIds edge_ids;
  if (!edge_ids.reset(loops, vertices.size())) return Hull{};
  h.half_edges_.assign(total, HalfEdge{});
  h.faces_.resize(loops.size());
  std::vector<index_t> loop_edges;
  for (std::size_t f = 0; f < loops.size(); ++f) {
    const std::span<const index_t> loop = loops[f];
    if (loop.size() < 3) return Hull{};
    loop_edges.clear();
    for (std::size_t i = 0; i < loop.size(); ++i) {
      const index_t a = loop[i], b = loop[i + 1 < loop.size() ? i + 1 : 0];
      if (a == b) return Hull{};
      const index_t he = 2 * edge_ids.id(a, b) + (a < b ? 0 : 1);
      if (std::size_t(he) >= total || h.half_edges_[he].origin >= 0) return Hull{};
      h.half_edges_[he] = HalfEdge{a, he ^ 1, -1, index_t(f)};
      loop_edges.push_back(he);
    }
    for (std::size_t i = 0; i + 1 < loop_edges.size(); ++i)
      h.half_edges_[loop_edges[i]].next = loop_edges[i + 1];
    h.half_edges_[loop_edges.back()].next = loop_edges[0];
    h.faces_[f] = Face{loop_edges[0], index_t(loop_edges.size())};
  }
  if (2 * std::size_t(edge_ids.count()) != total) return Hull{};
  h.vertices_ = std::move(vertices);
  h.flat_ = flat;
  derive(h);
  return h;
}

Hull HullBuilder::from_loops(std::vector<vec3> vertices,
                             const std::vector<std::vector<index_t>>& loops, bool flat) {
  Loops flat_loops;
  flat_loops.start.reserve(loops.size() + 1);
  for (const auto& loop : loops) {
    flat_loops.vertices.insert(flat_loops.vertices.end(), loop.begin(), loop.end());
    flat_loops.close();
  }
  return from_loops(std::move(vertices), flat_loops, flat);
}

void HullBuilder::derive(Hull& h) {
  const Frame frame = derive_bounds(h);
  derive_faces(h, frame);
  derive_adjacency(h);
  derive_face_order(h);
  derive_edge_arcs(h);
  derive_arc_grid(h);
  derive_box(h);
  derive_patches(h);
  derive_seeds(h);
}

namespace {

// Newell's method: a normal of a polygon that is robust to nearly collinear
// consecutive vertices; its length is twice the polygon's area.
vec3 newell_normal(const Hull& h, const Face& face, const vec3& origin, real scale) {
  vec3 n(0);
  index_t e = face.edge;
  for (index_t k = 0; k < face.count; ++k) {
    const HalfEdge& he = h.half_edges()[e];
    const vec3 p = (h.vertices()[he.origin] - origin) * scale;
    const vec3 q = (h.vertices()[h.half_edges()[he.next].origin] - origin) * scale;
    n += vec3(p.y - q.y, p.z - q.z, p.x - q.x) * vec3(p.z + q.z, p.x + q.x, p.y + q.y);
    e = he.next;
  }
  return n;
}

// a * b - c * d with about one rounding error (Kahan's algorithm with fma):
// the cross product of two nearly parallel edges cancels nearly all the
// digits of its products, so the plain formula gets a sliver's normal wrong.
real difference_of_products(real a, real b, real c, real d) {
  const real cd = c * d;
  return std::fma(a, b, -cd) + std::fma(-c, d, cd);
}

// cross(u, v), each component with about one rounding error.
vec3 accurate_cross(const vec3& u, const vec3& v) {
  return {difference_of_products(u.y, v.z, u.z, v.y), difference_of_products(u.z, v.x, u.x, v.z),
          difference_of_products(u.x, v.y, u.y, v.x)};
}

// A triangle's normal (length twice its area) from its two shortest edges,
// each the difference of two stored vertices. The cross product's round-off
// is eps times the product of the two edge lengths against a fixed area, so
// this pair loses the fewest digits. Newell's sums about the vertex mean
// would take a needle's normal (two vertices nearly coincident) from the
// cancellation of its long sides: its plane then tilts away from the far
// vertex by many times the round-off.
vec3 triangle_normal(const vec3& a, const vec3& b, const vec3& c, real scale) {
  const vec3 ab = (b - a) * scale, bc = (c - b) * scale, ca = (a - c) * scale;
  // ab x bc = bc x ca = ca x ab
  const real lab = glm::dot(ab, ab), lbc = glm::dot(bc, bc), lca = glm::dot(ca, ca);
  if (lca >= lab && lca >= lbc) return accurate_cross(ab, bc);
  if (lab >= lbc) return accurate_cross(bc, ca);
  return accurate_cross(ca, ab);
}

// A polygon's normal from its spread triangle: the first vertex, the vertex
// farthest from it, and the vertex farthest from their line; the triangle's
// normal as above. Newell's sums lose a needle polygon's normal (vertices
// nearly coincident at one end) the way they lose a needle triangle's.
vec3 polygon_normal(const Hull& h, const Face& face, real scale) {
  const auto v = h.vertices();
  const auto he = h.half_edges();
  const vec3 a = v[he[face.edge].origin];
  vec3 b = a, c = a;
  real far = -1;
  index_t e = face.edge;
  for (index_t k = 0; k < face.count; ++k, e = he[e].next) {
    const vec3 d = (v[he[e].origin] - a) * scale;
    if (glm::dot(d, d) > far) far = glm::dot(d, d), b = v[he[e].origin];
  }
  const vec3 axis = (b - a) * scale;
  far = -1;
  for (index_t k = 0; k < face.count; ++k, e = he[e].next) {
    const vec3 off = glm::cross(axis, (v[he[e].origin] - a) * scale);
    if (glm::dot(off, off) > far) far = glm::dot(off, off), c = v[he[e].origin];
  }
  // a, b, c keep the loop's orientation when c follows b, else swap them.
  const vec3 n = triangle_normal(a, b, c, scale);
  return glm::dot(n, newell_normal(h, face, a, scale)) >= 0 ? n : -n;
}

// Canonical sign for an edge direction: its largest component positive.
vec3 canonical_direction(vec3 d) {
  const vec3 a = glm::abs(d);
  const int i = a.x >= a.y ? (a.x >= a.z ? 0 : 2) : (a.y >= a.z ? 1 : 2);
  return d[i] < 0 ? -d : d;
}

// Directions of all edges with parallel ones merged. Buckets on a coarse grid
// over the unit cube find the candidates; the parallel test itself is the
// angular tolerance, so the result does not depend on the bucket size.
// A unit direction parallel to d (same canonical sign) lies within
// sqrt(2) * tol::parallel of d in each component, so only the cells within
// `reach` of d (and of -d, for the sign flip near a tie between the two
// largest components) can hold one: nearly always d's own cell alone.
std::vector<vec3> unique_directions(const std::vector<vec3>& dirs) {
  constexpr real bucket = real(1) / 256;           // unit: none (direction components)
  constexpr real reach = real(2) * tol::parallel;  // > sqrt(2) * tol::parallel, see above
  // Cell -> last unique direction in it; `next` chains the others (one
  // allocation for the grid, not one per cell).
  std::unordered_map<std::uint64_t, index_t> grid;
  grid.reserve(dirs.size());
  std::vector<index_t> next;
  next.reserve(dirs.size());
  auto cell = [&](const vec3& d) { return glm::ivec3(glm::floor(d / bucket)); };
  auto pack = [](glm::ivec3 c) {
    return (std::uint64_t(std::uint16_t(c.x)) << 32) | (std::uint64_t(std::uint16_t(c.y)) << 16) |
           std::uint64_t(std::uint16_t(c.z));
  };
  std::vector<vec3> unique;
  auto parallel_in_reach = [&](const vec3& probe, const vec3& d) {
    const glm::ivec3 lo = cell(probe - vec3(reach)), hi = cell(probe + vec3(reach));
    for (int x = lo.x; x <= hi.x; ++x)
      for (int y = lo.y; y <= hi.y; ++y)
        for (int z = lo.z; z <= hi.z; ++z) {
          auto it = grid.find(pack(glm::ivec3(x, y, z)));
          if (it == grid.end()) continue;
          for (index_t u = it->second; u >= 0; u = next[u])
            if (glm::length(glm::cross(unique[u], d)) <= tol::parallel) return true;
        }
    return false;
  };
  // A canonical u near -d needs its largest component on another axis than
  // d's: d's two largest magnitudes are then within 2 * reach of each other.
  auto near_tie = [&](const vec3& d) {
    const vec3 a = glm::abs(d);
    const real top = std::max({a.x, a.y, a.z});
    const real second = std::max({std::min(a.x, a.y), std::min(a.y, a.z), std::min(a.x, a.z)});
    return top - second <= real(2) * reach;
  };
  for (const vec3& d : dirs) {
    if (parallel_in_reach(d, d) || (near_tie(d) && parallel_in_reach(-d, d))) continue;
    const auto [it, fresh] = grid.try_emplace(pack(cell(d)), index_t(unique.size()));
    next.push_back(fresh ? -1 : std::exchange(it->second, index_t(unique.size())));
    unique.push_back(d);
  }
  return unique;
}

}  // namespace

HullBuilder::Frame HullBuilder::derive_bounds(Hull& h) {
  h.bounds_ = Bounds{h.vertices_[0], h.vertices_[0]};
  for (const vec3& v : h.vertices_) {
    h.bounds_.min = glm::min(h.bounds_.min, v);
    h.bounds_.max = glm::max(h.bounds_.max, v);
  }
  // Lengths, normals and the centroid are computed in units of a power of
  // two near the hull's size (exact scaling): a face normal grows like
  // size^2, its squared length and the centroid's sums like size^4, which
  // would overflow beyond coordinates of about 1e77 (4e9 in float).
  const vec3 span = h.bounds_.max - h.bounds_.min;
  const real widest = std::max({span.x, span.y, span.z});
  const real unit = widest > 0 ? std::ldexp(real(1), std::ilogb(widest)) : real(1);
  const real per_unit = real(1) / unit;
  h.extent_ = glm::length(span * per_unit) * unit;
  const vec3 largest = glm::max(glm::abs(h.bounds_.min), glm::abs(h.bounds_.max));
  h.magnitude_ = std::max({largest.x, largest.y, largest.z}) + h.extent_;
  // Sums are taken relative to the bounds' centre: far from the origin the
  // products would otherwise lose the hull's own digits.
  return Frame{(h.bounds_.min + h.bounds_.max) * real(0.5), unit, per_unit};
}

namespace {

// The centroid's sums (derive_faces): tetrahedra from vertex 0 over
// fan-triangulated faces (solid), or the area-weighted fan of the front face
// (flat polygon). From a vertex of a convex hull no tetrahedron is negative
// (those from the bounds' centre cancel when it lies outside a sliver,
// leaving round-off), and the ones round-off makes negative count as zero:
// the centroid is then a convex combination of points of the hull, so it
// lies inside. Points in the frame's units, relative to its centre.
struct CentroidSums {
  vec3 apex{real(0)};
  vec3 weighted{real(0)};
  real total = 0;

  void add_tetrahedron(const vec3& p0, const vec3& p1, const vec3& p2) {
    const real w = std::max(real(0), glm::dot(p0 - apex, glm::cross(p1 - apex, p2 - apex)));
    weighted += w * (apex + p0 + p1 + p2) / real(4);
    total += w;
  }
  void add_triangle(const vec3& p0, const vec3& p1, const vec3& p2) {
    const real w = glm::length(glm::cross(p1 - p0, p2 - p0));
    weighted += w * (p0 + p1 + p2) / real(3);
    total += w;
  }
};

}  // namespace

void HullBuilder::derive_faces(Hull& h, const Frame& frame) {
  // Each plane is fitted about its face's own vertex mean: Newell's sums
  // taken about a far point cancel and lose digits of the normal. Triangles
  // take the exact cross product of their two shortest edges instead.
  // A triangle's corners are read once for its mean, normal and tetrahedron.
  const auto in_frame = [&frame](const vec3& v) { return (v - frame.center) * frame.per_unit; };
  const std::vector<HalfEdge>& he = h.half_edges_;
  const std::vector<vec3>& v = h.vertices_;
  CentroidSums sums;
  sums.apex = in_frame(v[0]);
  h.planes_.resize(h.faces_.size());
  for (std::size_t f = 0; f < h.faces_.size(); ++f) {
    const Face& face = h.faces_[f];
    const bool centroid = !h.flat_ || f == 0;
    vec3 mean(0), n;
    if (face.count == 3) {
      const HalfEdge& e0 = he[face.edge];
      const HalfEdge& e1 = he[e0.next];
      const vec3& a = v[e0.origin];
      const vec3& b = v[e1.origin];
      const vec3& c = v[he[std::size_t(e1.next)].origin];
      mean += a - frame.center;
      mean += b - frame.center;
      mean += c - frame.center;
      n = glm::normalize(triangle_normal(a, b, c, frame.per_unit));
      if (centroid && h.flat_) sums.add_triangle(in_frame(a), in_frame(b), in_frame(c));
      if (centroid && !h.flat_) sums.add_tetrahedron(in_frame(a), in_frame(b), in_frame(c));
    } else {
      index_t e = face.edge;
      for (index_t k = 0; k < face.count; ++k, e = he[e].next)
        mean += v[he[std::size_t(e)].origin] - frame.center;
      n = glm::normalize(polygon_normal(h, face, frame.per_unit));
      if (centroid) {
        const HalfEdge& first = he[face.edge];
        const vec3 p0 = in_frame(v[first.origin]);
        e = first.next;
        for (index_t k = 1; k + 1 < face.count; ++k, e = he[e].next) {
          const vec3 p1 = in_frame(v[he[std::size_t(e)].origin]);
          const vec3 p2 = in_frame(v[he[std::size_t(he[std::size_t(e)].next)].origin]);
          if (h.flat_)
            sums.add_triangle(p0, p1, p2);
          else
            sums.add_tetrahedron(p0, p1, p2);
        }
      }
    }
    mean = frame.center + mean / real(face.count);
    h.planes_[f] = Plane{n, glm::dot(n, mean)};
  }
  if (!(sums.total > real(0))) {  // no volume within round-off: the vertices' mean
    sums.weighted = vec3(0), sums.total = real(v.size());
    for (const vec3& p : v) sums.weighted += in_frame(p);
  }
  h.centroid_ = frame.center + sums.weighted / sums.total * frame.unit;
}

void HullBuilder::derive_adjacency(Hull& h) {
  StepScratch scratch;
  h.vertex_edge_.assign(h.vertices_.size(), -1);
  std::pmr::vector<index_t> degree(h.vertices_.size() + 1, 0, scratch.resource());
  for (index_t e = 0; e < index_t(h.half_edges_.size()); ++e) {
    const index_t v = h.half_edges_[e].origin;
    if (h.vertex_edge_[v] < 0) h.vertex_edge_[v] = e;
    ++degree[v + 1];  // each half-edge leaving v is one neighbour
  }
  h.adjacency_start_.assign(h.vertices_.size() + 1, 0);
  for (std::size_t v = 0; v < h.vertices_.size(); ++v)
    h.adjacency_start_[v + 1] = h.adjacency_start_[v] + degree[v + 1];
  h.adjacency_.assign(h.half_edges_.size(), -1);
  std::pmr::vector<index_t> fill(h.adjacency_start_.begin(), h.adjacency_start_.end() - 1,
                                 scratch.resource());
  for (const HalfEdge& he : h.half_edges_)
    h.adjacency_[fill[he.origin]++] = h.half_edges_[he.twin].origin;
  h.neighbor_edges_.resize(h.adjacency_.size());
  for (std::size_t v = 0; v < h.vertices_.size(); ++v)
    for (index_t k = h.adjacency_start_[v]; k < h.adjacency_start_[v + 1]; ++k)
      h.neighbor_edges_[k] =
          NeighborEdge{h.vertices_[h.adjacency_[k]] - h.vertices_[v], h.adjacency_[k]};
  derive_climb_flags(h);
}

// A corner b between a and c of a face counter-clockwise about n is convex
// when b lies right of the line from a to c; by a clear margin when it does
// by more than twice the build's tolerance. A polygon convex that way at
// every corner has bitonic heights along any direction, so the climb's own
// tests (a step, or a tie searched as a plateau) cannot stop on it short of
// its highest corner.
void HullBuilder::derive_climb_flags(Hull& h) {
  const real margin = real(2) * tol::coplanar * h.magnitude_;
  h.across_faces_.assign(h.vertices_.size(), 0);
  for (std::size_t f = 0; f < h.faces_.size(); ++f) {
    const Face& face = h.faces_[f];
    if (face.count <= 3) continue;
    bool clear = true;
    index_t e = face.edge;
    for (index_t k = 0; k < face.count && clear; ++k, e = h.half_edges_[e].next) {
      const vec3& a = h.vertices_[h.half_edges_[e].origin];
      const vec3& b = h.vertices_[h.half_edges_[h.half_edges_[e].next].origin];
      const vec3& c = h.vertices_[h.half_edges_[h.half_edges_[h.half_edges_[e].next].next].origin];
      clear =
          glm::dot(glm::cross(c - a, b - a), h.planes_[f].normal) < -margin * glm::distance(a, c);
    }
    if (clear) continue;
    e = face.edge;
    for (index_t k = 0; k < face.count; ++k, e = h.half_edges_[e].next)
      h.across_faces_[h.half_edges_[e].origin] = 1;
  }
}

std::vector<vec3> edge_directions(const Hull& h) {
  std::vector<vec3> dirs;
  dirs.reserve(h.edge_count());
  for (std::size_t i = 0; i < h.edge_count(); ++i)
    dirs.push_back(canonical_direction(glm::normalize(h.edge_end(i) - h.edge_start(i))));
  return unique_directions(dirs);
}

}  // namespace sepax
