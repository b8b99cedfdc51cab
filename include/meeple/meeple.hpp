// meeple.hpp - header-only C++17 RAII wrappers over every C function of meeple.h.
// Failures throw meeple::Error carrying the status code and the library's message.
// Each wrapper is a thin call into the C ABI: the rules, statuses and array layouts
// are those documented in meeple.h, and the handles stay reachable through handle()
// for anything a caller wants to do in C.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "meeple/meeple.h"

namespace meeple {

class Error : public std::runtime_error {
public:
    Error(meeple_status_t status, const std::string& message)
        : std::runtime_error(message), status_(status) {}
    meeple_status_t status() const noexcept { return status_; }

private:
    meeple_status_t status_;
};

inline void check(meeple_status_t status) {
    if (status != MEEPLE_OK) {
        throw Error(status, std::string(meeple_status_name(status)) + ": " + meeple_last_error_message());
    }
}

namespace detail {
struct GameFree {
    void operator()(meeple_game_t* g) const noexcept { meeple_game_free(g); }
};
struct StateFree {
    void operator()(meeple_state_t* s) const noexcept { meeple_state_free(s); }
};

// Runs a query-then-fill call twice: once for the size, once to fill.
template <class T, class F>
std::vector<T> fetch(F&& call) {
    std::size_t n = 0;
    check(call(static_cast<T*>(nullptr), 0, &n));
    std::vector<T> out(n);
    check(call(out.data(), out.size(), &n));
    out.resize(n);
    return out;
}

template <class F>
std::string fetch_string(F&& call) {
    std::size_t n = 0;
    check(call(static_cast<char*>(nullptr), 0, &n));
    std::string out(n + 1, '\0');
    check(call(&out[0], out.size(), &n));
    out.resize(n);
    return out;
}
}  // namespace detail

// ---- Library ----

// The ABI of the loaded library; equal to MEEPLE_ABI_VERSION when header and library match.
inline std::uint32_t abi_version() { return meeple_abi_version(); }
inline std::string version() { return meeple_version_string(); }
inline std::string status_name(meeple_status_t status) { return meeple_status_name(status); }
// The registered game names, in order.
inline std::vector<std::string> game_names() {
    const std::string all = detail::fetch_string([](char* o, std::size_t c, std::size_t* n) { return meeple_game_names(o, c, n); });
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start < all.size()) {
        std::size_t comma = all.find(',', start);
        if (comma == std::string::npos) comma = all.size();
        out.push_back(all.substr(start, comma - start));
        start = comma + 1;
    }
    return out;
}
// The seed of item `index` under `seed` (see meeple_batch_derive_seed).
inline std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t index) { return meeple_batch_derive_seed(seed, index); }

class State;

// ---- Games ----

class Game {
public:
    explicit Game(const std::string& spec) {
        meeple_game_t* g = nullptr;
        check(meeple_game_new(spec.c_str(), &g));
        adopt(g);
    }

    std::string spec() const {
        return detail::fetch_string([&](char* o, std::size_t c, std::size_t* n) { return meeple_game_spec(ptr_.get(), o, c, n); });
    }
    const meeple_game_info_t& info() const { return info_; }
    int num_players() const { return info_.num_players; }
    int num_actions() const { return info_.num_actions; }
    int mask_words() const { return info_.mask_words; }
    int obs_size() const { return info_.obs_size; }
    int max_chance_outcomes() const { return info_.max_chance_outcomes; }
    std::size_t snapshot_size() const { return info_.snapshot_size; }
    std::uint32_t state_version() const { return info_.state_version; }
    std::string describe_json() const {
        return detail::fetch_string(
            [&](char* o, std::size_t c, std::size_t* n) { return meeple_game_describe_json(ptr_.get(), o, c, n); });
    }
    std::string action_name(int action) const {
        return detail::fetch_string(
            [&](char* o, std::size_t c, std::size_t* n) { return meeple_game_action_name(ptr_.get(), action, o, c, n); });
    }
    // Constant data the game publishes under `key` (for catan, "topology"), as JSON.
    std::string data_json(const std::string& key) const {
        return detail::fetch_string([&](char* o, std::size_t c, std::size_t* n) {
            return meeple_game_data_json(ptr_.get(), key.c_str(), o, c, n);
        });
    }
    // Feature vectors for value networks (games that have them; else InvalidArgument):
    // the field table as JSON, and the number of floats in one vector.
    std::string features_json() const {
        return detail::fetch_string(
            [&](char* o, std::size_t c, std::size_t* n) { return meeple_game_features_json(ptr_.get(), o, c, n); });
    }
    std::size_t feature_size() const;
    // The columns of this game's batch event rows, as JSON (names and meanings).
    std::string event_fields_json() const {
        return detail::fetch_string(
            [&](char* o, std::size_t c, std::size_t* n) { return meeple_game_event_fields_json(ptr_.get(), o, c, n); });
    }
    State new_state(std::uint64_t seed) const;
    // A state from meeple_state_snapshot bytes, checked, never trusted.
    State restore(const std::vector<std::uint8_t>& snapshot) const;
    // A state from a described position in the game's own JSON layout (docs/<game>.md).
    State from_position(const std::string& position_json, std::uint64_t seed = 0) const;
    const meeple_game_t* handle() const { return ptr_.get(); }

    // Takes ownership of a handle from meeple_game_new, meeple_state_game or meeple_batch_game.
    static Game adopt_handle(meeple_game_t* owned) { return Game(owned); }

private:
    explicit Game(meeple_game_t* owned) { adopt(owned); }
    void adopt(meeple_game_t* g) {
        ptr_.reset(g, detail::GameFree{});
        info_.struct_size = sizeof info_;
        check(meeple_game_info(ptr_.get(), &info_));
    }

    std::shared_ptr<meeple_game_t> ptr_;
    meeple_game_info_t info_{};
};

// ---- States ----

// One pending chance outcome: an action of MEEPLE_CHANCE and its probability.
struct ChanceOutcome {
    std::int32_t action;
    double probability;
};

class State {
public:
    // Takes ownership of a handle.
    explicit State(meeple_state_t* owned) : ptr_(owned) {}
    State(const State& other) {
        meeple_state_t* s = nullptr;
        check(meeple_state_clone(other.ptr_.get(), &s));
        ptr_.reset(s);
    }
    State(State&&) noexcept = default;
    State& operator=(State&&) noexcept = default;
    // Copies `other` into this state's memory without allocating when both are of
    // the same game (meeple_state_copy); otherwise this state becomes a clone of it.
    State& operator=(const State& other) {
        if (this == &other) return *this;
        // A state of another game is the only way meeple_state_copy fails on two live
        // states; then this one becomes a clone instead.
        if (!ptr_ || meeple_state_copy(ptr_.get(), other.ptr_.get()) != MEEPLE_OK) {
            meeple_state_t* s = nullptr;
            check(meeple_state_clone(other.ptr_.get(), &s));
            ptr_.reset(s);
        }
        return *this;
    }
    // Copies `other` (of the same game) into this state without allocating; throws
    // Error(MEEPLE_ERR_INVALID_ARGUMENT) for a state of another game.
    void copy_from(const State& other) { check(meeple_state_copy(ptr_.get(), other.ptr_.get())); }

