#!/usr/bin/env bash
# Sets up and runs every benchmark, then writes docs/benchmarks.md and its
# plots (docs/img): installs what is missing (the build's packages, the peers
# libccd, Bullet, FCL and ODE, and python3-matplotlib for the plots), builds
# a release build in build-bench with the Python module, runs the eight
# programs and bench/bench_python.py (the batch calls against a C++ loop)
# into build-bench/json, and runs tools/bench_report.py on their JSON.
#
# Usage: tools/bench.sh [--min-time SECONDS]   (default 0.1 s a row; a full
# run takes about 10 minutes on 2 cores)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=tools/setup.sh
source "$root/tools/setup.sh"
min_time=0.1
[ "${1:-}" = "--min-time" ] && min_time=$2

sepax_install_packages "${SEPAX_PACKAGES[@]}" "${SEPAX_PEER_PACKAGES[@]}" python3-matplotlib
cd "$root"
sepax_build build-bench -Dbench=enabled -Dtests=disabled -Dtools=disabled -Dpython=enabled -Dio=enabled \
  -Dbuildtype=release
mkdir -p build-bench/json
for b in hull support sat gjk peers mesh contact cast; do
  echo "bench: bench_$b" >&2
  "build-bench/bench/bench_$b" --benchmark_min_time="$min_time" \
    --benchmark_out="build-bench/json/bench_$b.json" --benchmark_out_format=json >/dev/null
done
echo "bench: bench_python" >&2
/usr/bin/python3 bench/bench_python.py --build build-bench --json build-bench/json/bench_python.json >&2
/usr/bin/python3 tools/bench_report.py build-bench/json/*.json
