// SVG pictures of a checked pair and of a cast. Pure string building: the
// picture is made of four panels (front, top, side orthographic, and
// isometric), each the hulls' faces sorted back to front (painter's
// algorithm on the hulls' centroids' depth), then for a pair the separating
// plane or the MTV arrow and the witness points, for a cast the path, the
// normal and the contact point; a legend and a caption follow.
#include "render.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <limits>
#include <optional>
#include <span>
#include <sstream>
#include <vector>

namespace sepax::cli {

namespace {

/// Layout, in SVG user units (pixels).
constexpr double panel_size = 380;     // width and height of one view
constexpr double panel_gap = 12;       // space between and around panels
constexpr double panel_margin = 28;    // room inside a panel for its title
constexpr double header_height = 36;   // title line above the panels
constexpr double footer_height = 165;  // legend and caption (4 lines) below the panels
constexpr double caption_line = 18;    // a caption line's height
constexpr double arrow_head = 11;      // arrowhead length
constexpr double min_arrow = 3;        // shorter projected arrows become a dot-in-circle
/// Above this many faces (both hulls) outlines are drawn thinner.
constexpr std::size_t dense_faces = 200;
/// The separating plane is cut by the pair's bounding box grown by this
/// fraction of its diagonal on every side, so it shows beyond both hulls.
constexpr real plane_box_growth = real(0.08);

constexpr const char* color_a = "#1f77b4";
constexpr const char* color_b = "#ff7f0e";
constexpr const char* dark_a = "#0b3c66";
constexpr const char* dark_b = "#8a4000";
constexpr const char* color_plane = "#2ca02c";
constexpr const char* color_mtv = "#d62728";
constexpr const char* color_hit = "#d62728";     // B at contact
constexpr const char* color_normal = "#2ca02c";  // a cast's normal
constexpr const char* color_path = "#555555";
/// A cast's normal arrow is this fraction of the picture's radius long.
constexpr real normal_length = real(0.35);
/// Points along a turning B's path (its centre's curve).
constexpr int path_samples = 32;

/// How one hull is drawn: the class of its paths and its front faces' paint
/// (back faces are always faint and dashed).
struct Body {
  std::string cls;  // "hull-a", "hull-b", "hull-b contact", ...
  const char* color;
  const char* fill = "0.35";        // front faces' fill-opacity
  const char* stroke_opacity = "";  // "" full
  const char* stroke_width = "";    // "" the default (thinner when dense)
  const char* dash = "";            // front faces' stroke-dasharray; "" solid
};

/// One face of a posed hull, world frame.
struct Face3 {
  int body = 0;  // index in Scene::bodies
  vec3 normal{real(0)};
  vec3 centroid{real(0)};
  std::vector<vec3> points;
};

/// An arrow in the world frame.
struct Arrow {
  vec3 from{real(0)};
  vec3 to{real(0)};
  const char* cls;
  const char* color;
};

/// Everything drawn, in the world frame.
struct Scene {
  std::vector<Body> bodies;
  std::vector<Face3> faces;
  std::vector<vec3> plane;                     // separating plane polygon (separated pairs)
  std::optional<Arrow> arrow;                  // MTV (intersecting pairs) or a cast's normal
  std::optional<std::array<vec3, 2>> witness;  // GJK/EPA's points on A and B (pairs)
  std::vector<vec3> contacts;                  // contact points on A (--contacts)
  std::vector<vec3> path;                      // a cast's path (a polyline)
  std::optional<vec3> hit;                     // a cast's contact point
  vec3 center{real(0)};
  real radius = 1;
};

/// An orthographic camera: screen right, screen up, and the direction
/// towards the viewer (depth grows towards the viewer).
struct View {
  const char* id;
  const char* title;
  vec3 right;
  vec3 up;
  vec3 toward;
};

struct Point2 {
  double x = 0;
  double y = 0;
};

View make_view(const char* id, const char* title, vec3 toward) {
  toward = glm::normalize(toward);
  vec3 right = glm::cross(vec3(0, 0, 1), toward);
  if (glm::length(right) < real(0.5)) right = vec3(1, 0, 0);  // looking straight down
  right = glm::normalize(right);
  return View{id, title, right, glm::cross(toward, right), toward};
}

std::array<View, 4> views() {
  return {make_view("front", "Front (x right, z up)", vec3(0, -1, 0)),
          make_view("top", "Top (x right, y up)", vec3(0, 0, 1)),
          make_view("side", "Side (y right, z up)", vec3(1, 0, 0)),
          make_view("iso", "Isometric (from +x, -y, +z)", vec3(1, -1, 1))};
}

std::string escape_xml(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        // Control characters are not allowed in XML 1.0 text.
        if (static_cast<unsigned char>(c) >= 0x20 || c == '\t')
          out += c;
        else
          out += '?';
    }
  }
  return out;
}

