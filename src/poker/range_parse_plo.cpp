// The PLO range grammar. Items are separated by commas or spaces:
//   AA**        a pattern of 4 symbols, ranks and '*' (any rank): the hands whose ranks
//               contain the pattern's ranks as a multiset (AA** = at least two aces,
//               6,961 hands; AK** = at least one ace and one king, 17,316)
//   AAKKds      a suit qualifier: ds (two suits, two cards each), ss (exactly one suit
//               twice, the other two cards in two more suits), r (four suits); each is
//               the exact suit histogram of the whole hand
//   JJ**+       the pattern and its ranks moved up together until the highest is an ace
//   JT98-8765   every shift of one pattern between two ends of the same shape
//   8765-       open below: the pattern moved down until the lowest is a deuce
//   AsKsQhJh    one exact hand
//   top15%      the strongest suit classes making up the nearest to 15% of the 270,725
//               hands, by equity against a random hand (plo_ranking.hpp)
// and any item may end in ":w", a weight from 0 to 1.
#include <algorithm>
#include <array>
#include <charconv>
#include <map>
#include <set>
#include <unordered_map>
#include <vector>
#include <string>

#include "core/echo.hpp"
#include "core/error.hpp"
#include "poker/plo_ranking.hpp"
#include "poker/range_builder.hpp"
#include "poker/top_fraction.hpp"

