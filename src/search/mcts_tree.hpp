// Monte Carlo tree search over one game type: UCT or PUCT selection, per-seat value
// vectors backed up max^n style, leaves scored by random rollouts or by the caller's
// evaluator, with virtual loss so that one tree can hand out a batch of distinct leaves.
//
// Nodes are keyed by the actions that lead to them, not by states: an iteration replays
// the actions from a copy of the root. What that copy draws as chance decides between
// the two ways of searching a random game:
// - Closed loop: a game with explicit chance shows each outcome as an action of the
//   chance player; the tree branches on it (`chance=sample` draws outcomes by their
//   probability, `chance=expand` creates them all and visits each in proportion).
// - Open loop: with implicit chance, outcomes are drawn inside apply from the copy's
//   generator, which each iteration reseeds; a node then stands for an action sequence
//   and its statistics average over the outcomes met on the way. IS-MCTS is open loop
//   over chance as well, since an outcome a seat cannot see must not key its tree.
// Because the state under a node can differ from one iteration to the next, each child
// counts its availability (how often its action was legal when its parent chose), and
// UCT explores by it, as in Cowling, Powley and Whitehouse's information-set MCTS.
//
// Information-set MCTS (ismcts): every iteration starts from a fresh determinization
// of the root for the seat to act there, so no iteration reads what that seat cannot see.
//
// The solver (MCTS-solver, Winands, Bjornsson and Saito 2008), only in games that declare
// proofs sound (core/game.hpp, Provable: deterministic, perfect information, two seats,
// +1/0/-1): a terminal node is proven with its returns; a node is proven a win for its
// mover as soon as one child is, and otherwise once every child is proven, with the
// best of them. New children are proven by looking two steps ahead: a move that ends the
// game, and a move after which the opponent ends it with a win at once (its loss).
// Iterations that reach a proven node back up its exact value from there;
// selection never takes a proven loss while another child remains; a proven root ends
// the round.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <type_traits>
#include <vector>

#include "core/any_game.hpp"
#include "core/mask_bits.hpp"
#include "core/seed_derivation.hpp"
#include "search/leaf_evaluator.hpp"
#include "search/rollout_policy.hpp"
#include "search/search_config.hpp"
#include "search/search_tree.hpp"

namespace meeple {

struct SearchNode {
    std::int32_t parent = -1;
    std::int32_t first_child = -1;
    std::int32_t next_sibling = -1;
    std::int32_t action = -1;          // the edge from the parent
    std::uint32_t visits = 0;          // completed iterations through this node
    std::uint32_t available = 0;       // choices at the parent in which this action was legal
                                       // (counted from the parent's first choice)
    std::uint32_t virtual_visits = 0;  // virtual losses of pending iterations through it
    std::uint32_t choices = 0;         // times an iteration chose among its children
    float prior = 0;
    float inv_sqrt_n = 0;              // 1 / sqrt(visits + virtual_visits), 0 before any
    std::uint8_t evaluated = 0;  // a decision node whose leaf value (and priors) came back (2: from a rollout)
    std::uint8_t pending = 0;    // waiting for the caller's evaluation
    std::uint8_t chance_edge = 0;
    std::uint8_t proof = 0;      // solver: 0 unproven, else seat 0's exact value + 2 (1, 2, 3)
};

// A node of a two-seat tree with its seats' value sums inside it (64 bytes, one cache
// line): selection reads a child's counts and its mover's sum from one place.
struct SearchNodeWithSums : SearchNode {
    double sums[2] = {0.0, 0.0};
};

// log(n) for UCT's exploration term, which needs a few digits, not all of them: exact
// from a table below 4,096, else from the exponent and a table of the 10 bits after the
// leading one (within 0.001 of the true value). No library call on the hot path, and the
// tables are built when the library loads, so a lookup has no guard to test.
struct CountTables {
    static constexpr std::uint32_t kSmall = 4096, kFraction = 1024;
    double log[kSmall + kFraction];
    float inv_sqrt[kSmall];  // 1 / sqrt(n) as refresh() rounds it; 0 for 0
    CountTables() {
        log[0] = 0;
        for (std::uint32_t i = 1; i < kSmall; ++i) log[i] = std::log(static_cast<double>(i));
        for (std::uint32_t k = 0; k < kFraction; ++k) log[kSmall + k] = std::log1p((k + 0.5) / kFraction);
        inv_sqrt[0] = 0.0f;
        for (std::uint32_t i = 1; i < kSmall; ++i) inv_sqrt[i] = static_cast<float>(1 / std::sqrt(static_cast<double>(i)));
    }
};
inline const CountTables kCountTables;

inline double log_of_count(std::uint32_t n) {
    constexpr std::uint32_t kSmall = CountTables::kSmall, kFraction = CountTables::kFraction;
    if (n < kSmall) return kCountTables.log[n];
    const int exponent = 31 - std::countl_zero(n);  // at least 12
    const std::uint32_t fraction = (n >> (exponent - 10)) & (kFraction - 1);
    return exponent * 0.6931471805599453 + kCountTables.log[kSmall + fraction];
}

// 1 / sqrt(n) rounded to float, from the table below 4,096 (the same bits).
inline float inv_sqrt_of_count(std::uint32_t n) {
    if (n < CountTables::kSmall) return kCountTables.inv_sqrt[n];
    return static_cast<float>(1 / std::sqrt(static_cast<double>(n)));
}

template <class Model>
class MctsTree final : public SearchTree {
public:
    MctsTree(const Model& game, const SearchConfig& config, std::uint64_t seed, std::unique_ptr<RolloutPolicy> policy,
             std::unique_ptr<LeafEvaluator> leaf)
        : game_(game),
          cfg_(config),
          players_(game.num_players()),
          words_(game.mask_words()),
          record_words_((game.record_size() + 7) / 8),
          rng_(Rng::from_seed(seed)),
          root_(record_words_),
          work_(record_words_),
          mask_(static_cast<std::size_t>(words_)),
          seen_(static_cast<std::size_t>(words_)),
          outcomes_(static_cast<std::size_t>(std::max(1, game.max_chance_outcomes()))),
          value_(static_cast<std::size_t>(players_)),
          policy_(std::move(policy)),
          leaf_(std::move(leaf)) {
        closed_loop_chance_ = !cfg_.information_set;
        policy_opponents_ = cfg_.opponents == Opponents::policy && policy_ != nullptr;
    }

