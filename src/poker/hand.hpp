// Hands of the two games on a board: Hold'em (two hole cards plus the board, best five
// of all) and Pot-Limit Omaha (exactly two of four hole cards plus exactly three of the
// board), through one entry point with the game as an argument; showdowns; batches.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "poker/cards.hpp"
#include "poker/evaluator.hpp"

namespace meeple::poker {

enum class Variant : std::int32_t { holdem = 0, plo = 1 };

// The variant of a C `game` number; throws Status::invalid_argument for others.
Variant variant_from(std::int32_t game);
const char* variant_name(Variant v);
int hole_cards(Variant v);  // 2 or 4

// Throws Status::invalid_argument, naming `what` and `board_what`, unless `hole` has the
// game's number of hole cards, the board has 3 to 5 cards, and they do not overlap.
void check_hand(Variant v, CardMask hole, CardMask board, const char* what, const char* board_what = "the board");

// The PLO value: the best of the 60 ways to take two hole cards and three board cards
// (plo.hpp has the form that reuses a hand's pairs and a board's triples).
std::uint32_t evaluate_plo_unchecked(const EvalTables& t, CardMask hole, CardMask board);

inline std::uint32_t evaluate_hand_unchecked(const EvalTables& t, Variant v, CardMask hole, CardMask board) {
    return v == Variant::holdem ? evaluate_unchecked(t, hole | board) : evaluate_plo_unchecked(t, hole, board);
}

// Checked: the value of a hand on a board of 3 to 5 cards.
std::uint32_t evaluate_hand(Variant v, CardMask hole, CardMask board);

// The winners among hands on one board, in seat order (several on a split pot); each
// hand's value goes to values[i] when values is not null. Hands must not share cards.
std::vector<int> showdown(Variant v, const CardMask* holes, std::size_t n, CardMask board,
                          std::uint32_t* values);

// Evaluates masks[0..n) of 5 to 7 cards into out[0..n), split over threads. Every mask
// is checked first; on a bad one nothing is written and the error names its index.
void evaluate_batch(const CardMask* masks, std::size_t n, std::uint32_t* out, int threads);

// Evaluates n hands given as card ids, `cards` (5, 6 or 7) bytes each: hand i is
// ids[i*cards .. (i+1)*cards). Checked first (ids below 52, distinct within a hand); on a
// bad hand nothing is written and the error names it.
void evaluate_ids_batch(const std::uint8_t* ids, std::size_t n, std::size_t cards, std::uint32_t* out, int threads);

// The same for hands: holes[i] on boards[i].
void evaluate_hand_batch(Variant v, const CardMask* holes, const CardMask* boards, std::size_t n,
                         std::uint32_t* out, int threads);

}  // namespace meeple::poker
