// Stress cases and checks (see checks.hpp).
//
// Scale and offset. A Pose is rigid, so a pair cannot be scaled through its
// poses: the hulls themselves are rebuilt (Hull::from_points, as a user with
// data at that scale would build them) from their vertices times the scale,
// rounded to `real`, and the pose translations are scaled by the same factor
// (world = s * (R v + t)). In double this is the generated pair scaled, to
// round-off; in float the rounding of the scaled vertices moves them by up to
// half an ulp, and Qhull may merge nearly coplanar facets differently, so a
// category's intent (e.g. near_touching's 1e-7 gap) may blur. That does not
// weaken any check: the reference is built from the hulls and poses the
// library is given, after scaling and rounding.
//
// The common offset moves both poses; only the relative pose matters to the
// geometry, but the library and the reference both see world coordinates. In
// float, rounding a translation of length L moves a hull by up to eps * L,
// and at 1e5 that is 0.008: more than a 1e-3 pair's size. So the offset is
// capped at offset_rounding * size / eps (float: 840 sizes; double: never
// below 1e5 in the scale range), which keeps every check meaningful.
//
// Categories with their own scale or offset keep it: tiny_scale (1e-3) and
// huge_scale (1e4) get no extra scale, far_from_origin (1e4 to 1e5 away) no
// extra scale and no extra offset.
//
// Bounds: those of the unit tests (test_sat.cpp, test_gjk.cpp, test_epa.cpp,
// test_cache.cpp, test_crosscheck.cpp), plus the library's documented
// touching bands (tol::touching in types.hpp for SAT, tol::gjk_touch in
// gjk.hpp for GJK/EPA) on the positive side of the decision band.
#include "checks.hpp"

#include "sepax/crosscheck.hpp"
#include "sepax/gjk.hpp"
#include "situation.hpp"
#include "test_util.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <sstream>

