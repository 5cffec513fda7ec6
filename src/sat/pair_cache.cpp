// Pair-keyed axis caches.
#include "sepax/sat_pair_cache.hpp"

namespace sepax::sat {

// The low id is always A in the cache, so a pair asked in the other order
// runs swapped and its answer is mirrored back.
PairCache::Entry& PairCache::entry(std::uint64_t id_a, std::uint64_t id_b) {
  const auto [it, added] = entries_.try_emplace(key(id_a, id_b));
  if (added && resting_) it->second.resting = std::make_unique<Resting>();
  return it->second;
}

Result PairCache::query(std::uint64_t id_a, const Hull& a, const Pose& pose_a, std::uint64_t id_b,
                        const Hull& b, const Pose& pose_b) {
  Entry& e = entry(id_a, id_b);
  if (id_a <= id_b) return sat::query(a, pose_a, b, pose_b, &e.cache, e.resting.get());
  return mirrored(sat::query(b, pose_b, a, pose_a, &e.cache, e.resting.get()));
}

bool PairCache::intersect(std::uint64_t id_a, const Hull& a, const Pose& pose_a, std::uint64_t id_b,
                          const Hull& b, const Pose& pose_b) {
  Entry& e = entry(id_a, id_b);
  if (id_a <= id_b) return sat::intersect(a, pose_a, b, pose_b, &e.cache, e.resting.get());
  return sat::intersect(b, pose_b, a, pose_a, &e.cache, e.resting.get());
}

const Cache* PairCache::find(std::uint64_t id_a, std::uint64_t id_b) const {
  const auto it = entries_.find(key(id_a, id_b));
  return it == entries_.end() ? nullptr : &it->second.cache;
}

void PairCache::erase(std::uint64_t id_a, std::uint64_t id_b) {
  entries_.erase(key(id_a, id_b));
}

void PairCache::erase_body(std::uint64_t id) {
  std::erase_if(entries_, [id](const auto& e) { return e.first.low == id || e.first.high == id; });
}

// splitmix64's finalizer over both ids: well spread for sequential ids.
std::size_t PairCache::KeyHash::operator()(const Key& k) const noexcept {
  std::uint64_t x = k.low * 0x9E3779B97F4A7C15ull ^ (k.high + 0x632BE59BD9B4E019ull);
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBull;
  x ^= x >> 31;
  return static_cast<std::size_t>(x);
}

}  // namespace sepax::sat
