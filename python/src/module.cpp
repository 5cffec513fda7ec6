// The extension sepax._sepax: the module, its submodules and the numpy
// helpers they share. The package's __init__.py re-exports them as sepax,
// sepax.sat, sepax.gjk and so on.
#include "common.hpp"

#include <cmath>
#include <sstream>

namespace sepax::python {

py::array_t<real> to_array(const vec3& v) {
  py::array_t<real> out(3);
  auto w = out.mutable_unchecked<1>();
  for (py::ssize_t i = 0; i < 3; ++i) w(i) = v[static_cast<int>(i)];
  return out;
}

std::string shape_string(const py::array& a) {
  std::ostringstream s;
  s << '(';
  for (py::ssize_t i = 0; i < a.ndim(); ++i) s << (i ? ", " : "") << a.shape(i);
  s << (a.ndim() == 1 ? ",)" : ")");
  return s.str();
}

py::array numeric_array(py::handle obj, const char* what) {
  py::array a;
  try {
    a = py::module_::import("numpy").attr("asarray")(obj);
  } catch (const py::error_already_set& e) {
    throw py::value_error(std::string(what) + " must be an array of numbers: " + e.what());
  }
  const char kind = a.dtype().kind();
  if (kind != 'b' && kind != 'i' && kind != 'u' && kind != 'f')
    throw py::value_error(std::string(what) + " must be an array of numbers; got dtype " +
                          py::str(a.dtype()).cast<std::string>());
  return a;
}

py::array_t<double> double_array(py::handle obj, const char* what,
                                 std::initializer_list<py::ssize_t> shape) {
  const py::array a = numeric_array(obj, what);
  bool ok = a.ndim() == static_cast<py::ssize_t>(shape.size());
  for (std::size_t i = 0; ok && i < shape.size(); ++i) {
    const py::ssize_t want = shape.begin()[i];
    ok = want < 0 || a.shape(static_cast<py::ssize_t>(i)) == want;
  }
  if (!ok) {
    std::string want = "(";
    for (std::size_t i = 0; i < shape.size(); ++i) {
      const py::ssize_t n = shape.begin()[i];
      want += (i ? ", " : "") + (n < 0 ? std::string("N") : std::to_string(n));
    }
    want += shape.size() == 1 ? ",)" : ")";
    throw py::value_error(std::string(what) + " must have shape " + want + "; got " +
                          shape_string(a));
  }
  return py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(a);
}

vec3 to_vec3(py::handle obj, const char* what) {
  const auto a = double_array(obj, what, {3});
  const double* d = a.data();
  return vec3(real(d[0]), real(d[1]), real(d[2]));
}

vec3 to_finite_vec3(py::handle obj, const char* what) {
  const vec3 v = to_vec3(obj, what);
  if (!(std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z)))
    throw py::value_error(std::string(what) + " must be finite");
  return v;
}

py::array_t<real> readonly_view(const vec3* data, std::size_t count, py::handle owner) {
  const auto n = static_cast<py::ssize_t>(count);
  py::array_t<real> out({n, py::ssize_t{3}},
                        {static_cast<py::ssize_t>(sizeof(vec3)), py::ssize_t{sizeof(real)}},
                        reinterpret_cast<const real*>(data), owner);
  // As pybind11's Eigen caster marks its read-only views.
  py::detail::array_proxy(out.ptr())->flags &= ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
  return out;
}

PyObject* new_error(py::module_& m, const char* attr, const char* name, const char* doc,
                    PyObject* base) {
  PyObject* type = PyErr_NewExceptionWithDoc(name, doc, base, nullptr);
  if (!type) throw py::error_already_set();
  m.attr(attr) = py::handle(type);
  return type;
}

void raise_with_status(PyObject* type, const std::string& text, py::object status) {
  py::object err = py::reinterpret_borrow<py::object>(type)(text);
  err.attr("status") = std::move(status);
  PyErr_SetObject(type, err.ptr());
  throw py::error_already_set();
}

namespace {

void bind_version(py::module_& m) {
  m.attr("__version__") = SEPAX_VERSION;
  m.attr("precision") = SEPAX_USE_FLOAT ? "float" : "double";
  m.attr("real") = py::dtype::of<real>().attr("type");
}

}  // namespace

}  // namespace sepax::python

PYBIND11_MODULE(_sepax, m) {
  m.doc() = "sepax: collision queries between 3D convex hulls (SAT, GJK, EPA)";
  sepax::python::bind_version(m);
  sepax::python::bind_types(m);
  sepax::python::bind_hull(m);
  sepax::python::bind_queries(m);
  sepax::python::bind_casts(m);
  sepax::python::bind_mesh(m);
  sepax::python::bind_mesh_contact(m);
  sepax::python::bind_batch(m);
}
