// sepax's own readers (OBJ, OFF, PLY, ASCII STL): coordinates come back as
// written (a %.17g double bit for bit in a double build, that double rounded
// to float in a float build), faces come back as written (polygons as fans),
// faces naming a missing vertex make the file unreadable, degenerate
// triangles are dropped and counted; and the faces of the bundled files.
#include "sepax/io.hpp"
#include "test_util.hpp"

#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <random>
#include <string>
#include <tuple>
#include <vector>

using namespace sepax;

namespace {

using Triangle = std::array<index_t, 3>;
namespace fs = std::filesystem;

/// A directory of this process's own under the system's temp directory,
/// removed with everything in it at the end of the test.
struct TempDir {
  fs::path path =
      fs::temp_directory_path() / ("sepax_test_io_readers_" + std::to_string(long(getpid())));
  TempDir() { fs::create_directories(path); }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
};

io::LoadResult load_text(const std::string& name, const std::string& text) {
  const TempDir dir;
  const fs::path path = dir.path / name;
  std::FILE* f = std::fopen(path.c_str(), "wb");
  REQUIRE(f != nullptr);
  std::fwrite(text.data(), 1, text.size(), f);
  std::fclose(f);
  return io::load(path.string());
}

std::string g17(double v) {
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.17g", v);
  return buffer;
}

std::string xyz(const glm::dvec3& p) {
  return g17(p.x) + " " + g17(p.y) + " " + g17(p.z);
}

/// A mesh as written: double vertices and polygons (indices from 0).
struct Written {
  std::vector<glm::dvec3> vertices;
  std::vector<std::vector<index_t>> polygons;
};

/// A seeded random cloud: 1e-3 across, centred at up to 1e5 from the origin
/// (the magnitude log-uniform from 1e-2), with triangles, quads and pentagons
/// over its vertices (distinct corners).
Written random_mesh(std::mt19937_64& rng) {
  std::uniform_real_distribution<double> unit(-1, 1), log_scale(-2, 5);
  const glm::dvec3 centre =
      glm::dvec3(unit(rng), unit(rng), unit(rng)) * std::pow(10.0, log_scale(rng));
  Written w;
  const int n = 8 + int(rng() % 24);
  for (int i = 0; i < n; ++i)
    w.vertices.push_back(centre + 5e-4 * glm::dvec3(unit(rng), unit(rng), unit(rng)));
  for (int f = 0; f < 10; ++f) {
    std::vector<index_t> all(std::size_t(n), 0);
    for (int i = 0; i < n; ++i) all[std::size_t(i)] = index_t(i);
    std::shuffle(all.begin(), all.end(), rng);
    all.resize(3 + rng() % 3);
    w.polygons.push_back(all);
  }
  return w;
}

std::string as_obj(const Written& w) {
  std::string s = "# sepax test\no cloud\n";
  for (const glm::dvec3& p : w.vertices) s += "v " + xyz(p) + "\n";
  for (std::size_t f = 0; f < w.polygons.size(); ++f) {
    s += "f";
    const long long n = static_cast<long long>(w.vertices.size());
    for (index_t v : w.polygons[f])  // every other face counts from the end
      s.append(" ")
          .append(std::to_string(f % 2 == 0 ? v + 1 : v - n))
          .append(f % 3 == 0 ? "/1/1" : "");
    s += "\n";
  }
  return s;
}

std::string as_off(const Written& w) {
  std::string s = "OFF\n";
  s.append(std::to_string(w.vertices.size())).append(" ").append(std::to_string(w.polygons.size()));
  s.append(" 0\n");
  for (const glm::dvec3& p : w.vertices) s += xyz(p) + "\n";
  for (const std::vector<index_t>& f : w.polygons) {
    s += std::to_string(f.size());
    for (index_t v : f) s.append(" ").append(std::to_string(v));
    s += "\n";
  }
  return s;
}

std::string as_ply(const Written& w) {
  std::string s = "ply\nformat ascii 1.0\nelement vertex " + std::to_string(w.vertices.size()) +
                  "\nproperty double x\nproperty double y\nproperty double z\nelement face " +
                  std::to_string(w.polygons.size()) +
                  "\nproperty list uchar int vertex_indices\nend_header\n";
  for (const glm::dvec3& p : w.vertices) s += xyz(p) + "\n";
  for (const std::vector<index_t>& f : w.polygons) {
    s += std::to_string(f.size());
    for (index_t v : f) s.append(" ").append(std::to_string(v));
    s += "\n";
  }
  return s;
}

/// STL facets are triangles: the polygons' fans, each corner written out.
std::string as_stl(const Written& w) {
  std::string s = "solid cloud\n";
  for (const std::vector<index_t>& f : w.polygons) {
    for (std::size_t k = 1; k + 1 < f.size(); ++k) {
      s += " facet normal 0 0 0\n  outer loop\n";
      for (index_t v : {f[0], f[k], f[k + 1]}) s += "   vertex " + xyz(w.vertices[v]) + "\n";
      s += "  endloop\n endfacet\n";
    }
  }
  return s + "endsolid cloud\n";
}

bool same_bits(const vec3& a, const vec3& b) {
  for (int k = 0; k < 3; ++k)
    if (std::memcmp(&a[k], &b[k], sizeof(real)) != 0) return false;
  return true;
}

vec3 rounded(const glm::dvec3& p) {
  return vec3(real(p.x), real(p.y), real(p.z));
}

/// What a load of `w` must give, computed here independently of sepax_io:
/// the vertices rounded to `real`, each position once in order of first
/// appearance (`order`: the sequence in which the file states them), the
/// fans renumbered, the degenerate ones counted.
io::Part expected_part(const Written& w, const std::vector<index_t>& order) {
  io::Part part;
  std::map<std::tuple<real, real, real>, index_t> seen;
  std::map<index_t, index_t> where;
  for (index_t v : order) {
    const vec3 p = rounded(w.vertices[v]);
    const auto [it, added] = seen.emplace(std::tuple(p.x, p.y, p.z), index_t(part.points.size()));
    if (added) part.points.push_back(p);
    where[v] = it->second;
  }
  for (const std::vector<index_t>& f : w.polygons) {
    for (std::size_t k = 1; k + 1 < f.size(); ++k) {
      const Triangle t = {where[f[0]], where[f[k]], where[f[k + 1]]};
      if (t[0] == t[1] || t[1] == t[2] || t[2] == t[0])
        ++part.degenerate_triangles;
      else
        part.triangles.push_back(t);
    }
  }
  return part;
}

void check_same(const io::LoadResult& r, const io::Part& expected) {
  INFO(r.message);
  REQUIRE(r.ok());
  REQUIRE(r.parts.size() == 1);
  const io::Part& got = r.parts[0];
  REQUIRE(got.points.size() == expected.points.size());
  for (std::size_t i = 0; i < got.points.size(); ++i) {
    INFO("point " << i);
    CHECK(same_bits(got.points[i], expected.points[i]));
  }
  CHECK(got.triangles == expected.triangles);
  CHECK(got.degenerate_triangles == expected.degenerate_triangles);
}

/// Every index in range and no triangle with a repeated index.
void check_triangles(const io::Part& part) {
  const auto n = index_t(part.points.size());
  for (const Triangle& t : part.triangles) {
    CHECK((t[0] >= 0 && t[0] < n && t[1] >= 0 && t[1] < n && t[2] >= 0 && t[2] < n));
    CHECK((t[0] != t[1] && t[1] != t[2] && t[2] != t[0]));
  }
}

std::string data_file(const std::string& name) {
  return std::string(SEPAX_TEST_DATA) + "/" + name;
}

}  // namespace

