/* meeple_search_* through the header alone: a search with rollouts, the evaluator loop
 * with its checks, query-then-fill results, and the refusals of bad arguments. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "meeple/meeple.h"

static meeple_game_t *game_of(const char *spec) {
    meeple_game_t *g = NULL;
    CHECK_OK(meeple_game_new(spec, &g));
    return g;
}

/* X on 0 and 1, O on 3 and 4: X wins at 2. */
static meeple_state_t *win_in_one(meeple_game_t *g) {
    static const int32_t moves[] = {0, 3, 1, 4};
    meeple_state_t *s = NULL;
    size_t i;
    CHECK_OK(meeple_state_new(g, 1, &s));
    for (i = 0; i < 4; ++i) CHECK_OK(meeple_state_apply(s, MEEPLE_ACTING_PLAYER, moves[i]));
    return s;
}

static void search_with_rollouts_takes_the_win(void) {
    meeple_game_t *g = game_of("tictactoe");
    meeple_state_t *s = win_in_one(g);
    meeple_search_t *search = NULL;
    meeple_search_stats_t stats;
    int32_t result = -1, line[16], actions[9];
    uint64_t visits[9];
    double values[18], root[2];
    float policy[9];
    size_t n = 0, k;
    CHECK_OK(meeple_search_new(g, "mcts(iterations=1000,seed=1)", 1, 1, &search));
    CHECK_OK(meeple_search_set_root(search, 0, s, MEEPLE_ACTING_PLAYER));
    CHECK_OK(meeple_search_run(search, NULL, &result));
    CHECK(result == MEEPLE_SEARCH_DONE);
    memset(&stats, 0, sizeof stats);
    stats.struct_size = sizeof stats;
    CHECK_OK(meeple_search_stats(search, 0, &stats));
    /* The solver proves the win in one on the first iteration, and the round ends. */
    CHECK(stats.chosen_action == 2 && stats.iterations == 1 && stats.nodes > 1);
    CHECK_OK(meeple_search_root_actions(search, 0, NULL, NULL, NULL, 0, &n));
    CHECK(n == 5);
    CHECK_STATUS(meeple_search_root_actions(search, 0, actions, visits, values, 4, &n),
                 MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK_OK(meeple_search_root_actions(search, 0, actions, visits, values, 9, &n));
    for (k = 0; k < n; ++k) {
        if (actions[k] == 2) CHECK(values[2 * k] == 1.0 && values[2 * k + 1] == -1.0);
    }
    CHECK_OK(meeple_search_root_value(search, 0, root, 2));
    CHECK(root[0] > 0.5 && root[0] == -root[1]);
    CHECK_OK(meeple_search_policy(search, 0, 0.0, policy, 9));
    CHECK(policy[2] == 1.0f);
    CHECK_STATUS(meeple_search_policy(search, 0, -1.0, policy, 9), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_OK(meeple_search_principal_variation(search, 0, line, 16, &n));
    CHECK(n == 1 && line[0] == 2); /* the game ends there */
    meeple_search_free(search);
    meeple_search_free(NULL);
    meeple_state_free(s);
    meeple_game_free(g);
}

static void evaluator_loop_checks_the_answers(void) {
    meeple_game_t *g = game_of("tictactoe");
    meeple_state_t *s = NULL;
    meeple_search_t *search = NULL;
    meeple_search_info_t info;
    int32_t result = -1, roots[64], players[64];
    float obs[64 * 29], values[64 * 2], priors[64 * 9];
    uint64_t masks[64];
    size_t count = 0, i, rounds = 0;
    CHECK_OK(meeple_state_new(g, 1, &s));
    CHECK_OK(meeple_search_new(g, "mcts(evaluator=external,iterations=100,batch=8,seed=2)", 1, 1, &search));
    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    CHECK_OK(meeple_search_info(search, &info));
    CHECK(info.external == 1 && info.num_players == 2 && info.obs_size == 29 && info.pending == 0);
    CHECK_OK(meeple_search_set_root(search, 0, s, 0));
    for (;;) {
        CHECK_OK(meeple_search_run(search, NULL, &result));
        if (result == MEEPLE_SEARCH_DONE) break;
        CHECK(result == MEEPLE_SEARCH_NEEDS_VALUES);
        CHECK_STATUS(meeple_search_write_leaves(search, obs, masks, roots, players, 0, &count),
                     MEEPLE_ERR_BUFFER_TOO_SMALL);
        CHECK(count >= 1 && count <= 8);
        CHECK_OK(meeple_search_write_leaves(search, obs, masks, roots, players, 64, &count));
        for (i = 0; i < count * 2; ++i) values[i] = 0.0f;
        for (i = 0; i < count * 9; ++i) priors[i] = (float)((masks[i / 9] >> (i % 9)) & 1);
        if (rounds == 0) {
            values[0] = NAN;
            CHECK_STATUS(meeple_search_provide(search, values, priors, count), MEEPLE_ERR_INVALID_ARGUMENT);
            values[0] = 0.0f;
            CHECK_STATUS(meeple_search_provide(search, values, priors, count + 1), MEEPLE_ERR_INVALID_ARGUMENT);
            CHECK_STATUS(meeple_search_run(search, NULL, &result), MEEPLE_ERR_WRONG_STATE);
        }
        CHECK_OK(meeple_search_provide(search, values, priors, count));
        ++rounds;
    }
    CHECK(rounds > 1);
    CHECK_STATUS(meeple_search_provide(search, values, priors, 0), MEEPLE_ERR_WRONG_STATE);
    meeple_search_free(search);
    meeple_state_free(s);
    meeple_game_free(g);
}

static void search_refuses_bad_arguments(void) {
    meeple_game_t *g = game_of("tictactoe"), *other = game_of("catan");
    meeple_state_t *s = NULL, *foreign = NULL;
    meeple_search_t *search = NULL, *const sentinel = (meeple_search_t *)&g;
    meeple_control_t control;
    int32_t result;
    char spec[512];
    size_t n;
    CHECK_OK(meeple_state_new(g, 1, &s));
    CHECK_OK(meeple_state_new(other, 1, &foreign));
    search = sentinel;
    CHECK_STATUS(meeple_search_new(g, "mcts(iterations=-1)", 1, 1, &search), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_search_new(g, "mcts(bogus=1)", 1, 1, &search), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(strstr(meeple_last_error_message(), "iterations") != NULL);
    CHECK_STATUS(meeple_search_new(g, "mcts", 0, 1, &search), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_search_new(g, "mcts", 1, 257, &search), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_search_new(NULL, "mcts", 1, 1, &search), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_search_new(g, NULL, 1, 1, &search), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(search == sentinel);
    CHECK_OK(meeple_search_new(g, "mcts(iterations=10)", 2, 1, &search));
    CHECK_OK(meeple_search_spec(search, spec, sizeof spec, &n));
    CHECK(strncmp(spec, "mcts(iterations=10,", 19) == 0);
    CHECK_STATUS(meeple_search_set_root(search, 2, s, 0), MEEPLE_ERR_OUT_OF_RANGE);
    CHECK_STATUS(meeple_search_set_root(search, 0, s, 1), MEEPLE_ERR_NOT_ACTIVE);
    CHECK_STATUS(meeple_search_set_root(search, 0, foreign, 0), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_search_set_root(search, 0, NULL, 0), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_search_run(search, NULL, &result), MEEPLE_ERR_WRONG_STATE); /* no root */
    CHECK_STATUS(meeple_search_advance(search, 0, MEEPLE_ACTING_PLAYER, 4), MEEPLE_ERR_WRONG_STATE);
    CHECK_OK(meeple_search_set_root(search, 0, s, MEEPLE_ACTING_PLAYER));
    CHECK_STATUS(meeple_search_advance(search, 0, MEEPLE_ACTING_PLAYER, 9), MEEPLE_ERR_OUT_OF_RANGE);
    CHECK_OK(meeple_search_advance(search, 0, MEEPLE_ACTING_PLAYER, 4));
    CHECK_STATUS(meeple_search_advance(search, 0, MEEPLE_ACTING_PLAYER, 4), MEEPLE_ERR_ILLEGAL_ACTION);
    memset(&control, 0, sizeof control);
    control.struct_size = 4;
    CHECK_STATUS(meeple_search_run(search, &control, &result), MEEPLE_ERR_INVALID_ARGUMENT);
    control.struct_size = sizeof control;
    control.cancel = 1;
    CHECK_STATUS(meeple_search_run(search, &control, &result), MEEPLE_ERR_CANCELLED);
    control.cancel = 0;
    CHECK_OK(meeple_search_run(search, &control, &result));
    CHECK(result == MEEPLE_SEARCH_DONE && control.progress == control.total && control.total == 10);
    meeple_search_free(search);
    meeple_state_free(s);
    meeple_state_free(foreign);
    meeple_game_free(g);
    meeple_game_free(other);
}

static void a_batch_gives_one_root_a_live_slot(void) {
    meeple_game_t *g = game_of("tictactoe");
    meeple_batch_t *b = NULL;
    meeple_search_t *search = NULL;
    int32_t result, chosen[8], actions[8];
    uint8_t dones[8];
    size_t i;
    CHECK_OK(meeple_batch_new(g, 8, 3, 1, &b));
    CHECK_OK(meeple_search_new(g, "mcts(iterations=200)", 4, 2, &search));
    CHECK_STATUS(meeple_search_set_roots_from_batch(search, b), MEEPLE_ERR_INVALID_ARGUMENT); /* 8 > 4 */
    meeple_search_free(search);
    CHECK_OK(meeple_search_new(g, "mcts(iterations=200)", 8, 2, &search));
    CHECK_OK(meeple_search_set_roots_from_batch(search, b));
    CHECK_OK(meeple_search_run(search, NULL, &result));
    CHECK_STATUS(meeple_search_chosen_actions(search, chosen, 4), MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK_OK(meeple_search_chosen_actions(search, chosen, 8));
    for (i = 0; i < 8; ++i) {
        CHECK(chosen[i] >= 0 && chosen[i] < 9);
        actions[i] = chosen[i];
    }
    CHECK_OK(meeple_batch_step(b, actions, 8, dones));
    meeple_search_free(search);
    meeple_batch_free(b);
    meeple_game_free(g);
}

/* With inputs=features a leaf's row is the feature vector (seat variant) of the seat to
 * act at the leaf: the root first (seat 0 owes its first road in the setup), then, with
 * the whole prior on one road, the position after that road, where seat 1 acts. */
static void feature_leaves_are_the_seat_to_act_features(void) {
    meeple_game_t *g = game_of("catan(explicit_chance=true)"), *ttt = game_of("tictactoe");
    meeple_state_t *root = NULL, *child = NULL;
    meeple_search_t *search = NULL;
    meeple_search_info_t info;
    int32_t result = -1, legal[512], players[1], roots[1], road;
    size_t n = 0, count = 0, f = 0;
    float *row = NULL, *expected = NULL, values[4] = {0, 0, 0, 0}, *priors = NULL;
    uint64_t masks[64];
    CHECK_OK(meeple_state_new(g, 5, &root));
    CHECK_OK(meeple_state_legal_actions(root, MEEPLE_ACTING_PLAYER, legal, 512, &n));
    CHECK_OK(meeple_state_apply(root, MEEPLE_ACTING_PLAYER, legal[0])); /* seat 0's settlement */
    CHECK_OK(meeple_state_legal_actions(root, 0, legal, 512, &n));
    CHECK(n >= 2);
    road = legal[n - 1];
    CHECK_OK(meeple_state_features(root, 0, MEEPLE_FEATURES_SEAT, NULL, 0, &f));
    row = (float *)calloc(f, sizeof *row);
    expected = (float *)calloc(f, sizeof *expected);
    CHECK_OK(meeple_search_new(g, "mcts(evaluator=external,inputs=features,iterations=2,batch=1)", 1, 1, &search));
    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    CHECK_OK(meeple_search_info(search, &info));
    CHECK(info.leaf_size == (int32_t)f && info.obs_size != (int32_t)f);
    priors = (float *)calloc((size_t)info.num_actions, sizeof *priors);
    CHECK_OK(meeple_search_set_root(search, 0, root, MEEPLE_ACTING_PLAYER));
    CHECK_OK(meeple_search_run(search, NULL, &result));
    CHECK(result == MEEPLE_SEARCH_NEEDS_VALUES);
    CHECK_OK(meeple_search_write_leaves(search, row, masks, roots, players, 1, &count));
    CHECK(count == 1 && players[0] == 0);
    CHECK_OK(meeple_state_features(root, 0, MEEPLE_FEATURES_SEAT, expected, f, &f));
    CHECK(memcmp(row, expected, f * sizeof *row) == 0);
    priors[road] = 1.0f;
    CHECK_OK(meeple_search_provide(search, values, priors, 1));
    CHECK_OK(meeple_search_run(search, NULL, &result));
    CHECK(result == MEEPLE_SEARCH_NEEDS_VALUES);
    CHECK_OK(meeple_search_write_leaves(search, row, masks, roots, players, 1, &count));
    CHECK(count == 1 && players[0] == 1);
    CHECK_OK(meeple_state_clone(root, &child));
    CHECK_OK(meeple_state_apply(child, 0, road));
    CHECK_OK(meeple_state_features(child, 1, MEEPLE_FEATURES_SEAT, expected, f, &f));
    CHECK(memcmp(row, expected, f * sizeof *row) == 0);
    meeple_search_free(search);
    /* Games without feature vectors, and searches without an external evaluator, refuse it. */
    CHECK_STATUS(meeple_search_new(ttt, "mcts(evaluator=external,inputs=features)", 1, 1, &search),
                 MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(strstr(meeple_last_error_message(), "no feature vectors") != NULL);
    CHECK_STATUS(meeple_search_new(g, "mcts(inputs=features)", 1, 1, &search), MEEPLE_ERR_INVALID_ARGUMENT);
    free(priors);
    free(row);
    free(expected);
    meeple_state_free(child);
    meeple_state_free(root);
    meeple_game_free(ttt);
    meeple_game_free(g);
}

const meeple_test_case meeple_search_tests[] = {
    {"search_with_rollouts_takes_the_win", search_with_rollouts_takes_the_win},
    {"evaluator_loop_checks_the_answers", evaluator_loop_checks_the_answers},
    {"search_refuses_bad_arguments", search_refuses_bad_arguments},
    {"a_batch_gives_one_root_a_live_slot", a_batch_gives_one_root_a_live_slot},
    {"feature_leaves_are_the_seat_to_act_features", feature_leaves_are_the_seat_to_act_features},
    {NULL, NULL},
};
