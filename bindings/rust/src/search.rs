//! Agents and Monte Carlo tree search, made from spec strings as games are
//! (docs/agents.md, docs/search.md).

use std::ptr::{self, NonNull};

use crate::buffer::{c_string, fill, fill_string};
use crate::control::Control;
use crate::error::{check, Error, Result};
use crate::game::{Game, PlayerId, State};
use crate::sys;

/// A player that chooses an action for the acting seat: "random", "heuristic",
/// "mcts(iterations=800)", "ismcts(...)". Its choices depend only on its seed and the
/// states it is shown. `Send`, not `Sync` (one call at a time).
pub struct Agent {
    ptr: NonNull<sys::meeple_agent_t>,
    game: Game,
}

// SAFETY: an agent is used by one call at a time (&mut self for acting); the library
// guards it with its in-use flag besides.
unsafe impl Send for Agent {}

impl Drop for Agent {
    fn drop(&mut self) {
        // SAFETY: we own the handle.
        unsafe { sys::meeple_agent_free(self.ptr.as_ptr()) }
    }
}

impl Agent {
    /// An agent of `game` from `spec`, its generator seeded from `seed`.
    pub fn new(game: &Game, spec: &str, seed: u64) -> Result<Agent> {
        let spec = c_string("the agent spec", spec)?;
        let mut raw = ptr::null_mut();
        // SAFETY: a live game, a valid C string and an out-pointer.
        check(unsafe { sys::meeple_agent_new(game.as_ptr(), spec.as_ptr(), seed, &mut raw) })?;
        let ptr = NonNull::new(raw).ok_or_else(|| Error::Internal("meeple_agent_new gave NULL".to_string()))?;
        Ok(Agent { ptr, game: game.clone() })
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The canonical spec, every option spelled out.
    pub fn spec(&self) -> Result<String> {
        // SAFETY: query-then-fill on a live handle.
        fill_string(|p, cap, len| unsafe { sys::meeple_agent_spec(self.ptr.as_ptr(), p, cap, len) })
    }

    /// Iterations the agent's search completed in its last decision (what a `time_ms`
    /// budget reached); 0 for agents that do not search.
    pub fn iterations(&self) -> Result<u64> {
        let mut n = 0u64;
        // SAFETY: a live handle and a local out-pointer.
        check(unsafe { sys::meeple_agent_iterations(self.ptr.as_ptr(), &mut n) })?;
        Ok(n)
    }

    /// Starts a new game: reseeds the generator and drops what the agent kept.
    pub fn reset(&mut self, seed: u64) -> Result<()> {
        // SAFETY: a live handle, borrowed mutably.
        check(unsafe { sys::meeple_agent_reset(self.ptr.as_ptr(), seed) })
    }

    /// The agent's action for `player` (a seat or `PlayerId::ACTING`) in `state`, always
    /// one of the player's legal actions; the state is not changed.
    pub fn act(&mut self, state: &State, player: PlayerId) -> Result<i32> {
        let mut action = 0;
        // SAFETY: live handles and an out-pointer.
        check(unsafe { sys::meeple_agent_act(self.ptr.as_ptr(), state.as_ptr(), player.0, &mut action) })?;
        Ok(action)
    }
}

/// What `Search::run` reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchResult {
    /// Every active root has its iterations: read the chosen actions.
    Done,
    /// Leaves wait for values (evaluator=external): `write_leaves`, then `provide`.
    NeedsValues,
}

/// Statistics of a root's last finished round.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchStats {
    pub chosen_action: i32,
    pub iterations: u64,
    pub nodes: u64,
    pub max_depth: u64,
    pub seconds: f64,
}

/// Monte Carlo tree search over one root or many, from a spec: "mcts(iterations=800)",
/// "mcts(evaluator=external,batch=16)". With an external evaluator nothing is called
/// back: `run` returns `NeedsValues`, the caller reads the leaves into its slices,
/// evaluates them as it likes, hands values back with `provide`, and runs again.
/// `Send` and `Sync` (the library guards the handle; the calls that change it take
/// `&mut self`).
pub struct Search {
    ptr: NonNull<sys::meeple_search_t>,
    game: Game,
    info: sys::meeple_search_info_t,
}

// SAFETY: the library enforces one call at a time on a search (MEEPLE_ERR_BUSY).
unsafe impl Send for Search {}
unsafe impl Sync for Search {}

impl Drop for Search {
    fn drop(&mut self) {
        // SAFETY: we own the handle.
        unsafe { sys::meeple_search_free(self.ptr.as_ptr()) }
    }
}

