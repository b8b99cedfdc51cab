// meeple_state_from_position: a state built from a described position. The game checks
// the position; this layer only checks pointers and hands over the handle.
#include "capi/handles.hpp"

using namespace meeple;
using namespace meeple::capi;

extern "C" {

meeple_status_t meeple_state_from_position(const meeple_game_t* game, const char* position_json, uint64_t seed,
                                           meeple_state_t** out_state) {
    return guarded([&] {
        const auto& g = require(game, "game").game;
        require(position_json, "position_json");
        require(out_state, "out_state");
        auto s = make_state(g);
        s->change([&](void* rec) { g->from_position(rec, position_json, seed); });
        *out_state = s.release();
    });
}

}  // extern "C"
