// Monte Carlo tree search: max^n backup on a hand-built three-seat tree, tic-tac-toe
// against random play and against itself, forced wins, the evaluator loop, and the
// same results at every thread count.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "check.hpp"
#include "core/error.hpp"
#include "core/mask_bits.hpp"
#include "core/registry.hpp"
#include "games/triangle/triangle.hpp"
#include "search/search.hpp"

using namespace meeple;

namespace {

// A three-seat game tree with fixed payoffs. Seat 0 picks left or right; after left,
// seat 1 picks between payoffs (0.3, 0.4, 0.3) and (0.9, 0.1, 0.0); after right, seat
// 2 picks between (0.5, 0.0, 0.5) and (0.0, 0.6, 0.4). Each seat maximising its own
// value (max^n) gives seat 1 the first leaf and seat 2 the first leaf, so seat 0 goes
// right and gets 0.5. A search for seat 0 alone (paranoid or optimistic) would go left.
class ThreeSeatTree {
public:
    static constexpr std::string_view kName = "three_seat_tree";
    static constexpr std::uint32_t kStateVersion = 1;
    struct State {
        std::int32_t path[2];  // the moves so far, -1 for none
    };
    static std::span<const OptionSpec> option_specs() { return {}; }
    explicit ThreeSeatTree(const Options&) {}
    int num_players() const { return 3; }
    int num_actions() const { return 2; }
    std::span<const ObsField> obs_fields() const { return kFields; }
    void init(State& s, Rng&) const { s.path[0] = s.path[1] = -1; }
    Actors actors(const State& s) const {
        if (s.path[0] < 0) return 1u << 0;
        if (s.path[1] < 0) return 1u << (s.path[0] == 0 ? 1 : 2);
        return 0;
    }
    void legal_mask(const State&, int, std::uint64_t* words) const { words[0] = 3; }
    void apply(State& s, int, int action, Rng&) const { s.path[s.path[0] < 0 ? 0 : 1] = action; }
    bool is_terminal(const State& s) const { return s.path[1] >= 0; }
    bool truncated(const State&) const { return false; }
    void returns(const State& s, double* out) const {
        static constexpr double kPayoff[2][2][3] = {{{0.3, 0.4, 0.3}, {0.9, 0.1, 0.0}},
                                                    {{0.5, 0.0, 0.5}, {0.0, 0.6, 0.4}}};
        for (int p = 0; p < 3; ++p) out[p] = is_terminal(s) ? kPayoff[s.path[0]][s.path[1]][p] : 0.0;
    }
    void step_reward(const State& s, double* out) const { returns(s, out); }
    void observe(const State& s, int, float* out) const {
        out[0] = static_cast<float>(s.path[0]);
        out[1] = static_cast<float>(s.path[1]);
    }
    void view(const State&, int, JsonWriter& json) const { json.begin_object().end_object(); }
    std::string render(const State&) const { return ""; }
    std::string action_name(int a) const { return a ? "second" : "first"; }
    std::string check(const State&) const { return ""; }

private:
    static constexpr ObsField kFields[] = {{"path", 0, 2, {2, 0, 0}, "the moves so far"}};
};

std::shared_ptr<const AnyGame> three_seat_tree() {
    return std::make_shared<const GameModel<ThreeSeatTree>>(Options("three_seat_tree", {}, {}));
}

std::vector<std::uint64_t> new_record(const AnyGame& g, std::uint64_t seed) {
    std::vector<std::uint64_t> rec((g.record_size() + 7) / 8);
    g.init(rec.data(), seed);
    return rec;
}

int search_once(const std::shared_ptr<const AnyGame>& g, const void* rec, const std::string& spec, int threads = 1) {
    Search s(g, spec, 1, threads);
    s.set_root(0, rec, kActing);
    CHECK(s.run(Control()));
    return s.chosen_action(0);
}

int random_action(const AnyGame& g, const void* rec, Rng& rng) {
    std::uint64_t words[64] = {};
    g.legal_mask(rec, acting_player(g.actors(rec)), words);
    return uniform_set_bit(words, g.mask_words(), rng);
}

void play(const AnyGame& g, void* rec, std::initializer_list<int> moves) {
    for (int a : moves) g.apply(rec, kActing, a);
}

}  // namespace

