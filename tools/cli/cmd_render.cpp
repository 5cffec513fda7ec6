// `sepax render`: the picture of one pair (render.hpp), with a one-line
// verdict on stdout.
#include "commands.hpp"
#include "mode.hpp"

#include <cstdio>
#include <iostream>

namespace sepax::cli {

namespace {

struct RenderOptions {
  PairArguments pair;
  std::string out;
  PairQuery query;
  ModeChoice modes;
};

int run_render(const RenderOptions& o) {
  const Mode* mode = o.modes.chosen(/*draws=*/true);
  const std::optional<LoadedPair> pair =
      mode ? load_pair(*mode, o.pair, /*per_part=*/false) : std::nullopt;
  if (!pair) return exit_input_error;
  const Shape& a = *pair->as.front();
  const Shape& b = *pair->bs.front();
  const std::unique_ptr<Report> r = mode->check(a, pair->pose_a, b, pair->pose_b, o.query);
  std::string error;
  if (!mode->write_svg(o.out, a, b, *r, error)) {
    std::cerr << "sepax: " << error << "\n";
    return exit_input_error;
  }
  std::printf("wrote %s: %s\n", o.out.c_str(), r->render_line().c_str());
  return exit_status(r->disagree(), r->intersecting());
}

}  // namespace

void add_render_command(CLI::App& app, int& exit_code) {
  const auto [cmd, o] = add_command(
      app, "render", "Draw two meshes' hulls (front, top, side, isometric) with the verdict as SVG",
      run_render, exit_code);
  add_pair_arguments(cmd, o->pair);
  cmd->add_option("-o,--output", o->out, "SVG file to write")->required();
  add_contact_options(cmd, o->query);
  o->modes.add_flags(cmd);
}

}  // namespace sepax::cli
