// Library-wide calls: versions, error messages, status names, the list of games.
#include <string>

#include "capi/handles.hpp"
#include "core/registry.hpp"

namespace meeple::capi {
namespace {
thread_local std::string t_last_error;
}

meeple_status_t set_error(Status status, std::string message) {
    t_last_error = std::move(message);
    return static_cast<meeple_status_t>(status);
}

void fill_string(std::string_view s, char* out, std::size_t capacity, std::size_t* out_len) {
    check_buffer(out, capacity, out_len);
    *out_len = s.size();
    if (!out) return;
    if (capacity < s.size() + 1) {
        fail(Status::buffer_too_small, "buffer holds " + std::to_string(capacity) + " bytes; " +
                                           std::to_string(s.size() + 1) + " are needed (with the NUL)");
    }
    std::memcpy(out, s.data(), s.size());
    out[s.size()] = '\0';
}

}  // namespace meeple::capi

using namespace meeple;
using namespace meeple::capi;

extern "C" {

uint32_t meeple_abi_version(void) { return MEEPLE_ABI_VERSION; }

const char* meeple_version_string(void) { return MEEPLE_VERSION; }

const char* meeple_last_error_message(void) { return capi::t_last_error.c_str(); }

const char* meeple_status_name(meeple_status_t status) {
    switch (status) {
        case MEEPLE_OK: return "MEEPLE_OK";
        case MEEPLE_ERR_INVALID_ARGUMENT: return "MEEPLE_ERR_INVALID_ARGUMENT";
        case MEEPLE_ERR_OUT_OF_RANGE: return "MEEPLE_ERR_OUT_OF_RANGE";
        case MEEPLE_ERR_BUFFER_TOO_SMALL: return "MEEPLE_ERR_BUFFER_TOO_SMALL";
        case MEEPLE_ERR_ILLEGAL_ACTION: return "MEEPLE_ERR_ILLEGAL_ACTION";
        case MEEPLE_ERR_NOT_ACTIVE: return "MEEPLE_ERR_NOT_ACTIVE";
        case MEEPLE_ERR_WRONG_STATE: return "MEEPLE_ERR_WRONG_STATE";
        case MEEPLE_ERR_PARSE: return "MEEPLE_ERR_PARSE";
        case MEEPLE_ERR_VERSION_MISMATCH: return "MEEPLE_ERR_VERSION_MISMATCH";
        case MEEPLE_ERR_OUT_OF_MEMORY: return "MEEPLE_ERR_OUT_OF_MEMORY";
        case MEEPLE_ERR_INTERNAL: return "MEEPLE_ERR_INTERNAL";
        case MEEPLE_ERR_CANCELLED: return "MEEPLE_ERR_CANCELLED";
        case MEEPLE_ERR_BUSY: return "MEEPLE_ERR_BUSY";
        default: return "MEEPLE_ERR_UNKNOWN";
    }
}

meeple_status_t meeple_game_names(char* out, size_t capacity, size_t* out_len) {
    return guarded([&] {
        std::string names;
        for (const GameEntry& e : registered_games()) names += (names.empty() ? "" : ",") + std::string(e.name);
        fill_string(names, out, capacity, out_len);
    });
}

}  // extern "C"
