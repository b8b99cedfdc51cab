// The list of registered games. Adding a game: one folder under src/games/ and one
// line here.
#include "core/registry.hpp"
#include "games/tictactoe/tictactoe.hpp"

namespace meeple {

std::span<const GameEntry> registered_games() {
    static constexpr GameEntry kGames[] = {
        entry<tictactoe::TicTacToe>(),
    };
    return kGames;
}

}  // namespace meeple
