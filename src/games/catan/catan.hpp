// Catan, the base game with player trading, for 2-4 players (specs/catan.md;
// the actions are in docs/catan-actions.md, the observation in docs/catan-observation.md).
//
// The state is 336 bytes of plain data: node and edge bitsets per player, hands and
// development cards as counts, the bank, the deck as counts (which card comes next is
// drawn from the state's generator at draw time, so the deck has no hidden order), the
// layout, and the counters of the turn. The game object holds only the options.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "core/game.hpp"
#include "games/catan/actions.hpp"
#include "games/catan/board.hpp"

namespace meeple::catan {

// What the state waits for.
enum Phase : std::uint8_t {
    kSetupSettlement,   // the setup seat places a settlement
    kSetupRoad,         // ... then a road touching it
    kBeforeRoll,        // the turn seat rolls, or plays a development card first
    kDiscarding,        // the lowest seat still owing discards drops one card
    kMovingRobber,      // the turn seat moves the robber
    kChooseVictim,      // the turn seat picks whom to rob among several
    kMain,              // builds, trades, development cards, end of turn
    kPlacingFreeRoads,  // free roads of a road building card (before or after the roll)
    kTradeDraft,        // the turn seat composes an offer, seen by nobody else yet
    kTradeAnswer,       // the open offer waits for trade_responder's answer
    kConfirmingTrade,   // the turn seat picks one accepting seat, or cancels
    kAwaitingDice,      // explicit chance: the dice
    kAwaitingDevCard,   // explicit chance: the development card drawn
    kAwaitingSteal,     // explicit chance: the card taken from steal_victim
    kGameOver,
    kNumPhases
};

inline constexpr std::uint8_t kSupply[kNumResources] = {19, 19, 19, 19, 19};
inline constexpr std::uint8_t kDeckCounts[kNumDevKinds] = {14, 5, 2, 2, 2};
inline constexpr int kMaxRoads = 15, kMaxSettlements = 5, kMaxCities = 4;
// The most of one resource an offer may want: a whole supply.
inline constexpr std::uint8_t kMaxWanted = 19;

class Catan {
public:
    static constexpr std::string_view kName = "catan";
    // 2: harbors on the frame's places (three moved to the neighbouring coast edge), and
    // free roads of a road building card placed before the roll.
    static constexpr std::uint32_t kStateVersion = 2;
    static constexpr std::uint32_t kObservationVersion = 2;
    static constexpr std::string_view kDataKeys = "topology, versions, symmetries";

    struct State {
        std::uint64_t settlements[kMaxSeats];  // node bitsets
        std::uint64_t cities[kMaxSeats];
        std::uint64_t roads[kMaxSeats][2];     // EdgeSet words
        std::uint64_t road_nodes[kMaxSeats];   // nodes each seat's roads touch (a cache)
        std::uint64_t distance_blocked;        // nodes the distance rule closes (a cache)
        std::uint32_t turn;                    // turns ended so far
        std::uint8_t hand[kMaxSeats][kNumResources];
        std::uint8_t dev[kMaxSeats][kNumDevKinds];      // held since before this turn
        std::uint8_t dev_new[kMaxSeats][kNumDevKinds];  // bought this turn: not yet playable
        std::uint8_t bank[kNumResources];
        std::uint8_t deck[kNumDevKinds];
        std::uint8_t played[kNumDevKinds];     // development cards played, by kind (public)
        std::uint8_t terrain[kNumHexes];
        std::uint8_t number[kNumHexes];
        std::uint8_t harbor[kNumHarbors];
        std::uint8_t knights[kMaxSeats];       // knights played
        std::uint8_t road_length[kMaxSeats];   // longest trail of each seat
        std::uint8_t discard_owed[kMaxSeats];
        std::uint8_t trade_give[kNumResources];
        std::uint8_t trade_want[kNumResources];
        std::uint8_t phase;
        std::uint8_t current;          // the seat whose turn (or setup placement) it is
        std::uint8_t setup_step;       // 0 .. 2 * players - 1
        std::uint8_t robber;           // hex
        std::uint8_t dice;             // last roll's sum, 0 before any
        std::uint8_t rolled;           // the turn seat has rolled this turn
        std::uint8_t dev_played;       // a development card was played this turn
        std::uint8_t free_roads;       // roads left of a road building card
        std::uint8_t army_holder;      // seat or kNone
        std::uint8_t road_holder;      // seat or kNone
        std::uint8_t winner;           // seat or kNone
        std::uint8_t last_settlement;  // setup: the node the next road must touch
        std::uint8_t trade_responder;  // the seat answering the open offer
        std::uint8_t trade_accepts;    // seats that accepted and can pay, as bits
        std::uint8_t trade_budget;     // compose steps left this turn
        std::uint8_t steal_victim;     // explicit chance: the seat robbed
        std::uint8_t truncated;        // the turn cap ended the game
        std::uint8_t reserved[3];      // zero; keeps the state free of padding
    };
    static_assert(sizeof(State) == 336);

