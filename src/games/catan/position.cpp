// A state from a described position (docs/catan-actions.md, "Positions"), in any
// phase: pieces, cards, awards, and the turn (setup, before the roll, discards owed,
// the robber, a victim to choose, road building, the main phase, an offer in any of
// its steps, and with explicit chance a pending outcome). Cards come out of the bank
// and the deck; awards go to a sole leader unless stated. Every rule is then checked
// by check(), whose message names the first one broken.
#include <bit>
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

bool read_bool(const JsonValue* v, const std::string& where) {
    if (!v->is_bool()) reject(where + " must be true or false");
    return v->as_bool();
}

// Five counts, one a resource.
void read_resources(const JsonValue* v, const std::string& where, std::uint8_t* out) {
    const JsonValue& list = read_list(v, where, kNumResources);
    for (int r = 0; r < kNumResources; ++r)
        out[r] = static_cast<std::uint8_t>(read_int(&list.items()[r], where + "[" + std::to_string(r) + "]", 0, kMaxWanted));
}

bool in_trade(int phase) { return phase == kTradeDraft || phase == kTradeAnswer || phase == kConfirmingTrade; }

}  // namespace

// The turn: whose it is, its phase and what that phase holds. Defaults are what the
// phase implies (rolled after the roll, a card played in road building, ...); a stated
// value that the phase rules out is refused.
void Catan::read_turn(const JsonValue& position, State& s) const {
    int phase = kBeforeRoll;
    if (const JsonValue* v = position.find("phase")) {
        std::string names;
        phase = -1;
        for (int ph = 0; ph < kGameOver; ++ph) {
            if (v->is_string() && v->as_string() == phase_name(ph)) phase = ph;
            names += (ph ? ", " : "") + std::string(phase_name(ph));
        }
        if (phase < 0) reject("\"phase\" must be one of " + names);
    }
    const std::string in_phase = std::string("in phase ") + phase_name(phase) + ", ";
    s.phase = static_cast<std::uint8_t>(phase);
    if (const JsonValue* v = position.find("turn")) s.turn = static_cast<std::uint32_t>(read_int(v, "\"turn\"", 0, max_turns_ - 1));
    if (const JsonValue* v = position.find("dice"); v && !v->is_null()) s.dice = static_cast<std::uint8_t>(read_int(v, "\"dice\"", 2, 12));
    const JsonValue* turn_seat = position.find("turn_seat");
    const int stated_seat = turn_seat ? read_int(turn_seat, "\"turn_seat\"", 0, players_ - 1) : -1;

    if (phase == kSetupSettlement || phase == kSetupRoad) {
        // The settlements on the board say the setup step, and snake order the seat.
        int placed = 0;
        for (int p = 0; p < players_; ++p) {
            if (s.cities[p]) reject(in_phase + "there are no cities yet");
            placed += count_bits(s.settlements[p]);
        }
        const int step = placed - (phase == kSetupRoad);
        if (step < 0 || step >= 2 * players_) {
            reject(in_phase + "the settlements placed (" + std::to_string(placed) + ") must number " +
                   (phase == kSetupRoad ? "1 to " : "0 to ") + std::to_string(2 * players_ - (phase == kSetupSettlement)));
        }
        const int seat = step < players_ ? step : 2 * players_ - 1 - step;
        if (stated_seat >= 0 && stated_seat != seat) {
            reject(in_phase + "after " + std::to_string(placed) + " settlements snake order gives the turn to seat " +
                   std::to_string(seat) + ", not " + std::to_string(stated_seat));
        }
        s.setup_step = static_cast<std::uint8_t>(step);
        s.current = static_cast<std::uint8_t>(seat);
        if (phase == kSetupRoad) {
            // The settlement just placed: the seat's one that no road of its own touches.
            int count = 0;
            for (std::uint64_t b = s.settlements[seat] & ~s.road_nodes[seat]; b; b &= b - 1) {
                s.last_settlement = static_cast<std::uint8_t>(std::countr_zero(b));
                ++count;
            }
            if (count != 1) {
                reject(in_phase + "seat " + std::to_string(seat) + " needs exactly one settlement without its road (the one just placed), not " +
                       std::to_string(count));
            }
        }
    } else {
        s.setup_step = static_cast<std::uint8_t>(2 * players_);
        s.current = static_cast<std::uint8_t>(stated_seat >= 0 ? stated_seat : 0);
    }

    // Rolled or not: fixed by most phases; the robber, road building and a pending steal
    // may come before the roll (a knight, a road building card) or after it.
    const bool either = phase == kMovingRobber || phase == kChooseVictim || phase == kPlacingFreeRoads || phase == kAwaitingSteal;
    const bool after = phase == kMain || phase == kDiscarding || in_trade(phase) || phase == kAwaitingDevCard;
    bool rolled = after || either;
    if (const JsonValue* v = position.find("rolled")) {
        rolled = read_bool(v, "\"rolled\"");
        if (!either && rolled != after) reject(in_phase + "\"rolled\" must be " + (after ? "true" : "false"));
    }
    s.rolled = rolled;
    const bool card_played = phase == kPlacingFreeRoads || (either && !rolled);
    bool dev_played = card_played;
    if (const JsonValue* v = position.find("development_played_this_turn")) {
        dev_played = read_bool(v, "\"development_played_this_turn\"");
        if (card_played && !dev_played) {
            reject(in_phase + "a development card was played this turn (road building, or a knight before the roll): "
                              "\"development_played_this_turn\" must be true");
        }
    }
    s.dev_played = dev_played;

    if (const JsonValue* v = position.find("discard_owed")) {
        const JsonValue& list = read_list(v, "\"discard_owed\"", static_cast<std::size_t>(players_));
        for (int p = 0; p < players_; ++p) {
            const int owed = read_int(&list.items()[p], "discard_owed[" + std::to_string(p) + "]", 0, 95);
            if (owed > hand_size(s, p) / 2) {
                reject("discard_owed[" + std::to_string(p) + "] is more than half the seat's hand (a 7 takes half of a hand "
                       "over 7, rounded down, and each discard lowers both)");
            }
            s.discard_owed[p] = static_cast<std::uint8_t>(owed);
        }
    }
    if (phase == kDiscarding && !(actors(s) & 0xF)) reject(in_phase + "\"discard_owed\" must name a card owed by some seat");

    s.free_roads = phase == kPlacingFreeRoads ? 2 : 0;
    if (const JsonValue* v = position.find("free_roads")) {
        if (phase != kPlacingFreeRoads) reject(in_phase + "there are no free roads; \"free_roads\" belongs to road_building");
        s.free_roads = static_cast<std::uint8_t>(read_int(v, "\"free_roads\"", 1, 2));
    }

    const JsonValue* trade = position.find("trade");
    if (in_trade(phase) && !trade) reject(in_phase + "\"trade\" must give the offer: {\"give\", \"want\", ...}");
    if (trade && !in_trade(phase)) reject(in_phase + "there is no offer; \"trade\" belongs to trade_draft, trade_answer, trade_confirm");
    int offered = 0;
    if (trade) {
        if (!trade->is_object()) reject("\"trade\" must be an object with give, want, responder, accepted");
        for (const auto& [key, value] : trade->members()) {
            if (key != "give" && key != "want" && key != "responder" && key != "accepted")
                reject("unknown key \"trade." + key + "\"; the keys are give, want, responder, accepted");
        }
        if (trade->find("give")) read_resources(trade->find("give"), "trade.give", s.trade_give);
        if (trade->find("want")) read_resources(trade->find("want"), "trade.want", s.trade_want);
        for (int r = 0; r < kNumResources; ++r) offered += s.trade_give[r] + s.trade_want[r];
        if (phase != kTradeDraft && offered == 0) reject(in_phase + "the open offer must give and want cards");
        const JsonValue* responder = trade->find("responder");
        if ((phase == kTradeAnswer) != (responder != nullptr))
            reject(in_phase + "\"trade.responder\" " + (phase == kTradeAnswer ? "must name the seat answering" : "belongs to trade_answer"));
        if (responder) s.trade_responder = static_cast<std::uint8_t>(read_int(responder, "trade.responder", 0, players_ - 1));
        if (const JsonValue* v = trade->find("accepted")) {
            if (phase == kTradeDraft) reject(in_phase + "nobody has answered yet; \"trade.accepted\" must be left out");
            const int n = players_, answered = phase == kTradeAnswer ? (s.trade_responder - s.current + n) % n : n;
            for (const JsonValue& seat : read_list(v, "trade.accepted", 0).items()) {
                const int p = read_int(&seat, "a seat in trade.accepted", 0, players_ - 1);
                if ((p - s.current + n) % n >= answered)
                    reject("seat " + std::to_string(p) + " has not answered yet: seats answer in order after the author");
                s.trade_accepts = static_cast<std::uint8_t>(s.trade_accepts | (1u << p));
            }
        }
    }
    const int budget_left = trade_budget_ - offered;
    s.trade_budget = static_cast<std::uint8_t>(phase == kSetupSettlement || phase == kSetupRoad ? 0 : budget_left > 0 ? budget_left : 0);
    if (const JsonValue* v = position.find("compose_steps_left"))
        s.trade_budget = static_cast<std::uint8_t>(read_int(v, "\"compose_steps_left\"", 0, trade_budget_));

    const JsonValue* victim = position.find("steal_victim");
    if ((phase == kAwaitingSteal) != (victim != nullptr))
        reject(in_phase + "\"steal_victim\" " + (phase == kAwaitingSteal ? "must name the seat robbed" : "belongs to chance_steal"));
    if (victim) s.steal_victim = static_cast<std::uint8_t>(read_int(victim, "\"steal_victim\"", 0, players_ - 1));
}

