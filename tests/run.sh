#!/usr/bin/env bash
# Runs every test: builds the library, the C and C++ tests and the Python extension
# with CMake, runs ctest (C ABI, C++ core, header, exports, installed examples), then
# pytest against the freshly built package. Needs cmake, a C++20 compiler, cffi, numpy
# and pytest (pip install ".[test]" brings the Python ones).
# Usage: tests/run.sh [extra pytest arguments]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${MEEPLE_BUILD_DIR:-$root/build/test}"
jobs="$(nproc 2>/dev/null || echo 2)"
generator=()
command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)

cmake -S "$root" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
      -DMEEPLE_BUILD_TESTS=ON -DMEEPLE_BUILD_PYTHON=ON ${MEEPLE_CMAKE_ARGS:-} >/dev/null
cmake --build "$build" -j "$jobs"
cmake --install "$build" --prefix "$build/stage" >/dev/null

echo "== C and C++ tests (ctest) =="
ctest --test-dir "$build" --output-on-failure -j "$jobs"

echo "== Python tests (pytest) =="
cd "$root"
PYTHONPATH="$build/stage/python${PYTHONPATH:+:$PYTHONPATH}" MEEPLE_REPO_ROOT="$root" \
  python -m pytest -q "$@"