namespace sepax::stress {
namespace {

using glm::dvec3;
using pairs::Category;

constexpr bool is_double = test::is_double;
constexpr double eps = double(tol::eps);

// --- case generation --------------------------------------------------------

/// Extra scale of the whole pair, log-uniform (issue #7).
constexpr double min_scale = 1e-3;
constexpr double max_scale = 1e4;
/// Largest common offset of the pair (issue #7).
constexpr double max_offset = 1e5;
/// Relative to the pair's size: rounding the offset pose to `real` may move
/// a hull by at most this much (caps the offset in float).
constexpr double offset_rounding = 1e-4;
/// Share of cases with no offset; the others get a length log-uniform in
/// [1, cap].
constexpr double no_offset_share = 0.25;

/// Positions of B checked per large_hulls pair: its own and this many minus
/// one random translations (test_util.hpp's shifted(): 1e-9 to 0.3 of the
/// size), which the reference answers without a rebuild.
constexpr int large_positions = 10;

/// Extra positions of B checked per pair in the engine's situation: B moved
/// along the reference's axis to a separation of +-size * 10^u, u uniform in
/// [engine_near_lo, engine_near_hi], alternately apart and overlapping: the
/// pairs near touching where a verdict band too wide shows (one reference,
/// queried at each shift).
constexpr int engine_positions = 6;
constexpr double engine_near_lo = -7;
constexpr double engine_near_hi = -2;

/// Seed of the case's own random streams (kind 0: scale and offset, 1: cache
/// priming, 2: positions), apart from make_pair's.
std::uint64_t case_stream(const CaseId& id, std::uint64_t kind) {
  return id.seed * 0xd1342543de82ef95ull + std::uint64_t(id.category) * 0x100 + kind + 0x5712e55;
}

bool gets_scale(Category c) {
  return c != Category::tiny_scale && c != Category::huge_scale && c != Category::far_from_origin;
}

bool gets_offset(Category c) {
  return c != Category::far_from_origin;
}

// --- bounds -----------------------------------------------------------------

/// SAT (test_sat.cpp): relative accuracy of depth and separation (of the
/// size), plus round-off of 64 eps of the coordinates' magnitude.
constexpr double sat_rel = is_double ? 1e-9 : 3e-5;
constexpr double sat_mag_rel = 64 * eps;
/// SAT axis (test_sat.cpp): radians, checked where the reference's
/// second-best direction is worse by more than max(1e-6 size, 4 tolerance).
constexpr double sat_angle = is_double ? 1e-6 : 1e-2;
constexpr double sat_unique_gap = 1e-6;
/// GJK and EPA decision band (test_gjk.cpp, test_epa.cpp), of the size.
constexpr double gjk_band = is_double ? 1e-9 : 1e-5;
/// GJK distance (test_gjk.cpp): relative error plus 16 eps of the magnitude.
constexpr double distance_rel = is_double ? 1e-9 : 1e-4;
constexpr double distance_floor = 16 * eps;
/// EPA depth (test_epa.cpp): relative error plus 64 eps of the magnitude.
constexpr double depth_rel = is_double ? 1e-6 : 1e-3;
constexpr double depth_floor = 64 * eps;
/// EPA axis (test_epa.cpp): radians, where the MTV is unique by unique_gap
/// of the size.
constexpr double epa_angle = is_double ? 1e-6 : 1e-2;
constexpr double epa_unique_gap = is_double ? 1e-7 : 1e-3;
/// EPA witnesses (test_epa.cpp), of the magnitude.
constexpr double witness_rel = 64 * eps;
/// Unit axes (test_gjk.cpp, test_epa.cpp check_sane): |length - 1|.
constexpr double unit_slack = 100 * eps;

/// A decision band: the reference separation below -below must be called
/// intersecting, above `above` separated; in between either verdict is right.
struct Band {
  double below;
  double above;
};

/// The engine's situation (CaseId::engine) has the goals of situation.hpp
/// (engine_decide, engine_value), and here one more: every overlap is
/// called intersecting however shallow, to `engine_overlap` of the size,
/// the round-off of the reference's and the library's arithmetic.
using pairs::engine_decide;
using pairs::engine_value;
constexpr double engine_overlap = 8 * eps;

/// The bounds of one pair, absolute (length unit).
struct Bounds {
  bool engine = false;  ///< the engine's goals, not the world bounds
  double size = 0;
  /// Largest absolute pose coordinate plus the size (test_util magnitude).
  double magnitude = 0;
  /// SAT's tolerance (test_sat.cpp): sat_rel * size + 64 eps * (size +
  /// |t_a| + |t_b|); engine_value of the size in the engine's situation.
  double sat_tol = 0;
  /// SAT's touching band (sat.hpp, types.hpp): tol::touching * (both
  /// hulls' magnitude + distance between their frames).
  double sat_touch = 0;
  /// GJK/EPA band (tests) and GJK's touching band (gjk.hpp: tol::gjk_touch
  /// of the support points' magnitude in A's frame, taken as the pair
  /// magnitude above).
  double gjk_band = 0;
  double gjk_touch = 0;
  /// Where either verdict is right, for SAT's and for GJK/EPA's decisions.
  Band sat_decide{0, 0};
  Band gjk_decide{0, 0};
  /// How much A against B and B against A may differ beyond sat_tol: an
  /// edge-pair axis of edges sin(a) from parallel is known to eps / sin(a)
  /// rad, which moves a separation by that times its lever (README,
  /// Guarantees): 4 eps (the pair's extents plus the distance between the
  /// frames) / the smallest sine of the pair's non-parallel edge pairs.
  double mirror_extra = 0;

