// sepax.Hull, sepax.HullStatus, sepax.HullError and the shape factories
// (sepax.shapes). Hulls are held by shared_ptr: built once, read-only,
// shared by every result and view that refers to them.
#include "common.hpp"

#include <cmath>
#include <cstdint>
#include <memory>

namespace sepax::python {
namespace {

// sepax.HullError, a ValueError with .status; made once, with the module,
// and never freed (the module keeps it as an attribute too).
PyObject* hull_error = nullptr;

[[noreturn]] void raise_hull_error(const HullResult& r, const char* where) {
  const std::string text = std::string(where) + ": " + to_string(r.status) + ": " + r.message;
  py::object err = py::reinterpret_borrow<py::object>(hull_error)(text);
  err.attr("status") = py::cast(r.status);
  PyErr_SetObject(hull_error, err.ptr());
  throw py::error_already_set();
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
  if (!r.ok()) raise_hull_error(r, "Hull.from_points");
  return std::make_shared<Hull>(std::move(r.hull));
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

  hull_error = PyErr_NewExceptionWithDoc(
      "sepax.HullError",
      "Hull.from_points failed: a ValueError whose .status is the HullStatus; "
      "str() names the status and gives the library's message.",
      PyExc_ValueError, nullptr);
  if (!hull_error) throw py::error_already_set();
  m.attr("HullError") = py::handle(hull_error);

  py::class_<Hull, std::shared_ptr<Hull>>(m, "Hull", R"(A convex polytope in its local frame.

Build one with Hull.from_points or sepax.shapes. Immutable once built; may be
shared between threads. A flat point set gives a two-sided polygon.)")
      .def_static("from_points", &from_points, py::arg("points"),
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

  bind_shapes(m);
}

}  // namespace sepax::python
