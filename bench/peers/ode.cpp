// bench_contact: ODE's dCollide; see ode.hpp. ODE's contact normal points
// from the second geom into the first (moving geom 1 by depth along it
// separates them) and its depth is positive when they overlap; ODE keeps
// the convex geoms' arrays by pointer, so they live in the pair.
#include "ode.hpp"

#include <ode/ode.h>

#include <algorithm>
#include <vector>

namespace peers::ode {
namespace {

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

}  // namespace

struct Pair::Impl {
  ConvexData data_a, data_b;
  dGeomID a = nullptr, b = nullptr;
  std::vector<GeomPose> poses_b;
  int frame = 0;
  dContactGeom contacts[sepax::contact::max_points];

  dGeomID create(const sepax::Hull& h, const sepax::Pose& p, Geoms geoms, ConvexData& data,
                 GeomPose& pose) const {
    pose = geom_pose(h, p, geoms);
    if (geoms == Geoms::boxes) {
      const sepax::vec3 side = h.box().half * sepax::real(2);
      return dCreateBox(nullptr, dReal(side.x), dReal(side.y), dReal(side.z));
    }
    data = convex_of(h);
    return dCreateConvex(nullptr, data.planes.data(), unsigned(h.face_count()), data.points.data(),
                         unsigned(h.vertex_count()), data.polygons.data());
  }
};

Pair::Pair(const sepax::Hull& a, const sepax::Pose& pose_a, const sepax::Hull& b,
           std::span<const sepax::Pose> poses_b, Geoms geoms)
    : impl_(std::make_unique<Impl>()) {
  init_ode_once();
  Impl& m = *impl_;
  GeomPose pa{}, pb{};
  m.a = m.create(a, pose_a, geoms, m.data_a, pa);
  m.b = m.create(b, poses_b[0], geoms, m.data_b, pb);
  place(m.a, pa);
  place(m.b, pb);
  for (const sepax::Pose& p : poses_b) m.poses_b.push_back(geom_pose(b, p, geoms));
}

Pair::~Pair() {
  if (impl_->a) dGeomDestroy(impl_->a);
  if (impl_->b) dGeomDestroy(impl_->b);
}

int Pair::collide(int frame, sepax::contact::Manifold& out) {
  Impl& m = *impl_;
  if (frame != m.frame) {
    place(m.b, m.poses_b[std::size_t(frame)]);
    m.frame = frame;
  }
  const int n =
      dCollide(m.a, m.b, sepax::contact::max_points, m.contacts, int(sizeof(dContactGeom)));
  out = sepax::contact::Manifold{};
  out.count = std::clamp(n, 0, sepax::contact::max_points);
  for (int i = 0; i < out.count; ++i) {
    const dContactGeom& c = m.contacts[i];
    const sepax::vec3 normal = -vec_of(c.normal);  // ODE's points from B into A
    const sepax::real separation = -sepax::real(c.depth);
    if (i == 0 || separation < out.separation) out.separation = separation, out.normal = normal;
    sepax::contact::Point& p = out.points[i];
    p.point_b = vec_of(c.pos);
    p.point_a = p.point_b - normal * separation;
    p.separation = separation;
  }
  return n;
}

}  // namespace peers::ode
