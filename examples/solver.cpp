// sepax examples: the sequential-impulse world (see solver.hpp).
#include "solver.hpp"

#include <sepax/shapes.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <span>
#include <tuple>

namespace examples {

namespace {

// Tetrahedra below this fraction of the hull's extent cubed are left out of
// a body's volume: a hull that adds up to no more is flat (relative).
constexpr real min_volume_fraction = real(1e-6);

// Outer product a * b^T.
mat3 outer(const vec3& a, const vec3& b) {
  mat3 m(real(0));
  for (int c = 0; c < 3; ++c) m[c] = a * b[c];
  return m;
}

// An orthonormal pair perpendicular to unit n, continuous in n except where
// n.z changes sign (Duff et al., "Building an Orthonormal Basis, Revisited",
// JCGT 2017). Friction impulses are kept as world vectors, so a jump of the
// pair costs nothing.
std::pair<vec3, vec3> tangents(const vec3& n) {
  const real sign = std::copysign(real(1), n.z);
  const real a = real(-1) / (sign + n.z);
  const real b = n.x * n.y * a;
  return {vec3(real(1) + sign * n.x * n.x * a, sign * b, -sign * n.x),
          vec3(b, sign + n.y * n.y * a, -n.y)};
}

mat3 world_inv_inertia(const Body& body) {
  const mat3 r = body.pose().rotation;
  return r * body.inv_inertia_local * glm::transpose(r);
}

struct Aabb {
  vec3 min{real(0)};
  vec3 max{real(0)};
};

Aabb world_bounds(const Body& body) {
  const sepax::Pose pose = body.pose();
  if (body.is_round()) {
    const vec3 axis = pose.rotate(vec3(real(0), real(0), body.half_length));
    const vec3 r(body.round_radius);
    return {glm::min(pose.translation - axis, pose.translation + axis) - r,
            glm::max(pose.translation - axis, pose.translation + axis) + r};
  }
  if (body.mesh) {
    const sepax::Bounds& local = body.mesh->bounds();
    Aabb box{pose.apply(local.min), pose.apply(local.min)};
    for (int corner = 0; corner < 8; ++corner) {
      const vec3 c((corner & 1) ? local.max.x : local.min.x,
                   (corner & 2) ? local.max.y : local.min.y,
                   (corner & 4) ? local.max.z : local.min.z);
      box.min = glm::min(box.min, pose.apply(c));
      box.max = glm::max(box.max, pose.apply(c));
    }
    return box;
  }
  Aabb box{pose.apply(body.hull->vertices()[0]), pose.apply(body.hull->vertices()[0])};
  for (const vec3& v : body.hull->vertices()) {
    const vec3 w = pose.apply(v);
    box.min = glm::min(box.min, w);
    box.max = glm::max(box.max, w);
  }
  return box;
}

bool overlap(const Aabb& a, const Aabb& b, real margin) {
  for (int k = 0; k < 3; ++k) {
    if (a.min[k] > b.max[k] + margin || b.min[k] > a.max[k] + margin) return false;
  }
  return true;
}

// The contact of two round bodies (spheres and capsules): sepax's
// contact::collide for the pair's kinds (the closest points of their cores,
// the radii taken off; two points along the overlap of capsules within
// tol::capsule_parallel of parallel, one otherwise).
sepax::contact::Manifold round_contact(const Body& a, const sepax::Pose& pose_a, const Body& b,
                                       const sepax::Pose& pose_b, real margin) {
  namespace contact = sepax::contact;
  if (a.half_length > 0)
    return b.half_length > 0 ? contact::collide(a.capsule(), pose_a, b.capsule(), pose_b, margin)
                             : contact::collide(a.capsule(), pose_a, b.sphere(), pose_b, margin);
  return b.half_length > 0 ? contact::collide(a.sphere(), pose_a, b.capsule(), pose_b, margin)
                           : contact::collide(a.sphere(), pose_a, b.sphere(), pose_b, margin);
}

// Which of two bodies a pair's manifolds take as A: a hull or round body
// against a mesh, a round body against a hull (sepax's overloads take them
// first); otherwise the first.
bool first_is_a(const Body& first, const Body& second) {
  if (first.mesh) return false;
  if (second.mesh) return true;
  return !(second.is_round() && !first.is_round());
}

// The manifolds of A against B: one, or a mesh's regions (deepest first);
// with `state`, through its caches. Returns how many.
int narrow_phase(const Body& a, const Body& b, real margin, PairState* state,
                 sepax::contact::MeshScratch& scratch,
                 sepax::contact::Manifold (&out)[max_regions]) {
  namespace contact = sepax::contact;
  const sepax::Pose pa = a.pose(), pb = b.pose();
  if (b.mesh) {
    contact::MeshCache* cache = state != nullptr ? &state->mesh_cache : nullptr;
    const contact::MeshManifold mm =
        a.hull              ? contact::collide(*a.hull, pa, *b.mesh, pb, scratch, margin, cache)
        : a.half_length > 0 ? contact::collide(a.capsule(), pa, *b.mesh, pb, scratch, margin, cache)
                            : contact::collide(a.sphere(), pa, *b.mesh, pb, scratch, margin, cache);
    std::copy(mm.regions, mm.regions + mm.count, out);
    return mm.count;
  }
  if (a.is_round() && b.is_round()) {
    out[0] = round_contact(a, pa, b, pb, margin);
  } else if (a.is_round()) {
    out[0] = a.half_length > 0 ? contact::collide(a.capsule(), pa, *b.hull, pb, margin)
                               : contact::collide(a.sphere(), pa, *b.hull, pb, margin);
  } else if (state != nullptr) {
    out[0] = contact::collide(*a.hull, pa, *b.hull, pb, margin, &state->cache, &state->resting);
  } else {
    out[0] = contact::collide(*a.hull, pa, *b.hull, pb, margin);
  }
  return 1;
}

// Lines up last step's impulses with the new points: by id first; a point
// left without one takes the impulses of an old point whose anchor on A
// (moved with A) lies within match_distance of it. Where two hulls touch at
// a vertex of each, the edges whose crossing makes the point (SAT's
// deciding edge pair, or an incident edge and a side plane in clipping)
// can switch between the edges that meet there from one step to the next,
// and the id with them, while the point stays put. Against a mesh a point
// may move from one region to another: every old region is searched.
void match_points(const PairState& old, const sepax::contact::Manifold (&m)[max_regions],
                  int regions, const sepax::Pose& pose_a, const Settings& settings,
                  PointState (&matched)[max_regions][sepax::contact::max_points],
                  StepStats& stats) {
  bool taken[max_regions][sepax::contact::max_points] = {};
  // The first old point not yet taken for which `same` holds, or null.
  const auto find = [&](auto same) -> std::pair<int, int> {
    for (int r = 0; r < old.regions; ++r) {
      for (int o = 0; o < old.manifolds[r].count; ++o) {
        if (!taken[r][o] && old.points[r][o].live && same(r, o)) return {r, o};
      }
    }
    return {-1, -1};
  };
  for (int r = 0; r < regions; ++r) {
    for (int k = 0; k < m[r].count; ++k) {
      const auto [or_, o] =
          find([&](int s, int p) { return old.points[s][p].id == m[r].points[k].id; });
      if (o < 0) continue;
      matched[r][k] = old.points[or_][o];
      taken[or_][o] = true;
    }
  }
  for (int r = 0; r < regions; ++r) {
    for (int k = 0; k < m[r].count; ++k) {
      if (matched[r][k].live) continue;
      const auto [or_, o] = find([&](int s, int p) {
        const vec3 anchor = pose_a.apply(old.local_a[s][p]);
        return glm::length(anchor - m[r].points[k].point_a) < settings.match_distance;
      });
      if (o < 0) continue;
      matched[r][k] = old.points[or_][o];
      matched[r][k].id = m[r].points[k].id;
      taken[or_][o] = true;
      ++stats.matched_by_distance;
    }
  }
}

}  // namespace

MassProperties mass_properties(const sepax::Hull& hull) {
  MassProperties out;
  if (hull.empty() || hull.is_flat()) return out;
  const vec3 p = hull.centroid();  // inside the hull: every tetrahedron is positive
  const auto verts = hull.vertices();
  const auto edges = hull.half_edges();
  real volume = 0;
  vec3 first(real(0));
  mat3 second(real(0));  // integral of x x^T over the solid, x relative to p
  for (const sepax::Face& face : hull.faces()) {
    const vec3 a = verts[edges[face.edge].origin] - p;
    sepax::index_t e = edges[face.edge].next;
    for (sepax::index_t k = 1; k + 1 < face.count; ++k) {
      const vec3 b = verts[edges[e].origin] - p;
      e = edges[e].next;
      const vec3 c = verts[edges[e].origin] - p;
      // det of [a b c] is six times the tetrahedron's volume; its covariance
      // is det / 120 * (a a^T + b b^T + c c^T + s s^T), s = a + b + c.
      const real det = glm::dot(a, glm::cross(b, c));
      const vec3 s = a + b + c;
      volume += det / real(6);
      first += det / real(24) * s;
      second += det / real(120) * (outer(a, a) + outer(b, b) + outer(c, c) + outer(s, s));
    }
  }
  const real extent = hull.extent();
  if (!(volume > min_volume_fraction * extent * extent * extent)) return out;
  const vec3 d = first / volume;                   // centroid relative to p
  const mat3 cov = second - volume * outer(d, d);  // about the centroid
  const real trace = cov[0][0] + cov[1][1] + cov[2][2];
  out.volume = volume;
  out.centroid = p + d;
  out.inertia = trace * mat3(real(1)) - cov;
  return out;
}

mat3 box_inertia(const vec3& h) {
  const real mass = real(8) * h.x * h.y * h.z;
  const vec3 sq = h * h;
  mat3 inertia(real(0));
  inertia[0][0] = mass / real(3) * (sq.y + sq.z);
  inertia[1][1] = mass / real(3) * (sq.x + sq.z);
  inertia[2][2] = mass / real(3) * (sq.x + sq.y);
  return inertia;
}

namespace {

void set_mass(Body& body, real volume, const mat3& inertia, real density) {
  if (density > real(0)) {
    body.inv_mass = real(1) / (density * volume);
    body.inv_inertia_local = glm::inverse(density * inertia);
  }
  body.radius = body.round_radius + body.half_length;
  if (!body.hull) return;
  for (const vec3& v : body.hull->vertices()) body.radius = std::max(body.radius, glm::length(v));
}

}  // namespace

bool make_body(const std::vector<vec3>& points, real density, Body& out) {
  sepax::HullResult built = sepax::Hull::from_points(std::span<const vec3>(points));
  if (!built.ok()) return false;
  const MassProperties first = mass_properties(built.hull);
  if (first.volume == real(0)) return false;
  // Rebuild around the centroid: the body frame is the centre of mass.
  std::vector<vec3> centred(built.hull.vertices().begin(), built.hull.vertices().end());
  for (vec3& v : centred) v -= first.centroid;
  sepax::HullResult moved = sepax::Hull::from_points(std::span<const vec3>(centred));
  if (!moved.ok()) return false;
  const MassProperties props = mass_properties(moved.hull);
  if (props.volume == real(0)) return false;
  Body body;
  body.hull = std::make_shared<const sepax::Hull>(std::move(moved.hull));
  body.position = first.centroid;
  set_mass(body, props.volume, props.inertia, density);
  out = std::move(body);
  return true;
}

Body make_box(const vec3& half_extents, const vec3& position, real density) {
  Body body;
  body.hull = std::make_shared<const sepax::Hull>(sepax::shapes::box(half_extents));
  body.position = position;
  body.box_half_extents = half_extents;
  const real volume = real(8) * half_extents.x * half_extents.y * half_extents.z;
  set_mass(body, volume, box_inertia(half_extents), density);
  return body;
}

Body make_sphere(real radius, const vec3& position, real density) {
  Body body;
  body.round_radius = radius;
  body.rolling_resistance = real(0.1);
  body.position = position;
  const real volume = real(4) / real(3) * real(3.14159265358979323846) * radius * radius * radius;
  set_mass(body, volume, mat3(real(0.4) * volume * radius * radius), density);
  return body;
}

// A capsule's inertia: the cylinder's, plus the two half balls' about
// their own centres of mass (3r/8 from the flat face) moved to the body's
// centre (the parallel axis theorem), which adds up to
// m_ball (2r^2/5 + h^2 + 3hr/4) about x and y for the cylinder's half
// length h.
Body make_capsule(real radius, real half_length, const vec3& position, real density) {
  Body body;
  body.round_radius = radius;
  body.half_length = half_length;
  body.rolling_resistance = real(0.1);
  body.position = position;
  const real pi = real(3.14159265358979323846);
  const real r2 = radius * radius, h = half_length;
  const real cylinder = pi * r2 * real(2) * h;
  const real ball = real(4) / real(3) * pi * r2 * radius;
  mat3 inertia(real(0));
  inertia[2][2] = cylinder * r2 / real(2) + ball * real(0.4) * r2;
  inertia[0][0] = inertia[1][1] = cylinder * (real(4) * h * h / real(12) + r2 / real(4)) +
                                  ball * (real(0.4) * r2 + h * h + real(0.75) * h * radius);
  set_mass(body, cylinder + ball, inertia, density);
  return body;
}

Body make_mesh_body(std::shared_ptr<const sepax::TriangleMesh> mesh, const vec3& position) {
  Body body;
  body.mesh = std::move(mesh);
  body.position = position;
  return body;
}

int World::add(Body body) {
  bodies_.push_back(std::move(body));
  return static_cast<int>(bodies_.size()) - 1;
}

// One manifold prepared for the solver: anchors, effective masses and the
// accumulated impulses of its points.
struct World::Constraint {
  struct Point {
    vec3 ra{real(0)}, rb{real(0)};  // anchor relative to each centre of mass
    real normal_mass = 0, tangent_mass[2] = {0, 0};
    real separation = 0;      // at the step's start, then after the position update
    real normal_impulse = 0;  // accumulated
    real tangent_impulse[2] = {0, 0};
  };
  int a = 0, b = 0;
  int region = 0;  // of state->manifolds
  vec3 normal{real(0)};
  vec3 tangent[2];
  real friction = 0;
  int count = 0;
  Point points[sepax::contact::max_points];
  PairState* state = nullptr;
  // Rolling resistance: the larger of the two bodies' coefficient times
  // radius (length unit), the inverse of the pair's angular inertia, and
  // the accumulated angular impulse.
  real rolling = 0;
  mat3 rolling_mass{real(0)};
  vec3 rolling_impulse{real(0)};
};

// Semi-implicit Euler: gravity changes the velocities, the contacts are
// solved, and the new velocities move the bodies; a few relax iterations
// then take out the speed that pushed overlaps apart (Box2D v3's stages:
// integrate velocities, warm start, solve, integrate positions, relax,
// store impulses).
void World::step() {
  const real dt = settings_.time_step;
  const real linear_scale = real(1) / (real(1) + dt * settings_.linear_damping);
  const real angular_scale = real(1) / (real(1) + dt * settings_.angular_damping);
  for (Body& body : bodies_) {
    if (body.is_static()) continue;
    body.linear_velocity = linear_scale * (body.linear_velocity + dt * settings_.gravity);
    body.angular_velocity *= angular_scale;
  }
  collide_pairs();
  std::vector<Constraint> constraints = prepare();
  solve(constraints, settings_.velocity_iterations, true);
  std::vector<sepax::Pose> start(bodies_.size());
  for (std::size_t i = 0; i < bodies_.size(); ++i) start[i] = bodies_[i].pose();
  integrate_positions(constraints);
  solve(constraints, settings_.relax_iterations, false);
  if (settings_.continuous) sweep_fast_bodies(start);
  for (const Constraint& c : constraints) {
    for (int k = 0; k < c.count; ++k) {
      const Constraint::Point& p = c.points[k];
      PointState& s = c.state->points[c.region][k];
      s.live = true;
      s.id = c.state->manifolds[c.region].points[k].id;
      s.normal_impulse = p.normal_impulse;
      s.friction_impulse =
          p.tangent_impulse[0] * c.tangent[0] + p.tangent_impulse[1] * c.tangent[1];
    }
  }
}

// Continuous collision (Box2D v3's continuous stage, against static bodies):
// a fast body's step is a sweep from its start pose to its new one; the
// earliest time of impact with a static body its swept bounds reach puts
// it back there, `slop` short of contact, keeping its velocity: next step's
// contacts (speculative ones included) take it from there. Against a mesh
// the sweep is the step's translation at the start's orientation
// (mesh::shape_cast casts no turn).
void World::sweep_fast_bodies(const std::vector<sepax::Pose>& start) {
  for (std::size_t i = 0; i < bodies_.size(); ++i) {
    Body& body = bodies_[i];
    if (body.is_static() || !body.hull) continue;  // sepax casts hulls
    const sepax::Sweep sweep{start[i], body.pose()};
    const real moved =
        glm::length(sweep.end.translation - sweep.start.translation) + sweep.angle() * body.radius;
    if (!(moved > settings_.continuous_fraction * body.radius)) continue;
    ++stats_.swept;
    // Every point of the body stays within its radius of its centre's path.
    const vec3 r(body.radius);
    const Aabb path{glm::min(sweep.start.translation, sweep.end.translation) - r,
                    glm::max(sweep.start.translation, sweep.end.translation) + r};
    real first = 1;
    for (const Body& other : bodies_) {
      if (!other.is_static() || other.is_round() ||
          !overlap(path, world_bounds(other), settings_.margin))
        continue;
      const sepax::Pose still = other.pose();
      const sepax::CastResult hit =
          other.mesh ? sepax::mesh::shape_cast(*other.mesh, still, *body.hull, sweep.start,
                                               sweep.end.translation - sweep.start.translation,
                                               real(1), settings_.slop)
                     : sepax::gjk::time_of_impact(*other.hull, sepax::Sweep{still, still},
                                                  *body.hull, sweep, settings_.slop);
      // A body already within `slop` of it at the start is the contacts' work.
      if (hit.status == sepax::CastStatus::hit && hit.fraction > 0)
        first = std::min(first, hit.fraction);
    }
    if (!(first < 1)) continue;
    ++stats_.stopped;
    const sepax::Pose at = sweep.at(first);
    body.position = at.translation;
    body.orientation = glm::normalize(glm::quat_cast(at.rotation));
  }
}

// Anchors and effective masses of every manifold's points; each point
// starts from the impulses of the point collide_pairs lined it up with
// (warm start), applied to the bodies here.
std::vector<World::Constraint> World::prepare() {
  std::vector<mat3> inv_inertia(bodies_.size());
  for (std::size_t i = 0; i < bodies_.size(); ++i) inv_inertia[i] = world_inv_inertia(bodies_[i]);
  std::vector<Constraint> constraints;
  for (auto& [key, state] : pairs_) {
    for (int region = 0; region < state.regions; ++region) {
      const sepax::contact::Manifold& m = state.manifolds[region];
      if (m.count == 0) continue;
      Constraint c;
      c.a = state.a;
      c.b = state.b;
      c.region = region;
      c.state = &state;
      c.normal = m.normal;
      std::tie(c.tangent[0], c.tangent[1]) = tangents(m.normal);
      Body& a = bodies_[c.a];
      Body& b = bodies_[c.b];
      c.friction = std::sqrt(a.friction * b.friction);
      c.count = m.count;
      c.rolling =
          std::max(a.rolling_resistance * a.round_radius, b.rolling_resistance * b.round_radius);
      if (c.rolling > real(0)) c.rolling_mass = glm::inverse(inv_inertia[c.a] + inv_inertia[c.b]);
      const auto effective_mass = [&](const vec3& ra, const vec3& rb, const vec3& dir) {
        const vec3 ca = glm::cross(ra, dir);
        const vec3 cb = glm::cross(rb, dir);
        const real k = a.inv_mass + b.inv_mass + glm::dot(ca, inv_inertia[c.a] * ca) +
                       glm::dot(cb, inv_inertia[c.b] * cb);
        return k > real(0) ? real(1) / k : real(0);
      };
      for (int k = 0; k < m.count; ++k) {
        const sepax::contact::Point& mp = m.points[k];
        Constraint::Point& p = c.points[k];
        const vec3 anchor = real(0.5) * (mp.point_a + mp.point_b);
        p.ra = anchor - a.position;
        p.rb = anchor - b.position;
        p.separation = mp.separation;
        p.normal_mass = effective_mass(p.ra, p.rb, c.normal);
        for (int t = 0; t < 2; ++t) p.tangent_mass[t] = effective_mass(p.ra, p.rb, c.tangent[t]);
        const PointState& old = state.points[region][k];
        if (!old.live) continue;
        ++stats_.warm_started;
        p.normal_impulse = old.normal_impulse;
        for (int t = 0; t < 2; ++t) {
          p.tangent_impulse[t] = glm::dot(old.friction_impulse, c.tangent[t]);
        }
        const vec3 impulse = p.normal_impulse * c.normal + p.tangent_impulse[0] * c.tangent[0] +
                             p.tangent_impulse[1] * c.tangent[1];
        a.linear_velocity -= a.inv_mass * impulse;
        a.angular_velocity -= inv_inertia[c.a] * glm::cross(p.ra, impulse);
        b.linear_velocity += b.inv_mass * impulse;
        b.angular_velocity += inv_inertia[c.b] * glm::cross(p.rb, impulse);
      }
      stats_.points += m.count;
      constraints.push_back(c);
    }
  }
  return constraints;
}

// Positions and orientations (the quaternion renormalized every step); each
// point's separation then moves by its normal speed times the step, which
// is what the relax iterations see.
void World::integrate_positions(std::vector<Constraint>& constraints) {
  const real dt = settings_.time_step;
  for (Body& body : bodies_) {
    if (body.is_static()) continue;
    body.position += dt * body.linear_velocity;
    const vec3 w = body.angular_velocity;
    const quat spin(real(0), w.x, w.y, w.z);
    body.orientation =
        glm::normalize(body.orientation + real(0.5) * dt * (spin * body.orientation));
  }
  for (Constraint& c : constraints) {
    const Body& a = bodies_[c.a];
    const Body& b = bodies_[c.b];
    for (int k = 0; k < c.count; ++k) {
      Constraint::Point& p = c.points[k];
      const vec3 dv = b.linear_velocity + glm::cross(b.angular_velocity, p.rb) - a.linear_velocity -
                      glm::cross(a.angular_velocity, p.ra);
      p.separation += dt * glm::dot(dv, c.normal);
    }
  }
}

// Friction first, then non-penetration, which matters more (Box2D v2).
// With feedback, a penetration beyond the slop adds a separating speed;
// a gap (speculative point) always lets the bodies close it and no more.
void World::solve(std::vector<Constraint>& constraints, int iterations, bool feedback) {
  const real inv_dt = real(1) / settings_.time_step;
  std::vector<mat3> inv_inertia(bodies_.size());
  for (std::size_t i = 0; i < bodies_.size(); ++i) inv_inertia[i] = world_inv_inertia(bodies_[i]);
  // Soft contact (Catto, "Solver2D", 2024): a spring of angular frequency
  // w and damping ratio z, integrated implicitly over the step h, scales
  // the bias, the effective mass and the accumulated impulse. Baumgarte is
  // the rigid limit: bias rate baumgarte / h, no scaling. The spring's
  // stiffness follows the contact's effective mass, about the lighter
  // body's, while the load it carries is about the heavier one's weight:
  // the sag under load grows as their mass ratio over w^2. A contact
  // between bodies of masses in ratio r is sqrt(r) times stiffer, which
  // keeps the sag of equal masses, up to dynamic_stiffening times (stiffer
  // makes the light body jitter); a contact with a static body is
  // static_stiffening times stiffer (Box2D v3: twice), as a light hull on
  // the ground may carry a pile many times its weight.
  struct Softness {
    real bias_rate, mass_scale, impulse_scale;
  };
  const auto softness = [&](real hertz) {
    if (!(hertz > real(0))) return Softness{settings_.baumgarte * inv_dt, 1, 0};
    const real h = settings_.time_step;
    const real w = real(2 * 3.14159265358979323846) * hertz;
    const real a1 = real(2) * settings_.damping_ratio + h * w;
    const real a2 = h * w * a1;
    const real a3 = real(1) / (real(1) + a2);
    return Softness{w / a1, a2 * a3, a3};
  };
  const auto solve_pair = [&](Constraint& c) {
    Body& a = bodies_[c.a];
    Body& b = bodies_[c.b];
    // Inverse masses: the heavier body's is the smaller (0: static).
    const real inv_heavy = std::min(a.inv_mass, b.inv_mass);
    const real inv_light = std::max(a.inv_mass, b.inv_mass);
    const real stiffening = inv_heavy > real(0) ? std::min(std::sqrt(inv_light / inv_heavy),
                                                           settings_.dynamic_stiffening)
                                                : settings_.static_stiffening;
    const Softness soft = softness(stiffening * settings_.contact_hertz);
    const auto apply = [&](const Constraint::Point& p, const vec3& impulse) {
      a.linear_velocity -= a.inv_mass * impulse;
      a.angular_velocity -= inv_inertia[c.a] * glm::cross(p.ra, impulse);
      b.linear_velocity += b.inv_mass * impulse;
      b.angular_velocity += inv_inertia[c.b] * glm::cross(p.rb, impulse);
    };
    const auto relative_velocity = [&](const Constraint::Point& p) {
      return b.linear_velocity + glm::cross(b.angular_velocity, p.rb) - a.linear_velocity -
             glm::cross(a.angular_velocity, p.ra);
    };
    for (int k = 0; k < c.count; ++k) {
      Constraint::Point& p = c.points[k];
      // Coulomb: the tangent impulse stays within the friction cone's disc
      // of radius friction * normal impulse.
      const vec3 dv = relative_velocity(p);
      real t0 = p.tangent_impulse[0] - p.tangent_mass[0] * glm::dot(dv, c.tangent[0]);
      real t1 = p.tangent_impulse[1] - p.tangent_mass[1] * glm::dot(dv, c.tangent[1]);
      const real limit = c.friction * p.normal_impulse;
      const real length = std::sqrt(t0 * t0 + t1 * t1);
      if (length > limit) {
        const real scale = length > real(0) ? limit / length : real(0);
        t0 *= scale;
        t1 *= scale;
      }
      apply(p, (t0 - p.tangent_impulse[0]) * c.tangent[0] +
                   (t1 - p.tangent_impulse[1]) * c.tangent[1]);
      p.tangent_impulse[0] = t0;
      p.tangent_impulse[1] = t1;
    }
    for (int k = 0; k < c.count; ++k) {
      Constraint::Point& p = c.points[k];
      real bias = 0, mass_scale = 1, impulse_scale = 0;
      if (p.separation > real(0)) {
        bias = p.separation * inv_dt;
      } else if (feedback) {
        const real depth = std::min(p.separation + settings_.slop, real(0));
        bias = std::max(soft.bias_rate * depth, -settings_.max_correction_speed);
        mass_scale = soft.mass_scale;
        impulse_scale = soft.impulse_scale;
      }
      const real vn = glm::dot(relative_velocity(p), c.normal);
      const real total = std::max(p.normal_impulse - p.normal_mass * mass_scale * (vn + bias) -
                                      impulse_scale * p.normal_impulse,
                                  real(0));
      apply(p, (total - p.normal_impulse) * c.normal);
      p.normal_impulse = total;
    }
  };
  // Rolling resistance (Box2D v3's): an angular impulse against the
  // bodies' relative turn, within rolling * the pair's normal impulse.
  const auto resist_rolling = [&](Constraint& c) {
    if (!(c.rolling > real(0))) return;
    Body& a = bodies_[c.a];
    Body& b = bodies_[c.b];
    real normal = 0;
    for (int k = 0; k < c.count; ++k) normal += c.points[k].normal_impulse;
    const real limit = c.rolling * normal;
    vec3 total = c.rolling_impulse - c.rolling_mass * (b.angular_velocity - a.angular_velocity);
    const real length = glm::length(total);
    if (length > limit) total *= length > real(0) ? limit / length : real(0);
    const vec3 change = total - c.rolling_impulse;
    c.rolling_impulse = total;
    a.angular_velocity -= inv_inertia[c.a] * change;
    b.angular_velocity += inv_inertia[c.b] * change;
  };
  for (int it = 0; it < iterations; ++it) {
    for (Constraint& c : constraints) {
      resist_rolling(c);
      solve_pair(c);
    }
  }
}

// Broadphase: every pair of bounds, grown by the pair's speculative margin
// (the settings' floor plus what the two bodies can close in one step).
// Narrow phase: collide with the pair's cache, and last step's impulses
// lined up with the points by id or place (match_points), so that
// prepare() reads them by index.
void World::collide_pairs() {
  stats_ = {};
  narrow_pairs_.clear();
  std::vector<Aabb> bounds(bodies_.size());
  for (std::size_t i = 0; i < bodies_.size(); ++i) bounds[i] = world_bounds(bodies_[i]);
  const real dt = settings_.time_step;
  const auto reach = [&](const Body& body) {
    return dt *
           (glm::length(body.linear_velocity) + glm::length(body.angular_velocity) * body.radius);
  };
  const int n = static_cast<int>(bodies_.size());
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      const Body& a = bodies_[i];
      const Body& b = bodies_[j];
      if (a.is_static() && b.is_static()) continue;  // meshes are static
      const real margin = settings_.margin + reach(a) + reach(b);
      if (!overlap(bounds[i], bounds[j], margin)) {
        pairs_.erase({i, j});
        continue;
      }
      ++stats_.pairs_tested;
      PairState& state = pairs_[{i, j}];
      state.a = first_is_a(a, b) ? i : j;
      state.b = first_is_a(a, b) ? j : i;
      narrow_pairs_.push_back(
          {i, j, margin, {a.position, b.position}, {a.orientation, b.orientation}});
      const sepax::Pose pose_a = bodies_[state.a].pose();
      sepax::contact::Manifold m[max_regions];
      const int regions =
          narrow_phase(bodies_[state.a], bodies_[state.b], margin, &state, mesh_scratch_, m);
      PointState matched[max_regions][sepax::contact::max_points];
      match_points(state, m, regions, pose_a, settings_, matched, stats_);
      std::copy(&matched[0][0], &matched[0][0] + max_regions * sepax::contact::max_points,
                &state.points[0][0]);
      std::copy(m, m + regions, state.manifolds);
      state.regions = regions;
      bool touching = false;
      for (int r = 0; r < regions; ++r) {
        touching = touching || m[r].count > 0;
        for (int k = 0; k < m[r].count; ++k) {
          state.local_a[r][k] = pose_a.apply_inverse(m[r].points[k].point_a);
          stats_.deepest = std::max(stats_.deepest, -m[r].points[k].separation);
        }
      }
      if (touching) ++stats_.manifolds;
    }
  }
}

