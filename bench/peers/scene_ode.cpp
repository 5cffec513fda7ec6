// bench_scene: ODE's narrow phase (libode-dev, double precision): one geom
// per body without a space (dCreateBox, dCreateSphere, dCreateCapsule,
// dCreateConvex with planes, points and polygons from the sepax hull's faces,
// dCreateTriMesh with its data preprocessed for concave edges and face
// angles: ODE's convex-trimesh collider, through libccd, aborts without
// them), per pair both geoms placed (dGeomSetPosition, dGeomSetQuaternion,
// and dGeomGetAABB, as a space would: without fresh bounds the trimesh
// colliders find no triangle under a convex) and dCollide with at most 4
// contacts. ODE keeps no
// state from frame to frame and reports overlapping points only (depth >=
// 0), no speculative ones. ODE's dCollide answers 0 both for "apart" and
// for a pair of geom classes it has no collider for: each pair's kinds are
// probed once, overlapping (below), and a kind pair that gets no contact
// there counts as unsupported (not timed; the row's label names it).
#include "../scene.hpp"

#include <ode/ode.h>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace {

using scene::Body;
using scene::Kind;

/// Most contacts one dCollide reports.
constexpr int max_contacts = 4;

const char* kind_name(Kind k) {
  switch (k) {
    case Kind::box:
      return "box";
    case Kind::sphere:
      return "sphere";
    case Kind::capsule:
      return "capsule";
    case Kind::hull:
      return "convex";
    case Kind::mesh:
      return "trimesh";
  }
  return "?";
}

/// A geom's arrays, which ODE keeps by pointer: a convex's planes (n, d),
/// points and polygons (count, then corners counter-clockwise from outside)
/// in the hull's frame moved to its centroid (ODE wants its origin inside),
/// or a trimesh's vertices and indices.
struct GeomData {
  std::vector<dReal> planes, points;
  std::vector<unsigned int> polygons;
  std::vector<dTriIndex> indices;
  dTriMeshDataID trimesh = nullptr;
  sepax::vec3 offset{0};  ///< the geom's origin in the body frame
};

class Ode final : public scene::Narrowphase {
 public:
  explicit Ode(const scene::Scene& s) : scene_(s) {
    // The trimesh colliders need the thread's collision data as well.
    static const bool init = [] {
      return dInitODE2(0) != 0 && dAllocateODEDataForThread(dAllocateMaskAll) != 0;
    }();
    (void)init;
    for (const Body& b : s.bodies) {
      data_.push_back(std::make_unique<GeomData>());
      geoms_.push_back(create(b, *data_.back()));
    }
    supported_.assign(std::size_t(s.slots), false);
    std::map<std::pair<Kind, Kind>, bool> probed;
    for (const scene::Frame& f : s.frames)
      for (const scene::Pair& p : f.pairs) {
        const Kind ka = s.bodies[std::size_t(p.a)].kind, kb = s.bodies[std::size_t(p.b)].kind;
        auto it = probed.find({ka, kb});
        if (it == probed.end()) it = probed.emplace(std::make_pair(ka, kb), probe(p.a, p.b)).first;
        supported_[std::size_t(p.slot)] = it->second;
        if (!it->second) missing_.insert(std::string(kind_name(ka)) + "-" + kind_name(kb));
      }
  }
  ~Ode() override {
    for (dGeomID g : geoms_) dGeomDestroy(g);
    for (const auto& d : data_)
      if (d->trimesh != nullptr) dGeomTriMeshDataDestroy(d->trimesh);
  }
  Ode(const Ode&) = delete;
  Ode& operator=(const Ode&) = delete;

  int collide(const scene::Pair& p, std::vector<scene::Contact>* out) override {
    if (!supported_[std::size_t(p.slot)]) return -1;
    place(p.a, p.pose_a, p.qa);
    place(p.b, p.pose_b, p.qb);
    const int n = dCollide(geoms_[std::size_t(p.a)], geoms_[std::size_t(p.b)], max_contacts,
                           contacts_, int(sizeof(dContactGeom)));
    if (out != nullptr)
      for (int i = 0; i < n; ++i) {
        const dContactGeom& c = contacts_[i];
        out->push_back(
            {sepax::vec3(sepax::real(c.pos[0]), sepax::real(c.pos[1]), sepax::real(c.pos[2])),
             -sepax::real(c.depth)});
      }
    return n;
  }

  std::string note() const override {
    std::string s;
    for (const std::string& m : missing_) s += (s.empty() ? "no collider for " : ", ") + m;
    return s;
  }

