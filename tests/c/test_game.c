/* meeple_game_*: specs, options, facts, descriptions, action names. */
#include <string.h>

#include "check.h"
#include "meeple/meeple.h"

static void game_from_plain_name_has_tictactoe_numbers(void) {
    meeple_game_t *g = NULL;
    meeple_game_info_t info;
    CHECK_OK(meeple_game_new("tictactoe", &g));
    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    CHECK_OK(meeple_game_info(g, &info));
    CHECK(info.num_players == 2);
    CHECK(info.num_actions == 9);
    CHECK(info.mask_words == 1);
    CHECK(info.obs_size == 29);
    CHECK(info.max_chance_outcomes == 0);
    CHECK(info.snapshot_size > 48);
    CHECK(info.state_version >= 1);
    meeple_game_free(g);
}

static void game_info_fills_only_what_an_older_struct_holds(void) {
    meeple_game_t *g = NULL;
    meeple_game_info_t info;
    CHECK_OK(meeple_game_new("tictactoe", &g));
    memset(&info, 0x7f, sizeof info);
    info.struct_size = 12; /* struct_size, num_players, num_actions */
    CHECK_OK(meeple_game_info(g, &info));
    CHECK(info.num_players == 2 && info.num_actions == 9);
    CHECK(info.mask_words == 0x7f7f7f7f); /* untouched */
    info.struct_size = 4;
    CHECK_STATUS(meeple_game_info(g, &info), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_game_info(g, NULL), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_game_info(NULL, &info), MEEPLE_ERR_INVALID_ARGUMENT);
    meeple_game_free(g);
}

static void spec_is_canonical_with_every_option(void) {
    meeple_game_t *g = NULL;
    char buf[128];
    size_t len = 0;
    CHECK_OK(meeple_game_new("  tictactoe ( misere = 1 ) ", &g));
    CHECK_OK(meeple_game_spec(g, buf, sizeof buf, &len));
    CHECK(strcmp(buf, "tictactoe(misere=true)") == 0);
    CHECK(len == strlen(buf));
    meeple_game_free(g);
    CHECK_OK(meeple_game_new("tictactoe()", &g));
    CHECK_OK(meeple_game_spec(g, buf, sizeof buf, &len));
    CHECK(strcmp(buf, "tictactoe(misere=false)") == 0);
    meeple_game_free(g);
}

static void bad_specs_are_refused_with_a_message(void) {
    meeple_game_t *g = (meeple_game_t *)0;
    CHECK_STATUS(meeple_game_new("tictactoe(colour=red)", &g), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(strstr(meeple_last_error_message(), "misere") != NULL); /* lists what exists */
    CHECK_STATUS(meeple_game_new("tictactoe(misere=maybe)", &g), MEEPLE_ERR_PARSE);
    CHECK(strstr(meeple_last_error_message(), "true or false") != NULL);
    CHECK_STATUS(meeple_game_new("tictactoe(misere)", &g), MEEPLE_ERR_PARSE);
    CHECK_STATUS(meeple_game_new("tictactoe(misere=true", &g), MEEPLE_ERR_PARSE);
    CHECK_STATUS(meeple_game_new("tictactoe(misere=true,misere=false)", &g), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_game_new("", &g), MEEPLE_ERR_PARSE);
    CHECK_STATUS(meeple_game_new("Tic Tac Toe", &g), MEEPLE_ERR_PARSE);
    CHECK_STATUS(meeple_game_new(NULL, &g), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_game_new("tictactoe", NULL), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(g == NULL);
}

static void describe_json_follows_query_then_fill(void) {
    meeple_game_t *g = NULL;
    size_t len = 0, len2 = 0;
    char small[8];
    char big[4096];
    CHECK_OK(meeple_game_new("tictactoe", &g));
    CHECK_OK(meeple_game_describe_json(g, NULL, 0, &len));
    CHECK(len > 0 && len < sizeof big);
    memset(small, 0, sizeof small);
    CHECK_STATUS(meeple_game_describe_json(g, small, sizeof small, &len2), MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK(len2 == len);
    CHECK(small[0] == 0);
    CHECK_OK(meeple_game_describe_json(g, big, len + 1, &len2));
    CHECK(big[0] == '{' && big[len - 1] == '}' && big[len] == 0);
    CHECK(strstr(big, "\"obs_fields\"") && strstr(big, "\"options\"") && strstr(big, "\"misere\""));
    CHECK(strstr(big, "\"describe_version\":1") != NULL);
    CHECK_STATUS(meeple_game_describe_json(NULL, big, sizeof big, &len2), MEEPLE_ERR_INVALID_ARGUMENT);
    meeple_game_free(g);
}

static void action_names_name_their_cell(void) {
    meeple_game_t *g = NULL;
    char buf[32];
    size_t len = 0;
    CHECK_OK(meeple_game_new("tictactoe", &g));
    CHECK_OK(meeple_game_action_name(g, 5, buf, sizeof buf, &len));
    CHECK(strcmp(buf, "place(1,2)") == 0);
    CHECK_STATUS(meeple_game_action_name(g, 9, buf, sizeof buf, &len), MEEPLE_ERR_OUT_OF_RANGE);
    CHECK_STATUS(meeple_game_action_name(g, -1, buf, sizeof buf, &len), MEEPLE_ERR_OUT_OF_RANGE);
    CHECK_STATUS(meeple_game_action_name(g, 0, buf, 3, &len), MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK(len == 10);
    meeple_game_free(g);
}

static void freeing_null_does_nothing(void) {
    meeple_game_free(NULL);
    meeple_state_free(NULL);
}

const meeple_test_case meeple_game_tests[] = {
    {"game_from_plain_name_has_tictactoe_numbers", game_from_plain_name_has_tictactoe_numbers},
    {"game_info_fills_only_what_an_older_struct_holds", game_info_fills_only_what_an_older_struct_holds},
    {"spec_is_canonical_with_every_option", spec_is_canonical_with_every_option},
    {"bad_specs_are_refused_with_a_message", bad_specs_are_refused_with_a_message},
    {"describe_json_follows_query_then_fill", describe_json_follows_query_then_fill},
    {"action_names_name_their_cell", action_names_name_their_cell},
    {"freeing_null_does_nothing", freeing_null_does_nothing},
    {NULL, NULL},
};
