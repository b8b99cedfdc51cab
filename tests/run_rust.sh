#!/usr/bin/env bash
# Tests the Rust crate (bindings/rust) against the library that tests/run.sh built and
# installed into build/test/stage: cargo test --offline (the header-declaration check,
# the trait's contract, the wrappers, a byte-for-byte replay of games played through
# the Python binding), the examples, and clippy when it is installed.
# Needs cargo; when it is not on PATH, rustup's default ~/.cargo/bin is tried.
# Usage: tests/run_rust.sh [extra cargo test arguments]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${MEEPLE_BUILD_DIR:-$root/build/test}"
case "$build" in /*) ;; *) build="$PWD/$build" ;; esac
stage="$build/stage"
if [ ! -f "$stage/include/meeple/meeple.h" ]; then
  echo "no meeple installed in $stage: run tests/run.sh first (it builds and installs it)" >&2
  exit 1
fi
if ! command -v cargo >/dev/null 2>&1 && [ -x "${CARGO_HOME:-$HOME/.cargo}/bin/cargo" ]; then
  PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
fi
if ! command -v cargo >/dev/null 2>&1; then
  echo "cargo not found: install Rust (https://rustup.rs) to test bindings/rust" >&2
  exit 1
fi

export MEEPLE_PREFIX="$stage"
# Build outputs stay in the (ignored) build folder, not in the source tree.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$build/rust-target}"
# The byte-for-byte test drives the staged Python package and must not skip.
export MEEPLE_REQUIRE_PYTHON=1
MEEPLE_PYTHON="$(command -v python || command -v python3)"
export MEEPLE_PYTHON
export PYTHONPATH="$stage/python${PYTHONPATH:+:$PYTHONPATH}"

cd "$root/bindings/rust"
cargo test --offline "$@"
echo "== build.rs finds meeple each documented way, and says what is missing =="
for way in "MEEPLE_PREFIX=$stage" "meeple_DIR=$stage/lib/cmake/meeple" "CMAKE_PREFIX_PATH=/nonexistent:$stage"; do
  env -u MEEPLE_PREFIX -u meeple_DIR -u CMAKE_PREFIX_PATH "$way" CARGO_TARGET_DIR="$build/rust-probe" \
    cargo check --offline -q --lib || { echo "build.rs did not find meeple with $way" >&2; exit 1; }
done
for way in "NONE=1" "MEEPLE_PREFIX=$build/no-such-prefix"; do
  if out="$(env -u MEEPLE_PREFIX -u meeple_DIR -u CMAKE_PREFIX_PATH "$way" CARGO_TARGET_DIR="$build/rust-probe" \
            cargo check --offline -q --lib 2>&1)"; then
    echo "build.rs found a meeple with $way" >&2; exit 1
  fi
  grep -q "the meeple C library was not found" <<<"$out" && grep -q "MEEPLE_PREFIX" <<<"$out" \
    || { echo "build.rs failed without its message ($way):"; echo "$out"; exit 1; } >&2
done
echo "MEEPLE_PREFIX, meeple_DIR, CMAKE_PREFIX_PATH: found; none or a wrong prefix: a clear error"

echo "== Rust examples =="
cargo run --offline -q --example random_play >/dev/null
cargo run --offline -q --example flat_monte_carlo -- 10 20
if cargo clippy --version >/dev/null 2>&1; then
  echo "== cargo clippy =="
  cargo clippy --offline -q --all-targets -- -D warnings
fi
