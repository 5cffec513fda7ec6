// The box manifold (src/contact/box.cpp) against the general hull path it
// stands in for (contact::detail::collide_general), on seeded random pairs
// of boxes in every situation a solver meets: touching, resting face on
// face, near-parallel faces, crossing edges, rotated and overlapping,
// separated within the margin, far from the origin, tiny and huge. Both
// follow one set of rules with two arithmetics (the box path in the boxes'
// frames, by closed forms), so they must give the same manifold: the same
// count, feature and ids, the same normal, separations and points within
// round-off; with a warm contact::Cache carried along a path as well.
// Where a choice falls within round-off (two faces as deep, a corner on a
// side plane, the reduction's ties), the two may choose differently: then
// both manifolds must pass the reference check (every point on both
// surfaces, its separation along the normal, none deeper than SAT's
// depth), and such pairs must stay rare. Boxes come from shapes::box (box
// frame = hull frame) and from Qhull on turned, shifted corners (a box
// frame of its own).
#include "contact/internal.hpp"
#include "pairs.hpp"
#include "sepax/contact.hpp"
#include "sepax/sat.hpp"
#include "sepax/shapes.hpp"
#include "test_util.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

using namespace sepax;
using namespace sepax::test;

namespace {

enum class Situation { touching, resting, near_parallel, edges, rotated, margin, count };

const char* name_of(Situation s) {
  constexpr const char* names[] = {"touching", "resting", "near_parallel",
                                   "edges",    "rotated", "margin"};
  return names[int(s)];
}

/// What the comparison saw, so that the test cannot pass vacuously.
struct Seen {
  int pairs = 0, face = 0, edges = 0, reduced = 0, speculative = 0, empty = 0;
  int compared = 0;  ///< manifolds compared
  int tied = 0;      ///< of them, chosen differently within round-off
};

/// Boxes made by Qhull that Hull::is_box took as boxes (float's rounded
/// corners may miss its angle tolerance; those pairs take shapes::box).
int own_frame_boxes = 0;

/// A box of half extents h: shapes::box, or Qhull's hull of its corners
/// turned by q and shifted by t (its own box frame, not the hull's).
Hull make_box(const vec3& h, bool own_frame, pairs::Rng& rng) {
  if (!own_frame) return shapes::box(h);
  const glm::dquat q = rng.rotation();
  const glm::dvec3 t = rng.unit() * rng.uniform(0, 2) * double(glm::length(h));
  std::vector<glm::dvec3> corners;
  for (int k = 0; k < 8; ++k) {
    const glm::dvec3 c((k & 1) ? h.x : -h.x, (k & 2) ? h.y : -h.y, (k & 4) ? h.z : -h.z);
    corners.push_back(q * c + t);
  }
  HullResult r = Hull::from_points(corners);
  REQUIRE(r.ok());
  if (!r.hull.is_box()) return shapes::box(h);
  ++own_frame_boxes;
  return std::move(r.hull);
}

Pose pose_of(const glm::dquat& q, const glm::dvec3& t, real scale = 1) {
  Pose p = pose_from_quat(to_real(t), quat(q));
  p.scale = scale;
  return p;
}

/// World direction of face f of h at pose p.
glm::dvec3 face_normal(const Hull& h, const Pose& p, index_t f) {
  return glm::dvec3(p.rotate(h.planes()[f].normal));
}

/// B's pose for situation s against A at pose pa; `size` the pair's size.
Pose place(Situation s, const Hull& a, const Pose& pa, const Hull& b, double size, real scale,
           pairs::Rng& rng) {
  const glm::dvec3 ca = glm::dvec3(pa.apply(a.box().center));
  Pose pb;
  switch (s) {
    case Situation::resting:
    case Situation::near_parallel: {
      // B's face on A's face (one of A's six), turned about the normal,
      // sunk 0 to 2% of the size; near_parallel tilts it by 1e-7 to 1e-2 rad.
      const int fa = rng.integer(0, 5), fb = rng.integer(0, 5);
      const glm::dvec3 na = face_normal(a, pa, a.box().face[fa]);
      const glm::dvec3 nb = glm::dvec3(b.planes()[b.box().face[fb]].normal);
      glm::dquat q(nb, -na);  // turns nb onto -na
      q = glm::angleAxis(rng.uniform(0, 6.3), na) * q;
      if (s == Situation::near_parallel) {
        const double tilt = std::pow(10.0, rng.uniform(-7, -2));
        const glm::dvec3 across = glm::normalize(glm::cross(na, rng.unit()));
        q = glm::angleAxis(tilt, across) * q;
      }
      pb = pose_of(q, glm::dvec3(0), scale);
      const glm::dvec3 slide = (rng.unit() - na * glm::dot(rng.unit(), na)) * size * 0.3;
      pb.translation = to_real(ca + slide);
      break;
    }
    case Situation::edges: {
      // B turned at random about A's centre, then moved out along the
      // axis of an edge of A crossing an edge of B (below): mostly an edge
      // pair, a face where one is as deep.
      pb = pose_of(rng.rotation(), glm::dvec3(0), scale);
      pb.translation = to_real(ca);
      break;
    }
    default:
      pb = pose_of(rng.rotation(), glm::dvec3(0), scale);
      pb.translation = to_real(ca + rng.unit() * size * rng.uniform(0, 0.5));
      break;
  }
  if (s == Situation::rotated) return pb;
  // Move B out along the direction to its centre until SAT's separation is
  // the target: 0 touching, a small depth resting, a gap within the margin.
  glm::dvec3 dir = s == Situation::resting || s == Situation::near_parallel
                       ? -face_normal(a, pa, a.box().face[0])
                       : rng.unit();
  if (s == Situation::resting || s == Situation::near_parallel) {
    const sat::Result r = sat::query(a, pa, b, pb);
    dir = glm::dvec3(r.axis);
  }
  if (s == Situation::edges) {
    const glm::dvec3 ea = glm::dvec3(pa.rotate(a.box().axes[rng.integer(0, 2)]));
    const glm::dvec3 eb = glm::dvec3(pb.rotate(b.box().axes[rng.integer(0, 2)]));
    const glm::dvec3 c = glm::cross(ea, eb);
    if (glm::length(c) > 0.1) dir = glm::normalize(c);
  }
  const double target = s == Situation::touching ? 0
                        : s == Situation::margin ? size * rng.uniform(0.001, 0.02)
                                                 : -size * rng.uniform(0, 0.02);
  for (int step = 0; step < 4; ++step) {
    const sat::Result r = sat::query(a, pa, b, pb);
    const double along = glm::dot(glm::dvec3(r.axis), dir);
    if (!(std::abs(along) > 0.1)) dir = glm::dvec3(r.axis);
    const double move = (target - double(r.separation)) / glm::dot(glm::dvec3(r.axis), dir);
    pb.translation = to_real(glm::dvec3(pb.translation) + dir * move);
  }
  return pb;
}

/// Round-off allowed between the two paths' numbers, for a pair of size
/// `size` placed `far` from the origin.
double roundoff(double size, double far) {
  return (is_double ? 1e-11 : 2e-4) * (size + far);
}

/// Whether the box path's manifold equals the general path's: count,
/// feature and ids alike, the normal, separations and points within `tol`.
bool same(const contact::Manifold& box, const contact::Manifold& general, double tol) {
  if (box.count != general.count || !(box.feature == general.feature)) return false;
  if (!(glm::length(glm::dvec3(box.normal - general.normal)) <= tol) ||
      !(std::abs(double(box.separation - general.separation)) <= tol))
    return false;
  for (int i = 0; i < box.count; ++i) {
    const contact::Point& p = box.points[i];
    const auto q = std::find_if(general.points, general.points + general.count,
                                [&](const contact::Point& g) { return g.id == p.id; });
    if (q == general.points + general.count) return false;
    if (!(std::abs(double(p.separation - q->separation)) <= tol) ||
        !(glm::length(glm::dvec3(p.point_a - q->point_a)) <= tol) ||
        !(glm::length(glm::dvec3(p.point_b - q->point_b)) <= tol))
      return false;
  }
  return true;
}

/// Largest distance of world point p beyond hull h's face planes (0 on its
/// surface, negative inside).
double beyond(const Hull& h, const Pose& pose, const vec3& p) {
  const vec3 local = pose.apply_inverse(p);
  double d = -1e300;
  for (const Plane& plane : h.planes()) d = std::max(d, double(plane.distance(local)));
  return d * double(pose.scale);
}

/// The reference check of a manifold of (a, b): a unit normal, every point
/// on both surfaces with its separation along the normal, within the
/// margin (or SAT's depth) and none deeper than SAT's exact depth `depth`;
/// ids distinct.
void require_valid(const contact::Manifold& m, const Hull& a, const Pose& pa, const Hull& b,
                   const Pose& pb, real margin, double depth, double tol) {
  REQUIRE(std::abs(glm::length(glm::dvec3(m.normal)) - 1) <= 1e-6);
  for (int i = 0; i < m.count; ++i) {
    const contact::Point& p = m.points[i];
    INFO("point " << i << " of " << m.count << ", separation " << p.separation);
    CHECK(std::abs(beyond(a, pa, p.point_a)) <= tol);
    CHECK(std::abs(beyond(b, pb, p.point_b)) <= tol);
    CHECK(std::abs(glm::dot(glm::dvec3(p.point_b - p.point_a), glm::dvec3(m.normal)) -
                   double(p.separation)) <= tol);
    CHECK(double(p.separation) <= std::max(double(margin), depth) + tol);
    CHECK(double(p.separation) >= depth - tol);
    for (int j = 0; j < i; ++j) CHECK(m.points[j].id != p.id);
  }
}

/// Checks that the box path's manifold agrees with the general path's:
/// the same (same()), or both valid where a choice fell within round-off,
/// which `seen` counts.
void require_agree(const contact::Manifold& box, const contact::Manifold& general, const Hull& a,
                   const Pose& pa, const Hull& b, const Pose& pb, real margin, double tol,
                   const char* what, int pair, Seen& seen) {
  ++seen.compared;
  if (same(box, general, tol)) return;
  ++seen.tied;
  INFO(what << " pair " << pair << ": count " << box.count << " vs " << general.count
            << ", feature kind " << int(box.feature.kind) << " vs " << int(general.feature.kind));
  const double depth = double(sat::query(a, pa, b, pb).separation);
  require_valid(box, a, pa, b, pb, margin, depth, 100 * tol);
  require_valid(general, a, pa, b, pb, margin, depth, 100 * tol);
  // A face contact reaches SAT's depth wherever the general path's does.
  if (box.count > 0 && general.count > 0) {
    const auto deepest = [](const contact::Manifold& m) {
      double d = 1e300;
      for (int i = 0; i < m.count; ++i) d = std::min(d, double(m.points[i].separation));
      return d;
    };
    CHECK(std::abs(deepest(box) - deepest(general)) <= 100 * tol);
  }
}

/// Runs `pairs` pairs of situation s at the given size and offset from the
/// origin, cold and warm along a short path, A against B and B against A.
Seen compare(Situation s, int pairs, double size, double far, std::uint64_t seed) {
  pairs::Rng rng(seed);
  Seen seen;
  for (int k = 0; k < pairs; ++k) {
    // Half extents 0.05 to 1 of the size (flat slabs and rods included);
    // B's size through its pose's scale half of the time.
    const auto half = [&] {
      return vec3(
          to_real(glm::dvec3(rng.uniform(0.05, 1), rng.uniform(0.05, 1), rng.uniform(0.05, 1)) *
                  size * 0.5));
    };
    const real scale = rng.integer(0, 1) ? real(1) : real(rng.uniform(0.5, 2));
    const Hull a = make_box(half(), rng.integer(0, 1) == 1, rng);
    const Hull b = make_box(half() / scale, rng.integer(0, 1) == 1, rng);
    REQUIRE(a.is_box());
    REQUIRE(b.is_box());
    const Pose pa = pose_of(rng.rotation(), rng.unit() * far);
    Pose pb = place(s, a, pa, b, size, scale, rng);
    const real margin = real(0.02 * size);
    const double tol = roundoff(size, far);
    contact::Cache warm_box, warm_general;
    const glm::dvec3 drift = rng.unit() * size * 1e-3;
    for (int frame = 0; frame < 4; ++frame) {
      const contact::Manifold box = contact::collide(a, pa, b, pb, margin);
      const contact::Manifold general = contact::detail::collide_general(a, pa, b, pb, margin);
      require_agree(box, general, a, pa, b, pb, margin, tol, name_of(s), k, seen);
      const contact::Manifold box_ba = contact::collide(b, pb, a, pa, margin);
      const contact::Manifold general_ba = contact::detail::collide_general(b, pb, a, pa, margin);
      require_agree(box_ba, general_ba, b, pb, a, pa, margin, tol, "mirrored", k, seen);
      const contact::Manifold box_warm = contact::collide(a, pa, b, pb, margin, &warm_box);
      const contact::Manifold general_warm =
          contact::detail::collide_general(a, pa, b, pb, margin, &warm_general);
      require_agree(box_warm, general_warm, a, pa, b, pb, margin, tol, "warm", k, seen);
      if (frame == 0) {
        ++seen.pairs;
        const bool face = box.feature.kind == sat::FeatureKind::face_a ||
                          box.feature.kind == sat::FeatureKind::face_b;
        seen.face += face && box.count > 0;
        seen.edges += box.feature.kind == sat::FeatureKind::edges && box.count > 0;
        seen.reduced += box.count == contact::max_points;
        seen.speculative += box.count > 0 && box.separation > 0;
        seen.empty += box.count == 0;
      }
      pb.translation = to_real(glm::dvec3(pb.translation) + drift);
    }
  }
  std::printf(
      "box manifold, %s (size %g, at %g): %d pairs, %d face, %d edge, %d of 4 points, "
      "%d speculative, %d empty; %d of %d manifolds chosen differently within round-off\n",
      name_of(s), size, far, seen.pairs, seen.face, seen.edges, seen.reduced, seen.speculative,
      seen.empty, seen.tied, seen.compared);
  return seen;
}

}  // namespace