    // Proofs are sound only in a game that declares them so; the option can only turn
    // them off.
    static constexpr bool kSolverGame = Model::kProvable;
    // A provable game has two seats (the promise), so that their sums fit in the node.
    static constexpr bool kSumsInNode = Model::kProvable;
    using Node = std::conditional_t<kSumsInNode, SearchNodeWithSums, SearchNode>;
    // A deterministic game's closed-loop tree: a node is the same state at every visit.
    static constexpr bool kSameStateEachVisit = Model::kProvable;
    // Constant false in every other game, so that its code has no solver branch at all.
    bool solving() const { return kSolverGame && solver_; }

    void set_root(const void* rec) override {
        std::memcpy(root_.data(), rec, game_.record_size());
        root_mover_ = acting_player(game_.actors(root_.data()));
        clear_tree();
    }

    void advance(int player, int action) override {
        game_.apply_unchecked(root_.data(), player, action);
        root_mover_ = acting_player(game_.actors(root_.data()));
        const bool moves_in_tree = player != kChance || closed_loop_chance_;
        if (!moves_in_tree) return;  // open loop: the node stands for every outcome
        const int child = cfg_.reuse ? find_child(0, action) : -1;
        if (child < 0) {
            clear_tree();
            return;
        }
        reroot(child);
    }

    const void* root_record() const override { return root_.data(); }

    void begin_round() override {
        started_ = 0;
        completed_ = 0;
        if (cfg_.dirichlet_alpha > 0 && nodes_[0].evaluated) add_root_noise();
    }

    void run(std::uint64_t limit, SearchClock::time_point deadline, bool timed, const Control& control) override {
        const bool external = cfg_.evaluator == Evaluator::external;
        std::uint64_t since_report = 0;
        while (started_ < limit) {
            if (solving() && nodes_[0].proof) break;  // the root's value is known: nothing left to learn
            if (external && pending_.size() >= static_cast<std::size_t>(cfg_.batch)) break;
            if ((started_ & 7) == 0) {  // every few milliseconds even with long rollouts
                if (control.cancelled()) break;
                if (timed && SearchClock::now() >= deadline) break;
            }
            const Outcome outcome = iterate();
            if (outcome == Outcome::collided) break;  // the rest of this batch would repeat a pending leaf
            ++started_;
            if (outcome == Outcome::completed) {
                ++completed_;
                if (++since_report == 64) control.advance(since_report), since_report = 0;
            }
        }
        control.advance(since_report);
    }

    std::size_t pending() const override { return pending_.size(); }

    void write_leaf(std::size_t k, float* obs, std::uint64_t* mask, std::int32_t* player) const override {
        const Leaf& leaf = pending_[k];
        const void* rec = leaf_record(k);
        if (obs) {
            if (cfg_.inputs == LeafInputs::features) game_.features(rec, leaf.player, kFeaturesSeat, obs);
            else game_.observe(rec, leaf.player, obs);
        }
        if (mask) game_.legal_mask(rec, leaf.player, mask);
        if (player) *player = leaf.player;
    }

    void provide(const float* values, const float* priors) override {
        const int actions = game_.num_actions();
        for (std::size_t k = 0; k < pending_.size(); ++k) {
            const Leaf& leaf = pending_[k];
            Node& node = at(leaf.node);
            node.pending = 0;
            node.evaluated = 1;
            if (cfg_.selection == Selection::puct) {
                expand_with_priors(leaf.node, leaf_record(k), leaf.player,
                                   priors ? priors + k * static_cast<std::size_t>(actions) : nullptr);
                if (leaf.node == 0 && cfg_.dirichlet_alpha > 0) add_root_noise();
            }
            for (int p = 0; p < players_; ++p) value_[static_cast<std::size_t>(p)] = values[k * static_cast<std::size_t>(players_) + static_cast<std::size_t>(p)];
            backup(leaf.node, value_.data(), true);
            ++completed_;
        }
        pending_.clear();
        leaf_records_.clear();
    }

