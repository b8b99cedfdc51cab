// Long calls under a control block: another thread's cancel request stops them within
// milliseconds with MEEPLE_ERR_CANCELLED and leaves every output as it was; progress
// rises towards the total while they run.
#include <atomic>
#include <chrono>
#include <cstring>
#include <thread>
#include <vector>

#include "check.hpp"
#include "meeple/meeple.h"

namespace {

using Clock = std::chrono::steady_clock;

std::uint64_t mask_of(const char* text) {
    std::uint64_t m = 0;
    meeple_poker_parse_mask(text, &m);
    return m;
}

std::uint64_t progress_of(meeple_control_t& c) {
    return std::atomic_ref<std::uint64_t>(c.progress).load(std::memory_order_relaxed);
}

// Runs `call` on a worker thread; once progress has moved (the call is under way),
// sets cancel and returns the call's status and the time from the request to the return.
template <class Call>
std::pair<meeple_status_t, double> cancel_midway(meeple_control_t& control, Call call) {
    std::atomic<meeple_status_t> status{1};
    std::atomic<bool> finished{false};
    Clock::time_point returned;
    std::thread worker([&] {
        status = call();
        returned = Clock::now();
        finished = true;
    });
    while (progress_of(control) == 0 && !finished) std::this_thread::yield();
    const Clock::time_point asked = Clock::now();
    std::atomic_ref<std::int32_t>(control.cancel).store(1, std::memory_order_relaxed);
    worker.join();
    return {status.load(), std::chrono::duration<double, std::milli>(returned - asked).count()};
}

}  // namespace

TEST(equity_stops_within_milliseconds_of_a_cancel_and_writes_nothing) {
    // Monte Carlo over 10^10 trials runs for minutes; exact PLO preflop for seconds.
    const std::uint64_t holdem[2] = {mask_of("As Ks"), mask_of("Qd Qc")};
    const std::uint64_t plo[3] = {mask_of("As Ks Qs Js"), mask_of("Ad Kd Qd Jd"), mask_of("2c 3c 4h 5h")};
    struct Case {
        int game;
        const std::uint64_t* hands;
        std::size_t n;
        int mode;
        std::uint64_t trials;
    };
    for (const Case& c : {Case{MEEPLE_POKER_HOLDEM, holdem, 2, MEEPLE_POKER_EQUITY_MONTE_CARLO, 10000000000ull},
                          Case{MEEPLE_POKER_PLO, plo, 3, MEEPLE_POKER_EQUITY_EXACT, 0}}) {
        meeple_control_t control{};
        control.struct_size = sizeof control;
        double win[3] = {-1, -1, -1}, tie[3] = {-1, -1, -1}, eq[3] = {-1, -1, -1}, se[3] = {-1, -1, -1};
        std::uint64_t count = 777;
        const auto [status, ms] = cancel_midway(control, [&] {
            return meeple_poker_equity(c.game, c.hands, c.n, 0, 0, c.mode, c.trials, 5, 2, win, tie, eq, se, &count,
                                       &control);
        });
        CHECK_EQ(status, MEEPLE_ERR_CANCELLED);
        CHECK(ms < 200);  // checked every 512 boards: a few ms, with room for a loaded machine
        CHECK(control.total > 0 && control.progress > 0 && control.progress < control.total);
        CHECK(count == 777);
        for (int i = 0; i < 3; ++i) CHECK(win[i] == -1 && tie[i] == -1 && eq[i] == -1 && se[i] == -1);
    }
}

TEST(random_games_stop_within_milliseconds_of_a_cancel_and_write_nothing) {
    meeple_game_t* game = nullptr;
    CHECK_EQ(meeple_game_new("catan", &game), MEEPLE_OK);
    meeple_control_t control{};
    control.struct_size = sizeof control;
    meeple_random_games_t stats{};
    stats.struct_size = sizeof stats;
    std::uint64_t wins[4] = {9, 9, 9, 9};
    const auto [status, ms] = cancel_midway(control, [&] {
        return meeple_run_random_games(game, 100000000, 1, 2, &stats, wins, 4, &control);
    });
    CHECK_EQ(status, MEEPLE_ERR_CANCELLED);
    CHECK(ms < 500);  // one Catan game at most per thread after the request
    CHECK_EQ(control.total, 100000000ull);
    CHECK(control.progress > 0 && control.progress < control.total);
    CHECK(stats.games == 0 && stats.moves == 0);
    for (std::uint64_t w : wins) CHECK_EQ(w, 9ull);
    meeple_game_free(game);
}

TEST(progress_rises_while_a_long_call_runs_and_ends_at_the_total) {
    meeple_game_t* game = nullptr;
    CHECK_EQ(meeple_game_new("tictactoe", &game), MEEPLE_OK);
    meeple_control_t control{};
    control.struct_size = sizeof control;
    meeple_random_games_t stats{};
    stats.struct_size = sizeof stats;
    std::uint64_t wins[2];
    std::vector<std::uint64_t> seen;
    std::atomic<bool> done{false};
    std::thread watcher([&] {
        while (!done) {
            seen.push_back(progress_of(control));
            std::this_thread::sleep_for(std::chrono::microseconds(200));
        }
    });
    CHECK_EQ(meeple_run_random_games(game, 400000, 3, 2, &stats, wins, 2, &control), MEEPLE_OK);
    done = true;
    watcher.join();
    CHECK_EQ(control.progress, 400000ull);
    CHECK_EQ(control.total, 400000ull);
    for (std::size_t i = 1; i < seen.size(); ++i) CHECK(seen[i - 1] <= seen[i]);  // never goes back
    meeple_game_free(game);
}
