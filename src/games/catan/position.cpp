// A state from a described position (docs/catan-actions.md, "Positions"), after setup:
//   {"board": optional {"terrain": 19 names, "numbers": 19 numbers (null on the
//    desert), "harbors": 9 names ("generic" or a resource)}, else the game's own board
//    drawn from the seed; "robber": hex (default: the desert); "buildings": [{"node",
//    "owner", "kind": "settlement" | "city"}]; "roads": [{"edge", "owner"}];
//    "resources", "development" (playable cards), "knights": one entry a seat;
//    "turn_seat", "turn", "phase": "before_roll" | "main", "dice"}
// Cards come out of the bank and the deck; longest road and largest army go to a sole
// leader at 5 roads and 3 knights. Every rule is then checked by check().
#include <string>

#include "core/error.hpp"
#include "core/echo.hpp"
#include "games/catan/catan.hpp"

namespace meeple::catan {
namespace {

[[noreturn]] void reject(const std::string& what) { fail(Status::invalid_argument, "catan position: " + what); }

int read_int(const JsonValue* v, const std::string& where, int lo, int hi) {
    if (!v || !v->is_integer() || v->as_int() < lo || v->as_int() > hi)
        reject(where + " must be an integer from " + std::to_string(lo) + " to " + std::to_string(hi));
    return static_cast<int>(v->as_int());
}

int read_name(const JsonValue* v, const std::string& where, std::initializer_list<const char*> names) {
    int i = 0;
    std::string all;
    for (const char* name : names) {
        if (v && v->is_string() && v->as_string() == name) return i;
        all += (i++ ? ", " : "") + std::string(name);
    }
    reject(where + " must be one of " + all);
}

const JsonValue& read_list(const JsonValue* v, const std::string& where, std::size_t size) {
    if (!v || !v->is_array() || (size && v->items().size() != size))
        reject(where + " must be a list" + (size ? " of " + std::to_string(size) : std::string()));
    return *v;
}

// One row of counts per seat (resources or development cards), into rows[seat][k].
void read_counts(const JsonValue& position, const char* key, int players, int kinds, std::uint8_t rows[][5]) {
    const JsonValue* v = position.find(key);
    if (!v) return;
    const JsonValue& list = read_list(v, std::string("\"") + key + "\"", static_cast<std::size_t>(players));
    for (int p = 0; p < players; ++p) {
        const std::string where = std::string(key) + "[" + std::to_string(p) + "]";
        const JsonValue& row = read_list(&list.items()[p], where, static_cast<std::size_t>(kinds));
        for (int k = 0; k < kinds; ++k)
            rows[p][k] = static_cast<std::uint8_t>(read_int(&row.items()[k], where + "[" + std::to_string(k) + "]", 0, 25));
    }
}

}  // namespace

void Catan::from_position(const JsonValue& position, State& s, Rng& rng) const {
    if (!position.is_object()) reject("expected an object, not " + std::string(position.kind_name()));
    for (const auto& [key, value] : position.members()) {
        static constexpr const char* kKeys[] = {"board", "robber", "buildings", "roads", "resources", "development",
                                                "knights", "turn_seat", "turn", "phase", "dice"};
        bool known = false;
        for (const char* k : kKeys) known = known || key == k;
        if (!known) {
            reject("unknown key \"" + echo(key) +
                   "\"; the keys are board, robber, buildings, roads, resources, development, knights, turn_seat, "
                   "turn, phase, dice");
        }
    }
    init(s, rng);  // the board from the seed, bank and deck full
    if (const JsonValue* board = position.find("board")) {
        if (!board->is_object()) reject("\"board\" must be an object with terrain, numbers and harbors");
        const JsonValue& terrain = read_list(board->find("terrain"), "board.terrain", kNumHexes);
        const JsonValue& numbers = read_list(board->find("numbers"), "board.numbers", kNumHexes);
        const JsonValue& harbors = read_list(board->find("harbors"), "board.harbors", kNumHarbors);
        for (int h = 0; h < kNumHexes; ++h) {
            const std::string where = "board.terrain[" + std::to_string(h) + "]";
            s.terrain[h] = static_cast<std::uint8_t>(
                read_name(&terrain.items()[h], where, {"brick", "lumber", "wool", "grain", "ore", "desert"}));
            const JsonValue& n = numbers.items()[h];
            s.number[h] = n.is_null() ? 0 : static_cast<std::uint8_t>(read_int(&n, "board.numbers[" + std::to_string(h) + "]", 2, 12));
            if (s.terrain[h] == kDesert) s.robber = static_cast<std::uint8_t>(h);
        }
        for (int h = 0; h < kNumHarbors; ++h) {
            s.harbor[h] = static_cast<std::uint8_t>(read_name(&harbors.items()[h], "board.harbors[" + std::to_string(h) + "]",
                                                              {"brick", "lumber", "wool", "grain", "ore", "generic"}));
        }
    }
    if (position.find("robber")) s.robber = static_cast<std::uint8_t>(read_int(position.find("robber"), "\"robber\"", 0, kNumHexes - 1));

    if (const JsonValue* list = position.find("buildings")) {
        for (const JsonValue& b : read_list(list, "\"buildings\"", 0).items()) {
            const int node = read_int(b.find("node"), "a building's node", 0, kNumNodes - 1);
            const int owner = read_int(b.find("owner"), "a building's owner", 0, players_ - 1);
            const int kind = read_name(b.find("kind"), "a building's kind", {"settlement", "city"});
            if ((occupied_nodes(s) >> node) & 1) reject("node " + std::to_string(node) + " holds two buildings");
            (kind ? s.cities : s.settlements)[owner] |= 1ull << node;
        }
    }
    if (const JsonValue* list = position.find("roads")) {
        for (const JsonValue& r : read_list(list, "\"roads\"", 0).items()) {
            const int edge = read_int(r.find("edge"), "a road's edge", 0, kNumEdges - 1);
            const int owner = read_int(r.find("owner"), "a road's owner", 0, players_ - 1);
            if (all_roads(s).test(edge)) reject("edge " + std::to_string(edge) + " holds two roads");
            s.roads[owner][edge >> 6] |= 1ull << (edge & 63);
        }
    }
    for (int p = 0; p < players_; ++p) s.road_nodes[p] = nodes_touched_by_roads(s, p);
    s.distance_blocked = nodes_closed_by_distance(s);

    // Cards come out of the bank and the deck; played knights out of the deck too.
    read_counts(position, "resources", players_, kNumResources, s.hand);
    read_counts(position, "development", players_, kNumDevKinds, s.dev);
    if (const JsonValue* v = position.find("knights")) {
        const JsonValue& list = read_list(v, "\"knights\"", static_cast<std::size_t>(players_));
        for (int p = 0; p < players_; ++p)
            s.knights[p] = static_cast<std::uint8_t>(read_int(&list.items()[p], "knights[" + std::to_string(p) + "]", 0, 14));
    }
    for (int r = 0; r < kNumResources; ++r) {
        int held = 0;
        for (int p = 0; p < players_; ++p) held += s.hand[p][r];
        if (held > kSupply[r]) reject(std::string("the hands hold ") + std::to_string(held) + " " + resource_name(r) + "; there are 19");
        s.bank[r] = static_cast<std::uint8_t>(kSupply[r] - held);
    }
    for (int p = 0; p < players_; ++p) s.played[kKnight] = static_cast<std::uint8_t>(s.played[kKnight] + s.knights[p]);
    for (int k = 0; k < kNumDevKinds; ++k) {
        int out = s.played[k];
        for (int p = 0; p < players_; ++p) out += s.dev[p][k];
        if (out > kDeckCounts[k]) reject(std::string("more ") + dev_card_name(k) + " cards than the deck's " + std::to_string(kDeckCounts[k]));
        s.deck[k] = static_cast<std::uint8_t>(kDeckCounts[k] - out);
    }
    // Awards to a sole leader.
    int best = 0, at_best = 0, best_seat = 0, army = 0, at_army = 0, army_seat = 0;
    for (int p = 0; p < players_; ++p) {
        s.road_length[p] = static_cast<std::uint8_t>(longest_road(s, p));
        if (s.road_length[p] > best) best = s.road_length[p], at_best = 1, best_seat = p;
        else if (s.road_length[p] == best) ++at_best;
        if (s.knights[p] > army) army = s.knights[p], at_army = 1, army_seat = p;
        else if (s.knights[p] == army) ++at_army;
    }
    s.road_holder = best >= 5 && at_best == 1 ? static_cast<std::uint8_t>(best_seat) : kNone;
    if (army >= 3 && at_army > 1) reject("largest army is tied at " + std::to_string(army) + " knights; its holder is not known");
    s.army_holder = army >= 3 ? static_cast<std::uint8_t>(army_seat) : kNone;
    if (best >= 5 && at_best > 1) reject("longest road is tied at " + std::to_string(best) + "; its holder is not known");

    // The turn, after setup.
    s.setup_step = static_cast<std::uint8_t>(2 * players_);
    s.current = static_cast<std::uint8_t>(position.find("turn_seat") ? read_int(position.find("turn_seat"), "\"turn_seat\"", 0, players_ - 1) : 0);
    s.turn = static_cast<std::uint32_t>(position.find("turn") ? read_int(position.find("turn"), "\"turn\"", 0, max_turns_ - 1) : 0);
    const bool main = position.find("phase") && read_name(position.find("phase"), "\"phase\"", {"before_roll", "main"}) == 1;
    s.phase = main ? kMain : kBeforeRoll;
    s.rolled = main;
    if (position.find("dice")) s.dice = static_cast<std::uint8_t>(read_int(position.find("dice"), "\"dice\"", 2, 12));
    s.trade_budget = static_cast<std::uint8_t>(trade_budget_);
}

}  // namespace meeple::catan
