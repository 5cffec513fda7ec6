// The batch calls: sepax.Poses, sat.query_many, gjk.distance_many,
// epa.query_many and contact.collide_many. One call answers K pairs: each of
// its four arguments (hull A, poses of A, hull B, poses of B) is one value
// for every row or K values, one per row. Everything is converted to C++
// values first (poses row by row as Pose() converts them, so a row's answer
// is the single call's bit for bit); the result arrays are allocated once;
// then the GIL is released and the rows run in contiguous chunks on up to
// `threads` threads, each writing its own rows of the arrays.
#include "common.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <exception>
#include <limits>
#include <mutex>
#include <optional>
#include <system_error>
#include <thread>
#include <vector>

namespace sepax::python {
namespace {

// Rows a thread takes at least when threads=0 picks the count: starting a
// thread costs about as much as 20 to 100 queries (tens of microseconds
// against 0.2 to 5 each), so fewer rows stay on the calling thread.
constexpr std::size_t min_rows_per_thread = 256;

// ---------------------------------------------------------------------------
// Poses

// K checked poses: what sepax.Poses holds and the batch calls read.
struct Poses {
  std::vector<Pose> rows;
};

[[noreturn]] void raise_row(const char* name, std::size_t row, const PoseError& e) {
  throw py::value_error(std::string(name) + "[" + std::to_string(row) + "]: " + e.what());
}

// Row i of (K, 4, 4) matrices as Pose(matrix=) converts it; ValueError
// naming the row.
Pose matrix_row(const py::array_t<double>& m, std::size_t i, const char* name) {
  try {
    return pose_from_matrix(m.data() + 16 * i);
  } catch (const PoseError& e) {
    raise_row(name, i, e);
  }
}

std::vector<Pose> poses_from_matrices(py::handle obj, const char* name) {
  const auto m = double_array(obj, name, {-1, 4, 4});
  std::vector<Pose> out(static_cast<std::size_t>(m.shape(0)));
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = matrix_row(m, i, name);
  return out;
}

// One part of Poses(...): not given, one value for every row, or K rows.
struct Part {
  std::optional<py::array_t<double>> array;  // held while the rows are read
  std::size_t stride = 0;                    // numbers per row; 0: one for all
  py::ssize_t rows = -1;                     // K; -1 when one serves all

  [[nodiscard]] const double* row(std::size_t i) const {
    return array ? array->data() + stride * i : nullptr;
  }
};

// `one` is the shape of one value, `many` that of K (-1 first).
Part read_part(py::handle obj, const char* what, std::initializer_list<py::ssize_t> one,
               std::initializer_list<py::ssize_t> many) {
  Part p;
  if (obj.is_none()) return p;
  const py::array a = numeric_array(obj, what);
  if (a.ndim() == static_cast<py::ssize_t>(one.size())) {
    p.array = double_array(a, what, one);
    return p;
  }
  p.array = double_array(a, what, many);
  p.rows = p.array->shape(0);
  p.stride = p.rows ? static_cast<std::size_t>(p.array->size() / p.rows) : 0;
  return p;
}

Poses make_poses(py::object matrix, py::object rotation, py::object quaternion,
                 py::object translation, py::object scale) {
  if (!matrix.is_none()) {
    if (!rotation.is_none() || !quaternion.is_none() || !translation.is_none() || !scale.is_none())
      throw py::value_error(
          "Poses: matrix= excludes rotation=, quaternion=, translation= and scale=");
    return {poses_from_matrices(matrix, "Poses")};
  }
  if (!rotation.is_none() && !quaternion.is_none())
    throw py::value_error("Poses: give rotation= or quaternion=, not both");
  const Part parts[] = {read_part(rotation, "rotation", {3, 3}, {-1, 3, 3}),
                        read_part(quaternion, "quaternion", {4}, {-1, 4}),
                        read_part(translation, "translation", {3}, {-1, 3}),
                        read_part(scale, "scale", {}, {-1})};
  py::ssize_t rows = -1;
  for (const Part& p : parts) {
    if (p.rows >= 0 && rows >= 0 && p.rows != rows)
      throw py::value_error("Poses: the parts have " + std::to_string(rows) + " and " +
                            std::to_string(p.rows) + " rows");
    if (p.rows >= 0) rows = p.rows;
  }
  Poses out;
  out.rows.resize(rows < 0 ? 1 : static_cast<std::size_t>(rows));
  for (std::size_t i = 0; i < out.rows.size(); ++i) {
    try {
      out.rows[i] =
          pose_from_parts(parts[0].row(i), parts[1].row(i), parts[2].row(i), parts[3].row(i));
    } catch (const PoseError& e) {
      raise_row("Poses", i, e);
    }
  }
  return out;
}

// (K, ...) arrays of a Poses' parts.
py::array_t<real> rotations(const Poses& p) {
  py::array_t<real> out({static_cast<py::ssize_t>(p.rows.size()), py::ssize_t{3}, py::ssize_t{3}});
  real* w = out.mutable_data();
  for (const Pose& pose : p.rows)
    for (int row = 0; row < 3; ++row)
      for (int col = 0; col < 3; ++col) *w++ = pose.rotation[col][row];
  return out;
}

py::array_t<real> translations(const Poses& p) {
  py::array_t<real> out({static_cast<py::ssize_t>(p.rows.size()), py::ssize_t{3}});
  real* w = out.mutable_data();
  for (const Pose& pose : p.rows)
    for (int k = 0; k < 3; ++k) *w++ = pose.translation[k];
  return out;
}

py::array_t<real> scales(const Poses& p) {
  py::array_t<real> out(static_cast<py::ssize_t>(p.rows.size()));
  real* w = out.mutable_data();
  for (const Pose& pose : p.rows) *w++ = pose.scale;
  return out;
}

py::array_t<real> matrices(const Poses& p) {
  py::array_t<real> out({static_cast<py::ssize_t>(p.rows.size()), py::ssize_t{4}, py::ssize_t{4}});
  real* w = out.mutable_data();
  for (const Pose& pose : p.rows) {
    for (int row = 0; row < 3; ++row) {
      for (int col = 0; col < 3; ++col) *w++ = pose.scale * pose.rotation[col][row];
      *w++ = pose.translation[row];
    }
    for (int col = 0; col < 4; ++col) *w++ = col == 3 ? real(1) : real(0);
  }
  return out;
}

// ---------------------------------------------------------------------------
// The arguments of a batch call

// One value for every row (stride 0) or one per row (stride 1), with what
// keeps the values alive while the GIL is released.
template <class T>
struct Column {
  Column() = default;
  Column(Column&&) noexcept = default;
  Column(const Column&) = delete;  // data may point into owned

