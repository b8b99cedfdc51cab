/* meeple_state_dense_action_mask: one byte an action, the same actions as the packed
 * mask and legal_actions, under the same rules and errors. */
#include <string.h>

#include "check.h"
#include "meeple/meeple.h"

static const char *const kSpecs[] = {"tictactoe", "triangle", "catan(players=3,explicit_chance=true)", "holdem"};

static int masks_agree(const meeple_state_t *s, int32_t player, int32_t num_actions) {
    static uint8_t dense[8192];
    static uint64_t words[128];
    static int32_t actions[8192];
    size_t nd = 0, nw = 0, na = 0, i, k = 0;
    int32_t a;
    if (meeple_state_dense_action_mask(s, player, dense, sizeof dense, &nd) ||
        meeple_state_action_mask(s, player, words, 128, &nw) ||
        meeple_state_legal_actions(s, player, actions, 8192, &na)) {
        return 0;
    }
    if (nd != (size_t)num_actions) return 0;
    for (a = 0; a < num_actions; ++a) {
        const int bit = (int)((words[a >> 6] >> (a & 63)) & 1u);
        if (dense[a] != bit) return 0;
        if (bit && (k >= na || actions[k++] != a)) return 0;
    }
    for (i = 0; i < nd; ++i) if (dense[i] > 1) return 0;
    return k == na;
}

static void dense_masks_agree_with_packed_masks_through_random_games(void) {
    size_t g;
    for (g = 0; g < sizeof kSpecs / sizeof kSpecs[0]; ++g) {
        meeple_game_t *game = NULL;
        meeple_state_t *s = NULL;
        meeple_game_info_t info;
        int32_t actions[8192], terminal = 0;
        size_t n = 0;
        int steps = 0, bad = 0;
        uint32_t rng = 1;
        CHECK_OK(meeple_game_new(kSpecs[g], &game));
        memset(&info, 0, sizeof info);
        info.struct_size = sizeof info;
        CHECK_OK(meeple_game_info(game, &info));
        CHECK_OK(meeple_state_new(game, 2, &s));
        while (!terminal) {
            bad += !masks_agree(s, MEEPLE_ACTING_PLAYER, info.num_actions);
            CHECK_OK(meeple_state_legal_actions(s, MEEPLE_ACTING_PLAYER, actions, 8192, &n));
            rng = rng * 1103515245u + 12345u;
            CHECK_OK(meeple_state_apply(s, MEEPLE_ACTING_PLAYER, actions[(rng >> 8) % n]));
            CHECK_OK(meeple_state_is_terminal(s, &terminal));
            ++steps;
        }
        bad += !masks_agree(s, MEEPLE_ACTING_PLAYER, info.num_actions); /* all zero once over */
        if (bad) fprintf(stderr, "  %s: %d of %d steps disagree\n", kSpecs[g], bad, steps);
        CHECK(bad == 0 && steps > 0);
        meeple_state_free(s);
        meeple_game_free(game);
    }
}

static void dense_mask_follows_query_then_fill_and_refuses_like_the_packed_mask(void) {
    meeple_game_t *g = NULL;
    meeple_state_t *s = NULL;
    uint8_t out[9];
    size_t n = 0;
    CHECK_OK(meeple_game_new("tictactoe", &g));
    CHECK_OK(meeple_state_new(g, 1, &s));
    CHECK_OK(meeple_state_dense_action_mask(s, 0, NULL, 0, &n));
    CHECK(n == 9);
    memset(out, 7, sizeof out);
    CHECK_STATUS(meeple_state_dense_action_mask(s, 0, out, 8, &n), MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK(n == 9 && out[0] == 7);
    CHECK_STATUS(meeple_state_dense_action_mask(s, 1, out, 9, &n), MEEPLE_ERR_NOT_ACTIVE);
    CHECK(out[0] == 7);
    CHECK_STATUS(meeple_state_dense_action_mask(s, 2, out, 9, &n), MEEPLE_ERR_OUT_OF_RANGE);
    CHECK_STATUS(meeple_state_dense_action_mask(NULL, 0, out, 9, &n), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_state_dense_action_mask(s, 0, NULL, 9, &n), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_OK(meeple_state_apply(s, 0, 4));
    CHECK_OK(meeple_state_dense_action_mask(s, MEEPLE_ACTING_PLAYER, out, 9, &n));
    CHECK(out[4] == 0 && out[0] == 1 && out[8] == 1);
    meeple_state_free(s);
    meeple_game_free(g);
}

const meeple_test_case meeple_state_mask_tests[] = {
    {"dense_masks_agree_with_packed_masks_through_random_games", dense_masks_agree_with_packed_masks_through_random_games},
    {"dense_mask_follows_query_then_fill_and_refuses_like_the_packed_mask",
     dense_mask_follows_query_then_fill_and_refuses_like_the_packed_mask},
    {NULL, NULL}};
