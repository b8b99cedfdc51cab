// Exact tallies by rank multisets and flush corrections (see exact.hpp).
#include "poker/exact.hpp"

#include <algorithm>
#include <array>

#include "poker/evaluator.hpp"

namespace meeple::poker {
namespace {

constexpr std::uint64_t kChoose[5][5] = {{1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0}, {1, 4, 6, 4, 1}};

constexpr std::array<std::uint64_t, kMaxExactPlayers + 1> kShareUnits = [] {
    std::array<std::uint64_t, kMaxExactPlayers + 1> a{};
    for (std::size_t k = 1; k < a.size(); ++k) a[k] = kPotUnits / k;
    return a;
}();

constexpr std::uint32_t kBoardsPerCheck = 256;  // leaves between progress reports and cancel checks

std::uint64_t choose(int n, int k) {
    if (k < 0 || k > n) return 0;
    std::uint64_t r = 1;
    for (int i = 1; i <= k; ++i) r = r * static_cast<std::uint64_t>(n - k + i) / static_cast<std::uint64_t>(i);
    return r;
}

constexpr std::uint64_t rank_bit(int r) { return std::uint64_t{1} << (3 * r); }

// Adds weight w (which may be the two's complement of a count: a correction) of one
// showdown with values v[0..n) to the tallies.
inline void score(const std::uint32_t* v, int n, std::uint64_t w, ExactTally* t) {
    std::uint32_t best = 0;
    for (int i = 0; i < n; ++i) best = v[i] > best ? v[i] : best;
    int winners = 0;
    for (int i = 0; i < n; ++i) winners += v[i] == best;
    const std::uint64_t units = w * kShareUnits[static_cast<std::size_t>(winners)];
    if (winners == 1) {
        for (int i = 0; i < n; ++i)
            if (v[i] == best) {
                t[i].wins += w;
                t[i].units += units;
            }
    } else {
        for (int i = 0; i < n; ++i)
            if (v[i] == best) {
                t[i].ties += w;
                t[i].units += units;
            }
    }
}

}  // namespace

struct ExactKernel {
    const ExactPlan& p;
    const EvalTables& t;
    ExactTally* tally;
    const Control& control;
    std::uint32_t until_check = kBoardsPerCheck;
    int ranks[5];  // the board's ranks so far (fixed board first), for PLO's triples
    int nranks = 0;

    ExactKernel(const ExactPlan& plan, ExactTally* out, const Control& c)
        : p(plan), t(eval_tables()), tally(out), control(c) {
        for (int i = 0; i < p.board_n_; ++i) ranks[nranks++] = p.board_ranks_[i];
    }

    void tick() {
        if (--until_check) return;
        until_check = kBoardsPerCheck;
        control.check();
    }

    // Each player's value as if no five cards shared a suit, on a board whose new cards
    // have rank key `key` (ranks[] holds all five board ranks).
    void rank_values(std::uint64_t key, std::uint32_t* v) const {
        const int n = p.n_;
        if (p.variant_ == Variant::holdem) {
            for (int i = 0; i < n; ++i) v[i] = rank_value_unchecked(t, p.players_[static_cast<std::size_t>(i)].rank_key + key);
            return;
        }
        std::uint64_t triples[10];
        int nt = 0;
        for (int a = 0; a < 5; ++a)
            for (int b = a + 1; b < 5; ++b)
                for (int c = b + 1; c < 5; ++c) triples[nt++] = rank_bit(ranks[a]) + rank_bit(ranks[b]) + rank_bit(ranks[c]);
        for (int i = 0; i < n; ++i) {
            const auto& pl = p.players_[static_cast<std::size_t>(i)];
            std::uint32_t best = 0;
            for (int j = 0; j < 6; ++j)
                for (int q = 0; q < 10; ++q) {
                    const std::uint32_t x = rank_value_unchecked(t, pl.pair_keys[j] + triples[q]);
                    best = x > best ? x : best;
                }
            v[i] = best;
        }
    }

