/* The poker functions through the header only: card text, evaluation, showdown,
 * batches and equity, with their buffer and error conventions. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "meeple/meeple.h"

static uint64_t mask_of(const char *text) {
    uint64_t m = 0;
    CHECK_OK(meeple_poker_parse_mask(text, &m));
    return m;
}

static void test_poker_parse_and_format_round_trip(void) {
    int32_t ids[8];
    size_t n = 0;
    char text[64];
    CHECK_OK(meeple_poker_parse_cards("AsKs Qd", NULL, 0, &n));
    CHECK(n == 3);
    CHECK_OK(meeple_poker_parse_cards("AsKs Qd", ids, 8, &n));
    CHECK(n == 3 && ids[0] == 51 && ids[1] == 50 && ids[2] == 13 + 10);
    CHECK_STATUS(meeple_poker_parse_cards("AsKs Qd", ids, 2, &n), MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK_OK(meeple_poker_format_mask(mask_of("2c Ah Kd As"), text, sizeof text, &n));
    CHECK(strcmp(text, "As Ah Kd 2c") == 0 && n == 11);
    CHECK_STATUS(meeple_poker_format_mask((uint64_t)1 << 60, text, sizeof text, &n), MEEPLE_ERR_INVALID_ARGUMENT);
}

static void test_poker_bad_card_names_the_token(void) {
    uint64_t m = 77;
    CHECK_STATUS(meeple_poker_parse_mask("As Ax", &m), MEEPLE_ERR_PARSE);
    CHECK(m == 77);
    CHECK(strstr(meeple_last_error_message(), "'Ax'") != NULL);
    CHECK(strstr(meeple_last_error_message(), "as in 'As', '10d'") != NULL);
    CHECK_STATUS(meeple_poker_parse_mask("As As", &m), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_poker_parse_mask(NULL, &m), MEEPLE_ERR_INVALID_ARGUMENT);
}

static void test_poker_cards_take_10_and_suit_symbols(void) {
    uint64_t ten = 0, symbols = 0, letters = 0;
    CHECK_OK(meeple_poker_parse_mask("10s 10h", &ten));
    CHECK_OK(meeple_poker_parse_mask("Ts Th", &letters));
    CHECK(ten == letters);
    /* A of spades, K of hearts, Q of diamonds, J of clubs, in UTF-8 */
    CHECK_OK(meeple_poker_parse_mask("A\xE2\x99\xA0K\xE2\x99\xA5 Q\xE2\x99\xA6 J\xE2\x99\xA3", &symbols));
    CHECK_OK(meeple_poker_parse_mask("As Kh Qd Jc", &letters));
    CHECK(symbols == letters);
    /* a bad suit symbol is named whole, never cut inside its UTF-8 bytes */
    CHECK_STATUS(meeple_poker_parse_mask("K\xE2\x98\x82", &symbols), MEEPLE_ERR_PARSE);
    CHECK(strstr(meeple_last_error_message(), "'K\xE2\x98\x82'") != NULL);
}

static void test_poker_evaluate_and_describe(void) {
    uint32_t royal = 0, wheel = 0;
    int32_t category = -1, ranks[5];
    size_t n = 0;
    char words[64];
    CHECK_OK(meeple_poker_evaluate(mask_of("As Ks Qs Js Ts 2c 2d"), &royal));
    CHECK(royal == 7462);
    CHECK_OK(meeple_poker_value_category(royal, &category));
    CHECK(category == MEEPLE_POKER_STRAIGHT_FLUSH);
    CHECK_OK(meeple_poker_describe(royal, words, sizeof words, &n));
    CHECK(strcmp(words, "Straight Flush, ace high") == 0);
    CHECK_OK(meeple_poker_evaluate(mask_of("Ac 2d 3h 4s 5c 9d"), &wheel));
    CHECK_OK(meeple_poker_value_ranks(wheel, ranks, 5, &n));
    CHECK(n == 1 && ranks[0] == 5);
    CHECK_STATUS(meeple_poker_evaluate(mask_of("As Ks Qs Js"), &wheel), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_poker_value_category(0, &category), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_poker_describe(7463, words, sizeof words, &n), MEEPLE_ERR_INVALID_ARGUMENT);
}

