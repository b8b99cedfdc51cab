// Steps and reads of a batch allocate nothing. This file replaces the global operator
// new of the test binary with one that counts, but only while a test turns counting
// on, so the other tests in the binary are not affected.
#include <atomic>
#include <cstdlib>
#include <new>
#include <vector>

#include "batch_specs.hpp"
#include "check.hpp"
#include "core/batch.hpp"
#include "core/registry.hpp"
#include "meeple/meeple.h"

namespace {

std::atomic<bool> g_counting{false};
std::atomic<long> g_allocations{0};

void* counted_alloc(std::size_t size, std::size_t align) {
    if (g_counting.load(std::memory_order_relaxed)) g_allocations.fetch_add(1, std::memory_order_relaxed);
    if (size == 0) size = 1;
    void* p = align <= alignof(std::max_align_t) ? std::malloc(size)
                                                 : std::aligned_alloc(align, (size + align - 1) / align * align);
    if (!p) throw std::bad_alloc();
    return p;
}

void* counted_alloc_or_null(std::size_t size, std::size_t align) noexcept {
    try {
        return counted_alloc(size, align);
    } catch (const std::bad_alloc&) {
        return nullptr;
    }
}

// Counts allocations made by any thread while `body` runs.
template <class F>
long allocations_during(F&& body) {
    g_allocations.store(0);
    g_counting.store(true);
    body();
    g_counting.store(false);
    return g_allocations.load();
}

}  // namespace

void* operator new(std::size_t size) { return counted_alloc(size, 0); }
void* operator new[](std::size_t size) { return counted_alloc(size, 0); }
void* operator new(std::size_t size, std::align_val_t a) { return counted_alloc(size, static_cast<std::size_t>(a)); }
void* operator new[](std::size_t size, std::align_val_t a) { return counted_alloc(size, static_cast<std::size_t>(a)); }
// Every form, nothrow included: a form left to the runtime (or a sanitizer) would
// allocate memory that the deletes below free with std::free.
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return counted_alloc_or_null(size, 0); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept { return counted_alloc_or_null(size, 0); }
void* operator new(std::size_t size, std::align_val_t a, const std::nothrow_t&) noexcept {
    return counted_alloc_or_null(size, static_cast<std::size_t>(a));
}
void* operator new[](std::size_t size, std::align_val_t a, const std::nothrow_t&) noexcept {
    return counted_alloc_or_null(size, static_cast<std::size_t>(a));
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }

using namespace meeple;

TEST(batch_alloc_counter_sees_an_allocation) {
    // The counter itself works: a vector made while counting is seen.
    const long n = allocations_during([] { std::vector<int> v(100); (void)v; });
    CHECK(n >= 1);
}

TEST(batch_alloc_steps_and_reads_allocate_nothing_at_any_thread_count) {
    for (const std::string& spec : test::batch_specs()) {
        auto g = make_game(spec);
        for (int threads : {1, 2, 4}) {
            Batch b(g, 256, 5, threads);
            const std::size_t n = b.size();
            std::vector<std::int32_t> actions(n), ints(n * kStatusInts), actors(n), viewers(n, kViewPublic),
                episodes(n * kEpisodeInts);
            std::vector<std::uint8_t> dones(n), dense(n * g->num_actions()), snap(n * b.snapshot_bytes());
            std::vector<std::uint64_t> masks(n * g->mask_words());
            std::vector<float> obs(n * g->obs_size()), rewards(n * g->num_players()), returns(n * g->num_players());
            std::vector<std::int64_t> illegal(n);
            Rng rng = Rng::from_seed(1);
            long total = 0;
            for (int step = 0; step < 50; ++step) {
                // Actions drawn outside the counted region: a quarter are illegal.
                b.write_masks(masks.data());
                for (std::size_t i = 0; i < n; ++i) {
                    actions[i] = static_cast<std::int32_t>(rng.below(static_cast<std::uint32_t>(g->num_actions() + 2))) - 1;
                }
                total += allocations_during([&] {
                (step % 2 ? b.step_autoreset(actions.data(), dones.data()) : b.step(actions.data(), dones.data()));
                    b.step_and_read(actions.data(), dones.data(), step % 2 == 0, masks.data(), obs.data());
                    b.write_masks(masks.data());
                    b.write_dense_masks(dense.data());
                    b.write_actors(actors.data());
                    b.write_status(ints.data());
                    b.write_observations(obs.data());
                    b.write_observations(viewers.data(), obs.data());
                    b.write_rewards(rewards.data());
                    b.write_episodes(episodes.data(), returns.data());
                    b.write_illegal_counts(illegal.data());
                    b.snapshot(snap.data());
                });
            }
            CHECK_EQ(total, 0L);
        }
    }
}

TEST(batch_alloc_c_calls_of_steps_and_reads_allocate_nothing) {
    meeple_game_t* game = nullptr;
    meeple_batch_t* batch = nullptr;
    CHECK_EQ(meeple_game_new("tictactoe", &game), MEEPLE_OK);
    CHECK_EQ(meeple_batch_new(game, 64, 1, 2, &batch), MEEPLE_OK);
    std::vector<std::int32_t> actions(64, 4), ints(64 * MEEPLE_BATCH_STATUS_INTS);
    std::vector<std::uint8_t> dones(64);
    std::vector<std::uint64_t> masks(64);
    std::vector<float> obs(64 * 29), rewards(128);
    const long n = allocations_during([&] {
        meeple_batch_step_autoreset(batch, actions.data(), 64, dones.data());
        meeple_batch_step(batch, actions.data(), 64, dones.data());  // all illegal: occupied
        meeple_batch_write_masks(batch, masks.data(), masks.size());
        meeple_batch_step_and_read(batch, actions.data(), 64, 1, dones.data(), masks.data(), masks.size(), obs.data(),
                                   obs.size());
        meeple_batch_write_status(batch, ints.data(), ints.size());
        meeple_batch_write_observations(batch, obs.data(), obs.size());
        meeple_batch_write_rewards(batch, rewards.data(), rewards.size());
    });
    CHECK_EQ(n, 0L);
    meeple_batch_free(batch);
    meeple_game_free(game);
}
