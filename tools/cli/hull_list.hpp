// `sepax hull`: the listing of the files' hulls. The default is here (each
// file's hulls); a mode may list its own (Mode::list_hulls) from the same
// pieces.
#pragma once

#include "common.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace sepax::cli {

/// What `sepax hull` was asked for.
struct HullListing {
  std::vector<std::string> files;
  bool json = false;
  bool parts = false;
  std::string out;               ///< OBJ, or a cooked hull when it ends in .sxhull
  std::size_t max_vertices = 0;  ///< 0: no cap
};

/// The default listing: each file's hulls (one per part with `parts`),
/// capped, validated and reported, then written to `out`. Returns the exit
/// status.
[[nodiscard]] int list_file_hulls(const HullListing& listing);

/// What --max-vertices did to one hull.
struct Cap {
  bool applied = false;
  std::size_t original_vertices = 0;
  real deviation = 0;
};

/// One hull's entry of `hull --json` (docs/cli.md).
[[nodiscard]] nlohmann::json hull_json(const LoadedHull& h, const HullReport& report,
                                       const Cap& cap = {});

/// Writes every valid hull into one OBJ file, one `o` object per hull.
bool write_obj(const std::string& path, const std::vector<LoadedHull>& hulls);

/// Writes the one hull as a cooked hull file (hull_file.hpp); on failure
/// prints why to stderr and returns false.
bool write_cooked(const std::string& path, const std::vector<LoadedHull>& hulls);

}  // namespace sepax::cli
