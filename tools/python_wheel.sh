#!/usr/bin/env bash
# Checks the pip route of the Python module end to end, offline: a fresh
# virtual environment (Debian's python3 with --system-site-packages, for
# Debian's numpy and meson-python), `pip install --no-build-isolation
# --no-index .`, then
#   - the installed distribution holds only the package sepax/ and its
#     .dist-info (no libsepax.so, headers, pkg-config or CMake files), its
#     version is meson.build's project version and it requires numpy alone;
#   - the extension does not link libsepax.so;
#   - the Python tests (python/tests) pass against the installed package, run
#     from a folder outside the source tree with PYTHONPATH unset.
# test_reference compares with the C++ program py_reference that tools/test.sh
# builds (build/python/tests/py_reference; build-float/ for --precision
# float); without it that test is skipped, and the script says so.
#
# Usage: tools/python_wheel.sh [--precision double|float] [-j N] [--clean]
#   --precision P  the wheel's precision (--config-settings=setup-args=-Dprecision=P)
#   -j N           ninja's job count (default 1)
#   --clean        start the wheel's build directory afresh
# The build directory is kept between runs (build/wheel-PRECISION, through
# --config-settings=builddir=...), so a second run only reconfigures; the
# venv (build/wheel-venv) is made anew each run. Exits 1 on any failure.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=setup.sh
source "$root/tools/setup.sh"

precision=double
jobs=1
clean=0
while [ $# -gt 0 ]; do
  case $1 in
    --precision) precision=$2; shift 2 ;;
    -j) jobs=$2; shift 2 ;;
    --clean) clean=1; shift ;;
    *) echo "python_wheel.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
case $precision in
  double) refdir="$root/build" ;;
  float) refdir="$root/build-float" ;;
  *) echo "python_wheel.sh: --precision double or float" >&2; exit 2 ;;
esac

# Debian's interpreter (the one with numpy), never a python3 found on PATH.
py=/usr/bin/python3
builddir="$root/build/wheel-$precision"
venv="$root/build/wheel-venv"
log="$root/build/wheel-pip.log"
mkdir -p "$root/build"

step() { echo "python_wheel: $*"; }
fail() {
  echo "python_wheel: FAIL: $*" >&2
  exit 1
}

sepax_install_packages "${SEPAX_PACKAGES[@]}" "${SEPAX_PYTHON_PACKAGES[@]}"

version=$(meson introspect --projectinfo "$root/meson.build" 2>/dev/null |
  "$py" -c 'import json, sys; print(json.load(sys.stdin)["version"])')
step "meson.build's project version: $version"

[ "$clean" = 1 ] && rm -rf "$builddir"
rm -rf "$venv"
step "venv $venv (--system-site-packages, $("$py" --version))"
"$py" -m venv --system-site-packages "$venv"
vpy="$venv/bin/python"

step "pip install --no-build-isolation --no-index . (precision $precision, build dir $builddir, -j$jobs; log $log)"
start=$SECONDS
# pip 23.0 (Debian 12) has no -C: --config-settings=KEY=VALUE, one per key.
# In-tree build: meson-python writes .mesonpy-native-file.ini and a
# temporary .mesonpy-*/ in the current folder (.gitignore has both).
if ! (cd "$root" && env -u PYTHONPATH -u PIP_FIND_LINKS "$vpy" -m pip install --no-build-isolation --no-index \
  --no-cache-dir --disable-pip-version-check \
  --config-settings=builddir="$builddir" \
  --config-settings=setup-args=-Dprecision="$precision" \
  --config-settings=compile-args=-j"$jobs" \
  . >"$log" 2>&1); then
  tail -40 "$log" >&2
  fail "pip install (log $log)"
fi
step "installed in $((SECONDS - start)) s"

# Everything outside the source tree from here on: PYTHONPATH unset, cwd a
# scratch folder, so `import sepax` can only find the installed package.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
unset PYTHONPATH

step "the installed files (RECORD: the wheel's files, and INSTALLER, REQUESTED, direct_url.json and .pyc files from pip)"
if ! "$vpy" - "$version" "$venv" <<'PY'; then
import importlib.metadata as md
import os
import sys

import sepax

version, venv = sys.argv[1], os.path.realpath(sys.argv[2])
dist = md.distribution('sepax')
files = sorted(str(f) for f in dist.files)
for f in files:
    print('   ', f)
errors = []
if dist.version != version:
    errors.append(f'distribution version {dist.version} != meson.build project version {version}')
if sepax.__version__ != version:
    errors.append(f'sepax.__version__ {sepax.__version__} != meson.build project version {version}')
if dist.requires != ['numpy']:
    errors.append(f'requirements {dist.requires}, expected numpy alone')
info = f'sepax-{dist.version}.dist-info/'
stray = [f for f in files if not (f.startswith('sepax/') or f.startswith(info))]
if stray:
    errors.append('files outside the package sepax/: ' + ', '.join(stray))
package = {f for f in files if f.startswith('sepax/') and '__pycache__' not in f}
if 'sepax/__init__.py' not in package:
    errors.append('no sepax/__init__.py')
ext = [f for f in package if f.startswith('sepax/_sepax.') and f.endswith('.so')]
if len(ext) != 1:
    errors.append(f'expected one extension sepax/_sepax*.so, found {ext}')
others = [f for f in package - {'sepax/__init__.py'} - set(ext)]
if others:
    errors.append('unexpected files in the package: ' + ', '.join(sorted(others)))
where = os.path.realpath(sepax.__file__)
if not where.startswith(venv + os.sep):
    errors.append(f'sepax imported from {where}, not from the venv {venv}')
for e in errors:
    print('python_wheel: ' + e, file=sys.stderr)
print(f'    sepax {sepax.__version__} ({sepax.precision}) from {os.path.dirname(where)}')
sys.exit(1 if errors else 0)
PY
  fail "the installed distribution"
fi

ext=$("$vpy" -c 'import sepax._sepax as m; print(m.__file__)')
if readelf -d "$ext" | grep NEEDED | grep -q 'libsepax'; then
  readelf -d "$ext" | grep NEEDED >&2
  fail "$ext links libsepax"
fi
step "the extension links no libsepax*.so ($(readelf -d "$ext" | grep -c NEEDED) NEEDED: $(readelf -d "$ext" |
  sed -n 's/.*Shared library: \[\(.*\)\]/\1/p' | tr '\n' ' '))"

export SEPAX_PRECISION=$precision SEPAX_VERSION=$version SEPAX_DATA="$root/tests/data" PYTHONDONTWRITEBYTECODE=1
reference="$refdir/python/tests/py_reference"
if [ -x "$reference" ]; then
  export SEPAX_REFERENCE=$reference
  step "reference program $reference"
else
  unset SEPAX_REFERENCE
  step "NOTE: $reference is missing (tools/test.sh$([ "$precision" = float ] && echo " --precision float") builds it): test_reference is skipped"
fi
step "the Python tests ($root/python/tests) against the installed package, from $work"
if ! "$vpy" -m unittest discover -s "$root/python/tests" -t "$root/python/tests" 2>&1; then
  fail "the Python tests against the installed package"
fi
step "OK: sepax $version ($precision) installs with pip offline and passes its tests"
