// The event log of a batch: fixed-width int32 rows, one a recorded event (a game's
// start or end, an action, a Catan trade step), appended from inside the batch's slot
// loops and drained by the caller. Rows have a common header (EventColumn) and then
// the game's own fields (its event_fields() table). The layout is versioned by
// kEventVersion; docs/recording.md has the table.
//
// Recording is deterministic at every thread count: during a step each slot writes its
// rows (at most kMaxEventsPerSlot) into its own staging place, and the batch then
// appends them to the queue in slot order. The queue has a fixed capacity chosen when
// recording starts; rows that do not fit are dropped and counted (overflow), never
// silently lost. Nothing allocates while recording.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

namespace meeple {

inline constexpr std::uint32_t kEventVersion = 1;  // MEEPLE_EVENT_VERSION

// What a row records (MEEPLE_EVENT_*).
enum EventType : std::int32_t {
    kEventGameStart = 1,
    kEventGameEnd = 2,
    kEventAction = 3,
    kEventTradeOpen = 4,
    kEventTradeAccept = 5,
    kEventTradeDecline = 6,
    kEventTradeConfirm = 7,
    kEventTradeCancel = 8,
};

// What to record, as mask bits (MEEPLE_RECORD_*).
enum EventMaskBit : std::uint32_t {
    kRecordGameStarts = 1,
    kRecordGameEnds = 2,
    kRecordActions = 4,  // every action, trade steps included (typed as trade events)
    kRecordTrades = 8,   // only the trade steps (open, accept, decline, confirm, cancel)
    kRecordAll = 15,
};

// The header columns of every row (MEEPLE_EVENT_COL_*).
enum EventColumn : int {
    kEvType,    // EventType
    kEvSlot,    // batch slot
    kEvGame,    // the slot's game counter: 0 for the game running when recording began
    kEvTick,    // batch steps since recording began (0 for rows written outside a step)
    kEvStep,    // moves of the game before the action (start: moves so far; end: the length)
    kEvTurn,    // the game's turn counter after the event (catan: turns ended; else moves)
    kEvActor,   // the seat that acted, MEEPLE_CHANCE, or -5 (nobody) for starts and ends
    kEvAction,  // the action, or -1
    kEvArg0,    // start: seed bits 0..31;  end: winner (-1: none)
    kEvArg1,    // start: seed bits 32..63; end: 1 when truncated
    kEvArg2,    // start: origin (kStartFromSeed, kStartFromState)
    kEvArg3,    // reserved, 0
    kEventHeaderInts
};

// Where a started game came from.
enum StartOrigin : std::int32_t {
    kStartFromSeed = 0,   // init from the seed in the row: replayable when its step is 0
    kStartFromState = 1,  // a state put in the slot (set_state, load): its seed is unknown
};

// Rows a slot writes in one step at most: its action, its game's end, the next start.
inline constexpr int kMaxEventsPerSlot = 3;

// One of a game's own columns after the header.
struct EventField {
    std::string_view name;
    std::string_view meaning;
};

// The header's names and meanings, in column order.
std::span<const EventField> event_header_fields();

// The event type of an applied action: kEventAction or a trade event.
inline bool event_wanted(std::uint32_t mask, std::int32_t type) {
    if (type == kEventAction) return (mask & kRecordActions) != 0;
    return (mask & (kRecordActions | kRecordTrades)) != 0;
}

// What the slot loops see of a batch's event recording: each slot's staging rows.
struct EventStage {
    std::int32_t* rows = nullptr;      // [n][kMaxEventsPerSlot][width]
    std::uint8_t* counts = nullptr;    // [n] rows staged by the current step
    std::uint32_t* games = nullptr;    // [n] the slot's game counter
    std::size_t width = 0;             // ints a row
    std::uint32_t mask = 0;
    std::int32_t tick = 0;

    // The next staging row of slot i (not yet counted).
    std::int32_t* next_row(std::size_t i) const {
        return rows + (i * kMaxEventsPerSlot + counts[i]) * width;
    }
};

// A fixed-capacity FIFO of rows: pushes past the capacity are counted, not stored.
class EventQueue {
public:
    EventQueue(std::size_t capacity_rows, std::size_t width);
    void push(const std::int32_t* row);
    // Copies up to max_rows of the oldest rows to out and removes them; returns how many.
    std::size_t drain(std::int32_t* out, std::size_t max_rows);
    std::size_t queued() const { return size_; }
    std::size_t capacity() const { return capacity_; }
    std::uint64_t overflow() const { return overflow_; }
    std::uint64_t recorded() const { return recorded_; }

private:
    std::size_t capacity_, width_, head_ = 0, size_ = 0;
    std::uint64_t overflow_ = 0, recorded_ = 0;
    std::unique_ptr<std::int32_t[]> rows_;
};

}  // namespace meeple
