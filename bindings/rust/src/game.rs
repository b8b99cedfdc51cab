//! `Game` (a configured match) and `State` (one position), over the C handles.

use std::ffi::CStr;
use std::fmt;
use std::ptr::{self, NonNull};
use std::sync::{Arc, OnceLock};

use crate::buffer::{c_string, fill, fill_string};
use crate::control::Control;
use crate::error::{check, Error, Result};
use crate::sys;

/// A player: a seat `0..num_players`, or one of the named pseudo-players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlayerId(pub i32);

impl PlayerId {
    /// The chance pseudo-player, active while a random outcome is pending (games made
    /// with explicit chance, such as `catan(explicit_chance=true)`).
    pub const CHANCE: PlayerId = PlayerId(sys::MEEPLE_CHANCE);
    /// Whoever owes the one pending decision (a seat or CHANCE), for the calls that take
    /// a player; a meeple extension, handy when the caller does not track turns.
    pub const ACTING: PlayerId = PlayerId(sys::MEEPLE_ACTING_PLAYER);

    /// Seat `index`.
    pub fn seat(index: usize) -> PlayerId {
        PlayerId(i32::try_from(index).unwrap_or(i32::MAX))
    }

    /// The seat index, or None for CHANCE and the other pseudo-players.
    pub fn index(self) -> Option<usize> {
        usize::try_from(self.0).ok()
    }

    pub fn is_chance(self) -> bool {
        self == PlayerId::CHANCE
    }
}

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PlayerId::CHANCE => write!(f, "chance"),
            PlayerId::ACTING => write!(f, "acting player"),
            PlayerId(seat) => write!(f, "seat {seat}"),
        }
    }
}

/// Who looks at a state: a seat, a seatless spectator (PUBLIC) or everyone (ALL).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Viewer(pub i32);

impl Viewer {
    /// A spectator who holds no seat and sees only what is public.
    pub const PUBLIC: Viewer = Viewer(sys::MEEPLE_VIEW_PUBLIC);
    /// An omniscient viewer (logs, debugging).
    pub const ALL: Viewer = Viewer(sys::MEEPLE_VIEW_ALL);

    pub fn seat(index: usize) -> Viewer {
        Viewer(PlayerId::seat(index).0)
    }
}

impl From<PlayerId> for Viewer {
    fn from(player: PlayerId) -> Viewer {
        Viewer(player.0)
    }
}

/// Refuses to run against a library of another ABI: the declarations in `sys` were
/// written for `sys::MEEPLE_ABI_VERSION`. Checked once, by the first `Game::new`.
pub fn check_abi() -> Result<()> {
    static ABI: OnceLock<u32> = OnceLock::new();
    // SAFETY: no arguments, never fails.
    let library = *ABI.get_or_init(|| unsafe { sys::meeple_abi_version() });
    if library == sys::MEEPLE_ABI_VERSION {
        Ok(())
    } else {
        Err(Error::VersionMismatch(format!(
            "the meeple library has ABI version {library} but this crate was written for \
             version {}; use a library and a crate of the same release",
            sys::MEEPLE_ABI_VERSION
        )))
    }
}

/// The library's release, "MAJOR.MINOR.PATCH".
pub fn version() -> String {
    // SAFETY: a static NUL-terminated string.
    unsafe { CStr::from_ptr(sys::meeple_version_string()).to_string_lossy().into_owned() }
}

/// The registered game names, in the library's order ("catan", "tictactoe", ...).
pub fn game_names() -> Result<Vec<String>> {
    // SAFETY: query-then-fill into a buffer of the capacity passed.
    let text = fill_string(|p, cap, len| unsafe { sys::meeple_game_names(p, cap, len) })?;
    Ok(text.split(',').filter(|s| !s.is_empty()).map(str::to_string).collect())
}

struct GameHandle {
    ptr: NonNull<sys::meeple_game_t>,
    info: sys::meeple_game_info_t,
    spec: String,
}

// SAFETY: a game is immutable once made and may be shared by any number of threads
// (the header's thread rules).
unsafe impl Send for GameHandle {}
unsafe impl Sync for GameHandle {}

impl Drop for GameHandle {
    fn drop(&mut self) {
        // SAFETY: we own this handle; states keep their own reference to the game.
        unsafe { sys::meeple_game_free(self.ptr.as_ptr()) }
    }
}

