// sepax examples: a small sequential-impulse rigid-body world.
//
// Example code, not library API: it shows how an engine feeds
// sepax::contact::collide and uses what comes back. Follows Catto's
// sequential impulses (GDC 2005-2014, Box2D Lite, Box2D v2 and v3's soft
// step): every step applies gravity, finds the contact manifolds of the
// pairs whose bounds overlap (one contact::Cache per pair), warm-starts
// each point with the impulses of last step's point with the same id (or
// at the same place), solves non-penetration and Coulomb
// friction (two tangent directions) by accumulated, clamped impulses, and
// integrates positions with semi-implicit Euler.
//
// Penetration beyond a slop is pushed out by soft contacts (a stiff,
// heavily damped spring solved implicitly; Baumgarte as an option); a few
// relax iterations without that push after the position update remove the
// velocity it added (Box2D v3's relax stage), so that piles come to rest
// instead of jittering. Points with a gap (separation > 0, within the
// speculative margin) let the bodies close that gap in one step and no
// more (speculative contacts).
//
// Bodies are hulls (boxes among them), spheres and capsules. Static ground
// may be a triangle mesh (a level's floor or terrain): a hull
// against it takes contact::collide of contact_mesh.hpp, one manifold per
// direction of contact (region), so that a body sliding over the inner
// edges of a flat floor meets the face's normal only.
//
// Frames: world frame, z up, gravity along -z. Each body's frame sits at its
// centre of mass: hulls are built around their centroid (make_body).
#pragma once

#include <sepax/contact.hpp>
#include <sepax/contact_mesh.hpp>
#include <sepax/gjk_cast.hpp>
#include <sepax/hull.hpp>

#include <cstdint>
#include <map>
#include <memory>
#include <utility>
#include <vector>

namespace examples {

using sepax::mat3;
using sepax::quat;
using sepax::real;
using sepax::vec3;

/// Mass, centre of mass and inertia of a solid of density 1 (scale them by
/// the density).
struct MassProperties {
  real volume = 0;
  vec3 centroid{real(0)};  ///< local frame of the hull
  mat3 inertia{real(0)};   ///< about the centroid, in the hull's frame
};

/// Volume, centroid and inertia tensor of a closed hull with density 1:
/// each face is fanned into triangles, each triangle with a reference point
/// inside the hull makes a tetrahedron, and the tetrahedra's volumes and
/// second moments add up (the covariance of the canonical tetrahedron
/// mapped by each one's edge matrix; Blow & Binstock, "How to find the
/// inertia tensor (or other mass properties) of a 3D solid body represented
/// by a triangle mesh", 2004). A flat hull has volume 0.
[[nodiscard]] MassProperties mass_properties(const sepax::Hull& hull);

/// Inertia of a solid box of density 1 about its centre (analytic).
[[nodiscard]] mat3 box_inertia(const vec3& half_extents);

/// A rigid body. Static bodies have inv_mass 0 and a zero inverse inertia.
struct Body {
  std::shared_ptr<const sepax::Hull> hull;  ///< local frame at the centre of mass
  /// Static ground given as triangles, in place of `hull` (make_mesh_body):
  /// it meets the other kinds, never another mesh.
  std::shared_ptr<const sepax::TriangleMesh> mesh;
  /// A round body, in place of `hull` (make_sphere, make_capsule): a sphere
  /// of this radius around the centre when half_length is 0, else a capsule
  /// around the segment from -half_length to +half_length along the body's z.
  real round_radius = 0;
  real half_length = 0;
  /// Rolling resistance (Box2D v3's): a round body's contacts resist its
  /// rolling with a torque of up to this times the normal force times the
  /// radius, so that a ball on a slope or in a dip stops; 0 for hulls.
  real rolling_resistance = 0;
  /// A box's half extents (its hull is shapes::box of them; make_box); 0
  /// for other hulls.
  vec3 box_half_extents{real(0)};
  vec3 position{real(0)};  ///< world frame, the centre of mass
  quat orientation{real(1), real(0), real(0), real(0)};
  vec3 linear_velocity{real(0)};   ///< world frame, length unit per second
  vec3 angular_velocity{real(0)};  ///< world frame, radians per second
  real inv_mass = 0;
  mat3 inv_inertia_local{real(0)};  ///< body frame
  real friction = real(0.6);        ///< Coulomb coefficient; a pair uses the geometric mean
  real radius = 0;                  ///< largest distance of a vertex from the centre of mass

