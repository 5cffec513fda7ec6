#include "cast_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

namespace sepax::cli {

namespace {

/// "%.9g" of x: tois and distances, as check prints separations.
std::string number(real x) {
  return fmt("%.9g", double(x));
}

/// " on A's face 3" (a mesh: " on A's triangle 12"), or "" when the cast
/// does not name the feature.
std::string on_feature(const CastResult& r) {
  if (r.triangle >= 0) return " on A's triangle " + std::to_string(r.triangle);
  return r.feature.index >= 0 ? " on A's " + feature_text(r.feature) : "";
}

/// The first line: who moves, from where to where.
std::string title(const CastReport& r) {
  switch (r.mover) {
    case Mover::ray:
      return r.name_a + ": ray from " + exact_text(r.from) + " to " + exact_text(r.to);
    case Mover::point:
      return r.id + ": B, a point, from " + exact_text(r.from) + " to " + exact_text(r.to);
    case Mover::shape:
      break;
  }
  return r.id + ": B from " + pose_text(r.sweep_b.start) + " to " + pose_text(r.sweep_b.end);
}

/// "B moves by (-4, 0, 0), 4 long, without turning".
std::string path_text(const CastReport& r) {
  const vec3 t = r.translation();
  const std::string moves = (r.mover == Mover::ray ? "the ray goes " : "B moves ") +
                            std::string("by ") + exact_text(t) + ", " + number(glm::length(t)) +
                            " long";
  if (r.mover != Mover::shape) return moves;
  if (!r.turns()) return moves + ", without turning";
  return moves + ", turning " + fmt("%.6g", double(r.angle()) * 180 / std::numbers::pi) +
         " degrees";
}

/// "point (0.5, 0, 0) on A's face 1; normal (1, 0, 0) from A to B".
std::string contact_text(const CastReport& r) {
  const CastResult& c = r.result;
  std::string text = r.mover == Mover::ray ? "" : "B at " + pose_text(r.pose_at_contact()) + "; ";
  text += "point " + exact_text(r.point()) + on_feature(c);
  if (!r.has_normal) return text + "; no normal";
  text += "; normal " + vec_text(r.normal());
  return text + (r.mover == Mover::ray ? " (A's outward normal)" : " from A to B");
}

/// "sat::shape_cast (exact), SAT queries: 2, 3.1 us".
std::string method_text(const CastReport& r) {
  return r.how() + ", " + r.work + ": " + std::to_string(r.result.iterations) +
         fmt(", %.1f us", r.us);
}

/// --clearance's line: "clear: B stays 0.3 or more from A" and the like.
std::string clearance_line(const CastReport& r) {
  const std::string d = fmt("%.9g", r.clearance);
  switch (r.clearance_verdict()) {
    case Clearance::clear:
      return "clear: B stays " + d + " or more from A along its path";
    case Clearance::interfering:
      return "interfering: B starts overlapping or touching A";
    case Clearance::touching:
      return "touching: B reaches A at toi " + number(r.result.fraction);
    case Clearance::too_close:
      break;
  }
  if (r.result.status == CastStatus::max_iterations)
    return "too close: not shown clear (the first contact not located)";
  return "too close: B comes within " + d + " of A at toi " + number(r.result.fraction) +
         ", after " + number(r.distance()) + " travelled";
}

}  // namespace

const char* to_string(Mover m) {
  static constexpr const char* names[] = {"shape", "point", "ray"};
  return names[int(m)];
}

Clearance CastReport::clearance_verdict() const {
  switch (result.status) {
    case CastStatus::missed:
      return Clearance::clear;
    case CastStatus::overlapping:
      if (start_interferes) return Clearance::interfering;
      break;
    case CastStatus::hit:
      if (clearance == 0) return Clearance::touching;
      break;
    case CastStatus::max_iterations:
    case CastStatus::bad_input:
      break;
  }
  return Clearance::too_close;
}

std::string CastReport::how() const {
  if (accuracy) return method + std::string(" (") + accuracy + ")";
  if (tolerance > 0)
    return method + std::string(" (conservative advancement: within tolerance ") +
           fmt("%.3g", double(tolerance)) + " of touching)";
  return method + std::string(" (exact)");
}

bool CastReport::turns() const {
  return mover == Mover::shape && sweep_b.start.rotation != sweep_b.end.rotation;
}

vec3 CastReport::translation() const {
  if (mover == Mover::shape) return sweep_b.end.translation - sweep_b.start.translation;
  return to - from;
}

real CastReport::angle() const {
  return turns() ? sweep_b.angle() : real(0);
}

real CastReport::distance() const {
  return result.fraction * glm::length(translation());
}

Pose CastReport::pose_at_contact() const {
  if (turns()) return sweep_b.at(result.fraction);
  // As sat::shape_cast moves B: the rotation kept bit for bit.
  Pose at = sweep_b.start;
  at.translation += result.fraction * translation();
  return at;
}

std::string CastReport::verdict_text() const {
  const CastResult& c = result;
  switch (c.status) {
    case CastStatus::hit: {
      std::string text =
          "hit at toi " + number(c.fraction) + ", after " + number(distance()) + " travelled";
      if (turns())
        text +=
            fmt(" and %.6g degrees turned", double(c.fraction * angle()) * 180 / std::numbers::pi);
      return text;
    }
    case CastStatus::overlapping:
      return "overlapping at the start (toi 0)";
    case CastStatus::missed:
      return mover == Mover::ray ? "clear: the ray misses A" : "clear: the path meets A nowhere";
    case CastStatus::max_iterations:
      return "not located: no contact up to toi " + number(c.fraction) + ", the first contact " +
             "not found in " + std::to_string(c.iterations) + " " + work;
    case CastStatus::bad_input:
      break;
  }
  return "bad input";
}

void CastReport::print(std::FILE* out) const {
  std::fprintf(out, "%s\n", title(*this).c_str());
  std::fprintf(out, "  A:       %s\n", shape_a.c_str());
  if (mover != Mover::ray) std::fprintf(out, "  B:       %s\n", shape_b.c_str());
  std::fprintf(out, "  path:    %s\n", path_text(*this).c_str());
  std::string detail;
  if (result.status == CastStatus::hit && tolerance > 0)
    detail = " (within tolerance " + fmt("%.3g", double(tolerance)) + ")";
  else if (result.status == CastStatus::overlapping && !overlap_detail.empty())
    detail = overlap_detail;
  else if (result.status == CastStatus::overlapping)
    detail = mover == Mover::ray ? ": the ray starts inside A or on its surface; the normal is "
                                   "that of A's nearest face"
                                 : ": B starts overlapping or touching A; the normal is the "
                                   "minimum translation direction (B's way out)";
  std::fprintf(out, "  verdict: %s%s%s\n", verdict_text().c_str(), detail.c_str(), caveat.c_str());
  if (result.hit()) std::fprintf(out, "  contact: %s\n", contact_text(*this).c_str());
  std::fprintf(out, "  method:  %s\n", method_text(*this).c_str());
  if (clearance >= 0) std::fprintf(out, "  clearance: %s\n", clearance_line(*this).c_str());
}

nlohmann::json CastReport::json() const {
  const CastResult& c = result;
  const bool hit = c.hit();
  const nlohmann::json none;
  nlohmann::json j = header_json(*this);
  if (mover == Mover::ray) {
    for (const char* key : {"b", "pose_b", "input_b"}) j.erase(key);
    j["id"] = id.empty() ? name_a : id;
  } else {
    j["pose_b_end"] = pose_json(sweep_b.end);
    j["pose_b_at_contact"] = hit ? pose_json(pose_at_contact()) : none;
  }
  if (mover != Mover::shape) {
    j["from"] = to_json(from);
    j["to"] = to_json(to);
  }
  j.update(
      {{"mode", mode},
       {"tested", tested},
       {"moving", to_string(mover)},
       {"path",
        {{"translation", to_json(translation())},
         {"length", glm::length(translation())},
         {"angle_rad", angle()}}},
       {"hit", hit},
       {"status", to_string(c.status)},
       {"toi", hit ? nlohmann::json(c.fraction) : none},
       {"distance", hit ? nlohmann::json(distance()) : none},
       {"point", hit ? to_json(point()) : none},
       {"normal", hit && has_normal ? to_json(normal()) : none},
       {"feature_a", hit && c.feature.index >= 0 ? nlohmann::json(feature_text(c.feature)) : none},
       {"triangle_a", hit && c.triangle >= 0 ? nlohmann::json(c.triangle) : none},
       {"method", method},
       {"exact", tolerance == 0 && !accuracy},
       {"tolerance", tolerance},
       {"iterations", c.iterations},
       {"time_us", us}});
  if (c.status == CastStatus::max_iterations) j["clear_until"] = c.fraction;
  if (clearance >= 0) {
    j["clearance"] = clearance;
    j["verdict"] = to_string(clearance_verdict());
  }
  return j;
}

std::string CastReport::batch_line() const {
  const CastResult& c = result;
  std::string line = std::string("  ") + to_string(c.status);
  if (clearance >= 0) line = std::string("  ") + to_string(clearance_verdict()) + line;
  if (c.hit())
    line += "  toi " + number(c.fraction) + "  distance " + number(distance()) +
            (has_normal ? "  normal " + vec_text(normal()) : std::string("  no normal")) +
            "  point " + exact_text(point());
  else if (c.status == CastStatus::max_iterations)
    line += "  clear until " + number(c.fraction);
  return line + "  " + method + caveat;
}

bool load_mover(const Mode& mode, const std::string& path, std::shared_ptr<const Shape>& out,
                std::string& error) {
  Shapes shapes;
  if (is_cooked(path)) {
    if (!mode.load_cooked(path, shapes, error)) return false;
    out = shapes.front();
    return true;
  }
  const io::LoadResult file = io::load(path);
  if (!file.ok()) {
    error = file.message;
    return false;
  }
  if (file.parts.size() == 1 && file.parts.front().points.size() == 1) {
    auto point = std::make_shared<PointShape>();
    point->name = path;
    point->point = file.parts.front().points.front();
    out = std::move(point);
    return true;
  }
  std::vector<std::string> errors;
  mode.shapes_of(path, file, false, shapes, errors);
  if (!errors.empty()) {
    error = errors.front();
    return false;
  }
  out = shapes.front();
  return true;
}

std::unique_ptr<CastReport> cast_pair(const Mode& mode, const Shape& a, const Pose& pose_a,
                                      const Shape& b, const Sweep& sweep_b, double clearance,
                                      std::string& error) {
  if (dynamic_cast<const PointShape*>(&a)) {
    error = a.name + ": A is a single point; only B may be one (its cast is then a ray cast)";
    return nullptr;
  }
  if (sweep_b.start.scale != sweep_b.end.scale) {
    error = "B's scale changes along its path (the /s= of its two poses differ)";
    return nullptr;
  }
  std::unique_ptr<CastReport> r;
  const bool point_b = dynamic_cast<const PointShape*>(&b) != nullptr;
  if (point_b && clearance > 0) {
    error = b.name + ": B is a single point; --clearance needs a shape (a point's gap is a ray's)";
    return nullptr;
  }
  if (const auto* point = dynamic_cast<const PointShape*>(&b)) {
    const vec3 from = sweep_b.start.apply(point->point), to = sweep_b.end.apply(point->point);
    r = mode.ray_cast(a, pose_a, Ray{from, to - from, 1}, error);
    if (!r) return nullptr;
    r->mover = Mover::point;
    r->sweep_b = sweep_b;
    r->id = a.name + " vs " + b.name;
    r->name_b = b.name;
    r->pose_b = sweep_b.start;
    r->shape_b = "a point, " + exact_text(point->point) + " in its file";
    r->input_b = {{"kind", "point"}, {"point", to_json(point->point)}};
  } else {
    r = mode.cast(a, pose_a, b, sweep_b, real(std::max(clearance, 0.0)), error);
    if (!r) return nullptr;
  }
  r->clearance = clearance;
  if (r->result.status == CastStatus::bad_input) {
    error = r->id + ": the cast refused its input (bad_input)";
    return nullptr;
  }
  return r;
}

int exit_status(const CastReport& r) {
  return r.result.status == CastStatus::missed ? exit_clear : exit_intersecting;
}

}  // namespace sepax::cli
