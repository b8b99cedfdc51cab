// meeple against OMPEval (github.com/zekyll/OMPEval, ISC licence), both linked into this
// one process and run on the same inputs: 7-card evaluation of random hands from card ids
// and from each library's own hand form, sequential enumeration of every 7-card hand,
// exact heads-up and 3-way preflop equity, and Monte Carlo trials per second. Each line
// prints both timings and meeple's speed over OMPEval's (above 1: meeple is faster).
//
// Built only when CMake is given -DMEEPLE_OMPEVAL_DIR=<dir> holding include/omp/*.h and
// lib/libompeval.a (OMPEval's own sources, built outside this repository).
//
// Usage: poker_vs_ompeval [million_hands=10] [repeats=5] [threads=0] [only=all]
//   threads: the "all threads" column (0: one per hardware thread); one thread always runs.
//   only: run one part (eval, seq, exact, exact-hu, exact-3way, mc, mc-hu, mc-3way, range,
//   range-aakk, range-wide) -- for
//   `valgrind --tool=callgrind`, whose instruction counts are a load-proof measure: the
//   bench_* functions below (inclusive) for meeple and the evaluation loops; for
//   OMPEval's equity, EquityCalculator::enumerate / simulateRandomWalkMonteCarlo, which
//   run on its own threads.
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <utility>
#include <string>
#include <thread>
#include <vector>

#include "core/rng.hpp"
#include "poker/equity.hpp"
#include "poker/eval_rows.hpp"
#include "poker/evaluator.hpp"
#include "poker/hand.hpp"
#include "poker/hand_key.hpp"
#include "poker/range.hpp"
#include "poker/range_equity.hpp"

#include "omp/EquityCalculator.h"
#include "omp/HandEvaluator.h"

using namespace meeple;
using namespace meeple::poker;
using Clock = std::chrono::steady_clock;

