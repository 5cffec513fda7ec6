// One pair of hulls checked with SAT and GJK/EPA: the core of `sepax check`,
// reused by `batch`, `scene` and `render`.
#pragma once

#include "common.hpp"
#include "sepax/contact.hpp"
#include "sepax/crosscheck.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace sepax::cli {

/// The files and poses of a command that checks one pair, as given.
struct PairArguments {
  std::string file_a;
  std::string file_b;
  std::string pose_a = "0,0,0";
  std::string pose_b = "0,0,0";
};

/// Both poses and both files' hulls of a pair.
struct LoadedPair {
  Pose pose_a;
  Pose pose_b;
  std::vector<LoadedHull> as;  ///< A's hulls: the whole file, or one per part
  std::vector<LoadedHull> bs;  ///< B's, likewise
};

/// Parses both poses (parse_pose), then loads both files and builds their
/// hulls (load_built_hulls, one per part when `per_part`). On the first
/// failure prints one line "sepax: <problem>" to stderr and returns nothing.
[[nodiscard]] std::optional<LoadedPair> load_pair(const PairArguments& pair, bool per_part);

/// The verdict of a cross-check: touching when SAT's separation lies within
/// the cross-check's band.
[[nodiscard]] Verdict verdict(const CrossCheck& c);

/// What to compute for a pair besides the cross-check.
struct PairQuery {
  bool contacts = false;  ///< also the contact manifold (contact::collide)
  real margin = 0;        ///< its margin: speculative points within this gap
};

/// Everything `check` reports about one pair.
/// The header's shapes are describe_shape() and shape_json().
struct PairReport : PairHeader {
  CrossCheck check;
  double sat_us = 0;  ///< time of sat::query, microseconds (median of a few runs)
  double gjk_us = 0;  ///< time of epa::query (GJK, EPA when overlapping)
  /// "" when both inputs are convex, else what the verdict is about
  /// (hulls_caveat): "; A is not convex (--mesh tests the meshes)".
  std::string caveat;
  /// The contact manifold, when asked for (PairQuery::contacts).
  std::optional<contact::Manifold> contacts;
  real margin = 0;  ///< the margin it was computed with
};

/// The pair's headline numbers: for a separated pair (both methods apart)
/// GJK's exact distance and the direction from A's closest point to B's;
/// otherwise SAT's exact separation (minus the depth) and axis.
struct Headline {
  real separation = 0;
  vec3 axis{real(0)};
};
[[nodiscard]] Headline headline(const CrossCheck& c);

/// The verdict for people: to_string(verdict()), followed by " hulls" when
/// an input is not convex (the hulls, not the meshes, were tested).
[[nodiscard]] std::string verdict_text(const PairReport& r);

/// Runs the cross-check on a pair of built hulls and times both methods.
[[nodiscard]] PairReport check_pair(const LoadedHull& a, const Pose& pose_a, const LoadedHull& b,
                                    const Pose& pose_b, const PairQuery& query = {});

/// "" without contacts, else "  3 contacts" (for one-line reports).
[[nodiscard]] std::string contacts_suffix(const PairReport& r);

/// "face 3", "edge 12" or "vertex 7": a contact point's feature.
[[nodiscard]] std::string feature_text(contact::FeatureRef f);

/// The manifold as JSON: {"normal", "margin", "separation", "feature",
/// "face_for_edge_pair", "points": [{"point_a", "point_b", "separation", "id",
/// "feature_a", "feature_b"}]} (docs/cli.md); `sat` is SAT's deciding feature,
/// against which face_for_edge_pair is told.
[[nodiscard]] nlohmann::json contacts_json(const contact::Manifold& m, real margin,
                                           const sat::Feature& sat);

/// The report as JSON (schema in README, "JSON output").
[[nodiscard]] nlohmann::json to_json(const PairReport& r);

/// The report for people, several lines on stdout.
void print_report(const PairReport& r);

/// Exit status a set of reports calls for: 3 if any disagree, else 1 if any
/// intersects (touching included), else 0.
[[nodiscard]] int exit_status(bool any_disagree, bool any_intersecting);

}  // namespace sepax::cli