  [[nodiscard]] sepax::Pose pose() const { return sepax::pose_from_quat(position, orientation); }
  [[nodiscard]] bool is_static() const { return inv_mass == real(0); }
  [[nodiscard]] bool is_round() const { return round_radius > real(0); }
  /// A round body's shape in its body frame.
  [[nodiscard]] sepax::convex::Sphere sphere() const {
    return sepax::convex::sphere(vec3(real(0)), round_radius);
  }
  [[nodiscard]] sepax::convex::Capsule capsule() const {
    return sepax::convex::capsule(vec3(real(0), real(0), -half_length),
                                  vec3(real(0), real(0), half_length), round_radius);
  }
};

/// A body made from points: the hull is built around the points' solid
/// centroid, so the body frame sits at the centre of mass, and `position`
/// is where that centroid is in the world. density 0 makes it static.
/// Returns false (and leaves `out` alone) when the points give no solid.
[[nodiscard]] bool make_body(const std::vector<vec3>& points, real density, Body& out);

/// A box body with analytic inertia; density 0 makes it static.
[[nodiscard]] Body make_box(const vec3& half_extents, const vec3& position, real density);

/// A solid sphere of radius r (analytic inertia); density 0 makes it static.
[[nodiscard]] Body make_sphere(real radius, const vec3& position, real density);

/// A solid capsule: radius r around the segment from -half_length to
/// +half_length along its z (analytic inertia: a cylinder and two half
/// balls); density 0 makes it static.
[[nodiscard]] Body make_capsule(real radius, real half_length, const vec3& position, real density);

/// A static body of triangles (floor, terrain, ramp) at `position`.
[[nodiscard]] Body make_mesh_body(std::shared_ptr<const sepax::TriangleMesh> mesh,
                                  const vec3& position);

/// Solver settings. Lengths are in the scene's length unit; the defaults
/// suit bodies about a unit across.
struct Settings {
  real time_step = real(1) / real(60);          ///< seconds
  vec3 gravity{real(0), real(0), real(-9.81)};  ///< length unit per second^2
  /// Velocity damping, per second: each step scales linear and angular
  /// velocity by 1 / (1 + time_step * damping), as Box2D v3 does. Small,
  /// as Jolt's and PhysX's defaults (0.05): it ends swings that no contact
  /// damps (a hull rocking on two points, rolling without sliding).
  real linear_damping = real(0.05);
  real angular_damping = real(0.05);
  int velocity_iterations = 12;  ///< with position feedback
  int relax_iterations = 3;      ///< after the position update, without it
  /// Fraction of the penetration beyond the slop fed back per step
  /// (Baumgarte), when contact_hertz is 0.
  real baumgarte = real(0.2);
  /// Soft contact instead (Box2D v3's soft step): the penetration beyond
  /// the slop is pushed out by a spring of this frequency (hertz) with
  /// this damping ratio, solved implicitly. 0 hertz: Baumgarte.
  real contact_hertz = 30;
  real damping_ratio = 10;
  /// Contacts with a static body: this times contact_hertz. Box2D v3 takes
  /// 2; 4 keeps a light hull under a heavy pile from sinking into the
  /// ground (2.7% of its size at 1, 0.6% at 2, 0.3% at 4, over 40 piles).
  real static_stiffening = 4;
  /// Contacts between dynamic bodies whose masses are in ratio r: sqrt(r)
  /// times contact_hertz, up to this (the sag under the heavier body's
  /// weight grows as r / hertz^2). Over the terrain test's 40 piles, the
  /// deepest dynamic pair at rest is 0.029 at 1, 0.011 at 2, 0.007 at 4;
  /// piles that do not come to rest in 20 s: 3 at 1, 2 at 2, 6 at 4 (a
  /// light body jitters under a stiff contact).
  real dynamic_stiffening = 2;
  /// Penetration the push leaves alone (length unit): resting contacts
  /// settle about this deep (plus the soft contacts' sag under load), so
  /// their points persist.
  real slop = real(0.001);
  /// Fastest push out of an overlap (length unit per second).
  real max_correction_speed = real(2);
  /// Smallest speculative margin (length unit); each pair adds the distance
  /// its bodies can close in one step.
  real margin = real(0.02);
  /// A new point without last step's id takes the impulses of last step's
  /// point whose anchor on A lies within this distance (length unit);
  /// 0 matches by id only (match_points in solver.cpp).
  real match_distance = real(0.01);
  /// Continuous collision against static bodies: a dynamic body that moves
  /// more than `continuous_fraction` of its radius in a step (translation
  /// plus turn times radius) is swept from its pose at the step's start to
  /// its new one against every static body its swept bounds reach
  /// (gjk::time_of_impact, stopping `slop` short), and put back where it
  /// first touches one: it cannot pass through a thin wall or a post, as
  /// Box2D v3 does for fast bodies. Hulls only: sepax casts hulls, so
  /// spheres and capsules are not swept.
  bool continuous = true;
  real continuous_fraction = real(0.5);
};

/// Accumulated impulses of one contact point, kept for warm starting.
struct PointState {
  bool live = false;  ///< false: an empty slot
  sepax::contact::Id id = 0;
  real normal_impulse = 0;
  vec3 friction_impulse{real(0)};  ///< world frame, kept as a vector so tangents may turn
};

/// Most manifolds a pair holds: two hulls have one, a hull against a mesh
/// one per region (direction of contact).
inline constexpr int max_regions = sepax::contact::max_mesh_regions;

/// Everything a pair of bodies keeps from one step to the next.
struct PairState {
  /// The bodies as the manifolds see them, A and B: against a mesh, the
  /// hull is A whatever the order of their indices.
  int a = 0, b = 0;
  sepax::contact::Cache cache{};  ///< SAT's axis (zero: cold)
  sepax::sat::Resting resting;    ///< the axes near the normal, while the pair rests
  /// A hull against a mesh: the triangles near the hull and their SAT axes.
  sepax::contact::MeshCache mesh_cache{};
  sepax::contact::Manifold manifolds[max_regions];
  int regions = 0;  ///< manifolds[0 .. regions)
  PointState points[max_regions][sepax::contact::max_points];
  /// The manifolds' points on A, in A's body frame (match_points).
  vec3 local_a[max_regions][sepax::contact::max_points];
};

/// A pair the broadphase passed in the last step, with the poses the narrow
/// phase saw (what a recorded scene holds: record.cpp).
struct NarrowPair {
  int a = 0, b = 0;  ///< body indices, a < b
  real margin = 0;   ///< the speculative margin the pair was tested within
  vec3 position[2];  ///< a's and b's
  quat orientation[2];
};

/// Counters of the last step.
struct StepStats {
  int pairs_tested = 0;         ///< pairs whose bounds overlapped
  int manifolds = 0;            ///< pairs with at least one point
  int points = 0;               ///< contact points solved
  int warm_started = 0;         ///< points whose id matched the previous step's
  int matched_by_distance = 0;  ///< points warm-started by position, their id new
  int swept = 0;                ///< bodies swept for continuous collision
  int stopped = 0;              ///< of those, put back at their first contact
  real deepest = 0;             ///< largest penetration (>= 0) seen by the narrow phase
};

/// The bodies, their pair states and the step.
class World {
 public:
  explicit World(Settings settings = {}) : settings_(settings) {}