std::pair<real, real> World::max_speeds() const {
  real linear = 0, angular = 0;
  for (const Body& body : bodies_) {
    if (body.is_static()) continue;
    linear = std::max(linear, glm::length(body.linear_velocity));
    angular = std::max(angular, glm::length(body.angular_velocity));
  }
  return {linear, angular};
}

bool World::finite() const {
  const auto ok = [](const vec3& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
  };
  for (const Body& body : bodies_) {
    const quat& q = body.orientation;
    if (!ok(body.position) || !ok(body.linear_velocity) || !ok(body.angular_velocity) ||
        !std::isfinite(q.w + q.x + q.y + q.z)) {
      return false;
    }
  }
  return true;
}

real World::deepest_penetration() const {
  real deepest = 0;
  sepax::contact::MeshScratch scratch;
  const auto deepest_of = [&](const sepax::contact::Manifold& m) {
    for (int k = 0; k < m.count; ++k) deepest = std::max(deepest, -m.points[k].separation);
  };
  for (std::size_t i = 0; i < bodies_.size(); ++i) {
    for (std::size_t j = i + 1; j < bodies_.size(); ++j) {
      const Body* a = &bodies_[i];
      const Body* b = &bodies_[j];
      if (a->is_static() && b->is_static()) continue;
      if (!first_is_a(*a, *b)) std::swap(a, b);
      sepax::contact::Manifold m[max_regions];
      const int regions = narrow_phase(*a, *b, real(0), nullptr, scratch, m);
      for (int r = 0; r < regions; ++r) deepest_of(m[r]);
    }
  }
  return deepest;
}

