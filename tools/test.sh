#!/usr/bin/env bash
# Sets everything up on a Debian machine and runs the whole test suite.
#
# Usage: tools/test.sh [--precision double|float] [--builddir DIR] [meson test args...]
# Default build directory: build (double) or build-float (float).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=setup.sh
source "$root/tools/setup.sh"

precision=double
builddir=""
while [ $# -gt 0 ]; do
  case $1 in
    --precision) precision=$2; shift 2 ;;
    --builddir) builddir=$2; shift 2 ;;
    *) break ;;
  esac
done
if [ -z "$builddir" ]; then
  builddir="$root/build"
  [ "$precision" = float ] && builddir="$root/build-float"
fi

sepax_install_packages "${SEPAX_PACKAGES[@]}" "${SEPAX_PEER_PACKAGES[@]}"
echo "test: building $builddir (precision=$precision)" >&2
sepax_build "$builddir" -Dprecision="$precision" -Dtests=enabled -Dio=enabled \
  -Dtools=enabled -Dbench=enabled
meson test -C "$builddir" --print-errorlogs "$@"
