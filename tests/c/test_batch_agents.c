/* meeple_batch_play_agents through the header alone: the opponents' turns of every slot
 * of a batch, played by agents until the caller's seat acts or the game ends, with the
 * rewards of those moves summed, and the refusals that leave every slot as it was. */
#include <string.h>

#include "check.h"
#include "meeple/meeple.h"

/* Tic-tac-toe: X (seat 0) is the caller's, O (seat 1) the heuristic's. The heuristic
 * (docs/agents.md) takes the centre when it has nothing to win or block, blocks an open
 * two, and completes its own line when it can. */
static void play_agents_answers_for_the_opponents_and_sums_the_rewards(void) {
    meeple_game_t *g = NULL;
    meeple_batch_t *b = NULL;
    meeple_agent_t *o0 = NULL, *o1 = NULL;
    meeple_agent_t *agents[4];
    int32_t actions[2];
    uint8_t dones[2], masks[18];
    int32_t status[2 * MEEPLE_BATCH_STATUS_INTS];
    float rewards[4];
    CHECK_OK(meeple_game_new("tictactoe", &g));
    CHECK_OK(meeple_batch_new(g, 2, 5, 1, &b));
    CHECK_OK(meeple_agent_new(g, "heuristic", 1, &o0));
    CHECK_OK(meeple_agent_new(g, "heuristic", 2, &o1));
    agents[0] = NULL, agents[1] = o0, agents[2] = NULL, agents[3] = o1;

    /* X opens in the corner of slot 0 and the centre of slot 1: nothing to play yet. */
    CHECK_OK(meeple_batch_play_agents(b, agents, 4, rewards, 4));
    CHECK(rewards[0] == 0 && rewards[1] == 0 && rewards[2] == 0 && rewards[3] == 0);
    actions[0] = 0, actions[1] = 4;
    CHECK_OK(meeple_batch_step(b, actions, 2, dones));
    CHECK_OK(meeple_batch_play_agents(b, agents, 4, rewards, 4));
    CHECK_OK(meeple_batch_write_dense_masks(b, masks, 18));
    CHECK(masks[0] == 0 && masks[4] == 0 && masks[1] == 1);               /* O took the centre */
    CHECK(masks[9 + 4] == 0 && (!masks[9 + 0] || !masks[9 + 2] || !masks[9 + 6] || !masks[9 + 8]));
    CHECK_OK(meeple_batch_write_status(b, status, 2 * MEEPLE_BATCH_STATUS_INTS));
    CHECK(status[MEEPLE_BATCH_STATUS_CURRENT_PLAYER] == 0 && status[MEEPLE_BATCH_STATUS_TURN] == 2);

    /* X threatens 0-1-2 in slot 0: O blocks at 2 (slot 1 is left alone). */
    actions[0] = 1, actions[1] = MEEPLE_NO_ACTION;
    CHECK_OK(meeple_batch_step(b, actions, 2, dones));
    CHECK_OK(meeple_batch_play_agents(b, agents, 4, rewards, 4));
    CHECK_OK(meeple_batch_write_dense_masks(b, masks, 18));
    CHECK(masks[2] == 0);
    /* X plays 3; O holds 2 and 4 and completes 2-4-6: its move ends the game. */
    actions[0] = 3;
    CHECK_OK(meeple_batch_step(b, actions, 2, dones));
    CHECK(dones[0] == 0);
    CHECK_OK(meeple_batch_play_agents(b, agents, 4, rewards, 4));
    CHECK(rewards[0] == -1.0f && rewards[1] == 1.0f && rewards[2] == 0 && rewards[3] == 0);
    CHECK_OK(meeple_batch_write_status(b, status, 2 * MEEPLE_BATCH_STATUS_INTS));
    CHECK(status[MEEPLE_BATCH_STATUS_DONE] == 1 && status[MEEPLE_BATCH_STATUS_WINNER] == 1);
    CHECK(status[MEEPLE_BATCH_STATUS_INTS + MEEPLE_BATCH_STATUS_DONE] == 0);

    meeple_agent_free(o0);
    meeple_agent_free(o1);
    meeple_batch_free(b);
    meeple_game_free(g);
}

static void play_agents_refuses_bad_arguments_and_plays_nothing(void) {
    meeple_game_t *g = NULL, *other = NULL;
    meeple_batch_t *b = NULL;
    meeple_agent_t *a = NULL, *foreign = NULL;
    meeple_agent_t *agents[4] = {NULL, NULL, NULL, NULL};
    int32_t actions[2] = {4, 4};
    uint8_t dones[2];
    uint8_t before[2 * 256], after[2 * 256];
    float rewards[4];
    size_t bytes;
    CHECK_OK(meeple_game_new("tictactoe", &g));
    CHECK_OK(meeple_game_new("triangle", &other));
    CHECK_OK(meeple_batch_new(g, 2, 1, 1, &b));
    CHECK_OK(meeple_agent_new(g, "random", 1, &a));
    CHECK_OK(meeple_agent_new(other, "random", 1, &foreign));
    CHECK_OK(meeple_batch_step(b, actions, 2, dones)); /* O to move in both slots */
    {
        meeple_batch_info_t info;
        info.struct_size = sizeof info;
        CHECK_OK(meeple_batch_info(b, &info));
        bytes = 2 * (size_t)info.snapshot_size;
        CHECK(bytes <= sizeof before);
    }
    CHECK_OK(meeple_batch_snapshot(b, before, bytes));

    agents[1] = a, agents[3] = a;
    CHECK_STATUS(meeple_batch_play_agents(b, agents, 4, rewards, 4), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(strstr(meeple_last_error_message(), "never two slots") != NULL);
    agents[3] = foreign;
    CHECK_STATUS(meeple_batch_play_agents(b, agents, 4, rewards, 4), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(strstr(meeple_last_error_message(), "triangle") != NULL);
    agents[3] = NULL;
    CHECK_STATUS(meeple_batch_play_agents(b, agents, 3, rewards, 4), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_play_agents(b, agents, 4, rewards, 3), MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK_STATUS(meeple_batch_play_agents(b, NULL, 4, rewards, 4), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_play_agents(NULL, agents, 4, rewards, 4), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_OK(meeple_batch_snapshot(b, after, bytes));
    CHECK(memcmp(before, after, bytes) == 0);
    /* The refused calls released the agent: it still acts. */
    CHECK_OK(meeple_batch_play_agents(b, agents, 4, rewards, 4));
    CHECK_OK(meeple_batch_snapshot(b, after, bytes));
    CHECK(memcmp(before, after, bytes / 2) != 0 && memcmp(before + bytes / 2, after + bytes / 2, bytes / 2) == 0);

    meeple_agent_free(a);
    meeple_agent_free(foreign);
    meeple_batch_free(b);
    meeple_game_free(other);
    meeple_game_free(g);
}

const meeple_test_case meeple_batch_agent_tests[] = {
    {"play_agents_answers_for_the_opponents_and_sums_the_rewards",
     play_agents_answers_for_the_opponents_and_sums_the_rewards},
    {"play_agents_refuses_bad_arguments_and_plays_nothing", play_agents_refuses_bad_arguments_and_plays_nothing},
    {NULL, NULL},
};