    void root_children(std::vector<RootChild>& out) const override {
        if (nodes_.empty()) return;  // never given a root: no tree to walk
        for (int c = nodes_[0].first_child; c >= 0; c = at(c).next_sibling) {
            const Node& child = at(c);
            RootChild rc{child.action, child.visits, std::vector<double>(static_cast<std::size_t>(players_))};
            for (int p = 0; p < players_; ++p) rc.value_sum[static_cast<std::size_t>(p)] = w(c, p);
            if (child.proof) {
                const int mine = proven_for(child, root_mover_);
                rc.proof = mine > 0 ? Proof::win : mine < 0 ? Proof::loss : Proof::draw;
            }
            out.push_back(std::move(rc));
        }
    }

    std::uint64_t root_visits() const override { return nodes_[0].visits; }
    void root_value_sum(double* out) const override {
        for (int p = 0; p < players_; ++p) out[p] = w(0, p);
    }

    // The most visited line from the root; through a proven node, the proving move.
    void principal_variation(std::vector<int>& out) const override {
        out.clear();
        for (int n = 0;;) {
            if (solving() && at(n).proof && at(n).first_child >= 0) {
                n = proving_child(n);
                out.push_back(at(n).action);
                continue;
            }
            int best = -1;
            for (int c = at(n).first_child; c >= 0; c = at(c).next_sibling) {
                if (at(c).visits == 0) continue;
                if (best < 0 || at(c).visits > at(best).visits) best = c;
            }
            if (best < 0) return;
            out.push_back(at(best).action);
            n = best;
        }
    }

    TreeStats stats() const override { return TreeStats{nodes_.size(), max_depth_, completed_}; }

private:
    enum class Outcome { completed, pending, collided };

    struct Leaf {
        int node;
        int player;
    };

    // SearchNode::evaluated of a node a rollout scored (1: the caller did, or the
    // rollout evaluator's root).
    static constexpr std::uint8_t kRolledOut = 2;

    // ---- the tree's storage ----

    void clear_tree() {
        nodes_.assign(1, Node{});
        if constexpr (!kSumsInNode) value_sums_.assign(static_cast<std::size_t>(players_), 0.0);
        pending_.clear();
        leaf_records_.clear();
        max_depth_ = 0;
        value_min_ = std::numeric_limits<double>::infinity();
        value_max_ = -std::numeric_limits<double>::infinity();
        value_scale_ = 0;
        // With rollouts the root needs no value of its own before its children.
        if (cfg_.evaluator == Evaluator::rollout) nodes_[0].evaluated = 1;
    }

    int add_child(int parent, int action, float prior, bool chance_edge) {
        const int index = static_cast<int>(nodes_.size());
        Node node;
        node.parent = parent;
        node.action = action;
        node.prior = prior;
        node.chance_edge = chance_edge ? 1 : 0;
        node.next_sibling = at(parent).first_child;
        nodes_.push_back(node);
        at(parent).first_child = index;
        if constexpr (!kSumsInNode) value_sums_.resize(value_sums_.size() + static_cast<std::size_t>(players_), 0.0);
        return index;
    }

    // Children for every action set in `actions`, side by side in increasing action
    // order (a selection then walks memory in sequence), each counted available as
    // often as `available` says, ahead of the parent's existing children.
    void add_children(int parent, const std::uint64_t* actions, float prior, std::uint32_t available) {
        const int base = static_cast<int>(nodes_.size());
        int count = 0;
        for (int i = 0; i < words_; ++i) count += std::popcount(actions[i]);
        if (count == 0) return;
        const int old_first = at(parent).first_child;
        int k = 0;
        for (int i = 0; i < words_; ++i) {
            for (std::uint64_t bits = actions[i]; bits; bits &= bits - 1, ++k) {
                Node node;
                node.parent = parent;
                node.action = i * 64 + std::countr_zero(bits);
                node.prior = prior;
                node.available = available;
                node.next_sibling = k + 1 < count ? base + k + 1 : old_first;
                nodes_.push_back(node);
            }
        }
        at(parent).first_child = base;
        if constexpr (!kSumsInNode) value_sums_.resize(nodes_.size() * static_cast<std::size_t>(players_), 0.0);
    }

    // Seats with value sums: 2 where the node holds them, known when compiled.
    int seats() const { return kSumsInNode ? 2 : players_; }

    Node& at(int i) { return nodes_[static_cast<std::size_t>(i)]; }
    const Node& at(int i) const { return nodes_[static_cast<std::size_t>(i)]; }

    int find_child(int parent, int action) const {
        for (int c = at(parent).first_child; c >= 0; c = at(c).next_sibling) {
            if (at(c).action == action) return c;
        }
        return -1;
    }