  [[nodiscard]] double distance(double d) const {
    return engine ? engine_value * size : distance_rel * d + distance_floor * magnitude;
  }
  [[nodiscard]] double depth(double d) const {
    return engine ? engine_value * size : depth_rel * d + depth_floor * magnitude;
  }
};

Bounds bounds_for(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b,
                  const ref::Answer& r, bool engine, double edge_sine) {
  Bounds lim;
  const dvec3 ta(pose_a.translation), tb(pose_b.translation);
  const dvec3 largest = glm::max(glm::abs(ta), glm::abs(tb));
  lim.engine = engine;
  lim.size = r.size;
  lim.magnitude = std::max(largest.x, std::max(largest.y, largest.z)) + r.size;
  lim.sat_tol = sat_rel * r.size + sat_mag_rel * (r.size + glm::length(ta) + glm::length(tb));
  const double pair_magnitude =
      double(a.magnitude()) + double(b.magnitude()) + glm::length(tb - ta);
  lim.sat_touch = double(tol::touching) * pair_magnitude;
  lim.gjk_band = gjk_band * r.size;
  lim.gjk_touch = double(tol::gjk_touch) * pair_magnitude;
  const double lever = double(a.extent()) + double(b.extent()) + glm::length(tb - ta);
  lim.mirror_extra = 4 * eps * lever / edge_sine;
  lim.sat_decide = {lim.sat_tol, lim.sat_tol + lim.sat_touch};
  lim.gjk_decide = {lim.gjk_band, lim.gjk_band + lim.gjk_touch};
  if (engine) {
    lim.sat_tol = lim.gjk_band = engine_value * r.size;
    lim.sat_decide = lim.gjk_decide = {engine_overlap * r.size, engine_decide * r.size};
  }
  return lim;
}

Band sat_band(const Bounds& b) {
  return b.sat_decide;
}

/// SAT's decision band for a pair whose uncached query gave `q`. SAT's
/// separation of an apart pair is only a lower bound of the distance (a
/// corner against a corner has no face or edge-pair axis along the gap), so
/// a pair whose SAT separation lies in (0, touching band] may be apart by
/// more than the engine's decision goal and still be called touching: SAT
/// alone cannot tell, and the verdict (crosscheck, Metric::verdict) decides
/// with GJK's exact distance. Such pairs are not SAT decision failures.
Band sat_band_for(const Bounds& b, const sat::Result& q) {
  Band band = b.sat_decide;
  if (b.engine && q.separation > 0 && double(q.separation) <= b.sat_touch)
    band.above = std::numeric_limits<double>::infinity();
  return band;
}

Band gjk_band_of(const Bounds& b) {
  return b.gjk_decide;
}

bool inside(const Band& band, double separation) {
  return separation >= -band.below && separation <= band.above;
}

/// The band edge on the reference's side (the bound of a decision check).
double edge(const Band& band, double separation) {
  return separation < 0 ? band.below : band.above;
}

double angle(const dvec3& u, const dvec3& v) {
  return std::atan2(glm::length(glm::cross(u, v)), glm::dot(u, v));
}

bool finite(double x) {
  return std::isfinite(x);
}

bool unit(const vec3& v) {
  return test::finite(v) && std::abs(glm::length(dvec3(v)) - 1) <= unit_slack;
}

std::string text(const char* what, double got, double want) {
  std::ostringstream s;
  s.precision(17);
  s << what << " " << got << " reference " << want;
  return s.str();
}

bool same(const sat::Result& x, const sat::Result& y) {
  return x.intersecting == y.intersecting && x.separation == y.separation && x.axis == y.axis &&
         x.feature == y.feature;
}

/// The brute-force reference of a pair, built in A's local frame: A's
/// vertices as stored, B's through the relative pose inverse(pose_a) *
/// pose_b (types.hpp) evaluated in double. Distances do not depend on the
/// frame, and this one keeps the digits of a pair far from the origin: world
/// coordinates near 1e5 carry ~1e-11 of round-off in double, more than the
/// bands of a pair of size 1e-3 (stress.md, "The reference"). Answers come
/// back in the world frame.
struct Reference {
  ref::Difference d;
  glm::dmat3 rotation_a{1.0};  ///< A's rotation: A's frame to the world
  double size = 0;             ///< the pair's size measured in the world, as the tests do

