#!/usr/bin/env python3
"""Writes the seed corpora of the libFuzzer targets (tests/fuzz/corpus/<target>).

Rewrites the seeds in place.

Files named regression_* in the corpora are not written here: they are
inputs that once failed (each has a named test, tagged [regression], in the
test file of the module it broke), kept as seeds so that every smoke run
replays them.

The byte layouts are the ones fuzz_input.hpp decodes:
  cloud: encoding, levels, scale, offset x y z, offset exponent, jitter
         exponent, then per point one byte per coordinate (grid), a byte and
         a jitter byte (jittered), 2 bytes (int16), 4 (float) or 8 (double)
  pose:  rotation kind, 4 int16 angles (kinds 0-4) or 4 doubles (kind 5),
         translation kind, 3 int16 (kinds 0-6) or 3 doubles (kind 7)
  pair:  pose A, pose B, point count of A, cloud A, cloud B
  io:    extension index (obj off ply stl gltf glb), then the file's bytes
  contact: margin byte, then a pair
  mesh_contact: margin byte, body byte, then a pair (B's cloud as a strip)
  cast:  3 int16 of B's path (size / 1024 each), a turn byte, then a pair
  sxhull: mode byte, then a .sxhull file (mode 0, the layout of
         include/sepax/hull_file.hpp), a cloud (1), or a cloud and edits of
         its hull's file (2: 2 bytes of offset and a byte to xor, each)

Usage: tests/fuzz/make_seeds.py [TARGET...]   (default: every target)
"""
import math
import os
import struct
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "data", "io")

GRID, JITTERED, INT16, RAW_FLOAT, RAW_DOUBLE = 0, 3, 5, 6, 7


def cloud(points, encoding=GRID, levels=2, scale=3, offset=(0, 0, 0), offset_exp=0,
          jitter_exp=0, jitter=None):
    """Header and points. scale byte 3 means cell 1 (10^(b % 9 - 3))."""
    out = bytes([encoding, (levels - 2) % 15, scale]) + struct.pack("<3bBB", *offset, offset_exp,
                                                                       jitter_exp)
    for i, p in enumerate(points):
        if encoding == GRID:
            out += bytes(p)
        elif encoding == JITTERED:
            j = jitter[i] if jitter else (0, 0, 0)
            for c, d in zip(p, j):
                out += bytes([c]) + struct.pack("<b", d)
        elif encoding == INT16:
            out += struct.pack("<3h", *p)
        elif encoding == RAW_FLOAT:
            out += struct.pack("<3f", *p)
        else:
            out += struct.pack("<3d", *p)
    return out


def pose(rotation=0, angles=(0, 0, 0, 0), translation=0, t=(0, 0, 0), raw_quat=None,
         raw_t=None):
    out = bytes([rotation])
    out += struct.pack("<4d", *raw_quat) if rotation == 5 else struct.pack("<4h", *angles)
    out += bytes([translation])
    out += struct.pack("<3d", *raw_t) if translation == 7 else struct.pack("<3h", *t)
    return out


def pair(pose_a, pose_b, cloud_a, count_a, cloud_b):
    return pose_a + pose_b + bytes([count_a - 1]) + cloud_a + cloud_b


CUBE = [(x, y, z) for x in (0, 1) for y in (0, 1) for z in (0, 1)]
GRID3 = [(x, y, z) for x in range(3) for y in range(3) for z in range(3)]
TETRA = [(0, 0, 0), (2, 0, 0), (0, 2, 0), (0, 0, 2)]
OCTA = [(0, 1, 1), (2, 1, 1), (1, 0, 1), (1, 2, 1), (1, 1, 0), (1, 1, 2)]
SQUARE = [(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 1, 0)]
WEDGE = [(0, 0, 0), (3, 0, 0), (0, 3, 0), (0, 0, 1), (3, 0, 1), (0, 3, 1)]

