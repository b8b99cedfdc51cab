// One handle, one call at a time: a second thread's call on a handle in use returns
// MEEPLE_ERR_BUSY and does nothing, so sharing a batch between threads can never
// corrupt it; readers of a state may share it, a writer holds it alone.
#include <atomic>
#include <chrono>
#include <cstring>
#include <thread>
#include <vector>

#include "capi/in_use.hpp"
#include "check.hpp"
#include "meeple/meeple.h"

using namespace meeple;
using namespace meeple::capi;

namespace {

bool busy(InUse& word, UseGuard::Mode mode) {
    try {
        const UseGuard g(word, mode, "handle");
    } catch (const Error& e) {
        return e.status() == Status::busy;
    }
    return false;
}

// The stepping thread's loop: each step plays every slot's lowest legal action (from
// the masks its previous step returned) and autoresets, so its k-th successful step is
// the same whatever other threads did in between, if they could not get in.
struct Stepper {
    meeple_batch_t* batch;
    std::size_t n;
    int words;
    std::vector<std::uint64_t> masks;
    std::vector<std::int32_t> actions;
    std::vector<std::uint8_t> dones;

    Stepper(meeple_batch_t* b, std::size_t slots, int mask_words)
        : batch(b), n(slots), words(mask_words), masks(slots * static_cast<std::size_t>(mask_words)),
          actions(slots), dones(slots) {}

    bool prime() { return meeple_batch_write_masks(batch, masks.data(), masks.size()) == MEEPLE_OK; }

    // Returns the call's status; on MEEPLE_OK the masks are those after the step.
    meeple_status_t step() {
        for (std::size_t i = 0; i < n; ++i) {
            actions[i] = MEEPLE_NO_ACTION;
            for (int w = 0; w < words; ++w) {
                const std::uint64_t m = masks[i * static_cast<std::size_t>(words) + static_cast<std::size_t>(w)];
                if (m) {
                    actions[i] = w * 64 + __builtin_ctzll(m);
                    break;
                }
            }
        }
        return meeple_batch_step_and_read(batch, actions.data(), n, 1, dones.data(), masks.data(), masks.size(),
                                          nullptr, 0);
    }
};

std::vector<std::uint8_t> batch_snapshot(meeple_batch_t* b, std::size_t bytes) {
    std::vector<std::uint8_t> out(bytes);
    while (meeple_batch_snapshot(b, out.data(), out.size()) == MEEPLE_ERR_BUSY) {}
    return out;
}

}  // namespace

TEST(in_use_word_lets_readers_share_and_a_writer_hold_alone) {
    InUse word;
    {
        const UseGuard r1(word, UseGuard::shared, "state");
        const UseGuard r2(word, UseGuard::shared, "state");
        CHECK(busy(word, UseGuard::exclusive));
    }
    {
        const UseGuard w(word, UseGuard::exclusive, "state");
        CHECK(busy(word, UseGuard::shared));
        CHECK(busy(word, UseGuard::exclusive));
    }
    CHECK(!busy(word, UseGuard::exclusive));  // released: free again
    CHECK(!busy(word, UseGuard::shared));
}

TEST(busy_message_says_what_to_do) {
    InUse word;
    const UseGuard w(word, UseGuard::exclusive, "batch");
    try {
        const UseGuard again(word, UseGuard::exclusive, "batch");
        CHECK(false);
    } catch (const Error& e) {
        const std::string m = e.what();
        CHECK(m.find("in use by a call on another thread") != std::string::npos);
        CHECK(m.find("its own batch") != std::string::npos);
    }
}

