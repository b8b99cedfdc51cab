// meeple_agent_*, meeple_tournament_* and meeple_elo_fit: check the caller's arguments,
// then call the core agents and arena (src/agents/).
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include "agents/agent.hpp"
#include "agents/arena.hpp"
#include "agents/ratings.hpp"
#include "capi/agent_handle.hpp"
#include "capi/handles.hpp"
#include "capi/in_use.hpp"
#include "core/thread_pool.hpp"

struct meeple_tournament {
    meeple::ArenaResult result;
    int32_t num_players;
    bool kept_moves;
};

using namespace meeple;
using namespace meeple::capi;

namespace {

const ArenaAgent& agent_of(const meeple_tournament_t* t, int32_t agent) {
    const meeple_tournament& tt = require(t, "tournament");
    if (agent < 0 || static_cast<std::size_t>(agent) >= tt.result.agents.size()) {
        fail(Status::out_of_range, "agent " + std::to_string(agent) + " is not in this tournament: agents are 0.." +
                                       std::to_string(tt.result.agents.size() - 1));
    }
    return tt.result.agents[static_cast<std::size_t>(agent)];
}

// A config flag: 0 or 1, nothing else (a 2 is more likely a misplaced field than a yes).
bool flag(std::int32_t value, const char* name) {
    if (value != 0 && value != 1) {
        fail(Status::invalid_argument, std::string("config->") + name + " is " + std::to_string(value) + "; use 0 or 1");
    }
    return value == 1;
}

}  // namespace

meeple_status_t meeple_agent_new(const meeple_game_t* game, const char* spec, uint64_t seed,
                                 meeple_agent_t** out_agent) {
    return guarded([&] {
        const meeple_game& g = require(game, "game");
        require(spec, "spec");
        require(out_agent, "out_agent");
        auto a = std::make_unique<meeple_agent>();
        a->agent = make_agent(g.game, spec, seed);
        *out_agent = a.release();
    });
}

void meeple_agent_free(meeple_agent_t* agent) { delete agent; }

meeple_status_t meeple_agent_spec(const meeple_agent_t* agent, char* out, size_t capacity, size_t* out_len) {
    return guarded([&] {
        const meeple_agent& handle = require(agent, "agent");
        const UseGuard use(handle.in_use, "agent");
        fill_string(handle.agent->spec(), out, capacity, out_len);
    });
}

meeple_status_t meeple_agent_reset(meeple_agent_t* agent, uint64_t seed) {
    return guarded([&] {
        meeple_agent& handle = require(agent, "agent");
        const UseGuard use(handle.in_use, "agent");
        handle.agent->reset(seed);
    });
}

namespace {

// The seat of `player` in `state`, checked as agents require: the agent's game, a
// decision of a seat, that seat active.
int deciding_seat(const Agent& a, const meeple_state& st, int32_t player) {
    const AnyGame& g = a.game();
    if (&g != st.game.get() && g.spec() != st.game->spec()) {
        fail(Status::invalid_argument, "an agent of " + g.spec() + " cannot act in a state of " +
                                           st.game->spec() + "; make the agent with the state's game");
    }
    if (g.is_terminal(st.rec())) fail(Status::wrong_state, "the game is over: there is no action to choose");
    const int p = g.resolve_player(st.rec(), player);
    if (p == kChance || (g.actors(st.rec()) & kChanceBit)) {
        fail(Status::wrong_state, "a chance outcome is pending: agents choose actions of seats only");
    }
    g.check_seat(p, false);
    if (!g.is_active(st.rec(), p)) {
        fail(Status::not_active, "player " + std::to_string(p) + " owes no decision here");
    }
    return p;
}

}  // namespace

