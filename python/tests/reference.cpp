// The reference answers for test_reference.py: fixed pairs of hulls at fixed
// poses, each query's result printed as one JSON line with its inputs, every
// real as a C99 hex float (%a) so that Python reads the exact bits back.
// Built in the build's precision, as the extension is.
#include <sepax/sepax.hpp>
#if SEPAX_PY_HAVE_IO
#include <sepax/io.hpp>
#endif

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace {

using sepax::Hull;
using sepax::Pose;
using sepax::real;
using sepax::vec3;

std::string hex(real x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "\"%a\"", double(x));
  return buf;
}

// Strings are built with += (GCC 12 warns -Wrestrict, falsely, on "[" + s).
std::string hex(const vec3& v) {
  std::string s = "[";
  s += hex(v.x);
  s += ",";
  s += hex(v.y);
  s += ",";
  s += hex(v.z);
  s += "]";
  return s;
}

const char* boolean(bool b) {
  return b ? "true" : "false";
}

std::string cast(const sepax::CastResult& r) {
  std::string s = "{\"status\":";
  s += std::to_string(int(r.status));
  s += ",\"fraction\":";
  s += hex(r.fraction);
  s += ",\"point\":";
  s += hex(r.point);
  s += ",\"normal\":";
  s += hex(r.normal);
  s += ",\"feature\":[";
  s += std::to_string(int(r.feature.type));
  s += ",";
  s += std::to_string(r.feature.index);
  s += "],\"triangle\":";
  s += std::to_string(r.triangle);
  s += ",\"iterations\":";
  s += std::to_string(r.iterations);
  s += "}";
  return s;
}

std::string feature(const sepax::sat::Feature& f) {
  std::string s = "[";
  s += std::to_string(int(f.kind));
  s += ",";
  s += std::to_string(f.a);
  s += ",";
  s += std::to_string(f.b);
  s += "]";
  return s;
}

// A shape by its factory's arguments, as the test rebuilds it.
struct Shape {
  std::string json;
  Hull hull;
};

Shape random_hull(int n, real r, std::uint64_t seed) {
  std::string json = "{\"kind\":\"random_hull\",\"n\":";
  json += std::to_string(n);
  json += ",\"r\":";
  json += hex(r);
  json += ",\"seed\":";
  json += std::to_string(seed);
  json += "}";
  return {json, sepax::shapes::random_hull(n, r, seed)};
}

Shape box(const vec3& e) {
  std::string json = "{\"kind\":\"box\",\"half_extents\":";
  json += hex(e);
  json += "}";
  return {json, sepax::shapes::box(e)};
}

// A pose by quaternion (w, x, y, z), translation and scale, as sepax.Pose takes them.
struct PoseIn {
  std::string json;
  Pose pose;
};

PoseIn pose(const sepax::quat& q, const vec3& t, real s) {
  Pose p = sepax::pose_from_quat(t, q);
  p.scale = s;
  std::string json = "{\"q\":[";
  json += hex(q.w);
  for (const real c : {q.x, q.y, q.z}) {
    json += ",";
    json += hex(c);
  }
  json += "],\"t\":";
  json += hex(t);
  json += ",\"s\":";
  json += hex(s);
  json += "}";
  return {json, p};
}