  /// The answer with B translated by `world_shift`; axis in the world frame.
  [[nodiscard]] ref::Answer query(const dvec3& world_shift) const {
    ref::Answer r = d.query(glm::transpose(rotation_a) * world_shift);
    r.axis = rotation_a * r.axis;
    r.size = size;
    return r;
  }
};

double diagonal(const std::vector<dvec3>& points) {
  dvec3 lo(points.front()), hi(points.front());
  for (const dvec3& q : points) lo = glm::min(lo, q), hi = glm::max(hi, q);
  return glm::length(hi - lo);
}

Reference reference_of(const pairs::Pair& p) {
  Reference r;
  r.rotation_a = glm::dmat3(p.pose_a.rotation);
  const glm::dmat3 back = glm::transpose(r.rotation_a), rotation_b(p.pose_b.rotation);
  const dvec3 delta = dvec3(p.pose_b.translation) - dvec3(p.pose_a.translation);
  std::vector<dvec3> a, b;
  for (const vec3& v : p.a.vertices()) a.push_back(dvec3(v));
  for (const vec3& v : p.b.vertices()) b.push_back(back * (rotation_b * dvec3(v) + delta));
  r.d = ref::Difference::build(a, b);
  r.size = std::max(diagonal(ref::world_points(p.a, p.pose_a)),
                    diagonal(ref::world_points(p.b, p.pose_b)));
  return r;
}

/// Everything a check needs: the pair at one position of B, the reference
/// there, and the bounds.
struct Context {
  CaseId id;
  const Hull& a;
  const Hull& b;
  const Pose& pose_a;
  Pose pose_b;
  dvec3 shift;  ///< B's translation from the case's pose (world frame), as applied
  const Reference& reference;
  ref::Answer r;
  Bounds lim;
  Stats& s;
  Scratch& scratch;
  CategoryTally& tally;
  /// EPA's polytope, sized as epa.hpp advises: epa::workspace_vertices(a, b).
  epa::Workspace& workspace;
};

/// Checks a verdict against the reference outside `band`.
void decide(Context& x, Metric m, bool intersecting, const Band& band, const char* what,
            double got) {
  if (inside(band, x.r.separation)) return;
  const bool ok = intersecting == x.r.intersecting;
  x.tally.wrong_decisions += !ok;
  x.s.check(m, ok, std::abs(x.r.separation), edge(band, x.r.separation), x.id,
            text(what, got, x.r.separation));
}

// --- SAT --------------------------------------------------------------------

/// Depth (overlapping) or separation bound (apart) of one SAT answer.
void sat_values(Context& x, Metric depth, Metric distance, const sat::Result& q) {
  const double got = double(q.separation);
  if (inside(sat_band(x.lim), x.r.separation) || q.intersecting != x.r.intersecting) return;
  if (x.r.intersecting) {
    x.tally.sat_depth = std::max(x.tally.sat_depth, std::abs(got - x.r.separation) / x.r.size);
    x.s.check(depth, std::abs(got - x.r.separation) <= x.lim.sat_tol,
              std::abs(got - x.r.separation), x.lim.sat_tol, x.id,
              text("depth", got, x.r.separation));
  } else {
    const double excess = got - x.r.distance;
    x.tally.sat_excess = std::max(x.tally.sat_excess, excess / x.r.size);
    x.s.check(distance, got > 0 && excess <= x.lim.sat_tol, excess, x.lim.sat_tol, x.id,
              text("separation", got, x.r.distance));
  }
}

void check_sat(Context& x, const sat::Result& q, const sat::Result& m) {
  const Band band = sat_band_for(x.lim, q);
  decide(x, Metric::sat_decision, q.intersecting, band, "sat separation", double(q.separation));
  decide(x, Metric::sat_decision, m.intersecting, band, "mirrored separation",
         double(m.separation));
  sat_values(x, Metric::sat_depth, Metric::sat_distance, q);
  // Overlapping, both orders give the exact depth; apart, each a lower bound
  // of the distance (sat.hpp), which may differ where an edge pair's axis is
  // ill-conditioned (README, Guarantees): the mirrored one is then checked
  // as a bound.
  if (x.r.intersecting || inside(band, x.r.separation)) {
    const double mirror = std::abs(double(q.separation) - double(m.separation));
    const double bound = x.lim.sat_tol + x.lim.mirror_extra;
    x.s.check(Metric::sat_mirror, mirror <= bound, mirror, bound, x.id,
              text("mirrored", double(m.separation), double(q.separation)));
  } else if (!m.intersecting) {
    const double excess = double(m.separation) - x.r.distance;
    x.s.check(Metric::sat_distance, m.separation > 0 && excess <= x.lim.sat_tol, excess,
              x.lim.sat_tol, x.id, text("mirrored separation", double(m.separation), x.r.distance));
  }
  const bool overlapping = !inside(band, x.r.separation) && x.r.intersecting;
  if (overlapping && !x.r.flat &&
      x.r.axis_gap > std::max(sat_unique_gap * x.r.size, 4 * x.lim.sat_tol)) {
    const double a = std::max(angle(dvec3(q.axis), x.r.axis), angle(-dvec3(m.axis), x.r.axis));
    x.s.check(Metric::sat_axis, a <= sat_angle, a, sat_angle, x.id,
              text("axis angle", a, x.r.axis_gap));
  }
  if (x.r.separation > x.lim.sat_tol && x.r.separation <= band.above && q.intersecting) {
    ++x.tally.touching_band_sat;
    x.s.check(Metric::sat_touching_band, true, x.r.separation, band.above, x.id,
              text("sat separation", double(q.separation), x.r.separation));
  }

  const bool hit = sat::intersect(x.a, x.pose_a, x.b, x.pose_b);
  decide(x, Metric::intersect_decision, hit, band, "sat::intersect", hit);

  if (!(x.a.is_box() && x.b.is_box())) return;
  ++x.tally.boxes;
  decide(x, Metric::box_decision, q.intersecting, band, "box separation", double(q.separation));
  sat_values(x, Metric::box_depth, Metric::box_distance, q);
  const sat::Result g = sat::query_general(x.a, x.pose_a, x.b, x.pose_b);
  const double gs = double(g.separation), qs = double(q.separation);
  if (gs < -x.lim.sat_tol)
    x.s.check(Metric::box_general, std::abs(qs - gs) <= x.lim.sat_tol, std::abs(qs - gs),
              x.lim.sat_tol, x.id, text("box path", qs, gs));
  else if (gs > x.lim.sat_tol)
    x.s.check(Metric::box_general, qs > 0, qs, 0, x.id, text("box path", qs, gs));
}

/// B's pose moved by a small random translation (1e-4 to 0.1 of the size),
/// for priming caches: a pair in coherent motion.
Pose nudged(const Context& x) {
  pairs::Rng rng(case_stream(x.id, 1));
  const dvec3 step = rng.unit() * (x.r.size * std::pow(10.0, rng.uniform(-4, -1)));
  Pose pose = x.pose_b;
  pose.translation = test::to_real(dvec3(pose.translation) + step);
  return pose;
}

/// A cached answer: identical to the uncached one on a miss, the uncached
/// one to the tolerance from a resting state, a valid lower bound of the
/// distance on a hit of the separating axis (one axis, two supports).
/// Returns whether the resting state answered.
bool cached_value(Context& x, Metric equal, Metric bound, Metric resting, const sat::Result& got,
                  const sat::Result& want) {
  if (!got.counters.cache_hit) {
    x.s.check(equal, same(got, want), std::abs(double(got.separation - want.separation)), 0, x.id,
              text("cached", double(got.separation), double(want.separation)));
    return false;
  }
  // The separated axis answers with one axis and two supports, and a
  // positive separation; a resting state (overlapping, within the touching
  // band at most) may list one axis too, when its cap holds a single face.
  const bool axis_hit =
      got.counters.axes_tested == 1 && got.counters.support_calls == 2 && got.separation > 0;
  if (!axis_hit) {
    const double error = std::abs(double(got.separation - want.separation));
    // Its decision is checked against the reference (decide); within the
    // tolerance of the band's edge it may differ from the uncached one's.
    x.s.check(resting, error <= x.lim.sat_tol, error, x.lim.sat_tol, x.id,
              text("resting state separation", double(got.separation), double(want.separation)));
    return true;
  }
  const double excess = double(got.separation) - x.r.distance;
  x.s.check(bound, got.separation > 0 && excess <= x.lim.sat_tol, excess, x.lim.sat_tol, x.id,
            text("cache hit separation", double(got.separation), x.r.distance));
  return false;
}

void check_caches(Context& x, const sat::Result& q, const sat::Result& m) {
  const Band band = sat_band_for(x.lim, q);
  const Pose before = nudged(x);

  // Primed twice at the nudged pose: an overlapping pair decided by the
  // same feature twice builds its resting state, which then answers.
  sat::Cache cache{};
  sat::Resting state;
  (void)sat::query(x.a, x.pose_a, x.b, before, &cache, &state);
  (void)sat::query(x.a, x.pose_a, x.b, before, &cache, &state);
  const sat::Result got = sat::query(x.a, x.pose_a, x.b, x.pose_b, &cache, &state);
  decide(x, Metric::cache_decision, got.intersecting, band, "cached separation",
         double(got.separation));
  const bool resting =
      cached_value(x, Metric::cache_equal, Metric::cache_hit_bound, Metric::cache_resting, got, q);
  x.tally.resting_hits += resting;
  x.tally.cache_hits += got.counters.cache_hit && !resting;
  const bool hit = sat::intersect(x.a, x.pose_a, x.b, x.pose_b, &cache, &state);
  decide(x, Metric::cache_decision, hit, band, "cached sat::intersect", hit);

  // Ids in reverse order: PairCache runs B against A and mirrors back.
  const std::uint64_t id_a = 2 * x.id.index + 1, id_b = 2 * x.id.index;
  sat::PairCache& pc = x.scratch.pair_cache;
  (void)pc.query(id_a, x.a, x.pose_a, id_b, x.b, before);
  (void)pc.query(id_a, x.a, x.pose_a, id_b, x.b, before);
  const sat::Result pair = pc.query(id_a, x.a, x.pose_a, id_b, x.b, x.pose_b);
  decide(x, Metric::pair_cache_decision, pair.intersecting, band, "PairCache separation",
         double(pair.separation));
  cached_value(x, Metric::pair_cache_equal, Metric::pair_cache_hit_bound,
               Metric::pair_cache_resting, pair, sat::mirrored(m));
  const bool pair_hit = pc.intersect(id_a, x.a, x.pose_a, id_b, x.b, x.pose_b);
  decide(x, Metric::pair_cache_decision, pair_hit, band, "PairCache intersect", pair_hit);
  pc.erase(id_a, id_b);
}

// --- GJK and EPA ------------------------------------------------------------

void check_gjk(Context& x) {
  const Band band = gjk_band_of(x.lim);
  const gjk::Result g = gjk::distance(x.a, x.pose_a, x.b, x.pose_b);
  const bool sane = finite(double(g.distance)) && g.distance >= 0 && unit(g.axis) &&
                    test::finite(g.point_a) && test::finite(g.point_b);
  x.s.check(Metric::sane, sane, 0, 0, x.id, text("gjk distance", double(g.distance), 0));
  decide(x, Metric::gjk_decision, g.intersecting, band, "gjk distance", double(g.distance));
  if (x.r.separation > x.lim.gjk_band && x.r.separation <= band.above && g.intersecting) {
    ++x.tally.touching_band_gjk;
    x.s.check(Metric::gjk_touching_band, true, x.r.separation, band.above, x.id,
              text("gjk distance", double(g.distance), x.r.separation));
  }
  if (!inside(band, x.r.separation) && !x.r.intersecting && !g.intersecting) {
    // Converged: exact to the bound. Otherwise (gjk.hpp) the best answer
    // found, an upper bound of the distance: never below it by more.
    const bool converged = g.status == gjk::Status::converged;
    const double err =
        converged ? std::abs(double(g.distance) - x.r.distance) : x.r.distance - double(g.distance);
    const double bound = x.lim.distance(x.r.distance);
    if (converged) x.tally.gjk_distance = std::max(x.tally.gjk_distance, err / x.r.size);
    x.tally.gjk_not_converged += !converged;
    x.s.check(
        Metric::gjk_distance, err <= bound, err, bound, x.id,
        text("distance", double(g.distance), x.r.distance) + " status " + gjk::to_string(g.status));
  }
  const bool hit = gjk::intersect(x.a, x.pose_a, x.b, x.pose_b);
  decide(x, Metric::gjk_intersect, hit, band, "gjk::intersect", hit);
}

/// Depth checks of an overlapping EPA answer: exact when EPA converged, an
/// upper bound otherwise (epa.hpp); its axis must separate either way.
void epa_depth(Context& x, const epa::Result& e) {
  const double depth = -double(e.separation);
  const double bound = x.lim.depth(x.r.depth);
  const std::string status = std::string(" status ") + epa::to_string(e.epa_status);
  const bool converged = e.epa_status == epa::Status::converged;
  if (converged) {
    const double err = std::abs(depth - x.r.depth);
    x.tally.epa_depth = std::max(x.tally.epa_depth, err / x.r.size);
    x.s.check(Metric::epa_depth, err <= bound, err, bound, x.id,
              text("depth", depth, x.r.depth) + status);
  } else {
    ++x.tally.epa_not_converged;
    const double below = x.r.depth - depth;
    x.s.check(Metric::epa_upper_bound, below <= bound, below, bound, x.id,
              text("depth", depth, x.r.depth) + status);
  }
  // B moved by the depth (plus twice the band) along the axis must be free.
  const ref::Answer moved =
      x.reference.query(x.shift + dvec3(e.axis) * (depth + 2 * x.lim.gjk_band));
  const double left = moved.intersecting ? -moved.separation : 0;
  x.s.check(Metric::epa_mtv, left <= x.lim.gjk_band, left, x.lim.gjk_band, x.id,
            text("depth left after the MTV", left, 0) + status);
  if (converged && !x.r.flat && x.r.axis_gap > epa_unique_gap * x.r.size) {
    const double a = angle(dvec3(e.axis), x.r.axis);
    x.s.check(Metric::epa_axis, a <= epa_angle, a, epa_angle, x.id,
              text("axis angle", a, x.r.axis_gap) + status);
  }
}

void check_epa(Context& x) {
  const Band band = gjk_band_of(x.lim);
  const epa::Result e = epa::query(x.a, x.pose_a, x.b, x.pose_b, nullptr, &x.workspace);
  const bool sane = finite(double(e.separation)) && unit(e.axis) && test::finite(e.point_a) &&
                    test::finite(e.point_b);
  x.s.check(Metric::sane, sane, 0, 0, x.id, text("epa separation", double(e.separation), 0));
  decide(x, Metric::epa_decision, e.intersecting, band, "epa separation", double(e.separation));
  const bool converged =
      e.epa_status == epa::Status::converged || e.epa_status == epa::Status::separated;
  if (converged && !inside(band, x.r.separation)) {
    const double w =
        glm::length(dvec3(e.point_b) - dvec3(e.point_a) - double(e.separation) * dvec3(e.axis));
    const double bound = witness_rel * x.lim.magnitude +
                         test::conditioning_slack(x.id.category, x.a, x.pose_a, x.b, x.pose_b);
    x.s.check(Metric::epa_witness, w <= bound, w, bound, x.id, text("witness gap", w, 0));
  }
  if (!inside(band, x.r.separation) && x.r.intersecting && e.intersecting) epa_depth(x, e);
}

void check_crosscheck(Context& x) {
  const CrossCheck c = crosscheck(x.a, x.pose_a, x.b, x.pose_b, &x.workspace);
  std::ostringstream s;
  s.precision(17);
  s << c.reason << ": sat " << c.sat.separation << " gjk " << c.epa.separation << " epa "
    << epa::to_string(c.epa.epa_status) << " angle " << c.axis_angle << " gap along gjk axis "
    << c.sat_gap_along_epa_axis << " tolerance " << c.value_tolerance;
  x.s.check(Metric::crosscheck_agree, c.agree, c.agree ? 0 : 1, 0, x.id, s.str());
  // The verdict, with SAT's decision band (the engine's goals there): apart
  // pairs SAT alone calls touching (sat_band_for) must come out separated.
  const bool intersecting = c.verdict != CrossCheck::Verdict::separated;
  decide(x, Metric::verdict_decision, intersecting, sat_band(x.lim), "verdict (sat separation)",
         double(c.sat.separation));
}

void tally_outcome(Context& x) {
  if (inside(sat_band(x.lim), x.r.separation))
    ++x.tally.in_band;
  else
    ++(x.r.intersecting ? x.tally.intersecting : x.tally.separated);
}

/// Every check of one position of B against the reference there.
void check_position(const CaseId& id, const pairs::Pair& p, const test::Shifted& moved,
                    const Reference& reference, double edge_sine, Stats& stats, Scratch& scratch,
                    epa::Workspace& workspace) {
  CategoryTally& tally = stats.tally_of(id);
  ++tally.positions;
  const ref::Answer r = reference.query(moved.shift);
  if (!r.ok) {
    ++tally.reference_failed;
    auto& list = stats.reference_failures;
    list.push_back(id);
    std::sort(list.begin(), list.end(), [](auto& u, auto& v) { return u.index < v.index; });
    if (list.size() > max_failures_kept) list.pop_back();
    if (stats.verbose) std::printf("reference failed: %s\n", r.message.c_str());
    return;
  }
  const Bounds lim = bounds_for(p.a, p.pose_a, p.b, moved.pose_b, r, id.engine, edge_sine);
  Context x{id, p.a, p.b,   p.pose_a, moved.pose_b, moved.shift, reference,
            r,  lim, stats, scratch,  tally,        workspace};
  if (stats.verbose)
    std::printf("%s: reference separation %.17g (size %.6g, axis gap %.3g%s)\n",
                describe(id).c_str(), r.separation, r.size, r.axis_gap, r.flat ? ", flat D" : "");
  tally_outcome(x);
  const sat::Result q = sat::query(x.a, x.pose_a, x.b, x.pose_b);
  const sat::Result m = sat::query(x.b, x.pose_b, x.a, x.pose_a);
  const bool sane =
      finite(double(q.separation)) && finite(double(m.separation)) && unit(q.axis) && unit(m.axis);
  stats.check(Metric::sane, sane, 0, 0, id, text("sat separation", double(q.separation), 0));
  check_sat(x, q, m);
  check_caches(x, q, m);
  check_gjk(x);
  check_epa(x);
  check_crosscheck(x);
}

}  // namespace

std::string describe(const CaseId& id) {
  char line[160];
  std::snprintf(line, sizeof line, "%s/%llu scale %.3g offset %.3g", pairs::to_string(id.category),
                static_cast<unsigned long long>(id.seed), id.scale, id.offset);
  std::string s = line;
  if (id.engine) s += " engine";
  if (id.position != 0) s += " position " + std::to_string(id.position);
  return s;
}

Case make_case(Category category, std::uint64_t seed, std::uint64_t index, bool engine) {
  Case c;
  c.id.category = category;
  c.id.seed = seed;
  c.id.index = index;
  c.id.engine = engine;
  c.pair = pairs::make_pair(category, seed);
  if (engine) {
    c.id.scale = pairs::to_engine_situation(c.pair);
    c.ok = c.id.scale > 0;
    return c;
  }
  // Own stream, so that the pair itself is exactly make_pair's.
  pairs::Rng rng(case_stream(c.id, 0));
  const double scale = std::pow(10.0, rng.uniform(std::log10(min_scale), std::log10(max_scale)));
  const bool offset_drawn = rng.uniform(0, 1) >= no_offset_share;
  const dvec3 direction = rng.unit();
  const double fraction = rng.uniform(0, 1);
  if (gets_scale(category)) {
    c.id.scale = scale;
    c.ok = pairs::rescale(c.pair.a, scale) && pairs::rescale(c.pair.b, scale);
    for (Pose* pose : {&c.pair.pose_a, &c.pair.pose_b})
      pose->translation = test::to_real(dvec3(pose->translation) * scale);
  }
  const double size = std::max(double(c.pair.a.extent()), double(c.pair.b.extent()));
  const double cap = std::min(max_offset, offset_rounding * size / eps);
  if (gets_offset(category) && offset_drawn && cap > 1) {
    c.id.offset = std::pow(cap, fraction);
    for (Pose* pose : {&c.pair.pose_a, &c.pair.pose_b})
      pose->translation = test::to_real(dvec3(pose->translation) + direction * c.id.offset);
  }
  return c;
}

void check_case(const Case& c, Stats& stats, Scratch& scratch) {
  const auto start = std::chrono::steady_clock::now();
  CategoryTally& tally = stats.tally_of(c.id);
  tally.min_scale = tally.cases == 0 ? c.id.scale : std::min(tally.min_scale, c.id.scale);
  tally.max_scale = std::max(tally.max_scale, c.id.scale);
  tally.max_offset = std::max(tally.max_offset, c.id.offset);
  ++tally.cases;
  const pairs::Pair& p = c.pair;
  if (!c.ok) {
    ++tally.rebuild_failed;
  } else {
    const Reference reference = reference_of(p);
    // EPA's room as epa.hpp advises; large hulls get their own workspace.
    const int room = epa::workspace_vertices(p.a, p.b);
    std::unique_ptr<epa::Workspace> own;
    if (room != scratch.workspace.vertex_capacity()) own = std::make_unique<epa::Workspace>(room);
    const double edge_sine = test::smallest_edge_sine(p.a, p.pose_a, p.b, p.pose_b);
    pairs::Rng rng(case_stream(c.id, 2));
    const int positions = c.id.category == Category::large_hulls ? large_positions : 1;
    for (int k = 0; k < positions; ++k) {
      CaseId id = c.id;
      id.position = k;
      const test::Shifted moved = test::shifted(p, reference.size, rng, k);
      check_position(id, p, moved, reference, edge_sine, stats, scratch,
                     own ? *own : scratch.workspace);
    }
    const ref::Answer at_pose = reference.query(dvec3(0));
    for (int k = 1; c.id.engine && at_pose.ok && k <= engine_positions; ++k) {
      CaseId id = c.id;
      id.position = positions - 1 + k;
      const double target = (k % 2 ? 1 : -1) * reference.size *
                            std::pow(10.0, rng.uniform(engine_near_lo, engine_near_hi));
      test::Shifted moved{p.pose_b, dvec3(0)};
      const dvec3 wanted = at_pose.axis * (target - at_pose.separation);
      moved.pose_b.translation = test::to_real(dvec3(p.pose_b.translation) + wanted);
      moved.shift = dvec3(moved.pose_b.translation) - dvec3(p.pose_b.translation);
      check_position(id, p, moved, reference, edge_sine, stats, scratch,
                     own ? *own : scratch.workspace);
    }
  }
  tally.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace sepax::stress