  const T* data = nullptr;
  std::size_t stride = 0;
  py::ssize_t rows = -1;  // -1: one for every row
  std::vector<T> owned;   // the values, unless an argument holds them
  py::object keep;        // the Python objects the values point into

  [[nodiscard]] const T& operator[](std::size_t i) const { return data[stride * i]; }
  // K values, one per row.
  void own(std::vector<T> values) {
    owned = std::move(values);
    data = owned.data();
    stride = 1;
    rows = static_cast<py::ssize_t>(owned.size());
  }
  // One value for every row.
  void one(T value) {
    own({value});
    stride = 0;
    rows = -1;
  }
};

// A Hull, or a sequence of K hulls.
Column<const Hull*> read_hulls(py::handle obj, const char* name) {
  Column<const Hull*> c;
  if (py::isinstance<Hull>(obj)) {
    c.one(py::cast<const Hull*>(obj));
    c.keep = py::reinterpret_borrow<py::object>(obj);
    return c;
  }
  if (!py::isinstance<py::sequence>(obj) || py::isinstance<py::str>(obj))
    throw py::type_error(std::string(name) + " must be a sepax.Hull or a sequence of them");
  // A tuple of the same hulls: the caller may empty its list meanwhile.
  const py::tuple hulls(py::reinterpret_borrow<py::object>(obj));
  std::vector<const Hull*> rows(hulls.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (!py::isinstance<Hull>(hulls[i]))
      throw py::type_error(std::string(name) + "[" + std::to_string(i) + "] is not a sepax.Hull");
    rows[i] = py::cast<const Hull*>(hulls[i]);
  }
  c.own(std::move(rows));
  c.keep = hulls;
  return c;
}

// The poses of A or of B: one for every row, K stored (a sepax.Poses, a
// sequence of Pose), or the caller's (K, 4, 4) matrices, each checked here
// and made again as its row runs (the same function, so the same pose).
// Storing those would write 104 bytes a row into memory new to the call,
// whose first writes cost a page fault per 4 KiB: about 15 us on this
// project's virtual machines, several queries' worth.
struct PoseColumn {
  Column<Pose> stored;
  py::array_t<double> matrices;     // (K, 4, 4), C-contiguous float64
  const double* numbers = nullptr;  // its rows; null when stored

