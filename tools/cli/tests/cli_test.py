#!/usr/bin/env python3
"""Integration tests of the sepax command-line tool.

Usage: cli_test.py SEPAX_EXE SOURCE_ROOT TEST_NAME

Each test runs the built tool on real meshes (tests/data/), on the bad-input
files of tests/data/io/ and on the small files of tools/cli/tests/data/, and
checks the exit status, the output and, for JSON, the parsed fields.
"""
import json
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

EXE = ""
ROOT = ""
SVG_NS = "{http://www.w3.org/2000/svg}"


def data(*parts):
    return os.path.join(ROOT, "tests", "data", *parts)


def cli_data(*parts):
    return os.path.join(ROOT, "tools", "cli", "tests", "data", *parts)


def run(*args, expect=None):
    """Runs the tool; checks the exit status when `expect` is given."""
    p = subprocess.run([EXE, *args], capture_output=True, text=True, timeout=60)
    if p.returncode < 0:
        fail(f"{args}: killed by signal {-p.returncode}\n{p.stderr}")
    if expect is not None and p.returncode != expect:
        fail(f"{args}: exit {p.returncode}, expected {expect}\nstdout:\n{p.stdout}\n"
             f"stderr:\n{p.stderr}")
    return p


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)


def is_unit(v):
    # 1e-6: the axis of a float build (-Dprecision=float) is unit to float round-off.
    return len(v) == 3 and abs(math.sqrt(sum(x * x for x in v)) - 1) < 1e-6


def bad_inputs():
    """Files that are not usable meshes, with a word the error line must contain."""
    return [
        (data("io", "empty.obj"), "empty"),
        (data("io", "nan.obj"), "non-finite"),
        (data("io", "inf.stl"), "non-finite"),
        (data("io", "garbage.off"), "cannot read"),
        (data("io", "teapot.objx"), "unknown format"),
        (data("io", "no_such_file.obj"), "not found"),
        (cli_data("collinear.obj"), "collinear"),
        (cli_data("coincident.obj"), "at least 3 distinct points"),
    ]


def check_error_line(p, path, word):
    lines = [l for l in p.stderr.splitlines() if l.strip()]
    check(len(lines) == 1, f"{path}: expected one error line, got:\n{p.stderr}")
    check(os.path.basename(path) in lines[0] and word in lines[0],
          f"{path}: error line should name the file and say '{word}': {lines[0]}")


def check_pair_json(j, intersecting):
    for key in ("id", "intersecting", "separation", "axis", "sat", "gjk", "epa", "agree"):
        check(key in j, f"JSON lacks '{key}': {j}")
    check(j["intersecting"] == intersecting, f"intersecting should be {intersecting}: {j}")
    check((j["separation"] <= 0) == intersecting or j["verdict"] == "touching",
          f"separation sign vs verdict: {j}")
    check(is_unit(j["axis"]), f"axis not unit: {j['axis']}")
    check(j["agree"] is True, f"SAT and GJK should agree: {j}")
    # The headline: SAT's exact depth when overlapping, GJK's exact distance
    # when apart (SAT's separation is then a lower bound of it).
    if intersecting:
        check(abs(j["sat"]["separation"] - j["separation"]) == 0, "sat.separation")
        check(abs(j["gjk"]["separation"] - j["separation"]) < 1e-5, "gjk.separation")
    else:
        check(j["gjk"]["separation"] == j["separation"], "gjk.separation")
        check(0 < j["sat"]["separation"] <= j["separation"] + 1e-5, "sat.separation")
    if intersecting:
        check(abs(j["epa"]["depth"] + j["separation"]) < 1e-5, "epa.depth = -separation")
    else:
        check(abs(j["gjk"]["distance"] - j["gjk"]["separation"]) == 0, "gjk.distance")


# --- hull -------------------------------------------------------------------

def test_hull():
    p = run("hull", data("bunny.obj"), data("cow.off"), "--json", expect=0)
    hulls = json.loads(p.stdout)
    check(len(hulls) == 2 and all(h["validation"]["ok"] for h in hulls), p.stdout[:500])
    p = run("hull", "--parts", data("io", "two_boxes.obj"), expect=0)
    check("left_box" in p.stdout and "right_box" in p.stdout, p.stdout)


def test_hull_max_vertices():
    j = json.loads(run("hull", data("bunny.obj"), "--max-vertices", "32", "--json", expect=0).stdout)[0]
    check(j["vertices"] <= 32 and j["cap"]["vertices_before"] > 32, str(j))
    check(0 < j["cap"]["deviation"] < 0.1 * math.dist(j["bounds"]["min"], j["bounds"]["max"]),
          str(j["cap"]))
    full = json.loads(run("hull", data("bunny.obj"), "--json", expect=0).stdout)[0]
    check("cap" not in full, str(full))
    j = json.loads(run("hull", data("bunny.obj"), "--max-vertices", "100000", "--json",
                       expect=0).stdout)[0]
    check(j["vertices"] == full["vertices"] and j["cap"]["deviation"] == 0, str(j))
    p = run("hull", data("bunny.obj"), "--max-vertices", "3", expect=2)
    check("cap of 3" in p.stderr, p.stderr)
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "b.sxhull")
        run("hull", data("bunny.obj"), "--max-vertices", "16", "-o", out, expect=0)
        j = json.loads(run("hull", out, "--json", expect=0).stdout)[0]
        check(j["vertices"] <= 16, str(j))


def test_hull_bad_inputs():
    for path, word in bad_inputs():
        check_error_line(run("hull", path, expect=2), path, word)


# --- check ------------------------------------------------------------------

def test_check_separated():
    p = run("check", data("cow.off"), data("fandisk.off"), "--pose-b", "0.9,0.3,0.2/0,30,45",
            "--json", expect=0)
    j = json.loads(p.stdout)
    check_pair_json(j, False)
    check(j["separation"] > 0.1, f"separation {j['separation']}")
    p = run("check", data("cow.off"), data("fandisk.off"), "--pose-b", "0.9,0.3,0.2/0,30,45",
            expect=0)
    check("separated" in p.stdout and "agree:   yes" in p.stdout, p.stdout)
    # The headline is GJK's exact distance; SAT's separation only bounds it.
    check(j["separation"] == j["gjk"]["distance"] >= j["sat"]["separation"] > 0, str(j))
    check(f"distance {j['separation']:.6g} between A (" in p.stdout, p.stdout)


def test_check_mtv_not_unique():
    # Two equal boxes overlapping by 0.5 along x and along z: two minimum
    # translations of the same depth, which the agree line says.
    p = run("check", data("pin.obj"), data("pin.obj"), "--pose-b", "0.5,0,0.5", "--json", expect=1)
    j = json.loads(p.stdout)
    check(j["agree"] and not j["unique_mtv"] and abs(j["separation"] + 0.5) < 1e-12, str(j))
    p = run("check", data("pin.obj"), data("pin.obj"), "--pose-b", "0.5,0,0.25", expect=1)
    check("not unique" not in p.stdout, p.stdout)
    check(json.loads(run("check", data("pin.obj"), data("pin.obj"), "--pose-b", "0.5,0,0.25",
                         "--json", expect=1).stdout)["unique_mtv"], "unique")
    p = run("check", data("pin.obj"), data("pin.obj"), "--pose-b", "0.5,0,0.5", expect=1)
    check("the minimum translation is not unique" in p.stdout, p.stdout)


def test_check_intersecting():
    p = run("check", data("bunny.obj"), data("cow.off"), "--json", expect=1)
    j = json.loads(p.stdout)
    check_pair_json(j, True)
    check(abs(j["separation"] + 0.26575073) < 1e-6, f"depth {j['separation']}")
    # Mirrored query: same depth, opposite axis.
    m = json.loads(run("check", data("cow.off"), data("bunny.obj"), "--json", expect=1).stdout)
    check(abs(m["separation"] - j["separation"]) < 1e-9, "mirrored depth")
    check(all(abs(a + b) < 1e-6 for a, b in zip(m["axis"], j["axis"])), "mirrored axis")


def test_check_touching():
    p = run("check", data("io", "tetra.off"), data("io", "tetra.off"), "--pose-b", "1,0,0",
            "--json", expect=1)
    j = json.loads(p.stdout)
    check(j["verdict"] == "touching" and j["intersecting"], p.stdout)
    # One meaning for touching: within the band (SAT's round-off, 16 eps of
    # the pair's magnitude, and GJK's: about 2e-14 here in double, 1e-5 in
    # float) on
    # either side of 0 the verdict is touching, intersecting true, exit 1,
    # and the text says so without a depth or distance of the wrong sign.
    double = EPS == 1e-12
    within = ("1.000000000000002", "0.999999999999998") if double else ("1.000002", "0.999998")
    beyond = "1.0000000000003" if double else "1.0001"
    for gap in within + ("1",):
        j = json.loads(run("check", CUBE, CUBE, "--pose-b", gap + ",0,0", "--json",
                           expect=1).stdout)
        check(j["verdict"] == "touching" and j["intersecting"] is True, f"{gap}: {j}")
        text = run("check", CUBE, CUBE, "--pose-b", gap + ",0,0", expect=1).stdout
        check("verdict: touching: within" in text and "depth" not in text, f"{gap}: {text}")
    # Beyond the band a gap is a gap, however small against the size.
    j = json.loads(run("check", CUBE, CUBE, "--pose-b", beyond + ",0,0", "--json",
                       expect=0).stdout)
    check(j["verdict"] == "separated" and j["intersecting"] is False and j["separation"] > 0,
          f"{beyond}: {j}")
    with tempfile.TemporaryDirectory() as tmp:
        tsv = os.path.join(tmp, "t.tsv")
        with open(tsv, "w") as f:
            f.write(f"apart\t{CUBE}\t{CUBE}\t\t{within[0]},0,0\n")
        j = json.loads(run("batch", tsv, "--json", expect=1).stdout.splitlines()[0])
        check(j["verdict"] == "touching" and j["intersecting"] is True, str(j))


