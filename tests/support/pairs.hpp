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
  /// Boxes or wedges whose ridges cross at 1e-6 to 1e-2 radians from
  /// parallel (log-uniform; seeds 4k + 2 and 4k + 3 anti-parallel), a gap
  /// (even seeds) or overlap (odd) of 1e-6 to 3e-2 of the size at the
  /// crossing (log-uniform), then a common random rigid motion.
  near_parallel_edges,
  /// A box with a tiny feature, 1e-4 to 1e-2 of its size (a corner cut off,
  /// a chamfered edge's sliver face, or an edge rounded by up to 24 sliver
  /// faces), with B placed against that feature at a gap (even seeds) or
  /// overlap (odd) of 1e-6 to 1e-1 of the size (log-uniform).
  tiny_features,
  /// One hull 1e2 to 1e3 times smaller than the other (odd seeds: A is the
  /// small one). Seeds 8k + 2j and 8k + 2j + 1 aim at outcome j: 0 apart by
  /// 1e-4 to 1e-1 of the size, 1 within 1e-6 of it, 2 in by at most half
  /// the small one's size, 3 the small one inside the big one.
  big_vs_small,
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
