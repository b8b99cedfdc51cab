#include "search/search.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <limits>
#include <cstring>
#include <mutex>
#include <string>

#include "core/error.hpp"
#include "core/seed_derivation.hpp"
#include "search/leaf_evaluator.hpp"
#include "search/rollout_policy.hpp"

namespace meeple {
namespace {

// Streams of the search's generators: tree t of root r, and root r's move choice.
constexpr std::uint64_t kTreeStream = 0x74726565;   // "tree"
constexpr std::uint64_t kChoiceStream = 0x63686F6F;  // "choo"
constexpr std::uint64_t kPolicyStream = 0x706F6C69;  // "poli"

std::string root_name(std::size_t root) { return "root " + std::to_string(root); }

}  // namespace

Search::Search(std::shared_ptr<const AnyGame> game, std::string_view spec, std::size_t roots, int threads)
    : game_(std::move(game)), cfg_(parse_search_spec(spec)), pool_(threads) {
    if (roots == 0) fail(Status::invalid_argument, "a search needs at least one root; got 0");
    if (roots > (std::size_t{1} << 24)) {
        fail(Status::invalid_argument, "a search takes at most 16,777,216 roots; got " + std::to_string(roots));
    }
    const std::size_t trees = static_cast<std::size_t>(cfg_.trees);
    trees_.reserve(roots * trees);
    for (std::size_t r = 0; r < roots; ++r) {
        for (std::size_t t = 0; t < trees; ++t) {
            const std::uint64_t seed = derive_seed(derive_seed(cfg_.seed, kTreeStream), r * trees + t);
            std::unique_ptr<RolloutPolicy> policy;
            if (cfg_.heuristic_rollout) policy = make_rollout_policy(game_, "heuristic", derive_seed(seed, kPolicyStream));
            std::unique_ptr<LeafEvaluator> leaf;
            if (cfg_.leaf == LeafValue::evaluation) leaf = make_leaf_evaluator(game_, "evaluation");
            trees_.push_back(game_->make_search_tree(cfg_, seed, std::move(policy), std::move(leaf)));
        }
        choice_rng_.push_back(Rng::from_seed(derive_seed(derive_seed(cfg_.seed, kChoiceStream), r)));
    }
    if (cfg_.solver == SolverMode::on && !game_->provable()) {
        fail(Status::invalid_argument, "search '" + std::string(spec) + "' sets solver=true, but " + game_->name() +
                                           " is not a deterministic, perfect-information two-seat game, where proofs "
                                           "would be unsound: use solver=auto or solver=false (games with proofs: "
                                           "tictactoe)");
    }
    if (cfg_.inputs == LeafInputs::features && game_->feature_size() == 0) {
        fail(Status::invalid_argument, "search '" + std::string(spec) + "' sets inputs=features, but " + game_->name() +
                                           " has no feature vectors: use inputs=observation (games with feature "
                                           "vectors: catan)");
    }
    active_.assign(roots, 0);
    has_result_.assign(roots, 0);
    chosen_.assign(roots, kNoAction);
    seconds_.assign(roots, 0.0);
}

void Search::check_root_index(std::size_t root) const {
    if (root >= roots()) {
        fail(Status::out_of_range, root_name(root) + " is outside this search: roots are 0.." +
                                       std::to_string(roots() - 1));
    }
}

void Search::check_live(std::size_t root, const void* rec, int player) const {
    const Actors actors = game_->actors(rec);
    const int acting = acting_player(actors);
    if (acting == kNobody) fail(Status::wrong_state, root_name(root) + ": the game is over; there is nothing to search");
    if (acting == kChance) {
        fail(Status::wrong_state, root_name(root) + ": a chance outcome is pending; apply it (or advance the search "
                                                    "with it) before searching");
    }
    if (player != kActing && player != acting) {
        if (player < 0 || player >= game_->num_players()) {
            fail(Status::out_of_range, "player " + std::to_string(player) + " is not a seat of " + game_->spec() +
                                           ": use 0.." + std::to_string(game_->num_players() - 1) +
                                           " or MEEPLE_ACTING_PLAYER");
        }
        fail(Status::not_active, root_name(root) + ": player " + std::to_string(player) +
                                     " is not the seat to act; seat " + std::to_string(acting) + " is");
    }
}

void Search::set_root(std::size_t root, const void* rec, int player) {
    check_root_index(root);
    if (in_round_) fail(Status::wrong_state, "a search round is open: run it to its end before setting roots");
    check_live(root, rec, player);
    for (int t = 0; t < cfg_.trees; ++t) tree(root, t).set_root(rec);
    active_[root] = 1;
    has_result_[root] = 0;
}

void Search::clear_root(std::size_t root) {
    check_root_index(root);
    if (in_round_) fail(Status::wrong_state, "a search round is open: run it to its end before clearing roots");
    active_[root] = 0;
    has_result_[root] = 0;
    chosen_[root] = kNoAction;
}

void Search::advance(std::size_t root, int player, int action) {
    check_root_index(root);
    if (in_round_) fail(Status::wrong_state, "a search round is open: run it to its end before advancing roots");
    if (!active_[root]) fail(Status::wrong_state, root_name(root) + " has no state: set it first");
    // Checked on a copy: on an illegal move nothing changes.
    std::vector<std::uint64_t> copy((game_->record_size() + 7) / 8);
    std::memcpy(copy.data(), tree(root, 0).root_record(), game_->record_size());
    game_->apply(copy.data(), player, action);
    const int resolved = game_->resolve_player(tree(root, 0).root_record(), player);
    for (int t = 0; t < cfg_.trees; ++t) tree(root, t).advance(resolved, action);
    has_result_[root] = 0;
}

void Search::begin_round() {
    bool any = false;
    for (std::size_t r = 0; r < roots(); ++r) {
        if (!active_[r]) continue;
        check_live(r, tree(r, 0).root_record(), kActing);
        any = true;
    }
    if (!any) fail(Status::wrong_state, "the search has no root: set one with set_root first");
    for (std::size_t r = 0; r < roots(); ++r) {
        has_result_[r] = 0;
        if (!active_[r]) continue;
        for (int t = 0; t < cfg_.trees; ++t) tree(r, t).begin_round();
    }
    in_round_ = true;
    round_start_ = SearchClock::now();
}

bool Search::run(const Control& control) {
    if (pending()) {
        fail(Status::wrong_state, std::to_string(pending()) + " leaves wait for values: provide them before running on");
    }
    if (!in_round_) begin_round();
    const bool timed = cfg_.time_ms > 0;
    const auto deadline = round_start_ + std::chrono::duration_cast<SearchClock::duration>(
                                             std::chrono::duration<double, std::milli>(cfg_.time_ms));
    const std::uint64_t per_tree = cfg_.iterations / static_cast<std::uint64_t>(cfg_.trees);
    const std::uint64_t extra = cfg_.iterations % static_cast<std::uint64_t>(cfg_.trees);

    std::vector<std::size_t> work;  // indices of the active trees
    for (std::size_t r = 0; r < roots(); ++r) {
        if (!active_[r]) continue;
        for (int t = 0; t < cfg_.trees; ++t) work.push_back(r * static_cast<std::size_t>(cfg_.trees) + static_cast<std::size_t>(t));
    }
    if (control && cfg_.iterations > 0) {
        // Progress counts completed iterations over every root of the round.
        std::uint64_t done = 0;
        for (std::size_t i : work) done += trees_[i]->stats().iterations;
        control.set_total(cfg_.iterations * (work.size() / static_cast<std::size_t>(cfg_.trees)));
        control.advance(done);
    }
    std::atomic<bool> failed{false};
    std::exception_ptr error;
    std::mutex error_lock;
    auto body = [&](std::size_t b, std::size_t e, int) {
        for (std::size_t i = b; i < e; ++i) {
            const std::size_t index = work[i];
            const std::uint64_t t = index % static_cast<std::size_t>(cfg_.trees);
            const std::uint64_t limit = cfg_.iterations == 0 ? std::numeric_limits<std::uint64_t>::max()
                                                             : per_tree + (t < extra ? 1 : 0);
            try {
                trees_[index]->run(limit, deadline, timed, control);
            } catch (...) {
                std::lock_guard<std::mutex> lock(error_lock);
                if (!failed.exchange(true)) error = std::current_exception();
            }
        }
    };
    pool_.run(work.size(), 1, body);
    if (failed) std::rethrow_exception(error);
    control.check();
    if (pending()) return false;
    finish_round();
    return true;
}

std::size_t Search::pending() const {
    std::size_t n = 0;
    for (const auto& t : trees_) n += t->pending();
    return n;
}

void Search::write_leaves(float* obs, std::uint64_t* masks, std::int32_t* roots_out, std::int32_t* players) const {
    const std::size_t obs_size = static_cast<std::size_t>(leaf_size());
    const std::size_t words = static_cast<std::size_t>(game_->mask_words());
    std::vector<std::size_t> first(trees_.size() + 1, 0);
    for (std::size_t i = 0; i < trees_.size(); ++i) first[i + 1] = first[i] + trees_[i]->pending();
    // Observations (or feature vectors) are the bulk of the bytes: the pool writes each tree's rows.
    auto body = [&](std::size_t b, std::size_t e, int) {
        for (std::size_t i = b; i < e; ++i) {
            for (std::size_t k = 0, row = first[i]; row < first[i + 1]; ++k, ++row) {
                if (masks) std::fill_n(masks + row * words, words, 0);
                trees_[i]->write_leaf(k, obs ? obs + row * obs_size : nullptr, masks ? masks + row * words : nullptr,
                                      players ? players + row : nullptr);
                if (roots_out) roots_out[row] = static_cast<std::int32_t>(i / static_cast<std::size_t>(cfg_.trees));
            }
        }
    };
    pool_.run(trees_.size(), 1, body);
}

void Search::provide(const float* values, const float* priors) {
    const std::size_t n = pending();
    if (n == 0) fail(Status::wrong_state, "no leaves wait for values: run the search first");
    const std::size_t players = static_cast<std::size_t>(game_->num_players());
    const std::size_t actions = static_cast<std::size_t>(game_->num_actions());
    const std::size_t words = static_cast<std::size_t>(game_->mask_words());
    for (std::size_t i = 0; i < n * players; ++i) {
        if (!std::isfinite(values[i])) {
            fail(Status::invalid_argument, "value " + std::to_string(values[i]) + " of leaf " + std::to_string(i / players) +
                                               ", seat " + std::to_string(i % players) + " is not a finite number");
        }
    }
    if (priors) {
        std::vector<std::uint64_t> masks(n * words, 0);
        write_leaves(nullptr, masks.data(), nullptr, nullptr);
        for (std::size_t leaf = 0; leaf < n; ++leaf) {
            for (std::size_t a = 0; a < actions; ++a) {
                const float p = priors[leaf * actions + a];
                const bool legal = (masks[leaf * words + a / 64] >> (a % 64)) & 1;
                if (!std::isfinite(p) || p < 0) {
                    fail(Status::invalid_argument, "prior " + std::to_string(p) + " of leaf " + std::to_string(leaf) +
                                                       ", action " + std::to_string(a) +
                                                       " is not a finite, non-negative number");
                }
                if (p > 0 && !legal) {
                    fail(Status::invalid_argument, "leaf " + std::to_string(leaf) + " gives prior " + std::to_string(p) +
                                                       " to action " + std::to_string(a) + " (" + game_->action_name(static_cast<int>(a)) +
                                                       "), which is not legal there: zero the priors outside the leaf's mask");
                }
            }
        }
    }
    std::vector<std::size_t> first(trees_.size() + 1, 0);
    for (std::size_t i = 0; i < trees_.size(); ++i) first[i + 1] = first[i] + trees_[i]->pending();
    auto body = [&](std::size_t b, std::size_t e, int) {
        for (std::size_t i = b; i < e; ++i) {
            if (trees_[i]->pending() == 0) continue;
            trees_[i]->provide(values + first[i] * players, priors ? priors + first[i] * actions : nullptr);
        }
    };
    pool_.run(trees_.size(), 1, body);
}

void Search::finish_round() {
    const double seconds = std::chrono::duration<double>(SearchClock::now() - round_start_).count();
    in_round_ = false;
    for (std::size_t r = 0; r < roots(); ++r) {
        if (!active_[r]) continue;
        seconds_[r] = seconds;
        has_result_[r] = 1;
        const std::vector<RootChild> children = root_children(r);
        bool proven_win = false, open_move = false;  // solver: a move that wins, one that is not a proven loss
        for (const RootChild& c : children) {
            proven_win = proven_win || c.proof == Proof::win;
            open_move = open_move || (c.proof != Proof::loss && c.visits > 0);
        }
        if (cfg_.temperature <= 0 || children.empty() || proven_win) {
            chosen_[r] = most_visited(r);  // a proven win is played whatever the temperature
            continue;
        }
        // Sample in proportion to visits^(1/t), in action order, with the root's generator;
        // proven losses get no weight while another move remains.
        std::vector<double> weight(children.size());
        double total = 0;
        for (std::size_t i = 0; i < children.size(); ++i) {
            const bool excluded = open_move && children[i].proof == Proof::loss;
            weight[i] = excluded ? 0.0 : std::pow(static_cast<double>(children[i].visits), 1.0 / cfg_.temperature);
            total += weight[i];
        }
        if (!(total > 0) || !std::isfinite(total)) {
            chosen_[r] = most_visited(r);
            continue;
        }
        double u = choice_rng_[r].unit() * total;
        chosen_[r] = children.back().action;
        for (std::size_t i = 0; i < children.size(); ++i) {
            if ((u -= weight[i]) < 0) {
                chosen_[r] = children[i].action;
                break;
            }
        }
    }
}

void Search::check_results(std::size_t root) const {
    check_root_index(root);
    if (!has_result_[root]) {
        fail(Status::wrong_state, root_name(root) + " has no finished search yet: run the search to its end first");
    }
}

std::vector<RootChild> Search::root_children(std::size_t root) const {
    check_root_index(root);
    // An idle root's trees are empty, or a cleared root's stale: nothing to read.
    if (!active_[root]) fail(Status::wrong_state, root_name(root) + " is idle: it has no search to read");
    const std::size_t players = static_cast<std::size_t>(game_->num_players());
    std::vector<RootChild> all;
    for (int t = 0; t < cfg_.trees; ++t) tree(root, t).root_children(all);
    std::sort(all.begin(), all.end(), [](const RootChild& a, const RootChild& b) { return a.action < b.action; });
    std::vector<RootChild> merged;
    for (RootChild& c : all) {
        if (!merged.empty() && merged.back().action == c.action) {
            merged.back().visits += c.visits;
            for (std::size_t p = 0; p < players; ++p) merged.back().value_sum[p] += c.value_sum[p];
            // Proofs are exact, so the trees that have one agree.
            if (merged.back().proof == Proof::none) merged.back().proof = c.proof;
        } else {
            merged.push_back(std::move(c));
        }
    }
    return merged;
}

// A proven win first, a proven loss last (solver), then most visits; ties to the higher
// mean value for the seat to act, then the lower action.
int Search::most_visited(std::size_t root) const {
    const int seat = acting_player(game_->actors(tree(root, 0).root_record()));
    auto rank = [](Proof p) { return p == Proof::win ? 2 : p == Proof::loss ? 0 : 1; };
    int best = kNoAction, best_rank = -1;
    std::uint64_t best_visits = 0;
    double best_mean = -std::numeric_limits<double>::infinity();
    for (const RootChild& c : root_children(root)) {
        // A move proven by looking one step ahead may have no visits yet.
        if (c.visits == 0 && c.proof == Proof::none) continue;
        const int r = rank(c.proof);
        const double mean =
            seat >= 0 && c.visits ? c.value_sum[static_cast<std::size_t>(seat)] / static_cast<double>(c.visits) : 0;
        if (r > best_rank || (r == best_rank && (c.visits > best_visits || (c.visits == best_visits && mean > best_mean)))) {
            best = c.action, best_rank = r, best_visits = c.visits, best_mean = mean;
        }
    }
    return best;
}

int Search::chosen_action(std::size_t root) const {
    check_root_index(root);
    if (!active_[root]) return kNoAction;
    check_results(root);
    return chosen_[root];
}

void Search::root_value(std::size_t root, double* out) const {
    check_results(root);
    const int players = game_->num_players();
    std::vector<double> sum(static_cast<std::size_t>(players), 0.0), part(static_cast<std::size_t>(players));
    std::uint64_t visits = 0;
    for (int t = 0; t < cfg_.trees; ++t) {
        tree(root, t).root_value_sum(part.data());
        for (int p = 0; p < players; ++p) sum[static_cast<std::size_t>(p)] += part[static_cast<std::size_t>(p)];
        visits += tree(root, t).root_visits();
    }
    for (int p = 0; p < players; ++p) out[p] = visits ? sum[static_cast<std::size_t>(p)] / static_cast<double>(visits) : 0.0;
}

void Search::policy(std::size_t root, double temperature, float* out) const {
    check_results(root);
    if (!(temperature >= 0) || !std::isfinite(temperature)) {
        fail(Status::invalid_argument, "temperature " + std::to_string(temperature) + " must be a finite number >= 0");
    }
    std::fill_n(out, game_->num_actions(), 0.0f);
    const std::vector<RootChild> children = root_children(root);
    std::uint64_t most = 0;
    bool proven_win = false;
    for (const RootChild& c : children) most = std::max(most, c.visits), proven_win = proven_win || c.proof == Proof::win;
    // A proven win (solver) is the move whatever the visits say; so is the chosen move
    // of a root settled before any child had a visit.
    if (temperature == 0 || proven_win || most == 0) {
        const int best = most_visited(root);
        if (best >= 0) out[best] = 1.0f;
        return;
    }
    // Scaled by the largest count first, so that a small temperature cannot overflow.
    double total = 0;
    std::vector<double> weight(children.size());
    for (std::size_t i = 0; i < children.size(); ++i) {
        total += (weight[i] = std::pow(static_cast<double>(children[i].visits) / static_cast<double>(most), 1.0 / temperature));
    }
    for (std::size_t i = 0; i < children.size(); ++i) out[children[i].action] = static_cast<float>(weight[i] / total);
}

std::vector<int> Search::principal_variation(std::size_t root) const {
    check_results(root);
    std::vector<int> line;
    tree(root, 0).principal_variation(line);
    return line;
}

SearchRootStats Search::stats(std::size_t root) const {
    check_root_index(root);
    SearchRootStats s;
    if (!active_[root]) return s;
    for (int t = 0; t < cfg_.trees; ++t) {
        const TreeStats ts = tree(root, t).stats();
        s.iterations += ts.iterations;
        s.nodes += ts.nodes;
        s.max_depth = std::max(s.max_depth, ts.max_depth);
    }
    s.seconds = seconds_[root];
    return s;
}

}  // namespace meeple
