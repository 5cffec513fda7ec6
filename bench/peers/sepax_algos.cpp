// bench_peers and bench_contact: sepax's own algorithms behind the adapter
// interface. The contact rows: cold (contact::collide without a cache) and
// warm (with the pair's contact::Cache and sat::Resting), margin
// contact_margin; on box pairs also cold_general, the general hull path
// that the box manifold (src/contact/box.cpp) stands in for.
#include "adapter.hpp"
#include "contact/internal.hpp"
#include "sat_reference.hpp"

#include "sepax/contact.hpp"
#include "sepax/epa.hpp"
#include "sepax/gjk.hpp"
#include "sepax/sat.hpp"

#include <algorithm>

namespace peers {
namespace {

using bench::PairCase;
using sepax::Hull;
using sepax::Pose;

int face_of(const sepax::sat::Feature& f) {
  using sepax::sat::FeatureKind;
  return f.kind == FeatureKind::face_a || f.kind == FeatureKind::face_b ? 1 : 0;
}

Answer from_sat(const sepax::sat::Result& r) {
  Answer a;
  a.intersecting = r.intersecting;
  if (r.intersecting) a.depth = -double(r.separation);
  a.normal = r.axis;
  a.face = face_of(r.feature);
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

Answer from_manifold(const sepax::contact::Manifold& m) {
  Answer a;
  a.intersecting = m.count > 0;
  a.points = m.count;
  a.normal = m.normal;
  a.face = face_of(m.feature);
  double deepest = double(m.separation);
  for (int i = 0; i < m.count; ++i)
    deepest =
        i == 0 ? double(m.points[0].separation) : std::min(deepest, double(m.points[i].separation));
  a.depth = -deepest;
  return a;
}

/// A query of pair p with B at pose_b.
using Query = Answer (*)(const PairCase& p, const Pose& pose_b);

template <sepax::sat::Result (*Sat)(const Hull&, const Pose&, const Hull&, const Pose&)>
Answer sat_answer(const PairCase& p, const Pose& pb) {
  return from_sat(Sat(*p.a, p.pose_a, *p.b, pb));
}

sepax::sat::Result sat_query(const Hull& a, const Pose& pa, const Hull& b, const Pose& pb) {
  return sepax::sat::query(a, pa, b, pb);
}

Answer sat_intersect(const PairCase& p, const Pose& pb) {
  Answer r;
  r.intersecting = sepax::sat::intersect(*p.a, p.pose_a, *p.b, pb);
  return r;
}

Answer gjk_intersect(const PairCase& p, const Pose& pb) {
  Answer r;
  r.intersecting = sepax::gjk::intersect(*p.a, p.pose_a, *p.b, pb);
  return r;
}

Answer gjk_distance(const PairCase& p, const Pose& pb) {
  return from_gjk(sepax::gjk::distance(*p.a, p.pose_a, *p.b, pb));
}

/// A query without state (the template argument, so that it inlines).
template <Query Q>
class Stateless final : public Prepared {
 public:
  using Prepared::Prepared;
  Answer run(int frame) override { return Q(pair(), pair().pose_b[std::size_t(frame)]); }
};

/// What the cached rows keep per pair: the caches and the resting state
/// (sat::Resting, opt-in), so that a resting pair is answered from it.
struct SatState {
  sepax::sat::Cache cache;
  sepax::sat::Resting resting;
};
struct ContactState {
  sepax::contact::Cache cache;
  sepax::sat::Resting resting;
};

Answer sat_cached(const PairCase& p, const Pose& pb, SatState* s) {
  return from_sat(sepax::sat::query(*p.a, p.pose_a, *p.b, pb, &s->cache, &s->resting));
}

Answer gjk_warm(const PairCase& p, const Pose& pb, sepax::gjk::Cache* cache) {
  return from_gjk(sepax::gjk::distance(*p.a, p.pose_a, *p.b, pb, cache));
}

Answer collide_warm(const PairCase& p, const Pose& pb, ContactState* s) {
  return from_manifold(
      sepax::contact::collide(*p.a, p.pose_a, *p.b, pb, contact_margin(p), &s->cache, &s->resting));
}

Answer collide(const PairCase& p, const Pose& pb) {
  return from_manifold(sepax::contact::collide(*p.a, p.pose_a, *p.b, pb, contact_margin(p)));
}

/// The general hull path on box pairs, which collide() hands to its box
/// manifold (src/contact/box.cpp): the box manifold's before and after.
Answer collide_general(const PairCase& p, const Pose& pb) {
  return from_manifold(
      sepax::contact::detail::collide_general(*p.a, p.pose_a, *p.b, pb, contact_margin(p)));
}

/// A query that keeps the pair's state (SatState, gjk::Cache,
/// ContactState) from frame to frame along a coherent path.
template <class Cache, Answer (*Q)(const PairCase&, const Pose&, Cache*)>
class Cached final : public Prepared {
 public:
  using Prepared::Prepared;
  Answer run(int frame) override { return Q(pair(), pair().pose_b[std::size_t(frame)], &cache_); }

 private:
  Cache cache_{};
};

/// epa::query with a reusable workspace sized for the pair
/// (epa::workspace_vertices), made once before timing.
class Epa final : public Prepared {
 public:
  explicit Epa(const PairCase& pair)
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
Algorithm algorithm(const char* name, unsigned answers, bool stateful = false,
                    int max_vertices = 0) {
  return {.name = name,
          .answers = answers,
          .stateful = stateful,
          .max_vertices = max_vertices,
          .prepare = prepare_as<P>()};
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
  out.push_back(algorithm<Stateless<collide>>("sepax.cold", boolean | contact));
  Algorithm general =
      algorithm<Stateless<collide_general>>("sepax.cold_general", boolean | contact);
  general.boxes_only = true;  // the same path as sepax.cold on other pairs
  out.push_back(general);
  out.push_back(
      algorithm<Cached<ContactState, collide_warm>>("sepax.warm", boolean | contact, true));
}

}  // namespace

const Registration registration("sepax", "", add_sepax);

}  // namespace peers
