// Equity of ranges: each player holds a range (a known hand is a range of one combo);
// a deal gives every player one combo, with probability proportional to the product of
// the combos' weights among the deals where no two players, the board or the dead cards
// share a card; the board is then completed uniformly from the cards left.
//
// Exact: every remaining board, and on each board every compatible deal (each combo's
// value is computed once a board). The work is boards x deals, reported before any is
// done; past kRangeExactLimit the call fails, saying how big and suggesting Monte Carlo.
// Memory is the ranges plus one set of tallies a thread.
//
// Monte Carlo: trials cut into fixed chunks, chunk c drawing from its own generator
// seeded from (seed, c): a deal by rejection (every player's combo drawn by weight; a
// deal with a shared card is drawn again), then the board. Tallies are integers, so the
// result is bit-identical at every thread count. The exact path sums weights in doubles
// per task and adds the tasks in task order, so it too gives the same bits everywhere.
#pragma once

#include <cstdint>
#include <vector>

#include "core/control.hpp"
#include "poker/range.hpp"

namespace meeple::poker {

inline constexpr std::uint64_t kRangeExactLimit = 4'000'000'000ull;  // boards x deals
inline constexpr std::uint64_t kRangeChunk = 1 << 13;                // trials per chunk
inline constexpr std::uint64_t kMaxRejections = 1'000'000;           // in a row, per deal

// How an exact run scores a heads-up spot. automatic: the sorted sweep for Hold'em
// when it is cheaper than the pairs (range_sweep.hpp), else integer counters per
// compatible pair of combos, or, past kMaxPairs pairs, the walk over deals that every
// player count uses. The others force one path (tests compare them; the results are the
// same numbers, to rounding). sweep on PLO or with more players falls back to automatic.
// grid: integer counters per pair of combos, board by board, eight pairs an instruction
// (range_grid.hpp), which automatic takes instead of the sweep for small post-flop
// spots whose weights are multiples of 2^-24 (its results are then the sweep's bits);
// where it does not apply (PLO, other weights, more than two cards to come), automatic.
enum class ExactMethod { automatic, pairs, sweep, deals, grid };

struct RangeEquityRequest {
    std::vector<Range> ranges;  // 2..10 for Hold'em, 2..12 for PLO; one variant
    CardMask board = 0;
    CardMask dead = 0;
    bool exact = true;
    std::uint64_t trials = 0;  // Monte Carlo only
    std::uint64_t seed = 0;    // Monte Carlo only
    int threads = 0;
    ExactMethod method = ExactMethod::automatic;
    // Progress in boards (exact) or trials (Monte Carlo); cancel honoured within
    // a few milliseconds.
    Control control;
};

struct RangeEquityResult {
    std::vector<double> win, tie, equity, stderr_;  // per player
    // Per player, aligned with ranges[i].combos: the player's equity holding the combo
    // (NaN where the combo is never dealt: blocked by the board, dead cards or other
    // players' only hands), the probability that the player holds it, and its standard
    // error (0 when exact).
    std::vector<std::vector<double>> combo_equity, combo_share, combo_stderr;
    std::uint64_t count = 0;  // exact: (deal, board) pairs; Monte Carlo: trials
};

// Throws Status::invalid_argument for a bad request, Status::cancelled on cancel.
RangeEquityResult range_equity(const RangeEquityRequest& request);

// The work of an exact run: remaining boards x the product of the range sizes (an upper
// bound on the deals). Checks the request.
std::uint64_t range_exact_work(const RangeEquityRequest& request);

}  // namespace meeple::poker
