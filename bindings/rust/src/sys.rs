//! Raw declarations of `include/meeple/meeple.h`, written by hand.
//!
//! Every function, struct and constant here mirrors the header one for one, under the
//! same name. `tests/header_declarations.rs` parses the header and fails when a
//! declaration below differs from it (a parameter type, a return type, a struct field,
//! a constant's value), names something the header lacks, or misses one of its functions.
//!
//! Calling these is `unsafe`: the header's contract (pointers valid for the lengths
//! given, one call at a time on a state) is the caller's to keep. The safe layer of
//! the crate keeps it.
#![allow(non_camel_case_types)]

use std::os::raw::c_char;

// ---- Versions ---------------------------------------------------------------------

/// The ABI these declarations were written for; `meeple_abi_version()` must agree.
pub const MEEPLE_ABI_VERSION: u32 = 5;
pub const MEEPLE_SNAPSHOT_VERSION: u32 = 1;
pub const MEEPLE_DESCRIBE_VERSION: u32 = 1;

// ---- Status codes -----------------------------------------------------------------

pub type meeple_status_t = i32;

pub const MEEPLE_OK: i32 = 0;
pub const MEEPLE_ERR_INVALID_ARGUMENT: i32 = -1;
pub const MEEPLE_ERR_OUT_OF_RANGE: i32 = -2;
pub const MEEPLE_ERR_BUFFER_TOO_SMALL: i32 = -3;
pub const MEEPLE_ERR_ILLEGAL_ACTION: i32 = -4;
pub const MEEPLE_ERR_NOT_ACTIVE: i32 = -5;
pub const MEEPLE_ERR_WRONG_STATE: i32 = -6;
pub const MEEPLE_ERR_PARSE: i32 = -7;
pub const MEEPLE_ERR_VERSION_MISMATCH: i32 = -8;
pub const MEEPLE_ERR_OUT_OF_MEMORY: i32 = -9;
pub const MEEPLE_ERR_INTERNAL: i32 = -10;
pub const MEEPLE_ERR_CANCELLED: i32 = -11;
pub const MEEPLE_ERR_BUSY: i32 = -12;

// ---- Special seats and actions ----------------------------------------------------

pub const MEEPLE_CHANCE: i32 = -1;
pub const MEEPLE_VIEW_PUBLIC: i32 = -2;
pub const MEEPLE_VIEW_ALL: i32 = -3;
pub const MEEPLE_NO_ACTION: i32 = -1;
pub const MEEPLE_ACTING_PLAYER: i32 = -4;
pub const MEEPLE_NOBODY: i32 = -5;
pub const MEEPLE_SEVERAL_ACTIVE: i32 = -6;

// ---- Batch columns ----------------------------------------------------------------

pub const MEEPLE_BATCH_STATUS_DONE: i32 = 0;
pub const MEEPLE_BATCH_STATUS_WINNER: i32 = 1;
pub const MEEPLE_BATCH_STATUS_TURN: i32 = 2;
pub const MEEPLE_BATCH_STATUS_CURRENT_PLAYER: i32 = 3;
pub const MEEPLE_BATCH_STATUS_TRUNCATED: i32 = 4;
pub const MEEPLE_BATCH_STATUS_INTS: i32 = 5;
pub const MEEPLE_BATCH_EPISODE_COUNT: i32 = 0;
pub const MEEPLE_BATCH_EPISODE_WINNER: i32 = 1;
pub const MEEPLE_BATCH_EPISODE_TRUNCATED: i32 = 2;
pub const MEEPLE_BATCH_EPISODE_LENGTH: i32 = 3;
pub const MEEPLE_BATCH_EPISODE_INTS: i32 = 4;
pub const MEEPLE_BATCH_NOBODY: i32 = -5;
pub const MEEPLE_BATCH_ACTOR_CHANCE: i32 = i32::MIN;

// ---- Search -----------------------------------------------------------------------

pub const MEEPLE_SEARCH_DONE: i32 = 0;
pub const MEEPLE_SEARCH_NEEDS_VALUES: i32 = 1;

// ---- Poker ------------------------------------------------------------------------

pub const MEEPLE_POKER_HOLDEM: i32 = 0;
pub const MEEPLE_POKER_PLO: i32 = 1;
pub const MEEPLE_POKER_HIGH_CARD: i32 = 0;
pub const MEEPLE_POKER_ONE_PAIR: i32 = 1;
pub const MEEPLE_POKER_TWO_PAIR: i32 = 2;
pub const MEEPLE_POKER_THREE_OF_A_KIND: i32 = 3;
pub const MEEPLE_POKER_STRAIGHT: i32 = 4;
pub const MEEPLE_POKER_FLUSH: i32 = 5;
pub const MEEPLE_POKER_FULL_HOUSE: i32 = 6;
pub const MEEPLE_POKER_FOUR_OF_A_KIND: i32 = 7;
pub const MEEPLE_POKER_STRAIGHT_FLUSH: i32 = 8;
pub const MEEPLE_POKER_EQUITY_EXACT: i32 = 0;
pub const MEEPLE_POKER_EQUITY_MONTE_CARLO: i32 = 1;

