//! `Batch`: N independent states of one game stepped and read by whole-batch calls over
//! caller-owned slices. Nothing is allocated per call; lengths are checked by the
//! library (a short output slice is `Error::BufferTooSmall`, an input of the wrong
//! length `Error::InvalidArgument`), and nothing is written on an error.

use std::ptr::{self, NonNull};

use crate::error::{check, Error, Result};
use crate::game::{Game, State, Viewer};
use crate::sys;

/// The seed of item `index` under `seed`, as batches and random games derive them.
pub fn derive_seed(seed: u64, index: u64) -> u64 {
    // SAFETY: plain arithmetic, never fails.
    unsafe { sys::meeple_batch_derive_seed(seed, index) }
}

/// Columns of a status row (`write_status`).
pub mod status {
    pub const DONE: usize = super::sys::MEEPLE_BATCH_STATUS_DONE as usize;
    pub const WINNER: usize = super::sys::MEEPLE_BATCH_STATUS_WINNER as usize;
    pub const TURN: usize = super::sys::MEEPLE_BATCH_STATUS_TURN as usize;
    pub const CURRENT_PLAYER: usize = super::sys::MEEPLE_BATCH_STATUS_CURRENT_PLAYER as usize;
    pub const TRUNCATED: usize = super::sys::MEEPLE_BATCH_STATUS_TRUNCATED as usize;
    /// Ints a row.
    pub const INTS: usize = super::sys::MEEPLE_BATCH_STATUS_INTS as usize;
}

/// Columns of an episode row (`write_episodes`).
pub mod episode {
    pub const COUNT: usize = super::sys::MEEPLE_BATCH_EPISODE_COUNT as usize;
    pub const WINNER: usize = super::sys::MEEPLE_BATCH_EPISODE_WINNER as usize;
    pub const TRUNCATED: usize = super::sys::MEEPLE_BATCH_EPISODE_TRUNCATED as usize;
    pub const LENGTH: usize = super::sys::MEEPLE_BATCH_EPISODE_LENGTH as usize;
    /// Ints a row.
    pub const INTS: usize = super::sys::MEEPLE_BATCH_EPISODE_INTS as usize;
}

/// What `Batch::take_episode_stats` reports.
#[derive(Clone, Debug, PartialEq)]
pub struct EpisodeStats {
    pub episodes: u64,
    pub truncated: u64,
    pub mean_length: f64,
    pub mean_returns: Vec<f64>,
}

/// N slots of one game. `Send` and `Sync`: the library guards every batch with an
/// in-use flag, so calls on one batch from two threads at once give `Error::Busy`,
/// never corruption (and the stepping calls take `&mut self` besides).
pub struct Batch {
    ptr: NonNull<sys::meeple_batch_t>,
    game: Game,
    info: sys::meeple_batch_info_t,
}

// SAFETY: the library enforces one call at a time on a batch (MEEPLE_ERR_BUSY).
unsafe impl Send for Batch {}
unsafe impl Sync for Batch {}

impl Drop for Batch {
    fn drop(&mut self) {
        // SAFETY: we own the handle.
        unsafe { sys::meeple_batch_free(self.ptr.as_ptr()) }
    }
}

fn opt_ptr<T>(slice: Option<&mut [T]>) -> (*mut T, usize) {
    match slice {
        Some(s) => (s.as_mut_ptr(), s.len()),
        None => (ptr::null_mut(), 0),
    }
}

impl Batch {
    /// `n` slots of `game`, slot i starting from `derive_seed(seed, i)`, on `threads`
    /// threads (0: one per core).
    pub fn new(game: &Game, n: usize, seed: u64, threads: i32) -> Result<Batch> {
        let mut raw = ptr::null_mut();
        // SAFETY: a live game and an out-pointer.
        check(unsafe { sys::meeple_batch_new(game.as_ptr(), n, seed, threads, &mut raw) })?;
        Batch::wrap(raw, game)
    }

    /// One slot a seed: slot i is the game of `game.new_state(seeds[i])`.
    pub fn new_seeded(game: &Game, seeds: &[u64], threads: i32) -> Result<Batch> {
        let mut raw = ptr::null_mut();
        // SAFETY: a slice of the length passed and an out-pointer.
        check(unsafe { sys::meeple_batch_new_seeded(game.as_ptr(), seeds.as_ptr(), seeds.len(), threads, &mut raw) })?;
        Batch::wrap(raw, game)
    }

