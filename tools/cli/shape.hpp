// What each hull stands for: the mesh or cloud it was built from, convex or
// not. Every query of the tool's default mode is about convex hulls; when an
// input is not convex, the reports say so (and point to --mesh) instead of
// passing its hull off as the shape.
#pragma once

#include "common.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace sepax::cli {

/// One phrase for people: "convex, closed mesh of 12 triangles", "not
/// convex: closed mesh of 3678 triangles, its hull 1.21x its volume, a
/// vertex 0.872 inside the hull (5.5% of its size)", "point cloud of 8
/// points, all on its hull", "a cooked hull".
[[nodiscard]] std::string describe_shape(const LoadedHull& h);

/// The same as JSON: {"convex", "kind" (mesh, point cloud, cooked hull),
/// "triangles", "closed", "hull_ratio" (when known), "max_depth",
/// "inner_vertices", "inner_triangles", "tolerance"}.
[[nodiscard]] nlohmann::json shape_json(const LoadedHull& h);

/// For a verdict about two hulls: "" when both inputs are convex, else a
/// clause such as "; A is not convex (--mesh tests the meshes)", `note` in
/// the parentheses.
[[nodiscard]] std::string hulls_caveat(const LoadedHull& a, const LoadedHull& b,
                                       const char* note = "--mesh tests the meshes");

}  // namespace sepax::cli
