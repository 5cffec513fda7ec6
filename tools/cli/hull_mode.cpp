// The default mode: each input is its convex hull, and a pair is checked by
// SAT and GJK/EPA (check.hpp). Reports say when an input is not convex.
// Casts: sat::shape_cast (exact) when B keeps its rotation,
// gjk::time_of_impact when it turns; rays by ray_cast.
#include "cast_report.hpp"
#include "check.hpp"
#include "html_report.hpp"
#include "mode.hpp"
#include "render.hpp"
#include "sepax/gjk_cast.hpp"
#include "sepax/sat.hpp"
#include "shape.hpp"

#include <algorithm>

namespace sepax::cli {

namespace {

const LoadedHull& hull_of(const Shape& s) {
  return static_cast<const LoadedHull&>(s);
}

/// B cast along `sweep` against A at rest, until within `target` of it.
std::unique_ptr<CastReport> cast_hulls(const LoadedHull& a, const Pose& pose_a, const LoadedHull& b,
                                       const Sweep& sweep, real target) {
  auto r = std::make_unique<CastReport>();
  static_cast<PairHeader&>(*r) =
      pair_header({a.name, pose_a, describe_shape(a), shape_json(a)},
                  {b.name, sweep.start, describe_shape(b), shape_json(b)});
  r->mode = "hull";
  r->tested = "hulls";
  r->sweep_b = sweep;
  r->caveat = hulls_caveat(a, b, "the hulls were cast");
  const Hull& ha = a.built.hull;
  const Hull& hb = b.built.hull;
  if (!r->turns() && target > 0) {
    // A clearance is a distance: GJK's cast stops where the hulls' distance
    // reaches it (sat::shape_cast's target is SAT's separation, a lower
    // bound of the distance); overlapping then means within it at the start.
    const vec3 move = sweep.end.translation - sweep.start.translation;
    const auto query = [&] {
      return gjk::shape_cast(ha, pose_a, hb, sweep.start, move, 1, target);
    };
    r->method = "gjk::shape_cast";
    r->accuracy = "within round-off of the clearance";
    r->work = "GJK iterations";
    r->result = query();
    r->us = median_us(query);
    if (r->result.status == CastStatus::overlapping) {
      r->start_interferes = interferes(ha, pose_a, hb, sweep.start);
      if (!r->start_interferes)
        r->overlap_detail = ": B starts within " + fmt("%.9g", double(target)) + " of A";
    }
    return r;
  }
  if (!r->turns()) {
    const vec3 move = sweep.end.translation - sweep.start.translation;
    const auto query = [&] { return sat::shape_cast(ha, pose_a, hb, sweep.start, move); };
    r->method = "sat::shape_cast";
    r->work = "SAT queries";
    r->result = query();
    r->us = median_us(query);
    return r;  // overlapping: SAT says they overlap or touch at the start
  }
  // The library's default tolerance, passed to be reported.
  r->tolerance = tol::toi * std::min(ha.extent() * pose_a.scale, hb.extent() * sweep.start.scale);
  const Sweep at_rest{pose_a, pose_a};
  const auto query = [&] {
    return gjk::time_of_impact(ha, at_rest, hb, sweep, target, r->tolerance);
  };
  r->method = "gjk::time_of_impact";
  r->work = "steps";
  r->result = query();
  r->us = median_us(query);
  return r;  // overlapping: GJK says they overlap at the start
}

/// A ray against A's hull.
std::unique_ptr<CastReport> ray_hull(const LoadedHull& a, const Pose& pose_a, const Ray& ray) {
  auto r = std::make_unique<CastReport>();
  r->id = r->name_a = a.name;
  r->pose_a = pose_a;
  r->shape_a = describe_shape(a);
  r->input_a = shape_json(a);
  r->mode = "hull";
  r->tested = "hulls";
  r->mover = Mover::ray;
  r->from = ray.origin;
  r->to = ray.origin + ray.translation;
  if (!a.cooked && !a.convexity.convex)
    r->caveat = "; A is not convex (the ray was cast on its hull)";
  const auto query = [&] { return sepax::ray_cast(a.built.hull, pose_a, ray); };
  r->method = "ray_cast";
  r->work = "faces visited";
  r->result = query();
  r->us = median_us(query);
  return r;
}

class HullMode final : public Mode {
 public:
  HullMode() : Mode("hull", "hulls", "") {}

