// Starting hands of Hold'em and PLO ranked by all-in equity against a random hand (the
// library's rankings, preflop_ranking.hpp and plo_ranking.hpp), as the Hold'em heuristic
// reads them: a hand's percentile (the share of hands stronger than it, plus half its
// own class) decides what it plays preflop, and a prefix of the hands strongest first
// is an opponent's range ("the top 20%"). Built once, on first use.
#pragma once

#include <cstdint>
#include <vector>

#include "poker/cards.hpp"
#include "poker/hand.hpp"

namespace meeple {

struct StartingHands {
    std::vector<poker::CardMask> strongest_first;  // every hand of the variant
    // Hold'em: the percentile of the two cards a, b at [a * 52 + b].
    std::vector<float> holdem_percentile;
    // PLO: (class representative, percentile), sorted by representative.
    std::vector<std::pair<poker::CardMask, float>> plo_percentile;

    // In (0, 1]: 0.0023 for aces, 0.9992 for 7-2 offsuit.
    double percentile(poker::Variant v, poker::CardMask hole) const;
    // The hands of the top `fraction` (at least one).
    std::uint32_t top_count(double fraction) const;
};

const StartingHands& starting_hands(poker::Variant v);

// The representative of a PLO starting hand's suit class (the suits' rank masks in
// non-increasing order from clubs, as isomorphism.hpp writes them).
poker::CardMask plo_class_of(poker::CardMask hole);

}  // namespace meeple
