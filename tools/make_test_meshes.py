#!/usr/bin/env python3
"""Writes the non-convex test meshes of tests/data whose geometry is known by
construction (the tool's and the mesh tests' cases for --mesh):

- bracket.obj: a U-shaped bracket, the box [0,4]x[0,3]x[0,1] with the notch
  [1,3]x[1,3]x[0,1] cut out of its top; a closed mesh.
- pin.obj: the box [1.5,2.5]x[1.5,3.5]x[0,1], standing in the bracket's notch
  0.5 clear of its left, right and bottom walls; a closed mesh.
- link.obj: a chain link, the torus of radii R = 2 (centre line, in the xy
  plane) and r = 0.5 (tube) with 48 x 16 quads, every vertex on the smooth
  torus, so the mesh lies inside it. Two links, one posed 2,0,0/90,0,0
  (rotated into the xz plane, its centre line through the other's centre),
  hang as in a chain: their centre lines stay 2 apart everywhere, so the
  tubes are 1.0 apart and the meshes at least that.

Usage: tools/make_test_meshes.py [OUTDIR]   (default tests/data)
"""

import math
import os
import sys


def write_obj(path, name, vertices, faces):
    with open(path, "w") as f:
        f.write(f"# {name}: written by tools/make_test_meshes.py\n")
        f.write(f"o {name}\n")
        for v in vertices:
            f.write("v %.17g %.17g %.17g\n" % v)
        for face in faces:
            f.write("f " + " ".join(str(i + 1) for i in face) + "\n")


def extrude(outline, z0, z1):
    """A closed prism: the counter-clockwise polygon `outline` (in the xy
    plane, given as counter-clockwise triangles of vertex indices) from z0
    to z1. The caps are written as triangles: a fan over a convex piece with
    three corners on a line would give a degenerate one."""
    points, triangles = outline
    n = len(points)
    vertices = [(x, y, z0) for x, y in points] + [(x, y, z1) for x, y in points]
    faces = []
    for t in triangles:
        faces.append([n + i for i in t])         # top, counter-clockwise from +z
        faces.append(list(reversed(t)))           # bottom, seen from -z
    for i in range(n):
        j = (i + 1) % n
        faces.append([i, j, n + j, n + i])        # side walls, outward
    return vertices, faces


def bracket():
    points = [(0, 0), (1, 0), (3, 0), (4, 0), (4, 3), (3, 3), (3, 1), (1, 1), (1, 3), (0, 3)]
    # The left column, the floor under the notch, the right column.
    triangles = [[0, 1, 7], [0, 7, 8], [0, 8, 9], [1, 2, 6], [1, 6, 7],
                 [3, 4, 5], [3, 5, 6], [3, 6, 2]]
    return extrude((points, triangles), 0, 1)


def pin():
    points = [(1.5, 1.5), (2.5, 1.5), (2.5, 3.5), (1.5, 3.5)]
    return extrude((points, [[0, 1, 2], [0, 2, 3]]), 0, 1)


def torus(R, r, nu, nv):
    vertices, faces = [], []
    for i in range(nu):
        u = 2 * math.pi * i / nu
        for j in range(nv):
            v = 2 * math.pi * j / nv
            rho = R + r * math.cos(v)
            vertices.append((rho * math.cos(u), rho * math.sin(u), r * math.sin(v)))
    for i in range(nu):
        for j in range(nv):
            a, b = i * nv + j, ((i + 1) % nu) * nv + j
            c, d = ((i + 1) % nu) * nv + (j + 1) % nv, i * nv + (j + 1) % nv
            faces.append([a, b, c, d])
    return vertices, faces


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "tests", "data")
    write_obj(os.path.join(out, "bracket.obj"), "bracket", *bracket())
    write_obj(os.path.join(out, "pin.obj"), "pin", *pin())
    write_obj(os.path.join(out, "link.obj"), "link", *torus(2.0, 0.5, 48, 16))


if __name__ == "__main__":
    main()
