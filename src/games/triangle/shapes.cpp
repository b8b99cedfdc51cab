#include "games/triangle/shapes.hpp"

#include <algorithm>

namespace meeple::triangle {
namespace {

constexpr bool U = true, D = false;

struct TemplateText {
    int count;
    ShapeTriangle triangles[5];
};

// The spec's list, entry by entry; "= n" marks an entry that repeats entry n.
constexpr TemplateText kTemplateText[kNumTemplates] = {
    /*  0 */ {1, {{0, 0, U}}},
    /*  1 */ {1, {{0, 0, U}}},
    /*  2 */ {2, {{0, 0, U}, {1, 0, D}}},
    /*  3 */ {2, {{0, 0, U}, {1, 0, D}}},
    /*  4 */ {1, {{0, 0, D}}},
    /*  5 */ {2, {{0, 0, U}, {0, 1, D}}},
    /*  6 */ {2, {{0, 0, U}, {0, 1, D}}},
    /*  7 */ {2, {{0, 0, D}, {0, 1, U}}},
    /*  8 */ {2, {{0, 0, D}, {0, 1, U}}},
    /*  9 */ {3, {{0, 0, U}, {0, 1, D}, {0, 2, U}}},
    /* 10 */ {3, {{0, 0, D}, {0, 1, U}, {0, 2, D}}},
    /* 11 */ {4, {{0, 0, U}, {0, 1, D}, {0, 2, U}, {1, 0, D}}},
    /* 12 */ {4, {{0, 0, U}, {0, 1, D}, {0, 2, U}, {1, 2, D}}},
    /* 13 */ {4, {{0, 0, D}, {0, 1, U}, {1, 0, U}, {1, 1, D}}},
    /* 14 */ {5, {{0, 0, U}, {0, 2, U}, {1, 0, D}, {1, 1, U}, {1, 2, D}}},
    /* 15 */ {4, {{0, 0, U}, {1, -2, D}, {1, -1, U}, {1, 0, D}}},
    /* 16 */ {4, {{0, 0, U}, {0, 1, D}, {1, 0, D}, {1, 1, U}}},
    /* 17 */ {5, {{0, 0, U}, {0, 1, D}, {1, 0, D}, {1, 1, U}, {1, 2, D}}},
    /* 18 */ {5, {{0, 0, U}, {0, 1, D}, {0, 2, U}, {1, 0, D}, {1, 1, U}}},
    /* 19 */ {5, {{0, 0, U}, {0, 1, D}, {0, 2, U}, {1, 0, D}, {1, 2, D}}},
    /* 20 */ {5, {{0, 0, U}, {0, 1, D}, {0, 2, U}, {1, 1, U}, {1, 2, D}}},
    /* 21 = 14 */ {5, {{0, 0, U}, {0, 2, U}, {1, 0, D}, {1, 1, U}, {1, 2, D}}},
    /* 22 = 17 */ {5, {{0, 0, U}, {0, 1, D}, {1, 0, D}, {1, 1, U}, {1, 2, D}}},
    /* 23 */ {3, {{0, 0, D}, {0, 1, U}, {1, 1, D}}},
    /* 24 */ {3, {{0, 0, U}, {1, -1, U}, {1, 0, D}}},
    /* 25 */ {3, {{0, 0, U}, {1, 0, D}, {1, 1, U}}},
    /* 26 */ {4, {{0, 0, U}, {1, -1, U}, {1, 0, D}, {1, 1, U}}},
    /* 27 = 24 */ {3, {{0, 0, U}, {1, -1, U}, {1, 0, D}}},
    /* 28 */ {4, {{0, 0, D}, {0, 1, U}, {0, 2, D}, {1, 1, D}}},
    /* 29 = 23 */ {3, {{0, 0, D}, {0, 1, U}, {1, 1, D}}},
    /* 30 */ {3, {{0, 0, U}, {0, 1, D}, {1, 0, D}}},
};

constexpr int local_bit(int dr, int dc) { return dr * kShapeCols + (dc - kShapeMinDc); }

constexpr bool in_box(int dr, int dc) {
    return dr >= 0 && dr < kShapeRows && dc >= kShapeMinDc && dc < kShapeMinDc + kShapeCols;
}

// Edge neighbours on the triangle grid: left and right always; below for an up
// triangle (its flat side is at the bottom), above for a down one.
bool touches(const ShapeTriangle& a, const ShapeTriangle& b) {
    if (a.dr == b.dr) return a.dc - b.dc == 1 || b.dc - a.dc == 1;
    if (a.dc != b.dc) return false;
    return a.up ? b.dr == a.dr + 1 : b.dr == a.dr - 1;
}

std::string describe(const ShapeTriangle& t) {
    return "[" + std::to_string(t.dr) + ", " + std::to_string(t.dc) + ", " + (t.up ? "1" : "0") + "]";
}

}  // namespace

const std::array<ShapeCode, kNumTemplates>& templates() {
    static const std::array<ShapeCode, kNumTemplates> table = [] {
        std::array<ShapeCode, kNumTemplates> out{};
        for (int i = 0; i < kNumTemplates; ++i) {
            const TemplateText& t = kTemplateText[i];
            out[i] = encode_shape(std::vector<ShapeTriangle>(t.triangles, t.triangles + t.count));
        }
        return out;
    }();
    return table;
}

int template_index(ShapeCode shape) {
    const auto& all = templates();
    for (int i = 0; i < kNumTemplates; ++i) {
        if (all[i] == shape) return i;
    }
    return -1;
}

std::vector<ShapeTriangle> triangles_of(ShapeCode shape) {
    std::vector<ShapeTriangle> out;
    for (int dr = 0; dr < kShapeRows; ++dr) {
        for (int dc = kShapeMinDc; dc < kShapeMinDc + kShapeCols; ++dc) {
            if ((shape.cells >> local_bit(dr, dc)) & 1u) {
                out.push_back({dr, dc, shape.anchor_up != (((dr + dc) & 1) != 0)});
            }
        }
    }
    return out;
}

std::string shape_problem(const std::vector<ShapeTriangle>& ts) {
    if (ts.empty()) return "a shape needs at least one triangle";
    const auto anchor = std::find_if(ts.begin(), ts.end(), [](const ShapeTriangle& t) { return t.dr == 0 && t.dc == 0; });
    if (anchor == ts.end()) return "a shape must contain its anchor [0, 0, up]";
    for (std::size_t i = 0; i < ts.size(); ++i) {
        const ShapeTriangle& t = ts[i];
        if (!in_box(t.dr, t.dc)) {
            return "triangle " + describe(t) + " lies outside the shape box (0 <= dr < " +
                   std::to_string(kShapeRows) + ", " + std::to_string(kShapeMinDc) + " <= dc < " +
                   std::to_string(kShapeMinDc + kShapeCols) + ")";
        }
        for (std::size_t j = 0; j < i; ++j) {
            if (ts[j].dr == t.dr && ts[j].dc == t.dc) return "triangle " + describe(t) + " appears twice";
        }
        const bool want_up = anchor->up != (((t.dr + t.dc) & 1) != 0);
        if (t.up != want_up) {
            return "triangle " + describe(t) + " must point " + (want_up ? "up" : "down") +
                   ": orientation alternates with dr + dc from the anchor's";
        }
    }
    // Joined edge to edge: a flood fill from the anchor reaches every triangle.
    std::vector<bool> reached(ts.size(), false);
    std::vector<std::size_t> todo = {static_cast<std::size_t>(anchor - ts.begin())};
    reached[todo[0]] = true;
    while (!todo.empty()) {
        const std::size_t i = todo.back();
        todo.pop_back();
        for (std::size_t j = 0; j < ts.size(); ++j) {
            if (!reached[j] && touches(ts[i], ts[j])) {
                reached[j] = true;
                todo.push_back(j);
            }
        }
    }
    for (std::size_t i = 0; i < ts.size(); ++i) {
        if (!reached[i]) return "triangle " + describe(ts[i]) + " is not joined edge to edge with the rest";
    }
    return {};
}

ShapeCode encode_shape(const std::vector<ShapeTriangle>& ts) {
    ShapeCode code;
    for (const ShapeTriangle& t : ts) {
        code.cells |= std::uint32_t(1) << local_bit(t.dr, t.dc);
        if (t.dr == 0 && t.dc == 0) code.anchor_up = t.up;
    }
    return code;
}

}  // namespace meeple::triangle
