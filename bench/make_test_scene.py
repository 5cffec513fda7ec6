#!/usr/bin/env python3
"""Writes a small recorded scene (sepax-scene 1, docs/scene_format.md)
for bench_scene: a box ground and a wavy triangle-mesh terrain beside it,
with boxes, hulls, spheres and capsules resting on them and on each other.
The bodies slide and turn a little over the first half of the frames and
settle over the second (the resting half). Pairs are the bodies whose world
bounds overlap within the margin, as a broadphase would give them.

    make_test_scene.py OUT [--frames F]
"""
import argparse
import math
import random

MARGIN = 0.02  # speculative margin: 2% of the bodies' unit size
SINK = 0.004  # how far a resting body starts into what it rests on


def quat_mul(a, b):
    aw, ax, ay, az = a
    bw, bx, by, bz = b
    return (aw * bw - ax * bx - ay * by - az * bz, aw * bx + ax * bw + ay * bz - az * by,
            aw * by - ax * bz + ay * bw + az * bx, aw * bz + ax * by - ay * bx + az * bw)


def axis_angle(axis, angle):
    n = math.sqrt(sum(c * c for c in axis))
    s = math.sin(angle / 2) / n
    return (math.cos(angle / 2), axis[0] * s, axis[1] * s, axis[2] * s)


def rotate(q, v):
    w, x, y, z = q
    p = quat_mul(quat_mul(q, (0.0, v[0], v[1], v[2])), (w, -x, -y, -z))
    return p[1:]


def terrain_height(x, y):
    return 0.08 * math.sin(1.3 * x) * math.cos(0.9 * y)


class Body:
    def __init__(self, kind, params, points=None, tris=None):
        self.kind, self.params, self.points, self.tris = kind, params, points, tris

    def local_points(self):
        """Points whose transformed bounds bound the body (radius added apart)."""
        if self.kind == 'box':
            hx, hy, hz = self.params
            return [(sx * hx, sy * hy, sz * hz) for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)], 0.0
        if self.kind == 'sphere':
            return [(0.0, 0.0, 0.0)], self.params[0]
        if self.kind == 'capsule':
            r, h = self.params
            return [(0.0, 0.0, -h), (0.0, 0.0, h)], r
        return self.points, 0.0

    def bounds(self, t, q):
        pts, r = self.local_points()
        w = [tuple(a + b for a, b in zip(rotate(q, p), t)) for p in pts]
        lo = tuple(min(p[k] for p in w) - r for k in range(3))
        hi = tuple(max(p[k] for p in w) + r for k in range(3))
        return lo, hi

    def lowest(self, q):
        pts, r = self.local_points()
        return min(rotate(q, p)[2] for p in pts) - r


def random_hull_points(rng, n, radius):
    pts = []
    while len(pts) < n:  # points on a sphere: every one a vertex of their hull
        v = [rng.gauss(0, 1) for _ in range(3)]
        l = math.sqrt(sum(c * c for c in v))
        pts.append(tuple(radius * c / l * s for c, s in zip(v, (1.0, 0.8, 0.6))))
    return pts


