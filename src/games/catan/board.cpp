// Layouts: the beginner map and seeded random maps. The topology is in board.hpp.
#include "games/catan/board.hpp"

#include <utility>

namespace meeple::catan {
namespace {

constexpr std::uint8_t B = kBrick, L = kLumber, W = kWool, G = kGrain, O = kOre, D = kDesert;

// The 19 terrain tiles and 18 number tokens of the base game, and the 9 harbor types.
constexpr std::uint8_t kTerrainTiles[kNumHexes] = {L, L, L, L, W, W, W, W, G, G, G, G, B, B, B, O, O, O, D};
constexpr std::uint8_t kNumberTokens[kNumHexes - 1] = {2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12};
constexpr std::uint8_t kHarborTypes[kNumHarbors] = {kGenericHarbor, kGenericHarbor, kGenericHarbor,
                                                    kGenericHarbor, B, L, W, G, O};

bool is_red(std::uint8_t number) { return number == 6 || number == 8; }

template <class T, std::size_t N>
void shuffle(std::array<T, N>& a, Rng& rng) {
    for (std::size_t i = N; i > 1; --i) std::swap(a[i - 1], a[rng.below(static_cast<std::uint32_t>(i))]);
}

}  // namespace

Layout beginner_layout() {
    // Rows of 3, 4, 5, 4, 3 hexes, as printed in the rulebook's starting map.
    return Layout{
        {O, W, L, G, B, W, B, G, L, D, L, O, L, O, G, W, B, G, W},
        {10, 2, 9, 12, 6, 4, 10, 9, 11, 0, 3, 8, 8, 3, 4, 5, 5, 6, 11},
        {kGenericHarbor, W, kGenericHarbor, kGenericHarbor, B, L, kGenericHarbor, G, O},
    };
}

bool has_adjacent_red(const Layout& layout) {
    for (int h = 0; h < kNumHexes; ++h) {
        if (!is_red(layout.number[h])) continue;
        for (std::uint8_t n : kTopology.neighbors_of_hex[h]) {
            if (n != kNone && is_red(layout.number[n])) return true;
        }
    }
    return false;
}

Layout random_layout(Rng& rng, bool allow_adjacent_red) {
    Layout layout{};
    std::array<std::uint8_t, kNumHexes> terrain;
    std::array<std::uint8_t, kNumHexes - 1> tokens;
    std::array<std::uint8_t, kNumHarbors> harbors;
    for (int i = 0; i < kNumHexes; ++i) terrain[i] = kTerrainTiles[i];
    for (int i = 0; i < kNumHexes - 1; ++i) tokens[i] = kNumberTokens[i];
    for (int i = 0; i < kNumHarbors; ++i) harbors[i] = kHarborTypes[i];
    // Rejection sampling keeps the allowed layouts uniformly likely; about one shuffle
    // in a few passes the red-number test.
    do {
        shuffle(terrain, rng);
        shuffle(tokens, rng);
        int t = 0;
        for (int h = 0; h < kNumHexes; ++h) {
            layout.terrain[h] = terrain[h];
            layout.number[h] = terrain[h] == kDesert ? 0 : tokens[t++];
        }
    } while (!allow_adjacent_red && has_adjacent_red(layout));
    shuffle(harbors, rng);
    layout.harbor = harbors;
    return layout;
}

}  // namespace meeple::catan
