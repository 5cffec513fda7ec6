#include "html_report.hpp"

#include "html_assets.hpp"

#include <nlohmann/json.hpp>

#if SEPAX_HAVE_MESHOPTIMIZER
#include <meshoptimizer.h>
#endif

#include <algorithm>
#include <bit>
#include <cstring>
#include <fstream>
#include <map>

namespace sepax::cli {

namespace {

/// Triangles a page shows in all before it simplifies its largest shapes:
/// about 10 MB of page, and a first frame within a second or two in a
/// software renderer.
constexpr std::size_t triangle_budget = 400000;

/// Standard base64 (RFC 4648) of raw bytes.
std::string base64(const std::vector<unsigned char>& bytes) {
  static constexpr char digits[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);
    std::uint32_t word = std::uint32_t(bytes[i]) << 16;
    if (n > 1) word |= std::uint32_t(bytes[i + 1]) << 8;
    if (n > 2) word |= std::uint32_t(bytes[i + 2]);
    out += digits[(word >> 18) & 63];
    out += digits[(word >> 12) & 63];
    out += n > 1 ? digits[(word >> 6) & 63] : '=';
    out += n > 2 ? digits[word & 63] : '=';
  }
  return out;
}

/// Appends a 32-bit word little-endian (the page reads typed arrays, which
/// are little-endian on every browser's platform).
void put32(std::vector<unsigned char>& out, std::uint32_t w) {
  for (int k = 0; k < 4; ++k) out.push_back((unsigned char)(w >> (8 * k)));
}

/// {"positions": base64 float32 xyz, "indices": base64 uint32}, positions
/// taken relative to the page's origin (float32 keeps digits near it).
nlohmann::json surface_json(const std::vector<vec3>& positions, const HtmlTriangles& triangles,
                            const glm::dvec3& origin) {
  std::vector<unsigned char> p, t;
  p.reserve(positions.size() * 12);
  for (const vec3& v : positions)
    for (int k = 0; k < 3; ++k)
      put32(p, std::bit_cast<std::uint32_t>(float(double(v[k]) - origin[k])));
  t.reserve(triangles.size() * 12);
  for (const auto& tri : triangles)
    for (const std::uint32_t i : tri) put32(t, i);
  return {{"positions", base64(p)}, {"indices", base64(t)}};
}

nlohmann::json point_json(const vec3& p, const glm::dvec3& origin) {
  return {double(p.x) - origin.x, double(p.y) - origin.y, double(p.z) - origin.z};
}

nlohmann::json vector_json(const vec3& v) {
  return {double(v.x), double(v.y), double(v.z)};
}

/// Simplifies a surface to about `target` triangles (meshoptimizer: edge
/// collapses that keep the shape, else clustering when collapses stall on a
/// fragmented mesh) and returns the note that says so, naming it `what`.
std::string simplify(const std::string& what, std::vector<vec3>& positions,
                     HtmlTriangles& triangles, std::size_t target) {
  const std::size_t before = triangles.size();
#if SEPAX_HAVE_MESHOPTIMIZER
  std::vector<float> xyz;
  xyz.reserve(positions.size() * 3);
  for (const vec3& v : positions)
    for (int k = 0; k < 3; ++k) xyz.push_back(float(v[k]));
  std::vector<unsigned> in, out(triangles.size() * 3);
  in.reserve(out.size());
  for (const auto& t : triangles) in.insert(in.end(), t.begin(), t.end());
  float error = 0;
  std::size_t n = meshopt_simplify(out.data(), in.data(), in.size(), xyz.data(), positions.size(),
                                   sizeof(float) * 3, target * 3, 1.0f, 0, &error);
  if (n > target * 3 * 5 / 4)
    n = meshopt_simplifySloppy(out.data(), in.data(), in.size(), xyz.data(), positions.size(),
                               sizeof(float) * 3, target * 3, 1.0f, &error);
  // Keep only the vertices the simplified triangles use, renumbered.
  std::vector<unsigned> renumber(positions.size(), ~0u);
  std::vector<vec3> kept;
  for (std::size_t i = 0; i < n; ++i) {
    unsigned& r = renumber[out[i]];
    if (r == ~0u) {
      r = unsigned(kept.size());
      kept.push_back(positions[out[i]]);
    }
    out[i] = r;
  }
  positions = std::move(kept);
  triangles.clear();
  for (std::size_t i = 0; i + 2 < n; i += 3) triangles.push_back({out[i], out[i + 1], out[i + 2]});
  return what + " is shown simplified: " + std::to_string(before) + " → " +
         std::to_string(triangles.size()) + " triangles (meshoptimizer, within " +
         fmt("%.2g", 100.0 * double(error)) + "% of its size); the numbers are the full shape's";
#else
  (void)positions, (void)target;
  return what + " is shown in full (" + std::to_string(before) +
         " triangles): this sepax was built without meshoptimizer, so the page may be slow";
#endif
}

/// Keeps the page within the triangle budget: each surface (a shape or its
/// hull) over its share, the budget split in proportion to the surfaces'
/// triangles, is simplified.
void fit_budget(HtmlPage& page) {
  std::size_t total = 0;
  for (const HtmlShape& s : page.objects) total += s.triangles.size() + s.hull_triangles.size();
  if (total <= triangle_budget) return;
  const auto fit = [&](const std::string& what, std::vector<vec3>& positions,
                       HtmlTriangles& triangles) {
    const std::size_t share = triangle_budget * triangles.size() / total;
    if (triangles.size() > share && triangles.size() > 1000)
      page.notes.push_back(
          simplify(what, positions, triangles, std::max<std::size_t>(share, 1000)));
  };
  for (HtmlShape& s : page.objects) {
    fit(s.name, s.positions, s.triangles);
    fit(s.name + "'s hull", s.hull_positions, s.hull_triangles);
  }
}

/// A report line as a panel row: "  verdict: separated, ..." gives
/// ["verdict", "separated, ..."]; a line without a short label before its
/// colon (a continuation) gives ["", the line].
nlohmann::json row(const std::string& line) {
  const std::size_t first = line.find_first_not_of(' ');
  if (first == std::string::npos) return nlohmann::json::array({"", ""});
  const std::string text = line.substr(first);
  const std::size_t colon = text.find(':');
  if (colon != std::string::npos && colon <= 16 && text.find_first_of("(,", 0) > colon) {
    const std::size_t value = text.find_first_not_of(' ', colon + 1);
    return {text.substr(0, colon), value == std::string::npos ? "" : text.substr(value)};
  }
  return {"", text};
}

/// The middle of the box of every shape's surface: the page's origin.
glm::dvec3 page_origin(const HtmlPage& page) {
  glm::dvec3 lo(std::numeric_limits<double>::infinity()), hi(-lo);
  for (const HtmlShape& s : page.objects)
    for (const vec3& v : s.positions) {
      lo = glm::min(lo, glm::dvec3(v));
      hi = glm::max(hi, glm::dvec3(v));
    }
  return lo.x <= hi.x ? (lo + hi) * 0.5 : glm::dvec3(0);
}

nlohmann::json page_json(const HtmlPage& page) {
  const glm::dvec3 origin = page_origin(page);
  nlohmann::json objects = nlohmann::json::array();
  for (const HtmlShape& s : page.objects)
    objects.push_back({{"name", s.name},
                       {"color", s.color},
                       {"mesh", surface_json(s.positions, s.triangles, origin)},
                       {"hull", s.hull_triangles.empty()
                                    ? nlohmann::json()
                                    : surface_json(s.hull_positions, s.hull_triangles, origin)}});
  nlohmann::json panel = nlohmann::json::array(), points = nlohmann::json::array(),
                 lines = nlohmann::json::array(), arrows = nlohmann::json::array(),
                 pairs = nlohmann::json::array();
  for (const std::string& l : page.lines) panel.push_back(row(l));
  for (const HtmlPoint& p : page.points)
    points.push_back({{"p", point_json(p.p, origin)}, {"label", p.label}, {"color", p.color}});
  for (const HtmlLine& l : page.segments)
    lines.push_back({{"a", point_json(l.a, origin)},
                     {"b", point_json(l.b, origin)},
                     {"label", l.label},
                     {"color", l.color}});
  for (const HtmlArrow& a : page.arrows)
    arrows.push_back({{"from", point_json(a.from, origin)},
                      {"vector", vector_json(a.vector)},
                      {"label", a.label},
                      {"color", a.color}});
  for (const HtmlPair& p : page.pairs) {
    nlohmann::json at = nlohmann::json::array();
    for (const vec3& q : p.points) at.push_back(point_json(q, origin));
    pairs.push_back(
        {{"a", p.a}, {"b", p.b}, {"verdict", p.verdict}, {"text", p.text}, {"points", at}});
  }
  return {{"title", page.title}, {"verdict", page.verdict},
          {"panel", panel},      {"notes", page.notes},
          {"objects", objects},  {"points", points},
          {"lines", lines},      {"arrows", arrows},
          {"pairs", pairs},      {"origin", {origin.x, origin.y, origin.z}}};
}

/// Replaces the one line of the template that holds `marker` with `text`.
bool fill(std::string& page, const std::string& marker, const std::string& text) {
  const std::size_t at = page.find(marker);
  if (at == std::string::npos) return false;
  page.replace(at, marker.size(), text);
  return true;
}

}  // namespace

