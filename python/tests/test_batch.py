"""The batch calls (sat.query_many, gjk.distance_many, epa.query_many,
contact.collide_many) and sepax.Poses: each row equals the single call bit
for bit, whatever form the poses come in and however many threads run."""

import threading
import unittest

import numpy as np

import sepax

K = 1000


def random_parts(rng, count, spread=2.0, scaled=False):
    """Quaternions (w, x, y, z), translations and scales of `count` poses:
    about a third of the pairs overlap at spread 2."""
    q = rng.normal(size=(count, 4))
    t = rng.uniform(-spread, spread, (count, 3))
    s = rng.uniform(0.5, 2.0, count) if scaled else np.ones(count)
    return q, t, s


def single_poses(q, t, s):
    return [sepax.Pose(quaternion=q[i], translation=t[i], scale=s[i]) for i in range(len(q))]


def rows(arg, count):
    """A batch argument as K single-call arguments."""
    if isinstance(arg, np.ndarray):  # matrices, as Pose(matrix) reads them
        return [sepax.Pose(arg)] * count if arg.ndim == 2 else [sepax.Pose(m) for m in arg]
    if isinstance(arg, (sepax.Pose, sepax.Hull)):
        return [arg] * count
    return list(arg)


# Each batch call, its single call and the fields compared: (batch field,
# getter of the single result). Extra keyword arguments go to both.
SAT_FIELDS = [
    ('intersecting', lambda r: r.intersecting),
    ('separation', lambda r: r.separation),
    ('axis', lambda r: r.axis),
    ('feature_kind', lambda r: int(r.feature.kind)),
    ('feature_a', lambda r: r.feature.a),
    ('feature_b', lambda r: r.feature.b),
]
GJK_FIELDS = [
    ('intersecting', lambda r: r.intersecting),
    ('distance', lambda r: r.distance),
    ('axis', lambda r: r.axis),
    ('point_a', lambda r: r.point_a),
    ('point_b', lambda r: r.point_b),
    ('iterations', lambda r: r.iterations),
    ('status', lambda r: int(r.status)),
]
EPA_FIELDS = [
    ('intersecting', lambda r: r.intersecting),
    ('separation', lambda r: r.separation),
    ('axis', lambda r: r.axis),
    ('point_a', lambda r: r.point_a),
    ('point_b', lambda r: r.point_b),
    ('gjk_iterations', lambda r: r.gjk_iterations),
    ('epa_iterations', lambda r: r.epa_iterations),
    ('gjk_status', lambda r: int(r.gjk_status)),
    ('epa_status', lambda r: int(r.epa_status)),
    ('depth_error', lambda r: r.depth_error),
]


def padded(points, count, width):
    """A manifold's points as the batch pads them: `count` rows, then zeros."""
    out = np.zeros((4, width) if width else 4, dtype=np.float64)
    for j in range(count):
        out[j] = points[j]
    return out


CONTACT_FIELDS = [
    ('normal', lambda m: m.normal),
    ('count', lambda m: m.count),
    ('separation', lambda m: m.separation),
    ('feature_kind', lambda m: int(m.feature.kind)),
    ('feature_a', lambda m: m.feature.a),
    ('feature_b', lambda m: m.feature.b),
    ('point_a', lambda m: padded([p.point_a for p in m.points], m.count, 3)),
    ('point_b', lambda m: padded([p.point_b for p in m.points], m.count, 3)),
    ('point_separation', lambda m: padded([p.separation for p in m.points], m.count, 0)),
    ('id', lambda m: np.array([p.id for p in m.points] + [0] * (4 - m.count), dtype=np.uint64)),
]

CALLS = [
    ('sat', sepax.sat.query_many, sepax.sat.query, SAT_FIELDS, {}),
    ('gjk', sepax.gjk.distance_many, sepax.gjk.distance, GJK_FIELDS, {}),
    ('epa', sepax.epa.query_many, sepax.epa.query, EPA_FIELDS, {}),
    ('contact', sepax.contact.collide_many, sepax.contact.collide, CONTACT_FIELDS,
     {'margin': 0.05}),
]


