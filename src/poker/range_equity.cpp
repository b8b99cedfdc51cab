// Exact and Monte Carlo equity of ranges (see range_equity.hpp).
#include "poker/range_equity.hpp"

#include <algorithm>
#include <cmath>
#include <condition_variable>
#include <limits>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <string>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "poker/equity.hpp"
#include "poker/evaluator.hpp"
#include "poker/parallel.hpp"
#include "poker/plo.hpp"
#include "poker/range_grid.hpp"
#include "poker/range_preflop.hpp"
#include "poker/range_sweep.hpp"

namespace meeple::poker {
namespace {

constexpr std::uint64_t kUnits = 27720;  // lcm(1..12): every split of the pot is whole units
constexpr std::uint32_t kBoardsPerReport = 64;
constexpr std::uint32_t kTrialsPerReport = 1024;
constexpr std::size_t kMaxPairs = 8'000'000;  // heads-up counters: 8 bytes a pair a thread
// The sorted sweep's cost a board, in pairs of the pairwise counters, per combo.
constexpr std::uint64_t kSweepPairsPerCombo = 8;
// Heads-up exact work (Setup::work: pair counters or their sweep equivalent) a worker
// should have before another thread starts: about a millisecond. A small spot on the
// flop (a few hundred thousand) then runs on the calling thread alone.
constexpr std::uint64_t kUnitsPerWorker = 2'000'000;

std::uint64_t choose(int n, int k) {
    if (k < 0 || k > n) return 0;
    std::uint64_t r = 1;
    for (int i = 1; i <= k; ++i) r = r * static_cast<std::uint64_t>(n - k + i) / static_cast<std::uint64_t>(i);
    return r;
}

// A player's combos that the board and dead cards leave, with what the loops need.
struct Player {
    std::vector<std::size_t> index;  // into the range's combos
    std::vector<CardMask> masks;
    std::vector<double> weights;
    std::vector<double> cdf;  // running sum of weights, for drawing by weight
    std::vector<PloPairs> pairs;
};

struct Setup {
    Variant variant = Variant::holdem;
    std::vector<Player> players;
    std::vector<CardMask> deck;  // cards not on the board nor dead, in id order
    int missing = 0;             // board cards to come
    std::uint64_t boards = 0;    // boards enumerated by an exact run
    std::uint64_t work = 0;      // boards x product of sizes, saturated
    // Every range, the board and the dead cards are unchanged by any permutation of the
    // suits: exact runs then visit one board of each suit class, counted by its size.
    bool symmetric = false;
    std::uint64_t scored = 0;  // boards an exact run scores (one a suit class when symmetric)
};

// The mask with suit s moved to suit perm[s].
CardMask permute_suits(CardMask m, const int* perm) {
    CardMask out = 0;
    for (int s = 0; s < 4; ++s) out |= ((m >> (13 * s)) & 0x1FFF) << (13 * perm[s]);
    return out;
}

// The number of boards in a board's class under the 24 suit permutations when the
// board is the class's representative (suit rank masks non-increasing), else 0.
inline std::uint32_t suit_class_size(CardMask b) {
    const std::uint32_t m[4] = {static_cast<std::uint32_t>(b & 0x1FFF), static_cast<std::uint32_t>((b >> 13) & 0x1FFF),
                                static_cast<std::uint32_t>((b >> 26) & 0x1FFF),
                                static_cast<std::uint32_t>((b >> 39) & 0x1FFF)};
    if (m[0] < m[1] || m[1] < m[2] || m[2] < m[3]) return 0;
    std::uint32_t stabilizer = 1, run = 1;
    for (int i = 1; i < 4; ++i) {
        run = m[i] == m[i - 1] ? run + 1 : 1;
        stabilizer *= run;
    }
    return 24 / stabilizer;
}

// Whether a range (and a card set) is unchanged by every suit permutation: it is enough
// to check two permutations that generate them all (a swap and a 4-cycle).
constexpr int kSwap[4] = {1, 0, 2, 3};
constexpr int kCycle[4] = {1, 2, 3, 0};

bool suit_symmetric(CardMask m) { return permute_suits(m, kSwap) == m && permute_suits(m, kCycle) == m; }

bool suit_symmetric(const Range& r) {
    for (const Combo& c : r.combos) {
        for (const int* perm : {kSwap, kCycle}) {
            const CardMask image = permute_suits(c.mask, perm);
            auto it = std::lower_bound(r.combos.begin(), r.combos.end(), image,
                                       [](const Combo& x, CardMask m) { return x.mask < m; });
            if (it == r.combos.end() || it->mask != image || it->weight != c.weight) return false;
        }
    }
    return true;
}

// Per live combo sums (weight dealt, equity weight) replaced by their means over each
// combo's suit class: with symmetric inputs, one board a class gets each class's sums
// right but not each combo's, and every combo of a class has the class's equity.
void average_over_suit_classes(const Player& p, std::vector<double>& w, std::vector<double>& eq) {
    std::unordered_map<CardMask, std::vector<std::size_t>> classes;
    for (std::size_t c = 0; c < p.masks.size(); ++c) {
        CardMask key = p.masks[c];
        int q[4] = {0, 1, 2, 3};
        do {
            key = std::min(key, permute_suits(p.masks[c], q));
        } while (std::next_permutation(q, q + 4));
        classes[key].push_back(c);
    }
    for (const auto& [key, members] : classes) {
        double sw = 0, se = 0;
        for (std::size_t c : members) {
            sw += w[c];
            se += eq[c];
        }
        const double k = static_cast<double>(members.size());
        for (std::size_t c : members) {
            w[c] = sw / k;
            eq[c] = se / k;
        }
    }
}

// Visits every way to add k cards from bits[from..n) to `board`.
template <class F>
void completions(int k, const std::vector<CardMask>& bits, std::size_t from, CardMask board, F& visit) {
    if (k == 0) {
        visit(board);
        return;
    }
    for (std::size_t i = from; i + static_cast<std::size_t>(k) <= bits.size(); ++i)
        completions(k - 1, bits, i + 1, board | bits[i], visit);
}

Setup check_request(const RangeEquityRequest& q) {
    const std::size_t n = q.ranges.size();
    if (n == 0) fail(Status::invalid_argument, "no ranges given; range equity takes 2 or more players");
    Setup s;
    s.variant = q.ranges[0].variant;
    const int max_players = s.variant == Variant::holdem ? 10 : kMaxEquityPlayers;
    if (n < 2 || n > static_cast<std::size_t>(max_players)) {
        fail(Status::invalid_argument, std::to_string(n) + " ranges given; " + variant_name(s.variant) +
                                           " equity takes 2 to " + std::to_string(max_players) + " players");
    }
    for (std::size_t i = 1; i < n; ++i) {
        if (q.ranges[i].variant != s.variant) {
            fail(Status::invalid_argument, "range " + std::to_string(i) + " is a " + variant_name(q.ranges[i].variant) +
                                               " range and range 0 a " + variant_name(s.variant) +
                                               " range; all players play one game");
        }
    }
    check_mask(q.board, "the board");
    check_mask(q.dead, "the dead cards");
    const int nb = card_count(q.board);
    if (nb > 5) fail(Status::invalid_argument, "the board has " + std::to_string(nb) + " cards (" +
                                                   format_mask(q.board) + "); a board has at most 5");
    if (q.board & q.dead) {
        fail(Status::invalid_argument, "the board and the dead cards share " + format_mask(q.board & q.dead) +
                                           "; a card can be in one place only");
    }
    const CardMask gone = q.board | q.dead;
    for (int id = 0; id < kDeckSize; ++id)
        if (!(gone & card_bit(id))) s.deck.push_back(card_bit(id));
    s.missing = 5 - nb;
    const int k = hole_cards(s.variant);
    if (static_cast<int>(s.deck.size()) < s.missing + k * static_cast<int>(n)) {
        fail(Status::invalid_argument, "only " + std::to_string(s.deck.size()) + " cards are left for " +
                                           std::to_string(n) + " hands and " + std::to_string(s.missing) +
                                           " board cards");
    }
    s.boards = choose(static_cast<int>(s.deck.size()), s.missing);
    s.work = s.boards;
    for (std::size_t i = 0; i < n; ++i) {
        Player p;
        const Range& r = q.ranges[i];
        double sum = 0;
        for (std::size_t c = 0; c < r.combos.size(); ++c) {
            if (r.combos[c].mask & gone) continue;
            p.index.push_back(c);
            p.masks.push_back(r.combos[c].mask);
            p.weights.push_back(r.combos[c].weight);
            sum += r.combos[c].weight;
            p.cdf.push_back(sum);
            if (s.variant == Variant::plo) p.pairs.push_back(plo_pairs(r.combos[c].mask));
        }
        if (p.masks.empty()) {
            fail(Status::invalid_argument, "range " + std::to_string(i) + " has no combo left" +
                                               (r.combos.empty() ? std::string(" (it is empty)")
                                                                 : " once the board and dead cards (" +
                                                                       format_mask(gone) + ") are removed") +
                                               "; every player needs a hand");
        }
        const std::uint64_t size = p.masks.size();
        s.work = s.work > std::numeric_limits<std::uint64_t>::max() / size ? std::numeric_limits<std::uint64_t>::max()
                                                                          : s.work * size;
        s.players.push_back(std::move(p));
    }
    s.symmetric = suit_symmetric(q.board) && suit_symmetric(q.dead);
    for (std::size_t i = 0; i < n && s.symmetric; ++i) s.symmetric = suit_symmetric(q.ranges[i]);
    s.scored = s.boards;
    if (q.exact && s.symmetric && s.missing > 0) {
        // The work is the boards actually scored: one a suit class.
        // The deck is then the same in every suit: its classes in closed form (range_preflop.hpp).
        const std::uint64_t classes = suit_classes_of_sets(static_cast<int>(s.deck.size() / 4), s.missing);
        s.scored = classes;
        s.work = classes;
        for (const Player& p : s.players) {
            const std::uint64_t size = p.masks.size();
            s.work = s.work > std::numeric_limits<std::uint64_t>::max() / size ? std::numeric_limits<std::uint64_t>::max()
                                                                              : s.work * size;
        }
    }
    if (n == 2 && s.variant == Variant::holdem) {
        // Heads-up Hold'em is scored by the cheaper of the pairwise counters and the
        // sorted sweep (range_equity()), whose work a board is about kSweepPairsPerCombo
        // pairs a combo.
        const std::uint64_t na = s.players[0].masks.size(), nb = s.players[1].masks.size();
        const std::uint64_t sweep = s.scored * kSweepPairsPerCombo * (na + nb);
        s.work = std::min(s.work, sweep);
    }
    if (!q.exact && (q.trials == 0 || q.trials > kMaxTrials)) {
        fail(Status::invalid_argument, "trials is " + std::to_string(q.trials) +
                                           "; Monte Carlo takes 1 to 10,000,000,000 trials");
    }
    return s;
}


// Adds task results in task order, whatever order the tasks finish in, so that sums of
// doubles come out the same at every thread count. Tasks are handed out in increasing
// order, so at most one task a worker waits here.
class OrderedSum {
public:
    explicit OrderedSum(std::size_t size) : total_(size, 0.0) {}

