// bench_scene: Bullet's narrow phase (the double build, bullet-float64, when
// Debian's pkg-config has it), driven pair by pair without a
// btCollisionWorld: a btCollisionDispatcher over a
// btDefaultCollisionConfiguration, one btCollisionObject per body, and per
// pair the algorithm findAlgorithm gives, kept from frame to frame with its
// btPersistentManifold (as the world's overlapping pairs keep theirs). Per
// frame: both objects' transforms, processCollision, then the manifold's
// points (up to 4 a manifold; a mesh pair's algorithm has one manifold).
//
// Shapes: btBoxShape (its margin lies inside the half extents), btSphereShape,
// btCapsuleShapeZ, btConvexHullShape of the hull's vertices with margin 0
// (so that Bullet answers for the hull itself, not a rounded one), and the
// terrain as a btBvhTriangleMeshShape (margin 0) with a btTriangleInfoMap
// (btGenerateInternalEdgeInfo) and gContactAddedCallback calling
// btAdjustInternalEdgeContacts, Bullet's remedy for bumps at inner edges.
// Two narrow phases:
//  - bullet.gjk: Bullet's default path, GJK and EPA, one new point a frame
//    that the persistent manifold adds to its points;
//  - bullet.clip: initializePolyhedralFeatures on boxes and hulls and
//    btDispatcherInfo::m_enableSatConvex: SAT and clipping of the
//    polyhedra (btPolyhedralContactClipping), triangles included.
// Each manifold's contact breaking and processing thresholds are the pair's
// margin. A pair's algorithm is made, and its manifold's thresholds set,
// when the narrow phase is made (not timed): Bullet makes it when the
// broadphase adds the pair.
#include "../scene.hpp"
#include "bullet_shape.hpp"

#include <BulletCollision/BroadphaseCollision/btCollisionAlgorithm.h>
#include <BulletCollision/CollisionDispatch/btCollisionDispatcher.h>
#include <BulletCollision/CollisionDispatch/btCollisionObject.h>
#include <BulletCollision/CollisionDispatch/btCollisionObjectWrapper.h>
#include <BulletCollision/CollisionDispatch/btDefaultCollisionConfiguration.h>
#include <BulletCollision/CollisionDispatch/btInternalEdgeUtility.h>
#include <BulletCollision/CollisionDispatch/btManifoldResult.h>
#include <BulletCollision/CollisionShapes/btBoxShape.h>
#include <BulletCollision/CollisionShapes/btBvhTriangleMeshShape.h>
#include <BulletCollision/CollisionShapes/btCapsuleShape.h>
#include <BulletCollision/CollisionShapes/btSphereShape.h>
#include <BulletCollision/CollisionShapes/btTriangleIndexVertexArray.h>
#include <BulletCollision/CollisionShapes/btTriangleInfoMap.h>

#include <memory>
#include <vector>

namespace {

using scene::Body;
using scene::Kind;

/// Bullet's internal-edge correction for every point a mesh contact adds
/// (the mesh is either object; the call for the other returns at once).
bool adjust_internal_edges(btManifoldPoint& cp, const btCollisionObjectWrapper* w0, int part0,
                           int index0, const btCollisionObjectWrapper* w1, int part1, int index1) {
  btAdjustInternalEdgeContacts(cp, w1, w0, part1, index1);
  btAdjustInternalEdgeContacts(cp, w0, w1, part0, index0);
  return true;
}

/// A terrain's arrays and Bullet's views of them.
struct MeshData {
  std::vector<btScalar> vertices;
  std::vector<int> indices;
  std::unique_ptr<btTriangleIndexVertexArray> arrays;
  std::unique_ptr<btTriangleInfoMap> info;
};

class Bullet final : public scene::Narrowphase {
 public:
  Bullet(const scene::Scene& s, bool clip)
      : scene_(s), dispatcher_(std::make_unique<btCollisionDispatcher>(&config_)) {
    gContactAddedCallback = adjust_internal_edges;
    info_.m_enableSatConvex = clip;
    for (const Body& b : s.bodies) {
      shapes_.push_back(make_shape(b, clip));
      auto o = std::make_unique<btCollisionObject>();
      o->setCollisionShape(shapes_.back().get());
      if (b.kind == Kind::mesh)
        o->setCollisionFlags(o->getCollisionFlags() | btCollisionObject::CF_STATIC_OBJECT |
                             btCollisionObject::CF_CUSTOM_MATERIAL_CALLBACK);
      objects_.push_back(std::move(o));
    }
    reset();
  }
  ~Bullet() override { release(); }
  Bullet(const Bullet&) = delete;
  Bullet& operator=(const Bullet&) = delete;

  void reset() override {
    release();
    algorithms_.assign(std::size_t(scene_.slots), nullptr);
    for (const scene::Frame& f : scene_.frames)
      for (const scene::Pair& p : f.pairs) {
        if (algorithms_[std::size_t(p.slot)] != nullptr) continue;
        const bool mesh_pair = scene_.bodies[std::size_t(p.a)].kind == Kind::mesh &&
                               scene_.bodies[std::size_t(p.b)].kind == Kind::mesh;
        if (mesh_pair) continue;
        Wrappers w(*this, p);
        btCollisionAlgorithm* algo =
            dispatcher_->findAlgorithm(&w.a, &w.b, nullptr, BT_CONTACT_POINT_ALGORITHMS);
        algorithms_[std::size_t(p.slot)] = algo;
        // Once, for the manifold to exist, then its thresholds and no points.
        btManifoldResult result(&w.a, &w.b);
        algo->processCollision(&w.a, &w.b, info_, &result);
        manifolds_.resize(0);
        algo->getAllContactManifolds(manifolds_);
        for (int m = 0; m < manifolds_.size(); ++m) {
          manifolds_[m]->setContactBreakingThreshold(p.margin);
          manifolds_[m]->setContactProcessingThreshold(p.margin);
          manifolds_[m]->clearManifold();
        }
      }
  }

