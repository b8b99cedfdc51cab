// The registry of agents: random play, the search agents over meeple::Search, and the
// per-game heuristics (heuristics.hpp).
#include <algorithm>
#include <cstring>

#include "agents/agent.hpp"
#include "agents/heuristics.hpp"
#include "core/error.hpp"
#include "core/options.hpp"
#include "core/seed_derivation.hpp"
#include "search/search.hpp"

namespace meeple {

LegalSet::LegalSet(const AnyGame& game, const void* rec, int player) {
    game.legal_mask(rec, player, words);
    for (int w = 0, n = game.mask_words(); w < n; ++w) count += __builtin_popcountll(words[w]);
}

int LegalSet::nth(int k) const {
    for (int w = 0;; ++w) {
        const int c = __builtin_popcountll(words[w]);
        if (k < c) {
            std::uint64_t x = words[w];
            for (; k > 0; --k) x &= x - 1;
            return w * 64 + __builtin_ctzll(x);
        }
        k -= c;
    }
}

void Agent::policy(const void* rec, int player, float* out) {
    std::fill(out, out + game_->num_actions(), 0.0f);
    out[act(rec, player)] = 1.0f;
}

namespace {

// Uniformly random among the legal actions.
class RandomAgent final : public Agent {
public:
    RandomAgent(std::shared_ptr<const AnyGame> game, std::uint64_t seed) : Agent(std::move(game), "random") {
        reset(seed);
    }
    void reset(std::uint64_t seed) override { rng_ = Rng::from_seed(seed); }
    int act(const void* rec, int player) override {
        const LegalSet legal(*game_, rec, player);
        return legal.nth(static_cast<int>(rng_.below(static_cast<std::uint32_t>(legal.count))));
    }
    void policy(const void* rec, int player, float* out) override {
        const LegalSet legal(*game_, rec, player);
        for (int a = 0, n = game_->num_actions(); a < n; ++a) {
            out[a] = legal.has(a) ? 1.0f / static_cast<float>(legal.count) : 0.0f;
        }
    }

private:
    Rng rng_;
};

// A search from the root of every decision (a fresh tree each move), with the spec's
// options; the search seed is derived from the spec's seed and the agent's.
class SearchAgent final : public Agent {
public:
    SearchAgent(std::shared_ptr<const AnyGame> game, std::string_view spec, std::uint64_t seed)
        : Agent(std::move(game), std::string()) {
        const SearchConfig config = parse_search_spec(spec);  // checks every option
        if (config.evaluator == Evaluator::external) {
            fail(Status::invalid_argument, "agent '" + std::string(spec) +
                                               "' needs an external evaluator, which an agent cannot call; "
                                               "use evaluator=rollout (the default)");
        }
        spec_ = config.spec;
        user_seed_ = config.seed;
        const ParsedSpec parsed = parse_spec(spec);
        name_ = parsed.name;
        for (const auto& [key, value] : parsed.options) {
            if (key != "seed") options_ += key + "=" + value + ",";
        }
        reset(seed);
    }
    void reset(std::uint64_t seed) override {
        // Search seeds are checked against 2^53 - 1 (exact in a double).
        const std::uint64_t s = derive_seed(user_seed_, seed) & ((1ull << 53) - 1);
        search_ = std::make_unique<Search>(game_, name_ + "(" + options_ + "seed=" + std::to_string(s) + ")", 1, 1);
    }
    int act(const void* rec, int player) override { return act_controlled(rec, player, Control()); }
    void policy(const void* rec, int player, float* out) override { policy_controlled(rec, player, out, Control()); }
    int act_controlled(const void* rec, int player, const Control& control) override {
        control.check();  // a block cancelled before the call stops it, a forced move too
        const LegalSet legal(*game_, rec, player);
        iterations_ = 0;
        if (legal.count == 1) return legal.nth(0);  // nothing to search
        search(rec, player, control);  // throws Error(cancelled); the next decision sets a fresh root
        return search_->chosen_action(0);
    }
    void policy_controlled(const void* rec, int player, float* out, const Control& control) override {
        control.check();
        const LegalSet legal(*game_, rec, player);
        iterations_ = 0;
        if (legal.count == 1) return Agent::policy(rec, player, out);
        search(rec, player, control);
        search_->policy(0, 1.0, out);
    }
    std::uint64_t last_iterations() const override { return iterations_; }

private:
    void search(const void* rec, int player, const Control& control) {
        search_->set_root(0, rec, player);
        search_->run(control);
        iterations_ = search_->stats(0).iterations;
    }

