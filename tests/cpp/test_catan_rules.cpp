// The rules of catan, one constructed position each (beginner board unless stated):
// topology, layouts, setup, building, production, the robber, development cards,
// awards, harbors, winning and truncation. Node numbers are those of board.hpp; the
// beginner map has hex 0 ore 10, hex 1 wool 2, hex 4 brick 6, hex 9 the desert.
#include <algorithm>
#include <set>

#include "catan_fixture.hpp"
#include "check.hpp"

using namespace meeple;
using namespace meeple::test;
using namespace meeple::catan;

namespace {

using OptionList = std::vector<std::pair<std::string, std::string>>;
const OptionList kBeginner = {{"board", "beginner"}};

bool legal(const Catan& g, const CatanState& s, int seat, int a) { return g.is_legal(s, seat, a); }

// Nodes along the coast from coast edge `first`, `edges` edges long.
std::vector<int> coast_path(int first, int edges) {
    std::vector<int> nodes;
    for (int i = first; i < first + edges; ++i) {
        const auto& ends = kTopology.nodes_of_edge[kTopology.coast_edges[i % kNumCoastEdges]];
        const auto& next = kTopology.nodes_of_edge[kTopology.coast_edges[(i + 1) % kNumCoastEdges]];
        const int shared = (ends[0] == next[0] || ends[0] == next[1]) ? ends[0] : ends[1];
        if (nodes.empty()) nodes.push_back(ends[0] == shared ? ends[1] : ends[0]);
        nodes.push_back(shared);
    }
    return nodes;
}

}  // namespace

TEST(catan_topology_has_the_base_board_counts) {
    std::set<int> harbor_nodes;
    int degree_sum = 0, node_hex_sum = 0;
    for (int n = 0; n < kNumNodes; ++n) {
        int degree = 0, hexes = 0;
        for (int k = 0; k < 3; ++k) {
            degree += kTopology.neighbors_of_node[n][k] != kNone;
            hexes += kTopology.hexes_of_node[n][k] != kNone;
            const int m = kTopology.neighbors_of_node[n][k];
            if (m != kNone) CHECK((kTopology.neighbor_mask_of_node[m] >> n) & 1);  // symmetric
        }
        CHECK(degree == 2 || degree == 3);
        CHECK(hexes >= 1);
        degree_sum += degree;
        node_hex_sum += hexes;
    }
    CHECK_EQ(degree_sum, 2 * kNumEdges);
    CHECK_EQ(node_hex_sum, 6 * kNumHexes);
    for (int h = 0; h < kNumHarbors; ++h) {
        const auto& n = kTopology.nodes_of_harbor[h];
        CHECK((kTopology.neighbor_mask_of_node[n[0]] >> n[1]) & 1);
        harbor_nodes.insert(n[0]);
        harbor_nodes.insert(n[1]);
    }
    CHECK_EQ(harbor_nodes.size(), std::size_t{18});
    // The coast is one closed path of 30 edges, each on exactly one hex.
    const std::vector<int> ring = coast_path(0, kNumCoastEdges);
    CHECK_EQ(ring.front(), ring.back());
    CHECK_EQ(std::set<int>(ring.begin(), ring.end()).size(), std::size_t{30});
}

TEST(catan_harbors_sit_on_the_frames_places) {
    // Hex sides clockwise from the top corner: 0 upper-right, 1 right, 2 lower-right,
    // 3 lower-left, 4 left, 5 upper-left. The harbors, clockwise from hex 0.
    constexpr int kHexSide[kNumHarbors][2] = {{0, 5}, {1, 0}, {6, 0}, {11, 1}, {15, 2}, {17, 2}, {16, 3}, {12, 4}, {3, 4}};
    for (int h = 0; h < kNumHarbors; ++h) {
        const auto& ends = kTopology.nodes_of_edge[kTopology.edges_of_hex[kHexSide[h][0]][kHexSide[h][1]]];
        std::set<int> want(ends.begin(), ends.end());
        std::set<int> got(kTopology.nodes_of_harbor[h].begin(), kTopology.nodes_of_harbor[h].end());
        CHECK(want == got);
    }
    // On the coast, every other sea piece: 3, 4, 3 coast edges apart, three times over,
    // and mirror-symmetric about the axis through hexes 0, 9 and 18 (coast edge i
    // mirrors to edge -i).
    std::vector<int> at;
    for (int i = 0; i < kNumCoastEdges; ++i) {
        const auto& ends = kTopology.nodes_of_edge[kTopology.coast_edges[i]];
        const int h = kTopology.harbor_of_node[ends[0]];
        if (h != kNone && kTopology.harbor_of_node[ends[1]] == h) at.push_back(i);
    }
    CHECK_EQ(at.size(), std::size_t{kNumHarbors});
    std::vector<int> gaps;
    for (std::size_t i = 0; i < at.size(); ++i) gaps.push_back((at[(i + 1) % at.size()] - at[i] + kNumCoastEdges) % kNumCoastEdges);
    CHECK(gaps == (std::vector<int>{3, 4, 3, 3, 4, 3, 3, 4, 3}));
    std::set<int> places(at.begin(), at.end()), mirrored;
    for (int i : at) mirrored.insert((kNumCoastEdges - i) % kNumCoastEdges);
    CHECK(places == mirrored);
    // The axis: hexes 0, 9 and 18 lie on one line through the board's centre.
    const auto& c0 = kTopology.hex_center[0];
    const auto& c9 = kTopology.hex_center[9];
    const auto& c18 = kTopology.hex_center[18];
    CHECK_EQ(c0[0] + c18[0], 2 * c9[0]);
    CHECK_EQ(c0[1] + c18[1], 2 * c9[1]);
}

