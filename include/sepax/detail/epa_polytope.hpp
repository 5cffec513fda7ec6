// EPA's expanding polytope: triangles with face adjacency in arrays of fixed
// capacity, and a heap of its live faces by distance to the origin. The
// implementation behind epa.hpp (include that header, not this one); not a
// stable API.
#pragma once

#include "sepax/gjk.hpp"

#include <limits>

namespace sepax::epa::detail {

/// Face capacity for `vertices` vertices: a closed triangulated polytope
/// has 2V - 4 faces.
[[nodiscard]] constexpr int face_capacity(int vertices) {
  return 2 * vertices;
}

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
  bool start(const gjk::detail::SimplexVertex (&t)[4]);
  /// Index of the live face nearest the origin (smallest d; the smallest
  /// index among equals): a scan of the faces while they are few, then the
  /// top of a heap of the live faces.
  [[nodiscard]] int closest() const { return heaped_ ? heap_.top() : scan(); }
  /// Face f.
  [[nodiscard]] const Face& face(int f) const { return face_[f]; }
  /// Adds p, which lies beyond face `from`: removes the faces p sees and
  /// joins their horizon to p. Leaves the polytope unchanged unless ok.
  Add add(const gjk::detail::SimplexVertex& p, int from);
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
  // Face slots beyond which the heap pays for its upkeep; below, a scan of
  // the faces is as cheap.
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

}  // namespace sepax::epa::detail
