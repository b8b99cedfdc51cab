// Snapshot bytes: the first byte picks a game, the rest are its snapshot. Bytes are
// refused cleanly or make a state whose snapshot is the same bytes; such a state then
// plays on (the lowest legal action of whoever acts) with every step's state passing
// the game's invariant check again (restoring its snapshot checks it).
#include <algorithm>
#include <vector>

#include "fuzz_input.hpp"

namespace {

void play_on(meeple_game_t* game, meeple_state_t* state) {
    std::vector<std::int32_t> actions(4096);
    std::vector<std::uint8_t> bytes(1 << 16);
    for (int step = 0; step < 32; ++step) {
        std::int32_t players[8];
        std::size_t n = 0;
        FUZZ_REQUIRE(meeple_state_active_players(state, players, 8, &n) == MEEPLE_OK);
        if (n == 0) return;  // the game is over
        std::size_t k = 0;
        FUZZ_REQUIRE(meeple_state_legal_actions(state, players[0], actions.data(), actions.size(), &k) == MEEPLE_OK);
        FUZZ_REQUIRE(k > 0);  // a live game always has a legal action
        FUZZ_REQUIRE(meeple_state_apply(state, players[0], actions[0]) == MEEPLE_OK);
        std::size_t len = 0;
        FUZZ_REQUIRE(meeple_state_snapshot(state, bytes.data(), bytes.size(), &len) == MEEPLE_OK);
        meeple_state_t* back = nullptr;
        FUZZ_REQUIRE(meeple_state_restore(game, bytes.data(), len, &back) == MEEPLE_OK);
        meeple_state_free(back);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    meeple_game_t* game = meeple::fuzz::game(data[0] % meeple::fuzz::kNumSpecs);
    meeple_state_t* state = nullptr;
    const meeple_status_t status = meeple_state_restore(game, data + 1, size - 1, &state);
    if (status != MEEPLE_OK) {
        FUZZ_REQUIRE(state == nullptr);
        FUZZ_REQUIRE(status == MEEPLE_ERR_PARSE || status == MEEPLE_ERR_VERSION_MISMATCH ||
                     status == MEEPLE_ERR_INVALID_ARGUMENT);
        return 0;
    }
    std::vector<std::uint8_t> again(size);
    std::size_t len = 0;
    FUZZ_REQUIRE(meeple_state_snapshot(state, again.data(), again.size(), &len) == MEEPLE_OK);
    FUZZ_REQUIRE(len == size - 1 && std::equal(again.begin(), again.begin() + static_cast<std::ptrdiff_t>(len), data + 1));
    play_on(game, state);
    meeple_state_free(state);
    return 0;
}
