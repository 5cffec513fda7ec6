// Gauss-map data of a hull, derived once when it is built (gauss_map.hpp):
// a face order for support searches, the arc of each edge on the unit
// sphere, a grid indexing those arcs for large hulls, patches of face
// normals with their bounds, and the support seed table.
//
// The arcs are what the SAT edge query needs (Gregorius, "The Separating
// Axis Test between Convex Polyhedra", GDC 2013): two edges of A and B span
// a face of the Minkowski difference exactly when the arc of A's edge crosses
// the negated arc of B's edge.
#include "hull/builder.hpp"
#include "sepax/support.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace sepax {

namespace {

/// Hulls with at least this many edges get an arc grid (below it the SAT
/// edge query tests all pairs, which is faster than walking cells).
constexpr std::size_t arc_grid_min_edges = 48;
/// Largest grid resolution per axis: 48^3 cells of 4 bytes is 440 KiB.
constexpr int arc_grid_max_size = 48;

// The arc of edge i turns about the edge direction from n1 (face left of
// half-edge 2i) to n2 (face left of 2i + 1). With t = cross(direction, n1),
// the in-face outward normal of face 1 at the edge, n2 = cos(theta) n1 +
// sin(theta) t for a convex edge, theta in [0, pi]; the middle is at theta /
// 2. The half angle's cosine and sine come from the half-angle identities,
// each from the one that does not cancel: for theta <= pi / 2,
// c = sqrt((1 + cos) / 2) and s = sin / (2 c); beyond, s = sqrt((1 - cos) /
// 2) and c = sin / (2 s). So a flat polygon's edges (theta = pi) come out
// exactly (c = 0, s = 1), and short arcs keep their sine's digits.
EdgeArc make_arc(const vec3& direction, const vec3& n1, const vec3& n2) {
  const vec3 t = glm::cross(direction, n1);
  // sin(theta) >= 0 on a convex edge; a computed -0 or -1e-17 (flat
  // polygons) counts as 0. (cos, sin) are scaled to the unit circle, as
  // the angle between them would be.
  real sine = std::max(glm::dot(n2, t), real(0)), cosine = glm::dot(n2, n1);
  const real r = std::sqrt(sine * sine + cosine * cosine);
  if (r > 0)
    sine /= r, cosine /= r;
  else
    cosine = 1;  // no angle between them: an empty arc
  real c, s;
  if (cosine >= 0) {
    c = std::sqrt((real(1) + cosine) * real(0.5));
    s = sine / (real(2) * c);
  } else {
    s = std::sqrt((real(1) - cosine) * real(0.5));
    c = sine / (real(2) * s);
  }
  const vec3 middle = glm::normalize(c * n1 + s * t);
  return EdgeArc{direction, middle, c, s, glm::cross(direction, middle)};
}

/// Cube-map cells per side for a hull of F faces: patch_grid_scale * F^(1/3).
/// A query bounds all 6 g^2 patches, then visits those near its best axis:
/// their count grows like g (the patches within reach of the bound's slack,
/// which shrinks like 1 / g) and each holds F / (6 g^2) faces, so the work
/// g^2 + F / g is least for g ~ F^(1/3). The scale 0.3 does the least work
/// per query on random hulls of 32 to 2048 vertices: 2 cells per side at 128
/// vertices, 3 at 512, 5 at 2048.
constexpr real patch_grid_scale = real(0.3);
constexpr int max_patch_grid = 9;
static_assert(6 * max_patch_grid * max_patch_grid == Hull::max_patches);

// The cube-map cell of a unit direction, g cells per side of each face.
// Clamped before the conversion to int, so that a NaN normal (a face the
// build rejects afterwards) gives cell 0, not undefined behaviour.
int patch_cell(const vec3& n, int g) {
  const vec3 a = glm::abs(n);
  const int axis = a.x >= a.y ? (a.x >= a.z ? 0 : 2) : (a.y >= a.z ? 1 : 2);
  const real major = a[axis];
  auto cell = [&](real c) {
    const real x = (c / major + real(1)) * real(0.5) * real(g);
    return !(x > 0) ? 0 : (x >= real(g - 1) ? g - 1 : static_cast<int>(x));
  };
  const int face = 2 * axis + (n[axis] < 0 ? 1 : 0);
  return (face * g + cell(n[(axis + 1) % 3])) * g + cell(n[(axis + 2) % 3]);
}

}  // namespace