std::string vec_text(const vec3& v) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "(%.4g, %.4g, %.4g)", double(v.x), double(v.y), double(v.z));
  return buf;
}

/// The name without its directories (the title must fit; the legend has
/// the full names).
std::string base_name(const std::string& name) {
  const std::size_t slash = name.find_last_of("/\\");
  return slash == std::string::npos ? name : name.substr(slash + 1);
}

void add_faces(const Hull& hull, const Pose& pose, int which, std::vector<Face3>& out) {
  for (std::size_t f = 0; f < hull.face_count(); ++f) {
    Face3 face;
    face.body = which;
    face.normal = pose.rotate(hull.planes()[f].normal);
    index_t e = hull.faces()[f].edge;
    for (index_t k = 0; k < hull.faces()[f].count; ++k, e = hull.half_edges()[e].next)
      face.points.push_back(pose.apply(hull.vertices()[hull.half_edges()[e].origin]));
    for (const vec3& p : face.points) face.centroid += p;
    face.centroid /= real(face.points.size());
    out.push_back(std::move(face));
  }
}

/// Extreme of dot(axis, x) over the hull's world vertices: max when `upper`.
real extreme(const Hull& hull, const Pose& pose, const vec3& axis, bool upper, vec3* where) {
  real best = upper ? -std::numeric_limits<real>::max() : std::numeric_limits<real>::max();
  for (const vec3& v : hull.vertices()) {
    const vec3 w = pose.apply(v);
    const real d = glm::dot(axis, w);
    if (upper ? d > best : d < best) {
      best = d;
      if (where) *where = w;
    }
  }
  return best;
}

/// The polygon where the plane dot(n, x) = d cuts the box [lo, hi]: the
/// crossings of the box's 12 edges, sorted by angle about their centroid.
std::vector<vec3> cut_box(const vec3& n, real d, const vec3& lo, const vec3& hi) {
  std::vector<vec3> pts;
  for (int axis = 0; axis < 3; ++axis) {
    const int u = (axis + 1) % 3, v = (axis + 2) % 3;
    for (int corner = 0; corner < 4; ++corner) {
      vec3 p0 = lo;
      p0[u] = (corner & 1) ? hi[u] : lo[u];
      p0[v] = (corner & 2) ? hi[v] : lo[v];
      vec3 p1 = p0;
      p1[axis] = hi[axis];
      const real s0 = glm::dot(n, p0) - d, s1 = glm::dot(n, p1) - d;
      if ((s0 < 0) != (s1 < 0) && s0 != s1) pts.push_back(p0 + (p1 - p0) * (s0 / (s0 - s1)));
    }
  }
  if (pts.size() < 3) return {};
  vec3 c(0);
  for (const vec3& p : pts) c += p;
  c /= real(pts.size());
  vec3 t = glm::cross(n, std::abs(n.x) < real(0.9) ? vec3(1, 0, 0) : vec3(0, 1, 0));
  t = glm::normalize(t);
  const vec3 s = glm::cross(n, t);
  std::sort(pts.begin(), pts.end(), [&](const vec3& p, const vec3& q) {
    return std::atan2(glm::dot(p - c, s), glm::dot(p - c, t)) <
           std::atan2(glm::dot(q - c, s), glm::dot(q - c, t));
  });
  return pts;
}

/// World bounds of what is drawn, then its center and bounding radius.
void frame_scene(Scene& scene, vec3& lo, vec3& hi) {
  lo = vec3(std::numeric_limits<real>::max());
  hi = -lo;
  const auto add = [&](const vec3& p) {
    lo = glm::min(lo, p);
    hi = glm::max(hi, p);
  };
  for (const Face3& f : scene.faces)
    for (const vec3& p : f.points) add(p);
  if (scene.arrow) {
    add(scene.arrow->from);
    add(scene.arrow->to);
  }
  for (const vec3& p : scene.path) add(p);
  scene.center = (lo + hi) * real(0.5);
  scene.radius = std::max(glm::length(hi - lo) * real(0.5), real(1e-12));
}

