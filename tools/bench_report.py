#!/usr/bin/env python3
"""Peers section of docs/benchmarks.md from a bench_peers JSON run.

Usage (Debian's python3, which has python3-matplotlib):

    build-peers/bench/bench_peers --benchmark_min_time=0.1 \
        --benchmark_out=peers.json --benchmark_out_format=json
    build-peers/bench/bench_hull --benchmark_min_time=0.1 \
        --benchmark_out=hull.json --benchmark_out_format=json      # optional
    /usr/bin/python3 tools/bench_report.py peers.json --hull-json hull.json

Writes the tables and goals between the markers <!-- peers:begin --> and
<!-- peers:end --> of docs/benchmarks.md (appends them, with a heading, when
the markers are missing; everything outside them is left as it is), and the
plots as PNG files under docs/img/. All ratios come from the one run given.
Times are Google Benchmark's CPU time per query (--time real for wall time):
the machine is shared, and CPU time is the steadier of the two there.
"""

import argparse
import json
import math
import os
import re
import sys
from collections import defaultdict

BEGIN = "<!-- peers:begin -->"
END = "<!-- peers:end -->"

SIZE_KINDS = ["box", "hull32", "hull128", "hull512", "hull2048", "hull4096"]
MESH_KINDS = ["bunny", "teapot", "cow", "fandisk", "pig"]
STATIC = ["separated", "touching", "shallow", "deep", "contained"]
OVERLAP = ["shallow", "deep", "contained"]

# Peer queries grouped by the question they answer. Bullet has no boolean
# query of its own: its GJK pair detector (distance, EPA depth on overlap) is
# its cheapest answer to "do they intersect".
PEER_BOOLEAN = ["ccd.gjk_intersect", "ccd.mpr_intersect", "fcl.collide_libccd",
                "fcl.collide_indep", "bullet.gjk_distance"]
PEER_PENETRATION = ["ccd.gjk_penetration", "ccd.mpr_penetration", "bullet.epa", "bullet.sat",
                    "bullet.gjk_distance", "fcl.contact_libccd", "fcl.contact_indep"]
PEER_DISTANCE = ["bullet.gjk_distance", "fcl.distance_libccd", "fcl.distance_indep"]
SEPAX_BOOLEAN = ["sepax.sat_intersect", "sepax.gjk_intersect"]


def vertices_of(kind, rows):
    for (k, _s, _a), r in rows.items():
        if k == kind:
            return int(r["vertices"])
    m = re.match(r"hull(\d+)$", kind)
    return int(m.group(1)) if m else (8 if kind == "box" else 0)


def load(path, time_field):
    with open(path) as f:
        data = json.load(f)
    rows = {}
    for b in data["benchmarks"]:
        if b.get("error_occurred") or b.get("run_type") == "aggregate":
            continue
        parts = b["name"].split("/")
        if len(parts) != 4 or parts[0] != "peers":
            continue
        scale = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}[b.get("time_unit", "ns")]
        rows[(parts[1], parts[2], parts[3])] = {
            "ns": b[time_field] * scale,
            "wrong": int(b.get("wrong", 0)),
            "checked": int(b.get("checked", 0)),
            "axes": b.get("axes", -1),
            "arc_tests": b.get("arc_tests", -1),
            "support_calls": b.get("support_calls", -1),
            "iterations": b.get("iterations", -1),
            "cache_hit_rate": b.get("cache_hit_rate", -1),
            "vertices": b.get("vertices", 0),
        }
    return rows, data.get("context", {})


def fastest(rows, kind, sit, names, exact_only=False):
    best = None
    for n in names:
        r = rows.get((kind, sit, n))
        if r is None or (exact_only and r["wrong"] > 0):
            continue
        if best is None or r["ns"] < best[1]["ns"]:
            best = (n, r)
    return best


