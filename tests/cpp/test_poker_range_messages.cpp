// A range error that quotes one bad character quotes all of it, however many bytes its
// UTF-8 takes: a message cut inside a character is not valid UTF-8 and shows as '?'.
#include <string>

#include "check.hpp"
#include "core/echo.hpp"
#include "core/error.hpp"
#include "poker/range.hpp"

using namespace meeple;
using namespace meeple::poker;

namespace {
std::string message_of(Variant v, const std::string& text) {
    try {
        parse_range(v, text);
    } catch (const Error& e) {
        return e.what();
    }
    return "(parsed)";
}
}  // namespace

TEST(echo_char_at_takes_whole_utf8_characters) {
    CHECK_EQ(char_at("A\xC3\x84s", 1), "\xC3\x84");            // Ä, 2 bytes
    CHECK_EQ(char_at("\xE2\x99\xA0", 0), "\xE2\x99\xA0");      // ♠, 3 bytes
    CHECK_EQ(char_at("\xF0\x9F\x82\xA1x", 0), "\xF0\x9F\x82\xA1");  // a playing card, 4 bytes
    CHECK_EQ(char_at("\xC3", 0), "\xC3");                       // cut short by the end
    CHECK_EQ(char_at("\x84z", 0), "\x84");                      // not a lead byte: itself
    CHECK_EQ(char_at("ab", 5), "");
}

TEST(poker_range_errors_quote_a_non_ascii_character_whole) {
    CHECK_EQ(message_of(Variant::holdem, "\xC3\x84sKs"),
             "'\xC3\x84sKs': '\xC3\x84' is not a rank; ranks are A K Q J T 9 8 7 6 5 4 3 2 (ten is T)");
    CHECK_EQ(message_of(Variant::holdem, "A\xC3\x84"),
             "'A\xC3\x84': '\xC3\x84' is not a rank; ranks are A K Q J T 9 8 7 6 5 4 3 2 (ten is T)");
    const std::string plo = message_of(Variant::plo, "AA\xE2\x99\xA0*");
    CHECK(plo.find("'\xE2\x99\xA0' is not allowed here") != std::string::npos);
}
