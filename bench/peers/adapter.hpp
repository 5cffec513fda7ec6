// bench_peers: the common face of every timed algorithm, sepax's and the
// peers'. An adapter has two steps: prepare a pair (build the library's own
// shapes from the sepax hulls' vertices and faces, convert the poses; not
// timed) and query it (timed). Every adapter answers with the same small
// struct so that bench_peers can check it against sepax's exact answer.
#pragma once

#include "../workloads.hpp"

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

/// A pair made ready for one algorithm. run() queries the current frame of
/// the pair and moves to the next one (frames are walked forth and back, so
/// that the motion stays coherent); a static pair has one frame.
class Prepared {
 public:
  explicit Prepared(const bench::PairCase& pair) : pair_(&pair) {}
  virtual ~Prepared() = default;
  Prepared(const Prepared&) = delete;
  Prepared& operator=(const Prepared&) = delete;

  /// Answer for the current frame, then advance.
  virtual Answer run() = 0;
  /// Index of the frame the next run() answers.
  [[nodiscard]] int frame() const { return frame_; }

 protected:
  /// The frame to query now; advances the walk.
  int step() {
    const int f = frame_;
    const int n = static_cast<int>(pair_->pose_b.size());
    if (n > 1) {
      if (frame_ + direction_ < 0 || frame_ + direction_ >= n) direction_ = -direction_;
      frame_ += direction_;
    }
    return f;
  }
  const bench::PairCase& pair() const { return *pair_; }

 private:
  const bench::PairCase* pair_;
  int frame_ = 0;
  int direction_ = 1;
};

/// What a row measures; bench_report.py groups the peers' rows by it.
enum class Kind {
  boolean,      ///< intersecting or not
  penetration,  ///< depth when overlapping (and the decision)
  distance,     ///< distance when apart (and the decision)
};

/// One algorithm of one library.
struct Algorithm {
  std::string name;  ///< "library.algorithm", e.g. "sepax.sat_query", "ccd.mpr_penetration"
  Kind kind = Kind::boolean;
  /// Only on coherent-motion workloads (caches and warm starts).
  bool coherent_only = false;
  /// Not run on pairs whose larger hull has more vertices (0: no limit):
  /// the quadratic reference versions.
  int max_vertices = 0;
  std::function<std::unique_ptr<Prepared>(const bench::PairCase&)> prepare;
};

/// Adds sepax's algorithms.
void add_sepax(std::vector<Algorithm>& out);
#if SEPAX_BENCH_HAVE_CCD
/// Adds libccd's GJK and MPR, intersection and penetration.
void add_ccd(std::vector<Algorithm>& out);
#endif
#if SEPAX_BENCH_HAVE_BULLET
/// Adds Bullet's GJK pair detector, GJK-EPA penetration and polyhedral SAT.
void add_bullet(std::vector<Algorithm>& out);
#endif
#if SEPAX_BENCH_HAVE_FCL
/// Adds FCL's collide (boolean and with contacts) and distance, both solvers.
void add_fcl(std::vector<Algorithm>& out);
#endif

/// Every algorithm this build has.
inline std::vector<Algorithm> all_algorithms() {
  std::vector<Algorithm> out;
  add_sepax(out);
#if SEPAX_BENCH_HAVE_CCD
  add_ccd(out);
#endif
#if SEPAX_BENCH_HAVE_BULLET
  add_bullet(out);
#endif
#if SEPAX_BENCH_HAVE_FCL
  add_fcl(out);
#endif
  return out;
}

}  // namespace peers
