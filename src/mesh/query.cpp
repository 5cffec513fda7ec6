// Mesh queries: branch and bound over the AABB trees in A's local frame,
// exact triangle pairs at the leaves (mesh/triangle.cpp, or GJK against a
// hull), and the containment test when no surfaces touch.
#include "core/names.hpp"
#include "sepax/gjk.hpp"
#include "sepax/mesh.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace sepax::mesh {

const char* to_string(Interference how) {
  static constexpr const char* names[] = {"none", "surfaces", "a_inside_b", "b_inside_a"};
  return sepax::detail::name_of(how, names);
}

namespace {

constexpr real infinity = std::numeric_limits<real>::infinity();

/// Depth of a traversal stack: a median-split tree over 2^31 triangles is at
/// most 31 levels deep, and a pair traversal holds at most one pending
/// sibling per level of either tree, plus the root pair.
constexpr int stack_size = 128;

/// Each shape's local frame seen from the other's, and the sizes the
/// tolerances read.
struct PairFrame {
  Pose b_to_a;      // B local -> A local
  Pose a_to_b;      // A local -> B local
  mat3 abs_b_to_a;  // |b_to_a.rotation|, elementwise: boxes into A's frame
  mat3 abs_a_to_b;  // its transpose: boxes into B's frame
  real band = 0;    // touching band (length): tol::touching of the pair's magnitude
  real slack = 0;   // round-off allowance of a box distance: tol::coplanar of it
};

PairFrame make_frame(const Pose& pa, real magnitude_a, const Pose& pb, real magnitude_b) {
  PairFrame f;
  f.b_to_a = relative_pose(pa, pb);
  f.a_to_b = relative_pose(pb, pa);
  for (int c = 0; c < 3; ++c)
    for (int r = 0; r < 3; ++r) f.abs_b_to_a[c][r] = std::abs(f.b_to_a.rotation[c][r]);
  f.abs_a_to_b = glm::transpose(f.abs_b_to_a);
  const real magnitude =
      magnitude_a + magnitude_b * f.b_to_a.scale + glm::length(f.b_to_a.translation);
  f.band = tol::touching * magnitude;
  f.slack = tol::coplanar * magnitude;
  return f;
}

/// Box around box `b` moved by `pose`: the moved centre, and the half
/// extents (scaled) through |R| (Ericson 4.2.6).
Bounds to_frame(const Bounds& b, const Pose& pose, const mat3& abs_rotation) {
  const vec3 centre = pose.apply((b.min + b.max) * real(0.5));
  const vec3 h = abs_rotation * ((b.max - b.min) * (real(0.5) * pose.scale));
  return Bounds{centre - h, centre + h};
}

/// Distance between two boxes (0 when they overlap), squared.
real box_distance2(const Bounds& a, const Bounds& b) {
  const vec3 gap = glm::max(glm::max(b.min - a.max, a.min - b.max), vec3(0));
  return glm::dot(gap, gap);
}

/// Square of a lower bound of the distance between what A's box and B's box
/// (each in its own frame) hold: the gap between the boxes along A's axes
/// (B's box boxed in A's frame) or along B's axes, whichever is larger. Both
/// are separating-axis gaps of the two oriented boxes (Ericson 4.4.1's face
/// axes), so both are at most the distance. (In A's lengths: B's frame
/// measures k = b_to_a.scale times shorter.)
real placed_gap2(const Bounds& a, const Bounds& b, const PairFrame& f) {
  const real k = f.b_to_a.scale;
  return std::max(box_distance2(a, to_frame(b, f.b_to_a, f.abs_b_to_a)),
                  box_distance2(to_frame(a, f.a_to_b, f.abs_a_to_b), b) * (k * k));
}

/// Square of the reach within which a pair must be looked at: `limit` plus
/// the round-off allowance (a box from rounded corners may be slightly
/// small). A pair whose squared gap exceeds it cannot beat `limit`.
real reach2(real limit, const PairFrame& f) {
  const real reach = limit + f.slack;
  return reach * reach;
}

Bounds triangle_bounds(const convex::Triangle& t) {
  return Bounds{glm::min(t.p[0], glm::min(t.p[1], t.p[2])),
                glm::max(t.p[0], glm::max(t.p[1], t.p[2]))};
}

convex::Triangle to_triangle_frame(const convex::Triangle& t, const Pose& pose) {
  return convex::Triangle{{pose.apply(t.p[0]), pose.apply(t.p[1]), pose.apply(t.p[2])}};
}

real diagonal2(const Bounds& b) {
  const vec3 d = b.max - b.min;
  return glm::dot(d, d);
}

/// What a traversal has found so far, in A's frame.
struct Best {
  real distance = infinity;  // upper bound; 0 once a pair touches
  bool intersecting = false;
  vec3 point_a{real(0)}, point_b{real(0)};
  index_t triangle_a = -1, triangle_b = -1;  // kept-triangle indices
  int pairs = 0;
};

// --- Mesh against mesh --------------------------------------------------------

struct NodePair {
  index_t a, b;
  real gap2;  // square of a lower bound of the distance between the nodes' contents
};

/// The triangle pairs of two leaves: B's triangles moved into A's frame
/// once per leaf pair, each pair boxed before the exact test.
/// `distance_wanted` false: only the verdict (intersect()).
void test_leaves(const TriangleMesh& a, const MeshNode& la, const TriangleMesh& b,
                 const MeshNode& lb, const PairFrame& f, bool distance_wanted, Best& best) {
  std::array<convex::Triangle, TriangleMesh::leaf_size> tb;
  std::array<Bounds, TriangleMesh::leaf_size> boxb;
  for (index_t j = 0; j < lb.count; ++j) {
    tb[j] = to_triangle_frame(b.triangle(lb.start + j), f.b_to_a);
    boxb[j] = triangle_bounds(tb[j]);
  }
  for (index_t i = 0; i < la.count && !best.intersecting; ++i) {
    const auto ia = static_cast<std::size_t>(la.start + i);
    const convex::Triangle ta = a.triangle(ia);
    const Bounds boxa = triangle_bounds(ta);
    for (index_t j = 0; j < lb.count && !best.intersecting; ++j) {
      const real limit = distance_wanted ? best.distance : f.band;
      if (box_distance2(boxa, boxb[j]) > reach2(limit, f)) continue;
      ++best.pairs;
      // For the verdict only, any gap beyond the band ends the pair (limit 0).
      const TrianglePair p = triangle_pair(ta, tb[j], f.band, distance_wanted ? limit : real(0));
      const bool nearer = distance_wanted && p.distance < best.distance;
      if (p.intersecting || nearer)
        best = Best{p.intersecting ? real(0) : p.distance,
                    p.intersecting,
                    p.point_a,
                    p.point_b,
                    static_cast<index_t>(ia),
                    lb.start + j,
                    best.pairs};
    }
  }
}

/// Pushes the pairs (child, other) of both children of `node` whose squared
/// gap is within `reach2`, the nearer last so that it is popped first.
template <class PairOf>
void push_children(const std::span<const MeshNode> nodes, index_t node, PairOf pair_of, real reach2,
                   std::array<NodePair, stack_size>& stack, int& top) {
  const NodePair first = pair_of(node + 1);
  const NodePair second = pair_of(nodes[node].start);
  const bool first_nearer = first.gap2 <= second.gap2;
  for (const NodePair& p : {first_nearer ? second : first, first_nearer ? first : second})
    if (p.gap2 <= reach2 && top < stack_size) stack[top++] = p;
}

/// One mesh-mesh traversal: the shapes, their frames and the best pair so far.
struct MeshPair {
  const TriangleMesh& a;
  const TriangleMesh& b;
  const PairFrame& f;
  bool distance_wanted;  // false: only the verdict (intersect())
  Best best;

