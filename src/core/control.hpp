// The control block of long calls (meeple_control_t): a cancel flag that any thread may
// set and a progress counter the library advances. The core sees it through this view,
// which reads and writes the caller's fields atomically and treats "no block" as
// "never cancelled, nobody watching".
#pragma once

#include <atomic>
#include <cstdint>

#include "core/error.hpp"
#include "meeple/meeple.h"

namespace meeple {

// Relaxed atomic access to a plain field of the caller's block: std::atomic_ref, or
// the compiler builtins it is made of where the library lacks it (libc++ 13, in the
// WebAssembly build).
#if defined(__cpp_lib_atomic_ref)
template <class T> T relaxed_load(T& f) { return std::atomic_ref<T>(f).load(std::memory_order_relaxed); }
template <class T> void relaxed_store(T& f, T v) { std::atomic_ref<T>(f).store(v, std::memory_order_relaxed); }
template <class T> void relaxed_add(T& f, T v) { std::atomic_ref<T>(f).fetch_add(v, std::memory_order_relaxed); }
#else
template <class T> T relaxed_load(T& f) { return __atomic_load_n(&f, __ATOMIC_RELAXED); }
template <class T> void relaxed_store(T& f, T v) { __atomic_store_n(&f, v, __ATOMIC_RELAXED); }
template <class T> void relaxed_add(T& f, T v) { __atomic_fetch_add(&f, v, __ATOMIC_RELAXED); }
#endif

class Control {
public:
    Control() = default;
    explicit Control(meeple_control_t* block) : block_(block) {}

    bool cancelled() const {
        return block_ && relaxed_load(block_->cancel) != 0;
    }
    // Throws Error(cancelled) when the caller asked to stop.
    void check() const {
        if (cancelled()) fail(Status::cancelled, "cancelled by the caller's control block");
    }
    void set_total(std::uint64_t total) const {
        if (!block_) return;
        relaxed_store<std::uint64_t>(block_->total, total);
        relaxed_store<std::uint64_t>(block_->progress, 0);
    }
    // Safe from any number of threads at once.
    void advance(std::uint64_t done) const {
        if (block_) relaxed_add<std::uint64_t>(block_->progress, done);
    }
    explicit operator bool() const { return block_ != nullptr; }

private:
    meeple_control_t* block_ = nullptr;
};

}  // namespace meeple
