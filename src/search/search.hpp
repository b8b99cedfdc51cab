// A search over one or many roots of one game: the trees (one or `trees` a root, merged
// at the root), the threads that run them, the round of iterations, and the evaluator
// loop. With an external evaluator a run stops when leaves wait for values; the caller
// reads them (observations and masks), evaluates them however it likes and provides
// values and priors; the next run resumes. No callback ever crosses the C ABI.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "core/any_game.hpp"
#include "core/control.hpp"
#include "core/thread_pool.hpp"
#include "search/search_config.hpp"
#include "search/search_tree.hpp"

namespace meeple {

struct SearchRootStats {
    std::uint64_t iterations = 0;  // completed in the last round
    std::uint64_t nodes = 0;
    std::uint64_t max_depth = 0;
    double seconds = 0;            // wall-clock time of the last round
};

class Search {
public:
    // Throws Error for a bad spec, a root count of 0 or threads outside 0..256.
    Search(std::shared_ptr<const AnyGame> game, std::string_view spec, std::size_t roots, int threads);

    const AnyGame& game() const { return *game_; }
    const SearchConfig& config() const { return cfg_; }
    std::size_t roots() const { return active_.size(); }
    bool active(std::size_t root) const { return active_[root] != 0; }
    bool in_round() const { return in_round_; }

    // Makes `rec` root `root`, for `player`, who must be the seat to act there (kActing:
    // whoever it is). Throws for a finished game, a chance node or another seat.
    void set_root(std::size_t root, const void* rec, int player);
    // Leaves a root idle: runs skip it and its chosen action is kNoAction.
    void clear_root(std::size_t root);
    // Plays a move at a root (checked against its state), keeping the subtree it leads to.
    void advance(std::size_t root, int player, int action);

    // Runs the round (starting one when none is open). Returns true when it is done
    // (results ready), false when leaves wait for the caller's values. Throws Error
    // (cancelled) when the control block cancels: the round stays open and keeps the
    // iterations done, and a later run goes on with it.
    bool run(const Control& control);

    std::size_t pending() const;
    // Floats in a leaf's row: obs_size, or the game's feature size with inputs=features.
    int leaf_size() const { return cfg_.inputs == LeafInputs::features ? game_->feature_size() : game_->obs_size(); }
    // Rows in tree order: obs [pending][leaf_size] (observations, or feature vectors with
    // inputs=features), masks [pending][mask_words], the root
    // and the seat to act of each leaf. Any pointer may be null.
    void write_leaves(float* obs, std::uint64_t* masks, std::int32_t* roots, std::int32_t* players) const;
    // Values [pending][players] and priors [pending][num_actions] (null: uniform). Checks
    // everything before it changes anything: finite values; priors finite, not negative
    // and zero on every illegal action.
    void provide(const float* values, const float* priors);

    // Results of the last finished round (Error wrong_state before there is one).
    int chosen_action(std::size_t root) const;
    // Merged over trees, by action; also between rounds (after advance). Error
    // wrong_state for an idle root.
    std::vector<RootChild> root_children(std::size_t root) const;
    void root_value(std::size_t root, double* out) const;
    // visits^(1/temperature) normalised over num_actions; temperature 0: the chosen
    // action alone (the most visited).
    void policy(std::size_t root, double temperature, float* out) const;
    std::vector<int> principal_variation(std::size_t root) const;
    SearchRootStats stats(std::size_t root) const;

private:
    SearchTree& tree(std::size_t root, int t) const { return *trees_[root * static_cast<std::size_t>(cfg_.trees) + static_cast<std::size_t>(t)]; }
    void check_root_index(std::size_t root) const;
    void check_results(std::size_t root) const;
    void check_live(std::size_t root, const void* rec, int player) const;
    void begin_round();
    void finish_round();
    int most_visited(std::size_t root) const;

    std::shared_ptr<const AnyGame> game_;
    SearchConfig cfg_;
    std::vector<std::unique_ptr<SearchTree>> trees_;
    std::vector<std::uint8_t> active_;
    std::vector<std::uint8_t> has_result_;
    std::vector<std::int32_t> chosen_;
    std::vector<Rng> choice_rng_;
    std::vector<double> seconds_;
    mutable ThreadPool pool_;  // const reads (write_leaves) split their work too
    bool in_round_ = false;
    SearchClock::time_point round_start_{};
};

}  // namespace meeple
