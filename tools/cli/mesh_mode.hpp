// `--mesh`: answers about the meshes themselves (mesh.hpp: TriangleMesh and
// its exact queries), not about their convex hulls. Used by check, batch and
// scene.
#pragma once

#include "common.hpp"
#include "mode.hpp"
#include "sepax/mesh.hpp"

#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>

namespace sepax::cli {

/// One shape of mesh mode: a triangle mesh, or a cooked hull (a convex
/// solid, queried as such).
struct LoadedMesh {
  std::string name;           ///< "file" or "file:part"
  TriangleMesh mesh;          ///< empty for a cooked hull
  Hull hull;                  ///< a cooked hull's hull; empty for a mesh
  std::size_t triangles = 0;  ///< the file's triangles (before degenerate ones are dropped)
  /// Degenerate triangles dropped: by the reader (a repeated vertex) and by
  /// TriangleMesh (zero area).
  std::size_t degenerate = 0;
  double build_ms = 0;  ///< reading aside: building the mesh and its tree
  [[nodiscard]] bool is_hull() const { return !hull.empty(); }
};

/// Loads `path` for mesh mode: one mesh of the whole file, or one per part
/// when `per_part`; a cooked hull (.sxhull) is one convex solid. A file
/// without triangles (a point cloud) is an error: "mesh mode needs
/// triangles: FILE has none (a point cloud of N points)". On error returns
/// false and sets `error` to one line naming the file (or part).
bool load_meshes(const std::string& path, bool per_part, std::vector<LoadedMesh>& out,
                 std::string& error);

/// The meshes of a file already read: one of the whole file, or one per
/// part when `per_part` and the file has several. As load_meshes.
bool meshes_of(const std::string& path, const io::LoadResult& file, bool per_part,
               std::vector<LoadedMesh>& out, std::string& error);

/// The shape's world bounds at `pose`.
[[nodiscard]] Bounds world_bounds(const LoadedMesh& m, const Pose& pose);

/// The exact query on one pair (mesh::query, or SAT and GJK for two cooked
/// hulls), timed. The report's JSON: "mode": "mesh", "intersecting", "how",
/// "separation" (the distance when apart, 0 otherwise), the points and
/// triangles (schema in docs/cli.md).
[[nodiscard]] std::unique_ptr<Report> check_meshes(const LoadedMesh& a, const Pose& pose_a,
                                                   const LoadedMesh& b, const Pose& pose_b);

}  // namespace sepax::cli
