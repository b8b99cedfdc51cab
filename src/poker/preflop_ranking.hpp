// The 169 Hold'em starting-hand classes ranked by exact all-in equity against a random
// hand (a uniformly drawn two-card hand of the other 50 cards, the board completed from
// the 48 left), strongest first: the usual "top 10%" ranges.
//
// The table (preflop_ranking_table.cpp) is written by tools/gen_preflop_ranking.py with
// the library's own exact range equity (every hand against every hand, all 2,598,960
// boards by suit class); tests re-derive a sample of it. Classes of equal equity (none
// at present) would keep the order pairs, suited, offsuit, higher ranks first.
//
// range_top(f): the first k classes in that order, where k makes their combos (of 1,326)
// nearest to f x 1,326; when two k are equally near, the smaller. A class is never
// split, so "top 15%" (198.9 combos) holds a whole number of classes.
#pragma once

#include <cstddef>

#include "poker/range.hpp"

namespace meeple::poker {

// The version of the ranking's data; a new generator or rule changes it.
inline constexpr int kPreflopRankingVersion = 1;
inline constexpr std::size_t kPreflopClasses = 169;

struct RankedClass {
    const char* name;  // "AA", "AKs", "AKo"
    int combos;        // 6, 4 or 12
    double equity;     // all-in against a random hand, exact (to double rounding)
};

// Strongest first.
extern const RankedClass kPreflopRanking[kPreflopClasses];

// The top `fraction` (0 < fraction <= 1) of the combos by the rule above, at weight 1.
// Throws Status::invalid_argument for a fraction outside (0, 1].
Range range_top(double fraction);

// The number of leading classes range_top(fraction) takes.
std::size_t top_class_count(double fraction);

}  // namespace meeple::poker
