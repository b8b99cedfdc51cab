// The state as semantic data (view) and as a drawing for the terminal (render).
#include <algorithm>
#include <cstdio>

#include "games/triangle/triangle.hpp"

namespace meeple::triangle {

void Triangle::view(const State& s, int, JsonWriter& j) const {
    const Cells occ = occupied(s);
    auto plane = [&](std::string_view name, Cells set) {
        j.key(name).begin_array();
        for (int r = 0; r < board_.rows(); ++r) {
            j.begin_array();
            for (int c = 0; c < board_.cols(); ++c) j.value(int(set.test(board_.cell(r, c))));
            j.end_array();
        }
        j.end_array();
    };
    j.begin_object();
    j.field("rows", board_.rows()).field("cols", board_.cols());
    plane("occupied", occ);
    plane("playable", board_.playable_cells());
    j.key("shapes").begin_array();
    for (int slot = 0; slot < slots_; ++slot) {
        if (s.slot_template[slot] == kEmptySlot) {
            j.null();
            continue;
        }
        j.begin_array();
        for (const ShapeTriangle& t : triangles_of(shape_in(s, slot))) {
            j.begin_array().value(t.dr).value(t.dc).value(int(t.up)).end_array();
        }
        j.end_array();
    }
    j.end_array();
    auto per_slot = [&](std::string_view name, auto value_of) {
        j.key(name).begin_array();
        for (int slot = 0; slot < slots_; ++slot) {
            const std::uint8_t t = s.slot_template[slot];
            if (t == kEmptySlot) j.null();
            else value_of(slot, t);
        }
        j.end_array();
    };
    per_slot("colors", [&](int slot, std::uint8_t) { j.value(int(s.slot_color[slot])); });
    per_slot("templates", [&](int, std::uint8_t t) {
        if (t < kNumTemplates) j.value(int(t));
        else j.null();  // a custom shape from a position
    });
    j.field("score", score(s));
    j.field("step", static_cast<long long>(s.steps));
    j.field("placed", static_cast<long long>(s.placed));
    j.field("cleared", static_cast<long long>(s.cleared));
    double reward = 0;
    step_reward(s, &reward);
    j.field("last_reward", reward);
    j.field("terminal", s.over != 0);
    j.end_object();
}

namespace {

// Two characters a cell: '/\' for an up triangle, '\/' for a down one, '##' when filled.
const char* glyph(bool playable, bool filled, bool up) {
    if (!playable) return "  ";
    if (filled) return "##";
    return up ? "/\\" : "\\/";
}

}  // namespace

std::string Triangle::render(const State& s) const {
    const Cells occ = occupied(s);
    std::string out;
    char line[96];
    std::snprintf(line, sizeof line, "triangle %dx%d  step %u  score %.3f%s\n", board_.rows(), board_.cols(),
                  s.steps, score(s), s.over ? "  (game over)" : "");
    out += line;
    out += "    ";
    for (int c = 0; c < board_.cols(); ++c) {
        std::snprintf(line, sizeof line, "%-2d", c % 10);  // the last digit keeps columns aligned
        out += line;
    }
    while (out.back() == ' ') out.pop_back();
    out += '\n';
    for (int r = 0; r < board_.rows(); ++r) {
        std::snprintf(line, sizeof line, "%2d  ", r);
        out += line;
        for (int c = 0; c < board_.cols(); ++c) {
            out += glyph(board_.playable(r, c), occ.test(board_.cell(r, c)), Board::points_up(r, c));
        }
        while (!out.empty() && out.back() == ' ') out.pop_back();
        out += '\n';
    }
    for (int slot = 0; slot < slots_; ++slot) {
        const std::uint8_t t = s.slot_template[slot];
        if (t == kEmptySlot) {
            out += "slot " + std::to_string(slot) + ": empty\n";
            continue;
        }
        out += "slot " + std::to_string(slot) + ": " +
               (t < kNumTemplates ? "template " + std::to_string(t) : std::string("custom shape")) + ", colour " +
               std::to_string(s.slot_color[slot]) + "\n";
        const ShapeCode shape = shape_in(s, slot);
        int min_dc = kShapeMinDc + kShapeCols, max_dc = kShapeMinDc, max_dr = 0;
        const auto ts = triangles_of(shape);
        for (const ShapeTriangle& tri : ts) {
            min_dc = std::min(min_dc, tri.dc), max_dc = std::max(max_dc, tri.dc), max_dr = std::max(max_dr, tri.dr);
        }
        for (int dr = 0; dr <= max_dr; ++dr) {
            std::string row = "    ";
            for (int dc = min_dc; dc <= max_dc; ++dc) {
                bool here = false;
                for (const ShapeTriangle& tri : ts) here = here || (tri.dr == dr && tri.dc == dc);
                const bool up = shape.anchor_up != (((dr + dc) & 1) != 0);
                row += here ? (up ? "/\\" : "\\/") : "  ";
            }
            while (!row.empty() && row.back() == ' ') row.pop_back();
            out += row + '\n';
        }
    }
    return out;
}

}  // namespace meeple::triangle
