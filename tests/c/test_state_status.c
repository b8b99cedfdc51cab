/* meeple_state_status: the struct the library keeps current must say what the calls
 * say, after every step of random games of every game and after every call that makes
 * or changes a state, and its address must stay that of the state's whole life. */
#include <string.h>

#include "check.h"
#include "meeple/meeple.h"

static const char *const kSpecs[] = {
    "tictactoe", "triangle", "catan", "catan(players=3,explicit_chance=true)",
    "catan(players=4,max_turns=30)", "holdem", "holdem(players=3,button=0,stack=100,variant=plo)"};

/* The status against the calling path, field by field. Returns 1 when all agree. */
static int status_matches_calls(const meeple_state_t *s) {
    const meeple_state_status_t *st = meeple_state_status(s);
    int32_t terminal = -1, truncated = -1, player = -7, seats[40];
    int64_t moves = -1;
    uint32_t active = 0;
    size_t n = 0, i;
    meeple_status_t rc;
    if (!st) return 0;
    if (meeple_state_is_terminal(s, &terminal) || meeple_state_truncated(s, &truncated) ||
        meeple_state_move_number(s, &moves) || meeple_state_active_players(s, seats, 40, &n)) {
        return 0;
    }
    for (i = 0; i < n; ++i) active |= seats[i] == MEEPLE_CHANCE ? 1u << 31 : 1u << seats[i];
    rc = meeple_state_current_player(s, &player);
    if (rc == MEEPLE_ERR_WRONG_STATE) player = MEEPLE_SEVERAL_ACTIVE;
    else if (rc != MEEPLE_OK) return 0;
    return st->is_terminal == terminal && st->truncated == truncated && st->move_number == moves &&
           st->current_player == player && st->active == active;
}

/* A random legal action of the acting player, from a small generator of our own. */
static int32_t pick(const meeple_state_t *s, uint64_t *rng) {
    static int32_t actions[8192];
    size_t n = 0;
    CHECK_OK(meeple_state_legal_actions(s, MEEPLE_ACTING_PLAYER, actions, 8192, &n));
    *rng = *rng * 6364136223846793005ull + 1442695040888963407ull;
    return n ? actions[(*rng >> 33) % n] : -1;
}

static void status_follows_every_step_of_random_games_of_every_game(void) {
    size_t g;
    for (g = 0; g < sizeof kSpecs / sizeof kSpecs[0]; ++g) {
        meeple_game_t *game = NULL;
        uint64_t seed, rng = 99;
        int steps = 0, bad = 0;
        CHECK_OK(meeple_game_new(kSpecs[g], &game));
        for (seed = 1; seed <= 6; ++seed) {
            meeple_state_t *s = NULL;
            const meeple_state_status_t *st;
            int32_t terminal = 0;
            CHECK_OK(meeple_state_new(game, seed, &s));
            st = meeple_state_status(s);
            bad += !status_matches_calls(s);
            while (!terminal && steps < 200000) {
                CHECK_OK(meeple_state_apply(s, MEEPLE_ACTING_PLAYER, pick(s, &rng)));
                ++steps;
                bad += !status_matches_calls(s);
                bad += meeple_state_status(s) != st; /* the same struct all along */
                CHECK_OK(meeple_state_is_terminal(s, &terminal));
            }
            CHECK(st->is_terminal == 1 && st->current_player == MEEPLE_NOBODY && st->active == 0);
            meeple_state_free(s);
        }
        if (bad) fprintf(stderr, "  %s: %d steps disagree\n", kSpecs[g], bad);
        CHECK(bad == 0);
        CHECK(steps > 6);
        meeple_game_free(game);
    }
}

/* Plays k random steps (fewer if the game ends). */
static void advance(meeple_state_t *s, int k, uint64_t *rng) {
    int32_t terminal = 0;
    while (k-- > 0 && !meeple_state_is_terminal(s, &terminal) && !terminal) {
        CHECK_OK(meeple_state_apply(s, MEEPLE_ACTING_PLAYER, pick(s, rng)));
    }
}