def fmt_ns(ns):
    if ns is None:
        return "-"
    if ns >= 1e6:
        return "%.2f ms" % (ns / 1e6)
    if ns >= 1e3:
        return "%.2f µs" % (ns / 1e3)
    return "%.0f ns" % ns


def fmt_ratio(x):
    return "-" if x is None else ("%.3g" % x)


def peer_cell(p):
    if p is None:
        return "-", "-"
    n, r = p
    wrong = " (%d/%d wrong)" % (r["wrong"], r["checked"]) if r["wrong"] else ""
    return "%s %s%s" % (n, fmt_ns(r["ns"]), wrong), r["ns"]


def kinds_in(rows):
    present = {k for (k, _s, _a) in rows}
    return [k for k in SIZE_KINDS + MESH_KINDS if k in present]


def mtv_table(rows):
    out = ["| hulls | situation | sepax.sat_query | sepax.epa | fastest peer penetration | "
           "sat_query / peer | epa / peer | fastest exact peer | sat_query / exact peer |",
           "|---|---|---|---|---|---|---|---|---|"]
    for k in kinds_in(rows):
        for s in OVERLAP:
            sq = rows.get((k, s, "sepax.sat_query"))
            ep = rows.get((k, s, "sepax.epa"))
            p = fastest(rows, k, s, PEER_PENETRATION)
            pe = fastest(rows, k, s, PEER_PENETRATION, exact_only=True)
            cell, pns = peer_cell(p)
            ecell, ens = peer_cell(pe)
            out.append("| %s (%d) | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                k, vertices_of(k, rows), s, fmt_ns(sq and sq["ns"]), fmt_ns(ep and ep["ns"]), cell,
                fmt_ratio(sq["ns"] / pns if sq and p else None),
                fmt_ratio(ep["ns"] / pns if ep and p else None), ecell,
                fmt_ratio(sq["ns"] / ens if sq and pe else None)))
    return out


def boolean_table(rows):
    out = ["| hulls | situation | fastest sepax boolean | fastest peer boolean | ratio |"
           " sepax.sat_query / peer boolean |",
           "|---|---|---|---|---|---|"]
    for k in kinds_in(rows):
        for s in STATIC:
            sb = fastest(rows, k, s, SEPAX_BOOLEAN)
            p = fastest(rows, k, s, PEER_BOOLEAN)
            sq = rows.get((k, s, "sepax.sat_query"))
            cell, pns = peer_cell(p)
            out.append("| %s (%d) | %s | %s | %s | %s | %s |" % (
                k, vertices_of(k, rows), s,
                "%s %s" % (sb[0], fmt_ns(sb[1]["ns"])) if sb else "-", cell,
                fmt_ratio(sb[1]["ns"] / pns if sb and p else None),
                fmt_ratio(sq["ns"] / pns if sq and p else None)))
    return out


def distance_table(rows):
    out = ["| hulls | situation | sepax.gjk_distance | GJK iterations | fastest peer distance |"
           " ratio | sepax.gjk_distance_warm | bullet.gjk_distance_warm |",
           "|---|---|---|---|---|---|---|---|"]
    for k in kinds_in(rows):
        for s in ["separated", "motion"]:
            g = rows.get((k, s, "sepax.gjk_distance"))
            w = rows.get((k, s, "sepax.gjk_distance_warm"))
            bw = rows.get((k, s, "bullet.gjk_distance_warm"))
            p = fastest(rows, k, s, PEER_DISTANCE)
            cell, pns = peer_cell(p)
            out.append("| %s (%d) | %s | %s | %s | %s | %s | %s | %s |" % (
                k, vertices_of(k, rows), s, fmt_ns(g and g["ns"]),
                "%.1f" % g["iterations"] if g else "-", cell,
                fmt_ratio(g["ns"] / pns if g and p else None),
                fmt_ns(w and w["ns"]) + (" (%.1f it.)" % w["iterations"] if w else ""),
                fmt_ns(bw and bw["ns"])))
    return out


