// Poker microbenchmarks: 7-card evaluation (random hands streamed from memory, and a
// small cache-resident set evaluated over and over), batch evaluation, and exact
// heads-up preflop equity over all 1,712,304 boards.
//
// benchmarks/poker_peers.sh compiles this file a second time together with the C/C++
// sources of PH Evaluator and XiaPL taken from their PyPI source distributions in a
// scratch folder (never committed), defining MEEPLE_BENCH_PHEVALUATOR and
// MEEPLE_BENCH_XIAPL, so the peers run in the same process on the same hands.
//
// Usage: bench_poker [million_random_hands=20] [repeats=5]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "poker/equity.hpp"
#include "poker/evaluator.hpp"
#include "poker/hand.hpp"

#ifdef MEEPLE_BENCH_PHEVALUATOR
// Written by poker_peers.sh: int phe_card(int meeple_id), int phe_eval7(const int* phe_ids).
#include "phevaluator_bridge.hpp"
#endif
#ifdef MEEPLE_BENCH_XIAPL
// Written by poker_peers.sh: xiapl_eval_mask(mask), xiapl_preflop_equity(mask, mask).
#include "xiapl_bridge.hpp"
#endif

using namespace meeple;
using namespace meeple::poker;
using Clock = std::chrono::steady_clock;

namespace {

struct Hands {
    std::vector<CardMask> masks;
    std::vector<int> ids;  // 7 ids a hand, for evaluators that take cards
};

Hands random_hands(std::size_t n, std::uint64_t seed) {
    Hands h;
    h.masks.reserve(n);
    h.ids.reserve(n * 7);
    Rng rng = Rng::from_seed(seed);
    for (std::size_t i = 0; i < n; ++i) {
        CardMask m = 0;
        while (card_count(m) < 7) {
            const int id = static_cast<int>(rng.below(52));
            if (m & card_bit(id)) continue;
            m |= card_bit(id);
            h.ids.push_back(id);
        }
        h.masks.push_back(m);
    }
    return h;
}

// Best of `repeats` timings of f() in nanoseconds per item.
template <class F>
double best_ns(int repeats, double items, F&& f) {
    double best = 1e300;
    for (int r = 0; r < repeats; ++r) {
        const auto t0 = Clock::now();
        f();
        const double ns = std::chrono::duration<double, std::nano>(Clock::now() - t0).count();
        best = std::min(best, ns / items);
    }
    return best;
}

volatile std::uint64_t g_sink;


void report(const char* what, double ns, double baseline) {
    std::printf("  %-44s %8.2f ns/hand  %7.1f M hands/s  x%.2f\n", what, ns, 1e3 / ns, baseline / ns);
}

}  // namespace

