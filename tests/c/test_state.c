/* meeple_state_*: the game model through the C ABI, on tic-tac-toe. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "meeple/meeple.h"

static meeple_game_t *ttt(void) {
    meeple_game_t *g = NULL;
    meeple_game_new("tictactoe", &g);
    return g;
}

/* Plays the given cells in order for whoever is to move. */
static void play(meeple_state_t *s, const int32_t *cells, int n) {
    int i;
    for (i = 0; i < n; ++i) CHECK_OK(meeple_state_apply(s, MEEPLE_ACTING_PLAYER, cells[i]));
}

static int snapshot_equal(const meeple_state_t *a, const meeple_state_t *b) {
    uint8_t x[256], y[256];
    size_t nx = 0, ny = 0;
    meeple_state_snapshot(a, x, sizeof x, &nx);
    meeple_state_snapshot(b, y, sizeof y, &ny);
    return nx == ny && memcmp(x, y, nx) == 0;
}

static void new_state_has_x_to_move_with_nine_actions(void) {
    meeple_game_t *g = ttt();
    meeple_state_t *s = NULL;
    int32_t players[4], actions[16], flag = -1;
    size_t n = 0;
    int64_t moves = -1;
    CHECK_OK(meeple_state_new(g, 7, &s));
    CHECK_OK(meeple_state_active_players(s, players, 4, &n));
    CHECK(n == 1 && players[0] == 0);
    CHECK_OK(meeple_state_legal_actions(s, 0, actions, 16, &n));
    CHECK(n == 9 && actions[0] == 0 && actions[8] == 8);
    CHECK_OK(meeple_state_is_terminal(s, &flag));
    CHECK(flag == 0);
    CHECK_OK(meeple_state_truncated(s, &flag));
    CHECK(flag == 0);
    CHECK_OK(meeple_state_move_number(s, &moves));
    CHECK(moves == 0);
    meeple_state_free(s);
    meeple_game_free(g);
}

