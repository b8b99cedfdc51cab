/* meeple_holdem_raise_to through the C ABI alone: an exact amount inside the legal
 * range plays, anything else fails with its status and leaves the state's bytes as
 * they were. */
#include <string.h>

#include "check.h"
#include "meeple/meeple.h"

static size_t snapshot_of(const meeple_state_t *s, uint8_t *out, size_t cap) {
    size_t n = 0;
    CHECK_OK(meeple_state_snapshot(s, out, cap, &n));
    return n;
}

static void holdem_raise_to_plays_exact_amounts_and_refuses_the_rest(void) {
    meeple_game_t *g = NULL, *ttt = NULL;
    meeple_state_t *s = NULL, *other = NULL;
    uint8_t before[4096], after[4096];
    size_t len_before, len_after;
    int64_t moves = 0;
    /* Three seats, button 0: seat 0 acts first, facing the big blind of 2. */
    CHECK_OK(meeple_game_new("holdem(players=3,button=0,stack=100)", &g));
    CHECK_OK(meeple_state_new(g, 5, &s));
    len_before = snapshot_of(s, before, sizeof before);
    CHECK_STATUS(meeple_holdem_raise_to(s, 0, 3), MEEPLE_ERR_ILLEGAL_ACTION);   /* under the minimum, 4 */
    CHECK(strstr(meeple_last_error_message(), "4..100") != NULL);
    CHECK_STATUS(meeple_holdem_raise_to(s, 0, 101), MEEPLE_ERR_ILLEGAL_ACTION); /* over the stack */
    CHECK_STATUS(meeple_holdem_raise_to(s, 1, 10), MEEPLE_ERR_NOT_ACTIVE);      /* out of turn */
    CHECK_STATUS(meeple_holdem_raise_to(s, 7, 10), MEEPLE_ERR_OUT_OF_RANGE);    /* no such seat */
    CHECK_STATUS(meeple_holdem_raise_to(NULL, 0, 10), MEEPLE_ERR_INVALID_ARGUMENT);
    len_after = snapshot_of(s, after, sizeof after);
    CHECK(len_before == len_after && memcmp(before, after, len_before) == 0);

    CHECK_OK(meeple_holdem_raise_to(s, MEEPLE_ACTING_PLAYER, 7));
    CHECK_OK(meeple_state_move_number(s, &moves));
    CHECK(moves == 1);
    CHECK_STATUS(meeple_holdem_raise_to(s, 1, 11), MEEPLE_ERR_ILLEGAL_ACTION);  /* the next minimum is 12 */
    CHECK_OK(meeple_holdem_raise_to(s, 1, 12));

    CHECK_OK(meeple_game_new("tictactoe", &ttt));
    CHECK_OK(meeple_state_new(ttt, 1, &other));
    CHECK_STATUS(meeple_holdem_raise_to(other, 0, 10), MEEPLE_ERR_INVALID_ARGUMENT);
    meeple_state_free(other);
    meeple_game_free(ttt);
    meeple_state_free(s);
    meeple_game_free(g);
}

static void a_finished_hand_takes_no_raise(void) {
    meeple_game_t *g = NULL;
    meeple_state_t *s = NULL;
    CHECK_OK(meeple_game_new("holdem(players=2,button=0)", &g));
    CHECK_OK(meeple_state_new(g, 5, &s));
    CHECK_OK(meeple_state_apply(s, MEEPLE_ACTING_PLAYER, 0)); /* the button folds */
    CHECK_STATUS(meeple_holdem_raise_to(s, MEEPLE_ACTING_PLAYER, 10), MEEPLE_ERR_WRONG_STATE);
    CHECK_STATUS(meeple_holdem_raise_to(s, 1, 10), MEEPLE_ERR_WRONG_STATE);
    meeple_state_free(s);
    meeple_game_free(g);
}

const meeple_test_case meeple_holdem_tests[] = {
    {"holdem_raise_to_plays_exact_amounts_and_refuses_the_rest",
     holdem_raise_to_plays_exact_amounts_and_refuses_the_rest},
    {"a_finished_hand_takes_no_raise", a_finished_hand_takes_no_raise},
    {NULL, NULL},
};
