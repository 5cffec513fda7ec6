// `--mesh`: answers about the meshes themselves (mesh.hpp: TriangleMesh and
// its exact queries), not about their convex hulls. Casts: mesh::shape_cast
// and mesh::ray_cast on the surfaces, plus a containment test at the start,
// so a closed mesh is a solid to casts as to checks.
#include "cast_report.hpp"
#include "html_report.hpp"
#include "mode.hpp"
#include "sepax/contact_mesh.hpp"
#include "sepax/gjk.hpp"
#include "sepax/gjk_cast.hpp"
#include "sepax/mesh.hpp"
#include "sepax/sat.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>

namespace sepax::cli {

namespace {

/// Meshes with more triangles than this say on a terminal that their tree is
/// being built (a few seconds for tens of millions).
constexpr std::size_t announce_triangles = 1'000'000;

/// One shape of mesh mode: a triangle mesh, or a cooked hull (a convex
/// solid, queried as such).
struct LoadedMesh : Shape {
  TriangleMesh mesh;          ///< empty for a cooked hull
  Hull hull;                  ///< a cooked hull's hull; empty for a mesh
  std::size_t triangles = 0;  ///< the file's triangles (before degenerate ones are dropped)
  /// Degenerate triangles dropped: by the reader (a repeated vertex) and by
  /// TriangleMesh (zero area).
  std::size_t degenerate = 0;
  double build_ms = 0;  ///< reading aside: building the mesh and its tree
  [[nodiscard]] bool is_hull() const { return !hull.empty(); }
};

const LoadedMesh& mesh_of(const Shape& s) {
  return static_cast<const LoadedMesh&>(s);
}

/// The mesh of one named part, or why there is none.
bool build_mesh(std::string name, const io::Part& part, Shapes& out, std::string& error) {
  if (part.triangles.empty()) {
    error = name + ": mesh mode needs triangles, and this has none (a point cloud of " +
            count_of(part.points.size(), "point") + ")";
    return false;
  }
  if (part.triangles.size() > announce_triangles && stderr_is_terminal())
    std::fprintf(stderr, "sepax: %s: building the tree of %zu triangles...\n", name.c_str(),
                 part.triangles.size());
  LoadedMesh loaded;
  loaded.name = std::move(name);
  const auto start = std::chrono::steady_clock::now();
  MeshResult built = TriangleMesh::from_triangles(part.points, part.triangles);
  loaded.build_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (!built.ok()) {
    error = loaded.name + ": " + built.message;
    return false;
  }
  loaded.mesh = std::move(built.mesh);
  loaded.triangles = part.triangles.size() + part.degenerate_triangles;
  loaded.degenerate = part.degenerate_triangles + loaded.mesh.skipped_triangles();
  out.push_back(std::make_shared<LoadedMesh>(std::move(loaded)));
  return true;
}

std::string describe(const LoadedMesh& m) {
  if (m.is_hull()) return "a cooked hull (a convex solid)";
  std::string s = std::string(m.mesh.is_closed() ? "closed" : "open") + " mesh of " +
                  count_of(m.mesh.triangle_count(), "triangle");
  if (m.degenerate > 0) s += " (" + std::to_string(m.degenerate) + " degenerate skipped)";
  return s + (m.mesh.is_closed() ? ": a solid" : ": a surface only (not closed, no inside)");
}

nlohmann::json describe_json(const LoadedMesh& m) {
  if (m.is_hull()) return {{"kind", "cooked hull"}, {"closed", true}, {"semantics", "solid"}};
  return {{"kind", "mesh"},
          {"triangles", m.mesh.triangle_count()},
          {"degenerate_triangles", m.degenerate},
          {"closed", m.mesh.is_closed()},
          {"semantics", m.mesh.is_closed() ? "solid" : "surface"}};
}

/// Two cooked hulls: SAT decides, GJK gives the distance and points.
mesh::Result hull_pair(const Hull& a, const Pose& pa, const Hull& b, const Pose& pb) {
  mesh::Result r;
  r.intersecting = sat::intersect(a, pa, b, pb);
  r.pairs_tested = 1;
  const gjk::Result d = gjk::distance(a, pa, b, pb);
  r.point_a = d.point_a;
  r.point_b = d.point_b;
  if (r.intersecting) {
    r.how = mesh::Interference::surfaces;
  } else {
    r.distance = d.distance;
  }
  return r;
}

mesh::Result query(const LoadedMesh& a, const Pose& pa, const LoadedMesh& b, const Pose& pb) {
  if (a.is_hull() && b.is_hull()) return hull_pair(a.hull, pa, b.hull, pb);
  if (a.is_hull()) return mesh::query(a.hull, pa, b.mesh, pb);
  if (b.is_hull()) return mesh::query(a.mesh, pa, b.hull, pb);
  return mesh::query(a.mesh, pa, b.mesh, pb);
}

/// How an intersecting pair interferes, for people.
std::string how_text(const mesh::Result& r) {
  switch (r.how) {
    case mesh::Interference::surfaces:
      return "the surfaces cross or touch";
    case mesh::Interference::a_inside_b:
      return "A lies inside B's solid (the surfaces do not meet)";
    case mesh::Interference::b_inside_a:
      return "B lies inside A's solid (the surfaces do not meet)";
    case mesh::Interference::none:
      break;
  }
  return "apart";
}

std::string triangle_text(index_t t) {
  return t >= 0 ? "triangle " + std::to_string(t) : std::string("its hull");
}

/// The contacts of A's hull against B's triangles (--contacts).
struct MeshContacts {
  contact::MeshManifold manifold;
  real margin = 0;
  /// What stood in for A: "A" (a cooked hull) or "A's convex hull".
  std::string body = "A";
  std::string error;  ///< why there are none (A has no hull); empty otherwise
};

/// contact::collide of A's hull (a cooked hull, or the hull of A's mesh)
/// against B's mesh (or B's cooked hull: one region).
MeshContacts mesh_contacts(const LoadedMesh& a, const Pose& pose_a, const LoadedMesh& b,
                           const Pose& pose_b, real margin) {
  MeshContacts c;
  c.margin = margin;
  Hull built;
  if (!a.is_hull()) {
    HullResult h = Hull::from_points(a.mesh.vertices());
    if (!h.ok()) {
      c.error = "A has no convex hull: " + h.message;
      return c;
    }
    built = std::move(h.hull);
    c.body = "A's convex hull";
  }
  const Hull& body = a.is_hull() ? a.hull : built;
  if (b.is_hull()) {
    const contact::Manifold m = contact::collide(body, pose_a, b.hull, pose_b, margin);
    c.manifold.count = m.count > 0 ? 1 : 0;
    c.manifold.regions[0] = m;
    for (index_t& t : c.manifold.triangle[0]) t = -1;
    return c;
  }
  contact::MeshScratch scratch;
  c.manifold = contact::collide(body, pose_a, b.mesh, pose_b, scratch, margin);
  return c;
}

/// One point of a mesh manifold as JSON: contact::Point's fields and the
/// triangle of B it lies on (-1 for a cooked hull).
nlohmann::json point_json(const contact::Point& p, index_t triangle) {
  return {{"point_a", to_json(p.point_a)},
          {"point_b", to_json(p.point_b)},
          {"separation", p.separation},
          {"id", p.id},
          {"feature_a", feature_text(contact::feature_a(p.id))},
          {"feature_b", feature_text(contact::feature_b(p.id))},
          {"triangle", triangle}};
}

/// {"normal", "separation", "points"} of region r.
nlohmann::json region_json(const contact::MeshManifold& m, int r) {
  nlohmann::json points = nlohmann::json::array();
  for (int i = 0; i < m.regions[r].count; ++i)
    points.push_back(point_json(m.regions[r].points[i], m.triangle[r][i]));
  return {{"normal", to_json(m.regions[r].normal)},
          {"separation", m.regions[r].separation},
          {"points", points}};
}

/// The contacts object (docs/cli.md): the deepest region's normal,
/// separation and points, as for hulls, each point naming its triangle;
/// every region in "regions".
nlohmann::json contacts_json(const MeshContacts& c) {
  const contact::MeshManifold& m = c.manifold;
  nlohmann::json regions = nlohmann::json::array();
  for (int r = 0; r < m.count; ++r) regions.push_back(region_json(m, r));
  nlohmann::json j = m.count > 0 ? region_json(m, 0)
                                 : nlohmann::json{{"normal", nullptr},
                                                  {"separation", nullptr},
                                                  {"points", nlohmann::json::array()}};
  j.update({{"margin", c.margin},
            {"body", c.body},
            {"regions", regions},
            {"triangles_tested", m.triangles_tested},
            {"regions_dropped", m.regions_dropped}});
  if (!c.error.empty()) j["error"] = c.error;
  return j;
}

void print_contacts(std::FILE* out, const MeshContacts& c) {
  const contact::MeshManifold& m = c.manifold;
  if (!c.error.empty()) {
    std::fprintf(out, "  contacts: none: %s\n", c.error.c_str());
    return;
  }
  int points = 0;
  for (int r = 0; r < m.count; ++r) points += m.regions[r].count;
  const std::string dropped =
      m.regions_dropped > 0 ? " (" + std::to_string(m.regions_dropped) +
                                  " triangles' contacts in further directions left out: at most " +
                                  std::to_string(contact::max_mesh_regions) + " regions)"
                            : std::string();
  std::fprintf(out,
               "  contacts: %s against B's triangles, margin %.6g: %d point%s in %d region%s, "
               "%d triangle%s tested%s\n",
               c.body.c_str(), double(c.margin), points, points == 1 ? "" : "s", m.count,
               m.count == 1 ? "" : "s", m.triangles_tested, m.triangles_tested == 1 ? "" : "s",
               dropped.c_str());
  for (int r = 0; r < m.count; ++r) {
    const contact::Manifold& g = m.regions[r];
    // + 0.0: a zero component prints as 0, not -0.
    std::fprintf(out, "  region %d: normal (%.6g, %.6g, %.6g)\n", r + 1, double(g.normal.x) + 0.0,
                 double(g.normal.y) + 0.0, double(g.normal.z) + 0.0);
    for (int i = 0; i < g.count; ++i) {
      const contact::Point& p = g.points[i];
      std::fprintf(out,
                   "           A (%.6g, %.6g, %.6g)  B (%.6g, %.6g, %.6g)  separation %.6g  %s / "
                   "%s, triangle %d\n",
                   double(p.point_a.x), double(p.point_a.y), double(p.point_a.z),
                   double(p.point_b.x), double(p.point_b.y), double(p.point_b.z),
                   double(p.separation), feature_text(contact::feature_a(p.id)).c_str(),
                   feature_text(contact::feature_b(p.id)).c_str(), int(m.triangle[r][i]));
    }
  }
}

/// What mesh mode reports about one pair.
/// The header's shapes: "closed mesh of 36 triangles: a solid" and the like.
struct MeshReport final : Report {
  mesh::Result result;
  double us = 0;                         ///< time of the query, microseconds (median of a few runs)
  std::optional<MeshContacts> contacts;  ///< with --contacts

