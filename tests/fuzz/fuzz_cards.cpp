// Card text: any text parses or is refused cleanly; parsed cards are distinct ids
// 0..51, and the mask they make formats to text that parses back to the same mask.
#include <string>

#include "fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::int32_t ids[64];
    std::size_t n = 0;
    const meeple_status_t status = meeple_poker_parse_cards(text.c_str(), ids, 64, &n);
    std::uint64_t mask = 0;
    const meeple_status_t mask_status = meeple_poker_parse_mask(text.c_str(), &mask);
    if (status != MEEPLE_OK) {
        FUZZ_REQUIRE(status == MEEPLE_ERR_PARSE || status == MEEPLE_ERR_INVALID_ARGUMENT);
        FUZZ_REQUIRE(mask_status == status);
        return 0;
    }
    FUZZ_REQUIRE(mask_status == MEEPLE_OK && n <= 52);
    std::uint64_t seen = 0;
    for (std::size_t i = 0; i < n; ++i) {
        FUZZ_REQUIRE(ids[i] >= 0 && ids[i] < 52);
        FUZZ_REQUIRE(!((seen >> ids[i]) & 1));
        seen |= 1ull << ids[i];
    }
    FUZZ_REQUIRE(seen == mask);
    char out[256];
    std::size_t len = 0;
    FUZZ_REQUIRE(meeple_poker_format_mask(mask, out, sizeof out, &len) == MEEPLE_OK);
    std::uint64_t back = 0;
    FUZZ_REQUIRE(meeple_poker_parse_mask(out, &back) == MEEPLE_OK && back == mask);
    return 0;
}
