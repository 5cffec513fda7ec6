// Contact manifolds of a body against a triangle mesh (contact_mesh.hpp).
//
// Each triangle near the body is written into the scratch hull
// (Hull::assign_triangle, in the mesh's frame, posed by the mesh's pose)
// and decided by contact::collide. Its answer is admitted when the mesh's
// outward normal there lies in the triangle's share of the mesh's Gauss
// map (Box2D v3's b2ClassifyNormal on chain shapes, in 3D; Jolt's active
// edges with the arc test in place of a flag); otherwise the triangle's
// face contact stands in. Admitted manifolds merge into regions by normal
// (Box3D's clusters) and are reduced to max_points each.
#include "sepax/contact_mesh.hpp"

#include "contact/internal.hpp"

#include "sepax/support.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <span>

namespace sepax::contact {

MeshScratch::MeshScratch() {
  (void)triangle_.assign_triangle(vec3(0, 0, 0), vec3(1, 0, 0), vec3(0, 1, 0));
}

namespace {

/// Points a region gathers before it is reduced to max_points and gathers
/// on: the reduction keeps the deepest point and the widest spread.
constexpr int region_pool = 16;

/// Triangles gathered from the tree at once.
constexpr int page = 64;

/// A direction of contact being gathered: its deepest member's manifold
/// (normal, separation, feature) and the points of all its members.
struct Region {
  Manifold m;
  real deepest = 0;
  int count = 0;
  detail::Scratch<Point, region_pool> room;  // pool()[0 .. count)
  index_t triangle[region_pool];
  Point* pool() { return room.data(); }
};

bool touches(const Bounds& a, const Bounds& b) {
  return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y &&
         a.min.z <= b.max.z && b.min.z <= a.max.z;
}

bool inside(const Bounds& inner, const Bounds& outer) {
  return outer.min.x <= inner.min.x && outer.min.y <= inner.min.y && outer.min.z <= inner.min.z &&
         inner.max.x <= outer.max.x && inner.max.y <= outer.max.y && inner.max.z <= outer.max.z;
}

Bounds grown(const Bounds& b, real by) {
  return {b.min - vec3(by), b.max + vec3(by)};
}

/// The box (B's frame) around A's box (A's local frame) placed by `a_in_b`.
Bounds box_in(const Bounds& a, const Pose& a_in_b) {
  const vec3 centre = a_in_b.apply((a.min + a.max) * real(0.5));
  const vec3 half = (a.max - a.min) * (real(0.5) * a_in_b.scale);
  vec3 reach(real(0));
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) reach[i] += std::abs(a_in_b.rotation[j][i]) * half[j];
  return {centre - reach, centre + reach};
}

Bounds triangle_box(const convex::Triangle& t) {
  return {glm::min(glm::min(t.p[0], t.p[1]), t.p[2]), glm::max(glm::max(t.p[0], t.p[1]), t.p[2])};
}

vec3 unit_normal(const convex::Triangle& t) {
  return glm::normalize(glm::cross(t.p[1] - t.p[0], t.p[2] - t.p[0]));
}

/// The body against the mesh: a hull, or a sphere or capsule (a rounded
/// segment, its core's ends and radius in the world frame).
struct Body {
  const Hull* hull = nullptr;
  const convex::Sphere* sphere = nullptr;
  const convex::Capsule* capsule = nullptr;
  vec3 p0{real(0)}, p1{real(0)};
  real radius = 0;
  real magnitude = 0;  ///< world lengths, as Hull::magnitude() times the scale
  Bounds box;          ///< the mesh's frame
};

}  // namespace

/// The work of one query (a friend of MeshScratch).
struct MeshContact {
  const Body& body;
  const Pose& pose_a;
  const TriangleMesh& mesh;
  const Pose& pose_b;
  Hull& triangle;  // the scratch
  real margin;
  MeshManifold& out;
  Region regions[max_mesh_regions];
  int region_count = 0;
  /// Round-off of the pair's coordinates (contact::collide's touching band).
  real roundoff = 0;
  /// Points of two triangles closer than this are one place (tol::mesh_coplanar
  /// of the pair's magnitude: each was computed in its own triangle's plane).
  real same_place = 0;
  /// The mesh's frame in a hull body's local frame, and the margin in the
  /// hull's local lengths (apart()).
  Pose mesh_in_body;
  real local_margin = 0;
  /// A round body's core ends in the mesh's frame, and its radius plus the
  /// margin in the mesh's lengths (apart()).
  vec3 core0{real(0)}, core1{real(0)};
  real reach = 0;

