// bench_contact: Box3D adapter (optional: Meson option box3d, the install
// prefix of a Box3D build; docs/benchmarks.md says how to make one). Rows:
//  - box3d.cold: b3CollideHulls with a fresh b3SATCache each query;
//  - box3d.warm: the same with the pair's b3SATCache kept from query to
//    query (Box3D's warm path: the cached face or edge pair re-tested first).
// Box3D works in float, on hulls of at most 128 vertices, faces and edges
// (b3CreateHull, from the sepax hull's vertices at its pose's scale), in the
// frame of A with B's transform relative to A (b3InvMulTransforms of the two
// world transforms, inside the timed query as an engine would). Its
// speculative distance is 4 linear slops, 0.02 length units per meter: the
// adapter sets the length units per meter to the pair's size, so that it
// equals bench_contact's margin (peers::contact_margin). The manifold's
// normal and points are in A's frame; the normal points from A to B.
#include "adapter.hpp"

#include <box3d/box3d.h>
#include <box3d/constants.h>

#include <algorithm>
#include <string>
#include <vector>

namespace peers {
namespace {

b3Vec3 vec_of(const sepax::vec3& v) {
  return {float(v.x), float(v.y), float(v.z)};
}

b3Transform transform_of(const sepax::Pose& p) {
  const sepax::quat q = glm::quat_cast(p.rotation);
  return {vec_of(p.translation), {{float(q.x), float(q.y), float(q.z)}, float(q.w)}};
}

/// Box3D's hull of sepax hull h scaled by `scale`; null when Box3D cannot
/// build it (flat, or over its vertex limit).
b3HullData* hull_of(const sepax::Hull& h, sepax::real scale) {
  std::vector<b3Vec3> points;
  for (const sepax::vec3& v : h.vertices()) points.push_back(vec_of(v * scale));
  return b3CreateHull(points.data(), int(points.size()), B3_MAX_HULL_VERTICES);
}

class Box3d final : public Prepared {
 public:
  Box3d(const bench::PairCase& p, bool warm) : Prepared(p), warm_(warm) {
    length_unit_ = float(p.size);
    b3SetLengthUnitsPerMeter(length_unit_);
    a_ = hull_of(*p.a, p.pose_a.scale);
    b_ = hull_of(*p.b, p.pose_b[0].scale);
    transform_a_ = transform_of(p.pose_a);
    for (const sepax::Pose& q : p.pose_b) transforms_b_.push_back(transform_of(q));
  }
  ~Box3d() override {
    if (a_) b3DestroyHull(a_);
    if (b_) b3DestroyHull(b_);
  }

  Answer run(int frame) override {
    Answer r;
    if (a_ == nullptr || b_ == nullptr) return r;  // no collider: counted wrong where it matters
    b3SetLengthUnitsPerMeter(length_unit_);
    if (!warm_) cache_ = b3SATCache{};
    b3LocalManifold m{};
    m.points = points_;
    const b3Transform b_to_a = b3InvMulTransforms(transform_a_, transforms_b_[std::size_t(frame)]);
    b3CollideHulls(&m, capacity, a_, b_, b_to_a, &cache_);
    r.points = m.pointCount;
    r.intersecting = m.pointCount > 0;
    r.cache_hit = cache_.hit;
    if (m.pointCount > 0) {
      float deepest = m.points[0].separation;
      for (int i = 1; i < m.pointCount; ++i) deepest = std::min(deepest, m.points[i].separation);
      r.depth = -double(deepest);
      r.normal = pair().pose_a.rotation * sepax::vec3(m.normal.x, m.normal.y, m.normal.z);
    }
    return r;
  }

 private:
  static constexpr int capacity = 16;

  bool warm_;
  float length_unit_ = 1;
  b3HullData* a_ = nullptr;
  b3HullData* b_ = nullptr;
  b3Transform transform_a_{};
  std::vector<b3Transform> transforms_b_;
  b3SATCache cache_{};
  b3LocalManifoldPoint points_[capacity]{};
};

/// The largest hull Box3D builds whatever its faces: B3_MAX_HULL_EDGES
/// edges, and a hull of n vertices with triangular faces has 3n - 6.
constexpr int max_vertices = (B3_MAX_HULL_EDGES + 6) / 3;

void add_box3d(std::vector<Algorithm>& out) {
  out.push_back({.name = "box3d.cold",
                 .answers = boolean | contact,
                 .max_vertices = max_vertices,
                 .prepare = prepare_as<Box3d>(false)});
  out.push_back({.name = "box3d.warm",
                 .answers = boolean | contact,
                 .stateful = true,
                 .max_vertices = max_vertices,
                 .prepare = prepare_as<Box3d>(true)});
}

/// "major.minor.revision" of the Box3D linked in.
const std::string& box3d_version() {
  static const std::string version = [] {
    const b3Version v = b3GetVersion();
    return std::to_string(v.major) + "." + std::to_string(v.minor) + "." +
           std::to_string(v.revision) + " (float)";
  }();
  return version;
}

}  // namespace

const Registration registration("box3d", box3d_version().c_str(), add_box3d);

}  // namespace peers