Scene build_scene(const LoadedHull& a, const LoadedHull& b, const PairReport& r,
                  std::span<const LoadedHull> parts_a, std::span<const LoadedHull> parts_b) {
  Scene scene;
  scene.bodies = {{"hull-a", color_a}, {"hull-b", color_b}};
  const Hull& ha = a.built.hull;
  const Hull& hb = b.built.hull;
  add_faces(ha, r.pose_a, 0, scene.faces);
  add_faces(hb, r.pose_b, 1, scene.faces);
  for (const LoadedHull& part : parts_a)
    if (&part != &a) add_faces(part.built.hull, r.pose_a, 0, scene.faces);
  for (const LoadedHull& part : parts_b)
    if (&part != &b) add_faces(part.built.hull, r.pose_b, 1, scene.faces);
  const CrossCheck& c = r.check;
  scene.witness = std::array<vec3, 2>{c.epa.point_a, c.epa.point_b};
  if (r.contacts)
    for (int i = 0; i < r.contacts->count; ++i)
      scene.contacts.push_back(r.contacts->points[i].point_a);
  const vec3 n = c.sat.axis;
  if (c.sat.intersecting) {
    // From A's deepest point along the axis by the depth: where B's deepest
    // point must go. GJK/EPA's point when it overlaps too, else A's support.
    vec3 deepest = c.epa.point_a;
    if (!c.epa.intersecting) (void)extreme(ha, r.pose_a, n, true, &deepest);
    scene.arrow = Arrow{deepest, deepest - c.sat.separation * n, "mtv", color_mtv};
  }
  vec3 lo, hi;
  frame_scene(scene, lo, hi);
  // A separating plane of two parts of compounds would cut through the
  // other parts: drawn only for a pair of single hulls.
  const bool compounds = parts_a.size() > 1 || parts_b.size() > 1;
  if (!c.sat.intersecting && !compounds) {
    const real top_a = extreme(ha, r.pose_a, n, true, nullptr);
    const real bottom_b = extreme(hb, r.pose_b, n, false, nullptr);
    const vec3 grow(plane_box_growth * glm::length(hi - lo));
    scene.plane = cut_box(n, (top_a + bottom_b) * real(0.5), lo - grow, hi + grow);
  }
  return scene;
}

/// Maps world points of one view into its panel at (ox, oy).
struct Projector {
  const View& view;
  const Scene& scene;
  double ox, oy, scale;

  Point2 operator()(const vec3& p) const {
    const vec3 d = p - scene.center;
    const double half = panel_size * 0.5;
    return {ox + half + scale * double(glm::dot(d, view.right)),
            oy + panel_margin * 0.5 + half - scale * double(glm::dot(d, view.up))};
  }
  [[nodiscard]] double depth(const vec3& p) const { return double(glm::dot(p, view.toward)); }
};

std::string points_attr(const Projector& proj, const std::vector<vec3>& pts) {
  std::string s;
  for (const vec3& p : pts) {
    const Point2 q = proj(p);
    if (!s.empty()) s += ' ';
    s += fmt("%.2f", q.x) + "," + fmt("%.2f", q.y);
  }
  return s;
}

/// Path data of the faces: each an "M x y l dx dy ... z" subpath, in tenths
/// of a pixel. The steps are differences of the rounded positions, so the
/// corners land where absolute coordinates would, in about half the bytes.
std::string faces_path(const Projector& proj, const std::vector<const Face3*>& faces) {
  std::string d;
  const auto tenths = [](double x) { return static_cast<long>(std::lround(x * 10)); };
  const auto number = [](long t) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%s%ld.%ld", t < 0 ? "-" : "", std::labs(t) / 10,
                  std::labs(t) % 10);
    return std::string(buf);
  };
  for (const Face3* f : faces) {
    long x0 = 0, y0 = 0;
    for (std::size_t k = 0; k < f->points.size(); ++k) {
      const Point2 q = proj(f->points[k]);
      const long x = tenths(q.x), y = tenths(q.y);
      if (k == 0) {
        d += 'M';
        d += number(x);
        d += ' ';
        d += number(y);
        d += 'l';
      } else {
        d += number(x - x0);
        d += ' ';
        d += number(y - y0);
        if (k + 1 < f->points.size()) d += ' ';
      }
      x0 = x;
      y0 = y;
    }
    d += "z";
  }
  return d;
}

