// meeple_game_*: making games from specs and reading their facts.
#include <algorithm>

#include "capi/handles.hpp"
#include "core/registry.hpp"
#include "core/snapshot.hpp"

using namespace meeple;
using namespace meeple::capi;

extern "C" {

meeple_status_t meeple_game_new(const char* spec, meeple_game_t** out_game) {
    return guarded([&] {
        require(spec, "spec");
        require(out_game, "out_game");
        auto handle = std::make_unique<meeple_game>();
        handle->game = make_game(spec);
        *out_game = handle.release();
    });
}

void meeple_game_free(meeple_game_t* game) { delete game; }

meeple_status_t meeple_game_info(const meeple_game_t* game, meeple_game_info_t* out_info) {
    return guarded([&] {
        const AnyGame& g = *require(game, "game").game;
        meeple_game_info_t full{};
        full.num_players = g.num_players();
        full.num_actions = g.num_actions();
        full.mask_words = g.mask_words();
        full.obs_size = g.obs_size();
        full.max_chance_outcomes = g.max_chance_outcomes();
        full.snapshot_size = static_cast<uint32_t>(snapshot_size(g));
        full.state_version = g.state_version();
        fill_sized(out_info, full, "meeple_game_info_t");
    });
}

meeple_status_t meeple_game_spec(const meeple_game_t* game, char* out, size_t capacity, size_t* out_len) {
    return guarded([&] { fill_string(require(game, "game").game->spec(), out, capacity, out_len); });
}

meeple_status_t meeple_game_describe_json(const meeple_game_t* game, char* out, size_t capacity,
                                          size_t* out_len) {
    return guarded([&] {
        const AnyGame& g = *require(game, "game").game;
        check_buffer(out, capacity, out_len);
        fill_string(g.describe_json(), out, capacity, out_len);
    });
}

meeple_status_t meeple_game_features_json(const meeple_game_t* game, char* out, size_t capacity, size_t* out_len) {
    return guarded([&] {
        const AnyGame& g = *require(game, "game").game;
        check_buffer(out, capacity, out_len);
        fill_string(g.features_json(), out, capacity, out_len);
    });
}

meeple_status_t meeple_game_action_name(const meeple_game_t* game, int32_t action, char* out,
                                        size_t capacity, size_t* out_len) {
    return guarded([&] {
        const AnyGame& g = *require(game, "game").game;
        check_buffer(out, capacity, out_len);
        if (action < 0 || action >= g.num_actions()) {
            fail(Status::out_of_range, "action " + std::to_string(action) + " is outside the action space 0.." +
                                           std::to_string(g.num_actions() - 1) + " of " + g.spec());
        }
        fill_string(g.action_name(action), out, capacity, out_len);
    });
}

}  // extern "C"