def cache_table(rows):
    out = ["| hulls | sat_query | sat_cached | hit rate | speedup | gjk_distance | warm | speedup |",
           "|---|---|---|---|---|---|---|---|"]
    for k in kinds_in(rows):
        q = rows.get((k, "motion", "sepax.sat_query"))
        c = rows.get((k, "motion", "sepax.sat_cached"))
        g = rows.get((k, "motion", "sepax.gjk_distance"))
        w = rows.get((k, "motion", "sepax.gjk_distance_warm"))
        out.append("| %s (%d) | %s | %s | %s | %s | %s | %s | %s |" % (
            k, vertices_of(k, rows), fmt_ns(q and q["ns"]), fmt_ns(c and c["ns"]),
            "%.0f%%" % (100 * c["cache_hit_rate"]) if c else "-",
            fmt_ratio(q["ns"] / c["ns"] if q and c else None), fmt_ns(g and g["ns"]),
            fmt_ns(w and w["ns"]), fmt_ratio(g["ns"] / w["ns"] if g and w else None)))
    return out


def wrong_table(rows):
    per = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for (k, s, a), r in rows.items():
        per[a][s][0] += r["wrong"]
        per[a][s][1] += r["checked"]
    sits = STATIC + ["motion"]
    out = ["| algorithm | " + " | ".join(sits) + " | total |",
           "|---|" + "---|" * (len(sits) + 1)]
    for a in sorted(per, key=lambda n: (not n.startswith("sepax"), n)):
        cells, tw, tc = [], 0, 0
        for s in sits:
            w, c = per[a][s]
            tw, tc = tw + w, tc + c
            cells.append("%d/%d" % (w, c) if c else "-")
        out.append("| %s | %s | %d/%d |" % (a, " | ".join(cells), tw, tc))
    return out


def goal_line(name, ratio, limit, detail):
    if ratio is None:
        return "| %s | - | %s | not measured | %s |" % (name, limit, detail)
    met = ratio <= limit
    return "| %s | %.3g | <= %g | %s | %s |" % (
        name, ratio, limit, "met" if met else "**not met** (%.3gx the target)" % (ratio / limit),
        detail)


def counters(r):
    parts = []
    if r.get("axes", -1) >= 0:
        parts.append("%.0f axes" % r["axes"])
    if r.get("arc_tests", -1) > 0:
        parts.append("%.0f arc tests" % r["arc_tests"])
    if r.get("support_calls", -1) >= 0:
        parts.append("%.1f supports" % r["support_calls"])
    if r.get("iterations", -1) >= 0:
        parts.append("%.1f iterations" % r["iterations"])
    return ", ".join(parts) or "no counters"


