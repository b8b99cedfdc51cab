#include "core/event_log.hpp"

#include <algorithm>
#include <cstring>

namespace meeple {

namespace {

constexpr EventField kHeaderFields[] = {
    {"type", "event type: 1 game_start, 2 game_end, 3 action, 4..8 trade open, accept, decline, confirm, cancel"},
    {"slot", "batch slot"},
    {"game", "the slot's game counter (0: the game running when recording began)"},
    {"tick", "batch steps since recording began (0 outside a step)"},
    {"step", "moves of the game before the action; at a start the moves so far, at an end the game's length"},
    {"turn", "the game's turn counter after the event"},
    {"actor", "seat that acted, -1 for chance, -5 at starts and ends"},
    {"action", "the action id, -1 at starts and ends"},
    {"arg0", "start: seed bits 0..31; end: the winner or -1"},
    {"arg1", "start: seed bits 32..63; end: 1 when truncated"},
    {"arg2", "start: origin, 0 from the seed, 1 from a state put in the slot"},
    {"arg3", "reserved (0)"},
};
static_assert(std::size(kHeaderFields) == kEventHeaderInts);

}  // namespace

std::span<const EventField> event_header_fields() { return kHeaderFields; }

EventQueue::EventQueue(std::size_t capacity_rows, std::size_t width)
    : capacity_(capacity_rows), width_(width), rows_(std::make_unique<std::int32_t[]>(capacity_rows * width)) {}

void EventQueue::push(const std::int32_t* row) {
    ++recorded_;
    if (size_ == capacity_) {
        ++overflow_;
        return;
    }
    std::size_t at = head_ + size_;
    if (at >= capacity_) at -= capacity_;
    std::memcpy(rows_.get() + at * width_, row, width_ * sizeof(std::int32_t));
    ++size_;
}

std::size_t EventQueue::drain(std::int32_t* out, std::size_t max_rows) {
    const std::size_t take = std::min(max_rows, size_);
    for (std::size_t done = 0; done < take;) {
        // The oldest rows up to the end of the ring, then from its start.
        const std::size_t run = std::min(take - done, capacity_ - head_);
        std::memcpy(out + done * width_, rows_.get() + head_ * width_, run * width_ * sizeof(std::int32_t));
        done += run;
        head_ += run;
        if (head_ == capacity_) head_ = 0;
    }
    size_ -= take;
    if (size_ == 0) head_ = 0;
    return take;
}

}  // namespace meeple
