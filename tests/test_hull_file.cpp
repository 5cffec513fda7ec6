// Cooked hull files (.sxhull): round trips give the same hull and the same
// answers; the layout is the one hull_file.hpp documents (checked by an
// encoder written here from that table); damaged, truncated, foreign,
// future and crafted files get a status and a message, never a crash.
#include "same_hull.hpp"
#include "sepax/epa.hpp"
#include "sepax/gjk.hpp"
#include "sepax/hull_file.hpp"
#include "sepax/sat.hpp"
#include "sepax/shapes.hpp"

#include <catch2/catch.hpp>

#include <bit>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

using namespace sepax;
namespace hf = sepax::hull_file;
using Bytes = std::vector<std::uint8_t>;

namespace {

using other_real = std::conditional_t<std::is_same_v<real, double>, float, double>;

// CRC-32/ISO-HDLC bit by bit (no table): an implementation independent of
// the library's.
std::uint32_t crc32_bitwise(const std::uint8_t* p, std::size_t n) {
  std::uint32_t c = 0xFFFFFFFFu;
  for (std::size_t i = 0; i < n; ++i) {
    c ^= p[i];
    for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
  }
  return ~c;
}

/// What the test's encoder writes: the fields of hull_file.hpp's table.
struct FileSpec {
  std::uint32_t version = 1;
  int real_bytes = int(sizeof(real));
  bool flat = false;
  std::vector<glm::dvec3> vertices;  // written as real_bytes-byte reals
  std::vector<std::vector<std::uint32_t>> loops;
};

void put32(Bytes& out, std::uint32_t x) {
  for (int k = 0; k < 4; ++k) out.push_back(std::uint8_t(x >> (8 * k)));
}

/// Writes the checksum of every byte before the last four into them.
void seal(Bytes& b) {
  const std::uint32_t c = crc32_bitwise(b.data(), b.size() - 4);
  for (int k = 0; k < 4; ++k) b[b.size() - 4 + std::size_t(k)] = std::uint8_t(c >> (8 * k));
}

Bytes encode(const FileSpec& s) {
  Bytes b = {0x89, 'S', 'X', 'H', 'U', 'L', 'L', '\n'};
  put32(b, s.version);
  b.push_back(std::uint8_t(s.real_bytes));
  b.push_back(s.flat ? 1 : 0);
  b.push_back(0), b.push_back(0);
  std::uint32_t corners = 0;
  for (const auto& loop : s.loops) corners += std::uint32_t(loop.size());
  put32(b, std::uint32_t(s.vertices.size()));
  put32(b, std::uint32_t(s.loops.size()));
  put32(b, corners);
  put32(b, 0);
  for (const glm::dvec3& v : s.vertices) {
    for (int k = 0; k < 3; ++k) {
      if (s.real_bytes == 8) {
        const auto bits = std::bit_cast<std::uint64_t>(v[k]);
        for (int j = 0; j < 8; ++j) b.push_back(std::uint8_t(bits >> (8 * j)));
      } else {
        put32(b, std::bit_cast<std::uint32_t>(float(v[k])));
      }
    }
  }
  for (const auto& loop : s.loops) put32(b, std::uint32_t(loop.size()));
  for (const auto& loop : s.loops)
    for (std::uint32_t i : loop) put32(b, i);
  put32(b, 0);
  seal(b);
  return b;
}

/// The spec of a built hull: its vertices and its loops from Face::edge.
FileSpec spec_of(const Hull& h) {
  FileSpec s;
  s.flat = h.is_flat();
  for (const vec3& v : h.vertices()) s.vertices.push_back(glm::dvec3(v));
  for (const Face& f : h.faces()) {
    std::vector<std::uint32_t> loop;
    index_t e = f.edge;
    for (index_t k = 0; k < f.count; ++k, e = h.half_edges()[e].next)
      loop.push_back(std::uint32_t(h.half_edges()[e].origin));
    s.loops.push_back(loop);
  }
  return s;
}

bool same_sat(const sat::Result& x, const sat::Result& y) {
  return x.intersecting == y.intersecting &&
         std::bit_cast<std::uint64_t>(double(x.separation)) ==
             std::bit_cast<std::uint64_t>(double(y.separation)) &&
         std::memcmp(&x.axis, &y.axis, sizeof x.axis) == 0 && x.feature == y.feature;
}

bool same_epa(const epa::Result& x, const epa::Result& y) {
  return x.intersecting == y.intersecting &&
         std::memcmp(&x.separation, &y.separation, sizeof x.separation) == 0 &&
         std::memcmp(&x.axis, &y.axis, sizeof x.axis) == 0 &&
         std::memcmp(&x.point_a, &y.point_a, sizeof x.point_a) == 0 &&
         std::memcmp(&x.point_b, &y.point_b, sizeof x.point_b) == 0;
}

/// Saves and loads `h` through bytes; checks that the loaded hull is `h` and
/// answers as `h` does against `other` on random poses (overlapping and
/// apart, A and B both ways).
void check_round_trip(const Hull& h, const Hull& other, std::uint64_t seed) {
  REQUIRE_FALSE(h.empty());
  const Bytes bytes = hf::to_bytes(h);
  CHECK(bytes.size() ==
        36 + 3 * sizeof(real) * h.vertex_count() + 4 * h.face_count() + 4 * h.half_edges().size());
  const hf::LoadResult r = hf::from_bytes(bytes);
  REQUIRE(r.ok());
  CHECK(r.message.empty());
  CHECK_FALSE(r.converted);
  INFO("first difference: " << test::hull_difference(h, r.hull));
  REQUIRE(test::hull_difference(h, r.hull).empty());
  CHECK(hf::to_bytes(r.hull) == bytes);
  CHECK(encode(spec_of(h)) == bytes);  // the documented layout, byte for byte

  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> angle(-180, 180), offset(-1.2, 1.2);
  // B's centre within 1.2 times the reach of the two hulls along each of A's
  // axes: both outcomes occur often, whatever A's proportions.
  const vec3 reach = (h.bounds().max - h.bounds().min) / real(2) + other.extent() / 2;
  int overlapping = 0;
  for (int i = 0; i < 40; ++i) {
    const Pose turn = pose_from_euler_deg(vec3(0), vec3(real(angle(rng)), real(angle(rng)), 0));
    const Pose pa{turn.rotation,
                  h.centroid() - turn.rotation * h.centroid()};  // about its centroid
    const vec3 t = vec3(real(offset(rng)), real(offset(rng)), real(offset(rng))) * reach;
    const Pose pb = pose_from_euler_deg(h.centroid() + pa.rotate(t), vec3(0, real(angle(rng)), 0));
    const sat::Result s = sat::query(h, pa, other, pb);
    overlapping += s.intersecting;
    CHECK(same_sat(s, sat::query(r.hull, pa, other, pb)));
    CHECK(same_sat(sat::query(other, pb, h, pa), sat::query(other, pb, r.hull, pa)));
    const gjk::Result g = gjk::distance(h, pa, other, pb);
    const gjk::Result g2 = gjk::distance(r.hull, pa, other, pb);
    CHECK(std::memcmp(&g.distance, &g2.distance, sizeof g.distance) == 0);
    CHECK(std::memcmp(&g.point_a, &g2.point_a, sizeof g.point_a) == 0);
    CHECK(same_epa(epa::query(h, pa, other, pb), epa::query(r.hull, pa, other, pb)));
  }
  CHECK(overlapping > 0);  // both outcomes occur: the checks are not vacuous
  CHECK(overlapping < 40);
}

hf::LoadResult load_spec(const FileSpec& s) {
  return hf::from_bytes(encode(s));
}

std::string temp_path(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("sepax_test_hull_file_" + std::to_string(std::random_device{}()));
  std::filesystem::create_directories(dir);
  return (dir / name).string();
}

}  // namespace

