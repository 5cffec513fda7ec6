// bench_contact: ODE adapter: dCollide (double precision, dDOUBLE) between
// two geoms without a space, at most 4 contacts. Rows:
//  - collide: dCreateBox geoms when both hulls are boxes (dBoxBox),
//    dCreateConvex geoms otherwise (planes, points and polygons from the
//    sepax hull's faces);
//  - convex: dCreateConvex geoms on box pairs too.
// ODE's contact normal points from the second geom into the first (moving
// geom 1 by depth along it separates them) and its depth is positive when
// they overlap; ODE keeps the convex geoms' arrays by pointer, so they live
// in the prepared pair. B's geom is moved when the frame changes.
#include "adapter.hpp"

#include <ode/ode.h>

#include <algorithm>
#include <vector>

namespace peers {
namespace {

/// Which ODE geoms a pair becomes.
enum class Geoms {
  convex,  ///< dCreateConvex for both hulls
  boxes,   ///< dCreateBox for both (both hulls must be boxes, Hull::is_box)
};

/// ODE's global data, set up once; never closed (geoms of static rows may
/// outlive any point where dCloseODE could run).
void init_ode_once() {
  static const bool done = [] {
    dInitODE2(0);
    return true;
  }();
  (void)done;
}

/// A convex geom's arrays in ODE's layout: planes (nx, ny, nz, d) with
/// n.x = d, points (x, y, z), polygons (count, then the vertex indices
/// counter-clockwise seen from outside). ODE wants its frame's origin inside
/// the convex (it checks each plane and polygon against it), so the arrays
/// are in the hull's frame moved to its centroid (convex_pose).
struct ConvexData {
  std::vector<dReal> planes, points;
  std::vector<unsigned int> polygons;
};

ConvexData convex_of(const sepax::Hull& h) {
  ConvexData c;
  const sepax::vec3 o = h.centroid();
  for (const sepax::Plane& p : h.planes())
    c.planes.insert(c.planes.end(), {dReal(p.normal.x), dReal(p.normal.y), dReal(p.normal.z),
                                     dReal(p.offset - glm::dot(p.normal, o))});
  for (const sepax::vec3& v : h.vertices())
    c.points.insert(c.points.end(), {dReal(v.x - o.x), dReal(v.y - o.y), dReal(v.z - o.z)});
  const auto edges = h.half_edges();
  for (const sepax::Face& f : h.faces()) {
    c.polygons.push_back(unsigned(f.count));
    sepax::index_t e = f.edge;
    for (sepax::index_t k = 0; k < f.count; ++k, e = edges[std::size_t(e)].next)
      c.polygons.push_back(unsigned(edges[std::size_t(e)].origin));
  }
  return c;
}

/// ODE's pose of a geom: position and row-major 3x4 rotation.
struct GeomPose {
  dReal position[3];
  dMatrix3 rotation;
};

GeomPose geom_pose_of(const sepax::Pose& p) {
  GeomPose g{};
  for (int row = 0; row < 3; ++row) {
    g.position[row] = dReal(p.translation[row]);
    for (int col = 0; col < 3; ++col) g.rotation[4 * row + col] = dReal(p.rotation[col][row]);
  }
  return g;
}

/// The pose of a box hull's box geom: the hull's pose composed with its
/// box frame (a right-handed one: the box is symmetric).
sepax::Pose box_pose(const sepax::Hull& h, const sepax::Pose& p) {
  sepax::mat3 axes = h.box().axes;
  if (glm::determinant(axes) < 0) axes[2] = -axes[2];
  return {p.rotation * axes, p.apply(h.box().center)};
}

/// The pose of a hull's convex geom: its frame moved to its centroid.
sepax::Pose convex_pose(const sepax::Hull& h, const sepax::Pose& p) {
  return {p.rotation, p.apply(h.centroid())};
}

/// The geom pose of a hull at pose p.
GeomPose geom_pose(const sepax::Hull& h, const sepax::Pose& p, Geoms geoms) {
  return geom_pose_of(geoms == Geoms::boxes ? box_pose(h, p) : convex_pose(h, p));
}

void place(dGeomID g, const GeomPose& p) {
  dGeomSetPosition(g, p.position[0], p.position[1], p.position[2]);
  dGeomSetRotation(g, p.rotation);
}

sepax::vec3 vec_of(const dReal* v) {
  return {sepax::real(v[0]), sepax::real(v[1]), sepax::real(v[2])};
}

class Ode final : public Prepared {
 public:
  Ode(const bench::PairCase& p, bool box_routine) : Prepared(p) {
    init_ode_once();
    const Geoms geoms =
        box_routine && p.a->is_box() && p.b->is_box() ? Geoms::boxes : Geoms::convex;
    a_ = create(*p.a, geoms, data_a_);
    b_ = create(*p.b, geoms, data_b_);
    place(a_, geom_pose(*p.a, p.pose_a, geoms));
    for (const sepax::Pose& q : p.pose_b) poses_b_.push_back(geom_pose(*p.b, q, geoms));
    place(b_, poses_b_[0]);
  }
  ~Ode() override {
    if (a_) dGeomDestroy(a_);
    if (b_) dGeomDestroy(b_);
  }

  Answer run(int frame) override {
    if (frame != frame_) {
      place(b_, poses_b_[std::size_t(frame)]);
      frame_ = frame;
    }
    const int n = dCollide(a_, b_, max_contacts, contacts_, int(sizeof(dContactGeom)));
    Answer r;
    r.points = n;
    r.intersecting = n > 0;
    for (int i = 0; i < std::min(n, max_contacts); ++i) {
      const dContactGeom& c = contacts_[i];
      if (i == 0 || double(c.depth) > r.depth) {
        r.depth = double(c.depth);
        r.normal = -vec_of(c.normal);  // ODE's points from B into A
      }
    }
    return r;
  }

 private:
  static constexpr int max_contacts = 4;

  static dGeomID create(const sepax::Hull& h, Geoms geoms, ConvexData& data) {
    if (geoms == Geoms::boxes) {
      const sepax::vec3 side = h.box().half * sepax::real(2);
      return dCreateBox(nullptr, dReal(side.x), dReal(side.y), dReal(side.z));
    }
    data = convex_of(h);
    return dCreateConvex(nullptr, data.planes.data(), unsigned(h.face_count()), data.points.data(),
                         unsigned(h.vertex_count()), data.polygons.data());
  }

  ConvexData data_a_, data_b_;
  dGeomID a_ = nullptr, b_ = nullptr;
  std::vector<GeomPose> poses_b_;
  int frame_ = 0;
  dContactGeom contacts_[max_contacts];
};

void add_ode(std::vector<Algorithm>& out) {
  out.push_back(
      {.name = "ode.collide", .answers = boolean | contact, .prepare = prepare_as<Ode>(true)});
  out.push_back({.name = "ode.convex",
                 .answers = boolean | contact,
                 .boxes_only = true,
                 .prepare = prepare_as<Ode>(false)});
}

}  // namespace

const Registration registration("ode", SEPAX_BENCH_ODE_VERSION, add_ode);

}  // namespace peers
