// SVG pictures of a checked pair: three orthographic views and an isometric
// one, with the separating plane or the MTV arrow, the witness points and a
// caption with the verdict; and the same views of a cast.
#pragma once

#include "cast_report.hpp"
#include "check.hpp"

#include <span>
#include <string>

namespace sepax::cli {

/// Writes the picture of `report` (hulls `a` and `b` at the report's poses)
/// to `path`. Returns false and sets `error` when the file cannot be
/// written.
bool write_svg(const std::string& path, const LoadedHull& a, const LoadedHull& b,
               const PairReport& report, std::string& error);

/// The same picture for two compounds (convex parts of each side, e.g. from
/// --decompose): every part of `parts_a` and `parts_b` is drawn in its
/// side's colour; the pair (a, b) of the report, two of those parts, gives
/// the witness points, the arrow or the plane and the caption.
bool write_svg(const std::string& path, const LoadedHull& a, const LoadedHull& b,
               const PairReport& report, std::span<const LoadedHull> parts_a,
               std::span<const LoadedHull> parts_b, std::string& error);

/// The picture of a cast: A at its pose; B (when `b`, a hull) at its start,
/// at its end and, highlighted, at contact, with its centre's path; for a ray
/// or a point (`b` null), the segment. On a hit, the contact point and the
/// normal.
bool write_cast_svg(const std::string& path, const LoadedHull& a, const LoadedHull* b,
                    const CastReport& report, std::string& error);

}  // namespace sepax::cli