def test_check_contacts():
    # Two boxes 1 x 2 x 1, B turned 10 degrees about z and sunk 0.1 into A's
    # top: four points on A's top face, each 0.1 deep, normal +z.
    pose = "0.3,0.2,0.9/0,0,10"
    j = json.loads(run("check", data("pin.obj"), data("pin.obj"), "--pose-b", pose, "--contacts",
                       "--json", expect=1).stdout)
    c = j["contacts"]
    check(len(c["points"]) == 4 and c["margin"] == 0, str(c))
    check(all(abs(a - b) < 1e-6 for a, b in zip(c["normal"], [0, 0, 1])), str(c["normal"]))
    for p in c["points"]:
        # 1e-5: a float build's coordinates (about 3 here) round at 2e-7.
        check(abs(p["separation"] + 0.1) < 1e-5 and abs(p["point_a"][2] - 1) < 1e-5, str(p))
        check(p["feature_a"].split()[0] in ("face", "edge", "vertex"), str(p))
    check(len({p["id"] for p in c["points"]}) == 4, "ids differ")
    check(c["feature"].startswith("face ") and c["face_for_edge_pair"] is False, str(c))
    text = run("check", data("pin.obj"), data("pin.obj"), "--pose-b", pose, "--contacts",
               expect=1).stdout
    check("contacts: 4 points, normal (0, 0, 1), margin 0, from face" in text, text)
    # Tilted by 0.1 degree: SAT's exact axis is an edge pair in double (a
    # float build's face preference, 1e-5 of the size, keeps the face), and
    # A's top face stands in for it with its four points; the output says so.
    tilted = "0.3,0.2,0.9/0.1,0.1,10"
    j = json.loads(run("check", data("pin.obj"), data("pin.obj"), "--pose-b", tilted,
                       "--contacts", "--json", expect=1).stdout)
    c = j["contacts"]
    edges = j["sat"]["feature"]["kind"] == "edges"
    check(c["feature"].startswith("face ") and c["face_for_edge_pair"] is edges and
          len(c["points"]) == 4, str(c))
    text = run("check", data("pin.obj"), data("pin.obj"), "--pose-b", tilted, "--contacts",
               expect=1).stdout
    check(("standing in for SAT's edge pair" in text) == edges, text)
    # 0.05 apart: no points without a margin, speculative ones within it.
    apart = "0.3,0.2,1.05/0,0,10"
    j = json.loads(run("check", data("pin.obj"), data("pin.obj"), "--pose-b", apart, "--contacts",
                       "--json", expect=0).stdout)
    check(j["contacts"]["points"] == [], str(j["contacts"]))
    j = json.loads(run("check", data("pin.obj"), data("pin.obj"), "--pose-b", apart, "--contacts",
                       "--margin", "0.1", "--json", expect=0).stdout)
    check(len(j["contacts"]["points"]) == 4 and
          all(abs(p["separation"] - 0.05) < 1e-5 for p in j["contacts"]["points"]), str(j))
    check("contacts" not in json.loads(run("check", data("pin.obj"), data("pin.obj"), "--pose-b",
                                           pose, "--json", expect=1).stdout), "contacts unasked")
    run("check", data("pin.obj"), data("pin.obj"), "--contacts", "--margin", "-1", expect=2)
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "c.svg")
        run("render", data("pin.obj"), data("pin.obj"), "--pose-b", pose, "--contacts", "-o", out,
            expect=1)
        ids, classes, polys, texts = svg_groups(out)
        check("contacts" in classes and "contact points on A (4" in texts, str(classes))
    lines = batch_json(cli_data("cases.tsv"), 2, 2)  # no --contacts: none
    check(all("contacts" not in r for r in lines), "batch without --contacts")
    p = run("batch", cli_data("cases.tsv"), "--json", "--contacts", expect=2)
    rows = [json.loads(l) for l in p.stdout.splitlines()][:-1]
    check(all("contacts" in r for r in rows if "error" not in r), "batch --contacts")


def write_cube(path, centre, half):
    """A closed cube mesh (12 triangles) as OBJ."""
    cx, cy, cz = centre
    with open(path, "w") as f:
        for i in range(8):
            f.write("v %r %r %r\n" % (cx + (half if i & 1 else -half), cy + (half if i & 2 else -half),
                                       cz + (half if i & 4 else -half)))
        for q in ((1, 3, 4, 2), (5, 6, 8, 7), (1, 2, 6, 5), (3, 7, 8, 4), (1, 5, 7, 3), (2, 4, 8, 6)):
            f.write("f %d %d %d\nf %d %d %d\n" % (q[0], q[1], q[2], q[0], q[2], q[3]))


def test_check_mesh_contacts():
    # The 1 x 2 x 1 box of pin.obj turned 30 degrees and sunk 0.05 into a
    # floor triangulated at random (floor.obj): with --mesh --contacts, one
    # region, the floor's normal (from A down into B), 4 points 0.05 deep,
    # each on the floor's plane and naming a triangle of the floor.
    pose = "1,0,-0.05/0,0,30"
    j = json.loads(run("check", data("pin.obj"), cli_data("floor.obj"), "--pose-a", pose,
                       "--mesh", "--contacts", "--json", expect=1).stdout)
    c = j["contacts"]
    check(c["body"] == "A's convex hull" and c["margin"] == 0 and len(c["regions"]) == 1, str(c))
    check(all(abs(a - b) < 1e-6 for a, b in zip(c["normal"], [0, 0, -1])), str(c["normal"]))
    check(len(c["points"]) == 4 and c["regions"][0]["points"] == c["points"], str(c))
    for p in c["points"]:
        check(abs(p["separation"] + 0.05) < 1e-5 and abs(p["point_b"][2]) < 1e-5, str(p))
        check(0 <= p["triangle"] < 72 and p["feature_a"].split()[0] in ("face", "edge", "vertex"),
              str(p))
    check(c["triangles_tested"] > 4, str(c))
    text = run("check", data("pin.obj"), cli_data("floor.obj"), "--pose-a", pose, "--mesh",
               "--contacts", expect=1).stdout
    check("contacts: A's convex hull against B's triangles, margin 0: 4 points in 1 region" in text,
          text)
    check("region 1: normal (0, 0, -1)" in text and text.count(", triangle ") == 4, text)
    # 0.1 above the floor: nothing, speculative points within a margin.
    above = "1,0,0.1/0,0,30"
    j = json.loads(run("check", data("pin.obj"), cli_data("floor.obj"), "--pose-a", above,
                       "--mesh", "--contacts", "--json", expect=0).stdout)
    check(j["contacts"]["points"] == [] and j["contacts"]["normal"] is None, str(j["contacts"]))
    j = json.loads(run("check", data("pin.obj"), cli_data("floor.obj"), "--pose-a", above,
                       "--mesh", "--contacts", "--margin", "0.2", "--json", expect=0).stdout)
    check(len(j["contacts"]["points"]) == 4 and
          all(abs(p["separation"] - 0.1) < 1e-5 for p in j["contacts"]["points"]), str(j))
    # A batch line counts them.
    with tempfile.TemporaryDirectory() as tmp:
        tsv = os.path.join(tmp, "cases.tsv")
        with open(tsv, "w") as f:
            f.write(f"box_on_floor\t{data('pin.obj')}\t{cli_data('floor.obj')}\t{pose}\n")
        out = run("batch", tsv, "--mesh", "--contacts", expect=1).stdout
        check("4 contacts" in out, out)
    # --svg still draws hulls only.
    p = run("check", data("pin.obj"), cli_data("floor.obj"), "--mesh", "--svg", "x.svg", expect=2)
    check("--svg draws hulls; not with --mesh" in p.stderr, p.stderr)


def test_check_nonconvex():
    # The U-bracket's hull fills its notch: the default mode tests hulls and
    # says so, for A only (the pin is a box).
    j = json.loads(run("check", data("bracket.obj"), data("pin.obj"), "--json", expect=1).stdout)
    check(j["tested"] == "hulls" and j["input_a"]["convex"] is False, str(j["input_a"]))
    check(j["input_a"]["closed"] and abs(j["input_a"]["hull_ratio"] - 1.5) < 1e-12, str(j))
    check(j["input_b"]["convex"] is True and j["input_b"]["kind"] == "mesh", str(j["input_b"]))
    text = run("check", data("bracket.obj"), data("pin.obj"), expect=1).stdout
    check("verdict: intersecting hulls" in text and "A is not convex (--mesh" in text, text)
    check("A:       not convex: closed mesh of 36 triangles" in text, text)
    text = run("check", data("pin.obj"), data("pin.obj"), "--pose-b", "5,0,0", expect=0).stdout
    check("hulls" not in text.split("verdict:")[1].split("\n")[0], text)
    # A point cloud is described as one.
    text = run("check", data("io", "points.obj"), data("pin.obj"), "--pose-b", "9,9,9",
               expect=0).stdout
    check("point cloud of" in text, text)


def test_check_mesh():
    j = json.loads(run("check", data("bracket.obj"), data("pin.obj"), "--mesh", "--json",
                       expect=0).stdout)
    check(j["mode"] == "mesh" and not j["intersecting"] and j["how"] == "none", str(j))
    check(abs(j["separation"] - 0.5) < 1e-12 and j["triangle_a"] >= 0 and j["triangle_b"] >= 0,
          str(j))
    check(j["input_a"]["semantics"] == "solid" and j["input_a"]["triangles"] == 36, str(j))
    # The pin pushed 0.6 to the right crosses the notch's wall.
    j = json.loads(run("check", data("bracket.obj"), data("pin.obj"), "--pose-b", "0.6,0,0",
                       "--mesh", "--json", expect=1).stdout)
    check(j["intersecting"] and j["how"] == "surfaces" and j["separation"] == 0, str(j))
    # Chain links: the smooth tori are 1.0 apart; the meshes' flat triangles
    # on the inner side of a ring reach a little beyond the smooth surface.
    j = json.loads(run("check", data("link.obj"), data("link.obj"), "--pose-b", "2,0,0/90,0,0",
                       "--mesh", "--json", expect=0).stdout)
    check(0.99 < j["separation"] < 1.0, str(j["separation"]))
    run("check", data("link.obj"), data("link.obj"), "--pose-b", "3.5,0,0/90,0,0", "--mesh",
        expect=1)
    with tempfile.TemporaryDirectory() as tmp:
        tube, hole = os.path.join(tmp, "tube.obj"), os.path.join(tmp, "hole.obj")
        write_cube(tube, (2, 0, 0), 0.1)  # inside the ring's tube
        write_cube(hole, (0, 0, 0), 0.1)  # in its hole
        j = json.loads(run("check", data("link.obj"), tube, "--mesh", "--json", expect=1).stdout)
        check(j["how"] == "b_inside_a", str(j))
        j = json.loads(run("check", tube, data("link.obj"), "--mesh", "--json", expect=1).stdout)
        check(j["how"] == "a_inside_b", str(j))
        j = json.loads(run("check", data("link.obj"), hole, "--mesh", "--json", expect=0).stdout)
        check(not j["intersecting"] and 1.3 < j["separation"] < 1.5, str(j))
        # Default mode: the cube in the hole is inside the ring's hull.
        run("check", data("link.obj"), hole, expect=1)
        # batch and scene in mesh mode.
        tsv = os.path.join(tmp, "cases.tsv")
        with open(tsv, "w") as f:
            a = os.path.abspath
            f.write(f"apart\t{a(data('bracket.obj'))}\t{a(data('pin.obj'))}\n")
            f.write(f"inside\t{a(data('link.obj'))}\t{tube}\n")
            f.write(f"cloud\t{a(data('io', 'points.obj'))}\t{tube}\n")
        p = run("batch", tsv, "--mesh", "--json", expect=2)
        rows = [json.loads(l) for l in p.stdout.splitlines()]
        check(rows[0]["mode"] == "mesh" and abs(rows[0]["separation"] - 0.5) < 1e-12, str(rows[0]))
        check(rows[1]["how"] == "b_inside_a", str(rows[1]))
        check("needs triangles" in rows[2]["error"], str(rows[2]))
        check(rows[3]["summary"]["intersecting"] == 1 and rows[3]["summary"]["separated"] == 1,
              str(rows[3]))
        shutil.copy(data("link.obj"), tmp)
        os.remove(tsv)
        j = json.loads(run("scene", tmp, "--mesh", "--json", expect=1).stdout)
        names = sorted((os.path.basename(q["a"]), os.path.basename(q["b"])) for q in j["pairs"])
        check(j["mode"] == "mesh" and names == [("link.obj", "tube.obj")], str(names))
    p = run("check", data("io", "points.obj"), data("pin.obj"), "--mesh", expect=2)
    check("mesh mode needs triangles" in p.stderr, p.stderr)
    p = run("check", data("bracket.obj"), data("pin.obj"), "--mesh", "--decompose", expect=2)
    check("choose one" in p.stderr, p.stderr)


