// The friend of TriangleMesh that assembles one; not installed. Each step is
// defined in the mesh_*.cpp file named beside it.
#pragma once

#include "sepax/mesh.hpp"

#include <vector>

namespace sepax {

struct MeshBuilder {
  /// Checks the input and builds the mesh: the steps below in order.
  /// (mesh/mesh.cpp)
  [[nodiscard]] static MeshResult build(std::span<const vec3> vertices,
                                        std::span<const std::array<index_t, 3>> triangles);
  /// Keeps the non-degenerate triangles (with their input indices) and
  /// counts the rest. (mesh/mesh.cpp)
  static void keep_triangles(TriangleMesh& m, std::span<const std::array<index_t, 3>> triangles);
  /// Sets is_closed and the part seeds from the kept triangles; `weld` maps
  /// each vertex to the one standing for its position. (mesh/mesh.cpp)
  static void derive_topology(TriangleMesh& m, const std::vector<index_t>& weld);
  /// Builds the AABB tree and reorders the triangles into leaf order.
  /// (mesh/bvh.cpp)
  static void build_tree(TriangleMesh& m);
  /// The edges of the kept triangles, in the tree's triangle order, and the
  /// kind of each (EdgeKind). (mesh/mesh.cpp)
  static void derive_edges(TriangleMesh& m, const std::vector<index_t>& weld);
};

}  // namespace sepax
