// Generates the evaluator's tables from the rules of the hand categories: every rank
// multiset of 5, 6 and 7 cards gets its best non-flush hand, every suit rank mask its
// rank spread and (with five or more cards) its best flush, and the 7,462 distinct
// five-card hands are numbered in order of strength.
#include <algorithm>
#include <array>
#include <mutex>
#include <memory>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "poker/evaluator.hpp"

namespace meeple::poker {
namespace {

using Counts = std::array<int, 13>;  // cards of each rank; index rank - 2

constexpr std::uint32_t natural(Category c, std::initializer_list<int> ranks) {
    std::uint32_t code = static_cast<std::uint32_t>(c) << 20;
    int shift = 16;
    for (int r : ranks) {
        code |= static_cast<std::uint32_t>(r) << shift;
        shift -= 4;
    }
    return code;
}

// The top card of the best straight within a 13-bit rank mask, or 0 (the wheel's is 5).
int straight_top(unsigned ranks) {
    for (int top = 14; top >= 6; --top) {
        const unsigned run = 0x1Fu << (top - 6);
        if ((ranks & run) == run) return top;
    }
    const unsigned wheel = 0x100Fu;  // A,2,3,4,5
    return (ranks & wheel) == wheel ? 5 : 0;
}

// The ranks (high to low) with at least `min_count` cards, skipping `skip` ranks.
std::vector<int> ranks_with(const Counts& counts, int min_count, std::initializer_list<int> skip = {}) {
    std::vector<int> out;
    for (int r = 14; r >= 2; --r) {
        if (counts[r - 2] < min_count) continue;
        if (std::find(skip.begin(), skip.end(), r) != skip.end()) continue;
        out.push_back(r);
    }
    return out;
}

// The best five-card hand without a flush among cards of these rank counts.
std::uint32_t best_without_flush(const Counts& counts) {
    unsigned present = 0;
    for (int i = 0; i < 13; ++i)
        if (counts[i]) present |= 1u << i;
    const std::vector<int> quads = ranks_with(counts, 4);
    if (!quads.empty()) {
        return natural(Category::four_of_a_kind, {quads[0], ranks_with(counts, 1, {quads[0]})[0]});
    }
    const std::vector<int> trips = ranks_with(counts, 3);
    if (!trips.empty()) {
        const std::vector<int> pairs = ranks_with(counts, 2, {trips[0]});
        if (!pairs.empty()) return natural(Category::full_house, {trips[0], pairs[0]});
    }
    if (const int top = straight_top(present)) return natural(Category::straight, {top});
    if (!trips.empty()) {
        const std::vector<int> k = ranks_with(counts, 1, {trips[0]});
        return natural(Category::three_of_a_kind, {trips[0], k[0], k[1]});
    }
    const std::vector<int> pairs = ranks_with(counts, 2);
    if (pairs.size() >= 2) {
        const int kicker = ranks_with(counts, 1, {pairs[0], pairs[1]})[0];
        return natural(Category::two_pair, {pairs[0], pairs[1], kicker});
    }
    if (pairs.size() == 1) {
        const std::vector<int> k = ranks_with(counts, 1, {pairs[0]});
        return natural(Category::one_pair, {pairs[0], k[0], k[1], k[2]});
    }
    const std::vector<int> k = ranks_with(counts, 1);
    return natural(Category::high_card, {k[0], k[1], k[2], k[3], k[4]});
}

// The best five of five or more cards of one suit.
std::uint32_t best_flush(unsigned ranks) {
    if (const int top = straight_top(ranks)) return natural(Category::straight_flush, {top});
    std::vector<int> k;
    for (int r = 14; r >= 2 && k.size() < 5; --r)
        if (ranks & (1u << (r - 2))) k.push_back(r);
    return natural(Category::flush, {k[0], k[1], k[2], k[3], k[4]});
}

// The rank-count key: the count of rank r in bits 3r..3r+2.
std::uint64_t rank_key(const Counts& counts) {
    std::uint64_t key = 0;
    for (int i = 0; i < 13; ++i) key |= static_cast<std::uint64_t>(counts[i]) << (3 * i);
    return key;
}

// Calls f(counts) for every rank multiset of `total` cards with at most 4 of a rank.
template <class F>
void for_each_multiset(Counts& counts, int rank, int left, F&& f) {
    if (rank == 13) {
        if (left == 0) f(counts);
        return;
    }
    for (int n = 0; n <= std::min(4, left); ++n) {
        counts[rank] = n;
        for_each_multiset(counts, rank + 1, left - n, f);
    }
    counts[rank] = 0;
}

struct Entry {
    std::uint64_t key;
    std::uint16_t value;
};

// Builds the perfect hash of `entries` into t, trying multipliers from a fixed sequence.
void build_perfect_hash(const std::vector<Entry>& entries, EvalTables& t) {
    constexpr std::uint32_t kBuckets = 1u << kHashBucketBits, kSlots = 1u << kHashSlotBits;
    std::uint64_t seq = 0x5EED0F9A7E5ull;
    for (int attempt = 0; attempt < 64; ++attempt) {
        // Low 16 bits zero: bits 48..63 of a key (suit counts, a flush value) drop out
        // of key * m, so lookups need not mask them off.
        const std::uint64_t m = (splitmix64_next(seq) | 1) << 16;
        std::vector<std::vector<std::uint32_t>> buckets(kBuckets);  // slots before displacement
        std::vector<std::vector<std::uint16_t>> values(kBuckets);
        for (const Entry& e : entries) {
            const std::uint64_t h = e.key * m;
            const auto b = static_cast<std::uint32_t>(h >> (64 - kHashBucketBits));
            const auto s = static_cast<std::uint32_t>(h >> (64 - kHashBucketBits - kHashSlotBits)) & (kSlots - 1);
            buckets[b].push_back(s);
            values[b].push_back(e.value);
        }
        std::vector<std::uint32_t> order(kBuckets);
        for (std::uint32_t b = 0; b < kBuckets; ++b) order[b] = b;
        // Largest buckets first, ties by index: a fixed order, so the tables never vary.
        std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
            return buckets[a].size() != buckets[b].size() ? buckets[a].size() > buckets[b].size() : a < b;
        });
        // A bucket no key falls in keeps displacement 0 (folded): any key, even one of
        // a hand of the wrong size, reads inside the table.
        for (std::uint32_t b = 0; b < kBuckets; ++b) t.displacement[b] = b << kHashSlotBits;
        std::vector<std::uint8_t> used(kSlots, 0);
        bool ok = true;
        for (std::uint32_t b : order) {
            const auto& slots = buckets[b];
            if (slots.empty()) break;
            bool placed = false;
            for (std::uint32_t disp = 0; disp < 0x10000 && !placed; ++disp) {
                bool fits = true;
                for (std::size_t i = 0; i < slots.size() && fits; ++i) {
                    const std::uint32_t s = slots[i] ^ disp;
                    if (used[s]) fits = false;
                    for (std::size_t j = 0; j < i && fits; ++j) fits = (slots[j] ^ disp) != s;
                }
                if (!fits) continue;
                for (std::size_t i = 0; i < slots.size(); ++i) {
                    used[slots[i] ^ disp] = 1;
                    t.rank_values[slots[i] ^ disp] = values[b][i];
                }
                t.displacement[b] = disp ^ (b << kHashSlotBits);
                placed = true;
            }
            if (!placed) {
                ok = false;
                break;
            }
        }
        if (ok) {
            t.multiplier = m;
            return;
        }
        std::fill(std::begin(t.rank_values), std::end(t.rank_values), std::uint16_t{0});
    }
    fail(Status::internal, "poker evaluator: no perfect hash found for the rank table");
}

