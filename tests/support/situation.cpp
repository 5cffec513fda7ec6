#include "situation.hpp"

#include "test_util.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace sepax::pairs {

const char* to_string(Situation s) {
  return s == Situation::engine ? "engine" : "world";
}

bool rescale(Hull& h, double s) {
  std::vector<vec3> points;
  points.reserve(h.vertex_count());
  for (const vec3& v : h.vertices()) points.push_back(test::to_real(glm::dvec3(v) * s));
  HullResult r = Hull::from_points(points);
  if (!r.ok()) return false;
  h = std::move(r.hull);
  return true;
}

double to_engine_situation(Pair& p) {
  const double size = std::max(double(p.a.extent()), double(p.b.extent()));
  const double scale = std::exp2(-std::round(std::log2(size)));
  Hull a = p.a, b = p.b;
  if (!rescale(a, scale) || !rescale(b, scale)) return 0;
  p.a = std::move(a);
  p.b = std::move(b);
  const glm::dvec3 b_from_a = glm::dvec3(p.pose_b.translation) - glm::dvec3(p.pose_a.translation);
  p.pose_a.translation = vec3(0);
  p.pose_b.translation = test::to_real(b_from_a * scale);
  return scale;
}

}  // namespace sepax::pairs
