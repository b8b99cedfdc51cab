// Shapes: sets of triangles relative to an anchor, the 31 template entries that new
// shapes are drawn from, and the rule for which lists of triangles are shapes at all.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace meeple::triangle {

// One triangle of a shape: its offset from the anchor and whether it points up.
struct ShapeTriangle {
    int dr, dc;
    bool up;
    bool operator==(const ShapeTriangle&) const = default;
};

// A shape as the state keeps it: a mask over a local box of kShapeRows x kShapeCols
// offsets (bit (dr * kShapeCols + dc - kShapeMinDc)), plus the anchor's orientation,
// which fixes every other triangle's (the grid alternates).
inline constexpr int kShapeRows = 4, kShapeCols = 8, kShapeMinDc = -4;
inline constexpr int kMaxShapeTriangles = kShapeRows * kShapeCols;

struct ShapeCode {
    std::uint32_t cells = 0;
    bool anchor_up = false;
    bool operator==(const ShapeCode&) const = default;
};

inline constexpr int kNumTemplates = 31;
// The template entries, in the order of the spec (repeated entries make some shapes
// likelier when drawing uniformly over entries).
const std::array<ShapeCode, kNumTemplates>& templates();

// The first template entry equal to `shape`, or -1.
int template_index(ShapeCode shape);

// The triangles of a shape, row by row, left to right.
std::vector<ShapeTriangle> triangles_of(ShapeCode shape);

// Empty when `triangles` is a shape: non-empty, the anchor (0, 0) among them, each
// offset inside the local box (0 <= dr < 4, -4 <= dc < 4), no triangle twice, each
// orientation following the parity of dr + dc from the anchor's, and all of them joined
// edge to edge. Otherwise the first problem found, in words.
std::string shape_problem(const std::vector<ShapeTriangle>& triangles);

// The code of a shape; call only when shape_problem() is empty.
ShapeCode encode_shape(const std::vector<ShapeTriangle>& triangles);

}  // namespace meeple::triangle