class BatchTestCase(unittest.TestCase):
    def assert_rows_equal(self, batch, single, fields, count):
        """Every field of the batch equals the single results, bit for bit
        (np.array_equal after converting to the batch's dtype exactly)."""
        self.assertEqual(len(batch), count)
        for name, get in fields:
            got = getattr(batch, name)
            want = np.array([get(r) for r in single])
            self.assertEqual(got.shape[0], count, name)
            if count:
                want = want.astype(got.dtype)  # bool, ints and sepax.real: exact
            self.assertTrue(np.array_equal(got, want), '%s differs from the single calls' % name)

    def assert_same(self, x, y, fields):
        for name, _ in fields:
            self.assertTrue(np.array_equal(getattr(x, name), getattr(y, name)), name)

    def check_call(self, name, a, poses_a, b, poses_b, count, **batch_kwargs):
        """The batch call `name` on these arguments equals the single calls."""
        _, many, one, fields, extra = next(c for c in CALLS if c[0] == name)
        batch = many(a, poses_a, b, poses_b, **extra, **batch_kwargs)
        args = zip(rows(a, count), rows(poses_a, count), rows(b, count), rows(poses_b, count))
        single = [one(*row, **extra) for row in args]
        self.assert_rows_equal(batch, single, fields, count)
        return batch


class TestEqualsSingleCalls(BatchTestCase):
    def setUp(self):
        rng = np.random.default_rng(30)
        self.a = sepax.Hull.from_points(rng.normal(size=(40, 3)))
        self.b = sepax.shapes.random_hull(24, 1.0, 7)
        self.q, self.t, self.s = random_parts(rng, K)
        self.poses = sepax.Poses(quaternion=self.q, translation=self.t)
        self.pose_a = sepax.Pose(quaternion=[0.9, 0.1, 0.2, -0.3], translation=[0.1, 0.0, -0.2])

    def test_each_call_equals_a_loop_of_single_calls(self):
        for name, *_ in CALLS:
            with self.subTest(name):
                r = self.check_call(name, self.a, self.pose_a, self.b, self.poses, K)
                if name != 'contact':
                    # Both outcomes occur, so the comparison is not vacuous.
                    self.assertTrue(0.1 < r.intersecting.mean() < 0.9)
                else:
                    self.assertTrue(0 < (r.count > 0).mean() < 1)
                    self.assertTrue((r.count == 4).any())

    def test_both_sides_per_row_and_scaled(self):
        rng = np.random.default_rng(31)
        q, t, s = random_parts(rng, K, scaled=True)
        poses_a = sepax.Poses(quaternion=q, translation=t * 0.2, scale=s)
        for name, *_ in CALLS:
            with self.subTest(name):
                self.check_call(name, self.a, poses_a, self.b, self.poses, K)

    def test_lists_of_pairs(self):
        rng = np.random.default_rng(32)
        hulls_a = [sepax.shapes.random_hull(int(n), 1.0, i)
                   for i, n in enumerate(rng.integers(4, 30, 200))]
        hulls_b = [sepax.shapes.box(rng.uniform(0.2, 1.0, 3)) for _ in range(200)]
        poses_b = single_poses(*random_parts(rng, 200))
        for name, *_ in CALLS:
            with self.subTest(name):
                self.check_call(name, hulls_a, sepax.Pose(), hulls_b, poses_b, 200)
                self.check_call(name, tuple(hulls_a), self.pose_a, self.b, poses_b, 200)

    def test_a_single_pose_broadcasts(self):
        count = 50
        poses = sepax.Poses(quaternion=self.q[:count], translation=self.t[:count])
        for name, many, _, fields, extra in CALLS:
            with self.subTest(name):
                # poses_a per row, poses_b one pose: as the mirrored layout.
                r = self.check_call(name, self.a, poses, self.b, self.pose_a, count)
                # A (4, 4) matrix broadcasts as the Pose it makes.
                m = many(self.a, poses, self.b, self.pose_a.matrix(), **extra)
                self.assert_same(r, m, fields)
                # Every argument single: one row.
                self.assertEqual(len(many(self.a, self.pose_a, self.b, self.pose_a)), 1)


