// sepax's own mesh readers: OBJ, OFF, PLY (ASCII and binary) and ASCII STL,
// with a check of the PLY header against the file's size. Numbers are parsed
// with std::from_chars (exact, no locale). The rules they keep are stated in
// io.hpp (`load`) and pinned by the tests tagged [io] and [regression][io].
#include "io/readers.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <span>
#include <string>
#include <system_error>
#include <tuple>

namespace sepax::io::detail {
namespace {

// ---------------------------------------------------------------------------
// Lines, words and numbers of text formats

std::string_view next_line(std::string_view& text) {
  const std::size_t end = text.find('\n');
  std::string_view line = text.substr(0, end);
  text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

// Words of a line; '#' starts a comment in OBJ, OFF and PLY bodies alike.
std::vector<std::string_view> words(std::string_view line) {
  line = line.substr(0, line.find('#'));
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (true) {
    i = line.find_first_not_of(" \t", i);
    if (i == std::string_view::npos) return out;
    const std::size_t end = std::min(line.find_first_of(" \t", i), line.size());
    out.push_back(line.substr(i, end - i));
    i = end;
  }
}

// The words of the next line that has any; empty at the end of the text.
std::vector<std::string_view> next_words(std::string_view& text) {
  std::vector<std::string_view> w;
  while (w.empty() && !text.empty()) w = words(next_line(text));
  return w;
}

// std::from_chars, plus what it leaves out: a leading '+', and a value beyond
// the range of double, which becomes +-infinity (too large) or zero (too small).
std::optional<double> parse_double(std::string_view word) {
  if (word.size() > 1 && word[0] == '+' && word[1] != '-') word.remove_prefix(1);
  double value = 0;
  const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
  if (end != word.data() + word.size()) return std::nullopt;
  if (ec == std::errc::result_out_of_range) {
    const bool tiny =
        word.find("e-") != std::string_view::npos || word.find("E-") != std::string_view::npos;
    const double magnitude = tiny ? 0.0 : HUGE_VAL;
    value = word[0] == '-' ? -magnitude : magnitude;
  } else if (ec != std::errc{}) {
    return std::nullopt;
  }
  return value;
}

// Three doubles rounded once each to `real`: a double beyond float's range
// becomes inf in a float build (and is refused as non_finite).
vec3 to_vec3(double x, double y, double z) {
  return vec3(static_cast<real>(x), static_cast<real>(y), static_cast<real>(z));
}

std::optional<vec3> parse_xyz(const std::vector<std::string_view>& w, std::size_t first) {
  if (w.size() < first + 3) return std::nullopt;
  const auto x = parse_double(w[first]);
  const auto y = parse_double(w[first + 1]);
  const auto z = parse_double(w[first + 2]);
  if (!x || !y || !z) return std::nullopt;
  return to_vec3(*x, *y, *z);
}

// A whole word as a signed decimal integer (no sign '+', no fraction).
std::optional<long long> parse_integer(std::string_view word) {
  long long value = 0;
  const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
  if (ec != std::errc{} || end != word.data() + word.size() || word.empty()) return std::nullopt;
  return value;
}

// The largest vertex index a triangle can hold.
constexpr long long max_index = std::numeric_limits<index_t>::max();

// The unsigned decimal count `word` starts with (std::from_chars: what
// follows the digits is not looked at); false when it starts with none or the
// count does not fit.
template <class Count>
bool parse_count(std::string_view word, Count& count) {
  return std::from_chars(word.data(), word.data() + word.size(), count).ec == std::errc{};
}

// ---------------------------------------------------------------------------
// PLY header: magic number, end_header line, scalar types

// The longest PLY header sepax looks at (bytes): a header with no end_header
// line within it is refused, one that ends within it is checked against the
// file size.
constexpr std::size_t max_ply_header = 1 << 16;

// assimp 5.2's PLY magic: "ply" or "PLY" at the start of the file.
bool has_ply_magic(std::string_view text) {
  return text.starts_with("ply") || text.starts_with("PLY");
}

// Where the PLY header's end_header line starts, or npos. assimp 5.2 ends the
// header only at a line whose first word (after spaces or tabs) is exactly
// end_header and reads on forever when there is none; sepax keeps its rule
// strictly ("comment end_header" and "end_headerX" do not count).
std::size_t find_end_header(std::string_view text) {
  constexpr std::string_view token = "end_header";
  for (std::size_t line = 0; line < text.size();) {
    const std::size_t first = text.find_first_not_of(" \t", line);
    if (first == std::string_view::npos) break;
    const std::size_t after = first + token.size();
    if (text.substr(first, token.size()) == token &&
        (after == text.size() ||
         std::string_view(" \t\r\n").find(text[after]) != std::string_view::npos)) {
      return first;
    }
    line = text.find('\n', first);
    if (line != std::string_view::npos) ++line;
  }
  return std::string_view::npos;
}

// Where the body starts: after the end_header line that starts at `end` (the
// end of the data when that line is the last).
std::size_t ply_body_start(std::string_view data, std::size_t end) {
  const std::size_t newline = data.find('\n', end);
  return newline == std::string_view::npos ? data.size() : newline + 1;
}

// Bytes of a PLY scalar type in binary files; 0 for an unknown type name.
std::size_t ply_type_size(std::string_view type) {
  for (std::string_view t : {"char", "uchar", "int8", "uint8"}) {
    if (type == t) return 1;
  }
  for (std::string_view t : {"short", "ushort", "int16", "uint16"}) {
    if (type == t) return 2;
  }
  for (std::string_view t : {"int", "uint", "int32", "uint32", "float", "float32"}) {
    if (type == t) return 4;
  }
  return type == "double" || type == "float64" ? 8 : 0;
}

// ---------------------------------------------------------------------------
// PLY header against file size

// An element as the size check sees it: how many the header declares and
// the fewest bytes one can take. Binary: its fixed-size properties and the
// count of each list (an empty list); ASCII: one digit and one separator per
// value. At least one byte, so that a count alone can never pass for data.
struct PlyElementSize {
  std::string name;
  std::uint64_t count = 0;
  std::uint64_t min_bytes = 0;
};

// The elements a PLY header declares, and the header's length; nothing when
// the header is not one this parses (read_ply_vertices then says what is
// wrong with it).
std::optional<std::pair<std::vector<PlyElementSize>, std::size_t>> declared_ply_elements(
    std::string_view text) {
  const std::size_t end = find_end_header(text);
  if (!text.starts_with("ply") || end == std::string_view::npos) return std::nullopt;
  std::string_view header = text.substr(0, end);
  std::vector<PlyElementSize> elements;
  bool binary = false;
  while (!header.empty()) {
    const std::vector<std::string_view> w = words(next_line(header));
    if (w.size() >= 2 && w[0] == "format") binary = w[1] != "ascii";
    if (w.size() >= 3 && w[0] == "element") {
      PlyElementSize e{std::string(w[1]), 0, 0};
      if (!parse_count(w[2], e.count)) return std::nullopt;
      elements.push_back(std::move(e));
    } else if (w.size() >= 3 && w[0] == "property" && !elements.empty()) {
      const std::size_t size = ply_type_size(w[1] == "list" && w.size() >= 4 ? w[2] : w[1]);
      if (size == 0) return std::nullopt;
      elements.back().min_bytes += binary ? size : 2;
    }
  }
  for (PlyElementSize& e : elements) e.min_bytes = std::max<std::uint64_t>(e.min_bytes, 1);
  return std::make_pair(std::move(elements), ply_body_start(text, end));
}

// ---------------------------------------------------------------------------
// PLY reader: the header's layout

enum class PlyFormat { ascii, binary_little_endian, binary_big_endian };

// One property of a PLY element: a scalar of `size` bytes and `kind` ('i'
// signed, 'u' unsigned, 'f' floating), or a list whose count has its own
// size and kind.
struct PlyProperty {
  std::string name;
  std::size_t size = 0;
  char kind = 'i';
  bool list = false;
  std::size_t count_size = 0;
  char count_kind = 'u';
};

struct PlyLayout {
  std::string name;
  std::uint64_t count = 0;
  std::vector<PlyProperty> properties;
};

// Which properties of an element the reader keeps: up to three scalars
// (indices among its properties, -1 for none) and one list.
struct PlyWanted {
  std::array<int, 3> scalars = {-1, -1, -1};
  int list = -1;
};

// What the reader takes from the header.
struct PlyHeader {
  PlyFormat format = PlyFormat::ascii;
  std::vector<PlyLayout> elements;
  std::size_t vertex = 0;  // index of the vertex element
  PlyWanted xyz;           // its x, y and z
  std::size_t face = 0;    // index of the face element, when `indices.list` >= 0
  PlyWanted indices;       // its vertex_indices list
};

std::optional<PlyFormat> ply_format(std::string_view name) {
  if (name == "ascii") return PlyFormat::ascii;
  if (name == "binary_little_endian") return PlyFormat::binary_little_endian;
  if (name == "binary_big_endian") return PlyFormat::binary_big_endian;
  return std::nullopt;
}

// Size and kind of a PLY scalar type name; size 0 when unknown.
std::pair<std::size_t, char> ply_scalar(std::string_view type) {
  const std::size_t size = ply_type_size(type);
  const char kind = type.starts_with("float") || type == "double" ? 'f'
                    : type.starts_with("u")                       ? 'u'
                                                                  : 'i';
  return {size, kind};
}

// A `property` line: "property <type> <name>" or "property list <count
// type> <item type> <name>" (a list's count is an integer). The problem, or
// nothing when `p` is filled in.
std::optional<std::string> parse_ply_property(const std::vector<std::string_view>& w,
                                              PlyProperty& p) {
  const bool list = w.size() >= 5 && w[1] == "list";
  if (!list && w.size() < 3) return "bad property";
  std::tie(p.size, p.kind) = ply_scalar(list ? w[3] : w[1]);
  if (list) std::tie(p.count_size, p.count_kind) = ply_scalar(w[2]);
  if (p.size == 0 || (list && (p.count_size == 0 || p.count_kind == 'f')))
    return "unknown property type";
  p.list = list;
  p.name = std::string(w.back());
  return std::nullopt;
}

// The header up to its end_header line: a format line, and elements with
// their properties; comment and obj_info lines are skipped. The problem
// (naming the header line), or nothing when `h` has its format and elements.
std::optional<std::string> parse_ply_header(std::string_view header, PlyHeader& h) {
  next_line(header);  // the magic line
  std::optional<PlyFormat> format;
  for (std::size_t line_no = 2; !header.empty(); ++line_no) {
    const std::vector<std::string_view> w = words(next_line(header));
    const std::string where = "header line " + std::to_string(line_no);
    if (w.empty() || w[0] == "comment" || w[0] == "obj_info") continue;
    if (w[0] == "format" && w.size() >= 2) {
      format = ply_format(w[1]);
      if (!format) return where + ": unknown format " + std::string(w[1]);
    } else if (w[0] == "element" && w.size() >= 3) {
      PlyLayout e;
      e.name = std::string(w[1]);
      if (!parse_count(w[2], e.count)) return where + ": bad element count";
      h.elements.push_back(std::move(e));
    } else if (w[0] == "property" && !h.elements.empty()) {
      PlyProperty p;
      if (auto problem = parse_ply_property(w, p)) return where + ": " + *problem;
      h.elements.back().properties.push_back(std::move(p));
    } else {
      return where + ": not a PLY header line";
    }
  }
  if (!format) return "the header has no format line";
  h.format = *format;
  return std::nullopt;
}

// The first element named `name`, or nothing.
std::optional<std::size_t> find_ply_element(const PlyHeader& h, std::string_view name) {
  for (std::size_t e = 0; e < h.elements.size(); ++e)
    if (h.elements[e].name == name) return e;
  return std::nullopt;
}

// The first element named "vertex", and its scalar properties x, y and z
// (the last of each name); the first element named "face" and its list
// `vertex_indices` or `vertex_index` (PLY's two spellings), when it has one.
// The problem, or nothing when `h` has the vertices' x, y and z.
std::optional<std::string> find_ply_properties(PlyHeader& h) {
  const std::optional<std::size_t> vertex = find_ply_element(h, "vertex");
  if (!vertex) return "no vertex element";
  h.vertex = *vertex;
  if (h.elements[h.vertex].count > std::uint64_t(max_index)) return "too many vertices";
  constexpr std::string_view axis_names[] = {"x", "y", "z"};
  const std::vector<PlyProperty>& props = h.elements[h.vertex].properties;
  for (std::size_t k = 0; k < props.size(); ++k)
    for (int c = 0; c < 3; ++c)
      if (props[k].name == axis_names[c] && !props[k].list) h.xyz.scalars[c] = int(k);
  for (int c : h.xyz.scalars)
    if (c < 0) return "the vertices have no x, y, z";
  const std::optional<std::size_t> face = find_ply_element(h, "face");
  if (!face) return std::nullopt;
  h.face = *face;
  const std::vector<PlyProperty>& face_props = h.elements[h.face].properties;
  for (std::size_t k = 0; k < face_props.size() && h.indices.list < 0; ++k) {
    const std::string& name = face_props[k].name;
    if (face_props[k].list && (name == "vertex_indices" || name == "vertex_index"))
      h.indices.list = int(k);
  }
  return std::nullopt;
}

// What the header wants read of element `e`.
const PlyWanted& ply_wanted(const PlyHeader& h, std::size_t e) {
  static const PlyWanted none;
  if (e == h.vertex) return h.xyz;
  return h.indices.list >= 0 && e == h.face ? h.indices : none;
}

// The elements up to the last one read (vertices, faces), those after it are
// not read.
std::size_t ply_last_element(const PlyHeader& h) {
  return h.indices.list >= 0 ? std::max(h.vertex, h.face) : h.vertex;
}

Read ply_truncated(std::uint64_t i, const PlyLayout& e) {
  return read_error("truncated: " + e.name + " " + std::to_string(i + 1) + " of " +
                    std::to_string(e.count) + " is missing or malformed");
}

// One element as read: the wanted scalars and the wanted list's values.
struct PlyItem {
  std::array<double, 3> scalars = {0, 0, 0};
  std::vector<double> list;
};

// ---------------------------------------------------------------------------
// PLY reader: ASCII body

// One ASCII element line, whose values stand in property order (a list as
// its count, then that many values); false when a value is missing or not a
// number.
bool ascii_ply_item(const std::vector<std::string_view>& w, const PlyLayout& element,
                    const PlyWanted& want, PlyItem& item) {
  item.list.clear();
  if (w.empty()) return false;  // the text ended
  std::size_t at = 0;
  for (std::size_t k = 0; k < element.properties.size(); ++k) {
    if (at >= w.size()) return false;
    if (element.properties[k].list) {
      std::size_t n = 0;
      if (!parse_count(w[at], n) || n > w.size() - at - 1) return false;
      for (std::size_t j = 0; j < n && int(k) == want.list; ++j) {
        const std::optional<double> v = parse_double(w[at + 1 + j]);
        if (!v) return false;
        item.list.push_back(*v);
      }
      at += 1 + n;
      continue;
    }
    for (int c = 0; c < 3; ++c) {
      if (int(k) != want.scalars[c]) continue;
      const std::optional<double> v = parse_double(w[at]);
      if (!v) return false;
      item.scalars[c] = *v;
    }
    ++at;
  }
  return true;
}

// ---------------------------------------------------------------------------
// PLY reader: binary body

// A binary scalar at `p` (host order already) as a double.
double ply_value(const unsigned char* p, std::size_t size, char kind) {
  auto load = [p]<class T>(T) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return double(v);
  };
  switch (size) {
    case 1:
      return kind == 'u' ? load(std::uint8_t{}) : load(std::int8_t{});
    case 2:
      return kind == 'u' ? load(std::uint16_t{}) : load(std::int16_t{});
    case 4:
      return kind == 'f'   ? load(float{})
             : kind == 'u' ? load(std::uint32_t{})
                           : load(std::int32_t{});
    default:
      return kind == 'f' ? load(double{}) : load(std::int64_t{});
  }
}

// The bytes of a binary body, taken scalar by scalar in host byte order.
class PlyBytes {
 public:
  PlyBytes(std::string_view data, bool swap)
      : p_(reinterpret_cast<const unsigned char*>(data.data())), left_(data.size()), swap_(swap) {}