bool html_available() {
  return assets::available;
}

std::string object_color(std::size_t k) {
  static constexpr const char* palette[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
                                            "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};
  return palette[k % std::size(palette)];
}

void hull_surface(const Hull& hull, const Pose& pose, std::vector<vec3>& positions,
                  HtmlTriangles& triangles) {
  const auto first = std::uint32_t(positions.size());
  for (const vec3& v : hull.vertices()) positions.push_back(pose.apply(v));
  const auto he = hull.half_edges();
  for (const Face& f : hull.faces()) {
    const auto corner = [&](index_t e) { return first + std::uint32_t(he[std::size_t(e)].origin); };
    index_t e = he[std::size_t(f.edge)].next;
    for (index_t k = 1; k + 1 < f.count; ++k, e = he[std::size_t(e)].next)
      triangles.push_back({corner(f.edge), corner(e), corner(he[std::size_t(e)].next)});
  }
}

std::vector<std::string> read_lines(std::FILE* f) {
  std::vector<std::string> lines;
  std::rewind(f);
  std::string line;
  for (int c; (c = std::fgetc(f)) != EOF;) {
    if (c == '\n') {
      lines.push_back(line);
      line.clear();
    } else {
      line += char(c);
    }
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

HtmlPage pair_page(const std::string& title, const Mode& mode, const Shape& a, const Pose& pose_a,
                   const Shape& b, const Pose& pose_b, const Report& r,
                   const std::vector<std::string>& extra) {
  HtmlPage page;
  page.title = title;
  page.verdict = to_string(r.verdict());
  page.lines = printed_lines(r);
  if (!page.lines.empty()) page.lines.erase(page.lines.begin());  // "A vs B": the title's
  page.lines.insert(page.lines.end(), extra.begin(), extra.end());
  page.objects.push_back(mode.html_shape(a, pose_a));
  page.objects.push_back(mode.html_shape(b, pose_b));
  r.html_markers(page);
  return page;
}

HtmlPage scene_page(const std::string& title, const Mode& mode, const Shapes& shapes,
                    const std::vector<std::unique_ptr<Report>>& pairs,
                    const std::vector<std::string>& texts) {
  HtmlPage page;
  page.title = title;
  page.verdict = pairs.empty() ? "clear" : "interfering";
  std::map<std::string, std::size_t> index;  // names are "file" or "file:part"
  const Pose identity;
  for (const auto& s : shapes) {
    index.emplace(s->name, page.objects.size());
    page.objects.push_back(mode.html_shape(*s, identity));
  }
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    const Report& r = *pairs[k];
    HtmlPage markers;
    r.html_markers(markers);
    HtmlPair p{index[r.name_a], index[r.name_b], to_string(r.verdict()), texts[k], {}};
    for (const HtmlPoint& q : markers.points) p.points.push_back(q.p);
    page.pairs.push_back(std::move(p));
  }
  return page;
}

HtmlPage cast_page(const std::string& title, const Mode& mode, const Shape& a, const Shape* b,
                   const CastReport& r) {
  HtmlPage page;
  page.title = title;
  page.verdict = r.clearance >= 0                             ? to_string(r.clearance_verdict())
                 : r.result.hit()                             ? "hit"
                 : r.result.status == CastStatus::overlapping ? "overlapping"
                                                              : "clear";
  page.lines = printed_lines(r);
  if (!page.lines.empty()) page.lines.erase(page.lines.begin());
  page.objects.push_back(mode.html_shape(a, r.pose_a));
  // Arrows a third as long as A's box is wide.
  glm::dvec3 lo(std::numeric_limits<double>::infinity()), hi(-lo);
  for (const vec3& v : page.objects.front().positions) {
    lo = glm::min(lo, glm::dvec3(v));
    hi = glm::max(hi, glm::dvec3(v));
  }
  const real arrow = real(glm::length(hi - lo) / 3);
  if (b) {
    const auto add_b = [&](const Pose& pose, const char* when, const char* color) {
      HtmlShape s = mode.html_shape(*b, pose);
      s.name = "B " + std::string(when);
      s.color = color;
      page.objects.push_back(std::move(s));
    };
    add_b(r.sweep_b.start, "at its start", "#ff7f0e");
    if (r.result.hit()) add_b(r.pose_at_contact(), "at first contact", "#d62728");
    add_b(r.sweep_b.end, "at its end", "#7f7f7f");
    page.segments.push_back({r.sweep_b.start.translation, r.sweep_b.end.translation, "path of B"});
  } else {
    page.segments.push_back({r.from, r.to, r.mover == Mover::ray ? "ray" : "path of the point"});
  }
  if (r.result.hit()) {
    page.points.push_back(
        {r.point(), "first contact at toi " + fmt("%.6g", double(r.result.fraction))});
    if (r.has_normal) page.arrows.push_back({r.point(), r.normal() * arrow, "normal, from A to B"});
  }
  return page;
}

bool write_html(const std::string& path, HtmlPage page, std::string& error) {
  if (!html_available()) {
    error =
        "--html: this sepax was built without three.js (install Debian's libjs-three and "
        "reconfigure)";
    return false;
  }
  for (std::size_t k = 0; k < page.objects.size(); ++k) {
    HtmlShape& s = page.objects[k];
    if (s.color.empty()) s.color = object_color(k);
    // The file's name without its folders (the title has the paths).
    const std::size_t slash = s.name.find_last_of("/\\");
    if (slash != std::string::npos) s.name.erase(0, slash + 1);
  }
  fit_budget(page);
  // A "<" in a name or a note could end the inline script ("</script>")
  // or open a comment ("<!--"): JSON spells it \u003c.
  std::string data;
  for (const char c : page_json(page).dump()) {
    if (c == '<')
      data += "\\u003c";
    else
      data += c;
  }
  std::string html = assets::page_template;
  if (!fill(html, "/*@THREE@*/", assets::three_js) ||
      !fill(html, "/*@ORBIT@*/", assets::orbit_controls_js) ||
      !fill(html, "/*@DATA@*/", "window.SEPAX_REPORT = " + data + ";")) {
    error = "--html: the page's template lacks a placeholder (a build problem)";
    return false;
  }
  std::ofstream out(path, std::ios::binary);
  if (out) out.write(html.data(), std::streamsize(html.size()));
  if (!out) {
    error = "--html " + path + ": cannot write the file";
    return false;
  }
  return true;
}

}  // namespace sepax::cli
