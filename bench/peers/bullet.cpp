// bench_peers and bench_contact: Bullet adapter (the double-precision
// build, bullet-float64, when Debian's pkg-config has it). Each hull becomes
// a btConvexHullShape of its vertices with collision margin 0, so that
// Bullet answers for the hull itself and not for a rounded one. Rows:
//  - gjk_distance: btGjkPairDetector (Voronoi simplex solver, GJK-EPA depth
//    solver for overlaps), a new detector per query (cold);
//    gjk_distance_warm keeps the detector, whose cached separating axis
//    seeds the next query (coherent motion only);
//  - epa: btGjkEpaSolver2::Penetration;
//  - sat: btPolyhedralContactClipping::findSeparatingAxis on the
//    btConvexPolyhedron that initializePolyhedralFeatures builds. It returns
//    the axis but not the depth: the adapter projects both hulls on the axis
//    (btConvexPolyhedron::project, the same test Bullet runs per axis) and
//    reports the smaller push-out, so its time includes one O(V) projection;
//  - clip (bench_contact): the polyhedral contact pipeline as
//    btConvexConvexAlgorithm::processCollision runs it with
//    m_enableSatConvex: findSeparatingAxis (an edge-edge axis adds the
//    edges' closest points), then on overlap clipHullAgainstHull (B's face
//    most aligned with the axis clipped against A's face most anti-parallel
//    to it), minDist -1e30 less the margin, maxDist the margin, the vertex
//    arrays kept from query to query. Its points are all Bullet's clipping
//    gives (its persistent manifold reduces them to 4 later).
#include "adapter.hpp"
#include "bullet_shape.hpp"

#include <BulletCollision/CollisionShapes/btConvexHullShape.h>
#include <BulletCollision/CollisionShapes/btConvexPolyhedron.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpa2.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h>
#include <BulletCollision/NarrowPhaseCollision/btPointCollector.h>
#include <BulletCollision/NarrowPhaseCollision/btPolyhedralContactClipping.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>

#include <algorithm>

namespace peers {
namespace {

enum class Call { distance, distance_warm, epa, sat, clip };

sepax::vec3 vec_of(const btVector3& v) {
  return {sepax::real(v.x()), sepax::real(v.y()), sepax::real(v.z())};
}

/// Counts Bullet's contact points (normalOnB points from B to A; the point
/// is on B; depth < 0 is penetration) and keeps the deepest one's normal
/// and depth.
struct Points final : btDiscreteCollisionDetectorInterface::Result {
  Answer* out = nullptr;

  void setShapeIdentifiersA(int, int) override {}
  void setShapeIdentifiersB(int, int) override {}
  void addContactPoint(const btVector3& normal_on_b, const btVector3&, btScalar depth) override {
    if (out == nullptr) return;
    const double d = -double(depth);
    if (out->points++ == 0 || d > out->depth) {
      out->depth = d;
      out->normal = -vec_of(normal_on_b);
    }
  }
};

class Bullet final : public Prepared {
 public:
  Bullet(const bench::PairCase& p, Call call)
      : Prepared(p),
        call_(call),
        a_(bullet_shape(*p.a, call == Call::sat || call == Call::clip)),
        b_(bullet_shape(*p.b, call == Call::sat || call == Call::clip)),
        ta_(bullet_transform(p.pose_a)),
        margin_(btScalar(contact_margin(p))),
        detector_(a_.get(), b_.get(), &simplex_, &depth_solver_) {
    for (const sepax::Pose& q : p.pose_b) tb_.push_back(bullet_transform(q));
  }

  Answer run(int frame) override {
    const btTransform& tb = tb_[std::size_t(frame)];
    switch (call_) {
      case Call::distance:
        return distance(tb, false);
      case Call::distance_warm:
        return distance(tb, true);
      case Call::epa:
        return epa(tb);
      case Call::sat:
        return sat(tb);
      case Call::clip:
        return clip(tb);
    }
    return {};
  }

