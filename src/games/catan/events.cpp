// Catan's columns of batch event rows (core/event_log.hpp): the trade on the table and
// the public picture of the race (points, hand sizes) that a viewer or an analysis of
// millions of games wants without replaying them.
#include "games/catan/catan.hpp"

namespace meeple::catan {
namespace {

// Column offsets within the game's part of a row.
enum : int { kColGive = 0, kColWant = kColGive + kNumResources, kColPublicVp = kColWant + kNumResources,
             kColVp = kColPublicVp + kMaxSeats, kColHand = kColVp + kMaxSeats, kColPhase = kColHand + kMaxSeats,
             kColDice, kColumns };

constexpr EventField kFields[] = {
    {"give_brick", "the offer on the table before the action: cards its author gives"},
    {"give_lumber", ""}, {"give_wool", ""}, {"give_grain", ""}, {"give_ore", ""},
    {"want_brick", "the offer on the table before the action: cards its author wants"},
    {"want_lumber", ""}, {"want_wool", ""}, {"want_grain", ""}, {"want_ore", ""},
    {"public_vp_0", "after the event: victory points of seat 0 that everyone sees (0 for absent seats)"},
    {"public_vp_1", ""}, {"public_vp_2", ""}, {"public_vp_3", ""},
    {"vp_0", "after the event: true victory points of seat 0, hidden victory point cards included"},
    {"vp_1", ""}, {"vp_2", ""}, {"vp_3", ""},
    {"hand_0", "after the event: resource cards in seat 0's hand"},
    {"hand_1", ""}, {"hand_2", ""}, {"hand_3", ""},
    {"phase", "after the event: the phase (the Phase order of the view's phase names)"},
    {"dice", "after the event: the last roll's sum, 0 before any"},
};
static_assert(std::size(kFields) == kColumns);

bool offer_on_table(const Catan::State& s) {
    return s.phase == kTradeDraft || s.phase == kTradeAnswer || s.phase == kConfirmingTrade;
}

}  // namespace

std::span<const EventField> Catan::event_fields() const { return kFields; }

std::int32_t Catan::event_type(int action) const {
    if (action == kTradeOpen) return kEventTradeOpen;
    if (action == kTradeCancel) return kEventTradeCancel;
    if (action == kTradeAccept) return kEventTradeAccept;
    if (action == kTradeDecline) return kEventTradeDecline;
    if (action >= kTradeConfirm && action < kTradeConfirm + kMaxSeats) return kEventTradeConfirm;
    return kEventAction;
}

void Catan::event_before(const State& s, std::int32_t* out) const {
    const bool on = offer_on_table(s);
    for (int r = 0; r < kNumResources; ++r) {
        out[kColGive + r] = on ? s.trade_give[r] : 0;
        out[kColWant + r] = on ? s.trade_want[r] : 0;
    }
}

void Catan::event_after(const State& s, std::int32_t* out) const {
    for (int p = 0; p < kMaxSeats; ++p) {
        const bool seat = p < players_;
        out[kColPublicVp + p] = seat ? victory_points(s, p, false) : 0;
        out[kColVp + p] = seat ? victory_points(s, p, true) : 0;
        out[kColHand + p] = seat ? hand_size(s, p) : 0;
    }
    out[kColPhase] = s.phase;
    out[kColDice] = s.dice;
}

}  // namespace meeple::catan