static void test_poker_evaluate_hand_for_both_games(void) {
    uint32_t holdem = 0, plo = 0;
    const uint64_t board = mask_of("2s 7s 8s 9h 3d");
    CHECK_OK(meeple_poker_evaluate_hand(MEEPLE_POKER_HOLDEM, mask_of("As Ks"), board, &holdem));
    CHECK_OK(meeple_poker_evaluate_hand(MEEPLE_POKER_PLO, mask_of("As Ks Qd Jd"), board, &plo));
    CHECK(holdem == plo); /* the same ace-high spade flush */
    CHECK_STATUS(meeple_poker_evaluate_hand(2, mask_of("As Ks"), board, &holdem), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_poker_evaluate_hand(MEEPLE_POKER_HOLDEM, mask_of("As 2s"), board, &holdem),
                 MEEPLE_ERR_INVALID_ARGUMENT);
}

static void test_poker_showdown_reports_split_pots(void) {
    uint64_t holes[3];
    uint32_t values[3] = {0, 0, 0};
    int32_t winners[3];
    size_t n = 0;
    holes[0] = mask_of("Ac Kd");
    holes[1] = mask_of("Ad Kc");
    holes[2] = mask_of("Qh Qd");
    CHECK_OK(meeple_poker_showdown(MEEPLE_POKER_HOLDEM, holes, 3, mask_of("2s 7s 8c 9h Tc"), NULL, NULL, 0, &n));
    CHECK(n == 1); /* queens win */
    CHECK_OK(meeple_poker_showdown(MEEPLE_POKER_HOLDEM, holes, 3, mask_of("As Ks 8c 9h 2c"), values, winners, 3, &n));
    CHECK(n == 2 && winners[0] == 0 && winners[1] == 1 && values[0] == values[1] && values[2] < values[0]);
    holes[2] = mask_of("Ac Qd");
    CHECK_STATUS(meeple_poker_showdown(MEEPLE_POKER_HOLDEM, holes, 3, mask_of("As Ks 8c 9h 2d"), values, winners, 3, &n),
                 MEEPLE_ERR_INVALID_ARGUMENT);
}

