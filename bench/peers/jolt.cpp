// bench_contact: Jolt adapter (optional: Meson option jolt, Jolt found as a
// CMake package through cmake_prefix_path; docs/benchmarks.md says how to
// build one). The row jolt.collide is what Jolt's PhysicsSystem does for a
// pair of convex bodies each step: CollisionDispatch::sCollideShapeVsShape
// with the supporting faces collected (GJK, EPA when they overlap) and the
// speculative distance as its maximum separation, then
// ManifoldBetweenTwoFaces and PruneContactPoints down to 4 points. Jolt keeps
// no state between queries but its body-pair cache, which skips the query
// for a pair that has not moved; bench_contact times the query itself.
//
// Both hulls are ConvexHullShapes of the sepax hulls' vertices (at most 256:
// Jolt's limit) with convex radius 0, the same sharp hulls (Jolt's default
// radius rounds their edges and corners), in float. Jolt works about each
// shape's centre of mass: the transforms put it where the sepax pose does.
// The margin is bench_contact's (peers::contact_margin), Jolt's manifold
// tolerance 1e-3 of the pair's size (PhysicsSettings: 1 mm on a 1 m body).
#include "adapter.hpp"

#include <Jolt/Jolt.h>

#include <Jolt/Core/Factory.h>
#include <Jolt/Core/Memory.h>
#include <Jolt/Physics/Collision/CollideShape.h>
#include <Jolt/Physics/Collision/CollisionCollectorImpl.h>
#include <Jolt/Physics/Collision/CollisionDispatch.h>
#include <Jolt/Physics/Collision/ManifoldBetweenTwoFaces.h>
#include <Jolt/Physics/Collision/Shape/ConvexHullShape.h>
#include <Jolt/RegisterTypes.h>

#include <algorithm>
#include <string>
#include <vector>

namespace peers {
namespace {

/// Jolt's allocator, factory and shape types, set up once.
void init_jolt_once() {
  static const bool done = [] {
    JPH::RegisterDefaultAllocator();
    JPH::Factory::sInstance = new JPH::Factory();
    JPH::RegisterTypes();
    return true;
  }();
  (void)done;
}

JPH::Vec3 vec_of(const sepax::vec3& v) {
  return JPH::Vec3(float(v.x), float(v.y), float(v.z));
}

sepax::vec3 vec_of(JPH::Vec3Arg v) {
  return {sepax::real(v.GetX()), sepax::real(v.GetY()), sepax::real(v.GetZ())};
}

/// Jolt's shape of sepax hull h at scale `scale`; null when Jolt cannot
/// build it.
JPH::RefConst<JPH::Shape> shape_of(const sepax::Hull& h, sepax::real scale) {
  JPH::Array<JPH::Vec3> points;
  for (const sepax::vec3& v : h.vertices()) points.push_back(vec_of(v * scale));
  JPH::ConvexHullShapeSettings settings(points, 0.0f);
  const JPH::ShapeSettings::ShapeResult built = settings.Create();
  return built.HasError() ? nullptr : built.Get();
}

/// The transform of a shape's centre of mass `com` (in the hull's frame,
/// scaled) at pose p.
JPH::Mat44 com_transform(const sepax::Pose& p, JPH::Vec3Arg com) {
  const sepax::quat q = glm::quat_cast(p.rotation);
  const JPH::Quat rotation(float(q.x), float(q.y), float(q.z), float(q.w));
  return JPH::Mat44::sRotationTranslation(rotation.Normalized(),
                                          vec_of(p.translation) + rotation * com);
}

class Jolt final : public Prepared {
 public:
  explicit Jolt(const bench::PairCase& p) : Prepared(p) {
    init_jolt_once();
    a_ = shape_of(*p.a, p.pose_a.scale);
    b_ = shape_of(*p.b, p.pose_b[0].scale);
    if (a_ == nullptr || b_ == nullptr) return;
    transform_a_ = com_transform(p.pose_a, a_->GetCenterOfMass());
    for (const sepax::Pose& q : p.pose_b)
      transforms_b_.push_back(com_transform(q, b_->GetCenterOfMass()));
    settings_.mCollectFacesMode = JPH::ECollectFacesMode::CollectFaces;
    settings_.mMaxSeparationDistance = float(contact_margin(p));
    max_contact_distance_ = float(contact_margin(p) + 1e-3 * p.size);
  }

  Answer run(int frame) override {
    Answer r;
    if (a_ == nullptr || b_ == nullptr) return r;  // no collider: counted wrong where it matters
    JPH::ClosestHitCollisionCollector<JPH::CollideShapeCollector> hit;
    JPH::CollisionDispatch::sCollideShapeVsShape(
        a_, b_, JPH::Vec3::sReplicate(1), JPH::Vec3::sReplicate(1), transform_a_,
        transforms_b_[std::size_t(frame)], JPH::SubShapeIDCreator(), JPH::SubShapeIDCreator(),
        settings_, hit);
    if (!hit.HadHit()) return r;
    const JPH::CollideShapeResult& c = hit.mHit;
    const JPH::Vec3 normal = c.mPenetrationAxis.NormalizedOr(JPH::Vec3::sAxisZ());
    JPH::ContactPoints on_a, on_b;
    JPH::ManifoldBetweenTwoFaces(c.mContactPointOn1, c.mContactPointOn2, c.mPenetrationAxis,
                                 max_contact_distance_, c.mShape1Face, c.mShape2Face, on_a, on_b);
    if (on_a.size() > 4) JPH::PruneContactPoints(c.mPenetrationAxis, on_a, on_b);
    if (on_a.empty()) {  // as PhysicsSystem: the one pair of closest points
      on_a.push_back(c.mContactPointOn1);
      on_b.push_back(c.mContactPointOn2);
    }
    r.points = int(on_a.size());
    r.intersecting = true;
    r.normal = vec_of(normal);
    double deepest = 0;
    for (std::size_t i = 0; i < on_a.size(); ++i) {
      const double depth = double((on_a[i] - on_b[i]).Dot(normal));
      deepest = i == 0 ? depth : std::max(deepest, depth);
    }
    r.depth = deepest;
    return r;
  }

 private:
  JPH::RefConst<JPH::Shape> a_, b_;
  JPH::Mat44 transform_a_ = JPH::Mat44::sIdentity();
  std::vector<JPH::Mat44> transforms_b_;
  JPH::CollideShapeSettings settings_;
  float max_contact_distance_ = 0;
};

/// Jolt's hull limit (ConvexHullShape::cMaxPointsInHull).
constexpr int max_vertices = 256;

void add_jolt(std::vector<Algorithm>& out) {
  out.push_back({.name = "jolt.collide",
                 .answers = boolean | contact,
                 .max_vertices = max_vertices,
                 .prepare = prepare_as<Jolt>()});
}

/// "major.minor.patch" of the Jolt headers (its CMake package has no
/// version), and its precision.
const std::string& jolt_version() {
  static const std::string version = std::to_string(JPH_VERSION_MAJOR) + "." +
                                     std::to_string(JPH_VERSION_MINOR) + "." +
                                     std::to_string(JPH_VERSION_PATCH) + " (float)";
  return version;
}

}  // namespace

const Registration registration("jolt", jolt_version().c_str(), add_jolt);

}  // namespace peers
