/* Random-game steps per second through the C ABI alone: the C side of the Rust
 * binding's benchmark (bindings/rust/examples/bench_random_steps.rs runs the same loop
 * through the crate; benchmarks/rust_vs_c.sh runs both and gives the ratio).
 *
 * The loop, per step: is_terminal, current_player, legal_actions into a reused buffer,
 * a SplitMix64 draw, apply. Games g = 0..n-1 start from seed g, so both sides play the
 * very same games and must count the same steps.
 *
 * Usage: bench_c_random_steps [spec] [games]   (default: tictactoe 200000) */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <meeple/meeple.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t splitmix64(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int fail(const char *what, meeple_status_t status) {
    fprintf(stderr, "%s: %s: %s\n", what, meeple_status_name(status), meeple_last_error_message());
    return 1;
}

int main(int argc, char **argv) {
    const char *spec = argc > 1 ? argv[1] : "tictactoe";
    uint64_t games = argc > 2 ? strtoull(argv[2], NULL, 10) : 200000;
    meeple_game_t *game = NULL;
    meeple_status_t status = meeple_game_new(spec, &game);
    if (status != MEEPLE_OK) return fail("meeple_game_new", status);
    meeple_game_info_t info = {sizeof(meeple_game_info_t), 0, 0, 0, 0, 0, 0, 0};
    meeple_game_info(game, &info);
    size_t capacity = (size_t)info.num_actions;
    int32_t *legal = malloc(capacity * sizeof(int32_t));
    if (legal == NULL) return 1;

    uint64_t rng = 12345, steps = 0;
    struct timespec start, end, cpu_start, cpu_end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu_start);
    for (uint64_t g = 0; g < games; ++g) {
        meeple_state_t *state = NULL;
        status = meeple_state_new(game, g, &state);
        if (status != MEEPLE_OK) return fail("meeple_state_new", status);
        for (;;) {
            int32_t terminal = 0, player = 0;
            size_t n = 0;
            meeple_state_is_terminal(state, &terminal);
            if (terminal) break;
            status = meeple_state_current_player(state, &player);
            if (status != MEEPLE_OK) return fail("meeple_state_current_player", status);
            status = meeple_state_legal_actions(state, player, legal, capacity, &n);
            if (status != MEEPLE_OK) return fail("meeple_state_legal_actions", status);
            status = meeple_state_apply(state, player, legal[splitmix64(&rng) % n]);
            if (status != MEEPLE_OK) return fail("meeple_state_apply", status);
            ++steps;
        }
        meeple_state_free(state);
    }
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu_end);
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (double)(end.tv_sec - start.tv_sec) + 1e-9 * (double)(end.tv_nsec - start.tv_nsec);
    double cpu = (double)(cpu_end.tv_sec - cpu_start.tv_sec) + 1e-9 * (double)(cpu_end.tv_nsec - cpu_start.tv_nsec);
    /* CPU time is the figure to compare on a shared machine: waiting for a core is not
     * counted. */
    printf("c\t%s\t%llu games\t%llu steps\t%.3f s wall\t%.3f s cpu\t%.1f ns/step cpu\n", spec,
           (unsigned long long)games, (unsigned long long)steps, seconds, cpu, 1e9 * cpu / (double)steps);
    free(legal);
    meeple_game_free(game);
    return 0;
}
