// bench_peers: Bullet adapter (the double-precision build, bullet-float64,
// when Debian's pkg-config has it). Each hull becomes a btConvexHullShape of
// its vertices with collision margin 0, so that Bullet answers for the hull
// itself and not for a rounded one. Rows:
//  - gjk_distance: btGjkPairDetector (Voronoi simplex solver, GJK-EPA depth
//    solver for overlaps), a new detector per query (cold);
//    gjk_distance_warm keeps the detector, whose cached separating axis
//    seeds the next query (coherent motion only);
//  - epa: btGjkEpaSolver2::Penetration;
//  - sat: btPolyhedralContactClipping::findSeparatingAxis on the
//    btConvexPolyhedron that initializePolyhedralFeatures builds. It returns
//    the axis but not the depth: the adapter projects both hulls on the axis
//    (btConvexPolyhedron::project, the same test Bullet runs per axis) and
//    reports the smaller push-out, so its time includes one O(V) projection.
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

enum class Call { distance, distance_warm, epa, sat };

/// findSeparatingAxis reports edge contacts through this; they are not needed.
struct NoContacts final : btDiscreteCollisionDetectorInterface::Result {
  void setShapeIdentifiersA(int, int) override {}
  void setShapeIdentifiersB(int, int) override {}
  void addContactPoint(const btVector3&, const btVector3&, btScalar) override {}
};

class Bullet final : public Prepared {
 public:
  Bullet(const bench::PairCase& p, Call call)
      : Prepared(p),
        call_(call),
        a_(bullet_shape(*p.a, call == Call::sat)),
        b_(bullet_shape(*p.b, call == Call::sat)),
        ta_(bullet_transform(p.pose_a)),
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
    NoContacts sink;
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

  Call call_;
  std::unique_ptr<btConvexHullShape> a_, b_;
  btTransform ta_;
  std::vector<btTransform> tb_;
  btVoronoiSimplexSolver simplex_;
  btGjkEpaPenetrationDepthSolver depth_solver_;
  btGjkPairDetector detector_;
};

Algorithm make(const char* name, unsigned answers, Call call, bool coherent, int max_vertices) {
  return {name, answers, coherent, max_vertices,
          [call](const bench::PairCase& p) -> std::unique_ptr<Prepared> {
            return std::make_unique<Bullet>(p, call);
          }};
}

void add_bullet(std::vector<Algorithm>& out) {
  out.push_back(
      make("bullet.gjk_distance", boolean | penetration | distance, Call::distance, false, 0));
  out.push_back(make("bullet.gjk_distance_warm", boolean | penetration | distance,
                     Call::distance_warm, true, 0));
  out.push_back(make("bullet.epa", boolean | penetration, Call::epa, false, 0));
  // Every pair of unique edge directions, each projected over all vertices:
  // O(E_A E_B (V_A + V_B)), seconds per query beyond a few hundred vertices.
  out.push_back(make("bullet.sat", boolean | penetration, Call::sat, false, 128));
}

}  // namespace

const Registration registration("bullet", add_bullet);

}  // namespace peers
