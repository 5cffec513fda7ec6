// libFuzzer target: arbitrary bytes as a mesh file through sepax_io, then the
// loaded points through Hull::from_points.
//
// io::load takes a path, so the bytes after the first are written to
// a per-process temporary file whose extension the first byte chooses among
// the formats sepax names (OBJ, OFF, PLY, STL, glTF, GLB): OBJ, OFF, PLY and
// ASCII STL run sepax's own readers, the others assimp.
//
// Invariants (io.hpp's contract):
// - load never throws and never crashes (assimp included);
// - ok exactly when there is at least one part, every part has points, all
//   finite, each position once per part, every triangle's indices in range
//   and distinct; otherwise no parts;
// - the message names the file;
// - merged_mesh's triangles keep those rules and count what the parts count;
// - merged_points holds each position once; building a hull from it gives a
//   clear error or a hull that validates with every point inside.
#include "fuzz_input.hpp"
#include "sepax/hull.hpp"
#include "sepax/io.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

using namespace sepax;

namespace {

constexpr const char* extensions[] = {".obj", ".off", ".ply", ".stl", ".gltf", ".glb"};
constexpr std::size_t extension_count = sizeof(extensions) / sizeof(extensions[0]);

/// A directory of this process's own, removed at exit.
struct TempDir {
  std::filesystem::path path;
  TempDir() {
    path = std::filesystem::temp_directory_path() /
           ("sepax_fuzz_io_" + std::to_string(long(getpid())));
    std::filesystem::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};

std::string write_input(const std::uint8_t* data, std::size_t size, const char* extension) {
  static const TempDir dir;
  const std::string path = (dir.path / (std::string("input") + extension)).string();
  std::FILE* f = std::fopen(path.c_str(), "wb");
  SEPAX_FUZZ_CHECK(f != nullptr, "cannot write %s", path.c_str());
  if (size > 0) SEPAX_FUZZ_CHECK(std::fwrite(data, 1, size, f) == size, "short write");
  std::fclose(f);
  return path;
}

bool less(const vec3& p, const vec3& q) {
  return p.x < q.x || (p.x == q.x && (p.y < q.y || (p.y == q.y && p.z < q.z)));
}

/// True when no position appears twice (exact comparison; -0 equals +0).
bool distinct(std::vector<vec3> points) {
  std::sort(points.begin(), points.end(), less);
  return std::adjacent_find(points.begin(), points.end()) == points.end();
}

/// Every index names a point, and no triangle repeats one.
void check_triangles(const io::Part& part) {
  const auto n = static_cast<index_t>(part.points.size());
  for (const std::array<index_t, 3>& t : part.triangles) {
    for (index_t v : t)
      SEPAX_FUZZ_CHECK(v >= 0 && v < n, "part '%s': index %d of %d points", part.name.c_str(),
                       int(v), int(n));
    SEPAX_FUZZ_CHECK(t[0] != t[1] && t[1] != t[2] && t[2] != t[0],
                     "part '%s': degenerate triangle (%d %d %d)", part.name.c_str(), int(t[0]),
                     int(t[1]), int(t[2]));
  }
}

void check_merged(const io::LoadResult& r) {
  const io::Part all = io::merged_mesh(r);
  check_triangles(all);
  std::size_t triangles = 0, degenerate = 0;
  for (const io::Part& part : r.parts) {
    triangles += part.triangles.size();
    degenerate += part.degenerate_triangles;
  }
  SEPAX_FUZZ_CHECK(all.triangles.size() == triangles && all.degenerate_triangles == degenerate,
                   "merged mesh: %zu triangles (%zu degenerate), parts %zu (%zu)",
                   all.triangles.size(), all.degenerate_triangles, triangles, degenerate);
}

void check_result(const io::LoadResult& r, const std::string& path) {
  SEPAX_FUZZ_CHECK(r.message.rfind(path, 0) == 0, "message does not name the file: %s",
                   r.message.c_str());
  if (!r.ok()) {
    SEPAX_FUZZ_CHECK(r.parts.empty(), "status %s with %zu parts", io::to_string(r.status),
                     r.parts.size());
    SEPAX_FUZZ_CHECK(io::merged_points(r).empty(), "merged points of a failed load");
    return;
  }
  SEPAX_FUZZ_CHECK(!r.parts.empty(), "ok without parts");
  for (const io::Part& part : r.parts) {
    SEPAX_FUZZ_CHECK(!part.name.empty(), "unnamed part");
    SEPAX_FUZZ_CHECK(!part.points.empty(), "part '%s' without points", part.name.c_str());
    SEPAX_FUZZ_CHECK(fuzz::all_finite(part.points), "part '%s' has a non-finite point",
                     part.name.c_str());
    SEPAX_FUZZ_CHECK(distinct(part.points), "part '%s' repeats a position", part.name.c_str());
    check_triangles(part);
  }
  check_merged(r);
}

void check_hull(const std::vector<vec3>& points) {
  SEPAX_FUZZ_CHECK(!points.empty() && distinct(points), "merged points empty or repeated");
  const HullResult h = Hull::from_points(points);
  if (!h.ok()) {
    // Finite points fail as non_finite only with a coordinate beyond the
    // fourth root of real's range (hull.hpp; the message says why).
    const bool too_large = points.size() >= 3 && fuzz::beyond_range(points);
    SEPAX_FUZZ_CHECK(!h.message.empty() && h.status != HullStatus::empty_input &&
                         (h.status == HullStatus::non_finite) == too_large,
                     "finite points: %s", h.message.c_str());
    return;
  }
  const HullReport report = validate(h.hull, points);
  std::string problems;
  for (const std::string& p : report.problems) problems += p + "; ";
  SEPAX_FUZZ_CHECK(report.ok, "%zu points: %s", points.size(), problems.c_str());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const char* extension = extensions[data[0] % extension_count];
  const std::string path = write_input(data + 1, size - 1, extension);
  const io::LoadResult r = io::load(path);
  check_result(r, path);
  if (r.ok()) check_hull(io::merged_points(r));
  return 0;
}
