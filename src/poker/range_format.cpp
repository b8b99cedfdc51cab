// The canonical compact text of a range (see range.hpp). Combos are grouped by weight,
// the heaviest first; within a group, complete classes are written in the fewest items
// (runs of pairs, runs of kickers under one high card), then single combos.
#include <algorithm>
#include <map>
#include <string>

#include "poker/range_builder.hpp"

namespace meeple::poker {

std::string format_plo_range(const Range& r);  // range_parse_plo.cpp

std::string combo_text(CardMask m) {
    std::string t = format_mask(m);
    t.erase(std::remove(t.begin(), t.end(), ' '), t.end());
    return t;
}

namespace {

char rank_char(int r) { return kRankChars[r - 2]; }

// Appends the runs of `present[lo..hi]` (ranks, walked from the top) as items built by
// `one(rank)` and `span(top, bottom)`; `plus(bottom)` when a run of two or more reaches `top`.
template <class One, class Plus, class Span>
void runs(const bool* present, int top, int bottom, std::vector<std::string>& out, One one, Plus plus, Span span) {
    int r = top;
    while (r >= bottom) {
        if (!present[r]) {
            --r;
            continue;
        }
        const int hi = r;
        while (r >= bottom && present[r]) --r;
        const int lo = r + 1;
        if (hi == lo) out.push_back(one(hi));
        else if (hi == top) out.push_back(plus(lo));
        else out.push_back(span(hi, lo));
    }
}

std::vector<std::string> holdem_items(const std::vector<CardMask>& masks) {
    std::vector<CardMask> sorted = masks;
    std::sort(sorted.begin(), sorted.end());
    auto has_all = [&](const std::vector<CardMask>& need) {
        for (CardMask m : need)
            if (!std::binary_search(sorted.begin(), sorted.end(), m)) return false;
        return true;
    };
    std::vector<CardMask> covered;
    std::vector<std::string> out;
    bool pair[15] = {};
    for (int r = 2; r <= 14; ++r) {
        const auto c = class_combos(r, r, ClassKind::pair);
        if ((pair[r] = has_all(c))) covered.insert(covered.end(), c.begin(), c.end());
    }
    runs(pair, 14, 2, out, [](int h) { return std::string(2, rank_char(h)); },
         [](int l) { return std::string(2, rank_char(l)) + "+"; },
         [](int h, int l) { return std::string(2, rank_char(h)) + "-" + std::string(2, rank_char(l)); });
    for (int hi = 14; hi >= 3; --hi) {
        bool suited[15] = {}, offsuit[15] = {}, both[15] = {}, s_only[15] = {}, o_only[15] = {};
        for (int lo = 2; lo < hi; ++lo) {
            suited[lo] = has_all(class_combos(hi, lo, ClassKind::suited));
            offsuit[lo] = has_all(class_combos(hi, lo, ClassKind::offsuit));
            both[lo] = suited[lo] && offsuit[lo];
            s_only[lo] = suited[lo] && !both[lo];
            o_only[lo] = offsuit[lo] && !both[lo];
            if (suited[lo] || offsuit[lo]) {
                const auto c = class_combos(hi, lo, both[lo] ? ClassKind::any : suited[lo] ? ClassKind::suited
                                                                                             : ClassKind::offsuit);
                covered.insert(covered.end(), c.begin(), c.end());
            }
        }
        const char h = rank_char(hi);
        for (const auto& kind : {std::pair<const bool*, const char*>{both, ""}, {s_only, "s"}, {o_only, "o"}}) {
            // Named, not a structured binding: lambdas capture those only from Clang 16.
            const char* const suffix = kind.second;
            runs(kind.first, hi - 1, 2, out, [&](int k) { return std::string{h, rank_char(k)} + suffix; },
                 [&](int k) { return std::string{h, rank_char(k)} + suffix + "+"; },
                 [&](int a, int b) {
                     return std::string{h, rank_char(a)} + suffix + "-" + std::string{h, rank_char(b)} + suffix;
                 });
        }
    }
    std::sort(covered.begin(), covered.end());
    std::vector<CardMask> rest;
    for (CardMask m : masks)
        if (!std::binary_search(covered.begin(), covered.end(), m)) rest.push_back(m);
    // Single combos: highest cards first (rank, then suit s h d c).
    auto key = [](CardMask m) {
        std::vector<int> k;
        for (; m; m &= m - 1) {
            const int id = __builtin_ctzll(m);
            k.push_back(card_rank(id) * 4 + card_suit(id));
        }
        std::sort(k.rbegin(), k.rend());
        return k;
    };
    std::sort(rest.begin(), rest.end(), [&](CardMask a, CardMask b) { return key(a) > key(b); });
    for (CardMask m : rest) out.push_back(combo_text(m));
    return out;
}

}  // namespace

std::vector<std::pair<double, std::vector<CardMask>>> weight_groups(const Range& r) {
    std::map<double, std::vector<CardMask>, std::greater<double>> groups;
    for (const Combo& c : r.combos) groups[c.weight].push_back(c.mask);
    return {groups.begin(), groups.end()};
}

std::string format_range(const Range& r) {
    if (r.variant == Variant::plo) return format_plo_range(r);
    std::string out;
    for (const auto& [w, masks] : weight_groups(r)) {
        for (const std::string& item : holdem_items(masks)) {
            if (!out.empty()) out += ',';
            out += item;
            if (w != 1.0) out += ":" + format_weight(w);
        }
    }
    return out;
}

}  // namespace meeple::poker
