// SAT between two flat polygons: the rim axes of polygons in (nearly)
// parallel planes, and the query of two polygons of a few corners each,
// measured on their corners directly.
//
// A flat polygon is a two-sided hull: two faces, normals n and -n, and
// edges whose Gauss-map arcs are half circles from n to -n. Between two such
// hulls the general query's patch bounds and support searches cost more than
// the axes they guard: a pair of triangles has 4 face axes, 9 edge pairs and
// 6 rim axes. flat_pair poses the corners of each polygon once in the
// other's frame and takes every axis against them.
#include "sat/internal.hpp"

#include <algorithm>
#include <span>

namespace sepax::sat::detail {

namespace {

/// The corners of one polygon posed in some frame.
struct Corners {
  vec3 at[flat_corners];
  index_t count = 0;

  Corners(const Hull& hull, const Pose& pose) : count(index_t(hull.vertex_count())) {
    for (index_t i = 0; i < count; ++i) at[i] = pose.apply(hull.vertices()[i]);
  }

  /// The lowest signed distance of the corners to a plane: the separation
  /// along its normal of the hull whose face it is.
  [[nodiscard]] real lowest(const Plane& plane) const {
    real low = plane.distance(at[0]);
    for (index_t i = 1; i < count; ++i) low = std::min(low, plane.distance(at[i]));
    return low;
  }
  [[nodiscard]] real lowest(const vec3& u) const {
    real low = glm::dot(u, at[0]);
    for (index_t i = 1; i < count; ++i) low = std::min(low, glm::dot(u, at[i]));
    return low;
  }
};

/// The highest coordinate along u of a polygon's corners in its own frame.
real highest(std::span<const vec3> corners, const vec3& u) {
  real high = glm::dot(u, corners[0]);
  for (std::size_t i = 1; i < corners.size(); ++i) high = std::max(high, glm::dot(u, corners[i]));
  return high;
}

/// The best face axis of `hull` against the other polygon's corners, posed
/// in hull's frame (face_query's answer, every face tested).
Best best_face(const Hull& hull, const Corners& other, real stop_above, real floor,
               Counters& counters) {
  Best best;
  best.separation = floor;
  const auto planes = hull.planes();
  for (index_t f = 0; f < index_t(planes.size()); ++f) {
    ++counters.axes_tested;
    const real separation = other.lowest(planes[f]);
    if (separation > best.separation) {
      best.separation = separation;
      best.a = f;
      if (separation > stop_above) break;
    }
  }
  return best;
}

// The rim axes of two polygons in (nearly) parallel planes: their Minkowski
// difference is flat or a thin slab whose rim faces come from nearly
// parallel edges, which the edge query skips. The in-plane outward normals
// of both polygons' edges (the middles of their arcs) stand in for those
// rim faces. gap(u) measures the pair along u (A's frame, A to B).
// The best rim axis is offered to the decision as one kind of axis.
template <class Gap>
void offer_rim(const PairFrames& p, real stop_above, const Gap& gap, Decision& decision) {
  Best best;
  const auto consider = [&](const vec3& u, index_t i, index_t j) {
    const real separation = gap(u);
    if (separation > best.separation) best = Best{separation, i, j, u};
    return separation > stop_above;
  };
  bool stop = false;
  for (index_t i = 0; i < index_t(p.a.edge_count()) && !stop; ++i)
    stop = consider(p.a.edge_arcs()[i].middle, i, -1);
  for (index_t j = 0; j < index_t(p.b.edge_count()) && !stop; ++j)
    stop = consider(-p.b_in_a.rotate(p.b.edge_arcs()[j].middle), -1, j);
  const Feature f = best.a >= 0 ? Feature{FeatureKind::edge_normal_a, best.a, -1}
                                : Feature{FeatureKind::edge_normal_b, -1, best.b};
  decision.offer(best.separation, f, best.axis);
}

}  // namespace

void offer_rim_axes(const PairFrames& p, real stop_above, Counters& counters, Decision& decision) {
  index_t hint_a = -1, hint_b = -1;
  offer_rim(
      p, stop_above, [&](const vec3& u) { return gap_along(p, u, hint_a, hint_b, counters); },
      decision);
}

// general's order and preferences (decide_faces, Decision): A's faces, B's
// faces, then the edge pairs and the rim axes. Each face axis takes the
// lowest corner of the other polygon posed in the face's frame
// (face_query's support point), so the faces of B measure in B's lengths
// as general's do.
Result flat_pair(const PairFrames& p, real stop_above) {
  Counters counters;
  const real bias = tol::face_preference * p.size;
  const real k = p.b_in_a.scale;
  const Corners b_in_a(p.b, p.b_in_a), a_in_b(p.a, p.a_in_b);
  const Best face_a = best_face(p.a, b_in_a, stop_above, -infinity, counters);
  if (face_a.separation > stop_above)
    return make_result(p, face_a.separation, p.a.planes()[face_a.a].normal,
                       {FeatureKind::face_a, face_a.a, -1}, counters);
  const Best face_b =
      best_face(p.b, a_in_b, stop_above / k, (face_a.separation + bias) / k, counters);
  Decision d = decide_faces(p, face_a, face_b, bias);
  if (d.separation > stop_above) return make_result(p, d.separation, d.axis, d.feature, counters);

  // A probes, B is indexed (general's choice when neither has an arc grid).
  const Best edges =
      every_edge_pair(p.b, p.a, p.a_in_b, true, d.floor() / k, stop_above / k, counters);
  if (edges.a >= 0)
    d.offer(edges.separation * k, {FeatureKind::edges, edges.a, edges.b},
            p.b_in_a.rotate(edges.axis));
  if (d.separation > stop_above) return make_result(p, d.separation, d.axis, d.feature, counters);

  offer_rim(
      p, stop_above,
      [&](const vec3& u) {
        ++counters.axes_tested;
        return b_in_a.lowest(u) - highest(p.a.vertices(), u);
      },
      d);
  return make_result(p, d.separation, d.axis, d.feature, counters);
}

}  // namespace sepax::sat::detail