namespace {

volatile std::uint64_t g_sink;

// OMPEval numbers a card 4 * (rank - 2) + suit; meeple 13 * suit + (rank - 2).
unsigned omp_card(int id) { return static_cast<unsigned>(4 * (id % 13) + id / 13); }

struct Hands {
    std::vector<int> ids;            // 7 meeple ids a hand
    std::vector<std::uint8_t> bytes; // the same, a byte each (the width OMPEval's ids have)
    std::vector<std::uint8_t> omp;   // the same cards in OMPEval's numbering
    std::vector<CardMask> masks;
    std::vector<HandKey> keys;
    std::vector<omp::Hand> omp_hands;
};

Hands random_hands(std::size_t n, std::uint64_t seed) {
    const EvalTables& t = eval_tables();
    Hands h;
    h.ids.reserve(7 * n);
    Rng rng = Rng::from_seed(seed);
    for (std::size_t i = 0; i < n; ++i) {
        CardMask m = 0;
        omp::Hand oh = omp::Hand::empty();
        while (card_count(m) < 7) {
            const int id = static_cast<int>(rng.below(52));
            if (m & card_bit(id)) continue;
            m |= card_bit(id);
            h.ids.push_back(id);
            h.bytes.push_back(static_cast<std::uint8_t>(id));
            h.omp.push_back(static_cast<std::uint8_t>(omp_card(id)));
            oh += omp::Hand(omp_card(id));
        }
        h.masks.push_back(m);
        h.keys.push_back(hand_key(t, m));
        h.omp_hands.push_back(oh);
    }
    return h;
}

template <class F>
double best_seconds(int repeats, F&& f) {
    double best = 1e300;
    for (int r = 0; r < repeats; ++r) {
        const auto t0 = Clock::now();
        f();
        best = std::min(best, std::chrono::duration<double>(Clock::now() - t0).count());
    }
    return best;
}

// The calling thread's CPU time: on a shared machine a run is descheduled many times,
// and wall time would count the other processes' turns.
double thread_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// Both libraries' loops, alternating within each repeat so both see the same load: the
// least thread CPU time of each over the repeats, and the median over the repeats of the
// ratio of the two times in one repeat (theirs / ours). The median of paired ratios is
// the steadier figure where the machine's speed drifts between repeats (other work on
// its cores, clock changes): both loops of a repeat run within a second of each other.
struct Paired {
    double ours, theirs, median_ratio;
};

template <class F, class G>
Paired best_pair(int repeats, F&& ours, G&& theirs) {
    double a = 1e300, b = 1e300;
    std::vector<double> ratios;
    for (int r = 0; r < repeats; ++r) {
        double t0 = thread_seconds();
        ours();
        const double ta = thread_seconds() - t0;
        t0 = thread_seconds();
        theirs();
        const double tb = thread_seconds() - t0;
        a = std::min(a, ta);
        b = std::min(b, tb);
        ratios.push_back(tb / ta);
    }
    std::sort(ratios.begin(), ratios.end());
    const std::size_t m = ratios.size();
    return {a, b, m % 2 ? ratios[m / 2] : (ratios[m / 2 - 1] + ratios[m / 2]) / 2};
}

std::string load_average() {
    std::FILE* f = std::fopen("/proc/loadavg", "r");
    if (!f) return "unknown";
    char buf[64] = {};
    const bool ok = std::fgets(buf, sizeof buf, f) != nullptr;
    std::fclose(f);
    std::string text = ok ? buf : "unknown";
    // The first three fields: 1, 5 and 15 minutes.
    std::size_t cut = 0;
    for (int field = 0; field < 3 && cut != std::string::npos; ++field) cut = text.find(' ', cut + 1);
    return text.substr(0, cut);
}

void line(const char* what, const char* unit, double ours, double theirs, double scale) {
    // ours/theirs are seconds; shown in `unit` after multiplying by scale.
    std::printf("  %-46s meeple %9.3f %-8s OMPEval %9.3f %-8s x%.2f\n", what, ours * scale, unit, theirs * scale, unit,
                theirs / ours);
}

// A timed pair per hand: best times, their ratio and the median paired ratio.
void line(const char* what, const Paired& p, double hands) {
    std::printf("  %-46s meeple %9.3f ns/hand OMPEval %9.3f ns/hand x%.2f (median of paired repeats x%.2f)\n", what,
                p.ours / hands * 1e9, p.theirs / hands * 1e9, p.theirs / p.ours, p.median_ratio);
}

// The timed bodies, kept out of line so callgrind can count each one.
__attribute__((noinline)) std::uint64_t bench_meeple_eval_ids(const Hands& h) {
    const EvalTables& t = eval_tables();
    std::uint64_t s = 0;
    const std::size_t n = h.masks.size();
    for (std::size_t i = 0; i < n; ++i) s += evaluate_cards_unchecked(t, &h.bytes[7 * i], 7);
    return s;
}
__attribute__((noinline)) std::uint64_t bench_meeple_eval_int_ids(const Hands& h) {
    const EvalTables& t = eval_tables();
    std::uint64_t s = 0;
    const std::size_t n = h.masks.size();
    for (std::size_t i = 0; i < n; ++i) s += evaluate_cards_unchecked(t, &h.ids[7 * i], 7);
    return s;
}
// OMPEval's hand of seven card ids, added one by one as its own examples do.
inline omp::Hand omp_hand_of(const std::uint8_t* c) {
    omp::Hand x = omp::Hand::empty();
    x += c[0];
    x += c[1];
    x += c[2];
    x += c[3];
    x += c[4];
    x += c[5];
    x += c[6];
    return x;
}
__attribute__((noinline)) std::uint64_t bench_omp_eval_ids(const Hands& h, const omp::HandEvaluator& e) {
    std::uint64_t s = 0;
    const std::size_t n = h.masks.size();
    for (std::size_t i = 0; i < n; ++i) {
        s += e.evaluate(omp_hand_of(&h.omp[7 * i]));
    }
    return s;
}
// Array loops that store every value, as a batch call does: meeple's
// evaluate_id_rows7_unchecked (flush hands listed without a branch and put right after
// each block), OMPEval's per-hand loop, and OMPEval's loop rearranged the same way (its
// rank lookup for every hand, flush hands listed and evaluated after each block), to
// show what the rearrangement alone is worth to either library.
__attribute__((noinline)) void bench_meeple_eval_id_rows(const Hands& h, std::uint32_t* out) {
    evaluate_id_rows7_unchecked(eval_tables(), h.bytes.data(), h.masks.size(), out);
}
__attribute__((noinline)) void bench_omp_eval_id_rows(const Hands& h, const omp::HandEvaluator& e, std::uint32_t* out) {
    const std::size_t n = h.masks.size();
    for (std::size_t i = 0; i < n; ++i) out[i] = e.evaluate(omp_hand_of(&h.omp[7 * i]));
}
__attribute__((noinline)) void bench_omp_eval_id_rows_deferred(const Hands& h, const omp::HandEvaluator& e,
                                                              std::uint32_t* out) {
    const std::size_t n = h.masks.size();
    std::uint32_t rows[kFlushBlock];
    omp::Hand hands[kFlushBlock];
    for (std::size_t first = 0; first < n; first += kFlushBlock) {
        const std::size_t m = std::min(kFlushBlock, n - first);
        std::size_t k = 0;
        for (std::size_t j = 0; j < m; ++j) {
            const omp::Hand x = omp_hand_of(&h.omp[7 * (first + j)]);
            out[first + j] = e.evaluate<false>(x);
            rows[k] = static_cast<std::uint32_t>(j);
            hands[k] = x;
            k += x.hasFlush();
        }
        for (std::size_t f = 0; f < k; ++f) out[first + rows[f]] = e.evaluate(hands[f]);
    }
}
__attribute__((noinline)) void bench_meeple_eval_mask_rows7(const Hands& h, std::uint32_t* out) {
    const EvalTables& t = eval_tables();
    const std::size_t n = h.masks.size();
    for (std::size_t i = 0; i < n; ++i) out[i] = evaluate7_mask_unchecked(t, h.masks[i]);
}
__attribute__((noinline)) void bench_omp_eval_hand_rows(const Hands& h, const omp::HandEvaluator& e, std::uint32_t* out) {
    const std::size_t n = h.omp_hands.size();
    for (std::size_t i = 0; i < n; ++i) out[i] = e.evaluate(h.omp_hands[i]);
}
__attribute__((noinline)) std::uint64_t bench_meeple_eval_keys(const Hands& h) {
    const EvalTables& t = eval_tables();
    std::uint64_t s = 0;
    for (const HandKey& k : h.keys) s += evaluate7_unchecked(t, k);  // seven cards each
    return s;
}
__attribute__((noinline)) std::uint64_t bench_meeple_eval_masks(const Hands& h) {
    const EvalTables& t = eval_tables();
    std::uint64_t s = 0;
    for (CardMask m : h.masks) s += evaluate_unchecked(t, m);
    return s;
}
__attribute__((noinline)) std::uint64_t bench_omp_eval_hands(const Hands& h, const omp::HandEvaluator& e) {
    std::uint64_t s = 0;
    for (const omp::Hand& x : h.omp_hands) s += e.evaluate(x);
    return s;
}

// Every 7-card hand: five nested loops add cards one at a time, and the last two cards
// come from a list of every pair of cards, ordered so that the pairs above the fifth card
// are a prefix (one inner loop a five-card hand, not a short loop a six-card hand whose
// exit the branch predictor keeps missing). Both libraries walk the same order, rank
// first as OMPEval numbers its cards, with the pairs summed in their own form. meeple
// tests once a five-card hand whether two more cards can make a flush and reads the rank
// table with no flush test a hand when they cannot. The seven-nested-loop walk (the last
// card added in a loop a six-card hand) is timed too.
int rank_first_id(int i) { return 13 * (i % 4) + i / 4; }  // OMPEval's order, meeple's ids

struct Cards {
    CardKey meeple[52];
    omp::Hand omp[52];
    std::vector<CardKey> meeple_pairs;  // (g, k), g descending, then k ascending
    std::vector<omp::Hand> omp_pairs;
};

Cards walk_cards() {
    const EvalTables& t = eval_tables();
    Cards d;
    for (int i = 0; i < 52; ++i) {
        d.meeple[i] = card_key(t, rank_first_id(i));
        d.omp[i] = omp::Hand(static_cast<unsigned>(i));
    }
    for (int g = 51; g >= 0; --g) {
        for (int k = g + 1; k < 52; ++k) {
            d.meeple_pairs.push_back(cards_key(t, card_bit(rank_first_id(g)) | card_bit(rank_first_id(k))));
            d.omp_pairs.push_back(d.omp[g] + d.omp[k]);
        }
    }
    return d;
}

// The pairs (g, k) with f < g < k: the first ones of the list.
std::size_t pairs_above(int f) { return static_cast<std::size_t>(51 - f) * static_cast<std::size_t>(50 - f) / 2; }

// Calls visit(hand, f) for every five-card hand, its cards added one a level; f is the
// index of its highest card. Inlined into each caller.
template <class Hand, class Card, class Visit>
inline void for_each_five(const Hand& empty, const Card* c, Visit&& visit) {
    for (int a = 0; a < 52; ++a) {
        const Hand h1 = empty + c[a];
        for (int b = a + 1; b < 52; ++b) {
            const Hand h2 = h1 + c[b];
            for (int d = b + 1; d < 52; ++d) {
                const Hand h3 = h2 + c[d];
                for (int e = d + 1; e < 52; ++e) {
                    const Hand h4 = h3 + c[e];
                    for (int f = e + 1; f < 52; ++f) visit(h4 + c[f], f);
                }
            }
        }
    }
}

__attribute__((noinline)) std::uint64_t bench_meeple_sequential(const Cards& deck) {
    const EvalTables& t = eval_tables();
    const CardKey* last = deck.meeple_pairs.data();
    std::uint64_t s = 0;
    for_each_five(HandKey{}, deck.meeple, [&](const HandKey& h5, int f) {
        const std::size_t n = pairs_above(f);
        if (flush_possible_adding(h5, 2)) {
            for (std::size_t i = 0; i < n; ++i) s += evaluate7_unchecked(t, h5 + last[i]);
        } else {
            for (std::size_t i = 0; i < n; ++i) s += hashed_rank_value7_unchecked(t, h5.key + last[i].key);
        }
    });
    return s;
}
__attribute__((noinline)) std::uint64_t bench_omp_sequential(const omp::HandEvaluator& ev, const Cards& deck) {
    const omp::Hand* last = deck.omp_pairs.data();
    std::uint64_t s = 0;
    for_each_five(omp::Hand::empty(), deck.omp, [&](const omp::Hand& h5, int f) {
        const std::size_t n = pairs_above(f);
        for (std::size_t i = 0; i < n; ++i) s += ev.evaluate(h5 + last[i]);
    });
    return s;
}
__attribute__((noinline)) std::uint64_t bench_meeple_nested(const Cards& deck) {
    const EvalTables& t = eval_tables();
    const CardKey* c = deck.meeple;
    std::uint64_t s = 0;
    for_each_five(HandKey{}, c, [&](const HandKey& h5, int f) {
        for (int g = f + 1; g < 52; ++g) {
            const HandKey h6 = h5 + c[g];
            if (flush_possible_adding(h6, 1)) {
                for (int k = g + 1; k < 52; ++k) s += evaluate7_unchecked(t, h6 + c[k]);
            } else {
                for (int k = g + 1; k < 52; ++k) s += hashed_rank_value7_unchecked(t, h6.key + c[k].key);
            }
        }
    });
    return s;
}
__attribute__((noinline)) std::uint64_t bench_omp_nested(const omp::HandEvaluator& ev, const Cards& deck) {
    const omp::Hand* c = deck.omp;
    std::uint64_t s = 0;
    for_each_five(omp::Hand::empty(), c, [&](const omp::Hand& h5, int f) {
        for (int g = f + 1; g < 52; ++g) {
            const omp::Hand h6 = h5 + c[g];
            for (int k = g + 1; k < 52; ++k) s += ev.evaluate(h6 + c[k]);
        }
    });
    return s;
}

struct Showdown {
    const char* name;
    std::vector<const char*> hands;  // meeple text, also OMPEval's range text
};

__attribute__((noinline)) EquityResult bench_meeple_equity(const Showdown& s, bool exact, std::uint64_t trials,
                                                           int threads) {
    EquityRequest q;
    for (const char* h : s.hands) q.hands.push_back(parse_mask(h));
    q.exact = exact;
    q.trials = trials;
    q.seed = 1;
    q.threads = threads;
    return equity(q);
}
__attribute__((noinline)) omp::EquityCalculator::Results bench_omp_equity(const Showdown& s, bool exact,
                                                                         std::uint64_t trials, int threads) {
    std::vector<omp::CardRange> ranges;
    for (const char* h : s.hands) {
        std::string text(h);
        text.erase(std::remove(text.begin(), text.end(), ' '), text.end());
        ranges.emplace_back(text);
    }
    omp::EquityCalculator calc;
    if (!exact) calc.setHandLimit(trials);
    // Monte Carlo runs until the hand limit: a standard-error target it cannot reach.
    calc.start(ranges, 0, 0, exact, exact ? 5e-5 : 1e-12, nullptr, 0.2, static_cast<unsigned>(threads));
    calc.wait();
    return calc.getResults();
}

// Range against range, exact over every board: meeple's range_equity, OMPEval's
// EquityCalculator with enumerateAll on the same range texts.
__attribute__((noinline)) RangeEquityResult bench_meeple_ranges(const Showdown& s, int threads) {
    RangeEquityRequest q;
    for (const char* h : s.hands) q.ranges.push_back(parse_holdem_range(h));
    q.exact = true;
    q.threads = threads;
    return range_equity(q);
}
__attribute__((noinline)) omp::EquityCalculator::Results bench_omp_ranges(const Showdown& s, int threads) {
    std::vector<omp::CardRange> ranges;
    for (const char* h : s.hands) ranges.emplace_back(std::string(h));
    omp::EquityCalculator calc;
    calc.start(ranges, 0, 0, true, 5e-5, nullptr, 0.2, static_cast<unsigned>(threads));
    calc.wait();
    return calc.getResults();
}

void compare_ranges(const Showdown& s, int repeats, int all_threads) {
    std::vector<int> counts = {1};
    if (all_threads != 1) counts.push_back(all_threads);
    for (int threads : counts) {
        RangeEquityResult ours;
        omp::EquityCalculator::Results theirs;
        const double tm = best_seconds(repeats, [&] { ours = bench_meeple_ranges(s, threads); });
        const double to = best_seconds(repeats, [&] { theirs = bench_omp_ranges(s, threads); });
        char what[160];
        std::snprintf(what, sizeof what, "%s, %d thread%s", s.name, threads, threads == 1 ? "" : "s");
        line(what, "ms", tm, to, 1e3);
        std::printf("  %-46s equity", "");
        for (std::size_t i = 0; i < ours.equity.size(); ++i) std::printf(" %.6f", ours.equity[i]);
        std::printf("  |");
        for (std::size_t i = 0; i < ours.equity.size(); ++i) std::printf(" %.6f", theirs.equity[i]);
        std::printf("\n");
    }
}

void compare_equity(const Showdown& s, bool exact, std::uint64_t trials, int repeats, int all_threads) {
    std::vector<int> counts = {1};
    if (all_threads != 1) counts.push_back(all_threads);
    for (int threads : counts) {
        EquityResult ours;
        omp::EquityCalculator::Results theirs;
        const double tm = best_seconds(repeats, [&] { ours = bench_meeple_equity(s, exact, trials, threads); });
        const double to = best_seconds(repeats, [&] { theirs = bench_omp_equity(s, exact, trials, threads); });
        char what[128];
        std::snprintf(what, sizeof what, "%s, %d thread%s", s.name, threads, threads == 1 ? "" : "s");
        if (exact) {
            line(what, "ms", tm, to, 1e3);
        } else {
            // Trials per second: meeple's count over its time, OMPEval's over its own.
            const double rm = static_cast<double>(ours.count) / tm, ro = static_cast<double>(theirs.hands) / to;
            std::printf("  %-46s meeple %9.2f M/s     OMPEval %9.2f M/s     x%.2f\n", what, rm / 1e6, ro / 1e6, rm / ro);
        }
        std::printf("  %-46s equity", "");
        for (std::size_t i = 0; i < ours.equity.size(); ++i) std::printf(" %.6f", ours.equity[i]);
        std::printf("  |");
        for (std::size_t i = 0; i < ours.equity.size(); ++i) std::printf(" %.6f", theirs.equity[i]);
        std::printf("\n");
    }
}

}  // namespace

