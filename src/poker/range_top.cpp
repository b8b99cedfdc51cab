// Top-N% Hold'em ranges from the preflop ranking (see preflop_ranking.hpp).
#include <string>

#include "poker/preflop_ranking.hpp"
#include "poker/range_builder.hpp"
#include "poker/top_fraction.hpp"

namespace meeple::poker {

std::size_t top_class_count(double fraction) {
    return top_fraction_classes(fraction, kHoldemCombos, kPreflopClasses,
                                [](std::size_t k) { return kPreflopRanking[k].combos; });
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
