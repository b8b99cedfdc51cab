// The sorted sweep of heads-up Hold'em showdowns (see range_sweep.hpp).
#include "poker/range_sweep.hpp"

#include <algorithm>
#include <cstring>
#include <memory>
#include <unordered_map>

#include "poker/hand_key.hpp"

namespace meeple::poker {
namespace {

constexpr int kShift = 13;                     // entries: value << kShift | low bits
constexpr std::uint32_t kItemBit = 1u << 12;  // low bits: 1 << 12 | item, or a rank pair

// Stable radix sort of entries by value (values are below 8,192: 7 then 6 bits).
void sort_by_value(std::uint32_t* keys, std::size_t n, std::uint32_t* scratch) {
    std::uint32_t low[129] = {}, high[65] = {};
    for (std::size_t k = 0; k < n; ++k) {
        ++low[((keys[k] >> kShift) & 127) + 1];
        ++high[(keys[k] >> (kShift + 7)) + 1];
    }
    for (int d = 1; d <= 128; ++d) low[d] += low[d - 1];
    for (int d = 1; d <= 64; ++d) high[d] += high[d - 1];
    for (std::size_t k = 0; k < n; ++k) scratch[low[(keys[k] >> kShift) & 127]++] = keys[k];
    for (std::size_t k = 0; k < n; ++k) keys[high[scratch[k] >> (kShift + 7)]++] = scratch[k];
}

// The same order by insertion, for the few entries of a typical board's flush makers.
void sort_few_by_value(std::uint32_t* keys, std::size_t n, std::uint32_t* scratch) {
    if (n > 32) {
        sort_by_value(keys, n, scratch);
        return;
    }
    for (std::size_t k = 1; k < n; ++k) {
        const std::uint32_t x = keys[k];
        std::size_t j = k;
        for (; j > 0 && (keys[j - 1] >> kShift) > (x >> kShift); --j) keys[j] = keys[j - 1];
        keys[j] = x;
    }
}

}  // namespace

ShowdownSweep::ShowdownSweep(const EvalTables& t, SweepSide a, SweepSide b) : t_(t), size_{a.size, b.size} {
    const SweepSide sides[2] = {a, b};
    std::unordered_map<CardMask, double> weight_of[2];
    for (int s = 0; s < 2; ++s)
        for (std::size_t i = 0; i < sides[s].size; ++i) weight_of[s][sides[s].masks[i]] = sides[s].weights[i];
    std::vector<Item> given;  // a's combos, then b's
    std::vector<std::uint64_t> given_key;
    given.reserve(a.size + b.size);
    bool pair_seen[169] = {};
    for (int s = 0; s < 2; ++s) {
        const SweepSide& side = sides[s];
        const std::uint32_t base = s ? static_cast<std::uint32_t>(2 * a.size) : 0;
        for (std::size_t i = 0; i < side.size; ++i) {
            const CardMask m = side.masks[i];
            Item it;
            const std::uint64_t key = cards_key(t, m).key;
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
                rank_pairs_.emplace_back(it.rank_pair, key);
            }
            pair_sides_[it.rank_pair] |= static_cast<std::uint8_t>(1 << s);
            given.push_back(it);
            given_key.push_back(key);
        }
    }
    // Items grouped by rank pair (a stable counting sort), so that a pair's items are
    // read in a row, in the order given.
    std::uint32_t count[170] = {};
    for (const Item& it : given) ++count[it.rank_pair + 1];
    for (int p = 1; p <= 169; ++p) count[p] += count[p - 1];
    std::copy(count, count + 170, pair_begin_);
    std::copy(count, count + 169, pair_split_);
    for (const Item& it : given) pair_split_[it.rank_pair] += it.side == 0;
    items_.resize(given.size());
    item_key_.resize(given.size());
    std::vector<std::uint16_t> moved_to(given.size());
    for (std::size_t i = 0; i < given.size(); ++i) {
        const std::uint32_t at = count[given[i].rank_pair]++;
        items_[at] = given[i];
        item_key_[at] = given_key[i];
        moved_to[i] = static_cast<std::uint16_t>(at);
    }
    given_order_ = moved_to;
    for (std::size_t i = 0; i < given.size(); ++i) {
        for (int suit = 0; suit < 4; ++suit) {
            const int k = (given[i].suit1 == suit) + (given[i].suit2 == suit);
            for (int need = 0; need <= k; ++need) flush_items_[suit][need].push_back(moved_to[i]);
        }
    }
    members_.resize(items_.size());
    tally_.assign(2 * (a.size + b.size), 0.0);
    keys_.resize(2 * (a.size + b.size));  // rank pairs and flush makers, each at most one a combo
    flush_keys_.resize(items_.size());
    sorted_.resize(keys_.size());
}

