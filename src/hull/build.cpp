// Hull::from_points: input checks, flat polygons, and the Qhull call.
//
// Outline:
//   1. reject empty, non-finite, too few, coincident and collinear input;
//   2. if every point lies within tolerance of one plane, build a two-sided
//      polygon from a 2D hull in that plane (Andrew's monotone chain);
//   3. otherwise run Qhull (reentrant qhull_r, default premerging 'C-0', so
//      coplanar facets come out merged into polygons), read each facet's
//      vertex loop, drop vertices that lie inside an edge (fewer than three
//      faces), and assemble half-edges (HullBuilder::from_loops); repair
//      the faces whose planes Qhull's round-off made cut the hull
//      (hull/repair.cpp);
//   4. if a face's plane still cuts the hull (Qhull's round-off next to a
//      sliver), build the hull anew with exact orientation tests
//      (hull/exact.cpp).
// All arithmetic runs on points relative to the bounds' centre, so hulls far
// from the origin keep their digits; vertices are stored as given.
#include "core/names.hpp"
#include "hull/builder.hpp"
#include "hull/exact.hpp"
#include "hull/repair.hpp"

extern "C" {
#include <libqhull_r/qhull_ra.h>
}

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <numeric>
#include <optional>
#include <utility>

namespace sepax {

const char* to_string(HullStatus status) {
  static constexpr const char* names[] = {
      "ok",         "empty_input", "non_finite",  "too_few_points",
      "coincident", "collinear",   "qhull_error", "bad_buffer"};
  return sepax::detail::name_of(status, names);
}

namespace {

// The input centred on its bounds and divided by `unit`, a power of two near
// its extent: exact (the digits stay), and every product below, Qhull's
// included, stays in range whatever the input's scale (normals grow like
// size^2 and their squared lengths like size^4, which overflows beyond 1e77).
// The coordinates are stored x, y, z point after point, the array Qhull
// reads, so that it is handed to Qhull as it is.
struct Cloud {
  std::vector<double> xyz;  // centred, in units of `unit`, double whatever `real` is
  glm::dvec3 center{0.0};   // the bounds' centre, in the input's units
  double unit = 1;          // length of one unit of p, in the input's units
  double extent = 0;        // bounds diagonal, in units of `unit`
  double magnitude = 0;     // largest |coordinate| of the input plus extent, same units

  [[nodiscard]] std::size_t size() const { return xyz.size() / 3; }
  [[nodiscard]] glm::dvec3 p(std::size_t i) const {
    return {xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]};
  }
};

HullResult fail(HullStatus s, std::string message) {
  return HullResult{s, std::move(message), Hull{}};
}

std::string describe(const char* what, std::size_t n) {
  return std::string(what) + " (" + std::to_string(n) + (n == 1 ? " point)" : " points)");
}

// A number for a message, three significant digits.
std::string short_number(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3g", x);
  return buffer;
}

// Threshold below which distances count as zero: the larger of the shape
// tolerance relative to the extent and round-off relative to the coordinates.
double zero_distance(const Cloud& c, double shape_tol) {
  return std::max(shape_tol * c.extent, double(tol::coplanar) * c.magnitude);
}

std::size_t farthest_from(const Cloud& c, auto&& distance) {
  std::size_t best = 0;
  double best_d = -1;
  for (std::size_t i = 0; i < c.size(); ++i) {
    const double d = distance(c.p(i));
    if (d > best_d) best_d = d, best = i;
  }
  return best;
}

// The kept points of distinct_points chained by hashed cell: heads[b] is the
// last kept point whose cell hashes to bucket b, next[i] the one kept before
// point i in its bucket. A bucket may hold several cells, whose points are
// candidates that the distance test turns away, so no cell is stored.
class CellChains {
 public:
  static constexpr std::uint32_t none = std::numeric_limits<std::uint32_t>::max();
  struct Cell {
    std::int64_t x, y, z;
  };

  // At most half as many kept points as buckets.
  explicit CellChains(std::size_t points)
      : heads_(std::bit_ceil(2 * points + 2), none), next_(points, none) {}

  [[nodiscard]] std::uint32_t head(const Cell& cell) const { return heads_[bucket(cell)]; }
  [[nodiscard]] std::uint32_t next(std::uint32_t i) const { return next_[i]; }
  void push(const Cell& cell, std::uint32_t i) {
    std::uint32_t& head = heads_[bucket(cell)];
    next_[i] = std::exchange(head, i);
  }

