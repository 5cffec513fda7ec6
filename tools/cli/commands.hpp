// Subcommands of the sepax tool. Each adds itself to the app; its callback
// stores the process exit status in `exit_code`.
#pragma once

#include "mode.hpp"

#include <CLI/CLI.hpp>

#include <memory>
#include <string>
#include <utility>

namespace sepax::cli {

/// Adds the subcommand `name` with options of type `Options`, shared with its
/// callback: when the command is chosen, `run(options)` is the exit status.
/// Returns the subcommand, for its arguments, and the options they fill.
template <class Options>
std::pair<CLI::App*, std::shared_ptr<Options>> add_command(CLI::App& app, const char* name,
                                                           const char* description,
                                                           int (*run)(const Options&),
                                                           int& exit_code) {
  auto options = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(name, description);
  cmd->callback([options, run, &exit_code] { exit_code = run(*options); });
  return {cmd, options};
}

/// Adds the arguments of a subcommand that checks one pair: the files A and
/// B, then --pose-a and --pose-b (syntax of common.hpp's parse_pose).
inline void add_pair_arguments(CLI::App* cmd, PairArguments& pair) {
  cmd->add_option("A", pair.file_a, "First mesh file (or cooked hull, .sxhull)")->required();
  cmd->add_option("B", pair.file_b, "Second mesh file (or cooked hull, .sxhull)")->required();
  cmd->add_option("--pose-a", pair.pose_a,
                  "Pose of A: x,y,z[/rx,ry,rz] (Euler degrees about x, then y, then z) or "
                  "x,y,z/q=w,x,y,z (quaternion); default 0,0,0");
  cmd->add_option("--pose-b", pair.pose_b, "Pose of B, same syntax");
}

/// --contacts and --margin: the contact manifold of each pair.
inline void add_contact_options(CLI::App* cmd, PairQuery& query) {
  cmd->add_flag("--contacts", query.contacts,
                "Also the contact manifold: normal and up to 4 points with their separations "
                "and the features of A and B that made them (contact::collide)");
  cmd->add_option("--margin", query.margin,
                  "Speculative contacts: points of pairs within this gap (with --contacts; "
                  "default 0)")
      ->check(CLI::NonNegativeNumber);
}

/// `sepax hull FILE... [--json] [--parts] [-o OUT.obj | -o OUT.sxhull]`
void add_hull_command(CLI::App& app, int& exit_code);

/// `sepax check A B [--pose-a P] [--pose-b P] [--parts] [--json] [--svg OUT.svg]`
void add_check_command(CLI::App& app, int& exit_code);

/// `sepax render A B [--pose-a P] [--pose-b P] -o OUT.svg`
void add_render_command(CLI::App& app, int& exit_code);

/// `sepax batch CASES.tsv [--jobs N] [--json] [--cast]`
void add_batch_command(CLI::App& app, int& exit_code);

/// `sepax cast A B [--pose-a P] [--pose-b P0] --to P1 [--json] [--svg OUT.svg]`
void add_cast_command(CLI::App& app, int& exit_code);

/// `sepax ray SHAPE [--pose P] --from x,y,z --to x,y,z [--json] [--svg OUT.svg]`
void add_ray_command(CLI::App& app, int& exit_code);

/// `sepax scene FILE|DIR [--parts] [--json]`
void add_scene_command(CLI::App& app, int& exit_code);

}  // namespace sepax::cli
