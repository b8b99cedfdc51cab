// One call at a time on a batch. A batch's calls share its thread pool and scratch
// space, so two threads calling one batch at once would corrupt memory. Each batch
// carries an in-use flag; every call takes it for its duration through a UseGuard, and
// a call that finds it taken returns MEEPLE_ERR_BUSY having done nothing. This
// protects every binding, whatever its own locking: a Python program that shares a
// Batch between threads (batch calls release the GIL) gets an error, never a corrupted
// heap. States carry no flag: their calls take tens of nanoseconds, of which an atomic
// flag would cost about 9 (measured), and the Python binding keeps the GIL in every
// call that touches a state.
#pragma once

#include <atomic>
#include <string>

#include "core/error.hpp"

namespace meeple::capi {

class InUse {
public:
    bool try_take() noexcept { return !taken_.exchange(true, std::memory_order_acquire); }
    void release() noexcept { taken_.store(false, std::memory_order_release); }

private:
    std::atomic<bool> taken_{false};
};

// Holds a handle's flag for the life of a call; throws Error(busy) when another
// thread's call holds it.
class UseGuard {
public:
    UseGuard(InUse& flag, const char* handle) : flag_(flag) {
        if (flag.try_take()) return;
        fail(Status::busy, std::string("this ") + handle +
                               " is in use by a call on another thread; a handle serves one thread at a "
                               "time: give each thread its own " + handle + ", or wait for the other call to return");
    }
    ~UseGuard() { flag_.release(); }
    UseGuard(const UseGuard&) = delete;
    UseGuard& operator=(const UseGuard&) = delete;

private:
    InUse& flag_;
};

}  // namespace meeple::capi
