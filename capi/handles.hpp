// What the opaque handles of meeple.h hold, and the guard that turns core exceptions
// into status codes and thread-local messages. No game logic lives in capi/.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <exception>
#include <memory>
#include <new>
#include <string>
#include <string_view>

#include "core/any_game.hpp"
#include "core/control.hpp"
#include "core/error.hpp"
#include "capi/state_status.hpp"
#include "meeple/meeple.h"

struct meeple_game {
    std::shared_ptr<const meeple::AnyGame> game;
};

// The record is written only through change() and apply(), which bring the status
// view (meeple_state_status) up to date afterwards, so no mutator can leave it stale.
struct meeple_state {
    std::shared_ptr<const meeple::AnyGame> game;
    std::unique_ptr<std::uint64_t[]> words;  // the record, 8-byte aligned
    meeple_state_status_t status{};

    const void* rec() const { return words.get(); }

    // Runs `write(void* record)`, then refreshes the status. A write that throws has
    // changed nothing (the contract of every checked call), so the status still holds.
    template <class F>
    void change(F&& write) {
        write(static_cast<void*>(words.get()));
        status = meeple::capi::status_of(*game, words.get());
    }

    // apply(player, action) through change()'s rule, with the status from the facts the
    // game gives back in the same virtual call.
    void apply(int player, int action) {
        const auto f = game->apply_for_facts(static_cast<void*>(words.get()), player, action);
        status = meeple::capi::status_of(f.actors, f.terminal, f.truncated, f.move_number);
    }
};

namespace meeple::capi {

// A new state handle of `game` with an uninitialised record.
inline std::unique_ptr<meeple_state> make_state(std::shared_ptr<const AnyGame> game) {
    auto s = std::make_unique<meeple_state>();
    s->words = std::make_unique<std::uint64_t[]>((game->record_size() + 7) / 8);
    s->game = std::move(game);
    return s;
}

// Records the message of a failure on this thread and returns its status.
meeple_status_t set_error(Status status, std::string message);

// Runs `body` (which returns nothing and throws meeple::Error on bad input) and maps
// every exception to a status code.
template <class F>
meeple_status_t guarded(F&& body) noexcept {
    try {
        body();
        return MEEPLE_OK;
    } catch (const Error& e) {
        return set_error(e.status(), e.what());
    } catch (const std::bad_alloc&) {
        return set_error(Status::out_of_memory, "out of memory");
    } catch (const std::exception& e) {
        return set_error(Status::internal, std::string("internal error: ") + e.what());
    } catch (...) {
        return set_error(Status::internal, "internal error: unknown exception");
    }
}

template <class T>
const T& require(const T* p, const char* what) {
    if (!p) fail(Status::invalid_argument, std::string(what) + " is NULL; pass a valid pointer");
    return *p;
}

template <class T>
T& require(T* p, const char* what) {
    if (!p) fail(Status::invalid_argument, std::string(what) + " is NULL; pass a valid pointer");
    return *p;
}

// The core's view of a caller's optional control block, checked: NULL is no control.
inline Control control_of(meeple_control_t* control) {
    if (control && control->struct_size < sizeof(meeple_control_t)) {
        fail(Status::invalid_argument, "control->struct_size is " + std::to_string(control->struct_size) +
                                           "; set it to sizeof(meeple_control_t) (" +
                                           std::to_string(sizeof(meeple_control_t)) + ")");
    }
    return Control(control);
}

// Query-then-fill for arrays: sets *out_len = n; fills out when it can hold n.
template <class T>
void fill(const T* src, std::size_t n, T* out, std::size_t capacity, std::size_t* out_len) {
    require(out_len, "out_len");
    if (!out && capacity) fail(Status::invalid_argument, "out is NULL but capacity is " + std::to_string(capacity));
    *out_len = n;
    if (!out && capacity == 0) return;  // the size query
    if (capacity < n) {
        fail(Status::buffer_too_small, "buffer holds " + std::to_string(capacity) + " elements; " +
                                           std::to_string(n) + " are needed");
    }
    if (n) std::memcpy(out, src, n * sizeof(T));
}

// Fills a caller's versioned struct (one that starts with uint32_t struct_size): checks
// struct_size, then copies as much of `full` as the caller's struct holds, so callers
// built against an older, smaller struct keep working.
template <class T>
void fill_sized(T* out, const T& full, const char* type_name) {
    T& info = require(out, "out_info");
    if (info.struct_size < 8) {
        fail(Status::invalid_argument, "out_info->struct_size is " + std::to_string(info.struct_size) +
                                           "; set it to sizeof(" + type_name + ")");
    }
    const std::size_t fits = info.struct_size < sizeof(T) ? info.struct_size : sizeof(T);
    std::memcpy(reinterpret_cast<unsigned char*>(&info) + 4, reinterpret_cast<const unsigned char*>(&full) + 4,
                fits - 4);
}

// Query-then-fill for strings: the NUL must fit too.
void fill_string(std::string_view s, char* out, std::size_t capacity, std::size_t* out_len);

// Checks that a size query or a buffer is well-formed before any work is done.
inline void check_buffer(const void* out, std::size_t capacity, std::size_t* out_len) {
    require(out_len, "out_len");
    if (!out && capacity) fail(Status::invalid_argument, "out is NULL but capacity is " + std::to_string(capacity));
}

}  // namespace meeple::capi
