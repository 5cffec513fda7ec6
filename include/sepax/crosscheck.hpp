// sepax: SAT and GJK/EPA on the same pair, and whether they agree.
//
// The two algorithms share no code beyond the hull, so their agreement is
// strong evidence that an answer is right; the validation tool reports it
// for every pair. SAT gives the exact depth when the hulls overlap and a
// lower bound of the distance when they are apart; GJK gives the exact
// distance and EPA the depth within its tolerance. Two bands are kept apart:
// - the verdict: SAT's, whose touching band (`touch`, sat::touching_band:
//   the round-off of its arithmetic, tol::touching of the pair's magnitude)
//   decides touching;
// - agreement: the two compute by different arithmetic and stop by
//   different rules (SAT's face preference, EPA's gap), so they may differ
//   by up to `band` (tol::agreement of the size plus tol::agreement_roundoff
//   of the magnitude; the derivation is in tolerances.hpp) and still agree;
//   `same_verdict` says whether they gave the same verdict.
// "Agree" therefore means:
// - the same verdict, unless one of the two separations lies within
//   `band`, where either verdict is accepted;
// - overlapping: the same depth within `value_tolerance`, and axes that are
//   both minimum translation directions (the same direction, or SAT's gap
//   along EPA's axis as deep as SAT's own: the MTV need not be unique);
//   when EPA stopped early (its status not converged) with bounds wider than
//   `value_tolerance` (epa::Result::depth_error), its depth is only an upper
//   bound, so SAT's depth must not exceed it;
// - apart: 0 < SAT's separation <= GJK's distance + `value_tolerance`.
#pragma once

#include "sepax/epa.hpp"
#include "sepax/gjk_cast.hpp"
#include "sepax/sat.hpp"
#include "sepax/tolerances.hpp"

namespace sepax {

/// Both answers for one pair and how they compare.
struct CrossCheck {
  /// What the pair is, by both algorithms (see `verdict`).
  enum class Verdict { separated, touching, intersecting };
  /// The pair's verdict:
  /// - separated when SAT's separation exceeds its touching band (`touch`),
  ///   or lies within it above 0 while GJK finds the pair apart beyond GJK's
  ///   own band (tol::gjk_touch): SAT's separation is only a lower bound of
  ///   the distance (a corner against a corner has no face or edge-pair
  ///   axis along the gap), GJK's distance is exact;
  /// - intersecting when SAT's depth exceeds the band;
  /// - touching otherwise: within round-off of each other. Touching counts as
  ///   intersecting (hulls are closed sets).
  Verdict verdict = Verdict::separated;
  sat::Result sat;            ///< SAT's answer (separation, axis, feature)
  epa::Result epa;            ///< GJK's (apart) or GJK + EPA's (overlapping)
  bool agree = false;         ///< every check below passed
  bool same_verdict = false;  ///< sat.intersecting == epa.intersecting
  /// |sat.separation - epa.separation|, length unit.
  real separation_difference = 0;
  /// Angle between sat.axis and epa.axis, radians in [0, pi].
  real axis_angle = 0;
  /// SAT's gap along GJK/EPA's axis (from the supports), length unit: equal
  /// to sat.separation when that axis is as good as SAT's.
  real sat_gap_along_epa_axis = 0;
  real size = 0;  ///< larger extent of the two hulls
  /// SAT's touching band, length unit: |sat.separation| within it is
  /// touching (the verdict; sat::touching_band).
  real touch = 0;
  /// Agreement band, length unit: SAT and GJK may give different verdicts
  /// when either separation lies within it (tol::agreement of the size
  /// plus tol::agreement_roundoff of the pair's magnitude).
  real band = 0;
  real value_tolerance = 0;  ///< depth/distance tolerance used, length unit
  /// Radians: SAT's and EPA's axes within this are the same direction
  /// (value_tolerance over the size: tolerances.hpp).
  real angle_tolerance = 0;
  /// Why they disagree ("" when they agree), one line for people.
  const char* reason = "";
};

/// Runs sat::query and epa::query (GJK, then EPA when overlapping) on the
/// pair and compares them. Never throws; allocates nothing. EPA works in
/// `workspace` when given (size it with epa::workspace_vertices for deep
/// pairs of large hulls), else in its default stack polytope.
[[nodiscard]] SEPAX_API CrossCheck crosscheck(const Hull& a, const Pose& pose_a, const Hull& b,
                                              const Pose& pose_b,
                                              epa::Workspace* workspace = nullptr);

/// Compares answers already computed for the pair (hulls and poses are
/// needed for the gap along GJK's axis). crosscheck() is query + compare.
[[nodiscard]] SEPAX_API CrossCheck compare(const sat::Result& sat, const epa::Result& gjk_epa,
                                           const Hull& a, const Pose& pose_a, const Hull& b,
                                           const Pose& pose_b);

/// Both roads' answers for one linear cast and how they compare.
struct CastCheck {
  CastResult sat;  ///< sat::shape_cast: exact
  CastResult gjk;  ///< gjk::shape_cast: within GJK's tolerance
  bool agree = false;
  /// |sat.fraction - gjk.fraction| when both hit, else 0.
  real fraction_difference = 0;
  /// Fractions within this of each other agree, and a verdict within it of
  /// the other's may differ (a path that grazes): the pair's agreement band
  /// (CrossCheck::band, the larger of the path's start and end) over the
  /// path's length.
  real tolerance = 0;
  /// Why they disagree ("" when they agree), one line for people.
  const char* reason = "";
};

/// Casts B moving by `translation` against A by both roads (sat::shape_cast
/// and gjk::shape_cast) and compares them: the same status (hit, missed,
/// overlapping) and the same fraction within `tolerance`; where one road's
/// contact lies within the tolerance of the path's ends or of a graze, the
/// other may call it a hit at the end or a miss. Never throws.
[[nodiscard]] SEPAX_API CastCheck crosscheck_cast(const Hull& a, const Pose& pose_a, const Hull& b,
                                                  const Pose& pose_b, const vec3& translation,
                                                  real max_fraction = 1);

/// Compares casts already made of the pair (crosscheck_cast() is both
/// casts + compare_casts).
[[nodiscard]] SEPAX_API CastCheck compare_casts(const CastResult& sat, const CastResult& gjk,
                                                const Hull& a, const Pose& pose_a, const Hull& b,
                                                const Pose& pose_b, const vec3& translation,
                                                real max_fraction = 1);

}  // namespace sepax