  [[nodiscard]] py::ssize_t rows() const { return numbers ? matrices.shape(0) : stored.rows; }
  // Row i's pose, made in `scratch` from a matrix.
  [[nodiscard]] const Pose& at(std::size_t i, Pose& scratch) const {
    if (!numbers) return stored[i];
    scratch = pose_from_matrix(numbers + 16 * i);
    return scratch;
  }
};

// A Pose or a (4, 4) matrix for every row; a sepax.Poses, a sequence of
// Pose or (K, 4, 4) matrices, one per row.
PoseColumn read_poses(py::handle obj, const char* name) {
  PoseColumn c;
  if (py::isinstance<Pose>(obj)) {
    c.stored.one(py::cast<Pose>(obj));
    return c;
  }
  if (py::isinstance<Poses>(obj)) {
    const auto& p = py::cast<const Poses&>(obj);
    c.stored.data = p.rows.data();
    c.stored.stride = 1;
    c.stored.rows = static_cast<py::ssize_t>(p.rows.size());
    c.stored.keep = py::reinterpret_borrow<py::object>(obj);
    return c;
  }
  if ((py::isinstance<py::list>(obj) || py::isinstance<py::tuple>(obj)) &&
      (py::len(obj) == 0 || py::isinstance<Pose>(obj[py::int_(0)]))) {
    std::vector<Pose> rows;
    rows.reserve(py::len(obj));
    for (py::handle p : obj) {
      if (!py::isinstance<Pose>(p))
        throw py::type_error(std::string(name) + "[" + std::to_string(rows.size()) +
                             "] is not a sepax.Pose");
      rows.push_back(py::cast<Pose>(p));
    }
    c.stored.own(std::move(rows));
    return c;
  }
  const py::array a = numeric_array(obj, name);
  if (a.ndim() == 2) {
    const auto m = double_array(a, name, {4, 4});
    try {
      c.stored.one(pose_from_matrix(m.data()));
    } catch (const PoseError& e) {
      throw py::value_error(std::string(name) + ": " + e.what());
    }
    return c;
  }
  c.matrices = double_array(a, name, {-1, 4, 4});
  for (std::size_t i = 0; i < static_cast<std::size_t>(c.matrices.shape(0)); ++i)
    (void)matrix_row(c.matrices, i, name);
  c.numbers = c.matrices.data();
  return c;
}

// The four arguments as C++ values, and the count of rows K.
struct Inputs {
  Column<const Hull*> a, b;
  PoseColumn pose_a, pose_b;
  std::size_t rows = 1;
};

Inputs read_inputs(py::handle a, py::handle poses_a, py::handle b, py::handle poses_b) {
  Inputs in{read_hulls(a, "a"), read_hulls(b, "b"), read_poses(poses_a, "poses_a"),
            read_poses(poses_b, "poses_b")};
  const std::pair<const char*, py::ssize_t> counts[] = {{"a", in.a.rows},
                                                        {"poses_a", in.pose_a.rows()},
                                                        {"b", in.b.rows},
                                                        {"poses_b", in.pose_b.rows()}};
  const char* first = nullptr;
  for (const auto& [name, rows] : counts) {
    if (rows < 0) continue;
    if (first && static_cast<std::size_t>(rows) != in.rows)
      throw py::value_error(std::string(first) + " has " + std::to_string(in.rows) + " rows but " +
                            name + " has " + std::to_string(rows));
    if (!first) first = name;
    in.rows = static_cast<std::size_t>(rows);
  }
  return in;
}

std::size_t thread_count(long long threads, std::size_t rows) {
  if (threads < 0) throw py::value_error("threads must be >= 0 (0: as many as useful)");
  std::size_t n = static_cast<std::size_t>(threads);
  if (threads == 0)
    n = std::min<std::size_t>(std::max(1u, std::thread::hardware_concurrency()),
                              rows / min_rows_per_thread);
  return std::clamp<std::size_t>(n, 1, std::max<std::size_t>(rows, 1));
}

// f(begin, end) on `threads` contiguous chunks of [0, rows), the first on
// the calling thread. Nothing escapes a worker: its exception is kept and
// rethrown here after every worker has joined (the queries throw nothing;
// this is for the unforeseen, std::bad_alloc say). A thread the system
// cannot start runs its chunk here instead.
template <class F>
void run_rows(std::size_t rows, std::size_t threads, const F& f) {
  std::exception_ptr error;
  std::mutex error_mutex;
  const auto chunk = [&](std::size_t t) {
    try {
      f(rows * t / threads, rows * (t + 1) / threads);
    } catch (...) {
      const std::lock_guard<std::mutex> lock(error_mutex);
      if (!error) error = std::current_exception();
    }
  };
  std::vector<std::thread> workers;
  workers.reserve(threads - 1);
  for (std::size_t t = 1; t < threads; ++t) {
    try {
      workers.emplace_back(chunk, t);
    } catch (const std::system_error&) {
      chunk(t);
    }
  }
  chunk(0);
  for (std::thread& w : workers) w.join();
  if (error) std::rethrow_exception(error);
}

// query(a, pose_a, b, pose_b) of every row, given to write(row, result),
// with the GIL released.
template <class Query, class Write>
void run_batch(const Inputs& in, long long threads, const Query& query, const Write& write) {
  const std::size_t n = thread_count(threads, in.rows);
  py::gil_scoped_release unlocked;
  run_rows(in.rows, n, [&](std::size_t begin, std::size_t end) {
    Pose scratch_a, scratch_b;
    for (std::size_t i = begin; i < end; ++i)
      write(i, query(*in.a[i], in.pose_a.at(i, scratch_a), *in.b[i], in.pose_b.at(i, scratch_b)));
  });
}

// ---------------------------------------------------------------------------
// Result arrays

// A new (K, tail...) array; every element is written before it is returned.
template <class T>
py::array_t<T> column(std::size_t rows, std::initializer_list<py::ssize_t> tail = {}) {
  std::vector<py::ssize_t> shape{static_cast<py::ssize_t>(rows)};
  shape.insert(shape.end(), tail);
  return py::array_t<T>(shape);
}

void put(real* out, std::size_t i, const vec3& v) {
  for (int k = 0; k < 3; ++k) out[3 * i + static_cast<std::size_t>(k)] = v[k];
}

struct FeatureColumns {
  py::array_t<std::uint8_t> kind;
  py::array_t<index_t> a, b;

