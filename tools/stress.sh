#!/usr/bin/env bash
# Builds the stress suite (tests/stress) in release, in double and in float,
# and runs it with a million pairs per query type in each precision (see
# docs/stress.md). Progress goes to stderr; each precision's summary is
# printed and kept in BUILD_DIR/stress.log.
#
# Usage: tools/stress.sh [--pairs N] [--precision double|float|both] [stress options...]
#   --pairs      pairs per precision (default 1000000; every pair is checked
#                by every query type)
#   --precision  which build(s) to run (default both)
# Further options go to the stress program (--threads T, --large-every K).
# Build directories: build-stress (double), build-stress-float (float).
# Exits non-zero when either precision fails.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=setup.sh
source "$root/tools/setup.sh"

pairs=1000000
precisions=(double float)
while [ $# -gt 0 ]; do
  case $1 in
    --pairs) pairs=$2; shift 2 ;;
    --precision)
      [ "$2" = both ] && precisions=(double float) || precisions=("$2")
      shift 2 ;;
    *) break ;;
  esac
done

sepax_install_packages "${SEPAX_PACKAGES[@]}"
status=0
for precision in "${precisions[@]}"; do
  dir="$root/build-stress"
  [ "$precision" = float ] && dir="$root/build-stress-float"
  echo "stress: building $dir (precision=$precision, release)" >&2
  # Only what the suite needs: the library, the test support and the stress
  # program (no io, tools or benchmarks).
  if [ -f "$dir/build.ninja" ]; then
    meson configure "$dir" -Dbuildtype=release -Dprecision="$precision" -Dtests=enabled \
      -Dio=disabled -Dtools=disabled -Dbench=disabled -Dpeers=disabled >/dev/null
  else
    meson setup "$dir" "$root" -Dbuildtype=release -Dprecision="$precision" -Dtests=enabled \
      -Dio=disabled -Dtools=disabled -Dbench=disabled -Dpeers=disabled >/dev/null
  fi
  ninja -C "$dir" -j "$(nproc)" tests/stress/stress >"$dir/ninja.log" 2>&1 ||
    { tail -50 "$dir/ninja.log"; exit 1; }
  commit=$(git -C "$root" describe --always --dirty 2>/dev/null || echo "not a git checkout")
  echo "stress: $pairs pairs, precision $precision ($commit)" >&2
  "$dir/tests/stress/stress" --pairs "$pairs" "$@" | tee "$dir/stress.log" || status=1
done
exit $status
