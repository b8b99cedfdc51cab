/* meeple_batch_* and meeple_run_random_games through the header alone: every call,
 * its array lengths, NULLs, and the agreement of a batch slot with a lone state. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "meeple/meeple.h"

#define N 4
#define OBS 29 /* tic-tac-toe */

static meeple_game_t *ttt(void) {
    meeple_game_t *g = NULL;
    meeple_game_new("tictactoe", &g);
    return g;
}

static meeple_batch_t *ttt_batch(meeple_game_t *g, int32_t threads) {
    meeple_batch_t *b = NULL;
    CHECK_OK(meeple_batch_new(g, N, 5, threads, &b));
    return b;
}

static void batch_new_checks_its_arguments(void) {
    meeple_game_t *g = ttt();
    meeple_batch_t *b = (meeple_batch_t *)&g; /* must stay untouched on failure */
    meeple_batch_t *const sentinel = b;
    uint64_t seeds[2] = {1, 2};
    CHECK_STATUS(meeple_batch_new(NULL, N, 1, 1, &b), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_new(g, 0, 1, 1, &b), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_new(g, N, 1, -1, &b), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_new(g, N, 1, 257, &b), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_new(g, N, 1, 1, NULL), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_new_seeded(g, NULL, 2, 1, &b), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_new_seeded(g, seeds, 0, 1, &b), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(b == sentinel);
    CHECK(strstr(meeple_last_error_message(), "at least one slot") != NULL);
    CHECK_OK(meeple_batch_new_seeded(g, seeds, 2, 0, &b));
    meeple_batch_free(b);
    meeple_batch_free(NULL);
    meeple_game_free(g);
}

static void batch_info_reports_its_numbers(void) {
    meeple_game_t *g = ttt(), *g2 = NULL;
    meeple_batch_t *b = ttt_batch(g, 2);
    meeple_batch_info_t info;
    meeple_game_info_t gi;
    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    CHECK_OK(meeple_batch_info(b, &info));
    CHECK(info.n == N && info.threads == 2 && info.num_players == 2 && info.num_actions == 9);
    CHECK(info.mask_words == 1 && info.obs_size == OBS);
    memset(&gi, 0, sizeof gi);
    gi.struct_size = sizeof gi;
    meeple_game_info(g, &gi);
    CHECK(info.snapshot_size == gi.snapshot_size);
    info.struct_size = 4;
    CHECK_STATUS(meeple_batch_info(b, &info), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_info(NULL, &info), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_OK(meeple_batch_game(b, &g2));
    CHECK(g2 != NULL);
    meeple_game_free(g2);
    CHECK_STATUS(meeple_batch_game(b, NULL), MEEPLE_ERR_INVALID_ARGUMENT);
    meeple_batch_free(b);
    meeple_game_free(g);
}

/* The first output of SplitMix64 from state x, written out from its definition. */
static uint64_t splitmix64(uint64_t x) {
    uint64_t z = x + 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void derive_seed_follows_the_documented_rule(void) {
    meeple_game_t *g = ttt();
    meeple_batch_t *b = NULL;
    meeple_state_t *slot = NULL, *alone = NULL;
    uint8_t x[256], y[256];
    size_t nx = 0, ny = 0;
    CHECK(splitmix64(0) == 0xE220A8397B1DCDAFull);
    CHECK(meeple_batch_derive_seed(0, 0) == splitmix64(splitmix64(0)));
    CHECK(meeple_batch_derive_seed(42, 7) == splitmix64(splitmix64(42) ^ 7));
    CHECK(meeple_batch_derive_seed(0, 0) != meeple_batch_derive_seed(0, 1));
    CHECK(meeple_batch_derive_seed(3, 9) == meeple_batch_derive_seed(3, 9));
    CHECK_OK(meeple_batch_new(g, 3, 11, 1, &b));
    CHECK_OK(meeple_batch_get_state(b, 2, &slot));
    CHECK_OK(meeple_state_new(g, meeple_batch_derive_seed(11, 2), &alone));
    meeple_state_snapshot(slot, x, sizeof x, &nx);
    meeple_state_snapshot(alone, y, sizeof y, &ny);
    CHECK(nx == ny && memcmp(x, y, nx) == 0);
    meeple_state_free(slot);
    meeple_state_free(alone);
    meeple_batch_free(b);
    meeple_game_free(g);
}

static void step_plays_each_slot_like_a_lone_state(void) {
    meeple_game_t *g = ttt();
    uint64_t seeds[N] = {10, 11, 12, 13};
    meeple_batch_t *b = NULL;
    meeple_state_t *alone[N], *slot = NULL;
    int32_t actions[N] = {4, MEEPLE_NO_ACTION, 20, 0};
    uint8_t dones[N], x[256], y[256];
    int64_t illegal[N];
    size_t i, nx, ny;
    CHECK_OK(meeple_batch_new_seeded(g, seeds, N, 2, &b));
    for (i = 0; i < N; ++i) meeple_state_new(g, seeds[i], &alone[i]);
    CHECK_OK(meeple_batch_step(b, actions, N, dones));
    meeple_state_apply(alone[0], MEEPLE_ACTING_PLAYER, 4);
    meeple_state_apply(alone[3], MEEPLE_ACTING_PLAYER, 0);
    for (i = 0; i < N; ++i) {
        CHECK(dones[i] == 0);
        CHECK_OK(meeple_batch_get_state(b, i, &slot));
        meeple_state_snapshot(slot, x, sizeof x, &nx);
        meeple_state_snapshot(alone[i], y, sizeof y, &ny);
        CHECK(nx == ny && memcmp(x, y, nx) == 0);
        meeple_state_free(slot);
        meeple_state_free(alone[i]);
    }
    CHECK_OK(meeple_batch_illegal_counts(b, illegal, N));
    CHECK(illegal[0] == 0 && illegal[1] == 0 && illegal[2] == 1 && illegal[3] == 0);
    meeple_batch_free(b);
    meeple_game_free(g);
}

static void check_actions_accepts_what_the_step_plays_and_names_the_first_it_would_not(void) {
    enum { M = 100 }; /* parts of 32 slots or more on 4 threads: the first illegal of several parts */
    meeple_game_t *g = ttt();
    meeple_batch_t *b = NULL;
    int64_t actions[M];
    int32_t out[M], played[M];
    uint8_t dones[M];
    size_t i, first = 12345;
    CHECK_OK(meeple_batch_new(g, M, 3, 4, &b));
    for (i = 0; i < M; ++i) actions[i] = (int64_t)(i % 9);
    CHECK_OK(meeple_batch_check_actions(b, actions, M, out, M, &first));
    CHECK(first == M);
    for (i = 0; i < M; ++i) CHECK(out[i] == (int32_t)(i % 9));
    CHECK_OK(meeple_batch_check_actions(b, actions, M, out, M, NULL));
    actions[70] = 9;                  /* outside the board */
    actions[40] = (int64_t)1 << 33;   /* outside int32 as well */
    actions[90] = MEEPLE_NO_ACTION;
    CHECK_STATUS(meeple_batch_check_actions(b, actions, M, out, M, &first), MEEPLE_ERR_ILLEGAL_ACTION);
    CHECK(first == 40);
    CHECK(strstr(meeple_last_error_message(), "actions[40]") != NULL);
    /* After a step, each slot's own cell is taken: illegal in every slot, slot 0 named. */
    for (i = 0; i < M; ++i) played[i] = (int32_t)(i % 9);
    CHECK_OK(meeple_batch_step(b, played, M, dones));
    for (i = 0; i < M; ++i) actions[i] = (int64_t)(i % 9);
    CHECK_STATUS(meeple_batch_check_actions(b, actions, M, out, M, &first), MEEPLE_ERR_ILLEGAL_ACTION);
    CHECK(first == 0);
    /* Lengths and NULLs. */
    CHECK_STATUS(meeple_batch_check_actions(b, actions, M - 1, out, M, &first), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_check_actions(b, NULL, M, out, M, &first), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_check_actions(b, actions, M, NULL, M, &first), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_check_actions(b, actions, M, out, M - 1, &first), MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK_STATUS(meeple_batch_check_actions(NULL, actions, M, out, M, &first), MEEPLE_ERR_INVALID_ARGUMENT);
    meeple_batch_free(b);
    meeple_game_free(g);
}

static void check_actions_refuses_every_action_in_a_finished_game(void) {
    meeple_game_t *g = ttt();
    meeple_batch_t *b = NULL;
    const int32_t line[5] = {0, 3, 1, 4, 2}; /* X takes the top row */
    int32_t one[1], out[1];
    int64_t action[1];
    uint8_t done[1];
    size_t k, first = 0;
    CHECK_OK(meeple_batch_new(g, 1, 9, 1, &b));
    for (k = 0; k < 5; ++k) {
        one[0] = line[k];
        CHECK_OK(meeple_batch_step(b, one, 1, done));
    }
    CHECK(done[0] == 1);
    for (action[0] = 0; action[0] < 9; ++action[0]) {
        CHECK_STATUS(meeple_batch_check_actions(b, action, 1, out, 1, &first), MEEPLE_ERR_ILLEGAL_ACTION);
        CHECK(first == 0);
    }
    meeple_batch_free(b);
    meeple_game_free(g);
}

static void step_checks_lengths_and_nulls(void) {
    meeple_game_t *g = ttt();
    meeple_batch_t *b = ttt_batch(g, 1);
    int32_t actions[N] = {0, 1, 2, 3};
    uint8_t dones[N];
    CHECK_STATUS(meeple_batch_step(b, actions, N - 1, dones), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_step(b, actions, N + 1, dones), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_step(b, NULL, N, dones), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_step(b, actions, N, NULL), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_step(NULL, actions, N, dones), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_step_autoreset(b, actions, 2, dones), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_step_autoreset(b, actions, N, NULL), MEEPLE_ERR_INVALID_ARGUMENT);
    meeple_batch_free(b);
    meeple_game_free(g);
}

static void step_and_read_equals_a_step_then_the_reads(void) {
    meeple_game_t *g = ttt();
    meeple_batch_t *apart = ttt_batch(g, 1), *fused = ttt_batch(g, 2);
    int32_t actions[N] = {4, MEEPLE_NO_ACTION, 20, 0};
    uint8_t dones[N], fused_dones[N], before[N * 256], after[N * 256];
    uint64_t masks[N], fused_masks[N];
    float obs[N * OBS], fused_obs[N * OBS];
    int autoreset;
    for (autoreset = 0; autoreset <= 1; ++autoreset) {
        CHECK_OK(autoreset ? meeple_batch_step_autoreset(apart, actions, N, dones)
                           : meeple_batch_step(apart, actions, N, dones));
        CHECK_OK(meeple_batch_write_masks(apart, masks, N));
        CHECK_OK(meeple_batch_write_observations(apart, obs, N * OBS));
        CHECK_OK(meeple_batch_step_and_read(fused, actions, N, autoreset, fused_dones, fused_masks, N, fused_obs,
                                            N * OBS));
        CHECK(memcmp(dones, fused_dones, sizeof dones) == 0);
        CHECK(memcmp(masks, fused_masks, sizeof masks) == 0);
        CHECK(memcmp(obs, fused_obs, sizeof obs) == 0);
        actions[0] = MEEPLE_NO_ACTION, actions[3] = 8;
    }
    /* Either read may be skipped. */
    CHECK_OK(meeple_batch_step_and_read(fused, actions, N, 1, fused_dones, NULL, 0, NULL, 0));
    CHECK_OK(meeple_batch_step_and_read(fused, actions, N, 1, fused_dones, fused_masks, N, NULL, 0));
    /* A bad argument fails the call before anything moves. */
    memset(before, 0, sizeof before);
    memset(after, 0, sizeof after);
    CHECK_OK(meeple_batch_snapshot(fused, before, sizeof before));
    actions[3] = 1;
    CHECK_STATUS(meeple_batch_step_and_read(fused, actions, N, 1, fused_dones, fused_masks, N - 1, NULL, 0),
                 MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK_STATUS(meeple_batch_step_and_read(fused, actions, N, 1, fused_dones, NULL, 0, fused_obs, N * OBS - 1),
                 MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK_STATUS(meeple_batch_step_and_read(fused, actions, N, 2, fused_dones, NULL, 0, NULL, 0),
                 MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_step_and_read(fused, actions, N - 1, 1, fused_dones, NULL, 0, NULL, 0),
                 MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_step_and_read(fused, NULL, N, 1, fused_dones, NULL, 0, NULL, 0),
                 MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_step_and_read(fused, actions, N, 1, NULL, NULL, 0, NULL, 0),
                 MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_step_and_read(NULL, actions, N, 1, fused_dones, NULL, 0, NULL, 0),
                 MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_OK(meeple_batch_snapshot(fused, after, sizeof after));
    CHECK(memcmp(before, after, sizeof before) == 0);
    meeple_batch_free(apart);
    meeple_batch_free(fused);
    meeple_game_free(g);
}

static void every_read_checks_its_length_and_writes_nothing_when_short(void) {
    meeple_game_t *g = ttt();
    meeple_batch_t *b = ttt_batch(g, 2);
    uint64_t masks[N];
    uint8_t dense[N * 9], snap[N * 256];
    int32_t ints[N * MEEPLE_BATCH_STATUS_INTS], viewers[N] = {0, 1, MEEPLE_VIEW_PUBLIC, MEEPLE_VIEW_ALL};
    float obs[N * OBS], rewards[N * 2];
    int64_t illegal[N];
    memset(masks, 0xAB, sizeof masks);
    CHECK_STATUS(meeple_batch_write_masks(b, masks, N - 1), MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK(masks[0] == 0xABABABABABABABABull);
    CHECK_STATUS(meeple_batch_write_masks(b, NULL, N), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_write_masks(NULL, masks, N), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_OK(meeple_batch_write_masks(b, masks, N));
    CHECK(masks[0] == 0x1FF && masks[3] == 0x1FF);
    CHECK_STATUS(meeple_batch_write_dense_masks(b, dense, N * 9 - 1), MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK_STATUS(meeple_batch_write_dense_masks(b, NULL, N * 9), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_OK(meeple_batch_write_dense_masks(b, dense, N * 9));
    CHECK(dense[0] == 1 && dense[N * 9 - 1] == 1);
    CHECK_STATUS(meeple_batch_write_actors(b, ints, N - 1), MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK_STATUS(meeple_batch_write_actors(b, NULL, N), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_OK(meeple_batch_write_actors(b, ints, N));
    CHECK(ints[0] == 1 && ints[3] == 1); /* seat 0 (X) to move */
    CHECK_STATUS(meeple_batch_write_status(b, ints, N * MEEPLE_BATCH_STATUS_INTS - 1), MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK_STATUS(meeple_batch_write_status(b, NULL, N * MEEPLE_BATCH_STATUS_INTS), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_OK(meeple_batch_write_status(b, ints, N * MEEPLE_BATCH_STATUS_INTS));
    CHECK(ints[MEEPLE_BATCH_STATUS_DONE] == 0 && ints[MEEPLE_BATCH_STATUS_WINNER] == -1);
    CHECK(ints[MEEPLE_BATCH_STATUS_TURN] == 0 && ints[MEEPLE_BATCH_STATUS_CURRENT_PLAYER] == 0);
    CHECK(ints[MEEPLE_BATCH_STATUS_TRUNCATED] == 0);
    CHECK_STATUS(meeple_batch_write_observations(b, obs, N * OBS - 1), MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK_STATUS(meeple_batch_write_observations(b, NULL, N * OBS), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_OK(meeple_batch_write_observations(b, obs, N * OBS));
    CHECK(obs[18] == 1.0f && obs[27] == 1.0f); /* empty cell 0; the viewer is to move */
    CHECK_STATUS(meeple_batch_write_observations_for(b, viewers, N - 1, obs, N * OBS), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_write_observations_for(b, NULL, N, obs, N * OBS), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_write_observations_for(b, viewers, N, obs, N * OBS - 1), MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK_OK(meeple_batch_write_observations_for(b, viewers, N, obs, N * OBS));
    viewers[1] = 2;
    obs[0] = 42.0f;
    CHECK_STATUS(meeple_batch_write_observations_for(b, viewers, N, obs, N * OBS), MEEPLE_ERR_OUT_OF_RANGE);
    CHECK(obs[0] == 42.0f);
    CHECK_STATUS(meeple_batch_write_rewards(b, rewards, N * 2 - 1), MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK_STATUS(meeple_batch_write_rewards(b, NULL, N * 2), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_OK(meeple_batch_write_rewards(b, rewards, N * 2));
    CHECK(rewards[0] == 0.0f && rewards[7] == 0.0f);
    CHECK_STATUS(meeple_batch_write_episodes(b, ints, N * MEEPLE_BATCH_EPISODE_INTS - 1, rewards, N * 2),
                 MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK_STATUS(meeple_batch_write_episodes(b, ints, N * MEEPLE_BATCH_EPISODE_INTS, rewards, N * 2 - 1),
                 MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK_STATUS(meeple_batch_write_episodes(b, NULL, N * MEEPLE_BATCH_EPISODE_INTS, rewards, N * 2),
                 MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_write_episodes(b, ints, N * MEEPLE_BATCH_EPISODE_INTS, NULL, N * 2),
                 MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_OK(meeple_batch_write_episodes(b, ints, N * MEEPLE_BATCH_EPISODE_INTS, rewards, N * 2));
    CHECK(ints[MEEPLE_BATCH_EPISODE_COUNT] == 0 && ints[MEEPLE_BATCH_EPISODE_WINNER] == -1);
    CHECK_STATUS(meeple_batch_illegal_counts(b, illegal, N - 1), MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK_STATUS(meeple_batch_illegal_counts(b, NULL, N), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_OK(meeple_batch_illegal_counts(b, illegal, N));
    CHECK(illegal[0] == 0);
    CHECK_STATUS(meeple_batch_snapshot(b, snap, 10), MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK_STATUS(meeple_batch_snapshot(b, NULL, sizeof snap), MEEPLE_ERR_INVALID_ARGUMENT);
    meeple_batch_free(b);
    meeple_game_free(g);
}

static void autoreset_records_the_ended_game_and_its_last_reward(void) {
    meeple_game_t *g = ttt();
    meeple_batch_t *b = NULL;
    uint64_t seed = 3;
    int32_t cells[5] = {0, 3, 1, 4, 2}, a[1], st[MEEPLE_BATCH_STATUS_INTS], ep[MEEPLE_BATCH_EPISODE_INTS];
    uint8_t done = 9;
    float rewards[2], returns[2];
    int i;
    CHECK_OK(meeple_batch_new_seeded(g, &seed, 1, 1, &b));
    for (i = 0; i < 5; ++i) {
        a[0] = cells[i];
        CHECK_OK(meeple_batch_step_autoreset(b, a, 1, &done));
    }
    CHECK(done == 1);
    CHECK_OK(meeple_batch_write_rewards(b, rewards, 2));
    CHECK(rewards[0] == 1.0f && rewards[1] == -1.0f);
    CHECK_OK(meeple_batch_write_episodes(b, ep, MEEPLE_BATCH_EPISODE_INTS, returns, 2));
    CHECK(ep[MEEPLE_BATCH_EPISODE_COUNT] == 1 && ep[MEEPLE_BATCH_EPISODE_WINNER] == 0);
    CHECK(ep[MEEPLE_BATCH_EPISODE_TRUNCATED] == 0 && ep[MEEPLE_BATCH_EPISODE_LENGTH] == 5);
    CHECK(returns[0] == 1.0f && returns[1] == -1.0f);
    CHECK_OK(meeple_batch_write_status(b, st, MEEPLE_BATCH_STATUS_INTS));
    CHECK(st[MEEPLE_BATCH_STATUS_DONE] == 0 && st[MEEPLE_BATCH_STATUS_TURN] == 0);
    meeple_batch_free(b);
    meeple_game_free(g);
}

static void snapshot_load_reseed_and_slots_round_trip(void) {
    meeple_game_t *g = ttt(), *other = NULL;
    meeple_batch_t *b = ttt_batch(g, 2), *c = ttt_batch(g, 1);
    meeple_state_t *s = NULL, *t = NULL;
    meeple_batch_info_t info;
    int32_t actions[N] = {0, 1, 2, 3};
    uint8_t dones[N], *snap, *back;
    size_t bytes;
    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    meeple_batch_info(b, &info);
    bytes = (size_t)N * info.snapshot_size;
    snap = (uint8_t *)malloc(bytes);
    back = (uint8_t *)malloc(bytes);
    CHECK_OK(meeple_batch_step(b, actions, N, dones));
    CHECK_OK(meeple_batch_snapshot(b, snap, bytes));
    CHECK_STATUS(meeple_batch_load(c, snap, bytes - 1), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_load(c, NULL, bytes), MEEPLE_ERR_INVALID_ARGUMENT);
    snap[bytes - 1] ^= 0xFF;
    CHECK_STATUS(meeple_batch_load(c, snap, bytes), MEEPLE_ERR_PARSE);
    CHECK(strstr(meeple_last_error_message(), "row 3") != NULL);
    snap[bytes - 1] ^= 0xFF;
    CHECK_OK(meeple_batch_load(c, snap, bytes));
    CHECK_OK(meeple_batch_snapshot(c, back, bytes));
    CHECK(memcmp(snap, back, bytes) == 0);
    /* reseed restarts every slot as a new batch with that seed */
    CHECK_OK(meeple_batch_reseed(c, 5));
    CHECK_STATUS(meeple_batch_reseed(NULL, 5), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_OK(meeple_batch_reseed(b, 5));
    CHECK_OK(meeple_batch_snapshot(c, back, bytes));
    CHECK_OK(meeple_batch_snapshot(b, snap, bytes));
    CHECK(memcmp(snap, back, bytes) == 0);
    {
        uint64_t seeds[N] = {1, 2, 3, 4};
        CHECK_STATUS(meeple_batch_reseed_seeded(c, seeds, N - 1), MEEPLE_ERR_INVALID_ARGUMENT);
        CHECK_STATUS(meeple_batch_reseed_seeded(c, NULL, N), MEEPLE_ERR_INVALID_ARGUMENT);
        CHECK_OK(meeple_batch_reseed_seeded(c, seeds, N));
    }
    /* get and set a slot */
    CHECK_STATUS(meeple_batch_get_state(b, N, &s), MEEPLE_ERR_OUT_OF_RANGE);
    CHECK_STATUS(meeple_batch_get_state(b, 0, NULL), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_OK(meeple_batch_get_state(b, 1, &s));
    CHECK_OK(meeple_state_apply(s, MEEPLE_ACTING_PLAYER, 8));
    CHECK_STATUS(meeple_batch_set_state(b, N, s), MEEPLE_ERR_OUT_OF_RANGE);
    CHECK_STATUS(meeple_batch_set_state(b, 0, NULL), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_OK(meeple_batch_set_state(b, 0, s));
    CHECK_OK(meeple_batch_get_state(b, 0, &t));
    {
        int64_t moves = 0;
        meeple_state_move_number(t, &moves);
        CHECK(moves == 1);
    }
    meeple_game_new("tictactoe(misere=true)", &other);
    meeple_state_free(t);
    meeple_state_new(other, 1, &t);
    CHECK_STATUS(meeple_batch_set_state(b, 0, t), MEEPLE_ERR_INVALID_ARGUMENT);
    meeple_state_free(s);
    meeple_state_free(t);
    meeple_game_free(other);
    free(snap);
    free(back);
    meeple_batch_free(b);
    meeple_batch_free(c);
    meeple_game_free(g);
}

static void run_random_games_gives_the_same_totals_at_any_thread_count(void) {
    meeple_game_t *g = ttt();
    meeple_random_games_t one, two;
    uint64_t wins1[2], wins2[2];
    memset(&one, 0, sizeof one);
    memset(&two, 0, sizeof two);
    one.struct_size = two.struct_size = sizeof one;
    CHECK_OK(meeple_run_random_games(g, 300, 9, 1, &one, wins1, 2, NULL));
    CHECK_OK(meeple_run_random_games(g, 300, 9, 2, &two, wins2, 2, NULL));
    CHECK(one.games == 300 && one.games == two.games && one.moves == two.moves && one.draws == two.draws);
    CHECK(wins1[0] == wins2[0] && wins1[1] == wins2[1]);
    CHECK(wins1[0] + wins1[1] + one.draws + one.truncated == 300);
    CHECK(one.moves >= 5 * 300 && one.moves <= 9 * 300);
    CHECK_STATUS(meeple_run_random_games(g, 3, 9, 1, &one, wins1, 1, NULL), MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK_STATUS(meeple_run_random_games(g, 3, 9, 1, &one, NULL, 2, NULL), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_run_random_games(g, 3, 9, -2, &one, wins1, 2, NULL), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_run_random_games(NULL, 3, 9, 1, &one, wins1, 2, NULL), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_run_random_games(g, 3, 9, 1, NULL, wins1, 2, NULL), MEEPLE_ERR_INVALID_ARGUMENT);
    one.struct_size = 0;
    CHECK_STATUS(meeple_run_random_games(g, 3, 9, 1, &one, wins1, 2, NULL), MEEPLE_ERR_INVALID_ARGUMENT);
    meeple_game_free(g);
}

static void run_random_games_control_counts_games_and_honours_cancel(void) {
    meeple_game_t *g = ttt();
    meeple_random_games_t stats;
    uint64_t wins[2] = {7, 7};
    meeple_control_t control;
    memset(&stats, 0, sizeof stats);
    stats.struct_size = sizeof stats;
    memset(&control, 0, sizeof control);
    control.struct_size = sizeof control;
    CHECK_OK(meeple_run_random_games(g, 500, 9, 2, &stats, wins, 2, &control));
    CHECK(control.total == 500 && control.progress == 500 && stats.games == 500);
    /* Cancelled before it starts: no game played, nothing written. */
    memset(&stats, 0, sizeof stats);
    stats.struct_size = sizeof stats;
    wins[0] = wins[1] = 7;
    control.cancel = 1;
    CHECK_STATUS(meeple_run_random_games(g, 500, 9, 2, &stats, wins, 2, &control), MEEPLE_ERR_CANCELLED);
    CHECK(stats.games == 0 && stats.moves == 0 && wins[0] == 7 && wins[1] == 7);
    CHECK(control.progress == 0);
    control.cancel = 0;
    control.struct_size = 4;
    CHECK_STATUS(meeple_run_random_games(g, 5, 9, 1, &stats, wins, 2, &control), MEEPLE_ERR_INVALID_ARGUMENT);
    meeple_game_free(g);
}

static int same_snapshot(const meeple_state_t *a, const meeple_state_t *b) {
    uint8_t x[256], y[256];
    size_t nx = 0, ny = 0;
    meeple_state_snapshot(a, x, sizeof x, &nx);
    meeple_state_snapshot(b, y, sizeof y, &ny);
    return nx == ny && memcmp(x, y, nx) == 0;
}

static void autoreset_keeps_the_final_observation_and_state_of_the_replaced_game(void) {
    meeple_game_t *g = ttt();
    meeple_batch_t *b = NULL;
    meeple_state_t *lone = NULL, *final_state = NULL;
    uint64_t seeds[2] = {3, 4};
    int32_t cells[5] = {0, 3, 1, 4, 2}, a[2], viewers[2] = {1, 0}, bad[2] = {2, 0};
    uint8_t done[2];
    float final_obs[2 * OBS], want[OBS];
    size_t n = 0;
    int i, j, zeros = 1;
    CHECK_OK(meeple_batch_new_seeded(g, seeds, 2, 1, &b));
    CHECK_OK(meeple_state_new(g, 3, &lone));
    for (i = 0; i < 5; ++i) {
        a[0] = cells[i];
        a[1] = MEEPLE_NO_ACTION;
        CHECK_OK(meeple_batch_step_autoreset(b, a, 2, done));
        CHECK_OK(meeple_state_apply(lone, MEEPLE_ACTING_PLAYER, cells[i]));
    }
    CHECK(done[0] == 1 && done[1] == 0);
    /* slot 0 holds a new game; its final observation is the finished game's */
    CHECK_OK(meeple_batch_write_final_observations(b, NULL, 0, final_obs, 2 * OBS));
    CHECK_OK(meeple_state_observation(lone, MEEPLE_VIEW_PUBLIC, want, OBS, &n));
    CHECK(memcmp(final_obs, want, sizeof want) == 0);
    for (j = 0; j < OBS; ++j) zeros = zeros && final_obs[OBS + j] == 0.0f;
    CHECK(zeros); /* slot 1 was not restarted */
    CHECK_OK(meeple_batch_write_final_observations(b, viewers, 2, final_obs, 2 * OBS));
    CHECK_OK(meeple_state_observation(lone, 1, want, OBS, &n));
    CHECK(memcmp(final_obs, want, sizeof want) == 0);
    CHECK_STATUS(meeple_batch_write_final_observations(b, bad, 2, final_obs, 2 * OBS), MEEPLE_ERR_OUT_OF_RANGE);
    CHECK_STATUS(meeple_batch_write_final_observations(b, NULL, 2, final_obs, 2 * OBS),
                 MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_write_final_observations(b, NULL, 0, final_obs, OBS), MEEPLE_ERR_BUFFER_TOO_SMALL);
    /* the restarted slots only: one row, slot 0's, and the count */
    {
        float rows[2 * OBS];
        size_t k = 9;
        for (j = 0; j < 2 * OBS; ++j) rows[j] = -1.0f;
        CHECK_OK(meeple_batch_write_restarted_observations(b, NULL, 0, NULL, 0, &k));
        CHECK(k == 1);
        CHECK_STATUS(meeple_batch_write_restarted_observations(b, NULL, 0, rows, OBS - 1, &k),
                     MEEPLE_ERR_BUFFER_TOO_SMALL);
        CHECK(k == 1 && rows[0] == -1.0f); /* nothing written */
        CHECK_OK(meeple_batch_write_restarted_observations(b, viewers, 2, rows, 2 * OBS, &k));
        CHECK(k == 1 && memcmp(rows, want, sizeof want) == 0 && rows[OBS] == -1.0f); /* no zeros after */
        CHECK_STATUS(meeple_batch_write_restarted_observations(b, bad, 2, rows, 2 * OBS, &k), MEEPLE_ERR_OUT_OF_RANGE);
        CHECK_STATUS(meeple_batch_write_restarted_observations(b, NULL, 2, rows, 2 * OBS, &k),
                     MEEPLE_ERR_INVALID_ARGUMENT);
        CHECK_STATUS(meeple_batch_write_restarted_observations(b, NULL, 0, rows, 2 * OBS, NULL),
                     MEEPLE_ERR_INVALID_ARGUMENT);
    }
    /* the restarted slots only, in their own rows: slot 0's row, slot 1's untouched */
    {
        float rows[2 * OBS];
        for (j = 0; j < 2 * OBS; ++j) rows[j] = -1.0f;
        CHECK_OK(meeple_batch_write_restarted_observations_in_place(b, viewers, 2, rows, 2 * OBS));
        CHECK(memcmp(rows, want, sizeof want) == 0 && rows[OBS] == -1.0f && rows[2 * OBS - 1] == -1.0f);
        for (j = 0; j < 2 * OBS; ++j) rows[j] = -1.0f;
        CHECK_STATUS(meeple_batch_write_restarted_observations_in_place(b, bad, 2, rows, 2 * OBS),
                     MEEPLE_ERR_OUT_OF_RANGE);
        CHECK_STATUS(meeple_batch_write_restarted_observations_in_place(b, NULL, 2, rows, 2 * OBS),
                     MEEPLE_ERR_INVALID_ARGUMENT);
        CHECK_STATUS(meeple_batch_write_restarted_observations_in_place(b, NULL, 0, rows, 2 * OBS - 1),
                     MEEPLE_ERR_BUFFER_TOO_SMALL);
        CHECK(rows[0] == -1.0f); /* nothing written by a failed call */
        CHECK_OK(meeple_batch_write_restarted_observations_in_place(b, NULL, 0, rows, 2 * OBS));
        CHECK_OK(meeple_state_observation(lone, MEEPLE_VIEW_PUBLIC, want, OBS, &n));
        CHECK(memcmp(rows, want, sizeof want) == 0 && rows[OBS] == -1.0f);
    }
    /* the final state is the lone game's, generator and move number included */
    CHECK_OK(meeple_batch_get_final_state(b, 0, &final_state));
    CHECK(same_snapshot(final_state, lone));
    meeple_state_free(final_state);
    final_state = NULL;
    CHECK_STATUS(meeple_batch_get_final_state(b, 1, &final_state), MEEPLE_ERR_WRONG_STATE);
    CHECK_STATUS(meeple_batch_get_final_state(b, 2, &final_state), MEEPLE_ERR_OUT_OF_RANGE);
    CHECK(final_state == NULL);
    /* the next step replaces nothing: zeros, and no final state */
    a[0] = a[1] = MEEPLE_NO_ACTION;
    CHECK_OK(meeple_batch_step_autoreset(b, a, 2, done));
    CHECK_OK(meeple_batch_write_final_observations(b, NULL, 0, final_obs, 2 * OBS));
    zeros = 1;
    for (j = 0; j < 2 * OBS; ++j) zeros = zeros && final_obs[j] == 0.0f;
    CHECK(zeros);
    CHECK_STATUS(meeple_batch_get_final_state(b, 0, &final_state), MEEPLE_ERR_WRONG_STATE);
    meeple_state_free(lone);
    meeple_batch_free(b);
    meeple_game_free(g);
}

static void episode_stats_cover_the_games_since_the_last_read(void) {
    meeple_game_t *g = ttt();
    meeple_batch_t *b = NULL;
    uint64_t seeds[2] = {3, 4};
    /* slot 0: X wins along the top row in 5; slot 1: O wins the left column in 6 */
    int32_t x_wins[6] = {0, 3, 1, 4, 2, MEEPLE_NO_ACTION}, o_wins[6] = {1, 0, 2, 3, 8, 6}, a[2];
    uint8_t done[2];
    double means[2] = {9, 9};
    meeple_batch_episode_stats_t stats;
    int i;
    CHECK_OK(meeple_batch_new_seeded(g, seeds, 2, 2, &b));
    for (i = 0; i < 6; ++i) {
        a[0] = x_wins[i];
        a[1] = o_wins[i];
        CHECK_OK(meeple_batch_step_autoreset(b, a, 2, done));
    }
    memset(&stats, 0, sizeof stats);
    stats.struct_size = sizeof stats;
    CHECK_OK(meeple_batch_take_episode_stats(b, &stats, means, 2));
    CHECK(stats.episodes == 2 && stats.truncated == 0);
    CHECK(stats.mean_length == 5.5);
    CHECK(means[0] == 0.0 && means[1] == 0.0); /* one win each: (+1 - 1) / 2 */
    CHECK(!signbit(means[0]) && !signbit(means[1]));
    /* read again: nothing since */
    means[0] = means[1] = 9;
    CHECK_OK(meeple_batch_take_episode_stats(b, &stats, means, 2));
    CHECK(stats.episodes == 0 && stats.mean_length == 0.0 && means[0] == 0.0 && means[1] == 0.0);
    /* X wins once more in slot 0 */
    for (i = 0; i < 5; ++i) {
        a[0] = x_wins[i];
        a[1] = MEEPLE_NO_ACTION;
        CHECK_OK(meeple_batch_step(b, a, 2, done));
    }
    CHECK_STATUS(meeple_batch_take_episode_stats(b, &stats, means, 1), MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK_OK(meeple_batch_take_episode_stats(b, &stats, means, 2));
    CHECK(stats.episodes == 1 && stats.mean_length == 5.0 && means[0] == 1.0 && means[1] == -1.0);
    stats.struct_size = 4;
    CHECK_STATUS(meeple_batch_take_episode_stats(b, &stats, means, 2), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_take_episode_stats(b, NULL, means, 2), MEEPLE_ERR_INVALID_ARGUMENT);
    meeple_batch_free(b);
    meeple_game_free(g);
}

static void reset_slots_restarts_only_the_chosen_slots(void) {
    meeple_game_t *g = ttt();
    meeple_batch_t *b = NULL;
    meeple_state_t *slot = NULL, *want = NULL;
    uint64_t seeds[2] = {3, 4}, fresh[2] = {0, 77};
    int32_t a[2] = {4, 0}, ep[2 * MEEPLE_BATCH_EPISODE_INTS];
    uint8_t done[2], first[2] = {1, 0}, second[2] = {0, 1};
    float returns[4];
    int64_t moves = -1;
    CHECK_OK(meeple_batch_new_seeded(g, seeds, 2, 1, &b));
    CHECK_OK(meeple_batch_step(b, a, 2, done));
    /* slot 0 restarts from its next restart seed; slot 1 keeps its move */
    CHECK_OK(meeple_batch_reset_slots(b, first, NULL, 2));
    CHECK_OK(meeple_batch_get_state(b, 0, &slot));
    CHECK_OK(meeple_state_new(g, meeple_batch_derive_seed(3, 1), &want));
    CHECK(same_snapshot(slot, want));
    meeple_state_free(slot);
    meeple_state_free(want);
    CHECK_OK(meeple_batch_get_state(b, 1, &slot));
    CHECK_OK(meeple_state_move_number(slot, &moves));
    CHECK(moves == 1);
    meeple_state_free(slot);
    /* slot 1 restarts from a given seed */
    CHECK_OK(meeple_batch_reset_slots(b, second, fresh, 2));
    CHECK_OK(meeple_batch_get_state(b, 1, &slot));
    CHECK_OK(meeple_state_new(g, 77, &want));
    CHECK(same_snapshot(slot, want));
    meeple_state_free(slot);
    meeple_state_free(want);
    /* abandoned games are not episodes */
    CHECK_OK(meeple_batch_write_episodes(b, ep, 2 * MEEPLE_BATCH_EPISODE_INTS, returns, 4));
    CHECK(ep[MEEPLE_BATCH_EPISODE_COUNT] == 0 && ep[MEEPLE_BATCH_EPISODE_INTS + MEEPLE_BATCH_EPISODE_COUNT] == 0);
    CHECK_STATUS(meeple_batch_reset_slots(b, first, NULL, 1), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_reset_slots(b, NULL, NULL, 2), MEEPLE_ERR_INVALID_ARGUMENT);
    meeple_batch_free(b);
    meeple_game_free(g);
}

static void observations_where_writes_the_chosen_rows_only(void) {
    meeple_game_t *g = ttt();
    meeple_batch_t *b = ttt_batch(g, 2);
    int32_t a[N] = {0, 1, 2, 3}, viewers[N] = {1, 0, MEEPLE_VIEW_PUBLIC, 1}, bad[N] = {1, 0, 2, 1};
    uint8_t done[N], which[N] = {1, 0, 7, 0};
    float all[N * OBS], some[N * OBS];
    int i, j;
    CHECK_OK(meeple_batch_step(b, a, N, done));
    CHECK_OK(meeple_batch_write_observations_for(b, viewers, N, all, N * OBS));
    for (j = 0; j < N * OBS; ++j) some[j] = 42.0f;
    CHECK_OK(meeple_batch_write_observations_where(b, which, N, viewers, N, some, N * OBS));
    for (i = 0; i < N; ++i) { /* a chosen row is observations_for's; the others are as they were */
        for (j = 0; j < OBS; ++j) CHECK(some[i * OBS + j] == (which[i] ? all[i * OBS + j] : 42.0f));
    }
    for (j = 0; j < N * OBS; ++j) some[j] = 42.0f;
    CHECK_STATUS(meeple_batch_write_observations_where(b, which, N, bad, N, some, N * OBS), MEEPLE_ERR_OUT_OF_RANGE);
    CHECK_STATUS(meeple_batch_write_observations_where(b, which, N - 1, viewers, N, some, N * OBS),
                 MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_write_observations_where(b, NULL, N, viewers, N, some, N * OBS),
                 MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_batch_write_observations_where(b, which, N, viewers, N, some, N * OBS - 1),
                 MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK(some[0] == 42.0f); /* nothing written by a failed call */
    meeple_batch_free(b);
    meeple_game_free(g);
}

const meeple_test_case meeple_batch_tests[] = {
    {"observations_where_writes_the_chosen_rows_only", observations_where_writes_the_chosen_rows_only},
    {"autoreset_keeps_the_final_observation_and_state_of_the_replaced_game",
     autoreset_keeps_the_final_observation_and_state_of_the_replaced_game},
    {"episode_stats_cover_the_games_since_the_last_read", episode_stats_cover_the_games_since_the_last_read},
    {"reset_slots_restarts_only_the_chosen_slots", reset_slots_restarts_only_the_chosen_slots},
    {"batch_new_checks_its_arguments", batch_new_checks_its_arguments},
    {"batch_info_reports_its_numbers", batch_info_reports_its_numbers},
    {"derive_seed_follows_the_documented_rule", derive_seed_follows_the_documented_rule},
    {"step_plays_each_slot_like_a_lone_state", step_plays_each_slot_like_a_lone_state},
    {"step_checks_lengths_and_nulls", step_checks_lengths_and_nulls},
    {"check_actions_accepts_what_the_step_plays_and_names_the_first_it_would_not",
     check_actions_accepts_what_the_step_plays_and_names_the_first_it_would_not},
    {"check_actions_refuses_every_action_in_a_finished_game", check_actions_refuses_every_action_in_a_finished_game},
    {"step_and_read_equals_a_step_then_the_reads", step_and_read_equals_a_step_then_the_reads},
    {"every_read_checks_its_length_and_writes_nothing_when_short",
     every_read_checks_its_length_and_writes_nothing_when_short},
    {"autoreset_records_the_ended_game_and_its_last_reward", autoreset_records_the_ended_game_and_its_last_reward},
    {"snapshot_load_reseed_and_slots_round_trip", snapshot_load_reseed_and_slots_round_trip},
    {"run_random_games_gives_the_same_totals_at_any_thread_count",
     run_random_games_gives_the_same_totals_at_any_thread_count},
    {"run_random_games_control_counts_games_and_honours_cancel", run_random_games_control_counts_games_and_honours_cancel},
    {NULL, NULL},
};
