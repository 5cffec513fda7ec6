// sepax: command-line tool for convex hulls of meshes and collision checks
// between them.
#include "commands.hpp"
#include "common.hpp"

#include <cstdio>

int main(int argc, char** argv) {
  CLI::App app{
      "sepax " SEPAX_VERSION
      ": convex hulls of meshes and collision queries between them.\n"
      "Exit status: 0 nothing intersects (hull: all valid; cast, ray: the path is clear),\n"
      "1 something intersects (cast, ray: the path hits), 2 usage or input error,\n"
      "3 SAT and GJK disagree."};
  app.require_subcommand(1);
  app.set_version_flag("--version", SEPAX_VERSION);
  int exit_code = sepax::cli::exit_clear;
  sepax::cli::add_hull_command(app, exit_code);
  sepax::cli::add_check_command(app, exit_code);
  sepax::cli::add_render_command(app, exit_code);
  sepax::cli::add_batch_command(app, exit_code);
  sepax::cli::add_scene_command(app, exit_code);
  sepax::cli::add_cast_command(app, exit_code);
  sepax::cli::add_ray_command(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : sepax::cli::exit_input_error;
  }
  return exit_code;
}
