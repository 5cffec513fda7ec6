// bench_cast: sepax's casts behind the adapter interface. Rays: ray_cast
// (face clipping, a walk on large hulls), ray_cast_scan (every face) and
// gjk::ray_cast on the posed hull; linear casts: sat::shape_cast (exact)
// and gjk::shape_cast; sweeps: gjk::time_of_impact (conservative
// advancement), which answers linear casts too; rays against a triangle
// mesh: mesh::ray_cast (the nearest triangle through its AABB tree, either
// side).
#include "adapter.hpp"

#include "sepax/cast.hpp"
#include "sepax/convex.hpp"
#include "sepax/gjk_cast.hpp"
#include "sepax/mesh.hpp"
#include "sepax/sat.hpp"

#include <vector>

namespace peers {
namespace {

using sepax::CastResult;

Answer from_cast(const CastResult& r) {
  Answer a;
  a.intersecting = r.hit();
  if (r.hit()) a.fraction = double(r.fraction);
  a.normal = r.normal;
  a.iterations = r.iterations;
  return a;
}

enum class Call { ray, ray_scan, gjk_ray, sat_cast, gjk_cast, toi, mesh_ray };

class SepaxCast final : public Prepared {
 public:
  SepaxCast(const bench::PairCase& p, Call call) : Prepared(p), call_(call) {
    for (std::size_t f = 0; f < p.casts.size(); ++f) {
      const bench::Cast& c = p.casts[f];
      sweep_a_.push_back({p.pose_a, c.end_a});
      sweep_b_.push_back({p.pose_b[f], c.end_b});
      // B's translation relative to A's: what a linear cast takes.
      moved_.push_back((c.end_b.translation - p.pose_b[f].translation) -
                       (c.end_a.translation - p.pose_a.translation));
    }
  }

  Answer run(int frame) override {
    const bench::PairCase& p = pair();
    const auto f = std::size_t(frame);
    const sepax::Ray& ray = p.casts[f].ray;
    switch (call_) {
      case Call::ray:
        return from_cast(sepax::ray_cast(*p.a, p.pose_a, ray));
      case Call::ray_scan:
        return from_cast(sepax::ray_cast_scan(*p.a, p.pose_a, ray));
      case Call::gjk_ray:
        return from_cast(sepax::gjk::ray_cast(sepax::convex::posed(*p.a, p.pose_a), ray));
      case Call::sat_cast:
        return from_cast(sepax::sat::shape_cast(*p.a, p.pose_a, *p.b, p.pose_b[f], moved_[f]));
      case Call::gjk_cast:
        return from_cast(sepax::gjk::shape_cast(*p.a, p.pose_a, *p.b, p.pose_b[f], moved_[f]));
      case Call::toi:
        return from_cast(sepax::gjk::time_of_impact(*p.a, sweep_a_[f], *p.b, sweep_b_[f]));
      case Call::mesh_ray:
        return from_cast(sepax::mesh::ray_cast(p.mesh->surface, p.pose_a, ray));
    }
    return {};
  }

 private:
  Call call_;
  std::vector<sepax::Sweep> sweep_a_, sweep_b_;
  std::vector<sepax::vec3> moved_;
};

Algorithm make(const char* name, unsigned answers, Call call) {
  return {.name = name, .answers = answers, .prepare = prepare_as<SepaxCast>(call)};
}

void add_sepax(std::vector<Algorithm>& out) {
  out.push_back(make("sepax.ray_cast", ray, Call::ray));
  out.push_back(make("sepax.ray_scan", ray, Call::ray_scan));
  out.push_back(make("sepax.gjk_ray", ray, Call::gjk_ray));
  out.push_back(make("sepax.sat_cast", cast, Call::sat_cast));
  out.push_back(make("sepax.gjk_cast", cast, Call::gjk_cast));
  out.push_back(make("sepax.toi", cast | toi, Call::toi));
  out.push_back(make("sepax.mesh_ray", mesh_ray, Call::mesh_ray));
}

}  // namespace

const Registration registration("sepax", "", add_sepax);

}  // namespace peers
