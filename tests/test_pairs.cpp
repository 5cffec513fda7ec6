// The seeded pair generator (tests/support): deterministic, valid hulls, and
// each category is what the reference says it is.
#include "pairs.hpp"
#include "reference.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <limits>
#include <map>
#include <numbers>
#include <string>

using namespace sepax;
using glm::dvec3;
using pairs::Category;

namespace {

/// Seeds per category for the classification test (large hulls: fewer, each
/// costs about half a second of reference).
constexpr std::uint64_t seeds = 200;
constexpr std::uint64_t large_seeds = 6;

/// Radians: the reference axis counts as a face normal or as perpendicular
/// to an edge within this angle. Float hulls and poses carry about 1e-7.
constexpr double angle_tol = std::numeric_limits<real>::digits > 24 ? 1e-6 : 1e-4;

/// Whether sepax's real is double (else float).
constexpr bool is_double = std::numeric_limits<real>::digits > 24;

/// Radians: how far the hard categories' edge angles may stray from their
/// range. Float rounds each pose's rotation by about 1e-7 rad.
constexpr double angle_slop = is_double ? 1e-9 : 5e-7;

/// Relative to the size: a separation this close to zero may have either
/// sign, whatever the seed asked for. Float rounds the hulls and poses by
/// about 1e-7 of the size; double leaves the designed sign.
constexpr double sign_slop = is_double ? 0 : 1e-5;

/// Counts of what the reference said, by name, for one category.
using Tally = std::map<std::string, int>;

bool same_pair(const pairs::Pair& p, const pairs::Pair& q) {
  auto same = [](const Hull& a, const Hull& b) {
    return a.vertex_count() == b.vertex_count() &&
           std::equal(a.vertices().begin(), a.vertices().end(), b.vertices().begin());
  };
  return same(p.a, q.a) && same(p.b, q.b) && p.pose_a.rotation == q.pose_a.rotation &&
         p.pose_a.translation == q.pose_a.translation && p.pose_b.rotation == q.pose_b.rotation &&
         p.pose_b.translation == q.pose_b.translation;
}

std::vector<dvec3> world_normals(const Hull& h, const Pose& pose) {
  std::vector<dvec3> n;
  for (const Plane& pl : h.planes()) n.push_back(glm::dmat3(pose.rotation) * dvec3(pl.normal));
  return n;
}

std::vector<dvec3> world_edges(const Hull& h, const Pose& pose) {
  std::vector<dvec3> e;
  for (std::size_t i = 0; i < h.edge_count(); ++i)
    e.push_back(glm::normalize(glm::dmat3(pose.rotation) * dvec3(h.edge_end(i) - h.edge_start(i))));
  return e;
}

bool has_direction(const std::vector<dvec3>& normals, const dvec3& axis) {
  for (const dvec3& n : normals)
    if (glm::length(glm::cross(glm::normalize(n), axis)) <= angle_tol && glm::dot(n, axis) > 0)
      return true;
  return false;
}

bool has_perpendicular(const std::vector<dvec3>& edges, const dvec3& axis) {
  for (const dvec3& e : edges)
    if (std::abs(glm::dot(e, axis)) <= angle_tol) return true;
  return false;
}

/// Whether `axis` is an edge pair's: perpendicular to an edge of each hull
/// and no face normal of either.
bool edge_axis(const pairs::Pair& p, const dvec3& axis) {
  return has_perpendicular(world_edges(p.a, p.pose_a), axis) &&
         has_perpendicular(world_edges(p.b, p.pose_b), axis) &&
         !has_direction(world_normals(p.a, p.pose_a), axis) &&
         !has_direction(world_normals(p.b, p.pose_b), -axis);
}

/// Every vertex of `inner` inside every face plane of `outer`.
bool contains(const Hull& outer, const Pose& po, const Hull& inner, const Pose& pi) {
  const std::vector<dvec3> points = ref::world_points(inner, pi);
  const std::vector<dvec3> normals = world_normals(outer, po);
  for (std::size_t f = 0; f < normals.size(); ++f) {
    const double offset =
        double(outer.planes()[f].offset) + glm::dot(normals[f], dvec3(po.translation));
    for (const dvec3& x : points)
      if (glm::dot(normals[f], x) >= offset) return false;
  }
  return true;
}

bool in_band(const ref::Answer& r, double lo, double hi) {
  return r.separation >= lo * r.size && r.separation <= hi * r.size;
}

/// Smallest angle (radians) between an edge of A and an edge of B, in either
/// direction: 0 for parallel or anti-parallel edges.
double min_edge_angle(const pairs::Pair& p) {
  double least = std::numbers::pi / 2;
  for (const dvec3& ea : world_edges(p.a, p.pose_a))
    for (const dvec3& eb : world_edges(p.b, p.pose_b))
      least = std::min(least, std::asin(std::min(1.0, glm::length(glm::cross(ea, eb)))));
  return least;
}

/// Length of the hull's shortest edge.
double shortest_edge(const Hull& h) {
  double least = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < h.edge_count(); ++i)
    least = std::min(least, glm::distance(dvec3(h.edge_start(i)), dvec3(h.edge_end(i))));
  return least;
}

