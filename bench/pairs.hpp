// The benchmarks' pairs: one generator for bench_sat, bench_gjk and
// bench_peers, so that every program times the same hulls at the same poses,
// generated from fixed seeds, and every pose comes with sepax's exact answer
// (the reference each row is checked against).
//
// Hulls ("kinds"): "box" (random half extents 0.4 to 1), "hullN"
// (shapes::random_hull of N vertices, radius 1), "polyN" (a flat polygon of
// 3 to 8 corners against a random hull of N vertices, a box for N = 8),
// "flatN" (two flat polygons: triangles, quads, or 3 to 8 corners for
// N = 8), "coplanar" (two polygons of 3 to 8 corners in one plane) and
// the meshes of tests/data (when sepax_io is built; scaled into the unit
// ball: their hulls, and their surfaces for bench_cast). Every hull is about
// unit size because the peers' tolerances are absolute. Four hulls a side:
// pair k is A[k % 4] against B[k / 4], 16 pairs a kind; a mesh is posed
// against itself, 8 pairs.
//
// Situations: B is moved along a random direction from A's centroid until
// sat::query_general's separation hits a target (the separation is convex
// and piecewise linear along the direction, so regula falsi on a bracket
// finds it). A moving workload walks a path: B slides 0.2% of the size and
// turns 0.25 degrees a frame, re-placed every frame so that it stays in its
// situation. A workload at rest holds each pair's static pose for as many
// frames as a path has (a pile at rest, queried every frame).
#pragma once

#include "sepax/cast.hpp"
#include "sepax/hull.hpp"
#include "sepax/mesh.hpp"
#include "sepax/types.hpp"

#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace bench {

using sepax::Hull;
using sepax::Pose;
using sepax::real;
using sepax::vec3;

/// Where B sits against A; depths and gaps relative to the pair's size (the
/// larger bounds diagonal, the size sepax's tolerances use).
enum class Situation {
  separated,    ///< separation +10% of the size
  touching,     ///< separation 0, within 4 eps of the size
  shallow,      ///< depth 1% of the size
  overlapping,  ///< depth 10% of the size
  deep,         ///< half the depth B has with its centroid on A's
  contained,    ///< B shrunk to a quarter, its centroid on A's
};

/// "separated", "touching", "shallow", "overlapping", "deep", "contained".
[[nodiscard]] const char* name_of(Situation s);

/// sepax's exact answer for one pose of a pair.
struct Reference {
  bool intersecting = false;  ///< sat::query_general's decision
  double separation = 0;      ///< its signed separation (-depth when overlapping)
  vec3 axis{0};               ///< its axis (world frame, unit, A to B)
  double distance = 0;        ///< gjk::distance (0 when intersecting)
};

/// sepax's exact answer for one cast (bench_cast).
struct CastReference {
  bool hit = false;     ///< the path meets A, or starts in contact
  double fraction = 1;  ///< first contact; 0 when in contact at the start
  vec3 normal{0};       ///< at first contact (world, unit, from A towards what moves)
  bool graze = false;   ///< the path passes within the check's band of A: hit or miss
};

/// One cast from a pair's pose (bench_cast). Over t in [0, 1], A moves from
/// pose_a to end_a and B from pose_b[frame] to end_b, each as a
/// sepax::Sweep (translation linear, rotation slerp); no turn: a linear
/// cast. A ray case has no B (PairCase::b null): the ray moves, A stays.
struct Cast {
  Pose end_a;
  Pose end_b;
  sepax::Ray ray;
  CastReference ref;
  /// The same poses joined by a screw motion (FCL's CCDM_SCREW: a turn
  /// about a fixed line and a slide along it): another path where a body
  /// turns, the same one where none does.
  CastReference screw;
};

/// A mesh kind's surface (bench_cast's rays against meshes): the file's
/// triangles, in the frame of the kind's hulls, and sepax's mesh of them.
struct Mesh {
  std::vector<vec3> points;
  std::vector<std::array<sepax::index_t, 3>> triangles;  ///< the file's, in its order
  sepax::TriangleMesh surface;                           ///< built from points and triangles
};

/// One pair of hulls: A fixed, B at one pose a frame.
struct PairCase {
  const Hull* a = nullptr;
  const Hull* b = nullptr;
  const Mesh* mesh = nullptr;  ///< bench_cast's rays against a mesh: A's surface (a is null)
  Pose pose_a;
  std::vector<Pose> pose_b;     ///< one a frame (one for a static pair)
  std::vector<Reference> refs;  ///< same indexing as pose_b
  double size = 0;              ///< larger extent (bounds diagonal) of the two hulls
  std::vector<Cast> casts;      ///< bench_cast: same indexing as pose_b; else empty
};

