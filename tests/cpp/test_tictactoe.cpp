// Tic-tac-toe rules on constructed positions, and a full-tree count that pins the
// rules to the known numbers of the game.
#include <vector>

#include "check.hpp"
#include "core/options.hpp"
#include "games/tictactoe/tictactoe.hpp"

using namespace meeple;
using namespace meeple::tictactoe;

namespace {

TicTacToe make(bool misere = false) {
    return TicTacToe(Options("tictactoe", TicTacToe::option_specs(), {{"misere", misere ? "true" : "false"}}));
}

TicTacToe::State play(const TicTacToe& g, std::initializer_list<int> cells) {
    TicTacToe::State s{};
    Rng rng = Rng::from_seed(0);
    g.init(s, rng);
    for (int c : cells) g.apply(s, s.to_move, c, rng);
    return s;
}

// Counts complete games and outcomes by walking the whole tree.
void walk(const TicTacToe& g, const TicTacToe::State& s, long& games, long& x, long& o, long& draws) {
    if (g.is_terminal(s)) {
        ++games;
        (s.outcome == kXWins ? x : s.outcome == kOWins ? o : draws)++;
        return;
    }
    std::uint64_t mask = 0;
    g.legal_mask(s, s.to_move, &mask);
    Rng rng = Rng::from_seed(0);
    for (int a = 0; a < 9; ++a) {
        if (!((mask >> a) & 1)) continue;
        TicTacToe::State next = s;
        g.apply(next, s.to_move, a, rng);
        walk(g, next, games, x, o, draws);
    }
}

}  // namespace

TEST(every_line_of_three_wins) {
    const TicTacToe g = make();
    for (std::uint16_t line : kLineMasks) {
        // Build it by play: X on the line, O elsewhere away from completing anything.
        std::vector<int> xs, os;
        for (int c = 0; c < 9; ++c) ((line >> c) & 1 ? xs : os).push_back(c);
        TicTacToe::State t{};
        Rng rng = Rng::from_seed(0);
        int oi = 0;
        for (int i = 0; i < 3; ++i) {
            g.apply(t, 0, xs[i], rng);
            if (i < 2) {
                // O plays a cell not on the line and not making an O line.
                while (g.is_terminal(t) || ((t.marks[0] | t.marks[1]) >> os[oi] & 1)) ++oi;
                g.apply(t, 1, os[oi++], rng);
            }
        }
        CHECK_EQ(t.outcome, kXWins);
        CHECK(g.check(t).empty());
    }
}

TEST(the_game_tree_has_255168_games) {
    // Known counts for tic-tac-toe: 255,168 games; X wins 131,184, O 77,904, draws 46,080.
    const TicTacToe g = make();
    long games = 0, x = 0, o = 0, draws = 0;
    walk(g, play(g, {}), games, x, o, draws);
    CHECK_EQ(games, 255168);
    CHECK_EQ(x, 131184);
    CHECK_EQ(o, 77904);
    CHECK_EQ(draws, 46080);
}

TEST(misere_swaps_who_wins_a_line) {
    const TicTacToe g = make(true);
    const auto s = play(g, {0, 3, 1, 4, 2});
    CHECK_EQ(s.outcome, kOWins);
    double r[2];
    g.returns(s, r);
    CHECK(r[0] == -1.0 && r[1] == 1.0);
}

TEST(no_move_is_legal_after_the_game_ends) {
    const TicTacToe g = make();
    const auto s = play(g, {0, 3, 1, 4, 2});
    CHECK_EQ(g.actors(s), 0u);
}

TEST(a_full_board_without_lines_is_a_draw) {
    const TicTacToe g = make();
    const auto s = play(g, {0, 1, 2, 4, 3, 5, 7, 6, 8});
    CHECK_EQ(s.outcome, kDraw);
    CHECK(g.check(s).empty());
}