    Game game() const {
        meeple_game_t* g = nullptr;
        check(meeple_state_game(ptr_.get(), &g));
        return Game::adopt_handle(g);
    }
    std::vector<std::int32_t> active_players() const {
        return detail::fetch<std::int32_t>(
            [&](std::int32_t* o, std::size_t c, std::size_t* n) { return meeple_state_active_players(ptr_.get(), o, c, n); });
    }
    // The one player who owes the pending decision (a seat or MEEPLE_CHANCE), or
    // MEEPLE_NOBODY once the game is over; throws when several seats are active.
    std::int32_t current_player() const {
        std::int32_t out = MEEPLE_NOBODY;
        check(meeple_state_current_player(ptr_.get(), &out));
        return out;
    }
    std::vector<std::int32_t> legal_actions(std::int32_t player = MEEPLE_ACTING_PLAYER) const {
        return detail::fetch<std::int32_t>([&](std::int32_t* o, std::size_t c, std::size_t* n) {
            return meeple_state_legal_actions(ptr_.get(), player, o, c, n);
        });
    }
    // The packed mask: bit a % 64 of word a / 64 is set when action a is legal.
    std::vector<std::uint64_t> action_mask(std::int32_t player = MEEPLE_ACTING_PLAYER) const {
        return detail::fetch<std::uint64_t>([&](std::uint64_t* o, std::size_t c, std::size_t* n) {
            return meeple_state_action_mask(ptr_.get(), player, o, c, n);
        });
    }
    // One byte an action: 1 where the action is legal.
    std::vector<std::uint8_t> dense_action_mask(std::int32_t player = MEEPLE_ACTING_PLAYER) const {
        return detail::fetch<std::uint8_t>([&](std::uint8_t* o, std::size_t c, std::size_t* n) {
            return meeple_state_dense_action_mask(ptr_.get(), player, o, c, n);
        });
    }
    bool is_legal(std::int32_t action, std::int32_t player = MEEPLE_ACTING_PLAYER) const {
        std::int32_t out = 0;
        check(meeple_state_is_legal(ptr_.get(), player, action, &out));
        return out != 0;
    }
    void apply(std::int32_t action, std::int32_t player = MEEPLE_ACTING_PLAYER) {
        check(meeple_state_apply(ptr_.get(), player, action));
    }
    // apply(), then the next acting player's legal actions written into out[0..capacity)
    // (meeple_state_apply_and_list): status().listed says how many, -1 where there is no
    // one list or it does not fit.
    void apply_and_list(std::int32_t action, std::int32_t* out, std::size_t capacity,
                        std::int32_t player = MEEPLE_ACTING_PLAYER) {
        check(meeple_state_apply_and_list(ptr_.get(), player, action, out, capacity));
    }
    // The same through a struct the caller fills once (meeple_state_apply_call); its
    // `state` is handle() of the state to play.
    static void apply_call(const meeple_apply_call_t& call) { check(meeple_state_apply_call(&call)); }
    // Game holdem: a bet or raise to a wager of `to` chips this street (meeple_holdem_raise_to).
    void holdem_raise_to(std::int64_t to, std::int32_t player = MEEPLE_ACTING_PLAYER) {
        check(meeple_holdem_raise_to(ptr_.get(), player, to));
    }
    bool is_terminal() const {
        std::int32_t out = 0;
        check(meeple_state_is_terminal(ptr_.get(), &out));
        return out != 0;
    }
    bool truncated() const {
        std::int32_t out = 0;
        check(meeple_state_truncated(ptr_.get(), &out));
        return out != 0;
    }
    std::vector<double> returns() const {
        return detail::fetch<double>(
            [&](double* o, std::size_t c, std::size_t* n) { return meeple_state_returns(ptr_.get(), o, c, n); });
    }
    std::vector<double> step_reward() const {
        return detail::fetch<double>(
            [&](double* o, std::size_t c, std::size_t* n) { return meeple_state_step_reward(ptr_.get(), o, c, n); });
    }
    std::int64_t move_number() const {
        std::int64_t out = 0;
        check(meeple_state_move_number(ptr_.get(), &out));
        return out;
    }
    // The per-step facts without a call (meeple_state_status): the library keeps the
    // struct current after every change, and the reference lives as long as the state.
    const meeple_state_status_t& status() const { return *meeple_state_status(ptr_.get()); }
    std::vector<ChanceOutcome> chance_outcomes() const {
        std::size_t n = 0;
        check(meeple_state_chance_outcomes(ptr_.get(), nullptr, nullptr, 0, &n));
        std::vector<std::int32_t> actions(n);
        std::vector<double> probs(n);
        if (n) check(meeple_state_chance_outcomes(ptr_.get(), actions.data(), probs.data(), n, &n));
        std::vector<ChanceOutcome> out;
        out.reserve(n);
        for (std::size_t i = 0; i < n; ++i) out.push_back(ChanceOutcome{actions[i], probs[i]});
        return out;
    }
    // Every successor of `player` playing `action`, with its probability (see
    // meeple_state_enumerate_outcomes); this state is not changed.
    std::vector<std::pair<State, double>> enumerate_outcomes(std::int32_t action,
                                                             std::int32_t player = MEEPLE_ACTING_PLAYER) const {
        std::size_t n = 0;
        check(meeple_state_enumerate_outcomes(ptr_.get(), player, action, nullptr, nullptr, 0, &n));
        std::vector<meeple_state_t*> states(n, nullptr);
        std::vector<double> probs(n);
        check(meeple_state_enumerate_outcomes(ptr_.get(), player, action, states.data(), probs.data(), n, &n));
        std::vector<std::pair<State, double>> out;
        out.reserve(n);
        for (std::size_t i = 0; i < n; ++i) out.emplace_back(State(states[i]), probs[i]);
        return out;
    }
    std::vector<float> observation(std::int32_t viewer) const {
        return detail::fetch<float>([&](float* o, std::size_t c, std::size_t* n) {
            return meeple_state_observation(ptr_.get(), viewer, o, c, n);
        });
    }
    // The same into a caller's vector, resized only when too short (no allocation in a loop).
    void observation(std::int32_t viewer, std::vector<float>& out) const {
        std::size_t n = 0;
        check(meeple_state_observation(ptr_.get(), viewer, nullptr, 0, &n));
        if (out.size() < n) out.resize(n);
        check(meeple_state_observation(ptr_.get(), viewer, out.data(), out.size(), &n));
    }
    // The feature vector of seat `viewer` in `variant` (MEEPLE_FEATURES_SEAT or
    // MEEPLE_FEATURES_OMNISCIENT).
    std::vector<float> features(std::int32_t viewer, std::int32_t variant = MEEPLE_FEATURES_SEAT) const {
        return detail::fetch<float>([&](float* o, std::size_t c, std::size_t* n) {
            return meeple_state_features(ptr_.get(), viewer, variant, o, c, n);
        });
    }
    std::string view_json(std::int32_t viewer = MEEPLE_VIEW_PUBLIC) const {
        return detail::fetch_string([&](char* o, std::size_t c, std::size_t* n) {
            return meeple_state_view_json(ptr_.get(), viewer, o, c, n);
        });
    }
    std::string render() const {
        return detail::fetch_string([&](char* o, std::size_t c, std::size_t* n) { return meeple_state_render(ptr_.get(), o, c, n); });
    }
    std::vector<std::uint8_t> snapshot() const {
        return detail::fetch<std::uint8_t>(
            [&](std::uint8_t* o, std::size_t c, std::size_t* n) { return meeple_state_snapshot(ptr_.get(), o, c, n); });
    }
    // A copy in which everything `pov` cannot see is redrawn from `seed`.
    State determinize(std::int32_t pov, std::uint64_t seed) const {
        meeple_state_t* s = nullptr;
        check(meeple_state_determinize(ptr_.get(), pov, seed, &s));
        return State(s);
    }
    // The position hash (generator and move number left out), for transposition tables.
    std::uint64_t hash() const {
        std::uint64_t out = 0;
        check(meeple_state_hash(ptr_.get(), &out));
        return out;
    }
    // Whether `other` holds the same position, generators and move numbers aside.
    bool same_position(const State& other) const {
        std::int32_t out = 0;
        check(meeple_state_equal_position(ptr_.get(), other.ptr_.get(), &out));
        return out != 0;
    }
    const meeple_state_t* handle() const { return ptr_.get(); }
    meeple_state_t* handle() { return ptr_.get(); }

private:
    std::unique_ptr<meeple_state_t, detail::StateFree> ptr_;
};

