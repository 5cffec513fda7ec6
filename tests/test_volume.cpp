// Volumes and overlap volumes (volume.hpp) against analytic volumes (boxes,
// a tetrahedron's corner, an octagonal prism, the lens two spheres share),
// against plain Monte Carlo on random hull pairs, and the estimate for
// closed meshes against the exact hulls' answer within its stated bound.
#include "sepax/shapes.hpp"
#include "sepax/volume.hpp"

#include "fixtures.hpp"
#include "pairs.hpp"
#include "test_util.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>
#include <vector>

using namespace sepax;
using namespace sepax::test;

namespace {

/// Relative agreement of an exact volume: round-off of the corners, which
/// are computed in double from the build's coordinates.
constexpr double exact_rel = sizeof(real) == 4 ? 2e-5 : 1e-10;

/// Overlap of the intervals [ca - ha, ca + ha] and [cb - hb, cb + hb].
double overlap_1d(double ca, double ha, double cb, double hb) {
  return std::max(0.0, std::min(ca + ha, cb + hb) - std::max(ca - ha, cb - hb));
}

/// Volume of the lens two balls of radius r share, centres d apart.
double lens(double r, double d) {
  if (d >= 2 * r) return 0;
  return std::numbers::pi * (4 * r + d) * (2 * r - d) * (2 * r - d) / 12;
}

/// Largest plane offset below which a hull's faces stay: the radius of the
/// ball about the origin that the hull contains.
double inradius(const Hull& h) {
  double r = std::numeric_limits<double>::infinity();
  for (const Plane& p : h.planes()) r = std::min(r, double(p.offset));
  return r;
}

/// Plain Monte Carlo reference: the fraction of `n` uniform points of the
/// shared box inside both hulls (by their planes), times the box's volume,
/// and one standard deviation of that estimate.
std::pair<double, double> monte_carlo(const Hull& a, const Pose& pa, const Hull& b, const Pose& pb,
                                      int n, std::uint64_t seed) {
  const auto box = [](const Hull& h, const Pose& p) {
    glm::dvec3 lo(1e300), hi(-1e300);
    for (const vec3& v : h.vertices()) {
      const glm::dvec3 w(p.apply(v));
      lo = glm::min(lo, w);
      hi = glm::max(hi, w);
    }
    return std::pair{lo, hi};
  };
  const auto inside = [](const Hull& h, const Pose& p, const vec3& w) {
    const vec3 l = p.apply_inverse(w);
    for (const Plane& pl : h.planes())
      if (glm::dot(pl.normal, l) > pl.offset) return false;
    return true;
  };
  const auto [la, ha] = box(a, pa);
  const auto [lb, hb] = box(b, pb);
  const glm::dvec3 lo = glm::max(la, lb), hi = glm::min(ha, hb);
  if (glm::any(glm::greaterThan(lo, hi))) return {0.0, 0.0};
  const glm::dvec3 e = hi - lo;
  pairs::Rng rng(seed);
  int hits = 0;
  for (int i = 0; i < n; ++i) {
    const glm::dvec3 p =
        lo + e * glm::dvec3(rng.uniform(0, 1), rng.uniform(0, 1), rng.uniform(0, 1));
    if (inside(a, pa, vec3(p)) && inside(b, pb, vec3(p))) ++hits;
  }
  const double v = e.x * e.y * e.z, f = double(hits) / n;
  return {f * v, v * std::sqrt(std::max(f * (1 - f), 1.0 / n) / n)};
}

Hull hull_of(const std::vector<vec3>& points) {
  HullResult r = Hull::from_points(std::span<const vec3>(points));
  REQUIRE(r.ok());
  return std::move(r.hull);
}

}  // namespace

