// Pieces shared by the SAT sources: query.cpp (the query and its face
// queries), edge.cpp (edge queries), box.cpp (box against box), flat.cpp
// (two flat polygons) and resting.cpp (the resting state). Not installed.
#pragma once

#include "sepax/sat.hpp"

#include <cmath>
#include <limits>
#include <span>

namespace sepax::sat::detail {

inline constexpr real infinity = std::numeric_limits<real>::infinity();

/// Both hulls, each one's pose in the other's frame, and the pair's scales.
struct PairFrames {
  const Hull& a;
  const Hull& b;
  const Pose& pose_a;
  const Pose& pose_b;
  Pose b_in_a;  ///< maps B's local frame to A's
  Pose a_in_b;  ///< maps A's local frame to B's
  real size;    ///< larger extent of the two hulls
  real touch;   ///< absolute touching tolerance (tol::touching of the magnitude)
};

/// Frames and scales of a pair.
[[nodiscard]] PairFrames make_frames(const Hull& a, const Pose& pose_a, const Hull& b,
                                     const Pose& pose_b);

/// Gap along axis u (A's frame, pointing from A to B): the smallest
/// coordinate of B along u minus the largest of A. Support searches start
/// from the hints and leave the support vertices in them.
[[nodiscard]] real gap_along(const PairFrames& p, const vec3& u, index_t& hint_a, index_t& hint_b,
                             Counters& counters);

/// The unit axis (A's frame, A to B) of a feature, or a zero vector when the
/// feature no longer defines one (edges became parallel).
[[nodiscard]] vec3 feature_axis(const PairFrames& p, const Feature& feature);

/// World-frame result from a separation, an axis in A's frame and a feature.
[[nodiscard]] Result make_result(const PairFrames& p, real separation, const vec3& axis_in_a,
                                 const Feature& feature, const Counters& counters);

/// The best axis of one kind of query: its separation and where it came
/// from (face or edge indices of A and B, -1 when unused).
struct Best {
  real separation = -infinity;
  index_t a = -1;
  index_t b = -1;
  vec3 axis{real(0)};  ///< edge queries: unit, frame of the indexed hull, from A to B
};

/// The deciding axis of a query so far, on general's terms (A's frame, from
/// A to B): A's best face first; each later kind of axis (B's faces, edge
/// pairs, rim axes) replaces it only when it separates more by the face
/// preference `bias`, so that the normal stays put from frame to frame.
struct Decision {
  real separation;
  Feature feature;
  vec3 axis;
  real bias;

