// Hull::assign_triangle (HullBuilder::assign_triangle): a two-sided
// triangle written into a Hull.
// The topology of every triangle is the same (from_loops of the loops
// (0 1 2) and (0 2 1)); only what depends on the corners changes, and
// derive() recomputes exactly that into the hull's arrays, which already
// have their sizes, with its temporaries on the stack (StepScratch).
#include "hull/builder.hpp"

#include <algorithm>
#include <cmath>

namespace sepax {

namespace {

bool is_triangle(const Hull& h) {
  return h.is_flat() && h.vertex_count() == 3 && h.face_count() == 2;
}

bool finite(const vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

// The corners span a triangle whose normal derive_faces can normalize: its
// sides, in units of a power of two near its size (as derive_bounds scales
// them), have a nonzero, finite cross product.
bool spans_triangle(const vec3& p0, const vec3& p1, const vec3& p2) {
  if (!finite(p0) || !finite(p1) || !finite(p2)) return false;
  const vec3 span = glm::max(glm::max(p0, p1), p2) - glm::min(glm::min(p0, p1), p2);
  const real widest = std::max({span.x, span.y, span.z});
  if (!(widest > 0) || !std::isfinite(widest)) return false;
  const real per_unit = std::ldexp(real(1), -std::ilogb(widest));
  const vec3 n = glm::cross((p1 - p0) * per_unit, (p2 - p0) * per_unit);
  return glm::dot(n, n) > 0;
}

}  // namespace

bool HullBuilder::assign_triangle(Hull& h, const vec3& p0, const vec3& p1, const vec3& p2) {
  if (!spans_triangle(p0, p1, p2)) {
    h = Hull{};
    return false;
  }
  if (!is_triangle(h)) {
    Loops loops;
    loops.vertices = {0, 1, 2, 0, 2, 1};
    loops.start = {0, 3, 6};
    h = from_loops({p0, p1, p2}, loops, true);
    // A triangle has one or two normal patches: room for two, so that a
    // later triangle never grows the array.
    h.patches_.reserve(2);
  } else {
    h.vertices_[0] = p0;
    h.vertices_[1] = p1;
    h.vertices_[2] = p2;
    derive(h);
  }
  return true;
}

bool Hull::assign_triangle(const vec3& p0, const vec3& p1, const vec3& p2) {
  return HullBuilder::assign_triangle(*this, p0, p1, p2);
}

}  // namespace sepax
