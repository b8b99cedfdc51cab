// Heads-up Hold'em showdowns of two small ranges, board by board, as a grid of integer
// counters: one (win, tie) pair of 16-bit counters per pair of combos (a's combo i, b's
// combo j), eight pairs to a 128-bit vector instruction (SSE2 on x86-64, NEON on ARM).
//
// Boards with the same new ranks (a class: board_rank_class, range_sweep.hpp) give
// every combo the same value, its rank pair's, except the combos that the board's new
// cards block (not dealt) and those that make a flush there (evaluated): a handful a
// board. So a board counts itself, and the combos it blocks, in its class, and corrects
// the rows (a's combos) and columns (b's) of its flush makers from the class's
// comparison to the board's; at the end each class's comparison of every pair is added
// as many times as the class's boards leave both combos live (its boards, less those
// blocking either combo, plus the at most four blocking both, found per pair). Per
// board that is a few dozen steps (and, on a board with three of a suit, (flush makers)
// x (the other side's combos / 8)); per class na x nb / 8: well under the sorted
// sweep's 60 instructions a combo and board for ranges of a few dozen to a few hundred
// combos on a flop. No sort, no sums of weights.
//
// Weights enter only at the end, in integer units of 2^-24: the grid is used only when
// every weight is a multiple of 2^-24 (weights 1, 0.5, 0.25, ...), and then its tallies
// and the sweep's are exact sums of the same numbers (all below 2^53 units), so the two
// paths give the same bits. Other weights (0.3) keep the sweep.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "poker/cards.hpp"
#include "poker/evaluator.hpp"
#include "poker/range_sweep.hpp"

namespace meeple::poker {

class ShowdownGrid {
public:
    // Whether the grid applies: every weight of both sides a multiple of 2^-24, at most
    // kMaxCombos combos a side, and at most two cards to come (so at most 1,176 boards,
    // which 16-bit counters hold).
    static bool fits(SweepSide a, SweepSide b, int missing);

    // base: the cards every board holds (the combos given share none of them).
    ShowdownGrid(const EvalTables& t, SweepSide a, SweepSide b, CardMask base, int missing);

    // Counts, for every pair of combos that the board leaves live, whether a's combo
    // wins or ties (boards that complete base with `missing` cards).
    void score(CardMask board);

    // Adds this grid's counts over the boards scored to wins / ties (na x nb, the row of
    // a's combo i: i x nb + j), modulo 2^16: the sum over every grid of a run, plus
    // add_blocked_twice() once, gives each compatible pair's counts in its low 16 bits.
    void add_counts(std::vector<std::uint32_t>& wins, std::vector<std::uint32_t>& ties) const;

    // Adds, once a run (on any of its grids, after the boards), each compatible pair's
    // comparisons on the boards that block both of its combos (a and b: the sides given).
    void add_blocked_twice(SweepSide a, SweepSide b, std::vector<std::uint32_t>& wins,
                           std::vector<std::uint32_t>& ties);

    // The sorted sweep's tallies (ShowdownSweep::tallies) and compatible weights from the
    // counts of every board: exact, in units of 2^-24. seen: the boards each compatible
    // pair sees. Returns the number of compatible pairs.
    static std::uint64_t tallies(SweepSide a, SweepSide b, const std::vector<std::uint32_t>& wins,
                                 const std::vector<std::uint32_t>& ties, std::uint64_t seen,
                                 std::vector<double>& tally, std::vector<double>& compat_a,
                                 std::vector<double>& compat_b);

    static constexpr std::size_t kMaxCombos = 1024;

private:
    struct Holder {
        std::uint16_t side, index;
        CardMask mask;
    };
    struct FlushMaker {
        std::uint16_t side, index;
        CardMask mask;
        std::uint64_t key;  // the combo's hashed words (hand_key.hpp), no bias
    };
    void fill_row(std::size_t rank_class, CardMask board);

    // A combo whose value on a board is not its class's: index and value.
    struct Change {
        std::uint16_t index, value;
    };
    const EvalTables& t_;
    std::size_t na_, nb_, blocks_;  // blocks_: b's combos in groups of 8 (the last padded)
    std::size_t a_blocks_;          // the same for a's
    CardMask base_;
    int missing_;
    // Each combo's rank pair slot (into rank_pair_key_), a's then b's.
    std::vector<std::uint8_t> slot_;
    std::vector<std::uint64_t> rank_pair_key_;  // one combo's key a distinct rank pair
    // Per rank class: a's values (a_blocks_ x 8; padding 0), then b's (blocks_ x 8;
    // padding 0x7FFF), each combo's rank pair's without a flush.
    std::size_t row_width_ = 0, a_width_ = 0;
    std::vector<std::uint16_t> rows_;
    std::vector<char> row_ready_;
    std::vector<Holder> holders_[kDeckSize];  // the combos holding each card
    std::vector<FlushMaker> flush_makers_[4][3];  // per suit s, need k: combos with k+ cards of s
    // Eight 16-bit lanes, as one 128-bit vector register holds them.
    struct alignas(16) Lanes {
        std::uint16_t lane[8];
    };
    std::vector<std::uint32_t> class_boards_;  // boards scored a class
    // Per class, the boards that block each combo: a's (na_ a class), b's (blocks_).
    std::vector<std::uint16_t> class_blocked_a_;
    std::vector<Lanes> class_blocked_b_;
    // This board's blocked combos and flush makers.
    std::vector<std::uint16_t> blocked_a_, blocked_b_;
    std::vector<Change> changed_a_, changed_b_;
    // a's class values less the blocked and changed rows; b's values on the board and
    // in the class, the blocked combos above every value.
    std::vector<Lanes> va_, vb_, vb_class_;
    // Corrections: per a combo, per block of b: wins, then ties (rows); per b combo, per
    // block of a: the same (columns). 16-bit, modulo 2^16: the final counts fit.
    std::vector<Lanes> rows_count_, columns_count_;
};

}  // namespace meeple::poker
