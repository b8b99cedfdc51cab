// Equity of known hands: the share of the pot each can expect over the boards still to
// come, by exact enumeration of every board or by seeded Monte Carlo.
//
// Monte Carlo is bit-identical at every thread count: trials are cut into fixed chunks,
// chunk c draws from its own generator seeded from (seed, c), and tallies are integers
// (a split pot among k players gives each 27720/k units, exact for k <= 12), so the
// order in which chunks finish and add into the totals cannot change a bit.
#pragma once

#include <cstdint>
#include <vector>

#include "core/control.hpp"
#include "poker/cards.hpp"
#include "poker/hand.hpp"

namespace meeple::poker {

inline constexpr int kMaxEquityPlayers = 12;
inline constexpr std::uint64_t kMonteCarloChunk = 1 << 13;   // trials per chunk
inline constexpr std::uint64_t kMaxTrials = 10'000'000'000ull;  // keeps the tallies in 64 bits

struct EquityRequest {
    Variant variant = Variant::holdem;
    std::vector<CardMask> hands;
    CardMask board = 0;
    CardMask dead = 0;
    bool exact = true;
    std::uint64_t trials = 0;  // Monte Carlo only
    std::uint64_t seed = 0;    // Monte Carlo only
    int threads = 0;           // 0: one per hardware thread
    // Optional: progress in boards (exact) or trials (Monte Carlo), checked for a
    // cancel request every kBoardsPerCheck boards of every thread.
    Control control;
};

inline constexpr std::uint32_t kBoardsPerCheck = 512;

struct EquityResult {
    std::vector<double> win;     // the probability of winning the whole pot
    std::vector<double> tie;     // the probability of splitting it with others
    std::vector<double> equity;  // the expected share of the pot
    std::vector<double> stderr_; // standard error of equity (0 when exact)
    std::uint64_t count = 0;     // boards enumerated or trials run
};

// Throws Status::invalid_argument for a bad request (the message says what and why),
// Status::cancelled when the control block asked to stop.
EquityResult equity(const EquityRequest& request);

// Exact equity by visiting and scoring every board, one by one: the slow, plain form
// of what equity() computes with rank multisets and flush corrections (exact.hpp), kept
// as the reference tests compare the fast path with. Ignores request.exact.
EquityResult equity_by_visiting_every_board(const EquityRequest& request);

// The number of boards an exact run would enumerate (checks the request).
std::uint64_t count_boards(const EquityRequest& request);

}  // namespace meeple::poker