def goals(rows, hull):
    out = ["| goal | ratio | target | verdict | detail (sepax counters per query) |",
           "|---|---|---|---|---|"]

    def vs(kind, sit, ours, peer_names, limit, label, exact_only=False):
        o = rows.get((kind, sit, ours)) if isinstance(ours, str) else fastest(rows, kind, sit,
                                                                              ours)
        if o is not None and not isinstance(ours, str):
            ours, o = o
        p = fastest(rows, kind, sit, peer_names, exact_only)
        if o is None or p is None:
            out.append(goal_line(label, None, limit, "row missing"))
            return
        detail = "%s %s (%s) vs %s %s%s" % (
            ours, fmt_ns(o["ns"]), counters(o), p[0], fmt_ns(p[1]["ns"]),
            " (%d/%d wrong)" % (p[1]["wrong"], p[1]["checked"]) if p[1]["wrong"] else "")
        out.append(goal_line(label, o["ns"] / p[1]["ns"], limit, detail))

    for s in ["separated", "shallow", "deep", "contained"]:
        vs("box", s, "sepax.sat_query", PEER_BOOLEAN, 0.5,
           "box-box %s, sat_query (with depth) vs fastest peer intersection" % s)
    for k in ["hull32", "hull128", "hull512"]:
        for s in OVERLAP:
            vs(k, s, "sepax.sat_query", PEER_PENETRATION, 0.3,
               "%s %s, exact MTV (sat_query) vs fastest peer penetration" % (k, s))
            vs(k, s, "sepax.sat_query", PEER_PENETRATION, 0.3,
               "%s %s, exact MTV vs fastest peer with no wrong answer" % (k, s), True)
    vs("hull128", "separated", SEPAX_BOOLEAN, PEER_BOOLEAN, 0.5,
       "hull128 separated, boolean vs fastest peer boolean")
    b = rows.get(("box", "motion", "sepax.sat_cached"))
    h = rows.get(("hull4096", "motion", "sepax.sat_cached"))
    if b and h:
        out.append(goal_line("axis cache: sat_cached time at 4096 / at 8 vertices (same time)",
                             h["ns"] / b["ns"], 1.5,
                             "8: %s (hit %.0f%%, %s); 4096: %s (hit %.0f%%, %s)" % (
                                 fmt_ns(b["ns"]), 100 * b["cache_hit_rate"], counters(b),
                                 fmt_ns(h["ns"]), 100 * h["cache_hit_rate"], counters(h))))
    for k in kinds_in(rows):
        vs(k, "separated", "sepax.gjk_distance", PEER_DISTANCE, 0.5,
           "%s separated, GJK distance vs fastest peer distance" % k)
    for k in ["hull2048", "hull4096"]:
        for s in OVERLAP:
            vs(k, s, "sepax.sat_query", PEER_PENETRATION, 1.0,
               "%s %s, exact MTV (sat_query) vs fastest peer penetration" % (k, s))
    if hull:
        for shape, n, ratio in hull:
            out.append(goal_line("hull build, %s of %d points, sepax / bare Qhull" % (shape, n),
                                 ratio, 1.2, "bench_hull (a separate program and run)"))
    else:
        out.append(goal_line("hull build vs bare Qhull", None, 1.2, "no --hull-json given"))
    return out


def hull_ratios(path, time_field):
    if not path:
        return []
    with open(path) as f:
        data = json.load(f)
    t = {}
    for b in data["benchmarks"]:
        if b.get("error_occurred") or b.get("run_type") == "aggregate":
            continue
        t[b["name"]] = b[time_field]
    out = []
    for name, v in sorted(t.items()):
        m = re.match(r"hull/sepax/(\w+)/(\d+)$", name)
        q = "hull/qhull/%s/%s" % (m.group(1), m.group(2)) if m else None
        if m and q in t:
            out.append((m.group(1), int(m.group(2)), v / t[q]))
    return sorted(out, key=lambda x: (x[0], x[1]))


