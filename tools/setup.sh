#!/usr/bin/env bash
# Installs the Debian packages sepax needs that are missing, then configures
# (or reconfigures) a build directory and builds it.
#
# Usage: tools/setup.sh BUILD_DIR [meson options...]
# Uses sudo for apt-get when not run as root. Sourced by demo.sh and test.sh.
set -euo pipefail

# libbullet-extras-dev: libHACD, the convex decomposition behind the optional
# sepax_decompose library (-Ddecompose; its headers under bullet/HACD).
# libjs-three, libmeshoptimizer-dev: the tool's --html pages (three.js
# inlined; big meshes simplified).
SEPAX_PACKAGES=(meson ninja-build pkg-config cmake g++ libglm-dev libqhull-dev catch2
  libbenchmark-dev libassimp-dev libcli11-dev nlohmann-json3-dev python3 libbullet-extras-dev
  libjs-three libmeshoptimizer-dev python3-dev python3-numpy pybind11-dev)
# For the tests only: the --html pages are opened in headless Chromium; the
# Python module's tests run under pytest (unittest without it); its example
# plots with matplotlib (docs_python runs it).
SEPAX_TEST_PACKAGES=(chromium python3-pytest python3-matplotlib)
# The pip route (pip install . in a venv; tools/python_wheel.sh): Debian's
# meson-python, venv and pip, so that nothing is downloaded.
SEPAX_PYTHON_PACKAGES=(python3-mesonpy python3-venv python3-pip)
# Benchmark peers (bench_peers and bench_contact compare against them;
# optional for the rest). libode-dev: ODE, bench_contact's dCollide.
SEPAX_PEER_PACKAGES=(libccd-dev libbullet-dev libfcl-dev libode-dev)

sepax_install_packages() {
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "setup: installing ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

# sepax_build BUILD_DIR [meson options...]: configure once, reconfigure when
# options change, build with all cores.
sepax_build() {
  local dir=$1
  shift
  local root
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  if [ -f "$dir/build.ninja" ]; then
    meson configure "$dir" "$@" >/dev/null
  else
    meson setup "$dir" "$root" "$@" >/dev/null
  fi
  ninja -C "$dir" -j "$(nproc)" >"$dir/ninja.log" 2>&1 || { tail -50 "$dir/ninja.log"; return 1; }
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  [ $# -ge 1 ] || { echo "usage: tools/setup.sh BUILD_DIR [meson options...]" >&2; exit 2; }
  sepax_install_packages "${SEPAX_PACKAGES[@]}"
  sepax_build "$@"
fi