  /// Adds a body; returns its index.
  int add(Body body);

  /// Advances the world by one time step.
  void step();

  [[nodiscard]] std::vector<Body>& bodies() { return bodies_; }
  [[nodiscard]] const std::vector<Body>& bodies() const { return bodies_; }
  [[nodiscard]] const Settings& settings() const { return settings_; }
  [[nodiscard]] const StepStats& stats() const { return stats_; }
  [[nodiscard]] const std::map<std::pair<int, int>, PairState>& pairs() const { return pairs_; }
  /// The pairs the last step's broadphase passed, in ascending (a, b).
  [[nodiscard]] const std::vector<NarrowPair>& narrow_pairs() const { return narrow_pairs_; }

  /// Largest linear and angular speed of the dynamic bodies.
  [[nodiscard]] std::pair<real, real> max_speeds() const;
  /// True when every position and velocity is finite.
  [[nodiscard]] bool finite() const;
  /// Deepest penetration (>= 0, length unit) over all pairs now, from a
  /// fresh narrow phase without margin or cache.
  [[nodiscard]] real deepest_penetration() const;

 private:
  struct Constraint;
  void collide_pairs();
  std::vector<Constraint> prepare();
  void integrate_positions(std::vector<Constraint>& constraints);
  void solve(std::vector<Constraint>& constraints, int iterations, bool feedback);
  void sweep_fast_bodies(const std::vector<sepax::Pose>& start);