// Depth-first face order: each face pushes its unvisited neighbours, so the
// next face popped is usually adjacent to the last one.
void HullBuilder::derive_face_order(Hull& h) {
  StepScratch scratch;
  h.face_order_.clear();
  h.face_order_.reserve(h.faces_.size());
  std::pmr::vector<char> seen(h.faces_.size(), 0, scratch.resource());
  std::pmr::vector<index_t> stack(1, 0, scratch.resource());
  seen[0] = 1;
  while (!stack.empty()) {
    const index_t f = stack.back();
    stack.pop_back();
    h.face_order_.push_back(f);
    index_t e = h.faces_[f].edge;
    for (index_t k = 0; k < h.faces_[f].count; ++k, e = h.half_edges_[e].next) {
      const index_t g = h.half_edges_[h.half_edges_[e].twin].face;
      if (!seen[g]) seen[g] = 1, stack.push_back(g);
    }
  }
}

void HullBuilder::derive_edge_arcs(Hull& h) {
  const std::size_t edges = h.edge_count();
  h.edge_arcs_.clear();
  h.edge_arcs_.reserve(edges);
  for (std::size_t i = 0; i < edges; ++i) {
    vec3 direction = glm::normalize(h.edge_end(i) - h.edge_start(i));
    const vec3& n1 = h.planes_[h.half_edges_[2 * i].face].normal;
    const vec3& n2 = h.planes_[h.half_edges_[2 * i + 1].face].normal;
    // A flat polygon's edge lies in its plane only to the round-off of its
    // ends, eps M / l rad for an edge l long at coordinates up to M, and a
    // half circle about that direction ends that far from the normals: an
    // axis crossing it there is supported by another vertex, not the edge,
    // and SAT's edge-pair separation would miss the gap along it. The arc
    // turns about the edge's direction in the plane instead, so it ends at
    // the normals; the edge is then perpendicular to an axis on its arc to
    // within its distance from the plane, which is round-off.
    if (h.flat_) direction = glm::normalize(direction - n1 * glm::dot(n1, direction));
    h.edge_arcs_.push_back(make_arc(direction, n1, n2));
  }
}

// Arc grid: each arc lies within its sagitta (1 - cos_half, written as
// sin_half^2 / (1 + cos_half) to keep short arcs exact) of its chord, so
// the chord's bounding box grown by the sagitta holds it.
void HullBuilder::derive_arc_grid(Hull& h) {
  h.arc_grid_size_ = 0;
  h.arc_cell_start_.clear();
  h.arc_cell_edges_.clear();
  const std::size_t edges = h.edge_count();
  if (edges < arc_grid_min_edges) return;
  const int g = std::clamp(
      static_cast<int>(std::ceil(std::sqrt(real(h.faces_.size()) / real(3.14159265358979)))), 2,
      arc_grid_max_size);
  h.arc_grid_size_ = g;
  // Two passes over the same cell ranges: count per cell, then fill the
  // compressed arrays (no vector per cell). Each arc's range of cells is
  // computed once, in the first.
  const std::size_t cell_count = static_cast<std::size_t>(g) * g * g;
  h.arc_cell_start_.assign(cell_count + 1, 0);
  struct CellRange {
    std::uint8_t lo[3], hi[3];  // g <= arc_grid_max_size < 256
  };
  static_assert(arc_grid_max_size < 256);
  std::vector<CellRange> ranges(edges);
  auto for_each_cell = [&](const CellRange& r, auto&& visit) {
    for (std::size_t x = r.lo[0]; x <= r.hi[0]; ++x)
      for (std::size_t y = r.lo[1]; y <= r.hi[1]; ++y)
        for (std::size_t z = r.lo[2]; z <= r.hi[2]; ++z) visit((x * g + y) * g + z);
  };
  for (std::size_t i = 0; i < edges; ++i) {
    const vec3& n1 = h.planes_[h.half_edges_[2 * i].face].normal;
    const vec3& n2 = h.planes_[h.half_edges_[2 * i + 1].face].normal;
    const EdgeArc& arc = h.edge_arcs_[i];
    const real pad = arc.sin_half * arc.sin_half / (real(1) + arc.cos_half) + tol::coplanar;
    const vec3 lo = glm::min(n1, n2) - pad, hi = glm::max(n1, n2) + pad;
    CellRange& r = ranges[i];
    for (int k = 0; k < 3; ++k) {
      r.lo[k] = std::uint8_t(arc_grid_cell(lo[k], g));
      r.hi[k] = std::uint8_t(arc_grid_cell(hi[k], g));
    }
    for_each_cell(r, [&](std::size_t c) { ++h.arc_cell_start_[c + 1]; });
  }
  for (std::size_t c = 0; c < cell_count; ++c) h.arc_cell_start_[c + 1] += h.arc_cell_start_[c];
  h.arc_cell_edges_.resize(std::size_t(h.arc_cell_start_[cell_count]));
  std::vector<index_t> fill(h.arc_cell_start_.begin(), h.arc_cell_start_.end() - 1);
  for (std::size_t i = 0; i < edges; ++i)
    for_each_cell(ranges[i], [&](std::size_t c) { h.arc_cell_edges_[fill[c]++] = index_t(i); });
}

