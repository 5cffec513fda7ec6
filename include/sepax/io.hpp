// sepax_io: mesh files to point clouds, through assimp; the vertex blocks of
// OFF and PLY through sepax's own readers, because assimp 5.2's importers of
// those formats are not memory-safe on malformed files.
//
// A separate library (`sepax_io_dep`) so that an engine using only the core
// never needs assimp. A convex hull needs only points, so faces, normals and
// materials are read and dropped: what comes back is, for each object of the
// file, the set of its vertex positions.
#pragma once

#include "sepax/export.hpp"
#include "sepax/types.hpp"

#include <string>
#include <vector>

namespace sepax::io {

/// The points of one object of a file: an OBJ `o` object, a glTF node, the
/// single mesh of an STL/PLY/OFF file (one assimp node with meshes).
struct PointCloud {
  /// The object's name from the file (node name, else mesh name). When the
  /// file gives none (or only an assimp placeholder such as "defaultobject"),
  /// "<file stem>#<k>", k being the index of this part in `LoadResult::parts`.
  std::string name;
  /// Vertex positions in the file's frame: node transforms applied, so the
  /// parts sit where the file places them. Each distinct position appears once
  /// (formats such as STL repeat a vertex for every face that uses it), in
  /// order of first appearance. Positions read through assimp have float
  /// (32-bit) precision, which is what assimp 5.2 stores; OFF and PLY
  /// positions keep the file's precision (double in a double build).
  std::vector<vec3> points;
};

/// What `load_points` made of a file.
enum class LoadStatus {
  ok,          ///< at least one point, all finite
  not_found,   ///< no file at that path
  unreadable,  ///< a directory, no permission, or content that is not a valid file of its format
  unknown_format,  ///< the extension is not one assimp reads (checked before the content)
  empty,           ///< the file was read but holds no vertices
  non_finite,      ///< some coordinate is NaN or infinite (or overflows `real`)
};

/// Short lower-case name of a status ("ok", "not found", "unknown format", ...).
/// Never null.
[[nodiscard]] SEPAX_API const char* to_string(LoadStatus status);

/// Outcome of `load_points`: a status, a message for people and, on success,
/// the parts.
struct LoadResult {
  /// `LoadStatus::ok` exactly when `parts` holds at least one point and every
  /// coordinate is finite.
  LoadStatus status = LoadStatus::empty;
  /// One line that names the file (the path as given) and the problem, e.g.
  /// "teapot.objx: unknown format (extension .objx)"; on success a summary
  /// such as "bunny.obj: 1 part, 1839 points".
  std::string message;
  /// One point cloud per object, in file order; empty unless `ok()`.
  std::vector<PointCloud> parts;

  /// True when `status == LoadStatus::ok`.
  [[nodiscard]] bool ok() const { return status == LoadStatus::ok; }
};

/// Reads a mesh or point-cloud file: OBJ, STL (ASCII and binary), PLY (ASCII
/// and binary), OFF, glTF (.gltf and .glb) and every other format assimp
/// knows by its extension (case-insensitive). Vertex-only files (point clouds
/// without faces) are valid input. Every vertex of the file is kept, also the
/// ones no face uses: for the OBJ and OFF files assimp 5.2 cannot read or
/// reads incompletely (vertex-only OBJ with `o` objects or with fewer `vn` than `v` lines, OBJ
/// vertices no face uses, OFF without faces, OBJ files under 16 bytes), sepax
/// reads the `v` lines / vertex block itself. Those points keep full `real`
/// precision, and OBJ vertices then go to the `o` object under which they are
/// declared. A PLY file whose header declares more elements than the file can
/// hold is `unreadable` (assimp 5.2 would invent the missing binary vertices,
/// or allocate for the declared count first), and so is one whose header has
/// no `end_header` line in its first 64 KiB (assimp 5.2 would read on forever).
///
/// Never throws. Thread-safe: each call uses its own assimp importer, and
/// assimp's logging stays off (sepax never creates assimp's logger).
[[nodiscard]] SEPAX_API LoadResult load_points(const std::string& path);

/// All points of all parts of `result` as one cloud, each distinct position
/// once, in part order. Empty when `result` is not ok.
[[nodiscard]] SEPAX_API std::vector<vec3> merged_points(const LoadResult& result);

}  // namespace sepax::io
