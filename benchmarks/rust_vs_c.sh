#!/usr/bin/env bash
# Random-game steps through the Rust binding against the same loop in C, both through
# the shared library: benchmarks/bench_c_random_steps.c and
# bindings/rust/examples/bench_random_steps.rs. Rounds alternate C and Rust; each
# side's best round (least process CPU time a step) is reported, and the ratio.
# Needs tests/run.sh's build (build/test) and cargo. Results: docs/benchmarks.md.
# Usage: benchmarks/rust_vs_c.sh [rounds]   (default 7)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${MEEPLE_BUILD_DIR:-$root/build/test}"
rounds="${1:-7}"
cmake --build "$build" --target bench_c_random_steps >/dev/null
( cd "$root/bindings/rust" && MEEPLE_PREFIX="$build/stage" CARGO_TARGET_DIR="$build/rust-target" \
    cargo build --offline --release -q --example bench_random_steps )
c_bin="$build/benchmarks/bench_c_random_steps"
rust_bin="$build/rust-target/release/examples/bench_random_steps"

printf '%-10s %10s %12s %12s %12s %9s %9s\n' game steps "C ns/step" "Rust ns/step" "trait ns/step" Rust/C trait/C
for run in "tictactoe 200000" "triangle 20000" "catan 200"; do
  read -r spec games <<<"$run"
  best_c=inf best_rust=inf best_trait=inf steps=0
  for _ in $(seq "$rounds"); do
    c_line="$("$c_bin" "$spec" "$games")"
    rust_lines="$("$rust_bin" "$spec" "$games")"
    c_steps="$(cut -f4 <<<"$c_line" | cut -d' ' -f1)"
    rust_steps="$(grep '^rust' <<<"$rust_lines" | cut -f4 | cut -d' ' -f1)"
    [ "$c_steps" = "$rust_steps" ] || { echo "$spec: C played $c_steps steps, Rust $rust_steps" >&2; exit 1; }
    steps="$c_steps"
    best_c="$(awk -v a="$best_c" -v b="$(cut -f7 <<<"$c_line" | cut -d' ' -f1)" 'BEGIN{print (a=="inf"||b<a)?b:a}')"
    best_rust="$(awk -v a="$best_rust" -v b="$(grep '^rust' <<<"$rust_lines" | cut -f7 | cut -d' ' -f1)" 'BEGIN{print (a=="inf"||b<a)?b:a}')"
    best_trait="$(awk -v a="$best_trait" -v b="$(grep '^trait' <<<"$rust_lines" | cut -f7 | cut -d' ' -f1)" 'BEGIN{print (a=="inf"||b<a)?b:a}')"
  done
  awk -v g="$spec" -v s="$steps" -v c="$best_c" -v r="$best_rust" -v t="$best_trait" \
    'BEGIN{printf "%-10s %10d %12.1f %12.1f %12.1f %8.3fx %8.3fx\n", g, s, c, r, t, r/c, t/c}'
done
