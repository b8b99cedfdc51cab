// The sorted sweep of heads-up Hold'em showdowns (see range_sweep.hpp).
#include "poker/range_sweep.hpp"

#include <algorithm>
#include <cstring>
#include <unordered_map>

#include "poker/hand_key.hpp"

namespace meeple::poker {
namespace {

// A sort key: value (1..7462, 13 bits) << 12 | side << 11 | index (11 bits).
constexpr int kValueShift = 12;
constexpr std::uint32_t kSideBit = 1u << 11;
constexpr std::uint32_t kIndexMask = kSideBit - 1;

}  // namespace

ShowdownSweep::ShowdownSweep(const EvalTables& t, SweepSide a, SweepSide b) : t_(t) {
    const SweepSide sides[2] = {a, b};
    std::unordered_map<CardMask, double> weight_of[2];
    for (int s = 0; s < 2; ++s)
        for (std::size_t i = 0; i < sides[s].size; ++i) weight_of[s][sides[s].masks[i]] = sides[s].weights[i];
    for (int s = 0; s < 2; ++s) {
        const SweepSide& side = sides[s];
        items_[s].reserve(side.size);
        for (std::size_t i = 0; i < side.size; ++i) {
            const CardMask m = side.masks[i];
            Item it;
            it.key = cards_key(t, m).key;
            it.mask = m;
            it.weight = side.weights[i];
            const auto other = weight_of[1 - s].find(m);
            it.same = other == weight_of[1 - s].end() ? 0.0 : other->second;
            it.c1 = static_cast<std::uint8_t>(__builtin_ctzll(m));
            it.c2 = static_cast<std::uint8_t>(63 - __builtin_clzll(m));
            items_[s].push_back(it);
        }
        win_[s].assign(side.size, 0.0);
        tie_[s].assign(side.size, 0.0);
    }
    keys_.resize(a.size + b.size);
    sorted_.resize(a.size + b.size);
}

void ShowdownSweep::score(CardMask board, std::uint32_t mult) {
    const HandKey hb = hand_key(t_, board);
    std::size_t n = 0;
    for (int s = 0; s < 2; ++s) {
        const std::uint32_t side = s ? kSideBit : 0;
        const std::vector<Item>& items = items_[s];
        for (std::size_t i = 0; i < items.size(); ++i) {
            const Item& it = items[i];
            if (it.mask & board) continue;
            const HandKey h{hb.key + it.key, hb.mask | it.mask};
            keys_[n++] = evaluate_unchecked(t_, h) << kValueShift | side | static_cast<std::uint32_t>(i);
        }
    }
    // Radix sort by value, 7 then 6 bits (values are below 8,192), stable.
    std::uint32_t low[129] = {}, high[65] = {};
    for (std::size_t k = 0; k < n; ++k) {
        ++low[((keys_[k] >> kValueShift) & 127) + 1];
        ++high[(keys_[k] >> (kValueShift + 7)) + 1];
    }
    for (int d = 1; d <= 128; ++d) low[d] += low[d - 1];
    for (int d = 1; d <= 64; ++d) high[d] += high[d - 1];
    for (std::size_t k = 0; k < n; ++k) sorted_[low[(keys_[k] >> kValueShift) & 127]++] = keys_[k];
    for (std::size_t k = 0; k < n; ++k) keys_[high[sorted_[k] >> (kValueShift + 7)]++] = sorted_[k];

    // The sweep: below[s] is side s's weight over the combos weaker than the current
    // value, below_card[s][c] the part of it holding card c; equal / equal_card the same
    // over the combos of the current value.
    double below[2] = {0, 0}, equal[2];
    double below_card[2][kDeckSize] = {}, equal_card[2][kDeckSize] = {};
    const double m = static_cast<double>(mult);
    for (std::size_t g = 0; g < n;) {
        const std::uint32_t value = keys_[g] >> kValueShift;
        std::size_t e = g;
        equal[0] = equal[1] = 0;
        for (; e < n && (keys_[e] >> kValueShift) == value; ++e) {
            const int s = (keys_[e] & kSideBit) ? 1 : 0;
            const Item& it = items_[s][keys_[e] & kIndexMask];
            equal[s] += it.weight;
            equal_card[s][it.c1] += it.weight;
            equal_card[s][it.c2] += it.weight;
        }
        for (std::size_t k = g; k < e; ++k) {
            const int s = (keys_[k] & kSideBit) ? 1 : 0, o = 1 - s;
            const std::uint32_t i = keys_[k] & kIndexMask;
            const Item& it = items_[s][i];
            win_[s][i] += m * (below[o] - below_card[o][it.c1] - below_card[o][it.c2]);
            tie_[s][i] += m * (equal[o] - equal_card[o][it.c1] - equal_card[o][it.c2] + it.same);
        }
        for (std::size_t k = g; k < e; ++k) {
            const int s = (keys_[k] & kSideBit) ? 1 : 0;
            const Item& it = items_[s][keys_[k] & kIndexMask];
            below_card[s][it.c1] += it.weight;
            below_card[s][it.c2] += it.weight;
            equal_card[s][it.c1] = 0;
            equal_card[s][it.c2] = 0;
        }
        below[0] += equal[0];
        below[1] += equal[1];
        g = e;
    }
}

std::vector<double> ShowdownSweep::compatible_weight(int side) const {
    const int o = 1 - side;
    double total = 0, card[kDeckSize] = {};
    for (const Item& it : items_[o]) {
        total += it.weight;
        card[it.c1] += it.weight;
        card[it.c2] += it.weight;
    }
    std::vector<double> out;
    out.reserve(items_[side].size());
    for (const Item& it : items_[side]) out.push_back(total - card[it.c1] - card[it.c2] + it.same);
    return out;
}

std::uint64_t ShowdownSweep::compatible_pairs() const {
    std::uint64_t card[kDeckSize] = {}, same = 0;
    for (const Item& it : items_[1]) {
        ++card[it.c1];
        ++card[it.c2];
    }
    std::uint64_t pairs = 0;
    for (const Item& it : items_[0]) {
        pairs += items_[1].size() - card[it.c1] - card[it.c2];
        same += it.same > 0;
    }
    return pairs + same;
}

}  // namespace meeple::poker
