// A sepax hull as FCL's convex shape (the FCL adapters of bench_peers and
// bench_cast).
#pragma once

#include "sepax/hull.hpp"

#include <fcl/geometry/shape/convex.h>

#include <memory>
#include <vector>

namespace peers {

/// An fcl::Convex<double> with the hull's vertices and its polygonal faces
/// (FCL walks the vertex graph for support points above 32 vertices).
inline std::shared_ptr<fcl::Convexd> fcl_convex(const sepax::Hull& h) {
  auto vertices = std::make_shared<std::vector<fcl::Vector3d>>();
  for (const sepax::vec3& v : h.vertices())
    vertices->emplace_back(double(v.x), double(v.y), double(v.z));
  auto faces = std::make_shared<std::vector<int>>();
  for (const sepax::Face& f : h.faces()) {
    faces->push_back(f.count);
    sepax::index_t e = f.edge;
    for (int k = 0; k < f.count; ++k) {
      faces->push_back(h.half_edges()[std::size_t(e)].origin);
      e = h.half_edges()[std::size_t(e)].next;
    }
  }
  auto c = std::make_shared<fcl::Convexd>(vertices, int(h.face_count()), faces);
  c->computeLocalAABB();
  return c;
}

}  // namespace peers
