"""The bindings answer exactly as the C++ library: the program py_reference
(reference.cpp, built in the same precision) prints fixed cases with their
inputs and results as hex floats; each is rebuilt here and compared bit for
bit."""

import json
import os
import subprocess
import unittest

import numpy as np

import sepax


def f(text):
    return float.fromhex(text)


def vec(texts):
    return [float.fromhex(t) for t in texts]


def shape(d):
    if d['kind'] == 'random_hull':
        return sepax.shapes.random_hull(d['n'], f(d['r']), d['seed'])
    if d['kind'] == 'box':
        return sepax.shapes.box(vec(d['half_extents']))
    raise ValueError(d['kind'])


def pose(d):
    return sepax.Pose(quaternion=vec(d['q']), translation=vec(d['t']), scale=f(d['s']))


def load_cases():
    path = os.environ.get('SEPAX_REFERENCE')
    if not path:
        raise unittest.SkipTest('SEPAX_REFERENCE (the py_reference program) not set')
    args = [path] + ([os.environ['SEPAX_DATA']] if 'SEPAX_DATA' in os.environ else [])
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def data(name):
    return os.path.join(os.environ.get('SEPAX_DATA', ''), name)


class TestReference(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        lines = load_cases()
        cls.cases = [c for c in lines if c.get('kind') != 'mesh']
        cls.mesh_cases = [c for c in lines if c.get('kind') == 'mesh']

    def assert_vec(self, got, want):
        self.assertEqual([float(x) for x in got], vec(want))

    def assert_feature(self, got, want):
        self.assertEqual([int(got.kind), got.a, got.b], want)

    def test_cases_cover_both_outcomes(self):
        self.assertGreaterEqual(len(self.cases), 30)
        hits = [c['sat']['intersecting'] for c in self.cases]
        self.assertTrue(any(hits) and not all(hits))
        self.assertTrue(any(c['contact']['count'] > 1 for c in self.cases))

    def test_every_query_bit_for_bit(self):
        for i, c in enumerate(self.cases):
            with self.subTest(case=i):
                a, pa, b, pb = shape(c['a']), pose(c['pose_a']), shape(c['b']), pose(c['pose_b'])

                s, want = sepax.sat.query(a, pa, b, pb), c['sat']
                self.assertEqual(s.intersecting, want['intersecting'])
                self.assertEqual(s.separation, f(want['separation']))
                self.assert_vec(s.axis, want['axis'])
                self.assert_feature(s.feature, want['feature'])

                g, want = sepax.gjk.distance(a, pa, b, pb), c['gjk']
                self.assertEqual(g.intersecting, want['intersecting'])
                self.assertEqual(g.distance, f(want['distance']))
                for name in ('axis', 'point_a', 'point_b'):
                    self.assert_vec(getattr(g, name), want[name])
                self.assertEqual(g.iterations, want['iterations'])
                self.assertEqual(int(g.status), want['status'])

                e, want = sepax.epa.query(a, pa, b, pb), c['epa']
                self.assertEqual(e.intersecting, want['intersecting'])
                self.assertEqual(e.separation, f(want['separation']))
                self.assertEqual(e.depth_error, f(want['depth_error']))
                for name in ('axis', 'point_a', 'point_b'):
                    self.assert_vec(getattr(e, name), want[name])
                for name in ('gjk_iterations', 'epa_iterations', 'gjk_status', 'epa_status'):
                    self.assertEqual(int(getattr(e, name)), want[name])

                m, want = sepax.contact.collide(a, pa, b, pb, margin=f(c['margin'])), c['contact']
                self.assert_vec(m.normal, want['normal'])
                self.assertEqual(m.count, want['count'])
                self.assertEqual(m.separation, f(want['separation']))
                self.assert_feature(m.feature, want['feature'])
                self.assertEqual(len(m.points), len(want['points']))
                for p, wp in zip(m.points, want['points']):
                    self.assert_vec(p.point_a, wp['point_a'])
                    self.assert_vec(p.point_b, wp['point_b'])
                    self.assertEqual(p.separation, f(wp['separation']))
                    self.assertEqual(p.id, wp['id'])

    def assert_cast(self, got, want):
        self.assertEqual(int(got.status), want['status'])
        self.assertEqual(got.fraction, f(want['fraction']))
        self.assert_vec(got.point, want['point'])
        self.assert_vec(got.normal, want['normal'])
        self.assertEqual([int(got.feature.type), got.feature.index], want['feature'])
        self.assertEqual(got.triangle, want['triangle'])
        self.assertEqual(got.iterations, want['iterations'])

    def test_casts_and_volume_bit_for_bit(self):
        statuses = set()
        for i, c in enumerate(self.cases):
            with self.subTest(case=i):
                a, pa, b, pb = shape(c['a']), pose(c['pose_a']), shape(c['b']), pose(c['pose_b'])
                want = c['casts']
                back = vec(want['back'])
                ray = sepax.Ray(pb.translation + np.array([0, 0.1, 0], sepax.real), back)
                self.assert_cast(sepax.ray_cast(a, pa, ray), want['ray'])
                self.assert_cast(sepax.sat.shape_cast(a, pa, b, pb, back), want['sat_shape_cast'])
                self.assert_cast(sepax.gjk.shape_cast(a, pa, b, pb, back), want['gjk_shape_cast'])
                turned = sepax.Pose(rotation=pa.rotation, translation=pb.translation + back,
                                    scale=pb.scale)
                toi = sepax.gjk.time_of_impact(a, sepax.Sweep(pa, pa), b, sepax.Sweep(pb, turned))
                self.assert_cast(toi, want['time_of_impact'])
                v = sepax.overlap_volume(a, pa, b, pb)
                self.assertEqual(v.volume, f(want['overlap_volume']))
                self.assertEqual(int(v.method), want['volume_method'])
                statuses.add(int(toi.status))
        self.assertIn(int(sepax.CastStatus.hit), statuses)
        self.assertIn(int(sepax.CastStatus.overlapping), statuses)

    def test_meshes_bit_for_bit(self):
        if not sepax.has_io:
            self.skipTest('built without sepax_io: no mesh files')
        self.assertEqual(len(self.mesh_cases), 4)
        bunny = sepax.TriangleMesh.from_file(data('bunny.obj'))
        teapot = sepax.TriangleMesh.from_file(data('teapot.obj'))
        for i, c in enumerate(self.mesh_cases):
            with self.subTest(case=i):
                pa, pb, block = pose(c['pose_a']), pose(c['pose_b']), shape(c['box'])
                results = {'mesh_mesh': sepax.mesh.query(bunny, pa, teapot, pb),
                           'mesh_hull': sepax.mesh.query(bunny, pa, block, pb),
                           'hull_mesh': sepax.mesh.query(block, pb, bunny, pa)}
                for name, r in results.items():
                    want = c[name]
                    self.assertEqual(r.intersecting, want['intersecting'])
                    self.assertEqual(int(r.how), want['how'])
                    self.assertEqual(r.distance, f(want['distance']))
                    self.assert_vec(r.point_a, want['point_a'])
                    self.assert_vec(r.point_b, want['point_b'])
                    self.assertEqual((r.triangle_a, r.triangle_b, r.pairs_tested),
                                     (want['triangle_a'], want['triangle_b'], want['pairs_tested']))
                x = float(pb.translation[0])
                ray = sepax.Ray(pb.translation, [-x, 0, 0.5])
                self.assert_cast(sepax.mesh.ray_cast(bunny, pa, ray), c['ray'])
                self.assert_cast(sepax.mesh.ray_cast(bunny, pa, ray, cull_back_faces=True),
                                 c['ray_culled'])
                back = [-x, 0, 0]
                self.assert_cast(sepax.mesh.shape_cast(bunny, pa, block, pb, back),
                                 c['shape_cast_hull'])
                self.assert_cast(sepax.mesh.shape_cast(bunny, pa, teapot, pb, back),
                                 c['shape_cast_mesh'])
                v = sepax.overlap_volume(bunny, pa, block, pb, samples=4096, seed=7)
                self.assertEqual((v.volume, v.error, int(v.method)),
                                 (f(c['overlap_volume']), f(c['overlap_error']),
                                  c['volume_method']))

    def test_warm_queries_bit_for_bit(self):
        for i, c in enumerate(self.cases):
            with self.subTest(case=i):
                a, pa, b, pb = shape(c['a']), pose(c['pose_a']), shape(c['b']), pose(c['pose_b'])
                sat_cache, gjk_cache, contact_cache = (sepax.sat.Cache(), sepax.gjk.Cache(),
                                                       sepax.contact.Cache())
                for _ in range(2):
                    s = sepax.sat.query(a, pa, b, pb, cache=sat_cache)
                    g = sepax.gjk.distance(a, pa, b, pb, cache=gjk_cache)
                    e = sepax.epa.query(a, pa, b, pb, cache=gjk_cache)
                    m = sepax.contact.collide(a, pa, b, pb, margin=f(c['margin']),
                                              cache=contact_cache)
                want = c['warm']
                self.assertEqual(s.separation, f(want['sat_separation']))
                self.assert_vec(s.axis, want['sat_axis'])
                self.assertEqual(s.counters.cache_hit, want['cache_hit'])
                self.assertEqual(g.distance, f(want['gjk_distance']))
                self.assert_vec(g.point_a, want['gjk_point_a'])
                self.assertEqual(e.separation, f(want['epa_separation']))
                self.assertEqual(m.count, want['contact_count'])
                self.assertEqual(m.separation, f(want['contact_separation']))
                self.assert_vec(m.normal, want['contact_normal'])
        self.assertTrue(any(c['warm']['cache_hit'] for c in self.cases))


if __name__ == '__main__':
    unittest.main()
