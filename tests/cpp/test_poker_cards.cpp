// Card text: the forms that parse, the ones that do not, and round trips.
#include <string>

#include "check.hpp"
#include "core/error.hpp"
#include "poker/cards.hpp"
#include "poker/hand.hpp"

using namespace meeple;
using namespace meeple::poker;

TEST(poker_card_ids_follow_suit_times_13_plus_rank) {
    CHECK_EQ(parse_card("2c"), 0);
    CHECK_EQ(parse_card("Ac"), 12);
    CHECK_EQ(parse_card("2d"), 13);
    CHECK_EQ(parse_card("As"), 51);
    CHECK_EQ(parse_card("td"), card_id(10, 1));
    for (int id = 0; id < kDeckSize; ++id) CHECK_EQ(parse_card(format_card(id)), id);
}

TEST(poker_cards_parse_with_or_without_separators_in_text_order) {
    CHECK(parse_cards("AsKs Qd") == (std::vector<int>{51, 50, card_id(12, 1)}));
    CHECK(parse_cards(" as, ks\tqd ") == parse_cards("AsKs Qd"));
    CHECK(parse_cards("").empty());
    CHECK_EQ(format_mask(parse_mask("2c Ah Kd As")), "As Ah Kd 2c");
    CHECK_EQ(format_mask(0), "");
}

TEST(poker_bad_cards_are_named_in_the_error) {
    CHECK_THROWS_STATUS(parse_cards("As Ax"), Status::parse);
    CHECK_THROWS_STATUS(parse_cards("1s"), Status::parse);
    CHECK_THROWS_STATUS(parse_cards("100s"), Status::parse);
    CHECK_THROWS_STATUS(parse_cards("AsK"), Status::parse);
    CHECK_THROWS_STATUS(parse_cards("As as"), Status::invalid_argument);
    try {
        parse_cards("Ks Ax");
    } catch (const Error& e) {
        CHECK_EQ(std::string(e.what()),
                 "bad card 'Ax': a card is a rank 2-9, T (or 10), J, Q, K, A then a suit c, d, h, s "
                 "(or \u2663 \u2666 \u2665 \u2660), as in 'As', '10d' or 'A\u2660'");
    }
}

TEST(poker_ten_may_be_written_10_and_suits_as_symbols) {
    CHECK(parse_cards("10s") == parse_cards("Ts"));
    CHECK(parse_cards("10s10h") == parse_cards("Ts Th"));
    CHECK(parse_cards("A\u2660 K\u2665 Q\u2666 J\u2663") == parse_cards("As Kh Qd Jc"));
    CHECK(parse_cards("A\u2664K\u2661Q\u2662J\u2667") == parse_cards("As Kh Qd Jc"));  // white suits
    CHECK(parse_cards("A\u2660\uFE0F 10\u2665") == parse_cards("As Th"));  // emoji presentation
    try {
        parse_cards("A\u2660 K\u2602");  // an umbrella is no suit: the token is kept whole
    } catch (const Error& e) {
        CHECK(std::string(e.what()).rfind("bad card 'K\u2602':", 0) == 0);
    }
}

TEST(poker_deck_deals_every_card_once_and_follows_its_seed) {
    Deck a(5, parse_mask("As Ks")), b(5, parse_mask("As Ks"));
    CardMask dealt = 0;
    for (int i = 0; i < 50; ++i) {
        const int id = a.deal();
        CHECK_EQ(id, b.deal());
        CHECK(!(dealt & card_bit(id)));
        dealt |= card_bit(id);
    }
    CHECK_EQ(dealt, kDeckMask & ~parse_mask("As Ks"));
    CHECK_THROWS_STATUS(a.deal(), Status::wrong_state);
}

TEST(poker_plo_uses_exactly_two_hole_cards_and_three_board_cards) {
    // Four spades in hand and one on board is no flush in PLO; in Hold'em terms it would be.
    const CardMask hole = parse_mask("As Ks Qs Js"), board = parse_mask("2s 7d 8c 9h 3d");
    CHECK(category_of(evaluate_hand(Variant::plo, hole, board)) != Category::flush);
    // Four aces on the board are no quads in PLO: three of them and two kings make a full house.
    CHECK(category_of(evaluate_hand(Variant::plo, parse_mask("Kc Kd 2c 3c"), parse_mask("Ah Ac Ad As 8s"))) ==
          Category::full_house);
    // The board's straight does not play unless two hole cards take part.
    CHECK(category_of(evaluate_hand(Variant::plo, parse_mask("2c 2d 7h 7s"), parse_mask("9s Tc Jd Qh Kh"))) ==
          Category::one_pair);
    CHECK_THROWS_STATUS(evaluate_hand(Variant::plo, parse_mask("As Ks"), board), Status::invalid_argument);
    CHECK_THROWS_STATUS(evaluate_hand(Variant::holdem, parse_mask("As Ks"), parse_mask("2c 3c")), Status::invalid_argument);
}

TEST(poker_showdown_names_every_winner_of_a_split_pot) {
    const CardMask holes[] = {parse_mask("2c 3d"), parse_mask("4h 5h"), parse_mask("2d 3c")};
    std::uint32_t values[3];
    const std::vector<int> w = showdown(Variant::holdem, holes, 3, parse_mask("As Ks Qs Js Ts"), values);
    CHECK(w == (std::vector<int>{0, 1, 2}));  // everyone plays the board's royal flush
    CHECK(values[0] == values[1] && values[1] == values[2]);
    const CardMask holes2[] = {parse_mask("Ac Ad"), parse_mask("Kc Kd"), parse_mask("Ac 2c")};
    CHECK_THROWS_STATUS(showdown(Variant::holdem, holes2, 3, parse_mask("2s 7d 8c 9h 3d"), nullptr),
                        Status::invalid_argument);
    const std::vector<int> w2 = showdown(Variant::holdem, holes2, 2, parse_mask("2s 7d 8c 9h 3d"), nullptr);
    CHECK(w2 == (std::vector<int>{0}));
}

TEST(poker_batches_match_single_calls_at_any_thread_count) {
    std::vector<CardMask> masks;
    Rng rng = Rng::from_seed(3);
    for (int i = 0; i < 50000; ++i) {
        CardMask m = 0;
        while (card_count(m) < 5 + i % 3) m |= card_bit(static_cast<int>(rng.below(52)));
        masks.push_back(m);
    }
    std::vector<std::uint32_t> one(masks.size()), many(masks.size());
    evaluate_batch(masks.data(), masks.size(), one.data(), 1);
    evaluate_batch(masks.data(), masks.size(), many.data(), 3);
    CHECK(one == many);
    for (std::size_t i = 0; i < masks.size(); i += 997) CHECK_EQ(one[i], evaluate(masks[i]));
    masks[123] = parse_mask("As Ks");
    std::vector<std::uint32_t> untouched(masks.size(), 9);
    CHECK_THROWS_STATUS(evaluate_batch(masks.data(), masks.size(), untouched.data(), 2), Status::invalid_argument);
    CHECK(untouched == std::vector<std::uint32_t>(masks.size(), 9));
}