TEST(search_backs_up_every_seats_value_max_n_style) {
    auto g = three_seat_tree();
    auto rec = new_record(*g, 1);
    Search s(g, "mcts(iterations=20000,c_uct=0.5,seed=3)", 1, 1);
    s.set_root(0, rec.data(), kActing);
    CHECK(s.run(Control()));
    CHECK_EQ(s.chosen_action(0), 0 + 1);  // right
    double value[3];
    s.root_value(0, value);
    // Most iterations follow the max^n line, whose payoff is (0.5, 0.0, 0.5).
    CHECK(value[0] > 0.47 && value[0] < 0.51);
    CHECK(value[2] > 0.47 && value[2] < 0.51);
    CHECK(value[1] < 0.03);
    const std::vector<int> line = s.principal_variation(0);
    CHECK(line.size() == 2 && line[0] == 1 && line[1] == 0);
}

TEST(mcts_never_loses_tictactoe_to_random_play) {
    auto g = make_game("tictactoe");
    for (int game = 0; game < 30; ++game) {
        const int seat = game % 2;
        auto rec = new_record(*g, static_cast<std::uint64_t>(game));
        Rng rng = Rng::from_seed(1000 + static_cast<std::uint64_t>(game));
        while (!g->is_terminal(rec.data())) {
            const int player = acting_player(g->actors(rec.data()));
            const int a = player == seat ? search_once(g, rec.data(), "mcts(iterations=3000,seed=" + std::to_string(game) + ")")
                                         : random_action(*g, rec.data(), rng);
            g->apply(rec.data(), kActing, a);
        }
        double returns[kMaxPlayers];
        g->returns(rec.data(), returns);
        CHECK(returns[seat] >= 0);
    }
}

TEST(mcts_draws_tictactoe_against_itself) {
    auto g = make_game("tictactoe");
    for (int game = 0; game < 4; ++game) {
        auto rec = new_record(*g, 0);
        int move = 0;
        while (!g->is_terminal(rec.data())) {
            const std::string spec = "mcts(iterations=20000,seed=" + std::to_string(game * 100 + move++) + ")";
            g->apply(rec.data(), kActing, search_once(g, rec.data(), spec));
        }
        double returns[kMaxPlayers];
        g->returns(rec.data(), returns);
        CHECK_EQ(returns[0], 0.0);
    }
}

TEST(mcts_takes_a_win_in_one_and_blocks_a_loss_in_one) {
    auto g = make_game("tictactoe");
    // X: 0, 1; O: 3, 4. X to move wins at 2.
    auto rec = new_record(*g, 0);
    play(*g, rec.data(), {0, 3, 1, 4});
    CHECK_EQ(search_once(g, rec.data(), "mcts(iterations=2000)"), 2);
    // X: 0, 8; O: 4, 3. O threatens 3-4-5: X must block at 5.
    auto block = new_record(*g, 0);
    play(*g, block.data(), {0, 4, 8, 3});
    CHECK_EQ(search_once(g, block.data(), "mcts(iterations=5000)"), 5);
}

TEST(search_gives_the_same_results_at_every_thread_count) {
    for (const char* spec : {"tictactoe", "catan(players=3)", "triangle"}) {
        auto g = make_game(spec);
        auto rec = new_record(*g, 7);
        // Play a few random moves in so that the root is not the opening.
        Rng rng = Rng::from_seed(5);
        for (int i = 0; i < 3 && !g->is_terminal(rec.data()); ++i) {
            const int player = acting_player(g->actors(rec.data()));
            if (player == kChance) break;
            g->apply(rec.data(), kActing, random_action(*g, rec.data(), rng));
        }
        for (const char* search : {"mcts(iterations=400,trees=4,seed=11)",
                                   "mcts(iterations=400,trees=4,seed=11,rollout=heuristic,opponents=policy)"}) {
            std::vector<RootChild> at[2];
            for (int threads : {1, 2}) {
                Search s(g, search, 1, threads);
                s.set_root(0, rec.data(), kActing);
                CHECK(s.run(Control()));
                at[threads - 1] = s.root_children(0);
            }
            CHECK_EQ(at[0].size(), at[1].size());
            for (std::size_t i = 0; i < std::min(at[0].size(), at[1].size()); ++i) {
                CHECK_EQ(at[0][i].action, at[1][i].action);
                CHECK_EQ(at[0][i].visits, at[1][i].visits);
                CHECK(at[0][i].value_sum == at[1][i].value_sum);
            }
        }
    }
}