/// Whether the hull's support along `axis` (world frame) includes an
/// endpoint of an edge shorter than `length`.
bool support_on_short_edge(const Hull& h, const Pose& pose, const dvec3& axis, double length) {
  const dvec3 d = glm::transpose(glm::dmat3(pose.rotation)) * axis;
  double top = -std::numeric_limits<double>::infinity();
  for (const vec3& v : h.vertices()) top = std::max(top, glm::dot(dvec3(v), d));
  const double tie = 1e-9 * double(h.extent());
  for (std::size_t i = 0; i < h.edge_count(); ++i) {
    const dvec3 s(h.edge_start(i)), e(h.edge_end(i));
    const bool on_top = glm::dot(s, d) >= top - tie || glm::dot(e, d) >= top - tie;
    if (on_top && glm::distance(s, e) < length) return true;
  }
  return false;
}

/// Diagonal of the world bounding box of a posed hull (Answer::size of it).
double world_diagonal(const Hull& h, const Pose& pose) {
  dvec3 lo(std::numeric_limits<double>::infinity()), hi(-lo);
  for (const dvec3& x : ref::world_points(h, pose)) lo = glm::min(lo, x), hi = glm::max(hi, x);
  return glm::length(hi - lo);
}

/// Hard categories with a side per seed (even apart, odd overlapping): the
/// reference agrees outside round-off. Tallies how close the pairs come.
void check_side(const pairs::Pair& p, const ref::Answer& r, Tally& tally) {
  if (std::abs(r.separation) > sign_slop * r.size)
    CHECK(r.intersecting == (p.seed % 2 == 1));
  else
    ++tally["sign_in_roundoff"];
  ++tally[std::abs(r.separation) < 1e-4 * r.size ? "close" : "far"];
}

/// What a big_vs_small pair is, by the reference and a containment test:
/// "gap", "touching", "shallow", "contained" (outcomes 0 to 3 of pairs.hpp)
/// or "other".
std::string big_small_outcome(const pairs::Pair& p, const ref::Answer& r) {
  const bool small_is_a = p.a.extent() < p.b.extent();
  const Hull& small = small_is_a ? p.a : p.b;
  const Pose& pose_small = small_is_a ? p.pose_a : p.pose_b;
  if (small_is_a ? contains(p.b, p.pose_b, p.a, p.pose_a) : contains(p.a, p.pose_a, p.b, p.pose_b))
    return "contained";
  if (in_band(r, -1e-6, 1e-6)) return "touching";
  if (!r.intersecting && in_band(r, 0.9e-4, 0.11)) return "gap";
  if (r.intersecting && r.depth <= 0.51 * world_diagonal(small, pose_small)) return "shallow";
  return "other";
}