static void status_holds_after_every_call_that_makes_or_changes_a_state(void) {
    size_t g;
    for (g = 0; g < sizeof kSpecs / sizeof kSpecs[0]; ++g) {
        meeple_game_t *game = NULL;
        meeple_state_t *s = NULL, *fresh = NULL, *made = NULL, *succ[64];
        const meeple_state_status_t *fresh_status;
        meeple_batch_t *batch = NULL;
        uint8_t snap[65536];
        double probs[64];
        int32_t actions[2] = {-1, -1};
        uint8_t dones[2];
        size_t n = 0, i;
        uint64_t rng = 5;
        int k, restarted = 0;
        CHECK_OK(meeple_game_new(kSpecs[g], &game));
        CHECK_OK(meeple_state_new(game, 11, &s));
        CHECK_OK(meeple_state_new(game, 12, &fresh));
        fresh_status = meeple_state_status(fresh);
        advance(s, 25, &rng);
        CHECK(status_matches_calls(s));

        CHECK_OK(meeple_state_clone(s, &made)); /* clone */
        CHECK(status_matches_calls(made) && meeple_state_status(made) != meeple_state_status(s));
        meeple_state_free(made);

        CHECK_OK(meeple_state_copy(fresh, s)); /* copy into a state at another position */
        CHECK(status_matches_calls(fresh) && meeple_state_status(fresh) == fresh_status);
        CHECK(fresh_status->move_number == meeple_state_status(s)->move_number);

        CHECK_OK(meeple_state_snapshot(s, snap, sizeof snap, &n)); /* restore */
        CHECK_OK(meeple_state_restore(game, snap, n, &made));
        CHECK(status_matches_calls(made));
        meeple_state_free(made);

        CHECK_OK(meeple_state_determinize(s, 0, 3, &made)); /* determinize */
        CHECK(status_matches_calls(made));
        meeple_state_free(made);

        /* enumerate_outcomes: every successor of a legal action */
        actions[0] = pick(s, &rng);
        if (actions[0] >= 0) {
            CHECK_OK(meeple_state_enumerate_outcomes(s, MEEPLE_ACTING_PLAYER, actions[0], NULL, NULL, 0, &n));
            if (n <= 64) {
                CHECK_OK(meeple_state_enumerate_outcomes(s, MEEPLE_ACTING_PLAYER, actions[0], succ, probs, n, &n));
                for (i = 0; i < n; ++i) {
                    CHECK(status_matches_calls(succ[i]));
                    meeple_state_free(succ[i]);
                }
            }
        }

        /* a refused apply changes nothing, the status included */
        {
            meeple_state_status_t before = *meeple_state_status(s);
            CHECK(meeple_state_apply(s, MEEPLE_ACTING_PLAYER, -3) != MEEPLE_OK);
            CHECK(memcmp(&before, meeple_state_status(s), sizeof before) == 0);
        }

        /* batch get_state, set_state (reads the state) and get_final_state */
        CHECK_OK(meeple_batch_new(game, 2, 7, 1, &batch));
        CHECK_OK(meeple_batch_set_state(batch, 1, s));
        CHECK_OK(meeple_batch_get_state(batch, 1, &made));
        CHECK(status_matches_calls(made));
        CHECK(meeple_state_status(made)->move_number == meeple_state_status(s)->move_number);
        meeple_state_free(made);
        for (k = 0; k < 100000 && !restarted; ++k) {
            CHECK_OK(meeple_batch_get_state(batch, 0, &made));
            CHECK(status_matches_calls(made));
            actions[0] = pick(made, &rng);
            actions[1] = MEEPLE_NO_ACTION;
            meeple_state_free(made);
            CHECK_OK(meeple_batch_step_autoreset(batch, actions, 2, dones));
            restarted = dones[0];
        }
        CHECK(restarted);
        CHECK_OK(meeple_batch_get_final_state(batch, 0, &made));
        CHECK(status_matches_calls(made) && meeple_state_status(made)->is_terminal == 1);
        meeple_state_free(made);
        meeple_batch_free(batch);

        meeple_state_free(s);
        meeple_state_free(fresh);
        meeple_game_free(game);
    }
}

