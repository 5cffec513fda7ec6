// The reference answers for test_reference.py: fixed pairs of hulls at fixed
// poses, each query's result printed as one JSON line with its inputs, every
// real as a C99 hex float (%a) so that Python reads the exact bits back.
// Built in the build's precision, as the extension is.
#include <sepax/sepax.hpp>

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

}  // namespace

int main() {
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
  return 0;
}
