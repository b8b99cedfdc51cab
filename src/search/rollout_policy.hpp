// A rollout policy: who plays the moves of a rollout when it is not uniformly random.
// The search declares what it needs; the agents (src/agents) provide it, so a search
// can play out its leaves with a game's heuristic player ("mcts(rollout=heuristic)").
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>

namespace meeple {

class AnyGame;

class RolloutPolicy {
public:
    virtual ~RolloutPolicy() = default;
    // Starts a new game (here: a new rollout): reseeds and forgets what it kept.
    virtual void reset(std::uint64_t seed) = 0;
    // An action for `player`, an active seat of `rec`; always a legal one.
    virtual int act(const void* rec, int player) = 0;
};

// The rollout policy `name` of `game` ("heuristic"), seeded; throws Error naming the
// policies the game has when it has no such policy. Defined by the agents.
std::unique_ptr<RolloutPolicy> make_rollout_policy(std::shared_ptr<const AnyGame> game, std::string_view name,
                                                   std::uint64_t seed);

}  // namespace meeple
