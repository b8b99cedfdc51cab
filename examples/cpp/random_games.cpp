// Plays random games of tic-tac-toe with the header-only C++ wrapper (meeple.hpp)
// and counts the results.
#include <cstdio>
#include <random>

#include <meeple/meeple.hpp>

int main() {
    meeple::Game game("tictactoe");
    std::mt19937_64 rng(7);
    int wins[3] = {0, 0, 0};  // X, O, draw
    for (int i = 0; i < 1000; ++i) {
        meeple::State state = game.new_state(i);
        while (!state.is_terminal()) {
            const auto actions = state.legal_actions();
            state.apply(actions[rng() % actions.size()]);
        }
        const auto r = state.returns();
        ++wins[r[0] > 0 ? 0 : r[1] > 0 ? 1 : 2];
    }
    std::printf("1000 random games of %s: X won %d, O won %d, %d draws\n", game.spec().c_str(), wins[0],
                wins[1], wins[2]);
    // Random play favours X: roughly 58% X, 29% O, 13% draws.
    return wins[0] > wins[1] && wins[1] > wins[2] ? 0 : 1;
}
