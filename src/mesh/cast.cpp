// Casts against triangle meshes (mesh.hpp): rays through the AABB tree,
// nearest hit first; hulls and meshes moving against a mesh, each triangle
// the swept box reaches cast by GJK (gjk_cast.hpp).
#include "sepax/gjk_cast.hpp"
#include "sepax/mesh.hpp"

#include "core/checks.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sepax::mesh {

namespace {

using sepax::detail::finite;
using sepax::detail::pose_ok;

constexpr real infinity = std::numeric_limits<real>::infinity();

/// Depth of the traversal stacks: a tree built by median split is about
/// log2(triangles / leaf_size) deep, and each level leaves one node waiting.
constexpr int stack_size = 128;

CastResult status_only(CastStatus status) {
  CastResult r;
  r.status = status;
  return r;
}

/// Where the line o + t d is inside box b, t in [enter, leave] (slabs,
/// Kay and Kajiya 1986); empty when enter > leave. `inv` holds 1 / d's
/// components (one division per ray, not six per box). A zero component of
/// d keeps the whole line when o lies in that slab, none otherwise.
void slab(const Bounds& b, const vec3& o, const vec3& d, const vec3& inv, real& enter,
          real& leave) {
  for (int k = 0; k < 3; ++k) {
    if (d[k] == 0) {
      if (o[k] < b.min[k] || o[k] > b.max[k]) enter = infinity, leave = -infinity;
      continue;
    }
    real t0 = (b.min[k] - o[k]) * inv[k], t1 = (b.max[k] - o[k]) * inv[k];
    if (t0 > t1) std::swap(t0, t1);
    enter = std::max(enter, t0);
    leave = std::min(leave, t1);
  }
}

/// The first t in [0, limit] at which o + t d meets triangle t (closed:
/// edges and corners count); `side` 0 when d meets the triangle's winding
/// side (its normal against d), 1 from behind. Points within round-off of
/// an edge count as on it, so that a ray through an edge two triangles
/// share meets one of them. A ray in the triangle's plane meets it where it
/// crosses its first edge.
bool ray_triangle(const vec3& o, const vec3& d, const convex::Triangle& tri, real limit, real& t,
                  int& side) {
  const vec3 e1 = tri.p[1] - tri.p[0], e2 = tri.p[2] - tri.p[0];
  const vec3 n = glm::cross(e1, e2);
  const real denom = glm::dot(n, d), dist = glm::dot(n, o - tri.p[0]);
  const auto inside = [&](const vec3& q, real slack) {
    for (int i = 0; i < 3; ++i) {
      const vec3& a = tri.p[i];
      const vec3 edge = tri.p[(i + 1) % 3] - a;
      const real side_of = glm::dot(glm::cross(edge, q - a), n);
      if (side_of < -slack) return false;
    }
    return true;
  };
  if (denom != 0) {
    t = -dist / denom;
    if (!(t >= 0) || t > limit) return false;
    const real size = glm::length(e1) + glm::length(e2);
    const vec3 q = o + t * d;
    // Round-off of an edge function: a few eps of |edge| |q - a| |n|.
    const real reach = size + glm::length(q - tri.p[0]);
    if (!inside(q, real(64) * tol::eps * size * reach * glm::length(n))) return false;
    side = denom < 0 ? 0 : 1;
    return true;
  }
  if (dist != 0) return false;
  // In the plane: clip the line by the three edges' in-plane side lines.
  real enter = 0, leave = limit;
  for (int i = 0; i < 3; ++i) {
    const vec3& a = tri.p[i];
    const vec3 out = glm::cross(tri.p[(i + 1) % 3] - a, n);  // outward in the plane
    const real at = glm::dot(out, o - a), rate = glm::dot(out, d);
    if (rate == 0) {
      if (at > 0) return false;
      continue;
    }
    const real cross_t = -at / rate;
    if (rate < 0) enter = std::max(enter, cross_t);
    if (rate > 0) leave = std::min(leave, cross_t);
  }
  if (!(enter <= leave)) return false;
  t = enter;
  side = 0;
  return true;
}

/// The box of `b` (B's local frame) moved by `pose` into A's frame.
Bounds moved_box(const Bounds& b, const Pose& pose) {
  mat3 abs_r;
  for (int c = 0; c < 3; ++c)
    for (int r = 0; r < 3; ++r) abs_r[c][r] = std::abs(pose.rotation[c][r]);
  const vec3 centre = pose.apply((b.min + b.max) * real(0.5));
  const vec3 h = abs_r * ((b.max - b.min) * (real(0.5) * pose.scale));
  return Bounds{centre - h, centre + h};
}

/// Box b swept by d over t in [0, limit], grown by `grow` on every side.
Bounds swept(const Bounds& b, const vec3& d, real limit, real grow) {
  const vec3 far = d * limit;
  return Bounds{glm::min(b.min, b.min + far) - vec3(grow),
                glm::max(b.max, b.max + far) + vec3(grow)};
}

bool overlap(const Bounds& a, const Bounds& b) {
  return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y &&
         a.min.z <= b.max.z && b.min.z <= a.max.z;
}

Bounds triangle_box(const convex::Triangle& t) {
  return Bounds{glm::min(t.p[0], glm::min(t.p[1], t.p[2])),
                glm::max(t.p[0], glm::max(t.p[1], t.p[2]))};
}

/// The first contact found so far, in A's frame.
struct First {
  CastResult cast;        ///< status missed until a hit
  index_t triangle = -1;  ///< kept-triangle index of A
  real limit = 0;         ///< no later hit is wanted
};

/// Keeps the earlier of `first` and the cast `c` of triangle i.
void keep(First& first, const CastResult& c, index_t i) {
  if (!c.hit()) return;
  if (first.cast.hit() && !(c.fraction < first.cast.fraction)) return;
  first.cast = c;
  first.triangle = i;
  first.limit = c.fraction;
}

/// Visits the leaves of A's tree whose boxes overlap `box` (A's frame);
/// visit(leaf) for each.
template <class Visit>
void leaves_overlapping(const TriangleMesh& a, const Bounds& box, const Visit& visit) {
  const auto nodes = a.nodes();
  if (nodes.empty()) return;
  index_t stack[stack_size];
  int top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const MeshNode& node = nodes[stack[--top]];
    if (!overlap(node.bounds, box)) continue;
    if (node.leaf()) {
      visit(node);
    } else if (top + 2 <= stack_size) {
      stack[top++] = node.start;
      stack[top++] = index_t(&node - nodes.data()) + 1;
    }
  }
}

