// SAT's edge queries: edge pairs whose Gauss-map arcs cross (Gregorius, "The
// Separating Axis Test between Convex Polyhedra", GDC 2013), found without
// testing every pair; and the same for a box against a hull. (The rim axes of
// two flat polygons are in sat/flat.cpp.)
//
// The general edge query differs from Gregorius' in three ways:
// - The Minkowski-face test is written with each arc's middle direction and
//   half angle (Hull::edge_arcs) instead of the arc's end normals, so a flat
//   polygon's half-circle arcs (ends n and -n) work as well.
// - Each edge of one hull walks its arc across the other's Gauss map and is
//   tested only against the edges around the regions it passes. Where a walk
//   meets a degenerate spot, that edge looks up the cells its negated arc
//   passes through in a grid of the other's arcs on the sphere
//   (Hull::arc_cell_*; large hulls), or tests every edge (small ones).
// - Edges (and whole patches of them) whose arcs cannot hold an axis better
//   than the best so far are skipped on a bound from one vertex of the
//   other hull.
#include "sat/internal.hpp"

#include "sepax/support.hpp"

#include <cmath>

namespace sepax::sat::detail {

namespace {

/// The arc of a probe edge moved into the indexed hull's frame.
struct ProbeArc {
  vec3 direction;
  vec3 middle;
  vec3 tangent;
  real cos_half;
  real sin_half;
  vec3 start;  // a point of the edge
};

// Minkowski-face test in middle/half-angle form. The great circles of the
// two arcs meet at +-q, q = cross(probe direction, indexed direction) (each
// arc lies in the plane perpendicular to its edge). The arcs of the probe
// and of the negated indexed edge cross when one of +-q lies on both: on the
// same side of both middles, and within each half angle. Writes the unit
// crossing direction (on the probe's arc) to `axis`.
//
// q's components are triple products, each taken as one dot product with
// a vector the arcs store: along the probe's middle, dot(q, middle_p) =
// -dot(direction_i, tangent_p); along the indexed middle, dot(q, middle_i)
// = dot(direction_p, tangent_i); across each arc (along its tangent, up to
// sign), the other edge's direction against this arc's middle. "Within the
// half angle" compares tangents: at angle t from an arc's middle, q's
// components along the middle and across the arc are |q| cos t and |q| sin t,
// so t <= half exactly when |across| * cos_half <= |along| * sin_half: no
// square root, no division, and exact to round-off for arcs of 1e-8 rad and
// less, where cos_half is 1 to within an ulp or two and comparing cosines
// would be noise. q itself is formed only for a crossing.
inline bool arcs_cross(const ProbeArc& probe, const EdgeArc& indexed, vec3& axis) {
  const real along_probe = -glm::dot(indexed.direction, probe.tangent);
  const real along_indexed = -glm::dot(probe.direction, indexed.tangent);
  if (along_probe * along_indexed <= 0) return false;
  const real across_probe = glm::dot(indexed.direction, probe.middle);
  if (std::abs(across_probe) * probe.cos_half > std::abs(along_probe) * probe.sin_half)
    return false;
  const real across_indexed = glm::dot(probe.direction, indexed.middle);
  if (std::abs(across_indexed) * indexed.cos_half > std::abs(along_indexed) * indexed.sin_half)
    return false;
  const vec3 q = glm::cross(probe.direction, indexed.direction);
  const real len2 = glm::dot(q, q);
  if (len2 < tol::parallel * tol::parallel) return false;  // parallel edges
  axis = (along_probe > 0 ? q : -q) / std::sqrt(len2);
  return true;
}

// The edge query over the edges of `probe` against those of `indexed`, in
// the indexed hull's frame. The probe's edges are visited patch by patch
// (run), each edge skipped when its arc cannot beat the best axis
// (can_beat), else its crossing indexed edges found by a walk over the
// indexed Gauss map (walk), by the arc grid (test_grid_cells) or by testing
// every indexed edge (test_every_edge). The separation of crossing edges is
// the distance between their lines along their axis (test_pair); the axis
// is oriented from A to B (`probe_is_a` says which hull the probe is).
class EdgeQuery {
 public:
  EdgeQuery(const Hull& indexed, const Hull& probe, const Pose& probe_in_indexed, bool probe_is_a,
            bool use_grid, real floor, real stop_above, Counters& counters, const Cap* cap)
      : indexed_(indexed),
        probe_(probe),
        probe_in_indexed_(probe_in_indexed),
        probe_is_a_(probe_is_a),
        use_grid_(use_grid),
        walking_(!indexed.is_flat()),
        stop_above_(stop_above),
        slack_(bound_slack(indexed, probe, probe_in_indexed)),
        to_probe_(real(1) / probe_in_indexed.scale),
        touch_(tol::coplanar * (indexed.magnitude() + probe.magnitude() * probe_in_indexed.scale +
                                glm::length(probe_in_indexed.translation))),
        counters_(counters),
        cap_(cap) {
    best_.separation = floor;
  }

