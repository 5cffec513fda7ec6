// A CMake project's use of an installed sepax (find_package(sepax) and
// sepax::sepax): build a hull from a vertex buffer, query a pair. Built and
// run by the test suite (run_consumer_cmake.sh).
#include <sepax/sepax.hpp>

#include <cstdio>
#include <vector>

int main() {
  using namespace sepax;
  // An engine's interleaved float vertex buffer (position, normal, uv),
  // whatever sepax's precision: the stride is in bytes.
  struct Vertex {
    float position[3];
    float normal[3];
    float uv[2];
  };
  std::vector<Vertex> buffer;
  for (const vec3& p : shapes::sphere_points(100, 1))
    buffer.push_back({{float(p.x), float(p.y), float(p.z)}, {0, 0, 1}, {0, 0}});
  const HullResult built = Hull::from_points(buffer[0].position, buffer.size(), sizeof(Vertex));
  if (!built.ok()) {
    std::printf("hull failed: %s\n", built.message.c_str());
    return 1;
  }
  const Hull crate = shapes::box(vec3(real(0.5)));
  const Pose at_origin{};
  const Pose overlapping = pose_from_euler_deg(vec3(real(1.2), 0, 0), vec3(0, 0, 30));
  const sat::Result r = sat::query(built.hull, at_origin, crate, overlapping);
  const gjk::Result d = gjk::distance(built.hull, at_origin, crate, Pose{mat3(1), vec3(3, 0, 0)});
  std::printf("sepax %s (%s): hull %zu vertices; sat intersecting %d; gjk distance %.6f\n",
              SEPAX_VERSION, sizeof(real) == 8 ? "double" : "float", built.hull.vertex_count(),
              r.intersecting, double(d.distance));
  return r.intersecting && d.distance > 0 ? 0 : 1;
}
