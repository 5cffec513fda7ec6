// Helpers every binding file shares: numpy conversions, the pose check and
// the binders of each file.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <sepax/sepax.hpp>

#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>

namespace sepax::python {

namespace py = pybind11;

// (N, 3) buffers of real are read and written as spans of vec3.
static_assert(sizeof(vec3) == 3 * sizeof(real));

/// A new (3,) array of real holding v.
[[nodiscard]] py::array_t<real> to_array(const vec3& v);

/// `obj` as a numpy array of a numeric dtype (bool, integer or floating
/// point), not yet converted; ValueError naming `what` otherwise (a string or
/// object array, say), never TypeError.
[[nodiscard]] py::array numeric_array(py::handle obj, const char* what);

/// `obj` as a C-contiguous float64 array of exactly `shape` (-1: any
/// length); ValueError naming `what` and the shape it had otherwise.
/// float64 holds every float32 and float64 exactly, so converting to real
/// afterwards rounds once.
[[nodiscard]] py::array_t<double> double_array(py::handle obj, const char* what,
                                               std::initializer_list<py::ssize_t> shape);

/// A (3,) point or vector: three numbers, converted to real.
[[nodiscard]] vec3 to_vec3(py::handle obj, const char* what);

/// to_vec3, and ValueError unless all three are finite in real.
[[nodiscard]] vec3 to_finite_vec3(py::handle obj, const char* what);

/// "(4, 2)": an array's shape as numpy prints it.
[[nodiscard]] std::string shape_string(const py::array& a);

/// A read-only view of `count` vec3 at `data` as a (count, 3) array that
/// keeps `owner` alive.
[[nodiscard]] py::array_t<real> readonly_view(const vec3* data, std::size_t count,
                                              py::handle owner);

/// Releases the GIL for a whole bound call (its arguments are C++ values).
using release = py::call_guard<py::gil_scoped_release>;

/// A vec3 member as a read-only property returning a new (3,) array.
template <class T>
auto vec(vec3 T::*field) {
  return [field](const T& r) { return to_array(r.*field); };
}

/// A real member as a Python float (real converts to double exactly).
template <class T>
auto num(real T::*field) {
  return [field](const T& r) { return double(r.*field); };
}

/// A length argument: >= 0 and finite (or +inf where allowed), else
/// ValueError naming `what`.
[[nodiscard]] inline real length_arg(double x, const char* what, bool allow_infinity) {
  if (std::isnan(x) || x < 0 || (!allow_infinity && std::isinf(x)))
    throw py::value_error(std::string(what) + " must be >= 0" +
                          (allow_infinity ? "" : " and finite"));
  return real(x);
}

/// A linear cast's binding: B moving by `translation` against A, both at
/// world poses; the arguments checked (translation finite, max_fraction >= 0,
/// target >= 0 and finite) and `cast(a, pose_a, b, pose_b, translation,
/// max_fraction, target)` run with the GIL released.
template <class A, class B, class Cast>
auto linear_cast(Cast cast) {
  return [cast](const A& a, const Pose& pa, const B& b, const Pose& pb, py::handle translation,
                double max_fraction, double target) {
    const vec3 t = to_finite_vec3(translation, "translation");
    const real mf = length_arg(max_fraction, "max_fraction", true);
    const real tg = length_arg(target, "target", false);
    py::gil_scoped_release unlocked;
    return cast(a, pa, b, pb, t, mf, tg);
  };
}

/// A new exception class `name` (module.Name) deriving from `base`, kept
/// for the life of the process and set as attribute `attr` of `m`.
[[nodiscard]] PyObject* new_error(py::module_& m, const char* attr, const char* name,
                                  const char* doc, PyObject* base = PyExc_ValueError);

/// Raises an instance of `type` with message `text` and attribute .status.
[[noreturn]] void raise_with_status(PyObject* type, const std::string& text, py::object status);

/// The hull r holds, or HullError naming `where`, the status and the message.
[[nodiscard]] std::shared_ptr<Hull> hull_or_raise(HullResult r, const char* where);
/// A pose that fails the check the queries expect (finite, rotation
/// orthonormal with determinant +1, scale > 0), or a matrix that is not
/// [[s R, t], [0, 0, 0, 1]]. The message names what is wrong, not where:
/// callers prefix it ("Pose: ", "poses_b[17]: "). An invalid_argument, so
/// pybind11 raises ValueError should one escape.
struct PoseError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// The pose Pose(matrix=m) makes of a row-major (4, 4) matrix (16 numbers):
/// scale = cbrt(det) (within 8 eps of 1: exactly 1), rotation = the 3x3
/// part / scale; checked, PoseError otherwise. sepax.Poses and the batch
/// calls convert each row with it, so they hold the very poses Pose() would.
[[nodiscard]] Pose pose_from_matrix(const double* m);

/// The pose Pose(rotation=, quaternion=, translation=, scale=) makes; a null
/// part takes its default (identity, zero, 1). rotation: 9 numbers row-major;
/// quaternion: (w, x, y, z), normalized, zero gives the identity; at most
/// one of the two. Checked; PoseError otherwise.
[[nodiscard]] Pose pose_from_parts(const double* rotation, const double* quaternion,
                                   const double* translation, const double* scale);

void bind_types(py::module_& m);
void bind_hull(py::module_& m);
void bind_queries(py::module_& m);
void bind_casts(py::module_& m);
void bind_mesh(py::module_& m);
/// contact.collide against a TriangleMesh; after bind_queries and bind_mesh.
void bind_mesh_contact(py::module_& m);
/// The batch calls (*_many) and sepax.Poses; after bind_queries, whose
/// submodules it adds to.
void bind_batch(py::module_& m);

}  // namespace sepax::python