static void legal_actions_follow_query_then_fill(void) {
    meeple_game_t *g = ttt();
    meeple_state_t *s = NULL;
    int32_t out[9];
    size_t n = 0;
    meeple_state_new(g, 1, &s);
    CHECK_OK(meeple_state_legal_actions(s, 0, NULL, 0, &n));
    CHECK(n == 9);
    out[0] = 42;
    CHECK_STATUS(meeple_state_legal_actions(s, 0, out, 8, &n), MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK(n == 9 && out[0] == 42);
    CHECK_OK(meeple_state_legal_actions(s, 0, out, 9, &n));
    CHECK(out[4] == 4);
    CHECK_STATUS(meeple_state_legal_actions(s, 1, out, 9, &n), MEEPLE_ERR_NOT_ACTIVE);
    CHECK_STATUS(meeple_state_legal_actions(s, 2, out, 9, &n), MEEPLE_ERR_OUT_OF_RANGE);
    CHECK_STATUS(meeple_state_legal_actions(s, 0, out, 9, NULL), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_state_legal_actions(NULL, 0, out, 9, &n), MEEPLE_ERR_INVALID_ARGUMENT);
    meeple_state_free(s);
    meeple_game_free(g);
}

static void mask_and_is_legal_agree_with_legal_actions(void) {
    meeple_game_t *g = ttt();
    meeple_state_t *s = NULL;
    const int32_t moves[] = {4, 0};
    uint64_t mask = 0;
    int32_t legal = -1;
    size_t n = 0;
    meeple_state_new(g, 1, &s);
    play(s, moves, 2);
    CHECK_OK(meeple_state_action_mask(s, 0, &mask, 1, &n));
    CHECK(n == 1 && mask == (0x1FFull & ~0x11ull));
    /* not active: the same error as legal_actions gives */
    CHECK_STATUS(meeple_state_action_mask(s, 1, &mask, 1, &n), MEEPLE_ERR_NOT_ACTIVE);
    CHECK(mask == (0x1FFull & ~0x11ull)); /* nothing written */
    CHECK_OK(meeple_state_action_mask(s, MEEPLE_ACTING_PLAYER, &mask, 1, &n));
    CHECK(mask == (0x1FFull & ~0x11ull));
    CHECK_STATUS(meeple_state_action_mask(s, 0, &mask, 0, &n), MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK_STATUS(meeple_state_action_mask(s, 5, &mask, 1, &n), MEEPLE_ERR_OUT_OF_RANGE);
    CHECK_OK(meeple_state_is_legal(s, 0, 8, &legal));
    CHECK(legal == 1);
    CHECK_OK(meeple_state_is_legal(s, 0, 4, &legal));
    CHECK(legal == 0);
    CHECK_OK(meeple_state_is_legal(s, 1, 8, &legal)); /* not active */
    CHECK(legal == 0);
    CHECK_OK(meeple_state_is_legal(s, 0, 99, &legal)); /* outside the action space */
    CHECK(legal == 0);
    CHECK_STATUS(meeple_state_is_legal(s, 0, 8, NULL), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_state_is_legal(s, 3, 8, &legal), MEEPLE_ERR_OUT_OF_RANGE);
    meeple_state_free(s);
    meeple_game_free(g);
}

static void bad_apply_leaves_the_state_unchanged(void) {
    meeple_game_t *g = ttt();
    meeple_state_t *s = NULL, *before = NULL;
    const int32_t moves[] = {4};
    meeple_state_new(g, 3, &s);
    play(s, moves, 1);
    meeple_state_clone(s, &before);
    CHECK_STATUS(meeple_state_apply(s, 1, 4), MEEPLE_ERR_ILLEGAL_ACTION);
    CHECK(strstr(meeple_last_error_message(), "not legal") != NULL);
    CHECK_STATUS(meeple_state_apply(s, 0, 0), MEEPLE_ERR_NOT_ACTIVE);
    CHECK_STATUS(meeple_state_apply(s, 1, 9), MEEPLE_ERR_OUT_OF_RANGE);
    CHECK_STATUS(meeple_state_apply(s, 1, -7), MEEPLE_ERR_OUT_OF_RANGE);
    CHECK_STATUS(meeple_state_apply(s, 2, 0), MEEPLE_ERR_OUT_OF_RANGE);
    CHECK_STATUS(meeple_state_apply(s, MEEPLE_CHANCE, 0), MEEPLE_ERR_NOT_ACTIVE);
    CHECK_STATUS(meeple_state_apply(NULL, 0, 0), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(snapshot_equal(s, before));
    meeple_state_free(before);
    meeple_state_free(s);
    meeple_game_free(g);
}

static void a_row_of_three_wins_and_ends_the_game(void) {
    meeple_game_t *g = ttt();
    meeple_state_t *s = NULL;
    const int32_t moves[] = {0, 3, 1, 4, 2}; /* X takes the top row */
    double r[2];
    int32_t flag = 0, players[2];
    size_t n = 9;
    meeple_state_new(g, 0, &s);
    play(s, moves, 5);
    CHECK_OK(meeple_state_is_terminal(s, &flag));
    CHECK(flag == 1);
    CHECK_OK(meeple_state_returns(s, r, 2, &n));
    CHECK(n == 2 && r[0] == 1.0 && r[1] == -1.0);
    CHECK_OK(meeple_state_step_reward(s, r, 2, &n));
    CHECK(r[0] == 1.0 && r[1] == -1.0);
    CHECK_STATUS(meeple_state_returns(s, r, 1, &n), MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK_STATUS(meeple_state_step_reward(s, r, 1, &n), MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK_OK(meeple_state_active_players(s, players, 2, &n));
    CHECK(n == 0);
    CHECK_OK(meeple_state_legal_actions(s, MEEPLE_ACTING_PLAYER, NULL, 0, &n));
    CHECK(n == 0);
    CHECK_STATUS(meeple_state_apply(s, 1, 8), MEEPLE_ERR_WRONG_STATE);
    CHECK_STATUS(meeple_state_apply(s, MEEPLE_ACTING_PLAYER, 8), MEEPLE_ERR_WRONG_STATE);
    meeple_state_free(s);
    meeple_game_free(g);
}

static void tictactoe_has_no_chance_outcomes(void) {
    meeple_game_t *g = ttt();
    meeple_state_t *s = NULL;
    int32_t actions[4];
    double probs[4];
    size_t n = 9;
    meeple_state_new(g, 0, &s);
    CHECK_OK(meeple_state_chance_outcomes(s, NULL, NULL, 0, &n));
    CHECK(n == 0);
    CHECK_OK(meeple_state_chance_outcomes(s, actions, probs, 4, &n));
    CHECK(n == 0);
    CHECK_STATUS(meeple_state_chance_outcomes(s, actions, NULL, 4, &n), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_state_legal_actions(s, MEEPLE_CHANCE, actions, 4, &n), MEEPLE_ERR_NOT_ACTIVE);
    meeple_state_free(s);
    meeple_game_free(g);
}

static void observation_is_relative_to_the_viewer(void) {
    meeple_game_t *g = ttt();
    meeple_state_t *s = NULL;
    const int32_t moves[] = {4};
    float x[29], o[29], pub[29];
    size_t n = 0;
    meeple_state_new(g, 0, &s);
    play(s, moves, 1);
    CHECK_OK(meeple_state_observation(s, 0, NULL, 0, &n));
    CHECK(n == 29);
    CHECK_OK(meeple_state_observation(s, 0, x, 29, &n));
    CHECK_OK(meeple_state_observation(s, 1, o, 29, &n));
    CHECK_OK(meeple_state_observation(s, MEEPLE_VIEW_PUBLIC, pub, 29, &n));
    CHECK(x[4] == 1.0f && x[9 + 4] == 0.0f);  /* X sees its own mark in plane 0 */
    CHECK(o[4] == 0.0f && o[9 + 4] == 1.0f);  /* O sees it in the opponent plane */
    CHECK(pub[4] == 1.0f);                    /* spectators see X in plane 0 */
    CHECK(x[18 + 4] == 0.0f && x[18 + 0] == 1.0f);
    CHECK(o[27] == 1.0f && x[28] == 1.0f);    /* O to move */
    CHECK_OK(meeple_state_observation(s, MEEPLE_VIEW_ALL, pub, 29, &n));
    CHECK_STATUS(meeple_state_observation(s, 2, x, 29, &n), MEEPLE_ERR_OUT_OF_RANGE);
    CHECK_STATUS(meeple_state_observation(s, -9, x, 29, &n), MEEPLE_ERR_OUT_OF_RANGE);
    CHECK_STATUS(meeple_state_observation(s, 0, x, 28, &n), MEEPLE_ERR_BUFFER_TOO_SMALL);
    meeple_state_free(s);
    meeple_game_free(g);
}

static void view_and_render_describe_the_board(void) {
    meeple_game_t *g = ttt();
    meeple_state_t *s = NULL;
    const int32_t moves[] = {4, 0};
    char buf[1024];
    size_t n = 0;
    meeple_state_new(g, 0, &s);
    play(s, moves, 2);
    CHECK_OK(meeple_state_view_json(s, MEEPLE_VIEW_PUBLIC, buf, sizeof buf, &n));
    CHECK(strstr(buf, "\"board\":[[\"O\",\".\",\".\"],[\".\",\"X\",\".\"]") != NULL);
    CHECK(strstr(buf, "\"to_move\":0") != NULL);
    CHECK_STATUS(meeple_state_view_json(s, 7, buf, sizeof buf, &n), MEEPLE_ERR_OUT_OF_RANGE);
    CHECK_STATUS(meeple_state_view_json(s, 0, buf, 4, &n), MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK_OK(meeple_state_render(s, NULL, 0, &n));
    CHECK(n > 0);
    CHECK_OK(meeple_state_render(s, buf, sizeof buf, &n));
    CHECK(strstr(buf, " O | . | .") != NULL && strstr(buf, "X to move") != NULL);
    CHECK_STATUS(meeple_state_render(s, buf, 2, &n), MEEPLE_ERR_BUFFER_TOO_SMALL);
    meeple_state_free(s);
    meeple_game_free(g);
}

static void snapshot_round_trips_and_rejects_bad_bytes(void) {
    meeple_game_t *g = ttt(), *misere = NULL;
    meeple_state_t *s = NULL, *back = NULL;
    const int32_t moves[] = {4, 0, 8};
    uint8_t bytes[256], bad[256];
    size_t n = 0, m = 0;
    meeple_game_new("tictactoe(misere=true)", &misere);
    meeple_state_new(g, 99, &s);
    play(s, moves, 3);
    CHECK_OK(meeple_state_snapshot(s, NULL, 0, &n));
    CHECK(n > 48 && n <= sizeof bytes);
    CHECK_STATUS(meeple_state_snapshot(s, bytes, n - 1, &m), MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK_OK(meeple_state_snapshot(s, bytes, n, &m));
    CHECK_OK(meeple_state_restore(g, bytes, n, &back));
    CHECK(snapshot_equal(s, back));
    meeple_state_free(back);
    back = NULL;
    CHECK_STATUS(meeple_state_restore(g, bytes, n - 1, &back), MEEPLE_ERR_PARSE);      /* cut short */
    CHECK_STATUS(meeple_state_restore(g, bytes, 10, &back), MEEPLE_ERR_PARSE);
    CHECK_STATUS(meeple_state_restore(misere, bytes, n, &back), MEEPLE_ERR_INVALID_ARGUMENT); /* other options */
    memcpy(bad, bytes, n);
    bad[8] = 99; /* snapshot format version */
    CHECK_STATUS(meeple_state_restore(g, bad, n, &back), MEEPLE_ERR_VERSION_MISMATCH);
    memcpy(bad, bytes, n);
    bad[12] = 99; /* state version */
    CHECK_STATUS(meeple_state_restore(g, bad, n, &back), MEEPLE_ERR_VERSION_MISMATCH);
    memcpy(bad, bytes, n);
    bad[n - 1] ^= 1; /* corrupt */
    CHECK_STATUS(meeple_state_restore(g, bad, n, &back), MEEPLE_ERR_PARSE);
    memcpy(bad, bytes, n);
    bad[0] = 'X'; /* not a snapshot */
    CHECK_STATUS(meeple_state_restore(g, bad, n, &back), MEEPLE_ERR_PARSE);
    CHECK_STATUS(meeple_state_restore(g, NULL, 5, &back), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_state_restore(g, NULL, 0, &back), MEEPLE_ERR_PARSE);
    CHECK_STATUS(meeple_state_restore(g, bytes, n, NULL), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(back == NULL);
    meeple_state_free(s);
    meeple_game_free(misere);
    meeple_game_free(g);
}

static void clone_copy_and_determinize_give_equal_states(void) {
    meeple_game_t *g = ttt(), *other = NULL, *back = NULL;
    meeple_state_t *s = NULL, *c = NULL, *d = NULL, *o = NULL;
    const int32_t moves[] = {1, 2};
    float before[29], after[29];
    size_t n = 0;
    char spec[64];
    meeple_state_new(g, 5, &s);
    play(s, moves, 2);
    CHECK_OK(meeple_state_clone(s, &c));
    CHECK(snapshot_equal(s, c));
    CHECK_OK(meeple_state_apply(c, 0, 0));
    CHECK(!snapshot_equal(s, c));
    CHECK_OK(meeple_state_copy(c, s));
    CHECK(snapshot_equal(s, c));
    meeple_game_new("tictactoe(misere=true)", &other);
    meeple_state_new(other, 5, &o);
    CHECK_STATUS(meeple_state_copy(o, s), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_state_copy(NULL, s), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_OK(meeple_state_determinize(s, 0, 11, &d));
    meeple_state_observation(s, 0, before, 29, &n);
    meeple_state_observation(d, 0, after, 29, &n);
    CHECK(memcmp(before, after, sizeof before) == 0);
    CHECK_STATUS(meeple_state_determinize(s, MEEPLE_VIEW_PUBLIC, 11, &d), MEEPLE_ERR_OUT_OF_RANGE);
    CHECK_STATUS(meeple_state_clone(s, NULL), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_OK(meeple_state_game(s, &back));
    CHECK_OK(meeple_game_spec(back, spec, sizeof spec, &n));
    CHECK(strcmp(spec, "tictactoe(misere=false)") == 0);
    meeple_game_free(back);
    meeple_state_free(d);
    meeple_state_free(o);
    meeple_state_free(c);
    meeple_state_free(s);
    meeple_game_free(other);
    meeple_game_free(g);
}

static void a_state_outlives_its_freed_game(void) {
    meeple_game_t *g = ttt();
    meeple_state_t *s = NULL;
    int32_t actions[9];
    size_t n = 0;
    meeple_state_new(g, 0, &s);
    meeple_game_free(g);
    CHECK_OK(meeple_state_apply(s, 0, 4));
    CHECK_OK(meeple_state_legal_actions(s, 1, actions, 9, &n));
    CHECK(n == 8);
    meeple_state_free(s);
}

static void same_seed_and_actions_give_same_bytes(void) {
    meeple_game_t *g = ttt();
    meeple_state_t *a = NULL, *b = NULL;
    const int32_t moves[] = {0, 4, 8, 2, 6};
    meeple_state_new(g, 1234, &a);
    meeple_state_new(g, 1234, &b);
    play(a, moves, 5);
    play(b, moves, 5);
    CHECK(snapshot_equal(a, b));
    meeple_state_free(a);
    meeple_state_free(b);
    meeple_state_new(g, 1, &a);
    meeple_state_new(g, 2, &b);
    CHECK(!snapshot_equal(a, b)); /* the generator is part of the state */
    meeple_state_free(a);
    meeple_state_free(b);
    meeple_game_free(g);
}

static void current_player_is_the_one_seat_to_move_then_nobody(void) {
    meeple_game_t *g = ttt();
    meeple_state_t *s = NULL;
    const int32_t top_row_for_x[] = {0, 3, 1, 4, 2};
    int32_t player = 99;
    size_t n = 0;
    uint64_t mask = 0;
    meeple_state_new(g, 3, &s);
    CHECK_OK(meeple_state_current_player(s, &player));
    CHECK(player == 0);
    CHECK_OK(meeple_state_apply(s, 0, 4));
    CHECK_OK(meeple_state_current_player(s, &player));
    CHECK(player == 1);
    meeple_state_free(s);
    meeple_state_new(g, 3, &s);
    play(s, top_row_for_x, 5);
    CHECK_OK(meeple_state_current_player(s, &player));
    CHECK(player == MEEPLE_NOBODY);
    /* a finished game: every seat is inactive, for the mask as for the action list */
    CHECK_STATUS(meeple_state_action_mask(s, 0, &mask, 1, &n), MEEPLE_ERR_NOT_ACTIVE);
    CHECK_STATUS(meeple_state_legal_actions(s, 0, NULL, 0, &n), MEEPLE_ERR_NOT_ACTIVE);
    CHECK_OK(meeple_state_action_mask(s, MEEPLE_ACTING_PLAYER, &mask, 1, &n));
    CHECK(mask == 0);
    player = 99;
    CHECK_STATUS(meeple_state_current_player(s, NULL), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_state_current_player(NULL, &player), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(player == 99);
    meeple_state_free(s);
    meeple_game_free(g);
}

static void position_hash_and_equality_ignore_the_generator(void) {
    meeple_game_t *g = ttt();
    meeple_state_t *a = NULL, *b = NULL, *c = NULL;
    /* the same cells by another move order, from another seed */
    const int32_t order_a[] = {0, 4, 8}, order_b[] = {8, 4, 0}, other[] = {0, 4, 7};
    uint64_t ha = 0, hb = 0, hc = 0;
    int32_t equal = -1;
    meeple_state_new(g, 1, &a);
    meeple_state_new(g, 2, &b);
    meeple_state_new(g, 1, &c);
    play(a, order_a, 3);
    play(b, order_b, 3);
    play(c, other, 3);
    CHECK(!snapshot_equal(a, b)); /* their generators differ */
    CHECK_OK(meeple_state_hash(a, &ha));
    CHECK_OK(meeple_state_hash(b, &hb));
    CHECK_OK(meeple_state_hash(c, &hc));
    CHECK(ha == hb);
    CHECK(ha != hc);
    CHECK_OK(meeple_state_equal_position(a, b, &equal));
    CHECK(equal == 1);
    CHECK_OK(meeple_state_equal_position(a, c, &equal));
    CHECK(equal == 0);
    CHECK_STATUS(meeple_state_hash(a, NULL), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_state_equal_position(a, NULL, &equal), MEEPLE_ERR_INVALID_ARGUMENT);
    meeple_state_free(a);
    meeple_state_free(b);
    meeple_state_free(c);
    meeple_game_free(g);
}

static void states_of_different_games_are_never_the_same_position(void) {
    meeple_game_t *g = ttt(), *m = NULL;
    meeple_state_t *a = NULL, *b = NULL;
    int32_t equal = -1;
    CHECK_OK(meeple_game_new("tictactoe(misere=true)", &m));
    meeple_state_new(g, 1, &a);
    meeple_state_new(m, 1, &b);
    CHECK_OK(meeple_state_equal_position(a, b, &equal));
    CHECK(equal == 0);
    meeple_state_free(a);
    meeple_state_free(b);
    meeple_game_free(m);
    meeple_game_free(g);
}

static void a_draw_returns_zeros_without_a_negative_zero(void) {
    meeple_game_t *g = ttt();
    meeple_state_t *s = NULL;
    /* X O X / X O O / O X X: a full board with no line */
    const int32_t draw[] = {0, 1, 2, 4, 3, 5, 7, 6, 8};
    double r[2] = {1.0, 1.0};
    size_t n = 0;
    int32_t over = 0;
    meeple_state_new(g, 5, &s);
    play(s, draw, 9);
    CHECK_OK(meeple_state_is_terminal(s, &over));
    CHECK(over == 1);
    CHECK_OK(meeple_state_returns(s, r, 2, &n));
    CHECK(r[0] == 0.0 && r[1] == 0.0);
    CHECK(!signbit(r[0]) && !signbit(r[1]));
    CHECK_OK(meeple_state_step_reward(s, r, 2, &n));
    CHECK(!signbit(r[0]) && !signbit(r[1]));
    meeple_state_free(s);
    meeple_game_free(g);
}

const meeple_test_case meeple_state_tests[] = {
    {"current_player_is_the_one_seat_to_move_then_nobody", current_player_is_the_one_seat_to_move_then_nobody},
    {"position_hash_and_equality_ignore_the_generator", position_hash_and_equality_ignore_the_generator},
    {"states_of_different_games_are_never_the_same_position",
     states_of_different_games_are_never_the_same_position},
    {"a_draw_returns_zeros_without_a_negative_zero", a_draw_returns_zeros_without_a_negative_zero},
    {"new_state_has_x_to_move_with_nine_actions", new_state_has_x_to_move_with_nine_actions},
    {"legal_actions_follow_query_then_fill", legal_actions_follow_query_then_fill},
    {"mask_and_is_legal_agree_with_legal_actions", mask_and_is_legal_agree_with_legal_actions},
    {"bad_apply_leaves_the_state_unchanged", bad_apply_leaves_the_state_unchanged},
    {"a_row_of_three_wins_and_ends_the_game", a_row_of_three_wins_and_ends_the_game},
    {"tictactoe_has_no_chance_outcomes", tictactoe_has_no_chance_outcomes},
    {"observation_is_relative_to_the_viewer", observation_is_relative_to_the_viewer},
    {"view_and_render_describe_the_board", view_and_render_describe_the_board},
    {"snapshot_round_trips_and_rejects_bad_bytes", snapshot_round_trips_and_rejects_bad_bytes},
    {"clone_copy_and_determinize_give_equal_states", clone_copy_and_determinize_give_equal_states},
    {"a_state_outlives_its_freed_game", a_state_outlives_its_freed_game},
    {"same_seed_and_actions_give_same_bytes", same_seed_and_actions_give_same_bytes},
    {NULL, NULL},
};
