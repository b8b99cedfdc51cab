// meeple_state_*: one position of a game. Checks arguments, then calls the core.
#include <array>
#include <vector>

#include "capi/handles.hpp"
#include "core/snapshot.hpp"

using namespace meeple;
using namespace meeple::capi;

static_assert(MEEPLE_NOBODY == kNobody && MEEPLE_NOBODY == MEEPLE_BATCH_NOBODY);
static_assert(MEEPLE_FEATURES_SEAT == kFeaturesSeat && MEEPLE_FEATURES_OMNISCIENT == kFeaturesOmniscient);

namespace {

const meeple_state& state_of(const meeple_state_t* state) { return require(state, "state"); }

// The packed mask of meeple_state_action_mask into words (mask_words of them), after
// its checks: throws for a seat that owes no decision.
void mask_of(const meeple_state& s, int player, std::uint64_t* words) {
    const AnyGame& g = *s.game;
    player = g.resolve_player(s.rec(), player);
    if (player != kNobody) {
        g.check_seat(player, true);
        g.require_active(s.rec(), player);
    }
    std::memset(words, 0, sizeof(std::uint64_t) * static_cast<std::size_t>(g.mask_words()));
    if (player == kChance) {
        ChanceOutcome outcomes[kMaxChanceOutcomes];
        const int k = g.chance_outcomes(s.rec(), outcomes);
        for (int i = 0; i < k; ++i) words[outcomes[i].action >> 6] |= 1ull << (outcomes[i].action & 63);
    } else if (player != kNobody) {
        g.legal_mask(s.rec(), player, words);
    }
}

// Each byte value as the eight 0/1 bytes of its bits, lowest bit first in memory.
constexpr std::array<std::array<std::uint8_t, 8>, 256> kSpread = [] {
    std::array<std::array<std::uint8_t, 8>, 256> t{};
    for (int b = 0; b < 256; ++b) {
        for (int i = 0; i < 8; ++i) t[b][i] = static_cast<std::uint8_t>((b >> i) & 1);
    }
    return t;
}();

// out[a] = bit a of the packed mask, for a < n: eight actions a table lookup.
void spread_bits(const std::uint64_t* words, std::size_t n, std::uint8_t* out) {
    std::size_t a = 0;
    for (; a + 8 <= n; a += 8) {
        const auto byte = static_cast<unsigned>((words[a >> 6] >> (a & 63)) & 0xFFu);
        std::memcpy(out + a, kSpread[byte].data(), 8);
    }
    for (; a < n; ++a) out[a] = static_cast<std::uint8_t>((words[a >> 6] >> (a & 63)) & 1u);
}

template <class T>
void fill_vector(const std::vector<T>& v, T* out, std::size_t capacity, std::size_t* out_len) {
    fill(v.data(), v.size(), out, capacity, out_len);
}

}  // namespace

