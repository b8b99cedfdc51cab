/* Poker ranges through the header only: parsing and its errors, algebra, text round
 * trips, query-then-fill, and range equity with its per-combo arrays and checks. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "meeple/meeple.h"

static meeple_range_t *parse(int32_t game, const char *text) {
    meeple_range_t *r = NULL;
    CHECK_OK(meeple_range_parse(game, text, &r));
    return r;
}

static void test_range_parse_info_and_text(void) {
    meeple_range_t *r = parse(MEEPLE_POKER_HOLDEM, "QQ+, AKs, KdQd:0.5");
    int32_t game = -1;
    size_t size = 0, n = 0;
    double total = 0;
    char text[64];
    CHECK_OK(meeple_range_info(r, &game, &size, &total));
    CHECK(game == MEEPLE_POKER_HOLDEM && size == 18 + 4 + 1 && total == 22.5);
    CHECK_OK(meeple_range_text(r, NULL, 0, &n));
    CHECK(n == strlen("QQ+,AKs,KdQd:0.5"));
    CHECK_STATUS(meeple_range_text(r, text, 4, &n), MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK_OK(meeple_range_text(r, text, sizeof text, &n));
    CHECK(strcmp(text, "QQ+,AKs,KdQd:0.5") == 0);
    meeple_range_free(r);
    meeple_range_free(NULL);
}

static void test_range_errors_name_the_item_and_change_nothing(void) {
    meeple_range_t *r = (meeple_range_t *)0x1;
    CHECK_STATUS(meeple_range_parse(MEEPLE_POKER_HOLDEM, "AKs, QX", &r), MEEPLE_ERR_PARSE);
    CHECK(r == (meeple_range_t *)0x1);
    CHECK(strstr(meeple_last_error_message(), "'QX'") != NULL);
    CHECK_STATUS(meeple_range_parse(MEEPLE_POKER_PLO, "AA", &r), MEEPLE_ERR_PARSE);
    CHECK(strstr(meeple_last_error_message(), "'AA**'") != NULL);
    CHECK_STATUS(meeple_range_parse(7, "AA", &r), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_range_parse(MEEPLE_POKER_HOLDEM, NULL, &r), MEEPLE_ERR_INVALID_ARGUMENT);
}

static void test_range_algebra_and_combos(void) {
    meeple_range_t *a = parse(MEEPLE_POKER_HOLDEM, "JJ+");
    meeple_range_t *b = parse(MEEPLE_POKER_HOLDEM, "QQ:0.5,TT");
    meeple_range_t *u = NULL, *i = NULL, *d = NULL, *w = NULL;
    uint64_t masks[64];
    double weights[64];
    size_t n = 0;
    double total = 0;
    CHECK_OK(meeple_range_union(a, b, &u));
    CHECK_OK(meeple_range_intersection(a, b, &i));
    CHECK_OK(meeple_range_difference(a, b, &d));
    CHECK_OK(meeple_range_info(u, NULL, &n, &total));
    CHECK(n == 30 && total == 30);
    CHECK_OK(meeple_range_info(i, NULL, &n, &total));
    CHECK(n == 6 && total == 3);
    CHECK_OK(meeple_range_info(d, NULL, &n, &total));
    CHECK(n == 24 && total == 21);
    CHECK_OK(meeple_range_combos(i, masks, weights, 64, &n));
    CHECK(n == 6 && weights[0] == 0.5 && masks[0] < masks[5]);
    CHECK_STATUS(meeple_range_combos(i, masks, weights, 5, &n), MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK_OK(meeple_range_without(a, (uint64_t)1 << 51, &w)); /* the ace of spades */
    CHECK_OK(meeple_range_info(w, NULL, &n, NULL));
    CHECK(n == 21);
    meeple_range_free(a);
    meeple_range_free(b);
    meeple_range_free(u);
    meeple_range_free(i);
    meeple_range_free(d);
    meeple_range_free(w);
}