  /// Squared reach within which pairs may still beat the best pair (or, for
  /// the verdict only, touch).
  [[nodiscard]] real reach() const { return reach2(distance_wanted ? best.distance : f.band, f); }

  [[nodiscard]] NodePair pair(index_t ia, index_t ib) const {
    return NodePair{ia, ib, placed_gap2(a.nodes()[ia].bounds, b.nodes()[ib].bounds, f)};
  }

  /// Tests p's triangles if both nodes are leaves (and returns false), else
  /// sets the two child pairs of p, the nearer first: the larger node (by
  /// its box's diagonal) is split (Ericson 6.3.2, "descend larger").
  bool split(const NodePair& p, std::array<NodePair, 2>& children) {
    const MeshNode& na = a.nodes()[p.a];
    const MeshNode& nb = b.nodes()[p.b];
    if (na.leaf() && nb.leaf()) {
      test_leaves(a, na, b, nb, f, distance_wanted, best);
      return false;
    }
    if (!na.leaf() && (nb.leaf() || diagonal2(na.bounds) >= diagonal2(nb.bounds)))
      children = {pair(p.a + 1, p.b), pair(na.start, p.b)};
    else
      children = {pair(p.a, p.b + 1), pair(p.a, nb.start)};
    if (children[1].gap2 < children[0].gap2) std::swap(children[0], children[1]);
    return true;
  }
};

/// Depth-first branch and bound from `start`, nearer child first, on a fixed
/// stack (a median-split tree keeps it shallow: see stack_size).
void depth_first(MeshPair& t, const NodePair& start) {
  std::array<NodePair, stack_size> stack;
  int top = 0;
  stack[top++] = start;
  std::array<NodePair, 2> children;
  while (top > 0 && !t.best.intersecting) {
    const NodePair p = stack[--top];
    if (p.gap2 > t.reach() || !t.split(p, children)) continue;
    for (int k = 1; k >= 0; --k)  // the nearer is pushed last, popped first
      if (children[k].gap2 <= t.reach() && top < stack_size) stack[top++] = children[k];
  }
}

/// Most node pairs the best-first queue holds (16 bytes each in double).
constexpr int queue_size = 256;

/// Branch and bound over both trees, best first: node pairs are expanded in
/// the order of their lower bounds, so the best pair is found early and the
/// search ends once the nearest pending bound exceeds it. A child pair that
/// does not fit in the fixed queue is searched depth first at once (same
/// answer, in a different order). A pair farther apart than the best pair so
/// far (or, for the verdict only, than the touching band) is skipped. Stops
/// at the first touching pair. The verdict alone is searched depth first.
Best traverse_meshes(const TriangleMesh& a, const TriangleMesh& b, const PairFrame& f,
                     bool distance_wanted) {
  MeshPair t{a, b, f, distance_wanted, Best{}};
  if (!distance_wanted) {  // any touching pair will do: depth first finds one soonest
    depth_first(t, t.pair(0, 0));
    return t.best;
  }
  std::array<NodePair, queue_size> queue;  // a min-heap on gap2
  auto farther = [](const NodePair& x, const NodePair& y) { return x.gap2 > y.gap2; };
  int size = 0;
  queue[size++] = t.pair(0, 0);
  std::array<NodePair, 2> children;
  while (size > 0 && !t.best.intersecting) {
    std::pop_heap(queue.begin(), queue.begin() + size, farther);
    const NodePair p = queue[--size];
    if (p.gap2 > t.reach()) break;  // every pending pair is at least as far
    if (!t.split(p, children)) continue;
    for (const NodePair& c : children) {
      if (c.gap2 > t.reach() || t.best.intersecting) continue;
      if (size == queue_size) {
        depth_first(t, c);
        continue;
      }
      queue[size++] = c;
      std::push_heap(queue.begin(), queue.begin() + size, farther);
    }
  }
  return t.best;
}

/// The containment part of a verdict when no surfaces touch: one vertex of
/// each connected part of either mesh against the other, when closed.
/// Sets how and the tested vertex (A's frame) in `at`.
Interference containment(const TriangleMesh& a, const TriangleMesh& b, const PairFrame& f,
                         vec3& at) {
  if (b.is_closed())
    for (index_t v : a.part_seeds()) {
      at = a.vertices()[v];
      if (contains(b, f.b_to_a.apply_inverse(at))) return Interference::a_inside_b;
    }
  if (a.is_closed())
    for (index_t v : b.part_seeds()) {
      at = f.b_to_a.apply(b.vertices()[v]);
      if (contains(a, at)) return Interference::b_inside_a;
    }
  return Interference::none;
}

/// The world-frame answer from a traversal and a containment verdict.
Result finish(const Best& best, Interference how, const vec3& at, const Pose& pa,
              const TriangleMesh& a, const TriangleMesh* b) {
  Result r;
  r.pairs_tested = best.pairs;
  r.how = best.intersecting ? Interference::surfaces : how;
  r.intersecting = r.how != Interference::none;
  if (r.how == Interference::a_inside_b || r.how == Interference::b_inside_a) {
    r.point_a = r.point_b = pa.apply(at);
    return r;
  }
  if (best.triangle_a < 0) return r;  // nothing tested: an empty shape
  r.distance = best.intersecting ? real(0) : best.distance * pa.scale;  // A's lengths to world
  r.point_a = pa.apply(best.point_a);
  r.point_b = pa.apply(best.point_b);
  r.triangle_a = a.input_index(best.triangle_a);
  if (b != nullptr) r.triangle_b = b->input_index(best.triangle_b);
  return r;
}

}  // namespace

