#include "agents/arena.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>

#include "agents/agent.hpp"
#include "core/error.hpp"
#include "core/seed_derivation.hpp"
#include "core/thread_pool.hpp"

namespace meeple {
namespace {

constexpr std::uint64_t kDefaultMaxMoves = 1'000'000;
constexpr std::uint64_t kAgentSeedKey = 0x6167656e74736565ull;   // "agentsee"
constexpr std::uint64_t kChanceSeedKey = 0x6368616e63657365ull;  // "chancese"

struct Plan {
    std::vector<std::string> specs;   // distinct
    std::vector<int> agent_of_slot;   // lineup slot -> distinct agent
};

enum class GameEnd { done, cancelled, failed };

// Plays game `index` to its end; fills `out`. Never throws: an agent's exception
// comes back as `failed` with the message in out.error.
GameEnd play_game(const std::shared_ptr<const AnyGame>& game, const ArenaConfig& cfg, const Plan& plan,
                  std::uint64_t index, const Control& control, ArenaGame& out) {
    const int n = game->num_players();
    out.index = index;
    out.rotation = static_cast<int>(index % static_cast<std::uint64_t>(n));
    out.seed = derive_seed(cfg.seed, cfg.duplicate ? index / static_cast<std::uint64_t>(n) : index);
    out.agent_of_seat.resize(static_cast<std::size_t>(n));
    out.returns.assign(static_cast<std::size_t>(n), 0.0);
    try {
        std::vector<std::unique_ptr<Agent>> agents;
        const std::uint64_t agent_base = derive_seed(cfg.seed ^ kAgentSeedKey, index);
        for (int s = 0; s < n; ++s) {
            const int slot = (s + out.rotation) % n;
            out.agent_of_seat[static_cast<std::size_t>(s)] = plan.agent_of_slot[static_cast<std::size_t>(slot)];
            agents.push_back(make_agent(game, cfg.lineup[static_cast<std::size_t>(slot)], derive_seed(agent_base, s)));
        }
        std::vector<std::uint64_t> rec((game->record_size() + 7) / 8);
        game->init(rec.data(), out.seed);
        Rng chance = Rng::from_seed(derive_seed(out.seed, kChanceSeedKey));
        std::vector<ChanceOutcome> outcomes(static_cast<std::size_t>(std::max(1, game->max_chance_outcomes())));
        const std::uint64_t cap = cfg.max_moves ? cfg.max_moves : kDefaultMaxMoves;
        while (!game->is_terminal(rec.data())) {
            if (control.cancelled()) return GameEnd::cancelled;
            if (out.moves >= cap) {
                out.truncated = true;
                break;
            }
            const int player = acting_player(game->actors(rec.data()));
            int action;
            if (player == kChance) {
                const int k = game->chance_outcomes(rec.data(), outcomes.data());
                double u = chance.unit();
                action = outcomes[static_cast<std::size_t>(k - 1)].action;
                for (int j = 0; j < k; ++j) {
                    if ((u -= outcomes[static_cast<std::size_t>(j)].probability) < 0) {
                        action = outcomes[static_cast<std::size_t>(j)].action;
                        break;
                    }
                }
            } else if (player >= 0) {
                action = agents[static_cast<std::size_t>(player)]->act(rec.data(), player);
                if (action < 0 || action >= game->num_actions() || !game->legal(rec.data(), player, action)) {
                    out.illegal_seat = player;
                    out.error = "agent " + agents[static_cast<std::size_t>(player)]->spec() + " at seat " +
                                std::to_string(player) + " chose action " + std::to_string(action) +
                                ", which is not legal there";
                    out.returns.assign(static_cast<std::size_t>(n), 0.0);
                    out.returns[static_cast<std::size_t>(player)] = -1.0;
                    return GameEnd::done;
                }
            } else {
                break;  // nobody to act in a live game: the game's own bug, caught by its tests
            }
            game->apply_unchecked(rec.data(), player, action);
            ++out.moves;
            if (cfg.keep_moves) {
                out.players.push_back(player);
                out.actions.push_back(action);
            }
        }
        if (!out.truncated) {
            out.truncated = game->truncated(rec.data());
            game->returns(rec.data(), out.returns.data());
        }
        if (out.truncated) out.returns.assign(static_cast<std::size_t>(n), 0.0);
        return GameEnd::done;
    } catch (const std::exception& e) {
        out.error = e.what();
        return GameEnd::failed;
    }
}

// Agent a's score against agent b in one game, from seats s and t.
double pair_score(const ArenaGame& g, int s, int t) {
    if (g.truncated) return 0.5;
    const double a = g.returns[static_cast<std::size_t>(s)], b = g.returns[static_cast<std::size_t>(t)];
    return a > b ? 1.0 : a < b ? 0.0 : 0.5;
}

}  // namespace

int seat_outcome(const ArenaGame& game, int seat) {
    const double mine = game.returns[static_cast<std::size_t>(seat)];
    bool tied = false;
    for (std::size_t t = 0; t < game.returns.size(); ++t) {
        if (static_cast<int>(t) == seat) continue;
        if (game.returns[t] > mine) return -1;
        if (game.returns[t] == mine) tied = true;
    }
    return tied ? 0 : 1;
}

ArenaResult run_arena(std::shared_ptr<const AnyGame> game, const ArenaConfig& config, const Control& control) {
    if (!game) fail(Status::invalid_argument, "the arena needs a game");
    const int n = game->num_players();
    ArenaConfig cfg = config;
    if (cfg.lineup.empty()) fail(Status::invalid_argument, "the arena needs at least one agent");
    if (cfg.lineup.size() > static_cast<std::size_t>(n)) {
        fail(Status::invalid_argument, std::to_string(cfg.lineup.size()) + " agents for " + game->spec() +
                                           ", which has " + std::to_string(n) + " seats; give 1 to " +
                                           std::to_string(n) + " (the last one fills the remaining seats)");
    }
    while (cfg.lineup.size() < static_cast<std::size_t>(n)) cfg.lineup.push_back(cfg.lineup.back());
    if (cfg.games == 0) fail(Status::invalid_argument, "games is 0; play at least one game");
    if (cfg.games > ~std::uint64_t{0} - cfg.first_game) {
        fail(Status::invalid_argument, "first_game " + std::to_string(cfg.first_game) + " + games " +
                                           std::to_string(cfg.games) + " is above 2^64 - 1; play fewer games");
    }
    Plan plan;
    for (const std::string& spec : cfg.lineup) {
        auto it = std::find(plan.specs.begin(), plan.specs.end(), spec);
        if (it == plan.specs.end()) {
            (void)make_agent(game, spec, 0);  // checks the spec before any game starts
            plan.specs.push_back(spec);
            it = plan.specs.end() - 1;
        }
        plan.agent_of_slot.push_back(static_cast<int>(it - plan.specs.begin()));
    }
    if (cfg.sprt) {
        cfg.sprt_test.check();
        if (plan.specs.size() < 2) {
            fail(Status::invalid_argument, "the SPRT compares the first two distinct agents; the lineup has only " +
                                               plan.specs.front());
        }
    }
    ThreadPool pool(cfg.threads);

    ArenaResult result;
    result.sprt.enabled = cfg.sprt;
    result.sprt.lower = cfg.sprt_test.lower();
    result.sprt.upper = cfg.sprt_test.upper();
    control.set_total(cfg.games);
    // Games run in blocks; the SPRT is updated in game order after each block and the
    // run stops at the first game where it decides, so where it stops does not depend
    // on the block size or the threads.
    const std::uint64_t block =
        cfg.sprt ? std::max<std::uint64_t>(16, 4 * static_cast<std::uint64_t>(pool.threads())) : cfg.games;
    bool decided = false;
    for (std::uint64_t start = 0; start < cfg.games && !decided; start += block) {
        const std::uint64_t count = std::min(block, cfg.games - start);
        std::vector<ArenaGame> played(count);
        std::vector<GameEnd> ends(count, GameEnd::done);
        auto body = [&](std::size_t b, std::size_t e, int) {
            for (std::size_t i = b; i < e; ++i) {
                ends[i] = play_game(game, cfg, plan, cfg.first_game + start + i, control, played[i]);
                if (ends[i] == GameEnd::done) control.advance(1);
            }
        };
        pool.run(count, 1, body);
        for (std::size_t i = 0; i < count; ++i) {
            if (ends[i] == GameEnd::failed) {
                fail(Status::internal,
                     "game " + std::to_string(cfg.first_game + start + i) + " failed: " + played[i].error);
            }
        }
        control.check();
        for (std::size_t i = 0; i < count && !decided; ++i) {
            ArenaGame& g = played[i];
            if (cfg.sprt) {
                for (int s = 0; s < n; ++s) {
                    for (int t = 0; t < n; ++t) {
                        if (g.agent_of_seat[static_cast<std::size_t>(s)] != 0 ||
                            g.agent_of_seat[static_cast<std::size_t>(t)] != 1) {
                            continue;
                        }
                        const double x = pair_score(g, s, t);
                        (x == 1 ? result.sprt.wins : x == 0 ? result.sprt.losses : result.sprt.draws) += 1;
                    }
                }
                result.sprt.llr = cfg.sprt_test.llr(result.sprt.wins, result.sprt.draws, result.sprt.losses);
                result.sprt.decision = cfg.sprt_test.decide(result.sprt.llr);
                decided = result.sprt.decision != 0;
            }
            result.games.push_back(std::move(g));
        }
    }

    const std::size_t k = plan.specs.size();
    result.agents.resize(k);
    PairResults pairs(k);
    for (std::size_t a = 0; a < k; ++a) result.agents[a].spec = plan.specs[a];
    for (const ArenaGame& g : result.games) {
        std::vector<char> present(k, 0);
        for (int s = 0; s < n; ++s) {
            const std::size_t a = static_cast<std::size_t>(g.agent_of_seat[static_cast<std::size_t>(s)]);
            ArenaAgent& agent = result.agents[a];
            present[a] = 1;
            ++agent.seats;
            agent.score += g.returns[static_cast<std::size_t>(s)];
            if (g.illegal_seat == s) ++agent.illegal;
            if (g.truncated) {
                ++agent.truncations;
            } else {
                const int o = seat_outcome(g, s);
                ++(o > 0 ? agent.wins : o < 0 ? agent.losses : agent.draws);
            }
            for (int t = s + 1; t < n; ++t) {
                const std::size_t b = static_cast<std::size_t>(g.agent_of_seat[static_cast<std::size_t>(t)]);
                if (a != b) pairs.add(a, b, pair_score(g, s, t));
            }
        }
        for (std::size_t a = 0; a < k; ++a) result.agents[a].games += present[a];
    }
    const EloFit elo = fit_elo(pairs);
    for (std::size_t a = 0; a < k; ++a) {
        ArenaAgent& agent = result.agents[a];
        const double seats = static_cast<double>(agent.seats);
        agent.win_rate = seats > 0 ? static_cast<double>(agent.wins) / seats : 0;
        agent.win_interval = wilson_interval(static_cast<double>(agent.wins), seats);
        agent.elo = elo.rating[a];
        agent.elo_stderr = elo.stderr_[a];
    }
    return result;
}

}  // namespace meeple
