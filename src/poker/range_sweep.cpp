// The sorted sweep of heads-up Hold'em showdowns (see range_sweep.hpp).
#include "poker/range_sweep.hpp"

#include <algorithm>
#include <unordered_map>

#include "poker/hand_key.hpp"

namespace meeple::poker {
namespace {

}  // namespace

ShowdownSweep::ShowdownSweep(const EvalTables& t, SweepSide a, SweepSide b) : t_(t), size_{a.size, b.size} {
    const SweepSide sides[2] = {a, b};
    std::unordered_map<CardMask, double> weight_of[2];
    for (int s = 0; s < 2; ++s)
        for (std::size_t i = 0; i < sides[s].size; ++i) weight_of[s][sides[s].masks[i]] = sides[s].weights[i];
    items_.reserve(a.size + b.size);
    bool pair_seen[169] = {};
    for (int s = 0; s < 2; ++s) {
        const SweepSide& side = sides[s];
        const std::uint32_t base = s ? static_cast<std::uint32_t>(2 * a.size) : 0;
        for (std::size_t i = 0; i < side.size; ++i) {
            const CardMask m = side.masks[i];
            Item it;
            it.key = cards_key(t, m).key;
            it.mask = m;
            it.weight = side.weights[i];
            const auto other = weight_of[1 - s].find(m);
            it.same = other == weight_of[1 - s].end() ? 0.0 : other->second;
            it.win = base + static_cast<std::uint32_t>(i);
            it.side = static_cast<std::uint8_t>(s);
            const int c1 = __builtin_ctzll(m), c2 = 63 - __builtin_clzll(m);
            it.c1 = static_cast<std::uint8_t>(c1);
            it.c2 = static_cast<std::uint8_t>(c2);
            it.suit1 = static_cast<std::uint8_t>(card_suit(c1));
            it.suit2 = static_cast<std::uint8_t>(card_suit(c2));
            const int hi = std::max(card_rank(c1), card_rank(c2)) - 2, lo = std::min(card_rank(c1), card_rank(c2)) - 2;
            it.rank_pair = static_cast<std::uint8_t>(13 * hi + lo);
            if (!pair_seen[it.rank_pair]) {
                pair_seen[it.rank_pair] = true;
                rank_pairs_.emplace_back(it.rank_pair, it.key);
            }
            items_.push_back(it);
        }
    }
    std::uint32_t count[170] = {};
    for (const Item& it : items_) ++count[it.rank_pair + 1];
    for (int p = 1; p <= 169; ++p) count[p] += count[p - 1];
    std::copy(count, count + 170, pair_begin_);
    pair_items_.resize(items_.size());
    for (std::size_t i = 0; i < items_.size(); ++i) pair_items_[count[items_[i].rank_pair]++] = static_cast<std::uint16_t>(i);
    for (std::size_t i = 0; i < items_.size(); ++i) {
        for (int suit = 0; suit < 4; ++suit) {
            const int k = (items_[i].suit1 == suit) + (items_[i].suit2 == suit);
            for (int need = 0; need <= k; ++need) flush_items_[suit][need].push_back(static_cast<std::uint16_t>(i));
        }
    }
    members_.resize(items_.size());
    tally_.assign(2 * (a.size + b.size), 0.0);
    keys_.resize(2 * (a.size + b.size));  // rank pairs and flush makers, each at most one a combo
    sorted_.resize(keys_.size());
}

void ShowdownSweep::score(CardMask board, std::uint32_t mult) {
    const HandKey hb = hand_key(t_, board);
    // A flush needs five of a suit: with three or more of a suit on the board (one suit
    // at most), a combo holding `need` cards of it. Other combos score their rank pair.
    int flush_suit = 4, need = 3;
    for (int s = 0; s < 4; ++s) {
        const int c = card_count((board >> (13 * s)) & 0x1FFF);
        if (c >= 3) {
            flush_suit = s;
            need = 5 - c;
        }
    }
    // Entries to sort: value << 13 | 1 << 12 | item for a combo making a flush, value
    // << 13 | rank pair for the other combos of a rank pair.
    constexpr int kShift = 13;
    constexpr std::uint32_t kItemBit = 1u << 12;
    std::size_t n = 0;
    for (const auto& [pair, key] : rank_pairs_)
        keys_[n++] = rank_only_value_unchecked(t_, HandKey{hb.key + key, 0}) << kShift | pair;
    if (need <= 2) {
        for (const std::uint16_t i : flush_items_[flush_suit][need]) {
            const Item& it = items_[i];
            if (it.mask & board) continue;
            keys_[n++] = evaluate_unchecked(t_, HandKey{hb.key + it.key, hb.mask | it.mask}) << kShift | kItemBit | i;
        }
    }
    // Radix sort by value, 7 then 6 bits (values are below 8,192), stable.
    std::uint32_t low[129] = {}, high[65] = {};
    for (std::size_t k = 0; k < n; ++k) {
        ++low[((keys_[k] >> kShift) & 127) + 1];
        ++high[(keys_[k] >> (kShift + 7)) + 1];
    }
    for (int d = 1; d <= 128; ++d) low[d] += low[d - 1];
    for (int d = 1; d <= 64; ++d) high[d] += high[d - 1];
    for (std::size_t k = 0; k < n; ++k) sorted_[low[(keys_[k] >> kShift) & 127]++] = keys_[k];
    for (std::size_t k = 0; k < n; ++k) keys_[high[sorted_[k] >> (kShift + 7)]++] = sorted_[k];

    // The sweep: below[s] is side s's weight over the combos weaker than the current
    // value, below_card[s][c] the part of it holding card c; equal / equal_card the same
    // over the combos of the current value.
    double below[2] = {0, 0}, equal[2];
    double below_card[2][kDeckSize] = {}, equal_card[2][kDeckSize] = {};
    const double m = static_cast<double>(mult);
    double* const tally = tally_.data();
    std::uint16_t* const members = members_.data();
    for (std::size_t g = 0; g < n;) {
        // The live combos of this value: flush makers listed alone, and those of each rank
        // pair listed that are not blocked by the board nor making a flush.
        const std::uint32_t value = keys_[g] >> kShift;
        std::size_t count = 0;
        for (; g < n && (keys_[g] >> kShift) == value; ++g) {
            const std::uint32_t low_bits = keys_[g] & (kItemBit - 1);
            if (keys_[g] & kItemBit) {
                members[count++] = static_cast<std::uint16_t>(low_bits);
                continue;
            }
            for (std::uint32_t k = pair_begin_[low_bits]; k < pair_begin_[low_bits + 1]; ++k) {
                const Item& it = items_[pair_items_[k]];
                const int suited = (it.suit1 == flush_suit) + (it.suit2 == flush_suit);
                if ((it.mask & board) || suited >= need) continue;
                members[count++] = pair_items_[k];
            }
        }
        // Two sums in registers (adding 0 to a sum leaves it as it was), not a sum in
        // memory indexed by side, which would wait on its own store every combo.
        double equal0 = 0, equal1 = 0;
        for (std::size_t k = 0; k < count; ++k) {
            const Item& it = items_[members[k]];
            equal0 += it.side ? 0.0 : it.weight;
            equal1 += it.side ? it.weight : 0.0;
            equal_card[it.side][it.c1] += it.weight;
            equal_card[it.side][it.c2] += it.weight;
        }
        equal[0] = equal0;
        equal[1] = equal1;
        for (std::size_t k = 0; k < count; ++k) {
            const Item& it = items_[members[k]];
            const int o = 1 - it.side;
            tally[it.win] += m * (below[o] - below_card[o][it.c1] - below_card[o][it.c2]);
            tally[it.win + size_[it.side]] += m * (equal[o] - equal_card[o][it.c1] - equal_card[o][it.c2] + it.same);
        }
        for (std::size_t k = 0; k < count; ++k) {
            const Item& it = items_[members[k]];
            below_card[it.side][it.c1] += it.weight;
            below_card[it.side][it.c2] += it.weight;
            equal_card[it.side][it.c1] = 0;
            equal_card[it.side][it.c2] = 0;
        }
        below[0] += equal[0];
        below[1] += equal[1];
    }
}

std::vector<double> ShowdownSweep::compatible_weight(int side) const {
    double total = 0, card[kDeckSize] = {};
    for (const Item& it : items_) {
        if (it.side == side) continue;
        total += it.weight;
        card[it.c1] += it.weight;
        card[it.c2] += it.weight;
    }
    std::vector<double> out;
    out.reserve(size_[side]);
    for (const Item& it : items_)
        if (it.side == side) out.push_back(total - card[it.c1] - card[it.c2] + it.same);
    return out;
}

std::uint64_t ShowdownSweep::compatible_pairs() const {
    std::uint64_t card[kDeckSize] = {}, pairs = 0;
    for (const Item& it : items_) {
        if (it.side != 1) continue;
        ++card[it.c1];
        ++card[it.c2];
    }
    for (const Item& it : items_) {
        if (it.side != 0) continue;
        pairs += size_[1] - card[it.c1] - card[it.c2] + (it.same > 0);
    }
    return pairs;
}

}  // namespace meeple::poker
