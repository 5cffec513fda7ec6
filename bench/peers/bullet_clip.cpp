// bench_contact: Bullet's polyhedral clipping; see bullet_clip.hpp. The calls
// and their arguments are btConvexConvexAlgorithm::processCollision's with
// m_enableSatConvex: minDist -1e30 less the threshold, maxDist the threshold
// (here the margin), the two vertex arrays kept from query to query.
#include "bullet_clip.hpp"
#include "bullet_shape.hpp"

#include <BulletCollision/CollisionShapes/btConvexHullShape.h>
#include <BulletCollision/CollisionShapes/btConvexPolyhedron.h>
#include <BulletCollision/NarrowPhaseCollision/btPolyhedralContactClipping.h>

#include <algorithm>
#include <vector>

namespace peers::bullet_clip {
namespace {

sepax::vec3 vec_of(const btVector3& v) {
  return {sepax::real(v.x()), sepax::real(v.y()), sepax::real(v.z())};
}

/// Collects Bullet's points (normalOnB points from B to A; the point is on
/// B; depth < 0 is penetration) into a sepax manifold.
struct Collector final : btDiscreteCollisionDetectorInterface::Result {
  sepax::contact::Manifold* out = nullptr;
  int count = 0;

  void setShapeIdentifiersA(int, int) override {}
  void setShapeIdentifiersB(int, int) override {}
  void addContactPoint(const btVector3& normal_on_b, const btVector3& point_on_b,
                       btScalar depth) override {
    const sepax::real d = sepax::real(depth);
    if (count == 0 || d < out->separation) {
      out->separation = d;
      out->normal = -vec_of(normal_on_b);
    }
    if (count < sepax::contact::max_points) {
      sepax::contact::Point& p = out->points[count];
      p.point_b = vec_of(point_on_b);
      p.point_a = vec_of(point_on_b + normal_on_b * depth);
      p.separation = d;
    }
    ++count;
  }
};

}  // namespace

struct Pair::Impl {
  std::unique_ptr<btConvexHullShape> a, b;
  btTransform ta;
  std::vector<btTransform> tb;
  btScalar margin = 0;
  btVertexArray verts1, verts2;
};

Pair::Pair(const sepax::Hull& a, const sepax::Pose& pose_a, const sepax::Hull& b,
           std::span<const sepax::Pose> poses_b, double margin)
    : impl_(std::make_unique<Impl>()) {
  impl_->a = bullet_shape(a, true);
  impl_->b = bullet_shape(b, true);
  impl_->ta = bullet_transform(pose_a);
  for (const sepax::Pose& p : poses_b) impl_->tb.push_back(bullet_transform(p));
  impl_->margin = btScalar(margin);
}

Pair::~Pair() = default;

int Pair::collide(int frame, sepax::contact::Manifold& out) {
  Impl& m = *impl_;
  const btConvexPolyhedron& pa = *m.a->getConvexPolyhedron();
  const btConvexPolyhedron& pb = *m.b->getConvexPolyhedron();
  const btTransform& tb = m.tb[std::size_t(frame)];
  out = sepax::contact::Manifold{};
  Collector sink;
  sink.out = &out;
  btVector3 axis(0, 0, 1);
  if (btPolyhedralContactClipping::findSeparatingAxis(pa, pb, m.ta, tb, axis, sink)) {
    const btScalar min_dist = btScalar(-1e30) - m.margin;
    m.verts1.resize(0);
    btPolyhedralContactClipping::clipHullAgainstHull(axis, pa, pb, m.ta, tb, min_dist, m.margin,
                                                     m.verts1, m.verts2, sink);
  }
  out.count = std::min(sink.count, sepax::contact::max_points);
  return sink.count;
}

}  // namespace peers::bullet_clip
