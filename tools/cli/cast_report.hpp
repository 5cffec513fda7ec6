// One cast's answer in any mode, and what every mode's casts share: B moving
// from one pose to another against A at rest (`sepax cast`, `batch --cast`),
// B a point (a file of one vertex: its cast is a ray cast), or a ray
// (`sepax ray`). A mode fills a CastReport (Mode::cast, Mode::ray_cast); the
// commands print, write and count it.
#pragma once

#include "clearance.hpp"
#include "mode.hpp"
#include "sepax/cast.hpp"

#include <nlohmann/json.hpp>

#include <memory>
#include <string>

namespace sepax::cli {

/// What moves in a cast.
enum class Mover {
  shape,  ///< B, from its start pose to its end pose
  point,  ///< B is a point: the segment from where its start pose puts it to where its end pose
          ///< does
  ray,    ///< a ray (`sepax ray`): no B
};

/// "shape", "point" or "ray" (JSON's "moving").
[[nodiscard]] const char* to_string(Mover m);

/// A file of exactly one vertex, as `cast` and `batch --cast` take B.
struct PointShape : Shape {
  vec3 point{real(0)};  ///< in the file's frame
};

/// Everything a cast command reports. The header's B is empty for a ray;
/// pose_b is B's start pose.
struct CastReport : PairHeader {
  virtual ~CastReport() = default;

  const char* mode = "";    ///< JSON's "mode": the mode's name
  const char* tested = "";  ///< JSON's "tested": "hulls", "meshes"
  Mover mover = Mover::shape;
  Sweep sweep_b;                    ///< B's start and end poses (not for a ray)
  vec3 from{real(0)}, to{real(0)};  ///< a ray's or a point's segment, world frame
  CastResult result;
  const char* method = "";  ///< "sat::shape_cast", "gjk::time_of_impact", "ray_cast"
  const char* work = "";    ///< what result.iterations counts: "SAT queries", "steps"
  /// An iterative cast's stopping gap (length): the hit is within it of
  /// touching. 0 for the exact casts.
  real tolerance = 0;
  /// How accurate a cast is that is neither exact nor within `tolerance`
  /// (mesh mode's GJK casts); null otherwise.
  const char* accuracy = nullptr;
  /// What an overlapping start means, when not print()'s default text
  /// (": B starts overlapping or touching A; ...").
  std::string overlap_detail;
  /// False when a hit has no normal (B starts inside a closed mesh):
  /// printed and written without one.
  bool has_normal = true;
  /// --clearance D (as given, a double): the cast stopped where B came
  /// within D of A; negative without the option.
  double clearance = -1;
  /// Whether B overlaps or touches A at its start (set by the mode when the
  /// cast ends overlapping: with a clearance, a start merely within D
  /// is overlapping to some casts).
  bool start_interferes = true;
  std::string caveat;  ///< "" or "; A is not convex (the hulls were cast)"
  double us = 0;       ///< time of the cast, microseconds (median of a few runs)

  /// The result's normal and point, -0 read as 0 (as they are printed).
  [[nodiscard]] vec3 normal() const { return result.normal + vec3(0); }
  [[nodiscard]] vec3 point() const { return result.point + vec3(0); }
  /// B turns along its path (its start and end rotations differ).
  [[nodiscard]] bool turns() const;
  /// The translation of what moves: B's frame, or the segment's.
  [[nodiscard]] vec3 translation() const;
  /// The angle B turns through along its whole path, radians.
  [[nodiscard]] real angle() const;
  /// How far what moves has gone at the first contact: toi times the
  /// translation's length.
  [[nodiscard]] real distance() const;
  /// B's pose at the first contact (a point's: its start pose carried along
  /// the segment).
  [[nodiscard]] Pose pose_at_contact() const;
  /// The verdict for people: "hit at toi 0.75, after 3 travelled", "clear: ...".
  [[nodiscard]] std::string verdict_text() const;
  /// The method and its accuracy: "sat::shape_cast (exact)",
  /// "gjk::time_of_impact (conservative advancement: within tolerance ...)".
  [[nodiscard]] std::string how() const;

  /// --clearance's verdict on the path: clear (never within D of A),
  /// interfering (B starts overlapping or touching A), touching (D = 0 and
  /// B reaches A), too_close (B comes within D > 0 of A, or its first
  /// contact was not located). Only with a clearance.
  [[nodiscard]] Clearance clearance_verdict() const;

  /// The cast command's report: several lines, to stdout (or the HTML page's panel).
  virtual void print(std::FILE* out) const;
  /// --json's object (schema in docs/cli.md, "JSON of one cast").
  [[nodiscard]] virtual nlohmann::json json() const;
  /// batch --cast's line, after the case id: "  hit  toi 0.75  ...".
  [[nodiscard]] virtual std::string batch_line() const;
};

/// B's file as a cast takes it: a PointShape when the file (not a cooked
/// hull) holds exactly one vertex, else the mode's shape of the whole file.
/// Returns false and sets `error` (one line naming the file) on failure.
bool load_mover(const Mode& mode, const std::string& path, std::shared_ptr<const Shape>& out,
                std::string& error);

/// B cast along `sweep_b` against A at `pose_a` in `mode` (whose casts() is
/// true): a ray cast when B is a point. With a `clearance` D >= 0 (negative:
/// none) the cast stops where B comes within D of A. Returns nullptr and
/// sets `error` when A is a point, when B is a point and D > 0, when B's
/// scale changes along the path, or when the cast refuses its input.
[[nodiscard]] std::unique_ptr<CastReport> cast_pair(const Mode& mode, const Shape& a,
                                                    const Pose& pose_a, const Shape& b,
                                                    const Sweep& sweep_b, double clearance,
                                                    std::string& error);

/// Exit status of a cast: 1 when the path is not shown clear (hit,
/// overlapping, or a first contact not located), 0 when it is.
[[nodiscard]] int exit_status(const CastReport& r);

}  // namespace sepax::cli
