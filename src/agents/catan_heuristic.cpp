// Catan heuristic: a builder that plays by production. It reads only what its seat may
// know (its own hand and development cards, the board, public counts).
//
// - Sites are valued by expected production: the pips of each adjacent hex (the number
//   of two-dice rolls that hit it: 5 for a 6 or an 8, 1 for a 2 or a 12), more for a
//   resource the seat does not produce yet (diversity), plus a harbor the seat could use.
// - Setup: the best site; the road toward the best open site two steps away.
// - Turn: a knight before the roll when the robber sits on its own production or largest
//   army is within one knight; then, in the main phase, in order: a development card that
//   completes a build or takes largest army, a city on the best settlement, a settlement
//   on the best site, a bank or harbor trade of spare cards toward the build it aims at
//   (at its best rate: a 2:1 harbor before 3:1 before 4:1), a road
//   toward the best open site when none is reachable yet, a development card when that
//   does not set back the build it aims at, with more than seven cards a development card
//   or else a road (a 7 would cost half the hand), the end of the turn. The build it aims at is
//   the one of most value over one more than the cards it lacks (city 3.2, settlement 3,
//   development card 1.5, road 1.5).
// - Robber: on the hex that costs the leading opponents the most production (never its
//   own), robbing the seat with the most public points.
// - Discards: the cards furthest beyond what its next build needs.
// - Domestic trade: once a turn, when its build lacks one card and no bank or harbor
//   trade gets it, it offers one spare card for it and trades with the accepting seat
//   with the fewest points. It accepts an offer only when it gets at least as many cards
//   as it gives, gives only cards its next build does not need, gets one it needs, and
//   the author is not close to winning.
#include <algorithm>
#include <cstring>

#include "agents/catan_evaluation.hpp"
#include "agents/heuristics.hpp"
#include "games/catan/catan.hpp"

namespace meeple {
namespace {

using namespace catan;
using State = Catan::State;

constexpr int kPips[13] = {0, 0, 1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1};
using Cost = std::uint8_t[kNumResources];
constexpr Cost kRoad = {1, 1, 0, 0, 0};
constexpr Cost kSettlement = {1, 1, 1, 1, 0};
constexpr Cost kCity = {0, 0, 0, 2, 3};
constexpr Cost kDev = {0, 0, 1, 1, 1};
constexpr Cost kNothing = {0, 0, 0, 0, 0};

enum Target { kAimCity, kAimSettlement, kAimRoad, kAimDev, kAimNone };

// A length of Longest Road gained or taken from an opponent, against a pip of the
// production a road leads to (reach_value).
constexpr double kRaceWeight = 2.0;

class CatanHeuristic final : public Agent {
public:
    CatanHeuristic(std::shared_ptr<const AnyGame> game, std::uint64_t seed)
        : Agent(std::move(game), "heuristic"), rules_(dynamic_cast<const GameModel<Catan>&>(*game_).rules()) {
        reset(seed);
    }
    void reset(std::uint64_t seed) override {
        rng_ = Rng::from_seed(seed);
        trade_turn_ = ~0u;
        trades_ = 0, offers_ = 0;
        offer_give_ = offer_want_ = -1;
    }
    int act(const void* rec, int player) override {
        const State& s = static_cast<const Record<State>*>(rec)->state;
        const LegalSet legal(*game_, rec, player);
        const int chosen = choose(s, player, legal);
        if (legal.has(chosen)) return chosen;
        // Every branch above proposes legal actions only; this keeps a mistake harmless.
        for (const int a : {kEndTurn, kRoll, kTradeDecline, kTradeCancel}) {
            if (legal.has(a)) return a;
        }
        return legal.nth(0);
    }

private:
    int choose(const State& s, int me, const LegalSet& legal) {
        production(s, me, prod_);
        for (int r = 0; r < kNumResources; ++r) scarcity_[r] = catan_eval::scarcity(s, r);
        switch (s.phase) {
            case kSetupSettlement: return best_site_action(s, me, legal);
            case kSetupRoad:
            case kPlacingFreeRoads: return best_road(s, me, legal, true);
            case kBeforeRoll:
                if (legal.has(kPlayKnight) && knight_pays(s, me)) return kPlayKnight;
                return kRoll;
            case kDiscarding: return discard(s, me);
            case kMovingRobber: return robber(s, me, legal);
            case kChooseVictim: return victim(s, me, legal);
            case kMain: return main_phase(s, me, legal);
            case kTradeAnswer: return answer_offer(s, me) ? kTradeAccept : kTradeDecline;
            case kTradeDraft: return draft(s, legal);
            case kConfirmingTrade: return confirm(s, legal);
            default: return kEndTurn;
        }
    }