TEST(catan_beginner_harbors_keep_their_types_in_frame_order) {
    // Clockwise from hex 0's upper-left side: 3:1, wool, 3:1, 3:1, brick, lumber, 3:1,
    // grain, ore; so the ore harbor is on hex 3's left side and the lumber harbor on
    // hex 17's lower-right side.
    CatanFixture g(kBeginner);
    const CatanState s = g.blank();
    const std::uint8_t want[kNumHarbors] = {kGenericHarbor, kWool, kGenericHarbor, kGenericHarbor, kBrick, kLumber,
                                            kGenericHarbor, kGrain, kOre};
    for (int h = 0; h < kNumHarbors; ++h) CHECK_EQ(s.harbor[h], want[h]);
    CatanState t = s;
    // Hex 3's left side runs from its upper-left corner down to hex 7's top corner.
    put_settlement(t, 1, kTopology.nodes_of_hex[3][5]);
    CHECK_EQ(Catan::maritime_rate(t, 1, kOre), 2);
    CatanState u = s;
    put_settlement(u, 1, kTopology.nodes_of_hex[7][5]);  // hex 7's upper-left corner: no harbor
    CHECK_EQ(Catan::maritime_rate(u, 1, kOre), 4);
}

TEST(catan_beginner_board_is_the_rulebook_map) {
    CatanFixture g(kBeginner);
    const CatanState s = g.blank();
    CHECK_EQ(s.terrain[0], kOre);
    CHECK_EQ(s.number[0], 10);
    CHECK_EQ(s.terrain[4], kBrick);
    CHECK_EQ(s.number[4], 6);
    CHECK_EQ(s.terrain[9], kDesert);
    CHECK_EQ(s.robber, 9);
    CHECK(g->check(s).empty());
}

TEST(catan_random_boards_keep_red_numbers_apart_unless_allowed) {
    int adjacent_when_allowed = 0;
    std::set<std::vector<std::uint8_t>> distinct;
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
        Rng rng = Rng::from_seed(seed);
        const Layout apart = random_layout(rng, false);
        CHECK(!has_adjacent_red(apart));
        distinct.insert(std::vector<std::uint8_t>(apart.terrain.begin(), apart.terrain.end()));
        adjacent_when_allowed += has_adjacent_red(random_layout(rng, true));
    }
    CHECK(adjacent_when_allowed > 0);
    CHECK(distinct.size() > 190);
}

TEST(catan_bad_options_are_refused_with_a_message) {
    CHECK_THROWS_STATUS(CatanFixture(OptionList{{"players", "5"}}), Status::invalid_argument);
    CHECK_THROWS_STATUS(CatanFixture(OptionList{{"players", "1"}}), Status::invalid_argument);
    CHECK_THROWS_STATUS(CatanFixture(OptionList{{"board", "hexagon"}}), Status::invalid_argument);
    CHECK_THROWS_STATUS(CatanFixture(OptionList{{"board", "beginner"}, {"red_adjacent", "true"}}), Status::invalid_argument);
}

TEST(catan_setup_goes_in_snake_order_and_the_second_settlement_yields) {
    CatanFixture g(kBeginner);
    CatanState s;
    Rng rng = Rng::from_seed(1);
    g->init(s, rng);
    const int nodes[8] = {8, 10, 30, 40, 0, 20, 49, 33};
    const int seats[8] = {0, 1, 2, 3, 3, 2, 1, 0};
    for (int i = 0; i < 8; ++i) {
        CHECK_EQ(static_cast<int>(s.current), seats[i]);
        CHECK(legal(*g, s, seats[i], kBuildSettlement + nodes[i]));
        play(*g, s, seats[i], kBuildSettlement + nodes[i]);
        const int road = kTopology.edges_of_node[nodes[i]][0];
        // The road must touch the settlement just placed.
        CHECK(!legal(*g, s, seats[i], kTopology.edges_of_node[nodes[(i + 1) % 8]][0]));
        CHECK(legal(*g, s, seats[i], road));
        play(*g, s, seats[i], road);
        CHECK(g->check(s).empty());
    }
    CHECK_EQ(s.phase, kBeforeRoll);
    CHECK_EQ(s.current, 0);
    // Seat 3's second settlement (node 0) touches only hex 0, ore; seat 0's (node 33)
    // touches hex 7 (grain) and hex 12 (lumber); first settlements yield nothing.
    const std::uint8_t seat3[5] = {0, 0, 0, 0, 1}, seat0[5] = {0, 1, 0, 1, 0};
    CHECK(std::equal(seat3, seat3 + 5, s.hand[3]));
    CHECK(std::equal(seat0, seat0 + 5, s.hand[0]));
}

TEST(catan_distance_rule_forbids_settling_next_to_any_building) {
    CatanFixture g(kBeginner);
    CatanState s;
    Rng rng = Rng::from_seed(1);
    g->init(s, rng);
    play(*g, s, 0, kBuildSettlement + 8);
    play(*g, s, 0, kBuildRoad + edge_between(8, 13));
    for (int neighbour : {4, 12, 13}) CHECK(!legal(*g, s, 1, kBuildSettlement + neighbour));
    CHECK(!legal(*g, s, 1, kBuildSettlement + 8));
    CHECK(legal(*g, s, 1, kBuildSettlement + 9));
    CHECK(legal(*g, s, 1, kBuildSettlement + 18));
}

