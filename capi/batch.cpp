// meeple_batch_* and meeple_run_random_games: checks the caller's arrays, then calls
// the core batch. No checks happen inside the threaded loops.
#include <algorithm>
#include <span>

#include "capi/batch_handle.hpp"
#include "capi/handles.hpp"
#include "core/random_games.hpp"
#include "core/seed_derivation.hpp"
#include "core/snapshot.hpp"

using namespace meeple;
using namespace meeple::capi;

static_assert(MEEPLE_BATCH_STATUS_DONE == kStatusDone && MEEPLE_BATCH_STATUS_WINNER == kStatusWinner &&
              MEEPLE_BATCH_STATUS_TURN == kStatusTurn && MEEPLE_BATCH_STATUS_CURRENT_PLAYER == kStatusCurrentPlayer &&
              MEEPLE_BATCH_STATUS_TRUNCATED == kStatusTruncated && MEEPLE_BATCH_STATUS_INTS == kStatusInts);
static_assert(MEEPLE_BATCH_EPISODE_COUNT == kEpisodeCount && MEEPLE_BATCH_EPISODE_WINNER == kEpisodeWinner &&
              MEEPLE_BATCH_EPISODE_TRUNCATED == kEpisodeTruncated && MEEPLE_BATCH_EPISODE_LENGTH == kEpisodeLength &&
              MEEPLE_BATCH_EPISODE_INTS == kEpisodeInts);
static_assert(MEEPLE_BATCH_NOBODY == kNobody && MEEPLE_NO_ACTION == kNoAction);
static_assert(static_cast<std::uint32_t>(MEEPLE_BATCH_ACTOR_CHANCE) == kChanceBit);

namespace {

const Batch& batch_of(const meeple_batch_t* batch) { return require(batch, "batch").batch; }

// Runs body(batch) inside guarded() while holding the batch alone (else BUSY).
template <class Handle, class F>
meeple_status_t using_batch(Handle* batch, F&& body) noexcept {
    return guarded([&] {
        auto& handle = require(batch, "batch");
        const UseGuard use(handle.in_use, "batch");
        body(handle.batch);
    });
}

std::size_t count(const Batch& b, int per_slot) { return b.size() * static_cast<std::size_t>(per_slot); }

// An input array: present and exactly `want` elements long.
template <class T>
const T* input(const T* p, std::size_t len, std::size_t want, const char* what) {
    require(p, what);
    if (len != want) {
        fail(Status::invalid_argument, std::string(what) + " has " + std::to_string(len) + " elements; this batch takes " +
                                           std::to_string(want));
    }
    return p;
}

// An output array: present and at least `want` elements long.
template <class T>
T* output(T* p, std::size_t len, std::size_t want, const char* what) {
    require(p, what);
    if (len < want) {
        fail(Status::buffer_too_small, std::string(what) + " holds " + std::to_string(len) + " elements; " +
                                           std::to_string(want) + " are needed");
    }
    return p;
}

std::size_t check_slot(const Batch& b, std::size_t slot) {
    if (slot >= b.size()) {
        fail(Status::out_of_range, "slot " + std::to_string(slot) + " is outside the batch: slots are 0.." +
                                       std::to_string(b.size() - 1));
    }
    return slot;
}

template <class Make>
meeple_status_t make_batch(meeple_batch_t** out_batch, Make&& make) {
    return guarded([&] {
        require(out_batch, "out_batch");
        *out_batch = new meeple_batch{make(), {}};
    });
}

// The viewers of a read that may take the public view: NULL (with length 0) for it, else
// one seat a slot.
const int32_t* optional_viewers(const Batch& b, const int32_t* viewers, size_t viewers_len) {
    if (viewers) return input(viewers, viewers_len, b.size(), "viewers");
    if (viewers_len != 0) {
        fail(Status::invalid_argument,
             "viewers is NULL but viewers_len is " + std::to_string(viewers_len) + "; pass 0 for the public view");
    }
    return nullptr;
}

}  // namespace

