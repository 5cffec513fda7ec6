"""Two meshes checked from Python: the Stanford bunny and the Utah teapot
(tests/data), the teapot posed as in the README's tool example
(--pose-b 16,4,0/0,30,0). The exact answer about the meshes themselves
(mesh.query: they are not convex), then their convex hulls: GJK's distance
with its closest points, SAT's separation and the overlap volume.

    PYTHONPATH=build/python python3 python/examples/check_meshes.py [A B]
"""

import os
import sys

import sepax

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, '..', '..', 'tests', 'data')

path_a = sys.argv[1] if len(sys.argv) > 2 else os.path.join(DATA, 'bunny.obj')
path_b = sys.argv[2] if len(sys.argv) > 2 else os.path.join(DATA, 'teapot.obj')
still = sepax.Pose()
pose_b = sepax.Pose.from_euler_deg([16, 4, 0], [0, 30, 0])

mesh_a, mesh_b = sepax.TriangleMesh.from_file(path_a), sepax.TriangleMesh.from_file(path_b)
print(mesh_a, mesh_b)
r = sepax.mesh.query(mesh_a, still, mesh_b, pose_b)
print(f'meshes: {r.how.name}, distance {r.distance:.6f} '
      f'between triangles {r.triangle_a} and {r.triangle_b}')
print('  closest points', r.point_a.round(4), r.point_b.round(4))

hull_a, hull_b = sepax.Hull.from_file(path_a), sepax.Hull.from_file(path_b)
g = sepax.gjk.distance(hull_a, still, hull_b, pose_b)
s = sepax.sat.query(hull_a, still, hull_b, pose_b)
v = sepax.overlap_volume(hull_a, still, hull_b, pose_b)
print(f'hulls: gjk distance {g.distance:.6f}, sat separation {s.separation:.6f} '
      f'({s.feature.kind.name}), overlap volume {v.volume:g} ({v.method.name})')
