"""contact.collide of a hull, sphere or capsule against a TriangleMesh: a box
on a floor cut into random triangles meets only the floor's normal, a valley
gives a region per face, caches and scratches change nothing."""

import threading
import unittest

import numpy as np

import sepax

TOL = 1e-9 if sepax.precision == 'double' else 2e-5


def floor(n=6, jitter=0.3, seed=3):
    """A flat n x n floor in z = 0 over [0, n]^2, its inner vertices moved in
    the plane: a random triangulation, every inner edge flat."""
    rng = np.random.default_rng(seed)
    v = []
    for j in range(n + 1):
        for i in range(n + 1):
            rim = i in (0, n) or j in (0, n)
            d = (0, 0) if rim else rng.uniform(-jitter, jitter, 2)
            v.append([i + d[0], j + d[1], 0.0])
    t = []
    for j in range(n):
        for i in range(n):
            a = j * (n + 1) + i
            t += [(a, a + 1, a + n + 2), (a, a + n + 2, a + n + 1)]
    return sepax.TriangleMesh(np.array(v), np.array(t))


class TestMeshContact(unittest.TestCase):
    def test_box_on_floor(self):
        mesh = floor()
        box = sepax.shapes.box([0.5, 0.3, 0.2])
        rng = np.random.default_rng(1)
        for _ in range(100):
            x, y = rng.uniform(1.5, 4.5, 2)
            pose = sepax.Pose.from_euler_deg([x, y, 0.2 - 0.01], [0, 0, rng.uniform(0, 360)])
            m = sepax.contact.collide(box, pose, mesh, sepax.Pose())
            self.assertEqual(m.count, 1)
            region = m.regions[0]
            np.testing.assert_allclose(region.normal, [0, 0, -1], atol=TOL)
            self.assertEqual(region.count, 4)
            for p, tri in zip(region.points, m.triangles[0]):
                self.assertAlmostEqual(p.separation, -0.01, delta=TOL)
                self.assertAlmostEqual(p.point_b[2], 0.0, delta=TOL)
                self.assertTrue(0 <= tri < 72)

    def test_sphere_and_capsule_in_a_valley(self):
        # A floor (z = 0, up) and a wall (x = 0, facing +x) meeting in a valley.
        v = np.array([[0, 0, 0], [3, 0, 0], [3, 3, 0], [0, 3, 0], [0, 0, 3], [0, 3, 3]], float)
        t = np.array([[0, 1, 2], [0, 2, 3], [0, 3, 5], [0, 5, 4]])
        mesh = sepax.TriangleMesh(v, t)
        s = sepax.Sphere([0.47, 1.5, 0.49], 0.5)
        m = sepax.contact.collide(s, sepax.Pose(), mesh, sepax.Pose())
        self.assertEqual(m.count, 2)
        normals = sorted(tuple(np.round(r.normal, 6)) for r in m.regions)
        self.assertEqual(normals, [(-1.0, 0.0, 0.0), (0.0, 0.0, -1.0)])
        c = sepax.Capsule([1, 0.5, 0.45], [2, 2.5, 0.45], 0.5)
        m = sepax.contact.collide(c, sepax.Pose(), mesh, sepax.Pose(), margin=0.01)
        self.assertEqual(m.count, 1)
        # Both ends on the floor, and where the core crosses the floor's
        # inner edge (a point of each triangle's clipping), all 0.05 deep.
        xs = sorted(p.point_a[0] for p in m.regions[0].points)
        self.assertIn(len(xs), (2, 3))
        self.assertAlmostEqual(xs[0], 1.0, delta=TOL)
        self.assertAlmostEqual(xs[-1], 2.0, delta=TOL)
        for p in m.regions[0].points:
            self.assertAlmostEqual(p.separation, -0.05, delta=TOL)

    def test_cache_scratch_threads(self):
        mesh = floor(jitter=0.0)
        hull = sepax.Hull.from_points(np.random.default_rng(2).normal(size=(24, 3)) * 0.4)
        cache, scratch = sepax.contact.MeshCache(), sepax.contact.MeshScratch()
        poses = [sepax.Pose.from_euler_deg([1 + 0.03 * k, 2, 0.5], [3 * k, 10, 0])
                 for k in range(60)]
        cold = [sepax.contact.collide(hull, p, mesh, sepax.Pose(), 0.05) for p in poses]
        warm = [sepax.contact.collide(hull, p, mesh, sepax.Pose(), 0.05, cache, scratch)
                for p in poses]
        self.assertTrue(cache.complete and cache.count > 0)
        for a, b in zip(cold, warm):
            self.assertEqual(a.count, b.count)
            for ra, rb in zip(a.regions, b.regions):
                np.testing.assert_allclose(ra.normal, rb.normal, atol=TOL)
        out = {}

        def run(k):
            out[k] = [sepax.contact.collide(hull, p, mesh, sepax.Pose(), 0.05).count
                      for p in poses]

        threads = [threading.Thread(target=run, args=(k,)) for k in range(2)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        self.assertEqual(out[0], [m.count for m in cold])
        self.assertEqual(out[1], out[0])

    def test_bad_margin(self):
        mesh = floor()
        with self.assertRaises(ValueError):
            sepax.contact.collide(sepax.shapes.box([1, 1, 1]), sepax.Pose(), mesh, sepax.Pose(),
                                  margin=float('nan'))


if __name__ == '__main__':
    unittest.main()