/// A configured match: a game name with options, "tictactoe", "catan(players=3)".
/// Immutable; cloning shares the one handle. `Send` and `Sync`.
#[derive(Clone)]
pub struct Game {
    handle: Arc<GameHandle>,
}

impl Game {
    /// Makes a game from a spec. Unknown games and options give
    /// `Error::InvalidArgument` with a message listing what exists; malformed specs
    /// `Error::Parse`.
    pub fn new(spec: &str) -> Result<Game> {
        check_abi()?;
        let spec = c_string("the game spec", spec)?;
        let mut raw = ptr::null_mut();
        // SAFETY: a valid C string and out-pointer.
        check(unsafe { sys::meeple_game_new(spec.as_ptr(), &mut raw) })?;
        let ptr = NonNull::new(raw).ok_or_else(|| Error::Internal("meeple_game_new gave NULL".to_string()))?;
        // SAFETY: the handle was just made; free it if anything below fails.
        unsafe { Game::from_owned(ptr) }
    }

    /// Wraps a handle this crate owns from now on.
    unsafe fn from_owned(ptr: NonNull<sys::meeple_game_t>) -> Result<Game> {
        let mut info = sys::meeple_game_info_t {
            struct_size: std::mem::size_of::<sys::meeple_game_info_t>() as u32,
            ..Default::default()
        };
        // Each status is checked before the next call, which would replace its message.
        let spec = check(sys::meeple_game_info(ptr.as_ptr(), &mut info))
            .and_then(|()| fill_string(|p, cap, len| sys::meeple_game_spec(ptr.as_ptr(), p, cap, len)));
        let spec = match spec {
            Ok(spec) => spec,
            Err(e) => {
                sys::meeple_game_free(ptr.as_ptr());
                return Err(e);
            }
        };
        Ok(Game { handle: Arc::new(GameHandle { ptr, info, spec }) })
    }

    pub(crate) fn as_ptr(&self) -> *const sys::meeple_game_t {
        self.handle.ptr.as_ptr()
    }

    /// The canonical spec, every option spelled out ("tictactoe(misere=false)").
    pub fn spec(&self) -> &str {
        &self.handle.spec
    }

    /// The game's name, the spec without its options.
    pub fn name(&self) -> &str {
        let spec = self.spec();
        spec.split('(').next().unwrap_or(spec)
    }

    pub fn num_players(&self) -> usize {
        self.handle.info.num_players as usize
    }

    /// Actions are `0..num_actions`.
    pub fn num_actions(&self) -> usize {
        self.handle.info.num_actions as usize
    }

    /// `u64` words in a packed action mask.
    pub fn mask_words(&self) -> usize {
        self.handle.info.mask_words as usize
    }

    /// `f32`s in an observation.
    pub fn obs_size(&self) -> usize {
        self.handle.info.obs_size as usize
    }

    /// The most outcomes one chance node can have (0: no explicit chance).
    pub fn max_chance_outcomes(&self) -> usize {
        self.handle.info.max_chance_outcomes as usize
    }

    /// Bytes in a snapshot of any state of this game.
    pub fn snapshot_size(&self) -> usize {
        self.handle.info.snapshot_size as usize
    }

    /// The version of this game's state layout.
    pub fn state_version(&self) -> u32 {
        self.handle.info.state_version
    }

    /// The game described as JSON (options, observation fields, sizes).
    pub fn describe_json(&self) -> Result<String> {
        // SAFETY: query-then-fill on a live handle.
        fill_string(|p, cap, len| unsafe { sys::meeple_game_describe_json(self.as_ptr(), p, cap, len) })
    }

    /// The name of an action with its arguments ("place(1,2)").
    pub fn action_name(&self, action: i32) -> Result<String> {
        // SAFETY: query-then-fill on a live handle.
        fill_string(|p, cap, len| unsafe { sys::meeple_game_action_name(self.as_ptr(), action, p, cap, len) })
    }

    /// The game's constant data named `key`, as JSON (catan: "topology").
    pub fn data_json(&self, key: &str) -> Result<String> {
        let key = c_string("the data key", key)?;
        // SAFETY: query-then-fill on a live handle, a valid C string.
        fill_string(|p, cap, len| unsafe { sys::meeple_game_data_json(self.as_ptr(), key.as_ptr(), p, cap, len) })
    }