void print_case(const Shape& a, const PoseIn& pa, const Shape& b, const PoseIn& pb, real margin) {
  namespace sat = sepax::sat;
  namespace gjk = sepax::gjk;
  namespace epa = sepax::epa;
  namespace contact = sepax::contact;
  const sat::Result s = sat::query(a.hull, pa.pose, b.hull, pb.pose);
  const gjk::Result g = gjk::distance(a.hull, pa.pose, b.hull, pb.pose);
  const epa::Result e = epa::query(a.hull, pa.pose, b.hull, pb.pose);
  const contact::Manifold m = contact::collide(a.hull, pa.pose, b.hull, pb.pose, margin);
  std::printf("{\"a\":%s,\"pose_a\":%s,\"b\":%s,\"pose_b\":%s,\"margin\":%s,", a.json.c_str(),
              pa.json.c_str(), b.json.c_str(), pb.json.c_str(), hex(margin).c_str());
  std::printf("\"sat\":{\"intersecting\":%s,\"separation\":%s,\"axis\":%s,\"feature\":%s},",
              boolean(s.intersecting), hex(s.separation).c_str(), hex(s.axis).c_str(),
              feature(s.feature).c_str());
  std::printf(
      "\"gjk\":{\"intersecting\":%s,\"distance\":%s,\"axis\":%s,\"point_a\":%s,\"point_b\":%s,"
      "\"iterations\":%d,\"status\":%d},",
      boolean(g.intersecting), hex(g.distance).c_str(), hex(g.axis).c_str(), hex(g.point_a).c_str(),
      hex(g.point_b).c_str(), g.iterations, int(g.status));
  std::printf(
      "\"epa\":{\"intersecting\":%s,\"separation\":%s,\"axis\":%s,\"point_a\":%s,\"point_b\":%s,"
      "\"gjk_iterations\":%d,\"epa_iterations\":%d,\"gjk_status\":%d,\"epa_status\":%d,"
      "\"depth_error\":%s},",
      boolean(e.intersecting), hex(e.separation).c_str(), hex(e.axis).c_str(),
      hex(e.point_a).c_str(), hex(e.point_b).c_str(), e.gjk_iterations, e.epa_iterations,
      int(e.gjk_status), int(e.epa_status), hex(e.depth_error).c_str());
  std::printf(
      "\"contact\":{\"normal\":%s,\"count\":%d,\"separation\":%s,\"feature\":%s,\"points\":[",
      hex(m.normal).c_str(), m.count, hex(m.separation).c_str(), feature(m.feature).c_str());
  for (int i = 0; i < m.count; ++i) {
    const contact::Point& p = m.points[i];
    std::printf("%s{\"point_a\":%s,\"point_b\":%s,\"separation\":%s,\"id\":%llu}", i ? "," : "",
                hex(p.point_a).c_str(), hex(p.point_b).c_str(), hex(p.separation).c_str(),
                static_cast<unsigned long long>(p.id));
  }
  std::printf("]},");
  // Casts: B moves back through A (twice their offset), a ray from B's
  // origin through A's, both turning a quarter of B's rotation away.
  const vec3 back = real(-2) * (pb.pose.translation - pa.pose.translation);
  const sepax::Ray ray{pb.pose.translation + vec3(real(0), real(0.1), real(0)), back, real(1)};
  Pose turned = pb.pose;
  turned.translation += back;
  turned.rotation = pa.pose.rotation;
  const sepax::Sweep sweep_a{pa.pose, pa.pose};
  const sepax::Sweep sweep_b{pb.pose, turned};
  const sepax::OverlapVolume v = sepax::overlap_volume(a.hull, pa.pose, b.hull, pb.pose);
  std::printf(
      "\"casts\":{\"back\":%s,\"ray\":%s,\"sat_shape_cast\":%s,\"gjk_shape_cast\":%s,"
      "\"time_of_impact\":%s,\"overlap_volume\":%s,\"volume_method\":%d},",
      hex(back).c_str(), cast(sepax::ray_cast(a.hull, pa.pose, ray)).c_str(),
      cast(sepax::sat::shape_cast(a.hull, pa.pose, b.hull, pb.pose, back)).c_str(),
      cast(sepax::gjk::shape_cast(a.hull, pa.pose, b.hull, pb.pose, back)).c_str(),
      cast(sepax::gjk::time_of_impact(a.hull, sweep_a, b.hull, sweep_b)).c_str(),
      hex(v.volume).c_str(), int(v.method));
  // Warm: each cached query run twice with its cache, the second answer.
  sat::Cache sat_cache;
  gjk::Cache gjk_cache;
  contact::Cache contact_cache;
  sat::Result ws{};
  gjk::Result wg{};
  epa::Result we{};
  contact::Manifold wm{};
  for (int frame = 0; frame < 2; ++frame) {
    ws = sat::query(a.hull, pa.pose, b.hull, pb.pose, &sat_cache);
    wg = gjk::distance(a.hull, pa.pose, b.hull, pb.pose, &gjk_cache);
    we = epa::query(a.hull, pa.pose, b.hull, pb.pose, &gjk_cache);
    wm = contact::collide(a.hull, pa.pose, b.hull, pb.pose, margin, &contact_cache);
  }
  std::printf(
      "\"warm\":{\"sat_separation\":%s,\"sat_axis\":%s,\"cache_hit\":%s,\"gjk_distance\":%s,"
      "\"gjk_point_a\":%s,\"epa_separation\":%s,\"contact_count\":%d,"
      "\"contact_separation\":%s,\"contact_normal\":%s}}\n",
      hex(ws.separation).c_str(), hex(ws.axis).c_str(), boolean(ws.counters.cache_hit),
      hex(wg.distance).c_str(), hex(wg.point_a).c_str(), hex(we.separation).c_str(), wm.count,
      hex(wm.separation).c_str(), hex(wm.normal).c_str());
}

#if SEPAX_PY_HAVE_IO
// Meshes from files: the two test meshes and a box at a few poses; one JSON
// line each with kind "mesh".
sepax::TriangleMesh load_mesh(const std::string& path) {
  const sepax::io::Part p = sepax::io::merged_mesh(sepax::io::load(path));
  return sepax::TriangleMesh::from_triangles(std::span<const vec3>(p.points), p.triangles).mesh;
}

