// The MCTS solver (src/search/mcts_tree.hpp): its proofs on tic-tac-toe positions
// checked against exact minimax, the move choice they drive, the same results at every
// thread count and for a seed, and no proofs at all in games where they would be unsound.
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "check.hpp"
#include "core/error.hpp"
#include "core/registry.hpp"
#include "search/search.hpp"

using namespace meeple;

namespace {

std::vector<std::uint64_t> position(const AnyGame& g, std::initializer_list<int> moves) {
    std::vector<std::uint64_t> rec((g.record_size() + 7) / 8);
    g.init(rec.data(), 0);
    for (int a : moves) g.apply(rec.data(), kActing, a);
    return rec;
}

// Seat 0's value of `rec` under perfect play (+1, 0, -1): plain minimax.
int exact(const AnyGame& g, const void* rec) {
    if (g.is_terminal(rec)) {
        double r[kMaxPlayers];
        g.returns(rec, r);
        return static_cast<int>(r[0]);
    }
    const int mover = acting_player(g.actors(rec));
    std::uint64_t words[1] = {};
    g.legal_mask(rec, mover, words);
    int best = mover == 0 ? -2 : 2;
    std::vector<std::uint64_t> child((g.record_size() + 7) / 8);
    for (int a = 0; a < g.num_actions(); ++a) {
        if (!((words[0] >> a) & 1)) continue;
        std::copy_n(static_cast<const std::uint64_t*>(rec), child.size(), child.data());
        g.apply(child.data(), mover, a);
        const int v = exact(g, child.data());
        best = mover == 0 ? std::max(best, v) : std::min(best, v);
    }
    return best;
}

// The value of playing `action` at `rec`, for the seat that plays it.
Proof exact_proof(const AnyGame& g, const void* rec, int action) {
    const int mover = acting_player(g.actors(rec));
    std::vector<std::uint64_t> child(static_cast<const std::uint64_t*>(rec),
                                     static_cast<const std::uint64_t*>(rec) + (g.record_size() + 7) / 8);
    g.apply(child.data(), mover, action);
    const int v = exact(g, child.data()) * (mover == 0 ? 1 : -1);
    return v > 0 ? Proof::win : v < 0 ? Proof::loss : Proof::draw;
}

struct Result {
    std::vector<RootChild> children;
    int chosen;
    std::uint64_t iterations;
};

Result search(const std::shared_ptr<const AnyGame>& g, const void* rec, const std::string& spec, int threads = 1) {
    Search s(g, spec, 1, threads);
    s.set_root(0, rec, kActing);
    CHECK(s.run(Control()));
    return Result{s.root_children(0), s.chosen_action(0), s.stats(0).iterations};
}

// Every proof the search made at the root agrees with minimax; returns how many it made.
int check_proofs(const AnyGame& g, const void* rec, const Result& r) {
    int proofs = 0;
    for (const RootChild& c : r.children) {
        if (c.proof == Proof::none) continue;
        ++proofs;
        CHECK(c.proof == exact_proof(g, rec, c.action));
    }
    return proofs;
}

Proof proof_of(const Result& r, int action) {
    for (const RootChild& c : r.children) {
        if (c.action == action) return c.proof;
    }
    return Proof::none;
}

bool same(const Result& a, const Result& b) {
    if (a.chosen != b.chosen || a.iterations != b.iterations || a.children.size() != b.children.size()) return false;
    for (std::size_t i = 0; i < a.children.size(); ++i) {
        const RootChild &x = a.children[i], &y = b.children[i];
        if (x.action != y.action || x.visits != y.visits || x.value_sum != y.value_sum || x.proof != y.proof) return false;
    }
    return true;
}

}  // namespace

TEST(solver_proves_a_win_in_one_and_plays_it_at_once) {
    auto g = make_game("tictactoe");
    // X: 0, 1; O: 3, 4. X to move wins at 2.
    auto rec = position(*g, {0, 3, 1, 4});
    const Result r = search(g, rec.data(), "mcts(iterations=5000,seed=1)");
    CHECK(proof_of(r, 2) == Proof::win);
    CHECK_EQ(r.chosen, 2);
    CHECK(r.iterations < 50);  // the root was proven: the round ended there
    check_proofs(*g, rec.data(), r);
}

TEST(solver_proves_a_win_in_three_through_every_defence) {
    auto g = make_game("tictactoe");
    // X: 0, 8; O: 4, 2. X to move must block at 6, which threatens 0-3-6 and 6-7-8 at
    // once (a fork): O blocks one, X completes the other. Every other move loses.
    auto rec = position(*g, {0, 4, 8, 2});
    CHECK_EQ(exact(*g, rec.data()), 1);
    const Result r = search(g, rec.data(), "mcts(iterations=20000,seed=2)");
    CHECK_EQ(r.chosen, 6);
    CHECK(proof_of(r, 6) == Proof::win);
    CHECK(r.iterations < 20000);
    CHECK(check_proofs(*g, rec.data(), r) >= 1);
}

