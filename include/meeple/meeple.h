/*
 * meeple.h - the C interface of meeple, fast deterministic game engines for search
 * and reinforcement learning.
 *
 * This header is the whole contract. Every binding (Python, C++, any FFI) reaches the
 * library through these declarations and nothing else. It is plain C11.
 *
 * The contract, stated once:
 *
 * Status.   Every fallible function returns a meeple_status_t: MEEPLE_OK (0) or one of
 *           the negative MEEPLE_ERR_* codes. Results travel through out-pointers, which
 *           come last. On failure nothing observable changes: a state, a buffer's
 *           contents and every out-pointer other than *out_len are left as they were.
 * Messages. meeple_last_error_message() returns a human-readable message for the last
 *           failure on the calling thread: what was wrong and what would be right.
 * Buffers.  Variable-length output is query-then-fill: (T *out, size_t capacity,
 *           size_t *out_len). *out_len is always set to the full length (in elements).
 *           out == NULL with capacity == 0 is the size query and returns MEEPLE_OK.
 *           A buffer that is too short receives nothing and the call returns
 *           MEEPLE_ERR_BUFFER_TOO_SMALL. Strings are UTF-8; their length excludes the
 *           terminating NUL, which must also fit: capacity >= *out_len + 1.
 * Handles.  Opaque. Each meeple_X_new / clone / restore pairs with one meeple_X_free;
 *           freeing NULL does nothing. A state keeps its game alive, so a game may be
 *           freed while states made from it are still in use. The library never keeps a
 *           caller's pointer past the call.
 * Threads.  Different handles may be used from different threads at once; one handle
 *           serves one call at a time. For batches, whose calls are long and share a
 *           thread pool, the library enforces it: a call on a batch while another
 *           thread's call on it runs returns MEEPLE_ERR_BUSY having done nothing, so
 *           sharing a batch between threads is an error, never memory corruption.
 *           States are not checked (a check would cost a large share of their short
 *           calls): a state used by two threads at once, one of them changing it, is
 *           undefined. Games are immutable once made and may be shared by any number of
 *           threads. Freeing a handle while a call on it runs is undefined.
 * Versions. MEEPLE_ABI_VERSION (this header) must equal meeple_abi_version() (the
 *           library). Each data format carries its own version: snapshots
 *           (MEEPLE_SNAPSHOT_VERSION plus a per-game state version) and the game
 *           description JSON (MEEPLE_DESCRIBE_VERSION).
 * Seats.    Players are seats 0..num_players-1. MEEPLE_CHANCE stands for the chance
 *           pseudo-player. Viewers are seats or MEEPLE_VIEW_PUBLIC (a seatless
 *           spectator) or MEEPLE_VIEW_ALL (omniscient, for logs and debugging). Any
 *           other value where a player or viewer is expected, every negative value that
 *           is not one of these named constants included (MEEPLE_BATCH_NOBODY too: the
 *           library writes it, callers never pass it), gives MEEPLE_ERR_OUT_OF_RANGE.
 * Strings.  Text arguments are UTF-8 and end at their first NUL byte: a binding whose
 *           strings may hold NUL must refuse them (the Python binding raises ValueError)
 *           rather than let the library see a shortened string.
 */
#ifndef MEEPLE_H
#define MEEPLE_H

#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32)
#  if defined(MEEPLE_BUILDING_LIBRARY)
#    define MEEPLE_API __declspec(dllexport)
#  else
#    define MEEPLE_API __declspec(dllimport)
#  endif
#else
#  define MEEPLE_API __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Versions ------------------------------------------------------------------- */

/* The ABI this header describes. Bumped on any incompatible change. */
#define MEEPLE_ABI_VERSION 5
/* The layout of snapshot bytes (header fields; the state part has its own version). */
#define MEEPLE_SNAPSHOT_VERSION 1
/* The layout of the JSON written by meeple_game_describe_json. */
#define MEEPLE_DESCRIBE_VERSION 1

/* ---- Status codes --------------------------------------------------------------- */

typedef int32_t meeple_status_t;

#define MEEPLE_OK 0
/* A pointer was NULL, a number out of its domain, a name or option unknown. */
#define MEEPLE_ERR_INVALID_ARGUMENT (-1)
/* An index (action, seat, viewer) outside its range. */
#define MEEPLE_ERR_OUT_OF_RANGE (-2)
/* The caller's buffer is shorter than *out_len; nothing was written. */
#define MEEPLE_ERR_BUFFER_TOO_SMALL (-3)
/* The action is not legal for that player in this state; the state is unchanged. */
#define MEEPLE_ERR_ILLEGAL_ACTION (-4)
/* The player is not among the active players of this state; the state is unchanged. */
#define MEEPLE_ERR_NOT_ACTIVE (-5)
/* The call does not fit the state's phase (for example, acting in a finished game). */
#define MEEPLE_ERR_WRONG_STATE (-6)
/* Text or bytes could not be parsed (a game spec, snapshot bytes). */
#define MEEPLE_ERR_PARSE (-7)
/* Versions differ: a snapshot of another format or game state version. */
#define MEEPLE_ERR_VERSION_MISMATCH (-8)
/* An allocation failed. */
#define MEEPLE_ERR_OUT_OF_MEMORY (-9)
/* A bug in meeple; the message says where. Please report it. */
#define MEEPLE_ERR_INTERNAL (-10)
/* A long call stopped because its control block's cancel flag was set; nothing the
 * caller can see changed. */
#define MEEPLE_ERR_CANCELLED (-11)
/* The handle is in use by a call on another thread; this call did nothing. */
#define MEEPLE_ERR_BUSY (-12)

/* ---- Special seats and actions -------------------------------------------------- */

/* The chance pseudo-player, active while a random outcome is pending (explicit chance). */
#define MEEPLE_CHANCE (-1)
/* A viewer who holds no seat and sees only what is public. */
#define MEEPLE_VIEW_PUBLIC (-2)
/* A viewer who sees everything, hidden information included. */
#define MEEPLE_VIEW_ALL (-3)
/* Feature vector variants (meeple_state_features, meeple_batch_write_features): a
 * seat's view, holding only what that seat may know, or omniscient, with every hidden
 * card; both from the seat's side (it comes first among the seats). */
#define MEEPLE_FEATURES_SEAT 0
#define MEEPLE_FEATURES_OMNISCIENT 1
/* "No action": in batch calls, leaves a slot unchanged. */
#define MEEPLE_NO_ACTION (-1)
/* As the `player` of legal_actions, action_mask, is_legal and apply: whoever owes the
 * one pending decision (a seat, or MEEPLE_CHANCE). Those calls return
 * MEEPLE_ERR_WRONG_STATE when several players are active at once; when nobody is
 * (the game is over), legal_actions and action_mask give no actions, is_legal gives 0
 * and apply returns MEEPLE_ERR_WRONG_STATE. */
#define MEEPLE_ACTING_PLAYER (-4)
/* What meeple_state_current_player gives when nobody owes a decision (the game is
 * over); equal to MEEPLE_BATCH_NOBODY. */
#define MEEPLE_NOBODY (-5)
/* What meeple_state_status_t.current_player holds while several players are active at
 * once (where meeple_state_current_player returns MEEPLE_ERR_WRONG_STATE). The library
 * writes it; callers never pass it. */
#define MEEPLE_SEVERAL_ACTIVE (-6)

/* ---- Library -------------------------------------------------------------------- */

/* The ABI version of the loaded library; compare with MEEPLE_ABI_VERSION. */
MEEPLE_API uint32_t meeple_abi_version(void);

/* The library's release as "MAJOR.MINOR.PATCH"; a static string, never freed. */
MEEPLE_API const char *meeple_version_string(void);

/* The message of the last failed call on this thread ("" if none yet). The pointer is
 * valid until the next meeple call on this thread. */
MEEPLE_API const char *meeple_last_error_message(void);

/* The symbolic name of a status code ("MEEPLE_ERR_ILLEGAL_ACTION"); a static string.
 * Unknown codes give "MEEPLE_ERR_UNKNOWN". */
MEEPLE_API const char *meeple_status_name(meeple_status_t status);

/* Writes the registered game names, comma-separated ("catan,tictactoe,triangle").
 * Returns MEEPLE_OK, MEEPLE_ERR_BUFFER_TOO_SMALL or MEEPLE_ERR_INVALID_ARGUMENT
 * (NULL out_len, or NULL out with capacity > 0). */
MEEPLE_API meeple_status_t meeple_game_names(char *out, size_t capacity, size_t *out_len);

/* ---- Long calls ----------------------------------------------------------------- */

/* The control block of a long call (equity, random games, search, data generation,
 * tournaments): each such call takes an optional `meeple_control_t *control` (NULL: no
 * control). Set struct_size to sizeof(meeple_control_t), cancel to 0 and progress to 0
 * before the call.
 * - cancel: any thread may set it to non-zero while the call runs, with an atomic or
 *   volatile store. The library checks it at least every few milliseconds and then
 *   returns MEEPLE_ERR_CANCELLED, leaving every output as it was (a search keeps the
 *   iterations it completed, as meeple_search_run says).
 * - progress and total: the library sets total at the start (0 when unknown) and
 *   advances progress towards it as work completes, with relaxed atomic stores that
 *   another thread may read at any time. Each call says what its units are. */
typedef struct meeple_control {
    uint32_t struct_size;
    int32_t cancel;
    uint64_t progress;
    uint64_t total;
} meeple_control_t;

/* ---- Games ---------------------------------------------------------------------- */

/* A configured match: a game name plus options. Immutable once made. */
typedef struct meeple_game meeple_game_t;

/* The numbers of a game. Set struct_size to sizeof(meeple_game_info_t) before the call;
 * the library fills only the fields that fit in struct_size. */
typedef struct meeple_game_info {
    uint32_t struct_size;
    int32_t num_players;        /* seats */
    int32_t num_actions;        /* actions are 0..num_actions-1 */
    int32_t mask_words;         /* uint64 words in a packed action mask */
    int32_t obs_size;           /* floats in an observation */
    int32_t max_chance_outcomes;/* most outcomes one chance node can have (0: none) */
    uint32_t snapshot_size;     /* bytes in a snapshot of any state of this game */
    uint32_t state_version;     /* version of this game's state layout */
} meeple_game_info_t;

/* Makes a game from a spec: a name with optional options, "tictactoe",
 * "tictactoe(misere=true)", "catan(players=3,vp_to_win=12)". Options not given take
 * their defaults. Whitespace around names and values is ignored.
 * Returns MEEPLE_OK, MEEPLE_ERR_INVALID_ARGUMENT (NULL pointer, unknown game or
 * option: the message lists what exists; a value outside its domain) or
 * MEEPLE_ERR_PARSE (malformed spec or value). *out_game is set only on success. */
MEEPLE_API meeple_status_t meeple_game_new(const char *spec, meeple_game_t **out_game);

/* Frees a game; states made from it stay valid. NULL does nothing. */
MEEPLE_API void meeple_game_free(meeple_game_t *game);

/* Fills *out_info (see meeple_game_info_t). Returns MEEPLE_OK or
 * MEEPLE_ERR_INVALID_ARGUMENT (NULL pointer, or struct_size smaller than 8). */
MEEPLE_API meeple_status_t meeple_game_info(const meeple_game_t *game,
                                            meeple_game_info_t *out_info);

/* Writes the canonical spec: the name with every option in declared order, for
 * example "tictactoe(misere=false)". Equal games have equal specs. Query-then-fill. */
MEEPLE_API meeple_status_t meeple_game_spec(const meeple_game_t *game, char *out,
                                            size_t capacity, size_t *out_len);

/* Writes a JSON object describing the game: describe_version, name, spec, num_players,
 * num_actions, mask_words, obs_size, obs_fields (each: name, offset, size, shape,
 * meaning), options (each: name, type, default, value, choices or min/max, meaning),
 * state_version, snapshot_size. Query-then-fill. */
MEEPLE_API meeple_status_t meeple_game_describe_json(const meeple_game_t *game,
                                                     char *out, size_t capacity,
                                                     size_t *out_len);

/* Writes a JSON object describing the game's feature vectors for value networks:
 * features_version, feature_size, variants (["seat", "omniscient"]) and fields (each:
 * name, offset, size, shape, meaning), like obs_fields (catan: docs/catan-features.md).
 * Query-then-fill. Returns MEEPLE_OK, MEEPLE_ERR_BUFFER_TOO_SMALL or
 * MEEPLE_ERR_INVALID_ARGUMENT (NULL pointer, or a game without feature vectors). */
MEEPLE_API meeple_status_t meeple_game_features_json(const meeple_game_t *game, char *out,
                                                     size_t capacity, size_t *out_len);

/* Writes the name of an action, with its arguments ("place(1,2)").
 * Returns MEEPLE_OK, MEEPLE_ERR_OUT_OF_RANGE (action outside 0..num_actions-1),
 * MEEPLE_ERR_BUFFER_TOO_SMALL or MEEPLE_ERR_INVALID_ARGUMENT. */
MEEPLE_API meeple_status_t meeple_game_action_name(const meeple_game_t *game,
                                                   int32_t action, char *out,
                                                   size_t capacity, size_t *out_len);

/* Writes a game's constant data named `key` as JSON, the same for every state of the
 * game (for catan, "topology": node ids of each hex, edges as node pairs, harbors'
 * nodes, node adjacency; see docs/catan-observation.md). Query-then-fill.
 * Returns MEEPLE_OK, MEEPLE_ERR_BUFFER_TOO_SMALL or MEEPLE_ERR_INVALID_ARGUMENT (NULL
 * pointer, or a key the game does not publish: the message lists those it does). */
MEEPLE_API meeple_status_t meeple_game_data_json(const meeple_game_t *game, const char *key,
                                                 char *out, size_t capacity, size_t *out_len);

/* ---- States --------------------------------------------------------------------- */

/* One position of a game, with its own random generator. */
typedef struct meeple_state meeple_state_t;

/* Makes the initial state of a game; its generator is seeded from `seed`.
 * Returns MEEPLE_OK, MEEPLE_ERR_INVALID_ARGUMENT (NULL pointer) or
 * MEEPLE_ERR_OUT_OF_MEMORY. */
MEEPLE_API meeple_status_t meeple_state_new(const meeple_game_t *game, uint64_t seed,
                                            meeple_state_t **out_state);

/* Makes an independent copy of a state, generator included. */
MEEPLE_API meeple_status_t meeple_state_clone(const meeple_state_t *state,
                                              meeple_state_t **out_state);

/* Copies src into dst without allocating. Both must be of equal games (equal specs).
 * Returns MEEPLE_OK or MEEPLE_ERR_INVALID_ARGUMENT (NULL, or another game). */
MEEPLE_API meeple_status_t meeple_state_copy(meeple_state_t *dst,
                                             const meeple_state_t *src);

/* Frees a state. NULL does nothing. */
MEEPLE_API void meeple_state_free(meeple_state_t *state);

/* Makes a new handle to the game of a state (free it with meeple_game_free). */
MEEPLE_API meeple_status_t meeple_state_game(const meeple_state_t *state,
                                             meeple_game_t **out_game);