def write_scaled_obj(source, path, k):
    """A copy of an OBJ with every vertex multiplied by k."""
    with open(source) as f, open(path, "w") as out:
        for line in f:
            if line.startswith("v "):
                x, y, z = (float(t) * k for t in line.split()[1:4])
                line = "v %r %r %r\n" % (x, y, z)
            out.write(line)


def test_check_scaled():
    # A pose's /s=k answers as the mesh whose vertices were multiplied by k,
    # in every mode, with the scale in the JSON pose (1e-5: float builds).
    pose = "2,0,0/90,0,0"
    with tempfile.TemporaryDirectory() as tmp:
        half = os.path.join(tmp, "half_link.obj")
        write_scaled_obj(data("link.obj"), half, 0.5)
        for mode in ([], ["--mesh"], ["--contacts", "--margin", "0.5"]):
            scaled = json.loads(run("check", data("link.obj"), data("link.obj"), "--pose-b",
                                    pose + "/s=0.5", "--json", *mode).stdout)
            rebuilt = json.loads(run("check", data("link.obj"), half, "--pose-b", pose, "--json",
                                     *mode).stdout)
            check(scaled["intersecting"] == rebuilt["intersecting"], f"{mode}: {scaled} {rebuilt}")
            check(abs(scaled["separation"] - rebuilt["separation"]) < 1e-5,
                  f"{mode}: {scaled['separation']} vs {rebuilt['separation']}")
            check(scaled["pose_b"]["scale"] == 0.5 and rebuilt["pose_b"]["scale"] == 1,
                  str(scaled["pose_b"]))
            if "contacts" in rebuilt:
                a, b = scaled["contacts"]["points"], rebuilt["contacts"]["points"]
                check(len(a) == len(b) > 0, f"{a} vs {b}")
                for p, q in zip(sorted(x["separation"] for x in a), sorted(x["separation"] for x in b)):
                    check(abs(p - q) < 1e-5, f"{p} vs {q}")
        # Scaling A as well: the pair scaled as a whole, translation included.
        double = os.path.join(tmp, "double_link.obj")
        write_scaled_obj(data("link.obj"), double, 2)
        scaled = json.loads(run("check", data("link.obj"), data("link.obj"), "--pose-a",
                                "0,0,0/s=2", "--pose-b", "4,0,0/90,0,0/s=2", "--json").stdout)
        rebuilt = json.loads(run("check", double, double, "--pose-b", "4,0,0/90,0,0",
                                 "--json").stdout)
        check(abs(scaled["separation"] - rebuilt["separation"]) < 1e-5, f"{scaled} {rebuilt}")
    for bad in ("0,0,0/s=0", "0,0,0/s=-1", "0,0,0/s=x", "0,0,0/0,0,0/s=inf"):
        p = run("check", data("pin.obj"), data("pin.obj"), "--pose-b", bad, expect=2)
        check("bad scale" in p.stderr, p.stderr)


def test_check_decompose():
    j = json.loads(run("check", data("bracket.obj"), data("pin.obj"), "--decompose", "--json",
                       expect=0).stdout)
    check(j["mode"] == "decompose" and j["approximate"] and not j["intersecting"], str(j))
    check(j["input_a"]["parts"] == 3 and j["input_b"]["parts"] == 1, str(j))
    check(abs(j["separation"] - 0.5) < 1e-9 and j["input_a"]["error"] < 1e-9, str(j))
    text = run("check", data("bracket.obj"), data("pin.obj"), "--decompose", expect=0).stdout
    check("--mesh gives the exact answer" in text and "3 convex parts by HACD" in text, text)
    with tempfile.TemporaryDirectory() as tmp:
        parts, svg = os.path.join(tmp, "parts.obj"), os.path.join(tmp, "parts.svg")
        run("hull", data("bracket.obj"), "--decompose", "-o", parts, expect=0)
        p = run("check", parts, data("pin.obj"), "--parts", "--json", expect=0)
        rows = [json.loads(l) for l in p.stdout.splitlines()]
        check(len(rows) == 3 and all(abs(r["separation"] - 0.5) < 1e-9 for r in rows), str(rows))
        run("check", data("link.obj"), data("link.obj"), "--pose-b", "2,0,0/90,0,0", "--decompose",
            "--svg", svg, expect=0)
        ids, classes, polys, texts = svg_groups(svg)
        check_views(ids, classes, polys)


def test_check_bad_inputs():
    good = data("cow.off")
    for path, word in bad_inputs():
        check_error_line(run("check", path, good, expect=2), path, word)
        check_error_line(run("check", good, path, expect=2), path, word)
    for pose in ("1,2", "a,b,c", "1,2,3/4,5", "1,2,3/q=0,0,0,0", "nan,0,0", "1,2,3,"):
        p = run("check", good, good, "--pose-b", pose, expect=2)
        check(pose in p.stderr and "pose" in p.stderr, f"pose {pose}: {p.stderr}")


def test_usage():
    run(expect=2)
    run("frobnicate", expect=2)
    run("check", data("cow.off"), expect=2)
    run("batch", cli_data("cases.tsv"), "--jobs", "0", expect=2)
    run("check", data("cow.off"), data("cow.off"), "--bogus", expect=2)
    check("Exit status" in run("--help", expect=0).stdout, "help lists exit statuses")


# --- render -----------------------------------------------------------------

def svg_groups(path):
    root = ET.parse(path).getroot()  # raises on malformed XML
    check(root.tag == SVG_NS + "svg", f"root element {root.tag}")
    ids = {g.get("id") for g in root.iter(SVG_NS + "g")}
    classes = {c for g in root.iter(SVG_NS + "g") for c in (g.get("class") or "").split()}
    polys = [p.get("class") or "" for tag in ("polygon", "path") for p in root.iter(SVG_NS + tag)]
    texts = " ".join("".join(t.itertext()) for t in root.iter(SVG_NS + "text"))
    return ids, classes, polys, texts


def check_views(ids, classes, polys):
    for v in ("front", "top", "side", "iso"):
        check(f"view-{v}" in ids, f"missing view-{v}: {ids}")
    check({"legend", "caption"} <= ids, f"legend/caption: {ids}")
    check({"faces", "witness"} <= classes, f"faces/witness: {classes}")
    for c in ("hull-a front", "hull-a back", "hull-b front", "hull-b back"):
        check(c in polys, f"no polygon of class '{c}'")


def test_render():
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "apart.svg")
        p = run("render", data("cow.off"), data("fandisk.off"), "--pose-b", "0.9,0.3,0.2/0,30,45",
                "-o", out, expect=0)
        check("separated" in p.stdout, p.stdout)
        ids, classes, polys, texts = svg_groups(out)
        check_views(ids, classes, polys)
        check("plane" in classes and "mtv" not in classes, f"separated: {classes}")
        check("separated" in texts and "agree" in texts and "0.1079" in texts, texts)
        out = os.path.join(tmp, "overlap.svg")
        run("render", data("bunny.obj"), data("cow.off"), "-o", out, expect=1)
        ids, classes, polys, texts = svg_groups(out)
        check_views(ids, classes, polys)
        check("mtv" in classes and "plane" not in classes, f"intersecting: {classes}")
        check("intersecting" in texts and "depth 0.26575" in texts, texts)


def test_render_size():
    # Two hulls of 500 random points (about 1000 triangular faces each): the
    # picture draws each hull's faces as one path per view and side.
    random.seed(7)
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for name in ("a", "b"):
            path = os.path.join(tmp, name + ".obj")
            with open(path, "w") as f:
                for _ in range(500):
                    z, t = random.uniform(-1, 1), random.uniform(0, 2 * math.pi)
                    r = math.sqrt(1 - z * z)
                    f.write(f"v {r * math.cos(t):.9f} {r * math.sin(t):.9f} {z:.9f}\n")
            files.append(path)
        out = os.path.join(tmp, "big.svg")
        run("render", *files, "--pose-b", "1,0,0", "-o", out, expect=1)
        size = os.path.getsize(out)
        check(size < 300_000, f"SVG of two 500-vertex hulls is {size} bytes")
        ids, classes, polys, texts = svg_groups(out)
        check_views(ids, classes, polys)


def test_render_escaping():
    with tempfile.TemporaryDirectory() as tmp:
        odd = os.path.join(tmp, "a&b<c>'\"d.off")
        shutil.copy(data("cow.off"), odd)
        out = os.path.join(tmp, "odd.svg")
        run("render", odd, data("fandisk.off"), "--pose-b", "2,0,0", "-o", out, expect=0)
        ids, classes, polys, texts = svg_groups(out)
        check("a&b<c>'\"d.off" in texts, "file name not round-tripped through XML")


def test_render_errors():
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "x.svg")
        for path, word in bad_inputs():
            check_error_line(run("render", path, data("cow.off"), "-o", out, expect=2), path, word)
        check(not os.path.exists(out), "no SVG for bad input")
        p = run("render", data("cow.off"), data("cow.off"), "--pose-a", "1,2", "-o", out,
                expect=2)
        check("bad pose" in p.stderr, p.stderr)
        p = run("render", data("cow.off"), data("cow.off"), "-o",
                os.path.join(tmp, "no", "such", "dir.svg"), expect=2)
        check("cannot write" in p.stderr, p.stderr)


def test_check_svg():
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "check.svg")
        run("check", data("io", "two_boxes.obj"), data("teapot.obj"), "--pose-b", "5,0,0",
            "--svg", out, expect=1)
        ids, classes, polys, _ = svg_groups(out)
        check_views(ids, classes, polys)


# --- batch ------------------------------------------------------------------

TIME_KEYS = {"time_us", "time_s", "jobs"}


def strip_times(x):
    if isinstance(x, dict):
        return {k: strip_times(v) for k, v in x.items() if k not in TIME_KEYS}
    if isinstance(x, list):
        return [strip_times(v) for v in x]
    return x


def batch_json(tsv, jobs, expect):
    p = run("batch", tsv, "--json", "--jobs", str(jobs), expect=expect)
    return [json.loads(l) for l in p.stdout.splitlines()]


EXPECTED_CASES = {  # id: verdict, or the word the error line must contain
    "bunny-cow": "intersecting", "bunny-cow-apart": "separated", "teapot-pig": "separated",
    "boxes-teapot": "intersecting", "missing": "not found", "bad-pose-a": "poseA",
    "bad-pose-b": "poseB", "collinear": "collinear", "nan": "non-finite",
    "unknown-format": "unknown format", "too-few-columns": "columns",
    "fandisk-self": "intersecting", "tetra-touch": "touching", "fandisk-cow-apart": "separated",
}


def test_batch_json():
    lines = batch_json(cli_data("cases.tsv"), 2, 2)
    results, summary = lines[:-1], lines[-1]["summary"]
    check([r["id"] for r in results] == list(EXPECTED_CASES), "ids in input order")
    for r in results:
        want = EXPECTED_CASES[r["id"]]
        if "error" in r:
            check(want in r["error"] and r["id"] in r["error"], f"error line: {r}")
        else:
            check(r["verdict"] == want, f"{r['id']}: {r['verdict']} != {want}")
            check_pair_json(r, want != "separated")
    want = {"cases": 14, "intersecting": 3, "touching": 1, "separated": 3, "disagree": 0,
            "errors": 7}
    check(all(summary[k] == v for k, v in want.items()), f"summary {summary}")


