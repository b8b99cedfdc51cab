#include "agents/catan_evaluation.hpp"

#include <algorithm>

namespace meeple::catan_eval {
namespace {

using namespace catan;

constexpr int kPips[13] = {0, 0, 1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1};
constexpr int kRoadAward = 5;
constexpr int kArmyAward = 3;

// The weights of value(): a point is worth 10; the rest are what a term's unit
// buys toward the next points (docs/agents.md gives the table).
constexpr double kPointWeight = 10.0;
constexpr double kProductionWeight = 1.0;
constexpr double kDiversityWeight = 1.5;
constexpr double kHarborWeight = 1.0;
constexpr double kReachWeight = 0.2;
constexpr double kRoadWeight = 1.0;
constexpr double kArmyWeight = 1.5;
constexpr double kDevelopmentWeight = 1.0;
constexpr double kHandWeight = 0.4;
constexpr double kProgressWeight = 1.0;
// The chance that some seat rolls a 7 before this one's next turn (four seats: three
// rolls, 1 - (5/6)^3), which costs half of a hand over seven.
constexpr double kSevenBeforeNextTurn = 0.42;

std::uint64_t buildings(const State& s, int seat) { return s.settlements[seat] | s.cities[seat]; }

double hex_pips(const State& s, int h) {
    if (s.terrain[h] == kDesert) return 0;
    return kPips[s.number[h]] * (h == s.robber ? 0.5 : 1.0);
}

// Pips a resource from the seat's buildings (cities twice), the robber's hex at half.
void production_pips(const State& s, int seat, double* out) {
    for (int r = 0; r < kNumResources; ++r) out[r] = 0;
    for (int h = 0; h < kNumHexes; ++h) {
        if (s.terrain[h] == kDesert) continue;
        const std::uint64_t nodes = kTopology.node_mask_of_hex[h];
        const int n = count_bits(nodes & s.settlements[seat]) + 2 * count_bits(nodes & s.cities[seat]);
        out[s.terrain[h]] += n * hex_pips(s, h);
    }
}

bool open_site(const State& s, int node) {
    return !((Catan::occupied_nodes(s) >> node) & 1) && Catan::satisfies_distance_rule(s, node);
}

// Open sites within two free road steps of the seat's network, the best two summed.
double reach(const State& s, int seat) {
    const EdgeSet taken = Catan::all_roads(s);
    const std::uint64_t others = Catan::occupied_nodes(s) & ~buildings(s, seat);
    std::uint64_t frontier = s.road_nodes[seat] | buildings(s, seat), seen = frontier;
    double best[2] = {0, 0};
    for (int d = 0; d <= 2 && frontier; ++d) {
        std::uint64_t next = 0;
        for (std::uint64_t f = frontier; f; f &= f - 1) {
            const int node = __builtin_ctzll(f);
            if (d > 0 && open_site(s, node)) {
                const double v = site_production(s, node);
                if (v > best[0]) best[1] = best[0], best[0] = v;
                else if (v > best[1]) best[1] = v;
            }
            if ((others >> node) & 1) continue;  // an opponent's building blocks the way on
            for (int k = 0; k < 3; ++k) {
                const std::uint8_t e = kTopology.edges_of_node[node][k];
                if (e == kNone || taken.test(e)) continue;
                const int other = kTopology.neighbors_of_node[node][k];
                if (!((seen >> other) & 1)) next |= 1ull << other, seen |= 1ull << other;
            }
        }
        frontier = next;
    }
    return best[0] + best[1];
}

// Cards the seat's hand lacks for the nearest of a settlement (where one can go) and a
// city (on a settlement it has); 5 when neither can be built.
int nearest_build(const State& s, int seat) {
    static constexpr std::uint8_t kSettlementCost[kNumResources] = {1, 1, 1, 1, 0};
    static constexpr std::uint8_t kCityCost[kNumResources] = {0, 0, 0, 2, 3};
    auto lacks = [&](const std::uint8_t* cost) {
        int m = 0;
        for (int r = 0; r < kNumResources; ++r) m += std::max(0, cost[r] - s.hand[seat][r]);
        return m;
    };
    int best = 5;
    if (s.settlements[seat]) best = std::min(best, lacks(kCityCost));
    for (int n = 0; n < kNumNodes && best > lacks(kSettlementCost); ++n) {
        if (!((Catan::occupied_nodes(s) >> n) & 1) && Catan::can_build_settlement_at(s, seat, n)) {
            best = lacks(kSettlementCost);
        }
    }
    return best;
}

int longest_of_others(const State& s, int seat, int players) {
    int most = 0;
    for (int p = 0; p < players; ++p) {
        if (p != seat) most = std::max<int>(most, s.road_length[p]);
    }
    return most;
}

}  // namespace

double scarcity(const State& s, int resource) {
    double total[kNumResources] = {};
    for (int h = 0; h < kNumHexes; ++h) {
        if (s.terrain[h] != kDesert) total[s.terrain[h]] += kPips[s.number[h]];
    }
    double mean = 0;
    for (const double t : total) mean += t / static_cast<double>(kNumResources);
    // A resource the board lacks entirely is capped at three times the mean's weight.
    return mean / std::max(total[resource], mean / 3.0);
}

double site_production(const State& s, int node) {
    double v = 0;
    for (const std::uint8_t h : kTopology.hexes_of_node[node]) {
        if (h == kNone || s.terrain[h] == kDesert) continue;
        v += hex_pips(s, h) * scarcity(s, s.terrain[h]);
    }
    return v;
}

int road_length_with(const State& s, int seat, int edge) {
    State t = s;
    t.roads[seat][edge >> 6] |= 1ull << (edge & 63);
    return Catan::longest_road(t, seat);
}

int roads_to_longest(const State& s, int seat, int players, int limit) {
    const int target = std::max(kRoadAward, longest_of_others(s, seat, players) + 1);
    if (s.road_holder == seat) return 0;
    // A longest road is never longer than the roads it has: too few roads, no search.
    const int roads = count_bits(s.roads[seat][0]) + count_bits(s.roads[seat][1]);
    if (roads + limit < target) return limit + 1;
    State t = s;
    int length = Catan::longest_road(t, seat);
    for (int placed = 1; placed <= limit; ++placed) {
        const EdgeSet taken = Catan::all_roads(t);
        int best_edge = -1, best_length = length;
        for (int e = 0; e < kNumEdges; ++e) {
            if (taken.test(e) || !Catan::road_connects(t, seat, e)) continue;
            const int l = road_length_with(t, seat, e);
            if (l > best_length) best_length = l, best_edge = e;
        }
        if (best_edge < 0) return limit + 1;  // nothing extends it
        t.roads[seat][best_edge >> 6] |= 1ull << (best_edge & 63);
        t.road_nodes[seat] = Catan::nodes_touched_by_roads(t, seat);
        length = best_length;
        if (length >= target) return placed;
    }
    return limit + 1;
}

double road_race_value(const State& s, int seat, int players, int edge) {
    const int mine = Catan::longest_road(s, seat);
    double v = std::max(0, road_length_with(s, seat, edge) - mine);
    for (int p = 0; p < players; ++p) {
        if (p == seat || !Catan::road_connects(s, p, edge)) continue;
        const int theirs = Catan::longest_road(s, p);
        const int gain = road_length_with(s, p, edge) - theirs;
        if (gain <= 0) continue;
        // The 2-point swing: with this edge they would reach the award's length and
        // match or pass everyone else, so taking it from them counts twice.
        const int lead = std::max(kRoadAward, longest_of_others(s, p, players));
        v += gain * (theirs + gain >= lead ? 2.0 : 1.0);
    }
    return v;
}

Terms terms(const State& s, int seat, int viewer, int players, bool road_race) {
    Terms t;
    t.points = Catan::victory_points(s, seat, viewer == seat);
    double pips[kNumResources];
    production_pips(s, seat, pips);
    for (int r = 0; r < kNumResources; ++r) {
        t.production += pips[r] * scarcity(s, r);
        if (pips[r] > 0) t.diversity += 1;
    }
    double total = 0;
    for (const double p : pips) total += p;
    for (std::uint64_t b = buildings(s, seat); b; b &= b - 1) {
        const std::uint8_t hb = kTopology.harbor_of_node[__builtin_ctzll(b)];
        if (hb == kNone) continue;
        const int kind = s.harbor[hb];
        t.harbors += kind == kGenericHarbor ? 0.5 + total / 40.0 : pips[kind] / 5.0;
    }
    t.reach = reach(s, seat);
    // Road: its length, plus up to 2 for being one or two roads from the award.
    t.road = s.road_length[seat];
    if (road_race && s.road_holder != seat) t.road += std::max(0, 3 - roads_to_longest(s, seat, players, 2)) * 0.5;
    int most_knights = 0;
    for (int p = 0; p < players; ++p) {
        if (p != seat) most_knights = std::max<int>(most_knights, s.knights[p]);
    }
    const int knights_needed = std::max(kArmyAward, most_knights + 1) - s.knights[seat];
    t.army = s.knights[seat] + (s.army_holder != seat && knights_needed <= 1 ? 1.0 : 0.0);
    for (int k = 0; k < kNumDevKinds; ++k) {
        // Another seat's cards are a count only; its own VP cards are in its points.
        if (viewer == seat && k == kVictoryPoint) continue;
        t.development += s.dev[seat][k] + s.dev_new[seat][k];
    }
    if (viewer == seat) t.progress = 5 - nearest_build(s, seat);
    const int h = Catan::hand_size(s, seat);
    t.hand = h - (h > 7 ? kSevenBeforeNextTurn * (h / 2) : 0.0);
    return t;
}

namespace {

double weighted(const Terms& t) {
    return kPointWeight * t.points + kProductionWeight * t.production + kDiversityWeight * t.diversity +
           kHarborWeight * t.harbors + kReachWeight * t.reach + kRoadWeight * t.road + kArmyWeight * t.army +
           kDevelopmentWeight * t.development + kHandWeight * t.hand + kProgressWeight * t.progress;
}

}  // namespace

double value(const State& s, int seat, int viewer, int players) { return weighted(terms(s, seat, viewer, players)); }

double quick_value(const State& s, int seat, int viewer, int players) {
    return weighted(terms(s, seat, viewer, players, false));
}

}  // namespace meeple::catan_eval
