#include "core/snapshot.hpp"
#include "core/echo.hpp"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "core/hash.hpp"

namespace meeple {
namespace {

// Header layout (offsets in bytes):
//   0  magic "MPLSNAP\0"        8  u32 snapshot version     12  u32 state version
//  16  u32 record size          20  u32 reserved (0)
//  24  char[16] game name, NUL-padded
//  40  u32 hash of the canonical spec  44  u32 checksum of the record
constexpr char kMagic[8] = {'M', 'P', 'L', 'S', 'N', 'A', 'P', '\0'};

void put32(std::uint8_t* p, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}

std::uint32_t get32(const std::uint8_t* p) {
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= std::uint32_t(p[i]) << (8 * i);
    return v;
}

std::uint32_t fold(std::uint64_t h) { return static_cast<std::uint32_t>(h ^ (h >> 32)); }

}  // namespace

void write_snapshot(const AnyGame& game, const void* rec, std::uint8_t* out) {
    std::memset(out, 0, kSnapshotHeaderSize);
    std::memcpy(out, kMagic, 8);
    put32(out + 8, kSnapshotVersion);
    put32(out + 12, game.state_version());
    put32(out + 16, static_cast<std::uint32_t>(game.record_size()));
    std::memcpy(out + 24, game.name().data(), std::min<std::size_t>(game.name().size(), 15));
    put32(out + 40, fold(fnv1a64(game.spec())));
    const auto* bytes = static_cast<const std::uint8_t*>(rec);
    put32(out + 44, fold(fnv1a64(bytes, game.record_size())));
    std::memcpy(out + kSnapshotHeaderSize, rec, game.record_size());
}

void read_snapshot(const AnyGame& game, const std::uint8_t* data, std::size_t len, void* rec_out) {
    const std::size_t want = snapshot_size(game);
    if (len < kSnapshotHeaderSize || std::memcmp(data, kMagic, 8) != 0) {
        if (len >= 8 && std::memcmp(data, kMagic, 8) == 0) {
            fail(Status::parse, "snapshot cut short: " + std::to_string(len) + " bytes, a " + game.spec() +
                                    " snapshot has " + std::to_string(want));
        }
        fail(Status::parse, "not a meeple snapshot (" + std::to_string(len) +
                                " bytes without the MPLSNAP header); use bytes from State.snapshot()");
    }
    const std::uint32_t version = get32(data + 8);
    if (version != kSnapshotVersion) {
        fail(Status::version_mismatch, "snapshot format version " + std::to_string(version) +
                                           "; this library reads version " + std::to_string(kSnapshotVersion));
    }
    char name[17] = {};
    std::memcpy(name, data + 24, 16);
    char expected[16] = {};
    std::memcpy(expected, game.name().data(), std::min<std::size_t>(game.name().size(), 15));
    if (std::memcmp(expected, data + 24, 16) != 0) {
        fail(Status::invalid_argument, "snapshot of game '" + echo(name) + "', not of " + game.spec() +
                                           "; restore it with that game");
    }
    if (get32(data + 20) != 0) fail(Status::parse, "snapshot header is corrupt: its reserved bytes are not zero");
    const std::uint32_t state_version = get32(data + 12);
    if (state_version != game.state_version()) {
        fail(Status::version_mismatch, "snapshot of " + game.name() + " state version " +
                                           std::to_string(state_version) + "; this library uses version " +
                                           std::to_string(game.state_version()));
    }
    if (get32(data + 40) != fold(fnv1a64(game.spec()))) {
        fail(Status::invalid_argument, "snapshot of " + game.name() + " with other options than " + game.spec() +
                                           "; restore it with the game it came from");
    }
    if (get32(data + 16) != game.record_size() || len != want) {
        fail(Status::parse, "snapshot of " + std::to_string(len) + " bytes; a " + game.spec() + " snapshot has " +
                                std::to_string(want) + (len < want ? " (cut short)" : " (trailing bytes)"));
    }
    const std::uint8_t* rec = data + kSnapshotHeaderSize;
    if (get32(data + 44) != fold(fnv1a64(rec, game.record_size()))) {
        fail(Status::parse, "snapshot is corrupt: its checksum does not match its bytes");
    }
    // Check invariants on an aligned copy before anything reaches the caller's record.
    std::vector<std::uint64_t> copy((game.record_size() + 7) / 8);
    std::memcpy(copy.data(), rec, game.record_size());
    const std::uint64_t moves = game.move_number(copy.data());
    if (moves >> 63) {
        fail(Status::parse, "snapshot holds move number " + std::to_string(moves) +
                                ", 2^63 or more: meeple_state_move_number reads it as a signed 64-bit count");
    }
    const std::string broken = game.check(copy.data());
    if (!broken.empty()) fail(Status::parse, "snapshot holds an impossible " + game.name() + " state: " + broken);
    std::memcpy(rec_out, copy.data(), game.record_size());
}

}  // namespace meeple