  explicit FeatureColumns(std::size_t rows)
      : kind(column<std::uint8_t>(rows)), a(column<index_t>(rows)), b(column<index_t>(rows)) {}
  struct Out {
    std::uint8_t* kind;
    index_t *a, *b;
    void operator()(std::size_t i, const sat::Feature& f) const {
      kind[i] = static_cast<std::uint8_t>(f.kind);
      a[i] = f.a;
      b[i] = f.b;
    }
  };
  Out out() { return {kind.mutable_data(), a.mutable_data(), b.mutable_data()}; }
};

struct SatResults {
  std::size_t rows;
  py::array_t<bool> intersecting = column<bool>(rows);
  py::array_t<real> separation = column<real>(rows);
  py::array_t<real> axis = column<real>(rows, {3});
  FeatureColumns feature{rows};
};

struct GjkResults {
  std::size_t rows;
  py::array_t<bool> intersecting = column<bool>(rows);
  py::array_t<real> distance = column<real>(rows);
  py::array_t<real> axis = column<real>(rows, {3});
  py::array_t<real> point_a = column<real>(rows, {3});
  py::array_t<real> point_b = column<real>(rows, {3});
  py::array_t<std::int32_t> iterations = column<std::int32_t>(rows);
  py::array_t<std::uint8_t> status = column<std::uint8_t>(rows);
};

struct EpaResults {
  std::size_t rows;
  py::array_t<bool> intersecting = column<bool>(rows);
  py::array_t<real> separation = column<real>(rows);
  py::array_t<real> axis = column<real>(rows, {3});
  py::array_t<real> point_a = column<real>(rows, {3});
  py::array_t<real> point_b = column<real>(rows, {3});
  py::array_t<std::int32_t> gjk_iterations = column<std::int32_t>(rows);
  py::array_t<std::int32_t> epa_iterations = column<std::int32_t>(rows);
  py::array_t<std::uint8_t> gjk_status = column<std::uint8_t>(rows);
  py::array_t<std::uint8_t> epa_status = column<std::uint8_t>(rows);
  py::array_t<real> depth_error = column<real>(rows);
};

constexpr py::ssize_t points = contact::max_points;

struct Manifolds {
  std::size_t rows;
  py::array_t<real> normal = column<real>(rows, {3});
  py::array_t<std::int32_t> count = column<std::int32_t>(rows);
  py::array_t<real> separation = column<real>(rows);
  FeatureColumns feature{rows};
  py::array_t<real> point_a = column<real>(rows, {points, 3});
  py::array_t<real> point_b = column<real>(rows, {points, 3});
  py::array_t<real> point_separation = column<real>(rows, {points});
  py::array_t<contact::Id> id = column<contact::Id>(rows, {points});
};

// The result a call fills, and the Python object that holds it: `out` when
// given (an earlier answer of the same call with as many rows, whose arrays
// are overwritten: no new arrays, whose first writes cost a page fault per
// 4 KiB), else a new one.
template <class R>
struct Filled {
  py::object object;
  R& r;
};

template <class R>
Filled<R> results_for(py::handle out, std::size_t rows, const char* type) {
  if (out.is_none()) {
    py::object made = py::cast(R{rows});
    return {made, made.cast<R&>()};
  }
  if (!py::isinstance<R>(out)) throw py::type_error(std::string("out must be a ") + type);
  R& r = out.cast<R&>();
  if (r.rows != rows)
    throw py::value_error("out has " + std::to_string(r.rows) + " rows; this call has " +
                          std::to_string(rows));
  return {py::reinterpret_borrow<py::object>(out), r};
}

py::object sat_many(py::object a, py::object poses_a, py::object b, py::object poses_b,
                    double max_separation, long long threads, py::object out) {
  if (std::isnan(max_separation) || max_separation < 0)
    throw py::value_error("max_separation must be >= 0");
  const real cap = real(max_separation);
  const Inputs in = read_inputs(a, poses_a, b, poses_b);
  auto [result, r] = results_for<SatResults>(out, in.rows, "sat.Results");
  bool* hit = r.intersecting.mutable_data();
  real* sep = r.separation.mutable_data();
  real* axis = r.axis.mutable_data();
  const auto feature = r.feature.out();
  run_batch(
      in, threads,
      [cap](const Hull& ha, const Pose& pa, const Hull& hb, const Pose& pb) {
        return sat::query(ha, pa, hb, pb, nullptr, cap);
      },
      [&](std::size_t i, const sat::Result& q) {
        hit[i] = q.intersecting;
        sep[i] = q.separation;
        put(axis, i, q.axis);
        feature(i, q.feature);
      });
  return result;
}

py::object gjk_many(py::object a, py::object poses_a, py::object b, py::object poses_b,
                    long long threads, py::object out) {
  const Inputs in = read_inputs(a, poses_a, b, poses_b);
  auto [result, r] = results_for<GjkResults>(out, in.rows, "gjk.Results");
  bool* hit = r.intersecting.mutable_data();
  real *distance = r.distance.mutable_data(), *axis = r.axis.mutable_data();
  real *pa = r.point_a.mutable_data(), *pb = r.point_b.mutable_data();
  std::int32_t* iterations = r.iterations.mutable_data();
  std::uint8_t* status = r.status.mutable_data();
  run_batch(
      in, threads,
      [](const Hull& ha, const Pose& qa, const Hull& hb, const Pose& qb) {
        return gjk::distance(ha, qa, hb, qb, nullptr);
      },
      [&](std::size_t i, const gjk::Result& q) {
        hit[i] = q.intersecting;
        distance[i] = q.distance;
        put(axis, i, q.axis);
        put(pa, i, q.point_a);
        put(pb, i, q.point_b);
        iterations[i] = q.iterations;
        status[i] = static_cast<std::uint8_t>(q.status);
      });
  return result;
}

py::object epa_many(py::object a, py::object poses_a, py::object b, py::object poses_b,
                    long long threads, py::object out) {
  const Inputs in = read_inputs(a, poses_a, b, poses_b);
  auto [result, r] = results_for<EpaResults>(out, in.rows, "epa.Results");
  bool* hit = r.intersecting.mutable_data();
  real *sep = r.separation.mutable_data(), *axis = r.axis.mutable_data();
  real *pa = r.point_a.mutable_data(), *pb = r.point_b.mutable_data();
  std::int32_t *gi = r.gjk_iterations.mutable_data(), *ei = r.epa_iterations.mutable_data();
  std::uint8_t *gs = r.gjk_status.mutable_data(), *es = r.epa_status.mutable_data();
  real* error = r.depth_error.mutable_data();
  run_batch(
      in, threads,
      [](const Hull& ha, const Pose& qa, const Hull& hb, const Pose& qb) {
        return epa::query(ha, qa, hb, qb, nullptr);
      },
      [&](std::size_t i, const epa::Result& q) {
        hit[i] = q.intersecting;
        sep[i] = q.separation;
        put(axis, i, q.axis);
        put(pa, i, q.point_a);
        put(pb, i, q.point_b);
        gi[i] = q.gjk_iterations;
        ei[i] = q.epa_iterations;
        gs[i] = static_cast<std::uint8_t>(q.gjk_status);
        es[i] = static_cast<std::uint8_t>(q.epa_status);
        error[i] = q.depth_error;
      });
  return result;
}

py::object contact_many(py::object a, py::object poses_a, py::object b, py::object poses_b,
                        double margin, long long threads, py::object out) {
  if (!(std::isfinite(margin) && margin >= 0))
    throw py::value_error("margin must be >= 0 and finite");
  const real mg = real(margin);
  const Inputs in = read_inputs(a, poses_a, b, poses_b);
  auto [result, r] = results_for<Manifolds>(out, in.rows, "contact.Manifolds");
  real *normal = r.normal.mutable_data(), *sep = r.separation.mutable_data();
  std::int32_t* count = r.count.mutable_data();
  const auto feature = r.feature.out();
  real *pa = r.point_a.mutable_data(), *pb = r.point_b.mutable_data();
  real* point_sep = r.point_separation.mutable_data();
  contact::Id* id = r.id.mutable_data();
  run_batch(
      in, threads,
      [mg](const Hull& ha, const Pose& qa, const Hull& hb, const Pose& qb) {
        return contact::collide(ha, qa, hb, qb, mg, nullptr);
      },
      [&](std::size_t i, const contact::Manifold& m) {
        put(normal, i, m.normal);
        count[i] = m.count;
        sep[i] = m.separation;
        feature(i, m.feature);
        for (std::size_t j = 0; j < std::size_t{points}; ++j) {
          // Slots past count are zeros, whatever the manifold holds there.
          const contact::Point p = j < std::size_t(m.count) ? m.points[j] : contact::Point{};
          const std::size_t slot = i * std::size_t{points} + j;
          put(pa, slot, p.point_a);
          put(pb, slot, p.point_b);
          point_sep[slot] = p.separation;
          id[slot] = p.id;
        }
      });
  return result;
}

// ---------------------------------------------------------------------------
// Bindings

template <class R>
void common_methods(py::class_<R>& c, const char* name) {
  c.def("__len__", [](const R& r) { return r.rows; });
  c.def("__repr__",
        [name](const R& r) { return std::string(name) + "(" + std::to_string(r.rows) + " rows)"; });
}

constexpr const char* kind_doc =
    "(K,) uint8: sat.FeatureKind of the deciding axis, as int(sat.FeatureKind.x).";
constexpr const char* threads_doc =
    R"(threads: 0 (default) uses up to os.cpu_count() threads, about one per 256
rows (fewer rows run on the calling thread); n > 0 exactly n (at most K).
The GIL is released while the rows run.

out: an earlier result of the same call with K rows, overwritten and
returned instead of new arrays (one call at a time may write it).)";
constexpr const char* rows_doc =
    R"(Each of a, b (a sepax.Hull, or a sequence of K hulls) and poses_a, poses_b
(a sepax.Pose or a (4, 4) matrix for every row; or K poses: a sepax.Poses, a
sequence of Pose, a (K, 4, 4) array of matrices read as Pose(matrix=) reads
one) is one value for every row or K values; the K agree (K = 1 when every
argument is one value). Row i is the single call's answer for row i's
arguments, bit for bit. A bad pose raises ValueError naming its row.)";

