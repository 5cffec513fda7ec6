"""TriangleMesh, the mesh queries, files (io, cooked hulls, pickling) and
volumes through the bindings; bad input raises, never crashes."""

import os
import pickle
import tempfile
import threading
import unittest

import numpy as np

import sepax

DATA = os.environ.get('SEPAX_DATA', '')
TOL = 1e-9 if sepax.precision == 'double' else 2e-5


def box_mesh(h=1.0):
    """The closed, outward-wound triangle mesh of the cube [-h, h]^3."""
    v = np.array([[x, y, z] for x in (-h, h) for y in (-h, h) for z in (-h, h)])
    quads = [(0, 1, 3, 2), (4, 6, 7, 5), (0, 4, 5, 1), (2, 3, 7, 6), (0, 2, 6, 4), (1, 5, 7, 3)]
    t = [(q[0], q[1], q[2]) for q in quads] + [(q[0], q[2], q[3]) for q in quads]
    return v, np.array(t)


class TestTriangleMesh(unittest.TestCase):
    def test_build_and_properties(self):
        v, t = box_mesh()
        m = sepax.TriangleMesh(v, t)
        self.assertEqual(m.triangle_count, 12)
        self.assertTrue(m.is_closed)
        self.assertEqual(m.skipped_triangles, 0)
        np.testing.assert_array_equal(m.bounds[0], [-1, -1, -1])
        self.assertFalse(m.vertices.flags.writeable)
        self.assertEqual(sorted(m.input_indices.tolist()), list(range(12)))
        self.assertAlmostEqual(sepax.volume(m), 8.0, delta=TOL)
        open_mesh = sepax.TriangleMesh(v, t[:10])
        self.assertFalse(open_mesh.is_closed)
        self.assertEqual(sepax.volume(open_mesh), 0.0)
        f32 = sepax.TriangleMesh(v.astype(np.float32), t.astype(np.uint16))
        self.assertTrue(f32.is_closed)

    def test_edges_and_overlapping(self):
        v, t = box_mesh()
        m = sepax.TriangleMesh(v, t)
        self.assertEqual(m.edge_count, 18)
        kinds = m.edge_kinds
        self.assertEqual(kinds.shape, (12, 3))
        self.assertEqual((kinds == int(sepax.EdgeKind.convex)).sum(), 24)  # 12 edges, 2 sides
        self.assertEqual((kinds == int(sepax.EdgeKind.flat)).sum(), 12)
        n = m.neighbors
        for tri in range(12):
            for k in range(3):
                self.assertIn(tri, n[n[tri, k]].tolist())
        self.assertEqual(sepax.mesh.overlapping(m, [-2, -2, -2], [2, 2, 2]).tolist(),
                         list(range(12)))
        # A bumpy 20 x 20 terrain and random boxes: the triangles whose bounds
        # meet each box, as numpy finds them.
        rng = np.random.default_rng(2)
        n = 20
        x, y = np.meshgrid(np.arange(n + 1.0), np.arange(n + 1.0), indexing='ij')
        vertices = np.column_stack([x.ravel(), y.ravel(), rng.uniform(0, 0.5, x.size)])
        i, j = np.meshgrid(np.arange(n), np.arange(n), indexing='ij')
        a, b = (i * (n + 1) + j).ravel(), ((i + 1) * (n + 1) + j).ravel()
        triangles = np.concatenate([np.column_stack([a, b, b + 1]), np.column_stack([a, b + 1, a + 1])])
        terrain = sepax.TriangleMesh(vertices, triangles)
        corners = terrain.vertices[terrain.triangles]
        lo, hi = corners.min(axis=1), corners.max(axis=1)
        found = 0
        for _ in range(50):
            c, h = rng.uniform([-1, -1, -1], [n + 1, n + 1, 1.5]), rng.uniform(0.1, 3, 3)
            want = np.flatnonzero(np.all(lo <= c + h, axis=1) & np.all(c - h <= hi, axis=1))
            np.testing.assert_array_equal(sepax.mesh.overlapping(terrain, c - h, c + h), want)
            found += len(want) > 0
        self.assertGreater(found, 20)
        self.assertEqual(len(sepax.mesh.overlapping(m, [3, 3, 3], [4, 4, 4])), 0)
        with self.assertRaises(ValueError):
            sepax.mesh.overlapping(m, [0, 0], [1, 1, 1])

    def test_bad_meshes_raise(self):
        v, t = box_mesh()
        cases = {sepax.MeshStatus.index_out_of_range: (v, t + 8),
                 sepax.MeshStatus.empty_input: (v, np.zeros((0, 3), int)),
                 sepax.MeshStatus.non_finite: (np.where(v > 0, np.nan, v), t),
                 sepax.MeshStatus.all_degenerate: (v, np.zeros((2, 3), int))}
        for status, (vv, tt) in cases.items():
            with self.subTest(status=status), self.assertRaises(sepax.MeshError) as e:
                sepax.TriangleMesh(vv, tt)
            self.assertEqual(e.exception.status, status)
        with self.assertRaises(sepax.MeshError):
            sepax.TriangleMesh(v, np.full((1, 3), 2**40))
        for vv, tt in ((v[:, :2], t), (v, t[:, :2]), (v, t.astype(float)), (['a'] * 3, t)):
            with self.assertRaises(ValueError):
                sepax.TriangleMesh(vv, tt)

    def test_queries_against_a_hull(self):
        v, t = box_mesh()
        m = sepax.TriangleMesh(v, t)
        b = sepax.shapes.box([0.5, 0.5, 0.5])
        apart = sepax.mesh.query(m, sepax.Pose(), b, sepax.Pose(translation=[3, 0, 0]))
        self.assertFalse(apart.intersecting)
        self.assertAlmostEqual(apart.distance, 1.5, delta=TOL)
        np.testing.assert_allclose(apart.point_b - apart.point_a, [1.5, 0, 0], atol=TOL * 10)
        inside = sepax.mesh.query(m, sepax.Pose(), b, sepax.Pose())
        self.assertEqual(inside.how, sepax.mesh.Interference.b_inside_a)
        mirror = sepax.mesh.query(b, sepax.Pose(), m, sepax.Pose())
        self.assertEqual(mirror.how, sepax.mesh.Interference.a_inside_b)
        self.assertTrue(sepax.mesh.intersect(m, sepax.Pose(), b, sepax.Pose(translation=[1, 0, 0])))
        self.assertFalse(sepax.mesh.intersect(m, sepax.Pose(), m, sepax.Pose(translation=[3, 0, 0])))
        self.assertTrue(sepax.mesh.contains(m, [0.5, 0.5, 0.5]))
        self.assertFalse(sepax.mesh.contains(m, [1.5, 0, 0]))
        self.assertAlmostEqual(sepax.mesh.winding_number(m, [0, 0, 0]), 1.0, delta=1e-6)

    def test_casts(self):
        v, t = box_mesh()
        m = sepax.TriangleMesh(v, t)
        r = sepax.mesh.ray_cast(m, sepax.Pose(), sepax.Ray([-5, 0.3, 0.2], [10, 0, 0]))
        self.assertAlmostEqual(r.fraction, 0.4, delta=TOL)
        self.assertGreaterEqual(r.triangle, 0)
        np.testing.assert_allclose(r.normal, [-1, 0, 0], atol=TOL)
        b = sepax.shapes.box([0.5, 0.5, 0.5])
        c = sepax.mesh.shape_cast(m, sepax.Pose(), b, sepax.Pose(translation=[5, 0, 0]), [-10, 0, 0])
        self.assertAlmostEqual(c.fraction, 0.35, delta=1e-5)
        c = sepax.mesh.shape_cast(m, sepax.Pose(), m, sepax.Pose(translation=[5, 0, 0]), [-10, 0, 0])
        self.assertAlmostEqual(c.fraction, 0.3, delta=1e-5)

    def test_threads_share_a_mesh(self):
        v, t = box_mesh()
        m = sepax.TriangleMesh(v, t)
        b = sepax.shapes.random_hull(30, 0.4, 1)
        poses = [sepax.Pose(translation=[x, 0.1, 0]) for x in np.linspace(-3, 3, 200)]
        want = [sepax.mesh.query(m, sepax.Pose(), b, p).distance for p in poses]
        got = [None] * 4

        def work(k):
            got[k] = [sepax.mesh.query(m, sepax.Pose(), b, p).distance for p in poses]

        threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        self.assertTrue(all(g == want for g in got))