  Settings settings_;
  std::vector<Body> bodies_;
  std::map<std::pair<int, int>, PairState> pairs_;
  StepStats stats_;
  std::vector<NarrowPair> narrow_pairs_;
  sepax::contact::MeshScratch mesh_scratch_;  // room for the triangle being decided
};

// --- The two scenes --------------------------------------------------------

/// Half-extent of the stack's boxes (length unit): unit boxes.
inline constexpr real stack_half = real(0.5);

/// `boxes` unit boxes stacked on a static ground box whose top is z = 0;
/// body 0 is the ground, body `boxes` the top box. Each box starts resting
/// on the one below, faces touching.
[[nodiscard]] World stack_world(int boxes, const Settings& settings = {});

/// `count` random convex hulls (6 to 16 points in ellipsoids 0.4 to 1 unit
/// across, random orientations) dropped in layers of nine onto a static
/// ground box whose top is z = 0; body 0 is the ground. The same seed gives
/// the same scene.
[[nodiscard]] World pile_world(int count, std::uint64_t seed, const Settings& settings = {});

/// The terrain of terrain_world: a square of side `size` centred on the
/// origin, `cells` cells a side, each split into two triangles along a
/// random diagonal; heights a sum of gentle waves (slopes up to about 15
/// degrees) under a shallow bowl, so that what rolls comes back. The same
/// seed gives the same terrain.
[[nodiscard]] sepax::TriangleMesh terrain_mesh(real size, int cells, std::uint64_t seed);

/// The terrain's height at (x, y), from the same waves (between the
/// triangles' corners the mesh is linear, this is not).
[[nodiscard]] real terrain_height(real x, real y, std::uint64_t seed);

/// pile_world's bodies with boxes, spheres and capsules among them (of every
/// six bodies three hulls, a box 0.3 to 0.8 across, a sphere and a capsule
/// of radius 0.15 to 0.35), dropped onto a static terrain_mesh (body 0) 16
/// units across in 32 cells.
[[nodiscard]] World terrain_world(int count, std::uint64_t seed, const Settings& settings = {});

/// The recorded scene's world (record.cpp): `count` bodies, of every six
/// three hulls of 8 to 128 points, a box, a sphere and a capsule, half of
/// them dropped in layers of nine onto a static box ground (body 0, its top
/// at z = 0, x < 0), the other half onto a terrain_mesh 11 units across in
/// 22 cells (body 1, x > 0.5).
[[nodiscard]] World scene_world(int count, std::uint64_t seed, const Settings& settings = {});

/// Lowest point of a body in the world (along z).
[[nodiscard]] real lowest_z(const Body& body);

/// Writes a side view (x horizontal, z up) of the bodies as an SVG file:
/// each hull's silhouette (the convex hull of its vertices projected on the
/// x-z plane); a mesh as its triangles' projections, those within the
/// view. Returns false when the file cannot be written.
bool write_svg(const char* path, const std::vector<Body>& bodies);

}  // namespace examples
