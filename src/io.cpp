// sepax_io: mesh files to point clouds. assimp does the reading, except for
// OFF and PLY, which small readers here read; another covers the vertex-only
// OBJ files assimp 5.2 misses.
#include "sepax/io.hpp"

#include <assimp/scene.h>
#include <assimp/Importer.hpp>

#include <bit>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <optional>
#include <sstream>
#include <string_view>
#include <system_error>
#include <tuple>
#include <unordered_set>
#include <utility>

namespace sepax::io {
namespace {

namespace fs = std::filesystem;
using mat4 = glm::mat<4, 4, real, glm::defaultp>;
using vec4 = glm::vec<4, real, glm::defaultp>;

LoadResult failure(LoadStatus status, const std::string& path, const std::string& problem) {
  return {status, path + ": " + problem, {}};
}

// Parts read by one reader, or why it could not read the file.
struct Read {
  std::vector<PointCloud> parts;
  std::string error;  // empty on success
};

Read read_error(std::string error) {
  return {{}, std::move(error)};
}

std::size_t point_count(const std::vector<PointCloud>& parts) {
  std::size_t n = 0;
  for (const PointCloud& part : parts) n += part.points.size();
  return n;
}

// ---------------------------------------------------------------------------
// Distinct positions

// Exact equality of coordinates: -0 and +0 are one position (std::hash of a
// floating-point zero ignores its sign), NaN never matches (it is rejected
// before any caller relies on this).
template <class V>
struct PositionHash {
  std::size_t operator()(const V& p) const noexcept {
    const std::hash<typename V::value_type> h;
    std::size_t seed = h(p.x);
    seed ^= h(p.y) + 0x9e3779b9u + (seed << 6) + (seed >> 2);
    seed ^= h(p.z) + 0x9e3779b9u + (seed << 6) + (seed >> 2);
    return seed;
  }
};

// Keeps the first occurrence of each position, in order. STL repeats every
// vertex once per face, OBJ through assimp once per face corner: a hull needs
// each point once, and Qhull's cost grows with the input.
void drop_duplicates(std::vector<vec3>& points) {
  std::unordered_set<vec3, PositionHash<vec3>> seen;
  seen.reserve(points.size());
  auto out = points.begin();
  for (const vec3& p : points) {
    if (seen.insert(p).second) *out++ = p;
  }
  points.erase(out, points.end());
}

// Distinct positions at float precision: assimp stores floats, so comparing
// its count with a reader that keeps doubles must round first.
std::size_t distinct_float_positions(const std::vector<PointCloud>& parts) {
  std::unordered_set<glm::vec3, PositionHash<glm::vec3>> seen;
  for (const PointCloud& part : parts) {
    for (const vec3& p : part.points) seen.insert(glm::vec3(p));
  }
  return seen.size();
}

// ---------------------------------------------------------------------------
// Files and names

// Lower-case extension with its dot (".obj"); ASCII only, so no locale.
std::string lower_extension(const fs::path& path) {
  std::string ext = path.extension().string();
  for (char& c : ext) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return ext;
}

// What assimp reports vaguely or not at all: a missing file, a directory, no
// permission. Nothing when the file can be opened for reading.
std::optional<LoadResult> check_access(const std::string& path) {
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  if (st.type() == fs::file_type::not_found) {
    return failure(LoadStatus::not_found, path, "file not found");
  }
  if (ec) return failure(LoadStatus::unreadable, path, "cannot access (" + ec.message() + ")");
  if (st.type() == fs::file_type::directory) {
    return failure(LoadStatus::unreadable, path, "is a directory, not a file");
  }
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (file == nullptr) {
    const std::string why = std::generic_category().message(errno);
    return failure(LoadStatus::unreadable, path, "cannot open (" + why + ")");
  }
  std::fclose(file);
  return std::nullopt;
}

std::optional<std::string> read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return std::move(text).str();
}

// "nodes[3]" or "meshes[0]": the name assimp's glTF importer gives an
// unnamed node or mesh (its index in the file).
bool is_gltf_index_name(std::string_view name) {
  for (std::string_view list : {"nodes[", "meshes["}) {
    if (!name.starts_with(list) || !name.ends_with(']')) continue;
    const std::string_view digits = name.substr(list.size(), name.size() - list.size() - 1);
    if (!digits.empty() && digits.find_first_not_of("0123456789") == std::string_view::npos) {
      return true;
    }
  }
  return false;
}

// assimp names nodes and meshes itself when the file does not: "<STL_BINARY>",
// "<OFFRoot>", "defaultobject" (OBJ), "nodes[2]" (glTF), or the file name (the
// OBJ root node). Those say nothing about the object, so such parts count as
// unnamed.
bool is_placeholder(std::string_view name, std::string_view file_name) {
  return name.empty() || name == file_name || name == "defaultobject" ||
         (name.front() == '<' && name.back() == '>') || is_gltf_index_name(name);
}

void name_unnamed(std::vector<PointCloud>& parts, const std::string& stem) {
  for (std::size_t k = 0; k < parts.size(); ++k) {
    if (parts[k].name.empty()) parts[k].name = stem + "#" + std::to_string(k);
  }
}

// ---------------------------------------------------------------------------
// assimp scene to parts

mat4 to_mat4(const aiMatrix4x4& m) {
  mat4 out(real(1));
  for (unsigned r = 0; r < 4; ++r) {
    for (unsigned c = 0; c < 4; ++c) out[c][r] = static_cast<real>(m[r][c]);  // glm: column first
  }
  return out;
}

// A non-finite vertex is kept as the file gives it: through the transform,
// 0 * inf would turn its finite coordinates into NaN and the error message
// would no longer show what the file holds.
void append_mesh(const aiMesh& mesh, const mat4& transform, std::vector<vec3>& out) {
  if (!mesh.HasPositions()) return;
  out.reserve(out.size() + mesh.mNumVertices);
  for (unsigned i = 0; i < mesh.mNumVertices; ++i) {
    const aiVector3D& v = mesh.mVertices[i];
    const vec4 local(static_cast<real>(v.x), static_cast<real>(v.y), static_cast<real>(v.z), 1);
    const bool finite = std::isfinite(local.x) && std::isfinite(local.y) && std::isfinite(local.z);
    out.push_back(finite ? vec3(transform * local) : vec3(local));
  }
}

struct SceneWalk {
  const aiScene& scene;
  std::string_view file_name;
  std::vector<bool> used;  // per mesh: some node places it
  std::vector<PointCloud> parts;
};

// One part per node with meshes: a node is one object, its meshes are that
// object split by material or primitive type.
void walk_node(SceneWalk& w, const aiNode& node, const mat4& parent) {
  const mat4 world = parent * to_mat4(node.mTransformation);
  if (node.mNumMeshes > 0) {
    PointCloud part;
    if (!is_placeholder(node.mName.C_Str(), w.file_name)) part.name = node.mName.C_Str();
    for (unsigned i = 0; i < node.mNumMeshes; ++i) {
      const unsigned m = node.mMeshes[i];
      if (m >= w.scene.mNumMeshes) continue;  // a broken index: nothing to read
      const aiMesh& mesh = *w.scene.mMeshes[m];
      w.used[m] = true;
      if (part.name.empty() && !is_placeholder(mesh.mName.C_Str(), w.file_name)) {
        part.name = mesh.mName.C_Str();
      }
      append_mesh(mesh, world, part.points);
    }
    w.parts.push_back(std::move(part));
  }
  for (unsigned c = 0; c < node.mNumChildren; ++c) walk_node(w, *node.mChildren[c], world);
}

// Node transforms are applied here rather than by aiProcess_PreTransformVertices,
// which merges meshes of one material across nodes and so loses the parts.
std::vector<PointCloud> parts_from_scene(const aiScene& scene, std::string_view file_name) {
  SceneWalk w{scene, file_name, std::vector<bool>(scene.mNumMeshes, false), {}};
  if (scene.mRootNode != nullptr) walk_node(w, *scene.mRootNode, mat4(real(1)));
  // A mesh that no node places still holds points of the file.
  for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
    if (w.used[m]) continue;
    PointCloud part;
    if (!is_placeholder(scene.mMeshes[m]->mName.C_Str(), file_name)) {
      part.name = scene.mMeshes[m]->mName.C_Str();
    }
    append_mesh(*scene.mMeshes[m], mat4(real(1)), part.points);
    w.parts.push_back(std::move(part));
  }
  return std::move(w.parts);
}

