// sepax: EPA penetration depth, and the combined GJK + EPA query.
//
// The Expanding Polytope Algorithm (van den Bergen, "Proximity Queries and
// Penetration Depth Computation on 3D Game Objects", GDC 2001): when GJK
// finds the origin inside D = B - A, grow a polytope inside D from GJK's
// terminal simplex until its face nearest the origin lies on D's boundary.
// That face's distance is the penetration depth and its normal the minimum
// translation direction. Written as templates over the SupportMap concept,
// like gjk.hpp, with the same frames and the same treatment of rounded
// shapes (EPA on the cores, radii added afterwards).
//
// Sign conventions (DESIGN.md): `axis` is a unit vector from A to B in the
// world (caller's) frame; moving B by depth * axis separates the shapes;
// `separation` is > 0 when apart (exactly the distance), < 0 when
// overlapping (-separation = depth).
//
// Storage: a fixed-capacity polytope, max_vertices on the stack, or as many
// as the caller's Workspace was made for (allocated once, when it is made);
// no heap allocation per query. Never throws, never returns
// NaN for finite input, always terminates; when a cap or round-off stops the
// expansion early, the answer is the best upper bound found, whose axis still
// separates the shapes when B moves by depth * axis.
#pragma once

#include "sepax/gjk.hpp"

#include <memory>

namespace sepax::tol {

/// Relative, dimensionless: EPA stops when the support point along the
/// nearest face's normal is at most `epa_gap * depth` beyond that face
/// (depth known to this relative accuracy). Polytopes usually end earlier,
/// exactly, when the support point is already a polytope vertex.
inline constexpr real epa_gap = std::numeric_limits<real>::digits > 24 ? real(1e-12) : real(1e-6);

/// Relative to the magnitude of the support points (as tol::gjk_roundoff):
/// the absolute floor of EPA's stopping test (unit: length).
inline constexpr real epa_roundoff = real(4) * eps;

/// Sine of the smallest angle a new EPA face may have between its two edges
/// at the first vertex: thinner slivers have no reliable normal, so EPA
/// stops there (status degenerate) with its best answer.
inline constexpr real epa_sliver = real(16) * eps;

}  // namespace sepax::tol

