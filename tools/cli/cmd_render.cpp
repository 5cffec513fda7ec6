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

// Loads a whole file as one hull; prints the error and returns false on
// failure (missing file, bad format, degenerate point set).
bool load_one(const std::string& file, LoadedHull& out) {
  std::string error;
  std::vector<LoadedHull> loaded;
  if (!load_hulls(file, false, loaded, error)) {
    std::cerr << "sepax: " << error << "\n";
    return false;
  }
  if (!loaded.front().built.ok()) {
    std::cerr << "sepax: " << file << ": " << loaded.front().built.message << "\n";
    return false;
  }
  out = std::move(loaded.front());
  return true;
}

int run_render(const RenderOptions& o) {
  Pose pose_a, pose_b;
  std::string error;
  if (!parse_pose(o.pose_a, pose_a, error) || !parse_pose(o.pose_b, pose_b, error)) {
    std::cerr << "sepax: " << error << "\n";
    return exit_input_error;
  }
  LoadedHull a, b;
  if (!load_one(o.file_a, a) || !load_one(o.file_b, b)) return exit_input_error;
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
  cmd->add_option("--pose-a", o->pose_a,
                  "Pose of A: x,y,z[/rx,ry,rz] (Euler degrees about x, then y, then z) or "
                  "x,y,z/q=w,x,y,z (quaternion); default 0,0,0");
  cmd->add_option("--pose-b", o->pose_b, "Pose of B, same syntax");
  cmd->add_option("-o,--output", o->out, "SVG file to write")->required();
  cmd->callback([o, &exit_code] { exit_code = run_render(*o); });
}

}  // namespace sepax::cli
