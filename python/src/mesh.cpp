// Triangle meshes and what reads or measures them: sepax.TriangleMesh,
// sepax.MeshStatus, sepax.MeshError, the queries and casts of sepax.mesh,
// sepax.volume and sepax.overlap_volume, and (when the library was built with
// sepax_io) sepax.io.load and TriangleMesh.from_file. Meshes are held by
// shared_ptr, as hulls are: built once, read-only, safe to share between
// threads.
#include "common.hpp"

#ifndef SEPAX_PY_HAVE_IO
#define SEPAX_PY_HAVE_IO 0
#endif
#if SEPAX_PY_HAVE_IO
#include <sepax/io.hpp>
#endif

#include <algorithm>
#include <array>
#include <limits>
#include <memory>
#include <type_traits>
#include <vector>

namespace sepax::python {
namespace {

using Triangles = std::vector<std::array<index_t, 3>>;

PyObject* mesh_error = nullptr;
PyObject* io_error = nullptr;

[[noreturn]] void raise_mesh_error(const MeshResult& r, const char* where) {
  raise_with_status(mesh_error, std::string(where) + ": " + to_string(r.status) + ": " + r.message,
                    py::cast(r.status));
}

// Triangles as (M, 3) integers: any integer dtype (or integral floats are
// refused: an index is not a length); values outside index_t's range are
// index_out_of_range, as the library says of an index beyond the vertices.
Triangles to_triangles(py::handle obj) {
  const py::array a = numeric_array(obj, "triangles");
  if (a.ndim() != 2 || a.shape(1) != 3)
    throw py::value_error("triangles must have shape (M, 3); got " + shape_string(a));
  const char kind = a.dtype().kind();
  if (kind != 'i' && kind != 'u' && a.size() != 0)
    throw py::value_error("triangles must be integers (vertex indices); got dtype " +
                          py::str(a.dtype()).cast<std::string>());
  const auto wide = py::array_t<long long, py::array::c_style | py::array::forcecast>::ensure(a);
  Triangles out(static_cast<std::size_t>(a.shape(0)));
  const long long* d = wide.data();
  for (std::size_t i = 0; i < out.size(); ++i)
    for (std::size_t k = 0; k < 3; ++k) {
      const long long v = d[3 * i + k];
      // Out of index_t's range: -1 makes from_triangles report the index.
      out[i][k] = v < 0 || v > std::numeric_limits<index_t>::max() ? index_t(-1) : index_t(v);
    }
  return out;
}

// Vertices as (N, 3) float32 (read as float) or anything else as float64,
// C-contiguous (one copy otherwise): the overload of their own precision,
// so nothing is rounded twice.
std::shared_ptr<TriangleMesh> make_mesh(py::handle vertices, py::handle triangles,
                                        const char* where) {
  py::array v = numeric_array(vertices, "vertices");
  if (v.ndim() != 2 || v.shape(1) != 3)
    throw py::value_error(std::string(where) + ": vertices must have shape (N, 3); got " +
                          shape_string(v));
  const Triangles t = to_triangles(triangles);
  const bool f32 = v.dtype().kind() == 'f' && v.itemsize() == 4;
  MeshResult r;
  if (f32) {
    const auto c = py::array_t<float, py::array::c_style | py::array::forcecast>::ensure(v);
    const std::span<const glm::vec3> s(reinterpret_cast<const glm::vec3*>(c.data()),
                                       static_cast<std::size_t>(c.shape(0)));
    py::gil_scoped_release unlocked;
    r = TriangleMesh::from_triangles(s, t);
  } else {
    const auto c = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(v);
    const std::span<const glm::dvec3> s(reinterpret_cast<const glm::dvec3*>(c.data()),
                                        static_cast<std::size_t>(c.shape(0)));
    py::gil_scoped_release unlocked;
    r = TriangleMesh::from_triangles(s, t);
  }
  if (!r.ok()) raise_mesh_error(r, where);
  return std::make_shared<TriangleMesh>(std::move(r.mesh));
}

py::array_t<index_t> index_rows(const std::array<index_t, 3>* data, std::size_t count,
                                py::handle owner) {
  const auto n = static_cast<py::ssize_t>(count);
  py::array_t<index_t> out({n, py::ssize_t{3}}, reinterpret_cast<const index_t*>(data), owner);
  py::detail::array_proxy(out.ptr())->flags &= ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
  return out;
}

py::tuple bounds_tuple(const Bounds& b) {
  return py::make_tuple(to_array(b.min), to_array(b.max));
}

#if SEPAX_PY_HAVE_IO
// Loads a file or raises: FileNotFoundError for a missing file, io.Error
// (a ValueError) for the rest; both carry .status and the library's message.
io::LoadResult load_or_raise(const std::string& path) {
  io::LoadResult r;
  {
    py::gil_scoped_release unlocked;
    r = io::load(path);
  }
  if (!r.ok())
    raise_with_status(r.status == io::Status::not_found ? PyExc_FileNotFoundError : io_error,
                      r.message, py::cast(r.status));
  return r;
}

py::array_t<real> points_array(const std::vector<vec3>& p) {
  py::array_t<real> out({static_cast<py::ssize_t>(p.size()), py::ssize_t{3}});
  std::copy_n(reinterpret_cast<const real*>(p.data()), 3 * p.size(), out.mutable_data());
  return out;
}

py::array_t<index_t> triangles_array(const Triangles& t) {
  py::array_t<index_t> out({static_cast<py::ssize_t>(t.size()), py::ssize_t{3}});
  std::copy_n(reinterpret_cast<const index_t*>(t.data()), 3 * t.size(), out.mutable_data());
  return out;
}

void bind_io(py::module_& m) {
  py::module_ s = m.def_submodule("io",
                                  "Mesh and point-cloud files (OBJ, STL, PLY, OFF, glTF, "
                                  "and what assimp reads).");
  py::enum_<io::Status>(s, "Status", "What became of a load.")
      .value("ok", io::Status::ok)
      .value("not_found", io::Status::not_found)
      .value("unreadable", io::Status::unreadable)
      .value("unknown_format", io::Status::unknown_format)
      .value("empty", io::Status::empty)
      .value("non_finite", io::Status::non_finite);
  io_error = new_error(s, "Error", "sepax.io.Error",
                       "A file could not be read: a ValueError whose .status is the io.Status "
                       "and whose message names the file and the problem.");
  py::class_<io::Part>(s, "Part", "One object of a file.")
      .def_readonly("name", &io::Part::name, "The object's name from the file, else '<stem>#k'.")
      .def_property_readonly(
          "points", [](const io::Part& p) { return points_array(p.points); },
          "(N, 3) vertex positions, the file's frame, each distinct position once (a new array).")
      .def_property_readonly(
          "triangles", [](const io::Part& p) { return triangles_array(p.triangles); },
          "(M, 3) int32 indices into points, in the file's winding (a new array).")
      .def_readonly("degenerate_triangles", &io::Part::degenerate_triangles,
                    "Triangles dropped because two corners are one position.");
  s.def(
      "load",
      [](const std::string& path) {
        py::list parts;
        for (io::Part& p : load_or_raise(path).parts) parts.append(py::cast(std::move(p)));
        return parts;
      },
      py::arg("path"),
      R"(The parts of a mesh or point-cloud file (list of io.Part), in file order.
Raises FileNotFoundError when there is no file, io.Error otherwise (unknown
format, unreadable, empty, non-finite); both have .status.)");

  py::object hull_type = py::type::of<Hull>();
  hull_type.attr("from_file") = py::staticmethod(py::cpp_function(
      [](const std::string& path) {
        const std::vector<vec3> points = io::merged_points(load_or_raise(path));
        HullResult r;
        {
          py::gil_scoped_release unlocked;
          r = Hull::from_points(std::span<const vec3>(points));
        }
        return hull_or_raise(std::move(r), ("Hull.from_file(" + path + ")").c_str());
      },
      py::name("from_file"), py::arg("path"),
      "The convex hull of every point of a mesh or point-cloud file (io.load). Raises as "
      "io.load and Hull.from_points."));
}
#endif

void bind_mesh_class(py::module_& m) {
  py::enum_<EdgeKind>(m, "EdgeKind",
                      "What kind of edge two triangles of a mesh share, from the fold between "
                      "them (flat: within about 5 degrees of one plane).")
      .value("boundary", EdgeKind::boundary)
      .value("convex", EdgeKind::convex)
      .value("flat", EdgeKind::flat)
      .value("concave", EdgeKind::concave)
      .value("non_manifold", EdgeKind::non_manifold);
  py::enum_<MeshStatus>(m, "MeshStatus", "Why building a mesh failed (or ok).")
      .value("ok", MeshStatus::ok)
      .value("empty_input", MeshStatus::empty_input)
      .value("index_out_of_range", MeshStatus::index_out_of_range)
      .value("non_finite", MeshStatus::non_finite)
      .value("all_degenerate", MeshStatus::all_degenerate);
  mesh_error = new_error(m, "MeshError", "sepax.MeshError",
                         "Building a TriangleMesh failed: a ValueError whose .status is the "
                         "MeshStatus.");
  py::class_<TriangleMesh, std::shared_ptr<TriangleMesh>> cls(
      m, "TriangleMesh",
      R"(A triangle mesh in its local frame with an AABB tree over its triangles; need
not be convex, closed or connected. A closed mesh (every edge shared by two
triangles traversing it in opposite directions) bounds a solid, and its
inside counts in the queries. Read-only once built: share it freely.)");
  cls.def(py::init([](py::handle vertices, py::handle triangles) {
            return make_mesh(vertices, triangles, "TriangleMesh");
          }),
          py::arg("vertices"), py::arg("triangles"),
          R"(From vertices ((N, 3); float32 read as float, other dtypes as float64) and
triangles ((M, 3) integer indices; counter-clockwise seen from outside for
a closed mesh). Degenerate triangles are skipped (skipped_triangles).
Raises MeshError (.status a MeshStatus) for no triangles, an index out of
range, a non-finite coordinate or only degenerate triangles; ValueError
for a wrong shape or dtype.)")
#if SEPAX_PY_HAVE_IO
      .def_static(
          "from_file",
          [](const std::string& path) {
            const io::Part p = io::merged_mesh(load_or_raise(path));
            return make_mesh(points_array(p.points), triangles_array(p.triangles),
                             ("TriangleMesh.from_file(" + path + ")").c_str());
          },
          py::arg("path"),
          "Every part of a mesh file as one mesh (io.load, then the parts merged). Raises as "
          "io.load and the constructor.")
#endif
      .def_property_readonly(
          "vertices",
          [](py::object self) {
            const auto& me = self.cast<const TriangleMesh&>();
            return readonly_view(me.vertices().data(), me.vertices().size(), self);
          },
          "(N, 3) read-only view of the vertices as given, local frame.")
      .def_property_readonly(
          "triangles",
          [](py::object self) {
            const auto& me = self.cast<const TriangleMesh&>();
            return index_rows(me.triangles().data(), me.triangle_count(), self);
          },
          "(M, 3) read-only int32 view of the kept triangles in the tree's order (see "
          "input_indices).")
      .def_property_readonly(
          "input_indices",
          [](const TriangleMesh& me) {
            py::array_t<index_t> out(static_cast<py::ssize_t>(me.triangle_count()));
            auto w = out.mutable_unchecked<1>();
            for (std::size_t i = 0; i < me.triangle_count(); ++i)
              w(static_cast<py::ssize_t>(i)) = me.input_index(static_cast<index_t>(i));
            return out;
          },
          "(M,) int32: the input index of each kept triangle, the numbering results report.")
      .def_property_readonly("triangle_count", &TriangleMesh::triangle_count)
      .def_property_readonly("is_closed", &TriangleMesh::is_closed,
                             "True when the mesh bounds a solid (see the class docstring).")
      .def_property_readonly("skipped_triangles", &TriangleMesh::skipped_triangles,
                             "Input triangles skipped as degenerate.")
      .def_property_readonly(
          "bounds", [](const TriangleMesh& me) { return bounds_tuple(me.bounds()); },
          "(min, max), each (3,), local frame.")
      .def_property_readonly(
          "extent", [](const TriangleMesh& me) { return double(me.extent()); },
          "Length of the bounds' diagonal, local frame.")
      .def_property_readonly(
          "magnitude", [](const TriangleMesh& me) { return double(me.magnitude()); },
          "Largest absolute used coordinate plus the extent: round-off is relative to it.")
      .def_property_readonly("edge_count", &TriangleMesh::edge_count,
                             "Distinct edges (vertices at one position are one vertex).")
      .def_property_readonly(
          "edge_kinds",
          [](const TriangleMesh& me) {
            py::array_t<std::uint8_t> out(
                {static_cast<py::ssize_t>(me.triangle_count()), py::ssize_t{3}});
            auto w = out.mutable_unchecked<2>();
            for (index_t t = 0; t < index_t(me.triangle_count()); ++t)
              for (int k = 0; k < 3; ++k) w(t, k) = static_cast<std::uint8_t>(me.edge_kind(t, k));
            return out;
          },
          "(M, 3) uint8: the EdgeKind (int(sepax.EdgeKind.x)) of edge k (corner k to k + 1) of "
          "each "
          "kept triangle, in the order of triangles.")
      .def_property_readonly(
          "neighbors",
          [](const TriangleMesh& me) {
            py::array_t<index_t> out(
                {static_cast<py::ssize_t>(me.triangle_count()), py::ssize_t{3}});
            auto w = out.mutable_unchecked<2>();
            for (index_t t = 0; t < index_t(me.triangle_count()); ++t)
              for (int k = 0; k < 3; ++k) w(t, k) = me.neighbor(t, k);
            return out;
          },
          "(M, 3) int32: the kept triangle across edge k of each kept triangle; -1 on a boundary.")
      .def("__repr__", [](const TriangleMesh& me) {
        return "<sepax.TriangleMesh " + std::to_string(me.triangle_count()) + " triangles" +
               (me.is_closed() ? ", closed>" : ", open>");
      });
}

// Binds `name` for the three pairings a mesh query takes (mesh and mesh,
// mesh and hull, hull and mesh), each running query(a, pose_a, b, pose_b)
// with the GIL released.
template <class Query>
void def_pairings(py::module_& s, const char* name, Query query, const char* doc) {
  const auto pairing = [&](auto a, auto b) {
    using A = typename decltype(a)::type;
    using B = typename decltype(b)::type;
    s.def(
        name,
        [query](const A& x, const Pose& pose_x, const B& y, const Pose& pose_y) {
          return query(x, pose_x, y, pose_y);
        },
        py::arg("a"), py::arg("pose_a"), py::arg("b"), py::arg("pose_b"), release(), doc);
  };
  pairing(std::type_identity<TriangleMesh>{}, std::type_identity<TriangleMesh>{});
  pairing(std::type_identity<TriangleMesh>{}, std::type_identity<Hull>{});
  pairing(std::type_identity<Hull>{}, std::type_identity<TriangleMesh>{});
}

void bind_mesh_queries(py::module_& m) {
  py::module_ s = m.def_submodule(
      "mesh",
      "Exact queries and casts between triangle meshes and hulls (not necessarily convex).");
  py::enum_<mesh::Interference>(s, "Interference", "How two shapes interfere.")
      .value("none", mesh::Interference::none)
      .value("surfaces", mesh::Interference::surfaces)
      .value("a_inside_b", mesh::Interference::a_inside_b)
      .value("b_inside_a", mesh::Interference::b_inside_a);
  py::class_<mesh::Result>(s, "Result", "Answer of mesh.query.")
      .def_readonly("intersecting", &mesh::Result::intersecting,
                    "True when the shapes have a point in common: the surfaces touch (within "
                    "round-off of the pair's magnitude) or one solid contains the other.")
      .def_readonly("how", &mesh::Result::how)
      .def_property_readonly("distance", num(&mesh::Result::distance),
                             "Distance when apart (> 0, length unit); 0 when intersecting.")
      .def_property_readonly("point_a", vec(&mesh::Result::point_a),
                             "(3,) world frame: apart, the closest point on A; surfaces, a point "
                             "of triangle_a near triangle_b; containment, the tested vertex.")
      .def_property_readonly("point_b", vec(&mesh::Result::point_b),
                             "(3,) world frame, as point_a on B (apart: point_b - point_a has "
                             "length distance).")
      .def_readonly("triangle_a", &mesh::Result::triangle_a,
                    "Triangle of A holding point_a (input numbering); -1 for a hull or "
                    "containment.")
      .def_readonly("triangle_b", &mesh::Result::triangle_b, "As triangle_a, of B.")
      .def_readonly("pairs_tested", &mesh::Result::pairs_tested, "Work done.");
  py::class_<mesh::Hit>(s, "Hit", "Answer of mesh.intersect: truthy when intersecting.")
      .def_readonly("how", &mesh::Hit::how)
      .def_readonly("triangle_a", &mesh::Hit::triangle_a)
      .def_readonly("triangle_b", &mesh::Hit::triangle_b)
      .def("__bool__", [](const mesh::Hit& h) { return static_cast<bool>(h); });

  const char* query_doc =
      R"(Interference of a and b (TriangleMesh or Hull; at least one mesh) at world
poses and, when apart, the exact distance and closest points (world frame).
A closed mesh and a hull are solids: one inside the other intersects.)";
  const char* intersect_doc = "Only the verdict of mesh.query (stops at the first touching pair).";
  using M = TriangleMesh;
  def_pairings(
      s, "query", [](const auto&... x) { return mesh::query(x...); }, query_doc);
  def_pairings(
      s, "intersect", [](const auto&... x) { return mesh::intersect(x...); }, intersect_doc);
  s.def(
      "overlapping",
      [](const M& me, py::handle lo, py::handle hi) {
        const Bounds box{to_finite_vec3(lo, "min"), to_finite_vec3(hi, "max")};
        std::vector<index_t> found(me.triangle_count());
        std::size_t n = 0;
        {
          py::gil_scoped_release unlocked;
          n = mesh::overlapping(me, box, found);
        }
        py::array_t<index_t> out(static_cast<py::ssize_t>(n));
        std::copy_n(found.data(), n, out.mutable_data());
        return out;
      },
      py::arg("mesh"), py::arg("min"), py::arg("max"),
      "(K,) int32: the kept triangles (indices into mesh.triangles) whose bounds meet the box "
      "[min, max] ((3,) each, the mesh's LOCAL frame), ascending.");
  s.def(
      "contains",
      [](const M& me, py::handle p) {
        const vec3 q = to_finite_vec3(p, "point");
        py::gil_scoped_release unlocked;
        return mesh::contains(me, q);
      },
      py::arg("mesh"), py::arg("point"),
      "True when point ((3,), the mesh's LOCAL frame) is inside the solid a closed mesh "
      "bounds; always False for an open mesh.");
  s.def(
      "winding_number",
      [](const M& me, py::handle p) {
        const vec3 q = to_finite_vec3(p, "point");
        py::gil_scoped_release unlocked;
        return double(mesh::winding_number(me, q));
      },
      py::arg("mesh"), py::arg("point"),
      "Generalized winding number of the mesh around point ((3,), the mesh's LOCAL frame): 1 "
      "inside a closed outward mesh, 0 outside.");
  s.def(
      "ray_cast",
      [](const M& me, const Pose& p, const Ray& r, bool cull) {
        return mesh::ray_cast(me, p, r, cull);
      },
      py::arg("mesh"), py::arg("pose"), py::arg("ray"), py::arg("cull_back_faces") = false,
      release(),
      R"(The nearest triangle ray (world frame) meets, from either side unless
cull_back_faces. CastResult: triangle its input index, feature face 0 when
the ray meets the triangle's winding side (face 1 from behind), normal
facing where the ray comes from. Exact to round-off.)");
  const char* cast_doc =
      R"(B (a Hull or TriangleMesh) moving by translation ((3,), world) against mesh
A: the first triangle it meets, each cast by GJK (accurate to GJK's
tolerance). CastResult as gjk.shape_cast; triangle is A's triangle met.
A mesh is a surface to a cast: overlapping when B touches a triangle at
t = 0.)";
  s.def("shape_cast", linear_cast<M, Hull>([](const auto&... x) { return mesh::shape_cast(x...); }),
        py::arg("a"), py::arg("pose_a"), py::arg("b"), py::arg("pose_b"), py::arg("translation"),
        py::arg("max_fraction") = 1.0, py::arg("target") = 0.0, cast_doc);
  s.def("shape_cast", linear_cast<M, M>([](const auto&... x) { return mesh::shape_cast(x...); }),
        py::arg("a"), py::arg("pose_a"), py::arg("b"), py::arg("pose_b"), py::arg("translation"),
        py::arg("max_fraction") = 1.0, py::arg("target") = 0.0);
}

