// `sepax scene`: every object of a file (or every mesh file of a folder)
// as a hull at identity pose; a sweep-and-prune broadphase on their boxes
// finds the candidate pairs, SAT decides each, and the interfering pairs
// are cross-checked with GJK/EPA and reported.
#include "broadphase.hpp"
#include "check.hpp"
#include "commands.hpp"
#include "mesh_mode.hpp"
#include "shape.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>

namespace sepax::cli {

namespace {

/// Scenes up to this many hulls also count the broadphase's candidates by
/// brute force (O(n^2) box tests) and report both counts: a check of the
/// sweep that costs nothing at that size.
constexpr std::size_t brute_force_check_limit = 2000;

struct SceneOptions {
  std::string input;
  bool parts = false;
  bool json = false;
  PairQuery query;
  bool mesh = false;  // the meshes themselves (mesh_mode.hpp), not their hulls
};

/// The scene's hulls, and what could not be made into one.
struct SceneInput {
  std::vector<LoadedHull> hulls;
  std::vector<std::string> errors;   // one line each: file (or part) and problem
  std::vector<std::string> skipped;  // folder files of no mesh format
  std::size_t files = 0;
  std::vector<LoadedMesh> meshes;  // --mesh: the shapes instead of hulls
  bool mesh = false;
};

void add_hull(SceneInput& in, NamedCloud cloud) {
  LoadedHull h = build_hull(std::move(cloud));
  if (!h.built.ok())
    in.errors.push_back(h.name + ": " + h.built.message);
  else
    in.hulls.push_back(std::move(h));
}

/// One file: a hull per part (all of a file's parts when `parts`), else one
/// hull; a cooked hull (.sxhull) is one hull. `in_folder`: files of unknown
/// format are skipped, not errors.
void add_file(SceneInput& in, const std::string& path, bool parts, bool in_folder) {
  if (in.mesh && is_cooked(path)) {  // a convex solid
    ++in.files;
    std::string error;
    if (!load_meshes(path, false, in.meshes, error)) in.errors.push_back(error);
    return;
  }
  if (is_cooked(path)) {  // one hull, as it was saved
    ++in.files;
    std::string error;
    std::vector<LoadedHull> loaded;
    if (load_cooked(path, loaded, error))
      in.hulls.push_back(std::move(loaded.front()));
    else
      in.errors.push_back(error);
    return;
  }
  const io::LoadResult file = io::load(path);
  if (in_folder && file.status == io::LoadStatus::unknown_format) {
    in.skipped.push_back(path);
    return;
  }
  ++in.files;
  if (!file.ok()) {
    in.errors.push_back(file.message);
    return;
  }
  if (in.mesh) {
    std::string error;
    if (!meshes_of(path, file, parts, in.meshes, error)) in.errors.push_back(error);
    return;
  }
  for (NamedCloud& cloud : clouds_of(path, file, parts)) add_hull(in, std::move(cloud));
}

/// A file: each part is a hull. A folder: each mesh file is one hull (each
/// part with --parts), in name order; subfolders are not entered.
SceneInput load_scene(const SceneOptions& o) {
  SceneInput in;
  in.mesh = o.mesh;
  std::error_code ec;
  if (!std::filesystem::is_directory(o.input, ec)) {
    add_file(in, o.input, true, false);
    return in;
  }
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(o.input, ec))
    if (entry.is_regular_file(ec)) files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  for (const std::string& f : files) add_file(in, f, o.parts, true);
  if (in.files == 0) in.errors.push_back(o.input + ": no mesh file in this folder");
  return in;
}

struct SceneResult {
  Broadphase broadphase;
  bool checked = false;  // brute_force_candidates counted
  std::size_t brute_force_candidates = 0;
  std::vector<std::unique_ptr<Report>> interfering;  // the pairs that intersect or touch
  Tally tally;                                       // of the interfering pairs
};

SceneResult collide(const std::vector<LoadedHull>& hulls, const PairQuery& query) {
  SceneResult r;
  const Pose identity;
  std::vector<Aabb> boxes;
  for (const LoadedHull& h : hulls) boxes.push_back(world_bounds(h.built.hull, identity));
  r.broadphase = sweep_and_prune(boxes);
  if (hulls.size() <= brute_force_check_limit) {
    r.checked = true;
    r.brute_force_candidates = all_overlapping_pairs(boxes).size();
  }
  for (const auto& [i, j] : r.broadphase.pairs) {
    const LoadedHull& a = hulls[static_cast<std::size_t>(i)];
    const LoadedHull& b = hulls[static_cast<std::size_t>(j)];
    if (!sat::query(a.built.hull, identity, b.built.hull, identity).intersecting) continue;
    r.interfering.push_back(
        std::make_unique<PairReport>(check_pair(a, identity, b, identity, query)));
    r.tally.add(*r.interfering.back());
  }
  return r;
}

/// --mesh: the same broadphase on the meshes' boxes, then the exact query.
SceneResult collide(const std::vector<LoadedMesh>& meshes) {
  SceneResult r;
  const Pose identity;
  std::vector<Aabb> boxes;
  for (const LoadedMesh& m : meshes) {
    const Bounds b = world_bounds(m, identity);
    boxes.push_back({b.min, b.max});
  }
  r.broadphase = sweep_and_prune(boxes);
  if (meshes.size() <= brute_force_check_limit) {
    r.checked = true;
    r.brute_force_candidates = all_overlapping_pairs(boxes).size();
  }
  for (const auto& [i, j] : r.broadphase.pairs) {
    std::unique_ptr<Report> report =
        check_meshes(meshes[std::size_t(i)], identity, meshes[std::size_t(j)], identity);
    if (!report->intersecting()) continue;
    r.tally.add(*report);
    r.interfering.push_back(std::move(report));
  }
  return r;
}

/// Shapes in the scene: hulls, or meshes with --mesh.
std::size_t shape_count(const SceneInput& in) {
  return in.mesh ? in.meshes.size() : in.hulls.size();
}

const char* axis_name(int axis) {
  return axis == 0 ? "x" : (axis == 1 ? "y" : "z");
}

void print_text(const SceneOptions& o, const SceneInput& in, const SceneResult& r, double s) {
  for (const std::string& e : in.errors) std::cerr << "sepax: " << e << "\n";
  std::printf("scene %s: %zu %s from %zu file(s)", o.input.c_str(), shape_count(in),
              in.mesh ? "meshes" : "hulls", in.files);
  if (!in.skipped.empty()) std::printf(" (%zu other file(s) skipped)", in.skipped.size());
  std::printf("; sweep and prune along %s: %zu candidate pair(s)\n", axis_name(r.broadphase.axis),
              r.broadphase.pairs.size());
  for (const auto& p : r.interfering)
    std::printf("  %s  %s%s\n", p->name_a.c_str(), p->name_b.c_str(), p->scene_line().c_str());
  const std::size_t n = r.interfering.size();
  const int touching = r.tally.count(Verdict::touching);
  std::printf(
      "summary: %zu %s, %zu candidate pairs, %zu interfering (%zu intersecting, %d touching), "
      "%d disagree, %zu errors; %.3f s\n",
      shape_count(in), in.mesh ? "meshes" : "hulls", r.broadphase.pairs.size(), n,
      n - std::size_t(touching), touching, r.tally.disagree, in.errors.size(), s);
}

nlohmann::json scene_json(const SceneOptions& o, const SceneInput& in, const SceneResult& r,
                          double s) {
  nlohmann::json hulls = nlohmann::json::array(), pairs = nlohmann::json::array();
  for (const LoadedHull& h : in.hulls)
    hulls.push_back({{"name", h.name},
                     {"vertices", h.built.hull.vertex_count()},
                     {"faces", h.built.hull.face_count()},
                     {"shape", shape_class(h.built.hull)},
                     {"input", shape_json(h)}});
  for (const LoadedMesh& m : in.meshes)
    hulls.push_back({{"name", m.name},
                     {"triangles", m.is_hull() ? std::size_t(0) : m.mesh.triangle_count()},
                     {"closed", m.is_hull() || m.mesh.is_closed()}});
  for (const auto& p : r.interfering) pairs.push_back(p->scene_json());
  nlohmann::json bp = {{"method", "sweep and prune"},
                       {"axis", axis_name(r.broadphase.axis)},
                       {"candidates", r.broadphase.pairs.size()}};
  if (r.checked) bp["brute_force_candidates"] = r.brute_force_candidates;
  const std::size_t n = r.interfering.size();
  const int touching = r.tally.count(Verdict::touching);
  return {{"input", o.input},
          {"mode", in.mesh ? "mesh" : "hull"},
          {in.mesh ? "meshes" : "hulls", hulls},
          {"skipped", in.skipped},
          {"errors", in.errors},
          {"broadphase", bp},
          {"pairs", pairs},
          {"summary",
           {{in.mesh ? "meshes" : "hulls", shape_count(in)},
            {"candidates", r.broadphase.pairs.size()},
            {"interfering", n},
            {"intersecting", n - std::size_t(touching)},
            {"touching", touching},
            {"disagree", r.tally.disagree},
            {"errors", in.errors.size()},
            {"time_s", s}}}};
}

int run_scene(const SceneOptions& o) {
  const auto start = std::chrono::steady_clock::now();
  const SceneInput in = load_scene(o);
  const SceneResult r = o.mesh ? collide(in.meshes) : collide(in.hulls, o.query);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (o.json) {
    for (const std::string& e : in.errors) std::cerr << "sepax: " << e << "\n";
    std::cout << scene_json(o, in, r, s).dump(2) << "\n";
  } else {
    print_text(o, in, r, s);
  }
  if (!in.errors.empty()) return exit_input_error;
  return exit_status(r.tally.disagree > 0, !r.interfering.empty());
}

}  // namespace

void add_scene_command(CLI::App& app, int& exit_code) {
  const auto [cmd, o] = add_command(
      app, "scene",
      "Find every interfering pair among the objects of a file or the files of a folder", run_scene,
      exit_code);
  cmd->add_option("INPUT", o->input,
                  "A mesh file (each object/part is a hull) or a folder (each mesh file is a "
                  "hull; files of other formats are skipped)")
      ->required();
  cmd->add_flag("--parts", o->parts, "In a folder: one hull per object/part of each file");
  cmd->add_flag("--json", o->json, "Print one JSON object (see docs/cli.md)");
  add_contact_options(cmd, o->query);
  cmd->add_flag("--mesh", o->mesh,
                "Answer about the meshes themselves, not their convex hulls (as check --mesh)");
}

}  // namespace sepax::cli
