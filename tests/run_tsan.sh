#!/usr/bin/env bash
# Builds the C++ unit tests with ThreadSanitizer and runs the ones that use threads:
# the thread pool, batches, run_random_games and poker equity. Any data race fails.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${MEEPLE_TSAN_BUILD_DIR:-$root/build/tsan}"
jobs="$(nproc 2>/dev/null || echo 2)"
generator=()
command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)
cmake -S "$root" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DMEEPLE_SANITIZE_THREADS=ON -DMEEPLE_BUILD_TESTS=ON -DMEEPLE_BUILD_BENCHMARKS=OFF -DMEEPLE_BUILD_PYTHON=OFF >/dev/null
cmake --build "$build" -j "$jobs" --target meeple_cpp_tests
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1"
export MEEPLE_CATAN_GAMES=20  # the batch tests play Catan too; races show in a few games
for filter in thread_pool batch event_rows_are_the_same random_games equity in_use progress_rises search_gives_the_same_results external_evaluator arena_results_are_the_same sprt_stops_at_the_same_game arena_cancels; do
  echo "-- $filter"
  "$build/tests/meeple_cpp_tests" "$filter"
done