    void commit(std::size_t task, const std::vector<double>& part) {
        std::unique_lock<std::mutex> lock(mutex_);
        ready_.wait(lock, [&] { return next_ == task || aborted_; });
        if (aborted_) return;
        for (std::size_t i = 0; i < total_.size(); ++i) total_[i] += part[i];
        ++next_;
        ready_.notify_all();
    }
    void abort() {
        std::lock_guard<std::mutex> lock(mutex_);
        aborted_ = true;
        ready_.notify_all();
    }
    const std::vector<double>& total() const { return total_; }

private:
    std::vector<double> total_;
    std::size_t next_ = 0;
    bool aborted_ = false;
    std::mutex mutex_;
    std::condition_variable ready_;
};

// Exact tallies, one flat vector of doubles:
//   [0] total weight, [1] (deal, board) pairs visited;
//   then per player: win weight, tie weight, equity weight;
//   then per player, per live combo: weight dealt, equity weight.
struct ExactLayout {
    std::size_t n = 0;
    std::vector<std::size_t> combo_base;
    std::size_t size = 0;

    explicit ExactLayout(const Setup& s) : n(s.players.size()) {
        std::size_t at = 2 + 3 * n;
        for (const Player& p : s.players) {
            combo_base.push_back(at);
            at += 2 * p.masks.size();
        }
        size = at;
    }
};

class ExactBoard {
public:
    ExactBoard(const Setup& s, const ExactLayout& layout, std::vector<double>& tally)
        : s_(s), layout_(layout), tally_(tally), t_(eval_tables()), values_(s.players.size()) {
        for (std::size_t i = 0; i < s.players.size(); ++i) values_[i].resize(s.players[i].masks.size());
    }

