// The feature vector (docs/catan-features.md). Rows of per-seat fields are relative
// seats: row 0 the viewer, then the seats after it in turn order; rows past the player
// count are zero. In the seat variant every value that depends on another seat's
// hidden cards (resources, development cards, hence what it can afford or reach) is 0
// for that seat, and counts that mix known and hidden cards use the public part only.
#include "games/catan/features.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>

namespace meeple::catan {
namespace {

constexpr int S = kMaxSeats, R = kNumResources, K = kNumDevKinds, B = kNumBuildKinds;

// Brick, lumber, wool, grain, ore; rows in Build order.
constexpr std::uint8_t kBuildCosts[B][R] = {{1, 1, 0, 0, 0}, {1, 1, 1, 1, 0}, {0, 0, 0, 2, 3}, {0, 0, 1, 1, 1}};

struct FieldDef {
    std::string_view name;
    int shape[3];
    std::string_view meaning;
};

constexpr FieldDef kFieldDefs[] = {
    // Board.
    {"hex_terrain", {kNumHexes, 6}, "one-hot per hex: brick, lumber, wool, grain, ore, desert"},
    {"hex_number", {kNumHexes, 11}, "one-hot per hex of its number 2..12 (all zero on the desert)"},
    {"hex_probability", {kNumHexes}, "per hex, the chance per roll that its number comes (0 on the desert)"},
    {"robber", {kNumHexes}, "1 on the robber's hex"},
    {"node_harbor", {kNumNodes, 6}, "one-hot per node of the harbor it opens: 2:1 brick .. ore, generic 3:1; zero for nodes without one"},
    {"settlements", {S, kNumNodes}, "per relative seat, 1 on its settlements"},
    {"cities", {S, kNumNodes}, "per relative seat, 1 on its cities"},
    {"roads", {S, kNumEdges}, "per relative seat, 1 on its roads"},
    // Cards.
    {"resources", {S, R}, "per relative seat, resource cards held; 0 where hidden"},
    {"hand_size", {S}, "per relative seat, resource cards held (public)"},
    {"dev_cards", {S, K}, "per relative seat, playable development cards by kind; 0 where hidden"},
    {"dev_new", {S, K}, "per relative seat, development cards bought this turn by kind; 0 where hidden"},
    {"dev_count", {S}, "per relative seat, development cards held (public)"},
    {"knights", {S}, "per relative seat, knights played"},
    {"bank", {R}, "resource cards in the bank"},
    {"deck_size", {1}, "development cards left in the deck"},
    {"played", {K}, "development cards played so far, by kind"},
    // Awards.
    {"longest_road", {S}, "one-hot: the relative seat holding longest road"},
    {"largest_army", {S}, "one-hot: the relative seat holding largest army"},
    {"road_length", {S}, "per relative seat, its longest road"},
    {"public_vp", {S}, "per relative seat, victory points without victory point cards"},
    // Production and trade.
    {"production", {S, R}, "per relative seat and resource, expected cards per roll (cities count twice, the robbed hex not at all)"},
    {"production_blocked", {S, R}, "per relative seat and resource, expected cards per roll the robber takes away"},
    {"trade_rate", {S, R}, "per relative seat and resource, cards given per card in a maritime trade (4, 3 or 2)"},
    // Builds: columns road, settlement, city, development card.
    {"build_affordable", {S, B}, "per relative seat and build, 1 if the hand pays for it now; 0 where hidden"},
    {"build_missing", {S, B}, "per relative seat and build, cards missing; 0 where hidden"},
    {"build_missing_after_trade", {S, B}, "per relative seat and build, cards missing after trading surplus cards at the seat's rates; 0 where hidden"},
    {"build_rounds", {S, B}, "per relative seat and build, rounds until affordable at current production without trading (capped at 20); 0 where hidden"},
    // Race.
    {"points", {S}, "per relative seat, victory points as the viewer knows them (its own with VP cards, the others' public ones)"},
    {"points_lead", {S}, "per relative seat, points less the best other seat's points"},
    {"points_needed", {S}, "per relative seat, points still needed to win"},
    {"road_margin", {S}, "per relative seat, road length less the best other seat's"},
    {"knight_margin", {S}, "per relative seat, knights played less the best other seat's"},
    {"over_discard_limit", {S}, "per relative seat, 1 if a 7 would make it discard (more than 7 cards)"},
    // Endgame.
    {"settlement_spots", {S}, "per relative seat, nodes where it may build a settlement now (its roads reach them, the distance rule allows)"},
    {"road_spots", {S}, "per relative seat, empty edges its roads or buildings reach now (where a road would be legal with the cards and a piece)"},
    {"reachable_points", {S}, "per relative seat, the most points it could hold by the end of a turn of its own from the cards in hand (builds after trading surplus, a held knight taking largest army); 0 where hidden"},
    {"reachable_wins", {S}, "per relative seat, 1 if reachable_points reaches the points to win; 0 where hidden"},
    {"knight_lead", {S}, "per relative seat, knights played plus knights held (held ones where visible) less the best other seat's same count"},
    {"vp_cards_left_share", {1}, "share of victory point cards among the development cards the viewer has not seen (omniscient: in the deck)"},
    // Turn.
    {"phase", {kNumPhases}, "one-hot phase, as in the observation"},
    {"turn_seat", {S}, "one-hot: the relative seat whose turn it is"},
    {"turn_flags", {2}, "rolled this turn, development card played this turn"},
    {"turn", {1}, "turns ended so far"},
    {"vp_to_win", {1}, "victory points to win"},
    {"num_players", {3}, "one-hot: 2, 3 or 4 seats"},
};

constexpr int kNumFields = sizeof kFieldDefs / sizeof kFieldDefs[0];

constexpr std::array<ObsField, kNumFields> make_fields() {
    std::array<ObsField, kNumFields> fields{};
    int at = 0;
    for (int i = 0; i < kNumFields; ++i) {
        const FieldDef& d = kFieldDefs[i];
        int size = 1;
        for (int x : d.shape) size *= x ? x : 1;
        fields[i] = ObsField{d.name, at, size, {d.shape[0], d.shape[1], d.shape[2]}, d.meaning};
        at += size;
    }
    return fields;
}

constexpr std::array<ObsField, kNumFields> kFields = make_fields();
constexpr int kSize = kFields.back().offset + kFields.back().size;

// A field's offset by name, found at compile time (a wrong name does not compile).
consteval int field_offset(std::string_view name) {
    for (int i = 0; i < kNumFields; ++i) {
        if (kFields[i].name == name) return kFields[i].offset;
    }
    throw "no such feature field";
}

#define FIELD(name) (out + field_offset(name))

// Cards missing for `cost`, and how many of them trading the surplus at `rates` covers.
struct Shortfall {
    int missing, trades;
};
Shortfall shortfall(const int* hand, const int* cost, const int* rates) {
    Shortfall f{0, 0};
    for (int r = 0; r < R; ++r) {
        if (hand[r] < cost[r]) f.missing += cost[r] - hand[r];
        else f.trades += (hand[r] - cost[r]) / rates[r];
    }
    return f;
}

// The most points `seat` could add by building settlements and cities from `hand`
// (trading surplus at its rates), within its pieces and current settlement spots.
int build_points_reachable(const Catan::State& s, int seat, const int* hand, const int* rates, int spots) {
    const int settled = count_bits(s.settlements[seat]), cities = count_bits(s.cities[seat]);
    const int max_settle = std::min(spots, kMaxSettlements - settled);
    int best = 0;
    for (int ns = 0; ns <= max_settle; ++ns) {
        const int max_city = std::min(kMaxCities - cities, settled + ns);
        for (int nc = 0; nc <= max_city; ++nc) {
            if (ns + nc <= best) continue;
            int cost[R];
            for (int r = 0; r < R; ++r) cost[r] = ns * kBuildCosts[kBuildKindSettlement][r] + nc * kBuildCosts[kBuildKindCity][r];
            const Shortfall f = shortfall(hand, cost, rates);
            if (f.missing <= f.trades) best = ns + nc;
        }
    }
    return best;
}

// The best value among the seats other than `p`, over the first n entries of v.
template <class T>
T best_other(const T* v, int n, int p) {
    T best = v[p == 0 ? 1 : 0];
    for (int q = 0; q < n; ++q) {
        if (q != p) best = std::max(best, v[q]);
    }
    return best;
}

}  // namespace

std::span<const ObsField> catan_feature_fields() { return kFields; }
int catan_feature_size() { return kSize; }

void write_catan_features(const Catan& game, const Catan::State& s, int viewer, bool omniscient, float* out) {
    std::fill_n(out, kSize, 0.0f);
    const int n = game.num_players();
    auto rel = [&](int p) { return (p - viewer + n) % n; };
    auto sees = [&](int p) { return omniscient || p == viewer; };

    // Board.
    float* f = FIELD("hex_terrain");
    for (int h = 0; h < kNumHexes; ++h) f[h * 6 + s.terrain[h]] = 1;
    f = FIELD("hex_number");
    for (int h = 0; h < kNumHexes; ++h) {
        if (s.number[h]) f[h * 11 + s.number[h] - 2] = 1;
    }
    f = FIELD("hex_probability");
    for (int h = 0; h < kNumHexes; ++h) f[h] = roll_probability(s.number[h]);
    FIELD("robber")[s.robber] = 1;
    f = FIELD("node_harbor");
    for (int hb = 0; hb < kNumHarbors; ++hb) {
        for (std::uint8_t node : kTopology.nodes_of_harbor[hb]) f[node * 6 + s.harbor[hb]] = 1;
    }
    float* settlements = FIELD("settlements");
    float* cities = FIELD("cities");
    float* roads = FIELD("roads");
    for (int p = 0; p < n; ++p) {
        const int r = rel(p);
        for (std::uint64_t b = s.settlements[p]; b; b &= b - 1) settlements[r * kNumNodes + std::countr_zero(b)] = 1;
        for (std::uint64_t b = s.cities[p]; b; b &= b - 1) cities[r * kNumNodes + std::countr_zero(b)] = 1;
        for (int w = 0; w < 2; ++w) {
            for (std::uint64_t b = s.roads[p][w]; b; b &= b - 1) roads[r * kNumEdges + 64 * w + std::countr_zero(b)] = 1;
        }
    }

    // Per seat facts, in absolute seats first (margins compare seats with each other).
    int hand[S][R] = {}, rates[S][R] = {}, hand_size[S] = {}, points[S] = {}, roads_len[S] = {}, knights[S] = {},
        knight_count[S] = {};
    // Production in 36ths of a card per roll (dice combinations): integers, so that the
    // sum does not depend on the order of the hexes (symmetric boards give equal floats).
    int production[S][R] = {}, blocked[S][R] = {};
    for (int p = 0; p < n; ++p) {
        for (int x = 0; x < R; ++x) hand[p][x] = s.hand[p][x];
        Catan::maritime_rates(s, p, rates[p]);
        hand_size[p] = Catan::hand_size(s, p);
        points[p] = Catan::victory_points(s, p, sees(p));
        roads_len[p] = s.road_length[p];
        knights[p] = s.knights[p];
        knight_count[p] = s.knights[p] + (sees(p) ? s.dev[p][kKnight] + s.dev_new[p][kKnight] : 0);
        for (int h = 0; h < kNumHexes; ++h) {
            if (s.terrain[h] == kDesert) continue;
            const std::uint64_t nodes = kTopology.node_mask_of_hex[h];
            const int cards = count_bits(s.settlements[p] & nodes) + 2 * count_bits(s.cities[p] & nodes);
            const int ways = s.number[h] ? 6 - std::abs(7 - s.number[h]) : 0;
            (h == s.robber ? blocked : production)[p][s.terrain[h]] += cards * ways;
        }
    }

    // Cards.
    float* resources = FIELD("resources");
    float* hand_sizes = FIELD("hand_size");
    float* dev_cards = FIELD("dev_cards");
    float* dev_new = FIELD("dev_new");
    float* dev_count = FIELD("dev_count");
    float* knights_out = FIELD("knights");
    for (int p = 0; p < n; ++p) {
        const int r = rel(p);
        int devs = 0;
        for (int k = 0; k < K; ++k) {
            devs += s.dev[p][k] + s.dev_new[p][k];
            if (sees(p)) dev_cards[r * K + k] = s.dev[p][k], dev_new[r * K + k] = s.dev_new[p][k];
        }
        for (int x = 0; x < R; ++x) {
            if (sees(p)) resources[r * R + x] = float(hand[p][x]);
        }
        hand_sizes[r] = float(hand_size[p]);
        dev_count[r] = float(devs);
        knights_out[r] = float(knights[p]);
    }
    f = FIELD("bank");
    for (int x = 0; x < R; ++x) f[x] = s.bank[x];
    int deck = 0;
    for (int k = 0; k < K; ++k) deck += s.deck[k];
    FIELD("deck_size")[0] = float(deck);
    f = FIELD("played");
    for (int k = 0; k < K; ++k) f[k] = s.played[k];

    // Awards.
    if (s.road_holder != kNone) FIELD("longest_road")[rel(s.road_holder)] = 1;
    if (s.army_holder != kNone) FIELD("largest_army")[rel(s.army_holder)] = 1;
    float* road_length = FIELD("road_length");
    float* public_vp = FIELD("public_vp");
    for (int p = 0; p < n; ++p) {
        road_length[rel(p)] = float(roads_len[p]);
        public_vp[rel(p)] = float(Catan::victory_points(s, p, false));
    }

    // Production and trade.
    float* prod = FIELD("production");
    float* block = FIELD("production_blocked");
    float* rate = FIELD("trade_rate");
    for (int p = 0; p < n; ++p) {
        for (int x = 0; x < R; ++x) {
            prod[rel(p) * R + x] = float(production[p][x]) / 36.0f;
            block[rel(p) * R + x] = float(blocked[p][x]) / 36.0f;
            rate[rel(p) * R + x] = float(rates[p][x]);
        }
    }

    // Builds.
    float* affordable = FIELD("build_affordable");
    float* missing = FIELD("build_missing");
    float* missing_traded = FIELD("build_missing_after_trade");
    float* rounds = FIELD("build_rounds");
    for (int p = 0; p < n; ++p) {
        if (!sees(p)) continue;
        for (int b = 0; b < B; ++b) {
            int cost[R];
            for (int x = 0; x < R; ++x) cost[x] = kBuildCosts[b][x];
            const Shortfall sf = shortfall(hand[p], cost, rates[p]);
            const int at = rel(p) * B + b;
            affordable[at] = sf.missing == 0 ? 1.0f : 0.0f;
            missing[at] = float(sf.missing);
            missing_traded[at] = float(std::max(0, sf.missing - sf.trades));
            // Each seat rolls once a round: a round brings n rolls' production.
            float wait = 0;
            for (int x = 0; x < R; ++x) {
                const int lack = cost[x] - hand[p][x];
                if (lack <= 0) continue;
                // 36 * lack cards over n rolls a round of production[p][x] / 36 each.
                const int per_round = production[p][x] * n;
                wait = std::max(wait, per_round > 0 ? float(36 * lack) / float(per_round) : kFeatureRoundsCap);
            }
            rounds[at] = std::min(wait, kFeatureRoundsCap);
        }
    }

    // Race.
    float* pts = FIELD("points");
    float* lead = FIELD("points_lead");
    float* needed = FIELD("points_needed");
    float* road_margin = FIELD("road_margin");
    float* knight_margin = FIELD("knight_margin");
    float* over = FIELD("over_discard_limit");
    for (int p = 0; p < n; ++p) {
        const int r = rel(p);
        pts[r] = float(points[p]);
        lead[r] = float(points[p] - best_other(points, n, p));
        needed[r] = float(std::max(0, game.vp_to_win() - points[p]));
        road_margin[r] = float(roads_len[p] - best_other(roads_len, n, p));
        knight_margin[r] = float(knights[p] - best_other(knights, n, p));
        over[r] = hand_size[p] > 7 ? 1.0f : 0.0f;
    }

    // Endgame.
    const std::uint64_t occupied = Catan::occupied_nodes(s);
    float* settle_spots = FIELD("settlement_spots");
    float* road_spots = FIELD("road_spots");
    float* reach = FIELD("reachable_points");
    float* wins = FIELD("reachable_wins");
    float* knight_lead = FIELD("knight_lead");
    const EdgeSet taken = Catan::all_roads(s);
    for (int p = 0; p < n; ++p) {
        const int r = rel(p);
        const int spots = count_bits(s.road_nodes[p] & ~s.distance_blocked & ~occupied);
        settle_spots[r] = float(spots);
        // Empty edges at the seat's buildings, or at its roads' nodes that no opponent's
        // building cuts.
        const std::uint64_t own = s.settlements[p] | s.cities[p];
        EdgeSet sites;
        for (std::uint64_t b = own | (s.road_nodes[p] & ~(occupied & ~own)); b; b &= b - 1) {
            sites = sites | kTopology.edge_mask_of_node[std::countr_zero(b)];
        }
        sites = sites & ~taken;
        road_spots[r] = float(count_bits(sites.lo) + count_bits(sites.hi));
        knight_lead[r] = float(knight_count[p] - best_other(knight_count, n, p));
        if (!sees(p)) continue;
        int gain = build_points_reachable(s, p, hand[p], rates[p], spots);
        // A knight held since before this turn, played, takes largest army when it
        // brings the seat to 3 knights and past the holder.
        const bool can_play = s.dev[p][kKnight] > 0 && !(s.dev_played && s.current == p);
        const int after = knights[p] + 1;
        if (can_play && s.army_holder != p && after >= 3 && (s.army_holder == kNone || after > knights[s.army_holder])) {
            gain += 2;
        }
        const int total = Catan::victory_points(s, p, true) + gain;
        reach[r] = float(total);
        wins[r] = total >= game.vp_to_win() ? 1.0f : 0.0f;
    }
    // Victory point cards among the cards the viewer has not seen: the deck, and the
    // other seats' development cards unless omniscient (then the deck alone).
    int unseen = 0, unseen_vp = 0;
    if (omniscient) {
        unseen = deck, unseen_vp = s.deck[kVictoryPoint];
    } else {
        for (int k = 0; k < K; ++k) {
            const int known = s.played[k] + s.dev[viewer][k] + s.dev_new[viewer][k];
            unseen += kDeckCounts[k] - known;
            if (k == kVictoryPoint) unseen_vp = kDeckCounts[k] - known;
        }
    }
    FIELD("vp_cards_left_share")[0] = unseen > 0 ? float(unseen_vp) / float(unseen) : 0.0f;

    // Turn.
    FIELD("phase")[s.phase] = 1;
    FIELD("turn_seat")[rel(s.current)] = 1;
    f = FIELD("turn_flags");
    f[0] = s.rolled, f[1] = s.dev_played;
    FIELD("turn")[0] = float(s.turn);
    FIELD("vp_to_win")[0] = float(game.vp_to_win());
    FIELD("num_players")[n - 2] = 1;
}

#undef FIELD

std::span<const ObsField> Catan::feature_fields() const { return kFields; }

void Catan::features(const State& s, int viewer, int variant, float* out) const {
    write_catan_features(*this, s, viewer, variant == kFeaturesOmniscient, out);
}

}  // namespace meeple::catan
