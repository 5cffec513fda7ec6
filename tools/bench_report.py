#!/usr/bin/env python3
"""docs/benchmarks.md from the JSON of one run of the bench programs.

    /usr/bin/python3 tools/bench_report.py build-bench/json/*.json

Each JSON file is known by the program that wrote it (the context's
executable). Every sentence of the report is in docs/benchmarks.in.md; this
script fills its placeholders with tables, plots, numbers and goal verdicts
made from the JSON alone:

    {{name}}                 a value
    {{#name}}...{{/name}}    the text between, when the value is true
    {{^name}}...{{/name}}    the text between, when it is false (sections nest)

and wraps the filled paragraphs at 78 columns. Kinds, situations, methods
and algorithms are read from the benchmark names (their spellings are in
`K` below), what a peer query answers from its label, work from its
counters. Times are Google Benchmark's CPU time (--time real for wall
time). Needs Debian's python3-matplotlib for the plots (/usr/bin/python3).

bench_mesh_contact and bench_scene may be missing (their sections say so);
bench_scene's per-frame and per-kind CSVs are read from beside its JSON
(--scene-frames, --scene-kinds), and a second bench_scene JSON (bullet.clip
on a sample of frames, tools/bench.sh) adds its rows to the first's.
"""

import argparse
import csv
import json
import math
import os
import re
import sys
import textwrap
from collections import defaultdict

UNIT = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}


class K:
    """Every row key the report reads, spelled once: the programs, the parts
    of their benchmark names, the JSON context's keys."""

    PROGRAMS = ("bench_hull", "bench_support", "bench_sat", "bench_gjk", "bench_peers",
                "bench_mesh", "bench_contact", "bench_cast")
    # Programs the report does without (their sections say they did not run)
    OPTIONAL = ("bench_mesh_contact", "bench_scene")
    # bench/bench_python.py, when the Python module was built:
    # python/<kind>/<query>/<method>
    PYTHON = "bench_python"
    PY_QUERIES = ("sat", "gjk", "epa", "contact")
    PY_CPP, PY_BATCH, PY_NEW, PY_MATRIX, PY_AUTO, PY_LOOP = (
        "cpp", "batch", "batch_new", "batch_matrix", "batch_auto", "py_loop")
    # bench_hull: hull/<library>/<cloud>/<points>
    HULL_ROW = re.compile(r"hull/sepax/(\w+)/(\d+)$")
    QHULL_ROW = "hull/qhull/%s/%s"
    # bench_support: support/<method>/<vertices>; the first method is the scan
    CLIMB_COLD = "climb_cold"
    # bench_sat: SAT/<method>/<situation>/<vertices>, or poly<vertices>
    NAIVE, ALL_EDGES, PRUNED, QUERY, CACHED, INTERSECT = (
        "naive", "all_edges", "pruned", "query", "cached", "intersect")
    POLY = "poly"
    BOX_SIZE = 8  # bench_sat's boxes
    # bench_gjk: <function>/<vertices>, or <function>
    GJK_DISTANCE = "BM_gjk_distance"
    GJK_COLD, GJK_WARM = "BM_gjk_coherent_cold", "BM_gjk_coherent_warm"
    BOX_HULL, BOX_ADAPTER = "BM_gjk_distance_box_hull", "BM_gjk_distance_box_adapter"
    # situations (bench_sat, bench_peers); the coherent ones keep caches
    SEPARATED, TOUCHING = "separated", "touching"
    SHALLOW, DEEP, CONTAINED = "shallow", "deep", "contained"
    MOTION, SLIDING, RESTING = "motion", "sliding", "resting"
    OVERLAP = (SHALLOW, DEEP, CONTAINED)
    COHERENT = (MOTION, SLIDING, RESTING)
    # bench_peers: peers/<kind>/<situation>/<algorithm>; kinds with a size
    BOX, HULL = "box", "hull"  # hull<vertices>
    HULL32, HULL128, HULL512 = HULL + "32", HULL + "128", HULL + "512"
    HULL2048, HULL4096 = HULL + "2048", HULL + "4096"
    SIZED = re.compile(r"^(box|hull\d+)$")
    # two flat polygons: flat<corners> (8: 3 to 8) and coplanar
    POLYGON_PAIR = re.compile(r"^(flat\d+|coplanar)$")
    SEPAX = "sepax."
    SAT_NAIVE, SAT_ALL_EDGES = "sepax.sat_naive", "sepax.sat_all_edges"
    SAT_GENERAL, SAT_QUERY = "sepax.sat_general", "sepax.sat_query"
    SAT_CACHED, SAT_INTERSECT = "sepax.sat_cached", "sepax.sat_intersect"
    GJK, GJK_WARM_ALGO, EPA = "sepax.gjk_distance", "sepax.gjk_distance_warm", "sepax.epa"
    MPR = "ccd.mpr_penetration"
    BULLET_GJK, BULLET_GJK_WARM, BULLET_EPA = (
        "bullet.gjk_distance", "bullet.gjk_distance_warm", "bullet.epa")
    BOOLEAN, PENETRATION, DISTANCE = "boolean", "penetration", "distance"  # row labels
    WARM_SUFFIXES = (("_warm", ""), ("_cached", "_query"))  # warm row: its cold row
    # bench_mesh: <library>/<query>/<situation>
    MESH_PAIRS = (("sepax/query/", "fcl/distance/"), ("sepax/intersect/", "fcl/collide/"))
    # bench_contact: contact/<kind>_<layout>/<algorithm>
    RESTING_SET, SEPARATED_SET = "_" + RESTING, "_" + SEPARATED
    BOX_RESTING, BOX_SEPARATED = BOX + RESTING_SET, BOX + SEPARATED_SET
    HULL128_RESTING = HULL128 + RESTING_SET
    COLD, WARM, WARM_MOVING = "sepax.cold", "sepax.warm", "sepax.warm_moving"
    BULLET_CLIP, ODE = "bullet.clip", "ode.collide"
    # Box3D's rows when the build has it (-Dbox3d): only pairs it can build
    BOX3D_COLD, BOX3D_WARM, BOX3D_WARM_MOVING = "box3d.cold", "box3d.warm", "box3d.warm_moving"
    # bench_cast: <section>/<kind>/<situation>/<algorithm>; sized kinds as
    # bench_peers's (hull<vertices>), the others meshes, walls or planks
    RAY, RAY_MESH, LINEAR, TOI = "ray", "ray_mesh", "linear", "toi"
    CAST_SECTIONS = (RAY, RAY_MESH, LINEAR, TOI)
    HIT, MISS, SPIN = "hit", "miss", "spin"
    RAY_CAST, RAY_SCAN = "sepax.ray_cast", "sepax.ray_scan"
    BULLET_RAYS = ("bullet.ray_test", "bullet.ray_test_gjk")
    MESH_RAY, BULLET_MESH_RAY = "sepax.mesh_ray", "bullet.mesh_ray_test"
    SAT_CAST, BULLET_GJK_CAST = "sepax.sat_cast", "bullet.gjk_convex_cast"
    TOI_ALGO, BULLET_CONTINUOUS = "sepax.toi", "bullet.continuous"
    CAST_SIZED = re.compile(r"^(box|hull(\d+))$")
    CAST_MESHES = "meshes"  # the mesh kinds' column: the geo-mean over them
    # bench_mesh_contact: mesh_contact/<body>/<ground>/<road>; the box ground
    # is the reference of the triangle floors
    MESH_CONTACT = "mesh_contact"
    GROUND_BOX, MC_COLD, MC_CACHED = "box", "cold", "cached"
    # bench_scene: scene/<library>/<half>; tools/bench.sh writes the per-frame
    # CSV (frame, then a column per library) and the kinds CSV
    # (library,half,kinds,pairs,us_per_pair) beside its JSON
    SCENE, SCENE_ALL, SCENE_RESTING = "scene", "all", "resting"
    SCENE_CACHED = "sepax.cached"
    SCENE_FRAMES_CSV, SCENE_KINDS_CSV = "bench_scene_frames.csv", "bench_scene_kinds.csv"
    SCENE_US = {"cpu_time": "cpu_us_per_frame", "real_time": "us_per_frame"}
    # the JSON context: each peer's version under its library's name
    PEER_NAMES = {"ccd": "libccd", "bullet": "Bullet", "fcl": "FCL", "ode": "ODE",
                  "box3d": "Box3D", "jolt": "Jolt"}
    # The same sepax query timed by two programs (a measure of the noise):
    # bench_sat's method and bench_gjk's function against bench_peers's rows.
    SAME_SAT = {QUERY: SAT_QUERY, PRUNED: SAT_GENERAL, INTERSECT: SAT_INTERSECT,
                NAIVE: SAT_NAIVE, ALL_EDGES: SAT_ALL_EDGES}
    SAME_GJK = {GJK_DISTANCE: (SEPARATED, GJK), GJK_COLD: (MOTION, GJK),
                GJK_WARM: (MOTION, GJK_WARM_ALGO)}


# ---------------------------------------------------------------------------
# Loading


def load(paths, time_field):
    """{program: (context, {row name: row})}; a row is Google Benchmark's
    entry plus "ns" (time per iteration) and "error" (None when timed)."""
    runs = {}
    for path in paths:
        with open(path) as f:
            data = json.load(f)
        context = data.get("context", {})
        program = os.path.basename(context.get("executable", ""))
        known = K.PROGRAMS + K.OPTIONAL + (K.PYTHON,)
        if program not in known:
            sys.exit("bench_report: %s: not from one of %s" % (path, ", ".join(known)))
        rows = {}
        for b in data["benchmarks"]:
            name = b.get("run_name", b["name"])
            aggregate = b.get("run_type") == "aggregate"
            if aggregate and b.get("aggregate_name") != "median":
                continue
            if not aggregate and name in rows:
                continue  # repetitions: the median aggregate, or the first
            row = dict(b)
            row["error"] = b.get("error_message", "error") if b.get("error_occurred") else None
            row["ns"] = b[time_field] * UNIT[b.get("time_unit", "ns")] if not row["error"] else None
            rows[name] = row
        if program in runs:  # a second run of a program (bench_scene's bullet.clip)
            first, seen = runs[program]
            rows.update(seen)
            if int(first.get("scene_stride", 1)) <= int(context.get("scene_stride", 1)):
                context = first
        runs[program] = (context, rows)
    return runs


