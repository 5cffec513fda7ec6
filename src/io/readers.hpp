// sepax's own mesh readers (io/readers.cpp): OBJ, OFF, PLY and ASCII STL, read
// from the file's bytes into points of full `real` precision and triangles.
// io/io.cpp decides which reader reads a file, and turns what they read into
// the parts io.hpp promises (distinct points, no degenerate triangle). Not
// installed.
#pragma once

#include "sepax/io.hpp"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sepax::io::detail {

/// Parts read by one reader, or why it could not read the file. Each part's
/// points are the file's vertices as read (repeats not yet merged), its
/// triangles index them; `degenerate_triangles` is still zero.
struct Read {
  std::vector<Part> parts;
  std::string error;  ///< empty on success
};

/// A failed read: no parts, and `error` (one line, no file name).
[[nodiscard]] inline Read read_error(std::string error) {
  return {{}, std::move(error)};
}

/// Appends the fan (0, k, k+1), k = 1..n-2, of the polygon `corners` to `out`;
/// nothing for fewer than three corners.
void add_fan(std::vector<std::array<index_t, 3>>& out, std::span<const index_t> corners);

/// An OBJ file: `v` and `f` lines, parts started by `o` and `g` (io.hpp's
/// `load` states the rules). A `v` line without three numbers, or a face
/// naming a vertex the file does not have, is an error naming the line.
[[nodiscard]] Read read_obj(std::string_view text);

/// An OFF file (also COFF, NOFF, STOFF...: numbers after x y z on a vertex
/// line are colours, normals or texture coordinates; numbers after a face's
/// indices are its colour), as one unnamed part. nOFF and 4OFF (not three
/// numbers a vertex) are refused.
[[nodiscard]] Read read_off(std::string_view text);

/// A PLY file (ASCII, binary little- or big-endian), as one unnamed part: the
/// x, y and z of the vertex element, and the `vertex_indices` (or
/// `vertex_index`) list of the face element. The header must end with an
/// `end_header` line; elements after the vertices and faces are not read.
[[nodiscard]] Read read_ply(std::string_view data);

/// True when `data` is an ASCII STL file: it starts with `solid` (after
/// blanks) and its size is not 84 + 50 n bytes, n being the little-endian
/// count at byte 80 (a binary STL's header may start with "solid" too).
[[nodiscard]] bool is_ascii_stl(std::string_view data);

/// An ASCII STL file: one part per `solid` (named by the rest of its line),
/// one polygon per `outer loop` of `vertex` lines (a triangle in any valid
/// file). A vertex outside a solid, or a loop of one or two vertices, is an
/// error naming the line.
[[nodiscard]] Read read_ascii_stl(std::string_view text);

/// Why the PLY file at `path` cannot hold what its header declares: no
/// `end_header` line in its first 64 KiB, or more elements than the bytes
/// after the header can hold. Reads the header only, so a file that claims
/// billions of vertices is refused before anything is allocated for them.
/// Nothing when the sizes fit or the header is not one this check parses.
[[nodiscard]] std::optional<std::string> check_ply_size(const std::string& path);

}  // namespace sepax::io::detail
