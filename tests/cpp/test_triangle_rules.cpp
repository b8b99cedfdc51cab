// The triangle rules, one constructed position a rule (specs/triangle.md).
#include <cmath>
#include <cstring>

#include "check.hpp"
#include "triangle_fixture.hpp"

using namespace meeple;
using namespace meeple::test;
using triangle::Direction;

namespace {

bool near(double a, double b) { return std::fabs(a - b) < 1e-9; }

double reward_of(const TriangleGame& g, const TriangleState& s) {
    double r = 0;
    g.step_reward(s, &r);
    return r;
}

double return_of(const TriangleGame& g, const TriangleState& s) {
    double r = 0;
    g.returns(s, &r);
    return r;
}

// The ↘ line from (0,3) and the ↗ line from (7,3), traced by hand with the spec's
// neighbour rules; with row 4 they all pass through (4,6).
const std::vector<std::pair<int, int>> kDownRightLine = {{0, 3}, {1, 3}, {1, 4}, {2, 4}, {2, 5}, {3, 5}, {3, 6}, {4, 6},
                                                         {4, 7}, {5, 7}, {5, 8}, {6, 8}, {6, 9}, {7, 9}, {7, 10}};
const std::vector<std::pair<int, int>> kUpRightLine = {{7, 3}, {6, 3}, {6, 4}, {5, 4}, {5, 5}, {4, 5}, {4, 6}, {3, 6},
                                                       {3, 7}, {2, 7}, {2, 8}, {1, 8}, {1, 9}, {0, 9}, {0, 10}};

std::vector<std::pair<int, int>> row_cells(int r, int from, int to) {
    std::vector<std::pair<int, int>> out;
    for (int c = from; c < to; ++c) out.emplace_back(r, c);
    return out;
}

std::vector<std::pair<int, int>> without(std::vector<std::pair<int, int>> cells, std::pair<int, int> cell) {
    std::erase(cells, cell);
    return cells;
}

Cells cells_of(const TriangleGame& g, const std::vector<std::pair<int, int>>& cells) {
    Cells out;
    for (auto [r, c] : cells) out.set(g.board().cell(r, c));
    return out;
}

// Every playable cell that points up.
std::vector<std::pair<int, int>> all_up_cells(const TriangleGame& g) {
    std::vector<std::pair<int, int>> out;
    for (int r = 0; r < g.board().rows(); ++r) {
        for (int c = 0; c < g.board().cols(); ++c) {
            if (g.board().playable(r, c) && triangle::Board::points_up(r, c)) out.emplace_back(r, c);
        }
    }
    return out;
}

}  // namespace

TEST(default_board_has_96_playable_cells_in_the_spec_ranges) {
    TriangleFixture g;
    CHECK_EQ(g->board().playable_cells().count(), 96);
    const int ranges[8][2] = {{3, 12}, {2, 13}, {1, 14}, {0, 15}, {0, 15}, {1, 14}, {2, 13}, {3, 12}};
    for (int r = 0; r < 8; ++r) {
        for (int c = 0; c < 15; ++c) CHECK_EQ(g->board().playable(r, c), c >= ranges[r][0] && c < ranges[r][1]);
    }
    CHECK_EQ(g->num_actions(), 360);
}

TEST(default_board_has_24_lines_8_in_each_direction) {
    TriangleFixture g;
    int per_direction[3] = {};
    for (const auto& line : g->board().lines()) ++per_direction[static_cast<int>(line.direction)];
    CHECK_EQ(g->board().lines().size(), 24u);
    CHECK(per_direction[0] == 8 && per_direction[1] == 8 && per_direction[2] == 8);
}

TEST(lines_follow_the_spec_neighbour_rules) {
    TriangleFixture g;
    bool found_down_right = false, found_up_right = false, found_row = false;
    for (const auto& line : g->board().lines()) {
        found_down_right |= line.direction == Direction::down_right && line.cells == cells_of(*g, kDownRightLine);
        found_up_right |= line.direction == Direction::up_right && line.cells == cells_of(*g, kUpRightLine);
        found_row |= line.direction == Direction::horizontal && line.cells == cells_of(*g, row_cells(0, 3, 12));
    }
    CHECK(found_down_right);
    CHECK(found_up_right);
    CHECK(found_row);
}

