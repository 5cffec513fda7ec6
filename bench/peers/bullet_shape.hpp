// A sepax hull and pose as Bullet's shape and transform (the Bullet adapters
// of bench_peers and bench_contact). The benchmarks' poses are unscaled.
#pragma once

#include "sepax/hull.hpp"

#include <BulletCollision/CollisionShapes/btConvexHullShape.h>
#include <LinearMath/btTransform.h>

#include <memory>

namespace peers {

/// The same rigid transform in Bullet's scalar.
inline btTransform bullet_transform(const sepax::Pose& p) {
  const sepax::mat3& r = p.rotation;  // glm: r[column][row]
  const btMatrix3x3 basis{btScalar(r[0][0]), btScalar(r[1][0]), btScalar(r[2][0]),
                          btScalar(r[0][1]), btScalar(r[1][1]), btScalar(r[2][1]),
                          btScalar(r[0][2]), btScalar(r[1][2]), btScalar(r[2][2])};
  return btTransform(basis, btVector3(btScalar(p.translation.x), btScalar(p.translation.y),
                                      btScalar(p.translation.z)));
}

/// The hull's vertices as a btConvexHullShape with collision margin 0, so
/// that Bullet answers for the hull itself and not a rounded one; with its
/// btConvexPolyhedron (coplanar faces merged) when `polyhedral`.
inline std::unique_ptr<btConvexHullShape> bullet_shape(const sepax::Hull& h, bool polyhedral) {
  auto s = std::make_unique<btConvexHullShape>();
  for (const sepax::vec3& v : h.vertices())
    s->addPoint(btVector3(btScalar(v.x), btScalar(v.y), btScalar(v.z)), false);
  s->recalcLocalAabb();
  s->setMargin(0);
  if (polyhedral) s->initializePolyhedralFeatures();
  return s;
}

}  // namespace peers
