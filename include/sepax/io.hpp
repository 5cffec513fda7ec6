// sepax_io: mesh files to meshes and point clouds. OBJ, OFF, PLY and ASCII
// STL are read by sepax's own readers, in full `real` precision; every other
// format (binary STL, glTF, ...) through assimp, in float precision.
//
// A separate library (`sepax_io_dep`) so that an engine using only the core
// never needs assimp. What comes back is, for each object of the file, its
// distinct vertex positions and its faces as triangles; normals, texture
// coordinates and materials are read and dropped.
#pragma once

#include "sepax/export.hpp"
#include "sepax/types.hpp"

#include <array>
#include <cstddef>
#include <string>
#include <vector>

namespace sepax::io {

/// One object of a file: an OBJ `o` or `g` object, an STL `solid`, a glTF
/// node, the single mesh of a PLY/OFF/binary STL file.
struct Part {
  /// The object's name from the file (node name, else mesh name). When the
  /// file gives none (or only an assimp placeholder such as "defaultobject"),
  /// "<file stem>#<k>", k being the index of this part in `LoadResult::parts`.
  std::string name;
  /// Vertex positions in the file's frame: node transforms applied, so the
  /// parts sit where the file places them. Each distinct position appears once
  /// (exact comparison, -0 equals +0; formats such as STL repeat a vertex for
  /// every face that uses it), in order of first appearance. Positions read
  /// by sepax's own readers (OBJ, OFF, PLY, ASCII STL) are the file's decimal
  /// numbers rounded once to `real` (a double build keeps a `%.17g` double
  /// bit for bit; a binary PLY float stays that float). Positions read through
  /// assimp (binary STL, glTF, others) have float precision, which is what
  /// assimp 5.2 stores.
  std::vector<vec3> points;
  /// The object's faces as triangles, each three indices into `points`, in
  /// the file's corner order (the file's winding). A polygon of n corners
  /// becomes the fan (0, k, k+1), k = 1..n-2 (the right split of a convex
  /// polygon; a concave one gets triangles outside it); polygons of fewer
  /// than three corners give none. Empty for a point cloud.
  /// No triangle repeats an index: see `degenerate_triangles`.
  std::vector<std::array<index_t, 3>> triangles;
  /// How many of the file's triangles of this object were dropped because two
  /// of their corners are one position (a repeated index, or two vertices
  /// with equal coordinates, which become one point). Zero for most files.
  std::size_t degenerate_triangles = 0;
};

/// What `load` made of a file.
enum class Status {
  ok,              ///< at least one point, all finite
  not_found,       ///< no file at that path
  unreadable,      ///< a directory, no permission, not a valid file of its format, or a face
                   ///< naming a vertex the file does not have
  unknown_format,  ///< an extension neither sepax nor assimp reads (checked before the content)
  empty,           ///< the file was read but holds no vertices
  non_finite,      ///< some coordinate is NaN or infinite (or overflows `real`)
};

/// Short name of a status ("ok", "not_found", "unknown_format", ...).
/// Never null.
[[nodiscard]] SEPAX_API const char* to_string(Status status);

/// Outcome of `load`: a status, a message for people and, on success,
/// the parts.
struct LoadResult {
  /// `Status::ok` exactly when `parts` holds at least one point and every
  /// coordinate is finite.
  Status status = Status::empty;
  /// One line that names the file (the path as given) and the problem, e.g.
  /// "teapot.objx: unknown format (extension .objx)"; on success a summary
  /// such as "bunny.obj: 1 part, 1839 points, 3674 triangles" (the triangles
  /// only when there are any).
  std::string message;
  /// One part per object, in file order; empty unless `ok()`. Objects without
  /// vertices are left out.
  std::vector<Part> parts;

  /// True when `status == Status::ok`.
  [[nodiscard]] bool ok() const { return status == Status::ok; }
};

/// Reads a mesh or point-cloud file: OBJ, STL (ASCII and binary), PLY (ASCII
/// and binary), OFF, glTF (.gltf and .glb) and every other format assimp
/// knows by its extension (case-insensitive). Vertex-only files (point clouds
/// without faces) are valid input, and every vertex of the file is kept, also
/// the ones no face uses.
///
/// Read by sepax's own readers (src/io/readers.cpp), with numbers parsed
/// exactly (std::from_chars, no locale):
/// - OBJ: `v` lines and `f` lines (`f 1 2 3`, `f 1/2/3`, `f 1//3`; negative
///   indices count back from the last vertex so far). `o` and `g` lines start
///   a new part; a vertex belongs to the part it is declared in, and a face's
///   vertices declared in another part are added to the face's part. A part
///   with no face whose vertices all serve other parts' faces is left out
///   (Maya's `g default` block of shared vertices).
/// - OFF (also COFF, NOFF, STOFF...): the vertex block and the face block.
/// - PLY: the vertex element's x, y, z and the face element's
///   `vertex_indices` (or `vertex_index`) list, in ASCII and binary. A file
///   whose header declares more elements than the file can hold is
///   `unreadable` before anything is allocated, and so is one whose header has
///   no `end_header` line in its first 64 KiB.
/// - STL, when ASCII (starts with `solid` and its size is not that of a binary
///   STL with the count at byte 80): one part per `solid`, a triangle per
///   `facet`.
/// A face that names a vertex the file does not have (index 0 or beyond the
/// last vertex in OBJ, beyond the vertex count in OFF and PLY) makes the file
/// `unreadable`, the message naming the index.
///
/// Never throws. Thread-safe: any number of threads may load at once. sepax's
/// own readers run in parallel; the files that go through assimp are read one
/// thread at a time (one process-wide lock), because assimp 5.2's importers
/// share a buffer across threads (a data race ThreadSanitizer reports).
/// assimp's logging stays off (sepax never creates assimp's logger).
[[nodiscard]] SEPAX_API LoadResult load(const std::string& path);

/// All points of all parts of `result` as one cloud, each distinct position
/// once, in part order: `merged_mesh(result).points`. Empty when `result` is
/// not ok.
[[nodiscard]] SEPAX_API std::vector<vec3> merged_points(const LoadResult& result);

/// All parts of `result` as one part: the points of every part, each distinct
/// position once, in part order; every part's triangles, in part order, their
/// indices renumbered into those points; `degenerate_triangles` the sum over
/// the parts. Its name is the parts' names joined by '+'. An empty part (no
/// name, points or triangles) when `result` is not ok.
[[nodiscard]] SEPAX_API Part merged_mesh(const LoadResult& result);

}  // namespace sepax::io