class TestPoseForms(BatchTestCase):
    def setUp(self):
        rng = np.random.default_rng(33)
        self.a = sepax.shapes.random_hull(30, 1.0, 2)
        self.b = sepax.shapes.random_hull(20, 1.0, 3)
        self.q, self.t, self.s = random_parts(rng, 300, scaled=True)

    def test_every_form_gives_the_same_answer(self):
        singles = single_poses(self.q, self.t, self.s)
        matrices = np.array([p.matrix() for p in singles])
        by_matrix = [sepax.Pose(m) for m in matrices]
        forms = {
            'Poses(quaternion=)': (sepax.Poses(quaternion=self.q, translation=self.t,
                                               scale=self.s), singles),
            'list of Pose': (singles, singles),
            'tuple of Pose': (tuple(singles), singles),
            'Poses(rotation=)': (sepax.Poses(rotation=np.array([p.rotation for p in singles]),
                                             translation=self.t, scale=self.s), singles),
            'Poses(matrix)': (sepax.Poses(matrices), by_matrix),
            '(K, 4, 4) array': (matrices, by_matrix),
            'Fortran-order array': (np.asfortranarray(matrices), by_matrix),
            'strided array': (np.repeat(matrices, 2, axis=0)[::2], by_matrix),
        }
        for form, (poses, want_poses) in forms.items():
            for name, many, one, fields, extra in CALLS:
                with self.subTest(form=form, call=name):
                    batch = many(self.a, sepax.Pose(), self.b, poses, **extra)
                    single = [one(self.a, sepax.Pose(), self.b, p, **extra) for p in want_poses]
                    self.assert_rows_equal(batch, single, fields, 300)

    def test_poses_holds_what_pose_makes(self):
        poses = sepax.Poses(quaternion=self.q, translation=self.t, scale=self.s)
        singles = single_poses(self.q, self.t, self.s)
        self.assertEqual(len(poses), 300)
        self.assertTrue(np.array_equal(poses.rotation, [p.rotation for p in singles]))
        self.assertTrue(np.array_equal(poses.translation, [p.translation for p in singles]))
        self.assertTrue(np.array_equal(poses.scale, [p.scale for p in singles]))
        self.assertTrue(np.array_equal(poses.matrix(), [p.matrix() for p in singles]))
        self.assertEqual(poses.rotation.dtype, sepax.real)
        self.assertTrue(np.array_equal(poses[-1].matrix(), singles[-1].matrix()))
        with self.assertRaises(IndexError):
            poses[300]
        self.assertEqual(len(list(poses)), 300)

    def test_parts_broadcast_within_poses(self):
        q = [0.9, 0.1, 0.2, -0.3]
        poses = sepax.Poses(quaternion=q, translation=self.t, scale=2.0)
        self.assertEqual(len(poses), 300)
        want = sepax.Pose(quaternion=q, translation=self.t[5], scale=2.0)
        self.assertTrue(np.array_equal(poses[5].matrix(), want.matrix()))
        self.assertEqual(len(sepax.Poses(translation=[1, 2, 3])), 1)

    def test_int_and_float32_inputs(self):
        # Integer matrices: quarter turns about z with integer translations.
        m = np.zeros((40, 4, 4), dtype=np.int64)
        m[:, 0, 1], m[:, 1, 0], m[:, 2, 2], m[:, 3, 3] = -1, 1, 1, 1
        m[:, :3, 3] = np.random.default_rng(34).integers(-2, 3, (40, 3))
        want = [sepax.Pose(row.astype(np.float64)) for row in m]
        for name, *_ in CALLS:
            with self.subTest(name, dtype='int64'):
                self.check_call(name, self.a, sepax.Pose(), self.b, m, 40)
                self.check_call(name, self.a, sepax.Pose(), self.b, want, 40)
        q32 = self.q.astype(np.float32)
        t32 = self.t.astype(np.float32)
        poses32 = sepax.Poses(quaternion=q32, translation=t32)
        want32 = [sepax.Pose(quaternion=q32[i], translation=t32[i]) for i in range(300)]
        self.assertTrue(np.array_equal(poses32.matrix(), [p.matrix() for p in want32]))
        for name, *_ in CALLS:
            with self.subTest(name, dtype='float32'):
                self.check_call(name, self.a, sepax.Pose(), self.b, poses32, 300)


