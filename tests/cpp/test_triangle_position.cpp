// Triangle states from described positions: what is accepted and every rejection.
#include <cstring>
#include <string>

#include "check.hpp"
#include "triangle_fixture.hpp"

using namespace meeple;
using namespace meeple::test;

namespace {

using Rec = Record<TriangleState>;

// JSON rows of the default board with the given cells set.
std::string occupied_json(const std::vector<std::pair<int, int>>& cells, int rows = 8, int cols = 15) {
    std::string out = "[";
    for (int r = 0; r < rows; ++r) {
        out += r ? ",[" : "[";
        for (int c = 0; c < cols; ++c) {
            bool on = false;
            for (auto [rr, cc] : cells) on = on || (rr == r && cc == c);
            if (c) out += ',';
            out += on ? '1' : '0';
        }
        out += "]";
    }
    return out + "]";
}

std::string position(const std::vector<std::pair<int, int>>& cells, const std::string& shapes,
                     const std::string& extra = "") {
    return "{\"occupied\": " + occupied_json(cells) + ", \"shapes\": " + shapes + extra + "}";
}

Rec build(const TriangleFixture& g, const std::string& json, std::uint64_t seed = 0) {
    Rec rec;
    std::memset(&rec, 0, sizeof rec);
    g.any->from_position(&rec, json, seed);
    return rec;
}

std::string error_of(const TriangleFixture& g, const std::string& json) {
    Rec rec;
    try {
        g.any->from_position(&rec, json, 0);
    } catch (const Error& e) {
        return std::to_string(static_cast<int>(e.status())) + " " + e.what();
    }
    return "no error";
}

bool mentions(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST(position_builds_the_described_board_and_slots) {
    TriangleFixture g;
    const Rec rec = build(g, position({{3, 0}, {4, 1}}, "[[[0,0,1]], null, [[0,0,1],[1,0,0]]]", ", \"colors\": [5, null, 2]"));
    const TriangleState& s = rec.state;
    CHECK(TriangleGame::occupied(s).test(g->board().cell(3, 0)) && TriangleGame::occupied(s).count() == 2);
    CHECK(s.slot_template[0] == 0 && s.slot_template[1] == triangle::kEmptySlot && s.slot_template[2] == 2);
    CHECK(s.slot_color[0] == 5 && s.slot_color[2] == 2);
    CHECK(s.steps == 0 && s.placed == 0 && !s.over);
    CHECK(g.any->check(&rec).empty());
}

TEST(position_recognises_templates_in_any_triangle_order) {
    TriangleFixture g;
    const Rec rec = build(g, position({}, "[[[1,0,false],[1,-1,true],[0,0,true],[1,-2,false]], null, null]"));
    CHECK_EQ(rec.state.slot_template[0], 15);
}

TEST(position_accepts_a_legal_shape_that_is_no_template) {
    TriangleFixture g;
    // A straight run of six triangles along a row.
    const Rec rec = build(g, position({}, "[[[0,0,1],[0,1,0],[0,2,1],[0,3,0],[0,-1,0],[0,-2,1]], null, null]"));
    CHECK_EQ(rec.state.slot_template[0], triangle::kCustomShape);
    CHECK(oracle_legal_actions(*g, rec.state) == mask_actions(*g, rec.state));
    CHECK(!oracle_legal_actions(*g, rec.state).empty());
    // It plays like any shape.
    Rec r = rec;
    const auto legal = g.any->legal_actions(&r, 0);
    g.any->apply(&r, 0, legal.front());
    CHECK_EQ(r.state.last_placed, 6);
    CHECK(g.any->check(&r).empty());
}

TEST(position_with_all_slots_empty_draws_three_shapes_from_the_seed) {
    TriangleFixture g;
    const Rec a = build(g, position({}, "[null, null, null]"), 11);
    const Rec b = build(g, position({}, "[null, null, null]"), 11);
    for (int slot = 0; slot < 3; ++slot) CHECK(a.state.slot_template[slot] < triangle::kNumTemplates);
    CHECK(std::memcmp(&a, &b, sizeof a) == 0);
}

TEST(position_where_nothing_fits_is_over) {
    TriangleFixture g;
    std::vector<std::pair<int, int>> ups;
    for (int r = 0; r < 8; ++r) {
        for (int c = 0; c < 15; ++c) {
            if (g->board().playable(r, c) && (r + c) % 2 == 1) ups.emplace_back(r, c);
        }
    }
    const Rec rec = build(g, position(ups, "[[[0,0,1]], null, null]"));
    CHECK(g.any->is_terminal(&rec));
}

TEST(position_rejects_a_triangle_on_a_death_cell) {
    TriangleFixture g;
    const std::string e = error_of(g, position({{0, 0}}, "[null, null, null]"));
    CHECK(mentions(e, "-1 ") && mentions(e, "(0, 0) is a death cell"));
}

TEST(position_rejects_a_full_line) {
    TriangleFixture g;
    std::vector<std::pair<int, int>> row;
    for (int c = 3; c < 12; ++c) row.emplace_back(0, c);
    const std::string e = error_of(g, position(row, "[null, null, null]"));
    CHECK(mentions(e, "-1 ") && mentions(e, "horizontal line of 9 cells from (0, 3) to (0, 11) is full"));
}

TEST(position_rejects_what_is_not_a_shape) {
    TriangleFixture g;
    CHECK(mentions(error_of(g, position({}, "[[[0,0,1],[0,1,1]], null, null]")), "must point down"));
    CHECK(mentions(error_of(g, position({}, "[[[0,0,1],[0,2,1]], null, null]")), "not joined"));
    CHECK(mentions(error_of(g, position({}, "[[[0,1,0]], null, null]")), "anchor"));
    CHECK(mentions(error_of(g, position({}, "[[], null, null]")), "at least one"));
    CHECK(mentions(error_of(g, position({}, "[[[0,0,1],[0,0,1]], null, null]")), "twice"));
    CHECK(mentions(error_of(g, position({}, "[[[0,0,1],[9,0,1]], null, null]")), "outside the shape box"));
    CHECK(mentions(error_of(g, position({}, "[[[0,0,1,4]], null, null]")), "[dr, dc, up]"));
    CHECK(mentions(error_of(g, position({}, "[[[0,0.5,1]], null, null]")), "integer"));
    CHECK(mentions(error_of(g, position({}, "[[[0,0,2]], null, null]")), "0 or 1"));
}

TEST(position_rejects_wrong_sizes_keys_and_colours) {
    TriangleFixture g;
    CHECK(mentions(error_of(g, "[]"), "expected an object"));
    CHECK(mentions(error_of(g, "{\"shapes\": [null,null,null]}"), "\"occupied\" is missing"));
    CHECK(mentions(error_of(g, "{\"occupied\": [[0]], \"shapes\": [null,null,null]}"), "list of 8 rows"));
    CHECK(mentions(error_of(g, position({}, "[null, null]")), "3 entries"));
    CHECK(mentions(error_of(g, position({}, "[null, null, null]", ", \"score\": 3")), "unknown key \"score\""));
    CHECK(mentions(error_of(g, position({}, "[[[0,0,1]], null, null]", ", \"colors\": [9, null, null]")), "colours are 0..8"));
    CHECK(mentions(error_of(g, position({}, "[[[0,0,1]], null, null]", ", \"colors\": [1, 2, null]")), "empty slot"));
    CHECK(error_of(g, position({}, "[null, null, null]")) == "no error");
}

TEST(position_with_malformed_json_is_a_parse_error) {
    TriangleFixture g;
    const std::string e = error_of(g, "{\"occupied\": [[0, 1,]]}");
    CHECK(mentions(e, "-7 ") && mentions(e, "line 1, column 21"));
}

TEST(game_without_positions_says_so) {
    auto ttt = make_game("tictactoe");
    std::vector<std::uint64_t> rec(ttt->record_size() / 8 + 1);
    try {
        ttt->from_position(rec.data(), "{}", 0);
        CHECK(false);
    } catch (const Error& e) {
        CHECK(e.status() == Status::invalid_argument);
        CHECK(mentions(e.what(), "game tictactoe does not support positions"));
    }
}

TEST(position_survives_mutated_json_and_any_state_it_makes_is_sound) {
    TriangleFixture g;
    const std::string base = position({{3, 0}, {4, 1}, {5, 7}}, "[[[0,0,1],[1,0,0]], null, [[0,0,0],[0,1,1]]]",
                                      ", \"colors\": [1, null, 8]");
    Rng rng = Rng::from_seed(9);
    const char alphabet[] = "01,[]{}\":-nul trefas";
    int built = 0, refused = 0;
    for (int i = 0; i < 5000; ++i) {
        std::string text = base;
        for (int e = 0, edits = 1 + static_cast<int>(rng.below(3)); e < edits; ++e) {
            const std::size_t at = rng.below(static_cast<std::uint32_t>(text.size()));
            if (rng.below(2)) text[at] = alphabet[rng.below(sizeof alphabet - 1)];
            else text.erase(at, 1);
        }
        Rec rec;
        std::memset(&rec, 0xAB, sizeof rec);
        const Rec untouched = rec;
        try {
            g.any->from_position(&rec, text, 1);
            CHECK(g.any->check(&rec).empty());
            ++built;
        } catch (const Error& e) {
            CHECK(e.status() == Status::parse || e.status() == Status::invalid_argument);
            CHECK(std::memcmp(&rec, &untouched, sizeof rec) == 0);  // written only on success
            ++refused;
        }
    }
    CHECK(built > 0 && refused > 0);
}