  Best run();
  Best run_every_pair();
  Best run_listed(std::span<const index_t> probe_edges, std::span<const index_t> indexed_edges);

 private:
  enum class Pair { apart, crossing, stop };
  enum class Walk { done, stop, gave_up };

  bool visit_patch(const NormalPatch& patch);
  bool probe_edge(index_t i, index_t& walk_start);
  bool can_beat(const EdgeArc& local, const vec3& start);
  ProbeArc probe_arc(index_t i) const;
  Walk walk(index_t i, const ProbeArc& arc, index_t& start);
  /// Most edges around a vertex a walk step tests one by one: a great
  /// circle enters and leaves a vertex's region once each.
  static constexpr int max_candidates = 4;
  int crossing_candidates(index_t v, index_t entered_by, const vec3& d, index_t* out) const;
  bool test_every_edge(index_t i, const ProbeArc& arc);
  bool test_grid_cells(index_t i, const ProbeArc& arc, const EdgeArc& local);
  [[gnu::always_inline]] Pair test_pair(index_t i, const ProbeArc& arc, index_t j);
  real measured_separation(index_t i, index_t j, const vec3& axis);

  const Hull& indexed_;
  const Hull& probe_;
  const Pose& probe_in_indexed_;
  const bool probe_is_a_;
  const bool use_grid_;
  const bool walking_;  // a walk needs an indexed hull with a Gauss map of regions (solid)
  const real stop_above_;
  const real slack_;     // round-off allowance of the bounds
  const real to_probe_;  // the probe's lengths per indexed length
  const real touch_;     // round-off band of a separation along an edge-pair axis
  Counters& counters_;
  const Cap* cap_;  // axes inside it are not recorded (indexed frame)