 private:
  [[nodiscard]] std::size_t bucket(const Cell& c) const {
    const std::uint64_t h = std::uint64_t(c.x) * 0x9E3779B97F4A7C15ull ^
                            std::uint64_t(c.y) * 0xC2B2AE3D27D4EB4Full ^
                            std::uint64_t(c.z) * 0x165667B19E3779F9ull;
    return std::size_t(h ^ (h >> 29)) & (heads_.size() - 1);
  }
  std::vector<std::uint32_t> heads_;
  std::vector<std::uint32_t> next_;
};

// distinct_points on cubic cells `size` wide (at least 3 * radius). The
// kept points within `radius` of p lie in p's cell or, along each axis on
// which p lies within 1.5 * radius of a side of its cell, in the cell across
// that side: half a radius to spare for the round-off of p / size, which is
// a few eps of |p| while the radius is at least 64 eps of the magnitude.
// Cells much wider than the radius leave most points one cell to look in;
// cells 3 * radius wide leave each point the 8 cells on the sides of its
// cell's middle. False when more than `budget` candidates were tested (the
// points crowd into few cells).
bool distinct_in_cells(const Cloud& c, double radius, double size, std::size_t budget,
                       std::vector<std::size_t>& kept) {
  using Cell = CellChains::Cell;
  constexpr std::uint32_t none = CellChains::none;
  CellChains chains(c.size());
  kept.clear();
  const double reach = 1.5 * radius;
  std::size_t tested = 0;
  for (std::size_t i = 0; i < c.size(); ++i) {
    const glm::dvec3 p = c.p(i);
    const glm::dvec3 scaled = p / size;
    const glm::dvec3 cell = glm::floor(scaled);
    const Cell k{std::int64_t(cell.x), std::int64_t(cell.y), std::int64_t(cell.z)};
    // The side along each axis whose cell may hold a point within reach: -1,
    // +1, or 0 for none.
    const glm::dvec3 below = (scaled - cell) * size;
    std::int64_t side[3];
    for (int a = 0; a < 3; ++a) side[a] = below[a] <= reach ? -1 : size - below[a] <= reach ? 1 : 0;
    bool near = false;
    for (std::int64_t dx = 0; dx <= (side[0] != 0) && !near; ++dx)
      for (std::int64_t dy = 0; dy <= (side[1] != 0) && !near; ++dy)
        for (std::int64_t dz = 0; dz <= (side[2] != 0) && !near; ++dz)
          for (std::uint32_t j =
                   chains.head(Cell{k.x + dx * side[0], k.y + dy * side[1], k.z + dz * side[2]});
               j != none && !near; j = chains.next(j)) {
            if (++tested > budget) return false;
            near = glm::distance(p, c.p(j)) <= radius;
          }
    if (near) continue;
    chains.push(k, std::uint32_t(i));
    kept.push_back(i);
  }
  return true;
}

/// Candidates per point that distinct_points allows its wide cells before
/// it takes cells of 3 * radius: points spread over a surface or a volume
/// test about one.
constexpr std::size_t wide_cell_tests = 4;

// Indices of the points of `c` that are not within `radius` of an earlier
// kept one, in input order. Cells are as wide as the spacing of n points
// spread over a surface the size of the extent (extent / sqrt(n)), unless
// the points crowd into them, when cells of 3 * radius are taken instead;
// the kept points are the same either way.
std::vector<std::size_t> distinct_points(const Cloud& c, double radius) {
  std::vector<std::size_t> kept;
  kept.reserve(c.size());
  // |p| < 1 in the cloud's units, so cells of at least 2^-29 keep the cell
  // coordinates well within 64 bits.
  const double fine = std::max(3 * radius, 0x1.0p-29);
  const double wide = std::max(fine, c.extent / std::sqrt(double(c.size())));
  if (wide > fine && distinct_in_cells(c, radius, wide, wide_cell_tests * c.size() + 1024, kept))
    return kept;
  distinct_in_cells(c, radius, fine, std::numeric_limits<std::size_t>::max(), kept);
  return kept;
}

// Three well-spread points: i0 extreme, i1 farthest from it, i2 farthest from
// their line. `width` is i2's distance to the line; `u` is the unit
// direction from i0 to i1 and `n` the unit normal of the three points' plane.
struct Triangle {
  std::size_t i0, i1, i2;
  double length, width;
  glm::dvec3 u, n;
};

// The plane's normal is cross(u, w), w being i2's offset from the line, not
// the cross product of the triangle's sides from i0. For points nearly
// collinear those sides are nearly parallel, and the round-off of their
// cross product, eps / sin(angle between them) relative, points any way,
// off u too, and a needle's plane would tilt off its long side, moving its
// far ends off their points when projected onto it. Here w is
// known to eps |i2 - i0|; its error across u only turns the plane about u,
// which moves no point by more than that (every point lies within |w| of
// the line), and cross(u, w) rounds by eps |w|: the normal is perpendicular
// to u to round-off.
Triangle spread_triangle(const Cloud& c) {
  Triangle t{};
  t.i0 = farthest_from(c, [](const glm::dvec3& q) { return glm::dot(q, q); });
  const glm::dvec3 a = c.p(t.i0);
  t.i1 = farthest_from(c, [&](const glm::dvec3& q) { return glm::distance(q, a); });
  t.u = glm::normalize(c.p(t.i1) - a);
  t.length = glm::distance(c.p(t.i1), a);
  auto off_line = [&](const glm::dvec3& q) { return glm::length(glm::cross(q - a, t.u)); };
  t.i2 = farthest_from(c, off_line);
  t.width = off_line(c.p(t.i2));
  const glm::dvec3 w = c.p(t.i2) - a;
  t.n = glm::normalize(glm::cross(t.u, w - t.u * glm::dot(t.u, w)));
  return t;
}

// Andrew's monotone chain in the plane spanned by u, v; returns indices of the
// polygon counter-clockwise around cross(u, v), dropping corners as long as
// every point stays within `zero` of the polygon. The chain itself turns on
// exact signs, which keeps every extreme point: with a tolerance there, a
// point that sorts first only by round-off (the middle of an edge
// perpendicular to u) would stay, and the true corners beyond it would go.
// The corners go afterwards.
std::vector<index_t> planar_hull(const Cloud& c, glm::dvec3 u, glm::dvec3 v, double zero) {
  const std::size_t n = c.size();
  std::vector<glm::dvec2> q(n);
  for (std::size_t i = 0; i < n; ++i) q[i] = {glm::dot(c.p(i), u), glm::dot(c.p(i), v)};
  std::vector<index_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](index_t a, index_t b) {
    return q[a].x < q[b].x || (q[a].x == q[b].x && q[a].y < q[b].y);
  });
  auto cross = [&](index_t o, index_t a, index_t b) {
    const glm::dvec2 e = q[a] - q[o], f = q[b] - q[o];
    return e.x * f.y - e.y * f.x;
  };
  std::vector<index_t> h(2 * n);
  std::size_t k = 0;
  for (std::size_t i = 0; i < n; ++i) {  // lower chain
    while (k >= 2 && !(cross(h[k - 2], h[k - 1], order[i]) > 0)) --k;
    h[k++] = order[i];
  }
  for (std::size_t i = n - 1, lo = k + 1; i-- > 0;) {  // upper chain
    while (k >= lo && !(cross(h[k - 2], h[k - 1], order[i]) > 0)) --k;
    h[k++] = order[i];
  }
  h.resize(k > 0 ? k - 1 : 0);
  // Distance of b from the segment from a to c.
  auto off_segment = [&](index_t a, index_t b, index_t c) {
    const glm::dvec2 e = q[c] - q[a], f = q[b] - q[a];
    const double len2 = glm::dot(e, e), along = glm::dot(e, f);
    if (!(along > 0)) return glm::length(f);
    if (along >= len2) return glm::distance(q[b], q[c]);
    return std::abs(cross(a, c, b)) / std::sqrt(len2);
  };
  // A corner goes when every corner of the chain between its neighbours,
  // itself and those dropped before, lies within `zero` of the segment
  // joining them: the chain is convex, so every point then lies within
  // `zero` of the remaining polygon. A corner tested alone against its
  // neighbours' line would let drops add up, and would let a needle's tip
  // go when it lies nearly on the line through two other corners.
  const std::vector<index_t> chain = h;
  std::vector<std::size_t> at(h.size());  // kept corner -> its place in `chain`
  std::iota(at.begin(), at.end(), std::size_t(0));
  auto droppable = [&](std::size_t before, std::size_t after) {
    for (std::size_t j = (before + 1) % chain.size(); j != after; j = (j + 1) % chain.size())
      if (off_segment(chain[before], chain[j], chain[after]) > zero) return false;
    return true;
  };
  for (bool dropped = true; dropped && at.size() >= 3;) {
    dropped = false;
    for (std::size_t i = 0; i < at.size() && at.size() >= 3; ++i) {
      if (droppable(at[(i + at.size() - 1) % at.size()], at[(i + 1) % at.size()])) {
        at.erase(at.begin() + std::ptrdiff_t(i));
        dropped = true;
      }
    }
  }
  for (std::size_t i = 0; i < at.size(); ++i) h[i] = chain[at[i]];
  h.resize(at.size());
  return h;
}

