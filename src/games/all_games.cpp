// The list of registered games. Adding a game: one folder under src/games/ and one
// line here.
#include "core/registry.hpp"
#include "games/catan/catan.hpp"
#include "games/holdem/holdem.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "games/triangle/triangle.hpp"

namespace meeple {

std::span<const GameEntry> registered_games() {
    static constexpr GameEntry kGames[] = {
        entry<catan::Catan>(),
        entry<holdem::Holdem>(),
        entry<tictactoe::TicTacToe>(),
        entry<triangle::Triangle>(),
    };
    return kGames;
}

}  // namespace meeple