  Best best_;                      // starts at the floor: only axes above it count
  index_t hint_ = -1;              // last support vertex of indexed along an arc's middle
  vec3 hint_in_probe_{real(0)};    // ... in the probe's frame
  index_t walk_hint_ = -1;         // last start vertex of a walk
  index_t gap_hint_indexed_ = -1;  // support hints of measured_separation
  index_t gap_hint_probe_ = -1;
};

// Visits the probe's edges patch by patch, skipping patches whose arcs
// cannot hold a better axis (scan_patches, from the probe's side: the bound
// is symmetric in which hull is posed in which frame).
Best EdgeQuery::run() {
  // The probe's patch bounds measure in the probe's lengths.
  scan_patches(
      probe_, indexed_, probe_in_indexed_.inverse(), true, slack_ * to_probe_,
      [&] { return best_.separation * to_probe_; },
      [&](const NormalPatch& patch, index_t) { return visit_patch(patch); });
  return best_;
}

Best EdgeQuery::run_every_pair() {
  for (index_t i = 0; i < index_t(probe_.edge_count()); ++i)
    if (test_every_edge(i, probe_arc(i))) break;
  return best_;
}

// Face by face in the patch's depth-first order, so that consecutive support
// searches start close by. Each edge is visited once, through its even
// half-edge, whose face is the current one: its arc starts at that face's
// normal, and every walk from this face starts at the same indexed vertex.
// True when the query can stop.
bool EdgeQuery::visit_patch(const NormalPatch& patch) {
  const auto order = probe_.face_order();
  const auto half_edges = probe_.half_edges();
  for (index_t k = patch.first; k < patch.first + patch.count; ++k) {
    const Face& face = probe_.faces()[order[k]];
    index_t walk_start = -1;
    index_t e = face.edge;
    for (index_t m = 0; m < face.count; ++m, e = half_edges[e].next)
      if (e % 2 == 0 && probe_edge(e / 2, walk_start)) return true;
  }
  return false;
}

// Tests probe edge i against the indexed edges whose arcs its arc crosses;
// true when the query can stop (an axis separates by more than stop_above).
bool EdgeQuery::probe_edge(index_t i, index_t& walk_start) {
  const EdgeArc& local = probe_.edge_arcs()[i];
  if (!can_beat(local, probe_.edge_start(i))) return false;
  const ProbeArc arc = probe_arc(i);
  if (walking_) {
    const Walk w = walk(i, arc, walk_start);
    if (w != Walk::gave_up) return w == Walk::stop;
    ++counters_.walks_given_up;
  }
  return use_grid_ ? test_grid_cells(i, arc, local) : test_every_edge(i, arc);
}

// Probe edge i's arc and a point of it, in the indexed frame.
ProbeArc EdgeQuery::probe_arc(index_t i) const {
  const EdgeArc& local = probe_.edge_arcs()[i];
  return ProbeArc{probe_in_indexed_.rotate(local.direction),
                  probe_in_indexed_.rotate(local.middle),
                  probe_in_indexed_.rotate(local.tangent),
                  local.cos_half,
                  local.sin_half,
                  probe_in_indexed_.apply(probe_.edge_start(i))};
}

// Every listed probe edge against every listed indexed edge.
Best EdgeQuery::run_listed(std::span<const index_t> probe_edges,
                           std::span<const index_t> indexed_edges) {
  for (const index_t i : probe_edges) {
    const ProbeArc arc = probe_arc(i);
    for (const index_t j : indexed_edges) (void)test_pair(i, arc, j);
  }
  return best_;
}

// Upper bound of the separation of any edge pair whose axis lies on the
// probe edge's arc. For u on the arc the edge's points are the probe's
// support along u, so the pair's separation is the gap min over indexed
// points y of dot(u, y - s), s a point of the probe edge; any one indexed
// vertex x bounds it: separation <= dot(u, x - s). The largest value of
// that over the arc (arc_max_dot) bounds every axis on the arc. The bound
// is tightest for x = the indexed hull's support along -(the arc's middle),
// which takes one support search (climbing from the previous one); the
// previous support vertex stands in first, for free. Both in the probe's
// frame, where its arc is (and its lengths). False when the edge cannot
// beat the best so far.
bool EdgeQuery::can_beat(const EdgeArc& local, const vec3& start) {
  const real threshold = (best_.separation - slack_) * to_probe_;
  if (hint_ >= 0 && arc_max_dot(local, hint_in_probe_ - start) <= threshold) return false;
  const vec3 d = probe_in_indexed_.rotate(-local.middle);
  hint_ = support_index(indexed_, d, climb_start(indexed_, d, hint_));
  ++counters_.support_calls;
  hint_in_probe_ = probe_in_indexed_.apply_inverse(indexed_.vertices()[hint_]);
  return !(arc_max_dot(local, hint_in_probe_ - start) <= threshold);
}

// Walks the probe's arc across the indexed hull's negated Gauss map
// (Gregorius' Gauss-map overlay done as a walk): the arc starts in the
// region of the indexed vertex that supports -(its start normal), leaves
// each region through the arc of exactly one of that vertex's edges, which
// leads to the next vertex, and ends in the region of the vertex that
// supports -(its end normal). The edges crossed are exactly the ones whose
// arcs cross the probe's, so only the edges around the visited vertices
// are tested, and of those only the ones whose faces lie on either side of
// the probe's great circle (crossing_candidates). Anything else (no exit
// short of the end, two exits: the arc grazes a Gauss-map vertex) gives
// up, and the caller tests this probe edge another way. `start` is the
// indexed vertex supporting -(the arc's start normal), or -1 when not
// known yet (then found and stored).
EdgeQuery::Walk EdgeQuery::walk(index_t i, const ProbeArc& arc, index_t& start) {
  const auto indexed_half_edges = indexed_.half_edges();
  const auto probe_half_edges = probe_.half_edges();
  const auto vertices = indexed_.vertices();
  if (start < 0) {
    const vec3 from =
        probe_in_indexed_.rotate(probe_.planes()[probe_half_edges[2 * i].face].normal);
    start = walk_hint_ = support_index(indexed_, -from, walk_hint_);
    ++counters_.support_calls;
  }
  const vec3 to =
      probe_in_indexed_.rotate(probe_.planes()[probe_half_edges[2 * i + 1].face].normal);
  index_t v = start;
  index_t entered_by = -1;  // indexed edge
  for (std::size_t step = 0; step <= indexed_.edge_count(); ++step) {
    index_t exit = -1;
    int exits = 0;
    index_t candidates[max_candidates];
    const int count = crossing_candidates(v, entered_by, arc.direction, candidates);
    for (int c = 0; c < count; ++c) {
      const Pair t = test_pair(i, arc, candidates[c] / 2);
      if (t == Pair::stop) return Walk::stop;
      if (t == Pair::crossing) ++exits, exit = candidates[c];
    }
    if (count < 0) {
      const index_t first = indexed_.vertex_edge(v);
      index_t h = first;
      do {  // every half-edge leaving v
        if (h / 2 != entered_by) {
          const Pair t = test_pair(i, arc, h / 2);
          if (t == Pair::stop) return Walk::stop;
          if (t == Pair::crossing) ++exits, exit = h;
        }
        h = indexed_half_edges[h ^ 1].next;
      } while (h != first);
    }
    if (exits > 1) return Walk::gave_up;
    if (exits == 0) {  // the end: v must support -to (no neighbour gains)
      for (const index_t u : indexed_.neighbors(v))
        if (glm::dot(vertices[u] - vertices[v], -to) > 0) return Walk::gave_up;
      return Walk::done;
    }
    entered_by = exit / 2;
    v = indexed_half_edges[exit ^ 1].origin;
  }
  return Walk::gave_up;
}

// The half-edges leaving v whose edges may cross a probe arc of direction
// d (indexed frame). An edge's arc crosses the probe's great circle (the
// plane normal to d) only where its two faces' normals lie on either side
// of that plane: the short arc between two points on one side stays there.
// So one dot product a face picks them, where arcs_cross takes several an
// edge. Writes them to `out`, leaving out `entered_by`, and returns their
// count; -1 where a normal lies within round-off of the plane (its side is
// not known) or more than max_candidates cross: then every edge is tested.
int EdgeQuery::crossing_candidates(index_t v, index_t entered_by, const vec3& d,
                                   index_t* out) const {
  const auto half_edges = indexed_.half_edges();
  const auto planes = indexed_.planes();
  const real tiny = 64 * tol::eps;  // far above a unit dot product's round-off
  const index_t first = indexed_.vertex_edge(v);
  const real at_first = glm::dot(planes[half_edges[first].face].normal, d);
  real here = at_first;  // the side of h's face; h's twin's face comes next
  int count = 0;
  index_t h = first;
  do {
    const index_t next = half_edges[h ^ 1].next;
    const real there = next == first ? at_first : glm::dot(planes[half_edges[next].face].normal, d);
    if (std::abs(here) <= tiny) return -1;
    if ((here > 0) != (there > 0) && h / 2 != entered_by) {
      if (count == max_candidates) return -1;
      out[count++] = h;
    }
    here = there;
    h = next;
  } while (h != first);
  return count;
}

bool EdgeQuery::test_every_edge(index_t i, const ProbeArc& arc) {
  for (index_t j = 0; j < index_t(indexed_.edge_count()); ++j)
    if (test_pair(i, arc, j) == Pair::stop) return true;
  return false;
}

// The cells of the indexed hull's arc grid near the probe's negated arc: a
// ball of the arc's chord radius around the negated middle holds the arc.
// An edge is listed in every cell its arc passes through, so where those
// cells list more edges than the hull has (a long arc, as a flat polygon's
// half circle: the ball is most of the sphere), every edge is tested once
// instead.
bool EdgeQuery::test_grid_cells(index_t i, const ProbeArc& arc, const EdgeArc& local) {
  const int g = indexed_.arc_grid_size();
  const auto cell_start = indexed_.arc_cell_start();
  const auto cell_edges = indexed_.arc_cell_edges();
  const real radius = arc_chord(local) + tol::coplanar;
  const vec3 lo = -arc.middle - radius, hi = -arc.middle + radius;
  // Calls visit(first, end) with each cell's range of cell_edges, until it
  // returns true.
  const auto for_each_cell = [&](const auto& visit) {
    for (int x = arc_grid_cell(lo.x, g); x <= arc_grid_cell(hi.x, g); ++x)
      for (int y = arc_grid_cell(lo.y, g); y <= arc_grid_cell(hi.y, g); ++y)
        for (int z = arc_grid_cell(lo.z, g); z <= arc_grid_cell(hi.z, g); ++z) {
          const std::size_t c = (std::size_t(x) * g + y) * g + z;
          if (visit(cell_start[c], cell_start[c + 1])) return true;
        }
    return false;
  };
  std::size_t listed = 0;
  const bool too_many = for_each_cell([&](index_t first, index_t end) {
    listed += std::size_t(end - first);
    return listed > indexed_.edge_count();
  });
  if (too_many) return test_every_edge(i, arc);
  return for_each_cell([&](index_t first, index_t end) {
    for (index_t k = first; k < end; ++k)
      if (test_pair(i, arc, cell_edges[k]) == Pair::stop) return true;
    return false;
  });
}

// Probe edge i against indexed edge j: no crossing, a crossing (its axis
// recorded when it is the best so far), or one that ends the query.
inline EdgeQuery::Pair EdgeQuery::test_pair(index_t i, const ProbeArc& arc, index_t j) {
  ++counters_.arc_tests;
  vec3 axis;
  const EdgeArc& indexed_arc = indexed_.edge_arcs()[j];
  if (!arcs_cross(arc, indexed_arc, axis)) return Pair::apart;
  ++counters_.axes_tested;
  const vec3 to_indexed = indexed_.edge_start(j) - arc.start;
  real separation = glm::dot(axis, to_indexed);
  // The axis of nearly parallel edges is known to about eps / sin(angle)
  // rad, and the gap between the edges' lines along it moves by that times
  // the distance between their points: where that can exceed the touching
  // tolerance, the edges need not be the supports along the rounded axis,
  // and the line gap can overstate the hulls' separation. Such an axis,
  // when it would be the best so far, is measured by the hulls' supports
  // instead: never above the truth.
  if (separation > best_.separation) {
    const real sine = glm::length(glm::cross(arc.direction, indexed_arc.direction));
    const real lever =
        glm::length(to_indexed) + indexed_.extent() + probe_.extent() * probe_in_indexed_.scale;
    if (4 * tol::eps * lever > touch_ * sine) separation += measured_separation(i, j, axis);
  }
  if (separation > best_.separation && !in_cap(cap_, probe_is_a_ ? axis : -axis)) {
    best_.separation = separation;
    best_.a = probe_is_a_ ? i : j;
    best_.b = probe_is_a_ ? j : i;
    best_.axis = probe_is_a_ ? axis : -axis;
  }
  return separation > stop_above_ ? Pair::stop : Pair::crossing;
}

// The hulls' gap along `axis` (indexed frame, from the probe to the indexed
// hull) minus the gap between edges i and j along it: what the supports add
// to the line gap (at most 0: the supports lie at least as far out).
real EdgeQuery::measured_separation(index_t i, index_t j, const vec3& axis) {
  gap_hint_indexed_ = support_index(indexed_, -axis, gap_hint_indexed_);
  const vec3 local = probe_in_indexed_.rotate_inverse(axis);
  gap_hint_probe_ = support_index(probe_, local, gap_hint_probe_);
  counters_.support_calls += 2;
  const vec3 s = probe_.edge_start(i);
  return glm::dot(axis, indexed_.vertices()[gap_hint_indexed_] - indexed_.edge_start(j)) -
         glm::dot(local, probe_.vertices()[gap_hint_probe_] - s) * probe_in_indexed_.scale;
}

}  // namespace

Best edge_query(const Hull& indexed, const Hull& probe, const Pose& probe_in_indexed,
                bool probe_is_a, bool use_grid, real floor, real stop_above, Counters& counters,
                const Cap* cap) {
  return EdgeQuery(indexed, probe, probe_in_indexed, probe_is_a, use_grid, floor, stop_above,
                   counters, cap)
      .run();
}

Best every_edge_pair(const Hull& indexed, const Hull& probe, const Pose& probe_in_indexed,
                     bool probe_is_a, real floor, real stop_above, Counters& counters) {
  return EdgeQuery(indexed, probe, probe_in_indexed, probe_is_a, false, floor, stop_above, counters,
                   nullptr)
      .run_every_pair();
}

Best listed_edge_pairs(const Hull& indexed, const Hull& probe, const Pose& probe_in_indexed,
                       bool probe_is_a, std::span<const index_t> probe_edges,
                       std::span<const index_t> indexed_edges, Counters& counters) {
  return EdgeQuery(indexed, probe, probe_in_indexed, probe_is_a, false, -infinity, infinity,
                   counters, nullptr)
      .run_listed(probe_edges, indexed_edges);
}

// A box has only three edge directions, and every direction p perpendicular
// to one of them lies on the arc of exactly one of the four parallel edges
// (the one on the sides sign(p . axis) of the other two axes). So for each
// edge of the other hull and each box direction, the only question is
// whether -p lies on that edge's arc (p = the crossing direction, on the
// box's side): 3 tests per edge, no grid. Works in the box's frame.
//
// The other hull's edges are visited patch by patch (scan_patches), and
// each edge is skipped when no axis on its arc can beat the best so far (or
// `floor`): the bound of EdgeQuery::can_beat with the box as the indexed
// hull, from the box corner supporting -(the arc's middle), which needs no
// search. Against a large hull only the patches facing the box are opened.
Best box_edge_query(const Hull& box, const Hull& other, const Pose& other_in_box, bool box_is_a,
                    real floor, real stop_above, Counters& counters, const Cap* cap) {
  Best best;
  const BoxFrame& frame = box.box();
  const auto arcs = other.edge_arcs();
  const real slack = bound_slack(box, other, other_in_box);
  // The box in the other hull's frame, where the bound is taken: axes,
  // centre, half extents in its lengths.
  const Pose box_in_other = other_in_box.inverse();
  const mat3 axes_there = box_in_other.rotation * frame.axes;
  const vec3 center_there = box_in_other.apply(frame.center);
  const vec3 half_there = frame.half * box_in_other.scale;
  const real to_other = box_in_other.scale;
  // Edge j against the three box directions; true when the query can stop.
  const auto test_edge = [&](index_t j) {
    const EdgeArc& local = arcs[j];
    const vec3 start_there = other.edge_start(j);
    vec3 corner = center_there;  // the box's corner supporting -(the arc's middle)
    for (int i = 0; i < 3; ++i)
      corner += axes_there[i] *
                (glm::dot(local.middle, axes_there[i]) <= 0 ? half_there[i] : -half_there[i]);
    const real threshold = (std::max(floor, best.separation) - slack) * to_other;
    if (arc_max_dot(local, corner - start_there) <= threshold) return false;
    const EdgeArc arc{other_in_box.rotate(local.direction), other_in_box.rotate(local.middle),
                      local.cos_half, local.sin_half, vec3(0)};
    const vec3 start = other_in_box.apply(start_there);
    for (int k = 0; k < 3; ++k) {
      ++counters.arc_tests;
      const vec3 q = glm::cross(frame.axes[k], arc.direction);
      const real len2 = glm::dot(q, q);
      if (len2 < tol::parallel * tol::parallel) continue;  // parallel edges
      // -p must lie on the other edge's arc (tangent test, as in arcs_cross)
      const real along = glm::dot(q, arc.middle);
      const real across = glm::dot(frame.axes[k], arc.middle);
      if (along == 0 || std::abs(across) * arc.cos_half > std::abs(along) * arc.sin_half) continue;
      const vec3 p = (along > 0 ? -q : q) / std::sqrt(len2);
      vec3 corner = frame.center;  // a point of the box edge along axis k that p selects
      for (int i = 0; i < 3; ++i)
        if (i != k)
          corner +=
              frame.axes[i] * (glm::dot(p, frame.axes[i]) >= 0 ? frame.half[i] : -frame.half[i]);
      ++counters.axes_tested;
      const real separation = glm::dot(p, start - corner);
      if (separation > best.separation && !in_cap(cap, box_is_a ? p : -p)) {
        best = Best{separation, box_is_a ? k : j, box_is_a ? j : k, box_is_a ? p : -p};
        if (separation > stop_above) return true;
      }
    }
    return false;
  };
  // Each edge once, through its even half-edge, face by face in patch order.
  const auto order = other.face_order();
  const auto half_edges = other.half_edges();
  const auto visit_patch = [&](const NormalPatch& patch, index_t) {
    for (index_t f = patch.first; f < patch.first + patch.count; ++f) {
      const Face& face = other.faces()[order[f]];
      index_t e = face.edge;
      for (index_t m = 0; m < face.count; ++m, e = half_edges[e].next)
        if (e % 2 == 0 && test_edge(e / 2)) return true;
    }
    return false;
  };
  // The patch bounds measure in the other hull's lengths.
  scan_patches(
      other, box, box_in_other, true, slack * to_other,
      [&] { return std::max(floor, best.separation) * to_other; }, visit_patch);
  // Name the winning box edge: the one along its axis k that p selects.
  if (best.a >= 0) {
    index_t& box_index = box_is_a ? best.a : best.b;
    const vec3 away_from_box = box_is_a ? best.axis : -best.axis;
    box_index = box_edge(box, box_index, away_from_box);
  }
  return best;
}

}  // namespace sepax::sat::detail
