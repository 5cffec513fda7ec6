#!/usr/bin/env python3
"""bench_python: the Python batch calls against the same queries in a C++ loop.

    /usr/bin/python3 bench/bench_python.py [--build build-bench] [--count 10000]
        [--rounds 5] [--json build-bench/json/bench_python.json] [--check]

Builds K pairs of poses (A and B both at random poses; about a third of the
pairs overlap) for two pairs of hulls: two 32-vertex random hulls (*hull32*)
and two cubes (*box*, the 15-axis SAT). For each query (sat.query_many,
gjk.distance_many, epa.query_many, contact.collide_many with a margin of 2%)
it times, in one run:

  cpp          the same queries in a plain C++ loop (bench_python_loop, built
               beside the module), on the very same poses: the numbers of the
               sepax.Poses, written to a file
  batch        the batch call on sepax.Poses, threads=1, writing into the
               arrays of its previous answer (out=), as the C++ loop reuses
               its vector: the like-for-like ratio batch / cpp, whose goal
               is at most 1.10
  batch_new    the same with new result arrays each call: plus first writes
               to memory new to the process, a page fault per 4 KiB when the
               allocator hands out fresh pages (about 15 us each on this
               project's virtual machines), whose count depends on the
               allocator's state
  batch_matrix as batch, on (K, 4, 4) arrays: plus checking and converting
               each matrix (Pose(matrix=)), twice (checked first, made again
               as its row runs)
  batch_auto   as batch, with threads=0 (its default)
  py_loop      a Python loop of the single calls, for context

Rounds alternate the C++ program and the Python calls; each time is the best
per query over every round and repetition, as the machine is shared: the
wall clock, and the calling thread's CPU time, which a loaded machine
disturbs less (the ratios are taken on it; batch_auto, whose work is on
several threads, has its wall clock for both). The batch answers must equal
the C++ loop's bit for bit (separation or distance, axis or normal), or the
script fails. python-fcl (import fcl) is not packaged by Debian 12: it is
skipped with a note when absent (and has no rows yet when present).

--json writes Google-Benchmark-like JSON that tools/bench_report.py reads:
one row per kind, query and method, "python/<kind>/<query>/<method>", with
the time per query as real_time (wall clock) and cpu_time (the calling
thread's CPU time). --check runs small and only checks the answers (the
meson test python_bench_python).
"""

import argparse
import datetime
import json
import os
import platform
import socket
import subprocess
import sys
import tempfile
import time

import numpy as np

MARGIN = 0.02
QUERIES = ('sat', 'gjk', 'epa', 'contact')
METHODS = ('cpp', 'batch', 'batch_new', 'batch_matrix', 'batch_auto', 'py_loop')
BATCH = METHODS[1:5]
HULLS = {'hull32': ('random:32:1', 'random:32:2'), 'box': ('box:0.5', 'box:0.5')}


def make_hull(sepax, spec):
    kind, *args = spec.split(':')
    if kind == 'box':
        return sepax.shapes.box([float(args[0])] * 3)
    return sepax.shapes.random_hull(int(args[0]), 1.0, int(args[1]))


def random_poses(sepax, rng, count, spread):
    return sepax.Poses(quaternion=rng.normal(size=(count, 4)),
                       translation=rng.uniform(-spread, spread, (count, 3)))


def pose_numbers(poses):
    """(K, 13) float64: rotation row-major, translation, scale."""
    return np.hstack([poses.rotation.reshape(-1, 9), poses.translation,
                      poses.scale[:, None]]).astype(np.float64)