def plots(rows, img_dir, time_label):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("bench_report: matplotlib missing (apt-get install python3-matplotlib; run "
              "/usr/bin/python3): no plots", file=sys.stderr)
        return []
    os.makedirs(img_dir, exist_ok=True)
    written = []
    kinds = [k for k in SIZE_KINDS if any(kk == k for (kk, _s, _a) in rows)]
    for sit in ["separated", "deep"]:
        algos = sorted({a for (k, s, a) in rows if s == sit and k in kinds},
                       key=lambda n: (not n.startswith("sepax"), n))
        fig, ax = plt.subplots(figsize=(10, 6))
        for a in algos:
            xs, ys = [], []
            for k in kinds:
                r = rows.get((k, sit, a))
                if r:
                    xs.append(vertices_of(k, rows))
                    ys.append(r["ns"])
            if xs:
                style = "-" if a.startswith("sepax") else "--"
                ax.plot(xs, ys, style, marker="o", markersize=3, label=a)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel("vertices per hull")
        ax.set_ylabel("ns per query (%s)" % time_label)
        ax.set_title("bench_peers: %s pairs" % sit)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7, loc="center left", bbox_to_anchor=(1.0, 0.5))
        fig.tight_layout()
        name = "peers_%s.png" % sit
        fig.savefig(os.path.join(img_dir, name), dpi=100)
        plt.close(fig)
        written.append(name)
    fig, ax = plt.subplots(figsize=(8, 5))
    for cold, warm, label in [("sepax.sat_query", "sepax.sat_cached", "SAT: query / cached"),
                              ("sepax.gjk_distance", "sepax.gjk_distance_warm",
                               "GJK: cold / warm"),
                              ("bullet.gjk_distance", "bullet.gjk_distance_warm",
                               "Bullet GJK: cold / warm")]:
        xs, ys = [], []
        for k in kinds:
            c, w = rows.get((k, "motion", cold)), rows.get((k, "motion", warm))
            if c and w:
                xs.append(vertices_of(k, rows))
                ys.append(c["ns"] / w["ns"])
        if xs:
            ax.plot(xs, ys, marker="o", label=label)
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xlabel("vertices per hull")
    ax.set_ylabel("speedup on coherent motion (cold time / cached time)")
    ax.set_title("bench_peers: cache and warm-start speedup")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(os.path.join(img_dir, "peers_cache.png"), dpi=100)
    plt.close(fig)
    written.append("peers_cache.png")
    return written


def section(rows, context, hull, images, args):
    lines = [BEGIN, "",
             "_Generated by `tools/bench_report.py` from one bench_peers run; edit the script, "
             "not this block._", "",
             "Run: %s, %s CPUs, %s build; times are Google Benchmark's %s time per query." % (
                 context.get("date", "?"), context.get("num_cpus", "?"),
                 context.get("library_build_type", "?"), args.time), ""]
    for img in images:
        lines += ["![%s](img/%s)" % (img, img), ""]
    lines += ["#### Exact minimum translation vector (overlapping pairs)", ""] + mtv_table(rows)
    lines += ["", "#### Boolean queries", ""] + boolean_table(rows)
    lines += ["", "#### Distance (separated pairs; motion = coherent path)", ""]
    lines += distance_table(rows)
    lines += ["", "#### Axis cache and GJK warm start on coherent motion", ""] + cache_table(rows)
    lines += ["", "#### Wrong answers (wrong / checked poses, all hull kinds)", ""]
    lines += wrong_table(rows)
    lines += ["", "#### Goals", ""] + goals(rows, hull) + ["", END]
    return "\n".join(lines) + "\n"


def write_doc(path, block):
    text = open(path).read() if os.path.exists(path) else "# sepax benchmarks\n"
    # The markers count only on a line of their own (prose may quote them).
    m = re.search(r"^%s[ \t]*$(.*?)^%s[ \t]*$" % (re.escape(BEGIN), re.escape(END)), text,
                  re.M | re.S)
    if m:
        text = text[:m.start()] + block.rstrip("\n") + text[m.end():]
    else:
        text = text.rstrip("\n") + "\n\n## Peers: measured tables\n\n" + block
    with open(path, "w") as f:
        f.write(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("peers_json")
    ap.add_argument("--hull-json", help="bench_hull JSON for the hull-build goal")
    ap.add_argument("--doc", default="docs/benchmarks.md")
    ap.add_argument("--img-dir", default="docs/img")
    ap.add_argument("--time", choices=["cpu", "real"], default="cpu")
    args = ap.parse_args()
    field = args.time + "_time"
    rows, context = load(args.peers_json, field)
    if not rows:
        sys.exit("bench_report: no peers/ rows in %s" % args.peers_json)
    hull = hull_ratios(args.hull_json, field)
    images = plots(rows, args.img_dir, args.time)
    write_doc(args.doc, section(rows, context, hull, images, args))
    print("bench_report: %d rows -> %s, %d plots in %s" % (len(rows), args.doc, len(images),
                                                             args.img_dir))


if __name__ == "__main__":
    main()
