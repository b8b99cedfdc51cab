// The incremental hand: a form of a set of cards that is built by adding one word per
// card, for loops that evaluate many hands sharing cards (a board summed once and added
// to every player's hole cards, a deck walked card by card).
//
// The evaluator finds a non-flush value by multiplying the rank-count key (the count of
// rank r in bits 3r..3r+2) by a constant and reading two tables at bits of the product.
// Multiplication distributes over addition, so each card's word here is its rank bit
// already multiplied (EvalTables::hashed_card_words): the sum of a hand's words is the
// product itself, and evaluating is two table reads with no multiply. The constant's low
// 16 bits are zero, so are the product's, and they hold the count of each suit (plus 3,
// so a count of five or more sets the nibble's top bit: one AND finds a flush). Counts
// never carry: at most 7 + 3 of a suit. mask is the plain card mask, kept beside the key
// for the rare flush, whose value needs the ranks of the flush suit.
//
// The mask (cards.hpp) stays the form of the C ABI and of every checked entry point;
// this is an internal form for hot loops.
#pragma once

#include <cstdint>

#include "poker/cards.hpp"
#include "poker/evaluator.hpp"

namespace meeple::poker {

inline constexpr std::uint64_t kSuitCountBias = 0x3333;
inline constexpr std::uint64_t kFlushBits = 0x8888;

// The word of one card: adding it to a HandKey adds the card.
struct CardKey {
    std::uint64_t key;
    CardMask bit;
};

struct HandKey {
    std::uint64_t key = kSuitCountBias;  // the empty hand
    CardMask mask = 0;

    // The union of two disjoint card sets (unchecked: shared cards give nonsense).
    HandKey operator+(const HandKey& o) const { return {key + o.key - kSuitCountBias, mask | o.mask}; }
    HandKey operator+(const CardKey& c) const { return {key + c.key, mask | c.bit}; }
    HandKey& operator+=(const CardKey& c) { return *this = *this + c; }
};

inline CardKey card_key(const EvalTables& t, int id) { return {t.hashed_card_words[id], card_bit(id)}; }

// The HandKey of any mask of cards (0..52 of them).
inline HandKey hand_key(const EvalTables& t, CardMask m) {
    std::uint64_t ranks = 0, counts = kSuitCountBias;
    for (int s = 0; s < 4; ++s) {
        const unsigned r = static_cast<unsigned>(m >> (13 * s)) & 0x1FFF;
        ranks += t.suit_words[r] & kRankKeyMask;
        counts += static_cast<std::uint64_t>(__builtin_popcount(r)) << (4 * s);
    }
    return {ranks * t.multiplier + counts, m};
}

// The summed words of a set of cards (hole cards to add to boards), without the bias.
inline CardKey cards_key(const EvalTables& t, CardMask m) { return {hand_key(t, m).key - kSuitCountBias, m}; }

// The suit (0..3) of a hand's flush; only meaningful when key & kFlushBits.
inline int flush_suit(std::uint64_t key) { return __builtin_ctzll(key & kFlushBits) >> 2; }

// The flush value of a hand with five or more cards of a suit (out of line: rare).
[[gnu::noinline]] inline std::uint32_t flush_value_unchecked(const EvalTables& t, std::uint64_t key, CardMask mask) {
    const unsigned ranks = static_cast<unsigned>(mask >> (13 * flush_suit(key))) & 0x1FFF;
    return static_cast<std::uint32_t>(t.suit_words[ranks] >> kFlushShift);
}

// The value (1..7462) of a HandKey of 5, 6 or 7 cards; unchecked like evaluate_unchecked.
inline std::uint32_t evaluate_unchecked(const EvalTables& t, const HandKey& h) {
    if (__builtin_expect((h.key & kFlushBits) != 0, 0)) return flush_value_unchecked(t, h.key, h.mask);
    return hashed_rank_value_unchecked(t, h.key);
}

// The same for a HandKey of exactly seven cards, from the smaller seven-card table.
inline std::uint32_t evaluate7_unchecked(const EvalTables& t, const HandKey& h) {
    if (__builtin_expect((h.key & kFlushBits) != 0, 0)) return flush_value_unchecked(t, h.key, h.mask);
    return hashed_rank_value7_unchecked(t, h.key);
}

// Whether adding `more` cards (1 or 2) can make a flush: some suit already holds 5 - more
// cards or more (hands of up to 7 - more cards). Loops that add the last cards to a fixed
// hand test this once and, when it is false, read hashed_rank_value7_unchecked(t, h.key +
// added.key) with no flush test a hand.
inline bool flush_possible_adding(const HandKey& h, int more) {
    return ((h.key + std::uint64_t{0x1111} * static_cast<std::uint64_t>(more)) & kFlushBits) != 0;
}

// The value the hand would have if no five of its cards shared a suit.
inline std::uint32_t rank_only_value_unchecked(const EvalTables& t, const HandKey& h) {
    return hashed_rank_value_unchecked(t, h.key);
}

}  // namespace meeple::poker
