#!/usr/bin/env bash
# CI's smoke run of one libFuzzer target (registered by tests/fuzz/meson.build):
# replays every seed of the corpus once, then fuzzes from it for RUNS inputs.
#
# The replay is the test: every seed, the regression_* inputs of earlier
# findings included, must pass, or the run fails. The exploration after it
# reports what it finds (the invariant, the input's path) but does not fail
# the run: a new input is a new finding to triage (fix it, or record it in
# tests/fuzz/findings), not a regression of the change being tested.
#
# Usage: run_fuzz.sh FUZZER CORPUS_DIR ARTIFACT_DIR RUNS
# The fuzzing part is reproducible: a fixed seed (SEPAX_FUZZ_SEED, default 1)
# and a fixed number of inputs (RUNS, or SEPAX_FUZZ_RUNS when set), so every
# machine tries the same inputs and CI cannot turn red on a lucky mutation.
# SEPAX_FUZZ_SECONDS (default 120) only caps the time on a slow machine.
# Finding new inputs is the long runs' job (tools/fuzz.sh --seconds N). New
# inputs go to a temporary directory, never into CORPUS_DIR (the repo's
# seeds); an input that fails is written to ARTIFACT_DIR and named in the log.
set -euo pipefail
[ $# -eq 4 ] || { echo "usage: run_fuzz.sh FUZZER CORPUS_DIR ARTIFACT_DIR RUNS" >&2; exit 2; }
fuzzer=$1
corpus=$2
artifacts=$3
runs=${SEPAX_FUZZ_RUNS:-$4}
seed=${SEPAX_FUZZ_SEED:-1}
seconds=${SEPAX_FUZZ_SECONDS:-120}

mkdir -p "$artifacts"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# Stop at the first report of either sanitizer (libFuzzer then saves the input).
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
# Leaks inside assimp (uninstrumented, upstream) are not sepax's: see lsan.supp.
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$(dirname "$0")/lsan.supp}

# libFuzzer's own failure exit code, 77, means "skipped" to meson test.
flags=(-error_exitcode=1 -timeout_exitcode=1 -timeout=25 -artifact_prefix="$artifacts/")

echo "== replay: every seed of $corpus once"
"$fuzzer" "${flags[@]}" -runs=0 "$corpus"
echo "== explore: $runs inputs from the seeds, seed $seed (at most $seconds s)"
if ! "$fuzzer" "${flags[@]}" -seed="$seed" -runs="$runs" -max_total_time="$seconds" \
  -print_final_stats=1 "$scratch" "$corpus"; then
  echo "== FINDING: the exploration found a failing input (above; saved in $artifacts)."
  echo "   Reported, not counted: triage it (tests/fuzz/findings/README.md)."
fi