class TestVolume(unittest.TestCase):
    def test_overlap_of_boxes_is_exact(self):
        a = sepax.shapes.box([1, 1, 1])
        v = sepax.overlap_volume(a, sepax.Pose(), a, sepax.Pose(translation=[1.5, 0.5, 0]))
        self.assertEqual(v.method, sepax.VolumeMethod.exact)
        self.assertAlmostEqual(v.volume, 0.5 * 1.5 * 2, delta=1e-9 if sepax.precision == 'double'
                               else 1e-5)
        self.assertEqual((v.volume_a, v.volume_b), (8.0, 8.0))

    def test_mesh_overlap_estimate_holds_the_truth(self):
        vv, t = box_mesh()
        m = sepax.TriangleMesh(vv, t)
        b = sepax.shapes.box([1, 1, 1])
        v = sepax.overlap_volume(m, sepax.Pose(), b, sepax.Pose(translation=[1.2, 0.4, 0]),
                                 samples=20000, seed=3)
        self.assertEqual(v.method, sepax.VolumeMethod.estimate)
        self.assertLessEqual(abs(v.volume - 0.8 * 1.6 * 2), v.error)
        again = sepax.overlap_volume(m, sepax.Pose(), b, sepax.Pose(translation=[1.2, 0.4, 0]),
                                     samples=20000, seed=3)
        self.assertEqual(again.volume, v.volume)


