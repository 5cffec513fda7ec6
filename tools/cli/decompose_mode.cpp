#include "decompose_mode.hpp"

#include "broadphase.hpp"
#include "sepax/gjk.hpp"
#include "sepax/sat.hpp"

#if SEPAX_HAVE_DECOMPOSE
#include "sepax/decompose.hpp"
#endif

#include <chrono>
#include <cstdio>
#include <limits>

namespace sepax::cli {

namespace {

/// The mesh split by HACD into named parts.
bool decompose_mesh(const std::string& path, const io::Part& mesh,
                    const DecomposeSettings& settings, Compound& out, std::string& error) {
#if SEPAX_HAVE_DECOMPOSE
  const bool terminal = stderr_is_terminal();
  const auto progress = [&](double fraction, const char* stage) {
    if (terminal)
      std::fprintf(stderr, "\r\033[Ksepax: decomposing %s: %3.0f%% (%s)", path.c_str(),
                   100 * fraction, stage);
  };
  const auto start = std::chrono::steady_clock::now();
  DecomposeOptions options;
  if (settings.concavity > 0) options.concavity = settings.concavity;
  if (settings.max_parts > 0) options.max_parts = settings.max_parts;
  DecomposeResult d = decompose(mesh.points, mesh.triangles, options, progress);
  if (terminal) std::fprintf(stderr, "\r\033[K");
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!d.ok()) {
    error = path + ": convex decomposition failed: " + d.message;
    return false;
  }
  out.decomposed = true;
  out.error = d.error;
  out.diagonal = d.diagonal;
  for (std::size_t k = 0; k < d.parts.size(); ++k) {
    LoadedHull part;
    part.name = path + "[" + std::to_string(k) + "]";
    part.points = std::move(d.parts[k].points);
    part.built = HullResult{HullStatus::ok, {}, std::move(d.parts[k].hull)};
    part.convexity.convex = true;
    out.parts.push_back(std::move(part));
  }
  return true;
#else
  (void)mesh;
  (void)settings;
  (void)out;
  error = path +
          ": --decompose needs sepax_decompose, which this build lacks "
          "(install libbullet-extras-dev and reconfigure)";
  return false;
#endif
}

/// The parts' world boxes.
std::vector<Aabb> boxes_of(const Compound& c, const Pose& pose) {
  std::vector<Aabb> boxes;
  for (const LoadedHull& part : c.parts) boxes.push_back(world_bounds(part.built.hull, pose));
  return boxes;
}

bool boxes_touch(const Aabb& a, const Aabb& b) {
  for (int k = 0; k < 3; ++k)
    if (a.max[k] < b.min[k] || b.max[k] < a.min[k]) return false;
  return true;
}

nlohmann::json compound_json(const Compound& c) {
  return {{"parts", c.parts.size()},
          {"decomposed", c.decomposed},
          {"method", c.decomposed ? "HACD" : "none (convex)"},
          {"error", c.error},
          {"diagonal", c.diagonal},
          {"time_s", c.seconds}};
}

}  // namespace

bool decompose_available() {
  return SEPAX_HAVE_DECOMPOSE != 0;
}

void add_decompose_options(CLI::App* cmd, DecomposeSettings& settings) {
  cmd->add_option("--concavity", settings.concavity,
                  "With --decompose: how far a part may stray from the mesh, as a fraction of "
                  "its bounding-box diagonal (HACD's concavity bound; default 0.01)")
      ->check(CLI::Range(1e-6, 1.0));
  cmd->add_option("--max-parts", settings.max_parts,
                  "With --decompose: at most this many parts (default 32)")
      ->check(CLI::Range(std::size_t(1), std::size_t(1) << 20));
}

bool load_compound(const std::string& path, const DecomposeSettings& settings, Compound& out,
                   std::string& error) {
  out.name = path;
  std::vector<LoadedHull> whole;
  if (!load_hulls(path, false, whole, error)) return false;
  if (!whole.front().built.ok()) {
    error = path + ": " + whole.front().built.message;
    return false;
  }
  out.triangles = whole.front().triangles.size();
  if (whole.front().cooked || whole.front().convexity.convex) {
    out.parts = std::move(whole);
    return true;
  }
  if (whole.front().triangles.empty()) {
    error = path + ": --decompose needs a mesh (triangles); this is a point cloud";
    return false;
  }
  const io::Part mesh{path, std::move(whole.front().points), std::move(whole.front().triangles), 0};
  return decompose_mesh(path, mesh, settings, out, error);
}

