// The situations a generated pair is checked in (README, Guarantees):
// - world: as pairs::make_pair draws it (the stress suite also rescales and
//   moves it away from the origin);
// - engine: where engines run float, each pair near the origin at a size
//   about 1, with its own goals (below).
#pragma once

#include "pairs.hpp"

#include <limits>

namespace sepax::pairs {

enum class Situation { world, engine };

/// Both situations, world first.
inline constexpr Situation all_situations[] = {Situation::world, Situation::engine};

/// "world" or "engine".
[[nodiscard]] const char* to_string(Situation s);

/// The engine situation's goals, relative to the pair's size (about 1 there):
/// every decision right where the truth is farther than `engine_decide` from
/// touching, and SAT's depth and separation bound, GJK's distance and EPA's
/// depth within `engine_value` (plus the hard categories' conditioning,
/// test::conditioning_slack). Float: 1e-5 for both; double: 1e-6 and 1e-9.
inline constexpr bool engine_is_double = std::numeric_limits<real>::digits > 24;
inline constexpr double engine_decide = engine_is_double ? 1e-6 : 1e-5;
inline constexpr double engine_value = engine_is_double ? 1e-9 : 1e-5;

/// Rebuilds `h` from its vertices times `s`, each rounded to `real`. False
/// when the hull cannot be rebuilt (then `h` is unchanged).
[[nodiscard]] bool rescale(Hull& h, double s);

/// Moves `p` into the engine's situation: both poses translated so that A's
/// frame sits at the origin (rotations kept), the whole scaled by the power
/// of two nearest 1 / size. Scaling by a power of two is exact, so the hulls
/// keep make_pair's shapes and every coordinate is a `real` read exactly;
/// B's translation rounds once. Returns the scale applied, or 0 when a hull
/// cannot be rebuilt (then `p` is unchanged).
[[nodiscard]] double to_engine_situation(Pair& p);

}  // namespace sepax::pairs