void bind_volume(py::module_& m) {
  py::enum_<VolumeMethod>(m, "VolumeMethod", "How overlap_volume found its answer.")
      .value("exact", VolumeMethod::exact)
      .value("estimate", VolumeMethod::estimate)
      .value("none", VolumeMethod::none);
  py::class_<OverlapVolume>(m, "OverlapVolume",
                            "Answer of overlap_volume, world units (lengths cubed, the poses' "
                            "scales included).")
      .def_property_readonly("volume", num(&OverlapVolume::volume),
                             "Volume both shapes enclose (>= 0).")
      .def_property_readonly("error", num(&OverlapVolume::error),
                             "Bound on |volume - true volume|: 0 when exact; for an estimate the "
                             "half-width of the three-sigma Wilson interval times the sampled "
                             "box's volume.")
      .def_readonly("method", &OverlapVolume::method)
      .def_readonly("samples", &OverlapVolume::samples, "Samples taken (0 when exact).")
      .def_property_readonly("volume_a", num(&OverlapVolume::volume_a), "A's volume at its pose.")
      .def_property_readonly("volume_b", num(&OverlapVolume::volume_b), "B's volume at its pose.");
  m.def(
      "volume", [](const Hull& h) { return double(volume(h)); }, py::arg("shape"), release(),
      "Volume a hull (local frame; times scale**3 posed) or a closed mesh encloses; 0 for a flat "
      "hull or an open mesh.");
  m.def(
      "volume", [](const TriangleMesh& me) { return double(volume(me)); }, py::arg("shape"),
      release());
  m.attr("overlap_samples") = overlap_samples;
  const char* doc = R"(Volume shapes a and b (Hull or closed TriangleMesh) share at world poses.
Two hulls: exact up to rounding (clipping), sampled only where clipping
would take over 4e8 plane tests. A mesh: exact when the surfaces do not
cross (0 or the contained volume), else estimated from about `samples`
stratified samples drawn from `seed` (same seed, same answer) with a stated
bound. An open mesh encloses nothing: method none.)";
  m.def(
      "overlap_volume",
      [](const Hull& a, const Pose& pa, const Hull& b, const Pose& pb) {
        return overlap_volume(a, pa, b, pb);
      },
      py::arg("a"), py::arg("pose_a"), py::arg("b"), py::arg("pose_b"), release(), doc);
  m.def(
      "overlap_volume",
      [](const TriangleMesh& a, const Pose& pa, const TriangleMesh& b, const Pose& pb,
         std::size_t samples,
         std::uint64_t seed) { return overlap_volume(a, pa, b, pb, samples, seed); },
      py::arg("a"), py::arg("pose_a"), py::arg("b"), py::arg("pose_b"),
      py::arg("samples") = overlap_samples, py::arg("seed") = 1, release());
  m.def(
      "overlap_volume",
      [](const TriangleMesh& a, const Pose& pa, const Hull& b, const Pose& pb, std::size_t samples,
         std::uint64_t seed) { return overlap_volume(a, pa, b, pb, samples, seed); },
      py::arg("a"), py::arg("pose_a"), py::arg("b"), py::arg("pose_b"),
      py::arg("samples") = overlap_samples, py::arg("seed") = 1, release());
  m.def(
      "overlap_volume",
      [](const Hull& a, const Pose& pa, const TriangleMesh& b, const Pose& pb, std::size_t samples,
         std::uint64_t seed) { return overlap_volume(a, pa, b, pb, samples, seed); },
      py::arg("a"), py::arg("pose_a"), py::arg("b"), py::arg("pose_b"),
      py::arg("samples") = overlap_samples, py::arg("seed") = 1, release());
}

}  // namespace

void bind_mesh(py::module_& m) {
  m.attr("has_io") = bool(SEPAX_PY_HAVE_IO);
#if SEPAX_PY_HAVE_IO
  bind_io(m);
#endif
  bind_mesh_class(m);
  bind_mesh_queries(m);
  bind_volume(m);
}

}  // namespace sepax::python