real lowest_z(const Body& body) {
  const sepax::Pose pose = body.pose();
  if (body.mesh || body.is_round()) return world_bounds(body).min.z;
  real low = pose.apply(body.hull->vertices()[0]).z;
  for (const vec3& v : body.hull->vertices()) low = std::min(low, pose.apply(v).z);
  return low;
}

namespace {

struct Point2 {
  real x = 0, y = 0;
};

real cross2(const Point2& o, const Point2& a, const Point2& b) {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

// Convex hull of points in the plane, counter-clockwise (Andrew's monotone
// chain).
std::vector<Point2> hull2(std::vector<Point2> p) {
  std::sort(p.begin(), p.end(), [](const Point2& a, const Point2& b) {
    return a.x < b.x || (a.x == b.x && a.y < b.y);
  });
  if (p.size() < 3) return p;
  std::vector<Point2> h(2 * p.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    while (k >= 2 && cross2(h[k - 2], h[k - 1], p[i]) <= 0) --k;
    h[k++] = p[i];
  }
  for (std::size_t i = p.size() - 1, lower = k + 1; i-- > 0;) {
    while (k >= lower && cross2(h[k - 2], h[k - 1], p[i]) <= 0) --k;
    h[k++] = p[i];
  }
  h.resize(k - 1);
  return h;
}

}  // namespace

// The view frames the dynamic bodies with a border; static bodies (the
// ground) are drawn grey and cut by the view.
bool write_svg(const char* path, const std::vector<Body>& bodies) {
  constexpr real border = real(0.5);  // length unit around the dynamic bodies
  constexpr real pixels_per_unit = real(120);
  std::vector<std::vector<Point2>> outlines;
  Point2 lo{real(1e30), real(1e30)}, hi{real(-1e30), real(-1e30)};
  real near_y = real(1e30), far_y = real(-1e30);  // the dynamic bodies' depth
  for (const Body& body : bodies) {
    const sepax::Pose pose = body.pose();
    std::vector<Point2> projected;
    if (body.mesh) {  // its triangles, drawn below
      outlines.emplace_back();
      continue;
    }
    // A hull's vertices; a round body's core ends with a ring of 24
    // points around each in the view's plane (its outline's hull).
    std::vector<vec3> points;
    if (body.hull) {
      points.assign(body.hull->vertices().begin(), body.hull->vertices().end());
    } else {
      for (const real end : {-body.half_length, body.half_length}) {
        const vec3 centre = pose.apply(vec3(real(0), real(0), end));
        for (int k = 0; k < 24; ++k) {
          const real angle = real(2 * 3.14159265358979323846) * real(k) / real(24);
          points.push_back(pose.apply_inverse(
              centre + body.round_radius * vec3(std::cos(angle), real(0), std::sin(angle))));
        }
      }
    }
    for (const vec3& v : points) {
      const vec3 w = pose.apply(v);
      projected.push_back({w.x, w.z});
      if (body.is_static()) continue;
      lo = {std::min(lo.x, w.x), std::min(lo.y, w.z)};
      hi = {std::max(hi.x, w.x), std::max(hi.y, w.z)};
      near_y = std::min(near_y, w.y);
      far_y = std::max(far_y, w.y);
    }
    outlines.push_back(hull2(std::move(projected)));
  }
  lo = {lo.x - border, lo.y - border};
  hi = {hi.x + border, hi.y + border};
  std::FILE* f = std::fopen(path, "w");
  if (f == nullptr) return false;
  const double width = double((hi.x - lo.x) * pixels_per_unit);
  const double height = double((hi.y - lo.y) * pixels_per_unit);
  std::fprintf(f,
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
               "viewBox=\"%.4f %.4f %.4f %.4f\">\n<rect x=\"%.4f\" y=\"%.4f\" width=\"100%%\" "
               "height=\"100%%\" fill=\"white\"/>\n",
               width, height, double(lo.x), double(-hi.y), double(hi.x - lo.x), double(hi.y - lo.y),
               double(lo.x), double(-hi.y));
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const int hue = static_cast<int>((i * 137) % 360);  // golden-angle hues
    if (bodies[i].mesh) {
      // Each triangle within the view and within the depth the dynamic
      // bodies span (the ground under them, not the hills behind),
      // projected; filled and outlined in one grey so that the ground
      // reads as one silhouette.
      const sepax::Pose pose = bodies[i].pose();
      std::fprintf(f, "<g fill=\"#bbbbbb\" stroke=\"#bbbbbb\" stroke-width=\"0.01\">\n");
      for (std::size_t t = 0; t < bodies[i].mesh->triangle_count(); ++t) {
        const sepax::convex::Triangle tri = bodies[i].mesh->triangle(sepax::index_t(t));
        Point2 p[3];
        bool inside = false;
        real y_min = real(1e30), y_max = real(-1e30);
        for (int k = 0; k < 3; ++k) {
          const vec3 w = pose.apply(tri.p[k]);
          p[k] = {w.x, w.z};
          inside = inside || (w.x >= lo.x && w.x <= hi.x && w.z <= hi.y && w.z >= lo.y);
          y_min = std::min(y_min, w.y);
          y_max = std::max(y_max, w.y);
        }
        if (!inside || y_max < near_y || y_min > far_y) continue;
        std::fprintf(f, "<polygon points=\"%.4f,%.4f %.4f,%.4f %.4f,%.4f\"/>\n", double(p[0].x),
                     double(-p[0].y), double(p[1].x), double(-p[1].y), double(p[2].x),
                     double(-p[2].y));
      }
      std::fprintf(f, "</g>\n");
      continue;
    }
    if (bodies[i].is_static()) {
      std::fprintf(f,
                   "<polygon fill=\"#bbbbbb\" stroke=\"#555555\" stroke-width=\"0.01\" points=\"");
    } else {
      std::fprintf(f,
                   "<polygon fill=\"hsl(%d,60%%,70%%)\" fill-opacity=\"0.8\" stroke=\"black\" "
                   "stroke-width=\"0.01\" points=\"",
                   hue);
    }
    for (const Point2& p : outlines[i]) std::fprintf(f, "%.4f,%.4f ", double(p.x), double(-p.y));
    std::fprintf(f, "\"/>\n");
  }
  std::fprintf(f, "</svg>\n");
  return std::fclose(f) == 0;
}

