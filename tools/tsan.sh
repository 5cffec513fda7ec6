#!/usr/bin/env bash
# Builds the sepax tool with ThreadSanitizer and runs its multi-threaded
# commands on the bundled meshes: `sepax batch --jobs 4` on every pair of
# mesh files (sepax's own readers and assimp's formats loading at once, with
# copies of the assimp ones so that imports overlap), and
# `sepax scene` on the mesh folders (with --jobs 4 when scene has it).
# Fails (exit 1) on any ThreadSanitizer report; a case or file error in the
# commands' own output is not a failure (some bundled files are broken on
# purpose).
#
# Usage: tools/tsan.sh [--builddir DIR] [-j N]
#   --builddir DIR  build directory (default: build-tsan in the repository)
#   -j N            ninja's job count (default 1: the build is slow)
# Build: -Db_sanitize=thread, debugoptimized, benchmarks and tests off; only
# the `sepax` tool is built.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
builddir="$root/build-tsan"
jobs=1
while [ $# -gt 0 ]; do
  case $1 in
    --builddir) builddir=$2; shift 2 ;;
    -j) jobs=$2; shift 2 ;;
    *) echo "tsan.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

if [ ! -f "$builddir/build.ninja" ]; then
  meson setup "$builddir" "$root" --buildtype=debugoptimized -Db_sanitize=thread \
    -Db_lundef=false -Dbench=disabled -Dtests=disabled -Dtools=enabled -Dio=enabled >/dev/null
fi
ninja -C "$builddir" -j "$jobs" tools/sepax >"$builddir/ninja.log" 2>&1 ||
  { tail -50 "$builddir/ninja.log"; exit 1; }
sepax="$builddir/tools/sepax"

# halt_on_error: the first report ends the run with exit code 66, which no
# sepax command uses (0-3).
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The bundled mesh files, and copies of the ones assimp reads (binary STL,
# glTF): the tool loads each path once, so copies make several assimp imports
# run at the same time.
meshes=()
for f in "$root"/tests/data/*.{obj,off,stl} \
  "$root"/tests/data/io/{cube_ascii.stl,two_solids.stl,tetra.off,two_boxes.obj} \
  "$root"/tests/data/io/{points_binary.ply,points_double_be.ply,points_ascii.ply,nan.obj} \
  "$root"/tests/data/io/{garbage.ply,missing_buffer.gltf}; do
  [ -f "$f" ] && meshes+=("$f")
done
copies=6
for f in "$root"/tests/data/pig.stl \
  "$root"/tests/data/io/{cube_binary.stl,two_triangles.gltf,two_triangles.glb,unnamed_nodes.gltf}; do
  for ((k = 1; k <= copies; ++k)); do
    cp "$f" "$work/copy$k-$(basename "$f")"
    meshes+=("$work/copy$k-$(basename "$f")")
  done
done

# Every pair of distinct files: each worker loads whichever file its case
# needs first, so loads of different files and formats overlap.
tsv="$work/cases.tsv"
n=0
for ((i = 0; i < ${#meshes[@]}; ++i)); do
  for ((j = i + 1; j < ${#meshes[@]}; ++j)); do
    n=$((n + 1))
    printf 'case%d\t%s\t%s\t\t0.5,0,0\n' "$n" "${meshes[i]}" "${meshes[j]}" >>"$tsv"
  done
done

status=0
# run NAME COMMAND...: the command's exit status 0-3 is its answer; 66 or a
# ThreadSanitizer line in its stderr is a report.
run() {
  local name=$1
  shift
  local rc=0
  "$@" >"$work/$name.out" 2>"$work/$name.err" || rc=$?
  if [ "$rc" -eq 66 ] || grep -q "ThreadSanitizer" "$work/$name.err"; then
    echo "tsan.sh: $name: ThreadSanitizer report (exit $rc):" >&2
    cat "$work/$name.err" >&2
    status=1
  elif [ "$rc" -gt 3 ]; then
    echo "tsan.sh: $name: exit $rc" >&2
    tail -20 "$work/$name.err" >&2
    status=1
  else
    echo "tsan.sh: $name: clean (exit $rc; $(tail -1 "$work/$name.out"))"
  fi
}

run batch "$sepax" batch "$tsv" --jobs 4
scene_jobs=()
if "$sepax" scene --help 2>/dev/null | grep -q -- "--jobs"; then scene_jobs=(--jobs 4); fi
run scene-meshes "$sepax" scene "$root/tests/data" --parts "${scene_jobs[@]}"
run scene-io "$sepax" scene "$root/tests/data/io" --parts "${scene_jobs[@]}"
run scene-boxes "$sepax" scene "$root/tools/cli/tests/data/scene_boxes.obj" "${scene_jobs[@]}"
exit $status
