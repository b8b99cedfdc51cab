#include "core/registry.hpp"
#include "core/echo.hpp"

#include <string>

namespace meeple {

std::shared_ptr<const AnyGame> make_game(std::string_view spec) {
    const ParsedSpec parsed = parse_spec(spec);
    for (const GameEntry& e : registered_games()) {
        if (e.name == parsed.name) {
            return e.make(Options(e.name, e.option_specs(), parsed.options));
        }
    }
    std::string names;
    for (const GameEntry& e : registered_games()) names += (names.empty() ? "" : ", ") + std::string(e.name);
    fail(Status::invalid_argument, "unknown game '" + echo(parsed.name) + "'; available: " + names);
}

}  // namespace meeple