    static std::span<const OptionSpec> option_specs();
    explicit Catan(const Options& options);

    int num_players() const { return players_; }
    int num_actions() const { return kNumActions; }
    std::span<const ObsField> obs_fields() const;

    void init(State& s, Rng& rng) const;
    // Inline, because the batch loops ask it twice a step (rules.cpp has the rest).
    Actors actors(const State& s) const {
        // The phases where the turn (or setup) seat acts: one test for most steps.
        constexpr std::uint32_t kTurnSeatActs = (1u << kSetupSettlement) | (1u << kSetupRoad) | (1u << kBeforeRoll) |
                                                (1u << kMovingRobber) | (1u << kChooseVictim) | (1u << kMain) |
                                                (1u << kPlacingFreeRoads) | (1u << kTradeDraft) | (1u << kConfirmingTrade);
        if (s.phase < kNumPhases && ((kTurnSeatActs >> s.phase) & 1)) return Actors{1} << s.current;
        switch (s.phase) {
            case kGameOver: return 0;
            case kAwaitingDice:
            case kAwaitingDevCard:
            case kAwaitingSteal: return kChanceBit;
            case kDiscarding:
                for (int p = 0; p < players_; ++p) {
                    if (s.discard_owed[p]) return Actors{1} << p;
                }
                return 0;
            case kTradeAnswer: return Actors{1} << s.trade_responder;
            default: return Actors{1} << s.current;
        }
    }
    void legal_mask(const State& s, int player, std::uint64_t* words) const;
    // is_legal and apply_step take domestic trade, most steps of random play, straight
    // to its rules (trade.cpp) inline, and the other phases to rules.cpp.
    bool is_legal(const State& s, int player, int action) const {
        if (s.phase == kTradeAnswer) return action == kTradeAccept || action == kTradeDecline;
        if (s.phase == kTradeDraft || s.phase == kConfirmingTrade)
            return action >= 0 && action < kNumActions && legal_trade(s, player, action);
        return legal_outside_trade(s, player, action);
    }
    void apply(State& s, int player, int action, Rng& rng) const { apply_step(s, player, action, rng, -1); }
    // As apply, with the chance event of the step (if any) forced to `outcome` (a
    // chance action id) instead of drawn; outcome -1 draws from rng.
    void apply_step(State& s, int player, int action, Rng& rng, int outcome) const {
        if ((s.phase >= kTradeDraft && s.phase <= kConfirmingTrade) || (s.phase == kMain && action >= kTradeGive))
            return apply_trade(s, player, action);
        apply_outside_trade(s, player, action, rng, outcome);
    }
    bool is_terminal(const State& s) const { return s.phase == kGameOver; }
    bool truncated(const State& s) const { return s.truncated != 0; }
    // +1 for the winner, -1 for the others; zeros while the game goes on or when truncated.
    void returns(const State& s, double* out) const;
    // Rewards come only with the step that ends the game.
    void step_reward(const State& s, double* out) const { returns(s, out); }
    // For search where a rollout stops early: each seat's victory points ahead of the
    // others' mean, over the points to win, within the returns' [-1, 1].
    void heuristic_value(const State& s, double* out) const;
    void observe(const State& s, int viewer, float* out) const;
    // Feature vectors for value networks (features.cpp, docs/catan-features.md).
    static constexpr std::uint32_t kFeatureVersion = 1;
    std::span<const ObsField> feature_fields() const;
    void features(const State& s, int viewer, int variant, float* out) const;
    void view(const State& s, int viewer, JsonWriter& json) const;
    std::string render(const State& s) const;
    std::string action_name(int action) const;
    std::string check(const State& s) const;
    void determinize(State& s, int pov, Rng& rng) const;
    // A state in any phase from a JSON position (position.cpp, docs/catan-actions.md).
    void from_position(const JsonValue& position, State& s, Rng& rng) const;
    // Constant data by name: "topology", "versions" (topology_json.cpp).
    bool data(std::string_view key, JsonWriter& json) const;

    // Event rows (events.cpp, docs/recording.md): the offer on the table before an
    // action, then each seat's public and true points and hand size, the phase and the
    // last roll after it. Trade steps have their own event types.
    std::span<const EventField> event_fields() const;
    std::int32_t event_type(int action) const;
    std::int32_t event_turn(const State& s) const { return static_cast<std::int32_t>(s.turn); }
    void event_before(const State& s, std::int32_t* out) const;
    void event_after(const State& s, std::int32_t* out) const;

