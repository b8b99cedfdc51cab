// The 7-card evaluator: best five of 5, 6 or 7 cards given as a card mask, as a value
// 1..7462 where a higher value wins and equal values tie (the 7,462 distinct classes
// of five-card hands, from 7-5-4-3-2 high up to the royal flush).
//
// How it works, with no per-card loop and no branch: one table of 8,192 words is
// indexed by each suit's 13-bit rank mask, and the four words are added.
// - Low 39 bits: the suit's ranks spread to 3 bits each (rank r at bit 3r). The sum of
//   the four holds each rank's count (at most 4, so no carry), a key of the rank multiset;
//   a perfect hash (multiply, then one displacement per bucket) maps the 73,775 keys of
//   5, 6 and 7 cards onto distinct slots of a table of values.
// - Top 16 bits: the best flush or straight flush of that suit, zero under five cards.
//   Only one suit can hold five of seven cards, so the sum's top bits are that value, and
//   with five cards of one suit among seven no full house or quads is possible: a hand
//   with a flush is worth exactly its flush.
// A mask is evaluated from hashed_suit_words: the same words with the spread already
// multiplied by the hash constant and the flush value moved to the low 16 bits, so the
// sum of four words is the hash and the flush at once.
// The tables are generated at first use by evaluator_tables.cpp from a plain
// description of the hand categories, so nothing is copied from elsewhere.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "poker/cards.hpp"