TEST(templates_are_the_31_spec_entries_with_repeats) {
    const auto& t = triangle::templates();
    CHECK(t[21] == t[14] && t[22] == t[17] && t[27] == t[24] && t[29] == t[23]);
    CHECK(t[0] == t[1] && t[2] == t[3] && t[5] == t[6] && t[7] == t[8]);
    const std::vector<ShapeTriangle> t15 = {{0, 0, true}, {1, -2, false}, {1, -1, true}, {1, 0, false}};
    CHECK(triangle::triangles_of(t[15]) == t15);
    const std::vector<ShapeTriangle> t13 = {{0, 0, false}, {0, 1, true}, {1, 0, true}, {1, 1, false}};
    CHECK(triangle::triangles_of(t[13]) == t13);
    const int sizes[31] = {1, 1, 2, 2, 1, 2, 2, 2, 2, 3, 3, 4, 4, 4, 5, 4, 4, 5, 5, 5, 5, 5, 5, 3, 3, 3, 4, 3, 4, 3, 3};
    for (int i = 0; i < 31; ++i) {
        CHECK_EQ(triangle::triangles_of(t[i]).size(), static_cast<std::size_t>(sizes[i]));
        CHECK(triangle::shape_problem(triangle::triangles_of(t[i])).empty());
        CHECK(triangle::template_index(t[i]) <= i);  // a repeat finds its first entry
    }
}

TEST(anchor_must_match_the_cell_orientation) {
    TriangleFixture g;
    const auto s = make_state(*g, {}, {0, 4, -1});  // slot 0: one up triangle, slot 1: one down
    CHECK(g->is_legal(s, 0, action_of(*g, 0, 0, 3)));   // (0,3): 3 is odd, points up
    CHECK(!g->is_legal(s, 0, action_of(*g, 0, 0, 4)));  // (0,4) points down
    CHECK(g->is_legal(s, 0, action_of(*g, 1, 0, 4)));
    CHECK(!g->is_legal(s, 0, action_of(*g, 1, 0, 3)));
}

TEST(shape_cannot_cover_a_death_cell_or_leave_the_grid) {
    TriangleFixture g;
    const auto s = make_state(*g, {}, {0, 5, 2});
    CHECK(!g->is_legal(s, 0, action_of(*g, 0, 0, 1)));   // (0,1) is up but a death cell
    CHECK(!g->is_legal(s, 0, action_of(*g, 1, 0, 11)));  // (0,11) fits, its partner (0,12) is dead
    CHECK(g->is_legal(s, 0, action_of(*g, 1, 0, 9)));
    CHECK(!g->is_legal(s, 0, action_of(*g, 2, 7, 4)));   // (8,4) is below the grid
    CHECK(g->is_legal(s, 0, action_of(*g, 2, 6, 3)));
    CHECK(oracle_legal_actions(*g, s) == mask_actions(*g, s));
}

TEST(shape_cannot_overlap_a_triangle) {
    TriangleFixture g;
    // Template 2: an up triangle and the down one below it.
    const auto t = make_state(*g, {{1, 3}}, {2, -1, -1});
    CHECK(!g->is_legal(t, 0, action_of(*g, 0, 0, 3)));  // its lower triangle (1,3) is taken
    CHECK(!g->is_legal(t, 0, action_of(*g, 0, 1, 3)));  // (1,3) itself is taken (and points down)
    CHECK(g->is_legal(t, 0, action_of(*g, 0, 0, 5)));
    CHECK(oracle_legal_actions(*g, t) == mask_actions(*g, t));
}

TEST(horizontal_line_clears_when_the_last_cell_is_filled) {
    TriangleFixture g;
    auto s = make_state(*g, row_cells(0, 3, 11), {0, 0, 0});  // (0,11) left; it points up
    CHECK(g->check(s).empty());
    Rng rng = Rng::from_seed(1);
    g->apply(s, 0, action_of(*g, 0, 0, 11), rng);
    CHECK(TriangleGame::occupied(s).empty());
    CHECK_EQ(s.last_placed, 1);
    CHECK_EQ(s.last_cleared, 9);
    CHECK(near(reward_of(*g, s), 0.01 + 9 * 0.5 + 0.005));
    CHECK(g->check(s).empty());
}

TEST(down_right_line_clears) {
    TriangleFixture g;
    auto s = make_state(*g, without(kDownRightLine, {7, 10}), {0, -1, -1});  // (7,10) points up
    CHECK(g->check(s).empty());
    Rng rng = Rng::from_seed(1);
    g->apply(s, 0, action_of(*g, 0, 7, 10), rng);
    CHECK(TriangleGame::occupied(s).empty());
    CHECK_EQ(s.last_cleared, 15);
}