TEST_CASE("the test's CRC-32 is the standard one", "[hull_file]") {
  const char* check = "123456789";
  CHECK(crc32_bitwise(reinterpret_cast<const std::uint8_t*>(check), 9) == 0xCBF43926u);
}

TEST_CASE("round trip: boxes, polyhedra and flat polygons", "[hull_file]") {
  const Hull other = shapes::random_hull(40, real(0.8), 99);
  const Hull hulls[] = {
      shapes::box(vec3(1, 2, 3)),
      shapes::box(vec3(real(0.001), 5, real(0.25))),
      shapes::tetrahedron(1),
      shapes::octahedron(2),
      shapes::icosahedron(real(0.5)),
      shapes::cylinder(1, 2, 64),
      shapes::cone(1, 1, 7),
      shapes::polygon(1, 3),
      shapes::polygon(2, 40),
      // Faces of thousands of corners: the edge check's work is capped.
      shapes::polygon(1, 5000),
      shapes::cylinder(1, 1, 3000),
  };
  std::uint64_t seed = 1;
  for (const Hull& h : hulls) check_round_trip(h, other, seed++);
  CHECK(hf::from_bytes(hf::to_bytes(shapes::box(vec3(1)))).hull.is_box());
  CHECK(hf::from_bytes(hf::to_bytes(shapes::polygon(1, 5))).hull.is_flat());
}

