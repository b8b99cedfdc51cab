// Suit classes of boards and hands (see isomorphism.hpp).
#include "poker/isomorphism.hpp"

#include <algorithm>
#include <string>

#include "core/error.hpp"

namespace meeple::poker {
namespace {

std::uint64_t suit_bits(CardMask m, int s) { return (m >> (13 * s)) & 0x1FFF; }

// Renames suits by decreasing key (stable, so equal keys keep their order: they hold
// the same cards, and either order gives the same result).
void rename(const std::uint64_t key[4], int order[4]) {
    for (int s = 0; s < 4; ++s) order[s] = s;
    std::stable_sort(order, order + 4, [&](int a, int b) { return key[a] > key[b]; });
}

}  // namespace

CardMask canonical_board(CardMask board) {
    check_mask(board, "the board");
    std::uint64_t key[4];
    for (int s = 0; s < 4; ++s) key[s] = suit_bits(board, s);
    int order[4];
    rename(key, order);
    CardMask out = 0;
    for (int k = 0; k < 4; ++k) out |= key[order[k]] << (13 * k);
    return out;
}

void canonical_hand(CardMask hole, CardMask board, CardMask* out_hole, CardMask* out_board) {
    check_mask(hole, "the hole cards");
    check_mask(board, "the board");
    if (hole & board) {
        fail(Status::invalid_argument, "the hole cards and the board share " + format_mask(hole & board) +
                                           "; a card can be in one place only");
    }
    std::uint64_t key[4];
    for (int s = 0; s < 4; ++s) key[s] = suit_bits(board, s) << 13 | suit_bits(hole, s);
    int order[4];
    rename(key, order);
    CardMask h = 0, b = 0;
    for (int k = 0; k < 4; ++k) {
        h |= suit_bits(hole, order[k]) << (13 * k);
        b |= suit_bits(board, order[k]) << (13 * k);
    }
    *out_hole = h;
    *out_board = b;
}

std::vector<BoardClass> canonical_boards(int cards) {
    if (cards < 1 || cards > 5) {
        fail(Status::invalid_argument, "a board has " + std::to_string(cards) +
                                           " cards here; canonical boards are listed for 1 to 5 cards (3: flops)");
    }
    std::vector<BoardClass> out;
    // Walk every set of `cards` cards; a representative has non-increasing suit masks.
    int c[5];
    for (int i = 0; i < cards; ++i) c[i] = i;
    while (true) {
        CardMask m = 0;
        for (int i = 0; i < cards; ++i) m |= card_bit(c[i]);
        const std::uint64_t s0 = suit_bits(m, 0), s1 = suit_bits(m, 1), s2 = suit_bits(m, 2), s3 = suit_bits(m, 3);
        if (s0 >= s1 && s1 >= s2 && s2 >= s3) {
            const std::uint64_t s[4] = {s0, s1, s2, s3};
            std::uint32_t fixed = 1, run = 1;
            for (int i = 1; i < 4; ++i) {
                run = s[i] == s[i - 1] ? run + 1 : 1;
                fixed *= run;
            }
            out.push_back({m, 24 / fixed});
        }
        int i = cards - 1;
        while (i >= 0 && c[i] == kDeckSize - cards + i) --i;
        if (i < 0) break;
        ++c[i];
        for (int j = i + 1; j < cards; ++j) c[j] = c[j - 1] + 1;
    }
    std::sort(out.begin(), out.end(), [](const BoardClass& a, const BoardClass& b) { return a.board < b.board; });
    return out;
}

}  // namespace meeple::poker
