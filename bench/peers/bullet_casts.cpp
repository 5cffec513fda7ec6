// bench_cast: Bullet's casts (the double-precision build). Hulls are
// btConvexHullShapes (bullet_shape.hpp), one per sepax hull, shared by the
// pairs, with margin `cast_margin`: with margin 0, btGjkConvexCast loses
// every hit whose step lands on the surface (its GJK, without a depth
// solver, gives no answer at contact, and the cast goes on past the path's
// end). sepax's moving B is Bullet's first shape and A its second, so that
// Bullet's normal on its second shape points from A to B.
//  - ray_test: btCollisionWorld::rayTestSingle, what btCollisionWorld::rayTest
//    calls for each object the ray's bounds meet, with a
//    ClosestRayResultCallback: against a convex shape it casts a point (a
//    btSphereShape of radius 0) with btSubsimplexConvexCast, its default;
//    ray_test_gjk sets kF_UseGjkConvexCastRaytest, as Bullet's own picking
//    demos do, for btGjkConvexCast;
//  - mesh_ray_test: rayTestSingle again, on an object holding a
//    btBvhTriangleMeshShape (a quantized BVH, its default) over a
//    btTriangleIndexVertexArray of the mesh's triangles in btScalar: rayTest's
//    path for a mesh, the shape's performRaycast with a
//    btTriangleRaycastCallback reporting to the ClosestRayResultCallback.
//    Flags 0: back faces too (no kF_FilterBackfaces), as sepax's
//    mesh::ray_cast by default. Its triangle test lets a point lie up to
//    1e-4 (barycentric) outside an edge;
//  - gjk_convex_cast, subsimplex_cast: btGjkConvexCast (GJK's distance,
//    advanced by distance over closing speed until within 0.001) and
//    btSubsimplexConvexCast (van den Bergen's ray cast on the Minkowski
//    difference) with a btVoronoiSimplexSolver: translation only;
//  - continuous: btContinuousConvexCollision with btGjkEpaPenetrationDepthSolver,
//    conservative advancement over poses that move and turn (its
//    btTransformUtil::integrateTransform turns by at most 45 degrees over
//    a cast, ANGULAR_MOTION_THRESHOLD).
#include "adapter.hpp"
#include "bullet_shape.hpp"

#include <BulletCollision/CollisionDispatch/btCollisionObject.h>
#include <BulletCollision/CollisionDispatch/btCollisionWorld.h>
#include <BulletCollision/CollisionShapes/btBvhTriangleMeshShape.h>
#include <BulletCollision/CollisionShapes/btTriangleIndexVertexArray.h>
#include <BulletCollision/NarrowPhaseCollision/btContinuousConvexCollision.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkConvexCast.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btRaycastCallback.h>
#include <BulletCollision/NarrowPhaseCollision/btSubSimplexConvexCast.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>

#include <map>
#include <memory>
#include <vector>

namespace peers {
namespace {

enum class Call { ray_test, ray_test_gjk, gjk_convex_cast, subsimplex_cast, continuous };

btVector3 bullet_vec(const sepax::vec3& v) {
  return {btScalar(v.x), btScalar(v.y), btScalar(v.z)};
}

sepax::vec3 vec_of(const btVector3& v) {
  return {sepax::real(v.x()), sepax::real(v.y()), sepax::real(v.z())};
}

/// The hulls' margin (length): rounds them by far less than the checks'
/// tolerance, yet keeps btGjkConvexCast's GJK answering at contact.
constexpr btScalar cast_margin = 1e-9;

/// One shape per sepax hull, kept for the run (the hulls are).
btConvexHullShape* shape_of(const sepax::Hull& h) {
  static std::map<const sepax::Hull*, std::unique_ptr<btConvexHullShape>> shapes;
  auto& slot = shapes[&h];
  if (!slot) {
    slot = bullet_shape(h, false);
    slot->setMargin(cast_margin);
  }
  return slot.get();
}

/// A mesh as Bullet holds it: its arrays (which the shape points into) and
/// the shape with its BVH, one per mesh, kept for the run.
struct MeshShape {
  std::vector<btScalar> coords;
  std::vector<int> indices;
  std::unique_ptr<btTriangleIndexVertexArray> arrays;
  std::unique_ptr<btBvhTriangleMeshShape> shape;
};

btBvhTriangleMeshShape* mesh_shape_of(const bench::Mesh& m) {
  static std::map<const bench::Mesh*, MeshShape> shapes;
  MeshShape& s = shapes[&m];
  if (!s.shape) {
    for (const sepax::vec3& v : m.points)
      s.coords.insert(s.coords.end(), {btScalar(v.x), btScalar(v.y), btScalar(v.z)});
    for (const auto& t : m.triangles) s.indices.insert(s.indices.end(), t.begin(), t.end());
    s.arrays = std::make_unique<btTriangleIndexVertexArray>(
        int(m.triangles.size()), s.indices.data(), int(3 * sizeof(int)), int(m.points.size()),
        s.coords.data(), int(3 * sizeof(btScalar)));
    s.shape = std::make_unique<btBvhTriangleMeshShape>(s.arrays.get(), true);
  }
  return s.shape.get();
}

class BulletCast final : public Prepared {
 public:
  BulletCast(const bench::PairCase& p, Call call)
      : Prepared(p),
        call_(call),
        a_(p.a ? shape_of(*p.a) : nullptr),
        b_(p.b ? shape_of(*p.b) : nullptr) {
    object_.setCollisionShape(p.mesh ? static_cast<btCollisionShape*>(mesh_shape_of(*p.mesh)) : a_);
    object_.setWorldTransform(bullet_transform(p.pose_a));
    for (std::size_t f = 0; f < p.casts.size(); ++f) {
      const bench::Cast& c = p.casts[f];
      const sepax::Ray& r = c.ray;
      Motion m;
      m.ray_from = bullet_vec(r.origin);
      m.ray_to = bullet_vec(r.origin + r.translation * r.max_fraction);
      m.from_a = bullet_transform(p.pose_a);
      m.to_a = bullet_transform(c.end_a);
      if (p.b) {
        m.from_b = bullet_transform(p.pose_b[f]);
        m.to_b = bullet_transform(c.end_b);
      }
      motions_.push_back(m);
    }
  }

