#!/usr/bin/env bash
# Builds tests/consumer with sepax as its subproject and runs it.
# Usage: run_consumer.sh SEPAX_SOURCE_DIR WORK_DIR
set -euo pipefail
src=$(cd "$1" && pwd)
work=$2
rm -rf "$work"
mkdir -p "$work/subprojects"
cp "$src/tests/consumer/meson.build" "$src/tests/consumer/main.cpp" "$work/"
# A copy of the library's sources (no build trees), as a wrap or a git
# submodule would give the engine.
mkdir -p "$work/subprojects/sepax"
cp -r "$src/meson.build" "$src/meson_options.txt" "$src/include" "$src/src" "$src/cmake" \
  "$work/subprojects/sepax/"
cd "$work"
meson setup build --wrap-mode=nodownload >setup.log 2>&1 || { cat setup.log; exit 1; }
ninja -C build >build.log 2>&1 || { cat build.log; exit 1; }
# The subproject must not have built tests, benchmarks or tools.
if ls build/subprojects/sepax/tests build/subprojects/sepax/bench >/dev/null 2>&1; then
  echo "sepax built its tests or benchmarks as a subproject"; exit 1
fi
./build/consumer