namespace sepax::epa {

/// Vertex capacity of the expanding polytope of a query without a
/// Workspace, and of a default Workspace. Deep pairs of hulls with many
/// vertices may need more: see Workspace.
inline constexpr int max_vertices = 128;
/// Face capacity for `vertices` vertices (a closed triangulated polytope
/// has 2V - 4 faces).
[[nodiscard]] constexpr int face_capacity(int vertices) {
  return 2 * vertices;
}
/// Face capacity of the default polytope.
inline constexpr int max_faces = face_capacity(max_vertices);
/// Expansion cap (support evaluations) of one EPA run on a polytope of
/// `vertices` vertices: every evaluation may add a vertex to the starting 4.
[[nodiscard]] constexpr int iteration_cap(int vertices) {
  return vertices - 4;
}
/// Expansion cap of the default polytope.
inline constexpr int max_iterations = iteration_cap(max_vertices);

/// How the EPA part of a query ended.
enum class EpaStatus : std::uint8_t {
  converged,       ///< depth within tolerance (also: touching, flat D)
  separated,       ///< GJK found the shapes apart: EPA did not run
  max_iterations,  ///< hit max_iterations: best upper bound returned
  capacity,        ///< polytope full (max_vertices / max_faces): best upper bound
  degenerate,      ///< round-off (sliver face, broken horizon): best upper bound
};

/// Short name ("converged", "separated", ...).
[[nodiscard]] SEPAX_API const char* to_string(EpaStatus status);

/// Answer of epa::query: signed separation for any pair.
struct QueryResult {
  /// Signed distance (length unit of the input): > 0 apart, exactly the
  /// distance; <= 0 overlapping or touching, -separation = penetration depth.
  real separation = 0;
  /// True when overlapping or touching (within tol::gjk_touch).
  bool intersecting = false;
  /// Unit, world (caller's) frame, from A to B. Apart: direction from
  /// point_a to point_b. Overlapping: moving B by -separation * axis
  /// separates the shapes (minimum translation direction).
  vec3 axis{real(0), real(0), real(1)};
  /// World frame. Apart: closest point of A. Overlapping: the point of A
  /// deepest inside B (on A's surface).
  vec3 point_a{real(0)};
  /// World frame. Apart: closest point of B. Overlapping: the point of B
  /// deepest inside A. Always point_b - point_a = separation * axis (up to
  /// round-off; approximately when epa_status is not converged).
  vec3 point_b{real(0)};
  int gjk_iterations = 0;  ///< GJK support evaluations
  int epa_iterations = 0;  ///< EPA support evaluations (0 when apart)
  gjk::GjkStatus gjk_status = gjk::GjkStatus::converged;  ///< how GJK ended
  EpaStatus epa_status = EpaStatus::separated;            ///< how EPA ended
};

/// Answer of epa::penetration.
struct PenetrationResult {
  /// True when overlapping or touching (within tol::gjk_touch).
  bool intersecting = false;
  /// Penetration depth (length unit), >= 0; 0 when apart or touching.
  real depth = 0;
  /// Unit, world frame, from A to B: moving B by depth * axis separates the
  /// shapes. When apart: the GJK axis (point_a to point_b).
  vec3 axis{real(0), real(0), real(1)};
  /// World frame: the point of A deepest inside B (apart: closest point).
  vec3 point_a{real(0)};
  /// World frame: the point of B deepest inside A (apart: closest point).
  /// point_b - point_a = -depth * axis when overlapping.
  vec3 point_b{real(0)};
  int iterations = 0;                       ///< EPA support evaluations
  EpaStatus status = EpaStatus::separated;  ///< how EPA ended
};

/// Internals shared by the templates; not a stable API.
namespace detail {

/// A polytope vertex: points of A and B (working frame) and w = b - a.
struct Vertex {
  vec3 a;
  vec3 b;
  vec3 w;
};

/// A triangle of the polytope, counter-clockwise seen from outside. Edge k
/// runs from v[k] to v[(k + 1) % 3]; adj[k] is the face across it.
struct Face {
  int v[3];
  int adj[3];
  vec3 n;      ///< outward unit normal
  real d;      ///< signed distance of the origin's plane: dot(n, points)
  int heap;    ///< position in the polytope's heap of live faces, or -1
  bool alive;  ///< false once removed (slot on the free list)
  bool mark;   ///< scratch: visible from the point being added
};

/// A horizon edge: from -> to, seen from the visible face; `outer` is the
/// hidden face across it; n and d the plane of the new face (from, to, p).
struct HorizonEdge {
  int from, to, outer;
  vec3 n;
  real d;
};

/// An entry of FaceHeap: a face and its key (the face's d when placed).
struct HeapEntry {
  real d;
  int face;
};

/// The live faces of a polytope as a binary min-heap (Williams' heap, each
/// face keeping its position in Face::heap, so that a face leaves the heap
/// as soon as it is removed instead of lingering as a stale entry). Ordered
/// by d, then by index: the top is the face a scan of all faces for the
/// smallest d would find first. Works in `slots` (room for every face) and
/// keeps each key beside its face index, so that sifting reads one array.
/// Inline: these run several times per EPA iteration.
class FaceHeap {
 public:
  FaceHeap(HeapEntry* slots, Face* faces) : heap_(slots), face_(faces) {}
  /// Empties the heap.
  void clear() { count_ = 0; }
  /// Number of faces in the heap.
  [[nodiscard]] int size() const { return count_; }
  /// The first face (smallest d); the heap must not be empty.
  [[nodiscard]] int top() const { return heap_[0].face; }
  /// The face at position i (0 <= i < size()).
  [[nodiscard]] int at(int i) const { return heap_[i].face; }
  /// Adds face f (not in the heap).
  void push(int f) {
    face_[f].heap = count_++;
    fix(f);
  }
  /// Takes face f's d as its key and restores the order (f in the heap).
  void fix(int f) {
    const HeapEntry e{face_[f].d, f};
    int i = face_[f].heap;
    while (i > 0 && before(e, heap_[(i - 1) / 2])) {
      place(heap_[(i - 1) / 2], i);
      i = (i - 1) / 2;
    }
    for (int c = 2 * i + 1; c < count_; c = 2 * i + 1) {
      if (c + 1 < count_ && before(heap_[c + 1], heap_[c])) ++c;
      if (!before(heap_[c], e)) break;
      place(heap_[c], i);
      i = c;
    }
    place(e, i);
  }
  /// Takes face f (in the heap) out; its Face::heap becomes -1.
  void remove(int f) {
    const int i = face_[f].heap, last = heap_[--count_].face;
    face_[f].heap = -1;
    if (last == f) return;
    face_[last].heap = i;
    fix(last);
  }
  /// Expensive check (tests): positions and keys consistent, order holds.
  [[nodiscard]] bool valid() const {
    for (int i = 0; i < count_; ++i) {
      const HeapEntry& e = heap_[i];
      if (face_[e.face].heap != i || face_[e.face].d != e.d) return false;
      if (i > 0 && before(e, heap_[(i - 1) / 2])) return false;
    }
    return true;
  }

