// Range construction and weighted set algebra (see range.hpp).
#include "poker/range.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string>

#include "core/echo.hpp"
#include "core/error.hpp"

namespace meeple::poker {
namespace {

void check_same_variant(const Range& a, const Range& b, const char* op) {
    if (a.variant != b.variant) {
        fail(Status::invalid_argument, std::string("the ") + op + " of a " + variant_name(a.variant) + " range and a " +
                                           variant_name(b.variant) + " range; both must be of the same game");
    }
}

// Walks two sorted combo lists together: f(mask, weight_a, weight_b) with 0 for absent.
template <class F>
Range merge(const Range& a, const Range& b, F&& f) {
    Range out;
    out.variant = a.variant;
    std::size_t i = 0, j = 0;
    while (i < a.combos.size() || j < b.combos.size()) {
        CardMask m;
        double wa = 0, wb = 0;
        if (j == b.combos.size() || (i < a.combos.size() && a.combos[i].mask < b.combos[j].mask)) {
            m = a.combos[i].mask;
            wa = a.combos[i++].weight;
        } else if (i == a.combos.size() || b.combos[j].mask < a.combos[i].mask) {
            m = b.combos[j].mask;
            wb = b.combos[j++].weight;
        } else {
            m = a.combos[i].mask;
            wa = a.combos[i++].weight;
            wb = b.combos[j++].weight;
        }
        const double w = f(wa, wb);
        if (w > 0) out.combos.push_back({m, w});
    }
    return out;
}

}  // namespace

Range parse_range(Variant v, std::string_view text) {
    return v == Variant::holdem ? parse_holdem_range(text) : parse_plo_range(text);
}

Range range_all(Variant v) {
    Range r;
    r.variant = v;
    const int k = hole_cards(v);
    r.combos.reserve(v == Variant::holdem ? kHoldemCombos : kPloCombos);
    // Masks in increasing order: the highest card varies slowest.
    if (k == 2) {
        for (int b = 1; b < kDeckSize; ++b)
            for (int a = 0; a < b; ++a) r.combos.push_back({card_bit(a) | card_bit(b), 1.0});
    } else {
        for (int d = 3; d < kDeckSize; ++d)
            for (int c = 2; c < d; ++c)
                for (int b = 1; b < c; ++b)
                    for (int a = 0; a < b; ++a)
                        r.combos.push_back({card_bit(a) | card_bit(b) | card_bit(c) | card_bit(d), 1.0});
    }
    return r;
}

void normalize(Range& r) {
    std::sort(r.combos.begin(), r.combos.end(), [](const Combo& x, const Combo& y) { return x.mask < y.mask; });
    for (std::size_t i = 1; i < r.combos.size(); ++i) {
        if (r.combos[i].mask == r.combos[i - 1].mask) {
            fail(Status::invalid_argument, "combo " + format_mask(r.combos[i].mask) + " is given twice; give each once");
        }
    }
}

Range range_from_combos(Variant v, const CardMask* masks, const double* weights, std::size_t n) {
    Range r;
    r.variant = v;
    const int k = hole_cards(v);
    for (std::size_t i = 0; i < n; ++i) {
        const std::string what = "combo " + std::to_string(i);
        check_mask(masks[i], what.c_str());
        if (card_count(masks[i]) != k) {
            fail(Status::invalid_argument, what + " has " + std::to_string(card_count(masks[i])) + " cards (" +
                                               format_mask(masks[i]) + "); a " + variant_name(v) + " hand has " +
                                               std::to_string(k));
        }
        const double w = weights ? weights[i] : 1.0;
        if (!(w >= 0 && w <= 1)) {
            fail(Status::invalid_argument, what + " (" + format_mask(masks[i]) + ") has weight " + format_weight(w) +
                                               "; a weight is a number from 0 to 1");
        }
        if (w > 0) r.combos.push_back({masks[i], w});
    }
    normalize(r);
    return r;
}

Range range_union(const Range& a, const Range& b) {
    check_same_variant(a, b, "union");
    return merge(a, b, [](double x, double y) { return std::max(x, y); });
}

Range range_intersection(const Range& a, const Range& b) {
    check_same_variant(a, b, "intersection");
    return merge(a, b, [](double x, double y) { return std::min(x, y); });
}

Range range_difference(const Range& a, const Range& b) {
    check_same_variant(a, b, "difference");
    return merge(a, b, [](double x, double y) { return x - y > 0 ? x - y : 0.0; });
}

Range range_without(const Range& r, CardMask dead) {
    check_mask(dead, "the dead cards");
    Range out;
    out.variant = r.variant;
    for (const Combo& c : r.combos)
        if (!(c.mask & dead)) out.combos.push_back(c);
    return out;
}

double total_weight(const Range& r) {
    double s = 0;
    for (const Combo& c : r.combos) s += c.weight;
    return s;
}

std::string format_weight(double w) {
    if (!std::isfinite(w)) return std::to_string(w);
    char buf[32];
    const auto res = std::to_chars(buf, buf + sizeof buf, w);
    return std::string(buf, res.ptr);
}

double parse_weight(std::string_view text, std::string_view item) {
    double w = 0;
    const auto res = std::from_chars(text.data(), text.data() + text.size(), w);
    if (text.empty() || res.ec != std::errc() || res.ptr != text.data() + text.size() || !(w >= 0 && w <= 1)) {
        fail(Status::parse, "'" + echo(item) + "': the weight after ':' is '" + echo(text) +
                                "'; a weight is a number from 0 to 1, as in 'AKs:0.5'");
    }
    return w;
}

}  // namespace meeple::poker
