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

}  // namespace meeple
