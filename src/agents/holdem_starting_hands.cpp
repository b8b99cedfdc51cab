#include "agents/holdem_starting_hands.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

#include "poker/plo_ranking.hpp"
#include "poker/preflop_ranking.hpp"
#include "poker/range.hpp"

namespace meeple {
namespace {

using poker::CardMask;

int rank_of_char(char c) { return int(std::strchr(poker::kRankChars, c) - poker::kRankChars) + 2; }

// The hands of a class name ("AA", "AKs", "AKo").
void add_holdem_class(const char* name, std::vector<CardMask>& out) {
    const int hi = rank_of_char(name[0]), lo = rank_of_char(name[1]);
    for (int a = 0; a < 4; ++a) {
        for (int b = 0; b < 4; ++b) {
            const bool keep = hi == lo ? a < b : name[2] == 's' ? a == b : a != b;
            if (keep) out.push_back(poker::card_bit(poker::card_id(hi, a)) | poker::card_bit(poker::card_id(lo, b)));
        }
    }
}

StartingHands build_holdem() {
    StartingHands h;
    h.holdem_percentile.assign(52 * 52, 1.0f);
    double before = 0;
    for (const poker::RankedClass& c : poker::kPreflopRanking) {
        const std::size_t first = h.strongest_first.size();
        add_holdem_class(c.name, h.strongest_first);
        const float p = float((before + c.combos / 2.0) / double(poker::kHoldemCombos));
        for (std::size_t i = first; i < h.strongest_first.size(); ++i) {
            const CardMask m = h.strongest_first[i];
            const int a = std::countr_zero(m), b = 63 - std::countl_zero(m);
            h.holdem_percentile[std::size_t(a * 52 + b)] = h.holdem_percentile[std::size_t(b * 52 + a)] = p;
        }
        before += c.combos;
    }
    return h;
}

StartingHands build_plo() {
    StartingHands h;
    h.strongest_first.reserve(poker::kPloCombos);
    h.plo_percentile.reserve(poker::kPloClasses);
    double before = 0;
    for (const poker::PloRankedClass& c : poker::kPloRanking) {
        const CardMask rep = poker::parse_mask(c.name);
        for (CardMask m : poker::plo_class_hands(rep)) h.strongest_first.push_back(m);
        h.plo_percentile.emplace_back(rep, float((before + c.hands / 2.0) / double(poker::kPloCombos)));
        before += c.hands;
    }
    std::sort(h.plo_percentile.begin(), h.plo_percentile.end());
    return h;
}

}  // namespace

CardMask plo_class_of(CardMask hole) {
    std::uint64_t suit[4];
    for (int s = 0; s < 4; ++s) suit[s] = (hole >> (13 * s)) & 0x1FFF;
    std::sort(suit, suit + 4, [](std::uint64_t a, std::uint64_t b) { return a > b; });
    CardMask out = 0;
    for (int s = 0; s < 4; ++s) out |= suit[s] << (13 * s);
    return out;
}

double StartingHands::percentile(poker::Variant v, CardMask hole) const {
    if (v == poker::Variant::holdem) {
        const int a = std::countr_zero(hole), b = 63 - std::countl_zero(hole);
        return holdem_percentile[std::size_t(a * 52 + b)];
    }
    const CardMask rep = plo_class_of(hole);
    const auto it = std::lower_bound(plo_percentile.begin(), plo_percentile.end(), std::make_pair(rep, 0.0f));
    return it != plo_percentile.end() && it->first == rep ? it->second : 1.0;
}

std::uint32_t StartingHands::top_count(double fraction) const {
    const double k = fraction * double(strongest_first.size());
    return std::uint32_t(std::clamp(k, 1.0, double(strongest_first.size())));
}

const StartingHands& starting_hands(poker::Variant v) {
    static const StartingHands holdem = build_holdem();
    if (v == poker::Variant::holdem) return holdem;
    static const StartingHands plo = build_plo();
    return plo;
}

}  // namespace meeple
