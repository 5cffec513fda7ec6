// Subcommands of the sepax tool. Each adds itself to the app; its callback
// stores the process exit status in `exit_code`.
#pragma once

#include <CLI/CLI.hpp>

namespace sepax::cli {

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