// assimp's message on one line, without trailing blanks; never empty.
std::string one_line(std::string text) {
  for (char& c : text) {
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  }
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text.empty() ? std::string("assimp gave no reason") : text;
}

Read read_with_assimp(Assimp::Importer& importer, const std::string& path) {
  // No post-processing at all: aiProcess_ValidateDataStructure rejects meshes
  // without faces (point clouds) and the joining/merging steps lose vertices
  // or parts. Duplicates are dropped by drop_duplicates instead.
  const aiScene* scene = importer.ReadFile(path, 0u);
  if (scene == nullptr) return read_error(one_line(importer.GetErrorString()));
  return {parts_from_scene(*scene, fs::path(path).filename().string()), {}};
}

// ---------------------------------------------------------------------------
// Text readers for vertex-only OBJ and OFF

std::string_view next_line(std::string_view& text) {
  const std::size_t end = text.find('\n');
  std::string_view line = text.substr(0, end);
  text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

// Words of a line; '#' starts a comment in both OBJ and OFF.
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

// The `v` lines of an OBJ file, grouped by the `o` object they follow (a vertex
// before any `o` goes to an unnamed first part). Other lines are ignored.
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

// The vertex block of an OFF file (also COFF, NOFF, STOFF...: numbers after
// x y z on a vertex line are colours, normals or texture coordinates).
Read read_off_vertices(std::string_view text) {
  auto next_words = [&text] {
    std::vector<std::string_view> w;
    while (w.empty() && !text.empty()) w = words(next_line(text));
    return w;
  };
  std::vector<std::string_view> w = next_words();
  // "nOFF" and "4OFF" change the dimension: not three numbers per vertex.
  if (w.empty() || !w[0].ends_with("OFF") || w[0].find_first_of("n4") != std::string_view::npos) {
    return read_error("no OFF header");
  }
  w.erase(w.begin());  // the counts may follow the header on its line
  if (w.empty()) w = next_words();
  std::size_t count = 0;
  if (w.empty() ||
      std::from_chars(w[0].data(), w[0].data() + w[0].size(), count).ec != std::errc{}) {
    return read_error("no vertex count after the OFF header");
  }
  Read out;
  out.parts.emplace_back();
  for (std::size_t i = 0; i < count; ++i) {
    const std::optional<vec3> p = parse_xyz(next_words(), 0);
    if (!p) {
      return read_error("vertex " + std::to_string(i + 1) + " of " + std::to_string(count) +
                        " missing or malformed");
    }
    out.parts[0].points.push_back(*p);
  }
  return out;
}

// ---------------------------------------------------------------------------
// PLY header against file size

// The longest PLY header sepax looks at (bytes): a header with no end_header
// line within it is refused, one that ends within it is checked against the
// file size.
constexpr std::size_t max_ply_header = 1 << 16;

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

// Fewest bytes one element can take: binary, its fixed-size properties and the
// count of each list (an empty list); ASCII, one digit and one separator per
// value. At least one byte, so that a count alone can never pass for data.
struct PlyElement {
  std::string name;
  std::uint64_t count = 0;
  std::uint64_t min_bytes = 0;
};

// assimp 5.2's PLY magic: "ply" or "PLY" at the start of the file.
bool has_ply_magic(std::string_view text) {
  return text.starts_with("ply") || text.starts_with("PLY");
}

// Where the PLY header's end_header line starts, or npos. assimp 5.2 ends the
// header only at a line whose first word (after spaces or tabs) is exactly
// end_header; it reads on forever when there is none, so this follows its
// rule strictly ("comment end_header" and "end_headerX" do not count).
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

// The elements a PLY header declares, and the header's length; nothing when
// the header is not one sepax can parse (assimp then judges the file).
std::optional<std::pair<std::vector<PlyElement>, std::size_t>> parse_ply_header(
    std::string_view text) {
  const std::size_t end = find_end_header(text);
  if (!text.starts_with("ply") || end == std::string_view::npos) return std::nullopt;
  std::string_view header = text.substr(0, end);
  std::size_t length = text.find('\n', end);
  length = length == std::string_view::npos ? text.size() : length + 1;
  std::vector<PlyElement> elements;
  bool binary = false;
  while (!header.empty()) {
    const std::vector<std::string_view> w = words(next_line(header));
    if (w.size() >= 2 && w[0] == "format") binary = w[1] != "ascii";
    if (w.size() >= 3 && w[0] == "element") {
      PlyElement e{std::string(w[1]), 0, 0};
      const auto r = std::from_chars(w[2].data(), w[2].data() + w[2].size(), e.count);
      if (r.ec != std::errc{}) return std::nullopt;
      elements.push_back(std::move(e));
    } else if (w.size() >= 3 && w[0] == "property" && !elements.empty()) {
      const std::size_t size = ply_type_size(w[1] == "list" && w.size() >= 4 ? w[2] : w[1]);
      if (size == 0) return std::nullopt;
      elements.back().min_bytes += binary ? size : 2;
    }
  }
  for (PlyElement& e : elements) e.min_bytes = std::max<std::uint64_t>(e.min_bytes, 1);
  return std::make_pair(std::move(elements), length);
}

// A PLY header that declares more data than the file holds: assimp 5.2 then
// fills the missing binary vertices with garbage, or first allocates for the
// declared count (billions of vertices from a 300-byte file).
std::optional<std::string> check_ply_size(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string head(max_ply_header, '\0');
  in.read(head.data(), std::streamsize(head.size()));
  head.resize(std::size_t(in.gcount()));
  if (has_ply_magic(head) && find_end_header(head) == std::string::npos) {
    return "the header has no end_header line (in its first " +
           std::to_string(max_ply_header / 1024) + " KiB)";
  }
  const auto parsed = parse_ply_header(head);
  std::error_code ec;
  const std::uintmax_t size = fs::file_size(path, ec);
  if (!parsed || ec) return std::nullopt;
  const std::uint64_t body = size - std::min<std::uint64_t>(size, parsed->second);
  std::uint64_t needed = 0;
  for (const PlyElement& e : parsed->first) {
    if (e.count > (body - std::min(body, needed)) / e.min_bytes) {
      return "truncated: the header declares " + std::to_string(e.count) + " " + e.name +
             " elements, more than the " + std::to_string(body) + " bytes after it can hold";
    }
    needed += e.count * e.min_bytes;
  }
  return std::nullopt;
}

// ---------------------------------------------------------------------------
// PLY vertex reader

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

// Size and kind of a PLY scalar type name; size 0 when unknown.
std::pair<std::size_t, char> ply_scalar(std::string_view type) {
  const std::size_t size = ply_type_size(type);
  const char kind = type.starts_with("float") || type == "double" ? 'f'
                    : type.starts_with("u")                       ? 'u'
                                                                  : 'i';
  return {size, kind};
}

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

// The vertex element's x, y and z, read here rather than by assimp 5.2,
// whose PLY importer frees memory it did not allocate on some binary files
// and runs for minutes on others (found by fuzz_io). Elements before the
// vertices are skipped (a line each in ASCII, their sizes in binary), those
// after them are not read at all.
Read read_ply_vertices(std::string_view data) {
  if (!has_ply_magic(data)) return read_error("not a PLY file (no 'ply' magic number)");
  const std::size_t end = find_end_header(data);
  if (end == std::string_view::npos) return read_error("the header has no end_header line");
  std::size_t body = data.find('\n', end);
  body = body == std::string_view::npos ? data.size() : body + 1;
  std::string_view header = data.substr(0, end);
  next_line(header);  // the magic line
  int format = -1;    // 0 ASCII, 1 little-endian, 2 big-endian
  std::vector<PlyLayout> elements;
  for (std::size_t line_no = 2; !header.empty(); ++line_no) {
    const std::vector<std::string_view> w = words(next_line(header));
    const std::string where = "header line " + std::to_string(line_no);
    if (w.empty() || w[0] == "comment" || w[0] == "obj_info") continue;
    if (w[0] == "format" && w.size() >= 2) {
      format = w[1] == "ascii"                  ? 0
               : w[1] == "binary_little_endian" ? 1
               : w[1] == "binary_big_endian"    ? 2
                                                : -1;
      if (format < 0) return read_error(where + ": unknown format " + std::string(w[1]));
    } else if (w[0] == "element" && w.size() >= 3) {
      PlyLayout e;
      e.name = std::string(w[1]);
      if (std::from_chars(w[2].data(), w[2].data() + w[2].size(), e.count).ec != std::errc{})
        return read_error(where + ": bad element count");
      elements.push_back(std::move(e));
    } else if (w[0] == "property" && !elements.empty()) {
      PlyProperty p;
      const bool list = w.size() >= 5 && w[1] == "list";
      if (!list && w.size() < 3) return read_error(where + ": bad property");
      std::tie(p.size, p.kind) = ply_scalar(list ? w[3] : w[1]);
      if (list) std::tie(p.count_size, p.count_kind) = ply_scalar(w[2]);
      if (p.size == 0 || (list && (p.count_size == 0 || p.count_kind == 'f')))
        return read_error(where + ": unknown property type");
      p.list = list;
      p.name = std::string(w.back());
      elements.back().properties.push_back(std::move(p));
    } else {
      return read_error(where + ": not a PLY header line");
    }
  }
  if (format < 0) return read_error("the header has no format line");
  std::size_t vertex = elements.size();
  for (std::size_t e = 0; e < elements.size() && vertex == elements.size(); ++e)
    if (elements[e].name == "vertex") vertex = e;
  if (vertex == elements.size()) return read_error("no vertex element");
  int xyz[3] = {-1, -1, -1};
  constexpr char axis_names[] = "xyz";
  const auto& props = elements[vertex].properties;
  for (std::size_t k = 0; k < props.size(); ++k)
    for (int c = 0; c < 3; ++c)
      if (props[k].name == std::string_view(&axis_names[c], 1) && !props[k].list) xyz[c] = int(k);
  if (xyz[0] < 0 || xyz[1] < 0 || xyz[2] < 0) return read_error("the vertices have no x, y, z");

  Read out;
  out.parts.emplace_back();
  std::vector<vec3>& points = out.parts[0].points;
  std::string_view rest = data.substr(body);
  const auto truncated = [](std::uint64_t i, const PlyLayout& e) {
    return read_error("truncated: " + e.name + " " + std::to_string(i + 1) + " of " +
                      std::to_string(e.count) + " is missing or malformed");
  };
  if (format == 0) {
    for (std::size_t e = 0; e <= vertex; ++e) {
      for (std::uint64_t i = 0; i < elements[e].count; ++i) {
        std::vector<std::string_view> w;
        while (w.empty() && !rest.empty()) w = words(next_line(rest));
        if (w.empty()) return truncated(i, elements[e]);
        if (e < vertex) continue;
        double value[3] = {0, 0, 0};
        std::size_t at = 0;
        for (std::size_t k = 0; k < props.size(); ++k) {
          if (at >= w.size()) return truncated(i, elements[e]);
          if (props[k].list) {
            std::size_t n = 0;
            if (std::from_chars(w[at].data(), w[at].data() + w[at].size(), n).ec != std::errc{})
              return truncated(i, elements[e]);
            at += 1 + n;
            continue;
          }
          for (int c = 0; c < 3; ++c) {
            if (int(k) != xyz[c]) continue;
            const std::optional<real> v = parse_real(w[at]);
            if (!v) return truncated(i, elements[e]);
            value[c] = double(*v);
          }
          ++at;
        }
        points.emplace_back(real(value[0]), real(value[1]), real(value[2]));
      }
    }
    return out;
  }
  const bool swap = (format == 2) == (std::endian::native == std::endian::little);
  const auto* p = reinterpret_cast<const unsigned char*>(rest.data());
  std::size_t left = rest.size();
  unsigned char scratch[8];
  // The next scalar (1 to 8 bytes), in host order; null when the data ends.
  const auto take = [&](std::size_t size) -> const unsigned char* {
    if (left < size) return nullptr;
    const unsigned char* at = p;
    p += size, left -= size;
    if (!swap || size == 1) return at;
    for (std::size_t b = 0; b < size; ++b) scratch[b] = at[size - 1 - b];
    return scratch;
  };
  // Steps over a list's items unread (the caller checked they are there).
  const auto skip = [&](std::size_t size) { p += size, left -= size; };
  for (std::size_t e = 0; e <= vertex; ++e) {
    for (std::uint64_t i = 0; i < elements[e].count; ++i) {
      double value[3] = {0, 0, 0};
      for (std::size_t k = 0; k < elements[e].properties.size(); ++k) {
        const PlyProperty& prop = elements[e].properties[k];
        if (prop.list) {
          const unsigned char* c = take(prop.count_size);
          if (c == nullptr) return truncated(i, elements[e]);
          const double n = ply_value(c, prop.count_size, prop.count_kind);
          if (!(n >= 0 && n * double(prop.size) <= double(left))) return truncated(i, elements[e]);
          skip(std::size_t(n) * prop.size);
          continue;
        }
        const unsigned char* v = take(prop.size);
        if (v == nullptr) return truncated(i, elements[e]);
        if (e == vertex)
          for (int c = 0; c < 3; ++c)
            if (int(k) == xyz[c]) value[c] = ply_value(v, prop.size, prop.kind);
      }
      if (e == vertex) points.emplace_back(real(value[0]), real(value[1]), real(value[2]));
    }
  }
  return out;
}

// OFF and PLY files are read here only: their vertex block is all sepax
// needs (they have no object names), assimp 5.2's OFF importer reads out of
// bounds on a face that names a vertex the file does not have, and its PLY
// importer frees memory it did not allocate (both found by fuzz_io).
//
// assimp 5.2 misses vertices that sepax accepts. Its OBJ importer builds
// meshes from faces only: it drops vertices no face uses, drops all vertices
// of `o` objects without faces, fails on a vertex-only file with fewer `vn` than `v` lines
// and refuses files under 16 bytes. For OBJ the file's vertex lines are read
// here as well: when assimp failed or found nothing, or found fewer distinct
// positions.
Read read_parts(Assimp::Importer& importer, const std::string& path, const std::string& ext) {
  if (ext == ".off" || ext == ".ply") {
    const std::optional<std::string> text = read_text(path);
    if (!text) return read_error("the file cannot be read");
    return ext == ".off" ? read_off_vertices(*text) : read_ply_vertices(*text);
  }
  Read by_assimp = read_with_assimp(importer, path);
  if (ext != ".obj") return by_assimp;
  const bool found = by_assimp.error.empty() && point_count(by_assimp.parts) > 0;
  const std::optional<std::string> text = read_text(path);
  if (!text) return by_assimp;
  Read own = read_obj_vertices(*text);
  if (!own.error.empty()) {
    if (found) return by_assimp;
    // Both failed: assimp's reason first (it read the file first), then the
    // vertex reader's, which names the line ("OBJ-file is too small" alone
    // hides a malformed vertex).
    if (!by_assimp.error.empty())
      own.error = by_assimp.error + " (vertex lines: " + own.error + ")";
    return own;
  }
  if (found && distinct_float_positions(own.parts) <= distinct_float_positions(by_assimp.parts)) {
    return by_assimp;  // the usual case: assimp has every point, and the object names
  }
  return own;
}

// ---------------------------------------------------------------------------
// Checks on the points

std::string format_real(real value) {
  char buffer[64];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  return ec == std::errc{} ? std::string(buffer, end) : std::string("?");
}

std::optional<std::string> find_non_finite(const std::vector<PointCloud>& parts) {
  for (const PointCloud& part : parts) {
    for (const vec3& p : part.points) {
      if (std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z)) continue;
      return "non-finite or out-of-range coordinate (" + format_real(p.x) + ", " +
             format_real(p.y) + ", " + format_real(p.z) + ") in part '" + part.name + "'";
    }
  }
  return std::nullopt;
}

