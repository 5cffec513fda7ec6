// `sepax check`: one pair of mesh files (or every pair of their parts),
// SAT and GJK/EPA, verdict, agreement, optional SVG.
#include "check.hpp"
#include "commands.hpp"
#include "decompose_mode.hpp"
#include "mesh_mode.hpp"
#include "render.hpp"

#include <iostream>

namespace sepax::cli {

namespace {

struct CheckOptions {
  PairArguments pair;
  bool parts = false;
  bool json = false;
  std::string svg;
  PairQuery query;
  bool mesh = false;
  bool decompose = false;
  DecomposeSettings settings;
};

/// --decompose: each non-convex input as HACD's convex parts, part against
/// part.
int run_decomposed_check(const CheckOptions& o) {
  Pose pose_a, pose_b;
  std::string error;
  Compound a, b;
  if (!parse_pose(o.pair.pose_a, pose_a, error) || !parse_pose(o.pair.pose_b, pose_b, error) ||
      !load_compound(o.pair.file_a, o.settings, a, error) ||
      !load_compound(o.pair.file_b, o.settings, b, error)) {
    std::cerr << "sepax: " << error << "\n";
    return exit_input_error;
  }
  const CompoundReport r = check_compounds(a, pose_a, b, pose_b, o.query);
  if (o.json)
    std::cout << r.json().dump(2) << "\n";
  else
    r.print();
  if (!o.svg.empty()) {
    if (!write_svg(o.svg, a.parts[r.part_a], b.parts[r.part_b], r.deciding, a.parts, b.parts,
                   error)) {
      std::cerr << "sepax: " << error << "\n";
      return exit_input_error;
    }
    if (!o.json) std::printf("wrote %s\n", o.svg.c_str());
  }
  return exit_status(r.disagree(), r.intersecting());
}

/// --mesh: the meshes themselves, every pair of parts with --parts.
int run_mesh_check(const CheckOptions& o) {
  Pose pose_a, pose_b;
  std::string error;
  std::vector<LoadedMesh> as, bs;
  if (!parse_pose(o.pair.pose_a, pose_a, error) || !parse_pose(o.pair.pose_b, pose_b, error) ||
      !load_meshes(o.pair.file_a, o.parts, as, error) ||
      !load_meshes(o.pair.file_b, o.parts, bs, error)) {
    std::cerr << "sepax: " << error << "\n";
    return exit_input_error;
  }
  Tally tally;
  for (const LoadedMesh& a : as) {
    for (const LoadedMesh& b : bs) {
      const std::unique_ptr<Report> r = check_meshes(a, pose_a, b, pose_b);
      tally.add(*r);
      if (o.json)
        std::cout << r->json().dump(as.size() * bs.size() == 1 ? 2 : -1) << "\n";
      else
        r->print();
    }
  }
  return exit_status(tally.disagree > 0, tally.overlapping > 0);
}

int run_check(const CheckOptions& o) {
  if (o.mesh && o.decompose) {
    std::cerr << "sepax: --mesh and --decompose are two different answers: choose one\n";
    return exit_input_error;
  }
  if (o.decompose) return run_decomposed_check(o);
  if (o.mesh) {
    if (!o.svg.empty() || o.query.contacts) {
      std::cerr << "sepax: --svg and --contacts draw and collide hulls; not with --mesh\n";
      return exit_input_error;
    }
    return run_mesh_check(o);
  }
  const std::optional<LoadedPair> pair = load_pair(o.pair, o.parts);
  if (!pair) return exit_input_error;
  const std::size_t pairs = pair->as.size() * pair->bs.size();
  std::string error;
  Tally tally;
  bool svg_written = false;
  for (const LoadedHull& a : pair->as) {
    for (const LoadedHull& b : pair->bs) {
      const PairReport r = check_pair(a, pair->pose_a, b, pair->pose_b, o.query);
      tally.add(r);
      if (o.json)
        std::cout << r.json().dump(pairs == 1 ? 2 : -1) << "\n";
      else
        r.print();
      // The picture shows the first pair (with --parts, the first pair of parts).
      if (!o.svg.empty() && !svg_written) {
        if (!write_svg(o.svg, a, b, r, error)) {
          std::cerr << "sepax: " << error << "\n";
          return exit_input_error;
        }
        svg_written = true;
      }
    }
  }
  if (svg_written && !o.json) std::printf("wrote %s\n", o.svg.c_str());
  return exit_status(tally.disagree > 0, tally.overlapping > 0);
}

}  // namespace

void add_check_command(CLI::App& app, int& exit_code) {
  const auto [cmd, o] = add_command(
      app, "check", "Check two meshes: intersecting, touching or separated, by SAT and GJK/EPA",
      run_check, exit_code);
  add_pair_arguments(cmd, o->pair);
  cmd->add_flag("--parts", o->parts,
                "One hull per object/part of each file, and every pair of parts checked");
  cmd->add_flag("--json", o->json, "Print JSON (one object per pair; see README)");
  cmd->add_option("--svg", o->svg, "Write a picture of the pair to this SVG file");
  add_contact_options(cmd, o->query);
  cmd->add_flag("--mesh", o->mesh,
                "Answer about the meshes themselves, not their convex hulls: exact for "
                "non-convex meshes (triangle pairs through AABB trees; a closed mesh is a "
                "solid, so one inside the other intersects); the distance when apart");
  cmd->add_flag("--decompose", o->decompose,
                "Split each non-convex mesh into convex parts (HACD) and check part against "
                "part: approximate, the seeds' way; --svg draws the parts");
  add_decompose_options(cmd, o->settings);
}

}  // namespace sepax::cli
