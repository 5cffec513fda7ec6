// sepax's own vertex readers (io_readers.cpp): the `v` lines of OBJ and the
// vertex blocks of OFF and PLY, read from the file's bytes into points of
// full `real` precision. io.cpp decides when they read a file instead of
// assimp. Not installed.
#pragma once

#include "sepax/io.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sepax::io::detail {

/// Parts read by one reader, or why it could not read the file.
struct Read {
  std::vector<PointCloud> parts;
  std::string error;  ///< empty on success
};

/// A failed read: no parts, and `error` (one line, no file name).
[[nodiscard]] inline Read read_error(std::string error) {
  return {{}, std::move(error)};
}

/// The `v` lines of an OBJ file, grouped by the `o` object they follow (a
/// vertex before any `o` goes to an unnamed first part). Other lines are
/// ignored; a `v` line without three numbers is an error naming the line.
[[nodiscard]] Read read_obj_vertices(std::string_view text);

/// The vertex block of an OFF file (also COFF, NOFF, STOFF...: numbers after
/// x y z on a vertex line are colours, normals or texture coordinates), as
/// one unnamed part. nOFF and 4OFF (not three numbers a vertex) are refused.
[[nodiscard]] Read read_off_vertices(std::string_view text);

/// The x, y and z of a PLY file's vertex element (ASCII, binary little- or
/// big-endian), as one unnamed part. The header must end with an
/// `end_header` line; elements after the vertices are not read.
[[nodiscard]] Read read_ply_vertices(std::string_view data);

/// Why the PLY file at `path` cannot hold what its header declares: no
/// `end_header` line in its first 64 KiB, or more elements than the bytes
/// after the header can hold. Reads the header only, so a file that claims
/// billions of vertices is refused before anything is allocated for them.
/// Nothing when the sizes fit or the header is not one this check parses.
[[nodiscard]] std::optional<std::string> check_ply_size(const std::string& path);

}  // namespace sepax::io::detail
