// libFuzzer target: two point clouds and two poses from arbitrary bytes
// (fuzz_input.hpp), hulls built from them, then every pair query in both
// orders: sat::query, sat::intersect, sat::query_general, gjk::distance,
// gjk::intersect, epa::query and crosscheck.
//
// Input layout: pose A, pose B, point count of A, cloud A, cloud B (the rest).
//
// Invariants (DESIGN.md "Conventions", and the headers' contracts):
// - no crash, no sanitizer report, no NaN or infinity in any result;
// - every axis is a unit vector; witness points lie on their hulls and
//   differ by separation * axis;
// - A against B mirrors B against A: the same verdict, the same separation,
//   and a mirrored axis (or, where the axis is not unique, one that is
//   equally good for the other order);
// - boolean queries give the full queries' verdicts, the box path the
//   general path's answer;
// - SAT and GJK/EPA agree (crosscheck) outside the documented band.
// Verdicts may differ only near touching: within the cross-check band
// (tol::agreement of the pair's size plus tol::agreement_roundoff of its
// magnitude; see band() below).
#include "fuzz_input.hpp"
#include "sepax/crosscheck.hpp"
#include "sepax/epa.hpp"
#include "sepax/gjk.hpp"
#include "sepax/sat.hpp"
#include "sepax/support.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace sepax;

