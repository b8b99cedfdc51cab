// A small persistent pool of worker threads that runs a fixed partition of [0, n) into
// chunks and waits. Chunk bounds depend only on n, the pool size and the minimum chunk.
// Each thread owns a contiguous share of the chunks and runs it first, so from call to
// call a thread touches the same slots and finds them in its own cache (with chunks
// claimed first come, first served, records moved between cores on every call: a
// 4,096-slot tic-tac-toe step scaled 1.3x on two cores instead of 1.7x). A thread that
// is done then takes chunks left in the others' shares, so one the OS has descheduled
// delays no one. Since the work on a slot depends only on that slot, the results never
// depend on which thread ran which chunk. A run allocates nothing: the task travels as
// a function pointer and a context.
#pragma once

// MEEPLE_SINGLE_THREADED (set by the WebAssembly build, tools/build_wasm.sh, and implied
// by emscripten without -pthread): the library never starts a thread. Any thread count
// is still checked, then runs on the caller alone; since no result depends on the
// thread count, results are unchanged.
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__) && !defined(MEEPLE_SINGLE_THREADED)
#define MEEPLE_SINGLE_THREADED 1
#endif

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

namespace meeple {

class ThreadPool {
public:
    static constexpr int kMaxThreads = 256;

    // Starts threads - 1 workers; the calling thread is the first of the `threads`.
    // threads == 0 means one per hardware thread. Throws Error (invalid_argument) for
    // a count below 0 or above kMaxThreads, and Error (out_of_memory) when the OS
    // refuses a thread, after stopping the ones already started.
    explicit ThreadPool(int threads);
    ~ThreadPool();
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    int threads() const { return threads_; }

    // Hardware threads of this machine (at least 1).
    static int hardware_threads();

    // The number of chunks a run of n items is cut into: one when the pool has one
    // thread, else up to 8 a thread, each of at least min_part items (at least 1 chunk).
    std::size_t chunks_for(std::size_t n, std::size_t min_part) const;

    // Calls body(begin, end, thread) on each chunk of [0, n) and returns when all are
    // done. Chunk c is [n * c / chunks, n * (c + 1) / chunks); thread t's share is
    // chunks [chunks * t / threads, chunks * (t + 1) / threads). `thread` (0 for the
    // caller, up to threads() - 1) names the thread running a chunk, for per-thread
    // scratch space. `body` must not throw. Not reentrant: one run at a time per pool.
    template <class Body>
    void run(std::size_t n, std::size_t min_part, Body& body) {
        dispatch(n, chunks_for(n, min_part), [](void* ctx, std::size_t b, std::size_t e, int thread) {
            (*static_cast<Body*>(ctx))(b, e, thread);
        }, &body);
    }

private:
    using Task = void (*)(void* ctx, std::size_t begin, std::size_t end, int thread);

    static int checked(int threads);
    // Wakes every worker with the stop flag set and joins it.
    void stop_workers() noexcept;
    void dispatch(std::size_t n, std::size_t chunks, Task task, void* ctx);
    void worker_loop(int thread);
    // Claims and runs chunks of the published job, its own share first, until none is left.
    void work(int thread);

    // A thread's share of the current job, on its own cache line. Claim word: job number
    // (high 32 bits), end of the share (16), next chunk to claim (low 16). The job number
    // keeps a word left from an earlier job from ever matching a new one.
    struct alignas(64) Share {
        std::atomic<std::uint64_t> claim{0};
    };

    int threads_;
    std::vector<std::thread> workers_;
    // The job. Written by the caller before it publishes the claim words; read by a
    // worker only after it has claimed a chunk, when the job cannot end under it.
    Task task_ = nullptr;
    void* ctx_ = nullptr;
    std::size_t n_ = 0;
    std::size_t chunks_ = 0;
    // Atomic: a worker that claimed nothing in the last job has no other ordering with
    // the destructor.
    std::atomic<bool> stop_{false};
    std::uint32_t job_ = 0;
    std::unique_ptr<Share[]> shares_;  // one a thread
    std::atomic<std::uint32_t> done_{0};        // chunks finished in the current job
    std::atomic<std::uint64_t> generation_{0};  // bumped to wake sleeping workers
};

}  // namespace meeple
