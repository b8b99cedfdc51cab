// Agents and the arena: the tic-tac-toe heuristic's rules (win, block, centre, corner),
// search beating it, the catan heuristic beating random play, legal actions only, Elo
// and SPRT against hand-computed values, determinism at every thread count, and specs
// that name what exists.
#include <cmath>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "agents/agent.hpp"
#include "agents/arena.hpp"
#include "agents/ratings.hpp"
#include "check.hpp"
#include "core/error.hpp"
#include "core/registry.hpp"
#include "core/seed_derivation.hpp"
#include "games/tictactoe/tictactoe.hpp"

using namespace meeple;

namespace {

using TttRec = Record<tictactoe::TicTacToe::State>;

// A tic-tac-toe record with X on `xs` and O on `os` (cells 3 * row + col), X to move
// when they have as many marks.
TttRec ttt(unsigned xs, unsigned os) {
    TttRec r{};
    r.rng = Rng::from_seed(1);
    r.state.marks[0] = static_cast<std::uint16_t>(xs);
    r.state.marks[1] = static_cast<std::uint16_t>(os);
    r.state.to_move = __builtin_popcount(xs) > __builtin_popcount(os) ? 1 : 0;
    return r;
}

std::string error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

ArenaResult arena(const std::string& game, std::vector<std::string> lineup, std::uint64_t games, int threads = 1,
                  std::uint64_t seed = 7) {
    ArenaConfig cfg;
    cfg.lineup = std::move(lineup);
    cfg.games = games;
    cfg.threads = threads;
    cfg.seed = seed;
    return run_arena(make_game(game), cfg, Control());
}

}  // namespace

TEST(tictactoe_heuristic_completes_its_own_line_before_blocking) {
    auto g = make_game("tictactoe");
    auto agent = make_agent(g, "heuristic", 1);
    // X on 0 and 1 (2 wins), O on 3 and 4 (5 would win for O): X takes 2.
    TttRec r = ttt(0b000000011, 0b000011000);
    CHECK(agent->act(&r, 0) == 2);
}

TEST(tictactoe_heuristic_blocks_the_opponents_line) {
    auto g = make_game("tictactoe");
    auto agent = make_agent(g, "heuristic", 1);
    // X on 0 and 8, O on 4 and 2 (O threatens 6 along the anti-diagonal): X blocks 6.
    TttRec r = ttt(0b100000001, 0b000010100);
    CHECK(agent->act(&r, 0) == 6);
}

TEST(tictactoe_heuristic_takes_the_centre_then_a_corner) {
    auto g = make_game("tictactoe");
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
        auto agent = make_agent(g, "heuristic", seed);
        TttRec empty = ttt(0, 0);
        CHECK(agent->act(&empty, 0) == 4);
        TttRec centre = ttt(0b000010000, 0);
        const int a = agent->act(&centre, 1);
        CHECK(a == 0 || a == 2 || a == 6 || a == 8);
    }
}

TEST(mcts_agent_never_loses_to_the_tictactoe_heuristic) {
    const ArenaResult r = arena("tictactoe", {"mcts(iterations=3000)", "heuristic"}, 20);
    CHECK(r.agents.size() == 2);
    CHECK(r.agents[0].losses == 0);
    CHECK(r.agents[0].wins + r.agents[0].draws == 20);
    CHECK(r.agents[1].wins == 0);
}

TEST(catan_heuristic_beats_three_random_players) {
    // 400 games (a tenth of a second), each setup once per seat: the heuristic must win
    // 95% or more, with the whole 95% interval above 0.95.
    const ArenaResult r = arena("catan", {"heuristic", "random"}, 400, 0);
    const ArenaAgent& h = r.agents[0];
    CHECK(h.seats == 400);
    CHECK(h.illegal == 0 && r.agents[1].illegal == 0);
    CHECK(h.win_interval.low > 0.95);
    CHECK(h.elo > r.agents[1].elo);
}

