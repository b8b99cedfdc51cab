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

class Control {
public:
    Control() = default;
    explicit Control(meeple_control_t* block) : block_(block) {}

    bool cancelled() const {
        return block_ && std::atomic_ref<std::int32_t>(block_->cancel).load(std::memory_order_relaxed) != 0;
    }
    // Throws Error(cancelled) when the caller asked to stop.
    void check() const {
        if (cancelled()) fail(Status::cancelled, "cancelled by the caller's control block");
    }
    void set_total(std::uint64_t total) const {
        if (!block_) return;
        std::atomic_ref<std::uint64_t>(block_->total).store(total, std::memory_order_relaxed);
        std::atomic_ref<std::uint64_t>(block_->progress).store(0, std::memory_order_relaxed);
    }
    // Safe from any number of threads at once.
    void advance(std::uint64_t done) const {
        if (block_) std::atomic_ref<std::uint64_t>(block_->progress).fetch_add(done, std::memory_order_relaxed);
    }
    explicit operator bool() const { return block_ != nullptr; }

private:
    meeple_control_t* block_ = nullptr;
};

}  // namespace meeple