inline State Game::new_state(std::uint64_t seed) const {
    meeple_state_t* s = nullptr;
    check(meeple_state_new(ptr_.get(), seed, &s));
    return State(s);
}

inline std::size_t Game::feature_size() const { return new_state(0).features(0).size(); }

inline State Game::restore(const std::vector<std::uint8_t>& snapshot) const {
    meeple_state_t* s = nullptr;
    check(meeple_state_restore(ptr_.get(), snapshot.data(), snapshot.size(), &s));
    return State(s);
}

inline State Game::from_position(const std::string& position_json, std::uint64_t seed) const {
    meeple_state_t* s = nullptr;
    check(meeple_state_from_position(ptr_.get(), position_json.c_str(), seed, &s));
    return State(s);
}

// ---- Batches ----

// Games finished since the last Batch::take_episode_stats.
struct EpisodeStats {
    std::uint64_t episodes = 0, truncated = 0;
    double mean_length = 0;
    std::vector<double> mean_returns;  // per seat
};

// N games of one kind stepped and read by whole-batch calls (see meeple.h, Batches).
// Reads fill a caller's vector, resizing it only when it is too short, so a loop that
// reuses its vectors allocates nothing after the first step.
class Batch {
public:
    Batch(const Game& game, std::size_t n, std::uint64_t seed = 0, std::int32_t threads = 0) {
        meeple_batch_t* b = nullptr;
        check(meeple_batch_new(game.handle(), n, seed, threads, &b));
        adopt(b);
    }
    // Slot i starts from seeds[i]: it holds the game of game.new_state(seeds[i]).
    Batch(const Game& game, const std::vector<std::uint64_t>& seeds, std::int32_t threads = 0) {
        meeple_batch_t* b = nullptr;
        check(meeple_batch_new_seeded(game.handle(), seeds.data(), seeds.size(), threads, &b));
        adopt(b);
    }

    std::size_t size() const { return static_cast<std::size_t>(info_.n); }
    int threads() const { return info_.threads; }
    const meeple_batch_info_t& info() const { return info_; }
    Game game() const {
        meeple_game_t* g = nullptr;
        check(meeple_batch_game(ptr_.get(), &g));
        return Game::adopt_handle(g);
    }

    // actions.size() must be size(); dones receives one 0/1 a slot.
    void step(const std::vector<std::int32_t>& actions, std::vector<std::uint8_t>& dones) {
        fit(dones, 1);
        check(meeple_batch_step(ptr_.get(), actions.data(), actions.size(), dones.data()));
    }
    void step_autoreset(const std::vector<std::int32_t>& actions, std::vector<std::uint8_t>& dones) {
        fit(dones, 1);
        check(meeple_batch_step_autoreset(ptr_.get(), actions.data(), actions.size(), dones.data()));
    }
    // A step (autoreset or not) that also fills masks and observations in the same pass:
    // the same values as step or step_autoreset followed by masks() and observations().
    void step_and_read(const std::vector<std::int32_t>& actions, bool autoreset, std::vector<std::uint8_t>& dones,
                       std::vector<std::uint64_t>& masks, std::vector<float>& observations) {
        fit(dones, 1);
        fit(masks, info_.mask_words);
        fit(observations, info_.obs_size);
        check(meeple_batch_step_and_read(ptr_.get(), actions.data(), actions.size(), autoreset ? 1 : 0, dones.data(),
                                         masks.data(), masks.size(), observations.data(), observations.size()));
    }

    // Checks a step's actions as step() would, changing nothing: returns the first slot
    // whose action is not legal now, or size() when all are, and then `out` holds them
    // as int32, ready for step().
    std::size_t first_illegal(const std::vector<std::int64_t>& actions, std::vector<std::int32_t>& out) const {
        fit(out, 1);
        std::size_t first = 0;
        const meeple_status_t status = meeple_batch_check_actions(ptr_.get(), actions.data(), actions.size(),
                                                                  out.data(), out.size(), &first);
        if (status != MEEPLE_ERR_ILLEGAL_ACTION) check(status);
        return first;
    }

