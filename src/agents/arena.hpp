// The arena: whole games between agents, seats rotated, in threads, with results per
// agent (win rates with intervals, Elo) and an optional SPRT that stops the run as soon
// as it decides. Game g is played with rotation g % seats on the setup of
// derive_seed(seed, g / seats) (duplicate format: every setup once per rotation, so a
// board's luck falls on every agent alike) or derive_seed(seed, g) without it. What a
// game does depends only on the arena's seed and g, so results are the same at every
// thread count, and a run cut into slices (first_game) plays the same games.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "agents/ratings.hpp"
#include "core/any_game.hpp"
#include "core/control.hpp"

namespace meeple {

struct ArenaConfig {
    // One spec a seat; fewer than the game's seats: the last one fills the rest
    // ("heuristic", "random" in 4-seat catan is one heuristic against three random).
    std::vector<std::string> lineup;
    std::uint64_t games = 100;
    std::uint64_t first_game = 0;  // plays games [first_game, first_game + games) of the run
    std::uint64_t seed = 0;
    int threads = 1;               // 0: one per core
    std::uint64_t max_moves = 0;   // a game longer than this is truncated (0: 1,000,000)
    bool duplicate = true;
    bool sprt = false;             // test agent 0 against agent 1 (distinct specs)
    Sprt sprt_test;
    bool keep_moves = true;        // record every game's actions
};

// One game: its seed, which agent sat where, how it ended.
struct ArenaGame {
    std::uint64_t index = 0, seed = 0;
    int rotation = 0;
    std::vector<int> agent_of_seat;   // index into ArenaResult::agents
    std::vector<double> returns;      // per seat
    std::uint64_t moves = 0;
    bool truncated = false;           // the game's own cap or max_moves
    int illegal_seat = -1;            // the seat that returned an illegal action, or -1
    std::string error;                // why (for an illegal action)
    std::vector<std::int32_t> players, actions;  // every move (keep_moves)
};

struct ArenaAgent {
    std::string spec;
    std::uint64_t games = 0;          // games it took part in
    std::uint64_t seats = 0;          // seat-games (more than games when it fills seats)
    std::uint64_t wins = 0, draws = 0, losses = 0, truncations = 0, illegal = 0;
    double score = 0;                 // sum of its seats' returns
    double win_rate = 0;              // wins / seats
    Interval win_interval{0, 1};      // 95% Wilson
    double elo = 0, elo_stderr = 0;   // maximum likelihood, mean 0; +-1.96 * stderr is 95%
};

struct ArenaSprt {
    bool enabled = false;
    int decision = 0;                 // +1: H1 (elo1) accepted, -1: H0 (elo0), 0: undecided
    double llr = 0, lower = 0, upper = 0;
    double wins = 0, draws = 0, losses = 0;  // pairwise results of agent 0 against agent 1
};

struct ArenaResult {
    std::vector<ArenaAgent> agents;   // distinct specs, in lineup order
    std::vector<ArenaGame> games;     // played, from first_game (fewer than asked when the SPRT stopped early)
    ArenaSprt sprt;
};

// Throws Error for a bad lineup (unknown agent or option: the message names the valid
// ones), too many specs for the game, games == 0, a bad SPRT, or cancellation (the
// control block's progress counts finished games).
ArenaResult run_arena(std::shared_ptr<const AnyGame> game, const ArenaConfig& config, const Control& control);

// The result of one seat in one game: +1 win (the only best return), 0 draw (tied at
// the best, or every return equal), -1 loss; truncated games are neither.
int seat_outcome(const ArenaGame& game, int seat);

}  // namespace meeple