TEST_CASE("coordinates and faces come back as written, in every own format",
          "[io][readers][precision]") {
  std::mt19937_64 rng(20260517);
  for (int round = 0; round < 40; ++round) {
    const Written w = random_mesh(rng);
    std::vector<index_t> file_order;
    for (std::size_t i = 0; i < w.vertices.size(); ++i) file_order.push_back(index_t(i));
    std::vector<index_t> stl_order;  // corners in facet order
    for (const std::vector<index_t>& f : w.polygons)
      for (std::size_t k = 1; k + 1 < f.size(); ++k)
        stl_order.insert(stl_order.end(), {f[0], f[k], f[k + 1]});
    const io::Part expected = expected_part(w, file_order);
    INFO("round " << round);
    check_same(load_text("cloud.obj", as_obj(w)), expected);
    check_same(load_text("cloud.off", as_off(w)), expected);
    check_same(load_text("cloud.ply", as_ply(w)), expected);
    check_same(load_text("cloud.stl", as_stl(w)), expected_part(w, stl_order));
    if (test::is_double) {  // nothing merged: every coordinate is the written double
      CHECK(expected.points.size() == w.vertices.size());
      CHECK(expected.degenerate_triangles == 0);
    }
  }
}

TEST_CASE("a double that float cannot hold is rounded once to real", "[io][readers][precision]") {
  const double x = 0.1, y = 1e5 + 1e-9, z = -123456.78901234567;
  const std::string text = "v " + g17(x) + " " + g17(y) + " " + g17(z) + "\n";
  const io::LoadResult r = load_text("one.obj", text);
  REQUIRE(r.ok());
  CHECK(same_bits(r.parts[0].points[0], vec3(real(x), real(y), real(z))));
  if (!test::is_double) CHECK(r.parts[0].points[0].y == float(1e5));
}