// A batch call's docstring: what it answers, then the rules every batch
// call shares.
std::string many_doc(const char* what) {
  return std::string(what) + "\n\n" + rows_doc + "\n\n" + threads_doc;
}

void bind_poses(py::module_& m) {
  py::class_<Poses>(m, "Poses", R"(K poses, converted and checked once, for the batch calls.

Poses(matrix) takes a (K, 4, 4) array, each row read as Pose(matrix=) reads
one. Otherwise rotation= (K, 3, 3) or quaternion= (K, 4), scalar first
(w, x, y, z), with translation= (K, 3) and scale= (K,): each as Pose() takes
it, and each may instead be one value for every row ((3, 3), (4,), (3,), a
number). Row i is exactly the Pose() of row i's numbers; a bad row raises
ValueError naming it ("Poses[17]: rotation must be orthonormal ...").)")
      .def(py::init(&make_poses), py::arg("matrix") = py::none(), py::kw_only(),
           py::arg("rotation") = py::none(), py::arg("quaternion") = py::none(),
           py::arg("translation") = py::none(), py::arg("scale") = py::none())
      .def("__len__", [](const Poses& p) { return p.rows.size(); })
      .def(
          "__getitem__",
          [](const Poses& p, py::ssize_t i) {
            const auto n = static_cast<py::ssize_t>(p.rows.size());
            if (i < 0) i += n;
            if (i < 0 || i >= n) throw py::index_error("Poses index out of range");
            return p.rows[static_cast<std::size_t>(i)];
          },
          py::arg("i"), "Row i as a sepax.Pose.")
      .def_property_readonly("rotation", &rotations,
                             "(K, 3, 3) row-major rotations, a new array of sepax.real")
      .def_property_readonly("translation", &translations,
                             "(K, 3) translations, world frame, a new array of sepax.real")
      .def_property_readonly("scale", &scales, "(K,) uniform scales, > 0, a new array")
      .def("matrix", &matrices, "(K, 4, 4) matrices [[scale * R, t], [0, 0, 0, 1]].")
      .def("__repr__", [](const Poses& p) {
        return "sepax.Poses(" + std::to_string(p.rows.size()) + " rows)";
      });
}

