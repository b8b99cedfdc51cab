/* Plays one game of tic-tac-toe through the C ABI, always taking the first legal
 * action, and prints the board and the result. */
#include <stdio.h>
#include <stdlib.h>

#include <meeple/meeple.h>

static int fail(const char *what, meeple_status_t status) {
    fprintf(stderr, "%s: %s: %s\n", what, meeple_status_name(status), meeple_last_error_message());
    return 1;
}

int main(void) {
    meeple_game_t *game = NULL;
    meeple_state_t *state = NULL;
    meeple_status_t st;
    int32_t actions[9], terminal = 0;
    size_t n = 0;
    double returns[2];
    char text[256];

    if (meeple_abi_version() != MEEPLE_ABI_VERSION) return fail("ABI version", MEEPLE_ERR_VERSION_MISMATCH);
    if ((st = meeple_game_new("tictactoe", &game)) != MEEPLE_OK) return fail("meeple_game_new", st);
    if ((st = meeple_state_new(game, 42, &state)) != MEEPLE_OK) return fail("meeple_state_new", st);

    while (meeple_state_is_terminal(state, &terminal) == MEEPLE_OK && !terminal) {
        st = meeple_state_legal_actions(state, MEEPLE_ACTING_PLAYER, actions, 9, &n);
        if (st != MEEPLE_OK) return fail("meeple_state_legal_actions", st);
        if ((st = meeple_state_apply(state, MEEPLE_ACTING_PLAYER, actions[0])) != MEEPLE_OK)
            return fail("meeple_state_apply", st);
    }
    meeple_state_render(state, text, sizeof text, &n);
    meeple_state_returns(state, returns, 2, &n);
    printf("%sreturns: X %+.0f, O %+.0f\n", text, returns[0], returns[1]);

    meeple_state_free(state);
    meeple_game_free(game);
    return returns[0] == 1.0 ? 0 : 1; /* first-legal play lets X win on the diagonal */
}
