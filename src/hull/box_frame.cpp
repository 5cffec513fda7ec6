// The box frame of a hull that is a box (gauss_map.hpp's BoxFrame), for the
// 15-axis test of sat/box.cpp: 8 vertices and 6 quads whose normals pair up
// antiparallel along three mutually orthogonal axes.
#include "hull/builder.hpp"

#include <algorithm>
#include <cmath>

namespace sepax {

namespace {

/// Angular (cosine deviation, dimensionless): face normals of a box must be
/// orthogonal and antiparallel within this for the box specialization.
constexpr real box_angle_tolerance = tol::parallel;

// Pairs the six faces into three antiparallel pairs (face[2k], face[2k + 1]).
bool pair_opposite_faces(std::span<const Plane> planes, BoxFrame& box) {
  int axis = 0;
  bool used[6] = {};
  for (index_t f = 0; f < 6; ++f) {
    if (used[f]) continue;
    for (index_t g = f + 1; g < 6; ++g) {
      if (used[g] || glm::dot(planes[f].normal, planes[g].normal) > real(-1) + box_angle_tolerance)
        continue;
      if (axis == 3) return false;
      used[f] = used[g] = true;
      box.face[2 * axis] = f;
      box.face[2 * axis + 1] = g;
      ++axis;
      break;
    }
  }
  return axis == 3;
}

// Canonical order: pair k on the coordinate axis its normal is closest to,
// face[2k] the one on its positive side (when the three pairs pick different
// axes), so that a box made axis-aligned gets the identity frame.
void order_canonically(std::span<const Plane> planes, BoxFrame& box) {
  index_t canonical[6] = {-1, -1, -1, -1, -1, -1};
  for (int k = 0; k < 3; ++k) {
    index_t f = box.face[2 * k], g = box.face[2 * k + 1];
    const vec3 a = glm::abs(planes[f].normal);
    const int c = a.x >= a.y && a.x >= a.z ? 0 : (a.y >= a.z ? 1 : 2);
    if (planes[f].normal[c] < 0) std::swap(f, g);
    if (canonical[2 * c] >= 0) return;  // two pairs near one axis: keep the found order
    canonical[2 * c] = f, canonical[2 * c + 1] = g;
  }
  std::copy(canonical, canonical + 6, box.face);
}

// Orthonormal axes from the three normals (Gram-Schmidt, keeping the first
// normal exactly); false when the normals are not orthogonal.
bool make_axes(std::span<const Plane> planes, BoxFrame& box) {
  vec3 n[3];
  for (int k = 0; k < 3; ++k) n[k] = planes[box.face[2 * k]].normal;
  for (int k = 0; k < 3; ++k)
    if (std::abs(glm::dot(n[k], n[(k + 1) % 3])) > box_angle_tolerance) return false;
  const vec3 x = n[0];
  const vec3 y = glm::normalize(n[1] - x * glm::dot(x, n[1]));
  const vec3 c = glm::cross(x, y);
  const vec3 z = glm::dot(c, n[2]) >= 0 ? c : -c;  // the frame may be left-handed
  box.axes = mat3(x, y, z);
  return true;
}

// Centre and half extents from the vertices, measured from vertex 0: the
// faces' offsets are dot products with the whole coordinates, and far from
// the origin opposite normals a round-off away from antiparallel would move
// half extents taken from them by that angle times the coordinates.
void measure_extents(std::span<const vec3> vertices, BoxFrame& box) {
  const vec3 origin = vertices[0];
  vec3 lo(real(0)), hi(real(0));
  for (const vec3& v : vertices)
    for (int k = 0; k < 3; ++k) {
      const real along = glm::dot(box.axes[k], v - origin);
      lo[k] = std::min(lo[k], along), hi[k] = std::max(hi[k], along);
    }
  box.center = origin;
  for (int k = 0; k < 3; ++k) {
    box.half[k] = (hi[k] - lo[k]) * real(0.5);
    box.center += box.axes[k] * ((hi[k] + lo[k]) * real(0.5));
  }
}

// Names each edge by its axis and the sides of the other two it lies on.
void name_edges(const Hull& h, BoxFrame& box) {
  for (std::size_t e = 0; e < h.edge_count(); ++e) {
    const vec3 mid = (h.edge_start(e) + h.edge_end(e)) * real(0.5) - box.center;
    for (int k = 0; k < 3; ++k) {
      if (std::abs(glm::dot(h.edge_arcs()[e].direction, box.axes[k])) < real(0.5)) continue;
      const int side = (glm::dot(mid, box.axes[(k + 1) % 3]) > 0 ? 1 : 0) +
                       (glm::dot(mid, box.axes[(k + 2) % 3]) > 0 ? 2 : 0);
      box.edge[k][side] = index_t(e);
    }
  }
}

// Names each vertex by the sides of the three axes it lies on.
void name_corners(std::span<const vec3> vertices, BoxFrame& box) {
  for (std::size_t v = 0; v < vertices.size(); ++v) {
    int bits = 0;
    for (int k = 0; k < 3; ++k)
      if (glm::dot(vertices[v] - box.center, box.axes[k]) > 0) bits |= 1 << k;
    box.corner[bits] = index_t(v);
  }
}

}  // namespace

void HullBuilder::derive_box(Hull& h) {
  h.box_ = BoxFrame{};
  if (h.vertices_.size() != 8 || h.faces_.size() != 6 || h.flat_) return;
  BoxFrame box;
  if (!pair_opposite_faces(h.planes_, box)) return;
  order_canonically(h.planes_, box);
  if (!make_axes(h.planes_, box)) return;
  measure_extents(h.vertices_, box);
  name_edges(h, box);
  name_corners(h.vertices_, box);
  box.aligned = box.axes == mat3(real(1)) && box.center == vec3(real(0));
  h.box_ = box;
}

}  // namespace sepax
