// One Monte Carlo search tree over one root, as the search holder (search.hpp) sees it.
// The implementation is a template per game model (mcts_tree.hpp), so the work inside
// a run inlines the rules: one virtual call a run of many iterations, none a node.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/control.hpp"

namespace meeple {

using SearchClock = std::chrono::steady_clock;

// What the solver proved about a move (docs/search.md, "The solver"), for the seat that
// makes it: nothing, or that it loses, draws or wins against every defence.
enum class Proof : std::int8_t { none, loss, draw, win };

// One action at a root: how often the search took it, the sum of what it found, per
// seat, and what the solver proved about it.
struct RootChild {
    int action;
    std::uint64_t visits;
    std::vector<double> value_sum;  // [players]
    Proof proof = Proof::none;
};

struct TreeStats {
    std::uint64_t nodes = 0;
    std::uint64_t max_depth = 0;
    std::uint64_t iterations = 0;  // completed in the current round
};

class SearchTree {
public:
    virtual ~SearchTree() = default;

    // Copies `rec` (a record of the tree's game) as the root and starts an empty tree.
    virtual void set_root(const void* rec) = 0;
    // Applies a checked, legal (player, action) to the root and keeps the subtree it
    // leads to when the configuration reuses trees and the tree has one.
    virtual void advance(int player, int action) = 0;
    virtual const void* root_record() const = 0;

    // Starts a round: iteration counts go to zero; pending leaves must be none.
    virtual void begin_round() = 0;
    // Runs iterations until `limit` of this round are started, the deadline passes, the
    // control block cancels, or (external evaluator) the batch of pending leaves is full.
    // Never throws.
    virtual void run(std::uint64_t limit, SearchClock::time_point deadline, bool timed, const Control& control) = 0;

    virtual std::size_t pending() const = 0;
    // Leaf k of the pending ones: its observation (or feature vector, seat variant, with
    // inputs=features) from the seat to act there, the legal
    // mask of that seat, and the seat.
    virtual void write_leaf(std::size_t k, float* obs, std::uint64_t* mask, std::int32_t* player) const = 0;
    // Takes values [pending][players] and priors [pending][num_actions] (or null: uniform)
    // for every pending leaf, already checked, and backs them up.
    virtual void provide(const float* values, const float* priors) = 0;

    virtual void root_children(std::vector<RootChild>& out) const = 0;
    // Visits and value sums of the root itself.
    virtual std::uint64_t root_visits() const = 0;
    virtual void root_value_sum(double* out) const = 0;
    // The most visited line from the root (through a proven node: the move that proves it).
    virtual void principal_variation(std::vector<int>& out) const = 0;
    virtual TreeStats stats() const = 0;
};

}  // namespace meeple
