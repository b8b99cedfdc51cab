// The board's topology, computed once per game: which cells are playable, which point
// up, the lines that clear when full, and where each shape can be put.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/triangle/cells.hpp"
#include "games/triangle/shapes.hpp"

namespace meeple::triangle {

// Line directions, in the order of the spec.
enum class Direction : int { horizontal = 0, down_right = 1, up_right = 2 };

struct Line {
    Cells cells;
    Direction direction;
};

// A shape's geometry on one board: the anchors where every triangle lands on a
// playable cell of the right orientation, and each triangle's cell offset from its
// anchor (dr * cols + dc), so the cells of a placement are anchor + offsets.
struct Placement {
    Cells anchors;
    int count = 0;
    int offsets[kMaxShapeTriangles] = {};

    // The cells the shape covers with its anchor on `anchor`.
    Cells cells_at(int anchor) const {
        Cells out;
        for (int k = 0; k < count; ++k) out.set(anchor + offsets[k]);
        return out;
    }
    // The anchors where the shape fits among `occupied`: an anchor is blocked when any
    // triangle's cell is occupied, which is `occupied` seen `offset` cells earlier.
    Cells fitting(Cells occupied) const {
        Cells blocked;
        for (int k = 0; k < count; ++k) blocked |= occupied.shifted_down(offsets[k]);
        return anchors & ~blocked;
    }
};

class Board {
public:
    // `ranges` holds one half-open [start, end) column range of playable cells a row.
    Board(int rows, int cols, const std::vector<std::pair<int, int>>& ranges);

    int rows() const { return rows_; }
    int cols() const { return cols_; }
    int cells() const { return rows_ * cols_; }
    int cell(int r, int c) const { return r * cols_ + c; }
    bool in_grid(int r, int c) const { return r >= 0 && r < rows_ && c >= 0 && c < cols_; }
    static bool points_up(int r, int c) { return ((r + c) & 1) != 0; }
    bool playable(int r, int c) const { return in_grid(r, c) && playable_.test(cell(r, c)); }

    Cells playable_cells() const { return playable_; }
    Cells up_cells() const { return up_; }
    const std::vector<Line>& lines() const { return lines_; }
    const std::vector<std::pair<int, int>>& ranges() const { return ranges_; }

    Placement placement(ShapeCode shape) const;

private:
    void add_lines(Direction direction);

    int rows_, cols_;
    std::vector<std::pair<int, int>> ranges_;
    Cells playable_, up_;
    std::vector<Line> lines_;
};

// Reads the `playable` option: "auto" (the default board's pattern, fitted to any
// size: rows shrink by one cell at each end a row away from the middle), "full", or
// one "start-end" range a row separated by '/', such as "3-12/2-13/.../3-12".
// Throws Error(invalid_argument) saying what is wrong.
std::vector<std::pair<int, int>> playable_ranges(std::string_view text, int rows, int cols);

}  // namespace meeple::triangle
