// sepax: support-map adapters, the shapes that GJK and EPA accept.
//
// GJK and EPA (gjk.hpp, epa.hpp) are written once against the SupportMap
// concept of support.hpp. The adapters here turn hulls, boxes, points,
// segments and triangles into support maps, move them with a Pose (Posed<S>)
// and inflate them by a radius (Rounded<S>): a sphere is a rounded point, a capsule a
// rounded segment, a rounded box a rounded Box. The model is Jolt's
// ConvexSupport.h (TransformedConvexObject, AddConvexRadius); this is a
// separate design written for sepax.
//
// Adapters are small values that refer to (never own) a Hull: build them per
// query, they cost nothing.
//
// Polytope adapters also name their vertices (IndexedSupportMap). GJK uses the
// indices to warm start from a cached simplex and to seed hill climbing, as
// Box2D's b2SimplexCache does. Rounded shapes are not polytopes: GJK and EPA
// run on their core and add the radius afterwards (exact for spheres and
// capsules, and much faster than iterating on a curved surface).
#pragma once

#include "sepax/support.hpp"

#include <cmath>
#include <type_traits>

namespace sepax::convex {

/// A support map whose support points are vertices with stable indices:
/// `support_vertex(d, hint)` returns the index of a vertex furthest along d
/// (`hint`, a previous answer or -1, may speed the search up),
/// `vertex(i)` its position, `vertex_count()` how many there are.
template <class S>
concept IndexedSupportMap = SupportMap<S> && requires(const S& s, const vec3& d, index_t i) {
  { s.support_vertex(d, i) } -> std::same_as<index_t>;
  { s.vertex(i) } -> std::convertible_to<vec3>;
  { s.vertex_count() } -> std::convertible_to<index_t>;
};

/// A hull in its own local frame. Refers to the hull, which must outlive it.
/// Support by sepax::support_index: a scan for small hulls, hill climbing
/// for large ones, from the hint or the seed table (climb_start): GJK's and
/// EPA's consecutive directions can be far apart.
struct HullShape {
  const Hull* hull = nullptr;  ///< never null in a query

  /// Index of a support vertex along d (local frame).
  [[nodiscard]] index_t support_vertex(const vec3& d, index_t hint = -1) const {
    return support_index(*hull, d, climb_start(*hull, d, hint));
  }
  /// Vertex i in the local frame.
  [[nodiscard]] vec3 vertex(index_t i) const { return hull->vertices()[i]; }
  /// Number of vertices.
  [[nodiscard]] index_t vertex_count() const { return static_cast<index_t>(hull->vertex_count()); }
  /// Support point along d (local frame).
  [[nodiscard]] vec3 support(const vec3& d) const { return vertex(support_vertex(d)); }
};

/// An axis-aligned box centred on the origin of its frame. Vertex i has
/// coordinate +half[k] where bit k of i is set, -half[k] otherwise.
struct Box {
  vec3 half{real(0)};  ///< half extents, each >= 0

  /// Index of the corner furthest along d; ties go to the + side.
  [[nodiscard]] index_t support_vertex(const vec3& d, index_t /*hint*/ = -1) const {
    return static_cast<index_t>((d.x >= 0 ? 1 : 0) | (d.y >= 0 ? 2 : 0) | (d.z >= 0 ? 4 : 0));
  }
  /// Corner i.
  [[nodiscard]] vec3 vertex(index_t i) const {
    return {(i & 1) ? half.x : -half.x, (i & 2) ? half.y : -half.y, (i & 4) ? half.z : -half.z};
  }
  /// Always 8.
  [[nodiscard]] index_t vertex_count() const { return 8; }
  /// Support point along d.
  [[nodiscard]] vec3 support(const vec3& d) const { return vertex(support_vertex(d)); }
};

/// A single point (vertex 0). As a core it makes a sphere.
struct Point {
  vec3 p{real(0)};

  [[nodiscard]] index_t support_vertex(const vec3& /*d*/, index_t /*hint*/ = -1) const { return 0; }
  [[nodiscard]] vec3 vertex(index_t /*i*/) const { return p; }
  /// Always 1.
  [[nodiscard]] index_t vertex_count() const { return 1; }
  [[nodiscard]] vec3 support(const vec3& /*d*/) const { return p; }
};

/// A segment from p0 (vertex 0) to p1 (vertex 1). As a core it makes a capsule.
struct Segment {
  vec3 p0{real(0)};
  vec3 p1{real(0)};

  /// 1 when p1 is strictly further along d than p0, else 0.
  [[nodiscard]] index_t support_vertex(const vec3& d, index_t /*hint*/ = -1) const {
    return glm::dot(d, p1 - p0) > 0 ? 1 : 0;
  }
  [[nodiscard]] vec3 vertex(index_t i) const { return i == 1 ? p1 : p0; }
  /// Always 2.
  [[nodiscard]] index_t vertex_count() const { return 2; }
  [[nodiscard]] vec3 support(const vec3& d) const { return vertex(support_vertex(d)); }
};

/// A triangle with corners p[0], p[1], p[2] (vertices 0, 1, 2): a flat
/// convex polygon, as a mesh's triangles are (mesh.hpp). Its corners may be
/// collinear or coincident; GJK then sees a segment or a point.
struct Triangle {
  vec3 p[3] = {vec3(real(0)), vec3(real(0)), vec3(real(0))};

