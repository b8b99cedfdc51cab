// Top-N% PLO ranges from the PLO ranking (see plo_ranking.hpp).
#include <algorithm>
#include <array>

#include "poker/plo_ranking.hpp"
#include "poker/range_builder.hpp"
#include "poker/top_fraction.hpp"

namespace meeple::poker {

std::vector<CardMask> plo_class_hands(CardMask representative) {
    std::array<int, 4> perm = {0, 1, 2, 3};
    std::vector<CardMask> out;
    do {
        CardMask m = 0;
        for (int s = 0; s < 4; ++s) m |= ((representative >> (13 * s)) & 0x1FFF) << (13 * perm[s]);
        out.push_back(m);
    } while (std::next_permutation(perm.begin(), perm.end()));
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::size_t plo_top_class_count(double fraction) {
    return top_fraction_classes(fraction, kPloCombos, kPloClasses, [](std::size_t k) { return kPloRanking[k].hands; });
}

Range plo_range_top(double fraction) {
    const std::size_t k = plo_top_class_count(fraction);
    RangeBuilder b(Variant::plo);
    for (std::size_t i = 0; i < k; ++i) {
        for (CardMask m : plo_class_hands(parse_mask(kPloRanking[i].name))) b.add(m, 1.0, kPloRanking[i].name);
    }
    return b.finish();
}

}  // namespace meeple::poker
