// sepax_io: mesh files to parts. sepax's own readers (io/readers.cpp) read
// OBJ, OFF, PLY and ASCII STL; assimp reads every other format, one thread
// at a time (read_with_assimp). Then every load ends the same way (finish):
// face indices checked, empty parts dropped, unnamed ones named, non-finite
// coordinates refused, repeated positions merged and the triangles renumbered.
#include "sepax/io.hpp"
#include "core/names.hpp"
#include "io/readers.hpp"

#include <assimp/scene.h>
#include <assimp/Importer.hpp>

#include <array>

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <mutex>
#include <optional>
#include <sstream>
#include <string_view>
#include <system_error>
#include <unordered_map>
#include <utility>

namespace sepax::io {
namespace {

namespace fs = std::filesystem;
using detail::Read;
using detail::read_error;
using mat4 = glm::mat<4, 4, real, glm::defaultp>;
using vec4 = glm::vec<4, real, glm::defaultp>;

LoadResult failure(Status status, const std::string& path, const std::string& problem) {
  return {status, path + ": " + problem, {}};
}

std::size_t point_count(const std::vector<Part>& parts) {
  std::size_t n = 0;
  for (const Part& part : parts) n += part.points.size();
  return n;
}

std::size_t triangle_count(const std::vector<Part>& parts) {
  std::size_t n = 0;
  for (const Part& part : parts) n += part.triangles.size();
  return n;
}

// ---------------------------------------------------------------------------
// Distinct positions

// Exact equality of coordinates: -0 and +0 are one position (std::hash of a
// floating-point zero ignores its sign), NaN never matches (it is rejected
// before any caller relies on this).
struct PositionHash {
  std::size_t operator()(const vec3& p) const noexcept {
    const std::hash<real> h;
    std::size_t seed = h(p.x);
    seed ^= h(p.y) + 0x9e3779b9u + (seed << 6) + (seed >> 2);
    seed ^= h(p.z) + 0x9e3779b9u + (seed << 6) + (seed >> 2);
    return seed;
  }
};

// Merges `from`'s points into `into` (each position once, in order of first
// appearance) and returns where each of `from`'s points went. STL repeats
// every vertex once per face, OBJ groups may share one: a hull needs each
// point once, and Qhull's cost grows with the input.
class PointMerger {
 public:
  explicit PointMerger(std::vector<vec3>& into) : into_(into) {
    for (const vec3& p : into_) index_.emplace(p, index_t(index_.size()));
  }

  std::vector<index_t> merge(const std::vector<vec3>& from) {
    std::vector<index_t> where(from.size());
    index_.reserve(index_.size() + from.size());
    for (std::size_t i = 0; i < from.size(); ++i) {
      const auto [it, added] = index_.emplace(from[i], index_t(into_.size()));
      if (added) into_.push_back(from[i]);
      where[i] = it->second;
    }
    return where;
  }

