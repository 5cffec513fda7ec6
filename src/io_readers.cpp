// sepax's own vertex readers: OBJ `v` lines, the OFF vertex block, and the
// PLY vertex element (ASCII and binary) with a check of the PLY header
// against the file's size. They read what assimp 5.2 misses or must not be
// given (io.cpp, read_parts, says which and why); the rules they keep are
// pinned by the tests tagged [io] and [regression][io].
#include "io_readers.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <span>
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
std::optional<real> parse_real(std::string_view word) {
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
  return static_cast<real>(value);  // a double beyond float's range becomes inf: non_finite
}

std::optional<vec3> parse_xyz(const std::vector<std::string_view>& w, std::size_t first) {
  if (w.size() < first + 3) return std::nullopt;
  const auto x = parse_real(w[first]);
  const auto y = parse_real(w[first + 1]);
  const auto z = parse_real(w[first + 2]);
  if (!x || !y || !z) return std::nullopt;
  return vec3(*x, *y, *z);
}

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
// PLY vertex reader: the header's layout

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

// What the vertex reader takes from the header.
struct PlyHeader {
  PlyFormat format = PlyFormat::ascii;
  std::vector<PlyLayout> elements;
  std::size_t vertex = 0;                 // index of the vertex element
  std::array<int, 3> xyz = {-1, -1, -1};  // index of x, y and z among its properties
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

// The first element named "vertex", and its scalar properties x, y and z
// (the last of each name). The problem, or nothing when `h` has them.
std::optional<std::string> find_ply_xyz(PlyHeader& h) {
  const auto is_vertex = [](const PlyLayout& e) { return e.name == "vertex"; };
  const auto vertex = std::find_if(h.elements.begin(), h.elements.end(), is_vertex);
  if (vertex == h.elements.end()) return "no vertex element";
  h.vertex = std::size_t(vertex - h.elements.begin());
  constexpr std::string_view axis_names[] = {"x", "y", "z"};
  const std::vector<PlyProperty>& props = vertex->properties;
  for (std::size_t k = 0; k < props.size(); ++k)
    for (int c = 0; c < 3; ++c)
      if (props[k].name == axis_names[c] && !props[k].list) h.xyz[c] = int(k);
  if (h.xyz[0] < 0 || h.xyz[1] < 0 || h.xyz[2] < 0) return "the vertices have no x, y, z";
  return std::nullopt;
}

Read ply_truncated(std::uint64_t i, const PlyLayout& e) {
  return read_error("truncated: " + e.name + " " + std::to_string(i + 1) + " of " +
                    std::to_string(e.count) + " is missing or malformed");
}

// ---------------------------------------------------------------------------
// PLY vertex reader: ASCII body

// The x, y and z of one ASCII vertex line, whose values stand in property
// order (a list as its count, then that many values); nothing when a value
// is missing or not a number.
std::optional<vec3> ascii_ply_vertex(const std::vector<std::string_view>& w, const PlyHeader& h) {
  const std::vector<PlyProperty>& props = h.elements[h.vertex].properties;
  double value[3] = {0, 0, 0};
  std::size_t at = 0;
  for (std::size_t k = 0; k < props.size(); ++k) {
    if (at >= w.size()) return std::nullopt;
    if (props[k].list) {
      std::size_t n = 0;
      if (!parse_count(w[at], n)) return std::nullopt;
      at += 1 + n;
      continue;
    }
    for (int c = 0; c < 3; ++c) {
      if (int(k) != h.xyz[c]) continue;
      const std::optional<real> v = parse_real(w[at]);
      if (!v) return std::nullopt;
      value[c] = double(*v);
    }
    ++at;
  }
  return vec3(real(value[0]), real(value[1]), real(value[2]));
}

// One line per element (blank lines skipped): the elements before the
// vertices are skipped a line each, those after them are not read.
Read read_ply_ascii(std::string_view body, const PlyHeader& h) {
  Read out;
  out.parts.emplace_back();
  for (std::size_t e = 0; e <= h.vertex; ++e) {
    const PlyLayout& element = h.elements[e];
    for (std::uint64_t i = 0; i < element.count; ++i) {
      const std::vector<std::string_view> w = next_words(body);
      if (w.empty()) return ply_truncated(i, element);
      if (e < h.vertex) continue;
      const std::optional<vec3> p = ascii_ply_vertex(w, h);
      if (!p) return ply_truncated(i, element);
      out.parts[0].points.push_back(*p);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------
// PLY vertex reader: binary body

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

  // Steps over a list of `n` items of `size` bytes unread; false when `n` is
  // negative or the data ends first.
  bool skip_list(double n, std::size_t size) {
    if (!(n >= 0 && n * double(size) <= double(left_))) return false;
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

// One binary element, every property in turn (list items skipped): the
// values of the properties `xyz` names (-1 for none), or nothing when the
// data ends first.
std::optional<std::array<double, 3>> binary_ply_element(PlyBytes& bytes, const PlyLayout& element,
                                                        std::span<const int, 3> xyz) {
  std::array<double, 3> value = {0, 0, 0};
  for (std::size_t k = 0; k < element.properties.size(); ++k) {
    const PlyProperty& prop = element.properties[k];
    if (prop.list) {
      const unsigned char* c = bytes.take(prop.count_size);
      if (c == nullptr) return std::nullopt;
      if (!bytes.skip_list(ply_value(c, prop.count_size, prop.count_kind), prop.size))
        return std::nullopt;
      continue;
    }
    const unsigned char* v = bytes.take(prop.size);
    if (v == nullptr) return std::nullopt;
    for (int c = 0; c < 3; ++c)
      if (int(k) == xyz[c]) value[c] = ply_value(v, prop.size, prop.kind);
  }
  return value;
}

// The elements before the vertices are skipped by their sizes, those after
// them are not read.
Read read_ply_binary(std::string_view body, const PlyHeader& h) {
  const bool big_endian = h.format == PlyFormat::binary_big_endian;
  PlyBytes bytes(body, big_endian == (std::endian::native == std::endian::little));
  constexpr std::array<int, 3> none = {-1, -1, -1};
  Read out;
  out.parts.emplace_back();
  for (std::size_t e = 0; e <= h.vertex; ++e) {
    const PlyLayout& element = h.elements[e];
    const bool vertices = e == h.vertex;
    for (std::uint64_t i = 0; i < element.count; ++i) {
      const auto v = binary_ply_element(bytes, element, vertices ? h.xyz : none);
      if (!v) return ply_truncated(i, element);
      if (vertices) out.parts[0].points.emplace_back(real((*v)[0]), real((*v)[1]), real((*v)[2]));
    }
  }
  return out;
}

}  // namespace

// ---------------------------------------------------------------------------
// The readers

Read read_obj_vertices(std::string_view text) {
  Read out;
  out.parts.emplace_back();
  for (std::size_t line_no = 1; !text.empty(); ++line_no) {
    const std::vector<std::string_view> w = words(next_line(text));
    if (w.empty()) continue;
    if (w[0] == "o") {
      PointCloud part;
      if (w.size() > 1) part.name = std::string(w[1]);
      out.parts.push_back(std::move(part));
    } else if (w[0] == "v") {
      const std::optional<vec3> p = parse_xyz(w, 1);
      if (!p) return read_error("line " + std::to_string(line_no) + ": bad vertex");
      out.parts.back().points.push_back(*p);
    }
  }
  return out;
}

Read read_off_vertices(std::string_view text) {
  std::vector<std::string_view> w = next_words(text);
  // "nOFF" and "4OFF" change the dimension: not three numbers per vertex.
  if (w.empty() || !w[0].ends_with("OFF") || w[0].find_first_of("n4") != std::string_view::npos) {
    return read_error("no OFF header");
  }
  w.erase(w.begin());  // the counts may follow the header on its line
  if (w.empty()) w = next_words(text);
  std::size_t count = 0;
  if (w.empty() || !parse_count(w[0], count)) {
    return read_error("no vertex count after the OFF header");
  }
  Read out;
  out.parts.emplace_back();
  for (std::size_t i = 0; i < count; ++i) {
    const std::optional<vec3> p = parse_xyz(next_words(text), 0);
    if (!p) {
      return read_error("vertex " + std::to_string(i + 1) + " of " + std::to_string(count) +
                        " missing or malformed");
    }
    out.parts[0].points.push_back(*p);
  }
  return out;
}

// The header first (magic number, end_header line, format, elements, the
// vertices' x, y and z), then the body in its format.
Read read_ply_vertices(std::string_view data) {
  if (!has_ply_magic(data)) return read_error("not a PLY file (no 'ply' magic number)");
  const std::size_t end = find_end_header(data);
  if (end == std::string_view::npos) return read_error("the header has no end_header line");
  PlyHeader h;
  if (auto problem = parse_ply_header(data.substr(0, end), h)) return read_error(*problem);
  if (auto problem = find_ply_xyz(h)) return read_error(*problem);
  const std::string_view body = data.substr(ply_body_start(data, end));
  return h.format == PlyFormat::ascii ? read_ply_ascii(body, h) : read_ply_binary(body, h);
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