def ordered(values):
    """Unique values in the order first seen."""
    return list(dict.fromkeys(values))


def timed(row):
    return row is not None and row["ns"] is not None


# ---------------------------------------------------------------------------
# Formatting


def fmt_ns(ns):
    if ns is None:
        return "—"
    if ns >= 1e6:
        return "%.2f ms" % (ns / 1e6)
    if ns >= 1e3:
        return "%.2f µs" % (ns / 1e3)
    return "%.0f ns" % ns


def fmt_time(row):
    return fmt_ns(row["ns"] if timed(row) else None)


def fmt_x(x):
    if x is None:
        return "—"
    return "%.0f" % x if x >= 1000 else "%.3g" % x


def fmt_int(v):
    return "%.0f" % v


def fmt_g(v):
    """%g without the exponent's padding: 1e-9, not 1e-09."""
    return re.sub(r"e([+-])0*(\d)", r"e\1\2", "%g" % v).replace("e+", "e")


def fmt_pct(v):
    return "%.0f%%" % (100 * v)


def span(values, fmt=fmt_x):
    values = [v for v in values if v is not None]
    if not values:
        return "—"
    lo, hi = min(values), max(values)
    return fmt(lo) if fmt(lo) == fmt(hi) else "%s–%s" % (fmt(lo), fmt(hi))


def ratio(a, b):
    return a["ns"] / b["ns"] if timed(a) and timed(b) else None


def geomean(values):
    values = [v for v in values if v is not None and v > 0]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


def most(values):
    values = [v for v in values if v is not None]
    return max(values) if values else None


def table(header, rows, align=None):
    align = align or ["---"] + ["---:"] * (len(header) - 1)
    out = ["| " + " | ".join(header) + " |", "|" + "|".join(align) + "|"]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(out)


# ---------------------------------------------------------------------------
# bench_peers rows: peers/<kind>/<situation>/<algorithm>


class Peers:
    def __init__(self, rows):
        self.rows = {}
        for name, r in rows.items():
            parts = name.split("/")
            if len(parts) == 4 and parts[0] == "peers":
                self.rows[tuple(parts[1:])] = r
        self.kinds = ordered(k for k, _, _ in self.rows)
        self.situations = ordered(s for _, s, _ in self.rows)
        self.algorithms = ordered(a for _, _, a in self.rows)

    def get(self, kind, situation, algo):
        r = self.rows.get((kind, situation, algo))
        return r if timed(r) else None

    def ratio(self, kind, situation, a, b):
        return ratio(self.get(kind, situation, a), self.get(kind, situation, b))

    def vertices(self, kind):
        return max(int(r.get("vertices", 0)) for (k, _, _), r in self.rows.items() if k == kind)

    def label(self, kind):
        return "%s (%d)" % (kind, self.vertices(kind))

    def fastest(self, kind, situation, question, sepax=False, right_only=False):
        """(algorithm, row) of the fastest timed row answering `question`."""
        best = None
        for a in self.algorithms:
            r = self.get(kind, situation, a)
            if r is None or a.startswith(K.SEPAX) != sepax:
                continue
            if question not in r.get("label", "").split("+"):
                continue
            if right_only and r.get("wrong", 0) > 0:
                continue
            if best is None or r["ns"] < best[1]["ns"]:
                best = (a, r)
        return best

    def versus(self, kind, situation, ours, question, right_only=False):
        """(ratio, peer name) of a sepax row against the fastest peer."""
        o = self.get(kind, situation, ours) if isinstance(ours, str) else ours
        p = self.fastest(kind, situation, question, right_only=right_only)
        if o is None or p is None:
            return None, None
        return o["ns"] / p[1]["ns"], p[0]

    def counter(self, cells, algo, key):
        """A counter of algo's rows on (kind, situation) cells (reported ones)."""
        rows = [self.get(k, s, algo) for k, s in cells]
        return [r[key] for r in rows if r and r.get(key, -1) >= 0]

    def wrong(self, cells, algo):
        """'wrong/checked' summed over algo's rows on the cells."""
        rows = [self.rows.get((k, s, algo)) for k, s in cells]
        return "%d/%d" % (sum(int(r["wrong"]) for r in rows if r),
                          sum(int(r["checked"]) for r in rows if r))


def short(algo):
    return algo[len(K.SEPAX):] if algo and algo.startswith(K.SEPAX) else algo


def versions(context):
    found = ["%s %s" % (label, context[key]) for key, label in K.PEER_NAMES.items()
             if key in context]
    return ", ".join(found) if found else "none"


# ---------------------------------------------------------------------------
# Values: each program's tables and numbers, keyed as the template names them


def run_values(runs, time_field):
    c = runs["bench_hull"][0]
    v = {"run.host": c.get("host_name", "?"), "run.cpus": c.get("num_cpus", "?"),
         "run.mhz": c.get("mhz_per_cpu", "?"), "run.date": c.get("date", "?"),
         "run.time": time_field.split("_")[0].upper(),
         "run.loads": ", ".join("%s %.1f" % (p[len("bench_"):],
                                             runs[p][0].get("load_avg", [float("nan")])[0])
                                for p in K.PROGRAMS + K.OPTIONAL if p in runs)}
    noise = same_query_spread(runs)
    v["run.noise"] = noise is not None
    if noise:
        v["run.noise_rows"], v["run.noise_max"], v["run.noise_median"] = noise
    return v


