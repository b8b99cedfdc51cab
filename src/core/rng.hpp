// The per-state random generator: xoshiro256** seeded through SplitMix64.
// Its exact definition is part of the snapshot format (docs/rng.md); changing a single
// step changes every game, so it is frozen with the snapshot version.
#pragma once

#include <cstdint>

namespace meeple {

// SplitMix64 (Steele, Lea, Flood 2014): expands one 64-bit seed into well-mixed words.
constexpr std::uint64_t splitmix64_next(std::uint64_t& x) {
    std::uint64_t z = (x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// xoshiro256** 1.0 (Blackman, Vigna 2018): 32 bytes of state, period 2^256 - 1.
struct Rng {
    std::uint64_t s[4];

    static constexpr Rng from_seed(std::uint64_t seed) {
        Rng r{};
        std::uint64_t x = seed;
        for (auto& w : r.s) w = splitmix64_next(x);
        return r;  // SplitMix64 never yields four zero words in a row
    }

    constexpr std::uint64_t next() {
        const std::uint64_t result = rotl(s[1] * 5, 7) * 9;
        const std::uint64_t t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = rotl(s[3], 45);
        return result;
    }

    // Uniform integer in [0, n), n >= 1, without bias: Lemire's multiply-shift with
    // rejection of the few low products that would favour small values.
    constexpr std::uint32_t below(std::uint32_t n) {
        std::uint64_t m = std::uint64_t(std::uint32_t(next() >> 32)) * n;
        std::uint32_t low = std::uint32_t(m);
        if (low < n) {
            const std::uint32_t threshold = std::uint32_t(-n) % n;
            while (low < threshold) {
                m = std::uint64_t(std::uint32_t(next() >> 32)) * n;
                low = std::uint32_t(m);
            }
        }
        return std::uint32_t(m >> 32);
    }

    // Uniform double in [0, 1) with 53 random bits.
    constexpr double unit() { return double(next() >> 11) * 0x1.0p-53; }

    constexpr bool valid() const { return (s[0] | s[1] | s[2] | s[3]) != 0; }

private:
    static constexpr std::uint64_t rotl(std::uint64_t x, int k) {
        return (x << k) | (x >> (64 - k));
    }
};

}  // namespace meeple