TEST(up_right_line_clears) {
    TriangleFixture g;
    auto s = make_state(*g, without(kUpRightLine, {7, 3}), {4, -1, -1});  // (7,3) points down
    CHECK(g->check(s).empty());
    Rng rng = Rng::from_seed(1);
    g->apply(s, 0, action_of(*g, 0, 7, 3), rng);
    CHECK(TriangleGame::occupied(s).empty());
    CHECK_EQ(s.last_cleared, 15);
}

TEST(line_clear_counts_shared_cells_once) {
    // Row 4, the ↘ line and the ↗ line all meet at (4,6); pairwise they also share
    // (4,7), (4,5) and (3,6). 45 cells in three lines, 40 distinct.
    TriangleFixture g;
    std::vector<std::pair<int, int>> cells = row_cells(4, 0, 15);
    cells.insert(cells.end(), kDownRightLine.begin(), kDownRightLine.end());
    cells.insert(cells.end(), kUpRightLine.begin(), kUpRightLine.end());
    const Cells all = cells_of(*g, cells);
    CHECK_EQ(all.count(), 40);
    auto s = make_state(*g, without(cells, {4, 6}), {4, 4, -1});  // (4,6) points down
    CHECK_EQ(TriangleGame::occupied(s).count(), 39);
    CHECK(g->check(s).empty());
    Rng rng = Rng::from_seed(1);
    g->apply(s, 0, action_of(*g, 0, 4, 6), rng);
    CHECK(TriangleGame::occupied(s).empty());
    CHECK_EQ(s.last_cleared, 40);
    CHECK(near(reward_of(*g, s), 0.01 + 40 * 0.5 + 0.005));
}

TEST(only_full_lines_through_the_new_shape_clear_and_others_stay) {
    TriangleFixture g;
    // Row 0 misses (0,11); row 7 misses (7,3) and stays short after the placement.
    auto cells = row_cells(0, 3, 11);
    for (auto c : row_cells(7, 4, 12)) cells.push_back(c);
    auto s = make_state(*g, cells, {0, 0, 0});
    Rng rng = Rng::from_seed(1);
    g->apply(s, 0, action_of(*g, 0, 0, 11), rng);
    CHECK(TriangleGame::occupied(s) == cells_of(*g, row_cells(7, 4, 12)));
    CHECK_EQ(s.last_cleared, 9);
}

TEST(refill_only_when_all_three_slots_are_empty) {
    TriangleFixture g;
    auto s = make_state(*g, {}, {0, 4, 2});
    Rng rng = Rng::from_seed(5);
    const Rng before = rng;
    g->apply(s, 0, action_of(*g, 0, 3, 0), rng);
    CHECK(s.slot_template[0] == triangle::kEmptySlot && s.slot_template[1] == 4 && s.slot_template[2] == 2);
    g->apply(s, 0, action_of(*g, 2, 3, 2), rng);
    CHECK(s.slot_template[0] == triangle::kEmptySlot && s.slot_template[2] == triangle::kEmptySlot);
    CHECK(std::memcmp(&rng, &before, sizeof rng) == 0);  // nothing drawn yet
    g->apply(s, 0, action_of(*g, 1, 4, 0), rng);
    for (int slot = 0; slot < 3; ++slot) {
        CHECK(s.slot_template[slot] < triangle::kNumTemplates);
        CHECK(s.slot_color[slot] < 9);
    }
    CHECK(std::memcmp(&rng, &before, sizeof rng) != 0);
    CHECK(g->check(s).empty());
}

TEST(refill_draws_template_then_colour_for_each_slot_from_the_state_generator) {
    TriangleFixture g;
    Rng rng = Rng::from_seed(99), expect = rng;
    TriangleState s{};
    g->init(s, rng);
    for (int slot = 0; slot < 3; ++slot) {
        const auto t = expect.below(31);
        const auto c = expect.below(9);
        CHECK_EQ(s.slot_template[slot], t);
        CHECK_EQ(s.slot_color[slot], c);
    }
}

TEST(game_is_over_when_no_slot_fits) {
    // Every up cell filled: each line alternates orientation, so none is full, and a
    // shape with an up triangle fits nowhere.
    TriangleFixture g;
    const auto s = make_state(*g, all_up_cells(*g), {0, 2, 5});
    CHECK(g->check(s).empty());
    CHECK(g->is_terminal(s));
    CHECK_EQ(g->actors(s), 0u);
    CHECK(oracle_legal_actions(*g, s).empty());
    const auto t = make_state(*g, all_up_cells(*g), {0, 2, 4});  // one down triangle fits
    CHECK(!g->is_terminal(t));
    CHECK_EQ(g->actors(t), 1u);
}