TEST(catan_settlement_after_setup_needs_an_own_road_and_the_distance_rule) {
    CatanFixture g(kBeginner);
    CatanState s = g.blank();
    put_settlement(s, 0, 8);
    put_path(s, 0, {8, 13, 18});
    give(s, 0, {2, 2, 2, 2, 0});
    CHECK(!legal(*g, s, 0, kBuildSettlement + 13));  // next to node 8
    CHECK(legal(*g, s, 0, kBuildSettlement + 18));
    CHECK(!legal(*g, s, 0, kBuildSettlement + 24));  // no road of seat 0 reaches it
    give(s, 0, {-2, 0, 0, 0, 0});
    CHECK(!legal(*g, s, 0, kBuildSettlement + 18));  // no brick
}

TEST(catan_roads_connect_to_own_pieces_and_stop_at_opponents_buildings) {
    CatanFixture g(kBeginner);
    CatanState s = g.blank();
    put_settlement(s, 0, 8);
    give(s, 0, {3, 3, 0, 0, 0});
    CHECK(legal(*g, s, 0, kBuildRoad + edge_between(8, 13)));
    CHECK(!legal(*g, s, 0, kBuildRoad + edge_between(13, 18)));
    play(*g, s, 0, kBuildRoad + edge_between(8, 13));
    CHECK(legal(*g, s, 0, kBuildRoad + edge_between(13, 18)));
    play(*g, s, 0, kBuildRoad + edge_between(13, 18));
    CHECK(legal(*g, s, 0, kBuildRoad + edge_between(18, 24)));
    // An opponent's settlement at 18 cuts the way on, not the way back.
    put_settlement(s, 1, 18);
    CHECK(!legal(*g, s, 0, kBuildRoad + edge_between(18, 24)));
    CHECK(!legal(*g, s, 0, kBuildRoad + edge_between(18, 23)));
    CHECK(legal(*g, s, 0, kBuildRoad + edge_between(13, 9)));
    CHECK(!legal(*g, s, 0, kBuildRoad + edge_between(8, 13)));  // taken
    CHECK_EQ(s.hand[0][kBrick], 1);  // each road cost a brick and a lumber
    CHECK_EQ(s.bank[kBrick], 19 - 1);
}

TEST(catan_pieces_run_out_at_fifteen_roads_five_settlements_four_cities) {
    CatanFixture g(kBeginner);
    CatanState s = g.blank();
    put_settlement(s, 0, 0);
    const std::vector<int> ring = coast_path(0, 15);
    put_path(s, 0, ring);
    give(s, 0, {5, 5, 5, 5, 5});
    for (int a = kBuildRoad; a < kBuildSettlement; ++a) CHECK(!legal(*g, s, 0, a));
    CatanState t = g.blank();
    for (int n : {0, 2, 20, 32, 42}) put_settlement(t, 0, n);
    put_path(t, 0, {0, 4, 1, 5, 2});
    give(t, 0, {5, 5, 5, 5, 5});
    put_road(t, 0, edge_between(2, 6));
    put_road(t, 0, edge_between(6, 10));
    CHECK(!legal(*g, t, 0, kBuildSettlement + 10));  // five settlements on the board
    for (int n : {0, 2, 20, 32}) t.settlements[0] &= ~(1ull << n), put_city(t, 0, n);
    CHECK(!legal(*g, t, 0, kBuildCity + 42));  // four cities on the board
}

TEST(catan_production_pays_one_per_settlement_two_per_city_except_under_the_robber) {
    CatanFixture g(kBeginner);
    CatanState s = g.blank();
    put_settlement(s, 0, 8);  // hexes 0 (ore 10), 1 (wool 2), 4 (brick 6)
    put_city(s, 1, 23);       // hexes 4 (brick 6), 8 (lumber 11), 9 (desert)
    s.phase = kBeforeRoll;
    s.rolled = 0;
    play(*g, s, 0, kRoll, dice(6));
    CHECK_EQ(s.hand[0][kBrick], 1);
    CHECK_EQ(s.hand[1][kBrick], 2);
    CHECK_EQ(s.bank[kBrick], 16);
    CHECK_EQ(s.phase, kMain);
    s.robber = 4;
    s.phase = kBeforeRoll;
    s.rolled = 0;
    play(*g, s, 0, kRoll, dice(6));
    CHECK_EQ(s.hand[0][kBrick], 1);
    CHECK_EQ(s.hand[1][kBrick], 2);
}

TEST(catan_bank_shortage_pays_nobody_unless_one_seat_is_owed) {
    CatanFixture g(kBeginner);
    CatanState s = g.blank();
    put_settlement(s, 0, 8);
    put_city(s, 1, 23);
    give(s, 2, {17, 0, 0, 0, 0});  // 2 brick left, 3 owed to two seats
    s.phase = kBeforeRoll;
    s.rolled = 0;
    play(*g, s, 0, kRoll, dice(6));
    CHECK_EQ(s.hand[0][kBrick], 0);
    CHECK_EQ(s.hand[1][kBrick], 0);
    CHECK_EQ(s.bank[kBrick], 2);
    // One seat owed 2 with 1 left: it takes the last one.
    s.settlements[0] = 0;
    give(s, 2, {1, 0, 0, 0, 0});
    s.phase = kBeforeRoll;
    s.rolled = 0;
    play(*g, s, 0, kRoll, dice(6));
    CHECK_EQ(s.hand[1][kBrick], 1);
    CHECK_EQ(s.bank[kBrick], 0);
}