    void operator()(CardMask board, std::uint32_t mult) {
        const std::size_t n = s_.players.size();
        mult_ = mult;
        if (s_.variant == Variant::holdem) {
            for (std::size_t i = 0; i < n; ++i) {
                const Player& p = s_.players[i];
                for (std::size_t c = 0; c < p.masks.size(); ++c)
                    values_[i][c] = (p.masks[c] & board) ? 0 : evaluate_unchecked(t_, p.masks[c] | board);
            }
        } else {
            const PloTriples triples = plo_triples(board);
            for (std::size_t i = 0; i < n; ++i) {
                const Player& p = s_.players[i];
                for (std::size_t c = 0; c < p.masks.size(); ++c)
                    values_[i][c] = (p.masks[c] & board) ? 0 : evaluate_plo_unchecked(t_, p.pairs[c], triples);
            }
        }
        deal(0, board, static_cast<double>(mult));
    }

private:
    void deal(std::size_t i, CardMask used, double weight) {
        const std::size_t n = s_.players.size();
        if (i == n) {
            score(weight);
            return;
        }
        const Player& p = s_.players[i];
        for (std::size_t c = 0; c < p.masks.size(); ++c) {
            if (!values_[i][c] || (p.masks[c] & used)) continue;
            chosen_[i] = c;
            deal(i + 1, used | p.masks[c], weight * p.weights[c]);
        }
    }

    void score(double w) {
        const std::size_t n = s_.players.size();
        std::uint32_t best = 0;
        for (std::size_t i = 0; i < n; ++i) best = std::max(best, values_[i][chosen_[i]]);
        int winners = 0;
        for (std::size_t i = 0; i < n; ++i) winners += values_[i][chosen_[i]] == best;
        const double share = w / winners;
        tally_[0] += w;
        tally_[1] += mult_;
        for (std::size_t i = 0; i < n; ++i) {
            double* c = &tally_[layout_.combo_base[i] + 2 * chosen_[i]];
            c[0] += w;
            if (values_[i][chosen_[i]] != best) continue;
            c[1] += share;
            tally_[2 + 3 * i + (winners == 1 ? 0 : 1)] += w;
            tally_[2 + 3 * i + 2] += share;
        }
    }

