// record: runs scene_world (about 100 hulls, boxes, spheres and capsules
// falling onto a box ground and onto a triangulated terrain) at 60 Hz and
// writes every step's broadphase pairs with the poses the narrow phase saw,
// in the recorded scene format (docs/scene_format.md), so that any library
// can replay the same narrow phase (bench/bench_scene.cpp does).
//
//   record [--bodies 100] [--seconds 8] [--seed 1] [-o scene.txt]
#include "solver.hpp"

#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

int usage() {
  std::fprintf(stderr, "usage: record [--bodies 100] [--seconds 8] [--seed 1] [-o scene.txt]\n");
  return 2;
}

// " x y z", %.17g: read back exactly.
void write_vec(std::FILE* f, const examples::vec3& v) {
  std::fprintf(f, " %.17g %.17g %.17g", double(v.x), double(v.y), double(v.z));
}

// A line "x y z".
void write_point(std::FILE* f, const examples::vec3& v) {
  std::fprintf(f, "%.17g %.17g %.17g\n", double(v.x), double(v.y), double(v.z));
}

// A body's line, and the lines of its points or triangles.
void write_body(std::FILE* f, int id, const examples::Body& body) {
  std::fprintf(f, "body %d", id);
  if (body.mesh) {
    const auto vertices = body.mesh->vertices();
    const auto triangles = body.mesh->triangles();
    std::fprintf(f, " mesh %zu %zu\n", vertices.size(), triangles.size());
    for (const examples::vec3& v : vertices) write_point(f, v);
    for (const auto& t : triangles) std::fprintf(f, "%d %d %d\n", int(t[0]), int(t[1]), int(t[2]));
  } else if (body.is_round() && body.half_length > 0) {
    std::fprintf(f, " capsule %.17g %.17g\n", double(body.round_radius), double(body.half_length));
  } else if (body.is_round()) {
    std::fprintf(f, " sphere %.17g\n", double(body.round_radius));
  } else if (body.box_half_extents.x > 0) {
    std::fprintf(f, " box");
    write_vec(f, body.box_half_extents);
    std::fprintf(f, "\n");
  } else {
    const auto vertices = body.hull->vertices();
    std::fprintf(f, " hull %zu\n", vertices.size());
    for (const examples::vec3& v : vertices) write_point(f, v);
  }
}

void write_pose(std::FILE* f, const examples::vec3& p, const examples::quat& q) {
  write_vec(f, p);
  std::fprintf(f, " %.17g %.17g %.17g %.17g", double(q.w), double(q.x), double(q.y), double(q.z));
}

}  // namespace

int main(int argc, char** argv) {
  int count = 100;
  double seconds = 8;
  unsigned long long seed = 1;
  const char* out = "scene.txt";
  for (int i = 1; i < argc; ++i) {
    const bool has_value = i + 1 < argc;
    if (std::strcmp(argv[i], "--bodies") == 0 && has_value) {
      count = std::atoi(argv[++i]);
    } else if (std::strcmp(argv[i], "--seconds") == 0 && has_value) {
      seconds = std::atof(argv[++i]);
    } else if (std::strcmp(argv[i], "--seed") == 0 && has_value) {
      seed = std::strtoull(argv[++i], nullptr, 10);
    } else if (std::strcmp(argv[i], "-o") == 0 && has_value) {
      out = argv[++i];
    } else {
      return usage();
    }
  }
  if (!(seconds > 0) || count < 2) return usage();

  examples::World world = examples::scene_world(count, seed);
  const double dt = double(world.settings().time_step);
  const int frames = static_cast<int>(std::lround(seconds / dt));
  std::FILE* f = std::fopen(out, "w");
  if (f == nullptr) {
    std::fprintf(stderr, "record: cannot write %s\n", out);
    return 1;
  }
  std::fprintf(f, "sepax-scene 1\ntime_step %.17g\nbodies %zu\n", dt, world.bodies().size());
  for (std::size_t i = 0; i < world.bodies().size(); ++i)
    write_body(f, static_cast<int>(i), world.bodies()[i]);
  std::fprintf(f, "frames %d\n", frames);
  long long pairs = 0, points = 0;
  for (int frame = 0; frame < frames; ++frame) {
    world.step();
    const auto& narrow = world.narrow_pairs();
    std::fprintf(f, "frame %d %zu\n", frame, narrow.size());
    for (const examples::NarrowPair& p : narrow) {
      std::fprintf(f, "%d %d %.17g", p.a, p.b, double(p.margin));
      write_pose(f, p.position[0], p.orientation[0]);
      write_pose(f, p.position[1], p.orientation[1]);
      std::fprintf(f, "\n");
    }
    pairs += static_cast<long long>(narrow.size());
    points += world.stats().points;
  }
  const bool written = std::fclose(f) == 0;
  const auto [linear, angular] = world.max_speeds();
  std::printf(
      "%s: %zu bodies, %d frames, %lld pairs (%.1f a frame), %lld contact points; at the "
      "end max speed %.3f, max spin %.3f\n",
      out, world.bodies().size(), frames, pairs, double(pairs) / frames, points, double(linear),
      double(angular));
  if (!written) {
    std::fprintf(stderr, "record: cannot write %s\n", out);
    return 1;
  }
  return 0;
}
