// Pot-Limit Omaha: a hand uses exactly two of its four hole cards and exactly three of
// the board, so its value is the best of C(4,2) * C(board,3) five-card hands.
#include "poker/hand.hpp"

namespace meeple::poker {

std::uint32_t evaluate_plo_unchecked(const EvalTables& t, CardMask hole, CardMask board) {
    CardMask h[4];
    int nh = 0;
    for (CardMask m = hole; m && nh < 4; m &= m - 1) h[nh++] = m & (~m + 1);
    CardMask b[5];
    int nb = 0;
    for (CardMask m = board; m && nb < 5; m &= m - 1) b[nb++] = m & (~m + 1);
    CardMask triples[10];
    int nt = 0;
    for (int i = 0; i < nb; ++i)
        for (int j = i + 1; j < nb; ++j)
            for (int k = j + 1; k < nb; ++k) triples[nt++] = b[i] | b[j] | b[k];
    std::uint32_t best = 0;
    for (int i = 0; i < nh; ++i)
        for (int j = i + 1; j < nh; ++j) {
            const CardMask pair = h[i] | h[j];
            for (int k = 0; k < nt; ++k) {
                const std::uint32_t v = evaluate_unchecked(t, pair | triples[k]);
                best = v > best ? v : best;
            }
        }
    return best;
}

}  // namespace meeple::poker