TEST(external_evaluator_expands_exactly_the_leaves_it_was_given) {
    auto g = make_game("tictactoe");
    auto rec = new_record(*g, 0);
    Search s(g, "mcts(evaluator=external,iterations=300,batch=8,seed=2)", 1, 1);
    s.set_root(0, rec.data(), kActing);
    std::size_t leaves = 0, children = 0, rounds = 0;
    while (!s.run(Control())) {
        const std::size_t n = s.pending();
        CHECK(n >= 1 && n <= 8);
        std::vector<float> obs(n * static_cast<std::size_t>(g->obs_size()));
        std::vector<std::uint64_t> masks(n * static_cast<std::size_t>(g->mask_words()));
        std::vector<std::int32_t> roots(n), players(n);
        s.write_leaves(obs.data(), masks.data(), roots.data(), players.data());
        for (std::size_t k = 0; k < n; ++k) children += static_cast<std::size_t>(count_set_bits(&masks[k], 1));
        leaves += n;
        ++rounds;
        std::vector<float> values(n * 2, 0.0f);
        s.provide(values.data(), nullptr);
    }
    // PUCT expands every legal action of each evaluated leaf, and nothing else.
    CHECK_EQ(s.stats(0).nodes, 1 + children);
    CHECK(leaves <= s.stats(0).iterations);
    CHECK(rounds > 1);
}

TEST(external_evaluator_rejects_bad_answers_and_stays_usable) {
    auto g = make_game("tictactoe");
    auto rec = new_record(*g, 0);
    play(*g, rec.data(), {4});  // O to move: cell 4 is taken
    Search s(g, "mcts(evaluator=external,iterations=50,batch=4)", 1, 1);
    s.set_root(0, rec.data(), kActing);
    CHECK(!s.run(Control()));
    const std::size_t n = s.pending();
    std::vector<float> values(n * 2, 0.0f), priors(n * 9, 0.1f);
    values[0] = std::numeric_limits<float>::quiet_NaN();
    CHECK_THROWS_STATUS(s.provide(values.data(), nullptr), Status::invalid_argument);
    values[0] = 0;
    CHECK_THROWS_STATUS(s.provide(values.data(), priors.data()), Status::invalid_argument);  // cell 4 is illegal
    for (std::size_t k = 0; k < n; ++k) priors[k * 9 + 4] = 0;
    priors[1] = -1;
    CHECK_THROWS_STATUS(s.provide(values.data(), priors.data()), Status::invalid_argument);
    CHECK_EQ(s.pending(), n);  // nothing changed
    priors[1] = 0.1f;
    s.provide(values.data(), priors.data());
    CHECK_THROWS_STATUS(s.provide(values.data(), priors.data()), Status::wrong_state);  // none waits now
    while (!s.run(Control())) {
        std::vector<float> v(s.pending() * 2, 0.0f);
        s.provide(v.data(), nullptr);
    }
    CHECK(s.chosen_action(0) >= 0 && s.chosen_action(0) != 4);
}

TEST(search_refuses_finished_games_other_seats_and_bad_specs) {
    auto g = make_game("tictactoe");
    auto rec = new_record(*g, 0);
    Search s(g, "mcts(iterations=10)", 2, 1);
    CHECK_THROWS_STATUS(s.set_root(0, rec.data(), 1), Status::not_active);
    CHECK_THROWS_STATUS(s.set_root(2, rec.data(), 0), Status::out_of_range);
    CHECK_THROWS_STATUS(s.run(Control()), Status::wrong_state);  // no root yet
    auto over = new_record(*g, 0);
    play(*g, over.data(), {0, 3, 1, 4, 2});
    CHECK_THROWS_STATUS(s.set_root(0, over.data(), kActing), Status::wrong_state);
    CHECK_THROWS_STATUS(Search(g, "mcts(iteration=5)", 1, 1), Status::invalid_argument);
    CHECK_THROWS_STATUS(Search(g, "mtcs", 1, 1), Status::invalid_argument);
    CHECK_THROWS_STATUS(Search(g, "mcts(iterations=0)", 1, 1), Status::invalid_argument);
    CHECK_THROWS_STATUS(Search(g, "mcts(c_uct=-1)", 1, 1), Status::invalid_argument);
    CHECK_THROWS_STATUS(Search(g, "mcts(", 1, 1), Status::parse);
    // Still usable after the errors.
    s.set_root(0, rec.data(), 0);
    CHECK(s.run(Control()));
    CHECK(s.chosen_action(0) >= 0);
    CHECK_EQ(s.chosen_action(1), kNoAction);  // idle
    CHECK_THROWS_STATUS(s.root_children(1), Status::wrong_state);  // an empty tree, never read
    CHECK(!s.root_children(0).empty());
    s.clear_root(0);
    CHECK_THROWS_STATUS(s.root_children(0), Status::wrong_state);  // the cleared tree is not a result
}

