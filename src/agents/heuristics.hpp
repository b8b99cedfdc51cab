// The per-game heuristic agents (one file a game), for the agent registry.
#pragma once

#include <memory>
#include <string_view>

#include "agents/agent.hpp"

namespace meeple {

// nullptr when the game has no heuristic.
std::unique_ptr<Agent> make_heuristic_agent(std::shared_ptr<const AnyGame> game, std::uint64_t seed);

std::unique_ptr<Agent> make_tictactoe_heuristic(std::shared_ptr<const AnyGame> game, std::uint64_t seed);
std::unique_ptr<Agent> make_triangle_heuristic(std::shared_ptr<const AnyGame> game, std::uint64_t seed);
std::unique_ptr<Agent> make_catan_heuristic(std::shared_ptr<const AnyGame> game, std::uint64_t seed);
std::unique_ptr<Agent> make_holdem_heuristic(std::shared_ptr<const AnyGame> game, std::uint64_t seed);

// alphabeta (catan only; catan_alphabeta.cpp): its spec checked, options named when wrong.
std::unique_ptr<Agent> make_catan_alphabeta(std::shared_ptr<const AnyGame> game, std::string_view spec,
                                            std::uint64_t seed);

}  // namespace meeple
