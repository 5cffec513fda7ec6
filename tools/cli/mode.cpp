#include "mode.hpp"

#include "cast_report.hpp"
#include "html_report.hpp"
#include "hull_list.hpp"

#include <cstdio>

namespace sepax::cli {

// The registry: every mode, the default first; each make function is
// defined in its mode's file.
std::unique_ptr<Mode> make_hull_mode();       // hull_mode.cpp
std::unique_ptr<Mode> make_mesh_mode();       // mesh_mode.cpp
std::unique_ptr<Mode> make_decompose_mode();  // decompose_mode.cpp

namespace {

std::vector<std::unique_ptr<Mode>> make_modes() {
  std::vector<std::unique_ptr<Mode>> modes;
  for (auto make : {make_hull_mode, make_mesh_mode, make_decompose_mode}) modes.push_back(make());
  return modes;
}

}  // namespace

std::string Report::batch_line() const {
  return std::string("  ") + to_string(verdict());
}

void Report::html_markers(HtmlPage& page) const {
  if (verdict() != Verdict::separated) return;
  const auto [a, b] = gap_points();
  page.points.push_back({a, "closest point of A"});
  page.points.push_back({b, "closest point of B"});
  page.segments.push_back({a, b, "distance " + fmt("%.6g", double(gap()))});
}

const char* Mode::help(std::string_view command) const {
  for (const FlagHelp& h : helps)
    if (command == h.command) return h.text;
  return nullptr;
}

bool Mode::load(const std::string& path, bool per_part, Shapes& out, std::string& error) const {
  if (is_cooked(path)) return load_cooked(path, out, error);
  const io::LoadResult file = io::load(path);
  if (!file.ok()) {
    error = file.message;
    return false;
  }
  std::vector<std::string> errors;
  shapes_of(path, file, per_part, out, errors);
  if (errors.empty()) return true;
  error = errors.front();
  return false;
}

bool Mode::interferes(const Shape& a, const Pose& pose_a, const Shape& b,
                      const Pose& pose_b) const {
  return check(a, pose_a, b, pose_b, {})->intersecting();
}

SharedVolume Mode::shared_volume(const Shape&, const Pose&, const Shape&, const Pose&) const {
  SharedVolume v;
  v.overlap.method = VolumeMethod::none;
  v.note = std::string("no volume with ") + flag + " (--mesh estimates the meshes')";
  return v;
}

bool Mode::write_svg(const std::string&, const Shape&, const Shape&, const Report&,
                     std::string& error) const {
  error = std::string("--svg draws hulls; not with ") + flag;
  return false;
}

std::unique_ptr<CastReport> Mode::cast(const Shape&, const Pose&, const Shape&, const Sweep&, real,
                                       std::string& error) const {
  error = std::string("casts are not yet answered with ") + flag;
  return nullptr;
}

std::unique_ptr<CastReport> Mode::ray_cast(const Shape&, const Pose&, const Ray&,
                                           std::string& error) const {
  error = std::string("casts are not yet answered with ") + flag;
  return nullptr;
}

bool Mode::write_cast_svg(const std::string&, const Shape&, const Shape*, const CastReport&,
                          std::string& error) const {
  error = std::string("--svg draws hulls; not with ") + flag;
  return false;
}

int Mode::list_hulls(const HullListing& listing) const {
  return list_file_hulls(listing);
}

void Tally::add(const Report& r) {
  ++verdicts[std::size_t(r.verdict())];
  overlapping += r.intersecting();
  disagree += r.disagree();
}

int exit_status(bool any_disagree, bool any_intersecting) {
  if (any_disagree) return exit_disagree;
  return any_intersecting ? exit_intersecting : exit_clear;
}

std::optional<LoadedPair> load_pair(const Mode& mode, const PairArguments& pair, bool per_part) {
  LoadedPair loaded;
  std::string error;
  if (!parse_pose(pair.pose_a, loaded.pose_a, error) ||
      !parse_pose(pair.pose_b, loaded.pose_b, error) ||
      !mode.load(pair.file_a, per_part, loaded.as, error) ||
      !mode.load(pair.file_b, per_part, loaded.bs, error)) {
    std::fprintf(stderr, "sepax: %s\n", error.c_str());
    return std::nullopt;
  }
  return loaded;
}

ModeChoice::ModeChoice() {
  for (std::unique_ptr<Mode>& mode : make_modes()) entries_.push_back({std::move(mode)});
}

void ModeChoice::add_flags(CLI::App* cmd) {
  for (Entry& e : entries_)
    if (const char* help = e.mode->help(cmd->get_name()))
      cmd->add_flag(e.mode->flag, e.chosen, help);
}

void ModeChoice::add_options(CLI::App* cmd) {
  for (Entry& e : entries_)
    if (e.mode->help(cmd->get_name())) e.mode->add_options(cmd);
}

const Mode* ModeChoice::chosen(bool draws, bool casts, bool contacts) const {
  const Mode* mode = nullptr;
  for (const Entry& e : entries_) {
    if (!e.chosen) continue;
    if (mode) {
      std::fprintf(stderr, "sepax: %s and %s are two different answers: choose one\n", mode->flag,
                   e.mode->flag);
      return nullptr;
    }
    mode = e.mode.get();
  }
  if (!mode) return entries_.front().mode.get();
  if (casts && !mode->casts()) {
    std::fprintf(stderr,
                 "sepax: casts are not yet answered with %s (without it, the hulls are cast)\n",
                 mode->flag);
    return nullptr;
  }
  if (draws && !mode->draws_hulls()) {
    std::fprintf(stderr, "sepax: --svg draws hulls; not with %s\n", mode->flag);
    return nullptr;
  }
  if (contacts && !mode->gives_contacts()) {
    std::fprintf(stderr, "sepax: --contacts is not answered with %s\n", mode->flag);
    return nullptr;
  }
  return mode;
}

}  // namespace sepax::cli
