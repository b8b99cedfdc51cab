// A leaf evaluator: the value vector a search backs up where a rollout stops before the
// end (rollout_depth moves, 0 for none), in place of the game's own heuristic_value.
// The search declares what it needs; the agents provide it (leaf=evaluation: Catan's
// evaluation, src/agents/catan_leaf_value.cpp), as with rollout policies.
#pragma once

#include <memory>
#include <string_view>

namespace meeple {

class AnyGame;

class LeafEvaluator {
public:
    virtual ~LeafEvaluator() = default;
    // One value per seat of the (live) position `rec`, on the scale of the game's
    // returns: -1 for a certain loss, 1 for a certain win.
    virtual void value(const void* rec, double* out) = 0;
};

// The leaf evaluator `name` of `game` ("evaluation"); throws Error naming the games
// that have one when `game` has none. Defined by the agents.
std::unique_ptr<LeafEvaluator> make_leaf_evaluator(std::shared_ptr<const AnyGame> game, std::string_view name);

}  // namespace meeple