TEST_CASE("round trip: random hulls and clouds", "[hull_file]") {
  const Hull other = shapes::box(vec3(real(0.7), real(0.4), real(0.9)));
  for (const int n : {4, 12, 100, 700})
    for (std::uint64_t seed = 1; seed <= 3; ++seed)
      check_round_trip(shapes::random_hull(n, 1, seed), other, seed);
  // Merged polygon faces, interior points, a cloud far from the origin and
  // a nearly flat one.
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> u(-1, 1);
  std::vector<vec3> grid, far, thin;
  // Far from the origin, but not so far that SAT's touching band (1024 eps
  // of the magnitude: 24 at 2e5 in float) covers every pose: a pair within
  // it counts as intersecting.
  const double far_at = std::is_same_v<real, double> ? 1e5 : 1e2;
  for (int x = 0; x < 4; ++x)
    for (int y = 0; y < 4; ++y)
      for (int z = 0; z < 3; ++z) grid.push_back(vec3(x, y, z));
  for (int i = 0; i < 200; ++i) {
    far.push_back(vec3(real(far_at + u(rng)), real(-2 * far_at + u(rng)), real(u(rng))));
    thin.push_back(vec3(real(u(rng)), real(u(rng)), real(0.01 * u(rng))));
  }
  for (const auto& cloud : {grid, far, thin}) {
    const HullResult built = Hull::from_points(cloud);
    REQUIRE(built.ok());
    check_round_trip(built.hull, other, 7);
  }
}

TEST_CASE("regression: a tiny solid far from its size loads back", "[hull_file]") {
  // fuzz_sxhull: a solid 2e-12 across at 6.6 from the origin, whose depth
  // below its first face (8e-14) is under the round-off tolerance (9e-14);
  // the loader took it for a solid of no volume. Its widths along other
  // face normals are 8 times larger.
  const std::vector<glm::dvec3> cloud = {
      {6.6004999999999905, 0.30049999999999005, 0.20049999999999002},
      {6.6004999999999905, 0.30049999999999005, 0.20050000000017001},
      {6.6005000000001708, 0.30050000000017002, 0.20050000000017001},
      {6.6005000000001708, 0.30049999999999005, 0.20049999999999002},
      {6.6004999999989105, 0.30049999999891003, 0.20049999999891002},
  };
  const HullResult built = Hull::from_points(cloud);
  if (!built.ok()) return;  // float cannot tell these points apart
  CHECK_FALSE(built.hull.is_flat());
  const hf::LoadResult r = hf::from_bytes(hf::to_bytes(built.hull));
  REQUIRE(r.ok());
  CHECK(test::hull_difference(built.hull, r.hull).empty());
}

