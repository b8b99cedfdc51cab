// PLO ranges print compactly: runs of whole rank multisets as the pattern with '*' that
// stands for them ('AA**', not its 91 multisets), and the text parses back to the range.
#include <string>

#include "check.hpp"
#include "poker/hand.hpp"
#include "poker/range.hpp"

using namespace meeple::poker;

namespace {
std::string canonical(const std::string& text) { return format_range(parse_range(Variant::plo, text)); }
}  // namespace

TEST(poker_plo_range_text_uses_patterns_for_whole_multisets) {
    CHECK_EQ(canonical("AA**"), "AA**");
    CHECK_EQ(canonical("AK**"), "AK**");
    CHECK_EQ(canonical("K***"), "K***");
    CHECK_EQ(canonical("JJ**+"), "AA**,KK**,QQ**,JJ**");
    CHECK_EQ(canonical("AAKK,AAKQ"), "AAKK,AAKQ");  // two multisets: no pattern stands for just them
    CHECK_EQ(canonical("AAKKds"), "AAKKds");
    CHECK_EQ(canonical("KK**:0.5,AAAA"), "AAAA,KK**:0.5");
}

TEST(poker_plo_range_text_parses_back_to_the_same_range) {
    for (const char* text : {"AA**", "AK**,QQ**", "top10%", "JT98-8765", "AA**ds,KKQQ", "T***,AsKsQhJh:0.3"}) {
        const Range r = parse_range(Variant::plo, text);
        const Range back = parse_range(Variant::plo, format_range(r));
        CHECK_EQ(format_range(back), format_range(r));
        CHECK_EQ(back.combos.size(), r.combos.size());
    }
}