  /// Index of the corner furthest along d; ties go to the lower index.
  [[nodiscard]] index_t support_vertex(const vec3& d, index_t /*hint*/ = -1) const {
    const real d0 = glm::dot(d, p[0]), d1 = glm::dot(d, p[1]), d2 = glm::dot(d, p[2]);
    if (d0 >= d1) return d0 >= d2 ? 0 : 2;
    return d1 >= d2 ? 1 : 2;
  }
  /// Corner i.
  [[nodiscard]] vec3 vertex(index_t i) const { return p[i]; }
  /// Always 3.
  [[nodiscard]] index_t vertex_count() const { return 3; }
  /// Support point along d: the corner furthest along it.
  [[nodiscard]] vec3 support(const vec3& d) const { return vertex(support_vertex(d)); }
};

/// Shape S moved (and uniformly scaled) by a pose: world = pose.apply(local).
/// Keeps S's vertex indices.
template <SupportMap S>
struct Posed {
  S shape{};
  Pose pose{};

  /// Support point along the world direction d, in the world frame.
  [[nodiscard]] vec3 support(const vec3& d) const {
    return pose.apply(shape.support(pose.rotate_inverse(d)));
  }
  /// Index of a support vertex along the world direction d.
  [[nodiscard]] index_t support_vertex(const vec3& d,
                                       index_t hint = -1) const requires IndexedSupportMap<S> {
    return shape.support_vertex(pose.rotate_inverse(d), hint);
  }
  /// Vertex i in the world frame.
  [[nodiscard]] vec3 vertex(index_t i) const requires IndexedSupportMap<S> {
    return pose.apply(shape.vertex(i));
  }
  [[nodiscard]] index_t vertex_count() const requires IndexedSupportMap<S> {
    return shape.vertex_count();
  }
};

/// Shape S inflated by a radius: the Minkowski sum of S and a ball. GJK and
/// EPA strip the radius, query the core and add it back (see gjk.hpp).
template <SupportMap S>
struct Rounded {
  S core{};
  real radius = 0;  ///< >= 0

  /// Support point along d: the core's plus radius * d / |d|.
  [[nodiscard]] vec3 support(const vec3& d) const {
    const real len = glm::length(d);
    const vec3 c = core.support(d);
    return len > 0 ? c + d * (radius / len) : c;
  }
};

/// A sphere: a rounded point.
using Sphere = Rounded<Point>;
/// A capsule: a rounded segment (the axis from p0 to p1).
using Capsule = Rounded<Segment>;

/// Sphere of radius r around `center`.
[[nodiscard]] inline Sphere sphere(const vec3& center, real r) {
  return Sphere{Point{center}, r};
}
/// Capsule around the segment p0-p1 with radius r.
[[nodiscard]] inline Capsule capsule(const vec3& p0, const vec3& p1, real r) {
  return Capsule{Segment{p0, p1}, r};
}
/// Hull moved by a pose. The hull must outlive the result.
[[nodiscard]] inline Posed<HullShape> posed(const Hull& hull, const Pose& pose) {
  return Posed<HullShape>{HullShape{&hull}, pose};
}
/// Any shape moved by a pose.
template <SupportMap S>
[[nodiscard]] Posed<S> posed(const S& shape, const Pose& pose) {
  return Posed<S>{shape, pose};
}
/// Any shape inflated by radius r.
template <SupportMap S>
[[nodiscard]] Rounded<S> rounded(const S& shape, real r) {
  return Rounded<S>{shape, r};
}

/// Splits a shape into its core (radius stripped) and its total radius.
/// Rounded<S> contributes its radius; Posed<Rounded<S>> moves the core and
/// keeps the radius (a ball is invariant under rotation), times the pose's
/// scale: radii are world lengths.
template <class S>
struct Split {
  using core_type = S;
  static const S& core(const S& s) { return s; }
  static real radius(const S& /*s*/) { return 0; }
};

template <class S>
struct Split<Rounded<S>> {
  using core_type = typename Split<S>::core_type;
  static decltype(auto) core(const Rounded<S>& s) { return Split<S>::core(s.core); }
  static real radius(const Rounded<S>& s) { return s.radius + Split<S>::radius(s.core); }
};

template <class S>
struct Split<Posed<S>> {
  using core_type = Posed<typename Split<S>::core_type>;
  static core_type core(const Posed<S>& s) { return core_type{Split<S>::core(s.shape), s.pose}; }
  static real radius(const Posed<S>& s) { return Split<S>::radius(s.shape) * s.pose.scale; }
};

/// The core of s (s itself when it has no radius).
template <class S>
[[nodiscard]] decltype(auto) core_of(const S& s) {
  return Split<S>::core(s);
}
/// The total radius of s (0 when it has none).
template <class S>
[[nodiscard]] real radius_of(const S& s) {
  return Split<S>::radius(s);
}

/// True for Posed<...> shapes: GJK then works in A's local frame.
template <class S>
inline constexpr bool is_posed = false;
template <class S>
inline constexpr bool is_posed<Posed<S>> = true;

}  // namespace sepax::convex
