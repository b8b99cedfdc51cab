// Errors inside the core: an exception carrying a status code and a message that says
// what was wrong and what would be right. The C layer turns it into a status code.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace meeple {

enum class Status : std::int32_t {
    ok = 0,
    invalid_argument = -1,
    out_of_range = -2,
    buffer_too_small = -3,
    illegal_action = -4,
    not_active = -5,
    wrong_state = -6,
    parse = -7,
    version_mismatch = -8,
    out_of_memory = -9,
    internal = -10,
    cancelled = -11,
    busy = -12,
};

class Error : public std::runtime_error {
public:
    Error(Status status, const std::string& message)
        : std::runtime_error(message), status_(status) {}
    Status status() const noexcept { return status_; }

private:
    Status status_;
};

[[noreturn]] inline void fail(Status status, const std::string& message) {
    throw Error(status, message);
}

}  // namespace meeple
