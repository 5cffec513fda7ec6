// sepax.contact.collide of a hull, sphere or capsule against a
// TriangleMesh (contact_mesh.hpp): sepax.contact.MeshManifold, MeshCache
// and MeshScratch.
#include "common.hpp"

#include <sepax/contact_mesh.hpp>

#include <optional>

namespace sepax::python {

namespace {

/// contact::collide of body `a` against mesh `b`: with the caller's scratch
/// (one thread at a time) or a fresh one.
template <class Body>
contact::MeshManifold collide_mesh(const Body& a, const Pose& pa, const TriangleMesh& b,
                                   const Pose& pb, double margin, contact::MeshCache* cache,
                                   contact::MeshScratch* scratch) {
  const real mg = length_arg(margin, "margin", false);
  std::optional<contact::MeshScratch> own;
  if (!scratch) scratch = &own.emplace();
  py::gil_scoped_release unlocked;
  return contact::collide(a, pa, b, pb, *scratch, mg, cache);
}

constexpr const char* collide_doc =
    R"(Contact manifold of a body a (a Hull, Sphere or Capsule) at pose_a against
the triangle mesh b at pose_b: up to max_mesh_regions regions (contact.Manifold,
deepest first), each of up to max_points points, world frame, normals from the
body to the mesh. Each triangle near the body is decided exactly; at the mesh's
flat edges and valleys a contact takes the face's normal and its depth along it
(no ghost bumps on a triangulated floor), ridges keep the edge's. Points are made
within margin (length, >= 0, finite). cache (contact.MeshCache) keeps the
triangles near the body and their axes from frame to frame; scratch
(contact.MeshScratch, one per thread) saves a small allocation per call.)";

}  // namespace

void bind_mesh_contact(py::module_& m) {
  py::module_ c = m.attr("contact");
  c.attr("max_mesh_regions") = contact::max_mesh_regions;
  py::class_<contact::MeshManifold>(
      c, "MeshManifold", "The contact of a body with a triangle mesh: regions of points.")
      .def_property_readonly(
          "regions",
          [](const contact::MeshManifold& mm) {
            py::list out;
            for (int r = 0; r < mm.count; ++r) out.append(py::cast(mm.regions[r]));
            return out;
          },
          "The regions (contact.Manifold each, deepest first; a new list on each access).")
      .def_property_readonly(
          "triangles",
          [](const contact::MeshManifold& mm) {
            py::list out;
            for (int r = 0; r < mm.count; ++r) {
              py::list region;
              for (int i = 0; i < mm.regions[r].count; ++i) region.append(mm.triangle[r][i]);
              out.append(region);
            }
            return out;
          },
          "Per region, the triangle (input numbering) each point lies on.")
      .def_readonly("count", &contact::MeshManifold::count, "Number of regions.")
      .def_readonly("triangles_tested", &contact::MeshManifold::triangles_tested,
                    "Triangles decided (those whose boxes met the body's).")
      .def_readonly(
          "regions_dropped", &contact::MeshManifold::regions_dropped,
          "Triangles whose contact pointed in a further direction while the regions were full.");
  py::class_<contact::MeshCache>(c, "MeshCache",
                                 R"(Per-pair state of a body against a mesh kept between
frames: the triangles near the body and each one's contact cache; a new one is
cold. Belongs to one pair and one thread.)")
      .def(py::init<>())
      .def_readonly("count", &contact::MeshCache::count, "Triangles held.")
      .def_readonly("complete", &contact::MeshCache::complete,
                    "True when it holds every triangle of its box.");
  py::class_<contact::MeshScratch>(c, "MeshScratch",
                                   "Room for the triangle a mesh query decides: one per thread.")
      .def(py::init<>());
  c.def("collide", &collide_mesh<Hull>, py::arg("a"), py::arg("pose_a"), py::arg("b"),
        py::arg("pose_b"), py::arg("margin") = 0.0, py::arg("cache") = nullptr,
        py::arg("scratch") = nullptr, collide_doc);
  c.def("collide", &collide_mesh<convex::Sphere>, py::arg("a"), py::arg("pose_a"), py::arg("b"),
        py::arg("pose_b"), py::arg("margin") = 0.0, py::arg("cache") = nullptr,
        py::arg("scratch") = nullptr, collide_doc);
  c.def("collide", &collide_mesh<convex::Capsule>, py::arg("a"), py::arg("pose_a"), py::arg("b"),
        py::arg("pose_b"), py::arg("margin") = 0.0, py::arg("cache") = nullptr,
        py::arg("scratch") = nullptr, collide_doc);
}

}  // namespace sepax::python
