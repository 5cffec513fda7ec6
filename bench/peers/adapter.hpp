// bench_peers, bench_contact and bench_cast: the common face of every timed
// algorithm, sepax's and the peers'. An adapter has two steps: prepare a
// pair (build the library's own shapes from the sepax hulls' vertices and
// faces, convert the poses; not timed) and query it (timed). Every adapter
// answers with the same small struct so that the programs can check it
// against sepax's exact answer.
#pragma once

#include "../pairs.hpp"

#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace peers {

inline constexpr double not_reported = std::numeric_limits<double>::quiet_NaN();

/// bench_contact's speculative margin, relative to the pair's size: Box2D's
/// b2_speculativeDistance (4 linear slops of 0.005 m) on a body of 1 m.
inline constexpr double contact_margin_rel = 0.02;

/// The margin a contact query of pair p takes (length unit).
inline double contact_margin(const bench::PairCase& p) {
  return contact_margin_rel * p.size;
}

/// One query's answer and the work it reports (-1: the library does not say).
struct Answer {
  bool intersecting = false;       ///< overlapping or touching (a manifold: has points; a
                                   ///< cast: the path meets the shape, or starts in contact)
  double depth = not_reported;     ///< penetration depth when the algorithm gives one; a
                                   ///< manifold: minus its deepest point's separation
  double distance = not_reported;  ///< Euclidean distance when the algorithm gives one
  double fraction = not_reported;  ///< a cast: the path's fraction at first contact (0: in
                                   ///< contact at the start)
  sepax::vec3 normal{0};           ///< SAT's axis, the contact or cast normal (world, A to B)
  int points = -1;                 ///< contact points, as many as the library gives
  int face = -1;                   ///< 1 when a face axis decided, 0 an edge pair
  int axes = -1;                   ///< SAT axes evaluated
  int arc_tests = -1;              ///< SAT edge pairs whose Gauss-map arcs were tested
  int support_calls = -1;          ///< support-point searches (per shape)
  int iterations = -1;             ///< GJK + EPA (or MPR) iterations; a cast's own steps
  int cache_hit = -1;              ///< 1 when a cached axis decided the query, 0 when not
};

/// A pair made ready for one algorithm: run(frame) queries B's pose of that
/// frame. A stateful query (a cache, a warm start) keeps its state per pair,
/// and the programs call it along the path in order (bench::visits).
class Prepared {
 public:
  explicit Prepared(const bench::PairCase& pair) : pair_(&pair) {}
  virtual ~Prepared() = default;
  Prepared(const Prepared&) = delete;
  Prepared& operator=(const Prepared&) = delete;

  /// Answer for B at pair().pose_b[frame].
  virtual Answer run(int frame) = 0;

 protected:
  const bench::PairCase& pair() const { return *pair_; }

 private:
  const bench::PairCase* pair_;
};

/// The questions a query answers; bench_report.py compares each sepax row
/// with the fastest peer row that answers the same question. Written into
/// each row's label, e.g. "boolean+penetration". bench_peers times the
/// queries that answer none of `contact` and the casts, bench_contact
/// those that answer `contact`, bench_cast the casts.
enum Question : unsigned {
  boolean = 1,      ///< intersecting or not
  penetration = 2,  ///< depth when overlapping (and the decision)
  distance = 4,     ///< distance when apart (and the decision)
  contact = 8,      ///< a manifold: points, normal, deepest separation
  ray = 16,         ///< a ray against a hull: first hit, fraction, normal
  cast = 32,        ///< a hull moving along a line against another: first contact
  toi = 64,         ///< two hulls that move and turn: first contact
  mesh_ray = 128,   ///< a ray against a triangle mesh: the nearest triangle, either side
};

/// The questions bench_cast times.
inline constexpr unsigned casts = ray | cast | toi | mesh_ray;

/// "boolean", "penetration", "distance", "contact", "ray", "cast", "toi",
/// "mesh_ray", joined by '+'.
inline std::string label_of(unsigned answers) {
  const char* const names[] = {"boolean", "penetration", "distance", "contact",
                               "ray",     "cast",        "toi",      "mesh_ray"};
  std::string out;
  for (unsigned bit = 0; bit < std::size(names); ++bit) {
    if ((answers & (1u << bit)) == 0) continue;
    if (!out.empty()) out += '+';
    out += names[bit];
  }
  return out;
}

using Prepare = std::function<std::unique_ptr<Prepared>(const bench::PairCase&)>;

/// One algorithm of one library.
struct Algorithm {
  std::string name;  ///< "library.algorithm", e.g. "sepax.sat_query", "ccd.mpr_penetration"
  unsigned answers = boolean;  ///< Question bits
  /// Keeps state per pair from query to query (a cache, a warm start):
  /// bench_peers times it on coherent workloads only, bench_contact warms
  /// it before timing and times a manifold query along a path too.
  bool stateful = false;
  /// Not run on pairs whose larger hull has more vertices (0: no limit):
  /// the quadratic versions.
  int max_vertices = 0;
  /// Only on pairs of boxes: a library's general path where it has a box
  /// routine too.
  bool boxes_only = false;
  Prepare prepare;
};

/// The prepare step of adapter class P, made as P(pair, args...).
template <class P, class... Args>
Prepare prepare_as(Args... args) {
  return [args...](const bench::PairCase& p) -> std::unique_ptr<Prepared> {
    return std::make_unique<P>(p, args...);
  };
}

/// Adds one library's algorithms to the list.
using AddAlgorithms = void (*)(std::vector<Algorithm>& out);

/// Registers a library: each adapter file (peers/<library>.cpp) ends with
///   const peers::Registration registration("ccd", SEPAX_BENCH_CCD_VERSION, add_ccd);
/// so adding a peer is that file plus its dependency in bench/meson.build,
/// which defines the version macro. Libraries are listed in name order,
/// sepax first.
struct Registration {
  Registration(const char* library, const char* version, AddAlgorithms add);
};

/// Every algorithm of every registered library.
[[nodiscard]] std::vector<Algorithm> all_algorithms();

/// (library, version) of every registered peer, for the JSON context.
[[nodiscard]] std::vector<std::pair<std::string, std::string>> versions();

}  // namespace peers
