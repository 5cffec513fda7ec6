// --volume: how much solid a pair shares. Every mode answers through
// Mode::shared_volume (exact for hulls, an estimate with its bound where a
// closed mesh makes the shared solid non-convex, none for open meshes); the
// text, the JSON and batch's and scene's words are written here, once for
// all modes.
#pragma once

#include "mode.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <string>

namespace sepax::cli {

/// Adds --volume to a command: `on` is set when given.
void add_volume_flag(CLI::App* cmd, bool& on);

/// check's line: "  overlap volume: 0.125 exact (12.5% of A, 50% of B)",
/// "  overlap volume: 0.0123 ± 0.0004, estimated from 131072 samples (...)",
/// or "  overlap volume: none: B is an open mesh: ...".
[[nodiscard]] std::string volume_text(const SharedVolume& v);
/// batch's and scene's words after the pair's line: "  volume 0.125",
/// "  volume 0.0123±0.0004", "  volume none".
[[nodiscard]] std::string volume_word(const SharedVolume& v);
/// Adds "overlap_volume" (null when none), "overlap_volume_method",
/// "overlap_volume_error", "overlap_samples", "volume_a", "volume_b",
/// "overlap_fraction_a", "overlap_fraction_b" (null for an input of no
/// volume) and "overlap_volume_note" when there is one.
void add_volume_json(nlohmann::json& j, const SharedVolume& v);

}  // namespace sepax::cli