    double& w(int node, int p) {
        if constexpr (kSumsInNode) return at(node).sums[p];
        else return value_sums_[static_cast<std::size_t>(node) * static_cast<std::size_t>(players_) + static_cast<std::size_t>(p)];
    }
    double w(int node, int p) const {
        if constexpr (kSumsInNode) return at(node).sums[p];
        else return value_sums_[static_cast<std::size_t>(node) * static_cast<std::size_t>(players_) + static_cast<std::size_t>(p)];
    }

    // Keeps only the subtree under `child`, which becomes the root (indices renumbered
    // breadth first).
    void reroot(int child) {
        std::vector<Node> nodes;
        std::vector<double> sums;
        std::vector<int> order{child};
        std::vector<int> new_index(nodes_.size(), -1);
        for (std::size_t i = 0; i < order.size(); ++i) {
            new_index[static_cast<std::size_t>(order[i])] = static_cast<int>(i);
            for (int c = at(order[i]).first_child; c >= 0; c = at(c).next_sibling) order.push_back(c);
        }
        nodes.reserve(order.size());
        if constexpr (!kSumsInNode) sums.reserve(order.size() * static_cast<std::size_t>(players_));
        for (int old : order) {
            Node n = at(old);
            n.parent = old == child ? -1 : new_index[static_cast<std::size_t>(n.parent)];
            n.first_child = n.first_child < 0 ? -1 : new_index[static_cast<std::size_t>(n.first_child)];
            n.next_sibling = old == child || n.next_sibling < 0 ? -1 : new_index[static_cast<std::size_t>(n.next_sibling)];
            nodes.push_back(n);
            if constexpr (!kSumsInNode) {
                for (int p = 0; p < players_; ++p) sums.push_back(w(old, p));
            }
        }
        nodes[0].action = -1;
        nodes[0].chance_edge = 0;
        nodes_ = std::move(nodes);
        value_sums_ = std::move(sums);
        if (cfg_.evaluator == Evaluator::rollout) nodes_[0].evaluated = 1;
        // With external_depth, a kept root that a rollout scored goes to the caller once
        // more, for its priors: a root always has the caller's.
        else if (nodes_[0].evaluated == kRolledOut) nodes_[0].evaluated = 0;
    }

    // ---- one iteration ----

    Outcome iterate() {
        void* rec = work_.data();
        std::memcpy(rec, root_.data(), game_.record_size());
        if (cfg_.information_set) {
            const int pov = acting_player(game_.actors(rec));
            game_.determinize(rec, pov, rng_.next());  // also reseeds the copy's generator
        } else if constexpr (Model::kProvable) {
            rng_.next();  // a deterministic game never reads the copy's generator: keep only the draw
        } else {
            reseed(rec, rng_.next());
        }
        if (policy_opponents_) policy_->reset(rng_.next());  // the other seats' moves come from it
        int node = 0;
        std::uint64_t depth = 0;
        for (;;) {
            const int player = acting_player(game_.actors(rec));
            if (player == kNobody) {
                std::fill(value_.begin(), value_.end(), 0.0);
                game_.returns(rec, value_.data());
                if (solving()) prove(node, depth, value_[0]);
                backup(node, value_.data(), false);
                note_depth(depth);
                return Outcome::completed;
            }
            if (solving() && at(node).proof) {  // as good as a terminal: its value is exact
                value_[0] = at(node).proof - 2;
                value_[1] = 0.0 - value_[0];  // +0.0 for a draw, as returns give
                backup(node, value_.data(), false);
                note_depth(depth);
                return Outcome::completed;
            }
            if (Model::kHasChance && player == kChance) {
                const int k = game_.chance_outcomes(rec, outcomes_.data());
                if (closed_loop_chance_) {
                    const int child = chance_child(node, k);
                    game_.apply_unchecked(rec, kChance, at(child).action);
                    node = child;
                    ++depth;
                } else {
                    game_.apply_unchecked(rec, kChance, sample_outcome(k));
                }
                continue;
            }
            Node& here = at(node);
            if (!here.evaluated) {
                note_depth(depth);
                if (here.pending) return Outcome::collided;
                if (cfg_.evaluator == Evaluator::rollout ||
                    (cfg_.external_depth > 0 && depth >= static_cast<std::uint64_t>(cfg_.external_depth))) {
                    rollout(rec);
                    at(node).evaluated = kRolledOut;
                    backup(node, value_.data(), false);
                    return Outcome::completed;
                }
                make_pending(node, player, rec);
                return Outcome::pending;
            }
            if (policy_opponents_ && player != root_mover_) {
                node = policy_child(node, player, rec);
                ++depth;
                continue;
            }
            if (solving()) {
                if (depth >= movers_.size()) movers_.resize(depth + 1);
                movers_[depth] = player;
            }
            int child = select_child(node, player, rec, depth);
            // Settled by its new children (a win in one): the iteration takes the move
            // that achieves the proof, so that it has its visit.
            if (solving() && at(node).proof) child = proving_child(node);
            game_.apply_unchecked(rec, player, at(child).action);
            node = child;
            ++depth;
        }
    }

