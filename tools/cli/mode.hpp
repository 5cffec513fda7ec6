// One pair's answer, whatever the tool checked the pair as (hulls, meshes,
// convex parts): what the commands print, write and count.
#pragma once

#include "common.hpp"

#include <nlohmann/json.hpp>

#include <array>
#include <string>

namespace sepax::cli {

/// What to compute for a pair besides the answer (hull answers only).
struct PairQuery {
  bool contacts = false;  ///< also the contact manifold (contact::collide)
  real margin = 0;        ///< its margin: speculative points within this gap
};

/// One pair's answer in some mode: what every command prints, writes and
/// counts. The header's shapes are the mode's words for its inputs.
struct Report : PairHeader {
  virtual ~Report() = default;

  [[nodiscard]] virtual Verdict verdict() const = 0;
  /// The shapes overlap or touch: JSON's "intersecting", check's exit status.
  [[nodiscard]] virtual bool intersecting() const = 0;
  /// SAT and GJK/EPA disagree on the pair (exit status 3).
  [[nodiscard]] virtual bool disagree() const { return false; }

  /// check's report: several lines on stdout.
  virtual void print() const = 0;
  /// check --json's object (schema in docs/cli.md).
  [[nodiscard]] virtual nlohmann::json json() const = 0;
  /// batch's line, after the case id: "  <verdict> ...".
  [[nodiscard]] virtual std::string batch_line() const;
  /// scene's line for an interfering pair, after the two names.
  [[nodiscard]] virtual std::string scene_line() const { return batch_line(); }
  /// scene --json's object for an interfering pair.
  [[nodiscard]] virtual nlohmann::json scene_json() const { return json(); }
  /// render's line, after "wrote FILE: ".
  [[nodiscard]] virtual std::string render_line() const { return to_string(verdict()); }
};

/// Answers counted by verdict, for summaries and exit statuses.
struct Tally {
  std::array<int, 3> verdicts{};  ///< by Verdict
  int overlapping = 0;            ///< answers whose intersecting() is true
  int disagree = 0;

  void add(const Report& r);
  [[nodiscard]] int count(Verdict v) const { return verdicts[std::size_t(v)]; }
};

/// Exit status a set of answers calls for: 3 if any disagree, else 1 if any
/// intersects, else 0.
[[nodiscard]] int exit_status(bool any_disagree, bool any_intersecting);

}  // namespace sepax::cli