TEST_CASE("volume: boxes, a tetrahedron, meshes", "[volume]") {
  CHECK(double(volume(shapes::box(vec3(1, 2, 3)))) == Approx(48).epsilon(exact_rel));
  CHECK(double(volume(shapes::tetrahedron(1))) > 0);
  const Hull corner = hull_of({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
  CHECK(double(volume(corner)) == Approx(1.0 / 6).epsilon(exact_rel));
  const Hull flat = hull_of({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}});
  CHECK(volume(flat) == 0);
  CHECK(volume(Hull()) == 0);

  const Hull box = shapes::box(vec3(real(0.5), 1, 2));
  CHECK(double(volume(surface_of(box))) == Approx(8).epsilon(exact_rel));
  // A mesh whose triangles face inwards encloses the same volume.
  const TriangleMesh m = surface_of(box);
  std::vector<std::array<index_t, 3>> flipped;
  for (const auto& t : m.triangles()) flipped.push_back({t[0], t[2], t[1]});
  const TriangleMesh inward = TriangleMesh::from_triangles(m.vertices(), flipped).mesh;
  CHECK(double(volume(inward)) == Approx(8).epsilon(exact_rel));
  // An open mesh (the box less one triangle) encloses nothing.
  flipped.pop_back();
  const TriangleMesh open = TriangleMesh::from_triangles(m.vertices(), flipped).mesh;
  REQUIRE_FALSE(open.is_closed());
  CHECK(volume(open) == 0);
}

TEST_CASE("overlap volume: axis-aligned boxes against the product of their overlaps",
          "[volume][random]") {
  pairs::Rng rng(11);
  for (int i = 0; i < 300; ++i) {
    const glm::dvec3 ha(rng.uniform(0.1, 2), rng.uniform(0.1, 2), rng.uniform(0.1, 2));
    const glm::dvec3 hb(rng.uniform(0.1, 2), rng.uniform(0.1, 2), rng.uniform(0.1, 2));
    // Centres on a 1/8 grid, so that faces often meet exactly (touching
    // boxes, shared faces) or one box holds the other.
    const auto grid = [&] { return std::round(rng.uniform(-2, 2) * 8) / 8; };
    const glm::dvec3 ca(grid(), grid(), grid()), cb(grid(), grid(), grid());
    const Hull a = shapes::box(to_real(ha)), b = shapes::box(to_real(hb));
    const Pose pa = at(real(ca.x), real(ca.y), real(ca.z));
    const Pose pb = at(real(cb.x), real(cb.y), real(cb.z));
    const glm::dvec3 ra(to_real(ha)), rb(to_real(hb));  // as the build rounds them
    const double truth = overlap_1d(ca.x, ra.x, cb.x, rb.x) * overlap_1d(ca.y, ra.y, cb.y, rb.y) *
                         overlap_1d(ca.z, ra.z, cb.z, rb.z);
    const OverlapVolume v = overlap_volume(a, pa, b, pb);
    INFO("pair " << i << " truth " << truth << " got " << v.volume << " ha " << ha.x << "," << ha.y
                 << "," << ha.z << " hb " << hb.x << "," << hb.y << "," << hb.z << " ca " << ca.x
                 << "," << ca.y << "," << ca.z << " cb " << cb.x << "," << cb.y << "," << cb.z);
    CHECK(v.method == VolumeMethod::exact);
    CHECK(v.error == 0);
    CHECK(double(v.volume) == Approx(truth).epsilon(exact_rel).margin(1e-12));
    CHECK(double(v.volume_a) == Approx(8 * ra.x * ra.y * ra.z).epsilon(exact_rel));
  }
}

TEST_CASE("overlap volume: analytic cases", "[volume]") {
  const Hull cube = shapes::box(vec3(1));

  SECTION("a square prism turned 45 degrees in another: an octagonal prism") {
    const Pose turned = at_deg(vec3(0, 0, real(0.5)), vec3(0, 0, 45));
    const double octagon = 8 * (std::sqrt(2.0) - 1);  // the two unit squares share
    const OverlapVolume v = overlap_volume(cube, Pose{}, cube, turned);
    CHECK(double(v.volume) == Approx(octagon * 1.5).epsilon(sizeof(real) == 4 ? 1e-5 : 1e-9));
  }
  SECTION("a tetrahedron's corner in cubes of three sizes") {
    const Hull corner = hull_of({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
    // [0, h]^3 against x + y + z <= 1: the whole cube for h <= 1/3; for
    // h = 1/2 the simplex less its three corners beyond x, y or z = 1/2;
    // the whole simplex for h >= 1.
    const struct {
      double h, truth;
    } cases[] = {{0.25, 1.0 / 64}, {0.5, 1.0 / 6 - 3.0 / 48}, {2, 1.0 / 6}};
    for (const auto& c : cases) {
      const Hull box = shapes::box(vec3(real(c.h / 2)));
      const Pose at_corner = at(real(c.h / 2), real(c.h / 2), real(c.h / 2));
      const OverlapVolume v = overlap_volume(corner, Pose{}, box, at_corner);
      INFO("h = " << c.h);
      CHECK(double(v.volume) == Approx(c.truth).epsilon(exact_rel));
      const OverlapVolume mirrored = overlap_volume(box, at_corner, corner, Pose{});
      CHECK(double(mirrored.volume) == Approx(c.truth).epsilon(exact_rel));
    }
  }
  SECTION("a hull inside another: the inner one's volume") {
    const Hull inner = shapes::random_hull(40, real(0.5), 3);
    const Pose p = at_deg(vec3(real(0.2), real(-0.1), real(0.3)), vec3(10, 20, 30));
    const OverlapVolume v = overlap_volume(cube, Pose{}, inner, p);
    CHECK(double(v.volume) == Approx(double(volume(inner))).epsilon(exact_rel));
    CHECK(double(v.volume) == Approx(double(v.volume_b)).epsilon(exact_rel));
  }
  SECTION("touching, apart and flat: no volume shared") {
    CHECK(overlap_volume(cube, Pose{}, cube, at(2, real(0.5), 0)).volume == 0);
    CHECK(overlap_volume(cube, Pose{}, cube, at(2, 2, 2)).volume == 0);
    CHECK(overlap_volume(cube, Pose{}, cube, at(3, 0, 0)).volume == 0);
    const Hull square = hull_of({{-1, -1, 0}, {1, -1, 0}, {-1, 1, 0}, {1, 1, 0}});
    const OverlapVolume flat = overlap_volume(cube, Pose{}, square, Pose{});
    CHECK(flat.volume == 0);
    CHECK(flat.method == VolumeMethod::exact);
  }
  SECTION("scale, far from the origin, and the order of the pair") {
    const Hull a = shapes::random_hull(30, 1, 5), b = shapes::random_hull(25, 1, 6);
    const Pose pa = at_deg(vec3(0, 0, 0), vec3(10, 0, 5));
    const Pose pb = at_deg(vec3(real(0.7), real(0.4), real(-0.2)), vec3(40, 60, 80));
    const double v = double(overlap_volume(a, pa, b, pb).volume);
    REQUIRE(v > 0.1);
    CHECK(double(overlap_volume(b, pb, a, pa).volume) == Approx(v).epsilon(exact_rel));
    const vec3 far(real(1000), real(-2000), real(500));
    Pose fa = pa, fb = pb;
    fa.translation += far;
    fb.translation += far;
    CHECK(double(overlap_volume(a, fa, b, fb).volume) ==
          Approx(v).epsilon(sizeof(real) == 4 ? 2e-3 : 1e-8));
    for (const real s : {real(1e-3), real(1e3)}) {
      Pose sa = pa, sb = pb;
      sa.scale = sb.scale = s;
      sa.translation *= s;
      sb.translation *= s;
      CHECK(double(overlap_volume(a, sa, b, sb).volume) ==
            Approx(v * double(s) * double(s) * double(s)).epsilon(sizeof(real) == 4 ? 1e-4 : 1e-9));
    }
  }
}

TEST_CASE("overlap volume of random hulls against Monte Carlo", "[volume][random]") {
  pairs::Rng rng(23);
  int overlapping = 0;
  for (int i = 0; i < 40; ++i) {
    const Hull a = shapes::random_hull(8 + i % 30, 1, std::uint64_t(100 + i));
    const Hull b = i % 4 == 0 ? shapes::box(vec3(real(0.8), real(0.3), real(0.5)))
                              : shapes::random_hull(6 + i % 20, real(0.7), std::uint64_t(200 + i));
    const Pose pa = pose_from_quat(vec3(0), quat(rng.rotation()));
    const Pose pb = pose_from_quat(to_real(rng.unit() * rng.uniform(0, 1.6)), quat(rng.rotation()));
    const OverlapVolume v = overlap_volume(a, pa, b, pb);
    const auto [mc, sigma] = monte_carlo(a, pa, b, pb, 40000, std::uint64_t(i));
    INFO("pair " << i << " exact " << v.volume << " monte carlo " << mc << " +- " << sigma);
    CHECK(std::abs(double(v.volume) - mc) <= 4.5 * sigma + 1e-9);
    CHECK(double(v.volume) <= std::min(double(v.volume_a), double(v.volume_b)));
    if (v.volume > 0) ++overlapping;
  }
  CHECK(overlapping >= 20);
}

TEST_CASE("overlap volume of hulls too big to clip: sampled within the stated bound", "[volume]") {
  // Two balls of 20000 points: clipping would take some 3e9 plane tests.
  const Hull ball = hull_of(shapes::sphere_points(20000, 1));
  const double r_in = inradius(ball);
  REQUIRE(r_in > 0.998);
  for (const double d : {0.5, 1.5}) {
    const OverlapVolume v = overlap_volume(ball, Pose{}, ball, at(real(d), 0, 0));
    INFO("d = " << d << " estimate " << v.volume << " +- " << v.error);
    CHECK(v.method == VolumeMethod::estimate);
    CHECK(double(v.volume) >= lens(r_in, d) - double(v.error));
    CHECK(double(v.volume) <= lens(1, d) + double(v.error));
  }
  // Apart: exactly nothing, without sampling.
  const OverlapVolume apart = overlap_volume(ball, Pose{}, ball, at(3, 0, 0));
  CHECK(apart.method == VolumeMethod::exact);
  CHECK(apart.volume == 0);
}

TEST_CASE("overlap volume of closed meshes: sampled within the stated bound", "[volume][mesh]") {
  SECTION("two sphere meshes: between the lenses of their inner and outer balls") {
    const Hull ball = hull_of(shapes::sphere_points(600, 1));
    const TriangleMesh m = surface_of(ball);
    const double r_in = inradius(ball);
    REQUIRE(r_in > 0.98);
    for (const double d : {0.3, 1.0, 1.7}) {
      const OverlapVolume v = overlap_volume(m, Pose{}, m, at(real(d), 0, 0));
      INFO("d = " << d << " estimate " << v.volume << " +- " << v.error);
      CHECK(v.method == VolumeMethod::estimate);
      CHECK(v.samples >= overlap_samples / 2);
      CHECK(v.error > 0);
      // The bound stays within 0.8% of the shared box's volume (volume.hpp).
      CHECK(double(v.error) <= 0.008 * (2 - d) * 4);
      CHECK(double(v.volume) >= lens(r_in, d) - double(v.error));
      CHECK(double(v.volume) <= lens(1, d) + double(v.error));
      // The same seed gives the same estimate; the hulls' exact answer lies
      // within the bound.
      CHECK(overlap_volume(m, Pose{}, m, at(real(d), 0, 0)).volume == v.volume);
      const double exact = double(overlap_volume(ball, Pose{}, ball, at(real(d), 0, 0)).volume);
      CHECK(std::abs(double(v.volume) - exact) <= double(v.error));
    }
  }
  SECTION("random convex meshes and hulls: the estimate brackets the hulls' exact volume") {
    pairs::Rng rng(31);
    int within = 0, total = 0;
    for (int i = 0; i < 16; ++i) {
      const Hull a = shapes::random_hull(10 + i, 1, std::uint64_t(300 + i));
      const Hull b = shapes::random_hull(12 + i, real(0.8), std::uint64_t(400 + i));
      const Pose pa = pose_from_quat(vec3(0), quat(rng.rotation()));
      const Pose pb =
          pose_from_quat(to_real(rng.unit() * rng.uniform(0.3, 1.2)), quat(rng.rotation()));
      const OverlapVolume exact = overlap_volume(a, pa, b, pb);
      const OverlapVolume meshes = overlap_volume(surface_of(a), pa, surface_of(b), pb, 1 << 15, 7);
      const OverlapVolume mixed = overlap_volume(surface_of(a), pa, b, pb, 1 << 15, 8);
      const OverlapVolume mirrored = overlap_volume(b, pb, surface_of(a), pa, 1 << 15, 8);
      INFO("pair " << i << " exact " << exact.volume << " meshes " << meshes.volume << " +- "
                   << meshes.error << " mixed " << mixed.volume << " +- " << mixed.error);
      for (const OverlapVolume* e : {&meshes, &mixed}) {
        ++total;
        if (std::abs(double(e->volume - exact.volume)) <= double(e->error)) ++within;
        CHECK(std::abs(double(e->volume - exact.volume)) <= 1.5 * double(e->error) + 1e-12);
        CHECK(double(e->volume_a) == Approx(double(exact.volume_a)).epsilon(1e-4));
        CHECK(double(e->volume_b) == Approx(double(exact.volume_b)).epsilon(1e-4));
      }
      CHECK(mirrored.volume == mixed.volume);
      CHECK(mirrored.volume_a == mixed.volume_b);
    }
    // A three-sigma bound holds on all but a rare pair.
    CHECK(within >= total - 1);
  }
  SECTION("without crossing surfaces the answer is exact") {
    const Hull big = shapes::box(vec3(2)), small = shapes::box(vec3(real(0.5)));
    const TriangleMesh mb = surface_of(big), ms = surface_of(small);
    const OverlapVolume inside = overlap_volume(mb, Pose{}, ms, at(real(0.3), 0, 0));
    CHECK(inside.method == VolumeMethod::exact);
    CHECK(double(inside.volume) == Approx(1).epsilon(exact_rel));
    const OverlapVolume apart = overlap_volume(mb, Pose{}, ms, at(5, 0, 0));
    CHECK(apart.method == VolumeMethod::exact);
    CHECK(apart.volume == 0);
    const OverlapVolume hull_inside = overlap_volume(small, at(real(0.3), 0, 0), mb, Pose{});
    CHECK(hull_inside.method == VolumeMethod::exact);
    CHECK(double(hull_inside.volume) == Approx(1).epsilon(exact_rel));
  }
  SECTION("an open mesh has no volume") {
    const TriangleMesh m = surface_of(shapes::box(vec3(1)));
    std::vector<std::array<index_t, 3>> tris(m.triangles().begin(), m.triangles().end() - 1);
    const TriangleMesh open = TriangleMesh::from_triangles(m.vertices(), tris).mesh;
    const OverlapVolume v = overlap_volume(open, Pose{}, m, Pose{});
    CHECK(v.method == VolumeMethod::none);
    CHECK(v.volume == 0);
    CHECK(overlap_volume(shapes::box(vec3(1)), Pose{}, open, Pose{}).method == VolumeMethod::none);
  }
}
