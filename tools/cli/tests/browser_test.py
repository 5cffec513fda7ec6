#!/usr/bin/env python3
"""Open a sepax HTML report in headless Chromium and check that it works.

    python3 browser_test.py PAGE.html [--colors "#1f77b4,#ff7f0e"] [--min-fraction 0.005]
                            [--screenshot out.png] [--budget-ms 10000] [--timeout 180]

Checks:
  1. no console.error call, uncaught exception / unhandled rejection, failed resource load
     or WebGL error in the page's console output;
  2. <body data-status="ready"> after load (the page sets "error: ..." on failure);
  3. every colour given with --colors covers at least --min-fraction of the 3D view in a
     screenshot (hue match with sufficient saturation, so shading does not matter).

Exit status: 0 pass, 1 fail, 77 chromium not installed (skip).
Only the Python standard library is used (PNG decoded with zlib + struct).
"""
import argparse
import collections
import colorsys
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib

# Prepended to the page (in a temporary copy): Chromium's --enable-logging output does not
# say whether a console message was log, warn or error, so console.error calls are tagged.
# Failed loads of images/scripts/styles are not logged by Chromium at all, so the hook
# reports them too (capture-phase "error" events on elements).
#
# The page's body[data-status] and body[data-viewport] are also reported through the console
# (a MutationObserver logs every change) instead of --dump-dom: dumping the DOM serialises
# the whole page, which takes 10+ s for a 25 MB report.
ERROR_TAG = "[browser_test console.error]"
STATUS_TAG = "[browser_test body]"
HOOK = """<script>(function () {
  new MutationObserver(function () {
    var d = document.body ? document.body.dataset : {};
    console.log("%s " + JSON.stringify({status: d.status, viewport: d.viewport}));
  }).observe(document.documentElement, {subtree: true, attributes: true,
                                         attributeFilter: ["data-status", "data-viewport"]});
  var orig = console.error;
  console.error = function () {
    orig.apply(console, ["%s"].concat(Array.prototype.slice.call(arguments)));
  };
  window.addEventListener("error", function (e) {
    var t = e.target;
    if (t && t !== window) console.error("failed to load " + (t.src || t.href || t.tagName));
  }, true);
})();</script>""" % (STATUS_TAG, ERROR_TAG)

# Console messages that count as failures (besides the tagged console.error calls).
CONSOLE_FAILURES = re.compile(
    r"^Uncaught|Failed to load resource|Not allowed to load|GL_INVALID|GL ERROR|"
    r"WebGL: |CONTEXT_LOST|Refused to", re.I)

# Chromium stderr lines look like this (the message may span several lines, e.g. stacks):
#   [pid:tid:MMDD/HHMMSS.micro:INFO:CONSOLE:5] "message", source: file:///x.html (5)
CONSOLE_MESSAGE = re.compile(
    r'^\[[^\]\n]*:CONSOLE[^\]\n]*\] "(.*?)", source: [^\n]*\(\d+\)$', re.M | re.S)


def find_chromium():
    """The real binary, not Debian's /usr/bin/chromium shell wrapper (which sources
    /etc/chromium.d/* and can print shell errors of its own)."""
    env = os.environ.get("CHROMIUM")
    candidates = [env] if env else []
    candidates += ["/usr/lib/chromium/chromium"]
    candidates += [shutil.which(n) for n in ("chromium", "chromium-browser")]
    for c in candidates:
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    return None


def chromium_command(binary, url, screenshot, profile, budget_ms, size):
    cmd = [binary,
           "--headless",
           # WebGL without a GPU: ANGLE on SwiftShader (software Vulkan). Chromium >= 1xx
           # refuses the SwiftShader fallback for WebGL unless explicitly allowed.
           "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist",
           # Console messages go to stderr as INFO:CONSOLE lines.
           "--enable-logging=stderr", "--v=0",
           # Fresh profile, no network: any attempt to fetch something fails and is logged.
           "--user-data-dir=" + profile, "--no-first-run", "--disable-extensions",
           "--host-resolver-rules=MAP * ~NOTFOUND",
           "--disable-dev-shm-usage",      # containers often have a tiny /dev/shm
           "--virtual-time-budget=%d" % budget_ms,
           "--window-size=%d,%d" % size, "--force-device-scale-factor=1", "--hide-scrollbars",
           "--screenshot=" + screenshot, url]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.insert(2, "--no-sandbox")      # the sandbox cannot run as root
    return cmd