TEST(a_batch_shared_by_two_threads_gives_busy_and_is_never_corrupted) {
    meeple_game_t* game = nullptr;
    CHECK_EQ(meeple_game_new("catan", &game), MEEPLE_OK);
    meeple_game_info_t info{};
    info.struct_size = sizeof info;
    meeple_game_info(game, &info);
    const std::size_t n = 512;
    meeple_batch_t* shared = nullptr;
    meeple_batch_t* alone = nullptr;
    CHECK_EQ(meeple_batch_new(game, n, 7, 2, &shared), MEEPLE_OK);
    CHECK_EQ(meeple_batch_new(game, n, 7, 1, &alone), MEEPLE_OK);

    // The stepper makes `steps` successful steps; a reader hammers the same batch with
    // reads meanwhile. Every call must give OK or BUSY, and some must give BUSY.
    const int steps = 200;
    std::atomic<bool> done{false};
    std::atomic<long> reader_busy{0}, reader_other{0};
    long stepper_busy = 0, stepper_other = 0;
    std::thread reader([&] {
        std::vector<std::uint64_t> masks(n * static_cast<std::size_t>(info.mask_words));
        std::vector<float> obs(n * static_cast<std::size_t>(info.obs_size));
        std::vector<std::uint8_t> snap(n * info.snapshot_size);
        for (int k = 0; !done.load(); ++k) {
            meeple_status_t s = k % 3 == 0   ? meeple_batch_write_masks(shared, masks.data(), masks.size())
                                : k % 3 == 1 ? meeple_batch_write_observations(shared, obs.data(), obs.size())
                                             : meeple_batch_snapshot(shared, snap.data(), snap.size());
            if (s == MEEPLE_ERR_BUSY) ++reader_busy;
            else if (s != MEEPLE_OK) ++reader_other;
        }
    });
    Stepper a(shared, n, info.mask_words);
    while (!a.prime()) {}
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    for (int made = 0; made < steps && std::chrono::steady_clock::now() < deadline;) {
        const meeple_status_t s = a.step();
        if (s == MEEPLE_OK) ++made;
        else if (s == MEEPLE_ERR_BUSY) ++stepper_busy;
        else ++stepper_other;
    }
    done = true;
    reader.join();
    CHECK_EQ(reader_other.load(), 0);
    CHECK_EQ(stepper_other, 0);
    CHECK(reader_busy.load() + stepper_busy > 0);

    // The same steps alone give the same bytes: nothing the reader did got in.
    Stepper b(alone, n, info.mask_words);
    CHECK(b.prime());
    for (int k = 0; k < steps; ++k) CHECK_EQ(b.step(), MEEPLE_OK);
    CHECK(batch_snapshot(shared, n * info.snapshot_size) == batch_snapshot(alone, n * info.snapshot_size));

    meeple_batch_free(shared);
    meeple_batch_free(alone);
    meeple_game_free(game);
}

TEST(a_state_being_written_gives_busy_to_readers_on_other_threads) {
    meeple_game_t* game = nullptr;
    CHECK_EQ(meeple_game_new("tictactoe", &game), MEEPLE_OK);
    meeple_state_t* state = nullptr;
    CHECK_EQ(meeple_state_new(game, 1, &state), MEEPLE_OK);
    // Two threads play the one state: each apply and each read gives OK, BUSY, or (a
    // move the other thread already made) ILLEGAL_ACTION / WRONG_STATE; never anything
    // else, and the game ends as a legal tic-tac-toe game.
    std::atomic<long> busy_seen{0}, bad{0};
    auto play = [&] {
        for (int k = 0; k < 20000; ++k) {
            int32_t actions[9];
            size_t len = 0;
            meeple_status_t s = meeple_state_legal_actions(state, MEEPLE_ACTING_PLAYER, actions, 9, &len);
            if (s == MEEPLE_ERR_BUSY) { ++busy_seen; continue; }
            if (s != MEEPLE_OK) { ++bad; continue; }
            if (len == 0) {  // over: start again from the initial position
                meeple_state_t* fresh = nullptr;
                meeple_state_new(game, static_cast<uint64_t>(k), &fresh);
                s = meeple_state_copy(state, fresh);
                meeple_state_free(fresh);
                if (s == MEEPLE_ERR_BUSY) ++busy_seen;
                else if (s != MEEPLE_OK) ++bad;
                continue;
            }
            s = meeple_state_apply(state, MEEPLE_ACTING_PLAYER, actions[0]);
            if (s == MEEPLE_ERR_BUSY) ++busy_seen;
            else if (s != MEEPLE_OK && s != MEEPLE_ERR_ILLEGAL_ACTION && s != MEEPLE_ERR_WRONG_STATE) ++bad;
        }
    };
    std::thread other(play);
    play();
    other.join();
    CHECK_EQ(bad.load(), 0);
    meeple_state_free(state);
    meeple_game_free(game);
}