class TestErrors(unittest.TestCase):
    def setUp(self):
        self.a = sepax.shapes.box([1.0, 1.0, 1.0])
        self.m = np.tile(np.eye(4), (30, 1, 1))

    def assert_row_error(self, poses, row, name='poses_b'):
        for _, many, *_ in CALLS:
            with self.subTest(many.__name__):
                with self.assertRaisesRegex(ValueError, r'%s\[%d\]' % (name, row)):
                    many(self.a, sepax.Pose(), self.a, poses)

    def test_bad_rows_are_named(self):
        nan = self.m.copy()
        nan[17, 1, 3] = np.nan
        self.assert_row_error(nan, 17)
        skew = self.m.copy()
        skew[3, :3, :3] = [[1.0, 0.1, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
        self.assert_row_error(skew, 3)
        last = self.m.copy()
        last[29, 3, 0] = 1.0
        self.assert_row_error(last, 29)
        reflection = self.m.copy()
        reflection[0, 2, 2] = -1.0
        self.assert_row_error(reflection, 0)
        with self.assertRaisesRegex(ValueError, r'poses_a\[17\]'):
            sepax.sat.query_many(self.a, nan, self.a, sepax.Pose())
        q = np.tile([1.0, 0.0, 0.0, 0.0], (10, 1))
        q[6, 2] = np.inf
        with self.assertRaisesRegex(ValueError, r'Poses\[6\]: quaternion must be finite'):
            sepax.Poses(quaternion=q)
        with self.assertRaisesRegex(ValueError, r'Poses\[4\]: scale'):
            sepax.Poses(translation=np.zeros((5, 3)), scale=[1, 1, 1, 1, -1])

    def test_bad_shapes_raise(self):
        for bad in (np.zeros((5, 4, 3)), np.zeros((5, 3, 3)), np.zeros((2, 5, 4, 4)),
                    np.zeros(16), [['a'] * 4] * 4, np.eye(3)):
            with self.subTest(shape=np.shape(bad)), self.assertRaises(ValueError):
                sepax.gjk.distance_many(self.a, sepax.Pose(), self.a, bad)
        with self.assertRaisesRegex(ValueError, 'rows'):
            sepax.Poses(quaternion=np.zeros((3, 4)), translation=np.zeros((4, 3)))
        with self.assertRaises(ValueError):
            sepax.Poses(quaternion=np.zeros((3, 4)), rotation=np.eye(3))
        with self.assertRaises(ValueError):
            sepax.Poses(self.m, translation=np.zeros((30, 3)))
        with self.assertRaises(ValueError):
            sepax.Poses(translation=np.zeros((3, 2)))

    def test_row_counts_must_agree(self):
        with self.assertRaisesRegex(ValueError, 'poses_a has 30 rows but poses_b has 29'):
            sepax.sat.query_many(self.a, self.m, self.a, self.m[:29])
        with self.assertRaisesRegex(ValueError, 'a has 2 rows but poses_b has 30'):
            sepax.sat.query_many([self.a, self.a], sepax.Pose(), self.a, self.m)

    def test_wrong_types_and_arguments(self):
        with self.assertRaises(TypeError):
            sepax.sat.query_many([self.a, 'box'], sepax.Pose(), self.a, sepax.Pose())
        with self.assertRaises(TypeError):
            sepax.sat.query_many(None, sepax.Pose(), self.a, sepax.Pose())
        with self.assertRaises(TypeError):
            sepax.sat.query_many(self.a, [sepax.Pose(), 'x'], self.a, sepax.Pose())
        with self.assertRaises(ValueError):
            sepax.sat.query_many(self.a, sepax.Pose(), self.a, self.m, threads=-1)
        with self.assertRaises(ValueError):
            sepax.sat.query_many(self.a, sepax.Pose(), self.a, self.m, max_separation=np.nan)
        for margin in (-0.1, np.nan, np.inf):
            with self.assertRaises(ValueError):
                sepax.contact.collide_many(self.a, sepax.Pose(), self.a, self.m, margin=margin)


class TestShapesAndThreads(BatchTestCase):
    def setUp(self):
        rng = np.random.default_rng(35)
        self.a = sepax.shapes.random_hull(30, 1.0, 4)
        self.b = sepax.shapes.random_hull(30, 1.0, 5)
        self.poses = sepax.Poses(quaternion=rng.normal(size=(3000, 4)),
                                 translation=rng.uniform(-2, 2, (3000, 3)))

    def test_empty_batches(self):
        for empty in (np.zeros((0, 4, 4)), [], sepax.Poses(np.zeros((0, 4, 4)))):
            for name, many, _, fields, extra in CALLS:
                with self.subTest(name, form=type(empty).__name__):
                    r = many(self.a, sepax.Pose(), self.b, empty, **extra)
                    self.assertEqual(len(r), 0)
                    for field, _ in fields:
                        self.assertEqual(getattr(r, field).shape[0], 0)
        self.assertEqual(len(sepax.sat.query_many([], sepax.Pose(), self.b, sepax.Pose())), 0)

    def test_shapes_and_dtypes(self):
        m = sepax.contact.collide_many(self.a, sepax.Pose(), self.b, self.poses, margin=0.1)
        n = len(self.poses)
        self.assertEqual(m.point_a.shape, (n, 4, 3))
        self.assertEqual(m.point_separation.shape, (n, 4))
        self.assertEqual(m.id.dtype, np.uint64)
        self.assertEqual(m.count.dtype, np.int32)
        self.assertEqual(m.normal.dtype, sepax.real)
        past = np.arange(4)[None, :] >= m.count[:, None]
        self.assertTrue(past.any())
        self.assertTrue((m.point_a[past] == 0).all() and (m.id[past] == 0).all())
        s = sepax.sat.query_many(self.a, sepax.Pose(), self.b, self.poses)
        self.assertEqual(s.intersecting.dtype, np.bool_)
        self.assertEqual(s.axis.shape, (n, 3))
        self.assertEqual(s.feature_kind.dtype, np.uint8)
        self.assertEqual(set(s.feature_kind) - {int(k) for k in
                                                sepax.sat.FeatureKind.__members__.values()},
                         set())
        e = sepax.epa.query_many(self.a, sepax.Pose(), self.b, self.poses)
        self.assertTrue(np.array_equal(e.depth(), np.where(e.separation < 0, -e.separation, 0)))

    def test_thread_counts_give_identical_answers(self):
        for name, many, _, fields, extra in CALLS:
            with self.subTest(name):
                one = many(self.a, sepax.Pose(), self.b, self.poses, threads=1, **extra)
                for threads in (0, 2, 4, 7, 5000):
                    other = many(self.a, sepax.Pose(), self.b, self.poses, threads=threads,
                                 **extra)
                    with self.subTest(threads=threads):
                        self.assert_same(one, other, fields)

    def test_out_reuses_the_arrays(self):
        rng = np.random.default_rng(36)
        other = sepax.Poses(quaternion=rng.normal(size=(3000, 4)),
                            translation=rng.uniform(-2, 2, (3000, 3)))
        for name, many, _, fields, extra in CALLS:
            with self.subTest(name):
                r = many(self.a, sepax.Pose(), self.b, self.poses, **extra)
                arrays = [getattr(r, field) for field, _ in fields]
                again = many(self.a, sepax.Pose(), self.b, other, out=r, threads=3, **extra)
                self.assertIs(again, r)
                for (field, _), array in zip(fields, arrays):
                    self.assertIs(getattr(r, field), array)
                self.assert_same(r, many(self.a, sepax.Pose(), self.b, other, **extra), fields)
        r = sepax.sat.query_many(self.a, sepax.Pose(), self.b, self.poses)
        with self.assertRaisesRegex(ValueError, 'out has 3000 rows; this call has 2'):
            sepax.sat.query_many(self.a, sepax.Pose(), self.b, [sepax.Pose()] * 2, out=r)
        with self.assertRaises(TypeError):
            sepax.gjk.distance_many(self.a, sepax.Pose(), self.b, self.poses, out=r)
        r.axis.flags.writeable = False
        with self.assertRaises(ValueError):
            sepax.sat.query_many(self.a, sepax.Pose(), self.b, self.poses, out=r)

    def test_python_threads_at_once(self):
        want = sepax.sat.query_many(self.a, sepax.Pose(), self.b, self.poses, threads=1)
        got = {}

        def run(k):
            got[k] = [sepax.sat.query_many(self.a, sepax.Pose(), self.b, self.poses,
                                           threads=1 + k % 2) for _ in range(3)]

        threads = [threading.Thread(target=run, args=(k,)) for k in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(len(got), 4)
        for results in got.values():
            for r in results:
                self.assertTrue(np.array_equal(r.separation, want.separation))
                self.assertTrue(np.array_equal(r.axis, want.axis))


class TestDocstrings(unittest.TestCase):
    def test_batch_calls_state_frame_sign_and_unit(self):
        for fn in (sepax.sat.query_many, sepax.gjk.distance_many, sepax.epa.query_many,
                   sepax.contact.collide_many):
            with self.subTest(fn.__name__):
                self.assertIn('world', fn.__doc__)
                self.assertIn('length unit', fn.__doc__)
                self.assertIn('threads', fn.__doc__)
        for cls in (sepax.sat.Results, sepax.gjk.Results, sepax.epa.Results):
            self.assertIn('world frame', cls.axis.__doc__)
        self.assertIn('world frame', sepax.contact.Manifolds.normal.__doc__)
        self.assertIn('(w, x, y, z)', sepax.Poses.__doc__)


if __name__ == '__main__':
    unittest.main()
