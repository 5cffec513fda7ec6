// Exact orientation test and an incremental convex hull on it (see
// hull/exact.hpp).
#include "hull/exact.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <unordered_map>

namespace sepax::detail {
namespace {

constexpr double eps = std::numeric_limits<double>::epsilon();

// a + b = s + e exactly (Knuth's two-sum): s the rounded sum, e its error.
void two_sum(double a, double b, double& s, double& e) {
  s = a + b;
  const double b_part = s - a;
  const double a_part = s - b_part;
  e = (a - a_part) + (b - b_part);
}

// a * b = p + e exactly (unless e underflows), with a fused multiply-add.
void two_product(double a, double b, double& p, double& e) {
  p = a * b;
  e = std::fma(a, b, -p);
}

// A sum of doubles kept exactly as an expansion: components of increasing
// magnitude that do not overlap, so the last nonzero one carries the sum's
// sign. Adding a double runs a two-sum up the components (Shewchuk's
// Grow-Expansion) and drops the zero errors.
class ExactSum {
 public:
  void add(double x) {
    std::size_t kept = 0;
    for (std::size_t i = 0; i < size_; ++i) {
      double s, e;
      two_sum(x, parts_[i], s, e);
      x = s;
      if (e != 0) parts_[kept++] = e;
    }
    if (x != 0) parts_[kept++] = x;
    size_ = kept;
  }
  [[nodiscard]] int sign() const {
    if (size_ == 0) return 0;
    return parts_[size_ - 1] > 0 ? 1 : -1;
  }

 private:
  // 6 terms of 8 products of 4 parts each; an expansion of n doubles has at
  // most n nonzero components.
  std::array<double, 6 * 8 * 4 + 1> parts_{};
  std::size_t size_ = 0;
};

// The determinant of rows u, v, w (each coordinate the exact difference
// hi + lo of two inputs), summed exactly: every product of three parts is
// the exact sum of four doubles.
int exact_determinant_sign(const glm::dvec3 (&hi)[3], const glm::dvec3 (&lo)[3]) {
  ExactSum sum;
  // det = sum over permutations (i, j, k) of sign * u_i v_j w_k
  constexpr int terms[6][4] = {{0, 1, 2, 1},  {1, 2, 0, 1},  {2, 0, 1, 1},
                               {0, 2, 1, -1}, {1, 0, 2, -1}, {2, 1, 0, -1}};
  for (const auto& t : terms) {
    const double x[2] = {hi[0][t[0]], lo[0][t[0]]};
    const double y[2] = {hi[1][t[1]], lo[1][t[1]]};
    const double z[2] = {hi[2][t[2]], lo[2][t[2]]};
    for (double xs : x)
      for (double ys : y)
        for (double zs : z) {
          double p, e, p1, e1, p2, e2;
          two_product(xs * t[3], ys, p, e);
          two_product(p, zs, p1, e1);
          two_product(e, zs, p2, e2);
          sum.add(p1);
          sum.add(e1);
          sum.add(p2);
          sum.add(e2);
        }
  }
  return sum.sign();
}

// A directed edge (from, to) as one hashable number.
std::uint64_t edge_key(index_t from, index_t to) {
  return (std::uint64_t(std::uint32_t(from)) << 32) | std::uint32_t(to);
}

}  // namespace

int orientation(const glm::dvec3& a, const glm::dvec3& b, const glm::dvec3& c,
                const glm::dvec3& p) {
  // det[b - a; c - a; p - a] = dot(p - a, cross(b - a, c - a)).
  const glm::dvec3 u = b - a, v = c - a, w = p - a;
  const double uv_x = u.y * v.z, uv_x2 = u.z * v.y;
  const double uv_y = u.z * v.x, uv_y2 = u.x * v.z;
  const double uv_z = u.x * v.y, uv_z2 = u.y * v.x;
  const double det = w.x * (uv_x - uv_x2) + w.y * (uv_y - uv_y2) + w.z * (uv_z - uv_z2);
  const double permanent = std::abs(w.x) * (std::abs(uv_x) + std::abs(uv_x2)) +
                           std::abs(w.y) * (std::abs(uv_y) + std::abs(uv_y2)) +
                           std::abs(w.z) * (std::abs(uv_z) + std::abs(uv_z2));
  // The differences round by eps / 2 each, and the products and sums after
  // them by eps / 2 per operation: below 7 eps / 2 of the permanent in all
  // (Shewchuk's bound for this evaluation is (3.5 + 28 eps) eps); twice that
  // leaves room for the bound's own rounding.
  const double bound = 8 * eps * permanent;
  if (det > bound) return 1;
  if (det < -bound) return -1;
  if (permanent == 0) return 0;
  glm::dvec3 hi[3], lo[3];
  const glm::dvec3* rows[3] = {&b, &c, &p};
  for (int r = 0; r < 3; ++r)
    for (int k = 0; k < 3; ++k) two_sum((*rows[r])[k], -a[k], hi[r][k], lo[r][k]);
  return exact_determinant_sign(hi, lo);
}

std::vector<std::array<index_t, 3>> exact_hull(std::span<const glm::dvec3> points,
                                               std::array<std::size_t, 4> start) {
  using Triangle = std::array<index_t, 3>;
  std::vector<Triangle> faces;
  std::vector<char> alive;
  // Directed edge (from, to) -> the face that has it.
  std::unordered_map<std::uint64_t, std::size_t> face_of;
  auto add_face = [&](index_t a, index_t b, index_t c) {
    const std::size_t f = faces.size();
    faces.push_back({a, b, c});
    alive.push_back(1);
    face_of[edge_key(a, b)] = f;
    face_of[edge_key(b, c)] = f;
    face_of[edge_key(c, a)] = f;
  };
  auto above = [&](const Triangle& t, std::size_t i) {
    return orientation(points[t[0]], points[t[1]], points[t[2]], points[i]) > 0;
  };

  // The tetrahedron, each face turned so that the fourth corner lies below.
  const index_t s[4] = {index_t(start[0]), index_t(start[1]), index_t(start[2]), index_t(start[3])};
  constexpr int tet[4][4] = {{0, 1, 2, 3}, {0, 3, 1, 2}, {1, 3, 2, 0}, {0, 2, 3, 1}};
  const bool flip =
      orientation(points[start[0]], points[start[1]], points[start[2]], points[start[3]]) > 0;
  for (const auto& t : tet) {
    if (flip)
      add_face(s[t[0]], s[t[2]], s[t[1]]);
    else
      add_face(s[t[0]], s[t[1]], s[t[2]]);
  }

  std::vector<std::size_t> visible;
  std::vector<std::pair<index_t, index_t>> horizon;
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (i == start[0] || i == start[1] || i == start[2] || i == start[3]) continue;
    visible.clear();
    for (std::size_t f = 0; f < faces.size(); ++f)
      if (alive[f] && above(faces[f], i)) visible.push_back(f);
    if (visible.empty()) continue;  // inside or on the hull
    for (std::size_t f : visible) alive[f] = 0;
    // The horizon: edges of visible faces whose other face stays. Exact
    // signs make the visible faces a disc, so these edges form one loop.
    horizon.clear();
    for (std::size_t f : visible) {
      const Triangle& t = faces[f];
      for (int k = 0; k < 3; ++k) {
        const index_t from = t[k], to = t[(k + 1) % 3];
        const auto twin = face_of.find(edge_key(to, from));
        if (twin == face_of.end()) return {};  // not a closed surface (cannot happen)
        if (alive[twin->second]) horizon.emplace_back(from, to);
      }
    }
    for (std::size_t f : visible) {
      const Triangle& t = faces[f];
      for (int k = 0; k < 3; ++k) face_of.erase(edge_key(t[k], t[(k + 1) % 3]));
    }
    for (const auto& [from, to] : horizon) add_face(from, to, index_t(i));
  }
  std::vector<Triangle> hull;
  for (std::size_t f = 0; f < faces.size(); ++f)
    if (alive[f]) hull.push_back(faces[f]);
  return hull;
}