  Verdict verdict() const override {
    return result.intersecting ? Verdict::intersecting : Verdict::separated;
  }
  bool intersecting() const override { return result.intersecting; }
  real gap() const override { return result.intersecting ? real(0) : result.distance; }
  std::array<vec3, 2> gap_points() const override { return {result.point_a, result.point_b}; }

  /// Apart: the closest points. Surfaces: the witness where the triangles
  /// meet. Containment: the tested vertex.
  void html_markers(HtmlPage& page) const override {
    const mesh::Result& m = result;
    if (!m.intersecting) return Report::html_markers(page);
    if (m.how == mesh::Interference::surfaces)
      page.points.push_back({m.point_a, "triangle " + std::to_string(m.triangle_a) +
                                            " of A meets triangle " + std::to_string(m.triangle_b) +
                                            " of B"});
    else
      page.points.push_back({m.point_a, std::string("inside: ") + mesh::to_string(m.how)});
  }

  /// "mode": "mesh", "intersecting", "how", "separation" (the distance when
  /// apart, 0 otherwise), the points and triangles (schema in docs/cli.md).
  nlohmann::json json() const override {
    const mesh::Result& m = result;
    nlohmann::json j = header_json(*this);
    j.update({{"mode", "mesh"},
              {"verdict", to_string(verdict())},
              {"intersecting", m.intersecting},
              {"how", mesh::to_string(m.how)},
              {"separation", m.intersecting ? real(0) : m.distance},
              {"point_a", to_json(m.point_a)},
              {"point_b", to_json(m.point_b)},
              {"triangle_a", m.triangle_a},
              {"triangle_b", m.triangle_b},
              {"pairs_tested", m.pairs_tested},
              {"time_us", us}});
    if (contacts) j["contacts"] = contacts_json(*contacts);
    return j;
  }

