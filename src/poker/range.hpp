// Ranges: weighted sets of starting hands ("combos"). A Hold'em combo is two cards, a
// PLO combo four; a range holds each combo at most once with a weight in (0, 1], in
// increasing mask order, so two ranges with the same combos and weights compare equal.
//
// Text: Hold'em has the usual notation (range_parse_holdem.cpp), PLO its own grammar of
// rank patterns (range_parse_plo.cpp); format_range writes the canonical compact form
// that parses back to the same range (range_format.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "poker/cards.hpp"
#include "poker/hand.hpp"

namespace meeple::poker {

struct Combo {
    CardMask mask = 0;
    double weight = 0;
    bool operator==(const Combo&) const = default;
};

struct Range {
    Variant variant = Variant::holdem;
    std::vector<Combo> combos;  // increasing masks, weights in (0, 1]
    bool operator==(const Range&) const = default;
};

inline constexpr std::size_t kHoldemCombos = 1326;  // C(52, 2)
inline constexpr std::size_t kPloCombos = 270725;   // C(52, 4)

// Parses a range of the variant's grammar; throws Status::parse naming the bad item
// and showing the right form, and for conflicting weights naming both items.
Range parse_range(Variant v, std::string_view text);
Range parse_holdem_range(std::string_view text);
Range parse_plo_range(std::string_view text);

// The canonical compact text of a range; parse_range(v, format_range(r)) == r.
std::string format_range(const Range& r);

// Every combo of the variant at weight 1.
Range range_all(Variant v);

// A range from combos and weights (weights NULL: all 1). Throws Status::invalid_argument
// for a mask that is not a hand of the variant, a combo given twice, or a weight
// outside [0, 1] (a weight of 0 leaves the combo out).
Range range_from_combos(Variant v, const CardMask* masks, const double* weights, std::size_t n);

// Weighted set algebra over the same variant (else Status::invalid_argument):
// union takes the larger weight, intersection the smaller, difference a - b clipped at 0.
Range range_union(const Range& a, const Range& b);
Range range_intersection(const Range& a, const Range& b);
Range range_difference(const Range& a, const Range& b);

// The range without the combos that hold any card of `dead`.
Range range_without(const Range& r, CardMask dead);

double total_weight(const Range& r);

// Sorts combos by mask and checks that none repeats (used by the parsers).
void normalize(Range& r);

// A weight written as the shortest text that reads back to the same double ("0.5").
std::string format_weight(double w);

// Parses "0.25" (the text after ':'); throws Status::parse naming `item` unless the
// text is a number in [0, 1].
double parse_weight(std::string_view text, std::string_view item);

}  // namespace meeple::poker