TEST(catan_heuristics_only_play_legal_actions_against_each_other) {
    const ArenaResult r = arena("catan(players=3)", {"heuristic"}, 6, 0);
    CHECK(r.agents.size() == 1);
    CHECK(r.agents[0].illegal == 0);
    std::uint64_t finished = 0;
    for (const ArenaGame& g : r.games) finished += !g.truncated;
    CHECK(finished == 6);  // builders finish their games long before the turn cap
}

TEST(triangle_heuristic_scores_more_than_random_placement) {
    const ArenaResult greedy = arena("triangle", {"heuristic"}, 20);
    const ArenaResult random = arena("triangle", {"random"}, 20);
    CHECK(greedy.agents[0].illegal == 0);
    CHECK(greedy.agents[0].score > 1.5 * random.agents[0].score);
}

TEST(arena_results_are_the_same_at_one_and_two_threads) {
    const std::pair<const char*, std::vector<std::string>> cases[] = {
        {"tictactoe", {"mcts(iterations=30)", "random"}},
        {"catan(players=3)", {"mcts(iterations=10,rollout_depth=20)", "heuristic", "random"}},
    };
    for (const auto& [game, lineup] : cases) {
        const ArenaResult a = arena(game, lineup, 6, 1, 99), b = arena(game, lineup, 6, 2, 99);
        CHECK(a.games.size() == b.games.size());
        for (std::size_t i = 0; i < a.games.size() && i < b.games.size(); ++i) {
            CHECK(a.games[i].seed == b.games[i].seed);
            CHECK(a.games[i].actions == b.games[i].actions);
            CHECK(a.games[i].returns == b.games[i].returns);
        }
        CHECK(a.agents[0].wins == b.agents[0].wins);
        CHECK(a.agents[0].elo == b.agents[0].elo || (std::isinf(a.agents[0].elo) && std::isinf(b.agents[0].elo)));
    }
}

TEST(duplicate_format_plays_each_setup_once_per_rotation) {
    const ArenaResult r = arena("catan", {"random"}, 8);
    for (std::size_t i = 0; i < 8; ++i) {
        CHECK(r.games[i].rotation == static_cast<int>(i % 4));
        CHECK(r.games[i].seed == r.games[i - i % 4].seed);
    }
    CHECK(r.games[0].seed != r.games[4].seed);
    // The same seed gives the same board: the first setup moves see the same position.
    auto g = make_game("catan");
    std::vector<std::uint64_t> a((g->record_size() + 7) / 8), b(a.size());
    g->init(a.data(), r.games[0].seed);
    g->init(b.data(), r.games[3].seed);
    CHECK(std::memcmp(a.data(), b.data(), g->record_size()) == 0);
    // Rotation r puts lineup slot (s + r) % 4 at seat s; with one spec all are agent 0.
    CHECK(r.games[1].agent_of_seat == std::vector<int>({0, 0, 0, 0}));
}

TEST(arena_rotates_seats_so_each_agent_plays_first) {
    const ArenaResult r = arena("tictactoe", {"heuristic", "random"}, 4);
    CHECK(r.games[0].agent_of_seat == std::vector<int>({0, 1}));
    CHECK(r.games[1].agent_of_seat == std::vector<int>({1, 0}));
}

TEST(elo_of_two_agents_matches_the_closed_form) {
    PairResults p(2);
    for (int i = 0; i < 100; ++i) p.add(0, 1, i < 75 ? 1.0 : 0.0);
    const EloFit fit = fit_elo(p);
    // 75% is an Elo difference of 400 log10(0.75 / 0.25) = 190.85, split about the mean 0.
    CHECK(std::fabs(fit.rating[0] - 95.424) < 1e-3);
    CHECK(std::fabs(fit.rating[1] + 95.424) < 1e-3);
    // Fisher information of the difference: n p (1 - p) (ln 10 / 400)^2 = 6.2132e-4; each
    // rating carries half the difference, so its standard error is 1 / (2 sqrt(I)) = 20.06.
    CHECK(std::fabs(fit.stderr_[0] - 20.059) < 0.01);
    CHECK(std::fabs(fit.stderr_[1] - 20.059) < 0.01);
}