  void print(std::FILE* out) const override {
    const mesh::Result& m = result;
    std::fprintf(out, "%s (meshes)\n", id.c_str());
    std::fprintf(out, "  A:       %s\n  B:       %s\n", shape_a.c_str(), shape_b.c_str());
    if (m.intersecting)
      std::fprintf(out, "  verdict: intersecting: %s\n", how_text(m).c_str());
    else
      std::fprintf(out, "  verdict: separated, distance %.9g\n", double(m.distance));
    const char* where = m.intersecting ? "witness" : "closest";
    std::fprintf(out, "  %s: A %s on %s, B %s on %s\n", where, vec_text(m.point_a).c_str(),
                 triangle_text(m.triangle_a).c_str(), vec_text(m.point_b).c_str(),
                 triangle_text(m.triangle_b).c_str());
    std::fprintf(out, "  work:    %s tested exactly, %.1f us\n",
                 count_of(std::size_t(m.pairs_tested), "triangle pair").c_str(), us);
    if (contacts) print_contacts(out, *contacts);
  }

  /// "  intersecting (surfaces)  distance 0".
  std::string batch_line() const override {
    char line[160];
    std::snprintf(line, sizeof line, "  %s (%s)  distance %.9g", to_string(verdict()),
                  mesh::to_string(result.how), double(result.distance));
    std::string out = line;
    if (contacts) {
      int points = 0;
      for (int r = 0; r < contacts->manifold.count; ++r)
        points += contacts->manifold.regions[r].count;
      out += "  " + std::to_string(points) + (points == 1 ? " contact" : " contacts");
    }
    return out;
  }
};

/// The help of --mesh in batch and scene.
constexpr const char* as_check =
    "Answer about the meshes themselves, not their convex hulls (as check --mesh)";
/// The help of --mesh in cast and ray.
constexpr const char* as_cast =
    "Cast against the meshes themselves, not their convex hulls (a closed mesh is a solid: "
    "starting inside it is overlapping); B only translates";

/// What a mesh cast's accuracy is (CastReport::accuracy).
constexpr const char* gjk_accuracy = "GJK on each triangle: within round-off of touching";

/// A cast report's header and the fields every mesh mode cast shares.
std::unique_ptr<CastReport> cast_report(const LoadedMesh& a, const Pose& pose_a) {
  auto r = std::make_unique<CastReport>();
  r->mode = "mesh";
  r->tested = "meshes";
  r->id = r->name_a = a.name;
  r->pose_a = pose_a;
  r->shape_a = describe(a);
  r->input_a = describe_json(a);
  return r;
}

/// Marks a report whose start lies inside A's (or B's) solid while the
/// surfaces do not meet: overlapping at toi 0, no normal.
void started_inside(CastReport& r, const vec3& point, const char* what) {
  const int work = r.result.iterations;
  r.result = CastResult{};
  r.result.iterations = work;
  r.result.status = CastStatus::overlapping;
  r.result.point = point;
  r.has_normal = false;
  r.overlap_detail = std::string(": ") + what + " (the surfaces do not meet); no normal";
}

/// Triangle `input` (from_triangles' numbering) of a mesh as a flat hull.
Hull triangle_hull(const TriangleMesh& mesh, index_t input) {
  for (index_t i = 0; i < index_t(mesh.triangle_count()); ++i) {
    if (mesh.input_index(i) != input) continue;
    const convex::Triangle t = mesh.triangle(i);
    return Hull::from_points(std::span<const vec3>(t.p)).hull;
  }
  return {};
}

/// The normal at the first contact of convex a and b (b moving by `move`
/// from `pose_b`) as sat::shape_cast gives it: the face or edge pair of
/// their Minkowski difference the path enters through, if it opposes the
/// motion (a pair that only grazes does not stop it). Else `normal`.
vec3 entry_normal(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b,
                  const vec3& move, const vec3& normal) {
  if (a.empty() || b.empty()) return normal;
  const CastResult r = sat::shape_cast(a, pose_a, b, pose_b, move);
  return r.status == CastStatus::hit && glm::dot(r.normal, move) < 0 ? r.normal : normal;
}

/// Mesh B's triangle that blocks B at A's triangle `ta` where the cast
/// stops (fraction `t`): of B's triangles that meet `ta` within `band` of
/// t by sat::shape_cast, the one whose entry normal opposes the motion most
/// (where a face lands on a face, edge pairs touch too, across the path).
/// Returns its triangle (input numbering) and sets `normal`; -1 when none.
index_t blocking_triangle(const Hull& ta, const Pose& pose_a, const TriangleMesh& b,
                          const Pose& pose_b, const vec3& move, real t, real band, vec3& normal) {
  index_t best = -1;
  real most = 0;
  Pose b_at = pose_b;
  b_at.translation += t * move;
  const Bounds near = ta.bounds();
  const real reach = band + real(1e-6) * glm::length(near.max - near.min);
  for (index_t i = 0; i < index_t(b.triangle_count()); ++i) {
    const convex::Triangle tri = b.triangle(i);
    Bounds box{pose_a.apply_inverse(b_at.apply(tri.p[0])), {}};
    box.max = box.min;
    for (const vec3& p : tri.p) {
      const vec3 q = pose_a.apply_inverse(b_at.apply(p));
      box.min = glm::min(box.min, q), box.max = glm::max(box.max, q);
    }
    if (glm::any(glm::greaterThan(box.min, near.max + vec3(reach))) ||
        glm::any(glm::lessThan(box.max, near.min - vec3(reach))))
      continue;
    const Hull tb = Hull::from_points(std::span<const vec3>(tri.p)).hull;
    if (tb.empty()) continue;
    const CastResult c = sat::shape_cast(ta, pose_a, tb, pose_b, move);
    if (c.status != CastStatus::hit || c.fraction > t + band) continue;
    const real opposing = -glm::dot(c.normal, move);
    if (opposing > most) most = opposing, best = b.input_index(i), normal = c.normal;
  }
  return best;
}

/// B (a mesh or a cooked hull) translating by `move` against A at rest:
/// the first contact of the surfaces, A's triangle named when A is a mesh.
CastResult cast_surfaces(const LoadedMesh& a, const Pose& pose_a, const LoadedMesh& b,
                         const Pose& pose_b, const vec3& move, real target, index_t& triangle_b) {
  triangle_b = -1;
  if (a.is_hull() && b.is_hull()) {
    return target > 0 ? gjk::shape_cast(a.hull, pose_a, b.hull, pose_b, move, 1, target)
                      : sat::shape_cast(a.hull, pose_a, b.hull, pose_b, move);
  }
  if (!a.is_hull()) {
    CastResult r = b.is_hull() ? mesh::shape_cast(a.mesh, pose_a, b.hull, pose_b, move, 1, target)
                               : mesh::shape_cast(a.mesh, pose_a, b.mesh, pose_b, move, 1, target);
    // Within a clearance GJK's normal joins the closest points: kept.
    if (r.status != CastStatus::hit || target > 0) return r;
    const Hull ta = triangle_hull(a.mesh, r.triangle);
    if (b.is_hull()) {
      r.normal = entry_normal(ta, pose_a, b.hull, pose_b, move, r.normal);
      return r;
    }
    // GJK's tolerance over the path's length, as a fraction.
    const real band = real(1e-6) + tol::gjk_touch * 8;
    if (!ta.empty())
      triangle_b = blocking_triangle(ta, pose_a, b.mesh, pose_b, move, r.fraction, band, r.normal);
    return r;
  }
  // A hull against mesh B: A moves by -move against B at rest; the contact
  // found then, carried by +toi * move, is where B meets A.
  CastResult r = mesh::shape_cast(b.mesh, pose_b, a.hull, pose_a, -move, 1, target);
  if (!r.hit()) return r;
  r.point += r.fraction * move;
  r.normal = -r.normal;
  triangle_b = r.triangle;
  r.triangle = -1;
  if (r.status != CastStatus::hit || target > 0) return r;
  r.normal =
      entry_normal(a.hull, pose_a, triangle_hull(b.mesh, triangle_b), pose_b, move, r.normal);
  return r;
}

/// B translating along `sweep` against A at rest.
std::unique_ptr<CastReport> cast_meshes(const LoadedMesh& a, const Pose& pose_a,
                                        const LoadedMesh& b, const Sweep& sweep, real target) {
  auto r = cast_report(a, pose_a);
  static_cast<PairHeader&>(*r) = pair_header({a.name, pose_a, describe(a), describe_json(a)},
                                             {b.name, sweep.start, describe(b), describe_json(b)});
  r->sweep_b = sweep;
  const vec3 move = sweep.end.translation - sweep.start.translation;
  index_t triangle_b = -1;
  const auto cast = [&] {
    return cast_surfaces(a, pose_a, b, sweep.start, move, target, triangle_b);
  };
  const bool exact = a.is_hull() && b.is_hull() && target == 0;
  r->method = exact                        ? "sat::shape_cast"
              : a.is_hull() && b.is_hull() ? "gjk::shape_cast"
                                           : "mesh::shape_cast";
  if (!exact) r->accuracy = gjk_accuracy;
  r->work = exact ? "SAT queries" : "GJK iterations";
  r->result = cast();
  r->us = median_us(cast);
  if (triangle_b >= 0) r->caveat = "; B's triangle " + std::to_string(triangle_b) + " met";
  if (r->result.status == CastStatus::bad_input) return r;
  // Moving from outside a closed solid to inside crosses its surface, so
  // only the start can be inside with the surfaces apart.
  const mesh::Result start = query(a, pose_a, b, sweep.start);
  if (start.how == mesh::Interference::b_inside_a) {
    started_inside(*r, start.point_b, "B starts inside A's solid");
  } else if (start.how == mesh::Interference::a_inside_b) {
    started_inside(*r, start.point_a, "A lies inside B's solid at the start");
  } else if (r->result.status == CastStatus::overlapping && !start.intersecting) {
    r->start_interferes = false;  // only within the clearance at the start
    r->overlap_detail = ": B starts within " + fmt("%.9g", double(target)) + " of A";
  } else if (r->result.status == CastStatus::overlapping && !(a.is_hull() && b.is_hull())) {
    r->overlap_detail =
        ": B starts touching or crossing A's surface; the normal is B's way out of the triangle "
        "met";
  }
  return r;
}

/// A ray against A: mesh::ray_cast (either side of a triangle), or ray_cast
/// for a cooked hull; a ray from inside a closed mesh is overlapping.
std::unique_ptr<CastReport> ray_mesh(const LoadedMesh& a, const Pose& pose_a, const Ray& ray) {
  auto r = cast_report(a, pose_a);
  r->mover = Mover::ray;
  r->from = ray.origin;
  r->to = ray.origin + ray.translation;
  const auto cast = [&] {
    return a.is_hull() ? sepax::ray_cast(a.hull, pose_a, ray) : mesh::ray_cast(a.mesh, pose_a, ray);
  };
  r->method = a.is_hull() ? "ray_cast" : "mesh::ray_cast";
  r->work = a.is_hull() ? "faces visited" : "tree nodes visited";
  r->result = cast();
  r->us = median_us(cast);
  if (!a.is_hull() && r->result.status == CastStatus::overlapping)
    r->overlap_detail =
        ": the ray starts on A's surface; the normal is its triangle's, on the "
        "ray's side";
  if (!a.is_hull() && r->result.status != CastStatus::bad_input &&
      r->result.status != CastStatus::overlapping &&
      mesh::contains(a.mesh, pose_a.apply_inverse(ray.origin)))
    started_inside(*r, ray.origin, "the ray starts inside A's solid");
  return r;
}

class MeshMode final : public Mode {
 public:
  MeshMode()
      : Mode("mesh", "meshes", "--mesh",
             {{"check",
               "Answer about the meshes themselves, not their convex hulls: exact for "
               "non-convex meshes (triangle pairs through AABB trees; a closed mesh is a "
               "solid, so one inside the other intersects); the distance when apart"},
              {"batch", as_check},
              {"scene", as_check},
              {"cast", as_cast},
              {"ray", as_cast}}) {}