impl Search {
    /// A search of `game` with `num_roots` roots (idle until set) on `threads` threads
    /// (0: one per core).
    pub fn new(game: &Game, spec: &str, num_roots: u64, threads: i32) -> Result<Search> {
        let spec = c_string("the search spec", spec)?;
        let mut raw = ptr::null_mut();
        // SAFETY: a live game, a valid C string and an out-pointer.
        check(unsafe { sys::meeple_search_new(game.as_ptr(), spec.as_ptr(), num_roots, threads, &mut raw) })?;
        let ptr = NonNull::new(raw).ok_or_else(|| Error::Internal("meeple_search_new gave NULL".to_string()))?;
        let mut info = sys::meeple_search_info_t {
            struct_size: std::mem::size_of::<sys::meeple_search_info_t>() as u32,
            ..Default::default()
        };
        // SAFETY: a live handle; freed on error.
        if let Err(e) = check(unsafe { sys::meeple_search_info(ptr.as_ptr(), &mut info) }) {
            unsafe { sys::meeple_search_free(ptr.as_ptr()) };
            return Err(e);
        }
        Ok(Search { ptr, game: game.clone(), info })
    }

    fn raw(&self) -> *const sys::meeple_search_t {
        self.ptr.as_ptr()
    }

    fn raw_mut(&mut self) -> *mut sys::meeple_search_t {
        self.ptr.as_ptr()
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn num_roots(&self) -> u64 {
        self.info.num_roots
    }

    /// The canonical spec, defaults filled in.
    pub fn spec(&self) -> Result<String> {
        // SAFETY: query-then-fill on a live handle.
        fill_string(|p, cap, len| unsafe { sys::meeple_search_spec(self.raw(), p, cap, len) })
    }

    /// Makes a copy of `state` root `root`, searched for `player` (the seat to act, or
    /// `PlayerId::ACTING`).
    pub fn set_root(&mut self, root: u64, state: &State, player: PlayerId) -> Result<()> {
        // SAFETY: live handles.
        check(unsafe { sys::meeple_search_set_root(self.raw_mut(), root, state.as_ptr(), player.0) })
    }

    /// Leaves root `root` idle.
    pub fn clear_root(&mut self, root: u64) -> Result<()> {
        // SAFETY: a live handle.
        check(unsafe { sys::meeple_search_clear_root(self.raw_mut(), root) })
    }

    /// Plays a move of the real game at root `root`, keeping its subtree (reuse=true).
    pub fn advance(&mut self, root: u64, player: PlayerId, action: i32) -> Result<()> {
        // SAFETY: a live handle.
        check(unsafe { sys::meeple_search_advance(self.raw_mut(), root, player.0, action) })
    }

    /// Runs until every active root has its iterations or leaves wait for values.
    /// `control` may cancel it from another thread (`Error::Cancelled`; the round stays
    /// open and keeps its iterations).
    pub fn run(&mut self, control: Option<&Control>) -> Result<SearchResult> {
        let mut result = 0;
        // SAFETY: a live handle, an out-pointer; the control block is shared through
        // its atomics only.
        check(unsafe {
            sys::meeple_search_run(self.raw_mut(), control.map_or(ptr::null_mut(), Control::as_ptr), &mut result)
        })?;
        Ok(if result == sys::MEEPLE_SEARCH_NEEDS_VALUES { SearchResult::NeedsValues } else { SearchResult::Done })
    }

    /// Leaves waiting for values now.
    pub fn pending(&self) -> Result<usize> {
        let mut count = 0;
        // SAFETY: the size query (all arrays NULL, capacity 0).
        check(unsafe {
            sys::meeple_search_write_leaves(
                self.raw(),
                ptr::null_mut(),
                ptr::null_mut(),
                ptr::null_mut(),
                ptr::null_mut(),
                0,
                &mut count,
            )
        })?;
        Ok(count)
    }

    /// Writes the waiting leaves into `capacity` rows of each given slice: observations
    /// (`f32[rows * leaf_size]`: observations, or feature vectors with `inputs=features`), packed masks (`u64[rows * mask_words]`), roots and seats
    /// to act (`i32[rows]`); returns the number of leaves. A slice too short for the
    /// rows it implies is `Error::BufferTooSmall`, checked here before the call.
    pub fn write_leaves(
        &self,
        rows: usize,
        observations: Option<&mut [f32]>,
        masks: Option<&mut [u64]>,
        roots: Option<&mut [i32]>,
        players: Option<&mut [i32]>,
    ) -> Result<usize> {
        let need = |what: &str, got: usize, per_row: usize| -> Result<()> {
            if got < rows * per_row {
                Err(Error::BufferTooSmall(format!("{what} holds {got} entries; {rows} leaves need {}", rows * per_row)))
            } else {
                Ok(())
            }
        };
        // A row is leaf_size floats: obs_size, or the feature size with inputs=features.
        let (leaf_size, mask_words) = (self.info.leaf_size as usize, self.info.mask_words as usize);
        let obs = observations.map(|s| need("observations", s.len(), leaf_size).map(|()| s.as_mut_ptr())).transpose()?;
        let masks = masks.map(|s| need("masks", s.len(), mask_words).map(|()| s.as_mut_ptr())).transpose()?;
        let roots = roots.map(|s| need("roots", s.len(), 1).map(|()| s.as_mut_ptr())).transpose()?;
        let players = players.map(|s| need("players", s.len(), 1).map(|()| s.as_mut_ptr())).transpose()?;
        let mut count = 0;
        // SAFETY: every given array holds `rows` rows, checked above.
        check(unsafe {
            sys::meeple_search_write_leaves(
                self.raw(),
                obs.unwrap_or(ptr::null_mut()),
                masks.unwrap_or(ptr::null_mut()),
                roots.unwrap_or(ptr::null_mut()),
                players.unwrap_or(ptr::null_mut()),
                rows,
                &mut count,
            )
        })?;
        Ok(count)
    }

    /// Hands back the leaves' values (`f32[count * num_players]`) and priors
    /// (`f32[count * num_actions]`, or None for uniform), `count` the waiting leaves.
    pub fn provide(&mut self, count: usize, values: &[f32], priors: Option<&[f32]>) -> Result<()> {
        let (players, actions) = (self.info.num_players as usize, self.info.num_actions as usize);
        if values.len() != count * players || priors.is_some_and(|p| p.len() != count * actions) {
            return Err(Error::InvalidArgument(format!(
                "provide takes {count} x {players} values and {count} x {actions} priors (or none); got {} values{}",
                values.len(),
                priors.map_or(String::new(), |p| format!(" and {} priors", p.len()))
            )));
        }
        // SAFETY: slices of the lengths checked.
        check(unsafe {
            sys::meeple_search_provide(
                self.raw_mut(),
                values.as_ptr(),
                priors.map_or(ptr::null(), <[f32]>::as_ptr),
                count,
            )
        })
    }

    /// Statistics of root `root`'s last finished round.
    pub fn stats(&self, root: u64) -> Result<SearchStats> {
        let mut s = sys::meeple_search_stats_t {
            struct_size: std::mem::size_of::<sys::meeple_search_stats_t>() as u32,
            ..Default::default()
        };
        // SAFETY: a live handle and a struct.
        check(unsafe { sys::meeple_search_stats(self.raw(), root, &mut s) })?;
        Ok(SearchStats {
            chosen_action: s.chosen_action,
            iterations: s.iterations,
            nodes: s.nodes,
            max_depth: s.max_depth,
            seconds: s.seconds,
        })
    }

    /// The chosen action of every root (`NO_ACTION` for idle ones).
    pub fn chosen_actions(&self) -> Result<Vec<i32>> {
        let mut out = vec![0i32; self.info.num_roots as usize];
        // SAFETY: a slice of num_roots entries.
        check(unsafe { sys::meeple_search_chosen_actions(self.raw(), out.as_mut_ptr(), out.len()) })?;
        Ok(out)
    }

    /// The visit policy over the actions (`f32[num_actions]`) at `temperature`.
    pub fn policy(&self, root: u64, temperature: f64) -> Result<Vec<f32>> {
        let mut out = vec![0f32; self.info.num_actions as usize];
        // SAFETY: a slice of num_actions entries.
        check(unsafe { sys::meeple_search_policy(self.raw(), root, temperature, out.as_mut_ptr(), out.len()) })?;
        Ok(out)
    }

    /// The most visited line from the root.
    pub fn principal_variation(&self, root: u64) -> Result<Vec<i32>> {
        let mut out = Vec::new();
        // SAFETY: query-then-fill on a live handle.
        fill(&mut out, 0, |p, cap, len| unsafe {
            sys::meeple_search_principal_variation(self.raw(), root, p, cap, len)
        })?;
        Ok(out)
    }
}