// ---- Features, events, data generation, ranges ----------------------------------------

pub const MEEPLE_FEATURES_SEAT: i32 = 0;
pub const MEEPLE_FEATURES_OMNISCIENT: i32 = 1;
pub const MEEPLE_EVENT_VERSION: u32 = 1;
pub const MEEPLE_RECORD_GAME_STARTS: u32 = 1;
pub const MEEPLE_RECORD_GAME_ENDS: u32 = 2;
pub const MEEPLE_RECORD_ACTIONS: u32 = 4;
pub const MEEPLE_RECORD_TRADES: u32 = 8;
pub const MEEPLE_RECORD_ALL: u32 = 15;
pub const MEEPLE_EVENT_GAME_START: i32 = 1;
pub const MEEPLE_EVENT_GAME_END: i32 = 2;
pub const MEEPLE_EVENT_ACTION: i32 = 3;
pub const MEEPLE_EVENT_TRADE_OPEN: i32 = 4;
pub const MEEPLE_EVENT_TRADE_ACCEPT: i32 = 5;
pub const MEEPLE_EVENT_TRADE_DECLINE: i32 = 6;
pub const MEEPLE_EVENT_TRADE_CONFIRM: i32 = 7;
pub const MEEPLE_EVENT_TRADE_CANCEL: i32 = 8;
pub const MEEPLE_EVENT_COL_TYPE: usize = 0;
pub const MEEPLE_EVENT_COL_SLOT: usize = 1;
pub const MEEPLE_EVENT_COL_GAME: usize = 2;
pub const MEEPLE_EVENT_COL_TICK: usize = 3;
pub const MEEPLE_EVENT_COL_STEP: usize = 4;
pub const MEEPLE_EVENT_COL_TURN: usize = 5;
pub const MEEPLE_EVENT_COL_ACTOR: usize = 6;
pub const MEEPLE_EVENT_COL_ACTION: usize = 7;
pub const MEEPLE_EVENT_COL_ARG0: usize = 8;
pub const MEEPLE_EVENT_COL_ARG1: usize = 9;
pub const MEEPLE_EVENT_COL_ARG2: usize = 10;
pub const MEEPLE_EVENT_COL_ARG3: usize = 11;
pub const MEEPLE_EVENT_HEADER_INTS: usize = 12;
pub const MEEPLE_EVENT_FROM_SEED: i32 = 0;
pub const MEEPLE_EVENT_FROM_STATE: i32 = 1;
pub const MEEPLE_DATAGEN_VERSION: u32 = 1;
pub const MEEPLE_DATAGEN_META_COLUMNS: usize = 8;
pub const MEEPLE_RANGE_EXACT_LIMIT: u64 = 4000000000;

// ---- Handles (opaque) -------------------------------------------------------------

/// Opaque: made and freed by the library only.
#[repr(C)]
pub struct meeple_game_t {
    _opaque: [u8; 0],
}
#[repr(C)]
pub struct meeple_state_t {
    _opaque: [u8; 0],
}
#[repr(C)]
pub struct meeple_batch_t {
    _opaque: [u8; 0],
}
#[repr(C)]
pub struct meeple_search_t {
    _opaque: [u8; 0],
}
#[repr(C)]
pub struct meeple_agent_t {
    _opaque: [u8; 0],
}
#[repr(C)]
pub struct meeple_tournament_t {
    _opaque: [u8; 0],
}
#[repr(C)]
pub struct meeple_range_t {
    _opaque: [u8; 0],
}

// ---- Structs ----------------------------------------------------------------------

/// The arguments of `meeple_state_apply_and_list` in one struct.
#[repr(C)]
#[derive(Debug)]
pub struct meeple_apply_call_t {
    pub state: *mut meeple_state_t,
    pub player: i32,
    pub action: i32,
    pub out: *mut i32,
    pub capacity: usize,
}

#[repr(C)]
#[derive(Debug, Default)]
pub struct meeple_control_t {
    pub struct_size: u32,
    pub cancel: i32,
    pub progress: u64,
    pub total: u64,
}

#[repr(C)]
#[derive(Debug, Default, Clone, Copy)]
pub struct meeple_state_status_t {
    pub is_terminal: i32,
    pub truncated: i32,
    pub current_player: i32,
    pub active: u32,
    pub move_number: i64,
    pub listed: i32,
}