TEST(catan_a_seven_makes_big_hands_discard_half_then_the_robber_moves) {
    CatanFixture g(kBeginner);
    CatanState s = g.blank();
    give(s, 0, {2, 2, 2, 2, 1});  // 9 cards: discards 4
    give(s, 1, {2, 2, 2, 2, 0});  // 8: discards 4
    give(s, 2, {2, 2, 2, 1, 0});  // 7: keeps all
    s.phase = kBeforeRoll;
    s.rolled = 0;
    play(*g, s, 0, kRoll, dice(7));
    CHECK_EQ(s.phase, kDiscarding);
    CHECK_EQ(s.discard_owed[0], 4);
    CHECK_EQ(s.discard_owed[1], 4);
    CHECK_EQ(s.discard_owed[2], 0);
    CHECK_EQ(g->actors(s), Actors{1});
    for (int i = 0; i < 4; ++i) play(*g, s, 0, kDiscard + kBrick + (i % 2));
    CHECK_EQ(g->actors(s), Actors{2});
    s.hand[1][kOre] = 0;
    CHECK(!legal(*g, s, 1, kDiscard + kOre));  // only cards held
    for (int i = 0; i < 4; ++i) play(*g, s, 1, kDiscard + kWool + (i % 2));
    CHECK_EQ(s.phase, kMovingRobber);
    CHECK_EQ(Catan::hand_size(s, 0), 5);
    CHECK_EQ(Catan::hand_size(s, 1), 4);
    CHECK_EQ(s.bank[kBrick], 19 - 6 + 2);
}

TEST(catan_robber_steals_from_the_one_seat_there_or_the_chosen_one) {
    CatanFixture g(kBeginner);
    CatanState s = g.blank();
    put_settlement(s, 0, 8);
    put_settlement(s, 1, 18);
    put_settlement(s, 2, 17);
    give(s, 1, {0, 0, 0, 0, 2});
    s.phase = kMovingRobber;
    CHECK(!legal(*g, s, 0, kMoveRobber + 9));  // it must move
    // Only seat 1 has cards: the steal is drawn at once.
    play(*g, s, 0, kMoveRobber + 4, kChanceSteal + kOre);
    CHECK_EQ(s.robber, 4);
    CHECK_EQ(s.hand[0][kOre], 1);
    CHECK_EQ(s.hand[1][kOre], 1);
    CHECK_EQ(s.phase, kMain);
    // Two seats with cards: the turn seat chooses.
    give(s, 2, {1, 0, 0, 0, 0});
    s.phase = kMovingRobber;
    s.robber = 9;
    play(*g, s, 0, kMoveRobber + 4);
    CHECK_EQ(s.phase, kChooseVictim);
    CHECK(legal(*g, s, 0, kSteal + 1));
    CHECK(legal(*g, s, 0, kSteal + 2));
    CHECK(!legal(*g, s, 0, kSteal + 0));
    play(*g, s, 0, kSteal + 2, kChanceSteal + kBrick);
    CHECK_EQ(s.hand[2][kBrick], 0);
    CHECK_EQ(s.hand[0][kBrick], 1);
}

TEST(catan_robbing_a_hex_of_empty_hands_steals_nothing) {
    CatanFixture g(kBeginner);
    CatanState s = g.blank();
    put_settlement(s, 1, 18);
    s.phase = kMovingRobber;
    const CatanState before = s;
    play(*g, s, 0, kMoveRobber + 4);
    CHECK_EQ(s.phase, kMain);
    CHECK(std::equal(&before.hand[0][0], &before.hand[0][0] + 20, &s.hand[0][0]));
}

TEST(catan_cards_bought_this_turn_wait_for_the_next_turn) {
    CatanFixture g(kBeginner);
    CatanState s = g.blank();
    give(s, 0, {0, 0, 1, 1, 1});
    play(*g, s, 0, kBuyDev, kChanceDev + kKnight);
    CHECK_EQ(s.dev_new[0][kKnight], 1);
    CHECK_EQ(s.deck[kKnight], 13);
    CHECK(!legal(*g, s, 0, kPlayKnight));
    play(*g, s, 0, kEndTurn);
    CHECK_EQ(s.dev[0][kKnight], 1);
    CHECK_EQ(s.dev_new[0][kKnight], 0);
}

TEST(catan_one_development_card_a_turn) {
    CatanFixture g(kBeginner);
    CatanState s = g.blank();
    give_dev(s, 0, kMonopoly);
    give_dev(s, 0, kKnight);
    give(s, 1, {0, 0, 3, 0, 0});
    give(s, 2, {0, 0, 1, 0, 0});
    CHECK(legal(*g, s, 0, kPlayMonopoly + kWool));
    play(*g, s, 0, kPlayMonopoly + kWool);
    CHECK_EQ(s.hand[0][kWool], 4);
    CHECK_EQ(s.hand[1][kWool], 0);
    CHECK_EQ(s.hand[2][kWool], 0);
    CHECK(!legal(*g, s, 0, kPlayKnight));
}

// A state of seat 0's turn before its roll, on the beginner board.
static CatanState before_roll(const CatanFixture& g) {
    CatanState s = g.blank();
    s.phase = kBeforeRoll;
    s.rolled = 0;
    s.dice = 0;
    return s;
}

