// Suit isomorphism: two sets of cards that differ only by a renaming of the suits play
// alike, so a calculation can visit one set of each class and count it by the size of
// the class. The representative of a class here: suits renamed so that the suits' rank
// masks (13 bits, as a number) are in non-increasing order, clubs first; with a hand, the
// key of a suit is its board ranks then its hole ranks (26 bits).
#pragma once

#include <cstdint>
#include <vector>

#include "poker/cards.hpp"

namespace meeple::poker {

// The representative of a board's class.
CardMask canonical_board(CardMask board);

// The representative of the class of (hole, board) under renamings applied to both.
// Throws Status::invalid_argument when they share a card.
void canonical_hand(CardMask hole, CardMask board, CardMask* out_hole, CardMask* out_board);

struct BoardClass {
    CardMask board;
    std::uint32_t count;  // boards in the class: 24 / the renamings that fix it
};

// Every class of boards of `cards` cards (1 to 5, else Status::invalid_argument) in
// increasing mask order: 1,755 flops, 16,432 turns, 134,459 rivers; the counts sum to
// C(52, cards).
std::vector<BoardClass> canonical_boards(int cards);

}  // namespace meeple::poker