static void test_range_equity_of_two_hands_matches_hand_equity(void) {
    meeple_range_t *r[2];
    const meeple_range_t *cr[2];
    uint64_t hands[2], count = 0, hand_count = 0;
    double win[2], tie[2], eq[2], se[2], hand_eq[2], combo_eq[2], combo_share[2], combo_se[2];
    CHECK_OK(meeple_poker_parse_mask("AsKs", &hands[0]));
    CHECK_OK(meeple_poker_parse_mask("QdQc", &hands[1]));
    r[0] = parse(MEEPLE_POKER_HOLDEM, "AsKs");
    r[1] = parse(MEEPLE_POKER_HOLDEM, "QdQc");
    cr[0] = r[0];
    cr[1] = r[1];
    CHECK_OK(meeple_range_equity(cr, 2, 0, 0, MEEPLE_POKER_EQUITY_EXACT, 0, 0, 0, win, tie, eq, se, combo_eq,
                                 combo_share, combo_se, 2, &count, NULL));
    CHECK_OK(meeple_poker_equity(MEEPLE_POKER_HOLDEM, hands, 2, 0, 0, MEEPLE_POKER_EQUITY_EXACT, 0, 0, 0, win, tie,
                                 hand_eq, NULL, &hand_count, NULL));
    CHECK(fabs(eq[0] - hand_eq[0]) < 1e-12 && count == hand_count && combo_share[0] == 1.0);
    CHECK(fabs(combo_eq[1] - hand_eq[1]) < 1e-12);
    CHECK_STATUS(meeple_range_equity(cr, 2, 0, 0, MEEPLE_POKER_EQUITY_EXACT, 0, 0, 0, win, tie, eq, se, combo_eq,
                                     combo_share, combo_se, 1, &count, NULL),
                 MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK_STATUS(meeple_range_equity(cr, 2, 0, 0, 5, 0, 0, 0, win, tie, eq, se, NULL, NULL, NULL, 0, &count, NULL),
                 MEEPLE_ERR_INVALID_ARGUMENT);
    meeple_range_free(r[0]);
    meeple_range_free(r[1]);
}

static void test_range_exact_too_big_says_how_big(void) {
    meeple_range_t *all = NULL;
    const meeple_range_t *cr[3];
    uint64_t work = 0, count = 0;
    double win[3], tie[3], eq[3];
    CHECK_OK(meeple_range_all(MEEPLE_POKER_HOLDEM, &all));
    cr[0] = all;
    cr[1] = all;
    cr[2] = all;
    /* One board a suit class (every range is symmetric). Heads-up Hold'em: the sorted
     * sweep's work, 8 x the sum of the sizes a board, is less than the pairs'. */
    CHECK_OK(meeple_range_exact_work(cr, 2, 0, 0, &work));
    CHECK(work == 134459ull * 8 * (1326 + 1326));
    CHECK(work <= MEEPLE_RANGE_EXACT_LIMIT);
    CHECK_OK(meeple_range_exact_work(cr, 3, 0, 0, &work));
    CHECK(work == 134459ull * 1326 * 1326 * 1326);
    CHECK(work > MEEPLE_RANGE_EXACT_LIMIT);
    CHECK_STATUS(meeple_range_equity(cr, 3, 0, 0, MEEPLE_POKER_EQUITY_EXACT, 0, 0, 0, win, tie, eq, NULL, NULL, NULL,
                                     NULL, 0, &count, NULL),
                 MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(strstr(meeple_last_error_message(), "Monte Carlo") != NULL);
    meeple_range_free(all);
}

static void test_suit_classes_of_flops(void) {
    uint64_t boards[2000], a = 0, b = 0, h = 0, hb = 0;
    uint32_t counts[2000];
    size_t n = 0, i;
    uint64_t total = 0;
    CHECK_OK(meeple_poker_canonical_boards(3, NULL, NULL, 0, &n));
    CHECK(n == 1755);
    CHECK_OK(meeple_poker_canonical_boards(3, boards, counts, 2000, &n));
    for (i = 0; i < n; ++i) total += counts[i];
    CHECK(total == 22100);
    CHECK_STATUS(meeple_poker_canonical_boards(6, NULL, NULL, 0, &n), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_OK(meeple_poker_canonical_board(((uint64_t)1 << 51) | ((uint64_t)1 << 18), &a)); /* As 7d */
    CHECK_OK(meeple_poker_canonical_board(((uint64_t)1 << 38) | ((uint64_t)1 << 5), &b));  /* Ah 7c */
    CHECK(a == b);
    CHECK_STATUS(meeple_poker_canonical_hand(1, 1, &h, &hb), MEEPLE_ERR_INVALID_ARGUMENT);
}

/* Text from anywhere: repeated PLO wildcards are refused once they add more than four
 * times every hand, and a huge bad item is quoted cut short (issue 37, item 10). */
static void test_range_text_costs_and_messages_are_bounded(void) {
    meeple_range_t *r = NULL;
    static char huge[1 << 20];
    memset(huge, 'x', sizeof huge - 1);
    huge[sizeof huge - 1] = 0;
    CHECK_STATUS(meeple_range_parse(MEEPLE_POKER_PLO, "****,****,****,****,****", &r), MEEPLE_ERR_PARSE);
    CHECK(r == NULL);
    CHECK(strstr(meeple_last_error_message(), "combos in all") != NULL);
    CHECK_OK(meeple_range_parse(MEEPLE_POKER_PLO, "****,****,****,****", &r)); /* repeats within the bound */
    meeple_range_free(r);
    r = NULL;
    CHECK_STATUS(meeple_range_parse(MEEPLE_POKER_PLO, huge, &r), MEEPLE_ERR_PARSE);
    CHECK(strlen(meeple_last_error_message()) < 600);
    CHECK_STATUS(meeple_range_parse(MEEPLE_POKER_HOLDEM, huge, &r), MEEPLE_ERR_PARSE);
    CHECK(strlen(meeple_last_error_message()) < 600);
}

const meeple_test_case meeple_range_tests[] = {
    {"suit_classes_of_flops", test_suit_classes_of_flops},
    {"range_parse_info_and_text", test_range_parse_info_and_text},
    {"range_errors_name_the_item_and_change_nothing", test_range_errors_name_the_item_and_change_nothing},
    {"range_algebra_and_combos", test_range_algebra_and_combos},
    {"range_equity_of_two_hands_matches_hand_equity", test_range_equity_of_two_hands_matches_hand_equity},
    {"range_exact_too_big_says_how_big", test_range_exact_too_big_says_how_big},
    {"range_text_costs_and_messages_are_bounded", test_range_text_costs_and_messages_are_bounded},
    {NULL, NULL},
};