// The polygon's vertices are the ring's points projected onto the mid-plane
// of the point set, so that both faces are planar to round-off.
HullResult build_flat(const Cloud& c, const Triangle& t) {
  const glm::dvec3 u = t.u, n = t.n;
  const glm::dvec3 v = glm::cross(n, u);
  const std::vector<index_t> ring = planar_hull(c, u, v, zero_distance(c, tol::degenerate));
  if (ring.size() < 3)
    return fail(HullStatus::collinear, describe("points are collinear", c.size()));
  double lo = std::numeric_limits<double>::max(), hi = -lo;
  for (std::size_t i = 0; i < c.size(); ++i)
    lo = std::min(lo, glm::dot(n, c.p(i))), hi = std::max(hi, glm::dot(n, c.p(i)));
  const double mid = (lo + hi) / 2;
  std::vector<vec3> verts;
  std::vector<index_t> front, back;
  for (index_t i : ring) {
    front.push_back(index_t(verts.size()));
    const glm::dvec3 p = c.p(std::size_t(i));
    verts.push_back(vec3(c.center + (p + n * (mid - glm::dot(n, p))) * c.unit));
  }
  back.assign(front.rbegin(), front.rend());
  Hull h = HullBuilder::from_loops(std::move(verts), std::vector{front, back}, true);
  if (h.empty())
    return fail(HullStatus::qhull_error, "flat polygon did not close (internal error)");
  return HullResult{HullStatus::ok, {}, std::move(h)};
}

