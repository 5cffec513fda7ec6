// `sepax render`: the picture of one pair (render.hpp), with a one-line
// verdict on stdout.
#include "check.hpp"
#include "commands.hpp"
#include "render.hpp"

#include <cstdio>
#include <iostream>
#include <memory>

namespace sepax::cli {

namespace {

struct RenderOptions {
  std::string file_a;
  std::string file_b;
  std::string pose_a = "0,0,0";
  std::string pose_b = "0,0,0";
  std::string out;
};

int run_render(const RenderOptions& o) {
  Pose pose_a, pose_b;
  if (!parse_poses(o.pose_a, o.pose_b, pose_a, pose_b)) return exit_input_error;
  // Each file as one hull.
  std::vector<LoadedHull> as, bs;
  if (!load_built_hulls(o.file_a, false, as) || !load_built_hulls(o.file_b, false, bs))
    return exit_input_error;
  const LoadedHull& a = as.front();
  const LoadedHull& b = bs.front();
  std::string error;
  const PairReport r = check_pair(a, pose_a, b, pose_b);
  if (!write_svg(o.out, a, b, r, error)) {
    std::cerr << "sepax: " << error << "\n";
    return exit_input_error;
  }
  const CrossCheck& c = r.check;
  std::printf("wrote %s: %s, separation %.6g, axis (%.6g, %.6g, %.6g), SAT and GJK %s\n",
              o.out.c_str(), verdict(c), double(c.sat.separation), double(c.sat.axis.x),
              double(c.sat.axis.y), double(c.sat.axis.z), c.agree ? "agree" : "DISAGREE");
  return exit_status(!c.agree, c.sat.intersecting);
}

}  // namespace

void add_render_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<RenderOptions>();
  CLI::App* cmd = app.add_subcommand(
      "render", "Draw two meshes' hulls (front, top, side, isometric) with the verdict as SVG");
  cmd->add_option("A", o->file_a, "First mesh file")->required();
  cmd->add_option("B", o->file_b, "Second mesh file")->required();
  add_pose_options(cmd, o->pose_a, o->pose_b);
  cmd->add_option("-o,--output", o->out, "SVG file to write")->required();
  cmd->callback([o, &exit_code] { exit_code = run_render(*o); });
}

}  // namespace sepax::cli
