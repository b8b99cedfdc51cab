/* The batch event log through the header alone: recording starts with start rows,
 * drains take whole rows and leave the rest queued, and the column table names the
 * header columns first. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "meeple/meeple.h"

static void drain_takes_whole_rows_and_leaves_the_rest(void) {
    meeple_game_t *game = NULL;
    meeple_batch_t *batch = NULL;
    meeple_event_info_t info;
    int32_t rows[3 * MEEPLE_EVENT_HEADER_INTS + 5];
    int32_t actions[3] = {4, 4, 4};
    uint8_t dones[3];
    size_t got = 99;
    CHECK_OK(meeple_game_new("tictactoe", &game));
    CHECK_OK(meeple_batch_new(game, 3, 7, 1, &batch));
    /* Off by default: nothing to drain. */
    CHECK_OK(meeple_batch_drain_events(batch, rows, sizeof rows / sizeof rows[0], &got));
    CHECK(got == 0);
    CHECK_STATUS(meeple_batch_record_events(batch, 64u, 10), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_OK(meeple_batch_record_events(batch, MEEPLE_RECORD_ALL, 10));
    CHECK_OK(meeple_batch_step(batch, actions, 3, dones));
    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    CHECK_OK(meeple_batch_event_info(batch, &info));
    CHECK(info.mask == MEEPLE_RECORD_ALL && info.row_ints == MEEPLE_EVENT_HEADER_INTS);
    CHECK(info.queued == 6 && info.overflow == 0 && info.capacity == 10);
    /* Room for two rows and a bit: two whole rows, the three starts' first two. */
    CHECK_OK(meeple_batch_drain_events(batch, rows, 2 * MEEPLE_EVENT_HEADER_INTS + 5, &got));
    CHECK(got == 2);
    CHECK(rows[MEEPLE_EVENT_COL_TYPE] == MEEPLE_EVENT_GAME_START && rows[MEEPLE_EVENT_COL_SLOT] == 0);
    CHECK(rows[MEEPLE_EVENT_HEADER_INTS + MEEPLE_EVENT_COL_SLOT] == 1);
    CHECK(rows[MEEPLE_EVENT_COL_ARG0] == (int32_t)(uint32_t)meeple_batch_derive_seed(7, 0));
    CHECK_OK(meeple_batch_drain_events(batch, rows, sizeof rows / sizeof rows[0], &got));
    CHECK(got == 3);
    CHECK(rows[MEEPLE_EVENT_COL_SLOT] == 2 && rows[MEEPLE_EVENT_COL_TYPE] == MEEPLE_EVENT_GAME_START);
    CHECK(rows[MEEPLE_EVENT_HEADER_INTS + MEEPLE_EVENT_COL_TYPE] == MEEPLE_EVENT_ACTION);
    CHECK(rows[MEEPLE_EVENT_HEADER_INTS + MEEPLE_EVENT_COL_ACTION] == 4);
    CHECK(rows[MEEPLE_EVENT_HEADER_INTS + MEEPLE_EVENT_COL_ACTOR] == 0);
    CHECK(rows[MEEPLE_EVENT_HEADER_INTS + MEEPLE_EVENT_COL_TICK] == 1);
    CHECK_OK(meeple_batch_drain_events(batch, rows, sizeof rows / sizeof rows[0], &got));
    CHECK(got == 1);
    CHECK_STATUS(meeple_batch_drain_events(batch, NULL, 4, &got), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_drain_events(batch, rows, 4, NULL), MEEPLE_ERR_INVALID_ARGUMENT);
    info.struct_size = 4;
    CHECK_STATUS(meeple_batch_event_info(batch, &info), MEEPLE_ERR_INVALID_ARGUMENT);
    meeple_batch_free(batch);
    meeple_game_free(game);
}

static void the_column_table_starts_with_the_header(void) {
    meeple_game_t *game = NULL;
    char json[8192];
    size_t len = 0;
    CHECK_OK(meeple_game_new("catan", &game));
    CHECK_OK(meeple_game_event_fields_json(game, NULL, 0, &len));
    CHECK(len > 0 && len < sizeof json);
    CHECK_OK(meeple_game_event_fields_json(game, json, sizeof json, &len));
    CHECK(strstr(json, "\"name\":\"type\"") != NULL);
    CHECK(strstr(json, "\"name\":\"give_brick\"") != NULL);
    CHECK(strstr(json, "\"row_ints\":36") != NULL);
    CHECK(strstr(json, "\"name\":\"type\"") < strstr(json, "\"name\":\"give_brick\""));
    meeple_game_free(game);
}

const meeple_test_case meeple_event_tests[] = {
    {"drain_takes_whole_rows_and_leaves_the_rest", drain_takes_whole_rows_and_leaves_the_rest},
    {"the_column_table_starts_with_the_header", the_column_table_starts_with_the_header},
    {NULL, NULL},
};
