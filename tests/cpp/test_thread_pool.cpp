// The thread pool runs a fixed partition of [0, n): every index exactly once, in
// contiguous chunks whose bounds depend only on n, the pool size and the minimum chunk.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "check.hpp"
#include "core/error.hpp"
#include "core/thread_pool.hpp"

#if defined(__linux__)
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

using namespace meeple;

namespace {

// Runs the pool over n indices and returns how often each index was visited.
std::vector<int> visits(ThreadPool& pool, std::size_t n, std::size_t min_part) {
    std::vector<int> count(n, 0);
    auto body = [&](std::size_t b, std::size_t e, int) {
        for (std::size_t i = b; i < e; ++i) ++count[i];
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

TEST(thread_pool_chunks_are_contiguous_and_follow_the_formula) {
    ThreadPool pool(3);
    CHECK_EQ(pool.chunks_for(1000, 1), 24u);  // 8 a thread
    CHECK_EQ(pool.chunks_for(1000, 100), 10u);
    CHECK_EQ(pool.chunks_for(10, 32), 1u);
    CHECK_EQ(ThreadPool(1).chunks_for(1000, 1), 1u);
    std::vector<std::pair<std::size_t, std::size_t>> seen;
    std::atomic<int> lock{0};
    auto body = [&](std::size_t b, std::size_t e, int thread) {
        CHECK(thread >= 0 && thread < 3);
        while (lock.exchange(1)) {}
        seen.emplace_back(b, e);
        lock.store(0);
    };
    pool.run(1000, 100, body);
    std::sort(seen.begin(), seen.end());
    CHECK_EQ(seen.size(), 10u);
    for (std::size_t c = 0; c < seen.size(); ++c) {
        CHECK_EQ(seen[c].first, 1000 * c / 10);
        CHECK_EQ(seen[c].second, 1000 * (c + 1) / 10);
    }
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

TEST(thread_pool_rejects_negative_and_absurd_thread_counts) {
    CHECK_THROWS_STATUS(ThreadPool(-1), Status::invalid_argument);
    CHECK_THROWS_STATUS(ThreadPool(ThreadPool::kMaxThreads + 1), Status::invalid_argument);
}

TEST(thread_pool_chunk_bounds_do_not_overflow_for_huge_counts) {
    ThreadPool pool(2);
    const std::size_t n = (std::size_t(1) << 63) + 5;  // n * 3 overflows 64 bits
    std::size_t covered = 0;
    std::atomic<int> lock{0};
    auto body = [&](std::size_t b, std::size_t e, int) {
        while (lock.exchange(1)) {}
        covered += e - b;  // no work: only the bounds are checked
        lock.store(0);
    };
    pool.run(n, n / 4, body);
    CHECK_EQ(covered, n);
}

TEST(thread_pool_zero_threads_means_one_per_hardware_thread) {
    ThreadPool pool(0);
    CHECK_EQ(pool.threads(), ThreadPool::hardware_threads());
    CHECK(pool.threads() >= 1);
}

TEST(thread_pool_threads_take_over_the_share_of_a_thread_that_stalls) {
    // Thread 1 stalls in its first chunk until every other chunk is done (or 5 s pass),
    // so thread 0 must run its own share and all the rest of thread 1's.
    ThreadPool pool(2);
    const std::size_t chunks = pool.chunks_for(1000, 1);
    std::atomic<std::size_t> finished{0};
    std::atomic<int> by_caller{0};
    std::vector<int> count(1000, 0);
    auto body = [&](std::size_t b, std::size_t e, int thread) {
        if (thread == 1) {
            const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
            while (finished.load() + 1 < chunks && std::chrono::steady_clock::now() < deadline) std::this_thread::yield();
        } else {
            by_caller.fetch_add(1);
        }
        for (std::size_t i = b; i < e; ++i) ++count[i];
        finished.fetch_add(1);
    };
    pool.run(1000, 1, body);
    for (int c : count) CHECK_EQ(c, 1);
    CHECK(by_caller.load() >= static_cast<int>(chunks) - 1);
}

#if defined(__linux__)
namespace {

// The process's address space in bytes (VmSize), 0 if unknown.
long long address_space() {
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);) {
        if (line.rfind("VmSize:", 0) == 0) return std::stoll(line.substr(7)) * 1024;
    }
    return 0;
}

}  // namespace

TEST(thread_pool_that_cannot_start_a_thread_stops_the_others_and_reports_it) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    std::puts("  (skipped: sanitizers reserve address space, so an address-space limit cannot be set)");
#else
    // In a child process, cap the address space at what it uses plus 256 MiB: 256
    // threads' stacks need 2 GiB, so a thread start fails part way. The pool must stop
    // and join the threads it started and throw out_of_memory (the child exits 0);
    // before the fix the process died in std::terminate.
    std::fflush(nullptr);
    const pid_t child = fork();
    if (child == 0) {
        const rlimit cap{static_cast<rlim_t>(address_space() + (256ll << 20)), static_cast<rlim_t>(address_space() + (256ll << 20))};
        if (setrlimit(RLIMIT_AS, &cap) != 0) _exit(3);
        int code = 1;
        try {
            ThreadPool pool(ThreadPool::kMaxThreads);
            code = 2;  // every thread started: the limit did not bite
        } catch (const Error& e) {
            const bool says = std::string(e.what()).find("pass fewer threads") != std::string::npos;
            code = e.status() == Status::out_of_memory && says ? 0 : 4;
        }
        _exit(code);
    }
    int status = 0;
    CHECK(waitpid(child, &status, 0) == child);
    CHECK(WIFEXITED(status));
    CHECK_EQ(WEXITSTATUS(status), 0);
#endif
}
#endif
