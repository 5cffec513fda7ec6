#!/usr/bin/env python3
"""Reads a recorded scene (docs/scene_format.md) and checks it.

A reader for other libraries' replays to start from: `read_scene(path)`
returns the time step, the bodies (each a dict: kind, and its size, points
or triangles) and the frames (each a list of pairs: a, b, margin and both
poses as (translation, quaternion w x y z)). Run as a program it checks the
file against the format and prints a summary:

    examples/read_scene.py scene.txt

Exit status 0 when the file keeps the format, 1 (with the line at fault)
when it does not, 2 on bad usage.
"""

import math
import sys


# A quaternion's length may differ from 1 by round-off: a float world's are
# unit to a few float epsilons (1.2e-7 each).
UNIT = 1e-6


class SceneError(Exception):
    """The file breaks the format; the message names the line."""


def read_scene(path):
    with open(path, encoding="ascii") as f:
        lines = [(n + 1, line.split()) for n, line in enumerate(f)
                 if line.strip() and not line.startswith("#")]
    at = 0

    def take(expected_word=None, count=None):
        nonlocal at
        if at >= len(lines):
            raise SceneError(f"{path}: ends early (expected {expected_word or 'more'})")
        number, fields = lines[at]
        at += 1
        if expected_word is not None and fields[0] != expected_word:
            raise SceneError(f"{path}:{number}: expected '{expected_word}', found '{fields[0]}'")
        if count is not None and len(fields) != count:
            raise SceneError(f"{path}:{number}: expected {count} fields, found {len(fields)}")
        return number, fields

    def numbers(number, fields):
        try:
            values = [float(x) for x in fields]
        except ValueError as error:
            raise SceneError(f"{path}:{number}: {error}") from None
        if not all(math.isfinite(v) for v in values):
            raise SceneError(f"{path}:{number}: a number is not finite")
        return values

    number, fields = take("sepax-scene", 2)
    if fields[1] != "1":
        raise SceneError(f"{path}:{number}: version {fields[1]}, this reader knows 1")
    number, fields = take("time_step", 2)
    time_step = numbers(number, fields[1:])[0]
    number, fields = take("bodies", 2)
    bodies = []
    for expected_id in range(int(fields[1])):
        number, fields = take("body")
        if len(fields) < 3 or fields[1] != str(expected_id):
            raise SceneError(f"{path}:{number}: expected 'body {expected_id} KIND ...'")
        kind, args = fields[2], fields[3:]
        sizes = {"box": 3, "sphere": 1, "capsule": 2, "hull": 1, "mesh": 2}
        if kind not in sizes or len(args) != sizes[kind]:
            raise SceneError(f"{path}:{number}: bad body '{' '.join(fields[2:])}'")
        body = {"kind": kind}
        if kind == "box":
            body["half_extents"] = numbers(number, args)
        elif kind == "sphere":
            body["radius"] = numbers(number, args)[0]
        elif kind == "capsule":
            body["radius"], body["half_length"] = numbers(number, args)
        elif kind == "hull":
            body["points"] = [numbers(*take(count=3)) for _ in range(int(args[0]))]
        else:
            body["vertices"] = [numbers(*take(count=3)) for _ in range(int(args[0]))]
            body["triangles"] = []
            for _ in range(int(args[1])):
                number, corner = take(count=3)
                triangle = [int(x) for x in corner]
                if not all(0 <= i < len(body["vertices"]) for i in triangle):
                    raise SceneError(f"{path}:{number}: a corner index out of range")
                body["triangles"].append(triangle)
        bodies.append(body)
    number, fields = take("frames", 2)
    frames = []
    for expected_frame in range(int(fields[1])):
        number, fields = take("frame", 3)
        if fields[1] != str(expected_frame):
            raise SceneError(f"{path}:{number}: expected frame {expected_frame}")
        pairs, last = [], (-1, -1)
        for _ in range(int(fields[2])):
            number, fields = take(count=17)
            a, b = int(fields[0]), int(fields[1])
            if not (0 <= a < b < len(bodies)) or (a, b) <= last:
                raise SceneError(f"{path}:{number}: pair ({a}, {b}) out of order or range")
            last = (a, b)
            values = numbers(number, fields[2:])
            poses = []
            for k in (1, 8):
                translation, rotation = values[k:k + 3], values[k + 3:k + 7]
                if abs(math.sqrt(sum(q * q for q in rotation)) - 1) > UNIT:
                    raise SceneError(f"{path}:{number}: a quaternion is not unit")
                poses.append((translation, rotation))
            pairs.append({"a": a, "b": b, "margin": values[0], "poses": poses})
        frames.append(pairs)
    if at != len(lines):
        raise SceneError(f"{path}:{lines[at][0]}: more lines than the counts say")
    return time_step, bodies, frames


def main(argv):
    if len(argv) != 2:
        print("usage: read_scene.py SCENE", file=sys.stderr)
        return 2
    try:
        time_step, bodies, frames = read_scene(argv[1])
    except (SceneError, OSError) as error:
        print(f"read_scene: {error}", file=sys.stderr)
        return 1
    kinds = {}
    for body in bodies:
        kinds[body["kind"]] = kinds.get(body["kind"], 0) + 1
    pairs = sum(len(f) for f in frames)
    print(f"{argv[1]}: time step {time_step:g} s, {len(bodies)} bodies ("
          + ", ".join(f"{n} {k}" for k, n in sorted(kinds.items()))
          + f"), {len(frames)} frames, {pairs} pairs")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