namespace meeple::poker {
namespace {

const char* const kPloHelp =
    "a PLO item is 4 symbols (ranks A K Q J T 9 8 7 6 5 4 3 2, and * for any rank), then optionally a suit "
    "qualifier (ds, ss or r), '+', '-' or a span '-8765', and ':w' for a weight: 'AA**', 'AAKKds', 'JJ**+', "
    "'JT98-8765', 'AsKsQhJh:0.5'; or 'top15%' for the strongest 15% of hands";

enum SuitShape : int { kRainbow = 0, kSingle = 1, kDouble = 2, kOther = 3, kNone = -1 };

struct PloHand {
    CardMask mask;
    std::uint64_t counts;  // rank r's count in the nibble 4*(r-2)
    int shape;             // SuitShape
};

const std::vector<PloHand>& plo_hands() {
    static const std::vector<PloHand> hands = [] {
        std::vector<PloHand> v;
        v.reserve(kPloCombos);
        for (const Combo& c : range_all(Variant::plo).combos) {
            std::uint64_t counts = 0;
            int suits[4] = {0, 0, 0, 0};
            for (CardMask m = c.mask; m; m &= m - 1) {
                const int id = __builtin_ctzll(m);
                counts += std::uint64_t{1} << (4 * (card_rank(id) - 2));
                ++suits[card_suit(id)];
            }
            std::sort(suits, suits + 4);
            int shape = kOther;
            if (suits[3] == 1) shape = kRainbow;
            else if (suits[3] == 2 && suits[2] == 1) shape = kSingle;
            else if (suits[3] == 2 && suits[2] == 2) shape = kDouble;
            v.push_back({c.mask, counts, shape});
        }
        return v;
    }();
    return hands;
}

constexpr std::uint64_t kHighBits = 0x8888888888888ull;  // bit 3 of each of 13 nibbles

[[noreturn]] void bad(std::string_view item, const std::string& why) {
    fail(Status::parse, "'" + echo(item) + "': " + why);
}

struct Pattern {
    std::vector<int> ranks;  // the non-* ranks, highest first
    int stars = 0;
};

bool is_holdem_like(std::string_view s) {
    std::size_t n = 0;
    while (n < s.size() && rank_of_char(s[n])) ++n;
    if (n != 2) return false;
    const std::string_view rest = s.substr(2);
    return rest.empty() || rest == "s" || rest == "o" || rest == "+" || rest == "s+" || rest == "o+" ||
           (rest.size() >= 1 && rest[0] == '-' && rest.size() <= 4);
}

std::string holdem_hint(std::string_view s) {
    const int a = rank_of_char(s[0]), b = rank_of_char(s[1]);
    std::string p{kRankChars[std::max(a, b) - 2], kRankChars[std::min(a, b) - 2], '*', '*'};
    std::string what = a == b ? "at least two " + std::string(1, kRankChars[a - 2]) + "s"
                              : "at least one " + std::string(1, kRankChars[std::max(a, b) - 2]) + " and one " +
                                    std::string(1, kRankChars[std::min(a, b) - 2]);
    return "this is Hold'em notation; a PLO pattern has 4 symbols: write '" + p + "' (" + what +
           ")" + (s.size() > 2 && s[2] == '+' ? ", and '" + p + "+' for the pairs above" : std::string()) +
           "; suits are qualifiers of the whole hand: ds, ss or r";
}

Pattern read_pattern(std::string_view s, std::size_t& pos, std::string_view item) {
    Pattern p;
    std::size_t n = 0;
    while (pos < s.size() && n < 4) {
        const char c = s[pos];
        if (c == '*') {
            ++p.stars;
        } else if (const int r = rank_of_char(c)) {
            p.ranks.push_back(r);
        } else {
            break;
        }
        ++pos;
        ++n;
    }
    if (n < 4) {
        if (pos < s.size() && s[pos] != '+' && s[pos] != '-' && !(s[pos] == 'd' || s[pos] == 's' || s[pos] == 'r')) {
            bad(item, "'" + char_at(s, pos) + "' is not allowed here; " + kPloHelp);
        }
        bad(item, "a PLO pattern has 4 symbols, this one has " + std::to_string(n) + "; fill with * for any rank, as '" +
                      std::string(s.substr(pos - n, n)) + std::string(4 - n, '*') + "'");
    }
    std::sort(p.ranks.rbegin(), p.ranks.rend());
    return p;
}

int read_qualifier(std::string_view s, std::size_t& pos, std::string_view item) {
    const std::string_view rest = s.substr(pos);
    if (rest.starts_with("ds")) { pos += 2; return kDouble; }
    if (rest.starts_with("ss")) { pos += 2; return kSingle; }
    if (rest.starts_with("r")) { pos += 1; return kRainbow; }
    if (!rest.empty() && (rest[0] == 'd' || rest[0] == 's')) {
        bad(item, "suit qualifiers are ds (double-suited), ss (single-suited) and r (rainbow); " + std::string(kPloHelp));
    }
    return kNone;
}

std::uint64_t counts_of(const Pattern& p) {
    std::uint64_t c = 0;
    for (int r : p.ranks) c += std::uint64_t{1} << (4 * (r - 2));
    return c;
}

void add_pattern(RangeBuilder& b, const Pattern& p, int shape, double w, std::string_view item) {
    const std::uint64_t need = counts_of(p);
    for (const PloHand& h : plo_hands()) {
        // Every nibble of the hand at least the pattern's: (h | 8) - p keeps bit 3 set.
        if ((((h.counts | kHighBits) - need) & kHighBits) != kHighBits) continue;
        if (shape != kNone && h.shape != shape) continue;
        b.add(h.mask, w, item);
    }
}

Pattern shifted(const Pattern& p, int d) {
    Pattern q = p;
    for (int& r : q.ranks) r += d;
    return q;
}

std::string pattern_text(const Pattern& p) {
    std::string t;
    for (int r : p.ranks) t += kRankChars[r - 2];
    return t + std::string(static_cast<std::size_t>(p.stars), '*');
}

void parse_item(RangeBuilder& b, std::string_view item) {
    const WeightedItem wi = split_weight(item);
    const std::string_view s = wi.body;
    if (s.empty()) bad(item, "nothing before ':'; " + std::string(kPloHelp));
    // The top of the PLO ranking ("top15%").
    const char* const top_form = "write the top of the PLO ranking as 'top' and a percentage of the 270,725 hands "
                                 "above 0 and at most 100, as 'top15%' or 'top2.5%'";
    if (const std::optional<double> top = parse_top_item(s, item, top_form)) {
        const std::size_t k = plo_top_class_count(*top);
        for (std::size_t i = 0; i < k; ++i) {
            for (CardMask m : plo_class_hands(parse_mask(kPloRanking[i].name))) b.add(m, wi.weight, item);
        }
        return;
    }
    // An exact hand: four rank-suit pairs.
    if (s.size() >= 2 && rank_of_char(s[0]) && (s[1] == 'c' || s[1] == 'd' || s[1] == 'h' || s[1] == 's')) {
        const CardMask m = parse_mask(s);
        if (card_count(m) != 4) {
            bad(item, "an exact PLO hand is 4 cards, as 'AsKsQhJh'; this has " + std::to_string(card_count(m)));
        }
        b.add(m, wi.weight, item);
        return;
    }
    if (is_holdem_like(s)) bad(item, holdem_hint(s));
    std::size_t pos = 0;
    const Pattern a = read_pattern(s, pos, item);
    int shape = read_qualifier(s, pos, item);
    if (pos == s.size()) {
        add_pattern(b, a, shape, wi.weight, item);
        return;
    }
    std::vector<Pattern> steps;
    if (a.ranks.empty() && (s[pos] == '+' || s[pos] == '-')) {
        bad(item, "'****' has no ranks to move; write '****' alone for every hand");
    }
    if (s[pos] == '+') {
        ++pos;
        for (int d = 0; a.ranks.front() + d <= 14; ++d) steps.push_back(shifted(a, d));
    } else if (s[pos] == '-') {
        ++pos;
        if (pos == s.size() || s[pos] == ':' ) {
            for (int d = 0; a.ranks.back() - d >= 2; ++d) steps.push_back(shifted(a, -d));
        } else {
            const Pattern z = read_pattern(s, pos, item);
            const int zshape = read_qualifier(s, pos, item);
            if (zshape != kNone && shape != kNone && zshape != shape) {
                bad(item, "the two ends of a span have different suit qualifiers; give one, at the end");
            }
            if (zshape != kNone) shape = zshape;
            const int d = z.ranks.empty() ? 0 : z.ranks.front() - (a.ranks.empty() ? 0 : a.ranks.front());
            if (z.stars != a.stars || z.ranks.size() != a.ranks.size() || shifted(a, d).ranks != z.ranks) {
                bad(item, "the ends of a span have the same shape, one moved by whole ranks (as 'JT98-8765' or "
                          "'KK**-88**'); '" + pattern_text(a) + "' and '" + pattern_text(z) + "' differ");
            }
            for (int k = std::min(0, d); k <= std::max(0, d); ++k) steps.push_back(shifted(a, k));
        }
    } else {
        bad(item, "unexpected '" + echo(s.substr(pos)) + "'; " + kPloHelp);
    }
    if (pos < s.size()) {
        const int late = read_qualifier(s, pos, item);
        if (late != kNone && shape != kNone && late != shape) bad(item, "two different suit qualifiers; give one");
        if (late != kNone) shape = late;
    }
    if (pos != s.size()) bad(item, "unexpected '" + echo(s.substr(pos)) + "'; " + kPloHelp);
    for (const Pattern& p : steps) add_pattern(b, p, shape, wi.weight, item);
}

}  // namespace

Range parse_plo_range(std::string_view text) {
    RangeBuilder b(Variant::plo);
    for (std::string_view item : range_items(text)) parse_item(b, item);
    return b.finish();
}

}  // namespace meeple::poker

