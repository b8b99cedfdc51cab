// Domestic trade: composing an offer card by card, answers in seat order, confirming
// with one accepting seat or cancelling, an accept without the cards, the per-turn
// compose budget.
#include <cstring>

#include "catan_fixture.hpp"
#include "check.hpp"

using namespace meeple;
using namespace meeple::test;
using namespace meeple::catan;

namespace {

const std::vector<std::pair<std::string, std::string>> kBeginner = {{"board", "beginner"}};

// Seat 0 holds a brick and offers it for an ore; seats 1 and 2 hold ore, seat 3 none.
CatanState offer_position(const CatanFixture& g) {
    CatanState s = g.blank();
    give(s, 0, {1, 0, 0, 0, 0});
    give(s, 1, {0, 0, 0, 0, 2});
    give(s, 2, {0, 0, 0, 0, 1});
    return s;
}

}  // namespace

TEST(catan_offer_is_composed_card_by_card_with_no_resource_on_both_sides) {
    CatanFixture g(kBeginner);
    CatanState s = offer_position(g);
    CHECK(g->is_legal(s, 0, kTradeGive + kBrick));
    CHECK(!g->is_legal(s, 0, kTradeGive + kWool));  // not held
    CHECK(!g->is_legal(s, 0, kTradeOpen));
    play(*g, s, 0, kTradeGive + kBrick);
    CHECK_EQ(s.phase, kTradeDraft);
    CHECK_EQ(s.trade_give[kBrick], 1);
    CHECK(!g->is_legal(s, 0, kTradeGive + kBrick));  // only one brick held
    CHECK(!g->is_legal(s, 0, kTradeWant + kBrick));  // already given
    CHECK(!g->is_legal(s, 0, kTradeOpen));           // nothing wanted yet
    CHECK(!g->is_legal(s, 0, kBuildRoad + 0));       // composing only
    play(*g, s, 0, kTradeWant + kOre);
    CHECK(g->is_legal(s, 0, kTradeOpen));
    CHECK(g->check(s).empty());
}

TEST(catan_offer_answers_go_in_seat_order_and_an_accept_without_cards_declines) {
    CatanFixture g(kBeginner);
    CatanState s = offer_position(g);
    play(*g, s, 0, kTradeGive + kBrick);
    play(*g, s, 0, kTradeWant + kOre);
    play(*g, s, 0, kTradeOpen);
    CHECK_EQ(s.phase, kTradeAnswer);
    for (int seat = 1; seat <= 3; ++seat) {
        CHECK_EQ(g->actors(s), Actors{1} << seat);
        CHECK(g->is_legal(s, seat, kTradeAccept));
        play(*g, s, seat, kTradeAccept);
        CHECK(g->check(s).empty());
    }
    CHECK_EQ(s.phase, kConfirmingTrade);
    CHECK_EQ(s.trade_accepts, 0b0110);  // seat 3 could not pay
    CHECK(!g->is_legal(s, 0, kTradeConfirm + 3));
    CHECK(g->is_legal(s, 0, kTradeConfirm + 2));
    play(*g, s, 0, kTradeConfirm + 1);
    CHECK_EQ(s.phase, kMain);
    CHECK_EQ(s.hand[0][kBrick], 0);
    CHECK_EQ(s.hand[0][kOre], 1);
    CHECK_EQ(s.hand[1][kBrick], 1);
    CHECK_EQ(s.hand[1][kOre], 1);
    CHECK_EQ(s.hand[2][kOre], 1);
    CHECK(g->check(s).empty());
}

TEST(catan_offer_cancelled_or_declined_by_all_changes_no_card) {
    CatanFixture g(kBeginner);
    CatanState s = offer_position(g);
    const CatanState start = s;
    play(*g, s, 0, kTradeGive + kBrick);
    play(*g, s, 0, kTradeCancel);
    CHECK_EQ(s.phase, kMain);
    CHECK(std::memcmp(s.hand, start.hand, sizeof s.hand) == 0);
    play(*g, s, 0, kTradeGive + kBrick);
    play(*g, s, 0, kTradeWant + kOre);
    play(*g, s, 0, kTradeOpen);
    for (int seat = 1; seat <= 3; ++seat) play(*g, s, seat, kTradeDecline);
    CHECK_EQ(s.phase, kMain);
    CHECK_EQ(s.trade_give[kBrick], 0);
    play(*g, s, 0, kTradeGive + kBrick);
    play(*g, s, 0, kTradeWant + kOre);
    play(*g, s, 0, kTradeOpen);
    play(*g, s, 1, kTradeAccept);
    play(*g, s, 2, kTradeDecline);
    play(*g, s, 3, kTradeDecline);
    CHECK(g->is_legal(s, 0, kTradeCancel));
    play(*g, s, 0, kTradeCancel);
    CHECK_EQ(s.phase, kMain);
    CHECK(std::memcmp(s.hand, start.hand, sizeof s.hand) == 0);
    CHECK(g->check(s).empty());
}

TEST(catan_compose_budget_bounds_the_offers_of_a_turn) {
    CatanFixture g({{"board", "beginner"}, {"trade_budget", "2"}});
    CatanState s = offer_position(g);
    play(*g, s, 0, kTradeGive + kBrick);
    play(*g, s, 0, kTradeWant + kOre);
    CHECK(!g->is_legal(s, 0, kTradeWant + kWool));
    CHECK(g->is_legal(s, 0, kTradeOpen));
    play(*g, s, 0, kTradeCancel);
    CHECK(!g->is_legal(s, 0, kTradeGive + kBrick));  // spent for this turn
    play(*g, s, 0, kEndTurn);
    CHECK_EQ(s.trade_budget, 2);  // the next turn has its own
    CatanFixture none({{"board", "beginner"}, {"trade_budget", "0"}});
    const CatanState t = offer_position(none);
    CHECK(!none->is_legal(t, 0, kTradeGive + kBrick));
}

TEST(catan_domestic_trade_only_in_the_turn_seats_main_phase) {
    CatanFixture g(kBeginner);
    CatanState s = offer_position(g);
    s.phase = kBeforeRoll;
    s.rolled = 0;
    CHECK(!g->is_legal(s, 0, kTradeGive + kBrick));
}
