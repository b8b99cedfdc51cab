// The status view of a state (meeple_state_status_t): the per-step facts computed from
// a record, so that reading them costs a caller no call.
#pragma once

#include <cstdint>

#include "core/any_game.hpp"
#include "meeple/meeple.h"

namespace meeple::capi {

static_assert(MEEPLE_SEVERAL_ACTIVE != kNobody && MEEPLE_SEVERAL_ACTIVE != kActing && MEEPLE_SEVERAL_ACTIVE < kChance);

// current_player as meeple_state_current_player answers it, with MEEPLE_SEVERAL_ACTIVE
// where that call fails because several players are active.
inline std::int32_t status_player(Actors a) {
    if (a == 0) return kNobody;
    if (a & (a - 1)) return MEEPLE_SEVERAL_ACTIVE;
    return a == kChanceBit ? kChance : __builtin_ctz(a);
}

inline meeple_state_status_t status_of(Actors a, bool terminal, bool truncated, std::uint64_t move_number) {
    meeple_state_status_t s{};
    s.is_terminal = terminal ? 1 : 0;
    s.truncated = truncated ? 1 : 0;
    s.current_player = status_player(a);
    s.active = a;
    s.move_number = static_cast<std::int64_t>(move_number);
    s.listed = -1;  // only meeple_state_apply_and_list lists, after its change
    return s;
}

inline meeple_state_status_t status_of(const AnyGame& g, const void* rec) {
    return status_of(g.actors(rec), g.is_terminal(rec), g.truncated(rec), g.move_number(rec));
}

}  // namespace meeple::capi