    // opponents=policy: the other seat to act at `node` plays the rollout policy's move
    // in `rec` (this iteration's determinization); its child is made the first time that
    // move comes up. Returns the child, with the move applied to `rec`.
    int policy_child(int node, int player, void* rec) {
        const int action = policy_->act(rec, player);
        int child = find_child(node, action);
        if (child < 0) child = add_child(node, action, 1.0f, false);
        ++at(child).available;
        game_.apply_unchecked(rec, player, action);
        return child;
    }

    // ---- the solver ----

    // The most visited child of a proven node with the node's own value (the first on a
    // tie): the move that proves it.
    int proving_child(int node) const {
        int best = -1;
        for (int c = at(node).first_child; c >= 0; c = at(c).next_sibling) {
            if (at(c).proof == at(node).proof && (best < 0 || at(c).visits > at(best).visits)) best = c;
        }
        return best >= 0 ? best : at(node).first_child;  // a proof always comes from a child
    }

    // A proven node's exact value for `seat`: +1 win, 0 draw, -1 loss.
    static int proven_for(const SearchNode& n, int seat) {
        const int v = n.proof - 2;
        return seat == 0 ? v : -v;
    }

    // Proves the terminal `node`, reached at `depth` of this iteration, with seat 0's
    // return, and then each ancestor that this proof settles: one whose mover (movers_,
    // recorded on the way down) now has a proven win, or whose children are all proven
    // (it takes the best of them for its mover). In a closed-loop deterministic tree a
    // node's children are made for all its legal actions at once, so "all children"
    // is all moves.
    [[gnu::noinline]] void prove(int node, std::uint64_t depth, double returned) {
        if (!mark_proven(at(node), returned)) return;
        settle(node, depth);
    }

    // Sets a node's proof from seat 0's return; false outside the promise (+1, 0, -1),
    // where nothing is proven.
    static bool mark_proven(SearchNode& n, double returned) {
        if (returned != 1.0 && returned != 0.0 && returned != -1.0) return false;
        n.proof = static_cast<std::uint8_t>(static_cast<int>(returned) + 2);
        return true;
    }

    // The ancestors of the proven `node` (at `depth`) that its proof settles.
    void settle(int node, std::uint64_t depth) {
        int v = at(node).proof - 2;
        while (node != 0) {
            const int parent = at(node).parent;
            const int mover = movers_[--depth];
            if ((mover == 0 ? v : -v) < 1) {
                int best = -2;
                for (int c = at(parent).first_child; c >= 0; c = at(c).next_sibling) {
                    if (!at(c).proof) return;  // still open
                    best = std::max(best, proven_for(at(c), mover));
                }
                v = mover == 0 ? best : -best;
            }
            at(parent).proof = static_cast<std::uint8_t>(v + 2);
            node = parent;
        }
    }

    // Proves at once the children just made under `node` (at `depth`, the mover's record
    // `rec`) by two steps of look-ahead: a child whose move ends the game takes its
    // returns, and a child after which the next seat can end the game with a win of its
    // own is that seat's win (it takes it: an exact value, whatever else it could play).
    // A win in one settles the parent without a visit; a move that leaves the opponent a
    // win in one is proven lost at once, so that selection spends nothing on it and a
    // forced reply, a fork or a trap is proven a level or two sooner. It costs a step per
    // new child and one per reply, in games with proofs only.
    [[gnu::noinline]] void prove_new_children(int node, const void* rec, int player, int first_old, std::uint64_t depth) {
        int proven = -1;
        for (int c = at(node).first_child; c != first_old; c = at(c).next_sibling) {
            std::memcpy(look_.data(), rec, game_.record_size());
            game_.apply_unchecked(look_.data(), player, at(c).action);
            if (game_.is_terminal(look_.data())) {
                double returned[2] = {0.0, 0.0};
                game_.returns(look_.data(), returned);
                if (!mark_proven(at(c), returned[0])) continue;
            } else {
                const int next = acting_player(game_.actors(look_.data()));
                if (next < 0 || !wins_at_once(look_.data(), next)) continue;
                at(c).proof = static_cast<std::uint8_t>((next == 0 ? 1 : -1) + 2);
            }
            // Settled from the best of them for the mover: a win proves the parent outright.
            if (proven < 0 || proven_for(at(c), player) > proven_for(at(proven), player)) proven = c;
        }
        if (proven >= 0) settle(proven, depth + 1);
    }

    // Whether `seat`, to act in `rec`, has a move that ends the game with its win (+1).
    bool wins_at_once(const void* rec, int seat) {
        game_.legal_mask(rec, seat, look_mask_.data());
        for (int i = 0; i < words_; ++i) {
            for (std::uint64_t bits = look_mask_[static_cast<std::size_t>(i)]; bits; bits &= bits - 1) {
                std::memcpy(reply_.data(), rec, game_.record_size());
                game_.apply_unchecked(reply_.data(), seat, i * 64 + std::countr_zero(bits));
                if (!game_.is_terminal(reply_.data())) continue;
                double returned[2] = {0.0, 0.0};
                game_.returns(reply_.data(), returned);
                if (returned[seat] == 1.0) return true;
            }
        }
        return false;
    }

    void note_depth(std::uint64_t depth) { max_depth_ = std::max(max_depth_, depth); }

