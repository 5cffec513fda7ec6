// Brute-force reference for pair queries: the Minkowski difference.
//
// D = B - A = { b - a : a in A, b in B } is the hull of all pairwise
// differences of the two hulls' world-frame vertices, built with Qhull in
// double whatever sepax's precision. The origin inside D means the hulls
// intersect. When it is outside, its distance to D is the distance between
// the hulls, and the closest point of D points from A to B. When it is
// inside, the penetration depth is the smallest distance from the origin to a
// facet plane of D, and the negated outward normal of that facet is the
// minimum translation direction: moving B by depth * axis separates the pair
// (shifting B by v shifts D by v, so the origin leaves D through that facet).
//
// Slow (O(n m log nm)) and simple on purpose: every query module is checked
// against it.
#pragma once

#include "sepax/hull.hpp"

#include <glm/glm.hpp>

#include <string>
#include <vector>

namespace sepax::ref {

using dvec3 = glm::dvec3;

/// What the Minkowski difference says about a pair.
struct Answer {
  bool ok = false;            ///< false when D could not be built (see `message`)
  std::string message;        ///< why not ok
  bool intersecting = false;  ///< origin inside or on D (distance <= 0)
  double distance = 0;        ///< >= 0: origin to D; 0 when intersecting
  double depth = 0;           ///< >= 0: penetration depth; 0 when separated
  /// distance when separated, -depth when intersecting (the library's sign).
  double separation = 0;
  /// Unit, world frame, from A to B: separated, the direction from A's
  /// closest point to B's; intersecting, the minimum translation direction
  /// (push B along it by `depth`).
  dvec3 axis{0, 0, 1};
  /// Intersecting only: how much deeper the second-best facet direction is,
  /// i.e. (second smallest facet distance whose normal differs from `axis`
  /// by more than 1e-6 rad) - depth. Small means the MTV axis is not unique.
  double axis_gap = 0;
  /// Size of the pair: the largest extent (bounding-box diagonal) of A or B.
  double size = 0;
  /// True when D is flat (both hulls flat and in parallel planes, within
  /// tol::flat of D's extent): then depth is 0 and `intersecting` means the
  /// origin lies in D's polygon. D is then taken as a slab as thick as its
  /// points' spread, so distances are exact only to that thickness.
  bool flat = false;
};

/// Reference answer for two point sets already in the world frame (use the
/// hulls' vertices moved by their poses).
[[nodiscard]] Answer minkowski(const std::vector<dvec3>& a_world,
                               const std::vector<dvec3>& b_world);

/// Reference answer for two hulls at poses (vertices moved to the world frame
/// in double).
[[nodiscard]] Answer minkowski(const Hull& a, const Pose& pose_a, const Hull& b,
                               const Pose& pose_b);

/// The Minkowski difference built once and queried for many translations of
/// B: shifting B by v shifts D by v, so no rebuild is needed. The pair
/// generator bisects on B's position with it.
class Difference {
 public:
  /// Builds D from world-frame points (Qhull, or a 2D hull when D is flat).
  /// Never throws; when D cannot be built, query() answers ok = false.
  [[nodiscard]] static Difference build(const std::vector<dvec3>& a_world,
                                        const std::vector<dvec3>& b_world);

  /// The answer for the pair with B translated by `shift` (world frame).
  [[nodiscard]] Answer query(const dvec3& shift = dvec3(0)) const;

  /// When B moving by t * translation (world frame) meets A: the interval
  /// of t where the pair intersects (the origin in D + t * translation),
  /// clipped by every facet of D. Solid D only (ok false for a flat one).
  struct Entry {
    bool ok = false;        ///< false for a flat D or one not built
    bool meets = false;     ///< some t intersects
    double enter = 0;       ///< first t in contact (may be negative)
    double leave = 0;       ///< last t in contact
    dvec3 normal{0, 0, 1};  ///< unit, A to B: the entry facet's axis
  };
  [[nodiscard]] Entry entry(const dvec3& translation) const;

  /// False when D could not be built.
  [[nodiscard]] bool ok() const { return ok_; }
  /// Size of the pair (see Answer::size).
  [[nodiscard]] double size() const { return size_; }

 private:
  /// A facet plane of a solid D in centred coordinates: dot(normal, x) = offset.
  struct Facet {
    dvec3 normal;   ///< unit, outward
    double offset;  ///< dot(normal, x) on the plane
  };
  /// Runs Qhull on the centred points; returns its error text, empty on success.
  std::string init_solid(const std::vector<dvec3>& centred);
  /// Fills the flat representation: plane through the points with `normal`.
  bool init_flat(const std::vector<dvec3>& centred, const dvec3& normal);
  /// Answer for a solid D; `origin` in centred coordinates.
  Answer solid_query(const dvec3& origin) const;
  /// Answer for a flat D; `origin` in centred coordinates.
  Answer flat_query(const dvec3& origin) const;
  /// An answer with ok, message, size and flat filled in.
  Answer base_answer() const;

  bool ok_ = false;                  ///< D was built
  std::string message_;              ///< why not, when not ok
  double size_ = 0;                  ///< Answer::size
  double touch_ = 0;                 ///< absolute: distances up to this count as touching
  dvec3 center_{0};                  ///< mean of the differences; D is stored relative to it
  bool flat_ = false;                ///< D is flat: the members below `triangles_` describe it
  std::vector<Facet> facets_;        ///< solid D: one plane per triangle
  std::vector<dvec3> triangles_;     ///< solid D: 3 corners per entry of facets_
  dvec3 normal_{0};                  ///< flat D: unit plane normal
  dvec3 u_{0}, v_{0};                ///< flat D: in-plane basis, cross(u_, v_) = normal_
  double plane_offset_ = 0;          ///< flat D: dot(normal_, x) of the mid-plane
  double half_thickness_ = 0;        ///< flat D: points lie within this of the mid-plane
  std::vector<glm::dvec2> polygon_;  ///< flat D: (u_, v_) coordinates, counter-clockwise
};

/// The hull's vertices moved by the pose, in double.
[[nodiscard]] std::vector<dvec3> world_points(const Hull& hull, const Pose& pose);

}  // namespace sepax::ref
