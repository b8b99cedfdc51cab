// Pot-Limit Omaha: a hand uses exactly two of its four hole cards and exactly three of
// the board, so its value is the best of C(4,2) * C(board,3) five-card hands. The pairs
// of a hand and the triples of a board are listed once and reused: equity runs list a
// board's triples once for every player.
#pragma once

#include <cstdint>

#include "poker/cards.hpp"
#include "poker/evaluator.hpp"

namespace meeple::poker {

struct PloPairs {
    CardMask pairs[6];
    int count = 0;
};

struct PloTriples {
    CardMask triples[10];
    int count = 0;
};

PloPairs plo_pairs(CardMask hole);
PloTriples plo_triples(CardMask board);

inline std::uint32_t evaluate_plo_unchecked(const EvalTables& t, const PloPairs& p, const PloTriples& b) {
    std::uint32_t best = 0;
    for (int i = 0; i < p.count; ++i)
        for (int k = 0; k < b.count; ++k) {
            const std::uint32_t v = evaluate_unchecked(t, p.pairs[i] | b.triples[k]);
            best = v > best ? v : best;
        }
    return best;
}

}  // namespace meeple::poker
