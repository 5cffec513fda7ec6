#include "sepax/shapes.hpp"

#include <cassert>
#include <cmath>
#include <numbers>
#include <random>

namespace sepax::shapes {
namespace {

// The factories' inputs are known to give valid hulls; a failure here is a
// programming error (a zero size, fewer than three sides).
Hull must(std::vector<vec3> points) {
  HullResult r = Hull::from_points(points);
  assert(r.ok() && "shape factory given a degenerate size");
  return std::move(r.hull);
}

// Uniform in [0, 1) from 53 (or 24) random bits: the same numbers on every
// standard library, unlike std::uniform_real_distribution.
real unit(std::mt19937_64& rng) {
  return real(double(rng() >> 11) * 0x1.0p-53);
}

std::vector<vec3> ring(real r, real z, int sides) {
  std::vector<vec3> p;
  for (int i = 0; i < sides; ++i) {
    const real a = real(2) * std::numbers::pi_v<real> * real(i) / real(sides);
    p.push_back(vec3(r * std::cos(a), r * std::sin(a), z));
  }
  return p;
}

}  // namespace

Hull box(const vec3& e) {
  std::vector<vec3> p;
  for (int i = 0; i < 8; ++i)
    p.push_back(vec3(i & 1 ? e.x : -e.x, i & 2 ? e.y : -e.y, i & 4 ? e.z : -e.z));
  return must(std::move(p));
}

Hull tetrahedron(real r) {
  const real s = r / std::sqrt(real(3));
  return must({vec3(s, s, s), vec3(s, -s, -s), vec3(-s, s, -s), vec3(-s, -s, s)});
}

Hull octahedron(real r) {
  return must({vec3(r, 0, 0), vec3(-r, 0, 0), vec3(0, r, 0), vec3(0, -r, 0), vec3(0, 0, r),
               vec3(0, 0, -r)});
}

Hull icosahedron(real r) {
  const real phi = (real(1) + std::sqrt(real(5))) / real(2);
  const real s = r / std::sqrt(real(1) + phi * phi);
  std::vector<vec3> p;
  for (real a : {-s, s})
    for (real b : {-phi * s, phi * s}) {
      p.push_back(vec3(0, a, b));
      p.push_back(vec3(a, b, 0));
      p.push_back(vec3(b, 0, a));
    }
  return must(std::move(p));
}

Hull cylinder(real r, real h, int sides) {
  std::vector<vec3> p = ring(r, -h, sides);
  const std::vector<vec3> top = ring(r, h, sides);
  p.insert(p.end(), top.begin(), top.end());
  return must(std::move(p));
}

Hull cone(real r, real h, int sides) {
  std::vector<vec3> p = ring(r, -h, sides);
  p.push_back(vec3(0, 0, h));
  return must(std::move(p));
}

Hull polygon(real r, int sides) {
  return must(ring(r, 0, sides));
}

std::vector<vec3> sphere_points(int n, real r) {
  // Fibonacci lattice: even spread, no two points coincide.
  std::vector<vec3> p;
  const real golden = std::numbers::pi_v<real> * (real(3) - std::sqrt(real(5)));
  for (int i = 0; i < n; ++i) {
    const real z = real(1) - real(2) * (real(i) + real(0.5)) / real(n);
    const real rho = std::sqrt(std::max(real(0), real(1) - z * z));
    p.push_back(r * vec3(rho * std::cos(golden * real(i)), rho * std::sin(golden * real(i)), z));
  }
  return p;
}

std::vector<vec3> random_sphere_points(int n, real r, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<vec3> p;
  while (int(p.size()) < n) {
    const vec3 q(real(2) * unit(rng) - 1, real(2) * unit(rng) - 1, real(2) * unit(rng) - 1);
    const real len = glm::length(q);
    if (len > real(0.1) && len <= real(1)) p.push_back(q * (r / len));
  }
  return p;
}

Hull random_hull(int n, real r, std::uint64_t seed) {
  return must(random_sphere_points(n, r, seed));
}

}  // namespace sepax::shapes
