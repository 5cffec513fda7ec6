// One pair of hulls checked with SAT and GJK/EPA: the core of `sepax check`,
// reused by `batch`, `scene` and `render`.
#pragma once

#include "common.hpp"
#include "sepax/crosscheck.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace sepax::cli {

/// Parses a pose: "x,y,z" (translation), optionally followed by "/rx,ry,rz"
/// (Euler angles in degrees, applied about x, then y, then z) or
/// "/q=w,x,y,z" (a quaternion, normalized here). Returns false and sets
/// `error` on bad syntax or non-finite numbers.
bool parse_pose(const std::string& text, Pose& pose, std::string& error);

/// parse_pose() for both poses of a pair; prints the error line to stderr
/// and returns false when either is bad.
bool parse_poses(const std::string& text_a, const std::string& text_b, Pose& pose_a, Pose& pose_b);

/// "intersecting", "touching" or "separated" for a cross-check: touching
/// when SAT's separation lies within the cross-check's band.
[[nodiscard]] const char* verdict(const CrossCheck& c);

/// Everything `check` reports about one pair.
struct PairReport {
  std::string id;  ///< case id (batch) or "A-B" names
  std::string name_a;
  std::string name_b;
  Pose pose_a;
  Pose pose_b;
  CrossCheck check;
  double sat_us = 0;  ///< time of sat::query, microseconds (median of a few runs)
  double gjk_us = 0;  ///< time of epa::query (GJK, EPA when overlapping)
};

/// Runs the cross-check on a pair of built hulls and times both methods.
[[nodiscard]] PairReport check_pair(const LoadedHull& a, const Pose& pose_a, const LoadedHull& b,
                                    const Pose& pose_b);

/// The report as JSON (schema in README, "JSON output").
[[nodiscard]] nlohmann::json to_json(const PairReport& r);

/// The report for people, several lines on stdout.
void print_report(const PairReport& r);

/// Exit status a set of reports calls for: 3 if any disagree, else 1 if any
/// intersects (touching included), else 0.
[[nodiscard]] int exit_status(bool any_disagree, bool any_intersecting);

}  // namespace sepax::cli
