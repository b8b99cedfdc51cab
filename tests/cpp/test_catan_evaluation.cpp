// The Catan evaluation's terms on constructed positions (beginner board): the scarce
// resource weighs more at equal pips, diversity counts resources, the harbor that fits
// the production is worth more, open sites in reach, the road that blocks an
// opponent's Longest Road beats one that only extends one's own, roads to the award,
// the army one knight from the award, cards over seven, and another seat's hidden
// cards never read.
#include <cmath>
#include <vector>

#include "agents/catan_evaluation.hpp"
#include "catan_fixture.hpp"
#include "check.hpp"

using namespace meeple;
using namespace meeple::test;
namespace ev = meeple::catan_eval;

namespace {

constexpr int kPips[13] = {0, 0, 1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1};

std::uint64_t mask_of(const std::vector<int>& nodes) {
    std::uint64_t m = 0;
    for (int n : nodes) m |= 1ull << n;
    return m;
}

// Nodes with exactly one land hex next to them: the hex.
int single_hex(int node) {
    int hex = -1, count = 0;
    for (const std::uint8_t h : kTopology.hexes_of_node[node]) {
        if (h != catan::kNone) hex = h, ++count;
    }
    return count == 1 ? hex : -1;
}

}  // namespace

TEST(catan_evaluation_weighs_the_scarce_resource_more_at_equal_pips) {
    CatanFixture g;
    CatanState s = g.blank();
    // Two coast nodes on one hex each: one on a brick 6, one on an ore 6; every other
    // brick hex a 2 (brick scarce), every other ore hex an 8 (ore plentiful).
    int brick_node = -1, ore_node = -1;
    for (int n = 0; n < catan::kNumNodes && (brick_node < 0 || ore_node < 0); ++n) {
        const int h = single_hex(n);
        if (h < 0 || s.terrain[h] == catan::kDesert) continue;
        if (brick_node < 0) brick_node = n;
        else if (single_hex(brick_node) != h) ore_node = n;
    }
    CHECK(brick_node >= 0 && ore_node >= 0);
    const int bh = single_hex(brick_node), oh = single_hex(ore_node);
    for (int h = 0; h < catan::kNumHexes; ++h) {
        if (s.terrain[h] == catan::kBrick) s.terrain[h] = catan::kGrain;
        if (s.terrain[h] == catan::kOre) s.number[h] = 8;
    }
    s.terrain[bh] = catan::kBrick, s.number[bh] = 6;
    s.terrain[oh] = catan::kOre, s.number[oh] = 6;
    s.robber = 0;
    while (s.robber == bh || s.robber == oh) ++s.robber;
    CHECK(ev::scarcity(s, catan::kBrick) > 1.0);
    CHECK(ev::scarcity(s, catan::kOre) < 1.0);
    CHECK(ev::site_production(s, brick_node) > ev::site_production(s, ore_node));
    // Exactly the pips times the weight.
    CHECK(std::abs(ev::site_production(s, brick_node) - 5 * ev::scarcity(s, catan::kBrick)) < 1e-9);
    // The robber halves a hex.
    s.robber = static_cast<std::uint8_t>(bh);
    CHECK(std::abs(ev::site_production(s, brick_node) - 2.5 * ev::scarcity(s, catan::kBrick)) < 1e-9);
}

TEST(catan_evaluation_counts_the_resources_produced_and_their_weighted_pips) {
    CatanFixture g;
    CatanState s = g.blank();
    int node = -1;
    for (int n = 0; n < catan::kNumNodes && node < 0; ++n) {
        int land = 0;
        for (const std::uint8_t h : kTopology.hexes_of_node[n]) land += h != catan::kNone && s.terrain[h] != catan::kDesert;
        if (land == 3) node = n;
    }
    put_settlement(s, 0, node);
    const ev::Terms t = ev::terms(s, 0, 0, 4);
    std::uint32_t kinds = 0;
    for (const std::uint8_t h : kTopology.hexes_of_node[node]) kinds |= 1u << s.terrain[h];
    CHECK_EQ(t.diversity, static_cast<double>(__builtin_popcount(kinds)));
    CHECK(std::abs(t.production - ev::site_production(s, node)) < 1e-9);
    put_city(s, 0, node);
    CHECK(std::abs(ev::terms(s, 0, 0, 4).production - 2 * ev::site_production(s, node)) < 1e-9);
    CHECK_EQ(ev::terms(s, 0, 0, 4).points, 2.0);
}