TEST(catan_a_knight_may_come_before_the_roll_and_the_roll_stays_owed) {
    CatanFixture g(kBeginner);
    CatanState s = before_roll(g);
    give_dev(s, 0, kKnight);
    give_dev(s, 0, kYearOfPlenty);
    CHECK(legal(*g, s, 0, kPlayKnight));
    play(*g, s, 0, kPlayKnight);
    CHECK_EQ(s.phase, kMovingRobber);
    play(*g, s, 0, kMoveRobber + 0);
    CHECK_EQ(s.phase, kBeforeRoll);  // back to the roll
    CHECK_EQ(s.knights[0], 1);
    CHECK(legal(*g, s, 0, kRoll));
    CHECK(!legal(*g, s, 0, kPlayKnight));
    CHECK(!legal(*g, s, 0, kPlayYearOfPlenty));  // one card a turn
}

TEST(catan_year_of_plenty_before_the_roll_leaves_the_roll_owed) {
    CatanFixture g(kBeginner);
    CatanState s = before_roll(g);
    give_dev(s, 0, kYearOfPlenty);
    give_dev(s, 0, kMonopoly);
    const std::vector<int> actions = legal_actions(*g, s, 0);
    for (int i = 0; i < kYearOfPlentyPairs; ++i) CHECK(has_action(actions, kPlayYearOfPlenty + i));
    for (int r = 0; r < kNumResources; ++r) CHECK(has_action(actions, kPlayMonopoly + r));
    CHECK(!has_action(actions, kEndTurn));
    play(*g, s, 0, kPlayYearOfPlenty + 0);  // brick, brick
    CHECK_EQ(s.hand[0][kBrick], 2);
    CHECK_EQ(s.bank[kBrick], 17);
    CHECK_EQ(s.phase, kBeforeRoll);
    CHECK_EQ(s.rolled, 0);
    // Only the roll: the second card waits, and building waits for the roll.
    CHECK(legal_actions(*g, s, 0) == std::vector<int>{kRoll});
    CHECK(g->check(s).empty());
    play(*g, s, 0, kRoll, dice(8));
    CHECK_EQ(s.phase, kMain);
    CHECK(!legal(*g, s, 0, kPlayMonopoly + kBrick));
}

TEST(catan_monopoly_before_the_roll_leaves_the_roll_owed) {
    CatanFixture g(kBeginner);
    CatanState s = before_roll(g);
    give_dev(s, 0, kMonopoly);
    give(s, 1, {0, 0, 3, 0, 0});
    give(s, 3, {0, 0, 2, 1, 0});
    CHECK(legal(*g, s, 0, kPlayMonopoly + kWool));
    play(*g, s, 0, kPlayMonopoly + kWool);
    CHECK_EQ(s.hand[0][kWool], 5);
    CHECK_EQ(s.hand[1][kWool], 0);
    CHECK_EQ(s.hand[3][kWool], 0);
    CHECK_EQ(s.hand[3][kGrain], 1);
    CHECK_EQ(s.phase, kBeforeRoll);
    CHECK(legal(*g, s, 0, kRoll));
    CHECK(g->check(s).empty());
}

TEST(catan_road_building_before_the_roll_places_two_roads_then_the_roll) {
    CatanFixture g(kBeginner);
    CatanState s = before_roll(g);
    put_settlement(s, 0, 8);
    give_dev(s, 0, kRoadBuilding);
    CHECK(legal(*g, s, 0, kPlayRoadBuilding));
    play(*g, s, 0, kPlayRoadBuilding);
    CHECK_EQ(s.phase, kPlacingFreeRoads);
    CHECK(g->check(s).empty());
    CHECK(!legal(*g, s, 0, kRoll));  // the roads first
    play(*g, s, 0, kBuildRoad + edge_between(8, 13));
    play(*g, s, 0, kBuildRoad + edge_between(13, 18));
    CHECK_EQ(s.phase, kBeforeRoll);
    CHECK_EQ(s.rolled, 0);
    CHECK_EQ(s.road_length[0], 2);
    CHECK(legal_actions(*g, s, 0) == std::vector<int>{kRoll});
    CHECK(g->check(s).empty());
}

TEST(catan_road_building_before_the_roll_with_one_site_left_returns_to_the_roll) {
    // Fourteen roads built: the card places the fifteenth and the roll is owed again.
    CatanFixture g(kBeginner);
    CatanState s = before_roll(g);
    put_settlement(s, 0, 0);
    std::vector<int> ring;
    for (int n : coast_path(0, 14)) ring.push_back(n);
    put_path(s, 0, ring);
    give_dev(s, 0, kRoadBuilding);
    refresh_awards(s, 4);
    CHECK(g->check(s).empty());
    play(*g, s, 0, kPlayRoadBuilding);
    CHECK_EQ(s.phase, kPlacingFreeRoads);
    const std::vector<int> sites = legal_actions(*g, s, 0);
    CHECK(!sites.empty());
    play(*g, s, 0, sites.front());
    CHECK_EQ(s.phase, kBeforeRoll);
    CHECK_EQ(s.free_roads, 0);
    CHECK(g->check(s).empty());
}

TEST(catan_a_card_played_before_the_roll_is_the_card_of_the_turn) {
    CatanFixture g(kBeginner);
    CatanState s = before_roll(g);
    give_dev(s, 0, kMonopoly);
    give_dev(s, 0, kKnight);
    play(*g, s, 0, kPlayMonopoly + kOre);
    play(*g, s, 0, kRoll, dice(6));
    CHECK_EQ(s.phase, kMain);
    CHECK(!legal(*g, s, 0, kPlayKnight));
    CHECK(!has_action(legal_actions(*g, s, 0), kPlayKnight));
}

