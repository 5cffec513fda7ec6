"""The queries' invariants, argument checks and docstrings."""

import threading
import unittest

import numpy as np

import sepax

TOL = 1e-9 if sepax.precision == 'double' else 2e-4


def random_pose(rng, spread):
    return sepax.Pose(quaternion=rng.normal(size=4), translation=rng.uniform(-spread, spread, 3))


def pairs(count=60, seed=5):
    rng = np.random.default_rng(seed)
    for i in range(count):
        a = sepax.Hull.from_points(rng.normal(size=(int(rng.integers(4, 40)), 3)))
        b = sepax.shapes.random_hull(int(rng.integers(4, 40)), 1.0, i)
        yield a, random_pose(rng, 3.0), b, random_pose(rng, 3.0)


class TestInvariants(unittest.TestCase):
    def test_gjk_points_differ_by_distance_along_axis(self):
        apart = 0
        for a, pa, b, pb in pairs():
            g = sepax.gjk.distance(a, pa, b, pb)
            self.assertGreaterEqual(g.distance, 0.0)
            self.assertAlmostEqual(float(np.linalg.norm(g.axis)), 1.0, delta=TOL)
            if not g.intersecting:
                apart += 1
                scale = 1.0 + np.abs(g.point_a).max()
                np.testing.assert_allclose(g.point_b - g.point_a, g.distance * g.axis,
                                           atol=TOL * scale)
        self.assertGreater(apart, 5)

    def test_roads_agree_on_the_verdict_and_distance(self):
        both = set()
        for a, pa, b, pb in pairs():
            s = sepax.sat.query(a, pa, b, pb)
            g = sepax.gjk.distance(a, pa, b, pb)
            e = sepax.epa.query(a, pa, b, pb)
            both.add(s.intersecting)
            if abs(s.separation) > 1e-3:
                self.assertEqual(s.intersecting, g.intersecting)
                self.assertEqual(s.intersecting, e.intersecting)
            if not g.intersecting:
                self.assertAlmostEqual(e.separation, g.distance, delta=1e-3)
                self.assertLessEqual(s.separation, g.distance + 1e-3)  # a lower bound
            else:
                self.assertLessEqual(e.separation, 1e-3)
                self.assertGreaterEqual(e.depth(), 0.0)
        self.assertEqual(both, {True, False})

    def test_contact_points_and_margin(self):
        a = sepax.shapes.box([1.0, 1.0, 1.0])
        b = sepax.shapes.box([0.5, 0.5, 0.5])
        resting = sepax.contact.collide(a, sepax.Pose(), b, sepax.Pose(translation=[0, 0, 1.4]))
        self.assertEqual(resting.count, 4)
        self.assertEqual(len(resting.points), 4)
        np.testing.assert_allclose(resting.normal, [0, 0, 1], atol=TOL)
        for p in resting.points:
            self.assertAlmostEqual(p.separation, -0.1, delta=TOL)
            self.assertIsInstance(p.id, int)
        gap = sepax.Pose(translation=[0, 0, 1.6])
        self.assertEqual(sepax.contact.collide(a, sepax.Pose(), b, gap).count, 0)
        near = sepax.contact.collide(a, sepax.Pose(), b, gap, margin=0.2)
        self.assertEqual(near.count, 4)
        self.assertTrue(all(p.separation > 0 for p in near.points))
        self.assertEqual(sepax.contact.max_points, 4)

    def test_results_are_real_arrays(self):
        a = sepax.shapes.box([1.0, 1.0, 1.0])
        g = sepax.gjk.distance(a, sepax.Pose(), a, sepax.Pose(translation=[3, 0, 0]))
        self.assertEqual(g.point_a.dtype, sepax.real)
        self.assertEqual(g.distance, 1.0)
        self.assertIsInstance(g.distance, float)
        self.assertEqual(g.status, sepax.gjk.Status.converged)

    def test_threads_give_the_same_answers(self):
        cases = list(pairs(20, seed=9))
        want = [sepax.epa.query(*c).separation for c in cases]
        got = {}

        def run(k):
            got[k] = [sepax.epa.query(*c).separation for c in cases]

        threads = [threading.Thread(target=run, args=(k,)) for k in range(3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for k in range(3):
            self.assertEqual(got[k], want)

    def test_mirrored_and_intersect(self):
        for a, pa, b, pb in pairs(30, seed=13):
            s = sepax.sat.query(a, pa, b, pb)
            back = sepax.sat.mirrored(sepax.sat.query(b, pb, a, pa))
            self.assertAlmostEqual(back.separation, s.separation, delta=1e-3)
            if abs(s.separation) > 1e-3:
                self.assertEqual(back.intersecting, s.intersecting)
                self.assertEqual(sepax.sat.intersect(a, pa, b, pb), s.intersecting)
                self.assertEqual(sepax.gjk.intersect(a, pa, b, pb), s.intersecting)
            m = sepax.contact.collide(a, pa, b, pb, margin=0.1)
            mm = sepax.contact.mirrored(m)
            self.assertEqual(mm.count, m.count)
            np.testing.assert_array_equal(mm.normal, -m.normal)
            for p, q in zip(m.points, mm.points):
                np.testing.assert_array_equal(p.point_a, q.point_b)

    def test_caches_start_cold_and_warm_up(self):
        a = sepax.shapes.box([1.0, 1.0, 1.0])
        b = sepax.shapes.random_hull(20, 1.0, 3)
        pb = sepax.Pose(translation=[4.0, 0.5, 0.0])
        cache = sepax.sat.Cache()
        self.assertEqual(cache.feature.kind, sepax.sat.FeatureKind.none)
        first = sepax.sat.query(a, sepax.Pose(), b, pb, cache=cache)
        self.assertNotEqual(cache.feature.kind, sepax.sat.FeatureKind.none)
        second = sepax.sat.query(a, sepax.Pose(), b, pb, cache=cache)
        self.assertFalse(first.counters.cache_hit)
        self.assertTrue(second.counters.cache_hit)
        g = sepax.gjk.Cache()
        self.assertEqual(g.count, 0)
        sepax.gjk.distance(a, sepax.Pose(), b, pb, cache=g)
        self.assertGreater(g.count, 0)

    def test_contact_cache_answers_a_pair_held_apart_with_a_lower_bound(self):
        # B drifts towards A; while the held gap proves the pair beyond the
        # margin, the cached manifold has no point and a separation no
        # larger than the exact distance; once it may be within, the query
        # runs again and finds the points the uncached one finds.
        a = sepax.shapes.box([1.0, 1.0, 1.0])
        b = sepax.shapes.random_hull(20, 1.0, 3)
        cache = sepax.contact.Cache()
        apart = within = 0
        for step in range(60):
            pb = sepax.Pose(translation=[4.0 - 0.05 * step, 0.5, 0.0])
            warm = sepax.contact.collide(a, sepax.Pose(), b, pb, margin=0.1, cache=cache)
            cold = sepax.contact.collide(a, sepax.Pose(), b, pb, margin=0.1)
            self.assertEqual(warm.count > 0, cold.count > 0)
            if cold.count == 0:
                apart += 1
                distance = sepax.gjk.distance(a, sepax.Pose(), b, pb).distance
                self.assertGreater(warm.separation, 0.1)
                self.assertLessEqual(warm.separation, distance + TOL)
            else:
                within += 1
        self.assertGreater(apart, 10)
        self.assertGreater(within, 10)


class TestArguments(unittest.TestCase):
    def test_bad_margins_and_caps_raise(self):
        a = sepax.shapes.box([1.0, 1.0, 1.0])
        p = sepax.Pose()
        for margin in (-0.1, float('nan'), float('inf')):
            with self.assertRaises(ValueError):
                sepax.contact.collide(a, p, a, p, margin=margin)
        for cap in (-1.0, float('nan')):
            with self.assertRaises(ValueError):
                sepax.sat.query(a, p, a, p, max_separation=cap)

    def test_wrong_types_raise_type_error(self):
        a = sepax.shapes.box([1.0, 1.0, 1.0])
        with self.assertRaises(TypeError):
            sepax.gjk.distance(a, 'identity', a, sepax.Pose())
        with self.assertRaises(TypeError):
            sepax.sat.query(a, sepax.Pose(), None, sepax.Pose())


class TestDocstrings(unittest.TestCase):
    def test_queries_state_frame_and_sign(self):
        for fn in (sepax.sat.query, sepax.gjk.distance, sepax.epa.query, sepax.contact.collide):
            with self.subTest(fn.__name__):
                self.assertIn('world', fn.__doc__)
                self.assertIn('length unit', fn.__doc__)
        for cls in (sepax.sat.Result, sepax.gjk.Result, sepax.epa.Result):
            self.assertIn('world frame', cls.axis.__doc__)

    def test_submodules_import_by_name(self):
        from sepax.gjk import distance
        import sepax.contact
        self.assertIs(distance, sepax.gjk.distance)
        self.assertIs(sepax.contact, sepax._sepax.contact)


if __name__ == '__main__':
    unittest.main()
