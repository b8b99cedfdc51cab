// The longest road card after every change of road lengths, one case of the rulebook
// and the Almanac a test (docs/catan-rules.md), checked through the holder and the
// victory points.
#include <string>
#include <vector>

#include "catan_fixture.hpp"
#include "check.hpp"

using namespace meeple;
using namespace meeple::test;
using namespace meeple::catan;

namespace {

const CatanOptions kBeginner = {{"board", "beginner"}};

int points(const CatanState& s, int seat) { return Catan::victory_points(s, seat, false); }

// Seat 0 holds with 7 (settlement at 0, roads 0-4-8-13-9-5-2-6); seat 2 has 5
// (32-37-42-46-50-53); seat 3 has 5 (51-47-43-38-33-27) or 2 (51-47-43). Seat 1, to
// move with the cost of a settlement, has roads from its settlements at 17 and 24 to
// nodes 8 and 13 of seat 0's road: settling at 8 leaves seat 0 with 5 (8-13-9-5-2-6),
// settling at 13 with 4 (13-9-5-2-6).
CatanState cut_position(const CatanFixture& g, bool seat3_has_five) {
    CatanState s = g.blank();
    put_settlement(s, 0, 0);
    put_path(s, 0, {0, 4, 8, 13, 9, 5, 2, 6});
    put_settlement(s, 1, 17);
    put_path(s, 1, {17, 12, 8});
    put_settlement(s, 1, 24);
    put_path(s, 1, {24, 18, 13});
    put_settlement(s, 2, 32);
    put_path(s, 2, {32, 37, 42, 46, 50, 53});
    put_settlement(s, 3, 51);
    put_path(s, 3, seat3_has_five ? std::vector<int>{51, 47, 43, 38, 33, 27} : std::vector<int>{51, 47, 43});
    refresh_awards(s, 4);
    s.current = 1;
    give(s, 1, {1, 1, 1, 1, 0});
    return s;
}

// A seat builds a settlement at `node` (legally) and the result passes check().
void settle(const CatanFixture& g, CatanState& s, int seat, int node) {
    CHECK(g->is_legal(s, seat, kBuildSettlement + node));
    play(*g, s, seat, kBuildSettlement + node);
    const std::string broken = g->check(s);
    if (!broken.empty()) report(__FILE__, __LINE__, broken);
}

void build_road(const CatanFixture& g, CatanState& s, int seat, int a, int b) {
    s.current = static_cast<std::uint8_t>(seat);
    give(s, seat, {1, 1, 0, 0, 0});
    CHECK(g->is_legal(s, seat, kBuildRoad + edge_between(a, b)));
    play(*g, s, seat, kBuildRoad + edge_between(a, b));
    const std::string broken = g->check(s);
    if (!broken.empty()) report(__FILE__, __LINE__, broken);
}

}  // namespace

TEST(catan_longest_road_building_to_a_tie_leaves_the_card_with_the_holder) {
    CatanFixture g(kBeginner);
    CatanState s = cut_position(g, false);
    CHECK_EQ(s.road_holder, 0);
    // Seat 3 builds 43-38, 38-33, 33-27: 5 against seat 0's 7, then seat 2 to 7.
    for (auto [a, b] : {std::pair{43, 38}, {38, 33}, {33, 27}}) build_road(g, s, 3, a, b);
    build_road(g, s, 2, 53, 49);
    build_road(g, s, 2, 49, 45);
    CHECK_EQ(s.road_length[2], 7);
    CHECK_EQ(s.road_holder, 0);  // 7 against 7: taken only by strictly longer
    CHECK_EQ(points(s, 0), 3);
    CHECK_EQ(points(s, 2), 1);
    build_road(g, s, 2, 45, 40);
    CHECK_EQ(s.road_holder, 2);
    CHECK_EQ(points(s, 0), 1);
    CHECK_EQ(points(s, 2), 3);
}

TEST(catan_longest_road_cut_leaving_the_holder_tied_at_the_top_stays_with_the_holder) {
    CatanFixture g(kBeginner);
    // Tied with one seat (seat 2's 5), then with two (seats 2 and 3).
    for (bool seat3_has_five : {false, true}) {
        CatanState s = cut_position(g, seat3_has_five);
        settle(g, s, 1, 8);
        CHECK_EQ(s.road_length[0], 5);
        CHECK_EQ(s.road_holder, 0);
        CHECK_EQ(points(s, 0), 3);
        CHECK_EQ(points(s, 2), 1);
        CHECK_EQ(points(s, 3), 1);
    }
}

TEST(catan_longest_road_cut_of_the_issue_example_keeps_the_card_with_the_holder) {
    // catan(players=2,trade_budget=0): lengths [8, 9] with seat 1 holding; seat 0 settles
    // on seat 1's road one segment from its end: [8, 8], and seat 1 keeps the card.
    CatanFixture g(CatanOptions{{"players", "2"}, {"trade_budget", "0"}});
    CatanState s = g.blank();
    put_settlement(s, 1, 26);
    put_path(s, 1, {26, 20, 15, 10, 6, 2, 5, 1, 4, 0});
    put_settlement(s, 0, 43);
    put_path(s, 0, {43, 39, 34, 29, 23, 18, 13, 8, 4});
    refresh_awards(s, 2);
    CHECK_EQ(s.road_length[0], 8);
    CHECK_EQ(s.road_length[1], 9);
    CHECK_EQ(s.road_holder, 1);
    give(s, 0, {1, 1, 1, 1, 0});
    settle(g, s, 0, 4);
    CHECK_EQ(s.road_length[0], 8);
    CHECK_EQ(s.road_length[1], 8);
    CHECK_EQ(s.road_holder, 1);
    CHECK_EQ(points(s, 0), 2);
    CHECK_EQ(points(s, 1), 3);
}

