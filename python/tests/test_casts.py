"""Casts through the bindings: rays against hulls, spheres and capsules, shape
casts and times of impact, against what the geometry says; argument checks."""

import unittest

import numpy as np

import sepax

TOL = 1e-9 if sepax.precision == 'double' else 2e-5


class TestRays(unittest.TestCase):
    def test_ray_through_a_box_enters_its_near_face(self):
        box = sepax.shapes.box([1, 2, 3])
        pose = sepax.Pose(translation=[10, 0, 0])
        r = sepax.ray_cast(box, pose, sepax.Ray([0, 0.5, 0.5], [20, 0, 0]))
        self.assertEqual(r.status, sepax.CastStatus.hit)
        self.assertTrue(r.hit())
        self.assertAlmostEqual(r.fraction, 9 / 20, delta=TOL)
        np.testing.assert_allclose(r.point, [9, 0.5, 0.5], atol=TOL * 10)
        np.testing.assert_allclose(r.normal, [-1, 0, 0], atol=TOL)
        self.assertEqual(r.feature.type, sepax.FeatureType.face)
        scan = sepax.ray_cast_scan(box, pose, sepax.Ray([0, 0.5, 0.5], [20, 0, 0]))
        self.assertEqual(scan.fraction, r.fraction)

    def test_ray_that_stops_short_or_starts_inside(self):
        box = sepax.shapes.box([1, 1, 1])
        short = sepax.ray_cast(box, sepax.Pose(), sepax.Ray([-5, 0, 0], [10, 0, 0], 0.3))
        self.assertEqual(short.status, sepax.CastStatus.missed)
        self.assertFalse(short.hit())
        inside = sepax.ray_cast(box, sepax.Pose(), sepax.Ray([0.2, 0, 0], [10, 0, 0]))
        self.assertEqual(inside.status, sepax.CastStatus.overlapping)
        self.assertEqual(inside.fraction, 0.0)

    def test_sphere_and_capsule(self):
        s = sepax.Sphere([0, 0, 0], 0.5)
        r = sepax.ray_cast(s, sepax.Pose(translation=[3, 0, 0]), sepax.Ray([0, 0, 0], [10, 0, 0]))
        self.assertAlmostEqual(r.fraction, 0.25, delta=TOL)
        c = sepax.Capsule([0, 0, -1], [0, 0, 1], 0.5)
        r = sepax.ray_cast(c, sepax.Pose(), sepax.Ray([-4, 0, 0.3], [8, 0, 0]))
        self.assertAlmostEqual(r.fraction, 3.5 / 8, delta=TOL)
        np.testing.assert_allclose(r.normal, [-1, 0, 0], atol=TOL)
        self.assertEqual((c.radius, s.radius), (0.5, 0.5))

    def test_random_rays_hit_where_the_scan_does(self):
        rng = np.random.default_rng(3)
        hits = 0
        for i in range(200):
            hull = sepax.shapes.random_hull(40, 1.0, i)
            pose = sepax.Pose(quaternion=rng.normal(size=4), translation=rng.normal(size=3))
            origin = rng.normal(size=3) * 3
            ray = sepax.Ray(origin, -2 * origin + rng.normal(size=3))
            r, s = sepax.ray_cast(hull, pose, ray), sepax.ray_cast_scan(hull, pose, ray)
            self.assertEqual(r.status, s.status)
            self.assertAlmostEqual(r.fraction, s.fraction, delta=TOL)
            hits += r.hit()
        self.assertGreater(hits, 20)