// The seven-card table: the rank keys of seven cards alone, hashed by the multiplier of
// the main table (so the same hashed card words serve both) into 2^kHash7SlotBits slots.
// Keys of equal value may share a slot, which lets the 49,205 keys pack at 75% load.
void build_seven_card_hash(const std::vector<Entry>& entries, EvalTables& t) {
    constexpr std::uint32_t kBuckets = 1u << kHashBucketBits, kSlots = 1u << kHash7SlotBits;
    std::vector<std::vector<std::uint32_t>> buckets(kBuckets);
    std::vector<std::vector<std::uint16_t>> values(kBuckets);
    for (const Entry& e : entries) {
        const std::uint64_t h = e.key * t.multiplier;
        const auto b = static_cast<std::uint32_t>(h >> (64 - kHashBucketBits));
        buckets[b].push_back(static_cast<std::uint32_t>(h >> (64 - kHashBucketBits - kHash7SlotBits)) & (kSlots - 1));
        values[b].push_back(e.value);
    }
    std::vector<std::uint32_t> order(kBuckets);
    for (std::uint32_t b = 0; b < kBuckets; ++b) order[b] = b;
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        return buckets[a].size() != buckets[b].size() ? buckets[a].size() > buckets[b].size() : a < b;
    });
    std::vector<std::uint8_t> used(kSlots, 0);
    for (std::uint32_t b : order) {
        const auto& slots = buckets[b];
        const auto& vals = values[b];
        if (slots.empty()) break;
        bool placed = false;
        for (std::uint32_t disp = 0; disp < kSlots && !placed; ++disp) {
            bool fits = true;
            for (std::size_t i = 0; i < slots.size() && fits; ++i) {
                const std::uint32_t s = slots[i] ^ disp;
                if (used[s] && t.rank_values7[s] != vals[i]) fits = false;
                for (std::size_t j = 0; j < i && fits; ++j) fits = (slots[j] ^ disp) != s || vals[j] == vals[i];
            }
            if (!fits) continue;
            for (std::size_t i = 0; i < slots.size(); ++i) {
                used[slots[i] ^ disp] = 1;
                t.rank_values7[slots[i] ^ disp] = vals[i];
            }
            t.displacement7[b] = static_cast<std::uint16_t>(disp);
            placed = true;
        }
        if (!placed) fail(Status::internal, "poker evaluator: no perfect hash found for the seven-card table");
    }
}