  // The next scalar (1, 2, 4 or 8 bytes: ply_type_size), in host order,
  // valid until the next call; null when the data ends first.
  const unsigned char* take(std::size_t size) {
    if (left_ < size || size > sizeof scratch_) return nullptr;
    const unsigned char* at = p_;
    p_ += size, left_ -= size;
    if (!swap_ || size == 1) return at;
    for (std::size_t b = 0; b < size; ++b) scratch_[b] = at[size - 1 - b];
    return scratch_;
  }

  // True when a list of `n` items of `size` bytes fits in what is left (so
  // that `n` may be allocated for); false too when `n` is negative.
  bool holds(double n, std::size_t size) const {
    return n >= 0 && n * double(size) <= double(left_);
  }

  // Steps over a list of `n` items of `size` bytes unread; false when it
  // does not fit.
  bool skip_list(double n, std::size_t size) {
    if (!holds(n, size)) return false;
    const std::size_t bytes = std::size_t(n) * size;
    p_ += bytes, left_ -= bytes;
    return true;
  }

 private:
  const unsigned char* p_;
  std::size_t left_;
  bool swap_;
  unsigned char scratch_[8];
};

// A list property: its count, then its items, read when `keep` (into
// `out`), else stepped over. False when the data ends first.
bool binary_ply_list(PlyBytes& bytes, const PlyProperty& prop, bool keep,
                     std::vector<double>& out) {
  const unsigned char* c = bytes.take(prop.count_size);
  if (c == nullptr) return false;
  const double n = ply_value(c, prop.count_size, prop.count_kind);
  if (!keep) return bytes.skip_list(n, prop.size);
  if (!bytes.holds(n, prop.size)) return false;
  for (std::size_t j = 0; j < std::size_t(n); ++j)
    out.push_back(ply_value(bytes.take(prop.size), prop.size, prop.kind));
  return true;
}

// One binary element, every property in turn; false when the data ends first.
bool binary_ply_item(PlyBytes& bytes, const PlyLayout& element, const PlyWanted& want,
                     PlyItem& item) {
  item.list.clear();
  for (std::size_t k = 0; k < element.properties.size(); ++k) {
    const PlyProperty& prop = element.properties[k];
    if (prop.list) {
      if (!binary_ply_list(bytes, prop, int(k) == want.list, item.list)) return false;
      continue;
    }
    const unsigned char* v = bytes.take(prop.size);
    if (v == nullptr) return false;
    for (int c = 0; c < 3; ++c)
      if (int(k) == want.scalars[c]) item.scalars[c] = ply_value(v, prop.size, prop.kind);
  }
  return true;
}

// ---------------------------------------------------------------------------
// PLY reader: elements to a part

// A face's list of vertex indices as a polygon: each a whole number from 0
// up to the largest index_t (the vertex count is checked by io/io.cpp once all
// elements are read: the faces may come first). The problem, or nothing.
std::optional<std::string> ply_polygon(const std::vector<double>& list, std::uint64_t face,
                                       std::vector<index_t>& polygon) {
  polygon.clear();
  for (double v : list) {
    if (!(v >= 0 && v <= double(max_index) && v == std::floor(v)))
      return "face " + std::to_string(face + 1) + ": bad vertex index " + std::to_string(v);
    polygon.push_back(index_t(v));
  }
  return std::nullopt;
}

// Reads every element up to the last one wanted, one item at a time: an
// ASCII line (blank lines skipped) or the element's bytes.
Read read_ply_body(std::string_view body, const PlyHeader& h) {
  const bool big_endian = h.format == PlyFormat::binary_big_endian;
  PlyBytes bytes(body, big_endian == (std::endian::native == std::endian::little));
  Read out;
  Part& part = out.parts.emplace_back();
  PlyItem item;
  std::vector<index_t> polygon;
  for (std::size_t e = 0; e <= ply_last_element(h); ++e) {
    const PlyLayout& element = h.elements[e];
    const PlyWanted& want = ply_wanted(h, e);
    for (std::uint64_t i = 0; i < element.count; ++i) {
      const bool read = h.format == PlyFormat::ascii
                            ? ascii_ply_item(next_words(body), element, want, item)
                            : binary_ply_item(bytes, element, want, item);
      if (!read) return ply_truncated(i, element);
      if (e == h.vertex) {
        part.points.push_back(to_vec3(item.scalars[0], item.scalars[1], item.scalars[2]));
      } else if (want.list >= 0) {
        if (auto problem = ply_polygon(item.list, i, polygon)) return read_error(*problem);
        add_fan(part.triangles, polygon);
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------
// OFF reader: the face block

// `faces` lines "n i_1 ... i_n [colour]" after the vertex block, indices
// counting from 0 (Geomview's OFF format). The problem, or nothing.
std::optional<std::string> read_off_faces(std::string_view& text, std::size_t faces, Part& part) {
  std::vector<index_t> polygon;
  const long long count = static_cast<long long>(part.points.size());
  for (std::size_t i = 0; i < faces; ++i) {
    const std::vector<std::string_view> w = next_words(text);
    const std::string where = "face " + std::to_string(i + 1) + " of " + std::to_string(faces);
    std::size_t n = 0;
    if (w.empty() || !parse_count(w[0], n) || n > w.size() - 1)
      return where + " missing or malformed";
    polygon.clear();
    for (std::size_t c = 1; c <= n; ++c) {
      const std::optional<long long> k = parse_integer(w[c]);
      if (!k || *k < 0 || *k >= count) {
        return where + ": vertex index " + std::string(w[c]) + ", but the file has " +
               std::to_string(count) + " vertices (numbered from 0)";
      }
      polygon.push_back(index_t(*k));
    }
    add_fan(part.triangles, polygon);
  }
  return std::nullopt;
}

// ---------------------------------------------------------------------------
// OBJ reader

// An OBJ file as read, before it is split into parts: every vertex of the
// file, and per object the vertices declared in it and its triangles, both
// as 0-based indices into `vertices` (OBJ numbers vertices across the file).
struct ObjObject {
  std::string name;
  std::vector<index_t> declared;
  std::vector<std::array<index_t, 3>> triangles;
};

struct ObjFile {
  std::vector<vec3> vertices;
  std::vector<ObjObject> objects = std::vector<ObjObject>(1);  // before any `o`: unnamed
  long long max_reference = 0;  // the largest positive index a face names (1-based)
  std::size_t max_reference_line = 0;
};

// One corner of an `f` line, "v", "v/vt", "v//vn" or "v/vt/vn": the 0-based
// index of its vertex. Positive indices count from 1 (and may name a vertex
// declared later: checked at the end), negative ones back from the last
// vertex so far (-1 is the last); 0 names no vertex (OBJ spec, "Referencing
// groups of vertices").
std::optional<std::string> obj_corner(std::string_view word, ObjFile& f, std::size_t line_no,
                                      index_t& index) {
  const std::optional<long long> k = parse_integer(word.substr(0, word.find('/')));
  const std::string where = "line " + std::to_string(line_no) + ": face ";
  const long long count = static_cast<long long>(f.vertices.size());
  if (!k || *k == 0 || *k > max_index || *k < -count) {
    return where + "names vertex " + std::string(word) + ", which the file does not have (" +
           std::to_string(count) + " vertices so far)";
  }
  if (*k > f.max_reference) f.max_reference = *k, f.max_reference_line = line_no;
  index = index_t(*k > 0 ? *k - 1 : count + *k);
  return std::nullopt;
}

// One line of an OBJ file; other statements (vt, vn, l, usemtl...) are
// skipped. The problem, or nothing.
std::optional<std::string> obj_line(const std::vector<std::string_view>& w, ObjFile& f,
                                    std::size_t line_no, std::vector<index_t>& polygon) {
  if (w[0] == "o" || w[0] == "g") {
    const std::string name = w.size() > 1 ? std::string(w[1]) : std::string();
    if (name != f.objects.back().name || name.empty()) f.objects.push_back({name, {}, {}});
  } else if (w[0] == "v") {
    const std::optional<vec3> p = parse_xyz(w, 1);
    if (!p) return "line " + std::to_string(line_no) + ": bad vertex";
    if (static_cast<long long>(f.vertices.size()) >= max_index) return "too many vertices";
    f.objects.back().declared.push_back(index_t(f.vertices.size()));
    f.vertices.push_back(*p);
  } else if (w[0] == "f") {
    polygon.resize(w.size() - 1);
    for (std::size_t c = 1; c < w.size(); ++c)
      if (auto problem = obj_corner(w[c], f, line_no, polygon[c - 1])) return problem;
    add_fan(f.objects.back().triangles, polygon);
  }
  return std::nullopt;
}

// True when some object has a face, and every vertex declared in `o` is a
// corner of some face: `o` then only declares vertices for the others.
bool only_shares_vertices(const ObjObject& o, const std::vector<bool>& used) {
  if (!o.triangles.empty() || o.declared.empty()) return false;
  return std::all_of(o.declared.begin(), o.declared.end(), [&](index_t v) { return used[v]; });
}

// One object as a part: its declared vertices in order, then the other
// vertices its faces name, in order of first use. `local` maps file indices
// to the part's (-1: not in it) and is all -1 again on return.
Part obj_part(const ObjObject& o, const std::vector<vec3>& vertices, std::vector<index_t>& local) {
  Part part;
  part.name = o.name;
  auto add = [&](index_t v) {
    if (local[v] < 0) {
      local[v] = index_t(part.points.size());
      part.points.push_back(vertices[v]);
    }
    return local[v];
  };
  for (index_t v : o.declared) add(v);
  part.triangles.reserve(o.triangles.size());
  for (const std::array<index_t, 3>& t : o.triangles)
    part.triangles.push_back({add(t[0]), add(t[1]), add(t[2])});
  for (index_t v : o.declared) local[v] = -1;
  for (const std::array<index_t, 3>& t : o.triangles)
    for (index_t v : t) local[v] = -1;
  return part;
}

// The objects as parts, each indexing its own points.
Read obj_parts(const ObjFile& f) {
  std::vector<bool> used(f.vertices.size(), false);
  for (const ObjObject& o : f.objects)
    for (const std::array<index_t, 3>& t : o.triangles)
      for (index_t v : t) used[v] = true;
  std::vector<index_t> local(f.vertices.size(), -1);
  Read out;
  for (const ObjObject& o : f.objects)
    if (!only_shares_vertices(o, used)) out.parts.push_back(obj_part(o, f.vertices, local));
  return out;
}

// ---------------------------------------------------------------------------
// ASCII STL reader

// The STL being read: parts so far and the corners of the open loop.
struct StlState {
  Read out;
  std::vector<index_t> loop;
};

// Ends the open loop: a polygon (a triangle in a valid file) of its corners.
std::optional<std::string> close_stl_loop(StlState& s, std::size_t line_no) {
  if (s.loop.empty()) return std::nullopt;
  if (s.loop.size() < 3) {
    return "line " + std::to_string(line_no) + ": a facet with " + std::to_string(s.loop.size()) +
           (s.loop.size() == 1 ? " vertex" : " vertices");
  }
  add_fan(s.out.parts.back().triangles, s.loop);
  s.loop.clear();
  return std::nullopt;
}

// One line of an ASCII STL file ("solid", "facet normal", "outer loop",
// "vertex", "endloop", "endfacet", "endsolid"). The problem, or nothing.
std::optional<std::string> stl_line(const std::vector<std::string_view>& w, StlState& s,
                                    std::size_t line_no) {
  if (w[0] == "vertex") {
    if (s.out.parts.empty()) return "line " + std::to_string(line_no) + ": vertex outside a solid";
    const std::optional<vec3> p = parse_xyz(w, 1);
    if (!p) return "line " + std::to_string(line_no) + ": bad vertex";
    std::vector<vec3>& points = s.out.parts.back().points;
    if (static_cast<long long>(points.size()) >= max_index) return "too many vertices";
    s.loop.push_back(index_t(points.size()));
    points.push_back(*p);
    return std::nullopt;
  }
  if (auto problem = close_stl_loop(s, line_no)) return problem;
  if (w[0] == "solid") {
    Part& part = s.out.parts.emplace_back();
    for (std::size_t k = 1; k < w.size(); ++k) {
      if (k > 1) part.name += ' ';
      part.name += w[k];
    }
  }
  return std::nullopt;
}

}  // namespace

// ---------------------------------------------------------------------------
// The readers

void add_fan(std::vector<std::array<index_t, 3>>& out, std::span<const index_t> corners) {
  for (std::size_t k = 1; k + 1 < corners.size(); ++k)
    out.push_back({corners[0], corners[k], corners[k + 1]});
}

Read read_obj(std::string_view text) {
  ObjFile f;
  std::vector<index_t> polygon;
  for (std::size_t line_no = 1; !text.empty(); ++line_no) {
    const std::vector<std::string_view> w = words(next_line(text));
    if (w.empty()) continue;
    if (auto problem = obj_line(w, f, line_no, polygon)) return read_error(*problem);
  }
  if (f.max_reference > static_cast<long long>(f.vertices.size())) {
    return read_error("line " + std::to_string(f.max_reference_line) + ": face names vertex " +
                      std::to_string(f.max_reference) + ", but the file has " +
                      std::to_string(f.vertices.size()) + " vertices");
  }
  return obj_parts(f);
}

// The header line ("OFF", "COFF", ..., counts possibly on the same line),
// then `V F E`, V vertex lines and F face lines "n i_1 ... i_n [colour]"
// (Geomview's OFF format; E, the edge count, is not used).
Read read_off(std::string_view text) {
  std::vector<std::string_view> w = next_words(text);
  // "nOFF" and "4OFF" change the dimension: not three numbers per vertex.
  if (w.empty() || !w[0].ends_with("OFF") || w[0].find_first_of("n4") != std::string_view::npos) {
    return read_error("no OFF header");
  }
  w.erase(w.begin());  // the counts may follow the header on its line
  if (w.empty()) w = next_words(text);
  std::size_t count = 0, faces = 0;
  if (w.empty() || !parse_count(w[0], count)) {
    return read_error("no vertex count after the OFF header");
  }
  if (w.size() > 1 && !parse_count(w[1], faces)) return read_error("bad face count");
  if (count > std::size_t(max_index)) return read_error("too many vertices");
  Read out;
  Part& part = out.parts.emplace_back();
  for (std::size_t i = 0; i < count; ++i) {
    const std::optional<vec3> p = parse_xyz(next_words(text), 0);
    if (!p) {
      return read_error("vertex " + std::to_string(i + 1) + " of " + std::to_string(count) +
                        " missing or malformed");
    }
    part.points.push_back(*p);
  }
  if (auto problem = read_off_faces(text, faces, part)) return read_error(*problem);
  return out;
}

// The header first (magic number, end_header line, format, elements, the
// vertices' x, y and z, the faces' index list), then the body in its format.
Read read_ply(std::string_view data) {
  if (!has_ply_magic(data)) return read_error("not a PLY file (no 'ply' magic number)");
  const std::size_t end = find_end_header(data);
  if (end == std::string_view::npos) return read_error("the header has no end_header line");
  PlyHeader h;
  if (auto problem = parse_ply_header(data.substr(0, end), h)) return read_error(*problem);
  if (auto problem = find_ply_properties(h)) return read_error(*problem);
  return read_ply_body(data.substr(ply_body_start(data, end)), h);
}

bool is_ascii_stl(std::string_view data) {
  constexpr std::size_t header = 80, count_bytes = 4, facet_bytes = 50;
  if (data.size() >= header + count_bytes) {
    std::uint32_t n = 0;
    for (std::size_t b = 0; b < count_bytes; ++b)
      n |= std::uint32_t(static_cast<unsigned char>(data[header + b])) << (8 * b);
    if (header + count_bytes + facet_bytes * std::uint64_t(n) == data.size()) return false;
  }
  const std::size_t first = data.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && data.substr(first).starts_with("solid");
}

Read read_ascii_stl(std::string_view text) {
  StlState s;
  std::size_t line_no = 1;
  for (; !text.empty(); ++line_no) {
    const std::vector<std::string_view> w = words(next_line(text));
    if (w.empty()) continue;
    if (auto problem = stl_line(w, s, line_no)) return read_error(*problem);
  }
  if (auto problem = close_stl_loop(s, line_no)) return read_error(*problem);
  return std::move(s.out);
}

std::optional<std::string> check_ply_size(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string head(max_ply_header, '\0');
  in.read(head.data(), std::streamsize(head.size()));
  head.resize(std::size_t(in.gcount()));
  if (has_ply_magic(head) && find_end_header(head) == std::string::npos) {
    return "the header has no end_header line (in its first " +
           std::to_string(max_ply_header / 1024) + " KiB)";
  }
  const auto parsed = declared_ply_elements(head);
  std::error_code ec;
  const std::uintmax_t size = std::filesystem::file_size(path, ec);
  if (!parsed || ec) return std::nullopt;
  const std::uint64_t body = size - std::min<std::uint64_t>(size, parsed->second);
  std::uint64_t needed = 0;
  for (const PlyElementSize& e : parsed->first) {
    if (e.count > (body - std::min(body, needed)) / e.min_bytes) {
      return "truncated: the header declares " + std::to_string(e.count) + " " + e.name +
             " elements, more than the " + std::to_string(body) + " bytes after it can hold";
    }
    needed += e.count * e.min_bytes;
  }
  return std::nullopt;
}

}  // namespace sepax::io::detail
