// Poker as a game: one hand of Texas Hold'em or Omaha for 2-10 seats, no-limit, pot-limit
// or fixed-limit, with antes (uniform, per seat, big-blind and button antes), blinds and
// straddles (docs/holdem.md states the rules, the actions and the observation).
//
// The state is plain data: chips per seat (stack behind, this street's wager, all put in
// this hand), the cards (hole cards, board, the mask of cards dealt), the betting round's
// bookkeeping (who still owes an action, who acted since the last full raise, the largest
// raise of the street) and the log of every betting action of the hand, from which views
// and hand histories are written. The game object holds the options: seats, stacks,
// blinds, ante, the raise sizes of the flat action space.
//
// Chance is the deal. With implicit chance (the default) the hole cards are drawn at
// init and the board when a street opens, from the state's generator. With explicit
// chance every card is its own chance step (52 outcomes at most, each equally likely):
// hole cards first, round the table from the seat left of the button, then the board.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"
#include "poker/hand.hpp"

namespace meeple::holdem {

inline constexpr int kMaxSeats = 10;
inline constexpr int kMaxSizes = 16;         // raise sizes in the action space
inline constexpr int kLogCapacity = 256;     // betting actions a hand can hold
inline constexpr int kHistoryRows = 16;      // actions in the observation's history
inline constexpr std::uint8_t kNoCard = 0xFF;
// The most chips a seat may hold: amounts fit the log's 40-bit field.
inline constexpr std::int64_t kMaxChips = 1'000'000'000'000;

// Fixed action ids; raise sizes follow, then one chance action per card.
inline constexpr int kFold = 0, kCheckCall = 1, kFirstRaise = 2;

// How much a seat may bet: any amount (no-limit), up to the pot, or the street's one
// fixed bet (small bet preflop and on the flop, big bet on the turn and river).
enum class Betting : std::uint8_t { no_limit, pot_limit, limit };

// What the state waits for.
enum Phase : std::uint8_t { kDealing, kBetting, kOver };
enum Street : std::uint8_t { kPreflop, kFlop, kTurn, kRiver };

// A betting action in the log: amount (chips: the wager this street reaches for a bet or
// raise, the chips put in for a call, 0 for a check or fold) in bits 0..39, seat in
// 40..43, kind in 44..45, street in 46..47.
enum LogKind : std::uint8_t { kLogFold = 0, kLogCheckCall = 1, kLogRaise = 2 };
inline constexpr std::uint64_t log_entry(std::int64_t amount, int seat, int kind, int street) {
    return std::uint64_t(amount) | std::uint64_t(seat) << 40 | std::uint64_t(kind) << 44 |
           std::uint64_t(street) << 46;
}
inline constexpr std::int64_t log_amount(std::uint64_t e) { return std::int64_t(e & ((1ull << 40) - 1)); }
inline constexpr int log_seat(std::uint64_t e) { return int(e >> 40 & 15); }
inline constexpr int log_kind(std::uint64_t e) { return int(e >> 44 & 3); }
inline constexpr int log_street(std::uint64_t e) { return int(e >> 46 & 3); }

// What a seat to act may do now.
struct BetRange {
    bool can_fold = false;        // only when facing a bet: checking is free
    std::int64_t call = 0;        // chips a check/call puts in (0: a check)
    bool can_raise = false;
    std::int64_t min_to = 0;      // smallest legal bet/raise, as the wager it reaches
    std::int64_t max_to = 0;      // largest: all-in (no-limit) or the pot (pot-limit)
};

// A raise size of the flat action space: a fraction num/den of the pot after calling,
// or the minimum or maximum raise.
struct RaiseSize {
    enum Kind : std::uint8_t { kMin, kMax, kPotFraction } kind;
    std::int64_t num, den;
};

class Holdem {
public:
    static constexpr std::string_view kName = "holdem";
    static constexpr std::uint32_t kStateVersion = 1;
    static constexpr std::uint32_t kObservationVersion = 1;