// Patches: the depth-first face order regrouped by the cube-map cell of each
// face's normal (a counting sort, so each patch keeps the depth-first order),
// then each patch's cone and reach. An arc's directions lie within its
// chord of its middle, so |u - center| <= |middle - center| + chord bounds
// them without the cancellation of 2 - 2 cos.
void HullBuilder::derive_patches(Hull& h) {
  const int g =
      std::clamp(static_cast<int>(std::lround(patch_grid_scale * std::cbrt(real(h.faces_.size())))),
                 1, max_patch_grid);
  const std::size_t cells = static_cast<std::size_t>(6 * g * g);
  StepScratch scratch;
  std::pmr::vector<index_t> start(cells + 1, 0, scratch.resource());
  std::pmr::vector<int> cell_of(h.faces_.size(), 0, scratch.resource());
  for (std::size_t f = 0; f < h.faces_.size(); ++f) {
    cell_of[f] = patch_cell(h.planes_[f].normal, g);
    ++start[static_cast<std::size_t>(cell_of[f]) + 1];
  }
  for (std::size_t c = 0; c < cells; ++c) start[c + 1] += start[c];
  std::pmr::vector<index_t> grouped(h.faces_.size(), 0, scratch.resource());
  std::pmr::vector<index_t> fill(start.begin(), start.end() - 1, scratch.resource());
  for (const index_t f : h.face_order_) grouped[fill[std::size_t(cell_of[f])]++] = f;
  h.face_order_.assign(grouped.begin(), grouped.end());

  h.patches_.clear();
  for (std::size_t c = 0; c < cells; ++c) {
    if (start[c] == start[c + 1]) continue;
    NormalPatch p;
    p.first = start[c];
    p.count = start[c + 1] - start[c];
    vec3 sum(0);
    for (index_t k = p.first; k < p.first + p.count; ++k) sum += h.planes_[h.face_order_[k]].normal;
    const real len = glm::length(sum);
    p.center = len > 0 ? sum / len : h.planes_[h.face_order_[p.first]].normal;
    p.face_reach = std::numeric_limits<real>::infinity();
    p.arc_reach = std::numeric_limits<real>::infinity();
    for (index_t k = p.first; k < p.first + p.count; ++k) {
      const index_t f = h.face_order_[k];
      const Plane& plane = h.planes_[f];
      p.face_radius = std::max(p.face_radius, glm::length(plane.normal - p.center));
      p.face_reach = std::min(p.face_reach, plane.offset - glm::dot(plane.normal, h.centroid_));
      index_t e = h.faces_[f].edge;
      for (index_t m = 0; m < h.faces_[f].count; ++m, e = h.half_edges_[e].next) {
        if (e % 2 != 0) continue;
        const EdgeArc& arc = h.edge_arcs_[e / 2];
        p.arc_radius = std::max(p.arc_radius, glm::length(arc.middle - p.center) + arc_chord(arc));
        p.arc_reach = std::min(p.arc_reach, -arc_max_dot(arc, h.centroid_ - h.edge_start(e / 2)));
      }
    }
    h.patches_.push_back(p);
  }
}

// The seed table: the support vertex of each cell centre of a cube map,
// found by climbing from the previous cell's answer (neighbouring cells'
// supports are close), so building it costs a few climbs' steps per cell.
void HullBuilder::derive_seeds(Hull& h) {
  h.support_seeds_.clear();
  // A triangle keeps no table: from vertex 0 every vertex is one step away,
  // and 96 climbs would cost more than the rest of its build.
  if (h.vertices_.size() <= 3) return;
  constexpr int g = Hull::seed_grid;
  h.support_seeds_.resize(std::size_t(6 * g * g));
  index_t previous = 0;
  for (int face = 0; face < 6; ++face) {
    const int axis = face / 2;
    const real sign = face % 2 == 0 ? real(1) : real(-1);
    for (int i = 0; i < g; ++i)
      for (int j = 0; j < g; ++j) {
        vec3 d(0);
        d[axis] = sign;
        d[(axis + 1) % 3] = (real(i) + real(0.5)) * real(2) / real(g) - real(1);
        d[(axis + 2) % 3] = (real(j) + real(0.5)) * real(2) / real(g) - real(1);
        previous = support_climb(h, d, previous);
        h.support_seeds_[(face * g + i) * g + j] = previous;
      }
  }
}

}  // namespace sepax
