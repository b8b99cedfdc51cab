// The PLO ranking table (plo_ranking.hpp): every suit class once, named by its canonical
// representative, strongest first; a sample re-derived exactly with the library's
// seeded Monte Carlo and, with other seeds, within the stated standard error and in the
// same order where equities differ clearly; the top-N% rule.
#include <cmath>
#include <set>
#include <string>

#include "check.hpp"
#include "core/error.hpp"
#include "poker/isomorphism.hpp"
#include "poker/plo_ranking.hpp"
#include "poker/range.hpp"
#include "poker/range_equity.hpp"

using namespace meeple;
using namespace meeple::poker;

namespace {

// The class's equity against a random PLO hand by the library's Monte Carlo.
double equity_against_random(CardMask rep, std::uint64_t seed) {
    const double one = 1.0;
    RangeEquityRequest q;
    q.ranges = {range_from_combos(Variant::plo, &rep, &one, 1), range_all(Variant::plo)};
    q.exact = false;
    q.trials = kPloRankingTrials;
    q.seed = seed;
    q.threads = 2;
    return range_equity(q).equity[0];
}

}  // namespace

TEST(poker_plo_ranking_holds_every_suit_class_once_strongest_first) {
    std::set<CardMask> reps;
    std::size_t hands = 0;
    for (std::size_t i = 0; i < kPloClasses; ++i) {
        const PloRankedClass& c = kPloRanking[i];
        const CardMask m = parse_mask(c.name);
        CHECK(card_count(m) == 4);
        CHECK(canonical_board(m) == m);  // the representative of its class
        reps.insert(m);
        CHECK(static_cast<std::size_t>(c.hands) == plo_class_hands(m).size());
        hands += static_cast<std::size_t>(c.hands);
        CHECK(c.equity > 0.05 && c.equity < 0.8);
        if (i > 0) CHECK(kPloRanking[i - 1].equity >= c.equity);
    }
    CHECK(reps.size() == kPloClasses);
    CHECK(hands == kPloCombos);
    // Every canonical four-card set is ranked.
    for (const BoardClass& b : canonical_boards(4)) CHECK(reps.count(b.board) == 1);
}

TEST(poker_plo_class_hands_are_the_suit_renamings_of_the_representative) {
    // AAKK double-suited: the aces and the kings in the same two suits, 6 ways.
    const std::vector<CardMask> ds = plo_class_hands(parse_mask("AdAcKdKc"));
    CHECK(ds.size() == 6);
    for (CardMask m : ds) CHECK(canonical_board(m) == parse_mask("AdAcKdKc"));
    // Four ranks in four suits: 24 renamings, all different.
    CHECK(plo_class_hands(parse_mask("AsKhQdJc")).size() == 24);
    // Four of a suit: one a suit.
    CHECK(plo_class_hands(parse_mask("AcKcQcJc")).size() == 4);
}

TEST(poker_plo_ranking_sample_rederived_exactly_from_its_seeds) {
    // An entry is the class against every hand, kPloRankingTrials trials from the seed
    // equal to the representative's mask, rounded to 6 decimals.
    for (std::size_t i : {std::size_t{0}, kPloClasses / 2, kPloClasses - 1}) {
        const CardMask m = parse_mask(kPloRanking[i].name);
        CHECK(std::fabs(equity_against_random(m, m) - kPloRanking[i].equity) <= 5e-7);
    }
}

TEST(poker_plo_ranking_order_holds_with_other_seeds_where_equities_differ_clearly) {
    // Twelve classes spread over the table, scored again from other seeds: each within
    // 4.5 standard errors of the difference of two estimates, and any two whose table
    // equities differ by more than 6 of those keep their order.
    const double sd = std::sqrt(2.0) * kPloRankingStderr;
    std::vector<std::pair<double, double>> sample;  // (table, again)
    for (std::size_t k = 0; k < 12; ++k) {
        const std::size_t i = k * (kPloClasses - 1) / 11;
        const CardMask m = parse_mask(kPloRanking[i].name);
        const double again = equity_against_random(m, m ^ 0x5EED0000u ^ k);
        CHECK(std::fabs(again - kPloRanking[i].equity) < 4.5 * sd);
        sample.emplace_back(kPloRanking[i].equity, again);
    }
    int clear = 0;
    for (std::size_t a = 0; a < sample.size(); ++a) {
        for (std::size_t b = a + 1; b < sample.size(); ++b) {
            if (sample[a].first - sample[b].first <= 6 * sd) continue;
            ++clear;
            CHECK(sample[a].second > sample[b].second);
        }
    }
    CHECK(clear >= 40);  // most of the 66 pairs are far apart
}

TEST(poker_plo_top_fraction_takes_whole_classes_nearest_the_target) {
    std::size_t last = 0;
    for (int pct = 1; pct <= 100; pct += 3) {
        const Range r = plo_range_top(pct / 100.0);
        CHECK(r.variant == Variant::plo);
        const double target = pct / 100.0 * static_cast<double>(kPloCombos);
        double best = 1e18;
        double count = 0;
        for (std::size_t k = 0; k <= kPloClasses; ++k) {
            best = std::min(best, std::fabs(count - target));
            if (k < kPloClasses) count += kPloRanking[k].hands;
        }
        CHECK(std::fabs(static_cast<double>(r.combos.size()) - target) == best);
        CHECK(r.combos.size() >= last);
        last = r.combos.size();
    }
    CHECK(plo_range_top(1.0).combos.size() == kPloCombos);
    // The item top2% in a PLO range is the same range, the strongest class first in it.
    const Range top2 = plo_range_top(0.02);
    CHECK(parse_plo_range("top2%") == top2);
    for (CardMask m : plo_class_hands(parse_mask(kPloRanking[0].name))) {
        bool in = false;
        for (const Combo& c : top2.combos) in = in || c.mask == m;
        CHECK(in);
    }
    CHECK_THROWS_STATUS(plo_range_top(0), Status::invalid_argument);
    CHECK_THROWS_STATUS(plo_range_top(1.01), Status::invalid_argument);
    CHECK_THROWS_STATUS(parse_plo_range("top0%"), Status::parse);
    CHECK_THROWS_STATUS(parse_plo_range("top101%"), Status::parse);
}
