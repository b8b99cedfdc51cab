// Game specs: any text makes a game or a clean error; a game's canonical spec makes
// an equal game (the same canonical spec again).
#include <string>

#include "fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);  // ends at a NUL, as C callers' text does
    meeple_game_t* game = nullptr;
    const meeple_status_t status = meeple_game_new(text.c_str(), &game);
    if (status != MEEPLE_OK) {
        FUZZ_REQUIRE(game == nullptr);
        FUZZ_REQUIRE(status == MEEPLE_ERR_PARSE || status == MEEPLE_ERR_INVALID_ARGUMENT);
        FUZZ_REQUIRE(meeple_last_error_message()[0] != '\0');
        return 0;
    }
    char spec[4096];
    std::size_t len = 0;
    FUZZ_REQUIRE(meeple_game_spec(game, spec, sizeof spec, &len) == MEEPLE_OK);
    meeple_game_t* again = nullptr;
    FUZZ_REQUIRE(meeple_game_new(spec, &again) == MEEPLE_OK);
    char spec2[4096];
    std::size_t len2 = 0;
    FUZZ_REQUIRE(meeple_game_spec(again, spec2, sizeof spec2, &len2) == MEEPLE_OK);
    FUZZ_REQUIRE(std::string(spec, len) == std::string(spec2, len2));
    meeple_game_free(again);
    meeple_game_free(game);
    return 0;
}
