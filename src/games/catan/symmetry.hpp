// The 12 symmetries of the board's topology (6 rotations by 60 degrees, each with and
// without a mirror image) as maps of hexes, nodes, edges, harbors and actions, for data
// augmentation (docs/catan-features.md, "Symmetries").
//
// The hexes, nodes and edges are symmetric under all 12. The 9 harbor places of the
// frame are not: they repeat every third of a turn, so only 6 symmetries map harbor
// places onto harbor places (the turns by 0, 120 and 240 degrees, and the mirror
// images across the frame's three axes: odd turns after the mirror), and the other 6
// move harbors onto coast edges that have none. Those 6 keep every rule but the
// maritime rates; `keeps_harbors` tells them apart.
#pragma once

#include <array>
#include <cstdint>

#include "games/catan/catan.hpp"

namespace meeple::catan {

inline constexpr int kNumSymmetries = 12;

struct Symmetry {
    int rotation;   // steps of 60 degrees clockwise on the drawing, after the mirror
    bool mirrored;  // first reflected left to right (x -> -x on the drawing)
    bool keeps_harbors;
    std::array<std::uint8_t, kNumHexes> hex;      // hex h goes to hex[h]
    std::array<std::uint8_t, kNumNodes> node;
    std::array<std::uint8_t, kNumEdges> edge;
    std::array<std::uint8_t, kNumHarbors> harbor;  // kNone unless keeps_harbors
};

// Symmetry k: rotation k % 6, mirrored when k >= 6; symmetry 0 is the identity.
const std::array<Symmetry, kNumSymmetries>& board_symmetries();

// The image of an action: building and robber actions move with the board; every
// other action (cards, trades, dice, ...) names no place and stays.
int map_action(const Symmetry& sym, int action);

// The image of a state: pieces, terrain, numbers, robber and (where the symmetry keeps
// them) harbors moved; cards, seats and the turn unchanged. For a symmetry that does
// not keep harbors the harbor types stay on their places.
Catan::State map_state(const Symmetry& sym, const Catan::State& s);

// Constant data "symmetries" (meeple_game_data_json).
void symmetries_json(JsonWriter& j);

}  // namespace meeple::catan