TEST_CASE("polygons become fans (0, k, k+1)", "[io][readers][faces]") {
  const std::string v5 = "0 0 0\n1 0 0\n2 1 0\n1 2 0\n0 1 0\n";
  const std::vector<Triangle> quad = {{0, 1, 2}, {0, 2, 3}};
  const std::vector<Triangle> pentagon = {{0, 1, 2}, {0, 2, 3}, {0, 3, 4}};
  std::string obj;
  for (const char* line : {"v 0 0 0", "v 1 0 0", "v 2 1 0", "v 1 2 0", "v 0 1 0"})
    obj += std::string(line) + "\n";
  const io::LoadResult o = load_text("pentagon.obj", obj + "f 1 2 3 4 5\n");
  REQUIRE(o.ok());
  CHECK(o.parts[0].triangles == pentagon);
  const io::LoadResult q = load_text("quad.obj", obj + "f 1 2 3 4\n");
  REQUIRE(q.ok());
  CHECK(q.parts[0].triangles == quad);
  const io::LoadResult off =
      load_text("pentagon.off", "OFF\n5 1 0\n" + v5 + "5 0 1 2 3 4 255 0 0\n");
  REQUIRE(off.ok());
  CHECK(off.parts[0].triangles == pentagon);
  const io::LoadResult ply =
      load_text("quad.ply",
                "ply\nformat ascii 1.0\nelement vertex 5\nproperty float x\nproperty float y\n"
                "property float z\nelement face 1\nproperty list uchar uint vertex_index\n"
                "property uchar flags\nend_header\n" +
                    v5 + "4 0 1 2 3 7\n");
  INFO(ply.message);
  REQUIRE(ply.ok());
  CHECK(ply.parts[0].triangles == quad);
  CHECK(ply.parts[0].points.size() == 5);  // the unused vertex stays
  CHECK(ply.message.find("1 part, 5 points, 2 triangles") != std::string::npos);
}

TEST_CASE("OBJ face corners: v/vt/vn forms, negative indices, later vertices",
          "[io][readers][faces]") {
  const std::string v4 = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\n";
  const io::LoadResult r =
      load_text("corners.obj", v4 + "vt 0 0\nf -4 -3 -2\nf 1/1 2//1 4/1/1\nf -4/1/1 -2//1 -1\n");
  INFO(r.message);
  REQUIRE(r.ok());
  CHECK(r.parts[0].triangles == std::vector<Triangle>{{0, 1, 2}, {0, 1, 3}, {0, 2, 3}});
  // Negative indices count back from the vertices so far, not the file's.
  const io::LoadResult later = load_text("later.obj",
                                         "v 0 0 0\nv 1 0 0\nv 0 1 0\nf -3 -2 -1\n"
                                         "v 0 0 1\nf -4 -3 -1\nf 1 2 5\nv 5 5 5\n");
  INFO(later.message);
  REQUIRE(later.ok());
  CHECK(later.parts[0].triangles == std::vector<Triangle>{{0, 1, 2}, {0, 1, 3}, {0, 1, 4}});
}

TEST_CASE("OBJ objects: o and g start parts, shared vertex blocks are not parts",
          "[io][readers][faces]") {
  // Maya's layout: the vertices under `g default`, the faces under the
  // object's group. The face's vertices join its part.
  const io::LoadResult maya = load_text("maya.obj",
                                        "g default\nv 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\ng tetra\n"
                                        "f 1 3 2\nf 1 2 4\nf 2 3 4\nf 3 1 4\n");
  INFO(maya.message);
  REQUIRE(maya.ok());
  REQUIRE(maya.parts.size() == 1);
  CHECK(maya.parts[0].name == "tetra");
  CHECK(maya.parts[0].points.size() == 4);
  CHECK(maya.parts[0].triangles.size() == 4);
  // A face of `b` using a vertex declared in `a`: `a` keeps it, `b` adds it.
  const io::LoadResult shared = load_text(
      "shared.obj", "o a\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\no b\nv 5 0 0\nv 5 1 0\nf 1 4 5\n");
  REQUIRE(shared.ok());
  REQUIRE(shared.parts.size() == 2);
  CHECK(shared.parts[1].name == "b");
  CHECK(shared.parts[1].points == std::vector<vec3>{vec3(5, 0, 0), vec3(5, 1, 0), vec3(0, 0, 0)});
  CHECK(shared.parts[1].triangles == std::vector<Triangle>{{2, 0, 1}});
  const io::Part all = io::merged_mesh(shared);
  CHECK(all.name == "a+b");
  CHECK(all.points.size() == 5);
  CHECK(all.triangles == std::vector<Triangle>{{0, 1, 2}, {0, 3, 4}});
}