HULL_SEEDS = {
    "cube": cloud(CUBE),
    "grid_27_points": cloud(GRID3, levels=3),
    "tetrahedron": cloud(TETRA, levels=3),
    "octahedron": cloud(OCTA, levels=3),
    "square_flat": cloud(SQUARE),
    "collinear": cloud([(0, 0, 0), (1, 1, 1), (2, 2, 2), (3, 3, 3)], levels=4),
    "coincident": cloud([(1, 1, 1)] * 5, levels=3),
    "two_points": cloud([(0, 0, 0), (1, 1, 1)]),
    "empty": b"",
    "face_point_far": cloud([(0, 0, 2), (0, 2, 0), (0, 0, 0), (1, 1, 0), (2, 0, 1)],
                            levels=4, scale=2, offset=(-5, -3, -1), offset_exp=5),
    "cube_far_offset": cloud(CUBE, scale=0, offset=(127, -100, 50), offset_exp=5),
    "cube_tiny": cloud(CUBE, scale=0),
    "cube_huge": cloud(CUBE, scale=8),
    "jittered_cube": cloud(CUBE, encoding=JITTERED, jitter_exp=6,
                           jitter=[(1, -1, 0), (0, 2, -3), (5, 0, 0), (0, 0, 1)] * 2),
    "nearly_flat": cloud(SQUARE + [(1, 0, 0)], encoding=JITTERED, jitter_exp=11,
                         jitter=[(0, 0, 0)] * 4 + [(0, 1, 3)]),
    "wedge_int16": cloud([(x * 100, y * 100, z * 100) for x, y, z in WEDGE], encoding=INT16),
    "float_cloud": cloud([(0.5, 0.25, 1), (-1, 2, 0.125), (3, -0.5, 2), (0, 0, -4), (1e-3, 7, 1)],
                         encoding=RAW_FLOAT),
    "float_nan": cloud([(0, 0, 0), (1, 0, 0), (float("nan"), 1, 0), (0, 0, 1)],
                       encoding=RAW_FLOAT),
    "double_inf": cloud([(0, 0, 0), (1, 0, 0), (0, float("inf"), 0), (0, 0, 1)],
                        encoding=RAW_DOUBLE),
    "double_cloud": cloud([(1.5, 2.25, -3), (4, 0.1, 2), (-2, 2, 2), (0.3, -5, 1), (1, 1, 7)],
                          encoding=RAW_DOUBLE),
}

IDENTITY = pose()
PAIR_SEEDS = {
    "cubes_overlapping": pair(IDENTITY, pose(translation=0, t=(0, 0, 0)), cloud(CUBE), 8,
                              cloud(CUBE)),
    "cubes_face_touching": pair(IDENTITY, pose(t=(1, 0, 0)), cloud(CUBE), 8, cloud(CUBE)),
    "cubes_apart": pair(IDENTITY, pose(t=(3, 1, 0)), cloud(CUBE), 8, cloud(CUBE)),
    "cubes_near_touch": pair(IDENTITY, pose(translation=6, t=(257, 0, 0)), cloud(CUBE), 8,
                             cloud(CUBE)),
    "cube_rotated_edge": pair(IDENTITY, pose(rotation=2, angles=(3, 3, 0, 0), t=(1, 1, 0)),
                              cloud(CUBE), 8, cloud(CUBE)),
    "cube_group_rotation": pair(pose(rotation=1, angles=(7, 0, 0, 0)),
                                pose(rotation=1, angles=(13, 0, 0, 0), t=(1, 0, 0)),
                                cloud(WEDGE, levels=4), 6, cloud(WEDGE, levels=4)),
    "tetra_in_cube": pair(IDENTITY, IDENTITY, cloud(GRID3, levels=3), 27,
                          cloud(TETRA, levels=3, scale=2)),
    "octa_vs_tetra_quat": pair(IDENTITY, pose(rotation=3, angles=(1, 2, 3, 4), t=(1, 0, 1)),
                               cloud(OCTA, levels=3), 6, cloud(TETRA, levels=3)),
    "square_on_cube": pair(IDENTITY, pose(t=(0, 0, 1)), cloud(CUBE), 8, cloud(SQUARE)),
    "squares_coplanar": pair(IDENTITY, pose(t=(1, 0, 0)), cloud(SQUARE), 4, cloud(SQUARE)),
    "squares_crossing": pair(IDENTITY, pose(rotation=1, angles=(5, 0, 0, 0)), cloud(SQUARE), 4,
                             cloud(SQUARE)),
    "far_from_origin": pair(IDENTITY, pose(t=(0, 0, 1)),
                            cloud(CUBE, offset=(100, -20, 3), offset_exp=4), 8,
                            cloud(CUBE, offset=(100, -20, 3), offset_exp=4)),
    "euler_hundredths": pair(pose(rotation=4, angles=(1234, -567, 890, 0)),
                             pose(rotation=4, angles=(-3000, 4500, 100, 0), translation=6,
                                  t=(300, -100, 50)),
                             cloud(WEDGE, levels=4), 6, cloud(OCTA, levels=3)),
    "raw_quat_and_translation": pair(IDENTITY,
                                     pose(rotation=5, raw_quat=(0.3, -0.2, 0.9, 0.1),
                                          translation=7, raw_t=(0.7, 0.2, -0.4)),
                                     cloud(CUBE), 8, cloud(TETRA, levels=3)),
    "jittered_pair": pair(IDENTITY, pose(t=(1, 0, 0)),
                          cloud(CUBE, encoding=JITTERED, jitter_exp=9,
                                jitter=[(1, 0, -1), (0, 1, 0)] * 4), 8,
                          cloud(CUBE, encoding=JITTERED, jitter_exp=9,
                                jitter=[(0, -1, 1), (2, 0, 0)] * 4)),
    "double_clouds": pair(IDENTITY, pose(translation=7, raw_t=(1.0, 0.5, 0.25)),
                          HULL_SEEDS["double_cloud"], 5, HULL_SEEDS["float_cloud"]),
}


