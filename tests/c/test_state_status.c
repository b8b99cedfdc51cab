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

const meeple_test_case meeple_state_status_tests[] = {
    {"status_follows_every_step_of_random_games_of_every_game",
     status_follows_every_step_of_random_games_of_every_game},
    {"status_holds_after_every_call_that_makes_or_changes_a_state",
     status_holds_after_every_call_that_makes_or_changes_a_state},
    {"status_holds_after_from_position_and_holdem_raise_to", status_holds_after_from_position_and_holdem_raise_to},
    {NULL, NULL}};