 private:
  static dGeomID create(const Body& b, GeomData& d) {
    switch (b.kind) {
      case Kind::box:
        return dCreateBox(nullptr, dReal(2 * b.half.x), dReal(2 * b.half.y), dReal(2 * b.half.z));
      case Kind::sphere:
        return dCreateSphere(nullptr, dReal(b.radius));
      case Kind::capsule:
        return dCreateCapsule(nullptr, dReal(b.radius), dReal(2 * b.half_height));
      case Kind::hull:
        return create_convex(b.hull, d);
      case Kind::mesh:
        break;
    }
    for (const sepax::vec3& v : b.points)
      d.points.insert(d.points.end(), {dReal(v.x), dReal(v.y), dReal(v.z)});
    for (const auto& t : b.triangles)
      d.indices.insert(d.indices.end(), {dTriIndex(t[0]), dTriIndex(t[1]), dTriIndex(t[2])});
    d.trimesh = dGeomTriMeshDataCreate();
    dGeomTriMeshDataBuildDouble(d.trimesh, d.points.data(), int(3 * sizeof(dReal)),
                                int(b.points.size()), d.indices.data(), int(d.indices.size()),
                                int(3 * sizeof(dTriIndex)));
    dGeomTriMeshDataPreprocess2(d.trimesh,
                                (1U << dTRIDATAPREPROCESS_BUILD_CONCAVE_EDGES) |
                                    (1U << dTRIDATAPREPROCESS_BUILD_FACE_ANGLES),
                                nullptr);
    return dCreateTriMesh(nullptr, d.trimesh, nullptr, nullptr, nullptr);
  }

  static dGeomID create_convex(const sepax::Hull& h, GeomData& d) {
    d.offset = h.centroid();
    const sepax::vec3 o = d.offset;
    for (const sepax::Plane& p : h.planes())
      d.planes.insert(d.planes.end(), {dReal(p.normal.x), dReal(p.normal.y), dReal(p.normal.z),
                                       dReal(p.offset - glm::dot(p.normal, o))});
    for (const sepax::vec3& v : h.vertices())
      d.points.insert(d.points.end(), {dReal(v.x - o.x), dReal(v.y - o.y), dReal(v.z - o.z)});
    const auto edges = h.half_edges();
    for (const sepax::Face& f : h.faces()) {
      d.polygons.push_back(unsigned(f.count));
      sepax::index_t e = f.edge;
      for (sepax::index_t k = 0; k < f.count; ++k, e = edges[std::size_t(e)].next)
        d.polygons.push_back(unsigned(edges[std::size_t(e)].origin));
    }
    return dCreateConvex(nullptr, d.planes.data(), unsigned(h.face_count()), d.points.data(),
                         unsigned(h.vertex_count()), d.polygons.data());
  }

  void place(int body, const sepax::Pose& pose, const sepax::quat& q) {
    const dGeomID g = geoms_[std::size_t(body)];
    const sepax::vec3 t = pose.apply(data_[std::size_t(body)]->offset);
    dGeomSetPosition(g, dReal(t.x), dReal(t.y), dReal(t.z));
    const dQuaternion dq = {dReal(q.w), dReal(q.x), dReal(q.y), dReal(q.z)};
    dGeomSetQuaternion(g, dq);
    // The bounds a space would compute each step (the trimesh colliders
    // select the triangles under the other geom's bounds).
    dReal bounds[6];
    dGeomGetAABB(g, bounds);
  }

  /// True when dCollide finds contacts for bodies a and b placed to
  /// overlap: both at the origin, or the body across a mesh's first triangle.
  bool probe(int a, int b) {
    const Body& ba = scene_.bodies[std::size_t(a)];
    const Body& bb = scene_.bodies[std::size_t(b)];
    if (ba.kind == Kind::mesh && bb.kind == Kind::mesh) return false;
    sepax::vec3 at(0);
    for (const Body* x : {&ba, &bb})
      if (x->kind == Kind::mesh) {
        // 5% of the body's size above the centroid of the first triangle
        // (ODE's trimesh colliders answer for the front side).
        const sepax::vec3 p0 = x->points[std::size_t(x->triangles[0][0])];
        const sepax::vec3 p1 = x->points[std::size_t(x->triangles[0][1])];
        const sepax::vec3 p2 = x->points[std::size_t(x->triangles[0][2])];
        const sepax::vec3 n = glm::normalize(glm::cross(p1 - p0, p2 - p0));
        const Body& other = x == &ba ? bb : ba;
        at = (p0 + p1 + p2) / sepax::real(3) + n * (sepax::real(0.05) * other.size);
      }
    const sepax::quat q(1, 0, 0, 0);
    place(a, {sepax::mat3(1), ba.kind == Kind::mesh ? sepax::vec3(0) : at}, q);
    place(b, {sepax::mat3(1), bb.kind == Kind::mesh ? sepax::vec3(0) : at}, q);
    return dCollide(geoms_[std::size_t(a)], geoms_[std::size_t(b)], max_contacts, contacts_,
                    int(sizeof(dContactGeom))) > 0;
  }

  const scene::Scene& scene_;
  std::vector<std::unique_ptr<GeomData>> data_;
  std::vector<dGeomID> geoms_;
  std::vector<bool> supported_;
  std::set<std::string> missing_;
  dContactGeom contacts_[max_contacts];
};

const scene::Registration ode({"ode.collide", "dCollide, 4 contacts, no state",
                               SEPAX_BENCH_ODE_VERSION,
                               [](const scene::Scene& s) { return std::make_unique<Ode>(s); }});

}  // namespace
