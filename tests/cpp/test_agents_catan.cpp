// The catan heuristic's rules on constructed positions (beginner board): a city goes on
// the settlement with the most pips, the robber never on its own hexes and first on the
// leader's, discards keep the cards of the city it aims at, trades with other seats are
// accepted only when they help it and cost nothing it needs, bank and harbor trades go
// at the best rate and never give a card the build needs.
#include <algorithm>
#include <memory>
#include <vector>

#include "agents/agent.hpp"
#include "catan_fixture.hpp"
#include "check.hpp"

using namespace meeple;
using namespace meeple::test;

namespace {

constexpr int kPips[13] = {0, 0, 1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1};

int pips_of(const CatanState& s, int node) {
    int p = 0;
    for (const std::uint8_t h : kTopology.hexes_of_node[node]) {
        if (h != catan::kNone) p += kPips[s.number[h]];
    }
    return p;
}

int heuristic_choice(const CatanFixture& g, const CatanState& s, int seat) {
    Record<CatanState> rec{};
    rec.rng = Rng::from_seed(3);
    rec.state = s;
    auto agent = make_agent(g.model, "heuristic", 5);
    return agent->act(&rec, seat);
}

bool touches(const CatanState& s, int hex, int seat) {
    return (kTopology.node_mask_of_hex[hex] & (s.settlements[seat] | s.cities[seat])) != 0;
}

}  // namespace

TEST(catan_heuristic_builds_its_city_on_the_settlement_with_the_most_pips) {
    CatanFixture g(CatanOptions{{"board", "beginner"}});
    CatanState s = g.blank();
    int best = -1, worst = -1;
    for (int n = 0; n < catan::kNumNodes; ++n) {
        if (best < 0 || pips_of(s, n) > pips_of(s, best)) best = n;
    }
    put_settlement(s, 0, best);
    for (int n = 0; n < catan::kNumNodes; ++n) {
        if (Catan::satisfies_distance_rule(s, n) && pips_of(s, n) > 0 && (worst < 0 || pips_of(s, n) < pips_of(s, worst))) {
            worst = n;
        }
    }
    put_settlement(s, 0, worst);
    give(s, 0, {0, 0, 0, 2, 3});
    CHECK(pips_of(s, best) > pips_of(s, worst));
    CHECK(heuristic_choice(g, s, 0) == catan::kBuildCity + best);
}

TEST(catan_heuristic_moves_the_robber_onto_the_leader_and_never_onto_itself) {
    CatanFixture g(CatanOptions{{"board", "beginner"}});
    CatanState s = g.blank();
    // Seat 0 (to move the robber) and seat 1 share the hexes around node 20; seat 2, the
    // leader with two cities, sits elsewhere.
    put_settlement(s, 0, 20);
    put_settlement(s, 1, 31);
    put_city(s, 2, 40);
    put_city(s, 2, 9);
    give(s, 1, {1, 0, 0, 0, 0});
    give(s, 2, {0, 1, 0, 0, 0});
    s.phase = catan::kMovingRobber;
    const int a = heuristic_choice(g, s, 0);
    CHECK(a >= catan::kMoveRobber && a < catan::kMoveRobber + catan::kNumHexes);
    const int hex = a - catan::kMoveRobber;
    CHECK(!touches(s, hex, 0));
    CHECK(touches(s, hex, 2));
}

TEST(catan_heuristic_discards_cards_its_city_does_not_need) {
    CatanFixture g(CatanOptions{{"board", "beginner"}});
    CatanState s = g.blank();
    put_settlement(s, 0, 20);
    give(s, 0, {0, 0, 4, 2, 3});  // 9 cards: a city's 2 grain and 3 ore, and 4 wool
    s.phase = catan::kDiscarding;
    s.discard_owed[0] = 4;
    CHECK(heuristic_choice(g, s, 0) == catan::kDiscard + catan::kWool);
}

TEST(catan_heuristic_accepts_only_trades_that_help_and_cost_nothing_it_needs) {
    CatanFixture g(CatanOptions{{"board", "beginner"}});
    CatanState s = g.blank();
    put_settlement(s, 0, 20);
    put_settlement(s, 1, 40);
    give(s, 0, {0, 0, 3, 2, 2});  // a city lacks one ore; wool is spare
    give(s, 1, {0, 0, 0, 0, 2});
    s.current = 1;
    s.phase = catan::kTradeAnswer;
    s.trade_responder = 0;
    s.trade_give[catan::kOre] = 1;  // seat 1 offers an ore for a wool: accepted
    s.trade_want[catan::kWool] = 1;
    CHECK(heuristic_choice(g, s, 0) == catan::kTradeAccept);
    s.trade_want[catan::kWool] = 0;  // an ore for a grain, which the city needs: declined
    s.trade_want[catan::kGrain] = 1;
    CHECK(heuristic_choice(g, s, 0) == catan::kTradeDecline);
    s.trade_want[catan::kGrain] = 0;  // a grain for two wool: it gets nothing it needs
    s.trade_give[catan::kOre] = 0;
    s.trade_give[catan::kGrain] = 1;
    s.trade_want[catan::kWool] = 2;
    CHECK(heuristic_choice(g, s, 0) == catan::kTradeDecline);
}