    static void reseed(void* rec, std::uint64_t seed) {
        const Rng rng = Rng::from_seed(seed);
        std::memcpy(rec, &rng, sizeof rng);  // a record starts with its generator
    }

    int sample_outcome(int k) {
        double u = rng_.unit();
        for (int j = 0; j + 1 < k; ++j) {
            if ((u -= outcomes_[j].probability) < 0) return outcomes_[j].action;
        }
        return outcomes_[k - 1].action;
    }

    // The child of a chance node for this iteration's outcome: drawn by probability, or
    // (expand) the outcome whose share of visits lags its probability the most.
    int chance_child(int node, int k) {
        if (cfg_.chance == ChanceMode::sample) {
            const int action = sample_outcome(k);
            const int child = find_child(node, action);
            return child >= 0 ? child : add_child(node, action, 0.f, true);
        }
        if (at(node).first_child < 0) {
            for (int j = k - 1; j >= 0; --j) add_child(node, outcomes_[j].action, static_cast<float>(outcomes_[j].probability), true);
        }
        double total = 1;
        for (int c = at(node).first_child; c >= 0; c = at(c).next_sibling) {
            total += at(c).visits + at(c).virtual_visits;
        }
        int best = -1;
        double best_lag = -std::numeric_limits<double>::infinity();
        for (int j = 0; j < k; ++j) {
            const ChanceOutcome& o = outcomes_[j];
            int c = find_child(node, o.action);
            if (c < 0) c = add_child(node, o.action, static_cast<float>(o.probability), true);
            const Node& n = at(c);
            const double lag = o.probability * total - (n.visits + n.virtual_visits);
            if (lag > best_lag) best_lag = lag, best = c;
        }
        return best;
    }

    double normalise(double v) const {
        if (!(value_max_ > value_min_)) return 0.5;
        return (v - value_min_) / (value_max_ - value_min_);
    }

    // Chooses the child of `node` to descend to for `player`, who acts there in `rec`:
    // UCT (UCB1 on the seat's normalised mean, an untried child first, uniformly) or
    // PUCT (mean plus prior-weighted exploration). Legal actions without a child get one
    // first: all of them at a node's first choice, and in the open loop any that other
    // outcomes did not allow before.
    // Inlined by force, with `consider`, into the iteration's loop: as calls they cost a
    // third of an iteration's instructions.
    [[gnu::always_inline]] int select_child(int node, int player, const void* rec, std::uint64_t depth) {
        Node& parent = at(node);
        const int first = parent.first_child;
        // Where a node is the same state at every visit, its first choice made a child
        // for every legal action, all legal at every later one: no mask to read.
        const bool all_legal = kSameStateEachVisit && !cfg_.information_set && first >= 0;
        if (!all_legal) {
            game_.legal_mask(rec, player, mask_.data());  // fills every word
            std::uint64_t* const seen = seen_.data();
            if (words_ == 1) seen[0] = 0;  // the common case, without a memset call
            else std::fill(seen, seen + words_, 0);
        }
        const std::uint32_t choices = ++parent.choices;
        const bool puct = cfg_.selection == Selection::puct;
        // PUCT's terms only: UCT would pay a division and a square root for nothing.
        const double fpu = puct && parent.visits ? normalise(w(node, player) / parent.visits) : 0.5;
        // A seat's mean value mapped to [0, 1] by the range of values this tree has seen,
        // pending iterations counted as the worst value: (w - min * visits) * scale / n.
        const bool ranged = value_max_ > value_min_;
        const double scale = value_scale_;
        const double c_sqrt_parent = puct ? cfg_.c_puct * std::sqrt(double(parent.visits) + parent.virtual_visits) : 0;
        // Children that were available as often share one logarithm (all of them, in a
        // closed-loop tree).
        std::uint32_t log_of = 0;
        double c_sqrt_log = 0;

        int best = -1;
        int fallback = -1;  // solver: a legal child, should every one be a proven loss
        double best_score = -std::numeric_limits<double>::infinity();
        int unvisited = 0;  // UCT: untried children, chosen among uniformly
        auto consider = [&](int c) __attribute__((always_inline)) {
            Node& child = at(c);
            if (!all_legal) {
                const int a = child.action;
                if (!((mask_[a >> 6] >> (a & 63)) & 1)) return;
                seen_[a >> 6] |= 1ull << (a & 63);
            }
            ++child.available;
            const double inv_sqrt_n = child.inv_sqrt_n;
            double q_sum = ranged ? (w(c, player) - value_min_ * child.visits) * scale : 0.5 * child.visits;
            if (solving() && child.proof) {
                fallback = c;
                const int mine = proven_for(child, player);
                if (mine < 0) return;  // a proven loss is never the better move
                // The exact value in place of the mean of the iterations before the proof.
                q_sum = (ranged ? (mine - value_min_) * scale : 0.5) * child.visits;
            }
            double score;
            if (puct) {
                const double q = child.visits ? q_sum * inv_sqrt_n * inv_sqrt_n : child.virtual_visits ? 0.0 : fpu;
                score = q + c_sqrt_parent * child.prior / (1 + double(child.visits) + child.virtual_visits);
            } else if (inv_sqrt_n == 0) {
                // Untried: reservoir sampling keeps a uniform choice among them.
                if (rng_.below(static_cast<std::uint32_t>(++unvisited)) == 0) best = c;
                best_score = std::numeric_limits<double>::infinity();
                return;
            } else {
                if (unvisited) return;
                if (child.available != log_of) {
                    log_of = child.available;
                    c_sqrt_log = cfg_.c_uct * std::sqrt(log_of_count(log_of));
                }
                score = q_sum * inv_sqrt_n * inv_sqrt_n + c_sqrt_log * inv_sqrt_n;
            }
            if (score > best_score) best_score = score, best = c;
        };
        for (int c = first; c >= 0; c = at(c).next_sibling) consider(c);
        if (all_legal) return best >= 0 ? best : fallback;
        // Legal actions without a child yet.
        bool untried = false;
        for (int i = 0; i < words_; ++i) {
            seen_[i] = mask_[i] & ~seen_[i];
            untried = untried || seen_[i] != 0;
        }
        if (!untried) return best >= 0 ? best : fallback;
        // Counted available at every earlier choice, as an action of a closed-loop node
        // always is (in the open loop that overstates an action some outcomes did not
        // allow, until exploration has settled it); `consider` adds this choice.
        const double share = cfg_.policy_prior > 0 && policy_ ? cfg_.policy_prior : 0.0;
        int legal_count = 0;
        for (int i = 0; i < words_; ++i) legal_count += std::popcount(mask_[i]);
        add_children(node, seen_.data(), static_cast<float>((1 - share) / legal_count), choices - 1);
        if (solving()) prove_new_children(node, rec, player, first, depth);
        if (share > 0) {
            // The rollout policy's own move gets `share` of the prior on top.
            policy_->reset(rng_.next());
            const int favoured = policy_->act(rec, player);
            for (int c = at(node).first_child; c != first; c = at(c).next_sibling) {
                if (at(c).action == favoured) at(c).prior += static_cast<float>(share);
            }
        }
        for (int c = at(node).first_child; c != first; c = at(c).next_sibling) {
            consider(c);
        }
        return best;
    }

