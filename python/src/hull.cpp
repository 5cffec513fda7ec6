// sepax.Hull, sepax.HullStatus, sepax.HullError and the shape factories
// (sepax.shapes). Hulls are held by shared_ptr: built once, read-only,
// shared by every result and view that refers to them.
#include "common.hpp"

#include <cmath>
#include <cstdint>
#include <memory>

namespace sepax::python {

std::shared_ptr<Hull> hull_or_raise(HullResult r, const char* where);

namespace {

// sepax.HullError, a ValueError with .status; made once, with the module,
// and never freed (the module keeps it as an attribute too).
PyObject* hull_error = nullptr;

[[noreturn]] void raise_hull_error(const HullResult& r, const char* where) {
  raise_with_status(hull_error, std::string(where) + ": " + to_string(r.status) + ": " + r.message,
                    py::cast(r.status));
}

// Reads the caller's (N, 3) float32 or float64 buffer in place when its
// rows are x, y, z side by side at a positive, aligned row stride (slices,
// row views of wider arrays); any other layout or dtype is copied once into
// a C-contiguous array of its own (float32 stays float32, others go to
// float64). The GIL is released while Qhull runs: another thread writing
// the array meanwhile races, as with numpy's own functions.
std::shared_ptr<Hull> from_points(py::handle points) {
  py::array a = numeric_array(points, "points");
  if (a.ndim() != 2 || a.shape(1) != 3)
    throw py::value_error("Hull.from_points: points must have shape (N, 3); got " +
                          shape_string(a));
  const bool f32 = a.dtype().kind() == 'f' && a.itemsize() == 4;
  const bool f64 = a.dtype().kind() == 'f' && a.itemsize() == 8;
  const py::ssize_t size = f32 ? 4 : 8;
  const auto address = reinterpret_cast<std::uintptr_t>(a.data());
  const bool in_place = (f32 || f64) && a.strides(1) == size && a.strides(0) >= 3 * size &&
                        a.strides(0) % size == 0 &&
                        address % static_cast<std::uintptr_t>(size) == 0;
  if (!in_place) {
    if (f32)
      a = py::array_t<float, py::array::c_style | py::array::forcecast>::ensure(a);
    else
      a = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(a);
  }
  const auto count = static_cast<std::size_t>(a.shape(0));
  const auto stride = static_cast<std::size_t>(in_place ? a.strides(0) : 3 * size);
  HullResult r;
  {
    py::gil_scoped_release release;
    r = f32 ? Hull::from_points(static_cast<const float*>(a.data()), count, stride)
            : Hull::from_points(static_cast<const double*>(a.data()), count, stride);
  }
  return hull_or_raise(std::move(r), "Hull.from_points");
}

// sepax.hull_file.Error, a ValueError with .status (io_error raises OSError).
PyObject* hull_file_error = nullptr;

std::shared_ptr<Hull> cooked_or_raise(hull_file::LoadResult r) {
  if (!r.ok())
    raise_with_status(r.status == hull_file::Status::io_error ? PyExc_OSError : hull_file_error,
                      r.message, py::cast(r.status));
  return std::make_shared<Hull>(std::move(r.hull));
}

py::bytes hull_bytes(const Hull& h) {
  if (h.empty()) throw py::value_error("an empty hull has no bytes");
  std::vector<std::uint8_t> b;
  {
    py::gil_scoped_release unlocked;
    b = hull_file::to_bytes(h);
  }
  return py::bytes(reinterpret_cast<const char*>(b.data()), b.size());
}

// Any buffer of bytes (bytes, bytearray, memoryview, a uint8 array), read in
// place while the GIL is released.
std::shared_ptr<Hull> hull_from_bytes(py::buffer data) {
  const py::buffer_info info = data.request();
  if (info.ndim > 1 || info.itemsize != 1 || (info.ndim == 1 && info.strides[0] != 1))
    throw py::value_error("Hull.from_bytes: data must be a contiguous buffer of bytes");
  const std::span<const std::uint8_t> bytes(static_cast<const std::uint8_t*>(info.ptr),
                                            static_cast<std::size_t>(info.size));
  hull_file::LoadResult r;
  {
    py::gil_scoped_release unlocked;
    r = hull_file::from_bytes(bytes);
  }
  return cooked_or_raise(std::move(r));
}

void bind_hull_file(py::module_& m, py::class_<Hull, std::shared_ptr<Hull>>& cls) {
  py::module_ s = m.def_submodule("hull_file",
                                  "Cooked hulls: a built Hull in a small binary "
                                  "file (.sxhull), loaded without Qhull.");
  py::enum_<hull_file::Status>(s, "Status", "What became of a load or a save.")
      .value("ok", hull_file::Status::ok)
      .value("empty_hull", hull_file::Status::empty_hull)
      .value("io_error", hull_file::Status::io_error)
      .value("not_sxhull", hull_file::Status::not_sxhull)
      .value("unsupported_version", hull_file::Status::unsupported_version)
      .value("truncated", hull_file::Status::truncated)
      .value("bad_header", hull_file::Status::bad_header)
      .value("bad_checksum", hull_file::Status::bad_checksum)
      .value("bad_topology", hull_file::Status::bad_topology)
      .value("bad_geometry", hull_file::Status::bad_geometry);
  s.attr("extension") = hull_file::extension;
  hull_file_error = new_error(s, "Error", "sepax.hull_file.Error",
                              "Bytes or a file that hold no valid cooked hull: a ValueError "
                              "whose .status is the hull_file.Status.");
  cls.def("to_bytes", &hull_bytes,
          "The hull as cooked bytes (.sxhull format, this build's precision): Hull.from_bytes "
          "gives it back bit for bit.")
      .def_static("from_bytes", &hull_from_bytes, py::arg("data"),
                  "The hull cooked bytes hold (any bytes-like object). Raises hull_file.Error "
                  "(.status) for damaged or foreign bytes.")
      .def(
          "save",
          [](const Hull& h, const std::string& path) {
            hull_file::SaveResult r;
            {
              py::gil_scoped_release unlocked;
              r = hull_file::save(h, path);
            }
            if (!r.ok())
              raise_with_status(
                  r.status == hull_file::Status::io_error ? PyExc_OSError : hull_file_error,
                  r.message, py::cast(r.status));
          },
          py::arg("path"),
          "Writes the cooked hull to path (replacing the file); OSError on failure.")
      .def_static(
          "load",
          [](const std::string& path) {
            hull_file::LoadResult r;
            {
              py::gil_scoped_release unlocked;
              r = hull_file::load(path);
            }
            return cooked_or_raise(std::move(r));
          },
          py::arg("path"),
          "The cooked hull in the file at path (.sxhull). OSError when it cannot be read, "
          "hull_file.Error when it holds no valid hull.")
      .def(py::pickle([](const Hull& h) { return hull_bytes(h); },
                      [](py::bytes b) { return hull_from_bytes(b); }));
}

// The factories assert on sizes that give no hull; here they raise instead.
real positive(double x, const char* what) {
  if (!(std::isfinite(x) && x > 0)) throw py::value_error(std::string(what) + " must be > 0");
  return real(x);
}

int at_least(int n, int least, const char* what) {
  if (n < least)
    throw py::value_error(std::string(what) + " must be at least " + std::to_string(least));
  return n;
}

std::shared_ptr<Hull> made(Hull h) {
  if (h.empty()) throw py::value_error("shape has no volume or area at this size");
  return std::make_shared<Hull>(std::move(h));
}

void bind_shapes(py::module_& m) {
  py::module_ s = m.def_submodule("shapes", "Hull factories: the shapes sepax's tests use.");
  s.def(
      "box",
      [](py::handle e) {
        const vec3 h = to_vec3(e, "half_extents");
        for (int i = 0; i < 3; ++i) positive(double(h[i]), "half_extents");
        return made(shapes::box(h));
      },
      py::arg("half_extents"), "Box with half-extents (3,) > 0: 8 vertices, 6 faces, 12 edges.");
  s.def(
      "tetrahedron", [](double r) { return made(shapes::tetrahedron(positive(r, "r"))); },
      py::arg("r"), "Regular tetrahedron with circumradius r.");
  s.def(
      "octahedron", [](double r) { return made(shapes::octahedron(positive(r, "r"))); },
      py::arg("r"), "Regular octahedron with circumradius r.");
  s.def(
      "icosahedron", [](double r) { return made(shapes::icosahedron(positive(r, "r"))); },
      py::arg("r"), "Regular icosahedron with circumradius r.");
  s.def(
      "cylinder",
      [](double r, double h, int sides) {
        return made(
            shapes::cylinder(positive(r, "r"), positive(h, "h"), at_least(sides, 3, "sides")));
      },
      py::arg("r"), py::arg("h"), py::arg("sides"),
      "Prism around z approximating a cylinder: radius r, half height h, sides >= 3.");
  s.def(
      "random_hull",
      [](int n, double r, std::uint64_t seed) {
        return made(shapes::random_hull(at_least(n, 4, "n"), positive(r, "r"), seed));
      },
      py::arg("n"), py::arg("r"), py::arg("seed"),
      "Hull of n >= 4 random points on a sphere of radius r from a fixed seed (the same\n"
      "hull as the C++ shapes::random_hull in the same precision; exactly n vertices).");
}

}  // namespace

std::shared_ptr<Hull> hull_or_raise(HullResult r, const char* where) {
  if (!r.ok()) raise_hull_error(r, where);
  return std::make_shared<Hull>(std::move(r.hull));
}

void bind_hull(py::module_& m) {
  py::enum_<HullStatus>(m, "HullStatus", "Why building a hull failed (or ok).")
      .value("ok", HullStatus::ok)
      .value("empty_input", HullStatus::empty_input)
      .value("non_finite", HullStatus::non_finite)
      .value("too_few_points", HullStatus::too_few_points)
      .value("coincident", HullStatus::coincident)
      .value("collinear", HullStatus::collinear)
      .value("qhull_error", HullStatus::qhull_error)
      .value("bad_buffer", HullStatus::bad_buffer);

  hull_error = new_error(m, "HullError", "sepax.HullError",
                         "Hull.from_points failed: a ValueError whose .status is the "
                         "HullStatus; str() names the status and gives the library's message.");

  py::class_<Hull, std::shared_ptr<Hull>> cls(m, "Hull", R"(A convex polytope in its local frame.

Build one with Hull.from_points or sepax.shapes. Immutable once built; may be
shared between threads. A flat point set gives a two-sided polygon.)");
  cls.def_static("from_points", &from_points, py::arg("points"),
                 R"(The convex hull of points, an (N, 3) array (float32 or float64 read as
given, any other numeric dtype as float64; any strides). Only hull vertices
are kept, in their input coordinates converted to sepax.real. Raises
HullError (a ValueError, .status a HullStatus) for empty, non-finite, too
few, coincident or collinear points, ValueError for a wrong shape or a
non-numeric dtype.)")
      .def_property_readonly(
          "vertices",
          [](py::object self) {
            const Hull& h = self.cast<const Hull&>();
            return readonly_view(h.vertices().data(), h.vertex_count(), self);
          },
          "(V, 3) read-only view of the vertices, local frame (no copy; keeps the hull alive).")
      .def_property_readonly("vertex_count", &Hull::vertex_count)
      .def_property_readonly("face_count", &Hull::face_count,
                             "Polygonal faces (coplanar facets merged: a box has 6).")
      .def_property_readonly("edge_count", &Hull::edge_count, "Undirected edges.")
      .def_property_readonly(
          "extent", [](const Hull& h) { return double(h.extent()); },
          "Length of the bounds' diagonal (local frame): the size relative tolerances use.")
      .def_property_readonly(
          "magnitude", [](const Hull& h) { return double(h.magnitude()); },
          "Largest absolute coordinate plus extent (local frame).")
      .def_property_readonly(
          "centroid", [](const Hull& h) { return to_array(h.centroid()); },
          "Centroid of the solid (area centroid when flat), local frame.")
      .def_property_readonly("is_flat", &Hull::is_flat, "True for a two-sided flat polygon.")
      .def_property_readonly("is_box", &Hull::is_box, "True when SAT uses the 15-axis box test.")
      .def("__repr__", [](const Hull& h) {
        return "<sepax.Hull " + std::to_string(h.vertex_count()) + " vertices, " +
               std::to_string(h.face_count()) + " faces, " + std::to_string(h.edge_count()) +
               " edges>";
      });

  bind_hull_file(m, cls);
  bind_shapes(m);
}

}  // namespace sepax::python