void ShowdownSweep::rank_pair_order(std::uint64_t board_key, std::uint32_t* out) {
    std::size_t n = 0;
    for (const auto& [pair, key] : rank_pairs_)
        out[n++] = rank_only_value_unchecked(t_, HandKey{board_key + key, 0}) << kShift | pair;
    sort_by_value(out, n, sorted_.data());
}

std::size_t ShowdownSweep::rank_class(CardMask board) const { return board_rank_class(board, base_, missing_); }

void ShowdownSweep::prepare(CardMask base, const std::vector<CardMask>& deck, int missing) {
    orders_.reset();
    missing_ = -1;
    if (missing < 0 || missing > 2 || rank_pairs_.empty()) return;
    base_ = base;
    missing_ = missing;
    const std::size_t np = rank_pairs_.size(), classes = missing == 2 ? 169 : missing == 1 ? 13 : 1;
    auto orders = std::make_shared<std::vector<std::uint32_t>>(classes * np, 0u);
    std::vector<char> done(classes, 0);
    // Each class from the first of its boards, with the key score() would compute.
    auto visit = [&](CardMask board) {
        const std::size_t c = rank_class(board);
        if (done[c]) return;
        done[c] = 1;
        rank_pair_order(hand_key(t_, board).key, orders->data() + c * np);
    };
    if (missing == 0) {
        visit(base);
    } else if (missing == 1) {
        for (const CardMask d : deck) visit(base | d);
    } else {
        for (std::size_t i = 0; i < deck.size(); ++i)
            for (std::size_t j = i + 1; j < deck.size(); ++j) visit(base | deck[i] | deck[j]);
    }
    orders_ = std::move(orders);
}

