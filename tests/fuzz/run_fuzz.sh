#!/usr/bin/env bash
# CI's smoke run of one libFuzzer target (registered by tests/fuzz/meson.build):
# replays every seed of the corpus once, then fuzzes from it for a short while.
#
# Usage: run_fuzz.sh FUZZER CORPUS_DIR ARTIFACT_DIR
# SEPAX_FUZZ_SECONDS (default 15) is the length of the fuzzing part. New inputs
# go to a temporary directory, never into CORPUS_DIR (the repo's seeds); an
# input that fails is written to ARTIFACT_DIR and named in the log.
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: run_fuzz.sh FUZZER CORPUS_DIR ARTIFACT_DIR" >&2; exit 2; }
fuzzer=$1
corpus=$2
artifacts=$3
seconds=${SEPAX_FUZZ_SECONDS:-15}

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
echo "== smoke: $seconds s from the seeds"
"$fuzzer" "${flags[@]}" -max_total_time="$seconds" -print_final_stats=1 "$scratch" "$corpus"
