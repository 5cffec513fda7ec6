// Bit-for-bit comparison of two hulls' stored data (header-only), for the
// tests of hull input and cooked hull files.
#pragma once

#include "sepax/hull.hpp"

#include <cstring>
#include <span>
#include <string>

namespace sepax::test {

/// Same bytes in both spans (so -0.0 differs from 0.0, and a NaN equals only
/// the same NaN).
template <class T>
bool same_bytes(std::span<const T> a, std::span<const T> b) {
  return a.size() == b.size() &&
         (a.empty() || std::memcmp(a.data(), b.data(), a.size_bytes()) == 0);
}

/// Empty when `a` and `b` store the same vertices, half-edges, faces, planes,
/// adjacency, Gauss map, patches and derived numbers, bit for bit; else the
/// first difference.
inline std::string hull_difference(const Hull& a, const Hull& b) {
  if (!same_bytes(a.vertices(), b.vertices())) return "vertices";
  for (std::size_t i = 0; i < a.half_edges().size() && i < b.half_edges().size(); ++i) {
    const HalfEdge &x = a.half_edges()[i], &y = b.half_edges()[i];
    if (x.origin != y.origin || x.twin != y.twin || x.next != y.next || x.face != y.face)
      return "half-edge " + std::to_string(i);
  }
  if (a.half_edges().size() != b.half_edges().size()) return "half-edge count";
  if (a.face_count() != b.face_count()) return "face count";
  for (std::size_t f = 0; f < a.face_count(); ++f)
    if (a.faces()[f].edge != b.faces()[f].edge || a.faces()[f].count != b.faces()[f].count)
      return "face " + std::to_string(f);
  if (!same_bytes(a.planes(), b.planes())) return "planes";
  for (std::size_t v = 0; v < a.vertex_count(); ++v) {
    const auto i = index_t(v);
    if (!same_bytes(a.neighbors(i), b.neighbors(i)) || a.vertex_edge(i) != b.vertex_edge(i) ||
        a.climb_across_faces(i) != b.climb_across_faces(i))
      return "adjacency of vertex " + std::to_string(v);
  }
  if (!same_bytes(a.edge_arcs(), b.edge_arcs())) return "edge arcs";
  if (!same_bytes(a.face_order(), b.face_order())) return "face order";
  if (!same_bytes(a.patches(), b.patches())) return "patches";
  if (!same_bytes(a.arc_cell_start(), b.arc_cell_start()) ||
      !same_bytes(a.arc_cell_edges(), b.arc_cell_edges()))
    return "arc grid";
  if (std::memcmp(&a.centroid(), &b.centroid(), sizeof(vec3)) != 0) return "centroid";
  if (std::memcmp(&a.bounds(), &b.bounds(), sizeof(Bounds)) != 0) return "bounds";
  if (a.extent() != b.extent() || a.magnitude() != b.magnitude()) return "extent or magnitude";
  if (a.is_flat() != b.is_flat() || a.is_box() != b.is_box()) return "flat or box flag";
  const BoxFrame &p = a.box(), &q = b.box();
  if (std::memcmp(&p.center, &q.center, sizeof p.center) != 0 ||
      std::memcmp(&p.axes, &q.axes, sizeof p.axes) != 0 ||
      std::memcmp(&p.half, &q.half, sizeof p.half) != 0 ||
      std::memcmp(p.face, q.face, sizeof p.face) != 0 ||
      std::memcmp(p.edge, q.edge, sizeof p.edge) != 0 || p.aligned != q.aligned)
    return "box frame";
  // The support seed table, through the directions of its cells' centres.
  for (int i = 0; i < 6 * 6 * 6; ++i) {
    const vec3 d(real(i % 6) - real(2.5), real(i / 6 % 6) - real(2.5), real(i / 36) - real(2.5));
    if (a.support_seed(d) != b.support_seed(d)) return "support seeds";
  }
  return {};
}

}  // namespace sepax::test