void print_meshes(const std::string& data) {
  const sepax::TriangleMesh bunny = load_mesh(data + "/bunny.obj");
  const sepax::TriangleMesh teapot = load_mesh(data + "/teapot.obj");
  const Shape block = box(vec3(real(1), real(2), real(0.5)));
  const sepax::quat turn{real(0.9), real(0.1), real(-0.3), real(0.2)};
  const real gaps[] = {real(16), real(9), real(5), real(2)};
  for (const real x : gaps) {
    const PoseIn pa = pose({real(1), real(0), real(0), real(0)}, vec3(real(0)), real(1));
    const PoseIn pb = pose(turn, vec3(x, real(4), real(0)), real(1));
    const sepax::mesh::Result mm = sepax::mesh::query(bunny, pa.pose, teapot, pb.pose);
    const sepax::mesh::Result mh = sepax::mesh::query(bunny, pa.pose, block.hull, pb.pose);
    const sepax::mesh::Result hm = sepax::mesh::query(block.hull, pb.pose, bunny, pa.pose);
    const sepax::Ray ray{vec3(x, real(4), real(0)), vec3(-x, real(0), real(0.5)), real(1)};
    const vec3 back(-x, real(0), real(0));
    const sepax::OverlapVolume v =
        sepax::overlap_volume(bunny, pa.pose, block.hull, pb.pose, 4096, 7);
    std::printf("{\"kind\":\"mesh\",\"pose_a\":%s,\"pose_b\":%s,\"box\":%s,", pa.json.c_str(),
                pb.json.c_str(), block.json.c_str());
    for (const auto& [name, r] : {std::pair{"mesh_mesh", mm}, {"mesh_hull", mh}, {"hull_mesh", hm}})
      std::printf(
          "\"%s\":{\"intersecting\":%s,\"how\":%d,\"distance\":%s,\"point_a\":%s,"
          "\"point_b\":%s,\"triangle_a\":%d,\"triangle_b\":%d,\"pairs_tested\":%d},",
          name, boolean(r.intersecting), int(r.how), hex(r.distance).c_str(),
          hex(r.point_a).c_str(), hex(r.point_b).c_str(), r.triangle_a, r.triangle_b,
          r.pairs_tested);
    std::printf(
        "\"ray\":%s,\"ray_culled\":%s,\"shape_cast_hull\":%s,\"shape_cast_mesh\":%s,"
        "\"overlap_volume\":%s,\"overlap_error\":%s,\"volume_method\":%d}\n",
        cast(sepax::mesh::ray_cast(bunny, pa.pose, ray)).c_str(),
        cast(sepax::mesh::ray_cast(bunny, pa.pose, ray, true)).c_str(),
        cast(sepax::mesh::shape_cast(bunny, pa.pose, block.hull, pb.pose, back)).c_str(),
        cast(sepax::mesh::shape_cast(bunny, pa.pose, teapot, pb.pose, back)).c_str(),
        hex(v.volume).c_str(), hex(v.error).c_str(), int(v.method));
  }
}
#endif

}  // namespace

// argv[1]: tests/data, for the mesh cases (built with sepax_io only).
int main(int argc, char** argv) {
  // Rotations (w, x, y, z, normalized by the pose) and gaps along x: far
  // apart, near, touching, shallow and deep overlaps.
  const sepax::quat turns[] = {{real(1), real(0), real(0), real(0)},
                               {real(0.9), real(0.1), real(-0.3), real(0.2)},
                               {real(0.2), real(0.7), real(0.5), real(-0.4)},
                               {real(-0.5), real(0.5), real(0.5), real(0.5)}};
  const real offsets[] = {real(3.5), real(2.05), real(1.9), real(1.2), real(0.3)};
  const real margin = real(0.25);
  std::uint64_t seed = 11;
  for (const real dx : offsets)
    for (int i = 0; i < 4; ++i) {
      const Shape a = random_hull(12 + 7 * i, real(1), seed++);
      const Shape b = random_hull(30 - 5 * i, real(0.75) + real(0.125) * real(i), seed++);
      const PoseIn pa = pose(turns[i], vec3(real(0.1), real(-0.2), real(0.05)), real(1));
      const PoseIn pb = pose(turns[(i + 1) % 4], vec3(dx, real(0.3) * real(i), real(-0.1)),
                             i == 2 ? real(1.5) : real(1));
      print_case(a, pa, b, pb, margin);
    }
  // Boxes: the 15-axis test, resting faces and an edge against an edge.
  const Shape box_a = box(vec3(real(1), real(0.5), real(0.25)));
  const Shape box_b = box(vec3(real(0.5), real(0.5), real(0.5)));
  const real heights[] = {real(1), real(0.74), real(0.5)};
  for (const real z : heights)
    for (int i = 0; i < 4; ++i)
      print_case(box_a, pose(turns[0], vec3(real(0)), real(1)), box_b,
                 pose(turns[i], vec3(real(0.2), real(0.1), z), real(1)), margin);
#if SEPAX_PY_HAVE_IO
  if (argc > 1) print_meshes(argv[1]);
#else
  (void)argc;
  (void)argv;
#endif
  return 0;
}