class TestShapeCasts(unittest.TestCase):
    def test_box_cast_onto_box(self):
        a, b = sepax.shapes.box([1, 1, 1]), sepax.shapes.box([0.5, 0.5, 0.5])
        pa, pb = sepax.Pose(), sepax.Pose(translation=[5, 0, 0])
        for cast in (sepax.sat.shape_cast, sepax.gjk.shape_cast):
            r = cast(a, pa, b, pb, [-10, 0, 0])
            self.assertEqual(r.status, sepax.CastStatus.hit)
            self.assertAlmostEqual(r.fraction, 0.35, delta=1e-6)
            np.testing.assert_allclose(r.normal, [1, 0, 0], atol=1e-6)
            self.assertEqual(cast(a, pa, b, pb, [0, 0, 10]).status, sepax.CastStatus.missed)
            target = cast(a, pa, b, pb, [-10, 0, 0], target=0.5)
            self.assertAlmostEqual(target.fraction, 0.30, delta=1e-5)
            self.assertEqual(cast(a, pa, b, sepax.Pose(), [1, 0, 0]).status,
                             sepax.CastStatus.overlapping)

    def test_sat_cast_lands_touching(self):
        rng = np.random.default_rng(9)
        hits = 0
        for i in range(100):
            a = sepax.shapes.random_hull(20, 1.0, 2 * i)
            b = sepax.shapes.random_hull(20, 0.5, 2 * i + 1)
            pa = sepax.Pose(quaternion=rng.normal(size=4))
            pb = sepax.Pose(quaternion=rng.normal(size=4), translation=rng.normal(size=3) * 4)
            move = -2 * pb.translation + rng.normal(size=3) * 0.5
            r = sepax.sat.shape_cast(a, pa, b, pb, move)
            if r.status != sepax.CastStatus.hit:
                continue
            hits += 1
            there = sepax.Pose(rotation=pb.rotation, translation=pb.translation + r.fraction * move)
            self.assertAlmostEqual(sepax.gjk.distance(a, pa, b, there).distance, 0.0,
                                   delta=1e-6 if sepax.precision == 'double' else 1e-4)
        self.assertGreater(hits, 30)

    def test_time_of_impact_of_a_turning_box(self):
        a, b = sepax.shapes.box([1, 1, 1]), sepax.shapes.box([0.5, 0.5, 0.5])
        still = sepax.Sweep(sepax.Pose(), sepax.Pose())
        move = sepax.Sweep(sepax.Pose(translation=[5, 0, 0]),
                           sepax.Pose(quaternion=[0.92388, 0, 0, 0.38268], translation=[-5, 0, 0]))
        r = sepax.gjk.time_of_impact(a, still, b, move)
        self.assertEqual(r.status, sepax.CastStatus.hit)
        at = move.at(r.fraction)
        d = sepax.gjk.distance(a, sepax.Pose(), b, at).distance
        self.assertLess(d, 1e-3)
        earlier = sepax.gjk.distance(a, sepax.Pose(), b, move.at(r.fraction * 0.99)).distance
        self.assertGreater(earlier, 0.0)
        self.assertAlmostEqual(move.angle(), np.pi / 4, delta=1e-4)


