// meeple_state_enumerate_outcomes: successors of one action as new state handles.
#include <cstring>
#include <vector>

#include "capi/handles.hpp"
#include "core/chance_enumeration.hpp"

using namespace meeple;
using namespace meeple::capi;

extern "C" {

meeple_status_t meeple_state_enumerate_outcomes(const meeple_state_t* state, int32_t player, int32_t action,
                                                meeple_state_t** out_states, double* out_probs, size_t capacity,
                                                size_t* out_len) {
    return guarded([&] {
        const meeple_state& src = require(state, "state");
        require(out_len, "out_len");
        if ((out_states == nullptr) != (out_probs == nullptr)) {
            fail(Status::invalid_argument, "out_states and out_probs must both be NULL (size query) or both be arrays");
        }
        if (!out_states && capacity) fail(Status::invalid_argument, "out arrays are NULL but capacity is " + std::to_string(capacity));
        const Successors succ = enumerate_outcomes(*src.game, src.rec(), player, action);
        *out_len = succ.count;
        if (!out_states) return;
        if (capacity < succ.count) {
            fail(Status::buffer_too_small, "enumerate_outcomes has " + std::to_string(succ.count) +
                                               " successors; capacity is " + std::to_string(capacity));
        }
        // Make every handle before handing any out, so a failure leaks nothing.
        std::vector<std::unique_ptr<meeple_state>> made;
        made.reserve(succ.count);
        const std::size_t stride = succ.stride(*src.game);
        for (std::size_t i = 0; i < succ.count; ++i) {
            made.push_back(make_state(src.game));
            made.back()->change(
                [&](void* rec) { std::memcpy(rec, succ.words.data() + i * stride, src.game->record_size()); });
        }
        for (std::size_t i = 0; i < succ.count; ++i) {
            out_states[i] = made[i].release();
            out_probs[i] = succ.probabilities[i];
        }
    });
}

}  // extern "C"
