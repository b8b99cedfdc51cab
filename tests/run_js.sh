#!/usr/bin/env bash
# The JavaScript binding's tests: builds the WebAssembly library (tools/build_wasm.sh,
# incremental) and runs Node's built-in test runner on bindings/js/test/. The replay
# test compares against the Python binding (build/test/stage/python when tests/run.sh
# has staged it, else the installed meeple); MEEPLE_REQUIRE_PYTHON=1 makes a missing
# Python binding a failure instead of a skip (CI sets it).
# Usage: tests/run_js.sh [node --test options...]
set -euo pipefail
cd "$(dirname "$0")/.."
command -v node >/dev/null || { echo "tests/run_js.sh needs node (apt-get install nodejs)" >&2; exit 1; }
tools/build_wasm.sh
node --test "$@" bindings/js/test/
