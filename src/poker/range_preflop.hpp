// Heads-up Hold'em range equity with no board: the outcome counts of every deal (a pair
// of hole-card combos) over every board, computed once per class of deals that differ
// only by a renaming of the suits.
//
// With no board, a renaming of the suits that keeps the dead cards in place maps the deck
// onto itself, so the deals (a, b) and (pi a, pi b) win and tie on the same number of
// boards. Each class of deals is counted once by ExactPlan (exact.hpp: every rank multiset
// of the board scored once, flushes corrected), which costs about what a few thousand
// boards cost when they are visited one by one; AA v KK has 36 deals in 3 classes.
// Counts are integers, so the result does not depend on the order or the thread count.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/control.hpp"
#include "poker/cards.hpp"

namespace meeple::poker {

// For every deal p, combos a[pair_a[p]] and b[pair_b[p]] (two cards each, sharing no
// card with each other or with `dead`): wins[p] = boards that the first wins outright,
// ties[p] = boards split, over the C(52 - 4 - |dead|, 5) boards that miss the deal and the
// dead cards. Advances `control` by `progress_total` in all and checks it between pieces
// of work (Status::cancelled). Unchecked otherwise. wins and ties are resized to the
// number of deals.
void preflop_deal_counts(const std::vector<CardMask>& a, const std::vector<CardMask>& b,
                         const std::vector<std::uint32_t>& pair_a, const std::vector<std::uint32_t>& pair_b,
                         CardMask dead, int threads, const Control& control, std::uint64_t progress_total,
                         std::vector<std::uint64_t>& wins, std::vector<std::uint64_t>& ties);

// The number of classes, under the 24 renamings of the suits, of the sets of k cards
// (0..52) drawn from a deck that holds the same `ranks` (0..13) ranks in every suit: by
// Burnside's lemma, the mean over the renamings of the sets each one leaves unchanged
// (unions of its cycles on the cards). 134,459 for five cards of a full deck.
std::uint64_t suit_classes_of_sets(int ranks, int k);

}  // namespace meeple::poker
