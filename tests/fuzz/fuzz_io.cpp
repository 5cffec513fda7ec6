// libFuzzer target: arbitrary bytes as a mesh file through sepax_io, then the
// loaded points through Hull::from_points.
//
// io::load_points takes a path, so the bytes after the first are written to
// a per-process temporary file whose extension the first byte chooses among
// the formats sepax names (OBJ, OFF, PLY, STL, glTF, GLB); the OBJ and OFF
// ones also run sepax's own vertex readers.
//
// Invariants (io.hpp's contract):
// - load_points never throws and never crashes (assimp included);
// - ok exactly when there is at least one part, every part has points, all
//   finite, each position once per part; otherwise no parts;
// - the message names the file;
// - merged_points holds each position once; building a hull from it gives a
//   clear error or a hull that validates with every point inside.
#include "fuzz_input.hpp"
#include "sepax/hull.hpp"
#include "sepax/io.hpp"

#include <unistd.h>

#include <algorithm>
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
  for (const io::PointCloud& part : r.parts) {
    SEPAX_FUZZ_CHECK(!part.name.empty(), "unnamed part");
    SEPAX_FUZZ_CHECK(!part.points.empty(), "part '%s' without points", part.name.c_str());
    SEPAX_FUZZ_CHECK(fuzz::all_finite(part.points), "part '%s' has a non-finite point",
                     part.name.c_str());
    SEPAX_FUZZ_CHECK(distinct(part.points), "part '%s' repeats a position", part.name.c_str());
  }
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
  const io::LoadResult r = io::load_points(path);
  check_result(r, path);
  if (r.ok()) check_hull(io::merged_points(r));
  return 0;
}
