#include "shape.hpp"

#include <cstdio>

namespace sepax::cli {

namespace {

const char* kind(const LoadedHull& h) {
  if (h.cooked) return "cooked hull";
  return h.triangles.empty() ? "point cloud" : "mesh";
}

/// "a vertex 0.872 inside the hull (5.5% of its size)" for the deepest point.
std::string deepest(const Convexity& c, const Hull& hull) {
  const char* where = c.inner_vertices > 0 ? "a vertex" : "a triangle's centre";
  return std::string(where) + fmt(" %.3g inside the hull", double(c.max_depth)) +
         fmt(" (%.2g%% of its size)", 100.0 * double(c.max_depth / hull.extent()));
}

/// describe_shape() without the sampling note.
std::string describe_measured(const LoadedHull& h) {
  const Convexity& c = h.convexity;
  if (h.triangles.empty()) {
    const std::string cloud = "point cloud of " + count_of(h.points.size(), "point");
    if (c.convex) return cloud + ", all on its hull";
    return cloud + ", " + std::to_string(c.inner_vertices) + " inside its hull, the deepest " +
           fmt("%.3g", double(c.max_depth)) +
           fmt(" (%.2g%% of its size)", 100.0 * double(c.max_depth / h.built.hull.extent()));
  }
  std::string mesh = std::string(c.closed ? "closed" : "open") + " mesh of " +
                     count_of(h.triangles.size(), "triangle");
  if (c.convex) return "convex, " + mesh;
  if (c.hull_ratio)
    mesh += fmt(", its hull %.3gx its ", double(*c.hull_ratio)) +
            (h.built.hull.is_flat() ? "area" : "volume");
  if (c.max_depth > c.tolerance) mesh += ", " + deepest(c, h.built.hull);
  return "not convex: " + mesh;
}

}  // namespace

std::string describe_shape(const LoadedHull& h) {
  if (h.cooked) return "a cooked hull (convex)";
  const Convexity& c = h.convexity;
  const std::string sample =
      c.sample_step > 1 ? " (measured on 1 point in " + std::to_string(c.sample_step) + ")" : "";
  return describe_measured(h) + sample;
}

nlohmann::json shape_json(const LoadedHull& h) {
  const Convexity& c = h.convexity;
  nlohmann::json j = {{"convex", h.cooked || c.convex},
                      {"kind", kind(h)},
                      {"triangles", h.triangles.size()},
                      {"closed", c.closed}};
  if (c.hull_ratio) j["hull_ratio"] = *c.hull_ratio;
  if (!h.cooked) {
    j["max_depth"] = c.max_depth;
    j["inner_vertices"] = c.inner_vertices;
    j["inner_triangles"] = c.inner_triangles;
    j["tolerance"] = c.tolerance;
    j["sample_step"] = c.sample_step;
  }
  return j;
}

std::string hulls_caveat(const LoadedHull& a, const LoadedHull& b, const char* note) {
  const bool a_not = !a.cooked && !a.convexity.convex;
  const bool b_not = !b.cooked && !b.convexity.convex;
  if (!a_not && !b_not) return "";
  const char* who = a_not && b_not ? "A and B are" : (a_not ? "A is" : "B is");
  return std::string("; ") + who + " not convex (" + note + ")";
}

}  // namespace sepax::cli