std::string count_of(std::size_t n, const char* noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

LoadResult finish(const std::string& path, std::vector<PointCloud> parts) {
  std::erase_if(parts, [](const PointCloud& part) { return part.points.empty(); });
  if (parts.empty()) return failure(LoadStatus::empty, path, "no vertices in the file");
  name_unnamed(parts, fs::path(path).stem().string());
  if (auto problem = find_non_finite(parts)) {
    return failure(LoadStatus::non_finite, path, *problem);
  }
  for (PointCloud& part : parts) drop_duplicates(part.points);
  std::string summary =
      path + ": " + count_of(parts.size(), "part") + ", " + count_of(point_count(parts), "point");
  return {LoadStatus::ok, std::move(summary), std::move(parts)};
}

LoadResult load_unguarded(const std::string& path) {
  if (auto problem = check_access(path)) return *problem;
  // Checked before the content: assimp would otherwise guess a format from
  // the bytes of any file, which makes "teapot.objx" load by accident.
  const std::string ext = lower_extension(path);
  Assimp::Importer importer;  // one per call: assimp importers are not shared across threads
  if (ext.empty())
    return failure(LoadStatus::unknown_format, path, "unknown format (no extension)");
  if (!importer.IsExtensionSupported(ext)) {
    return failure(LoadStatus::unknown_format, path, "unknown format (extension " + ext + ")");
  }
  std::error_code ec;
  if (fs::file_size(path, ec) == 0 && !ec) {
    return failure(LoadStatus::empty, path, "file is empty (0 bytes)");
  }
  if (ext == ".ply") {
    if (auto problem = check_ply_size(path)) {
      return failure(LoadStatus::unreadable, path, "cannot read: " + *problem);
    }
  }
  Read read = read_parts(importer, path, ext);
  if (!read.error.empty())
    return failure(LoadStatus::unreadable, path, "cannot read: " + read.error);
  return finish(path, std::move(read.parts));
}

}  // namespace

const char* to_string(LoadStatus status) {
  switch (status) {
    case LoadStatus::ok:
      return "ok";
    case LoadStatus::not_found:
      return "not found";
    case LoadStatus::unreadable:
      return "unreadable";
    case LoadStatus::unknown_format:
      return "unknown format";
    case LoadStatus::empty:
      return "empty";
    case LoadStatus::non_finite:
      return "non-finite";
  }
  return "unknown status";
}

LoadResult load_points(const std::string& path) {
  // assimp reports its own errors through its return value; what can still
  // escape is std::bad_alloc or a filesystem error, and load_points never throws.
  try {
    return load_unguarded(path);
  } catch (const std::exception& e) {
    return failure(LoadStatus::unreadable, path, std::string("cannot read: ") + e.what());
  } catch (...) {
    return failure(LoadStatus::unreadable, path, "cannot read: unknown error");
  }
}

std::vector<vec3> merged_points(const LoadResult& result) {
  std::vector<vec3> all;
  if (!result.ok()) return all;
  all.reserve(point_count(result.parts));
  for (const PointCloud& part : result.parts) {
    all.insert(all.end(), part.points.begin(), part.points.end());
  }
  drop_duplicates(all);
  return all;
}

}  // namespace sepax::io
