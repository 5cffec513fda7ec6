// `--mesh`: answers about the meshes themselves (mesh.hpp: TriangleMesh and
// its exact queries), not about their convex hulls.
#include "mode.hpp"
#include "sepax/gjk.hpp"
#include "sepax/mesh.hpp"
#include "sepax/sat.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>

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
            std::to_string(part.points.size()) + " points)";
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
                  std::to_string(m.mesh.triangle_count()) + " triangles";
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

/// What mesh mode reports about one pair.
/// The header's shapes: "closed mesh of 36 triangles: a solid" and the like.
struct MeshReport final : Report {
  mesh::Result result;
  double us = 0;  ///< time of the query, microseconds (median of a few runs)

  Verdict verdict() const override {
    return result.intersecting ? Verdict::intersecting : Verdict::separated;
  }
  bool intersecting() const override { return result.intersecting; }

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
    return j;
  }

  void print() const override {
    const mesh::Result& m = result;
    std::printf("%s (meshes)\n", id.c_str());
    std::printf("  A:       %s\n  B:       %s\n", shape_a.c_str(), shape_b.c_str());
    if (m.intersecting)
      std::printf("  verdict: intersecting: %s\n", how_text(m).c_str());
    else
      std::printf("  verdict: separated, distance %.9g\n", double(m.distance));
    const char* where = m.intersecting ? "witness" : "closest";
    std::printf("  %s: A %s on %s, B %s on %s\n", where, vec_text(m.point_a).c_str(),
                triangle_text(m.triangle_a).c_str(), vec_text(m.point_b).c_str(),
                triangle_text(m.triangle_b).c_str());
    std::printf("  work:    %d triangle pairs tested exactly, %.1f us\n", m.pairs_tested, us);
  }

  /// "  intersecting (surfaces)  distance 0".
  std::string batch_line() const override {
    char line[160];
    std::snprintf(line, sizeof line, "  %s (%s)  distance %.9g", to_string(verdict()),
                  mesh::to_string(result.how), double(result.distance));
    return line;
  }
};

/// The help of --mesh in batch and scene.
constexpr const char* as_check =
    "Answer about the meshes themselves, not their convex hulls (as check --mesh)";
/// The help of --mesh in cast and ray, until mesh mode casts (casts()).
constexpr const char* not_yet =
    "Cast against the meshes themselves, not their convex hulls: not yet in this version "
    "(refused, exit status 2)";

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
              {"cast", not_yet},
              {"ray", not_yet}}) {}

  bool draws_hulls() const override { return false; }

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

  /// mesh::query, or SAT and GJK for two cooked hulls, timed.
  std::unique_ptr<Report> check(const Shape& sa, const Pose& pose_a, const Shape& sb,
                                const Pose& pose_b, const PairQuery&) const override {
    const LoadedMesh& a = mesh_of(sa);
    const LoadedMesh& b = mesh_of(sb);
    auto r = std::make_unique<MeshReport>();
    static_cast<PairHeader&>(*r) = pair_header({a.name, pose_a, describe(a), describe_json(a)},
                                               {b.name, pose_b, describe(b), describe_json(b)});
    r->result = query(a, pose_a, b, pose_b);
    r->us = median_us([&] { (void)query(a, pose_a, b, pose_b); });
    return r;
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