TEST(subtree_reuse_keeps_the_visits_below_the_move_played) {
    auto g = make_game("tictactoe");
    auto rec = new_record(*g, 0);
    Search s(g, "mcts(iterations=3000,seed=4)", 1, 1);
    s.set_root(0, rec.data(), kActing);
    CHECK(s.run(Control()));
    const int a = s.chosen_action(0);
    std::uint64_t visits_of_a = 0;
    for (const RootChild& c : s.root_children(0)) visits_of_a += c.action == a ? c.visits : 0;
    s.advance(0, kActing, a);
    // The new root is the old child: its children carry their visits over.
    std::uint64_t carried = 0;
    for (const RootChild& c : s.root_children(0)) carried += c.visits;
    CHECK(carried + 1 >= visits_of_a && carried > 0);
    CHECK_THROWS_STATUS(s.advance(0, kActing, a), Status::illegal_action);  // that cell is taken now
    CHECK(s.run(Control()));
    CHECK(s.chosen_action(0) != a);
}

TEST(explicit_chance_searches_closed_loop_in_both_chance_modes) {
    auto g = make_game("catan(players=2,explicit_chance=true)");
    auto rec = new_record(*g, 3);
    Rng rng = Rng::from_seed(8);
    // Play to the first decision after a dice roll.
    for (int i = 0; i < 400 && !g->is_terminal(rec.data()); ++i) {
        const int player = acting_player(g->actors(rec.data()));
        if (player == kChance) {
            ChanceOutcome out[kMaxChanceOutcomes];
            const int k = g->chance_outcomes(rec.data(), out);
            g->apply(rec.data(), kChance, out[rng.below(static_cast<std::uint32_t>(k))].action);
            continue;
        }
        if (g->move_number(rec.data()) > 40) break;
        g->apply(rec.data(), kActing, random_action(*g, rec.data(), rng));
    }
    for (const char* spec : {"mcts(iterations=300,chance=sample,rollout_depth=50)",
                             "mcts(iterations=300,chance=expand,rollout_depth=50)"}) {
        Search s(g, spec, 1, 1);
        s.set_root(0, rec.data(), kActing);
        CHECK(s.run(Control()));
        CHECK(g->legal(rec.data(), acting_player(g->actors(rec.data())), s.chosen_action(0)));
        CHECK_EQ(s.stats(0).iterations, 300u);
    }
}

TEST(search_stops_when_cancelled_and_goes_on_after) {
    auto g = make_game("catan");
    auto rec = new_record(*g, 1);
    Search s(g, "mcts(iterations=1000000)", 1, 1);
    s.set_root(0, rec.data(), kActing);
    meeple_control_t block{sizeof(meeple_control_t), 1, 0, 0};
    CHECK_THROWS_STATUS(s.run(Control(&block)), Status::cancelled);
    CHECK(s.in_round());
    CHECK_EQ(block.total, 1000000u);
}

