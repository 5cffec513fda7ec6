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
// between the edges is below tol::parallel. Above it, an edge axis L = A_i
// x B_j is taken from R's small entries as they are, and B's radius along L
// is summed over B's own columns rather than by the closed form's cofactor
// identity, which holds only for an orthonormal R: the gap is then the gap
// along L itself, to round-off of the boxes' size, whatever R's round-off.
// That round-off (a few eps of 1, from forming the relative rotation) turns
// L's direction by about eps / sin(a) for edges sin(a) from parallel, which
// can hide, by eps / sin(a) of the size, the one axis that separates the
// boxes. In double that is the precision of the poses' own matrices; in
// float, where it can exceed the touching band, an axis that might win
// within it is measured again on R formed in double from the poses'
// matrices.
#include "sat/internal.hpp"

#include <cmath>
#include <type_traits>

namespace sepax::sat::detail {

namespace {

/// The best axis so far, in A's box frame.
struct BoxBest {
  real separation = -infinity;
  FeatureKind kind = FeatureKind::none;
  int i = -1;  // axis of A (face_a, edges)
  int j = -1;  // axis of B (face_b, edges)
  vec3 axis{real(0)};
  /// Edges measured in double (edge_axis): the unit axis, in A's box frame,
  /// oriented from A to B; zero for an axis of the closed form.
  vec3 measured{real(0)};
};

/// The pair in A's box frame, as plain arrays (glm's operator[] with a
/// run-time index is a switch): M[i][j] = dot(A axis i, B axis j), its
/// absolute values, B's centre t, and the half extents.
struct BoxPair {
  real M[3][3];
  real absM[3][3];
  real t[3];
  real ea[3];
  real eb[3];
  /// Length of the centre offset plus both boxes' half diagonals: what an
  /// axis's direction error is multiplied by (float only).
  real lever;
  real touch;  ///< the pair's touching band (PairFrames::touch)
  const PairFrames* frames;
  /// R formed in double from the poses' and box frames' matrices, once an
  /// axis needs it (exact_rotation).
  bool have_exact = false;
  glm::dmat3 exact{1.0};
};

/// R in double: products of the input's matrices, each entry within about
/// 1e-16 of the rotation those matrices describe, so that an edge axis of
/// nearly parallel edges keeps its direction down to tol::parallel.
const glm::dmat3& exact_rotation(BoxPair& q) {
  if (!q.have_exact) {
    const PairFrames& p = *q.frames;
    const glm::dmat3 a_box = glm::transpose(glm::dmat3(p.a.box().axes));
    const glm::dmat3 b_in_a =
        glm::transpose(glm::dmat3(p.pose_a.rotation)) * glm::dmat3(p.pose_b.rotation);
    q.exact = a_box * b_in_a * glm::dmat3(p.b.box().axes);
    q.have_exact = true;
  }
  return q.exact;
}

// Whether an edge axis with separation scaled / sqrt(len2) beats `target`,
// decided without the square root: scaled > target * len, squared with the
// signs taken care of. Only an axis that wins is normalized.
inline bool beats(real scaled, real len2, real target) {
  if (target >= 0) return scaled > 0 && scaled * scaled > target * target * len2;
  return scaled >= 0 || scaled * scaled < target * target * len2;
}

/// Whether `real` is narrower than double, so that R formed from the poses'
/// matrices in double (exact_rotation) is more precise than R itself.
inline constexpr bool narrow_real = !std::is_same_v<real, double>;

// Edge axis L = A_i x B_j (Ericson 4.4.1): with (i1, i2), (j1, j2) the other
// two indices, L has -M[i2][j] on A axis i1 and M[i1][j] on i2, and is
// normal to B's column j, so each radius is a two-term sum. The indices are
// template arguments, so that the nine axes compile to straight-line code
// on values held in registers.
template <int i, int j>
inline void edge_axis(BoxPair& q, real bias, BoxBest& best, int& tested) {
  constexpr int i1 = (i + 1) % 3, i2 = (i + 2) % 3, j1 = (j + 1) % 3, j2 = (j + 2) % 3;
  const real l1 = -q.M[i2][j], l2 = q.M[i1][j];
  const real len2 = l1 * l1 + l2 * l2;
  if (len2 < tol::parallel * tol::parallel) return;  // parallel: a face axis covers them
  ++tested;
  const real d = q.t[i1] * l1 + q.t[i2] * l2;
  const real ra = q.ea[i1] * std::abs(l1) + q.ea[i2] * std::abs(l2);
  const real rb = q.eb[j1] * std::abs(l1 * q.M[i1][j1] + l2 * q.M[i2][j1]) +
                  q.eb[j2] * std::abs(l1 * q.M[i1][j2] + l2 * q.M[i2][j2]);
  const real scaled = std::abs(d) - ra - rb;  // separation * len
  // In float, R's entries round by up to about 16 eps (the relative
  // rotation, the box frames), which turns L and moves `scaled` by up to 16
  // eps of the lever: beyond the touching band once the edges are nearly
  // parallel (len small).
  const real error = narrow_real ? 16 * tol::eps * q.lever : real(0);
  if (!narrow_real || error * error <= q.touch * q.touch * len2) {
    if (!beats(scaled, len2, best.separation + bias)) return;
    best.separation = scaled / std::sqrt(len2);
    best.measured = vec3(0);
  } else {
    if (!beats(scaled + error, len2, best.separation + bias)) return;
    const glm::dmat3& R = exact_rotation(q);  // R[j][i] = dot(A axis i, B axis j)
    glm::dvec3 axis(0.0);
    axis[i1] = -R[j][i2];
    axis[i2] = R[j][i1];
    const double len = glm::length(axis);
    if (!(len > 0)) return;
    axis /= len;
    const double t = double(q.t[i1]) * axis[i1] + double(q.t[i2]) * axis[i2];
    double radii = double(q.ea[i1]) * std::abs(axis[i1]) + double(q.ea[i2]) * std::abs(axis[i2]);
    for (int k = 0; k < 3; ++k) radii += double(q.eb[k]) * std::abs(glm::dot(axis, R[k]));
    const real separation = real(std::abs(t) - radii);
    if (!(separation > best.separation + bias)) return;
    best.separation = separation;
    best.measured = vec3(t >= 0 ? axis : -axis);
  }
  best.kind = FeatureKind::edges, best.i = i, best.j = j;
  best.axis.x = d >= 0 ? real(1) : real(-1);  // sign only; the axis is built at the end
}

// The three edge axes of A's axis i; false once an axis separates by more
// than stop_above.
template <int i>
inline bool edge_axes(BoxPair& q, real bias, real stop_above, BoxBest& best, int& tested) {
  edge_axis<i, 0>(q, bias, best, tested);
  if (best.separation > stop_above) return false;
  edge_axis<i, 1>(q, bias, best, tested);
  if (best.separation > stop_above) return false;
  edge_axis<i, 2>(q, bias, best, tested);
  return best.separation <= stop_above;
}

}  // namespace

// The edge of `hull` (a box) along box axis `k` that is furthest along `u`
// (in the hull's local frame): the one on u's sides of the other two axes.
index_t box_edge(const Hull& hull, int k, const vec3& u) {
  const BoxFrame& box = hull.box();
  const int side = (glm::dot(u, box.axes[(k + 1) % 3]) > 0 ? 1 : 0) +
                   (glm::dot(u, box.axes[(k + 2) % 3]) > 0 ? 2 : 0);
  return box.edge[k][side];
}

Result box_box(const PairFrames& p, real stop_above) {
  const BoxFrame& A = p.a.box();
  const BoxFrame& B = p.b.box();
  const bool aligned = A.aligned && B.aligned;  // box frames = hull frames
  const mat3 to_a_box = glm::transpose(A.axes);
  const mat3 R =
      aligned ? p.b_in_a.rotation : to_a_box * p.b_in_a.rotation * B.axes;  // column j: B's axis j
  const vec3 tv = aligned ? p.b_in_a.translation : to_a_box * (p.b_in_a.apply(B.center) - A.center);
  BoxPair q;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) q.M[i][j] = R[j][i], q.absM[i][j] = std::abs(q.M[i][j]);
  for (int k = 0; k < 3; ++k)
    q.t[k] = tv[k], q.ea[k] = A.half[k], q.eb[k] = B.half[k] * p.b_in_a.scale;
  q.lever = narrow_real
                ? glm::length(tv) + glm::length(A.half) + glm::length(B.half) * p.b_in_a.scale
                : real(0);
  q.touch = p.touch;
  q.frames = &p;
  const auto& M = q.M;
  const auto& absM = q.absM;
  const real(&t)[3] = q.t;
  const real(&ea)[3] = q.ea;
  const real(&eb)[3] = q.eb;
  constexpr int next[3] = {1, 2, 0}, prev[3] = {2, 0, 1};