#[repr(C)]
#[derive(Debug, Default, Clone, Copy)]
pub struct meeple_game_info_t {
    pub struct_size: u32,
    pub num_players: i32,
    pub num_actions: i32,
    pub mask_words: i32,
    pub obs_size: i32,
    pub max_chance_outcomes: i32,
    pub snapshot_size: u32,
    pub state_version: u32,
}

#[repr(C)]
#[derive(Debug, Default, Clone, Copy)]
pub struct meeple_batch_info_t {
    pub struct_size: u32,
    pub threads: i32,
    pub n: u64,
    pub num_players: i32,
    pub num_actions: i32,
    pub mask_words: i32,
    pub obs_size: i32,
    pub snapshot_size: u32,
    pub reserved: i32,
}

#[repr(C)]
#[derive(Debug, Default, Clone, Copy)]
pub struct meeple_batch_episode_stats_t {
    pub struct_size: u32,
    pub reserved: u32,
    pub episodes: u64,
    pub truncated: u64,
    pub mean_length: f64,
}

#[repr(C)]
#[derive(Debug, Default, Clone, Copy)]
pub struct meeple_random_games_t {
    pub struct_size: u32,
    pub reserved: u32,
    pub games: u64,
    pub moves: u64,
    pub truncated: u64,
    pub draws: u64,
}

#[repr(C)]
#[derive(Debug, Default, Clone, Copy)]
pub struct meeple_event_info_t {
    pub struct_size: u32,
    pub mask: u32,
    pub row_ints: u32,
    pub reserved: u32,
    pub capacity: u64,
    pub queued: u64,
    pub overflow: u64,
    pub recorded: u64,
}

#[repr(C)]
#[derive(Debug, Default, Clone, Copy)]
pub struct meeple_datagen_config_t {
    pub struct_size: u32,
    pub variant: i32,
    pub seed: u64,
    pub first_game: u64,
    pub games: u64,
    pub max_moves: u64,
    pub heuristic_share: f64,
    pub random_move: f64,
    pub playouts: i32,
    pub samples_per_game: i32,
    pub siblings: i32,
    pub all_viewers: i32,
    pub threads: i32,
    pub reserved: i32,
}

#[repr(C)]
#[derive(Debug, Default, Clone, Copy)]
pub struct meeple_search_info_t {
    pub struct_size: u32,
    pub threads: i32,
    pub num_roots: u64,
    pub num_players: i32,
    pub num_actions: i32,
    pub mask_words: i32,
    pub obs_size: i32,
    pub external: i32,
    pub trees: i32,
    pub pending: u64,
    pub leaf_size: i32,
    pub reserved: i32,
}

#[repr(C)]
#[derive(Debug, Default, Clone, Copy)]
pub struct meeple_search_stats_t {
    pub struct_size: u32,
    pub chosen_action: i32,
    pub iterations: u64,
    pub nodes: u64,
    pub max_depth: u64,
    pub seconds: f64,
}

#[repr(C)]
#[derive(Debug, Default, Clone, Copy)]
pub struct meeple_tournament_config_t {
    pub struct_size: u32,
    pub threads: i32,
    pub games: u64,
    pub seed: u64,
    pub max_moves: u64,
    pub duplicate: i32,
    pub sprt: i32,
    pub sprt_elo0: f64,
    pub sprt_elo1: f64,
    pub sprt_alpha: f64,
    pub sprt_beta: f64,
    pub keep_moves: i32,
    pub reserved: i32,
    pub first_game: u64,
}

#[repr(C)]
#[derive(Debug, Default, Clone, Copy)]
pub struct meeple_tournament_info_t {
    pub struct_size: u32,
    pub num_agents: i32,
    pub num_players: i32,
    pub sprt_decision: i32,
    pub games: u64,
    pub sprt_llr: f64,
    pub sprt_lower: f64,
    pub sprt_upper: f64,
    pub sprt_wins: f64,
    pub sprt_draws: f64,
    pub sprt_losses: f64,
}

#[repr(C)]
#[derive(Debug, Default, Clone, Copy)]
pub struct meeple_tournament_agent_t {
    pub struct_size: u32,
    pub reserved: i32,
    pub games: u64,
    pub seats: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    pub truncations: u64,
    pub illegal: u64,
    pub score: f64,
    pub win_rate: f64,
    pub win_low: f64,
    pub win_high: f64,
    pub elo: f64,
    pub elo_stderr: f64,
}

// ---- Functions --------------------------------------------------------------------