 private:
  [[nodiscard]] static bool before(const HeapEntry& x, const HeapEntry& y) {
    return x.d < y.d || (x.d == y.d && x.face < y.face);
  }
  void place(const HeapEntry& e, int i) { heap_[i] = e, face_[e.face].heap = i; }

  HeapEntry* heap_;
  Face* face_;
  int count_ = 0;
};

/// Arrays a Polytope works in, owned by someone else: `vertices` vertices,
/// face_capacity(vertices) of each other kind.
struct Storage {
  Vertex* vertex = nullptr;
  Face* face = nullptr;
  int* free = nullptr;
  int* visible = nullptr;
  HorizonEdge* horizon = nullptr;
  HeapEntry* heap = nullptr;
  int vertices = 0;
};

/// Storage for V vertices as plain arrays (a query's polytope on the stack).
template <int V>
struct InlineStorage {
  Vertex vertex[V];
  Face face[face_capacity(V)];
  int free[face_capacity(V)];
  int visible[face_capacity(V)];
  HorizonEdge horizon[face_capacity(V)];
  HeapEntry heap[face_capacity(V)];
  [[nodiscard]] Storage view() { return {vertex, face, free, visible, horizon, heap, V}; }
};

/// The expanding polytope, in arrays of fixed capacity (Storage): no
/// allocation.
class SEPAX_API Polytope {
 public:
  /// Outcome of add().
  enum class Add { ok, full, degenerate };

  /// Works in `storage` (at least 4 vertices), which must outlive it.
  explicit Polytope(const Storage& storage)
      : vertex_(storage.vertex),
        face_(storage.face),
        free_(storage.free),
        visible_(storage.visible),
        horizon_(storage.horizon),
        heap_(storage.heap, storage.face),
        max_vertices_(storage.vertices),
        max_faces_(face_capacity(storage.vertices)) {}

  /// Most vertices the polytope can hold.
  [[nodiscard]] int vertex_capacity() const { return max_vertices_; }
  /// Starts from the tetrahedron t[0..3]. False when it is too flat for
  /// reliable face normals.
  bool start(const gjk::SimplexVertex (&t)[4]);
  /// Index of the live face nearest the origin (smallest d; the smallest
  /// index among equals): a scan of the faces while they are few, then the
  /// top of a heap of the live faces.
  [[nodiscard]] int closest() const { return heaped_ ? heap_.top() : scan(); }
  /// Face f.
  [[nodiscard]] const Face& face(int f) const { return face_[f]; }
  /// Adds p, which lies beyond face `from`: removes the faces p sees and
  /// joins their horizon to p. Leaves the polytope unchanged unless ok.
  Add add(const gjk::SimplexVertex& p, int from);
  /// Points of A and B whose difference is the origin's projection on face
  /// f (barycentric on the triangle).
  void witness(int f, vec3& pa, vec3& pb) const;
  /// Expensive self-check, for tests only: once heaped, the heap holds
  /// exactly the live faces in heap order; each edge's neighbour is live
  /// and has the edge reversed, pointing back.
  [[nodiscard]] bool valid() const;