  bool draws_hulls() const override { return false; }
  /// A's hull against B's triangles (contact_mesh.hpp).
  bool gives_contacts() const override { return true; }

  /// A cooked hull is one convex solid.
  bool load_cooked(const std::string& path, Shapes& out, std::string& error) const override {
    std::vector<LoadedHull> cooked;
    if (!cli::load_cooked(path, cooked, error)) return false;
    LoadedMesh m;
    m.name = path;
    m.hull = std::move(cooked.front().built.hull);
    m.build_ms = cooked.front().build_ms;
    out.push_back(std::make_shared<LoadedMesh>(std::move(m)));
    return true;
  }

  /// A file without triangles (a point cloud) is an error: "mesh mode needs
  /// triangles ...". The parts after a failing one are not read.
  void shapes_of(const std::string& path, const io::LoadResult& file, bool per_part, Shapes& out,
                 std::vector<std::string>& errors) const override {
    std::string error;
    if (!per_part || file.parts.size() == 1) {
      if (!build_mesh(path, io::merged_mesh(file), out, error)) errors.push_back(error);
      return;
    }
    for (const io::Part& part : file.parts) {
      if (!build_mesh(path + ":" + part.name, part, out, error)) {
        errors.push_back(error);
        return;
      }
    }
  }

  Aabb box(const Shape& s, const Pose& pose) const override {
    const LoadedMesh& m = mesh_of(s);
    const Bounds local = m.is_hull() ? m.hull.bounds() : m.mesh.bounds();
    Aabb out{pose.apply(local.min), pose.apply(local.min)};
    for (int corner = 1; corner < 8; ++corner) {
      const vec3 p(corner & 1 ? local.max.x : local.min.x, corner & 2 ? local.max.y : local.min.y,
                   corner & 4 ? local.max.z : local.min.z);
      out.min = glm::min(out.min, pose.apply(p));
      out.max = glm::max(out.max, pose.apply(p));
    }
    return out;
  }