/* Writes the seats that owe a decision now, in increasing order, or the single entry
 * MEEPLE_CHANCE while a chance outcome is pending. Empty when the game is over.
 * Query-then-fill. */
MEEPLE_API meeple_status_t meeple_state_active_players(const meeple_state_t *state,
                                                       int32_t *out, size_t capacity,
                                                       size_t *out_len);

/* Sets *out_player to whoever owes the one pending decision: a seat, MEEPLE_CHANCE
 * while a chance outcome is pending, or MEEPLE_NOBODY when the game is over (nobody is
 * active). The player that MEEPLE_ACTING_PLAYER stands for in the calls below.
 * Returns MEEPLE_OK, MEEPLE_ERR_WRONG_STATE (several seats are active at once, as in a
 * simultaneous phase: the message lists them; use meeple_state_active_players) or
 * MEEPLE_ERR_INVALID_ARGUMENT (NULL pointer). *out_player is set only on success. */
MEEPLE_API meeple_status_t meeple_state_current_player(const meeple_state_t *state,
                                                       int32_t *out_player);

/* Writes the legal actions of `player`, in increasing order. For MEEPLE_CHANCE these
 * are the pending chance outcomes. Query-then-fill.
 * Returns MEEPLE_OK, MEEPLE_ERR_BUFFER_TOO_SMALL, MEEPLE_ERR_NOT_ACTIVE (the player
 * owes no decision now), MEEPLE_ERR_OUT_OF_RANGE (no such seat) or
 * MEEPLE_ERR_INVALID_ARGUMENT. */
MEEPLE_API meeple_status_t meeple_state_legal_actions(const meeple_state_t *state,
                                                      int32_t player, int32_t *out,
                                                      size_t capacity, size_t *out_len);

/* Writes the legal actions of `player` as a packed mask: bit (a % 64) of word (a / 64)
 * is set when action a is legal. *out_len is mask_words. The same rule as
 * meeple_state_legal_actions: a seat that owes no decision now (the game is over
 * included) is MEEPLE_ERR_NOT_ACTIVE; MEEPLE_ACTING_PLAYER in a finished game gives an
 * all-zero mask.
 * Returns MEEPLE_OK, MEEPLE_ERR_BUFFER_TOO_SMALL, MEEPLE_ERR_NOT_ACTIVE,
 * MEEPLE_ERR_OUT_OF_RANGE (no such seat) or MEEPLE_ERR_INVALID_ARGUMENT. */
MEEPLE_API meeple_status_t meeple_state_action_mask(const meeple_state_t *state,
                                                    int32_t player, uint64_t *out,
                                                    size_t capacity, size_t *out_len);

/* The same mask, one byte an action: out[a] is 1 when action a is legal, else 0 (a
 * valid C or numpy bool array). *out_len is num_actions. Rules and statuses as
 * meeple_state_action_mask. */
MEEPLE_API meeple_status_t meeple_state_dense_action_mask(const meeple_state_t *state,
                                                          int32_t player, uint8_t *out,
                                                          size_t capacity, size_t *out_len);

/* Sets *out_legal to 1 when `player` is active and `action` is legal for it, else 0
 * (an action outside the action space is simply not legal).
 * Returns MEEPLE_OK, MEEPLE_ERR_OUT_OF_RANGE (no such seat) or
 * MEEPLE_ERR_INVALID_ARGUMENT. */
MEEPLE_API meeple_status_t meeple_state_is_legal(const meeple_state_t *state,
                                                 int32_t player, int32_t action,
                                                 int32_t *out_legal);

/* Plays `action` for `player` (a seat, or MEEPLE_CHANCE to choose a chance outcome).
 * Checked: on any error the state is unchanged byte for byte, its generator included.
 * Returns MEEPLE_OK, MEEPLE_ERR_WRONG_STATE (the game is over),
 * MEEPLE_ERR_NOT_ACTIVE, MEEPLE_ERR_ILLEGAL_ACTION, MEEPLE_ERR_OUT_OF_RANGE (no such
 * seat or action) or MEEPLE_ERR_INVALID_ARGUMENT. */
MEEPLE_API meeple_status_t meeple_state_apply(meeple_state_t *state, int32_t player,
                                              int32_t action);

/* meeple_state_apply, then the legal actions of the player who acts next (as
 * meeple_state_legal_actions with MEEPLE_ACTING_PLAYER gives them) written into
 * out[0..capacity), their number in meeple_state_status(state)->listed: one call for
 * the two that a playing loop makes every step. When they cannot be listed (several
 * players active at once, or more of them than `capacity`), nothing is written and
 * `listed` is -1; the action is played all the same. `listed` says how many of out's
 * entries are this state's legal actions until the next call that changes the state,
 * which sets it to -1; `out` is the caller's, and must not be written meanwhile.
 * Returns what meeple_state_apply returns (on an error nothing changes, `listed`
 * included), or MEEPLE_ERR_INVALID_ARGUMENT (out NULL with a nonzero capacity). */
MEEPLE_API meeple_status_t meeple_state_apply_and_list(meeple_state_t *state,
                                                       int32_t player, int32_t action,
                                                       int32_t *out, size_t capacity);

/* The arguments of meeple_state_apply_and_list in one struct, for bindings that pay by
 * the argument (from Python, cffi converts each in about 20 ns and passes one pointer
 * for much less): a binding fills it once and changes only `action` each step. */
typedef struct meeple_apply_call {
    meeple_state_t *state;
    int32_t player;
    int32_t action;
    int32_t *out;
    size_t capacity;
} meeple_apply_call_t;

/* meeple_state_apply_and_list(call->state, call->player, call->action, call->out,
 * call->capacity), with its statuses; MEEPLE_ERR_INVALID_ARGUMENT for a NULL call. */
MEEPLE_API meeple_status_t meeple_state_apply_call(const meeple_apply_call_t *call);

/* Sets *out to 1 when the game is over (won, drawn or truncated), else 0. */
MEEPLE_API meeple_status_t meeple_state_is_terminal(const meeple_state_t *state,
                                                    int32_t *out);

/* Sets *out to 1 when a turn cap ended the game with no winner, else 0. */
MEEPLE_API meeple_status_t meeple_state_truncated(const meeple_state_t *state,
                                                  int32_t *out);

/* Writes each seat's return: its final result once the game is over (for two-player
 * games +1 win, -1 loss, 0 draw), zeros while it goes on. A zero is always +0.0, never
 * -0.0 (here, in step rewards and in every batch read). *out_len is num_players.
 * Query-then-fill. */
MEEPLE_API meeple_status_t meeple_state_returns(const meeple_state_t *state,
                                                double *out, size_t capacity,
                                                size_t *out_len);

/* Writes each seat's reward for the last transition (dense rewards; their sum over a
 * game equals the returns). *out_len is num_players. Query-then-fill. */
MEEPLE_API meeple_status_t meeple_state_step_reward(const meeple_state_t *state,
                                                    double *out, size_t capacity,
                                                    size_t *out_len);

/* Writes the pending chance outcomes, as actions of MEEPLE_CHANCE with their
 * probabilities (summing to one). Empty when no chance outcome is pending (always so
 * with implicit chance, where apply draws from the state's generator).
 * Both arrays receive *out_len entries; either may be NULL only for the size query. */
MEEPLE_API meeple_status_t meeple_state_chance_outcomes(const meeple_state_t *state,
                                                        int32_t *out_actions,
                                                        double *out_probs,
                                                        size_t capacity,
                                                        size_t *out_len);

/* Writes the observation of `viewer` (a seat, MEEPLE_VIEW_PUBLIC or MEEPLE_VIEW_ALL):
 * obs_size floats in the layout of the game's obs_fields, holding exactly what that
 * viewer may know. Query-then-fill; MEEPLE_ERR_OUT_OF_RANGE for an unknown viewer. */
MEEPLE_API meeple_status_t meeple_state_observation(const meeple_state_t *state,
                                                    int32_t viewer, float *out,
                                                    size_t capacity, size_t *out_len);

/* Writes the feature vector of `viewer` (a seat) in `variant` (MEEPLE_FEATURES_SEAT or
 * MEEPLE_FEATURES_OMNISCIENT): feature_size floats in the layout of
 * meeple_game_features_json. Query-then-fill. Returns MEEPLE_OK,
 * MEEPLE_ERR_BUFFER_TOO_SMALL, MEEPLE_ERR_OUT_OF_RANGE (viewer not a seat) or
 * MEEPLE_ERR_INVALID_ARGUMENT (NULL pointer, unknown variant, or a game without feature
 * vectors). */
MEEPLE_API meeple_status_t meeple_state_features(const meeple_state_t *state, int32_t viewer,
                                                 int32_t variant, float *out, size_t capacity,
                                                 size_t *out_len);

/* Writes the state as JSON, as `viewer` may see it (hidden values are null).
 * Query-then-fill; MEEPLE_ERR_OUT_OF_RANGE for an unknown viewer. */
MEEPLE_API meeple_status_t meeple_state_view_json(const meeple_state_t *state,
                                                  int32_t viewer, char *out,
                                                  size_t capacity, size_t *out_len);

/* Writes a text drawing of the state for a terminal (everything shown).
 * Query-then-fill. */
MEEPLE_API meeple_status_t meeple_state_render(const meeple_state_t *state, char *out,
                                               size_t capacity, size_t *out_len);

/* Writes the whole state, generator included, as versioned bytes (snapshot_size of
 * them; the layout is in docs/snapshot.md). Query-then-fill. */
MEEPLE_API meeple_status_t meeple_state_snapshot(const meeple_state_t *state,
                                                 uint8_t *out, size_t capacity,
                                                 size_t *out_len);

/* Makes a state of `game` from snapshot bytes. The bytes are checked, never trusted.
 * Returns MEEPLE_OK, MEEPLE_ERR_PARSE (not a snapshot, cut short, corrupt, or a state
 * that breaks the game's invariants), MEEPLE_ERR_VERSION_MISMATCH (another snapshot
 * or state version), MEEPLE_ERR_INVALID_ARGUMENT (NULL, or a snapshot of another game
 * or other options: the message names both). */
MEEPLE_API meeple_status_t meeple_state_restore(const meeple_game_t *game,
                                                const uint8_t *data, size_t len,
                                                meeple_state_t **out_state);

/* Makes a copy of `state` in which everything `pov` cannot see is redrawn, consistently
 * with what it can see, from a generator seeded with `seed`; the copy's own generator
 * is reseeded too, so future chance is unknown to the pov. The observation of `pov`
 * is the same before and after.
 * Returns MEEPLE_OK, MEEPLE_ERR_OUT_OF_RANGE (pov not a seat) or
 * MEEPLE_ERR_INVALID_ARGUMENT. */
MEEPLE_API meeple_status_t meeple_state_determinize(const meeple_state_t *state,
                                                    int32_t pov, uint64_t seed,
                                                    meeple_state_t **out_state);

/* Sets *out to the number of actions applied to this state since its start (chance
 * outcomes included). */
MEEPLE_API meeple_status_t meeple_state_move_number(const meeple_state_t *state,
                                                    int64_t *out);

/* The facts a playing loop reads after every step, as the calls named beside them give
 * them. The library owns it and keeps it current: read it, never write it. */
typedef struct meeple_state_status {
    int32_t is_terminal;    /* meeple_state_is_terminal */
    int32_t truncated;      /* meeple_state_truncated */
    int32_t current_player; /* meeple_state_current_player: a seat, MEEPLE_CHANCE or
                               MEEPLE_NOBODY; MEEPLE_SEVERAL_ACTIVE where that call
                               returns MEEPLE_ERR_WRONG_STATE */
    uint32_t active;        /* bit i set while seat i owes a decision; bit 31 while a
                               chance outcome is pending (meeple_state_active_players) */
    int64_t move_number;    /* meeple_state_move_number */
    int32_t listed;         /* how many legal actions meeple_state_apply_and_list wrote
                               into its out buffer, when that call made the state's last
                               change; -1 otherwise */
} meeple_state_status_t;

/* The status of `state`, read without a call: a pointer to a struct that every call
 * changing the state (apply, copy into it, meeple_holdem_raise_to, ...) brings up to
 * date before it returns, and that states made by any call (new, clone, restore,
 * determinize, from_position, enumerate_outcomes, batch get_state) hold from the
 * start. The pointer stays the same until meeple_state_free. Reading it is a read of
 * the state: the thread rule of states applies (no read while another thread's call
 * changes the state). Gives NULL for a NULL state; never fails otherwise. */
MEEPLE_API const meeple_state_status_t *meeple_state_status(const meeple_state_t *state);

/* Sets *out_hash to a 64-bit hash of the state's position: the game state alone,
 * without its generator and its move number, for transposition tables. States that
 * differ only in their generators (a clone reseeded by meeple_state_determinize of a
 * game with nothing hidden, successors of meeple_state_enumerate_outcomes, the same
 * position reached by another move order) have equal hashes; different positions have
 * different hashes except for rare collisions (about one pair in 2^64). The value is
 * the same on every platform and thread count for a given game and state version
 * (meeple_game_info_t.state_version), and may change when that version changes: do
 * not store it across versions. Returns MEEPLE_OK or MEEPLE_ERR_INVALID_ARGUMENT (NULL
 * pointer). */
MEEPLE_API meeple_status_t meeple_state_hash(const meeple_state_t *state, uint64_t *out_hash);

/* Sets *out_equal to 1 when `a` and `b` hold the same position (see meeple_state_hash:
 * equal game states, generators and move numbers aside), else 0. States of different
 * games (different specs) are never equal. Equal positions have equal hashes.
 * Returns MEEPLE_OK or MEEPLE_ERR_INVALID_ARGUMENT (NULL pointer). */
MEEPLE_API meeple_status_t meeple_state_equal_position(const meeple_state_t *a,
                                                       const meeple_state_t *b,
                                                       int32_t *out_equal);

/* ---- Chance enumeration ------------------------------------------------------- */

/* Writes every successor of `player` (a seat, MEEPLE_CHANCE or MEEPLE_ACTING_PLAYER)
 * playing `action`, with its probability: the exact distribution of what
 * meeple_state_apply would produce. An action that draws no chance outcome (with
 * explicit chance, every action: a seat's roll only hands the dice to MEEPLE_CHANCE,
 * whose actions are the outcomes) has one successor, probability 1. Otherwise the
 * successors follow the chance outcomes of the step in the order of their chance
 * action ids, probabilities summing to one.
 * The successors' generator: every successor carries the generator that a sampled
 * step (meeple_state_apply on this state) would leave, so the successor of the
 * outcome that sampling draws equals the sampled step byte for byte, and the others
 * differ from it only in the outcome. Move numbers are this state's plus one.
 * out_states receives new state handles (the caller frees each with
 * meeple_state_free), out_probs their probabilities; both have *out_len entries.
 * Query-then-fill: out_states and out_probs NULL with capacity 0 is the size query;
 * a short capacity writes nothing. The state itself is never changed.
 * Returns MEEPLE_OK, MEEPLE_ERR_BUFFER_TOO_SMALL, MEEPLE_ERR_WRONG_STATE (the game is
 * over), MEEPLE_ERR_NOT_ACTIVE, MEEPLE_ERR_ILLEGAL_ACTION, MEEPLE_ERR_OUT_OF_RANGE,
 * MEEPLE_ERR_OUT_OF_MEMORY or MEEPLE_ERR_INVALID_ARGUMENT (NULL state or out_len, or
 * one output array NULL and not the other). */