World stack_world(int boxes, const Settings& settings) {
  World world(settings);
  constexpr real ground_half_width = real(5);
  (void)world.add(make_box(vec3(ground_half_width, ground_half_width, stack_half),
                           vec3(real(0), real(0), -stack_half), real(0)));
  for (int i = 0; i < boxes; ++i) {
    const vec3 centre(real(0), real(0), stack_half * real(2 * i + 1));
    (void)world.add(make_box(vec3(stack_half), centre, real(1)));
  }
  return world;
}

namespace {

// splitmix64 (Steele, Lea & Flood 2014): the same numbers on every platform,
// unlike std's distributions.
struct Random {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  real uniform(real lo, real hi) { return lo + (hi - lo) * real(double(next() >> 11) * 0x1.0p-53); }
};

}  // namespace

// The pile: 6 to 16 points on ellipsoids of semi-axes 0.2 to 0.5 (length
// unit), dropped four to a layer, `spacing` apart (more than any hull is
// across), the lowest layer's centres at z = `first_layer`.
namespace {

constexpr real min_semi_axis = real(0.2);
constexpr real max_semi_axis = real(0.5);
constexpr int min_points = 6;
constexpr int max_points = 16;
constexpr real spacing = real(1.2);
constexpr real first_layer = real(1);
constexpr real pile_ground_half_width = real(10);

// A point of the unit ball's shell 1/2 < |x| < 1, by rejection (its
// direction is uniform).
vec3 random_in_shell(Random& random) {
  for (;;) {
    const vec3 d(random.uniform(real(-1), real(1)), random.uniform(real(-1), real(1)),
                 random.uniform(real(-1), real(1)));
    const real r2 = glm::dot(d, d);
    if (r2 <= real(1) && r2 >= real(0.25)) return d;
  }
}

// A uniformly random rotation: a point of the 4-ball, normalized.
quat random_rotation(Random& random) {
  for (;;) {
    const quat q(random.uniform(real(-1), real(1)), random.uniform(real(-1), real(1)),
                 random.uniform(real(-1), real(1)), random.uniform(real(-1), real(1)));
    const real r2 = glm::dot(q, q);
    if (r2 <= real(1) && r2 >= real(0.25)) return glm::normalize(q);
  }
}

// Where and what drop_pile drops.
struct Drop {
  vec3 centre{real(0), real(0), first_layer};  // the columns' centre; z: the lowest layer's
  int side = 2;                                // a layer holds side x side bodies
  bool mixed = false;  // of every six bodies three hulls, a box, a sphere, a capsule
  int points_lo = min_points, points_hi = max_points;  // a hull's random points
};

// Adds `count` random bodies to `world` (its ground already in it), in
// layers `spacing` apart.
void drop_pile(World& world, int count, std::uint64_t seed, const Drop& drop) {
  Random random{seed};
  const std::size_t first = world.bodies().size();
  while (world.bodies().size() < first + static_cast<std::size_t>(count)) {
    const vec3 axes(random.uniform(min_semi_axis, max_semi_axis),
                    random.uniform(min_semi_axis, max_semi_axis),
                    random.uniform(min_semi_axis, max_semi_axis));
    const int slot = static_cast<int>(world.bodies().size() - first);
    Body body;
    const real radius = real(0.7) * axes.x;  // 0.14 to 0.35
    if (drop.mixed && slot % 6 == 2) {
      body = make_box(real(0.8) * axes, vec3(real(0)), real(1));
    } else if (drop.mixed && slot % 6 == 4) {
      body = make_sphere(radius, vec3(real(0)), real(1));
    } else if (drop.mixed && slot % 6 == 5) {
      body = make_capsule(radius, axes.y, vec3(real(0)), real(1));
    } else {
      const int n =
          drop.points_lo +
          static_cast<int>(random.next() % std::uint64_t(drop.points_hi - drop.points_lo + 1));
      std::vector<vec3> points;
      for (int k = 0; k < n; ++k) points.push_back(axes * glm::normalize(random_in_shell(random)));
      if (!make_body(points, real(1), body)) continue;
    }
    const real middle = real(drop.side - 1) / real(2);
    const real x = real(slot % drop.side) - middle;
    const real y = real((slot / drop.side) % drop.side) - middle;
    const real layer = real(slot / (drop.side * drop.side));
    body.position = drop.centre + spacing * vec3(x, y, layer);
    body.orientation = random_rotation(random);
    (void)world.add(std::move(body));
  }
}

// The terrain's waves: amplitude (length unit), wave number (radians per
// length unit); each wave's slope is at most their product, 0.08 to 0.09,
// and the bowl's 2 * bowl * r, 0.1 at r = 4.
constexpr real wave_amplitude[3] = {real(0.08), real(0.05), real(0.03)};
constexpr real wave_number[3] = {real(1.0), real(1.7), real(2.9)};
constexpr real bowl = real(0.012);
constexpr real terrain_size = real(16);
constexpr int terrain_cells = 32;

}  // namespace