def same_query_spread(runs):
    """The same sepax query on the same pairs, timed by bench_sat or
    bench_gjk and by bench_peers: (rows, largest and median difference)."""
    peers = Peers(runs["bench_peers"][1])
    pairs = []
    for name, r in runs["bench_sat"][1].items():
        _, method, sit, n = name.split("/")
        kind = n if n.startswith(K.POLY) else K.BOX if n == str(K.BOX_SIZE) else K.HULL + n
        if method == K.CACHED and sit == K.SEPARATED:
            pairs.append((r, peers.get(kind, K.MOTION, K.SAT_CACHED)))
        elif method in K.SAME_SAT:
            pairs.append((r, peers.get(kind, sit, K.SAME_SAT[method])))
    for name, r in runs["bench_gjk"][1].items():
        func, _, n = name.partition("/")
        if func in K.SAME_GJK:
            pairs.append((r, peers.get(K.HULL + n, *K.SAME_GJK[func])))
    diffs = sorted(abs(math.log(ratio(a, b))) for a, b in pairs
                   if timed(a) and timed(b) and min(a["ns"], b["ns"]) >= 1e3)
    if not diffs:
        return None

    def pct(d):
        return "%.0f%%" % (100 * (math.exp(d) - 1))
    return len(diffs), pct(diffs[-1]), pct(diffs[len(diffs) // 2])


def hull_values(rows):
    """A row a size, each cloud's sepax time, Qhull's time and their ratio."""
    grid = defaultdict(dict)
    for name, r in rows.items():
        m = K.HULL_ROW.match(name)
        if m:
            grid[int(m.group(2))][m.group(1)] = (r, rows.get(K.QHULL_ROW % m.groups()))
    clouds = ordered(c for by_cloud in grid.values() for c in by_cloud)
    body = [[n] + [cell for c in clouds for cell in hull_cells(*grid[n].get(c, (None, None)))]
            for n in sorted(grid)]
    header = ["points"] + [h for c in clouds for h in (c + ": sepax", "Qhull", "sepax / Qhull")]
    return {"hull.table": table(header, body)}


def hull_cells(ours, qhull):
    return [fmt_time(ours), fmt_time(qhull), fmt_x(ratio(ours, qhull))]


def support_values(context, rows):
    grid = defaultdict(dict)
    for name, r in rows.items():
        _, method, n = name.split("/")
        grid[int(n)][method] = r
    methods = ordered(name.split("/")[1] for name in rows)
    base, climbs = methods[0], methods[1:]
    sizes = sorted(grid)

    def cell(n, m):
        if m == base:
            return fmt_time(grid[n].get(m))
        return "%s (%s)" % (fmt_time(grid[n].get(m)), fmt_x(ratio(grid[n].get(m),
                                                                 grid[n].get(base))))
    body = [[m] + [cell(n, m) for n in sizes] for m in methods]
    wins = []
    for m in climbs:
        beats = [n for n in sizes if (ratio(grid[n].get(m), grid[n].get(base)) or math.inf) < 1]
        first = next((n for n in sizes if all(k in beats for k in sizes if k >= n)), None)
        wins.append("%s from %s" % (m, first or "—"))
    return {"support.table": table(["vertices"] + [str(n) for n in sizes], body),
            "support.wins": "; ".join(wins),
            "support.threshold": context.get("support_climb_threshold", "?")}


def sat_grid(rows, flat=False):
    """{situation: {method: {n: row}}} from SAT/<method>/<situation>/<n>, or
    with `flat` from SAT/<method>/<situation>/poly<n>."""
    grid = defaultdict(lambda: defaultdict(dict))
    for name, r in rows.items():
        _, method, sit, n = name.split("/")
        if n.startswith(K.POLY) == flat:
            grid[sit][method][int(n[len(K.POLY):] if flat else n)] = r
    return grid


def slope(points):
    """Least-squares slope of log(ns) against log(n)."""
    pts = [(math.log(n), math.log(r["ns"])) for n, r in points if timed(r)]
    if len(pts) < 2:
        return None
    mx = sum(x for x, _ in pts) / len(pts)
    my = sum(y for _, y in pts) / len(pts)
    return sum((x - mx) * (y - my) for x, y in pts) / sum((x - mx) ** 2 for x, _ in pts)


def sat_table(grid):
    """A row per method, a column per size; each cell the situations'
    times, ' · ' between."""
    sizes = sorted({n for methods in grid.values() for m in methods.values() for n in m})
    methods = ordered(m for by_method in grid.values() for m in by_method)
    body = [[m] + [" · ".join(fmt_time(grid[sit].get(m, {}).get(n)) for sit in grid)
                   for n in sizes] for m in methods]
    return table([" · ".join(grid)] + [str(n) for n in sizes], body)


def sat_work(grid, name):
    """The pruned query's work at the grid's largest size, and its growth."""
    big = max((n for methods in grid.values() for n in methods.get(K.PRUNED, {})), default=0)
    work = []
    for sit, methods in grid.items():
        pruned = methods.get(K.PRUNED, {})
        r = pruned.get(big)
        if timed(r):
            work.append("%s %.0f, %.0f, %.0f, n^%.2f" % (
                sit, r.get("axes", 0), r.get("supports", 0), r.get("arc_tests", 0),
                slope([(n, x) for n, x in pruned.items() if n >= 256]) or float("nan")))
    return {"sat.%s_big" % name: big, "sat.%s_work" % name: "; ".join(work) or "—"}


def sat_values(rows):
    """The hulls' time table; the polygons' are plotted."""
    v = {"sat.hulls": sat_table(sat_grid(rows))}
    v.update(sat_work(sat_grid(rows), "hulls"))
    v.update(sat_work(sat_grid(rows, flat=True), "polygons"))
    return v


def gjk_values(rows):
    funcs = defaultdict(dict)
    for name, r in rows.items():
        func, _, arg = name.partition("/")
        funcs[func][arg] = r
    args = sorted({a for f in funcs.values() for a in f if a}, key=int)
    sized = {func: byarg for func, byarg in funcs.items() if any(byarg)}
    body = [["`%s`" % func] + [fmt_time(byarg.get(a)) for a in args]
            for func, byarg in sized.items()]
    single = ", ".join("`%s` %s" % (func, fmt_time(byarg[""])) for func, byarg in funcs.items()
                       if func not in sized)
    cold, warm = funcs.get(K.GJK_COLD, {}), funcs.get(K.GJK_WARM, {})
    notes = ["%s: %sx (%.1f → %.1f)" % (a, fmt_x(ratio(cold[a], warm[a])),
                                          cold[a].get("gjk_iterations", 0),
                                          warm[a].get("gjk_iterations", 0))
             for a in sorted(set(cold) & set(warm), key=int)
             if timed(cold[a]) and timed(warm[a])]
    return {"gjk.table": table(["benchmark"] + ["%s vertices" % a for a in args], body),
            "gjk.single": single or "—",
            "gjk.warm": "; ".join(notes) or "—",
            "gjk.box": fmt_x(ratio(funcs.get(K.BOX_ADAPTER, {}).get(""),
                                   funcs.get(K.BOX_HULL, {}).get("")))}


def peers_values(p, context, plots):
    v = {"peers.versions": versions(context), "peers.plots": "\n".join(plots)}
    overlap = [s for s in p.situations if s in K.OVERLAP]
    body = []
    for k in [k for k in p.kinds if not k.startswith(K.POLY)]:
        cells = []
        for s in overlap:
            sq, peer = p.versus(k, s, K.SAT_QUERY, K.PENETRATION, right_only=True)
            ep, _ = p.versus(k, s, K.EPA, K.PENETRATION, right_only=True)
            cells.append("%s · %s (%s)" % (fmt_x(sq), fmt_x(ep), peer or "—"))
        body.append([p.label(k)] + cells)
    v["peers.depth"] = table(["hulls"] + overlap, body, ["---"] * (1 + len(overlap)))
    v["peers.boolean"] = boolean_table(p)
    v["peers.coherent"] = coherent_summary(p)
    v["peers.wrong"] = wrong_table(p)
    return v


def boolean_table(p):
    """Per static situation, over the kinds: the fastest sepax query over
    the fastest peer query that decides the pair, and which queries they
    are (with the number of kinds each is fastest on)."""
    body = []
    for s in [s for s in p.situations if s not in K.COHERENT]:
        xs, ours, theirs = [], defaultdict(int), defaultdict(int)
        for k in p.kinds:
            o = p.fastest(k, s, K.BOOLEAN, sepax=True)
            x, peer = p.versus(k, s, o[1] if o else None, K.BOOLEAN)
            if x is not None:
                xs.append(x)
                ours[short(o[0])] += 1
                theirs[peer] += 1
        faster = "%d of %d" % (sum(x < 1 for x in xs), len(xs))
        body.append([s, fmt_x(geomean(xs)), span(xs), faster, counted(ours), counted(theirs)])
    return table(["situation", "geo-mean", "span", "sepax faster on", "sepax's fastest",
                  "the peers' fastest"], body, ["---"] + ["---:"] * 3 + ["---"] * 2)


def counted(names):
    """'a (3), b (1)': names with their counts, most first."""
    return ", ".join("%s (%d)" % (n, c) for n, c in sorted(names.items(), key=lambda i: -i[1]))


def coherent_summary(p):
    """Spans over the kinds (the largest named): GJK distance against the
    peers, the warm starts' and the SAT cache's speedups on motion, the
    cache's share of frames, the cached SAT query against MPR and against
    itself uncached."""
    sits = [s for s in (K.RESTING, K.SLIDING) if s in p.situations]

    def over(f):
        xs = {k: f(k) for k in p.kinds}
        xs = {k: x for k, x in xs.items() if x is not None}
        if not xs:
            return "—"
        top = max(xs, key=xs.get)
        return "%s (%s)" % (span(list(xs.values())), top)

    def hits(s):
        rows = [p.get(k, s, K.SAT_CACHED) for k in p.kinds]
        return span([r["cache_hit_rate"] for r in rows if r], fmt_pct)

    gjk = "; ".join("%s %s" % (s, over(lambda k, s=s: p.versus(k, s, K.GJK, K.DISTANCE)[0]))
                    for s in (K.SEPARATED, K.MOTION))
    warm = "; ".join("%s %s" % (name, over(lambda k, c=c, w=w: p.ratio(k, K.MOTION, c, w)))
                     for name, c, w in (("GJK", K.GJK, K.GJK_WARM_ALGO),
                                        ("Bullet", K.BULLET_GJK, K.BULLET_GJK_WARM),
                                        ("SAT cache", K.SAT_QUERY, K.SAT_CACHED)))
    share = "; ".join("%s %s" % (s, hits(s)) for s in (K.MOTION,) + tuple(sits))
    mpr = "; ".join("%s %s" % (s, over(lambda k, s=s: p.ratio(k, s, K.SAT_CACHED, K.MPR)))
                    for s in sits)
    own = "; ".join("%s %s" % (s, over(lambda k, s=s: p.ratio(k, s, K.SAT_CACHED, K.SAT_QUERY)))
                    for s in sits)
    return ("GJK over the fastest peer distance: %s. Cold over warm on *motion*: %s. Frames "
            "the cache answered: %s. Cached over MPR: %s; over uncached: %s." %
            (gjk, warm, share, mpr, own))


def wrong_table(p):
    per = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for (_, s, a), r in p.rows.items():
        if "wrong" in r:
            per[a][s][0] += int(r["wrong"])
            per[a][s][1] += int(r["checked"])
    sits = p.situations
    body = []
    for a in p.algorithms:
        total = [sum(per[a][s][0] for s in sits), sum(per[a][s][1] for s in sits)]
        if total[0] == 0:
            continue
        body.append([a] + ["%d/%d" % tuple(per[a][s]) if per[a][s][1] else "—" for s in sits] +
                    ["%d/%d" % tuple(total)])
    return table(["algorithm"] + sits + ["total"], body)


def mesh_values(rows, context):
    situations = ordered(name.split("/")[2] for name in rows if name.count("/") == 2)
    body = []
    for sit in situations:
        cells = [sit]
        peers = []
        for ours, peer in K.MESH_PAIRS:
            o, q = rows.get(ours + sit), rows.get(peer + sit)
            cells += [fmt_time(o), fmt_time(q), fmt_x(ratio(o, q))]
            peers.append(q)
        wrong = [r["wrong"] for r in peers if timed(r) and "wrong" in r]
        cells.append("%d of %d" % (sum(wrong), len(wrong)) if wrong else "—")
        body.append(cells)
    return {"mesh.table": table(["pair", "sepax `mesh::query`", "FCL distance", "ratio",
                                 "sepax `mesh::intersect`", "FCL collide", "ratio", "FCL wrong"],
                                body),
            "mesh.fcl_version": context.get("fcl", "—")}


# ---------------------------------------------------------------------------
# bench_contact rows: contact/<pair set>/<algorithm>


class Contact:
    def __init__(self, rows):
        self.rows = {}
        for name, r in rows.items():
            parts = name.split("/")
            if len(parts) == 3 and parts[0] == "contact":
                self.rows[(parts[1], parts[2])] = r
        self.pairs = ordered(pair for pair, _ in self.rows)
        self.algorithms = ordered(a for _, a in self.rows)
        self.touching = [p for p in self.pairs if not p.endswith(K.SEPARATED_SET)]
        self.separated = [p for p in self.pairs if p.endswith(K.SEPARATED_SET)]
        self.resting = [p for p in self.pairs if p.endswith(K.RESTING_SET)]

    def get(self, pair, algo):
        r = self.rows.get((pair, algo))
        return r if timed(r) else None

    def ratio(self, pair, a, b):
        return ratio(self.get(pair, a), self.get(pair, b))


def contact_values(context, c):
    def cell(r):
        if r is None:
            return "—"
        text = fmt_ns(r["ns"])
        if r.get("points", 0) > 0:
            text += ", %.3g pt%s" % (r["points"], "" if r["points"] == 1 else "s")
        return text + (", **%d/%d wrong**" % (r["wrong"], r["checked"]) if r.get("wrong") else "")
    times = [[p] + [cell(c.get(p, a)) for a in c.algorithms] for p in c.pairs]
    return {"contact.versions": versions(context),
            "contact.times": table(["pair"] + ["`%s`" % a for a in c.algorithms], times),
}


# ---------------------------------------------------------------------------
# bench_mesh_contact rows: mesh_contact/<body>/<ground>/<road>


def mesh_contact_values(runs):
    """A row a body and ground: each road's time, the triangle floors over
    the box ground on the same road, the cache's speedup, the work."""
    grid = {}
    for name, r in runs.get("bench_mesh_contact", ({}, {}))[1].items():
        parts = name.split("/")
        if len(parts) == 4 and parts[0] == K.MESH_CONTACT:
            grid[tuple(parts[1:])] = r
    body = []
    for b in ordered(b for b, _, _ in grid):
        for g in ordered(g for _, g, _ in grid):
            cold, cached = grid.get((b, g, K.MC_COLD)), grid.get((b, g, K.MC_CACHED))
            box = g == K.GROUND_BOX
            on_box = [grid.get((b, K.GROUND_BOX, road)) for road in (K.MC_COLD, K.MC_CACHED)]
            body.append([b, g, fmt_time(cold), fmt_time(cached),
                         "—" if box else fmt_x(ratio(cold, on_box[0])),
                         "—" if box else fmt_x(ratio(cached, on_box[1])),
                         fmt_x(ratio(cached, cold)),
                         "—" if box else " · ".join("%.3g" % r.get("triangles", 0) if timed(r)
                                                    else "—" for r in (cold, cached)),
                         "%.3g" % cold.get("points", 0) if timed(cold) else "—"])
    header = ["body", "ground", "cold", "cached", "cold / box", "cached / box", "cached / cold",
              "triangles (cold · cached)", "points"]
    return {"mesh_contact.ran": bool(grid),
            "mesh_contact.table": table(header, body, ["---", "---"] + ["---:"] * 7)}


# ---------------------------------------------------------------------------
# bench_scene rows: scene/<library>/<half>, and the CSVs beside its JSON


def read_csv(path):
    """The rows of a CSV file as dicts; None when there is no such file."""
    if not path or not os.path.exists(path):
        return None
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


class Scene:
    """bench_scene's rows, its per-frame times (frames CSV) and its mean
    time per pair by body kinds (kinds CSV), each possibly absent."""

    def __init__(self, runs, time_field, frames_csv, kinds_csv):
        self.context, rows = runs.get("bench_scene", ({}, {}))
        self.rows = {}
        for name, r in rows.items():
            parts = name.split("/")
            if len(parts) == 3 and parts[0] == K.SCENE:
                self.rows[(parts[1], parts[2])] = r
        # the sampled libraries (frame_stride > 1) last
        self.libraries = sorted(ordered(lib for lib, _ in self.rows),
                                key=lambda lib: self.stride(lib) > 1)
        self.us_key = K.SCENE_US[time_field]
        self.frames = int(self.context.get("scene_frames", 0))
        csv_rows = read_csv(frames_csv) if self.rows else None
        self.per_frame = None
        if csv_rows:
            libs = [c for c in csv_rows[0] if c != "frame"]
            self.per_frame = ([int(r["frame"]) for r in csv_rows],
                              {lib: [float(r[lib]) for r in csv_rows] for lib in libs})
        self.kinds = defaultdict(dict)  # (library, half): {kinds: (pairs, us a pair)}
        for r in (read_csv(kinds_csv) if self.rows else None) or []:
            self.kinds[(r["library"], r["half"])][r["kinds"]] = (int(r["pairs"]),
                                                                 float(r["us_per_pair"]))

    def get(self, lib, half):
        r = self.rows.get((lib, half))
        return r if r is not None and not r["error"] else None

    def us(self, lib, half):
        """Time per frame (µs), of the report's time field."""
        r = self.get(lib, half)
        return r.get(self.us_key) if r else None

    def peers(self):
        return [lib for lib in self.libraries if not lib.startswith(K.SEPAX)]

    def fastest(self, half):
        """(library, µs a frame) of the fastest peer on the half."""
        times = [(self.us(lib, half), lib) for lib in self.peers() if self.us(lib, half)]
        return (min(times)[1], min(times)[0]) if times else (None, None)

    def stride(self, lib):
        r = self.get(lib, K.SCENE_ALL)
        return int(r.get("frame_stride", 1)) if r else 1

    def half_frames(self, half):
        return self.frames - self.frames // 2 if half == K.SCENE_RESTING else self.frames

    def bound(self, half, peer):
        """Where sepax's cached frame goes by body kinds (the kinds taking
        three quarters of it, at most four), each with its share and the mean
        time of one pair against the peer's."""
        ours, theirs = self.kinds.get((K.SCENE_CACHED, half)), self.kinds.get((peer, half))
        if not ours:
            return "no kinds table (bench_scene ran without SEPAX_SCENE_KINDS_CSV)"
        total = sum(n * us for n, us in ours.values()) or 1
        out, share = [], 0
        for kinds, (n, us) in sorted(ours.items(), key=lambda i: -i[1][0] * i[1][1]):
            if share >= 0.75 or len(out) == 4:
                break
            share += n * us / total
            peer_us = (theirs or {}).get(kinds)
            out.append("%s %s of the frame (%.3g pairs a frame; %.3g µs a pair against %s)" % (
                kinds, fmt_pct(n * us / total), n / max(self.half_frames(half), 1), us,
                "%.3g" % peer_us[1] if peer_us else "none: no collider"))
        return "; ".join(out)


def fmt_us(us):
    return fmt_ns(us * 1e3 if us is not None else None)


def scene_values(sc, plot):
    """The table a library a row, the sampled libraries' note, the kinds
    table and the plot."""
    body = []
    for lib in sc.libraries:
        a = sc.get(lib, K.SCENE_ALL)
        mine = lib == K.SCENE_CACHED
        ours = [sc.us(K.SCENE_CACHED, h) for h in (K.SCENE_ALL, K.SCENE_RESTING)]
        theirs = [sc.us(lib, h) for h in (K.SCENE_ALL, K.SCENE_RESTING)]
        body.append(["`%s`" % lib] + [fmt_us(t) for t in theirs] +
                    ["—" if mine else fmt_x(o / t if o and t else None)
                     for o, t in zip(ours, theirs)] +
                    ["%.3g" % a.get("pairs", 0) if a else "—",
                     "%.3g" % a.get("unsupported", 0) if a else "—"] +
                    ["%d/%d" % (a.get("wrong_pairs", 0), a.get("checked_pairs", 0)) if a else "—",
                     "%d" % a.get("missed_pairs", 0) if a else "—",
                     "every %dth" % sc.stride(lib) if sc.stride(lib) > 1 else "all"])
    header = ["library", "a frame: all", "resting half", "sepax.cached / it: all", "resting half",
              "pairs a frame", "no collider", "wrong", "missed", "frames"]
    sampled = [lib for lib in sc.libraries if sc.stride(lib) > 1]
    stride = max([sc.stride(lib) for lib in sampled], default=1)
    v = {"scene.ran": bool(sc.rows),
         "scene.table": table(header, body, ["---"] + ["---:"] * 9),
         "scene.file": os.path.basename(sc.context.get("scene", "?")),
         "scene.bodies": sc.context.get("scene_bodies", "?"), "scene.frames": sc.frames,
         "scene.versions": versions({k.split(".")[0]: v for k, v in sc.context.items()
                                     if k.endswith("_version")}),
         "scene.sampled": bool(sampled),
         "scene.sampled_libs": ", ".join("`%s`" % lib for lib in sampled),
         "scene.stride": stride, "scene.sampled_frames": -(-sc.frames // stride),
         "scene.sampled_time": span([sc.us(lib, K.SCENE_ALL) for lib in sampled], fmt_us),
         "scene.plotted": bool(plot), "scene.plot": plot,
         "scene.kinds_ran": bool(sc.kinds)}
    v["scene.kinds"] = scene_kinds_table(sc) if sc.kinds else ""
    return v


def scene_kinds_table(sc):
    """A row a pair of body kinds: pairs a frame, each library's mean time of
    one pair over the whole recording, and its share of sepax's cached
    frame."""
    libs = [lib for lib in sc.libraries if (lib, K.SCENE_ALL) in sc.kinds]
    ours = sc.kinds.get((K.SCENE_CACHED, K.SCENE_ALL), {})
    total = sum(n * us for n, us in ours.values()) or 1
    kinds = sorted({k for lib in libs for k in sc.kinds[(lib, K.SCENE_ALL)]},
                   key=lambda k: -ours.get(k, (0, 0))[0] * ours.get(k, (0, 0))[1])
    body = []
    for k in kinds:
        n = max(sc.kinds[(lib, K.SCENE_ALL)].get(k, (0, 0))[0] for lib in libs)
        body.append([k, "%.3g" % (n / max(sc.frames, 1))] +
                    ["%.3g" % sc.kinds[(lib, K.SCENE_ALL)][k][1]
                     if k in sc.kinds[(lib, K.SCENE_ALL)] else "—" for lib in libs] +
                    [fmt_pct(ours[k][0] * ours[k][1] / total) if k in ours else "—"])
    return table(["kinds", "pairs a frame"] + ["`%s` µs" % lib for lib in libs] +
                 ["share of `%s`" % K.SCENE_CACHED], body)


def scene_goals(goals, sc):
    """sepax with its caches against the fastest peer, a frame: the resting
    half and the whole recording."""
    for gid, half, target in (("scene_resting", K.SCENE_RESTING, 0.5),
                              ("scene_all", K.SCENE_ALL, 1.0)):
        ours = sc.us(K.SCENE_CACHED, half)
        peer, theirs = sc.fastest(half)
        x = ours / theirs if ours and theirs else None
        goals.add(gid, "<= %gx" % target, none_above([x], target), ratio=fmt_x(x),
                  peer=peer or "—", ours=fmt_us(ours), theirs=fmt_us(theirs),
                  bound=sc.bound(half, peer) if peer else "—")


# ---------------------------------------------------------------------------
# bench_cast rows: <section>/<kind>/<situation>/<algorithm>


class Casts:
    def __init__(self, rows):
        self.rows = {}
        for name, r in rows.items():
            parts = name.split("/")
            if len(parts) == 4 and parts[0] in K.CAST_SECTIONS:
                self.rows[tuple(parts)] = r

    def keys(self, section, position):
        return ordered(k[position] for k in self.rows if k[0] == section)

    def get(self, section, kind, situation, algo):
        r = self.rows.get((section, kind, situation, algo))
        return r if timed(r) else None

    def ns(self, section, kinds, situation, algo):
        """The time on one kind, or the geo-mean over several."""
        times = [self.get(section, k, situation, algo) for k in kinds]
        return geomean([r["ns"] for r in times if r])

    def columns(self, section):
        """(header, kinds): each sized kind alone, the others (meshes) as one
        column, except in the sweeps (walls, planks) and where a section
        has no sized kind (rays against meshes: each with its triangles)."""
        kinds = self.keys(section, 1)
        sized = [k for k in kinds if K.CAST_SIZED.match(k)]
        other = [k for k in kinds if k not in sized]
        if section == K.TOI or not sized:
            return [(self.header(section, k), [k]) for k in kinds]
        return [(k, [k]) for k in sized] + ([(K.CAST_MESHES, other)] if other else [])

    def header(self, section, kind):
        triangles = most([r.get("triangles") for (sec, k, _, _), r in self.rows.items()
                          if sec == section and k == kind])
        return "%s (%d)" % (kind, triangles) if triangles else kind

    def ratios(self, section, kinds, situations, ours, theirs):
        """ours / the fastest of `theirs`, per (kind, situation) timed."""
        out = []
        for k in kinds:
            for sit in situations:
                o = self.get(section, k, sit, ours)
                peers = [r for r in (self.get(section, k, sit, a) for a in theirs) if r]
                if o and peers:
                    out.append(o["ns"] / min(r["ns"] for r in peers))
        return out

    def wrong(self, section, situations, algo):
        """(wrong, checked, largest fraction error) over a section's rows."""
        rows = [r for (sec, _, sit, a), r in self.rows.items()
                if sec == section and sit in situations and a == algo and "wrong" in r]
        return (sum(int(r["wrong"]) for r in rows), sum(int(r["checked"]) for r in rows),
                most([r.get("max_error") for r in rows]))


def cast_table(c, section):
    """A row per algorithm, a column per kind (the meshes: one geo-mean
    column); each cell the section's situations' times, ' · ' between; then
    the algorithm's wrong casts (per situation where any) and its largest
    fraction error where it and the reference both hit."""
    situations = c.keys(section, 2)
    columns = c.columns(section)
    body = []
    for a in c.keys(section, 3):
        cells = [" · ".join(fmt_ns(c.ns(section, kinds, sit, a)) for sit in situations)
                 for _, kinds in columns]
        per = {sit: c.wrong(section, [sit], a) for sit in situations}
        wrong, checked, error = c.wrong(section, situations, a)
        where = ", ".join("%s %d" % (sit, per[sit][0]) for sit in situations if per[sit][0])
        body.append(["`%s`" % a] + cells +
                    ["%d/%d%s" % (wrong, checked, " (%s)" % where if wrong else ""),
                     "%.2g" % error if error is not None else "—"])
    return table([" · ".join(situations)] + [h for h, _ in columns] +
                 ["wrong", "largest error"], body)


def growth(points):
    """Least-squares slope of log(ns) against log(n), from (n, ns) pairs."""
    pts = [(math.log(n), math.log(ns)) for n, ns in points if ns]
    if len(pts) < 2:
        return None
    mx = sum(x for x, _ in pts) / len(pts)
    my = sum(y for _, y in pts) / len(pts)
    return sum((x - mx) * (y - my) for x, y in pts) / sum((x - mx) ** 2 for x, _ in pts)


def ray_growth(c, support_rows, algo, situations=(K.HIT, K.MISS), lo=32):
    """The exponent k of n^k fitted to algo's time (the situations'
    geo-mean) over random hulls of lo vertices and more, and the support
    climb's (bench_support, cold) over the same range."""
    sizes = [(int(m.group(2)), k) for k in c.keys(K.RAY, 1)
             for m in [K.CAST_SIZED.match(k)] if m and m.group(2) and int(m.group(2)) >= lo]
    ray = growth([(n, geomean([c.ns(K.RAY, [k], sit, algo) for sit in situations]))
                  for n, k in sizes])
    hi = max((n for n, _ in sizes), default=0)
    climb = growth([(int(n), r["ns"]) for name, r in support_rows.items()
                    for _, method, n in [name.split("/")]
                    if method == K.CLIMB_COLD and lo <= int(n) <= hi and timed(r)])
    return ray, climb, lo, hi


def cast_values(c, context, support_rows):
    scan, _, _, _ = ray_growth(c, support_rows, K.RAY_SCAN)
    return {"cast.versions": versions(context),
            "cast.rays": cast_table(c, K.RAY),
            "cast.linear": cast_table(c, K.LINEAR),
            "cast.toi": cast_table(c, K.TOI),
            "cast.mesh_rays": cast_table(c, K.RAY_MESH),
            "cast.mesh_tolerance": fmt_g(float(context.get("mesh_fraction_tolerance", "nan"))),
            "cast.scan_growth": "%.2f" % scan if scan is not None else "?",
            "cast.tolerance": "%g" % float(context.get("fraction_tolerance", "nan"))}


# ---------------------------------------------------------------------------
# Goals: the targets. Each sets goal.<id>.target, .verdict and
# .unmet (the template shows what bounds a goal only when it is measured and
# not met), and the numbers its row and its bound quote.


class Goals:
    def __init__(self):
        self.values = {}

    def add(self, gid, target, met, **numbers):
        """met: True, False, or None when the JSON lacks the rows."""
        g = "goal.%s." % gid
        self.values[g + "target"] = target
        self.values[g + "verdict"] = {True: "met", False: "**not met**", None: "no data"}[met]
        self.values[g + "unmet"] = met is False
        self.values.update({g + k: v for k, v in numbers.items()})

    def report(self, gid, measured, **numbers):
        """A goal without a target: its numbers, "reported" when measured."""
        self.add(gid, "", None, **numbers)
        if measured:
            self.values["goal.%s.verdict" % gid] = "reported"

    def group(self, name, *gids):
        """goal.<name>.unmet: one bound for several goals."""
        self.values["goal.%s.unmet" % name] = any(self.values["goal.%s.unmet" % g] for g in gids)


def none_above(values, target):
    """True when every measured value is at most target; None when none is."""
    values = [v for v in values if v is not None]
    return max(values) <= target if values else None


def searches(p, cells, algo):
    return span(p.counter(cells, algo, "support_calls"), lambda v: "%.3g" % v)


def sat_goals(goals, rows):
    grid = sat_grid(rows)
    speedups = [ratio(m.get(K.NAIVE, {}).get(128), m.get(K.PRUNED, {}).get(128))
                for m in grid.values()]
    least = min((x for x in speedups if x is not None), default=None)
    goals.add("sat_pruned", ">= 20x", None if least is None else least >= 20, ratio=span(speedups))
    cached = grid.get(K.SEPARATED, {}).get(K.CACHED, {})
    small, large = (min(cached), max(cached)) if cached else (K.BOX_SIZE, 0)
    x = ratio(cached.get(large), cached.get(small))
    goals.add("sat_cache", "0.8–1.25", None if x is None else 0.8 <= x <= 1.25, ratio=fmt_x(x),
              small=small, large=large, flat=fmt_x(ratio(cached.get(large), cached.get(32))),
              supports=span([r.get("supports") for r in [cached.get(large)] if timed(r)], fmt_int))
    box = [r["ns"] for m in grid.values() for r in [m.get(K.QUERY, {}).get(K.BOX_SIZE)] if timed(r)]
    inter = grid.get(K.SEPARATED, {}).get(K.INTERSECT, {}).get(K.BOX_SIZE)
    goals.add("sat_box", "< 50 ns", max(box) < 50 if box else None, ratio=span(box, fmt_ns),
              intersect=fmt_ns(inter["ns"] if timed(inter) else None))


def box_goal(goals, p):
    box = [s for s in (K.SEPARATED,) + K.OVERLAP if s in p.situations]
    got = {s: p.versus(K.BOX, s, K.SAT_QUERY, K.BOOLEAN) for s in box}
    missed = [s for s in box if got[s][0] is None or got[s][0] > 0.5]
    peers = ordered(got[s][1] for s in box if got[s][1])
    goals.add("box_boolean", "<= 0.5x", not missed if peers else None,
              ratio=", ".join("%s %s" % (s, fmt_x(got[s][0])) for s in box),
              peer=", ".join(peers) or "—", missed=" and ".join(missed),
              searches=span([x for s in missed if got[s][1]
                             for x in p.counter([(K.BOX, s)], got[s][1], "support_calls")],
                            lambda v: "%.3g" % v),
              own=span([p.versus(K.BOX, s, K.SAT_INTERSECT, K.BOOLEAN)[0] for s in missed]))


def depth_goals(goals, p):
    """The exact depth against the fastest peer penetration (any answer,
    and right on every pose), and against MPR and EPA over the kinds."""
    def depth(gid, kinds, target, **numbers):
        cells = [(k, s) for k in kinds if k in p.kinds for s in K.OVERLAP]
        anyp = [p.versus(k, s, K.SAT_QUERY, K.PENETRATION) for k, s in cells]
        right = [p.versus(k, s, K.SAT_QUERY, K.PENETRATION, True)[0] for k, s in cells]
        goals.add(gid, "<= %gx" % target, none_above([x for x, _ in anyp], target),
                  any=span([x for x, _ in anyp]), right=span(right),
                  peer=", ".join(ordered(q for _, q in anyp if q)) or "—", **numbers)

    mid = [(k, s) for k in (K.HULL32, K.HULL128, K.HULL512) if k in p.kinds for s in K.OVERLAP]
    depth("depth_mid", (K.HULL32, K.HULL128, K.HULL512), 0.3, searches=searches(p, mid, K.MPR),
          axes=span(p.counter(mid, K.SAT_QUERY, "axes"), fmt_int))
    contained = [(k, K.CONTAINED) for k in (K.HULL2048, K.HULL4096) if k in p.kinds]
    depth("depth_large", (K.HULL2048, K.HULL4096), 1.0,
          axes=span(p.counter(contained, K.SAT_QUERY, "axes"), fmt_int))
    overlap = [s for s in K.OVERLAP if s in p.situations]
    solids = [k for k in p.kinds
              if not k.startswith(K.POLY) and not K.POLYGON_PAIR.match(k) and k != K.HULL4096]
    mpr = [p.ratio(k, s, K.SAT_QUERY, K.MPR) for k in solids for s in overlap]
    epa = [p.ratio(k, s, K.SAT_QUERY, K.BULLET_EPA) for k in solids for s in overlap]
    gm, ge, worst = geomean(mpr), geomean(epa), most(mpr)
    goals.add("depth_mpr", "MPR geo-mean <= 1x, none > 3x; EPA geo-mean <= 0.5x",
              None if gm is None or ge is None else gm <= 1 and worst <= 3 and ge <= 0.5,
              mpr=fmt_x(gm), worst=fmt_x(worst), epa=fmt_x(ge),
              mpr_shallow_deep=fmt_x(geomean([p.ratio(k, s, K.SAT_QUERY, K.MPR) for k in solids
                                              for s in (K.SHALLOW, K.DEEP)])),
              searches=searches(p, [(k, s) for k in solids for s in overlap], K.MPR),
              wrong_deep=p.wrong([(k, K.DEEP) for k in solids], K.MPR),
              wrong_contained=p.wrong([(k, K.CONTAINED) for k in solids], K.MPR))
    goals.group("depth", "depth_mid", "depth_large", "depth_mpr")


def boolean_goal(goals, p):
    o = p.fastest(K.HULL128, K.SEPARATED, K.BOOLEAN, sepax=True)
    x, peer = p.versus(K.HULL128, K.SEPARATED, o[1] if o else None, K.BOOLEAN)
    goals.add("boolean_128", "<= 0.5x", none_above([x], 0.5), ratio=fmt_x(x),
              query=short(o[0]) if o else "—", peer=peer or "—",
              searches=searches(p, [(K.HULL128, K.SEPARATED)], peer))


def gjk_goal(goals, p):
    dist = [(k, p.versus(k, K.SEPARATED, K.GJK, K.DISTANCE)[0]) for k in p.kinds]
    dist = [(k, x) for k, x in dist if x is not None]
    missed = [k for k, x in dist if x > 0.5]
    goals.add("gjk_distance", "<= 0.5x", none_above([x for _, x in dist], 0.5),
              ratio=span([x for _, x in dist]), met_kinds=len(dist) - len(missed), kinds=len(dist),
              missed=", ".join(missed),
              iterations=span(p.counter([(k, K.SEPARATED) for k, _ in dist], K.GJK,
                                        "solver_iterations"), lambda v: "%.1f" % v))


def polygon_goals(goals, p):
    """Flat polygons against Bullet's EPA, against hulls and against each
    other (touching and overlapping); sat::query on separated pairs."""
    polys = [k for k in p.kinds if k.startswith(K.POLY)]
    cells = [(k, s) for k in polys for s in K.OVERLAP if s in p.situations]
    xs = [p.ratio(k, s, K.SAT_QUERY, K.BULLET_EPA) for k, s in cells]
    g, worst = geomean(xs), most(xs)
    goals.add("polygon", "geo-mean <= 0.5x, none > 2x",
              None if g is None else g <= 0.5 and worst <= 2, geomean=fmt_x(g), worst=fmt_x(worst),
              sizes=span([int(k[len(K.POLY):]) for k in polys], str),
              arcs=span(p.counter([c for c in cells if c[0] == polys[-1]], K.SAT_QUERY,
                                  "arc_tests"), fmt_int) if polys else "—")
    pairs = [k for k in p.kinds if K.POLYGON_PAIR.match(k)]
    cells = [(k, s) for k in pairs for s in (K.TOUCHING,) + K.OVERLAP if s in p.situations]
    xs = [p.ratio(k, s, K.SAT_QUERY, K.BULLET_EPA) for k, s in cells]
    g, worst = geomean(xs), most(xs)
    goals.add("polygon_pairs", "geo-mean <= 0.5x, none > 2x",
              None if g is None else g <= 0.5 and worst <= 2, geomean=fmt_x(g), worst=fmt_x(worst),
              kinds=", ".join(pairs) or "—",
              by_kind="; ".join("%s %s" % (k, fmt_x(geomean([x for (kk, _), x in zip(cells, xs)
                                                              if kk == k])))
                                for k in pairs) or "—")
    sep = [p.ratio(k, K.SEPARATED, K.SAT_QUERY, K.GJK) for k in p.kinds]
    early = [p.ratio(k, K.SEPARATED, K.SAT_INTERSECT, K.GJK) for k in p.kinds]
    goals.add("separated", "<= 3x", True if any(x is not None for x in early) else None,
              ratio=span(sep), early=span(early))


def coherent_goals(goals, p):
    """Coherent frames with the cache against libccd's MPR, every kind's
    mean frame: the pairs at rest (a pile) and the sliding pairs."""
    for gid, s in (("resting", K.RESTING), ("sliding", K.SLIDING)):
        cells = {k: p.ratio(k, s, K.SAT_CACHED, K.MPR) for k in p.kinds}
        cells = {k: x for k, x in cells.items() if x is not None}
        missed = sorted((k for k, x in cells.items() if x > 0.5), key=lambda k: -cells[k])
        goals.add(gid, "<= 0.5x", none_above(list(cells.values()), 0.5),
                  ratio=span(list(cells.values())), met_kinds=len(cells) - len(missed),
                  kinds=len(cells), missed=len(missed), missed_kinds=", ".join(missed) or "—",
                  worst="%s %s" % (missed[0], fmt_x(cells[missed[0]])) if missed else "—",
                  hits=span([p.get(k, s, K.SAT_CACHED)["cache_hit_rate"] for k in missed], fmt_pct),
                  own=span([p.ratio(k, s, K.SAT_CACHED, K.SAT_QUERY) for k in missed]),
                  uncached=span([p.ratio(k, s, K.SAT_QUERY, K.MPR) for k in missed]),
                  wrong=p.wrong([(k, s) for k in missed], K.MPR))


def hull_goal(goals, rows):
    xs = [ratio(r, rows.get(K.QHULL_ROW % m.groups()))
          for name, r in rows.items() for m in [K.HULL_ROW.match(name)] if m]
    goals.add("hull", "<= 1.3x", none_above(xs, 1.3), ratio=span(xs))


def contact_goals(goals, c):
    cold = [c.ratio(p, K.COLD, K.SAT_QUERY) for p in c.touching]
    extra = [c.get(p, K.COLD)["ns"] - c.get(p, K.SAT_QUERY)["ns"] for p in c.resting
             if c.get(p, K.COLD) and c.get(p, K.SAT_QUERY)]
    goals.add("contact_cold", "<= 1.2x", none_above(cold, 1.2), ratio=span(cold),
              extra=span(extra, fmt_ns))
    warm = [c.ratio(p, K.WARM, K.COLD) for p in c.touching]
    moving = [c.ratio(p, K.WARM_MOVING, K.COLD) for p in c.touching]
    goals.add("contact_warm", "<= 0.2x", none_above(warm + moving, 0.2), rest=span(warm),
              moving=span(moving),
              cached=span([c.ratio(p, K.SAT_CACHED, K.SAT_QUERY) for p in c.touching
                           if not p.startswith(K.BOX)]))
    far = [c.ratio(p, K.COLD, K.SAT_QUERY) for p in c.separated]
    goals.add("contact_far", "<= 0.15x", none_above(far, 0.15),
              ratio=", ".join("%s %s" % (p, fmt_x(x)) for p, x in zip(c.separated, far)),
              missed=", ".join(p for p, x in zip(c.separated, far) if x is not None and x > 0.15))
    box = ratio(c.get(K.BOX_RESTING, K.WARM), c.get(K.BOX_SEPARATED, K.SAT_CACHED))
    goals.add("contact_box", "<= 1.5x", none_above([box], 1.5), ratio=fmt_x(box))
    clip = [c.ratio(p, K.COLD, K.BULLET_CLIP) for p in c.resting]
    goals.add("contact_bullet", "<= 0.5x", none_above(clip, 0.5), ratio=span(clip))
    ode = [(p, c.ratio(p, K.COLD, K.ODE)) for p in c.touching if p.startswith(K.BOX)]
    goals.add("contact_ode", "<= 1x", none_above([x for _, x in ode], 1),
              ratio=", ".join("%s %s" % (p, fmt_x(x)) for p, x in ode))
    # Box3D's warm manifold, on every pair Box3D was timed on (no data
    # without -Dbox3d); its cold one beside it.
    b3 = [c.ratio(p, K.WARM, K.BOX3D_WARM) for p in c.pairs]
    b3_moving = [c.ratio(p, K.WARM_MOVING, K.BOX3D_WARM_MOVING) for p in c.pairs]
    b3_wrong = [(p, c.get(p, K.BOX3D_COLD)) for p in c.pairs]
    goals.add("contact_box3d", "<= 1x", none_above(b3 + b3_moving, 1), rest=span(b3),
              moving=span(b3_moving),
              cold=span([c.ratio(p, K.COLD, K.BOX3D_COLD) for p in c.pairs]),
              wrong="%d/%d" % (sum(int(r.get("wrong", 0)) for _, r in b3_wrong if r),
                               sum(int(r.get("checked", 0)) for _, r in b3_wrong if r)))
    hull = c.ratio(K.HULL128_RESTING, K.WARM, K.SAT_QUERY)
    goals.add("contact_hull128", "<= 0.3x", none_above([hull], 0.3), ratio=fmt_x(hull),
              cached=fmt_x(c.ratio(K.HULL128_RESTING, K.SAT_CACHED, K.SAT_QUERY)))
    goals.group("contact_cache", "contact_warm", "contact_box", "contact_hull128")


def cast_goals(goals, c, support_rows):
    """Rays against the support climb and Bullet's ray tests; the exact
    linear cast against btGjkConvexCast; the time of impact against
    btContinuousConvexCollision (turns within its 45-degree cap); rays
    against meshes beside Bullet's BVH, no target (reported: the geo-mean,
    and per situation the geo-mean and span over the meshes)."""
    def exponent(x):
        return "%.2f" % x if x is not None else "?"

    ray, climb, lo, hi = ray_growth(c, support_rows, K.RAY_CAST)
    goals.add("cast_ray_growth", "no faster than the cold support climb (within n^0.1)",
              None if ray is None or climb is None else ray <= climb + 0.1,
              ray=exponent(ray), climb=exponent(climb), lo=lo, hi=hi,
              hits=exponent(ray_growth(c, support_rows, K.RAY_CAST, (K.HIT,))[0]),
              misses=exponent(ray_growth(c, support_rows, K.RAY_CAST, (K.MISS,))[0]))
    kinds = c.keys(K.RAY, 1)
    xs = c.ratios(K.RAY, kinds, (K.HIT, K.MISS), K.RAY_CAST, K.BULLET_RAYS)
    over = [(k, sit, x) for k in kinds for sit in (K.HIT, K.MISS)
            for x in c.ratios(K.RAY, [k], (sit,), K.RAY_CAST, K.BULLET_RAYS) if x > 0.5]

    def faces(sit):
        rows = [c.get(K.RAY, k, sit, K.RAY_CAST) for k, _, _ in over]
        return span([r.get("iterations") for r in rows if r], lambda v: "%.0f" % v)
    goals.add("cast_ray_bullet", "<= 0.5x on every hull, hits and misses", none_above(xs, 0.5),
              ratio=span(xs), geomean=fmt_x(geomean(xs)),
              missed=", ".join("%s %s %s" % (k, sit, fmt_x(x)) for k, sit, x in over) or "—",
              faces_miss=faces(K.MISS), faces_hit=faces(K.HIT))
    lin = c.keys(K.LINEAR, 1)
    sits = c.keys(K.LINEAR, 2)
    xs = c.ratios(K.LINEAR, lin, sits, K.SAT_CAST, (K.BULLET_GJK_CAST,))
    bw, bn, _ = c.wrong(K.LINEAR, sits, K.BULLET_GJK_CAST)
    _, _, be = c.wrong(K.LINEAR, (K.HIT,), K.BULLET_GJK_CAST)
    sw, sn, _ = c.wrong(K.LINEAR, sits, K.SAT_CAST)
    goals.add("cast_linear", "geo-mean <= 1x", None if not xs else geomean(xs) <= 1,
              geomean=fmt_x(geomean(xs)), ratio=span(xs),
              hit=fmt_x(geomean(c.ratios(K.LINEAR, lin, (K.HIT,), K.SAT_CAST,
                                         (K.BULLET_GJK_CAST,)))),
              bullet_wrong="%d/%d" % (bw, bn), bullet_error="%.2g" % be if be else "—",
              sepax_wrong="%d/%d" % (sw, sn))
    toi = c.keys(K.TOI, 1)
    xs = c.ratios(K.TOI, toi, (K.HIT, K.MISS), K.TOI_ALGO, (K.BULLET_CONTINUOUS,))
    spin = c.ratios(K.TOI, toi, (K.SPIN,), K.TOI_ALGO, (K.BULLET_CONTINUOUS,))
    tw, tn, _ = c.wrong(K.TOI, c.keys(K.TOI, 2), K.TOI_ALGO)
    goals.add("cast_toi", "geo-mean <= 1x (turns up to 45°)", None if not xs else geomean(xs) <= 1,
              geomean=fmt_x(geomean(xs)), worst=fmt_x(most(xs)), spin=fmt_x(geomean(spin)),
              sepax_wrong="%d/%d" % (tw, tn))
    meshes, sits = c.keys(K.RAY_MESH, 1), c.keys(K.RAY_MESH, 2)
    per = [(sit, c.ratios(K.RAY_MESH, meshes, (sit,), K.MESH_RAY, (K.BULLET_MESH_RAY,)))
           for sit in sits]
    xs = [x for _, sxs in per for x in sxs]
    text = "; ".join("%s %s (%s)" % (sit, fmt_x(geomean(sxs)), span(sxs)) for sit, sxs in per
                     if sxs)
    sw, sn, _ = c.wrong(K.RAY_MESH, sits, K.MESH_RAY)
    bw, bn, _ = c.wrong(K.RAY_MESH, sits, K.BULLET_MESH_RAY)
    goals.report("cast_mesh_ray", bool(xs), geomean=fmt_x(geomean(xs)), ratio=text or "—",
                 sepax_wrong="%d/%d" % (sw, sn), bullet_wrong="%d/%d" % (bw, bn))


def goal_values(runs, peers, contact, scene):
    goals = Goals()
    sat_goals(goals, runs["bench_sat"][1])
    box_goal(goals, peers)
    goals.group("box", "sat_box", "box_boolean")
    depth_goals(goals, peers)
    boolean_goal(goals, peers)
    gjk_goal(goals, peers)
    polygon_goals(goals, peers)
    coherent_goals(goals, peers)
    hull_goal(goals, runs["bench_hull"][1])
    contact_goals(goals, contact)
    cast_goals(goals, Casts(runs["bench_cast"][1]), runs["bench_support"][1])
    python_goal(goals, runs)
    scene_goals(goals, scene)
    return goals.values


# ---------------------------------------------------------------------------
# Plots


def pyplot():
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        return plt
    except ImportError:
        print("bench_report: matplotlib missing (apt-get install python3-matplotlib; run "
              "/usr/bin/python3): no plots", file=sys.stderr)
        return None


def log_axes(ax):
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xlabel("vertices per hull")
    ax.grid(True, which="both", alpha=0.3)


def save(plt, fig, img_dir, name, rel, title):
    fig.tight_layout()
    fig.savefig(os.path.join(img_dir, name), dpi=90)
    plt.close(fig)
    return "![%s](%s/%s)" % (title, rel, name)


def warm_pairs(algorithms):
    """(cold, warm) algorithm pairs found in the JSON (K.WARM_SUFFIXES), so
    that a new peer's warm row is plotted without a list."""
    out = []
    for warm in sorted(algorithms):
        for suffix, cold_suffix in K.WARM_SUFFIXES:
            cold = warm[:-len(suffix)] + cold_suffix
            if warm.endswith(suffix) and cold in algorithms:
                out.append((cold, warm))
    return out


def peers_plots(plt, p, img_dir, rel):
    out = []
    sized = [k for k in p.kinds if K.SIZED.match(k)]
    for sit in (K.SEPARATED, K.DEEP):
        fig, ax = plt.subplots(figsize=(10, 5.5))
        algos = sorted(p.algorithms, key=lambda n: (not n.startswith(K.SEPAX), n))
        for i, a in enumerate(algos):
            pts = [(p.vertices(k), p.get(k, sit, a)["ns"]) for k in sized if p.get(k, sit, a)]
            if pts:
                ax.plot(*zip(*pts), "-" if a.startswith(K.SEPAX) else "--",
                        marker="os^vD"[i % 5], markersize=3, color=plt.cm.tab20(i % 20), label=a)
        ax.legend(fontsize=7, loc="center left", bbox_to_anchor=(1.0, 0.5))
        title = "bench_peers: %s pairs" % sit
        log_axes(ax)
        ax.set_ylabel("ns per query")
        ax.set_title(title)
        out.append(save(plt, fig, img_dir, "peers_%s.png" % sit, rel, title))
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for cold, warm in warm_pairs(p.algorithms):
        pts = [(p.vertices(k), p.ratio(k, K.MOTION, cold, warm)) for k in sized]
        pts = [pt for pt in pts if pt[1] is not None]
        if pts:
            ax.plot(*zip(*pts), marker="o", label="%s / %s" % (cold, short(warm)))
    ax.legend()
    title = "bench_peers: speedup on coherent motion"
    log_axes(ax)
    ax.set_ylabel("cold time / warm time")
    ax.set_title(title)
    out.append(save(plt, fig, img_dir, "peers_cache.png", rel, title))
    return out


def sat_plots(plt, rows, img_dir, rel):
    return "\n".join(sat_plot(plt, rows, img_dir, rel, flat) for flat in (False, True))


def sat_plot(plt, rows, img_dir, rel, flat):
    grid = sat_grid(rows, flat)
    fig, axes = plt.subplots(1, len(grid), figsize=(12, 4), sharey=True)
    for ax, (sit, methods) in zip(axes, grid.items()):
        for m, by_n in methods.items():
            pts = sorted((n, r["ns"]) for n, r in by_n.items() if timed(r))
            if pts:
                ax.plot(*zip(*pts), marker="o", markersize=3, label=m)
        ax.set_title(sit)
        log_axes(ax)
    axes[0].set_ylabel("ns per query")
    axes[-1].legend(fontsize=8)
    if flat:
        return save(plt, fig, img_dir, "sat_polygons.png", rel,
                    "bench_sat: a flat polygon against a hull, time per query against size")
    return save(plt, fig, img_dir, "sat_sizes.png", rel, "bench_sat: time per query against size")


def scene_plot(plt, sc, img_dir, rel):
    """Above, each library's time per frame over the recording (the median
    of 5 replays, log scale); below, sepax's cached frame over each peer's."""
    if sc.per_frame is None:
        return ""
    x, series = sc.per_frame
    libs = sorted(series, key=lambda n: (not n.startswith(K.SEPAX), n))
    color = {lib: plt.cm.tab10(i % 10) for i, lib in enumerate(libs)}
    fig, (top, low) = plt.subplots(2, 1, figsize=(10, 7), sharex=True,
                                   gridspec_kw={"height_ratios": [3, 2]})
    for lib in libs:
        top.plot(x, series[lib], "-" if lib.startswith(K.SEPAX) else "--", lw=1,
                 color=color[lib], label=lib)
    ours = series.get(K.SCENE_CACHED)
    for lib in libs:
        if ours and not lib.startswith(K.SEPAX):
            low.plot(x, [a / b if a > 0 and b > 0 else float("nan")
                         for a, b in zip(ours, series[lib])],
                     lw=1, color=color[lib], label="%s / %s" % (K.SCENE_CACHED, lib))
    low.axhline(1, color="gray", lw=0.8)
    low.axhline(0.5, color="gray", lw=0.8, ls=":")
    for ax in (top, low):
        ax.set_yscale("log")
        ax.grid(True, which="both", alpha=0.3)
        ax.axvline(x[0] + (x[-1] + 1 - x[0]) // 2, color="black", lw=0.8, ls=":")
        ax.legend(fontsize=7, loc="center left", bbox_to_anchor=(1.0, 0.5))
    top.set_ylabel("µs per frame")
    low.set_ylabel("ratio")
    low.set_xlabel("frame (the dotted line: the resting half starts)")
    title = "bench_scene: time per frame over the recording"
    top.set_title(title)
    return save(plt, fig, img_dir, "scene_frames.png", rel, title)


# ---------------------------------------------------------------------------
# bench_python rows: python/<kind>/<query>/<method> (bench/bench_python.py)


def python_rows(runs):
    """{(kind, query, method): row}; empty when the module was not built."""
    rows = runs.get(K.PYTHON, ({}, {}))[1]
    return {tuple(name.split("/")[1:]): r for name, r in rows.items()
            if name.startswith("python/") and name.count("/") == 3}


def python_values(runs):
    rows = python_rows(runs)
    context = runs.get(K.PYTHON, ({}, {}))[0]

    def cell(kind, query, method):
        r = rows.get((kind, query, method))
        return fmt_time(r) if r else "—"

    out = []
    for kind in ordered(k for k, _, _ in rows):
        for q in K.PY_QUERIES:
            cpp = rows.get((kind, q, K.PY_CPP))
            out.append([kind, q] + [cell(kind, q, m) for m in (
                K.PY_CPP, K.PY_BATCH, K.PY_NEW, K.PY_MATRIX, K.PY_AUTO, K.PY_LOOP)] +
                [fmt_x(ratio(rows.get((kind, q, m)), cpp))
                 for m in (K.PY_BATCH, K.PY_NEW, K.PY_MATRIX)])
    header = ["kind", "query", "C++ loop", "batch", "new arrays", "matrices", "threads=0",
              "Python loop", "batch / C++", "new / C++", "matrices / C++"]
    align = ["---", "---"] + ["---:"] * (len(header) - 2)
    return {"python.ran": bool(rows),
            "python.table": table(header, out, align) if rows else "",
            "python.count": context.get("count", "?"),
            "python.versions": "Python %s, NumPy %s, %s build" % (
                context.get("python", "?"), context.get("numpy", "?"),
                context.get("precision", "?")),
            "python.fcl": context.get("python_fcl", "?")}


def python_goal(goals, runs):
    rows = python_rows(runs)
    batch = [ratio(rows.get((k, q, K.PY_BATCH)), r) for (k, q, m), r in rows.items()
             if m == K.PY_CPP]
    matrix = [ratio(rows.get((k, q, K.PY_MATRIX)), r) for (k, q, m), r in rows.items()
              if m == K.PY_CPP]
    new = [ratio(rows.get((k, q, K.PY_NEW)), r) for (k, q, m), r in rows.items()
           if m == K.PY_CPP]
    goals.add("python_batch", "<= 1.1x", none_above(batch, 1.1), ratio=span(batch),
              matrix=span(matrix), new=span(new))


# ---------------------------------------------------------------------------
# The template


def fill(template, values):
    """The template with its sections resolved and its values filled."""
    def value(name):
        if name not in values:
            sys.exit("bench_report: no value for {{%s}} (is its program's JSON missing?)" % name)
        return values[name]

    section = re.compile(r"\{\{([#^])([\w.]+)\}\}\n?(.*?)\{\{/\2\}\}\n?", re.S)
    text, resolved = template, None
    while text != resolved:  # outer sections first, then the ones they held
        resolved = text
        text = section.sub(lambda m: m.group(3) if bool(value(m.group(2))) == (m.group(1) == "#")
                           else "", resolved)
    return re.sub(r"\{\{([\w.]+)\}\}", lambda m: str(value(m.group(1))), text)


def wrap(text):
    """Paragraphs and list items wrapped at 78 columns; headings, tables,
    images and code blocks as they are."""
    out, block, fenced = [], [], False

    def flush():
        if block:
            item = block[0].startswith("- ")
            out.append(textwrap.fill(" ".join(line.strip() for line in block), 78,
                                     subsequent_indent="  " if item else "",
                                     break_on_hyphens=False, break_long_words=False))
            block.clear()

    for line in text.split("\n"):
        if line.startswith("```"):
            fenced = not fenced
        prose = not fenced and line.strip() and not line.startswith(("```", "#", "|", "!["))
        if not prose or line.startswith("- "):
            flush()
        if prose:
            block.append(line)
        else:
            out.append(line)
    flush()
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("json", nargs="+", help="the programs' --benchmark_out files")
    ap.add_argument("-o", "--out", default="docs/benchmarks.md")
    ap.add_argument("--template", default="docs/benchmarks.in.md")
    ap.add_argument("--img-dir", default="docs/img")
    ap.add_argument("--time", choices=["cpu", "real"], default="cpu")
    ap.add_argument("--scene-frames", help="bench_scene's per-frame CSV (default: %s beside "
                    "its JSON)" % K.SCENE_FRAMES_CSV)
    ap.add_argument("--scene-kinds", help="bench_scene's kinds CSV (default: %s beside its "
                    "JSON)" % K.SCENE_KINDS_CSV)
    args = ap.parse_args()
    field = args.time + "_time"
    runs = load(args.json, field)
    missing = [p for p in K.PROGRAMS if p not in runs]
    if missing:
        sys.exit("bench_report: no JSON from %s" % ", ".join(missing))
    plt = pyplot()
    rel = os.path.relpath(args.img_dir, os.path.dirname(os.path.abspath(args.out)))
    if plt:
        os.makedirs(args.img_dir, exist_ok=True)
    peers = Peers(runs["bench_peers"][1])
    contact = Contact(runs["bench_contact"][1])
    values = run_values(runs, field)
    values.update(hull_values(runs["bench_hull"][1]))
    values.update(support_values(*runs["bench_support"]))
    values.update(sat_values(runs["bench_sat"][1]))
    values["sat.plots"] = sat_plots(plt, runs["bench_sat"][1], args.img_dir, rel) if plt else ""
    values.update(gjk_values(runs["bench_gjk"][1]))
    values.update(peers_values(peers, runs["bench_peers"][0],
                               peers_plots(plt, peers, args.img_dir, rel) if plt else []))
    values.update(mesh_values(runs["bench_mesh"][1], runs["bench_peers"][0]))
    values.update(contact_values(runs["bench_contact"][0], contact))
    values.update(cast_values(Casts(runs["bench_cast"][1]), runs["bench_cast"][0],
                              runs["bench_support"][1]))
    values.update(python_values(runs))
    values.update(mesh_contact_values(runs))
    scene_dir = next((os.path.dirname(p) for p in args.json
                      if os.path.basename(p).startswith("bench_scene")), "")
    scene = Scene(runs, field, args.scene_frames or os.path.join(scene_dir, K.SCENE_FRAMES_CSV),
                  args.scene_kinds or os.path.join(scene_dir, K.SCENE_KINDS_CSV))
    values.update(scene_values(scene, scene_plot(plt, scene, args.img_dir, rel) if plt else ""))
    values.update(goal_values(runs, peers, contact, scene))
    with open(args.template) as f:
        text = wrap(fill(f.read(), values))
    with open(args.out, "w") as f:
        f.write(text)
    print("bench_report: %s (%d lines), plots in %s" % (args.out, text.count("\n"),
                                                        args.img_dir if plt else "none"))


if __name__ == "__main__":
    main()
