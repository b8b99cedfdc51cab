#include "core/real_chars.hpp"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace meeple::portable {
namespace {

// The shortest decimal digits of a finite v > 0 that read back as v: digits (no
// trailing zeros) and the exponent of the first digit (v ~ d.ddd x 10^exp10).
// snprintf rounds correctly, so the nearest p-digit number is tried for p = 1, 2, ...;
// at a power of two the gaps below and above differ, so the two p-digit neighbours
// of the nearest one are tried too, and the closest that reads back wins.
void shortest_digits(double v, std::string& digits, int& exp10) {
    char buf[64];
    for (int p = 1; p <= 17; ++p) {
        std::snprintf(buf, sizeof buf, "%.*e", p - 1, v);
        char* e = std::strchr(buf, 'e');
        std::string d;
        for (char* c = buf; c < e; ++c)
            if (*c != '.') d += *c;
        const int x = std::atoi(e + 1);
        // Candidates: the nearest, and one unit of its last digit below and above.
        long double best_err = -1;
        std::string best;
        int best_x = 0;
        for (const int delta : {0, -1, 1}) {  // the nearest first: it wins ties (half to even)
            std::string cand = d;
            int cx = x;
            if (delta != 0) {
                // Add delta to the p-digit integer cand, keeping p digits.
                int i = p - 1;
                if (delta > 0) {
                    while (i >= 0 && cand[static_cast<std::size_t>(i)] == '9') cand[static_cast<std::size_t>(i--)] = '0';
                    if (i < 0) { cand = "1" + std::string(static_cast<std::size_t>(p - 1), '0'); ++cx; }
                    else ++cand[static_cast<std::size_t>(i)];
                } else {
                    while (i >= 0 && cand[static_cast<std::size_t>(i)] == '0') cand[static_cast<std::size_t>(i--)] = '9';
                    if (i < 0 || (i == 0 && cand[0] == '1' && p == 1)) continue;
                    --cand[static_cast<std::size_t>(i)];
                    if (cand[0] == '0') {  // 1000 - 1 = 0999: one digit fewer, next decade down
                        if (p == 1) continue;
                        cand = cand.substr(1) + "9";
                        --cx;
                    }
                }
            }
            std::string text = cand.substr(0, 1) + "." + cand.substr(1) + "e" + std::to_string(cx);
            const double back = std::strtod(text.c_str(), nullptr);
            if (back != v) continue;
            const long double err = std::fabs(std::strtold(text.c_str(), nullptr) - static_cast<long double>(v));
            if (best_err < 0 || err < best_err) { best_err = err; best = cand; best_x = cx; }
        }
        if (best_err >= 0) {
            while (best.size() > 1 && best.back() == '0') best.pop_back();
            digits = best;
            exp10 = best_x;
            return;
        }
    }
    std::snprintf(buf, sizeof buf, "%.16e", v);  // unreachable: 17 digits always read back
    digits = buf;
    exp10 = 0;
}

}  // namespace

std::to_chars_result real_to_chars(char* first, char* last, double v) {
    std::string out;
    if (std::isnan(v)) {
        out = std::signbit(v) ? "-nan" : "nan";
    } else if (std::isinf(v)) {
        out = v < 0 ? "-inf" : "inf";
    } else if (v == 0) {
        out = std::signbit(v) ? "-0" : "0";
    } else {
        std::string d;
        int x = 0;
        shortest_digits(std::fabs(v), d, x);
        const int p = static_cast<int>(d.size());
        std::string sci = d.substr(0, 1);
        if (p > 1) sci += "." + d.substr(1);
        const int ax = x < 0 ? -x : x;
        sci += std::string("e") + (x < 0 ? "-" : "+") + (ax < 10 ? "0" : "") + std::to_string(ax);
        std::string fixed;
        if (x >= 0) {
            if (p <= x + 1) {
                // An integer: written exactly, as libstdc++ and MSVC do ("as if by printf"),
                // not as its shortest digits padded with zeros; the length is the same.
                char whole[400];
                std::snprintf(whole, sizeof whole, "%.0f", std::fabs(v));
                fixed = whole;
            } else fixed = d.substr(0, static_cast<std::size_t>(x + 1)) + "." + d.substr(static_cast<std::size_t>(x + 1));
        } else {
            fixed = "0." + std::string(static_cast<std::size_t>(-x - 1), '0') + d;
        }
        out = (v < 0 ? "-" : "") + (fixed.size() <= sci.size() ? fixed : sci);
    }
    if (static_cast<std::size_t>(last - first) < out.size()) return {last, std::errc::value_too_large};
    std::memcpy(first, out.data(), out.size());
    return {first + out.size(), std::errc()};
}

std::from_chars_result real_from_chars(const char* first, const char* last, double& v) {
    const char* p = first;
    if (p < last && *p == '-') ++p;
    const auto lower_is = [&](const char* at, const char* word) {
        const std::size_t n = std::strlen(word);
        if (static_cast<std::size_t>(last - at) < n) return false;
        for (std::size_t i = 0; i < n; ++i)
            if ((at[i] | 0x20) != word[i]) return false;
        return true;
    };
    const char* end = p;
    bool special = false;
    if (lower_is(p, "infinity")) { end = p + 8; special = true; }
    else if (lower_is(p, "inf")) { end = p + 3; special = true; }
    else if (lower_is(p, "nan")) {
        end = p + 3;
        special = true;
        if (end < last && *end == '(') {  // nan(n-char-sequence)
            const char* q = end + 1;
            while (q < last && (std::isalnum(static_cast<unsigned char>(*q)) || *q == '_')) ++q;
            if (q < last && *q == ')') end = q + 1;
        }
    }
    if (!special) {
        const auto digit = [&](const char* at) { return at < last && *at >= '0' && *at <= '9'; };
        std::size_t mantissa_digits = 0;
        while (digit(end)) { ++end; ++mantissa_digits; }
        if (end < last && *end == '.') {
            const char* q = end + 1;
            std::size_t frac = 0;
            while (digit(q)) { ++q; ++frac; }
            if (mantissa_digits + frac > 0) { end = q; mantissa_digits += frac; }
        }
        if (mantissa_digits == 0) return {first, std::errc::invalid_argument};
        if (end < last && (*end == 'e' || *end == 'E')) {
            const char* q = end + 1;
            if (q < last && (*q == '+' || *q == '-')) ++q;
            if (digit(q)) {
                while (digit(q)) ++q;
                end = q;
            }
        }
    }
    // strtod reads a NUL-terminated copy of exactly the accepted characters ("C" locale).
    const std::string text(first, end);
    errno = 0;
    const double r = std::strtod(text.c_str(), nullptr);
    if (errno == ERANGE && !special) {
        if (std::isinf(r) || r == 0) return {end, std::errc::result_out_of_range};
    }
    v = r;
    return {end, std::errc()};
}

}  // namespace meeple::portable
