// The game specs the batch tests run over: every registered game with its defaults,
// plus option sets that reach more of the batch (explicit chance makes the chance
// player act, so masks, steps and observations take their chance paths).
#pragma once

#include <string>
#include <vector>

#include "core/registry.hpp"

namespace meeple::test {

inline std::vector<std::string> batch_specs() {
    std::vector<std::string> specs;
    for (const GameEntry& entry : registered_games()) {
        specs.emplace_back(entry.name);
        if (entry.name == "catan") specs.emplace_back("catan(explicit_chance=true)");
        if (entry.name == "holdem") specs.emplace_back("holdem(players=4,variant=plo,ante=1,explicit_chance=true)");
    }
    return specs;
}

}  // namespace meeple::test
