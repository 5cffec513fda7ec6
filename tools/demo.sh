#!/usr/bin/env bash
# Sets everything up on a Debian machine, builds sepax and runs the main job:
# the sepax tool on the bundled real meshes.
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
set -x
./build/tools/sepax hull tests/data/bunny.obj tests/data/teapot.obj tests/data/cow.off \
  tests/data/fandisk.off tests/data/pig.stl -o build/hulls.obj
