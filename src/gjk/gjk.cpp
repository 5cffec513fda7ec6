// GJK: the signed-volumes sub-algorithm, result assembly, and the explicit
// instantiations for hulls and boxes. The loop itself is a template in
// detail/gjk_solver.hpp.
#include "sepax/gjk.hpp"

#include "core/names.hpp"
#include "core/unit_vector.hpp"

#include <algorithm>
#include <cmath>

namespace sepax::gjk {

const char* to_string(Status status) {
  static constexpr const char* names[] = {"converged", "max_iterations", "degenerate"};
  return sepax::detail::name_of(status, names);
}

namespace detail {
namespace {

// The sub-algorithm runs in double in either precision (`sreal`): its
// signed areas and volumes are differences of products of the simplex's
// points, rounded relative to the points' magnitude, so on a sliver (a tiny
// feature, nearly parallel edges) float's weights lose their leading digits
// and can misplace the origin by far more than the touching band. The
// points (float in a float build) and their differences are exact in double.
using sreal = double;
using svec3 = glm::dvec3;

// A candidate answer of the sub-algorithm: which simplex points it keeps,
// their weights, and the closest point.
struct Candidate {
  int count = 0;
  int index[4] = {0, 0, 0, 0};
  sreal lambda[4] = {0, 0, 0, 0};
  svec3 v{sreal(0)};
  sreal vv = 0;
};

bool same_sign(sreal a, sreal b) {
  return (a > 0 && b > 0) || (a < 0 && b < 0);
}

Candidate vertex_candidate(const svec3* w, int i) {
  Candidate r;
  r.count = 1, r.index[0] = i, r.lambda[0] = 1, r.v = w[i], r.vv = glm::dot(w[i], w[i]);
  return r;
}

// Closest point of segment w[i0] w[i1]. The origin projects to parameter
// t = -dot(w0, e) / dot(e, e) along e = w1 - w0; strictly inside (0, 1) keeps
// both points, else the nearer end point is the answer.
Candidate segment_candidate(const svec3* w, int i0, int i1) {
  const svec3 e = w[i1] - w[i0];
  const sreal ee = glm::dot(e, e);
  const sreal num = -glm::dot(w[i0], e);
  if (ee > 0 && num > 0 && num < ee) {
    Candidate r;
    const sreal t = num / ee;
    r.count = 2, r.index[0] = i0, r.index[1] = i1;
    r.lambda[0] = 1 - t, r.lambda[1] = t;
    r.v = w[i0] + e * t, r.vv = glm::dot(r.v, r.v);
    return r;
  }
  const Candidate a = vertex_candidate(w, i0), b = vertex_candidate(w, i1);
  return b.vv < a.vv ? b : a;
}

// Signed area of the triangle (p, q, r) projected on the plane of axes j, k.
sreal area2(const svec3& p, const svec3& q, const svec3& r, int j, int k) {
  return (q[j] - p[j]) * (r[k] - p[k]) - (q[k] - p[k]) * (r[j] - p[j]);
}

// One step of iterative refinement for a triangle's weights. On a sliver
// (two edges nearly parallel) the signed areas are tiny and their round-off
// is relative to the edges' lengths, so the weights are wrong by up to
// eps * length / width: sum(lambda * w) then misses the projected point p
// along the sliver's long edge (by 3e-6 on a triangle 2 long and 1e-12 wide),
// and the witness points built from the weights are not a closest pair.
// Along the longest edge the weights are well conditioned: moving weight
// delta from its end i to its end j moves the point by delta * (w_j - w_i),
// so the residual's component along that edge is removed exactly. The moved
// weight is clamped to keep both weights in [0, their sum].
void refine_along_longest_edge(const svec3* w, Candidate& r) {
  svec3 q(sreal(0));
  for (int m = 0; m < 3; ++m) q += r.lambda[m] * w[r.index[m]];
  int i = 0, j = 1;
  sreal longest = -1;
  for (int m = 0; m < 3; ++m) {
    const int n = (m + 1) % 3;
    const svec3 e = w[r.index[n]] - w[r.index[m]];
    if (glm::dot(e, e) > longest) longest = glm::dot(e, e), i = m, j = n;
  }
  if (!(longest > 0)) return;
  const svec3 edge = w[r.index[j]] - w[r.index[i]];
  const sreal residual = glm::dot(q - r.v, edge);
  const sreal delta = std::clamp(-residual / longest, -r.lambda[j], r.lambda[i]);
  r.lambda[i] -= delta, r.lambda[j] += delta;
}

// Montanari's S2D. Projects the origin on the triangle's plane, then
// computes the barycentric weights as signed areas in the coordinate plane
// where the triangle's projection is largest (no division by a small
// determinant, no catastrophic Johnson sub-determinants). If all weights
// share the sign of the whole area, the projection is inside; otherwise the
// answer lies on one of the edges opposite a weight of the wrong sign.
Candidate triangle_candidate(const svec3* w, int i0, int i1, int i2) {
  const int id[3] = {i0, i1, i2};
  const svec3 n = glm::cross(w[i1] - w[i0], w[i2] - w[i0]);
  const sreal nn = glm::dot(n, n);
  sreal c[3] = {0, 0, 0};
  sreal nu = 0;
  if (nn > 0) {
    const svec3 p = n * (glm::dot(w[i0], n) / nn);
    const svec3 an = glm::abs(n);
    const int axis = an.x >= an.y && an.x >= an.z ? 0 : (an.y >= an.z ? 1 : 2);
    const int j = (axis + 1) % 3, k = (axis + 2) % 3;
    nu = n[axis];
    c[0] = area2(p, w[i1], w[i2], j, k);
    c[1] = area2(w[i0], p, w[i2], j, k);
    c[2] = area2(w[i0], w[i1], p, j, k);
    if (same_sign(nu, c[0]) && same_sign(nu, c[1]) && same_sign(nu, c[2])) {
      // Weights over their own sum, not over nu: on a sliver the separately
      // rounded areas need not add up to nu, and weights that do not sum to
      // 1 move the witness points off the shapes.
      const sreal sum = c[0] + c[1] + c[2];
      Candidate r;
      r.count = 3;
      for (int m = 0; m < 3; ++m) r.index[m] = id[m], r.lambda[m] = c[m] / sum;
      r.v = p, r.vv = glm::dot(p, p);
      refine_along_longest_edge(w, r);
      return r;
    }
  }
  Candidate best;
  best.vv = std::numeric_limits<sreal>::infinity();
  for (int m = 0; m < 3; ++m) {
    if (nn > 0 && same_sign(nu, c[m])) continue;
    const Candidate e = segment_candidate(w, id[(m + 1) % 3], id[(m + 2) % 3]);
    if (e.vv < best.vv) best = e;
  }
  return best;
}

// Volume of the tetrahedron (p, q, r, s) times 6, signed.
sreal volume6(const svec3& p, const svec3& q, const svec3& r, const svec3& s) {
  return glm::dot(q - p, glm::cross(r - p, s - p));
}

// Montanari's S3D: the weights of the origin are the signed volumes of the
// tetrahedra with the origin in place of each vertex, over the whole volume.
// All of one sign: the origin is inside. Otherwise only the faces opposite a
// weight of the wrong sign can hold the closest point; the nearest wins. A
// flat tetrahedron (volume 0) tests all four faces.
Candidate tetrahedron_candidate(const svec3* w) {
  const svec3 o(sreal(0));
  const sreal c[4] = {volume6(o, w[1], w[2], w[3]), volume6(w[0], o, w[2], w[3]),
                      volume6(w[0], w[1], o, w[3]), volume6(w[0], w[1], w[2], o)};
  const sreal total = c[0] + c[1] + c[2] + c[3];
  if (same_sign(total, c[0]) && same_sign(total, c[1]) && same_sign(total, c[2]) &&
      same_sign(total, c[3])) {
    Candidate r;
    r.count = 4;
    for (int m = 0; m < 4; ++m) r.index[m] = m, r.lambda[m] = c[m] / total;
    return r;  // v = 0: the origin is enclosed
  }
  static constexpr int face[4][3] = {{1, 2, 3}, {0, 2, 3}, {0, 1, 3}, {0, 1, 2}};
  Candidate best;
  best.vv = std::numeric_limits<sreal>::infinity();
  for (int m = 0; m < 4; ++m) {
    if (same_sign(total, c[m])) continue;
    const Candidate f = triangle_candidate(w, face[m][0], face[m][1], face[m][2]);
    if (f.vv < best.vv) best = f;
  }
  return best;
}

}  // namespace

vec3 closest_point(Simplex& s) {
  svec3 w[4];
  for (int m = 0; m < s.count; ++m) w[m] = svec3(s.v[m].w);
  Candidate r;
  switch (s.count) {
    case 1:
      r = vertex_candidate(w, 0);
      break;
    case 2:
      r = segment_candidate(w, 0, 1);
      break;
    case 3:
      r = triangle_candidate(w, 0, 1, 2);
      break;
    default:
      r = tetrahedron_candidate(w);
      break;
  }
  // The kept points stay in their original order (r.index is increasing).
  Simplex out;
  out.count = r.count;
  for (int m = 0; m < r.count; ++m) out.v[m] = s.v[r.index[m]], out.lambda[m] = real(r.lambda[m]);
  s = out;
  return vec3(r.v);
}

bool repeats(const Simplex& s, const SimplexVertex& p) {
  for (int m = 0; m < s.count; ++m) {
    const SimplexVertex& q = s.v[m];
    if (p.ia >= 0 && p.ib >= 0) {
      if (q.ia == p.ia && q.ib == p.ib) return true;
    } else if (q.w == p.w) {
      return true;
    }
  }
  return false;
}

vec3 canonicalize(Simplex& s) {
  std::sort(s.v, s.v + s.count, [](const SimplexVertex& x, const SimplexVertex& y) {
    return x.ia != y.ia ? x.ia < y.ia : x.ib < y.ib;
  });
  return closest_point(s);
}

void store(const Simplex& s, const vec3& v, Cache* cache) {
  if (cache == nullptr) return;
  cache->count = 0;
  for (int m = 0; m < s.count; ++m) {
    if (s.v[m].ia < 0 || s.v[m].ib < 0) {
      cache->count = 0;
      break;
    }
    cache->index_a[m] = s.v[m].ia, cache->index_b[m] = s.v[m].ib, cache->count = m + 1;
  }
  if (glm::dot(v, v) > 0) cache->direction = v;
}

// Witness points are the simplex weights applied to A's and B's points. The
// rounding radius moves each witness along the axis onto the rounded surface.
Result finish(const SolveResult& r, const Simplex& s, real radius_a, real radius_b,
              const Pose* to_world) {
  Result out;
  const real unit = to_world ? to_world->scale : real(1);  // working length -> world
  radius_a /= unit, radius_b /= unit;
  vec3 pa(real(0)), pb(real(0));
  for (int m = 0; m < s.count; ++m) pa += s.lambda[m] * s.v[m].a, pb += s.lambda[m] * s.v[m].b;
  const real len = glm::length(r.v);
  const vec3 z(real(0), real(0), real(1));
  const vec3 axis = sepax::detail::unit_or(r.v, sepax::detail::unit_or(r.last_direction, z));
  const real radius = radius_a + radius_b;
  const real touch = tol::gjk_touch * (r.scale + radius);
  out.intersecting = r.intersecting || len - radius <= touch;
  out.distance = std::max(len - radius, real(0));
  out.point_a = pa + axis * radius_a, out.point_b = pb - axis * radius_b;
  out.axis = axis;
  out.iterations = r.iterations;
  out.status = r.status;
  if (to_world != nullptr) {
    out.point_a = to_world->apply(out.point_a);
    out.point_b = to_world->apply(out.point_b);
    out.axis = to_world->rotate(out.axis);
    out.distance *= unit;
  }
  return out;
}

template SolveResult solve(const convex::HullShape&, const convex::Posed<convex::HullShape>&,
                           const vec3&, bool, Cache*, Simplex&);
template SolveResult solve(const convex::Box&, const convex::Posed<convex::Box>&, const vec3&, bool,
                           Cache*, Simplex&);
template SolveResult solve(const convex::HullShape&, const convex::Posed<convex::Box>&, const vec3&,
                           bool, Cache*, Simplex&);
template SolveResult solve(const convex::Box&, const convex::Posed<convex::HullShape>&, const vec3&,
                           bool, Cache*, Simplex&);

}  // namespace detail

Result distance(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b,
                Cache* cache) {
  if (a.empty() || b.empty() || !scale_ok(pose_a) ||
      !scale_ok(pose_b)) {  // programmer error: no hull to read supports from
    Result r;
    r.status = Status::degenerate;
    return r;
  }
  return distance(convex::posed(a, pose_a), convex::posed(b, pose_b), cache);
}

bool intersect(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b, Cache* cache) {
  if (a.empty() || b.empty() || !scale_ok(pose_a) || !scale_ok(pose_b))
    return false;  // programmer error: no hull
  return intersect(convex::posed(a, pose_a), convex::posed(b, pose_b), cache);
}

}  // namespace sepax::gjk
