// The observation (docs/catan-observation.md): float32, fixed layout for every player
// count, seats relative to the viewer (the viewer first, then clockwise). A seat
// viewer sees its own cards and the public counts of the others; hidden values are 0.
// MEEPLE_VIEW_PUBLIC sees the public part from seat 0's side; MEEPLE_VIEW_ALL sees
// everything from seat 0's side.
#include <bit>

#include "games/catan/catan.hpp"

namespace meeple::catan {
namespace {

constexpr int S = kMaxSeats, R = kNumResources, K = kNumDevKinds;

struct FieldDef {
    std::string_view name;
    int size;
    int shape[3];
    std::string_view meaning;
};

constexpr FieldDef kFieldDefs[] = {
    {"hex_terrain", kNumHexes * 6, {kNumHexes, 6}, "one-hot per hex: brick, lumber, wool, grain, ore, desert"},
    {"hex_number", kNumHexes * 11, {kNumHexes, 11}, "one-hot per hex of its number 2..12 (all zero on the desert)"},
    {"robber", kNumHexes, {kNumHexes}, "1 on the robber's hex"},
    {"harbor_type", kNumHarbors * 6, {kNumHarbors, 6}, "one-hot per harbor: 2:1 brick .. ore, generic 3:1"},
    {"settlements", S * kNumNodes, {S, kNumNodes}, "per relative seat, 1 on its settlements"},
    {"cities", S * kNumNodes, {S, kNumNodes}, "per relative seat, 1 on its cities"},
    {"roads", S * kNumEdges, {S, kNumEdges}, "per relative seat, 1 on its roads"},
    {"resources", S * R, {S, R}, "per relative seat, resource cards held; 0 where hidden (others, unless ALL)"},
    {"hand_size", S, {S}, "per relative seat, resource cards held (public)"},
    {"dev_cards", S * K, {S, K}, "per relative seat, playable development cards by kind; 0 where hidden"},
    {"dev_new", S * K, {S, K}, "per relative seat, development cards bought this turn by kind; 0 where hidden"},
    {"dev_count", S, {S}, "per relative seat, development cards held (public)"},
    {"knights", S, {S}, "per relative seat, knights played"},
    {"road_length", S, {S}, "per relative seat, its longest road"},
    {"public_vp", S, {S}, "per relative seat, victory points without victory point cards"},
    {"vp", S, {S}, "per relative seat, victory points with victory point cards; 0 where hidden"},
    {"longest_road", S, {S}, "one-hot: the relative seat holding longest road"},
    {"largest_army", S, {S}, "one-hot: the relative seat holding largest army"},
    {"bank", R, {R}, "resource cards in the bank"},
    {"deck_size", 1, {1}, "development cards left in the deck"},
    {"played", K, {K}, "development cards played so far, by kind"},
    {"phase", kNumPhases, {kNumPhases}, "one-hot phase (docs/catan-observation.md lists them)"},
    {"turn_seat", S, {S}, "one-hot: the relative seat whose turn it is"},
    {"acting", S + 1, {S + 1}, "the relative seats that owe a decision, and chance last"},
    {"dice", 11, {11}, "one-hot of the last roll 2..12 (zeros before the first)"},
    {"turn_flags", 4, {4}, "rolled this turn, development card played this turn, free roads left, compose steps left"},
    {"discard_owed", S, {S}, "per relative seat, cards it still has to discard"},
    {"offer_give", R, {R}, "cards the offer gives; 0 while an unopened draft is hidden from the viewer"},
    {"offer_want", R, {R}, "cards the offer wants; 0 while an unopened draft is hidden from the viewer"},
    {"offer_accepted", S, {S}, "per relative seat, 1 if it accepted the open offer and can pay"},
    {"responder", S, {S}, "one-hot: the relative seat answering the open offer"},
    {"steal_victim", S, {S}, "one-hot: the relative seat a pending chance steal takes from"},
    {"progress", 2, {2}, "setup placements made, turns ended"},
    {"num_players", 3, {3}, "one-hot: 2, 3 or 4 seats"},
};

constexpr int kNumFields = sizeof kFieldDefs / sizeof kFieldDefs[0];

constexpr std::array<ObsField, kNumFields> make_fields() {
    std::array<ObsField, kNumFields> fields{};
    int at = 0;
    for (int i = 0; i < kNumFields; ++i) {
        const FieldDef& d = kFieldDefs[i];
        fields[i] = ObsField{d.name, at, d.size, {d.shape[0], d.shape[1], d.shape[2]}, d.meaning};
        at += d.size;
    }
    return fields;
}

constexpr std::array<ObsField, kNumFields> kObsFields = make_fields();

}  // namespace

std::span<const ObsField> Catan::obs_fields() const { return kObsFields; }

void Catan::observe(const State& s, int viewer, float* out) const {
    const int obs_size = kObsFields.back().offset + kObsFields.back().size;
    for (int i = 0; i < obs_size; ++i) out[i] = 0.0f;
    const bool all = viewer == kViewAll;
    const int me = viewer >= 0 ? viewer : 0;
    const int n = players_;
    // The position of seat p in the relative order, and whether its secrets show.
    auto rel = [&](int p) { return (p - me + n) % n; };
    auto sees = [&](int p) { return all || p == viewer; };
    int field = 0;
    auto next = [&]() { return out + kObsFields[field++].offset; };

    float* f = next();
    for (int h = 0; h < kNumHexes; ++h) f[h * 6 + s.terrain[h]] = 1;
    f = next();
    for (int h = 0; h < kNumHexes; ++h) {
        if (s.number[h]) f[h * 11 + s.number[h] - 2] = 1;
    }
    next()[s.robber] = 1;
    f = next();
    for (int h = 0; h < kNumHarbors; ++h) f[h * 6 + s.harbor[h]] = 1;
    float* settlements = next();
    float* cities = next();
    float* roads = next();
    float* resources = next();
    float* hand_size = next();
    float* dev_cards = next();
    float* dev_new = next();
    float* dev_count = next();
    float* knights = next();
    float* road_length = next();
    float* public_vp = next();
    float* vp = next();
    for (int p = 0; p < n; ++p) {
        const int r = rel(p);
        // The vector starts zeroed: write the set bits only.
        for (std::uint64_t b = s.settlements[p]; b; b &= b - 1) settlements[r * kNumNodes + std::countr_zero(b)] = 1;
        for (std::uint64_t b = s.cities[p]; b; b &= b - 1) cities[r * kNumNodes + std::countr_zero(b)] = 1;
        for (int w = 0; w < 2; ++w) {
            for (std::uint64_t b = s.roads[p][w]; b; b &= b - 1) roads[r * kNumEdges + 64 * w + std::countr_zero(b)] = 1;
        }
        int devs = 0;
        for (int k = 0; k < K; ++k) {
            devs += s.dev[p][k] + s.dev_new[p][k];
            if (sees(p)) dev_cards[r * K + k] = s.dev[p][k], dev_new[r * K + k] = s.dev_new[p][k];
        }
        for (int x = 0; x < R; ++x) {
            if (sees(p)) resources[r * R + x] = s.hand[p][x];
        }
        hand_size[r] = float(Catan::hand_size(s, p));
        dev_count[r] = float(devs);
        knights[r] = s.knights[p];
        road_length[r] = s.road_length[p];
        public_vp[r] = float(victory_points(s, p, false));
        if (sees(p)) vp[r] = float(victory_points(s, p, true));
    }
    f = next();
    if (s.road_holder != kNone) f[rel(s.road_holder)] = 1;
    f = next();
    if (s.army_holder != kNone) f[rel(s.army_holder)] = 1;
    f = next();
    for (int x = 0; x < R; ++x) f[x] = s.bank[x];
    f = next();
    for (int k = 0; k < K; ++k) f[0] += s.deck[k];
    f = next();
    for (int k = 0; k < K; ++k) f[k] = s.played[k];
    next()[s.phase] = 1;
    next()[rel(s.current)] = 1;
    f = next();
    const Actors acting = actors(s);
    for (int p = 0; p < n; ++p) f[rel(p)] = float((acting >> p) & 1);
    f[S] = float((acting & kChanceBit) != 0);
    f = next();
    if (s.dice) f[s.dice - 2] = 1;
    f = next();
    f[0] = s.rolled, f[1] = s.dev_played, f[2] = s.free_roads, f[3] = s.trade_budget;
    f = next();
    for (int p = 0; p < n; ++p) f[rel(p)] = s.discard_owed[p];
    float* give = next();
    float* want = next();
    if (s.phase != kTradeDraft || sees(s.current)) {
        for (int x = 0; x < R; ++x) give[x] = s.trade_give[x], want[x] = s.trade_want[x];
    }
    f = next();
    for (int p = 0; p < n; ++p) f[rel(p)] = float((s.trade_accepts >> p) & 1);
    f = next();
    if (s.trade_responder != kNone) f[rel(s.trade_responder)] = 1;
    f = next();
    if (s.steal_victim != kNone) f[rel(s.steal_victim)] = 1;
    f = next();
    f[0] = s.setup_step, f[1] = float(s.turn);
    next()[n - 2] = 1;
}

}  // namespace meeple::catan
