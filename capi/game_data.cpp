// meeple_game_data_json: a game's constant data (a board's topology) as JSON.
#include <string>

#include "capi/handles.hpp"

using namespace meeple;
using namespace meeple::capi;

extern "C" {

meeple_status_t meeple_game_data_json(const meeple_game_t* game, const char* key, char* out, size_t capacity,
                                      size_t* out_len) {
    return guarded([&] {
        const meeple_game& g = require(game, "game");
        if (!key) fail(Status::invalid_argument, "key is NULL; pass a data name such as \"topology\"");
        const std::string json = g.game->data_json(key);
        fill_string(json, out, capacity, out_len);
    });
}

}  // extern "C"
