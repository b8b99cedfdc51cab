// Agents: players that choose an action for the acting seat of a state, made from spec
// strings as games and searches are ("random", "heuristic", "mcts(iterations=1000)").
// An agent owns its generator, seeded by whoever makes it (the arena derives one seed a
// game and a seat), so its choices depend only on that seed and the states it is shown.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "core/any_game.hpp"
#include "core/control.hpp"
#include "search/rollout_policy.hpp"

namespace meeple {

class Agent : public RolloutPolicy {
public:

    const std::string& spec() const { return spec_; }
    const AnyGame& game() const { return *game_; }

    // Starts a new game: reseeds the agent's generator and forgets what it kept.
    void reset(std::uint64_t seed) override = 0;
    // An action for `player`, an active seat of `rec` (a record of this agent's game).
    // Always one of the player's legal actions.
    int act(const void* rec, int player) override = 0;
    // The agent's move probabilities for `player` in `rec`: num_actions floats, zero on
    // every illegal action, summing to one. Random: uniform over the legal actions;
    // search agents: the root's visit shares; others: their action alone.
    virtual void policy(const void* rec, int player, float* out);
    // act and policy for a caller that may cancel (Error cancelled): search agents check
    // `control` between iterations; the others decide at once, so it never stops them.
    virtual int act_controlled(const void* rec, int player, const Control& control) {
        control.check();
        return act(rec, player);
    }
    virtual void policy_controlled(const void* rec, int player, float* out, const Control& control) {
        control.check();
        policy(rec, player, out);
    }
    // Iterations the search of the last decision (act or policy) completed: what a
    // time_ms budget reached. 0 for agents that do not search, and for a decision with
    // one legal action (nothing to search).
    virtual std::uint64_t last_iterations() const { return 0; }

protected:
    Agent(std::shared_ptr<const AnyGame> game, std::string spec) : game_(std::move(game)), spec_(std::move(spec)) {}

    std::shared_ptr<const AnyGame> game_;
    std::string spec_;
};

// Makes an agent of `game` from `spec`; throws Error naming the agents (or options)
// that exist: unknown agent, a game without a heuristic, a bad search option.
std::unique_ptr<Agent> make_agent(std::shared_ptr<const AnyGame> game, std::string_view spec, std::uint64_t seed);

// `best`: the spec of `game`'s strongest agent within about 1 s a decision, with the
// spec's time_ms (default 1000), iterations (instead of the time budget) and seed; throws
// Error naming the valid options. make_best_agent makes that agent (spec() is the result).
std::string resolve_best(const AnyGame& game, std::string_view spec);
std::unique_ptr<Agent> make_best_agent(std::shared_ptr<const AnyGame> game, std::string_view spec, std::uint64_t seed);

// The agent names `game` accepts, comma-separated ("random, heuristic, mcts, ismcts").
std::string agent_names(const AnyGame& game);

// The legal actions of `player` as a mask, then picks: helpers the agents share.
struct LegalSet {
    std::uint64_t words[64];
    int count = 0;
    LegalSet(const AnyGame& game, const void* rec, int player);
    static LegalSet none() { return LegalSet(); }
    void add(int action) { words[action >> 6] |= 1ull << (action & 63), ++count; }
    bool has(int action) const { return action >= 0 && ((words[action >> 6] >> (action & 63)) & 1); }
    // The k-th legal action in increasing order (k < count).
    int nth(int k) const;

private:
    LegalSet() : words{} {}
};

}  // namespace meeple