MEEPLE_API meeple_status_t meeple_state_enumerate_outcomes(const meeple_state_t *state,
                                                           int32_t player, int32_t action,
                                                           meeple_state_t **out_states,
                                                           double *out_probs, size_t capacity,
                                                           size_t *out_len);

/* ---- Positions ---------------------------------------------------------------- */

/* Makes a state of `game` from a described position: a JSON document in the game's own
 * layout (docs/<game>.md; for triangle {"occupied": rows x cols of 0/1, "shapes": one
 * entry a slot, null or a list of [dr, dc, up]}), for puzzles, tests and analysis. The
 * state's generator is seeded from `seed` and draws whatever the position leaves to
 * chance (for triangle, the shapes that come after). The position is checked against
 * the rules, never trusted; the state made passes the game's own invariant check.
 * Returns MEEPLE_OK, MEEPLE_ERR_PARSE (position_json is not well-formed JSON: the
 * message gives line and column) or MEEPLE_ERR_INVALID_ARGUMENT (NULL pointer, a
 * position that breaks the rules: the message names the first broken one, or a game
 * that does not support positions). *out_state is set only on success. */
MEEPLE_API meeple_status_t meeple_state_from_position(const meeple_game_t *game,
                                                      const char *position_json,
                                                      uint64_t seed,
                                                      meeple_state_t **out_state);

/* ---- Hold'em: exact amounts --------------------------------------------------- */

/* Game "holdem" (no-limit Hold'em and Pot-Limit Omaha, docs/holdem.md) has a flat
 * action space whose raises come in configured sizes; this call plays any whole amount
 * instead. `player` (a seat, or MEEPLE_ACTING_PLAYER) bets or raises to a wager of `to`
 * chips on this street: the total its wager reaches, as in a hand history's `cbr`
 * action, anywhere in the legal range that view_json reports under "legal"
 * (raise_min..raise_max). Checked like meeple_state_apply: on any error the state is
 * unchanged byte for byte; on success the move number advances by one.
 * Returns MEEPLE_OK, MEEPLE_ERR_INVALID_ARGUMENT (NULL state, or a state of another
 * game), MEEPLE_ERR_OUT_OF_RANGE (no such seat), MEEPLE_ERR_WRONG_STATE (the hand is
 * over), MEEPLE_ERR_NOT_ACTIVE (`player` is not to act, or a card is to be dealt) or
 * MEEPLE_ERR_ILLEGAL_ACTION (the seat may not raise now, or `to` is outside the legal
 * range: the message gives the range). */
MEEPLE_API meeple_status_t meeple_holdem_raise_to(meeple_state_t *state, int32_t player,
                                                  int64_t to);

/* ---- Batches -------------------------------------------------------------------- */

/* N independent states ("slots") of one game, stepped and read by whole-batch calls
 * that split the slots over the batch's threads. Results are the same bytes at every
 * thread count and equal to stepping each slot's game alone with meeple_state_apply.
 * Steps and reads allocate nothing. The rules (seeds, rewards, episodes) are written
 * out in docs/batch.md.
 *
 * Arrays. The caller passes every array with its length in elements; each is a
 * row-major [n, row] block. Inputs must hold exactly the stated count
 * (MEEPLE_ERR_INVALID_ARGUMENT otherwise); outputs at least the stated count
 * (MEEPLE_ERR_BUFFER_TOO_SMALL otherwise, nothing written). A NULL array is
 * MEEPLE_ERR_INVALID_ARGUMENT.
 * Acting player. A slot acts for the chance player while a chance outcome is pending,
 * else for its lowest active seat, else for nobody (the game is over). Steps play
 * each slot's action for it, masks show its legal actions, observations take its view.
 * Seeds. Slot i of a batch made with `seed` starts from meeple_batch_derive_seed(seed,
 * i); the k-th game a slot restarts into (k = 1, 2, ...) starts from
 * meeple_batch_derive_seed(slot seed, k).
 * Threads. Every call taking a batch, but meeple_batch_info and meeple_batch_game,
 * returns MEEPLE_ERR_BUSY, having done nothing, while another thread's call on the same
 * batch runs (see the contract at the top). */
typedef struct meeple_batch meeple_batch_t;

/* Columns of a status row (int32[n, MEEPLE_BATCH_STATUS_INTS]). */
#define MEEPLE_BATCH_STATUS_DONE 0           /* 1 when the game is over */
#define MEEPLE_BATCH_STATUS_WINNER 1         /* seat with the unique best return at the end, else -1 */
#define MEEPLE_BATCH_STATUS_TURN 2           /* actions applied since the game began */
#define MEEPLE_BATCH_STATUS_CURRENT_PLAYER 3 /* acting player: seat, MEEPLE_CHANCE or MEEPLE_BATCH_NOBODY */
#define MEEPLE_BATCH_STATUS_TRUNCATED 4      /* 1 when a turn cap ended the game */
#define MEEPLE_BATCH_STATUS_INTS 5

/* Columns of an episode row (int32[n, MEEPLE_BATCH_EPISODE_INTS]): the last finished
 * game of each slot. */
#define MEEPLE_BATCH_EPISODE_COUNT 0     /* games finished in this slot since start or reseed */
#define MEEPLE_BATCH_EPISODE_WINNER 1    /* as MEEPLE_BATCH_STATUS_WINNER, at its end */
#define MEEPLE_BATCH_EPISODE_TRUNCATED 2 /* 1 when a turn cap ended it */
#define MEEPLE_BATCH_EPISODE_LENGTH 3    /* actions it took, chance outcomes included */
#define MEEPLE_BATCH_EPISODE_INTS 4

/* The current player of a slot whose game is over. */
#define MEEPLE_BATCH_NOBODY (-5)
/* Bit of an actors entry set while a chance outcome is pending (bit s: seat s). */
#define MEEPLE_BATCH_ACTOR_CHANCE ((int32_t)INT32_MIN)

/* The numbers of a batch. Set struct_size to sizeof(meeple_batch_info_t) first. */
typedef struct meeple_batch_info {
    uint32_t struct_size;
    int32_t threads;        /* threads the batch splits its work over */
    uint64_t n;             /* slots */
    int32_t num_players;
    int32_t num_actions;
    int32_t mask_words;
    int32_t obs_size;
    uint32_t snapshot_size; /* bytes of one slot's snapshot */
    int32_t reserved;       /* zero */
} meeple_batch_info_t;

/* The seed of item `index` under `seed`: splitmix64(splitmix64(seed) ^ index), where
 * splitmix64(x) is the first output of SplitMix64 from state x. Never fails. */
MEEPLE_API uint64_t meeple_batch_derive_seed(uint64_t seed, uint64_t index);

/* Makes a batch of n slots of `game`, slot i starting from
 * meeple_batch_derive_seed(seed, i). threads: 0 for one per core, else the count
 * (at most 256). Returns MEEPLE_OK, MEEPLE_ERR_INVALID_ARGUMENT (NULL pointer, n == 0,
 * threads outside 0..256) or MEEPLE_ERR_OUT_OF_MEMORY (also, before anything is
 * allocated, when n slots would need more than the machine's physical memory; the
 * message gives the estimate and the most that fit). *out_batch is set only on
 * success. */
MEEPLE_API meeple_status_t meeple_batch_new(const meeple_game_t *game, size_t n, uint64_t seed,
                                            int32_t threads, meeple_batch_t **out_batch);

/* Makes a batch of n slots, slot i starting from seeds[i] (so slot i is the game of
 * meeple_state_new(game, seeds[i])). Statuses as meeple_batch_new. */
MEEPLE_API meeple_status_t meeple_batch_new_seeded(const meeple_game_t *game, const uint64_t *seeds,
                                                   size_t n, int32_t threads,
                                                   meeple_batch_t **out_batch);

/* Frees a batch. NULL does nothing. */
MEEPLE_API void meeple_batch_free(meeple_batch_t *batch);

/* Fills *out_info (see meeple_batch_info_t). Returns MEEPLE_OK or
 * MEEPLE_ERR_INVALID_ARGUMENT (NULL pointer, or struct_size smaller than 8). */
MEEPLE_API meeple_status_t meeple_batch_info(const meeple_batch_t *batch,
                                             meeple_batch_info_t *out_info);

/* Makes a new handle to the batch's game (free it with meeple_game_free). */
MEEPLE_API meeple_status_t meeple_batch_game(const meeple_batch_t *batch, meeple_game_t **out_game);

/* Plays actions[i] (n of them) for the acting player of slot i. MEEPLE_NO_ACTION leaves
 * the slot unchanged. An illegal action (out of range, not legal now, or any action in
 * a finished game) leaves its slot unchanged and adds one to the slot's illegal count;
 * it never fails the call or touches another slot. Finished games stay as they are.
 * out_dones[i] (n of them) is set to 1 when slot i's game is over after the step, else
 * 0. A game seen over for the first time is recorded (meeple_batch_write_episodes).
 * Returns MEEPLE_OK or MEEPLE_ERR_INVALID_ARGUMENT (NULL, or n not the batch's size). */
MEEPLE_API meeple_status_t meeple_batch_step(meeple_batch_t *batch, const int32_t *actions, size_t n,
                                             uint8_t *out_dones);

/* As meeple_batch_step, then every slot whose game is over (out_dones[i] == 1) is
 * recorded and restarted with a new game. The rewards of this step
 * (meeple_batch_write_rewards) stay those of the game that ended. Statuses as
 * meeple_batch_step. */
MEEPLE_API meeple_status_t meeple_batch_step_autoreset(meeple_batch_t *batch, const int32_t *actions,
                                                       size_t n, uint8_t *out_dones);

/* A training loop's step in one call: as meeple_batch_step (autoreset 0) or
 * meeple_batch_step_autoreset (autoreset 1), and then, in the same pass over the slots
 * while each slot's state is at hand, the reads that follow a step: out_masks gets what
 * meeple_batch_write_masks would write after the step (len >= n * mask_words) and
 * out_obs what meeple_batch_write_observations would (len >= n * obs_size). Either may
 * be NULL, its length 0, to skip that read. The same bytes as the separate calls, in
 * one pass and one wake-up of the threads instead of three. Returns MEEPLE_OK,
 * MEEPLE_ERR_BUFFER_TOO_SMALL (a read array too short) or MEEPLE_ERR_INVALID_ARGUMENT
 * (NULL actions or out_dones, n not the batch's size, autoreset not 0 or 1); on an
 * error nothing is stepped. */
MEEPLE_API meeple_status_t meeple_batch_step_and_read(meeple_batch_t *batch, const int32_t *actions,
                                                      size_t n, int32_t autoreset, uint8_t *out_dones,
                                                      uint64_t *out_masks, size_t masks_len,
                                                      float *out_obs, size_t obs_len);

/* Checks a step's actions before it is played, as meeple_batch_step checks them, and
 * changes nothing: actions[i] (n of them, int64 as NumPy's default integers come) is
 * legal for slot i when the step would play it (a legal action of the acting seat, or
 * one of the outcomes where chance acts; never MEEPLE_NO_ACTION nor any action in a
 * finished game). Writes out_actions[i] = actions[i] as int32 (out_len >= n) for the
 * slots before the first illegal one, so that when all are legal out_actions is the
 * step's argument. *out_first_illegal (may be NULL) gets the first slot whose action is
 * not legal, or n when all are. Returns MEEPLE_OK when all are legal,
 * MEEPLE_ERR_ILLEGAL_ACTION (the message names the slot and its action) when one is
 * not, MEEPLE_ERR_BUFFER_TOO_SMALL (out_actions too short) or
 * MEEPLE_ERR_INVALID_ARGUMENT (NULL, or n not the batch's size). */
MEEPLE_API meeple_status_t meeple_batch_check_actions(const meeple_batch_t *batch, const int64_t *actions,
                                                      size_t n, int32_t *out_actions, size_t out_len,
                                                      size_t *out_first_illegal);

/* Writes the packed legal-action masks of the acting players, uint64[n, mask_words]
 * (len >= n * mask_words): bit a % 64 of word a / 64 is set when action a is legal.
 * All zeros for a finished game. Returns MEEPLE_OK, MEEPLE_ERR_BUFFER_TOO_SMALL or
 * MEEPLE_ERR_INVALID_ARGUMENT. */
MEEPLE_API meeple_status_t meeple_batch_write_masks(const meeple_batch_t *batch, uint64_t *out,
                                                    size_t len);

/* Writes the same masks as one byte an action, uint8[n, num_actions] (len >= n *
 * num_actions), each 0 or 1. Statuses as meeple_batch_write_masks. */
MEEPLE_API meeple_status_t meeple_batch_write_dense_masks(const meeple_batch_t *batch, uint8_t *out,
                                                          size_t len);

/* Writes who owes a decision in each slot, int32[n] (len >= n): bit s set for seat s,
 * MEEPLE_BATCH_ACTOR_CHANCE while a chance outcome is pending, 0 when the game is over.
 * Statuses as meeple_batch_write_masks. */
MEEPLE_API meeple_status_t meeple_batch_write_actors(const meeple_batch_t *batch, int32_t *out,
                                                     size_t len);

/* Writes each slot's status row, int32[n, MEEPLE_BATCH_STATUS_INTS] (len >= n *
 * MEEPLE_BATCH_STATUS_INTS); see the MEEPLE_BATCH_STATUS_* columns. Statuses as
 * meeple_batch_write_masks. */
MEEPLE_API meeple_status_t meeple_batch_write_status(const meeple_batch_t *batch, int32_t *out,
                                                     size_t len);

/* Writes each slot's observation from its acting seat, float32[n, obs_size] (len >= n
 * * obs_size); a slot where no seat acts (game over, chance pending) gets the
 * MEEPLE_VIEW_PUBLIC observation. Statuses as meeple_batch_write_masks. */
MEEPLE_API meeple_status_t meeple_batch_write_observations(const meeple_batch_t *batch, float *out,
                                                           size_t len);

/* Writes the observation of viewers[i] (n of them: seats, MEEPLE_VIEW_PUBLIC or
 * MEEPLE_VIEW_ALL) for each slot, float32[n, obs_size]. Every viewer is checked first.
 * Returns MEEPLE_OK, MEEPLE_ERR_OUT_OF_RANGE (a bad viewer; nothing written),
 * MEEPLE_ERR_BUFFER_TOO_SMALL or MEEPLE_ERR_INVALID_ARGUMENT (NULL, or viewers_len
 * not n). */
MEEPLE_API meeple_status_t meeple_batch_write_observations_for(const meeple_batch_t *batch,
                                                               const int32_t *viewers,
                                                               size_t viewers_len, float *out,
                                                               size_t len);