static void status_holds_after_from_position_and_holdem_raise_to(void) {
    meeple_game_t *g = NULL;
    meeple_state_t *s = NULL;
    const meeple_state_status_t *st;
    CHECK_OK(meeple_game_new("triangle", &g));
    CHECK_OK(meeple_state_from_position(
        g,
        "{\"occupied\": [[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"
        "[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],[1,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"
        "[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"
        "[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]],"
        " \"shapes\": [[[0,0,1]], null, null]}",
        7, &s));
    CHECK(status_matches_calls(s) && meeple_state_status(s)->current_player == 0);
    meeple_state_free(s);
    meeple_game_free(g);

    CHECK_OK(meeple_game_new("holdem(players=3,button=0,stack=100)", &g));
    CHECK_OK(meeple_state_new(g, 5, &s));
    st = meeple_state_status(s);
    CHECK(st->current_player == 0 && st->active == 1u);
    CHECK_OK(meeple_holdem_raise_to(s, 0, 10));
    CHECK(status_matches_calls(s) && st->current_player == 1 && st->move_number == 1);
    CHECK(meeple_holdem_raise_to(s, 0, 20) == MEEPLE_ERR_NOT_ACTIVE);
    CHECK(status_matches_calls(s) && st->current_player == 1);
    meeple_state_free(s);
    meeple_game_free(g);

    CHECK(meeple_state_status(NULL) == NULL);
}

/* apply_and_list plays as apply does (the same bytes) and lists what legal_actions
 * gives for the acting player afterwards, -1 where there is no one list; a later
 * plain apply sets `listed` back to -1. */
static void apply_and_list_plays_as_apply_and_lists_the_next_legal_actions(void) {
    static int32_t listed[8192], legal[8192];
    static uint8_t snap_a[65536], snap_b[65536];
    size_t g;
    for (g = 0; g < sizeof kSpecs / sizeof kSpecs[0]; ++g) {
        meeple_game_t *game = NULL;
        uint64_t seed, rng = 7;
        int steps = 0, bad = 0;
        CHECK_OK(meeple_game_new(kSpecs[g], &game));
        for (seed = 1; seed <= 4; ++seed) {
            meeple_state_t *a = NULL, *b = NULL;
            const meeple_state_status_t *st;
            int32_t terminal = 0;
            CHECK_OK(meeple_state_new(game, seed, &a));
            CHECK_OK(meeple_state_new(game, seed, &b));
            st = meeple_state_status(a);
            CHECK(st->listed == -1); /* nothing listed yet */
            while (!terminal && steps < 100000) {
                const int32_t action = pick(b, &rng);
                size_t n = 0, na = 0, nb = 0;
                CHECK_OK(meeple_state_apply_and_list(a, MEEPLE_ACTING_PLAYER, action, listed, 8192));
                CHECK_OK(meeple_state_apply(b, MEEPLE_ACTING_PLAYER, action));
                ++steps;
                CHECK_OK(meeple_state_snapshot(a, snap_a, sizeof snap_a, &na));
                CHECK_OK(meeple_state_snapshot(b, snap_b, sizeof snap_b, &nb));
                bad += na != nb || memcmp(snap_a, snap_b, na) != 0;
                if (meeple_state_legal_actions(b, MEEPLE_ACTING_PLAYER, legal, 8192, &n) == MEEPLE_OK) {
                    bad += st->listed != (int32_t)n || memcmp(listed, legal, n * sizeof legal[0]) != 0;
                } else {
                    bad += st->listed != -1 || st->current_player != MEEPLE_SEVERAL_ACTIVE;
                }
                CHECK_OK(meeple_state_is_terminal(b, &terminal));
            }
            CHECK(st->is_terminal == 1 && st->listed == 0); /* the game over: no actions */
            meeple_state_free(a);
            meeple_state_free(b);
        }
        if (bad) fprintf(stderr, "  %s: %d steps disagree\n", kSpecs[g], bad);
        CHECK(bad == 0);
        CHECK(steps > 6);
        meeple_game_free(game);
    }
}

