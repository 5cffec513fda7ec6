#!/usr/bin/env bash
# Sets everything up on a Debian machine, builds sepax and runs the main job:
# the sepax tool checks two bundled real meshes, the bunny against the
# teapot posed to overlap, and draws the pair into build/bunny_teapot.svg.
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
echo "\$ build/tools/sepax check tests/data/bunny.obj tests/data/teapot.obj --pose-b 15,4,0/0,30,0 --svg build/bunny_teapot.svg"
status=0
./build/tools/sepax check tests/data/bunny.obj tests/data/teapot.obj --pose-b 15,4,0/0,30,0 \
  --svg build/bunny_teapot.svg || status=$?
# 0: nothing intersects, 1: something intersects; both are answers.
case $status in
  0) echo "exit status 0: the meshes do not intersect" ;;
  1) echo "exit status 1: the meshes intersect" ;;
  *) echo "exit status $status: see the message above" >&2; exit "$status" ;;
esac
