// bench_scene: reading a recorded scene (docs/scene_format.md,
// "sepax-scene 1"): a header, the bodies with their shapes, then per frame
// its broadphase pairs with both poses. Lines starting with '#' are
// comments; numbers are read with strtod (the writer's %.17g reads back
// exactly).
#include "scene.hpp"

#include "sepax/shapes.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>

namespace scene {
namespace {

/// The file's lines with comments and blank lines left out, one at a time.
class Lines {
 public:
  explicit Lines(std::istream& in) : in_(in) {}

  /// The next record's fields; false at the end of the file.
  bool next(std::istringstream& fields) {
    std::string line;
    while (std::getline(in_, line)) {
      ++number_;
      if (line.empty() || line[0] == '#') continue;
      fields.clear();
      fields.str(line);
      return true;
    }
    return false;
  }
  [[nodiscard]] int number() const { return number_; }

 private:
  std::istream& in_;
  int number_ = 0;
};

vec3 read_vec(std::istringstream& f) {
  double x = 0, y = 0, z = 0;
  f >> x >> y >> z;
  return {real(x), real(y), real(z)};
}

quat read_quat(std::istringstream& f) {
  double w = 1, x = 0, y = 0, z = 0;
  f >> w >> x >> y >> z;
  return quat(real(w), real(x), real(y), real(z));
}

real local_size(const Body& b) {
  switch (b.kind) {
    case Kind::box:
      return real(2) * glm::length(b.half);
    case Kind::sphere:
      return real(2 * std::sqrt(3.0)) * b.radius;
    case Kind::capsule:
      return glm::length(vec3(2 * b.radius, 2 * b.radius, 2 * (b.radius + b.half_height)));
    case Kind::hull:
      return b.hull.extent();
    case Kind::mesh:
      return b.mesh.extent();
  }
  return 0;
}

/// Reads one body record (and its point and triangle lines) and builds its
/// sepax shape; false with a message.
bool read_body(Lines& lines, std::istringstream& f, Body& b, std::string& error) {
  std::string kind;
  f >> kind;
  if (kind == "box") {
    b.kind = Kind::box;
    b.half = read_vec(f);
    b.hull = sepax::shapes::box(b.half);
  } else if (kind == "sphere") {
    b.kind = Kind::sphere;
    double r = 0;
    f >> r;
    b.radius = real(r);
  } else if (kind == "capsule") {
    b.kind = Kind::capsule;
    double r = 0, h = 0;
    f >> r >> h;
    b.radius = real(r), b.half_height = real(h);
  } else if (kind == "hull" || kind == "mesh") {
    std::size_t v = 0, t = 0;
    f >> v;
    if (kind == "mesh") f >> t;
    std::istringstream g;
    for (std::size_t i = 0; i < v && lines.next(g); ++i) b.points.push_back(read_vec(g));
    for (std::size_t i = 0; i < t && lines.next(g); ++i) {
      long long x = 0, y = 0, z = 0;
      g >> x >> y >> z;
      b.triangles.push_back({index_t(x), index_t(y), index_t(z)});
    }
    if (b.points.size() != v || b.triangles.size() != t)
      return error = "file ends in a body", false;
    if (kind == "hull") {
      b.kind = Kind::hull;
      sepax::HullResult r = sepax::Hull::from_points(std::span<const vec3>(b.points));
      if (!r.ok()) return error = "hull: " + r.message, false;
      b.hull = std::move(r.hull);
    } else {
      b.kind = Kind::mesh;
      sepax::MeshResult r =
          sepax::TriangleMesh::from_triangles(std::span<const vec3>(b.points), b.triangles);
      if (!r.ok()) return error = "mesh: " + r.message, false;
      b.mesh = std::move(r.mesh);
    }
  } else {
    return error = "unknown body kind '" + kind + "'", false;
  }
  if (f.fail()) return error = "bad " + kind + " record", false;
  b.size = local_size(b);
  return true;
}

bool read_frames(Lines& lines, std::istringstream& f, Scene& s, std::string& error) {
  std::string word;
  std::size_t count = 0;
  f >> word >> count;
  if (word != "frames") return error = "expected 'frames'", false;
  std::map<std::pair<int, int>, int> slots;
  const int n = int(s.bodies.size());
  for (std::size_t k = 0; k < count; ++k) {
    std::size_t index = 0, pairs = 0;
    if (!lines.next(f) || !(f >> word >> index >> pairs) || word != "frame" || index != k)
      return error = "expected 'frame " + std::to_string(k) + "'", false;
    Frame& frame = s.frames.emplace_back();
    for (std::size_t i = 0; i < pairs; ++i) {
      Pair p;
      double margin = 0;
      if (!lines.next(f) || !(f >> p.a >> p.b >> margin)) return error = "bad pair", false;
      const vec3 ta = read_vec(f);
      p.qa = read_quat(f);
      const vec3 tb = read_vec(f);
      p.qb = read_quat(f);
      if (f.fail() || p.a < 0 || p.b <= p.a || p.b >= n) return error = "bad pair", false;
      p.margin = real(margin);
      p.pose_a = sepax::pose_from_quat(ta, p.qa);
      p.pose_b = sepax::pose_from_quat(tb, p.qb);
      p.slot = slots.emplace(std::make_pair(p.a, p.b), int(slots.size())).first->second;
      frame.pairs.push_back(p);
    }
  }
  s.slots = int(slots.size());
  return true;
}

}  // namespace

bool read(const std::string& path, Scene& s, std::string& error) {
  std::ifstream in(path);
  if (!in) return error = "cannot open " + path, false;
  Lines lines(in);
  std::istringstream f;
  std::string word;
  int version = 0;
  const auto fail = [&](const std::string& what) {
    error = path + ":" + std::to_string(lines.number()) + ": " + what;
    return false;
  };
  if (!lines.next(f) || !(f >> word >> version) || word != "sepax-scene" || version != 1)
    return fail("not a sepax-scene 1 file");
  if (!lines.next(f) || !(f >> word >> s.time_step) || word != "time_step")
    return fail("expected 'time_step'");
  std::size_t bodies = 0;
  if (!lines.next(f) || !(f >> word >> bodies) || word != "bodies")
    return fail("expected 'bodies'");
  for (std::size_t i = 0; i < bodies; ++i) {
    std::size_t id = 0;
    if (!lines.next(f) || !(f >> word >> id) || word != "body" || id != i)
      return fail("expected 'body " + std::to_string(i) + "'");
    std::string what;
    if (!read_body(lines, f, s.bodies.emplace_back(), what)) return fail(what);
  }
  std::string what;
  if (!lines.next(f) || !read_frames(lines, f, s, what))
    return fail(what.empty() ? "no frames" : what);
  return true;
}

std::vector<Library>& libraries() {
  static std::vector<Library> all;
  return all;
}

Registration::Registration(Library library) {
  auto& all = libraries();
  // sepax's narrow phases first, then the peers by name.
  const auto later = [&](const Library& l) {
    const bool ours = library.name.rfind("sepax.", 0) == 0;
    const bool theirs = l.name.rfind("sepax.", 0) == 0;
    return ours != theirs ? ours : l.name > library.name;
  };
  all.insert(std::find_if(all.begin(), all.end(), later), std::move(library));
}

namespace {

/// Closest point to p on triangle abc (Ericson, Real-Time Collision
/// Detection 5.1.5). The library's own (core/closest_point.hpp) is
/// internal, and only tests/ may include internal headers
/// (docs/architecture.md).
vec3 closest_on_triangle(const vec3& p, const vec3& a, const vec3& b, const vec3& c) {
  const vec3 ab = b - a, ac = c - a, ap = p - a;
  const real d1 = glm::dot(ab, ap), d2 = glm::dot(ac, ap);
  if (d1 <= 0 && d2 <= 0) return a;
  const vec3 bp = p - b;
  const real d3 = glm::dot(ab, bp), d4 = glm::dot(ac, bp);
  if (d3 >= 0 && d4 <= d3) return b;
  const real vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) return a + ab * (d1 / (d1 - d3));
  const vec3 cp = p - c;
  const real d5 = glm::dot(ab, cp), d6 = glm::dot(ac, cp);
  if (d6 >= 0 && d5 <= d6) return c;
  const real vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) return a + ac * (d2 / (d2 - d6));
  const real va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0)
    return b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6)));
  const real denom = 1 / (va + vb + vc);
  return a + ab * (vb * denom) + ac * (vc * denom);
}

