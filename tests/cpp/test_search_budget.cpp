// Time budgets of searches and search agents: the valid range (1 ms to an hour) and the
// refusals outside it, canonical specs that parse again, a time-only search that spends
// its budget and reports the iterations it reached, and iteration counts that stay
// exact and deterministic at every thread count under a generous time budget.
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "agents/agent.hpp"
#include "check.hpp"
#include "core/error.hpp"
#include "core/registry.hpp"
#include "search/search.hpp"

using namespace meeple;

namespace {

std::vector<std::uint64_t> new_record(const AnyGame& g, std::uint64_t seed) {
    std::vector<std::uint64_t> rec((g.record_size() + 7) / 8);
    g.init(rec.data(), seed);
    return rec;
}

// The message of the Error `f` throws with `status`, or "" when it throws none.
std::string refusal(const std::function<void()>& f, Status status) {
    try {
        f();
    } catch (const Error& e) {
        if (e.status() == status) return e.what();
        return std::string("wrong status: ") + e.what();
    }
    return "";
}

}  // namespace

TEST(time_budgets_outside_one_ms_to_an_hour_are_refused_with_the_range) {
    auto g = make_game("tictactoe");
    for (const char* spec : {"mcts(time_ms=0)", "mcts(iterations=0,time_ms=0)", "mcts(time_ms=-5)",
                             "ismcts(time_ms=3600001)", "mcts(time_ms=1e9)", "mcts(time_ms=0.5)"}) {
        const std::string message = refusal([&] { parse_search_spec(spec); }, Status::invalid_argument);
        CHECK(message.find("time_ms") != std::string::npos);
        CHECK(message.find("from 1 to 3600000") != std::string::npos);
        // Agents parse their search the same way.
        const std::string agent = refusal([&] { make_agent(g, spec, 1); }, Status::invalid_argument);
        CHECK(agent.find("from 1 to 3600000") != std::string::npos);
    }
    CHECK(refusal([] { parse_search_spec("mcts(time_ms=fast)"); }, Status::parse).find("time_ms") !=
          std::string::npos);
    // The ends of the range are accepted.
    CHECK_EQ(parse_search_spec("mcts(time_ms=1)").time_ms, 1.0);
    CHECK_EQ(parse_search_spec("mcts(time_ms=3600000)").time_ms, 3600000.0);
    // No budget at all names both ways to give one.
    const std::string none = refusal([] { parse_search_spec("mcts(iterations=0)"); }, Status::invalid_argument);
    CHECK(none.find("iterations > 0") != std::string::npos && none.find("time_ms (1 to 3600000)") != std::string::npos);
}

TEST(canonical_search_specs_name_time_ms_only_when_given_and_parse_again) {
    const SearchConfig plain = parse_search_spec("mcts(iterations=10)");
    CHECK(plain.spec.find("time_ms") == std::string::npos);
    CHECK(plain.spec.find("iterations=10,selection=") != std::string::npos);
    CHECK_EQ(parse_search_spec(plain.spec).spec, plain.spec);
    const SearchConfig timed = parse_search_spec("ismcts(time_ms=250,iterations=0)");
    CHECK(timed.spec.find("iterations=0,time_ms=250,") != std::string::npos);
    CHECK_EQ(parse_search_spec(timed.spec).spec, timed.spec);
    auto g = make_game("tictactoe");
    auto agent = make_agent(g, "mcts(iterations=5,seed=3)", 1);
    CHECK(agent->spec().find("time_ms") == std::string::npos);
    CHECK(make_agent(g, agent->spec(), 1) != nullptr);
}

TEST(a_time_only_search_spends_its_budget_and_reports_the_iterations_reached) {
    auto g = make_game("catan");
    auto rec = new_record(*g, 11);
    Search s(g, "mcts(iterations=0,time_ms=40,seed=2)", 1, 1);
    s.set_root(0, rec.data(), kActing);
    CHECK(s.run(Control()));
    const SearchRootStats stats = s.stats(0);
    CHECK(stats.iterations > 0);
    CHECK(stats.seconds >= 0.039);
    CHECK(stats.seconds < 5.0);
    CHECK(s.chosen_action(0) >= 0);
}

TEST(search_agents_report_the_iterations_of_their_last_decision) {
    auto g = make_game("catan");
    auto rec = new_record(*g, 5);
    auto fixed = make_agent(g, "mcts(iterations=37)", 1);
    CHECK_EQ(fixed->last_iterations(), 0u);  // no decision yet
    const int seat = g->resolve_player(rec.data(), kActing);  // agents take a seat, as the C layer gives
    fixed->act(rec.data(), seat);
    CHECK_EQ(fixed->last_iterations(), 37u);
    auto timed = make_agent(g, "mcts(iterations=0,time_ms=30)", 1);
    const auto start = std::chrono::steady_clock::now();
    timed->act(rec.data(), seat);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    CHECK(timed->last_iterations() > 0);
    CHECK(ms >= 29.0);
    auto heuristic = make_agent(g, "heuristic", 1);
    heuristic->act(rec.data(), seat);
    CHECK_EQ(heuristic->last_iterations(), 0u);
}

TEST(an_iteration_count_under_a_generous_time_budget_is_exact_at_every_thread_count) {
    auto g = make_game("catan");
    auto rec = new_record(*g, 21);
    std::vector<int> chosen;
    std::vector<std::vector<RootChild>> children;
    for (int threads : {1, 2, 3}) {
        Search s(g, "mcts(iterations=90,time_ms=3600000,trees=3,seed=4)", 1, threads);
        s.set_root(0, rec.data(), kActing);
        CHECK(s.run(Control()));
        CHECK_EQ(s.stats(0).iterations, 90u);
        chosen.push_back(s.chosen_action(0));
        children.push_back(s.root_children(0));
    }
    for (std::size_t i = 1; i < chosen.size(); ++i) {
        CHECK_EQ(chosen[i], chosen[0]);
        CHECK_EQ(children[i].size(), children[0].size());
        for (std::size_t k = 0; k < children[0].size() && k < children[i].size(); ++k) {
            CHECK_EQ(children[i][k].action, children[0][k].action);
            CHECK_EQ(children[i][k].visits, children[0][k].visits);
            CHECK(children[i][k].value_sum == children[0][k].value_sum);
        }
    }
}

TEST(unknown_agents_and_options_name_the_valid_ones) {
    auto g = make_game("catan");
    const std::string agent = refusal([&] { make_agent(g, "minimax", 1); }, Status::invalid_argument);
    CHECK(agent.find("unknown agent 'minimax'") != std::string::npos);
    CHECK(agent.find("random, heuristic, mcts, ismcts") != std::string::npos);
    const std::string option = refusal([&] { make_agent(g, "mcts(time=5)", 1); }, Status::invalid_argument);
    CHECK(option.find("unknown option 'time'") != std::string::npos);
    CHECK(option.find("time_ms") != std::string::npos && option.find("iterations") != std::string::npos);
    const std::string heuristic = refusal([&] { make_agent(g, "heuristic(time_ms=5)", 1); }, Status::invalid_argument);
    CHECK(heuristic.find("takes no options") != std::string::npos);
}