    // Production in pips a resource, from buildings (cities twice), the robber's hex halved.
    static void production(const State& s, int seat, double* out) {
        for (int r = 0; r < kNumResources; ++r) out[r] = 0;
        for (int h = 0; h < kNumHexes; ++h) {
            if (s.terrain[h] == kDesert) continue;
            const std::uint64_t nodes = kTopology.node_mask_of_hex[h];
            const int n = count_bits(nodes & s.settlements[seat]) + 2 * count_bits(nodes & s.cities[seat]);
            out[s.terrain[h]] += n * kPips[s.number[h]] * (h == s.robber ? 0.5 : 1.0);
        }
    }

    // The value of a settlement on `node` for `seat` with production prod_.
    double site_value(const State& s, int node) const {
        double v = 0;
        double adds[kNumResources] = {};
        for (const std::uint8_t h : kTopology.hexes_of_node[node]) {
            if (h == kNone || s.terrain[h] == kDesert) continue;
            const double pips = kPips[s.number[h]] * (h == s.robber ? 0.5 : 1.0);
            adds[s.terrain[h]] += pips;
        }
        static constexpr double kWeight[kNumResources] = {1.0, 1.0, 0.85, 1.0, 1.0};
        for (int r = 0; r < kNumResources; ++r) {
            v += adds[r] * kWeight[r] * scarcity_[r];
            if (adds[r] > 0 && prod_[r] == 0) v += 2.5;  // a resource not produced yet
        }
        const std::uint8_t hb = kTopology.harbor_of_node[node];
        if (hb != kNone) {
            const int kind = s.harbor[hb];
            v += kind == kGenericHarbor ? 1.0 : 0.25 * (prod_[kind] + adds[kind]);
        }
        return v;
    }

    int best_site_action(const State& s, int, const LegalSet& legal) const {
        int best = -1;
        double best_v = -1;
        for (int n = 0; n < kNumNodes; ++n) {
            if (!legal.has(kBuildSettlement + n)) continue;
            const double v = site_value(s, n);
            if (v > best_v) best_v = v, best = kBuildSettlement + n;
        }
        return best;
    }

    static bool open_site(const State& s, int node) {
        return !((Catan::occupied_nodes(s) >> node) & 1) && Catan::satisfies_distance_rule(s, node);
    }

    // The best open site within `depth` free road steps of `from` (itself included),
    // discounted by distance; 0 when none.
    double reach_value(const State& s, int me, int from, int depth) const {
        const EdgeSet taken = Catan::all_roads(s);
        const std::uint64_t occupied = Catan::occupied_nodes(s);
        const std::uint64_t mine = s.settlements[me] | s.cities[me];
        double best = 0;
        std::uint64_t frontier = 1ull << from, seen = frontier;
        for (int d = 0; d <= depth && frontier; ++d) {
            std::uint64_t next = 0;
            for (std::uint64_t f = frontier; f; f &= f - 1) {
                const int node = __builtin_ctzll(f);
                if (open_site(s, node)) best = std::max(best, site_value(s, node) / (1.0 + 0.6 * d));
                if (((occupied & ~mine) >> node) & 1) continue;  // an opponent's building blocks the way
                for (int k = 0; k < 3; ++k) {
                    const std::uint8_t e = kTopology.edges_of_node[node][k];
                    if (e == kNone || taken.test(e)) continue;
                    const int other = kTopology.neighbors_of_node[node][k];
                    if (!((seen >> other) & 1)) next |= 1ull << other, seen |= 1ull << other;
                }
            }
            frontier = next;
        }
        return best;
    }

