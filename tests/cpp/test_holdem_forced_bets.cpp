// Hold'em's forced bets and betting structures on constructed hands: big-blind, button
// and per-position antes, ante trimming, straddles, and fixed-limit betting with its cap.
#include <string>
#include <utility>
#include <vector>

#include "check.hpp"
#include "core/error.hpp"
#include "core/options.hpp"
#include "games/holdem/holdem.hpp"

using namespace meeple;
using namespace meeple::holdem;

namespace {

using Given = std::vector<std::pair<std::string, std::string>>;

Holdem make(Given given) {
    return Holdem(Options("holdem", Holdem::option_specs(), given));
}

// A hand with the button fixed and every card dealt by the chance player: hole cards
// round the table from the seat left of the button, then the board, from `cards` (ids).
struct Hand {
    Holdem g;
    Holdem::State s{};
    Rng rng = Rng::from_seed(1);
    explicit Hand(Given given) : g(make(std::move(given))) { g.init(s, rng); }
    void deal(std::initializer_list<int> cards) {
        for (int c : cards) g.apply(s, kChance, g.deal_action(c), rng);
    }
    void deal_holes() {
        for (int c = 0; s.phase == kDealing && s.hole_dealt < g.num_players() * g.hole_count(); ++c) {
            g.apply(s, kChance, g.deal_action(c), rng);
        }
    }
    void call() { g.apply(s, s.actor, kCheckCall, rng); }
    void fold() { g.apply(s, s.actor, kFold, rng); }
    void raise_to(std::int64_t to) { g.apply_raise_to(s, s.actor, to); }
};

Given with(Given base, Given more) {
    base.insert(base.end(), more.begin(), more.end());
    return base;
}

const Given kThree = {{"players", "3"}, {"button", "2"}, {"explicit_chance", "true"}, {"stack", "100"}};

}  // namespace

TEST(a_big_blind_ante_is_paid_by_the_big_blinds_seat_alone) {
    for (const Given& extra : {Given{{"big_blind_ante", "6"}}, Given{{"antes", "0/6"}}}) {
        Hand h(with(kThree, extra));
        // Button 2: seat 0 posts the small blind, seat 1 the big blind and the ante.
        CHECK_EQ(h.s.contributed[0], 1);
        CHECK_EQ(h.s.contributed[1], 2 + 6);
        CHECK_EQ(h.s.contributed[2], 0);
        CHECK_EQ(h.s.bet[1], 2);  // the ante is no wager: calls match the blind
        h.deal_holes();
        CHECK_EQ(int(h.s.actor), 2);
        h.fold();
        h.fold();
        CHECK(h.g.is_terminal(h.s));
        CHECK_EQ(h.s.stack[1], 100 + 1);  // it takes the small blind back with its own
    }
}

TEST(an_untrimmed_big_blind_ante_is_dead_money_in_the_main_pot) {
    // Seat 0 (small blind) has 20 chips; the big blind's ante of 10 goes to the pot all
    // three seats are in, and the layers count the chips put in besides it.
    Hand h(with(kThree, {{"big_blind_ante", "10"}, {"stacks", "20/100/100"}}));
    h.deal_holes();
    h.raise_to(50);   // seat 2
    h.call();         // seat 0: all-in for 20
    h.call();         // seat 1: calls to 50
    std::int64_t amounts[kMaxSeats];
    std::uint16_t eligible[kMaxSeats];
    const int n = h.g.pots(h.s, amounts, eligible);
    CHECK_EQ(n, 2);
    CHECK_EQ(amounts[0], 3 * 20 + 10);
    CHECK_EQ(int(eligible[0]), 0b111);
    CHECK_EQ(amounts[1], 2 * 30);
    CHECK_EQ(int(eligible[1]), 0b110);
}

TEST(ante_trimming_returns_the_largest_ante_above_the_second_largest) {
    // Trimmed, a big-blind ante that no other seat matches comes back whole (PokerKit's
    // ante_trimming_status); uniform antes are the same either way.
    Hand bb(with(kThree, {{"big_blind_ante", "6"}, {"ante_trimming", "true"}}));
    CHECK_EQ(bb.s.contributed[1], 2);
    Hand mixed(with(kThree, {{"antes", "1/5/3"}, {"ante_trimming", "true"}}));
    CHECK_EQ(mixed.s.contributed[0], 1 + 1);
    CHECK_EQ(mixed.s.contributed[1], 3 + 2);
    CHECK_EQ(mixed.s.contributed[2], 3);
    for (const char* trim : {"true", "false"}) {
        Hand even(with(kThree, {{"ante", "2"}, {"ante_trimming", trim}}));
        CHECK_EQ(even.s.contributed[2], 2);
    }
}