Result query(const TriangleMesh& a, const Pose& pose_a, const TriangleMesh& b, const Pose& pose_b) {
  if (a.empty() || b.empty() || !scale_ok(pose_a) || !scale_ok(pose_b)) return Result{};
  const PairFrame f = make_frame(pose_a, a.magnitude(), pose_b, b.magnitude());
  const Best best = traverse_meshes(a, b, f, true);
  vec3 at(0);
  const Interference how = best.intersecting ? Interference::surfaces : containment(a, b, f, at);
  return finish(best, how, at, pose_a, a, &b);
}

Hit intersect(const TriangleMesh& a, const Pose& pose_a, const TriangleMesh& b,
              const Pose& pose_b) {
  if (a.empty() || b.empty() || !scale_ok(pose_a) || !scale_ok(pose_b)) return Hit{};
  const PairFrame f = make_frame(pose_a, a.magnitude(), pose_b, b.magnitude());
  const Best best = traverse_meshes(a, b, f, false);
  if (best.intersecting)
    return Hit{Interference::surfaces, a.input_index(best.triangle_a),
               b.input_index(best.triangle_b)};
  vec3 at(0);
  return Hit{containment(a, b, f, at)};
}

// --- Mesh against hull ----------------------------------------------------------

namespace {

using PosedHull = convex::Posed<convex::HullShape>;

/// One triangle against the hull (in A's frame) by GJK: exact on polytopes
/// up to its touching band (tol::gjk_touch).
void test_triangle(const convex::Triangle& t, index_t index, const PosedHull& hull,
                   bool distance_wanted, Best& best) {
  ++best.pairs;
  if (!distance_wanted) {
    if (gjk::intersect(t, hull)) best = Best{0, true, t.p[0], t.p[0], index, -1, best.pairs};
    return;
  }
  const gjk::Result g = gjk::distance(t, hull);
  if (g.intersecting || g.distance < best.distance)
    best = Best{g.intersecting ? real(0) : g.distance,
                g.intersecting,
                g.point_a,
                g.point_b,
                index,
                -1,
                best.pairs};
}

/// Branch and bound over A's tree against the hull's box in A's frame.
Best traverse_hull(const TriangleMesh& a, const PosedHull& hull, const PairFrame& f,
                   bool distance_wanted) {
  Best best;
  const Bounds& hull_local = hull.shape.hull->bounds();
  const Bounds hull_box = to_frame(hull_local, f.b_to_a, f.abs_b_to_a);
  const auto nodes = a.nodes();
  auto pair_of = [&](index_t n) {
    return NodePair{n, -1, placed_gap2(nodes[n].bounds, hull_local, f)};
  };
  std::array<NodePair, stack_size> stack;
  int top = 0;
  stack[top++] = pair_of(0);
  while (top > 0 && !best.intersecting) {
    const NodePair p = stack[--top];
    const real reach = reach2(distance_wanted ? best.distance : f.band, f);
    if (p.gap2 > reach) continue;
    const MeshNode& node = nodes[p.a];
    if (!node.leaf()) {
      push_children(nodes, p.a, pair_of, reach, stack, top);
      continue;
    }
    for (index_t i = 0; i < node.count && !best.intersecting; ++i) {
      const convex::Triangle t = a.triangle(node.start + i);
      if (box_distance2(triangle_bounds(t), hull_box) <=
          reach2(distance_wanted ? best.distance : f.band, f))
        test_triangle(t, node.start + i, hull, distance_wanted, best);
    }
  }
  return best;
}

/// True when every corner of A's triangles lies inside the hull by more
/// than the band: then no triangle meets the hull's boundary. The corners
/// of A's box are tried first (all inside means all of A is).
bool mesh_inside_hull(const TriangleMesh& a, const Hull& hull, const PairFrame& f) {
  auto inside_hull = [&](const vec3& p_in_a) {
    const vec3 p = f.b_to_a.apply_inverse(p_in_a);
    const real band = f.band / f.b_to_a.scale;  // in the hull's lengths
    for (const Plane& plane : hull.planes())
      if (!(plane.distance(p) < -band)) return false;
    return true;
  };
  const Bounds& box = a.bounds();
  bool corners = true;
  for (int k = 0; k < 8 && corners; ++k)
    corners = inside_hull(vec3((k & 1) ? box.max.x : box.min.x, (k & 2) ? box.max.y : box.min.y,
                               (k & 4) ? box.max.z : box.min.z));
  if (corners) return true;
  for (const auto& t : a.triangles())
    for (index_t v : t)
      if (!inside_hull(a.vertices()[v])) return false;
  return true;
}

/// The verdict once the traversal is done: surfaces (or A inside the hull)
/// when a triangle met the hull, else the hull inside the closed mesh.
Interference hull_verdict(const TriangleMesh& a, const Hull& hull, const PairFrame& f,
                          const Best& best, vec3& at) {
  if (best.intersecting) {
    at = a.triangle(best.triangle_a).p[0];
    return mesh_inside_hull(a, hull, f) ? Interference::a_inside_b : Interference::surfaces;
  }
  at = f.b_to_a.apply(hull.vertices()[0]);
  return contains(a, at) ? Interference::b_inside_a : Interference::none;
}

Result mirrored(Result r) {
  std::swap(r.point_a, r.point_b);
  r.triangle_b = r.triangle_a;
  r.triangle_a = -1;
  if (r.how == Interference::a_inside_b)
    r.how = Interference::b_inside_a;
  else if (r.how == Interference::b_inside_a)
    r.how = Interference::a_inside_b;
  return r;
}

}  // namespace