    // The road whose far end leads to the best open site. `any`: some road even when
    // none leads anywhere (setup and free roads must be placed).
    int best_road(const State& s, int me, const LegalSet& legal, bool any) const {
        const std::uint64_t reached = s.road_nodes[me] | s.settlements[me] | s.cities[me];
        int best = -1;
        double best_v = -1;
        for (int e = 0; e < kNumEdges; ++e) {
            if (!legal.has(kBuildRoad + e)) continue;
            const auto& ends = kTopology.nodes_of_edge[e];
            int far = ((reached >> ends[0]) & 1) ? ends[1] : ends[0];
            if (s.phase == kSetupRoad) far = ends[0] == s.last_settlement ? ends[1] : ends[0];
            double v = reach_value(s, me, far, s.phase == kSetupRoad ? 2 : 4);
            if (s.phase != kSetupRoad) v += kRaceWeight * catan_eval::road_race_value(s, me, rules_.num_players(), e);
            if (v > best_v) best_v = v, best = kBuildRoad + e;
        }
        if (!any && best_v <= 0) return -1;
        return best;
    }

    // A road for the Longest Road race: when this seat is within two roads of the award,
    // or a road takes the fifth road (the 2-point swing) from an opponent one road short.
    int race_road(const State& s, int me, const LegalSet& legal) const {
        bool any = false;
        for (int e = 0; e < kNumEdges && !any; ++e) any = legal.has(kBuildRoad + e);
        if (!any) return -1;  // no road to build: skip the look-ahead below
        const int players = rules_.num_players();
        const bool racing = catan_eval::roads_to_longest(s, me, players, 2) <= 2 && s.road_holder != me;
        int best = -1;
        double best_v = 0;
        for (int e = 0; e < kNumEdges; ++e) {
            if (!legal.has(kBuildRoad + e)) continue;
            const double race = catan_eval::road_race_value(s, me, players, e);
            const double own = catan_eval::road_length_with(s, me, e) - s.road_length[me];
            const bool blocks = race - std::max(0.0, own) >= 2.0;
            if (!blocks && !(racing && own > 0)) continue;
            if (race > best_v) best_v = race, best = kBuildRoad + e;
        }
        return best;
    }

    // Over seven cards at the end of its turn, a roll of 7 costs half the hand: a
    // development card, else a road, spends cards before that.
    int below_seven(const State& s, int me, const LegalSet& legal) const {
        if (Catan::hand_size(s, me) <= 7) return -1;
        if (legal.has(kBuyDev)) return kBuyDev;
        return best_road(s, me, legal, true);
    }

    bool any_site_now(const State& s, int me) const {
        if (count_bits(s.settlements[me]) >= kMaxSettlements) return false;
        for (int n = 0; n < kNumNodes; ++n) {
            if (Catan::can_build_settlement_at(s, me, n) && !((Catan::occupied_nodes(s) >> n) & 1)) return true;
        }
        return false;
    }

    static int missing(const std::uint8_t* hand, const std::uint8_t* cost) {
        int m = 0;
        for (int r = 0; r < kNumResources; ++r) m += std::max(0, cost[r] - hand[r]);
        return m;
    }

    Target target(const State& s, int me) const {
        const std::uint8_t* hand = s.hand[me];
        const bool city = s.settlements[me] != 0 && count_bits(s.cities[me]) < kMaxCities;
        const bool settle = any_site_now(s, me);
        const int roads = count_bits(s.roads[me][0]) + count_bits(s.roads[me][1]);
        const bool road = !settle && roads < kMaxRoads && count_bits(s.settlements[me]) < kMaxSettlements;
        int deck = 0;
        for (int k = 0; k < kNumDevKinds; ++k) deck += s.deck[k];
        Target best = kAimNone;
        double best_v = 0;
        auto consider = [&](Target t, bool possible, double value, const Cost& cost) {
            if (!possible) return;
            const double v = value / (1.0 + missing(hand, cost));
            if (v > best_v) best_v = v, best = t;
        };
        consider(kAimCity, city, 3.2, kCity);
        consider(kAimSettlement, settle, 3.0, kSettlement);
        consider(kAimRoad, road, 1.5, kRoad);
        // A development card weighs half a city: knights, Largest Army and VP
        // cards that few other seats compete for (1.0 lost to three of the same at 1.5
        // and 2.0; above 2.0 it drowns the cities; docs/catan-strength.md).
        consider(kAimDev, deck > 0, 1.5, kDev);
        return best;
    }