  bool interferes(const Shape& a, const Pose& pose_a, const Shape& b,
                  const Pose& pose_b) const override {
    return query(mesh_of(a), pose_a, mesh_of(b), pose_b).intersecting;
  }

  /// The mesh's kept triangles with its hull (built here) as the toggle; a
  /// cooked hull is drawn as itself.
  HtmlShape html_shape(const Shape& s, const Pose& pose) const override {
    const LoadedMesh& m = mesh_of(s);
    HtmlShape out;
    out.name = m.name;
    if (m.is_hull()) {
      hull_surface(m.hull, pose, out.positions, out.triangles);
      return out;
    }
    for (const vec3& p : m.mesh.vertices()) out.positions.push_back(pose.apply(p));
    for (const auto& t : m.mesh.triangles())
      out.triangles.push_back({std::uint32_t(t[0]), std::uint32_t(t[1]), std::uint32_t(t[2])});
    const HullResult hull = Hull::from_points(m.mesh.vertices());
    if (hull.ok()) hull_surface(hull.hull, pose, out.hull_positions, out.hull_triangles);
    return out;
  }

  /// mesh::query, or SAT and GJK for two cooked hulls, timed.
  std::unique_ptr<Report> check(const Shape& sa, const Pose& pose_a, const Shape& sb,
                                const Pose& pose_b, const PairQuery& q) const override {
    const LoadedMesh& a = mesh_of(sa);
    const LoadedMesh& b = mesh_of(sb);
    auto r = std::make_unique<MeshReport>();
    static_cast<PairHeader&>(*r) = pair_header({a.name, pose_a, describe(a), describe_json(a)},
                                               {b.name, pose_b, describe(b), describe_json(b)});
    r->result = query(a, pose_a, b, pose_b);
    r->us = median_us([&] { (void)query(a, pose_a, b, pose_b); });
    if (q.contacts) r->contacts = mesh_contacts(a, pose_a, b, pose_b, q.margin);
    return r;
  }

