"""sepax.Pose: the matrix, rotation and quaternion forms agree, bad poses raise."""

import math
import unittest

import numpy as np

import sepax

RZ90 = np.array([[0.0, -1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]])
H = math.sqrt(0.5)


class TestPoseForms(unittest.TestCase):
    def test_rz90_forms_agree(self):
        t = [1.0, 2.0, 3.0]
        by_rotation = sepax.Pose(rotation=RZ90, translation=t)
        by_quaternion = sepax.Pose(quaternion=[H, 0.0, 0.0, H], translation=t)  # (w, x, y, z)
        m = np.eye(4)
        m[:3, :3] = RZ90
        m[:3, 3] = t
        by_matrix = sepax.Pose(m)
        for p in (by_rotation, by_quaternion, by_matrix):
            np.testing.assert_allclose(p.apply([1.0, 0.0, 0.0]), [1.0, 3.0, 3.0], atol=1e-6)
            np.testing.assert_allclose(p.rotation, RZ90, atol=1e-6)
            np.testing.assert_array_equal(p.translation, t)
            self.assertEqual(p.scale, 1.0)
        # Stored exactly as given.
        np.testing.assert_array_equal(by_rotation.rotation, RZ90)
        np.testing.assert_array_equal(by_matrix.rotation, RZ90)

    def test_default_is_identity(self):
        p = sepax.Pose()
        np.testing.assert_array_equal(p.matrix(), np.eye(4))
        self.assertEqual(p.rotation.dtype, sepax.real)

    def test_matrix_round_trip_and_scale(self):
        p = sepax.Pose(rotation=RZ90, translation=[4, 5, 6], scale=2.0)
        m = p.matrix()
        np.testing.assert_array_equal(m[3], [0, 0, 0, 1])
        np.testing.assert_array_equal(m[:3, :3], 2.0 * RZ90)
        q = sepax.Pose(m)
        self.assertEqual(q.scale, 2.0)
        np.testing.assert_array_equal(q.rotation, p.rotation)
        np.testing.assert_array_equal(q.matrix(), m)

    def test_apply_single_and_many(self):
        p = sepax.Pose(quaternion=[0.9, 0.1, -0.3, 0.2], translation=[1, -2, 0.5], scale=1.5)
        pts = np.random.default_rng(3).normal(size=(20, 3))
        world = p.apply(pts)
        self.assertEqual(world.shape, (20, 3))
        self.assertEqual(world.dtype, sepax.real)
        for i in range(20):
            np.testing.assert_array_equal(world[i], p.apply(pts[i]))
        tol = 1e-12 if sepax.precision == 'double' else 1e-5
        np.testing.assert_allclose(p.apply_inverse(world), pts, atol=tol)
        m = p.matrix()
        np.testing.assert_allclose(world, pts @ m[:3, :3].T + m[:3, 3], atol=tol)

    def test_int_and_list_inputs(self):
        p = sepax.Pose(translation=np.array([1, 2, 3], dtype=np.int32))
        np.testing.assert_array_equal(p.apply([[0, 0, 0], [1, 1, 1]]), [[1, 2, 3], [2, 3, 4]])


class TestBadPoses(unittest.TestCase):
    def test_bad_rotations_raise(self):
        bad = {
            'not orthonormal': np.diag([1.0, 2.0, 1.0]),
            'reflection': np.diag([1.0, 1.0, -1.0]),
            'nan': np.full((3, 3), np.nan),
            'sheared': np.array([[1.0, 0.1, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]),
        }
        for name, r in bad.items():
            with self.subTest(name), self.assertRaises(ValueError):
                sepax.Pose(rotation=r)

    def test_bad_shapes_and_values_raise(self):
        cases = [
            dict(rotation=np.eye(2)),
            dict(translation=[1.0, 2.0]),
            dict(translation=[np.inf, 0, 0]),
            dict(quaternion=[1.0, 0.0, 0.0]),
            dict(quaternion=[np.nan, 0.0, 0.0, 1.0]),
            dict(scale=0.0),
            dict(scale=-1.0),
            dict(scale=np.nan),
            dict(rotation=[['a', 'b', 'c']] * 3),
            dict(rotation=np.eye(3), quaternion=[1, 0, 0, 0]),
        ]
        for kwargs in cases:
            with self.subTest(kwargs=kwargs), self.assertRaises(ValueError):
                sepax.Pose(**kwargs)

    def test_bad_matrices_raise(self):
        last_row = np.eye(4)
        last_row[3, 0] = 1.0
        singular = np.eye(4)
        singular[2, 2] = 0.0
        for m in (np.eye(3), last_row, singular, np.full((4, 4), np.nan)):
            with self.assertRaises(ValueError):
                sepax.Pose(m)
        with self.assertRaises(ValueError):
            sepax.Pose(np.eye(4), translation=[1, 2, 3])

    def test_from_euler_deg_turns_x_then_y_then_z(self):
        p = sepax.Pose.from_euler_deg([1, 2, 3], [90, 0, 90])
        # Rx(90) takes y to z, then Rz(90) leaves z: the local y axis ends on z.
        np.testing.assert_allclose(p.apply([0, 1, 0]), [1, 2, 4], atol=1e-6)
        np.testing.assert_allclose(p.apply([1, 0, 0]), [1, 3, 3], atol=1e-6)
        with self.assertRaises(ValueError):
            sepax.Pose.from_euler_deg([0, 0, 0], [np.nan, 0, 0])

    def test_bad_points_raise(self):
        p = sepax.Pose()
        for pts in ([1.0, 2.0], np.zeros((4, 2)), np.zeros((2, 3, 3)), ['x', 'y', 'z']):
            with self.assertRaises(ValueError):
                p.apply(pts)


if __name__ == '__main__':
    unittest.main()
