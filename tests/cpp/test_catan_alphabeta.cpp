// The alphabeta Catan agent: it takes the winning build, decides the same when the other
// seats' hidden cards are redrawn (same public view), plays only legal actions through
// whole games of both rule sets (explicit chance too), repeats itself for a seed, keeps
// to a time budget, and refuses bad specs naming what is accepted.
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "agents/agent.hpp"
#include "catan_fixture.hpp"
#include "check.hpp"
#include "core/error.hpp"
#include "core/registry.hpp"

using namespace meeple;
using namespace meeple::test;

namespace {

int choose(const CatanFixture& g, const CatanState& s, int seat, const std::string& spec, std::uint64_t seed) {
    Record<CatanState> rec{};
    rec.rng = Rng::from_seed(3);
    rec.state = s;
    auto agent = make_agent(g.model, spec, seed);
    return agent->act(&rec, seat);
}

std::string refusal(const std::shared_ptr<const AnyGame>& game, const std::string& spec) {
    try {
        make_agent(game, spec, 1);
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

// Plays a whole game with `spec` in every seat; calls `each` with every seat's move.
template <class F>
void play_game(const CatanFixture& g, const std::string& spec, std::uint64_t seed, F each) {
    std::vector<std::unique_ptr<Agent>> agents;
    for (int p = 0; p < g->num_players(); ++p) agents.push_back(make_agent(g.model, spec, seed * 10 + p));
    Record<CatanState> rec{};
    g.model->init(&rec, seed);
    Rng chance = Rng::from_seed(seed + 1);
    for (int move = 0; move < 4000 && rec.state.phase != catan::kGameOver; ++move) {
        const Actors actors = g->actors(rec.state);
        if (actors & kChanceBit) {
            ChanceOutcome out[16];
            const int k = g->chance_outcomes(rec.state, out);
            g->apply(rec.state, kChance, out[chance.below(static_cast<std::uint32_t>(k))].action, rec.rng);
            continue;
        }
        const int p = __builtin_ctz(actors);
        const int a = agents[static_cast<std::size_t>(p)]->act(&rec, p);
        each(p, a);
        CHECK(g->is_legal(rec.state, p, a));
        if (!g->is_legal(rec.state, p, a)) return;
        g->apply(rec.state, p, a, rec.rng);
    }
}

}  // namespace

TEST(alphabeta_builds_the_settlement_that_wins) {
    CatanFixture g(CatanOptions{{"board", "beginner"}, {"vp_to_win", "3"}});
    CatanState s = g.blank();
    // Two settlements (2 points) and a road to an open site two steps away.
    const int home = 20;
    int mid = -1, site = -1;
    for (const std::uint8_t a : kTopology.neighbors_of_node[home]) {
        for (const std::uint8_t b : kTopology.neighbors_of_node[a]) {
            if (a == catan::kNone || b == catan::kNone || b == home || site >= 0) continue;
            mid = a, site = b;
        }
    }
    put_settlement(s, 0, home);
    put_settlement(s, 0, 45);
    put_path(s, 0, {home, mid, site});
    CHECK(Catan::can_build_settlement_at(s, 0, site));
    give(s, 0, {1, 1, 1, 1, 0});
    for (int depth : {1, 2}) {
        CHECK_EQ(choose(g, s, 0, "alphabeta(depth=" + std::to_string(depth) + ")", 4), catan::kBuildSettlement + site);
    }
}

TEST(alphabeta_decides_the_same_when_the_hidden_cards_of_others_change) {
    // Positions from games of heuristics; each is compared with copies whose other
    // seats' hands, development cards and deck are redrawn from what seat to act cannot
    // see (the public view is the same).
    CatanFixture g;
    int compared = 0;
    std::vector<std::unique_ptr<Agent>> players;
    Record<CatanState> rec{};
    g.model->init(&rec, 17);
    auto heuristic = make_agent(g.model, "heuristic", 2);
    Rng redraw = Rng::from_seed(5);
    for (int move = 0; move < 3000 && rec.state.phase != catan::kGameOver && compared < 120; ++move) {
        const Actors actors = g->actors(rec.state);
        const int p = __builtin_ctz(actors);
        // Robber moves and steals (whose outcomes depend on the victims' cards) always.
        const bool robbing = rec.state.phase == catan::kMovingRobber || rec.state.phase == catan::kChooseVictim;
        if (robbing || (move % 7 == 0 && rec.state.phase != catan::kSetupSettlement && rec.state.phase != catan::kSetupRoad)) {
            const int chosen = choose(g, rec.state, p, "alphabeta(depth=2)", 9);
            for (int k = 0; k < 2; ++k) {
                CatanState other = rec.state;
                g->determinize(other, p, redraw);
                CHECK_EQ(choose(g, other, p, "alphabeta(depth=2)", 9), chosen);
            }
            ++compared;
        }
        g->apply(rec.state, p, heuristic->act(&rec, p), rec.rng);
    }
    CHECK(compared >= 30);
}

TEST(alphabeta_plays_only_legal_actions_in_both_rule_sets_and_with_explicit_chance) {
    for (const CatanOptions& options : {CatanOptions{{"trade_budget", "0"}}, CatanOptions{},
                                        CatanOptions{{"explicit_chance", "true"}, {"players", "3"}}}) {
        CatanFixture g(options);
        int decisions = 0;
        play_game(g, "alphabeta(depth=1)", 3, [&](int, int) { ++decisions; });
        CHECK(decisions > 200);
    }
}

TEST(alphabeta_repeats_itself_for_a_seed_and_keeps_to_its_time_budget) {
    CatanFixture g;
    std::vector<int> first, second;
    for (std::vector<int>* out : {&first, &second}) {
        play_game(g, "alphabeta(depth=2,seed=4)", 8, [&](int, int a) { out->push_back(a); });
    }
    CHECK(first.size() > 100);
    CHECK(first == second);
    // A deep search under a 20 ms budget returns in time, having searched something.
    Record<CatanState> rec{};
    g.model->init(&rec, 2);
    auto agent = make_agent(g.model, "alphabeta(depth=8,time_ms=20)", 1);
    const auto start = std::chrono::steady_clock::now();
    const int a = agent->act(&rec, 0);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    CHECK(g->is_legal(rec.state, 0, a));
    CHECK(ms < 500);
    CHECK(agent->last_iterations() > 0);
    CHECK_EQ(agent->spec(), std::string("alphabeta(depth=8,time_ms=20,seed=0)"));
    CHECK_EQ(make_agent(g.model, "alphabeta", 1)->spec(), std::string("alphabeta(depth=2,seed=0)"));
}

TEST(alphabeta_refuses_bad_specs_naming_what_is_accepted) {
    auto catan = make_game("catan");
    CHECK(refusal(catan, "alphabeta(depth=0)").find("from 1 to 8") != std::string::npos);
    CHECK(refusal(catan, "alphabeta(depth=9)").find("from 1 to 8") != std::string::npos);
    CHECK(refusal(catan, "alphabeta(time_ms=0)").find("from 1 to 3600000") != std::string::npos);
    CHECK(refusal(catan, "alphabeta(time_ms=-2)").find("from 1 to 3600000") != std::string::npos);
    const std::string unknown = refusal(catan, "alphabeta(deep=2)");
    CHECK(unknown.find("unknown option 'deep'") != std::string::npos && unknown.find("depth") != std::string::npos &&
          unknown.find("time_ms") != std::string::npos);
    const std::string other = refusal(make_game("tictactoe"), "alphabeta");
    CHECK(other.find("catan only") != std::string::npos && other.find("random, heuristic, mcts, ismcts") != std::string::npos);
    CHECK(refusal(catan, "minimax").find("alphabeta") != std::string::npos);
}