namespace {

Control checked_control(meeple_control_t* control) {
    if (control && control->struct_size < sizeof(meeple_control_t)) {
        fail(Status::invalid_argument, "control->struct_size is " + std::to_string(control->struct_size) +
                                           "; set it to sizeof(meeple_control_t) (" +
                                           std::to_string(sizeof(meeple_control_t)) + ")");
    }
    return Control(control);
}

meeple_status_t agent_act(meeple_agent_t* agent, const meeple_state_t* state, int32_t player,
                          meeple_control_t* control, int32_t* out_action) {
    return guarded([&] {
        meeple_agent& handle = require(agent, "agent");
        const UseGuard use(handle.in_use, "agent");
        const meeple_state& st = require(state, "state");
        require(out_action, "out_action");
        const Control ctl = checked_control(control);
        const int p = deciding_seat(*handle.agent, st, player);
        *out_action = handle.agent->act_controlled(st.rec(), p, ctl);
    });
}

meeple_status_t agent_policy(meeple_agent_t* agent, const meeple_state_t* state, int32_t player,
                             meeple_control_t* control, float* out, size_t capacity, size_t* out_len) {
    return guarded([&] {
        meeple_agent& handle = require(agent, "agent");
        const UseGuard use(handle.in_use, "agent");
        const meeple_state& st = require(state, "state");
        require(out_len, "out_len");
        const Control ctl = checked_control(control);
        const int p = deciding_seat(*handle.agent, st, player);
        const std::size_t n = static_cast<std::size_t>(handle.agent->game().num_actions());
        *out_len = n;
        if (!out && capacity == 0) return;
        require(out, "out");
        if (capacity < n) {
            fail(Status::buffer_too_small, "a policy needs " + std::to_string(n) + " floats; the buffer holds " +
                                               std::to_string(capacity));
        }
        // A cancelled search leaves out as it was: it writes only once the search is done.
        handle.agent->policy_controlled(st.rec(), p, out, ctl);
    });
}

}  // namespace

meeple_status_t meeple_agent_act(meeple_agent_t* agent, const meeple_state_t* state, int32_t player,
                                 int32_t* out_action) {
    return agent_act(agent, state, player, nullptr, out_action);
}

meeple_status_t meeple_agent_act_controlled(meeple_agent_t* agent, const meeple_state_t* state, int32_t player,
                                            meeple_control_t* control, int32_t* out_action) {
    return agent_act(agent, state, player, control, out_action);
}

meeple_status_t meeple_agent_policy(meeple_agent_t* agent, const meeple_state_t* state, int32_t player, float* out,
                                    size_t capacity, size_t* out_len) {
    return agent_policy(agent, state, player, nullptr, out, capacity, out_len);
}

meeple_status_t meeple_agent_policy_controlled(meeple_agent_t* agent, const meeple_state_t* state, int32_t player,
                                               meeple_control_t* control, float* out, size_t capacity,
                                               size_t* out_len) {
    return agent_policy(agent, state, player, control, out, capacity, out_len);
}

meeple_status_t meeple_agent_iterations(const meeple_agent_t* agent, uint64_t* out_iterations) {
    return guarded([&] {
        const meeple_agent& handle = require(agent, "agent");
        require(out_iterations, "out_iterations");
        const UseGuard use(handle.in_use, "agent");
        *out_iterations = handle.agent->last_iterations();
    });
}

meeple_status_t meeple_tournament_run(const meeple_game_t* game, const char* const* agents, size_t num_agents,
                                      const meeple_tournament_config_t* config, meeple_control_t* control,
                                      meeple_tournament_t** out) {
    return guarded([&] {
        const meeple_game& g = require(game, "game");
        require(out, "out");
        if (num_agents == 0) fail(Status::invalid_argument, "num_agents is 0; give at least one agent spec");
        require(agents, "agents");
        ArenaConfig cfg;
        for (size_t i = 0; i < num_agents; ++i) {
            if (!agents[i]) fail(Status::invalid_argument, "agents[" + std::to_string(i) + "] is NULL");
            cfg.lineup.emplace_back(agents[i]);
        }
        if (config) {
            // Callers built before first_game set a struct_size that ends at `reserved`.
            constexpr std::size_t kBeforeFirstGame = offsetof(meeple_tournament_config_t, first_game);
            if (config->struct_size < kBeforeFirstGame) {
                fail(Status::invalid_argument, "config->struct_size is " + std::to_string(config->struct_size) +
                                                   "; set it to sizeof(meeple_tournament_config_t)");
            }
            if (config->threads < 0 || config->threads > ThreadPool::kMaxThreads) {
                fail(Status::invalid_argument,
                     "threads is " + std::to_string(config->threads) + "; use 0 (one per core) to 256");
            }
            cfg.threads = config->threads;
            cfg.games = config->games;
            cfg.seed = config->seed;
            cfg.max_moves = config->max_moves;
            cfg.duplicate = flag(config->duplicate, "duplicate");
            cfg.sprt = flag(config->sprt, "sprt");
            cfg.sprt_test = Sprt{config->sprt_elo0, config->sprt_elo1, config->sprt_alpha, config->sprt_beta};
            cfg.keep_moves = flag(config->keep_moves, "keep_moves");
            if (config->struct_size >= kBeforeFirstGame + sizeof(config->first_game)) {
                cfg.first_game = config->first_game;
            }
        }
        if (control && control->struct_size < sizeof(meeple_control_t)) {
            fail(Status::invalid_argument, "control->struct_size is " + std::to_string(control->struct_size) +
                                               "; set it to sizeof(meeple_control_t)");
        }
        auto t = std::make_unique<meeple_tournament>();
        t->result = run_arena(g.game, cfg, Control(control));
        t->num_players = g.game->num_players();
        t->kept_moves = cfg.keep_moves;
        *out = t.release();
    });
}

