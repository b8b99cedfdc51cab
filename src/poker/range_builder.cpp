// Items of a range text and the weight-conflict check (see range_builder.hpp).
#include "poker/range_builder.hpp"

#include <algorithm>

#include "core/echo.hpp"
#include "core/error.hpp"

namespace meeple::poker {

std::vector<std::string_view> range_items(std::string_view text) {
    std::vector<std::string_view> items;
    std::size_t i = 0;
    auto is_sep = [](char c) { return c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    while (i < text.size()) {
        while (i < text.size() && is_sep(text[i])) ++i;
        const std::size_t start = i;
        while (i < text.size() && !is_sep(text[i])) ++i;
        if (i > start) items.push_back(text.substr(start, i - start));
    }
    return items;
}

WeightedItem split_weight(std::string_view item) {
    const std::size_t colon = item.find(':');
    if (colon == std::string_view::npos) return {item, 1.0};
    return {item.substr(0, colon), parse_weight(item.substr(colon + 1), item)};
}

void RangeBuilder::add(CardMask mask, double weight, std::string_view item) {
    if (++adds_ > kMaxAdds) {
        fail(Status::parse, "the items add more than " + std::to_string(kMaxAdds) +
                                " combos in all (counting repeats; a PLO range has at most 270725 hands): remove "
                                "repeated or overlapping items such as '" + echo(item) + "'");
    }
    if (items_.empty() || items_.back() != item) items_.emplace_back(item);
    const auto index = static_cast<std::uint32_t>(items_.size() - 1);
    auto [it, inserted] = seen_.try_emplace(mask, Entry{weight, index});
    if (inserted) {
        range_.combos.push_back({mask, weight});
        return;
    }
    if (it->second.weight != weight) {
        fail(Status::parse, "'" + echo(items_[it->second.item]) + "' and '" + echo(item) + "' give " + format_mask(mask) +
                                " different weights (" + format_weight(it->second.weight) + " and " +
                                format_weight(weight) + "); give each combo one weight");
    }
}

Range RangeBuilder::finish() {
    Range r = std::move(range_);
    r.combos.erase(std::remove_if(r.combos.begin(), r.combos.end(), [](const Combo& c) { return c.weight <= 0; }),
                   r.combos.end());
    normalize(r);
    return r;
}

}  // namespace meeple::poker

namespace meeple::poker {

std::vector<CardMask> class_combos(int hi, int lo, ClassKind kind) {
    std::vector<CardMask> out;
    for (int s1 = 0; s1 < 4; ++s1)
        for (int s2 = 0; s2 < 4; ++s2) {
            if (kind == ClassKind::pair) {
                if (s1 < s2) out.push_back(card_bit(card_id(hi, s1)) | card_bit(card_id(hi, s2)));
                continue;
            }
            if (kind == ClassKind::suited && s1 != s2) continue;
            if (kind == ClassKind::offsuit && s1 == s2) continue;
            out.push_back(card_bit(card_id(hi, s1)) | card_bit(card_id(lo, s2)));
        }
    return out;
}

int rank_of_char(char c) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    for (int r = 0; r < 13; ++r)
        if (kRankChars[r] == c) return r + 2;
    return 0;
}

}  // namespace meeple::poker
