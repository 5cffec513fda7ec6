// Pair-keyed axis caches.
#include "sepax/sat_pair_cache.hpp"

namespace sepax::sat {

Result mirrored(const Result& r) {
  Result m = r;
  m.axis = -r.axis;
  m.feature.a = r.feature.b;
  m.feature.b = r.feature.a;
  switch (r.feature.kind) {
    case FeatureKind::face_a:
      m.feature.kind = FeatureKind::face_b;
      break;
    case FeatureKind::face_b:
      m.feature.kind = FeatureKind::face_a;
      break;
    case FeatureKind::edge_normal_a:
      m.feature.kind = FeatureKind::edge_normal_b;
      break;
    case FeatureKind::edge_normal_b:
      m.feature.kind = FeatureKind::edge_normal_a;
      break;
    default:
      break;
  }
  return m;
}

// The low id is always A in the cache, so a pair asked in the other order
// runs swapped and its answer is mirrored back.
Result PairCache::query(std::uint64_t id_a, const Hull& a, const Pose& pose_a, std::uint64_t id_b,
                        const Hull& b, const Pose& pose_b) {
  Cache& cache = entries_[key(id_a, id_b)];
  if (id_a <= id_b) return sat::query(a, pose_a, b, pose_b, &cache);
  return mirrored(sat::query(b, pose_b, a, pose_a, &cache));
}

bool PairCache::intersect(std::uint64_t id_a, const Hull& a, const Pose& pose_a, std::uint64_t id_b,
                          const Hull& b, const Pose& pose_b) {
  Cache& cache = entries_[key(id_a, id_b)];
  if (id_a <= id_b) return sat::intersect(a, pose_a, b, pose_b, &cache);
  return sat::intersect(b, pose_b, a, pose_a, &cache);
}

const Cache* PairCache::find(std::uint64_t id_a, std::uint64_t id_b) const {
  const auto it = entries_.find(key(id_a, id_b));
  return it == entries_.end() ? nullptr : &it->second;
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