def test_batch_jobs_identical():
    one = batch_json(cli_data("cases.tsv"), 1, 2)
    two = batch_json(cli_data("cases.tsv"), 2, 2)
    many = batch_json(cli_data("cases.tsv"), 7, 2)
    check(strip_times(one) == strip_times(two) == strip_times(many),
          "results differ between --jobs 1, 2 and 7")
    t1 = run("batch", cli_data("cases.tsv"), "-j", "1", expect=2).stdout.splitlines()
    t2 = run("batch", cli_data("cases.tsv"), "-j", "2", expect=2).stdout.splitlines()
    check(t1[:-1] == t2[:-1] and len(t1) == 15, "text results differ between --jobs 1 and 2")


def test_batch_shards():
    whole = strip_times(batch_json(cli_data("cases.tsv"), 2, 2))
    for n in (1, 2, 3, 20):
        union = []
        for k in range(1, n + 1):
            p = run("batch", cli_data("cases.tsv"), "--json", "--shard", f"{k}/{n}",
                    expect=None)
            lines = [json.loads(l) for l in p.stdout.splitlines()]
            check(lines[-1]["summary"]["shard"] == f"{k}/{n}", f"shard in summary {lines[-1]}")
            check(len(lines) - 1 == len(range(k - 1, 14, n)), f"shard {k}/{n}: {len(lines) - 1}")
            union += strip_times(lines[:-1])
        order = {r["id"]: i for i, r in enumerate(whole[:-1])}
        check(sorted(union, key=lambda r: order[r["id"]]) == whole[:-1],
              f"the {n} shards together are not the whole run")
    for bad in ("0/3", "4/3", "1/0", "x/2", "1/2/3", "1", "-1/2"):
        p = run("batch", cli_data("cases.tsv"), "--shard", bad, expect=2)
        check("bad shard" in p.stderr, p.stderr)


def test_batch_text_and_status():
    p = run("batch", cli_data("cases.tsv"), expect=2)
    lines = p.stdout.splitlines()
    check(lines[4].startswith("missing  error: case missing:") and "no_such_file.obj" in lines[4],
          lines[4])
    check(lines[-1].startswith("summary: 14 cases: 3 intersecting, 1 touching, 3 separated, "
                               "0 disagree, 7 errors"), lines[-1])
    check(p.stderr == "", f"no progress bar when stderr is not a terminal: {p.stderr!r}")
    p = run("batch", cli_data("apart.tsv"), expect=0)
    check("3 separated" in p.stdout, p.stdout)
    with tempfile.TemporaryDirectory() as tmp:
        tsv = os.path.join(tmp, "one.tsv")
        with open(tsv, "w") as f:  # absolute paths, no header, no poses
            f.write(f"only\t{data('bunny.obj')}\t{data('cow.off')}\n")
        run("batch", tsv, expect=1)
    p = run("batch", cli_data("no_such.tsv"), expect=2)
    check("no_such.tsv" in p.stderr, p.stderr)


# --- scene ------------------------------------------------------------------

def test_scene_file():
    p = run("scene", cli_data("scene_boxes.obj"), expect=1)
    check("5 hulls" in p.stdout and "3 candidate pair" in p.stdout, p.stdout)
    j = json.loads(run("scene", cli_data("scene_boxes.obj"), "--json", expect=1).stdout)
    bp = j["broadphase"]
    check(bp["candidates"] == bp["brute_force_candidates"] == 3, f"broadphase {bp}")
    pairs = {(q["a"].split(":")[-1], q["b"].split(":")[-1]): q for q in j["pairs"]}
    check(set(pairs) == {("a", "b"), ("b", "c")}, f"pairs {list(pairs)}")
    ab, bc = pairs[("a", "b")], pairs[("b", "c")]
    check(abs(ab["depth"] - 0.5) < 1e-9 and ab["verdict"] == "intersecting", str(ab))
    check(all(abs(x - y) < 1e-9 for x, y in zip(ab["axis"], [1, 0, 0])), str(ab["axis"]))
    check(bc["verdict"] == "touching" and abs(bc["depth"]) < 1e-9, str(bc))
    check(j["summary"]["interfering"] == 2 and j["summary"]["touching"] == 1, str(j["summary"]))
    run("scene", data("io", "two_boxes.obj"), expect=0)


def test_scene_folder():
    j = json.loads(run("scene", data(), "--json", expect=1).stdout)
    check(len(j["hulls"]) == 8 and j["errors"] == [], f"hulls {j['hulls']}")
    check(any(s.endswith("SOURCES.md") for s in j["skipped"]), f"skipped {j['skipped']}")
    check(j["broadphase"]["candidates"] == j["broadphase"]["brute_force_candidates"], "sap")
    for q in j["pairs"]:
        check_pair_json(q, True)
    with tempfile.TemporaryDirectory() as tmp:
        for f in ("cow.off", "fandisk.off"):
            shutil.copy(data(f), tmp)
        run("scene", tmp, expect=1)
        os.remove(os.path.join(tmp, "fandisk.off"))
        with open(os.path.join(tmp, "far.off"), "w") as f:  # a tetrahedron far away
            f.write("OFF\n4 4 0\n5 0 0\n6 0 0\n5 1 0\n5 0 1\n"
                    "3 0 2 1\n3 0 1 3\n3 1 2 3\n3 0 3 2\n")
        p = run("scene", tmp, expect=0)
        check("0 interfering" in p.stdout, p.stdout)
        shutil.copy(data("io", "nan.obj"), tmp)
        p = run("scene", tmp, expect=2)
        check("nan.obj" in p.stderr and "non-finite" in p.stderr, p.stderr)
        os.mkdir(os.path.join(tmp, "empty"))
        p = run("scene", os.path.join(tmp, "empty"), expect=2)
        check("no mesh file" in p.stderr, p.stderr)
    for path, word in bad_inputs():
        check_error_line(run("scene", path, expect=2), path, word)


# --- cast and ray -------------------------------------------------------------

CUBE = None  # cli_data("cube.obj"), set in main: a cube of side 1 centred on the origin
EPS = None  # the build's round-off on these small numbers, set in main (real_eps)


def real_eps():
    """1e-12 in a double build, 1e-5 in a float build (the real size of a
    cooked hull's header says which)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cube.sxhull")
        run("hull", cli_data("cube.obj"), "-o", out, expect=0)
        with open(out, "rb") as f:
            return 1e-12 if f.read()[12] == 8 else 1e-5


CAST_KEYS = ("id", "a", "b", "pose_a", "pose_b", "pose_b_end", "input_a", "input_b", "mode",
             "tested", "moving", "path", "hit", "status", "toi", "distance", "pose_b_at_contact",
             "point", "normal", "feature_a", "triangle_a", "method", "exact", "tolerance",
             "iterations", "time_us")


def cast_json(*args, expect):
    j = json.loads(run("cast", *args, "--json", expect=expect).stdout)
    for key in CAST_KEYS:
        check(key in j, f"cast JSON lacks '{key}': {j}")
    check(j["mode"] == "hull" and j["tested"] == "hulls" and j["triangle_a"] is None, str(j))
    check(j["hit"] == (j["status"] in ("hit", "overlapping")), str(j))
    if j["hit"]:
        check(is_unit(j["normal"]) and 0 <= j["toi"] <= 1, str(j))
        check(abs(j["distance"] - j["toi"] * j["path"]["length"]) < EPS, str(j))
    else:
        check(all(j[k] is None for k in ("toi", "distance", "point", "normal",
                                         "pose_b_at_contact")), str(j))
    return j


def close(u, v, eps=None):
    return all(abs(a - b) <= (eps or max(EPS, 1e-9)) for a, b in zip(u, v))


def test_cast_clear():
    # B passes 2.5 beside A (side 1): clear, exit 0.
    j = cast_json(CUBE, CUBE, "--pose-b", "3,0,0", "--to", "3,4,0", expect=0)
    check(j["status"] == "missed" and j["method"] == "sat::shape_cast" and j["exact"], str(j))
    check(j["moving"] == "shape" and j["path"]["angle_rad"] == 0, str(j))
    text = run("cast", CUBE, CUBE, "--pose-b", "3,0,0", "--to", "3,4,0", expect=0).stdout
    check("verdict: clear: the path meets A nowhere" in text and "contact:" not in text, text)
    # Stopping short, and leading away.
    cast_json(CUBE, CUBE, "--pose-b", "4,0,0", "--to", "2,0,0", expect=0)
    cast_json(CUBE, CUBE, "--pose-b", "4,0,0", "--to", "8,0,0", expect=0)


def test_cast_hit():
    # B from x = 4 to 0: its face x = 3.5 meets A's x = 0.5 after 3 of the 4,
    # so toi 0.75, B then at x = 1, the normal +x (A to B).
    j = cast_json(CUBE, CUBE, "--pose-b", "4,0,0", "--to", "0,0,0", expect=1)
    check(j["status"] == "hit" and abs(j["toi"] - 0.75) < EPS, str(j))
    check(abs(j["distance"] - 3) < EPS and close(j["normal"], [1, 0, 0]), str(j))
    check(abs(j["point"][0] - 0.5) < EPS and j["feature_a"].startswith("face "), str(j))
    check(close(j["pose_b_at_contact"]["translation"], [1, 0, 0], EPS), str(j))
    check(j["pose_b_end"]["translation"] == [0, 0, 0] and j["exact"] and j["tolerance"] == 0,
          str(j))
    text = run("cast", CUBE, CUBE, "--pose-b", "4,0,0", "--to", "0,0,0", expect=1).stdout
    check("verdict: hit at toi 0.75, after 3 travelled" in text, text)
    check("contact: B at 1,0,0; point (0.5," in text and "normal (1, 0, 0) from A to B" in text,
          text)
    check("method:  sat::shape_cast (exact)" in text, text)
    # Along y, with A moved and turned about its centre: the same toi.
    j = cast_json(CUBE, CUBE, "--pose-a", "1,2,3/0,0,90", "--pose-b", "1,6,3", "--to", "1,2,3",
                  expect=1)
    check(abs(j["toi"] - 0.75) < EPS and close(j["normal"], [0, 1, 0]), str(j))
    # Far from the origin: the same answer, the poses kept exact (double).
    if EPS > 1e-12:
        return
    j = cast_json(CUBE, CUBE, "--pose-a", "1000000,0,0", "--pose-b", "1000004,0,0", "--to",
                  "1000000,0,0", expect=1)
    check(abs(j["toi"] - 0.75) < 1e-9, str(j))
    check(abs(j["pose_b_at_contact"]["translation"][0] - 1000001) < 1e-6, str(j))
    text = run("cast", CUBE, CUBE, "--pose-a", "1000000,0,0", "--pose-b", "1000000.25,4,0",
               "--to", "1000000.25,0,0", expect=1).stdout
    check("contact: B at 1000000.25,1,0;" in text, text)


def test_cast_overlapping():
    # B starts 0.5 deep along x (1 along y and z): toi 0, the way out +x.
    j = cast_json(CUBE, CUBE, "--pose-b", "0.5,0,0", "--to", "3,0,0", expect=1)
    check(j["status"] == "overlapping" and j["toi"] == 0 and close(j["normal"], [1, 0, 0]),
          str(j))
    check(j["pose_b_at_contact"]["translation"] == [0.5, 0, 0], str(j))
    # Touching at the start counts too.
    j = cast_json(CUBE, CUBE, "--pose-b", "1,0,0", "--to", "3,0,0", expect=1)
    check(j["status"] == "overlapping" and j["toi"] == 0, str(j))
    text = run("cast", CUBE, CUBE, "--pose-b", "0.5,0,0", "--to", "3,0,0", expect=1).stdout
    check("overlapping at the start (toi 0)" in text and "minimum translation" in text, text)


def turning_toi():
    """B from x = 3 to 0 turning 90 degrees about z: its leading corner at
    3 (1 - t) - (cos a + sin a) / 2, a = t pi / 2, meets A's face x = 0.5."""
    f = lambda t: 3 * (1 - t) - 0.5 * (math.cos(t * math.pi / 2) + math.sin(t * math.pi / 2)) - 0.5
    lo, hi = 0.0, 1.0
    for _ in range(100):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if f(mid) > 0 else (lo, mid)
    return lo


