// SAT between convex hulls: face queries, Gauss-map-pruned edge queries, the
// choice between them, and the axis cache.
//
// Follows Gregorius, "The Separating Axis Test between Convex Polyhedra"
// (GDC 2013), with two changes:
// - The Minkowski-face test is written with each arc's middle direction and
//   half-angle cosine (Hull::edge_arcs) instead of the arc's end normals, so
//   a flat polygon's half-circle arcs (ends n and -n) work as well.
// - The edge query does not test every edge pair: each edge of one hull
//   walks its arc across the other's Gauss map and tests only the edges
//   around the regions it passes. Where a walk meets a degenerate spot, that
//   edge looks up the cells its negated arc passes through in a grid of the
//   other's arcs on the sphere (Hull::arc_cell_*; large hulls), or tests
//   every edge (small ones).
// - A bound from one vertex of the other hull skips edges whose arcs cannot
//   hold a better axis.
#include "sat_internal.hpp"
#include "sepax/support.hpp"

#include <algorithm>
#include <cmath>

namespace sepax::sat {

using detail::infinity;
using detail::PairFrames;

const char* to_string(FeatureKind kind) {
  switch (kind) {
    case FeatureKind::none:
      return "none";
    case FeatureKind::face_a:
      return "face_a";
    case FeatureKind::face_b:
      return "face_b";
    case FeatureKind::edges:
      return "edges";
    case FeatureKind::edge_normal_a:
      return "edge_normal_a";
    case FeatureKind::edge_normal_b:
      return "edge_normal_b";
  }
  return "unknown";
}

namespace detail {

PairFrames make_frames(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b) {
  const Pose b_in_a = relative_pose(pose_a, pose_b);
  const mat3 back = glm::transpose(b_in_a.rotation);  // the inverse of a rotation
  PairFrames p{a, b, pose_a, pose_b, b_in_a, Pose{back, -(back * b_in_a.translation)}, 0, 0};
  p.size = std::max(a.extent(), b.extent());
  const real magnitude = a.magnitude() + b.magnitude() + glm::length(p.b_in_a.translation);
  p.touch = tol::touching * magnitude;
  return p;
}

real gap_along(const PairFrames& p, const vec3& u, index_t& hint_a, index_t& hint_b,
               Counters& counters) {
  hint_a = support_index(p.a, u, hint_a);
  hint_b = support_index(p.b, p.b_in_a.rotate_inverse(-u), hint_b);
  counters.support_calls += 2;
  ++counters.axes_tested;
  const vec3 b_point = p.b_in_a.apply(p.b.vertices()[hint_b]);
  return glm::dot(u, b_point - p.a.vertices()[hint_a]);
}

vec3 feature_axis(const PairFrames& p, const Feature& f) {
  switch (f.kind) {
    case FeatureKind::face_a:
      return p.a.planes()[f.a].normal;
    case FeatureKind::face_b:
      return -p.b_in_a.rotate(p.b.planes()[f.b].normal);
    case FeatureKind::edge_normal_a:
      return p.a.edge_arcs()[f.a].middle;
    case FeatureKind::edge_normal_b:
      return -p.b_in_a.rotate(p.b.edge_arcs()[f.b].middle);
    case FeatureKind::edges: {
      const vec3 q = glm::cross(p.a.edge_arcs()[f.a].direction,
                                p.b_in_a.rotate(p.b.edge_arcs()[f.b].direction));
      const real len = glm::length(q);
      if (!(len > tol::parallel)) return vec3(0);
      // A separating axis points from A's centroid towards B's.
      const vec3 towards_b = p.b_in_a.apply(p.b.centroid()) - p.a.centroid();
      return glm::dot(q, towards_b) >= 0 ? q / len : -q / len;
    }
    case FeatureKind::none:
      break;
  }
  return vec3(0);
}

Result make_result(const PairFrames& p, real separation, const vec3& axis_in_a,
                   const Feature& feature, const Counters& counters) {
  Result r;
  r.separation = separation;
  r.intersecting = separation <= p.touch;
  r.axis = p.pose_a.rotate(axis_in_a);
  r.feature = feature;
  r.counters = counters;
  return r;
}

}  // namespace detail

namespace {

/// Best axis of one kind: its separation and where it came from.
struct Best {
  real separation = -infinity;
  index_t a = -1;
  index_t b = -1;
  vec3 axis{real(0)};  // edge queries: unit, frame of the indexed hull, from A to B
};

// Round-off allowance (absolute) on the bounds that skip faces, edges and
// patches: what the bounds' arithmetic can be off by in the pair's frames.
real bound_slack(const Hull& hull, const Hull& other, const Pose& other_in_hull) {
  return tol::touching *
         (hull.magnitude() + other.magnitude() + glm::length(other_in_hull.translation));
}

// The patches of `hull` (Hull::patches) whose axes may separate `other`
// (posed in hull's frame) by more than `threshold()`, best first: no axis u
// of a patch separates the pair by more than dot(center, w) + radius |w| -
// reach, w = x - centroid, for any point x of `other` (NormalPatch), and
// x = other's support seed along -center (the support along the nearest
// cube-map direction, a table look-up) keeps that close to the patch's best
// axis. The patch with the largest bound goes first, so the threshold is
// good early; then every other whose bound still beats it, in hull order.
// `arcs` picks the bound of the patch's edge arcs (edge queries) or of its
// face normals (face queries). visit(patch, seed vertex) returns true to end
// the scan. Hulls have at most Hull::max_patches patches: the bounds live on
// the stack.
template <class Threshold, class Visit>
void scan_patches(const Hull& hull, const Hull& other, const Pose& other_in_hull, bool arcs,
                  real slack, const Threshold& threshold, const Visit& visit) {
  const auto patches = hull.patches();
  if (patches.empty()) return;
  real bounds[Hull::max_patches];
  index_t seeds[Hull::max_patches];
  const mat3 to_other = glm::transpose(other_in_hull.rotation);
  const vec3 offset = other_in_hull.translation - hull.centroid();
  const auto vertices = other.vertices();
  std::size_t top = 0;
  for (std::size_t k = 0; k < patches.size(); ++k) {
    const NormalPatch& p = patches[k];
    seeds[k] = other.support_seed(to_other * -p.center);
    const vec3 w = other_in_hull.rotation * vertices[seeds[k]] + offset;
    const real along = glm::dot(p.center, w), length = std::sqrt(glm::dot(w, w));
    bounds[k] = arcs ? along + p.arc_radius * length - p.arc_reach
                     : along + p.face_radius * length - p.face_reach;
    if (bounds[k] > bounds[top]) top = k;
  }
  if (bounds[top] <= threshold() - slack || visit(patches[top], seeds[top])) return;
  for (std::size_t k = 0; k < patches.size(); ++k)
    if (k != top && bounds[k] > threshold() - slack && visit(patches[k], seeds[k])) return;
}

// Face query (Gregorius): for each face plane of `hull`, the support point
// of `other` along the negated normal and its signed distance to the plane.
// `other_in_hull` maps other's frame into hull's. Whole patches of faces
// are skipped by their bound (scan_patches). Within a patch, consecutive
// faces mostly share support vertices, so the last one seeds the next
// search (hill climbing on large hulls); and any point of `other` bounds a
// face's separation from above (the support point is the deepest one), so a
// face whose distance to the last support point cannot beat the best so far
// is skipped without a search. Returns early once a face separates by more
// than `stop_above`.
Best face_query(const Hull& hull, const Hull& other, const Pose& other_in_hull, real stop_above,
                Counters& counters) {
  Best best;
  const auto planes = hull.planes();
  const auto order = hull.face_order();
  const auto visit = [&](const NormalPatch& patch, index_t hint) {
    vec3 point = other_in_hull.apply(other.vertices()[hint]);  // the hint's vertex, hull's frame
    for (index_t k = patch.first; k < patch.first + patch.count; ++k) {
      const index_t f = order[k];
      if (planes[f].distance(point) <= best.separation) continue;
      ++counters.axes_tested;
      hint = support_index(other, other_in_hull.rotate_inverse(-planes[f].normal), hint);
      ++counters.support_calls;
      point = other_in_hull.apply(other.vertices()[hint]);
      const real separation = planes[f].distance(point);
      if (separation > best.separation) {
        best.separation = separation;
        best.a = f;
        if (separation > stop_above) return true;
      }
    }
    return false;
  };
  scan_patches(
      hull, other, other_in_hull, false, bound_slack(hull, other, other_in_hull),
      [&] { return best.separation; }, visit);
  return best;
}

/// The arc of a probe edge moved into the indexed hull's frame.
struct ProbeArc {
  vec3 direction;
  vec3 middle;
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
// "Within the half angle" compares tangents: at angle t from an arc's
// middle, |q| cos t is q's component along the middle and |q| sin t its
// component across the arc, which is dot(other direction, middle) (expand
// the triple products). So t <= half exactly when |across| * cos_half <=
// |along| * sin_half: no square root, no division, and exact to round-off
// for arcs of 1e-8 rad and less, where cos_half is 1 to within an ulp or two
// and comparing cosines would be noise (fuzz_pair: an arc of 6e-8 rad
// crossed in one order of the pair and not in the other).
inline bool arcs_cross(const ProbeArc& probe, const EdgeArc& indexed, vec3& axis) {
  const vec3 q = glm::cross(probe.direction, indexed.direction);
  const real along_probe = glm::dot(q, probe.middle);
  const real along_indexed = -glm::dot(q, indexed.middle);
  if (along_probe * along_indexed <= 0) return false;
  const real across_probe = glm::dot(indexed.direction, probe.middle);
  if (std::abs(across_probe) * probe.cos_half > std::abs(along_probe) * probe.sin_half)
    return false;
  const real across_indexed = glm::dot(probe.direction, indexed.middle);
  if (std::abs(across_indexed) * indexed.cos_half > std::abs(along_indexed) * indexed.sin_half)
    return false;
  const real len2 = glm::dot(q, q);
  if (len2 < tol::parallel * tol::parallel) return false;  // parallel edges
  axis = (along_probe > 0 ? q : -q) / std::sqrt(len2);
  return true;
}

// Edge query (Gregorius) over the edges of `probe` against those of
// `indexed`, in the indexed hull's frame. Each probe edge walks its arc
// across the indexed Gauss map (see `walk` below). Where the walk gives up,
// with a grid, the edge looks up only the cells near its negated arc (a ball
// of the arc's chord radius, below, around the negated middle holds the
// arc); without, it tests every indexed edge. The separation of crossing
// edges is the distance between their lines along the axis; the axis is
// oriented from A to B (`probe_is_a` says which hull the probe is).
//
// Upper bound of the separation of any edge pair whose axis lies on a
// probe arc. For u on the probe edge's arc the edge's points are the
// probe's support along u, so the pair's separation is the gap
// min over indexed points y of dot(u, y - s), s a point of the probe edge;
// any one indexed vertex x bounds it: separation <= dot(u, x - s). The
// largest value of that over the arc (arc_max_dot) bounds every axis on the
// arc, so probe edges whose bound cannot beat the best axis so far (a face
// axis, usually) are skipped without testing their arcs. The bound is
// tightest for x = the indexed hull's support along -(the arc's middle),
// which takes one support search (climbing from the previous one); the
// previous support vertex stands in first, for free.

Best edge_query(const Hull& indexed, const Hull& probe, const Pose& probe_in_indexed,
                bool probe_is_a, bool use_grid, real floor, real stop_above, Counters& counters) {
  Best best;
  const real slack = bound_slack(indexed, probe, probe_in_indexed);
  const auto arcs = indexed.edge_arcs();
  const int g = indexed.arc_grid_size();
  const auto cell_start = indexed.arc_cell_start();
  const auto cell_edges = indexed.arc_cell_edges();
  const auto probe_arcs = probe.edge_arcs();
  // Tests one probe edge; true when the query can stop (an axis separates
  // by more than stop_above).
  // Tests probe edge i against indexed edge j: no crossing, a crossing
  // (axis recorded when it is the best so far), or one that ends the query.
  enum class Pair { apart, crossing, stop };
  // The axis of nearly parallel edges is known to about eps / sin(angle)
  // rad, and the gap between the edges' lines along it moves by that times
  // the distance between their points: where that can exceed the touching
  // tolerance, the edges need not be the supports along the rounded axis,
  // and the line gap can overstate the hulls' separation (float stress:
  // edges 1.5e-4 rad from parallel gave a depth 0.0034 short of 0.44, in one
  // order of the pair only). Such an axis, when it would be the best so far,
  // is measured by the hulls' supports instead: never above the truth.
  const real touch = tol::coplanar * (indexed.magnitude() + probe.magnitude() +
                                      glm::length(probe_in_indexed.translation));
  index_t gap_hint_indexed = -1, gap_hint_probe = -1;
  auto test = [&](index_t i, const ProbeArc& arc, index_t j) {
    ++counters.arc_tests;
    vec3 axis;
    if (!arcs_cross(arc, arcs[j], axis)) return Pair::apart;
    ++counters.axes_tested;
    const vec3 to_indexed = indexed.edge_start(std::size_t(j)) - arc.start;
    real separation = glm::dot(axis, to_indexed);
    if (separation > best.separation) {
      const real sine = glm::length(glm::cross(arc.direction, arcs[j].direction));
      const real lever = glm::length(to_indexed) + indexed.extent() + probe.extent();
      if (4 * tol::eps * lever > touch * sine) {
        gap_hint_indexed = support_index(indexed, -axis, gap_hint_indexed);
        const vec3 local = probe_in_indexed.rotate_inverse(axis);
        gap_hint_probe = support_index(probe, local, gap_hint_probe);
        counters.support_calls += 2;
        const vec3 s = probe.edge_start(std::size_t(i));
        separation += glm::dot(axis, indexed.vertices()[std::size_t(gap_hint_indexed)] -
                                         indexed.edge_start(std::size_t(j))) -
                      glm::dot(local, probe.vertices()[std::size_t(gap_hint_probe)] - s);
      }
    }
    if (separation > best.separation) {
      best.separation = separation;
      best.a = probe_is_a ? i : j;
      best.b = probe_is_a ? j : i;
      best.axis = probe_is_a ? axis : -axis;
    }
    return separation > stop_above ? Pair::stop : Pair::crossing;
  };
  // Walks the probe's arc across the indexed hull's negated Gauss map
  // (Gregorius' Gauss-map overlay done as a walk): the arc starts in the
  // region of the indexed vertex that supports -(its start normal), leaves
  // each region through the arc of exactly one of that vertex's edges, which
  // leads to the next vertex, and ends in the region of the vertex that
  // supports -(its end normal). The edges crossed are exactly the ones whose
  // arcs cross the probe's, so only the edges around the visited vertices
  // are tested, instead of every edge. Anything else (no exit short of the
  // end, two exits: the arc grazes a Gauss-map vertex) gives up, and the
  // caller tests this probe edge the slow way.
  enum class Walk { done, stop, gave_up };
  const auto indexed_half_edges = indexed.half_edges();
  const auto probe_half_edges = probe.half_edges();
  const auto vertices = indexed.vertices();
  index_t walk_hint = -1;
  // `start`: the indexed vertex supporting -(the arc's start normal), or -1
  // when not known yet (then found and stored).
  auto walk = [&](index_t i, const ProbeArc& arc, index_t& start) {
    if (start < 0) {
      const vec3 from =
          probe_in_indexed.rotate(probe.planes()[probe_half_edges[2 * i].face].normal);
      start = walk_hint = support_index(indexed, -from, walk_hint);
      ++counters.support_calls;
    }
    const vec3 to =
        probe_in_indexed.rotate(probe.planes()[probe_half_edges[2 * i + 1].face].normal);
    index_t v = start;
    index_t entered_by = -1;  // indexed edge
    for (std::size_t step = 0; step <= indexed.edge_count(); ++step) {
      index_t exit = -1;
      int exits = 0;
      const index_t first = indexed.vertex_edge(v);
      index_t h = first;
      do {  // the half-edges leaving v
        if (h / 2 != entered_by) {
          const Pair t = test(i, arc, h / 2);
          if (t == Pair::stop) return Walk::stop;
          if (t == Pair::crossing) ++exits, exit = h;
        }
        h = indexed_half_edges[h ^ 1].next;
      } while (h != first);
      if (exits > 1) return Walk::gave_up;
      if (exits == 0) {  // the end: v must support -to (no neighbour gains)
        for (const index_t u : indexed.neighbors(v))
          if (glm::dot(vertices[u] - vertices[v], -to) > 0) return Walk::gave_up;
        return Walk::done;
      }
      entered_by = exit / 2;
      v = indexed_half_edges[exit ^ 1].origin;
    }
    return Walk::gave_up;
  };
  const bool walking = !indexed.is_flat() && !probe.is_flat();
  // Tests one probe edge; true when the query can stop (an axis separates
  // by more than stop_above).
  // The last support vertex of the indexed hull, also in the probe's frame.
  index_t hint = -1;
  vec3 hint_in_probe{real(0)};
  auto probe_edge = [&](index_t i, index_t& walk_start) {
    const EdgeArc& local = probe_arcs[i];
    const vec3 start = probe.edge_start(std::size_t(i));
    // Skip the edge when no axis on its arc can beat the best so far: first
    // with the last support vertex (free), then with the support along
    // -(the arc's middle). Both in the probe's frame, where its arc is.
    const real threshold = std::max(floor, best.separation) - slack;
    if (hint >= 0 && arc_max_dot(local, hint_in_probe - start) <= threshold) return false;
    hint = support_index(indexed, probe_in_indexed.rotate(-local.middle), hint);
    ++counters.support_calls;
    hint_in_probe = probe_in_indexed.apply_inverse(vertices[hint]);
    if (arc_max_dot(local, hint_in_probe - start) <= threshold) return false;
    const ProbeArc arc{probe_in_indexed.rotate(local.direction),
                       probe_in_indexed.rotate(local.middle), local.cos_half, local.sin_half,
                       probe_in_indexed.apply(start)};
    if (walking) {
      const Walk w = walk(i, arc, walk_start);
      if (w != Walk::gave_up) return w == Walk::stop;
      ++counters.walks_given_up;
    }
    if (!use_grid) {
      for (index_t j = 0; j < index_t(arcs.size()); ++j)
        if (test(i, arc, j) == Pair::stop) return true;
      return false;
    }
    const real radius = arc_chord(local) + tol::coplanar;
    const vec3 lo = -arc.middle - radius, hi = -arc.middle + radius;
    for (int x = arc_grid_cell(lo.x, g); x <= arc_grid_cell(hi.x, g); ++x)
      for (int y = arc_grid_cell(lo.y, g); y <= arc_grid_cell(hi.y, g); ++y)
        for (int z = arc_grid_cell(lo.z, g); z <= arc_grid_cell(hi.z, g); ++z) {
          const std::size_t c = (std::size_t(x) * g + y) * g + z;
          for (index_t k = cell_start[c]; k < cell_start[c + 1]; ++k)
            if (test(i, arc, cell_edges[k]) == Pair::stop) return true;
        }
    return false;
  };
  // Visit the probe's edges patch by patch, skipping patches whose arcs
  // cannot hold a better axis (scan_patches, from the probe's side: the
  // bound is symmetric in which hull is posed in which frame), and within a
  // patch face by face in its depth-first order, so that consecutive support
  // searches start close by. Each edge is visited once, through its even
  // half-edge, whose face is the current one: its arc starts at that face's
  // normal, and every walk from this face starts at the same indexed vertex.
  const Pose indexed_in_probe{glm::transpose(probe_in_indexed.rotation),
                              probe_in_indexed.apply_inverse(vec3(real(0)))};
  const auto order = probe.face_order();
  const auto visit = [&](const NormalPatch& patch, index_t) {
    for (index_t k = patch.first; k < patch.first + patch.count; ++k) {
      const index_t f = order[k];
      index_t start = -1;
      index_t e = probe.faces()[f].edge;
      for (index_t m = 0; m < probe.faces()[f].count; ++m, e = probe_half_edges[e].next)
        if (e % 2 == 0 && probe_edge(e / 2, start)) return true;
    }
    return false;
  };
  scan_patches(
      probe, indexed, indexed_in_probe, true, slack,
      [&] { return std::max(floor, best.separation); }, visit);
  return best;
}

// Edge query of a box against a general hull. A box has only three edge
// directions, and every direction p perpendicular to one of them lies on
// the arc of exactly one of the four parallel edges (the one on the sides
// sign(p . axis) of the other two axes). So for each edge of the other hull
// and each box direction, the only question is whether -p lies on that
// edge's arc (p = the crossing direction, on the box's side): 3 tests per
// edge, no grid. Works in the box's frame; `box_is_a` orients the axis.
Best box_edge_query(const Hull& box, const Hull& other, const Pose& other_in_box, bool box_is_a,
                    real stop_above, Counters& counters) {
  Best best;
  const BoxFrame& frame = box.box();
  const auto arcs = other.edge_arcs();
  for (index_t j = 0; j < index_t(arcs.size()); ++j) {
    const vec3 e = other_in_box.rotate(arcs[j].direction);
    const vec3 m = other_in_box.rotate(arcs[j].middle);
    const vec3 start = other_in_box.apply(other.edge_start(std::size_t(j)));
    for (int k = 0; k < 3; ++k) {
      ++counters.arc_tests;
      const vec3 q = glm::cross(frame.axes[k], e);
      const real len2 = glm::dot(q, q);
      if (len2 < tol::parallel * tol::parallel) continue;  // parallel edges
      // -p must lie on the other edge's arc (tangent test, as in arcs_cross)
      const real along = glm::dot(q, m);
      const real across = glm::dot(frame.axes[k], m);
      if (along == 0 || std::abs(across) * arcs[j].cos_half > std::abs(along) * arcs[j].sin_half)
        continue;
      const vec3 p = (along > 0 ? -q : q) / std::sqrt(len2);
      vec3 corner = frame.center;  // a point of the box edge along axis k that p selects
      for (int i = 0; i < 3; ++i)
        if (i != k)
          corner +=
              frame.axes[i] * (glm::dot(p, frame.axes[i]) >= 0 ? frame.half[i] : -frame.half[i]);
      ++counters.axes_tested;
      const real separation = glm::dot(p, start - corner);
      if (separation > best.separation) {
        best = Best{separation, box_is_a ? k : j, box_is_a ? j : k, box_is_a ? p : -p};
        if (separation > stop_above) break;
      }
    }
    if (best.separation > stop_above) break;
  }
  // Name the winning box edge: the one along its axis k that p selects.
  if (best.a >= 0) {
    index_t& box_index = box_is_a ? best.a : best.b;
    const vec3 away_from_box = box_is_a ? best.axis : -best.axis;
    box_index = detail::box_edge(box, box_index, away_from_box);
  }
  return best;
}

// Two flat polygons in (nearly) parallel planes: their Minkowski difference
// is flat or a thin slab whose rim faces come from nearly parallel edges,
// which the edge query skips. The in-plane outward normals of both
// polygons' edges stand in for those rim faces.
Best flat_rim_query(const PairFrames& p, real stop_above, Counters& counters) {
  Best best;
  index_t hint_a = -1, hint_b = -1;
  for (index_t i = 0; i < index_t(p.a.edge_count()); ++i) {
    const vec3 u = p.a.edge_arcs()[i].middle;
    const real separation = detail::gap_along(p, u, hint_a, hint_b, counters);
    if (separation > best.separation) best = Best{separation, i, -1, u};
    if (separation > stop_above) return best;
  }
  for (index_t j = 0; j < index_t(p.b.edge_count()); ++j) {
    const vec3 u = -p.b_in_a.rotate(p.b.edge_arcs()[j].middle);
    const real separation = detail::gap_along(p, u, hint_a, hint_b, counters);
    if (separation > best.separation) best = Best{separation, -1, j, u};
    if (separation > stop_above) return best;
  }
  return best;
}

// Every non-parallel edge pair, without Gauss-map pruning: each axis is
// evaluated in both orientations with support points (the edge-line formula
// holds only for crossing arcs). For all_edges_query.
Best all_pairs_edge_query(const PairFrames& p, Counters& counters) {
  Best best;
  index_t hint_a = -1, hint_b = -1;
  for (index_t i = 0; i < index_t(p.a.edge_count()); ++i) {
    const vec3 ea = p.a.edge_arcs()[i].direction;
    for (index_t j = 0; j < index_t(p.b.edge_count()); ++j) {
      const vec3 q = glm::cross(ea, p.b_in_a.rotate(p.b.edge_arcs()[j].direction));
      const real len = glm::length(q);
      if (len < tol::parallel) continue;
      for (const vec3 u : {q / len, -q / len}) {
        const real separation = detail::gap_along(p, u, hint_a, hint_b, counters);
        if (separation > best.separation) best = Best{separation, i, j, u};
      }
    }
  }
  return best;
}

enum class EdgeMethod { gauss_map, all_pairs };

// The general query. `stop_above` = +infinity for the full query, the
// touching tolerance for the boolean one (any axis separating by more ends
// it). Preference: A's face, then B's face, then an edge pair, each only
// replaced by one that separates more by tol::face_preference of the size.
Result general(const PairFrames& p, real stop_above, EdgeMethod method = EdgeMethod::gauss_map) {
  Counters counters;
  const real bias = tol::face_preference * p.size;
  const Best face_a = face_query(p.a, p.b, p.b_in_a, stop_above, counters);
  if (face_a.separation > stop_above)
    return detail::make_result(p, face_a.separation, p.a.planes()[face_a.a].normal,
                               {FeatureKind::face_a, face_a.a, -1}, counters);
  const Best face_b = face_query(p.b, p.a, p.a_in_b, stop_above, counters);
  Best best = face_a;
  Feature feature{FeatureKind::face_a, face_a.a, -1};
  vec3 axis = p.a.planes()[face_a.a].normal;
  if (face_b.separation > face_a.separation + bias) {
    best = face_b;
    feature = {FeatureKind::face_b, -1, face_b.a};
    axis = -p.b_in_a.rotate(p.b.planes()[face_b.a].normal);
  }
  if (best.separation > stop_above)
    return detail::make_result(p, best.separation, axis, feature, counters);

  const bool b_grid = p.b.arc_grid_size() > 0, a_grid = p.a.arc_grid_size() > 0;
  const bool probe_is_a = b_grid || !a_grid;
  Best edges;
  const bool one_box = p.a.is_box() != p.b.is_box();
  if (method == EdgeMethod::all_pairs)
    edges = all_pairs_edge_query(p, counters);
  else if (one_box)
    edges = p.a.is_box() ? box_edge_query(p.a, p.b, p.b_in_a, true, stop_above, counters)
                         : box_edge_query(p.b, p.a, p.a_in_b, false, stop_above, counters);
  else if (probe_is_a)
    edges = edge_query(p.b, p.a, p.a_in_b, true, b_grid, best.separation, stop_above, counters);
  else
    edges = edge_query(p.a, p.b, p.b_in_a, false, a_grid, best.separation, stop_above, counters);
  if (edges.separation > best.separation + bias) {
    best = edges;
    feature = {FeatureKind::edges, edges.a, edges.b};
    const bool gauss = method == EdgeMethod::gauss_map;
    const bool in_b_frame = gauss && (one_box ? p.b.is_box() : probe_is_a);
    axis = in_b_frame ? p.b_in_a.rotate(edges.axis) : edges.axis;
  }
  if (p.a.is_flat() && p.b.is_flat() && best.separation <= stop_above) {
    const Best rim = flat_rim_query(p, stop_above, counters);
    if (rim.separation > best.separation + bias) {
      best = rim;
      feature = rim.a >= 0 ? Feature{FeatureKind::edge_normal_a, rim.a, -1}
                           : Feature{FeatureKind::edge_normal_b, -1, rim.b};
      axis = rim.axis;
    }
  }
  return detail::make_result(p, best.separation, axis, feature, counters);
}

// The cached axis, re-tested: a hit when it still separates the pair.
bool try_cache(const PairFrames& p, Cache& cache, Result& out) {
  if (cache.feature.kind == FeatureKind::none || !(cache.separation > p.touch)) return false;
  const vec3 u = detail::feature_axis(p, cache.feature);
  if (glm::dot(u, u) == 0) return false;
  Counters counters;
  const real gap = detail::gap_along(p, u, cache.support_a, cache.support_b, counters);
  if (!(gap > p.touch)) return false;
  counters.cache_hit = true;
  out = detail::make_result(p, gap, u, cache.feature, counters);
  cache.separation = gap;
  return true;
}

// Remembers the deciding feature and its support vertices for next frame.
void store(const PairFrames& p, const Result& r, Cache& cache) {
  cache.feature = r.feature;
  cache.separation = r.separation;
  if (r.separation > p.touch) {
    Counters unused;
    const vec3 u = p.pose_a.rotate_inverse(r.axis);
    (void)detail::gap_along(p, u, cache.support_a, cache.support_b, unused);
  }
}

// Boolean queries first try the line between the centroids: for pairs that
// are clearly apart (most pairs a broadphase hands over) two support
// searches prove it. Any axis with a positive gap separates.
bool separated_along_centres(const PairFrames& p, Result& out) {
  const vec3 towards_b = p.b_in_a.apply(p.b.centroid()) - p.a.centroid();
  const real len = glm::length(towards_b);
  if (!(len > 0)) return false;
  Counters counters;
  index_t hint_a = -1, hint_b = -1;
  const vec3 u = towards_b / len;
  const real gap = detail::gap_along(p, u, hint_a, hint_b, counters);
  if (!(gap > p.touch)) return false;
  out = detail::make_result(p, gap, u, Feature{}, counters);
  return true;
}

Result run(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b, Cache* cache,
           bool boolean) {
  if (a.empty() || b.empty()) return Result{};  // programmer error: no hull to test
  const PairFrames p = detail::make_frames(a, pose_a, b, pose_b);
  Result r;
  if (cache && try_cache(p, *cache, r)) return r;
  const bool boxes = a.is_box() && b.is_box();
  if (boolean && !boxes && separated_along_centres(p, r)) return r;
  const real stop_above = boolean ? p.touch : infinity;
  r = boxes ? detail::box_box(p, boolean) : general(p, stop_above);
  if (cache) store(p, r, *cache);
  return r;
}

}  // namespace

Result query(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b, Cache* cache) {
  return run(a, pose_a, b, pose_b, cache, false);
}

bool intersect(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b, Cache* cache) {
  return run(a, pose_a, b, pose_b, cache, true).intersecting;
}

Result query_general(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b) {
  if (a.empty() || b.empty()) return Result{};
  return general(detail::make_frames(a, pose_a, b, pose_b), infinity);
}

Result all_edges_query(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b) {
  if (a.empty() || b.empty()) return Result{};
  return general(detail::make_frames(a, pose_a, b, pose_b), infinity, EdgeMethod::all_pairs);
}

}  // namespace sepax::sat
