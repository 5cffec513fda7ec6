#!/usr/bin/env bash
# Compiling sepax's headers as C++17 must stop at the error that names
# C++20 (the #error, and the missing include that stops the compiler there),
# not at a cascade from std::span and concepts.
# Usage: cxx17_error.sh COMPILER SEPAX_SOURCE_DIR CONFIG_INCLUDE_DIR
set -uo pipefail
cxx=$1 src=$2 config=$3
out=$(echo '#include <sepax/sepax.hpp>' |
  "$cxx" -std=c++17 -fsyntax-only -x c++ -I "$src/include" -I "$config" - 2>&1)
status=$?
errors=$(grep -c "error:" <<<"$out")
if [ "$status" -eq 0 ] || [ "$errors" -gt 2 ] || ! grep -q "sepax needs C++20" <<<"$out"; then
  echo "expected the error naming C++20 alone, got (status $status, $errors error lines):"
  echo "$out" | head -20
  exit 1
fi
echo "stopped at: $(grep "error:" <<<"$out" | tr "\n" " ")"