    void masks(std::vector<std::uint64_t>& out) const {
        fit(out, info_.mask_words);
        check(meeple_batch_write_masks(ptr_.get(), out.data(), out.size()));
    }
    void dense_masks(std::vector<std::uint8_t>& out) const {
        fit(out, info_.num_actions);
        check(meeple_batch_write_dense_masks(ptr_.get(), out.data(), out.size()));
    }
    void actors(std::vector<std::int32_t>& out) const {
        fit(out, 1);
        check(meeple_batch_write_actors(ptr_.get(), out.data(), out.size()));
    }
    void status(std::vector<std::int32_t>& out) const {
        fit(out, MEEPLE_BATCH_STATUS_INTS);
        check(meeple_batch_write_status(ptr_.get(), out.data(), out.size()));
    }
    void observations(std::vector<float>& out) const {
        fit(out, info_.obs_size);
        check(meeple_batch_write_observations(ptr_.get(), out.data(), out.size()));
    }
    // Observations of viewers[i] (a seat, MEEPLE_VIEW_PUBLIC or MEEPLE_VIEW_ALL) for slot i.
    void observations(const std::vector<std::int32_t>& viewers, std::vector<float>& out) const {
        fit(out, info_.obs_size);
        check(meeple_batch_write_observations_for(ptr_.get(), viewers.data(), viewers.size(), out.data(), out.size()));
    }
    // The same for the slots with which[i] != 0 only, each into its own row of out
    // (n rows); the other rows keep what they held.
    void observations_where(const std::vector<std::uint8_t>& which, const std::vector<std::int32_t>& viewers,
                            std::vector<float>& out) const {
        fit(out, info_.obs_size);
        check(meeple_batch_write_observations_where(ptr_.get(), which.data(), which.size(), viewers.data(),
                                                    viewers.size(), out.data(), out.size()));
    }
    // Feature vectors of seats viewers[i] in `variant` for slot i, [n, feature_size].
    void features(const std::vector<std::int32_t>& viewers, std::int32_t variant, std::vector<float>& out) const {
        fit(out, static_cast<std::int32_t>(game().feature_size()));
        check(meeple_batch_write_features(ptr_.get(), viewers.data(), viewers.size(), variant, out.data(), out.size()));
    }
    // Final observations of the games the last autoreset replaced (zeros elsewhere),
    // from the public view, or from viewers[i] when viewers is not empty.
    void final_observations(std::vector<float>& out, const std::vector<std::int32_t>& viewers = {}) const {
        fit(out, info_.obs_size);
        check(meeple_batch_write_final_observations(ptr_.get(), viewers.empty() ? nullptr : viewers.data(),
                                                    viewers.size(), out.data(), out.size()));
    }
    // The same for the restarted slots only, one row each in slot order; returns their number.
    std::size_t restarted_observations(std::vector<float>& out, const std::vector<std::int32_t>& viewers = {}) const {
        std::size_t rows = 0;
        const std::int32_t* v = viewers.empty() ? nullptr : viewers.data();
        check(meeple_batch_write_restarted_observations(ptr_.get(), v, viewers.size(), nullptr, 0, &rows));
        out.resize(rows * static_cast<std::size_t>(info_.obs_size));
        check(meeple_batch_write_restarted_observations(ptr_.get(), v, viewers.size(), out.data(), out.size(), &rows));
        return rows;
    }
    // The final observations of the restarted slots, each into its own row of out (n
    // rows); the other rows keep what they held.
    void restarted_observations_in_place(std::vector<float>& out, const std::vector<std::int32_t>& viewers = {}) const {
        fit(out, info_.obs_size);
        check(meeple_batch_write_restarted_observations_in_place(
            ptr_.get(), viewers.empty() ? nullptr : viewers.data(), viewers.size(), out.data(), out.size()));
    }
    // The finished game the last autoreset replaced in `slot`.
    State final_state(std::size_t slot) const {
        meeple_state_t* s = nullptr;
        check(meeple_batch_get_final_state(ptr_.get(), slot, &s));
        return State(s);
    }
    void rewards(std::vector<float>& out) const {
        fit(out, info_.num_players);
        check(meeple_batch_write_rewards(ptr_.get(), out.data(), out.size()));
    }
    void episodes(std::vector<std::int32_t>& ints, std::vector<float>& returns) const {
        fit(ints, MEEPLE_BATCH_EPISODE_INTS);
        fit(returns, info_.num_players);
        check(meeple_batch_write_episodes(ptr_.get(), ints.data(), ints.size(), returns.data(), returns.size()));
    }
    // Statistics of the games finished since the last call; clears them.
    EpisodeStats take_episode_stats() {
        meeple_batch_episode_stats_t stats{};
        stats.struct_size = sizeof stats;
        EpisodeStats out;
        out.mean_returns.resize(static_cast<std::size_t>(info_.num_players));
        check(meeple_batch_take_episode_stats(ptr_.get(), &stats, out.mean_returns.data(), out.mean_returns.size()));
        out.episodes = stats.episodes;
        out.truncated = stats.truncated;
        out.mean_length = stats.mean_length;
        return out;
    }
    // Event recording (docs/recording.md): MEEPLE_RECORD_* bits, 0 to stop.
    void record_events(std::uint32_t mask, std::size_t capacity_rows = std::size_t{1} << 20) {
        check(meeple_batch_record_events(ptr_.get(), mask, capacity_rows));
    }
    meeple_event_info_t event_info() const {
        meeple_event_info_t info{};
        info.struct_size = sizeof info;
        check(meeple_batch_event_info(ptr_.get(), &info));
        return info;
    }
    // Appends every queued event row (row_ints ints each) to `rows`; returns how many.
    std::size_t drain_events(std::vector<std::int32_t>& rows) {
        const meeple_event_info_t info = event_info();
        const std::size_t at = rows.size();
        rows.resize(at + static_cast<std::size_t>(info.queued) * info.row_ints);
        std::size_t got = 0;
        check(meeple_batch_drain_events(ptr_.get(), rows.data() + at, rows.size() - at, &got));
        rows.resize(at + got * info.row_ints);
        return got;
    }
    std::vector<std::int64_t> illegal_counts() const {
        std::vector<std::int64_t> out(size());
        check(meeple_batch_illegal_counts(ptr_.get(), out.data(), out.size()));
        return out;
    }
    std::vector<std::uint8_t> snapshot() const {
        std::vector<std::uint8_t> out;
        fit(out, static_cast<std::int32_t>(info_.snapshot_size));
        check(meeple_batch_snapshot(ptr_.get(), out.data(), out.size()));
        return out;
    }
    void load(const std::vector<std::uint8_t>& rows) { check(meeple_batch_load(ptr_.get(), rows.data(), rows.size())); }
    void reseed(std::uint64_t seed) { check(meeple_batch_reseed(ptr_.get(), seed)); }
    void reseed(const std::vector<std::uint64_t>& seeds) {
        check(meeple_batch_reseed_seeded(ptr_.get(), seeds.data(), seeds.size()));
    }
    // Restarts every slot i with which[i] != 0: from seeds[i] when seeds is not empty,
    // else from the slot's next restart seed.
    void reset_slots(const std::vector<std::uint8_t>& which, const std::vector<std::uint64_t>& seeds = {}) {
        if (!seeds.empty() && seeds.size() != which.size()) {
            throw Error(MEEPLE_ERR_INVALID_ARGUMENT, "reset_slots: pass one seed a slot, or none");
        }
        check(meeple_batch_reset_slots(ptr_.get(), which.data(), seeds.empty() ? nullptr : seeds.data(), which.size()));
    }
    State state(std::size_t slot) const {
        meeple_state_t* s = nullptr;
        check(meeple_batch_get_state(ptr_.get(), slot, &s));
        return State(s);
    }
    void set_state(std::size_t slot, const State& state) { check(meeple_batch_set_state(ptr_.get(), slot, state.handle())); }
    const meeple_batch_t* handle() const { return ptr_.get(); }
    meeple_batch_t* handle() { return ptr_.get(); }

private:
    struct Free {
        void operator()(meeple_batch_t* b) const noexcept { meeple_batch_free(b); }
    };
    void adopt(meeple_batch_t* b) {
        ptr_.reset(b);
        info_.struct_size = sizeof info_;
        check(meeple_batch_info(ptr_.get(), &info_));
    }
    // Grows v to per_slot entries a slot. A statement of its own: inside one call's
    // arguments, v.size() might be read before the resize.
    template <class T>
    void fit(std::vector<T>& v, std::int32_t per_slot) const {
        const std::size_t want = size() * static_cast<std::size_t>(per_slot);
        if (v.size() < want) v.resize(want);
    }

    std::unique_ptr<meeple_batch_t, Free> ptr_;
    meeple_batch_info_t info_{};
};

// Totals of complete random games played in the library (see meeple_run_random_games).
struct RandomGames {
    std::uint64_t games = 0, moves = 0, truncated = 0, draws = 0;
    std::vector<std::uint64_t> wins;  // per seat
};