World pile_world(int count, std::uint64_t seed, const Settings& settings) {
  World world(settings);
  (void)world.add(make_box(vec3(pile_ground_half_width, pile_ground_half_width, real(0.5)),
                           vec3(real(0), real(0), real(-0.5)), real(0)));
  drop_pile(world, count, seed, Drop{});
  return world;
}

real terrain_height(real x, real y, std::uint64_t seed) {
  Random random{seed ^ 0x7465727261696eull};  // the waves' own stream
  real z = bowl * (x * x + y * y);
  for (int k = 0; k < 3; ++k) {
    const real angle = random.uniform(real(0), real(2 * 3.14159265358979323846));
    const real phase = random.uniform(real(0), real(2 * 3.14159265358979323846));
    const real along = std::cos(angle) * x + std::sin(angle) * y;
    z += wave_amplitude[k] * std::sin(wave_number[k] * along + phase);
  }
  return z;
}

sepax::TriangleMesh terrain_mesh(real size, int cells, std::uint64_t seed) {
  const int n = cells + 1;
  std::vector<vec3> vertices;
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < n; ++i) {
      const real x = size * (real(i) / real(cells) - real(0.5));
      const real y = size * (real(j) / real(cells) - real(0.5));
      vertices.emplace_back(x, y, terrain_height(x, y, seed));
    }
  }
  Random random{seed};
  std::vector<std::array<sepax::index_t, 3>> triangles;
  for (int j = 0; j < cells; ++j) {
    for (int i = 0; i < cells; ++i) {
      const auto v = [&](int di, int dj) { return sepax::index_t((j + dj) * n + i + di); };
      if (random.next() & 1) {  // the diagonal from (i, j) to (i + 1, j + 1)
        triangles.push_back({v(0, 0), v(1, 0), v(1, 1)});
        triangles.push_back({v(0, 0), v(1, 1), v(0, 1)});
      } else {  // from (i + 1, j) to (i, j + 1)
        triangles.push_back({v(0, 0), v(1, 0), v(0, 1)});
        triangles.push_back({v(1, 0), v(1, 1), v(0, 1)});
      }
    }
  }
  sepax::MeshResult built = sepax::TriangleMesh::from_triangles(
      std::span<const vec3>(vertices), std::span<const std::array<sepax::index_t, 3>>(triangles));
  return std::move(built.mesh);
}

