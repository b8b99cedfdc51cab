/* Library-wide calls: versions, messages, status names, the game list. */
#include <string.h>

#include "check.h"
#include "meeple/meeple.h"

static void abi_version_of_library_matches_header(void) {
    CHECK(meeple_abi_version() == MEEPLE_ABI_VERSION);
}

static void version_string_is_major_minor_patch(void) {
    const char *v = meeple_version_string();
    int dots = 0;
    CHECK(v != NULL && strlen(v) >= 5);
    for (; v && *v; ++v) dots += *v == '.';
    CHECK(dots == 2);
}

static void every_status_code_has_a_name(void) {
    CHECK(strcmp(meeple_status_name(MEEPLE_OK), "MEEPLE_OK") == 0);
    CHECK(strcmp(meeple_status_name(MEEPLE_ERR_INVALID_ARGUMENT), "MEEPLE_ERR_INVALID_ARGUMENT") == 0);
    CHECK(strcmp(meeple_status_name(MEEPLE_ERR_OUT_OF_RANGE), "MEEPLE_ERR_OUT_OF_RANGE") == 0);
    CHECK(strcmp(meeple_status_name(MEEPLE_ERR_BUFFER_TOO_SMALL), "MEEPLE_ERR_BUFFER_TOO_SMALL") == 0);
    CHECK(strcmp(meeple_status_name(MEEPLE_ERR_ILLEGAL_ACTION), "MEEPLE_ERR_ILLEGAL_ACTION") == 0);
    CHECK(strcmp(meeple_status_name(MEEPLE_ERR_NOT_ACTIVE), "MEEPLE_ERR_NOT_ACTIVE") == 0);
    CHECK(strcmp(meeple_status_name(MEEPLE_ERR_WRONG_STATE), "MEEPLE_ERR_WRONG_STATE") == 0);
    CHECK(strcmp(meeple_status_name(MEEPLE_ERR_PARSE), "MEEPLE_ERR_PARSE") == 0);
    CHECK(strcmp(meeple_status_name(MEEPLE_ERR_VERSION_MISMATCH), "MEEPLE_ERR_VERSION_MISMATCH") == 0);
    CHECK(strcmp(meeple_status_name(MEEPLE_ERR_OUT_OF_MEMORY), "MEEPLE_ERR_OUT_OF_MEMORY") == 0);
    CHECK(strcmp(meeple_status_name(MEEPLE_ERR_CANCELLED), "MEEPLE_ERR_CANCELLED") == 0);
    CHECK(strcmp(meeple_status_name(MEEPLE_ERR_BUSY), "MEEPLE_ERR_BUSY") == 0);
    CHECK(strcmp(meeple_status_name(MEEPLE_ERR_INTERNAL), "MEEPLE_ERR_INTERNAL") == 0);
    CHECK(strcmp(meeple_status_name(12345), "MEEPLE_ERR_UNKNOWN") == 0);
}

static void game_names_follow_query_then_fill(void) {
    size_t len = 0;
    char small[4];
    char exact[256];
    CHECK_OK(meeple_game_names(NULL, 0, &len)); /* the size query */
    CHECK(len > 0 && len < sizeof exact);
    memset(small, 'x', sizeof small);
    CHECK_STATUS(meeple_game_names(small, sizeof small, &len), MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK(small[0] == 'x'); /* a short buffer receives nothing */
    CHECK_STATUS(meeple_game_names(exact, len, &len), MEEPLE_ERR_BUFFER_TOO_SMALL); /* no room for NUL */
    CHECK_OK(meeple_game_names(exact, len + 1, &len));
    CHECK(strlen(exact) == len);
    CHECK(strstr(exact, "tictactoe") != NULL);
    CHECK_STATUS(meeple_game_names(NULL, 0, NULL), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_game_names(NULL, 10, &len), MEEPLE_ERR_INVALID_ARGUMENT);
}

static void last_error_message_says_what_was_wrong(void) {
    meeple_game_t *g = NULL;
    CHECK_STATUS(meeple_game_new("catn", &g), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(g == NULL);
    CHECK(strstr(meeple_last_error_message(), "unknown game 'catn'") != NULL);
    CHECK(strstr(meeple_last_error_message(), "tictactoe") != NULL);
}

const meeple_test_case meeple_library_tests[] = {
    {"abi_version_of_library_matches_header", abi_version_of_library_matches_header},
    {"version_string_is_major_minor_patch", version_string_is_major_minor_patch},
    {"every_status_code_has_a_name", every_status_code_has_a_name},
    {"game_names_follow_query_then_fill", game_names_follow_query_then_fill},
    {"last_error_message_says_what_was_wrong", last_error_message_says_what_was_wrong},
    {NULL, NULL},
};