void Catan::from_position(const JsonValue& position, State& s, Rng& rng) const {
    if (!position.is_object()) reject("expected an object, not " + std::string(position.kind_name()));
    for (const auto& [key, value] : position.members()) {
        static constexpr const char* kKeys[] = {
            "board", "robber", "buildings", "roads", "resources", "development", "development_new", "knights",
            "played", "awards", "turn_seat", "turn", "phase", "dice", "rolled", "development_played_this_turn",
            "discard_owed", "free_roads", "trade", "compose_steps_left", "steal_victim"};
        bool known = false;
        std::string all;
        for (const char* k : kKeys) known = known || key == k, all += (all.empty() ? "" : ", ") + std::string(k);
        if (!known) reject("unknown key \"" + echo(key) + "\"; the keys are " + all);
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
    read_counts(position, "development_new", players_, kNumDevKinds, s.dev_new);
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
    if (const JsonValue* v = position.find("played")) {
        // Progress cards played so far; the knights are the seats' knights.
        const JsonValue& list = read_list(v, "\"played\"", kNumDevKinds);
        for (int k = 1; k < kNumDevKinds; ++k)
            s.played[k] = static_cast<std::uint8_t>(read_int(&list.items()[k], "played[" + std::to_string(k) + "]", 0, kDeckCounts[k]));
        if (read_int(&list.items()[kKnight], "played[0]", 0, kDeckCounts[kKnight]) != s.played[kKnight])
            reject("played[0] must equal the knights the seats played, " + std::to_string(s.played[kKnight]));
        if (s.played[kVictoryPoint]) reject("victory point cards are never played: played[1] must be 0");
    }
    for (int k = 0; k < kNumDevKinds; ++k) {
        int out = s.played[k];
        for (int p = 0; p < players_; ++p) out += s.dev[p][k] + s.dev_new[p][k];
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
    s.army_holder = army >= 3 && at_army == 1 ? static_cast<std::uint8_t>(army_seat) : kNone;
    const JsonValue* awards = position.find("awards");
    if (awards) {
        // Stated holders: needed where a tie keeps the card with whoever had it first.
        if (!awards->is_object()) reject("\"awards\" must be an object with longest_road and largest_army (a seat or null)");
        for (const auto& [key, value] : awards->members()) {
            if (key != "longest_road" && key != "largest_army")
                reject("unknown award \"" + key + "\"; the awards are longest_road, largest_army");
            const std::uint8_t holder =
                value.is_null() ? kNone : static_cast<std::uint8_t>(read_int(&value, "awards." + key, 0, players_ - 1));
            (key == "longest_road" ? s.road_holder : s.army_holder) = holder;
        }
    }
    if (!(awards && awards->find("largest_army")) && army >= 3 && at_army > 1)
        reject("largest army is tied at " + std::to_string(army) + " knights; say its holder in awards.largest_army");
    if (!(awards && awards->find("longest_road")) && best >= 5 && at_best > 1)
        reject("longest road is tied at " + std::to_string(best) + "; say its holder in awards.longest_road");

    read_turn(position, s);
}

}  // namespace meeple::catan