  bool load_cooked(const std::string& path, Shapes& out, std::string& error) const override {
    std::vector<LoadedHull> loaded;
    if (!cli::load_cooked(path, loaded, error)) return false;
    out.push_back(std::make_shared<LoadedHull>(std::move(loaded.front())));
    return true;
  }

  void shapes_of(const std::string& path, const io::LoadResult& file, bool per_part, Shapes& out,
                 std::vector<std::string>& errors) const override {
    for (NamedCloud& cloud : clouds_of(path, file, per_part)) {
      LoadedHull h = build_hull(std::move(cloud));
      if (h.built.ok())
        out.push_back(std::make_shared<LoadedHull>(std::move(h)));
      else
        errors.push_back(h.name + ": " + h.built.message);
    }
  }

  Aabb box(const Shape& s, const Pose& pose) const override {
    return world_bounds(hull_of(s).built.hull, pose);
  }

  /// The mesh's triangles with its hull as the toggle; a point cloud or a
  /// cooked hull is drawn as its hull.
  HtmlShape html_shape(const Shape& s, const Pose& pose) const override {
    const LoadedHull& h = hull_of(s);
    HtmlShape out;
    out.name = h.name;
    if (h.triangles.empty()) {
      hull_surface(h.built.hull, pose, out.positions, out.triangles);
      return out;
    }
    for (const vec3& p : h.points) out.positions.push_back(pose.apply(p));
    for (const auto& t : h.triangles)
      out.triangles.push_back({std::uint32_t(t[0]), std::uint32_t(t[1]), std::uint32_t(t[2])});
    hull_surface(h.built.hull, pose, out.hull_positions, out.hull_triangles);
    return out;
  }

  bool interferes(const Shape& a, const Pose& pose_a, const Shape& b,
                  const Pose& pose_b) const override {
    return cli::interferes(hull_of(a).built.hull, pose_a, hull_of(b).built.hull, pose_b);
  }

  std::unique_ptr<Report> check(const Shape& a, const Pose& pose_a, const Shape& b,
                                const Pose& pose_b, const PairQuery& query) const override {
    return std::make_unique<PairReport>(check_pair(hull_of(a), pose_a, hull_of(b), pose_b, query));
  }

  bool write_svg(const std::string& path, const Shape& a, const Shape& b, const Report& r,
                 std::string& error) const override {
    return cli::write_svg(path, hull_of(a), hull_of(b), static_cast<const PairReport&>(r), error);
  }

  SharedVolume shared_volume(const Shape& a, const Pose& pose_a, const Shape& b,
                             const Pose& pose_b) const override {
    const LoadedHull &ha = hull_of(a), &hb = hull_of(b);
    SharedVolume v{overlap_volume(ha.built.hull, pose_a, hb.built.hull, pose_b), ""};
    const std::string caveat = hulls_caveat(ha, hb, "--mesh estimates the meshes'");
    if (!caveat.empty()) v.note = "of the hulls" + caveat;
    return v;
  }

  bool casts() const override { return true; }

  std::unique_ptr<CastReport> cast(const Shape& a, const Pose& pose_a, const Shape& b,
                                   const Sweep& sweep_b, real target, std::string&) const override {
    return cast_hulls(hull_of(a), pose_a, hull_of(b), sweep_b, target);
  }

  std::unique_ptr<CastReport> ray_cast(const Shape& a, const Pose& pose_a, const Ray& ray,
                                       std::string&) const override {
    return ray_hull(hull_of(a), pose_a, ray);
  }

  bool write_cast_svg(const std::string& path, const Shape& a, const Shape* b, const CastReport& r,
                      std::string& error) const override {
    return cli::write_cast_svg(path, hull_of(a), b ? &hull_of(*b) : nullptr, r, error);
  }

  nlohmann::json shape_json(const Shape& s) const override {
    const LoadedHull& h = hull_of(s);
    return {{"name", h.name},
            {"vertices", h.built.hull.vertex_count()},
            {"faces", h.built.hull.face_count()},
            {"shape", shape_class(h.built.hull)},
            {"input", cli::shape_json(h)}};
  }
};

}  // namespace

std::unique_ptr<Mode> make_hull_mode() {
  return std::make_unique<HullMode>();
}

}  // namespace sepax::cli
