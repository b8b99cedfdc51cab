// Exact chance of one step: every successor of an action with its probability, each
// equal to what a sampled step with that outcome produces (meeple.h,
// meeple_state_enumerate_outcomes, states the contract).
#pragma once

#include <cstdint>
#include <vector>

#include "core/any_game.hpp"

namespace meeple {

struct Successors {
    std::size_t count = 0;
    std::vector<std::uint64_t> words;  // count records of record_size bytes, 8-byte aligned each
    std::vector<double> probabilities;

    std::size_t stride(const AnyGame& game) const { return (game.record_size() + 7) / 8; }
};

// Checks `player` and `action` as AnyGame::apply does (throwing the same errors) and
// returns the successors: one (probability 1) when the action draws no chance outcome,
// else one per outcome in chance action id order. Every successor carries the generator
// that the sampled step leaves. `rec` is not changed.
Successors enumerate_outcomes(const AnyGame& game, const void* rec, int player, int action);

}  // namespace meeple