    std::string name_, options_;
    std::uint64_t user_seed_ = 0;
    std::uint64_t iterations_ = 0;
    std::unique_ptr<Search> search_;
};

bool has_heuristic(const AnyGame& game) {
    return game.name() == "catan" || game.name() == "holdem" || game.name() == "tictactoe" ||
           game.name() == "triangle";
}

}  // namespace

std::unique_ptr<Agent> make_heuristic_agent(std::shared_ptr<const AnyGame> game, std::uint64_t seed) {
    if (game->name() == "catan") return make_catan_heuristic(std::move(game), seed);
    if (game->name() == "holdem") return make_holdem_heuristic(std::move(game), seed);
    if (game->name() == "tictactoe") return make_tictactoe_heuristic(std::move(game), seed);
    if (game->name() == "triangle") return make_triangle_heuristic(std::move(game), seed);
    return nullptr;
}

std::unique_ptr<RolloutPolicy> make_rollout_policy(std::shared_ptr<const AnyGame> game, std::string_view name,
                                                   std::uint64_t seed) {
    if (name == "heuristic") {
        const std::string game_name = game->name();
        if (auto agent = make_heuristic_agent(std::move(game), seed)) return agent;
        fail(Status::invalid_argument, "rollout=heuristic needs a heuristic player, and " + game_name +
                                           " has none; use rollout=random");
    }
    fail(Status::invalid_argument, "unknown rollout policy '" + std::string(name) + "'; available: random, heuristic");
}

std::string agent_names(const AnyGame& game) {
    if (game.name() == "catan") return "random, heuristic, mcts, ismcts, alphabeta, best";
    return has_heuristic(game) ? "random, heuristic, mcts, ismcts, best" : "random, mcts, ismcts, best";
}

std::unique_ptr<Agent> make_agent(std::shared_ptr<const AnyGame> game, std::string_view spec, std::uint64_t seed) {
    if (!game) fail(Status::invalid_argument, "an agent needs a game");
    const ParsedSpec parsed = parse_spec(spec);
    if (parsed.name == "mcts" || parsed.name == "ismcts") return std::make_unique<SearchAgent>(std::move(game), spec, seed);
    if (parsed.name == "best") return make_best_agent(std::move(game), spec, seed);
    if (parsed.name == "alphabeta") {
        if (game->name() == "catan") return make_catan_alphabeta(std::move(game), spec, seed);
        fail(Status::invalid_argument, "agent alphabeta plays catan only; available for " + game->name() + ": " +
                                           agent_names(*game));
    }
    if (parsed.name == "random" || parsed.name == "heuristic") {
        if (!parsed.options.empty()) {
            fail(Status::invalid_argument, "agent " + parsed.name + " takes no options (got '" +
                                               parsed.options.front().first + "'); write just '" + parsed.name + "'");
        }
        if (parsed.name == "random") return std::make_unique<RandomAgent>(std::move(game), seed);
        const std::string game_name = game->name();
        if (auto agent = make_heuristic_agent(game, seed)) return agent;
        fail(Status::invalid_argument, "game " + game_name + " has no heuristic agent; available agents: " +
                                           agent_names(*game));
    }
    fail(Status::invalid_argument, "unknown agent '" + parsed.name + "' for " + game->name() +
                                       "; available: " + agent_names(*game));
}

}  // namespace meeple