# ------------------------------------------------------------------ PNG

def read_png(path):
    """Decode an 8-bit, non-interlaced RGB/RGBA/grey PNG -> (width, height, bytes per pixel, rows)."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, ctype = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if ctype == b"IHDR":
            header = struct.unpack(">IIBBBBB", chunk)
        elif ctype == b"IDAT":
            idat.append(chunk)
        elif ctype == b"IEND":
            break
    width, height, depth, color_type, _, _, interlace = header
    bpp = {0: 1, 2: 3, 4: 2, 6: 4}.get(color_type)
    if depth != 8 or bpp is None or interlace:
        raise ValueError("unsupported PNG (depth %d, colour type %d, interlace %d)"
                         % (depth, color_type, interlace))
    raw = zlib.decompress(b"".join(idat))
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        cur = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if f == 1:                                   # Sub
            for i in range(bpp, stride):
                cur[i] = (cur[i] + cur[i - bpp]) & 255
        elif f == 2:                                 # Up
            cur = bytearray((a + b) & 255 for a, b in zip(cur, prev))
        elif f == 3:                                 # Average
            for i in range(stride):
                left = cur[i - bpp] if i >= bpp else 0
                cur[i] = (cur[i] + ((left + prev[i]) >> 1)) & 255
        elif f == 4:                                 # Paeth
            for i in range(stride):
                a = cur[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                cur[i] = (cur[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        elif f != 0:
            raise ValueError("bad PNG filter %d" % f)
        rows.append(cur)
        prev = cur
    return width, height, bpp, rows


def color_histogram(rows, bpp, x0, x1):
    """Counter of (r, g, b) over columns x0..x1 of every row."""
    hist = collections.Counter()
    for row in rows:
        seg = row[x0 * bpp:x1 * bpp]
        if bpp >= 3:
            hist.update(zip(seg[0::bpp], seg[1::bpp], seg[2::bpp]))
        else:
            hist.update((g, g, g) for g in seg[0::bpp])
    return hist


def hue_fraction(hist, total, hex_color, hue_tol=15 / 360):
    """Fraction of pixels whose hue is within hue_tol of the colour's, with enough
    saturation and brightness to be a lit (or shadowed) surface of that colour."""
    r, g, b = (int(hex_color[i:i + 2], 16) / 255 for i in (1, 3, 5))
    th, ts, tv = colorsys.rgb_to_hsv(r, g, b)
    if ts < 0.25:
        raise ValueError("colour %s is too grey for a hue test" % hex_color)
    min_s = max(0.25, 0.5 * ts)
    hits = 0
    for (pr, pg, pb), n in hist.items():
        h, s, v = colorsys.rgb_to_hsv(pr / 255, pg / 255, pb / 255)
        dh = abs(h - th)
        if min(dh, 1 - dh) <= hue_tol and s >= min_s and v >= 0.15:
            hits += n
    return hits / total


# ------------------------------------------------------------------ main

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("page")
    ap.add_argument("--colors", default="", help="comma separated #rrggbb that must be visible")
    ap.add_argument("--min-fraction", type=float, default=0.005)
    ap.add_argument("--screenshot", help="keep the screenshot at this path")
    ap.add_argument("--budget-ms", type=int, default=10000, help="--virtual-time-budget")
    ap.add_argument("--timeout", type=float, default=180)
    ap.add_argument("--size", default="1000,700")
    ap.add_argument("--fragment", default="", help="URL fragment, e.g. pair=1")
    ap.add_argument("-v", "--verbose", action="store_true", help="print all console lines")
    args = ap.parse_args()

    binary = find_chromium()
    if not binary:
        print("skipped: chromium not installed")
        return 77
    colors = [c.strip() for c in args.colors.split(",") if c.strip()]
    for c in colors:
        if not re.fullmatch(r"#[0-9a-fA-F]{6}", c):
            print("FAIL: bad colour %r (want #rrggbb)" % c)
            return 1
    size = tuple(int(v) for v in args.size.split(","))

    failures = []
    with tempfile.TemporaryDirectory(prefix="sepax-browser-test-") as tmp:
        # Instrumented copy of the page: the console.error hook goes first in <head>.
        text = open(args.page, encoding="utf-8").read()
        m = re.search(r"<head[^>]*>", text, re.I)
        at = m.end() if m else 0
        page = os.path.join(tmp, "page.html")
        with open(page, "w", encoding="utf-8") as f:
            f.write(text[:at] + HOOK + text[at:])
        shot = os.path.join(tmp, "shot.png")
        url = "file://" + page + ("#" + args.fragment if args.fragment else "")
        cmd = chromium_command(binary, url, shot, os.path.join(tmp, "profile"),
                               args.budget_ms, size)
        print("page: %s (%.1f KB)" % (args.page, os.path.getsize(args.page) / 1024))
        print("running: " + " ".join(cmd))
        t0 = time.monotonic()
        try:
            proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  timeout=args.timeout)
        except subprocess.TimeoutExpired:
            print("FAIL: chromium did not finish within %.0f s" % args.timeout)
            return 1
        elapsed = time.monotonic() - t0
        err = proc.stderr.decode("utf-8", "replace")
        print("chromium exit %d after %.2f s" % (proc.returncode, elapsed))
        if proc.returncode != 0:
            failures.append("chromium exited with status %d" % proc.returncode)

        # 1. Console. Everything else on stderr (dbus, vaapi, sandbox warnings...) is noise.
        console = CONSOLE_MESSAGE.findall(err)
        print("console messages: %d" % len(console))
        attrs = {}
        for msg in console:
            if msg.startswith(STATUS_TAG):
                attrs = json.loads(msg[len(STATUS_TAG):])   # the last one wins
                continue
            bad = msg.startswith(ERROR_TAG) or CONSOLE_FAILURES.search(msg)
            if bad:
                failures.append("console: " + msg)
            if bad or args.verbose:
                print("  %s %s" % ("ERROR" if bad else "     ", msg[:300]))

        # 2. Status set by the page.
        status = attrs.get("status") or "<never set>"
        print("data-status: %s" % status)
        if status != "ready":
            failures.append("data-status is %r, not 'ready'" % status)

        # 3. Colours in the 3D view (the page publishes its rectangle as data-viewport).
        if colors:
            if not os.path.exists(shot):
                failures.append("no screenshot written")
            else:
                if args.screenshot:
                    shutil.copy(shot, args.screenshot)
                w, h, bpp, rows = read_png(shot)
                x0, x1 = 0, w
                vp = attrs.get("viewport")
                if vp:
                    vx, _, vw, _ = (int(float(v)) for v in vp.split(","))
                    x0, x1 = max(0, vx), min(w, vx + vw)
                # Rows: the whole height (the window may be resized for the screenshot after
                # data-viewport was written; the view always spans the full height).
                print("screenshot %dx%d, checking columns %d..%d" % (w, h, x0, x1))
                hist = color_histogram(rows, bpp, x0, x1)
                total = (x1 - x0) * h
                for c in colors:
                    frac = hue_fraction(hist, total, c)
                    ok = frac >= args.min_fraction
                    print("  colour %s: %.2f%% of view (need %.2f%%) %s"
                          % (c, 100 * frac, 100 * args.min_fraction, "ok" if ok else "MISSING"))
                    if not ok:
                        failures.append("colour %s covers only %.3f%% of the view"
                                        % (c, 100 * frac))

    if failures:
        print("FAIL:")
        for f in failures:
            print("  - " + f)
        return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
