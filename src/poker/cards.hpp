// Cards and card sets. A card id is suit * 13 + (rank - 2), ranks 2..14 (T J Q K A),
// suits c d h s; a set of cards is a 64-bit mask with bit `id` set for each card, so the
// 13 bits of suit s sit at bits 13*s .. 13*s+12 and the deck is the low 52 bits.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/rng.hpp"

namespace meeple::poker {

using CardMask = std::uint64_t;

inline constexpr int kDeckSize = 52;
inline constexpr CardMask kDeckMask = (CardMask{1} << kDeckSize) - 1;
inline constexpr char kRankChars[] = "23456789TJQKA";
inline constexpr char kSuitChars[] = "cdhs";

constexpr int card_id(int rank, int suit) { return suit * 13 + (rank - 2); }
constexpr int card_rank(int id) { return id % 13 + 2; }
constexpr int card_suit(int id) { return id / 13; }
constexpr CardMask card_bit(int id) { return CardMask{1} << id; }

// mask | card_bit(id % 64), for loops that build masks from ids. On x86-64 one BTS, a
// single micro-op: GCC writes the shift as a shift by CL, three micro-ops on Intel cores.
inline CardMask with_card(CardMask mask, unsigned id) {
#if defined(__x86_64__) && defined(__GNUC__)
    __asm__("btsq %q1, %0" : "+r"(mask) : "r"(static_cast<std::uint64_t>(id)) : "cc");
    return mask;
#else
    return mask | CardMask{1} << (id & 63);
#endif
}

// The number of cards: one POPCNT where the target has it (x86-64-v2, the default
// build), else a SWAR popcount, inline and branch-free on every x86-64 (without -mpopcnt
// the builtin is a library call, which would dominate the checks of a batch).
inline int card_count(CardMask mask) {
#if defined(__POPCNT__)
    return __builtin_popcountll(mask);
#else
    mask = mask - ((mask >> 1) & 0x5555555555555555ull);
    mask = (mask & 0x3333333333333333ull) + ((mask >> 2) & 0x3333333333333333ull);
    mask = (mask + (mask >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return static_cast<int>((mask * 0x0101010101010101ull) >> 56);
#endif
}

// Parses one card ("As", "td", "10s", "A♠"); throws Status::parse naming the token otherwise.
int parse_card(std::string_view token);

// Parses cards written with or without separators ("AsKs Qd", "As,Ks", "10h J♥"), in
// text order. A rank is 2-9, T or 10, J, Q, K, A; a suit is c d h s or a suit symbol
// (♣ ♦ ♥ ♠, or the white ♧ ♢ ♡ ♤), in UTF-8.
// A repeated card or a bad token throws, naming it and showing the form.
std::vector<int> parse_cards(std::string_view text);

// The set of parse_cards(text).
CardMask parse_mask(std::string_view text);

// "As"; the id must be 0..51.
std::string format_card(int id);

// The cards of a mask, highest rank first (suits s h d c within a rank), space-separated.
std::string format_mask(CardMask mask);

// Throws Status::invalid_argument when the mask has bits above the deck.
void check_mask(CardMask mask, const char* what);

// A deck that deals cards not yet dealt, uniformly, from its own seeded generator.
class Deck {
public:
    explicit Deck(std::uint64_t seed, CardMask removed = 0);
    // Deals one card not dealt yet; throws Status::wrong_state when the deck is empty.
    int deal();
    CardMask remaining() const { return kDeckMask & ~dealt_; }
    int size() const { return kDeckSize - card_count(dealt_); }

private:
    Rng rng_;
    CardMask dealt_;
};

}  // namespace meeple::poker