  /// Takes the axis u of feature f when its separation s beats the
  /// decision's by the bias.
  void offer(real s, const Feature& f, const vec3& u) {
    if (s > separation + bias) separation = s, feature = f, axis = u;
  }
  /// The floor a later query must beat to be offered anything.
  [[nodiscard]] real floor() const { return separation + bias; }
};

/// Axes a query leaves out: the directions within a cap (half angle with
/// cosine `cos_half`) about `axis`, which is expressed in the frame of the
/// query and oriented from A to B. Resting states bound the axes outside a
/// cap this way (sat/resting.cpp).
struct Cap {
  vec3 axis{real(0)};
  real cos_half = 1;
};

/// Whether the axis u (A to B) lies inside the cap; never without one.
[[nodiscard]] inline bool in_cap(const Cap* cap, const vec3& u) {
  return cap != nullptr && glm::dot(u, cap->axis) > cap->cos_half;
}

/// The pair's touching band in hull's lengths (PairFrames::touch):
/// tol::touching of its magnitude. SAT's gaps round by up to it, and so may
/// the bounds that skip faces, edges and patches (and contact::Apart's).
[[nodiscard]] inline real bound_slack(const Hull& hull, const Hull& other,
                                      const Pose& other_in_hull) {
  return tol::touching * (hull.magnitude() + other.magnitude() * other_in_hull.scale +
                          glm::length(other_in_hull.translation));
}

/// The largest dot(u, w) over the unit vectors u within `chord` of the
/// unit vector `center` (|u - center| <= chord): |w| when w lies in that
/// cap, else the value on the cap's rim nearest w, |w| cos(angle(center, w)
/// - rho) = dot(center, w) cos(rho) + |center x w| sin(rho), rho the cap's
/// angular radius (chord = 2 sin(rho / 2), so cos(rho) = 1 - chord^2 / 2),
/// with chord for sin(rho), which it bounds from above.
[[nodiscard]] inline real cap_max_dot(const vec3& center, real chord, const vec3& w) {
  const real along = glm::dot(center, w), length = std::sqrt(glm::dot(w, w));
  const real cos_rho = 1 - chord * chord / 2;
  if (along >= length * cos_rho) return length;
  return std::min(length, along * cos_rho + glm::length(glm::cross(center, w)) * chord);
}

/// Visits the patches of `hull` (Hull::patches) whose axes may separate
/// `other` (posed in hull's frame) by more than `threshold()`, best first:
/// no axis u of a patch separates the pair by more than dot(center, w) +
/// radius |w| - reach, w = x - centroid, for any point x of `other`
/// (NormalPatch), and x = other's support seed along -center (the support
/// along the nearest cube-map direction, a table look-up) keeps that close
/// to the patch's best axis. The patch with the largest such bound goes
/// first, so the threshold is good early; then every other in hull order.
/// A patch is opened only while its bound beats the threshold, and where
/// the first bound might, the tighter max of dot(u, w) over the patch's
/// cone (cap_max_dot) is taken as well: the linear one overstates it by up
/// to radius |w| when w lies off the cone. `arcs` picks the bound of the patch's edge arcs (edge
/// queries) or of its face normals (face queries). visit(patch, seed vertex)
/// returns true to end the scan. Hulls have at most Hull::max_patches
/// patches: the bounds live on the stack.
template <class Threshold, class Visit>
void scan_patches(const Hull& hull, const Hull& other, const Pose& other_in_hull, bool arcs,
                  real slack, const Threshold& threshold, const Visit& visit) {
  const auto patches = hull.patches();
  if (patches.empty()) return;
  real bounds[Hull::max_patches];
  index_t seeds[Hull::max_patches];
  const mat3 to_other = glm::transpose(other_in_hull.rotation);
  const auto vertices = other.vertices();
  const real floor = threshold() - slack;  // only grows while visiting
  std::size_t top = 0;
  real top_rank = -infinity;
  for (std::size_t k = 0; k < patches.size(); ++k) {
    const NormalPatch& p = patches[k];
    seeds[k] = other.support_seed(to_other * -p.center);
    const vec3 w = other_in_hull.apply(vertices[seeds[k]]) - hull.centroid();
    const real radius = arcs ? p.arc_radius : p.face_radius;
    const real reach = arcs ? p.arc_reach : p.face_reach;
    const real along = glm::dot(p.center, w), length = std::sqrt(glm::dot(w, w));
    const real rank = along + radius * length - reach;
    bounds[k] = rank > floor ? std::min(rank, cap_max_dot(p.center, radius, w) - reach) : rank;
    if (rank > top_rank) top = k, top_rank = rank;
  }
  if (bounds[top] > threshold() - slack && visit(patches[top], seeds[top])) return;
  for (std::size_t k = 0; k < patches.size(); ++k)
    if (k != top && bounds[k] > threshold() - slack && visit(patches[k], seeds[k])) return;
}

/// Edge query (Gregorius) of `probe`'s edges against `indexed`'s, in the
/// indexed hull's frame (`probe_in_indexed` maps the probe there), pruned by
/// the Gauss map; `probe_is_a` orients the axis from A to B, `use_grid`
/// allows the indexed hull's arc grid, `floor` is what an axis must beat to
/// count (the best face's separation plus the face preference): edges whose
/// arcs cannot beat it are skipped. Stops once an axis separates by more
/// than `stop_above`.
/// (sat/edge.cpp)
/// With a cap (in the indexed frame), axes inside it are not recorded.
[[nodiscard]] Best edge_query(const Hull& indexed, const Hull& probe, const Pose& probe_in_indexed,
                              bool probe_is_a, bool use_grid, real floor, real stop_above,
                              Counters& counters, const Cap* cap = nullptr);

/// The edge query of two small hulls without its bounds: every edge of
/// `probe` against every edge of `indexed`, each pair whose arcs cross
/// measured as edge_query measures it. (sat/edge.cpp)
[[nodiscard]] Best every_edge_pair(const Hull& indexed, const Hull& probe,
                                   const Pose& probe_in_indexed, bool probe_is_a, real floor,
                                   real stop_above, Counters& counters);

/// The best axis of the listed edge pairs (probe edges against indexed
/// edges) whose arcs cross, measured as edge_query measures them.
/// (sat/edge.cpp)
[[nodiscard]] Best listed_edge_pairs(const Hull& indexed, const Hull& probe,
                                     const Pose& probe_in_indexed, bool probe_is_a,
                                     std::span<const index_t> probe_edges,
                                     std::span<const index_t> indexed_edges, Counters& counters);

/// Face query (Gregorius): the best face axis of `hull` against `other`
/// posed in hull's frame; stops once a face separates by more than
/// `stop_above`. With a cap (in hull's frame, against its face normals),
/// faces inside it are skipped. Faces that cannot beat `floor` are skipped
/// too: the answer is the best face when it beats `floor`, else `floor`
/// with no face. (sat/query.cpp)
[[nodiscard]] Best face_query(const Hull& hull, const Hull& other, const Pose& other_in_hull,
                              real stop_above, Counters& counters, const Cap* cap = nullptr,
                              real floor = -infinity);

/// Edge query of a box against a general hull, in the box's frame; edges
/// whose arcs cannot beat `floor` (as edge_query's) are skipped.
/// (sat/edge.cpp)
[[nodiscard]] Best box_edge_query(const Hull& box, const Hull& other, const Pose& other_in_box,
                                  bool box_is_a, real floor, real stop_above, Counters& counters,
                                  const Cap* cap = nullptr);

/// Offers the decision the rim axes of two flat polygons: the in-plane
/// outward normals of both polygons' edges. (sat/flat.cpp)
void offer_rim_axes(const PairFrames& p, real stop_above, Counters& counters, Decision& decision);

/// A decision from A's best face and B's (in B's lengths, k of them one of
/// A's): B's face when it separates more by the bias. (sat/query.cpp)
[[nodiscard]] Decision decide_faces(const PairFrames& p, const Best& face_a, const Best& face_b,
                                    real bias);

/// Whether flat_pair takes the pair: two flat polygons of at most
/// flat_corners corners each.
inline constexpr index_t flat_corners = 16;
[[nodiscard]] inline bool flat_pair_fits(const PairFrames& p) {
  return p.a.is_flat() && p.b.is_flat() && p.a.vertex_count() <= std::size_t(flat_corners) &&
         p.b.vertex_count() <= std::size_t(flat_corners);
}

/// general's query for two flat polygons (flat_pair_fits): the same axes,
/// preferences and answers, measured on the corners of both posed once in
/// each frame instead of through support searches and patch bounds.
/// (sat/flat.cpp)
[[nodiscard]] Result flat_pair(const PairFrames& p, real stop_above);

/// The general query: faces of A and of B, then edge pairs, each kind
/// replacing the best so far only when it separates more by
/// tol::face_preference of the size. Stops once an axis separates by more
/// than `stop_above` (+infinity for the full query). (sat/query.cpp)
[[nodiscard]] Result general(const PairFrames& p, real stop_above);

/// The edge of `hull` (a box) along its box axis `k` that is furthest along
/// `u` (in the hull's local frame). (sat/box.cpp)
[[nodiscard]] index_t box_edge(const Hull& hull, int k, const vec3& u);

/// Reads and writes a Resting (its friend): builds it after a full query,
/// answers from it, drops it. (sat/resting.cpp)
struct RestingState {
  /// The general query's answer from the state, when it certifies one.
  static bool answer(const PairFrames& p, Resting& s, Result& out);
  /// Builds (or clears, or counts down the wait of) the state after a full
  /// query's answer `r`.
  static void after_query(const PairFrames& p, const Result& r, Resting& s);

 private:
  static bool make_lists(const PairFrames& p, const vec3& n, real cap, real turn_limit,
                         int max_faces, int max_edges, Resting& s);
  static void build(const PairFrames& p, const Result& r, Resting& s);
  static void back_off(Resting& s);
  static void drop(Resting& s);
};

/// Box-box 15-axis test; both hulls must be boxes. Stops once an axis
/// separates by more than `stop_above`. (sat/box.cpp)
[[nodiscard]] Result box_box(const PairFrames& p, real stop_above);

}  // namespace sepax::sat::detail