class Kind:
    """One pair of hulls, K pairs of poses, and the calls on them."""

    def __init__(self, sepax, name, specs, count, seed):
        self.sepax, self.name, self.specs = sepax, name, specs
        self.a, self.b = (make_hull(sepax, s) for s in specs)
        rng = np.random.default_rng(seed)
        self.poses_a = random_poses(sepax, rng, count, 0.2)
        self.poses_b = random_poses(sepax, rng, count, 1.5)
        self.matrices_a, self.matrices_b = self.poses_a.matrix(), self.poses_b.matrix()
        self.count = count
        self.out = {}  # each query's last answer, reused by the next call (out=)

    def write_poses(self, path):
        rows = np.stack([pose_numbers(self.poses_a), pose_numbers(self.poses_b)], axis=1)
        rows.tofile(path)

    def many(self, query):
        s = self.sepax
        return {'sat': s.sat.query_many, 'gjk': s.gjk.distance_many,
                'epa': s.epa.query_many, 'contact': s.contact.collide_many}[query]

    def extra(self, query):
        return {'margin': MARGIN} if query == 'contact' else {}

    def batch(self, query, method):
        many, extra = self.many(query), self.extra(query)
        if method == 'batch_new':
            return many(self.a, self.poses_a, self.b, self.poses_b, threads=1, **extra)
        out = self.out.get(query)
        if method == 'batch_matrix':
            r = many(self.a, self.matrices_a, self.b, self.matrices_b, threads=1, out=out,
                     **extra)
        else:
            r = many(self.a, self.poses_a, self.b, self.poses_b, out=out,
                     threads=1 if method == 'batch' else 0, **extra)
        self.out[query] = r
        return r

    def py_loop(self, query):
        s = self.sepax
        one = {'sat': s.sat.query, 'gjk': s.gjk.distance, 'epa': s.epa.query,
               'contact': s.contact.collide}[query]
        a, b, extra = self.a, self.b, self.extra(query)
        pa, pb = list(self.poses_a), list(self.poses_b)

        def loop():
            for i in range(self.count):
                one(a, pa[i], b, pb[i], **extra)
        return timed(loop)


def timed(f):
    """(wall, CPU time of this thread) of f(), in seconds."""
    cpu, wall = time.thread_time(), time.perf_counter()
    f()
    return time.perf_counter() - wall, time.thread_time() - cpu


def best_of(reps, f):
    times = [timed(f) for _ in range(reps)]
    return min(w for w, _ in times), min(c for _, c in times)


def run_cpp(loop, kind, poses_path, results_path, reps):
    out = subprocess.run([loop, poses_path, results_path, str(reps), repr(MARGIN)] +
                         list(kind.specs), check=True, capture_output=True, text=True).stdout
    return {q: (float(wall), float(cpu)) for q, wall, cpu in (line.split()
                                                            for line in out.splitlines())}


def check_answers(sepax, kind, results_path):
    """The batch answers equal the C++ loop's bit for bit."""
    got = np.fromfile(results_path, dtype=sepax.real)
    k = kind.count
    for n, query in enumerate(QUERIES):
        part = got[n * 4 * k:(n + 1) * 4 * k]
        answers = {}
        for method in BATCH:
            r = kind.batch(query, method)
            answers[method] = (np.copy(r.distance if query == 'gjk' else r.separation),
                               np.copy(r.normal if query == 'contact' else r.axis))
        value, vector = answers['batch']
        for method, (v, u) in answers.items():
            if not (np.array_equal(value, v) and np.array_equal(vector, u)):
                sys.exit('bench_python: %s %s: %s differs from batch' % (kind.name, query, method))
        if not (np.array_equal(value, part[:k]) and np.array_equal(vector.ravel(), part[k:])):
            sys.exit('bench_python: %s %s: the batch answers differ from the C++ loop'
                     % (kind.name, query))


def measure(sepax, loop, kinds, rounds, reps, tmp):
    """{(kind, query, method): (wall ns, cpu ns)} per query, the best seen."""
    best = {}

    def keep(key, wall, cpu):
        old = best.get(key, (float('inf'), float('inf')))
        best[key] = (min(old[0], wall), min(old[1], cpu))

    for rnd in range(rounds):
        for kind in kinds:
            poses_path = os.path.join(tmp, kind.name + '.poses')
            results_path = os.path.join(tmp, kind.name + '.results')
            if rnd == 0:
                kind.write_poses(poses_path)
            for query, (wall, cpu) in run_cpp(loop, kind, poses_path, results_path,
                                              reps).items():
                keep((kind.name, query, 'cpp'), wall, cpu)
            if rnd == 0:
                check_answers(sepax, kind, results_path)
            per = 1e9 / kind.count
            for query in QUERIES:
                for method in BATCH:
                    wall, cpu = best_of(reps, lambda: kind.batch(query, method))
                    keep((kind.name, query, method), wall * per,
                         (wall if method == 'batch_auto' else cpu) * per)
                if rnd < 2:  # slow, and only for context
                    wall, cpu = kind.py_loop(query)
                    keep((kind.name, query, 'py_loop'), wall * per, cpu * per)
    return best


