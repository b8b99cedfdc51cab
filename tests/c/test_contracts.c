/* Contract edges of the ABI found by an outside probe (issue 37): results of idle and
 * cleared search roots, all-NULL arrays with a capacity, config flags other than 0 and
 * 1, a datagen row count that would wrap, and a snapshot move number past int64. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "meeple/meeple.h"

/* X on 0 and 1, O on 3 and 4: X to move. */
static meeple_state_t *midgame(meeple_game_t *g) {
    static const int32_t moves[] = {0, 3, 1, 4};
    meeple_state_t *s = NULL;
    size_t i;
    CHECK_OK(meeple_state_new(g, 1, &s));
    for (i = 0; i < 4; ++i) CHECK_OK(meeple_state_apply(s, MEEPLE_ACTING_PLAYER, moves[i]));
    return s;
}

/* Every result call on `root` refuses it as having no finished round, except stats,
 * which reports an idle root as such. */
static void check_no_results(const meeple_search_t *search, uint64_t root, int idle) {
    int32_t actions[9], line[9];
    uint64_t visits[9];
    double values[18], value[2];
    float policy[9];
    size_t n = 12345;
    meeple_search_stats_t stats;
    CHECK_STATUS(meeple_search_root_actions(search, root, NULL, NULL, NULL, 0, &n), MEEPLE_ERR_WRONG_STATE);
    CHECK(n == 12345); /* nothing written */
    CHECK_STATUS(meeple_search_root_actions(search, root, actions, visits, values, 9, &n), MEEPLE_ERR_WRONG_STATE);
    CHECK_STATUS(meeple_search_root_value(search, root, value, 2), MEEPLE_ERR_WRONG_STATE);
    CHECK_STATUS(meeple_search_policy(search, root, 1.0, policy, 9), MEEPLE_ERR_WRONG_STATE);
    CHECK_STATUS(meeple_search_principal_variation(search, root, line, 9, &n), MEEPLE_ERR_WRONG_STATE);
    memset(&stats, 0, sizeof stats);
    stats.struct_size = sizeof stats;
    if (idle) {
        CHECK_OK(meeple_search_stats(search, root, &stats));
        CHECK(stats.chosen_action == MEEPLE_NO_ACTION && stats.iterations == 0);
    }
}

static void idle_and_cleared_roots_have_no_root_actions(void) {
    meeple_game_t *g = NULL;
    meeple_state_t *s = NULL;
    meeple_search_t *search = NULL;
    int32_t result;
    size_t n = 0;
    CHECK_OK(meeple_game_new("tictactoe", &g));
    s = midgame(g);
    CHECK_OK(meeple_search_new(g, "mcts(iterations=200,seed=1)", 2, 1, &search));
    CHECK_OK(meeple_search_set_root(search, 0, s, MEEPLE_ACTING_PLAYER));
    CHECK_OK(meeple_search_run(search, NULL, &result));
    CHECK(result == MEEPLE_SEARCH_DONE);
    /* Root 1 was never set: its trees are empty (this read a null root node). */
    check_no_results(search, 1, 1);
    CHECK_OK(meeple_search_root_actions(search, 0, NULL, NULL, NULL, 0, &n));
    CHECK(n == 5);
    /* Cleared after a round: its old visit counts are no longer a result. */
    CHECK_OK(meeple_search_clear_root(search, 0));
    check_no_results(search, 0, 1);
    /* Set again and not yet run: no result either. */
    CHECK_OK(meeple_search_set_root(search, 0, s, MEEPLE_ACTING_PLAYER));
    check_no_results(search, 0, 0);
    CHECK_OK(meeple_search_run(search, NULL, &result));
    CHECK_OK(meeple_search_root_actions(search, 0, NULL, NULL, NULL, 0, &n));
    CHECK(n == 5);
    meeple_search_free(search);
    meeple_state_free(s);
    meeple_game_free(g);
}