TEST(a_button_ante_is_paid_by_the_button) {
    Hand h(with(kThree, {{"button_ante", "3"}}));
    CHECK_EQ(h.s.contributed[2], 3);
    CHECK_EQ(h.s.contributed[0], 1);
    Hand hu({{"players", "2"}, {"button", "0"}, {"button_ante", "3"}, {"explicit_chance", "true"}});
    CHECK_EQ(hu.s.contributed[0], 1 + 3);  // heads-up the button posts the small blind
    CHECK_EQ(hu.s.contributed[1], 2);
}

TEST(a_straddle_acts_last_preflop_and_play_starts_after_it) {
    // Four seats, button 3: seat 0 small blind, seat 1 big blind, seat 2 straddles 4.
    Hand h({{"players", "4"}, {"button", "3"}, {"blinds", "1/2/4"}, {"explicit_chance", "true"}});
    CHECK_EQ(h.s.bet[2], 4);
    h.deal_holes();
    CHECK_EQ(int(h.s.actor), 3);
    const BetRange r = h.g.bet_range(h.s, 3);
    CHECK_EQ(r.call, 4);
    CHECK_EQ(r.min_to, 4 + 2);  // the smallest raise adds the big blind, as PokerKit has it
    h.call();
    h.call();
    h.call();
    CHECK_EQ(int(h.s.actor), 2);  // the straddler has the option
    CHECK(h.g.bet_range(h.s, 2).can_raise);
    h.call();
    CHECK_EQ(int(h.s.street), int(kFlop));
    CHECK_EQ(h.g.pot_total(h.s), 16);
}

TEST(straddles_by_any_seats_open_after_the_largest) {
    Hand two({{"players", "5"}, {"button", "4"}, {"blinds", "1/2/4/8"}, {"explicit_chance", "true"}});
    two.deal_holes();
    CHECK_EQ(int(two.s.actor), 4);
    Hand none({{"players", "4"}, {"button", "3"}, {"blinds", "0/0/4"}, {"big_blind", "4"}, {"explicit_chance", "true"}});
    CHECK_EQ(none.s.contributed[0] + none.s.contributed[1], 0);
    none.deal_holes();
    CHECK_EQ(int(none.s.actor), 3);
    CHECK_EQ(none.g.bet_range(none.s, 3).min_to, 8);
}

TEST(limit_bets_are_the_small_bet_then_the_big_bet_with_a_cap_of_four) {
    Hand h({{"players", "2"}, {"button", "0"}, {"betting", "limit"}, {"explicit_chance", "true"}});
    CHECK_EQ(h.g.num_sizes(), 1);  // one raise action: the fixed bet or raise
    CHECK_EQ(h.g.num_actions(), 2 + 1 + 52);
    h.deal_holes();
    BetRange r = h.g.bet_range(h.s, 0);
    CHECK(r.can_raise && r.min_to == 4 && r.max_to == 4);
    CHECK_THROWS_STATUS(h.raise_to(6), Status::illegal_action);
    Rng rng = Rng::from_seed(0);
    for (int to : {4, 6, 8, 10}) {
        CHECK_EQ(h.g.bet_range(h.s, h.s.actor).min_to, to);
        h.g.apply(h.s, h.s.actor, kFirstRaise, rng);
    }
    CHECK(!h.g.bet_range(h.s, h.s.actor).can_raise);  // four bets and raises: capped
    CHECK(!h.g.is_legal(h.s, h.s.actor, kFirstRaise));
    h.call();
    h.deal({40, 41, 42});
    CHECK_EQ(h.g.bet_range(h.s, h.s.actor).min_to, 2);  // flop: the small bet
    h.call();
    h.call();
    h.deal({43});
    CHECK_EQ(h.g.bet_range(h.s, h.s.actor).min_to, 4);  // turn: the big bet
    h.raise_to(4);
    CHECK_EQ(h.g.bet_range(h.s, h.s.actor).min_to, 8);
}

TEST(limit_bets_follow_small_bet_big_bet_and_raise_cap) {
    Hand h({{"players", "2"}, {"button", "0"}, {"betting", "limit"}, {"small_bet", "5"}, {"big_bet", "7"},
            {"raise_cap", "2"}, {"explicit_chance", "true"}});
    h.deal_holes();
    h.raise_to(7);
    h.raise_to(12);
    CHECK(!h.g.bet_range(h.s, h.s.actor).can_raise);
    h.call();
    h.deal({40, 41, 42});
    h.call();
    h.call();
    h.deal({43});
    CHECK_EQ(h.g.bet_range(h.s, h.s.actor).min_to, 7);
}