TEST(catan_heuristic_takes_the_edge_an_opponent_needs_for_its_fifth_road) {
    CatanFixture g(CatanOptions{{"board", "beginner"}});
    CatanState s = g.blank();
    // Seat 1: a 4-road trail from node 0 to e (one road short of the award). Seat 0: a
    // settlement and a 2-road trail ending at f, next to e, and the cards of one road.
    const std::vector<int> theirs = walk(0, 4, 0);
    std::uint64_t their_nodes = 0;
    for (int n : theirs) their_nodes |= 1ull << n;
    put_settlement(s, 1, theirs[0]);
    put_path(s, 1, theirs);
    const int e = theirs.back();
    int f = -1;
    for (const std::uint8_t n : kTopology.neighbors_of_node[e]) {
        if (n != catan::kNone && !((their_nodes >> n) & 1)) f = n;
    }
    std::vector<int> mine = walk(f, 2, their_nodes | kTopology.neighbor_mask_of_node[e]);
    CHECK_EQ(mine.size(), 3u);
    std::reverse(mine.begin(), mine.end());
    put_settlement(s, 0, mine[0]);
    put_path(s, 0, mine);
    refresh_awards(s, 4);
    give(s, 0, {1, 1, 0, 0, 0});
    CHECK(heuristic_choice(g, s, 0) == catan::kBuildRoad + edge_between(e, f));
}

TEST(catan_heuristic_buys_a_development_card_over_a_city_two_cards_away) {
    CatanFixture g(CatanOptions{{"board", "beginner"}});
    CatanState s = g.blank();
    // One settlement and no roads (no site to build toward), wool, two grain and an ore:
    // the city lacks two ore, the development card nothing. A card now beats a city two
    // rolls away; with a city one card away it keeps the cards.
    put_settlement(s, 0, 20);
    give(s, 0, {0, 0, 1, 2, 1});
    CHECK(heuristic_choice(g, s, 0) == catan::kBuyDev);
    give(s, 0, {0, 0, 0, 0, 1});
    CHECK(heuristic_choice(g, s, 0) != catan::kBuyDev);
}

TEST(catan_heuristic_spends_a_hand_over_seven_before_ending_its_turn) {
    CatanFixture g(CatanOptions{{"board", "beginner"}, {"trade_budget", "0"}});
    CatanState s = g.blank();
    // A settlement, no roads, no trade that helps: its city lacks one ore, and a
    // development card would set it back. With seven cards it keeps them; with eight a
    // roll of 7 would cost four, so it buys the card.
    put_settlement(s, 0, 20);
    give(s, 0, {0, 0, 3, 2, 2});
    CHECK(heuristic_choice(g, s, 0) == catan::kEndTurn);
    give(s, 0, {1, 0, 0, 0, 0});
    CHECK(heuristic_choice(g, s, 0) == catan::kBuyDev);
}

TEST(catan_heuristic_trades_at_its_best_rate_and_never_a_card_its_build_needs) {
    CatanFixture g(CatanOptions{{"board", "beginner"}, {"trade_budget", "0"}});
    CatanState s = g.blank();
    // A settlement on a 2:1 harbor of a resource X (not grain or ore), no roads: its city
    // lacks one ore. Two X at 2:1 or four of the five Y at 4:1 both get it; the harbor
    // costs two cards fewer.
    int node = -1, x = -1;
    for (int n = 0; n < catan::kNumNodes && node < 0; ++n) {
        const std::uint8_t hb = kTopology.harbor_of_node[n];
        if (hb == catan::kNone) continue;
        const int kind = s.harbor[hb];
        if (kind != catan::kGenericHarbor && kind != catan::kGrain && kind != catan::kOre) node = n, x = kind;
    }
    CHECK(node >= 0);
    int y = -1;
    for (int r = 0; r < catan::kNumResources && y < 0; ++r) {
        if (r != x && r != catan::kGrain && r != catan::kOre) y = r;
    }
    put_settlement(s, 0, node);
    std::vector<int> cards = {0, 0, 0, 2, 2};
    cards[x] = 2;
    cards[y] = 5;
    give(s, 0, cards);
    CHECK(heuristic_choice(g, s, 0) == catan::maritime_action(x, catan::kOre));
    // One X and no Y: no spare card reaches a rate; the grain and ore are the city's, so
    // none of them goes to the bank either.
    s.hand[0][x] = 1;
    s.hand[0][y] = 0;
    const int a = heuristic_choice(g, s, 0);
    CHECK(!(a >= catan::kMaritime && a < catan::kMaritime + catan::kNumResources * 4));
}
