// Positions from JSON: what they build, and the rules they are checked against.
#include <string>

#include "catan_fixture.hpp"
#include "check.hpp"

using namespace meeple;
using namespace meeple::test;
using namespace meeple::catan;

namespace {

Record<CatanState> from_json(const CatanFixture& g, const std::string& json) {
    Record<CatanState> rec;
    g.model->from_position(&rec, json, 1);
    return rec;
}

const char* kPosition = R"({
  "buildings": [{"node": 0, "owner": 0, "kind": "settlement"}, {"node": 32, "owner": 1, "kind": "city"}],
  "roads": [{"edge": 0, "owner": 0}, {"edge": 1, "owner": 0}, {"edge": 2, "owner": 0},
            {"edge": 3, "owner": 0}, {"edge": 4, "owner": 0}],
  "resources": [[1, 0, 0, 0, 2], [0, 0, 0, 0, 0], [0, 3, 0, 0, 0], [0, 0, 0, 0, 0]],
  "development": [[0, 1, 0, 0, 0], [1, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0]],
  "knights": [0, 3, 0, 0],
  "turn_seat": 2, "phase": "main", "dice": 8, "turn": 40
})";

}  // namespace

TEST(catan_position_builds_pieces_cards_and_awards) {
    CatanFixture g(CatanOptions{{"board", "beginner"}});
    const auto rec = from_json(g, kPosition);
    const CatanState& s = rec.state;
    CHECK(g->check(s).empty());
    CHECK_EQ(s.settlements[0], 1ull);
    CHECK_EQ(s.cities[1], 1ull << 32);
    CHECK_EQ(s.road_length[0], 5);
    CHECK_EQ(s.road_holder, 0);
    CHECK_EQ(s.army_holder, 1);
    CHECK_EQ(s.hand[0][kOre], 2);
    CHECK_EQ(s.bank[kOre], 17);
    CHECK_EQ(s.bank[kLumber], 16);
    CHECK_EQ(s.deck[kKnight], 14 - 1 - 3);
    CHECK_EQ(s.deck[kVictoryPoint], 4);
    CHECK_EQ(s.current, 2);
    CHECK_EQ(s.phase, kMain);
    CHECK_EQ(s.turn, 40u);
    CHECK_EQ(Catan::victory_points(s, 0, true), 1 + 2 + 1);
    CHECK_EQ(s.terrain[0], kOre);  // the beginner board, as the game says
}

TEST(catan_position_takes_a_board_and_the_robber) {
    CatanFixture g;
    const auto rec = from_json(g, R"({"robber": 4, "board": {
        "terrain": ["ore","wool","lumber","grain","brick","wool","brick","grain","lumber","desert","lumber","ore",
                    "lumber","ore","grain","wool","brick","grain","wool"],
        "numbers": [10,2,9,12,6,4,10,9,11,null,3,8,8,3,4,5,5,6,11],
        "harbors": ["generic","wool","generic","generic","brick","lumber","generic","grain","ore"]}})");
    CHECK_EQ(rec.state.robber, 4);
    CHECK_EQ(rec.state.number[9], 0);
    CHECK_EQ(rec.state.harbor[1], kWool);
    CHECK_EQ(rec.state.phase, kBeforeRoll);
}

TEST(catan_position_refuses_what_breaks_a_rule) {
    CatanFixture g;
    auto refused = [&](const std::string& json) {
        Record<CatanState> rec;
        bool thrown = false;
        try {
            g.model->from_position(&rec, json, 1);
        } catch (const Error& e) {
            thrown = e.status() == Status::invalid_argument || e.status() == Status::parse;
        }
        return thrown;
    };
    // Settlements on neighbouring nodes 0 and 4 (distance rule).
    CHECK(refused(R"({"buildings": [{"node": 0, "owner": 0, "kind": "settlement"}, {"node": 4, "owner": 1, "kind": "settlement"}]})"));
    CHECK(refused(R"({"roads": [{"edge": 40, "owner": 0}]})"));  // joined to nothing
    CHECK(refused(R"({"resources": [[20, 0, 0, 0, 0], [0,0,0,0,0], [0,0,0,0,0], [0,0,0,0,0]]})"));
    CHECK(refused(R"({"knights": [15, 0, 0, 0]})"));
    CHECK(refused(R"({"knights": [3, 3, 0, 0]})"));  // who holds largest army?
    CHECK(refused(R"({"turn_seat": 4})"));
    CHECK(refused(R"({"colour": "red"})"));
    CHECK(refused(R"({"phase": "discard"})"));
    CHECK(refused(R"([1, 2])"));
    CHECK(!refused("{}"));
}