def test_cast_turning():
    j = cast_json(CUBE, CUBE, "--pose-b", "3,0,0", "--to", "0,0,0/0,0,90", expect=1)
    check(j["method"] == "gjk::time_of_impact" and not j["exact"] and j["tolerance"] > 0, str(j))
    check(abs(j["path"]["angle_rad"] - math.pi / 2) < EPS, str(j))
    # Within tolerance of touching: the gap at toi is at most the tolerance,
    # and the leading corner closes at about 3.7 per unit of toi.
    want = turning_toi()
    check(j["status"] == "hit" and want - 2 * j["tolerance"] <= j["toi"] <= want + EPS,
          f"toi {j['toi']} vs {want}: {j}")
    check(close(j["normal"], [1, 0, 0], 1e-3) and abs(j["point"][0] - 0.5) < 1e-5, str(j))
    t = j["pose_b_at_contact"]
    a = j["toi"] * math.pi / 2
    check(abs(t["translation"][0] - 3 * (1 - j["toi"])) < EPS and
          abs(t["rotation"][0][0] - math.cos(a)) < max(EPS, 1e-9), str(t))
    text = run("cast", CUBE, CUBE, "--pose-b", "3,0,0", "--to", "0,0,0/0,0,90", expect=1).stdout
    check("within tolerance" in text and "turning 90 degrees" in text, text)
    # Turning in place beside A: clear; turning into it: a hit.
    cast_json(CUBE, CUBE, "--pose-b", "2,0,0", "--to", "2,0,0/0,0,45", expect=0)
    j = cast_json(CUBE, CUBE, "--pose-b", "1.1,0,0", "--to", "1.1,0,0/0,0,45", expect=1)
    check(j["status"] == "hit" and 0 < j["toi"] < 1, str(j))


def test_cast_point():
    # A file of one vertex, (0, 0.2, 0.1): a ray cast from (-2.5, 0.2, 0.1).
    j = cast_json(CUBE, cli_data("point.obj"), "--pose-b", "-2.5,0,0", "--to", "1.5,0,0",
                  expect=1)
    check(j["moving"] == "point" and j["method"] == "ray_cast" and j["input_b"]["kind"] == "point",
          str(j))
    check(abs(j["toi"] - 0.5) < EPS and close(j["normal"], [-1, 0, 0]), str(j))
    check(close(j["point"], [-0.5, 0.2, 0.1], EPS) and close(j["from"], [-2.5, 0.2, 0.1]), str(j))
    check(close(j["pose_b_at_contact"]["translation"], [-0.5, 0, 0], EPS), str(j))
    cast_json(CUBE, cli_data("point.obj"), "--pose-b", "-2.5,2,0", "--to", "1.5,2,0", expect=0)


def ray_json(*args, expect):
    j = json.loads(run("ray", CUBE, *args, "--json", expect=expect).stdout)
    for key in ("id", "a", "pose_a", "input_a", "from", "to", "mode", "tested", "moving", "hit",
                "status", "toi", "distance", "point", "normal", "method"):
        check(key in j, f"ray JSON lacks '{key}': {j}")
    check("b" not in j and "pose_b" not in j and j["moving"] == "ray", str(j))
    return j


def test_ray():
    j = ray_json("--from", "-2.5,0.2,0.1", "--to", "1.5,0.2,0.1", expect=1)
    check(j["status"] == "hit" and abs(j["toi"] - 0.5) < EPS and abs(j["distance"] - 2) < EPS,
          str(j))
    check(close(j["normal"], [-1, 0, 0]) and close(j["point"], [-0.5, 0.2, 0.1], EPS), str(j))
    check(j["method"] == "ray_cast" and j["feature_a"].startswith("face "), str(j))
    text = run("ray", CUBE, "--from", "-2.5,0.2,0.1", "--to", "1.5,0.2,0.1", expect=1).stdout
    check("verdict: hit at toi 0.5, after 2 travelled" in text, text)
    check("normal (-1, 0, 0) (A's outward normal)" in text, text)
    j = ray_json("--from", "-2,2,0", "--to", "2,2,0", expect=0)
    check(j["status"] == "missed" and j["toi"] is None and j["point"] is None, str(j))
    # Stopping short of A, inside it, and A moved.
    ray_json("--from", "-2.5,0,0", "--to", "-0.6,0,0", expect=0)
    j = ray_json("--from", "0.1,0,0", "--to", "3,0,0", expect=1)
    check(j["status"] == "overlapping" and j["toi"] == 0, str(j))
    j = ray_json("--pose", "0,0,10", "--from", "0,0,0", "--to", "0,0,20", expect=1)
    check(abs(j["toi"] - 0.475) < EPS and close(j["normal"], [0, 0, -1]), str(j))


def test_batch_cast():
    want = {"clear": "missed", "hit": "hit", "overlapping": "overlapping", "turning": "hit",
            "point": "hit", "point-miss": "missed", "far": "hit", "no-end": "columns",
            "bad-end": "poseB1", "scaled": "scale", "point-a": "single point"}
    p = run("batch", cli_data("casts.tsv"), "--cast", "--json", "--jobs", "2", expect=2)
    rows = [json.loads(l) for l in p.stdout.splitlines()]
    results, summary = rows[:-1], rows[-1]["summary"]
    check([r["id"] for r in results] == list(want), "ids in input order")
    for r in results:
        if "error" in r:
            check(want[r["id"]] in r["error"] and r["id"] in r["error"], f"error line: {r}")
            continue
        check(r["status"] == want[r["id"]], f"{r['id']}: {r['status']}")
        check(all(k in r for k in ("hit", "toi", "normal", "point", "tested", "method")), str(r))
    by_id = {r["id"]: r for r in results}
    check(abs(by_id["hit"]["toi"] - 0.75) < EPS and by_id["hit"]["method"] == "sat::shape_cast",
          str(by_id["hit"]))
    check(by_id["turning"]["method"] == "gjk::time_of_impact", str(by_id["turning"]))
    check(by_id["point"]["method"] == "ray_cast" and abs(by_id["point"]["toi"] - 0.5) < EPS,
          str(by_id["point"]))
    check(by_id["point-miss"]["toi"] is None and by_id["clear"]["hit"] is False, "misses")
    far = by_id["far"]["pose_b_at_contact"]["translation"][0]
    check(EPS > 1e-12 or abs(far - 1000001) < 1e-6, str(by_id["far"]))
    counts = {"cases": 11, "hit": 4, "overlapping": 1, "missed": 2, "max_iterations": 0,
              "errors": 4}
    check(all(summary[k] == v for k, v in counts.items()), f"summary {summary}")
    one = batch_json_args(cli_data("casts.tsv"), "--cast", "--jobs", "1")
    check(strip_times(one) == strip_times(rows), "--jobs 1 and 2 differ")
    lines = run("batch", cli_data("casts.tsv"), "--cast", expect=2).stdout.splitlines()
    check(lines[1].startswith("hit  hit  toi 0.75  distance 3  normal (1, 0, 0)"), lines[1])
    check(lines[0] == "clear  missed  sat::shape_cast", lines[0])
    check(lines[-1].startswith("summary: 11 cases: 4 hit, 1 overlapping, 2 missed, "
                               "0 max_iterations, 4 errors"), lines[-1])
    with tempfile.TemporaryDirectory() as tmp:
        tsv = os.path.join(tmp, "c.tsv")
        for body, status in (("a\t{c}\t{c}\t\t3,0,0\t3,4,0\n", 0),
                             ("a\t{c}\t{c}\t\t3,0,0\t0,0,0\n", 1)):
            with open(tsv, "w") as f:
                f.write(body.format(c=CUBE))
            run("batch", tsv, "--cast", expect=status)
    # Without --cast a 6th column is a bad line; --contacts is not for casts.
    p = run("batch", cli_data("casts.tsv"), "--json", expect=2)
    rows = [json.loads(l) for l in p.stdout.splitlines()[:-1]]
    check(all(("error" in r) == (r["id"] != "no-end") for r in rows), p.stdout)
    run("batch", cli_data("casts.tsv"), "--cast", "--contacts", expect=2)
    # --mesh casts the meshes: the same answers, but a turning B is refused.
    p = run("batch", cli_data("casts.tsv"), "--cast", "--mesh", "--json", expect=2)
    meshes = {r["id"]: r for r in map(json.loads, p.stdout.splitlines()[:-1])}
    check("straight paths" in meshes["turning"]["error"], str(meshes["turning"]))
    for case in ("clear", "hit", "overlapping", "point", "point-miss", "far"):
        check(meshes[case]["status"] == by_id[case]["status"], f"{case}: {meshes[case]}")
        check(meshes[case]["tested"] == "meshes" and meshes[case]["mode"] == "mesh", case)
    hit = meshes["hit"]
    check(abs(hit["toi"] - 0.75) < 1e-6 and close(hit["normal"], [1, 0, 0]), str(hit))
    check(hit["method"] == "mesh::shape_cast" and hit["exact"] is False, str(hit))
    check(hit["triangle_a"] is not None, str(hit))


def batch_json_args(tsv, *args):
    p = run("batch", tsv, "--json", *args)
    return [json.loads(l) for l in p.stdout.splitlines()]


# --- clearance --------------------------------------------------------------

def clearance_json(*args, d, expect, command="check"):
    out = run(command, *args, "--clearance", str(d), "--json", expect=expect).stdout
    j = json.loads(out)
    check(j["clearance"] == d and j["verdict"] in ("clear", "too_close", "touching",
                                                   "interfering"), str(j))
    return j