int main(int argc, char** argv) {
    const std::size_t n = static_cast<std::size_t>(argc > 1 ? std::atof(argv[1]) * 1e6 : 20e6);
    const int repeats = argc > 2 ? std::atoi(argv[2]) : 5;
    const EvalTables& t = eval_tables();
    const Hands random = random_hands(n, 1);
    const Hands resident = random_hands(1024, 2);
    const std::size_t resident_rounds = n / 1024;

    std::printf("7-card evaluation, single thread, %zu random hands (best of %d); xN = meeple's speed over this\n",
                n, repeats);
    const double ours_random = best_ns(repeats, double(n), [&] {
        std::uint64_t s = 0;
        for (CardMask m : random.masks) s += evaluate_unchecked(t, m);
        g_sink = s;
    });
    const double ours_resident = best_ns(repeats, double(resident_rounds * 1024), [&] {
        std::uint64_t s = 0;
        for (std::size_t r = 0; r < resident_rounds; ++r) {
            asm volatile("" ::: "memory");  // each round really runs
            for (CardMask m : resident.masks) s += evaluate_unchecked(t, m);
        }
        g_sink = s;
    });
    const double ours_ids = best_ns(repeats, double(n), [&] {
        std::uint64_t s = 0;
        for (std::size_t i = 0; i < n; ++i) {
            s += evaluate_cards_unchecked(t, &random.ids[i * 7], 7);
        }
        g_sink = s;
    });
    const double ours_resident_ids = best_ns(repeats, double(resident_rounds * 1024), [&] {
        std::uint64_t s = 0;
        for (std::size_t r = 0; r < resident_rounds; ++r) {
            asm volatile("" ::: "memory");
            for (std::size_t i = 0; i < 1024; ++i) s += evaluate_cards_unchecked(t, &resident.ids[i * 7], 7);
        }
        g_sink = s;
    });
    report("meeple, random hands (from masks)", ours_random, ours_random);
    report("meeple, random hands (from 7 card ids)", ours_ids, ours_random);
    report("meeple, 1,024 cache-resident hands", ours_resident, ours_resident);
    report("meeple, 1,024 cache-resident hands (from ids)", ours_resident_ids, ours_resident);
    std::vector<std::uint32_t> out(n);
    const double batch1 = best_ns(repeats, double(n), [&] { evaluate_batch(random.masks.data(), n, out.data(), 1); });
    const double batch_all = best_ns(repeats, double(n), [&] { evaluate_batch(random.masks.data(), n, out.data(), 0); });
    report("meeple evaluate_batch, 1 thread (checked)", batch1, ours_random);
    report("meeple evaluate_batch, all threads", batch_all, ours_random);

#ifdef MEEPLE_BENCH_PHEVALUATOR
    // PH Evaluator numbers cards rank * 4 + suit; its ids are converted before timing.
    std::vector<int> phe_random_ids(random.ids.size()), phe_resident_ids(resident.ids.size());
    for (std::size_t i = 0; i < random.ids.size(); ++i) phe_random_ids[i] = phe_card(random.ids[i]);
    for (std::size_t i = 0; i < resident.ids.size(); ++i) phe_resident_ids[i] = phe_card(resident.ids[i]);
    const double phe_random = best_ns(repeats, double(n), [&] {
        std::uint64_t s = 0;
        for (std::size_t i = 0; i < n; ++i) s += static_cast<std::uint64_t>(phe_eval7(&phe_random_ids[i * 7]));
        g_sink = s;
    });
    const double phe_resident = best_ns(repeats, double(resident_rounds * 1024), [&] {
        std::uint64_t s = 0;
        for (std::size_t r = 0; r < resident_rounds; ++r) {
            asm volatile("" ::: "memory");
            for (std::size_t i = 0; i < 1024; ++i) s += static_cast<std::uint64_t>(phe_eval7(&phe_resident_ids[i * 7]));
        }
        g_sink = s;
    });
    report("PH Evaluator, random hands (from 7 cards)", phe_random, ours_random);
    report("PH Evaluator, 1,024 cache-resident hands", phe_resident, ours_resident);
#endif
#ifdef MEEPLE_BENCH_XIAPL
    const double xia_random = best_ns(repeats, double(n), [&] {
        std::uint64_t s = 0;
        for (std::size_t i = 0; i < n; ++i) s += static_cast<std::uint64_t>(xiapl_eval_mask(random.masks[i]));
        g_sink = s;
    });
    const double xia_resident = best_ns(repeats, double(resident_rounds * 1024), [&] {
        std::uint64_t s = 0;
        for (std::size_t r = 0; r < resident_rounds; ++r) {
            asm volatile("" ::: "memory");
            for (std::size_t i = 0; i < 1024; ++i) s += static_cast<std::uint64_t>(xiapl_eval_mask(resident.masks[i]));
        }
        g_sink = s;
    });
    report("XiaPL, random hands (from masks)", xia_random, ours_random);
    report("XiaPL, 1,024 cache-resident hands", xia_resident, ours_resident);
#endif

    std::printf("\nExact heads-up preflop equity, all 1,712,304 boards (best of %d)\n", repeats);
    for (const char* pair : {"As Ks|Qd Qc", "Ah Ad|7c 2d", "Jh Th|9s 9c"}) {
        const std::string text(pair);
        const std::size_t bar = text.find('|');
        EquityRequest q;
        q.hands = {parse_mask(text.substr(0, bar)), parse_mask(text.substr(bar + 1))};
        for (int threads : {1, 0}) {
            q.threads = threads;
            EquityResult r;
            const double ms = best_ns(repeats, 1e6, [&] { r = equity(q); });
            std::printf("  meeple %-13s %-9s %8.2f ms  equity %.5f / %.5f\n", pair,
                        threads == 1 ? "1 thread" : "all", ms, r.equity[0], r.equity[1]);
        }
#ifdef MEEPLE_BENCH_XIAPL
        double xia_eq = 0;
        const double xms = best_ns(repeats, 1e6, [&] { xia_eq = xiapl_preflop_equity(q.hands[0], q.hands[1]); });
        std::printf("  XiaPL  %-13s %-9s %8.2f ms  equity %.5f\n", pair, "", xms, xia_eq);
#endif
    }
    std::printf("\nExact preflop equity by rank multisets and flush corrections (best of %d)\n", repeats);
    for (const char* spot : {"Ah Kh 5c 5d|Qs Js Ts 9c", "As Ks Qs Js|Ad Kd Qd Jd|2c 3c 4h 5h",
                             "As Ks|Qd Qc|7h 6h|2c 2d|9s 8s|Ah Td"}) {
        EquityRequest q;
        std::string text(spot);
        for (std::size_t at = 0; at <= text.size();) {
            const std::size_t bar = std::min(text.find('|', at), text.size());
            q.hands.push_back(parse_mask(text.substr(at, bar - at)));
            at = bar + 1;
        }
        if (card_count(q.hands[0]) == 4) q.variant = Variant::plo;
        for (int threads : {1, 0}) {
            q.threads = threads;
            EquityResult r;
            const double ms = best_ns(repeats, 1e6, [&] { r = equity(q); });
            std::printf("  %-4s %-40s %-9s %8.2f ms  %llu boards\n", variant_name(q.variant), spot,
                        threads == 1 ? "1 thread" : "all", ms, static_cast<unsigned long long>(r.count));
        }
    }
    return 0;
}
