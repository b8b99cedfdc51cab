// meeple_batch_record_events, meeple_batch_event_info, meeple_batch_drain_events and
// meeple_game_event_fields_json: argument checks around the core's event log.
#include "capi/batch_handle.hpp"
#include "capi/handles.hpp"
#include "core/event_log.hpp"
#include "core/json.hpp"

using namespace meeple;
using namespace meeple::capi;

static_assert(MEEPLE_EVENT_VERSION == kEventVersion);
static_assert(MEEPLE_RECORD_GAME_STARTS == kRecordGameStarts && MEEPLE_RECORD_GAME_ENDS == kRecordGameEnds &&
              MEEPLE_RECORD_ACTIONS == kRecordActions && MEEPLE_RECORD_TRADES == kRecordTrades &&
              MEEPLE_RECORD_ALL == kRecordAll);
static_assert(MEEPLE_EVENT_GAME_START == kEventGameStart && MEEPLE_EVENT_GAME_END == kEventGameEnd &&
              MEEPLE_EVENT_ACTION == kEventAction && MEEPLE_EVENT_TRADE_OPEN == kEventTradeOpen &&
              MEEPLE_EVENT_TRADE_ACCEPT == kEventTradeAccept && MEEPLE_EVENT_TRADE_DECLINE == kEventTradeDecline &&
              MEEPLE_EVENT_TRADE_CONFIRM == kEventTradeConfirm && MEEPLE_EVENT_TRADE_CANCEL == kEventTradeCancel);
static_assert(MEEPLE_EVENT_COL_TYPE == kEvType && MEEPLE_EVENT_COL_SLOT == kEvSlot &&
              MEEPLE_EVENT_COL_GAME == kEvGame && MEEPLE_EVENT_COL_TICK == kEvTick &&
              MEEPLE_EVENT_COL_STEP == kEvStep && MEEPLE_EVENT_COL_TURN == kEvTurn &&
              MEEPLE_EVENT_COL_ACTOR == kEvActor && MEEPLE_EVENT_COL_ACTION == kEvAction &&
              MEEPLE_EVENT_COL_ARG0 == kEvArg0 && MEEPLE_EVENT_COL_ARG1 == kEvArg1 &&
              MEEPLE_EVENT_COL_ARG2 == kEvArg2 && MEEPLE_EVENT_COL_ARG3 == kEvArg3 &&
              MEEPLE_EVENT_HEADER_INTS == kEventHeaderInts);
static_assert(MEEPLE_EVENT_FROM_SEED == kStartFromSeed && MEEPLE_EVENT_FROM_STATE == kStartFromState);

namespace {

template <class Handle, class F>
meeple_status_t using_batch(Handle* batch, F&& body) noexcept {
    return guarded([&] {
        auto& handle = require(batch, "batch");
        const UseGuard use(handle.in_use, "batch");
        body(handle.batch);
    });
}

std::string event_fields_json(const AnyGame& g) {
    JsonWriter j;
    j.begin_object();
    j.field("event_version", kEventVersion);
    j.field("row_ints", g.event_width());
    j.field("header_ints", static_cast<int>(kEventHeaderInts));
    j.key("columns").begin_array();
    auto column = [&](const EventField& f) { j.begin_object().field("name", f.name).field("meaning", f.meaning).end_object(); };
    for (const EventField& f : event_header_fields()) column(f);
    for (const EventField& f : g.event_fields()) column(f);
    j.end_array();
    j.end_object();
    return j.take();
}

}  // namespace

extern "C" {

meeple_status_t meeple_batch_record_events(meeple_batch_t* batch, uint32_t mask, size_t capacity_rows) {
    return using_batch(batch, [&](Batch& b) { b.record_events(mask, capacity_rows); });
}

meeple_status_t meeple_batch_event_info(const meeple_batch_t* batch, meeple_event_info_t* out_info) {
    return using_batch(batch, [&](const Batch& b) {
        const Batch::EventCounts c = b.event_counts();
        meeple_event_info_t full{};
        full.mask = c.mask;
        full.row_ints = static_cast<uint32_t>(c.width);
        full.capacity = c.capacity;
        full.queued = c.queued;
        full.overflow = c.overflow;
        full.recorded = c.recorded;
        fill_sized(out_info, full, "meeple_event_info_t");
    });
}

meeple_status_t meeple_batch_drain_events(meeple_batch_t* batch, int32_t* out, size_t len, size_t* out_rows) {
    return using_batch(batch, [&](Batch& b) {
        require(out_rows, "out_rows");
        if (!out && len) fail(Status::invalid_argument, "out is NULL but len is " + std::to_string(len));
        *out_rows = 0;
        const std::size_t width = b.game().event_width();
        *out_rows = b.drain_events(out, len / width);
    });
}

meeple_status_t meeple_game_event_fields_json(const meeple_game_t* game, char* out, size_t capacity,
                                              size_t* out_len) {
    return guarded([&] {
        const AnyGame& g = *require(game, "game").game;
        check_buffer(out, capacity, out_len);
        fill_string(event_fields_json(g), out, capacity, out_len);
    });
}

}  // extern "C"