def test_clearance_check():
    """Cubes of side 1 at gaps 0.25, 0 and -0.5 against D = 0.3, 0.25, 0.2:
    the four verdicts, in each mode, with their exit statuses."""
    for mode in ([], ["--mesh"], ["--decompose"]):
        j = clearance_json(CUBE, CUBE, "--pose-b", "1.25,0,0", *mode, d=0.3, expect=1)
        check(j["verdict"] == "too_close" and abs(j["distance"] - 0.25) < 1e-6, f"{mode}: {j}")
        for d in (0.25, 0.2):
            j = clearance_json(CUBE, CUBE, "--pose-b", "1.25,0,0", *mode, d=d, expect=0)
            check(j["verdict"] == "clear", f"{mode} {d}: {j}")
        j = clearance_json(CUBE, CUBE, "--pose-b", "0.5,0,0", *mode, d=0.3, expect=1)
        check(j["verdict"] == "interfering" and j["distance"] == 0, f"{mode}: {j}")
    j = clearance_json(CUBE, CUBE, "--pose-b", "1,0,0", d=0.3, expect=1)
    check(j["verdict"] == "touching" and j["contact"] == "touching", str(j))
    text = run("check", CUBE, CUBE, "--pose-b", "1.25,0,0", "--clearance", "0.3", expect=1).stdout
    check("clearance: too close: 0.25 apart" in text and "under 0.3" in text, text)
    # The meshes, not their hulls: a box in the ring's hole is 0.25 from it.
    small = ["--pose-b", "0,0,0/0,0,0/s=0.5"]
    j = clearance_json(cli_data("ring.obj"), CUBE, *small, "--mesh", d=0.3, expect=1)
    check(j["verdict"] == "too_close" and abs(j["distance"] - 0.25) < 1e-6, str(j))
    clearance_json(cli_data("ring.obj"), CUBE, *small, "--mesh", d=0.2, expect=0)
    j = clearance_json(cli_data("ring.obj"), CUBE, *small, d=0.2, expect=1)
    check(j["verdict"] == "interfering", str(j))
    # Bad gaps: one line, exit 2.
    for bad in ("-1", "nan", "inf", "abc"):
        p = run("check", CUBE, CUBE, "--clearance", bad, expect=2)
        check("--clearance" in p.stderr.splitlines()[0], p.stderr)


def test_clearance_batch_scene():
    with tempfile.TemporaryDirectory() as tmp:
        tsv = os.path.join(tmp, "c.tsv")
        with open(tsv, "w") as f:
            for case, pose in (("far", "3,0,0"), ("near", "1.25,0,0"), ("touch", "1,0,0"),
                               ("deep", "0.5,0,0")):
                f.write(f"{case}\t{CUBE}\t{CUBE}\t\t{pose}\n")
        p = run("batch", tsv, "--clearance", "0.3", "--json", "--jobs", "2", expect=1)
        rows = [json.loads(l) for l in p.stdout.splitlines()]
        got = {r["id"]: r["verdict"] for r in rows[:-1]}
        check(got == {"far": "clear", "near": "too_close", "touch": "touching",
                      "deep": "interfering"}, str(got))
        verdicts = rows[-1]["summary"]["clearance"]["verdicts"]
        check(verdicts == {"clear": 1, "too_close": 1, "touching": 1, "interfering": 1},
              str(rows[-1]))
        lines = run("batch", tsv, "--clearance", "0.3", expect=1).stdout.splitlines()
        check(lines[0].startswith("far  clear 2 >= 0.3") and
              lines[1].startswith("near  too_close 0.25 < 0.3"), "\n".join(lines))
        check("clearance 0.3: 1 clear, 1 too_close, 1 touching, 1 interfering" in lines[-2],
              lines[-2])
        with open(tsv, "w") as f:
            f.write(f"far\t{CUBE}\t{CUBE}\t\t3,0,0\n")
        run("batch", tsv, "--clearance", "0.3", expect=0)
        run("batch", tsv, "--clearance", "-0.3", expect=2)
    # scene_boxes.obj: a and b overlap, b and c touch; d and e are apart, e
    # within the boxes' reach of d: listed with a clearance larger than their
    # gap, not with a smaller one.
    j = json.loads(run("scene", cli_data("scene_boxes.obj"), "--json", expect=1).stdout)
    base = {(q["a"].split(":")[-1], q["b"].split(":")[-1]) for q in j["pairs"]}
    j = json.loads(run("scene", cli_data("scene_boxes.obj"), "--clearance", "10", "--json",
                       expect=1).stdout)
    near = {(q["a"].split(":")[-1], q["b"].split(":")[-1]): q for q in j["pairs"]}
    check(base < set(near) and all(q["distance"] < 10 for q in near.values()), str(near))
    check(all(q["verdict"] != "clear" for q in near.values()), str(near))
    summary = j["summary"]
    check(summary["interfering"] == 2 and summary["clearance"]["d"] == 10, str(summary))
    too_close = [q for q in near.values() if q["verdict"] == "too_close"]
    check(summary["clearance"]["verdicts"]["too_close"] == len(too_close) > 0, str(summary))
    text = run("scene", cli_data("scene_boxes.obj"), "--clearance", "10", expect=1).stdout
    check("too_close" in text and "clearance 10:" in text, text)


def test_clearance_cast():
    """B's path against a clearance D: the first time the hulls' (or the
    meshes') distance reaches D, by GJK; a start within D, or overlapping."""
    j = cast_json(CUBE, CUBE, "--pose-b", "4,0,0", "--to", "0,0,0", "--clearance", "0.3",
                  expect=1)
    check(j["verdict"] == "too_close" and abs(j["toi"] - 0.675) < max(1e-6, EPS), str(j))
    check(j["clearance"] == 0.3 and j["method"] == "gjk::shape_cast", str(j))
    # Beside A, 0.2 from its side: within 0.3 where the corners pass at
    # sqrt(dx^2 + 0.2^2) = 0.3 (a distance, not SAT's separation).
    j = cast_json(CUBE, CUBE, "--pose-b", "3,1.2,0", "--to", "-3,1.2,0", "--clearance", "0.3",
                  expect=1)
    check(abs(j["distance"] - (2 - 0.05 ** 0.5)) < max(1e-6, EPS), str(j))
    j = cast_json(CUBE, CUBE, "--pose-b", "3,2,0", "--to", "-3,2,0", "--clearance", "0.3",
                  expect=0)
    check(j["verdict"] == "clear", str(j))
    j = cast_json(CUBE, CUBE, "--pose-b", "1.1,0,0", "--to", "3,0,0", "--clearance", "0.3",
                  expect=1)
    check(j["verdict"] == "too_close" and j["status"] == "overlapping", str(j))
    j = cast_json(CUBE, CUBE, "--pose-b", "0.5,0,0", "--to", "3,0,0", "--clearance", "0.3",
                  expect=1)
    check(j["verdict"] == "interfering", str(j))
    j = cast_json(CUBE, CUBE, "--pose-b", "4,0,0", "--to", "0,0,0/0,0,90", "--clearance", "0.3",
                  expect=1)
    check(j["verdict"] == "too_close" and j["method"] == "gjk::time_of_impact", str(j))
    # Meshes: a box falling through the ring's hole passes 0.25 from it.
    small = lambda z: f"0,0,{z}/0,0,0/s=0.5"
    j = mesh_cast(CUBE, "--pose-b", small(3), "--to", small(-3), "--clearance", "0.2", expect=0)
    check(j["verdict"] == "clear", str(j))
    j = mesh_cast(CUBE, "--pose-b", small(3), "--to", small(-3), "--clearance", "0.3", expect=1)
    check(j["verdict"] == "too_close" and j["status"] == "hit", str(j))
    # The corner of the hole: the box's bottom edge 0.25 in from it, so the
    # gap is 0.3 where the bottom is sqrt(0.3^2 - 0.25^2) above the top.
    # GJK stops within its tolerance of D: in float, some EPS per unit of the path.
    check(abs(j["pose_b_at_contact"]["translation"][2] - (0.5 + 0.0275 ** 0.5)) <
          max(1e-6, 6 * EPS), str(j))
    # A point has no clearance; D = 0 is the plain cast, touching on a hit.
    p = run("cast", CUBE, cli_data("point.obj"), "--pose-b", "4,0,0", "--to", "0,0,0",
            "--clearance", "0.3", expect=2)
    check("single point" in p.stderr, p.stderr)
    j = cast_json(CUBE, CUBE, "--pose-b", "4,0,0", "--to", "0,0,0", "--clearance", "0",
                  expect=1)
    check(j["verdict"] == "touching" and j["method"] == "sat::shape_cast", str(j))
    p = run("batch", cli_data("casts.tsv"), "--cast", "--clearance", "0.3", "--json", expect=2)
    rows = [json.loads(l) for l in p.stdout.splitlines()]
    by_id = {r["id"]: r for r in rows[:-1]}
    check(by_id["clear"]["verdict"] == "clear" and by_id["hit"]["verdict"] == "too_close",
          str(by_id))
    check("clearance" in rows[-1]["summary"], str(rows[-1]))


def mesh_cast(*args, expect, command="cast"):
    j = json.loads(run(command, cli_data("ring.obj"), *args, "--mesh", "--json",
                       expect=expect).stdout)
    check(j["mode"] == "mesh" and j["tested"] == "meshes", str(j))
    check(j["hit"] == (j["status"] in ("hit", "overlapping")), str(j))
    return j


def test_cast_mesh():
    """ring.obj is a square ring 3 wide with a 1 x 1 hole along z, 0.5 thick:
    a cube of side 0.5 passes through the hole (its hull is hit), beside it
    lands on the ring's top, and inside the ring's solid starts overlapping."""
    small = lambda x, y, z: f"{x},{y},{z}/0,0,0/s=0.5"
    j = mesh_cast(CUBE, "--pose-b", small(0, 0, 3), "--to", small(0, 0, -3), expect=0)
    check(j["status"] == "missed" and j["toi"] is None, str(j))
    j = cast_json(cli_data("ring.obj"), CUBE, "--pose-b", small(0, 0, 3), "--to",
                  small(0, 0, -3), expect=1)
    check(abs(j["toi"] - 2.5 / 6) < EPS, str(j))
    j = mesh_cast(CUBE, "--pose-b", small(1, 0.2, 3), "--to", small(1, 0.2, -3), expect=1)
    check(j["status"] == "hit" and abs(j["toi"] - 2.5 / 6) < 1e-6, str(j))
    check(close(j["normal"], [0, 0, 1]) and j["triangle_a"] is not None, str(j))
    check(abs(j["point"][2] - 0.25) < 1e-6, str(j))
    # The ring (A) sliding sideways into the cube's side: the other way round
    # and along a wall, A's triangle named.
    j = mesh_cast(CUBE, "--pose-b", small(3, 0, 0), "--to", small(-3, 0, 0), expect=1)
    check(abs(j["toi"] - 1.25 / 6) < 1e-6 and close(j["normal"], [1, 0, 0]), str(j))
    j = mesh_cast(CUBE, "--pose-b", "1,0,0/0,0,0/s=0.25", "--to", "1,0,3/0,0,0/s=0.25", expect=1)
    check(j["status"] == "overlapping" and j["normal"] is None and j["toi"] == 0, str(j))
    # Rays: through the hole, onto the top, from inside the solid, from below.
    j = mesh_cast("--from", "0,0,3", "--to", "0,0,-3", expect=0, command="ray")
    check(j["status"] == "missed", str(j))
    j = mesh_cast("--from", "1,0,3", "--to", "1,0,-3", expect=1, command="ray")
    check(abs(j["toi"] - 2.75 / 6) < EPS and close(j["normal"], [0, 0, 1]), str(j))
    check(j["method"] == "mesh::ray_cast" and j["exact"] is True, str(j))
    j = mesh_cast("--from", "1,0,0", "--to", "1,0,-3", expect=1, command="ray")
    check(j["status"] == "overlapping" and j["normal"] is None, str(j))
    j = mesh_cast("--from", "-1,0,-3", "--to", "-1,0,3", expect=1, command="ray")
    check(abs(j["toi"] - 2.75 / 6) < EPS and close(j["normal"], [0, 0, -1]), str(j))
    # A cooked hull of the cube as A, the ring as B: the mirrored cast.
    with tempfile.TemporaryDirectory() as tmp:
        cooked = os.path.join(tmp, "cube.sxhull")
        run("hull", CUBE, "-o", cooked, expect=0)
        j = json.loads(run("cast", cooked, cli_data("ring.obj"), "--pose-b", "0,0,3",
                           "--to", "0,0,-3", "--mesh", "--json", expect=1).stdout)
        check(abs(j["toi"] - 2.25 / 6) < 1e-6 and close(j["normal"], [0, 0, 1]), str(j))
        check(abs(j["point"][2] - 0.5) < 1e-6, str(j))