    struct State {
        std::int64_t stack[kMaxSeats];        // chips behind
        std::int64_t bet[kMaxSeats];          // this street's wager
        std::int64_t contributed[kMaxSeats];  // chips put in this hand: ante, blinds, bets
        std::int64_t won[kMaxSeats];          // chips taken from the pots at the end
        std::int64_t raise_amount;            // the largest raise increment this street
        std::int64_t short_sum;               // consecutive short all-in raises since the last full one
        std::uint64_t dealt;                  // every card dealt (hole and board) as a mask
        std::uint64_t log[kLogCapacity];
        std::uint8_t hole[kMaxSeats][4];      // kNoCard until dealt
        std::uint8_t board[5];                // kNoCard until dealt
        std::uint8_t phase;
        std::uint8_t street;
        std::uint8_t actor;                   // the seat to act while betting
        std::uint16_t to_act;                 // seats still owing an action this street
        std::uint16_t acted;                  // seats that acted since the last full raise
        std::uint16_t folded;
        std::uint16_t shown;                  // hands shown at showdown
        std::uint16_t log_len;
        std::uint8_t button;
        std::uint8_t opener;                  // the street's first actor or its last bettor
        std::uint8_t hole_dealt;              // hole cards dealt so far (explicit chance)
        std::uint8_t cards_owed;              // cards to deal before play goes on
        std::uint8_t runout;                  // betting is over: the board is dealt to the end
        std::uint8_t short_pending;           // short_sum holds at least one short all-in
        std::uint8_t showdown;                // the hand ended at a showdown
        std::uint8_t reserved[7];             // zero; keeps the state free of padding
    };

    static std::span<const OptionSpec> option_specs();
    explicit Holdem(const Options& options);

    int num_players() const { return players_; }
    int num_actions() const { return kFirstRaise + num_sizes_ + poker::kDeckSize; }
    std::span<const ObsField> obs_fields() const { return {fields_.data(), fields_.size()}; }

    void init(State& s, Rng& rng) const;
    Actors actors(const State& s) const;
    void legal_mask(const State& s, int player, std::uint64_t* words) const;
    bool is_legal(const State& s, int player, int action) const;
    void apply(State& s, int player, int action, Rng& rng) const { apply_step(s, player, action, rng, -1); }
    // As apply, with the card the step deals (if it deals exactly one) forced to
    // `outcome`, a chance action id; -1 draws from rng.
    void apply_step(State& s, int player, int action, Rng& rng, int outcome) const;
    bool is_terminal(const State& s) const { return s.phase == kOver; }
    bool truncated(const State&) const { return false; }
    // Chips won or lost (stack at the end less the starting stack), in chips or big
    // blinds as the `unit` option says; zeros until the hand is over.
    void returns(const State& s, double* out) const;
    void step_reward(const State& s, double* out) const { returns(s, out); }
    void observe(const State& s, int viewer, float* out) const;
    void view(const State& s, int viewer, JsonWriter& json) const;
    std::string render(const State& s) const;
    std::string action_name(int action) const;
    std::string check(const State& s) const;
    void determinize(State& s, int pov, Rng& rng) const;

    int max_chance_outcomes() const { return poker::kDeckSize; }
    int chance_outcomes(const State& s, ChanceOutcome* out) const;
    // Implicit chance: the card a step deals, when it deals exactly one (the turn or the
    // river); 0 when it deals none. A step that deals several cards at once (the hole
    // cards, the flop, a run-out) throws Error(invalid_argument): explicit chance lists
    // those one card at a time.
    int action_outcomes(const State& s, int player, int action, ChanceOutcome* out) const;

    // The exact form: a bet or raise by `player` to a wager of `to` chips this street
    // (as PHH's `cbr`). Throws Error (not_active, wrong_state, illegal_action naming the
    // legal range) and leaves the state unchanged on bad input.
    void apply_raise_to(State& s, int player, std::int64_t to) const;

