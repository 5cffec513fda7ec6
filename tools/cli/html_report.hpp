// --html FILE: one self-contained page that shows a pair (or a scene, or a
// cast) in 3D: the meshes shaded in their colours, their hulls as toggles,
// the points, lines and arrows of the answer, and the report's lines in a
// panel. three.js and its orbit controls (Debian's libjs-three) are inlined
// at build time with the page's template (html_template.html), so the page
// needs no network and opens from a file:// URL. Meshes past a triangle
// budget are shown simplified (meshoptimizer), and the page says so.
#pragma once

#include "cast_report.hpp"
#include "common.hpp"
#include "mode.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace sepax::cli {

/// Triangles (three vertex indices) of a surface drawn on the page.
using HtmlTriangles = std::vector<std::array<std::uint32_t, 3>>;

/// One shape as the page draws it, world frame.
struct HtmlShape {
  std::string name;
  std::string color;  ///< "#rrggbb"; set by the page's builder when empty
  std::vector<vec3> positions;
  HtmlTriangles triangles;
  /// Its convex hull, hidden until its toggle is set; empty when the
  /// surface is the hull (or none is drawn).
  std::vector<vec3> hull_positions;
  HtmlTriangles hull_triangles;
};

/// A marked point, a segment and an arrow (world frame), each labelled.
struct HtmlPoint {
  vec3 p{real(0)};
  std::string label;
  std::string color = "#000000";
};
struct HtmlLine {
  vec3 a{real(0)}, b{real(0)};
  std::string label;
  std::string color = "#000000";
};
struct HtmlArrow {
  vec3 from{real(0)}, vector{real(0)};
  std::string label;
  std::string color = "#d62728";
};

/// A row of scene's clash table: the two shapes (indices into objects),
/// the verdict, one line of numbers, and the points to show with it.
struct HtmlPair {
  std::size_t a = 0, b = 0;
  std::string verdict;
  std::string text;
  std::vector<vec3> points;
};

/// Everything the page shows.
struct HtmlPage {
  std::string title;    ///< the command line, shortened
  std::string verdict;  ///< the badge: clear, separated and miss are green
  /// The report's lines: "label: value" lines become rows, others a row
  /// of their own.
  std::vector<std::string> lines;
  std::vector<std::string> notes;  ///< shown under the rows
  std::vector<HtmlShape> objects;
  std::vector<HtmlPoint> points;
  std::vector<HtmlLine> segments;
  std::vector<HtmlArrow> arrows;
  std::vector<HtmlPair> pairs;
};

/// Whether this build can write pages (three.js was found at build time).
[[nodiscard]] bool html_available();

/// The colour of the k-th object: A blue, B orange, then a ten-colour
/// palette (Tableau's, as matplotlib's default cycle).
[[nodiscard]] std::string object_color(std::size_t k);

/// Hull triangles of a hull at a pose (each face a fan), into `positions`
/// and `triangles`.
void hull_surface(const Hull& hull, const Pose& pose, std::vector<vec3>& positions,
                  HtmlTriangles& triangles);

/// The report's lines as print() writes them (to a temporary stream).
template <class Report>
[[nodiscard]] std::vector<std::string> printed_lines(const Report& r);

/// The page of one checked pair: both shapes, the answer's markers, the
/// report's lines and `extra` lines (clearance, volume).
[[nodiscard]] HtmlPage pair_page(const std::string& title, const Mode& mode, const Shape& a,
                                 const Pose& pose_a, const Shape& b, const Pose& pose_b,
                                 const Report& r, const std::vector<std::string>& extra);

/// The page of a scene: every shape (at rest in the file's frame), and the
/// clash table of the listed pairs, each with its verdict, one line
/// (`texts`, one per report) and its markers' points.
[[nodiscard]] HtmlPage scene_page(const std::string& title, const Mode& mode, const Shapes& shapes,
                                  const std::vector<std::unique_ptr<Report>>& pairs,
                                  const std::vector<std::string>& texts);

/// The page of a cast: A, and B at its start, at first contact and at its
/// end (for a ray or a point, the segment); the contact point and normal.
[[nodiscard]] HtmlPage cast_page(const std::string& title, const Mode& mode, const Shape& a,
                                 const Shape* b, const CastReport& r);

/// Writes the page to `path`. Shapes beyond the page's triangle budget are
/// simplified first (with a note). False and one line in `error` when the
/// page cannot be written (no three.js in this build, an unwritable path).
bool write_html(const std::string& path, HtmlPage page, std::string& error);

/// Reads a stream written by print() back as lines (html_report.cpp).
[[nodiscard]] std::vector<std::string> read_lines(std::FILE* f);

template <class Report>
std::vector<std::string> printed_lines(const Report& r) {
  std::FILE* f = std::tmpfile();
  if (!f) return {};
  r.print(f);
  std::vector<std::string> lines = read_lines(f);
  std::fclose(f);
  return lines;
}

}  // namespace sepax::cli
