// The invariants of a catan state. A restored snapshot or a built position must keep
// every one, so forged bytes are refused; random-play tests call this after each step.
#include <bit>

#include "games/catan/catan.hpp"

namespace meeple::catan {
namespace {

constexpr std::uint64_t kNodeBits = (1ull << kNumNodes) - 1;

bool in_trade(int phase) { return phase == kTradeDraft || phase == kTradeAnswer || phase == kConfirmingTrade; }

std::string check_layout(const Catan::State& s) {
    int terrain[kNumResources + 1] = {}, numbers[13] = {}, harbors[kNumResources + 1] = {};
    for (int h = 0; h < kNumHexes; ++h) {
        if (s.terrain[h] > kDesert || s.number[h] > 12) return "a hex has an unknown terrain or number";
        if ((s.terrain[h] == kDesert) != (s.number[h] == 0)) return "a number token lies on the desert, or a hex lacks one";
        ++terrain[s.terrain[h]];
        ++numbers[s.number[h]];
    }
    constexpr int kTerrain[] = {3, 4, 4, 4, 3, 1};
    constexpr int kNumbers[] = {1, 0, 1, 2, 2, 2, 2, 0, 2, 2, 2, 2, 1};
    for (int t = 0; t <= kDesert; ++t) {
        if (terrain[t] != kTerrain[t]) return "the terrain tiles are not the base game's 19";
    }
    for (int n = 0; n <= 12; ++n) {
        if (numbers[n] != kNumbers[n]) return "the number tokens are not the base game's 18";
    }
    for (int h = 0; h < kNumHarbors; ++h) {
        if (s.harbor[h] > kGenericHarbor) return "a harbor has an unknown type";
        ++harbors[s.harbor[h]];
    }
    for (int r = 0; r < kNumResources; ++r) {
        if (harbors[r] != 1) return "each resource needs exactly one 2:1 harbor";
    }
    if (s.robber >= kNumHexes) return "the robber is off the board";
    return {};
}

}  // namespace

std::uint64_t Catan::nodes_touched_by_roads(const State& s, int seat) {
    std::uint64_t nodes = 0;
    const EdgeSet roads = roads_of(s, seat);
    for (int e = 0; e < kNumEdges; ++e) {
        if (roads.test(e)) nodes |= (1ull << kTopology.nodes_of_edge[e][0]) | (1ull << kTopology.nodes_of_edge[e][1]);
    }
    return nodes;
}

std::uint64_t Catan::nodes_closed_by_distance(const State& s) {
    const std::uint64_t occupied = occupied_nodes(s);
    std::uint64_t closed = occupied;
    for (int n = 0; n < kNumNodes; ++n) {
        if ((occupied >> n) & 1) closed |= kTopology.neighbor_mask_of_node[n];
    }
    return closed;
}

std::string Catan::check(const State& s) const {
    if (std::string bad = check_layout(s); !bad.empty()) return bad;
    if (s.phase >= kNumPhases) return "unknown phase";
    if (s.reserved[0] | s.reserved[1] | s.reserved[2]) return "reserved bytes are not zero";
    if (s.current >= players_) return "the turn seat is not at the table";
    if (!explicit_chance_ && (s.phase == kAwaitingDice || s.phase == kAwaitingDevCard || s.phase == kAwaitingSteal))
        return "a chance outcome is pending, but chance is implicit";
    // Seats beyond the table hold nothing.
    for (int p = players_; p < kMaxSeats; ++p) {
        if (s.settlements[p] | s.cities[p] | s.roads[p][0] | s.roads[p][1] | s.knights[p] | s.road_length[p] | s.discard_owed[p])
            return "an empty seat holds pieces";
        for (int r = 0; r < kNumResources; ++r) {
            if (s.hand[p][r] | s.dev[p][r] | s.dev_new[p][r]) return "an empty seat holds cards";
        }
    }
    // Cards are conserved: 19 of each resource, 25 development cards.
    for (int r = 0; r < kNumResources; ++r) {
        int sum = s.bank[r];
        for (int p = 0; p < players_; ++p) sum += s.hand[p][r];
        if (sum != kSupply[r]) return std::string("bank and hands do not hold 19 ") + resource_name(r);
    }
    int knights = 0;
    for (int p = 0; p < players_; ++p) knights += s.knights[p];
    if (knights != s.played[kKnight]) return "knights played by seats do not add up to the knights played";
    for (int k = 0; k < kNumDevKinds; ++k) {
        int sum = s.deck[k] + s.played[k];
        for (int p = 0; p < players_; ++p) sum += s.dev[p][k] + s.dev_new[p][k];
        if (sum != kDeckCounts[k]) return std::string("the ") + dev_card_name(k) + " cards are not conserved";
        for (int p = 0; p < players_; ++p) {
            if (s.dev_new[p][k] && (p != s.current || s.phase < kBeforeRoll)) return "a card bought in another turn is still new";
        }
    }
    if (s.played[kVictoryPoint]) return "a victory point card was played";
    // Pieces: within the supply, on the board, one owner a node or edge, distance rule.
    std::uint64_t nodes = 0;
    EdgeSet edges;
    for (int p = 0; p < players_; ++p) {
        const std::uint64_t own = s.settlements[p] | s.cities[p];
        if ((own & ~kNodeBits) || (s.roads[p][1] >> 8)) return "a piece lies off the board";
        if (s.settlements[p] & s.cities[p]) return "a node holds a settlement and a city";
        if (own & nodes) return "a node holds two seats' buildings";
        const EdgeSet roads = roads_of(s, p);
        if (!(roads & edges).empty()) return "an edge holds two seats' roads";
        nodes |= own;
        edges = edges | roads;
        if (count_bits(s.settlements[p]) > kMaxSettlements || count_bits(s.cities[p]) > kMaxCities ||
            count_bits(s.roads[p][0]) + count_bits(s.roads[p][1]) > kMaxRoads)
            return "a seat uses more pieces than it has";
        // Every road joins the seat's buildings through its own roads (cuts made later
        // do not remove roads).
        std::uint64_t reached = own;
        EdgeSet joined;
        for (bool grew = true; grew;) {
            grew = false;
            for (int e = 0; e < kNumEdges; ++e) {
                const auto& ends = kTopology.nodes_of_edge[e];
                if (!roads.test(e) || joined.test(e) || !(((reached >> ends[0]) | (reached >> ends[1])) & 1)) continue;
                joined.set(e);
                reached |= (1ull << ends[0]) | (1ull << ends[1]);
                grew = true;
            }
        }
        if (joined.lo != roads.lo || joined.hi != roads.hi) return "a road is not joined to its seat's buildings";
    }
    for (int p = 0; p < kMaxSeats; ++p) {
        if (s.road_nodes[p] != nodes_touched_by_roads(s, p)) return "a seat's cached road nodes are wrong";
    }
    if (s.distance_blocked != nodes_closed_by_distance(s)) return "the cached distance-rule nodes are wrong";
    for (std::uint64_t b = nodes; b; b &= b - 1) {
        if (kTopology.neighbor_mask_of_node[std::countr_zero(b)] & nodes) return "two buildings break the distance rule";
    }
    // Awards, by recomputation.
    int best_road = 0, at_best_road = 0, best_army = 0;
    for (int p = 0; p < players_; ++p) {
        if (s.road_length[p] != longest_road(s, p)) return "a cached road length is wrong";
        if (s.road_length[p] > best_road) best_road = s.road_length[p], at_best_road = 1;
        else if (s.road_length[p] == best_road) ++at_best_road;
        if (s.knights[p] > best_army) best_army = s.knights[p];
    }
    if (s.road_holder == kNone ? (best_road >= 5 && at_best_road == 1)
                               : (s.road_holder >= players_ || s.road_length[s.road_holder] < 5 ||
                                  s.road_length[s.road_holder] != best_road))
        return "the longest road card is with the wrong seat";
    if (s.army_holder == kNone ? best_army >= 3
                               : (s.army_holder >= players_ || s.knights[s.army_holder] < 3 ||
                                  s.knights[s.army_holder] != best_army))
        return "the largest army card is with the wrong seat";
    // Setup.
    const int setup_steps = 2 * players_;
    const bool setup = s.phase == kSetupSettlement || s.phase == kSetupRoad;
    if (s.setup_step > setup_steps || setup != (s.setup_step < setup_steps)) return "setup step and phase disagree";
    if (setup) {
        const int step = s.setup_step, seat = step < players_ ? step : setup_steps - 1 - step;
        if (s.current != seat) return "the setup seat is out of snake order";
        int placed = 0;
        for (int p = 0; p < players_; ++p) placed += count_bits(s.settlements[p]);
        if (placed != step + (s.phase == kSetupRoad)) return "setup settlements do not match the setup step";
        if ((s.phase == kSetupRoad) != (s.last_settlement != kNone)) return "the setup road's settlement is not recorded";
        if (s.last_settlement != kNone && s.last_settlement >= kNumNodes) return "the setup road's settlement is off the board";
        if (s.last_settlement != kNone && !((s.settlements[seat] >> s.last_settlement) & 1))
            return "the setup road's settlement is not the seat's";
    } else if (s.last_settlement != kNone) {
        return "a setup settlement is recorded after setup";
    }
    // The turn.
    if ((s.rolled | s.dev_played | s.truncated) > 1) return "a flag is neither 0 nor 1";
    if (s.dice > 12 || s.dice == 1) return "the dice show an impossible sum";
    if (s.trade_budget > trade_budget_) return "more compose steps left than the budget";
    if ((s.phase == kPlacingFreeRoads) != (s.free_roads > 0) || s.free_roads > 2) return "free roads outside road building";
    const bool after_roll = s.phase == kMain || s.phase == kDiscarding || in_trade(s.phase) || s.phase == kAwaitingDevCard;
    if (s.phase == kPlacingFreeRoads && !s.dev_played) return "free roads without a road building card played";
    if (after_roll && !s.rolled) return "a phase after the roll before any roll";
    if ((s.phase == kBeforeRoll || setup) && s.rolled) return "rolled before the turn began";
    for (int p = 0; p < players_; ++p) {
        if (s.discard_owed[p] && (s.phase != kDiscarding || s.discard_owed[p] > hand_size(s, p)))
            return "a discard is owed outside the discard phase, or exceeds the hand";
    }
    if (s.phase == kDiscarding && !(actors(s) & 0xF)) return "the discard phase with nothing owed";
    if ((s.phase == kAwaitingSteal) != (s.steal_victim != kNone)) return "a steal victim outside a pending steal";
    if (s.phase == kAwaitingSteal && (s.steal_victim >= players_ || s.steal_victim == s.current || hand_size(s, s.steal_victim) == 0))
        return "the steal victim cannot be robbed";
    // Trade.
    for (int r = 0; r < kNumResources; ++r) {
        if (!in_trade(s.phase) && (s.trade_give[r] | s.trade_want[r])) return "an offer outside a trade";
        if (s.trade_give[r] && s.trade_want[r]) return "an offer gives and wants the same resource";
        if (s.trade_want[r] > kMaxWanted) return "an offer wants more of a resource than there is";
        if (s.trade_give[r] > s.hand[s.current][r]) return "an offer gives cards its author does not hold";
    }
    if ((s.phase == kTradeAnswer) != (s.trade_responder != kNone)) return "a responder outside the answering phase";
    if (s.phase == kTradeAnswer && (s.trade_responder >= players_ || s.trade_responder == s.current))
        return "the responder is not another seat";
    if (s.trade_accepts && s.phase != kTradeAnswer && s.phase != kConfirmingTrade) return "accepts outside an open offer";
    if (s.trade_accepts >> players_ || ((s.trade_accepts >> s.current) & 1)) return "the author or an empty seat accepted";
    for (int p = 0; p < players_; ++p) {
        if (((s.trade_accepts >> p) & 1) && !can_pay(s.hand[p], s.trade_want)) return "an accepting seat cannot pay";
    }
    if (s.phase == kConfirmingTrade && !s.trade_accepts) return "confirming an offer nobody accepted";
    // The end.
    // The counter is compared in its own width: cast to int, a forged 2^31 or more
    // would read as negative and pass for a turn under the cap.
    const auto cap = static_cast<std::uint32_t>(max_turns_);
    if (s.truncated && (s.phase != kGameOver || s.turn < cap)) return "truncated before the turn cap";
    if (!s.truncated && s.turn >= cap) return "the turn cap passed without truncation";
    if ((s.winner != kNone) != (s.phase == kGameOver && !s.truncated)) return "a winner without a finished game, or the reverse";
    if (s.winner != kNone && (s.winner != s.current || victory_points(s, s.winner, true) < vp_to_win_))
        return "the winner did not reach the target on its own turn";
    // A seat that holds the target at the end of its own action wins then, so in a live
    // game the turn seat holds it only where it has not acted since it could: at the
    // start of its turn (points can come in others' turns, as a longest road that
    // changes hands), or, with explicit chance, after the chance outcome that drew it a
    // victory point card, through trade steps (which cannot change points and so end
    // no game) until its next other action.
    if (s.phase != kGameOver && !setup && victory_points(s, s.current, true) >= vp_to_win_) {
        const bool turn_start = s.phase == kBeforeRoll && !s.dev_played;
        const bool drawn_point = explicit_chance_ && (s.phase == kMain || in_trade(s.phase)) &&
                                 s.dev_new[s.current][kVictoryPoint] > 0;
        if (!turn_start && !drawn_point) return "the turn seat holds the winning points after acting in its turn, so it would have won";
    }
    // A live game always has a legal action (a forged phase could leave none).
    if (s.phase != kGameOver) {
        const Actors acting = actors(s);
        if (acting & kChanceBit) {
            ChanceOutcome outcomes[16];
            if (chance_outcomes(s, outcomes) == 0) return "a chance outcome is pending with no outcome possible";
        } else if (acting == 0) {
            return "a live game with nobody to act";
        } else {
            std::uint64_t words[(kNumActions + 63) / 64];
            legal_mask(s, std::countr_zero(acting), words);
            std::uint64_t any = 0;
            for (std::uint64_t w : words) any |= w;
            if (!any) return "the acting seat has no legal action";
        }
    }
    return {};
}

}  // namespace meeple::catan
