// Snapshot bytes: a fixed 48-byte header, then the state record as it lies in memory
// (little-endian). The layout is documented in docs/snapshot.md.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/any_game.hpp"

namespace meeple {

inline constexpr std::uint32_t kSnapshotVersion = 1;
inline constexpr std::size_t kSnapshotHeaderSize = 48;
inline constexpr std::uint32_t kDescribeVersion = 1;

inline std::size_t snapshot_size(const AnyGame& game) {
    return kSnapshotHeaderSize + game.record_size();
}

// Writes snapshot_size(game) bytes.
void write_snapshot(const AnyGame& game, const void* rec, std::uint8_t* out);

// Checks `data` fully and only then writes the record into rec_out; throws Error.
void read_snapshot(const AnyGame& game, const std::uint8_t* data, std::size_t len, void* rec_out);

}  // namespace meeple