/// The pairs of one hull kind in one situation, static or moving.
struct Workload {
  std::string kind;
  Situation situation = Situation::separated;
  bool moving = false;
  int vertices = 0;  ///< vertices of the largest hull
  std::vector<PairCase> pairs;
};

/// One query's input in a timed loop, and the answer to check it against.
struct Visit {
  int pair = 0;   ///< index in Workload::pairs (the cache a stateful query keeps)
  int frame = 0;  ///< index in the pair's pose_b
  const Hull* a = nullptr;
  const Hull* b = nullptr;
  Pose pose_a;
  Pose pose_b;
  double size = 0;
  const Reference* ref = nullptr;
  const Cast* cast = nullptr;  ///< bench_cast's cast, else null
};

/// The kinds bench_peers times: box, random hulls of 32 to 4096 vertices,
/// flat polygons against hulls of 8 to 4096 vertices, two flat polygons
/// (flat3, flat4, flat8, coplanar), then the meshes found.
[[nodiscard]] std::vector<std::string> kinds();

/// Whether a kind is one of the meshes (its hulls posed against themselves).
[[nodiscard]] bool is_mesh_kind(const std::string& kind);

/// Vertices of the largest hull of a kind (builds its hulls, not its pairs).
[[nodiscard]] int vertices_of(const std::string& kind);

/// The hulls of a kind, A's side and B's side (four each; a mesh kind: the
/// mesh's hull each side), built on first use and kept, for programs that
/// pose them their own way (bench_cast).
struct Sides {
  const std::vector<Hull>& a;
  const std::vector<Hull>& b;
};
[[nodiscard]] Sides sides(const std::string& kind);

/// The surface of a mesh kind, built on first use and kept; null for the
/// other kinds, a file that does not load, or a build without sepax_io.
[[nodiscard]] const Mesh* mesh_of(const std::string& kind);

/// The workload of a kind and situation, generated on first use and kept.
[[nodiscard]] const Workload& workload(const std::string& kind, Situation situation,
                                       bool moving = false);

/// The static workload of a kind and situation with each pair's pose
/// repeated for as many frames as a moving pair has, so that a per-pair
/// cache meets the same pose again within one pass over the visits.
/// Generated on first use and kept.
[[nodiscard]] const Workload& at_rest(const std::string& kind, Situation situation);

/// The order a timed loop visits a workload in: the pairs take turns, and
/// each walks its frames forth and back (0, 1, ..., F-1, F-2, ..., 1), so
/// that the cycle has no jump. A static workload: each pair once.
[[nodiscard]] std::vector<Visit> visits(const Workload& w);

/// Exact answer for one posed pair (sat::query_general and gjk::distance).
[[nodiscard]] Reference reference(const Hull& a, const Pose& pa, const Hull& b, const Pose& pb);

/// Builds a hull from a mesh file through sepax_io (all parts merged), or
/// returns false with a message.
bool load_hull(const std::string& path, Hull& out, std::string& message);

/// splitmix64 with a 53-bit mapping to [0, 1): the same numbers on every
/// platform and in both precisions.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  /// Uniform in [lo, hi).
  sepax::real uniform(sepax::real lo, sepax::real hi) {
    return lo + (hi - lo) * sepax::real(double(next() >> 11) * 0x1.0p-53);
  }
  /// Unit vector, uniform on the sphere (rejection from the cube).
  sepax::vec3 direction() {
    for (;;) {
      const sepax::vec3 v(uniform(-1, 1), uniform(-1, 1), uniform(-1, 1));
      const sepax::real len2 = glm::dot(v, v);
      if (len2 > sepax::real(0.01) && len2 <= 1) return v / std::sqrt(len2);
    }
  }
  /// Uniform random rotation (unit quaternion by rejection from the 4-cube).
  sepax::quat rotation() {
    for (;;) {
      const sepax::quat q(uniform(-1, 1), uniform(-1, 1), uniform(-1, 1), uniform(-1, 1));
      const sepax::real len2 = glm::dot(q, q);
      if (len2 > sepax::real(0.01) && len2 <= 1) return glm::normalize(q);
    }
  }
  /// A random rotation and a translation in the cube [-2, 2)^3.
  sepax::Pose pose() {
    const sepax::quat q = rotation();
    return sepax::pose_from_quat(sepax::vec3(uniform(-2, 2), uniform(-2, 2), uniform(-2, 2)), q);
  }

 private:
  std::uint64_t state_;
};

}  // namespace bench
