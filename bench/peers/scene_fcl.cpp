// bench_scene: FCL 0.7's narrow phase: one geometry per body (fcl::Box,
// Sphere, Capsule, Convex of the hull's vertices and faces, and the terrain
// as a BVHModel<OBBRSS>), per pair fcl::collide on the geometries and
// transforms with contacts requested (CollisionRequest(4, true): at most 4,
// GJK solver GST_LIBCCD, FCL's default). FCL keeps no state from frame to
// frame and reports overlapping points only (no speculative ones); its
// penetration_depth is positive when overlapping (its magnitude is taken:
// some solver and shape combinations give it negative).
#include "../scene.hpp"
#include "fcl_convex.hpp"
#include "fcl_pose.hpp"

#include <fcl/geometry/bvh/BVH_model.h>
#include <fcl/geometry/shape/box.h>
#include <fcl/geometry/shape/capsule.h>
#include <fcl/geometry/shape/sphere.h>
#include <fcl/narrowphase/collision.h>

#include <cmath>
#include <memory>
#include <vector>

namespace {

using scene::Body;
using scene::Kind;

/// Most contacts one fcl::collide reports.
constexpr std::size_t max_contacts = 4;

std::shared_ptr<fcl::CollisionGeometryd> make_geometry(const Body& b) {
  switch (b.kind) {
    case Kind::box:
      return std::make_shared<fcl::Boxd>(2 * double(b.half.x), 2 * double(b.half.y),
                                         2 * double(b.half.z));
    case Kind::sphere:
      return std::make_shared<fcl::Sphered>(double(b.radius));
    case Kind::capsule:
      return std::make_shared<fcl::Capsuled>(double(b.radius), 2 * double(b.half_height));
    case Kind::hull:
      return peers::fcl_convex(b.hull);
    case Kind::mesh:
      break;
  }
  std::vector<fcl::Vector3d> points;
  for (const sepax::vec3& v : b.points) points.emplace_back(double(v.x), double(v.y), double(v.z));
  std::vector<fcl::Triangle> tris;
  for (const auto& t : b.triangles)
    tris.emplace_back(std::size_t(t[0]), std::size_t(t[1]), std::size_t(t[2]));
  auto m = std::make_shared<fcl::BVHModel<fcl::OBBRSSd>>();
  m->beginModel();
  m->addSubModel(points, tris);
  m->endModel();
  m->computeLocalAABB();
  return m;
}

class Fcl final : public scene::Narrowphase {
 public:
  explicit Fcl(const scene::Scene& s) : scene_(s) {
    for (const Body& b : s.bodies) geometries_.push_back(make_geometry(b));
  }

  int collide(const scene::Pair& p, std::vector<scene::Contact>* out) override {
    if (scene_.bodies[std::size_t(p.a)].kind == Kind::mesh &&
        scene_.bodies[std::size_t(p.b)].kind == Kind::mesh)
      return -1;
    const fcl::CollisionRequestd request(max_contacts, true);
    fcl::CollisionResultd result;
    fcl::collide(geometries_[std::size_t(p.a)].get(), peers::fcl_transform(p.pose_a),
                 geometries_[std::size_t(p.b)].get(), peers::fcl_transform(p.pose_b), request,
                 result);
    const int n = int(result.numContacts());
    if (out != nullptr)
      for (int i = 0; i < n; ++i) {
        const fcl::Contactd& c = result.getContact(std::size_t(i));
        out->push_back(
            {sepax::vec3(sepax::real(c.pos.x()), sepax::real(c.pos.y()), sepax::real(c.pos.z())),
             -sepax::real(std::abs(c.penetration_depth))});
      }
    return n;
  }

 private:
  const scene::Scene& scene_;
  std::vector<std::shared_ptr<fcl::CollisionGeometryd>> geometries_;
};

const scene::Registration fcl_collide({"fcl.collide", "fcl::collide, 4 contacts, no state",
                                       SEPAX_BENCH_FCL_VERSION, [](const scene::Scene& s) {
                                         return std::make_unique<Fcl>(s);
                                       }});

}  // namespace