extern "C" {

meeple_status_t meeple_state_new(const meeple_game_t* game, uint64_t seed, meeple_state_t** out_state) {
    return guarded([&] {
        const auto& g = require(game, "game").game;
        require(out_state, "out_state");
        auto s = make_state(g);
        s->change([&](void* rec) { g->init(rec, seed); });
        *out_state = s.release();
    });
}

meeple_status_t meeple_state_clone(const meeple_state_t* state, meeple_state_t** out_state) {
    return guarded([&] {
        const meeple_state& src = state_of(state);
        require(out_state, "out_state");
        auto s = make_state(src.game);
        s->change([&](void* rec) { std::memcpy(rec, src.rec(), src.game->record_size()); });
        *out_state = s.release();
    });
}

meeple_status_t meeple_state_copy(meeple_state_t* dst, const meeple_state_t* src) {
    return guarded([&] {
        meeple_state& d = require(dst, "dst");
        const meeple_state& s = state_of(src);
        if (d.game != s.game && d.game->spec() != s.game->spec()) {
            fail(Status::invalid_argument, "cannot copy a " + s.game->spec() + " state into a " + d.game->spec() +
                                               " state; both must be of the same game");
        }
        if (&d != &s) d.change([&](void* rec) { std::memcpy(rec, s.rec(), s.game->record_size()); });
    });
}

void meeple_state_free(meeple_state_t* state) { delete state; }

meeple_status_t meeple_state_game(const meeple_state_t* state, meeple_game_t** out_game) {
    return guarded([&] {
        const meeple_state& s = state_of(state);
        require(out_game, "out_game");
        auto handle = std::make_unique<meeple_game>();
        handle->game = s.game;
        *out_game = handle.release();
    });
}

meeple_status_t meeple_state_active_players(const meeple_state_t* state, int32_t* out, size_t capacity,
                                            size_t* out_len) {
    return guarded([&] {
        const meeple_state& s = state_of(state);
        const Actors a = s.game->actors(s.rec());
        int32_t seats[kMaxPlayers + 1];
        std::size_t n = 0;
        if (a & kChanceBit) seats[n++] = MEEPLE_CHANCE;
        for (int i = 0; i < s.game->num_players(); ++i) {
            if ((a >> i) & 1u) seats[n++] = i;
        }
        fill(seats, n, out, capacity, out_len);
    });
}

meeple_status_t meeple_state_current_player(const meeple_state_t* state, int32_t* out_player) {
    return guarded([&] {
        const meeple_state& s = state_of(state);
        int32_t& out = require(out_player, "out_player");
        out = s.game->resolve_player(s.rec(), MEEPLE_ACTING_PLAYER);
    });
}

meeple_status_t meeple_state_legal_actions(const meeple_state_t* state, int32_t player, int32_t* out,
                                           size_t capacity, size_t* out_len) {
    return guarded([&] {
        const meeple_state& s = state_of(state);
        check_buffer(out, capacity, out_len);
        const std::size_t n = s.game->write_legal_actions(s.rec(), player, out, out ? capacity : 0);
        *out_len = n;
        if (out && capacity < n) {
            fail(Status::buffer_too_small, "buffer holds " + std::to_string(capacity) + " actions; " +
                                               std::to_string(n) + " are needed");
        }
    });
}

meeple_status_t meeple_state_action_mask(const meeple_state_t* state, int32_t player, uint64_t* out,
                                         size_t capacity, size_t* out_len) {
    return guarded([&] {
        const meeple_state& s = state_of(state);
        check_buffer(out, capacity, out_len);
        std::uint64_t words[kMaxActions / 64];
        mask_of(s, player, words);
        fill(words, static_cast<std::size_t>(s.game->mask_words()), out, capacity, out_len);
    });
}

meeple_status_t meeple_state_dense_action_mask(const meeple_state_t* state, int32_t player, uint8_t* out,
                                               size_t capacity, size_t* out_len) {
    return guarded([&] {
        const meeple_state& s = state_of(state);
        check_buffer(out, capacity, out_len);
        std::uint64_t words[kMaxActions / 64];
        mask_of(s, player, words);
        const auto n = static_cast<std::size_t>(s.game->num_actions());
        *out_len = n;
        if (!out) return;  // the size query
        if (capacity < n) {
            fail(Status::buffer_too_small, "buffer holds " + std::to_string(capacity) + " elements; " +
                                               std::to_string(n) + " are needed");
        }
        spread_bits(words, n, out);
    });
}

meeple_status_t meeple_state_is_legal(const meeple_state_t* state, int32_t player, int32_t action,
                                      int32_t* out_legal) {
    return guarded([&] {
        const meeple_state& s = state_of(state);
        int32_t& legal = require(out_legal, "out_legal");
        const AnyGame& g = *s.game;
        player = g.resolve_player(s.rec(), player);
        if (player != kNobody) g.check_seat(player, true);
        bool ok = false;
        if (action >= 0 && action < g.num_actions() && g.is_active(s.rec(), player)) {
            if (player == kChance) {
                std::vector<ChanceOutcome> outcomes(static_cast<std::size_t>(g.max_chance_outcomes()));
                const int k = g.chance_outcomes(s.rec(), outcomes.data());
                for (int i = 0; i < k; ++i) ok = ok || outcomes[i].action == action;
            } else {
                ok = g.legal(s.rec(), player, action);
            }
        }
        legal = ok ? 1 : 0;
    });
}

meeple_status_t meeple_state_apply(meeple_state_t* state, int32_t player, int32_t action) {
    return guarded([&] {
        require(state, "state").apply(player, action);
    });
}

meeple_status_t meeple_state_apply_and_list(meeple_state_t* state, int32_t player, int32_t action, int32_t* out,
                                            size_t capacity) {
    return guarded([&] {
        meeple_state& s = require(state, "state");
        if (!out && capacity) fail(Status::invalid_argument, "out is NULL with a nonzero capacity; pass a buffer");
        s.apply(player, action);
        // The status just refreshed names who acts next; several at once have no one
        // list, and a listing that does not fit writes nothing (write_listing's rule).
        const std::int32_t next = s.status.current_player;
        if (next == MEEPLE_SEVERAL_ACTIVE) return;
        const std::size_t n = s.game->write_listing(s.rec(), next, out, capacity);
        if (n <= capacity) s.status.listed = static_cast<std::int32_t>(n);
    });
}

meeple_status_t meeple_state_apply_call(const meeple_apply_call_t* call) {
    if (!call) return set_error(Status::invalid_argument, "call is NULL; pass a filled meeple_apply_call_t");
    return meeple_state_apply_and_list(call->state, call->player, call->action, call->out, call->capacity);
}

meeple_status_t meeple_state_is_terminal(const meeple_state_t* state, int32_t* out) {
    return guarded([&] {
        const meeple_state& s = state_of(state);
        require(out, "out") = s.game->is_terminal(s.rec()) ? 1 : 0;
    });
}

meeple_status_t meeple_state_truncated(const meeple_state_t* state, int32_t* out) {
    return guarded([&] {
        const meeple_state& s = state_of(state);
        require(out, "out") = s.game->truncated(s.rec()) ? 1 : 0;
    });
}

meeple_status_t meeple_state_returns(const meeple_state_t* state, double* out, size_t capacity,
                                     size_t* out_len) {
    return guarded([&] {
        const meeple_state& s = state_of(state);
        check_buffer(out, capacity, out_len);
        std::vector<double> values(static_cast<std::size_t>(s.game->num_players()));
        s.game->returns(s.rec(), values.data());
        fill_vector(values, out, capacity, out_len);
    });
}

meeple_status_t meeple_state_step_reward(const meeple_state_t* state, double* out, size_t capacity,
                                         size_t* out_len) {
    return guarded([&] {
        const meeple_state& s = state_of(state);
        check_buffer(out, capacity, out_len);
        std::vector<double> values(static_cast<std::size_t>(s.game->num_players()));
        s.game->step_reward(s.rec(), values.data());
        fill_vector(values, out, capacity, out_len);
    });
}

meeple_status_t meeple_state_chance_outcomes(const meeple_state_t* state, int32_t* out_actions,
                                             double* out_probs, size_t capacity, size_t* out_len) {
    return guarded([&] {
        const meeple_state& s = state_of(state);
        require(out_len, "out_len");
        if ((!out_actions || !out_probs) && capacity) {
            fail(Status::invalid_argument, "out_actions and out_probs must both be given when capacity > 0");
        }
        std::vector<ChanceOutcome> outcomes(static_cast<std::size_t>(s.game->max_chance_outcomes()));
        const std::size_t n = static_cast<std::size_t>(s.game->chance_outcomes(s.rec(), outcomes.data()));
        *out_len = n;
        if (capacity == 0 && (!out_actions || !out_probs)) return;
        if (capacity < n) {
            fail(Status::buffer_too_small, "buffers hold " + std::to_string(capacity) + " outcomes; " +
                                               std::to_string(n) + " are needed");
        }
        for (std::size_t i = 0; i < n; ++i) {
            out_actions[i] = outcomes[i].action;
            out_probs[i] = outcomes[i].probability;
        }
    });
}

meeple_status_t meeple_state_observation(const meeple_state_t* state, int32_t viewer, float* out,
                                         size_t capacity, size_t* out_len) {
    return guarded([&] {
        const meeple_state& s = state_of(state);
        check_buffer(out, capacity, out_len);
        s.game->check_viewer(viewer);
        std::vector<float> obs(static_cast<std::size_t>(s.game->obs_size()), 0.0f);
        s.game->observe(s.rec(), viewer, obs.data());
        fill_vector(obs, out, capacity, out_len);
    });
}

meeple_status_t meeple_state_features(const meeple_state_t* state, int32_t viewer, int32_t variant, float* out,
                                      size_t capacity, size_t* out_len) {
    return guarded([&] {
        const meeple_state& s = state_of(state);
        check_buffer(out, capacity, out_len);
        s.game->check_features(viewer, variant);
        std::vector<float> features(static_cast<std::size_t>(s.game->feature_size()), 0.0f);
        s.game->features(s.rec(), viewer, variant, features.data());
        fill_vector(features, out, capacity, out_len);
    });
}

meeple_status_t meeple_state_view_json(const meeple_state_t* state, int32_t viewer, char* out,
                                       size_t capacity, size_t* out_len) {
    return guarded([&] {
        const meeple_state& s = state_of(state);
        check_buffer(out, capacity, out_len);
        s.game->check_viewer(viewer);
        fill_string(s.game->view_json(s.rec(), viewer), out, capacity, out_len);
    });
}

meeple_status_t meeple_state_render(const meeple_state_t* state, char* out, size_t capacity, size_t* out_len) {
    return guarded([&] {
        const meeple_state& s = state_of(state);
        check_buffer(out, capacity, out_len);
        fill_string(s.game->render(s.rec()), out, capacity, out_len);
    });
}

meeple_status_t meeple_state_snapshot(const meeple_state_t* state, uint8_t* out, size_t capacity,
                                      size_t* out_len) {
    return guarded([&] {
        const meeple_state& s = state_of(state);
        check_buffer(out, capacity, out_len);
        std::vector<uint8_t> bytes(snapshot_size(*s.game));
        write_snapshot(*s.game, s.rec(), bytes.data());
        fill_vector(bytes, out, capacity, out_len);
    });
}

meeple_status_t meeple_state_restore(const meeple_game_t* game, const uint8_t* data, size_t len,
                                     meeple_state_t** out_state) {
    return guarded([&] {
        const auto& g = require(game, "game").game;
        require(out_state, "out_state");
        if (!data && len) fail(Status::invalid_argument, "data is NULL but len is " + std::to_string(len));
        auto s = make_state(g);
        static const std::uint8_t kEmpty = 0;
        s->change([&](void* rec) { read_snapshot(*g, data ? data : &kEmpty, len, rec); });
        *out_state = s.release();
    });
}

meeple_status_t meeple_state_determinize(const meeple_state_t* state, int32_t pov, uint64_t seed,
                                         meeple_state_t** out_state) {
    return guarded([&] {
        const meeple_state& src = state_of(state);
        require(out_state, "out_state");
        src.game->check_seat(pov, false);
        auto s = make_state(src.game);
        s->change([&](void* rec) {
            std::memcpy(rec, src.rec(), src.game->record_size());
            src.game->determinize(rec, pov, seed);
        });
        *out_state = s.release();
    });
}

meeple_status_t meeple_state_hash(const meeple_state_t* state, uint64_t* out_hash) {
    return guarded([&] {
        const meeple_state& s = state_of(state);
        require(out_hash, "out_hash") = s.game->position_hash(s.rec());
    });
}

meeple_status_t meeple_state_equal_position(const meeple_state_t* a, const meeple_state_t* b, int32_t* out_equal) {
    return guarded([&] {
        const meeple_state& x = require(a, "a");
        const meeple_state& y = require(b, "b");
        int32_t& out = require(out_equal, "out_equal");
        const bool same_game = x.game == y.game || x.game->spec() == y.game->spec();
        out = same_game && x.game->same_position(x.rec(), y.rec()) ? 1 : 0;
    });
}

const meeple_state_status_t* meeple_state_status(const meeple_state_t* state) {
    return state ? &state->status : nullptr;
}

meeple_status_t meeple_state_move_number(const meeple_state_t* state, int64_t* out) {
    return guarded([&] {
        const meeple_state& s = state_of(state);
        require(out, "out") = static_cast<int64_t>(s.game->move_number(s.rec()));
    });
}

}  // extern "C"