/// The hulls' faces as two paths each: every hull's back faces (dashed,
/// faint), then their front faces, the hull whose centroid is farther from
/// the viewer first. A convex hull's front faces never overlap one another
/// on screen, so one path per hull draws them as separate polygons would,
/// and a 500-vertex pair stays a few hundred kilobytes for all four views.
void draw_faces(std::ostream& out, const Projector& proj, const Scene& scene) {
  const std::size_t n = scene.bodies.size();
  std::vector<std::array<std::vector<const Face3*>, 2>> groups(n);  // [body][front]
  std::vector<vec3> centroid(n, vec3(0));
  for (const Face3& f : scene.faces) {
    const bool front = glm::dot(f.normal, proj.view.toward) >= 0;
    groups[std::size_t(f.body)][front].push_back(&f);
    centroid[std::size_t(f.body)] += f.centroid;
  }
  std::vector<double> depth(n);
  for (std::size_t k = 0; k < n; ++k)
    depth[k] = proj.depth(
        centroid[k] / real(std::max<std::size_t>(1, groups[k][0].size() + groups[k][1].size())));
  std::vector<std::size_t> order(n);
  for (std::size_t k = 0; k < n; ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t i, std::size_t j) { return depth[i] < depth[j]; });
  // Many small faces: thinner outlines, so the fill still reads.
  const char* stroke = scene.faces.size() > dense_faces ? "0.5" : "1";
  out << "    <g class=\"faces\">\n";
  for (const bool front : {false, true}) {
    for (const std::size_t k : order) {
      if (groups[k][front].empty()) continue;
      const Body& body = scene.bodies[k];
      out << "      <path class=\"" << body.cls << (front ? " front" : " back") << "\" d=\""
          << faces_path(proj, groups[k][front]) << "\" fill=\"" << body.color << "\" stroke=\""
          << body.color;
      if (!front) {
        out << "\" fill-opacity=\"0.05\" stroke-opacity=\"0.3\" stroke-width=\"0.6\" "
               "stroke-dasharray=\"3 2\"/>\n";
        continue;
      }
      out << "\" fill-opacity=\"" << body.fill;
      if (*body.stroke_opacity) out << "\" stroke-opacity=\"" << body.stroke_opacity;
      out << "\" stroke-width=\"" << (*body.stroke_width ? body.stroke_width : stroke);
      if (*body.dash) out << "\" stroke-dasharray=\"" << body.dash;
      out << "\" stroke-linejoin=\"round\"/>\n";
    }
  }
  out << "    </g>\n";
}

void draw_arrow(std::ostream& out, const Projector& proj, const Arrow& arrow) {
  const Point2 p = proj(arrow.from), q = proj(arrow.to);
  const double dx = q.x - p.x, dy = q.y - p.y, len = std::hypot(dx, dy);
  out << "    <g class=\"" << arrow.cls << "\" stroke=\"" << arrow.color << "\" fill=\""
      << arrow.color << "\">\n";
  if (len < min_arrow) {  // the axis points at the viewer: a dot in a circle
    out << "      <circle cx=\"" << fmt("%.2f", p.x) << "\" cy=\"" << fmt("%.2f", p.y)
        << "\" r=\"6\" fill=\"none\" stroke-width=\"1.5\"/>\n"
        << "      <circle cx=\"" << fmt("%.2f", p.x) << "\" cy=\"" << fmt("%.2f", p.y)
        << "\" r=\"1.8\" stroke=\"none\"/>\n    </g>\n";
    return;
  }
  const double ux = dx / len, uy = dy / len, h = std::min(arrow_head, 0.6 * len);
  const Point2 base{q.x - h * ux, q.y - h * uy};
  out << "      <line x1=\"" << fmt("%.2f", p.x) << "\" y1=\"" << fmt("%.2f", p.y) << "\" x2=\""
      << fmt("%.2f", base.x) << "\" y2=\"" << fmt("%.2f", base.y) << "\" stroke-width=\"2.2\"/>\n";
  out << "      <polygon stroke=\"none\" points=\"" << fmt("%.2f", q.x) << "," << fmt("%.2f", q.y)
      << " " << fmt("%.2f", base.x - 0.45 * h * uy) << "," << fmt("%.2f", base.y + 0.45 * h * ux)
      << " " << fmt("%.2f", base.x + 0.45 * h * uy) << "," << fmt("%.2f", base.y - 0.45 * h * ux)
      << "\"/>\n    </g>\n";
}

void draw_witness(std::ostream& out, const Projector& proj, const std::array<vec3, 2>& witness) {
  out << "    <g class=\"witness\" stroke=\"white\" stroke-width=\"1\">\n";
  const Point2 pa = proj(witness[0]), pb = proj(witness[1]);
  out << "      <circle class=\"witness-a\" cx=\"" << fmt("%.2f", pa.x) << "\" cy=\""
      << fmt("%.2f", pa.y) << "\" r=\"3.5\" fill=\"" << dark_a << "\"/>\n";
  out << "      <circle class=\"witness-b\" cx=\"" << fmt("%.2f", pb.x) << "\" cy=\""
      << fmt("%.2f", pb.y) << "\" r=\"3.5\" fill=\"" << dark_b << "\"/>\n";
  out << "    </g>\n";
}

