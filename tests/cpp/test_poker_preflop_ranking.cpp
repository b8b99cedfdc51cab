// The preflop ranking table (preflop_ranking.hpp): its shape, its order, published
// equities against a random hand, a sample re-derived with exact range equity, and the
// top-N% rule.
#include <cmath>
#include <set>
#include <string>

#include "check.hpp"
#include "core/error.hpp"
#include "poker/preflop_ranking.hpp"
#include "poker/range.hpp"
#include "poker/range_equity.hpp"

using namespace meeple;
using namespace meeple::poker;

namespace {

const RankedClass* find_class(const std::string& name) {
    for (const RankedClass& c : kPreflopRanking)
        if (name == c.name) return &c;
    return nullptr;
}

double equity_against_random(const std::string& cls) {
    RangeEquityRequest q;
    q.ranges = {parse_holdem_range(cls), range_all(Variant::holdem)};
    q.threads = 2;
    return range_equity(q).equity[0];
}

}  // namespace

TEST(poker_preflop_ranking_holds_every_class_once_strongest_first) {
    std::set<std::string> names;
    int combos = 0;
    for (std::size_t i = 0; i < kPreflopClasses; ++i) {
        const RankedClass& c = kPreflopRanking[i];
        names.insert(c.name);
        const std::string n = c.name;
        CHECK(c.combos == (n.size() == 2 ? 6 : n[2] == 's' ? 4 : 12));
        combos += c.combos;
        CHECK(c.equity > 0.3 && c.equity < 0.9);
        if (i > 0) CHECK(kPreflopRanking[i - 1].equity >= c.equity);
    }
    CHECK(names.size() == 169);
    CHECK(combos == 1326);
}

TEST(poker_preflop_ranking_matches_published_equities_against_a_random_hand) {
    // Published all-in equities against one random hand (to 0.1%): AA 85.2%, KK 82.4%,
    // AKs 67.0%, 72o 34.6%, 32o 32.3% (the weakest).
    CHECK(std::string(kPreflopRanking[0].name) == "AA");
    CHECK(std::string(kPreflopRanking[1].name) == "KK");
    CHECK(std::string(kPreflopRanking[kPreflopClasses - 1].name) == "32o");
    const std::pair<const char*, double> published[] = {
        {"AA", 0.852}, {"KK", 0.824}, {"AKs", 0.670}, {"72o", 0.346}, {"32o", 0.323}};
    for (const auto& [name, eq] : published) {
        const RankedClass* c = find_class(name);
        CHECK(c && std::fabs(c->equity - eq) < 0.0006);
    }
}

TEST(poker_preflop_ranking_sample_rederived_with_exact_range_equity) {
    for (const char* name : {"AA", "72o", "T9s"}) {
        const RankedClass* c = find_class(name);
        CHECK(c && std::fabs(c->equity - equity_against_random(name)) < 1e-12);
    }
}

TEST(poker_top_fraction_takes_whole_classes_nearest_the_target) {
    // 1% of 1,326 is 13.26 combos: AA + KK (12) is nearer than adding a third class.
    CHECK(range_top(0.01) == parse_holdem_range("KK+"));
    CHECK(parse_holdem_range("top1%") == parse_holdem_range("KK+"));
    CHECK(range_top(1.0).combos.size() == 1326);
    // Sizes: the prefix sum nearest the target, and nested ranges as the fraction grows.
    std::size_t last = 0;
    for (int pct = 1; pct <= 100; ++pct) {
        const Range r = range_top(pct / 100.0);
        const double target = pct / 100.0 * 1326;
        double best = 1e9;
        int count = 0;
        for (std::size_t k = 0; k <= kPreflopClasses; ++k) {
            best = std::min(best, std::fabs(count - target));
            if (k < kPreflopClasses) count += kPreflopRanking[k].combos;
        }
        CHECK(std::fabs(static_cast<double>(r.combos.size()) - target) == best);
        CHECK(r.combos.size() >= last);
        last = r.combos.size();
    }
    bool refused = false;
    try {
        range_top(0);
    } catch (const Error& e) {
        refused = e.status() == Status::invalid_argument;
    }
    CHECK(refused);
}