/* meeple_batch_write_observations_for for the chosen slots only: row i of out
 * (float32[n, obs_size], len >= n * obs_size) gets the observation of viewers[i] for
 * each slot with which[i] != 0 (which: n bytes), and every other row is left as it was,
 * so reading the few games of many that just ended costs a few rows. Every viewer is
 * checked first. Statuses as meeple_batch_write_observations_for (which_len not n is
 * MEEPLE_ERR_INVALID_ARGUMENT). */
MEEPLE_API meeple_status_t meeple_batch_write_observations_where(const meeple_batch_t *batch,
                                                                 const uint8_t *which, size_t which_len,
                                                                 const int32_t *viewers,
                                                                 size_t viewers_len, float *out,
                                                                 size_t len);

/* Writes the feature vector of viewers[i] (n seats) in `variant` for each slot,
 * float32[n, feature_size] (len >= n * feature_size), in the layout of
 * meeple_game_features_json; the same floats as meeple_state_features on each slot.
 * Every viewer is checked first. Returns MEEPLE_OK, MEEPLE_ERR_OUT_OF_RANGE (a viewer
 * not a seat; nothing written), MEEPLE_ERR_BUFFER_TOO_SMALL, MEEPLE_ERR_BUSY or
 * MEEPLE_ERR_INVALID_ARGUMENT (NULL, viewers_len not n, unknown variant, or a game
 * without feature vectors). */
MEEPLE_API meeple_status_t meeple_batch_write_features(const meeple_batch_t *batch,
                                                       const int32_t *viewers, size_t viewers_len,
                                                       int32_t variant, float *out, size_t len);

/* Writes the rewards of the last step, float32[n, num_players] (len >= n *
 * num_players): the step reward of each slot that moved, zeros for a slot that did not
 * (no action, illegal action, before any step); for a slot restarted by autoreset, the
 * reward of the finished game's last step. Statuses as meeple_batch_write_masks. */
MEEPLE_API meeple_status_t meeple_batch_write_rewards(const meeple_batch_t *batch, float *out,
                                                      size_t len);

/* Writes each slot's last finished game: out_ints int32[n, MEEPLE_BATCH_EPISODE_INTS]
 * (ints_len >= n * MEEPLE_BATCH_EPISODE_INTS) and its returns, out_returns
 * float32[n, num_players] (returns_len >= n * num_players). A slot with no finished
 * game yet has count 0, winner -1 and zeros. Statuses as meeple_batch_write_masks. */
MEEPLE_API meeple_status_t meeple_batch_write_episodes(const meeple_batch_t *batch, int32_t *out_ints,
                                                       size_t ints_len, float *out_returns,
                                                       size_t returns_len);

/* Writes the observations of the games that the last step's autoreset replaced, as
 * Gymnasium's vector environments give them (final_observation), so that a truncated
 * game can be bootstrapped from its last state: for each slot that the last
 * meeple_batch_step_autoreset (or step_and_read with autoreset) restarted, the
 * observation of its finished game's final state from viewers[i] (a seat,
 * MEEPLE_VIEW_PUBLIC or MEEPLE_VIEW_ALL), or from MEEPLE_VIEW_PUBLIC when viewers is
 * NULL (then viewers_len must be 0); zeros for every other slot. out is float32[n,
 * obs_size] (len >= n * obs_size). The final reward of those games is what
 * meeple_batch_write_rewards gives after the same step. Valid until the next step, load
 * or reseed (for one slot, until it is reset or set). Returns MEEPLE_OK, MEEPLE_ERR_OUT_OF_RANGE (a bad viewer;
 * nothing written), MEEPLE_ERR_BUFFER_TOO_SMALL or MEEPLE_ERR_INVALID_ARGUMENT (NULL
 * out, viewers_len not n). */
MEEPLE_API meeple_status_t meeple_batch_write_final_observations(const meeple_batch_t *batch,
                                                                 const int32_t *viewers,
                                                                 size_t viewers_len, float *out,
                                                                 size_t len);

/* meeple_batch_write_final_observations for the restarted slots only: row k of out
 * (obs_size floats) is the final observation of the k-th restarted slot in slot order,
 * and nothing is written for the others (no zeros), so a step that ends a few of many
 * games writes a few rows. *out_rows is the number of restarted slots; out holds len
 * floats (NULL with len 0 asks the count). Returns MEEPLE_OK, MEEPLE_ERR_BUFFER_TOO_SMALL
 * (nothing written), MEEPLE_ERR_OUT_OF_RANGE (a bad viewer) or
 * MEEPLE_ERR_INVALID_ARGUMENT. */
MEEPLE_API meeple_status_t meeple_batch_write_restarted_observations(const meeple_batch_t *batch,
                                                                     const int32_t *viewers,
                                                                     size_t viewers_len, float *out,
                                                                     size_t len, size_t *out_rows);

/* meeple_batch_write_final_observations for the restarted slots only, each into its own
 * row: row i of out (float32[n, obs_size], len >= n * obs_size) gets slot i's final
 * observation when the last step restarted slot i, and every other row is left as it
 * was (no zeros), so a step that ends a few of many games writes a few rows in place.
 * Viewers as meeple_batch_write_final_observations. Returns MEEPLE_OK,
 * MEEPLE_ERR_OUT_OF_RANGE (a bad viewer; nothing written), MEEPLE_ERR_BUFFER_TOO_SMALL or
 * MEEPLE_ERR_INVALID_ARGUMENT. */
MEEPLE_API meeple_status_t meeple_batch_write_restarted_observations_in_place(const meeple_batch_t *batch,
                                                                              const int32_t *viewers,
                                                                              size_t viewers_len,
                                                                              float *out, size_t len);

/* Makes a new state holding the finished game that the last step's autoreset replaced
 * in slot `slot` (free it with meeple_state_free): its final state, as it was when the
 * game ended. Returns MEEPLE_OK, MEEPLE_ERR_OUT_OF_RANGE (slot >= n),
 * MEEPLE_ERR_WRONG_STATE (the last step did not restart that slot) or
 * MEEPLE_ERR_INVALID_ARGUMENT. */
MEEPLE_API meeple_status_t meeple_batch_get_final_state(const meeple_batch_t *batch, size_t slot,
                                                        meeple_state_t **out_state);

/* Running statistics of the games finished in a batch (by any step, autoreset or
 * not) since the last meeple_batch_take_episode_stats, the batch's start or a reseed.
 * Set struct_size to sizeof(meeple_batch_episode_stats_t) first. */
typedef struct meeple_batch_episode_stats {
    uint32_t struct_size;
    uint32_t reserved;     /* zero */
    uint64_t episodes;     /* games finished */
    uint64_t truncated;    /* of them, games a turn cap ended */
    double mean_length;    /* mean actions a game, chance outcomes included; 0 with no game */
} meeple_batch_episode_stats_t;

/* Fills *out_stats and writes each seat's mean return over those games into
 * out_mean_returns[0..num_players) (returns_len >= num_players; zeros with no game),
 * then clears the statistics, so each call covers the games since the previous one.
 * The sums run in slot order: the same values at every thread count.
 * Returns MEEPLE_OK, MEEPLE_ERR_BUFFER_TOO_SMALL (nothing written or cleared) or
 * MEEPLE_ERR_INVALID_ARGUMENT (NULL pointer, struct_size smaller than 8). */
MEEPLE_API meeple_status_t meeple_batch_take_episode_stats(meeple_batch_t *batch,
                                                           meeple_batch_episode_stats_t *out_stats,
                                                           double *out_mean_returns,
                                                           size_t returns_len);

/* Writes each slot's count of illegal actions since the batch began or was reseeded,
 * int64[n] (len >= n). Statuses as meeple_batch_write_masks. */
MEEPLE_API meeple_status_t meeple_batch_illegal_counts(const meeple_batch_t *batch, int64_t *out,
                                                       size_t len);

/* Writes every slot's state snapshot, uint8[n, snapshot_size] (len >= n *
 * snapshot_size); row i is what meeple_state_snapshot gives for slot i's state.
 * Statuses as meeple_batch_write_masks. */
MEEPLE_API meeple_status_t meeple_batch_snapshot(const meeple_batch_t *batch, uint8_t *out, size_t len);

/* Replaces every slot's state from snapshot rows, uint8[n, snapshot_size] (len exactly
 * n * snapshot_size). Every row is checked before anything changes. Slot seeds,
 * restart counts, illegal counts and episode records are kept; the last step's rewards
 * become zeros. Returns MEEPLE_OK, MEEPLE_ERR_PARSE, MEEPLE_ERR_VERSION_MISMATCH or
 * MEEPLE_ERR_INVALID_ARGUMENT (NULL, a wrong length, a row of another game); the
 * message names the bad row. */
MEEPLE_API meeple_status_t meeple_batch_load(meeple_batch_t *batch, const uint8_t *data, size_t len);

/* Restarts every slot as meeple_batch_new with `seed` would, clearing illegal counts,
 * episode records and restart counts. Returns MEEPLE_OK or MEEPLE_ERR_INVALID_ARGUMENT. */
MEEPLE_API meeple_status_t meeple_batch_reseed(meeple_batch_t *batch, uint64_t seed);

/* As meeple_batch_reseed, slot i starting from seeds[i] (n seeds, n the batch's size).
 * Returns MEEPLE_OK or MEEPLE_ERR_INVALID_ARGUMENT (NULL, or n not the batch's size). */
MEEPLE_API meeple_status_t meeple_batch_reseed_seeded(meeple_batch_t *batch, const uint64_t *seeds,
                                                      size_t n);

/* Starts a new game in every slot i with which[i] != 0 (which: uint8[n]) and leaves
 * the others alone: from seeds[i] when seeds is given (uint64[n]; that seed then seeds
 * the slot's later restarts, as a slot seed does), else from the slot's next restart
 * seed, as an autoreset would. The abandoned games are not recorded as episodes;
 * illegal counts and statistics are kept; the reset slots' last-step rewards become
 * zeros. Returns MEEPLE_OK or MEEPLE_ERR_INVALID_ARGUMENT (NULL which, n not the
 * batch's size). */
MEEPLE_API meeple_status_t meeple_batch_reset_slots(meeple_batch_t *batch, const uint8_t *which,
                                                    const uint64_t *seeds, size_t n);

/* Makes a new state holding a copy of slot `slot` (free it with meeple_state_free).
 * Returns MEEPLE_OK, MEEPLE_ERR_OUT_OF_RANGE (slot >= n) or MEEPLE_ERR_INVALID_ARGUMENT. */
MEEPLE_API meeple_status_t meeple_batch_get_state(const meeple_batch_t *batch, size_t slot,
                                                  meeple_state_t **out_state);

/* Copies `state` into slot `slot`; the slot's last-step rewards become zeros.
 * Returns MEEPLE_OK, MEEPLE_ERR_OUT_OF_RANGE (slot >= n) or MEEPLE_ERR_INVALID_ARGUMENT
 * (NULL, or a state of another game: the message names both). */
MEEPLE_API meeple_status_t meeple_batch_set_state(meeple_batch_t *batch, size_t slot,
                                                  const meeple_state_t *state);

/* ---- Batch event log ------------------------------------------------------------- */

/* A batch can record what happens in its slots as fixed-width int32 rows, appended
 * from inside its step loop in slot order (the same rows at every thread count) and
 * drained by the caller. It is off by default; off, a step pays one branch a range of
 * slots. A row is MEEPLE_EVENT_HEADER_INTS header columns (MEEPLE_EVENT_COL_*) and then
 * the game's own columns (catan: the offer on the table, points and hand sizes);
 * meeple_game_event_fields_json names every column. The full table is in
 * docs/recording.md. The queue has a fixed capacity: rows that do not fit are dropped
 * and counted (meeple_event_info_t.overflow). */
#define MEEPLE_EVENT_VERSION 1

/* What to record: a mask of these bits. */
#define MEEPLE_RECORD_GAME_STARTS 1
#define MEEPLE_RECORD_GAME_ENDS 2
#define MEEPLE_RECORD_ACTIONS 4 /* every applied action (trade steps typed as such) */
#define MEEPLE_RECORD_TRADES 8 /* only the trade steps (catan) */
#define MEEPLE_RECORD_ALL 15

/* Event types (column MEEPLE_EVENT_COL_TYPE). */
#define MEEPLE_EVENT_GAME_START 1
#define MEEPLE_EVENT_GAME_END 2
#define MEEPLE_EVENT_ACTION 3
#define MEEPLE_EVENT_TRADE_OPEN 4
#define MEEPLE_EVENT_TRADE_ACCEPT 5
#define MEEPLE_EVENT_TRADE_DECLINE 6
#define MEEPLE_EVENT_TRADE_CONFIRM 7
#define MEEPLE_EVENT_TRADE_CANCEL 8

/* Header columns of every row. */
#define MEEPLE_EVENT_COL_TYPE 0
#define MEEPLE_EVENT_COL_SLOT 1
#define MEEPLE_EVENT_COL_GAME 2   /* the slot's game counter (0: running when recording began) */
#define MEEPLE_EVENT_COL_TICK 3   /* batch steps since recording began */
#define MEEPLE_EVENT_COL_STEP 4   /* moves of the game before the action */
#define MEEPLE_EVENT_COL_TURN 5   /* the game's turn counter after the event */
#define MEEPLE_EVENT_COL_ACTOR 6  /* seat, MEEPLE_CHANCE, or MEEPLE_BATCH_NOBODY at starts and ends */
#define MEEPLE_EVENT_COL_ACTION 7 /* action id, or MEEPLE_NO_ACTION at starts and ends */
#define MEEPLE_EVENT_COL_ARG0 8   /* start: seed bits 0..31; end: winner or -1 */
#define MEEPLE_EVENT_COL_ARG1 9   /* start: seed bits 32..63; end: 1 when truncated */
#define MEEPLE_EVENT_COL_ARG2 10  /* start: MEEPLE_EVENT_FROM_SEED or MEEPLE_EVENT_FROM_STATE */
#define MEEPLE_EVENT_COL_ARG3 11  /* reserved, 0 */
#define MEEPLE_EVENT_HEADER_INTS 12

/* Where a started game came from: its seed (a start row at step 0 can be replayed from
 * it), or a state put into the slot (meeple_batch_set_state, meeple_batch_load). */
#define MEEPLE_EVENT_FROM_SEED 0
#define MEEPLE_EVENT_FROM_STATE 1

/* The recording of a batch. Set struct_size to sizeof(meeple_event_info_t) first. */
typedef struct meeple_event_info {
    uint32_t struct_size;
    uint32_t mask;      /* what is recorded; 0 when off */
    uint32_t row_ints;  /* ints a row: MEEPLE_EVENT_HEADER_INTS + the game's columns */
    uint32_t reserved;  /* zero */
    uint64_t capacity;  /* rows the queue holds */
    uint64_t queued;    /* rows waiting for meeple_batch_drain_events */
    uint64_t overflow;  /* rows dropped because the queue was full */
    uint64_t recorded;  /* rows recorded since recording began, dropped ones included */
} meeple_event_info_t;