// `control` (optional): progress and cancellation, as meeple_run_random_games says; a
// cancelled run throws meeple::Error with MEEPLE_ERR_CANCELLED.
inline RandomGames run_random_games(const Game& game, std::uint64_t n_games, std::uint64_t seed = 0,
                                    std::int32_t threads = 0, meeple_control_t* control = nullptr) {
    meeple_random_games_t stats{};
    stats.struct_size = sizeof stats;
    RandomGames out;
    out.wins.resize(static_cast<std::size_t>(game.num_players()));
    check(meeple_run_random_games(game.handle(), n_games, seed, threads, &stats, out.wins.data(), out.wins.size(),
                                  control));
    out.games = stats.games;
    out.moves = stats.moves;
    out.truncated = stats.truncated;
    out.draws = stats.draws;
    return out;
}

// ---- Data generation ----

// Rows of meeple_run_datagen: features (rows x feature_size), labels (rows x seats),
// meta (rows x MEEPLE_DATAGEN_META_COLUMNS).
struct DatagenRows {
    std::size_t rows = 0;
    std::vector<float> features, labels;
    std::vector<std::int64_t> meta;
};

// A default config (the Python binding's defaults, docs/datagen.md) with struct_size set.
inline meeple_datagen_config_t datagen_config() {
    meeple_datagen_config_t c{};
    c.struct_size = sizeof c;
    c.variant = MEEPLE_FEATURES_SEAT;
    c.games = 1;
    c.heuristic_share = 0.5;
    c.random_move = 0.1;
    c.playouts = 16;
    c.samples_per_game = 4;
    c.siblings = 4;
    return c;
}

// `control` (optional): progress and cancellation, as meeple_run_datagen says; a
// cancelled run throws meeple::Error with MEEPLE_ERR_CANCELLED.
inline DatagenRows run_datagen(const Game& game, const meeple_datagen_config_t& config,
                               meeple_control_t* control = nullptr) {
    const std::size_t feature_size = game.feature_size();
    std::uint64_t most = 0;
    check(meeple_datagen_max_rows(game.handle(), &config, &most));
    DatagenRows out;
    out.features.resize(static_cast<std::size_t>(most) * feature_size);
    out.labels.resize(static_cast<std::size_t>(most) * static_cast<std::size_t>(game.num_players()));
    out.meta.resize(static_cast<std::size_t>(most) * MEEPLE_DATAGEN_META_COLUMNS);
    check(meeple_run_datagen(game.handle(), &config, out.features.data(), out.labels.data(), out.meta.data(),
                             static_cast<std::size_t>(most), &out.rows, control));
    out.features.resize(out.rows * feature_size);
    out.labels.resize(out.rows * static_cast<std::size_t>(game.num_players()));
    out.meta.resize(out.rows * MEEPLE_DATAGEN_META_COLUMNS);
    return out;
}

// ---- Search ----

// Monte Carlo tree search over one or many roots (see meeple.h, Search, and
// docs/search.md). With rollouts, run() returns true; with evaluator=external it
// returns false while leaves wait: read them with leaves(), answer with provide().
class Search {
public:
    // The leaves waiting for values: rows of observations, packed masks, roots, seats.
    struct Leaves {
        std::size_t count = 0;
        std::vector<float> obs;            // [count, leaf_size]: observations, or feature vectors (inputs=features)
        std::vector<std::uint64_t> masks;  // [count, mask_words]
        std::vector<std::int32_t> roots, players;
    };
    struct RootActions {
        std::vector<std::int32_t> actions;
        std::vector<std::uint64_t> visits;
        std::vector<double> values;  // [actions, num_players]: mean value per seat
    };

    Search(const Game& game, const std::string& spec, std::uint64_t roots = 1, std::int32_t threads = 1) {
        meeple_search_t* s = nullptr;
        check(meeple_search_new(game.handle(), spec.c_str(), roots, threads, &s));
        ptr_.reset(s);
        info_.struct_size = sizeof info_;
        check(meeple_search_info(ptr_.get(), &info_));
    }
    // A search of one root, set to `state`.
    Search(const State& state, const std::string& spec, std::int32_t threads = 1)
        : Search(state.game(), spec, 1, threads) {
        set_root(0, state);
    }

    std::string spec() const {
        return detail::fetch_string([&](char* o, std::size_t c, std::size_t* n) { return meeple_search_spec(ptr_.get(), o, c, n); });
    }
    meeple_search_info_t info() const {
        meeple_search_info_t out{};
        out.struct_size = sizeof out;
        check(meeple_search_info(ptr_.get(), &out));
        return out;
    }
    std::uint64_t roots() const { return info_.num_roots; }

    void set_root(std::uint64_t root, const State& state, std::int32_t player = MEEPLE_ACTING_PLAYER) {
        check(meeple_search_set_root(ptr_.get(), root, state.handle(), player));
    }
    void set_roots(const Batch& batch) { check(meeple_search_set_roots_from_batch(ptr_.get(), batch.handle())); }
    void clear_root(std::uint64_t root) { check(meeple_search_clear_root(ptr_.get(), root)); }
    void advance(std::uint64_t root, std::int32_t action, std::int32_t player = MEEPLE_ACTING_PLAYER) {
        check(meeple_search_advance(ptr_.get(), root, player, action));
    }

    // True when the round is done; false when leaves wait for values.
    bool run(meeple_control_t* control = nullptr) {
        std::int32_t result = 0;
        check(meeple_search_run(ptr_.get(), control, &result));
        return result == MEEPLE_SEARCH_DONE;
    }
    // Fills `out`, growing its vectors only when they are too short.
    void leaves(Leaves& out) const {
        std::size_t n = 0;
        check(meeple_search_write_leaves(ptr_.get(), nullptr, nullptr, nullptr, nullptr, 0, &n));
        out.count = n;
        grow(out.obs, n * static_cast<std::size_t>(info_.leaf_size));
        grow(out.masks, n * static_cast<std::size_t>(info_.mask_words));
        grow(out.roots, n);
        grow(out.players, n);
        check(meeple_search_write_leaves(ptr_.get(), out.obs.data(), out.masks.data(), out.roots.data(),
                                         out.players.data(), n, &n));
    }
    // values: [count, num_players]; priors: [count, num_actions] or empty for uniform.
    void provide(const std::vector<float>& values, const std::vector<float>& priors, std::size_t count) {
        check(meeple_search_provide(ptr_.get(), values.data(), priors.empty() ? nullptr : priors.data(), count));
    }

    meeple_search_stats_t stats(std::uint64_t root = 0) const {
        meeple_search_stats_t out{};
        out.struct_size = sizeof out;
        check(meeple_search_stats(ptr_.get(), root, &out));
        return out;
    }
    std::int32_t action(std::uint64_t root = 0) const { return stats(root).chosen_action; }
    std::vector<std::int32_t> actions() const {
        std::vector<std::int32_t> out(static_cast<std::size_t>(info_.num_roots));
        check(meeple_search_chosen_actions(ptr_.get(), out.data(), out.size()));
        return out;
    }
    RootActions root_actions(std::uint64_t root = 0) const {
        std::size_t n = 0;
        check(meeple_search_root_actions(ptr_.get(), root, nullptr, nullptr, nullptr, 0, &n));
        RootActions out;
        out.actions.resize(n);
        out.visits.resize(n);
        out.values.resize(n * static_cast<std::size_t>(info_.num_players));
        check(meeple_search_root_actions(ptr_.get(), root, out.actions.data(), out.visits.data(), out.values.data(), n,
                                         &n));
        return out;
    }
    std::vector<double> root_value(std::uint64_t root = 0) const {
        std::vector<double> out(static_cast<std::size_t>(info_.num_players));
        check(meeple_search_root_value(ptr_.get(), root, out.data(), out.size()));
        return out;
    }
    std::vector<float> policy(std::uint64_t root = 0, double temperature = 1.0) const {
        std::vector<float> out(static_cast<std::size_t>(info_.num_actions));
        check(meeple_search_policy(ptr_.get(), root, temperature, out.data(), out.size()));
        return out;
    }
    std::vector<std::int32_t> principal_variation(std::uint64_t root = 0) const {
        return detail::fetch<std::int32_t>([&](std::int32_t* o, std::size_t c, std::size_t* n) {
            return meeple_search_principal_variation(ptr_.get(), root, o, c, n);
        });
    }

