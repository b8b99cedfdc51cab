// One batch, one call at a time: a second thread's call on a batch in use returns
// MEEPLE_ERR_BUSY and does nothing, so sharing a batch between threads can never
// corrupt it.
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

bool busy(InUse& flag) {
    try {
        const UseGuard g(flag, "batch");
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

TEST(in_use_flag_is_held_for_one_call_at_a_time) {
    InUse flag;
    CHECK(!busy(flag));  // free, and free again after that call
    {
        const UseGuard call(flag, "batch");
        CHECK(busy(flag));
        CHECK(busy(flag));  // a refused call does not release the holder's flag
    }
    CHECK(!busy(flag));
}

TEST(busy_message_says_what_to_do) {
    InUse flag;
    const UseGuard w(flag, "batch");
    try {
        const UseGuard again(flag, "batch");
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
    const std::size_t n = 256;
    meeple_batch_t* shared = nullptr;
    meeple_batch_t* alone = nullptr;
    CHECK_EQ(meeple_batch_new(game, n, 7, 2, &shared), MEEPLE_OK);
    CHECK_EQ(meeple_batch_new(game, n, 7, 1, &alone), MEEPLE_OK);

    // The stepper makes `steps` successful steps; a reader hammers the same batch with
    // reads meanwhile. Every call must give OK or BUSY, and some must give BUSY.
    const int steps = 150;
    std::atomic<bool> done{false};
    std::atomic<long> reader_busy{0}, reader_other{0}, reader_calls{0};
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
            ++reader_calls;
        }
    });
    while (reader_calls.load() == 0) std::this_thread::yield();  // both threads are running
    Stepper a(shared, n, info.mask_words);
    while (!a.prime()) {}
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    int made = 0;  // a sanitizer build may reach the deadline first: compare what was made
    // Until the steps are made and (on a busy machine the threads may take turns for a
    // while) the two calls have met at least once.
    while ((made < steps || reader_busy.load() + stepper_busy == 0) && std::chrono::steady_clock::now() < deadline) {
        const meeple_status_t s = a.step();
        if (s == MEEPLE_OK) ++made;
        else if (s == MEEPLE_ERR_BUSY) ++stepper_busy;
        else ++stepper_other;
    }
    done = true;
    reader.join();
    CHECK_EQ(reader_other.load(), 0);
    CHECK_EQ(stepper_other, 0);
    CHECK(made > 0);
    CHECK(reader_busy.load() + stepper_busy > 0);

    // The same steps alone give the same bytes: nothing the reader did got in.
    Stepper b(alone, n, info.mask_words);
    CHECK(b.prime());
    for (int k = 0; k < made; ++k) CHECK_EQ(b.step(), MEEPLE_OK);
    CHECK(batch_snapshot(shared, n * info.snapshot_size) == batch_snapshot(alone, n * info.snapshot_size));

    meeple_batch_free(shared);
    meeple_batch_free(alone);
    meeple_game_free(game);
}
