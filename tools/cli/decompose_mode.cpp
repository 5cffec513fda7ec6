// `--decompose`: a non-convex mesh split into convex parts (decompose.hpp,
// HACD), the seeds' way: each part is a hull, and two compounds are
// checked part against part after a box broadphase. Approximate by nature:
// the reports say so and point to --mesh for the exact answer.
#include "check.hpp"
#include "html_report.hpp"
#include "hull_list.hpp"
#include "mode.hpp"
#include "render.hpp"
#include "sepax/gjk.hpp"
#include "sepax/sat.hpp"

#if SEPAX_HAVE_DECOMPOSE
#include "sepax/decompose.hpp"
#endif

#include <chrono>
#include <cstdio>
#include <iostream>
#include <limits>

namespace sepax::cli {

namespace {

/// One input as convex parts in its own frame.
struct Compound : Shape {
  std::vector<LoadedHull> parts;  ///< named "file[k]"; one (the hull) when convex
  bool decomposed = false;        ///< false: the input is convex (or a cooked hull)
  std::size_t triangles = 0;      ///< the mesh's triangles
  real error = 0;                 ///< decompose's error: how far the parts stray from the mesh
  real diagonal = 0;              ///< the mesh's bounding-box diagonal
  double seconds = 0;             ///< time of the decomposition
};

const Compound& compound_of(const Shape& s) {
  return static_cast<const Compound&>(s);
}

/// The decomposition's settings the tool offers (--concavity, --max-parts).
struct DecomposeSettings {
  double concavity = 0;       ///< 0: the library's default
  std::size_t max_parts = 0;  ///< 0: the library's default
};

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

/// The whole file's hull `whole` as a compound: one part when it is convex
/// (or a cooked hull), else the mesh's parts (progress on stderr when it is
/// a terminal).
bool make_compound(LoadedHull whole, const DecomposeSettings& settings, Compound& out,
                   std::string& error) {
  const std::string path = whole.name;
  out.name = path;
  if (!whole.built.ok()) {
    error = path + ": " + whole.built.message;
    return false;
  }
  out.triangles = whole.triangles.size();
  if (whole.cooked || whole.convexity.convex) {
    out.parts.push_back(std::move(whole));
    return true;
  }
  if (whole.triangles.empty()) {
    error = path + ": --decompose needs a mesh (triangles); this is a point cloud";
    return false;
  }
  const io::Part mesh{path, std::move(whole.points), std::move(whole.triangles), 0};
  return decompose_mesh(path, mesh, settings, out, error);
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

/// One line for people: "3 convex parts by HACD from a mesh of 36
/// triangles, straying up to 0.01 (0.2% of its size) from it" or "convex:
/// one part, its hull".
std::string describe(const Compound& c) {
  if (!c.decomposed) return "convex: one part, its hull";
  return count_of(c.parts.size(), "convex part") + " by HACD from a mesh of " +
         count_of(c.triangles, "triangle") + ", straying up to " + fmt("%.3g", double(c.error)) +
         fmt(" (%.2g%% of its size) from it", 100.0 * double(c.error / c.diagonal));
}

/// What --decompose reports about one pair of compounds.
/// The header's shapes are describe() and the decomposition's JSON.
struct CompoundReport final : Report {
  std::size_t pairs = 0;       ///< part pairs
  std::size_t candidates = 0;  ///< part pairs whose world boxes overlap
  std::size_t intersecting_pairs = 0;
  bool overlap = false;  ///< some pair of parts intersects
  /// Intersecting: the deepest pair's SAT separation (minus its depth);
  /// apart: the smallest distance between parts (GJK).
  real separation = 0;
  std::size_t part_a = 0;  ///< the deciding pair's parts (deepest, or closest)
  std::size_t part_b = 0;
  PairReport deciding;  ///< check_pair on the deciding pair

  Verdict verdict() const override { return overlap ? Verdict::intersecting : Verdict::separated; }
  bool intersecting() const override { return overlap; }
  /// The smallest distance between parts when apart.
  real gap() const override { return overlap ? real(0) : separation; }
  std::array<vec3, 2> gap_points() const override { return deciding.gap_points(); }
  bool disagree() const override { return !deciding.check.agree; }

  /// "mode": "decompose", "approximate": true, "intersecting",
  /// "separation", the deciding parts, the counts, and "pair" (the deciding
  /// pair as check --json gives it).
  nlohmann::json json() const override {
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

  void print(std::FILE* out) const override {
    std::fprintf(out, "%s (convex parts: approximate)\n", id.c_str());
    std::fprintf(out, "  A:       %s\n  B:       %s\n", shape_a.c_str(), shape_b.c_str());
    if (overlap)
      std::fprintf(out, "  verdict: intersecting parts, depth %.6g (%s and %s)\n",
                   -double(separation), deciding.name_a.c_str(), deciding.name_b.c_str());
    else
      std::fprintf(out, "  verdict: separated parts, distance %.6g (%s and %s)\n",
                   double(separation), deciding.name_a.c_str(), deciding.name_b.c_str());
    std::fprintf(
        out,
        "           approximate: the parts stray from the meshes; --mesh gives the exact answer\n");
    std::fprintf(
        out,
        "  parts:   %zu part pairs, %zu candidates after the box broadphase, %zu intersecting\n",
        pairs, candidates, intersecting_pairs);
  }
};

/// Checks every pair of parts (box broadphase, SAT; GJK for the distance
/// when no pair overlaps) and cross-checks the deciding pair.
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

class DecomposeMode final : public Mode {
 public:
  DecomposeMode()
      : Mode("decompose", "compounds", "--decompose",
             {{"check",
               "Split each non-convex mesh into convex parts (HACD) and check part against "
               "part: approximate, the seeds' way; --svg draws the parts"},
              {"hull",
               "Split each non-convex mesh into convex parts (HACD) and report each part's "
               "hull; with -o OUT.obj, one object per part (read back with --parts)"}}) {}

  void add_options(CLI::App* cmd) override {
    cmd->add_option("--concavity", settings_.concavity,
                    "With --decompose: how far a part may stray from the mesh, as a fraction of "
                    "its bounding-box diagonal (HACD's concavity bound; default 0.01)")
        ->check(CLI::Range(1e-6, 1.0));
    cmd->add_option("--max-parts", settings_.max_parts,
                    "With --decompose: at most this many parts (default 32)")
        ->check(CLI::Range(std::size_t(1), std::size_t(1) << 20));
  }

  bool load_cooked(const std::string& path, Shapes& out, std::string& error) const override {
    std::vector<LoadedHull> whole;
    return cli::load_cooked(path, whole, error) && add(std::move(whole.front()), out, error);
  }

  /// The whole file, whatever `per_part`: a convex mesh is one part, a
  /// non-convex one is decomposed.
  void shapes_of(const std::string& path, const io::LoadResult& file, bool, Shapes& out,
                 std::vector<std::string>& errors) const override {
    std::string error;
    for (NamedCloud& cloud : clouds_of(path, file, false))
      if (!add(build_hull(std::move(cloud)), out, error)) errors.push_back(error);
  }

  /// The box of the parts' boxes.
  /// The parts' hulls, together one surface.
  HtmlShape html_shape(const Shape& s, const Pose& pose) const override {
    const Compound& c = compound_of(s);
    HtmlShape out;
    out.name = c.name;
    for (const LoadedHull& part : c.parts)
      hull_surface(part.built.hull, pose, out.positions, out.triangles);
    return out;
  }

  Aabb box(const Shape& s, const Pose& pose) const override {
    const std::vector<Aabb> boxes = boxes_of(compound_of(s), pose);
    Aabb out = boxes.front();
    for (const Aabb& b : boxes) out = {glm::min(out.min, b.min), glm::max(out.max, b.max)};
    return out;
  }

  std::unique_ptr<Report> check(const Shape& a, const Pose& pose_a, const Shape& b,
                                const Pose& pose_b, const PairQuery& query) const override {
    return std::make_unique<CompoundReport>(
        check_compounds(compound_of(a), pose_a, compound_of(b), pose_b, query));
  }

  /// Every part, the deciding pair's witnesses and caption.
  bool write_svg(const std::string& path, const Shape& sa, const Shape& sb, const Report& report,
                 std::string& error) const override {
    const Compound& a = compound_of(sa);
    const Compound& b = compound_of(sb);
    const auto& r = static_cast<const CompoundReport&>(report);
    return cli::write_svg(path, a.parts[r.part_a], b.parts[r.part_b], r.deciding, a.parts, b.parts,
                          error);
  }

  /// Each file's convex parts, each part's hull reported; -o writes them
  /// as one OBJ object per part, to be read back with --parts.
  int list_hulls(const HullListing& listing) const override;

 private:
  bool add(LoadedHull whole, Shapes& out, std::string& error) const {
    auto compound = std::make_shared<Compound>();
    if (!make_compound(std::move(whole), settings_, *compound, error)) return false;
    out.push_back(std::move(compound));
    return true;
  }

  DecomposeSettings settings_;
};

int DecomposeMode::list_hulls(const HullListing& listing) const {
  int status = exit_clear;
  std::vector<LoadedHull> parts;
  nlohmann::json results = nlohmann::json::array();
  for (const std::string& file : listing.files) {
    Shapes loaded;
    std::string error;
    if (!load(file, false, loaded, error)) {
      std::cerr << "sepax: " << error << "\n";
      status = exit_input_error;
      continue;
    }
    const Compound& c = compound_of(*loaded.front());
    if (!listing.json) std::printf("%s: %s\n", file.c_str(), describe(c).c_str());
    for (const LoadedHull& part : c.parts) {
      const HullReport report = validate(part.built.hull);
      if (listing.json)
        results.push_back(hull_json(part, report));
      else
        std::printf("  %s: %zu vertices, %zu faces, %s\n", part.name.c_str(),
                    part.built.hull.vertex_count(), part.built.hull.face_count(),
                    report.ok ? "valid" : "INVALID");
      parts.push_back(part);
    }
  }
  if (listing.json) std::cout << results.dump(2) << "\n";
  if (!listing.out.empty()) {
    if (is_cooked(listing.out) ? !write_cooked(listing.out, parts)
                               : !write_obj(listing.out, parts)) {
      std::cerr << "sepax: " << listing.out << ": cannot write\n";
      return exit_input_error;
    }
    if (!listing.json) std::printf("wrote %s\n", listing.out.c_str());
  }
  return status;
}

}  // namespace

std::unique_ptr<Mode> make_decompose_mode() {
  return std::make_unique<DecomposeMode>();
}

}  // namespace sepax::cli