    const meeple_search_t* handle() const { return ptr_.get(); }
    meeple_search_t* handle() { return ptr_.get(); }

private:
    struct Free {
        void operator()(meeple_search_t* s) const noexcept { meeple_search_free(s); }
    };
    template <class T>
    static void grow(std::vector<T>& v, std::size_t n) {
        if (v.size() < n) v.resize(n);
    }

    std::unique_ptr<meeple_search_t, Free> ptr_;
    meeple_search_info_t info_{};
};

// ---- Agents ----

// A player made from a spec string ("random", "heuristic", "mcts(iterations=1000)"),
// with its own seeded generator (see meeple.h, Agents, and docs/agents.md).
class Agent {
public:
    Agent(const Game& game, const std::string& spec, std::uint64_t seed = 0) {
        meeple_agent_t* a = nullptr;
        check(meeple_agent_new(game.handle(), spec.c_str(), seed, &a));
        ptr_.reset(a);
    }
    std::string spec() const {
        return detail::fetch_string([&](char* o, std::size_t c, std::size_t* n) { return meeple_agent_spec(ptr_.get(), o, c, n); });
    }
    void reset(std::uint64_t seed) { check(meeple_agent_reset(ptr_.get(), seed)); }
    // The action the agent picks for `player` (MEEPLE_ACTING_PLAYER: whoever acts).
    std::int32_t act(const State& state, std::int32_t player = MEEPLE_ACTING_PLAYER) {
        std::int32_t action = MEEPLE_NO_ACTION;
        check(meeple_agent_act(ptr_.get(), state.handle(), player, &action));
        return action;
    }
    // Its move probabilities over every action (see meeple_agent_policy).
    std::vector<float> policy(const State& state, std::int32_t player = MEEPLE_ACTING_PLAYER) {
        return detail::fetch<float>([&](float* o, std::size_t c, std::size_t* n) {
            return meeple_agent_policy(ptr_.get(), state.handle(), player, o, c, n);
        });
    }
    // act and policy that `control` can cancel (Error with MEEPLE_ERR_CANCELLED), for
    // search agents run where the caller may want to stop them.
    std::int32_t act(const State& state, std::int32_t player, meeple_control_t* control) {
        std::int32_t action = MEEPLE_NO_ACTION;
        check(meeple_agent_act_controlled(ptr_.get(), state.handle(), player, control, &action));
        return action;
    }
    std::vector<float> policy(const State& state, std::int32_t player, meeple_control_t* control) {
        return detail::fetch<float>([&](float* o, std::size_t c, std::size_t* n) {
            return meeple_agent_policy_controlled(ptr_.get(), state.handle(), player, control, o, c, n);
        });
    }
    // Iterations its search completed in the last decision (0: it does not search).
    std::uint64_t iterations() const {
        std::uint64_t n = 0;
        check(meeple_agent_iterations(ptr_.get(), &n));
        return n;
    }
    const meeple_agent_t* handle() const { return ptr_.get(); }
    meeple_agent_t* handle() { return ptr_.get(); }

private:
    struct Free {
        void operator()(meeple_agent_t* a) const noexcept { meeple_agent_free(a); }
    };
    std::unique_ptr<meeple_agent_t, Free> ptr_;
};

// The opponents' turns over a batch (meeple_batch_play_agents): agents[i * num_players
// + s] plays seat s of slot i (nullptr: a seat the caller plays). rewards receives each
// slot's sum of the rewards of the moves played, [n, num_players].
inline void play_agents(Batch& batch, const std::vector<Agent*>& agents, std::vector<float>& rewards) {
    std::vector<meeple_agent_t*> handles;
    handles.reserve(agents.size());
    for (Agent* a : agents) handles.push_back(a ? a->handle() : nullptr);
    const std::size_t want = batch.size() * static_cast<std::size_t>(batch.info().num_players);
    if (rewards.size() < want) rewards.resize(want);
    check(meeple_batch_play_agents(batch.handle(), handles.data(), handles.size(), rewards.data(), rewards.size()));
}

// A finished tournament between agent specs: per-agent records, Elo, the SPRT and
// every game (see meeple_tournament_run).
class Tournament {
public:
    struct Games {
        std::vector<std::uint64_t> seeds, moves;
        std::vector<std::int32_t> rotations, agent_of_seat, flags, illegal_seat;  // agent_of_seat: [games, seats]
        std::vector<double> returns;                                              // [games, seats]
    };

    Tournament(const Game& game, const std::vector<std::string>& agents, const meeple_tournament_config_t& config,
               meeple_control_t* control = nullptr)
        : players_(game.num_players()) {
        std::vector<const char*> specs;
        for (const std::string& a : agents) specs.push_back(a.c_str());
        meeple_tournament_t* t = nullptr;
        check(meeple_tournament_run(game.handle(), specs.data(), specs.size(), &config, control, &t));
        ptr_.reset(t);
    }
    // A config with its struct_size set and the library's defaults otherwise.
    static meeple_tournament_config_t config(std::uint64_t games, std::uint64_t seed = 0, std::int32_t threads = 1) {
        meeple_tournament_config_t c{};
        c.struct_size = sizeof c;
        c.threads = threads;
        c.games = games;
        c.seed = seed;
        c.duplicate = 1;
        c.keep_moves = 1;
        return c;
    }

    meeple_tournament_info_t info() const {
        meeple_tournament_info_t out{};
        out.struct_size = sizeof out;
        check(meeple_tournament_info(ptr_.get(), &out));
        return out;
    }
    meeple_tournament_agent_t agent(std::int32_t i) const {
        meeple_tournament_agent_t out{};
        out.struct_size = sizeof out;
        check(meeple_tournament_agent(ptr_.get(), i, &out));
        return out;
    }
    std::string agent_spec(std::int32_t i) const {
        return detail::fetch_string(
            [&](char* o, std::size_t c, std::size_t* n) { return meeple_tournament_agent_spec(ptr_.get(), i, o, c, n); });
    }
    Games games() const {
        std::size_t n = 0;
        check(meeple_tournament_games(ptr_.get(), nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, 0, &n));
        Games g;
        const std::size_t seats = static_cast<std::size_t>(players_);
        g.seeds.resize(n);
        g.moves.resize(n);
        g.rotations.resize(n);
        g.flags.resize(n);
        g.illegal_seat.resize(n);
        g.agent_of_seat.resize(n * seats);
        g.returns.resize(n * seats);
        check(meeple_tournament_games(ptr_.get(), g.seeds.data(), g.rotations.data(), g.agent_of_seat.data(),
                                      g.returns.data(), g.moves.data(), g.flags.data(), g.illegal_seat.data(), n, &n));
        return g;
    }
    // Game `game`'s moves: (player, action) pairs in order.
    std::vector<std::pair<std::int32_t, std::int32_t>> game_moves(std::uint64_t game) const {
        std::size_t n = 0;
        check(meeple_tournament_game_moves(ptr_.get(), game, nullptr, nullptr, 0, &n));
        std::vector<std::int32_t> players(n), actions(n);
        check(meeple_tournament_game_moves(ptr_.get(), game, players.data(), actions.data(), n, &n));
        std::vector<std::pair<std::int32_t, std::int32_t>> out;
        for (std::size_t i = 0; i < n; ++i) out.emplace_back(players[i], actions[i]);
        return out;
    }
    const meeple_tournament_t* handle() const { return ptr_.get(); }

private:
    struct Free {
        void operator()(meeple_tournament_t* t) const noexcept { meeple_tournament_free(t); }
    };
    std::unique_ptr<meeple_tournament_t, Free> ptr_;
    int players_;
};