/* Starts recording the events in `mask` (MEEPLE_RECORD_*) with a queue of
 * capacity_rows rows, dropping any queue of an earlier recording, and queues a start
 * row for every slot's current game when the mask has MEEPLE_RECORD_GAME_STARTS.
 * mask 0 stops recording and drops the queue (capacity is then ignored). Returns
 * MEEPLE_OK, MEEPLE_ERR_INVALID_ARGUMENT (NULL batch, unknown mask bits, capacity 0),
 * MEEPLE_ERR_OUT_OF_MEMORY or MEEPLE_ERR_BUSY. */
MEEPLE_API meeple_status_t meeple_batch_record_events(meeple_batch_t *batch, uint32_t mask,
                                                      size_t capacity_rows);

/* Fills *out_info. Returns MEEPLE_OK, MEEPLE_ERR_INVALID_ARGUMENT (NULL, struct_size
 * below 8) or MEEPLE_ERR_BUSY. */
MEEPLE_API meeple_status_t meeple_batch_event_info(const meeple_batch_t *batch,
                                                   meeple_event_info_t *out_info);

/* Moves the oldest queued rows into out (len ints): as many whole rows as fit, in the
 * order they were recorded; the rest stay queued for the next call, so no row is ever
 * lost here. *out_rows is set to the rows written (0 when nothing is queued or the
 * batch does not record). Unlike query-then-fill calls, a short buffer is not an
 * error: it takes what fits. Returns MEEPLE_OK, MEEPLE_ERR_INVALID_ARGUMENT (NULL
 * batch, out_rows, or out with len > 0) or MEEPLE_ERR_BUSY. */
MEEPLE_API meeple_status_t meeple_batch_drain_events(meeple_batch_t *batch, int32_t *out, size_t len,
                                                     size_t *out_rows);

/* Writes the columns of the game's event rows as a JSON object: event_version,
 * row_ints, header_ints and columns (each: name, meaning), header first.
 * Query-then-fill. */
MEEPLE_API meeple_status_t meeple_game_event_fields_json(const meeple_game_t *game, char *out,
                                                         size_t capacity, size_t *out_len);

/* Totals of meeple_run_random_games. Set struct_size to sizeof first. */
typedef struct meeple_random_games {
    uint32_t struct_size;
    uint32_t reserved;   /* zero */
    uint64_t games;      /* games played to their end */
    uint64_t moves;      /* actions applied in all of them, chance outcomes included */
    uint64_t truncated;  /* games a turn cap ended */
    uint64_t draws;      /* games ended untruncated with no unique best seat */
} meeple_random_games_t;

/* Plays n_games complete games in C++, each choosing uniformly among the acting
 * player's legal actions (chance outcomes by their probabilities), on `threads`
 * threads (0: one per core). Game g starts from meeple_batch_derive_seed(seed, g) and
 * draws its moves from a generator seeded with meeple_batch_derive_seed(that seed,
 * 0x72616E646F6D). Totals go to *out_stats; out_wins[s] (wins_len >= num_players) gets
 * the games seat s won. The same arguments give the same totals at any thread count.
 * `control` (may be NULL; see meeple_control_t): total is n_games and progress counts
 * the games finished; a cancel request stops every thread before its next game (games
 * take at most milliseconds) and the call returns MEEPLE_ERR_CANCELLED with *out_stats
 * and out_wins untouched.
 * Returns MEEPLE_OK, MEEPLE_ERR_BUFFER_TOO_SMALL (wins_len < num_players),
 * MEEPLE_ERR_CANCELLED, MEEPLE_ERR_OUT_OF_MEMORY (a thread could not be started) or
 * MEEPLE_ERR_INVALID_ARGUMENT (NULL pointer, struct_size smaller than 8, threads outside
 * 0..256, control->struct_size smaller than sizeof(meeple_control_t)). */
MEEPLE_API meeple_status_t meeple_run_random_games(const meeple_game_t *game, uint64_t n_games,
                                                   uint64_t seed, int32_t threads,
                                                   meeple_random_games_t *out_stats,
                                                   uint64_t *out_wins, size_t wins_len,
                                                   meeple_control_t *control);

/* ---- Data generation ------------------------------------------------------------ */

/* The version of the rows meeple_run_datagen writes (docs/datagen.md): bumped whenever
 * the meaning or order of the labels or meta columns changes. The features keep their
 * own version (meeple_game_features_json). */
#define MEEPLE_DATAGEN_VERSION 1
/* int64 meta columns a row: game, move, group, viewer, actor, action, played,
 * playout_seed (docs/datagen.md says what each holds). */
#define MEEPLE_DATAGEN_META_COLUMNS 8

/* Options of meeple_run_datagen. Set struct_size to sizeof(meeple_datagen_config_t);
 * docs/datagen.md gives the defaults the Python binding uses. */
typedef struct meeple_datagen_config {
    uint32_t struct_size;
    int32_t variant;           /* MEEPLE_FEATURES_SEAT or MEEPLE_FEATURES_OMNISCIENT */
    uint64_t seed;             /* game g is played on the setup meeple_batch_derive_seed(seed, g) */
    uint64_t first_game;       /* this call makes games [first_game, first_game + games) */
    uint64_t games;            /* 1 or more; first_game + games at most 2^40 */
    uint64_t max_moves;        /* a game or playout longer than this counts as truncated (0: no cap) */
    double heuristic_share;    /* chance that a seat of a game plays the heuristic, else random, [0, 1] */
    double random_move;        /* chance that a heuristic seat plays a uniformly random move, [0, 1] */
    int32_t playouts;          /* K playouts label each state, 1..100000 */
    int32_t samples_per_game;  /* decisions sampled a game (uniformly among those with 2+ moves), 1..10000 */
    int32_t siblings;          /* moves a decision: the played one plus others at random, 1..1024 */
    int32_t all_viewers;       /* 0: one row a state, from the mover's seat; 1: one per seat */
    int32_t threads;           /* 0: one per core, up to 256 */
    int32_t reserved;          /* zero */
} meeple_datagen_config_t;

/* The most rows meeple_run_datagen can write for `config`:
 * games * samples_per_game * siblings * (num_players if all_viewers, else 1), to *out_rows.
 * Returns MEEPLE_OK or MEEPLE_ERR_INVALID_ARGUMENT (NULL pointer, a game without feature
 * vectors, an option out of its range, more than 2^48 rows, as meeple_run_datagen). */
MEEPLE_API meeple_status_t meeple_datagen_max_rows(const meeple_game_t *game,
                                                   const meeple_datagen_config_t *config,
                                                   uint64_t *out_rows);

/* Labelled states for value networks, in C++ on config->threads threads: plays games
 * [first_game, first_game + games) between seats drawn per game as the heuristic or
 * random, samples decisions of each, and for each sampled decision writes a group of
 * sibling rows, one per move of the acting seat (the played move first), each labelled
 * by the win shares of config->playouts playouts by the same seats from the state after
 * that move. Playout i of every sibling of a group uses the same seeds (common random
 * numbers). Rows come in game, sample, sibling and viewer order; row r writes
 * features[r * feature_size ...] (the viewer's feature vector in config->variant, as
 * meeple_state_features), labels[r * num_players ...] (win shares summing to one,
 * seat (viewer + i) % num_players at i, as the features order seats) and
 * meta[r * MEEPLE_DATAGEN_META_COLUMNS ...]. Game g's rows depend only on config->seed,
 * g and the other options, never on threads or first_game: a run may be cut into calls
 * (shards) at any game. Each array must hold capacity_rows rows, at least
 * meeple_datagen_max_rows; *out_rows gets the rows written (the rest is untouched).
 * `control` (may be NULL; see meeple_control_t): total is games * samples_per_game and
 * progress counts sample groups labelled; every thread checks the cancel flag before
 * each playout (a millisecond or so) and the call then returns MEEPLE_ERR_CANCELLED,
 * writing nothing.
 * Returns MEEPLE_OK, MEEPLE_ERR_CANCELLED, MEEPLE_ERR_BUFFER_TOO_SMALL (capacity_rows
 * below meeple_datagen_max_rows), MEEPLE_ERR_OUT_OF_MEMORY (a thread could not be
 * started), MEEPLE_ERR_INTERNAL (a game failed; the message names it) or
 * MEEPLE_ERR_INVALID_ARGUMENT (NULL pointer, struct_size smaller than
 * sizeof(meeple_datagen_config_t), a game without feature vectors or, with
 * heuristic_share > 0, without a heuristic, an option out of its range (the message
 * names it and the range), more than 2^48 rows, control->struct_size smaller than sizeof(meeple_control_t)). */
MEEPLE_API meeple_status_t meeple_run_datagen(const meeple_game_t *game,
                                              const meeple_datagen_config_t *config,
                                              float *features, float *labels, int64_t *meta,
                                              size_t capacity_rows, size_t *out_rows,
                                              meeple_control_t *control);

/* ---- Search --------------------------------------------------------------------- */

/* Monte Carlo tree search over any game, for one root or many (one per game of a
 * batch, say), made from a spec string as games are: "mcts(iterations=800)",
 * "mcts(evaluator=external,c_puct=1.5,batch=16)", "ismcts(iterations=1000)". The
 * options, their defaults and the algorithms are written out in docs/search.md.
 *
 * The evaluator loop. With evaluator=rollout a run plays random rollouts and returns
 * MEEPLE_SEARCH_DONE. With evaluator=external nothing is called back: a run returns
 * MEEPLE_SEARCH_NEEDS_VALUES when leaves wait for values; the caller reads them with
 * meeple_search_write_leaves, evaluates them however it likes, hands values (per seat)
 * and priors (per action) to meeple_search_provide, and runs again, until the run
 * returns MEEPLE_SEARCH_DONE. All roots share one evaluation batch.
 * Determinism. The same spec (seed included), roots and calls give the same results at
 * every thread count: threads split the trees (`trees` a root, merged at the root),
 * and a tree's work depends on nothing else. A time budget (time_ms) is the exception.
 * Rounds. A run starts a round when none is open: each active root gets `iterations`
 * new iterations. Roots cannot be set or advanced while a round is open. */
typedef struct meeple_search meeple_search_t;

/* What meeple_search_run reports in *out_result. */
#define MEEPLE_SEARCH_DONE 0
#define MEEPLE_SEARCH_NEEDS_VALUES 1

/* The numbers of a search. Set struct_size to sizeof(meeple_search_info_t) first. */
typedef struct meeple_search_info {
    uint32_t struct_size;
    int32_t threads;
    uint64_t num_roots;
    int32_t num_players;
    int32_t num_actions;
    int32_t mask_words;
    int32_t obs_size;
    int32_t external;     /* 1 with evaluator=external */
    int32_t trees;        /* trees a root */
    uint64_t pending;     /* leaves waiting for values now */
    int32_t leaf_size;    /* floats in a row of meeple_search_write_leaves' obs: obs_size, or
                           * the game's feature size with inputs=features (added in ABI 4;
                           * a caller with an older, shorter struct does not get it) */
    int32_t reserved;
} meeple_search_info_t;

/* Statistics of one root's last finished round. Set struct_size first. */
typedef struct meeple_search_stats {
    uint32_t struct_size;
    int32_t chosen_action;  /* MEEPLE_NO_ACTION for an idle root */
    uint64_t iterations;    /* completed in the round, over the root's trees */
    uint64_t nodes;         /* in the root's trees */
    uint64_t max_depth;     /* deepest leaf reached, in moves from the root */
    double seconds;         /* wall-clock time of the round */
} meeple_search_stats_t;

/* Makes a search of `game` with num_roots roots (all idle until set) from `spec`.
 * threads: 0 for one per core, else the count (at most 256).
 * Returns MEEPLE_OK, MEEPLE_ERR_PARSE (malformed spec), MEEPLE_ERR_INVALID_ARGUMENT
 * (unknown search or option, a value out of its domain: the message lists what is
 * accepted; NULL pointer; num_roots == 0; threads outside 0..256) or
 * MEEPLE_ERR_OUT_OF_MEMORY. *out_search is set only on success. */
MEEPLE_API meeple_status_t meeple_search_new(const meeple_game_t *game, const char *spec,
                                             uint64_t num_roots, int32_t threads,
                                             meeple_search_t **out_search);

MEEPLE_API void meeple_search_free(meeple_search_t *search);

/* Writes the canonical spec (every option, defaults filled in). Query-then-fill. */
MEEPLE_API meeple_status_t meeple_search_spec(const meeple_search_t *search, char *out,
                                              size_t capacity, size_t *out_len);

/* Fills *out_info (the fields that fit in its struct_size).
 * Returns MEEPLE_OK or MEEPLE_ERR_INVALID_ARGUMENT. */
MEEPLE_API meeple_status_t meeple_search_info(const meeple_search_t *search,
                                              meeple_search_info_t *out_info);

/* Makes a copy of `state` root `root`, searched for `player`, who must be the seat to
 * act there (MEEPLE_ACTING_PLAYER: whoever it is; where several seats are active the
 * search moves them one at a time from the lowest, as batches do). The root's tree
 * starts empty. Returns MEEPLE_OK, MEEPLE_ERR_OUT_OF_RANGE (root, or a player that is
 * no seat), MEEPLE_ERR_NOT_ACTIVE (another seat is to act), MEEPLE_ERR_WRONG_STATE (the
 * game is over, a chance outcome is pending, or a round is open) or
 * MEEPLE_ERR_INVALID_ARGUMENT (NULL, a state of another game). */
MEEPLE_API meeple_status_t meeple_search_set_root(meeple_search_t *search, uint64_t root,
                                                  const meeple_state_t *state, int32_t player);

/* Makes slot i of `batch` root i for every slot whose game is live (i < num_roots;
 * the batch may not have more slots than the search has roots); slots whose game is
 * over, or where a chance outcome is pending, leave their root idle. Returns MEEPLE_OK,
 * MEEPLE_ERR_INVALID_ARGUMENT (NULL, another game, more slots than roots) or
 * MEEPLE_ERR_WRONG_STATE (a round is open). */
MEEPLE_API meeple_status_t meeple_search_set_roots_from_batch(meeple_search_t *search,
                                                              const meeple_batch_t *batch);

/* Leaves root `root` idle (runs skip it). Returns MEEPLE_OK, MEEPLE_ERR_OUT_OF_RANGE,
 * MEEPLE_ERR_WRONG_STATE (a round is open) or MEEPLE_ERR_INVALID_ARGUMENT. */
MEEPLE_API meeple_status_t meeple_search_clear_root(meeple_search_t *search, uint64_t root);

/* Plays `action` of `player` (a seat, MEEPLE_CHANCE or MEEPLE_ACTING_PLAYER) at root
 * `root`, checked as meeple_state_apply checks it, and keeps the subtree that move
 * leads to when the spec has reuse=true (subtree reuse between moves). Call it for
 * every move of the real game, chance outcomes of explicit chance included.
 * Returns MEEPLE_OK, the codes of meeple_state_apply (nothing changed), or
 * MEEPLE_ERR_WRONG_STATE (an idle root, an open round). */