    /// The initial state, its generator seeded from `seed`.
    #[inline]
    pub fn new_state(&self, seed: u64) -> Result<State> {
        let mut raw = ptr::null_mut();
        // SAFETY: a live game and an out-pointer.
        check(unsafe { sys::meeple_state_new(self.as_ptr(), seed, &mut raw) })?;
        Ok(State::from_raw(raw, self.clone()))
    }

    /// A state from snapshot bytes, which the library checks and never trusts.
    pub fn restore(&self, bytes: &[u8]) -> Result<State> {
        let mut raw = ptr::null_mut();
        // SAFETY: the slice's pointer and length; an out-pointer.
        check(unsafe { sys::meeple_state_restore(self.as_ptr(), bytes.as_ptr(), bytes.len(), &mut raw) })?;
        Ok(State::from_raw(raw, self.clone()))
    }

    /// A state from a described position (JSON in the game's own layout).
    pub fn from_position(&self, position_json: &str, seed: u64) -> Result<State> {
        let json = c_string("the position JSON", position_json)?;
        let mut raw = ptr::null_mut();
        // SAFETY: a valid C string and out-pointer.
        check(unsafe { sys::meeple_state_from_position(self.as_ptr(), json.as_ptr(), seed, &mut raw) })?;
        Ok(State::from_raw(raw, self.clone()))
    }

    /// Plays `n_games` uniformly random games inside the library on `threads` threads
    /// (0: one per core). `control` may cancel the call from another thread.
    pub fn run_random_games(
        &self,
        n_games: u64,
        seed: u64,
        threads: i32,
        control: Option<&Control>,
    ) -> Result<RandomGames> {
        let mut stats = sys::meeple_random_games_t {
            struct_size: std::mem::size_of::<sys::meeple_random_games_t>() as u32,
            ..Default::default()
        };
        let mut wins = vec![0u64; self.num_players()];
        // SAFETY: live handle, struct and slice of the lengths passed; the control block
        // is shared with other threads through its atomics only.
        check(unsafe {
            sys::meeple_run_random_games(
                self.as_ptr(),
                n_games,
                seed,
                threads,
                &mut stats,
                wins.as_mut_ptr(),
                wins.len(),
                control.map_or(ptr::null_mut(), Control::as_ptr),
            )
        })?;
        Ok(RandomGames { games: stats.games, moves: stats.moves, truncated: stats.truncated, draws: stats.draws, wins })
    }
}

impl PartialEq for Game {
    /// Equal games have equal canonical specs.
    fn eq(&self, other: &Game) -> bool {
        self.spec() == other.spec()
    }
}

impl Eq for Game {}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Game({:?})", self.spec())
    }
}

/// Totals of `Game::run_random_games`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RandomGames {
    pub games: u64,
    /// Actions applied in all games, chance outcomes included.
    pub moves: u64,
    pub truncated: u64,
    pub draws: u64,
    /// Games each seat won.
    pub wins: Vec<u64>,
}

/// One position of a game with its own random generator.
///
/// `Clone` copies it through `meeple_state_clone` (generator included), `Drop` frees it.
/// `Send` but not `Sync`: a state may move to another thread, but the header forbids
/// two threads using one state at once, and the library does not check it.
pub struct State {
    ptr: NonNull<sys::meeple_state_t>,
    game: Game,
}

// SAFETY: a state is a plain record owned by this handle; the header lets any thread
// use it, one call at a time. Not Sync: "one handle serves one call at a time" covers
// reads too, and the library does not check it, so &State must not cross threads.
unsafe impl Send for State {}

/// Panics with the library's message: for calls that fail only on NULL pointers or a
/// library bug, which a live handle rules out.
#[inline]
#[track_caller]
fn must(status: sys::meeple_status_t, what: &str) {
    if status != sys::MEEPLE_OK {
        failed_on_a_valid_handle(status, what);
    }
}

#[cold]
#[inline(never)]
#[track_caller]
fn failed_on_a_valid_handle(status: sys::meeple_status_t, what: &str) -> ! {
    panic!("{what} failed on a valid handle: {}", Error::from_status(status));
}

impl State {
    #[inline]
    fn from_raw(raw: *mut sys::meeple_state_t, game: Game) -> State {
        let ptr = NonNull::new(raw).expect("the library gave a NULL state with MEEPLE_OK");
        State { ptr, game }
    }

    pub(crate) fn as_ptr(&self) -> *const sys::meeple_state_t {
        self.ptr.as_ptr()
    }

    pub(crate) fn as_mut_ptr(&mut self) -> *mut sys::meeple_state_t {
        self.ptr.as_ptr()
    }