void meeple_tournament_free(meeple_tournament_t* tournament) { delete tournament; }

meeple_status_t meeple_tournament_info(const meeple_tournament_t* tournament, meeple_tournament_info_t* out_info) {
    return guarded([&] {
        const meeple_tournament& t = require(tournament, "tournament");
        meeple_tournament_info_t full{};
        full.num_agents = static_cast<int32_t>(t.result.agents.size());
        full.num_players = t.num_players;
        full.sprt_decision = t.result.sprt.decision;
        full.games = t.result.games.size();
        full.sprt_llr = t.result.sprt.llr;
        full.sprt_lower = t.result.sprt.lower;
        full.sprt_upper = t.result.sprt.upper;
        full.sprt_wins = t.result.sprt.wins;
        full.sprt_draws = t.result.sprt.draws;
        full.sprt_losses = t.result.sprt.losses;
        fill_sized(out_info, full, "meeple_tournament_info_t");
    });
}

meeple_status_t meeple_tournament_agent(const meeple_tournament_t* tournament, int32_t agent,
                                        meeple_tournament_agent_t* out_agent) {
    return guarded([&] {
        const ArenaAgent& a = agent_of(tournament, agent);
        meeple_tournament_agent_t full{};
        full.games = a.games;
        full.seats = a.seats;
        full.wins = a.wins;
        full.draws = a.draws;
        full.losses = a.losses;
        full.truncations = a.truncations;
        full.illegal = a.illegal;
        full.score = a.score;
        full.win_rate = a.win_rate;
        full.win_low = a.win_interval.low;
        full.win_high = a.win_interval.high;
        full.elo = a.elo;
        full.elo_stderr = a.elo_stderr;
        require(out_agent, "out_agent");
        if (out_agent->struct_size < 8) {
            fail(Status::invalid_argument, "out_agent->struct_size is " + std::to_string(out_agent->struct_size) +
                                               "; set it to sizeof(meeple_tournament_agent_t)");
        }
        fill_sized(out_agent, full, "meeple_tournament_agent_t");
    });
}

meeple_status_t meeple_tournament_agent_spec(const meeple_tournament_t* tournament, int32_t agent, char* out,
                                             size_t capacity, size_t* out_len) {
    return guarded([&] { fill_string(agent_of(tournament, agent).spec, out, capacity, out_len); });
}

