// The incremental hand: a form of a set of cards that is built by adding one word per
// card, for loops that evaluate many hands sharing cards (a board summed once and added
// to every player's hole cards, a deck walked card by card).
//
// key holds the evaluator's rank-count key (the count of rank r in bits 3r..3r+2) and,
// in bits 48 + 4s, the count of suit s plus 3: with five or more cards of a suit that
// nibble's top bit is set, so one AND tells whether a hand has a flush. The sum of the
// words of disjoint card sets is the word of their union (counts never carry: at most 4
// of a rank, at most 7 + 3 of a suit), which is what makes adding a card one addition.
// mask is the plain card mask, kept beside the key for the rare flush, whose value
// needs the ranks of the flush suit.
//
// The mask (cards.hpp) stays the form of the C ABI and of every checked entry point;
// this is an internal form for hot loops.
#pragma once

#include <cstdint>

#include "poker/cards.hpp"
#include "poker/evaluator.hpp"

namespace meeple::poker {

inline constexpr std::uint64_t kSuitCountBias = std::uint64_t{0x3333} << 48;
inline constexpr std::uint64_t kFlushBits = std::uint64_t{0x8888} << 48;

struct HandKey {
    std::uint64_t key = kSuitCountBias;  // the empty hand
    CardMask mask = 0;

    // The union of two disjoint card sets (unchecked: shared cards give nonsense).
    HandKey operator+(const HandKey& o) const { return {key + o.key - kSuitCountBias, mask | o.mask}; }
    HandKey& operator+=(const HandKey& o) { return *this = *this + o; }
};

// The word of one card, without the bias: adding it to a HandKey adds the card.
struct CardKey {
    std::uint64_t key;
    CardMask bit;
};

inline CardKey card_key(const EvalTables& t, int id) { return {t.card_words[id], card_bit(id)}; }

inline HandKey operator+(const HandKey& h, const CardKey& c) { return {h.key + c.key, h.mask | c.bit}; }

// The HandKey of any mask of cards (0..52 of them).
inline HandKey hand_key(const EvalTables& t, CardMask m) {
    std::uint64_t key = kSuitCountBias;
    for (int s = 0; s < 4; ++s) {
        const unsigned ranks = static_cast<unsigned>(m >> (13 * s)) & 0x1FFF;
        key += (t.suit_words[ranks] & kRankKeyMask) +
               (static_cast<std::uint64_t>(__builtin_popcount(ranks)) << (48 + 4 * s));
    }
    return {key, m};
}

// The suit (0..3) of a hand's flush; only meaningful when key & kFlushBits.
inline int flush_suit(std::uint64_t key) { return (__builtin_ctzll(key & kFlushBits) - 51) >> 2; }

// The value (1..7462) of a HandKey of 5, 6 or 7 cards; unchecked like evaluate_unchecked.
inline std::uint32_t evaluate_unchecked(const EvalTables& t, const HandKey& h) {
    if (__builtin_expect((h.key & kFlushBits) != 0, 0)) {
        const unsigned ranks = static_cast<unsigned>(h.mask >> (13 * flush_suit(h.key))) & 0x1FFF;
        return static_cast<std::uint32_t>(t.suit_words[ranks] >> kFlushShift);
    }
    return rank_value_unchecked(t, h.key);
}

// The value a hand would have if no five of its cards shared a suit: the best hand of
// its ranks alone (the key's suit counters are ignored).
inline std::uint32_t rank_only_value_unchecked(const EvalTables& t, std::uint64_t key) {
    return rank_value_unchecked(t, key);
}

}  // namespace meeple::poker
