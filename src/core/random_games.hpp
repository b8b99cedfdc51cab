// Random play run entirely in C++: many complete games, each a uniform random walk over
// the legal actions, for benchmarks and data generation. Game g starts from
// derive_seed(seed, g) and draws its moves from a generator seeded with
// derive_seed(that seed, kChooserStream), so the totals are the same at any thread count.
#pragma once

#include <cstdint>
#include <vector>

#include "core/any_game.hpp"
#include "core/control.hpp"

namespace meeple {

// The index under a game's seed that seeds its move chooser (ASCII "random").
inline constexpr std::uint64_t kChooserStream = 0x72616E646F6Dull;

struct RandomGamesStats {
    std::uint64_t games = 0;
    std::uint64_t moves = 0;      // actions applied, chance outcomes included
    std::uint64_t truncated = 0;  // games a turn cap ended
    std::uint64_t draws = 0;      // games ended untruncated with no unique winner
    std::vector<std::uint64_t> wins;  // per seat (see winner_of)
};

// Plays games 0..n_games-1 to their end on `threads` threads (0: one per core).
// `control` (optional) counts finished games against a total of n_games; a cancel
// request stops every thread before its next game and throws Error(cancelled).
RandomGamesStats run_random_games(const AnyGame& game, std::uint64_t n_games, std::uint64_t seed, int threads,
                                  const Control& control = Control{});

}  // namespace meeple
