// bench_peers: the shared, generated workloads. Every implementation gets the
// same hulls and the same poses, generated from fixed seeds, and each pose
// comes with sepax's exact answer (the reference the rows are checked
// against).
//
// Hulls ("kinds"): boxes (8 vertices), random hulls of 32 to 4096 vertices,
// and the hulls of the meshes in tests/data (when sepax_io is built). Every
// hull is about unit size (radius 1, meshes scaled to fit the unit ball),
// because the peers' tolerances are absolute.
//
// Situations: separated (gap 10% of the size), touching (within 1e-9 of the
// size), shallow overlap (1%), deep overlap (half the depth B has when its
// centroid sits on A's), contained (B shrunk to a quarter, centred in A),
// and coherent motion (a separated pair sliding and turning in small steps).
#pragma once

#include "sepax/hull.hpp"
#include "sepax/sat.hpp"
#include "sepax/testing.hpp"

#include <memory>
#include <string>
#include <vector>

namespace bench {

using sepax::Hull;
using sepax::Pose;
using sepax::real;
using sepax::vec3;

/// sepax's exact answer for one pose of a pair.
struct Reference {
  bool intersecting = false;  ///< sat::query_general's decision
  double separation = 0;      ///< sat::query_general's signed separation (-depth when overlapping)
  double distance = 0;        ///< gjk::distance (0 when intersecting)
};

/// One pair of hulls: A fixed, B at one pose per frame.
struct PairCase {
  const Hull* a = nullptr;
  const Hull* b = nullptr;
  Pose pose_a;
  std::vector<Pose> pose_b;     ///< one per frame (a single one for static pairs)
  std::vector<Reference> refs;  ///< same indexing as pose_b
  double size = 0;              ///< larger extent (bounds diagonal) of the two hulls
};

enum class Situation { separated, touching, shallow, deep, contained, motion };

/// "separated", "touching", "shallow", "deep", "contained", "motion".
[[nodiscard]] const char* name_of(Situation s);

/// The pairs of one hull kind in one situation.
struct Workload {
  std::string kind;  ///< "box", "hull32" ... "hull4096", "bunny", ...
  Situation situation = Situation::separated;
  int vertices = 0;  ///< vertices of the larger hull
  std::vector<PairCase> pairs;
};

/// Names of the hull kinds available in this build, in order of size (boxes,
/// random hulls) then the meshes found.
[[nodiscard]] std::vector<std::string> kinds();

/// Vertices of the larger hull of a kind (builds its hulls, not its pairs).
[[nodiscard]] int vertices_of(const std::string& kind);

/// The workload of a kind and situation, generated on first use and kept.
[[nodiscard]] const Workload& workload(const std::string& kind, Situation situation);

/// Exact answer for one posed pair (sat::query_general and gjk::distance).
[[nodiscard]] Reference reference(const Hull& a, const Pose& pa, const Hull& b, const Pose& pb);

/// Builds a hull from a mesh file through sepax_io (all parts merged), or
/// returns false with a message.
bool load_hull(const std::string& path, Hull& out, std::string& message);

}  // namespace bench
