// The Hold'em range notation. Items are separated by commas or spaces:
//   QQ          a pair (6 combos)          AKs / AKo / AK   suited (4), offsuit (12), both (16)
//   JJ+         JJ, QQ, KK, AA             A9s+            A9s .. AKs (the kicker rises)
//   22-55       22, 33, 44, 55             A5s-A2s         the kicker spans, high card fixed
//   T9s-76s     T9s, 98s, 87s, 76s (both ranks move, the gap stays)
//   KdQd        one exact combo
//   top15%      the strongest classes making up the nearest to 15% of the 1,326 combos,
//               by equity against a random hand (preflop_ranking.hpp)
// and any item may end in ":w", a weight from 0 to 1 ("AKs:0.5").
#include <charconv>
#include <string>

#include "core/echo.hpp"
#include "core/error.hpp"
#include "poker/preflop_ranking.hpp"
#include "poker/range_builder.hpp"
#include "poker/top_fraction.hpp"

namespace meeple::poker {
namespace {

const char* const kRankList = "A K Q J T 9 8 7 6 5 4 3 2 (ten is T)";
const char* const kForms = "forms: 'QQ', 'AKs', 'AKo', 'AK', 'JJ+', 'A9s+', '22-55', 'T9s-76s', 'KdQd', 'top15%', with ':0.5' for a weight";

struct Class {
    int hi = 0, lo = 0;
    ClassKind kind = ClassKind::any;
};

[[noreturn]] void bad(std::string_view item, const std::string& why) {
    fail(Status::parse, "'" + echo(item) + "': " + why);
}

bool is_suit_char(char c) {
    return c == 'c' || c == 'd' || c == 'h' || c == 's' || c == 'C' || c == 'D' || c == 'H' || c == 'S';
}

// Reads a class ("AK", "AKs", "QQ") at the start of `s`, advancing `pos`.
Class read_class(std::string_view s, std::size_t& pos, std::string_view item) {
    if (s.size() - pos < 2) {
        bad(item, "a hand class is two ranks, as 'AK', 'AKs' or 'QQ'; " + std::string(kForms));
    }
    int r[2];
    for (int k = 0; k < 2; ++k) {
        const char c = s[pos + static_cast<std::size_t>(k)];
        r[k] = rank_of_char(c);
        if (!r[k]) {
            if (c == '1' && pos + static_cast<std::size_t>(k) + 1 < s.size() && s[pos + static_cast<std::size_t>(k) + 1] == '0')
                bad(item, "write ten as 'T' in a range (as 'TT' or 'AT'); ranks are " + std::string(kRankList));
            bad(item, "'" + char_at(s, pos + static_cast<std::size_t>(k)) + "' is not a rank; ranks are " + std::string(kRankList));
        }
    }
    pos += 2;
    Class c;
    c.hi = std::max(r[0], r[1]);
    c.lo = std::min(r[0], r[1]);
    char q = pos < s.size() ? s[pos] : '\0';
    if (q == 'S') q = 's';
    if (q == 'O') q = 'o';
    if (c.hi == c.lo) {
        c.kind = ClassKind::pair;
        if (q == 's' || q == 'o') {
            const std::string p(2, kRankChars[c.hi - 2]);
            bad(item, "a pair has no suited or offsuit form; write '" + p + "'");
        }
    } else if (q == 's' || q == 'o') {
        c.kind = q == 's' ? ClassKind::suited : ClassKind::offsuit;
        ++pos;
    }
    return c;
}

std::string class_text(int hi, int lo, ClassKind kind) {
    std::string t{kRankChars[hi - 2], kRankChars[lo - 2]};
    if (kind == ClassKind::suited) t += 's';
    if (kind == ClassKind::offsuit) t += 'o';
    return t;
}

void add_class(RangeBuilder& b, int hi, int lo, ClassKind kind, double w, std::string_view item) {
    for (CardMask m : class_combos(hi, lo, kind)) b.add(m, w, item);
}

void parse_item(RangeBuilder& b, std::string_view item) {
    const WeightedItem wi = split_weight(item);
    const std::string_view s = wi.body;
    const double w = wi.weight;
    if (s.empty()) bad(item, "nothing before ':'; write a hand class or combo, as 'AKs:0.5'");
    if (s.find('*') != std::string_view::npos) {
        bad(item, "'*' belongs to PLO patterns (the game plo, as 'AA**'); " + std::string(kForms));
    }
    // The top of the preflop ranking ("top15%").
    const char* const top_form = "write the top of the ranking as 'top' and a percentage of the 1,326 combos above 0 "
                                 "and at most 100, as 'top15%' or 'top2.5%'";
    if (const std::optional<double> top = parse_top_item(s, item, top_form)) {
        const std::size_t k = top_class_count(*top);
        for (std::size_t i = 0; i < k; ++i) {
            const std::string_view name = kPreflopRanking[i].name;
            const int hi = rank_of_char(name[0]), lo = rank_of_char(name[1]);
            add_class(b, hi, lo, hi == lo ? ClassKind::pair : name[2] == 's' ? ClassKind::suited : ClassKind::offsuit, w,
                      item);
        }
        return;
    }
    // An exact combo: a rank and a suit, twice ("KdQd").
    if (s.size() >= 2 && is_suit_char(s[1]) && rank_of_char(s[0])) {
        const CardMask m = parse_mask(s);  // names a bad card
        if (card_count(m) != 2) {
            bad(item, "a Hold'em combo is two cards, as 'KdQd'; this has " + std::to_string(card_count(m)));
        }
        b.add(m, w, item);
        return;
    }
    std::size_t pos = 0;
    const Class a = read_class(s, pos, item);
    if (pos == s.size()) {
        add_class(b, a.hi, a.lo, a.kind, w, item);
        return;
    }
    if (s[pos] == '+' && pos + 1 == s.size()) {
        if (a.kind == ClassKind::pair) {
            for (int r = a.hi; r <= 14; ++r) add_class(b, r, r, a.kind, w, item);
        } else {
            for (int k = a.lo; k < a.hi; ++k) add_class(b, a.hi, k, a.kind, w, item);
        }
        return;
    }
    if (s[pos] == '-') {
        ++pos;
        const Class z = read_class(s, pos, item);
        if (pos != s.size()) {
            bad(item, "unexpected '" + echo(s.substr(pos)) + "' after the span; " + std::string(kForms));
        }
        if (z.kind != a.kind) {
            bad(item, "a span joins two classes of one kind (both pairs, both suited, both offsuit, or both "
                      "without s/o), as '22-55' or 'T9s-76s'; '" +
                          class_text(a.hi, a.lo, a.kind) + "' and '" + class_text(z.hi, z.lo, z.kind) + "' differ");
        }
        if (a.kind == ClassKind::pair) {
            for (int r = std::min(a.hi, z.hi); r <= std::max(a.hi, z.hi); ++r) add_class(b, r, r, a.kind, w, item);
        } else if (a.hi == z.hi) {
            for (int k = std::min(a.lo, z.lo); k <= std::max(a.lo, z.lo); ++k) add_class(b, a.hi, k, a.kind, w, item);
        } else if (a.hi - a.lo == z.hi - z.lo) {
            const int gap = a.hi - a.lo;
            for (int h = std::min(a.hi, z.hi); h <= std::max(a.hi, z.hi); ++h) add_class(b, h, h - gap, a.kind, w, item);
        } else {
            bad(item, "the ends of a span share their high card ('A5s-A2s') or their gap ('T9s-76s'); '" +
                          class_text(a.hi, a.lo, a.kind) + "' and '" + class_text(z.hi, z.lo, z.kind) +
                          "' share neither");
        }
        return;
    }
    bad(item, "unexpected '" + echo(s.substr(pos)) + "' after '" + echo(s.substr(0, pos)) +
                  "'; a class may end in s (suited), o (offsuit), + or a span '-...'; " + std::string(kForms));
}

}  // namespace

Range parse_holdem_range(std::string_view text) {
    RangeBuilder b(Variant::holdem);
    for (std::string_view item : range_items(text)) parse_item(b, item);
    return b.finish();
}

}  // namespace meeple::poker
