// Helpers for the triangle tests: games from specs, states built cell by cell, and a
// brute-force legality oracle written straight from the spec's words (independent of
// the game's bitboard tables).
#pragma once

#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/registry.hpp"
#include "games/triangle/triangle.hpp"

namespace meeple::test {

using triangle::Cells;
using triangle::ShapeTriangle;
using TriangleGame = triangle::Triangle;
using TriangleState = TriangleGame::State;

struct TriangleFixture {
    std::shared_ptr<const AnyGame> any;
    const TriangleGame* game;

    explicit TriangleFixture(const std::string& spec = "triangle") : any(make_game(spec)) {
        game = &static_cast<const GameModel<TriangleGame>&>(*any).rules();
    }
    const TriangleGame& operator*() const { return *game; }
    const TriangleGame* operator->() const { return game; }
};

// A state with the given cells occupied and template indices in the slots (-1: empty),
// counters at zero, the end flag computed.
inline TriangleState make_state(const TriangleGame& g, const std::vector<std::pair<int, int>>& cells,
                                const std::vector<int>& slot_templates) {
    TriangleState s{};
    for (int i = 0; i < triangle::kMaxSlots; ++i) s.slot_template[i] = triangle::kEmptySlot;
    Cells occ;
    for (auto [r, c] : cells) occ.set(g.board().cell(r, c));
    s.occupied[0] = occ.lo;
    s.occupied[1] = occ.hi;
    for (std::size_t i = 0; i < slot_templates.size(); ++i) {
        if (slot_templates[i] < 0) continue;
        const auto shape = triangle::templates()[slot_templates[i]];
        s.slot_template[i] = static_cast<std::uint8_t>(slot_templates[i]);
        s.slot_cells[i] = shape.cells;
        s.slot_anchor_up[i] = shape.anchor_up;
    }
    s.over = !g.any_fits(s);
    return s;
}

inline int action_of(const TriangleGame& g, int slot, int r, int c) {
    return slot * g.board().cells() + g.board().cell(r, c);
}

// The spec's legality, cell by cell: the slot holds a shape and every triangle lands
// inside the grid, on a playable cell, on an empty cell, of the same orientation.
inline std::set<int> oracle_legal_actions(const TriangleGame& g, const TriangleState& s) {
    std::set<int> out;
    const auto& b = g.board();
    const Cells occ = TriangleGame::occupied(s);
    for (int slot = 0; slot < g.slots(); ++slot) {
        if (s.slot_template[slot] == triangle::kEmptySlot) continue;
        const auto ts = triangle::triangles_of(TriangleGame::shape_in(s, slot));
        for (int r = 0; r < b.rows(); ++r) {
            for (int c = 0; c < b.cols(); ++c) {
                bool ok = true;
                for (const ShapeTriangle& t : ts) {
                    const int rr = r + t.dr, cc = c + t.dc;
                    const bool up = ((rr + cc) % 2 + 2) % 2 == 1;
                    ok = ok && rr >= 0 && rr < b.rows() && cc >= 0 && cc < b.cols() && b.playable(rr, cc) &&
                         !occ.test(b.cell(rr, cc)) && up == t.up;
                }
                if (ok) out.insert(action_of(g, slot, r, c));
            }
        }
    }
    return out;
}

inline std::set<int> mask_actions(const TriangleGame& g, const TriangleState& s) {
    std::uint64_t words[8] = {};
    g.legal_mask(s, 0, words);
    std::set<int> out;
    for (int a = 0; a < g.num_actions(); ++a) {
        if ((words[a >> 6] >> (a & 63)) & 1) out.insert(a);
    }
    for (int a = g.num_actions(); a < 8 * 64; ++a) {
        if ((words[a >> 6] >> (a & 63)) & 1) out.insert(-1);  // a bit beyond the action space
    }
    return out;
}

}  // namespace meeple::test
