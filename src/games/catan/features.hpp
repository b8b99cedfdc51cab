// Feature vectors of a Catan state for value networks (docs/catan-features.md): the
// board, cards and awards, plus derived quantities a network would otherwise have to
// learn (production per resource, what each build still lacks, race margins, endgame
// reach). float32, fixed layout for every player count, seats relative to the viewer.
// Two variants: a seat's view (only what that seat may know) and omniscient.
#pragma once

#include <cstdint>
#include <span>

#include "core/game.hpp"
#include "games/catan/catan.hpp"

namespace meeple::catan {

// Catan::kFeatureVersion is bumped whenever a field changes meaning, place or size.
inline constexpr std::uint32_t kFeatureVersion = Catan::kFeatureVersion;

// Rounds until affordable stop at this many (also where production never gets there).
inline constexpr float kFeatureRoundsCap = 20.0f;

// The builds of the per-build fields, in column order.
enum Build : std::uint8_t { kBuildKindRoad, kBuildKindSettlement, kBuildKindCity, kBuildKindDevCard, kNumBuildKinds };

std::span<const ObsField> catan_feature_fields();
int catan_feature_size();

// Writes every float of the vector (zeros included). `viewer` is a seat; omniscient
// also shows the other seats' cards and the deck.
void write_catan_features(const Catan& game, const Catan::State& s, int viewer, bool omniscient, float* out);

// Chance per roll of the dice showing `number` (0 for 0, the desert).
constexpr float roll_probability(int number) {
    return number < 2 || number > 12 ? 0.0f : float(6 - (number > 7 ? number - 7 : 7 - number)) / 36.0f;
}

}  // namespace meeple::catan
