// The rules: legality, placing a shape, line clears, refill, the end and the rewards.
#include <algorithm>

#include "games/triangle/triangle.hpp"

namespace meeple::triangle {
namespace {

// ORs `cells` into the packed bit array `words`, cell i going to bit at + i.
void put_bits(std::uint64_t* words, int at, Cells cells) {
    auto put_word = [&](int bit, std::uint64_t w) {
        if (!w) return;
        const int i = bit >> 6, shift = bit & 63;
        // Only set bits are written, and they all lie below num_actions.
        if (w << shift) words[i] |= w << shift;
        if (shift && (w >> (64 - shift))) words[i + 1] |= w >> (64 - shift);
    };
    put_word(at, cells.lo);
    put_word(at + 64, cells.hi);
}

}  // namespace

const Placement& Triangle::placement_of(const State& s, int slot, Placement& scratch) const {
    const std::uint8_t t = s.slot_template[slot];
    if (t < kNumTemplates) return template_placements_[t];
    scratch = board_.placement(shape_in(s, slot));  // a custom shape from a position: rare
    return scratch;
}

Cells Triangle::fitting_anchors(const State& s, int slot) const {
    const std::uint8_t t = s.slot_template[slot];
    if (t == kEmptySlot) return {};
    if (t < kNumTemplates) return template_placements_[t].fitting(occupied(s));
    Placement scratch;
    return placement_of(s, slot, scratch).fitting(occupied(s));
}

bool Triangle::any_fits(const State& s) const {
    for (int slot = 0; slot < slots_; ++slot) {
        if (fitting_anchors(s, slot).any()) return true;
    }
    return false;
}

void Triangle::legal_mask(const State& s, int, std::uint64_t* words) const {
    const int cells = board_.cells();
    const int n = (num_actions() + 63) / 64;
    std::fill(words, words + n, 0);
    for (int slot = 0; slot < slots_; ++slot) put_bits(words, slot * cells, fitting_anchors(s, slot));
}

bool Triangle::is_legal(const State& s, int, int action) const {
    const int slot = action / board_.cells(), anchor = action % board_.cells();
    if (s.over || s.slot_template[slot] == kEmptySlot) return false;
    Placement scratch;
    const Placement& p = placement_of(s, slot, scratch);
    return p.anchors.test(anchor) && !p.cells_at(anchor).intersects(occupied(s));
}

// New shapes come only when every slot is empty: a template entry, then a colour, for
// each slot in order.
void Triangle::refill(State& s, Rng& rng) const {
    for (int slot = 0; slot < slots_; ++slot) {
        if (s.slot_template[slot] != kEmptySlot) return;
    }
    for (int slot = 0; slot < slots_; ++slot) {
        const int t = static_cast<int>(rng.below(kNumTemplates));
        s.slot_template[slot] = static_cast<std::uint8_t>(t);
        s.slot_cells[slot] = templates()[t].cells;
        s.slot_anchor_up[slot] = templates()[t].anchor_up;
        s.slot_color[slot] = static_cast<std::uint8_t>(rng.below(static_cast<std::uint32_t>(colors_)));
    }
}

void Triangle::init(State& s, Rng& rng) const {
    s = State{};
    for (int slot = 0; slot < kMaxSlots; ++slot) s.slot_template[slot] = kEmptySlot;
    refill(s, rng);
    s.over = !any_fits(s);
}

void Triangle::apply(State& s, int, int action, Rng& rng) const {
    const int slot = action / board_.cells(), anchor = action % board_.cells();
    Placement scratch;
    const Placement& p = placement_of(s, slot, scratch);
    const Cells placed = p.cells_at(anchor);
    Cells occ = occupied(s) | placed;

    // Every line through a new triangle that is now full clears, all at once; a cell
    // on two such lines is emptied (and counted) once.
    Cells cleared;
    for (const Line& line : board_.lines()) {
        if (line.cells.intersects(placed) && line.cells.within(occ)) cleared |= line.cells;
    }
    occ &= ~cleared;

    s.occupied[0] = occ.lo;
    s.occupied[1] = occ.hi;
    s.slot_template[slot] = kEmptySlot;
    s.slot_cells[slot] = 0;
    s.slot_anchor_up[slot] = 0;
    s.slot_color[slot] = 0;
    s.last_placed = static_cast<std::uint16_t>(p.count);
    s.last_cleared = static_cast<std::uint16_t>(cleared.count());
    s.placed += s.last_placed;
    s.cleared += s.last_cleared;
    ++s.steps;
    refill(s, rng);
    s.over = !any_fits(s);
    s.last_alive = !s.over;
    s.alive_steps += s.last_alive;
}

void Triangle::step_reward(const State& s, double* out) const {
    out[0] = s.last_placed * reward_placed_ + s.last_cleared * reward_cleared_ + s.last_alive * reward_alive_;
}

double Triangle::score(const State& s) const {
    return s.placed * reward_placed_ + s.cleared * reward_cleared_ + s.alive_steps * reward_alive_;
}

std::string Triangle::action_name(int action) const {
    const int cells = board_.cells(), slot = action / cells, cell = action % cells;
    return "place(" + std::to_string(slot) + "," + std::to_string(cell / board_.cols()) + "," +
           std::to_string(cell % board_.cols()) + ")";
}

std::string Triangle::check(const State& s) const {
    const Cells occ = occupied(s);
    if (!occ.within(board_.playable_cells())) return "a triangle lies on a death cell or outside the grid";
    for (const Line& line : board_.lines()) {
        if (line.cells.within(occ)) return "a full line stands uncleared";
    }
    bool all_empty = true;
    for (int slot = 0; slot < kMaxSlots; ++slot) {
        const std::uint8_t t = s.slot_template[slot];
        const std::string which = "slot " + std::to_string(slot);
        if (slot >= slots_) {
            if (t != kEmptySlot || s.slot_cells[slot] || s.slot_color[slot] || s.slot_anchor_up[slot])
                return which + " is beyond the game's " + std::to_string(slots_) + " slots but not empty";
            continue;
        }
        if (t == kEmptySlot) {
            if (s.slot_cells[slot] || s.slot_color[slot] || s.slot_anchor_up[slot])
                return which + " is empty but holds shape data";
            continue;
        }
        all_empty = false;
        if (s.slot_anchor_up[slot] > 1) return which + " has an orientation flag other than 0 or 1";
        if (s.slot_color[slot] >= colors_) return which + " has colour " + std::to_string(s.slot_color[slot]) +
                                                  "; colours are 0.." + std::to_string(colors_ - 1);
        const ShapeCode shape = shape_in(s, slot);
        if (t < kNumTemplates) {
            if (!(templates()[t] == shape)) return which + " names template " + std::to_string(t) + " but holds another shape";
        } else if (t == kCustomShape) {
            if (template_index(shape) >= 0) return which + " marks a template shape as custom";
            if (std::string why = shape_problem(triangles_of(shape)); !why.empty()) return which + ": " + why;
        } else {
            return which + " has an unknown template index " + std::to_string(t);
        }
    }
    if (all_empty) return "every slot is empty; three new shapes should have come";
    if (s.over != !any_fits(s)) return s.over ? "the game is marked over but a shape fits" : "no shape fits but the game is not over";
    if (s.last_alive > 1 || s.last_alive != (s.steps > 0 && !s.over)) return "the last step's alive flag does not match the state";
    if (s.alive_steps != s.steps - (s.steps > 0 && s.over ? 1u : 0u)) return "the count of steps the game went on after is wrong";
    if (s.steps == 0 && (s.placed || s.cleared || s.last_placed || s.last_cleared))
        return "triangles are counted as placed or cleared before any step";
    if (s.last_placed > s.placed || s.last_cleared > s.cleared) return "the last step's counts exceed the totals";
    if (s.steps > 0 && s.last_placed == 0) return "the last step placed no triangle";
    for (std::uint8_t b : s.reserved) {
        if (b) return "reserved bytes are not zero";
    }
    return {};
}

}  // namespace meeple::triangle