    static const Cost& cost_of(Target t) {
        switch (t) {
            case kAimCity: return kCity;
            case kAimSettlement: return kSettlement;
            case kAimRoad: return kRoad;
            case kAimDev: return kDev;
            default: return kNothing;
        }
    }

    // The robber stands on a hex where this seat builds.
    static bool robbed(const State& s, int me) {
        return s.terrain[s.robber] != kDesert &&
               (kTopology.node_mask_of_hex[s.robber] & (s.settlements[me] | s.cities[me])) != 0;
    }

    bool army_in_reach(const State& s, int me) const {
        int most = 0;
        for (int p = 0; p < rules_.num_players(); ++p) {
            if (p != me) most = std::max<int>(most, s.knights[p]);
        }
        return s.army_holder != me && s.knights[me] + 1 >= 3 && s.knights[me] + 1 > most;
    }

    bool knight_pays(const State& s, int me) const { return robbed(s, me) || army_in_reach(s, me); }

    int discard(const State& s, int me) const {
        const std::uint8_t* hand = s.hand[me];
        const Cost& need = cost_of(target(s, me));
        int best = -1, best_excess = -100;
        for (int r = 0; r < kNumResources; ++r) {
            if (!hand[r]) continue;
            const int excess = 2 * (hand[r] - need[r]) + hand[r];
            if (excess > best_excess) best_excess = excess, best = r;
        }
        return kDiscard + best;
    }

    int robber(const State& s, int me, const LegalSet& legal) const {
        int best = -1;
        double best_v = -1e9;
        // Standing as this seat sees it (catan_evaluation, in points): the leader and
        // whoever is closest to winning next, not just the most public points.
        double standing[kMaxSeats] = {};
        for (int p = 0; p < rules_.num_players(); ++p) {
            if (p != me) standing[p] = catan_eval::value(s, p, me, rules_.num_players()) / 10.0;
        }
        for (int h = 0; h < kNumHexes; ++h) {
            if (!legal.has(kMoveRobber + h)) continue;
            const std::uint64_t nodes = kTopology.node_mask_of_hex[h];
            const int pips = s.terrain[h] == kDesert ? 0 : kPips[s.number[h]];
            double v = 0;
            for (int p = 0; p < rules_.num_players(); ++p) {
                const int n = count_bits(nodes & s.settlements[p]) + 2 * count_bits(nodes & s.cities[p]);
                if (!n) continue;
                if (p == me) {
                    v -= 100.0 * n;
                    continue;
                }
                v += n * pips * (1.0 + standing[p] * standing[p] / 4.0) + (Catan::hand_size(s, p) > 0 ? 0.5 : 0);
            }
            if (v > best_v) best_v = v, best = kMoveRobber + h;
        }
        return best;
    }

    int victim(const State& s, int, const LegalSet& legal) const {
        int best = -1, best_key = -1;
        for (int p = 0; p < kMaxSeats; ++p) {
            if (!legal.has(kSteal + p)) continue;
            const int key = Catan::victory_points(s, p, false) * 100 + Catan::hand_size(s, p);
            if (key > best_key) best_key = key, best = kSteal + p;
        }
        return best;
    }

    bool answer_offer(const State& s, int me) const {
        const std::uint8_t* hand = s.hand[me];
        const Cost& need = cost_of(target(s, me));
        int gets = 0, gives = 0;
        bool useful = false;
        for (int r = 0; r < kNumResources; ++r) {
            gets += s.trade_give[r];
            gives += s.trade_want[r];
            if (s.trade_want[r] && hand[r] - s.trade_want[r] < need[r]) return false;  // it needs them
            if (s.trade_give[r] && hand[r] < need[r]) useful = true;
        }
        const int author_vp = Catan::victory_points(s, s.current, false);
        return useful && gets >= gives && author_vp < rules_.vp_to_win() - 2;
    }