// Seat 1 with 2 public points (nodes 8: hexes 0, 1, 4; 51: hex 16), seat 2 with 3
// (23: hexes 4, 8, 9; 53: hex 18; 3: hex 0), seat 0 to move the robber (41: hex 18).
static CatanState robber_position(const CatanFixture& g) {
    CatanState s = g.blank();
    put_settlement(s, 1, 8);
    put_settlement(s, 1, 51);
    for (int n : {23, 53, 3}) put_settlement(s, 2, n);
    put_settlement(s, 0, 41);
    give(s, 1, {0, 0, 2, 0, 0});
    give(s, 2, {0, 1, 0, 0, 0});
    s.phase = kMovingRobber;
    return s;
}

TEST(catan_friendly_robber_spares_hexes_and_hands_of_seats_with_two_points_or_fewer) {
    CatanFixture g({{"board", "beginner"}, {"friendly_robber", "true"}});
    CatanState s = robber_position(g);
    give_dev(s, 1, kVictoryPoint);  // hidden points do not count: the rule reads public ones
    CHECK(g->check(s).empty());
    CHECK(!legal(*g, s, 0, kMoveRobber + 4));   // seat 1 is there (with seat 2)
    CHECK(!legal(*g, s, 0, kMoveRobber + 16));  // seat 1 alone
    CHECK(!legal(*g, s, 0, kMoveRobber + 0));
    CHECK(legal(*g, s, 0, kMoveRobber + 18));   // seat 2 (3 points) and the mover itself
    CHECK(legal(*g, s, 0, kMoveRobber + 10));   // nobody
    const std::vector<int> moves = legal_actions(*g, s, 0);
    CHECK_EQ(moves.size(), std::size_t{19 - 5});  // hexes 0, 1, 4, 16 and 9 (the robber's) closed
    play(*g, s, 0, kMoveRobber + 18, kChanceSteal + kLumber);
    CHECK_EQ(s.hand[0][kLumber], 1);
    CHECK_EQ(s.phase, kMain);

    // A city brings seat 1 to 3 public points: its hexes open, and its hand with them.
    CatanState t = robber_position(g);
    put_city(t, 1, 8);
    CHECK(legal(*g, t, 0, kMoveRobber + 16));
    CHECK(legal(*g, t, 0, kMoveRobber + 4));
    play(*g, t, 0, kMoveRobber + 4);
    CHECK_EQ(t.phase, kChooseVictim);
    CHECK(legal(*g, t, 0, kSteal + 1));
    CHECK(legal(*g, t, 0, kSteal + 2));
}

TEST(catan_friendly_robber_is_off_by_default) {
    CatanFixture g(kBeginner);
    CatanState s = robber_position(g);
    CHECK(legal(*g, s, 0, kMoveRobber + 16));
    play(*g, s, 0, kMoveRobber + 4);
    CHECK_EQ(s.phase, kChooseVictim);
    CHECK(legal(*g, s, 0, kSteal + 1));
}

TEST(catan_friendly_robber_opens_every_hex_when_all_are_shielded_and_robs_nobody_shielded) {
    // Seats 1, 2, 3 with two settlements each touch all 18 hexes around the desert.
    CatanFixture g({{"board", "beginner"}, {"friendly_robber", "true"}});
    CatanState s = g.blank();
    const int nodes[3][2] = {{8, 14}, {22, 31}, {39, 45}};
    for (int p = 1; p <= 3; ++p) {
        put_settlement(s, p, nodes[p - 1][0]);
        put_settlement(s, p, nodes[p - 1][1]);
        give(s, p, {1, 1, 1, 1, 1});
    }
    s.phase = kMovingRobber;
    CHECK_EQ(s.robber, 9);
    CHECK(g->check(s).empty());
    const std::vector<int> moves = legal_actions(*g, s, 0);
    CHECK_EQ(moves.size(), std::size_t{18});  // the robber must move: any other hex
    const CatanState before = s;
    play(*g, s, 0, kMoveRobber + 4);
    CHECK_EQ(s.phase, kMain);  // nobody there may be robbed
    CHECK(std::equal(&before.hand[0][0], &before.hand[0][0] + 20, &s.hand[0][0]));
}

TEST(catan_year_of_plenty_takes_two_from_the_bank_road_building_places_two_free_roads) {
    CatanFixture g(kBeginner);
    CatanState s = g.blank();
    give_dev(s, 0, kYearOfPlenty);
    give(s, 1, {0, 0, 0, 0, 18});  // one ore left
    int ore_ore = -1, ore_wool = -1;
    for (int i = 0; i < kYearOfPlentyPairs; ++i) {
        const ResourcePair p = year_of_plenty_pair(i);
        if (p.first == kOre && p.second == kOre) ore_ore = i;
        if (p.first == kWool && p.second == kOre) ore_wool = i;
    }
    CHECK(!legal(*g, s, 0, kPlayYearOfPlenty + ore_ore));
    CHECK(legal(*g, s, 0, kPlayYearOfPlenty + ore_wool));
    play(*g, s, 0, kPlayYearOfPlenty + ore_wool);
    CHECK_EQ(s.hand[0][kOre], 1);
    CHECK_EQ(s.hand[0][kWool], 1);

    CatanState t = g.blank();
    put_settlement(t, 0, 8);
    give_dev(t, 0, kRoadBuilding);
    CHECK(legal(*g, t, 0, kPlayRoadBuilding));
    play(*g, t, 0, kPlayRoadBuilding);
    CHECK_EQ(t.phase, kPlacingFreeRoads);
    play(*g, t, 0, kBuildRoad + edge_between(8, 13));
    CHECK(legal(*g, t, 0, kBuildRoad + edge_between(13, 18)));
    play(*g, t, 0, kBuildRoad + edge_between(13, 18));
    CHECK_EQ(t.phase, kMain);
    CHECK_EQ(t.bank[kBrick], 19);  // free
    CHECK_EQ(t.road_length[0], 2);
}