TEST(catan_longest_road_cut_leaving_the_holder_behind_one_seat_goes_to_that_seat) {
    CatanFixture g(kBeginner);
    CatanState s = cut_position(g, false);
    settle(g, s, 1, 13);
    CHECK_EQ(s.road_length[0], 4);
    CHECK_EQ(s.road_holder, 2);
    CHECK_EQ(points(s, 0), 1);
    CHECK_EQ(points(s, 2), 3);
}

TEST(catan_longest_road_cut_leaving_the_holder_behind_a_tie_sets_the_card_aside) {
    CatanFixture g(kBeginner);
    CatanState s = cut_position(g, true);
    settle(g, s, 1, 13);
    CHECK_EQ(s.road_length[0], 4);
    CHECK_EQ(s.road_length[2], 5);
    CHECK_EQ(s.road_length[3], 5);
    CHECK_EQ(s.road_holder, kNone);
    for (int p = 0; p < 4; ++p) CHECK_EQ(points(s, p), p == 1 ? 3 : 1);
}

TEST(catan_longest_road_cut_leaving_nobody_at_five_sets_the_card_aside) {
    CatanFixture g(kBeginner);
    CatanState s = g.blank();
    put_settlement(s, 0, 0);
    put_path(s, 0, {0, 4, 1, 5, 2, 6});
    put_settlement(s, 1, 13);
    put_path(s, 1, {13, 9, 5});
    refresh_awards(s, 4);
    CHECK_EQ(s.road_holder, 0);
    s.current = 1;
    give(s, 1, {1, 1, 1, 1, 0});
    settle(g, s, 1, 5);  // 0-4-1-5 (3) and 5-2-6 (2): alone at the top, but under 5
    CHECK_EQ(s.road_length[0], 3);
    CHECK_EQ(s.road_holder, kNone);
    CHECK_EQ(points(s, 0), 1);
}

TEST(catan_longest_road_set_aside_goes_to_the_first_seat_alone_at_the_top_with_five) {
    CatanFixture g(kBeginner);
    // Set aside (seats 2 and 3 tied at 5, seat 0 cut to 4); seat 0 builds to a
    // three-way tie at 5: still aside; seat 2 builds to 6 and takes it.
    CatanState s = cut_position(g, true);
    settle(g, s, 1, 13);
    CHECK_EQ(s.road_holder, kNone);
    build_road(g, s, 0, 6, 10);
    CHECK_EQ(s.road_length[0], 5);
    CHECK_EQ(s.road_holder, kNone);
    build_road(g, s, 2, 53, 49);
    CHECK_EQ(s.road_holder, 2);
    CHECK_EQ(points(s, 2), 3);
    // Or a cut makes a seat alone at the top: seat 1 settles at 43 on seat 3's road
    // (51-47-43 and 43-38-33-27 left), and seat 2's 5 stands alone.
    CatanState t = cut_position(g, true);
    put_settlement(t, 1, 44);
    put_path(t, 1, {44, 39, 43});
    give(t, 1, {1, 1, 1, 1, 0});
    settle(g, t, 1, 13);
    CHECK_EQ(t.road_holder, kNone);
    settle(g, t, 1, 43);
    CHECK_EQ(t.road_length[3], 3);
    CHECK_EQ(t.road_holder, 2);
    CHECK_EQ(points(t, 2), 3);
}

TEST(catan_position_accepts_exactly_the_longest_road_holders_the_rules_allow) {
    // Seats 0 and 1 tied at 5, seat 2 at 4: either tied seat may hold, or nobody (set
    // aside after a cut); seat 2 may not, and nobody may not while one seat leads alone.
    CatanFixture g(kBeginner);
    auto accepted = [&](const std::string& holder, bool seat1_longer) {
        std::string roads;
        auto path = [&](int owner, const std::vector<int>& nodes) {
            for (std::size_t i = 0; i + 1 < nodes.size(); ++i)
                roads += (roads.empty() ? "" : ",") + std::string(R"({"edge": )") + std::to_string(edge_between(nodes[i], nodes[i + 1])) +
                         R"(, "owner": )" + std::to_string(owner) + "}";
        };
        path(0, {0, 4, 1, 5, 2, 6});
        path(1, seat1_longer ? std::vector<int>{32, 37, 42, 46, 50, 53, 49} : std::vector<int>{32, 37, 42, 46, 50, 53});
        path(2, {51, 47, 43, 38, 33});
        const std::string json = R"({"buildings": [{"node": 0, "owner": 0, "kind": "settlement"},
            {"node": 32, "owner": 1, "kind": "settlement"}, {"node": 51, "owner": 2, "kind": "settlement"}],
            "roads": [)" + roads + R"(], "awards": {"longest_road": )" + holder + "}}";
        Record<CatanState> rec;
        try {
            g.model->from_position(&rec, json, 1);
        } catch (const Error& e) {
            CHECK(e.status() == Status::invalid_argument);
            return false;
        }
        CHECK(g->check(rec.state).empty());
        return true;
    };
    CHECK(accepted("0", false));
    CHECK(accepted("1", false));
    CHECK(accepted("null", false));
    CHECK(!accepted("2", false));
    CHECK(accepted("1", true));
    CHECK(!accepted("0", true));
    CHECK(!accepted("null", true));
}