 private:
  Vertex* vertex_;
  Face* face_;
  int* free_;
  int* visible_;
  HorizonEdge* horizon_;
  FaceHeap heap_;        // the live faces, once heaped_
  bool heaped_ = false;  // face_count_ passed heap_from: closest() reads the heap
  int max_vertices_;
  int max_faces_;
  int vertex_count_ = 0;
  int face_count_ = 0;  // slots used so far (live or free)
  int free_count_ = 0;

  static constexpr int witness_walk = 16;  // steps over coplanar neighbours
  // Face slots beyond which the heap pays for its upkeep: below, a scan of
  // the faces is cheaper (measured with callgrind on random hulls: a few
  // percent either way for 32 to 512 vertices).
  static constexpr int heap_from = 64;

  void set_face(int f, int i0, int i1, int i2, const vec3& n, real d);
  bool make_face(int f, int i0, int i1, int i2);
  void weights(int f, const vec3& q, real (&l)[3]) const;
  int mark_visible(const vec3& w, int from, int& edges);
  bool chain_horizon(int count);
  int allocate();
  [[nodiscard]] int scan() const {  // the first live face of smallest d
    int best = -1;
    real best_d = std::numeric_limits<real>::infinity();
    for (int f = 0; f < face_count_; ++f)
      if (face_[f].alive && face_[f].d < best_d) best_d = face_[f].d, best = f;
    return best;
  }
  void heap_faces();
};

/// Raw EPA outcome on the cores, working frame.
struct Raw {
  real depth = 0;                           ///< >= 0 (core depth)
  vec3 normal{real(0), real(0), real(-1)};  ///< outward normal of D's face (axis = -normal)
  vec3 pa{real(0)};                         ///< witness on A's core
  vec3 pb{real(0)};                         ///< witness on B's core
  int iterations = 0;                       ///< support evaluations
  EpaStatus status = EpaStatus::converged;  ///< how it ended
};

/// Search directions that can lift a simplex of 1, 2 or 3 points into a
/// higher dimension (axes; perpendiculars of the segment; the triangle's two
/// normals). Returns how many were written to dirs.
SEPAX_API int lift_directions(const gjk::Simplex& s, vec3 (&dirs)[6]);

/// Distance of w from the affine hull of the simplex's points (count 1..3).
[[nodiscard]] SEPAX_API real lift_height(const gjk::Simplex& s, const vec3& w);

/// Replaces a too-flat tetrahedron by its face (or edge) nearest the origin.
SEPAX_API void drop_to_face(gjk::Simplex& s);

/// The answer when D has no volume (a polygon, segment or point through
/// the origin): depth 0 along the polygon's normal or any perpendicular.
[[nodiscard]] SEPAX_API Raw flat_answer(const gjk::Simplex& grown, const gjk::Simplex& gjk_simplex,
                                        const vec3& guess);

/// Grows GJK's terminal simplex (origin in it, 1 to 4 points) into a full
/// tetrahedron with support points of D. Returns the count reached: 4, or
/// less when D is flat or degenerate.
template <SupportMap A, SupportMap B>
int grow(const A& a, const B& b, gjk::Simplex& s, real& scale, int& iterations) {
  while (s.count < 4) {
    vec3 dirs[6];
    const int n = lift_directions(s, dirs);
    real best_h = tol::gjk_touch * scale;
    gjk::SimplexVertex best;
    bool found = false;
    for (int k = 0; k < n; ++k) {
      const gjk::SimplexVertex p = gjk::detail::support_pair(a, b, dirs[k], -1, -1);
      ++iterations;
      scale = std::max(scale, gjk::detail::magnitude(p));
      const real h = lift_height(s, p.w);
      if (h > best_h) best_h = h, best = p, found = true;
    }
    if (!found) return s.count;
    s.v[s.count++] = best;
  }
  return 4;
}

/// The EPA loop on the cores, in the working frame, from GJK's terminal
/// simplex `s` (origin inside or within the touching band).
///
/// Outline: grow s to a tetrahedron (or answer depth 0 when D is flat);
/// repeat: take the face nearest the origin, the support point p of D along
/// its normal; stop when p is within tolerance of the face's plane (the face
/// lies on D's boundary: its distance is the depth); otherwise add p (remove
/// the faces it sees, join the horizon to it). Every support value along a
/// face normal is an upper bound on the depth; the smallest is kept for
/// early stops.
template <SupportMap A, SupportMap B>
Raw expand(const A& a, const B& b, const gjk::Simplex& s, real scale, const vec3& guess,
           Polytope& poly) {
  Raw r;
  gjk::Simplex t = s;
  bool started = false;
  for (int attempt = 0; attempt < 2 && !started; ++attempt) {
    if (grow(a, b, t, scale, r.iterations) < 4) return flat_answer(t, s, guess);
    started = poly.start(t.v);
    if (!started) drop_to_face(t);
  }
  if (!started) return flat_answer(t, s, guess);
  real best = std::numeric_limits<real>::infinity();
  for (;;) {
    const int f = poly.closest();
    const Face& face = poly.face(f);
    if (r.iterations >= iteration_cap(poly.vertex_capacity())) {
      r.status = EpaStatus::max_iterations;
      break;
    }
    ++r.iterations;
    // No hint: successive faces lie anywhere on the polytope, and a hull's
    // own start (its table of seed directions) is nearer the answer than
    // the previous support (16-43% fewer instructions per query on random
    // hulls of 128 and 512 vertices, deep and contained).
    const gjk::SimplexVertex p = gjk::detail::support_pair(a, b, face.n, -1, -1);
    scale = std::max(scale, gjk::detail::magnitude(p));
    const real upper = glm::dot(face.n, p.w);
    if (upper < best) {
      best = upper, r.normal = face.n;
      poly.witness(f, r.pa, r.pb);
    }
    if (upper - face.d <= tol::epa_gap * std::max(face.d, real(0)) + tol::epa_roundoff * scale) {
      r.depth = std::max(face.d, real(0)), r.normal = face.n;
      poly.witness(f, r.pa, r.pb);
      return r;
    }
    const Polytope::Add added = poly.add(p, f);
    if (added != Polytope::Add::ok) {
      r.status = added == Polytope::Add::full ? EpaStatus::capacity : EpaStatus::degenerate;
      break;
    }
  }
  r.depth = std::max(best, real(0));
  return r;
}

/// Assembles the combined answer from GJK's run and, when intersecting, EPA's:
/// adds the radii, moves the witnesses onto the rounded surfaces, maps to
/// the world with `to_world` (null: working frame = world frame).
[[nodiscard]] SEPAX_API QueryResult finish(const gjk::detail::Run& g, const gjk::Simplex& s,
                                           const Raw* e, real radius_a, real radius_b,
                                           const Pose* to_world);

extern template SEPAX_API Raw expand(const convex::HullShape&,
                                     const convex::Posed<convex::HullShape>&, const gjk::Simplex&,
                                     real, const vec3&, Polytope&);
extern template SEPAX_API Raw expand(const convex::Box&, const convex::Posed<convex::Box>&,
                                     const gjk::Simplex&, real, const vec3&, Polytope&);

}  // namespace detail

/// Reusable EPA storage, allocated once when made: pass one to keep the
/// polytope off the stack, or to give EPA more room than max_vertices.
/// About 340 bytes per vertex in double (220 in float). Deep overlaps of
/// hulls with hundreds of vertices or more can need several hundred
/// polytope vertices to converge (status capacity or max_iterations
/// otherwise: the depth is then an upper bound). Not shared between threads
/// at once.
class SEPAX_API Workspace {
 public:
  /// Room for `vertices` polytope vertices (at least 4; smaller is raised
  /// to 4) and iteration_cap(vertices) expansion steps.
  explicit Workspace(int vertices = max_vertices);