// Qhull's hull as loops of its corners: `loops` index the corners, and
// corner i is input point `point[i]`.
struct Corners {
  Loops loops;
  std::vector<std::size_t> point;
};

// Reads Qhull's facets as vertex loops, counter-clockwise seen from
// outside, with their corners only: a vertex on fewer than three facets lies
// inside an edge between two merged facets, so it is not a corner of the
// polytope and is left out. Corners are numbered in the order they first
// appear in the loops. Qhull's vertices are looked up by their ids
// (1 .. qh->vertex_id), not by hashing.
Corners qhull_corners(qhT* qh) {
  // The loops of Qhull's vertices, each vertex as a slot numbered in the
  // order it first appears, with its input point and its count of facets.
  std::vector<index_t> slot_of(std::size_t(qh->vertex_id) + 1, -1);
  std::vector<std::size_t> point_of;
  std::vector<int> faces_at;
  point_of.reserve(std::size_t(qh->num_vertices));
  faces_at.reserve(std::size_t(qh->num_vertices));
  Loops raw;
  raw.start.reserve(std::size_t(qh->num_facets) + 1);
  raw.vertices.reserve(3 * std::size_t(qh->num_facets));
  const auto add = [&](const vertexT* vertex) {
    index_t& slot = slot_of[vertex->id];
    if (slot < 0) {
      slot = index_t(point_of.size());
      point_of.push_back(std::size_t(qh_pointid(qh, vertex->point)));
      faces_at.push_back(0);
    }
    ++faces_at[slot];
    raw.vertices.push_back(slot);
  };
  std::vector<const vertexT*> loop;
  facetT* facet;
  FORALLfacets {
    // Qhull's facet list is far larger than the caches for a large hull,
    // and from each facet the loop reads its vertex set and normal, then its
    // vertices, then their points, each load waiting for the one before: it
    // asks now for the facets two and three ahead, the set and normal of the
    // one two ahead, and the vertices of the next one (at least three; its
    // set was asked for a facet earlier). The last facet's next is the
    // list's tail, a sentinel.
    if (const facetT* next = facet->next; next->next) {
      const facetT* after = next->next;
      __builtin_prefetch(after->next);
      __builtin_prefetch(after->vertices);
      __builtin_prefetch(after->normal);
      for (int i = 0; i < 3; ++i) __builtin_prefetch(next->vertices->e[i].p);
    }
    loop.clear();
    if (facet->simplicial) {
      // qh_facet3vertex's order for a simplicial facet, without its
      // temporary set: the first two vertices swapped unless the facet's
      // orientation says otherwise.
      const auto* v0 = static_cast<const vertexT*>(SETfirst_(facet->vertices));
      const auto* v1 = static_cast<const vertexT*>(SETsecond_(facet->vertices));
      const bool keep = facet->toporient ^ qh_ORIENTclock;
      loop.push_back(keep ? v0 : v1);
      loop.push_back(keep ? v1 : v0);
      loop.push_back(static_cast<const vertexT*>(SETelem_(facet->vertices, 2)));
    } else {
      setT* ordered = qh_facet3vertex(qh, facet);
      vertexT *vertex, **vertexp;
      FOREACHvertex_(ordered) loop.push_back(vertex);
      qh_settempfree(qh, &ordered);
    }
    // Orientation check against Qhull's outward normal with Newell's sum
    // (a vertex's point is its coordinates in the cloud).
    glm::dvec3 nn(0);
    for (std::size_t i = 0; i < loop.size(); ++i) {
      const coordT* p = loop[i]->point;
      const coordT* q = loop[i + 1 < loop.size() ? i + 1 : 0]->point;
      nn += glm::dvec3((p[1] - q[1]) * (p[2] + q[2]), (p[2] - q[2]) * (p[0] + q[0]),
                       (p[0] - q[0]) * (p[1] + q[1]));
    }
    if (glm::dot(nn, glm::dvec3(facet->normal[0], facet->normal[1], facet->normal[2])) < 0)
      std::reverse(loop.begin(), loop.end());
    for (const vertexT* vertex : loop) add(vertex);
    raw.close();
  }
  // Every vertex a corner (no facets merged across an edge): the slots are
  // the corners, numbered alike.
  if (std::all_of(faces_at.begin(), faces_at.end(), [](int n) { return n >= 3; }))
    return Corners{std::move(raw), std::move(point_of)};
  // The corners' loops, corners numbered in order of first appearance.
  Corners out;
  std::vector<index_t> corner_of(point_of.size(), -1);
  out.loops.start.reserve(raw.start.size());
  out.loops.vertices.reserve(raw.vertices.size());
  for (std::size_t f = 0; f < raw.size(); ++f) {
    for (const index_t slot : raw[f]) {
      if (faces_at[slot] < 3) continue;
      index_t& corner = corner_of[slot];
      if (corner < 0) {
        corner = index_t(out.point.size());
        out.point.push_back(point_of[slot]);
      }
      out.loops.vertices.push_back(corner);
    }
    out.loops.close();
  }
  return out;
}

