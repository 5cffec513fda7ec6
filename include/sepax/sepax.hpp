// sepax: collision queries between 3D convex hulls. This header brings the
// whole core API; each header below can also be included on its own.
//
// In the order a user meets them:
//   types.hpp        real, vec3, Pose and the pose helpers
//   tolerances.hpp   every tolerance, with its unit and reason (namespace tol)
//   hull.hpp         Hull::from_points (Qhull), the hull's topology, validate()
//   hull_file.hpp    cooked hulls: save and load a built hull (.sxhull)
//   hull_cap.hpp     cap_vertices(): a hull capped to a number of vertices
//   shapes.hpp       boxes, polyhedra, cylinders, random hulls
//   cast.hpp         Ray, CastResult; rays against hulls, spheres and capsules
//   sat.hpp          sat::query (exact depth and axis), sat::intersect, sat::Cache,
//                    sat::shape_cast (exact linear cast of two hulls),
//                    sat::Resting (opt-in, for pairs that rest)
//   sat_pair_cache.hpp  sat::PairCache: the caches of many pairs, by body ids
//   sat_round.hpp    spheres and capsules against a hull: sat::query
//   gjk.hpp          gjk::distance (exact distance, witnesses), gjk::intersect
//   epa.hpp          epa::query: GJK, then EPA's depth when overlapping
//   gjk_cast.hpp     gjk::shape_cast, gjk::ray_cast for any shapes; gjk::time_of_impact
//   crosscheck.hpp   SAT against GJK/EPA on one pair: do they agree?
//   contact.hpp      contact::collide: manifolds (up to 4 points with ids) for a solver,
//                    hulls against hulls, spheres and capsules
//   contact_mesh.hpp contact::collide of a hull, sphere or capsule against a
//                    TriangleMesh: regions
//                    of points, no ghost bumps at a floor's inner edges
//   convexity.hpp    convexity(): is a mesh its hull, or how far from it?
//   mesh.hpp         TriangleMesh (non-convex, AABB tree), mesh::query against meshes and hulls
//   volume.hpp       volume(), overlap_volume(): exact for hulls, estimated for closed meshes
//   support.hpp, convex.hpp  support mapping, and shapes GJK/EPA accept
//                    (posed, rounded, spheres, capsules)
// Mesh files are read by the separate library sepax_io (io.hpp).
#pragma once

#include "sepax/cast.hpp"
#include "sepax/contact.hpp"
#include "sepax/contact_mesh.hpp"
#include "sepax/convex.hpp"
#include "sepax/convexity.hpp"
#include "sepax/crosscheck.hpp"
#include "sepax/epa.hpp"
#include "sepax/gjk.hpp"
#include "sepax/gjk_cast.hpp"
#include "sepax/hull.hpp"
#include "sepax/hull_cap.hpp"
#include "sepax/hull_file.hpp"
#include "sepax/mesh.hpp"
#include "sepax/sat.hpp"
#include "sepax/sat_pair_cache.hpp"
#include "sepax/sat_round.hpp"
#include "sepax/shapes.hpp"
#include "sepax/support.hpp"
#include "sepax/tolerances.hpp"
#include "sepax/types.hpp"
#include "sepax/volume.hpp"