extern "C" {

uint64_t meeple_batch_derive_seed(uint64_t seed, uint64_t index) { return derive_seed(seed, index); }

meeple_status_t meeple_batch_new(const meeple_game_t* game, size_t n, uint64_t seed, int32_t threads,
                                 meeple_batch_t** out_batch) {
    return make_batch(out_batch, [&] { return Batch(require(game, "game").game, n, seed, threads); });
}

meeple_status_t meeple_batch_new_seeded(const meeple_game_t* game, const uint64_t* seeds, size_t n, int32_t threads,
                                        meeple_batch_t** out_batch) {
    return make_batch(out_batch, [&] {
        const auto& g = require(game, "game").game;
        require(seeds, "seeds");
        return Batch(g, std::span<const std::uint64_t>(seeds, n), threads);
    });
}

void meeple_batch_free(meeple_batch_t* batch) { delete batch; }

meeple_status_t meeple_batch_info(const meeple_batch_t* batch, meeple_batch_info_t* out_info) {
    return guarded([&] {  // reads only what never changes: no need to hold the batch
        const Batch& b = batch_of(batch);
        const AnyGame& g = b.game();
        meeple_batch_info_t full{};
        full.threads = b.threads();
        full.n = b.size();
        full.num_players = g.num_players();
        full.num_actions = g.num_actions();
        full.mask_words = g.mask_words();
        full.obs_size = g.obs_size();
        full.snapshot_size = static_cast<uint32_t>(b.snapshot_bytes());
        fill_sized(out_info, full, "meeple_batch_info_t");
    });
}

meeple_status_t meeple_batch_game(const meeple_batch_t* batch, meeple_game_t** out_game) {
    return guarded([&] {
        const Batch& b = batch_of(batch);
        require(out_game, "out_game");
        *out_game = new meeple_game{b.game_ptr()};
    });
}

meeple_status_t meeple_batch_step(meeple_batch_t* batch, const int32_t* actions, size_t n, uint8_t* out_dones) {
    return using_batch(batch, [&](Batch& b) {
        b.step(input(actions, n, b.size(), "actions"), output(out_dones, b.size(), b.size(), "out_dones"));
    });
}

meeple_status_t meeple_batch_step_autoreset(meeple_batch_t* batch, const int32_t* actions, size_t n,
                                            uint8_t* out_dones) {
    return using_batch(batch, [&](Batch& b) {
        b.step_autoreset(input(actions, n, b.size(), "actions"), output(out_dones, b.size(), b.size(), "out_dones"));
    });
}

meeple_status_t meeple_batch_step_and_read(meeple_batch_t* batch, const int32_t* actions, size_t n, int32_t autoreset,
                                           uint8_t* out_dones, uint64_t* out_masks, size_t masks_len, float* out_obs,
                                           size_t obs_len) {
    return using_batch(batch, [&](Batch& b) {
        const int32_t* checked_actions = input(actions, n, b.size(), "actions");
        uint8_t* dones = output(out_dones, b.size(), b.size(), "out_dones");
        if (autoreset != 0 && autoreset != 1) {
            fail(Status::invalid_argument, "autoreset is " + std::to_string(autoreset) + "; pass 0 or 1");
        }
        uint64_t* masks = out_masks ? output(out_masks, masks_len, count(b, b.game().mask_words()), "out_masks") : nullptr;
        float* obs = out_obs ? output(out_obs, obs_len, count(b, b.game().obs_size()), "out_obs") : nullptr;
        b.step_and_read(checked_actions, dones, autoreset == 1, masks, obs);
    });
}

meeple_status_t meeple_batch_write_masks(const meeple_batch_t* batch, uint64_t* out, size_t len) {
    return using_batch(batch, [&](const Batch& b) {
        b.write_masks(output(out, len, count(b, b.game().mask_words()), "out"));
    });
}

meeple_status_t meeple_batch_write_dense_masks(const meeple_batch_t* batch, uint8_t* out, size_t len) {
    return using_batch(batch, [&](const Batch& b) {
        b.write_dense_masks(output(out, len, count(b, b.game().num_actions()), "out"));
    });
}

meeple_status_t meeple_batch_write_actors(const meeple_batch_t* batch, int32_t* out, size_t len) {
    return using_batch(batch, [&](const Batch& b) {
        b.write_actors(output(out, len, b.size(), "out"));
    });
}

meeple_status_t meeple_batch_write_status(const meeple_batch_t* batch, int32_t* out, size_t len) {
    return using_batch(batch, [&](const Batch& b) {
        b.write_status(output(out, len, count(b, kStatusInts), "out"));
    });
}

meeple_status_t meeple_batch_write_observations(const meeple_batch_t* batch, float* out, size_t len) {
    return using_batch(batch, [&](const Batch& b) {
        b.write_observations(output(out, len, count(b, b.game().obs_size()), "out"));
    });
}

meeple_status_t meeple_batch_write_observations_for(const meeple_batch_t* batch, const int32_t* viewers,
                                                    size_t viewers_len, float* out, size_t len) {
    return using_batch(batch, [&](const Batch& b) {
        const int32_t* v = input(viewers, viewers_len, b.size(), "viewers");
        b.write_observations(v, output(out, len, count(b, b.game().obs_size()), "out"));
    });
}

meeple_status_t meeple_batch_write_observations_where(const meeple_batch_t* batch, const uint8_t* which,
                                                      size_t which_len, const int32_t* viewers, size_t viewers_len,
                                                      float* out, size_t len) {
    return using_batch(batch, [&](const Batch& b) {
        const uint8_t* w = input(which, which_len, b.size(), "which");
        const int32_t* v = input(viewers, viewers_len, b.size(), "viewers");
        b.write_observations_where(w, v, output(out, len, count(b, b.game().obs_size()), "out"));
    });
}

meeple_status_t meeple_batch_write_features(const meeple_batch_t* batch, const int32_t* viewers, size_t viewers_len,
                                            int32_t variant, float* out, size_t len) {
    return using_batch(batch, [&](const Batch& b) {
        b.game().check_features(0, variant);
        const int32_t* v = input(viewers, viewers_len, b.size(), "viewers");
        b.write_features(v, variant, output(out, len, count(b, b.game().feature_size()), "out"));
    });
}

meeple_status_t meeple_batch_write_rewards(const meeple_batch_t* batch, float* out, size_t len) {
    return using_batch(batch, [&](const Batch& b) {
        b.write_rewards(output(out, len, count(b, b.game().num_players()), "out"));
    });
}

meeple_status_t meeple_batch_write_episodes(const meeple_batch_t* batch, int32_t* out_ints, size_t ints_len,
                                            float* out_returns, size_t returns_len) {
    return using_batch(batch, [&](const Batch& b) {
        int32_t* ints = output(out_ints, ints_len, count(b, kEpisodeInts), "out_ints");
        float* returns = output(out_returns, returns_len, count(b, b.game().num_players()), "out_returns");
        b.write_episodes(ints, returns);
    });
}

meeple_status_t meeple_batch_write_final_observations(const meeple_batch_t* batch, const int32_t* viewers,
                                                      size_t viewers_len, float* out, size_t len) {
    return using_batch(batch, [&](const Batch& b) {
        const int32_t* v = optional_viewers(b, viewers, viewers_len);
        b.write_final_observations(v, output(out, len, count(b, b.game().obs_size()), "out"));
    });
}

meeple_status_t meeple_batch_write_restarted_observations(const meeple_batch_t* batch, const int32_t* viewers,
                                                          size_t viewers_len, float* out, size_t len,
                                                          size_t* out_rows) {
    return using_batch(batch, [&](const Batch& b) {
        require(out_rows, "out_rows");
        const int32_t* v = optional_viewers(b, viewers, viewers_len);
        if (!out && len) fail(Status::invalid_argument, "out is NULL with a nonzero len; pass a buffer");
        const auto size = static_cast<std::size_t>(b.game().obs_size());
        const std::size_t rows = b.write_restarted_observations(v, out, out ? len / size : 0);
        *out_rows = rows;
        if (out && rows * size > len) {  // NULL out: the count query
            fail(Status::buffer_too_small, "out holds " + std::to_string(len / size) + " observations; " +
                                               std::to_string(rows) + " slots restarted");
        }
    });
}

meeple_status_t meeple_batch_write_restarted_observations_in_place(const meeple_batch_t* batch, const int32_t* viewers,
                                                                   size_t viewers_len, float* out, size_t len) {
    return using_batch(batch, [&](const Batch& b) {
        const int32_t* v = optional_viewers(b, viewers, viewers_len);
        b.write_restarted_observations_in_place(v, output(out, len, count(b, b.game().obs_size()), "out"));
    });
}

meeple_status_t meeple_batch_get_final_state(const meeple_batch_t* batch, size_t slot, meeple_state_t** out_state) {
    return using_batch(batch, [&](const Batch& b) {
        require(out_state, "out_state");
        check_slot(b, slot);
        if (!b.restarted(slot)) {
            fail(Status::wrong_state, "the last step did not restart slot " + std::to_string(slot) +
                                          ", so it holds no replaced game; read its state with meeple_batch_get_state");
        }
        auto s = make_state(b.game_ptr());
        s->change([&](void* r) { std::memcpy(r, b.final_record(slot), b.game().record_size()); });
        *out_state = s.release();
    });
}

meeple_status_t meeple_batch_take_episode_stats(meeple_batch_t* batch, meeple_batch_episode_stats_t* out_stats,
                                                double* out_mean_returns, size_t returns_len) {
    return using_batch(batch, [&](Batch& b) {
        meeple_batch_episode_stats_t& caller = require(out_stats, "out_stats");
        if (caller.struct_size < 8) {
            fail(Status::invalid_argument, "out_stats->struct_size is " + std::to_string(caller.struct_size) +
                                               "; set it to sizeof(meeple_batch_episode_stats_t)");
        }
        const auto players = static_cast<std::size_t>(b.game().num_players());
        double* means = output(out_mean_returns, returns_len, players, "out_mean_returns");
        const Batch::EpisodeStats stats = b.take_episode_stats();
        meeple_batch_episode_stats_t full{};
        full.episodes = stats.games;
        full.truncated = stats.truncated;
        const double games = static_cast<double>(stats.games);
        full.mean_length = stats.games ? static_cast<double>(stats.length) / games : 0.0;
        for (std::size_t p = 0; p < players; ++p) means[p] = stats.games ? stats.return_sums[p] / games + 0.0 : 0.0;
        fill_sized(out_stats, full, "meeple_batch_episode_stats_t");
    });
}

meeple_status_t meeple_batch_check_actions(const meeple_batch_t* batch, const int64_t* actions, size_t n,
                                           int32_t* out_actions, size_t out_len, size_t* out_first_illegal) {
    return using_batch(batch, [&](const Batch& b) {
        input(actions, n, b.size(), "actions");
        const std::size_t first = b.check_actions(actions, output(out_actions, out_len, b.size(), "out_actions"));
        if (out_first_illegal) *out_first_illegal = first;
        if (first < b.size()) {
            fail(Status::illegal_action, "actions[" + std::to_string(first) + "] = " + std::to_string(actions[first]) +
                                             " is not legal in slot " + std::to_string(first) +
                                             " now; the slot's legal actions are its mask's (meeple_batch_write_masks)");
        }
    });
}

meeple_status_t meeple_batch_illegal_counts(const meeple_batch_t* batch, int64_t* out, size_t len) {
    return using_batch(batch, [&](const Batch& b) {
        b.write_illegal_counts(output(out, len, b.size(), "out"));
    });
}

meeple_status_t meeple_batch_snapshot(const meeple_batch_t* batch, uint8_t* out, size_t len) {
    return using_batch(batch, [&](const Batch& b) {
        b.snapshot(output(out, len, b.size() * b.snapshot_bytes(), "out"));
    });
}

meeple_status_t meeple_batch_load(meeple_batch_t* batch, const uint8_t* data, size_t len) {
    return using_batch(batch, [&](Batch& b) {
        require(data, "data");
        b.load(data, len);
    });
}

meeple_status_t meeple_batch_reseed(meeple_batch_t* batch, uint64_t seed) {
    return using_batch(batch, [&](Batch& b) { b.reseed(seed); });
}

meeple_status_t meeple_batch_reseed_seeded(meeple_batch_t* batch, const uint64_t* seeds, size_t n) {
    return using_batch(batch, [&](Batch& b) {
        b.reseed(std::span<const std::uint64_t>(input(seeds, n, b.size(), "seeds"), n));
    });
}

meeple_status_t meeple_batch_reset_slots(meeple_batch_t* batch, const uint8_t* which, const uint64_t* seeds,
                                         size_t n) {
    return using_batch(batch, [&](Batch& b) {
        const uint8_t* w = input(which, n, b.size(), "which");
        b.reset_slots(w, seeds);
    });
}

meeple_status_t meeple_batch_get_state(const meeple_batch_t* batch, size_t slot, meeple_state_t** out_state) {
    return using_batch(batch, [&](const Batch& b) {
        require(out_state, "out_state");
        const void* rec = b.record(check_slot(b, slot));
        auto s = make_state(b.game_ptr());
        s->change([&](void* r) { std::memcpy(r, rec, b.game().record_size()); });
        *out_state = s.release();
    });
}

meeple_status_t meeple_batch_set_state(meeple_batch_t* batch, size_t slot, const meeple_state_t* state) {
    return using_batch(batch, [&](Batch& b) {
        const meeple_state& s = require(state, "state");
        check_slot(b, slot);
        if (s.game != b.game_ptr() && s.game->spec() != b.game().spec()) {
            fail(Status::invalid_argument, "cannot put a " + s.game->spec() + " state into a batch of " +
                                               b.game().spec() + "; both must be of the same game");
        }
        b.set_record(slot, s.rec());
    });
}

meeple_status_t meeple_run_random_games(const meeple_game_t* game, uint64_t n_games, uint64_t seed, int32_t threads,
                                        meeple_random_games_t* out_stats, uint64_t* out_wins, size_t wins_len,
                                        meeple_control_t* control) {
    return guarded([&] {
        const AnyGame& g = *require(game, "game").game;
        meeple_random_games_t& stats = require(out_stats, "out_stats");
        if (stats.struct_size < 8) {
            fail(Status::invalid_argument, "out_stats->struct_size is " + std::to_string(stats.struct_size) +
                                               "; set it to sizeof(meeple_random_games_t)");
        }
        output(out_wins, wins_len, static_cast<std::size_t>(g.num_players()), "out_wins");
        const RandomGamesStats totals = run_random_games(g, n_games, seed, threads, control_of(control));
        meeple_random_games_t full{};
        full.struct_size = stats.struct_size;
        full.games = totals.games;
        full.moves = totals.moves;
        full.truncated = totals.truncated;
        full.draws = totals.draws;
        const std::size_t fits = std::min<std::size_t>(stats.struct_size, sizeof full);
        std::memcpy(reinterpret_cast<unsigned char*>(&stats) + 4, reinterpret_cast<const unsigned char*>(&full) + 4,
                    fits - 4);
        std::copy(totals.wins.begin(), totals.wins.end(), out_wins);
    });
}

}  // extern "C"