    // A bank or harbor trade of spare cards (beyond what its build needs) for the card
    // its build lacks most, at the best rate it has: the resource of a 2:1 harbor before
    // a 3:1, before the bank's 4:1, the most spare first among equal rates. (Before, the
    // most spare beyond the rate went first: five bricks at 4:1 before two wool at 2:1.)
    int completing_trade(const State& s, int me, const LegalSet& legal, const Cost& cost) const {
        const std::uint8_t* hand = s.hand[me];
        if (missing(hand, cost) < 1) return -1;
        int want = -1;
        for (int r = 0; r < kNumResources; ++r) {
            if (cost[r] > hand[r] && (want < 0 || cost[r] - hand[r] > cost[want] - hand[want])) want = r;
        }
        int rates[kNumResources];
        Catan::maritime_rates(s, me, rates);
        int best = -1, best_rate = 1 << 20, best_spare = 0;
        for (int r = 0; r < kNumResources; ++r) {
            const int spare = hand[r] - cost[r];
            if (r == want || spare < rates[r]) continue;
            const int a = maritime_action(r, want);
            if (!legal.has(a)) continue;
            if (rates[r] < best_rate || (rates[r] == best_rate && spare > best_spare)) {
                best_rate = rates[r], best_spare = spare, best = a;
            }
        }
        return best;
    }

    int main_phase(const State& s, int me, const LegalSet& legal) {
        if (s.turn != trade_turn_) trade_turn_ = s.turn, trades_ = 0, offers_ = 0;
        const Target aim = target(s, me);
        const std::uint8_t* hand = s.hand[me];

        if (legal.has(kPlayKnight) && knight_pays(s, me)) return kPlayKnight;
        if (const int a = year_of_plenty(s, me, legal, aim); a >= 0) return a;
        if (legal.has(kPlayRoadBuilding) && !any_site_now(s, me) && best_road(s, me, legal_roads_free(s, me), false) >= 0) {
            return kPlayRoadBuilding;
        }
        if (const int a = best_city(s, legal); a >= 0) return a;
        if (const int a = best_site_action(s, me, legal); a >= 0) return a;
        if (trades_ < 4) {
            if (const int a = completing_trade(s, me, legal, cost_of(aim)); a >= 0) return ++trades_, a;
        }
        if (!any_site_now(s, me)) {
            if (const int a = best_road(s, me, legal, false); a >= 0) return a;
        }
        if (const int a = race_road(s, me, legal); a >= 0) return a;
        if (legal.has(kBuyDev)) {
            std::uint8_t after[kNumResources];
            for (int r = 0; r < kNumResources; ++r) after[r] = static_cast<std::uint8_t>(hand[r] - kDev[r]);
            if (aim == kAimDev || aim == kAimNone || missing(after, cost_of(aim)) <= missing(hand, cost_of(aim))) {
                return kBuyDev;
            }
        }
        if (offers_ < 1) {
            if (const int a = start_offer(s, me, legal, cost_of(aim)); a >= 0) return ++offers_, a;
        }
        if (legal.has(kPlayMonopoly)) {
            // Monopoly of the card its build lacks most, when it lacks two or more.
            const Cost& cost = cost_of(aim);
            int best = -1, lack = 1;
            for (int r = 0; r < kNumResources; ++r) {
                if (cost[r] - hand[r] > lack) lack = cost[r] - hand[r], best = r;
            }
            if (best >= 0 && legal.has(kPlayMonopoly + best)) return kPlayMonopoly + best;
        }
        if (const int a = below_seven(s, me, legal); a >= 0) return a;
        return kEndTurn;
    }

