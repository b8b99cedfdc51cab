// Trade. Maritime: 4:1, 3:1 at a generic harbor, 2:1 at that resource's harbor, only
// when the bank has the card (the rate is in rules.cpp's legality and apply).
// Domestic: the turn seat composes an offer one card at a time (each step spends the
// per-turn compose budget), opens it, the others answer in seat order after it, and
// the turn seat confirms with one accepting seat or cancels. An accept from a seat
// that cannot pay counts as a decline.
#include <bit>

#include "games/catan/catan.hpp"

namespace meeple::catan {
namespace {

bool sided(const std::uint8_t* side) {
    for (int r = 0; r < kNumResources; ++r) {
        if (side[r]) return true;
    }
    return false;
}

void clear_offer(Catan::State& s) {
    for (int r = 0; r < kNumResources; ++r) s.trade_give[r] = s.trade_want[r] = 0;
    s.trade_accepts = 0;
    s.trade_responder = kNone;
    s.phase = kMain;
}

}  // namespace

// Every node that opens a harbor, so that the rates visit only the seat's buildings
// there (most seats have none) instead of every harbor.
constexpr std::uint64_t kHarborNodes = [] {
    std::uint64_t nodes = 0;
    for (const auto& ends : kTopology.nodes_of_harbor) nodes |= (1ull << ends[0]) | (1ull << ends[1]);
    return nodes;
}();
static_assert([] {  // no node opens two harbors, so harbor_of_node names each one's
    int ends = 0;
    for (std::uint64_t b = kHarborNodes; b; b &= b - 1) ++ends;
    return ends == 2 * kNumHarbors;
}());

void Catan::maritime_rates(const State& s, int seat, int* rates) {
    const std::uint64_t own = s.settlements[seat] | s.cities[seat];
    int generic = 4;
    for (int r = 0; r < kNumResources; ++r) rates[r] = 4;
    for (std::uint64_t b = own & kHarborNodes; b; b &= b - 1) {
        const int harbor = s.harbor[kTopology.harbor_of_node[std::countr_zero(b)]];
        if (harbor == kGenericHarbor) generic = 3;
        else rates[harbor] = 2;
    }
    for (int r = 0; r < kNumResources; ++r) rates[r] = rates[r] < generic ? rates[r] : generic;
}

std::uint64_t Catan::maritime_rate_lanes(const State& s, int seat) {
    constexpr std::uint64_t kLaneOnes = 0x0101010101ull;
    std::uint64_t at_harbors = (s.settlements[seat] | s.cities[seat]) & kHarborNodes;
    if (!at_harbors) return 4 * kLaneOnes;  // most seats
    std::uint64_t rates = 4 * kLaneOnes, at_two = 0;
    for (; at_harbors; at_harbors &= at_harbors - 1) {
        const int harbor = s.harbor[kTopology.harbor_of_node[std::countr_zero(at_harbors)]];
        if (harbor == kGenericHarbor) rates = 3 * kLaneOnes;
        else at_two |= 0xFFull << (8 * harbor);
    }
    return (rates & ~at_two) | (2 * kLaneOnes & at_two);
}

int Catan::maritime_rate(const State& s, int seat, int resource) {
    const std::uint64_t own = s.settlements[seat] | s.cities[seat];
    int rate = 4;
    for (std::uint64_t b = own & kHarborNodes; b; b &= b - 1) {
        const int harbor = s.harbor[kTopology.harbor_of_node[std::countr_zero(b)]];
        if (harbor == resource) return 2;
        if (harbor == kGenericHarbor) rate = 3;
    }
    return rate;
}

bool Catan::legal_trade(const State& s, int seat, int a) const {
    switch (s.phase) {
        case kMain:
        case kTradeDraft: {
            // No resource on both sides; give only cards held.
            const bool composing = s.phase == kTradeDraft;
            if (a >= kTradeGive && a < kTradeWant) {
                const int r = a - kTradeGive;
                return s.trade_budget > 0 && s.hand[seat][r] > (composing ? s.trade_give[r] : 0) &&
                       (!composing || s.trade_want[r] == 0);
            }
            if (a >= kTradeWant && a < kTradeOpen) {
                const int r = a - kTradeWant;
                return s.trade_budget > 0 && (!composing || (s.trade_give[r] == 0 && s.trade_want[r] < kMaxWanted));
            }
            if (!composing) return false;
            if (a == kTradeOpen) return sided(s.trade_give) && sided(s.trade_want);
            return a == kTradeCancel;
        }
        case kTradeAnswer: return a == kTradeAccept || a == kTradeDecline;
        case kConfirmingTrade:
            return a == kTradeCancel || (a >= kTradeConfirm && a < kChanceDice && ((s.trade_accepts >> (a - kTradeConfirm)) & 1));
        default: return false;
    }
}

void Catan::apply_trade(State& s, int seat, int a) const {
    if (a >= kTradeGive && a < kTradeOpen) {
        if (s.phase == kMain) {
            clear_offer(s);
            s.phase = kTradeDraft;
        }
        --s.trade_budget;
        if (a < kTradeWant) ++s.trade_give[a - kTradeGive];
        else ++s.trade_want[a - kTradeWant];
        return;
    }
    auto next_responder = [&] {
        s.trade_responder = static_cast<std::uint8_t>((s.trade_responder + 1) % players_);
        if (s.trade_responder != s.current) return;
        if (s.trade_accepts) {
            s.trade_responder = kNone;
            s.phase = kConfirmingTrade;
        } else {
            clear_offer(s);
        }
    };
    switch (a) {
        case kTradeOpen:
            s.phase = kTradeAnswer;
            s.trade_accepts = 0;
            s.trade_responder = s.current;
            next_responder();
            return;
        case kTradeCancel: clear_offer(s); return;
        case kTradeAccept:
            if (can_pay(s.hand[seat], s.trade_want)) s.trade_accepts |= std::uint8_t(1u << seat);
            next_responder();
            return;
        case kTradeDecline: next_responder(); return;
        default: {
            const int partner = a - kTradeConfirm;
            for (int r = 0; r < kNumResources; ++r) {
                const int give = s.trade_give[r], want = s.trade_want[r];
                s.hand[s.current][r] = static_cast<std::uint8_t>(s.hand[s.current][r] - give + want);
                s.hand[partner][r] = static_cast<std::uint8_t>(s.hand[partner][r] + give - want);
            }
            clear_offer(s);
        }
    }
}

}  // namespace meeple::catan