TEST(solver_proves_a_drawn_position_with_every_move_settled) {
    auto g = make_game("tictactoe");
    // X: 4, 8; O: 0, 2. X to move must block 1 and the game is a draw; the other moves
    // lose to 1.
    auto rec = position(*g, {4, 0, 8, 2});
    CHECK_EQ(exact(*g, rec.data()), 0);
    const Result r = search(g, rec.data(), "mcts(iterations=50000,seed=3)");
    CHECK(r.iterations < 50000);  // all proven, so the root is
    CHECK_EQ(check_proofs(*g, rec.data(), r), static_cast<int>(r.children.size()));
    CHECK_EQ(r.chosen, 1);
    CHECK(proof_of(r, 1) == Proof::draw);
}

TEST(solver_proves_a_lost_position_loses_whatever_is_played) {
    auto g = make_game("tictactoe");
    // X: 0, 1, 3; O: 4, 5. O to move faces 2 (0-1-2) and 6 (0-3-6): every move loses.
    auto rec = position(*g, {0, 4, 1, 5, 3});
    CHECK_EQ(exact(*g, rec.data()), 1);
    const Result r = search(g, rec.data(), "mcts(iterations=5000,seed=4)");
    CHECK(r.iterations < 5000);
    CHECK_EQ(check_proofs(*g, rec.data(), r), static_cast<int>(r.children.size()));
    for (const RootChild& c : r.children) CHECK(c.proof == Proof::loss);
    CHECK(r.chosen >= 0);  // a lost game still gets a legal move
}

TEST(solver_blocks_where_every_other_move_is_a_proven_loss) {
    auto g = make_game("tictactoe");
    // X: 0, 8; O: 4, 3. O threatens 3-4-5: X must block at 5; everything else loses at once.
    auto rec = position(*g, {0, 4, 8, 3});
    const Result r = search(g, rec.data(), "mcts(iterations=400,seed=5)");
    CHECK_EQ(r.chosen, 5);
    for (const RootChild& c : r.children) {
        if (c.action != 5) CHECK(c.proof == Proof::loss);
    }
    check_proofs(*g, rec.data(), r);
}

TEST(solver_never_visits_a_proven_loss_again) {
    auto g = make_game("tictactoe");
    // X: 0, 1; O: 4. O to move must block at 2; the other moves lose to it. The tree
    // evolves the same for a seed, so the first 300 iterations of the longer search
    // are the shorter one: a move proven lost by then is never taken after.
    auto rec = position(*g, {0, 4, 1});
    const Result shorter = search(g, rec.data(), "mcts(iterations=300,seed=6)");
    const Result longer = search(g, rec.data(), "mcts(iterations=3000,seed=6)");
    int losses = 0;
    for (const RootChild& c : shorter.children) {
        if (c.proof != Proof::loss) continue;
        ++losses;
        for (const RootChild& d : longer.children) {
            if (d.action == c.action) CHECK_EQ(d.visits, c.visits);
        }
    }
    CHECK(losses >= 5);
    CHECK_EQ(longer.chosen, 2);
    check_proofs(*g, rec.data(), longer);
}

TEST(solver_results_are_the_same_at_every_thread_count_and_for_a_seed) {
    auto g = make_game("tictactoe");
    for (auto moves : {std::initializer_list<int>{}, {4}, {0, 4, 8}}) {
        auto rec = position(*g, moves);
        const std::string spec = "mcts(iterations=3000,trees=4,seed=7)";
        const Result one = search(g, rec.data(), spec, 1);
        CHECK(same(one, search(g, rec.data(), spec, 4)));
        CHECK(same(one, search(g, rec.data(), spec, 1)));  // the seed fixes everything
        CHECK(!same(one, search(g, rec.data(), "mcts(iterations=3000,trees=4,seed=8)", 1)));
        check_proofs(*g, rec.data(), one);
    }
}

TEST(solver_false_searches_without_proofs) {
    auto g = make_game("tictactoe");
    auto rec = position(*g, {0, 3, 1, 4});
    const Result r = search(g, rec.data(), "mcts(iterations=2000,solver=false,seed=1)");
    CHECK_EQ(r.iterations, 2000u);
    for (const RootChild& c : r.children) CHECK(c.proof == Proof::none);
    CHECK_EQ(r.chosen, 2);
}

