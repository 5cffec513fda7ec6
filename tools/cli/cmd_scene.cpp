// `sepax scene`: every object of a file (or every mesh file of a folder)
// as a shape of the chosen mode at identity pose; a sweep-and-prune
// broadphase on their boxes finds the candidate pairs, the mode decides
// each, and the interfering pairs are checked and reported.
#include "broadphase.hpp"
#include "clearance.hpp"
#include "commands.hpp"
#include "html_report.hpp"
#include "mode.hpp"
#include "volume.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>

namespace sepax::cli {

namespace {

/// Scenes up to this many shapes also count the broadphase's candidates by
/// brute force (O(n^2) box tests) and report both counts: a check of the
/// sweep that costs nothing at that size.
constexpr std::size_t brute_force_check_limit = 2000;

struct SceneOptions {
  std::string input;
  bool parts = false;
  bool json = false;
  PairQuery query;
  ClearanceOption clearance;
  bool volume = false;
  std::string html;
  ModeChoice modes;
};

/// The scene's shapes, and what could not be made into one.
struct SceneInput {
  Shapes shapes;
  std::vector<std::string> errors;   // one line each: file (or part) and problem
  std::vector<std::string> skipped;  // folder files of no mesh format
  std::size_t files = 0;
};

/// One file: a shape per part (all of a file's parts when `parts`), else
/// one; a cooked hull (.sxhull) is one shape. `in_folder`: files of unknown
/// format are skipped, not errors.
void add_file(const Mode& mode, SceneInput& in, const std::string& path, bool parts,
              bool in_folder) {
  if (is_cooked(path)) {  // one hull, as it was saved
    ++in.files;
    std::string error;
    if (!mode.load_cooked(path, in.shapes, error)) in.errors.push_back(error);
    return;
  }
  const io::LoadResult file = io::load(path);
  if (in_folder && file.status == io::Status::unknown_format) {
    in.skipped.push_back(path);
    return;
  }
  ++in.files;
  if (!file.ok()) {
    in.errors.push_back(file.message);
    return;
  }
  mode.shapes_of(path, file, parts, in.shapes, in.errors);
}

/// A file: each part is a shape. A folder: each mesh file is one shape (each
/// part with --parts), in name order; subfolders are not entered.
SceneInput load_scene(const Mode& mode, const SceneOptions& o) {
  SceneInput in;
  std::error_code ec;
  if (!std::filesystem::is_directory(o.input, ec)) {
    add_file(mode, in, o.input, true, false);
    return in;
  }
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(o.input, ec))
    if (entry.is_regular_file(ec)) files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  for (const std::string& f : files) add_file(mode, in, f, o.parts, true);
  if (in.files == 0) in.errors.push_back(o.input + ": no mesh file in this folder");
  return in;
}

struct SceneResult {
  Broadphase broadphase;
  bool checked = false;  // brute_force_candidates counted
  std::size_t brute_force_candidates = 0;
  /// The pairs that intersect or touch (with --clearance, also those closer
  /// than D).
  std::vector<std::unique_ptr<Report>> interfering;
  Tally tally;                // of the listed pairs
  ClearanceTally clearances;  // of the candidate pairs, with --clearance
};

/// The broadphase on the shapes' boxes (grown by half the clearance D, so
/// that pairs closer than D are candidates), then the mode's check of each
/// candidate pair that interferes, or with D of each candidate.
SceneResult collide(const Mode& mode, const Shapes& shapes, const PairQuery& query,
                    const std::optional<double>& clearance, bool volume) {
  SceneResult r;
  const Pose identity;
  std::vector<Aabb> boxes;
  const real grow = clearance ? real(*clearance / 2) : real(0);
  for (const auto& s : shapes) {
    Aabb box = mode.box(*s, identity);
    box.min -= vec3(grow), box.max += vec3(grow);
    boxes.push_back(box);
  }
  r.broadphase = sweep_and_prune(boxes);
  if (shapes.size() <= brute_force_check_limit) {
    r.checked = true;
    r.brute_force_candidates = all_overlapping_pairs(boxes).size();
  }
  for (const auto& [i, j] : r.broadphase.pairs) {
    const Shape& a = *shapes[std::size_t(i)];
    const Shape& b = *shapes[std::size_t(j)];
    if (clearance) {
      std::unique_ptr<Report> pair = mode.check(a, identity, b, identity, query);
      const Clearance c = clearance_of(*pair, *clearance);
      r.clearances.add(c);
      if (c == Clearance::clear) continue;
      if (volume) pair->volume = mode.shared_volume(a, identity, b, identity);
      r.tally.add(*pair);
      r.interfering.push_back(std::move(pair));
      continue;
    }
    if (!mode.interferes(a, identity, b, identity)) continue;
    r.interfering.push_back(mode.check(a, identity, b, identity, query));
    if (volume) r.interfering.back()->volume = mode.shared_volume(a, identity, b, identity);
    r.tally.add(*r.interfering.back());
  }
  return r;
}

const char* axis_name(int axis) {
  return axis == 0 ? "x" : (axis == 1 ? "y" : "z");
}

void print_text(const Mode& mode, const SceneOptions& o, const SceneInput& in, const SceneResult& r,
                double s) {
  for (const std::string& e : in.errors) std::cerr << "sepax: " << e << "\n";
  std::printf("scene %s: %zu %s from %zu file(s)", o.input.c_str(), in.shapes.size(), mode.noun,
              in.files);
  if (!in.skipped.empty()) std::printf(" (%zu other file(s) skipped)", in.skipped.size());
  std::printf("; sweep and prune along %s: %zu candidate pair(s)\n", axis_name(r.broadphase.axis),
              r.broadphase.pairs.size());
  for (const auto& p : r.interfering) {
    const std::string volume = p->volume ? volume_word(*p->volume) : "";
    if (!o.clearance.d) {
      std::printf("  %s  %s%s%s\n", p->name_a.c_str(), p->name_b.c_str(), p->scene_line().c_str(),
                  volume.c_str());
      continue;
    }
    const double d = *o.clearance.d;
    const bool apart = clearance_of(*p, d) == Clearance::too_close;
    std::printf("  %s  %s  %s%s%s\n", p->name_a.c_str(), p->name_b.c_str(),
                clearance_word(*p, d).c_str(), (apart ? p->batch_line() : p->scene_line()).c_str(),
                volume.c_str());
  }
  if (o.clearance.d)
    std::printf("clearance %.9g: %s (of the candidate pairs)\n", *o.clearance.d,
                r.clearances.text().c_str());
  const std::size_t n = std::size_t(r.tally.overlapping);  // too_close pairs aside
  const int touching = r.tally.count(Verdict::touching);
  std::printf(
      "summary: %zu %s, %zu candidate pairs, %zu interfering (%zu intersecting, %d touching), "
      "%d disagree, %zu errors; %.3f s\n",
      in.shapes.size(), mode.noun, r.broadphase.pairs.size(), n, n - std::size_t(touching),
      touching, r.tally.disagree, in.errors.size(), s);
}

nlohmann::json scene_json(const Mode& mode, const SceneOptions& o, const SceneInput& in,
                          const SceneResult& r, double s) {
  nlohmann::json shapes = nlohmann::json::array(), pairs = nlohmann::json::array();
  for (const auto& shape : in.shapes) shapes.push_back(mode.shape_json(*shape));
  for (const auto& p : r.interfering) {
    nlohmann::json j = p->scene_json();
    if (o.clearance.d) add_clearance_json(j, *p, *o.clearance.d);
    if (p->volume) add_volume_json(j, *p->volume);
    pairs.push_back(j);
  }
  nlohmann::json bp = {{"method", "sweep and prune"},
                       {"axis", axis_name(r.broadphase.axis)},
                       {"candidates", r.broadphase.pairs.size()}};
  if (r.checked) bp["brute_force_candidates"] = r.brute_force_candidates;
  const std::size_t n = std::size_t(r.tally.overlapping);  // too_close pairs aside
  const int touching = r.tally.count(Verdict::touching);
  nlohmann::json out = {{"input", o.input},
                        {"mode", mode.name},
                        {mode.noun, shapes},
                        {"skipped", in.skipped},
                        {"errors", in.errors},
                        {"broadphase", bp},
                        {"pairs", pairs},
                        {"summary",
                         {{mode.noun, in.shapes.size()},
                          {"candidates", r.broadphase.pairs.size()},
                          {"interfering", n},
                          {"intersecting", n - std::size_t(touching)},
                          {"touching", touching},
                          {"disagree", r.tally.disagree},
                          {"errors", in.errors.size()},
                          {"time_s", s}}}};
  if (o.clearance.d)
    out["summary"]["clearance"] = {{"d", *o.clearance.d}, {"verdicts", r.clearances.json()}};
  return out;
}

int run_scene(const SceneOptions& o) {
  std::string error;
  if (!o.clearance.valid(error)) {
    std::cerr << "sepax: " << error << "\n";
    return exit_input_error;
  }
  const Mode* mode = o.modes.chosen(/*draws=*/false, /*casts=*/false, o.query.contacts);
  if (!mode) return exit_input_error;
  const auto start = std::chrono::steady_clock::now();
  const SceneInput in = load_scene(*mode, o);
  const SceneResult r = collide(*mode, in.shapes, o.query, o.clearance.d, o.volume);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (o.json) {
    for (const std::string& e : in.errors) std::cerr << "sepax: " << e << "\n";
    std::cout << scene_json(*mode, o, in, r, s).dump(2) << "\n";
  } else {
    print_text(*mode, o, in, r, s);
  }
  if (!o.html.empty()) {
    std::vector<std::string> texts;
    for (const auto& p : r.interfering) {
      std::string line = o.clearance.d ? clearance_word(*p, *o.clearance.d) : "";
      line += p->scene_line() + (p->volume ? volume_word(*p->volume) : "");
      texts.push_back(line);
    }
    HtmlPage page = scene_page("sepax scene " + o.input, *mode, in.shapes, r.interfering, texts);
    page.lines = {std::to_string(in.shapes.size()) + " " + mode->noun + " from " +
                      std::to_string(in.files) + " file(s)",
                  "candidates: " + std::to_string(r.broadphase.pairs.size()) + " pair(s)",
                  "listed: " + std::to_string(r.interfering.size()) + " pair(s)"};
    if (o.clearance.d) {
      page.lines.push_back("clearance: " + fmt("%.9g", *o.clearance.d) + ": " +
                           r.clearances.text());
      page.verdict = to_string(Clearance::clear);  // the worst verdict of the pairs
      for (const Clearance c : {Clearance::interfering, Clearance::touching, Clearance::too_close})
        if (r.clearances.count(c) > 0) {
          page.verdict = to_string(c);
          break;
        }
    }
    if (!write_html(o.html, std::move(page), error)) {
      std::cerr << "sepax: " << error << "\n";
      return exit_input_error;
    }
    if (!o.json) std::printf("wrote %s\n", o.html.c_str());
  }
  if (!in.errors.empty()) return exit_input_error;
  if (o.clearance.d) return exit_status(r.tally.disagree > 0, r.clearances.not_clear() > 0);
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
  o->clearance.add_to(cmd);
  add_volume_flag(cmd, o->volume);
  cmd->add_option("--html", o->html,
                  "Write a page to turn the scene in a browser, with the table of listed pairs");
  o->modes.add_flags(cmd);
}

}  // namespace sepax::cli
