"""One call over 10000 poses: a 32-vertex hull A against a box B at random
poses, GJK distances and contact manifolds as arrays; row i equals the
single call's answer for row i, bit for bit; the next frame overwrites the
same arrays (out=), so a loop over frames allocates nothing.

    PYTHONPATH=build/python python3 python/examples/batch_poses.py
"""

import numpy as np

import sepax

rng = np.random.default_rng(7)
a = sepax.shapes.random_hull(32, 1.0, 1)
b = sepax.shapes.box([0.5, 0.5, 0.5])
K = 10000
q, t = rng.normal(size=(K, 4)), rng.uniform(-2, 2, (K, 3))
poses_b = sepax.Poses(quaternion=q, translation=t)  # (w, x, y, z); checked once

g = sepax.gjk.distance_many(a, sepax.Pose(), b, poses_b)  # one A, K poses of B
print('distances', g.distance[:4].round(6), 'intersecting', g.intersecting.sum())
m = sepax.contact.collide_many(a, sepax.Pose(), b, poses_b, margin=0.01)
print('points per manifold', np.bincount(m.count), 'point_a', m.point_a.shape)
i = np.flatnonzero(m.count == 4)[0]
print('row', i, 'normal', m.normal[i].round(6), 'depths', m.point_separation[i].round(6))

one = sepax.gjk.distance(a, sepax.Pose(), b, poses_b[2])  # row 2 alone: the same bits
print('row 2 alone equals the batch:', one.distance == g.distance[2],
      np.array_equal(one.point_a, g.point_a[2]))

# The next frame: B moved 0.01 along x; its answers overwrite m's arrays.
later = sepax.Poses(quaternion=q, translation=t + [0.01, 0, 0])
same = sepax.contact.collide_many(a, sepax.Pose(), b, later, margin=0.01, out=m) is m
print('next frame into the same arrays:', same, np.bincount(m.count))
