// Builds a hull through sepax used as a subproject and checks the result.
#include <sepax/hull.hpp>
#include <sepax/shapes.hpp>

#include <cstdio>
#include <vector>

int main() {
  std::vector<sepax::vec3> points = sepax::shapes::sphere_points(200, 1);
  const sepax::HullResult r = sepax::Hull::from_points(points);
  if (!r.ok()) {
    std::printf("hull failed: %s\n", r.message.c_str());
    return 1;
  }
  const sepax::HullReport report = sepax::validate(r.hull, points);
  std::printf("consumer: %zu vertices, %zu faces, %zu edges, valid %s\n", r.hull.vertex_count(),
              r.hull.face_count(), r.hull.edge_count(), report.ok ? "yes" : "no");
  return r.hull.vertex_count() == 200 && report.ok ? 0 : 1;
}
