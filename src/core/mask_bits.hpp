// Packed action masks as bit sets: counting them and drawing a uniform member. The
// draw is part of run_random_games' documented rule (docs/batch.md): `below(count)`
// picks the k-th legal action in increasing order.
#pragma once

#include <bit>
#include <cstdint>

#include "core/rng.hpp"

namespace meeple {

inline int count_set_bits(const std::uint64_t* words, int n_words) {
    int count = 0;
    for (int w = 0; w < n_words; ++w) count += std::popcount(words[w]);
    return count;
}

// The index of the k-th set bit (from 0, in increasing order); requires k < the count.
inline int nth_set_bit(const std::uint64_t* words, int k) {
    for (int w = 0;; ++w) {
        const int count = std::popcount(words[w]);
        if (k < count) {
            std::uint64_t bits = words[w];
            for (; k > 0; --k) bits &= bits - 1;
            return w * 64 + std::countr_zero(bits);
        }
        k -= count;
    }
}

// A uniform member of the set, drawn with rng.below(count); -1 (and no draw) when empty.
inline int uniform_set_bit(const std::uint64_t* words, int n_words, Rng& rng) {
    const int count = count_set_bits(words, n_words);
    if (count == 0) return -1;
    return nth_set_bit(words, static_cast<int>(rng.below(static_cast<std::uint32_t>(count))));
}

}  // namespace meeple