MEEPLE_API meeple_status_t meeple_search_advance(meeple_search_t *search, uint64_t root,
                                                 int32_t player, int32_t action);

/* Runs the search: starts a round if none is open and goes on until every active root
 * has its iterations (or time) or, with an external evaluator, leaves wait for values.
 * *out_result gets MEEPLE_SEARCH_DONE or MEEPLE_SEARCH_NEEDS_VALUES. control may be
 * NULL; progress counts completed iterations over all roots. A long call: releases
 * nothing but may take long. Returns MEEPLE_OK, MEEPLE_ERR_WRONG_STATE (no active root,
 * a root whose game ended or waits for chance, leaves still waiting for values),
 * MEEPLE_ERR_CANCELLED (the round stays open and keeps its iterations; run again to go
 * on) or MEEPLE_ERR_INVALID_ARGUMENT. */
MEEPLE_API meeple_status_t meeple_search_run(meeple_search_t *search, meeple_control_t *control,
                                             int32_t *out_result);

/* The leaves waiting for values, in a fixed order: rows of observations (float32
 * [count, obs_size], from the seat to act at the leaf; with the spec option
 * inputs=features each row is instead that seat's feature vector in the seat variant,
 * as meeple_state_features writes it: [count, leaf_size] of meeple_search_info), packed legal masks (uint64
 * [count, mask_words]), the root of each leaf (int32 [count]) and its seat to act
 * (int32 [count]). Any of the four arrays may be NULL; each given one must hold
 * `capacity` rows. *out_count is always set to the number of leaves; all four NULL
 * with capacity 0 is the size query; nothing is written when capacity is smaller
 * (MEEPLE_ERR_BUFFER_TOO_SMALL). */
MEEPLE_API meeple_status_t meeple_search_write_leaves(const meeple_search_t *search, float *obs,
                                                      uint64_t *masks, int32_t *roots,
                                                      int32_t *players, size_t capacity,
                                                      size_t *out_count);

/* Hands back the leaves' values (float32 [count, num_players], each seat's value in the
 * scale of the game's returns) and priors (float32 [count, num_actions], or NULL for
 * uniform priors; normalised over the legal actions by the search), count being the
 * number of waiting leaves. Everything is checked before anything changes: values must
 * be finite; priors finite, not negative, and zero on every action the leaf's mask
 * does not allow. Returns MEEPLE_OK, MEEPLE_ERR_INVALID_ARGUMENT (NULL values, count
 * not the number of leaves, a bad number: the message names leaf, seat or action) or
 * MEEPLE_ERR_WRONG_STATE (no leaf is waiting). */
MEEPLE_API meeple_status_t meeple_search_provide(meeple_search_t *search, const float *values,
                                                 const float *priors, size_t count);

/* The statistics and chosen action of root `root`'s last finished round.
 * Returns MEEPLE_OK, MEEPLE_ERR_OUT_OF_RANGE, MEEPLE_ERR_WRONG_STATE (no finished round
 * for an active root) or MEEPLE_ERR_INVALID_ARGUMENT. */
MEEPLE_API meeple_status_t meeple_search_stats(const meeple_search_t *search, uint64_t root,
                                               meeple_search_stats_t *out_stats);

/* The chosen action of every root (MEEPLE_NO_ACTION for idle ones) into
 * out[0..num_roots). Returns MEEPLE_OK, MEEPLE_ERR_BUFFER_TOO_SMALL (capacity below
 * num_roots), MEEPLE_ERR_WRONG_STATE (an active root without a finished round) or
 * MEEPLE_ERR_INVALID_ARGUMENT. */
MEEPLE_API meeple_status_t meeple_search_chosen_actions(const meeple_search_t *search,
                                                        int32_t *out, size_t capacity);

/* The root's searched actions, in increasing order: the action, its visits, and its
 * mean value for every seat (double [count, num_players]). Query-then-fill over the
 * number of actions (values must hold capacity * num_players entries; any array may be
 * NULL, and all three NULL with capacity 0 is the size query). Returns MEEPLE_OK,
 * MEEPLE_ERR_OUT_OF_RANGE, MEEPLE_ERR_WRONG_STATE (no finished round: an idle root, a
 * cleared one, or one set or advanced since), MEEPLE_ERR_BUFFER_TOO_SMALL or
 * MEEPLE_ERR_INVALID_ARGUMENT (NULL out_len; all arrays NULL with capacity above 0). */
MEEPLE_API meeple_status_t meeple_search_root_actions(const meeple_search_t *search,
                                                      uint64_t root, int32_t *actions,
                                                      uint64_t *visits, double *values,
                                                      size_t capacity, size_t *out_len);

/* The root's value: the mean of every iteration's values, per seat, into
 * out[0..num_players). Returns as meeple_search_stats, or MEEPLE_ERR_BUFFER_TOO_SMALL. */
MEEPLE_API meeple_status_t meeple_search_root_value(const meeple_search_t *search, uint64_t root,
                                                    double *out, size_t capacity);

/* The visit policy: visits^(1/temperature) normalised over the actions, into
 * out[0..num_actions) (zeros for actions not searched); temperature 0 puts 1 on the
 * most visited action. Returns as meeple_search_stats, MEEPLE_ERR_BUFFER_TOO_SMALL, or
 * MEEPLE_ERR_INVALID_ARGUMENT (a negative or non-finite temperature). */
MEEPLE_API meeple_status_t meeple_search_policy(const meeple_search_t *search, uint64_t root,
                                                double temperature, float *out, size_t capacity);

/* The principal variation: the most visited line of actions from the root (of its first
 * tree; chance outcomes included where the tree branches on them). Query-then-fill.
 * Returns as meeple_search_stats, or MEEPLE_ERR_BUFFER_TOO_SMALL. */
MEEPLE_API meeple_status_t meeple_search_principal_variation(const meeple_search_t *search,
                                                             uint64_t root, int32_t *out,
                                                             size_t capacity, size_t *out_len);

/* ---- Agents ---------------------------------------------------------------------- */

/* Players that choose an action for the acting seat of a state, made from spec strings
 * as games and searches are: "random" (uniform over the legal actions), "heuristic"
 * (per game: catan, tictactoe, triangle), "mcts(...)" and "ismcts(...)" (a search of
 * the state at every decision, with the options of meeple_search_new; evaluator=rollout
 * only). An agent owns its random generator, seeded at creation and by
 * meeple_agent_reset, so its choices depend only on its seed and the states it is
 * shown. docs/agents.md describes every agent. */
typedef struct meeple_agent meeple_agent_t;

/* Makes an agent of `game` from `spec`, its generator seeded from `seed`.
 * Returns MEEPLE_OK, MEEPLE_ERR_PARSE (malformed spec), MEEPLE_ERR_INVALID_ARGUMENT
 * (unknown agent, a game without a heuristic, a bad option: the message names what is
 * accepted; NULL pointer) or MEEPLE_ERR_OUT_OF_MEMORY. *out_agent is set only on
 * success; free it with meeple_agent_free. */
MEEPLE_API meeple_status_t meeple_agent_new(const meeple_game_t *game, const char *spec, uint64_t seed,
                                            meeple_agent_t **out_agent);

MEEPLE_API void meeple_agent_free(meeple_agent_t *agent);

/* Writes the agent's canonical spec. Query-then-fill. */
MEEPLE_API meeple_status_t meeple_agent_spec(const meeple_agent_t *agent, char *out, size_t capacity,
                                             size_t *out_len);

/* Starts a new game for the agent: reseeds its generator and drops what it kept.
 * Returns MEEPLE_OK or MEEPLE_ERR_INVALID_ARGUMENT (NULL). */
MEEPLE_API meeple_status_t meeple_agent_reset(meeple_agent_t *agent, uint64_t seed);

/* The agent's action for `player` (a seat, or MEEPLE_ACTING_PLAYER) in `state`, which
 * it does not change; always one of the player's legal actions. A long call for
 * search agents. Returns MEEPLE_OK, MEEPLE_ERR_OUT_OF_RANGE (no such seat),
 * MEEPLE_ERR_NOT_ACTIVE (the seat owes no decision), MEEPLE_ERR_WRONG_STATE (the game
 * is over, a chance outcome is pending, several seats are active and player is
 * MEEPLE_ACTING_PLAYER) or MEEPLE_ERR_INVALID_ARGUMENT (NULL, a state of another
 * game). *out_action is set only on success. */
MEEPLE_API meeple_status_t meeple_agent_act(meeple_agent_t *agent, const meeple_state_t *state,
                                            int32_t player, int32_t *out_action);

/* The agent's move probabilities for `player` in `state`: num_actions floats, zero on
 * every illegal action, summing to one. "random": uniform over the legal actions;
 * search agents: the root's visit shares after a search of the state (a long call);
 * "heuristic": its action alone. Query-then-fill over num_actions entries; otherwise
 * returns as meeple_agent_act. */
MEEPLE_API meeple_status_t meeple_agent_policy(meeple_agent_t *agent, const meeple_state_t *state,
                                               int32_t player, float *out, size_t capacity, size_t *out_len);

/* meeple_agent_act and meeple_agent_policy as long calls that `control` (may be NULL;
 * see meeple_control_t) can cancel: a search agent checks it between iterations and
 * returns MEEPLE_ERR_CANCELLED within milliseconds, with *out_action (or out) as it
 * was; its generator has moved on, so meeple_agent_reset it before play that must
 * repeat. Agents that do not search decide at once (a block cancelled before the
 * call cancels any agent's call). progress and total are not used.
 * Returns as meeple_agent_act (or meeple_agent_policy), MEEPLE_ERR_CANCELLED, or
 * MEEPLE_ERR_INVALID_ARGUMENT for control->struct_size smaller than
 * sizeof(meeple_control_t). */
MEEPLE_API meeple_status_t meeple_agent_act_controlled(meeple_agent_t *agent, const meeple_state_t *state,
                                                       int32_t player, meeple_control_t *control,
                                                       int32_t *out_action);
MEEPLE_API meeple_status_t meeple_agent_policy_controlled(meeple_agent_t *agent, const meeple_state_t *state,
                                                          int32_t player, meeple_control_t *control, float *out,
                                                          size_t capacity, size_t *out_len);
/* Iterations the agent's search completed in its last decision (meeple_agent_act or
 * meeple_agent_policy): what a time_ms budget reached, or the iterations given. 0 for
 * agents that do not search, before any decision, and after a decision with a single
 * legal action (nothing was searched). Returns MEEPLE_OK or MEEPLE_ERR_INVALID_ARGUMENT
 * (NULL). */
MEEPLE_API meeple_status_t meeple_agent_iterations(const meeple_agent_t *agent, uint64_t *out_iterations);

/* The opponents' turns of a training loop, for every slot of a batch at once: in each
 * slot, while the game goes on and its acting seat (see Batches: the lowest active
 * seat) is held by an agent, that agent chooses an action (as meeple_agent_act) and
 * the batch plays it as meeple_batch_step would, so rewards, episode records and
 * illegal counts are kept as by meeple_batch_step; a slot stops at a seat the caller
 * plays, at a pending chance outcome (a game made with explicit chance) or at the end
 * of its game. Finished games are not restarted (meeple_batch_reset_slots does it).
 * agents[i * num_players + s] (agents_len == n * num_players) plays seat s of slot i,
 * NULL for a seat the caller plays; the batch keeps no pointer. An agent may hold
 * several seats of one slot, never seats of two slots. out_rewards, float32[n,
 * num_players] (rewards_len >= n * num_players), receives each slot's sum of the step
 * rewards of the moves played here (zeros where none); meeple_batch_write_rewards
 * afterwards gives those of the last of those moves only. The slots' agents decide
 * at once on the batch's threads (each slot's agents are its own), and the moves are
 * played by batch steps: the same results at every thread count.
 * Returns MEEPLE_OK, MEEPLE_ERR_BUSY (the batch or an agent is in use by another
 * thread's call; nothing played), MEEPLE_ERR_BUFFER_TOO_SMALL (nothing played),
 * MEEPLE_ERR_OUT_OF_MEMORY (the moves played so far stay played) or
 * MEEPLE_ERR_INVALID_ARGUMENT (NULL batch, agents or out_rewards; agents_len not
 * n * num_players; an agent of another game; one agent in two slots: the message
 * names it; nothing played). */
MEEPLE_API meeple_status_t meeple_batch_play_agents(meeple_batch_t *batch, meeple_agent_t *const *agents,
                                                    size_t agents_len, float *out_rewards,
                                                    size_t rewards_len);

/* A tournament: whole games between agents, run inside the library.
 * Seats. `agents` gives one spec a seat; with fewer specs than seats the last one
 * fills the rest ({"heuristic", "random"} in 4-seat catan: one heuristic against three
 * random players). Game g rotates the lineup by g % seats (seat s gets spec
 * (s + g % seats) % seats).
 * Seeds. Game g is played on the setup of derive_seed(seed, g / seats) when duplicate
 * is 1 (every setup once per rotation, so a board's luck falls on every agent alike),
 * derive_seed(seed, g) when 0; its agents' seeds derive from seed and g as well, so
 * the results are the same at every thread count.
 * Results. Per distinct spec (in lineup order): games, seat-games, wins (the only best
 * return), draws (tied at the best), losses, truncations (the game's turn cap or
 * max_moves), illegal actions (an agent that returns an illegal action loses that
 * game: its return is -1, the others' 0), win rate with a 95% Wilson interval, and an
 * Elo rating: maximum likelihood over every pair of seats of different agents in every
 * game (a truncated game is a draw between them), mean 0, with its standard error;
 * +-infinity for an agent that won (lost) every comparison.
 * SPRT. With sprt = 1, Wald's sequential probability ratio test of the first two
 * distinct specs (A against B) runs in game order: H0 "A is elo0 stronger" against H1
 * "A is elo1 stronger", on A's pairwise score (a draw is half a win). The tournament
 * stops after the first game at which the log-likelihood ratio leaves
 * (ln(beta/(1-alpha)), ln((1-beta)/alpha)). */
typedef struct meeple_tournament meeple_tournament_t;

/* How a tournament runs. Set struct_size to sizeof(meeple_tournament_config_t) (a size
 * that ends before first_game, as callers built before it set, is taken too); a NULL
 * config means: 100 games, seed 0, 1 thread, duplicate 1, no SPRT, first_game 0. */
typedef struct meeple_tournament_config {
    uint32_t struct_size;
    int32_t threads;      /* 0: one per core; else 1..256 */
    uint64_t games;       /* at least 1 */
    uint64_t seed;
    uint64_t max_moves;   /* a game is truncated after this many moves (0: 1,000,000) */
    int32_t duplicate;    /* 1: each setup once per seat rotation; 0: a new setup each game */
    int32_t sprt;         /* 1: run the SPRT below; 0: no SPRT (these flags: 0 or 1) */
    double sprt_elo0, sprt_elo1;   /* elo0 < elo1 */
    double sprt_alpha, sprt_beta;  /* each in (0, 0.5) */
    int32_t keep_moves;   /* 1: keep every game's moves (meeple_tournament_game_moves); 0 or 1 */
    int32_t reserved;     /* 0 */
    uint64_t first_game;  /* this call plays games [first_game, first_game + games) of the
                           * run: each exactly as a run from game 0 plays it (setup,
                           * rotation, agents' seeds), so a run may be cut into calls at any
                           * game, inside a rotation group too; the SPRT, the records and the
                           * game rows cover this call's games only. A caller whose
                           * struct_size ends before this field gets 0 */
} meeple_tournament_config_t;

