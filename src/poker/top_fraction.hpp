// The top-N% rule shared by the Hold'em and PLO rankings.
#pragma once

#include <cmath>
#include <cstddef>
#include <string>

#include "core/error.hpp"

namespace meeple::poker {

// How many leading classes of a ranking (strongest first) the top `fraction` takes: the
// next class is taken while it brings the count of hands strictly nearer fraction x
// total, so a tie keeps the smaller range. hands_of(k) is class k's count of hands.
// Throws Status::invalid_argument for a fraction outside (0, 1].
template <class HandsOf>
std::size_t top_fraction_classes(double fraction, double total, std::size_t classes, HandsOf hands_of) {
    if (!(fraction > 0 && fraction <= 1)) {
        fail(Status::invalid_argument, "a top fraction is above 0 and at most 1 (0.15 for the top 15%); got " +
                                           std::to_string(fraction));
    }
    const double target = fraction * total;
    std::size_t k = 0;
    double count = 0;
    while (k < classes) {
        const double next = count + hands_of(k);
        if (!(std::fabs(next - target) < std::fabs(count - target))) break;
        count = next;
        ++k;
    }
    return k;
}

}  // namespace meeple::poker
