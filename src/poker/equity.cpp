// Exact and Monte Carlo equity over integer tallies (see equity.hpp).
#include "poker/equity.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <mutex>
#include <string>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "poker/exact.hpp"
#include "poker/hand_key.hpp"
#include "poker/parallel.hpp"
#include "poker/plo.hpp"

namespace meeple::poker {
namespace {

struct Tally {
    std::uint64_t wins = 0, ties = 0, units = 0, units_sq = 0;
};

struct Setup {
    std::vector<int> deck;  // the cards that can still come, in id order
    int missing = 0;        // board cards to come
};

std::uint64_t choose(int n, int k) {
    if (k < 0 || k > n) return 0;
    std::uint64_t r = 1;
    for (int i = 1; i <= k; ++i) r = r * static_cast<std::uint64_t>(n - k + i) / static_cast<std::uint64_t>(i);
    return r;
}

Setup check_request(const EquityRequest& q) {
    const std::size_t n = q.hands.size();
    const int max_players = q.variant == Variant::holdem ? 10 : kMaxEquityPlayers;
    if (n < 2 || n > static_cast<std::size_t>(max_players)) {
        fail(Status::invalid_argument, std::to_string(n) + " hands given; " + variant_name(q.variant) +
                                           " equity takes 2 to " + std::to_string(max_players) + " hands");
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
    CardMask used = q.board | q.dead;
    for (std::size_t i = 0; i < n; ++i) {
        const std::string what = "hand " + std::to_string(i);
        check_mask(q.hands[i], what.c_str());
        const int nh = card_count(q.hands[i]);
        if (nh != hole_cards(q.variant)) {
            fail(Status::invalid_argument, what + " has " + std::to_string(nh) + " cards" +
                                               (nh ? " (" + format_mask(q.hands[i]) + ")" : std::string()) + "; a " +
                                               variant_name(q.variant) + " hand has " +
                                               std::to_string(hole_cards(q.variant)) + " hole cards");
        }
        if (const CardMask shared = q.hands[i] & used) {
            // Name the place the card is already in: the board, the dead cards, or a hand.
            std::string where;
            if (shared & q.board) {
                where = "the board (" + format_mask(q.board) + ")";
            } else if (shared & q.dead) {
                where = "the dead cards (" + format_mask(q.dead) + ")";
            } else {
                for (std::size_t j = 0; j < i && where.empty(); ++j) {
                    if (shared & q.hands[j]) where = "hand " + std::to_string(j) + " (" + format_mask(q.hands[j]) + ")";
                }
            }
            fail(Status::invalid_argument, what + " (" + format_mask(q.hands[i]) + ") shares " + format_mask(shared) +
                                               " with " + where + "; a card can be in one place only");
        }
        used |= q.hands[i];
    }
    Setup s;
    for (int id = 0; id < kDeckSize; ++id)
        if (!(used & card_bit(id))) s.deck.push_back(id);
    s.missing = 5 - nb;
    if (static_cast<int>(s.deck.size()) < s.missing) {
        fail(Status::invalid_argument, "only " + std::to_string(s.deck.size()) + " cards are left for " +
                                           std::to_string(s.missing) + " board cards");
    }
    if (!q.exact) {
        if (q.trials == 0 || q.trials > kMaxTrials) {
            fail(Status::invalid_argument, "trials is " + std::to_string(q.trials) +
                                               "; Monte Carlo takes 1 to 10,000,000,000 trials");
        }
    }
    return s;
}

// The pot share of each of k winners, in units; a table, not a division, per board.
constexpr std::array<std::uint64_t, kMaxEquityPlayers + 1> kShare = [] {
    std::array<std::uint64_t, kMaxEquityPlayers + 1> a{};
    for (std::size_t k = 1; k < a.size(); ++k) a[k] = kPotUnits / k;
    return a;
}();

// Scores complete boards into per-player tallies.
struct Scorer {
    const EvalTables& t;
    Variant variant;
    const CardMask* hands;
    const PloPairs* pairs;  // each hand's PLO pairs (PLO only)
    int n;
    Tally* tally;
    const CardKey* hole_keys = nullptr;  // Hold'em: each hand's summed card words

    void operator()(CardMask board) const {
        std::uint32_t v[kMaxEquityPlayers];
        std::uint32_t best = 0;
        if (variant == Variant::holdem) {
            for (int i = 0; i < n; ++i) {
                v[i] = evaluate_unchecked(t, hands[i] | board);
                best = v[i] > best ? v[i] : best;
            }
        } else {
            const PloTriples triples = plo_triples(board);
            for (int i = 0; i < n; ++i) {
                v[i] = evaluate_plo_unchecked(t, pairs[i], triples);
                best = v[i] > best ? v[i] : best;
            }
        }
        add(v, best);
    }

    // The board summed once; each Hold'em hand adds its hole cards' words to it.
    void operator()(const HandKey& board) const {
        if (variant != Variant::holdem) return (*this)(board.mask);
        std::uint32_t v[kMaxEquityPlayers];
        std::uint32_t best = 0;
        for (int i = 0; i < n; ++i) {
            v[i] = evaluate_unchecked(t, board + hole_keys[i]);
            best = v[i] > best ? v[i] : best;
        }
        add(v, best);
    }

    void add(const std::uint32_t* v, std::uint32_t best) const {
        int winners = 0;
        for (int i = 0; i < n; ++i) winners += v[i] == best;
        const std::uint64_t share = kShare[static_cast<std::size_t>(winners)];
        for (int i = 0; i < n; ++i) {
            if (v[i] != best) continue;
            Tally& ti = tally[i];
            if (winners == 1) ++ti.wins; else ++ti.ties;
            ti.units += share;
            ti.units_sq += share * share;
        }
    }
};

std::vector<PloPairs> pairs_of(const EquityRequest& q) {
    std::vector<PloPairs> pairs;
    if (q.variant == Variant::plo)
        for (CardMask h : q.hands) pairs.push_back(plo_pairs(h));
    return pairs;
}

// Heads-up Hold'em, the common case, with the comparison unrolled.
struct HeadsUpScorer {
    const EvalTables& t;
    CardMask a, b;
    CardKey ka, kb;
    std::uint64_t a_wins = 0, b_wins = 0, ties = 0;

    HeadsUpScorer(const EvalTables& tables, CardMask x, CardMask y)
        : t(tables), a(x), b(y), ka(cards_key(tables, x)), kb(cards_key(tables, y)) {}

    void operator()(CardMask board) {
        const std::uint32_t va = evaluate_unchecked(t, a | board), vb = evaluate_unchecked(t, b | board);
        count(va, vb);
    }
    void operator()(const HandKey& board) { count(evaluate_unchecked(t, board + ka), evaluate_unchecked(t, board + kb)); }
    void count(std::uint32_t va, std::uint32_t vb) {
        a_wins += va > vb;
        b_wins += vb > va;
        ties += va == vb;
    }

    void add_to(Tally* tally) const {
        const std::uint64_t half = kPotUnits / 2;
        tally[0].wins += a_wins;
        tally[1].wins += b_wins;
        tally[0].ties += ties;
        tally[1].ties += ties;
        tally[0].units += a_wins * kPotUnits + ties * half;
        tally[1].units += b_wins * kPotUnits + ties * half;
        tally[0].units_sq += a_wins * kPotUnits * kPotUnits + ties * half * half;
        tally[1].units_sq += b_wins * kPotUnits * kPotUnits + ties * half * half;
    }
};

// A scorer seen through a control block: every kBoardsPerCheck boards it reports
// progress and honours a cancel request (by throwing, which parallel_for passes on
// after stopping the other workers). A 12-handed PLO board costs about 10 us, so the
// gap between checks stays within a few milliseconds.
template <class F>
struct Watched {
    F& score;
    const Control& control;
    std::uint32_t left = kBoardsPerCheck;

    template <class Board>
    void operator()(const Board& board) {
        score(board);
        if (--left == 0) {
            left = kBoardsPerCheck;
            control.advance(kBoardsPerCheck);
            control.check();
        }
    }
    void flush() const { control.advance(kBoardsPerCheck - left); }
};

// Runs enumerate(visit) with the scorer itself when nobody watches (the hot loop stays
// as it was), else through Watched.
template <class F, class Enumerate>
void watched(const Control& control, F& score, Enumerate&& enumerate) {
    if (!control) {
        enumerate(score);
        return;
    }
    control.check();
    Watched<F> w{score, control};
    enumerate(w);
    w.flush();
}

// Visits every way to add K cards from bits[from..n) to `board`, as K nested loops.
template <int K, class F>
void for_each_completion(const CardMask* bits, std::size_t n, std::size_t from, CardMask board, F& visit) {
    if constexpr (K == 0) {
        visit(board);
    } else {
        for (std::size_t i = from; i + K <= n; ++i) for_each_completion<K - 1>(bits, n, i + 1, board | bits[i], visit);
    }
}

template <class F>
void for_each_completion(int k, const CardMask* bits, std::size_t n, std::size_t from, CardMask board, F& visit) {
    switch (k) {
        case 0: return for_each_completion<0>(bits, n, from, board, visit);
        case 1: return for_each_completion<1>(bits, n, from, board, visit);
        case 2: return for_each_completion<2>(bits, n, from, board, visit);
        case 3: return for_each_completion<3>(bits, n, from, board, visit);
        default: return for_each_completion<4>(bits, n, from, board, visit);
    }
}

EquityResult finish(const std::vector<Tally>& total, std::uint64_t count, bool exact) {
    EquityResult r;
    const double c = static_cast<double>(count);
    for (const Tally& t : total) {
        const double mean = static_cast<double>(t.units) / kPotUnits / c;
        r.win.push_back(static_cast<double>(t.wins) / c);
        r.tie.push_back(static_cast<double>(t.ties) / c);
        r.equity.push_back(mean);
        double se = 0;
        if (!exact && count > 1) {
            const double mean_sq = static_cast<double>(t.units_sq) / (double(kPotUnits) * kPotUnits) / c;
            const double var = std::max(0.0, mean_sq - mean * mean) * c / (c - 1);
            se = std::sqrt(var / c);
        }
        r.stderr_.push_back(se);
    }
    r.count = count;
    return r;
}

// The running totals. Tallies are integers, so the order in which tasks add into them
// cannot change a bit of the result; one lock per task of thousands of boards is free.
class Totals {
public:
    explicit Totals(int n) : total_(static_cast<std::size_t>(n)) {}

    void add(const std::vector<Tally>& part) {
        std::lock_guard<std::mutex> lock(mutex_);
        for (std::size_t i = 0; i < total_.size(); ++i) {
            total_[i].wins += part[i].wins;
            total_[i].ties += part[i].ties;
            total_[i].units += part[i].units;
            total_[i].units_sq += part[i].units_sq;
        }
    }

    const std::vector<Tally>& get() const { return total_; }

private:
    std::vector<Tally> total_;
    std::mutex mutex_;
};

// Every board visited and scored: the reference the fast path is tested against.
EquityResult plain_exact_equity(const EquityRequest& q, const Setup& s) {
    const int n = static_cast<int>(q.hands.size());
    const EvalTables& t = eval_tables();
    const std::vector<PloPairs> pairs = pairs_of(q);
    if (s.missing == 0) {
        q.control.set_total(1);
        q.control.check();
        std::vector<Tally> total(static_cast<std::size_t>(n));
        Scorer{t, q.variant, q.hands.data(), pairs.data(), n, total.data()}(q.board);
        q.control.advance(1);
        return finish(total, 1, true);
    }
    std::vector<CardMask> bits;
    for (int id : s.deck) bits.push_back(card_bit(id));
    // One task per first added card (the deck index of the lowest new card); the rest of
    // the board is enumerated by missing - 1 nested loops.
    const std::size_t tasks = bits.size() - static_cast<std::size_t>(s.missing) + 1;
    Totals totals(n);
    const bool heads_up = q.variant == Variant::holdem && n == 2;
    q.control.set_total(choose(static_cast<int>(bits.size()), s.missing));
    q.control.check();
    parallel_for(tasks, q.threads, [&](std::size_t first) {
        const CardMask start = q.board | bits[first];
        std::vector<Tally> part(static_cast<std::size_t>(n));
        auto enumerate = [&](auto& visit) {
            for_each_completion(s.missing - 1, bits.data(), bits.size(), first + 1, start, visit);
        };
        if (heads_up) {
            HeadsUpScorer score(t, q.hands[0], q.hands[1]);
            watched(q.control, score, enumerate);
            score.add_to(part.data());
        } else {
            Scorer score{t, q.variant, q.hands.data(), pairs.data(), n, part.data()};
            watched(q.control, score, enumerate);
        }
        totals.add(part);
    });
    return finish(totals.get(), choose(static_cast<int>(bits.size()), s.missing), true);
}

// Rank multisets and flush corrections (exact.hpp): the same integers as visiting every
// board. Each task tallies into its own row; rows are added in task order.
EquityResult exact_equity(const EquityRequest& q) {
    const int n = static_cast<int>(q.hands.size());
    const ExactPlan plan(q.variant, q.hands.data(), n, q.board, q.dead);
    q.control.set_total(plan.boards());
    q.control.check();
    std::vector<ExactTally> parts(plan.num_tasks() * static_cast<std::size_t>(n));
    parallel_for(plan.num_tasks(), q.threads, [&](std::size_t task) {
        plan.run(task, parts.data() + task * static_cast<std::size_t>(n), q.control);
    });
    std::vector<Tally> total(static_cast<std::size_t>(n));
    for (std::size_t task = 0; task < plan.num_tasks(); ++task)
        for (std::size_t i = 0; i < total.size(); ++i) {
            const ExactTally& x = parts[task * total.size() + i];
            total[i].wins += x.wins;
            total[i].ties += x.ties;
            total[i].units += x.units;
        }
    return finish(total, plan.boards(), true);
}

// The generator of Monte Carlo chunk `chunk`: a substream keyed by (seed, chunk).
Rng chunk_rng(std::uint64_t seed, std::uint64_t chunk) {
    std::uint64_t x = seed ^ (0xD1B54A32D192ED03ull * (chunk + 1));
    return Rng::from_seed(splitmix64_next(x));
}

// Deals `trials` random completions of `board` from `deck` (the cards that can come,
// reordered in place) to `score`.
template <class F>
void deal_boards(Rng& rng, std::vector<CardKey>& deck, int missing, const HandKey& board, std::uint64_t trials,
                 F& score) {
    const auto left = static_cast<std::uint32_t>(deck.size());
    for (std::uint64_t trial = 0; trial < trials; ++trial) {
        // A partial Fisher-Yates shuffle: the first `missing` cards are a uniform draw
        // whatever order the deck was left in by the trial before.
        HandKey full = board;
        for (std::uint32_t j = 0; j < static_cast<std::uint32_t>(missing); ++j) {
            const std::uint32_t r = j + rng.below(left - j);
            std::swap(deck[j], deck[r]);
            full += deck[j];
        }
        score(full);
    }
}

EquityResult monte_carlo_equity(const EquityRequest& q, const Setup& s) {
    const int n = static_cast<int>(q.hands.size());
    const EvalTables& t = eval_tables();
    const std::vector<PloPairs> pairs = pairs_of(q);
    std::vector<CardKey> cards;
    for (int id : s.deck) cards.push_back(card_key(t, id));
    std::vector<CardKey> hole_keys;
    for (CardMask h : q.hands) hole_keys.push_back(cards_key(t, h));
    const HandKey board = hand_key(t, q.board);
    const bool heads_up = q.variant == Variant::holdem && n == 2;
    const std::uint64_t chunks = (q.trials + kMonteCarloChunk - 1) / kMonteCarloChunk;
    Totals totals(n);
    q.control.set_total(q.trials);
    q.control.check();
    parallel_for(chunks, q.threads, [&](std::size_t chunk) {
        Rng rng = chunk_rng(q.seed, chunk);
        std::vector<CardKey> deck = cards;
        const std::uint64_t trials = std::min(kMonteCarloChunk, q.trials - chunk * kMonteCarloChunk);
        std::vector<Tally> part(static_cast<std::size_t>(n));
        auto deal = [&](auto& visit) { deal_boards(rng, deck, s.missing, board, trials, visit); };
        if (heads_up) {
            HeadsUpScorer score(t, q.hands[0], q.hands[1]);
            watched(q.control, score, deal);
            score.add_to(part.data());
        } else {
            // Tallied on this thread's stack, where no other thread's writes share a line.
            std::array<Tally, kMaxEquityPlayers> local{};
            Scorer score{t, q.variant, q.hands.data(), pairs.data(), n, local.data(), hole_keys.data()};
            watched(q.control, score, deal);
            std::copy(local.begin(), local.begin() + n, part.begin());
        }
        totals.add(part);
    });
    return finish(totals.get(), q.trials, false);
}

}  // namespace

std::uint64_t count_boards(const EquityRequest& request) {
    const Setup s = check_request(request);
    return choose(static_cast<int>(s.deck.size()), s.missing);
}

EquityResult equity(const EquityRequest& request) {
    const Setup s = check_request(request);
    return request.exact ? exact_equity(request) : monte_carlo_equity(request, s);
}

EquityResult equity_by_visiting_every_board(const EquityRequest& request) {
    EquityRequest q = request;
    q.exact = true;
    const Setup s = check_request(q);
    return plain_exact_equity(q, s);
}

}  // namespace meeple::poker