def test_cast_bad_inputs():
    for args, word in ((["--pose-b", "4,0,0"], "--to"),
                       (["--to", "1,2"], "bad pose"),
                       (["--pose-b", "1,2,3/q=0,0,0,0", "--to", "0,0,0"], "bad quaternion"),
                       (["--pose-a", "a,b,c", "--to", "0,0,0"], "bad pose"),
                       (["--pose-b", "4,0,0/0,0,0/s=2", "--to", "0,0,0"], "scale changes"),
                       (["--pose-b", "3,0,0", "--to", "0,0,0/0,0,90", "--mesh"],
                        "straight paths")):
        p = run("cast", CUBE, CUBE, *args, expect=2)
        check(word in p.stderr, f"{args}: {p.stderr}")
    p = run("cast", cli_data("point.obj"), CUBE, "--to", "1,0,0", expect=2)
    check("single point" in p.stderr, p.stderr)
    for path, word in bad_inputs():
        if path.endswith("coincident.obj"):  # copies of one point: a point, for B
            j = cast_json(CUBE, path, "--pose-b", "-1,-2,-3", "--to", "-1,-2,-4", expect=1)
            check(j["moving"] == "point" and j["status"] == "overlapping", str(j))
            continue
        check_error_line(run("cast", CUBE, path, "--to", "1,0,0", expect=2), path, word)
    for args, word in ((["--to", "1,0,0"], "--from"),
                       (["--from", "1,2", "--to", "1,0,0"], "bad point"),
                       (["--from", "0,0,0", "--to", "x,0,0"], "bad point"),
                       (["--from", "0,0,0", "--to", "1,0,0", "--pose", "1"], "bad pose")):
        p = run("ray", CUBE, *args, expect=2)
        check(word in p.stderr, f"{args}: {p.stderr}")
    p = run("ray", cli_data("point.obj"), "--from", "0,0,0", "--to", "1,0,0", "--mesh", expect=2)
    check("needs triangles" in p.stderr, p.stderr)


def test_cast_svg():
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "hit.svg")
        p = run("cast", CUBE, CUBE, "--pose-b", "3,0,0", "--to", "0,0,0/0,0,90", "--svg", out,
                expect=1)
        check(p.stdout.endswith(f"wrote {out}\n"), p.stdout)
        ids, classes, polys, texts = svg_groups(out)
        for v in ("front", "top", "side", "iso"):
            check(f"view-{v}" in ids, f"missing view-{v}: {ids}")
        check({"faces", "path", "normal", "hit"} <= classes, str(classes))
        for c in ("hull-a front", "hull-b start front", "hull-b contact front", "hull-b end front"):
            check(c in polys, f"no polygon of class '{c}': {set(polys)}")
        check("B at contact" in texts and "gjk::time_of_impact" in texts, texts)
        out = os.path.join(tmp, "clear.svg")
        run("cast", CUBE, CUBE, "--pose-b", "3,0,0", "--to", "3,4,0", "--svg", out, expect=0)
        ids, classes, polys, texts = svg_groups(out)
        check("hit" not in classes and "hull-b contact front" not in polys, str(classes))
        check("clear" in texts, texts)
        out = os.path.join(tmp, "ray.svg")
        run("ray", CUBE, "--from", "-2.5,0.2,0.1", "--to", "1.5,0.2,0.1", "--svg", out, expect=1)
        ids, classes, polys, texts = svg_groups(out)
        check({"path", "normal", "hit"} <= classes and "hull-b front" not in polys, str(classes))
        check("A's outward normal" in texts, texts)
        p = run("cast", CUBE, CUBE, "--to", "1,0,0", "--json", "--svg", out, expect=1)
        check(json.loads(p.stdout)["status"] == "overlapping", p.stdout)
        p = run("cast", CUBE, CUBE, "--to", "1,0,0", "--svg",
                os.path.join(tmp, "no", "such", "dir.svg"), expect=2)
        check("cannot write" in p.stderr, p.stderr)


# --- cooked hulls (.sxhull) ---------------------------------------------------

def without_times_and_names(j, names):
    """A JSON value with its times and the inputs' descriptions (a mesh is
    not its cooked hull) dropped, and the given paths renamed."""
    j = {k: v for k, v in strip_times(j).items() if k not in ("input_a", "input_b")}
    text = json.dumps(j, sort_keys=True)
    for old, new in names.items():
        text = text.replace(json.dumps(old)[1:-1], new)
    return text


def test_hull_sxhull():
    with tempfile.TemporaryDirectory() as tmp:
        cooked = {}
        for mesh in ("cow.off", "fandisk.off", "bunny.obj"):
            out = os.path.join(tmp, mesh.split(".")[0] + ".sxhull")
            p = run("hull", data(mesh), "-o", out, expect=0)
            check(p.stdout.endswith(f"wrote {out}\n"), p.stdout)
            cooked[data(mesh)] = out
            made = json.loads(run("hull", data(mesh), "--json", expect=0).stdout)[0]
            read = json.loads(run("hull", out, "--json", expect=0).stdout)[0]
            check(read["cooked"] is True and made["cooked"] is False, str(read))
            for key in ("vertices", "faces", "edges", "edge_directions", "shape", "bounds"):
                check(read[key] == made[key], f"{mesh}: {key} {read[key]} != {made[key]}")
            check(read["validation"]["ok"], str(read["validation"]))
            with open(out, "rb") as f:
                b = f.read()
            real_bytes = b[12]
            check(len(b) == 36 + 3 * real_bytes * made["vertices"] + 4 * made["faces"] +
                  8 * made["edges"], f"{out}: {len(b)} bytes")
        names = {}  # both paths of a hull -> one name
        for mesh_path, cooked_path in cooked.items():
            names[mesh_path] = names[cooked_path] = "X" + os.path.basename(cooked_path)
        # Every command gives the cooked hulls the answers of their meshes.
        for a, b, pose, status in (("cow.off", "fandisk.off", "0.9,0.3,0.2/0,30,45", 0),
                                   ("bunny.obj", "cow.off", "0,0,0", 1)):
            mesh = json.loads(run("check", data(a), data(b), "--pose-b", pose, "--json",
                                  expect=status).stdout)
            hull = json.loads(run("check", cooked[data(a)], cooked[data(b)], "--pose-b", pose,
                                  "--json", expect=status).stdout)
            check(without_times_and_names(mesh, names) == without_times_and_names(hull, names),
                  f"check {a} {b}: cooked answers differ")
        svg = os.path.join(tmp, "x.svg")
        p = run("render", cooked[data("bunny.obj")], data("cow.off"), "-o", svg, expect=1)
        check("separation -0.265751" in p.stdout, p.stdout)
        tsv = os.path.join(tmp, "cases.tsv")
        with open(tsv, "w") as f:
            f.write(f"mesh\t{data('bunny.obj')}\t{data('cow.off')}\n"
                    f"cooked\t{cooked[data('bunny.obj')]}\t{cooked[data('cow.off')]}\n")
        lines = run("batch", tsv, "--json", expect=1).stdout.splitlines()
        first, second = (strip_times(json.loads(x)) for x in lines[:2])
        for key in ("separation", "axis", "sat", "gjk", "epa", "verdict"):
            check(first[key] == second[key], f"batch: {key} {first[key]} != {second[key]}")
        j = json.loads(run("scene", tmp, "--json", expect=1).stdout)
        check(len(j["hulls"]) == 3 and j["errors"] == [], str(j["hulls"]))
        check(j["summary"]["interfering"] == 3, str(j["summary"]))


def test_sxhull_bad_inputs():
    with tempfile.TemporaryDirectory() as tmp:
        good = os.path.join(tmp, "cow.sxhull")
        run("hull", data("cow.off"), "-o", good, expect=0)
        with open(good, "rb") as f:
            b = f.read()
        cases = []
        for name, content, word in (("cut.sxhull", b[:100], "truncated"),
                                    ("flipped.sxhull", b[:50] + bytes([b[50] ^ 1]) + b[51:],
                                     "checksum"),
                                    ("future.sxhull", b[:8] + bytes([9, 0, 0, 0]) + b[12:],
                                     "newer"),
                                    ("mesh.sxhull", open(data("io", "tetra.off"), "rb").read(),
                                     "not a sepax hull file"),
                                    ("empty.sxhull", b"", "empty")):
            path = os.path.join(tmp, name)
            with open(path, "wb") as f:
                f.write(content)
            cases.append((path, word))
        cases.append((os.path.join(tmp, "missing.sxhull"), "not found"))
        for path, word in cases:
            check_error_line(run("hull", path, expect=2), path, word)
            check_error_line(run("check", good, path, expect=2), path, word)
        p = run("hull", data("cow.off"), data("bunny.obj"), "-o", os.path.join(tmp, "two.sxhull"),
                expect=2)
        check("holds one hull" in p.stderr, p.stderr)
        check(not os.path.exists(os.path.join(tmp, "two.sxhull")), "two.sxhull written")


def write_obj(path, vertices, faces):
    """Writes a mesh file: vertices (x, y, z) and faces (0-based indices)."""
    with open(path, "w") as f:
        for v in vertices:
            f.write("v %.17g %.17g %.17g\n" % tuple(v))
        for t in faces:
            f.write("f " + " ".join(str(i + 1) for i in t) + "\n")


def uv_sphere(r, nu, nv):
    """A closed UV sphere of radius r: nu steps around z, nv from pole to
    pole; outward triangles."""
    verts = [(0.0, 0.0, r), (0.0, 0.0, -r)]
    for j in range(1, nv):
        phi = math.pi * j / nv
        for i in range(nu):
            u = 2 * math.pi * i / nu
            verts.append((r * math.sin(phi) * math.cos(u), r * math.sin(phi) * math.sin(u),
                          r * math.cos(phi)))
    ring = lambda j, i: 2 + (j - 1) * nu + i % nu
    faces = []
    for i in range(nu):
        faces.append((0, ring(1, i), ring(1, i + 1)))
        faces.append((1, ring(nv - 1, i + 1), ring(nv - 1, i)))
        for j in range(1, nv - 1):
            faces.append((ring(j, i), ring(j + 1, i), ring(j + 1, i + 1)))
            faces.append((ring(j, i), ring(j + 1, i + 1), ring(j, i + 1)))
    return verts, faces


def inradius(verts, faces):
    """Distance from the origin to the nearest triangle plane."""
    best = math.inf
    for a, b, c in faces:
        p, q, r = verts[a], verts[b], verts[c]
        u = [q[k] - p[k] for k in range(3)]
        w = [r[k] - p[k] for k in range(3)]
        n = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]]
        length = math.sqrt(sum(x * x for x in n))
        best = min(best, abs(sum(n[k] * p[k] for k in range(3))) / length)
    return best