/* What a tournament found, as a whole. Set struct_size first. */
typedef struct meeple_tournament_info {
    uint32_t struct_size;
    int32_t num_agents;    /* distinct specs */
    int32_t num_players;   /* seats of the game */
    int32_t sprt_decision; /* 1: H1 accepted, -1: H0 accepted, 0: undecided or no SPRT */
    uint64_t games;        /* played: fewer than asked when the SPRT stopped early */
    double sprt_llr, sprt_lower, sprt_upper;
    double sprt_wins, sprt_draws, sprt_losses;  /* A's pairwise results against B */
} meeple_tournament_info_t;

/* One agent's results. Set struct_size first. */
typedef struct meeple_tournament_agent {
    uint32_t struct_size;
    int32_t reserved;
    uint64_t games, seats, wins, draws, losses, truncations, illegal;
    double score;                 /* the sum of its seats' returns */
    double win_rate;              /* wins / seats */
    double win_low, win_high;     /* 95% Wilson interval of the win rate */
    double elo, elo_stderr;       /* 95%: elo +- 1.96 * elo_stderr; NaN stderr when undefined */
} meeple_tournament_agent_t;

/* Plays the tournament and returns its results as a handle. control may be NULL;
 * progress counts finished games. A long call. Returns MEEPLE_OK, MEEPLE_ERR_PARSE,
 * MEEPLE_ERR_INVALID_ARGUMENT (NULL pointer, num_agents 0 or above the seats, a bad
 * spec: the message names the valid agents or options, games 0, threads outside
 * 0..256, first_game + games above 2^64 - 1, a bad SPRT, duplicate, sprt or keep_moves
 * other than 0 or 1), MEEPLE_ERR_CANCELLED (nothing is returned),
 * MEEPLE_ERR_OUT_OF_MEMORY or MEEPLE_ERR_INTERNAL (an agent failed). *out is set only
 * on success; free it with meeple_tournament_free. */
MEEPLE_API meeple_status_t meeple_tournament_run(const meeple_game_t *game, const char *const *agents,
                                                 size_t num_agents,
                                                 const meeple_tournament_config_t *config,
                                                 meeple_control_t *control,
                                                 meeple_tournament_t **out);

MEEPLE_API void meeple_tournament_free(meeple_tournament_t *tournament);

/* Fills *out_info (the fields that fit in its struct_size).
 * Returns MEEPLE_OK or MEEPLE_ERR_INVALID_ARGUMENT. */
MEEPLE_API meeple_status_t meeple_tournament_info(const meeple_tournament_t *tournament,
                                                  meeple_tournament_info_t *out_info);

/* Fills *out_agent with the results of distinct agent `agent` (0..num_agents-1).
 * Returns MEEPLE_OK, MEEPLE_ERR_OUT_OF_RANGE or MEEPLE_ERR_INVALID_ARGUMENT. */
MEEPLE_API meeple_status_t meeple_tournament_agent(const meeple_tournament_t *tournament, int32_t agent,
                                                   meeple_tournament_agent_t *out_agent);

/* Writes the spec of distinct agent `agent`, as given. Query-then-fill.
 * Returns as meeple_tournament_agent, or MEEPLE_ERR_BUFFER_TOO_SMALL. */
MEEPLE_API meeple_status_t meeple_tournament_agent_spec(const meeple_tournament_t *tournament,
                                                        int32_t agent, char *out, size_t capacity,
                                                        size_t *out_len);

/* Every played game, one row each, in game order: its setup seed (a state made with
 * this seed starts the game), its rotation, the agent at each seat (int32
 * [games, num_players]), each seat's return (double [games, num_players]), its moves,
 * flags (bit 0: truncated, bit 1: ended by an illegal action) and the seat that played
 * the illegal action (-1: none). Any array may be NULL; each given one holds `capacity`
 * rows. Every array NULL with capacity 0 is the size query (every array NULL with
 * capacity above 0: MEEPLE_ERR_INVALID_ARGUMENT). *out_len is set to the number of
 * games; nothing is written when capacity is smaller (MEEPLE_ERR_BUFFER_TOO_SMALL). */
MEEPLE_API meeple_status_t meeple_tournament_games(const meeple_tournament_t *tournament,
                                                   uint64_t *seeds, int32_t *rotations,
                                                   int32_t *agent_of_seat, double *returns,
                                                   uint64_t *moves, int32_t *flags,
                                                   int32_t *illegal_seat, size_t capacity,
                                                   size_t *out_len);

/* The moves of game `game` (its row in meeple_tournament_games: row 0 is game
 * config->first_game): the player and the action of each, in order (chance outcomes of
 * explicit chance as MEEPLE_CHANCE moves), so that applying them to a state made with
 * the game's seed replays it. Query-then-fill over the number of moves;
 * either array may be NULL. Returns MEEPLE_OK, MEEPLE_ERR_OUT_OF_RANGE (no such game),
 * MEEPLE_ERR_WRONG_STATE (the tournament ran with keep_moves 0),
 * MEEPLE_ERR_BUFFER_TOO_SMALL or MEEPLE_ERR_INVALID_ARGUMENT. */
MEEPLE_API meeple_status_t meeple_tournament_game_moves(const meeple_tournament_t *tournament,
                                                        uint64_t game, int32_t *players,
                                                        int32_t *actions, size_t capacity,
                                                        size_t *out_len);

/* Elo ratings by maximum likelihood from pairwise results among k agents, as a
 * tournament computes them: games[i * k + j] comparisons of i with j (symmetric),
 * score[i * k + j] the points i took from them (a win 1, a draw 1/2; score[i][j] +
 * score[j][i] == games[i][j]). Writes ratings (mean 0 over the finite ones, +-infinity
 * for an agent that won or lost every comparison) and standard errors (NaN where
 * undefined) into out_elo[0..k) and out_stderr[0..k) (either may be NULL). Returns
 * MEEPLE_OK or MEEPLE_ERR_INVALID_ARGUMENT (NULL matrices, k 0 or above 1024, a
 * negative, non-finite or asymmetric count, a score outside [0, games]). */
MEEPLE_API meeple_status_t meeple_elo_fit(size_t k, const double *games, const double *score,
                                          double *out_elo, double *out_stderr);

/* ---- Poker ---------------------------------------------------------------------- */

/* Cards are ids 0..51: suit * 13 + (rank - 2), ranks 2..14 (T J Q K A), suits
 * c d h s (0..3); text "As", "Td". A set of cards is a uint64_t mask, bit id set for each
 * card. A hand value is 1..7462: higher wins, equal values tie. Functions taking a
 * `game` accept MEEPLE_POKER_HOLDEM (two hole cards, best five of hole cards and board)
 * or MEEPLE_POKER_PLO (four hole cards, exactly two of them with exactly three of the
 * board). Bad cards and masks give MEEPLE_ERR_PARSE or MEEPLE_ERR_INVALID_ARGUMENT with
 * a message that names the bad card, mask or index and shows the right form. */
#define MEEPLE_POKER_HOLDEM 0
#define MEEPLE_POKER_PLO 1

/* Hand categories, from the lowest; the category of a value rises with the value. */
#define MEEPLE_POKER_HIGH_CARD 0
#define MEEPLE_POKER_ONE_PAIR 1
#define MEEPLE_POKER_TWO_PAIR 2
#define MEEPLE_POKER_THREE_OF_A_KIND 3
#define MEEPLE_POKER_STRAIGHT 4
#define MEEPLE_POKER_FLUSH 5
#define MEEPLE_POKER_FULL_HOUSE 6
#define MEEPLE_POKER_FOUR_OF_A_KIND 7
#define MEEPLE_POKER_STRAIGHT_FLUSH 8

/* Equity modes: every remaining board, or seeded random boards. */
#define MEEPLE_POKER_EQUITY_EXACT 0
#define MEEPLE_POKER_EQUITY_MONTE_CARLO 1

/* Parses cards written with or without separators (spaces, commas): "AsKs Qd",
 * "as,ks", "10s Jh"; ranks and suits in either case, ten as T or 10, suits as letters
 * c d h s or as the UTF-8 suit symbols (U+2663 clubs, U+2666 diamonds, U+2665 hearts,
 * U+2660 spades, and their white forms U+2667, U+2662, U+2661, U+2664, each optionally
 * followed by U+FE0F). Writes the card ids in text order.
 * Query-then-fill. Returns MEEPLE_OK, MEEPLE_ERR_BUFFER_TOO_SMALL, MEEPLE_ERR_PARSE
 * (a bad card: the message names it and shows the form), or
 * MEEPLE_ERR_INVALID_ARGUMENT (a card written twice; NULL text or out_len). */
MEEPLE_API meeple_status_t meeple_poker_parse_cards(const char *text, int32_t *out,
                                                    size_t capacity, size_t *out_len);

/* Parses cards as meeple_poker_parse_cards does and sets *out_mask to their set.
 * Returns MEEPLE_OK, MEEPLE_ERR_PARSE or MEEPLE_ERR_INVALID_ARGUMENT; *out_mask is set
 * only on success. */
MEEPLE_API meeple_status_t meeple_poker_parse_mask(const char *text, uint64_t *out_mask);

/* Writes the cards of a mask as text, highest rank first, suits s h d c within a rank,
 * separated by spaces ("As Ah Kd"); the empty mask gives "". Query-then-fill.
 * Returns MEEPLE_OK, MEEPLE_ERR_BUFFER_TOO_SMALL or MEEPLE_ERR_INVALID_ARGUMENT (bits
 * above 51, NULL out_len). */
MEEPLE_API meeple_status_t meeple_poker_format_mask(uint64_t mask, char *out, size_t capacity,
                                                    size_t *out_len);

/* Shuffles the cards not in `removed` with a generator seeded from `seed` and writes
 * them in dealing order (the same seed and removed set give the same order everywhere).
 * Query-then-fill: *out_len is 52 minus the removed cards.
 * Returns MEEPLE_OK, MEEPLE_ERR_BUFFER_TOO_SMALL or MEEPLE_ERR_INVALID_ARGUMENT (bits
 * above 51, NULL out_len). */
MEEPLE_API meeple_status_t meeple_poker_deal(uint64_t seed, uint64_t removed, int32_t *out,
                                             size_t capacity, size_t *out_len);

/* Sets *out_value to the value of the best five of the 5, 6 or 7 cards in `mask`.
 * Returns MEEPLE_OK or MEEPLE_ERR_INVALID_ARGUMENT (another number of cards, bits above
 * 51, NULL out_value). */
MEEPLE_API meeple_status_t meeple_poker_evaluate(uint64_t mask, uint32_t *out_value);

/* Sets *out_value to the value of a hand: `hole` (2 cards for Hold'em, 4 for PLO) on
 * `board` (3, 4 or 5 cards, none shared with the hand).
 * Returns MEEPLE_OK or MEEPLE_ERR_INVALID_ARGUMENT (unknown game, wrong card counts,
 * shared cards, bits above 51, NULL out_value). */
MEEPLE_API meeple_status_t meeple_poker_evaluate_hand(int32_t game, uint64_t hole,
                                                      uint64_t board, uint32_t *out_value);

/* Sets *out_category to the MEEPLE_POKER_* category of a value.
 * Returns MEEPLE_OK or MEEPLE_ERR_INVALID_ARGUMENT (value outside 1..7462, NULL). */
MEEPLE_API meeple_status_t meeple_poker_value_category(uint32_t value, int32_t *out_category);

/* Writes the tie-break ranks (2..14) of a value, most significant first: straight and
 * straight flush: the top card; four of a kind: quads, kicker; full house: trips, pair;
 * flush and high card: five ranks; three of a kind: trips, two kickers; two pair: high
 * pair, low pair, kicker; one pair: pair, three kickers. Query-then-fill (at most 5).
 * Returns MEEPLE_OK, MEEPLE_ERR_BUFFER_TOO_SMALL or MEEPLE_ERR_INVALID_ARGUMENT. */
MEEPLE_API meeple_status_t meeple_poker_value_ranks(uint32_t value, int32_t *out,
                                                    size_t capacity, size_t *out_len);

/* Writes a value in words: "Straight Flush, ace high", "Full House, aces full of
 * kings", "Two Pair, kings and fives, jack kicker". Query-then-fill.
 * Returns MEEPLE_OK, MEEPLE_ERR_BUFFER_TOO_SMALL or MEEPLE_ERR_INVALID_ARGUMENT. */
MEEPLE_API meeple_status_t meeple_poker_describe(uint32_t value, char *out, size_t capacity,
                                                 size_t *out_len);

/* Showdown of holes[0..num_hands) on one board: writes the seats holding the best
 * hand, in increasing order (several on a split pot), and, when out_values is not NULL,
 * every hand's value into out_values[0..num_hands). Query-then-fill on the winners
 * (capacity num_hands always suffices); nothing is written on any error.
 * Returns MEEPLE_OK, MEEPLE_ERR_BUFFER_TOO_SMALL or MEEPLE_ERR_INVALID_ARGUMENT
 * (unknown game, no hands, wrong card counts, cards shared between hands or with the
 * board, NULL holes with num_hands > 0). */
MEEPLE_API meeple_status_t meeple_poker_showdown(int32_t game, const uint64_t *holes,
                                                 size_t num_hands, uint64_t board,
                                                 uint32_t *out_values, int32_t *out_winners,
                                                 size_t capacity, size_t *out_len);

/* Evaluates masks[0..n) (5, 6 or 7 cards each) into out_values[0..n), split over
 * `threads` threads (0: one per hardware thread; the result never depends on it).
 * Every mask is checked before any is evaluated: on a bad one nothing is written and
 * the message names its index. n == 0 does nothing.
 * Returns MEEPLE_OK or MEEPLE_ERR_INVALID_ARGUMENT (a bad mask, NULL arrays with n > 0,
 * negative threads). */
MEEPLE_API meeple_status_t meeple_poker_evaluate_batch(const uint64_t *masks, size_t n,
                                                       int32_t threads, uint32_t *out_values);

/* Evaluates n hands given as card ids (suit * 13 + rank - 2, a byte each),
 * cards_per_hand (5, 6 or 7) to a hand: hand i is ids[i * cards_per_hand] up to
 * ids[(i + 1) * cards_per_hand - 1], its value goes to out_values[i]. The form of
 * callers that deal cards from arrays; masks (meeple_poker_evaluate_batch) stay the
 * cheapest input. Split over `threads` threads (0: one per hardware thread; the
 * result never depends on it). Every hand is checked before any is evaluated: on a
 * bad one nothing is written and the message names it. n == 0 does nothing.
 * Returns MEEPLE_OK or MEEPLE_ERR_INVALID_ARGUMENT (an id above 51 or repeated within
 * a hand, cards_per_hand outside 5..7, NULL arrays with n > 0, negative threads). */