/// The contact points on A: small black crosses, drawn last.
void draw_contacts(std::ostream& out, const Projector& proj, const Scene& scene) {
  if (scene.contacts.empty()) return;
  out << "    <g class=\"contacts\" stroke=\"#000000\" stroke-width=\"1.6\">\n";
  for (const vec3& p : scene.contacts) {
    const Point2 q = proj(p);
    out << "      <path d=\"M" << fmt("%.1f", q.x - 4) << " " << fmt("%.1f", q.y - 4)
        << "l8 8m0 -8l-8 8\"/>\n";
  }
  out << "    </g>\n";
}

/// A cast's path: a dashed polyline.
void draw_path(std::ostream& out, const Projector& proj, const Scene& scene) {
  if (scene.path.empty()) return;
  out << "    <g class=\"path\">\n      <polyline points=\"" << points_attr(proj, scene.path)
      << "\" fill=\"none\" stroke=\"" << color_path
      << "\" stroke-width=\"1.5\" stroke-dasharray=\"5 3\"/>\n    </g>\n";
}

/// A cast's contact point: a black dot ringed in white, drawn last.
void draw_hit(std::ostream& out, const Projector& proj, const Scene& scene) {
  if (!scene.hit) return;
  const Point2 q = proj(*scene.hit);
  out << "    <g class=\"hit\">\n      <circle cx=\"" << fmt("%.2f", q.x) << "\" cy=\""
      << fmt("%.2f", q.y) << "\" r=\"4\" fill=\"#000000\" stroke=\"white\" "
      << "stroke-width=\"1.2\"/>\n    </g>\n";
}

void draw_view(std::ostream& out, const View& view, const Scene& scene, double ox, double oy) {
  const double scale = (panel_size * 0.5 - panel_margin) / double(scene.radius);
  const Projector proj{view, scene, ox, oy, scale};
  out << "  <g id=\"view-" << view.id << "\" class=\"view\">\n";
  out << "    <rect x=\"" << ox << "\" y=\"" << oy << "\" width=\"" << panel_size << "\" height=\""
      << panel_size << "\" fill=\"#fbfbfb\" stroke=\"#bbbbbb\"/>\n";
  out << "    <text x=\"" << ox + 8 << "\" y=\"" << oy + 18
      << "\" font-size=\"13\" fill=\"#333333\">" << view.title << "</text>\n";
  draw_faces(out, proj, scene);
  if (!scene.plane.empty())
    out << "    <g class=\"plane\">\n      <polygon points=\"" << points_attr(proj, scene.plane)
        << "\" fill=\"" << color_plane << "\" fill-opacity=\"0.12\" stroke=\"" << color_plane
        << "\" stroke-width=\"1.5\" stroke-dasharray=\"6 3\"/>\n    </g>\n";
  draw_path(out, proj, scene);
  if (scene.arrow) draw_arrow(out, proj, *scene.arrow);
  if (scene.witness) draw_witness(out, proj, *scene.witness);
  draw_contacts(out, proj, scene);
  draw_hit(out, proj, scene);
  out << "  </g>\n";
}

void legend_entry(std::ostream& out, double x, double y, const std::string& swatch,
                  const std::string& label) {
  out << "    <g transform=\"translate(" << x << "," << y << ")\">" << swatch
      << "<text x=\"22\" y=\"10\">" << label << "</text></g>\n";
}