  MeshContact(const Body& a, const Pose& pa, const TriangleMesh& b, const Pose& pb,
              MeshScratch& scratch, real margin_, MeshManifold& result)
      : body(a),
        pose_a(pa),
        mesh(b),
        pose_b(pb),
        triangle(scratch.triangle_),
        margin(margin_),
        out(result),
        roundoff(tol::touching * (a.magnitude + b.magnitude() * pb.scale +
                                  glm::length(pb.translation - pa.translation))),
        same_place(roundoff * (tol::mesh_coplanar / tol::touching)),
        mesh_in_body(relative_pose(pa, pb)),
        local_margin(margin_ / pa.scale),
        core0(pb.apply_inverse(a.p0)),
        core1(pb.apply_inverse(a.p1)),
        reach((a.radius + margin_) / pb.scale) {}

  /// Whether edge k of kept triangle t (corners c, front normal f) admits
  /// the outward direction o (mesh frame, unit): a rim edge every one, a
  /// ridge those on the arc between its faces' normals (o's part across
  /// the edge), a flat edge or a valley none. Seen from a triangle's back,
  /// a valley is a ridge and a ridge a valley.
  bool edge_admits(index_t t, const convex::Triangle& c, const vec3& f, int k,
                   const vec3& o) const {
    const EdgeKind kind = mesh.edge_kind(t, k);
    if (kind == EdgeKind::boundary || kind == EdgeKind::non_manifold) return true;
    if (kind == EdgeKind::flat) return false;
    const index_t u = mesh.neighbor(t, k);
    if (u < 0) return true;
    const vec3 p = c.p[k], q = c.p[(k + 1) % 3];
    const convex::Triangle n = mesh.triangle(u);
    // Welded corners sit at one position exactly: a neighbour that runs the
    // edge the same way is wound against this triangle, and nothing is
    // known of which side is out (EdgeKind::convex): a rim.
    for (int j = 0; j < 3; ++j)
      if (n.p[j] == p && n.p[(j + 1) % 3] == q) return true;
    const real side = kind == EdgeKind::convex ? real(1) : real(-1);
    const vec3 from = f * side, to = unit_normal(n) * side;
    const vec3 turn = glm::cross(from, to);
    // Folded back onto itself: the ridge's arc is a half circle.
    if (!(glm::length(turn) > tol::parallel)) return true;
    const vec3 d = glm::normalize(q - p);
    const vec3 across = o - d * glm::dot(o, d);
    const real slack = tol::parallel * glm::length(turn);
    return glm::dot(glm::cross(from, across), turn) >= -slack &&
           glm::dot(glm::cross(across, to), turn) >= -slack;
  }

  /// Whether o (mesh frame, unit, out of the mesh towards the body) lies in
  /// triangle t's share of the mesh's normals, judged by the triangle's
  /// support along o: its face (all three corners within round-off), an
  /// edge (two) or a corner (one, admitted when either edge there admits o).
  bool admits(index_t t, const convex::Triangle& c, const vec3& f, const vec3& o) const {
    real d[3];
    for (int k = 0; k < 3; ++k) d[k] = glm::dot(c.p[k], o);
    const real top = std::max({d[0], d[1], d[2]});
    const real size = std::max(
        {glm::length(c.p[1] - c.p[0]), glm::length(c.p[2] - c.p[1]), glm::length(c.p[0] - c.p[2])});
    const real tie = tol::parallel * size;
    const bool on[3] = {d[0] >= top - tie, d[1] >= top - tie, d[2] >= top - tie};
    const int ties = int(on[0]) + int(on[1]) + int(on[2]);
    if (ties == 3) return true;
    if (ties == 2) {
      const int k = !on[0] ? 1 : !on[1] ? 2 : 0;  // the edge from corner k to k + 1
      return edge_admits(t, c, f, k, o);
    }
    const int k = on[0] ? 0 : on[1] ? 1 : 2;
    return edge_admits(t, c, f, k, o) || edge_admits(t, c, f, (k + 2) % 3, o);
  }

