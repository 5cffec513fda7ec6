// sepax: volumes, and how much of it two shapes share. An assembly check
// asks how much two parts overlap, not only along which axis: the overlap
// volume is what an engineer fixes.
//
// - Two hulls: their intersection is a convex polytope. Its corners are the
//   ends of each hull's edges clipped to the other hull (Cyrus and Beck's
//   parametric clipping): a corner of one hull inside the other, or where an
//   edge of one crosses a face of the other. overlap_volume() takes the hull
//   of those corners (Qhull) and its volume: exact up to rounding.
// - A closed mesh (with a mesh or a hull): the shared solid is not convex,
//   so its volume is estimated by stratified sampling of the box both shapes
//   share, each sample judged by the exact inside tests (mesh::contains, the
//   hull's planes), with a stated bound on the error. Pairs that do not
//   overlap, and pairs where one solid contains the other, are answered
//   exactly without sampling.
#pragma once

#include "sepax/export.hpp"
#include "sepax/hull.hpp"
#include "sepax/mesh.hpp"
#include "sepax/types.hpp"

#include <cstddef>
#include <cstdint>

namespace sepax {

/// Volume a hull encloses, in its local frame (multiply by scale^3 for a
/// posed hull); 0 for a flat or empty hull.
[[nodiscard]] SEPAX_API real volume(const Hull& hull);

/// Volume a closed mesh encloses, local frame, whatever its triangles'
/// orientation; 0 for an open mesh (it encloses nothing) or an empty one.
[[nodiscard]] SEPAX_API real volume(const TriangleMesh& mesh);

/// How overlap_volume() found its answer.
enum class VolumeMethod : std::uint8_t {
  exact,     ///< exact up to rounding: no sampling
  estimate,  ///< stratified sampling; `error` bounds the difference
  none,      ///< no volume: an input is an open mesh or empty (volume 0)
};

/// Short name ("exact", "estimate", "none"). Never null.
[[nodiscard]] SEPAX_API const char* to_string(VolumeMethod method);

/// Answer of overlap_volume(). World units (lengths cubed, poses' scales
/// included).
struct OverlapVolume {
  /// Volume of the solid both shapes enclose (>= 0).
  real volume = 0;
  /// Bound on |volume - true volume|: 0 when exact; for an estimate, the
  /// half-width of the 99.7% (three-sigma) Wilson interval of the sampled
  /// fraction, times the sampled box's volume. Stratified sampling's error
  /// is at most that of independent samples, so the bound is conservative.
  real error = 0;
  VolumeMethod method = VolumeMethod::exact;
  /// Samples taken (0 when exact).
  std::size_t samples = 0;
  /// Volumes of A and of B at their poses (world units).
  real volume_a = 0;
  real volume_b = 0;
};

/// Default number of samples for an estimate: the bound is then about
/// 0.8% of the shared box's volume at worst (a half-full box), less when
/// the overlap fills little or most of it.
inline constexpr std::size_t overlap_samples = std::size_t(1) << 17;

/// Volume two posed hulls share, exact up to rounding (method exact). A
/// flat hull encloses nothing: volume 0. O(edges_a * faces_b + edges_b *
/// faces_a) plane tests, counting only the edges in the box both share,
/// plus one hull build; where that exceeds 4e8 tests (about a second: two
/// hulls of some 10^4 faces each overlapping widely) the volume is estimated
/// by sampling instead, as for meshes (method estimate, with its bound;
/// big hulls hold a sample by GJK).
[[nodiscard]] SEPAX_API OverlapVolume overlap_volume(const Hull& a, const Pose& pose_a,
                                                     const Hull& b, const Pose& pose_b);

/// Volume two closed meshes share: exact (0, or the contained mesh's
/// volume) when mesh::query finds no crossing surfaces, else an estimate
/// from about `samples` stratified samples of the box both share, drawn
/// from `seed` (the same seed gives the same answer). An open or empty mesh
/// encloses nothing: method none, volume 0.
[[nodiscard]] SEPAX_API OverlapVolume overlap_volume(const TriangleMesh& a, const Pose& pose_a,
                                                     const TriangleMesh& b, const Pose& pose_b,
                                                     std::size_t samples = overlap_samples,
                                                     std::uint64_t seed = 1);

/// A closed mesh and a hull, as above.
[[nodiscard]] SEPAX_API OverlapVolume overlap_volume(const TriangleMesh& a, const Pose& pose_a,
                                                     const Hull& b, const Pose& pose_b,
                                                     std::size_t samples = overlap_samples,
                                                     std::uint64_t seed = 1);

/// A hull and a closed mesh: the mirror of the above (volume_a is the hull's).
[[nodiscard]] SEPAX_API OverlapVolume overlap_volume(const Hull& a, const Pose& pose_a,
                                                     const TriangleMesh& b, const Pose& pose_b,
                                                     std::size_t samples = overlap_samples,
                                                     std::uint64_t seed = 1);

}  // namespace sepax
