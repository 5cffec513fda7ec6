// `sepax render`: the picture of one pair (render.hpp), with a one-line
// verdict on stdout.
#include "check.hpp"
#include "commands.hpp"
#include "render.hpp"

#include <cstdio>
#include <iostream>

namespace sepax::cli {

namespace {

struct RenderOptions {
  PairArguments pair;
  std::string out;
  PairQuery query;
};

int run_render(const RenderOptions& o) {
  const std::optional<LoadedPair> pair = load_pair(o.pair, false);  // each file as one hull
  if (!pair) return exit_input_error;
  const LoadedHull& a = pair->as.front();
  const LoadedHull& b = pair->bs.front();
  std::string error;
  const PairReport r = check_pair(a, pair->pose_a, b, pair->pose_b, o.query);
  if (!write_svg(o.out, a, b, r, error)) {
    std::cerr << "sepax: " << error << "\n";
    return exit_input_error;
  }
  std::printf("wrote %s: %s\n", o.out.c_str(), r.render_line().c_str());
  return exit_status(r.disagree(), r.intersecting());
}

}  // namespace

void add_render_command(CLI::App& app, int& exit_code) {
  const auto [cmd, o] = add_command(
      app, "render", "Draw two meshes' hulls (front, top, side, isometric) with the verdict as SVG",
      run_render, exit_code);
  add_pair_arguments(cmd, o->pair);
  cmd->add_option("-o,--output", o->out, "SVG file to write")->required();
  add_contact_options(cmd, o->query);
}

}  // namespace sepax::cli