void bind_sat_many(py::module_ s) {
  py::class_<SatResults> c(s, "Results", "Answers of sat.query_many: one row per pair.");
  common_methods(c, "sat.Results");
  c.def_readonly("intersecting", &SatResults::intersecting,
                 "(K,) bool: the hulls overlap or touch.")
      .def_readonly("separation", &SatResults::separation,
                    "(K,) sepax.real, signed, length unit: > 0 at least this far apart; <= 0\n"
                    "overlapping and -separation is the penetration depth.")
      .def_readonly("axis", &SatResults::axis,
                    "(K, 3) unit, world frame, from A to B: the separating axis, or the\n"
                    "minimum translation direction for B.")
      .def_property_readonly(
          "feature_kind", [](const SatResults& r) { return r.feature.kind; }, kind_doc)
      .def_property_readonly(
          "feature_a", [](const SatResults& r) { return r.feature.a; },
          "(K,) int32: face or edge of A (-1 when unused).")
      .def_property_readonly(
          "feature_b", [](const SatResults& r) { return r.feature.b; },
          "(K,) int32: face or edge of B (-1 when unused).");
  s.def("query_many", &sat_many, py::arg("a"), py::arg("poses_a"), py::arg("b"), py::arg("poses_b"),
        py::kw_only(), py::arg("max_separation") = std::numeric_limits<double>::infinity(),
        py::arg("threads") = 0, py::arg("out") = py::none(),
        many_doc(R"(sat.query of K pairs: separation (signed, length unit), axis (unit, world
frame, A to B) and the deciding feature of each, as a sat.Results of arrays.
max_separation as in sat.query; no cache (every row is cold).)")
            .c_str());
}

