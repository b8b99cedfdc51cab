// meeple.hpp - header-only C++17 RAII wrappers over the C functions of meeple.h.
// Failures throw meeple::Error carrying the status code and the library's message.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
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
    return out;
}

template <class F>
std::string fetch_string(F&& call) {
    std::size_t n = 0;
    check(call(static_cast<char*>(nullptr), 0, &n));
    std::string out(n + 1, '\0');
    check(call(out.data(), out.size(), &n));
    out.resize(n);
    return out;
}
}  // namespace detail

class State;

class Game {
public:
    explicit Game(const std::string& spec) {
        meeple_game_t* g = nullptr;
        check(meeple_game_new(spec.c_str(), &g));
        ptr_.reset(g, detail::GameFree{});
        info_.struct_size = sizeof info_;
        check(meeple_game_info(ptr_.get(), &info_));
    }

    std::string spec() const {
        return detail::fetch_string([&](char* o, std::size_t c, std::size_t* n) { return meeple_game_spec(ptr_.get(), o, c, n); });
    }
    int num_players() const { return info_.num_players; }
    int num_actions() const { return info_.num_actions; }
    int obs_size() const { return info_.obs_size; }
    std::string action_name(int action) const {
        return detail::fetch_string(
            [&](char* o, std::size_t c, std::size_t* n) { return meeple_game_action_name(ptr_.get(), action, o, c, n); });
    }
    State new_state(std::uint64_t seed) const;
    const meeple_game_t* handle() const { return ptr_.get(); }

private:
    std::shared_ptr<meeple_game_t> ptr_;
    meeple_game_info_t info_{};
};

class State {
public:
    explicit State(meeple_state_t* owned) : ptr_(owned) {}
    State(const State& other) {
        meeple_state_t* s = nullptr;
        check(meeple_state_clone(other.ptr_.get(), &s));
        ptr_.reset(s);
    }
    State(State&&) noexcept = default;
    State& operator=(State other) noexcept {
        ptr_.swap(other.ptr_);
        return *this;
    }

    std::vector<std::int32_t> active_players() const {
        return detail::fetch<std::int32_t>(
            [&](std::int32_t* o, std::size_t c, std::size_t* n) { return meeple_state_active_players(ptr_.get(), o, c, n); });
    }
    std::vector<std::int32_t> legal_actions(std::int32_t player = MEEPLE_ACTING_PLAYER) const {
        return detail::fetch<std::int32_t>([&](std::int32_t* o, std::size_t c, std::size_t* n) {
            return meeple_state_legal_actions(ptr_.get(), player, o, c, n);
        });
    }
    void apply(std::int32_t action, std::int32_t player = MEEPLE_ACTING_PLAYER) {
        check(meeple_state_apply(ptr_.get(), player, action));
    }
    bool is_terminal() const {
        std::int32_t out = 0;
        check(meeple_state_is_terminal(ptr_.get(), &out));
        return out != 0;
    }
    std::vector<double> returns() const {
        return detail::fetch<double>(
            [&](double* o, std::size_t c, std::size_t* n) { return meeple_state_returns(ptr_.get(), o, c, n); });
    }
    std::vector<float> observation(std::int32_t viewer) const {
        return detail::fetch<float>([&](float* o, std::size_t c, std::size_t* n) {
            return meeple_state_observation(ptr_.get(), viewer, o, c, n);
        });
    }
    std::vector<std::uint8_t> snapshot() const {
        return detail::fetch<std::uint8_t>(
            [&](std::uint8_t* o, std::size_t c, std::size_t* n) { return meeple_state_snapshot(ptr_.get(), o, c, n); });
    }
    std::string render() const {
        return detail::fetch_string([&](char* o, std::size_t c, std::size_t* n) { return meeple_state_render(ptr_.get(), o, c, n); });
    }
    meeple_state_t* handle() { return ptr_.get(); }

private:
    std::unique_ptr<meeple_state_t, detail::StateFree> ptr_;
};

inline State Game::new_state(std::uint64_t seed) const {
    meeple_state_t* s = nullptr;
    check(meeple_state_new(ptr_.get(), seed, &s));
    return State(s);
}

// N games of one kind stepped and read by whole-batch calls (see meeple.h, Batches).
// Reads fill a caller's vector, resizing it only when it is too short, so a loop that
// reuses its vectors allocates nothing after the first step.
class Batch {
public:
    Batch(const Game& game, std::size_t n, std::uint64_t seed = 0, std::int32_t threads = 0) {
        meeple_batch_t* b = nullptr;
        check(meeple_batch_new(game.handle(), n, seed, threads, &b));
        ptr_.reset(b);
        info_.struct_size = sizeof info_;
        check(meeple_batch_info(ptr_.get(), &info_));
    }

    std::size_t size() const { return static_cast<std::size_t>(info_.n); }
    int threads() const { return info_.threads; }
    const meeple_batch_info_t& info() const { return info_; }

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
    void rewards(std::vector<float>& out) const {
        fit(out, info_.num_players);
        check(meeple_batch_write_rewards(ptr_.get(), out.data(), out.size()));
    }
    void episodes(std::vector<std::int32_t>& ints, std::vector<float>& returns) const {
        fit(ints, MEEPLE_BATCH_EPISODE_INTS);
        fit(returns, info_.num_players);
        check(meeple_batch_write_episodes(ptr_.get(), ints.data(), ints.size(), returns.data(), returns.size()));
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
    State state(std::size_t slot) const {
        meeple_state_t* s = nullptr;
        check(meeple_batch_get_state(ptr_.get(), slot, &s));
        return State(s);
    }
    meeple_batch_t* handle() { return ptr_.get(); }

private:
    struct Free {
        void operator()(meeple_batch_t* b) const noexcept { meeple_batch_free(b); }
    };
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

}  // namespace meeple