TEST_CASE("a face naming a missing vertex makes the file unreadable", "[io][readers][errors]") {
  const std::string v3 = "v 0 0 0\nv 1 0 0\nv 0 1 0\n";
  const std::string ply_head =
      "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\n"
      "property float z\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n"
      "0 0 0\n1 0 0\n0 1 0\n";
  struct Case {
    const char* name;
    std::string text;
    const char* words;
  };
  const std::vector<Case> cases = {
      {"beyond.obj", v3 + "f 1 2 4\n", "line 4: face names vertex 4, but the file has 3"},
      {"zero.obj", v3 + "f 0 1 2\n", "line 4: face names vertex 0"},
      {"negative.obj", v3 + "f -4 1 2\n", "line 4: face names vertex -4"},
      {"word.obj", v3 + "f 1 2 x\n", "line 4: face names vertex x"},
      {"beyond.off", "OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 3\n", "vertex index 3"},
      {"short.off", "OFF\n3 2 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n", "face 2 of 2"},
      {"beyond.ply", ply_head + "3 0 1 7\n", "vertex index 7, but the file has 3"},
      {"negative.ply", ply_head + "3 0 -1 2\n", "bad vertex index"},
      {"two_corners.stl", "solid s\nfacet\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nendloop\n",
       "line 6: a facet with 2 vertices"},
  };
  for (const Case& c : cases) {
    const io::LoadResult r = load_text(c.name, c.text);
    INFO(c.name << ": " << r.message);
    CHECK(r.status == io::Status::unreadable);
    CHECK(r.message.find(c.words) != std::string::npos);
    CHECK(r.parts.empty());
  }
}

TEST_CASE("degenerate triangles are dropped and counted", "[io][readers][faces]") {
  // Vertex 4 repeats vertex 1's position: (1, 2, 4) has two equal corners.
  const io::LoadResult r =
      load_text("degenerate.obj",
                "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 0\nf 1 2 3\nf 1 1 2\nf 2 3 4\n"
                "f 1 2 4\nf 1 2 3 3\n");
  INFO(r.message);
  REQUIRE(r.ok());
  const io::Part& part = r.parts[0];
  CHECK(part.points.size() == 3);
  CHECK(part.triangles == std::vector<Triangle>{{0, 1, 2}, {1, 2, 0}, {0, 1, 2}});
  CHECK(part.degenerate_triangles == 3);  // (1 1 2), (1 2 4), (1 3 3) of the quad's fan
  CHECK(io::merged_mesh(r).degenerate_triangles == 3);
  const io::LoadResult stl =
      load_text("degenerate.stl",
                "solid d\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\n"
                "vertex 1 0 0\nendloop\nendfacet\nendsolid d\n");
  REQUIRE(stl.ok());
  CHECK(stl.parts[0].triangles.empty());
  CHECK(stl.parts[0].degenerate_triangles == 1);
}

TEST_CASE("the bundled meshes come with their faces", "[io][readers][faces]") {
  struct Case {
    const char* file;
    std::size_t parts;
    std::size_t triangles;  // the file's, degenerate ones included
  };
  const std::vector<Case> cases = {
      {"bunny.obj", 1, 3674},         {"teapot.obj", 1, 992},
      {"cow.off", 1, 5804},           {"fandisk.off", 1, 12946},
      {"pig.stl", 1, 16848},          {"io/cube_ascii.stl", 1, 12},
      {"io/cube_binary.stl", 1, 12},  {"io/two_solids.stl", 2, 2},
      {"io/tetra.off", 1, 4},         {"io/two_boxes.obj", 2, 24},
      {"io/stray_vertex.obj", 1, 1},  {"io/two_triangles.gltf", 2, 2},
      {"io/two_triangles.glb", 2, 2}, {"io/points.obj", 1, 0},
      {"io/points_binary.ply", 1, 0}, {"io/points_double_be.ply", 1, 0},
  };
  for (const Case& c : cases) {
    const io::LoadResult r = io::load(data_file(c.file));
    INFO(r.message);
    REQUIRE(r.ok());
    CHECK(r.parts.size() == c.parts);
    std::size_t triangles = 0;
    for (const io::Part& part : r.parts) {
      check_triangles(part);
      triangles += part.triangles.size() + part.degenerate_triangles;
    }
    CHECK(triangles == c.triangles);
    const io::Part all = io::merged_mesh(r);
    check_triangles(all);
    CHECK(all.triangles.size() + all.degenerate_triangles == c.triangles);
    CHECK(all.points == io::merged_points(r));
  }
}

TEST_CASE("a failed load merges to an empty part", "[io][readers]") {
  const io::Part none = io::merged_mesh(io::load(data_file("io/does_not_exist.obj")));
  CHECK(none.name.empty());
  CHECK(none.points.empty());
  CHECK(none.triangles.empty());
  CHECK(none.degenerate_triangles == 0);
}