int main(int argc, char** argv) {
    const std::size_t n = static_cast<std::size_t>((argc > 1 ? std::atof(argv[1]) : 10.0) * 1e6);
    const int repeats = argc > 2 ? std::max(1, std::atoi(argv[2])) : 5;
    int all_threads = argc > 3 ? std::atoi(argv[3]) : 0;
    if (all_threads <= 0) all_threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    const std::string only = argc > 4 ? argv[4] : "all";
    const auto want = [&](const char* part) { return only == "all" || only == part; };
    const auto want_case = [&](const char* part, const char* which) {
        return want(part) || only == std::string(part) + "-" + which;
    };
    const omp::HandEvaluator ev;
    (void)eval_tables();
    std::printf("load average at start: %s\n", load_average().c_str());

    if (want("eval")) {
        const Hands h = random_hands(n, 1);
        // Both libraries must order hands alike: compare every neighbouring pair.
        const EvalTables& t = eval_tables();
        std::size_t disagree = 0;
        for (std::size_t i = 0; i + 1 < n; ++i) {
            const int a = (evaluate_unchecked(t, h.masks[i]) > evaluate_unchecked(t, h.masks[i + 1])) -
                          (evaluate_unchecked(t, h.masks[i]) < evaluate_unchecked(t, h.masks[i + 1]));
            const int b = (ev.evaluate(h.omp_hands[i]) > ev.evaluate(h.omp_hands[i + 1])) -
                          (ev.evaluate(h.omp_hands[i]) < ev.evaluate(h.omp_hands[i + 1]));
            disagree += a != b;
        }
        std::printf("7-card evaluation, one thread, %zu random hands, least thread CPU time of %d (hand pairs "
                    "ordered differently: %zu)\n",
                    n, repeats, disagree);
        const double dn = static_cast<double>(n);
        // Thread CPU time, both loops alternating in each repeat (best_pair).
        const auto ids = best_pair(repeats, [&] { g_sink = bench_meeple_eval_ids(h); },
                                   [&] { g_sink = bench_omp_eval_ids(h, ev); });
        line("from 7 card ids (a byte each)", ids, dn);
        std::vector<std::uint32_t> values(n), theirs(n);
        const auto rows = best_pair(repeats, [&] { bench_meeple_eval_id_rows(h, values.data()); },
                                    [&] { bench_omp_eval_id_rows(h, ev, theirs.data()); });
        line("byte ids into an array (meeple's id rows)", rows, dn);
        const auto deferred = best_pair(repeats, [&] { bench_meeple_eval_id_rows(h, values.data()); },
                                        [&] { bench_omp_eval_id_rows_deferred(h, ev, theirs.data()); });
        line("the same, OMPEval's loop deferring flushes", deferred, dn);
        const auto batch = best_pair(repeats, [&] { evaluate_ids_batch(h.bytes.data(), n, 7, values.data(), 1); },
                                     [&] { bench_omp_eval_id_rows(h, ev, theirs.data()); });
        line("meeple's checked batch of ids v OMPEval", batch, dn);
        const auto int_ids = best_pair(repeats, [&] { g_sink = bench_meeple_eval_int_ids(h); },
                                       [&] { g_sink = bench_omp_eval_ids(h, ev); });
        line("meeple from 7 int ids v OMPEval from bytes", int_ids, dn);
        const auto own = best_pair(repeats, [&] { g_sink = bench_meeple_eval_keys(h); },
                                   [&] { g_sink = bench_omp_eval_hands(h, ev); });
        line("own form (meeple HandKey, OMPEval Hand)", own, dn);
        const auto masks = best_pair(repeats, [&] { g_sink = bench_meeple_eval_masks(h); },
                                     [&] { g_sink = bench_omp_eval_hands(h, ev); });
        line("meeple card masks v OMPEval Hand", masks, dn);
        const auto masks7 = best_pair(repeats, [&] { bench_meeple_eval_mask_rows7(h, values.data()); },
                                      [&] { bench_omp_eval_hand_rows(h, ev, theirs.data()); });
        line("masks into an array, 7-card table v Hand", masks7, dn);
        const auto mask_batch = best_pair(repeats, [&] { evaluate_batch(h.masks.data(), n, values.data(), 1); },
                                          [&] { bench_omp_eval_hand_rows(h, ev, theirs.data()); });
        line("meeple's checked batch of masks v Hand", mask_batch, dn);
        // Every array loop must give the values of the per-hand functions.
        std::size_t wrong = 0;
        bench_meeple_eval_id_rows(h, values.data());
        for (std::size_t i = 0; i < n; ++i) wrong += values[i] != evaluate_unchecked(t, h.masks[i]);
        bench_meeple_eval_mask_rows7(h, values.data());
        for (std::size_t i = 0; i < n; ++i) wrong += values[i] != evaluate_unchecked(t, h.masks[i]);
        bench_omp_eval_id_rows_deferred(h, ev, values.data());
        for (std::size_t i = 0; i < n; ++i) wrong += values[i] != ev.evaluate(h.omp_hands[i]);
        if (wrong) std::printf("  WRONG: %zu values of the array loops differ from the per-hand ones\n", wrong);
    }
    if (want("seq")) {
        const double hands = 133784560.0;
        std::uint64_t sm = 0, so = 0;
        const int r = std::min(repeats, 5);
        const Cards cards = walk_cards();
        const Paired flat = best_pair(r, [&] { sm = bench_meeple_sequential(cards); },
                                      [&] { so = bench_omp_sequential(ev, cards); });
        g_sink = sm + so;
        std::printf("\nSequential enumeration of all 133,784,560 7-card hands, one thread, least thread CPU time of "
                    "%d\n",
                    r);
        line("five loops and a list of pairs (HandKey, Hand)", flat, hands);
        std::uint64_t nm = 0, no = 0;
        const Paired nested = best_pair(r, [&] { nm = bench_meeple_nested(cards); },
                                        [&] { no = bench_omp_nested(ev, cards); });
        line("the same by seven nested loops", nested, hands);
        // The sums of every hand's value on each library's scale: a walk that skipped or
        // repeated hands would miss them.
        if (sm != 450468187308ull || nm != sm || so != 1585401492424ull || no != so)
            std::printf("  WRONG: sums of values %llu, %llu (meeple), %llu, %llu (OMPEval)\n",
                        static_cast<unsigned long long>(sm), static_cast<unsigned long long>(nm),
                        static_cast<unsigned long long>(so), static_cast<unsigned long long>(no));
    }
    const Showdown hu{"AsKs v QdQc", {"As Ks", "Qd Qc"}};
    const Showdown three{"AsKs v QdQc v 7h6h", {"As Ks", "Qd Qc", "7h 6h"}};
    if (want_case("exact", "hu") || want_case("exact", "3way")) {
        std::printf("\nExact preflop equity, every board, best of %d (equities: meeple | OMPEval)\n", repeats);
        if (want_case("exact", "hu")) compare_equity(hu, true, 0, repeats, all_threads);
        if (want_case("exact", "3way")) compare_equity(three, true, 0, repeats, all_threads);
    }
    if (want_case("mc", "hu") || want_case("mc", "3way")) {
        const std::uint64_t trials = std::max<std::uint64_t>(1000000, n);
        std::printf("\nMonte Carlo preflop, %llu trials, trials per second, best of %d\n",
                    static_cast<unsigned long long>(trials), repeats);
        if (want_case("mc", "hu")) compare_equity(hu, false, trials, repeats, all_threads);
        if (want_case("mc", "3way")) compare_equity(three, false, trials, repeats, all_threads);
    }
    if (want_case("range", "aakk") || want_case("range", "wide")) {
        std::printf("\nExact range v range preflop equity, every board, best of %d (equities: meeple | OMPEval)\n",
                    repeats);
        if (want_case("range", "aakk")) compare_ranges({"AA v KK", {"AA", "KK"}}, repeats, all_threads);
        if (want_case("range", "wide")) {
            compare_ranges({"QQ+,AKs v JJ,TT,99,AQs", {"QQ+,AKs", "JJ,TT,99,AQs"}}, repeats, all_threads);
            compare_ranges({"TT+,AQs+,AKo v 77+,AJs+,KQs,AQo+", {"TT+,AQs+,AKo", "77+,AJs+,KQs,AQo+"}}, repeats,
                           all_threads);
        }
    }
    std::printf("\nload average at end: %s\n", load_average().c_str());
    return 0;
}