TEST_CASE("a file of the other precision is rebuilt from its vertices", "[hull_file]") {
  // Coordinates both precisions hold exactly: the same box either way.
  const Hull box = shapes::box(vec3(1, 2, real(0.5)));
  FileSpec s = spec_of(box);
  s.real_bytes = int(sizeof(other_real));
  const hf::LoadResult r = load_spec(s);
  REQUIRE(r.ok());
  CHECK(r.converted);
  CHECK(r.hull.vertex_count() == 8);
  CHECK(r.hull.face_count() == 6);
  CHECK(r.hull.is_box());
  // A random hull: the vertices are the file's, converted to real.
  const Hull h = shapes::random_hull(60, 1, 3);
  s = spec_of(h);
  s.real_bytes = int(sizeof(other_real));
  const hf::LoadResult c = load_spec(s);
  REQUIRE(c.ok());
  CHECK(c.converted);
  CHECK(validate(c.hull).ok);
  for (const vec3& v : c.hull.vertices()) {
    bool found = false;
    for (const glm::dvec3& d : s.vertices) {
      const other_real x = other_real(d.x), y = other_real(d.y), z = other_real(d.z);
      found = found || (v.x == real(x) && v.y == real(y) && v.z == real(z));
    }
    CHECK(found);
  }
}

TEST_CASE("every flipped bit of a small file gives a status", "[hull_file]") {
  for (const Hull& h : {shapes::tetrahedron(1), shapes::box(vec3(1, 2, 3))}) {
    const Bytes good = hf::to_bytes(h);
    const std::size_t n = good.size();
    int loaded_after_patching = 0;
    for (std::size_t i = 0; i < n; ++i) {
      for (int bit = 0; bit < 8; ++bit) {
        Bytes bad = good;
        bad[i] ^= std::uint8_t(1u << bit);
        const hf::LoadResult r = hf::from_bytes(bad);
        INFO("byte " << i << " bit " << bit << ": " << r.message);
        REQUIRE_FALSE(r.ok());
        CHECK_FALSE(r.message.empty());
        CHECK(r.hull.empty());
        // Which check catches it depends on the field.
        if (i < 8)
          CHECK(r.status == hf::Status::not_sxhull);
        else if (i < 12)
          CHECK(r.status == hf::Status::unsupported_version);
        else if (i == 12 || (i >= 16 && i < 28))
          CHECK((r.status == hf::Status::bad_header || r.status == hf::Status::truncated));
        else
          CHECK(r.status == hf::Status::bad_checksum);

        // The same flip with the checksum made right: the checks behind it
        // answer, and a hull they let through is a valid one.
        if (i >= n - 4) continue;
        seal(bad);
        const hf::LoadResult p = hf::from_bytes(bad);
        CHECK(p.ok() == p.message.empty());
        if (p.ok()) {
          ++loaded_after_patching;
          CHECK(validate(p.hull).ok);
        }
      }
    }
    CHECK(loaded_after_patching > 0);  // low mantissa bits move a vertex within tolerance
  }
}

TEST_CASE("a file cut at any length is truncated", "[hull_file]") {
  const Bytes good = hf::to_bytes(shapes::box(vec3(1)));
  for (std::size_t n = 0; n < good.size(); ++n) {
    const hf::LoadResult r = hf::from_bytes(std::span<const std::uint8_t>(good).first(n));
    INFO(n << " bytes: " << r.message);
    CHECK(r.status == hf::Status::truncated);
    CHECK_FALSE(r.message.empty());
  }
  CHECK(hf::from_bytes({}).message == "file is empty (0 bytes)");
  CHECK(hf::from_bytes(std::span<const std::uint8_t>(good).first(100)).message ==
        "truncated: 100 bytes, the header says " + std::to_string(good.size()));
  Bytes longer = good;
  longer.push_back(0);
  CHECK(hf::from_bytes(longer).status == hf::Status::bad_header);
}

TEST_CASE("foreign and future files", "[hull_file]") {
  const std::string obj = "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n";
  const hf::LoadResult r = hf::from_bytes(Bytes(obj.begin(), obj.end()));
  CHECK(r.status == hf::Status::not_sxhull);
  CHECK(r.message == "not a sepax hull file (no .sxhull magic number)");
  const Bytes png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0, 0, 13};
  CHECK(hf::from_bytes(png).status == hf::Status::not_sxhull);

  FileSpec s = spec_of(shapes::box(vec3(1)));
  s.version = 2;
  const hf::LoadResult future = load_spec(s);
  CHECK(future.status == hf::Status::unsupported_version);
  CHECK(future.message == "format version 2 is newer than this sepax reads (1)");
  // A future version may change everything after the version field.
  Bytes cut = encode(s);
  cut.resize(12);
  CHECK(hf::from_bytes(cut).status == hf::Status::unsupported_version);
  s.version = 0;
  CHECK(load_spec(s).status == hf::Status::unsupported_version);
}

