#include "check.hpp"

#include "html_report.hpp"
#include "shape.hpp"

#include <cmath>
#include <cstdio>

namespace sepax::cli {

namespace {

/// What the agree line compares. Overlapping pairs whose axes differ yet
/// reach the same depth have no unique minimum translation (two faces at
/// equal depth): said, so that "agree" means what the numbers show. A
/// separated pair's SAT separation is a lower bound of GJK's distance.
std::string agreement(const CrossCheck& c) {
  char buf[200];
  const double diff = double(c.separation_difference), angle = double(c.axis_angle);
  if (!c.same_verdict)
    std::snprintf(buf, sizeof buf,
                  "SAT %s, GJK %s: different verdicts within the agreement band %.3g, "
                  "separations differ by %.3g",
                  c.sat.intersecting ? "touching or overlapping" : "apart",
                  c.epa.intersecting ? "touching or overlapping" : "apart", double(c.band), diff);
  else if (!c.sat.intersecting && !c.epa.intersecting)
    std::snprintf(buf, sizeof buf, "SAT's bound %.9g <= GJK's distance, axes differ by %.3g rad",
                  double(c.sat.separation), angle);
  else if (c.agree && angle > double(c.angle_tolerance))
    std::snprintf(buf, sizeof buf,
                  "depths differ by %.3g; axes differ by %.3g rad but reach the same depth: "
                  "the minimum translation is not unique",
                  diff, angle);
  else
    std::snprintf(buf, sizeof buf, "separations differ by %.3g, axes by %.3g rad", diff, angle);
  return buf;
}

/// The pair's headline numbers: for a separated pair (both methods apart)
/// GJK's exact distance and the direction from A's closest point to B's
/// (also when SAT's lower bound lies within its band: the verdict says
/// separated); otherwise SAT's exact separation (minus the depth) and axis.
struct Headline {
  real separation = 0;
  vec3 axis{real(0)};
};

Headline headline(const CrossCheck& c) {
  if (c.verdict == CrossCheck::Verdict::separated && !c.epa.intersecting)
    return {c.epa.separation, c.epa.axis};
  return {c.sat.separation, c.sat.axis};
}

/// "" without contacts, else "  3 contacts" (for one-line reports).
std::string contacts_suffix(const PairReport& r) {
  if (!r.contacts) return "";
  return "  " + std::to_string(r.contacts->count) +
         (r.contacts->count == 1 ? " contact" : " contacts");
}

std::string manifold_feature_text(const sat::Feature& f) {
  switch (f.kind) {
    case sat::FeatureKind::face_a:
      return "face " + std::to_string(f.a) + " of A";
    case sat::FeatureKind::face_b:
      return "face " + std::to_string(f.b) + " of B";
    case sat::FeatureKind::edges:
      return "edge " + std::to_string(f.a) + " of A and edge " + std::to_string(f.b) + " of B";
    case sat::FeatureKind::edge_normal_a:
      return "rim edge " + std::to_string(f.a) + " of A";
    case sat::FeatureKind::edge_normal_b:
      return "rim edge " + std::to_string(f.b) + " of B";
    case sat::FeatureKind::none:
      break;
  }
  return "none";
}

/// Whether a face made the manifold where SAT's axis is an edge pair (the
/// manifold's face preference, tol::manifold_face).
bool face_stands_in(const contact::Manifold& m, const sat::Feature& sat) {
  return sat.kind == sat::FeatureKind::edges && m.feature.kind != sat::FeatureKind::edges;
}

/// The manifold as JSON: {"normal", "margin", "separation", "feature",
/// "face_for_edge_pair", "points": [{"point_a", "point_b", "separation", "id",
/// "feature_a", "feature_b"}]} (docs/cli.md); `sat` is SAT's deciding feature,
/// against which face_for_edge_pair is told.
nlohmann::json contacts_json(const contact::Manifold& m, real margin, const sat::Feature& sat) {
  nlohmann::json points = nlohmann::json::array();
  for (int i = 0; i < m.count; ++i) {
    const contact::Point& p = m.points[i];
    points.push_back({{"point_a", to_json(p.point_a)},
                      {"point_b", to_json(p.point_b)},
                      {"separation", p.separation},
                      {"id", p.id},
                      {"feature_a", feature_text(contact::feature_a(p.id))},
                      {"feature_b", feature_text(contact::feature_b(p.id))}});
  }
  return {{"normal", to_json(m.normal)},
          {"margin", margin},
          {"separation", m.separation},
          {"feature", manifold_feature_text(m.feature)},
          {"face_for_edge_pair", face_stands_in(m, sat)},
          {"points", points}};
}

void print_contacts(std::FILE* out, const contact::Manifold& m, real margin,
                    const sat::Feature& sat) {
  std::fprintf(
      out, "  contacts: %d point%s, normal (%.6g, %.6g, %.6g), margin %.6g, from %s%s\n", m.count,
      m.count == 1 ? "" : "s", double(m.normal.x), double(m.normal.y), double(m.normal.z),
      double(margin), manifold_feature_text(m.feature).c_str(),
      face_stands_in(m, sat) ? " (standing in for SAT's edge pair: faces nearly parallel)" : "");
  for (int i = 0; i < m.count; ++i) {
    const contact::Point& p = m.points[i];
    std::fprintf(
        out, "           A (%.6g, %.6g, %.6g)  B (%.6g, %.6g, %.6g)  separation %.6g  %s / %s\n",
        double(p.point_a.x), double(p.point_a.y), double(p.point_a.z), double(p.point_b.x),
        double(p.point_b.y), double(p.point_b.z), double(p.separation),
        feature_text(contact::feature_a(p.id)).c_str(),
        feature_text(contact::feature_b(p.id)).c_str());
  }
}

nlohmann::json pair_json(const PairReport& r) {
  const CrossCheck& c = r.check;
  const bool overlapping = c.epa.intersecting;
  nlohmann::json j = header_json(r);
  j.update({
      {"tested", "hulls"},
      {"verdict", to_string(verdict(c))},
      {"intersecting", r.intersecting()},
      {"separation", headline(c).separation},
      {"axis", to_json(headline(c).axis)},
      {"agree", c.agree},
      {"unique_mtv",
       !(c.sat.intersecting && c.epa.intersecting) || c.axis_angle <= c.angle_tolerance},
      {"disagreement", c.reason},
      {"sat",
       {{"separation", c.sat.separation},
        {"axis", to_json(c.sat.axis)},
        {"feature",
         {{"kind", sat::to_string(c.sat.feature.kind)},
          {"a", c.sat.feature.a},
          {"b", c.sat.feature.b}}},
        {"axes_tested", c.sat.counters.axes_tested},
        {"support_calls", c.sat.counters.support_calls},
        {"time_us", r.sat_us}}},
      {"gjk",
       {{"separation", c.epa.separation},
        {"distance", overlapping ? real(0) : c.epa.separation},
        {"axis", to_json(c.epa.axis)},
        {"point_a", to_json(c.epa.point_a)},
        {"point_b", to_json(c.epa.point_b)},
        {"iterations", c.epa.gjk_iterations},
        {"status", gjk::to_string(c.epa.gjk_status)},
        {"time_us", r.gjk_us}}},
      {"epa",
       {{"depth", overlapping ? -c.epa.separation : real(0)},
        {"iterations", c.epa.epa_iterations},
        {"status", epa::to_string(c.epa.epa_status)}}},
      {"difference",
       {{"separation", c.separation_difference},
        {"axis_angle_rad", c.axis_angle},
        {"sat_gap_along_gjk_axis", c.sat_gap_along_epa_axis}}},
      {"tolerances",
       {{"touching", c.touch},
        {"band", c.band},
        {"value", c.value_tolerance},
        {"angle_rad", c.angle_tolerance}}},
  });
  return j;
}

/// One line: "  <verdict>  <label> <value>  axis (x, y, z)  agree", the
/// disagreement, the caveat and the contacts.
std::string one_line(const PairReport& r, const char* label, double value, const vec3& axis) {
  const CrossCheck& c = r.check;
  char line[256];
  std::snprintf(line, sizeof line, "  %s  %s %.9g  axis (%.6g, %.6g, %.6g)  %s",
                verdict_text(r).c_str(), label, value, double(axis.x), double(axis.y),
                double(axis.z), c.agree ? "agree" : "DISAGREE");
  return line + (c.agree ? "" : std::string(": ") + c.reason) + r.caveat + contacts_suffix(r);
}

}  // namespace

Verdict verdict(const CrossCheck& c) {
  switch (c.verdict) {
    case CrossCheck::Verdict::separated:
      return Verdict::separated;
    case CrossCheck::Verdict::touching:
      return Verdict::touching;
    case CrossCheck::Verdict::intersecting:
      break;
  }
  return Verdict::intersecting;
}

bool interferes(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b) {
  return sat::intersect(a, pose_a, b, pose_b);
}

std::string verdict_text(const PairReport& r) {
  return std::string(to_string(r.verdict())) + (r.caveat.empty() ? "" : " hulls");
}

PairReport check_pair(const LoadedHull& a, const Pose& pose_a, const LoadedHull& b,
                      const Pose& pose_b, const PairQuery& query) {
  PairReport r;
  static_cast<PairHeader&>(r) = pair_header({a.name, pose_a, describe_shape(a), shape_json(a)},
                                            {b.name, pose_b, describe_shape(b), shape_json(b)});
  r.caveat = hulls_caveat(a, b);
  const Hull& ha = a.built.hull;
  const Hull& hb = b.built.hull;
  // Room for EPA to converge on deep pairs of large hulls.
  epa::Workspace workspace(epa::workspace_vertices(ha, hb));
  r.check = crosscheck(ha, pose_a, hb, pose_b, &workspace);
  r.sat_us = median_us([&] { (void)sat::query(ha, pose_a, hb, pose_b); });
  r.gjk_us = median_us([&] { (void)epa::query(ha, pose_a, hb, pose_b, nullptr, &workspace); });
  if (query.contacts) {
    r.contacts = contact::collide(ha, pose_a, hb, pose_b, query.margin);
    r.margin = query.margin;
  }
  return r;
}

real PairReport::gap() const {
  if (verdict() != Verdict::separated) return 0;
  return std::max(real(0), check.epa.separation);
}

nlohmann::json PairReport::json() const {
  nlohmann::json j = pair_json(*this);
  if (contacts) j["contacts"] = contacts_json(*contacts, margin, check.sat.feature);
  return j;
}

void PairReport::print(std::FILE* out) const {
  const CrossCheck& c = check;
  std::fprintf(out, "%s\n", id.c_str());
  std::fprintf(out, "  A:       %s\n  B:       %s\n", shape_a.c_str(), shape_b.c_str());
  const double sep = double(c.sat.separation);
  const std::string said = verdict_text(*this);
  if (verdict() == Verdict::touching)
    std::fprintf(out, "  verdict: %s: within %.3g of each other (separation %.6g), axis %s%s\n",
                 said.c_str(), double(c.touch), sep, vec_text(c.sat.axis).c_str(), caveat.c_str());
  else if (verdict() == Verdict::intersecting)
    std::fprintf(out, "  verdict: %s, depth %.6g, push B along %s%s\n", said.c_str(), -sep,
                 vec_text(c.sat.axis).c_str(), caveat.c_str());
  else  // GJK's exact distance; SAT's separation is only a lower bound
    std::fprintf(out, "  verdict: %s, distance %.6g between A %s and B %s%s\n", said.c_str(),
                 double(c.epa.separation), vec_text(c.epa.point_a).c_str(),
                 vec_text(c.epa.point_b).c_str(), caveat.c_str());
  std::fprintf(out, "  SAT:     separation %.9g, feature %s (%d, %d), %d axes, %.1f us\n", sep,
               sat::to_string(c.sat.feature.kind), c.sat.feature.a, c.sat.feature.b,
               c.sat.counters.axes_tested, sat_us);
  std::fprintf(out, "  GJK/EPA: separation %.9g, axis %s, GJK %s in %d, EPA %s in %d, %.1f us\n",
               double(c.epa.separation), vec_text(c.epa.axis).c_str(),
               gjk::to_string(c.epa.gjk_status), c.epa.gjk_iterations,
               epa::to_string(c.epa.epa_status), c.epa.epa_iterations, gjk_us);
  std::fprintf(out, "           witness A %s, B %s\n", vec_text(c.epa.point_a).c_str(),
               vec_text(c.epa.point_b).c_str());
  std::fprintf(out, "  agree:   %s (%s; tolerances %.3g, %.3g rad)%s%s\n", c.agree ? "yes" : "NO",
               agreement(c).c_str(), double(c.value_tolerance), double(c.angle_tolerance),
               c.agree ? "" : ": ", c.reason);
  if (contacts) print_contacts(out, *contacts, margin, c.sat.feature);
}

void PairReport::html_markers(HtmlPage& page) const {
  const CrossCheck& c = check;
  if (verdict() == Verdict::separated) return Report::html_markers(page);
  page.points.push_back({c.epa.point_a, "witness on A"});
  page.points.push_back({c.epa.point_b, "witness on B"});
  const double depth = -double(c.sat.separation);
  if (depth > 0)
    page.arrows.push_back({c.epa.point_b, c.sat.axis * real(depth),
                           "minimum translation of B: depth " + fmt("%.6g", depth)});
  if (!contacts) return;
  for (int k = 0; k < contacts->count; ++k)
    page.points.push_back({contacts->points[k].point_a,
                           "contact " + std::to_string(k + 1) + ", separation " +
                               fmt("%.3g", double(contacts->points[k].separation)),
                           "#2ca02c"});
}

std::string PairReport::batch_line() const {
  const Headline h = headline(check);
  return one_line(*this, "separation", double(h.separation), h.axis);
}

namespace {

/// Scene's depth: -separation, and 0 for a touching pair apart.
double scene_depth(const CrossCheck& c) {
  return std::max(0.0, 0.0 - double(c.sat.separation));  // 0.0 -: no "-0"
}

}  // namespace

std::string PairReport::scene_line() const {
  return one_line(*this, "depth", scene_depth(check), check.sat.axis);
}

nlohmann::json PairReport::scene_json() const {
  nlohmann::json j = json();
  j["depth"] = scene_depth(check);
  return j;
}

std::string PairReport::render_line() const {
  const Headline h = headline(check);
  char line[256];
  std::snprintf(line, sizeof line, "%s, separation %.6g, axis (%.6g, %.6g, %.6g), SAT and GJK %s",
                verdict_text(*this).c_str(), double(h.separation), double(h.axis.x),
                double(h.axis.y), double(h.axis.z), check.agree ? "agree" : "DISAGREE");
  return line + caveat;
}

}  // namespace sepax::cli