// Runs Qhull on the cloud's coordinates, which it reads in place (with
// these options it neither moves nor frees them); on success fills
// `corners`, else returns Qhull's error text.
std::string run_qhull(Cloud& c, Corners& corners) {
  char* text = nullptr;
  std::size_t text_size = 0;
  FILE* err = open_memstream(&text, &text_size);
  qhT qh_storage;
  qhT* qh = &qh_storage;
  qh_zero(qh, err);
  // Qhull's default premerge ('C-0': its own round-off, of the centred
  // coordinates). A wider radius would have Qhull's centrum test merge
  // faces that are not planar to it, whose reflexes stop hill climbing
  // short of the support; faces split by the input's round-off far from the
  // origin are left as they are (the climb handles them).
  char options[] = "qhull";
  const int code = qh_new_qhull(qh, 3, int(c.size()), c.xyz.data(), False, options, nullptr, err);
  if (code == 0) corners = qhull_corners(qh);
  qh_freeqhull(qh, !qh_ALL);
  int cur_long = 0, tot_long = 0;
  qh_memfreeshort(qh, &cur_long, &tot_long);
  if (err) std::fclose(err);
  std::string message;
  if (code != 0) {
    message = text && *text ? text : "Qhull failed with code " + std::to_string(code);
    const std::size_t cut = message.find('\n');  // keep the headline only
    if (cut != std::string::npos) message.resize(cut);
  }
  std::free(text);
  return message;
}