World terrain_world(int count, std::uint64_t seed, const Settings& settings) {
  World world(settings);
  (void)world.add(make_mesh_body(
      std::make_shared<const sepax::TriangleMesh>(terrain_mesh(terrain_size, terrain_cells, seed)),
      vec3(real(0))));
  Drop drop;
  drop.centre.z += real(0.5);
  drop.mixed = true;
  drop_pile(world, count, seed, drop);
  return world;
}

World scene_world(int count, std::uint64_t seed, const Settings& settings) {
  World world(settings);
  constexpr real half = real(5.5);  // each ground's half width
  (void)world.add(make_box(vec3(half, half, real(0.5)), vec3(-half, real(0), real(-0.5)), real(0)));
  (void)world.add(
      make_mesh_body(std::make_shared<const sepax::TriangleMesh>(terrain_mesh(2 * half, 22, seed)),
                     vec3(half + real(0.5), real(0), real(0))));
  Drop drop;
  drop.side = 3;
  drop.mixed = true;
  drop.points_lo = 8;
  drop.points_hi = 128;
  drop.centre = vec3(-half, real(0), first_layer);
  drop_pile(world, count / 2, seed, drop);
  drop.centre = vec3(half + real(0.5), real(0), first_layer + real(0.5));
  drop_pile(world, count - count / 2, seed + 1, drop);
  return world;
}

}  // namespace examples
