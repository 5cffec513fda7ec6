// sepax: cooked hulls. A built Hull in a small binary file (`.sxhull`), so
// that an application loads it instead of building it again from its mesh.
//
// The file keeps the hull's vertices bit for bit and its face loops; loading
// rebuilds the half-edges and every derived table from them with the code
// that builds hulls (the same steps in the same order), so a loaded hull is
// the same hull: same vertices, faces, half-edge and face ids, planes and
// Gauss map, and every query gives the same answer, bit for bit.
//
// Format version 1. Integers are unsigned little-endian; reals are IEEE-754
// binary64 or binary32, little-endian:
//
//   offset       bytes  field
//   0            8      magic 89 53 58 48 55 4C 4C 0A ("\x89SXHULL\n")
//   8            4      format version: 1
//   12           1      bytes per real: 8 (written by a double build) or 4 (float)
//   13           1      flags: bit 0 set for a flat polygon (two-sided hull); other bits 0
//   14           2      0 (reserved)
//   16           4      V, vertex count (3 <= V < 2^31)
//   20           4      F, face count (F >= 2)
//   24           4      C, corner count: the sum of the faces' sizes, which is the
//                       half-edge count (6 <= C < 2^31)
//   28           4      0 (reserved)
//   32           3 V s  vertices: x, y, z of each, s = bytes per real
//   32 + 3Vs     4 F    each face's corner count, in face order
//   32 + 3Vs+4F  4 C    the faces' corners (vertex indices), face after face,
//                       counter-clockwise seen from outside, each face starting
//                       at the origin of its Face::edge
//   end - 4      4      CRC-32 of every byte before it (ISO-HDLC, the CRC of
//                       zlib, PNG and Python's zlib.crc32)
//
// A file's size is therefore exactly 36 + 3 V s + 4 F + 4 C bytes.
//
// Precision: a file written in the other precision is loaded by building the
// hull anew, with Hull::from_points, from its vertices converted to `real`
// (double to float rounds to nearest; float to double is exact). Its face
// loops are then not used: the hull is the one this build makes of those
// points, which in a float build may merge faces a double build kept apart.
// LoadResult::converted says so.
//
// What loading checks, so that a damaged, truncated, foreign or newer file
// gets a status and a one-line message, never a crash, and never an
// allocation larger than a small multiple of the file's size (every count is
// checked against the size before anything is allocated): the magic number,
// the version, the size the counts imply, the checksum, the header's fields,
// the indices, that the loops close into a manifold (each edge has one face
// on either side) of Euler characteristic 2 with every vertex on a face,
// that coordinates are finite and within the range Hull::from_points
// accepts, that every face is planar and convex and every edge convex (the
// corners of the two faces at an edge within validate()'s tolerance of the
// other face's plane; the sum of the faces' squared sizes, capped at 2^24
// point-plane tests, beyond which a face of thousands of corners is checked
// near each edge only), that a solid has width (along some face's normal,
// more than a 16th of that tolerance), and that the derived planes, arcs
// and centroid are finite. A file crafted with a valid checksum
// could still hold a hull that is only locally convex; validate() (O(V F))
// checks it fully.
//
// Thread safety: every function here is reentrant.
#pragma once

#include "sepax/hull.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace sepax::hull_file {

/// The format version this sepax writes; it reads this one and older ones.
inline constexpr std::uint32_t format_version = 1;

/// The file name extension of cooked hulls, as the tool recognizes them
/// (case-insensitive).
inline constexpr const char* extension = ".sxhull";

/// What became of a load or a save (or `ok`).
enum class Status {
  ok,
  empty_hull,  ///< save, to_bytes: the hull is empty (default-constructed)
  io_error,    ///< the file cannot be opened, read or written, or is not a regular file
  not_sxhull,  ///< the magic number is missing: another kind of file
  /// A format version this sepax does not read: newer than format_version
  /// (written by a later sepax), or 0.
  unsupported_version,
  truncated,     ///< shorter than its header says (or than the header itself)
  bad_header,    ///< a header field out of its range, or bytes past the end
  bad_checksum,  ///< the CRC-32 does not match the content: the file is damaged
  /// The faces do not make a closed convex polytope's topology: an index out
  /// of range, a face of fewer than 3 corners, loops that do not close into
  /// a manifold, Euler characteristic other than 2, a vertex on no face.
  bad_topology,
  /// The coordinates do not make a valid hull: non-finite or out of range,
  /// a face not planar or not convex, an edge not convex, no volume for a
  /// solid, or (for a file of the other precision) no hull of the converted
  /// vertices.
  bad_geometry,
};

/// Short name of a status ("ok", "truncated", ...). Never null.
[[nodiscard]] SEPAX_API const char* to_string(Status status);

/// Outcome of from_bytes and load: a status, one line for people (empty when
/// ok), and the hull (empty unless ok).
struct LoadResult {
  Status status = Status::ok;
  std::string message;
  Hull hull;
  /// True when the file was written in the other precision and the hull was
  /// built anew from its converted vertices (see the file comment above).
  bool converted = false;
  [[nodiscard]] bool ok() const { return status == Status::ok; }
};

/// Outcome of save: a status and one line for people (empty when ok).
struct SaveResult {
  Status status = Status::ok;
  std::string message;
  [[nodiscard]] bool ok() const { return status == Status::ok; }
};

/// The file's bytes for `hull`, in `real`'s precision. Empty for an empty
/// hull (the only hull that has no file).
[[nodiscard]] SEPAX_API std::vector<std::uint8_t> to_bytes(const Hull& hull);

/// The hull a file's bytes hold, or a status and a message saying what is
/// wrong with them. Never throws for bad bytes; allocates at most a small
/// multiple of bytes.size().
[[nodiscard]] SEPAX_API LoadResult from_bytes(std::span<const std::uint8_t> bytes);

/// Writes to_bytes(hull) to `path` (replacing the file). Status empty_hull
/// or io_error on failure; the message names the path.
[[nodiscard]] SEPAX_API SaveResult save(const Hull& hull, const std::string& path);

/// Reads the file at `path` and returns from_bytes of its content. Status
/// io_error when it cannot be read or is not a regular file; every message
/// starts with the path.
[[nodiscard]] SEPAX_API LoadResult load(const std::string& path);

}  // namespace sepax::hull_file
