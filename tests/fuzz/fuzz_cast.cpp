// libFuzzer target: casts (cast.hpp, sat::shape_cast, gjk_cast.hpp) of two
// hulls built from arbitrary bytes (fuzz_input.hpp): B moving by a
// translation, a ray from B's centroid, B turning as it moves.
//
// Input layout: 3 int16 of the translation (in units of the pair's size /
// 4096), a turn byte, then fuzz_pair's layout (pose A, pose B, point count
// of A, cloud A, cloud B).
//
// Invariants (the casts' contracts):
// - no crash, no sanitizer report, nothing non-finite, unit normals;
// - the ray's walk and scan agree; sat::shape_cast's hit is a contact (SAT
//   says touching there) with no contact before it, its miss has no contact
//   anywhere on the path, its overlapping start overlaps; gjk::shape_cast
//   agrees outside the touching bands;
// - a time of impact never reports a t past a contact (sampled).
#include "fuzz_input.hpp"
#include "sepax/gjk_cast.hpp"
#include "sepax/sat.hpp"

#include <algorithm>
#include <cmath>

using namespace sepax;

namespace {

constexpr std::size_t max_points = 48;
constexpr real unit_tolerance = 64 * tol::eps;
constexpr int samples = 16;

void check_result(const char* what, const CastResult& r) {
  SEPAX_FUZZ_CHECK(r.status != CastStatus::bad_input, "%s: bad_input for good input", what);
  SEPAX_FUZZ_CHECK(std::isfinite(r.fraction) && r.fraction >= 0 && r.fraction <= 1,
                   "%s: fraction %.17g", what, double(r.fraction));
  if (!r.hit()) return;
  SEPAX_FUZZ_CHECK(fuzz::finite(r.point) && fuzz::finite(r.normal), "%s: not finite", what);
  SEPAX_FUZZ_CHECK(std::abs(glm::length(r.normal) - 1) <= unit_tolerance, "%s: normal length %.17g",
                   what, double(glm::length(r.normal)));
}

Pose moved(const Pose& p, const vec3& d, real t) {
  Pose q = p;
  q.translation += t * d;
  return q;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Input in(data, size);
  int raw[3];
  for (int& k : raw) k = std::int16_t(std::uint16_t(in.byte() | (in.byte() << 8)));
  const int turn_byte = in.byte();
  const fuzz::PairInput pair = fuzz::read_pair(in, max_points);
  if (!pair.usable()) return 0;
  const HullResult &a = pair.a, &b = pair.b;
  const Pose &pa = pair.pa, &pb = pair.pb;
  const real extent = std::max(a.hull.extent(), b.hull.extent());
  const vec3 d = vec3(real(raw[0]), real(raw[1]), real(raw[2])) * (extent / real(1024));
  const real magnitude = a.hull.magnitude() + b.hull.magnitude() + glm::length(pa.translation) +
                         glm::length(pb.translation) + glm::length(d);
  if (fuzz::beyond_query_range(magnitude)) return 0;
  const real band = tol::agreement * extent + tol::agreement_roundoff * magnitude;

  // A ray from B's centroid along the path, against A: walk and scan.
  const Ray ray{pb.apply(b.hull.centroid()), d, 1};
  const CastResult walk = ray_cast(a.hull, pa, ray), scan = ray_cast_scan(a.hull, pa, ray);
  check_result("ray", walk);
  SEPAX_FUZZ_CHECK(walk.status == scan.status, "ray: walk %s, scan %s", to_string(walk.status),
                   to_string(scan.status));

  // The exact linear cast, checked by SAT along the path.
  const CastResult exact = sat::shape_cast(a.hull, pa, b.hull, pb, d);
  check_result("sat::shape_cast", exact);
  const auto sep_at = [&](real t) {
    return sat::query(a.hull, pa, b.hull, moved(pb, d, t)).separation;
  };
  if (exact.status == CastStatus::hit) {
    SEPAX_FUZZ_CHECK(sep_at(exact.fraction) <= band, "sat cast: hit at %.17g, separation %.17g",
                     double(exact.fraction), double(sep_at(exact.fraction)));
    for (int i = 0; i < samples; ++i) {
      const real t = exact.fraction * real(i) / real(samples);
      SEPAX_FUZZ_CHECK(sep_at(t) > -band, "sat cast: contact at %.17g before the hit at %.17g",
                       double(t), double(exact.fraction));
    }
  } else if (exact.status == CastStatus::missed) {
    for (int i = 0; i <= samples; ++i) {
      const real t = real(i) / real(samples);
      SEPAX_FUZZ_CHECK(sep_at(t) > -band, "sat cast: missed, yet overlapping at %.17g", double(t));
    }
  } else if (exact.status == CastStatus::overlapping) {
    SEPAX_FUZZ_CHECK(sep_at(0) <= band, "sat cast: overlapping, separation %.17g",
                     double(sep_at(0)));
  }

  // GJK's road: the same verdict unless the path only grazes.
  const CastResult road = gjk::shape_cast(a.hull, pa, b.hull, pb, d);
  check_result("gjk::shape_cast", road);
  if (exact.status == CastStatus::missed && road.status == CastStatus::hit)
    SEPAX_FUZZ_CHECK(sep_at(road.fraction) <= band, "gjk cast: hit at %.17g where SAT says %.17g",
                     double(road.fraction), double(sep_at(road.fraction)));

  // Turning as it moves: conservative advancement never steps past contact.
  Sweep sb{pb, pb};
  sb.end.translation += d;
  sb.end.rotation =
      glm::mat3_cast(glm::angleAxis(real(turn_byte) / 64, vec3(real(0.6), real(0.8), 0))) *
      pb.rotation;
  const CastResult toi = gjk::time_of_impact(a.hull, Sweep{pa, pa}, b.hull, sb);
  SEPAX_FUZZ_CHECK(toi.status != CastStatus::bad_input, "toi: bad_input for good input");
  if (toi.status == CastStatus::hit || toi.status == CastStatus::max_iterations) {
    for (int i = 0; i < samples; ++i) {
      const real t = toi.fraction * real(i) / real(samples);
      SEPAX_FUZZ_CHECK(sat::query(a.hull, pa, b.hull, sb.at(t)).separation > -band,
                       "toi: contact at %.17g before %.17g", double(t), double(toi.fraction));
    }
  }
  return 0;
}
