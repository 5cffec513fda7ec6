// bench_peers: sepax's own algorithms behind the adapter interface.
#include "adapter.hpp"

#include "sepax/epa.hpp"
#include "sepax/gjk.hpp"
#include "sepax/sat.hpp"
#include "sepax/testing.hpp"

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

/// A SAT or GJK function of (A, pose A, B, pose B) turned into a Prepared.
template <class F>
class Stateless final : public Prepared {
 public:
  Stateless(const bench::PairCase& p, F f) : Prepared(p), f_(f) {}
  Answer run() override {
    const int k = step();
    return f_(*pair().a, pair().pose_a, *pair().b, pair().pose_b[std::size_t(k)]);
  }

 private:
  F f_;
};

template <class F>
std::function<std::unique_ptr<Prepared>(const bench::PairCase&)> stateless(F f) {
  return [f](const bench::PairCase& p) -> std::unique_ptr<Prepared> {
    return std::make_unique<Stateless<F>>(p, f);
  };
}

/// sat::query with the pair's Cache, across the frames of a coherent path.
class SatCached final : public Prepared {
 public:
  using Prepared::Prepared;
  Answer run() override {
    const int k = step();
    return from_sat(sepax::sat::query(*pair().a, pair().pose_a, *pair().b,
                                      pair().pose_b[std::size_t(k)], &cache_));
  }

 private:
  sepax::sat::Cache cache_{};
};

/// gjk::distance warm-started from the pair's gjk::Cache.
class GjkWarm final : public Prepared {
 public:
  using Prepared::Prepared;
  Answer run() override {
    const int k = step();
    const sepax::gjk::Result r = sepax::gjk::distance(
        *pair().a, pair().pose_a, *pair().b, pair().pose_b[std::size_t(k)], &cache_);
    Answer a;
    a.intersecting = r.intersecting;
    a.distance = r.intersecting ? 0.0 : double(r.distance);
    a.iterations = r.iterations;
    a.support_calls = r.iterations;
    return a;
  }

 private:
  sepax::gjk::Cache cache_{};
};

/// epa::query with a reusable workspace sized for the pair
/// (epa::workspace_vertices), made once before timing.
class Epa final : public Prepared {
 public:
  explicit Epa(const bench::PairCase& pair)
      : Prepared(pair), ws_(sepax::epa::workspace_vertices(*pair.a, *pair.b)) {}
  Answer run() override {
    const int k = step();
    const sepax::epa::Result r = sepax::epa::query(
        *pair().a, pair().pose_a, *pair().b, pair().pose_b[std::size_t(k)], nullptr, &ws_);
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

}  // namespace

void add_sepax(std::vector<Algorithm>& out) {
  auto sat = [](auto f) {
    return stateless([f](const Hull& a, const Pose& pa, const Hull& b, const Pose& pb) {
      return from_sat(f(a, pa, b, pb));
    });
  };
  out.push_back({"sepax.sat_naive", Kind::penetration, false, 128,
                 sat([](const Hull& a, const Pose& pa, const Hull& b, const Pose& pb) {
                   return sepax::sat::naive_query(a, pa, b, pb);
                 })});
  out.push_back({"sepax.sat_all_edges", Kind::penetration, false, 512,
                 sat([](const Hull& a, const Pose& pa, const Hull& b, const Pose& pb) {
                   return sepax::sat::all_edges_query(a, pa, b, pb);
                 })});
  out.push_back({"sepax.sat_general", Kind::penetration, false, 0,
                 sat([](const Hull& a, const Pose& pa, const Hull& b, const Pose& pb) {
                   return sepax::sat::query_general(a, pa, b, pb);
                 })});
  out.push_back({"sepax.sat_query", Kind::penetration, false, 0,
                 sat([](const Hull& a, const Pose& pa, const Hull& b, const Pose& pb) {
                   return sepax::sat::query(a, pa, b, pb);
                 })});
  out.push_back({"sepax.sat_intersect", Kind::boolean, false, 0,
                 stateless([](const Hull& a, const Pose& pa, const Hull& b, const Pose& pb) {
                   Answer r;
                   r.intersecting = sepax::sat::intersect(a, pa, b, pb);
                   return r;
                 })});
  out.push_back({"sepax.sat_cached", Kind::penetration, true, 0,
                 [](const bench::PairCase& p) -> std::unique_ptr<Prepared> {
                   return std::make_unique<SatCached>(p);
                 }});
  out.push_back({"sepax.gjk_intersect", Kind::boolean, false, 0,
                 stateless([](const Hull& a, const Pose& pa, const Hull& b, const Pose& pb) {
                   Answer r;
                   r.intersecting = sepax::gjk::intersect(a, pa, b, pb);
                   return r;
                 })});
  out.push_back({"sepax.gjk_distance", Kind::distance, false, 0,
                 stateless([](const Hull& a, const Pose& pa, const Hull& b, const Pose& pb) {
                   const sepax::gjk::Result d = sepax::gjk::distance(a, pa, b, pb);
                   Answer r;
                   r.intersecting = d.intersecting;
                   r.distance = d.intersecting ? 0.0 : double(d.distance);
                   r.iterations = d.iterations;
                   r.support_calls = d.iterations;
                   return r;
                 })});
  out.push_back({"sepax.gjk_distance_warm", Kind::distance, true, 0,
                 [](const bench::PairCase& p) -> std::unique_ptr<Prepared> {
                   return std::make_unique<GjkWarm>(p);
                 }});
  out.push_back({"sepax.epa", Kind::penetration, false, 0,
                 [](const bench::PairCase& p) -> std::unique_ptr<Prepared> {
                   return std::make_unique<Epa>(p);
                 }});
}

}  // namespace peers
