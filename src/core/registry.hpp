// The registry of games: a name, its declared options and a factory per game. The list
// itself is src/games/all_games.cpp, one line per game.
#pragma once

#include <memory>
#include <span>
#include <string_view>

#include "core/any_game.hpp"

namespace meeple {

struct GameEntry {
    std::string_view name;
    std::span<const OptionSpec> (*option_specs)();
    std::shared_ptr<const AnyGame> (*make)(const Options&);
};

template <GameRules G>
constexpr GameEntry entry() {
    return GameEntry{
        G::kName,
        [] { return std::span<const OptionSpec>(G::option_specs()); },
        [](const Options& options) -> std::shared_ptr<const AnyGame> {
            return std::make_shared<const GameModel<G>>(options);
        },
    };
}

// Every registered game, sorted by name (defined in src/games/all_games.cpp).
std::span<const GameEntry> registered_games();

// Makes a game from "name(key=value,...)"; throws Error naming what exists.
std::shared_ptr<const AnyGame> make_game(std::string_view spec);

}  // namespace meeple
