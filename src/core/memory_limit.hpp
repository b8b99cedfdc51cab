// A count from the caller that sizes an allocation is checked against the machine's
// memory first: Linux lets an allocation far beyond it succeed and then kills the
// process as the pages are touched (a batch of 10**9 slots grew to 23.7 GB that way).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/error.hpp"

namespace meeple {

// The machine's physical memory in bytes (0 when the system does not say).
std::uint64_t physical_memory_bytes();

// "23.7 GB", "512 MB", "3.1 kB": a byte count for a message.
std::string format_bytes(double bytes);

// Throws Status::out_of_memory, with the estimate and the limit, when `count` items of
// `bytes_each` bytes would need more than the machine's physical memory. `what` names
// the items, as "batch slots of tictactoe".
void check_fits_in_memory(std::string_view what, std::size_t count, std::size_t bytes_each);

}  // namespace meeple
