/* The seat contract: a player argument is a seat 0..num_players-1, MEEPLE_CHANCE or
 * MEEPLE_ACTING_PLAYER; a viewer is a seat, MEEPLE_VIEW_PUBLIC or MEEPLE_VIEW_ALL.
 * Every other value (negative ones included, MEEPLE_BATCH_NOBODY among them, which is
 * an answer the library gives, never a player one passes) is MEEPLE_ERR_OUT_OF_RANGE
 * in every call that takes one, and changes nothing. */
#include <limits.h>
#include <string.h>

#include "check.h"
#include "meeple/meeple.h"

static const char *const kSpecs[] = {"tictactoe", "triangle", "catan", "catan(players=3,explicit_chance=true)"};

/* Every negative value from -64 up, the extremes, and the first values past the seats. */
static int next_bad_player(int k, int num_players, int32_t *out) {
    if (k < 64) {
        *out = -1 - k;
        return 1;
    }
    if (k == 64) { *out = INT32_MIN; return 1; }
    if (k == 65) { *out = INT32_MIN + 1; return 1; }
    if (k == 66) { *out = num_players; return 1; }
    if (k == 67) { *out = num_players + 1; return 1; }
    if (k == 68) { *out = INT32_MAX; return 1; }
    return 0;
}

static int is_named_player(int32_t p) { return p == MEEPLE_CHANCE || p == MEEPLE_ACTING_PLAYER; }
static int is_named_viewer(int32_t v) { return v == MEEPLE_VIEW_PUBLIC || v == MEEPLE_VIEW_ALL; }

static void every_value_that_is_not_a_player_is_out_of_range(void) {
    size_t g;
    for (g = 0; g < sizeof kSpecs / sizeof kSpecs[0]; ++g) {
        meeple_game_t *game = NULL;
        meeple_state_t *s = NULL, *made = NULL;
        meeple_game_info_t info;
        uint8_t before[65536], after[65536];
        size_t nb = 0, na = 0, n = 0;
        int32_t actions[4096], legal = -7, p;
        uint64_t mask[64];
        float obs[1];
        char text[1];
        int k;
        CHECK_OK(meeple_game_new(kSpecs[g], &game));
        memset(&info, 0, sizeof info);
        info.struct_size = sizeof info;
        CHECK_OK(meeple_game_info(game, &info));
        CHECK_OK(meeple_state_new(game, 3, &s));
        CHECK_OK(meeple_state_snapshot(s, before, sizeof before, &nb));
        for (k = 0; next_bad_player(k, info.num_players, &p); ++k) {
            if (!is_named_player(p)) {
                CHECK_STATUS(meeple_state_legal_actions(s, p, actions, 4096, &n), MEEPLE_ERR_OUT_OF_RANGE);
                CHECK_STATUS(meeple_state_action_mask(s, p, mask, 64, &n), MEEPLE_ERR_OUT_OF_RANGE);
                CHECK_STATUS(meeple_state_is_legal(s, p, 0, &legal), MEEPLE_ERR_OUT_OF_RANGE);
                CHECK(legal == -7);
                CHECK_STATUS(meeple_state_apply(s, p, 0), MEEPLE_ERR_OUT_OF_RANGE);
                CHECK_STATUS(meeple_state_enumerate_outcomes(s, p, 0, NULL, NULL, 0, &n),
                             MEEPLE_ERR_OUT_OF_RANGE);
            }
            if (!is_named_viewer(p)) {
                CHECK_STATUS(meeple_state_observation(s, p, obs, 0, &n), MEEPLE_ERR_OUT_OF_RANGE);
                CHECK_STATUS(meeple_state_view_json(s, p, text, 0, &n), MEEPLE_ERR_OUT_OF_RANGE);
            }
            CHECK_STATUS(meeple_state_determinize(s, p, 1, &made), MEEPLE_ERR_OUT_OF_RANGE);
            CHECK(made == NULL);
        }
        CHECK_OK(meeple_state_snapshot(s, after, sizeof after, &na));
        CHECK(na == nb && memcmp(before, after, nb) == 0);
        meeple_state_free(s);
        meeple_game_free(game);
    }
}

static void nobody_is_out_of_range_even_in_a_finished_game(void) {
    /* Once the game is over, MEEPLE_ACTING_PLAYER resolves to nobody (no actions), but
     * passing MEEPLE_BATCH_NOBODY itself is still not a player. */
    meeple_game_t *game = NULL;
    meeple_state_t *s = NULL;
    static const int32_t x_wins[] = {0, 3, 1, 4, 2};
    int32_t actions[16], legal = -7;
    uint64_t mask[1];
    size_t n = 99, i;
    CHECK_OK(meeple_game_new("tictactoe", &game));
    CHECK_OK(meeple_state_new(game, 0, &s));
    for (i = 0; i < sizeof x_wins / sizeof x_wins[0]; ++i) CHECK_OK(meeple_state_apply(s, MEEPLE_ACTING_PLAYER, x_wins[i]));
    CHECK_OK(meeple_state_legal_actions(s, MEEPLE_ACTING_PLAYER, actions, 16, &n));
    CHECK(n == 0);
    CHECK_STATUS(meeple_state_legal_actions(s, MEEPLE_BATCH_NOBODY, actions, 16, &n), MEEPLE_ERR_OUT_OF_RANGE);
    CHECK_STATUS(meeple_state_action_mask(s, MEEPLE_BATCH_NOBODY, mask, 1, &n), MEEPLE_ERR_OUT_OF_RANGE);
    CHECK_STATUS(meeple_state_is_legal(s, MEEPLE_BATCH_NOBODY, 0, &legal), MEEPLE_ERR_OUT_OF_RANGE);
    CHECK_STATUS(meeple_state_apply(s, MEEPLE_BATCH_NOBODY, 0), MEEPLE_ERR_OUT_OF_RANGE);
    CHECK(strstr(meeple_last_error_message(), "is not a seat") != NULL);
    meeple_state_free(s);
    meeple_game_free(game);
}

const meeple_test_case meeple_seat_tests[] = {
    {"every_value_that_is_not_a_player_is_out_of_range", every_value_that_is_not_a_player_is_out_of_range},
    {"nobody_is_out_of_range_even_in_a_finished_game", nobody_is_out_of_range_even_in_a_finished_game},
    {NULL, NULL},
};
