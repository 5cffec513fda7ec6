// The default mode: each input is its convex hull, and a pair is checked by
// SAT and GJK/EPA (check.hpp). Reports say when an input is not convex.
#include "check.hpp"
#include "mode.hpp"
#include "render.hpp"
#include "sepax/sat.hpp"
#include "shape.hpp"

namespace sepax::cli {

namespace {

const LoadedHull& hull_of(const Shape& s) {
  return static_cast<const LoadedHull&>(s);
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

  bool interferes(const Shape& a, const Pose& pose_a, const Shape& b,
                  const Pose& pose_b) const override {
    return sat::query(hull_of(a).built.hull, pose_a, hull_of(b).built.hull, pose_b).intersecting;
  }

  std::unique_ptr<Report> check(const Shape& a, const Pose& pose_a, const Shape& b,
                                const Pose& pose_b, const PairQuery& query) const override {
    return std::make_unique<PairReport>(check_pair(hull_of(a), pose_a, hull_of(b), pose_b, query));
  }

  bool write_svg(const std::string& path, const Shape& a, const Shape& b, const Report& r,
                 std::string& error) const override {
    return cli::write_svg(path, hull_of(a), hull_of(b), static_cast<const PairReport&>(r), error);
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
