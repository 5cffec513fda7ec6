// bench_mesh: FCL 0.7's triangle-mesh queries, fcl::BVHModel<OBBRSS> (the
// bounding volume FCL recommends for distance), for the same mesh pairs as
// sepax's mesh::query and mesh::intersect.
#include "fcl_mesh.hpp"
#include "fcl_pose.hpp"

#include <fcl/geometry/bvh/BVH_model.h>
#include <fcl/narrowphase/collision.h>
#include <fcl/narrowphase/distance.h>

#include <vector>

namespace peers::fcl_mesh {

struct Model {
  std::shared_ptr<fcl::BVHModel<fcl::OBBRSSd>> bvh;
};

namespace {}  // namespace

std::shared_ptr<Model> make(std::span<const sepax::vec3> vertices,
                            std::span<const std::array<sepax::index_t, 3>> triangles) {
  std::vector<fcl::Vector3d> points;
  for (const sepax::vec3& v : vertices) points.emplace_back(double(v.x), double(v.y), double(v.z));
  std::vector<fcl::Triangle> tris;
  for (const auto& t : triangles)
    tris.emplace_back(std::size_t(t[0]), std::size_t(t[1]), std::size_t(t[2]));
  auto m = std::make_shared<Model>();
  m->bvh = std::make_shared<fcl::BVHModel<fcl::OBBRSSd>>();
  m->bvh->beginModel();
  m->bvh->addSubModel(points, tris);
  m->bvh->endModel();
  return m;
}

// The geometry-and-transform overloads: a CollisionObject would recompute
// the model's local AABB over every vertex on construction.
bool collide(const Model& a, const sepax::Pose& pa, const Model& b, const sepax::Pose& pb) {
  fcl::CollisionRequestd request;  // one contact, no contact points: the boolean
  fcl::CollisionResultd result;
  fcl::collide(a.bvh.get(), fcl_transform(pa), b.bvh.get(), fcl_transform(pb), request, result);
  return result.isCollision();
}

double distance(const Model& a, const sepax::Pose& pa, const Model& b, const sepax::Pose& pb) {
  fcl::DistanceRequestd request(true);  // with the nearest points, as mesh::query gives
  fcl::DistanceResultd result;
  fcl::distance(a.bvh.get(), fcl_transform(pa), b.bvh.get(), fcl_transform(pb), request, result);
  return result.min_distance;
}

}  // namespace peers::fcl_mesh