TEST(catan_largest_army_goes_to_the_first_three_and_only_to_strictly_more) {
    CatanFixture g(kBeginner);
    CatanState s = g.blank();
    s.knights[0] = 2;
    s.knights[1] = 3;
    s.played[kKnight] = 5;
    refresh_awards(s, 4);
    CHECK_EQ(s.army_holder, 1);
    give_dev(s, 0, kKnight);
    play(*g, s, 0, kPlayKnight);
    CHECK_EQ(s.army_holder, 1);  // a tie does not take it
    s.dev_played = 0;
    s.phase = kMain;
    give_dev(s, 0, kKnight);
    play(*g, s, 0, kPlayKnight);
    CHECK_EQ(s.army_holder, 0);
    CHECK_EQ(Catan::victory_points(s, 0, false), 2);
}

TEST(catan_longest_road_needs_five_and_is_taken_only_by_longer) {
    CatanFixture g(kBeginner);
    CatanState s = g.blank();
    put_settlement(s, 0, 0);
    put_path(s, 0, {0, 4, 1, 5, 2});
    put_settlement(s, 1, 32);
    put_path(s, 1, {32, 37, 42, 46, 50});
    refresh_awards(s, 4);
    CHECK_EQ(s.road_length[0], 4);
    CHECK_EQ(s.road_holder, kNone);
    give(s, 0, {1, 1, 0, 0, 0});
    play(*g, s, 0, kBuildRoad + edge_between(2, 6));
    CHECK_EQ(s.road_length[0], 5);
    CHECK_EQ(s.road_holder, 0);
    s.current = 1;
    give(s, 1, {2, 2, 0, 0, 0});
    play(*g, s, 1, kBuildRoad + edge_between(50, 53));
    CHECK_EQ(s.road_holder, 0);  // 5 against 5: the holder keeps it
    play(*g, s, 1, kBuildRoad + edge_between(49, 53));
    CHECK_EQ(s.road_holder, 1);
    CHECK(g->check(s).empty());
}

TEST(catan_longest_road_counts_a_trail_not_a_tree_and_stops_at_cuts) {
    CatanFixture g(kBeginner);
    CatanState s = g.blank();
    put_settlement(s, 0, 8);
    // A fork at 13: 8-13-18-23 plus the branch 13-9-5.
    put_path(s, 0, {8, 13, 18, 23});
    put_path(s, 0, {13, 9, 5});
    CHECK_EQ(Catan::longest_road(s, 0), 4);  // 5-9-13-18-23; a fork adds no length
    put_settlement(s, 1, 18);
    CHECK_EQ(Catan::longest_road(s, 0), 3);  // 5-9-13-18 ends at the cut, as does 8-13-9-5
    // A loop counts every edge once.
    CatanState t = g.blank();
    put_settlement(t, 0, 8);
    put_path(t, 0, {8, 13, 18, 23, 17, 12, 8});
    CHECK_EQ(Catan::longest_road(t, 0), 6);
}

TEST(catan_maritime_rates_are_four_three_at_a_generic_harbor_two_at_its_own) {
    CatanFixture g(kBeginner);
    CatanState s = g.blank();
    put_settlement(s, 0, 8);
    CHECK_EQ(Catan::maritime_rate(s, 0, kWool), 4);
    put_settlement(s, 1, 0);  // harbor 0: generic
    CHECK_EQ(Catan::maritime_rate(s, 1, kOre), 3);
    put_settlement(s, 2, 5);  // harbor 1: wool 2:1
    CHECK_EQ(Catan::maritime_rate(s, 2, kWool), 2);
    CHECK_EQ(Catan::maritime_rate(s, 2, kBrick), 4);
    give(s, 0, {0, 0, 4, 0, 0});
    CHECK(legal(*g, s, 0, maritime_action(kWool, kOre)));
    CHECK(!legal(*g, s, 0, maritime_action(kBrick, kOre)));
    play(*g, s, 0, maritime_action(kWool, kOre));
    CHECK_EQ(s.hand[0][kWool], 0);
    CHECK_EQ(s.hand[0][kOre], 1);
    CHECK_EQ(s.bank[kWool], 19);
    // Only when the bank has the card.
    give(s, 0, {0, 0, 4, 0, 0});
    give(s, 3, {0, 0, 0, 0, 18});
    CHECK(!legal(*g, s, 0, maritime_action(kWool, kOre)));
}

TEST(catan_victory_point_cards_count_when_held_and_win_on_the_buy) {
    CatanFixture g({{"board", "beginner"}, {"vp_to_win", "3"}});
    CatanState s = g.blank();
    put_settlement(s, 0, 0);
    put_settlement(s, 0, 8);
    give(s, 0, {0, 0, 1, 1, 1});
    play(*g, s, 0, kBuyDev, kChanceDev + kVictoryPoint);
    CHECK_EQ(s.phase, kGameOver);
    CHECK_EQ(s.winner, 0);
    CHECK_EQ(Catan::victory_points(s, 0, false), 2);
    CHECK_EQ(Catan::victory_points(s, 0, true), 3);
}

