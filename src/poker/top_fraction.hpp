// The top-N% rule shared by the Hold'em and PLO rankings.
#pragma once

#include <charconv>
#include <cmath>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "core/real_chars.hpp"

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

// The fraction N / 100 of a top-N% range item s ('top' in any case, then N and '%', as
// 'top15%'), or nullopt when s does not start with 'top'. A malformed one (no '%', N not
// a number above 0 and at most 100) throws Status::parse naming `item` and saying `form`.
inline std::optional<double> parse_top_item(std::string_view s, std::string_view item, const char* form) {
    const auto lower = [](char c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c); };
    if (s.size() < 3 || lower(s[0]) != 't' || lower(s[1]) != 'o' || lower(s[2]) != 'p') return std::nullopt;
    const std::string_view num = s.substr(3);
    double pct = 0;
    const char* end = num.empty() ? num.data() : num.data() + num.size() - 1;
    const auto [at, ec] = real_from_chars(num.data(), end, pct);
    if (num.empty() || num.back() != '%' || ec != std::errc() || at != end || !(pct > 0 && pct <= 100))
        fail(Status::parse, "'" + std::string(item) + "': " + form);
    return pct / 100;
}

}  // namespace meeple::poker
