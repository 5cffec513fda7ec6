// SAT between convex hulls: the query and its entry points, the face
// queries, the choice between face and edge axes, and the axis cache. Edge
// queries are in sat/edge.cpp, box against box in sat/box.cpp.
//
// Follows Gregorius, "The Separating Axis Test between Convex Polyhedra"
// (GDC 2013): the best of the face normals of both hulls and of the cross
// products of edge pairs that form a face of the Minkowski difference.
#include "core/names.hpp"
#include "sat/internal.hpp"
#include "sepax/support.hpp"

#include <algorithm>
#include <cmath>

namespace sepax::sat {

using detail::infinity;
using detail::PairFrames;

const char* to_string(FeatureKind kind) {
  static constexpr const char* names[] = {"none",  "face_a",        "face_b",
                                          "edges", "edge_normal_a", "edge_normal_b"};
  return sepax::detail::name_of(kind, names);
}

namespace detail {

PairFrames make_frames(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b) {
  const Pose b_in_a = relative_pose(pose_a, pose_b);
  PairFrames p{a, b, pose_a, pose_b, b_in_a, b_in_a.inverse(), 0, 0};
  const real k = b_in_a.scale;  // B's lengths in A's frame
  p.size = std::max(a.extent(), b.extent() * k);
  p.touch = bound_slack(a, b, p.b_in_a);
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
  r.separation = separation * p.pose_a.scale;
  r.intersecting = separation <= p.touch;
  r.axis = p.pose_a.rotate(axis_in_a);
  r.feature = feature;
  r.counters = counters;
  return r;
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
                Counters& counters, const Cap* cap, real floor) {
  Best best;
  best.separation = floor;
  const auto planes = hull.planes();
  const auto order = hull.face_order();
  const auto visit = [&](const NormalPatch& patch, index_t hint) {
    vec3 point = other_in_hull.apply(other.vertices()[hint]);  // the hint's vertex, hull's frame
    for (index_t k = patch.first; k < patch.first + patch.count; ++k) {
      const index_t f = order[k];
      if (planes[f].distance(point) <= best.separation || in_cap(cap, planes[f].normal)) continue;
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

Decision decide_faces(const PairFrames& p, const Best& face_a, const Best& face_b, real bias) {
  Decision d{
      face_a.separation, {FeatureKind::face_a, face_a.a, -1}, p.a.planes()[face_a.a].normal, bias};
  const real k = p.b_in_a.scale;
  if (face_b.a >= 0)
    d.offer(face_b.separation * k, {FeatureKind::face_b, -1, face_b.a},
            -p.b_in_a.rotate(p.b.planes()[face_b.a].normal));
  return d;
}

// `stop_above` = +infinity for the full query, the touching tolerance for
// the boolean one (any axis separating by more ends it). Preference: A's
// face, then B's face, then an edge pair (Decision). Two flat polygons of a
// few corners take flat_pair, which measures the same axes on their corners.
Result general(const PairFrames& p, real stop_above) {
  if (flat_pair_fits(p)) return flat_pair(p, stop_above);
  Counters counters;
  const real bias = tol::face_preference * p.size;
  const Best face_a = face_query(p.a, p.b, p.b_in_a, stop_above, counters);
  if (face_a.separation > stop_above)
    return detail::make_result(p, face_a.separation, p.a.planes()[face_a.a].normal,
                               {FeatureKind::face_a, face_a.a, -1}, counters);
  // Queries in B's frame measure in B's lengths: k of them make one of A's.
  // An axis of B or of an edge pair replaces the best so far only when it
  // separates more by the bias: the queries need not search below that.
  const real k = p.b_in_a.scale;
  const Best face_b = face_query(p.b, p.a, p.a_in_b, stop_above / k, counters, nullptr,
                                 (face_a.separation + bias) / k);
  Decision d = decide_faces(p, face_a, face_b, bias);
  if (d.separation > stop_above)
    return detail::make_result(p, d.separation, d.axis, d.feature, counters);

  const bool b_grid = p.b.arc_grid_size() > 0, a_grid = p.a.arc_grid_size() > 0;
  const bool probe_is_a = b_grid || !a_grid;
  Best edges;
  const bool one_box = p.a.is_box() != p.b.is_box();
  if (one_box && p.a.is_box()) {
    edges = box_edge_query(p.a, p.b, p.b_in_a, true, d.floor(), stop_above, counters);
  } else if (one_box) {
    edges = box_edge_query(p.b, p.a, p.a_in_b, false, d.floor() / k, stop_above / k, counters);
    edges.separation *= k;
  } else if (probe_is_a) {
    edges = edge_query(p.b, p.a, p.a_in_b, true, b_grid, d.floor() / k, stop_above / k, counters);
    edges.separation *= k;
  } else {
    edges = edge_query(p.a, p.b, p.b_in_a, false, a_grid, d.floor(), stop_above, counters);
  }
  if (edges.a >= 0) {
    const bool in_b_frame = one_box ? p.b.is_box() : probe_is_a;
    d.offer(edges.separation, {FeatureKind::edges, edges.a, edges.b},
            in_b_frame ? p.b_in_a.rotate(edges.axis) : edges.axis);
  }
  if (p.a.is_flat() && p.b.is_flat() && d.separation <= stop_above)
    offer_rim_axes(p, stop_above, counters, d);
  return detail::make_result(p, d.separation, d.axis, d.feature, counters);
}

}  // namespace detail

namespace {

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
  cache.separation = r.separation / p.pose_a.scale;  // A's lengths, as p.touch
  if (cache.separation > p.touch) {
    Counters unused;
    const vec3 u = p.pose_a.rotate_inverse(r.axis);
    (void)detail::gap_along(p, u, cache.support_a, cache.support_b, unused);
  }
}

// Queries that may stop at a separating axis first try the line between
// the centroids: for pairs that are clearly apart (most pairs a broadphase
// hands over) two support searches prove it. Any axis with a gap above
// `stop_above` will do. Leaves the two support vertices along that line in
// hint_a and hint_b (as given where the centroids coincide).
bool separated_along_centres(const PairFrames& p, real stop_above, Result& out, index_t& hint_a,
                             index_t& hint_b) {
  const vec3 towards_b = p.b_in_a.apply(p.b.centroid()) - p.a.centroid();
  const real len = glm::length(towards_b);
  if (!(len > 0)) return false;
  Counters counters;
  const vec3 u = towards_b / len;
  const real gap = detail::gap_along(p, u, hint_a, hint_b, counters);
  if (!(gap > stop_above)) return false;
  out = detail::make_result(p, gap, u, Feature{}, counters);
  return true;
}

// Whether p (h's frame) lies inside the solid hull h by more than `slack`
// from every face plane. A flat polygon's two planes do not bound its rim:
// never. Patch by patch (Hull::patches): each face of a patch lies at least
// face_reach beyond the centroid c along its normal n, which is within
// face_radius of the patch's centre, so dot(n, p - c) <= face_reach - slack
// for every such n puts p inside all of them (bounded first by
// dot(centre, p - c) + face_radius |p - c|, then by cap_max_dot's tighter
// value); the faces of the patches both bounds fail for are tested one by
// one. A point near the centroid costs a bound a patch, one near the
// surface also the faces facing it. The bounds' round-off, of the
// magnitude's order, lies within the slack.
bool inside(const Hull& h, const vec3& p, real slack) {
  if (h.is_flat()) return false;
  const vec3 w = p - h.centroid();
  const real reach = glm::length(w);
  const auto planes = h.planes();
  const auto order = h.face_order();
  for (const NormalPatch& patch : h.patches()) {
    const real room = patch.face_reach - slack;
    if (glm::dot(patch.center, w) + patch.face_radius * reach <= room ||
        detail::cap_max_dot(patch.center, patch.face_radius, w) <= room)
      continue;
    for (index_t k = patch.first; k < patch.first + patch.count; ++k)
      if (planes[order[k]].distance(p) > -slack) return false;
  }
  return true;
}

// A boolean query of overlapping hulls first looks for a point inside both:
// one proves the overlap, where SAT would have to measure every axis to
// find none that separates. Candidates: B's centroid (inside B), A's (inside
// A) and the midpoint between them, which find a hull inside the other and
// most deep overlaps; then each hull's support vertex towards the other
// along the centroids' line (separated_along_centres' supports), which
// finds a vertex sunk into the other hull. A point counts as inside only by
// more than a hull's build tolerance (a face's vertices lie within
// tol::degenerate of the extent of its plane, see HullReport) plus the
// touching band, which also holds the round-off of the change of frame: the
// proof then holds for the hulls' vertices, on which SAT's edge axes
// measure. Two boxes skip it: their 15 axes cost about as much as the five
// points.
bool common_point(const PairFrames& p, index_t support_a, index_t support_b) {
  const real k = p.b_in_a.scale;  // B's lengths in A's frame
  const real slack_a = tol::degenerate * p.a.extent() + p.touch;
  const real slack_b = tol::degenerate * p.b.extent() + p.touch / k;
  const vec3 ca = p.a.centroid();
  const vec3 cb = p.b_in_a.apply(p.b.centroid());
  if (inside(p.a, cb, slack_a) || inside(p.b, p.a_in_b.apply(ca), slack_b)) return true;
  const vec3 mid = (ca + cb) * real(0.5);
  if (inside(p.a, mid, slack_a) && inside(p.b, p.a_in_b.apply(mid), slack_b)) return true;
  // Shallow overlaps: B's vertex furthest towards A along the centroids'
  // line, inside A, and A's furthest towards B, inside B. A vertex may lie
  // outside its own hull's face planes by that hull's build tolerance,
  // which its slack adds.
  if (support_b >= 0 && inside(p.a, p.b_in_a.apply(p.b.vertices()[support_b]),
                               slack_a + tol::degenerate * p.b.extent() * k))
    return true;
  return support_a >= 0 && inside(p.b, p.a_in_b.apply(p.a.vertices()[support_a]),
                                  slack_b + tol::degenerate * p.a.extent() / k);
}

// `stop_above`: +infinity for the best axis; else the query may end at any
// axis that separates by more (never below the touching band). `boolean`:
// only Result::intersecting is wanted (intersect()).
Result run(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b, Cache* cache,
           Resting* resting, real stop_above, bool boolean = false) {
  if (a.empty() || b.empty() || !scale_ok(pose_a) || !scale_ok(pose_b))
    return Result{};  // programmer error: no hull to test
  const PairFrames p = detail::make_frames(a, pose_a, b, pose_b);
  stop_above = std::max(stop_above / pose_a.scale, p.touch);  // A's lengths
  Result r;
  if (cache && try_cache(p, *cache, r)) return r;
  if (cache && resting && detail::RestingState::answer(p, *resting, r)) {
    store(p, r, *cache);
    return r;
  }
  const bool boxes = a.is_box() && b.is_box();
  index_t support_a = -1, support_b = -1;
  if (stop_above < infinity && !boxes &&
      separated_along_centres(p, stop_above, r, support_a, support_b))
    return r;
  if (boolean && !boxes && common_point(p, support_a, support_b)) {
    if (cache) *cache = Cache{};  // no axis to keep: the pair overlaps
    r.intersecting = true;
    return r;
  }
  r = boxes ? detail::box_box(p, stop_above) : detail::general(p, stop_above);
  if (cache) {
    // A resting state costs about one more query to build: worth it once
    // the same feature has decided two frames running.
    const bool again = cache->feature == r.feature;
    store(p, r, *cache);
    if (again && resting) detail::RestingState::after_query(p, r, *resting);
  }
  return r;
}

}  // namespace

real touching_band(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b) {
  if (a.empty() || b.empty() || !scale_ok(pose_a) || !scale_ok(pose_b)) return 0;
  // make_frames' band is in A's local lengths; the world's are pose_a.scale longer.
  return detail::make_frames(a, pose_a, b, pose_b).touch * pose_a.scale;
}

Result query(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b, Cache* cache,
             real max_separation) {
  return run(a, pose_a, b, pose_b, cache, nullptr, max_separation);
}

Result query(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b, Cache* cache,
             Resting* resting, real max_separation) {
  return run(a, pose_a, b, pose_b, cache, resting, max_separation);
}

bool intersect(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b, Cache* cache) {
  return run(a, pose_a, b, pose_b, cache, nullptr, real(0), true).intersecting;
}

bool intersect(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b, Cache* cache,
               Resting* resting) {
  return run(a, pose_a, b, pose_b, cache, resting, real(0), true).intersecting;
}

Result query_general(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b) {
  if (a.empty() || b.empty() || !scale_ok(pose_a) || !scale_ok(pose_b)) return Result{};
  return detail::general(detail::make_frames(a, pose_a, b, pose_b), infinity);
}

Feature mirrored(const Feature& f) {
  Feature m{f.kind, f.b, f.a};
  switch (f.kind) {
    case FeatureKind::face_a:
      m.kind = FeatureKind::face_b;
      break;
    case FeatureKind::face_b:
      m.kind = FeatureKind::face_a;
      break;
    case FeatureKind::edge_normal_a:
      m.kind = FeatureKind::edge_normal_b;
      break;
    case FeatureKind::edge_normal_b:
      m.kind = FeatureKind::edge_normal_a;
      break;
    case FeatureKind::none:
    case FeatureKind::edges:
      break;
  }
  return m;
}

Result mirrored(const Result& r) {
  Result m = r;
  m.axis = -r.axis;
  m.feature = mirrored(r.feature);
  return m;
}

}  // namespace sepax::sat