void draw_legend(std::ostream& out, const PairReport& r, bool plane, double y) {
  const auto square = [](const char* color, const char* opacity) {
    return std::string("<rect width=\"14\" height=\"12\" fill=\"") + color + "\" fill-opacity=\"" +
           opacity + "\" stroke=\"" + color + "\"/>";
  };
  out << "  <g id=\"legend\" font-size=\"12\" fill=\"#222222\">\n";
  const double x = panel_gap, col = panel_gap + panel_size * 1.05;
  legend_entry(out, x, y, square(color_a, "0.35"), "A: " + escape_xml(r.name_a));
  legend_entry(out, x, y + 18, square(color_b, "0.35"), "B: " + escape_xml(r.name_b));
  legend_entry(out, x, y + 36, square("#777777", "0.05"), "back faces (dashed, faint)");
  if (r.check.sat.intersecting)
    legend_entry(out, col, y,
                 "<line x1=\"0\" y1=\"6\" x2=\"14\" y2=\"6\" stroke=\"" + std::string(color_mtv) +
                     "\" stroke-width=\"2.2\"/>",
                 "MTV: from A's deepest point, along the axis, by the depth");
  else if (plane)
    legend_entry(out, col, y, square(color_plane, "0.12"), "separating plane (\u22a5 SAT axis)");
  legend_entry(out, col, y + 18,
               std::string("<circle cx=\"4\" cy=\"6\" r=\"3.5\" fill=\"") + dark_a +
                   "\"/><circle cx=\"12\" cy=\"6\" r=\"3.5\" fill=\"" + dark_b + "\"/>",
               "GJK/EPA witness points on A and on B");
  if (r.contacts)
    legend_entry(out, col, y + 36,
                 "<path d=\"M3 2l8 8m0 -8l-8 8\" stroke=\"#000000\" stroke-width=\"1.6\"/>",
                 "contact points on A (" + std::to_string(r.contacts->count) + ", margin " +
                     fmt("%.3g", double(r.margin)) + ")");
  out << "  </g>\n";
}

std::vector<std::string> caption_lines(const PairReport& r) {
  const CrossCheck& c = r.check;
  const double sep = double(c.sat.separation);
  std::string verdict_line = "Verdict: " + verdict_text(r);
  if (c.sat.intersecting)
    verdict_line += ", depth " + fmt("%.6g", -sep) + " (SAT), " +
                    fmt("%.6g", -double(c.epa.separation)) + " (GJK/EPA)";
  else
    verdict_line += ", distance " + fmt("%.6g", double(c.epa.separation)) + " (GJK), \u2265 " +
                    fmt("%.6g", sep) + " (SAT)";
  std::string axis_line = "Axis (unit, world frame, from A to B): " + vec_text(c.sat.axis) +
                          ", SAT feature " + sat::to_string(c.sat.feature.kind);
  std::string agree_line = c.agree ? std::string("SAT and GJK/EPA agree")
                                   : std::string("SAT and GJK/EPA DISAGREE: ") + c.reason;
  if (r.caveat.empty()) return {verdict_line, axis_line, agree_line};
  // "; A is not convex (...)" as a line of its own.
  return {verdict_line, r.caveat.substr(2), axis_line, agree_line};
}

void draw_caption(std::ostream& out, const std::vector<std::string>& lines, double y) {
  out << "  <g id=\"caption\" font-size=\"13\" fill=\"#111111\">\n";
  for (const std::string& line : lines) {
    out << "    <text x=\"" << panel_gap << "\" y=\"" << y << "\">" << escape_xml(line)
        << "</text>\n";
    y += caption_line;
  }
  out << "  </g>\n";
}

/// The picture's text: `title` (the document's), `heading` (above the
/// panels), the four views of the scene, then `legend` (drawn at a height,
/// `legend_rows` rows) and the caption's lines.
std::string svg_document(const std::string& title, const std::string& heading, const Scene& scene,
                         const std::function<void(std::ostream&, double)>& legend, int legend_rows,
                         const std::vector<std::string>& caption) {
  const double width = 2 * panel_size + 3 * panel_gap;
  const double panels_bottom = header_height + 2 * panel_size + panel_gap;
  // The footer holds 3 legend rows and 4 caption lines; more make it taller.
  const double legend_extra = caption_line * std::max(0, legend_rows - 3);
  const double caption_extra = caption_line * double(std::max<std::size_t>(caption.size(), 4) - 4);
  const double height = panels_bottom + footer_height + legend_extra + caption_extra;
  std::ostringstream out;
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
      << "\" viewBox=\"0 0 " << width << " " << height
      << "\" font-family=\"Helvetica, Arial, sans-serif\">\n";
  out << "  <title>sepax: " << escape_xml(title) << "</title>\n";
  out << "  <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  out << "  <text id=\"title\" x=\"" << panel_gap << "\" y=\"24\" font-size=\"16\" "
      << "font-weight=\"bold\">" << escape_xml(heading) << "</text>\n";
  const std::array<View, 4> all = views();
  for (int k = 0; k < 4; ++k) {
    const double ox = panel_gap + (k % 2) * (panel_size + panel_gap);
    const double oy = header_height + (k / 2) * (panel_size + panel_gap);
    draw_view(out, all[k], scene, ox, oy);
  }
  legend(out, panels_bottom + 10);
  draw_caption(out, caption, panels_bottom + 90 + legend_extra);
  out << "</svg>\n";
  return out.str();
}