// Chance, hidden cards or one seat: a proof could be wrong, so auto proves nothing and
// searches exactly as without a solver, and solver=true is refused.
TEST(solver_stays_off_in_stochastic_hidden_and_one_seat_games) {
    for (const char* spec : {"catan(players=2)", "catan(players=3,explicit_chance=true)", "holdem", "triangle"}) {
        auto g = make_game(spec);
        CHECK(!g->provable());
        std::vector<std::uint64_t> rec((g->record_size() + 7) / 8);
        g->init(rec.data(), 3);
        while (acting_player(g->actors(rec.data())) == kChance) {
            ChanceOutcome outcomes[kMaxChanceOutcomes];
            g->chance_outcomes(rec.data(), outcomes);
            g->apply(rec.data(), kChance, outcomes[0].action);
        }
        for (const char* algorithm : {"mcts", "ismcts"}) {
            const std::string options = "(iterations=200,seed=9";
            const Result a = search(g, rec.data(), algorithm + options + ")");
            const Result b = search(g, rec.data(), algorithm + options + ",solver=false)");
            CHECK(same(a, b));
            for (const RootChild& c : a.children) CHECK(c.proof == Proof::none);
        }
        CHECK_THROWS_STATUS(Search(g, "mcts(solver=true)", 1, 1), Status::invalid_argument);
    }
    try {
        Search(make_game("holdem"), "mcts(solver=true)", 1, 1);
    } catch (const Error& e) {
        const std::string what = e.what();
        CHECK(what.find("holdem") != std::string::npos && what.find("solver=auto") != std::string::npos);
    }
    CHECK_THROWS_STATUS(parse_search_spec("mcts(solver=yes)"), Status::invalid_argument);
}

TEST(solver_true_is_accepted_where_proofs_are_sound) {
    auto g = make_game("tictactoe(misere=true)");
    CHECK(g->provable());
    // Misère: X: 0, 1; O: 3, 4, X to move. 2 makes X's line and loses; the search
    // proves it and plays elsewhere.
    auto rec = position(*g, {0, 3, 1, 4});
    const Result r = search(g, rec.data(), "mcts(iterations=3000,solver=true,seed=1)");
    CHECK(proof_of(r, 2) == Proof::loss);
    CHECK(r.chosen != 2);
    check_proofs(*g, rec.data(), r);
}

TEST(solver_proves_at_expansion_every_move_that_leaves_a_win_in_one) {
    auto g = make_game("tictactoe");
    // X: 0, 1; O: 3. O to move: every move but 2 leaves X 0-1-2. One iteration expands
    // the root, and the look-ahead proves those five moves lost before any is visited.
    auto rec = position(*g, {0, 3, 1});
    const Result r = search(g, rec.data(), "mcts(iterations=1,seed=1)");
    CHECK_EQ(r.children.size(), 6u);
    for (const RootChild& c : r.children) {
        CHECK(c.proof == (c.action == 2 ? Proof::none : Proof::loss));
    }
    check_proofs(*g, rec.data(), r);
    // Without the solver nothing is proven and the iteration goes anywhere.
    for (const RootChild& c : search(g, rec.data(), "mcts(iterations=1,solver=false,seed=1)").children) {
        CHECK(c.proof == Proof::none);
    }
}

TEST(solver_proves_a_fork_at_its_expansion) {
    auto g = make_game("tictactoe");
    // X: 0, 8; O: 4, 2. Every X move but 6 leaves O 2-4-6, so that the first
    // iteration's expansion proves them lost and visits 6; 6 forks (0-3-6, 6-7-8), so
    // that every O reply leaves X a win in one, and the second iteration's expansion
    // proves it, and the root with it. (Without the look-ahead at the replies this took
    // 17 iterations.)
    auto rec = position(*g, {0, 4, 8, 2});
    const Result r = search(g, rec.data(), "mcts(iterations=20000,seed=2)");
    CHECK(proof_of(r, 6) == Proof::win);
    CHECK_EQ(r.iterations, 2u);
    for (const RootChild& c : r.children) CHECK(c.action == 6 || c.proof == Proof::loss);
    check_proofs(*g, rec.data(), r);
}

// Every proof at the root agrees with minimax, from every position three moves in and
// at several budgets, in normal and misère play (where a move that completes a line
// loses, so that the look-ahead's wins are the other seat's).
TEST(solver_proofs_are_exact_from_every_position_three_moves_in) {
    for (const char* spec : {"tictactoe", "tictactoe(misere=true)"}) {
        auto g = make_game(spec);
        int proofs = 0;
        for (int a = 0; a < 9; ++a) {
            for (int b = 0; b < 9; ++b) {
                for (int c = 0; c < 9; ++c) {
                    if (a == b || a == c || b == c) continue;
                    auto rec = position(*g, {a, b, c});
                    for (int iterations : {1, 20, 200}) {
                        const std::string search_spec =
                            "mcts(iterations=" + std::to_string(iterations) + ",seed=" + std::to_string(a * 81 + b * 9 + c) + ")";
                        const Result r = search(g, rec.data(), search_spec);
                        proofs += check_proofs(*g, rec.data(), r);
                        // A proven win at the root is played.
                        bool win = false;
                        for (const RootChild& child : r.children) win = win || child.proof == Proof::win;
                        if (win) CHECK(proof_of(r, r.chosen) == Proof::win);
                    }
                }
            }
        }
        // Misère games end later, so fewer root moves are proven within these budgets.
        CHECK(proofs > (std::string(spec) == "tictactoe" ? 3000 : 100));
    }
}
