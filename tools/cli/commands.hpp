// Subcommands of the sepax tool. Each adds itself to the app; its callback
// stores the process exit status in `exit_code`.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace sepax::cli {

/// Adds --pose-a and --pose-b (syntax of check.hpp's parse_pose) to a
/// subcommand that checks one pair.
inline void add_pose_options(CLI::App* cmd, std::string& pose_a, std::string& pose_b) {
  cmd->add_option("--pose-a", pose_a,
                  "Pose of A: x,y,z[/rx,ry,rz] (Euler degrees about x, then y, then z) or "
                  "x,y,z/q=w,x,y,z (quaternion); default 0,0,0");
  cmd->add_option("--pose-b", pose_b, "Pose of B, same syntax");
}

/// `sepax hull FILE... [--json] [--parts] [-o OUT.obj]`
void add_hull_command(CLI::App& app, int& exit_code);

/// `sepax check A B [--pose-a P] [--pose-b P] [--parts] [--json] [--svg OUT.svg]`
void add_check_command(CLI::App& app, int& exit_code);

/// `sepax render A B [--pose-a P] [--pose-b P] -o OUT.svg`
void add_render_command(CLI::App& app, int& exit_code);

/// `sepax batch CASES.tsv [--jobs N] [--json]`
void add_batch_command(CLI::App& app, int& exit_code);

/// `sepax scene FILE|DIR [--parts] [--json]`
void add_scene_command(CLI::App& app, int& exit_code);

}  // namespace sepax::cli
