//! Rust binding of meeple: fast, deterministic game engines (Settlers of Catan, a
//! triangle-grid puzzle, tic-tac-toe) and poker hand evaluation and equity.
//!
//! The crate is written only against the C header `include/meeple/meeple.h`, with the
//! standard library alone: `sys` holds the raw declarations (checked against the header
//! by a test), the rest is a safe layer over them.
//!
//! - [`Game`] (a configured match from a spec string) and [`State`] (one position;
//!   `Clone` copies it in the library, `Drop` frees it; `Send`, not `Sync`).
//! - [`Batch`]: N states stepped and read by whole-batch calls over slices.
//! - [`poker`]: parsing, evaluation, showdowns, equity with a cancellable [`Control`].
//! - [`Agent`] and [`Search`]: the library's players and Monte Carlo tree search, from
//!   spec strings; the external-evaluator loop over slices.
//! - [`turnbase::Game`]: the `turnbase`-style trait, implemented for every meeple game.
//! - [`Error`]: one variant a status code, with the library's message.
//!
//! ```no_run
//! use meeple::{Game, PlayerId};
//! let game = Game::new("tictactoe")?;
//! let mut state = game.new_state(1)?;
//! while let Some(player) = state.current_player()? {
//!     let actions = state.legal_actions(player)?;
//!     state.apply(player, actions[0])?;
//! }
//! println!("{}\nreturns {:?}", state, state.returns());
//! # Ok::<(), meeple::Error>(())
//! ```
//!
//! Building needs an installed meeple: see `build.rs` (`MEEPLE_PREFIX`, `meeple_DIR` or
//! `CMAKE_PREFIX_PATH`) and docs/rust.md.

mod batch;
mod buffer;
mod control;
mod error;
mod game;
pub mod poker;
mod search;
pub mod sys;
pub mod turnbase;

pub use batch::{derive_seed, episode, status, Batch, EpisodeStats};
pub use control::Control;
pub use error::{status_name, Error, Result};
pub use game::{check_abi, game_names, version, Game, PlayerId, RandomGames, State, Viewer};
pub use search::{Agent, Search, SearchResult, SearchStats};

/// "No action": in batch steps, leaves a slot unchanged.
pub const NO_ACTION: i32 = sys::MEEPLE_NO_ACTION;