 private:
  Answer distance(const btTransform& tb, bool warm) {
    btGjkPairDetector::ClosestPointInput in;
    in.m_transformA = ta_;
    in.m_transformB = tb;
    btPointCollector out;
    Answer r;
    if (warm) {
      detector_.getClosestPoints(in, out, nullptr);
      r.iterations = detector_.m_curIter;
    } else {
      btVoronoiSimplexSolver simplex;
      btGjkPairDetector cold(a_.get(), b_.get(), &simplex, &depth_solver_);
      cold.getClosestPoints(in, out, nullptr);
      r.iterations = cold.m_curIter;
    }
    if (!out.m_hasResult) return r;  // no answer: counted as "apart, distance unknown"
    r.intersecting = out.m_distance <= 0;
    if (r.intersecting) {
      r.depth = -double(out.m_distance);
    } else {
      r.distance = double(out.m_distance);
    }
    return r;
  }

  Answer epa(const btTransform& tb) {
    btGjkEpaSolver2::sResults res;
    const btVector3 guess = tb.getOrigin() - ta_.getOrigin();
    Answer r;
    r.intersecting = btGjkEpaSolver2::Penetration(a_.get(), ta_, b_.get(), tb, guess, res, true);
    if (r.intersecting) r.depth = -double(res.distance);
    return r;
  }

  Answer sat(const btTransform& tb) {
    const btConvexPolyhedron& pa = *a_->getConvexPolyhedron();
    const btConvexPolyhedron& pb = *b_->getConvexPolyhedron();
    btVector3 axis(0, 0, 1);
    Points sink;  // no points wanted
    Answer r;
    r.intersecting = btPolyhedralContactClipping::findSeparatingAxis(pa, pb, ta_, tb, axis, sink);
    if (r.intersecting) {
      btScalar min_a, max_a, min_b, max_b;
      btVector3 w0, w1;
      pa.project(ta_, axis, min_a, max_a, w0, w1);
      pb.project(tb, axis, min_b, max_b, w0, w1);
      r.depth = double(std::min(max_a - min_b, max_b - min_a));
    }
    return r;
  }

  Answer clip(const btTransform& tb) {
    const btConvexPolyhedron& pa = *a_->getConvexPolyhedron();
    const btConvexPolyhedron& pb = *b_->getConvexPolyhedron();
    Answer r;
    r.points = 0;
    Points sink;
    sink.out = &r;
    btVector3 axis(0, 0, 1);
    if (btPolyhedralContactClipping::findSeparatingAxis(pa, pb, ta_, tb, axis, sink)) {
      verts1_.resize(0);
      btPolyhedralContactClipping::clipHullAgainstHull(
          axis, pa, pb, ta_, tb, btScalar(-1e30) - margin_, margin_, verts1_, verts2_, sink);
    }
    r.intersecting = r.points > 0;
    return r;
  }

  Call call_;
  std::unique_ptr<btConvexHullShape> a_, b_;
  btTransform ta_;
  std::vector<btTransform> tb_;
  btScalar margin_;
  btVertexArray verts1_, verts2_;
  btVoronoiSimplexSolver simplex_;
  btGjkEpaPenetrationDepthSolver depth_solver_;
  btGjkPairDetector detector_;
};

Algorithm make(const char* name, unsigned answers, Call call, bool stateful = false,
               int max_vertices = 0) {
  return {.name = name,
          .answers = answers,
          .stateful = stateful,
          .max_vertices = max_vertices,
          .prepare = prepare_as<Bullet>(call)};
}

void add_bullet(std::vector<Algorithm>& out) {
  const unsigned all = boolean | penetration | distance;
  out.push_back(make("bullet.gjk_distance", all, Call::distance));
  out.push_back(make("bullet.gjk_distance_warm", all, Call::distance_warm, true));
  out.push_back(make("bullet.epa", boolean | penetration, Call::epa));
  // findSeparatingAxis tries every pair of unique edge directions, each
  // projected over all vertices: O(E_A E_B (V_A + V_B)), seconds per query
  // beyond a few hundred vertices.
  out.push_back(make("bullet.sat", boolean | penetration, Call::sat, false, 128));
  out.push_back(make("bullet.clip", boolean | contact, Call::clip, false, 128));
}

}  // namespace

const Registration registration("bullet", SEPAX_BENCH_BULLET_VERSION, add_bullet);

}  // namespace peers
