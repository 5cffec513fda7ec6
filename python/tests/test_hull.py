"""sepax.Hull.from_points: any float layout gives the same hull; every bad
input raises ValueError (HullError naming the HullStatus), never a crash."""

import gc
import unittest

import numpy as np

import sepax

CUBE = np.array([[x, y, z] for x in (-1.0, 1.0) for y in (-2.0, 2.0) for z in (-0.5, 0.5)])


def sorted_rows(a):
    a = np.asarray(a, dtype=np.float64)
    return a[np.lexsort(a.T[::-1])]


class TestFromPoints(unittest.TestCase):
    def check_cube(self, hull):
        self.assertEqual(hull.vertex_count, 8)
        self.assertEqual(hull.face_count, 6)
        self.assertEqual(hull.edge_count, 12)
        self.assertFalse(hull.is_flat)
        self.assertAlmostEqual(hull.extent, np.sqrt(4 + 16 + 1), places=5)
        np.testing.assert_array_equal(sorted_rows(hull.vertices), sorted_rows(CUBE))

    def test_float64_and_float32(self):
        self.check_cube(sepax.Hull.from_points(CUBE))
        self.check_cube(sepax.Hull.from_points(CUBE.astype(np.float32)))

    def test_ints_lists_and_orders(self):
        self.check_cube(sepax.Hull.from_points((CUBE * 2).astype(np.int64) / 2))
        self.check_cube(sepax.Hull.from_points(CUBE.tolist()))
        self.check_cube(sepax.Hull.from_points(np.asfortranarray(CUBE)))

    def test_strided_and_negative_strides(self):
        for dtype in (np.float32, np.float64):
            wide = np.zeros((8, 5), dtype=dtype)
            wide[:, 1:4] = CUBE
            self.check_cube(sepax.Hull.from_points(wide[:, 1:4]))  # row stride 5 items
            every_other = np.zeros((16, 3), dtype=dtype)
            every_other[::2] = CUBE
            self.check_cube(sepax.Hull.from_points(every_other[::2]))
            self.check_cube(sepax.Hull.from_points(CUBE.astype(dtype)[::-1]))
            self.check_cube(sepax.Hull.from_points(CUBE.astype(dtype)[:, ::-1][:, ::-1]))
            spread = np.zeros((8, 6), dtype=dtype)
            spread[:, ::2] = CUBE
            self.check_cube(sepax.Hull.from_points(spread[:, ::2]))

    def test_flat_points(self):
        square = np.array([[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]], dtype=float)
        h = sepax.Hull.from_points(square)
        self.assertTrue(h.is_flat)
        self.assertEqual(h.face_count, 2)

    def test_vertices_read_only_and_keep_hull_alive(self):
        h = sepax.Hull.from_points(CUBE)
        v = h.vertices
        self.assertEqual(v.dtype, sepax.real)
        self.assertFalse(v.flags.writeable)
        with self.assertRaises(ValueError):
            v[0, 0] = 5.0
        expected = v.copy()
        del h
        gc.collect()
        np.testing.assert_array_equal(v, expected)


class TestBadInput(unittest.TestCase):
    def assert_hull_error(self, points, status):
        with self.assertRaises(sepax.HullError) as ctx:
            sepax.Hull.from_points(points)
        self.assertIsInstance(ctx.exception, ValueError)
        self.assertEqual(ctx.exception.status, status)
        self.assertIn(status.name, str(ctx.exception))

    def test_statuses(self):
        S = sepax.HullStatus
        self.assert_hull_error(np.zeros((0, 3)), S.empty_input)
        self.assert_hull_error(np.zeros((0, 3), dtype=np.float32), S.empty_input)
        nan = CUBE.copy()
        nan[3, 1] = np.nan
        self.assert_hull_error(nan, S.non_finite)
        inf = CUBE.copy()
        inf[0, 0] = np.inf
        self.assert_hull_error(inf, S.non_finite)
        self.assert_hull_error(CUBE[:2], S.too_few_points)
        self.assert_hull_error(np.ones((10, 3)), S.coincident)
        self.assert_hull_error(np.outer(np.arange(10.0), [1.0, 2.0, 3.0]), S.collinear)

    def test_wrong_shapes_and_dtypes(self):
        for points in (np.zeros((4, 2)), np.zeros(12), np.zeros((2, 4, 3)), 5.0,
                       np.array([['a', 'b', 'c']] * 4), np.array([[object()] * 3] * 4),
                       [[1, 2], [3]], None, 'points'):
            with self.subTest(points=repr(points)[:40]), self.assertRaises(ValueError):
                sepax.Hull.from_points(points)

    def test_complex_dtype_raises(self):
        with self.assertRaises(ValueError):
            sepax.Hull.from_points(CUBE.astype(np.complex128))


class TestShapes(unittest.TestCase):
    def test_box(self):
        b = sepax.shapes.box([1.0, 2.0, 0.5])
        self.assertEqual((b.vertex_count, b.face_count, b.edge_count), (8, 6, 12))
        self.assertTrue(b.is_box)

    def test_random_hull(self):
        h = sepax.shapes.random_hull(40, 2.0, 7)
        self.assertEqual(h.vertex_count, 40)
        np.testing.assert_allclose(np.linalg.norm(h.vertices, axis=1), 2.0, rtol=1e-5)
        again = sepax.shapes.random_hull(40, 2.0, 7)
        np.testing.assert_array_equal(h.vertices, again.vertices)

    def test_bad_sizes_raise(self):
        for call in (lambda: sepax.shapes.box([1.0, 0.0, 1.0]),
                     lambda: sepax.shapes.box([1.0, 1.0]),
                     lambda: sepax.shapes.random_hull(3, 1.0, 1),
                     lambda: sepax.shapes.random_hull(10, -1.0, 1),
                     lambda: sepax.shapes.cylinder(1.0, 1.0, 2)):
            with self.assertRaises(ValueError):
                call()

    def test_import_submodule(self):
        import sepax.shapes as shapes
        self.assertIs(shapes, sepax.shapes)


if __name__ == '__main__':
    unittest.main()
