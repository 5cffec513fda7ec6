// sepax: contact manifolds of a body against a triangle mesh (a level's
// floors, terrain, ramps and walls).
//
// Outline (Box3D's mesh contact, Jolt's active edges, Box2D v3's chain
// shapes): the triangles near the body come from the mesh's tree
// (mesh::overlapping); each is decided exactly as a two-sided flat hull by
// contact::collide. Then each triangle answers as a part of the surface,
// not alone: its contact normal must lie in the triangle's share of the
// mesh's normals (its Gauss map). On its face that is the face's normal;
// on an edge, the arc between the two faces' normals when the edge is a
// ridge, nothing when it is flat or a valley (TriangleMesh::edge_kind);
// the rim's edges (boundary, non-manifold, or triangles wound against each
// other) keep every normal. A triangle whose answer lies outside its share
// answers instead with its face contact: the face's normal, the depth
// exactly along it, the points clipped to the triangle. So a body sliding
// across the inner edges of a flat floor, or into a valley, meets only
// face normals (no ghost bumps), while a ridge keeps its edge's normal.
// (Jolt and Bullet replace the normal only and keep the edge's point and
// depth; here the whole contact is the face's.)
//
// The triangles' manifolds are merged into regions: one per direction of
// contact, the ones whose normals lie within tol::mesh_region (sine,
// about 0.06 degrees) of a region's joining it. A region's normal is that of
// its deepest member, along which every point's separation is measured;
// it holds at most max_points points (contact::collide's reduction), each
// naming the mesh's features (welded vertex, edge id, triangle) so that
// ids persist as a body slides from one triangle onto the next.
//
// Bodies: hulls, spheres and capsules (convex.hpp).
//
// Frames and signs as contact::collide: world frame, the body is A, the
// mesh is B, each region's normal from the body to the mesh. Never
// allocates, never throws; NaN-free for finite input. About 12 KB of stack.
#pragma once

#include "sepax/contact.hpp"
#include "sepax/mesh.hpp"

namespace sepax::contact {

/// Most regions a mesh manifold holds: a box in a corner of three walls
/// needs three, a box resting across the creases of a curved terrain one
/// per face it reaches within the margin (up to seven seen on the example
/// world's terrain). Beyond it the deepest regions are kept.
inline constexpr int max_mesh_regions = 8;

/// The contact of a body with a triangle mesh: up to max_mesh_regions
/// manifolds, deepest first.
struct MeshManifold {
  /// regions[0 .. count): each a contact::Manifold of the body (A) against
  /// the mesh (B); its separation is its deepest point's, its feature the
  /// deepest member triangle's (sat::Feature indices of that triangle as a
  /// two-sided hull: faces 0 and 1, edges 0-2).
  /// A point's id packs the body's feature with the mesh's: a vertex by
  /// TriangleMesh::vertex_id, an edge by TriangleMesh::edge_id, a face by the
  /// triangle's input index.
  Manifold regions[max_mesh_regions];
  /// The input index (TriangleMesh::input_index) of the triangle each point
  /// of each region came from: triangle[r][i] for regions[r].points[i].
  index_t triangle[max_mesh_regions][max_points] = {};
  int count = 0;  ///< regions in use
  /// Triangles decided (the work done): those whose boxes meet the body's.
  int triangles_tested = 0;
  /// Triangles whose contact pointed in a further direction while
  /// max_mesh_regions regions were full: left out, or replacing the
  /// shallowest region when deeper. 0 for a body on level geometry; large
  /// for a body deep inside a closed mesh.
  int regions_dropped = 0;
};

/// Room for the triangle a mesh query is deciding: one per thread, reused
/// by every query, so that no query allocates. A MeshScratch belongs to one
/// thread at a time.
class SEPAX_API MeshScratch {
 public:
  /// Allocates the triangle's arrays once.
  MeshScratch();

 private:
  friend struct MeshContact;  // src/contact/mesh.cpp
  Hull triangle_;
};

/// Triangles whose per-triangle state a MeshCache keeps.
inline constexpr int mesh_cache_triangles = 32;

/// Per-pair state kept between frames for a body against a mesh; zero for a
/// cold start (`MeshCache{}`), then the same one with the same pair every
/// frame (about 1.9 KB in double). It keeps the triangles near the body,
/// gathered in a box grown beyond the body's, so that while the body stays
/// inside that box the tree is not walked; and each triangle's
/// contact::Cache (SAT's axis, the preferred face), so a triangle that stays
/// apart costs O(1).
struct MeshCache {
  /// A triangle near the body and its pair cache.
  struct Entry {
    index_t triangle = -1;  ///< kept-triangle index
    Cache cache;
  };
  const TriangleMesh* mesh = nullptr;  ///< the mesh the entries are of
  /// The box (mesh frame) whose triangles the entries are: every one of
  /// them when `complete`.
  Bounds box;
  bool complete = false;
  int count = 0;  ///< entries[0 .. count), ascending by triangle
  Entry entries[mesh_cache_triangles];
};

/// The contact manifold of a hull at pose_a against a triangle mesh at
/// pose_b (see the outline above). Points are generated while the hull is
/// within `margin` (length unit, >= 0) of a triangle, with their
/// separations (positive ones are speculative). `cache` (may be null)
/// carries the triangles near the body and their SAT axes from frame to
/// frame; answers with and without it agree to round-off (a face preferred
/// to an edge pair keeps its place within contact::collide's band).
[[nodiscard]] SEPAX_API MeshManifold collide(const Hull& a, const Pose& pose_a,
                                             const TriangleMesh& b, const Pose& pose_b,
                                             MeshScratch& scratch, real margin = 0,
                                             MeshCache* cache = nullptr);

/// The contact manifold of a sphere at pose_a against a triangle mesh at
/// pose_b: per triangle contact::collide's one point (the sphere's point
/// nearest the triangle, or deepest), admitted as above; a point at a flat
/// or valley edge gives way to the face contact, which exists only where
/// the centre lies over the triangle (Box2D's Voronoi-region rule for
/// chain shapes, in 3D). `cache` keeps the triangles near the sphere.
[[nodiscard]] SEPAX_API MeshManifold collide(const convex::Sphere& a, const Pose& pose_a,
                                             const TriangleMesh& b, const Pose& pose_b,
                                             MeshScratch& scratch, real margin = 0,
                                             MeshCache* cache = nullptr);

/// The contact manifold of a capsule at pose_a against a triangle mesh at
/// pose_b: per triangle contact::collide's up to 2 points, admitted as
/// above; the face contact clips the capsule's segment to the triangle. A
/// capsule lying on a floor gets its two ends' points, whichever triangles
/// they are over. `cache` keeps the triangles near the capsule.
[[nodiscard]] SEPAX_API MeshManifold collide(const convex::Capsule& a, const Pose& pose_a,
                                             const TriangleMesh& b, const Pose& pose_b,
                                             MeshScratch& scratch, real margin = 0,
                                             MeshCache* cache = nullptr);

}  // namespace sepax::contact