  /// The mesh's feature for the scratch triangle's feature r of kept
  /// triangle t (see MeshManifold::regions).
  FeatureRef mesh_feature(index_t t, FeatureRef r) const {
    switch (r.type) {
      case FeatureType::vertex:
        return {FeatureType::vertex, mesh.vertex_id(mesh.triangles()[t][r.index])};
      case FeatureType::edge: {
        const auto he = triangle.half_edges();
        const index_t u = he[2 * r.index].origin, v = he[2 * r.index + 1].origin;
        const int k = (u + 1) % 3 == v ? int(u) : int(v);  // corners k, k + 1
        return {FeatureType::edge, mesh.edge_id(t, k)};
      }
      case FeatureType::face:
        return {FeatureType::face, mesh.input_index(t)};
    }
    return r;
  }

  /// Whether a hull body is apart from a triangle (corners c, mesh frame)
  /// by more than the margin along an axis found without building the
  /// triangle's hull: one of the hull's box axes (the hull lies in its
  /// box), or the line between the centres, contact::collide's own first
  /// axis. collide answers no point once any axis separates by more than
  /// the margin, so such a triangle has nothing to give.
  bool apart(const convex::Triangle& c) const {
    const Hull& h = *body.hull;
    vec3 q[3];
    for (int k = 0; k < 3; ++k) q[k] = mesh_in_body.apply(c.p[k]);
    const Bounds& box = h.bounds();
    const vec3 lo = glm::min(glm::min(q[0], q[1]), q[2]), hi = glm::max(glm::max(q[0], q[1]), q[2]);
    for (int k = 0; k < 3; ++k)
      if (lo[k] > box.max[k] + local_margin || hi[k] < box.min[k] - local_margin) return true;
    const vec3 towards = (q[0] + q[1] + q[2]) / real(3) - h.centroid();
    const real length = glm::length(towards);
    if (!(length > 0)) return false;
    const vec3 u = towards / length;
    const real near = std::min({glm::dot(u, q[0]), glm::dot(u, q[1]), glm::dot(u, q[2])});
    return near - glm::dot(u, h.vertices()[support_index(h, u)]) > local_margin;
  }

  /// Whether a round body's core lies beyond its radius and the margin of
  /// a triangle (corners c, mesh frame) on one side of the triangle's plane
  /// or of one of its edges' outward planes (each holds the triangle on its
  /// inner side): then the body is apart from the triangle by more than the
  /// margin, and contact::collide gives no point.
  bool apart_round(const convex::Triangle& c) const {
    const vec3 n = glm::cross(c.p[1] - c.p[0], c.p[2] - c.p[0]);
    const real n_length = glm::length(n);
    if (!(n_length > 0)) return false;
    const real h0 = glm::dot(n, core0 - c.p[0]), h1 = glm::dot(n, core1 - c.p[0]);
    if (std::min(h0, h1) > reach * n_length || std::max(h0, h1) < -reach * n_length) return true;
    for (int k = 0; k < 3; ++k) {
      const vec3 out = glm::cross(c.p[(k + 1) % 3] - c.p[k], n);  // away from the third corner
      const real s0 = glm::dot(out, core0 - c.p[k]), s1 = glm::dot(out, core1 - c.p[k]);
      if (std::min(s0, s1) > reach * glm::length(out)) return true;
    }
    return false;
  }

  /// Whether the body's side of a triangle (corners c, front normal f, mesh
  /// frame) is the front: the middle of the body's extent along f lies on
  /// or above the triangle's plane. Of the triangle's two face axes, that
  /// side's separates more (the body spans [lo, hi] of heights over the
  /// plane: the front's separation lo is the larger exactly when
  /// lo + hi >= 0). SAT's normal would not do: a face of the body standing
  /// in for an edge pair may lie nearly in the triangle's plane.
  bool in_front(const convex::Triangle& c, const vec3& f) const {
    if (!body.hull) {
      const real level = glm::dot(f, c.p[0]);
      return glm::dot(f, core0) + glm::dot(f, core1) >= real(2) * level;
    }
    const Hull& h = *body.hull;
    const vec3 up = mesh_in_body.rotate(f);
    const real level = glm::dot(up, mesh_in_body.apply(c.p[0]));
    const real lo = glm::dot(up, h.vertices()[support_index(h, -up)]);
    const real hi = glm::dot(up, h.vertices()[support_index(h, up)]);
    return lo + hi >= real(2) * level;
  }