TEST_CASE("header fields out of range", "[hull_file]") {
  const FileSpec box = spec_of(shapes::box(vec3(1)));
  FileSpec s = box;
  s.real_bytes = 2;
  const hf::LoadResult r = load_spec(s);
  CHECK(r.status == hf::Status::bad_header);
  CHECK(r.message == "bytes per real is 2, not 4 or 8");
  // Counts far beyond the file: refused on the size, before any allocation.
  Bytes b = encode(box);
  for (int k = 16; k < 28; ++k) b[std::size_t(k)] = 0xFF;
  seal(b);
  CHECK(hf::from_bytes(b).status == hf::Status::truncated);
  // Unknown flags and reserved bytes.
  for (const std::size_t at : {13u, 14u, 15u, 28u, 31u}) {
    b = encode(box);
    b[at] |= 0x40;
    seal(b);
    CHECK(hf::from_bytes(b).status == hf::Status::bad_header);
  }
  // Too few vertices, faces or corners to be a hull.
  s = box;
  s.vertices.resize(2);
  s.loops = {{0, 1, 0}};
  CHECK(load_spec(s).status == hf::Status::bad_header);
}

TEST_CASE("crafted files with a valid checksum: topology", "[hull_file]") {
  const FileSpec box = spec_of(shapes::box(vec3(1)));
  FileSpec s = box;
  s.loops[2][1] = 8;  // no vertex 8
  hf::LoadResult r = load_spec(s);
  CHECK(r.status == hf::Status::bad_topology);
  CHECK(r.message == "face 2 names vertex 8, beyond the 8 vertices");

  s = box;
  s.loops[0].resize(2);
  s.loops[1].push_back(s.loops[1][0]);  // same corner count, a face of 2
  CHECK(load_spec(s).status == hf::Status::bad_topology);

  s = box;
  std::reverse(s.loops[3].begin(), s.loops[3].end());  // one face turned inside out
  r = load_spec(s);
  CHECK(r.status == hf::Status::bad_topology);
  CHECK(r.message == "the faces do not close into a manifold");

  s = box;
  s.vertices.push_back(glm::dvec3(0));  // on no face
  r = load_spec(s);
  CHECK(r.status == hf::Status::bad_topology);
  CHECK(r.message == "vertex 8 is on no face");

  // Two tetrahedra sharing a vertex: a manifold at every edge, Euler 3.
  s = spec_of(shapes::tetrahedron(1));
  const std::size_t base = s.vertices.size();
  const glm::dvec3 shared = s.vertices[0];
  for (std::size_t i = 1; i < base; ++i) s.vertices.push_back(2.0 * shared - s.vertices[i]);
  const std::size_t faces = s.loops.size();
  for (std::size_t f = 0; f < faces; ++f) {
    std::vector<std::uint32_t> loop;
    for (std::uint32_t i : s.loops[f]) loop.push_back(i == 0 ? 0 : std::uint32_t(base - 1 + i));
    s.loops.push_back(loop);
  }
  r = load_spec(s);
  CHECK(r.status == hf::Status::bad_topology);
  CHECK(r.message == "Euler characteristic V - E + F = 3, expected 2");

  // A solid flagged flat, and a two-sided polygon flagged solid.
  s = box;
  s.flat = true;
  CHECK(load_spec(s).status == hf::Status::bad_topology);
  s = spec_of(shapes::polygon(1, 6));
  s.flat = false;
  CHECK(load_spec(s).status == hf::Status::bad_topology);
}