meeple_status_t meeple_tournament_games(const meeple_tournament_t* tournament, uint64_t* seeds, int32_t* rotations,
                                        int32_t* agent_of_seat, double* returns, uint64_t* moves, int32_t* flags,
                                        int32_t* illegal_seat, size_t capacity, size_t* out_len) {
    return guarded([&] {
        const meeple_tournament& t = require(tournament, "tournament");
        require(out_len, "out_len");
        const std::vector<ArenaGame>& games = t.result.games;
        const bool any = seeds || rotations || agent_of_seat || returns || moves || flags || illegal_seat;
        if (!any && capacity) fail(Status::invalid_argument, "every array is NULL but capacity is " + std::to_string(capacity));
        *out_len = games.size();
        if (!any) return;  // the size query
        if (capacity < games.size()) {
            fail(Status::buffer_too_small, "buffers hold " + std::to_string(capacity) + " games; " +
                                               std::to_string(games.size()) + " were played");
        }
        const std::size_t n = static_cast<std::size_t>(t.num_players);
        for (std::size_t i = 0; i < games.size(); ++i) {
            const ArenaGame& g = games[i];
            if (seeds) seeds[i] = g.seed;
            if (rotations) rotations[i] = g.rotation;
            if (moves) moves[i] = g.moves;
            if (flags) flags[i] = (g.truncated ? 1 : 0) | (g.illegal_seat >= 0 ? 2 : 0);
            if (illegal_seat) illegal_seat[i] = g.illegal_seat;
            for (std::size_t s = 0; s < n; ++s) {
                if (agent_of_seat) agent_of_seat[i * n + s] = g.agent_of_seat[s];
                if (returns) returns[i * n + s] = g.returns[s];
            }
        }
    });
}

meeple_status_t meeple_tournament_game_moves(const meeple_tournament_t* tournament, uint64_t game, int32_t* players,
                                             int32_t* actions, size_t capacity, size_t* out_len) {
    return guarded([&] {
        const meeple_tournament& t = require(tournament, "tournament");
        require(out_len, "out_len");
        if (game >= t.result.games.size()) {
            fail(Status::out_of_range, "game " + std::to_string(game) + " was not played: games are 0.." +
                                           std::to_string(t.result.games.size() - 1));
        }
        if (!t.kept_moves) fail(Status::wrong_state, "the tournament ran with keep_moves = 0: no moves were kept");
        const ArenaGame& g = t.result.games[game];
        if ((!players && !actions) && capacity) {
            fail(Status::invalid_argument, "players and actions are NULL but capacity is " + std::to_string(capacity));
        }
        *out_len = g.actions.size();
        if (!players && !actions) return;
        if (capacity < g.actions.size()) {
            fail(Status::buffer_too_small, "buffers hold " + std::to_string(capacity) + " moves; " +
                                               std::to_string(g.actions.size()) + " are needed");
        }
        for (std::size_t i = 0; i < g.actions.size(); ++i) {
            if (players) players[i] = g.players[i];
            if (actions) actions[i] = g.actions[i];
        }
    });
}

meeple_status_t meeple_elo_fit(size_t k, const double* games, const double* score, double* out_elo,
                               double* out_stderr) {
    return guarded([&] {
        require(games, "games");
        require(score, "score");
        if (k == 0 || k > 1024) fail(Status::invalid_argument, "k is " + std::to_string(k) + "; use 1 to 1024 agents");
        PairResults p(k);
        for (size_t i = 0; i < k; ++i) {
            for (size_t j = 0; j < k; ++j) {
                const double n = games[i * k + j], w = score[i * k + j];
                const std::string at = "[" + std::to_string(i) + "][" + std::to_string(j) + "]";
                if (!std::isfinite(n) || n < 0) fail(Status::invalid_argument, "games" + at + " must be finite and >= 0");
                if (n != games[j * k + i]) fail(Status::invalid_argument, "games" + at + " differs from its mirror");
                if (!std::isfinite(w) || w < 0 || w > n) {
                    fail(Status::invalid_argument, "score" + at + " must be within [0, games" + at + "]");
                }
                if (i == j && n != 0) fail(Status::invalid_argument, "games" + at + " must be 0: an agent meets others");
                if (i < j && std::fabs(w + score[j * k + i] - n) > 1e-9 * (1 + n)) {
                    fail(Status::invalid_argument, "score" + at + " + its mirror must equal games" + at);
                }
                p.games[i][j] = n;
                p.score[i][j] = w;
            }
        }
        const EloFit fit = fit_elo(p);
        for (size_t i = 0; i < k; ++i) {
            if (out_elo) out_elo[i] = fit.rating[i];
            if (out_stderr) out_stderr[i] = fit.stderr_[i];
        }
    });
}
