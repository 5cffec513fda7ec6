// The single-pair queries: sepax.sat, sepax.gjk, sepax.epa, sepax.contact.
// Each takes two hulls with their world poses and returns a small result
// with the C++ field names; the GIL is released while the query runs (the
// hulls are read-only, the poses and results are values).
#include "common.hpp"

#include <cmath>
#include <limits>

namespace sepax::python {
namespace {

void bind_sat(py::module_& m) {
  py::module_ s = m.def_submodule("sat", "Separating axis queries between two hulls.");
  py::enum_<sat::FeatureKind>(s, "FeatureKind", "Which axis decided a query.")
      .value("none", sat::FeatureKind::none)
      .value("face_a", sat::FeatureKind::face_a)
      .value("face_b", sat::FeatureKind::face_b)
      .value("edges", sat::FeatureKind::edges)
      .value("edge_normal_a", sat::FeatureKind::edge_normal_a)
      .value("edge_normal_b", sat::FeatureKind::edge_normal_b);
  py::class_<sat::Feature>(s, "Feature",
                           "The deciding axis's origin: a face or edge index on A and/or B "
                           "(-1 when unused).")
      .def_readonly("kind", &sat::Feature::kind)
      .def_readonly("a", &sat::Feature::a, "Face or edge of A")
      .def_readonly("b", &sat::Feature::b, "Face or edge of B")
      .def("__eq__", [](const sat::Feature& x, const sat::Feature& y) { return x == y; })
      .def("__repr__", [](const sat::Feature& f) {
        return std::string("sat.Feature(") + sat::to_string(f.kind) + ", " + std::to_string(f.a) +
               ", " + std::to_string(f.b) + ")";
      });
  py::class_<sat::Counters>(s, "Counters", "Work done by a query.")
      .def_readonly("axes_tested", &sat::Counters::axes_tested)
      .def_readonly("support_calls", &sat::Counters::support_calls)
      .def_readonly("arc_tests", &sat::Counters::arc_tests)
      .def_readonly("walks_given_up", &sat::Counters::walks_given_up)
      .def_readonly("cache_hit", &sat::Counters::cache_hit);
  py::class_<sat::Result>(s, "Result", "Result of sat.query.")
      .def_readonly("intersecting", &sat::Result::intersecting,
                    "True when the hulls overlap or touch (separation within the touching band).")
      .def_property_readonly(
          "separation", num(&sat::Result::separation),
          "Signed, length unit: > 0 the hulls are at least this far apart; <= 0 they overlap\n"
          "and -separation is the penetration depth (B moved by -separation * axis touches A).")
      .def_property_readonly("axis", vec(&sat::Result::axis),
                             "(3,) unit, world frame, from A to B: the separating axis, or the\n"
                             "minimum translation direction for B.")
      .def_readonly("feature", &sat::Result::feature, "The face or edge pair that gave axis.")
      .def_readonly("counters", &sat::Result::counters, "Work done.");
  py::class_<sat::Cache>(s, "Cache", R"(Per-pair state for coherent frames: pass the same Cache
with the same pair (same A, same B) every frame; a new one is cold. A pair
that stays apart then costs O(1). Belongs to one pair and one thread: the
query writes it with the GIL released.)")
      .def(py::init<>())
      .def_readonly("feature", &sat::Cache::feature, "Last deciding feature; kind none = cold.")
      .def_property_readonly("separation", num(&sat::Cache::separation),
                             "Its separation then, in A's local lengths.")
      .def_readonly("support_a", &sat::Cache::support_a)
      .def_readonly("support_b", &sat::Cache::support_b);
  s.def(
      "query",
      [](const Hull& a, const Pose& pa, const Hull& b, const Pose& pb, sat::Cache* cache,
         double max_separation) {
        const real cap = length_arg(max_separation, "max_separation", true);
        py::gil_scoped_release unlocked;
        return sat::query(a, pa, b, pb, cache, cap);
      },
      py::arg("a"), py::arg("pose_a"), py::arg("b"), py::arg("pose_b"), py::arg("cache") = nullptr,
      py::arg("max_separation") = std::numeric_limits<double>::infinity(),
      R"(SAT query of hulls a and b at world poses: separation (signed, length unit),
axis (unit, world frame, A to B) and the deciding feature. Pairs farther apart
than max_separation (length unit) may stop at the first axis that separates
them by more than it; any pair within it gets the full answer. With a cache
(sat.Cache), a pair that stays apart costs O(1) and separation is the gap
along the cached axis (still a lower bound of the distance).)");
  s.def(
      "intersect",
      [](const Hull& a, const Pose& pa, const Hull& b, const Pose& pb, sat::Cache* cache) {
        return sat::intersect(a, pa, b, pb, cache);
      },
      py::arg("a"), py::arg("pose_a"), py::arg("b"), py::arg("pose_b"), py::arg("cache") = nullptr,
      release(),
      "True when hulls a and b at world poses overlap or touch; stops at the first "
      "separating axis.");
  s.def("mirrored", py::overload_cast<const sat::Result&>(&sat::mirrored), py::arg("result"),
        "The result of B against A seen as A against B: axis negated, features swapped.");
}

void bind_gjk(py::module_& m) {
  py::module_ g = m.def_submodule("gjk", "GJK distance between two hulls.");
  py::enum_<gjk::Status>(g, "Status", "How a GJK query ended.")
      .value("converged", gjk::Status::converged)
      .value("max_iterations", gjk::Status::max_iterations)
      .value("degenerate", gjk::Status::degenerate);
  py::class_<gjk::Result>(g, "Result", "Answer of gjk.distance.")
      .def_readonly("intersecting", &gjk::Result::intersecting,
                    "True when the shapes overlap or touch (within tol::gjk_touch).")
      .def_property_readonly("distance", num(&gjk::Result::distance),
                             "Euclidean distance, >= 0, length unit of the input; 0 when "
                             "overlapping\n(a tiny positive number within the touching band "
                             "when intersecting).")
      .def_property_readonly("axis", vec(&gjk::Result::axis),
                             "(3,) unit, world frame, from A to B: the direction of point_b - "
                             "point_a.\nWhen intersecting, the last search direction (not a "
                             "contact normal: use epa.query).")
      .def_property_readonly("point_a", vec(&gjk::Result::point_a),
                             "(3,) closest point on A, world frame.")
      .def_property_readonly(
          "point_b", vec(&gjk::Result::point_b),
          "(3,) closest point on B, world frame: point_b - point_a = distance * axis.")
      .def_readonly("iterations", &gjk::Result::iterations, "Support-point evaluations made.")
      .def_readonly("status", &gjk::Result::status, "How the query ended.");
  py::class_<gjk::Cache>(g, "Cache", R"(The last simplex of a pair, to warm-start the next query
(gjk.distance, gjk.intersect, epa.query); a new one is cold. Belongs to one
pair and one thread: the query writes it with the GIL released.)")
      .def(py::init<>())
      .def_readonly("count", &gjk::Cache::count, "Vertices of the last simplex (0 = cold).");
  g.def(
      "distance",
      [](const Hull& a, const Pose& pa, const Hull& b, const Pose& pb, gjk::Cache* cache) {
        return gjk::distance(a, pa, b, pb, cache);
      },
      py::arg("a"), py::arg("pose_a"), py::arg("b"), py::arg("pose_b"), py::arg("cache") = nullptr,
      release(),
      R"(GJK distance of hulls a and b at world poses: distance >= 0 (length unit),
axis unit from A to B and the closest points point_a, point_b, all in the
world frame, point_b - point_a = distance * axis; intersecting within
tol::gjk_touch.)");
  g.def(
      "intersect",
      [](const Hull& a, const Pose& pa, const Hull& b, const Pose& pb, gjk::Cache* cache) {
        return gjk::intersect(a, pa, b, pb, cache);
      },
      py::arg("a"), py::arg("pose_a"), py::arg("b"), py::arg("pose_b"), py::arg("cache") = nullptr,
      release(),
      "True when hulls a and b at world poses overlap or touch (within tol::gjk_touch).");
}

void bind_epa(py::module_& m) {
  py::module_ e = m.def_submodule("epa", "Penetration depth by GJK and EPA.");
  py::enum_<epa::Status>(e, "Status", "How EPA ended.")
      .value("converged", epa::Status::converged)
      .value("separated", epa::Status::separated)
      .value("max_iterations", epa::Status::max_iterations)
      .value("capacity", epa::Status::capacity)
      .value("degenerate", epa::Status::degenerate);
  py::class_<epa::Result>(e, "Result", "Answer of epa.query.")
      .def_readonly("intersecting", &epa::Result::intersecting,
                    "True when overlapping or touching (within tol::gjk_touch).")
      .def_property_readonly("separation", num(&epa::Result::separation),
                             "Signed distance, length unit: > 0 apart, exactly the distance; "
                             "<= 0\noverlapping or touching, -separation = penetration depth.")
      .def_property_readonly("axis", vec(&epa::Result::axis),
                             "(3,) unit, world frame, from A to B. Apart: from point_a to "
                             "point_b.\nOverlapping: moving B by -separation * axis separates "
                             "the shapes.")
      .def_property_readonly("point_a", vec(&epa::Result::point_a),
                             "(3,) world frame. Apart: closest point of A. Overlapping: the "
                             "point of A\ndeepest inside B.")
      .def_property_readonly("point_b", vec(&epa::Result::point_b),
                             "(3,) world frame. Apart: closest point of B. Overlapping: the "
                             "point of B\ndeepest inside A. point_b - point_a = separation * "
                             "axis up to round-off.")
      .def_readonly("gjk_iterations", &epa::Result::gjk_iterations)
      .def_readonly("epa_iterations", &epa::Result::epa_iterations)
      .def_readonly("gjk_status", &epa::Result::gjk_status)
      .def_readonly("epa_status", &epa::Result::epa_status)
      .def_property_readonly("depth_error", num(&epa::Result::depth_error),
                             "Length unit, >= 0: how far the true depth may lie below depth().")
      .def(
          "depth", [](const epa::Result& r) { return double(r.depth()); },
          "Penetration depth, >= 0: -separation when overlapping, else 0.");
  e.def(
      "query",
      [](const Hull& a, const Pose& pa, const Hull& b, const Pose& pb, gjk::Cache* cache) {
        return epa::query(a, pa, b, pb, cache);
      },
      py::arg("a"), py::arg("pose_a"), py::arg("b"), py::arg("pose_b"), py::arg("cache") = nullptr,
      release(),
      R"(Signed distance of hulls a and b at world poses: GJK when apart, EPA's
depth when overlapping. separation (length unit; < 0 overlapping), axis unit
from A to B, witness points point_a, point_b, all in the world frame. cache
(gjk.Cache) warm-starts GJK. EPA's polytope lives on the stack: nothing is
allocated.)");
}

void bind_contact(py::module_& m) {
  py::module_ c = m.def_submodule("contact", "Contact manifolds between two hulls.");
  c.attr("max_points") = contact::max_points;
  py::class_<contact::Point>(c, "Point", "One contact point.")
      .def_property_readonly("point_a", vec(&contact::Point::point_a),
                             "(3,) world frame, on A's surface.")
      .def_property_readonly("point_b", vec(&contact::Point::point_b),
                             "(3,) world frame, on B's surface.")
      .def_property_readonly("separation", num(&contact::Point::separation),
                             "dot(point_b - point_a, normal), length unit: < 0 penetration, "
                             "> 0 a gap\n(a speculative point within the margin).")
      .def_readonly("id", &contact::Point::id,
                    "The features of A and B that made the point (64-bit id).");
  py::class_<contact::Manifold>(c, "Manifold", "The contact between two hulls.")
      .def_property_readonly("normal", vec(&contact::Manifold::normal),
                             "(3,) unit, world frame, from A to B: the direction B is pushed "
                             "to separate.")
      .def_property_readonly(
          "points",
          [](const contact::Manifold& mf) {
            py::list out;
            for (int i = 0; i < mf.count; ++i) out.append(py::cast(mf.points[i]));
            return out;
          },
          "The count contact points (a new list on each access).")
      .def_readonly("count", &contact::Manifold::count,
                    "Number of points; 0 when the hulls are farther apart than the margin.")
      .def_property_readonly("separation", num(&contact::Manifold::separation),
                             "SAT's separation along the normal, length unit (< 0 overlapping).")
      .def_readonly("feature", &contact::Manifold::feature,
                    "The deciding feature (sat.Feature): reference face or edge pair.");
  py::class_<contact::Cache>(c, "Cache", R"(Per-pair state kept between frames: SAT's axis cache,
the last manifold's feature, and for a pair last found beyond the margin its
gap and B's placement relative to A then; a new one is cold. Belongs to one
pair and one thread: collide writes it with the GIL released.)")
      .def(py::init<>())
      .def_readonly("sat", &contact::Cache::sat, "SAT's axis cache (sat.Cache).")
      .def_readonly("feature", &contact::Cache::feature, "The last manifold's feature.");
  c.def(
      "collide",
      [](const Hull& a, const Pose& pa, const Hull& b, const Pose& pb, double margin,
         contact::Cache* cache) {
        const real mg = length_arg(margin, "margin", false);
        py::gil_scoped_release unlocked;
        return contact::collide(a, pa, b, pb, mg, cache);
      },
      py::arg("a"), py::arg("pose_a"), py::arg("b"), py::arg("pose_b"), py::arg("margin") = 0.0,
      py::arg("cache") = nullptr,
      R"(Contact manifold of hulls a and b at world poses: up to max_points points,
world frame, each with its signed separation (length unit) along normal
(unit, A to B). Points are made while the hulls are within margin (length
unit, >= 0, finite) of each other; pairs farther apart get count 0. cache
(contact.Cache) carries SAT's axis from frame to frame; a pair it last found
beyond the margin is answered without a query while B's motion relative to A
since cannot have brought it within: count 0, and for separation that proven
lower bound of the gap.)");
  c.def("mirrored", &contact::mirrored, py::arg("manifold"),
        "The manifold of B against A seen as A against B: normal negated, the roles of A and "
        "B swapped in every point and id.");
}

}  // namespace

void bind_queries(py::module_& m) {
  bind_sat(m);
  bind_gjk(m);
  bind_epa(m);
  bind_contact(m);
}

}  // namespace sepax::python
