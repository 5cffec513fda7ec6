// Shared pieces of the sepax tool: exit codes, loading files into hulls,
// JSON helpers.
#pragma once

#include "sepax/convexity.hpp"
#include "sepax/hull.hpp"
#include "sepax/hull_file.hpp"
#include "sepax/io.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

namespace sepax::cli {

/// Exit status of every subcommand (also listed in `sepax --help`).
enum Exit : int {
  exit_clear = 0,         ///< nothing intersects (or, for `hull`, every hull is valid)
  exit_intersecting = 1,  ///< something intersects
  exit_input_error = 2,   ///< usage or input error
  exit_disagree = 3,      ///< SAT and GJK disagree
};

/// What an answer says about a pair. Text: to_string().
enum class Verdict { separated, touching, intersecting };

/// "separated", "touching" or "intersecting".
[[nodiscard]] const char* to_string(Verdict v);

/// One input as a mode loaded it: a hull, a mesh, convex parts.
struct Shape {
  virtual ~Shape() = default;

  std::string name;  ///< "file" or "file:part"
};

/// One named point cloud and its hull: the hull mode's shape.
struct LoadedHull : Shape {
  std::vector<vec3> points;  ///< the cloud the hull was built from (a cooked hull's vertices)
  /// The mesh's triangles, indices into `points`; empty for a point cloud
  /// or a cooked hull.
  std::vector<std::array<index_t, 3>> triangles;
  /// How far the mesh or cloud is from its hull (when the hull was built).
  Convexity convexity;
  HullResult built;        ///< status, message, hull
  double build_ms = 0;     ///< time spent in Hull::from_points (or loading a cooked hull)
  bool cooked = false;     ///< read from a .sxhull file
  bool converted = false;  ///< cooked in the other precision, rebuilt from its vertices
};

/// True when `path` names a cooked hull file: its extension is .sxhull, in
/// any case.
[[nodiscard]] bool is_cooked(const std::string& path);

/// Reads the cooked hull at `path` (hull_file::load), timed, named `path`.
/// On failure returns false and sets `error` to one line naming the file
/// and the problem.
bool load_cooked(const std::string& path, std::vector<LoadedHull>& out, std::string& error);

/// A cloud (and its triangles, if it is a mesh) to build one hull from.
struct NamedCloud {
  std::string name;  ///< "file" or "file:part"
  std::vector<vec3> points;
  std::vector<std::array<index_t, 3>> triangles;  ///< indices into `points`
};

/// Builds the hull of one named cloud of distinct points (as the loader
/// gives them), timed, and measures how far the cloud or mesh is from it
/// (convexity()). Fewer than 3 distinct points is reported as such.
LoadedHull build_hull(NamedCloud cloud);

/// What a loaded file gives hulls of: one cloud per part when `per_part` and
/// the file has several parts, else all its points as one cloud. `file` must
/// be ok.
std::vector<NamedCloud> clouds_of(const std::string& path, const io::LoadResult& file,
                                  bool per_part);

/// Loads `path` and builds hulls: one per part when `per_part`, else one for
/// the whole file; a cooked hull (.sxhull) is read as it is, one hull. On a
/// load error returns false and sets `error` to one line naming the file and
/// the problem.
bool load_hulls(const std::string& path, bool per_part, std::vector<LoadedHull>& out,
                std::string& error);

/// Parses a pose: "x,y,z" (translation), optionally followed by "/rx,ry,rz"
/// (Euler angles in degrees, applied about x, then y, then z) or
/// "/q=w,x,y,z" (a quaternion, normalized here), then optionally "/s=k" (a
/// uniform scale). Returns false and sets `error` on bad syntax or
/// non-finite numbers.
bool parse_pose(const std::string& text, Pose& pose, std::string& error);

/// Parses a point "x,y,z" (finite numbers). Returns false and sets `error`
/// on anything else.
bool parse_point(const std::string& text, vec3& point, std::string& error);

/// The shortest text that reads back as `x` ("0.75", "1000000.5"): for
/// coordinates far from the origin, which "%.6g" would round.
[[nodiscard]] std::string exact(real x);

/// "(x, y, z)", each exact().
[[nodiscard]] std::string exact_text(const vec3& v);

/// A pose in parse_pose's syntax, exact(): "x,y,z", then "/q=w,x,y,z"
/// unless the rotation is the identity, then "/s=k" unless the scale is 1.
[[nodiscard]] std::string pose_text(const Pose& p);

/// "face 3", "edge 12" or "vertex 7".
[[nodiscard]] std::string feature_text(FeatureRef f);

/// A vector as a JSON array [x, y, z].
[[nodiscard]] nlohmann::json to_json(const vec3& v);

/// "(x, y, z)", each "%.6g".
[[nodiscard]] std::string vec_text(const vec3& v);

/// printf of one number: fmt("%.3g", x).
[[nodiscard]] std::string fmt(const char* format, double x);

/// A count and its noun, plural unless it is 1: count_of(1, "triangle") is
/// "1 triangle", count_of(3, "triangle") "3 triangles".
[[nodiscard]] std::string count_of(std::size_t n, const char* noun);

/// Who a pair report is about, shared by every mode's report: the names,
/// the poses and what each input is.
struct PairHeader {
  std::string id;  ///< case id (batch) or "A vs B"
  std::string name_a;
  std::string name_b;
  Pose pose_a;
  Pose pose_b;
  std::string shape_a;     ///< what A is, one phrase for people
  std::string shape_b;     ///< likewise for B
  nlohmann::json input_a;  ///< the same as JSON
  nlohmann::json input_b;
};

/// One input of a pair as its header gives it.
struct PairSide {
  const std::string& name;
  const Pose& pose;
  std::string shape;     ///< what it is, one phrase for people
  nlohmann::json input;  ///< the same as JSON
};

/// The header of a pair, "A vs B" as id.
[[nodiscard]] PairHeader pair_header(PairSide a, PairSide b);

/// The header as JSON: id, a, b, pose_a, pose_b, input_a, input_b.
[[nodiscard]] nlohmann::json header_json(const PairHeader& h);

/// A pose as JSON: {"translation": [x, y, z], "rotation": its 3 rows}.
[[nodiscard]] nlohmann::json pose_json(const Pose& p);

/// True when stderr is a terminal (progress lines go there only then).
[[nodiscard]] bool stderr_is_terminal();

/// Median time of `query` in microseconds: run at most 7 times, and no
/// more once 50 ms have gone.
template <class F>
double median_us(F&& query) {
  constexpr std::size_t runs = 7;
  constexpr double budget_us = 50'000;
  std::vector<double> times;  // not an array: GCC 12 cannot bound its sort (-Warray-bounds)
  times.reserve(runs);
  double total = 0;
  while (times.size() < runs && total < budget_us) {
    const auto start = std::chrono::steady_clock::now();
    query();
    times.push_back(
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
            .count());
    total += times.back();
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

/// "solid", "flat" or "needle": the shape class a person should know about.
[[nodiscard]] const char* shape_class(const Hull& hull);

}  // namespace sepax::cli
