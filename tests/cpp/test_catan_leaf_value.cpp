// Catan's evaluation as a search's leaf value (leaf=evaluation): chances that sum to 1
// and favour the seat ahead; a search with rollout_depth=0 backs up exactly those
// chances (on the returns' scale) at every leaf; it plays only legal actions, repeats
// for a seed at every thread count; specs it cannot serve are refused, naming why.
#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "agents/agent.hpp"
#include "agents/catan_leaf_value.hpp"
#include "catan_fixture.hpp"
#include "check.hpp"
#include "core/error.hpp"
#include "core/registry.hpp"
#include "search/search.hpp"

using namespace meeple;
using namespace meeple::test;

namespace {

std::string error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

// Seat 0 with a city and two settlements, seat 1 with two settlements, seats 2 and 3
// with one each, on the beginner board.
CatanState ahead_and_behind(const CatanFixture& g) {
    CatanState s = g.blank();
    put_city(s, 0, 20), put_settlement(s, 0, 10), put_settlement(s, 0, 40);
    put_settlement(s, 1, 14), put_settlement(s, 1, 44);
    put_settlement(s, 2, 24);
    put_settlement(s, 3, 30);
    return s;
}

}  // namespace

TEST(catan_leaf_chances_sum_to_one_and_favour_the_seat_ahead) {
    CatanFixture g;
    const CatanState s = ahead_and_behind(g);
    double c[4];
    catan_eval::win_chances(s, 4, catan_eval::kLeafTemperature, c);
    CHECK(std::fabs(c[0] + c[1] + c[2] + c[3] - 1) < 1e-12);
    CHECK(c[0] > c[1] && c[1] > c[2] && c[1] > c[3]);
    // A hotter softmax spreads the chances toward 1/4.
    double hot[4];
    catan_eval::win_chances(s, 4, 10 * catan_eval::kLeafTemperature, hot);
    CHECK(hot[0] < c[0] && hot[0] > 0.25);
}

TEST(a_search_with_leaf_evaluation_backs_up_the_evaluation_at_each_leaf) {
    CatanFixture g;
    Record<CatanState> rec{};
    rec.state = ahead_and_behind(g);
    give(rec.state, 0, {2, 2, 1, 1, 0});  // a road or a settlement's worth, and more
    const std::vector<int> actions = legal_actions(*g, rec.state, 0);
    CHECK(actions.size() >= 3);
    // One iteration a child (rollout_depth=0: the leaf is the child itself).
    Search search(g.model, "mcts(iterations=" + std::to_string(actions.size()) + ",rollout_depth=0,leaf=evaluation)",
                  1, 1);
    search.set_root(0, &rec, kActing);
    CHECK(search.run(Control()));
    int checked = 0;
    for (const RootChild& child : search.root_children(0)) {
        CHECK_EQ(child.visits, 1u);
        // Actions that draw nothing (builds, trades, the end of the turn) leave one state.
        Record<CatanState> a = rec, b = rec;
        a.rng = Rng::from_seed(1), b.rng = Rng::from_seed(2);
        g->apply(a.state, 0, child.action, a.rng);
        g->apply(b.state, 0, child.action, b.rng);
        if (std::memcmp(&a.state, &b.state, sizeof a.state) != 0) continue;
        double chances[4];
        catan_eval::win_chances(a.state, 4, catan_eval::kLeafTemperature, chances);
        for (int p = 0; p < 4; ++p) CHECK(std::fabs(child.value_sum[static_cast<std::size_t>(p)] - (2 * chances[p] - 1)) < 1e-9);
        ++checked;
    }
    CHECK(checked >= 3);
}

// Plays a game of `spec` in every seat (seeds 5, 6, ...) for up to 300 decisions,
// checking each action is legal; returns the actions.
std::vector<int> play_with(const std::shared_ptr<const AnyGame>& g, const std::string& spec) {
    std::vector<std::unique_ptr<Agent>> seats;
    for (int p = 0; p < g->num_players(); ++p) seats.push_back(make_agent(g, spec, 5 + static_cast<std::uint64_t>(p)));
    std::vector<std::uint64_t> rec((g->record_size() + 7) / 8);
    g->init(rec.data(), 3);
    std::vector<ChanceOutcome> outcomes(static_cast<std::size_t>(std::max(1, g->max_chance_outcomes())));
    std::vector<int> played;
    while (played.size() < 300 && !g->is_terminal(rec.data())) {
        const int p = acting_player(g->actors(rec.data()));
        if (p == kChance) {  // explicit chance: the first outcome, the same every time
            g->chance_outcomes(rec.data(), outcomes.data());
            g->apply_unchecked(rec.data(), kChance, outcomes[0].action);
            continue;
        }
        const int a = seats[static_cast<std::size_t>(p)]->act(rec.data(), p);
        CHECK(g->legal(rec.data(), p, a));
        if (!g->legal(rec.data(), p, a)) break;
        played.push_back(a);
        g->apply_unchecked(rec.data(), p, a);
    }
    return played;
}

TEST(ismcts_with_leaf_evaluation_plays_legal_actions_and_repeats_for_a_seed) {
    for (const char* game : {"catan(trade_budget=0)", "catan(players=3,explicit_chance=true)", "catan"}) {
        const auto g = make_game(game);
        const std::string spec = "ismcts(iterations=40,rollout=heuristic,rollout_depth=8,leaf=evaluation)";
        const std::vector<int> first = play_with(g, spec);
        CHECK(first.size() > 100);
        CHECK(play_with(g, spec) == first);
    }
}

TEST(a_leaf_evaluation_search_is_the_same_at_one_and_two_threads) {
    CatanFixture g;
    Record<CatanState> rec{};
    rec.state = ahead_and_behind(g);
    give(rec.state, 0, {2, 2, 1, 1, 0});
    std::vector<RootChild> at[2];
    for (int threads : {1, 2}) {
        Search search(g.model, "ismcts(iterations=300,rollout_depth=4,leaf=evaluation,trees=4,seed=7)", 1, threads);
        search.set_root(0, &rec, kActing);
        CHECK(search.run(Control()));
        at[threads - 1] = search.root_children(0);
    }
    CHECK_EQ(at[0].size(), at[1].size());
    for (std::size_t k = 0; k < at[0].size() && k < at[1].size(); ++k) {
        CHECK_EQ(at[0][k].action, at[1][k].action);
        CHECK_EQ(at[0][k].visits, at[1][k].visits);
        CHECK(at[0][k].value_sum == at[1][k].value_sum);
    }
}

TEST(leaf_evaluation_refuses_specs_it_cannot_serve) {
    const auto catan = make_game("catan");
    std::string e = error_of([&] { make_agent(catan, "mcts(iterations=10,leaf=evaluation)", 1); });
    CHECK(e.find("give rollout_depth (0 or more)") != std::string::npos);
    e = error_of([&] { make_agent(catan, "mcts(iterations=10,evaluator=external,rollout_depth=0,leaf=evaluation)", 1); });
    CHECK(e.find("and external_depth with an external evaluator") != std::string::npos);
    e = error_of([&] { make_agent(make_game("tictactoe"), "mcts(iterations=10,rollout_depth=0,leaf=evaluation)", 1); });
    CHECK(e.find("tictactoe has none (games with one: catan); use leaf=game") != std::string::npos);
    e = error_of([&] { make_agent(catan, "mcts(iterations=10,rollout_depth=0,leaf=net)", 1); });
    CHECK(e.find("game") != std::string::npos && e.find("evaluation") != std::string::npos);
}