/// B's placement and path in A's frame, for a cast against mesh A.
struct CastFrame {
  Pose b_in_a;  ///< B's local frame into A's
  vec3 d;       ///< the path, A's frame and lengths
  real reach;   ///< the target, A's lengths
  real grow;    ///< boxes grow by the target and the coordinates' round-off
};

/// Checks the input and fills `f`; false for bad input.
bool cast_frame(const TriangleMesh& a, const Pose& pose_a, real magnitude_b, const Pose& pose_b,
                const vec3& translation, real max_fraction, real target, CastFrame& f) {
  if (a.empty() || !pose_ok(pose_a) || !pose_ok(pose_b) || !finite(translation) ||
      !(max_fraction >= 0) || !std::isfinite(max_fraction) || !(target >= 0) ||
      !std::isfinite(target))
    return false;
  f.b_in_a = relative_pose(pose_a, pose_b);
  f.d = pose_a.rotate_inverse(translation) / pose_a.scale;
  f.reach = target / pose_a.scale;
  f.grow = f.reach + tol::coplanar * (a.magnitude() + magnitude_b * f.b_in_a.scale +
                                      glm::length(f.b_in_a.translation));
  return true;
}

/// Casts `shape` (A's frame) along the frame's path against each of A's
/// triangles whose box `box` reaches, keeping the first contact.
template <class Shape>
void cast_against(const TriangleMesh& a, const Bounds& box, const Shape& shape, const CastFrame& f,
                  First& first, int& work) {
  leaves_overlapping(a, box, [&](const MeshNode& leaf) {
    for (index_t i = leaf.start; i < leaf.start + leaf.count; ++i) {
      const convex::Triangle tri = a.triangle(i);
      if (!overlap(triangle_box(tri), box)) continue;
      const CastResult c = gjk::shape_cast(tri, shape, f.d, first.limit, f.reach);
      work += c.iterations;
      keep(first, c, i);
    }
  });
}

/// The answer in the world: A's frame moved by pose_a.
CastResult to_world(const First& first, const TriangleMesh& a, const Pose& pose_a) {
  CastResult out = first.cast;
  if (!out.hit()) return status_only(out.status);
  out.point = pose_a.apply(out.point);
  out.normal = pose_a.rotate(out.normal);
  out.triangle = a.input_index(first.triangle);
  return out;
}

}  // namespace

