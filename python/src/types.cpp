// sepax.Pose: rotation, translation and uniform scale, checked as the
// library's queries expect them (src/core/checks.hpp pose_ok): a bad pose
// raises ValueError here instead of giving a default answer there.
#include "common.hpp"

#include <cmath>
#include <optional>
#include <sstream>

namespace sepax::python {
namespace {

// Rotations may be off orthonormal by this much per dot product, as the
// library's own check allows (1000 eps: a matrix from float text, or from
// quaternion arithmetic, is accepted; a sheared or scaled one is not).
constexpr real orthonormal_slack = real(1000) * tol::eps;
// A matrix's scale, cbrt(det), within this of 1 is taken as exactly 1, so
// that a rotation matrix given as matrix= keeps its numbers unchanged.
constexpr real unit_scale_slack = real(8) * tol::eps;
// A determinant within this of 1 has its cube root within 4 eps of 1, so
// within unit_scale_slack (checked on every real within it, in double and
// float): cbrt, the costliest step of reading a matrix, is skipped for the
// same answer.
constexpr real unit_det_slack = real(12) * tol::eps;

void check_pose(const Pose& p) {
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      if (!std::isfinite(p.rotation[i][j])) throw PoseError("rotation must be finite");
    }
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      const real d = glm::dot(p.rotation[i], p.rotation[j]) - (i == j ? real(1) : real(0));
      if (std::abs(d) > orthonormal_slack)
        throw PoseError("rotation must be orthonormal (columns " + std::to_string(i) + " and " +
                        std::to_string(j) + " are off by " + std::to_string(double(d)) + ")");
    }
  if (!(glm::determinant(p.rotation) > 0))
    throw PoseError("rotation must have determinant +1 (a reflection was given)");
  for (int i = 0; i < 3; ++i)
    if (!std::isfinite(p.translation[i])) throw PoseError("translation must be finite");
  if (!scale_ok(p)) throw PoseError("scale must be finite and > 0");
}

// Row-major R[r, c] (numpy) into glm's column-major rotation[c][r].
mat3 to_mat3(const double* r) {
  mat3 m(real(1));
  for (int row = 0; row < 3; ++row)
    for (int col = 0; col < 3; ++col) m[col][row] = real(r[3 * row + col]);
  return m;
}

// Pose(...)'s arguments, checked and converted: a PoseError becomes a
// ValueError that starts with "Pose: ".
Pose make_pose(py::object matrix, py::object rotation, py::object quaternion,
               py::object translation, py::object scale) {
  if (!matrix.is_none()) {
    if (!rotation.is_none() || !quaternion.is_none() || !translation.is_none() || !scale.is_none())
      throw py::value_error(
          "Pose: matrix= excludes rotation=, quaternion=, translation= and scale=");
  } else if (!rotation.is_none() && !quaternion.is_none()) {
    throw py::value_error("Pose: give rotation= or quaternion=, not both");
  }
  // Each array is held here while pose_from_* reads it.
  std::optional<py::array_t<double>> m, r, q, t;
  if (!matrix.is_none()) m = double_array(matrix, "matrix", {4, 4});
  if (!rotation.is_none()) r = double_array(rotation, "rotation", {3, 3});
  if (!quaternion.is_none()) q = double_array(quaternion, "quaternion", {4});
  if (!translation.is_none()) t = double_array(translation, "translation", {3});
  const double s = scale.is_none() ? 1.0 : py::cast<double>(py::float_(scale));
  const auto data = [](const auto& a) { return a ? a->data() : nullptr; };
  try {
    if (m) return pose_from_matrix(m->data());
    return pose_from_parts(data(r), data(q), data(t), scale.is_none() ? nullptr : &s);
  } catch (const PoseError& e) {
    throw py::value_error(std::string("Pose: ") + e.what());
  }
}

// p (3,) or (N, 3) through f, one point at a time; the same shape back.
template <class F>
py::array_t<real> map_points(py::handle points, const char* what, F f) {
  const py::array a = numeric_array(points, what);
  const bool single = a.ndim() == 1;
  const auto in = single ? double_array(a, what, {3}) : double_array(a, what, {-1, 3});
  const py::ssize_t n = single ? 1 : in.shape(0);
  py::array_t<real> out = single ? py::array_t<real>(3) : py::array_t<real>({n, py::ssize_t{3}});
  const double* src = in.data();
  real* dst = out.mutable_data();
  for (py::ssize_t i = 0; i < n; ++i) {
    const vec3 v = f(vec3(real(src[3 * i]), real(src[3 * i + 1]), real(src[3 * i + 2])));
    for (int k = 0; k < 3; ++k) dst[3 * i + k] = v[k];
  }
  return out;
}

py::array_t<real> rotation_array(const Pose& p) {
  py::array_t<real> out({3, 3});
  auto w = out.mutable_unchecked<2>();
  for (int row = 0; row < 3; ++row)
    for (int col = 0; col < 3; ++col) w(row, col) = p.rotation[col][row];
  return out;
}

py::array_t<real> matrix_array(const Pose& p) {
  py::array_t<real> out({4, 4});
  auto w = out.mutable_unchecked<2>();
  for (int row = 0; row < 3; ++row) {
    for (int col = 0; col < 3; ++col) w(row, col) = p.scale * p.rotation[col][row];
    w(row, 3) = p.translation[row];
    w(3, row) = 0;
  }
  w(3, 3) = 1;
  return out;
}