  /// Decides kept triangle t and adds its admitted manifold to the regions.
  void decide(index_t t, Cache* cache) {
    const convex::Triangle c = mesh.triangle(t);
    ++out.triangles_tested;
    if (body.hull ? apart(c) : apart_round(c)) return;
    if (!triangle.assign_triangle(c.p[0], c.p[1], c.p[2])) return;
    Manifold m = body.hull     ? collide(*body.hull, pose_a, triangle, pose_b, margin, cache)
                 : body.sphere ? collide(*body.sphere, pose_a, triangle, pose_b, margin)
                               : collide(*body.capsule, pose_a, triangle, pose_b, margin);
    if (m.count == 0) return;
    const vec3 f = unit_normal(c);  // the corners' winding: the front
    const vec3 o = -pose_b.rotate_inverse(m.normal);
    if (!admits(t, c, f, o)) {
      const real magnitude = body.magnitude + triangle.magnitude() * pose_b.scale +
                             glm::length(pose_b.translation - pose_a.translation);
      const real limit = margin + tol::touching * magnitude;
      // The face on the body's side: the front, or the back (the other face).
      const index_t side = (glm::dot(triangle.planes()[0].normal, f) > 0) == in_front(c, f) ? 0 : 1;
      if (body.hull)
        detail::face_b_contact(*body.hull, pose_a, triangle, pose_b, side, limit, m);
      else
        detail::round_face_b_contact(body.p0, body.p1, body.radius, body.sphere != nullptr,
                                     triangle, pose_b, side, limit, m);
      if (m.count == 0) return;
    }
    for (int i = 0; i < m.count; ++i) {
      Point& p = m.points[i];
      p.id = make_id(feature_a(p.id), mesh_feature(t, feature_b(p.id)));
    }
    add(m, mesh.input_index(t));
  }

  /// Whether kept triangle t holds q (mesh frame, on the plane of normal
  /// n), its rim included to round-off.
  static bool holds(const convex::Triangle& c, const vec3& n, const vec3& q, real slack) {
    for (int k = 0; k < 3; ++k) {
      const vec3& a = c.p[k];
      const vec3& b = c.p[(k + 1) % 3];
      if (glm::dot(glm::cross(b - a, q - a), n) < -slack * glm::length(b - a)) return false;
    }
    return true;
  }

