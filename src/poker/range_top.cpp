// Top-N% Hold'em ranges from the preflop ranking (see preflop_ranking.hpp).
#include <cmath>
#include <string>

#include "core/error.hpp"
#include "poker/preflop_ranking.hpp"
#include "poker/range_builder.hpp"

namespace meeple::poker {

std::size_t top_class_count(double fraction) {
    if (!(fraction > 0 && fraction <= 1)) {
        fail(Status::invalid_argument, "a top fraction is above 0 and at most 1 (0.15 for the top 15%); got " +
                                           std::to_string(fraction));
    }
    const double target = fraction * static_cast<double>(kHoldemCombos);
    std::size_t k = 0;
    double count = 0;
    // Take the next class while it brings the count strictly nearer the target.
    while (k < kPreflopClasses) {
        const double next = count + kPreflopRanking[k].combos;
        if (!(std::fabs(next - target) < std::fabs(count - target))) break;
        count = next;
        ++k;
    }
    return k;
}

Range range_top(double fraction) {
    const std::size_t k = top_class_count(fraction);
    RangeBuilder b(Variant::holdem);
    for (std::size_t i = 0; i < k; ++i) {
        const std::string_view name = kPreflopRanking[i].name;
        const int hi = rank_of_char(name[0]), lo = rank_of_char(name[1]);
        const ClassKind kind = hi == lo ? ClassKind::pair : name[2] == 's' ? ClassKind::suited : ClassKind::offsuit;
        for (CardMask m : class_combos(hi, lo, kind)) b.add(m, 1.0, name);
    }
    return b.finish();
}

}  // namespace meeple::poker