    // An offer to the other seats of one spare card for the card its build lacks most
    // (once a turn): it starts the draft with the card it gives.
    int start_offer(const State& s, int me, const LegalSet& legal, const Cost& cost) {
        const std::uint8_t* hand = s.hand[me];
        if (missing(hand, cost) < 1) return -1;
        int want = -1, give = -1, spare = 0;
        for (int r = 0; r < kNumResources; ++r) {
            if (cost[r] > hand[r] && (want < 0 || cost[r] - hand[r] > cost[want] - hand[want])) want = r;
        }
        for (int r = 0; r < kNumResources; ++r) {
            if (r != want && hand[r] - cost[r] > spare) spare = hand[r] - cost[r], give = r;
        }
        if (give < 0 || !legal.has(kTradeGive + give) || !legal.has(kTradeWant + want)) return -1;
        offer_give_ = give, offer_want_ = want;
        return kTradeGive + give;
    }

    // The draft it started: the card it wants, then open the offer.
    int draft(const State& s, const LegalSet& legal) const {
        if (offer_give_ < 0 || s.trade_give[offer_give_] == 0) return kTradeCancel;
        if (s.trade_want[offer_want_] == 0 && legal.has(kTradeWant + offer_want_)) return kTradeWant + offer_want_;
        return legal.has(kTradeOpen) ? kTradeOpen : kTradeCancel;
    }

    // The accepting seat with the fewest public points, or cancel when nobody accepted.
    int confirm(const State& s, const LegalSet& legal) const {
        int best = -1, best_vp = 1 << 20;
        for (int p = 0; p < kMaxSeats; ++p) {
            if (!legal.has(kTradeConfirm + p)) continue;
            const int vp = Catan::victory_points(s, p, false);
            if (vp < best_vp) best_vp = vp, best = kTradeConfirm + p;
        }
        return best >= 0 ? best : kTradeCancel;
    }

    // The roads a road building card could place now: every edge a road of this seat
    // could continue (the card's roads are free, so the hand does not matter).
    LegalSet legal_roads_free(const State& s, int me) const {
        LegalSet out = LegalSet::none();
        const EdgeSet taken = Catan::all_roads(s);
        for (int e = 0; e < kNumEdges; ++e) {
            if (!taken.test(e) && Catan::road_connects(s, me, e)) out.add(kBuildRoad + e);
        }
        return out;
    }

    int year_of_plenty(const State& s, int me, const LegalSet& legal, Target aim) const {
        const std::uint8_t* hand = s.hand[me];
        const Cost& cost = cost_of(aim);
        const int m = missing(hand, cost);
        if (m < 1 || m > 2 || aim == kAimNone) return -1;
        int first = -1, second = -1;
        for (int r = 0; r < kNumResources; ++r) {
            for (int k = hand[r]; k < cost[r]; ++k) (first < 0 ? first : second) = r;
        }
        if (second < 0) second = aim == kAimCity ? kOre : kGrain;  // one spare pick: toward cities
        const int a = std::min(first, second), b = std::max(first, second);
        for (int i = 0; i < kYearOfPlentyPairs; ++i) {
            const ResourcePair p = year_of_plenty_pair(i);
            if (p.first == a && p.second == b && legal.has(kPlayYearOfPlenty + i)) return kPlayYearOfPlenty + i;
        }
        return -1;
    }

    int best_city(const State& s, const LegalSet& legal) const {
        int best = -1, best_pips = -1;
        for (int n = 0; n < kNumNodes; ++n) {
            if (!legal.has(kBuildCity + n)) continue;
            int pips = 0;
            for (const std::uint8_t h : kTopology.hexes_of_node[n]) {
                if (h != kNone && s.terrain[h] != kDesert) pips += kPips[s.number[h]];
            }
            if (pips > best_pips) best_pips = pips, best = kBuildCity + n;
        }
        return best;
    }

    const Catan& rules_;
    Rng rng_;
    double prod_[kNumResources] = {};
    double scarcity_[kNumResources] = {1, 1, 1, 1, 1};  // this board's (catan_evaluation)
    std::uint32_t trade_turn_ = ~0u;
    int trades_ = 0, offers_ = 0;
    int offer_give_ = -1, offer_want_ = -1;
};

}  // namespace

std::unique_ptr<Agent> make_catan_heuristic(std::shared_ptr<const AnyGame> game, std::uint64_t seed) {
    return std::make_unique<CatanHeuristic>(std::move(game), seed);
}

}  // namespace meeple
