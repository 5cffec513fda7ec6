// sepax_io: mesh files to point clouds. assimp reads the file, except where
// sepax's own readers (io_readers.cpp) read the vertices instead: read_parts
// says when. Then every load ends the same way: empty parts dropped, unnamed
// ones named, non-finite coordinates refused, repeated positions dropped.
#include "sepax/io.hpp"
#include "io_readers.hpp"

#include <assimp/scene.h>
#include <assimp/Importer.hpp>

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>
#include <string_view>
#include <system_error>
#include <unordered_set>
#include <utility>

namespace sepax::io {
namespace {

namespace fs = std::filesystem;
using detail::Read;
using detail::read_error;
using mat4 = glm::mat<4, 4, real, glm::defaultp>;
using vec4 = glm::vec<4, real, glm::defaultp>;

LoadResult failure(LoadStatus status, const std::string& path, const std::string& problem) {
  return {status, path + ": " + problem, {}};
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

// Which reader reads a file. OFF and PLY: sepax's readers only. Their vertex
// block is all sepax needs (they have no object names), and assimp 5.2 is not
// safe on malformed ones: its OFF importer reads out of bounds on a face that
// names a vertex the file does not have, its PLY importer frees memory it did
// not allocate on some binary files and runs for minutes on others.
//
// OBJ: assimp, and sepax's `v` line reader when assimp misses vertices. Its
// OBJ importer builds meshes from faces only: it drops vertices no face uses,
// drops all vertices of `o` objects without faces, fails on a vertex-only
// file with fewer `vn` than `v` lines and refuses files under 16 bytes. So
// the own reader's parts are taken when assimp failed or found nothing, or
// found fewer distinct positions.
Read read_parts(Assimp::Importer& importer, const std::string& path, const std::string& ext) {
  if (ext == ".off" || ext == ".ply") {
    const std::optional<std::string> text = read_text(path);
    if (!text) return read_error("the file cannot be read");
    return ext == ".off" ? detail::read_off_vertices(*text) : detail::read_ply_vertices(*text);
  }
  Read by_assimp = read_with_assimp(importer, path);
  if (ext != ".obj") return by_assimp;
  const bool found = by_assimp.error.empty() && point_count(by_assimp.parts) > 0;
  const std::optional<std::string> text = read_text(path);
  if (!text) return by_assimp;
  Read own = detail::read_obj_vertices(*text);
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
    if (auto problem = detail::check_ply_size(path)) {
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