class TestRoundContacts(unittest.TestCase):
    def test_sphere_and_capsule_on_a_box(self):
        box = sepax.shapes.box([2, 2, 0.5])
        m = sepax.contact.collide(sepax.Sphere([0, 0, 0], 0.5), sepax.Pose(translation=[0, 0, 0.9]),
                                  box, sepax.Pose())
        self.assertEqual(m.count, 1)
        self.assertAlmostEqual(m.points[0].separation, -0.1, delta=1e-6)
        np.testing.assert_allclose(m.normal, [0, 0, -1], atol=1e-6)
        lying = sepax.contact.collide(sepax.Capsule([-1, 0, 0], [1, 0, 0], 0.5),
                                      sepax.Pose(translation=[0, 0, 0.95]), box, sepax.Pose())
        self.assertEqual(lying.count, 2)
        far = sepax.contact.collide(sepax.Sphere([0, 0, 0], 0.5), sepax.Pose(translation=[0, 0, 3]),
                                    box, sepax.Pose(), margin=0.1)
        self.assertEqual(far.count, 0)

    def test_round_pairs(self):
        ball = sepax.Sphere([0, 0, 0], 0.5)
        rod = sepax.Capsule([-1, 0, 0], [1, 0, 0], 0.5)
        balls = sepax.contact.collide(ball, sepax.Pose(translation=[1, 2, 3]), ball,
                                      sepax.Pose(translation=[1.9, 2, 3]))
        self.assertEqual(balls.count, 1)
        self.assertAlmostEqual(balls.separation, -0.1, delta=1e-6)
        np.testing.assert_allclose(balls.normal, [1, 0, 0], atol=1e-6)
        np.testing.assert_allclose(balls.points[0].point_a, [1.5, 2, 3], atol=1e-6)
        np.testing.assert_allclose(balls.points[0].point_b, [1.4, 2, 3], atol=1e-6)
        # contact::make_id of the spheres' round surfaces (face 0 = type 2 in
        # the top 2 bits of each 32-bit half).
        face0 = 2 << 30
        self.assertEqual(balls.points[0].id, (face0 << 32) | face0)
        # A sphere over a capsule's side, and the mirrored capsule-sphere.
        sc = sepax.contact.collide(ball, sepax.Pose(translation=[0.3, 0, 0.9]), rod, sepax.Pose())
        self.assertEqual(sc.count, 1)
        self.assertAlmostEqual(sc.separation, -0.1, delta=1e-6)
        np.testing.assert_allclose(sc.normal, [0, 0, -1], atol=1e-6)
        cs = sepax.contact.collide(rod, sepax.Pose(), ball, sepax.Pose(translation=[0.3, 0, 0.9]))
        np.testing.assert_allclose(cs.normal, [0, 0, 1], atol=1e-6)
        self.assertEqual(cs.points[0].id, sepax.contact.mirrored(sc).points[0].id)
        # Capsules lying along each other: the two ends of their overlap.
        lying = sepax.contact.collide(rod, sepax.Pose(), sepax.Capsule([0, 0, 0], [3, 0, 0], 0.5),
                                      sepax.Pose(translation=[0, 0, 0.9]))
        self.assertEqual(lying.count, 2)
        xs = sorted(lying.points[k].point_a[0] for k in range(2))
        np.testing.assert_allclose(xs, [0, 1], atol=1e-6)
        far = sepax.contact.collide(rod, sepax.Pose(), rod, sepax.Pose(translation=[0, 0, 3]),
                                    margin=0.1)
        self.assertEqual(far.count, 0)
        self.assertAlmostEqual(far.separation, 2.0, delta=1e-6)


class TestArguments(unittest.TestCase):
    def test_bad_arguments_raise_value_error(self):
        box = sepax.shapes.box([1, 1, 1])
        for bad in (lambda: sepax.Ray([0, 0], [1, 0, 0]),
                    lambda: sepax.Ray([0, 0, 0], [1, 0, 0], -1.0),
                    lambda: sepax.Ray([0, 0, np.nan], [1, 0, 0]),
                    lambda: sepax.Sphere([0, 0, 0], -1.0),
                    lambda: sepax.Capsule([0, 0, 0], [1, 0, 0], np.inf),
                    lambda: sepax.sat.shape_cast(box, sepax.Pose(), box, sepax.Pose(), [1, 2]),
                    lambda: sepax.gjk.shape_cast(box, sepax.Pose(), box, sepax.Pose(), [1, 0, 0],
                                                 target=-1),
                    lambda: sepax.gjk.time_of_impact(box, sepax.Sweep(sepax.Pose(), sepax.Pose()),
                                                     box, sepax.Sweep(sepax.Pose(), sepax.Pose()),
                                                     tolerance=np.nan)):
            with self.assertRaises(ValueError):
                bad()

    def test_scale_changing_sweep_is_bad_input(self):
        box = sepax.shapes.box([1, 1, 1])
        grow = sepax.Sweep(sepax.Pose(translation=[5, 0, 0]),
                           sepax.Pose(translation=[-5, 0, 0], scale=2.0))
        r = sepax.gjk.time_of_impact(box, sepax.Sweep(sepax.Pose(), sepax.Pose()), box, grow)
        self.assertEqual(r.status, sepax.CastStatus.bad_input)

    def test_docstrings_state_the_frame(self):
        for f in (sepax.ray_cast, sepax.sat.shape_cast, sepax.gjk.shape_cast,
                  sepax.gjk.time_of_impact, sepax.mesh.ray_cast, sepax.mesh.shape_cast):
            self.assertIn('world', f.__doc__)


if __name__ == '__main__':
    unittest.main()
