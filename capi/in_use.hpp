// One call at a time on a handle. A batch's calls share its thread pool and scratch
// space, and a state's writes race with its reads, so two threads using one handle at
// once could corrupt memory. Every handle carries an in-use word; each call takes it
// for its duration through a UseGuard, and a call that finds it taken returns
// MEEPLE_ERR_BUSY having done nothing. This protects every binding, whatever its own
// locking: a Python program that shares a Batch between threads gets an error, never a
// corrupted heap.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "core/error.hpp"

namespace meeple::capi {

// The in-use word: kOwned while a call that writes (or, for a batch, any call) holds
// it, else the number of calls reading it.
class InUse {
public:
    bool try_own() noexcept {
        std::uint32_t idle = 0;
        return word_.compare_exchange_strong(idle, kOwned, std::memory_order_acquire, std::memory_order_relaxed);
    }
    // Subtracts rather than stores 0: a reader that is backing off may still hold a count.
    void release_own() noexcept { word_.fetch_sub(kOwned, std::memory_order_release); }

    bool try_share() noexcept {
        if (word_.fetch_add(1, std::memory_order_acquire) & kOwned) {
            word_.fetch_sub(1, std::memory_order_relaxed);
            return false;
        }
        return true;
    }
    void release_share() noexcept { word_.fetch_sub(1, std::memory_order_release); }

private:
    static constexpr std::uint32_t kOwned = 1u << 31;
    std::atomic<std::uint32_t> word_{0};
};

// Holds a handle's in-use word for the life of a call. Throws Error(busy) when another
// thread holds it in a way that excludes this call.
class UseGuard {
public:
    enum Mode { exclusive, shared };

    UseGuard(InUse& word, Mode mode, const char* handle) : word_(word), mode_(mode) {
        if (mode == exclusive ? word.try_own() : word.try_share()) return;
        fail(Status::busy, std::string("this ") + handle +
                               " is in use by a call on another thread; a handle serves one thread at a "
                               "time: give each thread its own " + handle + ", or wait for the other call to return");
    }
    ~UseGuard() {
        if (mode_ == exclusive) word_.release_own();
        else word_.release_share();
    }
    UseGuard(const UseGuard&) = delete;
    UseGuard& operator=(const UseGuard&) = delete;

private:
    InUse& word_;
    Mode mode_;
};

}  // namespace meeple::capi