// Elo ratings by maximum likelihood from pairwise results: games[i * k + j] played and
// score[i * k + j] scored by i against j. Returns (elo, standard error) per agent.
inline std::pair<std::vector<double>, std::vector<double>> elo_fit(std::size_t k, const std::vector<double>& games,
                                                                   const std::vector<double>& score) {
    std::vector<double> elo(k), stderr_(k);
    check(meeple_elo_fit(k, games.data(), score.data(), elo.data(), stderr_.data()));
    return {elo, stderr_};
}

// ---- Poker ----

// Cards are ids 0..51 (suit * 13 + rank - 2); a set of cards is a uint64_t mask.
// `game` is MEEPLE_POKER_HOLDEM or MEEPLE_POKER_PLO. See meeple.h, Poker.
namespace poker {

inline std::vector<std::int32_t> parse_cards(const std::string& text) {
    return detail::fetch<std::int32_t>(
        [&](std::int32_t* o, std::size_t c, std::size_t* n) { return meeple_poker_parse_cards(text.c_str(), o, c, n); });
}
inline std::uint64_t parse_mask(const std::string& text) {
    std::uint64_t mask = 0;
    check(meeple_poker_parse_mask(text.c_str(), &mask));
    return mask;
}
inline std::string format_mask(std::uint64_t mask) {
    return detail::fetch_string([&](char* o, std::size_t c, std::size_t* n) { return meeple_poker_format_mask(mask, o, c, n); });
}
// The cards not in `removed`, shuffled from `seed`, in dealing order.
inline std::vector<std::int32_t> deal(std::uint64_t seed, std::uint64_t removed = 0) {
    return detail::fetch<std::int32_t>(
        [&](std::int32_t* o, std::size_t c, std::size_t* n) { return meeple_poker_deal(seed, removed, o, c, n); });
}
// The value (1..7462, higher wins) of the best five of 5, 6 or 7 cards.
inline std::uint32_t evaluate(std::uint64_t mask) {
    std::uint32_t value = 0;
    check(meeple_poker_evaluate(mask, &value));
    return value;
}
inline std::uint32_t evaluate_hand(std::int32_t game, std::uint64_t hole, std::uint64_t board) {
    std::uint32_t value = 0;
    check(meeple_poker_evaluate_hand(game, hole, board, &value));
    return value;
}
inline std::int32_t value_category(std::uint32_t value) {
    std::int32_t category = 0;
    check(meeple_poker_value_category(value, &category));
    return category;
}
inline std::vector<std::int32_t> value_ranks(std::uint32_t value) {
    return detail::fetch<std::int32_t>(
        [&](std::int32_t* o, std::size_t c, std::size_t* n) { return meeple_poker_value_ranks(value, o, c, n); });
}
inline std::string describe(std::uint32_t value) {
    return detail::fetch_string([&](char* o, std::size_t c, std::size_t* n) { return meeple_poker_describe(value, o, c, n); });
}

struct Showdown {
    std::vector<std::int32_t> winners;  // seats holding the best hand (several on a split pot)
    std::vector<std::uint32_t> values;  // every hand's value
};
inline Showdown showdown(std::int32_t game, const std::vector<std::uint64_t>& holes, std::uint64_t board) {
    Showdown out;
    out.values.resize(holes.size());
    out.winners.resize(holes.size());
    std::size_t n = 0;
    check(meeple_poker_showdown(game, holes.data(), holes.size(), board, out.values.data(), out.winners.data(),
                                out.winners.size(), &n));
    out.winners.resize(n);
    return out;
}
inline std::vector<std::uint32_t> evaluate_batch(const std::vector<std::uint64_t>& masks, std::int32_t threads = 0) {
    std::vector<std::uint32_t> out(masks.size());
    check(meeple_poker_evaluate_batch(masks.data(), masks.size(), threads, out.data()));
    return out;
}
// Hands as card ids, cards_per_hand (5 to 7) bytes a hand, one after another.
inline std::vector<std::uint32_t> evaluate_ids_batch(const std::vector<std::uint8_t>& ids, std::size_t cards_per_hand,
                                                     std::int32_t threads = 0) {
    if (cards_per_hand < 5 || cards_per_hand > 7 || ids.size() % cards_per_hand != 0) {
        throw Error(MEEPLE_ERR_INVALID_ARGUMENT,
                    "evaluate_ids_batch: a hand holds 5, 6 or 7 ids and the ids must fill whole hands");
    }
    std::vector<std::uint32_t> out(ids.size() / cards_per_hand);
    check(meeple_poker_evaluate_ids_batch(ids.data(), out.size(), cards_per_hand, threads, out.data()));
    return out;
}
inline std::vector<std::uint32_t> evaluate_hand_batch(std::int32_t game, const std::vector<std::uint64_t>& holes,
                                                      const std::vector<std::uint64_t>& boards, std::int32_t threads = 0) {
    if (holes.size() != boards.size()) {
        throw Error(MEEPLE_ERR_INVALID_ARGUMENT, "evaluate_hand_batch: holes and boards must have the same length");
    }
    std::vector<std::uint32_t> out(holes.size());
    check(meeple_poker_evaluate_hand_batch(game, holes.data(), boards.data(), holes.size(), threads, out.data()));
    return out;
}
// Boards an exact equity run of these hands would enumerate.
inline std::uint64_t count_boards(std::int32_t game, const std::vector<std::uint64_t>& hands, std::uint64_t board = 0,
                                  std::uint64_t dead = 0) {
    std::uint64_t count = 0;
    check(meeple_poker_count_boards(game, hands.data(), hands.size(), board, dead, &count));
    return count;
}

struct Equity {
    std::vector<double> win, tie, equity, std_error;  // per hand (std_error 0 when exact)
    std::uint64_t count = 0;                          // boards or trials
};
// Equity of known hands (mode MEEPLE_POKER_EQUITY_EXACT or MEEPLE_POKER_EQUITY_MONTE_CARLO).
inline Equity equity(std::int32_t game, const std::vector<std::uint64_t>& hands, std::uint64_t board = 0,
                     std::uint64_t dead = 0, std::int32_t mode = MEEPLE_POKER_EQUITY_EXACT, std::uint64_t trials = 0,
                     std::uint64_t seed = 0, std::int32_t threads = 0, meeple_control_t* control = nullptr) {
    Equity out;
    const std::size_t n = hands.size();
    out.win.resize(n);
    out.tie.resize(n);
    out.equity.resize(n);
    out.std_error.resize(n);
    check(meeple_poker_equity(game, hands.data(), n, board, dead, mode, trials, seed, threads, out.win.data(),
                              out.tie.data(), out.equity.data(), out.std_error.data(), &out.count, control));
    return out;
}

// A range (meeple_range_t): a weighted set of starting hands; immutable, so copies share
// one handle.
class Range {
public:
    // Parses `text` (the notation of meeple.h) for `game`.
    Range(std::int32_t game, const std::string& text) {
        meeple_range_t* r = nullptr;
        check(meeple_range_parse(game, text.c_str(), &r));
        handle_.reset(r, Free());
    }
    static Range all(std::int32_t game) {
        meeple_range_t* r = nullptr;
        check(meeple_range_all(game, &r));
        return Range(r);
    }
    // Combos and weights (weights empty: all 1).
    static Range from_combos(std::int32_t game, const std::vector<std::uint64_t>& masks,
                             const std::vector<double>& weights = {}) {
        if (!weights.empty() && weights.size() != masks.size()) {
            throw Error(MEEPLE_ERR_INVALID_ARGUMENT, "Range::from_combos: pass one weight a combo, or none");
        }
        meeple_range_t* r = nullptr;
        check(meeple_range_from_combos(game, masks.data(), weights.empty() ? nullptr : weights.data(), masks.size(),
                                       &r));
        return Range(r);
    }
    // Union (larger weight), intersection (smaller), difference (clipped at 0).
    Range operator|(const Range& o) const {
        meeple_range_t* r = nullptr;
        check(meeple_range_union(handle_.get(), o.handle_.get(), &r));
        return Range(r);
    }
    Range operator&(const Range& o) const {
        meeple_range_t* r = nullptr;
        check(meeple_range_intersection(handle_.get(), o.handle_.get(), &r));
        return Range(r);
    }
    Range operator-(const Range& o) const {
        meeple_range_t* r = nullptr;
        check(meeple_range_difference(handle_.get(), o.handle_.get(), &r));
        return Range(r);
    }
    Range without(std::uint64_t dead) const {
        meeple_range_t* r = nullptr;
        check(meeple_range_without(handle_.get(), dead, &r));
        return Range(r);
    }
    std::int32_t game() const {
        std::int32_t g = 0;
        check(meeple_range_info(handle_.get(), &g, nullptr, nullptr));
        return g;
    }
    std::size_t size() const {
        std::size_t n = 0;
        check(meeple_range_info(handle_.get(), nullptr, &n, nullptr));
        return n;
    }
    double total_weight() const {
        double w = 0;
        check(meeple_range_info(handle_.get(), nullptr, nullptr, &w));
        return w;
    }
    // Masks and weights in increasing mask order.
    std::pair<std::vector<std::uint64_t>, std::vector<double>> combos() const {
        std::size_t n = 0;
        check(meeple_range_combos(handle_.get(), nullptr, nullptr, 0, &n));
        std::vector<std::uint64_t> masks(n);
        std::vector<double> weights(n);
        check(meeple_range_combos(handle_.get(), masks.data(), weights.data(), n, &n));
        return {masks, weights};
    }
    std::string text() const {
        return detail::fetch_string(
            [&](char* o, std::size_t c, std::size_t* n) { return meeple_range_text(handle_.get(), o, c, n); });
    }
    const meeple_range_t* handle() const { return handle_.get(); }

private:
    struct Free {
        void operator()(meeple_range_t* r) const noexcept { meeple_range_free(r); }
    };
    explicit Range(meeple_range_t* r) : handle_(r, Free()) {}
    std::shared_ptr<meeple_range_t> handle_;
};

struct RangeEquity {
    std::vector<double> win, tie, equity, std_error;  // per player
    // Per player, aligned with its range's combos: equity (NaN when never dealt), share,
    // standard error.
    std::vector<std::vector<double>> combo_equity, combo_share, combo_std_error;
    std::uint64_t count = 0;
};

inline std::uint64_t range_exact_work(const std::vector<Range>& ranges, std::uint64_t board = 0,
                                      std::uint64_t dead = 0) {
    std::vector<const meeple_range_t*> hs;
    for (const Range& r : ranges) hs.push_back(r.handle());
    std::uint64_t work = 0;
    check(meeple_range_exact_work(hs.data(), hs.size(), board, dead, &work));
    return work;
}

// Equity of ranges (mode MEEPLE_POKER_EQUITY_EXACT or MEEPLE_POKER_EQUITY_MONTE_CARLO).
inline RangeEquity range_equity(const std::vector<Range>& ranges, std::uint64_t board = 0, std::uint64_t dead = 0,
                                std::int32_t mode = MEEPLE_POKER_EQUITY_EXACT, std::uint64_t trials = 0,
                                std::uint64_t seed = 0, std::int32_t threads = 0,
                                meeple_control_t* control = nullptr) {
    std::vector<const meeple_range_t*> hs;
    std::vector<std::size_t> sizes;
    std::size_t total = 0;
    for (const Range& r : ranges) {
        hs.push_back(r.handle());
        sizes.push_back(r.size());
        total += sizes.back();
    }
    const std::size_t n = ranges.size();
    RangeEquity out;
    out.win.resize(n);
    out.tie.resize(n);
    out.equity.resize(n);
    out.std_error.resize(n);
    std::vector<double> ce(total), cs(total), cse(total);
    check(meeple_range_equity(hs.data(), n, board, dead, mode, trials, seed, threads, out.win.data(), out.tie.data(),
                              out.equity.data(), out.std_error.data(), ce.data(), cs.data(), cse.data(), total,
                              &out.count, control));
    std::size_t at = 0;
    for (std::size_t size : sizes) {
        const auto b = static_cast<std::ptrdiff_t>(at), e = static_cast<std::ptrdiff_t>(at + size);
        out.combo_equity.emplace_back(ce.begin() + b, ce.begin() + e);
        out.combo_share.emplace_back(cs.begin() + b, cs.begin() + e);
        out.combo_std_error.emplace_back(cse.begin() + b, cse.begin() + e);
        at += size;
    }
    return out;
}

// Suit isomorphism: class representatives of boards and of hands on boards.
inline std::uint64_t canonical_board(std::uint64_t board) {
    std::uint64_t out = 0;
    check(meeple_poker_canonical_board(board, &out));
    return out;
}
inline std::pair<std::uint64_t, std::uint64_t> canonical_hand(std::uint64_t hole, std::uint64_t board) {
    std::uint64_t h = 0, b = 0;
    check(meeple_poker_canonical_hand(hole, board, &h, &b));
    return {h, b};
}
// Every class of boards of `cards` cards with its size.
inline std::pair<std::vector<std::uint64_t>, std::vector<std::uint32_t>> canonical_boards(std::int32_t cards) {
    std::size_t n = 0;
    check(meeple_poker_canonical_boards(cards, nullptr, nullptr, 0, &n));
    std::vector<std::uint64_t> boards(n);
    std::vector<std::uint32_t> counts(n);
    check(meeple_poker_canonical_boards(cards, boards.data(), counts.data(), n, &n));
    return {boards, counts};
}

}  // namespace poker

}  // namespace meeple
