// Random self-play on 4,096 games at once with the C++ wrapper's Batch: one call steps
// every game, one call reads every mask (or the step fills packed masks and
// observations itself, in the same pass). Checks what the batch promises: the same
// bytes at 1 and 2 threads and by either path, no illegal action counted when actions
// come from the masks, and finished games recorded.
#include <cstdio>
#include <random>
#include <vector>

#include <meeple/meeple.hpp>

// Plays `steps` steps of uniform random legal actions; returns the batch's snapshot.
// With one_call, the step itself fills packed masks and observations for the next one.
static std::vector<std::uint8_t> play(const meeple::Game& game, std::int32_t threads, int steps, bool one_call,
                                      std::int64_t* finished) {
    meeple::Batch batch(game, 4096, /*seed=*/7, threads);
    std::mt19937_64 rng(1);
    std::vector<std::uint8_t> masks, dones;
    std::vector<std::uint64_t> packed;
    std::vector<float> observations;
    std::vector<std::int32_t> actions(batch.size()), episode_ints;
    std::vector<float> episode_returns;
    const std::size_t actions_n = static_cast<std::size_t>(game.num_actions());
    const std::size_t words = static_cast<std::size_t>(batch.info().mask_words);
    if (one_call) batch.masks(packed);
    *finished = 0;
    for (int step = 0; step < steps; ++step) {
        if (!one_call) batch.dense_masks(masks);
        for (std::size_t i = 0; i < batch.size(); ++i) {
            std::vector<std::int32_t> legal;
            for (std::size_t a = 0; a < actions_n; ++a) {
                const bool ok = one_call ? (packed[i * words + a / 64] >> (a % 64)) & 1 : masks[i * actions_n + a];
                if (ok) legal.push_back(static_cast<std::int32_t>(a));
            }
            actions[i] = legal.empty() ? MEEPLE_NO_ACTION : legal[rng() % legal.size()];
        }
        if (one_call) batch.step_and_read(actions, /*autoreset=*/true, dones, packed, observations);
        else batch.step_autoreset(actions, dones);
        for (std::uint8_t d : dones) *finished += d;
    }
    batch.episodes(episode_ints, episode_returns);
    std::int64_t recorded = 0;
    for (std::size_t i = 0; i < batch.size(); ++i) recorded += episode_ints[i * MEEPLE_BATCH_EPISODE_INTS + MEEPLE_BATCH_EPISODE_COUNT];
    for (std::int64_t c : batch.illegal_counts()) {
        if (c != 0) return {};
    }
    return recorded == *finished ? batch.snapshot() : std::vector<std::uint8_t>{};
}

int main() {
    meeple::Game game("tictactoe");
    std::int64_t finished1 = 0, finished2 = 0, finished_fused = 0;
    const std::vector<std::uint8_t> one = play(game, 1, 50, false, &finished1);
    const std::vector<std::uint8_t> two = play(game, 2, 50, false, &finished2);
    const std::vector<std::uint8_t> fused = play(game, 2, 50, true, &finished_fused);
    const meeple::RandomGames totals = meeple::run_random_games(game, 10000, 1, 2);
    std::printf("%lld games finished in 50 steps of 4096 slots; 1 and 2 threads %s; step_and_read %s\n",
                static_cast<long long>(finished1), one == two ? "agree" : "DIFFER", fused == one ? "agrees" : "DIFFERS");
    std::printf("run_random_games: %llu games, X won %llu, O won %llu, %llu draws\n",
                static_cast<unsigned long long>(totals.games), static_cast<unsigned long long>(totals.wins[0]),
                static_cast<unsigned long long>(totals.wins[1]), static_cast<unsigned long long>(totals.draws));
    const bool ok = !one.empty() && one == two && fused == one && finished1 == finished2 &&
                    finished_fused == finished1 && finished1 > 0 && totals.games == 10000;
    return ok ? 0 : 1;
}
