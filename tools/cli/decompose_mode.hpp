// `--decompose`: a non-convex mesh split into convex parts (decompose.hpp,
// HACD), the seeds' way: each part is a hull, and two compounds are
// checked part against part after a box broadphase. Approximate by nature:
// the reports say so and point to --mesh for the exact answer.
#pragma once

#include "check.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace sepax::cli {

/// True when this build has sepax_decompose (libHACD was found).
[[nodiscard]] bool decompose_available();

/// One input as convex parts in its own frame.
struct Compound {
  std::string name;               ///< the file
  std::vector<LoadedHull> parts;  ///< named "file[k]"; one (the hull) when convex
  bool decomposed = false;        ///< false: the input is convex (or a cooked hull)
  std::size_t triangles = 0;      ///< the mesh's triangles
  real error = 0;                 ///< decompose's error: how far the parts stray from the mesh
  real diagonal = 0;              ///< the mesh's bounding-box diagonal
  double seconds = 0;             ///< time of the decomposition
};

/// The decomposition's settings the tool offers (--concavity, --max-parts).
struct DecomposeSettings {
  double concavity = 0;       ///< 0: the library's default
  std::size_t max_parts = 0;  ///< 0: the library's default
};

/// Adds --concavity and --max-parts to a command that takes --decompose.
void add_decompose_options(CLI::App* cmd, DecomposeSettings& settings);

/// Loads `path`: a convex mesh or a cooked hull is one part, a non-convex
/// mesh is decomposed (progress on stderr when it is a terminal). On error
/// returns false and sets `error` to one line naming the file.
bool load_compound(const std::string& path, const DecomposeSettings& settings, Compound& out,
                   std::string& error);

/// One line for people: "3 convex parts by HACD from a closed mesh of 36
/// triangles, straying up to 0.01 (0.2% of its size)" or "convex: one part".
[[nodiscard]] std::string describe(const Compound& c);

/// What --decompose reports about one pair of compounds.
/// The header's shapes are describe() and the decomposition's JSON.
struct CompoundReport final : Report {
  std::size_t pairs = 0;       ///< part pairs
  std::size_t candidates = 0;  ///< part pairs whose world boxes overlap
  std::size_t intersecting_pairs = 0;
  bool overlap = false;  ///< some pair of parts intersects
  /// Intersecting: the deepest pair's SAT separation (minus its depth);
  /// apart: the smallest distance between parts (GJK).
  real separation = 0;
  std::size_t part_a = 0;  ///< the deciding pair's parts (deepest, or closest)
  std::size_t part_b = 0;
  PairReport deciding;  ///< check_pair on the deciding pair

  [[nodiscard]] Verdict verdict() const override {
    return overlap ? Verdict::intersecting : Verdict::separated;
  }
  [[nodiscard]] bool intersecting() const override { return overlap; }
  [[nodiscard]] bool disagree() const override { return !deciding.check.agree; }
  /// "mode": "decompose", "approximate": true, "intersecting",
  /// "separation", the deciding parts, the counts, and "pair" (the deciding
  /// pair as check --json gives it).
  [[nodiscard]] nlohmann::json json() const override;
  void print() const override;
};

/// Checks every pair of parts (box broadphase, SAT; GJK for the distance
/// when no pair overlaps) and cross-checks the deciding pair.
[[nodiscard]] CompoundReport check_compounds(const Compound& a, const Pose& pose_a,
                                             const Compound& b, const Pose& pose_b,
                                             const PairQuery& query);

}  // namespace sepax::cli
