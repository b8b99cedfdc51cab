/* meeple_state_from_position: states from described positions, through the C ABI. */
#include <string.h>

#include "check.h"
#include "meeple/meeple.h"

static const char *kEmptyRows =
    "[[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"
    "[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],[1,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"
    "[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"
    "[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]]";

static meeple_game_t *triangle_game(void) {
    meeple_game_t *g = NULL;
    CHECK_OK(meeple_game_new("triangle", &g));
    return g;
}

static void position_ok_gives_a_playable_state(void) {
    meeple_game_t *g = triangle_game();
    meeple_state_t *s = NULL;
    char json[1024];
    int32_t actions[360];
    size_t n = 0;
    int32_t terminal = -1;
    strcpy(json, "{\"occupied\": ");
    strcat(json, kEmptyRows);
    strcat(json, ", \"shapes\": [[[0,0,1]], null, null]}");
    CHECK_OK(meeple_state_from_position(g, json, 7, &s));
    CHECK(s != NULL);
    CHECK_OK(meeple_state_is_terminal(s, &terminal));
    CHECK(terminal == 0);
    /* One up triangle fits on every empty up cell: 48 up cells, (3,0) is taken. */
    CHECK_OK(meeple_state_legal_actions(s, 0, actions, 360, &n));
    CHECK(n == 47);
    CHECK_OK(meeple_state_apply(s, 0, actions[0]));
    meeple_state_free(s);
    meeple_game_free(g);
}

static void position_malformed_json_is_parse(void) {
    meeple_game_t *g = triangle_game();
    meeple_state_t *s = NULL;
    CHECK_STATUS(meeple_state_from_position(g, "{\"occupied\": [[0,", 0, &s), MEEPLE_ERR_PARSE);
    CHECK(s == NULL);
    CHECK(strstr(meeple_last_error_message(), "line 1") != NULL);
    meeple_game_free(g);
}

static void position_breaking_rules_is_invalid_argument(void) {
    meeple_game_t *g = triangle_game();
    meeple_game_t *ttt = NULL;
    meeple_state_t *s = NULL;
    char json[1024];
    /* (3,0) holds a triangle; a shape whose orientation breaks the parity rule. */
    strcpy(json, "{\"occupied\": ");
    strcat(json, kEmptyRows);
    strcat(json, ", \"shapes\": [[[0,0,1],[0,1,1]], null, null]}");
    CHECK_STATUS(meeple_state_from_position(g, json, 0, &s), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(strstr(meeple_last_error_message(), "must point down") != NULL);
    CHECK_STATUS(meeple_state_from_position(g, "{\"occupied\": [], \"shapes\": []}", 0, &s),
                 MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_state_from_position(NULL, "{}", 0, &s), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_state_from_position(g, NULL, 0, &s), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_state_from_position(g, "{}", 0, NULL), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(s == NULL);
    CHECK_OK(meeple_game_new("tictactoe", &ttt));
    CHECK_STATUS(meeple_state_from_position(ttt, "{}", 0, &s), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(strstr(meeple_last_error_message(), "does not support positions") != NULL);
    CHECK(s == NULL);
    meeple_game_free(ttt);
    meeple_game_free(g);
}

const meeple_test_case meeple_position_tests[] = {
    {"position_ok_gives_a_playable_state", position_ok_gives_a_playable_state},
    {"position_malformed_json_is_parse", position_malformed_json_is_parse},
    {"position_breaking_rules_is_invalid_argument", position_breaking_rules_is_invalid_argument},
    {NULL, NULL},
};
