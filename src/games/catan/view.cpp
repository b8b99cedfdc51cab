// The view: the state as semantic JSON for one viewer (hidden values are null), and
// the terminal drawing of the board.
#include <bit>
#include <vector>

#include "games/catan/catan.hpp"

namespace meeple::catan {
namespace {

constexpr const char* kPhaseNames[kNumPhases] = {
    "setup_settlement", "setup_road", "before_roll", "discard", "move_robber", "choose_victim", "main",
    "road_building", "trade_draft", "trade_answer", "trade_confirm", "chance_dice", "chance_development",
    "chance_steal", "game_over"};

const char* terrain_name(int t) { return t == kDesert ? "desert" : resource_name(t); }

void write_counts(JsonWriter& j, const std::uint8_t* counts, int kinds, const char* (*name)(int)) {
    j.begin_object();
    for (int k = 0; k < kinds; ++k) j.field(name(k), int(counts[k]));
    j.end_object();
}

// Bits of a seat mask as a JSON list of seats.
void write_seats(JsonWriter& j, unsigned seats) {
    j.begin_array();
    for (; seats; seats &= seats - 1) j.value(std::countr_zero(seats));
    j.end_array();
}

void seat_or_null(JsonWriter& j, const char* key, int seat) {
    j.key(key);
    if (seat == kNone) j.null(); else j.value(seat);
}

}  // namespace

const char* phase_name(int phase) { return kPhaseNames[phase]; }

void Catan::view(const State& s, int viewer, JsonWriter& j) const {
    const bool all = viewer == kViewAll;
    auto sees = [&](int p) { return all || p == viewer; };
    j.begin_object();
    j.field("phase", phase_name(s.phase));
    j.field("turn_seat", int(s.current));
    j.field("turn", long(s.turn));
    const Actors acting = actors(s);
    j.key("acting");
    write_seats(j, acting & 0xF);
    j.field("chance_pending", (acting & kChanceBit) != 0);
    j.key("dice");
    if (s.dice) j.value(int(s.dice)); else j.null();

    j.key("board").begin_object();
    j.key("hexes").begin_array();
    for (int h = 0; h < kNumHexes; ++h) {
        j.begin_object().field("hex", h).field("terrain", terrain_name(s.terrain[h]));
        j.key("number");
        if (s.number[h]) j.value(int(s.number[h])); else j.null();
        j.end_object();
    }
    j.end_array();
    j.key("harbors").begin_array();
    for (int h = 0; h < kNumHarbors; ++h) {
        j.begin_object().field("type", s.harbor[h] == kGenericHarbor ? "generic" : resource_name(s.harbor[h]));
        j.field("rate", s.harbor[h] == kGenericHarbor ? 3 : 2);
        j.key("nodes").begin_array().value(int(kTopology.nodes_of_harbor[h][0])).value(int(kTopology.nodes_of_harbor[h][1])).end_array();
        j.end_object();
    }
    j.end_array();
    j.field("robber", int(s.robber));
    j.end_object();

    j.key("buildings").begin_array();
    for (int p = 0; p < players_; ++p) {
        for (int node = 0; node < kNumNodes; ++node) {
            const bool city = (s.cities[p] >> node) & 1;
            if (!city && !((s.settlements[p] >> node) & 1)) continue;
            j.begin_object().field("node", node).field("owner", p).field("kind", city ? "city" : "settlement").end_object();
        }
    }
    j.end_array();
    j.key("roads").begin_array();
    for (int p = 0; p < players_; ++p) {
        const EdgeSet roads = roads_of(s, p);
        for (int e = 0; e < kNumEdges; ++e) {
            if (roads.test(e)) j.begin_object().field("edge", e).field("owner", p).end_object();
        }
    }
    j.end_array();
    j.key("bank");
    write_counts(j, s.bank, kNumResources, resource_name);
    int deck = 0;
    for (int k = 0; k < kNumDevKinds; ++k) deck += s.deck[k];
    j.field("deck_size", deck);
    j.key("played");
    write_counts(j, s.played, kNumDevKinds, dev_card_name);

    j.key("players").begin_array();
    for (int p = 0; p < players_; ++p) {
        int devs = 0, fresh = 0;
        for (int k = 0; k < kNumDevKinds; ++k) devs += s.dev[p][k] + s.dev_new[p][k], fresh += s.dev_new[p][k];
        j.begin_object().field("seat", p);
        j.key("resources");
        if (sees(p)) write_counts(j, s.hand[p], kNumResources, resource_name); else j.null();
        j.field("hand_size", hand_size(s, p));
        j.key("development");
        if (sees(p)) write_counts(j, s.dev[p], kNumDevKinds, dev_card_name); else j.null();
        j.key("development_new");
        if (sees(p)) write_counts(j, s.dev_new[p], kNumDevKinds, dev_card_name); else j.null();
        j.field("development_count", devs).field("development_new_count", fresh);
        j.field("knights", int(s.knights[p])).field("road_length", int(s.road_length[p]));
        j.field("settlements_left", kMaxSettlements - count_bits(s.settlements[p]));
        j.field("cities_left", kMaxCities - count_bits(s.cities[p]));
        j.field("roads_left", kMaxRoads - count_bits(s.roads[p][0]) - count_bits(s.roads[p][1]));
        j.field("public_vp", victory_points(s, p, false));
        j.key("vp");
        if (sees(p)) j.value(victory_points(s, p, true)); else j.null();
        j.field("discard_owed", int(s.discard_owed[p]));
        j.key("maritime_rates").begin_array();
        for (int r = 0; r < kNumResources; ++r) j.value(maritime_rate(s, p, r));
        j.end_array();
        j.end_object();
    }
    j.end_array();

    j.key("awards").begin_object();
    seat_or_null(j, "longest_road", s.road_holder);
    seat_or_null(j, "largest_army", s.army_holder);
    j.end_object();

    j.key("trade");
    const bool trading = s.phase == kTradeDraft || s.phase == kTradeAnswer || s.phase == kConfirmingTrade;
    if (!trading) {
        j.null();
    } else {
        const bool shown = s.phase != kTradeDraft || sees(s.current);
        j.begin_object().field("author", int(s.current)).field("open", s.phase != kTradeDraft);
        j.key("give");
        if (shown) write_counts(j, s.trade_give, kNumResources, resource_name); else j.null();
        j.key("want");
        if (shown) write_counts(j, s.trade_want, kNumResources, resource_name); else j.null();
        seat_or_null(j, "responder", s.trade_responder);
        j.key("accepted");
        write_seats(j, s.trade_accepts);
        j.field("compose_steps_left", int(s.trade_budget));
        j.end_object();
    }
    j.field("rolled", s.rolled != 0);
    j.field("compose_steps_left", int(s.trade_budget));
    j.field("free_roads", int(s.free_roads));
    j.field("development_played_this_turn", s.dev_played != 0);
    seat_or_null(j, "steal_victim", s.steal_victim);

    seat_or_null(j, "winner", s.winner);
    j.field("terminal", s.phase == kGameOver);
    j.field("truncated", s.truncated != 0);
    // Legal actions only for the one acting seat (another seat's could reveal its hand).
    j.key("legal_actions");
    const bool one_seat = acting && !(acting & kChanceBit) && std::has_single_bit(acting);
    const int actor = one_seat ? std::countr_zero(acting) : -1;
    if (one_seat && sees(actor)) {
        std::uint64_t words[(kNumActions + 63) / 64];
        legal_mask(s, actor, words);
        j.begin_array();
        for (int a = 0; a < kNumActions; ++a) {
            if ((words[a >> 6] >> (a & 63)) & 1) j.begin_object().field("id", a).field("name", action_name(a)).end_object();
        }
        j.end_array();
    } else {
        j.null();
    }
    j.end_object();
}

// The board on a character grid: each node at (2 * (x + 6) ... ) of its position, 8
// columns from its row neighbours, so that a hex holds its terrain spelled out. Nodes:
// '.' empty, S<seat> a settlement, C<seat> a city; edges: r<seat> a road, else '|', '/'
// or '\\' for the hex outline. Hexes: terrain and number at their centre, '*' beside the
// robber's number.
std::string Catan::render(const State& s) const {
    constexpr int kRows = 33, kCols = 52;
    std::vector<std::string> grid(kRows, std::string(kCols, ' '));
    auto put = [&](int row, int col, const std::string& text) {
        for (std::size_t i = 0; i < text.size(); ++i) {
            if (row >= 0 && row < kRows && col + int(i) >= 0 && col + int(i) < kCols) grid[row][col + i] = text[i];
        }
    };
    auto col_of = [](int x2) { return 2 * x2 + 25; };  // x2: twice the x coordinate
    for (int h = 0; h < kNumHexes; ++h) {
        const auto [x, y] = kTopology.hex_center[h];
        static constexpr const char* kTerrain[] = {"brick", "lumber", "wool", "grain", "ore", "desert"};
        const std::string terrain = kTerrain[s.terrain[h]];
        put(2 * (y + 8) - 1, col_of(2 * x) - int(terrain.size() + 1) / 2, terrain);
        std::string number = s.number[h] ? std::to_string(s.number[h]) : "";
        if (h == s.robber) number += "*";
        put(2 * (y + 8) + 1, col_of(2 * x) - 1, number);
    }
    // Edges: r and the owner's seat, or a line that shows the hex's outline.
    for (int e = 0; e < kNumEdges; ++e) {
        const auto& a = kTopology.node_position[kTopology.nodes_of_edge[e][0]];
        const auto& b = kTopology.node_position[kTopology.nodes_of_edge[e][1]];
        std::string mark = a[0] == b[0] ? "|" : ((b[0] - a[0]) * (b[1] - a[1]) < 0 ? "/" : "\\");
        int col = col_of(a[0] + b[0]);
        for (int p = 0; p < players_; ++p) {
            if (roads_of(s, p).test(e)) mark = "r" + std::to_string(p);
        }
        if (mark.size() == 2 && a[0] != b[0]) col -= 1;  // a diagonal road centred on its edge
        put(a[1] + b[1] + 16, col, mark);
    }
    for (int node = 0; node < kNumNodes; ++node) {
        std::string mark = ".";
        for (int p = 0; p < players_; ++p) {
            if ((s.settlements[p] >> node) & 1) mark = "S" + std::to_string(p);
            if ((s.cities[p] >> node) & 1) mark = "C" + std::to_string(p);
        }
        const auto [x, y] = kTopology.node_position[node];
        put(2 * (y + 8), col_of(2 * x), mark);
    }
    std::string out;
    for (const std::string& row : grid) {
        const auto end = row.find_last_not_of(' ');
        out += end == std::string::npos ? "" : row.substr(0, end + 1);
        out += '\n';
    }
    // Counts with their names spelled out: "brick 2, lumber 0, ...".
    auto named = [](const std::uint8_t* c, int kinds, auto name_of) {
        std::string t;
        for (int k = 0; k < kinds; ++k) t += (k ? ", " : "") + std::string(name_of(k)) + " " + std::to_string(c[k]);
        return t;
    };
    // Development cards held, only the kinds there are ("none" for none).
    auto held = [](const std::uint8_t* c) {
        std::string t;
        for (int k = 0; k < kNumDevKinds; ++k) {
            if (c[k]) t += (t.empty() ? "" : ", ") + std::string(dev_card_name(k)) + " " + std::to_string(c[k]);
        }
        return t.empty() ? std::string("none") : t;
    };
    out += "nodes: . empty, S0-S3 a seat's settlement, C0-C3 its city; edges: r0-r3 a seat's road, | / \\ empty;"
           " * the robber\n";
    out += "phase " + std::string(phase_name(s.phase)) + ", turn " + std::to_string(s.turn) + ", seat " +
           std::to_string(s.current) + (s.dice ? ", dice " + std::to_string(s.dice) : "") + "\n";
    out += "bank: " + named(s.bank, kNumResources, resource_name) + "\n";
    for (int p = 0; p < players_; ++p) {
        out += "seat " + std::to_string(p) + ": " + std::to_string(victory_points(s, p, true)) + " victory points, road " +
               std::to_string(s.road_length[p]) + ", knights played " + std::to_string(s.knights[p]) +
               (s.road_holder == p ? " [longest road]" : "") + (s.army_holder == p ? " [largest army]" : "") + "\n";
        out += "    resources: " + named(s.hand[p], kNumResources, resource_name) + "\n";
        out += "    development cards: " + held(s.dev[p]) + "; bought this turn: " + held(s.dev_new[p]) + "\n";
    }
    if (s.phase == kGameOver) out += s.truncated ? "truncated\n" : "seat " + std::to_string(s.winner) + " wins\n";
    return out;
}

}  // namespace meeple::catan