def terrain_surface(x, y, x0=5.0, y0=-3.0, step=0.5):
    """The height of the triangulated terrain (terrain() below) at x, y."""
    i, j = int((x - x0) // step), int((y - y0) // step)
    u, v = (x - x0) / step - i, (y - y0) / step - j
    h = lambda a, b: terrain_height(x0 + (i + a) * step, y0 + (j + b) * step)
    if u >= v:  # triangle (i, j), (i + 1, j), (i + 1, j + 1)
        return h(0, 0) + u * (h(1, 0) - h(0, 0)) + v * (h(1, 1) - h(1, 0))
    return h(0, 0) + v * (h(0, 1) - h(0, 0)) + u * (h(1, 1) - h(0, 1))


def terrain(nx=12, ny=12, x0=5.0, y0=-3.0, step=0.5):
    pts = [(x0 + i * step, y0 + j * step, terrain_height(x0 + i * step, y0 + j * step))
           for j in range(ny + 1) for i in range(nx + 1)]
    tris = []
    for j in range(ny):
        for i in range(nx):
            a = j * (nx + 1) + i
            tris += [(a, a + 1, a + nx + 2), (a, a + nx + 2, a + nx + 1)]
    return pts, tris


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('out')
    ap.add_argument('--frames', type=int, default=60)
    args = ap.parse_args()
    rng = random.Random(5)
    flat = axis_angle((0, 0, 1), 0.0)
    lying = axis_angle((1, 0, 0), math.pi / 2)  # a capsule's axis along y
    bodies, home = [], []  # home: (x, y, base rotation, what it rests on: 'ground'|'terrain'|body)

    def add(body, x, y, q, on='ground', z=None):
        bodies.append(body)
        home.append((x, y, q, on, z))

    add(Body('box', (4.0, 4.0, 0.5)), 0, 0, flat, on=None, z=-0.5)  # 0: the ground
    pts, tris = terrain()
    add(Body('mesh', None, pts, tris), 0, 0, flat, on=None, z=0.0)  # 1: the terrain
    add(Body('box', (0.5, 0.3, 0.2)), -2.0, -2.0, axis_angle((0, 0, 1), 0.3))  # 2
    add(Body('hull', None, random_hull_points(rng, 16, 0.4)), -2.0, -2.0, flat, on=2)  # 3 on 2
    add(Body('hull', None, random_hull_points(rng, 32, 0.5)), 1.0, -2.0, flat)  # 4
    add(Body('box', (0.3, 0.3, 0.3)), 1.82, -2.0, flat)  # 5 beside 4
    add(Body('sphere', (0.3,)), -2.0, 1.0, flat)  # 6
    add(Body('sphere', (0.25,)), -2.0 + 0.545, 1.0, flat)  # 7 touching 6
    add(Body('capsule', (0.2, 0.4)), -2.0 + 0.545 + 0.445, 1.0, lying)  # 8 touching 7
    add(Body('capsule', (0.15, 0.5)), 1.0, 1.5, lying)  # 9
    add(Body('capsule', (0.15, 0.5)), 1.0 + 0.2995, 1.5, lying)  # 10 parallel to 9
    add(Body('box', (0.4, 0.3, 0.25)), 7.0, -1.0, axis_angle((0, 0, 1), 0.7), on='terrain')  # 11
    add(Body('hull', None, random_hull_points(rng, 24, 0.45)), 9.0, 1.0, flat, on='terrain')  # 12
    add(Body('sphere', (0.35,)), 6.5, 1.5, flat, on='terrain')  # 13
    add(Body('capsule', (0.2, 0.5)), 9.5, -1.5, lying, on='terrain')  # 14
    static = {0, 1}

    frames = []
    for f in range(args.frames):
        settle = max(0.0, 1.0 - f / (args.frames / 2))  # 1 -> 0 over the first half
        poses = []
        for i, (b, (x, y, q, on, z)) in enumerate(zip(bodies, home)):
            if i in static:
                poses.append(((0.0, 0.0, z), flat))
                continue
            phase = 0.7 * i
            dx = 0.03 * settle * math.sin(0.25 * f + phase)
            dy = 0.03 * settle * math.cos(0.2 * f + phase)
            yaw = 0.05 * settle * math.sin(0.15 * f + phase)
            qq = quat_mul(axis_angle((0, 0, 1), yaw), q)
            px, py = x + dx, y + dy
            low = b.lowest(qq)
            if on == 'ground':
                base = 0.0
            elif on == 'terrain':
                pts, r = b.local_points()
                if r == 0:  # each corner at least `sink` above the surface under it, one at it
                    corners = [rotate(qq, p) for p in pts]
                    base = max(terrain_surface(px + c[0], py + c[1]) - c[2] for c in corners) + low
                else:
                    base = max(terrain_surface(px + u, py + v)
                               for u in (-r / 2, 0, r / 2) for v in (-r / 2, 0, r / 2))
            else:  # on another body: its top
                tb, qb = poses[on]
                base = bodies[on].bounds(tb, qb)[1][2]
            sink = SINK * (1 + 0.5 * settle * math.sin(0.3 * f + phase))
            poses.append(((px, py, base - low - sink), qq))
        boxes = [b.bounds(t, q) for b, (t, q) in zip(bodies, poses)]
        pairs = []
        for a in range(len(bodies)):
            for c in range(a + 1, len(bodies)):
                if a in static and c in static:
                    continue
                (la, ha), (lc, hc) = boxes[a], boxes[c]
                if all(la[k] <= hc[k] + MARGIN and lc[k] <= ha[k] + MARGIN for k in range(3)):
                    pairs.append((a, c))
        frames.append((poses, pairs))

    g = lambda v: '%.17g' % v
    with open(args.out, 'w') as out:
        out.write('sepax-scene 1\n# bench/make_test_scene.py\ntime_step %s\n' % g(1 / 60))
        out.write('bodies %d\n' % len(bodies))
        for i, b in enumerate(bodies):
            if b.kind in ('box', 'sphere', 'capsule'):
                out.write('body %d %s %s\n' % (i, b.kind, ' '.join(g(p) for p in b.params)))
            elif b.kind == 'hull':
                out.write('body %d hull %d\n' % (i, len(b.points)))
                out.writelines(' '.join(g(c) for c in p) + '\n' for p in b.points)
            else:
                out.write('body %d mesh %d %d\n' % (i, len(b.points), len(b.tris)))
                out.writelines(' '.join(g(c) for c in p) + '\n' for p in b.points)
                out.writelines('%d %d %d\n' % t for t in b.tris)
        out.write('frames %d\n' % len(frames))
        for f, (poses, pairs) in enumerate(frames):
            out.write('frame %d %d\n' % (f, len(pairs)))
            for a, c in pairs:
                (ta, qa), (tc, qc) = poses[a], poses[c]
                out.write(' '.join([str(a), str(c), g(MARGIN)] + [g(v) for v in ta + qa + tc + qc]) + '\n')


if __name__ == '__main__':
    main()
