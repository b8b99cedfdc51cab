// A small work splitter for the poker calls: tasks 0..n-1 are taken in increasing order
// by up to `threads` workers (0 means one per hardware thread). Which worker runs a task
// never changes a result: callers give each task its own output and reduce in task order.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <stdexcept>
#include <thread>
#include <vector>

#include "core/error.hpp"
#include "core/thread_pool.hpp"  // MEEPLE_SINGLE_THREADED

namespace meeple::poker {

inline int resolve_threads(int threads) {
#if defined(MEEPLE_SINGLE_THREADED)
    (void)threads;
    return 1;  // the caller checked the count; the work runs on the calling thread
#endif
    if (threads > 0) return threads;
    const unsigned hw = std::thread::hardware_concurrency();
    return hw ? static_cast<int>(hw) : 1;
}

// The workers worth starting for `work` units when each should get at least
// `per_worker` of them: a thread costs tens of microseconds to start and join, more than
// a small call's whole work. Never more than resolve_threads(threads).
inline int threads_for_work(int threads, std::uint64_t work, std::uint64_t per_worker) {
    const std::uint64_t useful = std::max<std::uint64_t>(1, work / per_worker);
    return static_cast<int>(std::min<std::uint64_t>(static_cast<std::uint64_t>(resolve_threads(threads)), useful));
}

template <class F>
void parallel_for(std::size_t num_tasks, int threads, F&& task) {
    const std::size_t workers = std::min<std::size_t>(static_cast<std::size_t>(resolve_threads(threads)), num_tasks);
    if (workers <= 1) {
        for (std::size_t i = 0; i < num_tasks; ++i) task(i);
        return;
    }
    std::atomic<std::size_t> next{0};
    std::exception_ptr error;
    std::mutex error_mutex;
    auto work = [&] {
        try {
            for (std::size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < num_tasks;) task(i);
        } catch (...) {
            std::lock_guard<std::mutex> lock(error_mutex);
            if (!error) error = std::current_exception();
            next.store(num_tasks);
        }
    };
    std::vector<std::thread> pool;
    pool.reserve(workers - 1);
    for (std::size_t w = 1; w < workers; ++w) {
        try {
            pool.emplace_back(work);
        } catch (const std::exception& e) {
            // The OS refused a thread: stop the started ones (a joinable std::thread
            // destroyed during unwinding would terminate the process) and report it.
            next.store(num_tasks);
            for (std::thread& t : pool) t.join();
            fail(Status::out_of_memory, "could not start thread " + std::to_string(w + 1) + " of " +
                                            std::to_string(workers) + " (" + e.what() +
                                            "); pass fewer threads, or raise the process's memory or thread limit");
        }
    }
    work();
    for (std::thread& t : pool) t.join();
    if (error) std::rethrow_exception(error);
}

// Objects the tasks of one parallel_for reuse, about one a worker: a task takes a free
// one (null when none is, and it makes its own) and gives it back when done, so a run of
// many short tasks builds a few of them, not one a task.
template <class T>
class WorkerObjects {
public:
    std::unique_ptr<T> take() {
        std::lock_guard<std::mutex> lock(mutex_);
        if (free_.empty()) return nullptr;
        std::unique_ptr<T> object = std::move(free_.back());
        free_.pop_back();
        return object;
    }
    void give(std::unique_ptr<T> object) {
        std::lock_guard<std::mutex> lock(mutex_);
        free_.push_back(std::move(object));
    }
    // Every object given back; read once the run is over.
    const std::vector<std::unique_ptr<T>>& all() const { return free_; }

private:
    std::mutex mutex_;
    std::vector<std::unique_ptr<T>> free_;
};

}  // namespace meeple::poker