  /// A hull on a plane: when every triangle near it lies in one plane, no
  /// edge of theirs within the hull's box `reach` (mesh frame) is anything
  /// but flat, and the hull is on the front, each triangle's answer would be
  /// the plane's face contact (a triangle's answer lies where the triangle
  /// meets the hull, inside that box, and there only face normals are
  /// admitted), so the manifold is the hull's incident face against the
  /// plane: its corners within the margin, each over the triangle that holds
  /// it. The deepest corner is the hull's support point, so the depth is the
  /// one every triangle would give. False (nothing added) when the
  /// triangles do not qualify.
  bool plane(std::span<const index_t> near, const Bounds& reach) {
    if (!body.hull || near.empty()) return false;
    const convex::Triangle c0 = mesh.triangle(near[0]);
    const vec3 n = unit_normal(c0);
    const real level = glm::dot(n, c0.p[0]);
    const real flat = tol::mesh_coplanar * mesh.magnitude();
    for (const index_t t : near) {
      const convex::Triangle c = mesh.triangle(t);
      const vec3 raw = glm::cross(c.p[1] - c.p[0], c.p[2] - c.p[0]);
      const vec3 off = glm::cross(raw, n);  // |raw| sin(angle to n)
      if (!(glm::dot(raw, n) > 0 &&
            glm::dot(off, off) <= tol::parallel * tol::parallel * glm::dot(raw, raw)))
        return false;
      for (int k = 0; k < 3; ++k) {
        if (!(std::abs(glm::dot(n, c.p[k]) - level) <= flat)) return false;
        const vec3 &p = c.p[k], &q = c.p[(k + 1) % 3];
        if (mesh.edge_kind(t, k) != EdgeKind::flat &&
            touches({glm::min(p, q), glm::max(p, q)}, reach))
          return false;
      }
    }
    const Hull& h = *body.hull;
    const vec3 up = pose_b.rotate(n);
    const vec3 on_plane = pose_b.apply(c0.p[0]);
    const vec3 low = pose_a.apply(h.vertices()[support_index(h, pose_a.rotate_inverse(-up))]);
    const vec3 high = pose_a.apply(h.vertices()[support_index(h, pose_a.rotate_inverse(up))]);
    const real front = glm::dot(up, low - on_plane);
    const real back = -glm::dot(up, high - on_plane);
    if (!(front >= back)) return false;  // below the plane: the back's contact
    const real limit = margin + roundoff;
    out.triangles_tested += int(near.size());
    if (!(front <= limit)) return true;
    Manifold m;
    m.normal = -up;
    m.separation = front;
    m.feature = {sat::FeatureKind::face_b, -1, 0};
    m.count = 1;
    const index_t f = detail::incident_face(h, pose_a.rotate_inverse(up));
    const auto he = h.half_edges();
    index_t e = h.faces()[f].edge;
    const real slack = flat;
    // Room for the points first: a corner no triangle holds (the rim's
    // round-off) sends the hull the general road, with nothing added.
    detail::Scratch<Point, 64> room;
    Point* const found = room.data();
    index_t where[64];
    int count = 0;
    for (index_t k = 0; k < h.faces()[f].count; ++k, e = he[e].next) {
      const vec3 w = pose_a.apply(h.vertices()[he[e].origin]);
      const real s = glm::dot(up, w - on_plane);
      if (!(s <= limit)) continue;
      if (count == 64) return false;
      const vec3 q = w - up * s;
      const vec3 local = pose_b.apply_inverse(q);
      index_t at = -1;
      for (const index_t t : near)
        if (holds(mesh.triangle(t), n, local, slack)) {
          at = t;
          break;
        }
      if (at < 0) return false;
      Point& p = found[count];
      p.point_a = w;
      p.point_b = q;
      p.separation = s;
      p.id =
          make_id({FeatureType::vertex, he[e].origin}, {FeatureType::face, mesh.input_index(at)});
      where[count++] = mesh.input_index(at);
    }
    for (int i = 0; i < count; ++i) {
      m.points[0] = found[i];
      add(m, where[i]);
    }
    return true;
  }

  /// Adds a triangle's manifold to the first region within
  /// tol::mesh_region of its normal, or to a new one.
  void add(const Manifold& m, index_t tri) {
    real deepest = m.points[0].separation;
    for (int i = 1; i < m.count; ++i) deepest = std::min(deepest, m.points[i].separation);
    Region* r = nullptr;
    for (int k = 0; k < region_count && !r; ++k) {
      const vec3& n = regions[k].m.normal;
      if (glm::dot(n, m.normal) > 0 && glm::length(glm::cross(n, m.normal)) <= tol::mesh_region)
        r = &regions[k];
    }
    if (!r) {
      if (region_count < max_mesh_regions) {
        r = &regions[region_count++];
      } else {
        Region* shallowest = &regions[0];
        for (int k = 1; k < region_count; ++k)
          if (regions[k].deepest > shallowest->deepest) shallowest = &regions[k];
        ++out.regions_dropped;
        if (!(deepest < shallowest->deepest)) return;
        r = shallowest;
      }
      r->m = m;
      r->m.count = 0;
      r->deepest = deepest;
      r->count = 0;
    } else if (deepest < r->deepest) {
      // The deeper member's normal becomes the region's; the points met
      // so far are measured along it.
      r->m.normal = m.normal;
      r->m.separation = m.separation;
      r->m.feature = m.feature;
      r->deepest = deepest;
      for (int i = 0; i < r->count; ++i) {
        Point& p = r->pool()[i];
        p.separation = glm::dot(p.point_b - p.point_a, m.normal);
      }
    }
    for (int i = 0; i < m.count; ++i) {
      Point p = m.points[i];
      if (!(r->m.normal == m.normal)) p.separation = glm::dot(p.point_b - p.point_a, r->m.normal);
      // One feature pair met from two triangles (a corner on a shared edge),
      // or one place met from both (a sphere over the edge between them,
      // to round-off): the deeper point stays.
      int same = -1;
      for (int j = 0; j < r->count && same < 0; ++j)
        if (r->pool()[j].id == p.id || glm::length(r->pool()[j].point_b - p.point_b) <= same_place)
          same = j;
      if (same >= 0) {
        if (p.separation < r->pool()[same].separation) r->pool()[same] = p, r->triangle[same] = tri;
        continue;
      }
      if (r->count == region_pool) compact(*r);
      r->pool()[r->count] = p;
      r->triangle[r->count++] = tri;
    }
  }

