// What the headers promise never allocates, counted: this program replaces
// the global operator new and counts the calls while a query runs. Not
// under AddressSanitizer, whose own operator new the runtime keeps for some
// allocations (it would see them freed by the replacement): there the test
// says it did not count, and the plain builds count.
#include <catch2/catch.hpp>

#include "sepax/contact.hpp"
#include "sepax/contact_mesh.hpp"
#include "sepax/hull.hpp"
#include "sepax/sat.hpp"
#include "sepax/shapes.hpp"
#include "support/pairs.hpp"

#include <array>
#include <atomic>
#include <cstdlib>
#include <new>
#include <vector>

#if defined(__SANITIZE_ADDRESS__)
#define SEPAX_COUNT_ALLOCATIONS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SEPAX_COUNT_ALLOCATIONS 0
#endif
#endif
#ifndef SEPAX_COUNT_ALLOCATIONS
#define SEPAX_COUNT_ALLOCATIONS 1
#endif

namespace {
std::atomic<long> allocations{0};
}  // namespace

#if SEPAX_COUNT_ALLOCATIONS
void* operator new(std::size_t size) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) {
  return operator new(size);
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete[](void* p) noexcept {
  std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  std::free(p);
}
#endif

using namespace sepax;

namespace {

// Allocations made by f().
template <class F>
long count(F&& f) {
  const long before = allocations.load();
  f();
  return allocations.load() - before;
}

}  // namespace

TEST_CASE("rewriting a triangle hull and querying it allocate nothing", "[allocation]") {
  if (!SEPAX_COUNT_ALLOCATIONS) {
    WARN("built with AddressSanitizer: allocations are not counted here");
    return;
  }
  pairs::Rng rng(5);
  const Hull body = shapes::random_hull(40, real(1), 3);
  Hull triangle;
  REQUIRE(triangle.assign_triangle(vec3(0), vec3(1, 0, 0), vec3(0, 1, 0)));
  REQUIRE(count([] {  // the counter counts
            int* volatile p = new int(1);
            delete p;
          }) == 1);
  // Building one afresh does allocate: what the loop below is held to differs.
  REQUIRE(count([] {
            Hull fresh;
            REQUIRE(fresh.assign_triangle(vec3(0), vec3(1, 0, 0), vec3(0, 1, 0)));
          }) > 0);
  long made = 0;
  int touching = 0;
  for (int i = 0; i < 2000; ++i) {
    vec3 p[3];
    for (vec3& q : p) q = vec3(rng.unit() * rng.uniform(0.2, 2));
    const Pose pose = pose_from_quat(vec3(rng.unit()), quat(rng.rotation()));
    made += count([&] {
      if (!triangle.assign_triangle(p[0], p[1], p[2])) return;
      const sat::Result r = sat::query(body, Pose{}, triangle, pose);
      const contact::Manifold m = contact::collide(body, Pose{}, triangle, pose, real(0.05));
      touching += r.intersecting && m.count > 0;
    });
  }
  CHECK(touching > 100);
  REQUIRE(made == 0);
}

TEST_CASE("a hull against a triangle mesh allocates nothing", "[allocation]") {
  if (!SEPAX_COUNT_ALLOCATIONS) {
    WARN("built with AddressSanitizer: allocations are not counted here");
    return;
  }
  // A bumpy 12 x 12 terrain; a hull at 1000 poses near it, cold and with a
  // cache, after the scratch was made.
  pairs::Rng rng(8);
  std::vector<vec3> vertices;
  std::vector<std::array<index_t, 3>> triangles;
  for (int j = 0; j <= 12; ++j)
    for (int i = 0; i <= 12; ++i)
      vertices.emplace_back(real(i), real(j), real(rng.uniform(-0.3, 0.3)));
  for (int j = 0; j < 12; ++j)
    for (int i = 0; i < 12; ++i) {
      const index_t a = j * 13 + i;
      triangles.push_back({a, a + 1, a + 14});
      triangles.push_back({a, a + 14, a + 13});
    }
  MeshResult built = TriangleMesh::from_triangles(std::span<const vec3>(vertices), triangles);
  REQUIRE(built.ok());
  const TriangleMesh& terrain = built.mesh;
  const Hull body = shapes::random_hull(24, real(0.8), 9);
  contact::MeshScratch scratch;
  contact::MeshCache cache;
  long made = 0;
  int touching = 0;
  for (int i = 0; i < 1000; ++i) {
    const vec3 at(real(rng.uniform(1, 11)), real(rng.uniform(1, 11)), real(rng.uniform(0, 1)));
    const Pose pose = pose_from_quat(at, quat(rng.rotation()));
    made += count([&] {
      const contact::MeshManifold cold = contact::collide(body, pose, terrain, Pose{}, scratch);
      const contact::MeshManifold warm =
          contact::collide(body, pose, terrain, Pose{}, scratch, real(0.05), &cache);
      touching += cold.count > 0 && warm.count > 0;
    });
  }
  CHECK(touching > 300);
  REQUIRE(made == 0);
}

TEST_CASE("two round bodies allocate nothing", "[allocation]") {
  if (!SEPAX_COUNT_ALLOCATIONS) {
    WARN("built with AddressSanitizer: allocations are not counted here");
    return;
  }
  pairs::Rng rng(12);
  const convex::Sphere ball = convex::sphere(vec3(0), real(0.5));
  const convex::Capsule rod = convex::capsule(vec3(-1, 0, 0), vec3(1, 0, 0), real(0.3));
  long made = 0;
  int touching = 0;
  for (int i = 0; i < 1000; ++i) {
    const Pose pa = pose_from_quat(vec3(rng.unit()), quat(rng.rotation()));
    const Pose pb = pose_from_quat(vec3(rng.unit()), quat(rng.rotation()));
    made += count([&] {
      touching += contact::collide(ball, pa, ball, pb).count;
      touching += contact::collide(ball, pa, rod, pb).count;
      touching += contact::collide(rod, pa, ball, pb).count;
      touching += contact::collide(rod, pa, rod, pb, real(0.1)).count;
    });
  }
  CHECK(touching > 1000);
  REQUIRE(made == 0);
}