  const real bias = tol::face_preference * p.size;
  Counters counters;
  BoxBest best;
  // Offers a face axis by its signed centre distance d and radii; earlier
  // kinds win ties within `margin`.
  auto offer = [&](FeatureKind kind, int i, int j, real d, real ra, real rb, real margin) {
    ++counters.axes_tested;
    const real separation = std::abs(d) - ra - rb;
    if (separation > best.separation + margin) {
      best.separation = separation;
      best.kind = kind, best.i = i, best.j = j;
      best.axis.x = d >= 0 ? real(1) : real(-1);  // sign only; the axis is built at the end
    }
    return best.separation > stop_above;
  };
  for (int i = 0; i < 3; ++i) {
    const real rb = eb[0] * absM[i][0] + eb[1] * absM[i][1] + eb[2] * absM[i][2];
    if (offer(FeatureKind::face_a, i, -1, t[i], ea[i], rb, 0)) break;
  }
  for (int j = 0; j < 3 && best.separation <= stop_above; ++j) {
    const real ra = ea[0] * absM[0][j] + ea[1] * absM[1][j] + ea[2] * absM[2][j];
    const real d = t[0] * M[0][j] + t[1] * M[1][j] + t[2] * M[2][j];
    if (offer(FeatureKind::face_b, -1, j, d, ra, eb[j], bias)) break;
  }
  if (best.separation <= stop_above &&
      edge_axes<0>(q, bias, stop_above, best, counters.axes_tested))
    if (edge_axes<1>(q, bias, stop_above, best, counters.axes_tested))
      (void)edge_axes<2>(q, bias, stop_above, best, counters.axes_tested);

  // The winning axis in the box frame, oriented from A to B.
  const real sign = best.axis.x;
  vec3 L(0);
  if (best.kind == FeatureKind::face_a) {
    L[best.i] = sign;
  } else if (best.kind == FeatureKind::face_b) {
    L = R[best.j] * sign;
  } else if (best.measured != vec3(0)) {
    L = best.measured;
  } else {
    const int i = best.i, j = best.j, i1 = next[i], i2 = prev[i];
    L[i1] = -M[i2][j];
    L[i2] = M[i1][j];
    L = glm::normalize(L) * sign;
  }
  best.axis = L;
  const vec3 axis_in_a = A.aligned ? best.axis : A.axes * best.axis;
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
      feature.a = box_edge(p.a, best.i, axis_in_a);
      feature.b = box_edge(p.b, best.j, -axis_in_b);
      break;
    default:
      break;
  }
  return make_result(p, best.separation, axis_in_a, feature, counters);
}

}  // namespace sepax::sat::detail
