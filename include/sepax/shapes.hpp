// sepax: shape factories for tests, benchmarks and demos.
//
// Every factory returns a valid hull centred on the origin of its local frame
// (random hulls: centred near it). Sizes are half-extents or radii.
#pragma once

#include "sepax/hull.hpp"

#include <cstdint>
#include <vector>

namespace sepax::shapes {

/// Box with the given half-extents (all > 0): 8 vertices, 6 faces, 12 edges.
[[nodiscard]] SEPAX_API Hull box(const vec3& half_extents);
/// Regular tetrahedron with circumradius r.
[[nodiscard]] SEPAX_API Hull tetrahedron(real r);
/// Regular octahedron with circumradius r.
[[nodiscard]] SEPAX_API Hull octahedron(real r);
/// Regular icosahedron with circumradius r.
[[nodiscard]] SEPAX_API Hull icosahedron(real r);
/// Prism approximating a cylinder around z: `sides` >= 3 sides, radius r,
/// half height h.
[[nodiscard]] SEPAX_API Hull cylinder(real r, real h, int sides);
/// Pyramid approximating a cone around z: base radius r at z = -h, apex at z = h.
[[nodiscard]] SEPAX_API Hull cone(real r, real h, int sides);
/// Flat regular polygon in the z = 0 plane (a two-sided hull).
[[nodiscard]] SEPAX_API Hull polygon(real r, int sides);

/// n points spread evenly on a sphere of radius r (Fibonacci lattice).
[[nodiscard]] SEPAX_API std::vector<vec3> sphere_points(int n, real r);
/// n points uniformly random on a sphere of radius r, from a fixed seed.
[[nodiscard]] SEPAX_API std::vector<vec3> random_sphere_points(int n, real r, std::uint64_t seed);
/// Hull of n random points on a sphere of radius r (every point is a hull
/// vertex, so the hull has exactly n vertices for n >= 4).
[[nodiscard]] SEPAX_API Hull random_hull(int n, real r, std::uint64_t seed);

}  // namespace sepax::shapes