MEEPLE_API meeple_status_t meeple_poker_evaluate_ids_batch(const uint8_t *ids, size_t n,
                                                           size_t cards_per_hand, int32_t threads,
                                                           uint32_t *out_values);

/* Evaluates hands holes[i] on boards[i] for i in 0..n into out_values[0..n), with the
 * rules of meeple_poker_evaluate_hand, split over `threads` threads (0: one per
 * hardware thread). Everything is checked first; on an error nothing is written.
 * Returns MEEPLE_OK or MEEPLE_ERR_INVALID_ARGUMENT (unknown game, a bad hand or board:
 * the message names its index; NULL arrays with n > 0; negative threads). */
MEEPLE_API meeple_status_t meeple_poker_evaluate_hand_batch(int32_t game, const uint64_t *holes,
                                                            const uint64_t *boards, size_t n,
                                                            int32_t threads,
                                                            uint32_t *out_values);

/* Sets *out_count to the number of boards an exact equity run of these hands would
 * enumerate (C(cards left, board cards to come)); the arguments are checked as by
 * meeple_poker_equity. Returns MEEPLE_OK or MEEPLE_ERR_INVALID_ARGUMENT. */
MEEPLE_API meeple_status_t meeple_poker_count_boards(int32_t game, const uint64_t *hands,
                                                     size_t num_hands, uint64_t board,
                                                     uint64_t dead, uint64_t *out_count);

/* Equity of known hands hands[0..num_hands) (2 to 10 for Hold'em, 2 to 12 for PLO as
 * the deck allows) on a partial board (0 to 5 cards) with dead cards removed from the
 * deck. mode MEEPLE_POKER_EQUITY_EXACT enumerates every remaining board (trials and seed
 * are ignored); MEEPLE_POKER_EQUITY_MONTE_CARLO draws `trials` boards (1 to 10^10)
 * from generators seeded by `seed`, with results bit-identical at every thread count.
 * `threads` 0 means one per hardware thread. Writes, for each hand i:
 * out_win[i] the probability of winning the whole pot, out_tie[i] the probability of
 * splitting it, out_equity[i] the expected share of the pot (the shares sum to one),
 * out_stderr[i] the standard error of out_equity[i] (0 when exact); and *out_count,
 * the number of boards or trials. Each out array has num_hands entries; out_stderr may
 * be NULL. Nothing is written on an error.
 * `control` (may be NULL; see meeple_control_t): total is the number of boards (exact)
 * or trials (Monte Carlo), *out_count's value, and progress counts those done; every
 * thread checks the cancel flag every 512 boards (a few milliseconds at most) and the
 * call then returns MEEPLE_ERR_CANCELLED, writing nothing.
 * Returns MEEPLE_OK, MEEPLE_ERR_CANCELLED, MEEPLE_ERR_OUT_OF_MEMORY (a thread could not
 * be started) or MEEPLE_ERR_INVALID_ARGUMENT (unknown game or mode, a player count
 * outside the range, wrong card counts, cards shared between hands, board and dead
 * cards, too few cards left, trials outside 1..10^10, negative threads, NULL,
 * control->struct_size smaller than sizeof(meeple_control_t)). */
MEEPLE_API meeple_status_t meeple_poker_equity(int32_t game, const uint64_t *hands,
                                               size_t num_hands, uint64_t board, uint64_t dead,
                                               int32_t mode, uint64_t trials, uint64_t seed,
                                               int32_t threads, double *out_win,
                                               double *out_tie, double *out_equity,
                                               double *out_stderr, uint64_t *out_count,
                                               meeple_control_t *control);

/* ---- Poker ranges --------------------------------------------------------------- */

/* A range: a weighted set of starting hands ("combos") of one game, each combo at most
 * once with a weight in (0, 1]. Combos are kept in increasing mask order. A range
 * handle never changes after it is made, so one handle may be read from several threads
 * at once. Each handle a meeple_range_* call makes pairs with one meeple_range_free.
 *
 * Hold'em text: items separated by commas or spaces: "QQ" (a pair), "AKs", "AKo", "AK"
 * (suited, offsuit, both), "JJ+" (JJ up to AA), "A9s+" (the kicker up to AKs), "22-55",
 * "A5s-A2s" (the kicker spans), "T9s-76s" (both ranks move, the gap stays), "KdQd" (one
 * combo), each optionally followed by ":w", a weight from 0 to 1 ("AKs:0.5").
 * PLO text: 4-symbol rank patterns with '*' for any rank, matched as a multiset
 * ("AA**": at least two aces), optionally with a suit qualifier of the whole hand, ds
 * (2+2), ss (2+1+1) or r (1+1+1+1); "JJ**+" (moved up to aces), "JT98-8765" (every
 * shift between), "8765-" (down to the deuce); exact hands "AsKsQhJh"; ":w" weights.
 * A combo given different weights by two items is an error naming both items. */
typedef struct meeple_range meeple_range_t;

/* Parses `text` as a range of `game` into a new handle *out_range. Returns MEEPLE_OK,
 * MEEPLE_ERR_PARSE (a bad item: the message quotes it and shows the right form; a combo
 * given two weights: the message names both items) or MEEPLE_ERR_INVALID_ARGUMENT
 * (unknown game, NULL text or out_range). *out_range is set only on success. */
MEEPLE_API meeple_status_t meeple_range_parse(int32_t game, const char *text,
                                              meeple_range_t **out_range);

/* Every combo of `game` at weight 1 (1,326 for Hold'em, 270,725 for PLO).
 * Returns MEEPLE_OK or MEEPLE_ERR_INVALID_ARGUMENT (unknown game, NULL out_range). */
MEEPLE_API meeple_status_t meeple_range_all(int32_t game, meeple_range_t **out_range);

/* A range of combos masks[0..n) (2 cards each for Hold'em, 4 for PLO) with weights
 * weights[0..n) in [0, 1] (NULL: all 1; a weight of 0 leaves the combo out).
 * Returns MEEPLE_OK or MEEPLE_ERR_INVALID_ARGUMENT (unknown game, a mask of the wrong
 * size, a combo given twice, a weight outside [0, 1]: the message names its index;
 * NULL masks with n > 0; NULL out_range). */
MEEPLE_API meeple_status_t meeple_range_from_combos(int32_t game, const uint64_t *masks,
                                                    const double *weights, size_t n,
                                                    meeple_range_t **out_range);

/* Frees a range; NULL is a no-op. */
MEEPLE_API void meeple_range_free(meeple_range_t *range);

/* Weighted set algebra on two ranges of one game, into a new handle: union takes the
 * larger weight of a combo, intersection the smaller, difference a's weight less b's,
 * dropping combos left at 0. Returns MEEPLE_OK or MEEPLE_ERR_INVALID_ARGUMENT (ranges
 * of different games, NULL). */
MEEPLE_API meeple_status_t meeple_range_union(const meeple_range_t *a, const meeple_range_t *b,
                                              meeple_range_t **out_range);
MEEPLE_API meeple_status_t meeple_range_intersection(const meeple_range_t *a,
                                                     const meeple_range_t *b,
                                                     meeple_range_t **out_range);
MEEPLE_API meeple_status_t meeple_range_difference(const meeple_range_t *a,
                                                   const meeple_range_t *b,
                                                   meeple_range_t **out_range);

/* The range without every combo that holds a card of `dead`, into a new handle.
 * Returns MEEPLE_OK or MEEPLE_ERR_INVALID_ARGUMENT (bits above 51, NULL). */
MEEPLE_API meeple_status_t meeple_range_without(const meeple_range_t *range, uint64_t dead,
                                                meeple_range_t **out_range);

/* Sets *out_game (MEEPLE_POKER_HOLDEM or MEEPLE_POKER_PLO), *out_size (the number of
 * combos) and *out_total_weight (the sum of their weights); any out pointer may be NULL.
 * Returns MEEPLE_OK or MEEPLE_ERR_INVALID_ARGUMENT (NULL range). */
MEEPLE_API meeple_status_t meeple_range_info(const meeple_range_t *range, int32_t *out_game,
                                             size_t *out_size, double *out_total_weight);

/* Writes the combos in increasing mask order: masks into out_masks and, when
 * out_weights is not NULL, weights into out_weights (both of `capacity` entries).
 * Query-then-fill (out_masks NULL with capacity 0). Returns MEEPLE_OK,
 * MEEPLE_ERR_BUFFER_TOO_SMALL or MEEPLE_ERR_INVALID_ARGUMENT. */
MEEPLE_API meeple_status_t meeple_range_combos(const meeple_range_t *range, uint64_t *out_masks,
                                               double *out_weights, size_t capacity,
                                               size_t *out_len);

/* Writes the canonical compact text of a range, which parses back to the same range:
 * weight groups from the heaviest, complete classes in the fewest items ("JJ+,AQs+,
 * KQo"), then single combos; for PLO, whole rank multisets ("AAKK"), their ds/ss/r
 * parts ("AAKKds"), then exact hands. Query-then-fill. Returns MEEPLE_OK,
 * MEEPLE_ERR_BUFFER_TOO_SMALL or MEEPLE_ERR_INVALID_ARGUMENT. */
MEEPLE_API meeple_status_t meeple_range_text(const meeple_range_t *range, char *out,
                                             size_t capacity, size_t *out_len);

/* Sets *out_work to the size of an exact meeple_range_equity run of these ranges: the
 * boards to score times the product of the ranges' sizes once the board and dead cards
 * are removed (saturating at 2^64-1). When every range, the board and the dead cards
 * are unchanged by any renaming of the suits, one board of each suit class is scored
 * (134,459 of the 2,598,960 preflop boards). Two Hold'em ranges are scored by the
 * cheaper of visiting each pair of combos and a sorted sweep that scores each combo
 * once a board, whose work counts as 8 x the sum of the sizes a board: the work is the
 * smaller of the two. Arguments are checked as by meeple_range_equity. Returns
 * MEEPLE_OK or MEEPLE_ERR_INVALID_ARGUMENT. */
MEEPLE_API meeple_status_t meeple_range_exact_work(const meeple_range_t *const *ranges,
                                                   size_t num_players, uint64_t board,
                                                   uint64_t dead, uint64_t *out_work);

/* The largest exact work meeple_range_equity accepts. */
#define MEEPLE_RANGE_EXACT_LIMIT 4000000000

/* Equity of ranges ranges[0..num_players) (2 to 10 players for Hold'em, 2 to 12 for
 * PLO; a known hand is a range of one combo), on a partial board (0 to 5 cards) with
 * dead cards out of the deck. A deal gives each player one combo with probability
 * proportional to the product of the weights, among deals where no card is shared with
 * another player, the board or the dead cards; the board is then completed uniformly.
 * mode MEEPLE_POKER_EQUITY_EXACT enumerates every board and every compatible deal (the
 * work, as meeple_range_exact_work gives it, must be at most MEEPLE_RANGE_EXACT_LIMIT;
 * past it the call fails with a message giving the size and suggesting Monte Carlo);
 * MEEPLE_POKER_EQUITY_MONTE_CARLO draws `trials` deals and boards (1 to 10^10) from
 * generators seeded by `seed`, bit-identical at every thread count (the exact mode is
 * too). `threads` 0: one per hardware thread.
 * Writes per player i: out_win[i], out_tie[i], out_equity[i] and, when not NULL,
 * out_stderr[i] (0 when exact), as meeple_poker_equity does. Per combo, when the arrays
 * are not NULL (combo_capacity entries each, at least the sum of the ranges' sizes):
 * for each player in turn, for each combo of its range in meeple_range_combos order,
 * out_combo_equity the player's equity holding that combo (NaN when it is never dealt),
 * out_combo_share the probability that the player holds it, out_combo_stderr its
 * standard error. *out_count: the (deal, board) pairs visited (exact) or the trials.
 * Nothing is written on an error.
 * `control` (may be NULL): total is the boards to enumerate (exact) or the trials, and
 * progress counts those done; a set cancel flag stops the call within milliseconds with
 * MEEPLE_ERR_CANCELLED.
 * Returns MEEPLE_OK, MEEPLE_ERR_CANCELLED, MEEPLE_ERR_BUFFER_TOO_SMALL (combo_capacity
 * under the sum of the sizes), MEEPLE_ERR_OUT_OF_MEMORY or MEEPLE_ERR_INVALID_ARGUMENT
 * (unknown mode, a player count outside the range, ranges of different games, a range
 * with no combo left, no compatible deal, too large for exact, trials outside 1..10^10,
 * negative threads, NULL, a bad control block). */
MEEPLE_API meeple_status_t meeple_range_equity(
    const meeple_range_t *const *ranges, size_t num_players, uint64_t board, uint64_t dead,
    int32_t mode, uint64_t trials, uint64_t seed, int32_t threads, double *out_win,
    double *out_tie, double *out_equity, double *out_stderr, double *out_combo_equity,
    double *out_combo_share, double *out_combo_stderr, size_t combo_capacity,
    uint64_t *out_count, meeple_control_t *control);

/* ---- Poker suit isomorphism ----------------------------------------------------- */

/* Sets of cards that differ only by a renaming of the suits play alike. The class
 * representative: suits renamed so that their 13-bit rank masks are non-increasing,
 * clubs holding the largest (with a hand: the key of a suit is its board ranks, then
 * its hole ranks).
 * meeple_poker_canonical_board sets *out_board to a board's representative. Returns
 * MEEPLE_OK or MEEPLE_ERR_INVALID_ARGUMENT (bits above 51, NULL). */
MEEPLE_API meeple_status_t meeple_poker_canonical_board(uint64_t board, uint64_t *out_board);

/* Sets *out_hole and *out_board to the representative of (hole, board) under one
 * renaming of the suits applied to both. Returns MEEPLE_OK or
 * MEEPLE_ERR_INVALID_ARGUMENT (shared cards, bits above 51, NULL). */
MEEPLE_API meeple_status_t meeple_poker_canonical_hand(uint64_t hole, uint64_t board,
                                                       uint64_t *out_hole, uint64_t *out_board);

/* Writes every class of boards of `cards` cards (1 to 5) in increasing mask order: the
 * representative into out_boards and, when out_counts is not NULL, the number of boards
 * in its class into out_counts (1,755 flops, 16,432 turns, 134,459 rivers; the counts
 * sum to C(52, cards)). Query-then-fill (out_boards NULL with capacity 0).
 * Returns MEEPLE_OK, MEEPLE_ERR_BUFFER_TOO_SMALL or MEEPLE_ERR_INVALID_ARGUMENT. */
MEEPLE_API meeple_status_t meeple_poker_canonical_boards(int32_t cards, uint64_t *out_boards,
                                                         uint32_t *out_counts, size_t capacity,
                                                         size_t *out_len);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* MEEPLE_H */
