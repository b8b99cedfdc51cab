// The triangle game's options, its tables, and the layout of its observation.
#include "games/triangle/triangle.hpp"

#include "core/error.hpp"

namespace meeple::triangle {
namespace {

constexpr OptionSpec kOptions[] = {
    {"rows", OptionType::integer, "8", 1, 16, {}, "rows of the grid; rows * cols must be at most 128"},
    {"cols", OptionType::integer, "15", 1, 128, {}, "columns of the grid; rows * cols must be at most 128"},
    {"playable", OptionType::text, "auto", 0, 0, {},
     "playable cells: auto (the standard board's pattern), full, or one start-end column range a row, "
     "separated by '/', as in 3-12/2-13/1-14/0-15/0-15/1-14/2-13/3-12"},
    {"slots", OptionType::integer, "3", 1, kMaxSlots, {}, "preview slots"},
    {"colors", OptionType::integer, "9", 1, 64, {}, "colour ids drawn with each shape (0..colors-1)"},
    {"reward_placed", OptionType::real, "0.01", -1e6, 1e6, {}, "reward per triangle placed"},
    {"reward_cleared", OptionType::real, "0.5", -1e6, 1e6, {}, "reward per triangle cleared"},
    {"reward_alive", OptionType::real, "0.005", -1e6, 1e6, {}, "reward for a step after which the game goes on"},
};

Board make_board(const Options& options) {
    const int rows = static_cast<int>(options.get_int("rows"));
    const int cols = static_cast<int>(options.get_int("cols"));
    if (rows * cols > kMaxCells) {
        fail(Status::invalid_argument, "triangle(rows=" + std::to_string(rows) + ",cols=" + std::to_string(cols) +
                                           ") has " + std::to_string(rows * cols) + " cells; at most " +
                                           std::to_string(kMaxCells) + " fit the bitboard (rows * cols <= 128)");
    }
    // A text option reads like a choice: its value as given.
    Board board(rows, cols, playable_ranges(options.get_choice("playable"), rows, cols));
    if (board.playable_cells().empty()) {
        fail(Status::invalid_argument, "option 'playable' of triangle leaves no playable cell on a " +
                                           std::to_string(rows) + " x " + std::to_string(cols) + " board");
    }
    return board;
}

}  // namespace

std::span<const OptionSpec> Triangle::option_specs() { return kOptions; }

Triangle::Triangle(const Options& options)
    : board_(make_board(options)),
      slots_(static_cast<int>(options.get_int("slots"))),
      colors_(static_cast<int>(options.get_int("colors"))),
      reward_placed_(options.get_real("reward_placed")),
      reward_cleared_(options.get_real("reward_cleared")),
      reward_alive_(options.get_real("reward_alive")) {
    for (int t = 0; t < kNumTemplates; ++t) template_placements_[t] = board_.placement(templates()[t]);
    build_obs_fields();
}

// Fields in order: three board planes, the slots' shapes, then scalars.
void Triangle::build_obs_fields() {
    const int rows = board_.rows(), cols = board_.cols(), cells = board_.cells();
    const int shape_size = kShapeRows * kShapeCols;
    int at = 0;
    auto add = [&](std::string_view name, int size, int d0, int d1, int d2, std::string_view meaning) {
        obs_fields_.push_back({name, at, size, {d0, d1, d2}, meaning});
        at += size;
    };
    add("occupied", cells, rows, cols, 0, "1 where a triangle lies");
    add("playable", cells, rows, cols, 0, "1 on playable cells, 0 on death cells");
    add("up", cells, rows, cols, 0, "1 where the cell points up ((r + c) odd), 0 where it points down");
    add("shapes", slots_ * shape_size, slots_, kShapeRows, kShapeCols,
        "per slot, 1 at [dr][dc + 4] for each triangle of its shape (offsets from the anchor)");
    add("shape_up", slots_, slots_, 0, 0, "per slot, 1 when the shape's anchor triangle points up");
    add("slot_filled", slots_, slots_, 0, 0, "per slot, 1 when it holds a shape");
    add("score", 1, 1, 0, 0, "the score so far (sum of step rewards)");
    add("step", 1, 1, 0, 0, "placements made so far");
}

namespace {
constexpr EventField kEventFields[] = {
    {"placed", "after the event: triangles placed so far"},
    {"cleared", "after the event: triangles cleared so far"},
    {"last_placed", "after the event: triangles placed by the last step"},
    {"last_cleared", "after the event: triangles cleared by the last step"},
};
}  // namespace

std::span<const EventField> Triangle::event_fields() const { return kEventFields; }

}  // namespace meeple::triangle
