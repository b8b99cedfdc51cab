// The observation: board planes, the slots' shapes as small planes, and scalars, in
// the order of obs_fields(). There is no hidden information, so every viewer sees the
// same vector.
#include <algorithm>

#include "games/triangle/triangle.hpp"

namespace meeple::triangle {

void Triangle::observe(const State& s, int, float* out) const {
    const int cells = board_.cells(), shape_size = kShapeRows * kShapeCols;
    const Cells occ = occupied(s), playable = board_.playable_cells(), up = board_.up_cells();
    float* o = out;
    for (int i = 0; i < cells; ++i) o[i] = float(occ.test(i));
    o += cells;
    for (int i = 0; i < cells; ++i) o[i] = float(playable.test(i));
    o += cells;
    for (int i = 0; i < cells; ++i) o[i] = float(up.test(i));
    o += cells;
    for (int slot = 0; slot < slots_; ++slot, o += shape_size) {
        for (int b = 0; b < shape_size; ++b) o[b] = float((s.slot_cells[slot] >> b) & 1u);
    }
    for (int slot = 0; slot < slots_; ++slot) *o++ = float(s.slot_anchor_up[slot]);
    for (int slot = 0; slot < slots_; ++slot) *o++ = float(s.slot_template[slot] != kEmptySlot);
    *o++ = float(score(s));
    *o++ = float(s.steps);
}

}  // namespace meeple::triangle