TEST(elo_of_a_chain_fits_each_pair_exactly) {
    // A took 30 of 40 from B, B 20 of 40 from C, A and C never met: A - B = 190.85,
    // B - C = 0; with the mean at 0, A = 127.23 and B = C = -63.62.
    PairResults p(3);
    for (int i = 0; i < 40; ++i) p.add(0, 1, i < 30 ? 1.0 : 0.0);
    for (int i = 0; i < 40; ++i) p.add(1, 2, i < 20 ? 1.0 : 0.0);
    const EloFit fit = fit_elo(p);
    CHECK(std::fabs(fit.rating[0] - 127.233) < 1e-2);
    CHECK(std::fabs(fit.rating[1] + 63.616) < 1e-2);
    CHECK(std::fabs(fit.rating[2] + 63.616) < 1e-2);
}

TEST(elo_of_an_agent_that_won_everything_is_infinite) {
    PairResults p(3);
    for (int i = 0; i < 10; ++i) p.add(0, 1, 1.0), p.add(0, 2, 1.0);
    for (int i = 0; i < 10; ++i) p.add(1, 2, i < 5 ? 1.0 : 0.5);  // 7.5 of 10: 190.85 apart
    const EloFit fit = fit_elo(p);
    CHECK(std::isinf(fit.rating[0]) && fit.rating[0] > 0);
    CHECK(std::fabs(fit.rating[1] - fit.rating[2] - 190.849) < 1e-2);
    CHECK(std::isnan(fit.stderr_[0]));
    PairResults two(2);
    for (int i = 0; i < 5; ++i) two.add(0, 1, 0.0);
    const EloFit lost = fit_elo(two);
    CHECK(std::isinf(lost.rating[0]) && lost.rating[0] < 0);
    CHECK(std::isinf(lost.rating[1]) && lost.rating[1] > 0);
}

TEST(sprt_log_likelihood_ratio_matches_hand_computed_values) {
    Sprt t;
    t.elo0 = 0, t.elo1 = 100, t.alpha = 0.05, t.beta = 0.05;
    // p0 = 0.5, p1 = 1 / (1 + 10^-0.25) = 0.640065; a win adds ln(p1 / p0) = 0.246962,
    // a loss ln((1 - p1) / (1 - p0)) = -0.328684; bounds are -+ln(19) = 2.944439.
    CHECK(std::fabs(t.upper() - 2.944439) < 1e-6);
    CHECK(std::fabs(t.lower() + 2.944439) < 1e-6);
    CHECK(std::fabs(t.llr(1, 0, 0) - 0.246962) < 1e-6);
    CHECK(std::fabs(t.llr(0, 0, 1) + 0.328684) < 1e-6);
    CHECK(std::fabs(t.llr(0, 2, 0) - (0.246962 - 0.328684)) < 2e-6);
    CHECK(t.decide(t.llr(11, 0, 0)) == 0);   // 2.716582
    CHECK(t.decide(t.llr(12, 0, 0)) == 1);   // 2.963544
    CHECK(t.decide(t.llr(0, 0, 8)) == 0);    // -2.629472
    CHECK(t.decide(t.llr(0, 0, 9)) == -1);   // -2.958156
}

