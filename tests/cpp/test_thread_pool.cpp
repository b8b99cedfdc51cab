// The thread pool runs a fixed partition of [0, n): every index exactly once, in
// contiguous parts whose bounds depend only on n and the part count.
#include <atomic>
#include <vector>

#include "check.hpp"
#include "core/thread_pool.hpp"

using namespace meeple;

namespace {

// Runs the pool over n indices and returns how often each index was visited, and by
// which part.
std::vector<int> visits(ThreadPool& pool, std::size_t n, std::size_t min_part, std::vector<int>* part_of = nullptr) {
    std::vector<int> count(n, 0);
    if (part_of) part_of->assign(n, -1);
    auto body = [&](std::size_t b, std::size_t e, int part) {
        for (std::size_t i = b; i < e; ++i) {
            ++count[i];
            if (part_of) (*part_of)[i] = part;
        }
    };
    pool.run(n, min_part, body);
    return count;
}

}  // namespace

TEST(thread_pool_visits_every_index_exactly_once) {
    for (int threads : {1, 2, 3, 8}) {
        ThreadPool pool(threads);
        CHECK_EQ(pool.threads(), threads);
        for (std::size_t n : {0u, 1u, 2u, 7u, 64u, 1000u}) {
            for (std::size_t min_part : {0u, 1u, 32u}) {
                const std::vector<int> count = visits(pool, n, min_part);
                for (int c : count) CHECK_EQ(c, 1);
            }
        }
    }
}

TEST(thread_pool_parts_are_contiguous_and_follow_the_formula) {
    ThreadPool pool(3);
    std::vector<int> part_of;
    visits(pool, 10, 1, &part_of);
    // parts = 3: [0, 3), [3, 6), [6, 10)
    const std::vector<int> want = {0, 0, 0, 1, 1, 1, 2, 2, 2, 2};
    CHECK(part_of == want);
    // min_part 4 allows only 10 / 4 = 2 parts: [0, 5), [5, 10)
    visits(pool, 10, 4, &part_of);
    const std::vector<int> two = {0, 0, 0, 0, 0, 1, 1, 1, 1, 1};
    CHECK(part_of == two);
}

TEST(thread_pool_runs_parts_on_distinct_threads_and_survives_many_runs) {
    ThreadPool pool(2);
    std::atomic<long> total{0};
    for (int round = 0; round < 2000; ++round) {
        auto body = [&](std::size_t b, std::size_t e, int) { total.fetch_add(static_cast<long>(e - b)); };
        pool.run(100, 1, body);
    }
    CHECK_EQ(total.load(), 200000L);
}

TEST(thread_pool_zero_threads_means_one_per_hardware_thread) {
    ThreadPool pool(0);
    CHECK_EQ(pool.threads(), ThreadPool::hardware_threads());
    CHECK(pool.threads() >= 1);
}