Result query(const TriangleMesh& a, const Pose& pose_a, const Hull& b, const Pose& pose_b) {
  if (a.empty() || b.empty() || !scale_ok(pose_a) || !scale_ok(pose_b)) return Result{};
  const PairFrame f = make_frame(pose_a, a.magnitude(), pose_b, b.magnitude());
  const PosedHull hull{convex::HullShape{&b}, f.b_to_a};
  Best best = traverse_hull(a, hull, f, true);
  vec3 at(0);
  const Interference how = hull_verdict(a, b, f, best, at);
  best.intersecting =
      how == Interference::surfaces;  // A inside the hull is reported as containment
  return finish(best, how, at, pose_a, a, nullptr);
}

Hit intersect(const TriangleMesh& a, const Pose& pose_a, const Hull& b, const Pose& pose_b) {
  if (a.empty() || b.empty() || !scale_ok(pose_a) || !scale_ok(pose_b)) return Hit{};
  const PairFrame f = make_frame(pose_a, a.magnitude(), pose_b, b.magnitude());
  const PosedHull hull{convex::HullShape{&b}, f.b_to_a};
  const Best best = traverse_hull(a, hull, f, false);
  vec3 at(0);
  const Interference how = hull_verdict(a, b, f, best, at);
  if (how != Interference::surfaces) return Hit{how};
  return Hit{how, a.input_index(best.triangle_a), -1};
}