namespace {

/// Points per hull: small hulls keep the run fast; the edge-pair grid of
/// large hulls is the hull target's and the stress suite's concern.
constexpr std::size_t max_points = 48;

/// How far from 1 the length of a unit vector may be (round-off of one
/// normalization and the rotation into the world frame).
constexpr real unit_tolerance = 64 * tol::eps;

/// One pair at its poses, and the scales that tolerances are relative to.
struct Pair {
  const Hull& a;
  Pose pa;
  const Hull& b;
  Pose pb;
  /// Larger hull extent (tol::agreement and tol::face_preference are
  /// relative to it).
  real size;
  /// Both hulls' magnitudes plus both translations: the size of the world
  /// coordinates, which round-off is proportional to.
  real magnitude;
  /// How well the hulls' data fixes their edge directions and face normals
  /// (radians; see direction_precision()).
  real precision;
};

/// Angular precision of a hull's stored data: an edge l long between
/// vertices with coordinates up to M has its direction only to eps M / l,
/// and so have the normals of the faces around it. A hull 69 across, 4e5
/// from its origin, with two vertices 1e-6 apart knows the arcs there to
/// 1e-4 rad: whether an edge pair 4.7e-8 rad from a face normal forms a face
/// of the Minkowski difference is then a matter of round-off, and the two
/// orders of a pair 565650 apart answered 0.019 apart (fuzz_pair).
real direction_precision(const Hull& h) {
  real shortest = std::numeric_limits<real>::infinity();
  for (std::size_t i = 0; i < h.edge_count(); ++i)
    shortest = std::min(shortest, glm::length(h.edge_end(i) - h.edge_start(i)));
  return tol::eps * h.magnitude() / shortest;
}

bool is_unit(const vec3& v) {
  return std::abs(glm::length(v) - real(1)) <= unit_tolerance;
}

/// Round-off of support and plane computations in the world frame: SAT's
/// touching tolerance (tol::touching) of the pair's magnitude.
real roundoff(const Pair& p) {
  return tol::touching * p.magnitude;
}

/// The band around touching where two answers may give different verdicts
/// and tiny values of either sign: the cross-check's agreement band
/// (tolerances.hpp), of this pair's size and magnitude.
real band(const Pair& p) {
  return tol::agreement * p.size + tol::agreement_roundoff * p.magnitude;
}

/// Gap of the pair along the world direction u (from A to B): the smallest
/// coordinate of B along u minus the largest of A (analysis/crosscheck.cpp's).
real gap_along(const Pair& p, const vec3& u) {
  const vec3 top_a = p.pa.apply(support_point(p.a, p.pa.rotate_inverse(u)));
  const vec3 bottom_b = p.pb.apply(support_point(p.b, p.pb.rotate_inverse(-u)));
  return glm::dot(u, bottom_b - top_a);
}

/// How well a SAT result's axis is fixed (radians): the hulls' data
/// (direction_precision()) and, for an edge pair, its cross product: two
/// edges sin(angle) from parallel give an axis known to eps / sin(angle)
/// only (edges 7e-9 rad from parallel made an axis whose side of an arc was
/// round-off; the orders of a pair 8524 apart answered 1e-4 apart).
real axis_precision(const Pair& p, const sat::Result& r) {
  real angle = p.precision;
  if (r.feature.kind == sat::FeatureKind::edges) {
    const vec3 ea = p.pa.rotate(p.a.edge_arcs()[std::size_t(r.feature.a)].direction);
    const vec3 eb = p.pb.rotate(p.b.edge_arcs()[std::size_t(r.feature.b)].direction);
    angle += 4 * tol::eps / glm::length(glm::cross(ea, eb));
  }
  return angle;
}

void check_sat(const char* order, const sat::Result& r) {
  SEPAX_FUZZ_CHECK(std::isfinite(r.separation) && fuzz::finite(r.axis), "%s: SAT not finite",
                   order);
  SEPAX_FUZZ_CHECK(is_unit(r.axis), "%s: SAT axis length %.17g", order,
                   double(glm::length(r.axis)));
}

// SAT: finite, unit, mirrored, and the same verdict from intersect() and
// from the general path.
void sat_invariants(const Pair& ab, const Pair& ba) {
  const sat::Result r = sat::query(ab.a, ab.pa, ab.b, ab.pb);
  const sat::Result m = sat::query(ba.a, ba.pa, ba.b, ba.pb);
  check_sat("A-B", r);
  check_sat("B-A", m);
  // SAT prefers A's faces over B's (and faces over edges) within
  // tol::face_preference of the size, so the two orders may pick different
  // axes whose separations differ by that much. Relaxed to the cross-check
  // band: the orders work in different frames, and far from the origin
  // (1e9 apart) their round-off alone came to more than 2 * roundoff(ab);
  // near touching the two values may be tiny of either sign (as SAT against
  // GJK may).
  const real b = band(ab);
  // Where an axis is fixed only loosely (axis_precision()), the orders may
  // also pick axes that far apart, and a separation moves by the angle times
  // its lever: the separation itself plus the size.
  const real angle = std::max(axis_precision(ab, r), axis_precision(ba, m));
  const real conditioning = 4 * angle * (std::abs(r.separation) + ab.size);
  const real same = tol::face_preference * ab.size + b + conditioning;
  SEPAX_FUZZ_CHECK(std::abs(r.separation - m.separation) <= same,
                   "mirrored SAT separations %.17g and %.17g (tolerance %g)", double(r.separation),
                   double(m.separation), double(same));
  if (std::abs(r.separation) > b)
    SEPAX_FUZZ_CHECK(r.intersecting == m.intersecting, "mirrored SAT verdicts differ at %.17g",
                     double(r.separation));
  // The mirrored axis, or one that is as good for A-B.
  const bool mirrored = glm::length(r.axis + m.axis) <= std::sqrt(unit_tolerance);
  const real gap = gap_along(ab, -m.axis);
  SEPAX_FUZZ_CHECK(mirrored || std::abs(gap - r.separation) <= same,
                   "mirrored SAT axis gives %.17g, A-B %.17g", double(gap), double(r.separation));
  // SAT's separation is the gap along its own axis. Within the band: an
  // edge pair's separation is the distance between the edges' lines, which
  // matches the supports' gap only to the round-off of the line computations
  // (2e-10 of 67 was seen).
  const real own = gap_along(ab, r.axis);
  SEPAX_FUZZ_CHECK(std::abs(own - r.separation) <= b,
                   "SAT separation %.17g, gap along its axis %.17g", double(r.separation),
                   double(own));

  if (std::abs(r.separation) > b) {
    const bool quick = sat::intersect(ab.a, ab.pa, ab.b, ab.pb);
    SEPAX_FUZZ_CHECK(quick == r.intersecting, "sat::intersect %d, sat::query %.17g", int(quick),
                     double(r.separation));
  }
  const sat::Result g = sat::query_general(ab.a, ab.pa, ab.b, ab.pb);
  check_sat("general", g);
  SEPAX_FUZZ_CHECK(std::abs(g.separation - r.separation) <= same, "general path %.17g, query %.17g",
                   double(g.separation), double(r.separation));
}

// GJK distance: finite, unit, witnesses on the hulls at the right distance,
// mirrored, and the verdict of gjk::intersect.
void gjk_invariants(const Pair& ab, const Pair& ba) {
  const gjk::Result r = gjk::distance(ab.a, ab.pa, ab.b, ab.pb);
  const gjk::Result m = gjk::distance(ba.a, ba.pa, ba.b, ba.pb);
  for (const gjk::Result* x : {&r, &m}) {
    SEPAX_FUZZ_CHECK(std::isfinite(x->distance) && x->distance >= 0 && fuzz::finite(x->axis) &&
                         fuzz::finite(x->point_a) && fuzz::finite(x->point_b),
                     "GJK not finite or negative: %.17g", double(x->distance));
    SEPAX_FUZZ_CHECK(is_unit(x->axis), "GJK axis length %.17g", double(glm::length(x->axis)));
  }
  const real b = band(ab);
  if (r.distance > b)
    SEPAX_FUZZ_CHECK(!m.intersecting && !r.intersecting, "GJK apart by %.17g yet intersecting",
                     double(r.distance));
  const bool quick = gjk::intersect(ab.a, ab.pa, ab.b, ab.pb);
  if (r.distance > b) SEPAX_FUZZ_CHECK(!quick, "gjk::intersect true at %.17g", double(r.distance));
  if (r.intersecting || m.intersecting) return;

  // GJK stops on a duality gap of tol::gjk_roundoff of the support points'
  // magnitude, but its simplex solve on points far larger than the distance
  // (a hull 4e33 across, one 1e8 across against a box) loses more: 3e-10 of
  // the magnitude was seen. The documented agreement is the cross-check
  // band, so that is the bound here.
  const real value = tol::gjk_gap * r.distance + b;
  const bool exact = r.status == gjk::Status::converged && m.status == gjk::Status::converged;
  if (exact)
    SEPAX_FUZZ_CHECK(std::abs(r.distance - m.distance) <= value,
                     "mirrored GJK distances %.17g and %.17g", double(r.distance),
                     double(m.distance));
  const real off = glm::length(r.point_b - r.point_a - r.distance * r.axis);
  SEPAX_FUZZ_CHECK(off <= value, "GJK witnesses %g from distance * axis", double(off));
  SEPAX_FUZZ_CHECK(fuzz::outside(ab.a, ab.pa, r.point_a) <= value &&
                       fuzz::outside(ab.b, ab.pb, r.point_b) <= value,
                   "GJK witness off its hull: %g, %g",
                   double(fuzz::outside(ab.a, ab.pa, r.point_a)),
                   double(fuzz::outside(ab.b, ab.pb, r.point_b)));
}

// EPA (GJK + EPA): finite, unit, the GJK answer when apart, mirrored depth.
void epa_invariants(const Pair& ab, const Pair& ba) {
  const epa::Result r = epa::query(ab.a, ab.pa, ab.b, ab.pb);
  const epa::Result m = epa::query(ba.a, ba.pa, ba.b, ba.pb);
  for (const epa::Result* x : {&r, &m}) {
    SEPAX_FUZZ_CHECK(std::isfinite(x->separation) && fuzz::finite(x->axis) &&
                         fuzz::finite(x->point_a) && fuzz::finite(x->point_b),
                     "EPA not finite: %.17g", double(x->separation));
    SEPAX_FUZZ_CHECK(is_unit(x->axis), "EPA axis length %.17g", double(glm::length(x->axis)));
  }
  const real b = band(ab);
  if (std::abs(r.separation) > b)
    SEPAX_FUZZ_CHECK(r.intersecting == m.intersecting, "mirrored EPA verdicts differ at %.17g",
                     double(r.separation));
  const bool exact =
      r.epa_status == epa::Status::converged && m.epa_status == epa::Status::converged;
  if (r.intersecting && m.intersecting && exact) {
    // EPA's accuracy is what the cross-check tolerance is set by.
    SEPAX_FUZZ_CHECK(std::abs(r.separation - m.separation) <= b,
                     "mirrored EPA depths %.17g and %.17g", double(r.separation),
                     double(m.separation));
  }
}

void crosscheck_invariants(const Pair& ab, const Pair& ba) {
  for (const Pair* p : {&ab, &ba}) {
    const CrossCheck c = crosscheck(p->a, p->pa, p->b, p->pb);
    SEPAX_FUZZ_CHECK(c.agree,
                     "%s: %s: SAT %.17g (%s), GJK/EPA %.17g (epa %s), angle %g, gap along GJK "
                     "axis %.17g, band %g",
                     p == &ab ? "A-B" : "B-A", c.reason, double(c.sat.separation),
                     sat::to_string(c.sat.feature.kind), double(c.epa.separation),
                     epa::to_string(c.epa.epa_status), double(c.axis_angle),
                     double(c.sat_gap_along_epa_axis), double(c.band));
  }
}

// pose_from_quat normalizes any finite quaternion (a zero one gives the
// identity): the rotation must be orthonormal.
void check_rotation(const Pose& p) {
  const mat3 e = glm::transpose(p.rotation) * p.rotation - mat3(real(1));
  real worst = 0;
  for (int c = 0; c < 3; ++c)
    for (int r = 0; r < 3; ++r) worst = std::max(worst, std::abs(e[c][r]));
  SEPAX_FUZZ_CHECK(worst <= unit_tolerance, "rotation off orthonormal by %g", double(worst));
}

real translation_length(const Pose& p) {
  return glm::length(p.translation);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Input in(data, size);
  const fuzz::PairInput pair = fuzz::read_pair(in, max_points);
  if (!pair.usable()) return 0;
  const HullResult &a = pair.a, &b = pair.b;
  const Pose &pa = pair.pa, &pb = pair.pb;
  check_rotation(pa);
  check_rotation(pb);

  const real extent = std::max(a.hull.extent(), b.hull.extent());
  const real magnitude =
      a.hull.magnitude() + b.hull.magnitude() + translation_length(pa) + translation_length(pb);
  if (fuzz::beyond_query_range(magnitude)) return 0;
  const real precision = std::max(direction_precision(a.hull), direction_precision(b.hull));
  const Pair ab{a.hull, pa, b.hull, pb, extent, magnitude, precision};
  const Pair ba{b.hull, pb, a.hull, pa, extent, magnitude, precision};
  sat_invariants(ab, ba);
  gjk_invariants(ab, ba);
  epa_invariants(ab, ba);
  crosscheck_invariants(ab, ba);
  return 0;
}