TEST(catan_position_in_setup_takes_step_seat_and_pending_road_from_the_board) {
    // Two seats: settlements of seat 0 (node 0, with its road) and seat 1 (node 10,
    // without): snake order gives seat 1 its road at node 10, then its second settlement.
    CatanFixture g(CatanOptions{{"board", "beginner"}, {"players", "2"}});
    const int road0 = kTopology.edges_of_node[0][0];
    auto rec = from_json(g, R"({"phase": "setup_road", "buildings": [{"node": 0, "owner": 0, "kind": "settlement"},
        {"node": 10, "owner": 1, "kind": "settlement"}], "roads": [{"edge": )" + std::to_string(road0) + R"(, "owner": 0}]})");
    const CatanState& s = rec.state;
    CHECK_EQ(s.phase, kSetupRoad);
    CHECK_EQ(s.setup_step, 1);
    CHECK_EQ(s.current, 1);
    CHECK_EQ(s.last_settlement, 10);
    const std::vector<int> roads = legal_actions(*g, s, 1);
    CHECK(!roads.empty());
    for (int a : roads) CHECK(kTopology.nodes_of_edge[a][0] == 10 || kTopology.nodes_of_edge[a][1] == 10);
    g->apply(rec.state, 1, roads.front(), rec.rng);
    CHECK_EQ(rec.state.phase, kSetupSettlement);
    CHECK_EQ(rec.state.current, 1);  // the snake turns: seat 1 places again
}

TEST(catan_position_of_road_building_before_the_roll_returns_to_the_roll) {
    CatanFixture g(CatanOptions{{"board", "beginner"}});
    auto rec = from_json(g, R"({"phase": "road_building", "rolled": false, "free_roads": 1,
        "buildings": [{"node": 8, "owner": 0, "kind": "settlement"}], "played": [0, 0, 1, 0, 0]})");
    CHECK_EQ(rec.state.phase, kPlacingFreeRoads);
    CHECK_EQ(rec.state.dev_played, 1);
    CHECK_EQ(rec.state.deck[kRoadBuilding], 1);
    g->apply(rec.state, 0, legal_actions(*g, rec.state, 0).front(), rec.rng);
    CHECK_EQ(rec.state.phase, kBeforeRoll);
    CHECK(legal_actions(*g, rec.state, 0) == std::vector<int>{kRoll});
}

TEST(catan_position_refuses_a_phase_its_keys_contradict) {
    CatanFixture g(CatanOptions{{"board", "beginner"}});
    auto refused = [&](const std::string& json) {
        Record<CatanState> rec;
        try {
            g.model->from_position(&rec, json, 1);
        } catch (const Error& e) {
            return e.status() == Status::invalid_argument;
        }
        return false;
    };
    CHECK(refused(R"({"phase": "main", "rolled": false})"));
    CHECK(refused(R"({"phase": "road_building", "development_played_this_turn": false})"));
    CHECK(refused(R"({"phase": "trade_answer", "trade": {"give": [1,0,0,0,0], "want": [0,1,0,0,0]}})"));  // no responder
    CHECK(refused(R"({"phase": "main", "trade": {"give": [1,0,0,0,0], "want": [0,1,0,0,0]}})"));
    CHECK(refused(R"({"phase": "chance_dice"})"));  // implicit chance
    CHECK(refused(R"({"phase": "game_over"})"));
    CHECK(refused(R"({"played": [0, 1, 0, 0, 0]})"));  // a victory point card played
    CHECK(!refused(R"({"phase": "before_roll", "development_played_this_turn": true})"));
}

TEST(catan_check_compares_the_turn_counter_in_its_own_width) {
    // A live game at turn 2^31 or more is past any turn cap (at most 100000): cast to
    // int, the counter read as negative and passed.
    CatanFixture g(CatanOptions{{"board", "beginner"}});
    auto rec = from_json(g, kPosition);
    CHECK(g->check(rec.state).empty());
    for (std::uint32_t turn : {1u << 31, 0xFFFFFFFFu, 2000u}) {
        rec.state.turn = turn;
        CHECK_EQ(g->check(rec.state), std::string("the turn cap passed without truncation"));
    }
    rec.state.turn = 1999;
    CHECK(g->check(rec.state).empty());
}

TEST(catan_position_refuses_a_turn_seat_that_would_already_have_won) {
    // Seat 0 holds a city and a settlement: 3 points, the target of vp_to_win=3. In its
    // main phase it has acted this turn (it rolled), and reaching the target by its
    // own action ends the game then: such a live position cannot arise. At the start
    // of its turn it can (points may come in others' turns); it wins at its first action.
    CatanFixture g(CatanOptions{{"board", "beginner"}, {"vp_to_win", "3"}});
    const std::string pieces = R"("buildings": [{"node": 0, "owner": 0, "kind": "city"}, {"node": 32, "owner": 0, "kind": "settlement"}],
        "roads": [{"edge": 0, "owner": 0}], "turn_seat": 0)";
    bool refused = false;
    try {
        from_json(g, "{" + pieces + R"(, "phase": "main", "dice": 8})");
    } catch (const Error& e) {
        refused = e.status() == Status::invalid_argument &&
                  std::string(e.what()).find("would have won") != std::string::npos;
    }
    CHECK(refused);
    auto rec = from_json(g, "{" + pieces + R"(, "phase": "before_roll"})");
    CHECK(g->check(rec.state).empty());
    // Its first action, whatever it is, ends the game with its win.
    play(*g, rec.state, 0, kRoll, dice(8));
    CHECK_EQ(rec.state.phase, kGameOver);
    CHECK_EQ(rec.state.winner, 0);
}
