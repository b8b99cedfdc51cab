/* Catan's bytes, pinned: long random-play traces folded into 64-bit hashes that must not
 * move when the engine is made faster. Each step folds the state's snapshot (generator
 * included), the acting seat's dense mask, an observation and the returns; the batch
 * trace folds dones, packed masks, observations and rewards of every step, and must
 * give the same hash at every thread count. A change of the rules (or of the state
 * layout, which bumps the state version) moves these on purpose: the failure prints
 * the new values, to be pasted here with the reason in the commit. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "meeple/meeple.h"

typedef struct {
    const char *spec;
    uint64_t want;
} trace_case;

static const trace_case kStateTraces[] = {
    {"catan", 0xbaa413ae46045506ull},
    {"catan(players=3,explicit_chance=true)", 0xc7564f74496ba7e8ull},
    {"catan(players=2,friendly_robber=true,trade_budget=2)", 0x9b7838325e812018ull},
};

/* FNV-1a over 8-byte words, then the tail bytes: every byte counts, at a word a step. */
static uint64_t fold(uint64_t h, const void *data, size_t len) {
    const unsigned char *p = (const unsigned char *)data;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = (h ^ w) * 0x100000001b3ull;
        h ^= h >> 29;
    }
    for (; i < len; ++i) h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

static uint64_t splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static meeple_game_info_t info_of(const meeple_game_t *g) {
    meeple_game_info_t info;
    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    CHECK_OK(meeple_game_info(g, &info));
    return info;
}

/* Four games of `spec` through the state calls, every step folded. */
static uint64_t state_trace(const char *spec, long *steps) {
    meeple_game_t *g = NULL;
    meeple_game_info_t info;
    uint64_t h = 0xcbf29ce484222325ull, pick = 17, seed;
    static uint8_t snap[65536], mask[8192];
    static int32_t actions[8192];
    static float obs[65536];
    double returns[8];
    size_t n = 0;
    CHECK_OK(meeple_game_new(spec, &g));
    info = info_of(g);
    for (seed = 1; seed <= 4; ++seed) {
        meeple_state_t *s = NULL;
        int32_t terminal = 0, viewer = 0;
        CHECK_OK(meeple_state_new(g, seed, &s));
        for (;;) {
            CHECK_OK(meeple_state_snapshot(s, snap, sizeof snap, &n));
            h = fold(h, snap, n);
            CHECK_OK(meeple_state_dense_action_mask(s, MEEPLE_ACTING_PLAYER, mask, sizeof mask, &n));
            h = fold(h, mask, n);
            CHECK_OK(meeple_state_observation(s, viewer, obs, 65536, &n));
            h = fold(h, obs, n * sizeof obs[0]);
            viewer = (viewer + 1) % info.num_players;
            CHECK_OK(meeple_state_returns(s, returns, 8, &n));
            h = fold(h, returns, n * sizeof returns[0]);
            CHECK_OK(meeple_state_is_terminal(s, &terminal));
            if (terminal) break;
            CHECK_OK(meeple_state_legal_actions(s, MEEPLE_ACTING_PLAYER, actions, 8192, &n));
            CHECK_OK(meeple_state_apply(s, MEEPLE_ACTING_PLAYER, actions[splitmix64(&pick) % n]));
            ++*steps;
        }
        meeple_state_free(s);
    }
    meeple_game_free(g);
    return h;
}

static void catan_state_traces_keep_their_bytes(void) {
    size_t i;
    for (i = 0; i < sizeof kStateTraces / sizeof kStateTraces[0]; ++i) {
        long steps = 0;
        const uint64_t got = state_trace(kStateTraces[i].spec, &steps);
        if (got != kStateTraces[i].want) {
            fprintf(stderr, "  %s: trace of %ld steps hashes to 0x%016llxull\n", kStateTraces[i].spec, steps,
                    (unsigned long long)got);
        }
        CHECK(got == kStateTraces[i].want);
        CHECK(steps > 1000);
    }
}

