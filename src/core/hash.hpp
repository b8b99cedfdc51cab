// FNV-1a, 64-bit: a small, fixed hash for snapshot checksums and game identities.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace meeple {

constexpr std::uint64_t fnv1a64(const unsigned char* data, std::size_t len,
                                std::uint64_t h = 0xCBF29CE484222325ull) {
    for (std::size_t i = 0; i < len; ++i) {
        h ^= data[i];
        h *= 0x100000001B3ull;
    }
    return h;
}

inline std::uint64_t fnv1a64(std::string_view s) {
    return fnv1a64(reinterpret_cast<const unsigned char*>(s.data()), s.size());
}

}  // namespace meeple
