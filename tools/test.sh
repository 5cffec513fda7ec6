#!/usr/bin/env bash
# Sets everything up on a Debian machine and runs the whole test suite.
#
# Usage: tools/test.sh [--precision double|float] [--sanitize] [--builddir DIR]
#                      [meson test args...]
# --sanitize builds with AddressSanitizer and UndefinedBehaviorSanitizer
# (assertions on, benchmarks off) and fails a test on the first report.
# Default build directory: build (double), build-float (float), build-asan
# (--sanitize).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=setup.sh
source "$root/tools/setup.sh"

precision=double
builddir=""
sanitize=0
while [ $# -gt 0 ]; do
  case $1 in
    --precision) precision=$2; shift 2 ;;
    --builddir) builddir=$2; shift 2 ;;
    --sanitize) sanitize=1; shift ;;
    *) break ;;
  esac
done
if [ -z "$builddir" ]; then
  builddir="$root/build"
  [ "$precision" = float ] && builddir="$root/build-float"
  [ "$sanitize" = 1 ] && builddir="$root/build-asan"
fi
options=(-Dprecision="$precision" -Dtests=enabled -Dio=enabled -Dtools=enabled)
if [ "$sanitize" = 1 ]; then
  options+=(-Dbench=disabled -Dbuildtype=debugoptimized -Db_ndebug=false
    -Db_sanitize=address,undefined -Db_lundef=false)
  # Stop at the first report, and fail the test.
  export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}
  export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
else
  options+=(-Dbench=enabled)
fi

sepax_install_packages "${SEPAX_PACKAGES[@]}" "${SEPAX_PEER_PACKAGES[@]}" "${SEPAX_TEST_PACKAGES[@]}"
echo "test: building $builddir (precision=$precision)" >&2
sepax_build "$builddir" "${options[@]}"
meson test -C "$builddir" --print-errorlogs "$@"