/// Closest point to p on segment ab.
vec3 closest_on_segment(const vec3& p, const vec3& a, const vec3& b) {
  const vec3 d = b - a;
  const real len2 = glm::dot(d, d);
  const real t = len2 > 0 ? std::clamp(glm::dot(p - a, d) / len2, real(0), real(1)) : real(0);
  return a + d * t;
}

}  // namespace

double surface_distance(const Body& body, const Pose& pose, const vec3& world) {
  const vec3 p = pose.apply_inverse(world);
  double best = std::numeric_limits<double>::infinity();
  switch (body.kind) {
    case Kind::sphere:
      return std::abs(double(glm::length(p)) - double(body.radius));
    case Kind::capsule: {
      const vec3 c =
          closest_on_segment(p, vec3(0, 0, -body.half_height), vec3(0, 0, body.half_height));
      return std::abs(double(glm::length(p - c)) - double(body.radius));
    }
    case Kind::mesh:
      for (std::size_t t = 0; t < body.mesh.triangle_count(); ++t) {
        const sepax::convex::Triangle tri = body.mesh.triangle(index_t(t));
        best = std::min(
            best, double(glm::length(p - closest_on_triangle(p, tri.p[0], tri.p[1], tri.p[2]))));
      }
      return best;
    case Kind::box:
    case Kind::hull: {
      // Every face as a fan of triangles around its first corner.
      const auto edges = body.hull.half_edges();
      const auto verts = body.hull.vertices();
      for (const sepax::Face& face : body.hull.faces()) {
        index_t e = face.edge;
        const vec3 first = verts[std::size_t(edges[std::size_t(e)].origin)];
        e = edges[std::size_t(e)].next;
        for (index_t k = 1; k + 1 < face.count; ++k, e = edges[std::size_t(e)].next) {
          const vec3 q = verts[std::size_t(edges[std::size_t(e)].origin)];
          const vec3 r = verts[std::size_t(edges[std::size_t(edges[std::size_t(e)].next)].origin)];
          best = std::min(best, double(glm::length(p - closest_on_triangle(p, first, q, r))));
        }
      }
      return best;
    }
  }
  return best;
}

}  // namespace scene