CastResult ray_cast(const TriangleMesh& mesh, const Pose& pose, const Ray& ray,
                    bool cull_back_faces) {
  if (mesh.empty() || !pose_ok(pose) || !finite(ray.origin) || !finite(ray.translation) ||
      !(ray.max_fraction >= 0) || !std::isfinite(ray.max_fraction))
    return status_only(CastStatus::bad_input);
  const vec3 o = pose.apply_inverse(ray.origin);
  const vec3 d = pose.rotate_inverse(ray.translation) / pose.scale;
  vec3 inv(0);  // 0 where d is: slab() does not use those
  for (int k = 0; k < 3; ++k)
    if (d[k] != 0) inv[k] = 1 / d[k];
  // Boxes grown by the round-off of the mesh's coordinates.
  const real grow = tol::coplanar * (mesh.magnitude() + glm::length(o));
  const auto nodes = mesh.nodes();
  real best = ray.max_fraction;
  index_t hit = -1;
  int side = 0, visited = 0;
  struct Entry {
    index_t node;
    real enter;
  };
  Entry stack[stack_size];
  int top = 0;
  stack[top++] = {0, 0};
  while (top > 0) {
    const Entry e = stack[--top];
    if (e.enter > best) continue;
    const MeshNode& node = nodes[e.node];
    ++visited;
    if (node.leaf()) {
      for (index_t i = node.start; i < node.start + node.count; ++i) {
        real t = 0;
        int s = 0;
        if (ray_triangle(o, d, mesh.triangle(i), best, t, s) && !(cull_back_faces && s == 1) &&
            (hit < 0 || t < best))
          best = t, hit = i, side = s;
      }
      continue;
    }
    // Both children, the nearer one on top of the stack.
    Entry kids[2];
    int n = 0;
    for (const index_t c : {index_t(e.node + 1), node.start}) {
      Bounds b = nodes[c].bounds;
      b.min -= vec3(grow), b.max += vec3(grow);
      real enter = 0, leave = best;
      slab(b, o, d, inv, enter, leave);
      if (enter <= leave) kids[n++] = {c, enter};
    }
    if (n == 2 && kids[0].enter < kids[1].enter) std::swap(kids[0], kids[1]);
    for (int k = 0; k < n && top < stack_size; ++k) stack[top++] = kids[k];
  }
  if (hit < 0) {
    CastResult miss = status_only(CastStatus::missed);
    miss.iterations = visited;
    return miss;
  }
  const convex::Triangle tri = mesh.triangle(hit);
  vec3 n = glm::normalize(glm::cross(tri.p[1] - tri.p[0], tri.p[2] - tri.p[0]));
  if (side == 1) n = -n;  // the side the ray comes from
  CastResult r;
  r.status = best == 0 ? CastStatus::overlapping : CastStatus::hit;
  r.fraction = best;
  r.point = ray.origin + best * ray.translation;
  r.normal = pose.rotate(n);
  r.feature = {FeatureType::face, side};
  r.triangle = mesh.input_index(hit);
  r.iterations = visited;
  return r;
}

namespace {

/// What every cast of B against mesh A shares: B's frame in A's (bad input
/// refused), the first contact found so far, the work counted, and the
/// answer in the world frame. `pieces(f, first, work)` casts B's convex
/// pieces through A's tree.
template <class Shape, class Pieces>
CastResult cast_into(const TriangleMesh& a, const Pose& pose_a, const Shape& b, const Pose& pose_b,
                     const vec3& translation, real max_fraction, real target, Pieces&& pieces) {
  CastFrame f;
  if (b.empty() ||
      !cast_frame(a, pose_a, b.magnitude(), pose_b, translation, max_fraction, target, f))
    return status_only(CastStatus::bad_input);
  First first;
  first.limit = max_fraction;
  int work = 0;
  pieces(f, first, work);
  CastResult out = to_world(first, a, pose_a);
  out.iterations = work;
  return out;
}

/// Casts each triangle of mesh B (its tree's leaves that the sweep can
/// reach) through A's tree.
void cast_triangles(const TriangleMesh& a, const TriangleMesh& b, const CastFrame& f, First& first,
                    int& work) {
  const auto b_nodes = b.nodes();
  const Bounds all_a = swept(a.bounds(), vec3(0), 0, f.grow);
  index_t stack[stack_size];
  int top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const MeshNode& node = b_nodes[stack[--top]];
    if (!overlap(swept(moved_box(node.bounds, f.b_in_a), f.d, first.limit, f.grow), all_a))
      continue;
    if (!node.leaf()) {
      if (top + 2 <= stack_size) {
        stack[top++] = node.start;
        stack[top++] = index_t(&node - b_nodes.data()) + 1;
      }
      continue;
    }
    for (index_t j = node.start; j < node.start + node.count; ++j) {
      const convex::Triangle tb = b.triangle(j);
      const convex::Triangle moved{
          {f.b_in_a.apply(tb.p[0]), f.b_in_a.apply(tb.p[1]), f.b_in_a.apply(tb.p[2])}};
      cast_against(a, swept(triangle_box(moved), f.d, first.limit, f.grow), moved, f, first, work);
    }
  }
}

}  // namespace

CastResult shape_cast(const TriangleMesh& a, const Pose& pose_a, const Hull& b, const Pose& pose_b,
                      const vec3& translation, real max_fraction, real target) {
  return cast_into(a, pose_a, b, pose_b, translation, max_fraction, target,
                   [&](const CastFrame& f, First& first, int& work) {
                     const Bounds box =
                         swept(moved_box(b.bounds(), f.b_in_a), f.d, max_fraction, f.grow);
                     cast_against(a, box, convex::posed(b, f.b_in_a), f, first, work);
                   });
}

CastResult shape_cast(const TriangleMesh& a, const Pose& pose_a, const TriangleMesh& b,
                      const Pose& pose_b, const vec3& translation, real max_fraction, real target) {
  return cast_into(
      a, pose_a, b, pose_b, translation, max_fraction, target,
      [&](const CastFrame& f, First& first, int& work) { cast_triangles(a, b, f, first, work); });
}

}  // namespace sepax::mesh
