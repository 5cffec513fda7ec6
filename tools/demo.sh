#!/usr/bin/env bash
# Sets everything up on a Debian machine, builds sepax and runs the main job:
# the sepax tool checks two bundled real meshes, the bunny against the
# teapot, posed so that their convex hulls overlap while the meshes do not.
# First the default check (SAT and GJK/EPA on the hulls; it says the meshes
# are not convex) with a picture in build/bunny_teapot.svg, then --mesh, the
# exact answer about the meshes themselves, with a page to turn them in a
# browser (build/bunny_teapot.html).
#
# Usage: tools/demo.sh
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=setup.sh
source "$root/tools/setup.sh"

sepax_install_packages "${SEPAX_PACKAGES[@]}"
echo "demo: building $root/build" >&2
sepax_build "$root/build" -Dio=enabled -Dtools=enabled
cd "$root"
pair=(tests/data/bunny.obj tests/data/teapot.obj --pose-b 16,4,0/0,30,0)

# 0: nothing intersects, 1: something intersects; both are answers.
explain() {
  case $1 in
    0) echo "exit status 0: $2 do not intersect" ;;
    1) echo "exit status 1: $2 intersect" ;;
    *) echo "exit status $1: see the message above" >&2; exit "$1" ;;
  esac
}
echo "\$ build/tools/sepax check ${pair[*]} --svg build/bunny_teapot.svg"
status=0
./build/tools/sepax check "${pair[@]}" --svg build/bunny_teapot.svg || status=$?
explain $status "the convex hulls"
echo
echo "\$ build/tools/sepax check ${pair[*]} --mesh --html build/bunny_teapot.html"
status=0
./build/tools/sepax check "${pair[@]}" --mesh --html build/bunny_teapot.html || status=$?
explain $status "the meshes"