namespace meeple::poker {

namespace {

// Rank multisets as count words: 4 bits a rank, the deuce lowest (PloHand::counts).
int rank_count(std::uint64_t counts, int rank) { return static_cast<int>((counts >> (4 * (rank - 2))) & 0xF); }

bool contains(std::uint64_t counts, std::uint64_t pattern) {
    for (int rank = 2; rank <= 14; ++rank)
        if (rank_count(counts, rank) < rank_count(pattern, rank)) return false;
    return true;
}

// Every multiset of `size` ranks, the higher ranks first.
std::vector<std::uint64_t> rank_multisets(int size) {
    std::vector<std::uint64_t> out;
    auto walk = [&](auto&& self, int top, int left, std::uint64_t counts) -> void {
        if (left == 0) {
            out.push_back(counts);
            return;
        }
        for (int rank = top; rank >= 2; --rank) self(self, rank, left - 1, counts + (std::uint64_t{1} << (4 * (rank - 2))));
    };
    walk(walk, 14, size, 0);
    return out;
}

// Patterns ('AA**', 'AK**', 'K***') that stand for whole multisets of `whole` (those the
// range holds with every one of their hands): the most general first, each taken when
// every multiset it stands for is whole and it adds one not yet covered. Marks what
// the patterns cover in `covered`.
std::vector<std::uint64_t> covering_patterns(const std::set<std::uint64_t>& whole, std::set<std::uint64_t>& covered) {
    static const std::vector<std::uint64_t> all = rank_multisets(4);  // 1,820
    std::vector<std::uint64_t> chosen;
    if (whole.size() < 2) return chosen;
    for (int fixed = 1; fixed <= 3; ++fixed) {
        for (std::uint64_t pattern : rank_multisets(fixed)) {
            bool every = true, adds = false;
            for (std::uint64_t m : all) {
                if (!contains(m, pattern)) continue;
                if (!whole.count(m)) {
                    every = false;
                    break;
                }
                adds = adds || !covered.count(m);
            }
            if (!every || !adds) continue;
            chosen.push_back(pattern);
            for (std::uint64_t m : all)
                if (contains(m, pattern)) covered.insert(m);
        }
    }
    return chosen;
}

}  // namespace

// The canonical PLO text: patterns with '*' for runs of whole rank multisets ('AA**'),
// then each other whole multiset as its 4 ranks ('AAKK'), else its whole ds, ss or r
// part ('AAKKds'), else exact hands; per weight, the heaviest first.
std::string format_plo_range(const Range& r) {
    // Hands a multiset holds, all and per suit shape.
    static const auto totals = [] {
        std::unordered_map<std::uint64_t, std::array<int, 5>> t;  // [shape 0..3, all]
        for (const PloHand& h : plo_hands()) {
            auto& a = t[h.counts];
            ++a[static_cast<std::size_t>(h.shape)];
            ++a[4];
        }
        return t;
    }();
    std::unordered_map<CardMask, const PloHand*> by_mask;
    by_mask.reserve(r.combos.size());
    for (const PloHand& h : plo_hands()) by_mask.emplace(h.mask, &h);  // 270,725 entries
    auto ranks_text = [](std::uint64_t counts) {
        std::string t;
        for (int rank = 14; rank >= 2; --rank)
            t += std::string(static_cast<std::size_t>((counts >> (4 * (rank - 2))) & 0xF), kRankChars[rank - 2]);
        return t;
    };
    std::string out;
    for (const auto& [w, masks] : weight_groups(r)) {
        std::map<std::uint64_t, std::vector<const PloHand*>, std::greater<std::uint64_t>> groups;
        for (CardMask m : masks) {
            const PloHand* h = by_mask.at(m);
            groups[h->counts].push_back(h);
        }
        std::vector<std::string> items, exact;
        std::set<std::uint64_t> whole, covered;
        for (const auto& [counts, hands] : groups)
            if (static_cast<int>(hands.size()) == totals.at(counts)[4]) whole.insert(counts);
        for (std::uint64_t pattern : covering_patterns(whole, covered)) {
            std::string text = ranks_text(pattern);
            items.push_back(text + std::string(4 - text.size(), '*'));
        }
        // Higher ranks sit in higher nibbles, so a larger count word is a "higher" multiset.
        for (const auto& [counts, hands] : groups) {
            const auto& total = totals.at(counts);
            if (whole.count(counts)) {
                if (!covered.count(counts)) items.push_back(ranks_text(counts));
                continue;
            }
            std::array<int, 4> have{};
            for (const PloHand* h : hands) ++have[static_cast<std::size_t>(h->shape)];
            const char* names[3] = {"r", "ss", "ds"};
            for (int shape = kDouble; shape >= kRainbow; --shape) {
                const auto s = static_cast<std::size_t>(shape);
                if (total[s] && have[s] == total[s]) items.push_back(ranks_text(counts) + names[s]);
            }
            for (const PloHand* h : hands) {
                const auto s = static_cast<std::size_t>(h->shape);
                if (h->shape != kOther && have[s] == total[s]) continue;
                exact.push_back(combo_text(h->mask));
            }
        }
        items.insert(items.end(), exact.begin(), exact.end());
        for (const std::string& item : items) {
            if (!out.empty()) out += ',';
            out += item;
            if (w != 1.0) out += ":" + format_weight(w);
        }
    }
    return out;
}

}  // namespace meeple::poker