Result query(const Hull& a, const Pose& pose_a, const TriangleMesh& b, const Pose& pose_b) {
  return mirrored(query(b, pose_b, a, pose_a));
}

Hit intersect(const Hull& a, const Pose& pose_a, const TriangleMesh& b, const Pose& pose_b) {
  Hit h = intersect(b, pose_b, a, pose_a);
  h.triangle_b = h.triangle_a;
  h.triangle_a = -1;
  if (h.how == Interference::a_inside_b)
    h.how = Interference::b_inside_a;
  else if (h.how == Interference::b_inside_a)
    h.how = Interference::a_inside_b;
  return h;
}

// Depth first, the first child before the second: leaves come in the tree's
// order, which is the kept triangles' order.
std::size_t overlapping(const TriangleMesh& mesh, const Bounds& box, std::span<index_t> out,
                        bool* overflow, index_t first) {
  if (overflow) *overflow = false;
  const std::span<const MeshNode> nodes = mesh.nodes();
  if (nodes.empty()) return 0;
  const auto touches = [&box](const Bounds& b) {
    return b.min.x <= box.max.x && box.min.x <= b.max.x && b.min.y <= box.max.y &&
           box.min.y <= b.max.y && b.min.z <= box.max.z && box.min.z <= b.max.z;
  };
  std::array<index_t, stack_size> stack;
  int top = 0;
  stack[top++] = 0;
  std::size_t written = 0;
  while (top > 0) {
    const index_t n = stack[--top];
    const MeshNode& node = nodes[n];
    if (!touches(node.bounds)) continue;
    if (!node.leaf()) {
      // A median-split tree is far shallower than the stack (see stack_size);
      // were it not, the answer would be incomplete, and says so.
      if (top + 2 > stack_size) {
        if (overflow) *overflow = true;
        return written;
      }
      stack[top++] = node.start;
      stack[top++] = n + 1;
      continue;
    }
    if (node.start + node.count <= first) continue;
    for (index_t t = std::max(node.start, first); t < node.start + node.count; ++t) {
      if (!touches(triangle_bounds(mesh.triangle(t)))) continue;
      if (written == out.size()) {
        if (overflow) *overflow = true;
        return written;
      }
      out[written++] = t;
    }
  }
  return written;
}

}  // namespace sepax::mesh
