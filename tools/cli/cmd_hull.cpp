// `sepax hull`: hulls of mesh files with their validation report; writes
// them as OBJ or as a cooked hull (.sxhull).
#include "commands.hpp"
#include "hull_list.hpp"
#include "mode.hpp"
#include "sepax/hull_cap.hpp"
#include "shape.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>

namespace sepax::cli {

namespace {

struct HullOptions {
  HullListing listing;
  ModeChoice modes;
};

/// validate() tests every input point against every face: O(points *
/// faces). Above this many tests, every k-th point is tested.
constexpr double validation_budget = 2e8;

/// The input points validate() checks: all of them, or every k-th when
/// that would take more than validation_budget tests.
std::vector<vec3> points_to_check(const LoadedHull& h) {
  const double tests = double(h.points.size()) * double(h.built.hull.face_count());
  const std::size_t step =
      tests > validation_budget ? std::size_t(tests / validation_budget) + 1 : 1;
  std::vector<vec3> out;
  for (std::size_t i = 0; i < h.points.size(); i += step) out.push_back(h.points[i]);
  return out;
}

/// Caps the hull at `max_vertices` (cap_vertices). False, with the hull's
/// message set, when the cap is below what the hull needs.
bool apply_cap(LoadedHull& h, std::size_t max_vertices, Cap& cap) {
  if (max_vertices == 0) return true;
  CappedHull capped = cap_vertices(h.built.hull, max_vertices);
  if (!capped.built.ok()) {
    h.built.message = capped.built.message;
    return false;
  }
  cap = {true, h.built.hull.vertex_count(), capped.deviation};
  h.built = std::move(capped.built);
  return true;
}

void print_text(const LoadedHull& h, const HullReport& report, const Cap& cap) {
  const Hull& hull = h.built.hull;
  std::printf("%s\n", h.name.c_str());
  std::printf("  input: %s\n", describe_shape(h).c_str());
  std::printf("  hull: %zu vertices, %zu faces, %zu edges, %zu edge directions, %s\n",
              hull.vertex_count(), hull.face_count(), hull.edge_count(),
              edge_directions(hull).size(), shape_class(hull));
  std::printf(
      "  %s: Euler %d, nonplanarity %.3g, nonconvexity %.3g, points outside by %.3g"
      " (tolerance %.3g)\n",
      report.ok ? "valid" : "INVALID", report.euler, static_cast<double>(report.max_nonplanarity),
      static_cast<double>(report.max_nonconvexity), static_cast<double>(report.max_outside),
      static_cast<double>(report.tolerance));
  for (const std::string& problem : report.problems)
    std::printf("    problem: %s\n", problem.c_str());
  if (cap.applied)
    std::printf("  capped: %zu of %zu vertices kept; every point within %.6g of the capped hull\n",
                hull.vertex_count(), cap.original_vertices, double(cap.deviation));
  if (h.cooked)
    std::printf("  loaded in %.3f ms from a cooked hull%s\n", h.build_ms,
                h.converted ? " of the other precision, rebuilt from its vertices" : "");
  else
    std::printf("  built in %.3f ms from %zu points\n", h.build_ms, h.points.size());
}

int run_hull(const HullOptions& o) {
  const Mode* mode = o.modes.chosen();
  return mode ? mode->list_hulls(o.listing) : exit_input_error;
}

}  // namespace

nlohmann::json hull_json(const LoadedHull& h, const HullReport& report, const Cap& cap) {
  const Hull& hull = h.built.hull;
  nlohmann::json j = {
      {"name", h.name},
      {"points", h.points.size()},
      {"vertices", hull.vertex_count()},
      {"faces", hull.face_count()},
      {"edges", hull.edge_count()},
      {"edge_directions", edge_directions(hull).size()},
      {"shape", shape_class(hull)},
      {"bounds", {{"min", to_json(hull.bounds().min)}, {"max", to_json(hull.bounds().max)}}},
      {"build_ms", h.build_ms},
      {"cooked", h.cooked},
      {"input", shape_json(h)}};
  if (cap.applied)
    j["cap"] = {{"vertices_before", cap.original_vertices}, {"deviation", cap.deviation}};
  j["validation"] = {{"ok", report.ok},
                     {"euler", report.euler},
                     {"max_nonplanarity", report.max_nonplanarity},
                     {"max_nonconvexity", report.max_nonconvexity},
                     {"max_outside", report.max_outside},
                     {"tolerance", report.tolerance},
                     {"problems", report.problems}};
  return j;
}

bool write_obj(const std::string& path, const std::vector<LoadedHull>& hulls) {
  std::ofstream out(path);
  if (!out) return false;
  out.precision(17);
  out << "# convex hulls written by sepax " << SEPAX_VERSION << "\n";
  std::size_t base = 1;
  for (const LoadedHull& h : hulls) {
    if (!h.built.ok()) continue;
    const Hull& hull = h.built.hull;
    std::string name = h.name;  // '#' would start an OBJ comment
    std::replace(name.begin(), name.end(), '#', '_');
    out << "o " << name << "\n";
    for (const vec3& v : hull.vertices()) out << "v " << v.x << ' ' << v.y << ' ' << v.z << "\n";
    const std::size_t faces = hull.is_flat() ? 1 : hull.face_count();  // one side of a polygon
    for (std::size_t f = 0; f < faces; ++f) {
      out << 'f';
      index_t e = hull.faces()[f].edge;
      for (index_t k = 0; k < hull.faces()[f].count; ++k, e = hull.half_edges()[e].next)
        out << ' ' << base + static_cast<std::size_t>(hull.half_edges()[e].origin);
      out << "\n";
    }
    base += hull.vertex_count();
  }
  return static_cast<bool>(out);
}

bool write_cooked(const std::string& path, const std::vector<LoadedHull>& hulls) {
  if (hulls.size() != 1) {
    std::cerr << "sepax: " << path << ": a .sxhull file holds one hull, and " << hulls.size()
              << " were built (give one file, without --parts, or write OBJ)\n";
    return false;
  }
  const hull_file::SaveResult saved = hull_file::save(hulls.front().built.hull, path);
  if (!saved.ok()) std::cerr << "sepax: " << saved.message << "\n";
  return saved.ok();
}

int list_file_hulls(const HullListing& options) {
  int status = exit_clear;
  std::vector<LoadedHull> hulls;
  nlohmann::json results = nlohmann::json::array();
  for (const std::string& file : options.files) {
    std::string error;
    std::vector<LoadedHull> loaded;
    if (!load_hulls(file, options.parts, loaded, error)) {
      std::cerr << "sepax: " << error << "\n";
      if (options.json) results.push_back({{"name", file}, {"error", error}});
      status = exit_input_error;
      continue;
    }
    for (LoadedHull& h : loaded) {
      if (!h.built.ok()) {
        const std::string error_line = h.name + ": " + h.built.message;
        std::cerr << "sepax: " << error_line << "\n";
        if (options.json) results.push_back({{"name", h.name}, {"error", error_line}});
        status = exit_input_error;
        continue;
      }
      Cap cap;
      if (!apply_cap(h, options.max_vertices, cap)) {
        const std::string error_line = h.name + ": " + h.built.message;
        std::cerr << "sepax: " << error_line << "\n";
        if (options.json) results.push_back({{"name", h.name}, {"error", error_line}});
        status = exit_input_error;
        continue;
      }
      // A capped hull leaves points out by up to the deviation it reports.
      const HullReport report =
          validate(h.built.hull, cap.applied ? std::vector<vec3>() : points_to_check(h));
      if (!report.ok) status = exit_input_error;
      if (options.json)
        results.push_back(hull_json(h, report, cap));
      else
        print_text(h, report, cap);
      hulls.push_back(std::move(h));
    }
  }
  if (options.json) std::cout << results.dump(2) << "\n";
  if (!options.out.empty()) {
    if (is_cooked(options.out)) {
      if (!write_cooked(options.out, hulls)) return exit_input_error;
    } else if (!write_obj(options.out, hulls)) {
      std::cerr << "sepax: " << options.out << ": cannot write\n";
      return exit_input_error;
    }
    if (!options.json) std::printf("wrote %s\n", options.out.c_str());
  }
  return status;
}

void add_hull_command(CLI::App& app, int& exit_code) {
  const auto [cmd, o] =
      add_command(app, "hull", "Build the convex hull of each mesh file (or part) and validate it",
                  run_hull, exit_code);
  HullListing& options = o->listing;
  cmd->add_option("files", options.files,
                  "Mesh files (OBJ, STL, PLY, OFF, glTF, ...) or cooked hulls (.sxhull)")
      ->required();
  cmd->add_flag("--json", options.json, "Print a JSON array, one object per hull");
  cmd->add_flag("--parts", options.parts, "One hull per object/part instead of per file");
  o->modes.add_flags(cmd);
  cmd->add_option("--max-vertices", options.max_vertices,
                  "Cap each hull at N vertices (as engines do: PhysX and Unity at 255): a subset "
                  "of its vertices, and the deviation every point may lie outside it")
      ->check(CLI::Range(std::size_t(1), std::size_t(1) << 30));
  cmd->add_option("-o,--output,--obj", options.out,
                  "Write the hulls to this OBJ file, or the one hull to this cooked hull file "
                  "when it ends in .sxhull (binary; read back by every command)");
  o->modes.add_options(cmd);
}

}  // namespace sepax::cli
