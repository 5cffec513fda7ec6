// The resting state of sat::Cache: an overlapping pair in face contact that
// rests or moves slowly is answered exactly from the axes near its last
// contact normal, the rest bounded by what they were.
//
// Why it is exact. Let sep_T(u) be the pair's gap along a unit direction u
// (A's frame, A to B) with B at relative pose T: the smallest coordinate of
// B along u minus the largest of A. SAT's answer is the best candidate axis
// (face normals, crossing edge pairs: the face normals of the Minkowski
// difference K = A - B), and for an overlapping pair that is the largest
// sep_T(u) over all directions u (-sep_T(u) is K's support function, whose
// smallest value over the sphere, the penetration depth, sits at one of K's
// face normals).
//
// 1. Moving B from T0 to T1 moves each of its points by at most
//    |c1 - c0| + |R1 - R0| k r (c: where T puts B's centroid, r: B's
//    farthest vertex from its centroid, k: B's scale, |R1 - R0| the
//    spectral norm), so
//    sep_T1(u) <= sep_T0(u) + that, for every fixed u.
// 2. Outside a cap C about the normal n0 of T0, sep_T0 is at most its value
//    at one of K's face normals outside C or on the cap's rim: within the
//    normal cone of a vertex v of K, sep_T0(u) = -dot(u, v) is largest at
//    the cone's edge rays or on the rim (no maximum inside: the origin is
//    inside K, so dot(u, v) > 0 there, and along the arc between two face
//    normals the depth of the plane through an edge is largest at an end).
//    The face normals outside C are found by the full query with the cap's
//    axes left out (Cap). On the rim, u = cos(a) n0 + sin(a) w (w unit, at
//    right angles to n0), and K's support there is at least that of any
//    points of A less any points of B (a face's corners, an edge's ends, a
//    vertex): cos(a) p + sin(a) rho, with p the depth of those points along
//    n0 (A's lowest less B's highest) and rho the smallest support of their
//    projected Minkowski difference over the in-plane directions w, which
//    is taken at an edge normal of one of the two point sets' polygons (the
//    difference of two convex polygons has no other edges) when it is
//    positive, and is not positive when one of those is not.
// 3. At T1 every candidate axis inside C lies on an arc (of A's edges, or
//    of B's turned by at most the turn limit) that came within the cap of n0,
//    or is a face normal that did: the lists hold them all, and they are
//    measured exactly. When the best of them beats the bound of 1 and 2 by
//    three times the face preference, no axis outside can win, nor change
//    which kind of axis the preference picks: the answer is the full
//    query's.
#include "sat/internal.hpp"

#include "sepax/support.hpp"

#include <algorithm>
#include <cmath>