  int collide(const scene::Pair& p, std::vector<scene::Contact>* out) override {
    btCollisionAlgorithm* algo = algorithms_[std::size_t(p.slot)];
    if (algo == nullptr) return -1;
    Wrappers w(*this, p);
    btManifoldResult result(&w.a, &w.b);
    algo->processCollision(&w.a, &w.b, info_, &result);
    manifolds_.resize(0);
    algo->getAllContactManifolds(manifolds_);
    int n = 0;
    for (int m = 0; m < manifolds_.size(); ++m) {
      const btPersistentManifold& manifold = *manifolds_[m];
      for (int i = 0; i < manifold.getNumContacts(); ++i, ++n) {
        if (out == nullptr) continue;
        const btManifoldPoint& c = manifold.getContactPoint(i);
        const btVector3& q = c.getPositionWorldOnB();
        out->push_back({scene::vec3(scene::real(q.x()), scene::real(q.y()), scene::real(q.z())),
                        scene::real(c.getDistance())});
      }
    }
    return n;
  }

 private:
  /// Both objects at the pair's poses, wrapped as the dispatcher wants them.
  struct Wrappers {
    Wrappers(Bullet& bt, const scene::Pair& p)
        : a(nullptr, bt.shapes_[std::size_t(p.a)].get(), place(bt, p.a, p.pose_a),
            bt.objects_[std::size_t(p.a)]->getWorldTransform(), -1, -1),
          b(nullptr, bt.shapes_[std::size_t(p.b)].get(), place(bt, p.b, p.pose_b),
            bt.objects_[std::size_t(p.b)]->getWorldTransform(), -1, -1) {}
    static btCollisionObject* place(Bullet& bt, int body, const sepax::Pose& pose) {
      btCollisionObject* o = bt.objects_[std::size_t(body)].get();
      o->setWorldTransform(peers::bullet_transform(pose));
      return o;
    }
    btCollisionObjectWrapper a, b;
  };

  std::unique_ptr<btCollisionShape> make_shape(const Body& b, bool clip) {
    switch (b.kind) {
      case Kind::box: {
        auto s = std::make_unique<btBoxShape>(
            btVector3(btScalar(b.half.x), btScalar(b.half.y), btScalar(b.half.z)));
        if (clip) s->initializePolyhedralFeatures();
        return s;
      }
      case Kind::sphere:
        return std::make_unique<btSphereShape>(btScalar(b.radius));
      case Kind::capsule:
        return std::make_unique<btCapsuleShapeZ>(btScalar(b.radius), btScalar(2 * b.half_height));
      case Kind::hull:
        return peers::bullet_shape(b.hull, clip);
      case Kind::mesh:
        break;
    }
    MeshData& d = meshes_.emplace_back(std::make_unique<MeshData>()).operator*();
    for (const sepax::vec3& v : b.points)
      d.vertices.insert(d.vertices.end(), {btScalar(v.x), btScalar(v.y), btScalar(v.z)});
    for (const auto& t : b.triangles)
      d.indices.insert(d.indices.end(), {int(t[0]), int(t[1]), int(t[2])});
    d.arrays = std::make_unique<btTriangleIndexVertexArray>(
        int(b.triangles.size()), d.indices.data(), int(3 * sizeof(int)), int(b.points.size()),
        d.vertices.data(), int(3 * sizeof(btScalar)));
    auto s = std::make_unique<btBvhTriangleMeshShape>(d.arrays.get(), true);
    s->setMargin(0);
    d.info = std::make_unique<btTriangleInfoMap>();
    btGenerateInternalEdgeInfo(s.get(), d.info.get());
    return s;
  }

  void release() {
    for (btCollisionAlgorithm*& a : algorithms_) {
      if (a == nullptr) continue;
      a->~btCollisionAlgorithm();
      dispatcher_->freeCollisionAlgorithm(a);
      a = nullptr;
    }
  }

  const scene::Scene& scene_;
  btDefaultCollisionConfiguration config_;
  std::unique_ptr<btCollisionDispatcher> dispatcher_;
  btDispatcherInfo info_;
  std::vector<std::unique_ptr<MeshData>> meshes_;
  std::vector<std::unique_ptr<btCollisionShape>> shapes_;
  std::vector<std::unique_ptr<btCollisionObject>> objects_;
  std::vector<btCollisionAlgorithm*> algorithms_;
  btManifoldArray manifolds_;
};

const scene::Registration gjk({"bullet.gjk", "GJK/EPA + persistent manifold, internal edges",
                               SEPAX_BENCH_BULLET_VERSION, [](const scene::Scene& s) {
                                 return std::make_unique<Bullet>(s, false);
                               }});
const scene::Registration clip({"bullet.clip",
                                "polyhedral SAT + clipping (m_enableSatConvex), internal edges",
                                SEPAX_BENCH_BULLET_VERSION, [](const scene::Scene& s) {
                                  return std::make_unique<Bullet>(s, true);
                                }});

}  // namespace
