#!/usr/bin/env bash
# Runs every test: builds the library, the C and C++ tests and the Python extension
# with CMake, runs ctest (C ABI, C++ core, header, exports, installed examples), then
# pytest against the freshly built package, then the Rust crate (tests/run_rust.sh) when
# cargo is there. Needs cmake, a C++20 compiler, cffi, numpy and pytest (pip install
# ".[test]" brings the Python ones); cargo for the Rust part (MEEPLE_REQUIRE_CARGO=1, as
# CI sets, makes its absence an error; MEEPLE_SKIP_RUST=1 leaves the Rust part out).
# Every stage runs whatever the one before it reported (the build must succeed for any
# test to run): a pytest failure does not hide the Rust results. The script fails at the
# end, naming each stage that failed. MEEPLE_BUILD_DIR (default build/test) may be
# relative to the folder the script is started from.
# Usage: tests/run.sh [extra pytest arguments]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${MEEPLE_BUILD_DIR:-$root/build/test}"
case "$build" in /*) ;; *) build="$PWD/$build" ;; esac
failed=()
jobs="$(nproc 2>/dev/null || echo 2)"
generator=()
command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)

cmake -S "$root" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
      -DMEEPLE_BUILD_TESTS=ON -DMEEPLE_BUILD_PYTHON=ON ${MEEPLE_CMAKE_ARGS:-} >/dev/null
cmake --build "$build" -j "$jobs"
cmake --install "$build" --prefix "$build/stage" >/dev/null

echo "== C and C++ tests (ctest) =="
ctest --test-dir "$build" --output-on-failure -j "$jobs" || failed+=("C and C++ tests (ctest)")

echo "== Python tests (pytest) =="
cd "$root"
PYTHONPATH="$build/stage/python${PYTHONPATH:+:$PYTHONPATH}" MEEPLE_REPO_ROOT="$root" \
  python -m pytest -q "$@" || failed+=("Python tests (pytest)")

echo "== Rust crate (tests/run_rust.sh) =="
if [ "${MEEPLE_SKIP_RUST:-0}" = 1 ]; then
  echo "skipped: MEEPLE_SKIP_RUST=1"
elif [ "${MEEPLE_REQUIRE_CARGO:-0}" = 1 ] || command -v cargo >/dev/null 2>&1 \
     || [ -x "${CARGO_HOME:-$HOME/.cargo}/bin/cargo" ]; then
  MEEPLE_BUILD_DIR="$build" "$root/tests/run_rust.sh" || failed+=("Rust crate (tests/run_rust.sh)")
else
  echo "skipped: cargo not found (install Rust to test bindings/rust; CI requires it)"
fi

if (( ${#failed[@]} )); then
  echo "== FAILED: $(IFS=';'; echo "${failed[*]}" | sed 's/;/; /g') ==" >&2
  exit 1
fi
echo "== all passed =="
