#include "games/triangle/board.hpp"

#include <algorithm>
#include <bit>
#include <charconv>

#include "core/error.hpp"
#include "core/echo.hpp"

namespace meeple::triangle {

Board::Board(int rows, int cols, const std::vector<std::pair<int, int>>& ranges)
    : rows_(rows), cols_(cols), ranges_(ranges) {
    for (int r = 0; r < rows_; ++r) {
        for (int c = 0; c < cols_; ++c) {
            if (c >= ranges_[r].first && c < ranges_[r].second) playable_.set(cell(r, c));
            if (points_up(r, c)) up_.set(cell(r, c));
        }
    }
    add_lines(Direction::horizontal);
    add_lines(Direction::down_right);
    add_lines(Direction::up_right);
}

namespace {

struct Step {
    int r, c;
};

// The spec's neighbour rules: next and previous cell along a direction.
Step next(Direction d, int r, int c) {
    const bool up = Board::points_up(r, c);
    switch (d) {
        case Direction::horizontal: return {r, c + 1};
        case Direction::down_right: return up ? Step{r + 1, c} : Step{r, c + 1};
        case Direction::up_right: return up ? Step{r, c + 1} : Step{r - 1, c};
    }
    return {r, c};
}

Step previous(Direction d, int r, int c) {
    const bool up = Board::points_up(r, c);
    switch (d) {
        case Direction::horizontal: return {r, c - 1};
        case Direction::down_right: return up ? Step{r, c - 1} : Step{r - 1, c};
        case Direction::up_right: return up ? Step{r + 1, c} : Step{r, c - 1};
    }
    return {r, c};
}

}  // namespace

// A line is a maximal run of playable cells: start where the previous cell is not
// playable and walk forward while cells are.
void Board::add_lines(Direction d) {
    for (int r = 0; r < rows_; ++r) {
        for (int c = 0; c < cols_; ++c) {
            if (!playable(r, c)) continue;
            const Step p = previous(d, r, c);
            if (playable(p.r, p.c)) continue;
            Line line{{}, d};
            for (Step s{r, c}; playable(s.r, s.c); s = next(d, s.r, s.c)) line.cells.set(cell(s.r, s.c));
            if (line.cells.count() >= 2) lines_.push_back(line);
        }
    }
}

// Reads the shape's bits directly (no allocation: custom shapes from positions come
// through here on every legality test).
Placement Board::placement(ShapeCode shape) const {
    Placement p;
    int dr[kMaxShapeTriangles], dc[kMaxShapeTriangles];
    for (std::uint32_t bits = shape.cells; bits; bits &= bits - 1) {
        const int b = std::countr_zero(bits);
        dr[p.count] = b / kShapeCols;
        dc[p.count] = b % kShapeCols + kShapeMinDc;
        p.offsets[p.count] = dr[p.count] * cols_ + dc[p.count];
        ++p.count;
    }
    for (int r = 0; r < rows_; ++r) {
        for (int c = 0; c < cols_; ++c) {
            // Orientation: the anchor's cell decides, the rest follow by parity.
            if (points_up(r, c) != shape.anchor_up) continue;
            bool fits = true;
            for (int k = 0; k < p.count && fits; ++k) fits = playable(r + dr[k], c + dc[k]);
            if (fits) p.anchors.set(cell(r, c));
        }
    }
    return p;
}

std::vector<std::pair<int, int>> playable_ranges(std::string_view text, int rows, int cols) {
    std::vector<std::pair<int, int>> out;
    if (text == "full") {
        out.assign(static_cast<std::size_t>(rows), {0, cols});
        return out;
    }
    if (text == "auto") {
        // The default board (8 x 15) indents its top and bottom rows by 3, 2, 1, 0.
        for (int r = 0; r < rows; ++r) {
            const int from_edge = std::min(r, rows - 1 - r);
            const int indent = std::max(0, rows / 2 - 1 - from_edge);
            out.emplace_back(std::min(indent, cols), std::max(cols - indent, std::min(indent, cols)));
        }
        return out;
    }
    const std::string what = "option 'playable' of triangle";
    std::string_view rest = text;
    while (true) {
        const auto slash = rest.find('/');
        const std::string_view item = rest.substr(0, slash);
        const auto dash = item.find('-');
        int start = -1, end = -1;
        bool ok = dash != std::string_view::npos;
        if (ok) {
            const auto a = std::from_chars(item.data(), item.data() + dash, start);
            const auto b = std::from_chars(item.data() + dash + 1, item.data() + item.size(), end);
            ok = dash > 0 && dash + 1 < item.size() && a.ec == std::errc() && a.ptr == item.data() + dash &&
                 b.ec == std::errc() && b.ptr == item.data() + item.size();
        }
        if (!ok) {
            fail(Status::invalid_argument, what + ": '" + echo(item) +
                                               "' is not a range; write one start-end range a row, "
                                               "separated by '/', as in 3-12/2-13, or auto, or full");
        }
        const int r = static_cast<int>(out.size());
        if (start < 0 || end > cols || start > end) {
            fail(Status::invalid_argument, what + ": row " + std::to_string(r) + " range " + std::string(item) +
                                               " must satisfy 0 <= start <= end <= cols (" + std::to_string(cols) + ")");
        }
        out.emplace_back(start, end);
        if (slash == std::string_view::npos) break;
        rest.remove_prefix(slash + 1);
    }
    if (static_cast<int>(out.size()) != rows) {
        fail(Status::invalid_argument, what + " gives " + std::to_string(out.size()) + " ranges; the board has " +
                                           std::to_string(rows) + " rows, one range each");
    }
    return out;
}

}  // namespace meeple::triangle