/// Checks a pair against its category; returns false (and fails) when it is
/// not what the category promises. Counts outcomes in `tally`.
void classify(const pairs::Pair& p, const ref::Answer& r, Tally& tally) {
  INFO(p.name() << " separation/size " << r.separation / r.size);
  REQUIRE(r.ok);
  ++tally[r.intersecting ? "intersecting" : "separated"];
  const dvec3 ax = r.axis;
  switch (p.category) {
    case Category::separated:
      CHECK((!r.intersecting && in_band(r, 0.01, 1.0)));
      break;
    case Category::near_touching:
      CHECK(in_band(r, -1e-6, 1e-6));
      break;
    case Category::shallow:
      CHECK((r.intersecting && in_band(r, -0.05, -0.001)));
      break;
    case Category::deep:
      CHECK((r.intersecting && in_band(r, -0.5, -0.1)));
      break;
    case Category::contained: {
      const bool b_in_a = contains(p.a, p.pose_a, p.b, p.pose_b);
      const bool a_in_b = contains(p.b, p.pose_b, p.a, p.pose_a);
      CHECK((b_in_a || a_in_b));
      CHECK(r.depth > 0);
      ++tally[b_in_a ? "b_in_a" : "a_in_b"];
      break;
    }
    case Category::face_face_parallel: {
      CHECK(in_band(r, -0.05, 0.05));
      const bool faces = has_direction(world_normals(p.a, p.pose_a), ax) &&
                         has_direction(world_normals(p.b, p.pose_b), -ax);
      ++tally[faces ? "axis_face_face" : "axis_other"];
      break;
    }
    case Category::edge_edge_crossing:
      CHECK(in_band(r, -0.05, 0.05));
      ++tally[edge_axis(p, ax) ? "axis_edge_edge" : "axis_other"];
      break;
    case Category::box_box:
      CHECK((p.a.vertex_count() == 8 && p.b.vertex_count() == 8));
      CHECK((p.a.face_count() == 6 && p.b.face_count() == 6));
      break;
    case Category::flat_polygon:
      CHECK((p.a.is_flat() || p.b.is_flat()));
      if (r.flat) ++tally["coplanar"];
      break;
    case Category::far_from_origin:
      CHECK(glm::length(dvec3(p.pose_a.translation)) >= 1e3);
      CHECK((in_band(r, 0.01, 1.0) || in_band(r, -0.05, -0.001)));
      break;
    case Category::tiny_scale:
      CHECK((r.size > 1e-4 && r.size < 1e-2));
      break;
    case Category::huge_scale:
      CHECK((r.size > 1e3 && r.size < 1e5));
      break;
    case Category::large_hulls:
      CHECK((p.a.vertex_count() >= 500 && p.b.vertex_count() >= 500));
      CHECK((p.a.vertex_count() <= 2000 && p.b.vertex_count() <= 2000));
      break;
    case Category::flat_vs_hull: {
      CHECK(p.a.is_flat() != p.b.is_flat());
      const Hull& solid = p.a.is_flat() ? p.b : p.a;
      CHECK((solid.vertex_count() >= 32 && solid.vertex_count() <= 512));
      if (r.flat) ++tally["coplanar"];
      if (p.seed % 4 == 3)
        ++tally[std::abs(r.separation) <= 0.05 * r.size ? "on_face" : "off_face"];
      break;
    }
    case Category::near_parallel_edges: {
      CHECK(std::abs(r.separation) <= 3e-2 * r.size);
      const double angle = min_edge_angle(p);
      CHECK((angle >= 1e-6 - angle_slop && angle <= 1e-2 + angle_slop));
      ++tally[angle < 1e-4 ? "angle<1e-4" : "angle>=1e-4"];
      // Apart, the ridges' crossing is the closest pair of points.
      const bool edges = edge_axis(p, ax);
      if (!r.intersecting) CHECK(edges);
      ++tally[edges ? "axis_edge_edge" : "axis_other"];
      check_side(p, r, tally);
      break;
    }
    case Category::tiny_features: {
      CHECK(std::abs(r.separation) <= 0.1 * r.size);
      const double extent = p.a.extent();
      const double shortest = shortest_edge(p.a);
      CHECK((shortest >= 3e-5 * extent && shortest <= 1.5e-2 * extent));
      const bool at_feature = support_on_short_edge(p.a, p.pose_a, r.axis, 1.5e-2 * extent);
      ++tally[at_feature ? "at_feature" : "elsewhere"];
      check_side(p, r, tally);
      break;
    }
    case Category::big_vs_small: {
      const double ea = p.a.extent(), eb = p.b.extent();
      const double ratio = std::max(ea, eb) / std::min(ea, eb);
      CHECK((ratio >= 1e2 * (1 - 1e-5) && ratio <= 1e3 * (1 + 1e-5)));
      CHECK((ea < eb) == (p.seed % 2 == 1));
      const std::string outcome = big_small_outcome(p, r);
      const char* aimed[] = {"gap", "touching", "shallow", "contained"};
      CHECK(outcome == aimed[p.seed / 2 % 4]);
      ++tally[outcome];
      break;
    }
  }
}

void print(Category c, const Tally& tally) {
  std::printf("%-20s", pairs::to_string(c));
  for (const auto& [name, count] : tally) std::printf(" %s=%d", name.c_str(), count);
  std::printf("\n");
}

}  // namespace

