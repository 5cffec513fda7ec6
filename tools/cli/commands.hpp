// Subcommands of the sepax tool. Each adds itself to the app; its callback
// stores the process exit status in `exit_code`.
#pragma once

#include <CLI/CLI.hpp>

namespace sepax::cli {

/// `sepax hull FILE... [--json] [--parts] [-o OUT.obj]`
void add_hull_command(CLI::App& app, int& exit_code);

}  // namespace sepax::cli
