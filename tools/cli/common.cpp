#include "common.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <utility>

#if defined(_WIN32)
#include <io.h>
#define SEPAX_ISATTY(fd) _isatty(fd)
#else
#include <unistd.h>
#define SEPAX_ISATTY(fd) isatty(fd)
#endif

namespace sepax::cli {

namespace {

/// A hull is a needle when its two smaller bounding-box sides are both below
/// this fraction of the largest: queries on it are well defined but its
/// normals are poorly conditioned, which a person validating meshes wants to
/// know.
constexpr real needle_ratio = real(1e-3);

bool parse_numbers(const std::string& text, int count, real* out) {
  std::istringstream in(text);
  for (int i = 0; i < count; ++i) {
    double x = 0;
    if (!(in >> x) || !std::isfinite(x)) return false;
    out[i] = real(x);
    char comma = 0;
    if (i + 1 < count && !(in >> comma && comma == ',')) return false;
  }
  in >> std::ws;
  return in.eof();
}

}  // namespace

const char* to_string(Verdict v) {
  static constexpr const char* names[] = {"separated", "touching", "intersecting"};
  return names[int(v)];
}

LoadedHull build_hull(NamedCloud cloud) {
  LoadedHull loaded;
  loaded.name = std::move(cloud.name);
  loaded.points = std::move(cloud.points);
  loaded.triangles = std::move(cloud.triangles);
  const auto start = std::chrono::steady_clock::now();
  loaded.built = Hull::from_points(loaded.points);
  const auto stop = std::chrono::steady_clock::now();
  loaded.build_ms = std::chrono::duration<double, std::milli>(stop - start).count();
  // The loader keeps each position once, so a file of repeated vertices
  // reaches the hull as one or two points: say so rather than "need at least
  // 3 points (1 point)" for a file of many.
  if (loaded.built.status == HullStatus::too_few_points) {
    const std::size_t n = loaded.points.size();
    loaded.built.message = "need at least 3 distinct points, got " + std::to_string(n) +
                           (n == 1 ? " point" : " points");
  }
  if (loaded.built.ok())
    loaded.convexity = convexity(loaded.built.hull, loaded.points, loaded.triangles);
  return loaded;
}

std::vector<NamedCloud> clouds_of(const std::string& path, const io::LoadResult& file,
                                  bool per_part) {
  if (!per_part || file.parts.size() == 1) {
    io::Part whole = io::merged_mesh(file);
    return {{path, std::move(whole.points), std::move(whole.triangles)}};
  }
  std::vector<NamedCloud> clouds;
  for (const io::Part& part : file.parts)
    clouds.push_back({path + ":" + part.name, part.points, part.triangles});
  return clouds;
}

bool is_cooked(const std::string& path) {
  const std::string suffix = hull_file::extension;
  if (path.size() < suffix.size()) return false;
  return std::equal(suffix.begin(), suffix.end(), path.end() - std::ptrdiff_t(suffix.size()),
                    [](char a, char b) {
                      return std::tolower(static_cast<unsigned char>(a)) ==
                             std::tolower(static_cast<unsigned char>(b));
                    });
}

bool load_cooked(const std::string& path, std::vector<LoadedHull>& out, std::string& error) {
  const auto start = std::chrono::steady_clock::now();
  hull_file::LoadResult file = hull_file::load(path);
  const auto stop = std::chrono::steady_clock::now();
  if (!file.ok()) {
    error = file.message;
    return false;
  }
  LoadedHull loaded;
  loaded.name = path;
  loaded.points.assign(file.hull.vertices().begin(), file.hull.vertices().end());
  loaded.built = HullResult{HullStatus::ok, {}, std::move(file.hull)};
  loaded.build_ms = std::chrono::duration<double, std::milli>(stop - start).count();
  loaded.cooked = true;
  loaded.converted = file.converted;
  out.push_back(std::move(loaded));
  return true;
}

bool load_hulls(const std::string& path, bool per_part, std::vector<LoadedHull>& out,
                std::string& error) {
  if (is_cooked(path)) return load_cooked(path, out, error);
  const io::LoadResult file = io::load(path);
  if (!file.ok()) {
    error = file.message;
    return false;
  }
  for (NamedCloud& cloud : clouds_of(path, file, per_part))
    out.push_back(build_hull(std::move(cloud)));
  return true;
}

bool parse_pose(const std::string& text, Pose& pose, std::string& error) {
  const char* const syntax = "expected x,y,z[/rx,ry,rz | /q=w,x,y,z][/s=scale]";
  // The optional scale comes last: "/s=k".
  std::string body = text;
  real scale = 1;
  const std::size_t scale_at = body.rfind("/s=");
  if (scale_at != std::string::npos) {
    real k[1];
    if (!parse_numbers(body.substr(scale_at + 3), 1, k) || !(k[0] > 0)) {
      error = "bad scale in pose \"" + text + "\": expected /s=k with k > 0";
      return false;
    }
    scale = k[0];
    body.resize(scale_at);
  }
  const std::size_t slash = body.find('/');
  real t[3];
  if (!parse_numbers(body.substr(0, slash), 3, t)) {
    error = "bad pose \"" + text + "\": " + syntax;
    return false;
  }
  const vec3 translation(t[0], t[1], t[2]);
  if (slash == std::string::npos) {
    pose = Pose{mat3(1), translation, scale};
    return true;
  }
  const std::string rotation = body.substr(slash + 1);
  real r[4];
  if (rotation.rfind("q=", 0) == 0) {
    if (!parse_numbers(rotation.substr(2), 4, r) ||
        r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + r[3] * r[3] == 0) {
      error = "bad quaternion in pose \"" + text + "\": expected q=w,x,y,z, not all zero";
      return false;
    }
    pose = pose_from_quat(translation, quat(r[0], r[1], r[2], r[3]));
    pose.scale = scale;
    return true;
  }
  if (!parse_numbers(rotation, 3, r)) {
    error = "bad rotation in pose \"" + text + "\": expected Euler degrees rx,ry,rz";
    return false;
  }
  pose = pose_from_euler_deg(translation, vec3(r[0], r[1], r[2]));
  pose.scale = scale;
  return true;
}

PairHeader pair_header(PairSide a, PairSide b) {
  PairHeader h;
  h.id = a.name + " vs " + b.name;
  h.name_a = a.name;
  h.name_b = b.name;
  h.pose_a = a.pose;
  h.pose_b = b.pose;
  h.shape_a = std::move(a.shape);
  h.shape_b = std::move(b.shape);
  h.input_a = std::move(a.input);
  h.input_b = std::move(b.input);
  return h;
}

nlohmann::json header_json(const PairHeader& h) {
  return {{"id", h.id},
          {"a", h.name_a},
          {"b", h.name_b},
          {"pose_a", pose_json(h.pose_a)},
          {"pose_b", pose_json(h.pose_b)},
          {"input_a", h.input_a},
          {"input_b", h.input_b}};
}

bool parse_point(const std::string& text, vec3& point, std::string& error) {
  real p[3];
  if (!parse_numbers(text, 3, p)) {
    error = "bad point \"" + text + "\": expected x,y,z";
    return false;
  }
  point = vec3(p[0], p[1], p[2]);
  return true;
}

std::string exact(real x) {
  char buf[32];
  const std::to_chars_result end = std::to_chars(buf, buf + sizeof buf, x == 0 ? real(0) : x);
  return std::string(buf, end.ptr);
}

std::string exact_text(const vec3& v) {
  std::string text = "(";  // appended: GCC 12 warns on "(" + std::string (-Wrestrict)
  text += exact(v.x) + ", " + exact(v.y) + ", " + exact(v.z) + ")";
  return text;
}

std::string pose_text(const Pose& p) {
  const vec3& t = p.translation;
  std::string text = exact(t.x) + "," + exact(t.y) + "," + exact(t.z);
  if (p.rotation != mat3(1)) {
    quat q = glm::quat_cast(p.rotation);
    if (q.w < 0) q = -q;  // the same rotation, read more easily
    text += "/q=" + exact(q.w) + "," + exact(q.x) + "," + exact(q.y) + "," + exact(q.z);
  }
  if (p.scale != 1) text += "/s=" + exact(p.scale);
  return text;
}

std::string feature_text(FeatureRef f) {
  const char* names[] = {"vertex", "edge", "face"};
  return std::string(names[int(f.type)]) + " " + std::to_string(f.index);
}

std::string vec_text(const vec3& v) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "(%.6g, %.6g, %.6g)", double(v.x), double(v.y), double(v.z));
  return buf;
}

std::string fmt(const char* format, double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, x);
  return buf;
}

std::string count_of(std::size_t n, const char* noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

nlohmann::json pose_json(const Pose& p) {
  nlohmann::json rows = nlohmann::json::array();
  for (int r = 0; r < 3; ++r)
    rows.push_back({p.rotation[0][r], p.rotation[1][r], p.rotation[2][r]});
  return {{"translation", to_json(p.translation)}, {"rotation", rows}, {"scale", p.scale}};
}

bool stderr_is_terminal() {
  return SEPAX_ISATTY(2) != 0;
}

nlohmann::json to_json(const vec3& v) {
  return nlohmann::json::array({v.x, v.y, v.z});
}

const char* shape_class(const Hull& hull) {
  if (hull.is_flat()) return "flat";
  vec3 size = hull.bounds().max - hull.bounds().min;
  real sides[3] = {size.x, size.y, size.z};
  std::sort(sides, sides + 3);
  return sides[1] < needle_ratio * sides[2] ? "needle" : "solid";
}

}  // namespace sepax::cli
