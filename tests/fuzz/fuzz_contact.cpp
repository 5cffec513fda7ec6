// libFuzzer target: contact manifolds (contact::collide) of two hulls built
// from arbitrary bytes (fuzz_input.hpp), in both orders, with a margin.
//
// Input layout: margin byte, then fuzz_pair's layout (pose A, pose B, point
// count of A, cloud A, cloud B).
//
// Invariants (contact.hpp's contract):
// - no crash, no sanitizer report, nothing non-finite; 0 to 4 points;
// - the normal is a unit vector; each point's separation is the gap
//   dot(point_b - point_a, normal), lies within the margin, and is never
//   deeper than SAT's depth; point_a lies on A and point_b on B (not
//   outside them), and the ids of one manifold differ;
// - pairs clearly farther apart than the margin (by SAT) give no points,
//   pairs clearly closer than it (by GJK's distance) at least one;
// - a cache (resting state included) keeps the manifold valid, with points
//   whenever the cold one has them, and its separation within twice the face
//   preference's band (contact::Cache::feature holds the last face within
//   it) of the cold one's.
#include "fuzz_input.hpp"
#include "sepax/contact.hpp"
#include "sepax/gjk.hpp"
#include "sepax/sat.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace sepax;

namespace {

constexpr std::size_t max_points = 48;
constexpr real unit_tolerance = 64 * tol::eps;

struct Pair {
  const Hull& a;
  Pose pa;
  const Hull& b;
  Pose pb;
  real margin;
  real band;  ///< the touching band widened by the coordinates' round-off
};

void check_manifold(const char* order, const Pair& p, const contact::Manifold& m) {
  SEPAX_FUZZ_CHECK(m.count >= 0 && m.count <= contact::max_points, "%s: %d points", order, m.count);
  SEPAX_FUZZ_CHECK(fuzz::finite(m.normal) && std::isfinite(m.separation), "%s: not finite", order);
  SEPAX_FUZZ_CHECK(std::abs(glm::length(m.normal) - 1) <= unit_tolerance, "%s: normal length %.17g",
                   order, double(glm::length(m.normal)));
  for (int i = 0; i < m.count; ++i) {
    const contact::Point& q = m.points[i];
    SEPAX_FUZZ_CHECK(
        fuzz::finite(q.point_a) && fuzz::finite(q.point_b) && std::isfinite(q.separation),
        "%s: point %d not finite", order, i);
    const real gap = glm::dot(q.point_b - q.point_a, m.normal);
    SEPAX_FUZZ_CHECK(std::abs(gap - q.separation) <= p.band,
                     "%s: point %d separation %.17g, gap along the normal %.17g", order, i,
                     double(q.separation), double(gap));
    SEPAX_FUZZ_CHECK(q.separation <= p.margin + p.band, "%s: point %d at %.17g beyond margin %g",
                     order, i, double(q.separation), double(p.margin));
    SEPAX_FUZZ_CHECK(q.separation >= m.separation - p.band,
                     "%s: point %d at %.17g deeper than SAT's %.17g", order, i,
                     double(q.separation), double(m.separation));
    SEPAX_FUZZ_CHECK(fuzz::outside(p.a, p.pa, q.point_a) <= p.band &&
                         fuzz::outside(p.b, p.pb, q.point_b) <= p.band,
                     "%s: point %d off its hull: %g, %g", order, i,
                     double(fuzz::outside(p.a, p.pa, q.point_a)),
                     double(fuzz::outside(p.b, p.pb, q.point_b)));
    for (int j = 0; j < i; ++j)
      SEPAX_FUZZ_CHECK(m.points[j].id != q.id, "%s: points %d and %d share an id", order, j, i);
  }
}

void check_pair(const char* order, const Pair& p) {
  const contact::Manifold m = contact::collide(p.a, p.pa, p.b, p.pb, p.margin);
  check_manifold(order, p, m);
  const sat::Result s = sat::query(p.a, p.pa, p.b, p.pb);
  if (s.separation > p.margin + p.band)
    SEPAX_FUZZ_CHECK(m.count == 0, "%s: %d points %.17g apart, margin %g", order, m.count,
                     double(s.separation), double(p.margin));
  // SAT's separation only bounds the distance from below (two corners
  // nearest each other are farther apart than any axis shows): the pair is
  // within the margin when GJK's exact distance is.
  const real distance = gjk::distance(p.a, p.pa, p.b, p.pb).distance;
  if (distance < p.margin - p.band)
    SEPAX_FUZZ_CHECK(m.count > 0, "%s: no point at distance %.17g (SAT %.17g), margin %g", order,
                     double(distance), double(s.separation), double(p.margin));
  // Warm: the same pair again with a cache filled by the calls before (the
  // third call of an overlapping pair answers from its resting state).
  const real held =
      2 * tol::manifold_face * std::min(p.a.extent() * p.pa.scale, p.b.extent() * p.pb.scale);
  contact::Cache cache;
  sat::Resting resting;
  for (int call = 0; call < 3; ++call) {
    const contact::Manifold warm =
        contact::collide(p.a, p.pa, p.b, p.pb, p.margin, &cache, &resting);
    check_manifold(order, p, warm);
    SEPAX_FUZZ_CHECK((warm.count > 0) == (m.count > 0), "%s: %d points cold, %d warm (call %d)",
                     order, m.count, warm.count, call);
    SEPAX_FUZZ_CHECK(std::abs(warm.separation - m.separation) <= held + p.band,
                     "%s: separation %.17g cold, %.17g warm (call %d)", order, double(m.separation),
                     double(warm.separation), call);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Input in(data, size);
  const int margin_byte = in.byte();
  const fuzz::PairInput pair = fuzz::read_pair(in, max_points);
  if (!pair.usable()) return 0;
  const HullResult &a = pair.a, &b = pair.b;
  const Pose &pa = pair.pa, &pb = pair.pb;
  const real extent = std::max(a.hull.extent(), b.hull.extent());
  // Margin: 0 half the time, else up to 25% of the size.
  const real margin = margin_byte < 128 ? real(0) : real(margin_byte - 128) / 512 * extent;
  const real magnitude = a.hull.magnitude() + b.hull.magnitude() + glm::length(pa.translation) +
                         glm::length(pb.translation);
  if (fuzz::beyond_query_range(magnitude)) return 0;
  const real band = tol::agreement * extent + tol::agreement_roundoff * magnitude;
  check_pair("A-B", {a.hull, pa, b.hull, pb, margin, band});
  check_pair("B-A", {b.hull, pb, a.hull, pa, margin, band});
  return 0;
}