static void all_null_arrays_with_a_capacity_are_refused(void) {
    const char *lineup[] = {"random", "random"};
    meeple_game_t *g = NULL;
    meeple_state_t *s = NULL;
    meeple_search_t *search = NULL;
    meeple_tournament_t *t = NULL;
    meeple_tournament_config_t cfg;
    int32_t result, actions[9];
    size_t n = 77;
    CHECK_OK(meeple_game_new("tictactoe", &g));
    s = midgame(g);
    CHECK_OK(meeple_search_new(g, "mcts(iterations=100,seed=1)", 1, 1, &search));
    CHECK_OK(meeple_search_set_root(search, 0, s, MEEPLE_ACTING_PLAYER));
    CHECK_OK(meeple_search_run(search, NULL, &result));
    CHECK_STATUS(meeple_search_root_actions(search, 0, NULL, NULL, NULL, 5, &n), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(strstr(meeple_last_error_message(), "capacity is 5") != NULL);
    CHECK(n == 77);
    CHECK_STATUS(meeple_search_root_actions(search, 0, NULL, NULL, NULL, 9, &n), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_OK(meeple_search_root_actions(search, 0, actions, NULL, NULL, 9, &n)); /* one array is enough */
    CHECK(n == 5);
    memset(&cfg, 0, sizeof cfg);
    cfg.struct_size = sizeof cfg;
    cfg.threads = 1;
    cfg.games = 4;
    cfg.duplicate = 1;
    CHECK_OK(meeple_tournament_run(g, lineup, 2, &cfg, NULL, &t));
    n = 77;
    CHECK_STATUS(meeple_tournament_games(t, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 2, &n),
                 MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_tournament_games(t, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 4, &n),
                 MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(strstr(meeple_last_error_message(), "capacity is 4") != NULL);
    CHECK(n == 77);
    CHECK_OK(meeple_tournament_games(t, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, &n));
    CHECK(n == 4);
    meeple_tournament_free(t);
    meeple_search_free(search);
    meeple_state_free(s);
    meeple_game_free(g);
}

static void tournament_flags_take_only_zero_and_one(void) {
    const char *lineup[] = {"heuristic", "random"};
    meeple_game_t *g = NULL;
    meeple_tournament_t *t = NULL;
    meeple_tournament_config_t cfg;
    int k;
    CHECK_OK(meeple_game_new("tictactoe", &g));
    for (k = 0; k < 6; ++k) {
        memset(&cfg, 0, sizeof cfg);
        cfg.struct_size = sizeof cfg;
        cfg.threads = 1;
        cfg.games = 2;
        cfg.duplicate = 1;
        cfg.sprt_elo0 = 0, cfg.sprt_elo1 = 50, cfg.sprt_alpha = 0.05, cfg.sprt_beta = 0.05;
        if (k == 0) cfg.duplicate = 2;
        if (k == 1) cfg.duplicate = -1;
        if (k == 2) cfg.sprt = 2;
        if (k == 3) cfg.sprt = -1;
        if (k == 4) cfg.keep_moves = 3;
        if (k == 5) cfg.keep_moves = INT32_MIN;
        t = NULL;
        CHECK_STATUS(meeple_tournament_run(g, lineup, 2, &cfg, NULL, &t), MEEPLE_ERR_INVALID_ARGUMENT);
        CHECK(strstr(meeple_last_error_message(), "use 0 or 1") != NULL);
        CHECK(t == NULL);
    }
    cfg.keep_moves = 1;
    cfg.sprt = 1;
    CHECK_OK(meeple_tournament_run(g, lineup, 2, &cfg, NULL, &t));
    meeple_tournament_free(t);
    meeple_game_free(g);
}

static void datagen_row_counts_that_would_wrap_are_refused(void) {
    meeple_game_t *g = NULL;
    meeple_datagen_config_t c;
    uint64_t rows = 99;
    float features[1], labels[1];
    int64_t meta[1];
    size_t written = 0;
    CHECK_OK(meeple_game_new("catan", &g));
    memset(&c, 0, sizeof c);
    c.struct_size = sizeof c;
    c.playouts = 1;
    c.samples_per_game = 8192; /* 2^13 */
    c.siblings = 1024;         /* 2^10 */
    c.all_viewers = 1;         /* 4 seats */
    c.games = 1ull << 39;      /* 2^39 * 2^13 * 2^10 * 4 = 2^64: wrapped to 0 rows */
    CHECK_STATUS(meeple_datagen_max_rows(g, &c, &rows), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(strstr(meeple_last_error_message(), "2^48") != NULL);
    CHECK(rows == 99);
    CHECK_STATUS(meeple_run_datagen(g, &c, features, labels, meta, 1, &written, NULL), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(strstr(meeple_last_error_message(), "2^48") != NULL);
    c.games = 1ull << 25; /* 2^25 * 2^13 * 2^10 * 4 = 2^50 */
    CHECK_STATUS(meeple_datagen_max_rows(g, &c, &rows), MEEPLE_ERR_INVALID_ARGUMENT);
    c.games = 1ull << 23; /* 2^48 exactly: the most a call may write */
    CHECK_OK(meeple_datagen_max_rows(g, &c, &rows));
    CHECK(rows == 1ull << 48);
    meeple_game_free(g);
}

/* The snapshot checksum: FNV-1a 64 of the record, folded (docs/snapshot.md). */
static uint32_t folded_fnv(const uint8_t *p, size_t n) {
    uint64_t h = 0xcbf29ce484222325ull;
    size_t i;
    for (i = 0; i < n; ++i) h = (h ^ p[i]) * 0x100000001b3ull;
    return (uint32_t)(h ^ (h >> 32));
}

/* A snapshot of `s` with its move number replaced and its checksum made right again. */
static int restore_with_move_number(meeple_game_t *g, meeple_state_t *s, uint64_t moves, int64_t *read_back) {
    uint8_t bytes[4096];
    size_t len = 0, i;
    uint32_t sum;
    meeple_state_t *back = NULL;
    meeple_status_t st;
    CHECK_OK(meeple_state_snapshot(s, bytes, sizeof bytes, &len));
    for (i = 0; i < 8; ++i) bytes[48 + 32 + i] = (uint8_t)(moves >> (8 * i)); /* after the 4-word generator */
    sum = folded_fnv(bytes + 48, len - 48);
    for (i = 0; i < 4; ++i) bytes[44 + i] = (uint8_t)(sum >> (8 * i));
    st = meeple_state_restore(g, bytes, len, &back);
    if (st == MEEPLE_OK) {
        CHECK_OK(meeple_state_move_number(back, read_back));
        meeple_state_free(back);
    }
    return st;
}

static void snapshot_move_numbers_past_int64_are_refused(void) {
    meeple_game_t *g = NULL;
    meeple_state_t *s = NULL;
    int64_t moves = 0;
    CHECK_OK(meeple_game_new("tictactoe", &g));
    s = midgame(g);
    CHECK(restore_with_move_number(g, s, (uint64_t)INT64_MAX, &moves) == MEEPLE_OK);
    CHECK(moves == INT64_MAX);
    CHECK(restore_with_move_number(g, s, 1ull << 63, &moves) == MEEPLE_ERR_PARSE);
    CHECK(strstr(meeple_last_error_message(), "2^63") != NULL);
    CHECK(restore_with_move_number(g, s, UINT64_MAX, &moves) == MEEPLE_ERR_PARSE);
    meeple_state_free(s);
    meeple_game_free(g);
}

const meeple_test_case meeple_contract_tests[] = {
    {"idle_and_cleared_roots_have_no_root_actions", idle_and_cleared_roots_have_no_root_actions},
    {"all_null_arrays_with_a_capacity_are_refused", all_null_arrays_with_a_capacity_are_refused},
    {"tournament_flags_take_only_zero_and_one", tournament_flags_take_only_zero_and_one},
    {"datagen_row_counts_that_would_wrap_are_refused", datagen_row_counts_that_would_wrap_are_refused},
    {"snapshot_move_numbers_past_int64_are_refused", snapshot_move_numbers_past_int64_are_refused},
    {NULL, NULL},
};
