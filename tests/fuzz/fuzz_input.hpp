// What the fuzz targets share: a game picked by the first input byte, and a check
// that stops the fuzzer with the library's message when an invariant breaks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "meeple/meeple.h"

namespace meeple::fuzz {

// The configurations worth fuzzing: every game, and Catan with explicit chance.
inline const char* const kSpecs[] = {"tictactoe", "triangle", "catan", "catan(players=3,explicit_chance=true)",
                                     "catan(players=2,board=beginner,vp_to_win=5)"};
inline constexpr std::size_t kNumSpecs = sizeof kSpecs / sizeof kSpecs[0];

// One game per configuration, made once.
inline meeple_game_t* game(std::size_t i) {
    static meeple_game_t* games[kNumSpecs] = {};
    if (!games[i] && meeple_game_new(kSpecs[i], &games[i]) != MEEPLE_OK) std::abort();
    return games[i];
}

[[noreturn]] inline void broken(const char* what) {
    std::fprintf(stderr, "invariant broken: %s (last message: %s)\n", what, meeple_last_error_message());
    std::abort();
}

#define FUZZ_REQUIRE(cond) \
    do {                   \
        if (!(cond)) ::meeple::fuzz::broken(#cond); \
    } while (0)

}  // namespace meeple::fuzz
