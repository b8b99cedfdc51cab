// The portable double <-> text of core/real_chars.cpp (used by the WebAssembly build,
// whose libc++ lacks floating-point to_chars/from_chars) must write and read exactly
// what the standard library does natively, so both builds give the same JSON and specs.
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "check.hpp"
#include "core/real_chars.hpp"

// A failed check that says which value differed.
#define CHECK_MSG(cond, what)                                               \
    do {                                                                    \
        if (!(cond)) ::meeple::test::report(__FILE__, __LINE__, (what)); \
    } while (0)

namespace {

std::string std_text(double v) {
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

std::string portable_text(double v) {
    char buf[64];
    const auto r = meeple::portable::real_to_chars(buf, buf + sizeof buf, v);
    return r.ec == std::errc() ? std::string(buf, r.ptr) : "<error>";
}

}  // namespace

TEST(portable_real_to_chars_writes_what_std_to_chars_writes) {
    std::vector<double> values = {0.0, -0.0, 1.0, -1.0, 0.1, 0.5, 1.5, 2.0 / 3.0, 100000.0, 123456.0, 1e15, 1e16,
        1e17, 1e20, 1e21, 1e22, 1e23, 1.2345678901234568e20, 9007199254740993.0, 5e-324, 2.2250738585072014e-308,
        DBL_MAX, 1e-5, 1e-4, 0.001, 1.25e-7, 3.14159, 0.3, 1e100, 1.7976931348623157e308, 4.35, 9.5, 0.95,
        std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()};
    for (int e = -1074; e <= 1023; e += 7) values.push_back(std::ldexp(1.0, e));  // powers of two: uneven gaps
    std::mt19937_64 rng(20261201);
    for (int i = 0; i < 20000; ++i) {
        std::uint64_t bits = rng();
        double v;
        std::memcpy(&v, &bits, sizeof v);
        if (std::isfinite(v)) values.push_back(v);
        values.push_back(static_cast<double>(rng() % 1000000) / 1000.0);  // short decimals, as options take
        values.push_back(static_cast<double>(rng() >> 11));               // large integers
    }
    int shown = 0;
    for (double v : values) {
        const std::string a = std_text(v), b = portable_text(v);
        if (a != b && shown++ < 10) CHECK_MSG(false, "std " + a + " portable " + b);
    }
    CHECK(shown == 0);
}

TEST(portable_real_to_chars_refuses_a_short_buffer) {
    char buf[3];
    const auto r = meeple::portable::real_to_chars(buf, buf + sizeof buf, 0.125);
    CHECK(r.ec == std::errc::value_too_large);
}

TEST(portable_real_from_chars_reads_what_std_from_chars_reads) {
    const char* texts[] = {"0", "-0", "1", "1.5", "-2.25e3", "1e", "1e+", "1e5x", ".5", "5.", ".", "-", "", "+1", " 1",
        "0x1p3", "inf", "-inf", "infinity", "INF", "nan", "1e400", "-1e400", "1e-400", "1e-310", "00012", "1.2.3",
        "123456789012345678901234567890", "0.1000000000000000055511151231257827", "4.9e-324", "2.4703282292062328e-324",
        "1E10", "3.14abc", "e5"};
    for (const char* t : texts) {
        const char* end = t + std::strlen(t);
        double a = -7, b = -7;
        const auto ra = std::from_chars(t, end, a);
        const auto rb = meeple::portable::real_from_chars(t, end, b);
        CHECK_MSG(ra.ec == rb.ec, std::string("error code for '") + t + "'");
        CHECK_MSG(ra.ptr == rb.ptr, std::string("characters read of '") + t + "'");
        const bool same = (std::isnan(a) && std::isnan(b)) || std::memcmp(&a, &b, sizeof a) == 0;
        CHECK_MSG(same, std::string("value of '") + t + "'");
    }
}
