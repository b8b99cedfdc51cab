/* A fixed amount of batch work through the C ABI, for instruction counts that do not
 * depend on the machine's load (valgrind --tool=callgrind): `iterations` times, the
 * packed masks of every slot, a legal action a slot drawn with SplitMix64 from its
 * mask, and one step with autoreset, as benchmarks/catan_vs_peers.py's batch does with
 * NumPy. Prints the wall time inside the two calls a slot step (noisy on a shared
 * machine; use the instruction counts for comparisons) and the games finished.
 *
 * Usage: bench_c_batch_steps [iterations, default 10000] [spec, default catan] [slots, default 256]
 *   valgrind --tool=callgrind --callgrind-out-file=cg.out build/test/benchmarks/bench_c_batch_steps */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <meeple/meeple.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint64_t splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The k-th set bit of a mask row (k below its count), or MEEPLE_NO_ACTION. */
static int32_t pick(const uint64_t *row, int words, uint64_t *rng) {
    int count = 0, w;
    uint64_t k;
    for (w = 0; w < words; ++w) count += __builtin_popcountll(row[w]);
    if (!count) return MEEPLE_NO_ACTION;
    k = splitmix64(rng) % (uint64_t)count;
    for (w = 0; w < words; ++w) {
        uint64_t bits = row[w];
        for (; bits; bits &= bits - 1, --k) {
            if (k == 0) return w * 64 + __builtin_ctzll(bits);
        }
    }
    return MEEPLE_NO_ACTION;
}

int main(int argc, char **argv) {
    const int iterations = argc > 1 ? atoi(argv[1]) : 10000;
    const char *spec = argc > 2 ? argv[2] : "catan";
    const size_t n = argc > 3 ? (size_t)atol(argv[3]) : 256;
    meeple_game_t *game = NULL;
    meeple_batch_t *batch = NULL;
    meeple_game_info_t info;
    uint64_t *masks, rng = 1;
    int32_t *actions;
    uint8_t *dones;
    double inside = 0.0, t0;
    long games = 0;
    size_t i;
    int it;
    if (meeple_game_new(spec, &game) || meeple_batch_new(game, n, 1, 1, &batch)) {
        fprintf(stderr, "%s: %s\n", spec, meeple_last_error_message());
        return 1;
    }
    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    meeple_game_info(game, &info);
    masks = (uint64_t *)calloc(n * (size_t)info.mask_words, sizeof *masks);
    actions = (int32_t *)calloc(n, sizeof *actions);
    dones = (uint8_t *)calloc(n, 1);
    for (it = 0; it < iterations; ++it) {
        t0 = now();
        meeple_batch_write_masks(batch, masks, n * (size_t)info.mask_words);
        inside += now() - t0;
        for (i = 0; i < n; ++i) actions[i] = pick(masks + i * (size_t)info.mask_words, info.mask_words, &rng);
        t0 = now();
        meeple_batch_step_autoreset(batch, actions, n, dones);
        inside += now() - t0;
        for (i = 0; i < n; ++i) games += dones[i];
    }
    printf("%s: %d x %zu slot steps, %.1f ns a slot step inside the calls, %ld games finished\n", spec, iterations, n,
           inside * 1e9 / ((double)iterations * (double)n), games);
    meeple_batch_free(batch);
    meeple_game_free(game);
    free(masks);
    free(actions);
    free(dones);
    return 0;
}
