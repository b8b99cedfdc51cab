/* meeple_state_enumerate_outcomes, meeple_game_data_json and the feature calls through the C ABI, on
 * catan (chance inside a roll) and tic-tac-toe (no chance). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "meeple/meeple.h"

static size_t snapshot_of(const meeple_state_t *s, uint8_t *out, size_t cap) {
    size_t n = 0;
    CHECK_OK(meeple_state_snapshot(s, out, cap, &n));
    return n;
}

/* A catan state at the first roll: setup played with the first legal action. */
static meeple_state_t *catan_at_first_roll(meeple_game_t *g) {
    meeple_state_t *s = NULL;
    int32_t actions[512];
    size_t n = 0, name_len = 0;
    char name[64];
    CHECK_OK(meeple_state_new(g, 11, &s));
    for (;;) {
        CHECK_OK(meeple_state_legal_actions(s, MEEPLE_ACTING_PLAYER, actions, 512, &n));
        CHECK_OK(meeple_game_action_name(g, actions[n - 1], name, sizeof name, &name_len));
        if (strcmp(name, "roll") == 0) return s;
        CHECK_OK(meeple_state_apply(s, MEEPLE_ACTING_PLAYER, actions[0]));
    }
}

static void catan_roll_has_eleven_successors_one_of_them_the_sampled_step(void) {
    meeple_game_t *g = NULL;
    meeple_state_t *s, *sampled = NULL, *succ[16];
    int32_t actions[512];
    double probs[16], sum = 0;
    size_t n = 0, i, matches = 0, len_a, len_b;
    uint8_t a[1024], b[1024];
    int32_t roll;
    CHECK_OK(meeple_game_new("catan(board=beginner)", &g));
    s = catan_at_first_roll(g);
    CHECK_OK(meeple_state_legal_actions(s, MEEPLE_ACTING_PLAYER, actions, 512, &n));
    roll = actions[n - 1];
    CHECK_OK(meeple_state_enumerate_outcomes(s, MEEPLE_ACTING_PLAYER, roll, NULL, NULL, 0, &n));
    CHECK(n == 11);
    CHECK_STATUS(meeple_state_enumerate_outcomes(s, MEEPLE_ACTING_PLAYER, roll, succ, probs, 5, &n),
                 MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK_OK(meeple_state_enumerate_outcomes(s, MEEPLE_ACTING_PLAYER, roll, succ, probs, 16, &n));
    CHECK(n == 11);
    CHECK_OK(meeple_state_clone(s, &sampled));
    CHECK_OK(meeple_state_apply(sampled, MEEPLE_ACTING_PLAYER, roll));
    len_a = snapshot_of(sampled, a, sizeof a);
    for (i = 0; i < n; ++i) {
        const int sum_of_dice = (int)i + 2, ways = 6 - abs(sum_of_dice - 7);
        CHECK(fabs(probs[i] - ways / 36.0) < 1e-12);
        sum += probs[i];
        len_b = snapshot_of(succ[i], b, sizeof b);
        matches += len_a == len_b && memcmp(a, b, len_a) == 0;
        meeple_state_free(succ[i]);
    }
    CHECK(fabs(sum - 1.0) < 1e-12);
    CHECK(matches == 1);
    CHECK_STATUS(meeple_state_enumerate_outcomes(s, MEEPLE_ACTING_PLAYER, 0, succ, probs, 16, &n),
                 MEEPLE_ERR_ILLEGAL_ACTION);
    CHECK_STATUS(meeple_state_enumerate_outcomes(s, MEEPLE_ACTING_PLAYER, roll, succ, NULL, 16, &n),
                 MEEPLE_ERR_INVALID_ARGUMENT);
    meeple_state_free(sampled);
    meeple_state_free(s);
    meeple_game_free(g);
}

static void an_action_without_chance_has_one_successor_equal_to_apply(void) {
    meeple_game_t *g = NULL;
    meeple_state_t *s = NULL, *applied = NULL, *succ[2];
    double probs[2];
    size_t n = 0;
    uint8_t a[256], b[256];
    size_t la, lb;
    CHECK_OK(meeple_game_new("tictactoe", &g));
    CHECK_OK(meeple_state_new(g, 3, &s));
    CHECK_OK(meeple_state_clone(s, &applied));
    CHECK_OK(meeple_state_apply(applied, 0, 4));
    CHECK_OK(meeple_state_enumerate_outcomes(s, 0, 4, succ, probs, 2, &n));
    CHECK(n == 1 && probs[0] == 1.0);
    la = snapshot_of(applied, a, sizeof a);
    lb = snapshot_of(succ[0], b, sizeof b);
    CHECK(la == lb && memcmp(a, b, la) == 0);
    meeple_state_free(succ[0]);
    meeple_state_free(applied);
    meeple_state_free(s);
    meeple_game_free(g);
}

static void catan_publishes_its_topology_as_data(void) {
    meeple_game_t *g = NULL, *t = NULL;
    size_t n = 0;
    char *json;
    CHECK_OK(meeple_game_new("catan", &g));
    CHECK_OK(meeple_game_data_json(g, "topology", NULL, 0, &n));
    json = (char *)malloc(n + 1);
    CHECK_OK(meeple_game_data_json(g, "topology", json, n + 1, &n));
    CHECK(strstr(json, "\"hex_nodes\":[[0,4,8,12,7,3]") != NULL);
    CHECK(strstr(json, "\"num_edges\":72") != NULL);
    free(json);
    CHECK_STATUS(meeple_game_data_json(g, "layout", NULL, 0, &n), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(strstr(meeple_last_error_message(), "topology") != NULL);
    CHECK_OK(meeple_game_new("tictactoe", &t));
    CHECK_STATUS(meeple_game_data_json(t, "topology", NULL, 0, &n), MEEPLE_ERR_INVALID_ARGUMENT);
    meeple_game_free(t);
    meeple_game_free(g);
}

static void catan_features_through_the_abi(void) {
    meeple_game_t *g = NULL, *t = NULL;
    meeple_state_t *s = NULL, *tt = NULL;
    meeple_batch_t *b = NULL;
    size_t n = 0, size = 0, i;
    char *json;
    float *one, *rows, small[4] = {7, 7, 7, 7};
    int32_t viewers[3] = {0, 2, 1}, bad[3] = {0, 3, 1};
    CHECK_OK(meeple_game_new("catan(players=3)", &g));
    CHECK_OK(meeple_game_features_json(g, NULL, 0, &n));
    json = (char *)malloc(n + 1);
    CHECK_OK(meeple_game_features_json(g, json, n + 1, &n));
    CHECK(strstr(json, "\"features_version\":1") != NULL);
    CHECK(strstr(json, "\"name\":\"production\"") != NULL);
    free(json);
    CHECK_OK(meeple_state_new(g, 3, &s));
    CHECK_OK(meeple_state_features(s, 0, MEEPLE_FEATURES_SEAT, NULL, 0, &size));
    CHECK(size > 1000);
    /* A short buffer is left alone. */
    CHECK_STATUS(meeple_state_features(s, 0, MEEPLE_FEATURES_SEAT, small, 4, &n), MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK(n == size && small[0] == 7 && small[3] == 7);
    CHECK_STATUS(meeple_state_features(s, 3, MEEPLE_FEATURES_SEAT, NULL, 0, &n), MEEPLE_ERR_OUT_OF_RANGE);
    CHECK_STATUS(meeple_state_features(s, MEEPLE_VIEW_ALL, MEEPLE_FEATURES_SEAT, NULL, 0, &n), MEEPLE_ERR_OUT_OF_RANGE);
    CHECK_STATUS(meeple_state_features(s, 0, 2, NULL, 0, &n), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(strstr(meeple_last_error_message(), "MEEPLE_FEATURES_OMNISCIENT") != NULL);
    /* A batch writes what each state would. */
    CHECK_OK(meeple_batch_new(g, 3, 11, 1, &b));
    rows = (float *)malloc(3 * size * sizeof(float));
    one = (float *)malloc(size * sizeof(float));
    CHECK_STATUS(meeple_batch_write_features(b, bad, 3, MEEPLE_FEATURES_SEAT, rows, 3 * size), MEEPLE_ERR_OUT_OF_RANGE);
    CHECK_STATUS(meeple_batch_write_features(b, viewers, 3, MEEPLE_FEATURES_SEAT, rows, 3 * size - 1),
                 MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK_OK(meeple_batch_write_features(b, viewers, 3, MEEPLE_FEATURES_OMNISCIENT, rows, 3 * size));
    for (i = 0; i < 3; ++i) {
        meeple_state_t *slot = NULL;
        CHECK_OK(meeple_batch_get_state(b, i, &slot));
        CHECK_OK(meeple_state_features(slot, viewers[i], MEEPLE_FEATURES_OMNISCIENT, one, size, &n));
        CHECK(memcmp(one, rows + i * size, size * sizeof(float)) == 0);
        meeple_state_free(slot);
    }
    free(one);
    free(rows);
    meeple_batch_free(b);
    /* Games without feature vectors say so. */
    CHECK_OK(meeple_game_new("tictactoe", &t));
    CHECK_OK(meeple_state_new(t, 1, &tt));
    CHECK_STATUS(meeple_game_features_json(t, NULL, 0, &n), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_state_features(tt, 0, MEEPLE_FEATURES_SEAT, NULL, 0, &n), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(strstr(meeple_last_error_message(), "no feature vectors") != NULL);
    meeple_state_free(tt);
    meeple_game_free(t);
    meeple_state_free(s);
    meeple_game_free(g);
}

const meeple_test_case meeple_catan_tests[] = {
    {"catan_features_through_the_abi", catan_features_through_the_abi},
    {"catan_roll_has_eleven_successors_one_of_them_the_sampled_step",
     catan_roll_has_eleven_successors_one_of_them_the_sampled_step},
    {"an_action_without_chance_has_one_successor_equal_to_apply",
     an_action_without_chance_has_one_successor_equal_to_apply},
    {"catan_publishes_its_topology_as_data", catan_publishes_its_topology_as_data},
    {NULL, NULL},
};
