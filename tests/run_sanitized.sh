#!/usr/bin/env bash
# Builds the library and the C and C++ tests with AddressSanitizer and
# UndefinedBehaviorSanitizer and runs them. (The Python tests run in tests/run.sh.)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${MEEPLE_SANITIZE_BUILD_DIR:-$root/build/sanitize}"
jobs="$(nproc 2>/dev/null || echo 2)"
generator=()
command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)
cmake -S "$root" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DMEEPLE_SANITIZE=ON -DMEEPLE_BUILD_TESTS=ON -DMEEPLE_BUILD_BENCHMARKS=OFF -DMEEPLE_BUILD_PYTHON=OFF >/dev/null
cmake --build "$build" -j "$jobs"
# The installed-examples check links programs built without sanitizers; it runs in tests/run.sh.
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir "$build" --output-on-failure -j "$jobs" -E examples_build_against_installed_package
