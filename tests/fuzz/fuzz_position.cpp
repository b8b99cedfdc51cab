// Position JSON: the first byte picks a game, the rest is the text. Text is refused
// cleanly or makes a state that passes the game's invariant check (its snapshot
// restores) and has a legal action unless the game is over.
#include <string>
#include <vector>

#include "fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    meeple_game_t* game = meeple::fuzz::game(data[0] % meeple::fuzz::kNumSpecs);
    const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
    meeple_state_t* state = nullptr;
    const meeple_status_t status = meeple_state_from_position(game, text.c_str(), 7, &state);
    if (status != MEEPLE_OK) {
        FUZZ_REQUIRE(state == nullptr);
        FUZZ_REQUIRE(status == MEEPLE_ERR_PARSE || status == MEEPLE_ERR_INVALID_ARGUMENT);
        return 0;
    }
    std::vector<std::uint8_t> bytes(1 << 16);
    std::size_t len = 0;
    FUZZ_REQUIRE(meeple_state_snapshot(state, bytes.data(), bytes.size(), &len) == MEEPLE_OK);
    meeple_state_t* back = nullptr;
    FUZZ_REQUIRE(meeple_state_restore(game, bytes.data(), len, &back) == MEEPLE_OK);
    meeple_state_free(back);
    std::int32_t players[8];
    std::size_t n = 0;
    FUZZ_REQUIRE(meeple_state_active_players(state, players, 8, &n) == MEEPLE_OK);
    if (n > 0) {
        std::vector<std::int32_t> actions(4096);
        std::size_t k = 0;
        FUZZ_REQUIRE(meeple_state_legal_actions(state, players[0], actions.data(), actions.size(), &k) == MEEPLE_OK);
        FUZZ_REQUIRE(k > 0);
    }
    meeple_state_free(state);
    return 0;
}
