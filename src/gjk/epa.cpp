// EPA: the expanding polytope (fixed capacity, half-edge-free triangle
// adjacency), the lifting of GJK's simplex into a tetrahedron, the answer
// for flat Minkowski differences, result assembly, and the explicit
// instantiations. The loop itself is a template in detail/epa_expand.hpp.
#include "sepax/epa.hpp"

#include "core/names.hpp"
#include "core/unit_vector.hpp"

#include <algorithm>
#include <cmath>

namespace sepax::epa {

const char* to_string(Status status) {
  static constexpr const char* names[] = {"converged", "separated", "max_iterations", "capacity",
                                          "degenerate"};
  return sepax::detail::name_of(status, names);
}

namespace detail {

using gjk::detail::Simplex;
using gjk::detail::SimplexVertex;

namespace {

// A unit vector perpendicular to e (nonzero): crossed with the coordinate
// axis e is least aligned with.
vec3 perpendicular(const vec3& e) {
  const vec3 ae = glm::abs(e);
  const vec3 axis = ae.x <= ae.y && ae.x <= ae.z ? vec3(1, 0, 0)
                    : ae.y <= ae.z               ? vec3(0, 1, 0)
                                                 : vec3(0, 0, 1);
  return sepax::detail::unit_or(glm::cross(e, axis), vec3(real(0), real(0), real(1)));
}

// The unit normal n and plane offset d of the triangle (w0, w1, w2). The
// offset is the mean over the three vertices, so that no vertex is
// favoured. Refuses slivers whose normal would be mostly round-off.
bool plane_of(const vec3& w0, const vec3& w1, const vec3& w2, vec3& n, real& d) {
  const vec3 e1 = w1 - w0, e2 = w2 - w0;
  const vec3 c = glm::cross(e1, e2);
  const real len = glm::length(c);
  if (!(len > tol::epa_sliver * glm::length(e1) * glm::length(e2))) return false;
  n = c / len;
  d = (glm::dot(n, w0) + glm::dot(n, w1) + glm::dot(n, w2)) / real(3);
  return true;
}

}  // namespace

// The polytope's helpers below are defined `inline`: Polytope is exported
// for the templates in epa.hpp, and an exported member function is called
// through the PLT and never inlined (about 1.5% of EPA's instructions).
inline void Polytope::set_face(int f, int i0, int i1, int i2, const vec3& n, real d) {
  Face& face = face_[f];
  face.v[0] = i0, face.v[1] = i1, face.v[2] = i2;
  face.n = n, face.d = d;
  face.alive = true, face.mark = false;
}

inline bool Polytope::make_face(int f, int i0, int i1, int i2) {
  vec3 n;
  real d;
  if (!plane_of(vertex_[i0].w, vertex_[i1].w, vertex_[i2].w, n, d)) return false;
  set_face(f, i0, i1, i2, n, d);
  return true;
}

// The tetrahedron's faces, oriented outwards (the fourth vertex behind each),
// and their adjacency found by matching each edge with its reverse.
bool Polytope::start(const SimplexVertex (&t)[4]) {
  vertex_count_ = 4, face_count_ = 4, free_count_ = 0;
  heaped_ = false;
  for (int k = 0; k < 4; ++k) vertex_[k] = Vertex{t[k].a, t[k].b, t[k].w};
  const vec3& w0 = vertex_[0].w;
  const real vol = glm::dot(vertex_[1].w - w0, glm::cross(vertex_[2].w - w0, vertex_[3].w - w0));
  const int a = vol > 0 ? 2 : 1, b = vol > 0 ? 1 : 2;  // make (0, a, b) face away from 3
  const int tri[4][3] = {{0, a, b}, {0, 3, a}, {0, b, 3}, {a, 3, b}};
  for (int f = 0; f < 4; ++f)
    if (!make_face(f, tri[f][0], tri[f][1], tri[f][2])) return false;
  for (int f = 0; f < 4; ++f)
    for (int k = 0; k < 3; ++k) {
      const int from = face_[f].v[k], to = face_[f].v[(k + 1) % 3];
      for (int g = 0; g < 4; ++g)
        for (int m = 0; m < 3; ++m)
          if (face_[g].v[m] == to && face_[g].v[(m + 1) % 3] == from) face_[f].adj[k] = g;
    }
  // The apex of each face must be strictly behind it, or the normals lie.
  for (int f = 0; f < 4; ++f) {
    const int apex = 6 - tri[f][0] - tri[f][1] - tri[f][2];
    if (!(glm::dot(face_[f].n, vertex_[apex].w) < face_[f].d)) return false;
  }
  return true;
}

// Flood fill from `from` over the adjacency: the faces whose plane has w in
// front. Starting from one visible face keeps the region connected, so its
// boundary is (barring round-off, checked in chain_horizon) one loop. The
// edges to faces that fail the test are that boundary, the horizon: a face
// that fails never passes from another side, so they are collected on the
// way (in the order of a second pass over the visible faces), each oriented
// as in its visible face, so that the new face (from, to, w) is
// counter-clockwise from outside. Returns the count of visible faces and
// sets `edges` to the horizon's.
inline int Polytope::mark_visible(const vec3& w, int from, int& edges) {
  int count = 0, top = 0;
  edges = 0;
  face_[from].mark = true;
  visible_[count++] = from;
  while (top < count) {
    const Face& f = face_[visible_[top++]];
    for (int k = 0; k < 3; ++k) {
      Face& g = face_[f.adj[k]];
      if (g.mark) continue;
      if (glm::dot(g.n, w) > g.d) {
        g.mark = true;
        visible_[count++] = f.adj[k];
      } else {
        HorizonEdge& e = horizon_[edges++];
        e.from = f.v[k], e.to = f.v[(k + 1) % 3], e.outer = f.adj[k];
      }
    }
  }
  return count;
}

// Orders the horizon edges into one closed loop, each edge starting where
// the previous one ends. Fails when they form several loops or pinch at a
// vertex (a round-off artefact of the visibility test).
inline bool Polytope::chain_horizon(int count) {
  if (count < 3) return false;
  for (int i = 0; i + 1 < count; ++i) {
    int found = -1;
    for (int j = i + 1; j < count; ++j) {
      if (horizon_[j].from != horizon_[i].to) continue;
      if (found >= 0) return false;  // pinched: two edges leave this vertex
      found = j;
    }
    if (found < 0) return false;
    std::swap(horizon_[i + 1], horizon_[found]);
  }
  return horizon_[count - 1].to == horizon_[0].from;
}

inline int Polytope::allocate() {
  if (free_count_ > 0) return free_[--free_count_];
  if (face_count_ >= max_faces_) return -1;
  face_[face_count_].heap = -1;
  return face_count_++;
}

// Outline: mark the faces p sees; take their horizon as one loop; check the
// capacity and that every new face (edge, p) has a reliable normal; only
// then remove the visible faces and stitch the fan of new faces into the
// hole (edge 0 to the outer face, edges 1 and 2 to the neighbouring new
// faces). Any failure unmarks and leaves the polytope as it was. Once the
// faces are in a heap, new faces reuse the removed faces' slots and with
// them their places in the heap (one sift instead of a removal and an
// insertion); removed faces whose slot is not reused leave it at the end.
// The heap is made when the face slots first exceed heap_from.
Polytope::Add Polytope::add(const SimplexVertex& p, int from) {
  if (vertex_count_ >= max_vertices_) return Add::full;
  int edges;
  const int visible = mark_visible(p.w, from, edges);
  const auto unmark = [&](Add why) {
    for (int i = 0; i < visible; ++i) face_[visible_[i]].mark = false;
    return why;
  };
  if (!chain_horizon(edges)) return unmark(Add::degenerate);
  if (edges > free_count_ + visible + (max_faces_ - face_count_)) return unmark(Add::full);
  const int vp = vertex_count_;
  vertex_[vp] = Vertex{p.a, p.b, p.w};
  for (int i = 0; i < edges; ++i) {  // the new faces' planes, kept for the commit
    HorizonEdge& e = horizon_[i];
    if (!plane_of(vertex_[e.from].w, vertex_[e.to].w, p.w, e.n, e.d))
      return unmark(Add::degenerate);
  }
  ++vertex_count_;
  for (int i = 0; i < visible; ++i)
    face_[visible_[i]].alive = false, free_[free_count_++] = visible_[i];
  int first = -1, prev = -1;
  for (int i = 0; i < edges; ++i) {
    const int f = allocate();
    set_face(f, horizon_[i].from, horizon_[i].to, vp, horizon_[i].n, horizon_[i].d);
    if (heaped_ && face_[f].heap >= 0) {
      heap_.fix(f);  // a removed face's slot, still in the heap
    } else if (heaped_) {
      heap_.push(f);
    }
    Face& outer = face_[horizon_[i].outer];
    for (int k = 0; k < 3; ++k)
      if (outer.v[k] == horizon_[i].to && outer.v[(k + 1) % 3] == horizon_[i].from)
        outer.adj[k] = f;
    face_[f].adj[0] = horizon_[i].outer;
    if (prev >= 0) face_[prev].adj[1] = f, face_[f].adj[2] = prev;
    if (first < 0) first = f;
    prev = f;
  }
  face_[prev].adj[1] = first, face_[first].adj[2] = prev;
  if (heaped_) {
    for (int i = 0; i < visible; ++i)
      if (!face_[visible_[i]].alive && face_[visible_[i]].heap >= 0) heap_.remove(visible_[i]);
  } else if (face_count_ > heap_from) {
    heap_faces();
  }
  return Add::ok;
}

// Puts the live faces in the heap; from now on add() keeps it up to date.
void Polytope::heap_faces() {
  heap_.clear();
  for (int f = 0; f < face_count_; ++f) {
    face_[f].heap = -1;
    if (face_[f].alive) heap_.push(f);
  }
  heaped_ = true;
}

bool Polytope::valid() const {
  int live = 0;
  for (int f = 0; f < face_count_; ++f) {
    const Face& face = face_[f];
    if (!face.alive) continue;
    ++live;
    if (heaped_ && (face.heap < 0 || face.heap >= heap_.size() || heap_.at(face.heap) != f))
      return false;
    for (int k = 0; k < 3; ++k) {
      const Face& g = face_[face.adj[k]];
      bool back = false;
      for (int m = 0; m < 3; ++m)
        back = back ||
               (g.adj[m] == f && g.v[m] == face.v[(k + 1) % 3] && g.v[(m + 1) % 3] == face.v[k]);
      if (!g.alive || !back) return false;
    }
  }
  return !heaped_ || (live == heap_.size() && heap_.valid());
}

// Barycentric weights of the point q (in or near face f's plane) on face f,
// as signed areas in the coordinate plane where the face is largest (as
// GJK's S2D), divided by the whole area. Outside the triangle some weight is
// negative. The areas are formed in double whatever `real` is: a sliver
// face (the Minkowski face of two nearly parallel edges is a thin
// parallelogram) has areas of products of differences far smaller than its
// coordinates, which float would round to noise (its sign, which the walk
// below follows, included); the differences of float coordinates are exact
// in double.
inline void Polytope::weights(int f, const vec3& q, real (&l)[3]) const {
  const Face& face = face_[f];
  const glm::dvec3 w0(vertex_[face.v[0]].w), w1(vertex_[face.v[1]].w), w2(vertex_[face.v[2]].w);
  const glm::dvec3 p(q);
  const vec3 an = glm::abs(face.n);
  const int axis = an.x >= an.y && an.x >= an.z ? 0 : (an.y >= an.z ? 1 : 2);
  const int j = (axis + 1) % 3, k = (axis + 2) % 3;
  const auto area = [&](const glm::dvec3& a, const glm::dvec3& b, const glm::dvec3& c) {
    return (b[j] - a[j]) * (c[k] - a[k]) - (b[k] - a[k]) * (c[j] - a[j]);
  };
  const double l0 = area(p, w1, w2), l1 = area(w0, p, w2), l2 = area(w0, w1, p);
  const double sum = l0 + l1 + l2;
  if (!(std::abs(sum) > 0)) {
    l[0] = l[1] = l[2] = real(1) / real(3);
    return;
  }
  l[0] = real(l0 / sum), l[1] = real(l1 / sum), l[2] = real(l2 / sum);
}

// The nearest face may be one of several (near-)coplanar triangles of one
// facet of D, and the origin's projection may fall in another of them: walk
// across the edge with the most negative weight (a visibility walk, bounded)
// until a face contains the projection, keep the face with the best weights
// seen, then clamp what round-off is left. The walk must not stop when a
// step makes the weights worse: in a fan of coplanar triangles the way to
// the right one can cross a thin triangle whose weights are worse still
// (witnesses off by a large part of the depth). The point located is the
// first face's projection d * n throughout: the neighbours' own planes
// differ from it by round-off, and their projections would give witnesses
// that differ by d * (n' - n), not by the reported depth along the
// reported normal.
void Polytope::witness(int f, vec3& pa, vec3& pb) const {
  const auto lowest = [](const real(&w)[3]) {
    return w[0] <= w[1] && w[0] <= w[2] ? 0 : (w[1] <= w[2] ? 1 : 2);
  };
  const vec3 q = face_[f].n * face_[f].d;
  real l[3];
  weights(f, q, l);
  int best = f;
  real best_l[3] = {l[0], l[1], l[2]};
  for (int step = 0; step < witness_walk && l[lowest(l)] < 0; ++step) {
    f = face_[f].adj[(lowest(l) + 1) % 3];  // across the edge opposite that vertex
    weights(f, q, l);
    if (l[lowest(l)] > best_l[lowest(best_l)]) {
      best = f;
      for (int k = 0; k < 3; ++k) best_l[k] = l[k];
    }
  }
  f = best;
  for (int k = 0; k < 3; ++k) l[k] = best_l[k];
  real sum = 0;
  for (real& x : l) x = std::max(x, real(0)), sum += x;
  if (!(sum > 0)) l[0] = l[1] = l[2] = real(1), sum = 3;
  pa = pb = vec3(real(0));
  for (int m = 0; m < 3; ++m) {
    pa += (l[m] / sum) * vertex_[face_[f].v[m]].a;
    pb += (l[m] / sum) * vertex_[face_[f].v[m]].b;
  }
}

int lift_directions(const Simplex& s, vec3 (&dirs)[6]) {
  if (s.count == 1) {
    for (int k = 0; k < 3; ++k) {
      dirs[2 * k] = vec3(real(0)), dirs[2 * k][k] = 1;
      dirs[2 * k + 1] = -dirs[2 * k];
    }
    return 6;
  }
  if (s.count == 2) {
    const vec3 e = s.v[1].w - s.v[0].w;
    const vec3 u = perpendicular(e), v = sepax::detail::unit_or(glm::cross(e, u), u);
    dirs[0] = u, dirs[1] = -u, dirs[2] = v, dirs[3] = -v;
    return 4;
  }
  const vec3 n = glm::cross(s.v[1].w - s.v[0].w, s.v[2].w - s.v[0].w);
  dirs[0] = sepax::detail::unit_or(n, vec3(real(0), real(0), real(1))), dirs[1] = -dirs[0];
  return 2;
}

real lift_height(const Simplex& s, const vec3& w) {
  const vec3 d = w - s.v[0].w;
  if (s.count == 1) return glm::length(d);
  if (s.count == 2) {
    const vec3 e = s.v[1].w - s.v[0].w;
    const real len = glm::length(e);
    return len > 0 ? glm::length(glm::cross(e, d)) / len : glm::length(d);
  }
  const vec3 n = glm::cross(s.v[1].w - s.v[0].w, s.v[2].w - s.v[0].w);
  const real len = glm::length(n);
  return len > 0 ? std::abs(glm::dot(n, d)) / len : real(0);
}

// Each face as its own simplex; the signed-volumes step says how near the
// origin it is. The nearest wins (the larger simplex on ties, to keep the
// most dimensions).
void drop_to_face(Simplex& s) {
  static constexpr int face[4][3] = {{1, 2, 3}, {0, 2, 3}, {0, 1, 3}, {0, 1, 2}};
  Simplex best;
  real best_vv = std::numeric_limits<real>::infinity();
  for (const auto& f : face) {
    Simplex t;
    t.count = 3;
    for (int m = 0; m < 3; ++m) t.v[m] = s.v[f[m]];
    const vec3 v = gjk::detail::closest_point(t);
    const real vv = glm::dot(v, v);
    if (vv < best_vv || (vv == best_vv && t.count > best.count)) best = t, best_vv = vv;
  }
  s = best;
}

// D without volume through the origin: moving B off D's plane by any amount
// separates, so the depth is 0. The axis is the plane's normal (a
// perpendicular of a segment), signed to point from A's centre towards
// B's when they differ, else canonically (largest component positive).
ExpandResult flat_answer(const Simplex& grown, const Simplex& gjk_simplex, const vec3& guess) {
  ExpandResult r;
  vec3 axis(real(0), real(0), real(1));
  if (grown.count == 3) {
    axis = sepax::detail::unit_or(
        glm::cross(grown.v[1].w - grown.v[0].w, grown.v[2].w - grown.v[0].w), axis);
  } else if (grown.count == 2) {
    axis = perpendicular(grown.v[1].w - grown.v[0].w);
  }
  const real g = glm::dot(axis, guess);
  const vec3 aa = glm::abs(axis);
  const int big = aa.x >= aa.y && aa.x >= aa.z ? 0 : (aa.y >= aa.z ? 1 : 2);
  if (g < 0 || (g == 0 && axis[big] < 0)) axis = -axis;
  r.normal = -axis;
  for (int m = 0; m < gjk_simplex.count; ++m) {
    r.pa += gjk_simplex.lambda[m] * gjk_simplex.v[m].a;
    r.pb += gjk_simplex.lambda[m] * gjk_simplex.v[m].b;
  }
  return r;
}

// Apart: GJK's distance minus the radii (rounded shapes whose cores are apart
// may still overlap: then depth = radii - core distance along GJK's axis).
// Overlapping cores: EPA's depth plus the radii. Witnesses move along the
// axis onto the rounded surfaces.
Result finish(const gjk::detail::SolveResult& g, const Simplex& s, const ExpandResult* e,
              real radius_a, real radius_b, const Pose* to_world) {
  Result q;
  const real unit = to_world ? to_world->scale : real(1);  // working length -> world
  radius_a /= unit, radius_b /= unit;
  const gjk::Result d = gjk::detail::finish(g, s, radius_a, radius_b, nullptr);
  q.gjk_iterations = g.iterations, q.gjk_status = g.status;
  if (e == nullptr) {
    const real len = std::sqrt(glm::dot(g.v, g.v));
    q.separation = len - radius_a - radius_b;
    q.intersecting = d.intersecting;
    q.axis = d.axis, q.point_a = d.point_a, q.point_b = d.point_b;
    q.epa_status = q.intersecting ? Status::converged : Status::separated;
  } else {
    q.separation = -(e->depth + radius_a + radius_b);
    q.intersecting = true;
    q.axis = -e->normal;
    q.point_a = e->pa + q.axis * radius_a, q.point_b = e->pb - q.axis * radius_b;
    q.epa_iterations = e->iterations, q.epa_status = e->status;
    q.depth_error = e->depth - e->lower;
  }
  if (to_world != nullptr) {
    q.point_a = to_world->apply(q.point_a), q.point_b = to_world->apply(q.point_b);
    q.axis = to_world->rotate(q.axis);
    q.separation *= unit;
    q.depth_error *= unit;
  }
  return q;
}

template ExpandResult expand(const convex::HullShape&, const convex::Posed<convex::HullShape>&,
                             const Simplex&, real, const vec3&, Polytope&);
template ExpandResult expand(const convex::Box&, const convex::Posed<convex::Box>&, const Simplex&,
                             real, const vec3&, Polytope&);

}  // namespace detail

namespace {

// Room for the starting tetrahedron at least.
int vertex_room(int vertices) {
  return std::max(vertices, 4);
}
std::size_t face_room(int vertices) {
  return static_cast<std::size_t>(detail::face_capacity(vertex_room(vertices)));
}

}  // namespace

Workspace::Workspace(int vertices)
    : vertex_(std::make_unique<detail::Vertex[]>(static_cast<std::size_t>(vertex_room(vertices)))),
      face_(std::make_unique<detail::Face[]>(face_room(vertices))),
      free_(std::make_unique<int[]>(face_room(vertices))),
      visible_(std::make_unique<int[]>(face_room(vertices))),
      horizon_(std::make_unique<detail::HorizonEdge[]>(face_room(vertices))),
      heap_(std::make_unique<detail::HeapEntry[]>(face_room(vertices))),
      polytope_(detail::Storage{vertex_.get(), face_.get(), free_.get(), visible_.get(),
                                horizon_.get(), heap_.get(), vertex_room(vertices)}) {}

int workspace_vertices(const Hull& a, const Hull& b) {
  constexpr std::size_t most = std::size_t(1) << 20;  // 360 MB in double: plenty
  const std::size_t n = std::min(a.vertex_count() + b.vertex_count(), most);
  return std::max(static_cast<int>(n), max_vertices);
}

Result query(const Hull& a, const Pose& pose_a, const Hull& b, const Pose& pose_b,
             gjk::Cache* cache, Workspace* workspace) {
  if (a.empty() || b.empty() || !scale_ok(pose_a) ||
      !scale_ok(pose_b)) {  // programmer error: no hull to read supports from
    Result r;
    r.gjk_status = gjk::Status::degenerate;
    r.epa_status = Status::degenerate;
    return r;
  }
  return query(convex::posed(a, pose_a), convex::posed(b, pose_b), cache, workspace);
}

}  // namespace sepax::epa
