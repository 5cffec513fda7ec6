// bench_peers: libccd adapter. libccd takes support callbacks over opaque
// objects; ours answer in the world frame: the direction is turned into the
// hull's local frame, the support vertex found with sepax's support search
// (a scan up to 16 vertices, hill climbing from the last answer above, the
// way FCL's Convex does it too), and moved back to the world. The callbacks
// count their calls. Tolerances: libccd's defaults (CCD_INIT), which are
// absolute; the workloads are unit-sized.
#include "adapter.hpp"

#include "sepax/support.hpp"

#include <ccd/ccd.h>

namespace peers {
namespace {

/// One posed hull as libccd sees it.
struct Object {
  const sepax::Hull* hull = nullptr;
  sepax::Pose pose;
  mutable sepax::index_t hint = -1;
  mutable int calls = 0;
};

void support(const void* obj, const ccd_vec3_t* dir, ccd_vec3_t* out) {
  const Object& o = *static_cast<const Object*>(obj);
  ++o.calls;
  const sepax::vec3 d = o.pose.rotate_inverse(sepax::vec3(dir->v[0], dir->v[1], dir->v[2]));
  o.hint = sepax::support_index(*o.hull, d, o.hint);
  const sepax::vec3 p = o.pose.apply(o.hull->vertices()[std::size_t(o.hint)]);
  ccdVec3Set(out, p.x, p.y, p.z);
}

void center(const void* obj, ccd_vec3_t* out) {
  const Object& o = *static_cast<const Object*>(obj);
  const sepax::vec3 p = o.pose.apply(o.hull->centroid());
  ccdVec3Set(out, p.x, p.y, p.z);
}

enum class Call { gjk_intersect, mpr_intersect, gjk_penetration, mpr_penetration };

class Ccd final : public Prepared {
 public:
  Ccd(const bench::PairCase& p, Call call) : Prepared(p), call_(call) {
    CCD_INIT(&ccd_);
    ccd_.support1 = support;
    ccd_.support2 = support;
    ccd_.center1 = center;
    ccd_.center2 = center;
    a_.hull = p.a;
    a_.pose = p.pose_a;
    b_.hull = p.b;
  }

  Answer run(int frame) override {
    b_.pose = pair().pose_b[std::size_t(frame)];
    a_.calls = b_.calls = 0;
    a_.hint = b_.hint = -1;  // no memory from the previous query: a cold start
    Answer r;
    ccd_real_t depth = 0;
    ccd_vec3_t dir, pos;
    switch (call_) {
      case Call::gjk_intersect:
        r.intersecting = ccdGJKIntersect(&a_, &b_, &ccd_) != 0;
        break;
      case Call::mpr_intersect:
        r.intersecting = ccdMPRIntersect(&a_, &b_, &ccd_) != 0;
        break;
      case Call::gjk_penetration:
        r.intersecting = ccdGJKPenetration(&a_, &b_, &ccd_, &depth, &dir, &pos) == 0;
        break;
      case Call::mpr_penetration:
        r.intersecting = ccdMPRPenetration(&a_, &b_, &ccd_, &depth, &dir, &pos) == 0;
        break;
    }
    if (r.intersecting && (call_ == Call::gjk_penetration || call_ == Call::mpr_penetration))
      r.depth = double(depth);
    r.support_calls = (a_.calls + b_.calls) / 2;
    return r;
  }

 private:
  Call call_;
  ccd_t ccd_{};
  Object a_, b_;
};

Algorithm make(const char* name, unsigned answers, Call call) {
  return {.name = name, .answers = answers, .prepare = prepare_as<Ccd>(call)};
}

void add_ccd(std::vector<Algorithm>& out) {
  out.push_back(make("ccd.gjk_intersect", boolean, Call::gjk_intersect));
  out.push_back(make("ccd.mpr_intersect", boolean, Call::mpr_intersect));
  out.push_back(make("ccd.gjk_penetration", boolean | penetration, Call::gjk_penetration));
  out.push_back(make("ccd.mpr_penetration", boolean | penetration, Call::mpr_penetration));
}

}  // namespace

const Registration registration("ccd", SEPAX_BENCH_CCD_VERSION, add_ccd);

}  // namespace peers