TEST(catan_a_victory_point_card_dealt_by_explicit_chance_wins_at_that_outcome) {
    CatanFixture g({{"board", "beginner"}, {"vp_to_win", "3"}, {"explicit_chance", "true"}});
    CatanState s = g.blank();
    put_settlement(s, 0, 0);
    put_settlement(s, 0, 8);
    give(s, 0, {0, 0, 2, 2, 2});
    play(*g, s, 0, kBuyDev);
    CHECK_EQ(s.phase, kAwaitingDevCard);
    CatanState knight = s;
    play(*g, knight, kChance, kChanceDev + kKnight);  // not a point: the turn goes on
    CHECK_EQ(knight.phase, kMain);
    play(*g, s, kChance, kChanceDev + kVictoryPoint);
    CHECK_EQ(s.phase, kGameOver);
    CHECK_EQ(s.winner, 0);
    CHECK(g->actors(s) == 0);
    double returns[4];
    g->returns(s, returns);
    CHECK_EQ(returns[0], 1.0);
    CHECK_EQ(returns[2], -1.0);
    CHECK(g->check(s).empty());
}

TEST(catan_a_seat_wins_only_on_its_own_turn) {
    CatanFixture g({{"board", "beginner"}, {"vp_to_win", "3"}});
    CatanState s = g.blank();
    for (int n : {0, 8, 20}) put_settlement(s, 1, n);  // seat 1 has 3 points during seat 0's turn
    put_settlement(s, 0, 32);
    play(*g, s, 0, kEndTurn);
    CHECK_EQ(s.phase, kBeforeRoll);
    CHECK_EQ(s.current, 1);
    CHECK_EQ(s.winner, kNone);
    play(*g, s, 1, kRoll, dice(5));
    CHECK_EQ(s.phase, kGameOver);
    CHECK_EQ(s.winner, 1);
    double returns[4];
    g->returns(s, returns);
    CHECK_EQ(returns[1], 1.0);
    CHECK_EQ(returns[0], -1.0);
}

TEST(catan_a_winning_roll_of_seven_leaves_no_discard_owed) {
    // Found by 10,000-game random play: the seat wins with its roll, so the 7's discards
    // never happen and nothing stays owed in the finished game.
    CatanFixture g({{"board", "beginner"}, {"vp_to_win", "3"}});
    CatanState s = g.blank();
    for (int n : {0, 8, 20}) put_settlement(s, 1, n);
    put_settlement(s, 0, 32);
    give(s, 0, {2, 2, 2, 2, 1});
    play(*g, s, 0, kEndTurn);
    play(*g, s, 1, kRoll, dice(7));
    CHECK_EQ(s.phase, kGameOver);
    CHECK_EQ(s.winner, 1);
    for (int p = 0; p < 4; ++p) CHECK_EQ(s.discard_owed[p], 0);
    CHECK(g->check(s).empty());
}

TEST(catan_the_turn_cap_truncates_with_no_winner) {
    CatanFixture g({{"board", "beginner"}, {"max_turns", "1"}});
    CatanState s = g.blank();
    play(*g, s, 0, kEndTurn);
    CHECK_EQ(s.phase, kGameOver);
    CHECK(g->truncated(s));
    CHECK_EQ(s.winner, kNone);
    double returns[4];
    g->returns(s, returns);
    for (double r : returns) CHECK_EQ(r, 0.0);
}

TEST(catan_action_names_state_their_arguments) {
    CatanFixture g;
    CHECK_EQ(g->action_name(kBuildRoad + 17), "build_road(edge=17)");
    CHECK_EQ(g->action_name(kBuildCity + 3), "build_city(node=3)");
    CHECK_EQ(g->action_name(maritime_action(kWool, kOre)), "maritime_trade(give=wool,get=ore)");
    CHECK_EQ(g->action_name(kChanceDice + 5), "chance_dice(sum=7)");
    std::set<std::string> names;
    for (int a = 0; a < kNumActions; ++a) names.insert(g->action_name(a));
    CHECK_EQ(names.size(), static_cast<std::size_t>(kNumActions));
}

TEST(catan_a_free_road_that_wins_ends_the_game_and_the_card) {
    CatanFixture g({{"board", "beginner"}, {"vp_to_win", "3"}});
    CatanState s = g.blank();
    put_settlement(s, 0, 0);
    put_path(s, 0, {0, 4, 1, 5, 2});
    refresh_awards(s, 4);
    give_dev(s, 0, kRoadBuilding);
    play(*g, s, 0, kPlayRoadBuilding);
    play(*g, s, 0, kBuildRoad + edge_between(2, 6));  // 5 roads: longest road, 3 points
    CHECK_EQ(s.phase, kGameOver);
    CHECK_EQ(s.winner, 0);
    CHECK_EQ(s.free_roads, 0);
    CHECK(g->check(s).empty());
}

TEST(catan_an_empty_deck_sells_no_development_card) {
    CatanFixture g(kBeginner);
    CatanState s = g.blank();
    give(s, 0, {0, 0, 1, 1, 1});
    CHECK(g->is_legal(s, 0, kBuyDev));
    for (int k = 0; k < kNumDevKinds; ++k) {
        while (s.deck[k]) give_dev(s, 1, k);
    }
    CHECK(!g->is_legal(s, 0, kBuyDev));
}