    // Creates a child for every legal action of a freshly evaluated node, with the
    // caller's priors (checked: non-negative, zero off the legal set) normalised over
    // the legal actions; none or all zeros give uniform priors.
    void expand_with_priors(int node, const void* rec, int player, const float* priors) {
        std::fill(mask_.begin(), mask_.end(), 0);
        game_.legal_mask(rec, player, mask_.data());
        double total = 0;
        int count = 0;
        for (int i = 0; i < words_; ++i) {
            for (std::uint64_t bits = mask_[i]; bits; bits &= bits - 1) {
                total += priors ? priors[i * 64 + std::countr_zero(bits)] : 0.0;
                ++count;
            }
        }
        if (at(node).first_child < 0) add_children(node, mask_.data(), 0.0f, 0);
        for (int c = at(node).first_child; c >= 0; c = at(c).next_sibling) {
            const int a = at(c).action;
            if (!((mask_[a >> 6] >> (a & 63)) & 1)) continue;
            at(c).prior =
                total > 0 ? static_cast<float>(priors[a] / total) : 1.0f / static_cast<float>(count);
        }
    }

    // Mixes Dirichlet(alpha) noise into the root's priors (AlphaZero's exploration).
    void add_root_noise() {
        std::vector<int> children;
        for (int c = nodes_[0].first_child; c >= 0; c = at(c).next_sibling) children.push_back(c);
        if (children.size() < 2) return;
        std::vector<double> noise(children.size());
        double sum = 0;
        for (double& x : noise) sum += (x = gamma(cfg_.dirichlet_alpha));
        if (!(sum > 0)) return;
        const double f = cfg_.dirichlet_fraction;
        for (std::size_t i = 0; i < children.size(); ++i) {
            Node& n = at(children[i]);
            n.prior = static_cast<float>((1 - f) * n.prior + f * noise[i] / sum);
        }
    }

    // Gamma(alpha, 1) by Marsaglia and Tsang (alpha < 1 through the boost u^(1/alpha)).
    double gamma(double alpha) {
        if (alpha < 1) {
            const double u = std::max(rng_.unit(), 1e-300);
            return gamma(alpha + 1) * std::pow(u, 1 / alpha);
        }
        const double d = alpha - 1.0 / 3, c = 1 / std::sqrt(9 * d);
        for (;;) {
            double x, v;
            do {
                x = normal();
                v = 1 + c * x;
            } while (v <= 0);
            v = v * v * v;
            const double u = rng_.unit();
            if (u < 1 - 0.0331 * x * x * x * x) return d * v;
            if (std::log(std::max(u, 1e-300)) < 0.5 * x * x + d * (1 - v + std::log(v))) return d * v;
        }
    }
    double normal() {  // Box-Muller, one of the pair
        const double u1 = std::max(rng_.unit(), 1e-300), u2 = rng_.unit();
        return std::sqrt(-2 * std::log(u1)) * std::cos(6.283185307179586 * u2);
    }