std::string describe(const Compound& c) {
  if (!c.decomposed) return "convex: one part, its hull";
  return std::to_string(c.parts.size()) + " convex parts by HACD from a mesh of " +
         std::to_string(c.triangles) + " triangles, straying up to " +
         fmt("%.3g", double(c.error)) +
         fmt(" (%.2g%% of its size) from it", 100.0 * double(c.error / c.diagonal));
}

CompoundReport check_compounds(const Compound& a, const Pose& pose_a, const Compound& b,
                               const Pose& pose_b, const PairQuery& query) {
  CompoundReport r;
  static_cast<PairHeader&>(r) = pair_header({a.name, pose_a, describe(a), compound_json(a)},
                                            {b.name, pose_b, describe(b), compound_json(b)});
  const std::vector<Aabb> boxes_a = boxes_of(a, pose_a), boxes_b = boxes_of(b, pose_b);
  r.pairs = a.parts.size() * b.parts.size();
  real deepest = std::numeric_limits<real>::max();
  for (std::size_t i = 0; i < a.parts.size(); ++i)
    for (std::size_t j = 0; j < b.parts.size(); ++j) {
      if (!boxes_touch(boxes_a[i], boxes_b[j])) continue;
      ++r.candidates;
      const sat::Result s =
          sat::query(a.parts[i].built.hull, pose_a, b.parts[j].built.hull, pose_b);
      if (!s.intersecting) continue;
      ++r.intersecting_pairs;
      if (s.separation < deepest) deepest = s.separation, r.part_a = i, r.part_b = j;
    }
  r.overlap = r.intersecting_pairs > 0;
  if (r.overlap) {
    r.separation = deepest;
  } else {  // the closest parts, by GJK over every pair
    r.separation = std::numeric_limits<real>::max();
    for (std::size_t i = 0; i < a.parts.size(); ++i)
      for (std::size_t j = 0; j < b.parts.size(); ++j) {
        const real d =
            gjk::distance(a.parts[i].built.hull, pose_a, b.parts[j].built.hull, pose_b).distance;
        if (d < r.separation) r.separation = d, r.part_a = i, r.part_b = j;
      }
  }
  r.deciding = check_pair(a.parts[r.part_a], pose_a, b.parts[r.part_b], pose_b, query);
  return r;
}

nlohmann::json CompoundReport::json() const {
  nlohmann::json j = header_json(*this);
  j.update({{"mode", "decompose"},
            {"approximate", true},
            {"verdict", to_string(verdict())},
            {"intersecting", overlap},
            {"separation", separation},
            {"part_a", deciding.name_a},
            {"part_b", deciding.name_b},
            {"part_pairs", pairs},
            {"candidates", candidates},
            {"intersecting_pairs", intersecting_pairs},
            {"pair", deciding.json()}});
  return j;
}

void CompoundReport::print() const {
  std::printf("%s (convex parts: approximate)\n", id.c_str());
  std::printf("  A:       %s\n  B:       %s\n", shape_a.c_str(), shape_b.c_str());
  if (overlap)
    std::printf("  verdict: intersecting parts, depth %.6g (%s and %s)\n", -double(separation),
                deciding.name_a.c_str(), deciding.name_b.c_str());
  else
    std::printf("  verdict: separated parts, distance %.6g (%s and %s)\n", double(separation),
                deciding.name_a.c_str(), deciding.name_b.c_str());
  std::printf(
      "           approximate: the parts stray from the meshes; --mesh gives the exact answer\n");
  std::printf(
      "  parts:   %zu part pairs, %zu candidates after the box broadphase, %zu intersecting\n",
      pairs, candidates, intersecting_pairs);
}

}  // namespace sepax::cli