TEST(placing_the_last_fitting_shape_ends_the_game_without_the_alive_reward) {
    TriangleFixture g;
    auto s = make_state(*g, all_up_cells(*g), {4, 0, -1});  // only slot 0 fits
    CHECK(!g->is_terminal(s));
    Rng rng = Rng::from_seed(3);
    g->apply(s, 0, action_of(*g, 0, 3, 1), rng);  // (3,1) points down
    CHECK(g->is_terminal(s));
    CHECK(near(reward_of(*g, s), 0.01));
    CHECK(near(return_of(*g, s), 0.01));
    CHECK(g->check(s).empty());
}

TEST(rewards_follow_the_options_and_returns_sum_them) {
    TriangleFixture g("triangle(reward_placed=1,reward_cleared=10,reward_alive=100)");
    auto s = make_state(*g, row_cells(0, 3, 11), {2, 0, 0});
    Rng rng = Rng::from_seed(1);
    g->apply(s, 0, action_of(*g, 0, 3, 0), rng);  // two triangles, no clear
    CHECK(near(reward_of(*g, s), 2 + 100));
    g->apply(s, 0, action_of(*g, 1, 0, 11), rng);  // one triangle, row 0 clears
    CHECK(near(reward_of(*g, s), 1 + 9 * 10 + 100));
    CHECK(near(return_of(*g, s), 102 + 191));
    CHECK(s.placed == 3 && s.cleared == 9 && s.steps == 2 && s.alive_steps == 2);
}

TEST(illegal_action_changes_no_byte) {
    TriangleFixture g;
    auto rec = std::make_unique<std::uint64_t[]>(g.any->record_size() / 8 + 1);
    g.any->init(rec.get(), 4);
    std::vector<unsigned char> before(g.any->record_size());
    std::memcpy(before.data(), rec.get(), before.size());
    CHECK_THROWS_STATUS(g.any->apply(rec.get(), 0, 0), Status::illegal_action);  // (0,0) is dead
    CHECK_THROWS_STATUS(g.any->apply(rec.get(), 0, 360), Status::out_of_range);
    CHECK_THROWS_STATUS(g.any->apply(rec.get(), 1, 3), Status::out_of_range);
    CHECK(std::memcmp(before.data(), rec.get(), before.size()) == 0);
}

TEST(state_is_plain_data_of_72_bytes) {
    static_assert(std::is_trivially_copyable_v<TriangleState>);
    static_assert(std::has_unique_object_representations_v<TriangleState>);
    CHECK_EQ(sizeof(TriangleState), 72u);
}

TEST(bad_options_are_rejected_with_clear_errors) {
    CHECK_THROWS_STATUS(make_game("triangle(rows=16,cols=16)"), Status::invalid_argument);
    CHECK_THROWS_STATUS(make_game("triangle(rows=0)"), Status::invalid_argument);
    CHECK_THROWS_STATUS(make_game("triangle(slots=5)"), Status::invalid_argument);
    CHECK_THROWS_STATUS(make_game("triangle(playable=3-12/2-13)"), Status::invalid_argument);
    CHECK_THROWS_STATUS(make_game("triangle(playable=banana)"), Status::invalid_argument);
    CHECK_THROWS_STATUS(make_game("triangle(rows=1,cols=4,playable=3-9)"), Status::invalid_argument);
    CHECK_THROWS_STATUS(make_game("triangle(rows=1,cols=4,playable=2-2)"), Status::invalid_argument);
    CHECK_THROWS_STATUS(make_game("triangle(reward_placed=abc)"), Status::parse);
    try {
        make_game("triangle(rows=16,cols=16)");
    } catch (const Error& e) {
        CHECK(std::string(e.what()).find("256 cells; at most 128") != std::string::npos);
    }
}

TEST(custom_boards_have_their_own_topology) {
    TriangleFixture full("triangle(rows=2,cols=4,playable=full,slots=1)");
    CHECK_EQ(full->board().playable_cells().count(), 8);
    CHECK_EQ(full->num_actions(), 8);
    // Rows: 2 lines; each diagonal direction: runs of cells joined across the rows.
    int horizontal = 0;
    for (const auto& line : full->board().lines()) horizontal += line.direction == Direction::horizontal;
    CHECK_EQ(horizontal, 2);
    TriangleFixture big("triangle(rows=8,cols=16,playable=full,slots=4)");
    CHECK_EQ(big->num_actions(), 512);
    Rng rng = Rng::from_seed(2);
    TriangleState s{};
    big->init(s, rng);
    CHECK(oracle_legal_actions(*big, s) == mask_actions(*big, s));
}