    // Plays uniformly random moves, or the policy's (chance by its probabilities), from
    // rec to the end or for rollout_depth moves; value_ gets the returns there, or the
    // game's heuristic value where the rollout stopped early (its returns when it has no
    // heuristic), or the leaf evaluator's (leaf=evaluation).
    void rollout(void* rec) {
        if (policy_) policy_->reset(rng_.next());
        for (int moves = 0; cfg_.rollout_depth < 0 || moves < cfg_.rollout_depth; ++moves) {
            const int player = acting_player(game_.actors(rec));
            if (player == kNobody) break;
            int action;
            if (Model::kHasChance && player == kChance) {
                action = sample_outcome(game_.chance_outcomes(rec, outcomes_.data()));
            } else if (policy_) {
                action = policy_->act(rec, player);
            } else {
                game_.legal_mask(rec, player, mask_.data());
                action = uniform_set_bit(mask_.data(), words_, rng_);
            }
            game_.apply_unchecked(rec, player, action);
        }
        std::fill(value_.begin(), value_.end(), 0.0);
        if (game_.is_terminal(rec)) game_.returns(rec, value_.data());
        else if (leaf_) leaf_->value(rec, value_.data());
        else game_.heuristic_value(rec, value_.data());
    }

    void make_pending(int node, int player, const void* rec) {
        at(node).pending = 1;
        pending_.push_back(Leaf{node, player});
        const std::size_t end = leaf_records_.size();
        leaf_records_.resize(end + record_words_);
        std::memcpy(leaf_records_.data() + end, rec, game_.record_size());
        for (int n = node; n >= 0; n = at(n).parent) {
            at(n).virtual_visits += static_cast<std::uint32_t>(cfg_.virtual_loss);
            refresh(at(n));
        }
    }

    const void* leaf_record(std::size_t k) const { return leaf_records_.data() + k * record_words_; }

    static void refresh(SearchNode& n) { n.inv_sqrt_n = inv_sqrt_of_count(n.visits + n.virtual_visits); }

    // Adds one visit and the value vector to every node from `node` up to the root
    // (max^n: each node keeps every seat's sum; each seat chooses by its own).
    [[gnu::always_inline]] void backup(int node, const double* value, bool was_pending) {
        bool widened = false;
        for (int p = 0; p < seats(); ++p) {
            if (value[p] < value_min_) value_min_ = value[p], widened = true;
            if (value[p] > value_max_) value_max_ = value[p], widened = true;
        }
        if (widened && value_max_ > value_min_) value_scale_ = 1 / (value_max_ - value_min_);
        for (int n = node; n >= 0; n = at(n).parent) {
            Node& sn = at(n);
            sn.visits += 1;
            if (was_pending) sn.virtual_visits -= static_cast<std::uint32_t>(cfg_.virtual_loss);
            refresh(sn);
            for (int p = 0; p < seats(); ++p) w(n, p) += value[p];
        }
    }

    const Model& game_;
    const SearchConfig& cfg_;
    const int players_, words_;
    const std::size_t record_words_;
    Rng rng_;
    bool closed_loop_chance_ = true;
    bool policy_opponents_ = false;  // opponents=policy, with the policy to play them
    // A proof needs every reply searched, which opponents=policy does not do.
    const bool solver_ = kSolverGame && cfg_.solver != SolverMode::off && cfg_.opponents == Opponents::search;
    int root_mover_ = 0;           // the seat to act at the root
    std::vector<int> movers_;      // solver: the seat that chose at each depth of this iteration
    std::vector<std::uint64_t> look_ = std::vector<std::uint64_t>(record_words_);   // solver: one step ahead
    std::vector<std::uint64_t> reply_ = std::vector<std::uint64_t>(record_words_);  // solver: and the reply
    std::vector<std::uint64_t> look_mask_ = std::vector<std::uint64_t>(static_cast<std::size_t>(words_));
    std::vector<std::uint64_t> root_, work_;
    std::vector<std::uint64_t> mask_, seen_;
    std::vector<ChanceOutcome> outcomes_;
    std::vector<double> value_;
    std::vector<Node> nodes_;
    std::vector<double> value_sums_;  // [node][seat], where the node does not hold them
    std::vector<Leaf> pending_;
    std::vector<std::uint64_t> leaf_records_;
    std::uint64_t started_ = 0, completed_ = 0, max_depth_ = 0;
    double value_min_ = 0, value_max_ = 0;
    double value_scale_ = 0;  // 1 / (max - min) once the range is open, kept by backup()
    std::unique_ptr<RolloutPolicy> policy_;
    std::unique_ptr<LeafEvaluator> leaf_;
};

template <GameRules G>
std::unique_ptr<SearchTree> GameModel<G>::make_search_tree(const SearchConfig& config, std::uint64_t seed,
                                                           std::unique_ptr<RolloutPolicy> policy,
                                                           std::unique_ptr<LeafEvaluator> leaf) const {
    return std::make_unique<MctsTree<GameModel<G>>>(*this, config, seed, std::move(policy), std::move(leaf));
}

}  // namespace meeple
