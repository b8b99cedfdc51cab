// meeple_holdem_*: the exact-amount raise of game "holdem".
#include "capi/handles.hpp"
#include "games/holdem/raise_to.hpp"

using namespace meeple;
using namespace meeple::capi;

extern "C" {

meeple_status_t meeple_holdem_raise_to(meeple_state_t* state, int32_t player, int64_t to) {
    return guarded([&] {
        meeple_state& s = require(state, "state");
        s.change([&](void* rec) { holdem::raise_to(*s.game, rec, player, to); });
    });
}

}  // extern "C"