    // Each player's flush value in suit s when the board's cards of that suit have the
    // ranks `board_suit` (0: no flush).
    void flush_values(int s, unsigned board_suit, std::uint32_t* f) const {
        const int n = p.n_;
        const int nb = __builtin_popcount(board_suit);
        for (int i = 0; i < n; ++i) {
            const auto& pl = p.players_[static_cast<std::size_t>(i)];
            f[i] = 0;
            if (p.variant_ == Variant::holdem) {
                if (pl.suit_count[s] + nb >= 5)
                    f[i] = static_cast<std::uint32_t>(t.suit_words[pl.suit_ranks[s] | board_suit] >> kFlushShift);
                continue;
            }
            if (pl.suit_count[s] < 2 || nb < 3) continue;
            unsigned b[5];
            int k = 0;
            for (unsigned m = board_suit; m; m &= m - 1) b[k++] = m & (~m + 1);
            for (int j = 0; j < 6; ++j) {
                const unsigned pr = pl.pair_ranks[j][s];
                if (__builtin_popcount(pr) != 2) continue;
                for (int x = 0; x < k; ++x)
                    for (int y = x + 1; y < k; ++y)
                        for (int z = y + 1; z < k; ++z) {
                            const auto v = static_cast<std::uint32_t>(t.suit_words[pr | b[x] | b[y] | b[z]] >> kFlushShift);
                            f[i] = v > f[i] ? v : f[i];
                        }
            }
        }
    }

    // Calls leaf(key, weight) for every multiset of `left` ranks from ranks r, r-1, ..., 0
    // with at most avail[x] of rank x, weighted by the ways to pick the cards.
    template <class Leaf>
    void multisets(const int* avail, int r, int left, std::uint64_t key, std::uint64_t w, Leaf& leaf) {
        if (left == 0) {
            leaf(key, w);
            return;
        }
        for (; r >= 0; --r) {
            const int a = avail[r];
            const int most = a < left ? a : left;
            for (int c = 1; c <= most; ++c) {
                for (int i = 0; i < c; ++i) ranks[nranks++] = r;
                multisets(avail, r - 1, left - c, key + static_cast<std::uint64_t>(c) * rank_bit(r), w * kChoose[a][c], leaf);
                nranks -= c;
            }
        }
    }

    // The rank part for multisets whose highest rank is `top` (-1: no card missing).
    void rank_task(int top) {
        std::uint32_t v[kMaxExactPlayers];
        auto leaf = [&](std::uint64_t key, std::uint64_t w) {
            rank_values(key, v);
            score(v, p.n_, w, tally);
            tick();
        };
        if (top < 0) {
            leaf(0, 1);
            return;
        }
        const int a = p.avail_[top];
        for (int c = 1; c <= std::min(a, p.missing_); ++c) {
            for (int i = 0; i < c; ++i) ranks[nranks++] = top;
            multisets(p.avail_, top - 1, p.missing_ - c, static_cast<std::uint64_t>(c) * rank_bit(top), kChoose[a][c], leaf);
            nranks -= c;
        }
    }

