// The friend of Hull that assembles one from face loops and derives what the
// queries read; not installed. Each step is defined in the hull_*.cpp file
// named beside it.
#pragma once

#include "sepax/hull.hpp"

#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <memory_resource>
#include <span>
#include <vector>

namespace sepax {

/// Polygon loops (vertex indices) in one array: loop f is
/// vertices[start[f] .. start[f + 1]). No allocation per loop.
struct Loops {
  std::vector<index_t> vertices;
  std::vector<index_t> start{0};

  [[nodiscard]] std::size_t size() const { return start.size() - 1; }
  [[nodiscard]] std::span<const index_t> operator[](std::size_t f) const {
    return {vertices.data() + start[f], vertices.data() + start[f + 1]};
  }
  /// Ends the loop made of the vertices appended since the last one ended.
  void close() { start.push_back(index_t(vertices.size())); }
};

/// Memory for the temporary arrays of one derive step: the first 2 KiB on
/// the stack, the rest from the heap, so that deriving a small hull (a
/// triangle, HullBuilder::assign_triangle) allocates nothing and a large
/// one allocates as a std::vector would.
class StepScratch {
 public:
  StepScratch() = default;
  StepScratch(const StepScratch&) = delete;
  StepScratch& operator=(const StepScratch&) = delete;
  [[nodiscard]] std::pmr::memory_resource* resource() { return &resource_; }

 private:
  std::array<std::byte, 2048> buffer_;
  std::pmr::monotonic_buffer_resource resource_{buffer_.data(), buffer_.size()};
};

struct HullBuilder {
  /// Largest absolute coordinate a hull may have: queries take fourth powers
  /// of lengths, so the fourth root of real's range (with a margin of 2^-4),
  /// 2^252 in double and 2^28 in float. Hull::from_points refuses larger
  /// coordinates (non_finite), and so does loading a cooked hull.
  [[nodiscard]] static double max_coordinate() {
    return std::ldexp(1.0, std::numeric_limits<real>::max_exponent / 4 - 4);
  }
  /// Smallest spread (widest side of the bounds) a hull may have: the fourth
  /// root of real's smallest normal number (with a margin of 2^4), below
  /// which fourth powers underflow.
  [[nodiscard]] static double min_spread() {
    return std::ldexp(1.0, std::numeric_limits<real>::min_exponent / 4 + 4);
  }

  /// Builds a hull from polygon loops (vertex indices) that are already
  /// known to be convex, counter-clockwise seen from outside, and to close
  /// into a manifold (or, if `flat`, two loops with opposite orientation),
  /// and derives everything else. Empty when the loops do not close into a
  /// manifold or name a vertex beyond `vertices`. The second form takes one
  /// vector per loop. (hull/topology.cpp)
  [[nodiscard]] static Hull from_loops(std::vector<vec3> vertices, const Loops& loops, bool flat);
  [[nodiscard]] static Hull from_loops(std::vector<vec3> vertices,
                                       const std::vector<std::vector<index_t>>& loops, bool flat);

  /// Makes `h` the two-sided triangle p0 p1 p2 (front face counter-clockwise
  /// seen from its normal's side): what from_loops gives for the loops
  /// (0 1 2) and (0 2 1) of those vertices, flat, without Qhull. After the
  /// first call on a hull (which builds it), later calls rewrite it in place
  /// and allocate nothing: the mesh module's per-triangle step. False, and
  /// `h` empty, when the corners span no triangle (the normal is not
  /// finite). (hull/triangle.cpp)
  static bool assign_triangle(Hull& h, const vec3& p0, const vec3& p1, const vec3& p2);

  /// Coordinates relative to the bounds' centre, in units of a power of two
  /// near the hull's size: exact scaling that keeps normals (size^2) and the
  /// centroid's sums (size^4) in range, and keeps the digits of a hull far
  /// from the origin.
  struct Frame {
    vec3 center{real(0)};
    real unit = 1;
    real per_unit = 1;
  };

  /// Every step below, in order. (hull/topology.cpp)
  static void derive(Hull& h);
  /// Bounds, extent, magnitude; returns the frame the later sums use.
  static Frame derive_bounds(Hull& h);
  /// Planes, and the centroid, in one pass over the faces.
  static void derive_faces(Hull& h, const Frame& frame);
  /// Vertex adjacency, neighbour edges, and the climb's flags.
  static void derive_adjacency(Hull& h);
  /// Hull::climb_across_faces; needs the planes and the magnitude.
  static void derive_climb_flags(Hull& h);

  /// Depth-first face order. (hull/gauss.cpp)
  static void derive_face_order(Hull& h);
  static void derive_edge_arcs(Hull& h);
  static void derive_arc_grid(Hull& h);
  /// Patches of the face order; needs the arcs and the centroid.
  static void derive_patches(Hull& h);
  /// The support seed table; needs the adjacency.
  static void derive_seeds(Hull& h);

  /// The box frame, when the hull is a box. (hull/box_frame.cpp)
  static void derive_box(Hull& h);
};

}  // namespace sepax