def sxhull(vertices, loops, flat=False, real_bytes=8, version=1):
    """A .sxhull file (include/sepax/hull_file.hpp): header, vertices, face
    sizes, corners, CRC-32."""
    corners = sum(len(loop) for loop in loops)
    out = bytes([0x89]) + b"SXHULL\n" + struct.pack("<IBBHIIII", version, real_bytes,
                                                     1 if flat else 0, 0, len(vertices),
                                                     len(loops), corners, 0)
    for v in vertices:
        out += struct.pack("<3d" if real_bytes == 8 else "<3f", *v)
    out += struct.pack(f"<{len(loops)}I", *[len(loop) for loop in loops])
    out += struct.pack(f"<{corners}I", *[i for loop in loops for i in loop])
    return out + struct.pack("<I", zlib.crc32(out))


def ccw_faces(vertices, groups):
    """Each group of vertex indices (the corners of one face of a convex
    polytope centred at the origin) ordered counter-clockwise seen from
    outside."""
    loops = []
    for group in groups:
        c = [sum(vertices[i][k] for i in group) / len(group) for k in range(3)]
        a, b = vertices[group[0]], vertices[group[1]]
        u = [a[k] - c[k] for k in range(3)]
        w = [b[k] - c[k] for k in range(3)]
        n = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]]
        if sum(n[k] * c[k] for k in range(3)) < 0:
            n = [-x for x in n]
        v = [n[1] * u[2] - n[2] * u[1], n[2] * u[0] - n[0] * u[2], n[0] * u[1] - n[1] * u[0]]

        def angle(i):
            d = [vertices[i][k] - c[k] for k in range(3)]
            return math.atan2(sum(d[k] * v[k] for k in range(3)), sum(d[k] * u[k] for k in range(3)))
        loops.append(sorted(group, key=angle))
    return loops


CUBE_VERTICES = [(x - 0.5, y - 0.5, z - 0.5) for z in (0, 1) for y in (0, 1) for x in (0, 1)]
CUBE_LOOPS = ccw_faces(CUBE_VERTICES, [[i for i in range(8) if (i >> axis & 1) == side]
                                       for axis in range(3) for side in (1, 0)])
TETRA_VERTICES = [(1, 1, 1), (1, -1, -1), (-1, 1, -1), (-1, -1, 1)]
TETRA_LOOPS = ccw_faces(TETRA_VERTICES, [[1, 2, 3], [0, 2, 3], [0, 1, 3], [0, 1, 2]])
SQUARE_VERTICES = [(0, 0, 0), (1, 0, 0), (1, 1, 0), (0, 1, 0)]
SQUARE_LOOPS = [[0, 1, 2, 3], [3, 2, 1, 0]]
CUBE_FILE = sxhull(CUBE_VERTICES, CUBE_LOOPS)


def edits(*changes):
    """Edits of mode 2: (offset, xor) pairs."""
    return b"".join(struct.pack("<HB", at, x) for at, x in changes)


