// Support mapping: hill climbing against the plain climb it must match
// vertex for vertex (tests/support/climb_reference.hpp) and against the
// scan (same value), on hulls and directions where its fast paths decide
// (random hulls, random directions) and where it defers to the exact tests
// (face normals: tied corners; prisms, pyramids, polygons: polygon faces);
// and the per-vertex data the climb reads.
#include "climb_reference.hpp"
#include "sepax/hull.hpp"
#include "sepax/shapes.hpp"
#include "sepax/support.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

using namespace sepax;

namespace {

struct Named {
  std::string name;
  Hull hull;
};

Hull shifted(const Hull& h, const vec3& offset) {
  std::vector<vec3> p(h.vertices().begin(), h.vertices().end());
  for (vec3& x : p) x += offset;
  return Hull::from_points(p).hull;
}

// Random hulls, one far from its frame's origin, prisms, a pyramid, a flat
// polygon, and a grid cube whose faces are polygons of many tied corners.
std::vector<Named> hulls() {
  std::vector<Named> out;
  for (int n : {40, 128, 1000})
    out.push_back({"random_hull " + std::to_string(n), shapes::random_hull(n, 1, 900 + n)});
  out.push_back({"random_hull 200 at 100", shifted(shapes::random_hull(200, 1, 5), vec3(100))});
  out.push_back({"cylinder 40", shapes::cylinder(1, 2, 40)});
  out.push_back({"cylinder 300", shapes::cylinder(2, real(0.1), 300)});
  out.push_back({"cone 48", shapes::cone(1, 1, 48)});
  out.push_back({"polygon 64", shapes::polygon(1, 64)});
  std::vector<vec3> grid;
  for (int i = 0; i <= 6; ++i)
    for (int j = 0; j <= 6; ++j)
      for (int k = 0; k <= 6; ++k)
        if (i % 6 == 0 || j % 6 == 0 || k % 6 == 0) grid.push_back(vec3(i, j, k) * real(0.25));
  out.push_back({"grid cube", Hull::from_points(grid).hull});
  return out;
}

// 300 random directions (not unit length), every face normal and its
// opposite, and the six axes.
std::vector<vec3> directions(const Hull& h, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal;
  std::vector<vec3> out;
  for (int i = 0; i < 300; ++i)
    out.push_back(vec3(real(normal(rng)), real(normal(rng)), real(normal(rng))) * real(3));
  for (const Plane& p : h.planes()) {
    out.push_back(p.normal);
    out.push_back(-p.normal);
  }
  for (int axis = 0; axis < 3; ++axis)
    for (real sign : {real(1), real(-1)}) {
      vec3 d(0);
      d[axis] = sign;
      out.push_back(d);
    }
  return out;
}

struct Tally {
  int queries = 0;
  int differ = 0;  // not the plain climb's vertex
  int short_of_scan = 0;
  int by_bound = 0;  // stops where every gain was far from zero
  int exact = 0;     // stops next to a gain within the tie band
};

// Climbs along every direction from the seed table, the previous answer and
// a vertex that walks round the hull. A stop was decided by the climb's
// bound alone when every neighbour's gain is farther from zero than twice
// the tie band (the bound, tol::degenerate * extent * |d| plus a few eps of
// the bounds' span times |d|, is below that in both precisions), and with
// an exact test when one is within the band.
void climb_all(const Hull& h, std::uint64_t seed, Tally& t) {
  const auto v = h.vertices();
  index_t last = 0;
  const std::vector<vec3> dirs = directions(h, seed);
  for (std::size_t i = 0; i < dirs.size(); ++i) {
    const vec3& d = dirs[i];
    const real len = glm::length(d);
    const real best = glm::dot(v[support_brute(h, d)], d);
    const index_t starts[] = {-1, last, index_t(i % v.size())};
    for (int s = 0; s < 3; ++s) {
      const index_t start = starts[s];
      const index_t got = support_climb(h, d, start);
      ++t.queries;
      if (got != test::climb_reference(h, d, start)) ++t.differ;
      if (glm::dot(v[got], d) < best - 8 * tol::eps * h.magnitude() * len) ++t.short_of_scan;
      const real band = tol::degenerate * h.extent() * len;
      bool far = true, near = false;
      for (const NeighborEdge& n : h.neighbor_edges(got)) {
        const real gain = std::abs(glm::dot(n.step, d));
        far = far && gain > 2 * band;
        near = near || gain <= band;
      }
      t.by_bound += far ? 1 : 0;
      t.exact += near ? 1 : 0;
      if (s == 1) last = got;
    }
  }
}

}  // namespace

TEST_CASE("hill climbing finds the plain climb's vertex and the scan's value", "[support]") {
  Tally all;
  std::uint64_t seed = 1;
  for (const Named& n : hulls()) {
    INFO(n.name);
    REQUIRE_FALSE(n.hull.empty());
    Tally t;
    climb_all(n.hull, seed++, t);
    CHECK(t.differ == 0);
    CHECK(t.short_of_scan == 0);
    all.queries += t.queries, all.by_bound += t.by_bound, all.exact += t.exact;
  }
  // Both ways of deciding occur, so the test cannot pass vacuously.
  INFO("queries " << all.queries << ", decided by the bound " << all.by_bound
                  << ", with an exact test " << all.exact);
  CHECK(all.by_bound > all.queries / 4);
  CHECK(all.exact > all.queries / 10);
}

TEST_CASE("hull data for hill climbing: neighbour edges and polygon corners", "[support][hull]") {
  int on_polygon = 0, off_polygon = 0;
  for (const Named& n : hulls()) {
    INFO(n.name);
    const Hull& h = n.hull;
    const auto v = h.vertices();
    std::vector<bool> corner(v.size(), false);
    for (const Face& f : h.faces()) {
      index_t e = f.edge;
      for (index_t k = 0; k < f.count; ++k, e = h.half_edges()[e].next)
        if (f.count > 3) corner[h.half_edges()[e].origin] = true;
    }
    int bad_edges = 0, bad_flags = 0;
    for (index_t i = 0; i < index_t(v.size()); ++i) {
      const auto edges = h.neighbor_edges(i);
      const auto neighbors = h.neighbors(i);
      REQUIRE(edges.size() == neighbors.size());
      for (std::size_t k = 0; k < edges.size(); ++k)
        if (edges[k].vertex != neighbors[k] || edges[k].step != v[neighbors[k]] - v[i]) ++bad_edges;
      if (h.on_polygon(i) != corner[i]) ++bad_flags;
      (h.on_polygon(i) ? on_polygon : off_polygon) += 1;
    }
    CHECK(bad_edges == 0);
    CHECK(bad_flags == 0);
  }
  CHECK(on_polygon > 0);
  CHECK(off_polygon > 0);
}