TEST_CASE("box manifold: the general path's manifold on random box pairs", "[contact][box]") {
  const int n = 1000;
  std::uint64_t seed = 2800;
  Seen all;
  for (int si = 0; si < int(Situation::count); ++si) {
    const Situation s = Situation(si);
    const Seen seen = compare(s, n, 1, 0, ++seed);
    CHECK(seen.pairs == n);
    if (s == Situation::resting || s == Situation::near_parallel) CHECK(seen.reduced > n / 4);
    if (s == Situation::margin) CHECK(seen.speculative > n / 2);
    // Rotated pairs may be apart beyond the margin; the others touch.
    if (s != Situation::margin && s != Situation::rotated) CHECK(seen.empty < n / 10);
    // Choices within round-off are rare: at most 1 manifold in 100.
    CHECK(seen.tied * 100 <= seen.compared);
    all.face += seen.face, all.edges += seen.edges;
  }
  CHECK(all.face > n);
  CHECK(all.edges > n / 10);
  std::printf("box manifold: %d boxes with a box frame of their own\n", own_frame_boxes);
  if (is_double) CHECK(own_frame_boxes > n);
}

TEST_CASE("box manifold: far from the origin, tiny and huge", "[contact][box]") {
  const double far = is_double ? 1e4 : 1e2;
  for (int si = 0; si < int(Situation::count); ++si) {
    const Situation s = Situation(si);
    for (const Seen& seen :
         {compare(s, 100, 1, far, 3000 + si), compare(s, 100, 1e-3, 0, 3100 + si),
          compare(s, 100, 1e3, 0, 3200 + si)})
      CHECK(seen.tied * 100 <= seen.compared);
  }
}