TEST(mcts_finds_the_triangle_placement_that_clears_two_lines) {
    auto any = make_game("triangle");
    const auto& board = static_cast<const GameModel<triangle::Triangle>&>(*any).rules().board();
    // Two lines of different directions through one cell X, filled but for X: a single
    // triangle on X clears both.
    const auto& lines = board.lines();
    for (std::size_t i = 0; i < lines.size(); ++i) {
        for (std::size_t j = 0; j < lines.size(); ++j) {
            if (lines[i].direction == lines[j].direction || lines[i].cells.count() < 5 || lines[j].cells.count() < 5) continue;
            const triangle::Cells both = lines[i].cells & lines[j].cells;
            if (both.count() != 1) continue;
            int x = -1;
            both.for_each([&](int cell) { x = cell; });
            triangle::Cells filled = lines[i].cells | lines[j].cells;
            filled &= ~triangle::Cells::bit(x);
            bool full_line = false;
            for (const auto& line : lines) full_line = full_line || line.cells.within(filled);
            if (full_line) continue;
            const int r = x / board.cols(), c = x % board.cols();
            std::string occupied = "[";
            for (int rr = 0; rr < board.rows(); ++rr) {
                occupied += rr ? ",[" : "[";
                for (int cc = 0; cc < board.cols(); ++cc) occupied += std::string(cc ? "," : "") + (filled.test(board.cell(rr, cc)) ? "1" : "0");
                occupied += "]";
            }
            occupied += "]";
            const std::string up = triangle::Board::points_up(r, c) ? "1" : "0";
            const std::string position = "{\"occupied\":" + occupied + ",\"shapes\":[[[0,0," + up + "]],null,null]}";
            std::vector<std::uint64_t> rec((any->record_size() + 7) / 8);
            any->from_position(rec.data(), position, 1);
            const int best = search_once(any, rec.data(), "mcts(iterations=2000,seed=1)");
            CHECK_EQ(best, x);  // slot 0, anchor on X
            return;
        }
    }
    CHECK(false);  // the default board has such lines
}

namespace {

// Answers every waiting leaf with a value and priors read from its observation, so
// that a run's answers depend on the leaves alone (never on the order of the calls);
// `favoured` >= 0 puts all of the priors on that action wherever it is legal.
std::size_t answer_leaves(Search& s, const AnyGame& g, int favoured = -1) {
    const std::size_t n = s.pending();
    const std::size_t obs = static_cast<std::size_t>(g.obs_size()), words = static_cast<std::size_t>(g.mask_words());
    const std::size_t actions = static_cast<std::size_t>(g.num_actions()), players = static_cast<std::size_t>(g.num_players());
    std::vector<float> rows(n * obs), values(n * players), priors(n * actions, 0.0f);
    std::vector<std::uint64_t> masks(n * words);
    s.write_leaves(rows.data(), masks.data(), nullptr, nullptr);
    for (std::size_t k = 0; k < n; ++k) {
        double sum = 0;
        for (std::size_t i = 0; i < obs; ++i) sum += rows[k * obs + i] * static_cast<double>((i % 7) + 1);
        for (std::size_t p = 0; p < players; ++p) values[k * players + p] = static_cast<float>(0.01 * sum + p);
        const bool has_favoured = favoured >= 0 && ((masks[k * words + static_cast<std::size_t>(favoured) / 64] >> (favoured % 64)) & 1);
        for (std::size_t a = 0; a < actions; ++a) {
            if (!((masks[k * words + a / 64] >> (a % 64)) & 1)) continue;
            if (has_favoured) priors[k * actions + a] = static_cast<int>(a) == favoured ? 1.0f : 0.0f;
            else priors[k * actions + a] = static_cast<float>(1 + (a + static_cast<std::size_t>(sum)) % 5);
        }
    }
    s.provide(values.data(), priors.data());
    return n;
}

// Runs a round to its end with answer_leaves; returns the leaves the caller was given.
std::size_t run_answered(Search& s, const AnyGame& g, int favoured = -1) {
    std::size_t leaves = 0;
    while (!s.run(Control())) leaves += answer_leaves(s, g, favoured);
    return leaves;
}

std::vector<std::uint64_t> triangle_after_moves(const AnyGame& g, int moves) {
    auto rec = new_record(g, 7);
    Rng rng = Rng::from_seed(5);
    for (int i = 0; i < moves; ++i) g.apply(rec.data(), kActing, random_action(g, rec.data(), rng));
    return rec;
}

}  // namespace

