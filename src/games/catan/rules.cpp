// Legality and the effect of every action but domestic trade (trade.cpp): setup,
// dice and production, the robber, building, development cards, the end of a turn.
#include <bit>
#include <cstring>

#include "games/catan/catan.hpp"

namespace meeple::catan {
namespace {

using Cost = std::uint8_t[kNumResources];
// Brick, lumber, wool, grain, ore.
constexpr Cost kRoadCost = {1, 1, 0, 0, 0};
constexpr Cost kSettlementCost = {1, 1, 1, 1, 0};
constexpr Cost kCityCost = {0, 0, 0, 2, 3};
constexpr Cost kDevCardCost = {0, 0, 1, 1, 1};

void pay(Catan::State& s, int seat, const Cost& cost) {
    for (int r = 0; r < kNumResources; ++r) {
        s.hand[seat][r] = static_cast<std::uint8_t>(s.hand[seat][r] - cost[r]);
        s.bank[r] = static_cast<std::uint8_t>(s.bank[r] + cost[r]);
    }
}

std::uint64_t buildings_of(const Catan::State& s, int seat) { return s.settlements[seat] | s.cities[seat]; }

int roads_built(const Catan::State& s, int seat) {
    return count_bits(s.roads[seat][0]) + count_bits(s.roads[seat][1]);
}

void set_bit(std::uint64_t* words, int a) { words[a >> 6] |= 1ull << (a & 63); }

// Sets the actions first + i for each bit i of `bits` (which may straddle two words).
void set_bits_from(std::uint64_t* words, int first, std::uint64_t bits) {
    const int shift = first & 63;
    words[first >> 6] |= bits << shift;
    if (shift) words[(first >> 6) + 1] |= bits >> (64 - shift);
}

// Building actions straight from bitsets: roads are ids 0..71, settlements 72..125 and
// cities 126..179, so each set is a shift into the mask words.
static_assert(kBuildRoad == 0 && kBuildSettlement == 72 && kBuildCity == 126);
void set_road_bits(std::uint64_t* words, EdgeSet edges) {
    words[0] |= edges.lo;
    words[1] |= edges.hi;
}
void set_settlement_bits(std::uint64_t* words, std::uint64_t nodes) { words[1] |= nodes << 8; }
void set_city_bits(std::uint64_t* words, std::uint64_t nodes) {
    words[1] |= nodes << 62;
    words[2] |= nodes >> 2;
}

// Index `k` into a histogram of counts: the kind whose cumulative count passes k.
int pick_from_counts(const std::uint8_t* counts, int kinds, std::uint32_t k) {
    for (int i = 0; i < kinds; ++i) {
        if (k < counts[i]) return i;
        k -= counts[i];
    }
    return kinds - 1;
}

// Five byte counts (a hand, a cost) as the low five bytes of a word, each in a lane of
// its own whatever the byte order.
// Byte r goes to lane r: a 4-byte and a 1-byte load where the byte order allows.
std::uint64_t five_counts(const std::uint8_t* p) {
    if constexpr (std::endian::native == std::endian::little) {
        std::uint32_t lo;
        std::memcpy(&lo, p, 4);
        return lo | std::uint64_t(p[4]) << 32;
    } else {
        return std::uint64_t(p[0]) | std::uint64_t(p[1]) << 8 | std::uint64_t(p[2]) << 16 |
               std::uint64_t(p[3]) << 24 | std::uint64_t(p[4]) << 32;
    }
}

// The inverse of five_counts: lane r back to byte r.
void store_five_counts(std::uint8_t* p, std::uint64_t lanes) {
    if constexpr (std::endian::native == std::endian::little) {
        const auto lo = static_cast<std::uint32_t>(lanes);
        std::memcpy(p, &lo, 4);
        p[4] = static_cast<std::uint8_t>(lanes >> 32);
    } else {
        for (int r = 0; r < kNumResources; ++r) p[r] = static_cast<std::uint8_t>(lanes >> (8 * r));
    }
}

// Byte-lane tests on five_counts words (every count below 128): the top bit of each
// lane, gathered into bit r for lane r.
constexpr std::uint64_t kLaneTops = 0x8080808080ull, kLaneOnes = 0x0101010101ull;
std::uint64_t lanes_zero(std::uint64_t x) { return ~((x | kLaneTops) - kLaneOnes) & kLaneTops; }
std::uint64_t lanes_greater(std::uint64_t x, std::uint64_t y) { return ((x | kLaneTops) - y - kLaneOnes) & kLaneTops; }
std::uint64_t lanes_below(std::uint64_t x, std::uint8_t bound) { return ~((x | kLaneTops) - bound * kLaneOnes) & kLaneTops; }
// One multiply moves lane r's bit (at 8r) to bit 32 + r: no two partial products
// meet in bits 32..36 or carry into them (worked through for all 32 inputs; random
// play checks every mask against is_legal, tests/cpp/test_catan_play.cpp).
std::uint64_t lane_bits(std::uint64_t tops) { return ((tops >> 7) * 0x102040810ull) >> 32 & 31; }

// The rules of legal_trade for a draft, as bits from kTradeGive on: give and want per
// resource, then open and cancel. All five resources at once, a byte lane each: give r
// while the hand holds more than the offer gives and r is not wanted; want r while r
// is not given and fewer than kMaxWanted are wanted.
static_assert(kTradeWant == kTradeGive + 5 && kTradeOpen == kTradeGive + 10 && kTradeCancel == kTradeGive + 11);
inline std::uint64_t trade_draft_bits(const Catan::State& s, int seat) {
    const std::uint64_t hand = five_counts(s.hand[seat]), give = five_counts(s.trade_give),
                        want = five_counts(s.trade_want);
    std::uint64_t bits = lane_bits(lanes_greater(hand, give) & lanes_zero(want)) |
                         lane_bits(lanes_zero(give) & lanes_below(want, kMaxWanted)) << 5;
    if (!s.trade_budget) bits = 0;
    return bits | std::uint64_t(give != 0 && want != 0) << 10 | std::uint64_t(1) << 11;
}

// The hexes whose number is `sum`, as hex bits: the numbers compared eight byte lanes
// at a time where the byte order allows (every number is below 128).
std::uint32_t hexes_numbered(const std::uint8_t* number, int sum) {
    std::uint32_t hexes = 0;
    int h = 0;
    if constexpr (std::endian::native == std::endian::little) {
        constexpr std::uint64_t kTops8 = 0x8080808080808080ull, kOnes8 = 0x0101010101010101ull;
        for (; h + 8 <= kNumHexes; h += 8) {
            std::uint64_t lanes;
            std::memcpy(&lanes, number + h, 8);
            lanes ^= static_cast<std::uint64_t>(sum) * kOnes8;
            const std::uint64_t zero = ~((lanes | kTops8) - kOnes8) & kTops8;
            // Lane i's top bit (8i + 7) to bit 56 + i: the partial products never meet.
            hexes |= static_cast<std::uint32_t>(((zero >> 7) * 0x0102040810204080ull) >> 56) << h;
        }
    }
    for (; h < kNumHexes; ++h) hexes |= std::uint32_t(number[h] == sum) << h;
    return hexes;
}

int total(const std::uint8_t* counts, int kinds) {
    int t = 0;
    for (int i = 0; i < kinds; ++i) t += counts[i];
    return t;
}

// Pieces go down with the caches that legality reads kept up to date.
void place_settlement(Catan::State& s, int seat, int node) {
    s.settlements[seat] |= 1ull << node;
    s.distance_blocked |= (1ull << node) | kTopology.neighbor_mask_of_node[node];
}

void place_road(Catan::State& s, int seat, int edge) {
    s.roads[seat][edge >> 6] |= 1ull << (edge & 63);
    const auto& ends = kTopology.nodes_of_edge[edge];
    s.road_nodes[seat] |= (1ull << ends[0]) | (1ull << ends[1]);
}

// Empty edges a seat may build on: touching its buildings, or its roads at a node no
// opponent's building cuts.
EdgeSet road_sites(const Catan::State& s, int seat) {
    const std::uint64_t own = buildings_of(s, seat);
    const std::uint64_t opponents = Catan::occupied_nodes(s) & ~own;
    const std::uint64_t reach = own | (s.road_nodes[seat] & ~opponents);
    EdgeSet sites;
    for (std::uint64_t bits = reach; bits; bits &= bits - 1) sites = sites | kTopology.edge_mask_of_node[std::countr_zero(bits)];
    return sites & ~Catan::all_roads(s);
}

bool can_play_dev(const Catan::State& s, int seat, int kind) { return !s.dev_played && s.dev[seat][kind] > 0; }

}  // namespace

// ---- Facts -------------------------------------------------------------------------

std::uint64_t Catan::occupied_nodes(const State& s) {
    std::uint64_t nodes = 0;
    for (int p = 0; p < kMaxSeats; ++p) nodes |= s.settlements[p] | s.cities[p];
    return nodes;
}

EdgeSet Catan::all_roads(const State& s) {
    EdgeSet all;
    for (int p = 0; p < kMaxSeats; ++p) all = all | roads_of(s, p);
    return all;
}

int Catan::hand_size(const State& s, int seat) { return total(s.hand[seat], kNumResources); }

// All five counts at once: counts stay below 128, so setting each byte's top bit and
// subtracting borrows across no byte, and a top bit survives where hand >= cost.
// The five counts are read as a 4-byte and a 1-byte load: a 5-byte memcpy into a
// zeroed word compiles to byte stores and a wide reload, which stalls on store
// forwarding, and legality asks this for several costs a call.
bool Catan::can_pay(const std::uint8_t* hand, const std::uint8_t* cost) {
    constexpr std::uint64_t kTopBits = 0x8080808080ull;
    return (((five_counts(hand) | kTopBits) - five_counts(cost)) & kTopBits) == kTopBits;
}

// The distance rule: the node and its neighbours are free of buildings.
bool Catan::satisfies_distance_rule(const State& s, int node) { return !((s.distance_blocked >> node) & 1); }

bool Catan::road_connects(const State& s, int seat, int edge) {
    const std::uint64_t own = buildings_of(s, seat);
    const std::uint64_t opponents = occupied_nodes(s) & ~own;
    const EdgeSet roads = roads_of(s, seat);
    for (std::uint8_t node : kTopology.nodes_of_edge[edge]) {
        if ((own >> node) & 1) return true;
        if (!((opponents >> node) & 1) && !(kTopology.edge_mask_of_node[node] & roads).empty()) return true;
    }
    return false;
}

// After setup: the distance rule, and one of the seat's roads touches the node.
bool Catan::can_build_settlement_at(const State& s, int seat, int node) {
    return ((s.road_nodes[seat] & ~s.distance_blocked) >> node) & 1;
}

int Catan::victory_points(const State& s, int seat, bool with_hidden) {
    int vp = count_bits(s.settlements[seat]) + 2 * count_bits(s.cities[seat]);
    vp += 2 * (s.road_holder == seat) + 2 * (s.army_holder == seat);
    if (with_hidden) vp += s.dev[seat][kVictoryPoint] + s.dev_new[seat][kVictoryPoint];
    return vp;
}

// Opponents of the turn seat with a building on `hex` and at least one card, as bits;
// the friendly robber spares those with few public points.
unsigned Catan::robbable_seats(const State& s, int hex) const {
    unsigned seats = 0;
    for (int p = 0; p < players_; ++p) {
        if (p != s.current && (buildings_of(s, p) & kTopology.node_mask_of_hex[hex]) && hand_size(s, p) > 0 &&
            (!friendly_robber_ || victory_points(s, p, false) > kFriendlyRobberShield))
            seats |= 1u << p;
    }
    return seats;
}

// The friendly robber: a hex touching a building of another seat with 2 or fewer public
// points is closed to the robber. Should that close every hex but the robber's own, the
// robber may go anywhere else (it must move), and still robs none of those seats.
std::uint32_t Catan::hexes_closed_to_robber(const State& s) const {
    if (!friendly_robber_) return 0;
    std::uint64_t shielded = 0;
    for (int p = 0; p < players_; ++p) {
        if (p != s.current && victory_points(s, p, false) <= kFriendlyRobberShield) shielded |= buildings_of(s, p);
    }
    std::uint32_t closed = 0;
    for (int h = 0; h < kNumHexes; ++h) {
        if (kTopology.node_mask_of_hex[h] & shielded) closed |= 1u << h;
    }
    const std::uint32_t elsewhere = ((1u << kNumHexes) - 1) & ~(1u << s.robber);
    return (closed & elsewhere) == elsewhere ? 0 : closed;
}

// ---- Who acts ------------------------------------------------------------------------

// (Catan::actors is in catan.hpp, inline: the batch loops ask it twice a step.)

// ---- Legality --------------------------------------------------------------------------

bool Catan::can_place_free_road(const State& s, int seat) const {
    return roads_built(s, seat) < kMaxRoads && !road_sites(s, seat).empty();
}

// Playing a development card (ids kPlayKnight .. kRoll - 1): one a turn, held since
// before this turn, at any point of the turn, before the roll as well as after it.
bool Catan::legal_dev_play(const State& s, int seat, int a) const {
    if (a == kPlayKnight) return can_play_dev(s, seat, kKnight);
    if (a == kPlayRoadBuilding) return can_play_dev(s, seat, kRoadBuilding) && can_place_free_road(s, seat);
    if (a < kPlayMonopoly) {
        const ResourcePair pair = year_of_plenty_pair(a - kPlayYearOfPlenty);
        const bool in_bank = pair.first == pair.second ? s.bank[pair.first] >= 2
                                                        : s.bank[pair.first] >= 1 && s.bank[pair.second] >= 1;
        return can_play_dev(s, seat, kYearOfPlenty) && in_bank;
    }
    return a < kRoll && can_play_dev(s, seat, kMonopoly);
}

void Catan::set_dev_play_bits(const State& s, int seat, std::uint64_t* words) const {
    if (s.dev_played) return;
    const std::uint8_t* dev = s.dev[seat];
    if (dev[kKnight]) set_bit(words, kPlayKnight);
    if (dev[kRoadBuilding] && can_place_free_road(s, seat)) set_bit(words, kPlayRoadBuilding);
    if (dev[kYearOfPlenty]) {
        for (int i = 0; i < kYearOfPlentyPairs; ++i) {
            const ResourcePair p = year_of_plenty_pair(i);
            if (s.bank[p.first] >= 1 + (p.first == p.second) && s.bank[p.second] >= 1) set_bit(words, kPlayYearOfPlenty + i);
        }
    }
    if (dev[kMonopoly]) {
        for (int r = 0; r < kNumResources; ++r) set_bit(words, kPlayMonopoly + r);
    }
}

bool Catan::legal_in_main(const State& s, int seat, int a) const {
    const std::uint8_t* hand = s.hand[seat];
    if (a < kBuildSettlement) {
        return can_pay(hand, kRoadCost) && roads_built(s, seat) < kMaxRoads && !all_roads(s).test(a) &&
               road_connects(s, seat, a);
    }
    if (a < kBuildCity) {
        return can_pay(hand, kSettlementCost) && count_bits(s.settlements[seat]) < kMaxSettlements &&
               can_build_settlement_at(s, seat, a - kBuildSettlement);
    }
    if (a < kBuyDev) {
        return can_pay(hand, kCityCost) && count_bits(s.cities[seat]) < kMaxCities &&
               ((s.settlements[seat] >> (a - kBuildCity)) & 1);
    }
    if (a == kBuyDev) return can_pay(hand, kDevCardCost) && total(s.deck, kNumDevKinds) > 0;
    if (a < kRoll) return legal_dev_play(s, seat, a);
    if (a == kEndTurn) return true;
    if (a >= kMaritime && a < kTradeGive) {
        const ResourcePair p = maritime_pair(a - kMaritime);
        return hand[p.first] >= maritime_rate(s, seat, p.first) && s.bank[p.second] >= 1;
    }
    if (a >= kTradeGive && a < kTradeOpen) return legal_trade(s, seat, a);
    return false;
}

// (The trade phases are in is_legal, catan.hpp.)
bool Catan::legal_outside_trade(const State& s, int seat, int a) const {
    if (a < 0 || a >= kNumActions) return false;
    switch (s.phase) {
        case kSetupSettlement:
            return a >= kBuildSettlement && a < kBuildCity && satisfies_distance_rule(s, a - kBuildSettlement);
        case kSetupRoad: {
            if (a >= kBuildSettlement || all_roads(s).test(a)) return false;
            const auto& ends = kTopology.nodes_of_edge[a];
            return ends[0] == s.last_settlement || ends[1] == s.last_settlement;
        }
        case kBeforeRoll: return a == kRoll || (a >= kPlayKnight && a < kRoll && legal_dev_play(s, seat, a));
        case kDiscarding: return a >= kDiscard && a < kMaritime && s.hand[seat][a - kDiscard] > 0;
        case kMovingRobber:
            return a >= kMoveRobber && a < kSteal && a - kMoveRobber != s.robber &&
                   !((hexes_closed_to_robber(s) >> (a - kMoveRobber)) & 1);
        case kChooseVictim:
            return a >= kSteal && a < kDiscard && ((robbable_seats(s, s.robber) >> (a - kSteal)) & 1);
        case kMain: return legal_in_main(s, seat, a);
        case kPlacingFreeRoads:
            return a < kBuildSettlement && roads_built(s, seat) < kMaxRoads && !all_roads(s).test(a) &&
                   road_connects(s, seat, a);
        case kAwaitingDice: return a >= kChanceDice && a < kChanceDev;
        case kAwaitingDevCard: return a >= kChanceDev && a < kChanceSteal && s.deck[a - kChanceDev] > 0;
        case kAwaitingSteal: return a >= kChanceSteal && s.hand[s.steal_victim][a - kChanceSteal] > 0;
        default: return false;
    }
}

static_assert(kTradeDecline == kTradeAccept + 1 && kChanceDice == kTradeConfirm + kMaxSeats);
static_assert(kDiscard + kNumResources == kMaritime && kSteal + kMaxSeats == kDiscard);

// The mask: a light dispatch on the phase, so that the frequent phases of random play
// (the trade draft, the answers) pay no register saves for the heavy ones, whose bits
// are set in functions of their own. Every function here ORs into zeroed words.
void Catan::legal_mask(const State& s, int seat, std::uint64_t* words) const {
    for (int w = 0; w < (kNumActions + 63) / 64; ++w) words[w] = 0;
    switch (s.phase) {
        case kSetupSettlement:
            set_settlement_bits(words, ~s.distance_blocked & ((1ull << kNumNodes) - 1));
            return;
        case kMain: return set_main_bits(s, seat, words);
        case kPlacingFreeRoads: return set_free_road_bits(s, seat, words);
        case kSetupRoad:  // the empty edges at the settlement just placed
            if (s.last_settlement < kNumNodes)
                set_road_bits(words, kTopology.edge_mask_of_node[s.last_settlement] & ~all_roads(s));
            return;
        case kBeforeRoll:
            set_bit(words, kRoll);
            return set_dev_play_bits(s, seat, words);
        case kDiscarding:  // any resource held
            set_bits_from(words, kDiscard, lane_bits(~lanes_zero(five_counts(s.hand[seat])) & kLaneTops));
            return;
        case kMovingRobber:
        case kChooseVictim: return set_robber_bits(s, words);
        case kTradeDraft: set_bits_from(words, kTradeGive, trade_draft_bits(s, seat)); return;
        // The rules of legal_trade as bits: the responder accepts or declines; the
        // turn seat cancels or confirms with a seat that accepted.
        case kTradeAnswer: set_bits_from(words, kTradeAccept, 0b11); return;
        case kConfirmingTrade:
            set_bit(words, kTradeCancel);
            set_bits_from(words, kTradeConfirm, s.trade_accepts & ((1u << kMaxSeats) - 1));
            return;
        default: return set_chance_bits(s, seat, words);
    }
}

// The main phase: building sites from bitsets, the rest from byte lanes of the hand.
static_assert(kNumDevKinds == 5 && kNumResources == 5, "the deck and the dev cards fit five byte lanes");
void Catan::set_main_bits(const State& s, int seat, std::uint64_t* words) const {
    const std::uint64_t hand = five_counts(s.hand[seat]);
    const auto pays = [hand](const Cost& cost) { return (((hand | kLaneTops) - five_counts(cost)) & kLaneTops) == kLaneTops; };
    if (pays(kRoadCost) && roads_built(s, seat) < kMaxRoads) set_road_bits(words, road_sites(s, seat));
    if (pays(kSettlementCost) && count_bits(s.settlements[seat]) < kMaxSettlements)
        set_settlement_bits(words, s.road_nodes[seat] & ~s.distance_blocked);
    if (pays(kCityCost) && count_bits(s.cities[seat]) < kMaxCities) set_city_bits(words, s.settlements[seat]);
    // Development cards.
    if (pays(kDevCardCost) && five_counts(s.deck) != 0) set_bit(words, kBuyDev);
    set_bit(words, kEndTurn);
    // Maritime trade: the resources given at their rate (hand + 1 > rate), each as
    // actions give * 4 + k, k counting the other resources in order: the resources the
    // bank holds, with `give` taken out.
    const std::uint64_t in_bank = lane_bits(~lanes_zero(five_counts(s.bank)) & kLaneTops);
    for (std::uint64_t gives = lane_bits(lanes_greater(hand + kLaneOnes, maritime_rate_lanes(s, seat))); gives;
         gives &= gives - 1) {
        const int give = std::countr_zero(gives);
        const std::uint64_t others = (in_bank & ((1u << give) - 1)) | (in_bank >> (give + 1)) << give;
        set_bits_from(words, kMaritime + give * 4, others);
    }
    // Starting a domestic offer: give a resource held, or want any.
    if (s.trade_budget) set_bits_from(words, kTradeGive, lane_bits(~lanes_zero(hand) & kLaneTops) | 31u << 5);
    // Playable development cards (held since before this turn, victory points aside).
    if (!s.dev_played && (five_counts(s.dev[seat]) & ~(0xFFull << 8 * kVictoryPoint))) set_dev_play_bits(s, seat, words);
}

void Catan::set_free_road_bits(const State& s, int seat, std::uint64_t* words) const {
    set_road_bits(words, road_sites(s, seat));
}

// Where the robber may go (any hex but its own, bar the friendly robber's closed ones),
// or whom it may rob.
void Catan::set_robber_bits(const State& s, std::uint64_t* words) const {
    if (s.phase == kChooseVictim) return set_bits_from(words, kSteal, robbable_seats(s, s.robber));
    const std::uint32_t closed = hexes_closed_to_robber(s);
    const std::uint64_t open = ((1ull << kNumHexes) - 1) & ~(1ull << s.robber) & ~std::uint64_t(closed);
    set_bits_from(words, kMoveRobber, open);
}

// The chance phases (explicit chance), action by action.
void Catan::set_chance_bits(const State& s, int seat, std::uint64_t* words) const {
    for (int a = kChanceDice; a < kNumActions; ++a) {
        if (is_legal(s, seat, a)) set_bit(words, a);
    }
}

// ---- Effects -------------------------------------------------------------------------

// Setup: snake order; after the last road the first turn begins.
void Catan::after_setup_road(State& s) const {
    ++s.setup_step;
    const int n = players_;
    if (s.setup_step == 2 * n) {
        s.current = 0;
        s.phase = kBeforeRoll;
        s.trade_budget = static_cast<std::uint8_t>(trade_budget_);
        return;
    }
    s.current = static_cast<std::uint8_t>(s.setup_step < n ? s.setup_step : 2 * n - 1 - s.setup_step);
    s.phase = kSetupSettlement;
}

// Production. Bank shortage: when the bank cannot pay everyone their cards of a
// resource, nobody receives it, unless only one seat is owed it: that seat takes what
// is left.
void Catan::produce(State& s, int sum) const {
    // Each seat's cards owed, a byte lane a resource (at most 12 of one resource in all:
    // two hexes of a number, three buildings on each).
    std::uint64_t owed[kMaxSeats] = {};
    // Only hexes with the number and a building on them owe anything.
    const std::uint64_t built = occupied_nodes(s);
    for (std::uint32_t hexes = hexes_numbered(s.number, sum) & ~(1u << s.robber); hexes; hexes &= hexes - 1) {
        const int h = std::countr_zero(hexes);
        const std::uint64_t nodes = kTopology.node_mask_of_hex[h] & built;
        if (!nodes || s.terrain[h] == kDesert) continue;
        const int shift = 8 * s.terrain[h];
        for (int p = 0; p < players_; ++p)
            owed[p] += std::uint64_t(count_bits(s.settlements[p] & nodes) + 2 * count_bits(s.cities[p] & nodes)) << shift;
    }
    std::uint64_t total = 0;
    for (int p = 0; p < kMaxSeats; ++p) total += owed[p];
    if (!total) return;
    // The resources the bank cannot pay in full: nobody gets them, or the one seat owed
    // them takes what the bank has.
    const std::uint64_t bank = five_counts(s.bank);
    for (std::uint64_t short_of = lane_bits(lanes_greater(total, bank)); short_of; short_of &= short_of - 1) {
        const int shift = 8 * std::countr_zero(short_of);
        const std::uint64_t lane = 0xFFull << shift;
        int seats = 0, only = 0;
        for (int p = 0; p < players_; ++p) {
            if (owed[p] & lane) ++seats, only = p;
            owed[p] &= ~lane;
        }
        if (seats == 1) owed[only] |= bank & lane;
    }
    total = 0;
    for (int p = 0; p < players_; ++p) {
        store_five_counts(s.hand[p], five_counts(s.hand[p]) + owed[p]);  // no lane passes 19
        total += owed[p];
    }
    store_five_counts(s.bank, bank - total);
}

// A roll: production, or on a 7 discards (half of a hand over 7, rounded down) and
// the robber.
void Catan::roll(State& s, int sum) const {
    s.dice = static_cast<std::uint8_t>(sum);
    s.rolled = 1;
    if (sum != 7) {
        produce(s, sum);
        s.phase = kMain;
        return;
    }
    bool any = false;
    for (int p = 0; p < players_; ++p) {
        const int size = hand_size(s, p);
        s.discard_owed[p] = static_cast<std::uint8_t>(size > 7 ? size / 2 : 0);
        any = any || s.discard_owed[p];
    }
    s.phase = any ? kDiscarding : kMovingRobber;
}

// Back to where the turn was before the robber: before or after the roll.
void Catan::finish_robbery(State& s) const {
    s.steal_victim = kNone;
    s.phase = s.rolled ? kMain : kBeforeRoll;
}

void Catan::steal(State& s, int victim, int resource) const {
    --s.hand[victim][resource];
    ++s.hand[s.current][resource];
    finish_robbery(s);
}

// The robber has moved: rob the one seat there, or let the turn seat choose.
void Catan::after_robber(State& s, Rng& rng, int outcome) const {
    const unsigned seats = robbable_seats(s, s.robber);
    if (seats == 0) return finish_robbery(s);
    if (count_bits(seats) > 1) {
        s.phase = kChooseVictim;
        return;
    }
    const int victim = std::countr_zero(unsigned(seats));
    if (explicit_chance_ && outcome < 0) {
        s.steal_victim = static_cast<std::uint8_t>(victim);
        s.phase = kAwaitingSteal;
        return;
    }
    const int resource = outcome >= 0 ? outcome - kChanceSteal
                                      : pick_from_counts(s.hand[victim], kNumResources,
                                                         rng.below(static_cast<std::uint32_t>(hand_size(s, victim))));
    steal(s, victim, resource);
}

void Catan::draw_dev(State& s, int card) const {
    --s.deck[card];
    ++s.dev_new[s.current][card];
    s.phase = kMain;
}

// Largest army: the first to 3 knights; taken only by strictly more.
void Catan::update_army(State& s, int seat) const {
    if (s.knights[seat] < 3) return;
    if (s.army_holder == kNone || s.knights[seat] > s.knights[s.army_holder]) s.army_holder = static_cast<std::uint8_t>(seat);
}

void Catan::end_turn(State& s) const {
    const int p = s.current;
    for (int k = 0; k < kNumDevKinds; ++k) {
        s.dev[p][k] = static_cast<std::uint8_t>(s.dev[p][k] + s.dev_new[p][k]);
        s.dev_new[p][k] = 0;
    }
    ++s.turn;
    if (static_cast<int>(s.turn) >= max_turns_) {
        s.truncated = 1;
        s.phase = kGameOver;
        return;
    }
    s.current = static_cast<std::uint8_t>((p + 1) % players_);
    s.phase = kBeforeRoll;
    s.rolled = 0;
    s.dev_played = 0;
    s.trade_budget = static_cast<std::uint8_t>(trade_budget_);
}

// (Domestic trade is in apply_step, catan.hpp.)
void Catan::apply_outside_trade(State& s, int seat, int a, Rng& rng, int outcome) const {
    const int turn_seat = s.current;
    switch (s.phase) {
        case kSetupSettlement: {
            const int node = a - kBuildSettlement;
            place_settlement(s, seat, node);
            s.last_settlement = static_cast<std::uint8_t>(node);
            // The second settlement yields one card of each producing hex around it.
            if (s.setup_step >= players_) {
                for (std::uint8_t h : kTopology.hexes_of_node[node]) {
                    if (h == kNone || s.terrain[h] == kDesert || s.bank[s.terrain[h]] == 0) continue;
                    --s.bank[s.terrain[h]];
                    ++s.hand[seat][s.terrain[h]];
                }
            }
            update_roads_after_settlement(s, seat, node);
            s.phase = kSetupRoad;
            return;
        }
        case kSetupRoad:
            place_road(s, seat, a);
            update_roads_after_road(s, seat, a);
            s.last_settlement = kNone;
            after_setup_road(s);
            return;
        case kDiscarding:
            --s.hand[seat][a - kDiscard];
            ++s.bank[a - kDiscard];
            --s.discard_owed[seat];
            if (!(actors(s) & ((1u << players_) - 1))) s.phase = kMovingRobber;
            return;
        case kAwaitingDice: roll(s, a - kChanceDice + 2); return;
        case kAwaitingDevCard: draw_dev(s, a - kChanceDev); break;
        case kAwaitingSteal: steal(s, s.steal_victim, a - kChanceSteal); break;
        case kPlacingFreeRoads:
            place_road(s, seat, a);
            update_roads_after_road(s, seat, a);
            // Back to where the turn was: a card played before the roll leaves the roll owed.
            if (--s.free_roads == 0 || !can_place_free_road(s, seat)) {
                s.free_roads = 0;
                s.phase = s.rolled ? kMain : kBeforeRoll;
            }
            break;
        default:
            if (a < kBuildSettlement) {
                pay(s, seat, kRoadCost);
                place_road(s, seat, a);
                update_roads_after_road(s, seat, a);
            } else if (a < kBuildCity) {
                pay(s, seat, kSettlementCost);
                place_settlement(s, seat, a - kBuildSettlement);
                update_roads_after_settlement(s, seat, a - kBuildSettlement);
            } else if (a < kBuyDev) {
                pay(s, seat, kCityCost);
                s.settlements[seat] &= ~(1ull << (a - kBuildCity));
                s.cities[seat] |= 1ull << (a - kBuildCity);
            } else if (a == kBuyDev) {
                pay(s, seat, kDevCardCost);
                if (outcome >= 0) {
                    draw_dev(s, outcome - kChanceDev);
                } else if (explicit_chance_) {
                    s.phase = kAwaitingDevCard;
                } else {
                    const auto k = rng.below(static_cast<std::uint32_t>(total(s.deck, kNumDevKinds)));
                    draw_dev(s, pick_from_counts(s.deck, kNumDevKinds, k));
                }
            } else if (a == kPlayKnight) {
                --s.dev[seat][kKnight];
                ++s.played[kKnight];
                ++s.knights[seat];
                s.dev_played = 1;
                update_army(s, seat);
                s.phase = kMovingRobber;
            } else if (a == kPlayRoadBuilding) {
                --s.dev[seat][kRoadBuilding];
                ++s.played[kRoadBuilding];
                s.dev_played = 1;
                s.free_roads = 2;
                s.phase = kPlacingFreeRoads;
            } else if (a < kPlayMonopoly) {
                const ResourcePair pair = year_of_plenty_pair(a - kPlayYearOfPlenty);
                --s.dev[seat][kYearOfPlenty];
                ++s.played[kYearOfPlenty];
                s.dev_played = 1;
                for (int r : {pair.first, pair.second}) --s.bank[r], ++s.hand[seat][r];
            } else if (a < kRoll) {
                const int r = a - kPlayMonopoly;
                --s.dev[seat][kMonopoly];
                ++s.played[kMonopoly];
                s.dev_played = 1;
                for (int p = 0; p < kMaxSeats; ++p) {  // empty seats hold nothing
                    if (p == seat) continue;
                    s.hand[seat][r] = static_cast<std::uint8_t>(s.hand[seat][r] + s.hand[p][r]);
                    s.hand[p][r] = 0;
                }
            } else if (a == kRoll) {
                if (outcome >= 0) {
                    roll(s, outcome - kChanceDice + 2);
                } else if (explicit_chance_) {
                    s.phase = kAwaitingDice;
                } else {
                    const int d1 = static_cast<int>(rng.below(6)), d2 = static_cast<int>(rng.below(6));
                    roll(s, d1 + d2 + 2);
                }
            } else if (a == kEndTurn) {
                // Points the seat holds without having acted for them this turn (a
                // position built so) count here at the latest.
                if (victory_points(s, seat, true) >= vp_to_win_) break;
                end_turn(s);
                return;
            } else if (a < kSteal) {
                s.robber = static_cast<std::uint8_t>(a - kMoveRobber);
                after_robber(s, rng, outcome);
            } else if (a < kDiscard) {
                const int victim = a - kSteal;
                if (outcome >= 0) {
                    steal(s, victim, outcome - kChanceSteal);
                } else if (explicit_chance_) {
                    s.steal_victim = static_cast<std::uint8_t>(victim);
                    s.phase = kAwaitingSteal;
                } else {
                    steal(s, victim, pick_from_counts(s.hand[victim], kNumResources,
                                                      rng.below(static_cast<std::uint32_t>(hand_size(s, victim)))));
                }
            } else if (a < kTradeGive) {
                const ResourcePair p = maritime_pair(a - kMaritime);
                const int rate = maritime_rate(s, seat, p.first);
                s.hand[seat][p.first] = static_cast<std::uint8_t>(s.hand[seat][p.first] - rate);
                s.bank[p.first] = static_cast<std::uint8_t>(s.bank[p.first] + rate);
                --s.bank[p.second];
                ++s.hand[seat][p.second];
            } else {
                apply_trade(s, seat, a);
                return;
            }
    }
    // A seat wins on reaching the target during its own turn, by its own action or by
    // a chance outcome of it (explicit chance: the victory point card it bought).
    const int mover = seat == kChance ? turn_seat : seat;
    if (mover == turn_seat && s.phase != kGameOver && victory_points(s, mover, true) >= vp_to_win_) {
        s.winner = static_cast<std::uint8_t>(mover);
        s.phase = kGameOver;
        s.free_roads = 0;  // a road building card's last road may be the winning one
        // A winning roll of 7 leaves nothing owed: the game is over before anyone discards.
        std::memset(s.discard_owed, 0, sizeof s.discard_owed);
    }
}

}  // namespace meeple::catan
