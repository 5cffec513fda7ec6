// SVG pictures of a checked pair: three orthographic views and an isometric
// one, with the separating plane or the MTV arrow, the witness points and a
// caption with the verdict.
#pragma once

#include "check.hpp"

#include <string>

namespace sepax::cli {

/// Writes the picture of `report` (hulls `a` and `b` at the report's poses)
/// to `path`. Returns false and sets `error` when the file cannot be
/// written.
bool write_svg(const std::string& path, const LoadedHull& a, const LoadedHull& b,
               const PairReport& report, std::string& error);

}  // namespace sepax::cli