TEST(external_depth_one_asks_the_caller_for_the_root_alone_and_rolls_out_the_rest) {
    auto g = make_game("triangle");
    auto rec = triangle_after_moves(*g, 4);
    Search s(g, "mcts(evaluator=external,external_depth=1,iterations=600,seed=3)", 1, 1);
    s.set_root(0, rec.data(), kActing);
    CHECK(!s.run(Control()));
    CHECK_EQ(s.pending(), 1u);  // the root, before any rollout
    CHECK_EQ(answer_leaves(s, *g), 1u);
    CHECK_EQ(run_answered(s, *g), 0u);  // nothing more is asked: rollouts score every other leaf
    CHECK_EQ(s.stats(0).iterations, 600u);
    std::uint64_t visits = 0;
    for (const RootChild& c : s.root_children(0)) visits += c.visits;
    CHECK_EQ(visits, 599u);  // every iteration but the root's own went on to a rollout
}

TEST(external_depth_two_asks_for_the_root_and_its_children_only) {
    auto g = make_game("tictactoe");
    auto rec = new_record(*g, 0);
    Search s(g, "mcts(evaluator=external,external_depth=2,iterations=400,batch=4,seed=2)", 1, 1);
    s.set_root(0, rec.data(), kActing);
    const std::size_t leaves = run_answered(s, *g);
    CHECK_EQ(leaves, 1u + 9u);  // the empty board and its nine children, each once
    CHECK_EQ(s.stats(0).iterations, 400u);
}

TEST(external_depth_beyond_the_tree_changes_nothing) {
    auto g = make_game("tictactoe");
    auto rec = new_record(*g, 0);
    std::vector<RootChild> at[2];
    const char* specs[2] = {"mcts(evaluator=external,iterations=300,batch=4,seed=9)",
                            "mcts(evaluator=external,external_depth=10,iterations=300,batch=4,seed=9)"};
    for (int i = 0; i < 2; ++i) {
        Search s(g, specs[i], 1, 1);
        s.set_root(0, rec.data(), kActing);
        run_answered(s, *g);
        at[i] = s.root_children(0);
    }
    CHECK_EQ(at[0].size(), at[1].size());
    for (std::size_t i = 0; i < std::min(at[0].size(), at[1].size()); ++i) {
        CHECK_EQ(at[0][i].action, at[1][i].action);
        CHECK_EQ(at[0][i].visits, at[1][i].visits);
        CHECK(at[0][i].value_sum == at[1][i].value_sum);
    }
}

TEST(external_depth_searches_where_the_callers_root_priors_point) {
    auto g = make_game("triangle");
    auto rec = triangle_after_moves(*g, 4);
    std::uint64_t words[64] = {};
    g->legal_mask(rec.data(), 0, words);
    int favoured = -1;  // the last legal action: not where an action-order bias would go
    for (int a = 0; a < g->num_actions(); ++a) {
        if ((words[a / 64] >> (a % 64)) & 1) favoured = a;
    }
    // c_puct 100: the exploration term of a prior of 1 outweighs any mean (at most 1)
    // for the first 10,000 visits, and a prior of 0 has none.
    Search s(g, "mcts(evaluator=external,external_depth=1,iterations=300,c_puct=100,seed=4)", 1, 1);
    s.set_root(0, rec.data(), kActing);
    run_answered(s, *g, favoured);
    CHECK_EQ(s.chosen_action(0), favoured);
    for (const RootChild& c : s.root_children(0)) CHECK_EQ(c.visits, c.action == favoured ? 299u : 0u);
}

TEST(external_depth_gives_the_same_results_at_every_thread_count) {
    auto g = make_game("triangle");
    auto rec = triangle_after_moves(*g, 3);
    std::vector<RootChild> at[3];
    int chosen[3] = {};
    for (int threads : {1, 2, 4}) {
        Search s(g, "mcts(evaluator=external,external_depth=2,iterations=800,trees=4,batch=8,seed=11)", 2, threads);
        s.set_root(0, rec.data(), kActing);
        s.set_root(1, rec.data(), kActing);
        run_answered(s, *g);
        at[threads / 2] = s.root_children(1);
        chosen[threads / 2] = s.chosen_action(0);
    }
    for (int t = 1; t < 3; ++t) {
        CHECK_EQ(chosen[0], chosen[t]);
        CHECK_EQ(at[0].size(), at[t].size());
        for (std::size_t i = 0; i < std::min(at[0].size(), at[t].size()); ++i) {
            CHECK_EQ(at[0][i].action, at[t][i].action);
            CHECK_EQ(at[0][i].visits, at[t][i].visits);
            CHECK(at[0][i].value_sum == at[t][i].value_sum);
        }
    }
}

