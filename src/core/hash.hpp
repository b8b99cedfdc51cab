// FNV-1a, 64-bit: a small, fixed hash for snapshot checksums and game identities; and
// the position hash of states.
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

// A 64-bit hash of a position's bytes for transposition tables: eight bytes at a time
// (read little-endian, so the value is the same on every platform), each word mixed
// with a multiply-rotate step and the total finished with SplitMix64's finaliser, so
// that states differing in one bit differ in about half the hash bits. Its values are
// part of no format; they are fixed only for a given state layout.
inline std::uint64_t position_hash64(const unsigned char* data, std::size_t len) {
    constexpr std::uint64_t kMul = 0x9E3779B97F4A7C15ull;
    std::uint64_t h = 0x6A09E667F3BCC909ull ^ (len * kMul);
    std::size_t i = 0;
    auto word_at = [data](std::size_t at, std::size_t n) {
        std::uint64_t w = 0;
        for (std::size_t b = 0; b < n; ++b) w |= std::uint64_t(data[at + b]) << (8 * b);
        return w;
    };
    auto mix = [&h](std::uint64_t w) {
        w *= 0xBF58476D1CE4E5B9ull;
        w ^= w >> 31;
        h = ((h ^ w) << 27 | (h ^ w) >> 37) * kMul + 0x94D049BB133111EBull;
    };
    for (; i + 8 <= len; i += 8) mix(word_at(i, 8));
    if (i < len) mix(word_at(i, len - i) ^ 0x80);
    h ^= h >> 30;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 27;
    h *= 0x94D049BB133111EBull;
    return h ^ (h >> 31);
}

}  // namespace meeple