extern "C" {
    // Library
    pub fn meeple_abi_version() -> u32;
    pub fn meeple_version_string() -> *const c_char;
    pub fn meeple_last_error_message() -> *const c_char;
    pub fn meeple_status_name(status: meeple_status_t) -> *const c_char;
    pub fn meeple_game_names(out: *mut c_char, capacity: usize, out_len: *mut usize) -> meeple_status_t;

    // Games
    pub fn meeple_game_new(spec: *const c_char, out_game: *mut *mut meeple_game_t) -> meeple_status_t;
    pub fn meeple_game_free(game: *mut meeple_game_t);
    pub fn meeple_game_info(game: *const meeple_game_t, out_info: *mut meeple_game_info_t) -> meeple_status_t;
    pub fn meeple_game_spec(
        game: *const meeple_game_t,
        out: *mut c_char,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_game_describe_json(
        game: *const meeple_game_t,
        out: *mut c_char,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_game_action_name(
        game: *const meeple_game_t,
        action: i32,
        out: *mut c_char,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_game_data_json(
        game: *const meeple_game_t,
        key: *const c_char,
        out: *mut c_char,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;

    // States
    pub fn meeple_state_new(
        game: *const meeple_game_t,
        seed: u64,
        out_state: *mut *mut meeple_state_t,
    ) -> meeple_status_t;
    pub fn meeple_state_clone(state: *const meeple_state_t, out_state: *mut *mut meeple_state_t) -> meeple_status_t;
    pub fn meeple_state_copy(dst: *mut meeple_state_t, src: *const meeple_state_t) -> meeple_status_t;
    pub fn meeple_state_free(state: *mut meeple_state_t);
    pub fn meeple_state_game(state: *const meeple_state_t, out_game: *mut *mut meeple_game_t) -> meeple_status_t;
    pub fn meeple_state_active_players(
        state: *const meeple_state_t,
        out: *mut i32,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_state_current_player(state: *const meeple_state_t, out_player: *mut i32) -> meeple_status_t;
    pub fn meeple_state_legal_actions(
        state: *const meeple_state_t,
        player: i32,
        out: *mut i32,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_state_action_mask(
        state: *const meeple_state_t,
        player: i32,
        out: *mut u64,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_state_dense_action_mask(
        state: *const meeple_state_t,
        player: i32,
        out: *mut u8,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_state_is_legal(
        state: *const meeple_state_t,
        player: i32,
        action: i32,
        out_legal: *mut i32,
    ) -> meeple_status_t;
    pub fn meeple_state_apply(state: *mut meeple_state_t, player: i32, action: i32) -> meeple_status_t;
    pub fn meeple_state_apply_and_list(
        state: *mut meeple_state_t,
        player: i32,
        action: i32,
        out: *mut i32,
        capacity: usize,
    ) -> meeple_status_t;
    pub fn meeple_state_apply_call(call: *const meeple_apply_call_t) -> meeple_status_t;
    pub fn meeple_state_is_terminal(state: *const meeple_state_t, out: *mut i32) -> meeple_status_t;
    pub fn meeple_state_truncated(state: *const meeple_state_t, out: *mut i32) -> meeple_status_t;
    pub fn meeple_state_returns(
        state: *const meeple_state_t,
        out: *mut f64,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_state_step_reward(
        state: *const meeple_state_t,
        out: *mut f64,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_state_chance_outcomes(
        state: *const meeple_state_t,
        out_actions: *mut i32,
        out_probs: *mut f64,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_state_observation(
        state: *const meeple_state_t,
        viewer: i32,
        out: *mut f32,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_state_view_json(
        state: *const meeple_state_t,
        viewer: i32,
        out: *mut c_char,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_state_render(
        state: *const meeple_state_t,
        out: *mut c_char,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_state_snapshot(
        state: *const meeple_state_t,
        out: *mut u8,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_state_restore(
        game: *const meeple_game_t,
        data: *const u8,
        len: usize,
        out_state: *mut *mut meeple_state_t,
    ) -> meeple_status_t;
    pub fn meeple_state_determinize(
        state: *const meeple_state_t,
        pov: i32,
        seed: u64,
        out_state: *mut *mut meeple_state_t,
    ) -> meeple_status_t;
    pub fn meeple_state_move_number(state: *const meeple_state_t, out: *mut i64) -> meeple_status_t;
    pub fn meeple_state_status(state: *const meeple_state_t) -> *const meeple_state_status_t;
    pub fn meeple_state_hash(state: *const meeple_state_t, out_hash: *mut u64) -> meeple_status_t;
    pub fn meeple_state_equal_position(
        a: *const meeple_state_t,
        b: *const meeple_state_t,
        out_equal: *mut i32,
    ) -> meeple_status_t;

    // Chance enumeration
    pub fn meeple_state_enumerate_outcomes(
        state: *const meeple_state_t,
        player: i32,
        action: i32,
        out_states: *mut *mut meeple_state_t,
        out_probs: *mut f64,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;

    // Positions
    pub fn meeple_state_from_position(
        game: *const meeple_game_t,
        position_json: *const c_char,
        seed: u64,
        out_state: *mut *mut meeple_state_t,
    ) -> meeple_status_t;

    // Batches
    pub fn meeple_batch_derive_seed(seed: u64, index: u64) -> u64;
    pub fn meeple_batch_new(
        game: *const meeple_game_t,
        n: usize,
        seed: u64,
        threads: i32,
        out_batch: *mut *mut meeple_batch_t,
    ) -> meeple_status_t;
    pub fn meeple_batch_new_seeded(
        game: *const meeple_game_t,
        seeds: *const u64,
        n: usize,
        threads: i32,
        out_batch: *mut *mut meeple_batch_t,
    ) -> meeple_status_t;
    pub fn meeple_batch_free(batch: *mut meeple_batch_t);
    pub fn meeple_batch_info(batch: *const meeple_batch_t, out_info: *mut meeple_batch_info_t) -> meeple_status_t;
    pub fn meeple_batch_game(batch: *const meeple_batch_t, out_game: *mut *mut meeple_game_t) -> meeple_status_t;
    pub fn meeple_batch_step(
        batch: *mut meeple_batch_t,
        actions: *const i32,
        n: usize,
        out_dones: *mut u8,
    ) -> meeple_status_t;
    pub fn meeple_batch_step_autoreset(
        batch: *mut meeple_batch_t,
        actions: *const i32,
        n: usize,
        out_dones: *mut u8,
    ) -> meeple_status_t;
    pub fn meeple_batch_step_and_read(
        batch: *mut meeple_batch_t,
        actions: *const i32,
        n: usize,
        autoreset: i32,
        out_dones: *mut u8,
        out_masks: *mut u64,
        masks_len: usize,
        out_obs: *mut f32,
        obs_len: usize,
    ) -> meeple_status_t;
    pub fn meeple_batch_write_masks(batch: *const meeple_batch_t, out: *mut u64, len: usize) -> meeple_status_t;
    pub fn meeple_batch_write_dense_masks(batch: *const meeple_batch_t, out: *mut u8, len: usize) -> meeple_status_t;
    pub fn meeple_batch_write_actors(batch: *const meeple_batch_t, out: *mut i32, len: usize) -> meeple_status_t;
    pub fn meeple_batch_write_status(batch: *const meeple_batch_t, out: *mut i32, len: usize) -> meeple_status_t;
    pub fn meeple_batch_write_observations(batch: *const meeple_batch_t, out: *mut f32, len: usize) -> meeple_status_t;
    pub fn meeple_batch_write_observations_for(
        batch: *const meeple_batch_t,
        viewers: *const i32,
        viewers_len: usize,
        out: *mut f32,
        len: usize,
    ) -> meeple_status_t;
    pub fn meeple_batch_write_observations_where(
        batch: *const meeple_batch_t,
        which: *const u8,
        which_len: usize,
        viewers: *const i32,
        viewers_len: usize,
        out: *mut f32,
        len: usize,
    ) -> meeple_status_t;
    pub fn meeple_batch_write_rewards(batch: *const meeple_batch_t, out: *mut f32, len: usize) -> meeple_status_t;
    pub fn meeple_batch_write_episodes(
        batch: *const meeple_batch_t,
        out_ints: *mut i32,
        ints_len: usize,
        out_returns: *mut f32,
        returns_len: usize,
    ) -> meeple_status_t;
    pub fn meeple_batch_write_final_observations(
        batch: *const meeple_batch_t,
        viewers: *const i32,
        viewers_len: usize,
        out: *mut f32,
        len: usize,
    ) -> meeple_status_t;
    pub fn meeple_batch_write_restarted_observations(
        batch: *const meeple_batch_t,
        viewers: *const i32,
        viewers_len: usize,
        out: *mut f32,
        len: usize,
        out_rows: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_batch_write_restarted_observations_in_place(
        batch: *const meeple_batch_t,
        viewers: *const i32,
        viewers_len: usize,
        out: *mut f32,
        len: usize,
    ) -> meeple_status_t;
    pub fn meeple_batch_get_final_state(
        batch: *const meeple_batch_t,
        slot: usize,
        out_state: *mut *mut meeple_state_t,
    ) -> meeple_status_t;
    pub fn meeple_batch_take_episode_stats(
        batch: *mut meeple_batch_t,
        out_stats: *mut meeple_batch_episode_stats_t,
        out_mean_returns: *mut f64,
        returns_len: usize,
    ) -> meeple_status_t;
    pub fn meeple_batch_check_actions(
        batch: *const meeple_batch_t,
        actions: *const i64,
        n: usize,
        out_actions: *mut i32,
        out_len: usize,
        out_first_illegal: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_batch_illegal_counts(batch: *const meeple_batch_t, out: *mut i64, len: usize) -> meeple_status_t;
    pub fn meeple_batch_snapshot(batch: *const meeple_batch_t, out: *mut u8, len: usize) -> meeple_status_t;
    pub fn meeple_batch_load(batch: *mut meeple_batch_t, data: *const u8, len: usize) -> meeple_status_t;
    pub fn meeple_batch_reseed(batch: *mut meeple_batch_t, seed: u64) -> meeple_status_t;
    pub fn meeple_batch_reseed_seeded(batch: *mut meeple_batch_t, seeds: *const u64, n: usize) -> meeple_status_t;
    pub fn meeple_batch_reset_slots(
        batch: *mut meeple_batch_t,
        which: *const u8,
        seeds: *const u64,
        n: usize,
    ) -> meeple_status_t;
    pub fn meeple_batch_get_state(
        batch: *const meeple_batch_t,
        slot: usize,
        out_state: *mut *mut meeple_state_t,
    ) -> meeple_status_t;
    pub fn meeple_batch_set_state(
        batch: *mut meeple_batch_t,
        slot: usize,
        state: *const meeple_state_t,
    ) -> meeple_status_t;
    pub fn meeple_run_random_games(
        game: *const meeple_game_t,
        n_games: u64,
        seed: u64,
        threads: i32,
        out_stats: *mut meeple_random_games_t,
        out_wins: *mut u64,
        wins_len: usize,
        control: *mut meeple_control_t,
    ) -> meeple_status_t;

    // Data generation
    pub fn meeple_datagen_max_rows(
        game: *const meeple_game_t,
        config: *const meeple_datagen_config_t,
        out_rows: *mut u64,
    ) -> meeple_status_t;
    pub fn meeple_run_datagen(
        game: *const meeple_game_t,
        config: *const meeple_datagen_config_t,
        features: *mut f32,
        labels: *mut f32,
        meta: *mut i64,
        capacity_rows: usize,
        out_rows: *mut usize,
        control: *mut meeple_control_t,
    ) -> meeple_status_t;

    // Search
    pub fn meeple_search_new(
        game: *const meeple_game_t,
        spec: *const c_char,
        num_roots: u64,
        threads: i32,
        out_search: *mut *mut meeple_search_t,
    ) -> meeple_status_t;
    pub fn meeple_search_free(search: *mut meeple_search_t);
    pub fn meeple_search_spec(
        search: *const meeple_search_t,
        out: *mut c_char,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_search_info(search: *const meeple_search_t, out_info: *mut meeple_search_info_t) -> meeple_status_t;
    pub fn meeple_search_set_root(
        search: *mut meeple_search_t,
        root: u64,
        state: *const meeple_state_t,
        player: i32,
    ) -> meeple_status_t;
    pub fn meeple_search_set_roots_from_batch(
        search: *mut meeple_search_t,
        batch: *const meeple_batch_t,
    ) -> meeple_status_t;
    pub fn meeple_search_clear_root(search: *mut meeple_search_t, root: u64) -> meeple_status_t;
    pub fn meeple_search_advance(search: *mut meeple_search_t, root: u64, player: i32, action: i32) -> meeple_status_t;
    pub fn meeple_search_run(
        search: *mut meeple_search_t,
        control: *mut meeple_control_t,
        out_result: *mut i32,
    ) -> meeple_status_t;
    pub fn meeple_search_write_leaves(
        search: *const meeple_search_t,
        obs: *mut f32,
        masks: *mut u64,
        roots: *mut i32,
        players: *mut i32,
        capacity: usize,
        out_count: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_search_provide(
        search: *mut meeple_search_t,
        values: *const f32,
        priors: *const f32,
        count: usize,
    ) -> meeple_status_t;
    pub fn meeple_search_stats(
        search: *const meeple_search_t,
        root: u64,
        out_stats: *mut meeple_search_stats_t,
    ) -> meeple_status_t;
    pub fn meeple_search_chosen_actions(
        search: *const meeple_search_t,
        out: *mut i32,
        capacity: usize,
    ) -> meeple_status_t;
    pub fn meeple_search_root_actions(
        search: *const meeple_search_t,
        root: u64,
        actions: *mut i32,
        visits: *mut u64,
        values: *mut f64,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_search_root_value(
        search: *const meeple_search_t,
        root: u64,
        out: *mut f64,
        capacity: usize,
    ) -> meeple_status_t;
    pub fn meeple_search_policy(
        search: *const meeple_search_t,
        root: u64,
        temperature: f64,
        out: *mut f32,
        capacity: usize,
    ) -> meeple_status_t;
    pub fn meeple_search_principal_variation(
        search: *const meeple_search_t,
        root: u64,
        out: *mut i32,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;

    // Agents
    pub fn meeple_agent_new(
        game: *const meeple_game_t,
        spec: *const c_char,
        seed: u64,
        out_agent: *mut *mut meeple_agent_t,
    ) -> meeple_status_t;
    pub fn meeple_agent_free(agent: *mut meeple_agent_t);
    pub fn meeple_agent_spec(
        agent: *const meeple_agent_t,
        out: *mut c_char,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_agent_reset(agent: *mut meeple_agent_t, seed: u64) -> meeple_status_t;
    pub fn meeple_agent_iterations(agent: *const meeple_agent_t, out_iterations: *mut u64) -> meeple_status_t;
    pub fn meeple_agent_act(
        agent: *mut meeple_agent_t,
        state: *const meeple_state_t,
        player: i32,
        out_action: *mut i32,
    ) -> meeple_status_t;
    pub fn meeple_tournament_run(
        game: *const meeple_game_t,
        agents: *const *const c_char,
        num_agents: usize,
        config: *const meeple_tournament_config_t,
        control: *mut meeple_control_t,
        out: *mut *mut meeple_tournament_t,
    ) -> meeple_status_t;
    pub fn meeple_tournament_free(tournament: *mut meeple_tournament_t);
    pub fn meeple_tournament_info(
        tournament: *const meeple_tournament_t,
        out_info: *mut meeple_tournament_info_t,
    ) -> meeple_status_t;
    pub fn meeple_tournament_agent(
        tournament: *const meeple_tournament_t,
        agent: i32,
        out_agent: *mut meeple_tournament_agent_t,
    ) -> meeple_status_t;
    pub fn meeple_tournament_agent_spec(
        tournament: *const meeple_tournament_t,
        agent: i32,
        out: *mut c_char,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_tournament_games(
        tournament: *const meeple_tournament_t,
        seeds: *mut u64,
        rotations: *mut i32,
        agent_of_seat: *mut i32,
        returns: *mut f64,
        moves: *mut u64,
        flags: *mut i32,
        illegal_seat: *mut i32,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_tournament_game_moves(
        tournament: *const meeple_tournament_t,
        game: u64,
        players: *mut i32,
        actions: *mut i32,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_elo_fit(
        k: usize,
        games: *const f64,
        score: *const f64,
        out_elo: *mut f64,
        out_stderr: *mut f64,
    ) -> meeple_status_t;

    // Poker
    pub fn meeple_poker_parse_cards(
        text: *const c_char,
        out: *mut i32,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_poker_parse_mask(text: *const c_char, out_mask: *mut u64) -> meeple_status_t;
    pub fn meeple_poker_format_mask(
        mask: u64,
        out: *mut c_char,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_poker_deal(
        seed: u64,
        removed: u64,
        out: *mut i32,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_poker_evaluate(mask: u64, out_value: *mut u32) -> meeple_status_t;
    pub fn meeple_poker_evaluate_hand(game: i32, hole: u64, board: u64, out_value: *mut u32) -> meeple_status_t;
    pub fn meeple_poker_value_category(value: u32, out_category: *mut i32) -> meeple_status_t;
    pub fn meeple_poker_value_ranks(value: u32, out: *mut i32, capacity: usize, out_len: *mut usize)
        -> meeple_status_t;
    pub fn meeple_poker_describe(value: u32, out: *mut c_char, capacity: usize, out_len: *mut usize)
        -> meeple_status_t;
    pub fn meeple_poker_showdown(
        game: i32,
        holes: *const u64,
        num_hands: usize,
        board: u64,
        out_values: *mut u32,
        out_winners: *mut i32,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_poker_evaluate_batch(
        masks: *const u64,
        n: usize,
        threads: i32,
        out_values: *mut u32,
    ) -> meeple_status_t;
    pub fn meeple_poker_evaluate_ids_batch(
        ids: *const u8,
        n: usize,
        cards_per_hand: usize,
        threads: i32,
        out_values: *mut u32,
    ) -> meeple_status_t;
    pub fn meeple_poker_evaluate_hand_batch(
        game: i32,
        holes: *const u64,
        boards: *const u64,
        n: usize,
        threads: i32,
        out_values: *mut u32,
    ) -> meeple_status_t;
    pub fn meeple_poker_count_boards(
        game: i32,
        hands: *const u64,
        num_hands: usize,
        board: u64,
        dead: u64,
        out_count: *mut u64,
    ) -> meeple_status_t;
    pub fn meeple_poker_equity(
        game: i32,
        hands: *const u64,
        num_hands: usize,
        board: u64,
        dead: u64,
        mode: i32,
        trials: u64,
        seed: u64,
        threads: i32,
        out_win: *mut f64,
        out_tie: *mut f64,
        out_equity: *mut f64,
        out_stderr: *mut f64,
        out_count: *mut u64,
        control: *mut meeple_control_t,
    ) -> meeple_status_t;

    // Agents in batches, features and the event log
    pub fn meeple_agent_policy(
        agent: *mut meeple_agent_t,
        state: *const meeple_state_t,
        player: i32,
        out: *mut f32,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_agent_act_controlled(
        agent: *mut meeple_agent_t,
        state: *const meeple_state_t,
        player: i32,
        control: *mut meeple_control_t,
        out_action: *mut i32,
    ) -> meeple_status_t;
    pub fn meeple_agent_policy_controlled(
        agent: *mut meeple_agent_t,
        state: *const meeple_state_t,
        player: i32,
        control: *mut meeple_control_t,
        out: *mut f32,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_batch_play_agents(
        batch: *mut meeple_batch_t,
        agents: *const *mut meeple_agent_t,
        agents_len: usize,
        out_rewards: *mut f32,
        rewards_len: usize,
    ) -> meeple_status_t;
    pub fn meeple_game_features_json(
        game: *const meeple_game_t,
        out: *mut c_char,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_state_features(
        state: *const meeple_state_t,
        viewer: i32,
        variant: i32,
        out: *mut f32,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_batch_write_features(
        batch: *const meeple_batch_t,
        viewers: *const i32,
        viewers_len: usize,
        variant: i32,
        out: *mut f32,
        len: usize,
    ) -> meeple_status_t;
    pub fn meeple_game_event_fields_json(
        game: *const meeple_game_t,
        out: *mut c_char,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_batch_record_events(batch: *mut meeple_batch_t, mask: u32, capacity_rows: usize) -> meeple_status_t;
    pub fn meeple_batch_event_info(batch: *const meeple_batch_t, out_info: *mut meeple_event_info_t)
        -> meeple_status_t;
    pub fn meeple_batch_drain_events(
        batch: *mut meeple_batch_t,
        out: *mut i32,
        len: usize,
        out_rows: *mut usize,
    ) -> meeple_status_t;

    // Hold'em
    pub fn meeple_holdem_raise_to(state: *mut meeple_state_t, player: i32, to: i64) -> meeple_status_t;

    // Poker: suit isomorphism
    pub fn meeple_poker_canonical_board(board: u64, out_board: *mut u64) -> meeple_status_t;
    pub fn meeple_poker_canonical_boards(
        cards: i32,
        out_boards: *mut u64,
        out_counts: *mut u32,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_poker_canonical_hand(
        hole: u64,
        board: u64,
        out_hole: *mut u64,
        out_board: *mut u64,
    ) -> meeple_status_t;

    // Poker: ranges
    pub fn meeple_range_parse(game: i32, text: *const c_char, out_range: *mut *mut meeple_range_t) -> meeple_status_t;
    pub fn meeple_range_all(game: i32, out_range: *mut *mut meeple_range_t) -> meeple_status_t;
    pub fn meeple_range_from_combos(
        game: i32,
        masks: *const u64,
        weights: *const f64,
        n: usize,
        out_range: *mut *mut meeple_range_t,
    ) -> meeple_status_t;
    pub fn meeple_range_free(range: *mut meeple_range_t);
    pub fn meeple_range_info(
        range: *const meeple_range_t,
        out_game: *mut i32,
        out_size: *mut usize,
        out_total_weight: *mut f64,
    ) -> meeple_status_t;
    pub fn meeple_range_combos(
        range: *const meeple_range_t,
        out_masks: *mut u64,
        out_weights: *mut f64,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_range_text(
        range: *const meeple_range_t,
        out: *mut c_char,
        capacity: usize,
        out_len: *mut usize,
    ) -> meeple_status_t;
    pub fn meeple_range_union(
        a: *const meeple_range_t,
        b: *const meeple_range_t,
        out_range: *mut *mut meeple_range_t,
    ) -> meeple_status_t;
    pub fn meeple_range_intersection(
        a: *const meeple_range_t,
        b: *const meeple_range_t,
        out_range: *mut *mut meeple_range_t,
    ) -> meeple_status_t;
    pub fn meeple_range_difference(
        a: *const meeple_range_t,
        b: *const meeple_range_t,
        out_range: *mut *mut meeple_range_t,
    ) -> meeple_status_t;
    pub fn meeple_range_without(
        range: *const meeple_range_t,
        dead: u64,
        out_range: *mut *mut meeple_range_t,
    ) -> meeple_status_t;
    pub fn meeple_range_exact_work(
        ranges: *const *const meeple_range_t,
        num_players: usize,
        board: u64,
        dead: u64,
        out_work: *mut u64,
    ) -> meeple_status_t;
    pub fn meeple_range_equity(
        ranges: *const *const meeple_range_t,
        num_players: usize,
        board: u64,
        dead: u64,
        mode: i32,
        trials: u64,
        seed: u64,
        threads: i32,
        out_win: *mut f64,
        out_tie: *mut f64,
        out_equity: *mut f64,
        out_stderr: *mut f64,
        out_combo_equity: *mut f64,
        out_combo_share: *mut f64,
        out_combo_stderr: *mut f64,
        combo_capacity: usize,
        out_count: *mut u64,
        control: *mut meeple_control_t,
    ) -> meeple_status_t;
}