TEST(catan_evaluation_values_the_harbor_that_fits_the_production) {
    CatanFixture g;
    CatanState s = g.blank();
    // Seat 0 makes ore; of two 2:1 harbors, the ore one fits.
    int ore_harbor = -1, other_harbor = -1;
    for (int hb = 0; hb < catan::kNumHarbors; ++hb) {
        if (s.harbor[hb] == catan::kOre) ore_harbor = hb;
        else if (s.harbor[hb] != catan::kGenericHarbor && other_harbor < 0) other_harbor = hb;
    }
    CHECK(ore_harbor >= 0 && other_harbor >= 0);
    int best = -1, best_pips = -1;
    const std::uint64_t harbor_nodes = mask_of({kTopology.nodes_of_harbor[ore_harbor][0], kTopology.nodes_of_harbor[ore_harbor][1],
                                                kTopology.nodes_of_harbor[other_harbor][0], kTopology.nodes_of_harbor[other_harbor][1]});
    for (int n = 0; n < catan::kNumNodes; ++n) {
        int ore = 0;
        for (const std::uint8_t h : kTopology.hexes_of_node[n]) {
            if (h != catan::kNone && s.terrain[h] == catan::kOre) ore += kPips[s.number[h]];
        }
        if (ore > best_pips && !((harbor_nodes >> n) & 1)) best_pips = ore, best = n;
    }
    put_city(s, 0, best);
    CatanState at_ore = s, at_other = s;
    put_settlement(at_ore, 0, kTopology.nodes_of_harbor[ore_harbor][0]);
    put_settlement(at_other, 0, kTopology.nodes_of_harbor[other_harbor][0]);
    const double fits = ev::terms(at_ore, 0, 0, 4).harbors, other = ev::terms(at_other, 0, 0, 4).harbors;
    CHECK(fits >= 2.0 * best_pips / 5.0);  // the city's ore alone
    CHECK(fits > other);
}

TEST(catan_evaluation_sees_open_sites_in_reach_and_loses_them_when_taken) {
    CatanFixture g;
    CatanState s = g.blank();
    const std::vector<int> path = walk(20, 3);
    put_settlement(s, 0, path[0]);
    put_road(s, 0, edge_between(path[0], path[1]));
    const double before = ev::terms(s, 0, 0, 4).reach;
    CHECK(before > 0);
    // Seat 1 settles on every open site within two roads: nothing left in reach.
    CatanState taken = s;
    std::uint64_t near = (1ull << path[0]) | (1ull << path[1]);
    for (int step = 0; step < 3; ++step) {
        std::uint64_t grown = near;
        for (std::uint64_t m = near; m; m &= m - 1) grown |= kTopology.neighbor_mask_of_node[__builtin_ctzll(m)];
        near = grown;
    }
    for (int n = 0; n < catan::kNumNodes; ++n) {
        if (!((near >> n) & 1) || ((Catan::occupied_nodes(taken) >> n) & 1)) continue;
        if (Catan::satisfies_distance_rule(taken, n)) put_settlement(taken, 1, n);
    }
    CHECK_EQ(ev::terms(taken, 0, 0, 4).reach, 0.0);
}

TEST(catan_evaluation_prefers_the_road_that_blocks_an_opponents_longest_road) {
    CatanFixture g;
    CatanState s = g.blank();
    // Seat 1 has a 4-road trail ending at e; seat 0 a 2-road trail ending at f, a
    // neighbour of e. The edge e-f blocks seat 1's fifth road (the 2-point award).
    const std::vector<int> theirs = walk(0, 4);
    put_settlement(s, 1, theirs[0]);
    put_path(s, 1, theirs);
    const int e = theirs.back();
    int f = -1;
    for (const std::uint8_t n : kTopology.neighbors_of_node[e]) {
        if (n != catan::kNone && !((mask_of(theirs) >> n) & 1)) f = n;
    }
    CHECK(f >= 0);
    const std::vector<int> mine = walk(f, 2, mask_of(theirs) | kTopology.neighbor_mask_of_node[e]);
    CHECK_EQ(mine.size(), 3u);
    std::vector<int> reversed(mine.rbegin(), mine.rend());
    put_settlement(s, 0, reversed[0]);
    put_path(s, 0, reversed);  // ends at f
    refresh_awards(s, 4);
    CHECK_EQ(s.road_length[1], 4);
    const int block = edge_between(e, f);
    // An edge that extends seat 0's trail from its settlement's end only.
    int extend = -1;
    for (const std::uint8_t k : kTopology.edges_of_node[reversed[0]]) {
        if (k == catan::kNone || Catan::all_roads(s).test(k)) continue;
        if (ev::road_length_with(s, 0, k) == 3) extend = k;
    }
    CHECK(extend >= 0);
    CHECK_EQ(ev::road_race_value(s, 0, 4, extend), 1.0);
    CHECK_EQ(ev::road_length_with(s, 1, block), 5);
    CHECK_EQ(ev::road_race_value(s, 0, 4, block), 1.0 + 2.0);  // its own road, and seat 1's fifth taken
    // Seat 1 is one road from the award; seat 0 two.
    CHECK_EQ(ev::roads_to_longest(s, 1, 4, 3), 1);
    CHECK_EQ(ev::roads_to_longest(s, 0, 4, 1), 2);  // over the limit
}