namespace meeple::poker {

inline constexpr int kNumHandValues = 7462;
inline constexpr int kHashBucketBits = 13;
inline constexpr int kHashSlotBits = 17;
inline constexpr int kHash7SlotBits = 16;  // of the table of seven-card hands alone

enum class Category : std::int32_t {
    high_card = 0,
    one_pair = 1,
    two_pair = 2,
    three_of_a_kind = 3,
    straight = 4,
    flush = 5,
    full_house = 6,
    four_of_a_kind = 7,
    straight_flush = 8,
};
inline constexpr int kNumCategories = 9;

inline constexpr int kFlushShift = 48;
inline constexpr std::uint64_t kRankKeyMask = (std::uint64_t{1} << 39) - 1;

struct EvalTables {
    std::uint64_t suit_words[1u << 13];                       // rank spread | flush value << 48
    std::uint64_t card_words[kDeckSize];                      // rank spread | 1 << (48 + 4*suit)
    // The same, hashed (hand_key.hpp): rank spread * multiplier | 1 << 4*suit. Hashing is
    // a multiplication, so the sum of hashed words is the hash of the summed key.
    std::uint64_t hashed_card_words[kDeckSize];
    // The sum of two cards' hashed words, indexed by two byte ids read as one 16-bit word
    // (a | b << 8, both below 52; the sum is symmetric, so byte order does not matter):
    // seven byte ids are read as three pairs and a card, four table reads instead of
    // seven. Only 52 of every 256 entries are used; the ones read span about 23 KiB.
    std::uint64_t hashed_pair_words[kDeckSize << 8];
    std::uint64_t multiplier;                                 // of the perfect hash; low 16 bits zero
    // Per suit rank mask, the rank spread already hashed (spread * multiplier) with the
    // suit's flush value (0 under five cards) in the low 16 bits, which the product
    // leaves zero: the sum of a mask's four words is its hash with the flush value below,
    // so evaluating a mask needs no multiply (evaluate_unchecked).
    std::uint64_t hashed_suit_words[1u << 13];
    // Per bucket b, the displacement xor'ed into the slot, stored as displacement ^
    // b << kHashSlotBits (see hashed_rank_value_unchecked). 32-bit words, so an xor can
    // read its operand straight from the table.
    std::uint32_t displacement[1u << kHashBucketBits];
    std::uint16_t rank_values[1u << kHashSlotBits];           // non-flush value by slot
    // The same for hands of exactly seven cards: their 49,205 rank multisets alone, by
    // the same multiplier and buckets, in 2^16 slots (keys of equal value may share one):
    // 128 KiB of values instead of 256, so that more of them stay in the first-level cache
    // (random hands from ids 3.45 -> 3.15-3.3 ns). The slot is 16 bits, so the
    // displacements are too (16 KiB: the bucket bits are cut by the cast to 16 bits, not
    // by an xor as in the table above).
    std::uint16_t displacement7[1u << kHashBucketBits];
    std::uint16_t rank_values7[1u << kHash7SlotBits];
    // The "natural" code of each value: category << 20 | tie-break ranks (2..14) in
    // nibbles, most significant first. Ordering naturals orders hands.
    std::uint32_t natural[kNumHandValues + 1];
};

// The tables, built on first use (thread-safe); about 700 KiB.
const EvalTables& eval_tables();

// The best non-flush value of a rank-count key (count of rank r in bits 3r..3r+2) of 5 to
// 7 cards. Bits 48..63 of the key are ignored: the hash multiplier's low 16 bits are
// zero, so they drop out of the product, and callers may keep suit counts or a flush
// value there without masking them off.
// The value of a hashed rank key (key * multiplier; its low 16 bits are not read). The
// product's top bits are the bucket, the next kHashSlotBits the slot; hash >> 33 holds
// both (bucket << 17 | slot), and each bucket's stored displacement has the bucket
// folded in (displacement ^ bucket << 17), so one xor clears the bucket bits and
// displaces the slot: no mask needed.
inline std::uint32_t hashed_rank_value_unchecked(const EvalTables& t, std::uint64_t hash) {
    const std::uint64_t bucket = hash >> (64 - kHashBucketBits);
    const auto bucket_and_slot = static_cast<std::uint32_t>(hash >> (64 - kHashBucketBits - kHashSlotBits));
    return t.rank_values[bucket_and_slot ^ t.displacement[bucket]];
}

// The same for a hash of exactly seven cards, from the smaller seven-card table.
inline std::uint32_t hashed_rank_value7_unchecked(const EvalTables& t, std::uint64_t hash) {
    const std::uint64_t bucket = hash >> (64 - kHashBucketBits);
    const auto slot = static_cast<std::uint16_t>(hash >> (64 - kHashBucketBits - kHash7SlotBits));
    return t.rank_values7[slot ^ t.displacement7[bucket]];
}

inline std::uint32_t rank_value_unchecked(const EvalTables& t, std::uint64_t key) {
    return hashed_rank_value_unchecked(t, key * t.multiplier);
}

// a ? a : b with no branch. On x86-64 a CMOV by hand: GCC turns the conditional
// expression into a branch in these loops, and a flush (3% of random hands) is a
// mispredicted branch that resolves late, after four table reads (measured: 3.2%
// mispredicted a hand, 0.3-0.4 ns of about 2).
inline std::uint32_t nonzero_or(std::uint32_t a, std::uint32_t b) {
#if defined(__x86_64__) && defined(__GNUC__)
    __asm__("testl %1, %1\n\tcmovnel %1, %0" : "+r"(b) : "r"(a) : "cc");
    return b;
#else
    return a ? a : b;
#endif
}

// The value of a mask of 5..7 cards. Unchecked: other masks give meaningless values.
inline std::uint32_t evaluate_unchecked(const EvalTables& t, CardMask m) {
    const std::uint64_t sum = t.hashed_suit_words[m & 0x1FFF] + t.hashed_suit_words[(m >> 13) & 0x1FFF] +
                              t.hashed_suit_words[(m >> 26) & 0x1FFF] + t.hashed_suit_words[(m >> 39) & 0x1FFF];
    // At most one suit holds five of seven cards, so the low 16 bits are its flush value
    // (never a carry into the hash bits). Every 5-7 card rank multiset has a slot, so the
    // lookup is always safe and the choice needs no branch (a flush is too rare to predict).
    const auto flush = static_cast<std::uint32_t>(sum & 0xFFFF);
    const std::uint32_t plain = hashed_rank_value_unchecked(t, sum);
    return nonzero_or(flush, plain);
}

// The flush of cards ids[0..n) whose summed hashed words are `sum`: out of line, as it
// is rare (and the hot loop then keeps fewer values alive). The cards' mask is built and
// the flush suit's 13 bits cut from it, with no branch on the cards: a test of each
// card's suit would be a coin toss for the predictor, up to seven mispredictions a flush
// (measured: 0.4-0.5 ns a random hand more, of 3.2-3.7).
template <class Id>
[[gnu::noinline]] std::uint32_t flush_value_of_cards(const EvalTables& t, const Id* ids, int n, std::uint64_t sum) {
    const int suit = __builtin_ctzll(sum & 0x8888) >> 2;
    CardMask mask = 0;
    for (int i = 0; i < n; ++i) mask = with_card(mask, static_cast<unsigned>(ids[i]));
    return static_cast<std::uint32_t>(t.suit_words[(mask >> (13 * suit)) & 0x1FFF] >> kFlushShift);
}

// The value of 5 to 7 distinct card ids, for callers that hold cards rather than masks.
// Each card's hashed word (hand_key.hpp) adds its rank to the rank key's hash and one to
// its suit's count; only a hand with five of a suit (rare) walks its cards for the flush.
// Id is int or std::uint8_t (7 ids in 7 bytes, for callers that store many hands). Seven
// cards read the seven-card table (n is a constant in most callers, so no test is left).
// The summed hashed words of 7 byte ids (the rank key's hash, with the suit counts
// plus 3 in the low 16 bits, so a count of 5..7 has its nibble's bit 3 set): three
// 16-bit pairs and a byte, four table reads (the pair table) where there were seven,
// and fewer instructions to take the ids apart (measured: 3.1-3.3 -> 2.9-3.05 ns a
// random hand).
inline std::uint64_t hashed_sum7(const EvalTables& t, const std::uint8_t* ids) {
    std::uint16_t p0, p1, p2;
    std::memcpy(&p0, ids, 2);
    std::memcpy(&p1, ids + 2, 2);
    std::memcpy(&p2, ids + 4, 2);
    return 0x3333 + t.hashed_pair_words[p0] + t.hashed_pair_words[p1] + t.hashed_pair_words[p2] +
           t.hashed_card_words[ids[6]];
}

template <class Id>
inline std::uint32_t evaluate_cards_unchecked(const EvalTables& t, const Id* ids, int n) {
    // The hashed words: the sum is the rank key's hash, with the suit counts in the low
    // 16 bits; they start at 3, so a count of 5..7 has its nibble's bit 3 set.
    std::uint64_t sum = 0x3333;
    if constexpr (sizeof(Id) == 1) {
        if (n == 7) {
            sum = hashed_sum7(t, ids);
            if (__builtin_expect((sum & 0x8888) != 0, 0)) return flush_value_of_cards(t, ids, 7, sum);
            return hashed_rank_value7_unchecked(t, sum);
        }
    }
    for (int i = 0; i < n; ++i) sum += t.hashed_card_words[ids[i]];
    if (__builtin_expect((sum & 0x8888) != 0, 0)) return flush_value_of_cards(t, ids, n, sum);
    return n == 7 ? hashed_rank_value7_unchecked(t, sum) : hashed_rank_value_unchecked(t, sum);
}

// The value of a mask of 5, 6 or 7 cards; throws Status::invalid_argument otherwise.
std::uint32_t evaluate(CardMask mask);

// Throws Status::invalid_argument when the value is outside 1..7462.
void check_value(std::uint32_t value);

Category category_of(std::uint32_t value);

// The tie-break ranks (2..14), most significant first: straight/straight flush: the top
// card; quads: quad rank, kicker; full house: trips, pair; flush/high card: five ranks;
// trips: trips rank, two kickers; two pair: high pair, low pair, kicker; pair: pair rank,
// three kickers.
std::vector<int> tiebreak_ranks(std::uint32_t value);

// "Straight Flush, ace high", "Two Pair, kings and fives, jack kicker".
std::string describe(std::uint32_t value);

// "Straight Flush", ...
const char* category_name(Category category);

}  // namespace meeple::poker
