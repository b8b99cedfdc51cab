// Heads-up Hold'em showdowns of two ranges on one board at a time, in time linear in the
// ranges' sizes instead of their product.
//
// On a board, every live combo of both ranges is evaluated once and the combos are
// sorted by value. A sweep from the weakest value up keeps, for each side, the total
// weight of the combos already passed (strictly weaker) and the same total per card.
// A combo of cards {c1, c2} beats the other side's weaker combos that share no card with
// it, whose weight is, by inclusion and exclusion,
//
//     weaker total - weaker holding c1 - weaker holding c2 + weaker holding both,
//
// and the last term is always 0: the one combo holding both cards is the same two cards,
// which has the same value on every board and so is never weaker. Ties take the same
// sum over the combos of equal value, where the combo of the same two cards does appear
// (and is added back once, after being taken away twice).
//
// Without a flush, a combo's value is its rank pair's: so a board costs an evaluation a
// rank pair (91 at most) and a combo that can make a flush there, a sort of those by
// value, and a pass over the combos, against one step a compatible pair of combos for
// the pairwise counters: the tallies are the same sums
// (each compatible pair that the board leaves live, weighted by the other combo's
// weight), grouped by combo instead of by pair.
#pragma once

#include <cstddef>
#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

#include "poker/cards.hpp"
#include "poker/evaluator.hpp"

namespace meeple::poker {

// The class of a board among the completions of base by missing (0..2) cards: the new
// cards' ranks. 1 class for none, 13 for one, 169 (13 x one rank + the other, lower
// first) for two. Boards of one class give every rank pair the same non-flush value.
inline std::size_t board_rank_class(CardMask board, CardMask base, int missing) {
    const CardMask fresh = board & ~base;
    if (missing == 0) return 0;
    const int lo = card_rank(__builtin_ctzll(fresh)) - 2;
    if (missing == 1) return static_cast<std::size_t>(lo);
    const int hi = card_rank(63 - __builtin_clzll(fresh)) - 2;
    return static_cast<std::size_t>(lo <= hi ? 13 * lo + hi : 13 * hi + lo);
}

// One side of a heads-up Hold'em spot: combos (two cards each, at most 2,047 of them)
// and their weights.
struct SweepSide {
    const CardMask* masks = nullptr;
    const double* weights = nullptr;
    std::size_t size = 0;
};

class ShowdownSweep {
public:
    ShowdownSweep(const EvalTables& t, SweepSide a, SweepSide b);

    // Readies the boards that complete `base` with `missing` cards from `deck` (cards
    // as single-bit masks): with at most two cards to come, the rank pairs' order by
    // value without a flush, which depends only on the board's ranks, is computed once a
    // class of boards with the same ranks (91 classes for the 1,081 boards of a flop)
    // instead of once a board. Copies share it (read-only). Optional: without it, or
    // with more cards to come, score() ranks the pairs board by board.
    void prepare(CardMask base, const std::vector<CardMask>& deck, int missing);

    // Scores every live combo of both sides on a complete five-card board: adds
    // mult x (the other side's weight, over the combos that share no card with this one
    // nor with the board, that this combo beats / ties) to its win / tie tally.
    void score(CardMask board, std::uint32_t mult);

    // The tallies, one flat vector: win of each combo of a, tie of each combo of a, then
    // the same for b (each side's combos in the order given).
    const std::vector<double>& tallies() const { return tally_; }
    // Sets the tallies back to 0 (to score another set of boards with the same object).
    void clear_tallies() { std::fill(tally_.begin(), tally_.end(), 0.0); }

    // The other side's total weight over the combos that share no card with combo c of
    // `side` (board-independent: what the tallies are relative to, board by board).
    std::vector<double> compatible_weight(int side) const;
    // The number of (a, b) pairs of combos that share no card.
    std::uint64_t compatible_pairs() const;

    static constexpr std::size_t kMaxCombos = 2047;

private:
    struct Item {
        CardMask mask;
        double weight;
        double same;        // the other side's weight of the same two cards, or 0
        std::uint32_t win;  // where its win tally is; its tie tally follows the side's wins
        std::uint8_t side, c1, c2, rank_pair;  // rank_pair: 13 x high rank + low rank (0..168)
        std::uint8_t suit1, suit2;
    };
    // The class of a board prepared for: its new cards' ranks.
    std::size_t rank_class(CardMask board) const;
    // The pass over entries sorted by value (score()); kFlush: a board with a flush suit.
    template <bool kFlush>
    void sweep(const std::uint32_t* keys, std::size_t n, CardMask board, double m, int flush_suit, int need);
    // The rank pairs' entries (value << 13 | rank pair) of a board, stably sorted by value.
    void rank_pair_order(std::uint64_t board_key, std::uint32_t* out);

    const EvalTables& t_;
    std::size_t size_[2];
    std::vector<Item> items_;  // grouped by rank pair, in the order given within a pair
    std::vector<std::uint16_t> given_order_;  // where each combo given is in items_
    std::vector<std::uint64_t> item_key_;  // each item's hole cards' hashed words (hand_key.hpp), no bias
    // The distinct rank pairs of the combos, each with one combo's key: without a flush,
    // a combo's value on a board is its rank pair's.
    std::vector<std::pair<std::uint8_t, std::uint64_t>> rank_pairs_;
    // The items of rank pair p: items_[pair_begin_[p] .. pair_begin_[p + 1]).
    std::uint32_t pair_begin_[170] = {};
    // Where b's items of rank pair p begin (a's come first).
    std::uint32_t pair_split_[169] = {};
    // Which sides hold combos of rank pair p: bit 0 for a, bit 1 for b.
    std::uint8_t pair_sides_[169] = {};
    // Per suit s and need k (0..2): the items holding k or more cards of suit s, which
    // make a flush on a board with 5 - k cards of s, in the order the combos were given.
    std::vector<std::uint16_t> flush_items_[4][3];
    // prepare(): the cards every board holds, the cards to come, and per rank class the
    // sorted rank-pair entries (rank_pairs_.size() of them a class).
    CardMask base_ = 0;
    int missing_ = -1;
    std::shared_ptr<const std::vector<std::uint32_t>> orders_;
    std::vector<std::uint16_t> members_;
    std::vector<double> tally_;
    std::vector<std::uint32_t> keys_, flush_keys_, sorted_;
    // The sweep's sums per card (sweep()): below_card_ cleared a board, equal_card_
    // zero between groups.
    double below_card_[2][kDeckSize] = {};
    double equal_card_[2][kDeckSize] = {};
};

}  // namespace meeple::poker
