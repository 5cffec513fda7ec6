// `sepax cast`: whether B's path from one pose to another is clear of A, and
// where it first meets A; `sepax ray`: the same for a ray. Both in the mode
// the flags choose (Mode::cast, Mode::ray_cast), with an optional SVG.
#include "cast_report.hpp"
#include "clearance.hpp"
#include "commands.hpp"
#include "html_report.hpp"

#include <cstdio>
#include <iostream>

namespace sepax::cli {

namespace {

/// What cast and ray print: the report, or its JSON; then the picture.
int report(const Mode& mode, const CastReport& r, bool json, const std::string& svg,
           const std::string& html, const std::string& title, const Shape& a, const Shape* b) {
  if (json)
    std::cout << r.json().dump(2) << "\n";
  else
    r.print(stdout);
  if (!svg.empty()) {
    std::string error;
    if (!mode.write_cast_svg(svg, a, b, r, error)) {
      std::cerr << "sepax: " << error << "\n";
      return exit_input_error;
    }
    if (!json) std::printf("wrote %s\n", svg.c_str());
  }
  if (!html.empty()) {
    std::string error;
    if (!write_html(html, cast_page(title, mode, a, b, r), error)) {
      std::cerr << "sepax: " << error << "\n";
      return exit_input_error;
    }
    if (!json) std::printf("wrote %s\n", html.c_str());
  }
  return exit_status(r);
}

struct CastOptions {
  PairArguments pair;
  std::string to;
  bool json = false;
  std::string svg;
  std::string html;
  ClearanceOption clearance;
  ModeChoice modes;
};

int run_cast(const CastOptions& o) {
  std::string error;
  if (!o.clearance.valid(error)) {
    std::cerr << "sepax: " << error << "\n";
    return exit_input_error;
  }
  const Mode* mode = o.modes.chosen(!o.svg.empty(), /*casts=*/true);
  if (!mode) return exit_input_error;
  Pose pose_a;
  Sweep sweep_b;
  std::shared_ptr<const Shape> a, b;
  if (!parse_pose(o.pair.pose_a, pose_a, error) ||
      !parse_pose(o.pair.pose_b, sweep_b.start, error) || !parse_pose(o.to, sweep_b.end, error) ||
      !load_mover(*mode, o.pair.file_a, a, error) || !load_mover(*mode, o.pair.file_b, b, error)) {
    std::cerr << "sepax: " << error << "\n";
    return exit_input_error;
  }
  const double clearance = o.clearance.d ? *o.clearance.d : -1.0;
  const std::unique_ptr<CastReport> r = cast_pair(*mode, *a, pose_a, *b, sweep_b, clearance, error);
  if (!r) {
    std::cerr << "sepax: " << error << "\n";
    return exit_input_error;
  }
  return report(*mode, *r, o.json, o.svg, o.html,
                "sepax cast " + o.pair.file_a + " " + o.pair.file_b + " --to " + o.to, *a,
                r->mover == Mover::shape ? b.get() : nullptr);
}

struct RayOptions {
  std::string file;
  std::string pose = "0,0,0";
  std::string from;
  std::string to;
  bool json = false;
  std::string svg;
  std::string html;
  ModeChoice modes;
};

int run_ray(const RayOptions& o) {
  const Mode* mode = o.modes.chosen(!o.svg.empty(), /*casts=*/true);
  if (!mode) return exit_input_error;
  Pose pose;
  vec3 from{real(0)}, to{real(0)};
  Shapes shapes;
  std::string error;
  if (!parse_pose(o.pose, pose, error) || !parse_point(o.from, from, error) ||
      !parse_point(o.to, to, error) || !mode->load(o.file, false, shapes, error)) {
    std::cerr << "sepax: " << error << "\n";
    return exit_input_error;
  }
  const std::unique_ptr<CastReport> r =
      mode->ray_cast(*shapes.front(), pose, Ray{from, to - from, 1}, error);
  if (!r || r->result.status == CastStatus::bad_input) {
    std::cerr << "sepax: " << (r ? r->id + ": the cast refused its input (bad_input)" : error)
              << "\n";
    return exit_input_error;
  }
  return report(*mode, *r, o.json, o.svg, o.html,
                "sepax ray " + o.file + " --from " + o.from + " --to " + o.to, *shapes.front(),
                nullptr);
}

}  // namespace

void add_cast_command(CLI::App& app, int& exit_code) {
  const auto [cmd, o] = add_command(
      app, "cast",
      "Whether B's path from --pose-b to --to is clear of A; if not, the time of impact, B's "
      "pose, the point and the normal at first contact",
      run_cast, exit_code);
  add_pair_arguments(cmd, o->pair);
  cmd->add_option("--to", o->to,
                  "B's pose at the end of its path, same syntax; the same rotation as --pose-b "
                  "casts exactly (sat::shape_cast), another turns B on the way "
                  "(gjk::time_of_impact, within tolerance)")
      ->required();
  cmd->add_flag("--json", o->json, "Print JSON (schema in docs/cli.md)");
  cmd->add_option("--svg", o->svg,
                  "Write a picture of A and of B at its start, at contact and at its end");
  cmd->add_option("--html", o->html,
                  "Write a page to turn in a browser: A, B at its start, at contact and at its "
                  "end, the contact point and normal");
  o->clearance.add_to(cmd);
  o->modes.add_flags(cmd);
}

void add_ray_command(CLI::App& app, int& exit_code) {
  const auto [cmd, o] = add_command(
      app, "ray", "Where the segment from --from to --to first meets a shape, and the normal there",
      run_ray, exit_code);
  cmd->add_option("SHAPE", o->file, "Mesh file (or cooked hull, .sxhull)")->required();
  cmd->add_option("--pose", o->pose, "Pose of the shape, as --pose-a of check; default 0,0,0");
  cmd->add_option("--from", o->from, "Where the ray starts: x,y,z (world frame)")->required();
  cmd->add_option("--to", o->to, "Where it ends: x,y,z (world frame)")->required();
  cmd->add_flag("--json", o->json, "Print JSON (schema in docs/cli.md)");
  cmd->add_option("--svg", o->svg, "Write a picture of the shape, the ray and the hit");
  cmd->add_option("--html", o->html,
                  "Write a page to turn in a browser: the shape, the ray, the hit");
  o->modes.add_flags(cmd);
}

}  // namespace sepax::cli
