// bench_scene: a recorded scene (sepax-scene 1, see scene.cpp) and the face
// every library's narrow phase shows to bench_scene.cpp: given one
// broadphase pair at its frame's poses, its contact points. Each library's
// file (bench_scene.cpp for sepax, peers/scene_<library>.cpp for the peers)
// registers its narrow phases with a scene::Registration.
#pragma once

#include "sepax/hull.hpp"
#include "sepax/mesh.hpp"

#include <array>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace scene {

using sepax::index_t;
using sepax::Pose;
using sepax::quat;
using sepax::real;
using sepax::vec3;

enum class Kind { box, sphere, capsule, hull, mesh };

/// One body of the scene, as the file gives it and as sepax's shape.
struct Body {
  Kind kind = Kind::box;
  vec3 half{0};                                   ///< box: half extents
  real radius = 0;                                ///< sphere, capsule
  real half_height = 0;                           ///< capsule: the segment (0,0,-h)-(0,0,h)
  std::vector<vec3> points;                       ///< hull: its points; mesh: its vertices
  std::vector<std::array<index_t, 3>> triangles;  ///< mesh
  sepax::Hull hull;          ///< box (shapes::box) and hull (Hull::from_points)
  sepax::TriangleMesh mesh;  ///< mesh
  real size = 0;             ///< diagonal of its local bounds
  [[nodiscard]] bool is_hull() const { return kind == Kind::box || kind == Kind::hull; }
  [[nodiscard]] bool is_round() const { return kind == Kind::sphere || kind == Kind::capsule; }
};

/// One broadphase pair of a frame with both bodies' poses.
struct Pair {
  int a = 0, b = 0;  ///< body ids, a < b
  int slot = 0;      ///< dense index of (a, b) over the whole scene: per-pair state lives there
  real margin = 0;
  Pose pose_a, pose_b;
  quat qa{1, 0, 0, 0}, qb{1, 0, 0, 0};  ///< the file's unit quaternions (w, x, y, z)
};

struct Frame {
  std::vector<Pair> pairs;
};

struct Scene {
  double time_step = 0;
  std::vector<Body> bodies;
  std::vector<Frame> frames;
  int slots = 0;  ///< distinct pairs
};

/// Reads a scene file and builds every body's sepax shape; false with a
/// one-line message on a missing or malformed file.
bool read(const std::string& path, Scene& out, std::string& error);

/// One contact point a library reports: world frame; separation < 0 where
/// the bodies overlap, > 0 a speculative point within the margin.
struct Contact {
  vec3 point{0};
  real separation = 0;
};

/// A library's narrow phase over one scene (it builds its own shapes from
/// the scene's bodies when made; per-pair state, if any, by Pair::slot).
class Narrowphase {
 public:
  virtual ~Narrowphase() = default;
  /// The contacts of one pair: their count (appended to *out when out is
  /// not null), or -1 when the library has no collider for the pair's kinds.
  virtual int collide(const Pair& p, std::vector<Contact>* out) = 0;
  /// Forgets every pair's state (a cold start of the recording).
  virtual void reset() {}
  /// What the row's label should add (e.g. pair kinds it has no collider for).
  [[nodiscard]] virtual std::string note() const { return {}; }
};

using Make = std::function<std::unique_ptr<Narrowphase>(const Scene&)>;

/// One narrow phase of one library: name "library.mode", label the row's
/// label (what it answers and leaves out), its version.
struct Library {
  std::string name, label, version;
  Make make;
};

/// Every registered narrow phase, sepax's first.
std::vector<Library>& libraries();

/// Registers a narrow phase at static initialization.
struct Registration {
  explicit Registration(Library library);
};

/// Distance from a world point to a body's surface (exact: faces of hulls,
/// triangles of meshes, brute force; for checks only).
[[nodiscard]] double surface_distance(const Body& body, const Pose& pose, const vec3& p);

}  // namespace scene