  /// Keeps the region's max_points points that contact::collide's
  /// reduction picks.
  static void compact(Region& r) {
    int keep[max_points];
    const int n = detail::pick(r.pool(), r.count, r.m.normal, 0, keep);
    for (int k = 0; k < n; ++k) {
      r.pool()[k] = r.pool()[keep[k]];
      r.triangle[k] = r.triangle[keep[k]];
    }
    r.count = n;
  }

  /// The regions, reduced, deepest first.
  void finish() {
    int order[max_mesh_regions];
    for (int k = 0; k < region_count; ++k) {  // insertion by depth, stable
      int at = k;
      for (; at > 0 && regions[k].deepest < regions[order[at - 1]].deepest; --at)
        order[at] = order[at - 1];
      order[at] = k;
    }
    out.count = region_count;
    for (int k = 0; k < region_count; ++k) {
      Region& r = regions[order[k]];
      compact(r);
      out.regions[k] = r.m;
      out.regions[k].count = r.count;
      for (int i = 0; i < r.count; ++i) {
        out.regions[k].points[i] = r.pool()[i];
        out.triangle[k][i] = r.triangle[i];
      }
      // The member's own separation may come from the body beyond its
      // triangle (a face contact's depth is the body's along the face's
      // normal, over the neighbours too): the region's is its deepest point's.
      out.regions[k].separation = r.pool()[0].separation;
      for (int i = 1; i < r.count; ++i)
        out.regions[k].separation = std::min(out.regions[k].separation, r.pool()[i].separation);
    }
  }
};

namespace {

/// The cache entry of kept triangle t, or null.
Cache* find(MeshCache& cache, index_t t) {
  MeshCache::Entry* const end = cache.entries + cache.count;
  MeshCache::Entry* const e = std::lower_bound(
      cache.entries, end, t, [](const MeshCache::Entry& x, index_t v) { return x.triangle < v; });
  return e != end && e->triangle == t ? &e->cache : nullptr;
}

/// Gathers the triangles meeting `box` (grown beyond the body's) into the
/// cache, keeping the caches of those it held before.
void refresh(MeshCache& cache, const TriangleMesh& mesh, const Bounds& box) {
  const bool same_mesh = cache.mesh == &mesh;
  const int old_count = same_mesh ? cache.count : 0;
  std::array<MeshCache::Entry, mesh_cache_triangles> old;
  std::copy(cache.entries, cache.entries + old_count, old.begin());
  std::array<index_t, mesh_cache_triangles> found;
  bool more = false;
  const std::size_t n = mesh::overlapping(mesh, box, found, &more);
  int j = 0;
  for (std::size_t i = 0; i < n; ++i) {
    while (j < old_count && old[j].triangle < found[i]) ++j;
    MeshCache::Entry& e = cache.entries[i];
    e.triangle = found[i];
    e.cache = j < old_count && old[j].triangle == found[i] ? old[j].cache : Cache{};
  }
  cache.mesh = &mesh;
  cache.box = box;
  cache.complete = !more;
  cache.count = int(n);
}

}  // namespace

