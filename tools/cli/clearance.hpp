// --clearance D: how a pair stands against a required gap. Every mode's
// Report gives its gap (Report::gap, gap_points); the verdicts, their text,
// their JSON and their exit status are decided here, once for all modes.
#pragma once

#include "mode.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <array>
#include <optional>
#include <string>

namespace sepax::cli {

/// The verdicts of --clearance D.
enum class Clearance {
  clear,        ///< apart by D or more
  too_close,    ///< apart, but by less than D
  touching,     ///< within the touching band (Verdict::touching)
  interfering,  ///< overlapping
};

/// "clear", "too_close", "touching" or "interfering" (JSON's "verdict").
[[nodiscard]] const char* to_string(Clearance c);

/// The verdict of a pair's report against the gap `d`. D stays a double as
/// given, so that a float build prints and writes it as written.
[[nodiscard]] Clearance clearance_of(const Report& r, double d);

/// --clearance as a command takes it: unset, or a gap D >= 0.
struct ClearanceOption {
  std::optional<double> d;

  /// Adds --clearance to the command.
  void add_to(CLI::App* cmd);
  /// Whether D is usable: false and one line in `error` when it is negative,
  /// NaN or infinite.
  [[nodiscard]] bool valid(std::string& error) const;
};

/// The reports of one command counted by clearance verdict.
struct ClearanceTally {
  std::array<int, 4> counts{};

  void add(Clearance c) { ++counts[std::size_t(c)]; }
  [[nodiscard]] int count(Clearance c) const { return counts[std::size_t(c)]; }
  /// Pairs that are not clear.
  [[nodiscard]] int not_clear() const { return counts[1] + counts[2] + counts[3]; }
  /// "2 clear, 1 too_close, 0 touching, 0 interfering".
  [[nodiscard]] std::string text() const;
  /// {"clear": 2, "too_close": 1, ...}
  [[nodiscard]] nlohmann::json json() const;
};

/// check's line under the verdict: "  clearance: too close: 0.25 apart
/// (A (x, y, z), B (x, y, z)), under 0.3".
[[nodiscard]] std::string clearance_text(const Report& r, double d);
/// batch's and scene's word before the pair's line: "too_close 0.25 < 0.3".
[[nodiscard]] std::string clearance_word(const Report& r, double d);
/// Sets a pair's JSON "verdict" to the clearance verdict, keeping the
/// contact verdict as "contact", and adds "clearance" (D) and "distance".
void add_clearance_json(nlohmann::json& j, const Report& r, double d);

}  // namespace sepax::cli