std::vector<std::vector<index_t>> exact_faces(std::span<const glm::dvec3> points,
                                              std::span<const std::array<index_t, 3>> triangles) {
  std::unordered_map<std::uint64_t, std::size_t> face_of;
  for (std::size_t f = 0; f < triangles.size(); ++f)
    for (int k = 0; k < 3; ++k) face_of[edge_key(triangles[f][k], triangles[f][(k + 1) % 3])] = f;
  // Groups of exactly coplanar neighbours (union-find): a face of the convex
  // hull is one convex polygon, so each group is one face.
  std::vector<std::size_t> group(triangles.size());
  std::iota(group.begin(), group.end(), std::size_t(0));
  auto root = [&](std::size_t f) {
    while (group[f] != f) f = group[f] = group[group[f]];
    return f;
  };
  auto p = [&](index_t i) -> const glm::dvec3& { return points[i]; };
  for (std::size_t f = 0; f < triangles.size(); ++f) {
    const auto& t = triangles[f];
    for (int k = 0; k < 3; ++k) {
      const std::size_t g = face_of.at(edge_key(t[(k + 1) % 3], t[k]));
      const auto& u = triangles[g];
      // u's corner off the shared edge: its three corners less the edge's two
      const index_t apex = index_t(std::int64_t(u[0]) + u[1] + u[2] - t[k] - t[(k + 1) % 3]);
      if (orientation(p(t[0]), p(t[1]), p(t[2]), p(apex)) == 0) group[root(f)] = root(g);
    }
  }
  // Each group's boundary: its edges whose other face is in another group;
  // next[from] = to along it.
  std::unordered_map<std::size_t, std::unordered_map<index_t, index_t>> boundary;
  for (std::size_t f = 0; f < triangles.size(); ++f) {
    const auto& t = triangles[f];
    for (int k = 0; k < 3; ++k) {
      const index_t from = t[k], to = t[(k + 1) % 3];
      if (root(face_of.at(edge_key(to, from))) != root(f)) boundary[root(f)][from] = to;
    }
  }
  std::vector<std::vector<index_t>> loops;
  for (const auto& [g, next] : boundary) {
    std::vector<index_t>& loop = loops.emplace_back();
    const index_t first = next.begin()->first;
    index_t at = first;
    do {
      loop.push_back(at);
      at = next.at(at);
    } while (at != first && loop.size() <= next.size());
  }
  // Corners are where three faces or more meet.
  std::unordered_map<index_t, int> faces_at;
  for (const auto& loop : loops)
    for (index_t i : loop) ++faces_at[i];
  for (auto& loop : loops) std::erase_if(loop, [&](index_t i) { return faces_at[i] < 3; });
  return loops;
}

}  // namespace sepax::detail