std::string svg_text(const LoadedHull& a, const LoadedHull& b, const PairReport& r,
                     std::span<const LoadedHull> parts_a, std::span<const LoadedHull> parts_b) {
  const Scene scene = build_scene(a, b, r, parts_a, parts_b);
  return svg_document(
      r.name_a + " vs " + r.name_b,
      base_name(r.name_a) + " vs " + base_name(r.name_b) + ": " + verdict_text(r), scene,
      [&](std::ostream& out, double y) { draw_legend(out, r, !scene.plane.empty(), y); }, 3,
      caption_lines(r));
}

// --- casts --------------------------------------------------------------------

/// The mean of the hull's vertices, in its frame: the point whose path is drawn.
vec3 centre(const Hull& hull) {
  vec3 sum(0);
  for (const vec3& v : hull.vertices()) sum += v;
  return sum / real(hull.vertex_count());
}

/// B (a hull) at its start, its end and at contact, and its centre's path.
void add_cast_bodies(const Hull& hb, const CastReport& r, Scene& scene) {
  const bool hit = r.result.hit();
  const auto add = [&](Body body, const Pose& pose) {
    scene.bodies.push_back(std::move(body));
    add_faces(hb, pose, int(scene.bodies.size() - 1), scene.faces);
  };
  if (r.result.status != CastStatus::overlapping)
    add({"hull-b start", color_b, "0.1", "0.6"}, r.sweep_b.start);
  add({"hull-b end", color_b, "0.1", "0.6", "", "4 3"}, r.sweep_b.end);
  if (hit) add({"hull-b contact", color_hit, "0.4", "", "1.8"}, r.pose_at_contact());
  const vec3 c = centre(hb);
  const int samples = r.turns() ? path_samples : 1;
  for (int i = 0; i <= samples; ++i)
    scene.path.push_back(r.sweep_b.at(real(i) / real(samples)).apply(c));
}

Scene build_cast_scene(const LoadedHull& a, const LoadedHull* b, const CastReport& r) {
  Scene scene;
  scene.bodies = {{"hull-a", color_a}};
  add_faces(a.built.hull, r.pose_a, 0, scene.faces);
  if (b)
    add_cast_bodies(b->built.hull, r, scene);
  else
    scene.path = {r.from, r.to};
  vec3 lo, hi;
  frame_scene(scene, lo, hi);
  const CastResult& c = r.result;
  if (c.hit()) {
    scene.hit = r.point();
    scene.arrow = Arrow{r.point(), r.point() + r.normal() * (normal_length * scene.radius),
                        "normal", color_normal};
    frame_scene(scene, lo, hi);
  }
  return scene;
}

void draw_cast_legend(std::ostream& out, const CastReport& r, bool b_hull, double y) {
  const auto square = [](const char* color, const char* opacity, const char* dash = "") {
    return std::string("<rect width=\"14\" height=\"12\" fill=\"") + color + "\" fill-opacity=\"" +
           opacity + "\" stroke=\"" + color + "\" stroke-dasharray=\"" + dash + "\"/>";
  };
  const auto line = [](const char* color, const char* dash) {
    return std::string("<line x1=\"0\" y1=\"6\" x2=\"14\" y2=\"6\" stroke=\"") + color +
           "\" stroke-width=\"2\" stroke-dasharray=\"" + dash + "\"/>";
  };
  out << "  <g id=\"legend\" font-size=\"12\" fill=\"#222222\">\n";
  const double x = panel_gap, col = panel_gap + panel_size * 1.05;
  double row = y;
  const auto entry = [&](double at, const std::string& swatch, const std::string& label) {
    legend_entry(out, at, row, swatch, label);
    row += 18;
  };
  entry(x, square(color_a, "0.35"), "A: " + escape_xml(r.name_a));
  if (r.mover == Mover::ray) {
    entry(x, line(color_path, "5 3"),
          "the ray, from " + vec_text(r.from) + " to " + vec_text(r.to));
  } else {
    entry(x, square(color_b, "0.35"), "B: " + escape_xml(r.name_b) + (b_hull ? "" : " (a point)"));
    entry(x, line(color_path, "5 3"), b_hull ? "the path of B's centre" : "the point's path");
  }
  entry(x, square("#777777", "0.05"), "back faces (dashed, faint)");
  row = y;
  if (b_hull) {
    const bool moved = r.result.status != CastStatus::overlapping;  // else B starts at contact
    if (moved) entry(col, square(color_b, "0.1"), "B at its start");
    entry(col, square(color_b, "0.1", "4 3"), "B at its end (dashed)");
    if (r.result.hit())
      entry(col, square(color_hit, "0.4"), moved ? "B at contact" : "B at its start, in contact");
  }
  if (r.result.hit())
    entry(col,
          std::string("<circle cx=\"4\" cy=\"6\" r=\"3.5\" fill=\"#000000\"/>") +
              line(color_normal, ""),
          r.mover == Mover::ray ? "hit point and A's outward normal"
                                : "contact point and normal (from A to B)");
  out << "  </g>\n";
}

