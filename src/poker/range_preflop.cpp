// Heads-up preflop deal counts by classes of deals under suit renamings (range_preflop.hpp).
#include "poker/range_preflop.hpp"

#include <algorithm>
#include <array>
#include <numeric>

#include "poker/exact.hpp"
#include "poker/parallel.hpp"

namespace meeple::poker {
namespace {

using Perm = std::array<int, 4>;

CardMask rename_suits(CardMask m, const Perm& to) {
    CardMask out = 0;
    for (int s = 0; s < 4; ++s) out |= ((m >> (13 * s)) & 0x1FFF) << (13 * to[s]);
    return out;
}

struct DealKey {
    CardMask a, b;
    bool operator<(const DealKey& o) const { return a != o.a ? a < o.a : b < o.b; }
    bool operator==(const DealKey& o) const = default;
};

// [x^k] of prod over the cycles (lengths) of (1 + x^len)^ranks: the k-card sets that a
// renaming with these cycles leaves unchanged.
std::uint64_t fixed_sets(std::initializer_list<int> cycles, int ranks, int k) {
    std::vector<std::uint64_t> poly(static_cast<std::size_t>(k) + 1, 0);
    poly[0] = 1;
    for (int len : cycles) {
        for (int r = 0; r < ranks; ++r) {
            for (int d = k; d >= len; --d) poly[static_cast<std::size_t>(d)] += poly[static_cast<std::size_t>(d - len)];
        }
    }
    return poly[static_cast<std::size_t>(k)];
}

}  // namespace

std::uint64_t suit_classes_of_sets(int ranks, int k) {
    if (k < 0 || k > 4 * ranks) return 0;
    // The renamings of four suits by cycle type: 1 identity, 6 swaps, 3 double swaps,
    // 8 three-cycles, 6 four-cycles.
    const std::uint64_t sum = fixed_sets({1, 1, 1, 1}, ranks, k) + 6 * fixed_sets({2, 1, 1}, ranks, k) +
                              3 * fixed_sets({2, 2}, ranks, k) + 8 * fixed_sets({3, 1}, ranks, k) +
                              6 * fixed_sets({4}, ranks, k);
    return sum / 24;
}

void preflop_deal_counts(const std::vector<CardMask>& a, const std::vector<CardMask>& b,
                         const std::vector<std::uint32_t>& pair_a, const std::vector<std::uint32_t>& pair_b,
                         CardMask dead, int threads, const Control& control, std::uint64_t progress_total,
                         std::vector<std::uint64_t>& wins, std::vector<std::uint64_t>& ties) {
    const std::size_t deals = pair_a.size();
    // The renamings that keep the dead cards where they are (all 24 without dead cards).
    std::vector<Perm> perms;
    Perm p = {0, 1, 2, 3};
    do {
        if (rename_suits(dead, p) == dead) perms.push_back(p);
    } while (std::next_permutation(p.begin(), p.end()));

    // Each deal's class is named by its least image; deals sorted by class.
    std::vector<DealKey> key(deals);
    for (std::size_t d = 0; d < deals; ++d) {
        const CardMask x = a[pair_a[d]], y = b[pair_b[d]];
        DealKey best{x, y};
        for (const Perm& q : perms) best = std::min(best, DealKey{rename_suits(x, q), rename_suits(y, q)});
        key[d] = best;
    }
    std::vector<std::size_t> order(deals);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
        return key[x] < key[y] || (key[x] == key[y] && x < y);
    });
    std::vector<std::size_t> class_of(deals);
    std::vector<ExactPlan> plans;
    for (std::size_t i = 0; i < deals; ++i) {
        const std::size_t d = order[i];
        if (i == 0 || !(key[d] == key[order[i - 1]])) {
            const CardMask hands[2] = {key[d].a, key[d].b};
            plans.emplace_back(Variant::holdem, hands, 2, CardMask{0}, dead);
        }
        class_of[d] = plans.size() - 1;
    }

    // Every task of every class is its own work item with its own tallies.
    struct Item {
        std::size_t plan, task;
    };
    std::vector<Item> items;
    for (std::size_t c = 0; c < plans.size(); ++c)
        for (std::size_t t = 0; t < plans[c].num_tasks(); ++t) items.push_back({c, t});
    std::vector<std::array<ExactTally, 2>> tallies(items.size());
    const std::size_t n_items = items.size();
    parallel_for(n_items, threads, [&](std::size_t i) {
        control.check();
        plans[items[i].plan].run(items[i].task, tallies[i].data());
        const auto share = [&](std::size_t k) {
            // total * k / n without overflow (progress_total and n_items are far below 2^32).
            return progress_total / n_items * k + progress_total % n_items * k / n_items;
        };
        control.advance(share(i + 1) - share(i));
    });
    std::vector<ExactTally> per_class(plans.size());
    for (std::size_t i = 0; i < n_items; ++i) {
        per_class[items[i].plan].wins += tallies[i][0].wins;
        per_class[items[i].plan].ties += tallies[i][0].ties;
    }
    wins.assign(deals, 0);
    ties.assign(deals, 0);
    for (std::size_t d = 0; d < deals; ++d) {
        wins[d] = per_class[class_of[d]].wins;
        ties[d] = per_class[class_of[d]].ties;
    }
}

}  // namespace meeple::poker
