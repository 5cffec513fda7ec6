// sepax: axis caches for many pairs, keyed by body ids, for engines.
//
// An engine that tests thousands of pairs per frame keeps one sat::Cache per
// pair, and a sat::Resting for the pairs that rest. PairCache holds them,
// keyed by two 64-bit ids in either order: the pair (7, 3) is the pair
// (3, 7), and its answer comes back oriented for the order asked.
#pragma once

#include "sepax/sat.hpp"

#include <cstdint>
#include <memory>
#include <unordered_map>

namespace sepax::sat {

/// Caches of many pairs, keyed by body ids (order-independent). Not
/// thread-safe: one PairCache per thread, or lock around it. A query
/// allocates only when it meets a pair for the first time.
class SEPAX_API PairCache {
 public:
  /// `resting`: keep a Resting for every pair (about 0.55 KB each), so that
  /// resting pairs are cheap; false keeps only the Cache (32 bytes).
  explicit PairCache(bool resting = true) : resting_(resting) {}

  /// sat::query through the pair's cache and resting state (created cold on
  /// first use).
  [[nodiscard]] Result query(std::uint64_t id_a, const Hull& a, const Pose& pose_a,
                             std::uint64_t id_b, const Hull& b, const Pose& pose_b);
  /// sat::intersect through the pair's cache and resting state.
  [[nodiscard]] bool intersect(std::uint64_t id_a, const Hull& a, const Pose& pose_a,
                               std::uint64_t id_b, const Hull& b, const Pose& pose_b);

  /// The pair's cache, or nullptr when the pair has none. Its features refer
  /// to the body with the smaller id as A.
  [[nodiscard]] const Cache* find(std::uint64_t id_a, std::uint64_t id_b) const;
  /// Forgets one pair (when its bodies stop overlapping in the broadphase).
  void erase(std::uint64_t id_a, std::uint64_t id_b);
  /// Forgets every pair that involves body `id` (when it is removed). O(size()).
  void erase_body(std::uint64_t id);
  /// Forgets everything (a new scene); keeps the memory.
  void clear() { entries_.clear(); }
  /// Number of pairs held.
  [[nodiscard]] std::size_t size() const { return entries_.size(); }

 private:
  struct Key {
    std::uint64_t low;
    std::uint64_t high;
    friend bool operator==(const Key&, const Key&) = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const noexcept;
  };
  static Key key(std::uint64_t a, std::uint64_t b) { return a < b ? Key{a, b} : Key{b, a}; }

  struct Entry {
    Cache cache;
    std::unique_ptr<Resting> resting;  ///< null when the PairCache keeps none
  };
  Entry& entry(std::uint64_t id_a, std::uint64_t id_b);

  std::unordered_map<Key, Entry, KeyHash> entries_;
  bool resting_ = true;
};

}  // namespace sepax::sat