// The hull of the distinct points from exact orientation tests
// (hull/exact.hpp); `start` are four points that are not coplanar. Empty
// when its faces fail to close.
Hull build_exact(std::span<const vec3> input, std::array<std::size_t, 4> start) {
  const std::vector<glm::dvec3> points(input.begin(), input.end());
  const std::vector<std::array<index_t, 3>> triangles = detail::exact_hull(points, start);
  if (triangles.empty()) return Hull{};
  std::vector<std::vector<index_t>> loops = detail::exact_faces(points, triangles);
  std::vector<index_t> remap(input.size(), -1);
  std::vector<vec3> verts;
  for (auto& loop : loops) {
    for (index_t& i : loop) {
      if (remap[i] < 0) {
        remap[i] = index_t(verts.size());
        verts.push_back(input[i]);
      }
      i = remap[i];
    }
  }
  return HullBuilder::from_loops(std::move(verts), loops, false);
}

/// Relative to a triangle's longest edge: a triangle narrower than this is a
/// sliver, whose plane round-off can turn far enough to cut the hull
/// anywhere (detail::cuts_itself checks it against every vertex).
constexpr real sliver_width = real(1e-3);

// Qhull's hull, its faces repaired where Qhull's round-off made them cut the
// hull (hull/repair.hpp); where they still cut it, the exact hull instead
// (exactly coplanar triangles merged into faces, nearly coplanar ones left
// triangles; O(points * faces), so only for clouds where Qhull's is wrong).
HullResult build_solid(std::span<const vec3> input, Cloud& c, std::array<std::size_t, 4> start) {
  Corners corners;
  const std::string error = run_qhull(c, corners);
  if (!error.empty()) return fail(HullStatus::qhull_error, "Qhull: " + error);
  std::vector<vec3> verts(corners.point.size());
  for (std::size_t i = 0; i < verts.size(); ++i) verts[i] = input[corners.point[i]];
  Hull h = HullBuilder::from_loops(std::move(verts), corners.loops, false);
  if (h.empty()) return fail(HullStatus::qhull_error, "Qhull output is not a closed manifold");
  const real tolerance = tol::coplanar * h.magnitude();
  bool cuts = false;
  if (detail::planes_hold(h, tolerance)) {
    // Nothing to repair (see planes_hold), and no plane cut by a neighbour.
    cuts = detail::corners_or_slivers_cut(h, tolerance, sliver_width);
  } else {
    std::vector<std::vector<index_t>> loops(corners.loops.size());
    for (std::size_t f = 0; f < loops.size(); ++f)
      loops[f].assign(corners.loops[f].begin(), corners.loops[f].end());
    std::vector<glm::dvec3> centred(corners.point.size());
    for (std::size_t i = 0; i < centred.size(); ++i) centred[i] = c.p(corners.point[i]);
    const std::string repair =
        detail::repair_faces(h, loops, centred, double(tol::coplanar) * c.magnitude);
    if (!repair.empty()) return fail(HullStatus::qhull_error, repair);
    cuts = detail::cuts_itself(h, tolerance, sliver_width);
  }
  if (cuts) {
    Hull exact = build_exact(input, start);
    if (!exact.empty()) h = std::move(exact);
  }
  // A face left without a plane would make queries return NaN: an error
  // instead, should the repairs miss one.
  for (const Plane& p : h.planes())
    if (!std::isfinite(glm::dot(p.normal, p.normal)))
      return fail(HullStatus::qhull_error, "a face has no plane: its corners lie on one line");
  return HullResult{HullStatus::ok, {}, std::move(h)};
}

// Empty, non-finite or too few points: the failed result; nothing when the
// points can go on.
std::optional<HullResult> check_points(std::span<const vec3> points) {
  if (points.empty()) return fail(HullStatus::empty_input, "no points given");
  for (std::size_t i = 0; i < points.size(); ++i)
    if (!std::isfinite(points[i].x) || !std::isfinite(points[i].y) || !std::isfinite(points[i].z))
      return fail(HullStatus::non_finite,
                  "point " + std::to_string(i) + " has a non-finite coordinate");
  if (points.size() < 3)
    return fail(HullStatus::too_few_points, describe("need at least 3 points", points.size()));
  return std::nullopt;
}

