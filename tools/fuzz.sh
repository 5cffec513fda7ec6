#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz) with clang and runs them.
#
# Usage: tools/fuzz.sh [--smoke] [--seconds N] [--keep-going] [--builddir DIR] [target...]
#   --smoke      CI's smoke run: `meson test --suite fuzz`, which replays each
#                seed corpus (must pass) and explores a fixed number of inputs
#                with a fixed seed, reporting findings (tests/fuzz/run_fuzz.sh)
#   --seconds N  long run: N seconds per target (default 1200), one target at
#                a time, under nice
#   --keep-going long run in libFuzzer's fork mode: a failing input is saved
#                and the run goes on, so one run collects every finding
#   target       fuzz_hull, fuzz_pair, fuzz_io, fuzz_sxhull, fuzz_contact, fuzz_mesh_contact,
#                fuzz_cast (default: all seven)
#
# Build: build-fuzz, configured with CXX=clang++ and
#   -Ddefault_library=static       the library is linked into each target
#   -Db_sanitize=address,undefined the library is checked by ASan and UBSan
#   -Dcpp_args=-fsanitize=fuzzer-no-link -fno-sanitize-recover=undefined
#                                  coverage of the library guides libFuzzer,
#                                  and a UBSan report fails the run
#   -Dbuildtype=debugoptimized -Db_ndebug=false  optimized, asserts on
# tests/fuzz/meson.build adds -fsanitize=fuzzer (libFuzzer's main) to the
# targets. Only the fuzz targets are built, not the Catch2 suites.
#
# Long runs keep what they find outside the repo: new corpus entries in
# build-fuzz/fuzz-corpus/<target> (kept between runs, so runs resume), crash
# and timeout inputs in build-fuzz/fuzz-artifacts/<target>, logs in
# build-fuzz/fuzz-logs/<target>.log. Reproduce a crash with
#   build-fuzz/tests/fuzz/<target> <artifact>
# Of what they find, only two kinds of input belong in git: fixed findings as
# regression_* seeds in tests/fuzz/corpus/<target> (with a named test, tagged
# [regression], in tests/test_<module>.cpp), open ones in
# tests/fuzz/findings/<target>.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=setup.sh
source "$root/tools/setup.sh"

smoke=0
keep_going=0
seconds=1200
builddir="$root/build-fuzz"
targets=()
while [ $# -gt 0 ]; do
  case $1 in
    --smoke) smoke=1; shift ;;
    --seconds) seconds=$2; shift 2 ;;
    --keep-going) keep_going=1; shift ;;
    --builddir) builddir=$2; shift 2 ;;
    -h|--help) sed -n '2,30p' "$0"; exit 0 ;;
    -*) echo "fuzz: unknown option $1" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_hull fuzz_pair fuzz_io fuzz_sxhull fuzz_contact fuzz_mesh_contact
  fuzz_cast)

# clang, and libFuzzer with the sanitizer runtimes (libclang-rt-14-dev).
sepax_install_packages "${SEPAX_PACKAGES[@]}" clang libclang-rt-14-dev

options=(-Dfuzz=enabled -Dtests=enabled -Dio=enabled -Dbench=disabled -Dtools=disabled
  -Dpeers=disabled -Ddefault_library=static -Dbuildtype=debugoptimized -Db_ndebug=false
  -Db_sanitize=address,undefined -Db_lundef=false
  "-Dcpp_args=-fsanitize=fuzzer-no-link -fno-sanitize-recover=undefined")
if [ -f "$builddir/build.ninja" ]; then
  meson configure "$builddir" "${options[@]}" >/dev/null
else
  CXX=clang++ CC=clang meson setup "$builddir" "$root" "${options[@]}" >/dev/null
fi
exes=()
for t in "${targets[@]}"; do exes+=("tests/fuzz/$t"); done
echo "fuzz: building ${targets[*]} in $builddir" >&2
ninja -C "$builddir" -j 2 "${exes[@]}" >"$builddir/ninja.log" 2>&1 ||
  { tail -50 "$builddir/ninja.log"; exit 1; }

export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
# Leaks inside assimp (uninstrumented, upstream) are not sepax's findings.
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$root/tests/fuzz/lsan.supp}

if [ "$smoke" = 1 ]; then
  exec meson test -C "$builddir" --no-rebuild --suite fuzz --print-errorlogs "${targets[@]}"
fi

flags=(-timeout=25 -error_exitcode=1 -timeout_exitcode=1 -print_final_stats=1)
[ "$keep_going" = 1 ] && flags+=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
status=0
for t in "${targets[@]}"; do
  corpus="$builddir/fuzz-corpus/$t"
  artifacts="$builddir/fuzz-artifacts/$t"
  log="$builddir/fuzz-logs/$t.log"
  mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
  found_before=$(find "$artifacts" -type f | wc -l)
  echo "fuzz: $t for $seconds s (log $log)" >&2
  # New inputs go to the first directory (scratch); the repo's seeds are read only.
  if nice -n 10 "$builddir/tests/fuzz/$t" -max_total_time="$seconds" "${flags[@]}" \
    -artifact_prefix="$artifacts/" "$corpus" "$root/tests/fuzz/corpus/$t" >"$log" 2>&1 &&
    [ "$(find "$artifacts" -type f | wc -l)" = "$found_before" ]; then
    grep -E '^(#[0-9]+ +DONE|stat::)' "$log" | sed "s/^/fuzz: $t: /" >&2 || true
  else
    status=1
    echo "fuzz: $t FAILED; the inputs are in $artifacts:" >&2
    grep -E 'invariant failed|ERROR|SUMMARY|Test unit written' "$log" | head -20 >&2 || true
  fi
done
exit $status
