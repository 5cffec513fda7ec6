// bench_peers: FCL 0.7 adapter. Each hull becomes an fcl::Convex<double>
// (fcl_convex.hpp). Rows, each with both GJK solvers
// (GST_LIBCCD: FCL's copy of libccd; GST_INDEP: FCL's own GJK/EPA):
//  - collide: fcl::collide without contacts (the boolean query);
//  - contact: fcl::collide with one contact requested (penetration depth);
//  - distance: fcl::distance (the distance when apart; FCL reports a
//    negative value, no depth, when the shapes overlap).
#include "adapter.hpp"
#include "fcl_convex.hpp"
#include "fcl_pose.hpp"

#include <fcl/narrowphase/collision.h>
#include <fcl/narrowphase/distance.h>

#include <cmath>
#include <memory>

namespace peers {
namespace {

enum class Call { collide, contact, distance };

class Fcl final : public Prepared {
 public:
  Fcl(const bench::PairCase& p, Call call, fcl::GJKSolverType solver)
      : Prepared(p),
        call_(call),
        solver_(solver),
        a_(fcl_convex(*p.a)),
        b_(fcl_convex(*p.b)),
        ta_(fcl_transform(p.pose_a)) {
    for (const sepax::Pose& q : p.pose_b) tb_.push_back(fcl_transform(q));
  }

  Answer run(int frame) override {
    const fcl::Transform3d& tb = tb_[std::size_t(frame)];
    Answer r;
    if (call_ == Call::distance) {
      fcl::DistanceRequestd request;
      request.gjk_solver_type = solver_;
      fcl::DistanceResultd result;
      const double d = fcl::distance(a_.get(), ta_, b_.get(), tb, request, result);
      r.intersecting = d <= 0;
      if (!r.intersecting) r.distance = d;
      return r;
    }
    fcl::CollisionRequestd request(1, call_ == Call::contact);
    request.gjk_solver_type = solver_;
    fcl::CollisionResultd result;
    fcl::collide(a_.get(), ta_, b_.get(), tb, request, result);
    r.intersecting = result.isCollision();
    if (r.intersecting && call_ == Call::contact && result.numContacts() > 0)
      // GST_INDEP reports the depth of two Convex shapes as a negative number,
      // GST_LIBCCD as a positive one: the magnitude is the depth in both.
      r.depth = std::abs(result.getContact(0).penetration_depth);
    return r;
  }

 private:
  Call call_;
  fcl::GJKSolverType solver_;
  std::shared_ptr<fcl::Convexd> a_, b_;
  fcl::Transform3d ta_;
  std::vector<fcl::Transform3d, Eigen::aligned_allocator<fcl::Transform3d>> tb_;
};

Algorithm make(const char* name, unsigned answers, Call call, fcl::GJKSolverType solver) {
  return {.name = name, .answers = answers, .prepare = prepare_as<Fcl>(call, solver)};
}

void add_fcl(std::vector<Algorithm>& out) {
  out.push_back(make("fcl.collide_libccd", boolean, Call::collide, fcl::GST_LIBCCD));
  out.push_back(make("fcl.collide_indep", boolean, Call::collide, fcl::GST_INDEP));
  out.push_back(make("fcl.contact_libccd", boolean | penetration, Call::contact, fcl::GST_LIBCCD));
  out.push_back(make("fcl.contact_indep", boolean | penetration, Call::contact, fcl::GST_INDEP));
  out.push_back(make("fcl.distance_libccd", boolean | distance, Call::distance, fcl::GST_LIBCCD));
  out.push_back(make("fcl.distance_indep", boolean | distance, Call::distance, fcl::GST_INDEP));
}

}  // namespace

const Registration registration("fcl", SEPAX_BENCH_FCL_VERSION, add_fcl);

}  // namespace peers
