#include "broadphase.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

namespace sepax::cli {

namespace {

/// Relative to the diagonal of the union of all boxes: boxes are grown by
/// this much on every side. Touching hulls have touching boxes, and their
/// vertices may come out of a rotation a few eps apart; the margin is far
/// above that round-off and far below any gap a person would call a gap.
/// The narrowphase (SAT) decides anyway; the margin only adds candidates.
constexpr real broadphase_margin = real(1e-9);

real grow_margin(std::span<const Aabb> boxes) {
  if (boxes.empty()) return 0;
  vec3 lo = boxes[0].min, hi = boxes[0].max;
  for (const Aabb& b : boxes) {
    lo = glm::min(lo, b.min);
    hi = glm::max(hi, b.max);
  }
  return broadphase_margin * glm::length(hi - lo);
}

bool overlap(const Aabb& a, const Aabb& b, real margin, int skip_axis) {
  for (int k = 0; k < 3; ++k) {
    if (k == skip_axis) continue;
    if (a.min[k] > b.max[k] + margin || b.min[k] > a.max[k] + margin) return false;
  }
  return true;
}

/// Axis with the largest variance of the box centers.
int spread_axis(std::span<const Aabb> boxes) {
  vec3 sum(0), sum2(0);
  for (const Aabb& b : boxes) {
    const vec3 c = (b.min + b.max) * real(0.5);
    sum += c;
    sum2 += c * c;
  }
  const real n = real(std::max<std::size_t>(boxes.size(), 1));
  const vec3 variance = sum2 / n - (sum / n) * (sum / n);
  int axis = 0;
  for (int k = 1; k < 3; ++k)
    if (variance[k] > variance[axis]) axis = k;
  return axis;
}

}  // namespace

Aabb world_bounds(const Hull& hull, const Pose& pose) {
  Aabb box{vec3(std::numeric_limits<real>::max()), vec3(std::numeric_limits<real>::lowest())};
  for (const vec3& v : hull.vertices()) {
    const vec3 w = pose.apply(v);
    box.min = glm::min(box.min, w);
    box.max = glm::max(box.max, w);
  }
  return box;
}

Broadphase sweep_and_prune(std::span<const Aabb> boxes) {
  Broadphase result;
  result.axis = spread_axis(boxes);
  const int axis = result.axis;
  const real margin = grow_margin(boxes);
  std::vector<int> order(boxes.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](int i, int j) { return boxes[i].min[axis] < boxes[j].min[axis]; });
  std::vector<int> active;  // boxes whose interval may still reach the sweep point
  for (int i : order) {
    const real start = boxes[i].min[axis];
    std::erase_if(active, [&](int j) { return boxes[j].max[axis] + margin < start; });
    for (int j : active)
      if (overlap(boxes[i], boxes[j], margin, axis))
        result.pairs.emplace_back(std::min(i, j), std::max(i, j));
    active.push_back(i);
  }
  std::sort(result.pairs.begin(), result.pairs.end());
  return result;
}

std::vector<std::pair<int, int>> all_overlapping_pairs(std::span<const Aabb> boxes) {
  const real margin = grow_margin(boxes);
  std::vector<std::pair<int, int>> pairs;
  const int n = static_cast<int>(boxes.size());
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      if (overlap(boxes[i], boxes[j], margin, -1)) pairs.emplace_back(i, j);
  return pairs;
}

}  // namespace sepax::cli