/* 32 slots of catan(players=3) with a 40-turn cap, so that games end and restart all
 * along: 3000 steps of step_and_read with autoreset. */
static uint64_t batch_trace(int32_t threads, long *restarts) {
    enum { kSlots = 32, kSteps = 3000 };
    meeple_game_t *g = NULL;
    meeple_batch_t *b = NULL;
    meeple_game_info_t info;
    uint64_t h = 0xcbf29ce484222325ull, pick = 3;
    int32_t actions[kSlots];
    uint8_t dones[kSlots];
    uint64_t *masks;
    float *obs, rewards[kSlots * 3];
    int step, slot, w;
    CHECK_OK(meeple_game_new("catan(players=3,max_turns=40)", &g));
    info = info_of(g);
    masks = (uint64_t *)calloc((size_t)kSlots * (size_t)info.mask_words, sizeof *masks);
    obs = (float *)calloc((size_t)kSlots * (size_t)info.obs_size, sizeof *obs);
    CHECK_OK(meeple_batch_new(g, kSlots, 21, threads, &b));
    CHECK_OK(meeple_batch_write_masks(b, masks, (size_t)kSlots * (size_t)info.mask_words));
    for (step = 0; step < kSteps; ++step) {
        for (slot = 0; slot < kSlots; ++slot) {
            const uint64_t *m = masks + (size_t)slot * (size_t)info.mask_words;
            int count = 0, k;
            for (w = 0; w < info.mask_words; ++w) count += __builtin_popcountll(m[w]);
            actions[slot] = MEEPLE_NO_ACTION;
            if (!count) continue;
            k = (int)(splitmix64(&pick) % (uint64_t)count);
            for (w = 0; w < info.mask_words && actions[slot] < 0; ++w) {
                uint64_t bits = m[w];
                for (; bits; bits &= bits - 1, --k) {
                    if (k == 0) {
                        actions[slot] = w * 64 + __builtin_ctzll(bits);
                        break;
                    }
                }
            }
        }
        CHECK_OK(meeple_batch_step_and_read(b, actions, kSlots, 1, dones, masks,
                                            (size_t)kSlots * (size_t)info.mask_words, obs,
                                            (size_t)kSlots * (size_t)info.obs_size));
        CHECK_OK(meeple_batch_write_rewards(b, rewards, kSlots * 3));
        h = fold(h, dones, sizeof dones);
        h = fold(h, masks, (size_t)kSlots * (size_t)info.mask_words * sizeof *masks);
        h = fold(h, obs, (size_t)kSlots * (size_t)info.obs_size * sizeof *obs);
        h = fold(h, rewards, sizeof rewards);
        for (slot = 0; slot < kSlots; ++slot) *restarts += dones[slot];
    }
    meeple_batch_free(b);
    meeple_game_free(g);
    free(masks);
    free(obs);
    return h;
}

static const uint64_t kBatchTrace = 0x0d4f13439346bfffull;

static void catan_batch_trace_keeps_its_bytes_at_every_thread_count(void) {
    static const int32_t kThreads[] = {1, 2, 3, 8};
    size_t i;
    for (i = 0; i < sizeof kThreads / sizeof kThreads[0]; ++i) {
        long restarts = 0;
        const uint64_t got = batch_trace(kThreads[i], &restarts);
        if (got != kBatchTrace) {
            fprintf(stderr, "  batch trace at %d threads hashes to 0x%016llxull\n", kThreads[i],
                    (unsigned long long)got);
        }
        CHECK(got == kBatchTrace);
        CHECK(restarts > 50);
    }
}

const meeple_test_case meeple_catan_trace_tests[] = {
    {"catan_state_traces_keep_their_bytes", catan_state_traces_keep_their_bytes},
    {"catan_batch_trace_keeps_its_bytes_at_every_thread_count",
     catan_batch_trace_keeps_its_bytes_at_every_thread_count},
    {NULL, NULL}};
