#include "core/thread_pool.hpp"

#include <chrono>
#include <string>
#include <stdexcept>

#include "core/error.hpp"

namespace meeple {
namespace {

// How long a thread spins before it sleeps. Waking a sleeping thread is slow on
// virtual machines: measured on this project's 2-vCPU KVM machines, the futex wake
// costs the caller 12 us and the sleeper starts 30-70 us later, as long as a whole
// 4,096-slot tic-tac-toe step. A batch loop calls back within tens or hundreds of
// microseconds (the policy runs in between), so workers wait that long awake; the
// bound keeps an idle pool from burning a shared core (OpenMP's default spin is of
// the same order).
constexpr auto kSpinTime = std::chrono::microseconds(1000);
constexpr int kSpinsPerClockRead = 64;
constexpr std::size_t kChunksPerThread = 8;
constexpr std::uint64_t kField = 0xFFFF;

// n * c / chunks without overflow for any n (run_random_games takes 64-bit counts).
// With n = q * chunks + r: n * c / chunks = q * c + r * c / chunks, and r * c < chunks^2.
std::size_t bound(std::size_t n, std::uint64_t c, std::uint64_t chunks) {
    return static_cast<std::size_t>((n / chunks) * c + (n % chunks) * c / chunks);
}

inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#else
    std::this_thread::yield();
#endif
}

template <class T>
void wait_while_equal(const std::atomic<T>& value, T old) {
    const auto deadline = std::chrono::steady_clock::now() + kSpinTime;
    do {
        for (int i = 0; i < kSpinsPerClockRead; ++i) {
            if (value.load(std::memory_order_acquire) != old) return;
            cpu_relax();
        }
    } while (std::chrono::steady_clock::now() < deadline);
    while (value.load(std::memory_order_acquire) == old) value.wait(old, std::memory_order_acquire);
}

}  // namespace

int ThreadPool::hardware_threads() {
#if defined(MEEPLE_SINGLE_THREADED)
    return 1;
#endif
    return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

int ThreadPool::checked(int threads) {
    if (threads < 0 || threads > kMaxThreads) {
        fail(Status::invalid_argument, "threads is " + std::to_string(threads) +
                                           "; pass 0 (one per core) or a count from 1 to " +
                                           std::to_string(kMaxThreads));
    }
#if defined(MEEPLE_SINGLE_THREADED)
    return 1;
#else
    return threads > 0 ? threads : hardware_threads();
#endif
}

ThreadPool::ThreadPool(int threads)
    : threads_(checked(threads)), shares_(std::make_unique<Share[]>(static_cast<std::size_t>(threads_))) {
    workers_.reserve(static_cast<std::size_t>(threads_ - 1));
    for (int t = 1; t < threads_; ++t) {
        try {
            workers_.emplace_back([this, t] { worker_loop(t); });
        } catch (const std::exception& e) {
            // The OS refused a thread (a memory or process limit). The threads already
            // running must be stopped and joined: a joinable std::thread destroyed while
            // the exception unwinds would terminate the process.
            stop_workers();
            fail(Status::out_of_memory, "could not start thread " + std::to_string(t + 1) + " of " +
                                            std::to_string(threads_) + " (" + e.what() +
                                            "); pass fewer threads, or raise the process's memory or thread limit");
        }
    }
}

void ThreadPool::stop_workers() noexcept {
    stop_.store(true, std::memory_order_release);
    generation_.fetch_add(1, std::memory_order_release);
    generation_.notify_all();
    for (auto& t : workers_) t.join();
    workers_.clear();
}

ThreadPool::~ThreadPool() { stop_workers(); }

std::size_t ThreadPool::chunks_for(std::size_t n, std::size_t min_part) const {
    if (threads_ == 1) return 1;
    const std::size_t most = min_part ? n / min_part : n;
    const std::size_t cap = std::min<std::size_t>(kChunksPerThread * static_cast<std::size_t>(threads_), kField);
    return std::max<std::size_t>(1, std::min(most, cap));
}

void ThreadPool::work(int thread) {
    for (int k = 0; k < threads_; ++k) {
        std::atomic<std::uint64_t>& claim = shares_[static_cast<std::size_t>((thread + k) % threads_)].claim;
        std::uint64_t c = claim.load(std::memory_order_acquire);
        for (;;) {
            const std::uint64_t end = (c >> 16) & kField, next = c & kField;
            if (next >= end) break;
            if (!claim.compare_exchange_weak(c, c + 1, std::memory_order_acq_rel, std::memory_order_acquire)) continue;
            // The chunk is ours, so the job cannot end before we report it: its fields hold.
            const std::size_t chunks = chunks_;
            task_(ctx_, bound(n_, next, chunks), bound(n_, next + 1, chunks), thread);
            if (done_.fetch_add(1, std::memory_order_acq_rel) + 1 == chunks) done_.notify_one();
            c = claim.load(std::memory_order_acquire);
        }
    }
}

void ThreadPool::dispatch(std::size_t n, std::size_t chunks, Task task, void* ctx) {
    if (chunks <= 1) {  // nothing to hand out: skip the wake-up entirely
        if (n) task(ctx, 0, n, 0);
        return;
    }
    task_ = task;
    ctx_ = ctx;
    n_ = n;
    chunks_ = chunks;
    done_.store(0, std::memory_order_relaxed);
    const std::uint64_t job = std::uint64_t(++job_) << 32;
    for (int t = 0; t < threads_; ++t) {
        const std::uint64_t begin = bound(chunks, t, threads_), end = bound(chunks, t + 1, threads_);
        shares_[static_cast<std::size_t>(t)].claim.store(job | (end << 16) | begin, std::memory_order_release);
    }
    generation_.fetch_add(1, std::memory_order_release);
    generation_.notify_all();
    work(0);
    const auto total = static_cast<std::uint32_t>(chunks);
    for (std::uint32_t d = done_.load(std::memory_order_acquire); d != total; d = done_.load(std::memory_order_acquire)) {
        wait_while_equal(done_, d);
    }
}

void ThreadPool::worker_loop(int thread) {
    // Generation 0 is the pool's start; a job may be published before this thread runs.
    std::uint64_t seen = 0;
    for (;;) {
        wait_while_equal(generation_, seen);
        seen = generation_.load(std::memory_order_acquire);
        if (stop_.load(std::memory_order_acquire)) return;
        work(thread);
    }
}

}  // namespace meeple
