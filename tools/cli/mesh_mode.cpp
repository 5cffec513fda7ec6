#include "mesh_mode.hpp"

#include "sepax/gjk.hpp"
#include "sepax/sat.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace sepax::cli {

namespace {

/// Meshes with more triangles than this say on a terminal that their tree is
/// being built (a few seconds for tens of millions).
constexpr std::size_t announce_triangles = 1'000'000;

/// The mesh of one named part, or why there is none.
bool build_mesh(std::string name, const io::Part& part, std::vector<LoadedMesh>& out,
                std::string& error) {
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
  out.push_back(std::move(loaded));
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
    r.how = mesh::Contact::surfaces;
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
    case mesh::Contact::surfaces:
      return "the surfaces cross or touch";
    case mesh::Contact::a_inside_b:
      return "A lies inside B's solid (the surfaces do not meet)";
    case mesh::Contact::b_inside_a:
      return "B lies inside A's solid (the surfaces do not meet)";
    case mesh::Contact::none:
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

}  // namespace

bool load_meshes(const std::string& path, bool per_part, std::vector<LoadedMesh>& out,
                 std::string& error) {
  if (is_cooked(path)) {
    std::vector<LoadedHull> cooked;
    if (!load_cooked(path, cooked, error)) return false;
    LoadedMesh m;
    m.name = path;
    m.hull = std::move(cooked.front().built.hull);
    m.build_ms = cooked.front().build_ms;
    out.push_back(std::move(m));
    return true;
  }
  const io::LoadResult file = io::load(path);
  if (!file.ok()) {
    error = file.message;
    return false;
  }
  return meshes_of(path, file, per_part, out, error);
}

bool meshes_of(const std::string& path, const io::LoadResult& file, bool per_part,
               std::vector<LoadedMesh>& out, std::string& error) {
  if (!per_part || file.parts.size() == 1)
    return build_mesh(path, io::merged_mesh(file), out, error);
  for (const io::Part& part : file.parts)
    if (!build_mesh(path + ":" + part.name, part, out, error)) return false;
  return true;
}

Bounds world_bounds(const LoadedMesh& m, const Pose& pose) {
  const Bounds local = m.is_hull() ? m.hull.bounds() : m.mesh.bounds();
  Bounds out{pose.apply(local.min), pose.apply(local.min)};
  for (int corner = 1; corner < 8; ++corner) {
    const vec3 p(corner & 1 ? local.max.x : local.min.x, corner & 2 ? local.max.y : local.min.y,
                 corner & 4 ? local.max.z : local.min.z);
    out.min = glm::min(out.min, pose.apply(p));
    out.max = glm::max(out.max, pose.apply(p));
  }
  return out;
}

std::unique_ptr<Report> check_meshes(const LoadedMesh& a, const Pose& pose_a, const LoadedMesh& b,
                                     const Pose& pose_b) {
  auto r = std::make_unique<MeshReport>();
  static_cast<PairHeader&>(*r) = pair_header({a.name, pose_a, describe(a), describe_json(a)},
                                             {b.name, pose_b, describe(b), describe_json(b)});
  r->result = query(a, pose_a, b, pose_b);
  r->us = median_us([&] { (void)query(a, pose_a, b, pose_b); });
  return r;
}

}  // namespace sepax::cli