template <bool kFlush>
void ShowdownSweep::sweep(const std::uint32_t* keys, std::size_t n, CardMask board, double m, int flush_suit,
                          int need) {
    // The sweep: below[s] is side s's weight over the combos weaker than the current
    // value, below_card[s][c] the part of it holding card c; equal / equal_card the same
    // over the combos of the current value.
    double below[2] = {0, 0}, equal[2];
    double(&below_card)[2][kDeckSize] = below_card_;
    double(&equal_card)[2][kDeckSize] = equal_card_;
    std::memset(below_card_, 0, sizeof below_card_);
    double* const tally = tally_.data();
    std::uint16_t* const members = members_.data();
    const Item* const items = items_.data();
    for (std::size_t g = 0; g < n;) {
        const std::uint32_t value = keys[g] >> kShift;
        const std::uint32_t low_bits = keys[g] & (kItemBit - 1);
        // A value held by one rank pair of one side's combos alone (the usual case): no
        // ties with the other side, and the tallies read only the other side's sums,
        // so one pass over the pair's combos does it.
        const bool alone = !(keys[g] & kItemBit) && (g + 1 == n || (keys[g + 1] >> kShift) != value);
        if (alone && pair_sides_[low_bits] != 3) {
            const int s = pair_sides_[low_bits] >> 1, o = 1 - s;
            const double other = below[o];
            const double* const other_card = below_card[o];
            double* const own_card = below_card[s];
            double sum = 0;
            for (std::uint32_t k = pair_begin_[low_bits]; k < pair_begin_[low_bits + 1]; ++k) {
                const Item& it = items[k];
                if ((it.mask & board) || (kFlush && (it.suit1 == flush_suit) + (it.suit2 == flush_suit) >= need))
                    continue;
                tally[it.win] += m * (other - other_card[it.c1] - other_card[it.c2]);
                sum += it.weight;
                own_card[it.c1] += it.weight;
                own_card[it.c2] += it.weight;
            }
            below[s] += sum;
            ++g;
            continue;
        }
        // A value held by one rank pair of both sides' combos alone (a's items of the
        // pair first, then b's): the general case below without a list of members and
        // with each side's sums in registers; the same sums in the same order.
        if (alone) {
            const std::uint32_t begin = pair_begin_[low_bits], split = pair_split_[low_bits],
                                end = pair_begin_[low_bits + 1];
            auto live = [&](const Item& it) {
                return !((it.mask & board) ||
                         (kFlush && (it.suit1 == flush_suit) + (it.suit2 == flush_suit) >= need));
            };
            // Each side's equal sums, and its wins against the other side's weaker
            // combos; the live combos listed (a's, then b's) for the two passes after.
            std::size_t count = 0;
            auto gather = [&](std::uint32_t from, std::uint32_t to, int s) {
                const int o = 1 - s;
                const double other = below[o];
                const double* const other_card = below_card[o];
                double* const card = equal_card[s];
                double sum = 0;
                for (std::uint32_t k = from; k < to; ++k) {
                    const Item& it = items[k];
                    if (!live(it)) continue;
                    members[count++] = static_cast<std::uint16_t>(k);
                    sum += it.weight;
                    card[it.c1] += it.weight;
                    card[it.c2] += it.weight;
                    tally[it.win] += m * (other - other_card[it.c1] - other_card[it.c2]);
                }
                return sum;
            };
            const double sum0 = gather(begin, split, 0);
            const std::size_t count0 = count;
            const double sum1 = gather(split, end, 1);
            auto ties = [&](std::size_t from, std::size_t to, int s, double other) {
                const double* const other_card = equal_card[1 - s];
                const std::size_t tie = size_[s];
                for (std::size_t k = from; k < to; ++k) {
                    const Item& it = items[members[k]];
                    tally[it.win + tie] += m * (other - other_card[it.c1] - other_card[it.c2] + it.same);
                }
            };
            ties(0, count0, 0, sum1);
            ties(count0, count, 1, sum0);
            auto pass = [&](std::size_t from, std::size_t to, int s) {
                double* const card = below_card[s];
                double* const eq = equal_card[s];
                for (std::size_t k = from; k < to; ++k) {
                    const Item& it = items[members[k]];
                    card[it.c1] += it.weight;
                    card[it.c2] += it.weight;
                    eq[it.c1] = 0;
                    eq[it.c2] = 0;
                }
            };
            pass(0, count0, 0);
            pass(count0, count, 1);
            below[0] += sum0;
            below[1] += sum1;
            ++g;
            continue;
        }
        // The live combos of this value: flush makers listed alone, and those of each rank
        // pair listed that are not blocked by the board nor making a flush.
        std::size_t count = 0;
        for (; g < n && (keys[g] >> kShift) == value; ++g) {
            const std::uint32_t bits = keys[g] & (kItemBit - 1);
            if (keys[g] & kItemBit) {
                members[count++] = static_cast<std::uint16_t>(bits);
                continue;
            }
            for (std::uint32_t k = pair_begin_[bits]; k < pair_begin_[bits + 1]; ++k) {
                const Item& it = items[k];
                if ((it.mask & board) || (kFlush && (it.suit1 == flush_suit) + (it.suit2 == flush_suit) >= need))
                    continue;
                members[count++] = static_cast<std::uint16_t>(k);
            }
        }
        // Two sums in registers (adding 0 to a sum leaves it as it was), not a sum in
        // memory indexed by side, which would wait on its own store every combo.
        double equal0 = 0, equal1 = 0;
        for (std::size_t k = 0; k < count; ++k) {
            const Item& it = items[members[k]];
            equal0 += it.side ? 0.0 : it.weight;
            equal1 += it.side ? it.weight : 0.0;
            equal_card[it.side][it.c1] += it.weight;
            equal_card[it.side][it.c2] += it.weight;
        }
        equal[0] = equal0;
        equal[1] = equal1;
        for (std::size_t k = 0; k < count; ++k) {
            const Item& it = items[members[k]];
            const int o = 1 - it.side;
            tally[it.win] += m * (below[o] - below_card[o][it.c1] - below_card[o][it.c2]);
            tally[it.win + size_[it.side]] += m * (equal[o] - equal_card[o][it.c1] - equal_card[o][it.c2] + it.same);
        }
        for (std::size_t k = 0; k < count; ++k) {
            const Item& it = items[members[k]];
            below_card[it.side][it.c1] += it.weight;
            below_card[it.side][it.c2] += it.weight;
            equal_card[it.side][it.c1] = 0;
            equal_card[it.side][it.c2] = 0;
        }
        below[0] += equal[0];
        below[1] += equal[1];
    }
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
    // Entries in value order: value << 13 | rank pair for the other combos of a rank
    // pair, value << 13 | 1 << 12 | item for a combo making a flush; of equal values,
    // the rank pairs first, in the order of rank_pairs_, then the flush makers in the
    // order of flush_items_ (a stable sort of the rank pairs, then the flush makers).
    const std::size_t np = rank_pairs_.size();
    const std::uint32_t* order;
    if (orders_) {
        order = orders_->data() + rank_class(board) * np;
    } else {
        rank_pair_order(hb.key, keys_.data() + np);
        order = keys_.data() + np;
    }
    std::size_t nf = 0;
    if (need <= 2) {
        std::uint32_t* const fk = flush_keys_.data();
        for (const std::uint16_t i : flush_items_[flush_suit][need]) {
            if (items_[i].mask & board) continue;
            fk[nf++] = evaluate_unchecked(t_, HandKey{hb.key + item_key_[i], hb.mask | items_[i].mask}) << kShift |
                       kItemBit | i;
        }
        sort_few_by_value(fk, nf, sorted_.data());
    }
    const std::uint32_t* keys = order;
    std::size_t n = np;
    if (nf) {
        // Merged, rank pairs first among equal values.
        std::uint32_t* out = sorted_.data();
        const std::uint32_t* fk = flush_keys_.data();
        std::size_t i = 0, j = 0, k = 0;
        while (i < np && j < nf) out[k++] = (order[i] >> kShift) <= (fk[j] >> kShift) ? order[i++] : fk[j++];
        while (i < np) out[k++] = order[i++];
        while (j < nf) out[k++] = fk[j++];
        keys = out;
        n = k;
    }

    if (need <= 2) {
        sweep<true>(keys, n, board, static_cast<double>(mult), flush_suit, need);
    } else {
        sweep<false>(keys, n, board, static_cast<double>(mult), flush_suit, need);
    }
}

std::vector<double> ShowdownSweep::compatible_weight(int side) const {
    // Summed in the order given (items_ is grouped by rank pair), for the same bits.
    double total = 0, card[kDeckSize] = {};
    for (const std::uint16_t at : given_order_) {
        const Item& it = items_[at];
        if (it.side == side) continue;
        total += it.weight;
        card[it.c1] += it.weight;
        card[it.c2] += it.weight;
    }
    // a's wins are tallies 0..size_a, b's 2 x size_a onwards.
    std::vector<double> out(size_[side]);
    const std::size_t base = side ? 2 * size_[0] : 0;
    for (const Item& it : items_)
        if (it.side == side) out[it.win - base] = total - card[it.c1] - card[it.c2] + it.same;
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