TEST(sprt_in_the_arena_stops_as_soon_as_it_decides) {
    ArenaConfig cfg;
    cfg.lineup = {"heuristic", "random"};
    cfg.games = 1000;
    cfg.sprt = true;
    cfg.sprt_test = Sprt{0, 100, 0.05, 0.05};
    const ArenaResult r = run_arena(make_game("tictactoe"), cfg, Control());
    CHECK(r.sprt.decision == 1);
    CHECK(r.games.size() < 100);
    CHECK(r.sprt.llr >= r.sprt.upper);
    // It stopped at the first game where the test decided: one game fewer did not.
    double w = 0, d = 0, l = 0;
    for (std::size_t i = 0; i + 1 < r.games.size(); ++i) {
        const ArenaGame& g = r.games[i];
        const int hs = g.agent_of_seat[0] == 0 ? 0 : 1;
        const double x = g.returns[hs] > g.returns[1 - hs] ? 1 : g.returns[hs] < g.returns[1 - hs] ? 0 : 0.5;
        (x == 1 ? w : x == 0 ? l : d) += 1;
    }
    CHECK(cfg.sprt_test.decide(cfg.sprt_test.llr(w, d, l)) == 0);
}

TEST(bad_agent_specs_name_the_valid_ones) {
    auto g = make_game("tictactoe");
    CHECK(error_of([&] { make_agent(g, "minimax", 0); }).find("available: random, heuristic, mcts, ismcts") !=
          std::string::npos);
    CHECK(error_of([&] { make_agent(g, "mcts(iteration=5)", 0); }).find("iterations") != std::string::npos);
    CHECK(error_of([&] { make_agent(g, "heuristic(depth=2)", 0); }).find("takes no options") != std::string::npos);
    CHECK(error_of([&] { make_agent(g, "mcts(evaluator=external)", 0); }).find("rollout") != std::string::npos);
    CHECK(!error_of([&] { arena("tictactoe", {"random", "random", "random"}, 1); }).empty());
    ArenaConfig cfg;
    cfg.lineup = {"random"};
    cfg.sprt = true;
    cfg.sprt_test = Sprt{0, 100, 0.05, 0.05};
    CHECK(error_of([&] { run_arena(g, cfg, Control()); }).find("first two distinct agents") != std::string::npos);
    cfg.lineup = {"random", "heuristic"};
    cfg.sprt_test = Sprt{10, 0, 0.05, 0.05};
    CHECK(error_of([&] { run_arena(g, cfg, Control()); }).find("elo0 must be below elo1") != std::string::npos);
}

TEST(arena_cancels_through_the_control_block) {
    meeple_control_t block{sizeof(meeple_control_t), 1, 0, 0};
    ArenaConfig cfg;
    cfg.lineup = {"random"};
    cfg.games = 10;
    bool cancelled = false;
    try {
        run_arena(make_game("tictactoe"), cfg, Control(&block));
    } catch (const Error& e) {
        cancelled = e.status() == Status::cancelled;
    }
    CHECK(cancelled);
}

TEST(sprt_stops_at_the_same_game_at_every_thread_count) {
    std::size_t played[3] = {};
    int decisions[3] = {};
    for (int threads = 1; threads <= 3; ++threads) {
        ArenaConfig cfg;
        cfg.lineup = {"mcts(iterations=40)", "random"};
        cfg.games = 400;
        cfg.threads = threads;
        cfg.seed = 21;
        cfg.sprt = true;
        cfg.sprt_test = Sprt{0, 150, 0.05, 0.05};
        const ArenaResult r = run_arena(make_game("tictactoe"), cfg, Control());
        played[threads - 1] = r.games.size();
        decisions[threads - 1] = r.sprt.decision;
    }
    CHECK(played[0] == played[1] && played[1] == played[2]);
    CHECK(decisions[0] == 1 && decisions[1] == 1 && decisions[2] == 1);
    CHECK(played[0] < 400);
}