void bind_gjk_many(py::module_ g) {
  py::class_<GjkResults> c(g, "Results", "Answers of gjk.distance_many: one row per pair.");
  common_methods(c, "gjk.Results");
  c.def_readonly("intersecting", &GjkResults::intersecting,
                 "(K,) bool: overlapping or touching (within tol::gjk_touch).")
      .def_readonly("distance", &GjkResults::distance,
                    "(K,) sepax.real, >= 0, length unit; 0 (or tiny) when intersecting.")
      .def_readonly("axis", &GjkResults::axis,
                    "(K, 3) unit, world frame, from A to B: the direction of point_b - point_a.")
      .def_readonly("point_a", &GjkResults::point_a, "(K, 3) closest points on A, world frame.")
      .def_readonly("point_b", &GjkResults::point_b,
                    "(K, 3) closest points on B, world frame: point_b - point_a = distance * "
                    "axis.")
      .def_readonly("iterations", &GjkResults::iterations, "(K,) int32: support-point evaluations.")
      .def_readonly("status", &GjkResults::status, "(K,) uint8: int(gjk.Status.x).");
  g.def("distance_many", &gjk_many, py::arg("a"), py::arg("poses_a"), py::arg("b"),
        py::arg("poses_b"), py::kw_only(), py::arg("threads") = 0, py::arg("out") = py::none(),
        many_doc(R"(gjk.distance of K pairs: distance >= 0 (length unit), axis unit from A to
B, closest points point_a, point_b, all in the world frame, as a gjk.Results
of arrays. No cache (every row is cold).)")
            .c_str());
}

