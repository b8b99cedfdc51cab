// The 16,432 suit classes of PLO starting hands ranked by all-in equity against a random
// hand (a uniformly drawn four-card hand of the other 48 cards, the board completed from
// the 44 left), strongest first: the "top 10%" PLO ranges.
//
// A class holds the hands that renamings of the suits map onto each other (all of equal
// equity); it is named by its representative, the library's canonical form
// (isomorphism.hpp: the suits' rank masks non-increasing from clubs), so "AdAcKdKc" is
// AAKK double-suited. The table (plo_ranking_table.cpp) is written by
// tools/gen_plo_ranking.py with the library's own seeded Monte Carlo range equity: the
// representative against every hand, kPloRankingTrials trials from the seed equal to the
// representative's mask, so a class's entry is a pure function of the class and a test
// re-derives a sample exactly. The standard error of an entry is about 0.0028
// (kPloRankingStderr bounds it): classes whose equities differ by more than a few of
// those are in a stable order; nearer ones may swap with another seed. Equities are
// rounded to 6 decimals; equal ones keep the smaller representative mask first.
//
// plo_range_top(f): the first k classes in that order, where k makes their hands (of
// 270,725) nearest to f x 270,725; when two k are equally near, the smaller (the rule of
// range_top for Hold'em). A class is never split.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "poker/range.hpp"

namespace meeple::poker {

// The version of the ranking's data; a new generator, rule or trial count changes it.
inline constexpr int kPloRankingVersion = 1;
inline constexpr std::uint64_t kPloRankingTrials = 30'000;
// An upper bound on the Monte Carlo standard error of every entry (the generator
// reports the largest).
inline constexpr double kPloRankingStderr = 0.003;
inline constexpr std::size_t kPloClasses = 16'432;

struct PloRankedClass {
    const char* name;  // the representative, highest card first: "AdAcKdKc"
    int hands;         // hands in the class: 24 / the renamings that fix it
    double equity;     // all-in against a random hand, Monte Carlo, 6 decimals
};

// Strongest first.
extern const PloRankedClass kPloRanking[kPloClasses];

// Every hand of a class (the images of its representative under the 24 renamings of the
// suits), in increasing mask order.
std::vector<CardMask> plo_class_hands(CardMask representative);

// The number of leading classes plo_range_top(fraction) takes. Throws
// Status::invalid_argument for a fraction outside (0, 1].
std::size_t plo_top_class_count(double fraction);

// The top `fraction` (0 < fraction <= 1) of the PLO hands by the rule above, at weight 1.
Range plo_range_top(double fraction);

}  // namespace meeple::poker