    // The flush correction of suit s over boards adding exactly k cards of that suit.
    void flush_task(int s, int k) {
        const unsigned deck = p.deck_suit_ranks_[s];
        int others[13];  // cards of each rank left in the deck outside suit s
        for (int r = 0; r < 13; ++r) others[r] = p.avail_[r] - static_cast<int>((deck >> r) & 1);
        int suited[13], ns = 0;
        for (int r = 12; r >= 0; --r)
            if (deck >> r & 1) suited[ns++] = r;
        std::uint32_t f[kMaxExactPlayers], v[kMaxExactPlayers], a[kMaxExactPlayers];
        const int n = p.n_;
        auto leaf = [&](std::uint64_t key, std::uint64_t w) {
            rank_values(key, v);
            bool differs = false;
            for (int i = 0; i < n; ++i) {
                a[i] = f[i] > v[i] ? f[i] : v[i];
                differs |= a[i] != v[i];
            }
            if (differs) {
                score(a, n, w, tally);
                score(v, n, std::uint64_t{0} - w, tally);
            }
            tick();
        };
        // Every k-subset of the suit's cards still in the deck, by index combination.
        int idx[5];
        for (int i = 0; i < k; ++i) idx[i] = i;
        while (true) {
            unsigned chosen = 0;
            std::uint64_t key = 0;
            for (int i = 0; i < k; ++i) {
                chosen |= 1u << suited[idx[i]];
                key += rank_bit(suited[idx[i]]);
                ranks[nranks++] = suited[idx[i]];
            }
            flush_values(s, p.board_suit_ranks_[s] | chosen, f);
            bool any = false;
            for (int i = 0; i < n; ++i) any |= f[i] != 0;
            if (any) multisets(others, 12, p.missing_ - k, key, 1, leaf);  // else nothing changes
            nranks -= k;
            int i = k - 1;
            while (i >= 0 && idx[i] == ns - k + i) --i;
            if (i < 0) break;
            ++idx[i];
            for (int j = i + 1; j < k; ++j) idx[j] = idx[j - 1] + 1;
        }
    }
};

ExactPlan::ExactPlan(Variant variant, const CardMask* hands, int n, CardMask board, CardMask dead)
    : variant_(variant), n_(n) {
    CardMask known = board | dead;
    for (int i = 0; i < n; ++i) known |= hands[i];
    for (int id = 0; id < kDeckSize; ++id) {
        if (!(known & card_bit(id))) {
            ++avail_[card_rank(id) - 2];
            deck_suit_ranks_[card_suit(id)] |= 1u << (card_rank(id) - 2);
        }
        if (board & card_bit(id)) {
            board_ranks_[board_n_++] = card_rank(id) - 2;
            board_key_ += rank_bit(card_rank(id) - 2);
            board_suit_ranks_[card_suit(id)] |= 1u << (card_rank(id) - 2);
        }
    }
    missing_ = 5 - board_n_;
    int deck_size = 0;
    for (int r = 0; r < 13; ++r) deck_size += avail_[r];
    boards_ = choose(deck_size, missing_);

    players_.resize(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        Player& pl = players_[static_cast<std::size_t>(i)];
        pl = Player{};
        int cards[4], nc = 0;
        for (int id = 0; id < kDeckSize; ++id) {
            if (!(hands[i] & card_bit(id))) continue;
            const int r = card_rank(id) - 2, s = card_suit(id);
            pl.rank_key += rank_bit(r);
            pl.suit_ranks[s] |= 1u << r;
            ++pl.suit_count[s];
            if (nc < 4) cards[nc++] = id;
        }
        pl.rank_key += board_key_;
        if (variant == Variant::plo) {
            int j = 0;
            for (int x = 0; x < nc; ++x)
                for (int y = x + 1; y < nc; ++y, ++j) {
                    pl.pair_keys[j] = rank_bit(card_rank(cards[x]) - 2) + rank_bit(card_rank(cards[y]) - 2);
                    for (int s = 0; s < 4; ++s) pl.pair_ranks[j][s] = 0;
                    pl.pair_ranks[j][card_suit(cards[x])] |= 1u << (card_rank(cards[x]) - 2);
                    pl.pair_ranks[j][card_suit(cards[y])] |= 1u << (card_rank(cards[y]) - 2);
                }
        }
    }

    // Flush corrections first (the larger tasks), then the rank part by highest rank.
    for (int s = 0; s < 4; ++s) {
        const int on_board = __builtin_popcount(board_suit_ranks_[s]);
        int kmin = 99;
        for (const Player& pl : players_) {
            if (variant == Variant::holdem) kmin = std::min(kmin, 5 - pl.suit_count[s] - on_board);
            else if (pl.suit_count[s] >= 2) kmin = std::min(kmin, 3 - on_board);
        }
        const int kmax = std::min(missing_, __builtin_popcount(deck_suit_ranks_[s]));
        const int suited = __builtin_popcount(deck_suit_ranks_[s]);
        for (int k = std::max(kmin, 0); k <= kmax; ++k)
            tasks_.push_back({s, k, choose(suited, k) * choose(deck_size - suited, missing_ - k)});
    }
    std::uint64_t corrected = 0;  // boards the corrections cover (disjoint: one suit a board)
    for (const Task& task : tasks_) corrected += task.progress;
    const std::size_t first_rank_task = tasks_.size();
    if (missing_ == 0) {
        tasks_.push_back({-1, -1, 0});
    } else {
        for (int top = 12; top >= 0; --top)
            if (avail_[top] > 0) tasks_.push_back({-1, top, 0});
    }
    const std::uint64_t rest = boards_ - corrected, rank_tasks = tasks_.size() - first_rank_task;
    for (std::size_t i = first_rank_task; i < tasks_.size(); ++i) tasks_[i].progress = rest / rank_tasks;
    tasks_.back().progress += rest % rank_tasks;
}

void ExactPlan::run(std::size_t task, ExactTally* tally, const Control& control) const {
    ExactKernel k(*this, tally, control);
    const Task& job = tasks_[task];
    if (job.suit < 0) k.rank_task(job.first);
    else k.flush_task(job.suit, job.first);
    control.advance(job.progress);
}

std::uint64_t exact_tallies(Variant variant, const CardMask* hands, int n, CardMask board, CardMask dead,
                            ExactTally* tally) {
    const ExactPlan plan(variant, hands, n, board, dead);
    plan.run_all(tally);
    return plan.boards();
}

}  // namespace meeple::poker
