// One pair of hulls checked with SAT and GJK/EPA: the hull mode's answer
// (hull_mode.cpp), also the deciding pair of --decompose and the picture of
// `render`.
#pragma once

#include "common.hpp"
#include "mode.hpp"
#include "sepax/contact.hpp"
#include "sepax/crosscheck.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace sepax::cli {

/// The verdict of a cross-check (CrossCheck::verdict): touching when SAT's
/// separation lies within SAT's touching band (the round-off of its
/// arithmetic) and GJK does not find the pair apart; touching counts as
/// intersecting: hulls are closed sets.
[[nodiscard]] Verdict verdict(const CrossCheck& c);

/// Whether a pair interferes by the verdict's rule (intersecting or within
/// the touching band: sat::intersect), from SAT alone: scene's test of a
/// candidate pair.
[[nodiscard]] bool interferes(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b);

/// Everything `check` reports about one pair of hulls.
/// The header's shapes are describe_shape() and shape_json().
struct PairReport : Report {
  CrossCheck check;
  double sat_us = 0;  ///< time of sat::query, microseconds (median of a few runs)
  double gjk_us = 0;  ///< time of epa::query (GJK, EPA when overlapping)
  /// "" when both inputs are convex, else what the verdict is about
  /// (hulls_caveat): "; A is not convex (--mesh tests the meshes)".
  std::string caveat;
  /// The contact manifold, when asked for (PairQuery::contacts).
  std::optional<contact::Manifold> contacts;
  real margin = 0;  ///< the margin it was computed with

  [[nodiscard]] Verdict verdict() const override { return cli::verdict(check); }
  /// Overlapping or touching: the verdict is not separated.
  [[nodiscard]] bool intersecting() const override { return verdict() != Verdict::separated; }
  /// GJK's distance when separated (0 if GJK finds them overlapping).
  [[nodiscard]] real gap() const override;
  /// GJK's closest points (witness points when overlapping).
  [[nodiscard]] std::array<vec3, 2> gap_points() const override {
    return {check.epa.point_a, check.epa.point_b};
  }
  [[nodiscard]] bool disagree() const override { return !check.agree; }
  void print(std::FILE* out) const override;
  /// Apart: the closest points. Overlapping: EPA's witnesses, the minimum
  /// translation of B as an arrow, and the contact points when asked for.
  void html_markers(HtmlPage& page) const override;
  /// Schema in docs/cli.md, "JSON of one pair".
  [[nodiscard]] nlohmann::json json() const override;
  [[nodiscard]] std::string batch_line() const override;
  [[nodiscard]] std::string scene_line() const override;
  /// json() and "depth" (-separation, 0 for a touching pair apart).
  [[nodiscard]] nlohmann::json scene_json() const override;
  [[nodiscard]] std::string render_line() const override;
};

/// The verdict for people: to_string(verdict()), followed by " hulls" when
/// an input is not convex (the hulls, not the meshes, were tested).
[[nodiscard]] std::string verdict_text(const PairReport& r);

/// Runs the cross-check on a pair of built hulls and times both methods.
[[nodiscard]] PairReport check_pair(const LoadedHull& a, const Pose& pose_a, const LoadedHull& b,
                                    const Pose& pose_b, const PairQuery& query = {});

}  // namespace sepax::cli