    const Setup& s_;
    const ExactLayout& layout_;
    std::vector<double>& tally_;
    const EvalTables& t_;
    std::vector<std::vector<std::uint32_t>> values_;
    std::size_t chosen_[kMaxEquityPlayers] = {};
    std::uint32_t mult_ = 1;
};

RangeEquityResult make_result(const RangeEquityRequest& q, const Setup& s) {
    RangeEquityResult r;
    const std::size_t n = s.players.size();
    r.win.assign(n, 0);
    r.tie.assign(n, 0);
    r.equity.assign(n, 0);
    r.stderr_.assign(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t size = q.ranges[i].combos.size();
        r.combo_equity.emplace_back(size, std::numeric_limits<double>::quiet_NaN());
        r.combo_share.emplace_back(size, 0.0);
        r.combo_stderr.emplace_back(size, 0.0);
    }
    return r;
}

// Scores the boards of one task (every completion of the board whose first new card is
// s.deck[first]; the board itself when nothing is missing). On a suit-symmetric spot a
// board weighs the size of its suit class, and one that is not its class's representative
// weighs 0 and is skipped. Reports progress every kBoardsPerReport boards and stops when
// the caller cancels.
template <class Score>
void score_task_boards(const RangeEquityRequest& q, const Setup& s, std::size_t first, Score&& score) {
    std::uint32_t left = kBoardsPerReport;
    auto visit = [&](CardMask board) {
        const std::uint32_t mult = s.symmetric ? suit_class_size(board) : 1;
        if (mult) score(board, mult);
        if (--left == 0) {
            left = kBoardsPerReport;
            q.control.advance(kBoardsPerReport);
            q.control.check();
        }
    };
    if (s.missing == 0) {
        visit(q.board);
    } else {
        completions(s.missing - 1, s.deck, first + 1, q.board | s.deck[first], visit);
    }
    q.control.advance(kBoardsPerReport - left);
}

void check_exact_size(const Setup& s) {
    if (s.work > kRangeExactLimit) {
        std::string sizes;
        for (const Player& p : s.players) sizes += (sizes.empty() ? "" : " x ") + std::to_string(p.masks.size());
        fail(Status::invalid_argument,
             "exact range equity would visit up to " + std::to_string(s.work) + " deals and boards (" +
                 std::to_string(s.scored) + (s.symmetric ? " classes of boards x " : " boards x ") + sizes +
                 " combos), over the limit of " +
                 std::to_string(kRangeExactLimit) +
                 "; use Monte Carlo (for example 1,000,000 trials, with a seed) or fix more board cards");
    }
}

// The heads-up exact paths' sums: per combo of each side its weight (of pairs it meets)
// and weighted equity, and the weighted totals of the pairs.
struct HeadsUpSums {
    std::vector<double>& a_weight;
    std::vector<double>& a_equity;
    std::vector<double>& b_weight;
    std::vector<double>& b_equity;
    double total, a_win, a_tie, b_win;
};

// The result of a heads-up exact path from its sums (averaged over suit classes first
// when the boards were scored one a class).
RangeEquityResult heads_up_result(const RangeEquityRequest& q, const Setup& s, HeadsUpSums h, std::uint64_t count) {
    const Player& a = s.players[0];
    const Player& b = s.players[1];
    if (s.symmetric) {
        average_over_suit_classes(a, h.a_weight, h.a_equity);
        average_over_suit_classes(b, h.b_weight, h.b_equity);
    }
    RangeEquityResult r = make_result(q, s);
    r.win = {h.a_win / h.total, h.b_win / h.total};
    r.tie = {h.a_tie / h.total, h.a_tie / h.total};
    r.equity = {(h.a_win + 0.5 * h.a_tie) / h.total, (h.b_win + 0.5 * h.a_tie) / h.total};
    for (std::size_t i = 0; i < a.masks.size(); ++i) {
        r.combo_share[0][a.index[i]] = h.a_weight[i] / h.total;
        if (h.a_weight[i] > 0) r.combo_equity[0][a.index[i]] = h.a_equity[i] / h.a_weight[i];
    }
    for (std::size_t j = 0; j < b.masks.size(); ++j) {
        r.combo_share[1][b.index[j]] = h.b_weight[j] / h.total;
        if (h.b_weight[j] > 0) r.combo_equity[1][b.index[j]] = h.b_equity[j] / h.b_weight[j];
    }
    r.count = count;
    return r;
}

RangeEquityResult exact_equity(const RangeEquityRequest& q, const Setup& s) {
    const ExactLayout layout(s);
    OrderedSum sum(layout.size);
    const std::size_t tasks = s.missing == 0 ? 1 : s.deck.size() - static_cast<std::size_t>(s.missing) + 1;
    q.control.set_total(s.boards);
    q.control.check();
    parallel_for(tasks, q.threads, [&](std::size_t first) {
        try {
            std::vector<double> part(layout.size, 0.0);
            ExactBoard score(s, layout, part);
            score_task_boards(q, s, first, score);
            sum.commit(first, part);
        } catch (...) {
            sum.abort();
            throw;
        }
    });
    std::vector<double> t = sum.total();
    if (s.symmetric) {
        for (std::size_t i = 0; i < s.players.size(); ++i) {
            const std::size_t size = s.players[i].masks.size(), at = layout.combo_base[i];
            std::vector<double> w(size), eq(size);
            for (std::size_t c = 0; c < size; ++c) {
                w[c] = t[at + 2 * c];
                eq[c] = t[at + 2 * c + 1];
            }
            average_over_suit_classes(s.players[i], w, eq);
            for (std::size_t c = 0; c < size; ++c) {
                t[at + 2 * c] = w[c];
                t[at + 2 * c + 1] = eq[c];
            }
        }
    }
    if (!(t[0] > 0)) {
        fail(Status::invalid_argument, "no deal gives every player a hand without sharing cards; the ranges "
                                       "block each other (or their only combos hold the same cards)");
    }
    RangeEquityResult r = make_result(q, s);
    for (std::size_t i = 0; i < s.players.size(); ++i) {
        r.win[i] = t[2 + 3 * i] / t[0];
        r.tie[i] = t[2 + 3 * i + 1] / t[0];
        r.equity[i] = t[2 + 3 * i + 2] / t[0];
        const Player& p = s.players[i];
        for (std::size_t c = 0; c < p.masks.size(); ++c) {
            const double w = t[layout.combo_base[i] + 2 * c], eq = t[layout.combo_base[i] + 2 * c + 1];
            r.combo_share[i][p.index[c]] = w / t[0];
            if (w > 0) r.combo_equity[i][p.index[c]] = eq / w;
        }
    }
    r.count = static_cast<std::uint64_t>(t[1]);
    return r;
}


// The heads-up counters' values of each combo on the boards where nobody can make a
// flush (no suit three times on the board), which depend only on the board's ranks: with
// at most two cards to come, a combo is evaluated once a class of boards with the same
// new ranks (91 classes for the 1,081 boards of a flop, of which every board without
// three of a suit) instead of once a board. Filled before the boards are scored, by a
// walk over them in order (so every combo a board leaves live has its value), then
// read-only. Memory: 169 x the combos, 4 bytes each, when that is at most kMaxEntries.
class RankClassValues {
public:
    static constexpr std::size_t kMaxEntries = 4'000'000;