TEST_CASE("Rng is deterministic and uniform enough", "[pairs]") {
  pairs::Rng a(42), b(42), c(43);
  bool differs = false;
  double sum = 0;
  for (int i = 0; i < 10000; ++i) {
    const std::uint64_t x = a.next();
    CHECK(x == b.next());
    differs = differs || x != c.next();
    const double u = a.uniform(2, 3);
    b.uniform(2, 3);
    REQUIRE((u >= 2 && u < 3));
    sum += u;
    const int k = a.integer(-3, 3);
    b.integer(-3, 3);
    REQUIRE((k >= -3 && k <= 3));
    CHECK(glm::length(a.unit()) == Approx(1));
    CHECK(glm::length(a.rotation()) == Approx(1));
    b.unit(), b.rotation();
  }
  CHECK(differs);
  CHECK(sum / 10000 == Approx(2.5).margin(0.01));
}

TEST_CASE("same seed gives the same pair, another seed another", "[pairs]") {
  for (Category c : pairs::all_categories()) {
    if (c == Category::large_hulls) continue;  // covered below, once
    INFO(pairs::to_string(c));
    CHECK(same_pair(pairs::make_pair(c, 7), pairs::make_pair(c, 7)));
    CHECK_FALSE(same_pair(pairs::make_pair(c, 7), pairs::make_pair(c, 8)));
  }
  CHECK(same_pair(pairs::make_pair(Category::large_hulls, 1),
                  pairs::make_pair(Category::large_hulls, 1)));
  CHECK(pairs::make_pair(Category::deep, 3).name() == "deep/3");
}

TEST_CASE("every category gives valid hulls", "[pairs]") {
  for (Category c : pairs::all_categories())
    for (std::uint64_t seed = 0; seed < (c == Category::large_hulls ? 2 : 20); ++seed) {
      const pairs::Pair p = pairs::make_pair(c, seed);
      INFO(p.name());
      const HullReport ra = validate(p.a), rb = validate(p.b);
      CHECK(ra.ok);
      CHECK(rb.ok);
      const std::size_t most = c == Category::large_hulls    ? 2000
                               : c == Category::flat_vs_hull ? 512
                                                             : 64;
      CHECK((p.a.vertex_count() >= 3 && p.a.vertex_count() <= most));
      CHECK((p.b.vertex_count() >= 3 && p.b.vertex_count() <= most));
      CHECK(p.category == c);
      CHECK(p.seed == seed);
    }
}

TEST_CASE("the reference classifies each category as intended", "[pairs][reference]") {
  for (Category c : pairs::all_categories()) {
    Tally tally;
    const std::uint64_t n = c == Category::large_hulls ? large_seeds : seeds;
    for (std::uint64_t seed = 0; seed < n; ++seed) {
      const pairs::Pair p = pairs::make_pair(c, seed);
      classify(p, ref::minkowski(p.a, p.pose_a, p.b, p.pose_b), tally);
    }
    print(c, tally);
    INFO(pairs::to_string(c));
    const int hits = tally["intersecting"] + tally["separated"];
    CHECK(hits == int(n));
    // Categories that promise both outcomes must show both.
    const bool both = c != Category::separated && c != Category::shallow && c != Category::deep &&
                      c != Category::contained;
    if (both) {
      CHECK(tally["intersecting"] > 0);
      CHECK(tally["separated"] > 0);
    }
    if (c == Category::contained) CHECK((tally["b_in_a"] > 0 && tally["a_in_b"] > 0));
    if (c == Category::flat_polygon) CHECK(tally["coplanar"] > 0);
    if (c == Category::flat_vs_hull) CHECK(tally["on_face"] > 0);
    if (c == Category::face_face_parallel) CHECK(tally["axis_face_face"] >= 0.9 * n);
    if (c == Category::edge_edge_crossing) CHECK(tally["axis_edge_edge"] >= 0.8 * n);
    if (c == Category::near_parallel_edges || c == Category::tiny_features)
      CHECK((tally["close"] > 0 && tally["far"] > 0));
    if (c == Category::near_parallel_edges)
      CHECK((tally["angle<1e-4"] > 0 && tally["angle>=1e-4"] > 0));
    if (c == Category::tiny_features) CHECK(tally["at_feature"] >= 0.9 * n);
    if (c == Category::big_vs_small)
      for (const char* outcome : {"gap", "touching", "shallow", "contained"})
        CHECK(tally[outcome] > 0);
  }
}
