// The AABB tree of a TriangleMesh: built top-down by median split on the
// longest axis of the triangles' centroids (Ericson, Real-Time Collision
// Detection 6.2.1, "median of the centroid coordinates"). A median split
// halves the triangle count at each level, so the depth is at most
// ceil(log2(n / leaf_size)) + 1 and the build O(n log n). The loop keeps its
// own stack of ranges instead of recursing; nodes are stored depth-first,
// so an inner node's first child is the next node.
#include "mesh/builder.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

namespace sepax {

namespace {

struct Range {
  index_t begin, end;  // positions in the triangle order
  index_t parent;      // node whose second child this range becomes, or -1
};

Bounds empty_bounds() {
  Bounds b;
  b.min = vec3(std::numeric_limits<real>::max());
  b.max = -b.min;
  return b;
}

void grow(Bounds& b, const vec3& p) {
  b.min = glm::min(b.min, p);
  b.max = glm::max(b.max, p);
}

int longest_axis(const Bounds& b) {
  const vec3 size = b.max - b.min;
  return size.x >= size.y ? (size.x >= size.z ? 0 : 2) : (size.y >= size.z ? 1 : 2);
}

}  // namespace

void MeshBuilder::build_tree(TriangleMesh& m) {
  const std::size_t n = m.triangles_.size();
  std::vector<vec3> centroid(n);
  for (std::size_t t = 0; t < n; ++t) {
    const convex::Triangle c = m.triangle(t);
    centroid[t] = (c.p[0] + c.p[1] + c.p[2]) * (real(1) / real(3));
  }
  std::vector<index_t> order(n);
  std::iota(order.begin(), order.end(), index_t(0));
  m.nodes_.clear();
  m.nodes_.reserve(2 * (n / TriangleMesh::leaf_size + 1));

  std::vector<Range> todo{{0, static_cast<index_t>(n), -1}};
  while (!todo.empty()) {
    const Range r = todo.back();
    todo.pop_back();
    const auto self = static_cast<index_t>(m.nodes_.size());
    if (r.parent >= 0) m.nodes_[r.parent].start = self;
    // The node's box around its triangles' corners, and the box of their
    // centroids that picks the split axis.
    MeshNode node;
    node.bounds = empty_bounds();
    Bounds centres = empty_bounds();
    for (index_t k = r.begin; k < r.end; ++k) {
      const auto t = static_cast<std::size_t>(order[k]);
      for (const vec3& p : m.triangle(t).p) grow(node.bounds, p);
      grow(centres, centroid[t]);
    }
    if (r.end - r.begin <= TriangleMesh::leaf_size) {
      node.start = r.begin;
      node.count = r.end - r.begin;
      m.nodes_.push_back(node);
      continue;
    }
    m.nodes_.push_back(node);  // inner: start is set when the second child is made
    const int axis = longest_axis(centres);
    const index_t mid = r.begin + (r.end - r.begin) / 2;
    // Ties broken by index, so the tree does not depend on the library's
    // nth_element.
    std::nth_element(order.begin() + r.begin, order.begin() + mid, order.begin() + r.end,
                     [&](index_t x, index_t y) {
                       const real cx = centroid[x][axis];
                       const real cy = centroid[y][axis];
                       return cx < cy || (cx == cy && x < y);
                     });
    todo.push_back({mid, r.end, self});
    todo.push_back({r.begin, mid, -1});  // popped next: becomes node self + 1
  }

  // Triangles into leaf order, so that a leaf's triangles are contiguous.
  std::vector<std::array<index_t, 3>> triangles(n);
  std::vector<index_t> input(n);
  for (std::size_t k = 0; k < n; ++k) {
    triangles[k] = m.triangles_[order[k]];
    input[k] = m.input_index_[order[k]];
  }
  m.triangles_ = std::move(triangles);
  m.input_index_ = std::move(input);
  // The kept triangles' bounds, and the sizes the tolerances read.
  m.bounds_ = m.nodes_.front().bounds;
  m.extent_ = glm::length(m.bounds_.max - m.bounds_.min);
  const vec3 far = glm::max(glm::abs(m.bounds_.min), glm::abs(m.bounds_.max));
  m.magnitude_ = std::max(far.x, std::max(far.y, far.z)) + m.extent_;
}

}  // namespace sepax