namespace {

ArenaResult slice(const std::string& game, const std::vector<std::string>& lineup, std::uint64_t first,
                  std::uint64_t games, bool duplicate, int threads) {
    ArenaConfig cfg;
    cfg.lineup = lineup;
    cfg.first_game = first;
    cfg.games = games;
    cfg.threads = threads;
    cfg.seed = 13;
    cfg.duplicate = duplicate;
    return run_arena(make_game(game), cfg, Control());
}

void check_same_game(const ArenaGame& a, const ArenaGame& b) {
    CHECK(a.index == b.index);
    CHECK(a.seed == b.seed);
    CHECK(a.rotation == b.rotation);
    CHECK(a.agent_of_seat == b.agent_of_seat);
    CHECK(a.returns == b.returns);
    CHECK(a.moves == b.moves);
    CHECK(a.truncated == b.truncated);
    CHECK(a.players == b.players);
    CHECK(a.actions == b.actions);
}

}  // namespace

TEST(arena_slices_play_the_same_games_as_the_whole_run) {
    // Cuts at 4 and 7 fall inside rotation groups of 3-seat catan ({3, 4, 5} and
    // {6, 7, 8} share a setup), 1 inside tic-tac-toe's {0, 1}: a slice starting
    // mid-group still plays that setup with that game's rotation and agent seeds.
    struct Case {
        const char* game;
        std::vector<std::string> lineup;
        std::uint64_t games;
        std::vector<std::uint64_t> cuts;
    };
    const Case cases[] = {
        {"catan(players=3)", {"mcts(iterations=10,rollout_depth=20)", "heuristic", "random"}, 9, {4, 7}},
        {"tictactoe", {"mcts(iterations=30)", "random"}, 7, {1, 2, 5}},
    };
    for (const Case& c : cases) {
        for (const bool duplicate : {true, false}) {
            const ArenaResult whole = slice(c.game, c.lineup, 0, c.games, duplicate, 2);
            CHECK(whole.games.size() == c.games);
            std::vector<std::uint64_t> bounds = {0};
            bounds.insert(bounds.end(), c.cuts.begin(), c.cuts.end());
            bounds.push_back(c.games);
            std::size_t next = 0;
            for (std::size_t i = 0; i + 1 < bounds.size(); ++i) {
                const ArenaResult part = slice(c.game, c.lineup, bounds[i], bounds[i + 1] - bounds[i], duplicate, 1);
                CHECK(part.games.size() == bounds[i + 1] - bounds[i]);
                for (const ArenaGame& g : part.games) {
                    CHECK(next < whole.games.size());
                    if (next < whole.games.size()) check_same_game(g, whole.games[next]);
                    ++next;
                }
            }
            CHECK(next == c.games);
        }
    }
}

TEST(an_arena_slice_starting_mid_rotation_uses_its_groups_setup_and_rotation) {
    // Game 5 of 4-seat catan is rotation 1 on the setup of group 1 (games 4..7).
    const ArenaResult r = slice("catan", {"heuristic", "random"}, 5, 2, true, 1);
    CHECK(r.games.size() == 2);
    CHECK(r.games[0].index == 5 && r.games[1].index == 6);
    CHECK(r.games[0].rotation == 1 && r.games[1].rotation == 2);
    CHECK(r.games[0].seed == derive_seed(13, 1) && r.games[1].seed == derive_seed(13, 1));
    // Rotation 1: seat s plays lineup slot (s + 1) % 4, and the heuristic holds slot 0.
    CHECK(r.games[0].agent_of_seat == std::vector<int>({1, 1, 1, 0}));
    CHECK(r.agents[0].seats == 2 && r.agents[1].seats == 6);
}

TEST(an_arena_past_the_last_game_number_is_refused) {
    ArenaConfig cfg;
    cfg.lineup = {"random"};
    cfg.first_game = ~std::uint64_t{0} - 2;
    cfg.games = 3;  // first_game + games would be 2^64
    const std::string e = error_of([&] { run_arena(make_game("tictactoe"), cfg, Control()); });
    CHECK(e.find("above 2^64 - 1") != std::string::npos);
    cfg.games = 2;  // games 2^64 - 3 and 2^64 - 2: first_game + games is 2^64 - 1
    CHECK(run_arena(make_game("tictactoe"), cfg, Control()).games.size() == 2);
}