SXHULL_SEEDS = {
    "file_cube": b"\0" + CUBE_FILE,
    "file_cube_float": b"\0" + sxhull(CUBE_VERTICES, CUBE_LOOPS, real_bytes=4),
    "file_tetrahedron": b"\0" + sxhull(TETRA_VERTICES, TETRA_LOOPS),
    "file_tetrahedron_float": b"\0" + sxhull(TETRA_VERTICES, TETRA_LOOPS, real_bytes=4),
    "file_square_flat": b"\0" + sxhull(SQUARE_VERTICES, SQUARE_LOOPS, flat=True),
    "file_cube_version_2": b"\0" + sxhull(CUBE_VERTICES, CUBE_LOOPS, version=2),
    "file_cube_truncated": b"\0" + CUBE_FILE[:100],
    "file_cube_bad_checksum": b"\0" + CUBE_FILE[:-1] + bytes([CUBE_FILE[-1] ^ 1]),
    "file_foreign": b"\0v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n",
    "file_empty": b"\0",
    "cloud_cube_edited": b"\2" + cloud(CUBE) + edits((40, 0x10), (250, 1)),
    "cloud_octahedron_edited": b"\2" + cloud(OCTA, levels=3) + edits((13, 1)),
}
SXHULL_SEEDS.update({"cloud_" + name: b"\1" + data for name, data in HULL_SEEDS.items()})


def hull_regressions():
    """fuzz_hull's regression seeds as clouds of mode 1: the hardest hulls
    the build makes must load back as they were."""
    directory = os.path.join(HERE, "corpus", "fuzz_hull")
    seeds = {}
    for name in sorted(os.listdir(directory)):
        if name.startswith("regression_"):
            with open(os.path.join(directory, name), "rb") as f:
                seeds["cloud_" + name[len("regression_"):]] = b"\1" + f.read()
    return seeds


IO_EXTENSIONS = [".obj", ".off", ".ply", ".stl", ".gltf", ".glb"]
IO_FILES = [
    "points.obj", "points_named.obj", "two_boxes.obj", "stray_vertex.obj", "nan.obj", "tiny.obj",
    "points.off", "tetra.off", "garbage.off",
    "points_ascii.ply", "points_binary.ply", "points_double_be.ply", "truncated.ply",
    "nan_points.ply",
    "cube_ascii.stl", "cube_binary.stl", "inf.stl", "two_solids.stl",
    "two_triangles.gltf", "two_triangles.glb",
]


def write(target, seeds):
    """Replaces the corpus's seeds, keeping its regression_* inputs."""
    directory = os.path.join(HERE, "corpus", target)
    os.makedirs(directory, exist_ok=True)
    for old in os.listdir(directory):
        if not old.startswith("regression_"):
            os.remove(os.path.join(directory, old))
    for name, data in seeds.items():
        with open(os.path.join(directory, name), "wb") as f:
            f.write(data)


def io_seeds():
    seeds = {}
    for name in IO_FILES:
        stem, ext = os.path.splitext(name)
        with open(os.path.join(DATA, name), "rb") as f:
            seeds[stem + "_" + ext[1:]] = bytes([IO_EXTENSIONS.index(ext)]) + f.read()
    return seeds


def main():
    targets = {
        "fuzz_hull": lambda: HULL_SEEDS,
        "fuzz_pair": lambda: PAIR_SEEDS,
        "fuzz_io": io_seeds,
        "fuzz_sxhull": lambda: {**SXHULL_SEEDS, **hull_regressions()},
        # fuzz_pair's pairs with a margin byte first: 0 (no margin) and 200.
        "fuzz_contact": lambda: {**{k: b"\x00" + v for k, v in PAIR_SEEDS.items()},
                                 **{k + "_margin": b"\xc8" + v for k, v in PAIR_SEEDS.items()}},
        # fuzz_pair's pairs with a margin byte and a body byte (hull, sphere,
        # capsule) first; B's cloud is read as a strip of triangles.
        "fuzz_mesh_contact": lambda: {
            **{k + "_hull": b"\x00\x00" + v for k, v in PAIR_SEEDS.items()},
            **{k + "_sphere_margin": b"\xc8\x96" + v for k, v in PAIR_SEEDS.items()},
            **{k + "_capsule": b"\x00\xdc" + v for k, v in PAIR_SEEDS.items()}},
        # fuzz_pair's pairs with a path first (3 int16, size / 1024 each) and
        # a turn byte: towards -x by 2 sizes, still and turning.
        "fuzz_cast": lambda: {**{k: struct.pack("<hhhB", -2048, 0, 0, 0) + v
                                 for k, v in PAIR_SEEDS.items()},
                              **{k + "_turn": struct.pack("<hhhB", -2048, 300, 0, 100) + v
                                 for k, v in PAIR_SEEDS.items()}},
    }
    for target in sys.argv[1:] or targets:
        if target not in targets:
            sys.exit(f"make_seeds.py: unknown target {target}; known: {', '.join(targets)}")
        write(target, targets[target]())


if __name__ == "__main__":
    main()