TEST_CASE("box manifold: a box resting flat on a box, turned 45 degrees (8 corners to 4)",
          "[contact][box]") {
  // Every corner of the octagon is equally deep: the reduction's ties are
  // decided by round-off, which differs between the paths, but any four
  // it keeps span the same square.
  const Hull ground = shapes::box(vec3(1, 1, real(0.5)));
  const Hull crate = shapes::box(vec3(1, 1, real(0.5)));
  const Pose on_top = at_deg(vec3(0, 0, real(0.99)), vec3(0, 0, 45));
  const contact::Manifold box = contact::collide(ground, Pose{}, crate, on_top);
  const contact::Manifold general = contact::detail::collide_general(ground, Pose{}, crate, on_top);
  REQUIRE(box.count == 4);
  REQUIRE(general.count == 4);
  REQUIRE(box.feature == general.feature);
  const double depth = double(sat::query(ground, Pose{}, crate, on_top).separation);
  require_valid(box, ground, Pose{}, crate, on_top, 0, depth, 1e-12);
  require_valid(general, ground, Pose{}, crate, on_top, 0, depth, 1e-12);
  // The area of the kept quad (shoelace over the points in angle order).
  const auto area = [](const contact::Manifold& m) {
    glm::dvec2 p[4];
    for (int i = 0; i < 4; ++i) p[i] = glm::dvec2(m.points[i].point_a.x, m.points[i].point_a.y);
    std::sort(p, p + 4, [](const glm::dvec2& u, const glm::dvec2& v) {
      return std::atan2(u.y, u.x) < std::atan2(v.y, v.x);
    });
    double twice = 0;
    for (int i = 0; i < 4; ++i) twice += p[i].x * p[(i + 1) % 4].y - p[(i + 1) % 4].x * p[i].y;
    return std::abs(twice) / 2;
  };
  CHECK(area(box) == Approx(area(general)).epsilon(1e-6));
  CHECK(area(box) > 1.5);  // a quad over the octagon, not a sliver
}

