#!/usr/bin/env bash
# Sets up and runs every benchmark, then writes docs/benchmarks.md and its
# plots (docs/img): installs what is missing (the build's packages, the peers
# libccd, Bullet, FCL and ODE, and python3-matplotlib for the plots), builds
# a release build in build-bench with the Python module, runs the nine
# programs and bench/bench_python.py (the batch calls against a C++ loop)
# into build-bench/json, records the example scene (examples/record: 102
# bodies, 480 frames) and replays it with bench_scene (its per-frame and
# per-kind CSVs beside the JSON), and runs tools/bench_report.py on them.
#
# bullet.clip, Bullet's clipping path, takes about 0.2 s a frame of that
# scene (over 20 minutes for its rows, check and replays whole): it runs
# alone on every $clip_stride-th frame, outside the per-frame and per-kind
# CSVs.
#
# Optional peers that are no Debian package (docs/benchmarks.md): BOX3D=PREFIX,
# the install prefix of a Box3D build, and JOLT=PREFIX, a Jolt install's,
# add their rows to bench_contact.
#
# Usage: [BOX3D=PREFIX] [JOLT=PREFIX] tools/bench.sh [--min-time SECONDS]   (default 0.1 s
# a row; a full run takes about 12 minutes on 2 cores)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=tools/setup.sh
source "$root/tools/setup.sh"
min_time=0.1
clip_stride=8
[ "${1:-}" = "--min-time" ] && min_time=$2

sepax_install_packages "${SEPAX_PACKAGES[@]}" "${SEPAX_PEER_PACKAGES[@]}" python3-matplotlib
cd "$root"
optional_peers=()
[ -n "${BOX3D:-}" ] && optional_peers+=(-Dbox3d="$BOX3D")
[ -n "${JOLT:-}" ] && optional_peers+=(-Djolt=enabled -Dcmake_prefix_path="$JOLT")
sepax_build build-bench -Dbench=enabled -Dtests=disabled -Dtools=disabled -Dpython=enabled -Dio=enabled \
  -Dbuildtype=release "${optional_peers[@]}"
mkdir -p build-bench/json
for b in hull support sat gjk peers mesh contact cast mesh_contact; do
  echo "bench: bench_$b" >&2
  "build-bench/bench/bench_$b" --benchmark_min_time="$min_time" \
    --benchmark_out="build-bench/json/bench_$b.json" --benchmark_out_format=json >/dev/null
done
echo "bench: examples/record, bench_scene" >&2
scene=build-bench/scene.txt
build-bench/examples/record -o "$scene" >&2
SEPAX_SCENE=$scene SEPAX_SCENE_FRAMES_CSV=build-bench/json/bench_scene_frames.csv \
  SEPAX_SCENE_KINDS_CSV=build-bench/json/bench_scene_kinds.csv \
  build-bench/bench/bench_scene --benchmark_filter='-bullet\.clip' \
  --benchmark_min_time="$min_time" --benchmark_out=build-bench/json/bench_scene.json \
  --benchmark_out_format=json >/dev/null
rm -f build-bench/json/bench_scene_clip.json
if build-bench/bench/bench_scene --benchmark_list_tests --benchmark_filter='bullet\.clip' |
  grep -q .; then
  echo "bench: bench_scene, bullet.clip on every ${clip_stride}th frame" >&2
  SEPAX_SCENE=$scene SEPAX_SCENE_STRIDE=$clip_stride \
    build-bench/bench/bench_scene --benchmark_filter='bullet\.clip' \
    --benchmark_min_time="$min_time" --benchmark_out=build-bench/json/bench_scene_clip.json \
    --benchmark_out_format=json >/dev/null
fi
echo "bench: bench_python" >&2
/usr/bin/python3 bench/bench_python.py --build build-bench --json build-bench/json/bench_python.json >&2
/usr/bin/python3 tools/bench_report.py build-bench/json/*.json