TEST(catan_evaluation_counts_the_army_one_knight_from_the_award) {
    CatanFixture g;
    CatanState s = g.blank();
    s.knights[0] = 2, s.knights[1] = 1;
    CHECK_EQ(ev::terms(s, 0, 0, 4).army, 3.0);  // two knights, one from the award
    CHECK_EQ(ev::terms(s, 1, 0, 4).army, 1.0);  // two from matching it
    s.knights[0] = 3;
    refresh_awards(s, 4);
    CHECK_EQ(ev::terms(s, 0, 0, 4).army, 3.0);  // held: the 2 points are in its points
    CHECK_EQ(ev::terms(s, 0, 0, 4).points, 2.0);
}

TEST(catan_evaluation_counts_the_discard_risk_of_a_hand_over_seven) {
    CatanFixture g;
    CatanState seven = g.blank(), eight = g.blank();
    give(seven, 0, {2, 2, 1, 1, 1});
    give(eight, 0, {2, 2, 2, 1, 1});
    CHECK_EQ(ev::terms(seven, 0, 0, 4).hand, 7.0);
    CHECK(ev::terms(eight, 0, 0, 4).hand < 7.0);  // an eighth card risks four
    CHECK(ev::value(eight, 0, 0, 4) < ev::value(seven, 0, 0, 4));
}

TEST(catan_evaluation_never_reads_another_seats_hidden_cards) {
    CatanFixture g;
    CatanState knight = g.blank(), point = g.blank();
    give_dev(knight, 1, catan::kKnight);
    give_dev(point, 1, catan::kVictoryPoint);
    give(knight, 1, {1, 0, 0, 0, 0});
    give(point, 1, {0, 0, 0, 0, 1});
    // Seat 0 sees one card in hand and one development card either way.
    CHECK_EQ(ev::value(knight, 1, 0, 4), ev::value(point, 1, 0, 4));
    CHECK_EQ(ev::terms(point, 1, 0, 4).points, 0.0);
    CHECK_EQ(ev::terms(point, 1, 0, 4).development, 1.0);
    // Seat 1 knows its own: the VP card is a point, not a development card.
    CHECK_EQ(ev::terms(point, 1, 1, 4).points, 1.0);
    CHECK_EQ(ev::terms(point, 1, 1, 4).development, 0.0);
    CHECK(ev::value(point, 1, 1, 4) > ev::value(knight, 1, 1, 4));
}

TEST(catan_evaluation_counts_the_cards_its_own_hand_lacks_for_the_nearest_build) {
    CatanFixture g;
    CatanState s = g.blank();
    put_settlement(s, 0, 20);
    CHECK_EQ(ev::terms(s, 0, 0, 4).progress, 0.0);  // a city lacks all five cards
    give(s, 0, {0, 0, 0, 2, 2});
    CHECK_EQ(ev::terms(s, 0, 0, 4).progress, 4.0);  // one ore short of a city
    // Another seat's hand is hidden: no progress is read from it.
    CHECK_EQ(ev::terms(s, 0, 1, 4).progress, 0.0);
    // Cards that bring the city closer are worth more than as many that do not.
    CatanState closer = s, wider = s;
    give(closer, 0, {0, 0, 0, 0, 1});
    give(wider, 0, {0, 0, 1, 0, 0});
    CHECK(ev::value(closer, 0, 0, 4) > ev::value(wider, 0, 0, 4));
    // A settlement site on its road: the settlement's cards count too.
    CatanState site = g.blank();
    put_settlement(site, 0, 20);
    int a = -1, b = -1;
    for (const std::uint8_t m : kTopology.neighbors_of_node[20]) {
        for (const std::uint8_t n : kTopology.neighbors_of_node[m == catan::kNone ? 20 : m]) {
            if (m != catan::kNone && n != catan::kNone && n != 20 && b < 0) a = m, b = n;
        }
    }
    put_path(site, 0, {20, a, b});
    give(site, 0, {1, 1, 1, 0, 0});
    CHECK(Catan::can_build_settlement_at(site, 0, b));
    CHECK_EQ(ev::terms(site, 0, 0, 4).progress, 4.0);  // one grain short of the settlement
}