  /// Most polytope vertices.
  [[nodiscard]] int vertex_capacity() const { return polytope_.vertex_capacity(); }
  /// The polytope (the templates' access; not a stable API).
  [[nodiscard]] detail::Polytope& polytope() { return polytope_; }

 private:
  std::unique_ptr<detail::Vertex[]> vertex_;
  std::unique_ptr<detail::Face[]> face_;
  std::unique_ptr<int[]> free_;
  std::unique_ptr<int[]> visible_;
  std::unique_ptr<detail::HorizonEdge[]> horizon_;
  std::unique_ptr<detail::HeapEntry[]> heap_;
  detail::Polytope polytope_;  // works in the arrays above
};

/// A Workspace size for EPA on hulls a and b that let every deep pair
/// measured converge: the two vertex counts added, at least max_vertices
/// (measured: two random hulls of 4096 vertices, one shrunk to a quarter
/// inside the other, need up to about 1100 polytope vertices).
[[nodiscard]] SEPAX_API int workspace_vertices(const Hull& a, const Hull& b);

/// Signed separation of two convex shapes (any SupportMap, see convex.hpp):
/// GJK, then EPA when they overlap. Answers in the shapes' frame. `cache`
/// warm-starts GJK (see gjk::GjkCache); `workspace` may be null.
template <SupportMap A, SupportMap B>
[[nodiscard]] QueryResult query(const A& a, const B& b, gjk::GjkCache* cache = nullptr,
                                Workspace* workspace = nullptr) {
  const real ra = convex::radius_of(a), rb = convex::radius_of(b);
  return gjk::detail::in_working_frame(
      a, b, [&](const auto& ca, const auto& cb, const vec3& guess, const Pose* to_world) {
        gjk::Simplex s;
        const gjk::detail::Run g = gjk::detail::solve(ca, cb, guess, false, cache, s);
        if (!g.intersecting) return detail::finish(g, s, nullptr, ra, rb, to_world);
        if (workspace != nullptr) {
          const detail::Raw e = detail::expand(ca, cb, s, g.scale, guess, workspace->polytope());
          return detail::finish(g, s, &e, ra, rb, to_world);
        }
        detail::InlineStorage<max_vertices> storage;
        detail::Polytope poly(storage.view());
        const detail::Raw e = detail::expand(ca, cb, s, g.scale, guess, poly);
        return detail::finish(g, s, &e, ra, rb, to_world);
      });
}

/// Converts a combined answer to a PenetrationResult.
[[nodiscard]] SEPAX_API PenetrationResult to_penetration(const QueryResult& q);

/// Penetration depth, axis and witness points of two convex shapes (any
/// SupportMap). When they are apart: depth 0, intersecting false, status
/// separated, and the GJK axis and closest points.
template <SupportMap A, SupportMap B>
[[nodiscard]] PenetrationResult penetration(const A& a, const B& b, gjk::GjkCache* cache = nullptr,
                                            Workspace* workspace = nullptr) {
  return to_penetration(query(a, b, cache, workspace));
}

/// query() for two hulls at world poses. Works in A's local frame; answers
/// in the world frame. An empty hull (default-constructed, or a failed
/// build's) is a programmer error: the default result, with both statuses
/// degenerate, and no support is read.
[[nodiscard]] SEPAX_API QueryResult query(const Hull& a, const Pose& pose_a, const Hull& b,
                                          const Pose& pose_b, gjk::GjkCache* cache = nullptr,
                                          Workspace* workspace = nullptr);

/// penetration() for two hulls at world poses.
[[nodiscard]] SEPAX_API PenetrationResult penetration(const Hull& a, const Pose& pose_a,
                                                      const Hull& b, const Pose& pose_b,
                                                      gjk::GjkCache* cache = nullptr,
                                                      Workspace* workspace = nullptr);

}  // namespace sepax::epa