static void apply_and_list_refusals_change_nothing_and_a_short_buffer_lists_nothing(void) {
    meeple_game_t *game = NULL;
    meeple_state_t *s = NULL;
    const meeple_state_status_t *st;
    meeple_state_status_t before;
    int32_t out[400], one[1];
    size_t n = 0;
    uint64_t rng = 3;
    CHECK_OK(meeple_game_new("catan", &game));
    CHECK_OK(meeple_state_new(game, 5, &s));
    st = meeple_state_status(s);
    CHECK_OK(meeple_state_apply_and_list(s, MEEPLE_ACTING_PLAYER, pick(s, &rng), out, 400));
    CHECK(st->listed > 1);
    before = *st;
    CHECK_STATUS(meeple_state_apply_and_list(s, MEEPLE_ACTING_PLAYER, -3, out, 400), MEEPLE_ERR_OUT_OF_RANGE);
    CHECK_STATUS(meeple_state_apply_and_list(s, MEEPLE_ACTING_PLAYER, out[0], NULL, 400),
                 MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_state_apply_and_list(NULL, MEEPLE_ACTING_PLAYER, out[0], out, 400),
                 MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(memcmp(&before, st, sizeof before) == 0); /* refused: `listed` kept too */
    /* More legal actions than the buffer holds: played, nothing listed. */
    CHECK_OK(meeple_state_legal_actions(s, MEEPLE_ACTING_PLAYER, out, 400, &n));
    CHECK_OK(meeple_state_apply_and_list(s, MEEPLE_ACTING_PLAYER, out[0], one, 0));
    CHECK(st->move_number == before.move_number + 1);
    CHECK_OK(meeple_state_legal_actions(s, MEEPLE_ACTING_PLAYER, out, 400, &n));
    CHECK(n > 0 && st->listed == -1);
    /* A plain apply after a listing sets it back to -1. */
    CHECK_OK(meeple_state_apply_and_list(s, MEEPLE_ACTING_PLAYER, pick(s, &rng), out, 400));
    CHECK(st->listed >= 0);
    CHECK_OK(meeple_state_apply(s, MEEPLE_ACTING_PLAYER, pick(s, &rng)));
    CHECK(st->listed == -1);
    meeple_state_free(s);
    meeple_game_free(game);
}

/* meeple_state_apply_call is apply_and_list with its arguments in a struct. */
static void apply_call_is_apply_and_list_with_its_arguments_in_a_struct(void) {
    static int32_t out_a[400], out_b[400];
    meeple_game_t *game = NULL;
    meeple_state_t *a = NULL, *b = NULL;
    meeple_apply_call_t call;
    uint8_t snap_a[8192], snap_b[8192];
    size_t na = 0, nb = 0;
    uint64_t rng = 9;
    int k;
    CHECK_OK(meeple_game_new("catan", &game));
    CHECK_OK(meeple_state_new(game, 8, &a));
    CHECK_OK(meeple_state_new(game, 8, &b));
    call.state = a;
    call.player = MEEPLE_ACTING_PLAYER;
    call.out = out_a;
    call.capacity = 400;
    for (k = 0; k < 300; ++k) {
        call.action = pick(b, &rng);
        CHECK_OK(meeple_state_apply_call(&call));
        CHECK_OK(meeple_state_apply_and_list(b, MEEPLE_ACTING_PLAYER, call.action, out_b, 400));
        CHECK(meeple_state_status(a)->listed == meeple_state_status(b)->listed);
        CHECK(meeple_state_status(a)->listed >= 0 &&
              memcmp(out_a, out_b, sizeof out_a[0] * (size_t)meeple_state_status(b)->listed) == 0);
    }
    CHECK_OK(meeple_state_snapshot(a, snap_a, sizeof snap_a, &na));
    CHECK_OK(meeple_state_snapshot(b, snap_b, sizeof snap_b, &nb));
    CHECK(na == nb && memcmp(snap_a, snap_b, na) == 0);
    call.action = -3;
    CHECK_STATUS(meeple_state_apply_call(&call), MEEPLE_ERR_OUT_OF_RANGE);
    CHECK_STATUS(meeple_state_apply_call(NULL), MEEPLE_ERR_INVALID_ARGUMENT);
    meeple_state_free(a);
    meeple_state_free(b);
    meeple_game_free(game);
}

const meeple_test_case meeple_state_status_tests[] = {
    {"apply_call_is_apply_and_list_with_its_arguments_in_a_struct",
     apply_call_is_apply_and_list_with_its_arguments_in_a_struct},
    {"apply_and_list_plays_as_apply_and_lists_the_next_legal_actions",
     apply_and_list_plays_as_apply_and_lists_the_next_legal_actions},
    {"apply_and_list_refusals_change_nothing_and_a_short_buffer_lists_nothing",
     apply_and_list_refusals_change_nothing_and_a_short_buffer_lists_nothing},
    {"status_follows_every_step_of_random_games_of_every_game",
     status_follows_every_step_of_random_games_of_every_game},
    {"status_holds_after_every_call_that_makes_or_changes_a_state",
     status_holds_after_every_call_that_makes_or_changes_a_state},
    {"status_holds_after_from_position_and_holdem_raise_to", status_holds_after_from_position_and_holdem_raise_to},
    {NULL, NULL}};
