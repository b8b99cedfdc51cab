// meeple_datagen_max_rows and meeple_run_datagen: checks the caller's config and
// arrays, then calls the core (agents/datagen.hpp).
#include <cstring>

#include "agents/datagen.hpp"
#include "handles.hpp"

using namespace meeple;
using namespace meeple::capi;

namespace {

DatagenConfig config_of(const meeple_datagen_config_t* c) {
    const meeple_datagen_config_t& in = require(c, "config");
    if (in.struct_size < sizeof(meeple_datagen_config_t)) {
        fail(Status::invalid_argument, "config->struct_size is " + std::to_string(in.struct_size) +
                                           "; set it to sizeof(meeple_datagen_config_t) (" +
                                           std::to_string(sizeof(meeple_datagen_config_t)) + ")");
    }
    DatagenConfig out;
    out.seed = in.seed;
    out.first_game = in.first_game;
    out.games = in.games;
    out.max_moves = in.max_moves;
    out.heuristic_share = in.heuristic_share;
    out.random_move = in.random_move;
    out.playouts = in.playouts;
    out.samples_per_game = in.samples_per_game;
    out.siblings = in.siblings;
    if (in.all_viewers != 0 && in.all_viewers != 1) {
        fail(Status::invalid_argument, "config->all_viewers is " + std::to_string(in.all_viewers) + "; use 0 or 1");
    }
    out.all_viewers = in.all_viewers == 1;
    out.variant = in.variant;
    out.threads = in.threads;
    return out;
}

}  // namespace

extern "C" {

meeple_status_t meeple_datagen_max_rows(const meeple_game_t* game, const meeple_datagen_config_t* config,
                                        uint64_t* out_rows) {
    return guarded([&] {
        const auto& g = require(game, "game").game;
        const DatagenConfig c = config_of(config);
        uint64_t& rows = require(out_rows, "out_rows");
        check_datagen_config(g, c);
        rows = datagen_max_rows(*g, c);
    });
}

meeple_status_t meeple_run_datagen(const meeple_game_t* game, const meeple_datagen_config_t* config, float* features,
                                   float* labels, int64_t* meta, size_t capacity_rows, size_t* out_rows,
                                   meeple_control_t* control) {
    return guarded([&] {
        const auto& g = require(game, "game").game;
        const DatagenConfig c = config_of(config);
        require(features, "features");
        require(labels, "labels");
        require(meta, "meta");
        size_t& rows = require(out_rows, "out_rows");
        check_datagen_config(g, c);
        const std::uint64_t most = datagen_max_rows(*g, c);
        if (capacity_rows < most) {
            fail(Status::buffer_too_small, "the arrays hold " + std::to_string(capacity_rows) + " rows; " +
                                               std::to_string(most) +
                                               " may be needed (meeple_datagen_max_rows for this config)");
        }
        const Control ctl = control_of(control);
        const DatagenRows out = run_datagen(g, c, ctl);
        std::memcpy(features, out.features.data(), out.features.size() * sizeof(float));
        std::memcpy(labels, out.labels.data(), out.labels.size() * sizeof(float));
        std::memcpy(meta, out.meta.data(), out.meta.size() * sizeof(std::int64_t));
        rows = out.rows;
    });
}

}  // extern "C"