    // Explicit chance: the pending outcomes. With implicit chance, none.
    int max_chance_outcomes() const { return 11; }
    int chance_outcomes(const State& s, ChanceOutcome* out) const;
    // The chance outcomes a legal action of `player` would draw in this state (as
    // chance action ids with probabilities), or 0 when the action draws nothing.
    int action_outcomes(const State& s, int player, int action, ChanceOutcome* out) const;

    // Options.
    int vp_to_win() const { return vp_to_win_; }
    int max_turns() const { return max_turns_; }
    bool explicit_chance() const { return explicit_chance_; }
    bool friendly_robber() const { return friendly_robber_; }
    // The friendly robber shields seats with at most this many public victory points.
    static constexpr int kFriendlyRobberShield = 2;
    int trade_compose_budget() const { return trade_budget_; }

    // Rules, named for what they decide (rules.cpp, trade.cpp, longest_road.cpp).
    static std::uint64_t occupied_nodes(const State& s);
    static EdgeSet all_roads(const State& s);
    static EdgeSet roads_of(const State& s, int seat) { return {s.roads[seat][0], s.roads[seat][1]}; }
    static int hand_size(const State& s, int seat);
    static bool satisfies_distance_rule(const State& s, int node);
    static bool road_connects(const State& s, int seat, int edge);
    static bool can_build_settlement_at(const State& s, int seat, int node);
    // True victory points (with hidden VP cards) or the public ones.
    static int victory_points(const State& s, int seat, bool with_hidden);
    // The longest trail of `seat`'s roads, cut at opponents' buildings.
    static int longest_road(const State& s, int seat);
    // The same once `seat`'s road on `edge` is placed, from s.road_length[seat] as it
    // was before that road (only trails through the new edge are searched).
    static int longest_road_with(const State& s, int seat, int edge);
    // 4, 3 with a generic harbor, 2 with that resource's harbor.
    static int maritime_rate(const State& s, int seat, int resource);
    // Opponents of the turn seat with a building on `hex` and a card, as seat bits
    // (with the friendly robber, only those with 3 or more public victory points).
    unsigned robbable_seats(const State& s, int hex) const;
    // The friendly robber: hexes the robber may not be moved to, as hex bits.
    std::uint32_t hexes_closed_to_robber(const State& s) const;
    // The five rates at once: rates[resource].
    static void maritime_rates(const State& s, int seat, int* rates);
    // The same as a word with the rate of resource r in byte lane r (bits 8r..8r+7).
    static std::uint64_t maritime_rate_lanes(const State& s, int seat);
    static bool can_pay(const std::uint8_t* hand, const std::uint8_t* cost);
    // The caches recomputed from the pieces (check() compares them).
    static std::uint64_t nodes_touched_by_roads(const State& s, int seat);
    static std::uint64_t nodes_closed_by_distance(const State& s);

private:
    void read_turn(const JsonValue& position, State& s) const;
    bool legal_outside_trade(const State& s, int seat, int action) const;
    void apply_outside_trade(State& s, int seat, int action, Rng& rng, int outcome) const;
    bool legal_in_main(const State& s, int seat, int action) const;
    bool legal_dev_play(const State& s, int seat, int action) const;
    void set_dev_play_bits(const State& s, int seat, std::uint64_t* words) const;
    // The mask's heavier phases, each in a function of its own (rules.cpp).
    void set_main_bits(const State& s, int seat, std::uint64_t* words) const;
    void set_free_road_bits(const State& s, int seat, std::uint64_t* words) const;
    void set_robber_bits(const State& s, std::uint64_t* words) const;
    void set_chance_bits(const State& s, int seat, std::uint64_t* words) const;
    bool legal_trade(const State& s, int seat, int action) const;
    void apply_trade(State& s, int seat, int action) const;
    void roll(State& s, int sum) const;
    void produce(State& s, int sum) const;
    void after_robber(State& s, Rng& rng, int outcome) const;
    void steal(State& s, int victim, int resource) const;
    void draw_dev(State& s, int card) const;
    void after_setup_road(State& s) const;
    void end_turn(State& s) const;
    void finish_robbery(State& s) const;
    // Road lengths and the longest road card after a road of `builder` on `edge`, or a
    // settlement of it on `node` (longest_road.cpp).
    void update_roads_after_road(State& s, int builder, int edge) const;
    void update_roads_after_settlement(State& s, int builder, int node) const;
    void award_longest_road(State& s, const std::uint8_t* before) const;
    void update_army(State& s, int seat) const;
    bool can_place_free_road(const State& s, int seat) const;

    int players_, vp_to_win_, max_turns_, trade_budget_;
    bool beginner_, allow_adjacent_red_, explicit_chance_, friendly_robber_;
};

// "brick", "lumber", ... and "knight", "victory_point", ... as in action names and views.
const char* resource_name(int resource);
const char* dev_card_name(int kind);
// "setup_settlement", "main", ... as in views.
const char* phase_name(int phase);

}  // namespace meeple::catan