    // Rules, named for what they decide (betting.cpp).
    BetRange bet_range(const State& s, int seat) const;
    std::int64_t size_amount(const State& s, int seat, const BetRange& r, int size) const;
    std::int64_t pot_total(const State& s) const;
    std::int64_t max_bet(const State& s) const;
    bool live(const State& s, int seat) const { return !((s.folded >> seat) & 1); }
    // The pots as they would be split now: amount and eligible seats (bits), main first.
    int pots(const State& s, std::int64_t* amounts, std::uint16_t* eligible) const;
    // The seats in the order they show at showdown.
    int showdown_order(const State& s, int* seats) const;

    // Options.
    poker::Variant variant() const { return variant_; }
    int hole_count() const { return hole_count_; }
    std::int64_t starting_stack(int seat) const { return stacks_[seat]; }
    std::int64_t small_blind() const { return small_blind_; }
    std::int64_t big_blind() const { return big_blind_; }
    std::int64_t ante() const { return ante_; }
    Betting betting() const { return betting_; }
    bool ante_trimming() const { return ante_trimming_; }
    // The ante a seat posts (after trimming) and its blind or straddle, for a button.
    std::int64_t ante_of(int seat, int button) const { return ante_pos_[position(seat, button)]; }
    std::int64_t blind_of(int seat, int button) const { return forced_[position(seat, button)]; }
    // The smallest bet (no-limit, pot-limit) or the fixed bet (limit) of a street.
    std::int64_t street_bet(int street) const {
        return betting_ == Betting::limit ? (street < kTurn ? small_bet_ : big_bet_) : big_blind_;
    }
    // The most bets and raises a street allows (0: no cap).
    int raise_cap() const { return raise_cap_; }
    // Bets and raises made on the state's street so far (from the log).
    int raises_this_street(const State& s) const;
    bool explicit_chance() const { return explicit_chance_; }
    int num_sizes() const { return num_sizes_; }
    const RaiseSize& raise_size(int i) const { return sizes_[i]; }
    int deal_action(int card) const { return kFirstRaise + num_sizes_ + card; }
    // Seats in blind order: the small blind's and the big blind's seats for a button.
    int small_blind_seat(int button) const { return players_ == 2 ? button : (button + 1) % players_; }
    int big_blind_seat(int button) const { return (small_blind_seat(button) + 1) % players_; }
    // A seat's position in blind order: 0 the small blind's seat, 1 the big blind's, then
    // clockwise (PHH's order of antes and blinds_or_straddles).
    int position(int seat, int button) const { return (seat - small_blind_seat(button) + players_) % players_; }
    int seat_at(int position, int button) const { return (small_blind_seat(button) + position) % players_; }
    // The first seat to act preflop.
    int preflop_opener(int button) const;

private:
    void post_and_open(State& s) const;
    void deal_card(State& s, int card) const;
    int draw_card(const State& s, Rng& rng) const;
    void after_deal(State& s) const;
    void open_street(State& s) const;
    void act(State& s, int seat, int kind, std::int64_t to) const;
    void after_action(State& s, int seat) const;
    void close_street(State& s) const;
    void return_uncalled(State& s) const;
    void finish(State& s) const;
    void deal_owed(State& s, Rng& rng, int forced) const;
    void build_fields();
    void parse_forced_bets(const Options& o);

    int players_;
    poker::Variant variant_;
    int hole_count_;
    std::int64_t stacks_[kMaxSeats] = {};
    std::int64_t small_blind_, big_blind_, ante_;
    Betting betting_ = Betting::no_limit;
    std::int64_t small_bet_ = 0, big_bet_ = 0;
    int raise_cap_ = 0;
    // By position in blind order: the forced bet (blind or straddle) and the ante posted.
    std::int64_t forced_[kMaxSeats] = {};
    std::int64_t ante_pos_[kMaxSeats] = {};
    bool custom_blinds_ = false;   // `blinds` lists the forced bets
    bool uniform_antes_ = true;    // every seat posts the same ante
    bool ante_trimming_ = false;
    int button_option_;
    bool explicit_chance_, unit_chips_;
    int num_sizes_ = 0;
    RaiseSize sizes_[kMaxSizes] = {};
    std::string size_names_[kMaxSizes];
    std::vector<ObsField> fields_;
};

const char* street_name(int street);

}  // namespace meeple::holdem