/// "hit at toi 0.75", "clear", ...: the heading's word on the cast.
std::string short_verdict(const CastResult& c) {
  switch (c.status) {
    case CastStatus::hit:
      return "hit at toi " + fmt("%.6g", double(c.fraction));
    case CastStatus::overlapping:
      return "overlapping at the start";
    case CastStatus::missed:
      return "clear";
    case CastStatus::max_iterations:
      return "not located";
    case CastStatus::bad_input:
      break;
  }
  return "bad input";
}

/// A pose for the caption: "(1.198, 0, 0) turned by q = (0.8908, 0, 0, 0.4544)".
std::string pose_caption(const Pose& p) {
  std::string text = vec_text(p.translation);
  if (p.rotation != mat3(1)) {
    quat q = glm::quat_cast(p.rotation);
    if (q.w < 0) q = -q;
    char buf[128];
    std::snprintf(buf, sizeof buf, " turned by q = (%.4g, %.4g, %.4g, %.4g)", double(q.w),
                  double(q.x), double(q.y), double(q.z));
    text += buf;
  }
  return text + (p.scale != 1 ? ", scale " + fmt("%.4g", double(p.scale)) : "");
}

std::vector<std::string> cast_caption_lines(const CastReport& r) {
  const CastResult& c = r.result;
  std::vector<std::string> lines = {"Cast: " + r.verdict_text()};
  if (c.hit())
    lines.push_back((r.mover == Mover::ray         ? "Normal (A's outward normal): "
                     : c.status == CastStatus::hit ? "Normal (unit, world frame, from A to B): "
                                                   : "Minimum translation direction (A to B): ") +
                    vec_text(r.normal()) + "; contact point " + vec_text(r.point()));
  if (r.mover == Mover::ray)
    lines.push_back("From " + vec_text(r.from) + " to " + vec_text(r.to));
  else if (c.hit())
    lines.push_back("B at contact: " + pose_caption(r.pose_at_contact()));
  else
    lines.push_back("B from " + pose_caption(r.sweep_b.start) + " to " +
                    pose_caption(r.sweep_b.end));
  lines.push_back("Method: " + r.how());
  if (!r.caveat.empty()) lines.push_back(r.caveat.substr(2));
  return lines;
}

std::string cast_svg_text(const LoadedHull& a, const LoadedHull* b, const CastReport& r) {
  const Scene scene = build_cast_scene(a, b, r);
  const std::string who = r.mover == Mover::ray
                              ? base_name(r.name_a) + ", a ray"
                              : base_name(r.name_a) + " vs " + base_name(r.name_b);
  return svg_document(
      r.mover == Mover::ray ? r.name_a + ", a ray" : r.name_a + " vs " + r.name_b + ", a cast",
      who + ": " + short_verdict(r.result), scene,
      [&](std::ostream& out, double y) { draw_cast_legend(out, r, b != nullptr, y); },
      r.mover == Mover::ray ? 3 : 4, cast_caption_lines(r));
}

bool write_file(const std::string& path, const std::string& text, std::string& error) {
  std::ofstream out(path, std::ios::binary);
  if (out) out << text;
  if (!out) {
    error = path + ": cannot write the SVG file";
    return false;
  }
  return true;
}

}  // namespace

bool write_svg(const std::string& path, const LoadedHull& a, const LoadedHull& b,
               const PairReport& report, std::string& error) {
  return write_svg(path, a, b, report, {}, {}, error);
}

bool write_svg(const std::string& path, const LoadedHull& a, const LoadedHull& b,
               const PairReport& report, std::span<const LoadedHull> parts_a,
               std::span<const LoadedHull> parts_b, std::string& error) {
  return write_file(path, svg_text(a, b, report, parts_a, parts_b), error);
}

bool write_cast_svg(const std::string& path, const LoadedHull& a, const LoadedHull* b,
                    const CastReport& report, std::string& error) {
  return write_file(path, cast_svg_text(a, b, report), error);
}

}  // namespace sepax::cli
