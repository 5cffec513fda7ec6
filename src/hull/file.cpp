// Cooked hull files (.sxhull): the writer, and a reader that checks every
// field against the file's size before it allocates, then every face and
// edge of the rebuilt hull. The layout is in hull_file.hpp.
//
// Outline of from_bytes:
//   1. magic, version, header size, then the size the counts imply;
//   2. the checksum, then the header's fields;
//   3. face sizes and indices; the vertices decoded in the file's precision;
//   4. the other precision: Hull::from_points of the converted vertices;
//      this precision: HullBuilder::from_loops, the manifold and Euler
//      checks, then planarity and convexity at every face and edge.
#include "core/names.hpp"
#include "hull/builder.hpp"
#include "sepax/hull_file.hpp"
#include "sepax/support.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <system_error>
#include <type_traits>

namespace sepax::hull_file {

namespace {

constexpr std::array<std::uint8_t, 8> magic = {0x89, 'S', 'X', 'H', 'U', 'L', 'L', '\n'};
constexpr std::size_t header_bytes = 32;
constexpr std::size_t checksum_bytes = 4;
/// Flag bits of byte 13.
constexpr std::uint8_t flag_flat = 1;
/// Counts beyond index_t's range cannot be indices.
constexpr std::uint64_t max_count = std::uint64_t(std::numeric_limits<index_t>::max());
/// Point-plane tests the edge convexity check makes at most, beyond those of
/// two corners per edge (2^24: about 20 ms). Enough for every corner of
/// faces of up to about 4000 corners; a crafted file of larger faces is
/// checked near each edge only, instead of taking quadratic time.
constexpr std::size_t max_edge_checks = std::size_t(1) << 24;

// CRC-32/ISO-HDLC (reflected polynomial 0xEDB88320, initial value and final
// xor 0xFFFFFFFF): the CRC of zlib and PNG, with a 256-entry table
// (Sarwate's byte-at-a-time method).
constexpr std::array<std::uint32_t, 256> make_crc_table() {
  std::array<std::uint32_t, 256> table{};
  for (std::uint32_t i = 0; i < 256; ++i) {
    std::uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    table[i] = c;
  }
  return table;
}
constexpr std::array<std::uint32_t, 256> crc_table = make_crc_table();

std::uint32_t crc32(std::span<const std::uint8_t> bytes) {
  std::uint32_t c = 0xFFFFFFFFu;
  for (const std::uint8_t b : bytes) c = crc_table[(c ^ b) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

// --- Little-endian encoding ---------------------------------------------------

// Writes x at p and moves p past it.
void put_u32(std::uint8_t*& p, std::uint32_t x) {
  for (int k = 0; k < 4; ++k) *p++ = std::uint8_t(x >> (8 * k));
}

template <class T>
void put_real(std::uint8_t*& p, T x) {
  using Bits = std::conditional_t<sizeof(T) == 8, std::uint64_t, std::uint32_t>;
  const Bits bits = std::bit_cast<Bits>(x);
  for (std::size_t k = 0; k < sizeof(T); ++k) *p++ = std::uint8_t(bits >> (8 * k));
}

std::uint32_t get_u32(const std::uint8_t* p) {
  return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 |
         std::uint32_t(p[3]) << 24;
}

template <class T>
T get_real(const std::uint8_t* p) {
  using Bits = std::conditional_t<sizeof(T) == 8, std::uint64_t, std::uint32_t>;
  Bits bits = 0;
  for (std::size_t k = 0; k < sizeof(T); ++k) bits |= Bits(p[k]) << (8 * k);
  return std::bit_cast<T>(bits);
}

LoadResult fail(Status s, std::string message) {
  return LoadResult{s, std::move(message), Hull{}, false};
}

std::string hex(std::uint32_t x) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "0x%08x", x);
  return buffer;
}

// --- Reading ------------------------------------------------------------------

/// The header's fields and where the blocks after it start.
struct Layout {
  std::uint32_t version = 0;
  std::uint8_t real_bytes = 0;
  std::uint8_t flags = 0;
  std::uint64_t vertices = 0, faces = 0, corners = 0;
  std::size_t sizes_at = 0, corners_at = 0;
};

// Step 1 and 2: everything the header says, checked against the size and
// the checksum. Nothing is allocated here.
std::optional<LoadResult> read_layout(std::span<const std::uint8_t> b, Layout& layout) {
  const std::size_t n = b.size();
  if (n == 0) return fail(Status::truncated, "file is empty (0 bytes)");
  if (!std::equal(b.begin(), b.begin() + std::ptrdiff_t(std::min(n, magic.size())), magic.begin()))
    return fail(Status::not_sxhull, "not a sepax hull file (no .sxhull magic number)");
  if (n < 12)
    return fail(Status::truncated, "truncated: " + std::to_string(n) +
                                       " bytes, shorter than a header and checksum (36)");
  layout.version = get_u32(&b[8]);
  if (layout.version == 0)
    return fail(Status::unsupported_version, "format version 0 does not exist");
  if (layout.version > format_version)
    return fail(Status::unsupported_version, "format version " + std::to_string(layout.version) +
                                                 " is newer than this sepax reads (" +
                                                 std::to_string(format_version) + ")");
  if (n < header_bytes + checksum_bytes)
    return fail(Status::truncated, "truncated: " + std::to_string(n) +
                                       " bytes, shorter than a header and checksum (36)");
  layout.real_bytes = b[12];
  layout.flags = b[13];
  layout.vertices = get_u32(&b[16]);
  layout.faces = get_u32(&b[20]);
  layout.corners = get_u32(&b[24]);
  if (layout.real_bytes != 4 && layout.real_bytes != 8)
    return fail(Status::bad_header,
                "bytes per real is " + std::to_string(layout.real_bytes) + ", not 4 or 8");
  // At most 2^32 * 24 bytes each: no overflow in 64 bits.
  const std::uint64_t expected = header_bytes + 3 * layout.real_bytes * layout.vertices +
                                 4 * layout.faces + 4 * layout.corners + checksum_bytes;
  if (n < expected)
    return fail(Status::truncated, "truncated: " + std::to_string(n) + " bytes, the header says " +
                                       std::to_string(expected));
  if (n > expected)
    return fail(Status::bad_header, std::to_string(n) + " bytes, " + std::to_string(n - expected) +
                                        " more than the header says (" + std::to_string(expected) +
                                        ")");
  const std::uint32_t stored = get_u32(&b[n - checksum_bytes]);
  const std::uint32_t computed = crc32(b.first(n - checksum_bytes));
  if (stored != computed)
    return fail(Status::bad_checksum, "checksum " + hex(stored) + " does not match the content's " +
                                          hex(computed) + ": the file is damaged");
  if ((layout.flags & ~flag_flat) != 0 || b[14] != 0 || b[15] != 0 || get_u32(&b[28]) != 0)
    return fail(Status::bad_header, "unknown flags or reserved bytes not zero");
  if (layout.vertices < 3 || layout.vertices > max_count || layout.faces < 2 ||
      layout.corners < 6 || layout.corners > max_count)
    return fail(Status::bad_header,
                std::to_string(layout.vertices) + " vertices, " + std::to_string(layout.faces) +
                    " faces and " + std::to_string(layout.corners) + " corners cannot make a hull");
  layout.sizes_at = header_bytes + 3 * layout.real_bytes * std::size_t(layout.vertices);
  layout.corners_at = layout.sizes_at + 4 * std::size_t(layout.faces);
  return std::nullopt;
}

// Step 3: the face loops, every index in range and every vertex used.
std::optional<LoadResult> read_loops(std::span<const std::uint8_t> b, const Layout& layout,
                                     std::vector<std::vector<index_t>>& loops) {
  std::uint64_t total = 0;
  for (std::size_t f = 0; f < layout.faces; ++f) {
    const std::uint32_t size = get_u32(&b[layout.sizes_at + 4 * f]);
    if (size < 3)
      return fail(Status::bad_topology,
                  "face " + std::to_string(f) + " has " + std::to_string(size) + " corners");
    total += size;
  }
  if (total != layout.corners)
    return fail(Status::bad_topology, "the faces have " + std::to_string(total) +
                                          " corners, the header says " +
                                          std::to_string(layout.corners));
  std::vector<char> used(layout.vertices, 0);
  loops.resize(layout.faces);
  std::size_t at = layout.corners_at;
  for (std::size_t f = 0; f < layout.faces; ++f) {
    loops[f].resize(get_u32(&b[layout.sizes_at + 4 * f]));
    for (index_t& v : loops[f]) {
      const std::uint32_t i = get_u32(&b[at]);
      at += 4;
      if (i >= layout.vertices)
        return fail(Status::bad_topology, "face " + std::to_string(f) + " names vertex " +
                                              std::to_string(i) + ", beyond the " +
                                              std::to_string(layout.vertices) + " vertices");
      v = index_t(i);
      used[i] = 1;
    }
  }
  const auto unused = std::find(used.begin(), used.end(), 0);
  if (unused != used.end())
    return fail(Status::bad_topology,
                "vertex " + std::to_string(unused - used.begin()) + " is on no face");
  return std::nullopt;
}

// The vertices as the file stores them (T), finite and within the range
// Hull::from_points accepts.
template <class T>
std::optional<LoadResult> read_vertices(std::span<const std::uint8_t> b, const Layout& layout,
                                        std::vector<glm::vec<3, T, glm::defaultp>>& out) {
  out.resize(layout.vertices);
  glm::dvec3 lo(std::numeric_limits<double>::max()), hi(-std::numeric_limits<double>::max());
  for (std::size_t i = 0; i < layout.vertices; ++i) {
    const std::uint8_t* p = &b[header_bytes + 3 * sizeof(T) * i];
    out[i] = {get_real<T>(p), get_real<T>(p + sizeof(T)), get_real<T>(p + 2 * sizeof(T))};
    const glm::dvec3 d(out[i]);
    if (!std::isfinite(d.x) || !std::isfinite(d.y) || !std::isfinite(d.z))
      return fail(Status::bad_geometry, "vertex " + std::to_string(i) + " is not finite");
    lo = glm::min(lo, d), hi = glm::max(hi, d);
  }
  const glm::dvec3 largest = glm::max(glm::abs(lo), glm::abs(hi));
  const glm::dvec3 span = hi - lo;
  if (std::max({largest.x, largest.y, largest.z}) > HullBuilder::max_coordinate())
    return fail(Status::bad_geometry, "a coordinate is beyond the range of hulls");
  if (std::max({span.x, span.y, span.z}) < HullBuilder::min_spread())
    return fail(Status::bad_geometry, "the vertices have no extent");
  return std::nullopt;
}

bool finite(const vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

bool unit(const vec3& v) {
  return std::abs(glm::length(v) - real(1)) <= tol::coplanar;
}

// Step 4, this precision: what from_loops does not check. Every face planar
// and convex (a corner b between a and c lies left of a -> c, as the
// build's face repair requires), every edge convex (the corners of the face
// across it within tolerance below this face's plane), the derived numbers
// finite, and a solid with width. Tolerances as validate()'s, whose
// non-convexity test this is, restricted to the faces next to each edge.
std::optional<LoadResult> check_geometry(const Hull& h) {
  if (!(h.extent() > 0) || !std::isfinite(h.magnitude()) || !finite(h.centroid()))
    return fail(Status::bad_geometry, "no finite extent or centroid");
  for (std::size_t f = 0; f < h.face_count(); ++f)
    if (!unit(h.planes()[f].normal) || !std::isfinite(h.planes()[f].offset))
      return fail(Status::bad_geometry, "face " + std::to_string(f) + " has no plane");
  for (const EdgeArc& a : h.edge_arcs())
    if (!unit(a.direction) || !unit(a.middle) || !std::isfinite(a.cos_half + a.sin_half))
      return fail(Status::bad_geometry, "an edge has no direction");
  const real tolerance =
      tol::coplanar * h.magnitude() + (h.is_flat() ? tol::flat * h.extent() : real(0));
  const auto v = h.vertices();
  const auto he = h.half_edges();
  // Checking every corner of the face across each edge costs the sum of the
  // faces' squared sizes: with faces of very many corners, only the first
  // per_edge corners after each edge are checked.
  const index_t per_edge =
      index_t(std::max<std::size_t>(2, max_edge_checks / std::max<std::size_t>(he.size(), 1)));
  for (std::size_t f = 0; f < h.face_count(); ++f) {
    const Plane& plane = h.planes()[f];
    const Face face = h.faces()[f];
    index_t e = face.edge;
    for (index_t k = 0; k < face.count; ++k, e = he[e].next) {
      const vec3& a = v[he[e].origin];
      const vec3& b = v[he[he[e].next].origin];
      const vec3& c = v[he[he[he[e].next].next].origin];
      if (!(std::abs(plane.distance(a)) <= tolerance))
        return fail(Status::bad_geometry, "face " + std::to_string(f) + " is not planar");
      if (glm::dot(glm::cross(c - a, b - a), plane.normal) > tolerance * glm::distance(a, c))
        return fail(Status::bad_geometry, "face " + std::to_string(f) + " is not convex");
      // The corners of the face across, after this edge's two ends.
      const HalfEdge& twin = he[he[e].twin];
      const index_t others = std::min<index_t>(h.faces()[twin.face].count - 2, per_edge);
      index_t g = he[twin.next].next;
      for (index_t j = 0; j < others; ++j, g = he[g].next)
        if (!(plane.distance(v[he[g].origin]) <= tolerance))
          return fail(Status::bad_geometry, "the edge from vertex " + std::to_string(he[e].origin) +
                                                " to " + std::to_string(he[he[e].next].origin) +
                                                " is not convex");
    }
  }
  // A solid has width: Hull::from_points makes one only when a vertex lies
  // beyond tol::coplanar of the magnitude from the plane of three others,
  // and its width along the normal of the face nearest that plane's is then
  // of that order, while every width of points in one plane is round-off, a
  // few eps of the magnitude. 1/16 leaves a margin for the tilt between the
  // two. Widths from each face to the support vertex opposite it.
  if (!h.is_flat()) {
    real width = 0;
    index_t hint = -1;
    for (const Plane& p : h.planes()) {
      hint = support_index(h, -p.normal, hint);
      width = std::max(width, -p.distance(v[hint]));
    }
    if (!(width > tolerance / 16)) return fail(Status::bad_geometry, "the solid has no volume");
  }
  return std::nullopt;
}

// Step 4, this precision: the hull of the loops, as the build assembles it.
LoadResult rebuild(std::vector<vec3> vertices, const std::vector<std::vector<index_t>>& loops,
                   bool flat) {
  if (flat ? loops.size() != 2 : loops.size() < 4)
    return fail(Status::bad_topology, std::to_string(loops.size()) + " faces cannot make a " +
                                          (flat ? "flat polygon" : "solid"));
  const std::size_t vertex_count = vertices.size();
  Hull h = HullBuilder::from_loops(std::move(vertices), loops, flat);
  if (h.empty()) return fail(Status::bad_topology, "the faces do not close into a manifold");
  const long long euler =
      (long long)vertex_count - (long long)h.edge_count() + (long long)h.face_count();
  if (euler != 2)
    return fail(Status::bad_topology,
                "Euler characteristic V - E + F = " + std::to_string(euler) + ", expected 2");
  if (std::optional<LoadResult> bad = check_geometry(h)) return std::move(*bad);
  return LoadResult{Status::ok, {}, std::move(h), false};
}

// Step 4, the other precision: the hull of the converted vertices.
template <class T>
LoadResult convert(const std::vector<glm::vec<3, T, glm::defaultp>>& vertices) {
  HullResult built = Hull::from_points(std::span<const glm::vec<3, T, glm::defaultp>>(vertices));
  if (!built.ok())
    return fail(Status::bad_geometry, std::string("a file of ") +
                                          (sizeof(T) == 8 ? "double" : "float") +
                                          " vertices makes no hull here: " + built.message);
  return LoadResult{Status::ok, {}, std::move(built.hull), true};
}

template <class T>
LoadResult load_as(std::span<const std::uint8_t> b, const Layout& layout,
                   const std::vector<std::vector<index_t>>& loops) {
  std::vector<glm::vec<3, T, glm::defaultp>> vertices;
  if (std::optional<LoadResult> bad = read_vertices(b, layout, vertices)) return std::move(*bad);
  if constexpr (std::is_same_v<T, real>)
    return rebuild(std::move(vertices), loops, (layout.flags & flag_flat) != 0);
  else
    return convert(vertices);
}

}  // namespace

const char* to_string(Status status) {
  static constexpr const char* names[] = {
      "ok",        "empty_hull", "io_error",     "not_sxhull",   "unsupported_version",
      "truncated", "bad_header", "bad_checksum", "bad_topology", "bad_geometry"};
  return sepax::detail::name_of(status, names);
}

std::vector<std::uint8_t> to_bytes(const Hull& hull) {
  if (hull.empty()) return {};
  const std::size_t corners = hull.half_edges().size();
  std::vector<std::uint8_t> out(header_bytes + 3 * sizeof(real) * hull.vertex_count() +
                                4 * hull.face_count() + 4 * corners + checksum_bytes);
  std::uint8_t* p = std::copy(magic.begin(), magic.end(), out.data());
  put_u32(p, format_version);
  *p++ = std::uint8_t(sizeof(real));
  *p++ = hull.is_flat() ? flag_flat : 0;
  *p++ = 0, *p++ = 0;
  put_u32(p, std::uint32_t(hull.vertex_count()));
  put_u32(p, std::uint32_t(hull.face_count()));
  put_u32(p, std::uint32_t(corners));
  put_u32(p, 0);
  for (const vec3& v : hull.vertices()) put_real(p, v.x), put_real(p, v.y), put_real(p, v.z);
  for (const Face& f : hull.faces()) put_u32(p, std::uint32_t(f.count));
  // Each loop from the origin of Face::edge: the order from_loops was given,
  // so it numbers the half-edges as the original build did.
  for (const Face& f : hull.faces()) {
    index_t e = f.edge;
    for (index_t k = 0; k < f.count; ++k, e = hull.half_edges()[e].next)
      put_u32(p, std::uint32_t(hull.half_edges()[e].origin));
  }
  put_u32(p, crc32(std::span<const std::uint8_t>(out).first(out.size() - checksum_bytes)));
  return out;
}

LoadResult from_bytes(std::span<const std::uint8_t> bytes) {
  Layout layout;
  if (std::optional<LoadResult> bad = read_layout(bytes, layout)) return std::move(*bad);
  std::vector<std::vector<index_t>> loops;
  if (std::optional<LoadResult> bad = read_loops(bytes, layout, loops)) return std::move(*bad);
  return layout.real_bytes == 8 ? load_as<double>(bytes, layout, loops)
                                : load_as<float>(bytes, layout, loops);
}

SaveResult save(const Hull& hull, const std::string& path) {
  if (hull.empty()) return {Status::empty_hull, path + ": the hull is empty"};
  const std::vector<std::uint8_t> bytes = to_bytes(hull);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (out) out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  if (!out || !out.flush()) return {Status::io_error, path + ": cannot write"};
  return {};
}

LoadResult load(const std::string& path) {
  std::error_code ec;
  const std::filesystem::file_status status = std::filesystem::status(path, ec);
  if (!std::filesystem::exists(status)) return fail(Status::io_error, path + ": file not found");
  if (!std::filesystem::is_regular_file(status))
    return fail(Status::io_error, path + ": not a regular file");
  const std::uintmax_t size = std::filesystem::file_size(path, ec);
  std::ifstream in(path, std::ios::binary);
  if (ec || !in) return fail(Status::io_error, path + ": cannot read");
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
  in.read(reinterpret_cast<char*>(bytes.data()), std::streamsize(size));
  if (std::uintmax_t(in.gcount()) != size) return fail(Status::io_error, path + ": cannot read");
  LoadResult r = from_bytes(bytes);
  if (!r.ok()) r.message = path + ": " + r.message;
  return r;
}

}  // namespace sepax::hull_file
