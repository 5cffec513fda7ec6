// libFuzzer target: the cooked hull loader (hull_file.hpp).
//
// The first byte says what the rest is (its value mod 3):
//   0  a file. Read as it is, then with its checksum made right, so that
//      mutations reach the field, topology and geometry checks behind the
//      checksum;
//   1  a cloud (fuzz_input.hpp, as fuzz_hull reads it): its hull, when it
//      builds, is written and read back;
//   2  a cloud, then edits (2 bytes of offset, 1 byte to xor, each): the
//      hull's file with those bytes changed and its checksum made right,
//      read as in 0: mutations of valid files.
//
// Invariants (hull_file.hpp's contract):
// - every load gives either a status other than ok with a one-line message
//   and an empty hull, or ok with no message and a hull;
// - a loaded hull's derived data is finite (unit planes, unit arcs, finite
//   centroid), and queries against it give finite answers;
// - a hull loaded in its own precision writes back to the same bytes;
// - every hull Hull::from_points builds loads back from its file as the
//   same hull, bit for bit.
#include "fuzz_input.hpp"
#include "same_hull.hpp"
#include "sepax/epa.hpp"
#include "sepax/hull_file.hpp"
#include "sepax/sat.hpp"
#include "sepax/shapes.hpp"

#include <cmath>
#include <cstring>
#include <span>
#include <string>
#include <vector>

using namespace sepax;
namespace hf = sepax::hull_file;

namespace {

/// Clouds larger than this add cost, not coverage.
constexpr std::size_t max_points = 512;

bool unit(const vec3& v) {
  return std::abs(glm::length(v) - real(1)) <= 64 * tol::eps;
}

/// The CRC-32 of every byte but the last four, written into them.
void seal(std::vector<std::uint8_t>& b) {
  if (b.size() < 4) return;
  std::uint32_t c = 0xFFFFFFFFu;
  for (std::size_t i = 0; i + 4 < b.size(); ++i) {
    c ^= b[i];
    for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
  }
  c = ~c;
  for (int k = 0; k < 4; ++k) b[b.size() - 4 + std::size_t(k)] = std::uint8_t(c >> (8 * k));
}

void check_result(const hf::LoadResult& r) {
  if (!r.ok()) {
    SEPAX_FUZZ_CHECK(!r.message.empty() && r.message.find('\n') == std::string::npos,
                     "status %s with message \"%s\"", hf::to_string(r.status), r.message.c_str());
    SEPAX_FUZZ_CHECK(r.hull.empty(), "status %s with a hull", hf::to_string(r.status));
    return;
  }
  const Hull& h = r.hull;
  SEPAX_FUZZ_CHECK(r.message.empty() && !h.empty(), "ok: %zu vertices, \"%s\"", h.vertex_count(),
                   r.message.c_str());
  SEPAX_FUZZ_CHECK(fuzz::finite(h.centroid()) && h.extent() > 0 && std::isfinite(h.magnitude()),
                   "derived numbers not finite");
  for (const Plane& p : h.planes())
    SEPAX_FUZZ_CHECK(unit(p.normal) && std::isfinite(p.offset), "plane normal length %.17g",
                     double(glm::length(p.normal)));
  for (const EdgeArc& a : h.edge_arcs())
    SEPAX_FUZZ_CHECK(unit(a.direction) && unit(a.middle), "arc not unit");
  // Queries against a box across the hull's centroid, and apart from it.
  const Hull box = shapes::box(vec3(h.extent() / 4));
  for (const real shift : {real(0), h.extent()}) {
    const Pose pa{};
    const Pose pb{mat3(1), h.centroid() + vec3(shift, shift / 2, 0)};
    const sat::Result s = sat::query(h, pa, box, pb);
    SEPAX_FUZZ_CHECK(std::isfinite(s.separation) && unit(s.axis), "sat: separation %g",
                     double(s.separation));
    const epa::Result e = epa::query(h, pa, box, pb);
    SEPAX_FUZZ_CHECK(std::isfinite(e.separation) && fuzz::finite(e.axis), "epa: separation %g",
                     double(e.separation));
  }
}

/// Mode 0: a file, as it is and with its checksum made right.
void check_file(std::vector<std::uint8_t> bytes) {
  check_result(hf::from_bytes(bytes));
  seal(bytes);
  const hf::LoadResult r = hf::from_bytes(bytes);
  check_result(r);
  if (r.ok() && !r.converted)
    SEPAX_FUZZ_CHECK(hf::to_bytes(r.hull) == bytes, "a loaded hull writes other bytes");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const int mode = data[0] % 3;
  if (mode == 0) {
    check_file(std::vector<std::uint8_t>(data + 1, data + size));
    return 0;
  }
  fuzz::Input in(data + 1, size - 1);
  const HullResult built = Hull::from_points(fuzz::decode_cloud(in, max_points).points);
  if (!built.ok()) return 0;
  std::vector<std::uint8_t> bytes = hf::to_bytes(built.hull);
  if (mode == 1) {
    const hf::LoadResult r = hf::from_bytes(bytes);
    SEPAX_FUZZ_CHECK(r.ok() && !r.converted, "a built hull (%zu vertices, %s) does not load: %s",
                     built.hull.vertex_count(), built.hull.is_flat() ? "flat" : "solid",
                     r.message.c_str());
    const std::string difference = test::hull_difference(built.hull, r.hull);
    SEPAX_FUZZ_CHECK(difference.empty(), "loaded hull differs: %s", difference.c_str());
    return 0;
  }
  while (in.remaining() > 0) {
    const std::size_t at = std::size_t(in.byte()) | std::size_t(in.byte()) << 8;
    bytes[at % bytes.size()] ^= in.byte();
  }
  check_file(std::move(bytes));
  return 0;
}