std::unique_ptr<EvalTables> build_tables() {
    auto t = std::make_unique<EvalTables>();
    *t = EvalTables{};
    // Every five-card hand class, numbered by strength: the naturals of all 5-card rank
    // multisets (non-flush) and of all 5-rank sets as flushes, sorted.
    std::vector<std::uint32_t> naturals;
    Counts counts{};
    for_each_multiset(counts, 0, 5, [&](const Counts& c) {
        naturals.push_back(best_without_flush(c));
        unsigned ranks = 0;
        for (int i = 0; i < 13; ++i)
            if (c[i]) ranks |= 1u << i;
        if (__builtin_popcount(ranks) == 5) naturals.push_back(best_flush(ranks));
    });
    std::sort(naturals.begin(), naturals.end());
    naturals.erase(std::unique(naturals.begin(), naturals.end()), naturals.end());
    if (naturals.size() != kNumHandValues) fail(Status::internal, "poker evaluator: wrong number of hand classes");
    t->natural[0] = 0;
    std::copy(naturals.begin(), naturals.end(), t->natural + 1);
    const auto value_of = [&](std::uint32_t nat) {
        return static_cast<std::uint16_t>(std::lower_bound(naturals.begin(), naturals.end(), nat) - naturals.begin() + 1);
    };

    for (unsigned ranks = 0; ranks < (1u << 13); ++ranks) {
        const std::uint64_t flush = __builtin_popcount(ranks) >= 5 ? value_of(best_flush(ranks)) : 0;
        std::uint64_t spread = 0;
        for (int i = 0; i < 13; ++i)
            if (ranks >> i & 1) spread |= std::uint64_t{1} << (3 * i);
        t->suit_words[ranks] = spread | flush << kFlushShift;
    }

    for (int id = 0; id < kDeckSize; ++id)
        t->card_words[id] = std::uint64_t{1} << (3 * (id % 13)) | std::uint64_t{1} << (48 + 4 * (id / 13));

    std::vector<Entry> entries, seven;
    for (int total = 5; total <= 7; ++total) {
        for_each_multiset(counts, 0, total, [&](const Counts& c) {
            entries.push_back({rank_key(c), value_of(best_without_flush(c))});
            if (total == 7) seven.push_back(entries.back());
        });
    }
    build_perfect_hash(entries, *t);
    build_seven_card_hash(seven, *t);
    for (unsigned ranks = 0; ranks < (1u << 13); ++ranks)
        t->hashed_suit_words[ranks] = (t->suit_words[ranks] & kRankKeyMask) * t->multiplier | t->suit_words[ranks] >> kFlushShift;
    for (int id = 0; id < kDeckSize; ++id)
        t->hashed_card_words[id] = (std::uint64_t{1} << (3 * (id % 13))) * t->multiplier | std::uint64_t{1} << (4 * (id / 13));
    for (int a = 0; a < kDeckSize; ++a)
        for (int b = 0; b < kDeckSize; ++b) t->hashed_pair_words[a | b << 8] = t->hashed_card_words[a] + t->hashed_card_words[b];
    return t;
}

}  // namespace

const EvalTables& eval_tables() {
    static const std::unique_ptr<EvalTables> tables = build_tables();
    return *tables;
}

}  // namespace meeple::poker