TEST_CASE("crafted files with a valid checksum: geometry", "[hull_file]") {
  const FileSpec box = spec_of(shapes::box(vec3(1)));
  FileSpec s = box;
  s.vertices[5] *= 0.5;  // a corner pushed in: its three faces bend
  hf::LoadResult r = load_spec(s);
  CHECK(r.status == hf::Status::bad_geometry);
  CHECK(r.message.find("not planar") != std::string::npos);

  s = box;
  s.vertices[3].x = std::numeric_limits<double>::quiet_NaN();
  r = load_spec(s);
  CHECK(r.status == hf::Status::bad_geometry);
  CHECK(r.message == "vertex 3 is not finite");

  s = box;
  for (glm::dvec3& v : s.vertices) v *= 1e80;  // beyond the range of hulls (infinite in float)
  CHECK(load_spec(s).status == hf::Status::bad_geometry);

  // A tetrahedron with its apex pushed through its base: planar
  // triangles, every edge reflex.
  s = spec_of(shapes::tetrahedron(1));
  const Hull tet = shapes::tetrahedron(1);
  const glm::dvec3 c(tet.centroid());
  s.vertices[0] = c - 2.0 * (s.vertices[0] - c);
  r = load_spec(s);
  CHECK(r.status == hf::Status::bad_geometry);

  // A flat polygon that is not convex: a star.
  s = FileSpec{};
  s.flat = true;
  for (int i = 0; i < 10; ++i) {
    const double a = 6.283185307179586 * i / 10, radius = i % 2 ? 0.4 : 1.0;
    s.vertices.push_back(glm::dvec3(radius * std::cos(a), radius * std::sin(a), 0));
  }
  std::vector<std::uint32_t> front;
  for (std::uint32_t i = 0; i < 10; ++i) front.push_back(i);
  s.loops = {front, std::vector<std::uint32_t>(front.rbegin(), front.rend())};
  r = load_spec(s);
  CHECK(r.status == hf::Status::bad_geometry);
  CHECK(r.message.find("not convex") != std::string::npos);

  // A tetrahedron's topology squashed into its base plane: no volume.
  s = spec_of(shapes::tetrahedron(1));
  for (glm::dvec3& v : s.vertices) v.z = 0;
  CHECK(load_spec(s).status == hf::Status::bad_geometry);
}

TEST_CASE("save and load files", "[hull_file]") {
  const Hull h = shapes::random_hull(50, 2, 11);
  const std::string path = temp_path("hull.sxhull");
  const hf::SaveResult saved = hf::save(h, path);
  REQUIRE(saved.ok());
  CHECK(saved.message.empty());
  const hf::LoadResult r = hf::load(path);
  REQUIRE(r.ok());
  CHECK(test::hull_difference(h, r.hull).empty());
  CHECK(std::filesystem::file_size(path) == hf::to_bytes(h).size());

  // Damaged on disk: the message names the file.
  {
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(40);
    f.put(char(0x55));
  }
  const hf::LoadResult damaged = hf::load(path);
  CHECK(damaged.status == hf::Status::bad_checksum);
  CHECK(damaged.message.rfind(path + ": checksum 0x", 0) == 0);

  const std::string dir = std::filesystem::path(path).parent_path().string();
  CHECK(hf::load(dir + "/missing.sxhull").status == hf::Status::io_error);
  CHECK(hf::load(dir + "/missing.sxhull").message == dir + "/missing.sxhull: file not found");
  CHECK(hf::load(dir).status == hf::Status::io_error);
  CHECK(hf::save(h, dir + "/no/such/dir/x.sxhull").status == hf::Status::io_error);
  const hf::SaveResult empty = hf::save(Hull{}, dir + "/empty.sxhull");
  CHECK(empty.status == hf::Status::empty_hull);
  CHECK(hf::to_bytes(Hull{}).empty());
  std::filesystem::remove_all(dir);
}

TEST_CASE("every status has a name", "[hull_file]") {
  CHECK(std::string(hf::to_string(hf::Status::ok)) == "ok");
  CHECK(std::string(hf::to_string(hf::Status::bad_checksum)) == "bad_checksum");
  CHECK(std::string(hf::to_string(hf::Status::bad_geometry)) == "bad_geometry");
  CHECK(std::string(hf::to_string(static_cast<hf::Status>(99))) == "unknown");
}
