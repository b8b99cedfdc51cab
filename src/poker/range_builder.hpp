// Shared by the range parsers: items split from the text, and a builder that collects
// each item's combos and reports a combo given two different weights by two items.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "poker/range.hpp"

namespace meeple::poker {

// The items of a range text: separated by commas and/or white space; empty ones dropped.
std::vector<std::string_view> range_items(std::string_view text);

// Splits "JJ+:0.5" into the body "JJ+" and its weight (1 without ':').
struct WeightedItem {
    std::string_view body;
    double weight = 1.0;
};
WeightedItem split_weight(std::string_view item);

// The 169 Hold'em starting-hand classes: a pair (hi == lo), or two ranks suited,
// offsuit, or both (any suits). Ranks are 2..14.
enum class ClassKind { pair, suited, offsuit, any };
std::vector<CardMask> class_combos(int hi, int lo, ClassKind kind);

// A rank character (either case) as 2..14, or 0.
int rank_of_char(char c);

// The combos of a range grouped by weight, the heaviest first.
std::vector<std::pair<double, std::vector<CardMask>>> weight_groups(const Range& r);

// A combo as text without spaces, highest card first ("KdQd").
std::string combo_text(CardMask m);

class RangeBuilder {
public:
    explicit RangeBuilder(Variant v) { range_.variant = v; }

    // Adds a combo from `item` (the whole item text, for messages). Throws Error(parse)
    // once the items have added more than kMaxAdds combos in all: repeated wildcards
    // ("****,****,...") would otherwise cost a hash lookup each for every hand, again and
    // again, from a few hundred bytes of text.
    void add(CardMask mask, double weight, std::string_view item);

    // The range, sorted, zero weights dropped.
    Range finish();

    // Four times every PLO hand: a range of any sense names each hand about once.
    static constexpr std::size_t kMaxAdds = 4 * 270725;

private:
    struct Entry {
        double weight;
        std::uint32_t item;  // index into items_
    };
    Range range_;
    std::unordered_map<CardMask, Entry> seen_;
    std::vector<std::string> items_;  // each item's text once, for messages
    std::size_t adds_ = 0;
};

}  // namespace meeple::poker