  /// Exact for two cooked hulls and where the surfaces do not cross;
  /// otherwise sampled with the exact inside tests. An open mesh has none.
  SharedVolume shared_volume(const Shape& sa, const Pose& pose_a, const Shape& sb,
                             const Pose& pose_b) const override {
    const LoadedMesh& a = mesh_of(sa);
    const LoadedMesh& b = mesh_of(sb);
    const bool a_open = !a.is_hull() && !a.mesh.is_closed();
    const bool b_open = !b.is_hull() && !b.mesh.is_closed();
    if (a_open || b_open) {
      SharedVolume v;
      v.overlap.method = VolumeMethod::none;
      v.note = std::string(a_open && b_open ? "A and B are open meshes"
                           : a_open         ? "A is an open mesh"
                                            : "B is an open mesh") +
               ": an open mesh encloses no volume";
      return v;
    }
    if (a.is_hull() && b.is_hull()) return {overlap_volume(a.hull, pose_a, b.hull, pose_b), ""};
    if (a.is_hull()) return {overlap_volume(a.hull, pose_a, b.mesh, pose_b), ""};
    if (b.is_hull()) return {overlap_volume(a.mesh, pose_a, b.hull, pose_b), ""};
    return {overlap_volume(a.mesh, pose_a, b.mesh, pose_b), ""};
  }