TEST(external_depth_asks_again_for_a_kept_root_that_a_rollout_scored) {
    auto g = make_game("triangle");
    auto rec = triangle_after_moves(*g, 4);
    Search s(g, "mcts(evaluator=external,external_depth=1,iterations=400,seed=5)", 1, 1);
    s.set_root(0, rec.data(), kActing);
    run_answered(s, *g);
    const int move = s.chosen_action(0);
    s.advance(0, kActing, move);
    const std::uint64_t kept = s.stats(0).nodes;
    CHECK(kept > 1);  // the subtree below the move played
    CHECK(!s.run(Control()));
    CHECK_EQ(s.pending(), 1u);  // the new root, for the caller's priors
    answer_leaves(s, *g);
    CHECK_EQ(run_answered(s, *g), 0u);
    CHECK(s.chosen_action(0) >= 0);
}

TEST(external_depth_is_refused_without_an_external_evaluator_and_out_of_range) {
    auto g = make_game("triangle");
    auto message = [&](const char* spec) {
        try {
            Search(g, spec, 1, 1);
        } catch (const Error& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    CHECK(message("mcts(external_depth=1)").find("add evaluator=external or drop external_depth") != std::string::npos);
    CHECK(message("mcts(evaluator=external,external_depth=-1)").find("external_depth") != std::string::npos);
    CHECK(message("mcts(evaluator=external,leaf=evaluation,rollout_depth=3)").find("external_depth") != std::string::npos);
    // Where rollouts run (below external_depth), leaf=evaluation scores them (catan).
    auto catan = make_game("catan");
    Search ok(catan, "mcts(evaluator=external,external_depth=1,rollout_depth=3,leaf=evaluation,iterations=5)", 1, 1);
    CHECK(ok.config().external_depth == 1);
    // The option is left out of the canonical spec when it is 0, as before it existed.
    CHECK(Search(g, "mcts(evaluator=external)", 1, 1).config().spec.find("external_depth") == std::string::npos);
    CHECK(Search(g, "mcts(evaluator=external,external_depth=2)", 1, 1).config().spec.find("external_depth=2") != std::string::npos);
}

// X in a corner, O (the heuristic's reply) in the centre, X to move. The heuristic
// answers X's opposite corner with a corner of its own (no win, no block, no centre
// left), which loses to X's fork; a perfect O takes a side and draws. So the search that
// lets the heuristic move for O finds the win, and the one that searches O's replies
// values the same move as the draw it is.
TEST(opponents_policy_searches_a_best_reply_to_the_policy) {
    auto g = make_game("tictactoe");
    auto rec = new_record(*g, 0);
    play(*g, rec.data(), {0, 4});
    auto value_of_opposite_corner = [&](const std::string& spec) {
        Search s(g, spec, 1, 1);
        s.set_root(0, rec.data(), kActing);
        CHECK(s.run(Control()));
        for (const RootChild& c : s.root_children(0)) {
            if (c.action == 8) return c.value_sum[0] / c.visits;
        }
        CHECK(false);
        return 0.0;
    };
    const double against_policy =
        value_of_opposite_corner("mcts(iterations=4000,seed=1,rollout=heuristic,opponents=policy)");
    const double against_search = value_of_opposite_corner("mcts(iterations=4000,seed=1,rollout=heuristic)");
    CHECK(against_policy > 0.8);  // 0.88: the iterations X spends trying its other moves on the way
    CHECK(std::abs(against_search) < 0.3);
    CHECK_EQ(search_once(g, rec.data(), "mcts(iterations=4000,seed=1,rollout=heuristic,opponents=policy)"), 8);
    // The option needs a policy, and a proof needs every reply searched.
    CHECK_THROWS_STATUS(Search(g, "mcts(iterations=10,opponents=policy)", 1, 1), Status::invalid_argument);
    CHECK_THROWS_STATUS(Search(g, "mcts(iterations=10,rollout=heuristic,opponents=policy,solver=true)", 1, 1),
                        Status::invalid_argument);
    CHECK_THROWS_STATUS(Search(g, "mcts(iterations=10,rollout=heuristic,opponents=heuristic)", 1, 1),
                        Status::invalid_argument);
}
