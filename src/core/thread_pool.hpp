// A small persistent pool of worker threads that runs one fixed partition of [0, n)
// and waits. Parts are contiguous and depend only on n and the part count, and the
// work on a slot depends only on that slot, so results never depend on the pool.
// A call allocates nothing: the task travels as a function pointer and a context.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <thread>
#include <vector>

namespace meeple {

class ThreadPool {
public:
    // Starts threads - 1 workers; the calling thread is the first of the `threads`.
    // threads == 0 means one per hardware thread.
    explicit ThreadPool(int threads);
    ~ThreadPool();
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    int threads() const { return threads_; }

    // Hardware threads of this machine (at least 1).
    static int hardware_threads();

    // Calls body(begin, end, part) on parts of [0, n) and returns when all are done.
    // Part p is [n * p / parts, n * (p + 1) / parts) with parts = min(threads, n /
    // min_part) (at least 1); part 0 runs on the calling thread. `body` must not throw.
    // Not reentrant: one run at a time per pool.
    template <class Body>
    void run(std::size_t n, std::size_t min_part, Body& body) {
        const std::size_t most = min_part ? n / min_part : n;
        const int parts = static_cast<int>(std::max<std::size_t>(1, std::min<std::size_t>(threads_, most)));
        dispatch(n, parts, [](void* ctx, std::size_t b, std::size_t e, int p) {
            (*static_cast<Body*>(ctx))(b, e, p);
        }, &body);
    }

private:
    using Task = void (*)(void* ctx, std::size_t begin, std::size_t end, int part);

    void dispatch(std::size_t n, int parts, Task task, void* ctx);
    void worker_loop(int part);
    void run_part(int part) const;

    int threads_;
    std::vector<std::thread> workers_;
    // The job, published by a release increment of generation_.
    Task task_ = nullptr;
    void* ctx_ = nullptr;
    std::size_t n_ = 0;
    int parts_ = 1;
    bool stop_ = false;
    std::atomic<std::uint64_t> generation_{0};
    std::atomic<int> pending_{0};  // workers that have not finished the current job
};

}  // namespace meeple