    pub(crate) fn wrap(raw: *mut sys::meeple_state_t, game: Game) -> State {
        State::from_raw(raw, game)
    }

    /// The game this state belongs to.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// A copy, generator included; an error only when memory runs out.
    pub fn try_clone(&self) -> Result<State> {
        let mut raw = ptr::null_mut();
        // SAFETY: a live state and an out-pointer.
        check(unsafe { sys::meeple_state_clone(self.as_ptr(), &mut raw) })?;
        Ok(State::from_raw(raw, self.game.clone()))
    }

    /// Copies `src` into this state without allocating (both of equal games).
    pub fn copy_from(&mut self, src: &State) -> Result<()> {
        // SAFETY: two live states; &mut self and &src cannot alias.
        check(unsafe { sys::meeple_state_copy(self.as_mut_ptr(), src.as_ptr()) })
    }

    /// The seats that owe a decision now in increasing order, `[CHANCE]` while a chance
    /// outcome is pending, empty once the game is over.
    pub fn active_players(&self) -> Vec<PlayerId> {
        let mut seats: Vec<i32> = Vec::with_capacity(4);
        // SAFETY: query-then-fill on a live state.
        let status =
            fill(&mut seats, 0, |p, cap, len| unsafe { sys::meeple_state_active_players(self.as_ptr(), p, cap, len) });
        if let Err(e) = status {
            panic!("meeple_state_active_players failed on a valid state: {e}");
        }
        seats.into_iter().map(PlayerId).collect()
    }

    /// The one player who owes a decision (a seat or CHANCE), None once the game is
    /// over; `Error::WrongState` when several seats are active at once.
    #[inline]
    pub fn current_player(&self) -> Result<Option<PlayerId>> {
        let mut player = 0;
        // SAFETY: a live state and an out-pointer.
        check(unsafe { sys::meeple_state_current_player(self.as_ptr(), &mut player) })?;
        Ok(if player == sys::MEEPLE_NOBODY { None } else { Some(PlayerId(player)) })
    }

    /// The legal actions of `player` in increasing order; `Error::NotActive` for a
    /// seat that owes no decision now.
    pub fn legal_actions(&self, player: PlayerId) -> Result<Vec<i32>> {
        // Room for most positions' actions, so that one call usually suffices.
        let mut out = Vec::with_capacity(self.game.num_actions().min(256));
        self.legal_actions_into(player, &mut out)?;
        Ok(out)
    }

    /// As `legal_actions`, into a vector kept across calls (one library call once its
    /// capacity suffices; no allocation).
    #[inline]
    pub fn legal_actions_into(&self, player: PlayerId, out: &mut Vec<i32>) -> Result<()> {
        // SAFETY: query-then-fill on a live state.
        fill(out, 0, |p, cap, len| unsafe { sys::meeple_state_legal_actions(self.as_ptr(), player.0, p, cap, len) })
    }

    /// The legal actions as a packed mask: bit `a % 64` of word `a / 64`.
    pub fn action_mask(&self, player: PlayerId) -> Result<Vec<u64>> {
        let mut out = Vec::with_capacity(self.game.mask_words());
        // SAFETY: query-then-fill on a live state.
        fill(&mut out, 0, |p, cap, len| unsafe {
            sys::meeple_state_action_mask(self.as_ptr(), player.0, p, cap, len)
        })?;
        Ok(out)
    }

    /// The same mask, one byte an action (1 legal, 0 not): `num_actions` bytes.
    pub fn dense_action_mask(&self, player: PlayerId) -> Result<Vec<u8>> {
        let mut out = Vec::with_capacity(self.game.num_actions());
        // SAFETY: query-then-fill on a live state.
        fill(&mut out, 0, |p, cap, len| unsafe {
            sys::meeple_state_dense_action_mask(self.as_ptr(), player.0, p, cap, len)
        })?;
        Ok(out)
    }

    /// Whether `player` is active and `action` legal for it.
    #[inline]
    pub fn is_legal(&self, player: PlayerId, action: i32) -> Result<bool> {
        let mut legal = 0;
        // SAFETY: a live state and an out-pointer.
        check(unsafe { sys::meeple_state_is_legal(self.as_ptr(), player.0, action, &mut legal) })?;
        Ok(legal != 0)
    }

