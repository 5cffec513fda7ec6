// Casts: sepax.Ray, sepax.Sweep, sepax.CastStatus, sepax.CastResult,
// sepax.FeatureType and FeatureRef, the round shapes sepax.Sphere and
// sepax.Capsule; sepax.ray_cast, sat.shape_cast, gjk.shape_cast,
// gjk.time_of_impact, and contact.collide for a sphere or a capsule against
// a hull. As cast.hpp: results in the world frame, normals unit vectors from
// the shape hit (A) towards what moves.
#include "common.hpp"

#include <sstream>

namespace sepax::python {
namespace {

void bind_features(py::module_& m) {
  py::enum_<FeatureType>(m, "FeatureType", "Which kind of feature of a hull.")
      .value("vertex", FeatureType::vertex)
      .value("edge", FeatureType::edge)
      .value("face", FeatureType::face);
  py::class_<FeatureRef>(m, "FeatureRef",
                         "One feature of a hull: its type and index (a vertex, an edge, a face); "
                         "index -1 when unset.")
      .def(py::init([](FeatureType type, index_t index) {
             return FeatureRef{type, index};
           }),
           py::arg("type"), py::arg("index"))
      .def_readonly("type", &FeatureRef::type)
      .def_readonly("index", &FeatureRef::index)
      .def("__eq__", [](const FeatureRef& x, const FeatureRef& y) { return x == y; })
      .def("__repr__", [](const FeatureRef& f) {
        static const char* names[] = {"vertex", "edge", "face"};
        return std::string("FeatureRef(") + names[static_cast<int>(f.type)] + ", " +
               std::to_string(f.index) + ")";
      });
}

void bind_ray_and_sweep(py::module_& m) {
  py::class_<Ray>(m, "Ray", R"(A straight path, world frame: origin + t * translation for t in
[0, max_fraction]. A zero translation asks about the origin alone.)")
      .def(py::init([](py::handle origin, py::handle translation, double max_fraction) {
             return Ray{to_finite_vec3(origin, "origin"),
                        to_finite_vec3(translation, "translation"),
                        length_arg(max_fraction, "max_fraction", true)};
           }),
           py::arg("origin"), py::arg("translation"), py::arg("max_fraction") = 1.0)
      .def_property_readonly("origin", vec(&Ray::origin), "(3,) world frame.")
      .def_property_readonly("translation", vec(&Ray::translation),
                             "(3,) world frame: the whole path (t = 1).")
      .def_property_readonly("max_fraction", num(&Ray::max_fraction),
                             ">= 0: a cast looks no further along the path.");
  py::class_<Sweep>(m, "Sweep", R"(A rigid motion over t in [0, 1] from start to end (Poses): the
translation moves linearly, the rotation turns by slerp (the shorter way,
at a constant rate), the scale stays start's.)")
      .def(py::init([](const Pose& start, const Pose& end) {
             return Sweep{start, end};
           }),
           py::arg("start"), py::arg("end"))
      .def_readonly("start", &Sweep::start)
      .def_readonly("end", &Sweep::end)
      .def("at", &Sweep::at, py::arg("t"), "The pose at t.")
      .def("angle", &Sweep::angle,
           "The angle (radians, in [0, pi]) the rotation turns through from start to end.");
}

void bind_cast_result(py::module_& m) {
  py::enum_<CastStatus>(m, "CastStatus", R"(How a cast ended:
hit: first contact at fraction in (0, max_fraction], no contact before it;
missed: no contact for any t in [0, max_fraction];
overlapping: in contact at t = 0 (fraction 0, normal the way out);
max_iterations: no contact for t in [0, fraction], first contact not located;
bad_input: a non-finite number, an empty shape, ...: nothing computed.)")
      .value("hit", CastStatus::hit)
      .value("missed", CastStatus::missed)
      .value("overlapping", CastStatus::overlapping)
      .value("max_iterations", CastStatus::max_iterations)
      .value("bad_input", CastStatus::bad_input);
  py::class_<CastResult>(m, "CastResult", "The answer of a cast.")
      .def_readonly("status", &CastResult::status)
      .def_property_readonly("fraction", num(&CastResult::fraction),
                             "Fraction of the path at first contact: what moves then sits at "
                             "start + fraction * translation.\n0 when overlapping or missed.")
      .def_property_readonly("point", vec(&CastResult::point),
                             "(3,) world frame: the point of contact, on the shape hit.")
      .def_property_readonly("normal", vec(&CastResult::normal),
                             "(3,) unit, world frame, from the shape hit towards what moves (a "
                             "ray: the outward surface normal; two shapes: the axis from A to "
                             "B).")
      .def_readonly("feature", &CastResult::feature,
                    "The hull's feature hit when the query knows it (index -1 otherwise).")
      .def_readonly("triangle", &CastResult::triangle,
                    "Triangle hit for casts against a TriangleMesh (input numbering); -1 "
                    "otherwise.")
      .def_readonly("iterations", &CastResult::iterations, "Work done.")
      .def("hit", &CastResult::hit, "True for hit and overlapping: the path meets the shape.")
      .def("__repr__", [](const CastResult& r) {
        std::ostringstream s;
        s.precision(17);
        s << "CastResult(" << to_string(r.status) << ", fraction=" << r.fraction << ")";
        return s.str();
      });
}

void bind_round_shapes(py::module_& m) {
  py::class_<convex::Sphere>(m, "Sphere",
                             "A sphere: centre (3,) and radius (>= 0) in its local frame.")
      .def(py::init([](py::handle center, double radius) {
             return convex::sphere(to_finite_vec3(center, "center"),
                                   length_arg(radius, "radius", false));
           }),
           py::arg("center"), py::arg("radius"))
      .def_property_readonly("center", [](const convex::Sphere& s) { return to_array(s.core.p); })
      .def_property_readonly("radius", [](const convex::Sphere& s) { return double(s.radius); });
  py::class_<convex::Capsule>(m, "Capsule",
                              "A capsule: the segment p0-p1 (local frame) inflated by radius "
                              "(>= 0). Its ends are vertices 0 and 1, its body edge 0.")
      .def(py::init([](py::handle p0, py::handle p1, double radius) {
             return convex::capsule(to_finite_vec3(p0, "p0"), to_finite_vec3(p1, "p1"),
                                    length_arg(radius, "radius", false));
           }),
           py::arg("p0"), py::arg("p1"), py::arg("radius"))
      .def_property_readonly("p0", [](const convex::Capsule& c) { return to_array(c.core.p0); })
      .def_property_readonly("p1", [](const convex::Capsule& c) { return to_array(c.core.p1); })
      .def_property_readonly("radius", [](const convex::Capsule& c) { return double(c.radius); });
}

void bind_ray_casts(py::module_& m) {
  const char* doc = R"(The first point where ray (sepax.Ray, world frame) meets the shape at
pose: a hull (a solid; a flat hull is a two-sided polygon), a Sphere or a
Capsule. CastResult: fraction along the ray, the point hit, the outward
surface normal there (unit, world frame) and, for a hull, the entry face.
A ray starting inside or on the shape is overlapping. Exact to round-off.)";
  m.def(
      "ray_cast", [](const Hull& h, const Pose& p, const Ray& r) { return ray_cast(h, p, r); },
      py::arg("shape"), py::arg("pose"), py::arg("ray"), release(), doc);
  m.def(
      "ray_cast",
      [](const convex::Sphere& s, const Pose& p, const Ray& r) { return ray_cast(s, p, r); },
      py::arg("shape"), py::arg("pose"), py::arg("ray"), release());
  m.def(
      "ray_cast",
      [](const convex::Capsule& c, const Pose& p, const Ray& r) { return ray_cast(c, p, r); },
      py::arg("shape"), py::arg("pose"), py::arg("ray"), release());
  m.def(
      "ray_cast_scan",
      [](const Hull& h, const Pose& p, const Ray& r) { return ray_cast_scan(h, p, r); },
      py::arg("hull"), py::arg("pose"), py::arg("ray"), release(),
      "ray_cast of a hull by scanning every face: its reference.");
}

void bind_shape_casts(py::module_& m) {
  py::module_ s = m.attr("sat");
  s.def("shape_cast",
        linear_cast<Hull, Hull>([](const auto&... x) { return sat::shape_cast(x...); }),
        py::arg("a"), py::arg("pose_a"), py::arg("b"), py::arg("pose_b"), py::arg("translation"),
        py::arg("max_fraction") = 1.0, py::arg("target") = 0.0,
        R"(Hull b moving by translation ((3,), world frame; B at pose_b.translation +
t * translation) against hull a, both at world poses: the first t at which
they touch (or come within target, a length >= 0), exact to round-off.
CastResult: hit (fraction, normal the axis from A to B at contact, the
point of contact, feature A's face, edge or vertex), missed, overlapping
(at t = 0: fraction 0, SAT's minimum translation direction), bad_input.)");
  py::module_ g = m.attr("gjk");
  g.attr("max_cast_iterations") = gjk::max_cast_iterations;
  g.attr("max_toi_iterations") = gjk::max_toi_iterations;
  g.def("shape_cast",
        linear_cast<Hull, Hull>([](const auto&... x) { return gjk::shape_cast(x...); }),
        py::arg("a"), py::arg("pose_a"), py::arg("b"), py::arg("pose_b"), py::arg("translation"),
        py::arg("max_fraction") = 1.0, py::arg("target") = 0.0,
        R"(As sat.shape_cast (world frame; normal unit, from A to B) by GJK's
conservative advancement: accurate to GJK's tolerance, not exact; at most
max_cast_iterations support points (max_iterations otherwise). feature is
unset.)");
  g.def(
      "time_of_impact",
      [](const Hull& a, const Sweep& sa, const Hull& b, const Sweep& sb, double target,
         double tolerance) {
        const real tg = length_arg(target, "target", false);
        if (std::isnan(tolerance) || std::isinf(tolerance))
          throw py::value_error("tolerance must be finite");
        py::gil_scoped_release unlocked;
        return gjk::time_of_impact(a, sa, b, sb, tg, real(tolerance));
      },
      py::arg("a"), py::arg("sweep_a"), py::arg("b"), py::arg("sweep_b"), py::arg("target") = 0.0,
      py::arg("tolerance") = 0.0,
      R"(The first contact of hulls a and b each moving along its Sweep (t in [0, 1];
translation linear, rotation by slerp), by conservative advancement on
GJK's distance: the first t at which the distance is within tolerance
(length; <= 0 takes the library's default, relative to the smaller hull)
above target (length, >= 0). Never reports a t past the first contact.
A sweep whose start and end scales differ is bad_input. CastResult in the
world frame: the point of contact and the normal from A to B at fraction.)");
}

// contact.collide of two round bodies, A and B (convex::Sphere or Capsule).
template <class A, class B>
void bind_round_pair(py::module_& c, const char* doc) {
  c.def(
      "collide",
      [](const A& a, const Pose& pa, const B& b, const Pose& pb, double margin) {
        const real mg = length_arg(margin, "margin", false);
        py::gil_scoped_release unlocked;
        return contact::collide(a, pa, b, pb, mg);
      },
      py::arg("a"), py::arg("pose_a"), py::arg("b"), py::arg("pose_b"), py::arg("margin") = 0.0,
      doc);
}

void bind_round_contacts(py::module_& m) {
  py::module_ c = m.attr("contact");
  c.def(
      "collide",
      [](const convex::Sphere& a, const Pose& pa, const Hull& b, const Pose& pb, double margin) {
        const real mg = length_arg(margin, "margin", false);
        py::gil_scoped_release unlocked;
        return contact::collide(a, pa, b, pb, mg);
      },
      py::arg("a"), py::arg("pose_a"), py::arg("b"), py::arg("pose_b"), py::arg("margin") = 0.0,
      R"(A Sphere a against a hull b: one point, the sphere's point nearest the hull
(apart) or deepest in it, with the hull's point it meets; count 0 farther
apart than margin (length, >= 0).)");
  c.def(
      "collide",
      [](const convex::Capsule& a, const Pose& pa, const Hull& b, const Pose& pb, double margin) {
        const real mg = length_arg(margin, "margin", false);
        py::gil_scoped_release unlocked;
        return contact::collide(a, pa, b, pb, mg);
      },
      py::arg("a"), py::arg("pose_a"), py::arg("b"), py::arg("pose_b"), py::arg("margin") = 0.0,
      R"(A Capsule a against a hull b: up to 2 points (a capsule lying on a face
gets 2, one standing on it 1), the deepest first; count 0 farther apart
than margin. Ids: the capsule's ends are vertices 0 and 1, its body edge 0.)");
  const char* round_doc =
      R"(Two round bodies (Sphere or Capsule each): the closest points of their
cores (centre, segment) with the radii taken off, exact. 1 point, or 2 for
capsules within tol::capsule_parallel (sine 0.05, about 3 degrees) of
parallel lying along each other
(the ends of their overlap along a's axis); deepest first, with the pair's
separation; count 0 farther apart than margin (length, >= 0). Normal from
a to b; cores that meet take the axes' cross product, else the direction
normal to a capsule's axis nearest world +z, else +z. Ids: a sphere's
surface is face 0; a capsule's ends vertices 0 and 1, its side edge 0.)";
  bind_round_pair<convex::Sphere, convex::Sphere>(c, round_doc);
  bind_round_pair<convex::Sphere, convex::Capsule>(
      c, "A Sphere a against a Capsule b: as above, 1 point.");
  bind_round_pair<convex::Capsule, convex::Sphere>(
      c, "A Capsule a against a Sphere b: the mirrored Sphere-Capsule manifold.");
  bind_round_pair<convex::Capsule, convex::Capsule>(
      c, "A Capsule a against a Capsule b: as above, 1 or 2 points.");
}

}  // namespace

void bind_casts(py::module_& m) {
  bind_features(m);
  bind_ray_and_sweep(m);
  bind_cast_result(m);
  bind_round_shapes(m);
  bind_ray_casts(m);
  bind_shape_casts(m);
  bind_round_contacts(m);
}

}  // namespace sepax::python