  bool casts() const override { return true; }

  /// Refuses a B that turns: the mesh casts are linear.
  std::unique_ptr<CastReport> cast(const Shape& a, const Pose& pose_a, const Shape& b,
                                   const Sweep& sweep_b, real target,
                                   std::string& error) const override {
    if (sweep_b.start.rotation != sweep_b.end.rotation) {
      error =
          "--mesh casts B along straight paths only: its two poses turn it (without --mesh "
          "the hulls are cast, turning too)";
      return nullptr;
    }
    return cast_meshes(mesh_of(a), pose_a, mesh_of(b), sweep_b, target);
  }

  std::unique_ptr<CastReport> ray_cast(const Shape& a, const Pose& pose_a, const Ray& ray,
                                       std::string&) const override {
    return ray_mesh(mesh_of(a), pose_a, ray);
  }

  nlohmann::json shape_json(const Shape& s) const override {
    const LoadedMesh& m = mesh_of(s);
    return {{"name", m.name},
            {"triangles", m.is_hull() ? std::size_t(0) : m.mesh.triangle_count()},
            {"closed", m.is_hull() || m.mesh.is_closed()}};
  }
};

}  // namespace

std::unique_ptr<Mode> make_mesh_mode() {
  return std::make_unique<MeshMode>();
}

}  // namespace sepax::cli
