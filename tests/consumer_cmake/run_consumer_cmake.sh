#!/usr/bin/env bash
# Installs sepax from BUILD_DIR into a scratch prefix (meson install
# --destdir) and builds tests/consumer_cmake against it with CMake, as a
# CMake project would use an installed sepax; then runs it. Also checks the
# version rule: find_package(sepax 99) must fail.
# Usage: run_consumer_cmake.sh SEPAX_SOURCE_DIR BUILD_DIR WORK_DIR [SANITIZE]
# SANITIZE: the build's b_sanitize (e.g. address,undefined; default none):
# a sanitized library needs a consumer built with the same sanitizers.
set -euo pipefail
src=$(cd "$1" && pwd)
build=$(cd "$2" && pwd)
work=$3
sanitize=${4:-none}
rm -rf "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd)
command -v cmake >/dev/null || { echo "cmake not found (apt-get install cmake)"; exit 1; }

# The staged tree: $work/stage/<prefix>/...
meson install -C "$build" --no-rebuild --destdir "$work/stage" >"$work/install.log" 2>&1 ||
  { cat "$work/install.log"; exit 1; }
config=$(find "$work/stage" -name sepaxConfig.cmake)
[ -n "$config" ] || { echo "no sepaxConfig.cmake was installed"; exit 1; }
# <prefix>/<libdir>/cmake/sepax/sepaxConfig.cmake: the prefix is where include/sepax is.
prefix=$(dirname "$(find "$work/stage" -type d -path '*/include/sepax' | head -1)")
prefix=$(dirname "$prefix")
echo "installed: ${config#"$work/stage"}"

flags=()
if [ "$sanitize" != none ]; then
  flags=(-DCMAKE_CXX_FLAGS="-fsanitize=$sanitize" -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=$sanitize")
fi
cmake -S "$src/tests/consumer_cmake" -B "$work/cmake-build" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_BUILD_TYPE=Release "${flags[@]}" >"$work/cmake.log" 2>&1 ||
  { cat "$work/cmake.log"; exit 1; }
cmake --build "$work/cmake-build" >"$work/cmake-build.log" 2>&1 ||
  { cat "$work/cmake-build.log"; exit 1; }
"$work/cmake-build/consumer"

# A request for another major version must not find this install.
if cmake -S "$src/tests/consumer_cmake" -B "$work/cmake-wrong" -DCMAKE_PREFIX_PATH="$prefix" \
  -DSEPAX_WANT_VERSION=99 >"$work/cmake-wrong.log" 2>&1; then
  echo "find_package(sepax 99) accepted sepax $(grep -m1 'PACKAGE_VERSION ' "${config%Config.cmake}ConfigVersion.cmake")"
  exit 1
fi
echo "find_package(sepax 99): refused, as it should be"
