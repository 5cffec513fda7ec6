// bench_peers: the common face of every timed algorithm, sepax's and the
// peers'. An adapter has two steps: prepare a pair (build the library's own
// shapes from the sepax hulls' vertices and faces, convert the poses; not
// timed) and query it (timed). Every adapter answers with the same small
// struct so that bench_peers can check it against sepax's exact answer.
#pragma once

#include "../pairs.hpp"

#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace peers {

inline constexpr double not_reported = std::numeric_limits<double>::quiet_NaN();

/// One query's answer and the work it reports (-1: the library does not say).
struct Answer {
  bool intersecting = false;       ///< overlapping or touching
  double depth = not_reported;     ///< penetration depth (>= 0) when the algorithm gives one
  double distance = not_reported;  ///< Euclidean distance when the algorithm gives one
  int axes = -1;                   ///< SAT axes evaluated
  int arc_tests = -1;              ///< SAT edge pairs whose Gauss-map arcs were tested
  int support_calls = -1;          ///< support-point searches (per shape)
  int iterations = -1;             ///< GJK + EPA (or MPR) iterations
  int cache_hit = -1;              ///< 1 when a cached axis decided the query, 0 when not
};

/// A pair made ready for one algorithm: run(frame) queries B's pose of that
/// frame. A stateful query (a cache, a warm start) keeps its state per pair,
/// and bench_peers calls it along the path in order (bench::visits).
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
/// each row's label, e.g. "boolean+penetration".
enum Question : unsigned {
  boolean = 1,      ///< intersecting or not
  penetration = 2,  ///< depth when overlapping (and the decision)
  distance = 4,     ///< distance when apart (and the decision)
};

/// "boolean", "penetration", "distance", joined by '+'.
inline std::string label_of(unsigned answers) {
  const char* const names[] = {"boolean", "penetration", "distance"};
  std::string out;
  for (unsigned bit = 0; bit < 3; ++bit) {
    if ((answers & (1u << bit)) == 0) continue;
    if (!out.empty()) out += '+';
    out += names[bit];
  }
  return out;
}

/// One algorithm of one library.
struct Algorithm {
  std::string name;  ///< "library.algorithm", e.g. "sepax.sat_query", "ccd.mpr_penetration"
  unsigned answers = boolean;  ///< Question bits
  /// Only on coherent-motion workloads (caches and warm starts).
  bool coherent_only = false;
  /// Not run on pairs whose larger hull has more vertices (0: no limit):
  /// the quadratic reference versions.
  int max_vertices = 0;
  std::function<std::unique_ptr<Prepared>(const bench::PairCase&)> prepare;
};

/// Adds one library's algorithms to the list.
using AddAlgorithms = void (*)(std::vector<Algorithm>& out);

/// Registers a library: each adapter file (peers/<library>.cpp) ends with
///   const peers::Registration registration("ccd", add_ccd);
/// so adding a peer is that file plus its dependency in bench/meson.build.
/// Libraries are listed in name order, sepax first.
struct Registration {
  Registration(const char* library, AddAlgorithms add);
};

/// Every algorithm of every registered library.
[[nodiscard]] std::vector<Algorithm> all_algorithms();

}  // namespace peers
