// Box-box SAT: the 15-axis test of oriented bounding boxes (Gottschalk,
// Lin, Manocha, "OBBTree", SIGGRAPH 1996; Ericson, Real-Time Collision
// Detection, 4.4.1), returning the same Result as the general path.
//
// Everything is expressed in A's box frame: B's axes as the rotation matrix
// R (R[j][i] = dot(A axis i, B axis j), glm's column-major), B's centre as t.
// On each axis L the two boxes project to intervals of radii ra, rb around
// 0 and dot(t, L); their gap, oriented from A to B, is |dot(t, L)| - ra - rb.
// The smaller push-out distance of overlapping intervals is ra + rb -
// |dot(t, L)|, so the same expression with its sign is exact for contained
// boxes too. The 15 axes include every face normal of the Minkowski
// difference of two boxes, so the best gap is the exact depth when they
// overlap.
//
// Ericson adds an epsilon to |R| so that the nine cross-product axes of
// nearly parallel edges cannot produce a false separation; here those axes
// are normalized, so they are skipped instead when the sine of the angle
// between the edges is below tol::parallel.
#include "sat_internal.hpp"

#include <cmath>

namespace sepax::sat::detail {

namespace {

/// The best axis so far, in A's box frame.
struct BoxBest {
  real separation = -infinity;
  FeatureKind kind = FeatureKind::none;
  int i = -1;  // axis of A (face_a, edges)
  int j = -1;  // axis of B (face_b, edges)
  vec3 axis{real(0)};
};

// The edge of `hull` (a box) parallel to box axis `k` that is furthest along
// `u` (both in the hull's local frame).
index_t box_edge(const Hull& hull, const vec3& axis_k, const vec3& u) {
  index_t best = -1;
  real best_dot = -infinity;
  for (index_t e = 0; e < index_t(hull.edge_count()); ++e) {
    if (std::abs(glm::dot(hull.edge_arcs()[e].direction, axis_k)) < real(0.5)) continue;
    const real d = glm::dot(u, hull.edge_start(std::size_t(e)) + hull.edge_end(std::size_t(e)));
    if (d > best_dot) best_dot = d, best = e;
  }
  return best;
}

}  // namespace

Result box_box(const PairFrames& p, bool stop_at_separation) {
  const BoxFrame& A = p.a.box();
  const BoxFrame& B = p.b.box();
  const mat3 to_a_box = glm::transpose(A.axes);
  const mat3 R = to_a_box * p.b_in_a.rotation * B.axes;  // column j: B's axis j
  const vec3 t = to_a_box * (p.b_in_a.apply(B.center) - A.center);
  const vec3& ea = A.half;
  const vec3& eb = B.half;
  mat3 absR;
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 3; ++i) absR[j][i] = std::abs(R[j][i]);

  const real stop_above = stop_at_separation ? p.touch : infinity;
  const real bias = tol::face_preference * p.size;
  Counters counters;
  BoxBest best;
  // Offers an axis (unit, box frame) with its radii; earlier kinds win ties
  // within `bias`.
  auto offer = [&](FeatureKind kind, int i, int j, const vec3& L, real ra, real rb, real margin) {
    ++counters.axes_tested;
    const real d = glm::dot(t, L);
    const real separation = std::abs(d) - ra - rb;
    if (separation > best.separation + margin)
      best = BoxBest{separation, kind, i, j, d >= 0 ? L : -L};
    return best.separation > stop_above;
  };
  for (int i = 0; i < 3; ++i) {
    vec3 L(0);
    L[i] = 1;
    const real rb = eb.x * absR[0][i] + eb.y * absR[1][i] + eb.z * absR[2][i];
    if (offer(FeatureKind::face_a, i, -1, L, ea[i], rb, 0)) break;
  }
  for (int j = 0; j < 3 && best.separation <= stop_above; ++j) {
    const real ra = glm::dot(ea, vec3(absR[j][0], absR[j][1], absR[j][2]));
    if (offer(FeatureKind::face_b, -1, j, R[j], ra, eb[j], bias)) break;
  }
  for (int i = 0; i < 3 && best.separation <= stop_above; ++i) {
    for (int j = 0; j < 3; ++j) {
      vec3 ai(0);
      ai[i] = 1;
      const vec3 q = glm::cross(ai, R[j]);
      const real len = glm::length(q);
      if (len < tol::parallel) continue;  // parallel edges: a face axis covers them
      const vec3 L = q / len;
      const real ra = glm::dot(ea, glm::abs(L));
      const real rb = glm::dot(eb, glm::abs(glm::transpose(R) * L));
      if (offer(FeatureKind::edges, i, j, L, ra, rb, bias)) break;
    }
  }

  const vec3 axis_in_a = A.axes * best.axis;
  Feature feature{best.kind, -1, -1};
  const vec3 axis_in_b = p.b_in_a.rotate_inverse(axis_in_a);
  switch (best.kind) {
    case FeatureKind::face_a:
      feature.a = A.face[2 * best.i + (best.axis[best.i] > 0 ? 0 : 1)];
      break;
    case FeatureKind::face_b:
      feature.b = B.face[2 * best.j + (glm::dot(axis_in_b, B.axes[best.j]) > 0 ? 1 : 0)];
      break;
    case FeatureKind::edges:
      feature.a = box_edge(p.a, A.axes[best.i], axis_in_a);
      feature.b = box_edge(p.b, B.axes[best.j], -axis_in_b);
      break;
    default:
      break;
  }
  return make_result(p, best.separation, axis_in_a, feature, counters);
}

}  // namespace sepax::sat::detail
