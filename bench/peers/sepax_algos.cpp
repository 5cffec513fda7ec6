// bench_peers: sepax's own algorithms behind the adapter interface.
#include "adapter.hpp"

#include <algorithm>
#include <utility>

#include "sat_reference.hpp"
#include "sepax/epa.hpp"
#include "sepax/gjk.hpp"
#include "sepax/sat.hpp"

namespace peers {
namespace {

using sepax::Hull;
using sepax::Pose;

Answer from_sat(const sepax::sat::Result& r) {
  Answer a;
  a.intersecting = r.intersecting;
  if (r.intersecting) a.depth = -double(r.separation);
  a.axes = r.counters.axes_tested;
  a.arc_tests = r.counters.arc_tests;
  a.support_calls = r.counters.support_calls;
  a.cache_hit = r.counters.cache_hit ? 1 : 0;
  return a;
}

/// GJK's support calls are its iterations (one support of the Minkowski
/// difference each).
Answer from_gjk(const sepax::gjk::Result& r) {
  Answer a;
  a.intersecting = r.intersecting;
  a.distance = r.intersecting ? 0.0 : double(r.distance);
  a.iterations = r.iterations;
  a.support_calls = r.iterations;
  return a;
}

using Query = Answer (*)(const Hull&, const Pose&, const Hull&, const Pose&);

template <sepax::sat::Result (*Sat)(const Hull&, const Pose&, const Hull&, const Pose&)>
Answer sat_answer(const Hull& a, const Pose& pa, const Hull& b, const Pose& pb) {
  return from_sat(Sat(a, pa, b, pb));
}

sepax::sat::Result sat_query(const Hull& a, const Pose& pa, const Hull& b, const Pose& pb) {
  return sepax::sat::query(a, pa, b, pb);
}

Answer sat_intersect(const Hull& a, const Pose& pa, const Hull& b, const Pose& pb) {
  Answer r;
  r.intersecting = sepax::sat::intersect(a, pa, b, pb);
  return r;
}

Answer gjk_intersect(const Hull& a, const Pose& pa, const Hull& b, const Pose& pb) {
  Answer r;
  r.intersecting = sepax::gjk::intersect(a, pa, b, pb);
  return r;
}

Answer gjk_distance(const Hull& a, const Pose& pa, const Hull& b, const Pose& pb) {
  return from_gjk(sepax::gjk::distance(a, pa, b, pb));
}

/// A query without state (the template argument, so that it inlines).
template <Query Q>
class Stateless final : public Prepared {
 public:
  using Prepared::Prepared;
  Answer run(int frame) override {
    return Q(*pair().a, pair().pose_a, *pair().b, pair().pose_b[std::size_t(frame)]);
  }
};

/// What sat_cached keeps per pair: the axis cache and the resting state.
struct SatState {
  sepax::sat::Cache cache;
  sepax::sat::Resting resting;
};

Answer sat_cached(const Hull& a, const Pose& pa, const Hull& b, const Pose& pb, SatState* state) {
  return from_sat(sepax::sat::query(a, pa, b, pb, &state->cache, &state->resting));
}

Answer gjk_warm(const Hull& a, const Pose& pa, const Hull& b, const Pose& pb,
                sepax::gjk::Cache* cache) {
  return from_gjk(sepax::gjk::distance(a, pa, b, pb, cache));
}

/// A query that keeps the pair's cache (sat::Cache, gjk::Cache) from frame
/// to frame along a coherent path.
template <class Cache, Answer (*Q)(const Hull&, const Pose&, const Hull&, const Pose&, Cache*)>
class Cached final : public Prepared {
 public:
  using Prepared::Prepared;
  Answer run(int frame) override {
    return Q(*pair().a, pair().pose_a, *pair().b, pair().pose_b[std::size_t(frame)], &cache_);
  }

 private:
  Cache cache_{};
};

/// epa::query with a reusable workspace sized for the pair
/// (epa::workspace_vertices), made once before timing.
class Epa final : public Prepared {
 public:
  explicit Epa(const bench::PairCase& pair)
      : Prepared(pair), ws_(sepax::epa::workspace_vertices(*pair.a, *pair.b)) {}
  Answer run(int frame) override {
    const sepax::epa::Result r = sepax::epa::query(
        *pair().a, pair().pose_a, *pair().b, pair().pose_b[std::size_t(frame)], nullptr, &ws_);
    Answer a;
    a.intersecting = r.intersecting;
    if (r.intersecting) {
      a.depth = -double(r.separation);
    } else {
      a.distance = double(r.separation);
    }
    a.iterations = r.gjk_iterations + r.epa_iterations;
    a.support_calls = a.iterations;
    return a;
  }

 private:
  sepax::epa::Workspace ws_;
};

template <class P>
Algorithm algorithm(const char* name, unsigned answers, bool coherent_only = false,
                    int max_vertices = 0) {
  return {
      name, answers, coherent_only, max_vertices,
      [](const bench::PairCase& p) -> std::unique_ptr<Prepared> { return std::make_unique<P>(p); }};
}

void add_sepax(std::vector<Algorithm>& out) {
  using sepax::ref::sat_all_edges;
  using sepax::ref::sat_naive;
  using sepax::sat::query_general;
  const unsigned depth = boolean | penetration;
  out.push_back(algorithm<Stateless<sat_answer<sat_naive>>>("sepax.sat_naive", depth, false, 128));
  out.push_back(
      algorithm<Stateless<sat_answer<sat_all_edges>>>("sepax.sat_all_edges", depth, false, 512));
  out.push_back(algorithm<Stateless<sat_answer<query_general>>>("sepax.sat_general", depth));
  out.push_back(algorithm<Stateless<sat_answer<sat_query>>>("sepax.sat_query", depth));
  out.push_back(algorithm<Stateless<sat_intersect>>("sepax.sat_intersect", boolean));
  out.push_back(algorithm<Cached<SatState, sat_cached>>("sepax.sat_cached", depth, true));
  out.push_back(algorithm<Stateless<gjk_intersect>>("sepax.gjk_intersect", boolean));
  out.push_back(algorithm<Stateless<gjk_distance>>("sepax.gjk_distance", boolean | distance));
  out.push_back(algorithm<Cached<sepax::gjk::Cache, gjk_warm>>("sepax.gjk_distance_warm",
                                                               boolean | distance, true));
  out.push_back(algorithm<Epa>("sepax.epa", boolean | penetration | distance));
}

}  // namespace

const Registration registration("sepax", add_sepax);

}  // namespace peers

// The registry of adapter libraries (adapter.hpp), here because sepax's own
// algorithms are always built.
namespace peers {

namespace {

std::vector<std::pair<std::string, AddAlgorithms>>& registry() {
  static std::vector<std::pair<std::string, AddAlgorithms>> libraries;
  return libraries;
}

}  // namespace

Registration::Registration(const char* library, AddAlgorithms add) {
  registry().emplace_back(library, add);
}

std::vector<Algorithm> all_algorithms() {
  auto libraries = registry();
  std::sort(libraries.begin(), libraries.end(), [](const auto& a, const auto& b) {
    return (a.first != "sepax") != (b.first != "sepax") ? a.first == "sepax" : a.first < b.first;
  });
  std::vector<Algorithm> out;
  for (const auto& [name, add] : libraries) add(out);
  return out;
}

}  // namespace peers