// The points as a Cloud, or the failed result when their range is out of
// reach of the queries' arithmetic or they coincide. Queries take fourth
// powers of lengths (a normal is a cross product of two edges, normalized;
// EPA's faces are made so): coordinates beyond the fourth root of real's
// range would overflow them, a spread below the fourth root of its smallest
// normal number would underflow them.
std::optional<HullResult> make_cloud(std::span<const vec3> points, Cloud& c) {
  glm::dvec3 lo(points[0]), hi(points[0]);
  for (const vec3& p : points) lo = glm::min(lo, glm::dvec3(p)), hi = glm::max(hi, glm::dvec3(p));
  const glm::dvec3 span = hi - lo;
  const double widest = std::max({span.x, span.y, span.z});
  const glm::dvec3 largest = glm::max(glm::abs(lo), glm::abs(hi));
  const double farthest = std::max({largest.x, largest.y, largest.z});
  const double max_coordinate = HullBuilder::max_coordinate();
  const double min_spread = HullBuilder::min_spread();
  if (farthest > max_coordinate) {
    return fail(HullStatus::non_finite, "a coordinate of magnitude " + short_number(farthest) +
                                            " is beyond " + short_number(max_coordinate) +
                                            ", where fourth powers of lengths overflow");
  }
  if (widest < min_spread) {
    const std::string within =
        widest > 0 ? "all points lie within " + short_number(min_spread) + " of each other"
                   : "all points coincide";
    return fail(HullStatus::coincident, describe(within.c_str(), points.size()));
  }
  c.unit = std::ldexp(1.0, std::ilogb(widest));
  c.center = lo * 0.5 + hi * 0.5;  // (lo + hi) / 2 without overflow
  const glm::dvec3 m = largest / c.unit;
  c.extent = glm::length(span / c.unit);
  c.magnitude = std::max({m.x, m.y, m.z}) + c.extent;
  c.xyz.resize(3 * points.size());
  for (std::size_t i = 0; i < points.size(); ++i) {
    const glm::dvec3 p = (glm::dvec3(points[i]) - c.center) / c.unit;
    c.xyz[3 * i] = p.x, c.xyz[3 * i + 1] = p.y, c.xyz[3 * i + 2] = p.z;
  }
  if (c.extent <= double(tol::coplanar) * c.magnitude)
    return fail(HullStatus::coincident, describe("all points coincide", points.size()));
  return std::nullopt;
}

// Points within tol::degenerate of an earlier one (or within the round-off
// of the coordinates, where that is larger) count as that point: a cluster
// of them would give Qhull edges shorter than the round-off of their
// directions, around which the vertex graph need not be a convex
// polytope's, and hill climbing could stop short of the support. Drops them
// from `c` and from `points`, which then views `storage`.
void merge_near_points(Cloud& c, std::span<const vec3>& points, std::vector<vec3>& storage) {
  const std::vector<std::size_t> kept = distinct_points(c, zero_distance(c, tol::degenerate));
  if (kept.size() == points.size()) return;
  storage.reserve(kept.size());
  for (std::size_t k = 0; k < kept.size(); ++k) {
    const std::size_t i = kept[k];
    for (std::size_t a = 0; a < 3; ++a) c.xyz[3 * k + a] = c.xyz[3 * i + a];  // k <= i
    storage.push_back(points[i]);
  }
  c.xyz.resize(3 * kept.size());
  points = storage;
}

}  // namespace

HullResult Hull::from_points(std::span<const vec3> points) {
  if (std::optional<HullResult> bad = check_points(points)) return std::move(*bad);
  Cloud c;
  if (std::optional<HullResult> bad = make_cloud(points, c)) return std::move(*bad);
  const std::size_t given = points.size();
  std::vector<vec3> kept;
  merge_near_points(c, points, kept);
  if (points.size() < 3)
    return fail(HullStatus::collinear, describe("points are collinear", given));
  const Triangle t = spread_triangle(c);
  if (t.width <= zero_distance(c, tol::degenerate))
    return fail(HullStatus::collinear, describe("points are collinear", given));
  const glm::dvec3 a = c.p(t.i0);
  const auto height = [&](const glm::dvec3& q) { return std::abs(glm::dot(t.n, q - a)); };
  const std::size_t apex = farthest_from(c, height);  // from the spread triangle's plane
  if (height(c.p(apex)) <= zero_distance(c, tol::flat)) return build_flat(c, t);
  return build_solid(points, c, {t.i0, t.i1, t.i2, apex});
}

}  // namespace sepax