def fcl_note():
    try:
        import fcl  # noqa: F401
    except ImportError:
        return 'python-fcl not installed (not packaged by Debian 12): skipped'
    return 'python-fcl is installed, but this script has no python-fcl rows yet'


def table(best, kinds):
    """Times per query (CPU time; batch_auto: wall) and ratios to cpp."""
    lines = ['%-7s %-8s %8s %8s %8s %8s %8s %8s %7s %7s %7s' % (
        'kind', 'query', 'cpp', 'batch', 'new', 'matrix', 'auto', 'py_loop', 'batch/c',
        'new/c', 'mat/c')]
    for kind in kinds:
        for q in QUERIES:
            t = {m: best[(kind.name, q, m)] for m in METHODS}
            cpp = t['cpp'][1]
            lines.append('%-7s %-8s %8.1f %8.1f %8.1f %8.1f %8.1f %8.1f %6.3fx %6.3fx %6.3fx' % (
                kind.name, q, cpp, t['batch'][1], t['batch_new'][1], t['batch_matrix'][1],
                t['batch_auto'][0], t['py_loop'][1], t['batch'][1] / cpp,
                t['batch_new'][1] / cpp, t['batch_matrix'][1] / cpp))
    return '\n'.join(lines)


def write_json(path, sepax, best, kinds, args, note):
    context = {
        'executable': 'bench_python', 'date': datetime.datetime.now().isoformat(),
        'host_name': socket.gethostname(), 'num_cpus': os.cpu_count(),
        'load_avg': list(os.getloadavg()), 'sepax_version': sepax.__version__,
        'precision': sepax.precision, 'python': platform.python_version(),
        'numpy': np.__version__, 'count': args.count, 'rounds': args.rounds,
        'time': 'per query, best over rounds: real_time wall clock, cpu_time the calling '
                'thread\'s CPU time (batch_auto: wall clock)', 'python_fcl': note,
    }
    rows = []
    for kind in kinds:
        for q in QUERIES:
            for m in METHODS:
                wall, cpu = best[(kind.name, q, m)]
                name = 'python/%s/%s/%s' % (kind.name, q, m)
                rows.append({'name': name, 'run_name': name, 'run_type': 'iteration',
                             'iterations': kind.count, 'real_time': wall, 'cpu_time': cpu,
                             'time_unit': 'ns'})
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, 'w') as f:
        json.dump({'context': context, 'benchmarks': rows}, f, indent=1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--build', default='build-bench', help='the build directory')
    ap.add_argument('--loop', help='bench_python_loop (default: BUILD/python/bench_python_loop)')
    ap.add_argument('--count', type=int, default=10000, help='pairs of poses K')
    ap.add_argument('--rounds', type=int, default=5)
    ap.add_argument('--reps', type=int, default=3, help='repetitions a round')
    ap.add_argument('--json', help='write Google-Benchmark-like JSON here')
    ap.add_argument('--check', action='store_true',
                    help='small K, one round: check the answers, print no table')
    args = ap.parse_args()
    if args.check:
        args.count, args.rounds, args.reps = min(args.count, 500), 1, 1
    sys.path.insert(0, os.path.join(args.build, 'python'))
    import sepax
    loop = args.loop or os.path.join(args.build, 'python', 'bench_python_loop')
    kinds = [Kind(sepax, name, specs, args.count, seed)
             for seed, (name, specs) in enumerate(HULLS.items())]
    with tempfile.TemporaryDirectory(prefix='bench_python') as tmp:
        best = measure(sepax, loop, kinds, args.rounds, args.reps, tmp)
    note = fcl_note()
    if args.check:
        print('bench_python: the batch answers equal the C++ loop\'s on %d pairs x %d kinds x '
              '%d queries' % (args.count, len(kinds), len(QUERIES)))
        return
    print('bench_python: K = %d, %d rounds x %d reps, %s, %s build; ns per query, best of all: '
          'CPU time of the calling thread (auto: wall clock); ratios to cpp'
          % (args.count, args.rounds, args.reps, time.strftime('%Y-%m-%d %H:%M'),
             sepax.precision))
    print(table(best, kinds))
    print(note)
    if args.json:
        write_json(args.json, sepax, best, kinds, args, note)
        print('bench_python: wrote %s' % args.json)


if __name__ == '__main__':
    main()
