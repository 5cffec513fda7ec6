// bench_cast: FCL 0.7's continuous collision, fcl::continuousCollide on two
// fcl::Convex shapes (fcl_convex.hpp, one per sepax hull, shared by the
// pairs), with the request's defaults (GST_LIBCCD, toc_err 1e-4, 10
// iterations) but for the solver and the motion:
//  - ca_*: CCDC_CONSERVATIVE_ADVANCEMENT (GJK's distance over a bound of
//    the motion along the closest direction, until a step is below 1e-4);
//  - naive_*: CCDC_NAIVE (fcl::collide at 10 evenly spaced times, the
//    defaults' min(num_max_iterations, 1 / toc_err));
//  - *_linear: CCDM_LINEAR, InterpMotion (translation linear, rotation at a
//    constant rate about a fixed axis: sepax::Sweep's path). Built from
//    (R1, T1, R2, T2, origin): FCL 0.7's InterpMotion(tf1, tf2), which
//    CCDM_LINEAR makes, leaves its reference point uninitialized (fcl pull
//    request 662);
//  - *_screw: CCDM_SCREW, ScrewMotion(tf1, tf2): a turn about a fixed line
//    and a slide along it, another path between the same poses where a
//    body turns (bench_cast checks these rows against that path).
// The motions are made in the timed query, as continuousCollide's
// transform overload makes them.
#include "adapter.hpp"
#include "fcl_convex.hpp"
#include "fcl_pose.hpp"

#include <fcl/math/motion/interp_motion.h>
#include <fcl/math/motion/screw_motion.h>
#include <fcl/narrowphase/continuous_collision.h>

#include <map>
#include <memory>

namespace peers {
namespace {

enum class Path { linear, screw };

/// One shape per sepax hull, kept for the run (the hulls are).
const fcl::Convexd* convex_of(const sepax::Hull& h) {
  static std::map<const sepax::Hull*, std::shared_ptr<fcl::Convexd>> shapes;
  auto& slot = shapes[&h];
  if (!slot) slot = fcl_convex(h);
  return slot.get();
}

fcl::InterpMotion<double> interp(const fcl::Transform3d& from, const fcl::Transform3d& to) {
  return {from.linear(), from.translation(), to.linear(), to.translation(), fcl::Vector3d::Zero()};
}

class FclCast final : public Prepared {
 public:
  FclCast(const bench::PairCase& p, fcl::CCDSolverType solver, Path path)
      : Prepared(p), path_(path), a_(convex_of(*p.a)), b_(convex_of(*p.b)) {
    request_.ccd_solver_type = solver;
    request_.ccd_motion_type = path == Path::linear ? fcl::CCDM_LINEAR : fcl::CCDM_SCREW;
    for (std::size_t f = 0; f < p.casts.size(); ++f) {
      const bench::Cast& c = p.casts[f];
      motions_.push_back({fcl_transform(p.pose_a), fcl_transform(c.end_a),
                          fcl_transform(p.pose_b[f]), fcl_transform(c.end_b)});
    }
  }

  Answer run(int frame) override {
    const Motion& m = motions_[std::size_t(frame)];
    fcl::ContinuousCollisionResultd result;
    if (path_ == Path::linear) {
      const fcl::InterpMotion<double> ma = interp(m.from_a, m.to_a), mb = interp(m.from_b, m.to_b);
      fcl::continuousCollide<double>(a_, &ma, b_, &mb, request_, result);
    } else {
      const fcl::ScrewMotion<double> ma(m.from_a, m.to_a), mb(m.from_b, m.to_b);
      fcl::continuousCollide<double>(a_, &ma, b_, &mb, request_, result);
    }
    Answer r;
    r.intersecting = result.is_collide;
    if (r.intersecting) r.fraction = double(result.time_of_contact);
    return r;
  }

 private:
  struct Motion {
    fcl::Transform3d from_a, to_a, from_b, to_b;
  };

  Path path_;
  const fcl::Convexd* a_;
  const fcl::Convexd* b_;
  fcl::ContinuousCollisionRequestd request_;
  std::vector<Motion, Eigen::aligned_allocator<Motion>> motions_;
};

Algorithm make(const char* name, fcl::CCDSolverType solver, Path path) {
  return {.name = name, .answers = cast | toi, .prepare = prepare_as<FclCast>(solver, path)};
}

void add_fcl(std::vector<Algorithm>& out) {
  out.push_back(make("fcl.ca_linear", fcl::CCDC_CONSERVATIVE_ADVANCEMENT, Path::linear));
  out.push_back(make("fcl.ca_screw", fcl::CCDC_CONSERVATIVE_ADVANCEMENT, Path::screw));
  out.push_back(make("fcl.naive_linear", fcl::CCDC_NAIVE, Path::linear));
  out.push_back(make("fcl.naive_screw", fcl::CCDC_NAIVE, Path::screw));
}

}  // namespace

const Registration registration("fcl", SEPAX_BENCH_FCL_VERSION, add_fcl);

}  // namespace peers