    RankClassValues(const RangeEquityRequest& q, const Setup& s) : base_(q.board), missing_(s.missing) {
        const Player& a = s.players[0];
        const Player& b = s.players[1];
        width_ = a.masks.size() + b.masks.size();
        const std::size_t classes = missing_ == 2 ? 169 : missing_ == 1 ? 13 : 1;
        if (missing_ < 0 || missing_ > 2 || classes * width_ > kMaxEntries) return;
        values_.assign(classes * width_, 0);
        const EvalTables& t = eval_tables();
        auto visit = [&](CardMask board) {
            if (flush_possible(board)) return;
            std::uint32_t* row = &values_[rank_class(board) * width_];
            const PloTriples triples = s.variant == Variant::plo ? plo_triples(board) : PloTriples{};
            for (std::size_t k = 0; k < width_; ++k) {
                const bool in_a = k < a.masks.size();
                const std::size_t c = in_a ? k : k - a.masks.size();
                const Player& p = in_a ? a : b;
                if (row[k] || (p.masks[c] & board)) continue;
                row[k] = s.variant == Variant::holdem ? evaluate_unchecked(t, p.masks[c] | board)
                                                      : evaluate_plo_unchecked(t, p.pairs[c], triples);
            }
        };
        if (missing_ == 0) {
            visit(q.board);
        } else {
            completions(missing_, s.deck, 0, q.board, visit);
        }
        ready_ = true;
    }

    // The values of a's combos then b's on a board without a possible flush (0 where the
    // board blocks the combo), or nullptr where they are to be evaluated.
    const std::uint32_t* row(CardMask board) const {
        if (!ready_ || flush_possible(board)) return nullptr;
        return &values_[rank_class(board) * width_];
    }

private:
    static bool flush_possible(CardMask board) {
        for (int suit = 0; suit < 4; ++suit)
            if (card_count((board >> (13 * suit)) & 0x1FFF) >= 3) return true;
        return false;
    }
    std::size_t rank_class(CardMask board) const { return board_rank_class(board, base_, missing_); }