    fn wrap(raw: *mut sys::meeple_batch_t, game: &Game) -> Result<Batch> {
        let ptr = NonNull::new(raw).ok_or_else(|| Error::Internal("meeple_batch_new gave NULL".to_string()))?;
        let mut info = sys::meeple_batch_info_t {
            struct_size: std::mem::size_of::<sys::meeple_batch_info_t>() as u32,
            ..Default::default()
        };
        // SAFETY: the handle is live; it is freed on error.
        let status = unsafe { sys::meeple_batch_info(ptr.as_ptr(), &mut info) };
        if let Err(e) = check(status) {
            unsafe { sys::meeple_batch_free(ptr.as_ptr()) };
            return Err(e);
        }
        Ok(Batch { ptr, game: game.clone(), info })
    }

    fn raw(&self) -> *const sys::meeple_batch_t {
        self.ptr.as_ptr()
    }

    fn raw_mut(&mut self) -> *mut sys::meeple_batch_t {
        self.ptr.as_ptr()
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Slots.
    pub fn len(&self) -> usize {
        self.info.n as usize
    }

    pub fn is_empty(&self) -> bool {
        self.info.n == 0
    }

    /// Threads the batch splits its work over.
    pub fn threads(&self) -> usize {
        self.info.threads as usize
    }

    /// Plays `actions[i]` for the acting player of slot i (`NO_ACTION`, -1, leaves it);
    /// `dones[i]` becomes 1 when slot i's game is over. Illegal actions leave their
    /// slot unchanged and count in `illegal_counts`.
    pub fn step(&mut self, actions: &[i32], dones: &mut [u8]) -> Result<()> {
        if dones.len() < actions.len() {
            return Err(too_short("dones", dones.len(), actions.len()));
        }
        // SAFETY: slices of the lengths checked (actions: n, dones: at least n).
        check(unsafe { sys::meeple_batch_step(self.raw_mut(), actions.as_ptr(), actions.len(), dones.as_mut_ptr()) })
    }

    /// As `step`, then restarts every finished game.
    pub fn step_autoreset(&mut self, actions: &[i32], dones: &mut [u8]) -> Result<()> {
        if dones.len() < actions.len() {
            return Err(too_short("dones", dones.len(), actions.len()));
        }
        // SAFETY: as step.
        check(unsafe {
            sys::meeple_batch_step_autoreset(self.raw_mut(), actions.as_ptr(), actions.len(), dones.as_mut_ptr())
        })
    }

    /// A step (with or without autoreset) and the reads that follow it, in one pass:
    /// masks (`u64[n * mask_words]`) and observations (`f32[n * obs_size]`), each
    /// skipped when None.
    pub fn step_and_read(
        &mut self,
        actions: &[i32],
        autoreset: bool,
        dones: &mut [u8],
        masks: Option<&mut [u64]>,
        observations: Option<&mut [f32]>,
    ) -> Result<()> {
        if dones.len() < actions.len() {
            return Err(too_short("dones", dones.len(), actions.len()));
        }
        let (masks, masks_len) = opt_ptr(masks);
        let (obs, obs_len) = opt_ptr(observations);
        // SAFETY: every pointer comes with its slice's length.
        check(unsafe {
            sys::meeple_batch_step_and_read(
                self.raw_mut(),
                actions.as_ptr(),
                actions.len(),
                i32::from(autoreset),
                dones.as_mut_ptr(),
                masks,
                masks_len,
                obs,
                obs_len,
            )
        })
    }

    /// Packed legal masks of the acting players, `u64[n * mask_words]`.
    pub fn write_masks(&self, out: &mut [u64]) -> Result<()> {
        // SAFETY: the slice and its length.
        check(unsafe { sys::meeple_batch_write_masks(self.raw(), out.as_mut_ptr(), out.len()) })
    }

    /// The same masks as one byte an action, `u8[n * num_actions]`.
    pub fn write_dense_masks(&self, out: &mut [u8]) -> Result<()> {
        // SAFETY: the slice and its length.
        check(unsafe { sys::meeple_batch_write_dense_masks(self.raw(), out.as_mut_ptr(), out.len()) })
    }

    /// Who owes a decision, `i32[n]`: bit s for seat s, `i32::MIN` for chance, 0 when over.
    pub fn write_actors(&self, out: &mut [i32]) -> Result<()> {
        // SAFETY: the slice and its length.
        check(unsafe { sys::meeple_batch_write_actors(self.raw(), out.as_mut_ptr(), out.len()) })
    }

    /// Status rows, `i32[n * status::INTS]`.
    pub fn write_status(&self, out: &mut [i32]) -> Result<()> {
        // SAFETY: the slice and its length.
        check(unsafe { sys::meeple_batch_write_status(self.raw(), out.as_mut_ptr(), out.len()) })
    }

    /// Observations from each slot's acting seat, `f32[n * obs_size]`.
    pub fn write_observations(&self, out: &mut [f32]) -> Result<()> {
        // SAFETY: the slice and its length.
        check(unsafe { sys::meeple_batch_write_observations(self.raw(), out.as_mut_ptr(), out.len()) })
    }

    /// Observations of given viewers, one a slot, `f32[n * obs_size]`.
    pub fn write_observations_for(&self, viewers: &[Viewer], out: &mut [f32]) -> Result<()> {
        let viewers: Vec<i32> = viewers.iter().map(|v| v.0).collect();
        // SAFETY: the slices and their lengths.
        check(unsafe {
            sys::meeple_batch_write_observations_for(
                self.raw(),
                viewers.as_ptr(),
                viewers.len(),
                out.as_mut_ptr(),
                out.len(),
            )
        })
    }

    /// Rewards of the last step, `f32[n * num_players]`.
    pub fn write_rewards(&self, out: &mut [f32]) -> Result<()> {
        // SAFETY: the slice and its length.
        check(unsafe { sys::meeple_batch_write_rewards(self.raw(), out.as_mut_ptr(), out.len()) })
    }

    /// Each slot's last finished game: `i32[n * episode::INTS]` and its returns
    /// `f32[n * num_players]`.
    pub fn write_episodes(&self, ints: &mut [i32], returns: &mut [f32]) -> Result<()> {
        // SAFETY: the slices and their lengths.
        check(unsafe {
            sys::meeple_batch_write_episodes(
                self.raw(),
                ints.as_mut_ptr(),
                ints.len(),
                returns.as_mut_ptr(),
                returns.len(),
            )
        })
    }

    /// Final observations of the games the last autoreset replaced (zeros elsewhere),
    /// from `viewers` (one a slot) or from PUBLIC when None.
    pub fn write_final_observations(&self, viewers: Option<&[Viewer]>, out: &mut [f32]) -> Result<()> {
        let viewers: Option<Vec<i32>> = viewers.map(|v| v.iter().map(|v| v.0).collect());
        let (vp, vlen) = viewers.as_ref().map_or((ptr::null(), 0), |v| (v.as_ptr(), v.len()));
        // SAFETY: the slices and their lengths.
        check(unsafe { sys::meeple_batch_write_final_observations(self.raw(), vp, vlen, out.as_mut_ptr(), out.len()) })
    }

    /// The finished game the last autoreset replaced in `slot`, as it ended.
    pub fn final_state(&self, slot: usize) -> Result<State> {
        let mut raw = ptr::null_mut();
        // SAFETY: a live batch and an out-pointer.
        check(unsafe { sys::meeple_batch_get_final_state(self.raw(), slot, &mut raw) })?;
        Ok(State::wrap(raw, self.game.clone()))
    }

    /// Statistics of the games finished since the last call, then cleared.
    pub fn take_episode_stats(&mut self) -> Result<EpisodeStats> {
        let mut stats = sys::meeple_batch_episode_stats_t {
            struct_size: std::mem::size_of::<sys::meeple_batch_episode_stats_t>() as u32,
            ..Default::default()
        };
        let mut returns = vec![0f64; self.game.num_players()];
        // SAFETY: a struct and a slice of the length passed.
        check(unsafe {
            sys::meeple_batch_take_episode_stats(self.raw_mut(), &mut stats, returns.as_mut_ptr(), returns.len())
        })?;
        Ok(EpisodeStats {
            episodes: stats.episodes,
            truncated: stats.truncated,
            mean_length: stats.mean_length,
            mean_returns: returns,
        })
    }

    /// Checks a step's actions as `step` would, changing nothing: `Ok(())` when every
    /// `actions[i]` is legal in slot i now, and then `out` holds them as `i32`, ready for
    /// `step`; `Err(Error::IllegalAction)` naming the first slot whose action is not.
    pub fn check_actions(&self, actions: &[i64], out: &mut [i32]) -> Result<()> {
        // SAFETY: the slices and their lengths, which the library checks against n.
        check(unsafe {
            sys::meeple_batch_check_actions(
                self.raw(),
                actions.as_ptr(),
                actions.len(),
                out.as_mut_ptr(),
                out.len(),
                std::ptr::null_mut(),
            )
        })
    }

    /// Illegal actions each slot received, `i64[n]`.
    pub fn illegal_counts(&self, out: &mut [i64]) -> Result<()> {
        // SAFETY: the slice and its length.
        check(unsafe { sys::meeple_batch_illegal_counts(self.raw(), out.as_mut_ptr(), out.len()) })
    }

    /// Every slot's snapshot, `u8[n * snapshot_size]`.
    pub fn snapshot(&self, out: &mut [u8]) -> Result<()> {
        // SAFETY: the slice and its length.
        check(unsafe { sys::meeple_batch_snapshot(self.raw(), out.as_mut_ptr(), out.len()) })
    }

    /// Replaces every slot from snapshot rows (exactly `n * snapshot_size` bytes).
    pub fn load(&mut self, data: &[u8]) -> Result<()> {
        // SAFETY: the slice and its length.
        check(unsafe { sys::meeple_batch_load(self.raw_mut(), data.as_ptr(), data.len()) })
    }

    /// Restarts every slot as `Batch::new` with `seed` would.
    pub fn reseed(&mut self, seed: u64) -> Result<()> {
        // SAFETY: a live batch.
        check(unsafe { sys::meeple_batch_reseed(self.raw_mut(), seed) })
    }

    /// Restarts slot i from `seeds[i]` (n seeds).
    pub fn reseed_seeded(&mut self, seeds: &[u64]) -> Result<()> {
        // SAFETY: the slice and its length.
        check(unsafe { sys::meeple_batch_reseed_seeded(self.raw_mut(), seeds.as_ptr(), seeds.len()) })
    }

    /// Starts a new game in every slot with `which[i] != 0`, from `seeds[i]` when given.
    pub fn reset_slots(&mut self, which: &[u8], seeds: Option<&[u64]>) -> Result<()> {
        if let Some(s) = seeds {
            if s.len() != which.len() {
                return Err(Error::InvalidArgument(format!(
                    "reset_slots got {} seeds for {} slots; give one seed a slot",
                    s.len(),
                    which.len()
                )));
            }
        }
        let seeds = seeds.map_or(ptr::null(), <[u64]>::as_ptr);
        // SAFETY: the slices (equal lengths) and their length.
        check(unsafe { sys::meeple_batch_reset_slots(self.raw_mut(), which.as_ptr(), seeds, which.len()) })
    }

    /// A copy of slot `slot`'s state.
    pub fn state(&self, slot: usize) -> Result<State> {
        let mut raw = ptr::null_mut();
        // SAFETY: a live batch and an out-pointer.
        check(unsafe { sys::meeple_batch_get_state(self.raw(), slot, &mut raw) })?;
        Ok(State::wrap(raw, self.game.clone()))
    }

    /// Copies `state` into slot `slot`.
    pub fn set_state(&mut self, slot: usize, state: &State) -> Result<()> {
        // SAFETY: a live batch and state.
        check(unsafe { sys::meeple_batch_set_state(self.raw_mut(), slot, state.as_ptr()) })
    }
}

fn too_short(what: &str, got: usize, need: usize) -> Error {
    Error::BufferTooSmall(format!("{what} holds {got} entries; it needs at least {need}, one a slot"))
}