static void test_poker_batches(void) {
    uint64_t masks[3];
    uint32_t out[3] = {1, 1, 1};
    uint64_t holes[2], boards[2];
    masks[0] = mask_of("As Ks Qs Js Ts");
    masks[1] = mask_of("7c 5d 4h 3s 2c");
    masks[2] = mask_of("Ah Ad Ac As Kd 2c 3c");
    CHECK_OK(meeple_poker_evaluate_batch(masks, 3, 0, out));
    CHECK(out[0] == 7462 && out[1] == 1 && out[2] == 7452);
    masks[1] = mask_of("7c 5d");
    out[0] = out[1] = out[2] = 9;
    CHECK_STATUS(meeple_poker_evaluate_batch(masks, 3, 2, out), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(out[0] == 9 && out[2] == 9);
    CHECK(strstr(meeple_last_error_message(), "masks[1]") != NULL);
    CHECK_STATUS(meeple_poker_evaluate_batch(masks, 3, -1, out), MEEPLE_ERR_INVALID_ARGUMENT);
    {
        /* Card ids, suit * 13 + rank - 2: As Ks Qs Js Ts (spades 39..51), then 7c 5d 4h 3s 2c. */
        const uint8_t ids[10] = {51, 50, 49, 48, 47, 5, 16, 28, 40, 0};
        uint8_t twice[10];
        CHECK_OK(meeple_poker_evaluate_ids_batch(ids, 2, 5, 0, out));
        CHECK(out[0] == 7462 && out[1] == 1);
        memcpy(twice, ids, sizeof twice);
        twice[9] = 5; /* 7c twice in the second hand */
        out[0] = out[1] = 9;
        CHECK_STATUS(meeple_poker_evaluate_ids_batch(twice, 2, 5, 1, out), MEEPLE_ERR_INVALID_ARGUMENT);
        CHECK(out[0] == 9 && out[1] == 9);
        CHECK(strstr(meeple_last_error_message(), "hand 1") != NULL);
        CHECK(strstr(meeple_last_error_message(), "card 5 twice") != NULL);
        CHECK_STATUS(meeple_poker_evaluate_ids_batch(ids, 2, 4, 1, out), MEEPLE_ERR_INVALID_ARGUMENT);
        CHECK(strstr(meeple_last_error_message(), "5, 6 or 7") != NULL);
        CHECK_STATUS(meeple_poker_evaluate_ids_batch(NULL, 2, 5, 1, out), MEEPLE_ERR_INVALID_ARGUMENT);
        CHECK_OK(meeple_poker_evaluate_ids_batch(NULL, 0, 7, 1, NULL));
    }
    holes[0] = mask_of("As Ks Qd Jd");
    holes[1] = mask_of("2c 3c 4c 5c");
    boards[0] = boards[1] = mask_of("Ts 9s 8d");
    CHECK_OK(meeple_poker_evaluate_hand_batch(MEEPLE_POKER_PLO, holes, boards, 2, 1, out));
    CHECK(out[0] > 0 && out[1] > 0);
}

static void test_poker_equity_exact_and_monte_carlo(void) {
    uint64_t hands[2];
    double win[2], tie[2], eq[2], se[2], win2[2], tie2[2], eq2[2], se2[2];
    uint64_t count = 0;
    hands[0] = mask_of("As Ks");
    hands[1] = mask_of("Qd Qc");
    CHECK_OK(meeple_poker_count_boards(MEEPLE_POKER_HOLDEM, hands, 2, mask_of("2c 7d 9h"), 0, &count));
    CHECK(count == 990); /* C(45, 2) */
    CHECK_OK(meeple_poker_equity(MEEPLE_POKER_HOLDEM, hands, 2, mask_of("2c 7d 9h"), 0, MEEPLE_POKER_EQUITY_EXACT, 0,
                                 0, 0, win, tie, eq, se, &count, NULL));
    CHECK(count == 990 && se[0] == 0.0 && fabs(eq[0] + eq[1] - 1.0) < 1e-12);
    CHECK(fabs(eq[0] - (win[0] + tie[0] / 2)) < 1e-12);
    CHECK_OK(meeple_poker_equity(MEEPLE_POKER_HOLDEM, hands, 2, 0, 0, MEEPLE_POKER_EQUITY_MONTE_CARLO, 50000, 3, 1,
                                 win, tie, eq, se, &count, NULL));
    CHECK_OK(meeple_poker_equity(MEEPLE_POKER_HOLDEM, hands, 2, 0, 0, MEEPLE_POKER_EQUITY_MONTE_CARLO, 50000, 3, 4,
                                 win2, tie2, eq2, se2, &count, NULL));
    CHECK(count == 50000 && memcmp(eq, eq2, sizeof eq) == 0 && memcmp(se, se2, sizeof se) == 0);
    CHECK_STATUS(meeple_poker_equity(MEEPLE_POKER_HOLDEM, hands, 1, 0, 0, MEEPLE_POKER_EQUITY_EXACT, 0, 0, 0, win, tie,
                                     eq, se, &count, NULL),
                 MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_poker_equity(MEEPLE_POKER_HOLDEM, hands, 2, 0, 0, 5, 0, 0, 0, win, tie, eq, se, &count, NULL),
                 MEEPLE_ERR_INVALID_ARGUMENT);
    hands[1] = mask_of("Qd Ks");
    CHECK_STATUS(meeple_poker_equity(MEEPLE_POKER_HOLDEM, hands, 2, 0, 0, MEEPLE_POKER_EQUITY_EXACT, 0, 0, 0, win, tie,
                                     eq, se, &count, NULL),
                 MEEPLE_ERR_INVALID_ARGUMENT);
}

static void test_poker_equity_control_counts_boards_and_honours_cancel(void) {
    uint64_t hands[2];
    double win[2] = {-1, -1}, tie[2] = {-1, -1}, eq[2] = {-1, -1}, se[2] = {-1, -1};
    uint64_t count = 12345;
    meeple_control_t control;
    hands[0] = mask_of("As Ks");
    hands[1] = mask_of("Qd Qc");
    memset(&control, 0, sizeof control);
    control.struct_size = sizeof control;
    CHECK_OK(meeple_poker_equity(MEEPLE_POKER_HOLDEM, hands, 2, mask_of("2c 7d 9h"), 0, MEEPLE_POKER_EQUITY_EXACT, 0,
                                 0, 2, win, tie, eq, se, &count, &control));
    CHECK(count == 990 && control.total == 990 && control.progress == 990);
    CHECK_OK(meeple_poker_equity(MEEPLE_POKER_HOLDEM, hands, 2, 0, 0, MEEPLE_POKER_EQUITY_MONTE_CARLO, 20000, 3, 2,
                                 win, tie, eq, se, &count, &control));
    CHECK(count == 20000 && control.total == 20000 && control.progress == 20000);
    /* A cancel set before the call: nothing is computed, nothing written. */
    win[0] = tie[0] = eq[0] = se[0] = -1;
    count = 12345;
    control.cancel = 1;
    CHECK_STATUS(meeple_poker_equity(MEEPLE_POKER_HOLDEM, hands, 2, 0, 0, MEEPLE_POKER_EQUITY_EXACT, 0, 0, 2, win,
                                     tie, eq, se, &count, &control),
                 MEEPLE_ERR_CANCELLED);
    CHECK(strstr(meeple_last_error_message(), "cancelled") != NULL);
    CHECK(win[0] == -1 && tie[0] == -1 && eq[0] == -1 && se[0] == -1 && count == 12345);
    control.cancel = 0;
    control.struct_size = 8;
    CHECK_STATUS(meeple_poker_equity(MEEPLE_POKER_HOLDEM, hands, 2, 0, 0, MEEPLE_POKER_EQUITY_EXACT, 0, 0, 2, win,
                                     tie, eq, se, &count, &control),
                 MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(strstr(meeple_last_error_message(), "sizeof(meeple_control_t)") != NULL);
}

static void test_poker_deal_is_a_seeded_permutation_of_the_rest(void) {
    int32_t a[52], b[52];
    size_t n = 0, i;
    uint64_t seen = 0;
    const uint64_t removed = mask_of("As Kd");
    CHECK_OK(meeple_poker_deal(9, removed, NULL, 0, &n));
    CHECK(n == 50);
    CHECK_OK(meeple_poker_deal(9, removed, a, 52, &n));
    CHECK_OK(meeple_poker_deal(9, removed, b, 52, &n));
    CHECK(memcmp(a, b, sizeof(int32_t) * 50) == 0);
    for (i = 0; i < n; ++i) seen |= (uint64_t)1 << a[i];
    CHECK(seen == (((uint64_t)1 << 52) - 1) - removed);
    CHECK_OK(meeple_poker_deal(10, removed, b, 52, &n));
    CHECK(memcmp(a, b, sizeof(int32_t) * 50) != 0);
    CHECK_STATUS(meeple_poker_deal(9, removed, a, 49, &n), MEEPLE_ERR_BUFFER_TOO_SMALL);
}

const meeple_test_case meeple_poker_tests[] = {
    {"poker_deal_is_a_seeded_permutation_of_the_rest", test_poker_deal_is_a_seeded_permutation_of_the_rest},
    {"poker_parse_and_format_round_trip", test_poker_parse_and_format_round_trip},
    {"poker_bad_card_names_the_token", test_poker_bad_card_names_the_token},
    {"poker_cards_take_10_and_suit_symbols", test_poker_cards_take_10_and_suit_symbols},
    {"poker_evaluate_and_describe", test_poker_evaluate_and_describe},
    {"poker_evaluate_hand_for_both_games", test_poker_evaluate_hand_for_both_games},
    {"poker_showdown_reports_split_pots", test_poker_showdown_reports_split_pots},
    {"poker_batches", test_poker_batches},
    {"poker_equity_exact_and_monte_carlo", test_poker_equity_exact_and_monte_carlo},
    {"poker_equity_control_counts_boards_and_honours_cancel", test_poker_equity_control_counts_boards_and_honours_cancel},
    {NULL, NULL},
};