namespace {

MeshManifold run(const Body& a, const Pose& pose_a, const TriangleMesh& b, const Pose& pose_b,
                 MeshScratch& scratch, real margin, MeshCache* cache) {
  MeshManifold out;
  margin = std::max(margin, real(0));
  MeshContact work(a, pose_a, b, pose_b, scratch, margin, out);
  // The body's box in the mesh's frame, grown by the margin and by
  // round-off of the mesh's size (a triangle touching the body must meet it).
  const Bounds body = grown(a.box, margin / pose_b.scale + tol::touching * b.magnitude());
  if (cache) {
    if (!(cache->mesh == &b && cache->complete && inside(body, cache->box))) {
      const vec3 size = body.max - body.min;
      refresh(*cache, b, grown(body, real(0.25) * std::max({size.x, size.y, size.z})));
    }
    if (cache->complete) {
      // The held triangles meeting the body's box, and their entries.
      std::array<index_t, mesh_cache_triangles> near;
      std::array<MeshCache::Entry*, mesh_cache_triangles> entry;
      std::size_t n = 0;
      for (int i = 0; i < cache->count; ++i)
        if (touches(triangle_box(b.triangle(cache->entries[i].triangle)), body)) {
          entry[n] = &cache->entries[i];
          near[n++] = cache->entries[i].triangle;
        }
      if (!work.plane(std::span<const index_t>(near.data(), n), body))
        for (std::size_t i = 0; i < n; ++i) work.decide(near[i], &entry[i]->cache);
      work.finish();
      return out;
    }
  }
  // Page through the tree's triangles meeting the body's box; the plane's
  // shortcut when they fit in the first page.
  std::array<index_t, page> found;
  bool more = false;
  std::size_t n = mesh::overlapping(b, body, found, &more);
  if (!more && work.plane(std::span<const index_t>(found.data(), n), body)) {
    work.finish();
    return out;
  }
  while (n > 0) {
    for (std::size_t i = 0; i < n; ++i) {
      Cache* held = cache ? find(*cache, found[i]) : nullptr;
      Cache cold;
      work.decide(found[i], held ? held : &cold);
    }
    if (!more) break;
    n = mesh::overlapping(b, body, found, &more, found[n - 1] + 1);
  }
  work.finish();
  return out;
}

/// A rounded segment's Body: world ends p0, p1 of a core given in the
/// body's frame.
Body rounded(const vec3& p0, const vec3& p1, real radius, const Pose& pose_a, const Pose& pose_b) {
  Body body;
  body.p0 = pose_a.apply(p0);
  body.p1 = pose_a.apply(p1);
  body.radius = radius * pose_a.scale;
  body.magnitude = (std::max(glm::length(p0), glm::length(p1)) + radius) * pose_a.scale;
  const vec3 q0 = pose_b.apply_inverse(body.p0), q1 = pose_b.apply_inverse(body.p1);
  const real r = body.radius / pose_b.scale;
  body.box = {glm::min(q0, q1) - vec3(r), glm::max(q0, q1) + vec3(r)};
  return body;
}

bool usable(real radius, const Pose& pose_a, const TriangleMesh& b, const Pose& pose_b) {
  return radius >= 0 && std::isfinite(radius) && !b.empty() && scale_ok(pose_a) && scale_ok(pose_b);
}

}  // namespace

MeshManifold collide(const Hull& a, const Pose& pose_a, const TriangleMesh& b, const Pose& pose_b,
                     MeshScratch& scratch, real margin, MeshCache* cache) {
  if (a.empty() || !usable(0, pose_a, b, pose_b)) return {};
  Body body;
  body.hull = &a;
  body.magnitude = a.magnitude() * pose_a.scale;
  body.box = box_in(a.bounds(), relative_pose(pose_b, pose_a));
  return run(body, pose_a, b, pose_b, scratch, margin, cache);
}

MeshManifold collide(const convex::Sphere& a, const Pose& pose_a, const TriangleMesh& b,
                     const Pose& pose_b, MeshScratch& scratch, real margin, MeshCache* cache) {
  if (!usable(a.radius, pose_a, b, pose_b)) return {};
  Body body = rounded(a.core.p, a.core.p, a.radius, pose_a, pose_b);
  body.sphere = &a;
  return run(body, pose_a, b, pose_b, scratch, margin, cache);
}

MeshManifold collide(const convex::Capsule& a, const Pose& pose_a, const TriangleMesh& b,
                     const Pose& pose_b, MeshScratch& scratch, real margin, MeshCache* cache) {
  if (!usable(a.radius, pose_a, b, pose_b)) return {};
  Body body = rounded(a.core.p0, a.core.p1, a.radius, pose_a, pose_b);
  body.capsule = &a;
  return run(body, pose_a, b, pose_b, scratch, margin, cache);
}

}  // namespace sepax::contact