TEST_CASE("box manifold: a box resting flat keeps its 4 points under round-off-sized nudges",
          "[contact][box]") {
  // A crate turned 30 degrees on a ground box: 8 clipped corners, all as
  // deep to round-off. Tilts and slides of round-off size must not change
  // which 4 the reduction keeps, in either order of the hulls, on the box
  // path and the general path alike.
  const Hull ground = shapes::box(vec3(1, 1, real(0.5)));
  const Hull crate = shapes::box(vec3(1, real(0.9), real(0.5)));
  const real nudge = is_double ? real(1e-15) : real(1e-7);
  const auto ids_of = [](const contact::Manifold& m) {
    std::vector<contact::Id> ids;
    for (int i = 0; i < m.count; ++i) ids.push_back(m.points[i].id);
    std::sort(ids.begin(), ids.end());
    return ids;
  };
  std::vector<contact::Id> first;
  for (int k = 0; k < 40; ++k) {
    Pose on_top = at_deg(vec3(nudge * real(k % 7), 0, real(0.99)), vec3(0, 0, 30));
    const quat tilt = glm::angleAxis(nudge * real(k % 5 - 2), glm::normalize(vec3(1, real(k), 0)));
    on_top.rotation = glm::mat3_cast(tilt) * on_top.rotation;
    const contact::Manifold box = contact::collide(ground, Pose{}, crate, on_top);
    const contact::Manifold general =
        contact::detail::collide_general(ground, Pose{}, crate, on_top);
    const contact::Manifold back =
        contact::mirrored(contact::collide(crate, on_top, ground, Pose{}));
    INFO("nudge " << k);
    REQUIRE(box.count == 4);
    if (k == 0) first = ids_of(box);
    CHECK(ids_of(box) == first);
    CHECK(ids_of(general) == first);
    CHECK(ids_of(back) == first);
  }
}