  Answer run(int frame) override {
    const Motion& m = motions_[std::size_t(frame)];
    switch (call_) {
      case Call::ray_test:
        return ray(m, 0);
      case Call::ray_test_gjk:
        return ray(m, btTriangleRaycastCallback::kF_UseGjkConvexCastRaytest);
      case Call::gjk_convex_cast: {
        btVoronoiSimplexSolver simplex;
        btGjkConvexCast caster(b_, a_, &simplex);
        return cast(caster, m);
      }
      case Call::subsimplex_cast: {
        btVoronoiSimplexSolver simplex;
        btSubsimplexConvexCast caster(b_, a_, &simplex);
        return cast(caster, m);
      }
      case Call::continuous: {
        btVoronoiSimplexSolver simplex;
        btContinuousConvexCollision caster(b_, a_, &simplex, &depth_solver_);
        return cast(caster, m);
      }
    }
    return {};
  }

 private:
  struct Motion {
    btVector3 ray_from, ray_to;
    btTransform from_a, to_a, from_b, to_b;
  };

  Answer ray(const Motion& m, unsigned flags) {
    btCollisionWorld::ClosestRayResultCallback cb(m.ray_from, m.ray_to);
    cb.m_flags = flags;
    btTransform from, to;
    from.setIdentity();
    to.setIdentity();
    from.setOrigin(m.ray_from);
    to.setOrigin(m.ray_to);
    btCollisionWorld::rayTestSingle(from, to, &object_, object_.getCollisionShape(),
                                    object_.getWorldTransform(), cb);
    Answer r;
    r.intersecting = cb.hasHit();
    if (r.intersecting) {
      r.fraction = double(cb.m_closestHitFraction);
      r.normal = vec_of(cb.m_hitNormalWorld);
    }
    return r;
  }

  /// B (Bullet's first shape) from from_b to to_b against A (its second).
  static Answer cast(btConvexCast& caster, const Motion& m) {
    btConvexCast::CastResult result;
    Answer r;
    r.intersecting = caster.calcTimeOfImpact(m.from_b, m.to_b, m.from_a, m.to_a, result);
    if (r.intersecting) {
      r.fraction = double(result.m_fraction);
      r.normal = vec_of(result.m_normal);
    }
    return r;
  }

  Call call_;
  btConvexHullShape* a_;
  btConvexHullShape* b_;
  btCollisionObject object_;
  btGjkEpaPenetrationDepthSolver depth_solver_;
  std::vector<Motion> motions_;
};

Algorithm make(const char* name, unsigned answers, Call call) {
  return {.name = name, .answers = answers, .prepare = prepare_as<BulletCast>(call)};
}

void add_bullet(std::vector<Algorithm>& out) {
  out.push_back(make("bullet.ray_test", ray, Call::ray_test));
  out.push_back(make("bullet.ray_test_gjk", ray, Call::ray_test_gjk));
  out.push_back(make("bullet.gjk_convex_cast", cast, Call::gjk_convex_cast));
  out.push_back(make("bullet.subsimplex_cast", cast, Call::subsimplex_cast));
  out.push_back(make("bullet.continuous", cast | toi, Call::continuous));
  out.push_back(make("bullet.mesh_ray_test", mesh_ray, Call::ray_test));
}

}  // namespace

const Registration registration("bullet", SEPAX_BENCH_BULLET_VERSION, add_bullet);

}  // namespace peers