std::string repr(const Pose& p) {
  std::ostringstream s;
  s.precision(17);
  s << "Pose(rotation=[";
  for (int row = 0; row < 3; ++row) {
    s << (row ? ", [" : "[");
    for (int col = 0; col < 3; ++col) s << (col ? ", " : "") << p.rotation[col][row];
    s << ']';
  }
  s << "], translation=[" << p.translation.x << ", " << p.translation.y << ", " << p.translation.z
    << "], scale=" << p.scale << ')';
  return s.str();
}

}  // namespace

Pose pose_from_matrix(const double* m) {
  const auto at = [m](int row, int col) { return m[4 * row + col]; };
  if (at(3, 0) != 0 || at(3, 1) != 0 || at(3, 2) != 0 || at(3, 3) != 1)
    throw PoseError("the matrix's last row must be (0, 0, 0, 1)");
  mat3 r(real(1));
  for (int row = 0; row < 3; ++row)
    for (int col = 0; col < 3; ++col) r[col][row] = real(at(row, col));
  const real det = glm::determinant(r);
  if (!(det > 0) || !std::isfinite(det))
    throw PoseError("the matrix's 3x3 part must have a positive determinant");
  real s = std::abs(det - real(1)) <= unit_det_slack ? real(1) : std::cbrt(det);
  if (std::abs(s - real(1)) <= unit_scale_slack) s = real(1);
  Pose p;
  p.rotation = s == real(1) ? r : r / s;
  p.translation = vec3(real(at(0, 3)), real(at(1, 3)), real(at(2, 3)));
  p.scale = s;
  check_pose(p);
  return p;
}

Pose pose_from_parts(const double* rotation, const double* quaternion, const double* translation,
                     const double* scale) {
  const vec3 t = translation
                     ? vec3(real(translation[0]), real(translation[1]), real(translation[2]))
                     : vec3(real(0));
  Pose p;
  if (quaternion) {
    for (int i = 0; i < 4; ++i)
      if (!std::isfinite(quaternion[i])) throw PoseError("quaternion must be finite");
    // glm's constructor takes (w, x, y, z); it stores x, y, z, w.
    p = pose_from_quat(t, quat(real(quaternion[0]), real(quaternion[1]), real(quaternion[2]),
                               real(quaternion[3])));
  } else {
    if (rotation) p.rotation = to_mat3(rotation);
    p.translation = t;
  }
  if (scale) p.scale = real(*scale);
  check_pose(p);
  return p;
}

void bind_types(py::module_& m) {
  py::class_<Pose>(m, "Pose", R"(A rigid transform with a uniform scale:
world = rotation @ (scale * local) + translation.

Pose(matrix) takes a (4, 4) array [[s R, t], [0, 0, 0, 1]]: s = cbrt(det) > 0
and R = M[:3, :3] / s (s within 8 eps of 1 is taken as 1, so a rotation
matrix keeps its numbers). Otherwise give rotation= (a (3, 3) row-major
matrix, R[i, j] row i column j) or quaternion= (scalar first: (w, x, y, z);
scipy: Rotation.as_quat(scalar_first=True) or np.roll(q, 1); normalized here,
zero gives the identity), with translation= (3,) and scale= (> 0).
The numbers are stored as given (converted to sepax.real) and checked as
the queries expect: finite, rotation orthonormal within 1000 eps with
determinant +1, scale finite and > 0; ValueError otherwise.)")
      .def(py::init(&make_pose), py::arg("matrix") = py::none(), py::kw_only(),
           py::arg("rotation") = py::none(), py::arg("quaternion") = py::none(),
           py::arg("translation") = py::none(), py::arg("scale") = py::none())
      .def_property_readonly("rotation", &rotation_array,
                             "(3, 3) row-major rotation, a new array of sepax.real on each access")
      .def_property_readonly(
          "translation", [](const Pose& p) { return to_array(p.translation); },
          "(3,) translation, world frame, a new array on each access")
      .def_property_readonly(
          "scale", [](const Pose& p) { return double(p.scale); }, "Uniform scale, > 0")
      .def_static(
          "from_euler_deg",
          [](py::handle translation, py::handle degrees) {
            const Pose p = pose_from_euler_deg(to_finite_vec3(translation, "translation"),
                                               to_finite_vec3(degrees, "degrees"));
            check_pose(p);
            return p;
          },
          py::arg("translation"), py::arg("degrees"),
          "The pose the tool's --pose X,Y,Z/RX,RY,RZ gives: rotation Rz @ Ry @ Rx (degrees; "
          "turned about x first), then moved by translation.")
      .def("matrix", &matrix_array, "The (4, 4) matrix [[scale * R, t], [0, 0, 0, 1]].")
      .def(
          "apply",
          [](const Pose& p, py::handle x) {
            return map_points(x, "points", [&](const vec3& v) { return p.apply(v); });
          },
          py::arg("points"),
          "Local points (3,) or (N, 3) to the world frame: rotation @ (scale * p) + translation.")
      .def(
          "apply_inverse",
          [](const Pose& p, py::handle x) {
            return map_points(x, "points", [&](const vec3& v) { return p.apply_inverse(v); });
          },
          py::arg("points"), "World points (3,) or (N, 3) to the local frame (undoes apply).")
      .def("inverse", &Pose::inverse, "The pose that undoes this one.")
      .def("__repr__", &repr);
}

}  // namespace sepax::python