 private:
  std::vector<vec3>& into_;
  std::unordered_map<vec3, index_t, PositionHash> index_;
};

// Appends `triangles` renumbered through `where` to `out`; the ones with two
// equal corners afterwards are dropped and counted.
std::size_t append_renumbered(const std::vector<std::array<index_t, 3>>& triangles,
                              const std::vector<index_t>& where,
                              std::vector<std::array<index_t, 3>>& out) {
  std::size_t degenerate = 0;
  for (const std::array<index_t, 3>& t : triangles) {
    const std::array<index_t, 3> r = {where[t[0]], where[t[1]], where[t[2]]};
    if (r[0] == r[1] || r[1] == r[2] || r[2] == r[0])
      ++degenerate;
    else
      out.push_back(r);
  }
  return degenerate;
}

// The part with each position once and its triangles renumbered.
void merge_duplicates(Part& part) {
  std::vector<vec3> points;
  const std::vector<index_t> where = PointMerger(points).merge(part.points);
  std::vector<std::array<index_t, 3>> triangles;
  triangles.reserve(part.triangles.size());
  part.degenerate_triangles += append_renumbered(part.triangles, where, triangles);
  part.points = std::move(points);
  part.triangles = std::move(triangles);
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
    return failure(Status::not_found, path, "file not found");
  }
  if (ec) return failure(Status::unreadable, path, "cannot access (" + ec.message() + ")");
  if (st.type() == fs::file_type::directory) {
    return failure(Status::unreadable, path, "is a directory, not a file");
  }
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (file == nullptr) {
    const std::string why = std::generic_category().message(errno);
    return failure(Status::unreadable, path, "cannot open (" + why + ")");
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

void name_unnamed(std::vector<Part>& parts, const std::string& stem) {
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
void append_vertices(const aiMesh& mesh, const mat4& transform, std::vector<vec3>& out) {
  out.reserve(out.size() + mesh.mNumVertices);
  for (unsigned i = 0; i < mesh.mNumVertices; ++i) {
    const aiVector3D& v = mesh.mVertices[i];
    const vec4 local(static_cast<real>(v.x), static_cast<real>(v.y), static_cast<real>(v.z), 1);
    const bool finite = std::isfinite(local.x) && std::isfinite(local.y) && std::isfinite(local.z);
    out.push_back(finite ? vec3(transform * local) : vec3(local));
  }
}

// The mesh's faces (polygons of its vertices, which start at `first` in the
// part) as fans; points and lines give none. False when a face names a
// vertex the mesh does not have (nothing validated the scene: sepax asks
// assimp for no post-processing).
bool append_faces(const aiMesh& mesh, std::size_t first, std::vector<std::array<index_t, 3>>& out) {
  std::vector<index_t> polygon;
  for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
    const aiFace& face = mesh.mFaces[f];
    polygon.clear();
    for (unsigned k = 0; k < face.mNumIndices; ++k) {
      if (face.mIndices[k] >= mesh.mNumVertices) return false;
      polygon.push_back(index_t(first + face.mIndices[k]));
    }
    detail::add_fan(out, polygon);
  }
  return true;
}

struct SceneWalk {
  const aiScene& scene;
  std::string_view file_name;
  std::vector<bool> used;  // per mesh: some node places it
  std::vector<Part> parts;
  std::string error;  // the first mesh whose faces name a missing vertex
};

// A mesh's vertices (in the part's frame) and faces, appended to `part`.
void append_mesh(SceneWalk& w, const aiMesh& mesh, const mat4& transform, Part& part) {
  if (!mesh.HasPositions()) return;
  const std::size_t first = part.points.size();
  append_vertices(mesh, transform, part.points);
  if (first + mesh.mNumVertices > std::size_t(std::numeric_limits<index_t>::max())) {
    w.error = "too many vertices";
  } else if (!append_faces(mesh, first, part.triangles) && w.error.empty()) {
    w.error =
        "mesh '" + std::string(mesh.mName.C_Str()) + "': a face names a vertex it does not have";
  }
}

// The name of a part from its node or mesh, unless it is a placeholder.
void take_name(Part& part, const aiString& name, std::string_view file_name) {
  if (part.name.empty() && !is_placeholder(name.C_Str(), file_name)) part.name = name.C_Str();
}

// One part per node with meshes: a node is one object, its meshes are that
// object split by material or primitive type.
void walk_node(SceneWalk& w, const aiNode& node, const mat4& parent) {
  const mat4 world = parent * to_mat4(node.mTransformation);
  if (node.mNumMeshes > 0) {
    Part part;
    take_name(part, node.mName, w.file_name);
    for (unsigned i = 0; i < node.mNumMeshes; ++i) {
      const unsigned m = node.mMeshes[i];
      if (m >= w.scene.mNumMeshes) continue;  // a broken index: nothing to read
      const aiMesh& mesh = *w.scene.mMeshes[m];
      w.used[m] = true;
      take_name(part, mesh.mName, w.file_name);
      append_mesh(w, mesh, world, part);
    }
    w.parts.push_back(std::move(part));
  }
  for (unsigned c = 0; c < node.mNumChildren; ++c) walk_node(w, *node.mChildren[c], world);
}

// Node transforms are applied here rather than by aiProcess_PreTransformVertices,
// which merges meshes of one material across nodes and so loses the parts.
Read parts_from_scene(const aiScene& scene, std::string_view file_name) {
  SceneWalk w{scene, file_name, std::vector<bool>(scene.mNumMeshes, false), {}, {}};
  if (scene.mRootNode != nullptr) walk_node(w, *scene.mRootNode, mat4(real(1)));
  // A mesh that no node places still holds points of the file.
  for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
    if (w.used[m]) continue;
    Part part;
    take_name(part, scene.mMeshes[m]->mName, file_name);
    append_mesh(w, *scene.mMeshes[m], mat4(real(1)), part);
    w.parts.push_back(std::move(part));
  }
  if (!w.error.empty()) return read_error(w.error);
  return {std::move(w.parts), {}};
}

// assimp's message on one line, without trailing blanks; never empty.
std::string one_line(std::string text) {
  for (char& c : text) {
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  }
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text.empty() ? std::string("assimp gave no reason") : text;
}

// The one lock every use of assimp holds: assimp 5.2's importers are not
// independent across threads (ThreadSanitizer reports a race on a buffer one
// importer writes while another thread's import opens a file), so sepax
// imports one file at a time. sepax's own readers do not take it.
std::mutex& assimp_mutex() {
  static std::mutex mutex;
  return mutex;
}

bool assimp_knows(const std::string& ext) {
  const std::lock_guard<std::mutex> lock(assimp_mutex());
  const Assimp::Importer importer;
  return importer.IsExtensionSupported(ext);
}

Read read_with_assimp(const std::string& path) {
  const std::lock_guard<std::mutex> lock(assimp_mutex());
  Assimp::Importer importer;  // the scene lives as long as the importer
  // No post-processing at all: aiProcess_ValidateDataStructure rejects meshes
  // without faces (point clouds) and the joining/merging steps lose vertices
  // or parts. Duplicates are merged by finish instead.
  const aiScene* scene = importer.ReadFile(path, 0u);
  if (scene == nullptr) return read_error(one_line(importer.GetErrorString()));
  return parts_from_scene(*scene, fs::path(path).filename().string());
}

// The formats sepax reads itself: always, for full precision and because
// assimp 5.2 is not safe on malformed ones (its OFF importer reads out of
// bounds on a face naming a vertex the file does not have, its PLY importer
// frees memory it did not allocate on some binary files and runs for minutes
// on others, its OBJ importer drops vertices no face uses).
bool read_by_sepax(const std::string& ext) {
  return ext == ".obj" || ext == ".off" || ext == ".ply" || ext == ".stl";
}

// sepax's reader for the extension, or assimp: binary STL goes to assimp.
Read read_parts(const std::string& path, const std::string& ext) {
  if (!read_by_sepax(ext)) return read_with_assimp(path);
  const std::optional<std::string> text = read_text(path);
  if (!text) return read_error("the file cannot be read");
  if (ext == ".obj") return detail::read_obj(*text);
  if (ext == ".off") return detail::read_off(*text);
  if (ext == ".ply") return detail::read_ply(*text);
  return detail::is_ascii_stl(*text) ? detail::read_ascii_stl(*text) : read_with_assimp(path);
}

// ---------------------------------------------------------------------------
// Checks on the points and faces

std::string format_real(real value) {
  char buffer[64];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  return ec == std::errc{} ? std::string(buffer, end) : std::string("?");
}

std::optional<std::string> find_non_finite(const std::vector<Part>& parts) {
  for (const Part& part : parts) {
    for (const vec3& p : part.points) {
      if (std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z)) continue;
      return "non-finite or out-of-range coordinate (" + format_real(p.x) + ", " +
             format_real(p.y) + ", " + format_real(p.z) + ") in part '" + part.name + "'";
    }
  }
  return std::nullopt;
}

// A face corner beyond the part's vertices: the PLY reader cannot check its
// faces as it reads them (the face element may come before the vertices),
// and the other readers' checks are kept honest by this one.
std::optional<std::string> find_missing_vertex(const std::vector<Part>& parts) {
  for (const Part& part : parts) {
    const auto size = static_cast<index_t>(part.points.size());
    for (const std::array<index_t, 3>& t : part.triangles) {
      for (index_t v : t) {
        if (v >= 0 && v < size) continue;
        return "a face names vertex index " + std::to_string(v) + ", but " +
               (parts.size() == 1 ? std::string("the file") : "part '" + part.name + "'") +
               " has " + std::to_string(size) + " vertices (numbered from 0)";
      }
    }
  }
  return std::nullopt;
}

std::string count_of(std::size_t n, const char* noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

// "2 parts, 16 points, 24 triangles" (no triangles for point clouds).
std::string summary(const std::string& path, const std::vector<Part>& parts) {
  std::string s =
      path + ": " + count_of(parts.size(), "part") + ", " + count_of(point_count(parts), "point");
  const std::size_t triangles = triangle_count(parts);
  return triangles > 0 ? s + ", " + count_of(triangles, "triangle") : s;
}

LoadResult finish(const std::string& path, std::vector<Part> parts) {
  if (auto problem = find_missing_vertex(parts)) {
    return failure(Status::unreadable, path, "cannot read: " + *problem);
  }
  std::erase_if(parts, [](const Part& part) { return part.points.empty(); });
  if (parts.empty()) return failure(Status::empty, path, "no vertices in the file");
  name_unnamed(parts, fs::path(path).stem().string());
  if (auto problem = find_non_finite(parts)) {
    return failure(Status::non_finite, path, *problem);
  }
  for (Part& part : parts) merge_duplicates(part);
  std::string message = summary(path, parts);
  return {Status::ok, std::move(message), std::move(parts)};
}

LoadResult load_unguarded(const std::string& path) {
  if (auto problem = check_access(path)) return *problem;
  // Checked before the content: assimp would otherwise guess a format from
  // the bytes of any file, which makes "teapot.objx" load by accident.
  const std::string ext = lower_extension(path);
  if (ext.empty()) return failure(Status::unknown_format, path, "unknown format (no extension)");
  if (!read_by_sepax(ext) && !assimp_knows(ext)) {
    return failure(Status::unknown_format, path, "unknown format (extension " + ext + ")");
  }
  std::error_code ec;
  if (fs::file_size(path, ec) == 0 && !ec) {
    return failure(Status::empty, path, "file is empty (0 bytes)");
  }
  if (ext == ".ply") {
    if (auto problem = detail::check_ply_size(path)) {
      return failure(Status::unreadable, path, "cannot read: " + *problem);
    }
  }
  Read read = read_parts(path, ext);
  if (!read.error.empty()) return failure(Status::unreadable, path, "cannot read: " + read.error);
  return finish(path, std::move(read.parts));
}

}  // namespace

const char* to_string(Status status) {
  static constexpr const char* names[] = {"ok",    "not_found", "unreadable", "unknown_format",
                                          "empty", "non_finite"};
  return sepax::detail::name_of(status, names);
}

LoadResult load(const std::string& path) {
  // assimp reports its own errors through its return value; what can still
  // escape is std::bad_alloc or a filesystem error, and load never throws.
  try {
    return load_unguarded(path);
  } catch (const std::exception& e) {
    return failure(Status::unreadable, path, std::string("cannot read: ") + e.what());
  } catch (...) {
    return failure(Status::unreadable, path, "cannot read: unknown error");
  }
}

std::vector<vec3> merged_points(const LoadResult& result) {
  return merged_mesh(result).points;
}

Part merged_mesh(const LoadResult& result) {
  Part all;
  if (!result.ok()) return all;
  all.points.reserve(point_count(result.parts));
  all.triangles.reserve(triangle_count(result.parts));
  PointMerger merger(all.points);
  for (const Part& part : result.parts) {
    all.name += (all.name.empty() ? "" : "+") + part.name;
    const std::vector<index_t> where = merger.merge(part.points);
    all.degenerate_triangles +=
        part.degenerate_triangles + append_renumbered(part.triangles, where, all.triangles);
  }
  return all;
}

}  // namespace sepax::io
