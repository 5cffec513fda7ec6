// Seeded random pairs of posed hulls, by category, for tests and benchmarks.
//
// make_pair(category, seed) is deterministic across platforms and both
// precisions (own generator and integer-to-real mapping, no
// std::uniform_real_distribution), so a failing case is reproduced from its
// category and seed alone.
#pragma once

#include "sepax/hull.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace sepax::pairs {

/// Kinds of pairs the tests must cover. Each maker aims at its category; the
/// reference (reference.hpp) decides what a pair really is, and tests check
/// that each category occurs.
enum class Category {
  separated,           ///< gap between 1% and 100% of the size
  near_touching,       ///< |separation| within 1e-6 of the size, either side
  shallow,             ///< overlap depth 0.1% to 5% of the size
  deep,                ///< overlap depth 10% to 50% of the size
  contained,           ///< B entirely inside A (or A inside B)
  face_face_parallel,  ///< a face of A parallel to a face of B, close (overlap or gap)
  edge_edge_crossing,  ///< deciding feature an edge pair: crossed edges of rotated boxes/wedges
  box_box,             ///< two boxes (shapes::box), random sizes and poses, all outcomes
  flat_polygon,        ///< one or both hulls flat polygons, all outcomes
  far_from_origin,     ///< as shallow/separated but both translated by up to 1e5
  tiny_scale,          ///< sizes 1e-3
  huge_scale,          ///< sizes 1e4
  large_hulls,         ///< 500 to 2000 vertices each
  /// A flat polygon (3 to 20 corners) against a hull of 32 to 512 vertices,
  /// either order, all outcomes; a quarter lie in the plane of a hull face.
  flat_vs_hull,
};

/// All categories, in declaration order.
[[nodiscard]] const std::vector<Category>& all_categories();
/// Name such as "near_touching".
[[nodiscard]] const char* to_string(Category c);

/// Two hulls, each in its local frame, and their poses.
struct Pair {
  Category category = Category::separated;
  std::uint64_t seed = 0;
  Hull a;
  Hull b;
  Pose pose_a;
  Pose pose_b;
  /// "category/seed" for failure messages.
  [[nodiscard]] std::string name() const;
};

/// The pair of `category` for `seed`. Hull sizes 4 to 64 vertices unless the
/// category says otherwise.
[[nodiscard]] Pair make_pair(Category category, std::uint64_t seed);

/// Deterministic uniform numbers from a seed (xoshiro256** seeded by splitmix64,
/// 53-bit mantissa mapping): the same on every platform.
class Rng {
 public:
  explicit Rng(std::uint64_t seed);
  /// Uniform in [lo, hi).
  double uniform(double lo, double hi);
  /// Uniform integer in [lo, hi].
  int integer(int lo, int hi);
  /// Uniform unit vector.
  glm::dvec3 unit();
  /// Uniform random rotation (unit quaternion, Shoemake).
  glm::dquat rotation();
  std::uint64_t next();

 private:
  std::uint64_t state_[4];
};

}  // namespace sepax::pairs