void bind_epa_many(py::module_ e) {
  py::class_<EpaResults> c(e, "Results", "Answers of epa.query_many: one row per pair.");
  common_methods(c, "epa.Results");
  c.def_readonly("intersecting", &EpaResults::intersecting,
                 "(K,) bool: overlapping or touching (within tol::gjk_touch).")
      .def_readonly("separation", &EpaResults::separation,
                    "(K,) sepax.real, signed distance, length unit: > 0 apart; <= 0\n"
                    "overlapping, -separation = penetration depth.")
      .def_readonly("axis", &EpaResults::axis,
                    "(K, 3) unit, world frame, from A to B (overlapping: moving B by\n"
                    "-separation * axis separates the shapes).")
      .def_readonly("point_a", &EpaResults::point_a,
                    "(K, 3) world frame: closest point of A, or its point deepest in B.")
      .def_readonly("point_b", &EpaResults::point_b,
                    "(K, 3) world frame: closest point of B, or its point deepest in A.")
      .def_readonly("gjk_iterations", &EpaResults::gjk_iterations, "(K,) int32")
      .def_readonly("epa_iterations", &EpaResults::epa_iterations, "(K,) int32")
      .def_readonly("gjk_status", &EpaResults::gjk_status, "(K,) uint8: int(gjk.Status.x)")
      .def_readonly("epa_status", &EpaResults::epa_status, "(K,) uint8: int(epa.Status.x)")
      .def_readonly("depth_error", &EpaResults::depth_error,
                    "(K,) sepax.real, length unit, >= 0: how far the true depth may lie below.")
      .def(
          "depth",
          [](const EpaResults& r) {
            py::array_t<real> out = column<real>(r.rows);
            const real* s = r.separation.data();
            real* d = out.mutable_data();
            for (std::size_t i = 0; i < r.rows; ++i) d[i] = s[i] < 0 ? -s[i] : real(0);
            return out;
          },
          "(K,) penetration depths, >= 0: -separation where overlapping, else 0 (new array).");
  e.def("query_many", &epa_many, py::arg("a"), py::arg("poses_a"), py::arg("b"), py::arg("poses_b"),
        py::kw_only(), py::arg("threads") = 0, py::arg("out") = py::none(),
        many_doc(R"(epa.query of K pairs: separation (signed, length unit; < 0 overlapping),
axis unit from A to B, witness points point_a, point_b, all in the world
frame, as an epa.Results of arrays. No cache (every row is cold).)")
            .c_str());
}

void bind_contact_many(py::module_ c) {
  py::class_<Manifolds> r(c, "Manifolds",
                          "Answers of contact.collide_many: one manifold per row, its points "
                          "in\nslots [0, count) of the (K, 4, ...) arrays, zeros past count.");
  common_methods(r, "contact.Manifolds");
  r.def_readonly("normal", &Manifolds::normal,
                 "(K, 3) unit, world frame, from A to B: the direction B is pushed to separate.")
      .def_readonly("count", &Manifolds::count,
                    "(K,) int32, 0 to 4: points of each row; 0 beyond the margin.")
      .def_readonly("separation", &Manifolds::separation,
                    "(K,) sepax.real, length unit: SAT's separation along the normal (< 0 "
                    "overlapping).")
      .def_property_readonly(
          "feature_kind", [](const Manifolds& m) { return m.feature.kind; }, kind_doc)
      .def_property_readonly(
          "feature_a", [](const Manifolds& m) { return m.feature.a; },
          "(K,) int32: reference face or edge of A (-1 when unused).")
      .def_property_readonly(
          "feature_b", [](const Manifolds& m) { return m.feature.b; },
          "(K,) int32: reference face or edge of B (-1 when unused).")
      .def_readonly("point_a", &Manifolds::point_a,
                    "(K, 4, 3) world frame, on A's surface; zeros past count.")
      .def_readonly("point_b", &Manifolds::point_b,
                    "(K, 4, 3) world frame, on B's surface; zeros past count.")
      .def_readonly("point_separation", &Manifolds::point_separation,
                    "(K, 4) sepax.real, length unit: dot(point_b - point_a, normal), < 0\n"
                    "penetration, > 0 a gap within the margin; zeros past count.")
      .def_readonly("id", &Manifolds::id,
                    "(K, 4) uint64: the features of A and B that made each point; 0 past count.");
  c.def("collide_many", &contact_many, py::arg("a"), py::arg("poses_a"), py::arg("b"),
        py::arg("poses_b"), py::arg("margin") = 0.0, py::kw_only(), py::arg("threads") = 0,
        py::arg("out") = py::none(),
        many_doc(R"(contact.collide of K pairs: normals (unit, world frame, A to B), up to 4
points per row in the world frame with their signed separations (length
unit), made while the hulls are within margin (length unit, >= 0, finite),
as a contact.Manifolds of arrays. No cache (every row is cold).)")
            .c_str());
}

}  // namespace

void bind_batch(py::module_& m) {
  bind_poses(m);
  bind_sat_many(m.attr("sat"));
  bind_gjk_many(m.attr("gjk"));
  bind_epa_many(m.attr("epa"));
  bind_contact_many(m.attr("contact"));
}

}  // namespace sepax::python
