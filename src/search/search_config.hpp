// A search's configuration, made from a spec string like a game's:
// "mcts(iterations=800,c_uct=1.4)" or "ismcts(iterations=1000,evaluator=external)".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/options.hpp"

namespace meeple {

enum class Selection { uct, puct };
enum class Evaluator { rollout, external };
enum class ChanceMode { sample, expand };
enum class LeafInputs { observation, features };
enum class LeafValue { game, evaluation };
// Who moves for the other seats inside the tree: the search (max^n, each seat for
// itself), or the rollout policy, so that the tree branches on the searching seat's
// own decisions alone (a best reply to opponents who play that policy).
enum class Opponents { search, policy };
// auto: proofs where the game declares them sound (core/game.hpp, Provable); on: the
// same, and a game that cannot have them is refused; off: never.
enum class SolverMode { automatic, on, off };

struct SearchConfig {
    std::string spec;            // canonical: every option in declared order
    bool information_set = false;  // ismcts: every iteration searches a fresh determinization
    std::uint64_t iterations = 0;  // per root; 0 with time_ms > 0: as many as time allows
    double time_ms = 0;            // wall-clock budget of one run per root (0: none)
    Selection selection = Selection::uct;
    Evaluator evaluator = Evaluator::rollout;
    double c_uct = 1.4;
    double c_puct = 1.5;
    int rollout_depth = -1;  // -1: play rollouts to the end
    bool heuristic_rollout = false;  // rollouts played by the game's heuristic player
    double policy_prior = 0;  // share of the prior on the rollout policy's move (puct)
    ChanceMode chance = ChanceMode::sample;
    double dirichlet_alpha = 0;  // 0: no root noise
    double dirichlet_fraction = 0.25;
    double temperature = 0;  // 0: the most visited action
    int virtual_loss = 1;
    int batch = 8;            // leaves a tree collects before asking the caller (external)
    // External evaluator: the tree depth from which leaves are scored by rollouts instead
    // of the caller (0: none are; 1: the caller gives only the root's value and priors).
    int external_depth = 0;
    int trees = 1;            // independent trees a root, merged at the root (root parallelism)
    bool reuse = true;        // keep the subtree of the actions played between searches
    std::uint64_t seed = 0;
    // What write_leaves puts in a leaf's row: the observation, or the game's feature
    // vector (seat variant) seen by the seat to act at the leaf (external evaluator).
    LeafInputs inputs = LeafInputs::observation;
    // Where a rollout stops early: the game's heuristic value, or the agents' evaluation
    // of the game (leaf_evaluator.hpp).
    LeafValue leaf = LeafValue::game;
    SolverMode solver = SolverMode::automatic;
    Opponents opponents = Opponents::search;
};

// Parses and checks a spec; throws Error naming the bad part and what is accepted.
SearchConfig parse_search_spec(std::string_view spec);

// A time budget given as `time_ms=` in `parsed` (an agent's or a search's spec): 0 when
// none is given; throws Error naming the range (1 to 3600000 ms) for 0, negatives,
// over an hour or no number.
double given_time_budget(const std::string& owner, const ParsedSpec& parsed);

// The option table of every search, for documentation and error messages.
std::span<const OptionSpec> search_option_specs();

}  // namespace meeple
