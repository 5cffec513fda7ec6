// Fuzz input decoding shared by the libFuzzer targets (header-only).
//
// libFuzzer hands a target arbitrary bytes; these helpers turn them into
// point clouds and poses such that sensible input dominates: most clouds are
// small integer grids, scaled and offset, which produce the hard cases
// (duplicate points, coplanar and collinear subsets, parallel edges, exact
// face contacts) far more often than random doubles would. Some clouds are
// grids with a tiny jitter (nearly coplanar, nearly coincident), some are
// 16-bit coordinates, and some are raw float or double bit patterns, which
// can be anything including NaN and infinity.
//
// Bytes past the end of the input read as zero, so every input decodes.
#pragma once

#include "sepax/hull.hpp"
#include "sepax/types.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <vector>

/// An invariant of a fuzz target: when `cond` is false, prints where, the
/// condition and a printf-style explanation, then aborts (libFuzzer saves
/// the input as a crash artifact).
#define SEPAX_FUZZ_CHECK(cond, ...)                                                       \
  do {                                                                                    \
    if (!(cond)) {                                                                        \
      std::fprintf(stderr, "%s:%d: invariant failed: %s\n  ", __FILE__, __LINE__, #cond); \
      std::fprintf(stderr, __VA_ARGS__);                                                  \
      std::fputc('\n', stderr);                                                           \
      std::abort();                                                                       \
    }                                                                                     \
  } while (false)

namespace sepax::fuzz {

/// A cursor over the fuzzer's bytes.
class Input {
 public:
  Input(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  /// Bytes not read yet.
  [[nodiscard]] std::size_t remaining() const { return size_ - pos_; }

  /// Next byte, 0 past the end.
  std::uint8_t byte() { return pos_ < size_ ? data_[pos_++] : 0; }
  /// Next byte as a signed value in [-128, 127].
  int signed_byte() { return int(std::int8_t(byte())); }
  /// Next two bytes, little-endian, as a signed value.
  int signed_short() { return int(std::int16_t(std::uint16_t(byte() | (byte() << 8)))); }

  /// Next sizeof(T) bytes as the bit pattern of T (zero-padded past the end).
  template <class T>
  T raw() {
    unsigned char bytes[sizeof(T)] = {};
    for (unsigned char& b : bytes) b = byte();
    T value;
    std::memcpy(&value, bytes, sizeof(T));
    return value;
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

/// How a cloud's coordinates are encoded.
enum class Encoding {
  grid,        ///< one byte per coordinate: a level of a 2..16 level grid
  jittered,    ///< a grid level plus a signed byte of jitter, 1e-3 to 1e-14 of a cell
  int16,       ///< a signed 16-bit coordinate, 1/1024 of a cell per unit
  raw_float,   ///< the bit pattern of a float (any value, NaN and inf included)
  raw_double,  ///< the bit pattern of a double (any value)
};

/// A decoded cloud and the length scale it was made with.
struct Cloud {
  Encoding encoding = Encoding::grid;
  std::vector<vec3> points;
  /// Grid cell size (length unit); 1 for the raw encodings. Poses use it as
  /// their translation unit, so that translations line up with the grid and
  /// give exact contacts.
  double cell = 1;
};

/// 10^k for an integer k.
inline double power10(int k) {
  return std::pow(10.0, double(k));
}

/// Decodes a cloud: a header (encoding, grid levels, scale, offset, jitter)
/// then `max_points` points at most, fewer when the input runs out.
///
/// Header: encoding byte (5/8 grids, 1/8 each of int16, float, double),
/// levels byte (2 + b % 15 levels per axis), scale byte (cell = 10^(b % 9 -
/// 3): 1e-3 to 1e5), three offset bytes and an offset exponent byte (offset =
/// signed byte * cell * 10^(b % 6): up to ~1e7 cells from the origin),
/// jitter exponent byte (jitter unit = cell * 10^-(3 + b % 12)).
inline Cloud decode_cloud(Input& in, std::size_t max_points) {
  Cloud c;
  static constexpr Encoding by_byte[8] = {Encoding::grid,      Encoding::grid,      Encoding::grid,
                                          Encoding::jittered,  Encoding::jittered,  Encoding::int16,
                                          Encoding::raw_float, Encoding::raw_double};
  c.encoding = by_byte[in.byte() % 8];
  const int levels = 2 + in.byte() % 15;
  c.cell = power10(in.byte() % 9 - 3);
  const int ox = in.signed_byte(), oy = in.signed_byte(), oz = in.signed_byte();
  const double offset_unit = c.cell * power10(in.byte() % 6);
  const glm::dvec3 offset = glm::dvec3(ox, oy, oz) * offset_unit;
  const double jitter = c.cell * power10(-(3 + in.byte() % 12));
  const double middle = double(levels - 1) / 2;

  auto level = [&] { return double(in.byte() % levels) - middle; };
  for (std::size_t i = 0; i < max_points && in.remaining() > 0; ++i) {
    glm::dvec3 p(0);
    switch (c.encoding) {
      case Encoding::grid:
        for (int k = 0; k < 3; ++k) p[k] = level() * c.cell;
        break;
      case Encoding::jittered:
        for (int k = 0; k < 3; ++k) p[k] = level() * c.cell + in.signed_byte() * jitter;
        break;
      case Encoding::int16:
        for (int k = 0; k < 3; ++k) p[k] = in.signed_short() * (c.cell / 1024);
        break;
      case Encoding::raw_float:
        for (int k = 0; k < 3; ++k) p[k] = double(in.raw<float>());
        c.points.push_back(vec3(p));
        continue;  // raw values keep no scale and no offset
      case Encoding::raw_double:
        for (int k = 0; k < 3; ++k) p[k] = in.raw<double>();
        c.points.push_back(vec3(p));
        continue;
    }
    c.points.push_back(vec3(p + offset));
  }
  if (c.encoding == Encoding::raw_float || c.encoding == Encoding::raw_double) c.cell = 1;
  return c;
}

/// True when all three coordinates are finite.
inline bool finite(const vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

/// Largest plane distance of a world point outside the hull at its pose
/// (world lengths; <= 0 inside).
inline real outside(const Hull& h, const Pose& pose, const vec3& world) {
  const vec3 local = pose.apply_inverse(world);
  real d = -std::numeric_limits<real>::infinity();
  for (const Plane& plane : h.planes()) d = std::max(d, plane.distance(local));
  return d * pose.scale;
}

/// True when every coordinate is finite.
inline bool all_finite(const std::vector<vec3>& points) {
  return std::all_of(points.begin(), points.end(), [](const vec3& p) { return finite(p); });
}

/// True when a pair's magnitude (its hulls' and its translations') is beyond
/// the fourth root of real's range: Hull::from_points refuses such
/// coordinates (queries take fourth powers of lengths), but poses are not
/// checked, so a raw translation can put a pair where no query can answer.
/// Targets skip such pairs: not a finding.
inline bool beyond_query_range(real magnitude) {
  return !(magnitude <= std::ldexp(real(1), std::numeric_limits<real>::max_exponent / 4 - 4));
}

/// True when a coordinate is beyond the fourth root of real's range, which
/// Hull::from_points refuses (status non_finite): fourth powers of such
/// lengths overflow.
inline bool beyond_range(const std::vector<vec3>& points) {
  const real limit = std::ldexp(real(1), std::numeric_limits<real>::max_exponent / 4 - 4);
  for (const vec3& p : points)
    if (std::abs(p.x) > limit || std::abs(p.y) > limit || std::abs(p.z) > limit) return true;
  return false;
}

/// The 24 rotations of the cube (exact 0 / +-1 matrices), number k % 24:
/// they keep grid hulls aligned, so faces stay parallel and contacts exact.
inline mat3 cube_rotation(int k) {
  static constexpr int perms[6][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1},
                                      {0, 2, 1}, {2, 1, 0}, {1, 0, 2}};
  const int p = (k / 4) % 6;
  const bool odd = p >= 3;  // odd permutations need an odd number of sign flips
  const int signs = k % 4;  // two free sign bits; the third fixes det = +1
  const int sx = (signs & 1) ? -1 : 1, sy = (signs & 2) ? -1 : 1;
  const int sz = sx * sy * (odd ? -1 : 1);
  const int s[3] = {sx, sy, sz};
  mat3 m(real(0));
  for (int col = 0; col < 3; ++col) m[col][perms[p][col]] = real(s[col]);
  return m;
}

/// A pose as read from the input, before the translation unit is known.
struct PoseBytes {
  std::uint8_t rotation_kind = 0;
  int angle[4] = {0, 0, 0, 0};  // meaning depends on rotation_kind
  double raw_quat[4] = {0, 0, 0, 0};
  std::uint8_t translation_kind = 0;
  int t[3] = {0, 0, 0};
  double raw_t[3] = {0, 0, 0};
};

/// Reads a pose's 16 to 72 bytes (the raw kinds read doubles).
inline PoseBytes read_pose(Input& in) {
  PoseBytes p;
  p.rotation_kind = in.byte() % 6;
  if (p.rotation_kind == 5) {
    for (double& q : p.raw_quat) q = in.raw<double>();
  } else {
    for (int& a : p.angle) a = in.signed_short();
  }
  p.translation_kind = in.byte() % 8;
  if (p.translation_kind == 7) {
    for (double& t : p.raw_t) t = in.raw<double>();
  } else {
    for (int& t : p.t) t = in.signed_short();
  }
  return p;
}

/// The pose the bytes describe. Rotations: identity, one of the cube's 24,
/// Euler angles in multiples of 15 degrees, a quaternion of small integers,
/// Euler angles in hundredths of a degree, a raw quaternion. Translations in
/// units of `unit` (the grid cell): whole cells (6/8 of inputs: exact
/// contacts), 1/256 of a cell (near-contacts), or raw doubles.
inline Pose make_pose(const PoseBytes& p, double unit) {
  Pose pose;
  const int* a = p.angle;
  switch (p.rotation_kind) {
    case 0:
      break;
    case 1:
      pose.rotation = cube_rotation(a[0] & 0xff);
      break;
    case 2:
      pose = pose_from_euler_deg(
          vec3(0), vec3(real(a[0] % 24 * 15), real(a[1] % 24 * 15), real(a[2] % 24 * 15)));
      break;
    case 3:
      pose = pose_from_quat(
          vec3(0), quat(real(a[0] % 16), real(a[1] % 16), real(a[2] % 16), real(a[3] % 16)));
      break;
    case 4:
      pose = pose_from_euler_deg(vec3(0), vec3(real(a[0]), real(a[1]), real(a[2])) / real(100));
      break;
    default:
      pose = pose_from_quat(vec3(0), quat(real(p.raw_quat[0]), real(p.raw_quat[1]),
                                          real(p.raw_quat[2]), real(p.raw_quat[3])));
      break;
  }
  const glm::dvec3 t(p.t[0], p.t[1], p.t[2]);
  if (p.translation_kind == 7) {
    pose.translation = vec3(real(p.raw_t[0]), real(p.raw_t[1]), real(p.raw_t[2]));
  } else if (p.translation_kind == 6) {
    pose.translation = vec3(t * (unit / 256));
  } else {
    // Whole cells; the low byte only, so most translations stay within a
    // few hull sizes of each other.
    pose.translation =
        vec3(glm::dvec3(std::int8_t(p.t[0]), std::int8_t(p.t[1]), std::int8_t(p.t[2])) * unit);
  }
  return pose;
}

/// True when every entry of the pose is finite.
inline bool finite_pose(const Pose& p) {
  for (int c = 0; c < 3; ++c)
    for (int r = 0; r < 3; ++r)
      if (!std::isfinite(p.rotation[c][r])) return false;
  return finite(p.translation);
}

/// fuzz_pair's layout, read and built: pose A, pose B, the point count of
/// A, cloud A, cloud B (at most `max_points` each), then both hulls and
/// poses (in units of the larger cloud's cell).
struct PairInput {
  HullResult a, b;
  Pose pa, pb;
  /// Both hulls built and both poses finite: the pair is worth querying
  /// (building is fuzz_hull's concern; a non-finite pose is outside the
  /// queries' contract, "never NaN for finite input").
  [[nodiscard]] bool usable() const {
    return a.ok() && b.ok() && finite_pose(pa) && finite_pose(pb);
  }
};

inline PairInput read_pair(Input& in, std::size_t max_points) {
  const PoseBytes pose_a = read_pose(in), pose_b = read_pose(in);
  const std::size_t count_a = 1 + in.byte() % max_points;
  const Cloud cloud_a = decode_cloud(in, count_a);
  const Cloud cloud_b = decode_cloud(in, max_points);
  PairInput p{Hull::from_points(cloud_a.points), Hull::from_points(cloud_b.points), {}, {}};
  const double unit = std::max(cloud_a.cell, cloud_b.cell);
  p.pa = make_pose(pose_a, unit);
  p.pb = make_pose(pose_b, unit);
  return p;
}

}  // namespace sepax::fuzz