class TestFiles(unittest.TestCase):
    def test_cooked_hull_round_trip_and_pickle(self):
        h = sepax.shapes.random_hull(50, 2.0, 4)
        data = h.to_bytes()
        back = sepax.Hull.from_bytes(data)
        np.testing.assert_array_equal(back.vertices, h.vertices)
        np.testing.assert_array_equal(sepax.Hull.from_bytes(bytearray(data)).vertices, h.vertices)
        np.testing.assert_array_equal(pickle.loads(pickle.dumps(h)).vertices, h.vertices)
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'h' + sepax.hull_file.extension)
            h.save(path)
            np.testing.assert_array_equal(sepax.Hull.load(path).vertices, h.vertices)
            with self.assertRaises(OSError):
                sepax.Hull.load(os.path.join(d, 'missing.sxhull'))
        with self.assertRaises(sepax.hull_file.Error) as e:
            sepax.Hull.from_bytes(data[:len(data) // 2])
        self.assertEqual(e.exception.status, sepax.hull_file.Status.truncated)
        damaged = bytearray(data)
        damaged[-5] ^= 0xFF
        with self.assertRaises(sepax.hull_file.Error):
            sepax.Hull.from_bytes(damaged)

    def test_mesh_files(self):
        if not sepax.has_io:
            self.skipTest('built without sepax_io')
        parts = sepax.io.load(os.path.join(DATA, 'bunny.obj'))
        self.assertEqual(len(parts), 1)
        self.assertEqual(parts[0].triangles.shape, (3674, 3))
        bunny = sepax.TriangleMesh.from_file(os.path.join(DATA, 'bunny.obj'))
        self.assertTrue(bunny.is_closed)
        hull = sepax.Hull.from_file(os.path.join(DATA, 'bunny.obj'))
        self.assertLess(hull.vertex_count, parts[0].points.shape[0])
        with self.assertRaises(FileNotFoundError) as e:
            sepax.io.load(os.path.join(DATA, 'no_such.obj'))
        self.assertEqual(e.exception.status, sepax.io.Status.not_found)
        with tempfile.TemporaryDirectory() as d:
            bad = os.path.join(d, 'shape.objx')
            with open(bad, 'w') as f:
                f.write('v 0 0 0\n')
            with self.assertRaises(sepax.io.Error) as e:
                sepax.TriangleMesh.from_file(bad)
            self.assertEqual(e.exception.status, sepax.io.Status.unknown_format)


if __name__ == '__main__':
    unittest.main()