    CardMask base_;
    int missing_;
    std::size_t width_ = 0;
    bool ready_ = false;
    std::vector<std::uint32_t> values_;
};

// Heads-up exact: each compatible pair of combos keeps two integer counters over the
// boards (first player wins, tie). A combo the board blocks takes a value that neither
// wins nor ties (0 for the first player, above every value for the second), and every
// pair sees the same number of boards (those missing its four or eight cards), so the
// counters alone give each pair's equity; weights enter only at the end.
RangeEquityResult exact_heads_up(const RangeEquityRequest& q, const Setup& s) {
    const Player& a = s.players[0];
    const Player& b = s.players[1];
    std::vector<std::uint32_t> pair_a, pair_b;
    for (std::size_t i = 0; i < a.masks.size(); ++i)
        for (std::size_t j = 0; j < b.masks.size(); ++j)
            if (!(a.masks[i] & b.masks[j])) {
                pair_a.push_back(static_cast<std::uint32_t>(i));
                pair_b.push_back(static_cast<std::uint32_t>(j));
            }
    const std::size_t pairs = pair_a.size();
    if (pairs == 0) {
        fail(Status::invalid_argument, "no deal gives every player a hand without sharing cards; the ranges "
                                       "block each other (or their only combos hold the same cards)");
    }
    std::vector<std::uint64_t> wins(pairs, 0), ties(pairs, 0);
    std::mutex total_mutex;
    const EvalTables& t = eval_tables();
    q.control.set_total(s.boards);
    q.control.check();
    // Hold'em with no board: one count per class of deals under suit renamings
    // (range_preflop.hpp), and no boards to walk below.
    const bool preflop = s.variant == Variant::holdem && q.board == 0;
    if (preflop) preflop_deal_counts(a.masks, b.masks, pair_a, pair_b, q.dead, q.threads, q.control, s.boards, wins, ties);
    const std::size_t tasks =
        preflop ? 0 : s.missing == 0 ? 1 : s.deck.size() - static_cast<std::size_t>(s.missing) + 1;
    constexpr std::uint32_t kBlocked = 0xFFFFFFFFu;
    const RankClassValues by_class(q, s);
    parallel_for(tasks, threads_for_work(q.threads, s.work, kUnitsPerWorker), [&](std::size_t first) {
        std::vector<std::uint32_t> w(pairs, 0), tie(pairs, 0);
        std::vector<std::uint32_t> va(a.masks.size()), vb(b.masks.size());
        auto score_board = [&](CardMask board, std::uint32_t mult) {
            if (const std::uint32_t* row = by_class.row(board)) {
                for (std::size_t i = 0; i < va.size(); ++i) va[i] = (a.masks[i] & board) ? 0 : row[i];
                for (std::size_t j = 0; j < vb.size(); ++j)
                    vb[j] = (b.masks[j] & board) ? kBlocked : row[va.size() + j];
            } else if (s.variant == Variant::holdem) {
                for (std::size_t i = 0; i < va.size(); ++i)
                    va[i] = (a.masks[i] & board) ? 0 : evaluate_unchecked(t, a.masks[i] | board);
                for (std::size_t j = 0; j < vb.size(); ++j)
                    vb[j] = (b.masks[j] & board) ? kBlocked : evaluate_unchecked(t, b.masks[j] | board);
            } else {
                const PloTriples triples = plo_triples(board);
                for (std::size_t i = 0; i < va.size(); ++i)
                    va[i] = (a.masks[i] & board) ? 0 : evaluate_plo_unchecked(t, a.pairs[i], triples);
                for (std::size_t j = 0; j < vb.size(); ++j)
                    vb[j] = (b.masks[j] & board) ? kBlocked : evaluate_plo_unchecked(t, b.pairs[j], triples);
            }
            const std::uint32_t* pa = pair_a.data();
            const std::uint32_t* pb = pair_b.data();
            std::uint32_t* pw = w.data();
            std::uint32_t* pt = tie.data();
            for (std::size_t p = 0; p < pairs; ++p) {
                const std::uint32_t x = va[pa[p]], y = vb[pb[p]];
                pw[p] += mult * (x > y);
                pt[p] += mult * (x == y);
            }
        };
        score_task_boards(q, s, first, score_board);
        std::lock_guard<std::mutex> lock(total_mutex);
        for (std::size_t p = 0; p < pairs; ++p) {
            wins[p] += w[p];
            ties[p] += tie[p];
        }
    });
    // Boards each pair sees: those that miss its cards.
    const std::uint64_t seen = choose(static_cast<int>(s.deck.size()) - 2 * hole_cards(s.variant), s.missing);
    const double per_pair = static_cast<double>(seen);
    std::vector<double> ca_w(a.masks.size(), 0), ca_eq(a.masks.size(), 0), cb_w(b.masks.size(), 0),
        cb_eq(b.masks.size(), 0);
    double total = 0, a_win = 0, a_tie = 0, b_win = 0;
    for (std::size_t p = 0; p < pairs; ++p) {
        const double weight = a.weights[pair_a[p]] * b.weights[pair_b[p]];
        const double win = static_cast<double>(wins[p]) / per_pair, tie = static_cast<double>(ties[p]) / per_pair;
        const double loss = 1.0 - win - tie;
        total += weight;
        a_win += weight * win;
        a_tie += weight * tie;
        b_win += weight * loss;
        ca_w[pair_a[p]] += weight;
        ca_eq[pair_a[p]] += weight * (win + 0.5 * tie);
        cb_w[pair_b[p]] += weight;
        cb_eq[pair_b[p]] += weight * (loss + 0.5 * tie);
    }
    return heads_up_result(q, s, {ca_w, ca_eq, cb_w, cb_eq, total, a_win, a_tie, b_win}, pairs * seen);
}

// The heads-up result from the sweep's tallies (win, tie of each combo of a, then of b:
// over the boards, the other side's compatible weight that the combo beats / ties) and
// each combo's compatible weight (the grid's tallies are the same numbers).
RangeEquityResult sweep_result(const RangeEquityRequest& q, const Setup& s, const std::vector<double>& tally,
                               const std::vector<double>& compat_a, const std::vector<double>& compat_b,
                               std::uint64_t pairs) {
    const Player& a = s.players[0];
    const Player& b = s.players[1];
    const std::size_t na = a.masks.size(), nb = b.masks.size();
    if (pairs == 0) {
        fail(Status::invalid_argument, "no deal gives every player a hand without sharing cards; the ranges "
                                       "block each other (or their only combos hold the same cards)");
    }
    const double* win_a = tally.data();
    const double* tie_a = win_a + na;
    const double* win_b = tie_a + na;
    const double* tie_b = win_b + nb;
    const std::uint64_t seen = choose(static_cast<int>(s.deck.size()) - 4, s.missing);
    const double per_pair = static_cast<double>(seen);
    std::vector<double> ca_w(na), ca_eq(na), cb_w(nb), cb_eq(nb);
    double total = 0, a_win = 0, a_tie = 0, b_win = 0;
    for (std::size_t i = 0; i < na; ++i) {
        const double w = a.weights[i];
        ca_w[i] = w * compat_a[i];
        ca_eq[i] = w * (win_a[i] + 0.5 * tie_a[i]) / per_pair;
        total += ca_w[i];
        a_win += w * win_a[i] / per_pair;
        a_tie += w * tie_a[i] / per_pair;
    }
    for (std::size_t j = 0; j < nb; ++j) {
        const double w = b.weights[j];
        cb_w[j] = w * compat_b[j];
        cb_eq[j] = w * (win_b[j] + 0.5 * tie_b[j]) / per_pair;
        b_win += w * win_b[j] / per_pair;
    }
    return heads_up_result(q, s, {ca_w, ca_eq, cb_w, cb_eq, total, a_win, a_tie, b_win}, pairs * seen);
}


// The two sides of a heads-up exact run over boards and its tasks (one a first new card,
// or one for a river), with the run's progress total set.
struct HeadsUpRun {
    SweepSide a, b;
    std::size_t tasks;
    HeadsUpRun(const RangeEquityRequest& q, const Setup& s)
        : a{s.players[0].masks.data(), s.players[0].weights.data(), s.players[0].masks.size()},
          b{s.players[1].masks.data(), s.players[1].weights.data(), s.players[1].masks.size()},
          tasks(s.missing == 0 ? 1 : s.deck.size() - static_cast<std::size_t>(s.missing) + 1) {
        q.control.set_total(s.boards);
        q.control.check();
    }
};

// Heads-up Hold'em exact by the sorted sweep (range_sweep.hpp): per board, each combo's
// weight of the other side's compatible combos that it beats and ties, summed over the
// boards in doubles per task and added in task order (the same bits at every thread
// count; exact when the weights are whole or halves, quarters, ..., as sums of such
// numbers below 2^53 are). Divided by the boards each pair sees, these are the pairwise
// counters' sums: sum over compatible b of w_b x wins(a, b) / boards, and so on.
RangeEquityResult exact_heads_up_sweep(const RangeEquityRequest& q, const Setup& s) {
    const HeadsUpRun run(q, s);
    const SweepSide &side_a = run.a, &side_b = run.b;
    const std::size_t na = side_a.size, nb = side_b.size, tasks = run.tasks;
    const EvalTables& t = eval_tables();
    // Per task: win, tie of each combo of a, then of b.
    OrderedSum sum(2 * (na + nb));
    ShowdownSweep shape(t, side_a, side_b);
    shape.prepare(q.board, s.deck, s.missing);
    // One copy of the shape a worker, not a task (a flop has 47 tasks): a task takes a
    // free copy, clears its tallies and gives it back.
    WorkerObjects<ShowdownSweep> sweeps;
    parallel_for(tasks, threads_for_work(q.threads, s.work, kUnitsPerWorker), [&](std::size_t first) {
        std::unique_ptr<ShowdownSweep> sweep = sweeps.take();
        try {
            if (sweep) {
                sweep->clear_tallies();
            } else {
                sweep = std::make_unique<ShowdownSweep>(shape);
            }
            score_task_boards(q, s, first, [&](CardMask board, std::uint32_t mult) { sweep->score(board, mult); });
            sum.commit(first, sweep->tallies());
        } catch (...) {
            sum.abort();
            throw;
        }
        sweeps.give(std::move(sweep));
    });
    const std::uint64_t pairs = shape.compatible_pairs();
    return sweep_result(q, s, sum.total(), shape.compatible_weight(0), shape.compatible_weight(1), pairs);
}

// Heads-up Hold'em exact by the grid of integer counters (range_grid.hpp), for small
// spots whose weights are multiples of 2^-24: the sweep's tallies exactly, so its bits.
RangeEquityResult exact_heads_up_grid(const RangeEquityRequest& q, const Setup& s) {
    const HeadsUpRun run(q, s);
    const SweepSide &side_a = run.a, &side_b = run.b;
    const std::size_t na = side_a.size, nb = side_b.size, tasks = run.tasks;
    const EvalTables& t = eval_tables();
    // One grid a worker; integer counts, added in any order.
    WorkerObjects<ShowdownGrid> grids;
    parallel_for(tasks, threads_for_work(q.threads, s.work, kUnitsPerWorker), [&](std::size_t first) {
        std::unique_ptr<ShowdownGrid> grid = grids.take();
        if (!grid) grid = std::make_unique<ShowdownGrid>(t, side_a, side_b, q.board, s.missing);
        score_task_boards(q, s, first, [&](CardMask board, std::uint32_t) { grid->score(board); });
        grids.give(std::move(grid));
    });
    std::vector<std::uint32_t> wins(na * nb, 0), ties(na * nb, 0);
    for (const auto& grid : grids.all()) grid->add_counts(wins, ties);
    if (!grids.all().empty()) grids.all()[0]->add_blocked_twice(side_a, side_b, wins, ties);
    for (std::size_t p = 0; p < na * nb; ++p) {
        wins[p] &= 0xFFFF;
        ties[p] &= 0xFFFF;
    }
    const std::uint64_t seen = choose(static_cast<int>(s.deck.size()) - 4, s.missing);
    std::vector<double> tally, compat_a, compat_b;
    const std::uint64_t pairs = ShowdownGrid::tallies(side_a, side_b, wins, ties, seen, tally, compat_a, compat_b);
    return sweep_result(q, s, tally, compat_a, compat_b, pairs);
}

Rng chunk_rng(std::uint64_t seed, std::uint64_t chunk) {
    std::uint64_t x = seed ^ (0x9E6C63D0676A9A99ull * (chunk + 1));
    return Rng::from_seed(splitmix64_next(x));
}

// Monte Carlo tallies, one flat vector of integers:
//   per player: wins, ties, units, units squared; then per player, per live combo:
//   times dealt, units, units squared.
RangeEquityResult monte_carlo_equity(const RangeEquityRequest& q, const Setup& s) {
    const std::size_t n = s.players.size();
    std::vector<std::size_t> base;
    std::size_t size = 4 * n;
    for (const Player& p : s.players) {
        base.push_back(size);
        size += 3 * p.masks.size();
    }
    std::vector<std::uint64_t> total(size, 0);
    std::mutex total_mutex;
    const EvalTables& t = eval_tables();
    const std::uint64_t chunks = (q.trials + kRangeChunk - 1) / kRangeChunk;
    q.control.set_total(q.trials);
    q.control.check();
    parallel_for(chunks, q.threads, [&](std::size_t chunk) {
        Rng rng = chunk_rng(q.seed, chunk);
        const std::uint64_t trials = std::min(kRangeChunk, q.trials - chunk * kRangeChunk);
        std::vector<std::uint64_t> part(size, 0);
        std::size_t chosen[kMaxEquityPlayers];
        std::uint32_t values[kMaxEquityPlayers];
        const auto deck_size = static_cast<std::uint32_t>(s.deck.size());
        std::uint32_t left = kTrialsPerReport;
        for (std::uint64_t trial = 0; trial < trials; ++trial) {
            CardMask used = 0;
            for (std::uint64_t attempt = 0;; ++attempt) {
                if (attempt == kMaxRejections) {
                    fail(Status::invalid_argument,
                         "the ranges almost never give every player a hand without sharing cards (" +
                             std::to_string(kMaxRejections) + " deals in a row shared a card); widen them");
                }
                used = 0;
                std::size_t i = 0;
                for (; i < n; ++i) {
                    const Player& p = s.players[i];
                    std::size_t c = 0;
                    if (p.masks.size() > 1) {
                        const double u = rng.unit() * p.cdf.back();
                        c = static_cast<std::size_t>(std::upper_bound(p.cdf.begin(), p.cdf.end(), u) - p.cdf.begin());
                        if (c >= p.masks.size()) c = p.masks.size() - 1;
                    }
                    if (p.masks[c] & used) break;
                    used |= p.masks[c];
                    chosen[i] = c;
                }
                if (i == n) break;
            }
            CardMask board = q.board;
            for (int k = 0; k < s.missing;) {
                const CardMask card = s.deck[rng.below(deck_size)];
                if ((used | board) & card) continue;
                board |= card;
                ++k;
            }
            std::uint32_t best = 0;
            if (s.variant == Variant::holdem) {
                for (std::size_t i = 0; i < n; ++i) {
                    values[i] = evaluate_unchecked(t, s.players[i].masks[chosen[i]] | board);
                    best = std::max(best, values[i]);
                }
            } else {
                const PloTriples triples = plo_triples(board);
                for (std::size_t i = 0; i < n; ++i) {
                    values[i] = evaluate_plo_unchecked(t, s.players[i].pairs[chosen[i]], triples);
                    best = std::max(best, values[i]);
                }
            }
            int winners = 0;
            for (std::size_t i = 0; i < n; ++i) winners += values[i] == best;
            const std::uint64_t share = kUnits / static_cast<std::uint64_t>(winners);
            for (std::size_t i = 0; i < n; ++i) {
                std::uint64_t* c = &part[base[i] + 3 * chosen[i]];
                ++c[0];
                if (values[i] != best) continue;
                c[1] += share;
                c[2] += share * share;
                std::uint64_t* p = &part[4 * i];
                ++p[winners == 1 ? 0 : 1];
                p[2] += share;
                p[3] += share * share;
            }
            if (--left == 0) {
                left = kTrialsPerReport;
                q.control.advance(kTrialsPerReport);
                q.control.check();
            }
        }
        q.control.advance(kTrialsPerReport - left);
        std::lock_guard<std::mutex> lock(total_mutex);
        for (std::size_t i = 0; i < size; ++i) total[i] += part[i];
    });
    RangeEquityResult r = make_result(q, s);
    const double trials = static_cast<double>(q.trials);
    auto mean_se = [](std::uint64_t units, std::uint64_t units_sq, double count, double& mean, double& se) {
        mean = static_cast<double>(units) / kUnits / count;
        se = 0;
        if (count > 1) {
            const double mean_sq = static_cast<double>(units_sq) / (double(kUnits) * kUnits) / count;
            se = std::sqrt(std::max(0.0, mean_sq - mean * mean) / (count - 1));
        }
    };
    for (std::size_t i = 0; i < n; ++i) {
        r.win[i] = static_cast<double>(total[4 * i]) / trials;
        r.tie[i] = static_cast<double>(total[4 * i + 1]) / trials;
        mean_se(total[4 * i + 2], total[4 * i + 3], trials, r.equity[i], r.stderr_[i]);
        const Player& p = s.players[i];
        for (std::size_t c = 0; c < p.masks.size(); ++c) {
            const std::uint64_t* tc = &total[base[i] + 3 * c];
            const std::size_t at = p.index[c];
            r.combo_share[i][at] = static_cast<double>(tc[0]) / trials;
            if (tc[0]) mean_se(tc[1], tc[2], static_cast<double>(tc[0]), r.combo_equity[i][at], r.combo_stderr[i][at]);
        }
    }
    r.count = q.trials;
    return r;
}

}  // namespace

std::uint64_t range_exact_work(const RangeEquityRequest& request) { return check_request(request).work; }

RangeEquityResult range_equity(const RangeEquityRequest& request) {
    const Setup s = check_request(request);
    if (!request.exact) return monte_carlo_equity(request, s);
    check_exact_size(s);
    if (s.players.size() != 2 || request.method == ExactMethod::deals) return exact_equity(request, s);
    const std::size_t na = s.players[0].masks.size(), nb = s.players[1].masks.size();
    const bool sweep_fits = s.variant == Variant::holdem && na <= ShowdownSweep::kMaxCombos &&
                            nb <= ShowdownSweep::kMaxCombos;
    // Heads-up keeps counters per pair of combos (8 bytes a pair a thread) or sweeps
    // sorted combos (Hold'em), whichever costs less; past kMaxPairs pairs (memory) the
    // walk over deals, which needs none, takes over for PLO.
    const bool pairs_fit = na * nb <= kMaxPairs;
    // The grid scores each board once (after the flop no board stands for a suit class).
    const bool grid_fits =
        s.variant == Variant::holdem && !s.symmetric &&
        ShowdownGrid::fits({s.players[0].masks.data(), s.players[0].weights.data(), na},
                           {s.players[1].masks.data(), s.players[1].weights.data(), nb}, s.missing);
    switch (request.method) {
    case ExactMethod::pairs:
        if (pairs_fit) return exact_heads_up(request, s);
        break;
    case ExactMethod::sweep:
        if (sweep_fits) return exact_heads_up_sweep(request, s);
        break;
    case ExactMethod::grid:
        if (grid_fits) return exact_heads_up_grid(request, s);
        break;
    default:
        break;
    }
    if (sweep_fits && (!pairs_fit || na * nb > kSweepPairsPerCombo * (na + nb))) {
        // The grid gives the sweep's bits (range_grid.hpp) and is faster while its
        // comparisons of every pair once a rank class, na x nb / 8 steps of about ten
        // instructions, cost at most about twice the sweep's 60 instructions a combo
        // and board (boards x (na + nb) units of ~60 here; the grid also costs a few
        // dozen instructions a board, and more on boards with three of a suit, where it
        // corrects its flush makers' rows and columns). Measured, one thread: 2-5x faster
        // up to 222 x 50 combos on flops of every suit shape; at 450 x 192 (1.4 here)
        // 1.6-1.8x faster on rainbow and two-tone flops, even on monotone ones; slower
        // on turns past about 100 x 50 combos (13 classes for 46 boards) and on rivers.
        const std::uint64_t classes = s.missing == 2 ? 91 : s.missing == 1 ? 13 : 1;
        if (grid_fits && classes * na * ((nb + 7) / 8) <= 2 * s.boards * (na + nb))
            return exact_heads_up_grid(request, s);
        return exact_heads_up_sweep(request, s);
    }
    return pairs_fit ? exact_heads_up(request, s) : exact_equity(request, s);
}

}  // namespace meeple::poker