def lens(r, d):
    """Volume two balls of radius r share, centres d apart."""
    return 0.0 if d >= 2 * r else math.pi * (4 * r + d) * (2 * r - d) ** 2 / 12


def volume_json(*args, expect=1):
    return json.loads(run("check", *args, "--volume", "--json", expect=expect).stdout)


def test_volume_check():
    """Overlap volumes against analytic ones: cubes (exact in hull mode,
    estimated within the bound with --mesh), a cube turned 45 degrees in
    another (an octagonal prism), a tetrahedron's corner in a cube; two UV
    spheres' lens; an open mesh and --decompose have none."""
    j = volume_json(CUBE, CUBE, "--pose-b", "0.5,0.25,0")
    check(j["overlap_volume_method"] == "exact" and abs(j["overlap_volume"] - 0.375) < 1e-6 and
          abs(j["overlap_fraction_a"] - 0.375) < 1e-6 and j["volume_b"] == 1, str(j))
    j = volume_json(CUBE, CUBE, "--pose-b", "0.5,0.25,0", "--mesh")
    check(j["overlap_volume_method"] == "estimate" and j["overlap_samples"] > 100000 and
          abs(j["overlap_volume"] - 0.375) <= j["overlap_volume_error"], str(j))
    j = volume_json(CUBE, CUBE, "--pose-b", "0,0,0/0,0,45")
    check(abs(j["overlap_volume"] - 2 * (math.sqrt(2) - 1)) < 1e-6, str(j))
    j = volume_json(CUBE, CUBE, "--pose-b", "1,0,0")
    check(j["overlap_volume"] == 0 and j["verdict"] == "touching", str(j))
    text = run("check", CUBE, CUBE, "--pose-b", "0.5,0.25,0", "--volume", expect=1).stdout
    check("overlap volume: 0.375 exact (37.5% of A, 37.5% of B)" in text, text)
    with tempfile.TemporaryDirectory() as tmp:
        tetra = os.path.join(tmp, "tetra.obj")
        write_obj(tetra, [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)],
                  [(0, 2, 1), (0, 1, 3), (0, 3, 2), (1, 2, 3)])
        for mode in ([], ["--mesh"]):
            j = volume_json(tetra, CUBE, "--pose-b", "0.25,0.25,0.25/0,0,0/s=0.5", *mode)
            err = j["overlap_volume_error"]
            check(abs(j["overlap_volume"] - 5 / 48) <= max(err, 1e-6), f"{mode}: {j}")
        sphere = os.path.join(tmp, "sphere.obj")
        verts, faces = uv_sphere(1, 48, 24)
        write_obj(sphere, verts, faces)
        r_in = inradius(verts, faces)
        for d in (0.5, 1.2):
            j = volume_json(sphere, sphere, "--pose-b", f"{d},0,0", "--mesh")
            v, err = j["overlap_volume"], j["overlap_volume_error"]
            check(j["overlap_volume_method"] == "estimate" and
                  lens(r_in, d) - err <= v <= lens(1, d) + err, f"d {d}: {j}, r_in {r_in}")
        # An open mesh encloses nothing: no volume, said so; the verdict stands.
        open_cube = os.path.join(tmp, "open.obj")
        with open(CUBE) as f:
            lines = [l for l in f if not l.startswith("f ")]
        with open(CUBE) as f:
            faces_lines = [l for l in f if l.startswith("f ")]
        with open(open_cube, "w") as f:
            f.writelines(lines + faces_lines[:-1])
        j = volume_json(open_cube, CUBE, "--pose-b", "0.5,0,0", "--mesh")
        check(j["overlap_volume"] is None and j["overlap_volume_method"] == "none" and
              "open mesh" in j["overlap_volume_note"], str(j))
        text = run("check", CUBE, open_cube, "--mesh", "--volume", "--pose-b", "0.5,0,0",
                   expect=1).stdout
        check("overlap volume: none: B is an open mesh" in text, text)
    j = volume_json(CUBE, CUBE, "--pose-b", "0.5,0,0", "--decompose")
    check(j["overlap_volume"] is None and "--mesh" in j["overlap_volume_note"], str(j))
    # A mesh that is not convex: hull mode's volume is the hulls', and says so.
    text = run("check", cli_data("ring.obj"), CUBE, "--pose-b", "0,0,0/0,0,0/s=0.5", "--volume",
               expect=1).stdout
    check("overlap volume: 0.125 exact" in text and "of the hulls; A is not convex" in text, text)
    text = run("check", cli_data("ring.obj"), CUBE, "--pose-b", "0,0,0/0,0,0/s=0.5", "--volume",
               "--mesh", expect=0).stdout
    check("overlap volume: 0 exact" in text, text)


def test_volume_batch_scene():
    with tempfile.TemporaryDirectory() as tmp:
        tsv = os.path.join(tmp, "v.tsv")
        cube = os.path.abspath(CUBE)
        with open(tsv, "w") as f:
            f.write(f"far\t{cube}\t{cube}\t\t3,0,0\n")
            f.write(f"half\t{cube}\t{cube}\t\t0.5,0,0\n")
        lines = run("batch", tsv, "--volume", expect=1).stdout.splitlines()
        check(lines[0].endswith("volume 0") and lines[1].endswith("volume 0.5"), "\n".join(lines))
        rows = [json.loads(l) for l in run("batch", tsv, "--volume", "--json", "--mesh",
                                           expect=1).stdout.splitlines()[:-1]]
        check(rows[0]["overlap_volume"] == 0 and
              abs(rows[1]["overlap_volume"] - 0.5) <= rows[1]["overlap_volume_error"], str(rows))
        p = run("batch", cli_data("casts.tsv"), "--cast", "--volume", expect=2)
        check("--volume" in p.stderr.splitlines()[0], p.stderr)
    j = json.loads(run("scene", cli_data("scene_boxes.obj"), "--volume", "--json",
                       expect=1).stdout)
    check(all("overlap_volume" in q for q in j["pairs"]), str(j["pairs"]))
    check(any(q["overlap_volume"] > 0 for q in j["pairs"]), str(j["pairs"]))
    text = run("scene", cli_data("scene_boxes.obj"), "--volume", expect=1).stdout
    check("  volume " in text, text)


def page_data(path):
    """The SEPAX_REPORT object a page carries (its one data line)."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("window.SEPAX_REPORT = "):
                return json.loads(line[len("window.SEPAX_REPORT = "):].rstrip().rstrip(";"))
    fail(f"{path}: no SEPAX_REPORT line")


def test_html():
    """--html on check (hulls, meshes), scene, cast and ray: one
    self-contained page each, with the answer's data, opened in headless
    Chromium (browser_test.py: no console error, the page ready, each
    shape's colour on screen); big meshes shown simplified; an unwritable
    path is exit 2."""
    browser = os.path.join(ROOT, "tools", "cli", "tests", "browser_test.py")
    blue, orange, red = "#1f77b4", "#ff7f0e", "#d62728"
    with tempfile.TemporaryDirectory() as tmp:
        page = lambda name: os.path.join(tmp, name + ".html")
        p = run("check", CUBE, cli_data("ring.obj"), "--pose-b", "1.2,0,0", "--volume",
                "--html", page("check"), expect=1)
        check(f"wrote {page('check')}" in p.stdout, p.stdout)
        d = page_data(page("check"))
        check(d["verdict"] == "intersecting" and len(d["objects"]) == 2 and
              d["objects"][1]["hull"] is not None and
              any(r[0] == "overlap volume" for r in d["panel"]) and
              any("minimum translation" in a["label"] for a in d["arrows"]), str(d)[:2000])
        run("check", data("bracket.obj"), data("pin.obj"), "--pose-b", "0,-0.75,0", "--mesh",
            "--clearance", "0.1", "--html", page("mesh"), expect=1)
        check(page_data(page("mesh"))["verdict"] == "interfering", "mesh page's verdict")
        run("check", CUBE, CUBE, "--pose-b", "2,0.5,0", "--html", page("apart"), expect=0)
        d = page_data(page("apart"))
        check(d["lines"][0]["label"] == "distance 1" and len(d["points"]) == 2, str(d["lines"]))
        run("scene", cli_data("scene_boxes.obj"), "--html", page("scene"), expect=1)
        d = page_data(page("scene"))
        check(len(d["objects"]) == 5 and len(d["pairs"]) == 2 and
              d["objects"][0]["name"] == "scene_boxes.obj:a", str(d["pairs"]))
        run("cast", CUBE, CUBE, "--pose-b", "3,0.4,0", "--to", "-3,0.4,0", "--html", page("cast"),
            expect=1)
        d = page_data(page("cast"))
        check([o["name"] for o in d["objects"]][1:] ==
              ["B at its start", "B at first contact", "B at its end"] and d["verdict"] == "hit",
              str([o["name"] for o in d["objects"]]))
        run("ray", cli_data("ring.obj"), "--from", "-3,0.75,0", "--to", "3,0.75,0", "--html",
            page("ray"), expect=1)
        # Two spheres of 180000 triangles each, over the page's budget with
        # their hulls: shown simplified, said so, the page small.
        for name, x in (("big_a", 0), ("big_b", 1.5)):
            verts, faces = uv_sphere(1, 300, 300)
            write_obj(os.path.join(tmp, name + ".obj"), [(v[0] + x, v[1], v[2]) for v in verts],
                      faces)
        run("check", os.path.join(tmp, "big_a.obj"), os.path.join(tmp, "big_b.obj"), "--html",
            page("big"), expect=1)
        d = page_data(page("big"))
        check(len(d["notes"]) == 4 and all("shown simplified" in n for n in d["notes"]),
              str(d["notes"]))
        size = os.path.getsize(page("big"))
        check(size < 15e6, f"big page: {size} bytes")
        # Unwritable: one line, exit 2.
        p = run("check", CUBE, CUBE, "--html", os.path.join(tmp, "no", "such", "dir.html"),
                expect=2)
        check(len(p.stderr.splitlines()) == 1 and "--html" in p.stderr, p.stderr)
        for name, colors in (("check", [blue, orange]), ("mesh", [blue, orange]),
                             ("apart", [blue, orange]), ("scene", [blue, orange]),
                             ("cast", [blue, orange, red]), ("ray", [blue]),
                             ("big", [blue, orange])):
            r = subprocess.run([sys.executable, browser, page(name), "--colors", ",".join(colors),
                                "--min-fraction", "0.002"],
                               capture_output=True, text=True, timeout=240)
            if r.returncode == 77:
                print("SKIP: chromium is not installed (Debian: apt-get install chromium): "
                      "the pages were written and their data checked, not opened")
                sys.exit(77)
            check(r.returncode == 0, f"{name}.html in chromium:\n{r.stdout}\n{r.stderr}")
            print(f"{name}.html: opened in chromium, {os.path.getsize(page(name))} bytes")


TESTS = {name[5:]: f for name, f in globals().items() if name.startswith("test_")}

if __name__ == "__main__":
    EXE, ROOT, name = sys.argv[1], sys.argv[2], sys.argv[3]
    CUBE = cli_data("cube.obj")
    if name.startswith("cast") or name in ("ray", "batch_cast", "clearance_cast", "check_touching"):
        EPS = real_eps()
    TESTS[name]()
    print("ok:", name)
