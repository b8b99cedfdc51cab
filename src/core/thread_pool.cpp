#include "core/thread_pool.hpp"

#include <algorithm>

namespace meeple {
namespace {

// Spinning briefly before sleeping keeps back-to-back batch calls from paying a futex
// wake-up each; the bound keeps an idle pool from burning a shared core.
constexpr int kSpins = 4000;

inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#else
    std::this_thread::yield();
#endif
}

template <class T>
void wait_while_equal(const std::atomic<T>& value, T old) {
    for (int i = 0; i < kSpins; ++i) {
        if (value.load(std::memory_order_acquire) != old) return;
        cpu_relax();
    }
    while (value.load(std::memory_order_acquire) == old) value.wait(old, std::memory_order_acquire);
}

}  // namespace

int ThreadPool::hardware_threads() {
    return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

ThreadPool::ThreadPool(int threads) : threads_(threads > 0 ? threads : hardware_threads()) {
    workers_.reserve(static_cast<std::size_t>(threads_ - 1));
    for (int part = 1; part < threads_; ++part) workers_.emplace_back([this, part] { worker_loop(part); });
}

ThreadPool::~ThreadPool() {
    stop_ = true;
    generation_.fetch_add(1, std::memory_order_release);
    generation_.notify_all();
    for (auto& t : workers_) t.join();
}

void ThreadPool::run_part(int part) const {
    if (part >= parts_) return;
    const std::size_t begin = n_ * static_cast<std::size_t>(part) / static_cast<std::size_t>(parts_);
    const std::size_t end = n_ * static_cast<std::size_t>(part + 1) / static_cast<std::size_t>(parts_);
    if (begin < end) task_(ctx_, begin, end, part);
}

void ThreadPool::dispatch(std::size_t n, int parts, Task task, void* ctx) {
    task_ = task;
    ctx_ = ctx;
    n_ = n;
    parts_ = parts;
    if (parts == 1) {  // nothing to hand out: skip the wake-up entirely
        run_part(0);
        return;
    }
    pending_.store(threads_ - 1, std::memory_order_relaxed);
    generation_.fetch_add(1, std::memory_order_release);
    generation_.notify_all();
    run_part(0);
    for (int left = pending_.load(std::memory_order_acquire); left != 0;
         left = pending_.load(std::memory_order_acquire)) {
        wait_while_equal(pending_, left);
    }
}

void ThreadPool::worker_loop(int part) {
    // Generation 0 is the pool's start; a job may be published before this thread runs.
    std::uint64_t seen = 0;
    for (;;) {
        wait_while_equal(generation_, seen);
        seen = generation_.load(std::memory_order_acquire);
        if (stop_) return;
        run_part(part);
        if (pending_.fetch_sub(1, std::memory_order_acq_rel) == 1) pending_.notify_one();
    }
}

}  // namespace meeple