TEST(a_short_limit_stack_may_go_all_in_for_less) {
    Hand h({{"players", "2"}, {"button", "0"}, {"betting", "limit"}, {"stacks", "7/100"}, {"explicit_chance", "true"}});
    h.deal_holes();
    h.raise_to(4);
    const BetRange r = h.g.bet_range(h.s, 1);
    CHECK_EQ(r.min_to, 6);
    h.raise_to(6);
    const BetRange shove = h.g.bet_range(h.s, 0);
    CHECK(shove.can_raise && shove.min_to == 7 && shove.max_to == 7);
}

TEST(bad_forced_bet_and_betting_options_are_refused_naming_the_rule) {
    auto refused = [](Given given, const std::string& words) {
        try {
            (void)make(std::move(given));
        } catch (const Error& e) {
            const bool ok = e.status() == Status::invalid_argument && std::string(e.what()).find(words) != std::string::npos;
            if (!ok) ::meeple::test::report(__FILE__, __LINE__, std::string("message: ") + e.what());
            return;
        }
        ::meeple::test::report(__FILE__, __LINE__, "accepted: " + words);
    };
    refused({{"betting", "limit"}, {"bet_sizes", "min/max"}}, "bet_sizes is min");
    refused({{"small_bet", "4"}}, "set betting=limit");
    refused({{"players", "3"}, {"antes", "1/2/3/4"}}, "lists 4 amounts for 3 players");
    refused({{"antes", "1/x"}}, "antes entry 'x' (position 1)");
    refused({{"ante", "1"}, {"antes", "0/1"}}, "not both");
    refused({{"small_blind", "2"}, {"big_blind", "4"}, {"blinds", "2/4/8"}}, "give blinds alone");
    refused({{"players", "3"}, {"blinds", "1/2/300"}}, "largest ante and blind or straddle");
    refused({{"big_blind_ante", "198"}}, "do not cover");
    refused({{"betting", "fixed"}}, "betting");
}

TEST(options_at_their_defaults_leave_the_canonical_spec_as_it_was) {
    const Options o("holdem", Holdem::option_specs(), {{"players", "3"}});
    CHECK_EQ(o.canonical("holdem"),
             std::string("holdem(players=3,variant=nlhe,stack=200,stacks=equal,small_blind=1,big_blind=2,ante=0,"
                         "button=-1,bet_sizes=min/0.5/1/2/max,explicit_chance=false,unit=big_blinds)"));
    const Options limit("holdem", Holdem::option_specs(), {{"betting", "limit"}});
    CHECK(limit.canonical("holdem").find(",betting=limit") != std::string::npos);
}

TEST(a_forced_bet_no_opponent_can_reach_leaves_its_seat_nothing_to_decide) {
    // Heads-up, the button antes 4 and posts the small blind 2 from 7 chips: 1 left, so
    // its wager can reach 3 at most, under the big blind's 4. The big blind has no
    // decision (PokerKit's rule): the small blind's all-in call ends the betting.
    Hand h({{"players", "2"}, {"button", "0"}, {"small_blind", "2"}, {"big_blind", "4"}, {"button_ante", "4"},
            {"stacks", "7/100"}, {"explicit_chance", "true"}});
    h.deal_holes();
    CHECK_EQ(int(h.s.actor), 0);
    CHECK_EQ(int(h.s.to_act), 0b01);
    h.call();
    CHECK_EQ(int(h.s.log_len), 1);
    CHECK(h.s.runout == 1 && h.s.phase == kDealing);
    CHECK_EQ(h.s.contributed[1], 3);  // the uncalled chip came back
}

TEST(betting_sets_the_structure_apart_from_the_variant_and_raise_cap_applies_to_any) {
    // Heads-up, the button (small blind, 1 in) to act facing 2: the pot is 3.
    Hand plhe({{"players", "2"}, {"button", "0"}, {"betting", "pot_limit"}, {"explicit_chance", "true"}});
    plhe.deal_holes();
    CHECK_EQ(plhe.g.bet_range(plhe.s, 0).max_to, 2 * 2 - 1 + 3);
    Hand nlo({{"players", "2"}, {"button", "0"}, {"variant", "plo"}, {"betting", "no_limit"}, {"explicit_chance", "true"}});
    nlo.deal_holes();
    CHECK_EQ(nlo.g.bet_range(nlo.s, 0).max_to, 200);
    Hand capped({{"players", "2"}, {"button", "0"}, {"raise_cap", "1"}, {"explicit_chance", "true"}});
    capped.deal_holes();
    capped.raise_to(10);
    CHECK(!capped.g.bet_range(capped.s, 1).can_raise);
    CHECK_EQ(capped.g.bet_range(capped.s, 1).call, 8);
}
