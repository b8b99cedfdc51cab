// The two-card subsets of PLO hole cards and the three-card subsets of boards.
#include "poker/plo.hpp"

#include "poker/hand.hpp"

namespace meeple::poker {
namespace {

// The single-card masks of m, lowest first; at most `max` of them.
int cards_of(CardMask m, CardMask* out, int max) {
    int n = 0;
    for (; m && n < max; m &= m - 1) out[n++] = m & (~m + 1);
    return n;
}

}  // namespace

PloPairs plo_pairs(CardMask hole) {
    CardMask h[4];
    const int n = cards_of(hole, h, 4);
    PloPairs p;
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) p.pairs[p.count++] = h[i] | h[j];
    return p;
}

PloTriples plo_triples(CardMask board) {
    CardMask b[5];
    const int n = cards_of(board, b, 5);
    PloTriples t;
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j)
            for (int k = j + 1; k < n; ++k) t.triples[t.count++] = b[i] | b[j] | b[k];
    return t;
}

std::uint32_t evaluate_plo_unchecked(const EvalTables& t, CardMask hole, CardMask board) {
    return evaluate_plo_unchecked(t, plo_pairs(hole), plo_triples(board));
}

}  // namespace meeple::poker