    /// Plays `action` for `player` (a seat, CHANCE to choose an outcome, or ACTING).
    /// Checked: on any error (`IllegalAction`, `NotActive`, `WrongState` once the game
    /// is over, `OutOfRange`) the state is unchanged byte for byte.
    #[inline]
    pub fn apply(&mut self, player: PlayerId, action: i32) -> Result<()> {
        // SAFETY: a live state, borrowed mutably.
        check(unsafe { sys::meeple_state_apply(self.as_mut_ptr(), player.0, action) })
    }

    /// Whether the game is over (won, drawn or truncated).
    #[inline]
    pub fn is_terminal(&self) -> bool {
        let mut out = 0;
        // SAFETY: a live state and an out-pointer.
        must(unsafe { sys::meeple_state_is_terminal(self.as_ptr(), &mut out) }, "meeple_state_is_terminal");
        out != 0
    }

    /// Whether a turn cap ended the game with no winner.
    #[inline]
    pub fn truncated(&self) -> bool {
        let mut out = 0;
        // SAFETY: a live state and an out-pointer.
        must(unsafe { sys::meeple_state_truncated(self.as_ptr(), &mut out) }, "meeple_state_truncated");
        out != 0
    }

    fn per_seat(
        &self,
        what: &str,
        call: unsafe extern "C" fn(*const sys::meeple_state_t, *mut f64, usize, *mut usize) -> i32,
    ) -> Vec<f64> {
        let mut out = vec![0.0; self.game.num_players()];
        let mut len = 0;
        // SAFETY: a live state and a buffer of the capacity passed.
        must(unsafe { call(self.as_ptr(), out.as_mut_ptr(), out.len(), &mut len) }, what);
        out.truncate(len);
        out
    }

    /// Each seat's return: the final result once the game is over (two players: +1,
    /// -1, 0 for a draw); zeros before in two-player games, the running score in
    /// one-player score games (docs/<game>.md).
    pub fn returns(&self) -> Vec<f64> {
        self.per_seat("meeple_state_returns", sys::meeple_state_returns)
    }

    /// Each seat's reward for the last transition; over a game they sum to the returns.
    pub fn step_reward(&self) -> Vec<f64> {
        self.per_seat("meeple_state_step_reward", sys::meeple_state_step_reward)
    }

    /// The pending chance outcomes (actions of CHANCE) with their probabilities, which
    /// sum to one; empty when none is pending (always so with implicit chance).
    pub fn chance_outcomes(&self) -> Vec<(i32, f64)> {
        let mut len = 0usize;
        // SAFETY: the size query (both arrays NULL, capacity 0).
        must(
            unsafe { sys::meeple_state_chance_outcomes(self.as_ptr(), ptr::null_mut(), ptr::null_mut(), 0, &mut len) },
            "meeple_state_chance_outcomes",
        );
        if len == 0 {
            return Vec::new();
        }
        let mut actions = vec![0i32; len];
        let mut probs = vec![0f64; len];
        // SAFETY: two arrays of `len` entries.
        must(
            unsafe {
                sys::meeple_state_chance_outcomes(
                    self.as_ptr(),
                    actions.as_mut_ptr(),
                    probs.as_mut_ptr(),
                    len,
                    &mut len,
                )
            },
            "meeple_state_chance_outcomes",
        );
        actions.into_iter().zip(probs).take(len).collect()
    }

    /// The observation of `viewer`: `obs_size` floats in the game's field layout.
    pub fn observation(&self, viewer: Viewer) -> Result<Vec<f32>> {
        let mut out = vec![0f32; self.game.obs_size()];
        self.observation_into(viewer, &mut out)?;
        Ok(out)
    }

    /// As `observation`, into a caller's slice of at least `obs_size` floats.
    pub fn observation_into(&self, viewer: Viewer, out: &mut [f32]) -> Result<()> {
        let mut len = 0;
        // SAFETY: a live state and a slice of the length passed.
        check(unsafe { sys::meeple_state_observation(self.as_ptr(), viewer.0, out.as_mut_ptr(), out.len(), &mut len) })
    }

    /// The state as JSON, as `viewer` may see it (hidden values are null).
    pub fn view_json(&self, viewer: Viewer) -> Result<String> {
        // SAFETY: query-then-fill on a live state.
        fill_string(|p, cap, len| unsafe { sys::meeple_state_view_json(self.as_ptr(), viewer.0, p, cap, len) })
    }

