// Seeds of the many games a batch or a random-play run holds, all derived from one
// seed. The rule is part of the documented behaviour (docs/batch.md): changing it
// changes which games a given seed produces.
#pragma once

#include <cstdint>

#include "core/rng.hpp"

namespace meeple {

// The seed of item `index` under `seed`: splitmix64(splitmix64(seed) ^ index), where
// splitmix64(x) is the first output of a SplitMix64 generator whose state is x.
constexpr std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t index) {
    std::uint64_t x = seed;
    std::uint64_t y = splitmix64_next(x) ^ index;
    return splitmix64_next(y);
}

}  // namespace meeple
