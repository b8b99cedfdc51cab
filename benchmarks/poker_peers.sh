#!/usr/bin/env bash
# Runs bench_poker with PH Evaluator and XiaPL in the same process, on the same hands.
# Their code is never part of this repository: the script downloads their PyPI source
# distributions into a scratch folder, writes two small bridge headers there, and
# compiles benchmarks/bench_poker.cpp with src/poker and the peers' sources, all -O3.
# Usage: benchmarks/poker_peers.sh [million_random_hands=20] [repeats=5]
# Scratch folder: $MEEPLE_POKER_PEERS_DIR (default ${TMPDIR:-/tmp}/meeple_poker_peers).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scratch="${MEEPLE_POKER_PEERS_DIR:-${TMPDIR:-/tmp}/meeple_poker_peers}"
phe=phevaluator-0.6.0
xia=xiapl-0.1.0
mkdir -p "$scratch/sdists" "$scratch/obj"
cd "$scratch"

if [[ ! -f sdists/$phe.tar.gz || ! -f sdists/$xia.tar.gz ]]; then
  python -m pip download --quiet --no-deps --no-binary phevaluator,xiapl \
    phevaluator==0.6.0 xiapl==0.1.0 -d sdists
fi
[[ -d $phe ]] || tar xzf sdists/$phe.tar.gz
[[ -d $xia ]] || tar xzf sdists/$xia.tar.gz

cat > phevaluator_bridge.hpp <<'HPP'
#pragma once
extern "C" int evaluate_7cards(int a, int b, int c, int d, int e, int f, int g);
// meeple's id is suit * 13 + rank - 2; PH Evaluator's is (rank - 2) * 4 + suit.
inline int phe_card(int id) { return (id % 13) * 4 + id / 13; }
// Negated so that, as in meeple, a higher number is a better hand.
inline int phe_eval7(const int* c) { return -evaluate_7cards(c[0], c[1], c[2], c[3], c[4], c[5], c[6]); }
HPP
cat > xiapl_bridge.hpp <<'HPP'
#pragma once
#include <cstdint>
#include <xiapl/simulation.h>
#include "eval_core.h"
// XiaPL numbers cards as meeple does; its fastest path is the inline mask evaluator.
inline std::uint32_t xiapl_eval_mask(std::uint64_t mask) { return xiapl::internal::eval_score7(mask); }
inline double xiapl_preflop_equity(std::uint64_t a, std::uint64_t b) {
    xiapl::SimulationOptions exact;  // iterations 0: every board
    return xiapl::calculate_equity({a, b}, 0, exact, xiapl::GameType::Holdem).players[0].equity;
}
HPP

flags=(-O3 -DNDEBUG)
objs=()
for src in $phe/_pheval_csrc/src/*.c; do
  obj="obj/phe_$(basename "${src%.c}").o"
  [[ -f $obj ]] || cc "${flags[@]}" -std=c99 -I$phe/_pheval_csrc/include -c "$src" -o "$obj"
  objs+=("$obj")
done
for name in card deck eval hand_value equity_hands equity_range utils canonicalize range_holdem range range_plo \
            range_setops preflop_rank; do
  obj="obj/xiapl_$name.o"
  [[ -f $obj ]] || c++ "${flags[@]}" -std=c++20 -I$xia/include -I$xia/src/core -c "$xia/src/core/$name.cpp" -o "$obj"
  objs+=("$obj")
done
c++ "${flags[@]}" -std=c++20 -DMEEPLE_BENCH_PHEVALUATOR -DMEEPLE_BENCH_XIAPL \
  -I"$root/src" -I"$root/include" -I"$scratch" -I$xia/include -I$xia/src/core \
  "$root/benchmarks/bench_poker.cpp" "$root"/src/poker/*.cpp "${objs[@]}" -lpthread -o bench_poker_peers
./bench_poker_peers "$@"
