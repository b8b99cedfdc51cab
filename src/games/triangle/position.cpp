// A state from a described position (docs/triangle.md, "Positions"):
//   {"occupied": rows x cols of 0/1, "shapes": one entry a slot, null or a list of
//    [dr, dc, up], "colors": optional, one entry a slot, null or a colour id}
// Every rule is checked: cells must be playable, no full line may stand, shapes must
// be shapes (templates or any other joined set of triangles in the shape box).
#include "core/error.hpp"
#include "core/echo.hpp"
#include "games/triangle/triangle.hpp"

namespace meeple::triangle {
namespace {

[[noreturn]] void reject(const std::string& what) { fail(Status::invalid_argument, "triangle position: " + what); }

// 0, 1, false or true.
bool read_flag(const JsonValue& v, const std::string& where) {
    if (v.is_bool()) return v.as_bool();
    if (v.is_integer() && (v.as_int() == 0 || v.as_int() == 1)) return v.as_int() == 1;
    reject(where + " must be 0 or 1 (or false/true), not " + std::string(v.kind_name()));
}

int read_int(const JsonValue& v, const std::string& where) {
    if (!v.is_integer() || v.as_int() < -1000000 || v.as_int() > 1000000)
        reject(where + " must be an integer, not " + std::string(v.kind_name()));
    return static_cast<int>(v.as_int());
}

std::string cell_text(int r, int c) { return "(" + std::to_string(r) + ", " + std::to_string(c) + ")"; }

}  // namespace

void Triangle::from_position(const JsonValue& position, State& s, Rng& rng) const {
    if (!position.is_object()) reject("expected an object with \"occupied\" and \"shapes\", not " + std::string(position.kind_name()));
    for (const auto& [key, value] : position.members()) {
        if (key != "occupied" && key != "shapes" && key != "colors")
            reject("unknown key \"" + echo(key) + "\"; the keys are occupied, shapes and colors");
    }
    const int rows = board_.rows(), cols = board_.cols();
    s = State{};
    for (int slot = 0; slot < kMaxSlots; ++slot) s.slot_template[slot] = kEmptySlot;

    const JsonValue* occupied_rows = position.find("occupied");
    if (!occupied_rows) reject("\"occupied\" is missing: give " + std::to_string(rows) + " rows of " + std::to_string(cols) + " 0/1 values");
    if (!occupied_rows->is_array() || static_cast<int>(occupied_rows->items().size()) != rows)
        reject("\"occupied\" must be a list of " + std::to_string(rows) + " rows");
    Cells occ;
    for (int r = 0; r < rows; ++r) {
        const JsonValue& row = occupied_rows->items()[r];
        if (!row.is_array() || static_cast<int>(row.items().size()) != cols)
            reject("occupied[" + std::to_string(r) + "] must be a list of " + std::to_string(cols) + " values");
        for (int c = 0; c < cols; ++c) {
            if (!read_flag(row.items()[c], "occupied[" + std::to_string(r) + "][" + std::to_string(c) + "]")) continue;
            if (!board_.playable(r, c)) reject("cell " + cell_text(r, c) + " is a death cell; nothing can lie there");
            occ.set(board_.cell(r, c));
        }
    }
    for (const Line& line : board_.lines()) {
        if (!line.cells.within(occ)) continue;
        int first = 0, last = 0, n = 0;
        line.cells.for_each([&](int i) {
            if (n++ == 0) first = i;
            last = i;
        });
        static constexpr const char* kDirections[] = {"horizontal", "down-right", "up-right"};
        reject(std::string("the ") + kDirections[static_cast<int>(line.direction)] + " line of " + std::to_string(n) +
               " cells from " + cell_text(first / cols, first % cols) + " to " + cell_text(last / cols, last % cols) +
               " is full; a full line would have been cleared");
    }
    s.occupied[0] = occ.lo;
    s.occupied[1] = occ.hi;

    const JsonValue* shapes = position.find("shapes");
    if (!shapes) reject("\"shapes\" is missing: give " + std::to_string(slots_) + " entries, each null or a list of [dr, dc, up]");
    if (!shapes->is_array() || static_cast<int>(shapes->items().size()) != slots_)
        reject("\"shapes\" must be a list of " + std::to_string(slots_) + " entries (one a slot), each null or a list of [dr, dc, up]");
    for (int slot = 0; slot < slots_; ++slot) {
        const JsonValue& entry = shapes->items()[slot];
        const std::string where = "shapes[" + std::to_string(slot) + "]";
        if (entry.is_null()) continue;
        if (!entry.is_array() || entry.items().size() > static_cast<std::size_t>(kMaxShapeTriangles))
            reject(where + " must be null or a list of at most " + std::to_string(kMaxShapeTriangles) + " triangles [dr, dc, up]");
        std::vector<ShapeTriangle> ts;
        for (std::size_t k = 0; k < entry.items().size(); ++k) {
            const JsonValue& t = entry.items()[k];
            const std::string at = where + "[" + std::to_string(k) + "]";
            if (!t.is_array() || t.items().size() != 3) reject(at + " must be a triangle [dr, dc, up]");
            ts.push_back({read_int(t.items()[0], at + "[0] (dr)"), read_int(t.items()[1], at + "[1] (dc)"),
                          read_flag(t.items()[2], at + "[2] (up)")});
        }
        if (std::string why = shape_problem(ts); !why.empty()) reject(where + " is not a shape: " + why);
        const ShapeCode code = encode_shape(ts);
        const int t = template_index(code);
        s.slot_template[slot] = t >= 0 ? static_cast<std::uint8_t>(t) : kCustomShape;
        s.slot_cells[slot] = code.cells;
        s.slot_anchor_up[slot] = code.anchor_up;
    }

    if (const JsonValue* colors = position.find("colors")) {
        if (!colors->is_array() || static_cast<int>(colors->items().size()) != slots_)
            reject("\"colors\" must be a list of " + std::to_string(slots_) + " entries, each null or a colour id");
        for (int slot = 0; slot < slots_; ++slot) {
            const JsonValue& c = colors->items()[slot];
            const std::string where = "colors[" + std::to_string(slot) + "]";
            if (c.is_null()) continue;
            const int color = read_int(c, where);
            if (s.slot_template[slot] == kEmptySlot) reject(where + " gives a colour to an empty slot; use null");
            if (color < 0 || color >= colors_)
                reject(where + " is " + std::to_string(color) + "; colours are 0.." + std::to_string(colors_ - 1));
            s.slot_color[slot] = static_cast<std::uint8_t>(color);
        }
    }

    // As after any step: all slots empty means three new shapes, then the end test.
    refill(s, rng);
    s.over = !any_fits(s);
}

}  // namespace meeple::triangle
