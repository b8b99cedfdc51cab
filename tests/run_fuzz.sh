#!/usr/bin/env bash
# Coverage-guided fuzzing of everything that parses text or bytes: game specs,
# snapshots, position JSON and card text. Builds the libFuzzer targets of tests/fuzz
# with clang (AddressSanitizer and UBSan on) and runs each for a bounded time, starting
# from the corpus kept in tests/fuzz/corpus/<target>. Parsers written in Python (event-
# log headers) have a target tests/fuzz/fuzz_<target>.py, a mutation loop run the same
# way with the Python that imports meeple ($MEEPLE_FUZZ_PYTHON, default python3). New inputs go to
# build/fuzz/corpus/<target>, never into the repository; a crash leaves its input in
# build/fuzz/artifacts/ and fails the script.
# Needs clang and libFuzzer: on Debian, apt-get install clang libclang-rt-14-dev.
# Usage: tests/run_fuzz.sh [seconds per target, default 20] [target ...]
#   Long run:  tests/run_fuzz.sh 3600 snapshot      (an hour on the snapshot parser)
#   Replay:    build/fuzz/tests/fuzz/fuzz_snapshot build/fuzz/artifacts/crash-...
#              python3 tests/fuzz/fuzz_evlog_header.py --replay build/fuzz/artifacts/evlog_header-crash-...
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${MEEPLE_FUZZ_BUILD_DIR:-$root/build/fuzz}"
seconds="${1:-20}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(spec snapshot position cards evlog_header phh_text)
python="${MEEPLE_FUZZ_PYTHON:-python3}"
native=()
for t in "${targets[@]}"; do
  [ -f "$root/tests/fuzz/fuzz_$t.py" ] || native+=("$t")
done
jobs="$(nproc 2>/dev/null || echo 2)"
if [ ${#native[@]} -gt 0 ]; then  # the libFuzzer targets need clang; the Python ones do not
  cc="${MEEPLE_FUZZ_CC:-clang}"
  cxx="${MEEPLE_FUZZ_CXX:-clang++}"
  if ! command -v "$cxx" >/dev/null 2>&1; then
    echo "run_fuzz.sh: $cxx not found; install clang and libFuzzer (Debian: apt-get install clang libclang-rt-14-dev)" >&2
    exit 1
  fi
  generator=()
  command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)
  cmake -S "$root" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" \
        -DMEEPLE_FUZZ=ON -DMEEPLE_BUILD_TESTS=OFF -DMEEPLE_BUILD_PYTHON=OFF >/dev/null
  cmake --build "$build" -j "$jobs" --target "${native[@]/#/fuzz_}"
fi
mkdir -p "$build/artifacts" "$build/logs"
# One target a core at a time: each runs single-threaded for its seconds.
fuzz_one() {
  local t="$1"
  mkdir -p "$build/corpus/$t"
  if [ -f "$root/tests/fuzz/fuzz_$t.py" ]; then
    "$python" "$root/tests/fuzz/fuzz_$t.py" "$seconds" "$root/tests/fuzz/corpus/$t" "$build/artifacts/$t-" \
        "$build/corpus/$t" >"$build/logs/$t.log" 2>&1
    return
  fi
  "$build/tests/fuzz/fuzz_$t" "$build/corpus/$t" "$root/tests/fuzz/corpus/$t" \
      -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
      -artifact_prefix="$build/artifacts/$t-" -print_final_stats=1 >"$build/logs/$t.log" 2>&1
}
status=0
pids=()
names=()
report() {  # waits for the oldest running target and prints its end
  local t="${names[0]}"
  if wait "${pids[0]}"; then result=passed; else result=FAILED; status=1; fi
  echo "== fuzz_$t: $seconds s from tests/fuzz/corpus/$t: $result =="
  tail -n 12 "$build/logs/$t.log"
  pids=("${pids[@]:1}")
  names=("${names[@]:1}")
}
for t in "${targets[@]}"; do
  [ "${#pids[@]}" -lt "$jobs" ] || report
  fuzz_one "$t" &
  pids+=($!)
  names+=("$t")
done
while [ "${#pids[@]}" -gt 0 ]; do report; done
exit "$status"
