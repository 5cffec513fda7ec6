// What the tool checks a pair as: a mode. The hulls (the default), the
// meshes (--mesh) and the convex parts (--decompose) are each one Mode; the
// commands load, check, print and count through this interface and never ask
// which mode they run.
//
// Adding a mode is one file, which defines its Mode, its Report and a make
// function, plus its entry in the registry (mode.cpp: the make function,
// declared and listed) and its source in tools/meson.build. No command
// changes: those named in the mode's helps offer its flag.
//
// Casts (`sepax cast`, `ray`, `batch --cast`) are answered by the modes whose
// casts() is true, through cast() and ray_cast(); the others are refused with
// "not yet in this mode".
#pragma once

#include "broadphase.hpp"
#include "common.hpp"
#include "sepax/cast.hpp"
#include "sepax/volume.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <array>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sepax::cli {

struct HullListing;
struct CastReport;
struct HtmlShape;
struct HtmlPage;

/// What to compute for a pair besides the answer (hull answers only).
struct PairQuery {
  bool contacts = false;  ///< also the contact manifold (contact::collide)
  real margin = 0;        ///< its margin: speculative points within this gap
};

/// The volume a pair shares (--volume): the library's answer, and a note
/// when there is none (why) or when it is about other shapes than the
/// inputs (the hulls of meshes that are not convex).
struct SharedVolume {
  OverlapVolume overlap;
  std::string note;  ///< "" or one clause: "B is an open mesh: it encloses no volume"
};

/// One pair's answer in some mode: what every command prints, writes and
/// counts. The header's shapes are the mode's words for its inputs.
struct Report : PairHeader {
  virtual ~Report() = default;

  /// The volume the pair shares, when the command asked for it (--volume).
  std::optional<SharedVolume> volume;

  [[nodiscard]] virtual Verdict verdict() const = 0;
  /// The shapes overlap or touch: JSON's "intersecting", check's exit status.
  [[nodiscard]] virtual bool intersecting() const = 0;
  /// The gap between the shapes (length): their distance when the verdict
  /// is separated, else 0 (--clearance compares it with D).
  [[nodiscard]] virtual real gap() const = 0;
  /// World points of A and of B the gap is measured between (the closest
  /// points when apart).
  [[nodiscard]] virtual std::array<vec3, 2> gap_points() const = 0;
  /// SAT and GJK/EPA disagree on the pair (exit status 3).
  [[nodiscard]] virtual bool disagree() const { return false; }

  /// check's report: several lines, to stdout (or the HTML page's panel).
  virtual void print(std::FILE* out) const = 0;
  /// check --json's object (schema in docs/cli.md).
  [[nodiscard]] virtual nlohmann::json json() const = 0;
  /// batch's line, after the case id: "  <verdict> ...".
  [[nodiscard]] virtual std::string batch_line() const;
  /// scene's line for an interfering pair, after the two names.
  [[nodiscard]] virtual std::string scene_line() const { return batch_line(); }
  /// scene --json's object for an interfering pair.
  [[nodiscard]] virtual nlohmann::json scene_json() const { return json(); }
  /// Adds the answer's points, segments and arrows to an HTML page
  /// (--html). By default the closest points of a pair apart and the
  /// segment between them.
  virtual void html_markers(HtmlPage& page) const;
  /// render's line, after "wrote FILE: ".
  [[nodiscard]] virtual std::string render_line() const { return to_string(verdict()); }
};

/// The shapes of one file: one, or one per part. Shared: batch keeps each
/// file's shapes for every case that names it.
using Shapes = std::vector<std::shared_ptr<const Shape>>;

/// The help of a mode's flag in one command that offers the mode.
struct FlagHelp {
  const char* command;  ///< "check", "batch", ...
  const char* text;
};

/// One way of checking a pair. A mode is given only the shapes it loaded.
class Mode {
 public:
  Mode(const Mode&) = delete;
  Mode& operator=(const Mode&) = delete;
  virtual ~Mode() = default;

  const char* const name;             ///< JSON's "mode": "hull", "mesh", "decompose"
  const char* const noun;             ///< what scene counts: "hulls", "meshes"
  const char* const flag;             ///< the flag that selects it; "" for the default
  const std::vector<FlagHelp> helps;  ///< the commands that offer it, and the flag's help

  /// The flag's help in `command`, or nullptr when it does not offer the mode.
  [[nodiscard]] const char* help(std::string_view command) const;
  /// Adds the mode's own options to a command that offers it.
  virtual void add_options(CLI::App* /*cmd*/) {}
  /// Whether its answers can be drawn (--svg).
  [[nodiscard]] virtual bool draws_hulls() const { return true; }
  /// Whether its answers can carry contacts (--contacts).
  [[nodiscard]] virtual bool gives_contacts() const { return draws_hulls(); }

  /// Appends the shape of a cooked hull file, or sets `error` (one line
  /// naming the file) and returns false.
  virtual bool load_cooked(const std::string& path, Shapes& out, std::string& error) const = 0;
  /// Appends the shapes of a mesh file already read (`file` is ok): one of
  /// the whole file, or one per part when `per_part` and it has several.
  /// One line in `errors` (naming the file or part) for each that fails.
  virtual void shapes_of(const std::string& path, const io::LoadResult& file, bool per_part,
                         Shapes& out, std::vector<std::string>& errors) const = 0;
  /// load_cooked() or io::load() and shapes_of(). On failure returns false
  /// with the first error.
  bool load(const std::string& path, bool per_part, Shapes& out, std::string& error) const;