    /// A text drawing of the state (everything shown).
    pub fn render(&self) -> String {
        // SAFETY: query-then-fill on a live state.
        fill_string(|p, cap, len| unsafe { sys::meeple_state_render(self.as_ptr(), p, cap, len) })
            .unwrap_or_else(|e| panic!("meeple_state_render failed on a valid state: {e}"))
    }

    /// The whole state, generator included, as versioned bytes (`Game::restore`).
    pub fn snapshot(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.game.snapshot_size());
        // SAFETY: query-then-fill on a live state.
        fill(&mut out, 0, |p, cap, len| unsafe { sys::meeple_state_snapshot(self.as_ptr(), p, cap, len) })
            .unwrap_or_else(|e| panic!("meeple_state_snapshot failed on a valid state: {e}"));
        out
    }

    /// A copy in which everything `pov` cannot see is redrawn from `seed`.
    pub fn determinize(&self, pov: PlayerId, seed: u64) -> Result<State> {
        let mut raw = ptr::null_mut();
        // SAFETY: a live state and an out-pointer.
        check(unsafe { sys::meeple_state_determinize(self.as_ptr(), pov.0, seed, &mut raw) })?;
        Ok(State::from_raw(raw, self.game.clone()))
    }

    /// Actions applied since the start, chance outcomes included.
    #[inline]
    pub fn move_number(&self) -> i64 {
        let mut out = 0;
        // SAFETY: a live state and an out-pointer.
        must(unsafe { sys::meeple_state_move_number(self.as_ptr(), &mut out) }, "meeple_state_move_number");
        out
    }

    /// The per-step facts (terminal, truncated, current player, active seats, move
    /// number) read from the struct the library keeps current, without a call.
    #[inline]
    pub fn status(&self) -> sys::meeple_state_status_t {
        // SAFETY: a live state's status pointer is never NULL and lives as long as the
        // state; `&self` keeps any call from changing the state during the read.
        unsafe { *sys::meeple_state_status(self.as_ptr()) }
    }

    /// A 64-bit hash of the position (generator and move number aside).
    pub fn position_hash(&self) -> u64 {
        let mut out = 0;
        // SAFETY: a live state and an out-pointer.
        must(unsafe { sys::meeple_state_hash(self.as_ptr(), &mut out) }, "meeple_state_hash");
        out
    }

    /// Whether two states hold the same position (generators and move numbers aside).
    pub fn same_position(&self, other: &State) -> bool {
        let mut out = 0;
        // SAFETY: two live states and an out-pointer.
        must(
            unsafe { sys::meeple_state_equal_position(self.as_ptr(), other.as_ptr(), &mut out) },
            "meeple_state_equal_position",
        );
        out != 0
    }

    /// Every successor of `player` playing `action`, with its probability: the exact
    /// distribution of what `apply` would produce. The state itself is unchanged.
    pub fn enumerate_outcomes(&self, player: PlayerId, action: i32) -> Result<Vec<(State, f64)>> {
        let mut len = 0usize;
        // SAFETY: the size query.
        check(unsafe {
            sys::meeple_state_enumerate_outcomes(
                self.as_ptr(),
                player.0,
                action,
                ptr::null_mut(),
                ptr::null_mut(),
                0,
                &mut len,
            )
        })?;
        let mut raws: Vec<*mut sys::meeple_state_t> = vec![ptr::null_mut(); len];
        let mut probs = vec![0f64; len];
        // SAFETY: two arrays of `len` entries; the new handles become ours.
        check(unsafe {
            sys::meeple_state_enumerate_outcomes(
                self.as_ptr(),
                player.0,
                action,
                raws.as_mut_ptr(),
                probs.as_mut_ptr(),
                len,
                &mut len,
            )
        })?;
        Ok(raws.into_iter().zip(probs).take(len).map(|(raw, p)| (State::from_raw(raw, self.game.clone()), p)).collect())
    }
}

impl Clone for State {
    /// Copies the state through `meeple_state_clone`; panics only if memory runs out
    /// (`try_clone` returns the error instead).
    fn clone(&self) -> State {
        self.try_clone().unwrap_or_else(|e| panic!("cloning a state failed: {e}"))
    }
}

impl Drop for State {
    fn drop(&mut self) {
        // SAFETY: we own the handle.
        unsafe { sys::meeple_state_free(self.ptr.as_ptr()) }
    }
}

impl fmt::Debug for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "State({:?}, move {})", self.game.spec(), self.move_number())
    }
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render())
    }
}