namespace sepax::sat::detail {

namespace {

/// The short lists' lengths, tried before Resting's longest ones.
constexpr int short_faces = 8;
constexpr int short_edges = 24;
static_assert(short_faces <= tol::resting::max_faces && short_edges <= tol::resting::max_edges);

/// The most a unit vector moves between rotations r0 and r1: the spectral
/// norm of r1 - r0, which is 2 sin(angle / 2) for the angle of r0^T r1.
/// The difference of two rotations has that singular value twice and 0
/// once, so the norm is the Frobenius norm over sqrt(2), taken from the
/// differences themselves (exact for small turns, where 3 - trace cancels);
/// the allowance covers rotations orthonormal to round-off only.
real turn_between(const mat3& r0, const mat3& r1) {
  const mat3 d = r1 - r0;
  const real frobenius =
      std::sqrt(glm::dot(d[0], d[0]) + glm::dot(d[1], d[1]) + glm::dot(d[2], d[2]));
  return frobenius * real(0.70710678118654752) + 8 * tol::eps;
}

/// The face of `hull` whose normal is most along d (hull's frame).
index_t face_along(const Hull& hull, const vec3& d) {
  index_t best = 0;
  real top = -infinity;
  for (index_t f = 0; f < index_t(hull.face_count()); ++f) {
    const real along = glm::dot(hull.planes()[f].normal, d);
    if (along > top) top = along, best = f;
  }
  return best;
}

/// Points of one hull near the contact, in A's frame, for the rim bound: a
/// face's corners, an edge's two ends, or one vertex.
struct ContactPoints {
  static constexpr int room = 64;
  vec3 p[room];
  int count = 0;  ///< -1: the face has more corners than room
};

/// The corners of face f of `hull`, moved by `pose` (into A's frame).
ContactPoints face_corners(const Hull& hull, index_t f, const Pose& pose) {
  ContactPoints out;
  const auto he = hull.half_edges();
  const Face& face = hull.faces()[f];
  if (face.count > ContactPoints::room) return ContactPoints{{}, -1};
  index_t e = face.edge;
  for (index_t k = 0; k < face.count; ++k, e = he[e].next)
    out.p[out.count++] = pose.apply(hull.vertices()[he[e].origin]);
  return out;
}

/// The ends of edge i of `hull` (an edge pair's contact), or its support
/// vertex along d (a vertex in a face), moved by `pose`; d in hull's frame.
ContactPoints contact_points(const Hull& hull, index_t edge, const vec3& d, const Pose& pose) {
  ContactPoints out;
  if (edge >= 0) {
    out.p[out.count++] = pose.apply(hull.edge_start(edge));
    out.p[out.count++] = pose.apply(hull.edge_end(edge));
  } else {
    out.p[out.count++] = pose.apply(hull.vertices()[support_index(hull, d, -1)]);
  }
  return out;
}

/// Smallest support, over unit directions w at right angles to n, of A's
/// points less B's: max dot(w, a) - min dot(w, y). Taken at an edge normal
/// of either polygon, both signs (2 above); infinity when neither has an
/// edge (two single points), which bounds nothing.
real rim_support(const vec3& n, const vec3* a, int na, const vec3* y, int ny) {
  real least = infinity;
  const auto offer = [&](const vec3& w) {
    real top = -infinity, bottom = infinity;
    for (int k = 0; k < na; ++k) top = std::max(top, glm::dot(w, a[k]));
    for (int l = 0; l < ny; ++l) bottom = std::min(bottom, glm::dot(w, y[l]));
    least = std::min(least, top - bottom);
  };
  for (const auto& [points, count] : {std::pair{a, na}, std::pair{y, ny}})
    for (int k = 0; k < count; ++k) {
      const vec3 w = glm::cross(n, points[(k + 1) % count] - points[k]);
      const real len = glm::length(w);
      if (!(len > 0)) continue;
      offer(w / len);
      offer(-w / len);
    }
  return least;
}

/// Whether an arc (its middle m, half angle) comes within `cap` rad of n.
bool arc_near(const vec3& n, const vec3& m, const EdgeArc& arc, real cap) {
  const real c = std::cos(cap), s = std::sin(cap);
  return glm::dot(n, m) >= c * arc.cos_half - s * arc.sin_half;
}

}  // namespace

/// The faces whose axes lie within `cap` of n (B's within cap plus
/// `turn_limit`) and the edges whose arcs come that close; false when a list
/// holds more than its maximum.
bool RestingState::make_lists(const PairFrames& p, const vec3& n, real cap, real turn_limit,
                              int max_faces, int max_edges, Resting& s) {
  const real wider = cap + turn_limit;
  const real cos_cap = std::cos(cap), cos_wider = std::cos(wider);
  const mat3& turn = p.b_in_a.rotation;
  s.face_count_[0] = s.face_count_[1] = s.edge_count_[0] = s.edge_count_[1] = 0;
  for (index_t f = 0; f < index_t(p.a.face_count()); ++f)
    if (glm::dot(p.a.planes()[f].normal, n) > cos_cap) {
      if (s.face_count_[0] == max_faces) return false;
      s.faces_[0][s.face_count_[0]++] = f;
    }
  for (index_t g = 0; g < index_t(p.b.face_count()); ++g)
    if (glm::dot(-(turn * p.b.planes()[g].normal), n) > cos_wider) {
      if (s.face_count_[1] == max_faces) return false;
      s.faces_[1][s.face_count_[1]++] = g;
    }
  for (index_t i = 0; i < index_t(p.a.edge_count()); ++i) {
    const EdgeArc& arc = p.a.edge_arcs()[i];
    if (!arc_near(n, arc.middle, arc, cap)) continue;
    if (s.edge_count_[0] == max_edges) return false;
    s.edges_[0][s.edge_count_[0]++] = i;
  }
  for (index_t j = 0; j < index_t(p.b.edge_count()); ++j) {
    const EdgeArc& arc = p.b.edge_arcs()[j];
    if (!arc_near(n, -(turn * arc.middle), arc, wider)) continue;
    if (s.edge_count_[1] == max_edges) return false;
    s.edges_[1][s.edge_count_[1]++] = j;
  }
  return true;
}

namespace {

/// The best axis outside the cap about n, or `floor` when none beats it:
/// axes that cannot are skipped by the queries' bounds, so a high floor
/// makes this a fraction of a full query.
real best_outside(const PairFrames& p, const vec3& n, real cos_cap, real floor) {
  Counters unused;
  const real k = p.b_in_a.scale;  // B's queries measure in B's lengths
  const Cap in_a{n, cos_cap};
  const Cap in_b{p.b_in_a.rotate_inverse(n), cos_cap};
  const Cap b_faces{-in_b.axis, cos_cap};  // B's face normals against -n
  real best =
      std::max(floor, face_query(p.a, p.b, p.b_in_a, infinity, unused, &in_a, floor).separation);
  best = std::max(
      best, face_query(p.b, p.a, p.a_in_b, infinity, unused, &b_faces, best / k).separation * k);
  const bool b_grid = p.b.arc_grid_size() > 0, a_grid = p.a.arc_grid_size() > 0;
  const bool probe_is_a = b_grid || !a_grid;
  if (p.a.is_box() != p.b.is_box()) {
    if (p.a.is_box())
      best = std::max(
          best, box_edge_query(p.a, p.b, p.b_in_a, true, best, infinity, unused, &in_a).separation);
    else
      best = std::max(
          best,
          box_edge_query(p.b, p.a, p.a_in_b, false, best / k, infinity, unused, &in_b).separation *
              k);
  } else if (probe_is_a) {
    best = std::max(
        best,
        edge_query(p.b, p.a, p.a_in_b, true, b_grid, best / k, infinity, unused, &in_b).separation *
            k);
  } else {
    best = std::max(
        best,
        edge_query(p.a, p.b, p.b_in_a, false, a_grid, best, infinity, unused, &in_a).separation);
  }
  return best;
}

/// The margin by which the cap's best must beat the bound: three times the
/// face preference (3 above), and the round-off of the pair's coordinates.
real certainty(const PairFrames& p) {
  return 3 * tol::face_preference * p.size + 2 * p.touch;
}

}  // namespace

void RestingState::build(const PairFrames& p, const Result& r, Resting& s) {
  s.valid_ = false;
  const FeatureKind kind = r.feature.kind;
  const bool general =
      kind == FeatureKind::face_a || kind == FeatureKind::face_b || kind == FeatureKind::edges;
  // Two boxes take the 15-axis test, already cheap; two flat polygons add
  // the rim axes, which the lists do not hold.
  if (!general || (p.a.is_box() && p.b.is_box()) || (p.a.is_flat() && p.b.is_flat())) return;
  const real separation = r.separation / p.pose_a.scale;  // A's lengths
  // Overlapping beyond the touching band: the origin inside the Minkowski
  // difference, as step 2 above needs (a pair apart has its largest gap at
  // its closest points, which need not lie on a face normal).
  if (!(separation < -p.touch)) return;
  const vec3 n = p.pose_a.rotate_inverse(r.axis);

  // The rim bound (2 above): any points of A and of B give one. Tried with
  // A's face nearest n or A's contact feature (the edge of an edge pair,
  // else the support vertex along n), and likewise B's about -n; the
  // tightest holds. Each pair of point sets gives its depth along n and
  // rho, whatever the cap.
  const vec3 n_in_b = p.b_in_a.rotate_inverse(n);
  const index_t fa = kind == FeatureKind::face_a ? r.feature.a : face_along(p.a, n);
  const index_t fb = kind == FeatureKind::face_b ? r.feature.b : face_along(p.b, -n_in_b);
  const bool edges = kind == FeatureKind::edges;
  const ContactPoints a_sets[2] = {face_corners(p.a, fa, Pose{}),
                                   contact_points(p.a, edges ? r.feature.a : -1, n, Pose{})};
  const ContactPoints b_sets[2] = {
      face_corners(p.b, fb, p.b_in_a),
      contact_points(p.b, edges ? r.feature.b : -1, -n_in_b, p.b_in_a)};
  struct RimTerms {
    real depth, rho;
  };
  RimTerms terms[4];
  int term_count = 0;
  for (const ContactPoints& a : a_sets)
    for (const ContactPoints& y : b_sets) {
      if (a.count <= 0 || y.count <= 0) continue;
      real a_low = infinity, y_high = -infinity;
      for (int k = 0; k < a.count; ++k) a_low = std::min(a_low, glm::dot(n, a.p[k]));
      for (int l = 0; l < y.count; ++l) y_high = std::max(y_high, glm::dot(n, y.p[l]));
      const real rho = rim_support(n, a.p, a.count, y.p, y.count);
      if (rho > 0 && rho < infinity) terms[term_count++] = RimTerms{a_low - y_high, rho};
    }
  const auto rim_at = [&](real cap) {
    real rim = infinity;
    for (int t = 0; t < term_count; ++t)
      rim = std::min(rim, -(std::cos(cap) * terms[t].depth + std::sin(cap) * terms[t].rho));
    return rim;
  };

  // The cap (3 above): the widest whose rim bound certifies the contact and
  // whose lists fit, first in short lists (fewer axes a frame), then in
  // long ones. A narrower cap lists fewer axes, and its rim bound needs a
  // smaller rho (its rim lies closer to n), but the turn it allows shrinks
  // with it.
  real cap = 0, turn_limit = 0, rim = infinity;
  const auto find_cap = [&](int max_faces, int max_edges) {
    for (int step = 0; step < 10; ++step) {
      cap = tol::resting::cap_angle / real(1 << std::min(step, 5));
      turn_limit = tol::resting::max_turn / real(1 << std::max(step - 5, 0));
      rim = rim_at(cap);
      if (separation > rim + certainty(p) &&
          make_lists(p, n, cap, turn_limit, max_faces, max_edges, s))
        return true;
    }
    return false;
  };
  if (term_count == 0 || !(find_cap(short_faces, short_edges) ||
                           find_cap(tol::resting::max_faces, tol::resting::max_edges)))
    return;
  const real cos_cap = std::cos(cap);

  // Every axis outside the cap is bounded by the larger of the rim bound
  // and the best outside; the queries need not look below the motion the
  // state is to allow (a fraction of the size), which skips most axes.
  const real floor = std::max(rim, separation - certainty(p) - tol::resting::motion_room * p.size);
  s.outside_ = best_outside(p, n, cos_cap, floor);
  if (!(separation > s.outside_ + certainty(p))) return;
  real reach = 0;
  for (const vec3& v : p.b.vertices()) reach = std::max(reach, glm::length(v - p.b.centroid()));
  s.reach_ = reach;
  s.rotation_ = p.b_in_a.rotation;
  s.centroid_ = p.b_in_a.apply(p.b.centroid());
  s.scale_ = p.b_in_a.scale;
  s.turn_limit_ = turn_limit;
  s.answers_ = 0;
  s.valid_ = true;
}

/// Waits 1, 2, 4, ... up to max_wait frames before the next build.
void RestingState::back_off(Resting& s) {
  s.backoff_ = s.backoff_ == 0 ? 1 : std::min(2 * s.backoff_, tol::resting::max_wait);
  s.wait_ = s.backoff_;
}

/// Drops the state; one that answered too few frames to pay for its build
/// backs off.
void RestingState::drop(Resting& s) {
  s.valid_ = false;
  if (s.answers_ < tol::resting::min_answers)
    back_off(s);
  else
    s.backoff_ = 0;
}

void RestingState::after_query(const PairFrames& p, const Result& r, Resting& s) {
  if (s.wait_ > 0) {
    --s.wait_;
    s.valid_ = false;
    return;
  }
  build(p, r, s);
  if (!s.valid_) back_off(s);
}

bool RestingState::answer(const PairFrames& p, Resting& s, Result& out) {
  if (!s.valid_) return false;
  const real k = p.b_in_a.scale;
  const real turned = turn_between(s.rotation_, p.b_in_a.rotation);
  // |R1 - R0| <= 2 sin(limit / 2): every direction of B turned by at most
  // the limit (the lists' margin).
  if (k != s.scale_ || !(turned <= 2 * std::sin(s.turn_limit_ / 2))) {
    drop(s);
    return false;
  }
  const real moved =
      glm::length(p.b_in_a.apply(p.b.centroid()) - s.centroid_) + turned * k * s.reach_;
  Counters counters;
  Best fa, fb;
  index_t hint = -1;
  for (int m = 0; m < s.face_count_[0]; ++m) {
    const index_t f = s.faces_[0][m];
    const Plane& plane = p.a.planes()[f];
    hint = support_index(p.b, p.b_in_a.rotate_inverse(-plane.normal), hint);
    const real separation = plane.distance(p.b_in_a.apply(p.b.vertices()[hint]));
    if (separation > fa.separation) fa = Best{separation, f, -1, plane.normal};
  }
  hint = -1;
  for (int m = 0; m < s.face_count_[1]; ++m) {
    const index_t g = s.faces_[1][m];
    const Plane& plane = p.b.planes()[g];
    hint = support_index(p.a, p.a_in_b.rotate_inverse(-plane.normal), hint);
    const real separation = plane.distance(p.a_in_b.apply(p.a.vertices()[hint])) * k;
    if (separation > fb.separation) fb = Best{separation, g, -1, vec3(0)};
  }
  counters.support_calls = s.face_count_[0] + s.face_count_[1];
  counters.axes_tested = counters.support_calls;
  const Best edges = listed_edge_pairs(
      p.a, p.b, p.b_in_a, false,
      std::span<const index_t>(s.edges_[1], std::size_t(s.edge_count_[1])),
      std::span<const index_t>(s.edges_[0], std::size_t(s.edge_count_[0])), counters);

  // The general query's preference: A's face, then B's, then an edge pair.
  const real bias = tol::face_preference * p.size;
  Best best = fa;
  Feature feature{FeatureKind::face_a, fa.a, -1};
  vec3 axis = fa.axis;
  if (fb.separation > fa.separation + bias) {
    best = fb;
    feature = {FeatureKind::face_b, -1, fb.a};
    axis = -p.b_in_a.rotate(p.b.planes()[fb.a].normal);
  }
  if (edges.separation > best.separation + bias) {
    best = edges;
    feature = {FeatureKind::edges, edges.a, edges.b};
    axis = edges.axis;
  }
  if (feature.a < 0 && feature.b < 0) return false;
  if (!(best.separation > s.outside_ + moved + certainty(p))) {
    drop(s);
    return false;
  }
  ++s.answers_;
  counters.cache_hit = true;
  out = make_result(p, best.separation, axis, feature, counters);
  return true;
}

}  // namespace sepax::sat::detail