  /// The shape's world box at `pose` (scene's broadphase).
  [[nodiscard]] virtual Aabb box(const Shape& s, const Pose& pose) const = 0;
  /// Whether the pair interferes: check()'s intersecting(), maybe cheaper.
  [[nodiscard]] virtual bool interferes(const Shape& a, const Pose& pose_a, const Shape& b,
                                        const Pose& pose_b) const;
  /// The answer for one pair, timed.
  [[nodiscard]] virtual std::unique_ptr<Report> check(const Shape& a, const Pose& pose_a,
                                                      const Shape& b, const Pose& pose_b,
                                                      const PairQuery& query) const = 0;

  /// The volume the pair shares (--volume). By default none, with a note
  /// saying so.
  [[nodiscard]] virtual SharedVolume shared_volume(const Shape& a, const Pose& pose_a,
                                                   const Shape& b, const Pose& pose_b) const;

  /// The shape at `pose` as the HTML report draws it (world frame): its
  /// surface, and its hull when that differs.
  [[nodiscard]] virtual HtmlShape html_shape(const Shape& s, const Pose& pose) const = 0;

  /// Writes the picture of a checked pair (render.hpp); false and `error`
  /// when it cannot.
  virtual bool write_svg(const std::string& path, const Shape& a, const Shape& b, const Report& r,
                         std::string& error) const;

  /// Whether the mode answers casts: cast() and ray_cast().
  [[nodiscard]] virtual bool casts() const { return false; }
  /// The first time B moving along `sweep_b` (its start and end poses, one
  /// scale) comes within `target` (a length, 0: contact) of A at rest at
  /// `pose_a`; nullptr and `error` (one line) when the mode cannot answer
  /// this cast. A mode whose cast ends overlapping sets the report's
  /// start_interferes. Only called when casts().
  [[nodiscard]] virtual std::unique_ptr<CastReport> cast(const Shape& a, const Pose& pose_a,
                                                         const Shape& b, const Sweep& sweep_b,
                                                         real target, std::string& error) const;
  /// Where a ray (world frame, the segment origin + t * translation for t in
  /// [0, 1]) first meets A at `pose_a`; nullptr and `error` as cast(). Only
  /// called when casts().
  [[nodiscard]] virtual std::unique_ptr<CastReport> ray_cast(const Shape& a, const Pose& pose_a,
                                                             const Ray& ray,
                                                             std::string& error) const;
  /// Writes the picture of a cast (render.hpp); `b` is null for a ray and
  /// for a point. False and `error` when it cannot.
  virtual bool write_cast_svg(const std::string& path, const Shape& a, const Shape* b,
                              const CastReport& r, std::string& error) const;
  /// The shape as scene --json lists it.
  [[nodiscard]] virtual nlohmann::json shape_json(const Shape& s) const {
    return {{"name", s.name}};
  }
  /// `sepax hull`: lists the files' hulls and returns the exit status. By
  /// default each file's hulls (list_file_hulls).
  [[nodiscard]] virtual int list_hulls(const HullListing& listing) const;

 protected:
  Mode(const char* name, const char* noun, const char* flag, std::vector<FlagHelp> helps = {})
      : name(name), noun(noun), flag(flag), helps(std::move(helps)) {}
};

/// Answers counted by verdict, for summaries and exit statuses.
struct Tally {
  std::array<int, 3> verdicts{};  ///< by Verdict
  int overlapping = 0;            ///< answers whose intersecting() is true
  int disagree = 0;

  void add(const Report& r);
  [[nodiscard]] int count(Verdict v) const { return verdicts[std::size_t(v)]; }
};

/// Exit status a set of answers calls for: 3 if any disagree, else 1 if any
/// intersects, else 0.
[[nodiscard]] int exit_status(bool any_disagree, bool any_intersecting);

/// The files and poses of a command that checks one pair, as given.
struct PairArguments {
  std::string file_a;
  std::string file_b;
  std::string pose_a = "0,0,0";
  std::string pose_b = "0,0,0";
};

/// Both poses and both files' shapes of a pair.
struct LoadedPair {
  Pose pose_a;
  Pose pose_b;
  Shapes as;  ///< A's shapes: the whole file, or one per part
  Shapes bs;  ///< B's, likewise
};

/// Parses both poses (parse_pose), then loads both files (Mode::load). On
/// the first failure prints one line "sepax: <problem>" to stderr and
/// returns nothing.
[[nodiscard]] std::optional<LoadedPair> load_pair(const Mode& mode, const PairArguments& pair,
                                                  bool per_part);

/// The modes one command offers, and the flags that choose among them.
class ModeChoice {
 public:
  ModeChoice();
  /// Adds the flag of every mode the command offers (Mode::help).
  void add_flags(CLI::App* cmd);
  /// Adds those modes' own options.
  void add_options(CLI::App* cmd);
  /// The mode the flags chose: the default when none. Prints one line
  /// "sepax: ..." to stderr and returns nullptr when two flags were given,
  /// when the command `casts` and the mode does not yet, when it `draws`
  /// (--svg) or asks for `contacts` (--contacts) and the mode cannot.
  [[nodiscard]] const Mode* chosen(bool draws = false, bool casts = false,
                                   bool contacts = false) const;

 private:
  struct Entry {
    std::unique_ptr<Mode> mode;
    bool chosen = false;
  };
  std::vector<Entry> entries_;  // the registry's order, the default first
};

}  // namespace sepax::cli
