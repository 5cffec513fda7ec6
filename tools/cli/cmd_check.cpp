// `sepax check`: one pair of mesh files (or every pair of their parts),
// SAT and GJK/EPA, verdict, agreement, optional SVG.
#include "check.hpp"
#include "commands.hpp"
#include "render.hpp"

#include <iostream>
#include <memory>

namespace sepax::cli {

namespace {

struct CheckOptions {
  std::string file_a;
  std::string file_b;
  std::string pose_a = "0,0,0";
  std::string pose_b = "0,0,0";
  bool parts = false;
  bool json = false;
  std::string svg;
};

int run_check(const CheckOptions& o) {
  Pose pose_a, pose_b;
  if (!parse_poses(o.pose_a, o.pose_b, pose_a, pose_b)) return exit_input_error;
  std::vector<LoadedHull> as, bs;
  if (!load_built_hulls(o.file_a, o.parts, as) || !load_built_hulls(o.file_b, o.parts, bs))
    return exit_input_error;
  std::string error;
  bool any_disagree = false, any_intersecting = false, svg_written = false;
  for (const LoadedHull& a : as) {
    for (const LoadedHull& b : bs) {
      const PairReport r = check_pair(a, pose_a, b, pose_b);
      any_disagree |= !r.check.agree;
      any_intersecting |= r.check.sat.intersecting;
      if (o.json)
        std::cout << to_json(r).dump(as.size() * bs.size() == 1 ? 2 : -1) << "\n";
      else
        print_report(r);
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
  return exit_status(any_disagree, any_intersecting);
}

}  // namespace

void add_check_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<CheckOptions>();
  CLI::App* cmd = app.add_subcommand(
      "check", "Check two meshes: intersecting, touching or separated, by SAT and GJK/EPA");
  cmd->add_option("A", o->file_a, "First mesh file")->required();
  cmd->add_option("B", o->file_b, "Second mesh file")->required();
  add_pose_options(cmd, o->pose_a, o->pose_b);
  cmd->add_flag("--parts", o->parts,
                "One hull per object/part of each file, and every pair of parts checked");
  cmd->add_flag("--json", o->json, "Print JSON (one object per pair; see README)");
  cmd->add_option("--svg", o->svg, "Write a picture of the pair to this SVG file");
  cmd->callback([o, &exit_code] { exit_code = run_check(*o); });
}

}  // namespace sepax::cli
